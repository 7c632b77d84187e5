"""The decisions of Dschingis Khan, one choice each (DK-04 to DK-21).

A move's text names what it is played on as the board draws it: a village by its number (``track 9``), a line
by its two towers (``wall (2,2)-(2,3)``, ``gate (2,3)-(3,3)``, ``climb (3,2)-(3,3) (3,1)-(3,2) 10``). The move
values hold line numbers; a wall, gate or climb that a game listed, parsed or played knows its board, and its
text names the lines by their towers. One built by hand, e.g. ``Wall(37)``, has no board to ask and writes the
line's number, ``wall 37``: the older text, which every game still reads (saves written before lines were
named by their towers hold it).

>>> from greatwall_kit.dschingis_khan.lattice import standard
>>> made = board_moves(standard())
>>> str(made.wall[37]), str(Wall(37)), made.wall[37] == Wall(37)
('wall (2,2)-(2,3)', 'wall 37', True)
>>> str(made.climbs_up(39)[(22, 10)])
'climb (3,2)-(3,3) (3,1)-(3,2) 10'
>>> NOTATION.parse("climb 12 40 7")
Climb(up=12, down=40, village=7)
>>> str(Take("tile"))
'take tile'
"""

import re
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import ClassVar

from ..engine.digits import read_whole
from ..engine.errors import NotationError
from ..engine.moves import Interned, Move, Notation
from .scoring import KINDS

__all__ = ["TypedMove", "Start", "Scout", "Enter", "Take", "Wall", "Track", "Gate", "Climb", "Lay", "Discard",
           "Retreat", "Pass", "NOTATION", "LINE_FIELDS", "FORMS", "SCOUT_MOVES", "LAY", "TAKE_WALL", "TAKE_TILE",
           "DISCARD", "PASS", "RETREAT", "BoardMoves", "board_moves", "parse", "named", "typed"]


class TypedMove(Move):
    """A move that can check its fields have their declared types (the game does before playing it).

    Checked on play, not on construction, so the legal-move lists the rules build cost nothing more. The slot
    ``_board`` (not a field: equality, hashing and ``repr`` ignore it) holds the board of a move its game made,
    so that a move on lines writes them by their towers (see the module docstring).

    >>> Wall(None).check()
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.NotationError: Wall(line=None): line must be a whole number, not None (board.line_between gives None for towers that are not neighbours)
    """  # noqa: E501 - doctest output is compared as printed

    __slots__ = ("_board",)
    _kinds: ClassVar[tuple[tuple[str, type], ...]]  # each field's name and class, set for each subclass

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._kinds = tuple(cls.__dict__.get("__annotations__", {}).items())  # noqa: RUF063 - its own fields only

    def __reduce__(self):  # a move sent to a bot's process keeps its board, and so its text
        fields = tuple(getattr(self, name) for name, _ in self._kinds)
        try:
            return _remade, (type(self), fields, _BOARD.__get__(self))
        except AttributeError:
            return _remade, (type(self), fields, None)

    def check(self):
        """Raise :class:`NotationError` if a field is not of its declared type (``bool`` is not a number)."""
        for name, kind in self._kinds:
            value = getattr(self, name)
            if value.__class__ is not kind:
                hint = (" (board.line_between gives None for towers that are not neighbours)"
                        if value is None and kind is int else "")
                raise NotationError(f"{self!r}: {name} must be {'a whole number' if kind is int else 'a word'}, "
                                    f"not {value!r}{hint}")


@dataclass(frozen=True, slots=True)
class Start(TypedMove):
    """Set-up (DK-04): lay one of the 2 drawn tiles (by kind) face down on a village."""
    verb = "start"
    village: int
    tile: str


@dataclass(frozen=True, slots=True)
class Scout(TypedMove):
    """Set-up (DK-04): stand the scout on one of the two set-up villages."""
    verb = "scout"
    village: int


@dataclass(frozen=True, slots=True)
class Enter(TypedMove):
    """Bring a scout that is off the board back onto a village (DK-10)."""
    verb = "enter"
    village: int


@dataclass(frozen=True, slots=True)
class Take(TypedMove):
    """Take one piece, ``wall`` or ``tile``, into the active supply (DK-07)."""
    verb = "take"
    piece: str


@dataclass(frozen=True, slots=True)
class Wall(TypedMove):
    """Place one wall of the active supply, open, on a line (DK-20)."""
    verb = "wall"
    line: int

    def __str__(self):
        names = _line_names(self)
        return Move.__str__(self) if names is None else f"wall {names[self.line]}"


@dataclass(frozen=True, slots=True)
class Track(TypedMove):
    """Move the scout along a track to a neighbouring village on the same side (DK-12)."""
    verb = "track"
    village: int


@dataclass(frozen=True, slots=True)
class Gate(TypedMove):
    """Move the scout through the open wall piece on ``line`` to the village across (DK-13)."""
    verb = "gate"
    line: int

    def __str__(self):
        names = _line_names(self)
        return Move.__str__(self) if names is None else f"gate {names[self.line]}"


