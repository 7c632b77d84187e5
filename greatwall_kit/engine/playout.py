"""Random playouts through the protocol: the simplest bot, used by tests and benchmarks."""

import random

__all__ = ["play_randomly"]


def play_randomly(game, seed=0, *, max_decisions=100_000, stop_after=None):
    """Play uniformly random legal moves until the game ends; returns the number of decisions made.

    ``stop_after=n`` stops after ``n`` decisions, part-way through the game (for positions to test on).
    Raises ``RuntimeError`` if the game is not over after ``max_decisions`` (a game that never ends is a bug).

    >>> from greatwall_kit import new_game
    >>> game = new_game("chang_cheng", seed=1)
    >>> play_randomly(game, 1, stop_after=5), len(game.history), game.is_over
    (5, 5, False)
    """
    limit = max_decisions if stop_after is None else stop_after
    rng = random.Random(seed)
    for made in range(limit):
        if game.to_act is None:
            return made
        game.play(rng.choice(game.legal_moves()))
    if game.to_act is None or stop_after is not None:
        return limit
    raise RuntimeError(f"{game!r} did not end within {max_decisions} decisions")
