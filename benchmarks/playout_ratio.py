"""Random-playout decisions/s of this checkout against another one, measured in paired batches.

Two worker processes, one per checkout, pinned to the same core, play seeded random games (set-up included,
as ``playouts.py`` counts them) in alternating batches of about ``--decisions`` decisions; each batch's CPU
time is taken inside its worker, so start-up and imports are left out. Prints the median and the quartiles of
the batch-by-batch ratio of decisions/s: on a shared machine, whose speed drifts by ±20 % within a minute,
pairing neighbouring batches keeps the ratio steady where two separate runs of ``playouts.py`` would not.

A ratio carries a figure measured elsewhere over to this machine: if the other checkout ran at ``R``
decisions/s on some machine, this one would run at about ``ratio x R`` there::

    python benchmarks/playout_ratio.py --vs ../older-checkout                          # The Great Wall solo
    python benchmarks/playout_ratio.py --vs ../older-checkout --game chang_cheng --players 3 \\
        --vs-game the_great_wall --vs-players 1                                        # against another yardstick
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def worker(tree, game, players):
    """Read a decision count per line; play random games until at least that many, print "cpu decisions"."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    sys.path.insert(0, tree)
    from greatwall_kit import new_game

    seed = 0
    for line in sys.stdin:
        wanted, made = int(line), 0
        start = time.process_time()
        while made < wanted:
            g, rng = new_game(game, players=players, seed=seed), random.Random(seed)
            while g.to_act is not None:
                g.play(rng.choice(g.legal_moves()))
                made += 1
            seed += 1
        print(time.process_time() - start, made, flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vs", help="the other checkout (a directory holding greatwall_kit/); required")
    parser.add_argument("--game", default="the_great_wall")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--vs-game", help="the game the other checkout plays (default: --game)")
    parser.add_argument("--vs-players", type=int, help="its player count (default: --players)")
    parser.add_argument("--decisions", type=int, default=5000, help="decisions per batch (about 0.1-0.3 s)")
    parser.add_argument("--rounds", type=int, default=20, help="pairs of batches")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker[0], args.worker[1], int(args.worker[2]))
    if not args.vs:
        parser.error("--vs is required: the checkout to compare with")
    sides = [(str(HERE.parents[1]), args.game, args.players),
             (args.vs, args.vs_game or args.game, args.vs_players or args.players)]
    procs = [subprocess.Popen([sys.executable, str(HERE), "--worker", tree, game, str(players)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for tree, game, players in sides]

    def rate(proc):
        proc.stdin.write(f"{args.decisions}\n")
        proc.stdin.flush()
        cpu, made = proc.stdout.readline().split()
        return int(made) / float(cpu)

    for proc in procs:  # warm-up: imports, caches, the interpreter's specialisation
        rate(proc)
    ratios, rates = [], ([], [])
    for r in range(args.rounds):
        order = (0, 1) if r % 2 == 0 else (1, 0)  # alternate who goes first
        got = {i: rate(procs[i]) for i in order}
        rates[0].append(got[0])
        rates[1].append(got[1])
        ratios.append(got[0] / got[1])
    for proc in procs:
        proc.stdin.close()
        proc.wait()
    low, _, high = statistics.quantiles(ratios, n=4)
    (_tree, game, players), (vs, vs_game, vs_players) = sides
    print(f"this checkout, {game} {players}p: {statistics.median(rates[0]):,.0f} decisions/s (median batch)")
    print(f"{vs}, {vs_game} {vs_players}p: {statistics.median(rates[1]):,.0f} decisions/s (median batch)")
    print(f"ratio: median {statistics.median(ratios):.3f} (quartiles {low:.3f}-{high:.3f}) over {args.rounds} pairs "
          f"of about {args.decisions:,} decisions")


if __name__ == "__main__":
    main()
