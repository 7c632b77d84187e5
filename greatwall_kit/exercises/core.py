"""The :class:`Exercise` value and the parsers that turn a student's typed answer into a value to compare."""

import functools
import re
from dataclasses import dataclass

from ..engine.digits import MAX_DIGITS, read_whole
from ..engine.errors import GreatWallError, quote, unwritable
from .. import rules as _rules

__all__ = ["Exercise", "Feedback", "as_int", "as_int_set", "as_choice", "as_text", "for_game"]


@dataclass(frozen=True)
class Feedback:
    """The answer to one check: whether the prediction was right, and the explanation with its rule."""

    correct: bool
    said: str
    explain: str
    rule: str | None

    def __str__(self):
        head = f"Right: {self.said}." if self.correct else f"Not quite: you said {self.said}."
        return f"{head} {self.explain}" + (f" [{self.rule}]" if self.rule else "")


class Exercise:
    """A predict-then-check question; the caller computes ``answer`` with the engine.

    Parameters
    ----------
    question : str
        What the student predicts.
    answer : object
        The right answer, as a value ``parse`` produces (int, frozenset, str ...).
    explain : str
        Why that is the answer, in the rule's words (shown after every check).
    rule : str, optional
        The checklist ID of the rule that decides it; its text is shown with the form.
    parse : callable, optional
        Turns the student's answer (typed text or a value) into a comparable value, raising
        :class:`~greatwall_kit.engine.errors.GreatWallError` with a hint if it cannot.
    choices : list of str, optional
        Answers to pick from in the form (a drop-down instead of a text box).
    """

    def __init__(self, question, answer, *, explain, rule=None, parse=None, choices=None):
        if rule is not None:
            _rules.get(rule)  # an unknown rule ID is a bug in the exercise, found when it is built
        self.question, self.explain, self.rule = question, explain, rule
        self.parse = parse or as_text
        self.choices = list(choices) if choices else None
        self._answer = self.parse(answer)
        self._form = None

    def check(self, guess):
        """Compare the student's prediction with the engine's answer; returns :class:`Feedback`."""
        try:
            value = self.parse(guess)
        except ValueError as exc:  # a parser that writes the guess out as text (str() stops at 4,300 digits)
            if not unwritable(exc):
                raise
            raise GreatWallError(f"{quote(guess)} is far too large to be the answer") from None
        return Feedback(value == self._answer, _shown(value), self.explain, self.rule)

    def solution(self):
        """The answer and its explanation (for solution notebooks and teachers)."""
        return Feedback(True, _shown(self._answer), self.explain, self.rule)

    def __repr__(self):
        return f"Exercise({self.question!r})"

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.form()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data["text/plain"] = repr(self)  # deterministic, for nbval; never the answer
        return data, meta

    def form(self):
        """The answer form: the question, a text box or drop-down, a Check button and the feedback line."""
        if self._form is None:
            import ipywidgets as w

            rule = f" ({self.rule}: {_rules.get(self.rule).text})" if self.rule else ""
            box = (w.Dropdown(options=self.choices, description="Answer") if self.choices
                   else w.Text(placeholder="your prediction", description="Answer"))
            button = w.Button(description="Check", button_style="primary")
            out = w.HTML(value="")

            def on_click(_):
                try:
                    out.value = _html(str(self.check(box.value)))
                except GreatWallError as exc:
                    out.value = _html(str(exc))

            button.on_click(on_click)
            self._form = w.VBox([w.HTML(value=_html(self.question + rule)), w.HBox([box, button]), out])
        return self._form


def as_text(value):
    """Any answer, compared as trimmed lower-case text."""
    return str(value).strip().lower()


def as_int(value):
    """A whole number (``3``, ``"3"``, ``"-2"``), written with the digits 0-9 (at most ``MAX_DIGITS`` of them)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) < 10 ** MAX_DIGITS:  # (a longer one could not even be shown: str() stops at 4,300 digits)
            return value
        raise GreatWallError(f"answer with a whole number, e.g. 3 (not one of more than {MAX_DIGITS} digits)")
    try:
        return read_whole(str(value).strip(), signed=True)
    except GreatWallError as exc:
        raise GreatWallError(f"answer with a whole number, e.g. 3 ({exc})") from None


def as_int_set(value):
    """A set of whole numbers: ``{4, 5}``, ``[4, 5]`` or ``"4, 5"`` (``""`` or ``"none"`` is the empty set)."""
    if isinstance(value, (set, frozenset, list, tuple)):
        return frozenset(as_int(v) for v in value)
    text = str(value).strip().lower()
    if text in ("", "none", "{}", "[]"):
        return frozenset()
    parts = [p for p in re.split(r"[\s,;{}\[\]()]+", text) if p]
    return frozenset(as_int(p) for p in parts)


def as_choice(options):
    """A parser accepting one of ``options`` (case-insensitive), e.g. player names or route names."""
    lowered = {o.lower(): o for o in options}

    def parse(value):
        text = str(value).strip().lower()
        if text not in lowered:
            raise GreatWallError(f"answer with one of {', '.join(options)} (not {quote(value)})")
        return lowered[text]
    return parse


def for_game(name, title):
    """Make an exercise builder refuse a game that is not ``name`` with the kit's error (a student who passes
    another game would otherwise meet an ``AttributeError`` from deep inside the builder)."""
    def wrap(builder):
        @functools.wraps(builder)
        def checked(game, *args, **kwargs):
            if getattr(game, "name", None) != name:
                raise GreatWallError(f"these exercises need a game of {title}, not {quote(game)}")
            return builder(game, *args, **kwargs)
        return checked
    return wrap


def _shown(value):
    if isinstance(value, frozenset):
        return "{" + ", ".join(str(v) for v in sorted(value)) + "}" if value else "none"
    return str(value)


def _html(text):
    from html import escape

    return f"<span>{escape(text)}</span>"
