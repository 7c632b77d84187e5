"""An exercise notebook as an nbgrader assignment, the whole round trip for real: the teacher's source notebook,
``nbgrader generate_assignment``, two students' answered copies, ``nbgrader autograde``, grades read back.

The notebook is 11 (province scoring) with the two cells every exercise notebook is to get: the student's name
first, "My results" last. A student's answers are given as ``exercise.check(...)`` cells (what the form's *Check*
does); the browser test gives them by clicking.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader", reason="nbgrader is in the kit's classroom and test extras")
nbclient = pytest.importorskip("nbclient")

from greatwall_kit.classroom.grading import nbgrader_assignment  # noqa: E402
from greatwall_kit.exercises import MIME  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LESSON = "11-chang-cheng-province-scoring"
CONFIG = """c = get_config()
c.CourseDirectory.course_id = "greatwall"
c.Execute.timeout = 120
from greatwall_kit.classroom.grading import configure_nbgrader
configure_nbgrader(c)
"""


def lesson_with_record_cells(to):
    """Notebook 11 with a first cell naming the student and a last "My results" cell (added if it has none)."""
    nb = nbformat.read(ROOT / "notebooks" / f"{LESSON}.ipynb", as_version=4)
    if not any('student("")' in c.source for c in nb.cells):
        nb.cells.insert(1, nbformat.v4.new_code_cell('from greatwall_kit.exercises import my_results, student\n'
                                                     'student("")  # your name or class code between the quotes'))
    if "my_results(" not in nb.cells[-1].source:
        nb.cells.append(nbformat.v4.new_code_cell(f'my_results("{LESSON}")'))
    nbformat.write(nb, to)


def answered(release, to, answers, student_name, folder):
    """The released notebook, answered by a student: ``answers`` are code cells run before "My results"."""
    nb = nbformat.read(release, as_version=4)
    first = next(c for c in nb.cells if 'student("")' in c.source)
    first.source = first.source.replace('student("")', f'student("{student_name}")')
    at = max(i for i, c in enumerate(nb.cells) if "my_results(" in c.source)
    nb.cells[at:at] = [nbformat.v4.new_code_cell(a) for a in answers]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}}).execute()
    to.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, to)
    return nb


def nbgrader(course, *args):
    # nbgrader runs the ``alembic`` command that sits beside the interpreter (a venv need not be activated)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_an_exercise_notebook_graded_by_nbgrader_from_the_recorded_answers(tmp_path):
    start = time.monotonic()
    course = tmp_path / "course"
    (course / "source" / "lesson11").mkdir(parents=True)
    (course / "nbgrader_config.py").write_text(CONFIG)
    plain = tmp_path / f"{LESSON}.ipynb"
    lesson_with_record_cells(plain)
    source = course / "source" / "lesson11" / f"{LESSON}.ipynb"
    graded = nbgrader_assignment(plain, source, points=2)
    assert [g["name"] for g in graded] == ["who", "cancelled", "worth", "order", "scorers"]

    nbgrader(course, "generate_assignment", "lesson11")
    release = course / "release" / "lesson11" / f"{LESSON}.ipynb"
    cells = nbformat.read(release, as_version=4).cells
    assert sum("grade(" in c.source and c.metadata.get("nbgrader", {}).get("grade") for c in cells) == 5

    # Ana: who scores wrong then right (a hint, 2 points); cancelled right at once (2); the value after asking for
    # its solution (0); the order wrong three times (0); the last one never tried (0)
    ana = answered(release, course / "submitted" / "ana" / "lesson11" / f"{LESSON}.ipynb", [
        'who.check("Blue")', "who.check(who._answer)", "cancelled.check(cancelled._answer)",
        "worth.show_solution()", "worth.check(worth._answer)",
        'order.check("flood")', 'order.check("builder")', 'order.check("traitor")'], "Ana", tmp_path)
    saved = ana.cells[-1].outputs[0]["data"][MIME]
    assert saved["student"] == "Ana" and len(saved["exercises"]) == 5
    # Ben answers everything right at once, then edits his record by hand to claim nothing worse
    ben_path = course / "submitted" / "ben" / "lesson11" / f"{LESSON}.ipynb"
    answered(release, ben_path, [f"{n}.check({n}._answer)" for n in ("who", "cancelled", "worth", "order",
                                                                      "scorers")], "Ben", tmp_path)
    ben = json.loads(ben_path.read_text())
    ben["cells"][-1]["outputs"][0]["data"][MIME]["student"] = "Benjamin"
    ben_path.write_text(json.dumps(ben))

    nbgrader(course, "autograde", "lesson11", "--create")

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        scores = {s: [gb.find_grade(f"exercise-{n}", LESSON, "lesson11", s).score for n in range(1, 6)]
                  for s in ("ana", "ben")}
        total = {s: gb.find_submission("lesson11", s).score for s in ("ana", "ben")}
    assert scores["ana"] == [2, 2, 0, 0, 0] and total["ana"] == 4
    assert scores["ben"] == [0] * 5 and total["ben"] == 0  # the edited record fails its checksum
    graded_ben = nbformat.read(course / "autograded" / "ben" / "lesson11" / f"{LESSON}.ipynb", as_version=4)
    first = graded_ben.cells[0]
    assert "RestoreResults" in first.source and "checksum does not match" in json.dumps(first.outputs)
    print(f"nbgrader round trip: {time.monotonic() - start:.1f} s")
