"""Graph-course exercises: predict a property of a board's networkx model, then check it against networkx.

Every answer is computed here with networkx from ``game.graph()`` (the same graph the student draws), never typed
in. Dschingis Khan's graph holds towers ``t<n>`` joined by ``layer="lattice"`` lines (``wall`` and ``great_wall``
say what stands on them) and villages ``v<n>`` joined by ``layer="track"`` tracks (``crosses_wall``); Chang Cheng's
joins squares ``s<n>`` along the wall and to their province ``p<n>`` and region ``r<n>``; Great Wall of China's
joins each player to the sections where they have cards.

>>> from greatwall_kit import new_game
>>> ex = great_wall_pieces(new_game("dschingis_khan", players=2, seed=1))
>>> print(ex.question)
How many wall pieces long is the Great Wall, from the west side to the east side?
>>> print(ex.check(8))
Not quite: you said 8. Hint 1 of 2: Find the edges with great_wall=True in game.graph(), the thick line across the board, from the west side to the east side.
>>> print(ex.check(9))
Right: 9. The Great Wall is a simple path of 9 pieces through 10 towers, from (0,3) to (8,2).

The graph exercises cite no game rule: graph facts (a path's length, Euler's formula, a degree, a shortest route, a
component) decide them, and their hints point at the graph, not at a rule.

A Dschingis Khan exercise carries its position (a read-only copy) and shows it in its quiz form: a count hides the
caption's and panels' counts, so the board never states the Great Wall's length above the question. The Chang Cheng
and Great Wall of China exercises carry no position yet: a notebook shows their graph (``draw_graph``) or board
beside them, and they can carry their position once those games draw a quiz form.
"""  # noqa: E501 - doctest output is compared as printed

from typing import Any

from ..engine.errors import GreatWallError, quote
from .core import Asks, Exercise, as_int, as_int_set

__all__ = ["great_wall_pieces", "lattice_faces", "tower_degree", "village_route", "village_components",
           "province_regions", "player_sections"]


def great_wall_pieces(game):
    """Dschingis Khan: how many pieces the Great Wall has (it is a simple path: checked with networkx).

    Parameters
    ----------
    game : DschingisKhan
        Any position; the Great Wall is read from ``game.graph()`` (edges with ``great_wall=True``).

    Returns
    -------
    Exercise
        Answered with a whole number.
    """
    import networkx as nx

    g = _graph(game, "dschingis_khan")
    wall = nx.Graph([(u, v) for u, v, d in g.edges(data=True) if d.get("great_wall")])
    ends = sorted((n for n, k in wall.degree() if k == 1), key=lambda n: g.nodes[n]["pos"][0])
    if not (nx.is_connected(wall) and nx.is_tree(wall) and len(ends) == 2):
        raise GreatWallError("the Great Wall in this graph is not a simple path; the graph is inconsistent")
    pieces = wall.number_of_edges()
    west, east = (g.nodes[n]["label"] for n in ends)
    lines = tuple(d["element"] for _, _, d in g.edges(data=True) if d.get("great_wall"))
    return Exercise("How many wall pieces long is the Great Wall, from the west side to the east side?", pieces,
                    explain=f"The Great Wall is a simple path of {pieces} pieces through {pieces + 1} towers, "
                            f"from {west} to {east}.", parse=as_int, asks=Asks("count", lines),
                    position=_shown(game),
                    hints=("Find the edges with great_wall=True in game.graph(), the thick line across the board, "
                           "from the west side to the east side.",
                           "The Great Wall is a simple path: count its edges (its pieces), one fewer than the towers "
                           "on it."))


