"""The Great Wall exercises: answers agree with what the Winter does, wrong answers get feedback, bad input gets
the kit's error."""

import random

import pytest

from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import the_great_wall as exercises
from greatwall_kit.exercises.the_great_wall import (as_name_set, breach, defeat_claimant, defeat_honor, defense,
                                                     final_honor, losses, shamed)
from greatwall_kit.the_great_wall import Breach, Defeat, TheGreatWall


def played(seed, players):
    rng = random.Random(seed)
    game = TheGreatWall(players=players, seed=seed)
    while not game.is_over and len(game.history) < 2000:
        game.play(rng.choice(game.legal_moves()))
    return game


GAMES = [(1, 2), (3, 2), (4, 3), (7, 4)]


@pytest.mark.parametrize("seed,players", GAMES)
def test_TGW22_TGW38_to_TGW41_assault_exercises_agree_with_every_assault_played(seed, players):
    game = played(seed, players)
    assaults = [r for r in game.resolutions() if isinstance(r.evidence, Breach)]
    assert assaults
    names = game.player_names
    for r in assaults:
        b, before = r.evidence, game.position_at(event=r.start)
        assert defense(before, b.section).check(b.defense).correct
        assert breach(before, b.section).check("yes" if b.breached else "no").correct
        assert shamed(before, b.section).check({names[p] for p, _ in b.shamed}).correct
        for p in range(players):
            assert losses(before, b.section, p).check(len(b.victims[p]) + b.archers_killed[p]).correct


@pytest.mark.parametrize("seed,players", GAMES)
def test_TGW34_to_TGW36_defeat_exercises_agree_with_every_defeat_played(seed, players):
    game = played(seed, players)
    for r in game.resolutions():
        d = r.evidence
        if not isinstance(d, Defeat):
            continue
        before = game.position_at(event=r.start)
        who = "nobody" if d.claimant is None else game.player_names[d.claimant]
        assert defeat_claimant(before, d.card).check(who).correct
        for p in range(players):
            assert defeat_honor(before, d.card, p).check(d.soldier_honor[p] + d.archer_honor[p]).correct


@pytest.mark.parametrize("seed,players", GAMES)
def test_TGW48_final_honor_is_the_score_the_game_ends_with(seed, players):
    game = played(seed, players)
    assert game.is_over
    for p in range(players):
        assert final_honor(game, p).check(game.scores()[p]).correct


def winter(sections, clans=({}, {}), time=3):
    return TheGreatWall.from_position({"players": 2, "season": "winter", "time": time, "clans": list(clans),
                                       "sections": sections})


EMPTY = {"wall": 0, "barricades": 3, "horde": []}


def test_TGW38_TGW22_equal_power_and_defense_holds():
    # a Crane Archer's shot is the decision before the Assault: 4 against 2 + 2 x 1
    game = winter([{"wall": 0, "barricades": 1, "archers": [0], "horde": [{"card": "h01"}]}, EMPTY, EMPTY])
    exercises = defense(game, 0), breach(game, 0), shamed(game, 0), losses(game, 0, "Crane")
    game.play("fire 0 0")
    held = next(r.evidence for r in game.resolutions() if isinstance(r.evidence, Breach))
    assert (held.defense, held.breached) == (4, False)
    assert exercises[0].check(4).correct and exercises[1].check("no").correct
    wrong = exercises[1].check("yes")
    assert not wrong.correct and "4 <= 4, the wall holds" in str(wrong)
    assert exercises[2].check("none").correct and exercises[3].check(0).correct


def test_TGW39_TGW40_a_breach_shames_the_absent_and_kills_from_card_and_barracks():
    game = winter([{"wall": 1, "barricades": 0, "horde": [{"card": "h02", "spots": ["S0", ".", "."]}]}, EMPTY, EMPTY],
                  clans=({"chi": 2}, {"barracks": {"spearman": 2}}))
    assert shamed(game, 0).check("tiger").correct
    assert losses(game, 0, "Crane").check(1).correct and losses(game, 0, "Tiger").check(1).correct
    assert "from the Barracks" in losses(game, 0, "Tiger").explain


def test_TGW34_TGW36_tie_goes_by_tea_order_and_archers_earn_honor():
    game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "tea": [1, 0], "clans": [{}, {}],
        "sections": [{"wall": 3, "barricades": 0, "archers": [0, 0],
                      "horde": [{"card": "h03", "spots": ["S0", "S1", ".", "."]}]}, EMPTY, EMPTY]})
    game.replay(["fire 0 2", "fire 0 3"])  # Crane's two Archers cover the last spots: a Defeat
    r = next(r for r in game.resolutions() if isinstance(r.evidence, Defeat))
    before = game.position_at(event=r.start)
    assert defeat_claimant(before, "h03").check("Tiger").correct and r.evidence.claimant == 1
    assert "Tea order" in defeat_claimant(before, "h03").explain
    assert defeat_honor(before, "h03", "Crane").check(2 + 2 * 2).correct
    assert defeat_honor(before, "h03", "Tiger").check(2).correct


def test_TGW43_TGW48_shame_costs_five_never_below_zero_plus_rewards():
    game = winter([EMPTY, EMPTY, EMPTY], clans=({"honor": 7, "shame": 2, "trophies": ["h02"]}, {"honor": 12, "shame": 1}))
    reward = game.cat.horde["h02"]["honor"]
    assert final_honor(game, "Crane").check(0 + reward).correct
    assert final_honor(game, "Tiger").check(12 - 5).correct


@pytest.mark.parametrize("build,match", [
    (lambda g: breach(g, 3), "sections 0 to 2"),
    (lambda g: defense(g, "0"), "sections 0 to 2"),
    (lambda g: losses(g, 0, "Ox"), "Crane, Tiger"),
    (lambda g: defeat_claimant(g, "h99"), "not a Horde card"),
    (lambda g: defeat_claimant(g, "h02"), "open Vital spot"),
    (lambda g: breach(g, 0).check("perhaps"), "yes, no"),
    (lambda g: shamed(g, 0).check("Crane, Ox"), "Crane, Tiger"),
])
def test_bad_input_gets_the_kits_error(build, match):
    game = winter([{"wall": 1, "barricades": 0, "horde": [{"card": "h02", "spots": ["S0", ".", "."]}]}, EMPTY, EMPTY],
                  clans=({"chi": 2}, {}))
    with pytest.raises(GreatWallError, match=match):
        build(game)


@pytest.mark.parametrize("text,names", [("Crane, tiger", {"Crane", "Tiger"}), ("none", set()), (["TIGER"], {"Tiger"})])
def test_sets_of_names_parse(text, names):
    assert as_name_set(["Crane", "Tiger"])(text) == frozenset(names)
