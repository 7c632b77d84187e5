"""The kit's JupyterLite site in headless Chromium: served as static files, nothing fetched from elsewhere.

The site is built once per session (tests/site/conftest.py), served by ``python -m http.server`` on
127.0.0.1, and opened in the system Chromium. The tests run the start notebook top to bottom in the Pyodide
kernel; click a board target, scrub the board and step a ``Stepper`` through a rule, checking the DOM changes;
save an edit and find it again in a new page (browser storage) and in a download; run every other notebook the
site ships; and fail on any request the page (or its workers) makes to anything but 127.0.0.1, and on any error
the browser console logs while the start notebook opens and runs. Times are printed in a terminal section, never
asserted; benchmarks/site_notebooks.py compares every notebook in the site with the same notebook in a local
JupyterLab.
"""

from __future__ import annotations

import json
import time
import urllib.parse
from pathlib import Path

import pytest

from tests.site.conftest import record_figure
from tests.site.test_build import BUILD
from tests.ui.conftest import TIMEOUT_SCALE
from tests.ui.test_lab import HELPERS_JS, _wait

pytestmark = pytest.mark.ui

REPO_ROOT = Path(__file__).resolve().parents[2]
START = "00-start-here.ipynb"
# every other notebook the site ships (site/build.py copies notebooks/NN-name.ipynb)
OTHERS = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")
                if p.name != START)
LEFT_OUT = BUILD.LEFT_OUT  # (50-graph-lens is shipped: draw_graph uses the kit's SVG lens without matplotlib)
KERNEL_TIMEOUT_S = 120 * TIMEOUT_SCALE  # GREATWALL_UI_TIMEOUT scales these, as in tests/ui
RUN_TIMEOUT_S = 120 * TIMEOUT_SCALE


def _open_ready(page, url: str, name: str) -> float:
    """Open ``name`` in JupyterLite's lab; return seconds from page load to an idle Pyodide kernel."""
    t0 = time.monotonic()
    page.goto(f"{url}/lab/index.html?path={urllib.parse.quote(name)}", wait_until="domcontentloaded")
    _wait(page, name, "JupyterLite to open the notebook with an idle Pyodide kernel",
          lambda s: s.get("sessionReady") and s.get("kernelStatus") == "idle", KERNEL_TIMEOUT_S)
    return time.monotonic() - t0


def _run_all(page, name: str) -> tuple[float, dict]:
    t0 = time.monotonic()
    page.evaluate("""(p) => {
        const app = window.jupyterapp;
        app.shell.activateById(window.__gw.panel(p).id);
        app.commands.execute('notebook:run-all-cells').catch(e => { window.__gwRunError = String(e); });
    }""", name)
    state = _wait(page, name, "every code cell to run and the kernel to be idle again",
                  lambda s: (s.get("allCounted") or s.get("errors")) and s.get("kernelStatus") == "idle",
                  RUN_TIMEOUT_S)
    return time.monotonic() - t0, state


def _check_local(page, url: str) -> None:
    host = urllib.parse.urlsplit(url).hostname
    seen = list(page.requests)
    foreign = sorted({u for u in seen if urllib.parse.urlsplit(u).hostname != host
                      and not u.startswith(("data:", "blob:"))})
    assert not foreign, f"the site made {len(foreign)} non-local request(s): {foreign[:20]}"
    # the recorder must see the kernel worker's own fetches, or "no foreign request" would prove nothing
    assert any(u.endswith("pyodide.asm.wasm") for u in seen), "the Pyodide runtime request was not recorded"
    assert any("greatwall_kit-" in u and u.endswith(".whl") for u in seen), "the kit's wheel request was not recorded"


def _kernel_run(page, path: str, code: str) -> str:
    """Run ``code`` in the kernel of the open notebook ``path``; return its error text ('' if none)."""
    return page.evaluate(
        """async ([p, code]) => {
            const kernel = window.__gw.panel(p).sessionContext.session.kernel;
            const future = kernel.requestExecute({code, store_history: false});
            let err = '';
            future.onIOPub = msg => {
              if (msg.header.msg_type === 'error') err += msg.content.ename + ': ' + msg.content.evalue;
            };
            await future.done;
            return err;
        }""", [path, code])


