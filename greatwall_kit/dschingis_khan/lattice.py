"""The board as graphs: towers (lattice vertices), wall lines (edges), villages (faces) and tracks.

A board is a grid of square fields. Each field is a village; towers stand at the
field corners; a wall piece stands on the line between two towers. Only a line with
a village on both sides (an *inner* line) can carry a wall. Tracks join villages
that share an inner line (a layout may leave some out). The Great Wall starts as a
path of inner lines from a tower on the west side to a tower on the east side.

Coordinates: a tower is ``(x, y)`` with ``x`` growing east and ``y`` growing south;
the field with north-west corner ``(c, r)`` is village ``(c, r)``. Villages, towers
and lines are numbered in reading order. What a student reads names them as the board
draws them: a tower by its coordinates ``(2,3)``, a line by its two towers ``(2,2)-(2,3)``
(north or west first, :meth:`Lattice.describe_line`), a village by its number.

Examples
--------
>>> board = standard()
>>> len(board.villages), len(board.start_wall), board.walls
(38, 9, 28)
>>> board.village_at[(0, 0)], board.cell(0)
(0, (0, 0))
>>> small = rectangle(3, 2)
>>> len(small.villages), [small.towers[t] for t in small.west_side]
(6, [(0, 1)])
>>> rectangle(3, 2, great_wall=[(0, 1), (1, 1), (1, 0)])
Traceback (most recent call last):
...
greatwall_kit.engine.errors.LayoutError: layout 'rectangle 3x2': the Great Wall must end on a tower of the east side, not at (1, 0)
"""  # noqa: E501 - doctest output is compared as printed

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, cast

from ..engine.digits import read_whole
from ..engine.errors import LayoutError, SetupError, quote
from ..engine.schemas import check

__all__ = ["Lattice", "standard", "rectangle", "load_layout", "from_document", "board_named", "MAX_SIDE"]

_DATA = Path(__file__).parent / "data"
#: The largest lattice side: 40 x 40 fields (1,600 villages) builds in well under a second
#: (``benchmarks/fuzz_inputs.py --lattice``); a bigger one could exhaust a kernel's memory.
MAX_SIDE = 40
_KEYS = {"name", "description", "columns", "rows", "missing_fields", "missing_tracks", "great_wall", "walls"}


@dataclass(frozen=True, eq=False)
class Lattice:
    """An immutable board: numbered towers, lines and villages with their incidences.

    Attributes
    ----------
    name : str
    columns, rows : int
        Size of the grid of fields (some fields may be missing).
    towers : tuple of (x, y)
    villages : tuple of (c, r)
        The field of each village.
    lines : tuple of (tower, tower)
        Every line that borders at least one village.
    faces : tuple of (village, village)
        The villages on either side of each line (north/west first); -1 off the board.
    inner : tuple of bool
        Whether a line has a village on both sides (only those carry walls).
    track : tuple of bool
        Whether the two villages of an inner line are joined by a track.
    tower_lines : tuple of tuple of int
        The inner lines at each tower.
    village_lines : tuple of tuple of int
        The lines around each village (north, east, south, west; absent ones skipped).
    west_side, east_side : tuple of int
        The towers where the Great Wall may end, north to south.
    start_wall : tuple of int
        The lines of the starting Great Wall, west to east.
    walls : int
        How many wall pieces the game has.
    """

    name: str
    columns: int
    rows: int
    towers: tuple
    villages: tuple
    lines: tuple
    faces: tuple
    inner: tuple
    track: tuple
    tower_lines: tuple
    village_lines: tuple
    west_side: tuple
    east_side: tuple
    start_wall: tuple
    start_towers: tuple
    walls: int
    tower_at: dict = field(repr=False)
    village_at: dict = field(repr=False)
    line_at: dict = field(repr=False)
    side_of_tower: tuple = field(repr=False)  # 'west', 'east' or ''
    tower_outline: tuple = field(repr=False)  # the two lines of the board's outline at each outline tower
    # per village, (line, village across, track?) for each inner line around it: what a scout's step looks at
    neighbours: tuple = field(repr=False)
    tracks: tuple = field(repr=False)  # (line, village, village) of every track
    line_names: tuple = field(repr=False)  # each line's name, '(x,y)-(x,y)' (made once: the log names lines)

    def cell(self, village):
        """The ``(column, row)`` field of a village."""
        return self.villages[village]

    def line_between(self, a, b):
        """The line joining towers ``a`` and ``b`` (numbers), or ``None``."""
        return self.line_at.get((a, b))

    def across(self, line, village):
        """The village on the other side of ``line`` from ``village`` (-1 if off the board)."""
        f, g = self.faces[line]
        return g if f == village else f

    def describe_line(self, line):
        """A line's name, by its two towers, north or west first, e.g. ``'(4,2)-(4,3)'``."""
        return self.line_names[line]

    def describe_tower(self, tower):
        """A tower's name, its coordinates, e.g. ``'(4,2)'``."""
        x, y = self.towers[tower]
        return f"({x},{y})"

    def __deepcopy__(self, memo):
        return self  # immutable: game copies share their board

    def __repr__(self):
        return f"Lattice({self.name!r}, {len(self.villages)} villages, {sum(self.inner)} inner lines)"


