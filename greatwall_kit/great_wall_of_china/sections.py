"""A wall section: its token pair, its cards in order, each player's total, and the scoring check.

:meth:`Section.check` answers the first action of a turn for one section and returns
the evidence as a :class:`Check`: everyone's totals (tokens taken off), who takes
part, and whether the player to act must claim the first or the second token.
"""

from dataclasses import dataclass

from .cards import VALUE, Card, tally
from .rules import Options

__all__ = ["Section", "Check", "SECTIONS"]

#: Wall sections (token pairs) by player count (GW-05).
SECTIONS = {2: 2, 3: 3, 4: 4, 5: 4}

_KIT = Options()  # the kit's readings

_RANKED = ("infantry", "noble")  # kinds whose points depend on the cards beside them (GW-16, GW-17)


@dataclass(frozen=True)
class Check:
    """The scoring check of one section for one player (GW-10, GW-14, GW-15).

    Attributes
    ----------
    section : int
        The section's number (1-based, as in the move texts).
    player : int
        The player whose turn it is.
    totals : tuple of int
        Every player's points there, each first-claimed token's value taken off its owner (GW-14).
    takes_part : tuple of bool
        Whether each player has a card in the section (covered cards count): only they compete.
    claim : str or None
        ``"first"`` (both tokens still there, GW-11), ``"second"`` (one token left, GW-12) or ``None``.
    reason : str
        Why, in words.
    """

    section: int
    player: int
    totals: tuple
    takes_part: tuple
    claim: str | None
    reason: str


