"""The rulebook's procedures as steps: a loop or new end resolved (DK-22 to DK-27), a village scored (DK-31 to DK-35).

Built on demand from the evidence objects (:class:`~.walls.Resolution`, :class:`~.scoring.VillageScore`),
never while a game is played. Board keys: ``l<line>`` wall lines, ``t<tower>`` towers, ``v<village>`` villages.
Replaying the marks (``added``/``removed`` lines, ``changed`` lines joining the Great Wall, ``changed``
villages changing side) turns the position before the wall into the position after it.

Examples
--------
>>> from greatwall_kit.dschingis_khan.lattice import rectangle
>>> from greatwall_kit.dschingis_khan.walls import WallNetwork
>>> board = rectangle(3, 2)
>>> net, t = WallNetwork(board), board.tower_at
>>> _ = net.place(board.line_between(t[(1, 1)], t[(1, 0)]))
>>> _ = net.place(board.line_between(t[(1, 0)], t[(2, 0)]))
>>> for step in net.place(board.line_between(t[(2, 0)], t[(2, 1)])).steps:
...     print(step)
The wall on line 5 closes a loop with the Great Wall. [DK-22]
The loop meets the Great Wall at towers 5 and 6. [DK-22]
The Great Wall's route between them: 1 piece (line 9). [DK-22]
The newly completed route: 3 pieces (lines 3, 2, 5). [DK-22]
3 > 1: the Great Wall's route is shorter, so it goes. [DK-22]
The shorter route's 1 piece is removed (line 9). [DK-22]
The newly completed route becomes part of the Great Wall. [DK-22]
No piece is left without connection to the Great Wall. [DK-24]
Village 1, enclosed between the two routes, changes side. [DK-27]
"""

from ..engine.steps import Step, keyed

__all__ = ["resolution_steps", "village_steps"]

_KIND = {"chinese": "a Chinese", "mongol": "a Mongol", "farmer": "a farmer", "plague": "the plague",
         "ginseng": "the ginseng"}
_CASE = {
    "neither": "No plague and no ginseng: Chinese score +3 in China, Mongols +3 in Mongolia, -3 on the wrong "
               "side; farmers +3.",
    "plague": "The plague without ginseng: every Chinese, Mongol and farmer scores -3.",
    "ginseng": "The ginseng without plague: Chinese and Mongols score +3, farmers +1.",
    "both": "Plague and ginseng together: the village scores as if it had neither.",
}


