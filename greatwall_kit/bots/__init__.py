"""Bots for every game of the kit: opponents for students and players for the simulation lab.

A bot is anything with ``choose(view, legal_moves) -> move``, or a plain function with that
signature. It is handed only its seat's view (:func:`seat_view`), and bots that look ahead do
so in worlds sampled consistently with that view, so no bot reads what its seat cannot see.
``MCTSBot()`` plays each game with the search settings measured best for it (:data:`MEASURED_SETTINGS`).

>>> from greatwall_kit import new_game
>>> first = lambda view, legal_moves: legal_moves[0]
>>> game = play_match(new_game("great_wall_of_china", seed=1), [first, MCTSBot(seed=1, playouts=20)])
>>> game.is_over
True
"""

from .match import MAX_DECISIONS, BotFailure, UnfinishedMatch, as_bot, play_match
from .players import MEASURED_SETTINGS, GreedyBot, MCTSBot, RandomBot, reward
from .seat import SeatView, sample_world, seat_view

__all__ = ["RandomBot", "GreedyBot", "MCTSBot", "play_match", "BotFailure", "UnfinishedMatch", "MAX_DECISIONS",
           "as_bot", "reward", "seat_view", "sample_world", "SeatView", "MEASURED_SETTINGS"]
