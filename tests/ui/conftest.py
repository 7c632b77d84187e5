"""Session fixtures for the real-browser UI layer (``pytest -m ui``).

What happens, once per session, only when a ui test actually runs:

1. ``playwright`` (the Python package) must import, otherwise every ui test is SKIPPED with a reason.
2. Chromium must be at ``/usr/bin/chromium``. If it is missing and we are root with ``apt-get``, it is
   installed with ``apt-get update && apt-get install -y chromium`` (announced on the terminal, bounded by
   a timeout). If it still cannot be had, every ui test is SKIPPED with a reason. A browser is never
   downloaded (no ``playwright install``).
3. A real JupyterLab (``sys.executable -m jupyter lab``) is started on 127.0.0.1 with a free port, empty
   token and password, its own settings dir (autosave off), ``--expose-app-in-browser``, and HOME /
   JUPYTER_* dirs in a temporary folder. It serves a TEMPORARY COPY of ``notebooks/``, so the committed
   reference notebooks can never be rewritten. It is stopped by its own PID (kernels too) at the end.
4. Playwright launches the system Chromium headless with the flags from shared/notes/jupyter-testing.md.

Environment knobs (all optional):
  GREATWALL_UI_NOTEBOOKS   folder to serve instead of the repo's notebooks/ (for developing the layer)
  GREATWALL_UI_TIMEOUT     scale factor for every timeout (default 1.0; e.g. 2 on a slow CI box)
  GREATWALL_UI_ARTIFACTS   where failure screenshots go (default: a fresh temp dir, printed on failure)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.kernels import free_port

UI_DIR = Path(__file__).resolve().parent
REPO_ROOT = UI_DIR.parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
APT_TIMEOUT_S = 900
TIMEOUT_SCALE = float(os.environ.get("GREATWALL_UI_TIMEOUT", "1") or 1)
LAB_START_TIMEOUT_S = 90 * TIMEOUT_SCALE

# name -> list of (label, seconds), printed in the terminal summary
TIMINGS: list[tuple[str, float]] = []


def notebooks_source_dir() -> Path:
    """The folder whose copy is served: the repo's notebooks/ unless GREATWALL_UI_NOTEBOOKS is set."""
    override = os.environ.get("GREATWALL_UI_NOTEBOOKS")
    return Path(override).resolve() if override else REPO_ROOT / "notebooks"


def record_timing(label: str, seconds: float) -> None:
    TIMINGS.append((label, seconds))


# --------------------------------------------------------------------------------------------------
# hooks: mark everything under tests/ui as `ui`; screenshot on failure; timing summary
# --------------------------------------------------------------------------------------------------


def pytest_collection_modifyitems(config, items):
    for item in items:
        if UI_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.ui)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    if rep.when != "call" or not rep.failed:
        return rep
    page = getattr(item, "funcargs", {}).get("lab_page")
    if page is None:
        return rep
    artifacts = _artifacts_dir()
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in item.name)
    path = artifacts / f"{safe}.png"
    try:
        page.screenshot(path=str(path), full_page=True, timeout=15_000)
        msg = f"screenshot of the browser at failure: {path}"
    except Exception as exc:  # the page may be gone; say so instead of hiding the real failure
        msg = f"could not save a screenshot to {path}: {exc!r}"
    server = getattr(item, "funcargs", {}).get("lab_server")
    if server is not None:
        msg += f"\nJupyterLab server log: {server.log_path}"
    rep.sections.append(("ui screenshot", msg))
    _terminal_line(item.config, f"[ui] {item.nodeid}: {msg}")
    return rep


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not TIMINGS:
        return
    terminalreporter.section("ui timings (real JupyterLab + headless Chromium)")
    for label, seconds in TIMINGS:
        terminalreporter.write_line(f"{seconds:7.2f} s  {label}")


_ARTIFACTS: Path | None = None


