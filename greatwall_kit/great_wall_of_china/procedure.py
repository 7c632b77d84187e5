"""A section scored, as the rulebook's steps: each card's points (GW-16 to GW-18), each player's total with a
first-claimed token taken off (GW-14), the scoring check (GW-10) and the claim (GW-11 to GW-13, GW-05, GW-06); and
the end of the game (GW-20 to GW-23): why it ended, where every token lies, each player's face-down tokens turned
face up and the winner.

This module attaches the steps to the evidence types of :mod:`.evidence` (``engine.steps.procedure``), with a
summary of each outcome for a what-if comparison. Board keys: ``section <n>`` and the players' names, the node ids
of ``game.graph()``. A step that gives a player a face-down token carries ``numbers["player"]`` and
``numbers["token"]``. A step that moves a token or a card carries its ``change``, naming the board elements by
their keys (:mod:`.changes` makes it on a copy of the game), and marks exactly what it changes on the board.

Examples
--------
Red's two Infantry and Yellow's Noble covered by Red's Dragon; Red must claim a token:

>>> from greatwall_kit.engine.steps import steps_of
>>> claim = SectionClaim(1, 0, 2, ((0, "infantry", (), None), (1, "gate", (), None), (0, "infantry", (), None),
...                                (0, "dragon", ((1, "noble"),), None)), claim="first", token=5, card=1)
>>> for step in steps_of(claim):
...     print(step)
Section 1 holds 4 cards, left to right. [GW-19]
Card 1, Red's Infantry: Red's 1st Infantry here, worth 1. [GW-16]
Card 2, Yellow's Gate: 2. [GW-01]
Card 3, Red's Infantry: Red's 2nd Infantry here, worth 2 (1 + 2 = 3 for the two). [GW-16]
Card 4, Red's Dragon on Yellow's Noble: the Noble scores nothing and loses its ability; the Dragon is worth 1. [GW-18]
Totals: Red 4, Yellow 2. [GW-10]
Red's 4 is strictly more than everyone else's (Yellow 2): Red must claim a token. [GW-10]
Both tokens lie here: Red lays the 5 token face up on their Infantry (card 1) and counts 4 - 5 = -1 here now. [GW-11]

The position after a step: Yellow's 1 beats Red's 2 - 5 at Yellow's check, and Yellow takes the last token.

>>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
>>> game = GreatWallOfChina.from_position({"players": 2, "to_act": "Yellow", "sections": [
...     {"pair": [3], "cards": ["Red gate [5]", "Yellow wall"]}, {"pair": [4, 7], "cards": []}]})
>>> resolved = game.resolutions()[0]
>>> take = next(step for step in resolved.steps if "take" in step.change)
>>> print(take)
One token is left: Yellow takes the 3 token face down. [GW-12]
>>> resolved.before.sections[0].pair, resolved.before.tokens, take.after.sections[0].pair, take.after.tokens
([3], [[], []], [], [[], [3]])
>>> dict(take.touches)
{'section 1': 'changed', 'Yellow': 'changed'}
"""

from ..engine.steps import Step, procedure
from .cards import NAME, VALUE, Card, tally, triangle
from .evidence import ClaimToChoose, GameEnd, SectionClaim
from .sections import Section

__all__ = ["SectionClaim", "ClaimToChoose", "GameEnd"]

_NAMES = Section.names


def _claim_summary(c):
    if c.claim == "first":
        goes = f"face up on their {NAME[c.cards[c.card - 1][1]]} (card {c.card})"
    else:
        goes = f"face down to {_NAMES[c.player]}"
    return {"the claimant is {}": _NAMES[c.player], "the token claimed is {}": f"the {c.token} token",
            "it goes {}": goes}


