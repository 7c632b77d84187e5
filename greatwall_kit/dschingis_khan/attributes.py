"""The state of a Dschingis Khan game, declared for the type checker.

:class:`~.game.DschingisKhan` sets these attributes up (``_common_setup``, ``_setup``,
:func:`.position.setup_position`) and its mixin :mod:`.placing` reads and changes them. The mixin takes
:class:`DschingisKhanState` as its base only when a type checker reads it (at run time its base is ``object``), so
mypy checks every agenda method against one declaration of the state. Nothing here runs in a game.
"""

from ..engine.agenda import AgendaGame
from .lattice import Lattice
from .moves import BoardMoves
from .walls import WallNetwork

__all__ = ["DschingisKhanState"]


class DschingisKhanState(AgendaGame):
    """The attributes of :class:`~.game.DschingisKhan` (villages, towers and lines are numbers, seats 0..n-1)."""

    board: Lattice
    made: BoardMoves  # the board's moves, made once
    net: WallNetwork
    sides: list[int]  # by village: the side of the wall it lies on (0 or 1)
    supply: int  # walls not yet built
    stacks: list[list[tuple[int, str]]]  # by village: the tiles laid there, bottom first, as (seat, tile)
    # by seat
    scout: list[int]  # the village of the seat's scout, -1 off the board
    active_tiles: list[list[str]]
    active_walls: list[int]
    discarded: list[list[str]]
    passive: list[list[str]]
    out_of_game: int
    current: int
    taken: int
    visited: list[int]  # the villages the scout has been to this turn
    setup_hand: list[str]
    setup_first: int
    setup_second: int
    trigger: int | None  # the seat that began the final round
    final_left: int | None  # the turns left in the final round
    scored: list[tuple[int, int, int]] | None  # once the game is over: (village, controller, points) of each so far
