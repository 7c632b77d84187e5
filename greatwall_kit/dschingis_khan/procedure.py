"""The rulebook's procedures as steps: a loop or new end resolved (DK-22 to DK-27), a village scored (DK-31 to DK-35),
a scout's path through one turn (DK-11 to DK-17).

Built on demand from the evidence objects (:class:`~.walls.Resolution`, :class:`~.scoring.VillageScore`,
:class:`ScoutPath`), never while a game is played; this module attaches each steps function to its evidence type
(:func:`~greatwall_kit.engine.steps.procedure`), so ``steps_of(evidence)`` finds it. Board keys: ``l<line>`` wall
lines, ``t<tower>`` towers, ``v<village>`` villages, the players' names and ``supply`` for their panels.

Names in the sentences are the board's: a tower by its coordinates ``(3,3)``, a line by its two towers
``(2,2)-(2,3)``, a route by the towers it runs through ``(3,3)-(3,2)-(3,1)``, a village by its number.

Every step that changes the board carries its ``change`` (see :mod:`.changes`) and marks what it changes
(``added``, ``removed``, ``changed``); a step that only explains marks its ``focus``. So each step has the
position right after it: here a loop's shorter route goes back to the supply, then a village changes side.

Examples
--------
>>> from greatwall_kit.dschingis_khan import DschingisKhan
>>> wall = [[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]]
>>> game = DschingisKhan.from_position({"players": 2, "walls": [wall, [[1, 3], [1, 4], [2, 4]]],
...                                     "scouts": {"Red": [0, 0], "Green": [1, 0]}, "turn": "Red",
...                                     "phase": "place", "active": {"Red": {"walls": 1}}})
>>> _ = game.play("wall (2,4)-(2,3)")
>>> loop = game.resolutions()[-1]
>>> print(loop)
Loop closed by (2,3)-(2,4)
  1. An open wall is placed on (2,3)-(2,4): it closes a loop with the Great Wall. [DK-22]
  2. The loop meets the Great Wall at towers (2,3) and (1,3). [DK-22]
  3. The Great Wall's route between them: 1 piece, (1,3)-(2,3). [DK-22]
  4. The newly completed route: 3 pieces, (2,3)-(2,4)-(1,4)-(1,3). [DK-22]
  5. 3 > 1: the Great Wall's route is shorter, so it goes. [DK-22]
  6. The shorter route's 1 piece is removed: (1,3)-(2,3). [DK-22]
  7. The newly completed route becomes part of the Great Wall. [DK-22]
  8. No piece is left without connection to the Great Wall. [DK-24]
  9. The 1 piece removed goes back to the common supply. [DK-02]
  10. Village 24, enclosed between the two routes, changes side. [DK-27]
>>> [loop.before.supply, loop.after(5).supply, loop.after(8).supply]
[16, 16, 17]
>>> [loop.after(8).side(24), loop.after(9).side(24)]
['China', 'Mongolia']
"""

from functools import partial

from ..engine.errors import GreatWallError
from ..engine.steps import Resolved, Step, keyed, procedure
from .events import (
    DISCARDED,
    ISOLATED_REMOVED,
    LEAVE_THE_GAME,
    RESOLUTIONS,
    SCOUT_BLOCKED,
    SCOUT_STAYS,
    SCOUT_STEPS,
    SIDES_CHANGED,
    TURN,
    VILLAGE_SCORED,
)
from .evidence import Resolution, ScoutPath, VillageScore
from .moves import Climb, Gate, Lay, Track
from .scoring import PLAYER_NAMES
from .scouts import refusal
from .scouts import steps as ways_out
from .sides import SIDE_NAMES
from .walls import OPEN
from .walls import pieces as _pieces

__all__ = ["resolutions", "resolution_steps", "village_steps", "scout_paths", "path_steps"]

_KIND = {"chinese": "a Chinese", "mongol": "a Mongol", "farmer": "a farmer", "plague": "the plague",
         "ginseng": "the ginseng"}
_CASE = {
    "neither": "No plague and no ginseng: a Chinese is worth +3 in China, a Mongol +3 in Mongolia, -3 on the "
               "wrong side; a farmer +3.",
    "plague": "The plague without ginseng: every Chinese, Mongol and farmer is worth -3.",
    "ginseng": "The ginseng without plague: Chinese and Mongols are worth +3, farmers +1.",
    "both": "Plague and ginseng together: the village counts as if it had neither.",
}


