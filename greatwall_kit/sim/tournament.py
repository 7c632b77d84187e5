"""Class tournaments: every bot against every other, in every seat, with a leaderboard."""

import itertools
import math
import pathlib
import re

from greatwall_kit import new_game
from greatwall_kit.bots import MAX_DECISIONS, BotFailure, UnfinishedMatch, as_bot, play_match
from greatwall_kit.bots.isolated import IsolatedBot, code_bot, is_code
from greatwall_kit.engine.errors import GreatWallError, quote

from .plots import mean_ci, win_rate_ci
from .run import game_seed

__all__ = ["tournament", "BotFailure", "UnfinishedMatch"]


def tournament(bots, game_name, n_games, seed=0, *, players=2, time_limit=2.0, max_decisions=MAX_DECISIONS,
               isolate=None, plot=True, out=print, **options):
    """A round robin: each group of ``players`` bots plays ``n_games`` games in every seating order.

    A bot that raises, returns a move that is not legal or thinks longer than ``time_limit``
    seconds loses that game (every other seat wins it); the message is printed, the reason is in the
    leaderboard, and the tournament goes on. A game still going on after ``max_decisions`` decisions (bots that
    repeat themselves can keep Dschingis Khan going for ever) is stopped: nobody wins it, and the message says so.

    With ``isolate=True`` each bot plays in a process of its own, which is sent only its seat's view (with worlds
    sampled from it here) and the legal moves, never the game: a bot cannot read what its seat may not know even
    by walking the interpreter's memory, a bot that hangs is ended, and one that crashes its process loses only
    that game (see :mod:`greatwall_kit.bots.isolated`; ``benchmarks/isolated_tournament.py`` measures the cost).

    Parameters
    ----------
    bots : dict or list
        ``{name: bot}``, or a list of bots (named by their ``repr`` or ``__name__``, a file by its name). A bot is
        a bot object or function, or a student's code: a text of Python or the path of a ``.py`` file that
        defines ``choose(view, legal_moves)`` (or ``bot``, an object with that method).
    game_name : str
        A game of the kit.
    n_games : int
        Games per group of bots and seating order.
    seed : int
        Seed of the tournament (game ``k`` gets ``game_seed(seed, k)``; the kit's bots are re-seeded per game).
    players : int
        Bots per game.
    time_limit : float or None
        Seconds per decision.
    max_decisions : int
        Decisions after which an unfinished game is stopped.
    isolate : bool, optional
        Run each bot in a process of its own; by default, when any bot is given as code or a file (a class
        tournament). A bot sent to a process must be code, a file, a function defined with ``def`` at the top of a
        cell or module, or an object that pickles (the kit's bots do). A notebook's function is sent as its source
        alone: it imports what it uses inside itself (else it raises ``NameError`` there, and loses).
    plot : bool
        Draw the leaderboard's win rates with their 95 % intervals.
    out : callable
        Where the messages and the leaderboard are printed.

    Returns
    -------
    pandas.DataFrame
        The leaderboard, best first: ``games, wins, win_rate, win_low, win_high, mean_score, score_low,
        score_high, failures, failed_because`` per bot (the last: the reasons of its failures, or "").

    Examples
    --------
    >>> def first(view, legal_moves):
    ...     return legal_moves[0]
    >>> def broken(view, legal_moves):
    ...     raise ValueError("oops")
    >>> said = []
    >>> board = tournament({"first": first, "broken": broken}, "great_wall_of_china", 1, seed=1, plot=False,
    ...                    out=said.append)
    >>> for line in said[:2]:
    ...     print(line)
    game 1: broken (seat 1) loses: bot 'broken' in seat 1 raised ValueError('oops')
    game 2: broken (seat 0) loses: bot 'broken' in seat 0 raised ValueError('oops')
    >>> board[["games", "wins", "win_rate", "failures"]]
            games  wins  win_rate  failures
    first       2     2       1.0         0
    broken      2     0       0.0         2
    """
    import pandas as pd

    new_game(game_name, players=players, **options)  # a bad game name, player count or option fails before any game
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise GreatWallError("n_games must be a whole number of games per seating order, at least 1, "
                             f"not {quote(n_games)}")
    if not isinstance(bots, (dict, list, tuple)):
        raise GreatWallError(f"bots must be a dict {{name: bot}} or a list of bots, not {quote(bots)}")
    named = dict(bots) if isinstance(bots, dict) else {_name(b): b for b in bots}
    if len(named) < len(bots):  # a list holding one function twice: each entry needs its own name
        raise GreatWallError(f"two bots share a name in {list(map(_name, bots))}: give a dict {{name: bot}}")
    if len(named) < players:
        raise GreatWallError(f"a tournament of {players}-player games needs at least {players} bots, not {len(named)}")
    if isolate is None:
        isolate = any(map(is_code, named.values()))
    if not isinstance(isolate, bool):
        raise GreatWallError(f"isolate is True or False, not {quote(isolate)}")
    if not isolate:
        named = {name: code_bot(bot, name) if is_code(bot) else bot for name, bot in named.items()}
    for bot in named.values():
        if not is_code(bot):
            as_bot(bot)  # not a bot at all: refused before any game, not when its seat first decides
    records, k = [], 0
    playing = {} if isolate else named
    try:
        if isolate:  # each bot's process is started now: code that does not load is refused before any game
            for name, bot in named.items():
                playing[name] = IsolatedBot(bot, name, time_limit)
        for group in itertools.combinations(named, players):
            for order in itertools.permutations(group):
                for _ in range(n_games):
                    records += _play(game_name, order, playing, game_seed(seed, k), k, players,
                                     None if isolate else time_limit, max_decisions, options, out)
                    k += 1
    finally:
        for bot in playing.values():
            if isinstance(bot, IsolatedBot):
                bot.close()
    table = pd.DataFrame(records)
    board = _leaderboard(table, list(named))
    out(board.to_string())
    if plot:
        _plot(board)
    return board


