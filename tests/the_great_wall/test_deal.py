"""The set-up shuffle draws as ``random.Random.shuffle`` does, so every seed deals the same game."""

import random

import pytest

from greatwall_kit.the_great_wall.deal import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 8, 9, 16, 20, 30, 33, 64, 100])
def test_shuffle_draws_as_random_shuffle_does(length):
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(length)), list(range(length))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
        assert ours.getstate() == theirs.getstate()  # the same draws: later draws agree too
