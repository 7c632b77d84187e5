"""Playing a whole game between bots, refusing (with a clear message) a bot that misbehaves."""

import threading

from greatwall_kit.engine import Game, GreatWallError
from greatwall_kit.engine.errors import quote

from .seat import seat_view

__all__ = ["play_match", "as_bot", "BotFailure", "UnfinishedMatch", "MAX_DECISIONS", "Forfeit"]

#: Decisions after which :func:`play_match` stops a game: more than 15 times the longest of 300 random games of
#: any game of the kit (about 300). Dschingis Khan can go on for ever: it ends only when supplies run out, and
#: bots that never take tiles (``legal_moves[0]`` does exactly that) take walls and lose them in tied loops
#: (DK-23) again and again.
MAX_DECISIONS = 5_000


class BotFailure(GreatWallError):
    """Raised when a bot raises, chooses a move that is not legal, or takes longer than the time limit."""

    def __init__(self, bot, seat, reason):
        super().__init__(f"bot {bot!r} in seat {seat} {reason}")
        self.bot, self.seat, self.reason = bot, seat, reason

    def __reduce__(self):  # raised in a simulation worker, it must reach the caller's process whole
        return type(self), (self.bot, self.seat, self.reason)


class UnfinishedMatch(GreatWallError):
    """Raised when the bots have made ``decisions`` decisions and the game is still not over."""

    def __init__(self, message, decisions):
        super().__init__(message)
        self.decisions = decisions

    def __reduce__(self):  # as BotFailure's
        return type(self), (self.args[0], self.decisions)


def as_bot(bot):
    """The ``choose(view, legal_moves)`` function of ``bot`` (an object with ``choose``, or a function).

    Raises :class:`~greatwall_kit.engine.errors.GreatWallError` for anything else, and for a bot class
    given where a bot is meant (``RandomBot`` for ``RandomBot()``).
    """
    if isinstance(bot, type):  # its choose is a plain function that would take the view for self
        raise GreatWallError(f"{bot.__name__} is a kind of bot, not a bot: give {bot.__name__}(...)")
    choose = getattr(bot, "choose", bot)
    if not callable(choose):
        raise GreatWallError(f"{quote(bot)} is not a bot: give an object with choose(view, legal_moves) or a function")
    return choose


def play_match(game, bots, *, time_limit=None, max_decisions=MAX_DECISIONS):
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
    max_decisions : int
        Decisions after which an unfinished game is given up (see :data:`MAX_DECISIONS`).

    Raises
    ------
    GreatWallError
        Before any bot decides: ``game`` is not a game, ``bots`` not one bot per seat, or ``time_limit`` or
        ``max_decisions`` not a number of seconds or decisions.
    BotFailure
        A bot raised, chose a move that is not legal now, or overran ``time_limit``.
    UnfinishedMatch
        The game was still going on after ``max_decisions`` decisions.

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

    Two bots that always take the first legal move never end a game of Dschingis Khan:

    >>> first = lambda view, moves: moves[0]
    >>> play_match(new_game("dschingis_khan", seed=1), [first, first], max_decisions=300)
    Traceback (most recent call last):
    ...
    greatwall_kit.bots.match.UnfinishedMatch: Dschingis Khan: ... did not end within 300 decisions; the last moves were ...
    """  # noqa: E501 - doctest output is compared as printed
    _check_match(game, bots, time_limit, max_decisions)
    chooses = [as_bot(b) for b in bots]
    reads = [getattr(b, "reads_view", True) for b in bots]
    for _ in range(max_decisions):
        seat = game.to_act
        if seat is None:
            return game
        legal = list(game.legal_moves())
        made = len(game.history)
        try:
            view = seat_view(game, seat) if reads[seat] else None
            move = _decide(chooses[seat], view, list(legal), time_limit)  # its own copy: a bot may pop from it
        except Forfeit as forfeit:
            raise BotFailure(bots[seat], seat, str(forfeit)) from None
        except Exception as exc:
            raise BotFailure(bots[seat], seat, f"raised {exc!r}") from exc
        if len(game.history) != made:  # a bot that reached the game (a notebook's global) and played on it
            raise BotFailure(bots[seat], seat, "changed the game itself; a bot only returns its move")
        chosen = _parsed(game, move) if isinstance(move, str) else move
        if chosen not in legal:
            raise BotFailure(bots[seat], seat, f"chose {move!r}, which is not among the {len(legal)} legal moves")
        game.play(legal[legal.index(chosen)])  # the game's own move: one sent back from a bot's process is a copy
    if game.to_act is None:
        return game
    last = ", ".join(map(str, game.history[-8:]))
    raise UnfinishedMatch(f"{game.title} (seed {game.seed}) did not end within {max_decisions:,} decisions; the last "
                          f"moves were {last} (bots that repeat themselves can keep a game going for ever)",
                          max_decisions)


def _check_match(game, bots, time_limit, max_decisions):
    """Refuse a bad request before any bot decides: a bad time limit must not be blamed on the bot it fails in."""
    if not isinstance(game, Game):
        raise GreatWallError(f"play_match plays a game of the kit (from new_game), not {quote(game)}")
    if not isinstance(bots, (list, tuple)):
        raise GreatWallError(f"bots must be a list of one bot per seat, not {quote(bots)}")
    if len(bots) != game.players:
        raise GreatWallError(f"{len(bots)} bots for a {game.players}-player game")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                   or not time_limit > 0):
        raise GreatWallError(f"time_limit must be a number of seconds above 0, or None, not {quote(time_limit)}")
    if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or max_decisions < 0:
        raise GreatWallError(f"max_decisions must be a whole number of decisions, not {quote(max_decisions)}")


class Forfeit(Exception):  # noqa: N818 - what it is, not an error of the caller's
    """Raised instead of a bot's decision when the bot cannot give one for a reason of its own making other than an
    error it raised (it overran its time, its process ended); :func:`play_match` gives the reason."""


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
        raise Forfeit(f"took longer than {time_limit} s to decide")
    if "error" in box:
        raise box["error"]
    return box["move"]


def _parsed(game, text):
    try:
        return game.parse_move(text)
    except ValueError:
        return text
