"""Chang Cheng exercises: each builder plays the position on a copy with the engine and asks about the outcome.

``moves`` are the decisions (moves or their texts) that lead from ``game`` to what is asked about; they are played on
a copy, so ``game`` never changes. Answers come from the engine's evidence (``ProvinceScoring``, ``RegionAttack``),
its points and its refusals, never from the builder's own reckoning.

Each exercise carries the position it asks about (``exercise.position``, drawn above the question in the quiz form
its kind of answer asks for, ``exercise.picture()``), as the student should see it before what is asked happens:

- a province scoring (who scores, its value, which cards cancel, their order): the completed province with its
  cards just turned face up (the scoring's CC-20 step), before any card resolves;
- a Mongol attack (who loses, how much): the region's counter just turned face up (its first step), the regions
  before it already attacked;
- a double's points, a move's legality, a tower's reservation: the position before the move (a legality question
  shows the status line: which part of the turn it is decides it too);
- a new board: the position before the turn's moves.

Examples
--------
>>> from greatwall_kit.chang_cheng import ChangCheng
>>> game = ChangCheng.from_position({"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0],
...     "threat": [-2, -3, -4, -2, -3, -4], "wall": "R G R" + " ." * 23})
>>> who = province_scorers(game, ["single 3", "nopeek"])
>>> who
Exercise('Who scores province 0? (a colour, several joined by "and", or "nobody")')
>>> print(who.check("green"))
Not quite: you said Green. Hint 1 of 2: Look at province 0 (squares 0-3) and rule CC-22: the majority is counted in blocks, not in points.
>>> print(who.show_solution())
Right: Red. Blocks for the majority: Red 3, Green 1. Red holds the majority with 3. [CC-22]
>>> print(province_value(game, ["single 3", "nopeek"]).check(5))
Right: 5. Value = 4 counted blocks + 0 from cards + reputation 1 = 5. [CC-21]
"""  # noqa: E501 - doctest output is compared as printed

import re
from typing import Any

from ..chang_cheng.cards import KINDS, PRIORITY
from ..chang_cheng.events import DOUBLE_PLACED, DOUBLE_SCORED
from ..chang_cheng.evidence import ProvinceScoring, RegionAttack
from ..chang_cheng.scoring import PLAYER_NAMES
from ..engine.errors import GreatWallError, IllegalMoveError, quote
from ..engine.steps import steps_of
from .core import HIDES, Asks, Exercise, as_choice, as_int, as_int_set, for_game

_this_game_only = for_game("chang_cheng", "Chang Cheng")

__all__ = ["province_scorers", "province_value", "cancelled_cards", "resolution_order", "region_losers",
           "region_loss", "double_points", "is_legal", "reserve_choices", "adds_board", "as_colours", "as_kinds"]

_YES_NO = ["yes", "no"]


# -- parsers for answers naming several colours or cards -----------------------------------------------------------

def _as_words(options, what, nothing):
    """A parser for a set of words among ``options``, written back in ``options`` order ("Red and Green")."""
    lowered = {o.lower(): o for o in options}

    def parse(value):
        if isinstance(value, (set, frozenset, list, tuple)):
            words = [str(v) for v in value]
        else:
            text = str(value).strip().lower()
            words = [] if text in ("", "none", "nobody", "no one") else re.split(r"\s*(?:,|;|\band\b|\s)\s*", text)
        words = [w.strip().lower() for w in words if w.strip()]
        unknown = [w for w in words if w not in lowered]
        if unknown:
            raise GreatWallError(f"answer with {what} among {', '.join(options)}, joined by 'and' or commas, "
                                 f"or 'none' (not {quote(value)})")
        chosen = {lowered[w] for w in words}
        return " and ".join(o for o in options if o in chosen) or nothing
    return parse


def as_colours(players):
    """A parser for a set of player colours: ``"Red and Green"``, ``"red, green"``, ``["Red"]``, ``"nobody"``.

    >>> as_colours(3)("Blue and red")
    'Red and Blue'
    """
    return _as_words(PLAYER_NAMES[:players], "colours", "nobody")


