"""Random playouts through the protocol: the simplest bot, used by tests and benchmarks."""

import random

__all__ = ["play_randomly"]


def play_randomly(game, seed=0, *, max_decisions=100_000):
    """Play uniformly random legal moves until the game ends; returns the number of decisions made.

    Raises ``RuntimeError`` if the game is not over after ``max_decisions`` (a game that never ends is a bug).
    """
    rng = random.Random(seed)
    for made in range(max_decisions):
        if game.to_act is None:
            return made
        game.play(rng.choice(game.legal_moves()))
    if game.to_act is None:
        return max_decisions
    raise RuntimeError(f"{game!r} did not end within {max_decisions} decisions")