def lattice_faces(game):
    """Dschingis Khan: how many faces the planar tower lattice has, the outer face included (villages + 1).

    The faces are walked in the embedding :func:`networkx.check_planarity` returns; the explanation checks the count
    with Euler's formula. Answered with a whole number.
    """
    import networkx as nx

    g = _graph(game, "dschingis_khan")
    lattice = _layer(g, "lattice")
    planar, embedding = nx.check_planarity(lattice)
    if not planar:
        raise GreatWallError("the tower lattice in this graph is not planar; the graph is inconsistent")
    seen: set[Any]
    seen, faces = set(), []
    for u, v in embedding.edges():
        if (u, v) not in seen:
            faces.append(embedding.traverse_face(u, v, mark_half_edges=seen))
    v, e = lattice.number_of_nodes(), lattice.number_of_edges()
    villages = sum(1 for _, d in g.nodes(data=True) if d["kind"] == "village")
    return Exercise("The towers and the lines between them form a planar graph. How many faces does it have, "
                    "the outer face included?", len(faces),
                    explain=f"networkx's planar embedding has {len(faces)} faces; Euler's formula agrees: "
                            f"V - E + F = 2 gives F = 2 - {v} + {e} = {2 - v + e}. Each inner face is a village "
                            f"({villages} of them), plus the land outside the board.", parse=as_int,
                    asks=Asks("count"), position=_shown(game),
                    hints=("Use Euler's formula for a connected planar graph, V - E + F = 2, where F counts the "
                           "outer face too.",
                           "Count this board's towers (V) and lattice lines (E); or count its villages, each of them "
                           "one inner face."))


def tower_degree(game, tower):
    """Dschingis Khan: the degree of tower ``t<tower>`` in the lattice (how many lines, hence wall places, meet).

    Parameters
    ----------
    game : DschingisKhan
    tower : int
        The tower's number (node ``t<tower>``; the question names it by its label, e.g. ``(4,1)``).
    """
    g = _graph(game, "dschingis_khan")
    node = _node(g, f"t{tower}", "tower", tower)
    lattice = _layer(g, "lattice")
    walls = sum(1 for _, _, d in g.edges(node, data=True) if d["layer"] == "lattice" and d["wall"] != "none")
    degree = lattice.degree(node)
    label = g.nodes[node]["label"]
    return Exercise(f"How many lattice lines meet at tower {label} (its degree)?", degree,
                    explain=f"Tower {label} has degree {degree}: {degree} lines meet there, {walls} of them with a "
                            "wall piece on them. Inner towers have degree 4, towers on the board's outline fewer.",
                    parse=as_int, asks=Asks("count", (node,)), position=_shown(game),
                    hints=(f"Find tower {label} on the board (its label) and the lattice lines that end there: the "
                           "edges of layer lattice at that node.",
                           f"Count every lattice line at tower {label}, with or without a wall piece on it: is the "
                           "tower inside the board or on its outline?"))


def village_route(game, start, goal):
    """Dschingis Khan: the fewest tracks from village ``start`` to village ``goal``, walls ignored.

    Parameters
    ----------
    game : DschingisKhan
    start, goal : int
        Village numbers (nodes ``v<n>``).
    """
    import networkx as nx

    g = _graph(game, "dschingis_khan")
    a, b = _node(g, f"v{start}", "village", start), _node(g, f"v{goal}", "village", goal)
    tracks = _layer(g, "track")
    length = nx.shortest_path_length(tracks, a, b)
    path = " - ".join(g.nodes[n]["label"] for n in nx.shortest_path(tracks, a, b))
    return Exercise(f"Along the tracks, ignoring walls, how many tracks does the shortest route from village "
                    f"{start} to village {goal} take?", length,
                    explain=f"A shortest route takes {length} tracks, e.g. villages {path} "
                            "(breadth-first search in networkx).", parse=as_int, asks=Asks("count", (a, b)),
                    position=_shown(game),
                    hints=(f"Walk from village {start} to village {goal} along the dotted tracks, walls ignored: the "
                           "edges of layer track.",
                           "Breadth-first: list the villages one track from the start, then two tracks, and so on "
                           "until the goal is among them."))


