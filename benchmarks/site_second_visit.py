"""The JupyterLite site's second visit against its first: seconds from page load to the asked notebook's idle kernel.

A round is a student's browser with an empty cache: open ``00-start-here`` by its link (the first visit: Pyodide and
the wheels come over the network), open a second notebook from the app, then reload the page (the second visit:
from the browser's cache) and follow the link again (a third visit). Each visit must show the asked notebook alone,
with one kernel (the tabs of an earlier page are not restored, see ``site/README.md``); the script counts the open
notebooks and kernels at each visit and says so if there are more. Prints each round (with the seconds to the app
restored, before the kernel, and whether JupyterLite's service worker controls the page) and the median of each
visit, and the later visits' medians as a share of the first's.

Builds the site (``site/build.py``; ``--site DIR`` reuses a build) and serves it with ``python -m http.server`` on
127.0.0.1, as benchmarks/site_notebooks.py does.

Run::

    python benchmarks/site_second_visit.py [--site DIR] [--rounds 3]   # about 1 min a round on a busy 2-core box
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.site_notebooks import build_site, serve_site, wait  # noqa: E402
from tests.ui.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.ui.test_lab import HELPERS_JS  # noqa: E402

START, OTHER = "00-start-here.ipynb", "10-chang-cheng-play.ipynb"
#: The notebooks open in the app and the kernels running (one each: the asked notebook alone), and whether the
#: site's service worker (JupyterLite's, for the kernel's file access) controls the page.
OPEN_NOW = """() => { const app = window.jupyterapp;
    return [Array.from(app.shell.widgets('main')).filter(w => w.context).length,
            Array.from(app.serviceManager.sessions.running()).length,
            !!(navigator.serviceWorker && navigator.serviceWorker.controller)]; }"""


def ready(page, name: str, t0: float) -> tuple[float, float]:
    """Wait for ``name``'s idle kernel; seconds since ``t0`` to the app restored, and to the kernel idle."""
    page.wait_for_function("() => window.jupyterapp", timeout=300_000)
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    app = time.monotonic() - t0
    wait(page, name, lambda s: s.get("sessionReady") and s.get("kernelStatus") == "idle", "idle kernel")
    return app, time.monotonic() - t0


def one_round(browser, url: str) -> dict:
    """One student's browser: first visit, a second notebook opened, reload, the link followed again."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.add_init_script(HELPERS_JS)
        link = f"{url}/lab/index.html?path={urllib.parse.quote(START)}"
        out = {}
        t0 = time.monotonic()
        page.goto(link, wait_until="domcontentloaded")
        out["first"] = (*ready(page, START, t0), page.evaluate(OPEN_NOW))
        page.evaluate("(p) => window.jupyterapp.commands.execute('docmanager:open', {path: p})", OTHER)
        ready(page, OTHER, time.monotonic())
        page.wait_for_timeout(2000)  # (JupyterLab saves its layout a moment after it changes)
        for visit, go in (("reload", lambda: page.reload(wait_until="domcontentloaded")),
                          ("link again", lambda: page.goto(link, wait_until="domcontentloaded"))):
            t0 = time.monotonic()
            go()
            out[visit] = (*ready(page, START, t0), page.evaluate(OPEN_NOW))
        return out
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to reuse (default: build one)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="greatwall-site-visits-") as tmp:
        site = args.site.resolve() if args.site else build_site(Path(tmp) / "site")
        server, url = serve_site(site)
        rounds = []
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                for k in range(args.rounds):
                    rounds.append(one_round(browser, url))
                    print(f"round {k + 1}: " + ", ".join(
                        f"{visit} {took:.1f} s (app {app:.1f} s; {tabs} open, {kernels} kernel(s)"
                        f"{', service worker' if worker else ''})"
                        for visit, (app, took, (tabs, kernels, worker)) in rounds[-1].items()), flush=True)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    medians = {visit: [statistics.median(r[visit][k] for r in rounds) for k in (0, 1)] for visit in rounds[0]}
    print("\nmedian seconds from page load, to the app restored and to the asked notebook's kernel idle:")
    for visit, (app, took) in medians.items():
        print(f"  {visit:<11} app {app:5.1f} s, kernel {took:6.1f} s  "
              f"({took / medians['first'][1]:.0%} of the first visit)")
    extra = [(visit, opened[:2]) for r in rounds for visit, (*_, opened) in r.items() if opened[:2] != [1, 1]]
    print("every visit showed the asked notebook alone with one kernel" if not extra else
          f"visits with other notebooks or kernels open ([notebooks, kernels]): {extra}")
    return 1 if extra else 0


if __name__ == "__main__":
    sys.exit(main())
