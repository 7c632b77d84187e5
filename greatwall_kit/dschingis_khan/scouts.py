"""Where a scout may go next (DK-12 to DK-15), and why not.

Three ways out of a village: a track to a neighbour on the same side (no wall on the
line), an open gate to the village across, or up the wall at an open piece beside the
village, along the wall, and down at another open piece. Villages with another scout,
villages already entered this turn and the start village are out of bounds.

Examples
--------
>>> from greatwall_kit.dschingis_khan.lattice import rectangle
>>> from greatwall_kit.dschingis_khan.walls import WallNetwork
>>> from greatwall_kit.dschingis_khan.sides import initial_sides
>>> board = rectangle(2, 2)
>>> net = WallNetwork(board)
>>> [str(m) for m in steps(board, net, initial_sides(board, board.start_wall), 0, {0})]
['track 1', 'gate (0,1)-(1,1)', 'climb (0,1)-(1,1) (1,1)-(2,1) 1', 'climb (0,1)-(1,1) (1,1)-(2,1) 3']
"""

from .moves import Climb, Gate, Track, board_moves
from .rules import Options
from .walls import OPEN

__all__ = ["steps", "can_move", "refusal"]

_KIT = Options()  # the kit's readings


def steps(lattice, net, sides, here, forbidden, *, options=_KIT):
    """Every step the scout in village ``here`` may take; ``forbidden`` holds the villages it may not enter;
    ``options`` are the game's readings (``branch_walls_block_tracks``, DK-12)."""
    made = board_moves(lattice)
    out, ups = _near(lattice, net, sides, here, forbidden, options.branch_walls_block_tracks, made)
    if ups:
        beside, blocked = net.open_beside(), forbidden | {here}
        for up in ups:
            out += map(made.climbs_up(up).__getitem__, _downs(beside, up, blocked))
    return out


def can_move(lattice, net, sides, here, forbidden, *, options=_KIT):
    """Whether the scout in village ``here`` has any step at all (climbs are looked for only if needed)."""
    made = board_moves(lattice)
    out, ups = _near(lattice, net, sides, here, forbidden, options.branch_walls_block_tracks, made)
    if out or not ups:
        return bool(out)
    beside, blocked = net.open_beside(), forbidden | {here}
    return any(_downs(beside, up, blocked) for up in ups)


def _near(lattice, net, sides, here, forbidden, branch_walls_block_tracks, made):
    """The tracks and gates out of ``here`` (in the order of the village's sides), and the open pieces beside
    it, where the scout may climb up."""
    state, side = net.state, sides[here]
    out, ups = [], []
    for line, there, track in lattice.neighbours[here]:
        wall = state.get(line)
        if wall == OPEN:
            ups.append(line)
        if there in forbidden:
            continue
        if wall is None or (not branch_walls_block_tracks and not net.on_great_wall_line(line)):
            if track and sides[there] == side:
                out.append(made.track[there])
        if wall == OPEN:
            out.append(made.gate[line])   # an open gate is a way through, whatever the track under it
    return out, ups


def _downs(beside, up, blocked):
    """``(down, village)`` of every climb up at ``up``: along the wall, down at another open piece (of
    ``beside``, :meth:`WallNetwork.open_beside`) into a village beside it that is not ``blocked``."""
    return [pair for pair in beside if pair[0] != up and pair[1] not in blocked]


def refusal(lattice, net, sides, here, forbidden, move, *, options=_KIT):
    """``(rule_id, reason)`` explaining why a scout step is not possible (the step must be illegal); lines are
    named by their towers, as the board draws them."""
    faces, state, name = lattice.faces, net.state, _namer(lattice)
    if isinstance(move, Track):
        target = move.village
        if target == here:
            return "DK-12", f"the scout already stands on village {here}: a track leads to a neighbour"
        shared = [line for line in lattice.village_lines[here] if lattice.inner[line] and target in faces[line]]
        if not shared:
            return "DK-12", f"village {target} is not a neighbour of village {here}"
        line = shared[0]
        if sides[target] != sides[here]:
            return "DK-12", f"village {target} is on the other side of the Great Wall: tracks stay on one side"
        if not lattice.track[line]:
            return "DK-12", f"no track joins village {here} and village {target}"
        if line in state and (options.branch_walls_block_tracks or net.on_great_wall_line(line)):
            return "DK-12", (f"a wall piece stands across the track on {name(line)}: only an open gate lets the "
                             "scout through")
        return "DK-15", _forbidden(target, forbidden)
    if isinstance(move, Gate):
        line = move.line
        if not 0 <= line < len(lattice.lines):
            return "DK-13", f"there is no line {line} on this board"
        if here not in faces[line] or not lattice.inner[line]:
            return "DK-13", f"{name(line)} is not a side of village {here}, the scout's village"
        if line not in state:
            return "DK-13", f"there is no wall piece on {name(line)} to pass through"
        if state[line] != OPEN:
            return "DK-13", f"the wall piece on {name(line)} is closed"
        return "DK-15", _forbidden(lattice.across(line, here), forbidden)
    if isinstance(move, Climb):
        for way, line in (("up", move.up), ("down", move.down)):
            if line not in state:
                return "DK-14", f"there is no wall piece on {name(line)} to climb {way}"
            if state[line] != OPEN:
                return "DK-14", f"the wall piece on {name(line)} is closed: no way {way} there"
        if here not in faces[move.up]:
            return "DK-14", f"the piece on {name(move.up)} does not stand beside village {here}, the scout's village"
        if move.up == move.down:
            return "DK-14", "climbing up and down at the same piece is a pass through its gate"
        if move.village not in faces[move.down]:
            return "DK-14", f"village {move.village} is not beside the piece on {name(move.down)}"
        if move.village == here:
            return "DK-14", f"the scout already stands on village {here}: it climbs down into another village"
        return "DK-15", _forbidden(move.village, forbidden)
    return "KIT-02", "it is not a scout step"


def _namer(lattice):
    """A line's name for a refusal: its towers, or its number when there is no such line on the board."""
    names = lattice.line_names

    def name(line):
        return names[line] if 0 <= line < len(names) else f"line {line} (no line of this board)"
    return name


def _forbidden(village, forbidden):
    return (f"village {village} may not be entered: another scout stands there, or this scout has already "
            "been there this turn (or began the turn there)")
