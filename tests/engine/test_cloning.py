"""Game copies (engine/cloning.py): equal to the original, independent of it, and playing on alike."""

import copy

import pytest

from greatwall_kit import GAMES, new_game
from greatwall_kit.engine.cloning import clone
from greatwall_kit.engine.playout import play_randomly


def _part_way(name, players, seed, decisions):
    game = new_game(name, players=players, seed=seed)
    play_randomly(game, seed, stop_after=decisions)
    return game


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("decisions", [0, 30])
def test_a_copy_plays_on_exactly_like_the_original_and_leaves_it_alone(name, decisions):
    game = _part_way(name, 3, 2, decisions)
    before = game.fingerprint()
    twin = game.copy()
    assert twin.fingerprint() == before and twin.history == game.history
    play_randomly(twin, 9)
    assert game.fingerprint() == before  # nothing shared that the copy changed
    replayed = copy.deepcopy(game)
    play_randomly(replayed, 9)
    assert twin.fingerprint() == replayed.fingerprint() and twin.log == replayed.log


def test_a_copy_carries_no_observer_and_keeps_shared_references_shared():
    game = new_game("great_wall_of_china", seed=1)
    seen = []
    game.observe(lambda g, change: seen.append(change))
    game.pair = game.sections[0].pair  # two references to one list
    twin = clone(game)
    twin.play(twin.legal_moves()[0])
    assert seen == []
    assert twin.pair is twin.sections[0].pair and twin.pair is not game.pair


def test_frozen_values_are_shared_and_the_generator_continues_alike():
    game = _part_way("chang_cheng", 2, 4, 10)
    twin = game.copy()
    assert twin.layout is game.layout and twin.options is game.options
    assert twin.rng is not game.rng and twin.rng.random() == game.rng.random()
