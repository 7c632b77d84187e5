"""A class's results: the teacher reads the students' saved exercise notebooks.

Each exercise notebook keeps the student's record in its saved outputs (the name cell's and every "My results"
output, see :mod:`greatwall_kit.exercises.record`). :func:`report` reads a folder of saved notebooks (or a list of
paths) and returns a :class:`ClassReport`: the exercises labelled as the notebook and the worksheet number them
("Figure 8 · Exercise 1"), a score per student, the answers each student gave in order, a summary per exercise, a
plot, exports (CSV, Excel, an HTML page), and the notebooks it did not count, each with the reason. A bad notebook
never stops the report.

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
Answers are recorded for Ana.
Answers are recorded for Ben.
>>> (folder / "notes.ipynb").write_text("{not a notebook")
15
>>> result = report(folder)
>>> print(result)
Lesson sums: 2 student(s), 1 exercise(s); 1 notebook(s) not counted:
  notes.ipynb: not a notebook: it is not JSON (a damaged or cut-short file)
>>> print(result.scores[["right first try", "right after hints", "points", "out of"]])  # doctest: +NORMALIZE_WHITESPACE
         right first try  right after hints  points  out of
student
Ana                    0                  1       1       1
Ben                    1                  0       1       1
>>> print(result.answers)  # doctest: +NORMALIZE_WHITESPACE
exercise Exercise 1
student
Ana           4 → 5
Ben               5
"""

import contextlib
import importlib.util
import json
import re
from collections import Counter
from dataclasses import dataclass
from html import escape
from pathlib import Path

from ..engine.errors import GreatWallError, quote
from ..exercises.record import EXERCISE_MIME, merge, read_results, saved_outputs, summary

__all__ = ["report", "ClassReport", "Unread", "MEASURES", "OUTCOMES", "homework_cells"]

#: what the table says of each exercise, for each student
MEASURES = ("right", "attempts", "hints", "solution")

#: the outcomes of an exercise for a student, in the plot's stacking order, with Okabe-Ito colours
OUTCOMES = {
    "right at the first try": "#009E73",
    "right after a hint": "#56B4E9",
    "right after the solution": "#E69F00",
    "solution seen, never right": "#CC79A7",
    "not right": "#D55E00",
    "not tried": "#BBBBBB",
}
#: the score columns, per student: how many exercises ended each way (the solution seen: with or without a right
#: answer after it), and the points grading gives (an exercise answered right before its solution was shown)
SCORES = ("right first try", "right after hints", "solution seen", "not right", "not tried", "points", "out of")
PLANS = Path(__file__).resolve().parents[2] / "docs" / "lessons"  # in a checkout of the kit
_MY_RESULTS = re.compile(r"my_results\(\s*[\"']([^\"']+)[\"']")


@dataclass(frozen=True)
class Unread:
    """A notebook the report did not count as a student's, and why."""

    path: str
    reason: str

    def __str__(self):
        return f"{Path(self.path).name}: {self.reason}"


class _Refused(Exception):
    pass


@dataclass
class _Saved:
    """One student's notebook as the report reads it: its merged record, and where its exercises are."""

    path: Path
    record: dict
    lesson: str | None  # None: a notebook that names no lesson
    cells: list
    places: dict  # exercise id -> index of the cell that shows it


def report(paths_or_folder, lesson=None, *, plan=None, points=1):
    """Read the students' saved notebooks of one lesson into a :class:`ClassReport`.

    Parameters
    ----------
    paths_or_folder : str, Path, or a list of them
        A folder (every ``.ipynb`` in it and its subfolders, checkpoints left out) or notebook files.
    lesson : str, optional
        The lesson to report (the name its "My results" cell gives, e.g. ``"11-chang-cheng-province-scoring"``).
        By default the lesson most of the records belong to; the notebooks of any other lesson are listed apart.
    plan : str, Path or Plan, optional
        The lesson plan whose "homework" cells mark exercises as homework; by default every plan in the kit's
        ``docs/lessons/`` that names the lesson's notebook (none, outside a checkout of the kit).
    points : int or float
        The points of an exercise answered right before its solution was shown (as grading counts them).

    Returns
    -------
    ClassReport
        Never raises for a bad notebook: a file that is not a notebook, not a kit notebook, a copy nobody ran, a
        notebook with no record saved, one of another lesson, or holding a record changed by hand (its checksum does
        not match) is listed in ``.unread`` with the reason, and the rest of the class is reported.
    """
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 < points <= 1000:
        raise GreatWallError(f"points must be a positive number, not {quote(points)}")
    saved, unread = [], []
    for path in _notebooks(paths_or_folder):
        try:
            saved.append(_read(path))
        except _Refused as why:
            unread.append(Unread(str(path), str(why)))
    if lesson is None and saved:
        lessons = Counter(s.lesson for s in saved if s.lesson)
        lesson = lessons.most_common(1)[0][0] if lessons else None
    ours = []
    for s in saved:
        if s.lesson is None:
            unread.append(Unread(str(s.path), "a kit notebook of no lesson: it has no My results cell"))
        elif s.lesson != lesson:
            unread.append(Unread(str(s.path), f"another lesson's notebook ({s.lesson}, not {lesson})"))
        elif not s.record["students"] and not any(ex["events"] for ex in s.record["exercises"]):
            unread.append(Unread(str(s.path), "nobody ran it: no name and no answer in its record (a copy handed "
                                              "in as it was given out?)"))
        else:
            ours.append(s)
    unread.sort(key=lambda u: u.path)
    reference = max([s for s in saved if s.lesson == lesson], key=lambda s: len(s.places), default=None)
    homework = homework_cells(lesson, plan, notebook={"cells": reference.cells}) if reference else set()
    return ClassReport(lesson, ours, tuple(unread), homework, points, reference=reference)


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


