"""The position as a networkx graph (for students to draw and export), and the keys and colours the picture shares.

Nodes ``t<n>`` are towers and ``v<n>`` villages. Edges of layer ``lattice`` join towers
(wall lines, with ``wall`` = none/open/closed, ``great_wall``, ``element="l<line>"`` and their ``label``);
edges of layer ``track`` join villages (``crosses_wall`` says whether a wall piece stands across the track).
A node per player (``Red`` ...: the pieces in hand, the villages they control (their tile on top), and the score once
the game is over) and ``supply`` (the common supply) stand for the panels under the board. The picture draws the
same elements: towers ``t<n>``, villages ``v<n>``, wall lines ``l<line>``, the players' panels and the supply's.
Both show only public information: the kinds of the face-down tiles are never drawn, so neither is a score before
the game ends (each player's view has their own score if the game ended now: they may look under their tiles).

>>> from greatwall_kit.dschingis_khan import new_game
>>> g = new_game(seed=1).graph()
>>> g.nodes["v0"]["side"], g.nodes["t0"]["kind"], g.nodes["t0"]["label"], g.nodes["t0"]["pos"]
('Mongolia', 'tower', '(0,0)', (0.0, 5.0))
>>> sum(1 for *_, d in g.edges(data=True) if d.get("great_wall")), g.edges["t19", "t28"]["label"]
(9, '(2,2)-(2,3)')
>>> g.nodes["Red"]["walls_in_hand"], g.nodes["supply"]["walls"], g.nodes["Red"]["label"]
(0, 19, 'Red')
"""

from ..engine.palette import PLAYER
from .sides import SIDE_NAMES
from .walls import OPEN

__all__ = ["graph", "standing", "wall_kind", "stroke", "LAND", "GREAT_WALL", "BRANCH", "TRACK", "TOWER", "GRID",
           "WIDTH"]

#: Land colour of Mongolia and of China (China is also hatched, so the side is not told by colour alone).
LAND = ("#EAD9B0", "#CFE3C4")
GREAT_WALL, BRANCH = "#7B1E1E", "#7A4E12"   # dark red, brown: both >= 4.5:1 on either land
TRACK, TOWER, GRID = "#5C4A2E", "#333333", "#9A8F7A"
#: A wall line's stroke width by :func:`wall_kind`.
WIDTH = {"great": 8.0, "branch": 5.0, "none": 1.0}


def graph(game):
    """The layered networkx model of ``game``'s position (attributes str/int/float/bool, and ``pos``).

    Every node has ``pos`` (laid out like the picture, y up), ``label`` (towers ``"(x,y)"``, villages
    their number) and ``colour``; lattice edges carry ``element``, ``colour``, ``width`` and ``dashed``
    (a closed gate), track edges are ``dashed``.
    """
    import networkx as nx

    lat, net = game.board, game.net
    g = nx.Graph(name=f"Dschingis Khan on {lat.name}", great_wall_length=net.length)
    for t, (x, y) in enumerate(lat.towers):
        g.add_node(f"t{t}", kind="tower", x=float(x), y=float(y), on_great_wall=bool(net.on_wall[t]),
                   side_of_board=lat.side_of_tower[t] or "inside", pos=(float(x), float(lat.rows - y)),
                   label=f"({x},{y})", colour=GREAT_WALL if net.on_wall[t] else TOWER)
    for v, (c, r) in enumerate(lat.villages):
        stack = game.stacks[v]
        scout = next((game.player_names[p] for p, s in enumerate(game.scout) if s == v), "none")
        g.add_node(f"v{v}", kind="village", x=c + 0.5, y=r + 0.5, side=SIDE_NAMES[game.sides[v]],
                   tiles=len(stack), controller=game.player_names[stack[-1][0]] if stack else "none", scout=scout,
                   pos=(c + 0.5, lat.rows - r - 0.5), label=str(v), colour=LAND[game.sides[v]])
    for i, (a, b) in enumerate(lat.lines):
        state = net.state.get(i)
        kind = wall_kind(net, i)
        g.add_edge(f"t{a}", f"t{b}", layer="lattice", line=i, inner=lat.inner[i],
                   wall="none" if state is None else "open" if state == OPEN else "closed",
                   great_wall=kind == "great", element=f"l{i}", label=lat.line_names[i], colour=stroke(kind),
                   width=WIDTH[kind], dashed=state is not None and state != OPEN)
    for i, (f, h) in enumerate(lat.faces):
        if lat.track[i]:
            g.add_edge(f"v{f}", f"v{h}", layer="track", line=i, crosses_wall=i in net.state, colour=TRACK,
                       width=1.0, dashed=True)
    for p, (name, (walls, tiles, on_top, score)) in enumerate(zip(game.player_names, standing(game), strict=False)):
        extra = {} if score is None else {"score": score[0], "villages_scored": score[1]}
        g.add_node(name, kind="player", walls_in_hand=walls, tiles_in_hand=tiles, villages_controlled=on_top, **extra,
                   pos=(1.0 + 2.0 * p, -1.0), label=name, colour=PLAYER[name.lower()])
    g.add_node("supply", kind="supply", walls=game.supply, out_of_game=game.out_of_game,
               pos=(1.0 + 2.0 * game.players, -1.0), label="common supply", colour="#999999")
    return g


def standing(game):
    """Each player's public standing: ``(walls in hand, tiles in hand, villages controlled (their tile on top),
    score)``, the score ``(points, villages scored)`` once the game is over, else ``None`` (the tiles are face down)."""
    on_top = [0] * game.players
    for stack in game.stacks:
        if stack:
            on_top[stack[-1][0]] += 1
    scores = None
    if game.scored is not None:
        scores = [[0, 0] for _ in range(game.players)]
        for _, p, points in game.scored:
            scores[p][0] += points
            scores[p][1] += 1
    return [(game.active_walls[p], len(game.active_tiles[p]), on_top[p], scores and tuple(scores[p]))
            for p in range(game.players)]


def wall_kind(net, line):
    """What stands on a line: ``"none"``, a ``"great"`` wall piece or a ``"branch"`` piece."""
    state = net.state.get(line)
    return "none" if state is None else "great" if net.on_great_wall_line(line) else "branch"


def stroke(kind):
    """The colour a line is drawn in, by its :func:`wall_kind`."""
    return {"great": GREAT_WALL, "branch": BRANCH, "none": GRID}[kind]
