"""The student's record: every check of every exercise in this kernel, shown and saved by "My results".

Every exercise built in a kernel joins the record, and every check, hint and solution shown is an event of it. The
last cell of an exercise notebook calls :func:`my_results`: its output is a table for the student and, beside it, the
record itself as JSON (mimetype :data:`MIME`), so the record is saved with the notebook wherever the notebook is saved
(JupyterLab, Binder, the JupyterLite site, a download). The first cell may call :func:`student` with a name or a class
code; without it the record is anonymous. ``greatwall_kit.classroom.report`` reads the saved records of a class.

A saved record carries a checksum of its content: a record changed by hand (or by a bad merge) no longer matches it,
and the teacher's report says so. Anyone who reads this module can compute a new checksum, so it catches mistakes,
not determined cheating.

Examples
--------
>>> from greatwall_kit.exercises import Exercise, as_int, my_results, student
>>> student("Ana")
Answers are recorded for Ana.
>>> ex = Exercise("How many blocks does Red have in province 0?", 2, explain="Red has squares 0 and 2.",
...               rule="CC-22", hints=("Look at province 0 (CC-22).", "Count Red's blocks in squares 0-3."),
...               parse=as_int)
>>> ex.check(3).correct, ex.check(2).correct
(False, True)
>>> results = my_results("doctest-lesson")
>>> results.table.loc[ex.id, "answers"]
'3 → 2'
>>> summary(results.document["exercises"][-1]["events"])
{'right': True, 'attempts': 2, 'hints': 1, 'solution': False}
>>> results.document["student"], MIME in results._repr_mimebundle_()
('Ana', True)
"""

import contextlib
import hashlib
import json
from html import escape

from ..engine.errors import GreatWallError, quote

__all__ = ["MIME", "student", "my_results", "load_results", "read_results", "summary", "Results", "Grade"]

MIME = "application/vnd.greatwall-kit.results+json"
FORMAT = "greatwall_kit results"
VERSION = 1
_SALT = "greatwall_kit results v1\n"  # in the checksum, so a record of another format never matches by chance
_LONGEST_ANSWER = 200  # characters of an answer kept in the record (a pasted essay stays readable in the table)
_LONGEST_NAME = 100
HINT_LEVELS = 2  # a wrong answer shows hint 1, the next hint 2, the third the solution


class _Entry:
    """One exercise in the record: what it asks and every event, in order.

    An event is a check ``{"answer": text, "right": bool, "shown": what the feedback showed}`` or a request for the
    solution ``{"shown": "solution"}``; ``shown`` is ``"hint 1"``, ``"hint 2"``, ``"solution"`` or ``"explanation"``
    (with a right answer).
    """

    def __init__(self, exercise_id, question, rule, asks, events=()):
        self.id, self.question, self.rule, self.asks = exercise_id, question, rule, asks
        self.events = list(events)

    def feedback_level(self, answer, right):
        """What a check with ``answer`` shows, and whether it is a new attempt (the same wrong answer twice in a
        row is not: a second press of *Check* must not cost a try)."""
        if right:
            return "explanation", True
        if self.settled:
            return "solution", True
        checks = [e for e in self.events if "answer" in e]
        if checks and checks[-1]["answer"] == answer:
            return checks[-1]["shown"], False
        wrong = len(checks) + 1
        return (f"hint {wrong}" if wrong <= HINT_LEVELS else "solution"), True

    @property
    def settled(self):
        """True once the answer is known to the student: answered right, or the solution shown."""
        return any(e.get("right") or e["shown"] == "solution" for e in self.events)

    def as_dict(self):
        return {"id": self.id, "question": self.question, "rule": self.rule, "asks": self.asks,
                "events": [dict(e) for e in self.events]}


class _Record:
    def __init__(self):
        self.student = None
        self.entries = {}
        self.frozen = False  # a record loaded for grading: checks are answered but not recorded

    def entry(self, exercise):
        found = self.entries.get(exercise.id)
        if found is None:
            asks = exercise.asks.kind if exercise.asks is not None else None
            found = self.entries[exercise.id] = _Entry(exercise.id, exercise.question, exercise.rule, asks)
        return found

    def add(self, entry, event):
        if not self.frozen:
            entry.events.append(event)


_RECORD = _Record()


def _reset():
    """Forget the record of this kernel (for the kit's tests; a student never needs it)."""
    global _RECORD
    _RECORD = _Record()


def _current():
    return _RECORD


@contextlib.contextmanager
def _aside():
    """Build and read exercises without touching this kernel's record (a worksheet and its key are printed, not
    answered: a teacher's key must not count as a student's solution seen)."""
    global _RECORD
    kept, _RECORD = _RECORD, _Record()
    try:
        yield
    finally:
        _RECORD = kept


