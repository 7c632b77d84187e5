"""Attempts: a hint, a narrower hint, the solution after three tries or on request; the form shows each differently;
the rule that decides an exercise is part of its solution; what an exercise asks is data about the board."""

import pytest

from greatwall_kit import new_game, rules
from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.graphs import drawn_elements
from greatwall_kit.exercises import Asks, Exercise, as_choice, as_int, chang_cheng, graphs
from greatwall_kit.exercises import dschingis_khan as dk
from greatwall_kit.exercises import great_wall_of_china as gw
from greatwall_kit.exercises import the_great_wall as tgw
from tests.dschingis_khan.dk_support import FIG7_BRANCH, game_at

HINTS = ("Look at province 2 and rule CC-22.", "Count each colour's blocks in squares 9-12.")


def exercise(**kwargs):
    return Exercise("Who scores province 2?", "Green", explain="Green has 3 blocks to Red's 2.", rule="CC-22",
                    parse=as_choice(["Red", "Green", "Blue"]), asks=Asks("players", ("p2",)), hints=HINTS, **kwargs)


def test_a_wrong_answer_gets_a_hint_then_a_narrower_one_then_the_solution():
    ex = exercise()
    first, second, third = ex.check("Red"), ex.check("Blue"), ex.check("Red")
    assert (first.shown, first.hint, first.explain, first.rule) == ("hint 1", HINTS[0], None, None)
    assert (second.shown, second.hint, second.explain) == ("hint 2", HINTS[1], None)
    assert (third.shown, third.hint, third.answer, third.rule) == ("solution", None, "Green", "CC-22")
    assert not third.correct and "The answer is Green. Green has 3 blocks" in str(third)
    assert [first.attempt, second.attempt, third.attempt] == [1, 2, 3]


def test_the_same_wrong_answer_twice_in_a_row_is_not_a_new_try():
    ex = exercise()
    ex.check("Red")
    again = ex.check("red")
    assert again.repeated and again.shown == "hint 1" and again.attempt == 1
    assert ex.check("Blue").shown == "hint 2"


def test_the_solution_on_request_is_recorded_and_later_wrong_answers_show_it_again():
    ex = exercise()
    solution = ex.show_solution()
    assert (solution.answer, solution.explain, solution.rule) == ("Green", "Green has 3 blocks to Red's 2.", "CC-22")
    wrong = ex.check("Red")
    assert wrong.shown == "solution" and wrong.hint is None  # nothing left to hide
    assert ex.check("Green").correct  # a student can still try and be right


def test_a_student_can_try_again_after_a_right_answer():
    ex = exercise()
    assert ex.check("Green").correct
    assert ex.check("Red").shown == "solution" and ex.check("green").correct


def test_a_cell_run_again_continues_the_same_exercise():
    exercise().check("Red")
    exercise().check("Blue")  # the same question and explanation, built again
    assert exercise().check("Red").shown == "solution"


def test_hints_are_two_texts():
    for bad in [("only one",), ("a", ""), "two hints", ("a", 3)]:
        with pytest.raises(GreatWallError, match="hints are 2 texts"):
            Exercise("Q?", 1, explain="E.", parse=as_int, asks="count", hints=bad)


def test_asks_is_a_known_kind_with_board_element_keys():
    assert Exercise("Q?", 1, explain="E.", parse=as_int, asks="total").asks == Asks("total", ())
    with pytest.raises(GreatWallError, match="asks for one of total, count"):
        Exercise("Q?", 1, explain="E.", parse=as_int, asks="a number")
    with pytest.raises(GreatWallError, match="tuple of board element keys"):
        Asks("total", ["p2"])


def _form_texts(form):
    """The form's question and feedback HTML, and its answer box."""
    question, row, feedback = form.children[:3]
    return question, row.children, feedback


def test_the_form_shows_right_hint_and_solution_in_different_colours_icons_and_words():
    ex = exercise(choices=["Red", "Green", "Blue"])
    _question, (box, check, solve), feedback = _form_texts(ex.form())
    assert box.value is None and box.options == ("Red", "Green", "Blue")  # the drop-down starts empty
    check.click()
    assert "pick or type an answer first" in feedback.value
    seen = {}
    for answer in ["Red", "Blue", "Green"]:
        box.value = answer
        check.click()
        seen[answer] = feedback.value
    assert all(part in seen["Red"] for part in ("✘", "Not quite", "Hint 1 of 2", "#D55E00"))
    assert "Hint 2 of 2" in seen["Blue"] and HINTS[1].replace("'", "&#x27;") in seen["Blue"]
    assert "✔" in seen["Green"] and "Right" in seen["Green"] and "#009E73" in seen["Green"]
    assert "✘" not in seen["Green"] and "✔" not in seen["Red"]
    assert 'aria-live="polite"' in seen["Red"]
    solve.click()
    assert "ℹ" in feedback.value and "Solution" in feedback.value and "#0072B2" in feedback.value


def test_before_an_answer_the_form_shows_neither_the_rule_nor_its_text():
    ex = exercise()
    question, _, feedback = _form_texts(ex.form())
    assert "CC-22" not in question.value and rules.get("CC-22").text not in question.value and feedback.value == ""


# -- the witnesses: hints that were the answer, rules that did not decide --------------------------------

FINAL_13 = {"players": 3, "faces": ["1A", "2A"], "reputation": [0, 1, 2, 3, 4, 0],
            "threat": [-2, -3, -4, -3, None, -2],
            "wall": "R G B  G G R! R B  BT B R R G | RD RD G B  G B R G  B B R G .", "points": [12, 12, 12],
            "emperor_cards": 0, "to_move": "blue",
            "used_cards": {"blue": ["warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin"]}}


def test_CC44_notebook_13_exercise_5_region_4_gives_no_answer_before_it_is_tried():
    # the form showed "CC-44: A region whose counter was removed costs nothing" with the question
    game = ChangCheng.from_position(FINAL_13).replay(["single 25", "nopeek"])
    ex = chang_cheng.region_losers(game, 4)
    assert ex.rule == "CC-44" and ex.check("nobody").correct  # CC-44 decides it ...
    other = chang_cheng.region_losers(game, 0)
    assert other.rule != "CC-44"
    question = ex.form().children[0].value
    assert rules.get("CC-44").text not in question + " ".join(ex.hints)  # ... and nothing says so before
    assert "CC-42 to CC-44" in ex.hints[0] and "CC-42 to CC-44" in other.hints[0]  # the same rules, whatever decides


def test_DK23_notebook_31_figure_8_tie_rule_is_not_stated_before_the_answer():
    game = game_at(branches=[FIG7_BRANCH], turn="Orange", active={"Orange": {"walls": 1}})
    ex = dk.removed_route(game, "wall (3,2)-(4,2)")
    assert ex.rule == "DK-23"  # a tie decides Figure 8
    shown = ex.form().children[0].value + " ".join(ex.hints)
    assert rules.get("DK-23").text not in shown and "newly completed route is removed" not in shown


def test_notebook_50_graph_exercises_cite_no_unrelated_rule():
    # province_regions cited CC-10 (the double's points), lattice_faces DK-01 (the 38 villages of another board)
    cc = new_game("chang_cheng", players=3, seed=2)
    board = new_game("dschingis_khan", players=2, seed=1, layout="rectangle:6x4")
    assert graphs.province_regions(cc, 1).rule is None
    assert graphs.lattice_faces(board).rule is None


# -- what an exercise asks names elements of the board's picture -------------------------------------------------

def _cc_attack():
    return ChangCheng.from_position(FINAL_13).replay(["single 25", "nopeek"])


def _gw():
    from greatwall_kit.great_wall_of_china import GreatWallOfChina
    return GreatWallOfChina.from_position({"players": 2, "to_act": "Red", "sections": [
        {"pair": [5, 3], "cards": ["Red watchtower", "Yellow infantry", "Red wall"]}, {"pair": [4, 7]}]})


def _tgw():
    from greatwall_kit.the_great_wall import TheGreatWall
    return TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "clans": [{"chi": 2}, {}],
        "sections": [{"wall": 1, "barricades": 0, "horde": [{"card": "h02", "spots": ["S0", ".", "."]}]},
                     {"wall": 0, "barricades": 3, "horde": []}, {"wall": 0, "barricades": 3, "horde": []}]})


def _dk():
    return game_at(branches=[FIG7_BRANCH], turn="Orange", active={"Orange": {"walls": 1}})


@pytest.mark.parametrize("make,build", [
    (_cc_attack, lambda g: chang_cheng.region_losers(g, 2)),
    (_cc_attack, lambda g: chang_cheng.region_loss(g, 1, 0)),
    (lambda: ChangCheng.from_position({**FINAL_13, "to_move": "red", "used_cards": {}}),
     lambda g: chang_cheng.is_legal(g, "single 25")),
    (_gw, lambda g: gw.section_total(g, 1, "Red")),
    (_gw, lambda g: gw.scoring_check(g, 1)),
    (_gw, gw.claims),
    (_gw, lambda g: gw.card_points(g, 1, 2)),
    (_tgw, lambda g: tgw.breach(g, 0)),
    (_tgw, lambda g: tgw.final_honor(g, 1)),
    (_dk, lambda g: dk.removed_route(g, "wall (3,2)-(4,2)")),
    (_dk, lambda g: dk.villages_changing_side(g, "wall (2,2)-(2,3)", name_them=True)),
], ids=["CC42-losers", "CC42-loss", "CC06-legal", "GW16-total", "GW10-check", "GW10-claims", "GW01-card",
        "TGW22-breach", "TGW48-honor", "DK23-route", "DK27-villages"])
def test_what_an_exercise_asks_about_is_drawn_in_the_position_picture(make, build):
    game = make()
    ex = build(game)
    assert ex.asks.about, f"{ex!r} names no board element"
    assert set(ex.asks.about) <= set(drawn_elements(game.picture())), ex.asks
