"""Many seeded games between bots, on local processes or a Dask cluster, as one pandas table."""

import hashlib
import os
import pickle
import time
import warnings
from typing import TYPE_CHECKING, Any

from greatwall_kit import new_game
from greatwall_kit.bots import GreedyBot, MCTSBot, RandomBot, as_bot, play_match
from greatwall_kit.engine.errors import GreatWallError, quote
from greatwall_kit.engine.registry import GAMES

from .stats import game_stats

if TYPE_CHECKING:
    import dask.distributed
    import pandas

__all__ = ["simulate", "compare_variants", "one_at_a_time", "make_bots", "play_one", "game_seed"]

#: Bots by name, for short calls: ``simulate("chang_cheng", ["mcts", "random"], 100)``.
BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}


def game_seed(seed, index):
    """The seed of game ``index`` of a run seeded ``seed`` (independent of how games are spread over workers)."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{index}".encode()).digest()[:4], "big")


def make_bots(bots, players):
    """One bot per seat: ``bots`` is one bot (every seat) or a list of one per seat; names as in :data:`BOTS`."""
    if isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise GreatWallError(f"{len(bots)} bots for {players} players: give one per seat, or one for all")
        return [_named(b) for b in bots]
    return [_named(bots) for _ in range(players)]


def _named(bot):
    if not isinstance(bot, str):
        as_bot(bot)  # not a bot (None, a bot class): refused here, before any game
        return bot
    if bot not in BOTS:
        raise GreatWallError(f"no bot called {bot!r}; the kit's bots are {', '.join(map(repr, BOTS))}")
    return BOTS[bot]()


def play_one(game_name, bots, players, seed, index, options):
    """Play game ``index`` of a run and return its rows (one dict per seat). Runs in any worker."""
    gseed = game_seed(seed, index)
    seated = [b.fresh(gseed * 8 + s) if hasattr(b, "fresh") else b for s, b in enumerate(bots)]
    game = play_match(new_game(game_name, players=players, seed=gseed, **options), seated)
    scores, winners = game.scores(), game.winners()
    per_game, per_seat = game_stats(game)
    rows = []
    for s in range(players):
        rows.append({"game": index, "seed": gseed, "seat": s, "bot": _name(bots[s]), "players": players,
                     "score": scores[s], "rank": 1 + sum(x > scores[s] for x in scores), "winner": s in winners,
                     "decisions": len(game.history), "end": game.result.reason, **per_game, **per_seat[s]})
    return rows


def simulate(game_name: str, bots: Any, n_games: int, seed: int = 0, players: int | None = None, *,
             workers: int | None = None, client: "dask.distributed.Client | None" = None, progress: bool = True,
             **options: Any) -> "pandas.DataFrame":
    """Play ``n_games`` seeded games between ``bots`` and return one row per game and seat.

    Parameters
    ----------
    game_name : str
        A game of the kit, e.g. ``"chang_cheng"``.
    bots : bot, name, or list of them
        One per seat, or one for every seat. Names: ``"random"``, ``"greedy"``, ``"mcts"``. A bot with a
        ``fresh(seed)`` method (the kit's bots) is re-seeded for every game and seat.
    n_games : int
        How many games.
    seed : int
        Seed of the run: game ``i`` gets :func:`game_seed` ``(seed, i)``, whatever the backend.
    players : int, optional
        Player count (default: the number of bots given, or 2).
    workers : int, optional
        Local worker processes (default: all cores); ``1`` plays in this process.
    client : dask.distributed.Client, optional
        Play on this Dask cluster instead of local processes.
    progress : bool
        Show a tqdm progress bar (notebook-aware).
    **options
        The game's variant options.

    Returns
    -------
    pandas.DataFrame
        Columns ``game, seed, seat, bot, players, score, rank, winner, decisions, end`` and the game's
        own statistics (see :mod:`greatwall_kit.sim.stats`), sorted by game and seat. Interrupted
        (Ctrl-C), it returns the games finished so far, with a warning.

    Examples
    --------
    >>> table = simulate("great_wall_of_china", "random", 4, seed=1, workers=1, progress=False)
    >>> len(table), list(table.columns[:6])
    (8, ['game', 'seed', 'seat', 'bot', 'players', 'score'])
    >>> table.equals(simulate("great_wall_of_china", "random", 4, seed=1, workers=2, progress=False))
    True
    """
    import pandas as pd
    from tqdm.auto import tqdm

    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise GreatWallError(f"n_games must be a whole number of games, not {quote(n_games)}")
    if players is None:
        players = len(bots) if isinstance(bots, (list, tuple)) else 2
    new_game(game_name, players=players, seed=0, **options)  # bad names, player counts and options fail here, at once
    seated = make_bots(bots, players)
    if workers is None:
        workers = os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise GreatWallError(f"workers must be a whole number of processes, at least 1, not {quote(workers)}")
    # the game's registry entry travels with the run: a worker process that started afresh registers it too
    run = (GAMES.entry(game_name), seated, players, seed, options)
    if client is None and workers > 1 and not _picklable(seated):
        warnings.warn("these bots cannot be sent to other processes (a function defined in a notebook?): "
                      "playing in this process", RuntimeWarning, stacklevel=2)
        workers = 1
    rows = []
    bar = tqdm(total=n_games, desc=game_name, disable=not progress)
    results = _backend(run, n_games, workers, client)
    try:
        for games in results:
            for result in games:
                rows += result
            bar.update(len(games))
    except KeyboardInterrupt:
        warnings.warn(f"interrupted: returning the {len(rows) // players} games that finished",
                      RuntimeWarning, stacklevel=2)
    finally:
        results.close()  # cancels the games not started
        bar.close()
    table = pd.DataFrame(rows)
    if len(table):
        table = table.sort_values(["game", "seat"], ignore_index=True)
    return table


def compare_variants(game_name, variants, bots, n_games, seed=0, players=None, *, baseline="rulebook", **kwargs):
    """:func:`simulate` once per variant (same seeds), the tables stacked with a ``variant`` column.

    ``variants`` maps a name to the game's options; the rulebook (no options) comes first as
    ``baseline``. Other keyword arguments go to :func:`simulate`.

    >>> from greatwall_kit.great_wall_of_china import VARIANTS
    >>> table = compare_variants("great_wall_of_china", {"one final round": VARIANTS["one final round"]}, "random", 3,
    ...                          workers=1, progress=False)
    >>> table.groupby("variant", sort=False).size().to_dict()
    {'rulebook': 6, 'one final round': 6}
    """
    import pandas as pd

    if not isinstance(variants, dict) or not all(isinstance(v, dict) for v in variants.values()):
        raise GreatWallError(f"variants must map a name to the game's options, e.g. {{'one final round': "
                             f"{{'final_scoring': 'one_round'}}}}, not {quote(variants)}")
    tables = []
    for name, options in {baseline: {}, **variants}.items():
        table = simulate(game_name, bots, n_games, seed, players, **kwargs, **options)
        tables.append(table.assign(variant=name))
    return pd.concat(tables, ignore_index=True)


def one_at_a_time(options):
    """Split a set of options into variants of one option each: ``{"name=value": {name: value}}``.

    >>> one_at_a_time({"actions": "four", "warrior": "other_province"})
    {'actions=four': {'actions': 'four'}, 'warrior=other_province': {'warrior': 'other_province'}}
    """
    return {f"{k}={v}": {k: v} for k, v in options.items()}


#: Seconds of play a chunk of games is cut to last. Handing out a chunk costs about a millisecond to a local
#: process and several to a Dask worker: chunks of a fixed 20 games, 30 ms of the quickest games, made that a
#: large share of a Dask run. Much longer chunks would leave the progress bar still and one worker playing on
#: alone at the end.
CHUNK_SECONDS = 0.25


def _backend(run, n_games, workers, client):
    """Yield lists of finished games' rows, a chunk of games at a time (a task per game costs too much).

    ``run`` is what every game shares (``play_one``'s arguments but the game's index). Chunks are cut and handed
    out as workers free up, a few ahead of them (see :class:`_Chunks`), so the run's size costs no memory up
    front: a billion games start as fast as ten, and an interrupt returns what finished.
    """
    parallel = client is not None or (workers > 1 and n_games > 1)
    if not parallel:
        for index in range(n_games):
            yield [_play_one(run, index)]
        return
    slots = workers if client is None else max(1, sum(client.nthreads().values()))
    chunks = _Chunks(n_games, slots)
    first = [c for c in (chunks.take() for _ in range(4 * slots)) if c]  # every worker busy, a few chunks waiting
    if client is not None:
        from dask.distributed import as_completed

        running = {client.submit(_play_chunk, run, a, b, pure=False) for a, b in first}
        queue = as_completed(running)
        try:
            for future in queue:
                running.discard(future)
                rows, seconds = future.result()
                chunks.played(len(rows), seconds)
                more = chunks.take()
                if more is not None:
                    more = client.submit(_play_chunk, run, *more, pure=False)
                    running.add(more)
                    queue.add(more)
                yield rows
        finally:
            client.cancel(list(running))
    else:
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        pool = ProcessPoolExecutor(max_workers=workers)
        running = {pool.submit(_play_chunk, run, a, b) for a, b in first}
        try:
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    rows, seconds = future.result()
                    chunks.played(len(rows), seconds)
                    more = chunks.take()
                    if more is not None:
                        running.add(pool.submit(_play_chunk, run, *more))
                    yield rows
        finally:
            pool.shutdown(wait=False, cancel_futures=True)


class _Chunks:
    """The run's games cut into index ranges ``(start, stop)`` one at a time, as they are handed out.

    Until a chunk has been played, a chunk is one game. Then each is cut to last about :data:`CHUNK_SECONDS`
    at the speed of the last chunk played, at most twice the largest so far (one quick reading cannot make a
    huge chunk). Near the end chunks shrink, down to an eighth, so that the workers finish together.

    >>> chunks = _Chunks(10_000, slots=2)
    >>> [chunks.take() for _ in range(3)]
    [(0, 1), (1, 2), (2, 3)]
    >>> chunks.played(1, 0.01)  # 10 ms a game: 25 games make a chunk, reached by doubling
    >>> [b - a for a, b in (chunks.take() for _ in range(6))]
    [2, 4, 8, 16, 25, 25]
    >>> sizes = [b - a for a, b in iter(chunks.take, None)]
    >>> sizes[-8:], 3 + 80 + sum(sizes)
    ([3, 3, 3, 3, 3, 3, 3, 2], 10000)
    """

    def __init__(self, n_games, slots):
        self.n_games, self.slots = n_games, slots
        self.cut = 0  # the games before this index are handed out
        self.size, self.largest = 1, 1

    def played(self, games, seconds):
        """A chunk of ``games`` took ``seconds`` of play: later chunks are cut to that speed."""
        if games:
            self.size = max(1, int(CHUNK_SECONDS * games / seconds) if seconds > 0 else self.n_games)

    def take(self):
        """The next range of games, or ``None`` once every game is handed out."""
        left = self.n_games - self.cut
        if left <= 0:
            return None
        full = min(self.size, 2 * self.largest)
        # near the end, a share of what is left (as much as the chunks already waiting), down to an eighth
        size = min(left, full, max(full // 8, -(-left // (4 * self.slots))))
        self.largest = max(self.largest, size)
        start, self.cut = self.cut, self.cut + size
        return start, self.cut


def _play_one(run, index):
    entry, bots, players, seed, options = run
    GAMES.register(entry.name, entry.title, entry.module)  # (already there, as in this process: nothing changes)
    return play_one(entry.name, bots, players, seed, index, options)


def _play_chunk(run, start, stop):
    """The rows of games ``start`` to ``stop - 1``, and the seconds of play they took (this thread's CPU time)."""
    began = time.thread_time()
    rows = [_play_one(run, index) for index in range(start, stop)]
    return rows, time.thread_time() - began


def _picklable(obj):
    try:
        pickle.dumps(obj)
    except Exception:  # pickle raises several kinds for a lambda or a local function
        return False
    return True


def _name(bot):
    return getattr(bot, "__name__", None) or repr(bot)