# -- the first cell and the last ---------------------------------------------------------------------------------

class _Said:
    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def student(name):
    """Record the answers of this kernel under ``name`` (a name or a class code); ``""`` or ``None``: anonymous.

    Call it in the first cell of an exercise notebook. It can be called again later: the name applies to the whole
    record, answers given before it included.

    Parameters
    ----------
    name : str or None
        At most 100 characters, kept as typed (trimmed).

    Examples
    --------
    >>> student("  7B-12 ")
    Answers are recorded for 7B-12.
    >>> student("")
    Answers are recorded anonymously (type your name or class code between the quotes to add it).
    """
    if name is not None and not isinstance(name, str):
        raise GreatWallError(f"a student's name or class code is a text, e.g. student(\"Ana\"), not {quote(name)}")
    name = (name or "").strip()
    if len(name) > _LONGEST_NAME:
        raise GreatWallError(f"a name or class code has at most {_LONGEST_NAME} characters, not {len(name)}")
    _RECORD.student = name or None
    if name:
        return _Said(f"Answers are recorded for {name}.")
    return _Said("Answers are recorded anonymously (type your name or class code between the quotes to add it).")


def my_results(lesson):
    """The record of this kernel as a table, and as the JSON the notebook saves (the last cell of a lesson).

    Parameters
    ----------
    lesson : str
        The lesson's name, the notebook's file name without ``.ipynb`` as shipped (``"11-chang-cheng-province-
        scoring"``): the teacher's report groups records by it and lists another lesson's notebook apart.

    Returns
    -------
    Results
        Shown as an HTML table with the record as JSON (mimetype :data:`MIME`) beside it; ``.document`` is that JSON
        as a dict, ``.table`` a pandas table with one row per exercise.
    """
    if not isinstance(lesson, str) or not lesson.strip() or len(lesson) > 200:
        raise GreatWallError(f"the lesson is its notebook's name, e.g. my_results(\"11-chang-cheng-province-scoring\"),"
                             f" not {quote(lesson)}")
    return Results(_document(lesson.strip(), _RECORD.student, [e.as_dict() for e in _RECORD.entries.values()]))


def _document(lesson, name, exercises):
    document = {"format": FORMAT, "version": VERSION, "lesson": lesson, "student": name, "exercises": exercises}
    document["checksum"] = checksum(document)
    return document


