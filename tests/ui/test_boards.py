"""Real-browser tests of the board views: click, type, scrub and switch perspective in JupyterLab.

For each game a small notebook (written into the server's temporary folder) makes a ``Board``; the test clicks
real elements in headless Chromium and checks both sides: the DOM shows the new state, and the kernel's game
saw the intent (read back by running code in that kernel). axe-core (shipped in ``axe-playwright-python``)
checks each board after each kind of step. Click-to-DOM round trips are measured against a trivial anywidget in
the same page and reported in the terminal summary (never asserted: the machines are shared and noisy).
Screenshots of every board go to ``$GREATWALL_UI_ARTIFACTS`` (default ``ui-artifacts/`` in the repository).
"""

from __future__ import annotations

import json
import os
import statistics
import time
import urllib.parse
from pathlib import Path

import pytest

from .test_lab import HELPERS_JS, _wait, run_notebook_in_lab

pytestmark = pytest.mark.ui

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GREATWALL_UI_ARTIFACTS") or REPO_ROOT / "ui-artifacts")
GAMES = {  # game -> (players, seed)
    "chang_cheng": (2, 1),
    "great_wall_of_china": (2, 7),
    "dschingis_khan": (2, 3),
    "the_great_wall": (2, 2),
}
if os.environ.get("GW_DEV_TINY"):
    GAMES = {"tiny_wall": (2, 1)}
ROUND_TRIPS = 12

TRIVIAL_WIDGET = '''
import anywidget, traitlets

class Ping(anywidget.AnyWidget):
    """The smallest round trip: a click sends a message, Python answers by changing a synced trait."""
    _esm = """
    export default { render({ model, el }) {
      const b = document.createElement("button"); b.className = "gw-ping"; b.textContent = "ping";
      const out = document.createElement("span"); out.className = "gw-pong";
      b.onclick = () => model.send({n: model.get("n") + 1});
      model.on("change:n", () => { out.textContent = String(model.get("n")); });
      el.append(b, out);
    } };"""
    n = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda w, content, buffers: setattr(self, "n", content["n"]))

    def __repr__(self):
        return "Ping()"

Ping()
'''

AXE_JS = Path(__import__("axe_playwright_python").__file__).with_name("axe.min.js")


def _notebook(cells: list[str]) -> dict:
    return {
        "cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None}
                  for c in cells],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def _kernel(page, path: str, code: str) -> str:
    """Run ``code`` in the notebook's kernel (as a hidden request) and return what it printed."""
    return page.evaluate(
        """async ([p, code]) => {
            const kernel = window.__gw.panel(p).sessionContext.session.kernel;
            const future = kernel.requestExecute({code, store_history: false, silent: false});
            let out = '', err = '';
            future.onIOPub = msg => {
              if (msg.header.msg_type === 'stream') out += msg.content.text;
              if (msg.header.msg_type === 'error') err += msg.content.ename + ': ' + msg.content.evalue;
            };
            await future.done;
            return err ? 'ERROR ' + err : out;
        }""",
        [path, code],
    )


def _history(page, path: str) -> int:
    out = _kernel(page, path, "print(len(game.history), end='')")
    assert out.isdigit(), out
    return int(out)


def _open_board(page, lab_server, record_ui_timing, name: str, cells: list[str], wait: bool = True):
    (lab_server.root / "ui-scratch").mkdir(exist_ok=True)  # beside, not among, the served notebooks
    (lab_server.root / name).write_text(json.dumps(_notebook(cells)))
    run_notebook_in_lab(page, lab_server, name, record_ui_timing)
    board = page.locator(".gw-board").first
    if not wait:
        return board
    board.wait_for(state="visible")
    return board


def _play_target(page, board, act, how: str) -> None:
    """Activate a target with ``act``; one move on it plays at once, several are offered as buttons (pressed too)."""
    title = board.locator(".gw-title").inner_text()
    act()
    page.wait_for_function("(t) => document.querySelector('.gw-board .gw-title').innerText !== t "
                           "|| document.querySelector('.gw-board .gw-choice button.gw-move')", arg=title)
    choice = board.locator(".gw-choice button.gw-move")
    if choice.count():
        choice.first.click() if how == "click" else choice.first.press("Enter")
        page.wait_for_function("(t) => document.querySelector('.gw-board .gw-title').innerText !== t", arg=title)


