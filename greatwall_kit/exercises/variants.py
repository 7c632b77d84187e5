"""Exercises on the rules' named variants: predict which reading of an ambiguous rule scores more, then check.

A rule the sources leave open has two readings in the kit: the default and a named option of ``new_game``
(``dominance_tower=1``, ``infantry="per_section"``, ``branch_walls_block_tracks=False`` ...; the README's *Rule
interpretations* lists them). Every builder takes ``game``, a position under its own reading, and ``other``, a
dict naming **one** option with another value. It sets the same position up again under ``other`` (the same start
position, seed, player count and decisions so far), plays ``moves`` under both readings, each on a copy, and reads the
answer from the two engines: nothing is worked out here but the comparison. ``game`` never changes, and the exercise
shows it (a read-only copy, as it was when the exercise was built) in the quiz form of its kind of answer.

The rule an exercise cites is the rule ``other`` is a reading of: the rule whose ``variant`` names the option and
value (Chang Cheng's review readings, CC-V1 to CC-V6), else the one whose ``variant`` names the option (CC-51 for
``dominance_tower``). An option that is no reading of a rule (a board layout, the card data) is refused.

A reading is written ``option=value`` in the questions and the drop-downs, e.g. ``dominance_tower=2``.

Examples
--------
>>> from greatwall_kit.chang_cheng import ChangCheng
>>> game = ChangCheng.from_position({"players": 2, "faces": ["1A", "2A"], "threat": [None] * 6,
...     "reputation": [2, 1, 2, 3, 4, 0], "emperor_cards": 0, "options": {"events": "dominance"},
...     "wall": "R RT R G R R R R G GT G G G | R G R G R G R G R G R G R"})
>>> ex = more_points(game, {"dominance_tower": 1}, "Red")
>>> print(ex.question)
Under which reading does Red score more points: dominance_tower=2 or dominance_tower=1? (or the same)
>>> print(ex.check("dominance_tower=2"))
Not quite: you said dominance_tower=2. Hint 1 of 2: Read rule CC-51 (greatwall_kit.rules.get('CC-51')): dominance_tower=2 and dominance_tower=1 are two readings of it. Then look at the wall and at what Event card dominance scores.
>>> print(ex.show_solution())
Right: the same. Red scores 4 points under dominance_tower=2 and 4 under dominance_tower=1: the same. Where the engines' steps differ: Under dominance_tower=2: Longest run: Red 4, Green 6. Green scores 6. Under dominance_tower=1: Longest run: Red 4, Green 5. Green scores 5. [CC-51]
>>> print(points_gained(game, {"dominance_tower": 1}, "Green").solution().answer)
-1
>>> game.points  # the game itself is never changed
[4, 6]
"""  # noqa: E501 - doctest output is compared as printed

import dataclasses
import re
from typing import Any

from .. import rules as _rules
from ..dschingis_khan.moves import Climb, Gate, Track
from ..engine.errors import GreatWallError, IllegalMoveError, quote
from ..engine.protocol import Game
from ..the_great_wall.combat import assess_breach
from ..the_great_wall.scoring import final_scores
from .core import HIDES, Asks, Exercise, as_choice, as_int, for_game

__all__ = ["more_points", "points_gained", "who_gains", "scout_reach", "less_shame", "reading"]

SAME = "the same"


# -- two readings of one rule ------------------------------------------------------------------------------------

def reading(option, value):
    """A reading as the questions and the drop-downs write it: ``option=value``.

    >>> reading("dominance_tower", 1), reading("infantry", "per_section"), reading("branch_walls_block_tracks", False)
    ('dominance_tower=1', 'infantry=per_section', 'branch_walls_block_tracks=False')
    """
    return f"{option}={value}"


@dataclasses.dataclass(frozen=True)
class _Readings:
    """One option under the game's own reading (``a``) and under the other (``b``): the two games with the moves
    played, their labels, the rule the option is a reading of, and the position before the moves."""

    option: str
    label_a: str
    label_b: str
    rule: str
    before: Game
    a: Game
    b: Game


def _a_game(game):
    if not isinstance(game, Game):
        raise GreatWallError(f"these exercises need a game of the kit (a position to compare), not {quote(game)}")


