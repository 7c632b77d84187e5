"""The position as documents: the snapshot of a game (:func:`snapshot`, all of it, hidden tiles too), and the
teaching position, a readable document that sets up any moment of a game after the set-up (:func:`setup_position`).

The teaching position's document (every key but ``players`` optional)::

    {"players": 2,
     "layout": "standard",                      # or "rectangle:CxR", or a layout document
     "walls": [[[0,3], [1,3], ..., [8,2]],      # tower paths; the first is the Great Wall, west to east
               [[3,3], [3,2], [3,1]]],          # the others are branches hanging off the wall
     "closed": [[[1,3], [2,3]]],                # pieces turned over (a scout passed)
     "stacks": {"2,1": ["Red mongol", "Green farmer"]},   # field "c,r": tiles bottom to top
     "scouts": {"Red": [2, 1], "Green": null},  # a field, or null (off the board)
     "active": {"Red": {"walls": 3, "tiles": ["farmer"]}},
     "turn": "Red",                             # whose turn it is
     "phase": "take",                           # "take" (start of the turn) or "place" (supplies taken)
     "announced_by": "Green"}                   # with two supplies empty: who announced the end (DK-28)

With two supplies already empty the final round is under way from the start: ``announced_by``
(default: the player to move if the pieces are taken, else the player before) announced it,
and the turns left run up to and including that player's next turn.

Without ``walls`` the layout's starting Great Wall stands. Every player's tiles not on the
board or in the active supply form the passive supply, shuffled with the game's seed; the
walls not on the board or in an active supply form the common supply.

Examples
--------
>>> from greatwall_kit.dschingis_khan import DschingisKhan
>>> doc = {"players": 2, "walls": [[[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [5, 2], [6, 2],
...                                 [7, 2], [8, 2]], [[3, 3], [3, 2]]],
...        "stacks": {"3,1": ["Red mongol"]}, "scouts": {"Red": [3, 1], "Green": [0, 0]},
...        "active": {"Red": {"walls": 1}}, "turn": "Red", "phase": "place"}
>>> game = DschingisKhan.from_position(doc)
>>> game.supply, game.phase, game.side(game.board.village_at[(3, 2)])
(17, 'place', 'Mongolia')
>>> DschingisKhan.from_position({**doc, "stacks": {"3,1": ["Red mongol"] * 6}})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.PositionError: Red has 6 mongol tiles; a player has 5 [DK-03]
"""

from ..engine import PositionError
from .events import ANNOUNCED_BEFORE, SET_UP_FROM_POSITION
from .lattice import board_named
from .scoring import KINDS, TILE_SET
from .sides import initial_sides
from .walls import WallNetwork

__all__ = ["snapshot", "setup_position"]

_KEYS = {"players", "options", "layout", "walls", "closed", "stacks", "scouts", "active", "turn", "phase",
         "announced_by"}


def snapshot(game):
    """The whole state of ``game`` as JSON-able data, hidden tiles included (what a fingerprint is made from)."""
    return {
        "layout": game.board.name,
        "phase": game.phase, "current": game.current, "taken": game.taken, "visited": list(game.visited),
        "great_wall": game.net.great_wall(),
        "walls": sorted([line, state] for line, state in game.net.state.items()),
        "sides": list(game.sides),
        "stacks": [[list(t) for t in s] for s in game.stacks],
        "scouts": list(game.scout),
        "supply": game.supply, "out_of_game": game.out_of_game,
        "active_walls": list(game.active_walls),
        "active_tiles": [list(t) for t in game.active_tiles],
        "passive": [list(t) for t in game.passive],
        "discarded": [list(t) for t in game.discarded],
        "setup_hand": list(game.setup_hand), "setup_first": game.setup_first, "setup_second": game.setup_second,
        "trigger": game.trigger, "final_left": game.final_left,
    }


