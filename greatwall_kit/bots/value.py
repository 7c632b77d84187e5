"""What a position is worth to each player *now*, by each game's own scoring: the greedy bot's yardstick.

In Dschingis Khan and Chang Cheng the score on the board already counts what a move gains. In the
other two most moves change no score at once, although they decide what the next scoring will
give, so the score alone would leave a greedy bot choosing at random. :func:`standing` therefore
asks the game for its :meth:`~greatwall_kit.engine.protocol.Game.standing`: its own scoring applied
to the position as if it were scored now (each game's ``figures`` module says how). Once the game is
over it is the final score.

:func:`material` is a tie-break of the game's own quantities (cards in hand, Resources and ready
Soldiers) for moves the scoring cannot tell apart (:meth:`~greatwall_kit.engine.protocol.Game.material`).
Both read only the world they are handed, so the bots call them on worlds sampled from the seat's view.
A game without these hooks is worth its scores, with no material.

>>> from greatwall_kit import new_game
>>> game = new_game("great_wall_of_china", players=2, seed=1)
>>> standing(game), material(game)
([0, 0], [5, 5])
>>> _ = game.play(game.parse_move("play 1 wall 1"))
>>> standing(game)[0] == max(game.sections[0].pair)
True
"""

__all__ = ["standing", "material"]


def standing(world):
    """Each player's score if the position were scored now (see the module docstring)."""
    return list(world.scores()) if world.is_over else world.standing()


def material(world):
    """Each player's stock of the game's own quantities, to break ties between equally scored moves."""
    return world.material()
