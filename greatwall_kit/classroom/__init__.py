"""A class's results in one table: the teacher reads the students' saved exercise notebooks.

Each exercise notebook ends with a "My results" cell (:func:`greatwall_kit.exercises.my_results`) whose output holds
the student's record. :func:`report` reads a folder of saved notebooks (or a list of paths) and returns a
:class:`ClassReport`: a pandas table, one row per student and for each exercise whether it was answered right, after
how many tries, with how many hints, and whether the solution was seen first; a one-call plot of which exercises the
class found hard; and the notebooks it could not read, each with the reason. A bad notebook never stops the report.

Grading with nbgrader: :mod:`greatwall_kit.classroom.grading`.

Examples
--------
>>> import json, pathlib, tempfile
>>> from greatwall_kit.exercises import Exercise, as_int, my_results, student
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> def save(name, answers):
...     student(name)
...     ex = Exercise("2 + 3?", 5, explain="Two and three.", parse=as_int, asks="total",
...                   hints=("Add the two numbers.", "Count on from 3."))
...     for a in answers:
...         _ = ex.check(a)
...     output = {"output_type": "execute_result", "data": my_results("sums")._repr_mimebundle_(),
...               "metadata": {}, "execution_count": 1}
...     cells = [{"cell_type": "code", "source": "my_results('sums')", "metadata": {}, "outputs": [output],
...               "execution_count": 1}]
...     (folder / f"{name}.ipynb").write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
...                                                       "nbformat_minor": 5}))
>>> from greatwall_kit.exercises import record; record._reset()  # a fresh kernel for each student
>>> save("Ana", [4, 5]); record._reset(); save("Ben", [5]); record._reset()
>>> (folder / "notes.ipynb").write_text("{not a notebook")
15
>>> result = report(folder)
>>> print(result)
Lesson sums: 2 student(s), 1 exercise(s); 1 notebook(s) not read:
  notes.ipynb: not a notebook: it is not JSON
>>> print(result.table)  # doctest: +NORMALIZE_WHITESPACE
exercise      1
measure   right attempts hints solution
student
Ana        True        2     1    False
Ben        True        1     0    False
"""

import json
from collections import Counter
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..engine.errors import GreatWallError, quote
from ..exercises.record import MIME, read_results, summary

__all__ = ["report", "ClassReport", "Unread", "MEASURES"]

#: what the table says of each exercise, for each student
MEASURES = ("right", "attempts", "hints", "solution")

_OUTCOMES = {  # the plot's categories, in stacking order, with Okabe-Ito colours
    "right at the first try": "#009E73",
    "right after a hint": "#56B4E9",
    "right after the solution": "#E69F00",
    "not right": "#D55E00",
    "not tried": "#BBBBBB",
}


@dataclass(frozen=True)
class Unread:
    """A notebook the report could not use, and why."""

    path: str
    reason: str

    def __str__(self):
        return f"{Path(self.path).name}: {self.reason}"


class _Refused(Exception):
    pass


def report(paths_or_folder, lesson=None):
    """Read the students' saved notebooks of one lesson into a :class:`ClassReport`.

    Parameters
    ----------
    paths_or_folder : str, Path, or a list of them
        A folder (every ``.ipynb`` in it and its subfolders, checkpoints left out) or notebook files.
    lesson : str, optional
        The lesson to report (the name its "My results" cell gives, e.g. ``"11-chang-cheng-province-scoring"``).
        By default the lesson most of the records belong to; the notebooks of any other lesson are listed unread.

    Returns
    -------
    ClassReport
        Never raises for a bad notebook: a file that is not a notebook, not a kit notebook, has no "My results"
        output, or holds a record changed by hand (its checksum does not match) is listed in ``.unread`` with the
        reason, and the rest of the class is reported.
    """
    paths = _notebooks(paths_or_folder)
    records, unread = [], []
    for path in paths:
        try:
            records.append((path, _record_of(path)))
        except _Refused as why:
            unread.append(Unread(str(path), str(why)))
    if lesson is None and records:
        lesson = Counter(doc["lesson"] for _, doc in records).most_common(1)[0][0]
    ours = []
    for path, doc in records:
        if doc["lesson"] == lesson:
            ours.append((path, doc))
        else:
            unread.append(Unread(str(path), f"another lesson's notebook ({doc['lesson']}, not {lesson})"))
    unread.sort(key=lambda u: u.path)
    return ClassReport(lesson, ours, tuple(unread))


def _notebooks(paths_or_folder):
    items = [paths_or_folder] if isinstance(paths_or_folder, (str, Path)) else list(paths_or_folder)
    found = []
    for item in items:
        if not isinstance(item, (str, Path)) or str(item) == "":
            raise GreatWallError(f"report reads a folder or notebook paths, not {quote(item)}")
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        elif path.exists():
            found.append(path)
        else:
            raise GreatWallError(f"there is no file or folder {quote(str(path))}")
    return found


def _record_of(path):
    """The saved record of the notebook at ``path``; :class:`_Refused` with the reason if there is none to use."""
    try:
        notebook = json.loads(path.read_bytes())
    except OSError as exc:
        raise _Refused(f"cannot be read ({exc.strerror or exc})") from None
    except ValueError:
        raise _Refused("not a notebook: it is not JSON") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise _Refused("not a notebook: it has no cells")
    saved = [out["data"][MIME] for cell in cells if isinstance(cell, dict)
             for out in (cell.get("outputs") or []) if isinstance(out, dict) and isinstance(out.get("data"), dict)
             and MIME in out["data"]]
    if not saved:
        if any("greatwall_kit" in _source(cell) for cell in cells):
            raise _Refused('no "My results" output: the student did not run the last cell (My results) before '
                           'saving, or cleared its output')
        raise _Refused("not a kit notebook: no cell uses greatwall_kit")
    try:
        return read_results(saved[-1])
    except GreatWallError as exc:
        if "checksum" in str(exc):
            raise _Refused(f"a record edited by hand: {exc}") from None
        raise _Refused(f"its record cannot be read: {exc}") from None