def _read(path):
    """The notebook at ``path`` with its merged record; :class:`_Refused` with the reason if there is none to use."""
    try:
        notebook = json.loads(path.read_bytes())
    except OSError as exc:
        raise _Refused(f"cannot be read ({exc.strerror or exc})") from None
    except ValueError:
        raise _Refused("not a notebook: it is not JSON (a damaged or cut-short file)") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise _Refused("not a notebook: it has no cells")
    records = []
    for raw in saved_outputs(notebook):
        try:
            records.append(read_results(raw))
        except GreatWallError as exc:
            if "checksum" in str(exc):
                raise _Refused(f"a record edited by hand: {exc}") from None
            raise _Refused(f"its record cannot be read: {exc}") from None
    if not records:
        if any("greatwall_kit" in _source(cell) for cell in cells):
            raise _Refused("no record saved: the first cell (the name) and My results were not run before saving, "
                           "or their outputs were cleared")
        raise _Refused("not a kit notebook: no cell uses greatwall_kit")
    record = merge(records)
    lesson = record["lesson"] or next((m.group(1) for cell in cells for m in [_MY_RESULTS.search(_source(cell))]
                                       if m), None)
    places: dict[str, int] = {}
    for n, cell in enumerate(cells):
        for out in (cell.get("outputs") or []) if isinstance(cell, dict) else []:
            marker = out.get("data", {}).get(EXERCISE_MIME) if isinstance(out, dict) else None
            if isinstance(marker, dict) and isinstance(marker.get("id"), str):
                places.setdefault(marker["id"], n)
    return _Saved(path, record, lesson, cells, places)


def _source(cell):
    source = cell.get("source", "") if isinstance(cell, dict) else ""
    return "".join(source) if isinstance(source, list) else str(source)


def homework_cells(lesson, plan=None, notebook=None):
    """The indices of the cells of the lesson's notebook that the plan gives as homework (a set).

    ``plan``: a plan (path, text or :class:`~greatwall_kit.classroom.lessons.Plan`); by default every plan in the
    kit's ``docs/lessons/`` that names the notebook (none outside a checkout of the kit). ``notebook``: the notebook
    whose cells the plan's titles name (a path or a dict), by default the checkout's ``notebooks/<lesson>.ipynb``.
    """
    from .lessons import LessonPlanError, Plan, block, read_plan, read_plans

    if plan is None:
        plans = read_plans(PLANS) if PLANS.is_dir() else []
    else:
        plans = [plan if isinstance(plan, Plan) else read_plan(plan)]
    if notebook is None:
        notebook = PLANS.parents[1] / "notebooks" / f"{lesson}.ipynb"
        if not notebook.is_file():
            return set()
    cells = set()
    for p in plans:
        for choice in p.choices:
            if choice.notebook == lesson and choice.do == "homework":
                with contextlib.suppress(LessonPlanError):  # a cell this copy does not have: not its homework
                    cells.update(block(notebook, choice.cell))
    return cells


