"""Session fixtures for the JupyterLite site test (``pytest -m ui tests/site``).

Once per session: ``site/build.py`` builds the site into a temporary folder, with its build tools from their
own venv in the user's cache, made on the first run and reused (skipped with a reason if npm is missing, or the
build fails while the package registries are unreachable), and
``python -m http.server`` serves it on 127.0.0.1. The browser is the system Chromium of tests/ui (its fixtures
are reused, never changed). Figures (site size, build time, time to a ready kernel, time per notebook) are
printed in a "JupyterLite site figures" terminal section.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.kernels import free_port
from tests.ui.conftest import (  # noqa: F401 (fixtures)
    CHROMIUM_ARGS,
    chromium_executable,
    playwright_of_this_process,
    playwright_sync_api,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
REGISTRIES = ("pypi.org", "files.pythonhosted.org", "registry.npmjs.org")
FIGURES: list[tuple[str, str]] = []


def record_figure(label: str, value: str) -> None:
    FIGURES.append((label, value))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if FIGURES:
        terminalreporter.section("JupyterLite site figures")
        for label, value in FIGURES:
            terminalreporter.write_line(f"{value:>12}  {label}")


def _reachable(host: str) -> bool:
    try:
        socket.create_connection((host, 443), timeout=5).close()
    except OSError:
        return False
    return True


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    if not shutil.which("npm"):
        pytest.skip("the site build needs npm (it packs Pyodide's core from the npm registry)")
    base = tmp_path_factory.mktemp("jupyterlite")
    out = base / "site"
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "site" / "build.py"), "--out", str(out),
                           "--work", str(base / "work")], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        down = [h for h in REGISTRIES if not _reachable(h)]
        if down:
            pytest.skip(f"site build failed and these package registries are unreachable: {down}")
        pytest.fail(f"site/build.py failed (exit {proc.returncode}):\n{(proc.stdout + proc.stderr)[-4000:]}",
                    pytrace=False)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    # the tests read the notebook state through window.jupyterapp (as tests/ui does with --expose-app-in-browser)
    config = out / "jupyter-lite.json"
    settings = json.loads(config.read_text())
    settings["jupyter-config-data"]["exposeAppInBrowser"] = True
    config.write_text(json.dumps(settings, indent=2))
    record_figure("site build (site/build.py), s", f"{time.monotonic() - t0:.1f}")
    tools = re.search(r"^site tools: venv (reused|created in ([\d.]+) s)", proc.stdout, re.M)
    record_figure("of which creating the build tools' venv (0: reused from the cache), s",
                  (tools.group(2) or "0") if tools else "?")
    record_figure("site size, MB", f"{size / 1e6:.1f}")
    return out


@pytest.fixture(scope="session")
def site_url(site_dir) -> str:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(site_dir)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/jupyter-lite.json", timeout=2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"python -m http.server did not answer on {url}", pytrace=False)
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def site_browser(playwright_sync_api, chromium_executable):  # noqa: F811 (imported fixtures)
    """The system Chromium for this module only, launched from the process's one Playwright, which tests/ui
    shares when both folders run in one worker."""
    pw = playwright_of_this_process(playwright_sync_api)
    browser = pw.chromium.launch(executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="module")
def site_page(site_browser, site_url):
    """A fresh context and page per module; every request it makes is in ``page.requests`` (workers included)."""
    context = site_browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.requests = requests  # type: ignore[attr-defined]
    page.console_errors = errors  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        context.close()
