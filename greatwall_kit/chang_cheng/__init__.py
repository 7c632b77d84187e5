"""Chang Cheng (Walter Obert, Tenki Games): build the Great Wall, protect the richest provinces.

>>> from greatwall_kit.chang_cheng import new_game
>>> game = new_game(players=3, seed=2)
>>> game.to_act, len(game.wall.order)
(0, 26)

The rules engine is :class:`ChangCheng`; every rule's summary is in :mod:`.rules`; scoring is in
:mod:`.scoring` (pure functions returning evidence); the boards are in ``data/standard.json``.
"""

from . import rules  # noqa: F401  (registers the rule summaries)
from .board import Layout, Wall, load_layout, validate_layout
from .game import ChangCheng
from .moves import (
    Board,
    Break,
    Builder,
    Cancel,
    Card,
    Discard,
    Double,
    Flood,
    Neutral,
    NoNeutral,
    NoPeek,
    Peek,
    Remove,
    Reserve,
    Single,
    Swap,
    Tower,
)
from .rules import EVENTS, Options

__all__ = ["new_game", "ChangCheng", "Options", "VARIANTS", "EVENTS", "Layout", "Wall", "load_layout",
           "validate_layout", "Single", "Card", "Double", "Tower", "Reserve", "Peek", "NoPeek", "Neutral",
           "NoNeutral", "Board", "Cancel", "Discard", "Break", "Remove", "Flood", "Builder", "Swap"]


def new_game(players=2, seed=0, **options):
    """A new game of Chang Cheng for 2 to 4 players; ``options`` are the fields of :class:`Options`.

    Examples
    --------
    >>> game = new_game(players=2, seed=0, neutral_blocks=True, events="observers")
    >>> game.neutral_left, game.events
    (12, ('observers',))
    >>> new_game(players=3, neutral_blocks=True)
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: the neutral blocks are an optional rule for 2 players, not 3 (CC-46)
    """
    return ChangCheng(players, seed, **options)


#: Named option sets the conformance suite runs (the review's readings, optional rules, event cards).
VARIANTS = {
    "review rules": {"actions": "four", "first_turn": "full_action", "warrior": "other_province",
                     "mandarin": "any_two", "dominance": "longest_only", "same_priority": "resolve_all",
                     "events": "dominance,diplomacy"},
    "neutral blocks": {"neutral_blocks": True},
    "events": {"events": "observers,imperial_reward"},
    "events drawn": {"events": "random", "dominance_tower": 1},
}
