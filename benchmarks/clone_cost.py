"""What a copy of a game costs against a random playout of the same game (MCTS copies once per playout).

For every game and player count, takes positions part-way through random games and prints the
time of ``game.copy()`` (the kit's fast clone), of ``copy.deepcopy`` (what ``copy()`` was before),
of a random playout from those positions (what MCTS does after each copy) and of a whole random
game, with the ratios clone / playout and clone / whole game::

    python benchmarks/clone_cost.py
    python benchmarks/clone_cost.py --game chang_cheng --positions 40

Times are CPU time of this process (``time.process_time``); the medians over positions are printed.
"""

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit import GAMES, new_game  # noqa: E402
from greatwall_kit.engine.playout import play_randomly  # noqa: E402


def _cpu(fn, repeat):
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def measure(name, players, positions):
    clones, deeps, playouts, wholes = [], [], [], []
    for seed in range(positions):
        wholes.append(_cpu(lambda: play_randomly(new_game(name, players=players, seed=seed), seed), 1))  # noqa: B023 - called at once, in this iteration
        game = new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 40)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        clones.append(_cpu(game.copy, 20))
        deeps.append(_cpu(lambda: copy.deepcopy(game), 5))  # noqa: B023 - called at once, in this iteration
        worlds = [game.copy() for _ in range(5)]
        playouts.append(_cpu(lambda: play_randomly(worlds.pop(), seed), 5))  # noqa: B023 - called at once, in this iteration
    return tuple(statistics.median(x) for x in (clones, deeps, playouts, wholes))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--positions", type=int, default=20, help="positions per game and player count")
    args = parser.parse_args(argv)
    print(f"{'game':22} {'n':>2}  {'clone ms':>8} {'deepcopy ms':>11} {'playout ms':>10} {'game ms':>8}  "
          f"{'clone/playout':>13} {'clone/game':>10} {'deepcopy/playout':>16}")
    for name in args.game or GAMES:
        for players in new_game(name).player_counts:
            clone, deep, playout, whole = measure(name, players, args.positions)
            print(f"{name:22} {players:>2}  {clone * 1e3:8.3f} {deep * 1e3:11.3f} {playout * 1e3:10.3f} "
                  f"{whole * 1e3:8.3f}  {clone / playout:13.1%} {clone / whole:10.1%} {deep / playout:16.1%}",
                  flush=True)


if __name__ == "__main__":
    main()