# -- a loop or a new end (DK-22 to DK-27) ----------------------------------------------------------------------

def _resolution_summary(r):
    kept = {("loop", "new"): "the new route", ("loop", "old"): "the Great Wall's route",
            ("new end", "new"): "the new end section", ("new end", "old"): "the old end section"}[r.kind, r.kept]
    return {"{} is kept": kept, "{} removed": _pieces(len(r.removed)),
            "side changes: {}": _villages(r.changed_side) if r.changed_side else "none"}


@procedure(Resolution, summary=_resolution_summary)
def resolution_steps(r):
    """The steps of a :class:`~.walls.Resolution`, in the rulebook's order, each with its change."""
    lat = r.board
    if lat is None:
        raise GreatWallError("this resolution does not know its board, so its steps cannot name lines and towers: "
                             "take it from game.resolutions() or WallNetwork.place()")
    tower, line_name = lat.describe_tower, lat.describe_line
    loop, tie, kept_new = r.kind == "loop", r.old_length == r.new_length, r.kept == "new"
    rule = "DK-22" if loop else "DK-25"
    old, new = r.old_length, r.new_length
    old_towers, new_towers = _towers(lat, r.junctions[0], r.old_route), _towers(lat, r.junctions[0], r.new_route)
    placer = PLAYER_NAMES[r.player] if r.player is not None else None
    placed = {"wall": {"line": f"l{r.line}", **({"player": placer} if placer else {})}}
    touches = {f"l{r.line}": "added", **({placer: "changed"} if placer else {})}
    if loop:
        a, b = r.junctions
        steps = [
            Step(f"An open wall is placed on {line_name(r.line)}: it closes a loop with the Great Wall.", rule,
                 {"line": r.line}, touches, placed),
            Step(f"The loop meets the Great Wall at towers {tower(a)} and {tower(b)}.", rule,
                 {"junctions": r.junctions}, {f"t{a}": "focus", f"t{b}": "focus"}),
            Step(f"The Great Wall's route between them: {_pieces(old)}, {_path(lat, old_towers)}.", rule,
                 {"old_length": old}, keyed("l", r.old_route, "focus")),
            Step(f"The newly completed route: {_pieces(new)}, {_path(lat, new_towers)}.", rule,
                 {"new_length": new}, keyed("l", r.new_route, "focus")),
        ]
        old_name, new_name = "the Great Wall's route", "the newly completed route"
    else:
        junction, old_end, new_end = r.junctions
        side = lat.side_of_tower[new_end]
        steps = [
            Step(f"An open wall is placed on {line_name(r.line)}: it reaches tower {tower(new_end)} on the {side} "
                 "side of the board, a possible new end.", rule, {"line": r.line},
                 {**touches, f"t{new_end}": "focus"}, placed),
            Step(f"Its route leaves the Great Wall at tower {tower(junction)}.", rule, {"junction": junction},
                 {f"t{junction}": "focus"}),
            Step(f"The old end section, from tower {tower(junction)} to the end tower {tower(old_end)}: "
                 f"{_pieces(old)}, {_path(lat, old_towers)}.", rule, {"old_length": old},
                 {**keyed("l", r.old_route, "focus"), f"t{old_end}": "focus"}),
            Step(f"The new end section, from tower {tower(junction)} to tower {tower(new_end)}: {_pieces(new)}, "
                 f"{_path(lat, new_towers)}.", rule, {"new_length": new},
                 {**keyed("l", r.new_route, "focus"), f"t{new_end}": "focus"}),
        ]
        old_name, new_name = "the old end section", "the new end section"
    compared = {"old_length": old, "new_length": new}
    removed = keyed("l", r.removed_route, "focus")
    if tie:
        steps.append(Step(f"{new} = {old}: both are equally long, and on a tie {new_name} goes.",
                          "DK-23" if loop else "DK-25", compared, removed))
    elif kept_new:
        steps.append(Step(f"{new} > {old}: {old_name} is shorter, so it goes.", rule, compared, removed))
    else:
        steps.append(Step(f"{new} < {old}: {new_name} is shorter, so it goes.", rule, compared, removed))
    gone = len(r.removed_route)
    whose = f"{new_name[0].upper()}{new_name[1:]}'s" if tie else "The shorter route's"
    steps.append(Step(f"{whose} {_pieces(gone)} {_is(gone)} removed: "
                      f"{_path(lat, old_towers if kept_new else new_towers)}.", steps[-1].rule, {"removed": gone},
                      keyed("l", r.removed_route, "removed"), {"remove": [f"l{x}" for x in r.removed_route]}))
    if kept_new:
        touches = keyed("l", r.new_route, "changed")
        if not loop:   # the end tower's square moves from the old end to the new one
            touches.update({f"t{r.junctions[1]}": "changed", f"t{r.junctions[2]}": "changed"})
        steps.append(Step(f"{new_name[0].upper()}{new_name[1:]} becomes part of the Great Wall"
                          + ("." if loop else f"; tower {tower(r.junctions[2])} is its new end."), rule,
                          {"great_wall_change": new - old}, touches,
                          {"great_wall": [f"t{t}" for t in new_towers]}))
    if r.removed_isolated:
        n = len(r.removed_isolated)
        steps.append(Step(f"{_pieces(n)} left without connection to the Great Wall {_is(n)} removed too: "
                          f"{_chains(lat, r.removed_isolated)}.", "DK-24", {"isolated": n},
                          keyed("l", r.removed_isolated, "removed"),
                          {"remove": [f"l{x}" for x in r.removed_isolated]}))
    else:
        steps.append(Step("No piece is left without connection to the Great Wall.", "DK-24", {"isolated": 0}))
    total = len(r.removed)
    if r.final_round:
        steps.append(Step(f"In the final round the {_pieces(total)} removed leave{'s' if total == 1 else ''} the "
                          "game instead of going back to the common supply.", "DK-29", {"out_of_game": total},
                          {"supply": "changed"}, {"out_of_game": total}))
    else:
        steps.append(Step(f"The {_pieces(total)} removed go{'es' if total == 1 else ''} back to the common supply.",
                          "DK-02", {"to_supply": total}, {"supply": "changed"}, {"supply": total}))
    if not kept_new:
        steps.append(Step("The Great Wall stays where it was: every village keeps its side.", "DK-27", {"changed": 0}))
    elif not r.changed_side:
        steps.append(Step("No village lies between the two routes: every village keeps its side.", "DK-27",
                          {"changed": 0}))
    for v in r.changed_side:
        steps.append(Step(f"Village {v}, enclosed between the two routes, changes side.", "DK-27", {"village": v},
                          {f"v{v}": "changed"}, {"side": f"v{v}"}))
    return tuple(steps)


