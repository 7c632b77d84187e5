"""The kit's rule summaries: one :class:`Rule` per checklist ID, in the kit's own words.

Each game's ``rules`` module fills a :class:`RuleBook`; every book registers its
rules in one registry, so an event's or an error's ``rule`` ID can be turned
into the text a student reads.
"""

import html
from collections.abc import Iterator
from dataclasses import dataclass

from .errors import GreatWallError

__all__ = ["Rule", "RuleBook", "lookup", "registered"]

_REGISTRY: dict[str, "Rule"] = {}
#: How a rule's live example is drawn in rich output: set by ``greatwall_kit.rules`` (the engine knows no game).
_EXAMPLE_VIEW: list = []


@dataclass(frozen=True)
class Rule:
    """One rule of one game, summarised in the kit's own words.

    Attributes
    ----------
    id : str
        The checklist ID, e.g. ``"CC-22"``.
    game : str
        The game package name, e.g. ``"chang_cheng"``.
    source : str
        The title of the source document.
    section : str
        The section heading of the source where the rule stands.
    text : str
        The kit's summary of the rule.
    interpretation : str or None
        The kit's decision where the source is silent or ambiguous.
    variant : str or None
        The ``new_game`` option that switches to another reading, if any.
    """

    id: str
    game: str
    source: str
    section: str
    text: str
    interpretation: str | None = None
    variant: str | None = None

    @property
    def citation(self) -> str:
        """Where the rule comes from, e.g. ``'Chang Cheng Rulebook, “Completing a Province”'``."""
        return f"{self.source}, “{self.section}”"

    def __str__(self) -> str:
        extra = f" Kit's reading: {self.interpretation}" if self.interpretation else ""
        return f"{self.id}: {self.text}{extra} ({self.citation})"

    def _repr_html_(self) -> str:
        """The rule in a notebook, with its live example one click away (a disclosure, keyboard reachable)."""
        text = html.escape(str(self))
        if not _EXAMPLE_VIEW:
            return f"<p>{text}</p>"
        try:
            shown = _EXAMPLE_VIEW[0](self.id)
        except GreatWallError as missing:
            return f"<p>{text}</p><p>{html.escape(str(missing))}</p>"
        return f"<p>{text}</p><details><summary>Live example of {self.id}</summary>{shown}</details>"


class RuleBook:
    """The rule summaries of one game, keyed by checklist ID.

    Examples
    --------
    >>> book = RuleBook("demo", "Demo Rulebook")
    >>> r = book.add("DEMO-01", "Setup", "Each player starts with 3 blocks.")
    >>> print(book["DEMO-01"])
    DEMO-01: Each player starts with 3 blocks. (Demo Rulebook, “Setup”)
    >>> lookup("DEMO-01") is r
    True
    """

    def __init__(self, game: str, source: str) -> None:
        self.game = game
        self.source = source
        self._rules: dict[str, Rule] = {}

    def add(self, id: str, section: str, text: str, *, interpretation: str | None = None,
            variant: str | None = None, source: str | None = None) -> Rule:
        """Add and register one rule; returns it."""
        if id in _REGISTRY and _REGISTRY[id].game != self.game:
            raise GreatWallError(f"rule ID {id!r} is already used by {_REGISTRY[id].game}")
        rule = Rule(id, self.game, source or self.source, section, text, interpretation, variant)
        self._rules[id] = _REGISTRY[id] = rule
        return rule

    def __getitem__(self, id: str) -> Rule:
        return self._rules[id]

    def __contains__(self, id: object) -> bool:
        return id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)


def lookup(id: str) -> Rule:
    """The registered rule with this ID; ``KeyError`` if none."""
    return _REGISTRY[id]


def registered() -> dict[str, Rule]:
    """All registered rules, by ID."""
    return dict(_REGISTRY)
