"""Dschingis Khan exercises: loops and new ends, scout steps, village scoring; the engine computes every answer.

Each builder takes a game (any position) and a move or village, asks the engine (a wall or a step is played on a
copy, so the game never changes) and returns an :class:`~greatwall_kit.exercises.Exercise` whose explanation is
the engine's own evidence: the :class:`~greatwall_kit.dschingis_khan.walls.Resolution` of a loop, the refusal
reason of a step, the :class:`~greatwall_kit.dschingis_khan.scoring.VillageScore` of a village. Each exercise carries
the position it asks about, as the student should see it (before the wall or the step in question; a read-only
copy, so playing on in the notebook does not change it), and shows it in the quiz form its kind of answer asks for
(:data:`~greatwall_kit.exercises.HIDES`): a loop's question hides the Great Wall's length and the status line, a
count the counts, a score the scores (see :mod:`greatwall_kit.dschingis_khan.picture`).

Every builder takes ``game`` (a :class:`~greatwall_kit.dschingis_khan.DschingisKhan`, never changed) first. A wall
or a step may be a move or its text (``"wall (2,2)-(2,3)"``, ``"track 9"``); a village is its number. Bad input
raises the kit's errors: :class:`~greatwall_kit.engine.errors.NotationError` for a text that is no move,
:class:`~greatwall_kit.engine.errors.IllegalMoveError` (with the engine's rule) for a wall that may not be played,
:class:`~greatwall_kit.engine.errors.GreatWallError` for a question with no answer (a wall that closes nothing,
an empty village, another game).

Examples
--------
>>> from greatwall_kit.dschingis_khan import DschingisKhan
>>> wall = [[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]]
>>> game = DschingisKhan.from_position({"players": 2, "walls": [wall, [[1, 3], [1, 4], [2, 4]]],
...                                     "scouts": {"Red": [0, 0], "Green": [1, 0]}, "turn": "Red", "phase": "place",
...                                     "active": {"Red": {"walls": 1}}})
>>> ex = removed_route(game, "wall (2,4)-(2,3)")
>>> print(ex.question)
Red plays wall (2,3)-(2,4). It closes a loop: which route is removed, the old one (the Great Wall's section) or the new one?
>>> print(ex.check("new"))
Not quite: you said new. Hint 1 of 2: Compare the two routes between the ends of the new wall: the Great Wall's section and the new route (DK-22, DK-23).
>>> print(ex.check("old"))
Right: old. The old route has 1 piece: (1,3)-(2,3); the new route 3 pieces: (2,3)-(2,4) (1,4)-(2,4) (1,3)-(1,4); the Great Wall's section of 1 piece is shorter than the new route of 3, so the old route is removed. [DK-22]
>>> len(game.history)  # the wall was played on a copy
0
"""  # noqa: E501 - doctest output is compared as printed

from ..dschingis_khan.moves import Climb, Gate, Track, Wall, named
from ..dschingis_khan.sides import SIDE_NAMES
from ..engine.errors import GreatWallError, IllegalMoveError, quote
from ..engine.steps import steps_of
from .core import Asks, Exercise, as_choice, as_int, as_int_set, for_game

_this_game_only = for_game("dschingis_khan", "Dschingis Khan")

__all__ = ["removed_route", "pieces_removed", "villages_changing_side", "scout_step", "step_refusal_rule",
           "scout_destinations", "village_score", "scoring_case"]

_ROUTES = ["old", "new"]
_YES_NO = ["yes", "no"]
_STEP_RULES = ["DK-12", "DK-13", "DK-14", "DK-15"]
_STEP_RULE = {Track: "DK-12", Gate: "DK-13", Climb: "DK-14"}
_CASES = ["neither", "plague", "ginseng", "both"]


# -- loops and new ends ------------------------------------------------------------------------------------------

@_this_game_only
def removed_route(game, wall):
    """Which route a wall's loop or new end removes: ``"old"`` (the Great Wall's section) or ``"new"`` (DK-22/23/25).

    Parameters
    ----------
    game : DschingisKhan
        The position before the wall; it is not changed.
    wall : Wall or str
        A wall that closes a loop or reaches a new end (``"wall (2,2)-(2,3)"``, ``"wall 37"`` or ``Wall(37)``).
    """
    move, r = _resolution(game, wall)
    return Exercise(
        f"{_who(game)} plays {move}. It "
        f"{'closes a loop' if r.kind == 'loop' else 'reaches a new end'}: which route is removed, the old one "
        f"(the Great Wall's {'section' if r.kind == 'loop' else 'end section'}) or the new one?",
        "new" if r.kept == "old" else "old",
        explain=(f"The old route has {_pieces(r.old_length)}: {_lines(game, r.old_route)}; the new route "
                 f"{_pieces(r.new_length)}: {_lines(game, r.new_route)}; {r.reason}, so the "
                 f"{'new' if r.kept == 'old' else 'old'} route is removed."),
        rule=_route_rule(r), parse=as_choice(_ROUTES), choices=_ROUTES,
        asks=Asks("verdict", (game.move_element(move),)),
        position=_shown(game),
        hints=(_which_route(r),
               "Count the wall pieces of each route, the new wall in the new route, and read what the rules say "
               "about a shorter route and about routes of equal length."))


