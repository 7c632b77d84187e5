"""Clerks, Locations, Overseers, Donate and building (TGW-24 to TGW-29)."""

import pytest

from greatwall_kit.engine import IllegalMoveError

from .conftest import position, sentences, start, texts


def solo_fall(hand, **clan):
    """One player in Fall with this hand; the single Command track slot needs no decision."""
    extra = {k: clan.pop(k) for k in ("locations", "warehouse", "sections") if k in clan}
    game = start(position(players=1, season="fall", clans=[{"hand": hand, **clan}], **extra))
    game.play(f"command {hand[0]}")
    return game


def test_TGW27_clerks_of_one_player_share_a_location_and_resolve_together():
    game = solo_fall(["levy"])
    game.play("clerk quarry")
    game.play("clerk quarry")  # the quarry's 2 slots are full: it activates after the Command step
    game.play("done")
    assert game.prompt == ("effect", 0, {"location": "quarry", "clerks": 2, "advanced": 0})
    game.play("take")
    assert game.clans[0]["stone"] == 2 and game.clans[0]["clerks"] == 3  # one decision, both Clerks home
    assert "Crane gathers 2 stone at Quarry (2 Clerks, 0 Overseers)." in sentences(game, "TGW-27")


def test_TGW28_a_player_may_decline_a_location_and_its_shame_icon():
    game = solo_fall(["muster"], gold=0)
    game.play("clerk gold_mine")
    game.play("clerk gold_mine")
    pool = game.shame_pool
    assert texts(game) == ["take", "decline"]
    game.play("decline")
    assert game.clans[0]["gold"] == 0 and game.shame_pool == pool and game.clans[0]["disabled"] == []


def test_TGW29_normal_activation_triggers_the_shame_icon():
    game = solo_fall(["muster"], gold=0)
    game.play("clerk gold_mine")
    game.play("clerk gold_mine")
    game.play("take")
    game.play("done")  # no Donate
    assert game.clans[0]["gold"] == 2 and len(game.clans[0]["disabled"]) == 1
    assert "Gold mine shows a Shame icon: Crane takes a Shame token." in sentences(game, "TGW-29")


def test_TGW29_advanced_activation_without_full_slots_or_shame():
    game = solo_fall(["decree"], gold=0)
    game.play("clerk gold_mine")  # 1 of 2 slots: no normal activation
    assert game.prompt[0] == "advanced" and texts(game) == ["activate gold_mine", "done"]
    game.play("activate gold_mine")
    game.play("take")
    game.play("done")  # no Donate: the activation ends, and with it the step where a Shame icon would act
    assert game.clans[0]["gold"] == 1 and game.clans[0]["disabled"] == []
    assert game.locations["gold_mine"]["clerks"] == []


def test_TGW24_first_overseer_is_an_upgrade_paid_at_the_next_slot():
    game = solo_fall(["muster"], gold=3, barracks={"spearman": 1}, active=["a02"])  # a02: +2 Honor per Upgrade
    game.play("clerk quarry")
    game.play("clerk quarry")
    game.play("take")
    assert "upgrade" in texts(game)
    game.play("upgrade")
    assert game.locations["quarry"]["overseers"] == [0]
    assert game.clans[0]["gold"] == 3 - 1 and game.clans[0]["honor"] == 2
    assert game.clans[0]["barracks"]["spearman"] == 0
    assert "(the first Overseer here: it counts as an Upgrade)" in sentences(game, "TGW-24")[0]


def test_TGW24_the_next_slot_costs_more_and_income_grows():
    game = solo_fall(["muster"], gold=3, barracks={"spearman": 1}, locations={"quarry": {"overseers": [0]}})
    game.play("clerk quarry")
    game.play("clerk quarry")
    game.play("take")
    assert game.clans[0]["stone"] == 3  # 2 Clerks + 1 Overseer
    game.play("upgrade")
    assert game.clans[0]["gold"] == 1  # the second slot shows 2 gold
    assert game.locations["quarry"]["overseers"] == [0, 0]


def test_TGW24_no_upgrade_without_the_price():
    game = solo_fall(["muster"], gold=0, barracks={"spearman": 1})
    game.play("clerk quarry")
    game.play("clerk quarry")
    game.play("take")
    before = game.snapshot()
    with pytest.raises(IllegalMoveError) as err:
        game.play("upgrade")
    assert err.value.rule == "TGW-24" and "'upgrade'" in str(err.value) and game.snapshot() == before
    assert "the next Overseer slot of Quarry costs {'gold': 1}; Crane has 0 gold" in str(err.value)


def test_TGW26_donate_one_resource_for_two_honor_never_chi():
    game = solo_fall(["muster"], chi=3, wood=1)
    game.play("clerk tea_garden")
    game.play("clerk tea_garden")
    game.play("take")
    assert game.clans[0]["chi"] == 5
    before = game.snapshot()
    with pytest.raises(IllegalMoveError) as err:
        game.play("donate chi")
    assert err.value.rule == "TGW-26" and "Chi can never be donated" in str(err.value)
    assert game.snapshot() == before
    game2 = solo_fall(["muster"], stone=1)
    game2.play("clerk quarry")
    game2.play("clerk quarry")
    game2.play("take")
    assert texts(game2) == ["donate stone", "done"]
    game2.play("donate stone")
    assert game2.clans[0]["stone"] == 2 and game2.warehouse["stone"] == 1 and game2.clans[0]["honor"] == 2


