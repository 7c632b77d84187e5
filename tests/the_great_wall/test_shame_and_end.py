"""Shame, Raids, the end of the game and final Honor (TGW-43 to TGW-49)."""

import pytest

from greatwall_kit.the_great_wall import final_score

from .conftest import empty_sections, position, sentences, start, texts

LAST = 6  # the sample Time track's last slot


def breach_at_section_0(**kw):
    """Section 0 falls (Wolf Riders, power 4, against an unbuilt wall without Barricades)."""
    sections = empty_sections(horde=[{"card": "h01"}], barricades=0)
    return start(position(sections=sections, **kw))


def test_TGW43_shame_goes_under_a_reserve_soldier_and_disables_it():
    game = breach_at_section_0(clans=[{"chi": 0}, {"chi": 0}])
    for clan in game.clans:
        assert clan["disabled"] == ["spearman"] and clan["reserve"]["spearman"] == 9
    assert "that Soldier is disabled" in sentences(game, "TGW-43")[0]


@pytest.mark.parametrize("honor,shame,total", [(12, 2, 2 + 4 + 3), (3, 1, 0 + 4 + 3), (0, 3, 0 + 4 + 3)])
def test_TGW43_TGW48_final_honor_minus_shame_never_below_zero_plus_rewards(honor, shame, total):
    game = start(position(time=LAST, clans=[{"honor": honor, "shame": shame, "trophies": ["h05"],
                                             "artifacts": ["art1"]}, {}]))
    assert game.is_over
    f = game.final[0]
    assert (f.honor, f.shame_penalty, f.after_shame, f.horde, f.artifacts) == (
        honor, 5 * shame, max(0, honor - 5 * shame), 4, 3)
    assert f.total == total == game.scores()[0]
    assert final_score(honor, shame, [4], [3]) == f


def test_TGW44_shame_on_a_claimed_horde_card_costs_no_honor_but_its_reward():
    game = breach_at_section_0(time=LAST, clans=[{"honor": 6, "trophies": ["h05", "h07"], "chi": 0}, {"chi": 0}])
    assert game.prompt[:2] == ("shame", 0) and texts(game) == ["shame soldier", "shame h05", "shame h07"]
    game.play("shame h05")
    assert game.is_over
    f = game.final[0]
    assert f.shame == 0 and f.after_shame == 6 and f.horde == 2  # h07 only; h05 is shamed
    assert game.clans[0]["trophies"] == [["h05", True], ["h07", False]]


def test_TGW45_an_empty_pool_costs_five_honor_at_once():
    game = breach_at_section_0(shame_pool=0, clans=[{"honor": 7, "chi": 0}, {"honor": 3, "chi": 0}])
    assert [c["honor"] for c in game.clans] == [2, 0]  # never below 0
    assert all(c["disabled"] == [] for c in game.clans)
    assert sentences(game, "TGW-45")[0] == "The Shame pool is empty: Crane loses 5 Honor at once (to 2)."


def test_TGW45_a_token_that_fits_nowhere_leaves_the_game_for_five_honor():
    everyone = {"spearman": 10, "archer": 4, "horseman": 2}
    game = breach_at_section_0(clans=[{"honor": 9, "rest": everyone, "chi": 0}, {"chi": 0}])
    assert game.clans[0]["honor"] == 4 and game.clans[0]["disabled"] == []
    assert game.shame_pool == 20 - 2 and game.shame_out == 1
    assert sentences(game, "TGW-45") == [
        "Crane can place the Shame token nowhere, so it leaves the game: Crane loses 5 Honor at once (to 4)."]


def test_TGW45_the_immediate_loss_never_takes_honor_below_zero_either():
    everyone = {"spearman": 10, "archer": 4, "horseman": 2}
    game = breach_at_section_0(clans=[{"honor": 3, "rest": everyone, "chi": 0}, {"chi": 0}])
    assert game.clans[0]["honor"] == 0 and game.shame_out == 1


@pytest.mark.parametrize("players,tokens", [(1, "1 Shame token"), (2, "2 Shame tokens")])
def test_TGW46_raid_when_the_section_is_full(players, tokens):
    full = [{"wall": 0, "barricades": 3, "horde": [{"card": f"h{10 * s + r + 1:02d}"} for r in range(3)]}
            for s in range(3)]
    game = start(position(players=players, season="spring", sections=full))
    raids = [e for e in game.log if e.rule == "TGW-46"]
    assert len(raids) == 3  # Time slot 4 brings 3 Horde cards; every section is full
    assert game.shame_pool == 10 * players - 3 * players
    assert all(len(s["rows"]) == 3 for s in game.sections)
    assert raids[0].sentence.startswith("Raid! ") and f"the pool loses {tokens} (" in raids[0].sentence


@pytest.mark.parametrize("players,walls", [(2, 3), (3, 2)])
def test_TGW47_game_ends_when_all_walls_are_at_top_level(players, walls):
    sections = [{"wall": 3, "barricades": 0, "horde": []} for _ in range(walls)]
    game = start(position(players=players, sections=sections))
    assert game.is_over and game.result.reason == f"all {walls} walls are at the top level"
    sections[0]["wall"] = 2
    assert not start(position(players=players, sections=sections)).is_over


def test_TGW47_game_ends_when_the_shame_pool_is_empty():
    game = start(position(shame_pool=0))
    assert game.is_over and game.result.reason == "the Shame pool is empty"


def test_TGW47_game_ends_on_the_last_time_slot():
    game = start(position(time=LAST))
    assert game.is_over and game.result.reason == "the Time token is on the last slot"
    assert not start(position(time=LAST - 1)).is_over


@pytest.mark.parametrize("tea,winner", [([0, 1], 0), ([1, 0], 1)])
def test_TGW49_most_honor_wins_ties_by_tea_order(tea, winner):
    game = start(position(time=LAST, tea=tea, clans=[{"honor": 5}, {"honor": 5}]))
    assert game.scores() == (5, 5) and game.winners() == (winner,) == game.result.winners
    game = start(position(time=LAST, tea=tea, clans=[{"honor": 5}, {"honor": 6}]))
    assert game.winners() == (1,)
