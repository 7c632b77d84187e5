"""Real-browser test: while the computer's move waits out its delay, nobody plays for it, from any view.

A Chang Cheng board with the computer in seat 1 and a bot delay of several seconds, in JupyterLab at 1366×768 and at
1280×800 with the file browser open. The human clicks a move (and ends the turn); during the bot's delay the
teacher's view and the human's both show no target, say the computer is deciding, and a click on the square of one of
the bot's own moves is refused in view with the seat's reason; the kernel's game is unchanged until the bot plays.
(Every UI test of the boards used ``bot_delay=0``, so none kept a bot's turn open.)
Screenshots: ``ui-artifacts/bot-seat-*.png``.
"""

from __future__ import annotations

import pytest

from .helpers import LAPTOP, PROJECTOR, inside, kernel, kernel_json, open_and_run, set_viewport, shot

pytestmark = pytest.mark.ui

DELAY = 8  # seconds: time for the clicks below on a loaded machine


def _history(page, path):
    return kernel_json(page, path, "[str(m) for m in game.history]")


def _refused_click(page, board, path, key, label):
    before = _history(page, path)
    element = board.locator(f'.gw-picture [data-element="{key}"]').first
    element.scroll_into_view_if_needed()
    box = element.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    refused = board.locator(".gw-message.gw-refused")
    refused.wait_for(state="visible")
    assert "seat is played by the computer" in refused.inner_text(), refused.inner_text()
    assert inside(page, refused), f"{label}: the refusal is outside the visible area"
    assert _history(page, path) == before, f"{label}: a click played for the computer's seat"
    shot(page, f"bot-seat-{label}.png")


@pytest.mark.parametrize("size", [LAPTOP, PROJECTOR], ids=["1366x768", "1280x800-file-browser"])
def test_during_the_bots_delay_a_click_for_its_seat_is_refused_in_every_view(lab_page, lab_server,
                                                                             record_ui_timing, size):
    page = lab_page
    set_viewport(page, size, file_browser=size == PROJECTOR)
    path = open_and_run(page, lab_server, record_ui_timing, f"bot-seat-{size[0]}.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board",
        "game = new_game('chang_cheng', players=2, seed=1)\n"
        f"board = Board(game, seats={{1: lambda view, moves: moves[0]}}, bot_delay={DELAY}, perspective='teacher')\n"
        "board",
    ])
    set_viewport(page, size, file_browser=size == PROJECTOR)
    board = page.locator(".gw-board").first
    board.wait_for(state="visible")
    target = board.locator(".gw-picture [data-target]").first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # the human's move
    # the rest of the human's turn (a peek, or not) by code: then the computer is to act, its move waiting
    kernel(page, path, "while game.to_act == 0:\n    board.choose(game.legal_moves()[0])")
    made, to_act, bot_keys = kernel_json(page, path, "[len(game.history), game.to_act, sorted({game.move_element(m) "
                                                     "for m in game.legal_moves()} - {None})]")
    assert made >= 1 and to_act == 1 and bot_keys
    board.locator(".gw-picture [data-element]").first.wait_for()
    assert board.locator(".gw-picture [data-target]").count() == 0, "the computer's moves are drawn as targets"
    assert "(computer) is deciding" in board.locator(".gw-message").inner_text()
    _refused_click(page, board, path, bot_keys[0], f"teacher-{size[0]}")
    kernel(page, path, "board.perspective = 0")  # the human's own view
    _refused_click(page, board, path, bot_keys[-1], f"human-{size[0]}")
    page.wait_for_timeout(DELAY * 1000)
    waited = 0
    while len(_history(page, path)) <= made and waited < 20_000:
        page.wait_for_timeout(250)
        waited += 250
    assert len(_history(page, path)) > made, "the computer did not play after its delay"