def _round_trip(page, root_selector: str, watch_selector: str, click_selector: str) -> float:
    """Milliseconds from a click to the first DOM change inside ``watch_selector`` (ignoring the clicked node)."""
    return page.evaluate(
        """async ([root, watch, click]) => {
            const scope = document.querySelector(root);
            const box = scope.querySelector(watch);
            const target = scope.querySelector(click);
            return await new Promise((resolve, reject) => {
              const t0 = performance.now();
              const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
              obs.observe(box, {childList: true, subtree: true, characterData: true});
              setTimeout(() => { obs.disconnect(); reject(new Error('no DOM change within 10 s')); }, 10000);
              target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            });
        }""",
        [root_selector, watch_selector, click_selector],
    )


def _axe(page, selector: str) -> list[dict]:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE_JS))
    result = page.evaluate(
        "async (sel) => { const r = await axe.run(document.querySelector(sel)); "
        "return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, "
        "nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 160))})); }",
        selector,
    )
    return result


def _stats(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return f"median {statistics.median(ordered):.0f} ms, p95 {p95:.0f} ms over {len(ordered)}"


@pytest.mark.parametrize("game_name", list(GAMES))
def test_board_plays_by_click_and_keyboard_scrubs_and_switches_perspective(
        lab_page, lab_server, record_ui_timing, game_name):
    page = lab_page
    players, seed = GAMES[game_name]
    name = f"ui-scratch/board-{game_name}.ipynb"
    board = _open_board(page, lab_server, record_ui_timing, name, [
        "from greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board",
        (f"game = new_game({game_name!r}, players={players}, seed={seed})" if game_name != "tiny_wall" else
         "from tests.conformance.example_game import new_game as tiny\ngame = tiny(players=2, seed=1)")
        + "\nboard = Board(game, bot_delay=0)\nboard",
        TRIVIAL_WIDGET,
    ])
    violations: dict[str, list] = {}
    violations["fresh"] = _axe(page, ".gw-board")

    # play on the board until a decision has board targets (some games start with button decisions)
    for _ in range(30):
        if board.locator("[data-target]").count():
            break
        board.locator(".gw-buttons button").first.click()
        page.wait_for_timeout(50)
    assert board.locator("[data-target]").count(), f"{game_name}: no clickable target after 30 button decisions"
    played = _history(page, name)

    # a legal click: Python plays it, the DOM shows it
    _play_target(page, board, lambda: board.locator("[data-target]").first.click(), "click")
    assert _history(page, name) == played + 1, f"{game_name}: Python did not play the clicked move"
    violations["after a move"] = _axe(page, ".gw-board")

    # an illegal click: the engine's reason in the view, nothing changes
    targets = set(board.locator("[data-target]").evaluate_all("els => els.map(e => e.dataset.target)"))
    elements = board.locator(".gw-picture [data-element]").evaluate_all("els => els.map(e => e.dataset.element)")
    others = [e for e in elements if e not in targets]
    if others:
        before = _history(page, name)
        board.locator(f'.gw-picture [data-element="{others[0]}"]').first.click()
        board.locator(".gw-message").wait_for(state="visible")
        assert board.locator(".gw-message").inner_text().strip()
        assert _history(page, name) == before
        violations["after a refusal"] = _axe(page, ".gw-board")

    # the keyboard: Tab reaches a target, Enter plays it
    for _ in range(30):
        if board.locator("[data-target]").count():
            break
        board.locator(".gw-buttons button").first.click()
        page.wait_for_timeout(50)
    if board.locator("[data-target]").count():
        before = _history(page, name)
        board.locator(".gw-redo").focus() if board.locator(".gw-redo").is_enabled() else board.locator(".gw-perspective").focus()
        reached = False
        for _ in range(120):
            page.keyboard.press("Tab")
            if page.evaluate("() => !!(document.activeElement && document.activeElement.dataset "
                             "&& document.activeElement.dataset.target)"):
                reached = True
                break
        assert reached, f"{game_name}: Tab never reached a board target"
        _play_target(page, board, lambda: page.keyboard.press("Enter"), "press")
        assert _history(page, name) == before + 1, f"{game_name}: Enter on a focused target did not play it"

    # the scrubber: back to the start shows a copy, the game is unchanged; Now returns
    now = _history(page, name)
    board.locator(".gw-scrub-first").click()
    page.wait_for_function("() => document.querySelector('.gw-board .gw-title').innerText.includes('looking back')")
    assert board.locator("[data-target]").count() == 0
    violations["looking back"] = _axe(page, ".gw-board")
    board.locator(".gw-scrub-next").click()
    page.wait_for_function("() => document.querySelector('.gw-board .gw-where').innerText.includes('after decision 1')")
    board.locator(".gw-now").click()
    page.wait_for_function("() => !document.querySelector('.gw-board .gw-title').innerText.includes('looking back')")
    assert _history(page, name) == now

    # perspectives: another seat sees no targets; the teacher sees the private parts
    to_act = int(_kernel(page, name, "print(game.to_act, end='')"))
    other = (to_act + 1) % players
    board.locator(".gw-perspective").select_option(str(other))
    page.wait_for_function("() => document.querySelectorAll('.gw-board [data-target]').length === 0")
    assert _kernel(page, name, "print(board.perspective, end='')") == str(other)
    violations["other perspective"] = _axe(page, ".gw-board")
    board.locator(".gw-perspective").select_option("teacher")
    page.wait_for_function("() => document.querySelectorAll('.gw-board [data-target], .gw-board .gw-buttons button')"
                           ".length > 0")

    # the graph lens: selecting a node highlights it in both drawings, and Python knows
    node = board.locator(".gw-lens g.gw-pick:has(circle)").first
    key = node.get_attribute("data-element")
    node.click()
    page.wait_for_timeout(300)
    assert _kernel(page, name, "print(board.selected, end='')") == key
    # as the browser lays the lens out, no label runs into another label or a node (1 px of glyph descent allowed)
    labels, discs = (page.evaluate(f"""() => [...document.querySelectorAll('.gw-board .gw-lens {what}')].map(e => {{
        const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, e.textContent]; }})""")
                     for what in ("text", "circle:not([fill=none])"))
    clashes = [(a[4], b[4] or "a node") for i, a in enumerate(labels) for b in labels[i + 1:] + discs
               if min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1]
    assert labels and not clashes, f"{game_name}: lens labels overlap: {clashes[:5]}"

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1500, "height": 2600})  # the whole board in view, not Lab's scroll box
    board.scroll_into_view_if_needed()
    board.screenshot(path=str(ARTIFACTS / f"board-{game_name}.png"))
    page.set_viewport_size({"width": 1400, "height": 900})

    # round trips: a click through Python to the redrawn board, against the trivial widget
    ours, trivial = [], []
    for i in range(ROUND_TRIPS):
        button = ".gw-undo" if i % 2 == 0 else ".gw-redo"
        ours.append(_round_trip(page, ".gw-board", ".gw-picture", button))
        trivial.append(_round_trip(page, ".jp-Notebook", ".gw-pong", ".gw-ping"))
    record_ui_timing(f"{game_name}: click -> board redrawn through Python ({_stats(ours)})",
                     statistics.median(ours) / 1000)
    record_ui_timing(f"{game_name}: trivial anywidget round trip ({_stats(trivial)}); ratio of medians "
                     f"{statistics.median(ours) / statistics.median(trivial):.2f}", statistics.median(trivial) / 1000)

    bad = {step: v for step, v in violations.items() if v}
    assert not bad, f"{game_name}: axe-core violations: {json.dumps(bad, indent=1)}"
    # Not the board's: "Disposed" comes from closing the previous test's notebooks in the shared page.
    errors = [e for e in page.console_errors if "favicon" not in e and e != "pageerror: Disposed"]
    assert not errors, f"{game_name}: browser console errors: {errors[:5]}"


