"""Why a decision is refused: the rule it breaks and a concrete reason.

:func:`refusal` answers the game's ``_explain(move)`` hook. The engine calls it only for a move that is not
legal now, and turns the answer into the :class:`~greatwall_kit.engine.IllegalMoveError` a player sees.
The questions go from the coarsest (wrong step of the turn) to the finest (this very
line, this very village), so the reason names what a player would check first.

Examples
--------
>>> from greatwall_kit.dschingis_khan import new_game
>>> game = new_game(players=2, seed=1)
>>> game.play("take wall")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.IllegalMoveError: 'take wall' is illegal: the set-up is not finished [DK-04]
"""

from ..engine.protocol import Game
from .moves import SCOUT_MOVES, Climb, Discard, Enter, Gate, Lay, Pass, Retreat, Scout, Start, Take, Track, Wall
from .scouts import refusal as step_refusal

__all__ = ["refusal", "describe", "DECISIONS"]

#: What the player to act decides, by decision (the board's question line).
DECISIONS = {"setup": "lay a set-up tile or place the scout", "enter": "bring the scout back onto a village",
             "take": "take a wall or a tile", "place": "place walls or move the scout",
             "walls": "place the remaining walls", "move": "move the scout", "lay": "lay a tile on the scout's village"}


def describe(game, move):
    """``(rule_id, sentence)``: what the legal ``move`` does now and the rule it applies (the first rule its events
    cite; a test holds the two together).

    >>> from greatwall_kit.dschingis_khan import new_game
    >>> game = new_game(players=2, seed=1)
    >>> describe(game, game.legal_moves()[0])
    ('DK-04', 'Lay your chinese tile face down on village 0 (set-up).')
    """
    kind, line = type(move), game.board.line_names
    if kind is Start:
        return "DK-04", f"Lay your {move.tile} tile face down on village {move.village} (set-up)."
    if kind is Scout:
        return "DK-04", f"Stand your scout on village {move.village} (set-up)."
    if kind is Enter:
        return "DK-10", f"Bring your scout back onto village {move.village}."
    if kind is Take:
        where = "a wall from the common supply" if move.piece == "wall" else "a tile from the passive supply (drawn " \
            "at random, seen by you only)"
        return "DK-07", f"Take {where} into your active supply."
    if kind is Wall:
        return "DK-20", f"Place an open wall on the line {line[move.line]}."
    if kind is Track:
        return "DK-12", f"Your scout walks the track to village {move.village}, on the same side."
    if kind is Gate:
        return "DK-13", f"Your scout passes the open wall on {line[move.line]} to the village across; it closes."
    if kind is Climb:
        return "DK-14", (f"Your scout climbs the wall at {line[move.up]}, walks along it and comes down at "
                         f"{line[move.down]} into village {move.village}; both pieces close.")
    if kind is Lay:
        return "DK-18", f"Lay a {move.tile} tile face down on your scout's village: you control it."
    if kind is Discard:
        return "DK-16", "Your scout cannot move on: your unplaced tiles leave the game and the turn ends."
    if kind is Retreat:
        return "DK-19", "Spend the turn taking your blocked scout off the board."
    return "DK-09", "End the turn placing nothing."


