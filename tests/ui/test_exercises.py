"""An exercise answered in a real JupyterLab (headless Chromium, 1280 x 800): wrong twice, then right.

The notebook is written into the served temporary folder (a subfolder, so the served copy of notebooks/ stays as it
is): the student's name, the scoring-check exercise of 21 (a drop-down of three answers), "My results". Checked: the
drop-down starts empty; a wrong answer shows hint 1, the next hint 2, the right one the explanation, in different
colours, icons and words, and a button under it (pressed by keyboard) draws the rule's live example; "My results"
shows the three tries with the rule linked to its rulebook row; the notebook saved by Lab holds the record, and
``greatwall_kit.classroom.report`` reads it. Screenshots go to the ui artifacts folder.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from pathlib import Path

import nbformat
import pytest

from greatwall_kit.classroom import report
from greatwall_kit.exercises import MIME
from greatwall_kit.exercises.great_wall_of_china import CLAIMS, scoring_check
from greatwall_kit.great_wall_of_china import GreatWallOfChina

pytestmark = pytest.mark.ui

TIMEOUT_SCALE = float(os.environ.get("GREATWALL_UI_TIMEOUT", "1") or 1)
LESSON = "21-great-wall-of-china-majorities"
POSITION = {"players": 2, "to_act": "Red", "sections": [
    {"pair": [5, 3], "cards": ["Red watchtower", "Yellow infantry", "Red wall", "Yellow infantry"]},
    {"pair": [2, 8], "cards": ["Yellow noble", "Yellow wall", "Red gate", "Red gate"]}]}
CELLS = [
    'from greatwall_kit.exercises import my_results, student\nstudent("Ana")',
    "from greatwall_kit.exercises.great_wall_of_china import scoring_check\n"
    "from greatwall_kit.great_wall_of_china import GreatWallOfChina\n"
    f"game = GreatWallOfChina.from_position({POSITION!r})\n"
    "claim = scoring_check(game, 2)\nclaim",
    f'my_results("{LESSON}")',
]
PATH = "ui-exercises/record.ipynb"

PANEL_JS = """p => {
  for (const w of window.jupyterapp.shell.widgets('main'))
    if (w.context && w.context.path === p) return w;
  return null;
}"""


def _artifacts() -> Path:
    folder = Path(os.environ.get("GREATWALL_UI_ARTIFACTS") or tempfile.mkdtemp(prefix="greatwall-ui-artifacts-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _until(page, js, arg, what, timeout_s=60):
    deadline = time.monotonic() + timeout_s * TIMEOUT_SCALE
    while True:
        value = page.evaluate(js, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}", pytrace=False)
        page.wait_for_timeout(100)


def _kernel_idle(page):
    return _until(page, f"""p => {{
        const w = ({PANEL_JS})(p);
        const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
        return w && w.context.isReady && k && k.status === 'idle';
    }}""", PATH, "the notebook to open with an idle kernel")


def _run(page, command, cell=None):
    """Start a notebook command (not awaited: awaiting run commands can hang), on ``cell`` if given."""
    page.evaluate(f"""([p, command, cell]) => {{
        const w = ({PANEL_JS})(p);
        window.jupyterapp.shell.activateById(w.id);
        if (cell !== null) w.content.activeCellIndex = cell;
        window.jupyterapp.commands.execute(command);
    }}""", [PATH, command, cell])


def _feedback(page):
    box = page.locator(".gw-exercise .gw-feedback").last
    return {"text": box.inner_text(), "class": box.get_attribute("class"),
            "border": box.evaluate("e => getComputedStyle(e).borderLeftColor"),
            "background": box.evaluate("e => getComputedStyle(e).backgroundColor")}


def test_an_exercise_answered_wrong_twice_then_right_is_recorded_and_saved(lab_page, lab_server, record_ui_timing):
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 800})
    folder = lab_server.root / "ui-exercises"
    folder.mkdir(exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "record.ipynb")
    right = scoring_check(GreatWallOfChina.from_position(POSITION), 2)._answer
    wrong = [c for c in CLAIMS if c != right]

    t0 = time.monotonic()
    if not page.evaluate("() => !!window.jupyterapp"):
        page.goto(f"{lab_server.url}/lab/tree/{PATH}?reset", wait_until="domcontentloaded")
        _until(page, "() => !!window.jupyterapp", None, "JupyterLab in the page")
    page.evaluate("() => window.jupyterapp.restored.then(() => true)")
    page.evaluate("p => window.jupyterapp.commands.execute('docmanager:open', {path: p}).then(() => true)", PATH)
    _kernel_idle(page)
    _run(page, "notebook:run-all-cells")
    _until(page, "() => document.querySelectorAll('.gw-exercise select').length === 1", None, "the exercise's form")
    record_ui_timing("exercise notebook: open -> form shown", time.monotonic() - t0)
    artifacts = _artifacts()

    page.locator(".gw-exercise").screenshot(path=str(artifacts / "exercise-start.png"))
    select = page.locator(".gw-exercise select")
    assert select.evaluate("s => s.selectedIndex") == -1 and select.input_value() == ""  # starts empty
    check = page.locator(".gw-exercise button", has_text="Check")
    seen = []
    for n, answer in enumerate(wrong + [right], 1):
        select.select_option(answer)
        t_click = time.monotonic()
        check.click()
        _until(page, "n => document.querySelectorAll('.gw-exercise .gw-feedback').length >= 1 && "
                     "document.querySelector('.gw-exercise .gw-feedback').innerText.includes(n)",
               ["Hint 1 of 2", "Hint 2 of 2", "Right"][n - 1], f"the feedback of try {n}")
        record_ui_timing(f"exercise: Check -> feedback (try {n})", time.monotonic() - t_click)
        seen.append(_feedback(page))
        page.locator(".gw-exercise").screenshot(path=str(artifacts / f"exercise-try-{n}.png"))
    hint1, hint2, ok = seen
    assert "✘" in hint1["text"] and "Not quite" in hint1["text"] and "Hint 1 of 2" in hint1["text"]
    assert "Hint 2 of 2" in hint2["text"] and "gw-feedback-hint" in hint2["class"]
    assert "✔" in ok["text"] and "Right" in ok["text"] and "gw-feedback-right" in ok["class"]
    assert "✘" not in ok["text"] and "✔" not in hint1["text"]
    assert hint1["border"] != ok["border"] and hint1["background"] != ok["background"]
    assert "GW-" in ok["text"]  # the deciding rule comes with the explanation
    at_work = page.locator(".gw-exercise button", has_text="see this rule at work")  # ... one key from its example
    rule = at_work.inner_text().split(":")[0]
    assert rule in ok["text"]
    at_work.focus()
    page.keyboard.press("Enter")
    _until(page, "() => !!document.querySelector('.gw-exercise .gwk-rule-example svg')", None, "the rule's example")
    assert f"[{rule}]" in page.locator(".gw-exercise .gwk-rule-example").inner_text()
    page.locator(".gw-exercise").screenshot(path=str(artifacts / "exercise-rule-at-work.png"))

    _run(page, "notebook:run-cell", cell=2)  # "My results" again, now with the tries
    doc = _until(page, f"p => {{ const r = ({_saved_record_js()})(p); "
                       "return r && r.exercises.length && r.exercises[0].events.length === 3 ? r : null; }",
                 PATH, "My results to show the three tries")
    table = page.locator(".gw-results").last
    text = table.inner_text()
    assert " → ".join(wrong + [right]) in re.sub(r" \(\d\d \w+ \d\d:\d\d\)", "", text)  # each with its time
    assert "✔ right" in text and re.search(r"first \(\d\d \w+ \d\d:\d\d\)", text)
    # the exercise's rule links to its row of the game's rulebook notebook
    # (JupyterLab resolves the link beside the notebook: /files/<folder>/<rulebook>?_xsrf=...#rule-<ID>)
    href = table.locator("a", has_text=rule).evaluate("a => a.href")
    assert "/72-great-wall-of-china-rulebook.ipynb" in href and href.endswith(f"#rule-{rule}")
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "my-results.png"))
    assert [e.get("answer") for e in doc["exercises"][0]["events"]] == wrong + [right]

    page.evaluate("p => { const w = (" + PANEL_JS + ")(p); return w.context.save().then(() => true); }", PATH)
    saved = json.loads((folder / "record.ipynb").read_text())
    stored = [o["data"][MIME] for c in saved["cells"] for o in c.get("outputs", []) if MIME in o.get("data", {})]
    assert stored and stored[-1]["students"] == ["Ana"] and len(stored[-1]["exercises"][0]["events"]) == 3
    result = report(folder / "record.ipynb")
    assert not result.unread and list(result.table.index) == ["Ana"]
    (label,) = result.exercises.index
    assert result.table.loc["Ana", (label, "attempts")] == 3 and result.table.loc["Ana", (label, "hints")] == 2
    assert bool(result.table.loc["Ana", (label, "right")]) and not bool(result.table.loc["Ana", (label, "solution")])
    assert not [e for e in page.console_errors if "greatwall" in e.lower()]


def _saved_record_js():
    return f"""p => {{
        const w = ({PANEL_JS})(p);
        const cells = w.content.model.cells;
        const outs = cells.get(cells.length - 1).outputs.toJSON();
        return outs.length && outs[0].data ? outs[0].data['{MIME}'] || null : null;
    }}"""


KEPT = "ui-exercises/kept.ipynb"
SUMS = [(2, 3), (4, 4), (6, 1)]
KEPT_CELLS = ['from greatwall_kit.exercises import Exercise, as_int, my_results, student\nstudent("Ana")'] + [
    f"e{n} = Exercise('{a} + {b}?', {a + b}, explain='Add them.', parse=as_int, asks='total', "
    f"hints=('Add the two numbers.', 'Count on from {a}.'))\ne{n}" for n, (a, b) in enumerate(SUMS, 1)] + [
    'my_results("sums")']


def _answer(page, n, text):
    form = page.locator(".gw-exercise").nth(n)
    form.locator("input").fill(text)
    form.locator("button", has_text="Check").click()
    _until(page, "n => { const f = document.querySelectorAll('.gw-exercise')[n]; "
                 "return f && f.querySelector('.gw-feedback-right'); }", n, f"exercise {n + 1}'s feedback")


def _open(page, path):
    page.evaluate("p => window.jupyterapp.commands.execute('docmanager:open', {path: p}).then(() => true)", path)
    _until(page, f"""p => {{
        const w = ({PANEL_JS})(p);
        const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
        return w && w.context.isReady && k && k.status === 'idle';
    }}""", path, "the notebook to open with an idle kernel")


def test_answers_from_two_kernels_are_kept_in_the_saved_notebook(lab_page, lab_server, record_ui_timing):
    """Two exercises answered, the notebook saved and closed with its kernel; opened again in a new kernel, the
    third answered: My results shows all three, the saved file holds them, and the report reads them."""
    page = lab_page
    page.set_viewport_size({"width": 1280, "height": 800})
    folder = lab_server.root / "ui-exercises"
    folder.mkdir(exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in KEPT_CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "kept.ipynb")
    if not page.evaluate("() => !!window.jupyterapp"):
        page.goto(f"{lab_server.url}/lab/tree/{KEPT}?reset", wait_until="domcontentloaded")
        _until(page, "() => !!window.jupyterapp", None, "JupyterLab in the page")
    page.evaluate("() => window.jupyterapp.restored.then(() => true)")

    _open(page, KEPT)
    first_kernel = page.evaluate(f"p => ({PANEL_JS})(p).sessionContext.session.kernel.id", KEPT)
    _run_in(page, KEPT, "notebook:run-all-cells")
    _until(page, "() => document.querySelectorAll('.gw-exercise input').length === 3", None, "the three forms")
    _answer(page, 0, "5")
    _answer(page, 1, "8")
    page.evaluate(f"""p => {{ const w = ({PANEL_JS})(p); return w.context.save()
        .then(() => w.sessionContext.shutdown()).then(() => {{ w.dispose(); return true; }}); }}""", KEPT)
    after_day_one = json.loads((folder / "kept.ipynb").read_text())

    t0 = time.monotonic()
    _open(page, KEPT)
    assert page.evaluate(f"p => ({PANEL_JS})(p).sessionContext.session.kernel.id", KEPT) != first_kernel
    _run_in(page, KEPT, "notebook:run-all-cells")
    _until(page, "() => document.querySelectorAll('.gw-exercise input').length === 3", None, "the forms again")
    record_ui_timing("record: reopen in a new kernel -> forms shown", time.monotonic() - t0)
    _answer(page, 2, "7")
    _run_in(page, KEPT, "notebook:run-cell", cell=len(KEPT_CELLS) - 1)  # My results
    table = _until(page, "() => { const t = [...document.querySelectorAll('.gw-results')].pop(); "
                         "return t && t.innerText.split('✔ right').length === 4 ? t.innerText : null; }",
                   None, "My results with three right answers")
    assert all(f"{a} + {b}?" in table for a, b in SUMS)
    page.locator(".gw-results").last.scroll_into_view_if_needed()
    page.screenshot(path=str(_artifacts() / "my-results-two-kernels.png"))
    page.evaluate(f"p => ({PANEL_JS})(p).context.save().then(() => true)", KEPT)

    def answered(notebook):
        return [[e.get("answer") for e in ex["events"]] for o in _records(notebook) for ex in o["exercises"]]

    assert [a for a in answered(after_day_one)[-3:]] == [["5"], ["8"], []]  # day one, as saved
    saved = json.loads((folder / "kept.ipynb").read_text())
    for record in _records(saved):  # the name cell's output and My results: each holds all three
        assert [[e.get("answer") for e in ex["events"]] for ex in record["exercises"]] == [["5"], ["8"], ["7"]]
    result = report(folder / "kept.ipynb")
    assert not result.unread and result.answers.loc["Ana"].tolist() == ["5", "8", "7"]
    assert result.scores.loc["Ana", "right first try"] == 3


def _records(notebook):
    return [o["data"][MIME] for c in notebook["cells"] for o in c.get("outputs", []) if MIME in o.get("data", {})]


def _run_in(page, path, command, cell=None):
    page.evaluate(f"""([p, command, cell]) => {{
        const w = ({PANEL_JS})(p);
        window.jupyterapp.shell.activateById(w.id);
        if (cell !== null) w.content.activeCellIndex = cell;
        window.jupyterapp.commands.execute(command);
    }}""", [path, command, cell])
