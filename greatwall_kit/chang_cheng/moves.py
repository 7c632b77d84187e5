"""Chang Cheng's decisions as move values; each is one atomic choice of the player to act.

Squares, provinces and regions are the stable numbers of :mod:`.board`; colours are written
in lower case (``red``, ``green``, ``blue``, ``violet``).

>>> str(Single(4)), str(Card("flood", 2)), str(Swap(3, 17)), str(NoPeek())
('single 4', 'card flood 2', 'swap 3 17', 'nopeek')
"""

from dataclasses import dataclass
from itertools import repeat

from ..engine.moves import Interned, Move, Notation

__all__ = ["Single", "Card", "Double", "Tower", "Reserve", "Peek", "NoPeek", "Neutral", "NoNeutral",
           "Board", "Cancel", "Discard", "Break", "Remove", "Flood", "Builder", "Swap", "NOTATION"]


@dataclass(frozen=True, slots=True)
class Single(Move):
    """Place one of one's single blocks on an empty square."""

    verb = "single"
    square: int


@dataclass(frozen=True, slots=True)
class Card(Move):
    """Place one's action card ``kind`` face down in an uncompleted province."""

    verb = "card"
    kind: str
    province: int


@dataclass(frozen=True, slots=True)
class Double(Move):
    """Place one's double block on ``square`` and its right-hand neighbour in the wall."""

    verb = "double"
    square: int


@dataclass(frozen=True, slots=True)
class Tower(Move):
    """Place one's tower on an empty square."""

    verb = "tower"
    square: int


@dataclass(frozen=True, slots=True)
class Reserve(Move):
    """Reserve this empty neighbour of one's new tower for one's own single block."""

    verb = "reserve"
    square: int


@dataclass(frozen=True, slots=True)
class Peek(Move):
    """Look secretly at the threat counter of this Mongol region."""

    verb = "peek"
    region: int


@dataclass(frozen=True, slots=True)
class NoPeek(Move):
    """Do not look at a threat counter."""

    verb = "nopeek"


@dataclass(frozen=True, slots=True)
class Neutral(Move):
    """Place a neutral single block (2-player optional rule)."""

    verb = "neutral"
    square: int


@dataclass(frozen=True, slots=True)
class NoNeutral(Move):
    """Place no neutral block this turn."""

    verb = "noneutral"


@dataclass(frozen=True, slots=True)
class Board(Move):
    """Join the new board at the ``left`` or ``right`` end of the wall."""

    verb = "board"
    side: str


@dataclass(frozen=True, slots=True)
class Cancel(Move):
    """Warrior: remove this revealed card (a colour and a kind) of the province from the game."""

    verb = "cancel"
    colour: str
    kind: str


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Warrior, review variant: remove one of this colour's face-down cards from another province."""

    verb = "discard"
    colour: str
    province: int


@dataclass(frozen=True, slots=True)
class Break(Move):
    """Traitor: turn this single block of the province into a broken wall."""

    verb = "break"
    square: int


@dataclass(frozen=True, slots=True)
class Remove(Move):
    """Traitor: remove the threat counter of this bordering Mongol region from the game."""

    verb = "remove"
    region: int


@dataclass(frozen=True, slots=True)
class Flood(Move):
    """Flood: the province is worth ``plus`` 2 or ``minus`` 2."""

    verb = "flood"
    effect: str


@dataclass(frozen=True, slots=True)
class Builder(Move):
    """Builder: ``value`` (+2 to the province) or ``block`` (one virtual block for the majority)."""

    verb = "builder"
    effect: str


@dataclass(frozen=True, slots=True)
class Swap(Move):
    """Mandarin: swap the single blocks on these two squares."""

    verb = "swap"
    square: int
    other: int


# Moves are immutable: one shared object per move (``SINGLE_AT[4]`` is made once) keeps legal-move lists cheap to
# build, and a move taken from them is found by identity.
SINGLE_AT = Interned(Single)
DOUBLE_AT = Interned(Double)
TOWER_AT = Interned(Tower)
NEUTRAL_AT = Interned(Neutral)
RESERVE_AT = Interned(Reserve)
PEEK_AT = Interned(Peek)
BREAK_AT = Interned(Break)
REMOVE_AT = Interned(Remove)
#: ``SWAP_AT[a, b]`` is ``Swap(a, b)``
SWAP_AT = Interned(lambda pair: Swap(*pair))
NOPEEK, NONEUTRAL = NoPeek(), NoNeutral()
BOARD_SIDES = (Board("left"), Board("right"))


def swaps(a, others):
    """The shared ``Swap(a, b)`` moves for each square ``b`` of ``others``, in order.

    >>> swaps(3, [5, 14]), swaps(3, [5])[0] is swaps(3, [5, 14])[0]
    ([Swap(square=3, other=5), Swap(square=3, other=14)], True)
    """
    return list(map(SWAP_AT.__getitem__, zip(repeat(a), others)))


NOTATION = Notation([Single, Card, Double, Tower, Reserve, Peek, NoPeek, Neutral, NoNeutral, Board, Cancel,
                     Discard, Break, Remove, Flood, Builder, Swap])