@dataclass(frozen=True, slots=True)
class Climb(TypedMove):
    """Climb the wall at open piece ``up``, walk along it, come down at open piece ``down`` into ``village`` (DK-14)."""
    verb = "climb"
    up: int
    down: int
    village: int

    def __str__(self):
        names = _line_names(self)
        return Move.__str__(self) if names is None else f"climb {names[self.up]} {names[self.down]} {self.village}"


@dataclass(frozen=True, slots=True)
class Lay(TypedMove):
    """Lay a tile of this kind face down on top of the scout's village (DK-11)."""
    verb = "lay"
    tile: str


@dataclass(frozen=True, slots=True)
class Discard(TypedMove):
    """Choose tiles although the scout cannot move: the tiles leave the game (DK-16)."""
    verb = "discard"


@dataclass(frozen=True, slots=True)
class Retreat(TypedMove):
    """Spend the turn taking the blocked scout off the board (DK-19)."""
    verb = "retreat"


@dataclass(frozen=True, slots=True)
class Pass(TypedMove):
    """End the turn placing nothing: offered only when there is nothing to place and the scout is blocked
    (so that taking the scout off stays a choice, not a must)."""
    verb = "pass"


NOTATION = Notation([Start, Scout, Enter, Take, Wall, Track, Gate, Climb, Lay, Discard, Retreat, Pass])
#: The scout's steps (DK-12 to DK-14).
SCOUT_MOVES = (Track, Gate, Climb)
# the moves on no board position, made once: ``LAY["farmer"]``
LAY = Interned(Lay)
TAKE_WALL, TAKE_TILE = Take("wall"), Take("tile")
DISCARD, PASS, RETREAT = Discard(), Pass(), Retreat()
#: The fields of each move on lines that name a line (the rest are villages).
LINE_FIELDS = {"wall": (0,), "gate": (0,), "climb": (0, 1)}
_BOARD = TypedMove._board  # type: ignore[attr-defined]  # the slot's descriptor


#: The forms of the moves on lines, as an error explains them.
FORMS = {"wall": "'wall (x,y)-(x,y)' or 'wall <line>'", "gate": "'gate (x,y)-(x,y)' or 'gate <line>'",
         "climb": "'climb (x,y)-(x,y) (x,y)-(x,y) <village>' or 'climb <up> <down> <village>'"}
# a word of a move's text: a line named by its two towers (spaces allowed inside), or anything else
_WORD = re.compile(r"\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)\s*-\s*\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)|\S+")


def parse(text, made):
    """The move a text stands for on the board of ``made`` (:class:`BoardMoves`): lines named by their towers
    (``wall (2,2)-(2,3)``, either tower first) or by their numbers (``wall 37``, the older form); the move
    returned is the board's own, so its text names lines by their towers.

    >>> from greatwall_kit.dschingis_khan.lattice import standard
    >>> made = board_moves(standard())
    >>> parse("climb (3,3)-(3,2) 22 10", made), str(parse("GATE (3,3)-(2,3)", made))
    (Climb(up=39, down=22, village=10), 'gate (2,3)-(3,3)')
    >>> parse("track (2,2)-(2,3)", made)
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.NotationError: 'track (2,2)-(2,3)': '(2,2)-(2,3)' names a line, but a track goes to a village (its number); expected 'track <village>'
    """  # noqa: E501 - doctest output is compared as printed
    original = text
    if isinstance(text, str) and "(" in text:
        text = _numbered(text, made.board)
    try:
        move = NOTATION.parse(text)
    except NotationError as exc:
        message, verb = str(exc), text.split()[0].lower() if text.split() else ""
        if verb in FORMS:
            message = message.replace(repr(NOTATION.form(verb)), FORMS[verb])
        if text != original and message.startswith(f"{text!r:.80}"):
            message = f"{original!r:.80}" + message[len(f"{text!r:.80}"):]
        raise NotationError(message) from None
    return named(move, made)


def typed(move):
    """``move``, its fields checked to be of their types if it is one of this game's moves (see
    :meth:`TypedMove.check`)."""
    if isinstance(move, TypedMove):
        move.check()
    return move


def named(move, made):
    """The board's own move equal to ``move`` (one that names its lines by their towers), if the board has one."""
    kind = type(move)
    if kind is Wall or kind is Gate:
        line = move.line
        if type(line) is int and 0 <= line < len(made.wall):
            return (made.wall if kind is Wall else made.gate)[line]
    elif kind is Climb:
        up, down, village, lines = move.up, move.down, move.village, len(made.wall)
        if (type(up) is type(down) is type(village) is int and 0 <= up < lines and 0 <= down < lines
                and 0 <= village < len(made.track)):
            return made.climbs_up(up)[(down, village)]
    return move


