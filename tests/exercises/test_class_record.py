"""A class of 32 saved notebooks of lesson 31, made by running the real notebook in real kernels (nbclient), read by
the teacher's report and graded by nbgrader.

Each student runs the notebook top to bottom with their answers in cells right after each exercise (what the form's
*Check* and *Show solution* do), as scripted in ``CLASS``: right, wrong then right, both hints, the solution only,
skipped, a pair, the lesson in one kernel and the homework exercise (Figure 12, homework in the graph-theory plan) in
a new kernel the next day, a restart whose second kernel could not find the saved notebook and ran *My results* in a
new cell (two *My results* outputs), a student who never ran *My results*. Beside them: the class's copy handed in as
given out, a notebook of another lesson, a record edited by hand, a truncated file. Most students share one kernel
whose record is emptied between them (a first cell, dropped before saving, as a new kernel has it; starting a kernel
per student costs seconds each on a busy machine); the homework day runs in a kernel of its own, told its notebook as
Jupyter Server tells it (``JPY_SESSION_NAME``).

The class is built once per session (35-40 s measured on two busy cores) and nbgrader grades eight of the copies (the
kinds above; autograde runs only the record and the grade cells, a few seconds each).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path

import nbformat
import pytest

from greatwall_kit.classroom import report
from greatwall_kit.exercises import MIME, as_int, as_int_set
from greatwall_kit.exercises.core import _shown

nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parents[2]
LESSON = "31-dschingis-khan-loops"
OTHER = "12-chang-cheng-double-and-tower"
LABELS = ["Figure 8 · Exercise 1", "Figure 8 · Exercise 2", "Figure 11 · Exercise 3", "Figure 12 · Exercise 4"]
# what the notebook's exercises are bound to, their answers as the record writes them, and a wrong answer for each
EXERCISES = ["route", "removed", "sides", "new_end"]
RIGHT = ["new", "5", "{24}", "old"]
WRONG = ["old", "4", "none", "new"]
OTHER_WRONG = [None, "6", "{23}", None]  # a second wrong answer (a choice of two has none)
# how the record writes a typed answer (the kit's own form of a number or a set: that form is not what this tests)
READ = [str, as_int, as_int_set, str]

# each student's script: one action per exercise (the homework one last)
ACTIONS = {
    "right": lambda k: [RIGHT[k]],
    "wrong, right": lambda k: [WRONG[k], RIGHT[k]],
    "hints": lambda k: [WRONG[k], *([OTHER_WRONG[k]] if OTHER_WRONG[k] else []), RIGHT[k]],
    "solution": lambda k: ["solution"],
    "solution, right": lambda k: ["solution", RIGHT[k]],
    "wrong": lambda k: [WRONG[k]],
    "skip": lambda k: [],
}
PATTERNS = [  # cycled over the plain students: every action at every exercise
    ("right", "right", "right", "skip"), ("wrong, right", "right", "hints", "skip"),
    ("right", "solution", "wrong", "right"), ("hints", "wrong, right", "solution, right", "skip"),
    ("skip", "skip", "skip", "skip"), ("solution", "right", "right", "wrong"),
    ("right", "hints", "wrong, right", "solution"), ("wrong", "skip", "right", "skip"),
]
PLAIN = [f"S{n:02d}" for n in range(1, 24)]
SCRIPTS = {name: PATTERNS[n % len(PATTERNS)] for n, name in enumerate(PLAIN)}


def answer_cells(k, action):
    """The cells a student runs after exercise ``k`` for ``action`` (what clicking the form does)."""
    name = EXERCISES[k]
    return [f"{name}.show_solution()" if a == "solution" else f"{name}.check({a!r})" for a in ACTIONS[action](k)]


def lesson_notebook():
    return nbformat.read(ROOT / "notebooks" / f"{LESSON}.ipynb", as_version=4)


def exercise_cell(nb, k):
    return next(i for i, c in enumerate(nb.cells) if c.cell_type == "code"
                and re.search(rf"^{EXERCISES[k]} = ", c.source, re.M))


def scripted(names, actions, *, until=None):
    """Notebook 31 with the student's name and answer cells after each exercise; ``until``: the exercises answered
    (the others' cells stay unanswered)."""
    nb = lesson_notebook()
    first = next(c for c in nb.cells if 'student("")' in c.source)
    first.source = first.source.replace('student("")', "student(" + ", ".join(map(repr, names)) + ")")
    for k in reversed(range(len(EXERCISES))):
        if until is None or k in until:
            at = exercise_cell(nb, k) + 1
            nb.cells[at:at] = [nbformat.v4.new_code_cell(c) for c in answer_cells(k, actions[k])]
    return nb


def run(nb, path, kernel=None, only=None, told=True):
    """Execute ``nb`` (its code cells ``only``, by index, if given) as the notebook at ``path`` and save it there.

    Without ``kernel``, in a new kernel told its notebook as Jupyter Server tells it (``JPY_SESSION_NAME``). In the
    shared ``kernel``, a first cell (dropped before saving) empties the record and tells the kit the notebook's path
    (or not, ``told=False``: a kernel that cannot find its notebook), as a new kernel has them.
    """
    where = f"os.environ['JPY_SESSION_NAME'] = {str(path)!r}" if told else "os.environ.pop('JPY_SESSION_NAME', 0)"
    cells = list(nb.cells)
    if kernel is not None:
        nb.cells.insert(0, nbformat.v4.new_code_cell(
            f"import os\n{where}\nfrom greatwall_kit.exercises import record\nrecord._reset()"))
    shift = len(nb.cells) - len(cells)
    client = nbclient.NotebookClient(nb, km=kernel, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(ROOT / "notebooks")}})
    with client.setup_kernel(**({} if kernel else {"env": {**os.environ, "JPY_SESSION_NAME": str(path)}})):
        if shift:
            client.execute_cell(nb.cells[0], 0)
        for i, cell in enumerate(cells):
            if cell.cell_type == "code" and (only is None or i in only):
                client.execute_cell(cell, i + shift)
    del nb.cells[:shift]
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, errors[0]
    nbformat.write(nb, path)
    return nb


