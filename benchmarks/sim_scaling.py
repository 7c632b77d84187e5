"""Games per second of the simulation lab: 1 vs 2 local worker processes, and a Dask LocalCluster.

Plays the same seeded random-bot games on each backend, checks the tables are equal, and prints
games/s and the ratios. The local pool is started by each ``simulate`` call, so its start-up is
measured apart (a run of one game per worker) and games/s are given with and without it; the Dask
cluster is started and warmed (imports) before the clock starts, as a long-lived cluster would be.
The load average is printed before and after: with other work on the machine, the ratios say
little (2 workers cannot run 1.8x faster on cores that are already busy)::

    python benchmarks/sim_scaling.py
    python benchmarks/sim_scaling.py --game dschingis_khan --games 400

Wall-clock figures depend on what else the machine runs: compare backends measured together.
"""

import argparse
import os
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
    args = parser.parse_args(argv)
    from dask.distributed import Client, LocalCluster

    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} before", flush=True)
    run = dict(game_name=args.game, bots="random", n_games=args.games, seed=1, players=args.players)
    timed(**{**run, "n_games": 4, "workers": 1})  # first-use costs (imports, board data) are paid here, not below
    base, one = timed(workers=1, **run)
    _, startup = timed(**{**run, "n_games": 2, "workers": 2})  # pool start-up and one game per worker
    startup = max(0.0, startup - one / args.games)
    two_table, two = timed(workers=2, **run)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(lambda: __import__("greatwall_kit.sim"))  # imports paid once, as a warm pool would
        dask_table, dask = timed(client=client, **run)
    assert two_table.equals(base) and dask_table.equals(base), "backends disagree"
    print(f"{args.game} {args.players}p, {args.games} random games, same table on every backend")
    print(f"  {'1 process':34} {args.games / one:8.1f} games/s  ({one:.2f} s)")
    print(f"  {'2 processes (start-up included)':34} {args.games / two:8.1f} games/s  ({two:.2f} s, of which "
          f"~{startup:.2f} s start-up)")
    print(f"  {'2 processes (start-up excluded)':34} {args.games / (two - startup):8.1f} games/s")
    print(f"  {'Dask LocalCluster, 2 workers':34} {args.games / dask:8.1f} games/s  ({dask:.2f} s, cluster warm)")
    print(f"  speed-up 2 processes / 1: {one / two:.2f}x with start-up, {one / (two - startup):.2f}x without; "
          f"Dask / 2 processes (without start-up): overhead {dask / (two - startup) - 1:+.0%}")
    print(f"  load average {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()