def as_kinds(value):
    """A set of action card kinds: ``"flood, builder"``, ``"none"``.

    >>> as_kinds("Flood and flood, builder")
    'flood and builder'
    """
    return _as_words(KINDS, "card kinds", "none")(value)


def _as_order(value):
    """Card kinds in order (``"traitor, flood, builder"``); repeated kinds are kept."""
    words = value if isinstance(value, (list, tuple)) else re.split(r"[\s,;]+|\bthen\b", str(value).strip().lower())
    words = tuple(str(w).strip().lower() for w in words if str(w).strip() and str(w).strip() != "then")
    if not words or any(w not in KINDS for w in words):
        raise GreatWallError(f"answer with card kinds in order, e.g. 'traitor, flood' (kinds: {', '.join(KINDS)}; "
                             f"not {quote(value)})")
    return ", ".join(words)


# -- finding what the engine did ---------------------------------------------------------------------------------

def _played(game, moves):
    """A copy of ``game`` with ``moves`` played, and the evidence they added."""
    if not isinstance(moves, (list, tuple)):
        raise GreatWallError(f"moves must be a list of moves (or their texts), e.g. ['single 3'], not {quote(moves)}")
    after = game.copy()
    before = len(after.evidence)
    try:
        after.replay(list(moves))
    except IllegalMoveError as exc:
        raise GreatWallError(f"the exercise's moves cannot be played: {exc}") from exc
    return after, after.evidence[before:]


def _province(game, moves, province):
    if not moves and province is None:
        raise GreatWallError("give the moves that complete the province, or the number of a province already scored")
    after, new = _played(game, moves)
    found = [e for e in (new if moves else after.evidence) if isinstance(e, ProvinceScoring)
             and (province is None or e.province == province)]
    if not found:
        which = "a province" if province is None else f"province {province}"
        waiting = f" ({after.player_names[after.to_act]} must still decide: {after.decision})" \
            if after.to_act is not None else ""
        raise GreatWallError(f"{which} is not scored after the moves {[str(m) for m in moves]}{waiting}")
    return after, found[0]


def _squares(squares):
    return f"square {squares[0]}" if len(squares) == 1 else f"squares {squares[0]}-{squares[-1]}"


def _province_part(game, province):
    return f"province {province} ({_squares(game.wall.province_squares[province])})"


_PRIORITIES = "each card's priority is the number in its rule, CC-29 to CC-35"
_COUNTED = "a double counts 2, a tower 1, a broken block 0"


def _step(evidence, rule):
    return [s for s in steps_of(evidence) if s.rule == rule]


def _resolution(game, evidence):
    return next(r for r in game.resolutions() if r.evidence is evidence)


def _scoring_position(game, scoring):
    """The province just completed, its cards turned face up (after the CC-20 step), nothing resolved yet."""
    resolved = _resolution(game, scoring)
    return resolved.after(next(i for i, step in enumerate(resolved.steps) if step.rule == "CC-20"))


def _attack_position(game, attack):
    """The region's threat counter just turned face up (a removed one: the position before the attack)."""
    resolved = _resolution(game, attack)
    return resolved.after(0) if "face_up" in resolved.steps[0].change else resolved.before


def _looking(game):
    return game.copy().looking_only()


# -- province scoring (CC-19 to CC-35) -----------------------------------------------------------------------------

@_this_game_only
def province_scorers(game, moves=(), *, province=None):
    """Who scores the province that ``moves`` complete (or ``province``, already scored in ``game``)? (CC-22)"""
    after, s = _province(game, moves, province)
    part = _province_part(after, s.province)
    return Exercise(f'Who scores province {s.province}? (a colour, several joined by "and", or "nobody")',
                    [PLAYER_NAMES[w] for w in s.winners], explain=_step(s, "CC-22")[0].sentence,
                    rule="CC-22", parse=as_colours(after.players), asks=Asks("players", (f"p{s.province}",)),
                    position=_scoring_position(after, s),
                    hints=(f"Look at {part} and rule CC-22: the majority is counted in blocks, not in points.",
                           f"Count each colour's blocks in province {s.province} once its cards have resolved "
                           f"({_COUNTED}, a Builder's extra block 1) and compare the highest counts (CC-21, CC-22)."))