@pytest.fixture(scope="session")
def kernel():
    from jupyter_client.manager import KernelManager

    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(ROOT / "notebooks"))
    yield km
    km.shutdown_kernel(now=True)


@pytest.fixture(scope="session")
def handed_in(tmp_path_factory, kernel):
    """The class's folder of handed-in notebooks, made once per session."""
    start = time.monotonic()
    folder = tmp_path_factory.mktemp("handed-in")
    for name, actions in SCRIPTS.items():
        run(scripted([name], actions), folder / f"{name}.ipynb", kernel)
    # a pair shares one notebook
    run(scripted(["Pia", "Quin"], ("right", "wrong, right", "right", "skip")), folder / "pia-quin.ipynb", kernel)
    # Cy runs everything, answers nothing
    run(scripted(["Cy"], ("skip",) * 4), folder / "cy.ipynb", kernel)
    # Dan never runs My results: his name cell's output keeps his answers
    dan = scripted(["Dan"], ("wrong", "right", "skip", "skip"))
    run(dan, folder / "dan.ipynb", kernel, only=range(len(dan.cells) - 1))
    # Hana: the lesson's exercises in class, saved; the homework (Figure 12) the next day in a new kernel that runs
    # only the cells it needs: the name, the imports and the positions, Figure 12 and its answers, My results
    hana = folder / "hana.ipynb"
    nb = scripted(["Hana"], ("wrong, right", "right", "hints", "skip"))
    run(nb, hana, kernel, only=range(exercise_cell(nb, 2) + 4))  # up to Figure 11's answers; no My results
    nb = nbformat.read(hana, as_version=4)
    at = exercise_cell(nb, 3) + 1
    nb.cells[at:at] = [nbformat.v4.new_code_cell(c) for c in answer_cells(3, "right")]
    run(nb, hana, only={i for i in range(7)} | {at - 1, at, len(nb.cells) - 1})
    # Rex: Figure 8's first exercise right, My results, saved; after a restart, in a kernel that was not told its
    # notebook (one started by hand): the name cell, Figure 8's second exercise and a new "My results" cell at the
    # end, so the first My results output holds the first kernel's answers, the name cell and the second the second's
    rex = folder / "rex.ipynb"
    run(scripted(["Rex"], ("right", "skip", "skip", "skip")), rex, kernel)
    nb = nbformat.read(rex, as_version=4)
    at = exercise_cell(nb, 1) + 1
    nb.cells[at:at] = [nbformat.v4.new_code_cell(c) for c in answer_cells(1, "right")]
    nb.cells.append(nbformat.v4.new_code_cell(f'my_results("{LESSON}")'))
    run(nb, rex, kernel, only={i for i in range(7)} | {at - 1, at, len(nb.cells) - 1}, told=False)
    # an anonymous student who answered
    run(scripted([""], ("right", "right", "skip", "skip")), folder / "anon.ipynb", kernel)
    # not students: the class's copy as given out, another lesson, a record edited by hand, a truncated file
    shutil.copy(ROOT / "notebooks" / f"{LESSON}.ipynb", folder / "never-run.ipynb")
    other = nbformat.read(ROOT / "notebooks" / f"{OTHER}.ipynb", as_version=4)
    other.cells[1].source = other.cells[1].source.replace('student("")', 'student("Olga")')
    run(other, folder / "olga-other-lesson.ipynb", kernel)
    edited = folder / "eve.ipynb"
    run(scripted(["Eve"], ("wrong", "skip", "skip", "skip")), edited, kernel)
    nb = json.loads(edited.read_text())
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if MIME in out.get("data", {}):
                out["data"][MIME]["exercises"][0]["events"][0]["right"] = True
    edited.write_text(json.dumps(nb))
    (folder / "truncated.ipynb").write_bytes((folder / "S01.ipynb").read_bytes()[:5000])
    print(f"\nclass of {len(list(folder.glob('*.ipynb')))} notebooks built in {time.monotonic() - start:.1f} s")
    return folder


