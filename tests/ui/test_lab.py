"""Real-browser tests: the kit's notebooks run all the way through in JupyterLab (headless Chromium).

Each test opens a notebook in a real JupyterLab (a temporary copy of notebooks/, see conftest.py), waits for
an idle kernel, clears the stored outputs, starts ``notebook:run-all-cells`` through
``window.jupyterapp.commands`` (without awaiting its promise), waits until every code cell has an
execution count, and then checks the live notebook model against the committed reference notebook:
no error output, the same number (and kinds) of outputs per code cell, and rendered board pictures.
"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

# same rules as tests/ui/conftest.py (not imported: several conftest.py modules share that name)
REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = Path(os.environ.get("GREATWALL_UI_NOTEBOOKS") or REPO_ROOT / "notebooks").resolve()
TIMEOUT_SCALE = float(os.environ.get("GREATWALL_UI_TIMEOUT", "1") or 1)

START_NOTEBOOK = "00-start-here.ipynb"
SVG = "image/svg+xml"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

APP_TIMEOUT_S = 60 * TIMEOUT_SCALE
IDLE_TIMEOUT_S = 60 * TIMEOUT_SCALE
RUN_ALL_TIMEOUT_S = 120 * TIMEOUT_SCALE

# Helpers installed in every page (before Lab's own scripts run) and called from Python.
HELPERS_JS = r"""
window.__gw = {
  panel(path) {
    const app = window.jupyterapp;
    if (!app || !app.shell) return null;
    for (const w of app.shell.widgets('main')) {
      if (w && w.context && w.context.path === path && w.content && w.content.model) return w;
    }
    return null;
  },
  codeCells(panel) {
    const cells = panel.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
      const c = cells.get(i);
      if (c.type === 'code') out.push(c);
    }
    return out;
  },
  state(path) {
    const dialog = document.querySelector('.jp-Dialog');
    const s = {
      app: !!window.jupyterapp,
      panel: false,
      dialog: dialog ? dialog.innerText.slice(0, 300) : null,
      runError: window.__gwRunError || null,
    };
    const panel = this.panel(path);
    if (!panel) return s;
    const sc = panel.sessionContext;
    const kernel = sc && sc.session ? sc.session.kernel : null;
    s.panel = true;
    s.contextReady = panel.context.isReady;
    s.sessionReady = sc ? sc.isReady : false;
    s.kernelName = kernel ? kernel.name : null;
    s.kernelStatus = kernel ? kernel.status : null;
    s.counts = [];
    s.blank = [];
    s.errors = [];
    for (const [i, c] of this.codeCells(panel).entries()) {
      s.counts.push(c.executionCount);
      s.blank.push(c.sharedModel.getSource().trim() === '');
      for (const o of c.outputs.toJSON()) {
        if (o.output_type === 'error') s.errors.push({cell: i, ename: o.ename, evalue: o.evalue});
      }
    }
    s.allCounted = s.counts.every((n, i) => s.blank[i] || (n !== null && n !== undefined));
    s.noneCounted = s.counts.every(n => n === null || n === undefined);
    return s;
  },
  outputs(path) {
    const panel = this.panel(path);
    return this.codeCells(panel).map(c => c.outputs.toJSON());
  },
  renderedSvgCount(path) {
    return this.panel(path).node.querySelectorAll('.jp-RenderedSVG').length;
  },
};
"""


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------


def _state(page, path: str) -> dict:
    return page.evaluate("p => window.__gw ? window.__gw.state(p) : {helpers: false}", path)


def _wait(page, path: str, what: str, done, timeout_s: float) -> dict:
    """Poll the notebook state until done(state) is true; fail with what was awaited and the last state."""
    deadline = time.monotonic() + timeout_s
    state: dict = {}
    while True:
        state = _state(page, path)
        if state.get("runError"):
            pytest.fail(f"notebook:run-all-cells rejected: {state['runError']}", pytrace=False)
        if state.get("dialog"):
            # e.g. "Select Kernel" when a notebook has no kernelspec metadata: accept the default
            button = page.locator(".jp-Dialog .jp-mod-accept")
            if button.count():
                button.first.click(timeout=5_000)
        if done(state):
            return state
        if time.monotonic() > deadline:
            errors = getattr(page, "console_errors", [])[-5:]
            pytest.fail(
                f"Timed out after {timeout_s:.0f} s waiting for {what} ({path}).\n"
                f"last notebook state: {json.dumps(state)}\nlast browser console errors: {errors}",
                pytrace=False,
            )
        page.wait_for_timeout(100)


def _coalesce(outputs: list[dict]) -> list[dict]:
    """Merge consecutive stream outputs of the same stream, as JupyterLab's output model does.

    A reference executed by nbconvert stores one output per stream message ("a\n", "b\n" ...),
    while JupyterLab merges them into one: count them the same way on both sides.
    """
    merged: list[dict] = []
    for out in outputs:
        if (
            out.get("output_type") == "stream"
            and merged
            and merged[-1].get("output_type") == "stream"
            and merged[-1].get("name") == out.get("name")
        ):
            continue
        merged.append(out)
    return merged


def _kinds(outputs: list[dict]) -> list[tuple[str, tuple[str, ...]]]:
    # a live board adds its widget view; the stored reference keeps only its picture (tools/execute_notebooks.py)
    return [
        (o.get("output_type"), tuple(sorted(set(o.get("data", {})) - {WIDGET_VIEW})) if "data" in o
         else (o.get("name", ""),))
        for o in _coalesce(outputs)
    ]


def _reference_code_outputs(path: Path) -> list[list[dict]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [c.get("outputs", []) for c in nb["cells"] if c.get("cell_type") == "code"]


def _stored_unrun(path: Path) -> set[int]:
    """The code cells (index among code cells) whose output is not compared: those that answer an exercise, which
    tools/execute_notebooks.py stores without output (tagged nbval-ignore-output) so no answer shows too early."""
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c.get("cell_type") == "code"]
    return {i for i, c in enumerate(cells) if "nbval-ignore-output" in c.get("metadata", {}).get("tags", [])}


def _has_mime(outputs_per_cell: list[list[dict]], mime: str) -> bool:
    return any(mime in o.get("data", {}) for cell in outputs_per_cell for o in cell)


def _has_bare_svg(outputs_per_cell: list[list[dict]]) -> bool:
    """A picture Lab draws as SVG (an exercise's picture comes with its question as HTML, which Lab draws instead)."""
    return any(SVG in o.get("data", {}) and "text/html" not in o["data"] for cell in outputs_per_cell for o in cell)


def run_notebook_in_lab(page, lab_server, name: str, record_timing) -> dict:
    """Open `name` in Lab, clear outputs, run all cells; return live outputs per code cell + timings."""
    url = f"{lab_server.url}/lab/tree/{urllib.parse.quote(name)}?reset"

    t_open = time.monotonic()
    if page.evaluate("() => !!(window.jupyterapp && window.__gw)"):  # Lab already runs in the session's page
        page.evaluate("p => window.jupyterapp.commands.execute('docmanager:open', {path: p}).then(() => true)", name)
    else:
        page.add_init_script(HELPERS_JS)
        page.goto(url, wait_until="domcontentloaded")
    _wait(page, name, "JupyterLab to start in the page (window.jupyterapp)", lambda s: s.get("app"), APP_TIMEOUT_S)
    page.evaluate("() => window.jupyterapp.restored")
    t_lab = time.monotonic() - t_open
    t_restored = time.monotonic()
    idle = _wait(
        page,
        name,
        "the notebook to open with an idle kernel",
        lambda s: (s.get("panel") and s.get("contextReady") and s.get("sessionReady")
                   and s.get("kernelStatus") == "idle"),
        IDLE_TIMEOUT_S,
    )
    t_idle = time.monotonic() - t_restored

    # clear the stored outputs, so that what we check afterwards was produced by this run
    page.evaluate(
        """async (p) => {
            const app = window.jupyterapp;
            app.shell.activateById(window.__gw.panel(p).id);
            await app.commands.execute('notebook:clear-all-cell-outputs');
            for (const c of window.__gw.codeCells(window.__gw.panel(p))) {
              if (c.executionCount !== null) c.executionCount = null;
            }
        }""",
        name,
    )
    cleared = _state(page, name)
    assert cleared["noneCounted"] and not cleared["errors"], f"outputs were not cleared: {cleared}"

    # start run-all; do NOT await the command's promise (it can hang)
    t_run = time.monotonic()
    page.evaluate(
        """(p) => {
            window.__gwRunError = null;
            const app = window.jupyterapp;
            app.shell.activateById(window.__gw.panel(p).id);
            app.commands.execute('notebook:run-all-cells')
              .catch(e => { window.__gwRunError = String(e && e.stack || e); });
            return true;
        }""",
        name,
    )
    final = _wait(
        page,
        name,
        "every code cell to get an execution count (or an error) and the kernel to be idle again",
        lambda s: (s.get("allCounted") or s.get("errors")) and s.get("kernelStatus") == "idle",
        RUN_ALL_TIMEOUT_S,
    )
    t_all = time.monotonic() - t_run
    outputs = page.evaluate("p => window.__gw.outputs(p)", name)

    record_timing(f"{name}: page load -> Lab restored", t_lab)
    record_timing(f"{name}: Lab restored -> notebook open, kernel idle", t_idle)
    record_timing(f"{name}: run-all -> all cells executed, kernel idle", t_all)
    return {"state": final, "idle_state": idle, "outputs": outputs}


def check_against_reference(result: dict, reference: Path, require_svg: bool) -> None:
    name = reference.name
    state, live = result["state"], result["outputs"]
    assert not state["errors"], \
        f"{name}: cells raised errors in JupyterLab ('cell' = index among code cells): {state['errors']}"
    assert state["allCounted"], f"{name}: not every code cell ran: execution counts {state['counts']}"

    ref = _reference_code_outputs(reference)
    assert len(live) == len(ref), f"{name}: {len(live)} code cells in Lab, {len(ref)} in the reference"
    if require_svg:
        assert _has_mime(live, SVG), f"{name}: no {SVG} output (board picture) after running all cells"
    mismatches = []
    unrun = _stored_unrun(reference)
    for i, (got, want) in enumerate(zip(live, ref, strict=False)):
        if i in unrun:
            continue
        if len(_coalesce(got)) != len(_coalesce(want)) or _kinds(got) != _kinds(want):
            mismatches.append(f"code cell {i}: Lab {_kinds(got)} vs reference {_kinds(want)}")
    assert not mismatches, (
        f"{name}: outputs differ from the stored reference (count and kind per code cell, "
        f"consecutive stream outputs merged):\n  " + "\n  ".join(mismatches)
    )


# --------------------------------------------------------------------------------------------------
# tests
# --------------------------------------------------------------------------------------------------

_ALL = sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb")) if NOTEBOOKS_DIR.is_dir() else []
_OTHERS = [n for n in _ALL if n != START_NOTEBOOK]


def test_kernelspec_is_current_interpreter(lab_server):
    """The server's default kernel is the interpreter running pytest (no browser needed)."""
    specs = lab_server.api("GET", "/api/kernelspecs")
    name = specs["default"]
    argv = specs["kernelspecs"][name]["spec"]["argv"]
    # jupyter_client replaces a leading "python" with the server's sys.executable (= ours)
    assert argv[0] in ("python", "python3", sys.executable) or os.path.realpath(argv[0]) == os.path.realpath(
        sys.executable
    ), f"default kernelspec {name!r} runs {argv[0]!r}, not {sys.executable}"


def test_lab_server_is_isolated(lab_server):
    """Autosave is off and Lab serves a temporary copy, so nothing can rewrite the committed notebooks."""
    req = urllib.request.Request(lab_server.url + "/lab/api/settings/@jupyterlab/docmanager-extension:plugin")
    with urllib.request.urlopen(req, timeout=10) as resp:
        settings = json.loads(resp.read())
    assert settings["settings"].get("autosave") is False, f"autosave is not off: {settings['settings']}"
    assert lab_server.root.resolve() != NOTEBOOKS_DIR, "Lab serves the committed notebooks/ folder itself"
    served = sorted(p.name for p in lab_server.root.glob("*.ipynb"))
    assert served == _ALL, f"served copy has {served}, {NOTEBOOKS_DIR} has {_ALL}"


@pytest.mark.skipif(
    not (NOTEBOOKS_DIR / START_NOTEBOOK).exists(), reason=f"{NOTEBOOKS_DIR / START_NOTEBOOK} does not exist yet"
)
def test_start_here_runs_in_jupyterlab(lab_page, lab_server, record_ui_timing):
    result = run_notebook_in_lab(lab_page, lab_server, START_NOTEBOOK, record_ui_timing)
    check_against_reference(result, NOTEBOOKS_DIR / START_NOTEBOOK, require_svg=True)
    # the board pictures were really rendered by the browser, not only present in the model
    assert lab_page.evaluate("p => window.__gw.renderedSvgCount(p)", START_NOTEBOOK) > 0, (
        f"{START_NOTEBOOK}: the model has {SVG} outputs but no .jp-RenderedSVG element is in the page"
    )
    # and the kernel that ran them is the interpreter running pytest
    kernel_python = lab_page.evaluate(
        """async (p) => {
            const kernel = window.__gw.panel(p).sessionContext.session.kernel;
            const future = kernel.requestExecute(
              {code: 'import sys; print(sys.executable, end="")', store_history: false});
            let out = '';
            future.onIOPub = msg => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
            await future.done;
            return out;
        }""",
        START_NOTEBOOK,
    )
    assert os.path.realpath(kernel_python) == os.path.realpath(sys.executable), (
        f"the notebook kernel runs {kernel_python!r}, not the current interpreter {sys.executable!r}"
    )


@pytest.mark.parametrize(
    "notebook",
    _OTHERS
    or [
        pytest.param(
            None,
            id="no-other-notebooks",
            marks=pytest.mark.skip(
                reason=f"no notebooks besides {START_NOTEBOOK} in {NOTEBOOKS_DIR} "
                "(that one is covered by test_start_here_runs_in_jupyterlab)"
            ),
        )
    ],
)
def test_notebook_runs_in_jupyterlab(lab_page, lab_server, record_ui_timing, notebook):
    reference = NOTEBOOKS_DIR / notebook
    require_svg = _has_mime(_reference_code_outputs(reference), SVG)
    result = run_notebook_in_lab(lab_page, lab_server, notebook, record_ui_timing)
    check_against_reference(result, reference, require_svg=require_svg)


def _open_without_running(page, name: str) -> None:
    page.evaluate("p => window.jupyterapp.commands.execute('docmanager:open', {path: p}).then(() => true)", name)
    _wait(page, name, "the notebook to open", lambda s: s.get("panel") and s.get("contextReady"), IDLE_TIMEOUT_S)
    page.wait_for_timeout(1000)  # let the output area render the stored outputs


def test_fresh_notebooks_show_their_stored_pictures_before_any_cell_runs(lab_page, lab_server):
    """The served copies were trusted as the README's open command does; an edited (untrusted) copy is the control.
    Opening a notebook does not mark it modified (its kernel started and ready)."""
    page = lab_page
    if not page.evaluate("() => !!(window.jupyterapp && window.__gw)"):
        page.add_init_script(HELPERS_JS)
        page.goto(f"{lab_server.url}/lab?reset", wait_until="domcontentloaded")
    _wait(page, "", "JupyterLab to start in the page", lambda s: s.get("app"), APP_TIMEOUT_S)
    page.evaluate("() => window.jupyterapp.restored")
    with_pictures = [n for n in _ALL if _has_bare_svg(_reference_code_outputs(NOTEBOOKS_DIR / n))]
    assert with_pictures, "no stored notebook has a picture to check"
    for notebook in with_pictures:
        _open_without_running(page, notebook)
        assert page.evaluate("p => window.__gw.renderedSvgCount(p)", notebook) > 0, (
            f"{notebook}: no stored board picture is shown on first open")
        _wait(page, notebook, "the kernel to be ready", lambda s: s.get("kernelStatus") == "idle", IDLE_TIMEOUT_S)
        page.wait_for_timeout(300)
        assert not page.evaluate("p => window.__gw.panel(p).context.model.dirty", notebook), (
            f"{notebook}: opening it marked it modified (store it with tools/execute_notebooks.py)")
        # close it and stop the kernel Lab started for it: eighteen idle kernels would crowd two cores
        page.evaluate("p => { const w = window.__gw.panel(p); w.context.model.dirty = false; w.dispose(); }", notebook)
        lab_server.shutdown_kernels()

    untrusted = "ui-scratch/untrusted-" + with_pictures[0]
    doc = json.loads((lab_server.root / with_pictures[0]).read_text())
    doc["metadata"]["greatwall_control"] = "edited after trusting"
    (lab_server.root / "ui-scratch").mkdir(exist_ok=True)
    (lab_server.root / untrusted).write_text(json.dumps(doc))
    _open_without_running(page, untrusted)
    assert page.evaluate("p => window.__gw.renderedSvgCount(p)", untrusted) == 0, (
        "an untrusted notebook showed stored SVG: the first-open check above proves nothing")
