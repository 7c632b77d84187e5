"""Cost of placing a wall and resolving its loop in Dschingis Khan, by board size.

On the standard board and on square lattices of side 10, 20, 40, 80 and 160 (Great Wall
straight across the middle) it measures:

1. ``local loop``: walls placed one at a time to build 3-piece detours round one village
   next to the Great Wall; every third piece closes a loop that is resolved (the old
   piece removed, the village changes side). Work per placement should not grow with the
   board: fitted exponent ~0.
2. ``wide loop``: one detour round a strip of ``side // 2`` villages (a loop whose
   length and enclosed area grow with the side): cost per placement grows with the wall
   and the area, and the cost per piece + village that changes side stays flat.
3. ``full recompute``: for contrast, recomputing every village's side from scratch
   (what an implementation without incremental sides would pay per loop): exponent ~2.

Run::

    python benchmarks/dschingis_khan_walls.py            # about 10 s
    python benchmarks/dschingis_khan_walls.py --json
"""

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit.dschingis_khan.lattice import rectangle, standard  # noqa: E402
from greatwall_kit.dschingis_khan.sides import initial_sides  # noqa: E402
from greatwall_kit.dschingis_khan.walls import WallNetwork  # noqa: E402

SIDES = (10, 20, 40, 80, 160)


def local_detours(board, row):
    """Line sequences of 3-piece detours north of the wall along ``row``, every other field."""
    t, out = board.tower_at, []
    for x in range(1, board.columns - 2, 2):
        path = [(x, row), (x, row - 1), (x + 1, row - 1), (x + 1, row)]
        out.append([board.line_between(t[a], t[b]) for a, b in zip(path, path[1:])])
    return out


def wide_detour(board, row):
    """One detour north of the wall round ``columns // 2`` fields of the row above it."""
    t, width = board.tower_at, board.columns // 2
    x0 = (board.columns - width) // 2
    path = [(x0, row), (x0, row - 1)] + [(x, row - 1) for x in range(x0 + 1, x0 + width + 1)] + [(x0 + width, row)]
    return [[board.line_between(t[a], t[b]) for a, b in zip(path, path[1:])]]


def measure(board, row, detours, budget):
    """Seconds per placement, placements, and villages that changed side per loop."""
    placements = spent = changed = loops = 0
    while spent < budget:
        nets = [WallNetwork(board) for _ in range(3)]   # built outside the timing
        start = time.perf_counter()
        for net in nets:
            for detour in detours:
                for line in detour:
                    r = net.place(line)
                    placements += 1
                    if r is not None:
                        changed += len(r.changed_side)
                        loops += 1
        spent += time.perf_counter() - start
    return spent / placements, placements, changed / max(loops, 1)


def full_recompute(board, budget):
    runs, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        initial_sides(board, board.start_wall)
        runs += 1
    return (time.perf_counter() - start) / runs


def exponent(sizes, costs):
    """Least-squares slope of log(cost) against log(size)."""
    xs, ys = [math.log(s) for s in sizes], [math.log(c) for c in costs]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="time budget per board and experiment")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    std = standard()
    cost, n, changed = measure(std, 3, local_detours(std, 3)[:2], args.seconds)
    rows.append({"board": "standard (38 villages)", "side": None, "local_us": cost * 1e6, "placements": n,
                 "changed_per_loop": changed})
    for side in SIDES:
        board = rectangle(side, side)
        row = side // 2
        local, n, changed = measure(board, row, local_detours(board, row), args.seconds)
        wide, n2, wide_changed = measure(board, row, wide_detour(board, row), args.seconds)
        per_piece = len(wide_detour(board, row)[0])
        full = full_recompute(board, args.seconds / 2)
        rows.append({"board": f"square {side}x{side}", "side": side, "local_us": local * 1e6, "placements": n,
                     "changed_per_loop": changed, "wide_us": wide * 1e6, "wide_changed": wide_changed,
                     "wide_us_per_unit": wide * per_piece * 1e6 / (per_piece + wide_changed),
                     "full_recompute_us": full * 1e6})
    squares = [r for r in rows if r["side"]]
    sizes = [r["side"] for r in squares]
    fits = {"local_loop": exponent(sizes, [r["local_us"] for r in squares]),
            "wide_loop": exponent(sizes, [r["wide_us"] for r in squares]),
            "wide_loop_per_piece_and_village": exponent(sizes, [r["wide_us_per_unit"] for r in squares]),
            "full_recompute": exponent(sizes, [r["full_recompute_us"] for r in squares])}
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "rows": rows, "exponents": fits}, indent=1))
        return
    print(f"{'board':24} {'local loop':>12} {'wide loop':>12} {'wide/unit':>10} {'recompute':>12}  (per placement)")
    for r in rows:
        wide = f"{r['wide_us']:9.1f} us" if "wide_us" in r else " " * 12
        unit = f"{r['wide_us_per_unit']:7.2f} us" if "wide_us" in r else " " * 10
        full = f"{r['full_recompute_us']:9.1f} us" if "full_recompute_us" in r else " " * 12
        print(f"{r['board']:24} {r['local_us']:9.2f} us {wide} {unit} {full}")
    print("fitted growth exponents (cost ~ side^k):",
          ", ".join(f"{k} {v:.2f}" for k, v in fits.items()))
    print("local loop: 3 placements per loop, 1 village changes side; wide loop: side//2 + 2 pieces, "
          "side//2 villages change side; wide/unit = cost per piece + changed village.")


if __name__ == "__main__":
    main()