# -- a village scored at the end (DK-31 to DK-35) ------------------------------------------------------------------

def _village_summary(s):
    return {"{} scores it": PLAYER_NAMES[s.controller], "it scores {}": f"{s.points:+d}"}


@procedure(VillageScore, summary=_village_summary)
def village_steps(s):
    """The steps of a :class:`~.scoring.VillageScore`: who scores, which case, each tile bottom to top, the total
    (added to the controller's score)."""
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
    steps.append(Step(f"Village {s.village} scores {s.points:+d} for {who}.", "DK-31", {"points": s.points},
                      {**key, who: "changed"},
                      {"score": {"player": who, "village": f"v{s.village}", "points": s.points}}))
    return tuple(steps)


# -- a scout's path (DK-11 to DK-17) ----------------------------------------------------------------------------

def resolutions(game):
    """Every loop and new end resolved and every scout's path so far, then (once the game is over) every
    village scored, in the order of the log, as :class:`~greatwall_kit.engine.steps.Resolved` records (see
    :meth:`DschingisKhan.resolutions <greatwall_kit.dschingis_khan.DschingisKhan.resolutions>`)."""
    out, log, board = [], game.log, game.board
    for i, event in enumerate(log):
        if event.kind in RESOLUTIONS:
            # what the resolution told after it, in its decision: isolated pieces, sides, the final round
            end = i
            while end + 1 < len(log) and log[end + 1].kind in _TOLD_AFTER and log[end + 1].decision == event.decision:
                end += 1
            # the event before is the wall's placement, the first event of its decision
            who = game.player_names.index(log[i - 1].data["who"])
            r = Resolution.from_dict(event.data, board=board, player=who, final_round=log[end].kind is LEAVE_THE_GAME)
            what = "Loop closed" if r.kind == "loop" else "New end reached"
            out.append(Resolved(f"{what} by {board.describe_line(r.line)}", i, event.decision, r, i - 2, game=game,
                                end=end))
    if game.scored is not None:
        scored = iter(game.village_scores())
        for i, event in enumerate(log):
            if event.kind in _VILLAGE_KINDS:
                s = next(scored)
                out.append(Resolved(f"Village {s.village} scored", i, event.decision, s, i - 1, game=game))
    # a scout's path starts from the position before its first step, the previous decision's last event
    out += [Resolved(title, i, log[i].decision, path, i - 1, game=game, end=path.until)
            for title, i, path in scout_paths(game)]
    return sorted(out, key=lambda r: r.event)


