"""What the browser tests of boards and steppers share: writing and running a scratch notebook, asking its kernel,
axe-core, round-trip timing, and measuring what is on screen."""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

from .test_lab import run_notebook_in_lab

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GREATWALL_UI_ARTIFACTS") or REPO_ROOT / "ui-artifacts")
AXE_JS = Path(__import__("axe_playwright_python").__file__).with_name("axe.min.js")
LAPTOP, PROJECTOR = (1366, 768), (1280, 800)


def notebook(cells: list[str]) -> dict:
    return {
        "cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None}
                  for c in cells],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def write_notebook(lab_server, name: str, cells: list[str]) -> str:
    path = f"ui-scratch/{name}"
    (lab_server.root / "ui-scratch").mkdir(exist_ok=True)  # beside, not among, the served notebooks
    (lab_server.root / path).write_text(json.dumps(notebook(cells)))
    return path


def open_and_run(page, lab_server, record_ui_timing, name: str, cells: list[str]) -> str:
    """Write ``cells`` as a scratch notebook, open it in Lab, run it all; returns its path."""
    path = write_notebook(lab_server, name, cells)
    result = run_notebook_in_lab(page, lab_server, path, record_ui_timing)
    assert not result["state"]["errors"], f"{path}: cells raised {result['state']['errors']}"
    return path


def kernel(page, path: str, code: str) -> str:
    """Run ``code`` in the notebook's kernel (as a hidden request) and return what it printed."""
    out = page.evaluate(
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
    assert not out.startswith("ERROR"), out
    return out


def kernel_json(page, path: str, expression: str):
    return json.loads(kernel(page, path, f"import json as _j; print(_j.dumps({expression}), end='')"))


def kernel_json_settled(page, path: str, expression: str, expected, seconds: float = 15.0):
    """``expression`` as the kernel reads it once it equals ``expected``, or as it last read it after ``seconds``.

    A click changes the board's look at once, and the synced trait reaches the kernel a little later (the widget
    manager holds back an update while the kernel is still busy with the one before).
    """
    deadline = time.monotonic() + seconds
    while True:
        got = kernel_json(page, path, expression)
        if got == expected or time.monotonic() > deadline:
            return got
        page.wait_for_timeout(200)


def set_viewport(page, size, *, file_browser: bool) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("(open) => !window.jupyterapp ? null : open ? "
                  "window.jupyterapp.commands.execute('filebrowser:activate') : window.jupyterapp.shell.collapseLeft()",
                  file_browser)
    page.wait_for_timeout(400)  # Lab lays its panels out again


def scroll_to_top_of(page, locator) -> None:
    """Scroll the notebook so that the element's top is at the top of the notebook's visible area."""
    locator.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(150)


def visible_area(page) -> dict:
    """The part of the page where the notebook shows its cells: {top, bottom, left, right} in pixels."""
    return page.evaluate("""() => { const s = document.querySelector('.jp-WindowedPanel-outer')
        || document.scrollingElement; const r = s.getBoundingClientRect();
        return {top: Math.max(r.top, 0), bottom: Math.min(r.bottom, innerHeight), left: r.left,
                right: Math.min(r.right, innerWidth)}; }""")


def inside(page, locator) -> bool:
    """Whether the element is wholly inside the notebook's visible area."""
    box, area = locator.bounding_box(), visible_area(page)
    return bool(box) and box["y"] >= area["top"] - 1 and box["y"] + box["height"] <= area["bottom"] + 1 \
        and box["x"] >= area["left"] - 1 and box["x"] + box["width"] <= area["right"] + 1


def axe(page, selector: str) -> list[dict]:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE_JS))
    return page.evaluate(
        "async (sel) => { const r = await axe.run(document.querySelector(sel)); "
        "return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, "
        "nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 160))})); }",
        selector,
    )


def round_trip(page, root_selector: str, watch_selector: str, click_selector: str) -> float:
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


def stats(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms over {len(ordered)}"


def smallest_text(page, selector: str) -> float:
    """The smallest text on screen inside ``selector``, in CSS pixels as drawn (SVG text scaled by its picture)."""
    return page.evaluate("""(sel) => {
        let least = Infinity;
        const root = document.querySelector(sel);
        for (const t of root.querySelectorAll('svg text')) {
          const r = t.getBoundingClientRect();
          if (!r.width || !t.textContent.trim()) continue;
          const m = t.getScreenCTM();
          least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
        }
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          if (!n.textContent.trim() || el.closest('svg') || el.closest('[hidden]') || !el.getClientRects().length
              || el.closest('.gw-live') || el.closest('option')) continue;
          least = Math.min(least, parseFloat(getComputedStyle(el).fontSize));
        }
        return least;
    }""", selector)


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path


def console_errors(page) -> list[str]:
    # Not the board's: "Disposed" comes from closing the previous test's notebooks in the shared page.
    return [e for e in page.console_errors if "favicon" not in e and e != "pageerror: Disposed"]
