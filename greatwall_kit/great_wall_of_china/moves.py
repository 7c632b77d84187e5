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
from greatwall_kit.engine.moves import Interned

from .cards import DECK, KINDS

__all__ = ["Claim", "Play", "Dragon", "Draw", "NOTATION", "ORDINARY", "DRAW", "CLAIM", "DRAGON", "PLAY", "dragons",
           "plays"]


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

# -- the moves a game offers: each made once (engine.moves.Interned), shared by every game; a move taken from the
# legal moves is then found by identity, and no move is built twice

#: The kinds a Play lays as an action (Cavalry is the free play, GW-09).
ORDINARY = tuple(k for k in KINDS if k != "cavalry")
DRAW = Draw()
#: ``CLAIM[section, token, card]``, ``DRAGON[section, card]``, ``PLAY[section, kind, count]``: the shared moves.
CLAIM = Interned(lambda key: Claim(*key))
DRAGON = Interned(lambda key: Dragon(*key))
PLAY = Interned(lambda key: Play(*key))


def dragons(section, cards):
    """The Dragon moves onto the cards of section number ``section`` that carry no token.

    >>> from .cards import Card
    >>> dragons(2, [Card(0, "wall", token=5), Card(1, "gate")]), dragons(2, [Card(1, "gate")])[0] is DRAGON[2, 1]
    ([Dragon(section=2, card=2)], True)
    """
    return [DRAGON[section, i] for i, card in enumerate(cards, 1) if card.token is None]


@cache
def plays(k, top):
    """Every Play for ``k`` sections, per kind and hand count, and the free Cavalry plays of up to ``top``
    cards per Cavalry count: lists of the shared moves, built once per game size (a legal move list joins them).

    >>> ordinary, cavalry = plays(2, 1)
    >>> ordinary["gate"][2], cavalry[2]
    ([Play(section=1, kind='gate', count=1), Play(section=1, kind='gate', count=2), \
Play(section=2, kind='gate', count=1), Play(section=2, kind='gate', count=2)], \
[Play(section=1, kind='cavalry', count=1), Play(section=2, kind='cavalry', count=1)])
    >>> cavalry[2][0] is PLAY[1, "cavalry", 1]
    True
    """
    by_kind = {kind: [[PLAY[s, kind, c] for s in range(1, k + 1) for c in range(1, held + 1)]
                      for held in range(DECK[kind] + 1)] for kind in KINDS}
    cavalry = [[PLAY[s, "cavalry", c] for s in range(1, k + 1) for c in range(1, min(held, top) + 1)]
               for held in range(DECK["cavalry"] + 1)]
    return by_kind, cavalry