def _readings(game, other, moves=()):
    _a_game(game)
    if not isinstance(other, dict) or len(other) != 1:
        raise GreatWallError(f"the other reading is one option and its value, e.g. {{'dominance_tower': 1}}, not "
                             f"{quote(other)}: compare one rule's two readings at a time")
    (option, value), = other.items()
    known = [f.name for f in dataclasses.fields(game.Options)]
    if option not in known:
        raise GreatWallError(f"{game.title} has no option {quote(option)}; options: {', '.join(known)}")
    own = getattr(game.options, option)
    if value == own and type(value) is type(own):
        raise GreatWallError(f"{game.title} is already played with {reading(option, own)}: name another value of "
                             f"{option} to compare two readings")
    if not isinstance(moves, (list, tuple)):
        raise GreatWallError(f"moves must be a list of moves (or their texts), e.g. ['single 3'], not {quote(moves)}")
    b = _under(game, option, value)  # (the game's own error for a value the option does not take)
    rule = _rule_of(game, option, (value, own))
    label_a, label_b = reading(option, own), reading(option, getattr(b.options, option))
    played = []
    for label, start in ((label_a, game), (label_b, b)):
        copy = start.copy()
        if moves:  # (a looking-only position refuses them with the kit's error)
            try:
                copy.replay(list(moves))
            except IllegalMoveError as exc:
                raise GreatWallError(f"the moves cannot be played under {label}: {exc}") from exc
        played.append(copy)
    return _Readings(option, label_a, label_b, rule, game.copy().looking_only(), *played)


def _rule_of(game, option, values):
    """The rule ``option`` is a reading of: its value named in a rule's ``variant`` first, else the option alone."""
    book = _rules.for_game(game.name)
    for value in values:
        for rule in book:
            if rule.variant == f"{option}={value!r}":
                return rule.id
    for rule in book:
        if rule.variant == option:
            return rule.id
    readable = sorted({r.variant.split("=")[0] for r in book if r.variant})
    raise GreatWallError(f"{option} is not a reading of one of {game.title}'s rules; the options that are: "
                         f"{', '.join(readable)}")


def _under(game, option, value):
    """The same start position, seed and decisions, under ``option=value`` (the kit's error if that refuses them).

    A looking-only position part-way through a decision (``position_at(event=i)``, the moment before a Breach) is
    taken at the same event of the other reading's game, if its log up to there is the same.
    """
    options = {**game._saved_options(), option: value}
    start = game._start
    if start is not None and "options" in start:
        start = {**start, "options": {**start["options"], option: value}}
    other = type(game)(game.players, game.seed, start=start, **options)
    try:
        other.replay(game.history)
    except IllegalMoveError as exc:
        raise GreatWallError(f"the game's decisions so far cannot be played under {reading(option, value)}: "
                             f"{exc}") from exc
    if getattr(game.play, "__func__", None) is type(game).play:  # (not a looking-only copy)
        return other
    here = len(game.log)
    if [e.sentence for e in other.log[:here]] != [e.sentence for e in game.log]:
        raise GreatWallError(f"the two readings part before this moment of the game (event {here - 1}): take the "
                             f"position at a decision, game.position_at(decisions), and give the rest as moves")
    return other.position_at(event=here - 1) if here < len(other.log) else other.looking_only()


def _player(game, player):
    names = list(game.player_names[:game.players])
    if isinstance(player, str) and player in names:
        return names.index(player)
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < game.players:
        return player
    raise GreatWallError(f"a player is one of {', '.join(names)} (or 0 to {game.players - 1}), not {quote(player)}")


def _names(game):
    return list(game.player_names[:game.players])


def _hint_rule(r):
    return (f"Read rule {r.rule} (greatwall_kit.rules.get({r.rule!r})): {r.label_a} and {r.label_b} are two "
            "readings of it.")


# -- points under two readings -------------------------------------------------------------------------------------

def _check_section(game, section):
    _a_game(game)
    if section is None:
        return
    if game.name != "great_wall_of_china":
        raise GreatWallError(f"section= names a section of Great Wall of China; {game.title} has no section totals "
                             "to compare (leave it out to compare scores)")
    count = len(game.sections)
    if isinstance(section, bool) or not isinstance(section, int) or not 1 <= section <= count:
        raise GreatWallError(f"the game has sections 1 to {count}, not {quote(section)}")


def _points(game, p, section):
    """``p``'s points as the game counts them: a section's total (Great Wall of China, tokens taken off), final
    Honor if the game ended now (The Great Wall), else the score."""
    if section is not None:
        return game.sections[section - 1].totals()[p]
    if game.name == "the_great_wall":
        return final_scores(game)[p].total
    return game.scores()[p]


