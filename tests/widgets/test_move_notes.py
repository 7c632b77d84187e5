"""The tooltip of every move: the rule that move applies and a sentence of what it does, from the rules core.

The board view shows each legal move as ``[text, rule, what it does, the words its button shows]`` (a button, a
target or a choice) and takes them from the game's ``describe`` hook, written from the rules without playing the move.
Here every game, player count and named variant is walked at random; in the positions sampled, each move the board
lists must name the first rule the engine cites when that very move is played on a copy, and no two moves of one
position may share a text (``builder value`` and ``builder block``, ``play 1 dragon 1`` and ``dragon 1 1`` each say
what they do).
"""

import random

import pytest

from greatwall_kit.widgets import Board
from tests.soak.invariants import configs

CONFIGS = [pytest.param(module, players, options, id=cid) for cid, module, players, options in configs()]
#: Positions sampled per configuration, a few decisions apart (a Board is drawn at each).
SAMPLES, EVERY = 6, 7


def cited(game, move):
    """The first rule the engine cites when ``move`` is played on a copy of ``game``."""
    trial = game.copy()
    known = len(trial.log)
    trial.play(move)
    return next((e.rule for e in trial.log[known:] if e.rule), None)


@pytest.mark.parametrize(("module", "players", "options"), CONFIGS)
def test_each_moves_tooltip_names_the_rule_it_applies_and_says_what_it_does(module, players, options):
    for seed in (1, 2):
        game = module.new_game(players=players, seed=seed, **options)
        rng = random.Random(seed)
        sampled = 0
        while game.to_act is not None and sampled < SAMPLES:
            if len(game.history) % EVERY == 0:
                board = Board(game, perspective="teacher")
                view = board._view
                listed = view["buttons"] + [m for ms in view["targets"].values() for m in ms]
                assert sorted(m[0] for m in listed) == sorted(str(m) for m in game.legal_moves())
                for text, rule, what, _label in listed:
                    assert rule == cited(game, text), (f"seed {seed}, decision {len(game.history)}: {text!r} "
                                                       f"shows {rule}, the engine cites {cited(game, text)}")
                    assert what and what != view["rules"].get(rule), f"{text!r} only repeats its rule's summary"
                texts = [what for _, _, what, _ in listed]
                assert len(set(texts)) == len(texts), f"two moves say the same: {sorted(texts)}"
                board.close()
                sampled += 1
            game.play(rng.choice(game.legal_moves()))
        assert sampled, "no position sampled"
