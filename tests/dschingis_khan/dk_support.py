"""Helpers for the Dschingis Khan tests: positions on the standard board, refusals, invariants.

Standard board village numbers (row-major, fields (7,0) and (0,4) missing): row 0 = 0-6,
row 1 = 7-14, row 2 = 15-22, row 3 = 23-30, row 4 = 31-37 (fields (1,4)..(7,4)).
"""

import json
from pathlib import Path

import networkx as nx

from greatwall_kit.dschingis_khan import DschingisKhan
from greatwall_kit.dschingis_khan.sides import sides_by_networkx

#: The standard board's starting Great Wall, west to east.
GREAT_WALL = [[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]]
#: The branch of the rulebook's Figures 7-9 (rebuilt on the kit's board), hanging off tower (3,3).
FIG7_BRANCH = [[3, 3], [3, 2], [3, 1], [2, 1], [2, 2]]
NAMES = ("Red", "Green", "Blue", "Orange")


def position(players=4, branches=(), turn="Red", phase="place", active=None, scouts=None, **extra):
    """A position document on the standard board, ``turn``'s placing step by default."""
    doc = {"players": players, "walls": [GREAT_WALL, *branches], "turn": turn, "phase": phase,
           "scouts": scouts if scouts is not None else
           {name: [c, 0] for c, name in enumerate(NAMES[:players])},
           "active": active or {}}
    doc.update(extra)
    return doc


def game_at(seed=0, **kwargs):
    return DschingisKhan.from_position(position(**kwargs), seed=seed)


def v(game, c, r):
    """The village number of field (c, r)."""
    return game.board.village_at[(c, r)]


def line(game, a, b):
    """The line number between towers (x, y) ``a`` and ``b``."""
    t = game.board.tower_at
    return game.board.line_between(t[tuple(a)], t[tuple(b)])


def check_invariants(game):
    """The wall and side invariants, checked against networkx."""
    lat, net = game.board, game.net
    walls = nx.Graph()
    walls.add_edges_from(lat.lines[i] for i in net.state)
    # one tree: connected, no cycle
    assert nx.is_tree(walls), "the walls must form one tree (connected, no loop)"
    # the Great Wall: a simple path from a west tower to an east tower, the tree's path between its ends
    wall = net.great_wall()
    assert len(set(wall)) == len(wall) == net.length + 1
    assert lat.side_of_tower[wall[0]] == "west" and lat.side_of_tower[wall[-1]] == "east"
    assert nx.shortest_path(walls, wall[0], wall[-1]) == wall
    assert all(walls.has_edge(a, b) for a, b in zip(wall, wall[1:], strict=False))
    # no other side tower carries a wall: ends are only the Great Wall's
    assert [t for t in walls if lat.side_of_tower[t]] == sorted([wall[0], wall[-1]], key=list(walls).index)
    # every village on exactly one side, as networkx finds it and as geometry finds it
    assert game.sides == sides_by_networkx(lat, net.great_wall_lines())
    assert game.sides == sides_by_crossings(lat, wall)
    assert set(game.sides) <= {0, 1} and len(game.sides) == len(lat.villages)
    # every piece is somewhere
    assert game.supply + len(net.state) + sum(game.active_walls) + game.out_of_game == lat.walls
    assert game.supply >= 0


def sides_by_crossings(lat, wall_towers):
    """Every village's side by plain geometry, sharing no code with the kit: 0 Mongolia, 1 China.

    Prolong the Great Wall's two ends outwards along their rows: the curve then cuts the plane in a
    north and a south half. A village is north of it (Mongolia) when the ray from its centre straight
    north crosses the Great Wall an even number of times (the prolongations lie off the board).
    """
    crossings = set()
    for a, b in zip(wall_towers, wall_towers[1:], strict=False):
        (x1, y1), (x2, y2) = lat.towers[a], lat.towers[b]
        if y1 == y2:
            crossings.add((min(x1, x2), y1))          # a piece from (x, y) to (x + 1, y)
    return [sum((c, y) in crossings for y in range(r + 1)) % 2 for c, r in lat.villages]


def red_has_no_passive_tiles(colour="Red", rows=(0, 1, 2)):
    """Stacks holding 15 of a colour's tiles, one per village of ``rows`` (all but 2 farmers)."""
    cells = [(c, r) for r in rows for c in range(8) if (c, r) not in ((7, 0), (0, 4))]
    kinds = ["chinese"] * 5 + ["mongol"] * 5 + ["farmer"] * 3 + ["plague", "ginseng"]
    return {f"{c},{r}": [f"{colour} {kind}"] for (c, r), kind in zip(cells, kinds, strict=False)}  # 15 of the cells


def standard_doc():
    """The standard board's layout document (to vary in tests)."""
    path = Path(__file__).parents[2] / "greatwall_kit/dschingis_khan/data/standard.json"
    return json.loads(path.read_text())
