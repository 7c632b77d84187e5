"""What the simulation lab reads of a finished game: its statistics (the score on the board already counts what a
move gains, so bots read the scores as they stand)."""

from collections import Counter

from .events import LOOP_CLOSED, LOOP_EVEN, NEW_END, SIDES_CHANGED

__all__ = ["stats"]


def stats(game):
    """``(per_game, per_seat)``: loops resolved, new ends, villages flipped; villages controlled per player.

    >>> from greatwall_kit.dschingis_khan import new_game
    >>> per_game, per_seat = stats(new_game(seed=1))
    >>> per_game, per_seat[0]
    ({'loops_resolved': 0, 'new_ends': 0, 'villages_flipped': 0}, {'villages_controlled': 0})
    """
    kinds = [e.kind for e in game.log]
    loops = kinds.count(LOOP_CLOSED) + kinds.count(LOOP_EVEN)
    flipped = sum(len(e.data["villages"]) for e in game.log if e.kind is SIDES_CHANGED)
    control = Counter(stack[-1][0] for stack in game.stacks if stack)
    per_game = {"loops_resolved": loops, "new_ends": kinds.count(NEW_END), "villages_flipped": flipped}
    return per_game, [{"villages_controlled": control[p]} for p in range(game.players)]
