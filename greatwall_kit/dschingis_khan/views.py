"""What one player may see of a game of Dschingis Khan: the public position and their own tiles.

>>> from greatwall_kit.dschingis_khan import new_game
>>> public, private = view(new_game(seed=1), 0)
>>> public["phase"], public["stacks"][:3], sorted(private)
('setup', [[], [], []], ['active_tiles', 'controlled', 'score_if_the_game_ended_now', 'setup_hand'])
"""

from .scoring import score_village
from .sides import SIDE_NAMES
from .walls import OPEN

__all__ = ["view"]


def view(game, player):
    """``(public, private)``: what everyone sees (tiles face down: only their owners and counts) and what
    ``player`` alone sees (their tiles, every tile of the villages they control, their set-up draw); ``player``
    ``None``: a spectator, with no private part."""
    public = {
        "layout": game.board.name,
        "phase": game.phase, "current": game.current, "taken": game.taken, "visited": list(game.visited),
        "great_wall": game.net.great_wall_lines(),
        "walls": sorted([line, "open" if s == OPEN else "closed"] for line, s in game.net.state.items()),
        "sides": [SIDE_NAMES[s] for s in game.sides],
        "stacks": [[owner for owner, _ in s] for s in game.stacks],
        "scouts": list(game.scout),
        "supply": game.supply, "out_of_game": game.out_of_game,
        "active_walls": list(game.active_walls),
        "active_tiles": [len(t) for t in game.active_tiles],
        "passive": [len(t) for t in game.passive],
        "discarded": [len(t) for t in game.discarded],
        "final_round": game.trigger is not None, "trigger": game.trigger,
    }
    if player is None:
        return public, {}
    private = {
        "active_tiles": sorted(game.active_tiles[player]),
        "controlled": {str(v): [k for _, k in s] for v, s in enumerate(game.stacks) if s and s[-1][0] == player},
        # the player may look at every tile of the villages they control (DK-18), so knows this score
        "score_if_the_game_ended_now": sum(score_village(v, s, game.sides[v]).points
                                           for v, s in enumerate(game.stacks) if s and s[-1][0] == player),
    }
    if game.phase == "setup" and game.current == player:
        private["setup_hand"] = list(game.setup_hand)
    return public, private
