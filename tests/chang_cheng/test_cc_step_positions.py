"""The position after every rule step (``step.after``), per kind of resolution and per card: what the board shows
changes at the step that says so, on exactly the elements it marks; a change that names no element of the board is
refused with the kit's error and changes nothing."""

import random
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.chang_cheng import VARIANTS, ChangCheng, new_game
from greatwall_kit.chang_cheng.evidence import (
    DoubleScoring,
    EventScoring,
    ProvinceScoring,
    RegionAttack,
    TowerPlacement,
)
from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.graphs import changed_elements, drawn_elements
from greatwall_kit.engine.steps import difference

from .conftest import game_at, play, position
from .test_expansion_and_end import WALL, full_wall

NS = "{http://www.w3.org/2000/svg}"
NEAR = {0: "G", 1: "B", 2: "R"}  # Red completes province 0 (squares 0-3) with 'single 3'
CHANGES = ("removed", "added", "changed")


def completing(players=3, cards=(), near=NEAR, **extra):
    game = game_at(players, near, cards={"0": list(cards)}, **extra)
    return play(game, "single 3")


def texts(game, key):
    """The texts drawn in board element ``key`` (its title included)."""
    root = ET.fromstring(game.picture())
    group = next(g for g in root.iter(NS + "g") if g.get("data-element") == key)
    return [t.text for t in group.iter() if t.tag in (NS + "text", NS + "title") and t.text]


def scoring(game, kind=ProvinceScoring):
    return [r for r in game.resolutions() if isinstance(r.evidence, kind)][-1]


def around(record, rule):
    """``(step, position before it, position after it)`` for the first step of ``record`` under ``rule``."""
    i = next(i for i, s in enumerate(record.steps) if s.rule == rule)
    return record.steps[i], record.before if i == 0 else record.after(i - 1), record.after(i)


def marked(step):
    return {key for key, mark in step.touches.items() if mark in CHANGES}


def assert_shows(step, before, after):
    """The step changes the drawn board in exactly the elements it marks changed."""
    assert changed_elements(before.picture(), after.picture()) == marked(step), str(step)


# -- the issue's witness ---------------------------------------------------------------------------------------

def witness():
    # region 2 (squares 8-12, threat -4): Red 2, Green 2 (one of them Green's tower), Green's block on 12 broken
    wall = "R G R G R G R G  R R G GT G!  R G R G R G R G R G R G R"
    return ChangCheng.from_position(position(2, wall=wall, threat=[None, None, -4, None, None, None],
                                             points=[10, 10], emperor_cards=0))


def test_CC42_CC43_the_issues_witness_red_loses_4_with_the_counter_face_up_and_the_lowered_score():
    attack = next(r for r in witness().resolutions() if r.title == "Mongol attack on region 2")
    step = attack.steps[3]
    assert str(step) == "Red loses 4. [CC-42]"
    assert "?" in texts(attack.before, "r2") and "Red: 10 points" in texts(attack.before, "Red")
    after = step.after
    assert "−4" in texts(after, "r2") and "?" not in texts(after, "r2")
    assert "Red: 6 points" in texts(after, "Red") and "Green: 10 points" in texts(after, "Green")
    # the counter turns face up at the first step, Red's score drops at the fourth and not before
    assert "−4" in texts(attack.after(0), "r2") and "Red: 10 points" in texts(attack.after(2), "Red")
    assert dict(step.touches) == {"r2": "focus", "Red": "changed"} and dict(step.change) == {
        "score": {"player": "Red", "points": -4}}


# -- each kind of resolution -----------------------------------------------------------------------------------

def test_CC09_CC10_the_double_appears_then_its_points():
    game = play(game_at(2), "double 3")
    record = scoring(game, DoubleScoring)
    placed, points = record.after(0), record.after(3)
    assert record.before.occ[3:5] == [-1, -1] and placed.occ[3:5] == [0, 0] and placed.points[0] == 0
    assert "Red: 0 points" in texts(placed, "Red") and "14 singles, 0 doubles" in texts(placed, "Red")
    assert points.points[0] == 3 and "Red: 3 points" in texts(points, "Red")
    assert_shows(record.steps[0], record.before, placed)
    assert_shows(record.steps[3], record.after(2), points)


