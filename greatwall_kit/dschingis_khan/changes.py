"""What a rule step does to the position: the ``change`` of a Dschingis Khan step, made on a looking-only copy.

:mod:`.procedure` writes each change from the engine's evidence (a :class:`~.walls.Resolution`, a scout's path,
a :class:`~.scoring.VillageScore`); ``game._apply_step(change)`` calls :func:`apply_change`, so ``step.after``
draws the position right after that step. A change is a dict of operations with JSON-like values; it names board
elements by their keys (``l<n>`` line, ``t<n>`` tower, ``v<n>`` village) and players by name:

``{"wall": {"line": "l37", "player": "Orange"}}``
    an open wall from the player's active supply is placed on the line (DK-20);
``{"remove": ["l53", ...]}``
    the wall pieces on these lines are taken off the board (DK-22 to DK-25);
``{"great_wall": ["t29", "t21", ..., "t28"]}``
    the route through these towers (placed, from a tower of the Great Wall to another one or to a new end
    tower on the west or east side) becomes part of the Great Wall, in place of the section it bypasses (DK-22,
    DK-25);
``{"supply": 3}``, ``{"out_of_game": 3}``
    removed pieces go back to the common supply (DK-22), or leave the game in the final round (DK-29);
``{"side": "v17"}``
    the village changes side (DK-27);
``{"scout": {"player": "Red", "village": "v25", "closes": ["l53"]}}``
    the scout steps into the village, closing the pieces it passed (DK-12 to DK-14);
``{"tile": {"player": "Red", "village": "v25", "kind": "mongol"}}``
    the player lays that tile of the active supply face down on the village (DK-11, DK-18);
``{"discard": "Red"}``
    the player's unplaced tiles leave the game (DK-16);
``{"score": {"player": "Green", "village": "v24", "points": 6}}``
    the village scores for its controller at the end (DK-31 to DK-35).

The whole change is checked against the position first: anything it names that this board does not have, or a
change this position cannot take, is the kit's error naming it, and nothing is changed.

Examples
--------
>>> from greatwall_kit.dschingis_khan import DschingisKhan
>>> game = DschingisKhan.from_position({"players": 2, "scouts": {"Red": [0, 0], "Green": [1, 0]},
...                                     "active": {"Red": {"walls": 2}}, "turn": "Red", "phase": "place"})
>>> apply_change(game, {"wall": {"line": "l37", "player": "Red"}, "side": "v17"})
>>> game.net.state[37] == 1, game.side(17), game.active_walls
(True, 'China', [1, 0])
>>> apply_change(game, {"remove": ["l999"]})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: the step's change names 'l999', and this board has lines l0 to l88
"""

from collections.abc import Mapping

from ..engine.errors import GreatWallError, quote
from .scoring import KINDS

__all__ = ["apply_change", "OPERATIONS"]

#: The operations of a change, in the order they are made.
OPERATIONS = ("wall", "remove", "great_wall", "supply", "out_of_game", "side", "scout", "tile", "discard", "score")


def apply_change(game, change):
    """Make a step's ``change`` on ``game`` (a looking-only copy): checked whole first, then made."""
    if not isinstance(change, Mapping):
        raise GreatWallError(f"a step's change is a mapping of operations, not {quote(change)}")
    unknown = [key for key in change if key not in OPERATIONS]
    if unknown:
        raise GreatWallError(f"unknown operation(s) {', '.join(map(repr, unknown)):.80} in a step's change; "
                             f"the operations are {', '.join(OPERATIONS)}")
    makers = [_CHECKS[key](game, change[key]) for key in OPERATIONS if key in change]
    for make in makers:
        make()


# -- each operation: checked against the position, it returns the function that makes it ---------------------

def _wall(game, value):
    _fields(value, ("line",), "wall", optional=("player",))
    line, net = _key(game, value["line"], "l"), game.net
    if line in net.state:
        raise GreatWallError(f"a wall is placed on {value['line']!r}, which already has one")
    p = _player(game, value["player"]) if "player" in value else None
    if p is not None and not game.active_walls[p]:
        raise GreatWallError(f"{value['player']} has no wall in the active supply to place")

    def make():
        net._add(line)
        if p is not None:
            game.active_walls[p] -= 1
            _next(game, "walls", p)
    return make


def _remove(game, value):
    lines = [_key(game, key, "l") for key in _list(value, "remove")]
    net = game.net
    bare = [f"l{line}" for line in lines if line not in net.state]
    if bare or len(set(lines)) != len(lines):
        raise GreatWallError(f"a step removes the walls on {quote(value)}, but {bare or 'a line twice'} "
                             "has no wall there")

    def make():
        for line in lines:
            net._remove(line)
        for line in lines:
            for t in game.board.lines[line]:
                if not net.degree[t]:   # a tower left without walls is no longer part of the Great Wall
                    net.on_wall[t], net.toward[t] = False, -1
    return make


