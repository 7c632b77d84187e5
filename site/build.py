"""Build the kit's self-contained JupyterLite site (no CDN at run time).

Usage (from the repository root)::

    python site/build.py [--out DIR] [--work DIR] [--tools DIR] [--notebooks DIR]

Needs the kit's dependencies installed (``pip install -e .``), ``npm`` on the path, and the package registries
(PyPI, npm) reachable at build time. The steps:

0. the build tools (``jupyterlite-core`` and ``jupyterlite-pyodide-kernel`` 0.8.6, and the widget front-ends the
   site serves) run from their own venv, created once under ``~/.cache/greatwall_kit/`` (``--tools``) and reused:
   installed next to JupyterLab, the pyodide kernel's Lab extension would load in every JupyterLab session and
   log an error there;
1. build the kit's wheel from this checkout (``pip wheel --no-deps``);
2. ``npm pack pyodide@314.0.6``: the Pyodide core (runtime, standard library, ``pyodide-lock.json``) without
   package wheels;
3. ``pip download`` the pure-Python wheels the kernel needs at start-up (micropip, ipython, jedi and their
   dependencies, at the lock's versions) and the kit's browser dependencies (networkx, ipywidgets, anywidget,
   comm, psygnal, typing-extensions, at the versions installed here so the kernel side matches the
   front-end extensions the site copies from this environment);
4. put every wheel next to the Pyodide core and rewrite ``pyodide-lock.json`` to point at them (file name and
   checksum of the wheel shipped; dependencies on compiled packages that are not shipped are dropped), and add
   lock entries for the kit and the packages the lock lacks, so the kernel loads the kit at start-up;
5. copy the numbered notebooks (of ``notebooks/``, or of ``--notebooks DIR``, e.g. the class's copy written by
   ``tools/student_copy.py``), transformed for the browser as documented at ``NOTEBOOK_GLOB``;
6. ``jupyter lite build`` with ``disablePyPIFallback``: nothing is fetched from anywhere but the site;
7. a visit opens the notebook asked for and only it: the site keeps no workspace in the browser
   (``workspacesStorageDrivers`` in ``site/jupyter-lite.json``) and a reload asks for the same notebook again
   (:data:`REOPEN`). The students' notebooks stay in the browser's storage as before.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PYODIDE_VERSION = "314.0.6"
TOOLS = ["jupyterlite-core[contents]==0.8.6", "jupyterlite-pyodide-kernel==0.8.6"]
# the widget front-ends the site serves (jupyter lite build copies them from the tools' venv), at this
# environment's versions so they match the kernel-side packages shipped (EXTRA)
FRONT_ENDS = ["anywidget", "jupyterlab-widgets"]
DEFAULT_TOOLS = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "greatwall_kit" / "site-tools"
# lock entries the kernel loads at start-up (the pyodide kernel installs ipython, jedi and comm itself)
START_UP = ["micropip", "ipython", "jedi", "networkx", "traitlets", "typing-extensions"]
# the kit's browser dependencies that are not in Pyodide's lock: pinned to this environment's versions,
# because the site's front-end widget extensions are copied from this environment
EXTRA = {"comm": [], "psygnal": [], "ipywidgets": ["comm", "ipython", "traitlets"],
         "anywidget": ["ipywidgets", "psygnal", "typing-extensions"]}
# jsonschema >= 4.18 needs rpds-py (Rust): PyPI has no Pyodide build of it, and Pyodide's own builds are only on
# its CDN. 4.17.3 is the last pure-Python jsonschema (with pyrsistent's pure-Python wheel) and has every API the
# kit uses (Draft202012Validator, validators.extend, best_match); the kit's error messages read the same.
BROWSER_PINS = {"jsonschema": ("4.17.3", ["attrs", "pyrsistent"]), "pyrsistent": ("0.20.0", [])}
KIT_DEPENDS = ["networkx", "ipywidgets", "anywidget", "jsonschema"]  # matplotlib, pandas, tqdm: not here
# The site gets every numbered student notebook (notebooks/NN-name.ipynb; solutions/ stays out: the site is
# for students). Cells importing an UNAVAILABLE module cannot run in the site: in the site's copy they become a
# Markdown note (the lesson keeps its text and shows the code; the result is only seen in the full kit), and
# their import lines are removed from cells that need nothing else from them (see site_notebook).
NOTEBOOK_GLOB = "[0-9][0-9]-*.ipynb"
# 60 and 61 stay out only while pandas has no wheel the site can ship. PyPI has pandas (and numpy) wheels compiled
# for CPython only: none pure, none for Pyodide (checked for pandas 3.1.1: `pip download pandas --no-deps
# --only-binary=:all: --platform pyodide_2025_0_wasm32 --implementation cp --python-version 3.13` finds nothing),
# and Pyodide's own build is on its CDN, which the site must not use. Once a wheel can be downloaded at build time
# (a pure one, or Pyodide's from a registry), ship it as BROWSER_PINS does jsonschema and drop these two entries.
# (50-graph-lens draws with greatwall_kit.drawing.draw_graph: the graph lens where matplotlib is missing.)
LEFT_OUT = {  # notebook -> why it is not in the site
    "60-simulation-lab.ipynb": "the simulation lab is built on pandas, which has no wheel the site can ship",
    "61-write-a-bot.ipynb": "its tournament table is built on pandas (greatwall_kit.sim), which has no wheel the site "
                            "can ship",
}
UNAVAILABLE = ("matplotlib", "pandas", "dask", "tqdm")
NOTE = ("> **Not in the browser version.** This cell uses `{module}`, which this site does not ship, so it "
        "was left out here. Run the notebook in the full kit (JupyterLab or Binder) to see it.\n\n"
        "The code of the cell was:\n\n```python\n{code}\n```")


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str], **kw) -> None:
    print("$", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tools_python(venv: Path) -> Path:
    """The Python of the build tools' venv: created (``venv`` + pip) unless it holds these very requirements."""
    requirements = [*TOOLS, *(f"{n}=={importlib.metadata.version(n)}" for n in FRONT_ENDS)]
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    stamp = venv / "greatwall-site-tools.txt"  # written last: a half-made venv is made again
    if python.exists() and stamp.exists() and stamp.read_text().split() == requirements:
        print(f"site tools: venv reused ({venv})")
        return python
    t0 = time.monotonic()
    shutil.rmtree(venv, ignore_errors=True)
    # no pip inside the venv (ensurepip costs seconds): this Python's pip installs into it (pip >= 22.3)
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "-q"]
    run([*pip, *TOOLS])  # [contents]: jupyter-server, which `jupyter lite build --contents` needs
    # front-ends only: their Python sides (ipywidgets, IPython ...) are never run by the build
    run([*pip, "--no-deps", *requirements[len(TOOLS):]])
    stamp.write_text("\n".join(requirements))
    print(f"site tools: venv created in {time.monotonic() - t0:.1f} s ({venv})")
    return python