@_this_game_only
def province_value(game, moves=(), *, province=None):
    """What is the province worth (what each of its winners scores before the floor at 0)? (CC-21)"""
    after, s = _province(game, moves, province)
    return Exercise(f"What is province {s.province} worth?", s.value, explain=_step(s, "CC-21")[0].sentence,
                    rule="CC-21", parse=as_int, asks=Asks("total", (f"p{s.province}",)),
                    position=_scoring_position(after, s),
                    hints=(f"Look at {_province_part(after, s.province)} and rule CC-21: blocks, cards and the "
                           "reputation counter make the value.",
                           f"Add the blocks counted in province {s.province} ({_COUNTED}), the +/- of its cards and "
                           f"the reputation counter on it; a block a card adds for the majority is not in the value."))


@_this_game_only
def cancelled_cards(game, moves=(), *, province=None):
    """Which of the revealed cards cancel each other (their kinds, or none)? (CC-24)"""
    after, s = _province(game, moves, province)
    if len(s.cards) < 2:
        cards = "1 card" if len(s.cards) == 1 else "no card"
        raise GreatWallError(f"province {s.province} reveals {cards}: nothing can cancel")
    return Exercise(f"Which cards revealed in province {s.province} cancel each other? (kinds, or 'none')",
                    [k for _, k in s.cancelled], explain=_step(s, "CC-24")[0].sentence, rule="CC-24",
                    parse=as_kinds, asks=Asks("cards", (f"p{s.province}",)), position=_scoring_position(after, s),
                    hints=(f"Look at every card revealed in province {s.province}, the one played this turn too, "
                           "and rule CC-24.",
                           f"Write each revealed card's priority beside it ({_PRIORITIES}) and compare them."))


@_this_game_only
def resolution_order(game, moves=(), *, province=None):
    """In what order do the province's cards resolve (the kinds, first to last)? (CC-25)"""
    after, s = _province(game, moves, province)
    if not s.order:
        raise GreatWallError(f"no card resolves in province {s.province}")
    explain = " ".join(step.sentence for step in _step(s, "CC-24") + _step(s, "CC-25"))
    priorities = ", ".join(f"{k} {PRIORITY[k]}" for k in KINDS)
    return Exercise(f"In what order do the cards of province {s.province} resolve? (kinds, first to last)",
                    [k for _, k in s.order], explain=f"{explain} Priorities: {priorities}.", rule="CC-25",
                    parse=_as_order, asks=Asks("order", (f"p{s.province}",)), position=_scoring_position(after, s),
                    hints=(f"Look at every card revealed in province {s.province} and rules CC-24 and CC-25.",
                           f"Take out the cards that cancel each other first, then sort the rest by priority "
                           f"({_PRIORITIES})."))


# -- the Mongol attack (CC-42 to CC-44) ----------------------------------------------------------------------------

def _attack(game, moves, region):
    after, _ = _played(game, moves)
    if after.decision != "board" and after.current == game.current and not after.is_over:
        raise GreatWallError(f"the turn is not over after the moves {[str(m) for m in moves]} "
                             f"({after.player_names[after.to_act]} must still decide: {after.decision})")
    found = [e for e in after.evidence if isinstance(e, RegionAttack) and e.region == region]
    if not found:
        if isinstance(region, bool) or not isinstance(region, int) or not 0 <= region < after.wall.regions:
            raise GreatWallError(f"there is no region {quote(region)}; the regions are 0 to {after.wall.regions - 1}")
        raise GreatWallError(f"region {region} has not been attacked: the game is not over after these moves")
    return after, found[0]


