"""Real-browser tests of boards in saved notebooks: JupyterLab autosaves a notebook with a live board, the notebook is
closed and its kernel stopped, and opened again without running anything: the board shows as it was (drawn by the
kit's front end from the state kept in the notebook), not "Error displaying widget: model not found", and opening it
does not mark it modified. The same for an exercise notebook saved with live forms, one answered wrong: every form
shows again with its quiz board, the answer given and the feedback as seen, its inputs disabled, and the saved
widget state holds no explanation the student has not been shown. And Jupyter Notebook 7 plays a move on a board."""

from __future__ import annotations

import html
import json
import shutil
import urllib.request

import pytest

from .helpers import (
    LAPTOP,
    axe,
    kernel,
    kernel_json,
    open_and_run,
    scroll_to_top_of,
    set_viewport,
    shot,
    write_notebook,
)
from .test_lab import HELPERS_JS, run_notebook_in_lab

pytestmark = pytest.mark.ui

DOCMANAGER = "/lab/api/settings/@jupyterlab/docmanager-extension:plugin"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
LESSON = "21-great-wall-of-china-majorities.ipynb"
# the exercises the notebook made (once each: IPython's output history names them again)
EXERCISES = ("import json as _j\nfrom greatwall_kit.exercises import Exercise as _E\n"
             "_made = {id(e): e for e in list(globals().values()) if isinstance(e, _E)}.values()\n"
             "print(_j.dumps([{'question': e.question, 'explain': e.explain, 'answer': e._answer, 'choices': e.choices}"
             " for e in _made], default=str), end='')")
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
            try:
                doc = json.loads((lab_server.root / path).read_text())
            except json.JSONDecodeError:  # read while JupyterLab was writing it: read it again
                continue
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


def _forms_drawn(page, n):
    """Wait until ``n`` exercise forms show their quiz boards; fail with what the page shows instead."""
    js = """() => ({forms: document.querySelectorAll('.gw-exercise').length,
        boards: document.querySelectorAll('.gw-exercise > .lm-Widget > .gw-still > .gw-picture > svg').length,
        missing: document.body.innerText.split('model not found').length - 1})"""
    for _ in range(300):
        seen = page.evaluate(js)
        if seen["forms"] == seen["boards"] == n:
            return
        page.wait_for_timeout(100)
    pytest.fail(f"{n} exercise forms with their quiz boards expected, the page shows {seen}", pytrace=False)


def _open_again(browser, lab_server, path):
    """A fresh browser context opening ``path`` without running anything; returns (context, page)."""
    context = browser.new_context(viewport={"width": LAPTOP[0], "height": LAPTOP[1]})
    page = _new_page(context)
    set_viewport(page, LAPTOP, file_browser=False)
    page.goto(f"{lab_server.url}/lab/tree/{path}?reset", wait_until="domcontentloaded")
    page.wait_for_function("(p) => window.__gw && window.__gw.panel(p)"
                           " && window.__gw.state(p).kernelStatus === 'idle'", arg=path, timeout=60_000)
    return context, page


def test_an_exercise_notebook_saved_with_live_forms_shows_them_as_seen_when_reopened(browser, lab_server,
                                                                                     record_ui_timing):
    path = "ui-scratch/forms-saved.ipynb"
    (lab_server.root / "ui-scratch").mkdir(exist_ok=True)
    shutil.copy(lab_server.root / LESSON, lab_server.root / path)
    context = browser.new_context(viewport={"width": LAPTOP[0], "height": LAPTOP[1]})
    page = _new_page(context)
    try:
        result = run_notebook_in_lab(page, lab_server, path, record_ui_timing)
        assert not result["state"]["errors"], result["state"]["errors"]
        exercises = json.loads(kernel(page, path, EXERCISES))
        assert len(exercises) >= 4, exercises
        forms = page.locator(".gw-exercise")
        _forms_drawn(page, len(exercises))
        # the student answers one exercise, wrong: its first hint shows, not the explanation
        answered = next(e for e in exercises if e["choices"])
        wrong = next(c for c in answered["choices"] if c != answered["answer"])
        form = forms.filter(has_text=answered["question"])
        form.locator("select").select_option(wrong)
        form.locator("button", has_text="Check").click()
        form.locator(".gw-feedback", has_text="Hint 1 of 2").wait_for()
        feedback = form.locator(".gw-feedback").inner_text()
        page.evaluate("(p) => window.__gw.panel(p).context.save().then(() => true)", path)
    finally:
        context.close()
        lab_server.shutdown_kernels()

    doc = json.loads((lab_server.root / path).read_text())
    kept = json.dumps(doc["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {}), ensure_ascii=False)
    for exercise in exercises:
        assert html.escape(exercise["question"]) in kept, f"no form of {exercise['question']!r} kept on save"
        assert html.escape(exercise["explain"]) not in kept and exercise["explain"] not in kept, \
            f"the saved notebook gives the explanation of {exercise['question']!r} away before it was shown"
    assert html.escape(feedback.split(":", 1)[-1].strip()[:40]) in kept, "the feedback shown was not kept"

    context, page = _open_again(browser, lab_server, path)
    try:
        forms = page.locator(".gw-exercise")
        _forms_drawn(page, len(exercises))
        page.wait_for_timeout(1500)  # anything that would mark the notebook modified happens by now
        assert page.locator("text=model not found").count() == 0
        assert forms.count() == len(exercises)
        for i in range(len(exercises)):
            assert forms.nth(i).locator(".gw-picture svg").is_visible()
        form = forms.filter(has_text=answered["question"])
        scroll_to_top_of(page, form)
        assert form.locator(".gw-feedback").inner_text() == feedback
        assert form.locator("select").evaluate("s => s.options[s.selectedIndex].text") == wrong
        assert form.locator("select").is_disabled()
        assert all(b.is_disabled() for b in form.locator("button").all())
        assert form.locator(".gw-saved-note").is_visible()
        assert page.evaluate("(p) => window.__gw.panel(p).context.model.dirty", path) is False, \
            "opening the saved notebook marked it modified"
        page.mouse.move(0, 0)
        violations = axe(page, ".gw-exercise")
        shot(page, "exercise-reopened-after-save.png")
        assert not violations, f"axe-core violations in a saved form: {json.dumps(violations, indent=1)}"
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
