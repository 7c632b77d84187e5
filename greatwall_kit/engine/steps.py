"""Rule steps: one resolution (a loop, a province scoring, a Breach) as the ordered steps of its procedure.

The rules cores compute steps on demand from their evidence objects (nothing is built while games are
played); printed cells and the widgets' ``Stepper`` only show them.

Each game's ``procedure`` module attaches a steps function to each of its evidence types, in one place
(:func:`procedure`), so evidence modules never import their procedure. A step that changes the board
carries its ``change`` as data; the game's ``_apply_step`` hook makes that change on a looking-only copy,
so every step of a resolution has a drawable position after it (:attr:`Step.after`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import GreatWallError, quote

if TYPE_CHECKING:  # (the protocol imports this module)
    from .log import Event
    from .protocol import Game

_StepsFunction = TypeVar("_StepsFunction", bound=Callable[[Any], Iterable["Step"]])

__all__ = ["Step", "Resolved", "MARKS", "QUIZ_PARTS", "keyed", "picture_marks", "quiz_parts", "procedure",
           "steps_of", "summary_of", "difference"]

#: Evidence type -> (steps function, summary function or None), filled by each game's procedure module.
_PROCEDURES: dict[type, tuple[Callable[[Any], Iterable[Step]], Callable[[Any], Mapping[str, object]] | None]] = {}

#: How a step marks what it touches on the board: the focus of the step, or what it removes, adds or changes.
MARKS = ("focus", "removed", "added", "changed")


#: What a quiz form of a picture can hide (``game.picture(hide=...)``), each drawn by every game where it has one: the
#: answers a predict-then-check exercise asks for must not be on the board shown with it.
QUIZ_PARTS = {
    "totals": "sums and values worked out from the position: a province's value, a section's totals per player, "
              "Offensive Power against Defense, a route's length",
    "scores": "each player's score, points, Honor or standing, and who leads or wins",
    "status": "the status line: whose turn it is and what they must do (\"Red must claim a token of section 1\")",
    "verdicts": "outcomes the picture works out ahead: \"would breach\", \"tied\", \"must claim\", a completed or "
                "scored mark",
    "counts": "counts of pieces, villages, cards or tokens in status lines and panels",
    "marks": "highlights and targets (what a rule step or a legal move would point at)",
}


def quiz_parts(hide: str | Iterable[str] | None) -> frozenset[str]:
    """``hide`` (a part of :data:`QUIZ_PARTS`, several, or none) as a frozenset, else the kit's error naming it.

    Every game's ``picture`` reads its ``hide`` argument through this.

    >>> sorted(quiz_parts(["totals", "status"])), quiz_parts(None), quiz_parts("scores")
    (['status', 'totals'], frozenset(), frozenset({'scores'}))
    >>> quiz_parts(["answers"])
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: a picture can hide totals, scores, status, verdicts, counts, marks, not 'answers'
    """  # noqa: E501 - doctest output is compared as printed
    if hide is None:
        return frozenset()
    given = (hide,) if isinstance(hide, str) else hide
    try:
        parts = frozenset(given)
    except TypeError:
        raise GreatWallError(f"hide is a part of a picture or several, not {quote(hide)}") from None
    for part in parts:
        if part not in QUIZ_PARTS:
            raise GreatWallError(f"a picture can hide {', '.join(QUIZ_PARTS)}, not {quote(part)}")
    return parts


def picture_marks(targets: Mapping[str, object] | None, highlight: str | Iterable[str] | Mapping[str, str] | None,
                  elements: Collection[str], undrawn: Collection[str] = ()) -> tuple[dict[str, str], dict[str, str]]:
    """A picture's ``targets`` and ``highlight`` as two dicts: ``{key: label}`` and ``{key: mark}``.

    ``targets`` is ``None`` or a mapping; ``highlight`` is one key, keys (each marked ``"focus"``) or
    ``{key: mark}`` with marks from :data:`MARKS`. Every key must be one of ``elements``, the keys of
    the elements the picture draws; a highlight may also name one of ``undrawn``, elements the game has
    but this position does not draw (The Great Wall's Horde cards that a rule step shows removed), and
    is left out of the marks. Anything else is the kit's error, naming the key. Every game's ``picture``
    reads its arguments through this.

    Examples
    --------
    >>> picture_marks({"s3": "single 3"}, "p0", {"s3", "p0"})
    ({'s3': 'single 3'}, {'p0': 'focus'})
    >>> picture_marks(None, 5, {"s3", "p0"})
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: highlight is a key, keys or {key: mark}, not 5
    >>> picture_marks(None, ["s3", "q1"], {"s3", "p0"})
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: no board element 'q1' to highlight (see game.graph() for the keys, ...)
    """
    if targets is None:
        targets = {}
    if not isinstance(targets, Mapping):
        raise GreatWallError(f"targets is a mapping {{key: label}}, not {quote(targets)}")
    if highlight is None:
        highlight = ()
    elif isinstance(highlight, str):
        highlight = (highlight,)
    try:
        marks = dict(highlight) if isinstance(highlight, Mapping) else dict.fromkeys(highlight, "focus")
    except TypeError:  # not iterable, or keys that cannot be looked up (a list of lists)
        raise GreatWallError(f"highlight is a key, keys or {{key: mark}}, not {quote(highlight)}") from None
    bad = {k: m for k, m in marks.items() if m not in MARKS}
    if bad:
        raise GreatWallError(f"unknown highlight marks {quote(bad)}; a mark is one of {MARKS}")
    for what, keys, also in (("draw as a target", targets, ()), ("highlight", marks, undrawn)):
        unknown = [k for k in keys if k not in elements and k not in also]
        if unknown:
            known = sorted(map(str, elements))
            raise GreatWallError(f"no board element {', '.join(repr(k) for k in unknown[:3]):.120} to {what} "
                                 f"(see game.graph() for the keys, e.g. {known[0]!r} or {known[-1]!r})")
    return {k: str(v) for k, v in targets.items()}, {k: m for k, m in marks.items() if k in elements}


@dataclass(frozen=True)
class Step:
    """One step of a resolution, as the rulebook's procedure would state it.

    Parameters
    ----------
    sentence : str
        What happens in this step, for a student to read.
    rule : str
        The checklist ID of the rule this step applies.
    numbers : mapping
        The numbers of that moment (two route lengths, a region's threat, a section's Defense ...).
    touches : mapping
        ``{board element key: mark}`` with a mark from :data:`MARKS`: what a view highlights.
    change : mapping
        What the step does to the position, as data the game's ``_apply_step`` hook reads (empty for a step
        that only explains). A step that removes, adds or changes an element on the board has one.

    A step taken from ``game.resolutions()`` also knows the position right after it: :attr:`after`.

    Examples
    --------
    >>> step = Step("The shorter route (2 pieces) is removed.", "DK-22", {"kept": 5, "removed": 2},
    ...             {"l14": "removed", "l15": "removed"})
    >>> print(step)
    The shorter route (2 pieces) is removed. [DK-22]
    >>> step.numbers["kept"], sorted(step.touches)
    (5, ['l14', 'l15'])
    """

    sentence: str
    rule: str
    numbers: Mapping[str, Any] = field(default_factory=dict)  # read-only views (MappingProxyType) once made
    touches: Mapping[str, str] = field(default_factory=dict)
    change: Mapping[str, Any] = field(default_factory=dict)
    #: (the resolution, this step's index) for a step listed by :attr:`Resolved.steps`
    at: tuple[Resolved, int] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        bad = {k: m for k, m in dict(self.touches).items() if m not in MARKS}
        if bad:
            raise GreatWallError(f"unknown marks {bad!r}; a step marks with one of {MARKS}")
        object.__setattr__(self, "numbers", MappingProxyType(dict(self.numbers)))
        object.__setattr__(self, "touches", MappingProxyType(dict(self.touches)))
        object.__setattr__(self, "change", MappingProxyType(dict(self.change)))

    @property
    def after(self) -> Game:
        """The position right after this step: a looking-only copy of the game, drawable like the game
        (``picture()``, ``graph()``, ``view(player)``). Only for steps listed by ``game.resolutions()``."""
        if self.at is None:
            raise GreatWallError(f"{self.sentence!r:.80} is not a step of one of a game's resolutions: take it from "
                                 "game.resolutions()[i].steps to see the position after it")
        resolved, index = self.at
        return resolved.after(index)

    def __str__(self) -> str:
        return f"{self.sentence} [{self.rule}]"


@dataclass(frozen=True)
class Resolved:
    """One resolution in a game's history, as ``game.resolutions()`` lists it.

    Attributes
    ----------
    title : str
        What was resolved, e.g. ``"Loop closed by (3,3)-(3,4)"``.
    event : int
        The index into ``game.log`` of the event that recorded it (``game.position_at(event=...)``).
    decision : int
        ``len(game.history)`` when it happened.
    evidence : object
        The rules core's evidence object; its steps are this resolution's steps.
    start : int
        An index into ``game.log`` such that ``game.position_at(event=start)`` is the position the first
        step starts from (the rules have changed nothing of the resolution yet); where decisions that recorded
        no event came after that event, the position after the decision before the resolution's own. A
        resolution made while a teaching position was set up (decision 0) can only be looked at from the
        position after set-up.
    game : Game
        The game it happened in (its positions are replayed from it, never changed).
    end : int
        An index into ``game.log`` such that ``game.position_at(event=end)`` is the engine's own position
        once the resolution is complete (``event`` unless the game says otherwise). The position after the
        last step shows the same board.
    """

    title: str
    event: int
    decision: int
    evidence: object
    start: int
    game: Game | None = field(default=None, compare=False, repr=False)
    end: int = None  # type: ignore[assignment]  # None: the same as event (set in __post_init__)

    def __post_init__(self) -> None:
        if self.end is None:
            object.__setattr__(self, "end", self.event)

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        """The evidence's steps (a tuple of :class:`Step`, built when first asked for), each knowing its position
        (:attr:`Step.after`)."""
        return tuple(replace(step, at=(self, i)) for i, step in enumerate(steps_of(self.evidence)))

    @cached_property
    def before(self) -> Game:
        """The position the first step starts from: a looking-only copy of the game."""
        if self.game is None:
            raise GreatWallError(f"{self.title!r} was not listed by a game's resolutions(): it has no positions")
        game = self.game
        if _quiet_before(game.log, self.start, self.decision):
            # decisions that recorded no event (a peek declined) came after the start event: the resolution
            # starts from the position after the decision before its own
            return game.position_at(self.decision - 1).looking_only()
        return game.position_at(event=self.start).looking_only()

    def after(self, index: int) -> Game:
        """The position right after step ``index`` (0 is the first; -1 the last): a looking-only copy.

        Each is the position before it with the step's ``change`` made by the game's ``_apply_step``.
        """
        count = len(self.steps)
        if isinstance(index, bool) or not isinstance(index, int) or not -count <= index < count:
            raise GreatWallError(f"{self.title!r} has steps 0 to {count - 1}, not {quote(index)}")
        return self._positions[index % count]

    @cached_property
    def _positions(self) -> tuple[Game, ...]:
        positions, position = [], self.before
        for step in self.steps:
            if step.change:
                position = position.copy()
                position._apply_step(step.change)
                # the legal moves listed for the position before no longer answer for this one
                position._legal_cache = position._legal_set_cache = None
            positions.append(position)
        return tuple(positions)

    def __str__(self) -> str:
        return "\n".join([self.title, *(f"  {i}. {step}" for i, step in enumerate(self.steps, 1))])


def _quiet_before(log: Sequence[Event], start: int, decision: int) -> bool:
    """Whether decisions that recorded no event lie between event ``start`` and the first event of ``decision``
    (the next event after ``start`` is already one of ``decision``'s, yet ``start`` is older than the one before)."""
    return (decision > 1 and log[start].decision < decision - 1 and start + 1 < len(log)
            and log[start + 1].decision == decision)


def keyed(prefix: str, ids: Iterable[object], mark: str) -> dict[str, str]:
    """``{prefix + id: mark}`` for each id: the touches of a group of board elements."""
    return {f"{prefix}{i}": mark for i in ids}


def procedure(*types: type, summary: Callable[[Any], Mapping[str, object]] | None = None
              ) -> Callable[[_StepsFunction], _StepsFunction]:
    """Attach a steps function (``evidence -> steps``) to evidence types: each game's ``procedure`` module says, in
    one place, which function lists the steps of which evidence.

    ``summary`` (``evidence -> {template: value}``) names the outcome facet by facet, each facet a sentence
    template with one ``{}`` and the value that fills it (``{"{} is kept": "the new route"}``), for
    :func:`difference`.
    """
    def attach(function: _StepsFunction) -> _StepsFunction:
        for kind in types:
            _PROCEDURES[kind] = (function, summary)
        return function
    return attach


def _lookup(evidence: object) -> tuple[Callable[[Any], Iterable[Step]], Callable[[Any], Mapping[str, object]] | None]:
    for kind in type(evidence).__mro__:
        if kind in _PROCEDURES:
            return _PROCEDURES[kind]
    raise GreatWallError(f"no procedure lists the steps of {type(evidence).__name__} (evidence {evidence!r:.80})")


def steps_of(evidence: object) -> tuple[Step, ...]:
    """The steps of an evidence object (a tuple of :class:`Step`), by the function its game's procedure attached."""
    return tuple(_lookup(evidence)[0](evidence))


def summary_of(evidence: object) -> dict[str, object]:
    """The outcome of an evidence object as ``{template: value}`` (empty where its game gives no summary)."""
    summary = _lookup(evidence)[1]
    return dict(summary(evidence)) if summary else {}


def difference(actual: Resolved, alternative: Resolved | None) -> str:
    """One sentence saying how ``alternative`` (a resolution, or ``None`` when the other decision resolved
    nothing) turned out against ``actual``, facet by facet of their summaries.

    Examples
    --------
    >>> class Loop(tuple):
    ...     pass
    >>> @procedure(Loop, summary=lambda e: {"{} is kept": e[0], "villages {} change side": e[1]})
    ... def _loop_steps(evidence):
    ...     return [Step("A loop.", "DK-22")]
    >>> same = Resolved("Loop closed by line 3", 0, 1, Loop(("the Great Wall's route", "none")), 0)
    >>> other = Resolved("Loop closed by line 5", 0, 1, Loop(("the new route", "16 and 17")), 0)
    >>> print(difference(same, other))
    the new route is kept instead of the Great Wall's route; villages 16 and 17 change side instead of none
    >>> print(difference(same, same))
    the same outcome: the Great Wall's route is kept; villages none change side
    >>> print(difference(same, None))
    nothing is resolved instead of Loop closed by line 3
    """
    if alternative is None:
        return f"nothing is resolved instead of {actual.title}"
    mine, theirs = summary_of(actual.evidence), summary_of(alternative.evidence)
    if not mine or mine.keys() != theirs.keys():
        return f"{alternative.title} instead of {actual.title}"
    differ = [f"{template.format(theirs[template])} instead of {mine[template]}" for template in mine
              if mine[template] != theirs[template]]
    if not differ:
        return "the same outcome: " + "; ".join(template.format(value) for template, value in mine.items())
    return "; ".join(differ)