@_this_game_only
def pieces_removed(game, wall):
    """How many wall pieces go back to the supply: the removed route and the pieces it isolates (DK-22 to DK-25).

    Parameters
    ----------
    game : DschingisKhan
    wall : Wall or str
        A wall that closes a loop or reaches a new end.
    """
    move, r = _resolution(game, wall)
    isolated = (f"; then {_pieces(len(r.removed_isolated))} left without connection to the Great Wall: "
                f"{_lines(game, r.removed_isolated)}" if r.removed_isolated else ", and it isolates no other piece")
    return Exercise(
        f"{_who(game)} plays {move}. How many wall pieces are "
        "removed in all (the shorter route and any piece that is then cut off from the Great Wall)?",
        len(r.removed),
        explain=(f"The {'new' if r.kept == 'old' else 'old'} route goes, {_pieces(len(r.removed_route))}: "
                 f"{_lines(game, r.removed_route)}{isolated}; {len(r.removed)} in all."),
        rule="DK-24" if r.removed_isolated else _route_rule(r), parse=as_int,
        asks=Asks("count", (game.move_element(move),)), position=_shown(game),
        hints=(f"{_which_route(r)} Then look for pieces the removal cuts off (DK-24).",
               "Count the pieces of the route that goes, then every wall piece left with no connection to the Great "
               "Wall once that route is gone."))


@_this_game_only
def villages_changing_side(game, wall, *, name_them=False):
    """How many villages change side when ``wall`` is played, or which ones (DK-27).

    Parameters
    ----------
    game : DschingisKhan
    wall : Wall or str
        A wall that closes a loop or reaches a new end.
    name_them : bool
        Ask for the villages' numbers (a set, parsed by :func:`~greatwall_kit.exercises.as_int_set`) instead of
        their count.
    """
    move, r = _resolution(game, wall)
    changed = r.changed_side
    if r.kept == "old":
        why = "The old route stays, so the Great Wall does not move: no village changes side."
    else:
        cells = ", ".join(f"{v} at ({','.join(map(str, game.board.cell(v)))})" for v in changed)
        why = (f"The Great Wall moves onto the new route; the villages enclosed between the two routes change "
               f"side: {cells or 'none'} ({len(changed)} in all).")
    head = f"{_who(game)} plays {move}."
    hints = (f"{_which_route(r)} Then look at the land between the two routes (DK-27).",
             "Only a move of the Great Wall changes sides: if it moves onto the new route, look at the villages "
             "enclosed between the old route and the new one.")
    if name_them:
        return Exercise(f"{head} Which villages change side? (their numbers, e.g. 4, 9; or none)",
                        frozenset(changed), explain=why, rule="DK-27", parse=as_int_set,
                        asks=Asks("elements", (game.move_element(move),)), position=_shown(game), hints=hints)
    return Exercise(f"{head} How many villages change side?", len(changed), explain=why, rule="DK-27",
                    parse=as_int, asks=Asks("count", (game.move_element(move),)), position=_shown(game), hints=hints)


def _resolution(game, wall):
    """The wall as a move and the :class:`Resolution` it sets off, found by playing it on a copy."""
    move = _move(game, wall, (Wall,), "a wall (e.g. 'wall (2,2)-(2,3)')")
    trial = game.copy()
    trial.play(move)  # an illegal wall raises the engine's IllegalMoveError, naming the rule
    made = len(trial.history)
    found = [r.evidence for r in trial.resolutions() if r.decision == made]
    if not found:
        raise GreatWallError(f"{move} closes no loop and reaches no new end: nothing is removed, so there is "
                             "nothing to predict")
    return move, found[0]


def _which_route(r):
    if r.kind == "loop":
        return ("Compare the two routes between the ends of the new wall: the Great Wall's section and the new route "
                "(DK-22, DK-23).")
    return "Compare the Great Wall's end section with the new one that reaches the side of the board (DK-25)."


def _route_rule(r):
    """The rule the engine cites for this resolution (as the game's log does)."""
    return "DK-25" if r.kind == "new end" else "DK-23" if r.old_length == r.new_length else "DK-22"


