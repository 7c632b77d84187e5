"""Dschingis Khan exercises: answers agree with the engine's evidence, wrong answers get the rule, bad input the kit's
error."""

import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.dschingis_khan import DschingisKhan, Wall
from greatwall_kit.engine.errors import GreatWallError, IllegalMoveError, NotationError
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.steps import steps_of
from greatwall_kit.exercises import dschingis_khan as dk
from tests.dschingis_khan.dk_support import FIG7_BRANCH, game_at, line, v
from tests.exercises.conftest import answer_parts

FIG7 = dict(branches=[FIG7_BRANCH], turn="Orange", active={"Orange": {"walls": 1}})
#: Figure 7 (longer new route stays), Figure 8 (tie: new route and the isolated branch go).
FIG7_WALLS = [((2, 2), (2, 3)), ((3, 2), (4, 2))]


def fig7():
    return game_at(**FIG7)


def engine_resolution(game, move):
    trial = game.copy()
    trial.play(move)
    return trial.last_resolution


@pytest.mark.parametrize("a,b", FIG7_WALLS)
def test_DK22_DK23_removed_route_is_the_engines(a, b):
    game = fig7()
    move = Wall(line(game, a, b))
    r = engine_resolution(game, move)
    ex = dk.removed_route(game, move)
    removed = "old" if r.kept == "new" else "new"
    other = "new" if removed == "old" else "old"
    assert ex.check(removed).correct and not ex.check(other).correct
    assert r.reason in str(ex.check(other))
    assert ex.solution().rule == ("DK-23" if r.old_length == r.new_length else "DK-22")
    assert game.history == () and game.last_resolution is None  # played on a copy


def test_DK25_a_new_end_is_asked_with_its_own_rule():
    game = game_at(branches=[[[6, 2], [6, 3], [6, 4], [7, 4]]], turn="Blue", active={"Blue": {"walls": 1}})
    ex = dk.removed_route(game, "wall (7,4)-(8,4)")
    assert "new end" in ex.question and ex.solution().rule == "DK-25"
    assert ex.check("old").correct == (engine_resolution(game, "wall (7,4)-(8,4)").kept == "new")


@pytest.mark.parametrize("a,b", FIG7_WALLS)
def test_DK24_pieces_removed_count_the_route_and_the_isolated_pieces(a, b):
    game = fig7()
    r = engine_resolution(game, Wall(line(game, a, b)))
    ex = dk.pieces_removed(game, f"wall ({a[0]},{a[1]})-({b[0]},{b[1]})")
    assert ex.check(len(r.removed)).correct and not ex.check(len(r.removed) + 1).correct
    assert ex.solution().rule == ("DK-24" if r.removed_isolated else "DK-22")


@pytest.mark.parametrize("a,b", FIG7_WALLS)
def test_DK27_villages_changing_side_count_and_names(a, b):
    game = fig7()
    r = engine_resolution(game, Wall(line(game, a, b)))
    count = dk.villages_changing_side(game, Wall(line(game, a, b)))
    named = dk.villages_changing_side(game, Wall(line(game, a, b)), name_them=True)
    assert count.check(str(len(r.changed_side))).correct and not count.check(len(r.changed_side) + 1).correct
    assert named.check(", ".join(map(str, r.changed_side)) or "none").correct
    assert not named.check({v(game, 0, 0)}).correct
    assert count.solution().rule == named.solution().rule == "DK-27"


def test_DK27_figure_7_names_the_two_villages_the_rulebook_shows():
    game = fig7()
    ex = dk.villages_changing_side(game, "wall (2,2)-(2,3)", name_them=True)
    assert ex.check({v(game, 2, 2), v(game, 2, 1)}).correct


