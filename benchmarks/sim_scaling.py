"""Games per second of the simulation lab: 1 vs 2 local worker processes, and a Dask LocalCluster.

Plays the same seeded random-bot games on each backend, checks the tables are equal, and prints
games/s (wall clock, including starting the workers) and the ratios::

    python benchmarks/sim_scaling.py
    python benchmarks/sim_scaling.py --game dschingis_khan --games 400

Wall-clock figures depend on what else the machine runs: compare backends measured together.
"""

import argparse
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

    run = dict(game_name=args.game, bots="random", n_games=args.games, seed=1, players=args.players)
    timed(**{**run, "n_games": 4, "workers": 1})  # first-use costs (imports, board data) are paid here, not below
    base, one = timed(workers=1, **run)
    two_table, two = timed(workers=2, **run)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(lambda: __import__("greatwall_kit.sim"))  # imports paid once, as a warm pool would
        dask_table, dask = timed(client=client, **run)
    assert two_table.equals(base) and dask_table.equals(base), "backends disagree"
    print(f"{args.game} {args.players}p, {args.games} random games, same table on every backend")
    for label, seconds in (("1 process", one), ("2 processes", two), ("Dask LocalCluster, 2 workers", dask)):
        print(f"  {label:30} {args.games / seconds:8.1f} games/s  ({seconds:.2f} s)")
    print(f"  speed-up 2 processes / 1: {one / two:.2f}x; Dask / 2 processes: {two / dask:.2f}x "
          f"(overhead {dask / two - 1:+.0%})")


if __name__ == "__main__":
    main()
