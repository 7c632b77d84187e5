"""Property tests: after any legal placement the wall invariants hold, checked against networkx.

- the Great Wall is one simple path from a west tower to an east tower;
- the walls form one tree (no piece is disconnected, no loop is left);
- every village is on exactly one side, the side networkx finds from scratch;
- the villages a resolution reports as changing side are exactly those that did;
- the walls in the supply, on the board, in active supplies (and out of the game) number 28.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from greatwall_kit.dschingis_khan import WallNetwork, new_game, rectangle
from greatwall_kit.dschingis_khan.sides import initial_sides, sides_by_networkx

from .dk_support import check_invariants

import networkx as nx


@settings(max_examples=80, deadline=None)
@given(columns=st.integers(2, 9), rows=st.integers(2, 8), corners=st.sets(st.integers(0, 3)),
       picks=st.lists(st.integers(0, 10_000), max_size=60))
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
