"""The :class:`Exercise` value and the parsers that turn a student's typed answer into a value to compare."""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .. import rules as _rules
from ..engine.digits import MAX_DIGITS, read_whole
from ..engine.errors import GreatWallError, quote, unwritable
from ..engine.steps import quiz_parts
from . import record as _record
from .record import HINT_LEVELS

if TYPE_CHECKING:
    import ipywidgets

    from ..engine.protocol import Game

_Builder = TypeVar("_Builder", bound=Callable[..., Any])

__all__ = ["Exercise", "Feedback", "Asks", "ASKS", "HIDES", "as_int", "as_int_set", "as_choice", "as_text", "for_game",
           "grade"]


ASKS = {
    "total": "a number summed from the position (a value, points, Honor, Power, Defense): a quiz picture hides the "
             "totals, values and scores of what it is about",
    "count": "how many (pieces, villages, components, lines): a quiz picture hides counts and status lines",
    "verdict": "an outcome named by a word (legal or not, Breach or not, which route goes, which token, which case): "
               "a quiz picture hides verdicts (\"would breach\", \"must claim\") and the targets that give them away",
    "players": "which players or clans (who scores, loses, claims): a quiz picture hides majorities, scores and "
               "claim marks",
    "elements": "which board elements (villages, squares, sections, regions): a quiz picture hides the marks and "
                "targets on them",
    "order": "a sequence (the order cards resolve in): a quiz picture hides the order",
    "cards": "which cards (by kind): a quiz picture hides which cards are marked",
    "rule": "which rule applies: a quiz picture hides refusal messages",
}


#: What the board shown with an exercise hides (parts of ``engine.steps.QUIZ_PARTS``), by the kind of answer it asks
#: for: every kind hides the status line, the verdicts and the marks; totals and players hide the totals and scores
#: too, verdicts the totals that decide them (a Power against a Defense), counts the counts.
_PARTS = {
    "total": ("totals", "scores"),
    "count": ("counts",),
    "verdict": ("totals",),
    "players": ("totals", "scores"),
    "elements": (),
    "order": (),
    "cards": (),
    "rule": (),
}
HIDES = {kind: frozenset(("status", "verdicts", "marks", *parts)) for kind, parts in _PARTS.items()}


@dataclass(frozen=True)
class Asks:
    """What an exercise asks, as data: the kind of answer and the board elements it is about.

    A picture shown with the exercise uses it to hide exactly that (a quiz form of the board); the kinds are the keys
    of :data:`ASKS`, each with what a quiz picture hides for it. ``about`` holds board element keys, the nodes of
    ``game.graph()`` and the ``data-element`` keys of ``game.picture()`` (``"p2"``, ``"v17"``, ``"section:0"``).

    >>> Asks("total", ("p2",))
    Asks(kind='total', about=('p2',))
    >>> Asks("guess")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: an exercise asks for one of total, count, verdict, players, elements, order, cards, rule, not 'guess'
    """  # noqa: E501 - doctest output is compared as printed

    kind: str
    about: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ASKS:
            raise GreatWallError(f"an exercise asks for one of {', '.join(ASKS)}, not {quote(self.kind)}")
        if not isinstance(self.about, tuple) or not all(isinstance(k, str) for k in self.about):
            raise GreatWallError(f"what an exercise is about is a tuple of board element keys, not "
                                 f"{quote(self.about)}")


@dataclass(frozen=True)
class Feedback:
    """The answer to one check: right or not, and what it shows: the explanation (right, or the solution) or a hint.

    ``shown`` is ``"explanation"`` (a right answer), ``"hint 1"``, ``"hint 2"`` or ``"solution"``. ``explain``,
    ``rule`` and ``answer`` are ``None`` while the solution is still hidden; ``hint`` is the hint shown, if any.
    """

    correct: bool
    said: str
    explain: str | None
    rule: str | None
    shown: str = "explanation"
    hint: str | None = None
    answer: str | None = None
    attempt: int = 0
    repeated: bool = False

    def __str__(self) -> str:
        rule = f" [{self.rule}]" if self.rule else ""
        if self.correct:
            return f"Right: {self.said}. {self.explain}{rule}"
        head = f"Not quite: you said {self.said}" + (" again" if self.repeated else "") + "."
        if self.hint is not None:
            return f"{head} Hint {self.shown[-1]} of {HINT_LEVELS}: {self.hint}"
        return f"{head} The answer is {self.answer}. {self.explain}{rule}"