def outcome_of(actions):
    """The outcome the report should give a scripted action (written here from the script, not from the kit)."""
    return {"right": "right at the first try", "wrong, right": "right after a hint", "hints": "right after a hint",
            "solution": "solution seen, never right", "solution, right": "right after the solution",
            "wrong": "not right", "skip": "not tried"}[actions]


def answers_of(k, action):
    return " → ".join("solution shown" if a == "solution" else _shown(READ[k](a)) for a in ACTIONS[action](k))


EXPECTED = {  # row of the report: (the script per exercise, the notebook)
    **{name: (SCRIPTS[name], f"{name}.ipynb") for name in PLAIN},
    "Pia and Quin": (("right", "wrong, right", "right", "skip"), "pia-quin.ipynb"),
    "Cy": (("skip",) * 4, "cy.ipynb"),
    "Dan": (("wrong", "right", "skip", "skip"), "dan.ipynb"),
    "Hana": (("wrong, right", "right", "hints", "right"), "hana.ipynb"),
    "Rex": (("right", "right", "skip", "skip"), "rex.ipynb"),
    "anonymous (anon.ipynb)": (("right", "right", "skip", "skip"), "anon.ipynb"),
}


@pytest.fixture(scope="session")
def result(handed_in):
    return report(handed_in)


def test_the_report_labels_every_exercise_as_the_notebook_and_marks_the_homework(result):
    assert result.lesson == LESSON
    assert list(result.exercises.index) == LABELS
    assert list(result.exercises["homework"]) == [False, False, False, True]
    assert list(result.table.columns.get_level_values("exercise").unique()) == LABELS
    # the same labels whatever order the files come in
    files = sorted(Path(p) for p in result.notebooks.values())
    assert list(report(files[::-1]).exercises.index) == LABELS


def test_the_report_counts_every_student_and_lists_the_rest_with_reasons(result):
    assert sorted(result.table.index) == sorted(EXPECTED)
    assert {Path(p).name for p in result.notebooks.values()} == {f for _, f in EXPECTED.values()}
    reasons = {Path(u.path).name: u.reason for u in result.unread}
    assert reasons == {
        "eve.ipynb": "a record edited by hand: the record was changed after it was saved: its checksum does not "
                     "match its content",
        "never-run.ipynb": "nobody ran it: no name and no answer in its record (a copy handed in as it was given "
                           "out?)",
        "olga-other-lesson.ipynb": f"another lesson's notebook ({OTHER}, not {LESSON})",
        "truncated.ipynb": "not a notebook: it is not JSON (a damaged or cut-short file)"}