@procedure(SectionClaim, summary=_claim_summary)
def claim_steps(c):
    """The section's totals, the scoring check and the claim, with the tokens, cards and pair moved."""
    steps = _check_steps(c)
    key, who = f"section {c.section}", _NAMES[c.player]
    cards = c.cards
    if c.claim == "first":
        kind, mine = cards[c.card - 1][1], steps[-1].numbers["player_total"]
        steps.append(Step(f"Both tokens lie here: {who} lays the {c.token} token face up on their {NAME[kind]} "
                          f"(card {c.card}) and counts {mine} - {c.token} = {mine - c.token} here now.", "GW-11",
                          {"token": c.token, "card": c.card, "total": mine - c.token}, {key: "changed", who: "focus"},
                          {"lay": {"section": key, "token": c.token, "card": c.card}}))
        return tuple(steps)
    at = next(i for i, card in enumerate(cards) if card[3] is not None)
    owner, kind, _, first = cards[at]
    steps.append(Step(f"One token is left: {who} takes the {c.token} token face down.", "GW-12",
                      {"player": c.player, "token": c.token}, {key: "changed", who: "changed"},
                      {"take": {"section": key, "token": c.token, "player": who}}))
    steps.append(Step(f"{_NAMES[owner]} takes the {first} token from their {NAME[kind]} (card {at + 1}) face down"
                      + (": one player wins both tokens." if owner == c.player else "."),
                      "GW-13" if owner == c.player else "GW-12", {"player": owner, "token": first},
                      {key: "changed", _NAMES[owner]: "changed"},
                      {"lift": {"section": key, "card": at + 1, "token": first, "player": _NAMES[owner]}}))
    count = sum(1 + len(card[2]) for card in cards)  # covered cards go too
    steps.append(Step(f"The section's {'card is' if count == 1 else f'{count} cards are'} discarded.", "GW-12",
                      {"discarded": count}, {key: "changed"}, {"discard": {"section": key}}))
    for i in range(0, len(c.boxed), 2):
        pair = c.boxed[i:i + 2]
        steps.append(Step(f"Two {pair[0]}s are drawn for section {c.section}: with two players an equal pair goes "
                          "back to the box.", "GW-06", {"pair": pair}, {key: "focus"},
                          {"box": {"section": key, "tokens": list(pair)}}))
    if c.new_pair:
        a, b = c.new_pair
        steps.append(Step(f"Tokens {a} and {b} are laid face up at section {c.section}.", "GW-05",
                          {"pair": c.new_pair}, {key: "changed"}, {"pair": {"section": key, "tokens": [a, b]}}))
    else:
        steps.append(Step(f"No pair is left in the pool for section {c.section}: it stays empty.", "GW-22",
                          {"pool": 0}, {key: "focus"}))
    return tuple(steps)


def _check_steps(c):
    """The steps of the scoring check up to "must claim": each card's points, the tokens taken off, the totals."""
    here = {f"section {c.section}": "focus"}
    cards = [Card(o, k, tuple(tuple(b) for b in beneath), token) for o, k, beneath, token in c.cards]
    t = tally(cards, c.players, c.options)
    steps = [Step(f"Section {c.section} holds {len(cards)} card{'' if len(cards) == 1 else 's'}, left to right.",
                  "GW-19", {"cards": len(cards)}, here)]
    if t.noble is not None:
        steps.append(Step(f"Card {t.noble + 1}, {_NAMES[cards[t.noble].owner]}'s Noble: every card in the section "
                          "is worth 1.", "GW-17", {"noble": t.noble + 1}, here))
    for i, (card, points) in enumerate(zip(cards, t.points, strict=True), 1):
        who = f"Card {i}, {_NAMES[card.owner]}'s {NAME[card.kind]}"
        numbers = {"card": i, "player": card.owner, "points": points}
        if card.beneath:
            under = " and ".join(f"{_NAMES[o]}'s {NAME[k]}" for o, k in card.beneath)
            ability = " and loses its ability" if card.beneath[-1][1] == "noble" else ""
            sentence, rule = (f"{who} on {under}: the {NAME[card.beneath[-1][1]]} scores nothing{ability}; the "
                              f"Dragon is worth {points}."), "GW-18"
        elif t.noble is not None:
            sentence, rule = f"{who}: 1 (the Noble).", "GW-17"
        elif card.kind == "infantry":
            rank = t.infantry_rank[i - 1]
            per_player = c.options.infantry == "per_player"
            whose = f"{_NAMES[card.owner]}'s" if per_player else "the section's"
            total = f" ({' + '.join(map(str, range(1, rank + 1)))} = {triangle(rank)} for the {_ORDINAL[rank]})" \
                if rank > 1 and per_player else ""
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
    return steps


def _choice_summary(c):
    tokens = " or ".join(f"the {t} token" for t in sorted(set(c.pair)))
    return {"the claimant is {}": _NAMES[c.check.player], "the token claimed is {}": f"still to choose ({tokens})",
            "it goes {}": f"face up on a card still to choose (card {' or '.join(map(str, c.cards))})"}


