"""The wall of Chang Cheng: board faces, squares, provinces and Mongol regions.

A *layout* (a JSON file in ``data/``, or a teacher's own) describes the four
double-sided boards: each face is a strip of wall squares split into Chinese
provinces on one side and Mongol regions on the other. A :class:`Wall` is the
part of the wall in play: the faces laid out so far, left to right.

Squares, provinces and regions get stable numbers in the order their boards
enter play (the first board's squares are 0-12, the second's 13-25...), so a
board added on the left does not renumber anything; ``Wall.order`` gives the
squares in wall order, left to right.

Examples
--------
>>> layout = load_layout("standard")
>>> [face.name for face in layout.faces][:3]
['1A', '1B', '2A']
>>> wall = Wall()
>>> wall.add(layout.face("1A"), "right")
>>> wall.add(layout.face("2B"), "left")
>>> len(wall.order), wall.order[:3], wall.order[-1]
(26, [13, 14, 15], 12)
>>> wall.province_of[0], wall.region_of[0], wall.province_squares[0]
(0, 0, (0, 1, 2, 3))
"""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from ..engine.errors import LayoutError, quote
from ..engine.schemas import check

__all__ = ["Face", "Layout", "Wall", "load_layout", "validate_layout", "DATA", "EMPTY", "SINGLE",
           "DOUBLE", "TOWER", "PIECE_NAMES"]

#: What stands on a square: nothing, a single block, half of a double, a tower.
EMPTY, SINGLE, DOUBLE, TOWER = 0, 1, 2, 3
PIECE_NAMES = ("", "single", "double", "tower")

DATA = Path(__file__).parent / "data"
_LOADED: dict[object, "Layout"] = {}  # by name, or by (resolved path, modification time)


@dataclass(frozen=True)
class Face:
    """One face of a board: its name, its board, and its province and region sizes (left to right)."""

    name: str
    board: int
    provinces: tuple
    regions: tuple

    @property
    def squares(self):
        """The number of wall squares on the face."""
        return sum(self.provinces)


@dataclass(frozen=True)
class Layout:
    """A set of boards (each with two faces) and the counters that come with them."""

    name: str
    boards: tuple          # tuple of (Face, Face) per board
    reputation_counters: tuple
    threat_counters: tuple
    notes: tuple = ()

    @property
    def faces(self):
        """All faces, board by board."""
        return tuple(face for pair in self.boards for face in pair)

    def face(self, name):
        """The face called ``name``; :class:`LayoutError` if none."""
        for face in self.faces:
            if face.name == name:
                return face
        raise LayoutError(f"layout {self.name!r} has no face {name!r}; faces: "
                          f"{', '.join(f.name for f in self.faces)}")

    def to_document(self):
        """The layout as a JSON-able document that :func:`validate_layout` reads back (saves carry it).

        >>> layout = load_layout("standard")
        >>> validate_layout(layout.to_document()) == layout
        True
        """
        return {"name": self.name, "notes": list(self.notes),
                "reputation_counters": list(self.reputation_counters),
                "threat_counters": list(self.threat_counters),
                "boards": [{"board": pair[0].board,
                            "faces": [{"face": f.name, "provinces": list(f.provinces), "regions": list(f.regions)}
                                      for f in pair]} for pair in self.boards]}


