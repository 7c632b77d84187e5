"""The student's record: every check of every exercise, kept in the saved notebook across kernels.

Every exercise built in a kernel joins the record, and every check, hint and solution shown is an event of it, with
its time. Where the record is kept: in the notebook file itself, in outputs of the cells that show it:

- the first cell of an exercise notebook calls :func:`student` (a name, a class code, two names for a pair, or
  ``""``). Its output says whose answers these are and holds the whole record as JSON (mimetype :data:`MIME`); the
  kernel updates that output after every check (a Jupyter display id), so the notebook, once saved (by the student
  or by autosave), holds every answer, even if *My results* is never run;
- the last cell calls :func:`my_results`: a table for the student (each answer with its time) and the record as JSON
  beside it, updated the same way.

A new kernel of the notebook (a restart, homework on another day) reads the record back from the saved notebook
before anything else and continues it: Jupyter Server (JupyterLab, Notebook, Binder) tells the kernel which notebook
it runs (the ``JPY_SESSION_NAME`` environment variable), and the kernel reads that file. So the record is the union
of every kernel that worked in the notebook. Exercise ids are hashes of the exercise's text, so entries merge by id
and events by their time (:func:`merge`). The JupyterLite site's kernel is not told its notebook: it runs in the
notebook's folder of the site's drive, and at the first exercise it builds it reads the one notebook there whose saved
record has that exercise and answers (two answered copies of one lesson: neither). Elsewhere (a kernel started by
hand) a new kernel starts an empty record. The teacher's report and grading read every record output of a notebook
and merge them (``greatwall_kit.classroom``), so an output a kernel did not run again keeps its answers.

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
>>> results.document["students"], MIME in results._repr_mimebundle_()
(['Ana'], True)
>>> student("Ana", "Ben")
Answers are recorded for Ana and Ben.
"""

import contextlib
import hashlib
import json
import os
import sys
import uuid
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from .. import rules as _rules
from ..engine.errors import GreatWallError, quote
from ..engine.log import counted

__all__ = ["MIME", "student", "my_results", "load_results", "read_results", "merge", "records_in", "summary",
           "Results", "Grade"]

MIME = "application/vnd.greatwall-kit.results+json"
#: the mimetype of the exercise's id in an exercise's output: the teacher's report finds each exercise's cell by it
EXERCISE_MIME = "application/vnd.greatwall-kit.exercise+json"
FORMAT = "greatwall_kit results"
VERSION = 2  # 2: events carry their time, a record names a list of students (a pair); 1 is still read
_SALT = "greatwall_kit results v1\n"  # in the checksum, so a record of another format never matches by chance
_LONGEST_ANSWER = 200  # characters of an answer kept in the record (a pasted essay stays readable in the table)
_LONGEST_NAME = 100
HINT_LEVELS = 2  # a wrong answer shows hint 1, the next hint 2, the third the solution