def resolution_steps(r):
    """The steps of a :class:`~.walls.Resolution`, in the rulebook's order."""
    loop = r.kind == "loop"
    tie = r.old_length == r.new_length
    rule = "DK-22" if loop else "DK-25"
    old, new = r.old_length, r.new_length
    steps = []
    if loop:
        a, b = r.junctions
        steps += [
            Step(f"The wall on line {r.line} closes a loop with the Great Wall.", rule, {"line": r.line},
                 {f"l{r.line}": "added"}),
            Step(f"The loop meets the Great Wall at towers {a} and {b}.", rule, {"junctions": r.junctions},
                 {f"t{a}": "focus", f"t{b}": "focus"}),
            Step(f"The Great Wall's route between them: {_pieces(old)} ({_lines(r.old_route)}).", rule,
                 {"old_length": old}, keyed("l", r.old_route, "focus")),
            Step(f"The newly completed route: {_pieces(new)} ({_lines(r.new_route)}).", rule,
                 {"new_length": new}, keyed("l", r.new_route, "focus")),
        ]
        old_name, new_name = "the Great Wall's route", "the newly completed route"
    else:
        junction, old_end, new_end = r.junctions
        steps += [
            Step(f"The wall on line {r.line} reaches tower {new_end} on the side of the board: a new end.", rule,
                 {"line": r.line}, {f"l{r.line}": "added", f"t{new_end}": "focus"}),
            Step(f"Its route leaves the Great Wall at tower {junction}.", rule, {"junction": junction},
                 {f"t{junction}": "focus"}),
            Step(f"The old end section, from tower {junction} to the end tower {old_end}: {_pieces(old)} "
                 f"({_lines(r.old_route)}).", rule, {"old_length": old},
                 {**keyed("l", r.old_route, "focus"), f"t{old_end}": "focus"}),
            Step(f"The new end section, from tower {junction} to tower {new_end}: {_pieces(new)} "
                 f"({_lines(r.new_route)}).", rule, {"new_length": new},
                 {**keyed("l", r.new_route, "focus"), f"t{new_end}": "focus"}),
        ]
        old_name, new_name = "the old end section", "the new end section"
    compared = {"old_length": old, "new_length": new}
    if tie:
        steps.append(Step(f"{new} = {old}: both are equally long, and on a tie {new_name} goes.",
                          "DK-23" if loop else "DK-25", compared, keyed("l", r.removed_route, "focus")))
    elif r.kept == "new":
        steps.append(Step(f"{new} > {old}: {old_name} is shorter, so it goes.", rule, compared,
                          keyed("l", r.removed_route, "focus")))
    else:
        steps.append(Step(f"{new} < {old}: {new_name} is shorter, so it goes.", rule, compared,
                          keyed("l", r.removed_route, "focus")))
    gone = len(r.removed_route)
    steps.append(Step(f"The shorter route's {_pieces(gone)} {'is' if gone == 1 else 'are'} removed "
                      f"({_lines(r.removed_route)}).", steps[-1].rule, {"removed": gone},
                      keyed("l", r.removed_route, "removed")))
    if r.kept == "new":
        touches = keyed("l", r.new_route, "changed")
        if not loop:
            touches[f"t{r.junctions[2]}"] = "focus"
        steps.append(Step(f"{new_name[0].upper()}{new_name[1:]} becomes part of the Great Wall"
                          + ("." if loop else f"; tower {r.junctions[2]} is its new end."), rule,
                          {"great_wall_change": new - old}, touches))
    if r.removed_isolated:
        n = len(r.removed_isolated)
        steps.append(Step(f"{_pieces(n)} left without connection to the Great Wall {'is' if n == 1 else 'are'} "
                          f"removed too ({_lines(r.removed_isolated)}).", "DK-24", {"isolated": n},
                          keyed("l", r.removed_isolated, "removed")))
    else:
        steps.append(Step("No piece is left without connection to the Great Wall.", "DK-24", {"isolated": 0}))
    if r.kept == "old":
        steps.append(Step("The Great Wall stays where it was: no village changes side.", "DK-27", {"changed": 0}))
    for v in r.changed_side:
        steps.append(Step(f"Village {v}, enclosed between the two routes, changes side.", "DK-27", {"village": v},
                          {f"v{v}": "changed"}))
    return tuple(steps)


def village_steps(s):
    """The steps of a :class:`~.scoring.VillageScore`: who scores, which case, each tile bottom to top, the total."""
    from .scoring import PLAYER_NAMES
    from .sides import SIDE_NAMES

    who = PLAYER_NAMES[s.controller]
    key = {f"v{s.village}": "focus"}
    steps = [
        Step(f"Village {s.village} lies in {SIDE_NAMES[s.side]}; {who} controls it (the top tile) and scores it.",
             "DK-31", {"village": s.village, "controller": s.controller}, key),
        Step(_CASE[s.case], s.rule, {}, key),
    ]
    total = 0
    for i, (kind, points) in enumerate(s.tile_points, 1):
        total += points
        steps.append(Step(f"Tile {i} from the bottom, {_KIND[kind]}: {points:+d} (so far {total:+d}).", s.rule,
                          {"tile": i, "points": points, "total": total}, key))
    steps.append(Step(f"Village {s.village} scores {s.points:+d} for {who}.", "DK-31", {"points": s.points}, key))
    return tuple(steps)


def _pieces(n):
    return f"{n} piece" + ("" if n == 1 else "s")


def _lines(lines):
    return ("line " if len(lines) == 1 else "lines ") + ", ".join(map(str, lines)) if lines else "none"