def _where(r, section):
    """Where to look, for the first hint: the section, or the resolutions whose steps the readings change."""
    if section is not None:
        return f"section {section}'s cards"
    titles: Any  # the list, then the text
    titles = []
    for one, two in ((r.a, r.b), (r.b, r.a)):
        theirs = {str(s) for res in two.resolutions() for s in res.steps}
        titles += [res.title for res in one.resolutions() if any(str(s) not in theirs for s in res.steps)]
    titles = " and ".join(dict.fromkeys(titles))
    if r.a.name == "the_great_wall":
        return (f"{titles}, then at" if titles else "") + " each clan's Honor, Shame tokens, claimed Horde cards and " \
            "Artifacts"
    if not titles:
        return "the board"
    return f"the wall and at what {titles} scores" if r.a.name == "chang_cheng" else f"the board and at {titles}"


def _why(r, players, section):
    """What the two engines did differently, in their own words."""
    if section is not None:
        names = _names(r.a)
        parts = []
        for label, g in ((r.label_a, r.a), (r.label_b, r.b)):
            sec = g.sections[section - 1]
            tally, totals = sec.tally(), sec.totals()
            each = []
            for p in players:
                cards = [f"{c.kind.capitalize()} {pts}"
                         for c, pts in zip(sec.cards, tally.points, strict=True) if c.owner == p]
                token = "".join(f" - token {c.token}" for c in sec.cards if c.owner == p and c.token is not None)
                each.append(f"{names[p]} {' + '.join(cards) or 'no card'}{token} = {totals[p]}")
            parts.append(f"Under {label}: {'; '.join(each)}.")
        return f"Section {section}'s cards by their points. " + " ".join(parts)
    if r.a.name == "the_great_wall":
        names = _names(r.a)
        parts = []
        for label, g in ((r.label_a, r.a), (r.label_b, r.b)):
            scores = final_scores(g)
            parts.append(f"Under {label}: " + "; ".join(
                f"{names[p]} {f.honor} Honor - 5 x {f.shame} Shame + {f.horde} from Horde cards + {f.artifacts} "
                f"from Artifacts = {f.total}" for p, f in ((p, scores[p]) for p in players)))
        return "Final Honor if the game ended now. " + " ".join(f"{part}." for part in parts)
    steps = [[str(s).rsplit(" [", 1)[0] for res in g.resolutions() for s in res.steps] for g in (r.a, r.b)]
    only = [[s for s in mine if s not in theirs] for mine, theirs in ((steps[0], steps[1]), (steps[1], steps[0]))]
    if not any(only):
        return "The engines' steps are the same under both readings."
    return "Where the engines' steps differ: " + " ".join(
        f"Under {label}: {' '.join(lines) if lines else 'no other step.'}"
        for label, lines in ((r.label_a, only[0]), (r.label_b, only[1])))


def _words(game, section):
    """How a question names what it compares: ``(noun, where, amount of n)``."""
    if game.name == "the_great_wall":
        return "final Honor", " if the game ended now", lambda n: f"{n} final Honor"
    where = f" in section {section}" if section is not None else ""
    return "points", where, lambda n: f"{n} point" if n in (1, -1) else f"{n} points"


def _about(game, p, section):
    keys = [f"clan:{p}" if game.name == "the_great_wall" else game.player_names[p]]
    if section is not None:
        keys.insert(0, f"section {section}")
    return tuple(keys)


