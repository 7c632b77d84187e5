"""Every notebook the JupyterLite site ships, run top to bottom in the site and in a local JupyterLab, in one run.

Builds the site (``site/build.py``; ``--site DIR`` reuses a build), serves it with ``python -m http.server`` on
127.0.0.1, and starts ``jupyter lab --no-browser`` on a free port with a token, serving the site's own copies of
the notebooks (the same code cells; kernel: this machine's ``python3``). Then, for each notebook, first in the
site and then in Lab, headless Chromium opens it in a new page, waits for an idle kernel, runs all cells and
counts the cells that raised. One browser profile per side, as a student's browser: the site's first kernel
start loads Pyodide and the wheels over the network, later ones from the browser's cache.

Prints the site size, a table (seconds to an idle kernel, seconds to run all cells, cells with an error,
code cells run) and any request the site made to anything but 127.0.0.1. Exits 1 if a notebook raised in
the site or the site made a non-local request.

Run::

    python benchmarks/site_notebooks.py [--site DIR] [NOTEBOOK ...]   # about 15 min on a busy 2-core box
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

# the browser tests' Lab set-up (settings, isolated HOME and Jupyter dirs) and notebook-state probe
from tests.ui.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, _lab_env, _write_lab_settings  # noqa: E402
from tests.ui.test_lab import HELPERS_JS  # noqa: E402

TIMEOUT_S = 300


def wait(page, path: str, done, what: str) -> dict:
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        state = page.evaluate("p => window.__gw ? window.__gw.state(p) : {}", path)
        if done(state):
            return state
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path}: no {what} after {TIMEOUT_S} s; last state {json.dumps(state)[:500]}")
        page.wait_for_timeout(100)


def run_notebook(context, url: str, path: str) -> dict:
    """Open the app at ``url`` (with ``reset``: the layout an earlier page saved would reopen its notebooks,
    each with a kernel), open ``path`` in it, wait for an idle kernel, run all cells; seconds and errors."""
    page = context.new_page()
    page.add_init_script(HELPERS_JS)
    try:
        t0 = time.monotonic()
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp", timeout=TIMEOUT_S * 1000)
        page.evaluate("""async (p) => { await window.jupyterapp.restored;
            await window.jupyterapp.commands.execute('docmanager:open', {path: p}); }""", path)
        wait(page, path, lambda s: s.get("sessionReady") and s.get("kernelStatus") == "idle", "idle kernel")
        ready = time.monotonic() - t0
        # a layout restored from an earlier page would start more kernels and skew the figures
        panels = page.evaluate("() => [...window.jupyterapp.shell.widgets('main')].length")
        t0 = time.monotonic()
        page.evaluate("""(p) => {
            const app = window.jupyterapp;
            app.shell.activateById(window.__gw.panel(p).id);
            app.commands.execute('notebook:run-all-cells');
        }""", path)
        state = wait(page, path, lambda s: (s.get("allCounted") or s.get("errors")) and s.get("kernelStatus") == "idle",
                     "finished run")
        ran = time.monotonic() - t0
        return {"ready": ready, "run": ran, "errors": state["errors"], "panels": panels,
                "counted": sum(n is not None for n in state["counts"]),
                "cells": sum(not blank for blank in state["blank"])}
    finally:
        page.close()


def build_site(dest: Path) -> Path:
    t0 = time.monotonic()
    subprocess.run([sys.executable, str(REPO / "site" / "build.py"), "--out", str(dest)], check=True,
                   stdout=subprocess.DEVNULL)
    print(f"site build: {time.monotonic() - t0:.1f} s")
    return dest


def serve_site(site: Path) -> tuple[subprocess.Popen, str]:
    config = site / "jupyter-lite.json"  # the probe reads the notebook through window.jupyterapp
    settings = json.loads(config.read_text())
    settings["jupyter-config-data"]["exposeAppInBrowser"] = True
    config.write_text(json.dumps(settings, indent=2))
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, f"http://127.0.0.1:{port}"


def start_lab(base: Path, notebooks: list[Path]) -> tuple[subprocess.Popen, str, str]:
    root = base / "served"
    root.mkdir(parents=True)
    kernelspec = json.loads((REPO / "notebooks" / "00-start-here.ipynb").read_text())["metadata"]["kernelspec"]
    for src in notebooks:  # the site's copy, with the local kernel
        nb = json.loads(src.read_text())
        nb["metadata"]["kernelspec"] = kernelspec
        (root / src.name).write_text(json.dumps(nb))
    _write_lab_settings(base / "settings")
    token, port = secrets.token_hex(16), _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         f"--LabApp.user_settings_dir={base / 'settings'}", f"--LabApp.workspaces_dir={base / 'workspaces'}",
         "--expose-app-in-browser", "--allow-root"],
        cwd=root, env=_lab_env(base), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2).close()
            return proc, url, token
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("jupyter lab did not start") from None
            time.sleep(0.5)


def shutdown_kernels(url: str, token: str) -> None:
    def call(method, path):
        req = urllib.request.Request(f"{url}{path}", method=method, headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"null")
    for kernel in call("GET", "/api/kernels"):
        call("DELETE", f"/api/kernels/{kernel['id']}")


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site to reuse (default: build one)")
    parser.add_argument("notebooks", nargs="*", help="only these notebooks (default: every one the site ships)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="greatwall-site-bench-") as tmp:
        base = Path(tmp)
        site = args.site.resolve() if args.site else build_site(base / "site")
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"site size: {size / 1e6:.1f} MB ({site})")
        shipped = sorted((site / "files").glob("*.ipynb"))
        if args.notebooks:
            shipped = [p for p in shipped if p.name in args.notebooks]
        server, site_url = serve_site(site)
        lab, lab_url, token = start_lab(base / "lab", shipped)
        rows, requests = [], []
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                site_context, lab_context = browser.new_context(), browser.new_context()
                site_context.on("request", lambda r: requests.append(r.url))
                for nb in shipped:
                    in_site = run_notebook(site_context, f"{site_url}/lab/index.html?reset", nb.name)
                    in_lab = run_notebook(lab_context, f"{lab_url}/lab?reset&token={token}", nb.name)
                    shutdown_kernels(lab_url, token)
                    rows.append((nb.name, in_site, in_lab))
                    print(f"  {nb.name}: site {in_site['ready']:.1f} + {in_site['run']:.1f} s, "
                          f"lab {in_lab['ready']:.1f} + {in_lab['run']:.1f} s"
                          f" (open tabs: {in_site['panels']}, {in_lab['panels']})", flush=True)
                browser.close()
        finally:
            for proc in (server, lab):
                proc.terminate()
                proc.wait(timeout=30)
    return report(rows, requests, site_url)


def report(rows, requests, site_url: str) -> int:
    print("\nseconds: 'kernel' = new page -> notebook open with an idle kernel; 'run' = run all -> idle again;"
          "\n'errors' = cells with an error output; 'ran' = code cells run, of the notebook's non-blank ones")
    head = ("notebook", "site kernel", "site run", "lab kernel", "lab run", "errors site/lab", "ran site/lab/of")
    print(f"{head[0]:<46}" + "".join(f" {h:>15}" for h in head[1:]))
    for name, s, lab in rows:
        cols = (f"{s['ready']:.1f}", f"{s['run']:.1f}", f"{lab['ready']:.1f}", f"{lab['run']:.1f}",
                f"{len(s['errors'])}/{len(lab['errors'])}", f"{s['counted']}/{lab['counted']}/{s['cells']}")
        print(f"{name:<46}" + "".join(f" {c:>15}" for c in cols))
    totals = [f"{sum(r[side][key] for r in rows):.1f}" for side in (1, 2) for key in ("ready", "run")]
    print(f"{'total':<46}" + "".join(f" {c:>15}" for c in totals))
    host = urllib.parse.urlsplit(site_url).hostname
    foreign = sorted({u for u in requests if urllib.parse.urlsplit(u).hostname != host
                      and not u.startswith(("data:", "blob:"))})
    print(f"site requests: {len(requests)}, not to {host}: {len(foreign)} {foreign[:10]}")
    for name, s, lab in rows:
        for side, result in (("site", s), ("lab", lab)):
            for err in result["errors"]:
                print(f"ERROR in {side}: {name} code cell {err['cell']}: {err['ename']}: {err['evalue'][:200]}")
    return 1 if foreign or any(s["errors"] or s["counted"] < s["cells"] for _, s, _ in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