_TOLD_AFTER = (ISOLATED_REMOVED, SIDES_CHANGED, LEAVE_THE_GAME)
_VILLAGE_KINDS = tuple(VILLAGE_SCORED.values())


def scout_paths(game):
    """Every scout path in ``game``'s log (see :class:`ScoutPath`), as ``(title, event, path)``; nothing replayed."""
    out, path, player, log = [], None, None, game.log
    for i, event in enumerate(log):
        kind = event.kind
        if kind is TURN:
            player, path = event.data["player"], None
            continue
        opens = kind in SCOUT_STEPS or kind is DISCARDED
        if path is None and opens:
            if player is None:  # a teaching position that starts in the middle of a turn
                player = game.position_at(0).current
            path = {"player": player, "event": i, "end": "moving", "discarded": 0, "villages": []}
            out.append(path)
        if path is None:
            continue
        path["until"] = i
        if kind in SCOUT_STEPS:
            path["villages"].append(event.data["village"])
        elif kind is SCOUT_STAYS:
            path["end"], path = "placed", None        # the turn ends (and the game may: its scoring is no step)
        elif kind is SCOUT_BLOCKED:
            path["end"] = "blocked"
        elif kind is DISCARDED:
            path["end"], path["discarded"], path = "blocked", event.data["count"], None
    found = []
    for path in out:
        first, last = log[path["event"]].decision, log[path["until"]].decision
        name = game.player_names[path["player"]]
        title = (f"{name}'s scout: villages {', '.join(map(str, path['villages']))}" if path["villages"]
                 else f"{name}'s scout is blocked")
        evidence = ScoutPath(path["player"], first, tuple(game.history[first - 1:last]), path["end"],
                             path["discarded"], path["until"], tuple(path["villages"]),
                             partial(game.position_at, first - 1))
        found.append((title, path["event"], evidence))
    return found


def _path_summary(path):
    villages = path.villages
    ends = {"placed": "with every tile placed", "moving": "still moving",
            "blocked": f"blocked, {path.discarded} tile{'' if path.discarded == 1 else 's'} lost"}
    return {"the scout enters {}": _villages(villages) if villages else "no village", "it ends {}": ends[path.end]}


@procedure(ScoutPath, summary=_path_summary)
def path_steps(path):
    """The steps of a :class:`ScoutPath`: each stop's ways out, each step (the scout moves, the pieces it passes
    close), each tile laid face down, and how the path ends."""
    game = path.before()
    p, lat, names = path.player, game.board, game.board.line_names
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
            closed = () if kind is Track else (move.line,) if kind is Gate else (move.up, move.down)
            marks = {f"v{here}": "changed", f"v{there}": "changed", **keyed("l", closed, "changed")}
            change = {"scout": {"player": name, "village": f"v{there}", "closes": [f"l{x}" for x in closed]}}
            if kind is Track:
                sentence, rule = (f"Step {moved}: along the track from village {here} to village {there}, on the same "
                                  "side with no wall across."), "DK-12"
            elif kind is Gate:
                sentence, rule = (f"Step {moved}: through the open gate at {names[move.line]} from village {here} to "
                                  f"village {there}; the piece closes behind the scout."), "DK-13"
            else:
                sentence, rule = (f"Step {moved}: up the wall at the open piece {names[move.up]}, along the wall, and "
                                  f"down at the open piece {names[move.down]} into village {there}; both pieces "
                                  "close."), "DK-14"
            steps.append(Step(sentence, rule, {**numbers, **({"closed": closed} if closed else {})}, marks, change))
            game.play(move)
            here = there
            stop = _stop(game, p, here)
        elif kind is Lay:
            stack = game.stacks[here]
            height, tiles = len(stack) + 1, tiles - 1
            marks = {f"v{here}": "added", name: "changed"}
            if stack and stack[-1][0] != p:   # the village's former controller no longer has a tile on top there
                marks[game.player_names[stack[-1][0]]] = "changed"
            steps.append(Step(f"A tile goes face down on top of village {here}: {height} high, {name} controls it; "
                              f"{tiles} left to place.", "DK-18", {"village": here, "height": height, "left": tiles},
                              marks, {"tile": {"player": name, "village": f"v{here}", "kind": move.tile}}))
            game.play(move)
        else:  # discard: blocked before the first step
            steps += stop
            game.play(move)
    if path.end == "placed":
        steps.append(Step(f"No tile is left to place: the scout stays on village {here}.", "DK-17", {"village": here},
                          {f"v{here}": "focus"}))
    elif path.end == "blocked":
        if type(path.plays[-1]) is Lay:
            steps += stop
        n = path.discarded
        steps.append(Step(f"The scout is blocked on village {here}: the {n} unplaced tile{'' if n == 1 else 's'} "
                          f"leave{'s' if n == 1 else ''} the game.", "DK-16", {"village": here, "discarded": n},
                          {f"v{here}": "focus", name: "changed"}, {"discard": name}))
    return tuple(steps)