def test_CC12_CC13_the_tower_appears_then_its_only_free_neighbour_is_reserved():
    game = play(game_at(2, {5: "G"}), "tower 6")
    record = scoring(game, TowerPlacement)
    assert [s.rule for s in record.steps] == ["CC-12", "CC-12", "CC-13", "CC-15"]
    placed, reserved = record.after(0), record.after(2)
    assert record.before.occ[6] == -1 and placed.occ[6] == 0 and placed.reserved[7] == -1
    assert "0 towers" in " ".join(texts(placed, "Red")) and reserved.reserved[7] == 0
    assert "for R" in texts(reserved, "s7") and "for R" not in texts(placed, "s7")
    for i, before in enumerate([record.before, placed, record.after(1)]):
        assert_shows(record.steps[i], before, record.after(i))
    assert str(record.steps[2]).startswith("Square 7 is the only free square next to it")


def test_CC13_a_reservation_its_owner_chose_is_its_own_decision_and_still_one_resolution():
    game = play(game_at(2), "tower 6")
    assert game.decision == "reserve"
    record = scoring(play(game, "reserve 5"), TowerPlacement)
    assert record.evidence.chosen and record.evidence.reserved == 5 and record.evidence.free == (5, 7)
    assert game.log[record.end].decision == game.log[record.event].decision + 1
    assert "Red chooses square 5" in record.steps[-2].sentence and record.after(-2).reserved[5] == 0


def test_CC13_no_square_is_reserved_when_no_neighbour_is_free_and_the_steps_say_why():
    record = scoring(play(game_at(2, {5: "G", 7: "G"}), "tower 6"), TowerPlacement)
    assert record.evidence.reserved is None and record.evidence.free == ()
    assert str(record.steps[-2]) == "No square is reserved: no square next to it is empty and unreserved. [CC-13]"
    assert not record.steps[-1].change


def test_CC20_CC25_the_revealed_cards_leave_the_face_down_pile_and_show_owner_and_priority():
    game = completing(cards=["blue flood", "green builder"])
    step, before, after = around(scoring(game, object), "CC-20")
    assert texts(before, "p0")[-1] == "2 cards face down" and before.cards_in[0] == [(2, "flood"), (1, "builder")]
    assert after.cards_in[0] == [] and {"B3", "G4"} <= set(texts(after, "p0"))
    assert dict(step.touches) == {"p0": "changed"}
    assert_shows(step, before, after)


def test_CC24_cancelled_cards_are_struck_through_from_the_reveal():
    game = completing(cards=["red flood", "green flood", "blue builder"])
    record = scoring(game, object)
    _, _, after = around(record, "CC-20")
    paths = [el for el in ET.fromstring(after.picture()).iter(NS + "path")]
    assert after.res["reveal"].cancelled == ((0, "flood"), (1, "flood")) and len(paths) >= 2  # two strokes
    step, before, after = around(record, "CC-24")
    assert not step.change and changed_elements(before.picture(), after.picture()) == set()


def test_CC29_the_warrior_removes_a_card_still_to_resolve():
    game = play(completing(cards=["green warrior", "green flood", "blue builder"]), "cancel blue builder",
                "flood plus")
    step, before, after = around(scoring(game), "CC-29")
    assert (2, "builder") in before.res["queue"] and (2, "builder") not in after.res["queue"]
    assert after.res["queue"] == [(1, "flood")] and str(step) == \
        "Green's Warrior removes Blue's Builder from the game. [CC-29]"
    assert_shows(step, before, after)


