"""Each game's own statistics of a finished game, read from its log and final position.

:func:`game_stats` returns ``(per_game, per_seat)``: a dict of figures about the whole game and
one dict per seat; the simulation lab adds them as columns. Every figure names what it counts.
Each game supplies them as its contract's hook :meth:`~greatwall_kit.engine.protocol.Game.stats`
(the kit's games in their ``figures`` modules); a game without it has none.

>>> from greatwall_kit import new_game
>>> from greatwall_kit.engine.playout import play_randomly
>>> game = new_game("dschingis_khan", seed=3); _ = play_randomly(game, 3)
>>> per_game, per_seat = game_stats(game)
>>> sorted(per_game), sorted(per_seat[0])
(['loops_resolved', 'new_ends', 'villages_flipped'], ['villages_controlled'])
"""

__all__ = ["game_stats"]


def game_stats(game):
    """``(per_game, per_seat)`` statistics of a finished ``game`` (see the module docstring)."""
    return game.stats()