def _stop(game, p, here):
    """The steps of one stop: where the scout may go from ``here``, and why each other neighbour is refused."""
    lat, net, sides, forbidden = game.board, game.net, game.sides, game._forbidden()
    names = lat.line_names
    ways = ways_out(lat, net, sides, here, forbidden, options=game.options)
    tracks = sorted({m.village for m in ways if type(m) is Track})
    gates = sorted({(lat.across(m.line, here), m.line) for m in ways if type(m) is Gate})
    climbs = sorted({m.village for m in ways if type(m) is Climb})
    reach = set(tracks) | {v for v, _ in gates} | set(climbs)
    only_climbs = sorted(set(climbs) - set(tracks) - {v for v, _ in gates})
    parts = ([f"{_villages(tracks)} by track"] if tracks else []) \
        + [f"{v} through the gate at {names[line]}" for v, line in gates] \
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
                               options=game.options)
        marks = {f"v{there}": "focus", **({f"l{line}": "focus"} if line in net.state else {})}
        out.append(Step(f"Not to village {there}: {why_not(there) if rule == 'DK-15' else reason}.", rule,
                        {"village": there, "line": line}, marks))
    beside = [line for line in lat.village_lines[here] if lat.inner[line] and line in net.state]
    ups = [line for line in beside if net.state[line] == OPEN]
    if beside and not ups:
        out.append(Step(f"Not along the wall: the piece{'' if len(beside) == 1 else 's'} beside village {here}, "
                        f"{_and(names[x] for x in beside)}, {_is(len(beside))} closed, so there is no way up.",
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


# -- names for sentences ------------------------------------------------------------------------------------------

def _towers(lattice, start, lines):
    """The towers of a route of ``lines`` (in order) that starts at tower ``start``."""
    out = [start]
    for line in lines:
        a, b = lattice.lines[line]
        out.append(b if a == out[-1] else a)
    return out


def _path(lattice, towers):
    """A route named by its towers, ``(3,3)-(3,2)-(3,1)``; a single piece as the board names its line."""
    if len(towers) == 2:
        return lattice.describe_line(lattice.line_between(*towers))
    return "-".join(map(lattice.describe_tower, towers))


def _chains(lattice, lines):
    """Pieces named as the routes they form (in the order given), ``(3,2)-(3,1)-(2,1) and (4,2)-(4,1)``."""
    chains: list[list[int]] = []
    for line in lines:
        a, b = lattice.lines[line]
        for chain in chains:
            if chain[-1] in (a, b):
                chain.append(b if chain[-1] == a else a)
                break
            if chain[0] in (a, b):
                chain.insert(0, b if chain[0] == a else a)
                break
        else:
            chains.append([a, b])
    return _and(_path(lattice, chain) for chain in chains)


def _and(names):
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _villages(vs):
    return ("village " if len(vs) == 1 else "villages ") + _and(map(str, vs))


def _is(n):
    return "is" if n == 1 else "are"
