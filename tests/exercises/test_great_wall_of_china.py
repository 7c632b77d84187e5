"""Great Wall of China exercises: answers agree with what the engine does, wrong answers get feedback, bad input
gets the kit's error."""

import random

import pytest

from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import as_int_set
from greatwall_kit.exercises import great_wall_of_china as exercises
from greatwall_kit.exercises.great_wall_of_china import card_points, claims, scoring_check, section_total
from greatwall_kit.great_wall_of_china import GreatWallOfChina
from greatwall_kit.great_wall_of_china.procedure import SectionClaim


def position(cards, to_act="Red", pair=(5, 3)):
    return GreatWallOfChina.from_position({"players": 2, "to_act": to_act, "sections": [
        {"pair": list(pair), "cards": cards}, {"pair": [4, 7]}]})


@pytest.mark.parametrize("cards,red,yellow", [
    (["Red infantry", "Yellow infantry", "Red infantry", "Red infantry"], 6, 1),  # 1 + 2 + 3 for Red
    (["Red watchtower", "Yellow noble", "Yellow gate"], 1, 2),                   # the Noble flattens everything
    (["Red watchtower", "Red dragon over Yellow noble", "Yellow gate"], 4, 2),    # a covered Noble flattens nothing
    (["Red gate [5]", "Yellow wall"], -3, 1),                                     # the first token is taken off
])
def test_GW16_GW17_GW18_GW14_section_totals_follow_the_rulebook(cards, red, yellow):
    token = "[5]" in cards[0]  # Red to act then, else Yellow's check would already have won the second token
    game = position(cards, to_act="Red" if token else "Yellow", pair=(3,) if token else (5, 3))
    assert section_total(game, 1, "Red").check(red).correct
    assert section_total(game, 1, 1).check(yellow).correct
    wrong = section_total(game, 1, "Red").check(red + 1)
    assert not wrong.correct and f"= {red}." in wrong.explain


def test_GW16_card_points_give_each_infantry_its_rank():
    game = position(["Red infantry", "Yellow infantry", "Red infantry", "Red infantry"], to_act="Yellow")
    assert [card_points(game, 1, c).solution().said for c in range(1, 5)] == ["1", "1", "2", "3"]
    assert card_points(game, 1, 4).rule == "GW-16"


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_GW10_to_GW15_scoring_check_agrees_with_every_claim_of_a_random_game(seed):
    rng = random.Random(seed)
    game = GreatWallOfChina(players=3, seed=seed)
    while not game.is_over and len(game.history) < 150:
        game.play(rng.choice(game.legal_moves()))
    resolved = [r for r in game.resolutions() if isinstance(r.evidence, SectionClaim)]  # not the game's end
    assert resolved
    for r in resolved:
        claim = r.evidence
        before = game.position_at(event=r.start)
        assert scoring_check(before, claim.section, claim.player).check(claim.claim).correct
        assert claim.section in as_int_set(claims(before, claim.player).solution().said)


def test_GW10_a_tie_claims_nothing_and_the_engine_agrees():
    game = position(["Red gate", "Yellow gate"], to_act="Yellow")  # Yellow's check has already found the tie
    assert game.phase == "act"
    ex = scoring_check(game, 1)
    assert ex.check("none").correct and not ex.check("first").correct
    assert "does not beat" in ex.explain and ex.rule == "GW-10"
    assert claims(game).check("none").correct


def test_GW11_a_first_claim_is_the_decision_the_engine_asks_for():
    game = position(["Red gate", "Yellow wall"], to_act="Yellow")
    ex = scoring_check(game, 1, "Red")
    game.replay(["draw", "draw"])  # Yellow's two actions; Red's check comes next
    assert (game.phase, game.pending) == ("claim", 0)
    assert ex.check("first").correct and ex.rule == "GW-11"


def test_GW15_alone_below_zero_still_claims_the_second_token():
    game = position(["Red wall [5]"], to_act="Yellow", pair=(3,))
    ex = scoring_check(game, 1, "Red")
    assert ex.check("second").correct and ex.rule == "GW-15"
    game.replay(["draw", "draw"])
    assert any(e.rule == "GW-12" and e.data.get("section") == 1 for e in game.log)


@pytest.mark.parametrize("build,match", [
    (lambda g: section_total(g, 3, "Red"), "sections 1 to 2"),
    (lambda g: section_total(g, 1, "Blue"), "Red, Yellow"),
    (lambda g: card_points(g, 1, 9), "cards 1 to 2"),
    (lambda g: scoring_check(g, "1"), "sections 1 to 2"),
    (lambda g: claims(g, 5), "Red, Yellow"),
    (lambda g: section_total(g, 1, "Red").check("lots"), "whole number"),
    (lambda g: scoring_check(g, 1).check("maybe"), "first, second, none"),
])
def test_bad_input_gets_the_kits_error(build, match):
    with pytest.raises(GreatWallError, match=match):
        build(position(["Red gate", "Yellow wall"], to_act="Yellow"))


def test_the_question_never_shows_the_answer():
    ex = section_total(position(["Red watchtower", "Yellow wall"], to_act="Yellow"), 1, "Red")
    assert "3" not in ex.question and "3" not in repr(ex)
