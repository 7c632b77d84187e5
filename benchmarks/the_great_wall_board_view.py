"""Cost of drawing The Great Wall's board view: ``picture()`` (with every move's target), ``graph()``
and ``move_element`` for all legal moves, over the positions of a random game per player count.

A board widget redraws after every decision, so a picture should cost a few milliseconds.

Run::

    python benchmarks/the_great_wall_board_view.py        # about 5 s
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit.the_great_wall import new_game  # noqa: E402


def positions(players, seed):
    game, rng = new_game(players=players, seed=seed), random.Random(seed)
    while not game.is_over:
        yield game
        game.play(rng.choice(game.legal_moves()))
    yield game


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main():
    new_game().graph()  # networkx's first import is not the view's cost
    print(f"{'players':>7} {'positions':>9} {'picture ms':>11} {'graph ms':>9} {'move_element ms':>16} {'SVG kB':>7}")
    for players in (1, 2, 4):
        pic, gr, me, size, n = [], [], [], [], 0
        for game in positions(players, seed=players):
            n += 1
            moves = list(game.legal_moves())
            me.append(timed(lambda: [game.move_element(m) for m in moves]))  # noqa: B023 - called at once, in this iteration
            targets = {k: "t" for k in (game.move_element(m) for m in moves) if k}
            pic.append(timed(lambda: game.picture(targets=targets)))  # noqa: B023 - called at once, in this iteration
            gr.append(timed(game.graph))
            size.append(len(game.picture(targets=targets)) / 1000)
        print(f"{players:>7} {n:>9} {statistics.median(pic):>11.2f} {statistics.median(gr):>9.2f} "
              f"{statistics.median(me):>16.3f} {statistics.median(size):>7.1f}")
    print("(medians over the positions of one random game)")


if __name__ == "__main__":
    main()
