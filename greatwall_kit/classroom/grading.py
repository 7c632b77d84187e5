"""Grading the exercise notebooks with nbgrader, from the students' recorded answers.

nbgrader grades a notebook by running it again from the top in a fresh kernel (``nbgrader autograde``): the answers a
student gave in the forms are not in any cell's source, so that run alone would find none. Two pieces make it work:

- :func:`nbgrader_assignment` turns a kit exercise notebook into an nbgrader source notebook: before its "My results"
  cell (which it locks) it adds one autograded cell per exercise, ``grade(exercise, points=...)``, whose output is
  the points nbgrader records (partial credit).
- :class:`RestoreResults`, added to autograde by :func:`configure_nbgrader` in ``nbgrader_config.py``, reads the
  record the student's notebook saved in its "My results" output and puts a first cell into the copy being graded
  that loads it (:func:`greatwall_kit.exercises.load_results`): the grade cells then read the student's answers.
  The loaded record stays as saved, so cells that check answers again while grading add nothing to it. A record
  changed by hand fails its checksum: that first cell shows the error and every exercise scores 0.

nbgrader and nbclient are needed only here (``pip install "greatwall_kit[classroom]"``). See ``docs/teaching.md``.
"""

import json
from pathlib import Path

import nbformat
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

from ..engine.errors import GreatWallError, quote
from ..exercises.record import MIME, _document

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


def nbgrader_assignment(notebook, to, *, points=1, timeout=300):
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
    timeout : int
        Seconds a cell may run while the exercises are found.

    Returns
    -------
    list of dict
        Each exercise: ``grade_id``, ``question``, ``name`` (``None``, and no grade cell, for an exercise bound to no
        name in the notebook).
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
    cells, graded = [], []
    for n, ex in enumerate(found, 1):
        name = ex["names"][0] if ex["names"] else None
        graded.append({"grade_id": f"exercise-{n}", "question": ex["question"], "name": name})
        if name is not None:
            cell = nbformat.v4.new_code_cell(f"# Exercise {n}: {ex['question']}\ngrade({name}, points={points!r})")
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
    """nbgrader autograde: load the record the student's "My results" output saved, in a first cell of its own."""

    enabled = Bool(True, help="nbconvert's preprocessors are off unless enabled; this one is meant to run").tag(
        config=True)

    def preprocess(self, nb, resources):
        saved = [out["data"][MIME] for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
                 if MIME in out.get("data", {})]
        if saved:
            record, note = saved[-1], "the record saved in this notebook's \"My results\" output"
        else:
            record = _document("(no record saved)", None, [])
            note = "no \"My results\" output was saved: an empty record"
        if not isinstance(record, str):
            record = json.dumps(record, ensure_ascii=False)
        source = (f"# Added for grading by greatwall_kit.classroom.grading.RestoreResults: {note}\n"
                  "from greatwall_kit.exercises import load_results\n"
                  f"load_results({record!r})")
        nb.cells.insert(0, nbformat.v4.new_code_cell(source))
        return nb, resources


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
