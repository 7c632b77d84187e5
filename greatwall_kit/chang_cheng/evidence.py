"""The evidence of Chang Cheng's resolutions: what a scoring, a placement or an attack did, as values.

The rules build them (:mod:`.scoring`, the agenda), the log's readers and the notebooks show them. They know
nothing of their steps: :mod:`.procedure` attaches the rulebook's procedure to each type (``str(evidence)``
prints its steps through ``engine.steps.steps_of``).
"""

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from ..engine.steps import steps_of

__all__ = ["ProvinceScoring", "DoubleScoring", "TowerPlacement", "RegionAttack", "EventScoring", "ProvinceHalted"]


class _ProvinceScoringFields(NamedTuple):
    province: int
    blocks: tuple
    virtual: tuple
    totals: tuple
    counted: int
    modifier: int
    reputation: int
    value: int
    majority: tuple
    winners: tuple
    points: int
    cards: tuple = ()
    cancelled: tuple = ()
    order: tuple = ()
    effects: tuple = ()


class ProvinceScoring(_ProvinceScoringFields):
    """How a completed province scored (CC-21, CC-22).

    ``majority`` holds the colours (neutral included) with the most blocks; ``winners`` the players
    among them, who each score ``points`` (the value, never below zero). ``cards`` are the revealed
    ``(owner, kind)`` cards, ``cancelled`` those that cancelled (CC-24), ``order`` the rest in resolution
    order, and ``effects`` what each did, as ``(owner, kind, effect, target)``: ``target`` is the card a
    Warrior removed ``(owner, kind)``; for a Warrior's discard (CC-V3) ``(province, owner, index)``, the
    index of the removed card among that province's face-down cards; the square a Traitor broke, the region
    whose counter it removed; a Flood's or Builder's change of value, the extra blocks of a Builder or Master
    Builder; for a Mandarin's swap ``(square, other, owner on square, owner on other)`` before the swap;
    ``None`` for a card that found nothing to act on.

    A named tuple, as :class:`RegionAttack` and :class:`~.cards.Reveal` are: the rules build them at every scoring
    and attack, and filling a frozen dataclass's instance dict cost about six times building a tuple.
    """

    __slots__ = ()

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


@dataclass(frozen=True)
class DoubleScoring:
    """A double block placed (CC-09) and scored at once (CC-10): ``provinces`` and ``regions`` of its two
    squares, one point per different one. Read back from the log by ``game.resolutions()``.

    >>> DoubleScoring(0, (8, 9), (1, 2), (2, 2)).points
    3
    """

    player: int
    squares: tuple
    provinces: tuple
    regions: tuple

    @property
    def points(self):
        """One per different province and per different Mongol region the double touches."""
        return len(set(self.provinces)) + len(set(self.regions))

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


@dataclass(frozen=True)
class TowerPlacement:
    """A tower placed (CC-12) and the square it reserved for its owner's single block (CC-13), read back from the
    log by ``game.resolutions()``.

    ``reserved`` is the square reserved (``None``: none), ``chosen`` whether its owner chose it among several (a
    decision of its own), ``observed`` the regions whose counters the Observers event card turned face up as the
    tower filled its square (CC-53), with their ``threats``. ``before`` gives the position the tower was placed in
    (replayed only when :attr:`neighbours`, :attr:`free` or :attr:`singles` is asked for: the wall may have grown
    since).
    """

    player: int
    square: int
    reserved: int | None
    chosen: bool
    observed: tuple = ()
    threats: tuple = ()
    before: Any = field(default=None, compare=False, repr=False)  # a function of no argument: the position

    @cached_property
    def _position(self):
        return self.before()

    @property
    def region(self):
        """The Mongol region of the tower's square (the one it protects its owner from, CC-15)."""
        return self._position.wall.region_of[self.square]

    @property
    def neighbours(self):
        """The squares beside the tower when it was placed."""
        return tuple(self._position.wall.neighbours(self.square))

    @property
    def free(self):
        """The neighbours that were empty and unreserved when the tower was placed."""
        game = self._position
        return tuple(q for q in self.neighbours if game.occ[q] < 0 and game.reserved[q] < 0)

    @property
    def singles(self):
        """Whether the owner still held a single block to reserve a square for."""
        return bool(self._position.singles[self.player])

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


class _RegionAttackFields(NamedTuple):
    region: int
    threat: int | None
    blocks: tuple
    majority: tuple
    protected: tuple
    losers: tuple
    loss: int
    face_up: bool = False


class RegionAttack(_RegionAttackFields):
    """How one Mongol region attacked at the end (CC-42, CC-43, CC-44); ``face_up`` says whether its counter
    was already face up (the Observers event card, CC-53) before the attack. A named tuple (see
    :class:`ProvinceScoring`)."""

    __slots__ = ()

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


@dataclass(frozen=True)
class EventScoring:
    """What an event card gave at the end: ``measure`` per player (provinces, run length, unplayed cards).

    ``detail`` names the variant applied (``"longest_only"`` for Dominance under CC-V5).
    """

    event: str
    measure: tuple
    gains: tuple
    detail: str = ""

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


@dataclass(frozen=True)
class ProvinceHalted:
    """A province scoring halted while a card's owner decides what it does (CC-19, CC-25).

    ``scoring`` is a provisional :class:`ProvinceScoring` (its cards and the effects so far; its value
    and majority are not final, so the steps stop before them); ``waiting`` is the card ``(owner, kind)``
    whose owner chooses among ``choices`` (move texts); ``left`` the cards that resolve after it.
    """

    scoring: object
    waiting: tuple
    choices: tuple
    left: tuple

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))
