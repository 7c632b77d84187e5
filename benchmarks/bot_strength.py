"""Are the bots real? Win rates of MCTS, Greedy and Random against each other, with 95 % intervals.

For every game at 2 players and at its largest player count, plays seat-rotated games:
at 2 players the three pairings (MCTS-Greedy, Greedy-Random, MCTS-Random); at the largest count
one MCTS, one Greedy and Random bots in the other seats. Each configuration runs until its share
of the time budget is spent, so the game counts say how much was measured::

    python benchmarks/bot_strength.py --minutes 60 --playouts 30 --workers 2
    python benchmarks/bot_strength.py --game great_wall_of_china --minutes 5

Prints one line per bot and configuration: wins / games, win rate and its 95 % Wilson interval.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit import GAMES, new_game  # noqa: E402
from greatwall_kit.bots import GreedyBot, MCTSBot, RandomBot  # noqa: E402
from greatwall_kit.sim import simulate  # noqa: E402
from greatwall_kit.sim.plots import win_rate_ci  # noqa: E402


def configurations(name, playouts):
    bots = {"mcts": MCTSBot(0, playouts=playouts), "greedy": GreedyBot(0), "random": RandomBot(0)}
    top = max(new_game(name).player_counts)
    pairs = [("mcts", "greedy"), ("greedy", "random"), ("mcts", "random")]
    for a, b in pairs:
        yield 2, [(a, bots[a]), (b, bots[b])]
    yield top, [("mcts", bots["mcts"]), ("greedy", bots["greedy"])] + [("random", bots["random"])] * (top - 2)


def run(name, players, lineup, seconds, workers, seed):
    """Seat-rotated chunks of games until ``seconds`` of wall-clock time are spent; returns per-bot (wins, games)."""
    tally, start, chunk = {}, time.monotonic(), 0
    while time.monotonic() - start < seconds:
        shift = chunk % players
        order = lineup[shift:] + lineup[:shift]
        table = simulate(name, [b for _, b in order], workers, seed=seed * 1000 + chunk, players=players,
                         workers=workers, progress=False)
        for seat, (label, _) in enumerate(order):
            mine = table[table["seat"] == seat]
            wins, games = tally.get(label, (0, 0))
            tally[label] = (wins + int(mine["winner"].sum()), games + len(mine))
        chunk += 1
    return tally


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--minutes", type=float, default=60, help="wall-clock budget for everything")
    parser.add_argument("--playouts", type=int, default=30, help="MCTS playouts per decision")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    names = args.game or list(GAMES)
    configs = [(n, p, lineup) for n in names for p, lineup in configurations(n, args.playouts)]
    share = args.minutes * 60 / len(configs)
    print(f"MCTS {args.playouts} playouts/decision; {args.workers} worker processes; "
          f"{share:.0f} s per configuration", flush=True)
    for i, (name, players, lineup) in enumerate(configs):
        tally = run(name, players, lineup, share, args.workers, seed=i)
        labels = " vs ".join(dict.fromkeys(label for label, _ in lineup))
        for label, (wins, games) in tally.items():
            rate, low, high = win_rate_ci(wins, games)
            print(f"{name:20} {players}p  {labels:26} {label:7} {wins:4}/{games:<4} win rate {rate:5.1%}  "
                  f"[{low:5.1%}, {high:5.1%}]", flush=True)


if __name__ == "__main__":
    main()
