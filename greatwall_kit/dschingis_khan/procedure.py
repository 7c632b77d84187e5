"""The rulebook's procedures as steps: a loop or new end resolved (DK-22 to DK-27), a village scored (DK-31 to DK-35),
a scout's path through one turn (DK-11 to DK-17).

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

from dataclasses import dataclass, field
from functools import cached_property, partial

from ..engine.steps import Step, keyed
from .moves import Climb, Gate, Lay, Track
from .scouts import refusal, steps as ways_out
from .walls import OPEN

__all__ = ["resolution_steps", "village_steps", "ScoutPath", "scout_paths"]

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


# -- a scout's path (DK-11 to DK-17) ----------------------------------------------------------------------------

_MOVE_RULES = {"DK-12": "track", "DK-13": "gate", "DK-14": "climb"}


@dataclass(frozen=True)
class ScoutPath:
    """One turn of a scout placing tiles: its steps from village to village, or a scout blocked at the start.

    Read back from the log by :func:`scout_paths`; the steps replay the turn's decisions on the position before
    its first step, so the ways out of each village and the reasons a way is refused are the engine's own.

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
    """

    player: int
    decision: int
    plays: tuple
    end: str
    discarded: int
    until: int
    before: object = field(compare=False, repr=False)  # () -> the playable position before the path

    @cached_property
    def steps(self):
        """The path as the rulebook's steps, built (by one replay) when first asked for."""
        return _path_steps(self, self.before())

    def __str__(self):
        return "\n".join(map(str, self.steps))


def scout_paths(game):
    """Every scout path in ``game``'s log (see :class:`ScoutPath`), as ``(title, event, path)``; nothing replayed."""
    out, path, player, log = [], None, None, game.log
    for i, event in enumerate(log):
        rule, data = event.rule, event.data
        if rule == "DK-06" and "player" in data:
            player, path = data["player"], None
            continue
        opens = rule in _MOVE_RULES and "village" in data or rule == "DK-16" and "count" in data
        if path is None and opens:
            if player is None:  # a teaching position that starts in the middle of a turn
                player = game.position_at(0).current
            path = {"player": player, "event": i, "end": "moving", "discarded": 0, "villages": []}
            out.append(path)
        if path is None:
            continue
        path["until"] = i
        if rule in _MOVE_RULES and "village" in data:
            path["villages"].append(data["village"])
        elif rule == "DK-17":
            path["end"] = "placed"
        elif rule == "DK-16":
            path["end"] = "blocked"
            path["discarded"] = data.get("count", path["discarded"])
    found = []
    for path in out:
        first, last = log[path["event"]].decision, log[path["until"]].decision
        name = game.player_names[path["player"]]
        title = (f"{name}'s scout: villages {', '.join(map(str, path['villages']))}" if path["villages"]
                 else f"{name}'s scout is blocked")
        evidence = ScoutPath(path["player"], first, tuple(game.history[first - 1:last]), path["end"],
                             path["discarded"], path["until"], partial(game.position_at, first - 1))
        found.append((title, path["event"], evidence))
    return found


def _path_steps(path, game):
    p, lat = path.player, game.board
    name, here = game.player_names[p], game.scout[p]
    tiles = len(game.active_tiles[p])
    steps = [Step(f"{name}'s scout sets out from village {here} with {tiles} tile{'' if tiles == 1 else 's'} to "
                  "place, one face down on each village it enters.", "DK-11", {"village": here, "tiles": tiles},
                  {f"v{here}": "focus"})]
    stop = _stop(game, p, here)  # the ways out are worked out on arrival: laying a tile changes none of them
    moved = 0
    for move in path.plays:
        kind = type(move)
        if kind in (Track, Gate, Climb):
            steps += stop
            moved += 1
            there = lat.across(move.line, here) if kind is Gate else move.village
            numbers = {"step": moved, "from": here, "to": there}
            if kind is Track:
                steps.append(Step(f"Step {moved}: along the track from village {here} to village {there}, on the same "
                                  "side with no wall across.", "DK-12", numbers, {f"v{there}": "focus"}))
            elif kind is Gate:
                steps.append(Step(f"Step {moved}: through the open gate on line {move.line} from village {here} to "
                                  f"village {there}; the piece closes behind the scout.", "DK-13",
                                  {**numbers, "closed": (move.line,)},
                                  {f"l{move.line}": "changed", f"v{there}": "focus"}))
            else:
                steps.append(Step(f"Step {moved}: up the wall at the open piece on line {move.up}, along the wall, "
                                  f"and down at the open piece on line {move.down} into village {there}; both pieces "
                                  "close.", "DK-14", {**numbers, "closed": (move.up, move.down)},
                                  {f"l{move.up}": "changed", f"l{move.down}": "changed", f"v{there}": "focus"}))
            game.play(move)
            here = there
            stop = _stop(game, p, here)
        elif kind is Lay:
            height = len(game.stacks[here]) + 1
            tiles -= 1
            steps.append(Step(f"A tile goes face down on top of village {here}: {height} high, {name} controls it; "
                              f"{tiles} left to place.", "DK-18", {"village": here, "height": height, "left": tiles},
                              {f"v{here}": "added"}))
            game.play(move)
        else:  # discard: blocked before the first step
            steps += stop
            game.play(move)
    if path.end == "placed":
        steps.append(Step(f"Every tile is placed: the scout stays on village {here}.", "DK-17", {"village": here},
                          {f"v{here}": "focus"}))
    elif path.end == "blocked":
        if type(path.plays[-1]) is Lay:
            steps += stop
        n = path.discarded
        steps.append(Step(f"The scout is blocked on village {here}: the {n} unplaced tile{'' if n == 1 else 's'} "
                          f"leave{'s' if n == 1 else ''} the game.", "DK-16", {"village": here, "discarded": n},
                          {f"v{here}": "focus"}))
    return tuple(steps)


