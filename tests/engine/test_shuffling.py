"""The engine's set-up shuffle draws what ``random.Random.shuffle`` draws, from the generator ``random.Random(seed)``
makes: a seed deals what it dealt before."""

import random

import pytest

from greatwall_kit import GAMES
from greatwall_kit.engine.shuffling import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 6, 7, 8, 9, 12, 16, 17, 20, 30, 33, 64, 100])
def test_shuffle_deals_as_random_shuffle_and_leaves_the_generator_as_it_would(length):
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(length)), list(range(length))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b and ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_new_games_generator_is_the_one_random_random_makes_from_its_seed(name):
    # the engine seeds it in C, without Random.seed's Python checks: the same state, gauss_next included
    class Probe(GAMES.game_class(name)):
        def _setup(self):
            self.before_setup = self.rng.getstate()
            super()._setup()

    players = min(Probe.player_counts)
    for seed in (0, 1, -7, 2**40 + 3, 10**24):
        assert Probe(players, seed).before_setup == random.Random(seed).getstate(), seed