# -- scout steps -----------------------------------------------------------------------------------------------

@_this_game_only
def scout_step(game, step):
    """Whether a scout step (``track``, ``gate`` or ``climb``) is legal now; the explanation is the engine's
    reason for refusing it, or where the step leads (DK-12 to DK-15).

    Parameters
    ----------
    game : DschingisKhan
        The position; the step is tried for the player to act, on a copy.
    step : Track, Gate, Climb or str
        E.g. ``"track 9"``, ``"gate (2,3)-(3,3)"``, ``"climb (3,2)-(3,3) (3,1)-(3,2) 10"``.
    """
    move, error = _try_step(game, step)
    if error is None:
        answer, rule = "yes", _STEP_RULE[type(move)]
        explain = f"{move} is legal: the scout enters village {_entered(game, move)}."
    else:
        answer, rule, explain = "no", error.rule, f"{move} is refused: {error.reason}."
    return Exercise(f"{_scout_sentence(game)} May it play {move} now?", answer, explain=explain, rule=rule,
                    parse=as_choice(_YES_NO), choices=_YES_NO, asks=Asks("verdict", _scout_keys(game, move)),
                    position=_shown(game),
                    hints=("Look at the scout's village, the way the step takes and the village it leads to, and at "
                           "the rules of scout steps (DK-12 to DK-15).",
                           "Check the way (a track stays on one side, a gate needs an open wall piece, a climb open "
                           "pieces where it goes up and comes down) and the village it enters: no other scout there, "
                           "not entered this turn, not where the turn began."))


@_this_game_only
def step_refusal_rule(game, step):
    """Which rule refuses an illegal scout step: DK-12 (tracks), DK-13 (gates), DK-14 (climbing) or DK-15 (where a
    scout may not go); the engine's refusal decides. A legal step is refused as a question.

    Parameters
    ----------
    game : DschingisKhan
    step : Track, Gate, Climb or str
        A step the engine refuses now.
    """
    move, error = _try_step(game, step)
    if error is None:
        raise GreatWallError(f"{move} is legal now, so no rule refuses it; ask scout_step instead")
    options = _STEP_RULES if error.rule in _STEP_RULES else _STEP_RULES + [error.rule]
    return Exercise(f"{_scout_sentence(game)} {move} is refused. Which rule refuses it: "
                    "DK-12 (tracks), DK-13 (gates), DK-14 (climbing) or DK-15 (villages a scout may not enter)?",
                    error.rule, explain=f"{error.reason[:1].upper()}{error.reason[1:]}.", rule=error.rule,
                    parse=as_choice(options), choices=options, asks=Asks("rule", _scout_keys(game, move)),
                    position=_shown(game),
                    hints=("Look at the kind of step and at the village it would enter (DK-12 to DK-15).",
                           "First check the village it would enter against DK-15, then the way it takes: a track "
                           "(DK-12), a gate (DK-13) or a climb (DK-14)."))


@_this_game_only
def scout_destinations(game):
    """Which villages the scout of the player to act can enter with its next step (DK-12 to DK-15).

    Parameters
    ----------
    game : DschingisKhan
        A position where the player to act moves the scout (placing tiles).
    """
    steps = [m for m in game.legal_moves() if type(m) in _STEP_RULE]
    if not steps:
        raise GreatWallError(f"{_who(game)}'s scout has no step to take now (phase {game.phase!r}): scout steps "
                             "are taken when placing tiles")
    entered = {_entered(game, m) for m in steps}
    kinds = {name: sorted({_entered(game, m) for m in steps if type(m) is kind})
             for name, kind in (("a track (DK-12)", Track), ("a gate (DK-13)", Gate), ("a climb (DK-14)", Climb))}
    ways = "; ".join(f"by {name}: {', '.join(map(str, vs))}" for name, vs in kinds.items() if vs)
    here = game.scout[game.to_act]
    # no single rule decides a set of villages: the explanation names each way's rule, and DK-15's exclusions
    return Exercise(f"{_scout_sentence(game)} Which villages can it enter with its next step? (numbers, e.g. 4, 9)",
                    frozenset(entered), explain=f"{len(entered)} villages: {ways}; never another scout's village, one "
                                                "entered this turn or the turn's start (DK-15).",
                    parse=as_int_set, asks=Asks("elements", (f"v{here}",) if here >= 0 else ()),
                    position=_shown(game),
                    hints=("Look at the scout's village and its neighbours by track, across open wall pieces and by "
                           "climbing (DK-12 to DK-15).",
                           "List the neighbours by track on the same side, the villages across the open wall pieces "
                           "beside the scout and those a climb reaches; then strike out those DK-15 forbids."))


