"""A section scored, as the rulebook's steps: each card's points (GW-16 to GW-18), each player's total with a
first-claimed token taken off (GW-14), the scoring check (GW-10) and the claim (GW-11 to GW-13).

:class:`SectionClaim` is the evidence: the section's cards at the moment of the check and the claim made.
``game.resolutions()`` reads it back from the log on demand (nothing is kept while a game is played).
Board keys: ``section <n>`` and the players' names, the node ids of ``game.graph()``. A step that gives a
player a face-down token carries ``numbers["player"]`` and ``numbers["token"]``.

Examples
--------
Red's two Infantry and Yellow's Noble covered by Red's Dragon; Red must claim a token:

>>> claim = SectionClaim(1, 0, 2, ((0, "infantry", (), None), (1, "gate", (), None), (0, "infantry", (), None),
...                                (0, "dragon", ((1, "noble"),), None)), claim="first", token=5, card=1)
>>> for step in claim.steps:
...     print(step)
Section 1 holds 4 cards, left to right. [GW-19]
Card 1, Red's Infantry: Red's 1st Infantry here, worth 1. [GW-16]
Card 2, Yellow's Gate: 2. [GW-01]
Card 3, Red's Infantry: Red's 2nd Infantry here, worth 2 (1 + 2 = 3 for the two). [GW-16]
Card 4, Red's Dragon on Yellow's Noble: the Noble scores nothing and loses its ability; the Dragon is worth 1. [GW-18]
Totals: Red 4, Yellow 2. [GW-10]
Red's 4 is strictly more than everyone else's (Yellow 2): Red must claim a token. [GW-10]
Both tokens lie here: Red lays the 5 token face up on their Infantry (card 1) and counts 4 - 5 = -1 here now. [GW-11]
"""

from dataclasses import dataclass

from ..engine.steps import Step
from .cards import VALUE, Card, tally, triangle
from .sections import Section

__all__ = ["SectionClaim"]

_NAMES = Section.names
_KIND = {"wall": "Wall", "gate": "Gate", "watchtower": "Watchtower", "infantry": "Infantry", "cavalry": "Cavalry",
         "noble": "Noble", "dragon": "Dragon"}


@dataclass(frozen=True)
class SectionClaim:
    """A scoring check that made a player claim a token in one section.

    Attributes
    ----------
    section, player, players : int
        The section (1-based), the player whose check it was, the player count.
    cards : tuple
        The section's cards at the check, left to right, as ``(owner, kind, beneath, token)``.
    claim : str
        ``"first"`` (GW-11) or ``"second"`` (GW-12).
    token : int
        The token claimed.
    card : int or None
        For a first claim, the 1-based card the token was laid on.
    infantry, covered_infantry : str
        The game's readings of GW-16 and GW-18.
    """

    section: int
    player: int
    players: int
    cards: tuple
    claim: str
    token: int
    card: int | None = None
    infantry: str = "per_player"
    covered_infantry: str = "not_counted"

    @property
    def steps(self):
        """The scoring check as the rulebook's steps, built when asked for."""
        return _steps(self)

    def __str__(self):
        return "\n".join(map(str, self.steps))


