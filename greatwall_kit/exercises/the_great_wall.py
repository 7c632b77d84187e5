"""Exercises for *The Great Wall*: Defense, Breach, Shame, losses, Defeat, Honor and final Honor.

Every builder takes a game in the position to ask about and computes the answer with the engine's own
evidence functions (:func:`~greatwall_kit.the_great_wall.assess_breach`,
:func:`~greatwall_kit.the_great_wall.assess_defeat`, :func:`~greatwall_kit.the_great_wall.scoring.final_scores`)
on that position, exactly as the Winter does. Sections are numbered from 0, as in the move texts and the picture.
To ask about a Winter already played, build the exercise on ``game.position_at(event=resolved.start)`` of the
resolution in ``game.resolutions()``: the position just before the rules resolved it.

Each exercise keeps a copy of that position (``exercise.position``; the game may play on) and shows it above the
question in its quiz form (``exercise.picture()``): a Defense hides the sections' totals, a Breach their Power,
Defense and verdict, Shame and a Defeat's claimant the totals and the Honor, losses the totals and the verdict (not
the counts: Soldiers in the Barracks are victims too), a Defeat's Honor and the final Honor the clans' Honor and
final Honor (the final Honor's question gives the Honor it starts from); every quiz form hides the status line, the
verdicts and the marks.

Examples
--------
>>> from greatwall_kit.the_great_wall import TheGreatWall
>>> game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "clans": [{"chi": 2}, {}],
...     "sections": [{"wall": 1, "barricades": 0, "horde": [{"card": "h02", "spots": ["S0", ".", "."]}]},
...                  {"wall": 0, "barricades": 3, "horde": []}, {"wall": 0, "barricades": 3, "horde": []}]})
>>> print(breach(game, 0).check("no"))
Not quite: you said no. Hint 1 of 2: Compare the Offensive Power of the Horde cards in section 0 with its Defense (TGW-22, TGW-38).
>>> print(breach(game, 0).show_solution())
Right: yes. Offensive Power Steppe Archers (h02) 6 = 6 against Defense = wall tile 4 + 2 x 0 Barricades = 4: 6 > 4, a Breach. [TGW-22]
>>> print(shamed(game, 0).solution())
Right: Tiger. On a Breach every clan with no Soldier on a breaching card takes a Shame token: Tiger (none on Steppe Archers (h02)). [TGW-39]
>>> quiz = breach(game, 0).picture()
>>> "Power ? · Defense ?" in quiz, "would breach" in quiz, "Power ? · Defense ?" in game.picture()
(True, False, False)
"""  # noqa: E501 - doctest output is compared as printed

from ..engine.errors import GreatWallError, quote
from ..the_great_wall.combat import assess_breach, assess_defeat
from ..the_great_wall.evidence import SAVE_COST
from ..the_great_wall.scoring import final_scores
from .core import Asks, Exercise, as_choice, as_int, for_game

_this_game_only = for_game("the_great_wall", "The Great Wall")

__all__ = ["defense", "breach", "shamed", "losses", "defeat_claimant", "defeat_honor", "final_honor",
           "as_name_set"]

YES_NO = ("yes", "no")
#: The quiz form of a losses exercise: it hides the Power and Defense and the Breach verdict (the first half of the
#: reasoning) but not the counts, as the Soldiers in the Barracks are victims too.
LOSSES_HIDE = ("totals", "status", "verdicts", "marks")


def as_name_set(options):
    """A parser accepting a set of names from ``options``: ``"Crane, Tiger"``, ``["tiger"]`` or ``"none"``."""
    pick = as_choice(options)

    def parse(value):
        if isinstance(value, (set, frozenset, list, tuple)):
            items = list(value)
        else:
            text = str(value).strip()
            items = [] if text.lower() in ("", "none", "nobody") else [t for t in text.replace(";", ",").split(",")
                                                                      if t.strip()]
        return frozenset(pick(item) for item in items)
    return parse


@_this_game_only
def defense(game, section):
    """The Defense of ``section`` now: wall tile value + 2 x Barricades (TGW-38)."""
    b = _assault(game, section)
    return Exercise(f"What is the Defense of section {section}?", b.defense,
                    explain=f"Defense = wall tile {b.wall_value} (level {b.wall_level}) + 2 x {b.barricades} "
                            f"Barricades = {b.defense}.", rule="TGW-38", parse=as_int,
                    asks=Asks("total", (f"section:{section}",)), position=game.copy(),
                    hints=(f"Look at section {section}'s wall tile and its Barricades (TGW-38).",
                           f"Find the value of section {section}'s wall tile at its level and the number of "
                           "Barricades on it, and apply TGW-38."))