def village_components(game):
    """Dschingis Khan: connected components of the village graph once every track crossed by a wall is removed.

    With only the Great Wall standing these are the two sides; branch walls cut further pockets off.
    """
    import networkx as nx

    g = _graph(game, "dschingis_khan")
    open_tracks = nx.Graph()
    open_tracks.add_nodes_from(n for n, d in g.nodes(data=True) if d["kind"] == "village")
    open_tracks.add_edges_from((u, v) for u, v, d in g.edges(data=True)
                               if d["layer"] == "track" and not d["crosses_wall"])
    parts = sorted(nx.connected_components(open_tracks), key=len, reverse=True)
    sizes = ", ".join(str(len(p)) for p in parts)
    sides: dict[str, int] = {}
    for _, d in g.nodes(data=True):
        if d["kind"] == "village":
            sides[d["side"]] = sides.get(d["side"], 0) + 1
    side_text = " and ".join(f"{k} {v} villages" for k, v in sorted(sides.items()))
    more = ("these are exactly the two sides" if len(parts) == 2
            else "branch walls cut the sides into smaller pockets")
    return Exercise("Remove every track a wall piece stands across. How many connected components does the "
                    "village graph have?", len(parts),
                    explain=f"{len(parts)} components of {sizes} villages ({side_text}): {more}.",
                    parse=as_int, asks=Asks("count"), position=_shown(game),
                    hints=("Remove every track a wall piece stands across (the edges with crosses_wall=True) and look "
                           "at what stays connected.",
                           "The Great Wall alone splits the villages in two; then check whether branch walls close "
                           "off pockets of villages."))


def province_regions(game, province):
    """Chang Cheng: the Mongol regions that share a wall square with province ``p<province>``.

    Parameters
    ----------
    game : ChangCheng
    province : int
        The province's number; answered with a set of region numbers (``"4, 5"``).
    """
    g = _graph(game, "chang_cheng")
    node = _node(g, f"p{province}", "province", province)
    regions = frozenset(g.nodes[r]["region"] for s in g.neighbors(node) for r in g.neighbors(s)
                        if g.nodes[r]["kind"] == "region")
    squares = sorted(g.nodes[s]["square"] for s in g.neighbors(node))
    return Exercise(f"Which Mongol regions border province {province} (share a wall square with it)?", regions,
                    explain=f"Province {province} holds squares {squares[0]}-{squares[-1]}; their region "
                            f"neighbour{'s are' if len(regions) > 1 else ' is'} {_listed('region', regions)}.",
                    parse=as_int_set, asks=Asks("elements", (node,)), position=_shown(game),
                    hints=(f"In the graph, find province {province}'s squares (its neighbours), then each square's "
                           "Mongol region; on the board, the regions lie above the wall.",
                           f"List the squares of province {province} and the region of each square; name each "
                           "region once."))


def player_sections(game, player):
    """Great Wall of China: the sections where ``player`` (a name such as ``"Red"``) has cards.

    Parameters
    ----------
    game : GreatWallOfChina
    player : str
        A player node of ``game.graph()``; answered with a set of section numbers.
    """
    g = _graph(game, "great_wall_of_china")
    node = _node(g, player, "player", player)
    sections = frozenset(int(s.split()[-1]) for s in g.neighbors(node))
    where = _listed("section", sections) if sections else "no section"
    return Exercise(f"In which sections does {player} have cards (the neighbours of {player} in the graph)?",
                    sections, explain=f"{player} has degree {len(sections)}: cards in {where}.",
                    parse=as_int_set, asks=Asks("elements", (node,)), position=_shown(game),
                    hints=(f"In the graph, {player}'s neighbours are sections; on the board, look for {player}'s "
                           "cards beside each section.",
                           f"Go section by section and note each one where at least one {player} card lies."))


def _shown(game):
    """The position an exercise shows: a read-only copy (a notebook that plays on does not change its picture)."""
    return game.copy().looking_only()


def _listed(noun, numbers):
    numbers = sorted(numbers)
    return f"{noun}{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"


def _graph(game, name):
    kind = type(game).__module__.split(".")[1] if type(game).__module__.startswith("greatwall_kit.") else None
    if kind != name:
        raise GreatWallError(f"this exercise needs a {name} game, not {type(game).__name__}")
    return game.graph()


def _node(g, key, kind, given):
    if key not in g or g.nodes[key].get("kind") != kind:
        known = sorted(str(d.get("label", n)) for n, d in g.nodes(data=True) if d.get("kind") == kind)
        raise GreatWallError(f"no {kind} {quote(given)} on this board; there are {len(known)} {kind}s")
    return key


def _layer(g, layer):
    import networkx as nx

    # built edge by edge in the board's order: edge_subgraph views iterate a set, so ties in shortest paths
    # would be broken differently from one Python process to the next
    return nx.Graph((u, v, d) for u, v, d in g.edges(data=True) if d.get("layer") == layer)
