"""Tricky interactions played out through the public API: later pair redraws, claims across turns,
claims with negative points, Noble and Dragon against Infantry, Cavalry during the check, the end."""

from collections import Counter

import pytest

from greatwall_kit.great_wall_of_china import Card, Claim, Dragon, Draw, Play, tally

from ..support import refused
from .gwoc_support import FULL_TOKENS, box_except, empty_sections, position, token_count

QUIET = {"pair": [2, 8], "cards": []}


def events(game, rule):
    return [e for e in game.log if e.rule == rule]


# -- GW-06: equal pairs later in a two-player game -------------------------------------------------

def test_GW06_a_run_of_equal_pairs_is_boxed_until_a_mixed_pair_comes():
    box = box_except(3, 5, 2, 8, 5, 5, 4, 4, 1, 7)
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, QUIET], pool=[5, 5, 4, 4, 1, 7], box=box)
    # Red, alone, wins section 1; the new pairs 5-5 and 4-4 go to the box one after the other
    assert sorted(game.tokens[0]) == [3, 5]
    assert game.sections[0].pair == [1, 7] and game.pool == []
    assert Counter(game.box) - Counter(box) == Counter({5: 2, 4: 2})
    assert [e.data["pair"] for e in events(game, "GW-06")] == [[5, 5], [4, 4]]
    assert not game.is_over and token_count(game) == FULL_TOKENS


def test_GW06_GW22_an_equal_last_pair_leaves_the_pool_empty_and_ends_the_game():
    box = box_except(3, 5, 2, 8, 5, 5)
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2, 8], "cards": ["Red gate"]}],
                    pool=[5, 5], box=box)
    assert game.is_over and game.end_reason == "pool" and game.pool == []
    assert game.sections[0].pair == [] and Counter(game.box) - Counter(box) == Counter({5: 2})
    assert game.sections[1].pair == [2, 8], "no further scoring once the pool has run out"
    assert token_count(game) == FULL_TOKENS


def test_GW06_with_three_players_a_later_equal_pair_is_laid():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}] + empty_sections(3), players=3,
                    pool=[5, 5, 4, 7], box=box_except(3, 5, 2, 8, 1, 3, 5, 5, 4, 7))
    assert game.sections[0].pair == [5, 5] and not events(game, "GW-06")
    assert game.pool == [7, 4]


# -- GW-10 to GW-15: claims across turns ----------------------------------------------------------

def test_GW10_GW15_alone_the_second_token_comes_on_the_next_turn_not_the_same_check():
    game = position([{"pair": [5, 3], "cards": ["Red wall"]}, QUIET],
                    hands={"Red": ["gate", "gate"], "Yellow": ["wall", "wall"]})
    game.play(Claim(1, 5, 1))
    # Red now counts 1 - 5 = -4; the same check gives no second claim here
    assert game.phase == "act" and game.tokens == [[], []] and game.sections[0].pair == [3]
    assert game.sections[0].check(0).claim == "second", "on Red's next check it is due"
    game.play(Play(2, "gate", 1)), game.play(Play(2, "gate", 1))
    assert game.sections[0].check(1).claim is None, "Yellow has no card in section 1"
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))
    # Red's next scoring check: alone in section 1, -4 is enough (GW-15)
    assert sorted(game.tokens[0]) == [3, 5]
    assert events(game, "GW-12")[-1].data["totals"] == [-4, 0]


def test_GW12_GW15_a_rival_card_laid_after_the_first_claim_takes_the_second_token():
    game = position([{"pair": [5, 3], "cards": ["Red wall"]}, QUIET],
                    hands={"Red": ["gate"], "Yellow": ["wall", "gate"]})
    game.play(Claim(1, 5, 1))                                  # Red: 1 - 5 = -4
    game.play(Draw()), game.play(Draw())
    game.play(Play(1, "wall", 1)), game.play(Draw())            # Yellow lays a Wall in section 1
    # Red's check: -4 does not beat Yellow's 1 -- the negative claim needs the section to oneself
    check = game.sections[0].check(0)
    assert check.claim is None and check.totals == (-4, 1) and game.tokens == [[], []]
    game.play(Draw()), game.play(Draw())
    # Yellow's check: 1 beats -4 with one token left: Yellow takes the 3, Red gets the 5 back face down
    assert game.tokens == [[5], [3]] and game.sections[0].cards == []
    assert events(game, "GW-12")[-1].data["first_owner"] == 0


