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

from greatwall_kit.engine import Move, Notation

__all__ = ["Claim", "Play", "Dragon", "Draw", "NOTATION"]


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
