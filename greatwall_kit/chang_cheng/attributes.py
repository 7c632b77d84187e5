"""The state of a Chang Cheng game, declared for the type checker.

:class:`~.game.ChangCheng` sets these attributes up (``_init_common``, ``_setup``, :func:`.position.setup_position`)
and its mixins (:mod:`.placements`, :mod:`.province_scoring`, :mod:`.ending`) read and change them. A mixin takes
:class:`ChangChengState` as its base only when a type checker reads it (at run time its base is ``object``), so mypy
checks every agenda method against one declaration of the state. At run time the game makes these names its
``__slots__``.
"""

from typing import Any

from ..engine.agenda import AgendaGame
from .board import Face, Layout, Wall
from .moves import Single

__all__ = ["ChangChengState"]


class ChangChengState(AgendaGame):
    """The attributes of :class:`~.game.ChangCheng` (squares, provinces and regions are numbers, seats 0..n-1)."""

    layout: Layout
    max_boards: int
    colours: list[str]  # by seat, then "neutral"
    wall: Wall
    # by square: the occupant's seat (-1 empty, ``players`` neutral), the piece, broken, the reserving seat (-1)
    occ: list[int]
    piece: list[int]
    broken: list[bool]
    reserved: list[int]
    # by province: its Reputation, completed, scored, its empty squares, the cards placed there (owner, kind)
    reputation: list[int]
    completed: list[bool]
    scored: list[bool]
    empty_in: list[int]
    cards_in: list[list[tuple[int, str]]]
    # by Mongol region: its Threat counter and whether it is face up
    threat: list[int | None]  # None: removed (the Traitor)
    revealed: list[bool]
    known: list[set[int]]  # by seat: the regions it has peeked at
    # by seat
    points: list[int]
    singles: list[int]
    doubles: list[int]
    towers: list[int]
    hand: list[list[str]]
    neutral_left: int
    card_at: dict[tuple[int, str], int]  # (owner, kind) -> the province the card lies in
    emperor: int
    emperor_on: list[int]
    n_empty: int
    # the kept lists of .squares.index_squares
    empty: list[int]
    single_moves: list[Single]
    reserved_at: list[int]
    uncompleted: list[int]
    card_rows: dict[str, list[Any]]
    near_tower: set[int]
    double_spots: dict[int, Any]  # {square: its Double move}, in wall order
    tower_spots: dict[int, Any]  # {square: its Tower move}, in wall order
    evidence: list[Any]  # the scorings so far (the evidence objects of .evidence)
    current: int
    passes: int
    reason: str
    placed: list[tuple[str, Any]]  # this action's placements: (decision, move)
    res: Any  # the province scoring under way (a dict, see .province_scoring), else None
    reserve_faces: list[Face]
    rep_pool: list[int]
    threat_pool: list[int]
    first_turn: bool
    events: tuple[str, ...]
