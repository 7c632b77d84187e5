"""Great Wall of China exercises: answers agree with what the engine does, wrong answers get feedback, bad input
gets the kit's error."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import as_int_set
from greatwall_kit.exercises.core import HIDES
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


# -- the position shown with each exercise, in its quiz form -----------------------------------------------------

NS = "{http://www.w3.org/2000/svg}"
TOLD = re.compile(r"\b(leads|tied|must claim|to act|winner|wins?)\b")


def readable(svg):
    """What a student can read in a picture: texts, titles shown on hover and the accessible name."""
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter() if t.tag in (NS + "text", NS + "title")] + [root.get("aria-label")]


def no_total_or_verdict(svg):
    """The fields a total or a verdict exercise hides are not drawn: each card's points, each player's total, who
    leads or is tied, the status line ("must claim"), who is to act."""
    told = [w for w in readable(svg)
            if TOLD.search(w) or re.search(r"\b\d+ points?\b|(?:[A-Z][a-z]: |total )\u2212?\d", w)]
    return not told, told


def all_builders(game, section, player):
    cards = len(game.sections[section - 1].cards)
    built = [section_total(game, section, player), scoring_check(game, section, player), claims(game, player)]
    return built + [card_points(game, section, c) for c in range(1, cards + 1)]


@pytest.mark.parametrize("seed", [2, 6])
def test_GW10_GW16_each_exercise_shows_its_position_without_the_fields_it_asks(seed):
    rng = random.Random(seed)
    game, seen = GreatWallOfChina(players=3, seed=seed), 0
    while not game.is_over and len(game.history) < 120:
        if len(game.history) % 9 == 0:
            for ex in all_builders(game, rng.randint(1, 3), rng.randrange(3)):
                quiz = ex.picture()
                clean, told = no_total_or_verdict(quiz)
                assert clean, (ex, told)
                assert ex.hides >= {"totals", "status", "verdicts", "marks"}
                assert quiz == ex.position.picture(hide=ex.hides) and ex.position is not game
                seen += 1
        game.play(rng.choice(game.legal_moves()))
    assert seen > 40


def test_each_builder_asks_what_it_hides():
    game = position(["Red watchtower", "Yellow infantry", "Red wall", "Yellow infantry"], to_act="Red")
    kinds = {"section_total": section_total(game, 1, "Yellow"), "card_points": card_points(game, 1, 4),
             "scoring_check": scoring_check(game, 1), "claims": claims(game)}
    assert {name: ex.asks.kind for name, ex in kinds.items()} == {
        "section_total": "total", "card_points": "total", "scoring_check": "verdict", "claims": "elements"}
    assert kinds["section_total"].asks.about == ("section 1", "Yellow")
    assert kinds["scoring_check"].asks.about == ("section 1", "Red")
    assert kinds["claims"].asks.about == ("section 1", "section 2")
    assert kinds["section_total"].hides == HIDES["total"] and kinds["scoring_check"].hides == HIDES["verdict"]
    assert kinds["claims"].hides == HIDES["verdict"], "claims hides the totals that decide the majorities"


def test_GW11_the_quiz_picture_hides_the_claim_and_the_totals_that_decide_it():
    game = position(["Red watchtower", "Yellow infantry", "Red wall", "Yellow infantry"], to_act="Red")
    assert "Red must claim a token of section 1" in game.picture() and "2In: 3" in game.picture()
    for ex in (section_total(game, 1, "Yellow"), scoring_check(game, 1), claims(game), card_points(game, 1, 4)):
        words = readable(ex.picture())
        assert not any("must claim" in w or "2In: 3" in w or "leads" in w for w in words), ex
        assert "2In: ?" in words, "the cards stay, the total is a question mark"


def test_the_exercise_keeps_its_position_when_the_game_plays_on():
    game = position(["Red watchtower", "Yellow infantry", "Red wall", "Yellow infantry"], to_act="Red")
    ex = scoring_check(game, 1)
    before = ex.picture()
    game.play("claim 1 3 1")
    assert ex.picture() == before and ex.position.phase == "claim"
    assert ex.check("first").correct


@pytest.mark.parametrize("cards,asked,rule", [
    (["Red watchtower", "Yellow dragon over Red wall", "Yellow wall"], "Red", "GW-18"),  # Red's Wall is covered
    (["Red watchtower", "Yellow dragon over Yellow wall", "Red wall"], "Red", "GW-01"),  # a Dragon on Yellow's own
    (["Red watchtower", "Yellow dragon over Yellow noble", "Red wall"], "Red", "GW-18"),  # the Noble loses its flat
    (["Red infantry", "Yellow dragon over Yellow wall", "Red infantry"], "Red", "GW-16"),
])
def test_GW01_GW16_GW18_section_total_cites_the_rule_that_decides_that_players_total(cards, asked, rule):
    ex = section_total(position(cards, to_act="Yellow"), 1, asked)
    assert ex.rule == rule, ex.explain


@pytest.mark.parametrize("card,rule", [("Red wall [5]", "GW-15"), ("Red watchtower [2]", "GW-12")])
def test_GW12_GW15_alone_the_second_token_is_GW15s_only_at_zero_or_below(card, rule):
    game = position([card], to_act="Yellow", pair=(3,))
    check, due = scoring_check(game, 1, "Red"), claims(game, "Red")
    assert check.check("second").correct and check.rule == rule
    assert due.check("1").correct and due.rule == ("GW-15" if rule == "GW-15" else "GW-10")
