"""Which village is on which side of the Great Wall: Mongolia (north) or China (south).

The sides are computed once from the starting wall (a flood fill across every line
that is not part of the Great Wall) and then kept up to date: when a loop or a new
end moves the Great Wall, only the villages enclosed between the old and the new
route change side, and :func:`enclosed_villages` finds exactly those, touching
nothing else (its cost is the length of the boundary plus the area inside).

:func:`sides_by_networkx` recomputes every side from scratch with networkx
(connected components of the village graph once the Great Wall cuts it); the tests
use it to check the fast answers.

Examples
--------
>>> from greatwall_kit.dschingis_khan.lattice import rectangle
>>> board = rectangle(2, 2)
>>> initial_sides(board, board.start_wall)
[0, 0, 1, 1]
>>> sides_by_networkx(board, board.start_wall) == initial_sides(board, board.start_wall)
True
"""

from functools import lru_cache

__all__ = ["MONGOLIA", "CHINA", "SIDE_NAMES", "initial_sides", "start_sides", "north_outline", "enclosed_villages",
           "sides_by_networkx"]

MONGOLIA, CHINA = 0, 1
SIDE_NAMES = ("Mongolia", "China")


def initial_sides(lattice, wall_lines):
    """The side of every village for a Great Wall made of ``wall_lines`` (west to east).

    Mongolia is the land between the Great Wall and the northern part of the board's outline
    (from the west end round the north to the east end): every village reached from that
    outline without crossing the Great Wall is Mongolian, the others Chinese. (Starting from
    the outline, not from one village, matters where the wall touches a notch of the outline
    and cuts off a pocket of land.)
    """
    north = [f if f >= 0 else g for f, g in (lattice.faces[i] for i in north_outline(lattice, wall_lines))]
    mongolia = _flood(lattice, north, set(wall_lines))
    sides = [CHINA] * len(lattice.villages)
    for v in mongolia:
        sides[v] = MONGOLIA
    return sides


@lru_cache(maxsize=64)
def start_sides(lattice):
    """The sides of a board's villages before any wall is placed (every new game on it starts so), as a tuple.

    >>> from greatwall_kit.dschingis_khan.lattice import rectangle
    >>> start_sides(rectangle(2, 2))
    (0, 0, 1, 1)
    """
    return tuple(initial_sides(lattice, lattice.start_wall))


def north_outline(lattice, wall_lines):
    """The lines of the board's outline from the Great Wall's west end round the north to its east end."""
    ends = [t for t in (*lattice.lines[wall_lines[0]], *lattice.lines[wall_lines[-1]]) if lattice.side_of_tower[t]]
    west, east = ends[0], ends[-1]
    # leave the west end northwards (towards smaller y), then follow the outline
    here = west
    line = min(lattice.tower_outline[west], key=lambda i: min(lattice.towers[t][1] for t in lattice.lines[i]))
    out = []
    while here != east:
        out.append(line)
        a, b = lattice.lines[line]
        here = b if a == here else a
        line = next(i for i in lattice.tower_outline[here] if i != line)
    return out


def enclosed_villages(lattice, polygon, barrier):
    """The villages inside a closed polygon of towers, found from its boundary inwards.

    Parameters
    ----------
    lattice : Lattice
    polygon : list of int
        Towers in order around the polygon (not repeating the first); consecutive towers
        are joined by a line of the board (inner lines or the board's outline).
    barrier : set of int
        The lines of the polygon that are inner lines (the flood does not cross them).

    Returns
    -------
    list of int
        The enclosed villages, in the order found.

    Examples
    --------
    >>> from greatwall_kit.dschingis_khan.lattice import rectangle
    >>> board = rectangle(3, 3)
    >>> ring = [board.tower_at[t] for t in [(1, 1), (2, 1), (2, 2), (1, 2)]]
    >>> lines = {board.line_between(a, b) for a, b in zip(ring, ring[1:] + ring[:1])}
    >>> [board.cell(v) for v in enclosed_villages(board, ring, lines)]
    [(1, 1)]
    >>> [board.cell(v) for v in enclosed_villages(board, ring[::-1], lines)]
    [(1, 1)]
    """
    xy = lattice.towers
    n = len(polygon)
    twice_area = 0
    for i in range(n):
        (x1, y1), (x2, y2) = xy[polygon[i]], xy[polygon[(i + 1) % n]]
        twice_area += x1 * y2 - x2 * y1
    # With y growing south, a positive area means clockwise on the page: the inside is on the right.
    right = twice_area > 0
    seeds = []
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        line = lattice.line_at[(a, b)]
        (x1, y1), (x2, y2) = xy[a], xy[b]
        # faces are (north, south) of a horizontal line and (west, east) of a vertical one
        if y1 == y2:
            on_right = 1 if x2 > x1 else 0
        else:
            on_right = 0 if y2 > y1 else 1
        face = lattice.faces[line][on_right if right else 1 - on_right]
        if face >= 0:
            seeds.append(face)
    return _flood(lattice, seeds, barrier)


def sides_by_networkx(lattice, wall_lines):
    """Every village's side, recomputed with networkx (for tests and :meth:`graph`, not the hot path).

    The village graph joins villages across every line that is not part of the Great Wall, and
    joins the villages along the outline to a node ``"north"`` or ``"south"`` (the outline split
    at the wall's two ends); the component of ``"north"`` is Mongolia. The two outside nodes must
    end up in different components: the wall runs from side to side.
    """
    import networkx as nx

    cut = set(wall_lines)
    g = nx.Graph()
    g.add_nodes_from(range(len(lattice.villages)))
    g.add_edges_from(lattice.faces[i] for i in range(len(lattice.lines)) if lattice.inner[i] and i not in cut)
    north = set(north_outline(lattice, wall_lines))
    for i in range(len(lattice.lines)):
        if not lattice.inner[i]:
            f, h = lattice.faces[i]
            g.add_edge("north" if i in north else "south", f if f >= 0 else h)
    mongolia = nx.node_connected_component(g, "north")
    if "south" in mongolia:
        raise ValueError("the Great Wall does not separate the north of the board from the south")
    return [MONGOLIA if v in mongolia else CHINA for v in range(len(lattice.villages))]


def _flood(lattice, seeds, barrier):
    faces, village_lines = lattice.faces, lattice.village_lines
    seen = set()
    order = []
    todo = []
    for s in seeds:
        if s not in seen:
            seen.add(s)
            order.append(s)
            todo.append(s)
    while todo:
        v = todo.pop()
        for line in village_lines[v]:
            if line in barrier:
                continue
            f, g = faces[line]
            w = g if f == v else f
            if w >= 0 and w not in seen:
                seen.add(w)
                order.append(w)
                todo.append(w)
    return order