def test_GW15_a_rival_card_under_a_dragon_still_blocks_the_negative_claim():
    game = position([{"pair": [3], "cards": ["Red wall [5]", "Red dragon over Yellow wall"]}, QUIET])
    check = game.sections[0].check(0)
    assert check.totals == (-3, 0) and check.takes_part == (True, True) and check.claim is None
    assert game.tokens == [[], []] and game.phase == "act"


def test_GW13_one_player_wins_both_tokens_over_two_turns():
    game = position([{"pair": [5, 3], "cards": ["Red watchtower", "Red gate", "Yellow wall"]}, QUIET],
                    hands={"Red": ["wall", "wall"], "Yellow": ["wall", "wall"]})
    game.play(Claim(1, 3, 2))                                  # 5 beats 1; then 5 - 3 = 2
    assert game.sections[0].totals() == (2, 1)
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))
    # Red's next check: 2 still beats 1, so Red wins the second token and takes back the first
    assert sorted(game.tokens[0]) == [3, 5] and game.tokens[1] == []
    assert "both tokens" in events(game, "GW-12")[-1].sentence


def test_GW12_with_three_players_the_first_token_goes_back_to_its_owner():
    game = position([{"pair": [3], "cards": ["Green watchtower [5]", "Yellow wall", "Red gate", "Red gate"]}]
                    + empty_sections(3), players=3)
    # Red 4 beats Yellow 1 and Green 3 - 5: Red takes the 3, Green the 5, Yellow nothing
    assert game.tokens == [[3], [], [5]]
    assert game.discarded[1]["wall"] == 1 and game.discarded[2]["watchtower"] == 1
    assert token_count(game) == FULL_TOKENS


def test_GW07_GW10_GW12_one_check_claims_in_section_order():
    game = position([{"pair": [5, 3], "cards": ["Red gate"]},
                     {"pair": [8], "cards": ["Yellow wall [2]", "Red watchtower"]}])
    # section 1 asks for a decision first; section 2's second claim waits for it
    assert game.phase == "claim" and game.tokens == [[], []]
    refused(game, Claim(2, 8, 2), "GW-10")
    refused(game, Play(1, "cavalry", 1), "GW-07")
    game.play(Claim(1, 5, 1))
    assert game.tokens == [[8], [2]] and game.sections[0].pair == [3]


def test_GW14_GW17_a_noble_flattens_the_cards_but_not_the_token():
    game = position([{"pair": [5], "cards": ["Red watchtower [2]", "Red gate", "Yellow gate", "Yellow wall"]},
                     QUIET], to_act="Yellow", hands={"Yellow": ["noble", "wall"], "Red": ["wall", "wall"]})
    assert game.sections[0].totals() == (3, 3) and game.phase == "act"
    game.play(Play(1, "noble", 1))
    # every card is worth 1 now: Red 2 - 2 = 0, Yellow 3
    assert game.sections[0].tally().points == (1, 1, 1, 1, 1) and game.sections[0].totals() == (0, 3)
    game.play(Play(2, "wall", 1))
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))
    assert game.tokens == [[2], [5]]


# -- GW-16 to GW-18: card values in combination ----------------------------------------------------

def test_GW16_GW17_a_noble_flattens_five_infantry_from_15_to_5():
    row = [Card(0, "infantry")] * 5
    assert tally(row, 2).totals == (15, 0)
    assert tally(row + [Card(1, "noble")], 2).totals == (5, 1)
    assert tally([Card(1, "noble")] + row, 2).totals == (5, 1), "a Noble laid first flattens what comes later"


def test_GW16_GW18_a_dragon_on_an_infantry_in_the_per_section_count():
    cards = ["Red infantry", "Yellow infantry", "Red infantry"]
    game = position([{"pair": [5, 3], "cards": cards}, QUIET], options={"infantry": "per_section"},
                    to_act="Yellow", hands={"Yellow": ["dragon", "wall"]})
    assert game.sections[0].tally().points == (1, 2, 3) and game.sections[0].totals() == (4, 2)
    game.play(Dragon(1, 1))
    # Red's first Infantry is cancelled; the others count on as the first and second Infantry
    assert game.sections[0].tally().points == (1, 1, 2) and game.sections[0].totals() == (2, 2)