def more_points(game, other, player, *, moves=(), section=None):
    """Under which reading ``player`` scores more: the game's own, ``other``, or neither (the same).

    Parameters
    ----------
    game : Game
        The position under its own reading (any of the four games); it is not changed.
    other : dict
        One option and its other value, e.g. ``{"dominance_tower": 1}``.
    player : str or int
        A player's name (colour or clan) or number.
    moves : list, optional
        The decisions that lead from ``game`` to what is scored, played under both readings.
    section : int, optional
        Great Wall of China only: compare ``player``'s total in this section (1-based) instead of the score.

    Points are the game's score (The Great Wall: the final Honor if the game ended now).

    Examples
    --------
    >>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
    >>> game = GreatWallOfChina.from_position({"players": 2, "to_act": "Red", "sections": [
    ...     {"pair": [5, 3], "cards": ["Yellow infantry", "Red infantry"]}, {"pair": [4, 7]}]})
    >>> print(more_points(game, {"infantry": "per_section"}, "Red", section=1).solution())
    Right: infantry=per_section. Red scores 1 point in section 1 under infantry=per_player and 2 under infantry=per_section: more under infantry=per_section. Section 1's cards by their points. Under infantry=per_player: Red Infantry 1 = 1. Under infantry=per_section: Red Infantry 2 = 2. [GW-16]
    """  # noqa: E501 - doctest output is compared as printed
    _check_section(game, section)
    p = _player(game, player)
    r = _readings(game, other, moves)
    name = _names(game)[p]
    a, b = _points(r.a, p, section), _points(r.b, p, section)
    answer = r.label_a if a > b else r.label_b if b > a else SAME
    verdict = SAME if answer == SAME else f"more under {answer}"
    choices = [r.label_a, r.label_b, SAME]
    noun, there, amount = _words(game, section)
    return Exercise(
        f"Under which reading does {name} score more {noun}{there}: {r.label_a} or {r.label_b}? (or the same)", answer,
        explain=f"{name} scores {amount(a)}{there} under {r.label_a} and {b} under {r.label_b}: {verdict}. "
                f"{_why(r, [p], section)}",
        rule=r.rule, parse=as_choice(choices), choices=choices, asks=Asks("verdict", _about(game, p, section)),
        hide=HIDES["total"], position=r.before,
        hints=(f"{_hint_rule(r)} Then look at {_where(r, section)}.",
               f"Work out {name}'s {noun}{there} twice, once under {r.label_a} and once under {r.label_b}, each step "
               f"as {r.rule} says under that reading, and compare the two numbers."))


def points_gained(game, other, player, *, moves=(), section=None):
    """How many more points ``player`` scores under ``other`` than under the game's own reading (negative: fewer).

    The parameters are those of :func:`more_points`.

    Examples
    --------
    >>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
    >>> game = GreatWallOfChina.from_position({"players": 2, "to_act": "Red", "sections": [
    ...     {"pair": [5, 3], "cards": ["Yellow dragon over Red infantry", "Red infantry"]}, {"pair": [4, 7]}]})
    >>> ex = points_gained(game, {"covered_infantry": "still_counted"}, "Red", section=1)
    >>> print(ex.question)
    How many more points does Red score in section 1 under covered_infantry=still_counted than under covered_infantry=not_counted? (a negative number if less)
    >>> ex.check(1).correct
    True
    """  # noqa: E501 - doctest output is compared as printed
    _check_section(game, section)
    p = _player(game, player)
    r = _readings(game, other, moves)
    name = _names(game)[p]
    a, b = _points(r.a, p, section), _points(r.b, p, section)
    noun, there, amount = _words(game, section)
    how = "How much more final Honor" if noun == "final Honor" else "How many more points"
    return Exercise(
        f"{how} does {name} score{there} under {r.label_b} than under {r.label_a}? (a negative number if less)", b - a,
        explain=f"{name} scores {amount(b)}{there} under {r.label_b} and {a} under {r.label_a}: {b} - {a} = {b - a}. "
                f"{_why(r, [p], section)}",
        rule=r.rule, parse=as_int, asks=Asks("total", _about(game, p, section)), position=r.before,
        hints=(f"{_hint_rule(r)} Then look at {_where(r, section)}.",
               f"Work out {name}'s {noun}{there} under {r.label_b}, then under {r.label_a}, each step as {r.rule} says "
               "under that reading, and subtract the second from the first."))