def _great_wall(game, value):
    route = [_key(game, key, "t") for key in _list(value, "great_wall")]
    lat, net = game.board, game.net
    old = net.great_wall()
    if len(route) < 2 or route[0] not in old or route[-1] == route[0]:
        raise GreatWallError(f"the route {quote(value)} does not leave the Great Wall at its first tower")
    lines = [lat.line_between(a, b) for a, b in zip(route, route[1:], strict=False)]
    if any(line not in net.state for line in lines):
        raise GreatWallError(f"the route {quote(value)} does not run along wall pieces")
    i = old.index(route[0])
    if route[-1] in old:       # a loop: the route replaces the section between its two junctions
        j = old.index(route[-1])
        towers = old[:i] + route + old[j + 1:] if i < j else old[:j] + route[::-1] + old[i + 1:]
    elif lat.side_of_tower[route[-1]] == "west":   # a new end: the route replaces the end section on that side
        towers = route[::-1] + old[i + 1:]
    elif lat.side_of_tower[route[-1]] == "east":
        towers = old[:i] + route
    else:
        raise GreatWallError(f"the route {quote(value)} ends neither on the Great Wall nor on the west or east side")

    def make():
        for t in old:
            net.east_of[t] = net.west_of[t] = -1
            net.on_wall[t] = False
        for a, b in zip(towers, towers[1:], strict=False):
            net.east_of[a], net.west_of[b] = b, a
        for t in towers:
            net.on_wall[t], net.toward[t] = True, -1
        net.west_end, net.east_end, net.length = towers[0], towers[-1], len(towers) - 1
        net._cached = net._open = None
    return make


def _supply(game, value):
    count = _count(value, "supply")

    def make():
        game.supply += count
    return make


def _out_of_game(game, value):
    count = _count(value, "out_of_game")

    def make():
        game.out_of_game += count
    return make


def _side(game, value):
    village = _key(game, value, "v")

    def make():
        game.sides[village] ^= 1
    return make


def _scout(game, value):
    _fields(value, ("player", "village", "closes"), "scout")
    p, village = _player(game, value["player"]), _key(game, value["village"], "v")
    closes = [_key(game, key, "l") for key in _list(value["closes"], "the scout's closed pieces")]
    if any(line not in game.net.state for line in closes):
        raise GreatWallError(f"the scout closes the pieces on {quote(value['closes'])}, but not all have a wall")

    def make():
        game.scout[p] = village
        game.visited.append(village)
        for line in closes:
            game.net.close(line)
        _next(game, "lay", p)
    return make


def _tile(game, value):
    _fields(value, ("player", "village", "kind"), "tile")
    p, village, kind = _player(game, value["player"]), _key(game, value["village"], "v"), value["kind"]
    if kind not in KINDS or kind not in game.active_tiles[p]:
        raise GreatWallError(f"{value['player']} lays a {quote(kind)} tile, which is not in the active supply "
                             f"({', '.join(game.active_tiles[p]) or 'empty'})")

    def make():
        game.stacks[village].append((p, kind))
        game.active_tiles[p].remove(kind)
        if game.active_tiles[p] and game._steps():  # (as in play: a blocked scout is asked nothing, DK-16)
            _next(game, "move", p)
    return make


def _discard(game, value):
    p = _player(game, value)

    def make():
        game.discarded[p].extend(game.active_tiles[p])
        game.active_tiles[p] = []
    return make


def _score(game, value):
    _fields(value, ("player", "village", "points"), "score")
    p, village, points = _player(game, value["player"]), _key(game, value["village"], "v"), value["points"]
    if type(points) is not int:
        raise GreatWallError(f"a village scores a whole number of points, not {quote(points)}")
    if game.scored is None:
        raise GreatWallError("villages are scored once the game is over; this position is still being played")

    def make():
        game.scored.append((village, p, points))
    return make


_CHECKS = {"wall": _wall, "remove": _remove, "great_wall": _great_wall, "supply": _supply,
           "out_of_game": _out_of_game, "side": _side, "scout": _scout, "tile": _tile, "discard": _discard,
           "score": _score}


# -- reading a change's values ----------------------------------------------------------------------------------

_ELEMENTS = {"l": "lines", "t": "towers", "v": "villages"}


def _key(game, key, prefix):
    """The number of a board element named by its key (``l37``), which must be one of this board's."""
    kind = _ELEMENTS[prefix]
    count = len(getattr(game.board, kind))
    digits = key[1:] if isinstance(key, str) and key[:1] == prefix else ""
    if digits.isascii() and digits.isdigit() and str(int(digits)) == digits and int(digits) < count:
        return int(digits)
    raise GreatWallError(f"the step's change names {quote(key)}, and this board has {kind} {prefix}0 to "
                         f"{prefix}{count - 1}")


def _player(game, name):
    names = game.player_names[:game.players]
    if name not in names:
        raise GreatWallError(f"the step's change names the player {quote(name)}, and the players are "
                             f"{', '.join(names)}")
    return names.index(name)


def _list(value, what):
    if not isinstance(value, (list, tuple)):
        raise GreatWallError(f"{what} is a list of element keys, not {quote(value)}")
    return value


def _count(value, what):
    if type(value) is not int or value < 0:
        raise GreatWallError(f"{what} is a number of wall pieces, not {quote(value)}")
    return value


def _fields(value, names, what, optional=()):
    if not isinstance(value, Mapping) or not set(names) <= set(value) or set(value) - set(names) - set(optional):
        raise GreatWallError(f"{what} is a mapping with {', '.join(names)}"
                             + (f" (and optionally {', '.join(optional)})" if optional else "")
                             + f", not {quote(value)}")


def _next(game, kind, p):
    """A rule step moves the game on to its next decision with no move: the decision it was at is over (the
    engine's debug mode refuses a decision asked while another waits, a mistake everywhere but here)."""
    game.prompt = None
    game._ask(kind, p)
