"""The decisions of Dschingis Khan, one choice each (DK-04 to DK-21).

>>> from greatwall_kit.dschingis_khan.moves import NOTATION, Climb
>>> NOTATION.parse("climb 12 40 7")
Climb(up=12, down=40, village=7)
>>> str(Take("tile"))
'take tile'
"""

from dataclasses import dataclass
from functools import lru_cache

from ..engine import Move, Notation, NotationError
from .scoring import KINDS

__all__ = ["TypedMove", "Start", "Scout", "Enter", "Take", "Wall", "Track", "Gate", "Climb", "Lay", "Discard", "Retreat",
           "Pass", "NOTATION", "BoardMoves", "board_moves"]


class TypedMove(Move):
    """A move that can check its fields have their declared types (the game does before playing it).

    Checked on play, not on construction, so the legal-move lists the rules build cost nothing more.

    >>> Wall(None).check()
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.NotationError: Wall(line=None): line must be a whole number, not None (board.line_between gives None for towers that are not neighbours)
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._kinds = tuple(cls.__dict__.get("__annotations__", {}).items())

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


@dataclass(frozen=True, slots=True)
class Climb(TypedMove):
    """Climb the wall at open piece ``up``, walk along it, come down at open piece ``down`` into ``village`` (DK-14)."""
    verb = "climb"
    up: int
    down: int
    village: int


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


@dataclass(frozen=True, eq=False)
class BoardMoves:
    """The move values of a board with ``lines`` lines and ``villages`` villages, made once, shared by all games.

    Moves are frozen values, so every game (and every copy) may hand out the same objects; looking one
    up costs a fraction of building it (a frozen dataclass sets each field through ``object.__setattr__``),
    and the rules list dozens of moves per decision. Climbs, one for every pair of pieces and village,
    are made when first met.

    >>> made = board_moves(3, 2)
    >>> made.wall[2], made.track[1], made.climbs_up(0)[(2, 1)] is made.climbs_up(0)[(2, 1)]
    (Wall(line=2), Track(village=1), True)
    >>> made.climbs_up(0)[(2, 1)]
    Climb(up=0, down=2, village=1)
    """

    wall: tuple         # by line
    gate: tuple         # by line
    track: tuple        # by village
    enter: tuple        # by village
    scout: tuple        # by village
    start: tuple        # by village: {tile kind: Start}
    climbs: dict        # up -> _ClimbsUp

    def __deepcopy__(self, memo):
        return self  # values only: copies of a game share them

    def climbs_up(self, up):
        """The climbs up at the piece on line ``up``, by ``(down, village)``."""
        row = self.climbs.get(up)
        if row is None:
            row = self.climbs[up] = _ClimbsUp(up)
        return row


# Climb's fields set through their slots, without the frozen dataclass's __init__ (half the cost): a board has
# thousands of climbs, and random play meets a new one every few decisions until most have been made
_new_move = object.__new__
_SET_UP, _SET_DOWN, _SET_VILLAGE = Climb.up.__set__, Climb.down.__set__, Climb.village.__set__


class _ClimbsUp(dict):
    """``(down, village) -> Climb(up, down, village)`` for one ``up``, each made when first asked for."""

    __slots__ = ("up",)

    def __init__(self, up):
        super().__init__()
        self.up = up

    def __missing__(self, key):
        move = self[key] = _new_move(Climb)
        _SET_UP(move, self.up)
        _SET_DOWN(move, key[0])
        _SET_VILLAGE(move, key[1])
        return move


@lru_cache(maxsize=64)
def board_moves(lines, villages):
    """The :class:`BoardMoves` of a board of this size (cached: layouts are few)."""
    return BoardMoves(tuple(map(Wall, range(lines))), tuple(map(Gate, range(lines))),
                      tuple(map(Track, range(villages))), tuple(map(Enter, range(villages))),
                      tuple(map(Scout, range(villages))),
                      tuple({k: Start(v, k) for k in KINDS} for v in range(villages)), {})
