"""Real-browser tests of the bar above a board (issue 38): it holds still while the choices change, a double-click
plays one move, and the question and the public scores stay in view while the board is scrolled.

For each game a scratch notebook shows a ``Board`` in the teacher's view (who may play every seat) at a position
where the player to act has move buttons, at 1366×768 and at 1280×800 with the file browser open. The test plays
moves as a student would, with the mouse, and compares the bounding boxes of the bar's controls, of the moves' row
and of the picture before and after each move. Screenshots go to ``ui-artifacts/``.
"""

from __future__ import annotations

import pytest

import greatwall_kit
from greatwall_kit.engine.playout import play_randomly

from .helpers import LAPTOP, PROJECTOR, console_errors, inside, kernel_json, open_and_run, set_viewport, shot

pytestmark = pytest.mark.ui

GAMES = {"chang_cheng": 1, "great_wall_of_china": 7, "dschingis_khan": 3, "the_great_wall": 2}  # game -> seed
MOVES = 4  # moves played by clicks at each size
STILL = (".gw-undo", ".gw-redo", ".gw-perspective", ".gw-size", ".gw-buttons", ".gw-picture")


def _start(name, seed):
    """Decisions of seeded random play after which the player to act has a move button and the game goes on."""
    for made in range(200):
        game = greatwall_kit.new_game(name, players=2, seed=seed)
        play_randomly(game, seed, stop_after=made)
        if game.to_act is not None and any(game.move_element(m) is None for m in game.legal_moves()) \
                and len(game.legal_moves()) > 1:
            return made
    raise AssertionError(f"{name}: no position with a move button in 200 decisions")


def _boxes(board) -> dict:
    """Where each part of :data:`STILL` is (``None``: not shown)."""
    boxes = {part: board.locator(part).first.bounding_box() for part in STILL}
    return {part: b and (round(b["x"], 1), round(b["y"], 1)) for part, b in boxes.items()}


def _choices(board) -> tuple:
    """The move buttons' texts and the board's targets, as the page shows them."""
    return (board.locator(".gw-buttons").inner_text(),
            board.locator(".gw-picture [data-target]").evaluate_all(
                "els => els.map(e => e.getAttribute('aria-label'))"))


def _history(page, path) -> int:
    return kernel_json(page, path, "len(game.history)")


def _settle(page, path, made, what):
    """Wait until the kernel's game has ``made`` decisions and the view has drawn Python's answer."""
    for _ in range(100):
        if _history(page, path) >= made:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)  # a second click, if one was taken, would have been answered by now
    assert _history(page, path) == made, f"{what}: {_history(page, path)} decisions, not {made}"


def _press_a_move(page, board, *, double: bool) -> str:
    """Click (or double-click) the first move button, else the first target (and its choice's first move)."""
    button = board.locator(".gw-buttons button.gw-move")
    target = button.first if button.count() else board.locator(".gw-picture [data-target]").first
    target.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(200)
    label = target.get_attribute("data-move") or target.get_attribute("aria-label")
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 10)
    (page.mouse.dblclick if double else page.mouse.click)(x, y)
    choice = board.locator(".gw-choice")
    if not button.count() and choice.is_visible():
        move = choice.locator("button.gw-move").first
        label = move.get_attribute("data-move")
        mb = move.bounding_box()
        (page.mouse.dblclick if double else page.mouse.click)(mb["x"] + mb["width"] / 2, mb["y"] + mb["height"] / 2)
    return label


@pytest.mark.parametrize("game_name", list(GAMES))
def test_the_bar_holds_still_and_the_question_and_scores_stay_in_view(lab_page, lab_server, record_ui_timing,
                                                                         game_name):
    page = lab_page
    seed = GAMES[game_name]
    start = _start(game_name, seed)
    set_viewport(page, LAPTOP, file_browser=True)
    path = open_and_run(page, lab_server, record_ui_timing, f"bar-{game_name}.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.engine.playout import play_randomly\n"
        "from greatwall_kit.widgets import Board\n"
        f"game = new_game({game_name!r}, players=2, seed={seed})\nplay_randomly(game, {seed}, stop_after={start})\n"
        "board = Board(game, perspective='teacher')\nboard",
    ])
    board = page.locator(".gw-board").first
    board.wait_for(state="visible")
    made = _history(page, path)
    for size in (LAPTOP, PROJECTOR):
        set_viewport(page, size, file_browser=True)
        label = f"{game_name} {size[0]}x{size[1]}"

        # every move changes the choices; the controls, the moves' row and the picture stay where they were
        changed = 0
        for i in range(MOVES):
            board.evaluate("el => el.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            before, shown = _boxes(board), _choices(board)
            pressed = _press_a_move(page, board, double=(i % 2 == 0))
            made += 1
            _settle(page, path, made, f"{label}: {'double-click' if i % 2 == 0 else 'click'} on {pressed!r}")
            assert not board.locator(".gw-message.gw-refused").count(), \
                f"{label}: a click on {pressed!r} was refused: {board.locator('.gw-message').inner_text()!r}"
            board.evaluate("el => el.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            after = _boxes(board)
            moved = {part: (before[part], after[part]) for part in STILL if before[part] != after[part]}
            assert not moved, f"{label}: after {pressed!r} these moved: {moved} "
            changed += _choices(board) != shown
        assert changed >= MOVES // 2, f"{label}: only {changed} of {MOVES} moves changed the choices"

        # scrolled to the board's bottom: the question and the public scores in view, uncovered; "what changed"
        # one click away
        board.locator(".gw-picture").evaluate("el => el.scrollIntoView({block: 'end'})")
        page.wait_for_timeout(400)  # the bar follows the scroll on the next frame
        shot(page, f"bar-{game_name}-{size[0]}x{size[1]}-scrolled.png")
        expected = kernel_json(page, path, "[board._view['question'], board._view['summary']]")
        assert expected[0] or expected[1], f"{label}: the picture gives no question and no summary"
        for part, text in zip((".gw-question", ".gw-summary"), expected, strict=True):
            if not text:
                continue
            el = board.locator(part)
            assert el.inner_text() == text
            assert inside(page, el), f"{label}: {part} ({text!r}) is out of view with the board scrolled down"
            assert el.evaluate("e => [...e.getClientRects()].every(r => "
                               "e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)))"), \
                f"{label}: {part} is covered"
        link = board.locator(".gw-since-link")
        link.click()
        page.wait_for_timeout(400)
        # (its box of notes has a fixed height and scrolls: a long "since" is read by scrolling inside it)
        assert inside(page, board.locator(".gw-notes:has(.gw-since)")), \
            f"{label}: 'what changed' did not bring it into view"
    assert not console_errors(page), f"{game_name}: browser console errors: {console_errors(page)[:5]}"
