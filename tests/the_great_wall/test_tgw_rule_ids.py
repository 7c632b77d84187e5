"""Each event cites the rule it applies, and effects are checked after the step they belong to.

Saves cite the rule of the fight they happen in (TGW-37 after a Defeat, TGW-40 in a Breach); Tactics drawn
in play come with the Location that gives them (TGW-27), the General's at set-up with TGW-09; Shame tokens
given at once go out in Tea order (TGW-10) when the pool runs short (TGW-45).
"""

import random

import pytest

from greatwall_kit.the_great_wall import new_game

from .conftest import texts
from .test_combat import breach_two_cards, defeat_position
from .test_economy import solo_fall
from .test_shame_and_end import breach_at_section_0


def _save_events(game, start):
    return [e for e in game.log[start:] if "Save" in e.sentence]


def test_TGW37_saves_after_a_defeat_cite_the_defeat_rule():
    game = defeat_position(["S0", "S0", "S0", "."], chi=(2, 0), time=4)
    game.play("fire 0 3")
    start = len(game.log)
    game.play("save 1")
    saves = _save_events(game, start)
    assert len(saves) == 2 and [e.rule for e in saves] == ["TGW-37", "TGW-37"]


def test_TGW40_saves_in_a_breach_cite_the_breach_rule():
    game = breach_two_cards()
    start = len(game.log)
    game.play("save 1")
    saves = _save_events(game, start)
    assert len(saves) == 2 and [e.rule for e in saves] == ["TGW-40", "TGW-40"]


def test_TGW40_saving_none_in_a_breach_cites_the_breach_rule_too():
    game = breach_two_cards()
    start = len(game.log)
    game.play("save 0")
    assert [e.rule for e in game.log[start:] if "Save" in e.sentence] == ["TGW-40", "TGW-40"]


def test_TGW29_advanced_activation_takes_no_shame_once_the_activation_is_over():
    game = solo_fall(["decree"], gold=0)
    game.play("clerk gold_mine")  # 1 of 2 slots: no normal activation
    game.play("activate gold_mine")
    game.play("take")
    pool = game.shame_pool
    assert game.prompt[0] == "gathered" and texts(game)[-1] == "done"
    start = len(game.log)
    game.play("done")  # the Donate prompt closes: the Shame step of a normal activation would run now
    assert game.clans[0]["disabled"] == [] and game.shame_pool == pool
    assert not [e for e in game.log[start:] if e.rule in ("TGW-29", "TGW-43", "TGW-45")]


def test_TGW29_a_normal_activation_of_the_same_location_does_take_its_shame():
    # the control case: without Advanced Activation the gold mine's Shame icon gives a token
    game = solo_fall(["levy"], gold=0)
    game.play("clerk gold_mine")
    game.play("clerk gold_mine")
    while game.prompt[0] != "gathered":
        game.play("done" if "done" in texts(game) else texts(game)[0])
    pool = game.shame_pool
    game.play("done")
    assert game.shame_pool == pool - 1 and "shows a Shame icon" in " ".join(e.sentence for e in game.log
                                                                           if e.rule == "TGW-29")


@pytest.mark.parametrize("tea,token_to,honor_lost_by", [([1, 0], 1, 0), ([0, 1], 0, 1)])
def test_TGW45_TGW10_the_last_shame_token_goes_first_in_tea_order(tea, token_to, honor_lost_by):
    game = breach_at_section_0(shame_pool=1, tea=tea, clans=[{"honor": 7, "chi": 0}, {"honor": 7, "chi": 0}])
    assert game.clans[token_to]["disabled"] == ["spearman"] and game.clans[token_to]["honor"] == 7
    assert game.clans[honor_lost_by]["disabled"] == [] and game.clans[honor_lost_by]["honor"] == 2
    shamed = [e.data["player"] for e in game.log if e.rule == "TGW-39"]
    assert shamed == tea  # the TGW-39 events list the takers in Tea order too


def test_TGW09_TGW27_tactics_drawn_at_set_up_and_at_the_war_room_cite_their_rules():
    seen = {"TGW-09": 0, "TGW-27": 0}
    for seed in range(40):
        game = new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        before = None
        for e in game.log:
            if "draws Tactic" in e.sentence:
                expected = "TGW-27" if before is not None and "takes the effect of War room" in before else "TGW-09"
                assert e.rule == expected, (seed, e, before)
                seen[e.rule] += 1
            else:
                before = e.sentence
    assert all(seen.values()), seen
