"""Scoring (DK-31 to DK-36), through positions, with exact numbers."""

import random

import pytest

from greatwall_kit.dschingis_khan import new_game
from greatwall_kit.dschingis_khan.scoring import score_village

from .dk_support import game_at, v


def scored(stack, cell=(2, 2)):
    """Green's and Red's points with one stack on field ``cell`` ((2,2) is in Mongolia, (2,3) in China)."""
    game = game_at(players=2, stacks={f"{cell[0]},{cell[1]}": stack}, scouts={"Red": [0, 0], "Green": [6, 0]})
    return game.scores()


def test_DK31_the_controller_scores_the_whole_stack_whoever_owns_the_tiles():
    assert scored(["Red mongol", "Red mongol", "Green farmer"]) == (0, 9)
    assert scored(["Green mongol", "Red chinese"]) == (0, 0)          # +3 -3 for Red
    assert scored(["Green mongol", "Red farmer"]) == (6, 0)


@pytest.mark.parametrize("cell,stack,points", [
    ((2, 2), ["Red mongol", "Red chinese", "Red farmer"], 3),     # Mongolia: +3 -3 +3
    ((2, 3), ["Red mongol", "Red chinese", "Red farmer"], 3),     # China: -3 +3 +3
    ((2, 3), ["Red chinese", "Red chinese"], 6),
    ((2, 2), ["Red chinese", "Red chinese"], -6),
])
def test_DK32_without_plague_or_ginseng_the_side_decides(cell, stack, points):
    assert scored(stack, cell)[0] == points


def test_DK33_plague_without_ginseng_makes_every_tile_cost_three():
    assert scored(["Red mongol", "Red plague", "Red farmer"]) == (-6, 0)
    assert scored(["Red plague"]) == (0, 0)


def test_DK34_ginseng_without_plague_makes_warriors_worth_three_and_farmers_one():
    assert scored(["Red chinese", "Red ginseng", "Red farmer", "Red mongol"]) == (7, 0)


def test_DK35_plague_and_ginseng_together_cancel_out():
    assert scored(["Red chinese", "Red ginseng", "Red plague", "Red mongol"]) == (0, 0)
    assert scored(["Red chinese", "Red ginseng", "Red plague", "Red mongol"], (2, 3)) == (0, 0)
    assert scored(["Red chinese", "Red ginseng", "Red plague", "Red farmer"], (2, 3)) == (6, 0)
    s = score_village(0, [(0, "ginseng"), (0, "plague"), (1, "plague"), (0, "mongol")], side=0)
    assert (s.case, s.rule, s.points, s.controller) == ("both", "DK-35", 3, 0)


def test_DK36_the_most_points_win_and_ties_share_the_win():
    game = game_at(players=3, stacks={"2,2": ["Red mongol"], "3,2": ["Green farmer"], "2,3": ["Blue mongol"]},
                   scouts={"Red": [0, 0], "Green": [6, 0], "Blue": [5, 0]})
    assert game.scores() == (3, 3, -3) and game.winners() == ()          # no winners before the end
    assert v(game, 2, 2) in {s.village for s in game.village_scores()}
    # a finished random game (seed 10) that ends in a tie: both players win
    game = new_game(players=2, seed=10)
    rng = random.Random(10)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert game.scores() == (12, 12) and game.winners() == (0, 1) == game.result.winners
    game = new_game(players=2, seed=11)
    rng = random.Random(11)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    scores = game.scores()
    assert scores[0] != scores[1] and game.winners() == (scores.index(max(scores)),)