def _try_step(game, step):
    """The step as a move and the engine's refusal of it (None if it is legal), played on a copy."""
    move = _move(game, step, tuple(_STEP_RULE), "a scout step ('track <village>', 'gate (x,y)-(x,y)' or "
                                              "'climb (x,y)-(x,y) (x,y)-(x,y) <village>')")
    try:
        game.copy().play(move)
    except IllegalMoveError as error:
        return move, error
    return move, None


def _scout_keys(game, move):
    here = game.scout[game.to_act] if game.to_act is not None else -1
    keys = (f"v{here}" if here >= 0 else None, game.move_element(move))  # a step to nowhere has no element
    return tuple(k for k in keys if k is not None)


def _entered(game, move):
    return int(game.move_element(move)[1:])


def _scout_sentence(game):
    here = game.scout[game.to_act] if game.to_act is not None else -1
    where = f"stands on village {here} ({game.side(here)})" if here >= 0 else "is off the board"
    return f"{_who(game)}'s scout {where}."


# -- village scoring -----------------------------------------------------------------------------------------------

@_this_game_only
def village_score(game, village):
    """What a village scores for the player controlling it, tile by tile (DK-31 to DK-35).

    Parameters
    ----------
    game : DschingisKhan
        Any position (scored as if the game ended now); the question lists the stack, which the picture hides.
    village : int
        A village with tiles.
    """
    s = _scored(game, village)
    return Exercise(f"{_stack_sentence(game, s)} What does it score for {game.player_names[s.controller]}?",
                    s.points, explain=" ".join(step.sentence for step in steps_of(s)[1:]), rule=s.rule, parse=as_int,
                    asks=Asks("total", (f"v{village}",)), position=_shown(game),
                    hints=(f"Look at village {village}'s stack and side, and at the scoring rules (DK-31 to DK-35).",
                           "First decide the case: plague, ginseng, both or neither; then score every tile of the "
                           "stack by that case, by its kind and by the village's side."))


@_this_game_only
def scoring_case(game, village):
    """Which scoring case applies to a village: neither plague nor ginseng, plague, ginseng, or both (DK-32 to 35).

    Parameters
    ----------
    game : DschingisKhan
    village : int
        A village with tiles.
    """
    s = _scored(game, village)
    return Exercise(f"{_stack_sentence(game, s)} Which case scores it: neither (no plague, no ginseng), plague, "
                    "ginseng, or both?", s.case, explain=steps_of(s)[1].sentence, rule=s.rule,
                    parse=as_choice(_CASES), choices=_CASES, asks=Asks("verdict", (f"v{village}",)),
                    position=_shown(game),
                    hints=(f"Look at every tile of village {village}'s stack and at rules DK-32 to DK-35.",
                           "Look for plague and ginseng tiles anywhere in the stack, not only on top, and count "
                           "each."))


def _scored(game, village):
    if isinstance(village, bool) or not isinstance(village, int) or not 0 <= village < len(game.stacks):
        raise GreatWallError(f"village must be a village number 0 to {len(game.stacks) - 1}, not {quote(village)}")
    for s in game.village_scores():
        if s.village == village:
            return s
    raise GreatWallError(f"village {village} has no tiles: nobody controls it, so it scores nothing")


def _stack_sentence(game, s):
    tiles = ", ".join(f"{game.player_names[owner]} {kind}" for owner, kind in game.stacks[s.village])
    return f"Village {s.village} lies in {SIDE_NAMES[s.side]}; its stack, bottom to top: {tiles}."


# -- shared ------------------------------------------------------------------------------------------------------

def _shown(game):
    """The position an exercise shows: a read-only copy, so a notebook that plays on does not change its picture."""
    return game.copy().looking_only()


def _move(game, move, kinds, wanted):
    """``move`` (a move or its text, parsed by the game) if it is one of ``kinds``; the kit's error otherwise."""
    if isinstance(move, str):
        move = game.parse_move(move)
    if type(move) not in kinds:
        raise GreatWallError(f"expected {wanted}, not {quote(move)}")
    move.check()  # Wall(None) and other ill-typed fields: the kit's NotationError
    return named(move, game.made)  # the board's own move: its text names lines by their towers


def _who(game):
    if game.to_act is None:
        raise GreatWallError("the game is over: nobody plays a wall or a scout step")
    return game.player_names[game.to_act]


def _pieces(n):
    return f"{n} piece" + ("" if n == 1 else "s")


def _lines(game, lines):
    """Lines named by their towers, as the picture labels them."""
    return " ".join(game.board.describe_line(x) for x in lines) or "none"