class ClassReport:
    """What :func:`report` found: the exercises, each student's score and answers, the class per exercise.

    Attributes
    ----------
    lesson : str or None
        The lesson reported.
    exercises : pandas.DataFrame
        One row per exercise, indexed by its label ("Figure 8 · Exercise 1": the notebook's section and the
        exercise's number in the notebook, as the worksheet numbers them), in the notebook's order: ``id``,
        ``question``, ``rule``, ``homework`` (the plan gives its cell as homework).
    table : pandas.DataFrame
        One row per notebook (``student``: the names, a pair's joined by "and"; ``anonymous (file)`` without one;
        a name saved in two notebooks gets the file name too); columns ``(exercise label, measure)``, the measures
        :data:`MEASURES`: answered right (bool), tries up to the first right answer (all tries if none was right),
        hints seen before it (0-2), solution seen before it (bool). An exercise never tried: ``False, 0, 0, False``.
    scores : pandas.DataFrame
        One row per student (each of a pair gets a row, ``with`` names the partner): the columns :data:`SCORES`
        over the lesson's exercises (homework left out), then ``homework points`` and ``homework out of``.
    answers : pandas.DataFrame
        One row per notebook, one column per exercise label: the answers given, in order (``"3 → 2"``), with
        "solution shown" where the solution was asked for; ``""`` for an exercise never tried.
    summary : pandas.DataFrame
        One row per exercise label: how many students were right at the first try, right (before the solution),
        saw the solution, did not try it, and the most common wrong answer with how many gave it.
    unread : tuple of Unread
        Every notebook not counted as a student's, with the reason.
    notebooks : dict
        The file each row of ``table`` comes from.
    """

    def __init__(self, lesson, saved, unread, homework=(), points=1, reference=None):
        import pandas as pd

        self.lesson, self.unread, self.points = lesson, unread, points
        order, info = _exercise_order([s.record for s in saved], reference)
        labels = list(_labels(order, reference))
        if len(set(labels)) < len(labels):  # (a notebook whose sections repeat: the number alone is unique)
            labels = [f"Exercise {n}" for n in range(1, len(order) + 1)]
        self._ids = dict(zip(labels, order, strict=True))
        homework_ids = {i for i in order if reference is not None and i in reference.places
                        and reference.places[i] in homework}
        self.exercises = pd.DataFrame(
            [{"exercise": label, "id": i, **info[i], "homework": i in homework_ids}
             for label, i in zip(labels, order, strict=True)],
            columns=["exercise", "id", "question", "rule", "homework"]).set_index("exercise")
        names = [" and ".join(s.record["students"]) or f"anonymous ({s.path.name})" for s in saved]
        twice = {n for n, k in Counter(names).items() if k > 1}
        rows = [f"{n} ({s.path.name})" if n in twice and not n.startswith("anonymous") else n
                for n, s in zip(names, saved, strict=True)]
        self.notebooks = {row: str(s.path) for row, s in zip(rows, saved, strict=True)}
        self._events = {row: {ex["id"]: ex["events"] for ex in s.record["exercises"]}
                        for row, s in zip(rows, saved, strict=True)}
        columns = pd.MultiIndex.from_tuples([(label, m) for label in labels for m in MEASURES],
                                            names=["exercise", "measure"])
        table = []
        for row in rows:
            cells = {}
            for label, i in zip(labels, order, strict=True):
                s = summary(self._events[row].get(i, []))
                cells.update({(label, m): s[m] for m in MEASURES})
            table.append(cells)
        self.table = pd.DataFrame(table, index=pd.Index(rows, name="student"), columns=columns)
        self.answers = pd.DataFrame([[_answers(self._events[row].get(i, [])) for i in order] for row in rows],
                                    index=pd.Index(rows, name="student"),
                                    columns=pd.Index(labels, name="exercise"))
        self.scores = self._scores(saved, rows)
        self.summary = self._summary()

    def outcome(self, student, label):
        """How ``student`` (a row of ``table``) did at the exercise ``label``: one of :data:`OUTCOMES`."""
        s = summary(self._events[student].get(self._ids[label], []))
        if s["right"]:
            return ("right after the solution" if s["solution"] else "right after a hint" if s["hints"]
                    else "right at the first try")
        if s["solution"]:
            return "solution seen, never right"
        return "not right" if s["attempts"] else "not tried"

    def _scores(self, saved, rows):
        import pandas as pd

        lesson = [label for label in self.exercises.index if not self.exercises.loc[label, "homework"]]
        homework = [label for label in self.exercises.index if self.exercises.loc[label, "homework"]]
        scored, self._score_rows = [], []
        for row, s in zip(rows, saved, strict=True):
            counts = Counter(self.outcome(row, label) for label in lesson)
            line = {"right first try": counts["right at the first try"],
                    "right after hints": counts["right after a hint"],
                    "solution seen": counts["right after the solution"] + counts["solution seen, never right"],
                    "not right": counts["not right"], "not tried": counts["not tried"],
                    "points": self._points(row, lesson), "out of": self.points * len(lesson),
                    "homework points": self._points(row, homework), "homework out of": self.points * len(homework)}
            people = s.record["students"] if len(s.record["students"]) > 1 else [row]
            for person in people:
                self._score_rows.append(row)
                scored.append({"student": person, "with": " and ".join(p for p in people if p != person),
                               "notebook": s.path.name, **line})
        columns = ["student", "with", "notebook", *SCORES, "homework points", "homework out of"]
        return pd.DataFrame(scored, columns=columns).set_index("student")

    def _points(self, row, labels):
        won = sum(self.points for label in labels
                  if self.outcome(row, label) in ("right at the first try", "right after a hint"))
        return int(won) if float(won).is_integer() else won

    def _summary(self):
        import pandas as pd

        lines = []
        for label in self.exercises.index:
            outcomes = Counter(self.outcome(row, label) for row in self.table.index)
            wrong = Counter(e["answer"] for row in self.table.index
                            for e in self._events[row].get(self._ids[label], []) if e.get("right") is False)
            common = wrong.most_common(1)
            lines.append({"exercise": label, "homework": bool(self.exercises.loc[label, "homework"]),
                          "right first time": outcomes["right at the first try"],
                          "right": outcomes["right at the first try"] + outcomes["right after a hint"],
                          "solution seen": outcomes["right after the solution"]
                          + outcomes["solution seen, never right"],
                          "not tried": outcomes["not tried"],
                          "most common wrong answer": common[0][0] if common else "",
                          "given by": common[0][1] if common else 0})
        return pd.DataFrame(lines, columns=["exercise", "homework", "right first time", "right", "solution seen",
                                            "not tried", "most common wrong answer", "given by"]).set_index("exercise")

    def outcomes(self):
        """How many students ended in each outcome of the plot, per exercise (a pandas table)."""
        import pandas as pd

        counts = {label: Counter(self.outcome(row, label) for row in self.table.index)
                  for label in self.exercises.index}
        return pd.DataFrame([[counts[label][o] for o in OUTCOMES] for label in self.exercises.index],
                            index=pd.Index(self.exercises.index, name="exercise"), columns=list(OUTCOMES))

    def plot(self, ax=None):
        """Which exercises the class found hard: one bar per exercise, stacked by outcome (:data:`OUTCOMES`).

        Draws into ``ax`` (a matplotlib Axes) or a new figure, and returns nothing, so a notebook cell ending in
        ``result.plot()`` shows the chart alone (no ``<Axes: ...>`` line above it); pass ``ax`` to keep the Axes."""
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator

        counts = self.outcomes()
        if ax is None:
            _, ax = plt.subplots(figsize=(max(5, 1 + 1.0 * len(counts)), 4))
        bottom = [0] * len(counts)
        x = [label.replace(" · ", "\n") + ("\n(homework)" if self.exercises.loc[label, "homework"] else "")
             for label in counts.index]
        for outcome, colour in OUTCOMES.items():
            ax.bar(x, counts[outcome], bottom=bottom, color=colour, label=outcome, edgecolor="white")
            bottom = [b + c for b, c in zip(bottom, counts[outcome], strict=True)]
        ax.set_ylabel("students")
        ax.tick_params(axis="x", labelsize="small")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(f"Lesson {self.lesson}: {len(self.table)} notebook(s)")
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")

    def sheet(self):
        """One row per student: the score, then each exercise's outcome and answers (what :meth:`to_csv` writes)."""
        import pandas as pd

        rows = []
        for (person, line), row in zip(self.scores.iterrows(), self._score_rows, strict=True):
            rows.append({"student": person, **line.to_dict(),
                         **{f"{label}: outcome": self.outcome(row, label) for label in self.exercises.index},
                         **{f"{label}: answers": self.answers.loc[row, label] for label in self.exercises.index}})
        return pd.DataFrame(rows).set_index("student") if rows else pd.DataFrame()

    def to_csv(self, path):
        """Write :meth:`sheet` as CSV (UTF-8, for a spreadsheet)."""
        self.sheet().to_csv(path, encoding="utf-8")

    def to_excel(self, path):
        """Write an Excel workbook: the scores, the answers, the exercises, the class summary, what was not counted.
        Needs openpyxl (``pip install openpyxl``)."""
        import pandas as pd

        if importlib.util.find_spec("openpyxl") is None:  # pandas writes .xlsx with it
            raise GreatWallError("writing Excel needs openpyxl: pip install openpyxl (or use to_csv)")
        with pd.ExcelWriter(path) as book:
            self.scores.to_excel(book, sheet_name="scores")
            self.answers.to_excel(book, sheet_name="answers")
            self.exercises.to_excel(book, sheet_name="exercises")
            self.summary.to_excel(book, sheet_name="summary")
            pd.DataFrame([{"file": u.path, "reason": u.reason} for u in self.unread],
                         columns=["file", "reason"]).to_excel(book, sheet_name="not counted", index=False)

    def to_html(self, path=None):
        """The report as an HTML page a teacher opens in a browser; written to ``path`` if given, returned."""
        style = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
                 "td,th{border:1px solid #bbb;padding:3px 8px;text-align:left}")
        page = (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                f"<title>Lesson {escape(str(self.lesson))}</title><style>{style}</style></head><body>"
                + self._repr_html_() + "</body></html>")
        if path is not None:
            Path(path).write_text(page, encoding="utf-8")
        return page

    def __repr__(self):
        head = (f"Lesson {self.lesson}: {len(self.table)} student(s), {len(self.exercises)} exercise(s); "
                f"{len(self.unread)} notebook(s) not counted")
        return head + (":\n" + "\n".join(f"  {u}" for u in self.unread) if self.unread else "")

    def _repr_html_(self):
        unread = "".join(f"<li>{escape(str(u))}</li>" for u in self.unread)
        return (f"<h2>Lesson {escape(str(self.lesson))}</h2><h3>Scores</h3>{self.scores.to_html()}"
                f"<h3>Answers, in the order given</h3>{self.answers.to_html()}"
                f"<h3>The class, per exercise</h3>{self.summary.to_html()}"
                f"<h3>The exercises</h3>{self.exercises.to_html()}"
                + (f"<h3>Not counted</h3><ul>{unread}</ul>" if unread else ""))


