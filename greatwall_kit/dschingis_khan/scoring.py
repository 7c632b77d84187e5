"""End-of-game scoring of the villages (DK-31 to DK-36), as evidence objects.

Examples
--------
>>> s = score_village(4, [(1, "mongol"), (0, "chinese"), (0, "farmer")], side=1)
>>> s.controller, s.case, s.points, s.rule
(0, 'neither', 3, 'DK-32')
>>> score_village(4, [(0, "mongol"), (0, "plague"), (0, "farmer")], side=0).points
-6
>>> score_village(4, [(0, "mongol"), (0, "ginseng"), (0, "farmer")], side=1).points
4
>>> score_village(4, [(0, "mongol"), (0, "ginseng"), (0, "plague")], side=1).points
-3
"""

from dataclasses import dataclass

from ..engine.records import Record
from ..engine.steps import steps_of
from .sides import CHINA, MONGOLIA

__all__ = ["KINDS", "PLAYER_NAMES", "VillageScore", "score_village", "score_board"]

#: The tile kinds; a player's 17 tiles (DK-03).
KINDS = ("chinese", "mongol", "farmer", "plague", "ginseng")
TILE_SET = {"chinese": 5, "mongol": 5, "farmer": 5, "plague": 1, "ginseng": 1}
#: The players' colours, in seat order.
PLAYER_NAMES = ("Red", "Green", "Blue", "Orange")
_HOME = {"chinese": CHINA, "mongol": MONGOLIA}


@dataclass(frozen=True)
class VillageScore(Record):
    """How one village scored: who controls it, which case applied, each tile's points and the total."""

    village: int
    controller: int
    side: int
    case: str          # 'neither', 'plague', 'ginseng', 'both'
    rule: str
    tile_points: tuple  # (kind, points) bottom to top
    points: int

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


def score_village(village, stack, side):
    """Score one village's ``stack`` (``(owner, kind)`` bottom to top) on ``side`` for its controller."""
    kinds = [k for _, k in stack]
    plague, ginseng = "plague" in kinds, "ginseng" in kinds
    if plague and not ginseng:
        case, rule = "plague", "DK-33"
    elif ginseng and not plague:
        case, rule = "ginseng", "DK-34"
    else:
        case, rule = ("both", "DK-35") if plague else ("neither", "DK-32")
    points = _POINTS[case][side]
    pts = [(k, points[k]) for k in kinds]
    return VillageScore._of(village, stack[-1][0], side, case, rule, tuple(pts), sum(p for _, p in pts))


def _points(case, side):
    """Each tile kind's points in a village of this case (DK-32 to DK-35) on this side."""
    if case == "plague":
        return {k: 0 if k == "plague" else -3 for k in KINDS}
    if case == "ginseng":
        return {k: {"ginseng": 0, "farmer": 1}.get(k, 3) for k in KINDS}
    return {k: 0 if k in ("plague", "ginseng") else 3 if k == "farmer" or _HOME[k] == side else -3 for k in KINDS}


# the points tables, worked out once: every game scores every village at its end
_POINTS = {case: {side: _points(case, side) for side in (MONGOLIA, CHINA)}
           for case in ("neither", "plague", "ginseng", "both")}


def score_board(stacks, sides, players):
    """Every controlled village's :class:`VillageScore` and the players' totals (DK-31)."""
    totals = [0] * players
    scored = []
    for v, stack in enumerate(stacks):
        if stack:
            s = score_village(v, stack, sides[v])
            totals[s.controller] += s.points
            scored.append(s)
    return scored, totals
