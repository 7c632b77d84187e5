"""The teacher's guide (docs/teaching.md) keeps up with the notebooks, the README's open command, and the files,
commands and options it names."""

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "teaching.md").read_text()
# a path in one of the repository's own folders, anywhere in the guide (outputs such as build/ or _site are not)
FOLDERS = "docs|tools|site|notebooks|binder|tests|greatwall_kit|benchmarks"
PATH = re.compile(rf"(?<![\w/.-])((?:{FOLDERS})/(?:[\w./-]*\w/?)?)")
LINK = re.compile(r"\]\(((?!https?:|#)[^)\s]+)\)")
SCRIPT = re.compile(r"python ((?:tools|site)/[\w/]+\.py)([^`\n]*)")
MODULE = re.compile(r"python -m ([\w.]+)")
TIMING = re.compile(r"(\d+)(?:–(\d+))? min")


def test_the_guide_plans_a_lesson_for_every_notebook():
    missing = [p.stem for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if f"`{p.stem}`" not in GUIDE]
    assert not missing, f"docs/teaching.md has no row for {missing}"


def test_the_guides_local_command_is_the_readmes_open_command():
    def open_command(text):
        return [ln for ln in re.findall(r"```bash\n(.*?)```", text, re.S) if "jupyter lab" in ln]
    assert open_command(GUIDE) == open_command((ROOT / "README.md").read_text()) != []


@pytest.mark.parametrize("path", sorted(set(PATH.findall(GUIDE))))
def test_every_path_the_guide_names_exists(path):
    assert (ROOT / path).exists(), f"docs/teaching.md names {path}, which is not in the repository"


@pytest.mark.parametrize("target", sorted(set(LINK.findall(GUIDE))))
def test_every_link_of_the_guide_leads_to_a_file(target):
    assert (ROOT / "docs" / target).resolve().exists(), f"docs/teaching.md links {target}, which is not there"


@pytest.mark.parametrize("script", sorted({m[0] for m in SCRIPT.findall(GUIDE)}))
def test_every_script_the_guide_runs_exists_with_the_options_it_gives(script):
    assert (ROOT / script).is_file(), f"docs/teaching.md runs {script}, which is not in the repository"
    source = (ROOT / script).read_text()
    options = {o for s, rest in SCRIPT.findall(GUIDE) if s == script for o in re.findall(r"--[\w-]+", rest)}
    assert not [o for o in options if f'"{o}"' not in source], f"{script} has no option among {sorted(options)}"


@pytest.mark.parametrize("module", sorted(set(MODULE.findall(GUIDE))))
def test_every_module_the_guide_runs_is_installed(module):
    assert importlib.util.find_spec(module) is not None, f"docs/teaching.md runs python -m {module}: not found"


def _minutes(text):
    low, high = TIMING.search(text).groups()
    return int(low), int(high or low)


def test_each_route_takes_what_its_notebooks_add_up_to():
    """The routes table's "in full" is the sum of its notebooks' timings: a route never claims to fit in less."""
    rows = [ln.split("|")[1:-1] for ln in GUIDE.splitlines() if ln.startswith("| `")]
    timing = {re.search(r"`([\w-]+)`", cells[0]).group(1): _minutes(cells[2]) for cells in rows}
    routes = [ln.split("|")[1:-1] for ln in GUIDE[GUIDE.index("| route |"):].splitlines()
              if ln.startswith("| ") and "min |" in ln]
    assert len(routes) == 6
    for name, notebooks, stated in routes:
        stems = re.findall(r"`(\d\d)`", notebooks)
        full = [next(v for k, v in timing.items() if k.startswith(f"{stem}-")) for stem in stems]
        assert _minutes(stated) == (sum(lo for lo, _ in full), sum(hi for _, hi in full)), name
        assert _minutes(stated)[0] > 90, f"{name} fits one lesson: say so, and drop the pointer to the plans"
