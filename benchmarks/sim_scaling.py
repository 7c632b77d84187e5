"""Games per second of the simulation lab: 1 vs 2 local worker processes, and a Dask LocalCluster.

Plays the same seeded random-bot games on each backend, checks the tables are equal, and prints
games/s and the ratios, in rounds: one process, two processes, Dask, then again, so that a slow spell of the
machine falls on every backend; the medians over the rounds are the figures to quote. The local pool is
started by each ``simulate`` call (its start-up, a few hundredths of a second, is inside the 2-process
runs); the Dask cluster is started and warmed (imports) before the clock starts, as a long-lived cluster
would be. With other work on the machine the ratios say little (2 workers cannot run 1.8x faster on cores
that are already busy), so the load average is printed before and after::

    python benchmarks/sim_scaling.py
    python benchmarks/sim_scaling.py --game dschingis_khan --games 400 --rounds 5

Wall-clock figures depend on what else the machine runs: compare backends measured together.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit import GAMES  # noqa: E402
from greatwall_kit.sim import simulate  # noqa: E402


def timed(**kwargs):
    start = time.perf_counter()
    table = simulate(progress=False, **kwargs)
    return table, time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="great_wall_of_china", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of 1 process, 2 processes, Dask, in turn")
    args = parser.parse_args(argv)
    from dask.distributed import Client, LocalCluster

    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} before", flush=True)
    run = dict(game_name=args.game, bots="random", n_games=args.games, seed=1, players=args.players)
    timed(**{**run, "n_games": 4, "workers": 1})  # first-use costs (imports, board data) are paid here, not below
    _, startup = timed(**{**run, "n_games": 2, "workers": 2})  # pool start-up and one game per worker
    rounds = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(lambda: __import__("greatwall_kit.sim"))  # imports paid once, as a warm pool would
        # the backends take turns, round after round: a slow spell of the machine then falls on all three,
        # and each round's ratios compare runs made minutes apart at most
        for _ in range(args.rounds):
            base, one = timed(workers=1, **run)
            two_table, two = timed(workers=2, **run)
            dask_table, dask = timed(client=client, **run)
            assert two_table.equals(base) and dask_table.equals(base), "backends disagree"
            rounds.append((one, two, dask))
            print(f"  round {len(rounds)}: 1 process {args.games / one:7.1f} games/s, 2 processes "
                  f"{args.games / two:7.1f}, Dask {args.games / dask:7.1f}; 2 processes / 1: {one / two:.2f}x, "
                  f"Dask / 2 processes: {dask / two - 1:+.0%}", flush=True)
    speedups = sorted(one / two for one, two, _ in rounds)
    overheads = sorted(dask / two - 1 for _, two, dask in rounds)
    print(f"{args.game} {args.players}p, {args.games} random games a run, same table on every backend; the pool's "
          f"start-up (~{max(0.0, startup):.2f} s for 2 games) is inside each 2-process run")
    print(f"  speed-up 2 processes / 1: median {statistics.median(speedups):.2f}x "
          f"(min {speedups[0]:.2f}x, max {speedups[-1]:.2f}x over {len(rounds)} rounds)")
    print(f"  Dask LocalCluster (2 workers, warm) against 2 processes: median {statistics.median(overheads):+.0%} "
          f"(min {overheads[0]:+.0%}, max {overheads[-1]:+.0%})")
    print(f"  load average {os.getloadavg()[0]:.2f} after (a ratio above 2x means a 1-process run was slowed by "
          "other work on the machine)")


if __name__ == "__main__":
    main()