def test_CCV3_the_warrior_discards_the_face_down_card_the_engine_drew():
    game = game_at(3, NEAR, cards={"0": ["green warrior"], "4": ["blue flood", "blue mandarin"], "5": ["red traitor"]},
                   options={"warrior": "other_province"})
    play(game, "single 3", "discard blue 4")
    step, before, after = around(scoring(game), "CC-V3")
    assert len(before.cards_in[4]) == 2 and after.cards_in[4] == game.cards_in[4]
    assert dict(step.touches) == {"p0": "changed", "p4": "changed"}
    assert texts(after, "p4")[-1] == "1 card face down"
    assert_shows(step, before, after)


def test_CC30_the_traitor_removes_a_threat_counter():
    game = play(completing(cards=["green traitor"]), "remove 1")
    step, before, after = around(scoring(game), "CC-30")
    assert "?" in texts(before, "r1") and "✕" in texts(after, "r1") and after.threat[1] is None
    assert dict(step.touches) == {"p0": "changed", "r1": "changed"}
    assert_shows(step, before, after)


def test_CC31_the_traitor_breaks_a_block_that_shows_broken():
    game = play(completing(cards=["green traitor"]), "break 2")
    step, before, after = around(scoring(game), "CC-31")
    assert "broken" not in texts(before, "s2") and "broken" in texts(after, "s2")
    assert "square 2: Red's broken block" in texts(after, "s2")
    assert_shows(step, before, after)


@pytest.mark.parametrize("cards,move,rule,words", [
    (["blue flood"], "flood plus", "CC-32", "value +2 from cards"),
    (["blue flood"], "flood minus", "CC-32", "value -2 from cards"),
    (["green builder"], "builder value", "CC-33", "value +2 from cards"),
    (["green builder"], "builder block", "CC-33", "G +1 block"),
    (["blue masterbuilder"], None, "CC-34", "B +2 blocks"),
])
def test_CC32_CC33_CC34_what_a_card_does_to_the_province_shows_on_it(cards, move, rule, words):
    game = completing(cards=cards)
    if move:
        play(game, move)
    step, before, after = around(scoring(game), rule)
    assert words not in texts(before, "p0") and words in texts(after, "p0")
    assert dict(step.touches) == {"p0": "changed"}
    assert_shows(step, before, after)


def test_CC35_the_mandarin_swaps_a_pair_that_shows_swapped():
    game = play(completing(cards=["red mandarin"], near={**NEAR, 5: "G"}), "swap 3 5")
    step, before, after = around(scoring(game), "CC-35")
    assert (before.occ[3], before.occ[5]) == (0, 1) and (after.occ[3], after.occ[5]) == (1, 0)
    assert "G" in texts(after, "s3") and "R" in texts(after, "s5")
    assert str(step) == "Red's Mandarin swaps Red's block on square 3 with Green's on square 5. [CC-35]"
    assert_shows(step, before, after)


def test_CCV4_a_swap_of_two_blocks_of_one_colour_changes_no_square():
    game = play(completing(cards=["red mandarin"], near={**NEAR, 14: "R"}, options={"mandarin": "any_two"}),
                "swap 2 14")
    step, before, after = around(scoring(game), "CC-V4")
    assert dict(step.touches) == {"p0": "changed"} and "the wall does not change" in step.sentence
    assert_shows(step, before, after)


def test_CC22_CC27_CC23_points_then_the_used_cards_leave_then_the_emperor_card():
    game = play(completing(cards=["blue flood"], reputation=[3, 0, 1, 2, 4, 0]), "flood plus")
    record = scoring(game)
    _step, before, after = around(record, "CC-27")
    assert "value +2 from cards" in texts(before, "p0") and after.res is None
    assert "value +2 from cards" not in texts(after, "p0") and "B3" not in texts(after, "p0")
    _step, before, after = around(record, "CC-23")
    assert not before.scored[0] and after.scored[0] and after.emperor_provinces() == [0]
    assert "✓ scored · Emperor card" in texts(after, "p0") and "E" in texts(after, "p0")
    scores = [s for s in record.steps if "score" in s.change]
    assert [s.after.points for s in scores] == [[9, 0, 0]] and record.before.points == [0, 0, 0]