def _artifacts_dir() -> Path:
    global _ARTIFACTS
    if _ARTIFACTS is None:
        env = os.environ.get("GREATWALL_UI_ARTIFACTS")
        if env:
            _ARTIFACTS = Path(env)
            _ARTIFACTS.mkdir(parents=True, exist_ok=True)
        else:
            _ARTIFACTS = Path(tempfile.mkdtemp(prefix="greatwall-ui-artifacts-"))
    return _ARTIFACTS


def _terminal_line(config, text: str) -> None:
    """Write a line to the real terminal even while output is being captured."""
    capman = config.pluginmanager.getplugin("capturemanager")
    tr = config.pluginmanager.getplugin("terminalreporter")
    if capman is not None and tr is not None:
        with capman.global_and_fixture_disabled():
            tr.write_line(text)
    else:  # pragma: no cover - unusual pytest setups
        print(text, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------------
# prerequisites: playwright package, system Chromium
# --------------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright_sync_api():
    try:
        from playwright import sync_api
    except ImportError as exc:
        pytest.skip(
            f"ui tests need the 'playwright' Python package ({exc}); "
            "install it with `pip install playwright` (never `playwright install`: we use /usr/bin/chromium)"
        )
    return sync_api


@pytest.fixture(scope="session")
def chromium_executable(request, playwright_sync_api) -> str:
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    apt = shutil.which("apt-get")
    if not is_root or apt is None:
        pytest.skip(
            f"ui tests need Chromium at {CHROMIUM}; it is missing and cannot be installed here "
            f"(root={is_root}, apt-get={'found' if apt else 'not found'}). "
            "Install it with `apt-get install -y chromium` (a browser is never downloaded by the tests)."
        )
    _terminal_line(
        request.config,
        f"[ui] {CHROMIUM} is missing: running `apt-get update && apt-get install -y chromium` "
        f"as root (timeout {APT_TIMEOUT_S} s) ...",
    )
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    t0 = time.monotonic()
    try:
        for cmd in ([apt, "update"], [apt, "install", "-y", "chromium"]):
            remaining = APT_TIMEOUT_S - (time.monotonic() - t0)
            proc = subprocess.run(
                cmd, env=env, capture_output=True, text=True, timeout=max(remaining, 1)
            )
            if proc.returncode != 0:
                tail = (proc.stdout + proc.stderr)[-1500:]
                pytest.skip(
                    f"ui tests need Chromium at {CHROMIUM}; `{' '.join(cmd)}` failed "
                    f"(exit {proc.returncode}): {tail}"
                )
    except subprocess.TimeoutExpired:
        pytest.skip(f"ui tests need Chromium at {CHROMIUM}; apt-get did not finish within {APT_TIMEOUT_S} s")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"ui tests need Chromium at {CHROMIUM}; apt-get install finished but it is still missing")
    _terminal_line(request.config, f"[ui] installed Chromium in {time.monotonic() - t0:.0f} s")
    return CHROMIUM


# --------------------------------------------------------------------------------------------------
# the JupyterLab server
# --------------------------------------------------------------------------------------------------


