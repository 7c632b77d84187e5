"""The simulation lab: thousands of seeded bot games as a pandas table, plots, and class tournaments.

>>> table = simulate("chang_cheng", ["greedy", "random"], 2, seed=1, workers=1, progress=False)
>>> table[["game", "seat", "bot", "winner"]].shape
(4, 4)
"""

from .plots import plot_first_player, plot_game_length, plot_scores, plot_variants
from .run import BOTS, compare_variants, game_seed, one_at_a_time, simulate
from .stats import game_stats
from .tournament import BotFailure, UnfinishedMatch, tournament

__all__ = ["simulate", "compare_variants", "one_at_a_time", "game_stats", "game_seed", "BOTS", "plot_scores",
           "plot_first_player", "plot_game_length", "plot_variants", "tournament", "BotFailure", "UnfinishedMatch"]