@pytest.fixture(scope="module")
def started(site_page, site_url):
    """The start notebook, opened and run top to bottom in the site's Pyodide kernel."""
    page = site_page
    page.add_init_script(HELPERS_JS)
    ready = _open_ready(page, site_url, START)
    record_figure(f"{START}: page load -> Pyodide kernel idle, s", f"{ready:.1f}")
    took, state = _run_all(page, START)
    record_figure(f"{START}: run all cells, s", f"{took:.1f}")
    return page, state


def test_start_notebook_runs_top_to_bottom_with_no_foreign_request(started, site_url):
    page, state = started
    assert not state["errors"], f"cells raised errors in the site: {state['errors']}"
    assert state["allCounted"], f"not every code cell ran: {state['counts']}"
    _check_local(page, site_url)
    assert not page.console_errors, f"the browser console logged errors: {page.console_errors[:5]}"


def test_board_in_the_site_answers_a_click(started, site_url):
    page, _ = started
    board = page.locator(".gw-board").first
    board.wait_for(state="visible")
    board.scroll_into_view_if_needed()
    before = board.evaluate("b => b.querySelector('.gw-title').innerText + b.querySelector('.gw-picture').innerHTML")
    t0 = time.monotonic()
    board.locator("[data-target]").first.click()
    page.wait_for_function(
        "([before]) => { const b = document.querySelector('.gw-board');"
        " return b.querySelector('.gw-title').innerText + b.querySelector('.gw-picture').innerHTML !== before"
        " || !!b.querySelector('.gw-choice button.gw-move'); }", arg=[before])
    record_figure("board click -> DOM changed, s", f"{time.monotonic() - t0:.2f}")
    _check_local(page, site_url)


def _changes(page, locator, act, what: str) -> float:
    """Seconds from ``act()`` to a change of ``locator``'s text (fails after the page timeout)."""
    before = locator.inner_text()
    t0 = time.monotonic()
    act()
    handle = locator.element_handle()
    page.wait_for_function("([el, t]) => el.innerText !== t", arg=[handle, before])
    assert locator.inner_text() != before, what
    return time.monotonic() - t0


def test_board_in_the_site_scrubs_its_history(started, site_url):
    page, _ = started
    board = page.locator(".gw-board").first
    took = _changes(page, board.locator(".gw-where"), lambda: board.locator(".gw-scrub-first").click(),
                    "the scrubber did not move to the first position")
    record_figure("board scrub -> DOM changed, s", f"{took:.2f}")
    _check_local(page, site_url)


STEPPER_CELL = """from greatwall_kit import new_game
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.widgets import Stepper
stepped = new_game("dschingis_khan", seed=3); _ = play_randomly(stepped, seed=3)
Stepper(stepped, resolution=0)"""


def test_stepper_in_the_site_steps_through_a_rule(started, site_url):
    page, _ = started
    # a new last cell in the open notebook, run there, as a student would add it
    page.evaluate("""async ([p, code]) => {
        const panel = window.__gw.panel(p);
        const n = panel.content.model.cells.length;
        panel.content.model.sharedModel.insertCell(n, {cell_type: 'code', source: code});
        panel.content.activeCellIndex = n;
        await window.jupyterapp.commands.execute('notebook:run-cell');
    }""", [START, STEPPER_CELL])
    stepper = page.locator(".gw-stepper").first
    stepper.wait_for(state="visible")
    stepper.scroll_into_view_if_needed()
    assert stepper.locator(".gw-where").inner_text().startswith("Step 1 of")
    took = _changes(page, stepper.locator(".gw-step"), lambda: stepper.locator(".gw-go-next").click(),
                    "the stepper did not show the next rule step")
    assert stepper.locator(".gw-where").inner_text().startswith("Step 2 of")
    record_figure("stepper next -> DOM changed, s", f"{took:.2f}")
    _check_local(page, site_url)


def _first_cell(page, path: str) -> str:
    """The source of the first cell of ``path`` once the page has loaded it (no need to wait for a kernel)."""
    _wait(page, path, "JupyterLite to load the notebook", lambda s: s.get("contextReady"), KERNEL_TIMEOUT_S)
    return page.evaluate("p => window.__gw.panel(p).content.model.cells.get(0).sharedModel.getSource()", path)


def _open(context, url: str, path: str):
    page = context.new_page()
    page.add_init_script(HELPERS_JS)
    page.goto(f"{url}/lab/index.html?path={urllib.parse.quote(path)}", wait_until="domcontentloaded")
    return page


