"""Real-browser test: a rule ID in a board's refusal or log opens that rule's live example in the first screen.

For each game a scratch notebook makes a ``Board`` whose last move was refused (a move of a later moment). At
1366×768 with the file browser open, the refusal's rule ID is reached by keyboard (focus, Enter) and its example
opens under the bar, inside the notebook's visible area; a rule ID of the log opens its own. axe-core checks the
board with the example open. A board target's tooltip lists the rules of its moves as buttons: pressing one (with
the pointer on the tip) or R (with the target focused) opens that rule's example. Screenshots go to
``ui-artifacts/``.
"""

from __future__ import annotations

import json

import pytest

import greatwall_kit

from .helpers import LAPTOP, axe, inside, kernel, open_and_run, scroll_to_top_of, set_viewport, shot

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("game_name", list(greatwall_kit.GAMES))
def test_a_rule_id_opens_its_live_example_in_the_first_screen(lab_page, lab_server, record_ui_timing, game_name):
    page = lab_page
    set_viewport(page, LAPTOP, file_browser=True)
    path = open_and_run(page, lab_server, record_ui_timing, f"rule-panel-{game_name}.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.engine.playout import play_randomly\n"
        "from greatwall_kit.widgets import Board",
        f"game = new_game({game_name!r}, seed=1)\nlater = game.copy()\nplay_randomly(later, 1, stop_after=6)\n"
        "bad = next(str(m) for m in later.legal_moves() if m not in game.legal_moves())\n"
        "board = Board(game, perspective=0)\nboard._on_msg(board, {'type': 'move', 'text': bad}, [])\nboard",
    ])
    set_viewport(page, LAPTOP, file_browser=True)
    board = page.locator(".gw-board").first
    board.wait_for(state="visible")
    scroll_to_top_of(page, board)
    refused = kernel(page, path, "print(board._view['message']['rule'], end='')")
    button = board.locator(".gw-message button.gw-rule-id")
    assert button.inner_text() == refused
    button.focus()
    page.keyboard.press("Enter")
    panel = board.locator(".gw-rule-panel")
    panel.wait_for(state="visible")
    assert refused in panel.locator("h3").inner_text()
    page.wait_for_timeout(300)
    assert inside(page, panel), "the rule's example opened outside the first screen at 1366x768"
    assert kernel(page, path, "print(board._rule_view['id'], end='')") == refused
    assert kernel(page, path, "print(len(game.history), end='')") == "0"  # nothing played
    violations = axe(page, ".gw-board")
    shot(page, f"rule-panel-{game_name}-refusal.png")
    logged = board.locator(".gw-log button.gw-rule-id").first
    rule = logged.inner_text()
    board.locator(".gw-rule-close").click()  # (the same rule as the refusal's would not redraw an open panel)
    logged.click()
    title = board.locator(".gw-rule-panel h3")
    title.wait_for(state="visible")
    assert title.inner_text().startswith(rule)
    shot(page, f"rule-panel-{game_name}-log.png")
    assert violations == [], violations

    # a board target's (or, with none, a move button's) tooltip names the rules of its moves; the pointer goes
    # onto the tip and presses one
    board.locator(".gw-rule-close").click()
    target = board.locator(".gw-picture [data-target], .gw-buttons button.gw-move").first
    key, text = target.get_attribute("data-target"), target.get_attribute("data-move")
    moves = (f"board._view['targets'][{key!r}]" if key else
             f"[m for m in board._view['buttons'] + sum(board._view['targets'].values(), []) if m[0] == {text!r}]")
    rules = json.loads(kernel(page, path, f"import json; print(json.dumps(sorted({{m[1] for m in {moves} if m[1]}})), "
                                          "end='')"))
    target.hover()
    tip = board.locator(".gw-tip")
    tip.wait_for(state="visible")
    in_tip = tip.locator("button.gw-rule-id")
    assert sorted(in_tip.all_inner_texts()) == rules and rules
    axe_tip = axe(page, ".gw-board")
    shot(page, f"rule-panel-{game_name}-tooltip.png")
    first = in_tip.first.inner_text()
    in_tip.first.click()
    title.wait_for(state="visible")
    assert title.inner_text().startswith(first)
    assert kernel(page, path, "print(board._rule_view['id'], end='')") == first
    assert inside(page, board.locator(".gw-rule-panel")), "the tooltip's rule opened outside the first screen"
    # by keyboard: R on the target focused opens the first of its rules
    board.locator(".gw-rule-close").click()
    target.focus()
    page.keyboard.press("r")
    title.wait_for(state="visible")
    assert title.inner_text().startswith(first)
    assert kernel(page, path, "print(len(game.history), end='')") == "0"  # nothing played
    assert axe_tip == [], axe_tip


def test_a_stepper_steps_rule_id_opens_its_live_example(lab_page, lab_server, record_ui_timing):
    page = lab_page
    set_viewport(page, LAPTOP, file_browser=True)
    open_and_run(page, lab_server, record_ui_timing, "rule-panel-stepper.ipynb", [
        "from greatwall_kit import rules\nfrom greatwall_kit.widgets import Stepper",
        "example = rules.example('DK-23')\nStepper(example.after, resolution=example.resolution)",
    ])
    set_viewport(page, LAPTOP, file_browser=True)
    stepper = page.locator(".gw-stepper").first
    stepper.wait_for(state="visible")
    scroll_to_top_of(page, stepper)
    button = stepper.locator(".gw-step button.gw-rule-id")
    rule = button.inner_text()
    button.focus()
    page.keyboard.press("Enter")
    panel = stepper.locator(".gw-rule-panel")
    panel.wait_for(state="visible")
    assert panel.locator("h3").inner_text().startswith(rule)
    page.wait_for_timeout(300)
    assert inside(page, panel), "the rule's example opened outside the first screen at 1366x768"
    violations = axe(page, ".gw-stepper")
    shot(page, "rule-panel-stepper.png")
    assert violations == [], violations
