"""Exercises for Knizia's *Great Wall of China*: section totals, card points and the scoring check.

Every builder takes a game in the position to ask about and reads the answer from the engine's own
evidence (:meth:`~greatwall_kit.great_wall_of_china.Section.tally`, ``totals`` and ``check``), so an
answer is never typed in by hand. Sections and cards are numbered from 1, as in the move texts.

Each exercise keeps a copy of that position (``position=``: the game played on afterwards does not change it) and
shows it with the question in its quiz form: :func:`card_points` and :func:`section_total` ask for a total, so the
board hides every card's points and every total (and the status line, who leads, the scores);
:func:`scoring_check` and :func:`claims` ask for the outcome of a scoring check, so the board hides the status line
("Red must claim a token of section 1"), who leads or is tied, and the totals that decide it (a student works them
out from the cards, as Exercise 1 of the notebook teaches).

Examples
--------
>>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
>>> game = GreatWallOfChina.from_position({"players": 2, "to_act": "Yellow", "sections": [
...     {"pair": [5, 3], "cards": ["Red infantry", "Yellow gate", "Red infantry"]}, {"pair": [4, 7]}]})
>>> ex = section_total(game, 1, "Red")
>>> print(ex.check(2))
Not quite: you said 2. Hint 1 of 2: Add up Red's cards in section 1 by the rules of card values (GW-01, GW-14, GW-16 to GW-18).
>>> print(scoring_check(game, 1).solution())
Right: none. Yellow's 2 does not beat Red's 3 (totals: Red 3, Yellow 2). [GW-10]
"""  # noqa: E501 - doctest output is compared as printed

from ..engine.errors import GreatWallError, quote
from .core import HIDES, Asks, Exercise, as_choice, as_int, as_int_set, for_game

_this_game_only = for_game("great_wall_of_china", "Great Wall of China")

__all__ = ["card_points", "section_total", "scoring_check", "claims"]

_KIND = {"wall": "Wall", "gate": "Gate", "watchtower": "Watchtower", "infantry": "Infantry", "cavalry": "Cavalry",
         "noble": "Noble", "dragon": "Dragon"}
CLAIMS = ("first", "second", "none")


@_this_game_only
def card_points(game, section, card):
    """What card number ``card`` (1 = leftmost) of ``section`` is worth now (GW-01, GW-16 to GW-18)."""
    sec = _section(game, section)
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= len(sec.cards):
        raise GreatWallError(f"section {section} has cards 1 to {len(sec.cards)}, not {quote(card)}")
    tally = sec.tally()
    i = card - 1
    shown = sec.cards[i]
    name = f"{game.player_names[shown.owner]}'s {_KIND[shown.kind]}"
    points = tally.points[i]
    if tally.noble is not None:
        why, rule = f"a Noble lies in section {section} (card {tally.noble + 1}), so every card is worth 1", "GW-17"
    elif tally.infantry_rank[i]:
        rank = tally.infantry_rank[i]
        why, rule = f"it is the {_nth(rank)} counted Infantry, worth {rank}", "GW-16"
    elif shown.beneath:
        why, rule = "a Dragon is worth 1; the card beneath it scores nothing", "GW-18"
    else:
        why, rule = f"a {_KIND[shown.kind]} is worth {points}", "GW-01"
    return Exercise(f"How many points is card {card} of section {section} ({name}) worth?", points,
                    explain=f"Card {card} is {name}: {why}.", rule=rule, parse=as_int,
                    asks=Asks("total", (f"section {section}",)), position=game.copy(),
                    hints=(f"Look at card {card} of section {section} and the rules of card values (GW-01, GW-16 to "
                           "GW-18).",
                           f"Check section {section} for a Noble and for a Dragon on top of card {card}; if neither "
                           "applies, the card's kind sets its value (an Infantry counts by its place among its "
                           "owner's Infantry in the section)."))