def test_saved_work_persists_in_the_browser_and_downloads(started, site_url, site_browser):
    """A student's saved edit is there at the next visit (a new page, then a reload) in the same browser, and
    File -> Download gives the edited notebook; another browser profile gets the site's own copy."""
    page, _ = started
    mark = f"My notes, saved at {time.time()}"
    page.evaluate("""async ([p, mark]) => {
        const panel = window.__gw.panel(p);
        panel.content.model.sharedModel.insertCell(0, {cell_type: 'markdown', source: mark});
        window.jupyterapp.shell.activateById(panel.id);
        await window.jupyterapp.commands.execute('docmanager:save');
    }""", [START, mark])
    with page.expect_download() as download:
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:download')")
    assert download.value.suggested_filename == START
    downloaded = json.loads(Path(download.value.path()).read_text())
    assert "".join(downloaded["cells"][0]["source"]) == mark, "the download is not the edited notebook"

    later = _open(page.context, site_url, START)  # the next visit: same browser, same site address
    try:
        assert _first_cell(later, START) == mark, "the saved edit is not there in a new page"
        later.reload(wait_until="domcontentloaded")
        assert _first_cell(later, START) == mark, "the saved edit is not there after a reload"
    finally:
        later.close()
    # the control: the edit lives in this browser's storage, not on the site
    other = site_browser.new_context()
    other.on("request", lambda r: page.requests.append(r.url))
    try:
        assert _first_cell(_open(other, site_url, START), START) != mark
    finally:
        other.close()
    _check_local(page, site_url)


LENS_CHECK = """drawing = draw_graph(g)
assert drawing.engine == "lens" and drawing._repr_svg_().startswith("<svg"), repr(drawing)"""


@pytest.mark.parametrize("name", OTHERS)
def test_notebook_runs_top_to_bottom_in_the_site_kernel(started, site_url, name):
    """Each other notebook's code cells, run in order in the site's started kernel (about 2 s each).

    One kernel for all notebooks keeps the test within its time budget on a busy machine: a fresh Pyodide
    kernel costs 20-60 s. The namespace is reset first, so no notebook leans on another's names.
    benchmarks/site_notebooks.py runs each notebook in a page and kernel of its own.
    """
    page, _ = started
    # the site's own copy of the notebook, as a student gets it
    notebook = page.evaluate("async (n) => { const r = await fetch('/files/' + encodeURIComponent(n));"
                             " return r.ok ? r.json() : null; }", name)
    if notebook is None:
        assert name in LEFT_OUT, f"{name} is not in the site, and site/build.py does not leave it out"
        pytest.skip(f"{name} is not in the site: {LEFT_OUT[name]} (site/build.py LEFT_OUT)")
    cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert cells, f"{name}: no code cell in the site's copy"
    assert not _kernel_run(page, START, "%reset -f")
    t0 = time.monotonic()
    for i, code in enumerate(cells):
        error = _kernel_run(page, START, code)
        assert not error, f"{name}: code cell {i} raised in the site's kernel: {error}\n{code[:500]}"
    if name == "50-graph-lens.ipynb":  # its drawings are the kit's SVG lens here: the site ships no matplotlib
        assert not _kernel_run(page, START, LENS_CHECK)
    record_figure(f"{name}: code cells in the site kernel, s", f"{time.monotonic() - t0:.1f}")
    _check_local(page, site_url)


RECORDED = "12-chang-cheng-double-and-tower.ipynb"
ANSWERS_JS = """import json as _j
from greatwall_kit.exercises import record as _r
print(_j.dumps({e.question: [v.get("answer", v["shown"]) for v in e.events] for e in _r._current().entries.values()
                if e.events}), end="")"""


def _kernel_print(page, path: str, code: str) -> str:
    return page.evaluate("""async ([p, code]) => {
        const kernel = window.__gw.panel(p).sessionContext.session.kernel;
        const future = kernel.requestExecute({code, store_history: false});
        let out = '';
        future.onIOPub = msg => {
          if (msg.header.msg_type === 'stream') out += msg.content.text;
          if (msg.header.msg_type === 'error') out += 'ERROR ' + msg.content.evalue;
        };
        await future.done;
        return out;
    }""", [path, code])