def kit_wheel(dest: Path) -> Path:
    # with hatchling installed, skip the isolated build environment (one PyPI round trip less)
    no_isolation = ["--no-build-isolation"] if _has("hatchling") else []
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", *no_isolation, "-q", "-w", dest, REPO])
    return next(dest.glob("greatwall_kit-*.whl"))


def _has(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def pyodide_core(work: Path, dest: Path) -> None:
    run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=work, stdout=subprocess.DEVNULL)
    with tarfile.open(work / f"pyodide-{PYODIDE_VERSION}.tgz") as tar:
        tar.extractall(work / "npm", filter="data")
    shutil.copytree(work / "npm" / "package", dest)


def download_pure(specs: list[str], dest: Path) -> None:
    """pip download pure-Python wheels only (py3-none-any), whatever this machine's platform."""
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", "3.14",
         "-d", dest, *specs])


def wheel_for(name: str, version: str, folder: Path) -> Path:
    for whl in folder.glob("*.whl"):
        dist, ver = whl.name.split("-")[:2]
        if norm(dist) == norm(name) and ver == version:
            return whl
    raise SystemExit(f"no wheel for {name}=={version} in {folder}")


def top_level_imports(whl: Path) -> list[str]:
    with zipfile.ZipFile(whl) as zf:
        tops = {n.split("/")[0] for n in zf.namelist() if not n.split("/")[0].endswith((".dist-info", ".data"))}
    return sorted(t.removesuffix(".py") for t in tops if t.endswith(".py") or "." not in t)