@_this_game_only
def section_total(game, section, player):
    """How many points ``player`` (a name or a number) has in ``section`` now, a first-claimed token taken off."""
    sec = _section(game, section)
    p = _player(game, player)
    name = game.player_names[p]
    tally = sec.tally()
    parts = [f"{_KIND[c.kind]} {pts}" for c, pts in zip(sec.cards, tally.points, strict=True) if c.owner == p]
    total = sec.totals()[p]
    token = next((c.token for c in sec.cards if c.owner == p and c.token is not None), None)
    sum_text = " + ".join(parts) if parts else "no card"
    explain = f"{name}'s cards in section {section}: {sum_text} = {tally.totals[p]}"
    if token is not None:
        explain += f", minus the {token} token lying on one of them = {total}"
    covered = [beneath for c in sec.cards for beneath in c.beneath]
    if token is not None:
        rule = "GW-14"
    elif tally.noble is not None:
        rule = "GW-17"
    elif any(owner == p or kind == "noble" for owner, kind in covered):  # a Dragon that changes this total
        rule = "GW-18"
    elif any(r for c, r in zip(sec.cards, tally.infantry_rank, strict=True) if c.owner == p):
        rule = "GW-16"
    else:
        rule = "GW-01"
    return Exercise(f"How many points does {name} have in section {section}?", total, explain=explain + ".",
                    rule=rule, parse=as_int, asks=Asks("total", (f"section {section}", name)), position=game.copy(),
                    hints=(f"Add up {name}'s cards in section {section} by the rules of card values (GW-01, GW-14, "
                           "GW-16 to GW-18).",
                           f"Value each of {name}'s cards in section {section} in turn (a Noble in the section: "
                           "every card 1; a card under a Dragon: 0; Infantry by its place), then take off the value "
                           f"of a token {name} claimed face up there."))


@_this_game_only
def scoring_check(game, section, player=None):
    """Whether ``player`` (default: the player to act) claims the first token, the second, or none in ``section``
    if their scoring check came now (GW-10 to GW-12, GW-15)."""
    sec = _section(game, section)
    p = game.to_act if player is None else _player(game, player)
    if p is None:
        raise GreatWallError("the game is over: no one has a scoring check; name a player")
    check = sec.check(p)
    totals = ", ".join(f"{game.player_names[q]} {t}" for q, t in enumerate(check.totals) if check.takes_part[q])
    explain = check.reason[0].upper() + check.reason[1:] + (f" (totals: {totals})" if totals else "")
    if check.claim == "first":
        explain += "; both tokens are there, so it is the first token, laid face up on one of their cards"
        rule = "GW-11"
    elif check.claim == "second":
        explain += "; one token is left, so it is the second: both tokens go face down and the cards are discarded"
        rule = "GW-15" if _alone_below_one(check) else "GW-12"
    else:
        rule = "GW-10"
    name = game.player_names[p]
    return Exercise(f"At {name}'s scoring check, does {name} claim a token in section {section}: the first, "
                    "the second, or none?", check.claim or "none", explain=explain + ".", rule=rule,
                    parse=as_choice(CLAIMS), choices=CLAIMS, asks=Asks("verdict", (f"section {section}", name)),
                    position=game.copy(),
                    hints=(f"Work out every player's total in section {section} (the card values, GW-01, GW-14, "
                           "GW-16 to GW-18) and look at the tokens still beside it (GW-10 to GW-12, GW-15).",
                           f"Compare {name}'s total in section {section} with that of every other player who has "
                           "cards there (a claim needs strictly more, unless GW-15 applies), then count the tokens "
                           "left beside the section."))


@_this_game_only
def claims(game, player=None):
    """In which sections ``player`` (default: the player to act) must claim a token if their check came now."""
    p = game.to_act if player is None else _player(game, player)
    if p is None:
        raise GreatWallError("the game is over: no one has a scoring check; name a player")
    name = game.player_names[p]
    checks = [s.check(p) for s in game.sections]
    due = frozenset(c.section for c in checks if c.claim)
    explain = "; ".join(f"Section {c.section}: {c.reason}" for c in checks)
    # a claim alone at zero or below is GW-15's; every other claim and every "no" is GW-10's strictly-more test
    rule = "GW-15" if any(c.claim == "second" and _alone_below_one(c) for c in checks) else "GW-10"
    return Exercise(f"In which sections does {name} claim a token at this scoring check? (e.g. 1, 3 or none)",
                    due, explain=explain + ".", rule=rule, parse=as_int_set,
                    asks=Asks("elements", tuple(f"section {c.section}" for c in checks)),
                    position=game.copy(), hide=HIDES["verdict"],  # the totals would give the majorities away
                    hints=(f"Work out every section's totals (the card values) and read rule GW-10 (and GW-15 for "
                           f"a section where {name} holds the first token).",
                           f"Section by section, compare {name}'s total with the highest total of the other players "
                           "who have cards there: only strictly more counts."))


def _alone_below_one(check):
    """Whether a claim of the second token needs GW-15: the claimant alone in the section at zero points or below."""
    return sum(check.takes_part) == 1 and check.totals[check.player] <= 0


def _section(game, number):
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(game.sections):
        raise GreatWallError(f"the game has sections 1 to {len(game.sections)}, not {quote(number)}")
    return game.sections[number - 1]


def _player(game, player):
    names = game.player_names[:game.players]
    if isinstance(player, str) and player in names:
        return names.index(player)
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < game.players:
        return player
    raise GreatWallError(f"a player is one of {', '.join(names)} (or 0 to {game.players - 1}), not {quote(player)}")


def _nth(n):
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