def _numbered(text, board):
    """``text`` with each line named by its towers written as its number (where the move takes a line)."""
    found = list(_WORD.finditer(text))
    verb = found[0].group(0).lower() if found else ""
    words = []
    for i, word in enumerate(found):
        if word.group(1) is None or i == 0:
            words.append(word.group(0))
            continue
        if i - 1 not in LINE_FIELDS.get(verb, ()):
            wanted = (f"a {verb} goes to a village (its number)" if verb in NOTATION.verbs
                      else "only wall, gate and climb name lines")
            form = f"; expected {NOTATION.form(verb)!r}" if verb in NOTATION.verbs else ""
            raise NotationError(f"{text!r:.80}: {word.group(0)!r:.40} names a line, but {wanted}{form}")
        try:
            x1, y1, x2, y2 = map(read_whole, word.groups())
        except ValueError as exc:
            raise NotationError(f"{text!r:.80}: {exc}; expected {FORMS[verb]}") from None
        for x, y in ((x1, y1), (x2, y2)):
            if (x, y) not in board.tower_at:
                raise NotationError(f"{text!r:.80}: there is no tower ({x},{y}) on this board; expected {FORMS[verb]}")
        line = board.line_between(board.tower_at[(x1, y1)], board.tower_at[(x2, y2)])
        if line is None:
            raise NotationError(f"{text!r:.80}: towers ({x1},{y1}) and ({x2},{y2}) are not neighbours, so no line "
                                f"joins them; expected {FORMS[verb]}")
        words.append(str(line))
    return " ".join(words)


def _line_names(move):
    """The line names of the board a move was made for, or None for a move built by hand."""
    try:
        return _BOARD.__get__(move).line_names
    except AttributeError:
        return None


def _named(move, board):
    _BOARD.__set__(move, board)
    return move


def _remade(kind, fields, board):
    """A move unpickled (see ``TypedMove.__reduce__``)."""
    move = kind(*fields)
    return move if board is None else _named(move, board)


@dataclass(frozen=True, eq=False)
class BoardMoves:
    """The move values of a board, made once, shared by all games on it.

    Moves are frozen values, so every game (and every copy) may hand out the same objects; looking one
    up costs a fraction of building it (a frozen dataclass sets each field through ``object.__setattr__``),
    and the rules list dozens of moves per decision. Climbs, one for every pair of pieces and village,
    are made when first met. The moves on lines know the board (their text names the lines by their towers).

    >>> from greatwall_kit.dschingis_khan.lattice import rectangle
    >>> made = board_moves(rectangle(2, 2))
    >>> made.wall[2], made.track[1], made.climbs_up(0)[(2, 1)] is made.climbs_up(0)[(2, 1)]
    (Wall(line=2), Track(village=1), True)
    >>> made.climbs_up(0)[(2, 1)], str(made.climbs_up(0)[(2, 1)])
    (Climb(up=0, down=2, village=1), 'climb (0,0)-(1,0) (1,0)-(2,0) 1')
    """

    board: object       # the Lattice
    wall: tuple         # by line
    gate: tuple         # by line
    track: tuple        # by village
    enter: tuple        # by village
    scout: tuple        # by village
    start: tuple        # by village: {tile kind: Start}
    climbs: Interned    # up -> the climbs up there, (down, village) -> Climb, each made when first asked for

    def __deepcopy__(self, memo):
        return self  # values only: copies of a game share them

    def __reduce__(self):  # (its climbs are made by a local function): a world sent to a bot's process makes its own
        return board_moves, (self.board,)

    def climbs_up(self, up):
        """The climbs up at the piece on line ``up``, by ``(down, village)``."""
        return self.climbs[up]


# Climb's fields set through their slots, without the frozen dataclass's __init__ (half the cost): a board has
# thousands of climbs, and random play meets a new one every few decisions until most have been made
_new_move = object.__new__
# (mypy reads the slots as instance attributes, not as the descriptors they are on the class)
_SET_UP, _SET_DOWN, _SET_VILLAGE = Climb.up.__set__, Climb.down.__set__, Climb.village.__set__  # type: ignore[misc, attr-defined]
_SET_BOARD = _BOARD.__set__


def _climbs_up(up, board):
    """``(down, village) -> Climb(up, down, village)`` for one ``up``, each made when first asked for."""
    def make(key):
        move = _new_move(Climb)
        _SET_UP(move, up)
        _SET_DOWN(move, key[0])
        _SET_VILLAGE(move, key[1])
        _SET_BOARD(move, board)
        return move
    return Interned(make)


@lru_cache(maxsize=64)
def board_moves(board):
    """The :class:`BoardMoves` of a board (a :class:`~.lattice.Lattice`; cached: layouts are few)."""
    lines, villages = range(len(board.lines)), range(len(board.villages))
    return BoardMoves(board, tuple(_named(Wall(i), board) for i in lines),
                      tuple(_named(Gate(i), board) for i in lines),
                      tuple(map(Track, villages)), tuple(map(Enter, villages)), tuple(map(Scout, villages)),
                      tuple({k: Start(v, k) for k in KINDS} for v in villages),
                      Interned(partial(_climbs_up, board=board)))
