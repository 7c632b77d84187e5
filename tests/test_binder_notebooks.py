"""Binder's environment rebuilt as far as is possible offline: ``binder/requirements.txt`` installed into a fresh
virtual environment, then strict nbval run there, with that environment's Python, on notebooks a class opens.

The install may use pip's cache and the machine's local package indexes; when the packages cannot be had without
the network, the test is skipped and says so. Under load the install dominates the time (about a minute of CPU).
"""

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ["notebooks/50-graph-lens.ipynb", "notebooks/51-rule-variants.ipynb"]
# pip's words when a package is not available offline (anything else is a real failure of the requirements)
OFFLINE = ("No matching distribution found", "Could not find a version", "NewConnectionError",
           "Temporary failure in name resolution", "Network is unreachable", "ConnectionError")


def test_binder_requirements_run_the_notebooks_under_strict_nbval(tmp_path):
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=False)  # pip installs into it from outside: no ensurepip, much faster
    python = env_dir / "bin" / "python"
    # the kernel must import the installed kit, never the checkout a developer put on PYTHONPATH
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-compile",
                              "-r", "binder/requirements.txt", "nbval", "pytest"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    if install.returncode and any(word in install.stderr for word in OFFLINE):
        why = next(ln.strip() for ln in install.stderr.splitlines() if any(word in ln for word in OFFLINE))
        pytest.skip(f"pip cannot install binder/requirements.txt, nbval and pytest offline: {why}")
    assert install.returncode == 0, f"pip failed:\n{install.stdout[-2000:]}\n{install.stderr[-3000:]}"

    where = subprocess.run([str(python), "-c", "import greatwall_kit; print(greatwall_kit.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert where.stdout.startswith(str(env_dir)), f"the kit was not installed into the environment: {where.stdout}"

    # strict nbval with the repository's pytest settings (sanitizer, --nbval-current-env): the kernel is this
    # environment's Python, started in the notebooks' folder, so it imports the installed kit (--noconftest: the
    # checkout's conftest.py would put the checkout first on the kernels' path)
    run = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--noconftest", *NOTEBOOKS],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    summary = run.stdout.strip().splitlines()[-1:] or ["(no output)"]
    assert run.returncode == 0, f"strict nbval failed in the Binder environment:\n{run.stdout[-4000:]}"
    assert "passed" in summary[0] and "failed" not in summary[0], summary
