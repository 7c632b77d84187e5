"""What running each bot in a process of its own costs, against the same bots in this process.

For every game, plays the same seeded games twice, with the bots in this process and with each bot in a process of
its own (:class:`~greatwall_kit.bots.isolated.IsolatedBot`, what ``tournament(..., isolate=True)`` uses), and
prints the seconds to start the workers, the seconds of play each way, the time added per decision and per game,
and whether the games were the same move for move (they must be: the bots are re-seeded per game and the worlds
they sample are the same)::

    python benchmarks/isolated_tournament.py
    python benchmarks/isolated_tournament.py --game great_wall_of_china --games 4

The bots: a student's bot that reads its view (sent whole, with the world sampled from it, at every decision),
``GreedyBot`` (the same, and one more sampled world per decision) and ``RandomBot`` (reads no view: only the legal
moves are sent); every pair in both seating orders, ``--games`` times. Wall-clock time (``time.perf_counter``).
"""

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit import GAMES, new_game  # noqa: E402
from greatwall_kit.bots import GreedyBot, RandomBot, play_match  # noqa: E402
from greatwall_kit.bots.isolated import IsolatedBot, code_bot  # noqa: E402
from greatwall_kit.sim.run import game_seed  # noqa: E402

STUDENT = """
def choose(view, legal_moves):
    # a student's first bot: the move with the shortest text, after a look at the view
    assert view["viewer"] is not None
    return min(legal_moves, key=lambda move: len(str(move)))
"""


def play(name, bots, games):
    """Every pair of ``bots`` in both orders, ``games`` times; returns (seconds, decisions, histories)."""
    histories, start, k = [], time.perf_counter(), 0
    for _ in range(games):
        for a, b in itertools.permutations(bots, 2):
            seed = game_seed(7, k)
            seated = [bots[a].fresh(seed * 8) if hasattr(bots[a], "fresh") else bots[a],
                      bots[b].fresh(seed * 8 + 1) if hasattr(bots[b], "fresh") else bots[b]]
            histories.append(play_match(new_game(name, seed=seed), seated).history)
            k += 1
    return time.perf_counter() - start, sum(map(len, histories)), histories


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--games", type=int, default=2, help="games per pair of bots and seating order")
    args = parser.parse_args(argv)
    print(f"{'game':22} {'games':>5} {'decisions':>9}  {'start s':>7} {'in-process s':>12} {'isolated s':>10} "
          f"{'ratio':>5}  {'ms/decision more':>16} {'ms/game more':>12}  same games")
    for name in args.game or sorted(GAMES):
        here = {"student": code_bot(STUDENT), "greedy": GreedyBot(1), "random": RandomBot(2)}
        started = time.perf_counter()
        isolated = {n: IsolatedBot(STUDENT if n == "student" else b, n) for n, b in here.items()}
        start = time.perf_counter() - started
        try:
            t_here, decisions, games_here = play(name, here, args.games)
            t_there, _, games_there = play(name, isolated, args.games)
        finally:
            for bot in isolated.values():
                bot.close()
        more = t_there - t_here
        print(f"{name:22} {len(games_here):>5} {decisions:>9}  {start:>7.2f} {t_here:>12.2f} {t_there:>10.2f} "
              f"{t_there / t_here:>5.1f}  {more / decisions * 1000:>16.2f} {more / len(games_here) * 1000:>12.0f}  "
              f"{games_here == games_there}")


if __name__ == "__main__":
    main()
