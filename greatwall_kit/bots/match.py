"""Playing a whole game between bots, refusing (with a clear message) a bot that misbehaves."""

import threading

from greatwall_kit.engine import GreatWallError

from .seat import seat_view

__all__ = ["play_match", "as_bot", "BotFailure"]


class BotFailure(GreatWallError):
    """Raised when a bot raises, chooses a move that is not legal, or takes longer than the time limit."""

    def __init__(self, bot, seat, reason):
        super().__init__(f"bot {bot!r} in seat {seat} {reason}")
        self.bot, self.seat, self.reason = bot, seat, reason


def as_bot(bot):
    """The ``choose(view, legal_moves)`` function of ``bot`` (an object with ``choose``, or a function)."""
    choose = getattr(bot, "choose", bot)
    if not callable(choose):
        raise TypeError(f"{bot!r} is not a bot: give an object with choose(view, legal_moves) or a function")
    return choose


def play_match(game, bots, *, time_limit=None, max_decisions=100_000):
    """Let ``bots[seat]`` decide for each seat until ``game`` is over; returns the finished game.

    Each bot sees only its seat's view (and worlds sampled from it). A bot may answer with a move
    or its text. A bot with ``reads_view = False`` (like :class:`RandomBot`) is handed ``None`` for a view.

    Parameters
    ----------
    game : Game
        The game to play on (changed in place).
    bots : list
        One bot per seat.
    time_limit : float, optional
        Seconds a bot may think per decision (then it runs in a helper thread, which is abandoned
        if the bot overruns: Python cannot stop it).

    Raises
    ------
    BotFailure
        A bot raised, chose a move that is not legal now, or overran ``time_limit``.

    Examples
    --------
    >>> from greatwall_kit import new_game
    >>> from greatwall_kit.bots import GreedyBot, RandomBot
    >>> game = play_match(new_game("chang_cheng", players=2, seed=5), [GreedyBot(1), RandomBot(2)])
    >>> game.is_over, len(game.scores())
    (True, 2)
    >>> play_match(new_game("chang_cheng", seed=5), [lambda view, moves: "pass", RandomBot(2)])
    Traceback (most recent call last):
    ...
    greatwall_kit.bots.match.BotFailure: bot <function <lambda> at ...> in seat 0 chose 'pass', which is not among the 26 legal moves
    """
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for a {game.players}-player game")
    chooses = [as_bot(b) for b in bots]
    reads = [getattr(b, "reads_view", True) for b in bots]
    for _ in range(max_decisions):
        seat = game.to_act
        if seat is None:
            return game
        legal = list(game.legal_moves())
        try:
            view = seat_view(game, seat) if reads[seat] else None
            move = _decide(chooses[seat], view, legal, time_limit)
        except _Overran:
            raise BotFailure(bots[seat], seat, f"took longer than {time_limit} s to decide") from None
        except Exception as exc:
            raise BotFailure(bots[seat], seat, f"raised {exc!r}") from exc
        chosen = _parsed(game, move) if isinstance(move, str) else move
        if chosen not in legal:
            raise BotFailure(bots[seat], seat, f"chose {move!r}, which is not among the {len(legal)} legal moves")
        game.play(chosen)
    raise RuntimeError(f"{game!r} did not end within {max_decisions} decisions")


class _Overran(Exception):
    pass


def _decide(choose, view, legal, time_limit):
    if time_limit is None:
        return choose(view, legal)
    box = {}

    def think():
        try:
            box["move"] = choose(view, legal)
        except BaseException as exc:  # handed back to the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=think, daemon=True)
    thread.start()
    thread.join(time_limit)
    if thread.is_alive():
        raise _Overran
    if "error" in box:
        raise box["error"]
    return box["move"]


def _parsed(game, text):
    try:
        return game.parse_move(text)
    except ValueError:
        return text
