"""Legality has one source per game: the game's own test of a move agrees with its legal-move lister (issue 41).

Great Wall of China answers ``_is_legal`` from its rules (``legality.refusal``) and Dschingis Khan tests a wall
from its rules, beside the listers (``_moves_<kind>``) that offer the moves; the other games test a move against
the list. Over random positions of every registered game, every candidate move (the moves the game offered
anywhere in it, and those moves with one field changed: mostly illegal) is legal by the game's test exactly when
it is listed, and a move not listed is refused with the kit's error naming a rule.
"""

import dataclasses
import random

import pytest

import greatwall_kit
from greatwall_kit.engine import IllegalMoveError

#: Decisions between two positions looked at, and positions per game: a few seconds per game.
EVERY, POSITIONS = 5, 80


def _mutants(move, seen, rng):
    """``move`` with one field changed: a whole number moved by one or far out, a word (or ``None``) to another value
    the field has held."""
    out = []
    for field in dataclasses.fields(move):
        value, known = getattr(move, field.name), seen[type(move), field.name]
        # (a value of the field's own type: None only where the field has been None; a word one the field has held)
        values = [v for v in known if v != value and not isinstance(v, int)]
        if isinstance(value, int):
            values += [value - 1, value + 1, 0, 99]
        for new in rng.sample(sorted(values, key=str), min(3, len(values))):
            try:
                out.append(dataclasses.replace(move, **{field.name: new}))
            except (TypeError, ValueError):  # (a move class that refuses such a value outright)
                continue
    return out


@pytest.mark.parametrize("name", sorted(greatwall_kit.GAMES))
def test_a_move_is_legal_by_the_games_own_test_exactly_when_its_lister_offers_it(name):
    rng = random.Random(41)
    pool, seen = {}, {}
    checked = refused = positions = 0
    counts = greatwall_kit.GAMES.game_class(name).player_counts
    players = 3 if 3 in counts else counts[-1]
    for seed in range(20):
        game = greatwall_kit.new_game(name, players=players, seed=seed)
        decisions = 0
        while not game.is_over and positions < POSITIONS:
            legal = list(game.legal_moves())
            for move in legal:
                pool[move] = None
                for field in dataclasses.fields(move):
                    seen.setdefault((type(move), field.name), set()).add(getattr(move, field.name))
            if decisions % EVERY == 0:
                positions += 1
                listed = set(legal)
                candidates = list(pool) + [m for move in rng.sample(list(pool), min(10, len(pool)))
                                           for m in _mutants(move, seen, rng)]
                for move in candidates:
                    assert game._is_legal(move) == (move in listed), f"{game!r}: {move!r}"
                checked += len(candidates)
                for move in rng.sample(candidates, min(10, len(candidates))):  # (a refusal costs more: a sample)
                    if move not in listed:
                        with pytest.raises(IllegalMoveError) as err:
                            game.play(move)
                        assert err.value.rule and err.value.reason, err.value
                        refused += 1
            game.play(rng.choice(legal))
            decisions += 1
        if positions >= POSITIONS:
            break
    assert positions == POSITIONS and refused > POSITIONS, (checked, refused)