def _play(game_name, order, named, gseed, k, players, time_limit, max_decisions, options, out):
    seated = [named[n].fresh(gseed * 8 + s) if hasattr(named[n], "fresh") else named[n] for s, n in enumerate(order)]
    game = new_game(game_name, players=players, seed=gseed, **options)
    try:
        play_match(game, seated, time_limit=time_limit, max_decisions=max_decisions)
    except UnfinishedMatch as unfinished:
        out(f"game {k + 1}: stopped unfinished, nobody wins it: {unfinished}")
        return [{"game": k, "bot": n, "seat": s, "score": math.nan, "winner": False, "failed": False, "reason": ""}
                for s, n in enumerate(order)]
    except BotFailure as failure:
        out(f"game {k + 1}: {order[failure.seat]} (seat {failure.seat}) loses: {failure}".replace(
            repr(seated[failure.seat]), repr(order[failure.seat])))
        return [{"game": k, "bot": n, "seat": s, "score": math.nan, "winner": s != failure.seat,
                 "failed": s == failure.seat, "reason": failure.reason if s == failure.seat else ""}
                for s, n in enumerate(order)]
    scores, winners = game.scores(), game.winners()
    return [{"game": k, "bot": n, "seat": s, "score": scores[s], "winner": s in winners, "failed": False,
             "reason": ""} for s, n in enumerate(order)]


def _leaderboard(table, names):
    import pandas as pd

    rows = {}
    for name in names:
        mine = table[table["bot"] == name]
        rate, low, high = win_rate_ci(int(mine["winner"].sum()), len(mine))
        mean, s_low, s_high = mean_ci(mine["score"].dropna())
        rows[name] = {"games": len(mine), "wins": int(mine["winner"].sum()), "win_rate": rate, "win_low": low,
                      "win_high": high, "mean_score": mean, "score_low": s_low, "score_high": s_high,
                      "failures": int(mine["failed"].sum()),
                      "failed_because": "; ".join(sorted({r for r in mine["reason"] if r}))}
    board = pd.DataFrame.from_dict(rows, orient="index")
    return board.sort_values(["win_rate", "mean_score"], ascending=False, kind="stable").round(3)


def _plot(board):
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(6.4, 0.5 + 0.45 * len(board)))
    y = range(len(board))[::-1]
    rate = board["win_rate"]
    ax.errorbar(rate, y, xerr=[rate - board["win_low"], board["win_high"] - rate], fmt="o", capsize=4)
    ax.set_yticks(list(y), board.index)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95 % CI)")
    ax.set_title("Leaderboard")
    return ax


def _name(bot):
    if is_code(bot):  # a file by its name, a text of code by the first function it defines
        if isinstance(bot, pathlib.PurePath) or "\n" not in bot:
            return pathlib.Path(bot).stem
        found = re.search(r"def\s+(\w+)", bot)
        return found.group(1) if found else "code"
    return getattr(bot, "__name__", None) or repr(bot)