def _children_of(pid: int) -> list[int]:
    """Direct children of `pid`, read from /proc (no psutil needed)."""
    kids = []
    proc = Path("/proc")
    if not proc.is_dir():
        return kids
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ... ; comm may contain spaces/parentheses
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 1 and fields[1] == str(pid):
            kids.append(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie that is not ours to reap still "exists"; treat zombies as dead
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat[stat.rfind(")") + 2 :].split()[0] != "Z"
    except OSError:
        return True


class LabServer:
    """A running JupyterLab. `url` has no trailing slash; `root` is the served temp copy."""

    def __init__(self, proc: subprocess.Popen, url: str, root: Path, log_path: Path, base: Path):
        self.proc = proc
        self.url = url
        self.root = root
        self.log_path = log_path
        self.base = base

    def log_tail(self, n: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return "<no server log>"

    def api(self, method: str, path: str, timeout: float = 10):
        req = urllib.request.Request(self.url + path, method=method)
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        try:
            for kernel in self.api("GET", "/api/kernels"):
                try:
                    self.api("DELETE", f"/api/kernels/{kernel['id']}", timeout=15)
                except (urllib.error.URLError, OSError):
                    pass
        except (urllib.error.URLError, OSError, ValueError):
            pass

    def stop(self) -> None:
        pid = self.proc.pid
        if self.proc.poll() is None:
            self.shutdown_kernels()
        children = _children_of(pid)  # kernels are started by the server as its own children
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        for child in children:
            if _alive(child):
                try:
                    os.kill(child, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def _lab_env(base: Path) -> dict[str, str]:
    env = dict(os.environ)
    dirs = {
        "HOME": base / "home",
        "JUPYTER_CONFIG_DIR": base / "jupyter-config",
        "JUPYTER_DATA_DIR": base / "jupyter-data",
        "JUPYTER_RUNTIME_DIR": base / "jupyter-runtime",
        "IPYTHONDIR": base / "ipython",
        "MPLCONFIGDIR": base / "matplotlib",
        "XDG_CACHE_HOME": base / "cache",
        "XDG_CONFIG_HOME": base / "config",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    # the server's kernels listen on ports of this worker's slice too (see tests/kernels.py)
    (dirs["JUPYTER_CONFIG_DIR"] / "jupyter_server_config.py").write_text(
        "from tests.kernels import keep_kernel_ports_apart\n\nkeep_kernel_ports_apart()\n")
    # JUPYTER_PATH / JUPYTER_PREFER_ENV_PATH from the caller could hide or replace the installed
    # kernelspec (sys.prefix/share/jupyter/kernels/python3); drop them so the installed one is used.
    # Its argv starts with "python", which jupyter_client replaces with the server's sys.executable,
    # i.e. the interpreter running pytest.
    for key in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTER_TOKEN", "JUPYTER_PORT"):
        env.pop(key, None)
    # the kernels import the working tree's kit, whatever is installed
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _write_lab_settings(settings_dir: Path) -> None:
    settings = {
        # never write the (temporary) notebooks back behind our back
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
        # render every cell, not only those scrolled into view, so outputs can be counted
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        # no network: no news, no update checks
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "checkForUpdates": False,
            "fetchNews": "false",
        },
    }
    for rel, content in settings.items():
        path = settings_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content))


@pytest.fixture(scope="session")
def record_ui_timing():
    """record_ui_timing(label, seconds): shown in the 'ui timings' terminal summary section."""
    return record_timing


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    return notebooks_source_dir()


@pytest.fixture(scope="session")
def lab_server(notebooks_dir, tmp_path_factory, chromium_executable) -> LabServer:
    # depends on chromium_executable so that, without a browser, every ui test skips before Lab starts
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "served"
    if notebooks_dir.is_dir():
        shutil.copytree(
            notebooks_dir, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        )
    else:
        root.mkdir()
    settings_dir = base / "lab-user-settings"
    _write_lab_settings(settings_dir)
    log_path = base / "jupyterlab.log"
    env = _lab_env(base)
    # as the README's open command and Binder's postBuild do: stored pictures show on first open
    served = sorted(str(p) for p in root.rglob("*.ipynb"))
    if served:
        subprocess.run([sys.executable, "-m", "jupyter", "trust", *served], env=env, check=True,
                       capture_output=True, timeout=120)

    server = _start_server("lab", root, base, settings_dir, env, log_path)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def notebook7_server(lab_server) -> LabServer:
    """Jupyter Notebook 7 on the same served folder as JupyterLab (its own port, settings and kernels)."""
    try:
        import notebook  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"the Notebook 7 test needs the 'notebook' package of the test extra ({exc})")
    base = lab_server.base / "notebook7"
    settings_dir = base / "user-settings"
    _write_lab_settings(settings_dir)
    server = _start_server("notebook", lab_server.root, base, settings_dir, _lab_env(base), base / "notebook7.log")
    try:
        yield server
    finally:
        server.stop()