def test_TGW25_warehouse_resources_are_spent_first():
    game = solo_fall(["muster"], stone=2, wood=1, warehouse={"stone": 1})
    game.play("clerk workshop")
    game.play("clerk workshop")
    game.play("take")
    assert "build wall 0" in texts(game)
    for text, reason in [("build wall 0", None),
                         ("build barricade 0", "section 0's 3 Barricade slots are all full"),
                         ("build wall 7", "there is no wall on section 7 to build")]:
        if reason is not None:
            before = game.snapshot()
            with pytest.raises(IllegalMoveError) as err:
                game.play(text)
            assert err.value.rule == "TGW-25" and reason in str(err.value) and game.snapshot() == before
    game.play("build wall 0")  # level 1 costs 1 stone + 1 wood
    assert game.warehouse["stone"] == 0 and game.clans[0]["stone"] == 2 and game.clans[0]["wood"] == 0
    assert game.sections[0]["wall"] == 1
    assert "paying 1 stone from the Warehouse first and 1 wood from their own stock" in \
        sentences(game, "TGW-25")[0]


def test_TGW25_a_barricade_fills_a_free_slot():
    sections = [{"wall": 0, "barricades": 1, "horde": []}] + [{"wall": 0, "barricades": 3, "horde": []}] * 2
    game = solo_fall(["muster"], wood=1, sections=sections)
    game.play("clerk workshop")
    game.play("clerk workshop")
    game.play("take")
    assert texts(game) == ["build barricade 0", "done"]
    game.play("build barricade 0")
    assault = game.results[0]  # Winter came: the Assault read 2 Barricades, then all were discarded
    assert (assault.section, assault.barricades, assault.defense) == (0, 2, 2 + 2 * 2)


def test_TGW20_a_tactic_card_is_played_in_the_command_step():
    game = solo_fall(["stratagem"], tactics=["t01"], chi=0)
    game.play("done")  # no Clerk
    assert texts(game) == ["tactic t01", "done"]
    game.play("tactic t01")
    assert game.clans[0]["chi"] == 2 and game.clans[0]["tactics"] == [] and "t01" in game.tactic_discard


def test_TGW48_artifacts_are_bought_at_the_bazaar_and_score_at_the_end():
    game = solo_fall(["muster"], gold=3)
    game.play("clerk bazaar")
    game.play("done")
    game.play("take")
    assert texts(game) == ["buy art1", "buy art3", "done"]
    game.play("buy art3")
    assert game.clans[0]["artifacts"] == ["art3"] and game.clans[0]["gold"] == 0 and "art3" not in game.artifacts


def test_TGW08_TGW09_the_court_brings_an_advisor_and_a_clerk():
    game = solo_fall(["muster"])
    leftmost = game.advisor_track[0]
    game.play("clerk court")
    game.play("done")
    game.play("take")
    c = game.clans[0]
    assert c["active"] == [leftmost] and c["clerks"] == 4 and c["clerk_supply"] == 4
    assert leftmost not in game.advisor_track


def test_TGW29_the_war_room_draws_a_private_tactic_and_shows_a_shame_icon():
    game = solo_fall(["muster"])
    game.play("clerk war_room")
    game.play("done")
    game.play("take")
    c = game.clans[0]
    assert len(c["tactics"]) == 1 and len(c["disabled"]) == 1
    draw = next(e for e in game.log if e.sentence.startswith("Crane draws Tactic"))
    assert draw.private_to == (0,)


def test_TGW04_recruiting_moves_soldiers_from_the_reserve_to_the_barracks_for_their_cost():
    game = solo_fall(["decree"], gold=3, wood=1)
    game.play("clerk barracks")  # 1 of its 3 slots: Advanced Activation
    game.play("activate barracks")
    game.play("take")
    assert texts(game) == ["recruit spearman", "recruit archer", "recruit horseman", "done"]
    game.play("recruit archer")  # 1 gold + 1 wood
    assert texts(game) == ["recruit spearman", "recruit horseman", "done"]
    before = game.snapshot()
    with pytest.raises(IllegalMoveError) as err:
        game.play("recruit archer")
    assert err.value.rule == "TGW-04" and "one archer costs {'gold': 1, 'wood': 1}; Crane has 2 gold, 0 wood" in str(
        err.value)
    assert game.snapshot() == before
    game.play("recruit horseman")  # 2 gold: one Clerk recruits 2 Soldiers at most
    c = game.clans[0]
    assert (c["gold"], c["wood"]) == (0, 0)
    assert c["reserve"] == {"spearman": 10, "archer": 3, "horseman": 1}
    assert c["barracks"]["archer"] == 1 and c["barracks"]["horseman"] == 1