def setup_position(game, doc):
    """Fill ``game`` from a position document; :class:`PositionError` names the rule a bad one breaks."""
    unknown = set(doc) - _KEYS
    if unknown:
        raise PositionError(f"unknown keys {sorted(unknown)}; known: {sorted(_KEYS)}")
    names = game.player_names[:game.players]
    board = board_named(doc["layout"] if "layout" in doc else game.options.layout)
    game._common_setup(board)

    def player(name):
        if name not in names:
            raise PositionError(f"{name!r} is not a player of this game ({', '.join(names)})")
        return names.index(name)

    def village(cell):
        try:
            return board.village_at[tuple(cell)]
        except (KeyError, TypeError):
            raise PositionError(f"{cell!r} is not a village of the board") from None

    def tower(xy):
        try:
            return board.tower_at[tuple(xy)]
        except (KeyError, TypeError):
            raise PositionError(f"{xy!r} is not a tower of the board") from None

    def line(a, b):
        found = board.line_between(a, b)
        if found is None or not board.inner[found]:
            raise PositionError(f"{board.towers[a]} to {board.towers[b]} is not a line between two villages",
                                rule="DK-20")
        return found

    # walls: the Great Wall and its branches
    paths = doc.get("walls")
    if paths is None:
        wall, branches = list(board.start_towers), []
    else:
        if not isinstance(paths, list) or not paths:
            raise PositionError("'walls' is a list of tower paths, the Great Wall first")
        towers = [[tower(xy) for xy in path] for path in paths]
        wall = towers[0]
        if len(set(wall)) != len(wall) or len(wall) < 2:
            raise PositionError("the Great Wall must be a simple path of towers", rule="DK-01")
        if board.side_of_tower[wall[0]] != "west" or board.side_of_tower[wall[-1]] != "east":
            raise PositionError("the Great Wall must run from a tower of the west side to one of the east side",
                                rule="DK-25")
        for a, b in zip(wall, wall[1:], strict=False):
            line(a, b)
        branches = [line(a, b) for path in towers[1:] for a, b in zip(path, path[1:], strict=False)]
        if len(set(branches)) != len(branches):
            raise PositionError("a line carries at most one wall piece", rule="DK-20")
    game.net = WallNetwork(board, wall, branches)  # branches that break a rule: PositionError with the rule
    for a, b in doc.get("closed", []):
        found = line(tower(a), tower(b))
        if found not in game.net.state:
            raise PositionError(f"there is no wall on {a}-{b} to be closed", rule="DK-13")
        game.net.close(found)
    game.sides = initial_sides(board, game.net.great_wall_lines())

    # tiles
    counts = [dict.fromkeys(KINDS, 0) for _ in names]
    for cell, tiles in doc.get("stacks", {}).items():
        try:
            v = village([int(n) for n in cell.split(",")])
        except ValueError:
            raise PositionError(f"a stack's field is written 'c,r', not {cell!r}") from None
        for text in tiles:
            try:
                who, kind = text.split()
            except ValueError:
                raise PositionError(f"a tile is written 'Colour kind', not {text!r}") from None
            p = player(who)
            if kind not in KINDS:
                raise PositionError(f"{kind!r} is not a tile kind ({', '.join(KINDS)})", rule="DK-03")
            game.stacks[v].append((p, kind))
            counts[p][kind] += 1
    active = doc.get("active", {})
    placed_walls = len(game.net.state)
    for who, supply in active.items():
        p = player(who)
        walls, tiles = supply.get("walls", 0), list(supply.get("tiles", []))
        if not (0 <= walls <= 4 and len(tiles) <= 4):
            raise PositionError(f"{who}'s active supply holds {walls} walls and {len(tiles)} tiles; at most 4 of each",
                                rule="DK-08")
        for kind in tiles:
            if kind not in KINDS:
                raise PositionError(f"{kind!r} is not a tile kind ({', '.join(KINDS)})", rule="DK-03")
            counts[p][kind] += 1
        game.active_walls[p] = walls
        game.active_tiles[p] = tiles
    for p, c in enumerate(counts):
        for kind, n in c.items():
            if n > TILE_SET[kind]:
                raise PositionError(f"{names[p]} has {n} {kind} tiles; a player has {TILE_SET[kind]}", rule="DK-03")
    game.supply = board.walls - placed_walls - sum(game.active_walls)
    if game.supply < 0:
        raise PositionError(f"{placed_walls} walls on the board and {sum(game.active_walls)} in active supplies "
                            f"are more than the game's {board.walls}", rule="DK-02")
    game.passive = []
    for p in range(game.players):
        rest = [k for k in KINDS for _ in range(TILE_SET[k] - counts[p][k])]
        game.rng.shuffle(rest)
        game.passive.append(rest)

    # scouts and whose turn
    for who, cell in doc.get("scouts", {}).items():
        p = player(who)
        game.scout[p] = -1 if cell is None else village(cell)
    placed = [s for s in game.scout if s >= 0]
    if len(set(placed)) != len(placed):
        raise PositionError("two scouts stand in one village", rule="DK-15")
    game.current = player(doc.get("turn", names[0]))
    phase = doc.get("phase", "take")
    _final_round(game, doc, phase, player)
    if phase == "take":
        game._begin(("turn",))
    elif phase == "place":
        if game.scout[game.current] < 0:
            raise PositionError("a scout off the board comes back before the pieces are placed", rule="DK-10")
        game.taken, game.visited = 2, [game.scout[game.current]]
        game._begin(("place",))
    else:
        raise PositionError(f"'phase' is 'take' or 'place', not {phase!r}")
    game._events.append((SET_UP_FROM_POSITION,))


def _final_round(game, doc, phase, player):
    """Two supplies already empty: the end was announced (DK-28); count the turns left to the announcer's."""
    empty = (game.supply == 0) + sum(not tiles for tiles in game.passive)
    if empty < 2:
        if "announced_by" in doc:
            raise PositionError("'announced_by' needs two empty supplies: the end is announced when the second "
                                "one runs out", rule="DK-28")
        return
    n, current = game.players, game.current
    default = current if phase == "place" else (current - 1) % n
    game.trigger = player(doc.get("announced_by", game.player_names[default]))
    # the announcer moving with pieces taken has just announced; otherwise their last turn is still to come
    game.final_left = n + 1 if game.trigger == current and phase == "place" else (game.trigger - current) % n + 1
    game._events.append((ANNOUNCED_BEFORE, game.trigger, game.player_names[game.trigger]))
