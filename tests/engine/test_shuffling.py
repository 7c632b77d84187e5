"""The engine's set-up shuffle draws what ``random.Random.shuffle`` draws: a seed deals what it dealt before."""

import random

import pytest

from greatwall_kit.engine.shuffling import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 6, 7, 8, 9, 12, 16, 17, 20, 30, 33, 64, 100])
def test_shuffle_deals_as_random_shuffle_and_leaves_the_generator_as_it_would(length):
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(length)), list(range(length))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b and ours.getstate() == theirs.getstate()
