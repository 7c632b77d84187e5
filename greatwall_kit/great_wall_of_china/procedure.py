"""A section scored, as the rulebook's steps: each card's points (GW-16 to GW-18), each player's total with a
first-claimed token taken off (GW-14), the scoring check (GW-10) and the claim (GW-11 to GW-13); and the end of the
game (GW-20 to GW-23): why it ended, where every token lies, each player's face-down tokens and the winner.

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

__all__ = ["SectionClaim", "ClaimToChoose", "GameEnd", "game_end"]

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


@dataclass(frozen=True)
class ClaimToChoose:
    """A scoring check that found a first claim due (GW-10, GW-11) while the player still chooses the token and
    the card: the section's steps up to the check, then the choice.

    ``check`` is the :class:`SectionClaim` of the check (its ``token`` and ``card`` not chosen yet); ``pair`` the
    two tokens; ``cards`` the (1-based) cards a token may be laid on; ``choices`` how many ``claim`` moves are open.
    """

    check: SectionClaim
    pair: tuple
    cards: tuple
    choices: int

    @property
    def steps(self):
        """The section's totals and the check, then the choice that waits (built when asked for)."""
        c = self.check
        who = _NAMES[c.player]
        mine = ", ".join(map(str, self.cards))
        choose = Step(f"Both tokens lie here ({self.pair[0]} and {self.pair[1]}): {who} chooses one and the card to "
                      f"lay it on face up, card{'' if len(self.cards) == 1 else 's'} {mine} ({self.choices} choices).",
                      "GW-11", {"pair": self.pair, "choices": self.choices},
                      {f"section {c.section}": "focus", who: "focus"})
        return _steps(c)[:-1] + (choose,)

    def __str__(self):
        return "\n".join(map(str, self.steps))


@dataclass(frozen=True)
class GameEnd:
    """How a game ended and who won (GW-20 to GW-23), read from the finished game by :func:`game_end`.

    Attributes
    ----------
    reason : str
        ``"pool"`` (the token pool ran out, GW-22) or ``"last_round"`` (GW-20, GW-21).
    players : int
    declarer : int or None
        Who played their last card and announced the last round.
    final_turns : int
        How many scoring-only turns were taken after the turn came back to the declarer.
    final_scoring : str
        The game's reading of GW-21: ``"until_quiet"`` or ``"one_round"``.
    no_pair_for : int or None
        The section that could get no new pair (GW-22), if that ended the game.
    pool, box : tuple
        The tokens left face down in the pool, and those put back in the box (2 players, GW-06).
    pairs : tuple
        ``(section, tokens)`` for tokens still lying face up beside a section.
    on_cards : tuple
        ``(player, token, section)`` for tokens lying face up on a player's card after a first claim.
    tokens : tuple
        Each player's face-down tokens, in the order won.
    winners : tuple
        The players with the highest total.
    """

    reason: str
    players: int
    declarer: int | None
    final_turns: int
    final_scoring: str
    no_pair_for: int | None
    pool: tuple
    box: tuple
    pairs: tuple
    on_cards: tuple
    tokens: tuple
    winners: tuple

    @property
    def steps(self):
        """The end of the game as the rulebook's steps, built when asked for."""
        return _end_steps(self)

    def __str__(self):
        return "\n".join(map(str, self.steps))


def game_end(game):
    """The :class:`GameEnd` of a finished game, from its final position (nothing changes after the end)."""
    no_pair = next((e.data["section"] for e in reversed(game.log) if e.rule == "GW-22" and "section" in e.data), None)
    return GameEnd(game.end_reason, game.players, game.declarer, game.final_turns, game.options.final_scoring,
                   no_pair, tuple(game.pool), tuple(game.box),
                   tuple((s.number, tuple(s.pair)) for s in game.sections if s.pair),
                   tuple((c.owner, c.token, s.number) for s in game.sections for c in s.cards if c.token is not None),
                   tuple(tuple(t) for t in game.tokens), tuple(game.winners()))