@pytest.mark.parametrize("seed", [3, 11])
def test_every_resolution_of_a_random_game_is_asked_as_the_engine_resolved_it(seed):
    game = DschingisKhan(players=3, seed=seed)
    play_randomly(game, seed=seed)
    walls = [r for r in game.resolutions() if r.title.startswith(("Loop", "New end"))]
    assert walls, "the random game closed no loop; pick another seed"
    for found in walls:
        before = game.position_at(found.decision - 1)
        move, r = game.history[found.decision - 1], found.evidence
        assert dk.removed_route(before, move).check("new" if r.kept == "old" else "old").correct
        assert dk.pieces_removed(before, move).check(len(r.removed)).correct
        assert dk.villages_changing_side(before, move, name_them=True).check(set(r.changed_side)).correct


@pytest.mark.parametrize("wall,error,match", [
    ("wall (1,0)-(1,1)", IllegalMoveError, "DK-20"),              # touches no wall
    ("wall (2,2)-(3,2)", IllegalMoveError, "DK-26"),              # Figure 9: a loop off the wall
    ("wall (2,2)-(3,3)", NotationError, "not neighbours"),
    (Wall(None), NotationError, "whole number"),
    ("take wall", GreatWallError, "expected a wall"),
    (37, GreatWallError, "expected a wall"),
])
def test_bad_walls_get_the_kits_error(wall, error, match):
    with pytest.raises(error, match=match):
        dk.removed_route(fig7(), wall)


def test_a_wall_that_closes_nothing_is_refused_as_a_question():
    game = game_at(turn="Orange", active={"Orange": {"walls": 1}})
    with pytest.raises(GreatWallError, match="closes no loop"):
        dk.villages_changing_side(game, "wall (3,3)-(3,2)")


@pytest.mark.parametrize("ask", [lambda g: dk.removed_route(g, "wall 3"), lambda g: dk.scout_step(g, "track 3"),
                                 dk.scout_destinations, lambda g: dk.village_score(g, 3),
                                 lambda g: dk.scoring_case(g, 3)])
@pytest.mark.parametrize("other", ["chang_cheng", None])
def test_another_game_is_refused(ask, other):
    from greatwall_kit import new_game

    with pytest.raises(GreatWallError, match="Dschingis Khan"):
        ask(new_game(other, seed=1) if other else None)


# -- scout steps --------------------------------------------------------------------------------------------------

def scouting():
    """Red on (2,2) with two tiles to place; an open branch (3,3)-(3,2)-(3,1) beside it, Green's scout on (3,2)."""
    return game_at(players=2, branches=[[[3, 3], [3, 2], [3, 1]]], scouts={"Red": [2, 2], "Green": [3, 2]},
                   stacks={"3,2": ["Green mongol"]}, active={"Red": {"tiles": ["farmer", "mongol"]}})


def test_DK12_DK15_scout_destinations_are_the_villages_of_the_legal_steps():
    game = scouting()
    ex = dk.scout_destinations(game)
    entered = {int(game.move_element(m)[1:]) for m in game.legal_moves()}
    assert ex.check(entered).correct and not ex.check(entered - {min(entered)}).correct
    assert v(game, 3, 2) not in entered  # Green's scout stands there


@pytest.mark.parametrize("step,rule", [
    ("track {here}", "DK-12"),          # its own village: a track leads to a neighbour
    ("track {far}", "DK-12"),           # not a neighbour
    ("gate {no_wall}", "DK-13"),        # no piece on that line
    ("climb {no_wall} {gw} {west}", "DK-14"),
    ("track {green}", "DK-12"),         # a wall piece stands across that track (its other scout is not the reason)
    ("track {china}", "DK-12"),         # across the Great Wall: tracks stay on one side
])
def test_DK12_to_DK15_a_refused_step_is_answered_with_the_engines_reason(step, rule):
    game = scouting()
    names = {"here": game.scout[0], "far": v(game, 6, 0), "no_wall": line(game, (2, 2), (2, 1)),
             "gw": line(game, (0, 3), (1, 3)), "west": v(game, 0, 3), "green": v(game, 3, 2), "china": v(game, 2, 3)}
    move = step.format(**names)
    with pytest.raises(IllegalMoveError) as refused:
        game.copy().play(move)
    legal, which = dk.scout_step(game, move), dk.step_refusal_rule(game, move)
    assert legal.check("no").correct and not legal.check("yes").correct
    assert refused.value.reason in str(legal.check("yes")) and legal.solution().rule == refused.value.rule == rule
    assert which.check(rule).correct and which.choices[:4] == ["DK-12", "DK-13", "DK-14", "DK-15"]