def test_CC22_a_province_worth_nothing_changes_no_score():
    game = completing(4, cards=["red flood", "green flood", "blue flood", "violet flood"],
                      options={"same_priority": "resolve_all"})
    for _ in range(4):
        play(game, "flood minus")
    step = next(s for s in scoring(game).steps if s.rule == "CC-22" and "player" in s.numbers)
    assert str(step) == "Red scores nothing: the province is worth 0. [CC-22]" and not step.change


def test_CC19_a_halted_scoring_ends_at_the_position_now():
    game = completing(cards=["green traitor", "blue flood"])
    play(game, "break 2")
    record = game.resolutions()[-1]
    assert record.title == "Province 0 scoring: Blue to choose" and record.end == len(game.log) - 1
    last = record.after(-1)
    assert drawn_elements(last.picture()) == drawn_elements(game.picture())
    assert "B3" in texts(last, "p0") and last.broken[2]


def test_CC43_CC53_steps_that_change_nothing_mark_only_their_focus():
    attack = next(r for r in witness().resolutions() if r.title == "Mongol attack on region 2")
    assert not attack.steps[2].change and {m for m in attack.steps[2].touches.values()} == {"focus"}
    doc = position(2, wall=WALL, emperor_cards=0, revealed=[1], options={"events": "observers"})
    face_up = next(r for r in ChangCheng.from_position(doc).resolutions() if r.title == "Mongol attack on region 1")
    assert face_up.evidence.face_up and face_up.steps[0].sentence.endswith("is already face up: -3.")
    assert not face_up.steps[0].change


@pytest.mark.parametrize("events,extra", [
    ("diplomacy", {"used_cards": {"red": ["warrior"]}}),
    ("dominance", {}),
    ("imperial_reward", {"used_cards": {"red": ["warrior", "flood"]}}),
])
def test_CC50_CC51_CC52_each_event_cards_gain_shows_on_the_players_panel(events, extra):
    game = full_wall(events, WALL, **extra)
    record = scoring(game, EventScoring)
    gains = [s for s in record.steps if s.change]
    assert gains
    position_ = record.before
    for step in gains:
        after = step.after
        name = step.change["score"]["player"]
        assert after.points[step.numbers["player"]] == position_.points[step.numbers["player"]] + step.numbers["points"]
        assert f"{name}: {after.points[step.numbers['player']]} points" in texts(after, name)
        assert_shows(step, position_, after)
        position_ = after
    assert position_.points == game.points


# -- bad input -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("change,words", [
    ({"break": "s4"}, "unknown operation"),
    ({"face_up": "r99"}, "names 'r99', and this board has regions r0 to r5"),
    ({"face_up": "p1"}, "names 'p1'"),
    ({"emperor": "p07"}, "names 'p07'"),
    ({"score": {"player": "Purple", "points": 3}}, "player 'Purple'; the players are Red, Green, Blue"),
    ({"score": {"player": "Red", "points": "3"}}, "whole number"),
    ({"score": {"player": "Red"}}, "score in a step's change is a mapping with player, points"),
    ({"place": {"player": "Red", "piece": "double", "squares": ["s25", "s26"]}}, "names 's26'"),
    ({"card": {"province": "p0", "owner": "Blue", "kind": "flood", "effect": "plus", "target": 2}},
     "not a card still to resolve in province 0"),
    ({"reveal": {"province": "p9", "cards": [], "cancelled": [], "order": []}}, "names 'p9'"),
    ({"score": {"player": "Red", "points": 1}, "face_up": "r42"}, "names 'r42'"),
    ("score Red 3", "a mapping of operations"),
])
def test_CC19_a_change_that_names_no_element_of_this_board_is_refused_and_changes_nothing(change, words):
    game = game_at(3, NEAR)
    position_ = game.position_at(0).looking_only()
    before, picture = position_.snapshot(), position_.picture()
    with pytest.raises(GreatWallError, match=words):
        position_._apply_step(change)
    assert position_.snapshot() == before and position_.picture() == picture


