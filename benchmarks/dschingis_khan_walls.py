"""Cost of placing a wall and resolving its loop in Dschingis Khan, by board size.

On the standard board and on square lattices of side 5, 10, 20 and 40 (the largest a layout may be; Great Wall
straight across the middle) it measures:

1. ``local loop``: walls placed one at a time to build 3-piece detours round one village
   next to the Great Wall; every third piece closes a loop that is resolved (the old
   piece removed, the village changes side). Work per placement, and for the closing
   placement, should not grow with the board: fitted exponent ~0.
2. ``wide loop``: one detour round a strip of ``side // 2`` villages (a loop whose
   length and enclosed area grow with the side): the closing placement costs work in
   proportion to the two routes and the villages that change side (exponent ~1 here),
   so its cost per piece + village stays flat (exponent ~0).
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

SIDES = (5, 10, 20, 40)  # lattices are capped at 40 x 40 (lattice.MAX_SIDE)


def local_detours(board, row):
    """Line sequences of 3-piece detours north of the wall along ``row``, every other field."""
    t, out = board.tower_at, []
    for x in range(1, board.columns - 2, 2):
        path = [(x, row), (x, row - 1), (x + 1, row - 1), (x + 1, row)]
        out.append([board.line_between(t[a], t[b]) for a, b in zip(path, path[1:], strict=False)])
    return out


def wide_detour(board, row):
    """One detour north of the wall round ``columns // 2`` fields of the row above it."""
    t, width = board.tower_at, board.columns // 2
    x0 = (board.columns - width) // 2
    path = [(x0, row), (x0, row - 1)] + [(x, row - 1) for x in range(x0 + 1, x0 + width + 1)] + [(x0 + width, row)]
    return [[board.line_between(t[a], t[b]) for a, b in zip(path, path[1:], strict=False)]]


def measure(board, row, detours, budget):
    """Per placement: mean seconds; per resolved loop: mean seconds of the closing placement and the
    pieces + villages it touched (both routes and the villages that changed side)."""
    placements = spent = loops = closing = touched = 0
    clock = time.perf_counter
    while spent < budget:
        nets = [WallNetwork(board) for _ in range(3)]   # built outside the timing
        for net in nets:
            for detour in detours:
                for line in detour:
                    start = clock()
                    r = net.place(line)
                    took = clock() - start
                    spent += took
                    placements += 1
                    if r is not None:
                        loops += 1
                        closing += took
                        touched += r.old_length + r.new_length + len(r.changed_side)
    return spent / placements, placements, closing / max(loops, 1), touched / max(loops, 1)


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
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="time budget per board and experiment")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    std = standard()
    cost, n, close, touched = measure(std, 3, local_detours(std, 3)[:2], args.seconds)
    rows.append({"board": "standard (38 villages)", "side": None, "local_us": cost * 1e6, "placements": n,
                 "local_close_us": close * 1e6})
    for side in SIDES:
        board = rectangle(side, side)
        row = side // 2
        local, n, local_close, _ = measure(board, row, local_detours(board, row), args.seconds)
        wide, _n2, wide_close, touched = measure(board, row, wide_detour(board, row), args.seconds)
        full = full_recompute(board, args.seconds / 2)
        rows.append({"board": f"square {side}x{side}", "side": side, "local_us": local * 1e6, "placements": n,
                     "local_close_us": local_close * 1e6, "wide_us": wide * 1e6, "wide_close_us": wide_close * 1e6,
                     "wide_touched": touched, "wide_close_us_per_unit": wide_close * 1e6 / touched,
                     "full_recompute_us": full * 1e6})
    squares = [r for r in rows if r["side"]]
    sizes = [r["side"] for r in squares]
    fits = {"local_loop_per_placement": exponent(sizes, [r["local_us"] for r in squares]),
            "local_loop_closing_placement": exponent(sizes, [r["local_close_us"] for r in squares]),
            "wide_loop_per_placement": exponent(sizes, [r["wide_us"] for r in squares]),
            "wide_loop_closing_placement": exponent(sizes, [r["wide_close_us"] for r in squares]),
            "wide_loop_closing_per_piece_and_village": exponent(sizes, [r["wide_close_us_per_unit"] for r in squares]),
            "full_recompute_of_sides": exponent(sizes, [r["full_recompute_us"] for r in squares])}
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "rows": rows, "exponents": fits}, indent=1))
        return
    print(f"{'board':24} {'local loop':>22} {'wide loop':>22} {'wide close':>11} {'full sides':>11}")
    print(f"{'':24} {'per wall':>10} {'closing':>11} {'per wall':>10} {'closing':>11} {'per unit':>11} "
          f"{'recompute':>11}")
    for r in rows:
        cells = [f"{r['local_us']:7.2f} us", f"{r['local_close_us']:8.2f} us"]
        if "wide_us" in r:
            cells += [f"{r['wide_us']:7.2f} us", f"{r['wide_close_us']:8.1f} us",
                      f"{r['wide_close_us_per_unit']:8.2f} us", f"{r['full_recompute_us']:8.0f} us"]
        print(f"{r['board']:24} " + " ".join(f"{c:>10}" if i % 2 == 0 else f"{c:>11}" for i, c in enumerate(cells)))
    print("fitted growth exponents (cost ~ side^k):")
    for k, v in fits.items():
        print(f"  {k:42} {v:5.2f}")
    print("local loop: 3-piece detours round one village (3 walls per loop, 1 village changes side).\n"
          "wide loop: one detour of side//2 + 2 walls round side//2 villages; 'closing' is the placement that\n"
          "resolves the loop; 'per unit' divides it by the pieces of both routes + the villages that change side.\n"
          "full sides recompute: what recomputing every village's side after each loop would cost instead.")


if __name__ == "__main__":
    main()