def who_gains(game, other, *, moves=(), section=None):
    """Which players score more under ``other`` than under the game's own reading (for whom the reading pays).

    The parameters are those of :func:`more_points`, without ``player``: every player is compared.

    Examples
    --------
    >>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
    >>> game = GreatWallOfChina.from_position({"players": 3, "to_act": "Green", "sections": [
    ...     {"pair": [5, 3], "cards": ["Yellow infantry", "Red infantry", "Green wall"]}, {"pair": [4, 7]},
    ...     {"pair": [2, 8]}]})
    >>> print(who_gains(game, {"infantry": "per_section"}, section=1).check("Red, Yellow"))
    Not quite: you said Red and Yellow. Hint 1 of 2: Read rule GW-16 (greatwall_kit.rules.get('GW-16')): infantry=per_player and infantry=per_section are two readings of it. Then look at section 1's cards.
    """  # noqa: E501 - doctest output is compared as printed
    _check_section(game, section)
    r = _readings(game, other, moves)
    names = _names(game)
    players = range(game.players)
    gains = [p for p in players if _points(r.b, p, section) > _points(r.a, p, section)]
    answer = " and ".join(names[p] for p in gains) or "nobody"
    noun, there, _ = _words(game, section)
    each = ", ".join(f"{names[p]} {_points(r.a, p, section)} -> {_points(r.b, p, section)}" for p in players)
    about = (f"section {section}",) if section is not None else tuple(_about(game, p, None)[0] for p in players)
    return Exercise(
        f"Who scores more {noun}{there} under {r.label_b} than under {r.label_a}? (names joined by \"and\", or "
        "\"nobody\")", answer,
        explain=f"{noun[0].upper()}{noun[1:]}{there} under {r.label_a} -> under {r.label_b}: {each}. "
                f"{_why(r, list(players), section)}",
        rule=r.rule, parse=_as_names(names), asks=Asks("players", about), position=r.before,
        hints=(f"{_hint_rule(r)} Then look at {_where(r, section)}.",
               f"Work out every player's {noun}{there} under each reading in turn, each step as {r.rule} says, and "
               "compare them player by player: only strictly more counts."))


def _as_names(names):
    """A parser for a set of player names, written back in seat order joined by "and" (``"nobody"``: none).

    >>> _as_names(["Red", "Yellow", "Green"])("green AND red")
    'Red and Green'
    """
    pick = as_choice(names)

    def parse(value):
        if isinstance(value, (set, frozenset, list, tuple)):
            items = [str(v) for v in value]
        else:
            text = str(value).strip()
            items = [] if text.lower() in ("", "none", "nobody", "no one") else \
                re.split(r"\s*(?:,|;|\band\b)\s*", text, flags=re.I)
        chosen = {pick(w) for w in items if w.strip()}
        return " and ".join(n for n in names if n in chosen) or "nobody"
    return parse


# -- one game's own measure ----------------------------------------------------------------------------------------

@for_game("dschingis_khan", "Dschingis Khan")
def scout_reach(game, other):
    """How many more villages the scout of the player to act can enter with its next step under ``other`` than under
    the game's own reading (negative: fewer). Dschingis Khan's reading (DK-12) changes where a scout may go.

    Parameters
    ----------
    game : DschingisKhan
        A position where the player to act moves the scout (placing tiles); it is not changed.
    other : dict
        ``{"branch_walls_block_tracks": False}`` (or ``True``, for a game played without).

    Examples
    --------
    >>> from greatwall_kit.dschingis_khan import DschingisKhan
    >>> wall = [[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]]
    >>> game = DschingisKhan.from_position({"players": 2, "walls": [wall, [[3, 3], [3, 2]]],
    ...     "closed": [[a, b] for a, b in zip(wall, wall[1:])] + [[[3, 3], [3, 2]]],
    ...     "scouts": {"Red": [2, 2], "Green": [5, 0]}, "active": {"Red": {"tiles": ["farmer"]}},
    ...     "turn": "Red", "phase": "place"})
    >>> print(scout_reach(game, {"branch_walls_block_tracks": False}).solution())
    Right: 1. Under branch_walls_block_tracks=True the scout can enter villages 9, 16 (2); under branch_walls_block_tracks=False villages 9, 16, 18 (3): 3 - 2 = 1. [DK-12]
    """  # noqa: E501 - doctest output is compared as printed
    r = _readings(game, other)
    reach = [_destinations(g) for g in (r.a, r.b)]
    here = game.scout[game.to_act]
    name = game.player_names[game.to_act]
    listed = [f"villages {', '.join(map(str, sorted(v)))} ({len(v)})" if v else "no village" for v in reach]
    return Exercise(
        f"{name}'s scout stands on village {here}. How many more villages can it enter with its next step under "
        f"{r.label_b} than under {r.label_a}? (a negative number if fewer)", len(reach[1]) - len(reach[0]),
        explain=f"Under {r.label_a} the scout can enter {listed[0]}; under {r.label_b} {listed[1]}: "
                f"{len(reach[1])} - {len(reach[0])} = {len(reach[1]) - len(reach[0])}.",
        rule=r.rule, parse=as_int, asks=Asks("count", (f"v{here}",)), position=r.before,
        hints=(f"{_hint_rule(r)} Then look at the wall pieces around village {here}, the scout's village, and at "
               "whether each is open or closed.",
               "List the villages the scout can enter under each reading in turn (by track, by gate, by climb), then "
               "compare the two counts: a village reached two ways counts once."))


