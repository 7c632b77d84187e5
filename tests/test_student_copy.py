"""The class's copy of the notebooks (tools/student_copy.py): the lessons without their solutions, still passing nbval.

Answer texts are read from the solutions notebooks' stored outputs (strict nbval keeps them current): every
exercise's explanation, as ``exercise.solution()`` and a check print it ("Right: <answer>. <explanation> [rule]").
The copy may hold them nowhere but in the lessons' own code cells, which it keeps byte for byte: there a lesson
shows what the rules did after its exercises, as the stored notebook does.

Strict nbval: the suite already runs every stored lesson under strict nbval; nbval runs and compares code cells
only, so a copied notebook whose code cells and metadata are the stored ones has the same verdict, and the test
asserts exactly that. One changed notebook is run under strict nbval in the copy's folder as well, to show the
lessons need nothing from the repository's folders.
"""

import doctest
import importlib.util
import json
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from greatwall_kit.engine.errors import GreatWallError

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
SOLUTIONS = sorted((ROOT / "notebooks" / "solutions").glob("*.ipynb"))
OTHER_FILES = {"README.md", "requirements.txt", "binder/requirements.txt", "binder/runtime.txt", "binder/postBuild"}
# Feedback as printed: "Right: <answer>. <explanation> [RULE]" or "... The answer is <answer>. <explanation> [RULE]"
FEEDBACK = re.compile(r"(?:Right: |The answer is )[^.]+?\. (.+?)(?: \[[A-Z]+-[A-Z0-9]+\])?$", re.M)
SMALL_CHANGED = "12-chang-cheng-double-and-tower.ipynb"  # changed by the copy, quick to run under nbval
MIME = "application/vnd.greatwall-kit.results+json"  # the saved "My results" record


def _tool():
    spec = importlib.util.spec_from_file_location("student_copy", ROOT / "tools" / "student_copy.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def _cell_text(cell):
    texts = ["".join(cell["source"])]
    for out in cell.get("outputs", []):
        texts.append("".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", "")))
    return "\n".join(texts)


def _cells(path):
    return json.loads(path.read_text())["cells"]


def _record_size(lesson):
    for out in (o for c in _cells(lesson) for o in c.get("outputs", [])):
        if MIME in out.get("data", {}):
            return len(out["data"][MIME]["exercises"])
    return 0


EXPLANATIONS = {p.name: {a for c in _cells(p) for a in FEEDBACK.findall(_cell_text(c))} for p in SOLUTIONS}
ANSWERS = set().union(*EXPLANATIONS.values())
STORED_CODE = {p.name: [c for c in _cells(p) if c["cell_type"] == "code"] for p in LESSONS}


def leaks(files):
    """Where the copy's files (name -> bytes) hold a solutions notebook, a pointer to the solutions, or an answer
    text anywhere but in a lesson's code cells as stored (a notebook of another name is read whole)."""
    found = []
    for name, data in sorted(files.items()):
        text = data.decode("utf-8")
        if "solution" in name.lower():
            found.append(f"{name}: a solutions notebook")
        if "solutions/" in text:
            found.append(f"{name}: names the solutions folder")
        if name.endswith(".ipynb"):
            stored = STORED_CODE.get(name, [])
            text = "\n".join(_cell_text(c) for c in json.loads(text)["cells"] if c not in stored)
        found += [f"{name}: the answer text {answer!r}" for answer in sorted(ANSWERS) if answer in text]
    return found


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    out = tmp_path_factory.mktemp("class") / "class-copy"
    archive = TOOL.write_copy(out)
    folder = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    with zipfile.ZipFile(archive) as zf:
        zipped = {name.removeprefix("class-copy/"): zf.read(name) for name in zf.namelist()}
    return out, {"folder": folder, "zip": zipped}


def test_answers_are_read_from_every_solutions_notebook():
    for lesson in LESSONS:
        solutions = f"{lesson.stem}-solutions.ipynb"
        if _record_size(lesson):
            assert len(EXPLANATIONS[solutions]) >= _record_size(lesson), solutions
    assert all(len(answer) > 20 for answer in ANSWERS)  # long enough never to match by chance


@pytest.mark.parametrize("form", ["folder", "zip"])
def test_the_copy_is_the_lessons_and_what_they_need(copy, form):
    files = copy[1][form]
    assert set(files) == {p.name for p in LESSONS} | OTHER_FILES


@pytest.mark.parametrize("form", ["folder", "zip"])
def test_the_copy_holds_no_solution_and_no_answer(copy, form):
    assert leaks(copy[1][form]) == []


@pytest.mark.parametrize("plant", ["solutions notebook, renamed", "answer in markdown", "answer in a code cell",
                                   "answer in the README"])
def test_a_planted_leak_is_found(copy, plant):
    files = dict(copy[1]["folder"])
    answer = sorted(ANSWERS)[0]
    if plant == "solutions notebook, renamed":
        files["11-more-practice.ipynb"] = SOLUTIONS[0].read_bytes()
    elif plant == "answer in the README":
        files["README.md"] += answer.encode()
    else:
        nb = json.loads(files["00-start-here.ipynb"])
        kind = "markdown" if plant == "answer in markdown" else "code"
        next(c for c in nb["cells"] if c["cell_type"] == kind)["source"] += ["\n", f"# {answer}"]
        files["00-start-here.ipynb"] = json.dumps(nb).encode()
    assert leaks(files) != []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_the_copys_code_cells_are_the_stored_lessons(copy, lesson):
    """What nbval runs (code cells, notebook metadata) is the stored lesson's, so the suite's strict nbval of the
    lesson covers the copy; only the sentence pointing at the solutions may change, and below the first exercise the
    outputs of the cells that are not exercises go, as if never run (nbval compares none there)."""
    copied = copy[1]["folder"][lesson.name]
    if copied == lesson.read_bytes():
        return
    ours, theirs = json.loads(copied), json.loads(lesson.read_text())
    assert ours["metadata"] == theirs["metadata"]
    assert [c["cell_type"] for c in ours["cells"]] == [c["cell_type"] for c in theirs["cells"]]
    code = [(a, b) for a, b in zip(ours["cells"], theirs["cells"], strict=False) if a["cell_type"] == "code"]
    assert all(a["source"] == b["source"] for a, b in code)
    assert all(a == b or (a["outputs"] == [] and a["execution_count"] is None) for a, b in code)
    changed = [(a, b) for a, b in zip(ours["cells"], theirs["cells"], strict=False)
               if a != b and a["cell_type"] == "markdown"]
    assert all(TOOL.TEACHER_HAS_THEM in "".join(a["source"]) for a, _ in changed)


def test_a_changed_notebook_passes_strict_nbval_in_the_copy(copy):
    out = copy[0]
    assert (out / SMALL_CHANGED).read_bytes() != (ROOT / "notebooks" / SMALL_CHANGED).read_bytes()
    strict = ["--nbval", "--nbval-current-env", f"--nbval-sanitize-with={ROOT / 'tests' / 'nbval_sanitize.cfg'}"]
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(out),
                          *strict, SMALL_CHANGED], cwd=out, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:]
    assert re.search(r"\b\d+ passed\b", run.stdout) and "failed" not in run.stdout


