"""What the simulation lab reads of a finished game: its statistics (the score on the board already counts what a
move gains, so bots read the scores as they stand)."""

from collections import Counter

__all__ = ["stats"]


def stats(game):
    """``(per_game, per_seat)``: loops resolved, new ends, villages flipped; villages controlled per player.

    >>> from greatwall_kit.dschingis_khan import new_game
    >>> per_game, per_seat = stats(new_game(seed=1))
    >>> per_game, per_seat[0]
    ({'loops_resolved': 0, 'new_ends': 0, 'villages_flipped': 0}, {'villages_controlled': 0})
    """
    loops = [e for e in game.log if e.rule in ("DK-22", "DK-23")]
    ends = [e for e in game.log if e.rule == "DK-25"]
    flipped = sum(len(e.data.get("villages", ())) for e in game.log if e.rule == "DK-27")
    control = Counter(stack[-1][0] for stack in game.stacks if stack)
    per_game = {"loops_resolved": len(loops), "new_ends": len(ends), "villages_flipped": flipped}
    return per_game, [{"villages_controlled": control[p]} for p in range(game.players)]