def _now():
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class _Entry:
    """One exercise in the record: what it asks and every event, in order.

    An event is a check ``{"answer": text, "right": bool, "shown": what the feedback showed, "time": when}`` or a
    request for the solution ``{"shown": "solution", "time": when}``; ``shown`` is ``"hint 1"``, ``"hint 2"``,
    ``"solution"`` or ``"explanation"`` (with a right answer); ``time`` is ISO 8601 in UTC.
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
    def __init__(self, loaded=False):
        self.students = None  # None: this kernel has not called student(); the saved record's names stand
        self.saved_students = []
        self.lesson = None
        self.entries = {}
        self.frozen = False  # a record loaded for grading: checks are answered but not recorded
        self.loaded = loaded  # the saved notebook has been read (or there is none to read)
        self.kept = 0  # events read back from the saved notebook
        self.views = {}  # display id -> the view it shows, for the outputs this kernel keeps up to date
        self.searching = False  # not told its notebook (JupyterLite): found by the first exercise built

    def entry(self, exercise):
        if self.searching:
            self.searching = False
            for document in _notebook_holding(exercise.id):
                self.absorb(document)
            self.kept = sum(len(e.events) for e in self.entries.values())
            if self.kept:
                self.show()
        found = self.entries.get(exercise.id)
        if found is None:
            asks = exercise.asks.kind if exercise.asks is not None else None
            found = self.entries[exercise.id] = _Entry(exercise.id, exercise.question, exercise.rule, asks)
        return found

    def add(self, entry, event):
        if not self.frozen:
            entry.events.append({**event, "time": _now()})
            self.show()

    @property
    def names(self):
        return self.students if self.students is not None else self.saved_students

    def document(self):
        return _document(self.lesson, self.names, [e.as_dict() for e in self.entries.values()])

    def absorb(self, document):
        """Merge a saved record (already checked) into this one."""
        merged = merge([self.document(), document]) if self.entries else document
        self.lesson = self.lesson or merged["lesson"]
        self.saved_students = merged["students"]
        for ex in merged["exercises"]:
            self.entries[ex["id"]] = _Entry(ex["id"], ex["question"], ex.get("rule"), ex.get("asks"), ex["events"])

    def view(self, kind):
        """A display id for a new output showing this record (``kind``: the name cell or My results), or None
        outside a kernel."""
        if not _in_kernel():
            return None
        display_id = f"greatwall-kit-record-{kind}-{uuid.uuid4().hex}"
        # the newest output of each kind is kept up to date (a cell run again replaces its output; an older
        # "My results" in another cell keeps what it showed, and readers merge it)
        self.views = {i: k for i, k in self.views.items() if k != kind}
        self.views[display_id] = kind
        return display_id

    def show(self):
        """Bring every output of the record this kernel made up to date (what the notebook saves)."""
        if not self.views:
            return
        from IPython.display import update_display

        for display_id, kind in self.views.items():
            view = _NameView(self) if kind == "name" else Results(self.document())
            update_display(view._repr_mimebundle_(), raw=True, display_id=display_id)


def _in_kernel():
    """True in a Jupyter kernel (whose display messages go to a front end that saves them), not in a terminal."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell.display_pub).__name__ not in ("DisplayPublisher",
                                                                           "CapturingDisplayPublisher")


_RECORD = _Record()


def _reset():
    """Forget the record of this kernel (for the kit's tests; a student never needs it)."""
    global _RECORD
    _RECORD = _Record()


def _current():
    """This kernel's record, with the saved notebook's record read into it the first time."""
    if not _RECORD.loaded:
        _RECORD.loaded = True
        path = _notebook_path()
        if path is not None:
            for document in records_in(path):
                _RECORD.absorb(document)
            _RECORD.kept = sum(len(e.events) for e in _RECORD.entries.values())
        else:
            _RECORD.searching = sys.platform == "emscripten"
    return _RECORD


def _notebook_holding(exercise_id):
    """The records of the one notebook in the kernel's folder whose record has ``exercise_id`` and answers
    (JupyterLite's kernel runs in the notebook's folder of the site's drive but is not told the notebook's name);
    none if no notebook or several do (two answered copies of one lesson: neither is continued)."""
    found = []
    for path in sorted(Path.cwd().glob("*.ipynb")):
        try:
            if exercise_id.encode() not in path.read_bytes():
                continue
        except OSError:
            continue
        records = records_in(path)
        exercises = [ex for doc in records for ex in doc["exercises"]]
        if any(ex["id"] == exercise_id for ex in exercises) and any(ex["events"] for ex in exercises):
            found.append(records)
    return found[0] if len(found) == 1 else []


def _notebook_path():
    """The notebook this kernel runs, as Jupyter Server tells it (``JPY_SESSION_NAME``), if it is a saved file."""
    name = os.environ.get("JPY_SESSION_NAME", "")
    path = Path(name)
    return path if name.endswith(".ipynb") and path.is_file() else None


@contextlib.contextmanager
def _aside():
    """Build and read exercises without touching this kernel's record (a worksheet and its key are printed, not
    answered: a teacher's key must not count as a student's solution seen)."""
    global _RECORD
    kept, _RECORD = _RECORD, _Record(loaded=True)
    try:
        yield
    finally:
        _RECORD = kept


# -- the first cell and the last ---------------------------------------------------------------------------------

class _NameView:
    """The first cell's output: whose answers these are (text) and the whole record (JSON, for the saved file)."""

    def __init__(self, record):
        self.record = record

    def __repr__(self):
        names = self.record.names
        if names:
            text = f"Answers are recorded for {' and '.join(names)}."
        else:
            text = "Answers are recorded anonymously (type your name or class code between the quotes to add it)."
        if self.record.kept:
            text += f" The {counted(self.record.kept, 'answer', 'answers')} saved in this notebook before are kept."
        return text

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/plain": repr(self), MIME: self.record.document()}