def _destinations(game):
    """The villages the scout of the player to act can enter with its next step, by the engine's legal moves."""
    steps = [m for m in game.legal_moves() if isinstance(m, (Track, Gate, Climb))]
    if not steps:
        who = "nobody" if game.to_act is None else game.player_names[game.to_act]
        raise GreatWallError(f"{who} has no scout step to take now (phase {game.phase!r}): scout steps are taken "
                             "when placing tiles, and this question needs one under both readings")
    return {int(game.move_element(m)[1:]) for m in steps}


@for_game("the_great_wall", "The Great Wall")
def less_shame(game, other, section):
    """Which clans take fewer Shame tokens in ``section``'s Assault, if it came now, under ``other`` than under the
    game's own reading (TGW-39: a token per breaching card without the clan's Soldier, or per section).

    Parameters
    ----------
    game : TheGreatWall
        The position (a Winter before its Assaults); it is not changed.
    other : dict
        ``{"breach_shame": "per_section"}`` (or ``"per_card"``, for a game played per section).
    section : int
        The Wall Section, numbered from 0 as on the board.

    Examples
    --------
    >>> from greatwall_kit.the_great_wall import TheGreatWall
    >>> empty = {"wall": 0, "barricades": 3, "horde": []}
    >>> game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "clans": [{}, {}],
    ...     "sections": [{"wall": 0, "barricades": 0, "horde": [{"card": "h02", "spots": ["S0", "S1", "."]},
    ...                  {"card": "h03", "spots": ["H1", "H1", ".", "."]}]}, empty,
    ...                  {"wall": 1, "barricades": 1, "archers": [0],
    ...                   "horde": [{"card": "h01", "spots": [".", "."]}]}]})
    >>> print(less_shame(game, {"breach_shame": "per_section"}, 0).solution())
    Right: Crane. Shame tokens in section 0's Assault (Offensive Power 12 against Defense 2, a Breach) under breach_shame=per_card: Crane 1 (none on Yak Herders (h03)), Tiger 0; under breach_shame=per_section: Crane 0, Tiger 0. [TGW-39]
    """  # noqa: E501 - doctest output is compared as printed
    count = len(game.sections)
    if isinstance(section, bool) or not isinstance(section, int) or not 0 <= section < count:
        raise GreatWallError(f"the wall has sections 0 to {count - 1}, not {quote(section)}")
    r = _readings(game, other)
    names = _names(game)
    assaults = [_assault(g, section) for g in (r.a, r.b)]
    tokens = [[[card for q, card in b.shamed if q == p] for p in range(game.players)] for b in assaults]
    fewer = [p for p in range(game.players) if len(tokens[1][p]) < len(tokens[0][p])]
    first = assaults[0]
    verdict = "a Breach" if first.breached else "the wall holds, so no Shame"
    listed = []
    for g, each in ((r.a, tokens[0]), (r.b, tokens[1])):
        per_card = g.options.breach_shame == "per_card"  # then each token names the card without the clan's Soldier
        listed.append(f"under {reading('breach_shame', g.options.breach_shame)}: " + ", ".join(
            f"{names[p]} {len(cards)}" + (f" (none on {g.cat.names(cards)})" if cards and per_card else "")
            for p, cards in enumerate(each)))
    return Exercise(
        f"Which clans take fewer Shame tokens in section {section}'s Assault under {r.label_b} than under "
        f"{r.label_a}? (names, or none)", " and ".join(names[p] for p in fewer) or "nobody",
        explain=f"Shame tokens in section {section}'s Assault (Offensive Power {first.power} against Defense "
                f"{first.defense}, {verdict}) {'; '.join(listed)}.",
        rule=r.rule, parse=_as_names(names), asks=Asks("players", (f"section:{section}",)), position=r.before,
        hints=(f"{_hint_rule(r)} Then look at section {section}'s Horde cards, its Defense and whose Soldiers stand "
               "on each card.",
               f"First decide whether section {section} is Breached (only a Breach brings Shame); then count each "
               "clan's tokens under each reading in turn and compare them clan by clan."))


def _assault(game, s):
    """The engine's Assault on section ``s`` as it would come now, under the game's own options (as the Winter
    does it)."""
    sec = game.sections[s]
    return assess_breach(s, sec["rows"], game.cat, sec["wall"], sec["barricades"], sec["archers"], game.lethality,
                         [c["barracks"] for c in game.clans], game.players, game.options)