def rewrite_lock(pyodide: Path, downloads: Path, kit: Path) -> dict[str, int]:
    """Point the start-up lock entries at shipped wheels; add the kit and its extra dependencies."""
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = lock["packages"]
    by_norm = {norm(k): k for k in packages}
    pure = lambda key: key in BROWSER_PINS or packages[key]["file_name"].endswith("-none-any.whl")  # noqa: E731

    for name, (version, depends) in BROWSER_PINS.items():
        # pure wheels replace Pyodide's (compiled-dependency) entries; rewritten below like the others
        packages[by_norm[name]].update(version=version, depends=depends)
    needed, stack = [], [*START_UP, *BROWSER_PINS,
                         *(d for deps in EXTRA.values() for d in deps if norm(d) in by_norm)]
    while stack:
        key = by_norm[norm(stack.pop())]
        if key in needed:
            continue
        needed.append(key)
        # a compiled dependency (networkx -> matplotlib, numpy ...) is not shipped: never required at start-up
        packages[key]["depends"] = [d for d in packages[key]["depends"] if pure(by_norm[norm(d)])]
        stack += packages[key]["depends"]
    extra_versions = {name: importlib.metadata.version(name) for name in EXTRA}
    download_pure([f"{packages[k]['name']}=={packages[k]['version']}" for k in needed]
                  + [f"{n}=={v}" for n, v in extra_versions.items()], downloads)

    for key in needed:
        whl = wheel_for(packages[key]["name"], packages[key]["version"], downloads)
        shutil.copy2(whl, pyodide / whl.name)
        packages[key].update(file_name=whl.name, sha256=sha256(whl))
    for name, depends in [*EXTRA.items(), ("greatwall-kit", KIT_DEPENDS)]:
        whl = kit if name == "greatwall-kit" else wheel_for(name, extra_versions[name], downloads)
        shutil.copy2(whl, pyodide / whl.name)
        packages[name] = {
            "name": name, "version": whl.name.split("-")[1], "file_name": whl.name,
            "install_dir": "site", "sha256": sha256(whl), "package_type": "package",
            "imports": top_level_imports(whl), "depends": depends, "unvendored_tests": False,
        }
    lock_path.write_text(json.dumps(lock))
    return {"rewritten": len(needed), "added": len(EXTRA) + 1}