def refusal(game, move):
    """``(rule_id, reason)``: why ``move``, not legal now, is refused (see the module docstring)."""
    p, phase, kind = game.current, game.phase, type(move)
    name = game.player_names[p]
    if kind in (Start, Scout):
        if phase != "setup":
            return "DK-04", "set-up tiles and scouts are placed only during the set-up"
        if kind is Scout:
            if game.setup_hand:
                return "DK-04", "both set-up tiles must be laid before the scout is placed"
            return "DK-04", f"the scout must stand on village {game.setup_first} or {game.setup_second}"
        if not game.setup_hand:
            return "DK-04", "both set-up tiles are laid: place the scout"
        if move.tile not in game.setup_hand:
            return "DK-04", f"{name} drew {' and '.join(game.setup_hand)}, not {move.tile}"
        if game.setup_first >= 0:
            return "DK-04", (f"village {move.village} is not an empty village joined by a track to village "
                             f"{game.setup_first} on the same side: the two set-up tiles go on neighbours")
        return "DK-04", (f"village {move.village} is not empty or has no empty neighbour on its side joined by "
                         "a track: the two set-up tiles go on neighbouring villages of one side")
    if phase == "setup":
        return "DK-04", "the set-up is not finished"
    if phase == "enter":
        if kind is Enter:
            open_now = game._entry_villages()
            return "DK-10", (f"village {move.village} is not open: the scout comes back onto one of {name}'s "
                             "villages from which it can move, or onto an empty village if there is none "
                             f"(open now: {_some(open_now)})")
        return "DK-10", f"{name}'s scout is off the board and must first come back"
    if kind is Enter:
        return "DK-10", f"{name}'s scout is not off the board (it is on village {game.scout[p]})"
    if kind is Take:
        if phase != "take":
            return "DK-07", f"{name} has already taken the new supplies of this turn"
        if move.piece not in ("wall", "tile"):
            return "DK-07", f"the pieces to take are 'wall' and 'tile', not {move.piece!r}"
        if move.piece == "wall":
            if not game.supply:
                return "DK-30", "the common supply has no walls left"
            return "DK-08", f"{name} already holds 4 walls"
        if not game.passive[p]:
            return "DK-30", f"{name}'s passive supply has no tiles left"
        return "DK-08", f"{name} already holds 4 tiles"
    if phase == "take":
        return "DK-06", f"{name} must first take new supplies ({'1 more piece' if game.taken else '2 more pieces'})"
    if kind is Lay:
        if phase != "lay":
            return "DK-11", "a tile is laid only right after the scout enters a village"
        return "DK-11", f"{name} holds no {move.tile!r} tile (holds {', '.join(game.active_tiles[p])})"
    if phase == "lay":
        return "DK-11", f"{name} must first lay a tile on village {game.scout[p]}, which the scout just entered"
    if kind is Wall:
        if phase == "move":
            return "DK-09", f"{name} is placing tiles this turn: all pieces of one type"
        if not game.active_walls[p]:
            return "DK-09", f"{name} has no walls in the active supply"
        return game.net.refusal(move.line)
    if kind in SCOUT_MOVES:
        if phase == "walls":
            return "DK-09", f"{name} is placing walls this turn: all pieces of one type"
        if not game.active_tiles[p]:
            return "DK-11", f"{name} has no tiles to place"
        # the way itself first (no neighbour, no track, a closed piece), then who may enter the village
        rule, reason = step_refusal(game.board, game.net, game.sides, game.scout[p], game._forbidden(), move,
                                    options=game.options)
        if rule != "DK-15":
            return rule, reason
        target = _target(game.board, game.scout[p], move)
        if target in {s for q, s in enumerate(game.scout) if q != p and s >= 0}:
            return "DK-15", f"another scout stands on village {target}"
        if target == game.visited[0]:
            return "DK-15", f"village {target} is where {name}'s scout began this turn"
        if target in game.visited:
            return "DK-15", f"{name}'s scout has already entered village {target} this turn"
        return rule, reason
    if kind is Discard:
        if phase == "walls":
            return "DK-09", f"{name} is placing walls this turn"
        if not game.active_tiles[p]:
            return "DK-16", f"{name} has no tiles to discard"
        return "DK-16", f"{name}'s scout can still move: tiles are discarded only when it is blocked"
    if kind is Pass:
        if phase == "walls" and game.active_walls[p]:  # (walls begun: the rest of the active supply follows)
            return "DK-21", (f"{name} has begun placing walls: all {game.active_walls[p]} wall(s) left in the active "
                             "supply are placed this turn")
        return "DK-09", (f"{name} must place pieces of one type (or take a blocked scout off); passing is only "
                         "for a player with nothing to place")
    if kind is Retreat:
        if phase in ("walls", "move"):
            return "DK-19", "taking the scout off is a turn of its own, with nothing placed"
        return "DK-19", f"{name}'s scout can still move: only a blocked scout is taken off"
    return Game._explain(game, move)


def _some(villages, most=10):
    """Village numbers for a sentence, the first ``most`` of them."""
    text = ", ".join(map(str, villages[:most]))
    return text + (f" and {len(villages) - most} more" if len(villages) > most else "")


def _target(lattice, here, move):
    """The village a scout step would enter (-1 for a gate that is not beside the scout's village)."""
    if type(move) is Gate:
        if 0 <= move.line < len(lattice.lines) and here in lattice.faces[move.line]:
            return lattice.across(move.line, here)
        return -1
    return move.village
