"""The Great Wall exercises: answers agree with what the Winter does, wrong answers get feedback, bad input gets
the kit's error."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises.the_great_wall import (
    as_name_set,
    breach,
    defeat_claimant,
    defeat_honor,
    defense,
    final_honor,
    losses,
    shamed,
)
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
    game = winter([EMPTY, EMPTY, EMPTY],
                  clans=({"honor": 7, "shame": 2, "trophies": ["h02"]}, {"honor": 12, "shame": 1}))
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


# -- the quiz picture shown with each exercise ------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"
#: what each builder's answer would be read from in a picture drawn without hiding: the fields its quiz form must leave
#: out (the answers themselves are clan names, drawn everywhere as labels, or numbers too short to tell apart)
FIELDS = {
    "defense": r"Defense \d",
    "breach": r"would breach|holds|(?<!Offensive )Power \d|Defense \d",
    "shamed": r"would breach|holds|(?<!Offensive )Power \d|Defense \d",
    "losses": r"would breach|holds|(?<!Offensive )Power \d|Defense \d",
    "defeat_claimant": r"· Honor \d|final \d|wins",
    "defeat_honor": r"· Honor \d|final \d|wins|Honor [A-Z]",
    "final_honor": r"· Honor \d|final \d|wins|Honor [A-Z]",
}


def visible(svg):
    """The texts of a picture a student can read or hear: drawn texts, hover titles and the accessible summary."""
    root = ET.fromstring(svg)
    return [t.text for t in root.iter() if t.tag in (SVG + "text", SVG + "title") and t.text] + [root.get("aria-label")]


def built(game):
    """Every exercise the builders make on ``game``, by builder name."""
    out = []
    for s in range(len(game.sections)):
        out += [("defense", defense(game, s)), ("breach", breach(game, s)), ("shamed", shamed(game, s))]
        out += [("losses", losses(game, s, p)) for p in range(game.players)]
    for sec in game.sections:
        for row in sec["rows"]:
            if None not in row["spots"]:
                out.append(("defeat_claimant", defeat_claimant(game, row["card"])))
                out += [("defeat_honor", defeat_honor(game, row["card"], p)) for p in range(game.players)]
    return out + [("final_honor", final_honor(game, p)) for p in range(game.players)]


def notebook_winter():
    """The Winter of notebooks 41 and 42, after the Firing (h03 Defeated), and a last Winter that ends the game."""
    game = TheGreatWall.from_position({
        "players": 2, "season": "winter", "year": 2, "time": 4, "tea": [0, 1],
        "sections": [{"wall": 1, "barricades": 1, "archers": [0], "horde": [
                          {"card": "h03", "spots": ["S0", "H1", "H1", "."]}, {"card": "h04", "spots": [".", "."]}]},
                     {"wall": 0, "barricades": 0, "archers": [], "horde": [{"card": "h02", "spots": ["S1", ".", "W"]}]},
                     {"wall": 2, "barricades": 2, "archers": [1], "horde": [{"card": "h01", "spots": [".", "."]}]}],
        "clans": [{"honor": 3, "chi": 4, "barracks": {"spearman": 2}, "trophies": ["h05"]},
                  {"honor": 5, "chi": 2, "barracks": {"spearman": 1}}]}, seed=1)
    last = TheGreatWall.from_position({
        "players": 2, "season": "winter", "year": 4, "time": 6,
        "sections": [{"wall": 2, "barricades": 0, "horde": []}, {"wall": 1, "barricades": 0, "horde": []},
                     {"wall": 3, "barricades": 0, "horde": []}],
        "clans": [{"honor": 9, "shame": 1, "trophies": ["h05"]}, {"honor": 4, "shame": 2, "trophies": ["h09", "h02"]}]})
    return [game, game.copy().replay(["fire 0 3", "fire 0 0"]), last]


def positions():
    """The notebooks' positions and, from random games, the position before every Assault and every Defeat."""
    out = notebook_winter()
    out.append(out[1].resolutions()[1].before)  # notebook 42's Defeat, as its exercises ask about it
    for seed, players in GAMES[:2]:
        game = played(seed, players)
        out += [game.position_at(event=r.start) for r in game.resolutions() if isinstance(r.evidence, (Breach, Defeat))]
        out.append(game)
    return out


@pytest.mark.parametrize("game", positions(), ids=repr)
def test_every_builder_shows_its_position_in_a_quiz_form_without_the_field_of_its_answer(game):
    normal = game.picture()
    for name, ex in built(game):
        quiz = ex.picture()
        assert ex.position is not game and ex.position.picture() == normal, f"{name}: not the position asked about"
        assert quiz == game.picture(hide=ex.hides) and {"status", "verdicts", "marks"} <= ex.hides
        leaks = [t for t in visible(quiz) if re.search(FIELDS[name], t)]
        assert not leaks, f"{name} ({ex.question}): its quiz picture says {leaks}"
        assert ex._answer == ex.parse(ex._answer)  # the answer is the engine's, whatever the picture hides


def test_TGW40_a_losses_quiz_shows_the_barracks_its_victims_come_from():
    game = notebook_winter()[0]
    ex = losses(game, 1, "Tiger")
    assert "counts" not in ex.hides and any(re.fullmatch(r"Barracks S1 A0 H0", t) for t in visible(ex.picture()))


def test_TGW48_the_final_honor_question_gives_the_honor_its_quiz_picture_hides():
    game = notebook_winter()[1].replay(["save 1", "save 0", "shame h05", "save 1", "save 0"])
    ex = final_honor(game, "Crane")
    assert ex.question.endswith("(Crane has 7 Honor before the final scoring.)") and "scores" in ex.hides
    assert "Crane · Honor ?" in visible(ex.picture())


def test_an_exercise_keeps_the_position_it_was_asked_about_when_the_game_plays_on():
    game = notebook_winter()[0]
    ex, before = breach(game, 1), game.picture(hide=("totals", "status", "verdicts", "marks"))
    game.replay(["fire 0 3", "fire 0 0", "save 1", "save 0", "shame h05", "save 1", "save 0"])
    assert ex.picture() == before != game.picture(hide=ex.hides)
    assert 'image/svg+xml' in ex._repr_mimebundle_()[0] and ex._repr_mimebundle_()[0]["image/svg+xml"] == before