def load_layout(source="standard"):
    """Load and validate a layout: a name in the package's ``data/``, a path to a JSON file, or a dict.

    Raises
    ------
    LayoutError
        If the file is missing or malformed, or describes an impossible board.

    Examples
    --------
    >>> load_layout("standard").face("3A").provinces
    (6, 3, 4)
    >>> load_layout("no_such_layout")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.LayoutError: no layout 'no_such_layout': not a file, nor one of: standard
    """
    if isinstance(source, dict):
        return validate_layout(source)
    if not isinstance(source, str):
        raise LayoutError(f"a layout is a name, a file path or a layout document, not {quote(source)}")
    if source in _LOADED:
        return _LOADED[source]
    path = Path(source)
    if not path.suffix:
        path = DATA / f"{source}.json"
    try:
        found = path.is_file()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL character
        found = False
    if not found:
        known = ", ".join(sorted(p.stem for p in DATA.glob("*.json")))
        raise LayoutError(f"no layout {source!r}: not a file, nor one of: {known}")
    # a layout is immutable once loaded: keep it while its file is unchanged (games are created often)
    key = source if path.parent == DATA else (str(path.resolve()), path.stat().st_mtime_ns)
    if key not in _LOADED:
        try:
            doc = json.loads(path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise LayoutError(f"layout {str(path)!r} is not JSON: {exc!r}") from None
        except OSError as exc:
            raise LayoutError(f"layout {str(path)!r} cannot be read: {exc}") from None
        _LOADED[key] = validate_layout(doc, schema=path.parent != DATA)
    return _LOADED[key]


def validate_layout(doc, *, schema=True):
    """Check a layout document and build its :class:`Layout`; :class:`LayoutError` says what is wrong.

    Each board has two faces; each face has 3 provinces of 3 to 6 squares and Mongol regions of
    at least one square covering the same squares, with no province border inside the face on
    a region border (the borders are staggered). ``schema=False`` skips the JSON Schema check
    (the kit's own layouts: shipped files are checked against it by the tests, and building the validator costs
    seconds).

    Examples
    --------
    >>> face = {"face": "X", "provinces": [4, 4, 4], "regions": [4, 4, 4]}
    >>> doc = {"name": "tiny", "reputation_counters": [0] * 6, "threat_counters": [-2] * 6,
    ...        "boards": [{"faces": [face, {**face, "face": "Y"}]}, {"faces": [{**face, "face": "Z"},
    ...                                                                  {**face, "face": "W"}]}]}
    >>> validate_layout(doc)
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.LayoutError: face 'X': province and region borders coincide after square(s) [4, 8]; they must be staggered
    """  # noqa: E501 - doctest output is compared as printed
    if not isinstance(doc, dict):
        raise LayoutError(f"a layout is a JSON object, not {type(doc).__name__}")
    for key in ("boards", "reputation_counters", "threat_counters"):
        if key not in doc:
            raise LayoutError(f"layout has no {key!r}")
    if schema:
        doc = check(doc, (__package__, "layout"), LayoutError, f"layout {str(doc.get('name', 'custom'))[:40]!r}")
    boards, names = [], set()
    if not isinstance(doc["boards"], list) or len(doc["boards"]) < 2:
        raise LayoutError("a layout needs a list of at least 2 boards (the game starts with two)")
    for number, board in enumerate(doc["boards"], 1):
        faces = board.get("faces") if isinstance(board, dict) else None
        if not isinstance(faces, list) or len(faces) != 2:
            raise LayoutError(f"board {number} must have exactly 2 faces")
        pair = []
        for f in faces:
            face = _face(f, number)
            if face.name in names:
                raise LayoutError(f"face name {face.name!r} is used twice")
            names.add(face.name)
            pair.append(face)
        boards.append(tuple(pair))
    counters = {}
    for key, low, high in (("reputation_counters", 0, 4), ("threat_counters", -4, -2)):
        values = doc[key]
        if (not isinstance(values, list) or not all(type(v) is int and low <= v <= high for v in values)):
            raise LayoutError(f"{key!r} must be a list of whole numbers from {low} to {high}")
        need = 3 * len(boards)
        if len(values) < need:
            raise LayoutError(f"{key!r} has {len(values)} counters; {len(boards)} boards need {need}")
        counters[key] = tuple(values)
    notes = doc.get("notes", ())
    return Layout(str(doc.get("name", "custom")), tuple(boards), counters["reputation_counters"],
                  counters["threat_counters"], tuple(notes) if isinstance(notes, list) else (str(notes),))


def _face(f, board):
    if not isinstance(f, dict) or not isinstance(f.get("face"), str) or not f["face"]:
        raise LayoutError(f"board {board}: each face needs a 'face' name")
    name = f["face"]
    # (lists of positive numbers: checked just below)
    provinces, regions = cast(list, f.get("provinces")), cast(list, f.get("regions"))
    for key, sizes in (("provinces", provinces), ("regions", regions)):
        if not isinstance(sizes, list) or not sizes or not all(type(n) is int and n > 0 for n in sizes):
            raise LayoutError(f"face {name!r}: {key!r} must be a list of positive square counts")
    if len(provinces) != 3 or not all(3 <= n <= 6 for n in provinces):
        raise LayoutError(f"face {name!r}: needs 3 provinces of 3 to 6 squares, not {provinces}")
    if sum(regions) != sum(provinces):
        raise LayoutError(f"face {name!r}: regions cover {sum(regions)} squares but provinces cover "
                          f"{sum(provinces)}")
    shared = sorted(set(_cuts(provinces)) & set(_cuts(regions)))
    if shared:
        raise LayoutError(f"face {name!r}: province and region borders coincide after square(s) {shared}; "
                          "they must be staggered")
    return Face(name, board, tuple(provinces), tuple(regions))


def _cuts(sizes):
    total, cuts = 0, []
    for n in sizes[:-1]:
        total += n
        cuts.append(total)
    return cuts


class Wall:
    """The wall in play: faces joined left to right, with the lookups the rules need.

    Attributes
    ----------
    order : list of int
        Square numbers in wall order, left to right.
    faces : list of str
        Face names in wall order.
    province_of, region_of, board_of : list of int
        For each square number, its province, Mongol region and board (0 = first in play).
    province_squares, region_squares : list of tuple
        For each province / region number, its squares (left to right).
    province_regions : list of tuple
        For each province, the Mongol regions bordering it (sharing a square with it).
    left, right : list of int
        For each square, its neighbour in wall order (-1 at the ends).
    """

    def __init__(self):
        self.order = []
        self.faces = []
        self.face_of_board = []
        self.province_of, self.region_of, self.board_of = [], [], []
        self.province_squares, self.region_squares, self.province_regions = [], [], []
        self.left, self.right = [], []

    def __deepcopy__(self, memo):
        # every attribute is a list of numbers, names or tuples of numbers: copies share the items
        twin = Wall.__new__(Wall)
        twin.__dict__.update({name: value.copy() for name, value in self.__dict__.items()})
        return twin

    def add(self, face, side):
        """Join ``face`` at the ``"left"`` or ``"right"`` end of the wall."""
        board = len(self.face_of_board)
        first = len(self.province_of)
        k = sum(face.provinces)
        squares = range(first, first + k)
        p0 = len(self.province_squares)
        start = first
        for province, size in enumerate(face.provinces, p0):
            self.province_squares.append(tuple(range(start, start + size)))
            self.province_of.extend([province] * size)
            start += size
        start = first
        for region, size in enumerate(face.regions, len(self.region_squares)):
            self.region_squares.append(tuple(range(start, start + size)))
            self.region_of.extend([region] * size)
            start += size
        region_of = self.region_of
        for members in self.province_squares[p0:]:  # regions run in order: those from the first square's to the last's
            self.province_regions.append(tuple(range(region_of[members[0]], region_of[members[-1]] + 1)))
        self.board_of.extend([board] * k)
        self.face_of_board.append(face.name)
        if side == "left":
            self.order[:0] = squares
            self.faces.insert(0, face.name)
        else:
            self.order.extend(squares)
            self.faces.append(face.name)
        # along the face, each square's neighbours are the numbers either side of it
        self.left.append(-1)
        self.left.extend(squares[:-1])
        self.right.extend(squares[1:])
        self.right.append(-1)
        if side == "left" and k < len(self.order):
            nxt = self.order[k]
            self.right[squares[-1]], self.left[nxt] = nxt, squares[-1]
        elif side != "left" and k < len(self.order):
            prev = self.order[-k - 1]
            self.right[prev], self.left[squares[0]] = squares[0], prev

    @property
    def provinces(self):
        """The number of provinces in play."""
        return len(self.province_squares)

    @property
    def regions(self):
        """The number of Mongol regions in play."""
        return len(self.region_squares)

    def neighbours(self, square):
        """The squares next to ``square`` in the wall (one or two)."""
        return [n for n in (self.left[square], self.right[square]) if n >= 0]

    def pairs(self):
        """Every pair of contiguous squares, left to right (where a double could lie)."""
        return list(zip(self.order, self.order[1:], strict=False))