def standard():
    """The kit's standard board (38 villages), from ``data/standard.json``."""
    return load_layout("standard")


def board_named(name):
    """The board a game's ``layout`` option (or a position's ``layout``) names: ``"standard"``,
    ``"rectangle:CxR"`` or a layout document.

    >>> board_named("rectangle:6x4")
    Lattice('rectangle 6x4', 24 villages, 38 inner lines)
    >>> board_named("rectangle:6x1")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: layout 'rectangle:6x1': a rectangle has 2 to 40 columns and rows
    """
    if isinstance(name, dict):
        return from_document(name)
    if not isinstance(name, str) or (name != "standard" and not name.startswith("rectangle:")):
        raise SetupError(f"unknown layout {quote(name)}: 'standard', 'rectangle:CxR' or a layout document")
    if name.startswith("rectangle:"):
        try:  # the digits 0-9 only, as the options schema asks (a position document names its layout too)
            c, r = (read_whole(n) for n in name.split(":", 1)[1].split("x"))
        except ValueError:
            raise SetupError(f"layout {quote(name)} is not of the form 'rectangle:CxR'") from None
        if not (2 <= c <= MAX_SIDE and 2 <= r <= MAX_SIDE):
            raise SetupError(f"layout {quote(name)}: a rectangle has 2 to {MAX_SIDE} columns and rows")
        return rectangle(c, r)
    return load_layout(name)


@cache
def load_layout(name):
    """Load and validate a layout shipped in ``data/`` (by name) or a JSON file (by path)."""
    path = _DATA / f"{name}.json" if "/" not in name and not name.endswith(".json") else Path(name)
    try:
        doc = json.loads(path.read_text())
    except FileNotFoundError:
        raise LayoutError(f"no layout {name!r} (looked for {path})") from None
    except json.JSONDecodeError as exc:
        raise LayoutError(f"layout {name!r} is not JSON: {exc}") from None
    return from_document(doc, schema=path.parent != _DATA)


@lru_cache(maxsize=64)
def _rectangle(columns, rows, missing, great_wall, walls):
    doc = {"name": f"rectangle {columns}x{rows}", "columns": columns, "rows": rows,
           "missing_fields": [list(m) for m in missing], "great_wall": [list(t) for t in great_wall]}
    if walls is not None:
        doc["walls"] = walls
    return from_document(doc)


