"""The scoring check: majorities, the first and the second claim (GW-10 to GW-15)."""



from greatwall_kit.great_wall_of_china import Claim, Play, Section

from ..support import refused
from .gwoc_support import FULL_TOKENS, position, token_count

SECOND = {"pair": [2, 8], "cards": []}


def test_GW10_strictly_more_points_means_a_claim_is_due():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow gate", "Red wall"]}, SECOND])
    check = game.sections[0].check(0)
    assert check.totals == (3, 2) and check.claim == "first"
    assert game.phase == "claim" and all(isinstance(m, Claim) for m in game.legal_moves())


def test_GW10_equal_points_claim_nothing():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow wall", "Yellow wall"]}, SECOND])
    check = game.sections[0].check(0)
    assert check.totals == (2, 2) and check.claim is None
    assert check.reason == "Red's 2 does not beat Yellow's 2"
    assert game.phase == "act" and not any(isinstance(m, Claim) for m in game.legal_moves())


def test_GW10_only_the_player_to_act_claims_and_only_where_they_have_cards():
    game = position([{"pair": [5, 3], "cards": ["Yellow watchtower"]}, SECOND, {"pair": [1, 4], "cards": []}],
                    players=3, to_act="Red")
    assert game.sections[0].check(0).claim is None          # Red has no card there
    assert game.sections[0].check(1).claim == "first"       # Yellow would, on Yellow's turn
    assert game.phase == "act"


def test_GW10_a_three_way_section_needs_more_than_every_rival():
    s = Section(1, 3, [5, 3])
    s.add(0, "gate", 2), s.add(1, "watchtower"), s.add(2, "wall", 4)
    assert s.totals() == (4, 3, 4)
    assert [s.check(p).claim for p in range(3)] == [None, None, None]
    s.add(0, "wall")
    assert [s.check(p).claim for p in range(3)] == ["first", None, None]


def test_GW11_first_claim_chooses_a_token_and_one_of_your_cards():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow wall", "Red wall"]}, SECOND])
    assert set(game.legal_moves()) == {Claim(1, 5, 1), Claim(1, 5, 3), Claim(1, 3, 1), Claim(1, 3, 3)}
    refused(game, Claim(1, 5, 2), "GW-11")      # Yellow's card
    refused(game, Claim(1, 4, 1), "GW-11")      # no 4 token there
    refused(game, Claim(1, 5, 9), "GW-11")
    game.play("claim 1 3 3")
    section = game.sections[0]
    assert section.pair == [5] and section.cards[2].token == 3 and section.cards[0].token is None
    assert game.tokens == [[], []], "a first-claimed token lies face up on the card: nobody's yet"
    claim = next(e for e in game.log if e.rule == "GW-11")
    assert (claim.data["token"], claim.data["card"], claim.data["totals"]) == (3, 3, [0, 1])
    assert game.view()["public"]["sections"][0]["cards"][2]["token"] == 3


def test_GW12_second_claim_takes_both_face_down_and_discards_the_section():
    game = position([{"pair": [3], "cards": ["Red gate [5]", "Yellow watchtower", "Yellow wall"]}, SECOND],
                    to_act="Yellow")
    # Yellow 4 > Red 2 - 5: Yellow takes the 3, Red takes back the 5, the cards go to the box
    assert game.tokens == [[5], [3]]
    section = game.sections[0]
    assert section.cards == [] and len(section.pair) == 2
    assert game.discarded[0]["gate"] == 1 and game.discarded[1]["watchtower"] == 1 and game.discarded[1]["wall"] == 1
    event = next(e for e in game.log if e.rule == "GW-12")
    assert event.data["token"] == 3 and event.data["first_token"] == 5 and event.data["first_owner"] == 0
    assert token_count(game) == FULL_TOKENS
    assert game.phase == "act" and game.to_act == 1, "a second claim needs no decision"


def test_GW13_one_player_wins_both_tokens():
    game = position([{"pair": [3], "cards": ["Red watchtower [5]", "Red gate", "Red gate", "Yellow wall"]},
                     SECOND])
    assert sorted(game.tokens[0]) == [3, 5] and game.tokens[1] == []
    assert "(both tokens of the section)" in next(e.sentence for e in game.log if e.rule == "GW-12")


def test_GW14_the_first_token_is_taken_off_its_owners_total():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Red gate", "Yellow watchtower"]}, SECOND],
                    hands={"Red": ["wall", "wall"], "Yellow": ["wall", "wall"]})
    game.play(Claim(1, 3, 1))
    assert game.sections[0].totals() == (1, 3)
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))
    # Yellow's turn: 3 beats Red's 4 - 3 = 1, so Yellow wins the 5 and Red gets the 3 back
    assert game.tokens == [[3], [5]]


def test_GW14_a_first_claim_makes_the_second_harder_but_not_impossible():
    game = position([{"pair": [5, 3], "cards": ["Red watchtower", "Red gate", "Red gate", "Yellow wall"]},
                     SECOND], hands={"Red": ["wall", "wall"], "Yellow": ["wall", "wall"]})
    game.play(Claim(1, 3, 1))                          # 7 - 3 = 4 > 1
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))
    assert sorted(game.tokens[0]) == [3, 5], "4 still beats 1: Red wins the second token on the next turn"


def test_GW15_alone_in_a_section_the_second_token_comes_even_with_negative_points():
    game = position([{"pair": [3], "cards": ["Red wall [8]"]}, SECOND])
    assert sorted(game.tokens[0]) == [3, 8]
    assert next(e for e in game.log if e.rule == "GW-12").data["totals"] == [-7, 0]


def test_GW15_a_rival_card_stops_the_negative_claim():
    game = position([{"pair": [3], "cards": ["Red gate [8]", "Yellow wall"]}, SECOND])
    check = game.sections[0].check(0)
    assert check.totals == (-6, 1) and check.claim is None
    assert game.tokens == [[], []]
