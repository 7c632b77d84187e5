"""The seven kinds of wall card, the decks, the tokens, and what a section's cards are worth.

The heart of the game is :func:`tally`: a pure function from the cards lying in
one wall section to each card's points and each player's total, returning the
evidence (which card counts what, whether a Noble flattens the section, which
Infantry rank each Infantry has, which cards lie under a Dragon).
"""

from dataclasses import dataclass

from ..engine.errors import SetupError, quote
from .rules import Options

__all__ = ["KINDS", "NAME", "A_NAME", "PLURAL", "VALUE", "DECK", "TOKENS", "Card", "Tally", "tally", "triangle"]

_KIT = Options()  # the kit's readings

#: The seven kinds of wall card, in the order the kit lists them.
KINDS = ("wall", "gate", "watchtower", "infantry", "cavalry", "noble", "dragon")

#: The name of each kind in sentences, as the rulebook writes it (move texts use the lower-case kind).
NAME = {kind: kind.capitalize() for kind in KINDS}

#: One card of each kind in a sentence: "a Wall", "an Infantry".
A_NAME = {kind: ("an " if kind[0] in "aeiou" else "a ") + NAME[kind] for kind in KINDS}

#: Several cards of one kind in a sentence, as the rulebook counts them: "7 Walls", "5 Infantry".
PLURAL = {kind: NAME[kind] + ("" if kind in ("infantry", "cavalry") else "s") for kind in KINDS}

#: Printed points of each kind (Infantry: the first one; later ones count more).
VALUE = {"wall": 1, "gate": 2, "watchtower": 3, "infantry": 1, "cavalry": 2, "noble": 1, "dragon": 1}

#: One colour's 20-card deck (GW-01).
DECK = {"wall": 7, "gate": 3, "watchtower": 1, "infantry": 5, "cavalry": 2, "noble": 1, "dragon": 1}

#: The 36 tokens, value -> how many (GW-04).
TOKENS = {1: 2, 2: 6, 3: 7, 4: 7, 5: 8, 7: 4, 8: 2}


class Card:
    """One card lying in a wall section: its owner, its kind, the cards under it, the token on it.

    ``beneath`` holds ``(owner, kind)`` of the cards a Dragon covered here (bottom first);
    they score nothing (GW-18). ``token`` is the value of a first-claimed token lying face up
    on this card, or ``None``. A card is not changed once laid: sections lay a new one in its
    place, so copies of a section share their cards.

    Examples
    --------
    >>> Card(0, "gate")
    Card(0, 'gate')
    >>> Card(1, "dragon", beneath=((0, "noble"),), token=5)
    Card(1, 'dragon', beneath=((0, 'noble'),), token=5)
    """

    __slots__ = ("owner", "kind", "beneath", "token")

    def __init__(self, owner, kind, beneath=(), token=None):
        self.owner = owner
        self.kind = kind
        self.beneath = beneath
        self.token = token

    def __repr__(self):
        extra = f", beneath={self.beneath!r}" if self.beneath else ""
        extra += f", token={self.token!r}" if self.token is not None else ""
        return f"Card({self.owner}, {self.kind!r}{extra})"

    def __eq__(self, other):
        return isinstance(other, Card) and (self.owner, self.kind, self.beneath, self.token) == (
            other.owner, other.kind, other.beneath, other.token)

    __hash__ = None  # type: ignore[assignment]  # equal cards may change: not hashable


@dataclass(frozen=True)
class Tally:
    """What the cards of one section are worth, before tokens are taken off.

    Attributes
    ----------
    points : tuple of int
        The points of each card (the top card of each place), left to right.
    totals : tuple of int
        Each player's sum of ``points``.
    noble : int or None
        The position (0-based) of the first uncovered Noble, which makes every card worth 1 (GW-17).
    infantry_rank : tuple of int
        For each card, its rank among the counted Infantry (1, 2, 3...), 0 for other cards (GW-16).
    covered : tuple of int
        How many cards lie under each card's Dragon (they score nothing, GW-18).
    """

    points: tuple
    totals: tuple
    noble: int | None
    infantry_rank: tuple
    covered: tuple


def tally(cards, players, options=_KIT):
    """Each card's points and each player's total in one section.

    Parameters
    ----------
    cards : sequence of Card
        The section's cards, left to right.
    players : int
        The number of players.
    options : Options
        The game's readings (default: the kit's); ``infantry`` and ``covered_infantry`` count here: the
        n-th Infantry of a player or of anyone (GW-16), a covered Infantry out of the count or in its place (GW-18).

    Returns
    -------
    Tally

    Examples
    --------
    Red's three Infantry count 1 + 2 + 3 = 6; Yellow's Infantry between them is Yellow's first:

    >>> row = [Card(0, "infantry"), Card(1, "infantry"), Card(0, "infantry"), Card(0, "infantry")]
    >>> t = tally(row, 2)
    >>> t.points, t.totals
    ((1, 1, 2, 3), (6, 1))
    >>> tally(row, 2, Options(infantry="per_section")).points
    (1, 2, 3, 4)

    A Noble makes every card worth 1 -- until a Dragon covers it:

    >>> row = [Card(0, "watchtower"), Card(1, "noble"), Card(1, "gate")]
    >>> tally(row, 2).totals
    (1, 2)
    >>> row[1] = Card(0, "dragon", beneath=((1, "noble"),))
    >>> tally(row, 2).totals
    (4, 2)

    A Dragon on Yellow's first Infantry: the next one counts 1 (the kit's reading) or still 2:

    >>> row = [Card(0, "dragon", beneath=((1, "infantry"),)), Card(1, "infantry")]
    >>> tally(row, 2).points, tally(row, 2, Options(covered_infantry="still_counted")).points
    ((1, 1), (1, 2))
    """
    if type(options) is not Options:
        raise SetupError(f"tally: options must be the game's Options (such as Options(infantry='per_section')), "
                         f"not {quote(options)}")
    keep_places = options.covered_infantry == "still_counted"
    per_player = options.infantry == "per_player"
    noble = next((i for i, c in enumerate(cards) if c.kind == "noble"), None)
    totals = [0] * players
    points = []
    ranks = []
    seen = [0] * players
    seen_all = 0
    for card in cards:
        if keep_places:
            for owner, kind in card.beneath:
                if kind == "infantry":
                    seen[owner] += 1
                    seen_all += 1
        rank = 0
        if card.kind == "infantry":
            seen[card.owner] += 1
            seen_all += 1
            rank = seen[card.owner] if per_player else seen_all
        value = 1 if noble is not None else (rank or VALUE[card.kind])
        points.append(value)
        ranks.append(rank)
        totals[card.owner] += value
    return Tally(tuple(points), tuple(totals), noble, tuple(ranks), tuple(len(c.beneath) for c in cards))


def triangle(n):
    """What ``n`` Infantry of one player are worth together: 1, 3, 6, 10, 15 (GW-16).

    >>> [triangle(n) for n in range(1, 6)]
    [1, 3, 6, 10, 15]
    """
    return n * (n + 1) // 2