def student(*names):
    """Record the answers of this notebook under ``names`` (a name or a class code; two names for a pair).

    Call it in the first cell of an exercise notebook; ``student("")``: anonymous. Its output holds the record and
    is kept up to date after every check, so the saved notebook holds every answer. It can be called again later:
    the names apply to the whole record, answers given before included.

    Parameters
    ----------
    *names : str
        Each at most 100 characters, kept as typed (trimmed); empty ones are left out.

    Examples
    --------
    >>> student("  7B-12 ")
    Answers are recorded for 7B-12.
    >>> student("")
    Answers are recorded anonymously (type your name or class code between the quotes to add it).
    >>> student("Ana", 7)
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: a student's name or class code is a text, e.g. student("Ana"), not 7
    """
    kept = []
    for name in names:
        if name is not None and not isinstance(name, str):
            raise GreatWallError(f"a student's name or class code is a text, e.g. student(\"Ana\"), not {quote(name)}")
        name = (name or "").strip()
        if len(name) > _LONGEST_NAME:
            raise GreatWallError(f"a name or class code has at most {_LONGEST_NAME} characters, not {len(name)}")
        if name and name not in kept:
            kept.append(name)
    record = _current()
    record.students = kept
    from IPython.display import display

    display_id = record.view("name")
    if display_id is None:
        display(_NameView(record))
    else:
        display(_NameView(record)._repr_mimebundle_(), raw=True, display_id=display_id)
        record.show()  # an earlier output of the name cell in this kernel says the new names too


def my_results(lesson):
    """The record of this notebook as a table, and as the JSON the notebook saves (the last cell of a lesson).

    Parameters
    ----------
    lesson : str
        The lesson's name, the notebook's file name without ``.ipynb`` as shipped (``"11-chang-cheng-province-
        scoring"``): the teacher's report groups records by it and lists another lesson's notebook apart.

    Returns
    -------
    Results
        Shown as an HTML table with the record as JSON (mimetype :data:`MIME`) beside it, kept up to date after
        later checks; ``.document`` is that JSON as a dict, ``.table`` a pandas table with one row per exercise.
    """
    if not isinstance(lesson, str) or not lesson.strip() or len(lesson) > 200:
        raise GreatWallError(f"the lesson is its notebook's name, e.g. my_results(\"11-chang-cheng-province-scoring\"),"
                             f" not {quote(lesson)}")
    record = _current()
    record.lesson = lesson.strip()
    return Results(record.document(), live=True)


def _document(lesson, names, exercises):
    document = {"format": FORMAT, "version": VERSION, "lesson": lesson, "students": list(names),
                "exercises": exercises}
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


def merge(documents):
    """One record from several saved records of one notebook (checked with :func:`read_results`), in the order
    they were saved in the notebook.

    Exercises are merged by id (a hash of their text), in the order they first appear; their events are the union
    of all the records' events, in time order (an event saved in two outputs counts once). The names are the last
    record's that has any; the lesson the last one named. Records of version 1 (events without a time) keep, per
    exercise, the longest list of events.

    Examples
    --------
    >>> early = {"answer": "3", "right": False, "shown": "hint 1", "time": "2026-03-02T09:00:00.000+00:00"}
    >>> late = {"answer": "2", "right": True, "shown": "explanation", "time": "2026-03-03T18:00:00.000+00:00"}
    >>> lesson = _document(None, ["Ana"], [{"id": "a1", "question": "?", "rule": None, "asks": None,
    ...                                     "events": [early]}])
    >>> homework = _document("11-x", [], [{"id": "a1", "question": "?", "rule": None, "asks": None,
    ...                                    "events": [late, early]}])
    >>> both = merge([lesson, homework])
    >>> [e["answer"] for e in both["exercises"][0]["events"]], both["students"], both["lesson"]
    (['3', '2'], ['Ana'], '11-x')
    """
    names: list[str]
    entries: dict[str, dict]
    names, lesson, entries = [], None, {}
    for doc in documents:
        names = list(doc["students"]) or names
        lesson = doc["lesson"] or lesson
        for ex in doc["exercises"]:
            known = entries.setdefault(ex["id"], {**{k: ex.get(k) for k in ("id", "question", "rule", "asks")},
                                                  "events": []})
            known["events"] = _union(known["events"], ex["events"])
    return _document(lesson, names, list(entries.values()))


