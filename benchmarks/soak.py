"""Random-play soak of every game, player count and named variant, with the invariants checked.

Plays random games of every configuration of every registered game (``tests/games.py``, as the conformance suite)
on all cores and checks the invariants of ``tests/soak/invariants.py`` after every decision; prints, per
configuration, the games, decisions, illegal moves tried and failures, then the totals::

    python benchmarks/soak.py                       # 100,000+ games (2,500 per configuration)
    python benchmarks/soak.py --games 2000          # what the suite's soak plays
    python benchmarks/soak.py --game dschingis_khan --games 10000 --first-seed 1000000
    nice -n 19 python benchmarks/soak.py --workers 1 --out benchmarks/results/soak.md   # the table, kept

A failure prints the game, seed and decision; ``Soaker(module, players, options).play(seed)`` replays it.
``--out`` also writes the table as Markdown with the command, the commit it ran on (and whether the work tree
had changes), the Python, the cores and the wall-clock time.
"""

import argparse
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.soak.invariants import configs, soak_chunk  # noqa: E402


def run(games, first_seed=0, only=(), workers=None, chunk=250):
    """Soak ``games`` games of every configuration (of the games in ``only``, if given) on ``workers`` processes.

    Returns ``{config id: {"games", "decisions", "illegal", "failures"}}``.
    """
    ids = [c[0] for c in configs() if not only or c[0].split("-")[0] in only]
    totals = {i: {"games": 0, "decisions": 0, "illegal": 0, "failures": []} for i in ids}
    tasks = [(i, range(s, min(s + chunk, first_seed + games))) for i in ids
             for s in range(first_seed, first_seed + games, chunk)]
    with ProcessPoolExecutor(workers or os.cpu_count()) as pool:
        for config_id, (n, decisions, illegal, failures) in zip([t[0] for t in tasks],
                                                                pool.map(soak_chunk, *zip(*tasks, strict=True)),
                                                                strict=True):
            row = totals[config_id]
            row["games"] += n
            row["decisions"] += decisions
            row["illegal"] += illegal
            row["failures"] += failures
    return totals


def commit():
    """The commit this checkout is on, its subject, and whether tracked files have changes not committed."""
    def git(*args):
        return subprocess.run(["git", *args], cwd=Path(__file__).resolve().parents[1], capture_output=True,
                              text=True).stdout.strip()

    dirty = " (with uncommitted changes)" if git("status", "--porcelain", "--untracked-files=no") else ""
    return f"{git('rev-parse', 'HEAD')}{dirty} ({git('log', '-1', '--format=%s')})"


def markdown(totals, argv, seconds, workers, ran_on):
    """The table as a Markdown document that says what was run, where and on which commit (``ran_on``)."""
    rows = [f"| {c} | {r['games']:,} | {r['decisions']:,} | {r['illegal']:,} | {len(r['failures'])} |"
            for c, r in totals.items()]
    games, decisions, illegal, failures = (sum(r[k] if k != "failures" else len(r[k]) for r in totals.values())
                                           for k in ("games", "decisions", "illegal", "failures"))
    out = ["# Soak: random games of every configuration with the invariants checked", "",
           f"- command: `python benchmarks/soak.py {' '.join(argv)}`",
           f"- commit: {ran_on}",
           f"- Python {platform.python_version()} on {os.cpu_count()} cores, {workers} worker process(es); "
           f"{seconds / 60:.1f} min wall clock",
           "- invariants: `tests/soak/invariants.py`", "",
           "| configuration | games | decisions | illegal moves tried | failures |", "|---|---:|---:|---:|---:|",
           *rows, f"| **all** | **{games:,}** | **{decisions:,}** | **{illegal:,}** | **{failures}** |", ""]
    for row in totals.values():
        out += [f"- FAILED: {f}" for f in row["failures"][:3]]
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2500, help="games per configuration (default 2500)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--out", type=Path, help="also write the table as Markdown to this file")
    args = parser.parse_args(argv)
    start, ran_on = time.perf_counter(), commit()  # (taken at the start: the checkout may change during a long run)
    totals = run(args.games, args.first_seed, args.game, args.workers)
    print(f"{'configuration':48} {'games':>7} {'decisions':>10} {'illegal':>8} {'failures':>8}")
    for config_id, row in totals.items():
        print(f"{config_id:48} {row['games']:>7} {row['decisions']:>10} {row['illegal']:>8} {len(row['failures']):>8}")
    for row in totals.values():
        for failure in row["failures"][:3]:
            print("FAILED:", failure)
    games = sum(r["games"] for r in totals.values())
    decisions = sum(r["decisions"] for r in totals.values())
    failures = sum(len(r["failures"]) for r in totals.values())
    print(f"{'all':48} {games:>7} {decisions:>10} {sum(r['illegal'] for r in totals.values()):>8} {failures:>8}")
    seconds = time.perf_counter() - start
    print(f"{seconds:.1f} s wall clock")
    if args.out:
        args.out.write_text(markdown(totals, sys.argv[1:] if argv is None else argv, seconds,
                                     args.workers or os.cpu_count(), ran_on))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
