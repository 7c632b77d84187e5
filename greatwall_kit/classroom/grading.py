"""Grading the exercise notebooks with nbgrader, from the students' recorded answers, in any kit notebook.

nbgrader grades a notebook by running it again from the top in a fresh kernel (``nbgrader autograde``): the answers a
student gave in the forms are not in any cell's source, so that run alone would find none. Two pieces make it work:

- :func:`nbgrader_assignment` turns a kit exercise notebook into an nbgrader source notebook: before its "My results"
  cell (which it locks) it adds one autograded cell per exercise done in class (the lesson plan's homework too with
  ``homework=True``), ``grade(exercise, points=...)``, whose output is the points nbgrader records.
- :class:`RestoreResults`, added to autograde by :func:`configure_nbgrader` in ``nbgrader_config.py``, reads the
  record the handed-in notebook saved (every record output, merged: the name cell's and each "My results") and puts
  a first cell into the copy being graded that loads it (:func:`greatwall_kit.exercises.load_results`); then only
  nbgrader's cells run, and the grade cells read the student's answers by exercise id. A handed-in notebook without
  the grade cells (the class's copy written by ``tools/student_copy.py``) is graded as the source notebook, so the
  teacher hands out one copy and chooses nothing before class. A notebook that cannot be graded scores 0 with the
  reason in its first cell and in autograde's log.

nbgrader and nbclient are needed only here (``pip install "greatwall_kit[classroom]"``). See ``docs/teaching.md``.
"""

import json
from pathlib import Path

import nbformat
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

from ..engine.errors import GreatWallError, quote
from ..exercises.record import EXERCISE_MIME, _document, merge, read_results, saved_outputs
from . import _MY_RESULTS, homework_cells

__all__ = ["nbgrader_assignment", "configure_nbgrader", "RestoreResults"]

_ASK = """
import json as _json
from greatwall_kit.exercises import Exercise as _Exercise, record as _record
_names = {}
for _name, _value in list(globals().items()):
    if isinstance(_value, _Exercise) and not _name.startswith("_"):
        _names.setdefault(_value.id, []).append(_name)
print(_json.dumps([{"id": e.id, "question": e.question, "names": sorted(_names.get(e.id, []))}
                   for e in _record._current().entries.values()]))
"""


def nbgrader_assignment(notebook, to, *, points=1, homework=False, plan=None, timeout=300):
    """Write an nbgrader source version of a kit exercise notebook, with one autograded cell per exercise.

    The notebook is run once (in its own folder, with nbclient) to find its exercises and the names they are bound
    to; each exercise gets a locked, autograded cell ``grade(name, points=points)`` just before the "My results"
    cell, which is locked too. Put the result in nbgrader's ``source/<assignment>/`` folder.

    Parameters
    ----------
    notebook : str or Path
        A kit exercise notebook whose last "My results" cell calls ``my_results(...)``.
    to : str or Path
        Where to write the nbgrader source notebook.
    points : int or float
        The points of each exercise.
    homework : bool
        Grade the exercises the lesson plan gives as homework too (by default only those done in class).
    plan : str, Path or Plan, optional
        The plan that says which cells are homework; by default the kit's plans that name the notebook
        (:func:`greatwall_kit.classroom.homework_cells`).
    timeout : int
        Seconds a cell may run while the exercises are found.

    Returns
    -------
    list of dict
        Each exercise: ``grade_id``, ``question``, ``name`` (``None``, and no grade cell, for an exercise bound to no
        name in the notebook), ``homework`` (graded only with ``homework=True``).
    """
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    path = Path(notebook)
    if not path.is_file():
        raise GreatWallError(f"there is no notebook {quote(str(path))}")
    nb = nbformat.read(path, as_version=4)
    last = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "my_results(" in c.source]
    if not last:
        raise GreatWallError(f"{quote(path.name)} has no \"My results\" cell (my_results(...)): a student's answers "
                             "would not be saved, so there is nothing to grade")
    probe = nbformat.from_dict(json.loads(json.dumps(nb)))
    probe.cells.append(nbformat.v4.new_code_cell(_ASK))
    try:
        NotebookClient(probe, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent.resolve())}}).execute()
    except CellExecutionError as exc:
        raise GreatWallError(f"{quote(path.name)} does not run to the end: {str(exc).splitlines()[0]}") from None
    found = json.loads("".join(o.get("text", "") for o in probe.cells[-1].outputs if o.output_type == "stream"))
    places = {o["data"][EXERCISE_MIME]["id"]: n for n, c in enumerate(probe.cells) if c.cell_type == "code"
              for o in c.outputs if EXERCISE_MIME in o.get("data", {})}
    at_home = homework_cells(_lesson_of(nb) or path.stem, plan, notebook=path)
    cells, graded = [], []
    for n, ex in enumerate(found, 1):
        name = ex["names"][0] if ex["names"] else None
        later = places.get(ex["id"]) in at_home
        graded.append({"grade_id": f"exercise-{n}", "question": ex["question"], "name": name, "homework": later})
        if homework or not later:  # by id: graded from the record alone, without running the lesson's cells
            cell = nbformat.v4.new_code_cell(f"# Exercise {n}{f' ({name})' if name else ''}: {ex['question']}\n"
                                             f"grade({ex['id']!r}, points={points!r})")
            cell.metadata["nbgrader"] = _nbgrader(f"exercise-{n}", grade=True, points=points)
            cells.append(cell)
    head = nbformat.v4.new_markdown_cell(
        "## Grades\n\nEach cell below reads one exercise from your record: its points if you answered it right "
        "before its solution was shown. They are run again when your notebook is graded.")
    imports = nbformat.v4.new_code_cell("from greatwall_kit.exercises import grade")
    at = last[-1]
    nb.cells[at].metadata["nbgrader"] = _nbgrader("my-results")
    nb.cells[at:at] = [head, imports] + cells
    Path(to).parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, to)
    return graded