@_this_game_only
def breach(game, section):
    """Whether ``section`` is Breached if its Assault came now: Offensive Power > Defense (TGW-22, TGW-38)."""
    b = _assault(game, section)
    return Exercise(f"Is section {section} Breached in the Assault? (yes or no)", "yes" if b.breached else "no",
                    explain=_comparison(b, game), rule="TGW-22", parse=as_choice(YES_NO), choices=YES_NO,
                    asks=Asks("verdict", (f"section:{section}",)), hints=_breach_hints(section),
                    position=game.copy())


@_this_game_only
def shamed(game, section):
    """Which clans take a Shame token if ``section``'s Assault came now (TGW-39)."""
    b = _assault(game, section)
    names = _names(game)
    who = frozenset(names[p] for p, _ in b.shamed)
    if not b.breached:
        explain = f"{_comparison(b, game)} No Breach, so no Shame."
    elif who:
        each = ", ".join(f"{names[p]} (none on {game.cat.card(card)})" for p, card in b.shamed)
        explain = f"On a Breach every clan with no Soldier on a breaching card takes a Shame token: {each}."
    else:
        explain = "On a Breach every clan with no Soldier on a breaching card takes a Shame token: every clan has one."
    return Exercise(f"Which clans take a Shame token in section {section}'s Assault? (names, or none)", who,
                    explain=explain, rule="TGW-39", parse=as_name_set(names),
                    asks=Asks("players", (f"section:{section}",)), position=game.copy(),
                    hints=(f"{_breach_hints(section)[0]} Then look at whose Soldiers stand on the Horde cards "
                           "(TGW-39).",
                           "Only a Breach brings Shame: then check every clan against every breaching Horde card for "
                           "a Soldier on it."))


@_this_game_only
def losses(game, section, player):
    """How many of ``player``'s Soldiers die in ``section``'s Assault if they Save none (TGW-40, TGW-41).

    Read before any Shame token is placed (a token under a Soldier of the Barracks could change the victims).
    """
    b = _assault(game, section)
    p = _player(game, player)
    name = _names(game)[p]
    victims, archers = b.victims[p], b.archers_killed[p]
    if not b.breached:
        explain = f"{_comparison(b, game)} No Breach, so no one dies."
    else:
        where = ", ".join(f"a {k} on {game.cat.card(b.card_powers[r][0])}" if r >= 0 else f"a {k} from the Barracks"
                          for k, r, _ in victims) or "no Soldier on the cards or in the Barracks"
        explain = (f"Lethality {b.lethality} per breaching card ({len(b.card_powers)} here): {name} loses {where}"
                   f"; {archers} Archer{'' if archers == 1 else 's'} in the Firing spots die too. Each victim on the "
                   "cards or from the Barracks "
                   f"may be Saved for {SAVE_COST} Chi; the Archers cannot.")
    return Exercise(f"How many of {name}'s Soldiers die in section {section}'s Assault if {name} Saves none?",
                    len(victims) + archers, explain=explain, rule="TGW-40", parse=as_int,
                    asks=Asks("count", (f"section:{section}",)), position=game.copy(), hide=LOSSES_HIDE,
                    hints=(f"{_breach_hints(section)[0]} Then look at the Lethality and at {name}'s Soldiers there "
                           "(TGW-40, TGW-41).",
                           f"Only a Breach kills: then each breaching card kills Lethality Soldiers of {name}, and "
                           f"every Archer of {name} in section {section}'s Firing spots dies too; count both."))


@_this_game_only
def defeat_claimant(game, card):
    """Who claims the Defeated Horde card ``card`` (its id, e.g. ``"h03"``), or nobody (TGW-34)."""
    d = _defeat(game, card)
    names, named = _names(game), f"{d.card_name} ({d.card})"
    covered = ", ".join(f"{names[p]} {c}" for p, c in enumerate(d.covers))
    if d.claimant is None:
        answer = "nobody"
        why = "on a tie nobody claims it" if d.tied else "no Soldier covers a spot"
    else:
        answer = names[d.claimant]
        why = (f"{' and '.join(names[p] for p in d.tied)} tie; Tea order decides" if len(d.tied) > 1
               else f"{answer} covers most spots")
    return Exercise(f"Who claims {d.card_name} ({d.card}) when it is Defeated? (a clan, or nobody)", answer,
                    asks=Asks("players", (f"card:{d.card}",)), position=game.copy(),
                    hints=(f"Look at {named}'s Vital spots and at who covers them (TGW-33, TGW-34).",
                           f"Count the spots each clan's Soldiers cover on {named} (a Horseman covers 2, a Wound "
                           "counts for no one) and compare the highest counts."),
                    explain=f"Spots covered by Soldiers (a Horseman covers 2, Wounds count for no one): {covered}; "
                            f"{why}.", rule="TGW-34", parse=as_choice(list(names) + ["nobody"]),
                    choices=list(names) + ["nobody"])