def test_answers_saved_in_the_site_are_kept_by_a_new_kernel(started, site_url):
    """On the site the kernel is not told its notebook: a new kernel finds it in its folder of the site's drive by
    the exercises it builds, and continues the record the notebook saved (an answer before a restart, one after)."""
    page = started[0]
    page.evaluate("p => window.jupyterapp.commands.execute('docmanager:open', {path: p}).then(() => true)", RECORDED)
    try:
        _wait(page, RECORDED, "the notebook with an idle kernel",
              lambda s: s.get("sessionReady") and s.get("kernelStatus") == "idle", KERNEL_TIMEOUT_S)
        took, state = _run_all(page, RECORDED)
        assert not state["errors"], state["errors"]
        assert _kernel_print(page, RECORDED, "_ = legal.check(legal._answer)") == ""
        page.evaluate("p => window.__gw.panel(p).context.save().then(() => true)", RECORDED)
        page.evaluate("p => window.__gw.panel(p).sessionContext.restartKernel().then(() => true)", RECORDED)
        _wait(page, RECORDED, "the restarted kernel to be idle",
              lambda s: s.get("kernelStatus") == "idle", KERNEL_TIMEOUT_S)
        assert _kernel_print(page, RECORDED, ANSWERS_JS) == "{}"  # a new kernel: nothing built yet
        took, state = _run_all(page, RECORDED)
        assert not state["errors"], state["errors"]
        assert _kernel_print(page, RECORDED, "_ = reserve_12.check(reserve_12._answer)") == ""
        answers = json.loads(_kernel_print(page, RECORDED, ANSWERS_JS))
        # the answer given before the restart, read back from the saved notebook, and the one after
        asked = _kernel_print(page, RECORDED, "print(_j.dumps(sorted([legal.question, reserve_12.question])), end='')")
        assert sorted(answers) == json.loads(asked)
        assert all(len(given) == 1 for given in answers.values()), answers
        record_figure("site: restart -> run all with the saved record read back, s", f"{took:.1f}")
    finally:
        page.evaluate("p => { const w = window.__gw.panel(p); if (w) w.dispose(); return true; }", RECORDED)


OPEN_NOW = """() => { const app = window.jupyterapp;
    return {panels: Array.from(app.shell.widgets('main')).filter(w => w.context).map(w => w.context.path).sort(),
            sessions: Array.from(app.serviceManager.sessions.running()).map(s => s.path).sort()}; }"""


def test_a_reload_and_a_second_visit_open_only_the_notebook_asked_for(site_browser, site_url):
    """A student opens a notebook by its link, then a second notebook, then reloads the page: the notebook asked
    for opens alone, with one kernel; the same after following the link again. (Before, the site kept the workspace
    in the browser: both tabs came back and both Pyodide kernels started, the asked-for one ready about 50 % later
    than the first time.) The kernel-ready times are printed, never asserted."""
    context = site_browser.new_context(viewport={"width": 1400, "height": 900})  # a browser of its own: fresh storage
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.add_init_script(HELPERS_JS)
        first = _open_ready(page, site_url, START)
        other = OTHERS[0]
        page.evaluate("(p) => window.jupyterapp.commands.execute('docmanager:open', {path: p})", other)
        _wait(page, other, "the second notebook to open", lambda s: s.get("sessionReady"), KERNEL_TIMEOUT_S)
        page.wait_for_timeout(2000)  # (JupyterLab saves the workspace a moment after the layout changes)
        assert page.evaluate(OPEN_NOW)["panels"] == sorted([START, other])
        t0 = time.monotonic()
        page.reload(wait_until="domcontentloaded")
        _wait(page, START, "the notebook asked for to open again with an idle kernel",
              lambda s: s.get("sessionReady") and s.get("kernelStatus") == "idle", KERNEL_TIMEOUT_S)
        reloaded = time.monotonic() - t0
        now = page.evaluate(OPEN_NOW)
        assert now == {"panels": [START], "sessions": [START]}, f"the reload reopened an earlier tab: {now}"
        again = _open_ready(page, site_url, START)  # the link followed again
        now = page.evaluate(OPEN_NOW)
        assert now == {"panels": [START], "sessions": [START]}, f"the second visit reopened an earlier tab: {now}"
        for label, took in (("first visit", first), (f"reload after opening {other} too", reloaded),
                            ("the link followed again", again)):
            record_figure(f"{START}: {label}, page load -> kernel idle, s", f"{took:.1f}")
    finally:
        context.close()
