"""TGW-36: a Horde card whose every Vital spot is covered is Defeated. The Defeat check looks only when a Vital spot
was written since it last found no Defeat (``game._spots_written``): whatever covers a spot must say so, or a Defeat
would be missed. So wherever the flag is clear, no card may be fully covered."""

import copy
import random

import pytest

from greatwall_kit.the_great_wall import TheGreatWall, new_game
from greatwall_kit.the_great_wall.evidence import Defeat


def _covered(game):
    return [(s, r) for s, sec in enumerate(game.sections) for r, card in enumerate(sec["rows"])
            if None not in card["spots"]]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_TGW36_no_card_is_fully_covered_while_the_defeat_check_may_skip(players):
    checked = covered = 0
    for seed in range(25):
        game, rng = new_game(players=players, seed=seed), random.Random(seed)
        while game.to_act is not None:
            game.play(rng.choice(game.legal_moves()))
            for position in (game, copy.deepcopy(game)) if len(game.history) % 11 == 0 else (game,):
                assert position._spots_written or not _covered(position), (seed, len(position.history))
            checked += 1
            covered += bool(_covered(game))
        for resolved in game.resolutions():  # (rule steps change copies: Wound markers, cards gone)
            for step in resolved.steps:
                assert step.after._spots_written or not _covered(step.after)
    assert checked > 500 and covered  # (cards were covered, and the check found them)


def test_TGW36_a_card_loaded_fully_covered_is_defeated_at_the_next_check():
    game = TheGreatWall.from_position({
        "players": 2, "season": "winter", "time": 3, "clans": [{}, {}],
        "sections": [{"wall": 0, "barricades": 3, "horde": [{"card": "h01", "spots": ["S0", "W"]}]},
                     {"wall": 0, "barricades": 3, "horde": []}, {"wall": 0, "barricades": 3, "horde": []}]})
    assert isinstance(game.results[0], Defeat) and game.results[0].card == "h01"