def _union(kept, new):
    if not all("time" in e for e in kept + new):
        return [dict(e) for e in (new if len(new) >= len(kept) else kept)]
    seen: dict[str, dict] = {}
    for e in kept + new:
        seen.setdefault(json.dumps(e, sort_keys=True), dict(e))
    return sorted(seen.values(), key=lambda e: e["time"])


def read_results(document):
    """Check a saved record (a dict, or its JSON text) and return it as a dict; the kit's error says what is wrong.

    The checks: it is a record of this kit, of a version this kit reads, its checksum matches its content, and every
    field has the type it should. A record of version 1 is returned in version 2's form (``students``, a list).
    """
    if isinstance(document, (str, bytes)):
        try:
            document = json.loads(document)
        except ValueError:
            raise GreatWallError("the saved record is not JSON") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise GreatWallError("not a greatwall_kit results record")
    if document.get("version") not in (1, VERSION):
        raise GreatWallError(f"a results record of version {quote(document.get('version'))}, which this kit "
                             f"(version {VERSION}) cannot read")
    if document.get("checksum") != checksum(document):
        raise GreatWallError("the record was changed after it was saved: its checksum does not match its content")
    if document["version"] == 1:
        if not (document.get("student") is None or isinstance(document["student"], str)):
            raise GreatWallError("the record is malformed: the student must be a text")
        document = {k: v for k, v in document.items() if k != "student"}
        document["students"] = [document.get("student")] if document.get("student") else []
    _check_fields(document)
    return document


def _check_fields(doc):
    def bad(what):
        raise GreatWallError(f"the record is malformed: {what}")

    if not (doc.get("lesson") is None or isinstance(doc["lesson"], str)):
        bad("the lesson must be a text")
    if not isinstance(doc.get("students"), list) or not all(isinstance(n, str) for n in doc["students"]):
        bad("the students must be a list of texts")
    if not isinstance(doc.get("exercises"), list):
        bad("exercises must be a list")
    for ex in doc["exercises"]:
        if not isinstance(ex, dict) or not all(isinstance(ex.get(k), str) for k in ("id", "question")):
            bad("every exercise needs an id and a question")
        if not isinstance(ex.get("events"), list):
            bad(f"exercise {ex['id']} has no list of events")
        for e in ex["events"]:
            if not isinstance(e, dict) or not isinstance(e.get("shown"), str) or (
                    "answer" in e and not (isinstance(e["answer"], str) and isinstance(e.get("right"), bool))) or (
                    "time" in e and not isinstance(e["time"], str)):
                bad(f"exercise {ex['id']} has an event that is not a check or a solution shown")


def saved_outputs(notebook):
    """Every record a notebook (a dict as read from its file) holds, in cell order: the raw JSON of each output of
    mimetype :data:`MIME` (the name cell's, every *My results*), unchecked."""
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    return [out["data"][MIME] for cell in (cells or []) if isinstance(cell, dict)
            for out in (cell.get("outputs") or []) if isinstance(out, dict) and isinstance(out.get("data"), dict)
            and MIME in out["data"]]


def records_in(path):
    """The readable records saved in the notebook at ``path``, checked, in cell order (a new kernel's start)."""
    try:
        notebook = json.loads(Path(path).read_bytes())
    except (OSError, ValueError):
        return []
    found = []
    for saved in saved_outputs(notebook):
        try:
            found.append(read_results(saved))
        except GreatWallError:
            pass  # a record edited by hand is not continued; the teacher's report names it
    return found


def load_results(saved):
    """Load a saved record into this kernel for grading (nbgrader's autograde does it, see ``docs/teaching.md``).

    The kernel's record becomes the saved one and stays as saved: checks made after it are answered but not recorded,
    so cells that call ``exercise.check(...)`` again while a notebook is graded add nothing.

    Parameters
    ----------
    saved : str or dict, or a list of them
        The JSON a record output holds; several are merged (:func:`merge`).
    """
    global _RECORD
    documents = [read_results(s) for s in (saved if isinstance(saved, list) else [saved])]
    doc = merge(documents)
    record = _Record(loaded=True)
    record.absorb(doc)
    record.frozen = True
    _RECORD = record
    return Results(doc)


