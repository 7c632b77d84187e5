"""Playing a whole game between bots."""

from greatwall_kit.engine import IllegalMoveError

from .seat import seat_view

__all__ = ["play_match", "as_bot"]


def as_bot(bot):
    """The ``choose(view, legal_moves)`` function of ``bot`` (an object with ``choose``, or a function)."""
    choose = getattr(bot, "choose", bot)
    if not callable(choose):
        raise TypeError(f"{bot!r} is not a bot: give an object with choose(view, legal_moves) or a function")
    return choose


def play_match(game, bots, *, max_decisions=100_000):
    """Let ``bots[seat]`` decide for each seat until ``game`` is over; returns the finished game.

    Each bot sees only its seat's view (and worlds sampled from it). A bot that returns a move
    that is not legal raises :class:`~greatwall_kit.engine.errors.IllegalMoveError` naming the bot.

    Examples
    --------
    >>> from greatwall_kit import new_game
    >>> from greatwall_kit.bots import GreedyBot, RandomBot
    >>> game = play_match(new_game("chang_cheng", players=2, seed=5), [GreedyBot(1), RandomBot(2)])
    >>> game.is_over, len(game.scores())
    (True, 2)
    """
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for a {game.players}-player game")
    chooses = [as_bot(b) for b in bots]
    for _ in range(max_decisions):
        seat = game.to_act
        if seat is None:
            return game
        legal = list(game.legal_moves())
        move = chooses[seat](seat_view(game, seat), legal)
        if isinstance(move, str):
            move = _parsed(game, move)
        if move not in legal:
            raise IllegalMoveError(move, "KIT-02", f"bot {bots[seat]!r} in seat {seat} chose {move!r}, which is "
                                   f"not among the {len(legal)} legal moves")
        game.play(move)
    raise RuntimeError(f"{game!r} did not end within {max_decisions} decisions")


def _parsed(game, text):
    try:
        return game.parse_move(text)
    except ValueError:
        return text
