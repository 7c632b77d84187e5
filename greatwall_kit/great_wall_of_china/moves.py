"""The decisions of Great Wall of China, as move values with a text form.

Sections and cards are numbered from 1 in the texts (card 1 is the leftmost card of a section).

>>> str(Play(2, "infantry", 3)), str(Claim(1, 5, 2)), str(Dragon(3, 4)), str(Draw())
('play 2 infantry 3', 'claim 1 5 2', 'dragon 3 4', 'draw')
>>> NOTATION.parse("play 2 infantry 3")
Play(section=2, kind='infantry', count=3)
>>> str(NOTATION.parse("PLAY 2 Infantry 3"))  # read ignoring case
'play 2 infantry 3'
"""

from dataclasses import dataclass
from functools import cache

from greatwall_kit.engine import Move, Notation

from .cards import DECK, KINDS

__all__ = ["Claim", "Play", "Dragon", "Draw", "NOTATION", "ORDINARY", "DRAW", "claim", "dragons", "plays"]


@dataclass(frozen=True, slots=True)
class Claim(Move):
    """Claim the first token of ``section``: the token of value ``token``, laid on your card number ``card``."""

    verb = "claim"
    section: int
    token: int
    card: int


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Lay ``count`` cards of one ``kind`` from your hand beside ``section`` (Cavalry: the free play)."""

    verb = "play"
    section: int
    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class Dragon(Move):
    """Lay your Dragon on top of card number ``card`` of ``section``, cancelling it."""

    verb = "dragon"
    section: int
    card: int


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Draw one card from your deck into your hand."""

    verb = "draw"


NOTATION = Notation([Claim, Play, Dragon, Draw])

# -- the moves a game offers: made once, shared by every game (a move taken from the legal moves is then found by
# identity, and no move is built twice)

#: The kinds a Play lays as an action (Cavalry is the free play, GW-09).
ORDINARY = tuple(k for k in KINDS if k != "cavalry")
DRAW = Draw()
_DRAGONS: dict[int, list[Dragon]] = {}  # section -> [Dragon(section, 1), ...], grown as sections grow
_CLAIMS: dict[tuple[int, int, int], Claim] = {}


def claim(section, token, card):
    """The Claim of ``token`` laid on card ``card`` of ``section`` (a shared value)."""
    move = _CLAIMS.get((section, token, card))
    if move is None:
        move = _CLAIMS[section, token, card] = Claim(section, token, card)
    return move


def dragons(section, cards):
    """The Dragon moves onto the cards of section number ``section`` that carry no token (shared values)."""
    row = _DRAGONS.setdefault(section, [])
    while len(row) < len(cards):
        row.append(Dragon(section, len(row) + 1))
    return [move for move, card in zip(row, cards) if card.token is None]


@cache
def plays(k, top):
    """Every Play for ``k`` sections, per kind and hand count, and the free Cavalry plays of up to ``top``
    cards per Cavalry count: values shared by every game of that size (built once, not per game).

    >>> ordinary, cavalry = plays(2, 1)
    >>> ordinary["gate"][2], cavalry[2]
    ([Play(section=1, kind='gate', count=1), Play(section=1, kind='gate', count=2), \
Play(section=2, kind='gate', count=1), Play(section=2, kind='gate', count=2)], \
[Play(section=1, kind='cavalry', count=1), Play(section=2, kind='cavalry', count=1)])
    """
    by_kind = {kind: [[Play(s, kind, c) for s in range(1, k + 1) for c in range(1, held + 1)]
                      for held in range(DECK[kind] + 1)] for kind in KINDS}
    cavalry = [[Play(s, "cavalry", c) for s in range(1, k + 1) for c in range(1, min(held, top) + 1)]
               for held in range(DECK["cavalry"] + 1)]
    return by_kind, cavalry