@_this_game_only
def region_losers(game, region, moves=()):
    """Who loses points when the Mongols attack ``region`` at the end? (CC-42, CC-43, CC-44)"""
    after, a = _attack(game, moves, region)
    explain = " ".join(s.sentence for s in steps_of(a))
    rule = "CC-44" if a.threat is None else "CC-43" if a.protected else "CC-42"
    return Exercise(f'Who loses points in the Mongol attack on region {region}? (colours joined by "and", or '
                    '"nobody")', [PLAYER_NAMES[c] for c in a.losers], explain=explain, rule=rule,
                    parse=as_colours(after.players), asks=Asks("players", (f"r{region}",)),
                    position=_attack_position(after, a), hints=_attack_hints(after, region, "who loses"))


@_this_game_only
def region_loss(game, region, player, moves=()):
    """How many points does ``player`` (a seat number) lose in the attack on ``region``? (0 if none)"""
    after, a = _attack(game, moves, region)
    if isinstance(player, bool) or player not in range(after.players):
        raise GreatWallError(f"there is no player {quote(player)} in a {after.players}-player game")
    lost = -a.loss if player in a.losers else 0
    rule = "CC-43" if player in a.protected else "CC-44" if a.threat is None else "CC-42"
    return Exercise(f"How many points does {PLAYER_NAMES[player]} lose in the attack on region {region}?", lost,
                    explain=" ".join(s.sentence for s in steps_of(a)), rule=rule, parse=as_int,
                    asks=Asks("total", (f"r{region}",)), position=_attack_position(after, a),
                    hints=_attack_hints(after, region, PLAYER_NAMES[player]))


def _attack_hints(game, region, who):
    """The same hints whichever rule decides (naming that rule would give a removed counter or a tower away)."""
    part = f"Mongol region {region} ({_squares(game.wall.region_squares[region])})"
    whose = "the colours with the most blocks there" if who == "who loses" else f"whether {who} has the most blocks"
    return (f"Look at {part} and rules CC-42 to CC-44: its threat counter, the majority of blocks, the towers.",
            f"In region {region}: is its threat counter still there? Count each colour's blocks ({_COUNTED}), find "
            f"{whose}, and look for a tower in the region.")


# -- placing the double and the tower (CC-09 to CC-13) -------------------------------------------------------------

@_this_game_only
def double_points(game, square, moves=()):
    """How many points does ``double <square>`` score at once, for touching provinces and regions? (CC-10)"""
    before, _ = _played(game, moves)
    player = before.to_act
    after, _ = _played(before, [f"double {square}"])
    placed, touched = [e for e in after.log[len(before.log):] if e.kind in (DOUBLE_PLACED, DOUBLE_SCORED)][:2]
    gained = touched.data["points"]
    explain = f"{placed.sentence} {touched.sentence}"
    return Exercise(f"How many points does {PLAYER_NAMES[player]} score at once for 'double {square}'?", gained,
                    explain=explain, rule="CC-10", parse=as_int, asks=Asks("total", (f"s{square}",)),
                    position=_looking(before),
                    hints=(f"Look at the two squares 'double {square}' covers and rule CC-10.",
                           "Name the province and the Mongol region of each of the two squares; each different one "
                           "counts once."))


@_this_game_only
def is_legal(game, move, moves=()):
    """Is ``move`` legal for the player to act? The explanation is the engine's refusal or acceptance."""
    before, _ = _played(game, moves)
    move = before.parse_move(move) if isinstance(move, str) else move
    where = before.move_element(move)
    who = PLAYER_NAMES[before.to_act] if before.to_act is not None else "the player"
    # the status line stays: the part of the turn it names decides legality too (CC-03), and it states no verdict
    common = dict(parse=as_choice(_YES_NO), choices=_YES_NO, asks=Asks("verdict", (where,) if where else ()),
                  position=_looking(before), hide=HIDES["verdict"] - {"status"},
                  hints=(f"Look at where '{move}' would go and at the rules for placing it (CC-05 to CC-17).",
                         f"Check what '{move}' needs now: the part of the turn it is, whether the squares or the "
                         f"province are free and allowed to {who}, and whether {who} still has that piece or "
                         "card."))
    try:
        before.copy().play(move)
    except IllegalMoveError as exc:
        return Exercise(f"Is '{move}' legal now?", "no", explain=f"No: {exc.reason}.", rule=exc.rule, **common)
    return Exercise(f"Is '{move}' legal now?", "yes", explain=f"Yes: '{move}' is among the legal moves.",
                    rule=_RULE_OF.get(move.verb), **common)