def test_scrubbing_a_long_history(lab_page, lab_server, record_ui_timing):
    page = lab_page
    name = "ui-scratch/board-long.ipynb"
    board = _open_board(page, lab_server, record_ui_timing, name, [
        "import random\nfrom greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board\n"
        "game = new_game('the_great_wall', players=4, seed=0, fall_rounds=3)\nrng = random.Random(0)\n"
        "while game.to_act is not None:\n"
        "    game.play(rng.choice(game.legal_moves()))\n"
        "board = Board(game, lens=True)\nboard",
    ])
    decisions = _history(page, name)
    assert decisions >= 300, decisions
    times = [_round_trip(page, ".gw-board", ".gw-picture", ".gw-scrub-previous") for _ in range(ROUND_TRIPS)]
    record_ui_timing(f"scrubbing a {decisions}-decision history, one step back ({_stats(times)})",
                     statistics.median(times) / 1000)
    assert _history(page, name) == decisions


STEPPED = {"chang_cheng": (2, 3), "dschingis_khan": (2, 3), "great_wall_of_china": (2, 3), "the_great_wall": (2, 3)}


@pytest.mark.parametrize("game_name", list(STEPPED))
def test_stepper_walks_a_resolution_with_the_board_marked(lab_page, lab_server, record_ui_timing, game_name):
    page = lab_page
    players, seed = STEPPED[game_name]
    name = f"ui-scratch/stepper-{game_name}.ipynb"
    _open_board(page, lab_server, record_ui_timing, name, [
        "from greatwall_kit import new_game\nfrom greatwall_kit.engine.playout import play_randomly\n"
        "from greatwall_kit.widgets import Stepper",
        f"game = new_game({game_name!r}, players={players}, seed={seed})\nplay_randomly(game, {seed})\n"
        "has_steps = callable(getattr(game, 'resolutions', None)) and bool(game.resolutions())\nhas_steps",
        "stepper = Stepper(game, resolution=0) if has_steps else None\nstepper",
    ], wait=False)
    assert _kernel(page, name, "print(has_steps, end='')") == "True", f"{game_name}: no resolution to step through"
    stepper = page.locator(".gw-stepper").first
    stepper.wait_for(state="visible")
    count = int(_kernel(page, name, "print(len(stepper.resolved.steps), end='')"))
    seen_marks = 0
    for index in range(count):
        expected = _kernel(page, name, f"print(stepper.resolved.steps[{index}].sentence, end='')")
        page.wait_for_function("(t) => document.querySelector('.gw-stepper .gw-step').innerText.includes(t)",
                               arg=expected[:60])
        touched = _kernel(page, name, f"print(' '.join(sorted(stepper.resolved.steps[{index}].touches)), end='')")
        marked = set(stepper.locator(".gw-picture [data-mark]").evaluate_all("els => els.map(e => e.dataset.element)"))
        drawn = set(stepper.locator(".gw-picture [data-element]").evaluate_all("els => els.map(e => e.dataset.element)"))
        missing = {k for k in touched.split() if k in drawn} - marked
        assert not missing, f"{game_name} step {index}: touched but not marked on the board: {missing}"
        seen_marks += len(marked)
        if index + 1 < count:
            stepper.locator(".gw-go-next").click()
    assert seen_marks, f"{game_name}: no step marked anything on the board"
    assert _kernel(page, name, "print(stepper.index, end='')") == str(count - 1)
    violations = _axe(page, ".gw-stepper")
    assert not violations, f"{game_name}: axe-core violations in the stepper: {json.dumps(violations, indent=1)}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1500, "height": 2600})
    stepper.scroll_into_view_if_needed()
    stepper.screenshot(path=str(ARTIFACTS / f"stepper-{game_name}.png"))


def test_board_reads_in_the_dark_theme(lab_page, lab_server, record_ui_timing):
    """The pictures carry their own background and the controls follow Lab's theme variables."""
    page = lab_page
    board = _open_board(page, lab_server, record_ui_timing, "ui-scratch/board-dark.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board\n"
        "game = new_game('dschingis_khan', players=2, seed=3)\nBoard(game)",
    ])
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
    try:
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        page.wait_for_timeout(500)
        colours = board.evaluate("el => [getComputedStyle(el).color, "
                                 "getComputedStyle(el.querySelector('.gw-undo')).backgroundColor]")
        assert colours[0] not in ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0)"), f"board text stays black in the dark theme: {colours}"
        violations = _axe(page, ".gw-board")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.set_viewport_size({"width": 1500, "height": 2600})
        board.scroll_into_view_if_needed()
        board.screenshot(path=str(ARTIFACTS / "board-dark-theme.png"))
        assert not violations, f"axe-core violations in the dark theme: {json.dumps(violations, indent=1)}"
    finally:
        page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")
