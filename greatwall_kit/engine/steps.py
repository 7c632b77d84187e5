"""Rule steps: one resolution (a loop, a province scoring, a Breach) as the ordered steps of its procedure.

The rules cores compute steps on demand from their evidence objects (nothing is built while games are
played); printed cells and the widgets' ``Stepper`` only show them.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import GreatWallError, quote

__all__ = ["Step", "Resolved", "MARKS", "keyed", "picture_marks"]

#: How a step marks what it touches on the board: the focus of the step, or what it removes, adds or changes.
MARKS = ("focus", "removed", "added", "changed")


def picture_marks(targets, highlight, elements, undrawn=()):
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
    numbers: MappingProxyType = field(default_factory=dict)
    touches: MappingProxyType = field(default_factory=dict)

    def __post_init__(self):
        bad = {k: m for k, m in dict(self.touches).items() if m not in MARKS}
        if bad:
            raise ValueError(f"unknown marks {bad!r}; a step marks with one of {MARKS}")
        object.__setattr__(self, "numbers", MappingProxyType(dict(self.numbers)))
        object.__setattr__(self, "touches", MappingProxyType(dict(self.touches)))

    def __str__(self):
        return f"{self.sentence} [{self.rule}]"


@dataclass(frozen=True)
class Resolved:
    """One resolution in a game's history, as ``game.resolutions()`` lists it.

    Attributes
    ----------
    title : str
        What was resolved, e.g. ``"Loop closed by line 40"``.
    event : int
        The index into ``game.log`` of the event that recorded it (``game.position_at(event=...)``).
    decision : int
        ``len(game.history)`` when it happened.
    evidence : object
        The rules core's evidence object; its ``steps`` are this resolution's steps.
    start : int
        An index into ``game.log`` such that ``game.position_at(event=start)`` is the position the first
        step starts from (the rules have changed nothing of the resolution yet). A resolution made while a
        teaching position was set up (decision 0) can only be looked at from the position after set-up.
    """

    title: str
    event: int
    decision: int
    evidence: object
    start: int

    @property
    def steps(self):
        """The evidence's steps (a tuple of :class:`Step`, built when asked for)."""
        return self.evidence.steps

    def __str__(self):
        return "\n".join([self.title, *(f"  {i}. {step}" for i, step in enumerate(self.steps, 1))])


def keyed(prefix, ids, mark):
    """``{prefix + id: mark}`` for each id: the touches of a group of board elements."""
    return {f"{prefix}{i}": mark for i in ids}