@procedure(ClaimToChoose, summary=_choice_summary)
def choice_steps(c):
    """The section's totals and the check, then the choice that waits: nothing has moved yet."""
    check = c.check
    who = _NAMES[check.player]
    mine = ", ".join(map(str, c.cards))
    choose = Step(f"Both tokens lie here ({c.pair[0]} and {c.pair[1]}): {who} chooses one and the card to lay it "
                  f"on face up, card{'' if len(c.cards) == 1 else 's'} {mine} ({c.choices} choices).",
                  "GW-11", {"pair": c.pair, "choices": c.choices}, {f"section {check.section}": "focus", who: "focus"})
    return (*_check_steps(check), choose)


def _end_summary(e):
    why = "the token pool ran out" if e.reason == "pool" else "the last round is over"
    totals = [sum(t) for t in e.tokens]
    winners = " and ".join(_NAMES[p] for p in e.winners) + (" (a tie)" if len(e.winners) > 1 else "")
    return {"the game ends because {}": why,
            "the scores are {}": ", ".join(f"{_NAMES[p]} {totals[p]}" for p in range(e.players)),
            "the winner is {}": winners}


@procedure(GameEnd, summary=_end_summary)
def end_steps(e):
    """Why the game ended, where every token lies, each player's tokens turned face up, the winner."""
    names, steps = _NAMES, []
    turn = names[e.turn]
    if e.declarer is not None:
        who = names[e.declarer]
        steps.append(Step(f"{who} played every card of deck and hand and announced the last round: everyone else "
                          "took one more turn.", "GW-20", {"declarer": e.declarer}, {who: "focus"}))
    ended = {"end": {"reason": e.reason}}
    if e.reason == "last_round":
        how = ("until a whole round passed without a claim" if e.options.final_scoring == "until_quiet"
               else "one for each player")
        steps.append(Step(f"Back at {names[e.declarer]}, no more cards were played: {e.final_turns} scoring-only "
                          f"turn{'' if e.final_turns == 1 else 's'}, {how}; then the game ended.", "GW-21",
                          {"final_turns": e.final_turns}, {names[e.declarer]: "focus", turn: "changed"}, ended))
    elif e.no_pair_for is not None:
        steps.append(Step(f"Section {e.no_pair_for} was won, but the pool held {len(e.pool)} token"
                          f"{'' if len(e.pool) == 1 else 's'}, no pair for it: the game ended at once, with no further "
                          "turns and no further scoring.", "GW-22", {"pool": len(e.pool)},
                          {f"section {e.no_pair_for}": "focus", turn: "changed"}, ended))
    else:
        steps.append(Step("The last pair was drawn and the pool is empty: the game ended at once, with no further "
                          "turns and no further scoring.", "GW-22", {"pool": len(e.pool)}, {turn: "changed"}, ended))
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
        if tokens:
            added = " + ".join(map(str, tokens)) + f" = {totals[p]}" if len(tokens) > 1 else str(totals[p])
            sentence = f"{names[p]}'s face-down tokens are turned face up: {added}."
        else:
            sentence = f"{names[p]} has no face-down token: 0."
        steps.append(Step(sentence, "GW-23", {"player": p, "tokens": len(tokens), "total": totals[p]},
                          {names[p]: "changed"}, {"reveal": {"player": names[p]}}))
    best = max(totals)
    won = {"winners": {"players": [names[p] for p in e.winners]}}
    marks = {names[p]: "changed" for p in e.winners}
    if len(e.winners) == 1:
        others = ", ".join(f"{names[p]} {totals[p]}" for p in range(e.players) if p not in e.winners)
        steps.append(Step(f"{names[e.winners[0]]} has the highest total, {best} ({others}), and wins.", "GW-23",
                          {"winner": e.winners[0], "best": best}, marks, won))
    else:
        steps.append(Step(f"{' and '.join(names[p] for p in e.winners)} tie with {best}: the rules name no "
                          "tie-break, so they share the win.", "GW-23", {"winners": e.winners, "best": best}, marks,
                          won))
    return tuple(steps)


_ORDINAL = {2: "two", 3: "three", 4: "four", 5: "five"}


def _nth(n):
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
