"""An exercise's feedback names its rule, one press from that rule's live example (the form's own button); *My
results* links each exercise's rule to its row of the game's rulebook notebook (no widget runs there).

The form is built and pressed as the notebook would (ipywidgets objects, no browser): the button stays hidden while
the hints still hide the solution, appears with the answer, draws the example under the feedback and hides it again.
"""

from pathlib import Path

import pytest

from greatwall_kit import rules
from greatwall_kit.exercises import Asks, Exercise, as_int, my_results
from greatwall_kit.exercises.form import make_form

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def parts(form):
    """The answer box, Check, Show solution, the feedback, the rule's button and its example (under the question)."""
    box, check, solve = form.children[1].children
    out, at_work, example = form.children[2:5]
    return box, check, solve, out, at_work, example


def test_the_rule_of_the_feedback_opens_its_live_example():
    ex = Exercise("How many blocks does Red have in province 0?", 2, explain="Red has squares 0 and 2.",
                  rule="CC-22", hints=("Look at province 0.", "Count Red's blocks in squares 0-3."), parse=as_int,
                  asks=Asks("count", ("p0",)))
    box, check, _solve, out, at_work, example = parts(make_form(ex))
    box.value = "3"
    check.click()
    assert "Hint 1" in out.value and at_work.layout.display == "none"  # (the rule is part of the solution)
    box.value = "2"
    check.click()
    assert "Right" in out.value and at_work.layout.display != "none"
    assert at_work.description == "CC-22: see this rule at work" and example.value == ""
    at_work.click()
    shown = rules.example("CC-22")
    assert example.value == shown._repr_html_() and "[CC-22]" in example.value and "<svg" in example.value
    at_work.click()
    assert example.value == "" and at_work.description == "CC-22: see this rule at work"


def test_an_exercise_without_a_rule_shows_no_button():
    ex = Exercise("How many?", 2, explain="Two.", parse=as_int, asks=Asks("count", ()))
    _box, _check, solve, out, at_work, _example = parts(make_form(ex))
    solve.click()
    assert "Solution" in out.value and at_work.layout.display == "none"


def test_my_results_links_each_exercises_rule_to_its_row_of_the_rulebook():
    ex = Exercise("How many?", 2, explain="Two.", rule="DK-23", parse=as_int, asks=Asks("count", ()),
                  hints=("Look at the loop.", "Count its villages."))
    ex.check(2)
    shown = my_results("form-rule")._repr_html_()
    assert '<a href="73-dschingis-khan-rulebook.ipynb#rule-DK-23"' in shown


@pytest.mark.parametrize("game", sorted(rules.RULEBOOK_NOTEBOOKS))
def test_every_rules_link_lands_on_its_row_of_the_stored_rulebook_notebook(game):
    for rule in rules.for_game(game):
        notebook, anchor = rules.rulebook_href(rule.id).split("#")
        stored = (NOTEBOOKS / notebook).read_text()
        assert f"id='{anchor}'" in stored, f"{rule.id}: no row {anchor!r} in {notebook}'s stored rulebook"
