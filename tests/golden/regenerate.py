"""Golden games: one recorded random game per game and named variant, reproduced byte for byte by the tests.

Every registered game has them (``tests/games.py``); each ``tests/golden/<name>.json`` (or in the folder the
game's fixture names) holds the options, seed, moves, full log (sentences and rules) and final
scores of one game. ``test_golden.py`` plays the moves again and compares the document it writes with the
file, so any change to the rules' play, wording or citations shows up as a failing test and, once meant,
as a reviewed diff. Rewrite them on purpose, for every game or the games named, with::

    python tests/golden/regenerate.py [GAME ...]
"""

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import greatwall_kit  # noqa: E402
from tests import games  # noqa: E402

SEED = 2024


def entries():
    """``(file name, game, players, options)``: each game at its smallest player count, then each named
    variant at the smallest player count it accepts."""
    out = []
    for name in games.names():
        module = games.module(name)
        counts = list(type(module.new_game()).player_counts)
        out.append((name, name, counts[0], {}))
        for label, options in getattr(module, "VARIANTS", {}).items():
            for players in counts:
                try:
                    module.new_game(players=players, **options)
                except greatwall_kit.SetupError:
                    continue
                out.append((f"{name}-{label.replace(' ', '_')}", name, players, options))
                break
    return out


def record(name, players, options, moves=None):
    """The golden document (JSON text) of the game: played at random from ``SEED``, or from ``moves``."""
    game = greatwall_kit.new_game(name, players=players, seed=SEED, **options)
    if moves is None:
        rng = random.Random(SEED)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
    else:
        game.replay(moves)
    doc = {"game": name, "players": players, "seed": SEED, "options": options,
           "moves": [str(m) for m in game.history],
           "log": [[e.sentence, e.rule] for e in game.log],
           "scores": list(game.scores()), "winners": list(game.winners())}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def path_of(file_name, name):
    """The golden game's file."""
    return games.golden_folder(name) / f"{file_name}.json"


def main(only=()):
    for file_name, name, players, options in entries():
        if only and name not in only:
            continue
        path = path_of(file_name, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = record(name, players, options)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        print(f"{path.name}: {'unchanged' if old == text else 'written'}")


if __name__ == "__main__":
    main(sys.argv[1:])
