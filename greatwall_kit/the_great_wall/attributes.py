"""The state of a game of The Great Wall, declared for the type checker.

:class:`~.game.TheGreatWall` sets these attributes up (``_init_state``, ``_setup``, :func:`.position.setup_position`)
and its Season mixins (:mod:`.seasons`, :mod:`.fall`, :mod:`.winter`) read and change them. A mixin takes
:class:`TheGreatWallState` as its base only when a type checker reads it (at run time its base is ``object``), so
mypy checks every agenda method against one declaration of the state, and the methods one Season calls in another
are declared here too. Nothing here runs in a game.
"""

from collections.abc import Callable
from typing import Any

from ..engine.agenda import AgendaGame
from .catalog import Catalog
from .evidence import Breach, ClanFinal, Defeat
from .sites import Site

__all__ = ["TheGreatWallState"]


class TheGreatWallState(AgendaGame):
    """The attributes of :class:`~.game.TheGreatWall`: plain lists and dicts of values (see :mod:`.state`), seats
    0..n-1, sections and Fall rounds from 0, cards by ID."""

    cat: Catalog  # the data set: board, tracks and every card
    year: int
    season: str  # "setup", "spring", "summer", "fall", "winter"
    round: int  # the Fall round
    time: int  # the Time track's slot
    shame_pool: int
    shame_out: int
    sections: list[dict[str, Any]]  # see .sections.new_section
    track: list[list[Any]]  # the Command track: a row per Fall round, each slot None or [seat, card]
    clans: list[dict[str, Any]]  # by seat: Resources, Soldiers, cards, Clerks (see TheGreatWall._init_state)
    locations: dict[str, Site]  # by Location ID: who stands there
    _clerked: int  # the Locations with Clerks, as a mask of Catalog.clerk_bit (kept by .fall)
    _full: int  # the Locations whose every Clerk slot is taken, as such a mask
    _spots_written: bool  # a Vital spot written since a Defeat check last found no Defeat (see .winter)
    warehouse: dict[str, int]  # the donated Resources, by kind
    tea: list[int]  # the Tea order: seats, first to act first
    horde_deck: list[str]
    horde_discard: list[str]
    advisor_deck: list[str]
    advisor_track: list[str]
    advisor_discard: list[str]
    tactic_deck: list[str]
    tactic_discard: list[str]
    artifacts: list[str]
    combat: Any  # a Defeat or Breach under way (its frozen evidence, completed by the owners' Saves), else None
    results: list[Defeat | Breach]  # the Defeats and Assaults resolved so far
    final: list[ClanFinal] | None  # once the game is over: each clan's final score so far
    revealed: bool  # the Generals are face up
    end_reason: str  # once the game is over: why

    # what one Season calls in another, or in the game's set-up (their own modules hold their docstrings)
    _place_horde_card: Callable[..., None]
    _refill_advisors: Callable[[], None]
    _draw_tactic: Callable[[int, Any], None]
    _job_year: Callable[[], None]
    _job_fall_round: Callable[[int], None]
    _recount_locations: Callable[[], None]
    _job_defeat_check: Callable[[], None]
    _job_give_shame: Callable[[int], None]
    _defense: Callable[[int], int]