def _start_server(app: str, root: Path, base: Path, settings_dir: Path, env: dict, log_path: Path) -> LabServer:
    """`jupyter <app>` (lab or notebook) on 127.0.0.1, a free port, no token, serving ``root``; waits until it
    answers."""
    base.mkdir(parents=True, exist_ok=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [
        sys.executable, "-m", "jupyter", app,
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--PasswordIdentityProvider.hashed_password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={settings_dir}",
        f"--LabApp.workspaces_dir={base / 'lab-workspaces'}",
        "--expose-app-in-browser",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")

    t0 = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    server = LabServer(proc, url, root, log_path, base)
    deadline = t0 + LAB_START_TIMEOUT_S
    last_err: object = None
    while True:
        if proc.poll() is not None:
            server.stop()
            pytest.fail(
                f"jupyter {app} exited with code {proc.returncode} before {url}/api/status answered.\n"
                f"command: {' '.join(cmd)}\nlog ({log_path}):\n{server.log_tail()}",
                pytrace=False,
            )
        try:
            server.api("GET", "/api/status", timeout=2)
            break
        except (urllib.error.URLError, OSError, ValueError) as exc:
            last_err = exc
        if time.monotonic() > deadline:
            server.stop()
            pytest.fail(
                f"Timed out after {LAB_START_TIMEOUT_S:.0f} s waiting for jupyter {app} to answer "
                f"{url}/api/status (last error: {last_err!r}).\nlog ({log_path}):\n{server.log_tail()}",
                pytrace=False,
            )
        time.sleep(0.2)
    record_timing(f"jupyter {app} server: start -> /api/status answers", time.monotonic() - t0)
    return server


# --------------------------------------------------------------------------------------------------
# the browser
# --------------------------------------------------------------------------------------------------


_PLAYWRIGHT: list = []  # the process's one Playwright, started on first use


def playwright_of_this_process(sync_api):
    """The one Playwright of this process, started on first use and stopped by :func:`stop_playwright`.

    The site tests and these may run in one xdist worker, and a second ``sync_playwright()`` in a thread
    whose first one is still open raises "using Playwright Sync API inside the asyncio loop"."""
    if not _PLAYWRIGHT:
        _PLAYWRIGHT.append(sync_api.sync_playwright().start())
    return _PLAYWRIGHT[0]


def stop_playwright() -> None:
    while _PLAYWRIGHT:
        _PLAYWRIGHT.pop().stop()


@pytest.fixture(scope="session")
def browser(playwright_sync_api, chromium_executable):
    pw = playwright_of_this_process(playwright_sync_api)
    browser = pw.chromium.launch(executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def browser_context(browser):
    # one context for the session: the Lab bundle is fetched from the server once and then cached
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="session")
def _shared_page(browser_context, lab_server):
    """One page for the session: JupyterLab loads once, and each test opens its notebooks in it."""
    page = browser_context.new_page()
    page.set_default_timeout(30_000 * TIMEOUT_SCALE)
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.console_errors = errors  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        page.close()


@pytest.fixture
def lab_page(_shared_page, lab_server):
    """The session's page, with this test's browser console errors in `page.console_errors`.

    After the test every open document is closed unsaved and every kernel shut down (no kernel outlives its
    test: the machine has two cores).
    """
    page = _shared_page
    page.console_errors.clear()
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        yield page
    finally:
        try:
            page.evaluate("""() => {
                const app = window.jupyterapp;
                if (!app) return;
                for (const w of Array.from(app.shell.widgets('main'))) {
                  if (w.context && w.context.model) w.context.model.dirty = false;
                  w.dispose();
                }
            }""")
        except Exception:  # the page may have been navigated away or crashed; the next test reloads it
            pass
        lab_server.shutdown_kernels()