def test_CC31_a_card_effect_the_position_cannot_take_is_refused_and_changes_nothing():
    record = scoring(play(completing(cards=["green traitor"]), "break 2"), object)
    step, before, _ = around(record, "CC-31")
    position_ = before.copy()
    snapshot, picture = position_.snapshot(), position_.picture()
    for target, words in (("s5", "square 5 holds no unbroken single block"), ("s26", "names 's26'")):
        with pytest.raises(GreatWallError, match=words):
            position_._apply_step({"card": {**step.change["card"], "target": target}})
    with pytest.raises(GreatWallError, match="a traitor has no effect 'swap'"):
        position_._apply_step({"card": {**step.change["card"], "effect": "swap"}})
    assert position_.snapshot() == snapshot and position_.picture() == picture


# -- every variant, and what if ------------------------------------------------------------------------------

def assert_leads_from_before_to_after(game, record):
    picture, log = record.before.picture(), game.log
    # a tower placed after a declined peek (which records no event) starts after the decision before its own
    quiet = log[record.start].decision < record.decision - 1 and log[record.start + 1].decision == record.decision
    engine = game.position_at(record.decision - 1) if quiet else game.position_at(event=record.start)
    assert picture == engine.picture()
    for step in record.steps:
        now = step.after.picture()
        assert changed_elements(picture, now) == marked(step), (record.title, str(step))
        picture = now
    assert drawn_elements(picture) == drawn_elements(game.position_at(event=record.end).picture()), record.title


@pytest.mark.parametrize("label", [*VARIANTS, "observers"])
def test_CC19_to_CC53_in_every_variant_the_steps_lead_from_the_position_before_to_the_engines_after(label):
    options = VARIANTS.get(label, {"events": "observers,diplomacy"})
    halts = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        try:
            game = new_game(players=players, seed=seed, **options)
        except GreatWallError:
            continue
        rng = random.Random(seed)
        while not game.is_over:
            if game.decision == "card" and rng.random() < 0.5:  # a scoring halted for a card's owner, as it is now
                assert_leads_from_before_to_after(game, game.resolutions()[-1])
                halts += 1
            game.play(rng.choice(game.legal_moves()))
        for record in game.resolutions():
            assert_leads_from_before_to_after(game, record)
    assert halts


def test_CC32_what_if_the_flood_went_the_other_way_says_so_in_one_sentence():
    plus = play(completing(cards=["blue flood"], reputation=[3, 0, 1, 2, 4, 0]), "flood plus")
    minus = play(completing(cards=["blue flood"], reputation=[3, 0, 1, 2, 4, 0]), "flood minus")
    assert difference(scoring(plus), scoring(minus)) == (
        "the province is worth 5 points instead of 9 points; the cards: Blue's Flood -2 instead of Blue's Flood +2")
    halted = completing(cards=["blue flood"]).resolutions()[-1]
    assert difference(scoring(plus), halted).startswith("the province is worth not known yet instead of 9 points")
    attack = next(r for r in witness().resolutions() if isinstance(r.evidence, RegionAttack) and r.evidence.losers)
    assert difference(attack, attack) == "the same outcome: the threat is -4; the losers are Red"


def test_CC12_a_towers_steps_start_on_its_owners_turn_even_after_a_declined_peek():
    """'nopeek' records no event: the position before a tower is the one after the decision before it, where the
    tower's owner is to act (not the previous player still deciding whether to peek)."""
    checked = 0
    for seed in range(6):
        game, rng = new_game(players=2, seed=seed), random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        for record in game.resolutions():
            if isinstance(record.evidence, TowerPlacement):
                assert record.before.to_act == record.evidence.player, record.title
                checked += 1
    assert checked
