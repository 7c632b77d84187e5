"""Determinism: the same seed and moves give the same game in another process and after save/load.

The other process runs with different hash seeds, so a rule that depended on the order of a set of
strings (which changes from process to process) would show here.
"""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import greatwall_kit

from .invariants import configs

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = configs()
CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
import greatwall_kit
import tests.games  # (registers the games of GREATWALL_TEST_GAMES)
out = []
for name, players, options, seed, moves in json.loads(sys.stdin.read()):
    game = greatwall_kit.new_game(name, players=players, seed=seed, **options).replay(moves)
    out.append([game.to_json(), [str(e) for e in game.log], list(game.scores())])
print(json.dumps(out))
"""


def _random_game(module, players, options, seed):
    game = module.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(rng.randrange(40, 400)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def _record(game):
    return [game.to_json(), [str(e) for e in game.log], list(game.scores())]


@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_another_process_rebuilds_every_configuration_identically(hash_seed):
    games = [_random_game(module, players, options, 100 + i) for i, (_, module, players, options) in
             enumerate(CONFIGS)]
    jobs = [[g.name, g.players, options, g.seed, [str(m) for m in g.history]]
            for g, (_, _, _, options) in zip(games, CONFIGS, strict=True)]
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT)], input=json.dumps(jobs), env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    theirs = json.loads(done.stdout)
    for (config_id, *_), game, other in zip(CONFIGS, games, theirs, strict=True):
        assert other == _record(game), config_id


@pytest.mark.parametrize("config_id,module,players,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_a_loaded_game_plays_on_like_the_original(config_id, module, players, options):
    original = module.new_game(players=players, seed=7, **options)
    rng = random.Random(7)
    while not original.is_over:
        if rng.random() < 0.05:  # save and load at random moments, then both play the same moves
            loaded = greatwall_kit.load(original.to_json())
            assert _record(loaded) == _record(original)
            move = rng.choice(original.legal_moves())
            original.play(move)
            loaded.play(str(move))
            assert _record(loaded) == _record(original)
        else:
            original.play(rng.choice(original.legal_moves()))
    assert _record(greatwall_kit.load(original.to_json())) == _record(original)
