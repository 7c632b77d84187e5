"""What a bot's view costs: ``seat_view`` (the view, and a world redealt once so that it holds nothing of the game)
against ``game.view`` alone and against one sampled world, per game, at positions part-way through random games::

    python benchmarks/seat_view_cost.py
    python benchmarks/seat_view_cost.py --game chang_cheng --positions 40

Times are CPU time of this process (``time.process_time``); the medians over positions are printed, in microseconds.
A bot that reads no view (``reads_view = False``, like ``RandomBot``) is handed none and pays nothing.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit import GAMES, new_game  # noqa: E402
from greatwall_kit.bots import sample_world, seat_view  # noqa: E402


def _cpu(fn, repeat):
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat * 1e6


def measure(name, players, positions):
    views, seats, samples = [], [], []
    for seed in range(positions):
        game, rng = new_game(name, players=players, seed=seed), random.Random(seed)
        for _ in range(rng.randrange(0, 60)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        seat = game.to_act if game.to_act is not None else 0
        views.append(_cpu(lambda: game.view(seat), 50))  # noqa: B023 - called at once, in this iteration
        seats.append(_cpu(lambda: seat_view(game, seat), 50))  # noqa: B023 - called at once, in this iteration
        samples.append(_cpu(lambda: sample_world(game, seat, rng), 50))  # noqa: B023 - called at once, in this iteration
    return tuple(statistics.median(x) for x in (views, seats, samples))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--positions", type=int, default=20, help="positions per game and player count")
    args = parser.parse_args(argv)
    print(f"{'game':22} {'n':>2}  {'view us':>8} {'seat_view us':>12} {'sample us':>9}  {'seat_view/view':>14}")
    for name in args.game or sorted(GAMES):
        for players in (2, max(new_game(name).player_counts)):
            view, seat, sample = measure(name, players, args.positions)
            print(f"{name:22} {players:>2}  {view:>8.0f} {seat:>12.0f} {sample:>9.0f}  {seat / view:>14.1f}")


if __name__ == "__main__":
    main()
