"""Real-browser tests of the keyboard on a board (issue 38): the keys stay on the board.

For each game a scratch notebook shows a cell, a ``Board`` in the teacher's view (who may play every seat) and a
cell after it, at 1366×768 with the file browser open. The test uses only the keyboard: Tab enters the board's
targets once and leaves them at the next Tab (roving tabindex); the arrow keys move between targets and never reach
JupyterLab (its active cell stays the board's); the target reached is in view and not under the bar; Enter plays
that target's move and only it; after the move the focus stays where it was and a second Enter plays nothing else.
"""

from __future__ import annotations

import pytest

import greatwall_kit
from greatwall_kit.engine.playout import play_randomly

from .helpers import LAPTOP, console_errors, inside, kernel_json, open_and_run, set_viewport, shot

pytestmark = pytest.mark.ui

GAMES = {"chang_cheng": 1, "great_wall_of_china": 7, "dschingis_khan": 3, "the_great_wall": 2}  # game -> seed

FOCUS = """() => { const a = document.activeElement;
    return {board: !!a.closest('.gw-board'), picture: !!a.closest('.gw-picture'),
            key: a.getAttribute('data-element'), target: a.hasAttribute('data-target'),
            label: a.getAttribute('aria-label'),
            cell: window.jupyterapp.shell.currentWidget.content.activeCellIndex}; }"""


def _start(name, seed):
    """Decisions of seeded random play (of the first 120) after which the player to act has the most targets, one
    of them with a single move, and how many targets that is."""
    best = (0, None)
    for made in range(120):
        game = greatwall_kit.new_game(name, players=2, seed=seed)
        play_randomly(game, seed, stop_after=made)
        if game.to_act is None:
            break
        keys = [game.move_element(m) for m in game.legal_moves()]
        targets = {k for k in keys if k is not None}
        if any(keys.count(k) == 1 for k in targets) and len(targets) > best[0]:
            best = (len(targets), made)
    assert best[0] >= 2, f"{name}: no position with two targets, one of a single move"
    return best[1], best[0]


def _not_under_the_bar(page, board) -> bool:
    """Whether the focused element is in the notebook's visible area and below the bar that follows the scroll."""
    return page.evaluate("""(b) => { const a = document.activeElement.getBoundingClientRect();
        const head = b.querySelector('.gw-head').getBoundingClientRect();
        return a.top >= head.bottom - 1 || a.bottom <= head.top + 1; }""", board.element_handle())


@pytest.mark.parametrize("game_name", list(GAMES))
def test_the_keyboard_stays_on_the_board(lab_page, lab_server, record_ui_timing, game_name):
    page = lab_page
    seed = GAMES[game_name]
    start, targets = _start(game_name, seed)
    set_viewport(page, LAPTOP, file_browser=True)
    path = open_and_run(page, lab_server, record_ui_timing, f"keys-{game_name}.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.engine.playout import play_randomly\n"
        "from greatwall_kit.widgets import Board",
        f"game = new_game({game_name!r}, players=2, seed={seed})\nplay_randomly(game, {seed}, stop_after={start})\n"
        "board = Board(game, perspective='teacher')\nboard",
        "print('the cell after the board')",
    ])
    set_viewport(page, LAPTOP, file_browser=True)
    board = page.locator(".gw-board").first
    board.wait_for(state="visible")
    page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex = 1")
    made = kernel_json(page, path, "len(game.history)")

    # one Tab stop for the targets: Tab from the picture lands on a target, the next Tab leaves the picture
    board.locator(".gw-picture").focus()
    page.keyboard.press("Tab")
    entered = page.evaluate(FOCUS)
    assert entered["target"], f"Tab did not enter the board's targets: {entered}"
    page.keyboard.press("Tab")
    left = page.evaluate(FOCUS)
    assert left["board"] and not left["picture"], f"the second Tab stayed among the targets: {left}"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS)["key"] == entered["key"], "Shift+Tab did not come back to the same target"

    # the arrows move between the targets, never to JupyterLab; the target reached is in view, not under the bar
    seen = [entered["key"]]
    for key in ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowRight", "ArrowLeft", "End", "ArrowUp", "Home",
                "ArrowDown", "ArrowDown"]:
        page.keyboard.press(key)
        page.wait_for_timeout(60)
        now = page.evaluate(FOCUS)
        assert now["cell"] == 1, f"{key} changed JupyterLab's active cell to {now['cell']}"
        assert now["target"], f"{key} left the targets: {now}"
        assert inside(page, page.locator(":focus")) and _not_under_the_bar(page, board), \
            f"{key}: the focused target {now['key']} is out of view or under the bar"
        seen.append(now["key"])
    assert len(set(seen)) >= min(targets, 4), f"the arrows visited only {set(seen)} of {targets} targets"
    page.keyboard.press("End")
    shot(page, f"keys-{game_name}-end.png")

    # Enter plays the focused target's move and only it; the focus stays on that element, in view
    single = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    if not (single or "").startswith("play "):  # the last target has several moves: go to one that has one
        board.locator('.gw-picture [data-target][aria-label^="play "]').last.focus()
        single = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    key = page.evaluate(FOCUS)["key"]
    page.keyboard.press("Enter")
    for _ in range(50):
        if kernel_json(page, path, "len(game.history)") > made:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(400)
    # (a target's label says its move in the words of its button: game.describe's label, "play Clerk at War room")
    played = kernel_json(page, path, f"[game.position_at({made}).describe(m).label for m in game.history[{made}:]]")
    assert played == [single[len("play "):]], f"Enter on {key} ({single!r}) played {played}"
    after = page.evaluate(FOCUS)
    assert after["key"] == key, f"after the move the focus went from {key} to {after}"
    assert inside(page, page.locator(":focus")) and _not_under_the_bar(page, board), "the focus is out of view"
    assert after["cell"] == 1

    # a second Enter plays nothing but what the focused element still offers
    offers = page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")
    page.keyboard.press("Enter")
    page.wait_for_timeout(700)
    again = kernel_json(page, path, f"[game.position_at({made + 1}).describe(m).label "
                                    f"for m in game.history[{made + 1}:{made + 2}]]")
    assert again in ([], [offers[len("play "):]] if offers.startswith("play ") else []), \
        f"a second Enter on {key} played {again}"
    assert not console_errors(page), f"{game_name}: browser console errors: {console_errors(page)[:5]}"
