"""Real-browser tests of projector mode (issue 38): one switch opens every board and stepper in the spectator's view
with large text, fitted to the notebook's width, and the choice is kept when the cell runs again.

A scratch notebook's setup cell calls ``use_projector()``; each game's board is then made with a human seat, as a
class would (without the switch it opens in that player's view, secrets and all). At 1280×800 with the file browser
open the test checks that no board is cut at the right, that no private element and no secret text of any player is
in the page, that the bar's *Projector* button does the same for a board made without it and that a board made again
keeps it, and that a projected stepper scrolls what each step changes into view. Screenshots go to ``ui-artifacts/``.
"""

from __future__ import annotations

import re

import pytest

import greatwall_kit
from greatwall_kit.engine.playout import play_randomly

from .helpers import (
    PROJECTOR,
    console_errors,
    inside,
    kernel,
    kernel_json,
    kernel_json_settled,
    open_and_run,
    set_viewport,
    shot,
)

pytestmark = pytest.mark.ui

GAMES = {"chang_cheng": 1, "great_wall_of_china": 7, "dschingis_khan": 3, "the_great_wall": 2}  # game -> seed
SECRETS = ("[line for g in games.values() for p in range(g.players) for panel in private_panel(g, p) "
           "for line in panel['lines'] if not line.endswith(': none')] "
           "+ [e.sentence for g in games.values() for e in g.log if e.private_to]")


def _breach():
    """The Breach with the most steps in a Great Wall game played at random with seed 3: its index."""
    game = greatwall_kit.new_game("the_great_wall", players=2, seed=3)
    play_randomly(game, 3)
    found = [(len(r.steps), i) for i, r in enumerate(game.resolutions()) if re.search("BREACH", r.title, re.I)]
    assert found, "no Breach in the game"
    return max(found)[1]


def _cut(board) -> dict:
    """How far the board, its picture and its output area reach past the output's right edge (pixels)."""
    return board.evaluate("""b => { const out = b.closest('.jp-OutputArea-output'), r = out.getBoundingClientRect();
        const svg = b.querySelector('.gw-picture svg');
        return {output: out.scrollWidth - out.clientWidth, board: b.getBoundingClientRect().right - r.right,
                picture: svg ? svg.getBoundingClientRect().right - r.right : 0}; }""")


