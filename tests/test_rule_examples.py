"""Every rule's live example (``greatwall_kit.rules.example``) shows that rule at work.

Checked from the game itself, not from the example's own account: a game played to the example's moment anew makes
its move and the engine's log, the steps of what it resolved, or the refusal must cite the rule. The position is a
valid one, the example draws as a board (and, where the rule
resolves in steps, as a Stepper), and two builds give the same snapshot. The examples are seeded games reached by
legal moves, so a valid position means one that saves and loads through the kit's checked save format.
"""

import html

import pytest

from greatwall_kit import GAMES, IllegalMoveError, load, rules
from greatwall_kit.widgets import Stepper

# the kit's games and its own rules: a game a test registers (the conformance suite's Tiny Wall) has no examples
IDS = sorted(i for i in rules.all_rules() if rules.get(i).game in {*GAMES, "kit"})


def cited_by_playing(ex):
    """The rule IDs the engine cites when the example's moment is reached anew (the set-up, or the move played)."""
    game = ex.play_on()
    if ex.move is None:
        return {e.rule for e in game.log if e.decision == 0}
    start = len(game.log)
    try:
        game.play(str(ex.move))
    except IllegalMoveError as refused:
        return {refused.rule}
    made = len(game.history)
    steps = {s.rule for r in game.resolutions() if r.decision == made for s in r.steps}
    return {e.rule for e in game.log[start:]} | steps


@pytest.mark.parametrize("rule_id", IDS)
def test_the_example_of_every_rule_fires_it(rule_id):
    ex = rules.example(rule_id)
    assert ex.rule == rule_id
    assert rule_id in cited_by_playing(ex), f"{rule_id}'s example fires {sorted(cited_by_playing(ex))}"
    assert (ex.after is None) == (ex.refusal is not None) and (ex.move is None) == (ex.how == "setup")
    assert ex.cited and all(f"[{rule_id}]" in line for line in ex.cited)
    # a valid position: reached from a new game by legal moves, it saves and loads through the checked save format
    assert load(ex.play_on().to_json()).snapshot() == ex.before.snapshot()
    assert ex.picture().startswith("<svg") and "<svg" in ex._repr_html_() and rule_id in str(ex)
    if ex.resolution is not None:
        stepper = Stepper(ex.after, resolution=ex.resolution)
        assert any(s.rule == rule_id for s in stepper.resolved.steps)
    for other in [ex.other] if ex.other else []:
        assert other.variant != ex.variant and other.rule in cited_by_playing(other)


#: the rules a named variant reads another way: each a rule whose ``variant`` names an option, and each variant's own
VARIANT_RULES = sorted(i for i in IDS if rules.get(i).variant)


@pytest.mark.parametrize("rule_id", VARIANT_RULES)
def test_a_rule_two_sources_read_differently_shows_both_readings(rule_id):
    ex = rules.example(rule_id)
    assert ex.other is not None, f"{rule_id}'s example shows one reading only"
    option = rules.get(rule_id).variant.split("=")[0]
    assert ex._options().get(option) != ex.other._options().get(option), "both examples read the option alike"
    shown = ex._repr_html_()
    assert "The other reading" in shown and shown.count("<svg") >= 3 and ex.other.cited[0] in html.unescape(shown)
    assert ex.other.cited[0] in str(ex)


@pytest.mark.parametrize("rule_id", ["DK-23", "CC-24", "TGW-33", "GW-16", "KIT-02"])
def test_an_example_is_the_same_built_twice(rule_id):
    first = rules.example(rule_id).snapshot()
    rules.example.cache_clear()
    assert rules.example(rule_id).snapshot() == first


def test_a_bad_rule_name_is_the_kits_error():
    for bad in ("XX-99", 23, None):
        with pytest.raises(rules.GreatWallError):
            rules.example(bad)


def test_a_rules_rich_output_opens_its_live_example():
    shown = rules.get("DK-23")._repr_html_()
    assert "<details><summary>Live example of DK-23</summary>" in shown and "<svg" in shown