def _source(cell):
    source = cell.get("source", "") if isinstance(cell, dict) else ""
    return "".join(source) if isinstance(source, list) else str(source)


class ClassReport:
    """What :func:`report` found: the table, the exercises, the plot, and the notebooks it could not read.

    Attributes
    ----------
    lesson : str or None
        The lesson reported.
    table : pandas.DataFrame
        One row per student (``student``: the name or class code, ``anonymous (file)`` without one; a name saved in
        two notebooks gets the file name too); columns ``(exercise number, measure)``, the measures :data:`MEASURES`:
        answered right (bool), tries up to the first right answer (all tries if none was right), hints seen before
        it (0-2), solution seen before it (bool). An exercise a student never tried: ``False, 0, 0, False``.
    exercises : pandas.DataFrame
        One row per exercise number: its ``id``, ``question`` and ``rule``, in the notebook's order.
    unread : tuple of Unread
        Every notebook not in the table, with the reason.
    notebooks : dict
        The file each student's row comes from.
    """

    def __init__(self, lesson, records, unread):
        import pandas as pd

        self.lesson, self.unread = lesson, unread
        order, info = _exercise_order([doc for _, doc in records])
        self.exercises = pd.DataFrame([{"exercise": n, "id": i, **info[i]} for n, i in enumerate(order, 1)],
                                      columns=["exercise", "id", "question", "rule"]).set_index("exercise")
        names = [doc["student"] or f"anonymous ({path.name})" for path, doc in records]
        twice = {n for n, k in Counter(names).items() if k > 1}
        labels = [f"{n} ({path.name})" if n in twice and not n.startswith("anonymous") else n
                  for n, (path, _) in zip(names, records)]
        self.notebooks = {label: str(path) for label, (path, _) in zip(labels, records)}
        rows = []
        for doc in (doc for _, doc in records):
            events = {ex["id"]: ex["events"] for ex in doc["exercises"]}
            row = {}
            for n, i in enumerate(order, 1):
                s = summary(events.get(i, []))
                row.update({(n, m): s[m] for m in MEASURES})
            rows.append(row)
        columns = pd.MultiIndex.from_tuples([(n, m) for n in range(1, len(order) + 1) for m in MEASURES],
                                            names=["exercise", "measure"])
        self.table = pd.DataFrame(rows, index=pd.Index(labels, name="student"), columns=columns)

    def outcomes(self):
        """How many students ended in each outcome of the plot, per exercise (a pandas table)."""
        import pandas as pd

        counts = {n: Counter(self._outcome(student, n) for student in self.table.index) for n in self.exercises.index}
        return pd.DataFrame([[counts[n][o] for o in _OUTCOMES] for n in self.exercises.index],
                            index=pd.Index(self.exercises.index, name="exercise"), columns=list(_OUTCOMES))

    def _outcome(self, student, n):
        right, attempts, hints, solution = (self.table.loc[student, (n, m)] for m in MEASURES)
        if right:
            return "right after the solution" if solution else "right after a hint" if hints else \
                "right at the first try"
        return "not right" if attempts or solution else "not tried"

    def plot(self, ax=None):
        """Which exercises the class found hard: one bar per exercise, stacked by outcome (right at the first try,
        after a hint, after the solution, not right, not tried). Returns the matplotlib Axes."""
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator

        counts = self.outcomes()
        if ax is None:
            _, ax = plt.subplots(figsize=(max(4, 1 + 0.8 * len(counts)), 3.5))
        bottom = [0] * len(counts)
        x = [str(n) for n in counts.index]
        for outcome, colour in _OUTCOMES.items():
            ax.bar(x, counts[outcome], bottom=bottom, color=colour, label=outcome, edgecolor="white")
            bottom = [b + c for b, c in zip(bottom, counts[outcome])]
        ax.set_xlabel("exercise (report.exercises has the questions)")
        ax.set_ylabel("students")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(f"Lesson {self.lesson}: {len(self.table)} student(s)")
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
        return ax

    def __repr__(self):
        head = (f"Lesson {self.lesson}: {len(self.table)} student(s), {len(self.exercises)} exercise(s); "
                f"{len(self.unread)} notebook(s) not read")
        return head + (":\n" + "\n".join(f"  {u}" for u in self.unread) if self.unread else "")

    def _repr_html_(self):
        unread = "".join(f"<li>{escape(str(u))}</li>" for u in self.unread)
        return (f"<p><b>Lesson {escape(str(self.lesson))}</b>: {len(self.table)} student(s)</p>"
                + self.table.to_html() + (f"<p>Not read:</p><ul>{unread}</ul>" if unread else ""))


def _exercise_order(docs):
    """Every exercise in the records, in the order the notebooks built them (the mean position over the records,
    ties by first appearance), with its question and rule."""
    positions, info = {}, {}
    for doc in docs:
        for k, ex in enumerate(doc["exercises"]):
            positions.setdefault(ex["id"], []).append(k)
            info.setdefault(ex["id"], {"question": ex["question"], "rule": ex.get("rule")})
    first = {i: n for n, i in enumerate(positions)}
    order = sorted(positions, key=lambda i: (sum(positions[i]) / len(positions[i]), first[i]))
    return order, info
