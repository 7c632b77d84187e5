"""The kit's habits: ruff and mypy, as configured in ``pyproject.toml``, find nothing in the kit.

Both run as the README's test command runs them (``python -m ...`` from the repository's root), with their caches in
a temporary folder so that a run leaves the working tree as it was. That the wheel ships ``py.typed`` (the mark that
lets a user's type checker read the kit's annotations) is checked with the wheel's other files in ``test_setup.py``.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What ruff checks: the package, its tests and every script of the repository.
LINTED = ("greatwall_kit", "tests", "tools", "benchmarks", "site", "conftest.py")


def run(*args):
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = run("ruff", "check", "--no-cache", *LINTED)
    assert done.returncode == 0, f"ruff ({done.returncode}):\n{done.stdout[-6000:]}\n{done.stderr[-2000:]}"


def test_mypy_finds_nothing_in_the_package(tmp_path):
    done = run("mypy", "--cache-dir", str(tmp_path), "greatwall_kit")
    assert done.returncode == 0, f"mypy ({done.returncode}):\n{done.stdout[-6000:]}\n{done.stderr[-2000:]}"
    assert "Success: no issues found" in done.stdout


def test_the_package_is_marked_typed():
    assert (ROOT / "greatwall_kit" / "py.typed").is_file()
