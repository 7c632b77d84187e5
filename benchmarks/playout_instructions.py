"""Machine instructions per random-playout decision, counted by valgrind's callgrind: a figure machine load does not
move.

``playouts.py`` measures decisions/s, which on a shared machine moves by ±20 % from run to run. This script
plays the same seeded random games (set-up included, as ``playouts.py`` counts them) under
``valgrind --tool=callgrind`` and prints the instructions executed per decision, less those of starting
Python and importing the kit (a run with no games)::

    python benchmarks/playout_instructions.py                          # every game and player count
    python benchmarks/playout_instructions.py --game the_great_wall --games 100
    python benchmarks/playout_instructions.py --tree ../old-checkout   # the same games on another checkout

Decisions/s ≈ (instructions the machine runs per second) / (instructions per decision), so two checkouts
compare by the ratio of their counts on any machine. Needs ``valgrind`` (``apt-get install valgrind``);
each row takes 20-60 s.
"""

import argparse
import importlib
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve()
#: Games per row: about 2,000 decisions each, so one row takes well under a minute under callgrind.
ROW_GAMES = {"chang_cheng": 25, "great_wall_of_china": 20, "dschingis_khan": 12, "the_great_wall": 40}


def play(tree, name, players, games):
    """Play ``games`` seeded random games (the child process's work); prints the decisions made."""
    sys.path.insert(0, str(tree))
    from greatwall_kit import GAMES as MODULES

    module = importlib.import_module(MODULES[name])
    decisions = 0
    for seed in range(games):
        game = module.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while game.to_act is not None:
            game.play(rng.choice(game.legal_moves()))
            decisions += 1
    print(decisions)


def counted(tree, name, players, games):
    """``(instructions, decisions)`` of one child run under callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          str(HERE), "--child", str(tree), name, str(players), str(games)],
                         capture_output=True, text=True, check=True)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    return int(collected.group(1)), int(run.stdout.split()[-1])


def row(tree, name, players, games):
    base, _ = counted(tree, name, players, 0)
    total, decisions = counted(tree, name, players, games)
    return name, players, decisions, (total - base) / decisions


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(ROW_GAMES), help="only this game (repeatable)")
    parser.add_argument("--games", type=int, help="games per row (default: about 2,000 decisions' worth)")
    parser.add_argument("--tree", default=str(HERE.parents[1]), help="the checkout to measure (default: this one)")
    parser.add_argument("--jobs", type=int, default=2, help="rows measured at once (callgrind runs one core each)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        tree, name, players, games = args.child
        return play(tree, name, int(players), int(games))
    sys.path.insert(0, args.tree)
    from greatwall_kit import GAMES as MODULES

    rows = []
    for name in args.game or ROW_GAMES:
        counts = type(importlib.import_module(MODULES[name]).new_game()).player_counts
        rows += [(args.tree, name, players, args.games or ROW_GAMES[name]) for players in counts]
    with ThreadPoolExecutor(args.jobs) as pool:
        for name, players, decisions, per in pool.map(lambda r: row(*r), rows):
            print(f"{name:22} {players}p  {per:>9,.0f} instructions/decision  ({decisions} decisions)", flush=True)


if __name__ == "__main__":
    main()
