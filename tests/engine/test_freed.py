"""A finished random game is freed as soon as it is dropped: nothing in it refers back to the game (a reference
cycle would leave every playout for the garbage collector, which walks the whole game)."""

import gc
import random
import weakref

import pytest

from greatwall_kit import new_game

CASES = [("chang_cheng", 2), ("chang_cheng", 4), ("great_wall_of_china", 3), ("dschingis_khan", 2),
         ("the_great_wall", 1), ("the_great_wall", 3)]


@pytest.mark.parametrize("name, players", CASES)
def test_a_played_game_is_freed_without_the_garbage_collector(name, players):
    was = gc.isenabled()
    gc.disable()
    try:
        for seed in range(3):
            game, rng = new_game(name, players=players, seed=seed), random.Random(seed)
            legal = game.legal_moves()
            while game.to_act is not None:
                game.play(rng.choice(legal))
            assert game.log[-1].sentence  # every word of the log can be written
            gone = weakref.ref(game)
            del game
            assert gone() is None, f"{name} {players}p, seed {seed}: the game refers to itself"
    finally:
        if was:
            gc.enable()