class Exercise:
    """A predict-then-check question; the caller computes ``answer`` with the engine.

    A wrong answer gets the first hint, the next wrong answer the second, narrower one, the third wrong answer the
    solution; the solution is also there on request (:meth:`show_solution`, the form's *Show solution* button). A
    right answer gets the explanation with the rule that decides it. Every check joins the student's record
    (:mod:`greatwall_kit.exercises.record`); an exercise built again with the same question and explanation (a cell
    run twice) continues the same entry, so running a cell again does not give a student three new tries.

    Parameters
    ----------
    question : str
        What the student predicts.
    answer : object
        The right answer, as a value ``parse`` produces (int, frozenset, str ...).
    explain : str
        Why that is the answer, in the rule's words (shown with a right answer and with the solution).
    rule : str, optional
        The checklist ID of the rule that decides it. It is part of the solution: where it depends on the answer
        (a region whose counter was removed, a tie), showing it first would give the answer away, so the form shows
        it only with the explanation; the hints point at the rules to read.
    parse : callable, optional
        Turns the student's answer (typed text or a value) into a comparable value, raising
        :class:`~greatwall_kit.engine.errors.GreatWallError` with a hint if it cannot.
    choices : list of str, optional
        Answers to pick from in the form (a drop-down, empty until the student picks, instead of a text box).
    asks : Asks or str, optional
        What the exercise asks (a kind of :data:`ASKS`, or an :class:`Asks` with the board elements it is about).
    hints : pair of str, optional
        The first hint (the rule and the part of the board to look at) and a narrower second one; neither states the
        answer. Without them, two general hints that name the rule's ID.
    position : Game, optional
        The position the question is about: the form shows it in its quiz form under the question, the answer
        box and the feedback (:meth:`picture`), which draws the board without what the exercise asks
        (:data:`HIDES`).
    hide : iterable of str, optional
        What the quiz form hides, instead of what :data:`HIDES` gives for ``asks``.
    """

    def __init__(self, question: str, answer: object, *, explain: str, rule: str | None = None,
                 parse: Callable[[Any], object] | None = None, choices: Iterable[str] | None = None,
                 asks: str | Asks | None = None, hints: Sequence[str] | None = None, position: Game | None = None,
                 hide: str | Iterable[str] | None = None) -> None:
        if rule is not None:
            _rules.get(rule)  # an unknown rule ID is a bug in the exercise, found when it is built
        self.question, self.explain, self.rule = question, explain, rule
        self.parse = parse or as_text
        self.choices = list(choices) if choices else None
        self.asks = Asks(asks) if isinstance(asks, str) else asks
        if self.asks is not None and not isinstance(self.asks, Asks):
            raise GreatWallError(f"asks is a kind ({', '.join(ASKS)}) or an Asks, not {quote(asks)}")
        self.hints = _hints(hints, rule)
        if position is not None and not callable(getattr(position, "picture", None)):
            raise GreatWallError(f"position is a game to draw with the question, not {quote(position)}")
        self.position = position
        kind = self.asks.kind if self.asks is not None else "rule"
        self.hides = quiz_parts(HIDES[kind] if hide is None else hide)
        self._answer = self.parse(answer)
        self.id = hashlib.sha256(f"{question}\n{explain}".encode()).hexdigest()[:12]
        self._form: ipywidgets.Widget | None = None
        _record._current().entry(self)  # every exercise built is in the record, tried or not

    def check(self, guess: object) -> Feedback:
        """Compare the student's prediction with the engine's answer; returns :class:`Feedback` and records it."""
        try:
            value = self.parse(guess)
        except ValueError as exc:  # a parser that writes the guess out as text (str() stops at 4,300 digits)
            if not unwritable(exc):
                raise
            raise GreatWallError(f"{quote(guess)} is far too large to be the answer") from None
        record = _record._current()
        entry = record.entry(self)
        said, right = _shown(value), value == self._answer
        shown, new = entry.feedback_level(said[:_record._LONGEST_ANSWER], right)
        if new:
            record.add(entry, {"answer": said[:_record._LONGEST_ANSWER], "right": right, "shown": shown})
        attempt = sum("answer" in e for e in entry.events)
        if shown.startswith("hint"):
            return Feedback(False, said, None, None, shown, self.hints[int(shown[-1]) - 1], attempt=attempt,
                            repeated=not new)
        return Feedback(right, said, self.explain, self.rule, shown, answer=_shown(self._answer), attempt=attempt,
                        repeated=not new)

    def show_solution(self) -> Feedback:
        """The solution on the student's request (recorded as seen): the answer, its explanation and its rule."""
        record = _record._current()
        record.add(record.entry(self), {"shown": "solution"})
        return self.solution()

    def solution(self) -> Feedback:
        """The answer and its explanation (for solution notebooks and teachers; recorded as the solution seen)."""
        record = _record._current()
        entry = record.entry(self)
        if not entry.settled:
            record.add(entry, {"shown": "solution"})
        return Feedback(True, _shown(self._answer), self.explain, self.rule, "solution", answer=_shown(self._answer))

    def picture(self) -> str:
        """The position of the question in its quiz form: ``position.picture(hide=self.hides)``."""
        if self.position is None:
            raise GreatWallError(f"{self!r} was built without a position to draw")
        return self.position.picture(hide=self.hides)

    def __repr__(self) -> str:
        return f"Exercise({self.question!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        bundle = self.form()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data["text/plain"] = repr(self)  # deterministic, for nbval; never the answer
        data[_record.EXERCISE_MIME] = {"id": self.id}  # where the exercise is in the notebook, for the report
        if self.position is not None:  # the quiz picture alone, for tools that take a picture (the slides)
            data["image/svg+xml"] = self.picture()
        from .form import static_html

        data["text/html"] = static_html(self)  # what a notebook opened without a kernel shows: question and board
        return data, meta

    def form(self) -> ipywidgets.Widget:
        """The answer form: the question, a text box or drop-down, *Check* and *Show solution*, the feedback."""
        if self._form is None:
            from .form import make_form

            self._form = make_form(self)
        return self._form


