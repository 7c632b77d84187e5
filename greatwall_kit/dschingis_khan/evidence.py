"""The evidence of Dschingis Khan's resolutions: what the rules worked out, as values the log, the steps, the
pictures and the tests all read.

- :class:`~greatwall_kit.dschingis_khan.walls.Resolution`: a loop or a new end resolved (DK-22 to DK-27);
- :class:`ScoutPath`: a scout's turn of placing tiles (DK-11 to DK-17);
- :class:`~greatwall_kit.dschingis_khan.scoring.VillageScore`: a village scored at the end (DK-31 to DK-36).

Their steps are attached in :mod:`.procedure` (the evidence does not know its procedure).
"""

from dataclasses import dataclass, field

from ..engine.steps import steps_of
from .scoring import VillageScore
from .walls import Resolution

__all__ = ["Resolution", "ScoutPath", "VillageScore"]


@dataclass(frozen=True)
class ScoutPath:
    """One turn of a scout placing tiles: its steps from village to village, or a scout blocked at the start.

    Read back from the log by :func:`scout_paths`; its steps (``steps_of(path)``, built by one replay when asked
    for) replay the turn's decisions on the position before its first step, so the ways out of each village and
    the reasons a way is refused are the engine's own.

    Attributes
    ----------
    player : int
        Whose scout.
    decision : int
        The path's first decision (1-based, as :attr:`Resolved.decision`).
    plays : tuple
        The decisions of the path, in order: scout steps, the tiles laid after them, or ``discard``.
    end : str
        ``"placed"`` (every tile placed, DK-17), ``"blocked"`` (tiles left unplaced, DK-16) or ``"moving"`` (the
        turn is still going on).
    discarded : int
        How many tiles left the game because the scout was blocked.
    until : int
        The index into ``game.log`` of the path's last event so far.
    villages : tuple
        The villages the scout entered, in order.
    """

    player: int
    decision: int
    plays: tuple
    end: str
    discarded: int
    until: int
    villages: tuple
    before: object = field(compare=False, repr=False)  # () -> the playable position before the path

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))