def _answers(events):
    said = [e["answer"] if "answer" in e else "solution shown" for e in events
            if "answer" in e or e["shown"] == "solution"]
    return " → ".join(said)


def _exercise_order(records, reference):
    """Every exercise: first those the reference notebook shows, in its cell order; then any other in the records,
    by their mean position (ties by first appearance); with its question and rule."""
    positions: dict[str, list[int]]
    info: dict[str, dict]
    positions, info = {}, {}
    for doc in records:
        for k, ex in enumerate(doc["exercises"]):
            positions.setdefault(ex["id"], []).append(k)
            info.setdefault(ex["id"], {"question": ex["question"], "rule": ex.get("rule")})
    placed = sorted((i for i in (reference.places if reference else {}) if i in info),
                    key=lambda i: reference.places[i])
    first = {i: n for n, i in enumerate(positions)}
    rest = sorted((i for i in positions if i not in placed),
                  key=lambda i: (sum(positions[i]) / len(positions[i]), first[i]))
    return placed + rest, info


def _labels(order, reference):
    """"Section · Exercise n": the notebook's ``##`` heading above the exercise's cell ("Exercises: Figure 8" and
    "Figure 8: a loop" both give "Figure 8") and its number: its place among the notebook's exercises, as the
    worksheet numbers them; or, where every exercise follows an "Exercise N" title of the notebook ("**Exercise
    2.**", "### Exercise 2"), that title ("2a", "2b" for two forms under one title)."""
    cells = reference.cells if reference else []
    places = reference.places if reference else {}
    titled = {i: _exercise_title(cells, places[i]) for i in order if i in places}
    if not all(titled.get(i) for i in order):
        titled = {}
    shared = Counter(t for t in titled.values() if t)
    letters: Counter[str] = Counter()
    for n, i in enumerate(order, 1):
        title = titled.get(i)
        if title and shared[title] > 1:
            letters[title] += 1
            title += "abcdefghijklmnopqrstuvwxyz"[letters[title] - 1]
        section = _section(cells, places[i]) if i in places else None
        label = title or f"Exercise {n}"
        yield f"{section} · {label}" if section else label


def _exercise_title(cells, at):
    """The "Exercise N" title the exercise at cell ``at`` follows, if the nearest titled cell above it is one."""
    from .lessons import titles

    for cell in reversed(cells[:at]):
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown" and titles(cell):
            found = [t for t in titles(cell) if re.fullmatch(r"Exercise \d+", t)]
            return found[0] if found else None
    return None


def _section(cells, at):
    for cell in reversed(cells[:at]):
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            headings = re.findall(r"^## +(.+?) *$", _source(cell), re.M)
            if headings:
                text = re.sub(r"^Exercises?(:\s*|$)", "", headings[-1]).split(": ")[0].strip()
                return text[:1].upper() + text[1:] or None
    return None