class Section:
    """One wall section: the token pair still to win and the cards laid beside it.

    Parameters
    ----------
    number : int
        1-based number of the section.
    players : int
        The number of players.
    pair : list of int
        The face-up token values not yet claimed (two, or one after a first claim).
    cards : list of Card, optional
        The cards in order, left to right (GW-19).
    options : Options
        The game's readings (default: the kit's); the Infantry count reads them (GW-16, GW-18).

    Examples
    --------
    >>> s = Section(1, 2, [5, 3])
    >>> s.add(0, "gate", 2); s.add(1, "watchtower", 1)
    >>> s.totals()
    (4, 3)
    >>> s.check(0).claim, s.check(1).claim
    ('first', None)
    >>> s.check(1).reason
    "Yellow's 3 does not beat Red's 4"
    """

    __slots__ = ("number", "players", "pair", "cards", "options", "_totals", "_takes_part", "_noble")

    names = ("Red", "Yellow", "Green", "Blue", "Black")

    def __init__(self, number, players, pair, cards=None, options=_KIT):
        self.number = number
        self.players = players
        self.pair = list(pair)
        self.cards = list(cards or [])
        self.options = options
        self._totals = None  # with _noble (an uncovered Noble lies here), kept up to date by the changes below
        self._takes_part = None
        self._noble = False

    def __deepcopy__(self, memo):
        # A laid card is never changed (a Dragon or a token lays a new Card in its place), so copies
        # share the cards: copying a section for a look-ahead copies two short lists.
        twin = Section.__new__(Section)
        twin.number, twin.players, twin.options = self.number, self.players, self.options
        twin.pair, twin.cards = list(self.pair), list(self.cards)
        twin._totals, twin._takes_part, twin._noble = self._totals, self._takes_part, self._noble
        return twin

    # -- changes -----------------------------------------------------------------------------

    def add(self, owner, kind, count=1):
        """Lay ``count`` cards of one kind to the right of the cards already there (GW-08, GW-19)."""
        for _ in range(count):
            self.cards.append(Card(owner, kind))
        totals = self._totals
        if totals is not None and kind not in _RANKED:
            # any other card is worth the same wherever it lies (1 beside a Noble, GW-17): no new tally
            points = count * (1 if self._noble else VALUE[kind])
            self._totals = totals[:owner] + (totals[owner] + points,) + totals[owner + 1:]
        else:
            self._totals = None
        part = self._takes_part
        if part is not None and not part[owner]:
            self._takes_part = part[:owner] + (True,) + part[owner + 1:]

    def cover(self, position, owner):
        """Lay ``owner``'s Dragon on the card at 0-based ``position`` (GW-18); returns the covered card."""
        below = self.cards[position]
        self.cards[position] = Card(owner, "dragon", below.beneath + ((below.owner, below.kind),))
        self._totals = self._takes_part = None
        return below

    def place_token(self, value, position):
        """Lay the first-claimed token ``value`` face up on the card at ``position`` (GW-11)."""
        self.pair.remove(value)
        card = self.cards[position]
        self.cards[position] = Card(card.owner, card.kind, card.beneath, value)  # a new card: see __deepcopy__
        totals = self._totals
        if totals is not None:  # the token's value comes off its card owner's total (GW-14)
            self._totals = totals[:card.owner] + (totals[card.owner] - value,) + totals[card.owner + 1:]

    def lift_token(self, position):
        """Take the first-claimed token off the card at ``position`` (its owner takes it face down, GW-12); returns
        its value. Play never needs it (the section is cleared at once); a rule step shows the moment between."""
        card = self.cards[position]
        self.cards[position] = Card(card.owner, card.kind, card.beneath)
        self._totals = None
        return card.token

    def clear(self, pair):
        """Discard the cards and lay a new pair (or none): the section starts afresh (GW-12)."""
        self.cards = []
        self.pair = list(pair)
        self._totals = (0,) * self.players
        self._takes_part = (False,) * self.players
        self._noble = False

    # -- questions ---------------------------------------------------------------------------

    def tally(self):
        """The :class:`~greatwall_kit.great_wall_of_china.cards.Tally` of the cards (tokens not taken off)."""
        return tally(self.cards, self.players, self.options)

    def totals(self):
        """Each player's points here, the value of a token lying on their card taken off (GW-14)."""
        if self._totals is None:
            counted = self.tally()
            self._noble = counted.noble is not None
            totals = list(counted.totals)
            for card in self.cards:
                if card.token is not None:
                    totals[card.owner] -= card.token
            self._totals = tuple(totals)
        return self._totals

    def takes_part(self):
        """Whether each player has at least one card here, covered or not."""
        if self._takes_part is None:
            part = [False] * self.players
            for card in self.cards:
                part[card.owner] = True
                for owner, _ in card.beneath:
                    part[owner] = True
            self._takes_part = tuple(part)
        return self._takes_part

    def token_card(self):
        """The 0-based position of the card carrying the first-claimed token, or ``None``."""
        for i, card in enumerate(self.cards):
            if card.token is not None:
                return i
        return None

    def check(self, player):
        """The scoring check for ``player``: must they claim a token here, and which one?"""
        totals, part = self.totals(), self.takes_part()
        names = self.names
        claim, reason = None, ""
        if not self.pair:
            reason = "no token lies here"
        elif not part[player]:
            reason = f"{names[player]} has no card here"
        else:
            rivals = [q for q in range(self.players) if part[q] and q != player]
            best = max(rivals, key=lambda q: totals[q], default=None)
            if best is not None and totals[player] <= totals[best]:
                reason = f"{names[player]}'s {totals[player]} does not beat {names[best]}'s {totals[best]}"
            else:
                claim = "first" if len(self.pair) == 2 else "second"
                if best is not None:
                    reason = f"{names[player]}'s {totals[player]} beats everyone else's"
                else:
                    reason = f"no one else has a card here ({names[player]} has {totals[player]})"
        return Check(self.number, player, totals, part, claim, reason)

    def claim_due(self, player):
        """``"first"``, ``"second"`` or ``None``: the fast form of :meth:`check` used in play."""
        part = self._takes_part or self.takes_part()  # kept tuples, never empty
        if not part[player] or not self.pair:
            return None
        totals = self._totals or self.totals()
        mine = totals[player]
        for q, total in enumerate(totals):
            if total >= mine and part[q] and q != player:
                return None
        return "first" if len(self.pair) == 2 else "second"

    def to_json(self):
        """The section as JSON-able data (cards as ``[owner, kind, beneath, token]``)."""
        return {"number": self.number, "pair": list(self.pair),
                "cards": [[c.owner, c.kind, [list(b) for b in c.beneath], c.token] for c in self.cards]}