def site_notebook(src: Path, dest: Path) -> int:
    """Copy a notebook for the browser; return how many cells became a note.

    An import of an UNAVAILABLE module is removed from its cell (a comment says so); a cell that then still uses
    a name that import bound (``plt``, ``pd`` ...) becomes a Markdown note showing its code.
    """
    nb = json.loads(src.read_text())
    gone: dict[str, str] = {}  # name bound by a removed import -> its module
    importing = re.compile(rf"^\s*(?:import|from)\s+({'|'.join(UNAVAILABLE)})\b.*$", re.M)
    replaced = 0
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        code = "".join(cell["source"])
        for m in importing.finditer(code):
            bound = re.search(r"\bas\s+(\w+)\s*$", m.group(0)) or re.search(r"\bimport\s+([\w, ]+)$", m.group(0))
            gone.update((n.strip().split(".")[0], m.group(1)) for n in bound.group(1).split(","))
        rest = importing.sub(lambda m: f"# site copy: `{m.group(0).strip()}` removed (not in the browser)", code)
        used = [mod for n, mod in gone.items() if re.search(rf"\b{re.escape(n)}\b", importing.sub("", code))]
        if used:
            replaced, module = replaced + 1, used[0]
            nb["cells"][i] = {"cell_type": "markdown", "metadata": {}, "source": NOTE.format(module=module, code=code)}
            continue
        cell["source"], cell["outputs"], cell["execution_count"] = rest, [], None  # fresh: students run them
    nb["metadata"]["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
    dest.write_text(json.dumps(nb, indent=1))
    return replaced


def site_notebooks(source: Path, dest: Path) -> list[str]:
    """Copy the numbered notebooks of ``source`` into ``dest`` for the browser (``site_notebook``); return their
    names."""
    names = []
    for src in sorted(source.glob(NOTEBOOK_GLOB)):
        if src.name in LEFT_OUT:
            print(f"notebook {src.name}: left out ({LEFT_OUT[src.name]})")
            continue
        n = site_notebook(src, dest / src.name)
        print(f"notebook {src.name}: {n} cell(s) replaced by a note")
        names.append(src.name)
    return names


def build(out: Path, work: Path, tools: Path, notebooks: Path = REPO / "notebooks") -> Path:
    python = tools_python(tools)
    lite = work / "lite"
    if lite.exists():
        shutil.rmtree(lite)
    (lite / "static").mkdir(parents=True)
    (lite / "files").mkdir()
    pyodide = lite / "static" / "pyodide"  # the "well-known" place the pyodide addon copies from
    wheels = work / "wheels"
    wheels.mkdir(exist_ok=True)

    kit = kit_wheel(work / "kit")
    pyodide_core(work, pyodide)
    print("lock:", rewrite_lock(pyodide, wheels, kit))
    site_notebooks(notebooks, lite / "files")
    shutil.copy2(HERE / "jupyter_lite_config.json", lite)
    shutil.copy2(HERE / "jupyter-lite.json", lite)
    # `-m jupyter lite` would run the first `jupyter-lite` on PATH, which may be another environment's
    run([python, "-m", "jupyterlite_core", "build", "--lite-dir", lite, "--output-dir", out,
         "--contents", lite / "files", "--no-sourcemaps"], cwd=lite)
    (out / ".nojekyll").touch()  # GitHub Pages: serve folders starting with "_" too
    # a browser asks every site for /favicon.ico; JupyterLite keeps its icons in static/favicons (without this copy
    # the first page load logged a 404 in the console)
    shutil.copy2(out / "static" / "favicons" / "favicon.ico", out / "favicon.ico")
    keep_the_asked_for_notebook(out / "lab" / "index.html")
    return out


#: A reload opens the notebook the page was opened for. The site keeps no workspace between visits
#: (``workspacesStorageDrivers`` in jupyter-lite.json: a workspace kept in the browser reopened every earlier tab,
#: each starting a Pyodide kernel before the notebook asked for), and JupyterLite drops ``?path=`` from the address
#: once it has opened the notebook; so the page remembers it for the browser tab (sessionStorage) and puts it back.
REOPEN = """<script>/* greatwall_kit: a reload opens the notebook asked for, and only it */
(function () {
  var key = "greatwall_kit-path", query = new URLSearchParams(location.search);
  try {
    if (query.has("path")) sessionStorage.setItem(key, JSON.stringify(query.getAll("path")));
    else if (sessionStorage.getItem(key)) {
      JSON.parse(sessionStorage.getItem(key)).forEach(function (p) { query.append("path", p); });
      history.replaceState(null, "", location.pathname + "?" + query.toString() + location.hash);
    }
  } catch (e) { /* no sessionStorage (a private window may refuse it): a reload shows the file browser */ }
})();
</script>
"""


def keep_the_asked_for_notebook(index: Path) -> None:
    """Put :data:`REOPEN` first in the head of JupyterLite's lab page (before its own scripts read the address)."""
    page = index.read_text(encoding="utf-8")
    if "<head>" not in page:
        raise SystemExit(f"site/build.py: no <head> in {index}: JupyterLite's lab page changed")
    index.write_text(page.replace("<head>", "<head>\n" + REOPEN, 1), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "_site", help="output folder (default: _site)")
    parser.add_argument("--work", type=Path, help="folder for downloads and the build (default: a temp dir)")
    parser.add_argument("--tools", type=Path, default=DEFAULT_TOOLS,
                        help=f"the build tools' venv, created if missing (default: {DEFAULT_TOOLS})")
    parser.add_argument("--notebooks", type=Path, default=REPO / "notebooks",
                        help="the folder of the notebooks to ship (default: notebooks/; e.g. the class's copy "
                             "written by tools/student_copy.py)")
    args = parser.parse_args(argv)
    if not any(args.notebooks.glob(NOTEBOOK_GLOB)):  # before anything is downloaded or removed
        parser.error(f"no notebooks named like {NOTEBOOK_GLOB} in {args.notebooks}")
    out = args.out.resolve()
    if out.exists():
        shutil.rmtree(out)
    if args.work:
        args.work.mkdir(parents=True, exist_ok=True)
        build(out, args.work.resolve(), args.tools.resolve(), args.notebooks.resolve())
    else:
        with tempfile.TemporaryDirectory(prefix="greatwall-site-") as tmp:
            build(out, Path(tmp), args.tools.resolve(), args.notebooks.resolve())
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site built in {out} ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