def test_each_students_answers_in_order_and_outcome_follow_the_script(result):
    for row, (script, _) in EXPECTED.items():
        assert result.answers.loc[row].tolist() == [answers_of(k, a) for k, a in enumerate(script)], row
        assert [result.outcome(row, label) for label in LABELS] == [outcome_of(a) for a in script], row


def test_the_scores_count_the_lesson_and_the_homework_apart(result):
    def expected(script):
        lesson = [outcome_of(a) for a in script[:3]]
        points = sum(o in ("right at the first try", "right after a hint") for o in lesson)
        return {"right first try": lesson.count("right at the first try"),
                "right after hints": lesson.count("right after a hint"),
                "solution seen": sum("solution" in o for o in lesson), "not right": lesson.count("not right"),
                "not tried": lesson.count("not tried"), "points": points, "out of": 3,
                "homework points": int(outcome_of(script[3]) in ("right at the first try", "right after a hint")),
                "homework out of": 1}

    scores = result.scores
    for row, (script, notebook) in EXPECTED.items():
        people = ["Pia", "Quin"] if row == "Pia and Quin" else [row]
        for person in people:
            line = scores.loc[person]
            assert {k: line[k] for k in expected(script)} == expected(script), person
            assert line["notebook"] == notebook
    assert scores.loc["Pia", "with"] == "Quin" and scores.loc["Quin", "with"] == "Pia"
    assert scores.loc["Hana", ["points", "homework points"]].tolist() == [3, 1]  # the homework kept the lesson


def test_the_class_summary_per_exercise(result):
    rows = [script for script, _ in EXPECTED.values()]
    summary = result.summary
    for k, label in enumerate(LABELS):
        outcomes = [outcome_of(s[k]) for s in rows]
        assert summary.loc[label, "right first time"] == outcomes.count("right at the first try")
        assert summary.loc[label, "not tried"] == outcomes.count("not tried")
        assert summary.loc[label, "most common wrong answer"] == _shown(READ[k](WRONG[k]))  # the first wrong one


def test_the_plot_keeps_the_solution_only_apart_from_right_after_the_solution(result):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    counts = result.outcomes()
    rows = [script for script, _ in EXPECTED.values()]
    for k, label in enumerate(LABELS):
        for outcome in counts.columns:
            assert counts.loc[label, outcome] == sum(outcome_of(s[k]) == outcome for s in rows), (label, outcome)
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    assert result.plot(ax=ax) is None  # a cell ending in result.plot() prints no <Axes ...> line
    assert sum(p.get_height() for p in ax.patches) == len(LABELS) * len(rows)


def test_the_exports(result, tmp_path):
    result.to_csv(tmp_path / "class.csv")
    import pandas as pd

    sheet = pd.read_csv(tmp_path / "class.csv", index_col="student", keep_default_na=False)
    assert sheet.loc["Hana", "Figure 12 · Exercise 4: answers"] == "old"
    assert sheet.loc["Quin", "points"] == 3
    page = result.to_html(tmp_path / "class.html")
    assert page.startswith("<!DOCTYPE html>") and "Figure 8 · Exercise 1" in page and "truncated.ipynb" in page
    try:
        import openpyxl  # noqa: F401
    except ImportError:
        with pytest.raises(Exception, match="openpyxl"):
            result.to_excel(tmp_path / "class.xlsx")
    else:
        result.to_excel(tmp_path / "class.xlsx")
        assert set(pd.read_excel(tmp_path / "class.xlsx", sheet_name=None)) == {
            "scores", "answers", "exercises", "summary", "not counted"}


# -- nbgrader grades the same copies --------------------------------------------------------------------------------