def test_the_copy_installs_the_kit_at_this_commit_and_runs_on_binder(copy):
    out, files = copy
    requirement = Requirement(files["folder"]["requirements.txt"].decode().strip())
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    assert (requirement.name, requirement.extras) == ("greatwall_kit", {"lab"})
    assert requirement.url == f"{TOOL.REPOSITORY}/archive/{commit}.zip"
    badge = f"mybinder.org/v2/gh/{TOOL.REPOSITORY.removeprefix('https://github.com/')}/"  # the README's assumption
    assert badge in (ROOT / "README.md").read_text()
    assert files["folder"]["binder/requirements.txt"] == files["folder"]["requirements.txt"]
    assert files["folder"]["binder/runtime.txt"] == (ROOT / "binder" / "runtime.txt").read_bytes()
    assert (out / "binder" / "postBuild").stat().st_mode & 0o111
    with zipfile.ZipFile(out.with_name("class-copy.zip")) as zf:
        assert zf.getinfo("class-copy/binder/postBuild").external_attr >> 16 & 0o111


def test_the_zip_is_the_folder_and_the_same_copy_gives_the_same_zip(copy, tmp_path):
    assert copy[1]["zip"] == copy[1]["folder"]
    kit = "greatwall_kit[lab]"
    (tmp_path / "first").mkdir(), (tmp_path / "second").mkdir()
    first = TOOL.write_copy(tmp_path / "first" / "c", kit=kit).read_bytes()
    time.sleep(2.1)  # a zip stores times to 2 s: a copy made later must not differ by its date
    assert TOOL.write_copy(tmp_path / "second" / "c", kit=kit).read_bytes() == first


def test_the_copy_names_a_kit_source_given(tmp_path):
    TOOL.write_copy(tmp_path / "c", kit="greatwall_kit[lab] @ file:///school/greatwall_kit-0.1.0-py3-none-any.whl")
    assert (tmp_path / "c" / "requirements.txt").read_text().startswith("greatwall_kit[lab] @ file:///school/")


def test_the_copy_overwrites_nothing(tmp_path):
    (tmp_path / "c").mkdir()
    with pytest.raises(GreatWallError, match="exists already"):
        TOOL.write_copy(tmp_path / "c")
    assert list((tmp_path / "c").iterdir()) == [] and not (tmp_path / "c.zip").exists()


def test_a_lesson_that_still_points_at_the_solutions_is_refused(tmp_path):
    nb = json.loads(LESSONS[0].read_text())
    nb["cells"].append({"cell_type": "markdown", "metadata": {}, "source": ["Peek at solutions/ (a new wording)"]})
    (tmp_path / "00-x.ipynb").write_text(json.dumps(nb))
    with pytest.raises(GreatWallError, match=r"00-x.ipynb still names the solutions folder in cell \d+"):
        TOOL.student_notebook(tmp_path / "00-x.ipynb")


def test_the_tools_examples():
    assert doctest.testmod(TOOL).failed == 0


def test_every_file_the_students_readme_names_is_in_the_copy(copy):
    readme = copy[1]["folder"]["README.md"].decode()
    named = set(re.findall(r"[\w-]+\.(?:ipynb|txt)\b", readme))
    assert {"requirements.txt", "00-start-here.ipynb"} <= named
    assert not [name for name in named if name not in copy[1]["folder"]]
