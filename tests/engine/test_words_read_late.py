"""A sentence made only when it is read says what was true when its event was recorded.

Events keep their values and write their sentence when read (``Game._events``; words made later, such as
The Great Wall's ``Words`` and ``engine.log.later``). A value the game changes afterwards (a Location's list of
Clerks, a clan's Soldiers) must not change a sentence already recorded: reading the log at every decision and reading
it once at the end give the same sentences and data.
"""

import random

import pytest

import greatwall_kit

CONFIGS = [("chang_cheng", 2), ("chang_cheng", 4), ("great_wall_of_china", 3), ("dschingis_khan", 3),
           ("the_great_wall", 1), ("the_great_wall", 2), ("the_great_wall", 4)]


def _play(name, players, seed, read_as_it_goes):
    game, rng = greatwall_kit.new_game(name, players=players, seed=seed), random.Random(seed)
    read = []
    while game.to_act is not None:
        game.play(rng.choice(game.legal_moves()))
        if read_as_it_goes:  # (the log keeps an event once read: the same game read again would prove nothing)
            read += [(e.sentence, repr(e.data)) for e in game.log[len(read):]]
    return read if read_as_it_goes else [(e.sentence, repr(e.data)) for e in game.log]


@pytest.mark.parametrize("name,players", CONFIGS)
def test_a_sentence_read_late_says_what_was_true_when_it_was_recorded(name, players):
    for seed in (1, 2):
        early, late = _play(name, players, seed, True), _play(name, players, seed, False)
        assert len(early) == len(late)
        changed = [(a, b) for a, b in zip(early, late, strict=True) if a != b]
        assert not changed, f"{len(changed)} sentences changed after they were recorded, e.g. {changed[0]}"