def test_projector_mode_shows_no_secret_and_fits_the_width(lab_page, lab_server, record_ui_timing):
    page = lab_page
    set_viewport(page, PROJECTOR, file_browser=True)
    cells = ["import random\nfrom greatwall_kit import new_game\n"
             "from greatwall_kit.engine.playout import play_randomly\n"
             "from greatwall_kit.widgets import Board, Stepper, use_projector\n"
             "from greatwall_kit.widgets.drawing import private_panel\nuse_projector()\ngames = {}\n"
             "dice = random.Random(0)\nbot = lambda view, moves: dice.choice(moves)"]
    for name, seed in GAMES.items():
        cells.append(f"games[{name!r}] = game = new_game({name!r}, players=2, seed={seed})\n"
                     f"play_randomly(game, {seed}, stop_after=30)\nBoard(game, seats={{1: bot}}, bot_delay=0)")
    cells.append(f"tgw = new_game('the_great_wall', players=2, seed=3)\nplay_randomly(tgw, 3)\n"
                 f"stepper = Stepper(tgw, {_breach()})\nstepper")
    path = open_and_run(page, lab_server, record_ui_timing, "projector.ipynb", cells)
    set_viewport(page, PROJECTOR, file_browser=True)
    boards = page.locator(".gw-board:not(.gw-stepper)")
    assert boards.count() == len(GAMES)

    # every board: the spectator's view in large text, nothing private, nothing cut at the right
    secrets = kernel_json(page, path, SECRETS)
    assert secrets, "the games hold no secret: the test proves nothing"
    html = page.evaluate("() => document.body.innerHTML")
    leaked = [s for s in secrets if s in html]
    assert not leaked, f"secret text in the page of projected boards: {leaked[:3]}"
    for i, name in enumerate(GAMES):
        board = boards.nth(i)
        board.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        assert "gw-projector" in board.get_attribute("class") and "gw-large" in board.get_attribute("class")
        assert board.locator(".gw-perspective").input_value() == "spectator"
        assert not board.locator(".gw-private").inner_text().strip(), f"{name}: a private panel in projector mode"
        cut = _cut(board)
        assert max(cut.values()) <= 1, f"{name}: cut off at the right at 1280x800 with the file browser open: {cut}"
        shot(page, f"projector-{name}-1280x800.png")

    # the stepper: projected too, and what each step changes scrolled into view
    stepper = page.locator(".gw-stepper")
    assert "gw-projector" in stepper.get_attribute("class")
    assert max(_cut(stepper).values()) <= 1, f"the stepper is cut at the right: {_cut(stepper)}"
    stepper.evaluate("el => el.scrollIntoView({block: 'start'})")
    steps = int(kernel(page, path, "print(len(stepper.resolved.steps), end='')"))
    shown = 0
    for step in range(1, min(steps, 4)):
        stepper.locator(".gw-go-next").click()
        page.wait_for_function("(n) => document.querySelector('.gw-stepper .gw-where').innerText"
                               ".startsWith('Step ' + n + ' ')", arg=step + 1)
        page.wait_for_timeout(500)
        marks = kernel_json(page, path, "stepper._view['marks']")
        if not marks:
            continue
        visible = [k for k in marks if inside(page, stepper.locator(f'.gw-picture [data-element="{k}"]').first)]
        assert visible, f"step {step + 1}: none of the changed elements {marks} is in view"
        shown += 1
        shot(page, f"projector-stepper-step{step + 1}.png")
    assert shown, "no step marked an element: the test proves nothing"
    assert not console_errors(page), f"browser console errors: {console_errors(page)[:5]}"


def test_the_projector_button_and_a_board_made_again(lab_page, lab_server, record_ui_timing):
    page = lab_page
    set_viewport(page, PROJECTOR, file_browser=True)
    cell = "board = Board(game, seats={1: lambda view, moves: moves[0]}, bot_delay=0)\nboard"
    path = open_and_run(page, lab_server, record_ui_timing, "projector-button.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.engine.playout import play_randomly\n"
        "from greatwall_kit.widgets import Board\nfrom greatwall_kit.widgets.drawing import private_panel\n"
        "game = new_game('chang_cheng', players=2, seed=1)\nplay_randomly(game, 1, stop_after=20)\n"
        "games = {'cc': game}",
        cell,
    ])
    board = page.locator(".gw-board").first
    secrets = kernel_json(page, path, SECRETS)
    assert [s for s in secrets if s in page.evaluate("() => document.body.innerHTML")], \
        "without projector mode the player's view shows their secrets: the test proves nothing"
    board.locator(".gw-project").click()
    page.wait_for_function("() => document.querySelector('.gw-board').classList.contains('gw-projector')")
    assert kernel_json_settled(page, path, "[board.projector, board.perspective, board.size]",
                               [True, "spectator", "large"]) == [True, "spectator", "large"]
    leaked = [s for s in secrets if s in page.evaluate("() => document.body.innerHTML")]
    assert not leaked, f"secret text in the page after the Projector button: {leaked[:3]}"
    assert max(_cut(board).values()) <= 1, f"cut at the right: {_cut(board)}"
    # the cell run again: the board opens projected (the session keeps the choice)
    assert kernel_json(page, path, "(lambda b: [b.projector, b.perspective])(Board(game))") == [True, "spectator"]
    board.locator(".gw-project").click()
    page.wait_for_function("() => !document.querySelector('.gw-board').classList.contains('gw-projector')")
    assert kernel_json_settled(page, path, "[board.projector, Board(game).projector]", [False, False]) == [False, False]
