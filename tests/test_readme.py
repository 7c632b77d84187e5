"""The README stays true: its test command is what CI runs, its badge and tour point at real notebooks,
and it documents every rule interpretation the kit made."""

import re
from pathlib import Path

from greatwall_kit import rules

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _commands():
    return re.findall(r"```(?:bash|sh|console)\n(.*?)```", README, re.S)


def test_ci_runs_the_readme_test_command_and_nothing_else():
    ci = [ln for ln in (ROOT / ".ci/run").read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    command = ci[-1].strip()
    assert "python -m pytest" in command and "python -m pip install" in command
    assert any(command in block for block in _commands()), f"README does not show {command!r}"
    assert ci[:-1] == ["set -euo pipefail", 'cd "$(dirname "$0")/.."'], "CI must do nothing but that command"


def test_the_open_command_starts_jupyterlab_at_the_start_notebook():
    assert any("python -m jupyter lab" in block and "notebooks/00-start-here.ipynb" in block
               for block in _commands())


def test_the_open_command_trusts_the_notebooks_before_starting_jupyterlab():
    """Stored pictures show on first open only in trusted notebooks (tests/ui checks it in a real browser)."""
    (block,) = [b for b in _commands() if "python -m jupyter lab" in b]
    assert block.index("python -m jupyter trust notebooks/*.ipynb") < block.index("python -m jupyter lab")


def test_the_binder_badge_opens_the_start_notebook_in_full_jupyterlab():
    (url,) = re.findall(r"\(https://mybinder\.org/v2/gh/[^)]+\)", README)
    notebook = re.search(r"urlpath=lab/tree/(notebooks/[\w.-]+\.ipynb)", url)
    assert notebook and (ROOT / notebook.group(1)).exists()


def test_the_tour_names_every_notebook():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"notebooks/{path.name}" in README, f"the README's tour does not mention {path.name}"


def test_every_interpretation_is_documented_in_the_readme():
    interpreted = [r.id for r in rules.all_rules().values() if r.interpretation]
    missing = [i for i in interpreted if i not in README]
    assert not missing, f"rule interpretations not documented in the README: {missing}"