@_this_game_only
def defeat_honor(game, card, player):
    """How much Honor ``player`` gains when Horde card ``card`` is Defeated (TGW-35, TGW-36)."""
    d = _defeat(game, card)
    p = _player(game, player)
    name = _names(game)[p]
    soldier, archer = d.soldier_honor[p], d.archer_honor[p]
    on = "a Soldier on the card: +2" if soldier else "no Soldier on the card: +0"
    return Exercise(f"How much Honor does {name} gain when {d.card_name} ({d.card}) is Defeated?", soldier + archer,
                    asks=Asks("total", (f"card:{d.card}",)), position=game.copy(),
                    hints=(f"Look at {name}'s Soldiers on {d.card_name} ({d.card}) and {name}'s Archers in section "
                           f"{d.section}'s Firing spots (TGW-35, TGW-36).",
                           f"A Soldier of {name} on the card brings Honor once, and each Archer of {name} in the "
                           "section's Firing spots brings Honor too: count both and apply TGW-35 and TGW-36."),
                    explain=f"{name} has {on}; {d.archers[p]} Archer{'' if d.archers[p] == 1 else 's'} in section "
                            f"{d.section}'s Firing spots: "
                            f"+2 each = {archer}. Together {soldier + archer}.", rule="TGW-36" if archer else "TGW-35",
                    parse=as_int)


@_this_game_only
def final_honor(game, player):
    """``player``'s final Honor if the game were scored now: Shame under Soldiers, Horde rewards, Artifacts
    (TGW-43, TGW-44, TGW-48)."""
    p = _player(game, player)
    name = _names(game)[p]
    f = final_scores(game)[p]
    shamed_cards = [card for card, shamed in game.clans[p]["trophies"] if shamed]
    lost = f" A Shame token lies on {game.cat.names(shamed_cards)}: no reward (TGW-44)." if shamed_cards else ""
    question = f"What is {name}'s final Honor?" if game.is_over else \
        f"What would {name}'s final Honor be if the game ended now?"
    question += f" ({name} has {f.honor} Honor before the final scoring.)"  # the quiz picture hides the Honor
    return Exercise(question, f.total, asks=Asks("total", (f"clan:{p}",)), position=game.copy(),
                    hints=(f"Look at {name}'s Honor, Shame tokens, claimed Horde cards and Artifacts (TGW-43, TGW-44, "
                           "TGW-48).",
                           "Take 5 Honor off for each Shame token under a Soldier (never below 0), then add the "
                           "rewards of the claimed Horde cards without a Shame token and each Artifact's bonus."),
                    explain=f"{f.honor} Honor - 5 x {f.shame} Shame token{'' if f.shame == 1 else 's'} under "
                            f"Soldiers = {f.after_shame} (never below 0), + {f.horde} from claimed Horde cards without "
                            f"Shame + {f.artifacts} from Artifacts = {f.total}.{lost}", rule="TGW-48", parse=as_int)


def _breach_hints(section):
    return (f"Compare the Offensive Power of the Horde cards in section {section} with its Defense (TGW-22, TGW-38).",
            f"Add the Power of every Horde card in section {section}; add the wall tile's value and 2 for each "
            "Barricade; a Breach needs strictly more Power than Defense.")


def _assault(game, section):
    if isinstance(section, bool) or not isinstance(section, int) or not 0 <= section < len(game.sections):
        raise GreatWallError(f"the wall has sections 0 to {len(game.sections) - 1}, not {quote(section)}")
    sec = game.sections[section]
    return assess_breach(section, sec["rows"], game.cat, sec["wall"], sec["barricades"], sec["archers"],
                         game.lethality, [c["barracks"] for c in game.clans], game.players, game.options)


def _defeat(game, card):
    for s, sec in enumerate(game.sections):
        for r, row in enumerate(sec["rows"]):
            if row["card"] == card:
                if None in row["spots"]:
                    raise GreatWallError(f"{game.cat.card(card)} still has an open Vital spot: it is not Defeated "
                                         "[TGW-34]")
                return assess_defeat(s, r, game.cat.horde[card], row["spots"], sec["archers"], game.lethality,
                                     game.tea, game.players, game.options)
    raise GreatWallError(f"{quote(card)} is not a Horde card on the wall now")


def _comparison(b, game):
    parts = " + ".join(f"{game.cat.card(c)} {pw}" for c, pw in b.card_powers) or "no Horde card"
    verdict = f"{b.power} > {b.defense}, a Breach" if b.breached else f"{b.power} <= {b.defense}, the wall holds"
    return (f"Offensive Power {parts} = {b.power} against Defense = wall tile {b.wall_value} + 2 x {b.barricades} "
            f"Barricades = {b.defense}: {verdict}.")


def _names(game):
    return game.player_names[:game.players]


def _player(game, player):
    names = _names(game)
    if isinstance(player, str) and player in names:
        return names.index(player)
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < game.players:
        return player
    raise GreatWallError(f"a player is one of {', '.join(names)} (or 0 to {game.players - 1}), not {quote(player)}")