def _end_steps(e):
    names, steps = _NAMES, []
    if e.declarer is not None:
        who = names[e.declarer]
        steps.append(Step(f"{who} played every card of deck and hand and announced the last round: everyone else "
                          "took one more turn.", "GW-20", {"declarer": e.declarer}, {who: "focus"}))
    if e.reason == "last_round":
        how = ("until a whole round passed without a claim" if e.final_scoring == "until_quiet"
               else "one for each player")
        steps.append(Step(f"Back at {names[e.declarer]}, no more cards were played: {e.final_turns} scoring-only "
                          f"turn{'' if e.final_turns == 1 else 's'}, {how}; then the game ended.", "GW-21",
                          {"final_turns": e.final_turns}, {names[e.declarer]: "focus"}))
    elif e.no_pair_for is not None:
        steps.append(Step(f"Section {e.no_pair_for} was won, but the pool held {len(e.pool)} token"
                          f"{'' if len(e.pool) == 1 else 's'}, no pair for it: the game ended at once, with no further "
                          "turns and no further scoring.", "GW-22", {"pool": len(e.pool)},
                          {f"section {e.no_pair_for}": "focus"}))
    else:
        steps.append(Step("The last pair was drawn and the pool is empty: the game ended at once, with no further "
                          "turns and no further scoring.", "GW-22", {"pool": len(e.pool)}))
    face_down = sum(len(t) for t in e.tokens)
    counts = {"face_down": face_down, "on_cards": len(e.on_cards), "beside": sum(len(t) for _, t in e.pairs),
              "pool": len(e.pool), "box": len(e.box)}
    steps.append(Step(f"Where the {sum(counts.values())} tokens lie: {face_down} face down in front of the players, "
                      f"{counts['on_cards']} face up on cards, {counts['beside']} beside sections, {counts['pool']} "
                      f"in the pool, {counts['box']} in the box.", "GW-23", counts))
    if e.on_cards or e.pairs:
        lying = [f"{names[p]}'s {t} on a card of section {s}" for p, t, s in e.on_cards] + \
                [f"{' and '.join(map(str, t))} beside section {s}" for s, t in e.pairs]
        sections = {f"section {s}": "focus" for s in sorted({s for *_, s in e.on_cards} | {s for s, _ in e.pairs})}
        steps.append(Step("Only face-down tokens count: " + "; ".join(lying) + " count for no one.", "GW-23",
                          {"not_counted": sum(t for _, t, _ in e.on_cards) + sum(sum(t) for _, t in e.pairs)},
                          sections))
    totals = [sum(t) for t in e.tokens]
    for p, tokens in enumerate(e.tokens):
        added = " + ".join(map(str, tokens)) + f" = {totals[p]}" if len(tokens) > 1 else str(totals[p])
        steps.append(Step(f"{names[p]}'s face-down tokens: {added if tokens else 'none, 0'}.", "GW-23",
                          {"player": p, "tokens": len(tokens), "total": totals[p]}, {names[p]: "focus"}))
    best = max(totals)
    marks = {names[p]: "focus" for p in e.winners}
    if len(e.winners) == 1:
        others = ", ".join(f"{names[p]} {totals[p]}" for p in range(e.players) if p not in e.winners)
        steps.append(Step(f"{names[e.winners[0]]} has the highest total, {best} ({others}), and wins.", "GW-23",
                          {"winner": e.winners[0], "best": best}, marks))
    else:
        steps.append(Step(f"{' and '.join(names[p] for p in e.winners)} tie with {best}: the rules name no "
                          "tie-break, so they share the win.", "GW-23", {"winners": e.winners, "best": best}, marks))
    return tuple(steps)


_ORDINAL = {2: "two", 3: "three", 4: "four", 5: "five"}


def _nth(n):
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