def _nbgrader(grade_id, *, grade=False, points=0):
    meta = {"grade": grade, "grade_id": grade_id, "locked": True, "schema_version": 3, "solution": False,
            "task": False}
    if grade:
        meta["points"] = points
    return meta


class RestoreResults(Preprocessor):
    """nbgrader autograde: grade any kit notebook of the assignment's lesson from the record it saved.

    The record is read from every record output of the handed-in notebook (the name cell's, each "My results") and
    merged. A handed-in notebook without the assignment's grade cells (the class's copy that
    ``tools/student_copy.py`` writes, a notebook from the repository) is graded as the assignment's own notebook:
    its cells are replaced by the source notebook's, since the answers are in the record and not in any cell. A
    notebook that cannot be graded (no record, a record edited by hand, another lesson's) is graded 0 with the reason
    in its first cell and in nbgrader's log, never silently.
    """

    enabled = Bool(True, help="nbconvert's preprocessors are off unless enabled; this one is meant to run").tag(
        config=True)

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        source = self._source_notebook(info)
        lesson = _lesson_of(source) if source is not None else None
        records, problem = [], None
        try:
            records = [read_results(raw) for raw in saved_outputs(nb)]
        except GreatWallError as exc:
            problem = f"its record cannot be used: {exc}"
        if problem is None and not records:
            problem = "no record saved: the name cell and My results were not run before saving, or were cleared"
        if problem is None:
            record = merge(records)
            if lesson and record["lesson"] and record["lesson"] != lesson:
                problem = f"another lesson's notebook ({record['lesson']}, not {lesson})"
            elif not record["students"] and not any(ex["events"] for ex in record["exercises"]):
                problem = "nobody ran it: no name and no answer in its record (a copy handed in as it was given out?)"
        if problem is None:
            note = "the record saved in this notebook (every record output, merged)"
            saved = json.dumps(record, ensure_ascii=False)
        else:
            self.log.warning("%s: %s cannot be graded: %s; it scores 0", info.get("student", "?"),
                             info.get("notebook", "the notebook"), problem)
            note = f"CANNOT BE GRADED: {problem}; every exercise scores 0"
            saved = json.dumps(_document(lesson, [], []), ensure_ascii=False)
        if source is not None and not any(c.get("metadata", {}).get("nbgrader", {}).get("grade")
                                          for c in nb.cells):
            nb.cells = [nbformat.from_dict(json.loads(json.dumps(c))) for c in source.cells]
        # the answers are in the record: only nbgrader's cells run (the lesson's cells would only cost time, and
        # could fail in a kit of another version)
        nb.cells = [c for c in nb.cells if c.get("metadata", {}).get("nbgrader")]
        cell = nbformat.v4.new_code_cell(
            f"# Added for grading by greatwall_kit.classroom.grading.RestoreResults: {note}\n"
            "from greatwall_kit.exercises import grade, load_results\n"
            + (f"print({problem!r})\n" if problem else "")
            + f"load_results({saved!r})")
        nb.cells.insert(0, cell)
        return nb, resources

    def _source_notebook(self, info):
        """The assignment's source notebook (with its grade cells), or None outside nbgrader."""
        if not info.get("assignment") or not info.get("notebook"):
            return None
        try:
            from nbgrader.coursedir import CourseDirectory

            course = CourseDirectory(config=self.config)
            path = Path(course.format_path(course.source_directory, ".", info["assignment"]),
                        f"{info['notebook']}.ipynb")
            return nbformat.read(path, as_version=4) if path.is_file() else None
        except (ImportError, OSError, ValueError):
            return None


def _lesson_of(notebook):
    found = [m.group(1) for c in notebook.cells if c.cell_type == "code" for m in [_MY_RESULTS.search(c.source)] if m]
    return found[-1] if found else None


def configure_nbgrader(c):
    """Add :class:`RestoreResults` to nbgrader's autograde, before it clears the outputs; for ``nbgrader_config.py``:

    .. code-block:: python

        from greatwall_kit.classroom.grading import configure_nbgrader
        configure_nbgrader(get_config())
    """
    from nbgrader.converters import Autograde

    if "sanitize_preprocessors" in c.Autograde:
        current = list(c.Autograde.sanitize_preprocessors)
    else:
        current = list(Autograde.class_traits()["sanitize_preprocessors"].default())
    c.Autograde.sanitize_preprocessors = [RestoreResults] + [p for p in current if p is not RestoreResults]
    return c