def _stop(game, p, here):
    """The steps of one stop: where the scout may go from ``here``, and why each other neighbour is refused."""
    lat, net, sides, forbidden = game.board, game.net, game.sides, game._forbidden()
    loose = {"branch_walls_block_tracks": game.options.branch_walls_block_tracks}
    ways = ways_out(lat, net, sides, here, forbidden, **loose)
    tracks = sorted({m.village for m in ways if type(m) is Track})
    gates = sorted({(lat.across(m.line, here), m.line) for m in ways if type(m) is Gate})
    climbs = sorted({m.village for m in ways if type(m) is Climb})
    reach = set(tracks) | {v for v, _ in gates} | set(climbs)
    only_climbs = sorted(set(climbs) - set(tracks) - {v for v, _ in gates})
    parts = ([f"{_villages(tracks)} by track"] if tracks else []) \
        + [f"{v} through the gate on line {line}" for v, line in gates] \
        + ([f"{_villages(only_climbs)} along the wall"] if only_climbs else [])
    touches = {f"v{here}": "focus", **keyed("v", sorted(reach), "focus")}
    if reach:
        out = [Step(f"From village {here} the scout may enter {len(reach)} village{'' if len(reach) == 1 else 's'}: "
                    + "; ".join(parts) + ".", "DK-11", {"village": here, "ways": len(reach)}, touches)]
    else:
        out = [Step(f"From village {here} the scout may enter no village.", "DK-16", {"village": here, "ways": 0},
                    touches)]
    why_not = _why_forbidden(game, p)
    for line in lat.village_lines[here]:
        there = lat.across(line, here) if lat.inner[line] else None
        if there is None or there in reach:
            continue
        rule, reason = refusal(lat, net, sides, here, forbidden, Gate(line) if line in net.state else Track(there),
                               **loose)
        marks = {f"v{there}": "focus", **({f"l{line}": "focus"} if line in net.state else {})}
        out.append(Step(f"Not to village {there}: {why_not(there) if rule == 'DK-15' else reason}.", rule,
                        {"village": there, "line": line}, marks))
    beside = [line for line in lat.village_lines[here] if lat.inner[line] and line in net.state]
    ups = [line for line in beside if net.state[line] == OPEN]
    if beside and not ups:
        out.append(Step(f"Not along the wall: the piece{'' if len(beside) == 1 else 's'} beside village {here} on "
                        f"{_lines(beside)} {'is' if len(beside) == 1 else 'are'} closed, so there is no way up.",
                        "DK-14", {"village": here, "open_beside": 0}, keyed("l", beside, "focus")))
    elif ups:  # villages beside another open piece that the scout may not enter
        refused = sorted({v for line, state in net.state.items() if state == OPEN and (len(ups) > 1 or line != ups[0])
                          for v in lat.faces[line] if v in forbidden and v != here and v not in reach})
        out += [Step(f"Not along the wall to village {v}: {why_not(v)}.", "DK-15", {"village": v}, {f"v{v}": "focus"})
                for v in refused if v not in {lat.across(line, here) for line in lat.village_lines[here]
                                              if lat.inner[line]}]
    return out


def _why_forbidden(game, p):
    """Why the scout may not enter a village this turn (DK-15), in words."""
    others = {s: game.player_names[q] for q, s in enumerate(game.scout) if q != p and s >= 0}
    start = game.visited[0] if game.visited else None

    def why(v):
        if v in others:
            return f"{others[v]}'s scout stands there"
        if v == start:
            return "the scout began its turn there and may not return"
        return "the scout has already entered it this turn"
    return why


def _villages(vs):
    return ("village " if len(vs) == 1 else "villages ") + ", ".join(map(str, vs))


def _pieces(n):
    return f"{n} piece" + ("" if n == 1 else "s")


def _lines(lines):
    return ("line " if len(lines) == 1 else "lines ") + ", ".join(map(str, lines)) if lines else "none"