def _hints(hints: object, rule: str | None) -> tuple[str, ...]:
    if hints is None:
        where = f"rule {rule} (greatwall_kit.rules.get({rule!r}))" if rule else "the rules of the question"
        return (f"Read {where} again and find the part of the board the question names.",
                "Apply the rule to that part of the board one step at a time, and check each number you use.")
    if (not isinstance(hints, (tuple, list)) or len(hints) != HINT_LEVELS
            or not all(isinstance(h, str) and h.strip() for h in hints)):
        raise GreatWallError(f"hints are {HINT_LEVELS} texts, a broad one and a narrower one, not {quote(hints)}")
    return tuple(hints)


def as_text(value: object) -> str:
    """Any answer, compared as trimmed lower-case text."""
    return str(value).strip().lower()


def as_int(value: object) -> int:
    """A whole number (``3``, ``"3"``, ``"-2"``), written with the digits 0-9 (at most ``MAX_DIGITS`` of them)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) < 10 ** MAX_DIGITS:  # (a longer one could not even be shown: str() stops at 4,300 digits)
            return value
        raise GreatWallError(f"answer with a whole number, e.g. 3 (not one of more than {MAX_DIGITS} digits)")
    try:
        return read_whole(str(value).strip(), signed=True)
    except GreatWallError as exc:
        raise GreatWallError(f"answer with a whole number, e.g. 3 ({exc})") from None


def as_int_set(value: object) -> frozenset[int]:
    """A set of whole numbers: ``{4, 5}``, ``[4, 5]`` or ``"4, 5"`` (``""`` or ``"none"`` is the empty set)."""
    if isinstance(value, (set, frozenset, list, tuple)):
        return frozenset(as_int(v) for v in value)
    text = str(value).strip().lower()
    if text in ("", "none", "{}", "[]"):
        return frozenset()
    parts = [p for p in re.split(r"[\s,;{}\[\]()]+", text) if p]
    return frozenset(as_int(p) for p in parts)


def as_choice(options: Sequence[str]) -> Callable[[object], str]:
    """A parser accepting one of ``options`` (case-insensitive), e.g. player names or route names."""
    lowered = {o.lower(): o for o in options}

    def parse(value: object) -> str:
        text = str(value).strip().lower()
        if text not in lowered:
            raise GreatWallError(f"answer with one of {', '.join(options)} (not {quote(value)})")
        return lowered[text]
    return parse


def for_game(name: str, title: str) -> Callable[[_Builder], _Builder]:
    """Make an exercise builder refuse a game that is not ``name`` with the kit's error (a student who passes
    another game would otherwise meet an ``AttributeError`` from deep inside the builder)."""
    def wrap(builder: _Builder) -> _Builder:
        @functools.wraps(builder)
        def checked(game: Game, *args: Any, **kwargs: Any) -> Any:
            if getattr(game, "name", None) != name:
                raise GreatWallError(f"these exercises need a game of {title}, not {quote(game)}")
            return builder(game, *args, **kwargs)
        return cast(_Builder, checked)
    return wrap


def _shown(value: object) -> str:
    """An answer as a student reads it: a set as its items in order, in words (``11, 13``; ``none``), never
    ``{11, 13}``."""
    if isinstance(value, frozenset):
        return ", ".join(str(v) for v in sorted(value)) if value else "none"
    return str(value)


def grade(exercise, points=1):
    """The points ``exercise`` earns from the record: all of them if it was answered right before its solution was
    shown, else none (the cell nbgrader grades, see ``docs/teaching.md``).

    ``exercise`` is an exercise, or its id (``exercise.id``): grading reads the record without building the exercise
    again; an exercise the record does not hold was never tried and earns nothing.

    Examples
    --------
    >>> from greatwall_kit.exercises import Exercise, as_int
    >>> ex = Exercise("2 + 2?", 4, explain="Two and two.", parse=as_int)
    >>> grade(ex, points=2)
    0.0
    >>> _ = ex.check(4)
    >>> grade(ex, points=2), grade(ex.id, points=2), grade("0123456789ab")
    (2.0, 2.0, 0.0)
    """
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 < points <= 1000:
        raise GreatWallError(f"points must be a positive number, not {quote(points)}")
    if isinstance(exercise, str) and re.fullmatch(r"[0-9a-f]{12}", exercise):
        entry = _record._current().entries.get(exercise)
        question = entry.question if entry is not None else f"exercise {exercise}"
        return _record.Grade(question, _record.summary(entry.events if entry is not None else []), points)
    if not isinstance(exercise, Exercise):
        raise GreatWallError(f"grade an exercise (the value a builder returns) or its id, not {quote(exercise)}")
    entry = _record._current().entry(exercise)
    return _record.Grade(exercise.question, _record.summary(entry.events), points)
