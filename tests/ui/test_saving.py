"""Real-browser tests of boards in saved notebooks: JupyterLab autosaves a notebook with a live board, the notebook is
closed and its kernel stopped, and opened again without running anything: the board shows as it was (drawn by the
kit's front end from the state kept in the notebook), not "Error displaying widget: model not found", and opening it
does not mark it modified. And Jupyter Notebook 7 plays a move on a board."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .helpers import LAPTOP, axe, kernel, kernel_json, open_and_run, set_viewport, shot, write_notebook
from .test_lab import HELPERS_JS

pytestmark = pytest.mark.ui

DOCMANAGER = "/lab/api/settings/@jupyterlab/docmanager-extension:plugin"
CELLS = [
    "from greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board\n"
    "game = new_game('dschingis_khan', players=2, seed=1)\n"
    "board = Board(game, seats={1: lambda view, moves: moves[0]}, bot_delay=0)\nboard",
    "print('after the board')",
]


def _autosave(lab_server, on: bool, interval: int = 120) -> None:
    body = json.dumps({"raw": json.dumps({"autosave": on, "autosaveInterval": interval})}).encode()
    request = urllib.request.Request(lab_server.url + DOCMANAGER, data=body, method="PUT",
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).read()


def _new_page(context):
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.console_errors = []
    page.on("console", lambda msg: page.console_errors.append(msg.text) if msg.type == "error" else None)
    page.add_init_script(HELPERS_JS)
    return page


def test_an_autosaved_notebook_reopened_without_a_kernel_shows_its_board(browser, lab_server, record_ui_timing):
    path = "ui-scratch/autosaved.ipynb"
    _autosave(lab_server, True, interval=1)
    # a browser context of its own (its own page process and JupyterLab workspace) reads the settings afresh:
    # autosave every second. (A second page in the session's context shared its process with the session's page.)
    context = browser.new_context(viewport={"width": LAPTOP[0], "height": LAPTOP[1]})
    page = _new_page(context)
    try:
        set_viewport(page, LAPTOP, file_browser=False)
        open_and_run(page, lab_server, record_ui_timing, "autosaved.ipynb", CELLS)
        board = page.locator(".gw-board").first
        board.locator(".gw-picture [data-target]").first.click()
        if board.locator(".gw-choice").is_visible():
            board.locator(".gw-choice button.gw-move").first.click()
        page.wait_for_function("() => !document.querySelector('.gw-board .gw-status').innerText.includes('decision 0')")
        status = board.locator(".gw-status").inner_text()
        decisions = kernel(page, path, "print(len(game.history), end='')")
        # a click changes no cell, so by itself it leaves nothing to autosave; the student edits the next cell
        page.evaluate("""(p) => { const cell = window.__gw.panel(p).content.model.cells.get(1);
            cell.sharedModel.setSource("print('after the board, edited')"); }""", path)
        saved = None
        for _ in range(100):  # JupyterLab's own autosave writes the file, nothing else does
            page.wait_for_timeout(200)
            doc = json.loads((lab_server.root / path).read_text())
            state = doc["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
            saved = [m["state"] for m in state.get("state", {}).values() if m["state"].get("_gw_saved")]
            if saved and f"decision {decisions}" in saved[0]["_view"]["status"] \
                    and not page.evaluate("(p) => window.__gw.panel(p).context.model.dirty", path):
                break
        assert saved and f"decision {decisions}" in saved[0]["_view"]["status"], \
            f"autosave kept no board state of decision {decisions}: {[m['_view']['status'] for m in saved or []]}"
    finally:
        _autosave(lab_server, False)
        context.close()
        lab_server.shutdown_kernels()

    context = browser.new_context(viewport={"width": LAPTOP[0], "height": LAPTOP[1]})
    page = _new_page(context)
    try:
        set_viewport(page, LAPTOP, file_browser=False)
        page.goto(f"{lab_server.url}/lab/tree/{path}?reset", wait_until="domcontentloaded")
        page.wait_for_function("(p) => window.__gw && window.__gw.panel(p)"
                               " && window.__gw.state(p).kernelStatus === 'idle'",
                               arg=path, timeout=60_000)
        board = page.locator(".gw-board").first
        board.wait_for(state="visible")
        page.wait_for_timeout(1500)  # anything that would mark the notebook modified happens by now
        assert page.locator("text=model not found").count() == 0
        assert board.locator(".gw-saved-note").is_visible()
        assert board.locator(".gw-picture svg").count() == 1 and board.locator(".gw-status").inner_text() == status
        assert page.evaluate("(p) => window.__gw.panel(p).context.model.dirty", path) is False, \
            "opening the saved notebook marked it modified"
        violations = axe(page, ".gw-board")
        shot(page, "board-reopened-after-autosave.png")
        assert not violations, f"axe-core violations in the saved board: {json.dumps(violations, indent=1)}"
        errors = [e for e in page.console_errors if "favicon" not in e]
        assert not errors, f"browser console errors on reopening: {errors[:5]}"
    finally:
        context.close()
        lab_server.shutdown_kernels()


def test_notebook7_shows_a_board_and_plays_a_move(browser, notebook7_server, lab_server):
    path = write_notebook(lab_server, "notebook7.ipynb", CELLS)
    context = browser.new_context(viewport={"width": LAPTOP[0], "height": LAPTOP[1]})
    page = _new_page(context)
    try:
        page.set_viewport_size({"width": LAPTOP[0], "height": LAPTOP[1]})
        page.goto(f"{notebook7_server.url}/notebooks/{path}", wait_until="domcontentloaded")
        page.wait_for_function("(p) => window.__gw && window.__gw.panel(p)"
                               " && window.__gw.state(p).kernelStatus === 'idle'",
                               arg=path, timeout=60_000)
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        board = page.locator(".gw-board").first
        board.wait_for(state="visible")
        page.wait_for_function("(p) => window.__gw.state(p).allCounted && window.__gw.state(p).kernelStatus === 'idle'",
                               arg=path)
        assert kernel(page, path, "print(board.perspective, end='')") == "0"
        board.locator(".gw-picture [data-target]").first.click()
        if board.locator(".gw-choice").is_visible():
            board.locator(".gw-choice button.gw-move").first.click()
        page.wait_for_function("() => !document.querySelector('.gw-board .gw-status').innerText.includes('decision 0')")
        assert kernel_json(page, path, "len(game.history)") >= 1, "Notebook 7: Python did not play the click"
        violations = axe(page, ".gw-board")
        page.mouse.move(0, 0)
        shot(page, "board-notebook7.png")
        assert not violations, f"axe-core violations in Notebook 7: {json.dumps(violations, indent=1)}"
    finally:
        context.close()
        notebook7_server.shutdown_kernels()