def test_DK13_a_legal_step_says_where_it_leads_and_has_no_refusal_rule():
    game = scouting()
    gate = next(m for m in game.legal_moves() if str(m).startswith("gate"))
    ex = dk.scout_step(game, gate)
    assert ex.check("yes").correct and ex.solution().rule == "DK-13"
    assert f"village {game.move_element(gate)[1:]}" in ex.explain
    with pytest.raises(GreatWallError, match="legal now"):
        dk.step_refusal_rule(game, gate)
    assert game.history == ()


@pytest.mark.parametrize("step", ["wall 3", "lay farmer", "track x", 5])
def test_a_step_that_is_not_a_scout_step_gets_the_kits_error(step):
    with pytest.raises(GreatWallError):
        dk.scout_step(scouting(), step)


def test_no_destinations_outside_the_scouts_steps():
    with pytest.raises(GreatWallError, match="no step"):
        dk.scout_destinations(fig7())   # Orange places walls


# -- village scoring --------------------------------------------------------------------------------------------

STACKS = {"1,3": ["Red chinese", "Green chinese"],                    # China, neither: +6 for Green
          "2,1": ["Red mongol", "Red plague", "Green farmer"],        # plague: -9
          "5,1": ["Green mongol", "Green ginseng", "Red farmer"],     # ginseng: 3 + 0 + 1
          "6,1": ["Red chinese", "Green plague", "Red ginseng"]}      # both: as neither, Chinese in Mongolia -3


@pytest.mark.parametrize("cell,case,rule", [((1, 3), "neither", "DK-32"), ((2, 1), "plague", "DK-33"),
                                            ((5, 1), "ginseng", "DK-34"), ((6, 1), "both", "DK-35")])
def test_DK32_to_DK35_village_score_and_case_are_the_engines(cell, case, rule):
    game = game_at(players=2, stacks=STACKS)
    village = v(game, *cell)
    scored = next(s for s in game.village_scores() if s.village == village)
    points, kind = dk.village_score(game, village), dk.scoring_case(game, village)
    assert points.check(scored.points).correct and not points.check(scored.points + 3).correct
    assert kind.check(case).correct and scored.case == case and points.solution().rule == rule
    assert all(step.sentence in points.explain for step in steps_of(scored)[1:])
    assert f"{scored.points:+d}" in str(points.check(0))


def test_DK32_the_tiles_are_named_in_the_question_because_the_picture_hides_them():
    game = game_at(players=2, stacks=STACKS)
    assert "Red mongol, Red plague, Green farmer" in dk.village_score(game, v(game, 2, 1)).question


@pytest.mark.parametrize("village,match", [(0, "no tiles"), (38, "0 to 37"), (-1, "0 to 37"), ("3", "village"),
                                           (True, "village")])
def test_bad_villages_get_the_kits_error(village, match):
    with pytest.raises(GreatWallError, match=match):
        dk.village_score(game_at(players=2, stacks=STACKS), village)


# -- the position each exercise shows, in its quiz form ---------------------------------------------------------

def seen(svg):
    """The quiz picture's visible text: its texts, its titles (shown on hover) and its accessible name."""
    root = ET.fromstring(svg)
    return "\n".join([root.get("aria-label"), *("".join(el.itertext()) for el in root.iter()
                                                 if el.tag.rsplit("}", 1)[-1] in ("text", "title"))])


def finished():
    game = DschingisKhan(players=2, seed=3)
    play_randomly(game, seed=3)
    return game


def fig11():
    """Figure 11: Red has placed two walls round Green's village (1,3) and places the third."""
    game = game_at(stacks={"1,3": ["Red chinese", "Green chinese"]}, active={"Red": {"walls": 3}})
    return game.replay(["wall (1,3)-(1,4)", "wall (1,4)-(2,4)"])