def rectangle(columns, rows, *, missing=(), great_wall=None, walls=None):
    """A rectangular lattice of ``columns`` x ``rows`` fields (for exploration and scale tests).

    The default Great Wall runs straight along the middle line ``y = rows // 2``; the default
    number of walls is the starting wall plus 19 (as on the standard board).
    """
    if great_wall is None:
        great_wall = [(x, rows // 2) for x in range(columns + 1)]
    return _rectangle(columns, rows, tuple(map(tuple, missing)), tuple(map(tuple, great_wall)), walls)


def from_document(doc, *, schema=True):
    """Build a :class:`Lattice` from a layout document, refusing impossible boards with :class:`LayoutError`.

    ``schema=False`` skips the JSON Schema check (the kit's own layouts: shipped files are checked against it by the
    tests, and building the validator costs seconds).
    """
    name = doc.get("name", "unnamed") if isinstance(doc, dict) else "unnamed"

    def bad(message):
        return LayoutError(f"layout {name!r}: {message}")

    if not isinstance(doc, dict):
        raise bad("a layout is a JSON object")
    unknown = set(doc) - _KEYS
    if unknown:
        raise bad(f"unknown keys {sorted(unknown)}; known: {sorted(_KEYS)}")
    # (whole numbers: checked just below)
    cols, rows = cast(int, doc.get("columns")), cast(int, doc.get("rows"))
    if not all(type(n) is int and 2 <= n <= MAX_SIDE for n in (cols, rows)):
        raise bad(f"columns and rows must be whole numbers from 2 to {MAX_SIDE}, not {cols!r} x {rows!r}")
    if schema:
        doc = check(doc, (__package__, "layout"), LayoutError, f"layout {str(name)[:40]!r}")
    missing = set()
    for m in doc.get("missing_fields", []):
        if not (isinstance(m, list) and len(m) == 2 and 0 <= m[0] < cols and 0 <= m[1] < rows):
            raise bad(f"missing field {m!r} is not a field of the {cols}x{rows} grid")
        missing.add(tuple(m))
    present = [(c, r) for r in range(rows) for c in range(cols) if (c, r) not in missing]
    village_at = {cell: i for i, cell in enumerate(present)}
    _check_no_holes(cols, rows, village_at, bad)
    for c in (0, cols - 1):
        rs = [r for r in range(rows) if (c, r) in village_at]
        if rs != list(range(rs[0], rs[-1] + 1)) if rs else True:
            raise bad(f"the fields of column {c} must be one unbroken run (the side of the board)")

    # lines: every unit segment bordering a village; faces north/west first
    segs: dict[Any, Any] = {}
    for (c, r) in present:
        for seg, face, pos in ((((c, r), (c + 1, r)), (c, r), 1), (((c, r + 1), (c + 1, r + 1)), (c, r), 0),
                               (((c, r), (c, r + 1)), (c, r), 1), (((c + 1, r), (c + 1, r + 1)), (c, r), 0)):
            pair = segs.setdefault(seg, [-1, -1])
            pair[pos] = village_at[face]
    seg_list = sorted(segs, key=lambda s: (s[0][1], s[0][0], s[1][1], s[1][0]))
    tower_xy = sorted({t for s in seg_list for t in s}, key=lambda t: (t[1], t[0]))
    tower_at = {t: i for i, t in enumerate(tower_xy)}
    lines = tuple((tower_at[a], tower_at[b]) for a, b in seg_list)
    faces = tuple(tuple(segs[s]) for s in seg_list)
    inner = tuple(f >= 0 and g >= 0 for f, g in faces)
    line_at = {}
    for i, (a, b) in enumerate(lines):
        line_at[(a, b)] = line_at[(b, a)] = i

    no_track = set()
    for pair in doc.get("missing_tracks", []):
        try:
            a, b = (village_at[tuple(v)] for v in pair)
        except (KeyError, TypeError):
            raise bad(f"missing track {pair!r} does not join two villages") from None
        no_track.add(frozenset((a, b)))
    track = tuple(inn and frozenset(faces[i]) not in no_track for i, inn in enumerate(inner))
    for pair in no_track:
        if not any(frozenset(faces[i]) == pair and inner[i] for i in range(len(lines))):
            raise bad(f"missing track {sorted(pair)} joins villages that are not neighbours")

    tower_lines: list[list[int]] = [[] for _ in tower_xy]
    for i, (a, b) in enumerate(lines):
        if inner[i]:
            tower_lines[a].append(i)
            tower_lines[b].append(i)
    village_lines: list[list[int]] = [[] for _ in present]
    for i, (f, g) in enumerate(faces):
        for v in (f, g):
            if v >= 0:
                village_lines[v].append(i)
    tower_outline: list[list[int]] = [[] for _ in tower_xy]
    for i, (a, b) in enumerate(lines):
        if not inner[i]:
            tower_outline[a].append(i)
            tower_outline[b].append(i)
    for t, out in enumerate(tower_outline):
        if len(out) not in (0, 2):
            raise bad(f"the board's outline touches itself at tower {tower_xy[t]}")
    west = tuple(tower_at[t] for t in tower_xy if t[0] == 0 and tower_lines[tower_at[t]])
    east = tuple(tower_at[t] for t in tower_xy if t[0] == cols and tower_lines[tower_at[t]])
    side_of_tower = [""] * len(tower_xy)
    for t in west:
        side_of_tower[t] = "west"
    for t in east:
        side_of_tower[t] = "east"

    wall = doc.get("great_wall")
    if not isinstance(wall, list) or len(wall) < 2 or not all(
            isinstance(t, list) and len(t) == 2 and tuple(t) in tower_at for t in wall):
        raise bad(f"the Great Wall must be a list of at least two towers [x, y] of the board, not {wall!r}")
    path = [tower_at[tuple(t)] for t in wall]
    if len(set(path)) != len(path):
        raise bad("the Great Wall must not pass a tower twice")
    if side_of_tower[path[0]] != "west":
        raise bad(f"the Great Wall must start on a tower of the west side, not at {tower_xy[path[0]]}")
    if side_of_tower[path[-1]] != "east":
        raise bad(f"the Great Wall must end on a tower of the east side, not at {tower_xy[path[-1]]}")
    start = []
    for a, b in zip(path, path[1:], strict=False):
        line = line_at.get((a, b))
        if line is None or not inner[line]:
            raise bad(f"{tower_xy[a]} to {tower_xy[b]} is not an inner line of the board")
        start.append(line)
    walls = doc.get("walls", len(start) + 19)
    if not isinstance(walls, int) or isinstance(walls, bool) or walls < len(start):
        raise bad(f"'walls' must be a whole number at least the starting wall's {len(start)}, not {walls!r}")

    lattice = Lattice(name, cols, rows, tuple(tower_xy), tuple(present), lines, faces, inner, track,
                      tuple(map(tuple, tower_lines)), tuple(map(tuple, village_lines)), west, east,
                      tuple(start), tuple(path), walls, tower_at, village_at, line_at, tuple(side_of_tower),
                      tuple(map(tuple, tower_outline)),
                      # both faces of an inner line are villages: the one across from v is their sum less v
                      tuple(tuple((i, sum(faces[i]) - v, track[i]) for i in around if inner[i])
                            for v, around in enumerate(village_lines)),
                      tuple((i, *faces[i]) for i, t in enumerate(track) if t),
                      tuple(f"({a[0]},{a[1]})-({b[0]},{b[1]})" for a, b in seg_list))
    from .sides import initial_sides

    sides = initial_sides(lattice, lattice.start_wall)
    if 0 not in sides or 1 not in sides:
        raise bad("the Great Wall must leave villages on both sides")
    return lattice


def _check_no_holes(cols, rows, village_at, bad):
    """Missing fields must reach the edge (a hole inside the board would break the sides), and the
    villages must hang together."""
    outside = {(c, r) for c in range(-1, cols + 1) for r in range(-1, rows + 1)} - set(village_at)
    holes = sorted(outside - _reach((-1, -1), outside))
    if holes:
        raise bad(f"missing fields {holes} form a hole inside the board")
    if not village_at:
        raise bad("the board has no villages")
    if len(_reach(next(iter(village_at)), village_at)) != len(village_at):
        raise bad("the villages must form one connected board")


def _reach(start, fields):
    """The fields of ``fields`` reached from ``start`` in steps north, south, east or west."""
    seen, todo = {start}, [start]
    while todo:
        c, r = todo.pop()
        for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if n in fields and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen
