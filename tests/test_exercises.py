"""Predict-then-check exercises: parsing answers, feedback with the rule, the form, solutions kept apart."""

import json
from pathlib import Path

import pytest

import greatwall_kit.widgets
from greatwall_kit import new_game
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import Exercise, as_choice, as_int, as_int_set, record
from greatwall_kit.widgets.picture import Picture


@pytest.fixture(autouse=True)
def fresh_record():
    record._reset()  # exercises built with the same question share a record entry across tests otherwise
    yield
    record._reset()


@pytest.mark.parametrize("text,value", [("3", 3), (" -2 ", -2), (4, 4), ("+5", 5)])
def test_whole_numbers_parse(text, value):
    assert as_int(text) == value


@pytest.mark.parametrize("bad", ["three", "3.5", "", True, None, [3]])
def test_bad_numbers_are_refused_with_a_hint(bad):
    with pytest.raises(GreatWallError, match="whole number"):
        as_int(bad)


@pytest.mark.parametrize("parse,bad", [(as_int, "٣"), (as_int, "３"), (as_int, "-٢"), (as_int_set, "4, ٥")])
def test_only_the_digits_0_to_9_are_numbers(parse, bad):
    # the answer pattern \d+ matched Arabic-Indic and full-width digits, so "٣" was the answer 3
    with pytest.raises(GreatWallError, match="whole number written with the digits 0-9"):
        parse(bad)


@pytest.mark.parametrize("parse,bad", [(as_int, "9" * 5000), (as_int, "-" + "9" * 5000), (as_int, 10 ** 5000),
                                       (as_int_set, "4, " + "9" * 5000)],
                         ids=["text", "signed text", "int", "set"])
def test_a_number_too_long_to_read_is_refused_in_a_short_message(parse, bad):
    # over 4,300 digits int() (and str() of a number) raised Python's plain ValueError ("Exceeds the limit ...")
    with pytest.raises(GreatWallError, match=r"answer with a whole number.*100 digits") as err:
        parse(bad)
    assert len(str(err.value)) < 200


@pytest.mark.parametrize("text,value", [("4, 5", {4, 5}), ("{9 4}", {4, 9}), ([5, 4], {4, 5}), ("none", set()),
                                        ("", set())])
def test_sets_of_numbers_parse(text, value):
    assert as_int_set(text) == frozenset(value)


def test_choices_are_case_insensitive_and_refuse_others():
    parse = as_choice(["Red", "Green"])
    assert parse(" red ") == "Red"
    with pytest.raises(GreatWallError, match="Red, Green"):
        parse("Blue")


def test_feedback_says_right_or_not_and_explains_with_the_rule_once_the_answer_is_known():
    ex = Exercise("Who scores province 2?", "Green", explain="Green has 3 blocks to Red's 2.", rule="CC-22",
                  parse=as_choice(["Red", "Green"]), hints=("Look at province 2 (CC-22).", "Count the blocks."))
    wrong, right = ex.check("Red"), ex.check("green")
    assert not wrong.correct and right.correct
    assert "Green has 3 blocks" not in str(wrong) and "CC-22" in str(wrong)  # the hint, not the explanation
    assert "Green has 3 blocks" in str(right) and str(right).endswith("[CC-22]")
    assert str(ex.solution()) == "Right: Green. Green has 3 blocks to Red's 2. [CC-22]"
    assert "Green" not in repr(ex)  # the question shows, the answer does not


def test_an_unknown_rule_is_a_bug_found_when_the_exercise_is_built():
    with pytest.raises(KeyError):
        Exercise("?", 1, explain="", rule="XX-99", parse=as_int)


def test_the_form_checks_what_is_typed_and_shows_feedback():
    ex = Exercise("How many?", 3, explain="Three.", rule="DK-27", parse=as_int)
    form = ex.form()
    box, button, _solve = form.children[1].children
    box.value = "x"
    button.click()
    assert "whole number" in form.children[2].value
    box.value = "9" * 5000  # raised out of the click handler
    button.click()
    assert "5,000 digits" in form.children[2].value and len(form.children[2].value) < 1000
    box.value = "3"
    button.click()
    assert "Right:</b> 3." in form.children[2].value
    data, _ = ex._repr_mimebundle_()
    assert data["text/plain"] == "Exercise('How many?')"


def _form_state(form):
    """Every synced value of the form and of the widgets in it, as a browser (or a saved notebook) gets them."""
    return json.dumps([w.get_state() for w in _parts(form)])


def _parts(widget):
    children = getattr(widget, "children", ())
    return [widget, *[p for c in children for p in _parts(c)]]


def test_the_forms_quiz_board_is_a_picture_drawn_by_the_boards_front_end_and_holds_no_answer_until_shown():
    game = new_game("great_wall_of_china", seed=7)
    ex = Exercise("Whose turn?", "Red", explain="Red deals first, so Red acts.", choices=["Red", "Yellow"],
                  position=game)
    picture = ex.form().children[-1]
    assert isinstance(picture, Picture) and picture._board == ex.picture()
    assert picture.get_state()["_esm"] == (Path(greatwall_kit.widgets.__file__).parent / "board.js").read_text()
    (_, check, solve), feedback = ex.form().children[1].children, ex.form().children[2]
    assert "Red deals first" not in _form_state(ex.form())  # saved now, a notebook would give nothing away
    ex.form().children[1].children[0].value = "Yellow"
    check.click()
    assert "Hint 1 of 2" in feedback.value and "Red deals first" not in _form_state(ex.form())
    solve.click()
    assert "Red deals first" in feedback.value  # shown: now it may be kept
    assert isinstance(Exercise("?", 1, explain="", parse=as_int).form().children[-1], Picture)  # one in every form