TO_ACT = r"\w+ to act"   # the status line
#: (builder call, kind it asks, what the full picture states that would give the answer away: each must be drawn on
#: the position without hide= and be gone from the quiz form). Answers too short to be distinctive (old/new, yes/no, a
#: village number that is also the village's label) are checked by these fields.
QUIZZES = {
    "removed_route tie": (lambda: dk.removed_route(fig7(), "wall (3,2)-(4,2)"), "verdict",
                          [r"Great Wall:? (of )?\d+ pieces", TO_ACT]),
    "removed_route new end": (lambda: dk.removed_route(
        game_at(branches=[[[6, 2], [6, 3], [6, 4], [7, 4]]], turn="Blue", active={"Blue": {"walls": 1}}),
        "wall (7,4)-(8,4)"), "verdict", [r"Great Wall:? (of )?\d+ pieces"]),
    "pieces_removed": (lambda: dk.pieces_removed(fig7(), "wall (3,2)-(4,2)"), "count",
                       [r"\d+ pieces", r"common supply: \d+", r"\d+ walls?, \d+ tiles?"]),
    "villages_changing_side count": (lambda: dk.villages_changing_side(fig11(), "wall (2,4)-(2,3)"), "count",
                                     [r"villages: \d+ Mongolia, \d+ China", r"\d+ villages in Mongolia"]),
    "villages_changing_side names": (lambda: dk.villages_changing_side(fig11(), "wall (2,4)-(2,3)", name_them=True),
                                     "elements", [TO_ACT]),
    "scout_step": (lambda: dk.scout_step(scouting(), "track 9"), "verdict", [TO_ACT]),
    "step_refusal_rule": (lambda: dk.step_refusal_rule(scouting(), "track 17"), "rule", [TO_ACT]),
    "scout_destinations": (lambda: dk.scout_destinations(scouting()), "elements", [TO_ACT]),
    "village_score": (lambda: dk.village_score(finished(), 1), "total", [r"-?\d+ \(\d+ villages? scored\)"]),
    "scoring_case": (lambda: dk.scoring_case(game_at(players=2, stacks=STACKS), 13), "verdict",
                     [TO_ACT, r"Great Wall:? (of )?\d+ pieces"]),
}


@pytest.mark.parametrize("name", QUIZZES)
def test_each_exercise_shows_its_position_before_the_question_in_its_quiz_form(name):
    build, kind, fields = QUIZZES[name]
    ex = build()
    assert ex.asks.kind == kind and ex.asks.about, f"{name} names no board element"
    position = ex.position
    full, quiz = seen(position.picture()), seen(ex.picture())
    assert ex.picture() == position.picture(hide=ex.hides)
    for field in fields:
        assert re.search(field, full), f"{name}: {field!r} is not drawn on the position, so the check proves nothing"
        assert not re.search(field, quiz), f"{name}: the quiz picture states {field!r}"
    for part in answer_parts(ex):   # the distinctive words of the answer (a rule, a case); numbers are labels
        if not part.lstrip("-").isdigit():
            assert not re.search(rf"\b{re.escape(part)}\b", quiz, re.I), f"{name}: the picture says {part!r}"
    assert "data-target" not in ex.picture() and "data-mark" not in ex.picture()
    with pytest.raises(GreatWallError, match="only for looking"):
        position.undo()


def test_DK22_the_exercise_shows_the_position_before_the_wall_and_keeps_it_as_it_was():
    game = fig11()
    ex = dk.villages_changing_side(game, "wall (2,4)-(2,3)", name_them=True)
    shown = ex.picture()
    game.play("wall (2,4)-(2,3)")                     # the notebook plays on, as its Check cell does
    assert ex.position.history == game.history[:-1] and ex.picture() == shown
    assert ex.position.side(v(game, 1, 3)) == "China" != game.side(v(game, 1, 3))


def test_DK12_to_DK15_scout_destinations_cite_each_ways_rule_and_no_single_one():
    ex = dk.scout_destinations(scouting())
    assert ex.rule is None and all(rule in ex.explain for rule in ("DK-12", "DK-13", "DK-15"))
