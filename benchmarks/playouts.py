"""Random-playout throughput of every game through the engine protocol.

Plays uniformly random games for every registered game and player count and
prints games/s and decisions/s of CPU time (one process, one core), and the
decisions/s of play alone with the share of time spent setting games up (a
search's playouts start from a copy, not from a new game)::

    python benchmarks/playouts.py                 # all games, ~2 s of CPU each
    python benchmarks/playouts.py --game chang_cheng --seconds 5
    python benchmarks/playouts.py --json

Figures are CPU time of this process (``time.process_time``), pinned to one core
where the OS allows; compare runs made on the same machine at the same time.
"""

import argparse
import importlib
import importlib.util
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit import GAMES  # noqa: E402


def measure(module, players, seconds, options):
    games = decisions = 0
    seed = 0
    setup = 0.0
    start = time.process_time()
    while time.process_time() - start < seconds:
        before = time.process_time()
        game = module.new_game(players=players, seed=seed, **options)
        setup += time.process_time() - before
        rng = random.Random(seed)
        while game.to_act is not None:
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
        games += 1
        seed += 1
    cpu = time.process_time() - start
    return {"players": players, "options": options, "games": games, "decisions": decisions, "cpu_s": round(cpu, 3),
            "games_per_s": round(games / cpu, 2), "decisions_per_s": round(decisions / cpu),
            "decisions_per_game": round(decisions / games, 1), "setup_share": round(setup / cpu, 3),
            "play_decisions_per_s": round(decisions / (cpu - setup))}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per game and player count")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    rows = []
    for name in args.game or GAMES:
        if importlib.util.find_spec(GAMES[name]) is None:
            print(f"{name}: not implemented yet, skipped", file=sys.stderr)
            continue
        module = importlib.import_module(GAMES[name])
        for players in type(module.new_game()).player_counts:
            rows.append({"game": name, **measure(module, players, args.seconds, {})})
            if not args.json:
                r = rows[-1]
                print(f"{name:22} {players}p  {r['games_per_s']:>9.1f} games/s  {r['decisions_per_s']:>8} decisions/s"
                      f"  {r['play_decisions_per_s']:>8} without set-up ({r['setup_share']:.0%})"
                      f"  ({r['decisions_per_game']} decisions/game, {r['games']} games)", flush=True)
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "results": rows}, indent=1))


if __name__ == "__main__":
    main()