def _steps(c):
    here = {f"section {c.section}": "focus"}
    cards = [Card(o, k, tuple(tuple(b) for b in beneath), token) for o, k, beneath, token in c.cards]
    t = tally(cards, c.players, c.infantry, c.covered_infantry)
    steps = [Step(f"Section {c.section} holds {len(cards)} card{'' if len(cards) == 1 else 's'}, left to right.",
                  "GW-19", {"cards": len(cards)}, here)]
    if t.noble is not None:
        steps.append(Step(f"Card {t.noble + 1}, {_NAMES[cards[t.noble].owner]}'s Noble: every card in the section "
                          "is worth 1.", "GW-17", {"noble": t.noble + 1}, here))
    for i, (card, points) in enumerate(zip(cards, t.points), 1):
        who = f"Card {i}, {_NAMES[card.owner]}'s {_KIND[card.kind]}"
        numbers = {"card": i, "player": card.owner, "points": points}
        if card.beneath:
            under = " and ".join(f"{_NAMES[o]}'s {_KIND[k]}" for o, k in card.beneath)
            ability = " and loses its ability" if card.beneath[-1][1] == "noble" else ""
            sentence, rule = (f"{who} on {under}: the {_KIND[card.beneath[-1][1]]} scores nothing{ability}; the "
                              f"Dragon is worth {points}."), "GW-18"
        elif t.noble is not None:
            sentence, rule = f"{who}: 1 (the Noble).", "GW-17"
        elif card.kind == "infantry":
            rank = t.infantry_rank[i - 1]
            whose = f"{_NAMES[card.owner]}'s" if c.infantry == "per_player" else "the section's"
            total = f" ({' + '.join(map(str, range(1, rank + 1)))} = {triangle(rank)} for the {_ORDINAL[rank]})" \
                if rank > 1 and c.infantry == "per_player" else ""
            sentence, rule = f"{who}: {whose} {_nth(rank)} Infantry here, worth {points}{total}.", "GW-16"
        else:
            sentence, rule = f"{who}: {VALUE[card.kind]}.", "GW-01"
        steps.append(Step(sentence, rule, numbers, here))
    totals = list(t.totals)
    for i, card in enumerate(cards, 1):
        if card.token is not None:
            totals[card.owner] -= card.token
            steps.append(Step(f"{_NAMES[card.owner]}'s card {i} carries the first-claimed {card.token} token: "
                              f"{card.token} is taken off {_NAMES[card.owner]}'s points here.", "GW-14",
                              {"player": card.owner, "token_off": card.token}, here))
    part = [False] * c.players
    for card in cards:
        part[card.owner] = True
        for owner, _ in card.beneath:
            part[owner] = True
    takers = [p for p in range(c.players) if part[p]]
    steps.append(Step("Totals: " + ", ".join(f"{_NAMES[p]} {totals[p]}" for p in takers) + ".", "GW-10",
                      {"totals": tuple(totals)}, here))
    p, mine = c.player, totals[c.player]
    rivals = [q for q in takers if q != p]
    if rivals:
        others = ", ".join(f"{_NAMES[q]} {totals[q]}" for q in rivals)
        steps.append(Step(f"{_NAMES[p]}'s {mine} is strictly more than everyone else's ({others}): {_NAMES[p]} "
                          "must claim a token.", "GW-10", {"player_total": mine,
                                                           "best_rival": max(totals[q] for q in rivals)},
                          {**here, _NAMES[p]: "focus"}))
    else:
        steps.append(Step(f"No one else has a card here: {_NAMES[p]} claims with {mine}.", "GW-15",
                          {"player_total": mine}, {**here, _NAMES[p]: "focus"}))
    if c.claim == "first":
        card = cards[c.card - 1]
        steps.append(Step(f"Both tokens lie here: {_NAMES[p]} lays the {c.token} token face up on their "
                          f"{_KIND[card.kind]} (card {c.card}) and counts {mine} - {c.token} = {mine - c.token} "
                          "here now.", "GW-11", {"token": c.token, "card": c.card, "total": mine - c.token},
                          {**here, _NAMES[p]: "focus"}))
        return tuple(steps)
    first = next(card for card in cards if card.token is not None)
    steps.append(Step(f"One token is left: {_NAMES[p]} takes the {c.token} token face down.",
                      "GW-12", {"player": p, "token": c.token}, {**here, _NAMES[p]: "changed"}))
    steps.append(Step(f"{_NAMES[first.owner]} takes the {first.token} token from their card face down"
                      + (": one player wins both tokens." if first.owner == p else "."),
                      "GW-13" if first.owner == p else "GW-12", {"player": first.owner, "token": first.token},
                      {**here, _NAMES[first.owner]: "changed"}))
    steps.append(Step("The section's cards are discarded; a new pair is laid if the pool has tokens.", "GW-12",
                      {"discarded": sum(1 + len(card.beneath) for card in cards)}, {f"section {c.section}": "changed"}))
    return tuple(steps)


_ORDINAL = {2: "two", 3: "three", 4: "four", 5: "five"}


def _nth(n):
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