_RULE_OF = {"single": "CC-06", "card": "CC-07", "double": "CC-09", "tower": "CC-12", "reserve": "CC-13",
            "peek": "CC-16", "board": "CC-36"}


@_this_game_only
def reserve_choices(game, square, moves=()):
    """Which squares may the tower placed on ``square`` reserve for its owner's single block? (CC-13)"""
    before, _ = _played(game, moves)
    player = before.to_act
    after, _ = _played(before, [f"tower {square}"])
    if after.decision == "reserve":
        squares = frozenset(m.square for m in after.legal_moves())
        explain = f"Squares {' and '.join(map(str, sorted(squares)))} are empty, unreserved neighbours: " \
                  f"{PLAYER_NAMES[player]} chooses one."
    else:
        squares = frozenset(s for s, r in enumerate(after.reserved) if r == player and before.reserved[s] != player)
        explain = (f"Only square {min(squares)} is an empty, unreserved neighbour: it is reserved at once."
                   if squares else "No neighbour is both empty and unreserved (or no single block is left): "
                   "nothing is reserved.")
    return Exercise(f"Which squares could the tower on square {square} reserve? (numbers, or 'none')", squares,
                    explain=explain, rule="CC-13", parse=as_int_set, asks=Asks("elements", (f"s{square}",)),
                    position=_looking(before),
                    hints=(f"Look at the squares next to square {square} in the wall and rule CC-13.",
                           f"Check each neighbour of square {square} (the wall runs on from one board to the next): "
                           f"is it empty, and is it reserved already? Does {PLAYER_NAMES[player]} have a single block "
                           "left?"))


# -- expanding the map (CC-36 to CC-39) ----------------------------------------------------------------------------

_BOARD_QUESTION: dict[str, Any] = dict(parse=as_choice(_YES_NO), choices=_YES_NO, asks=Asks("verdict"),
                       hints=("Look at the Emperor cards on the completed provinces and rules CC-36 and CC-38.",
                              "Count the Emperor cards on the board once this turn's moves are played, and the boards "
                              "still in reserve."))


@_this_game_only
def adds_board(game, moves):
    """After ``moves``, does the player to act add a new board (the third Emperor card)? (CC-36, CC-38)"""
    after, _ = _played(game, moves)
    if after.decision != "board" and after.current == game.current and not after.is_over:
        raise GreatWallError(f"the turn is not over after the moves {[str(m) for m in moves]} "
                             f"({after.player_names[after.to_act]} must still decide: {after.decision})")
    if after.decision == "board":
        explain = (f"The third Emperor card is on the board: {PLAYER_NAMES[after.to_act]} adds a board at the end "
                   "of the turn and chooses its side.")
        return Exercise("Does a new board join the wall at the end of this turn?", "yes", explain=explain,
                        rule="CC-36", position=_looking(game), **_BOARD_QUESTION)
    lie = "1 Emperor card lies" if after.emperor == 1 else f"{after.emperor} Emperor cards lie"
    why = (f"{lie} on the board; the third adds a board" if after.reserve_faces
           else "no board is left to add")
    return Exercise("Does a new board join the wall at the end of this turn?", "no", explain=f"No: {why}.",
                    rule="CC-36" if after.reserve_faces else "CC-38", position=_looking(game), **_BOARD_QUESTION)