class Results:
    """A record as the "My results" cell shows it: a table for the student, the JSON for the saved notebook.

    Attributes
    ----------
    document : dict
        The record as saved (lesson, students, every exercise with its events, checksum).
    """

    def __init__(self, document, live=False):
        self.document = document
        self._live = live

    @property
    def table(self):
        """A pandas table, one row per exercise (index: the exercise's id): question, answers, times (of the
        answers, as ``answers`` lists them), right, attempts, hints, solution."""
        import pandas as pd

        rows = [{"id": ex["id"], "question": ex["question"], "answers": _answers(ex["events"]),
                 "times": _times(ex["events"]), **summary(ex["events"])} for ex in self.document["exercises"]]
        return pd.DataFrame(rows, columns=["id", "question", "answers", "times", "right", "attempts", "hints",
                                           "solution"]).set_index("id")

    def __repr__(self):
        doc = self.document
        who = " and ".join(doc["students"]) or "anonymous"
        lines = [f"My results ({who}, {doc['lesson']}): {counted(len(doc['exercises']), 'exercise', 'exercises')}"]
        for n, ex in enumerate(doc["exercises"], 1):
            s = summary(ex["events"])
            lines.append(f"{n}. {_verdict(s)}: {ex['question']}")
        return "\n".join(lines)

    def _repr_html_(self):
        doc = self.document
        who = escape(" and ".join(doc["students"]) or "anonymous")
        left = ' style="text-align: left"'  # Jupyter right-aligns table cells; sentences read better from the left
        head = (f"<tr><th>#</th><th{left}>question</th><th{left}>your answers (when)</th><th>right</th>"
                "<th>tries</th><th>hints</th><th>solution seen</th></tr>")
        rows = []
        for n, ex in enumerate(doc["exercises"], 1):
            s = summary(ex["events"])
            question = escape(ex["question"]) + _rule_link(ex.get("rule"))
            rows.append(f"<tr><td>{n}</td><td{left}>{question}</td><td{left}>"
                        f"{_answers_html(ex['events'])}"
                        f"</td><td>{escape(_verdict(s))}</td><td>{s['attempts']}</td><td>{s['hints']}</td>"
                        f"<td>{'yes' if s['solution'] else 'no'}</td></tr>")
        return (f"<div class=\"gw-results\"><p><b>My results</b> ({who}, lesson {escape(str(doc['lesson']))}): "
                "every answer given in this notebook, in any kernel; saved with this notebook when you save it.</p>"
                f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>")

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/plain": repr(self), "text/html": self._repr_html_(), MIME: self.document}

    def _ipython_display_(self):
        from IPython.display import display

        display_id = _current().view("results") if self._live else None
        display(self._repr_mimebundle_(), raw=True, display_id=display_id)


def _rule_link(rule):
    """The rule of an exercise as a link to its row of the game's rulebook notebook (its live example), or ''."""
    href = _rules.rulebook_href(rule) if rule else None
    if href is None:
        return ""
    return (f' <a href="{escape(href)}" title="{escape(rule)} in the rulebook notebook, with its live example">'
            f"{escape(rule)}</a>")


def _answers(events):
    return " → ".join(e["answer"] for e in events if "answer" in e) or "–"


def _when(event):
    """An event's time as the student reads it (the kernel's local time), or "" for a record without times."""
    if "time" not in event:
        return ""
    try:
        return datetime.fromisoformat(event["time"]).astimezone().strftime("%d %b %H:%M")
    except ValueError:
        return ""


def _times(events):
    return " → ".join(_when(e) for e in events if "answer" in e) or "–"


def _answers_html(events):
    parts = []
    for e in events:
        when = _when(e)
        when = f' <small>({escape(when)})</small>' if when else ""
        if "answer" in e:
            parts.append(escape(e["answer"]) + when)
        elif e["shown"] == "solution":
            parts.append("<i>solution shown</i>" + when)
    return " → ".join(parts) or "–"


def _verdict(s):
    if s["right"]:
        return "✔ right" + (" (after the solution)" if s["solution"] else "")
    if s["solution"]:
        return "ℹ solution seen, not answered right"
    if s["attempts"]:
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
        hints = f" after {counted(s['hints'], 'hint', 'hints')}" if s["hints"] else ""
        how = f"right on try {s['attempts']}{hints}" if s["right"] and not s["solution"] else _verdict(s)[2:]
        points = f"{self.score:g} of {self.points:g} point{'' if self.points == 1 else 's'}"
        return f"<p>{escape(self.question)}: {escape(how)}: <b>{points}</b></p>"