CONFIG = """c = get_config()
c.CourseDirectory.course_id = "greatwall"
c.Execute.timeout = 120
from greatwall_kit.classroom.grading import configure_nbgrader
configure_nbgrader(c)
"""
GRADED = ["S02", "S06", "Pia and Quin", "Hana", "Rex", "Dan"]


def nbgrader(course, *args, retry=False):
    """Run nbgrader in ``course``; with ``retry``, a student's notebook nbgrader failed to process is graded once more.

    Once in a CI run of the whole suite (kernels starting in three processes at once), autograde failed on one
    student of eight, a notebook that grades in every run alone; the report was cut before its traceback. A notebook
    that fails twice still fails the test, with nbgrader's errors first.
    """
    # nbgrader runs the ``alembic`` command that sits beside the interpreter (a venv need not be activated)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))

    def run(*args):
        return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                              text=True, timeout=600)

    done = run(*args)
    failed = re.findall(r"There was an error processing assignment '[^']*' for student '([^']*)'",
                        done.stdout + done.stderr)
    if retry and done.returncode != 0 and failed:
        warnings.warn(f"nbgrader {args[0]} failed on {', '.join(failed)}, graded again:\n"
                      f"{_errors(done.stdout + done.stderr, whole=False)}", stacklevel=2)
        for student in failed:
            again = run(*args, "--student", student, "--force")
            assert again.returncode == 0, _errors(again.stdout + again.stderr)
        return subprocess.CompletedProcess(done.args, 0, done.stdout, done.stderr)
    assert done.returncode == 0, _errors(done.stdout + done.stderr)
    return done

def _errors(log, whole=True):
    """nbgrader's ERROR records (and the tracebacks under them), then the whole log and the errors again: a report
    cut short in its middle still shows them."""
    errors, inside = [], False
    for line in log.splitlines():
        if line.startswith("["):
            inside = "| ERROR]" in line
        if inside:
            errors.append(line)
    found = "\n".join(errors) or "(no ERROR record)"
    if not whole:
        return found
    return f"{found}\n--- the whole log ---\n{log}\n--- its errors again ---\n{found}"


def test_nbgrader_grades_the_class_copies_as_the_report_counts_them(result, handed_in, tmp_path):
    pytest.importorskip("nbgrader", reason="nbgrader is in the kit's classroom and test extras")
    from greatwall_kit.classroom.grading import nbgrader_assignment

    course = tmp_path / "course"
    course.mkdir()
    (course / "nbgrader_config.py").write_text(CONFIG)
    source = course / "source" / "lesson31" / f"{LESSON}.ipynb"
    graded = nbgrader_assignment(ROOT / "notebooks" / f"{LESSON}.ipynb", source)
    assert [(g["name"], g["homework"]) for g in graded] == [(n, n == "new_end") for n in EXERCISES]
    nbgrader(course, "generate_assignment", "lesson31")
    ids = {row: f"s{n}" for n, row in enumerate(GRADED)}
    kinds = {**ids, "eve": "eve", "never-run": "never"}
    for row, student in kinds.items():
        name = result.notebooks[row] if row in result.notebooks else handed_in / f"{row}.ipynb"
        to = course / "submitted" / student / "lesson31" / f"{LESSON}.ipynb"
        to.parent.mkdir(parents=True)
        shutil.copy(name, to)
    done = nbgrader(course, "autograde", "lesson31", "--create", retry=True)

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        total = {s: gb.find_submission("lesson31", s).score for s in kinds.values()}
    for row, student in ids.items():
        person = "Pia" if row == "Pia and Quin" else row
        assert total[student] == result.scores.loc[person, "points"], row
    assert total["eve"] == 0 and total["never"] == 0
    # neither is a silent 0: the reason is in nbgrader's log and in the graded notebook's first cell
    log = done.stderr + done.stdout
    assert "eve: 31-dschingis-khan-loops cannot be graded: its record cannot be used" in log
    assert "never: 31-dschingis-khan-loops cannot be graded: nobody ran it" in log
    first = nbformat.read(course / "autograded" / "eve" / "lesson31" / f"{LESSON}.ipynb", as_version=4).cells[0]
    assert "CANNOT BE GRADED" in first.source and "checksum does not match" in json.dumps(first.outputs)