def checksum(document):
    """The checksum a saved record carries: SHA-256 of its content without the checksum, as canonical JSON."""
    body = {k: v for k, v in document.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256((_SALT + text).encode()).hexdigest()


def summary(events):
    """What a list of events says about one exercise, up to the first right answer.

    Returns ``{"right", "attempts", "hints", "solution"}``: answered right at some point; checks up to and including
    the first right one (all of them if none was right); the hints seen before it (0 to 2); whether the solution was
    shown before it (at all, if none was right).

    >>> summary([{"answer": "3", "right": False, "shown": "hint 1"}, {"answer": "2", "right": True,
    ...          "shown": "explanation"}, {"shown": "solution"}])
    {'right': True, 'attempts': 2, 'hints': 1, 'solution': False}
    >>> summary([])
    {'right': False, 'attempts': 0, 'hints': 0, 'solution': False}
    """
    first = next((i for i, e in enumerate(events) if e.get("right")), None)
    before = events if first is None else events[:first + 1]
    hints = [int(e["shown"].split()[1]) for e in before if e["shown"].startswith("hint ")]
    return {"right": first is not None, "attempts": sum("answer" in e for e in before),
            "hints": max(hints, default=0), "solution": any(e["shown"] == "solution" for e in before)}


def read_results(document):
    """Check a saved record (a dict, or its JSON text) and return it as a dict; the kit's error says what is wrong.

    The checks: it is a record of this kit, of a version this kit reads, its checksum matches its content, and every
    field has the type it should.
    """
    if isinstance(document, (str, bytes)):
        try:
            document = json.loads(document)
        except ValueError:
            raise GreatWallError("the saved record is not JSON") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise GreatWallError("not a greatwall_kit results record")
    if document.get("version") != VERSION:
        raise GreatWallError(f"a results record of version {quote(document.get('version'))}, which this kit "
                             f"(version {VERSION}) cannot read")
    if document.get("checksum") != checksum(document):
        raise GreatWallError("the record was changed after it was saved: its checksum does not match its content")
    _check_fields(document)
    return document


def _check_fields(doc):
    def bad(what):
        raise GreatWallError(f"the record is malformed: {what}")

    if not isinstance(doc.get("lesson"), str) or not (doc.get("student") is None or isinstance(doc["student"], str)):
        bad("lesson and student must be texts")
    if not isinstance(doc.get("exercises"), list):
        bad("exercises must be a list")
    for ex in doc["exercises"]:
        if not isinstance(ex, dict) or not all(isinstance(ex.get(k), str) for k in ("id", "question")):
            bad("every exercise needs an id and a question")
        if not isinstance(ex.get("events"), list):
            bad(f"exercise {ex['id']} has no list of events")
        for e in ex["events"]:
            if not isinstance(e, dict) or not isinstance(e.get("shown"), str) or (
                    "answer" in e and not (isinstance(e["answer"], str) and isinstance(e.get("right"), bool))):
                bad(f"exercise {ex['id']} has an event that is not a check or a solution shown")


def load_results(saved):
    """Load a saved record into this kernel for grading (nbgrader's autograde does it, see ``docs/teaching.md``).

    The kernel's record becomes the saved one and stays as saved: checks made after it are answered but not recorded,
    so cells that call ``exercise.check(...)`` again while a notebook is graded add nothing.

    Parameters
    ----------
    saved : str or dict
        The JSON a "My results" output holds.
    """
    global _RECORD
    doc = read_results(saved)
    record = _Record()
    record.student = doc["student"]
    for ex in doc["exercises"]:
        record.entries[ex["id"]] = _Entry(ex["id"], ex["question"], ex.get("rule"), ex.get("asks"), ex["events"])
    record.frozen = True
    _RECORD = record
    return Results(doc)


class Results:
    """A record as the "My results" cell shows it: a table for the student, the JSON for the saved notebook.

    Attributes
    ----------
    document : dict
        The record as saved (lesson, student, every exercise with its events, checksum).
    """

    def __init__(self, document):
        self.document = document

    @property
    def table(self):
        """A pandas table, one row per exercise (index: the exercise's id): question, answers, right, attempts,
        hints, solution."""
        import pandas as pd

        rows = [{"id": ex["id"], "question": ex["question"], "answers": _answers(ex["events"]), **summary(ex["events"])}
                for ex in self.document["exercises"]]
        return pd.DataFrame(rows, columns=["id", "question", "answers", "right", "attempts", "hints",
                                           "solution"]).set_index("id")

    def __repr__(self):
        doc = self.document
        who = doc["student"] or "anonymous"
        lines = [f"My results ({who}, {doc['lesson']}): {len(doc['exercises'])} exercise(s)"]
        for n, ex in enumerate(doc["exercises"], 1):
            s = summary(ex["events"])
            lines.append(f"{n}. {_verdict(s)}: {ex['question']}")
        return "\n".join(lines)

    def _repr_html_(self):
        doc = self.document
        who = escape(doc["student"] or "anonymous")
        left = ' style="text-align: left"'  # Jupyter right-aligns table cells; sentences read better from the left
        head = (f"<tr><th>#</th><th{left}>question</th><th{left}>your answers</th><th>right</th><th>tries</th>"
                "<th>hints</th><th>solution seen</th></tr>")
        rows = []
        for n, ex in enumerate(doc["exercises"], 1):
            s = summary(ex["events"])
            rows.append(f"<tr><td>{n}</td><td{left}>{escape(ex['question'])}</td><td{left}>"
                        f"{escape(_answers(ex['events']))}"
                        f"</td><td>{escape(_verdict(s))}</td><td>{s['attempts']}</td><td>{s['hints']}</td>"
                        f"<td>{'yes' if s['solution'] else 'no'}</td></tr>")
        return (f"<div class=\"gw-results\"><p><b>My results</b> ({who}, lesson {escape(doc['lesson'])}): saved with "
                f"this notebook when you save it.</p><table><thead>{head}</thead><tbody>{''.join(rows)}</tbody>"
                "</table></div>")

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/plain": repr(self), "text/html": self._repr_html_(), MIME: self.document}


def _answers(events):
    return " → ".join(e["answer"] for e in events if "answer" in e) or "–"


def _verdict(s):
    if s["right"]:
        return "✔ right" + (" (after the solution)" if s["solution"] else "")
    if s["attempts"] or s["solution"]:
        return "✘ not yet right"
    return "– not tried"


class Grade:
    """An exercise's points for nbgrader: its text form is the number nbgrader reads as (partial) credit."""

    def __init__(self, question, s, points):
        self.question, self.summary, self.points = question, s, points
        self.score = float(points) if s["right"] and not s["solution"] else 0.0

    def __repr__(self):
        return repr(self.score)

    def _repr_html_(self):
        s = self.summary
        how = (f"right on try {s['attempts']}" + (f" after {s['hints']} hint(s)" if s["hints"] else "")
               if s["right"] and not s["solution"] else _verdict(s)[2:])
        return (f"<p>{escape(self.question)}: {escape(how)}: <b>{self.score:g} of {self.points:g} point(s)</b></p>")
