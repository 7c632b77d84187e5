"""The steps of a province's scoring, the Mongol attack and the event cards, on the rulebook's worked examples,
and replayed on random games: applying the steps' changes reproduces the engine's position."""

import random

import pytest

from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.chang_cheng.evidence import DoubleScoring, EventScoring, ProvinceScoring, RegionAttack
from greatwall_kit.engine.steps import MARKS

from .conftest import game_at, play, position
from .test_expansion_and_end import WALL, full_wall
from .test_worked_examples import mongol_example


def texts(steps):
    return [str(s) for s in steps]


def test_CC19_CC21_CC22_first_example_steps_value_six_for_red():
    game = game_at(4, {0: "R", 1: "B", 2: "V"}, reputation=[2, 1, 0, 3, 4, 0])
    play(game, "single 3")
    record = game.resolutions()[-1]
    assert isinstance(record.evidence, ProvinceScoring) and game.log[record.event].rule == "CC-21"
    assert game.log[record.start].rule == "CC-19"
    value = next(s for s in record.steps if s.rule == "CC-21")
    assert dict(value.numbers) == {"counted": 4, "modifier": 0, "reputation": 2, "value": 6}
    assert texts(record.steps)[-3:] == [
        "Blocks for the majority: Red 2, Blue 1, Violet 1. Red holds the majority with 2. [CC-22]",
        "Red scores 6. [CC-22]",
        "An Emperor card goes on province 0. [CC-23]"]


def test_CC20_CC25_CC31_CC32_CC33_second_example_steps_in_priority_order():
    game = game_at(3, {4: "R", 5: "G", 6: "G", 7: "B"}, reputation=[0, 3, 1, 2, 4, 0],
                   cards={"1": ["green traitor", "blue flood"]})
    play(game, "card builder 1", "single 8", "break 4", "flood plus", "builder block")
    steps = game.resolutions()[-1].steps
    assert [s.rule for s in steps] == ["CC-18", "CC-19", "CC-20", "CC-24", "CC-25", "CC-31", "CC-32", "CC-33",
                                       "CC-21", "CC-22", "CC-22", "CC-22", "CC-27", "CC-23"]
    steps = steps[1:]  # (from "play halts", the rulebook's example step by step)
    assert str(steps[3]) == ("They resolve in ascending priority: Green Traitor (2), Blue Flood (3), "
                             "Red Builder (4). [CC-25]")
    assert dict(steps[4].touches) == {"s4": "changed", "p1": "changed"}  # the block breaks, the card is used
    assert steps[5].numbers["modifier"] == 2 and steps[6].numbers["virtual"] == 1
    assert dict(steps[7].numbers) == {"counted": 4, "modifier": 2, "reputation": 3, "value": 9}
    assert steps[8].numbers["totals"][:3] == (2, 2, 1) and "Red and Green tie with 2" in steps[8].sentence
    assert [(s.numbers["player"], s.numbers["points"]) for s in steps[9:11]] == [(0, 9), (1, 9)]


@pytest.mark.parametrize("square,provinces,regions", [(0, 1, 1), (3, 2, 1), (2, 1, 2), (12, 2, 2)])
def test_CC09_CC10_double_steps_count_each_province_and_region_it_touches(square, provinces, regions):
    game = game_at(2)
    play(game, f"double {square}")
    record = game.resolutions()[-1]
    assert isinstance(record.evidence, DoubleScoring) and record.title == f"Double block on squares {square} and " \
        f"{square + 1}"
    steps = record.steps
    assert steps[0].touches == {f"s{square}": "added", f"s{square + 1}": "added", "Red": "changed"}
    assert (steps[1].numbers["provinces"], steps[2].numbers["regions"]) == (provinces, regions)
    assert str(steps[3]) == f"Red scores {provinces} + {regions} = {provinces + regions} at once. [CC-10]"
    before = game.position_at(event=record.start)
    assert before.occ[square] < 0 and before.points[0] + steps[3].numbers["points"] == game.points[0]


def test_CC24_same_priority_cards_cancel_in_a_step_of_their_own():
    game = game_at(3, {4: "R", 5: "G", 6: "G", 7: "B"}, cards={"1": ["green flood", "blue flood"]})
    play(game, "single 8", "single 0")
    steps = game.resolutions()[-1].steps
    cancel = next(s for s in steps if s.rule == "CC-24")
    assert str(cancel) == ("Cards of the same priority cancel each other without effect: Green Flood (3), "
                           "Blue Flood (3). [CC-24]")
    assert cancel.numbers["cancelled"] == 2
    assert not any(s.rule in ("CC-25", "CC-32") for s in steps)