def test_GW17_GW18_a_dragon_on_one_noble_leaves_another_noble_flattening():
    cards = [Card(0, "watchtower"), Card(1, "dragon", beneath=((1, "noble"),)), Card(0, "noble"), Card(1, "gate")]
    t = tally(cards, 2)
    assert t.noble == 2 and t.points == (1, 1, 1, 1) and t.totals == (2, 2)


def test_GW18_a_dragon_may_cover_any_card_even_its_owners_and_stops_a_claim():
    game = position([{"pair": [5, 3], "cards": ["Yellow watchtower", "Red gate", "Red gate"]}, QUIET],
                    to_act="Yellow", hands={"Yellow": ["dragon", "wall"]})
    assert Dragon(1, 1) in game.legal_moves() and Dragon(1, 2) in game.legal_moves()
    game.play(Dragon(1, 2))
    assert game.sections[0].totals() == (2, 4)
    game.play(Draw())
    assert game.to_act == 0 and game.phase == "act", "Red's 2 no longer beats Yellow's 4"


# -- GW-09: the free Cavalry play ------------------------------------------------------------------

def test_GW09_cavalry_alone_in_hand_with_a_deck_may_be_played_or_not():
    game = position([{"pair": [5, 3], "cards": []}, QUIET], hands={"Red": ["cavalry"]},
                    decks={"Red": ["wall", "gate"]})
    assert set(game.legal_moves()) == {Play(1, "cavalry", 1), Play(2, "cavalry", 1), Draw()}
    game.play(Draw()), game.play(Draw())
    assert game.to_act == 1 and game.hands[0]["cavalry"] == 1


# -- GW-20 to GW-22: the end -----------------------------------------------------------------------

def test_GW21_until_quiet_goes_on_while_claims_are_made():
    game = position([{"pair": [5, 3], "cards": ["Red gate"]}, {"pair": [2, 8], "cards": ["Yellow gate"]},
                     {"pair": [1, 4], "cards": ["Red wall", "Green wall"]}], players=3,
                    hands={"Red": []}, decks={"Red": []}, last_round_by="Red")
    assert game.final and game.phase == "claim" and game.sections[0].check(0).claim == "first"
    game.play(Claim(1, 3, 1))                                  # Red's check; section 3 is tied
    game.play(Claim(2, 8, 1))                                  # Yellow's check, Green has nothing
    # Red's second check takes section 1's second token, Yellow's takes section 2's; then a quiet round
    assert game.is_over and game.end_reason == "last_round"
    assert sorted(game.tokens[0]) == [3, 5] and sorted(game.tokens[1]) == [2, 8] and game.tokens[2] == []
    assert game.sections[2].pair == [1, 4] and game.scores() == (8, 10, 0)


def test_GW21_GW22_the_pool_can_run_out_during_the_last_round():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2, 8], "cards": ["Red gate"]}],
                    hands={"Red": []}, decks={"Red": []}, last_round_by="Red",
                    pool=[], box=box_except(3, 5, 2, 8))
    assert game.is_over and game.end_reason == "pool" and game.scores() == (8, 0)
    assert "GW-22" in game.result.reason


def test_GW20_only_the_first_player_out_of_cards_announces():
    game = position([{"pair": [5, 3], "cards": []}, QUIET], hands={"Red": ["wall"], "Yellow": ["wall"]},
                    decks={"Red": [], "Yellow": []})
    game.play(Play(1, "wall", 1))
    assert game.declarer == 0 and game.to_act == 1
    game.play(Play(2, "wall", 1))
    assert game.declarer == 0 and len(events(game, "GW-20")) == 1
    assert game.final and game.to_act == 0 and game.phase == "claim"


@pytest.mark.parametrize("covered_infantry,totals", [("not_counted", (1, 3)), ("still_counted", (1, 5))])
def test_GW16_GW18_a_dragon_on_the_first_infantry_and_the_places_of_the_others(covered_infantry, totals):
    game = position([{"pair": [5, 3], "cards": ["Yellow infantry"] * 3}, QUIET],
                    hands={"Red": ["dragon", "wall"]}, options={"covered_infantry": covered_infantry})
    assert game.sections[0].totals() == (0, 6)
    game.play(Dragon(1, 1))
    # the kit: Yellow's other two Infantry move up to 1 + 2; the other reading: they stay 2 + 3
    assert game.sections[0].totals() == totals
