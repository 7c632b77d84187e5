"""Property tests: after any legal placement the wall invariants hold, checked against networkx.

- the Great Wall is one simple path from a west tower to an east tower;
- the walls form one tree (no piece is disconnected, no loop is left);
- every village is on exactly one side, the side networkx finds from scratch;
- the villages a resolution reports as changing side are exactly those that did;
- the walls in the supply, on the board, in active supplies (and out of the game) number 28;
- what stays after a placement is what a from-scratch networkx reading of the rules keeps.
"""

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from greatwall_kit.dschingis_khan import WallNetwork, new_game, rectangle
from greatwall_kit.dschingis_khan.sides import initial_sides, sides_by_networkx

from .dk_support import check_invariants, sides_by_crossings


@settings(max_examples=80, deadline=None)
@given(columns=st.integers(2, 9), rows=st.integers(2, 8), corners=st.sets(st.integers(0, 3)),
       picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=80))
def test_DK20_DK22_DK24_DK25_DK26_DK27_any_legal_placement_keeps_the_wall_invariants(columns, rows, corners, picks):
    # corner fields cut off (as on the standard board) make notches where the wall can cut off pockets
    cut = [[(0, 0), (columns - 1, 0), (0, rows - 1), (columns - 1, rows - 1)][i] for i in sorted(corners)]
    board = rectangle(columns, rows, missing=cut if rows >= 4 and columns >= 3 else ())
    net = WallNetwork(board)
    sides = initial_sides(board, board.start_wall)
    for pick in picks:
        options = net.candidates()
        if not options:
            break
        chosen = options[pick % len(options)]
        before_lines = set(net.state)
        r = net.place(chosen)
        truth = sides_by_networkx(board, net.great_wall_lines())
        assert truth == sides_by_crossings(board, net.great_wall())             # two independent answers
        changed = [x for x in range(len(sides)) if truth[x] != sides[x]]
        if r is None:
            assert changed == [] and set(net.state) == before_lines | {chosen}
        else:
            assert sorted(r.changed_side) == changed                       # DK-27
            assert (r.kept == "new") == (r.new_length > r.old_length)       # DK-22 / DK-23 / DK-25
            assert len(r.removed_route) == min(r.old_length, r.new_length)
            assert set(r.removed) == (before_lines | {chosen}) - set(net.state)   # DK-24: nothing else goes
            for x in r.changed_side:
                sides[x] ^= 1
        assert sides == truth
        walls = nx.Graph(board.lines[i] for i in net.state)
        assert nx.is_tree(walls)
        path = net.great_wall()
        assert board.side_of_tower[path[0]] == "west" and board.side_of_tower[path[-1]] == "east"
        assert nx.shortest_path(walls, path[0], path[-1]) == path and len(set(path)) == len(path)
        assert sum(1 for t in walls if board.side_of_tower[t]) == 2
        # the candidate list is exactly the lines the direct legality check accepts
        assert sorted(net.candidates()) == [x for x in range(len(board.lines)) if net.refusal(x) is None]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 400))
def test_DK02_DK27_random_decisions_keep_walls_accounted_for_and_sides_true(seed, players, steps):
    game = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.to_act is None:
            break
        game.play(rng.choice(game.legal_moves()))
        check_invariants(game)
        if game.to_act is not None and game.scout[game.to_act] >= 0:     # the quick check agrees with the list
            assert game._can_move() == bool(game._steps())


def expected_walls(board, walls, great_wall, line):
    """The walls after placing ``line``, worked out from scratch with networkx (no kit code).

    A loop is the tree's path between the new piece's towers plus the piece; its Great Wall part is the
    old route, the rest the new route; the shorter goes, the new one on a tie (DK-22, DK-23). A new end
    compares the new route with the Great Wall's end section on the same side of the board (DK-25).
    Then whatever no longer hangs together with the surviving Great Wall goes (DK-24).
    Returns ``None`` for a loop off the Great Wall (DK-26).
    """
    def pieces(towers):
        return {board.line_between(a, b) for a, b in zip(towers, towers[1:], strict=False)}

    tree = nx.Graph(board.lines[i] for i in walls)
    u, v = board.lines[line]
    if u not in tree:
        u, v = v, u
    old_wall = pieces(great_wall)
    if v in tree:                                                   # a loop
        loop = pieces(nx.shortest_path(tree, u, v)) | {line}
        old, anchor = loop & old_wall, great_wall[0]
        if not old:
            return None
    elif board.side_of_tower[v]:                                    # a new end
        to_wall = nx.shortest_path(tree, u, great_wall[0])
        junction = next(t for t in to_wall if t in great_wall)
        k = great_wall.index(junction)
        west = board.side_of_tower[v] == "west"
        old = pieces(great_wall[:k + 1] if west else great_wall[k:])
        loop, anchor = old | pieces(to_wall[:to_wall.index(junction) + 1]) | {line}, great_wall[-1 if west else 0]
    else:
        return set(walls) | {line}                                  # a plain branch
    new = loop - old
    left = (set(walls) | {line}) - (old if len(new) > len(old) else new)
    kept = nx.node_connected_component(nx.Graph(board.lines[i] for i in left), anchor)
    return {i for i in left if board.lines[i][0] in kept}


@pytest.mark.parametrize("columns,rows,missing", [(8, 5, [(7, 0), (0, 4)]), (6, 6, []), (9, 4, [(0, 0), (8, 3)]),
                                                  (5, 8, [(4, 0), (4, 7)])])
def test_DK22_DK23_DK24_DK25_DK26_placements_match_a_from_scratch_networkx_reading(columns, rows, missing):
    board = rectangle(columns, rows, missing=missing)
    rng = random.Random(columns * 100 + rows)
    placed = 0
    for _ in range(25):
        net = WallNetwork(board)
        for _ in range(40):
            touching = [x for x in range(len(board.lines)) if board.inner[x] and x not in net.state
                        and any(net.degree[t] for t in board.lines[x])]       # DK-20 allows nothing else
            line = rng.choice(touching)
            expected = expected_walls(board, net.state, net.great_wall(), line)
            if net.refusal(line) is not None:
                assert expected is None and net.refusal(line)[0] == "DK-26"
                continue
            net.place(line)
            placed += 1
            assert set(net.state) == expected
            assert sides_by_crossings(board, net.great_wall()) == initial_sides(board, net.great_wall_lines())
    assert placed > 500