def test_CC42_CC43_CC44_mongol_example_region_by_region():
    game = ChangCheng.from_position(mongol_example())
    attacks = {r.evidence.region: r.steps for r in game.resolutions() if isinstance(r.evidence, RegionAttack)}
    assert texts(attacks[1]) == [
        "Region 1's threat counter turns face up: -2. [CC-42]",
        "Counted blocks in the region: Green 1, Blue 1, Violet 2. Violet holds the majority with 2. [CC-42]",
        "Violet loses 2. [CC-42]"]
    assert texts(attacks[2])[1:] == [
        "Counted blocks in the region: Red 1, Green 1, Blue 2, Violet 1. Blue holds the majority with 2. [CC-42]",
        "Blue's tower stands in region 2: Blue loses nothing. [CC-43]"]
    assert texts(attacks[4])[1:] == [
        "Counted blocks in the region: Red 2, Green 2. Red and Green tie for the majority with 2: each of them "
        "loses unless a tower protects them. [CC-42]",
        "Red loses 3. [CC-42]", "Green loses 3. [CC-42]"]
    assert [s.rule for s in attacks[0]] == ["CC-44"] and attacks[1][0].touches == {"r1": "changed"}
    losses = [0, 0, 0, 0]
    for steps in attacks.values():
        for s in steps:
            if "player" in s.numbers:
                losses[s.numbers["player"]] += s.numbers["points"]
    assert [10 + x for x in losses] == game.points == [7, 7, 10, 8]


@pytest.mark.parametrize("events,extra,rule,gains", [
    ("diplomacy", {"used_cards": {"red": ["warrior"]}}, "CC-50", [(0, 4)]),
    ("dominance", {}, "CC-51", [(0, 7), (1, 4)]),
    ("imperial_reward", {"used_cards": {"red": ["warrior", "flood"], "green": [
        "warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin"]}}, "CC-52", [(0, 8)]),
])
def test_CC50_CC51_CC52_event_card_steps_give_each_gain(events, extra, rule, gains):
    game = full_wall(events, WALL, **extra)
    record = game.resolutions()[-1]
    # after the Mongol attack (CC-54), the card's own rule
    assert isinstance(record.evidence, EventScoring) and [s.rule for s in record.steps][:2] == ["CC-54", rule]
    assert {s.rule for s in record.steps[1:]} == {rule}
    assert [(s.numbers["player"], s.numbers["points"]) for s in record.steps if "player" in s.numbers] == gains


def test_CCV5_dominance_for_the_longest_run_only_names_its_variant():
    doc = position(2, faces=("1A", "2A"), emperor_cards=0, threat=[None] * 6,
                   options={"events": "dominance", "dominance": "longest_only"})
    game = ChangCheng.from_position({**doc, "wall": WALL})
    steps = game.resolutions()[-1].steps
    assert {s.rule for s in steps[1:]} == {"CC-V5"} and str(steps[-1]) == "Red scores 7. [CC-V5]"


def random_game(players, seed, **options):
    game = ChangCheng(players, seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())))
    return game


def replay(before, steps):
    """Points, broken squares, threat counters and occupants after applying the steps to ``before``."""
    points, broken, threat, occ = list(before.points), list(before.broken), list(before.threat), list(before.occ)
    for step in steps:
        assert set(step.touches.values()) <= set(MARKS)
        if "player" in step.numbers:
            points[step.numbers["player"]] += step.numbers["points"]
        if step.rule == "CC-31":
            broken[step.numbers["square"]] = True
        if step.rule == "CC-30" and "region" in step.numbers:
            threat[step.numbers["region"]] = None
        if step.rule in ("CC-35", "CC-V4"):
            a, b = step.numbers["squares"]
            occ[a], occ[b] = occ[b], occ[a]
    return points, broken, threat, occ


def state(game):
    return list(game.points), list(game.broken), list(game.threat), list(game.occ)


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {"events": "diplomacy,imperial_reward"}), (4, 3, {"events": "dominance"}),
    (3, 4, {"warrior": "other_province", "mandarin": "any_two", "same_priority": "resolve_all",
            "events": "dominance", "dominance": "longest_only"}),
    (2, 5, {"neutral_blocks": True}),
])
def test_CC19_to_CC35_CC42_to_CC52_replaying_the_steps_gives_the_engines_position(players, seed, options):
    game = random_game(players, seed, **options)
    found = game.resolutions()
    provinces = [r for r in found if isinstance(r.evidence, ProvinceScoring)]
    assert provinces and len(provinces) == sum(e.rule == "CC-21" for e in game.log)
    for record in (r for r in found if isinstance(r.evidence, DoubleScoring)):
        before, after = game.position_at(event=record.start), game.position_at(event=record.event)
        assert replay(before, record.steps)[0] == state(after)[0]
    for record in provinces:
        done = next(i for i in range(record.event, len(game.log)) if game.log[i].rule == "CC-23")
        before, after = game.position_at(event=record.start), game.position_at(event=done)
        assert replay(before, record.steps) == state(after)
    # the end: every attack and event card, applied to the position when the game ends, gives the final one
    ending = [r for r in found if isinstance(r.evidence, (RegionAttack, EventScoring))]
    assert [r.event for r in ending] == sorted(r.event for r in ending) and len(ending) >= game.wall.regions
    before = game.position_at(event=ending[0].start)
    assert replay(before, [s for r in ending for s in r.steps]) == state(game)
