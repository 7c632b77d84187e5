"""What the simulation lab reads of a finished game: its statistics (the score on the board already counts what a
move gains, so bots read the scores as they stand)."""

from collections import Counter

from .events import MONGOL_ATTACKS, PROVINCE_SCORINGS

__all__ = ["stats"]


def stats(game):
    """``(per_game, per_seat)``: provinces scored, Mongol attacks; provinces won and Mongol losses per player.

    >>> from greatwall_kit.chang_cheng import new_game
    >>> per_game, per_seat = stats(new_game(seed=1))
    >>> per_game, per_seat[0]
    ({'provinces_scored': 0, 'mongol_attacks': 0}, {'provinces_won': 0, 'mongol_losses': 0})
    """
    scored = [e for e in game.log if e.kind in PROVINCE_SCORINGS]
    attacks = [e for e in game.log if e.kind in MONGOL_ATTACKS]
    won = Counter(p for e in scored for p in e.data["winners"])
    losses = Counter(p for e in attacks for p in e.data["losers"])
    per_game = {"provinces_scored": len(scored), "mongol_attacks": len(attacks)}
    return per_game, [{"provinces_won": won[p], "mongol_losses": losses[p]} for p in range(game.players)]
