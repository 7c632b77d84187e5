"""Chang Cheng exercises: answers agree with the engine's evidence, wrong answers get feedback, bad input the kit's error."""


import pytest

from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.chang_cheng.scoring import PLAYER_NAMES
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import chang_cheng as cc

THREAT = [-2, -3, -4, -2, -3, -4]
# The rulebook's examples (see notebook 11): a plain majority, and cards that change the result.
PLAIN = {"players": 4, "faces": ["1A", "2A"], "reputation": [2, 1, 0, 3, 4, 0], "threat": THREAT,
         "wall": "R B V . . . . . . . . . . | . . . . . . . . . . . . ."}
PLAIN_MOVES = ["single 3", "nopeek"]
CARDS = {"players": 3, "faces": ["1A", "2A"], "reputation": [0, 3, 1, 2, 4, 0], "threat": THREAT,
         "wall": ". . . . R G G B . . . . . | . . . . . . . . . . . . .",
         "cards": {"1": ["green traitor", "blue flood"]}}
CARD_MOVES = ["card builder 1", "single 8", "nopeek", "break 4", "flood plus", "builder block"]
CANCEL = {**CARDS, "cards": {"1": ["green flood", "blue flood"]}}
CANCEL_MOVES = ["card builder 1", "single 8", "nopeek", "builder block"]
ATTACK = {"players": 4, "faces": ["1A", "2A"], "reputation": [0, 1, 2, 3, 4, 0],
          "threat": [None, -2, -4, None, -3, None],
          "wall": "R G B  V V G B R  BT B G R V | V G B R  R R G G  R G B V R", "points": [10] * 4, "emperor_cards": 0}
OPEN = {"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0], "threat": THREAT,
        "wall": "R G" + " ." * 24}


def _scored(doc, moves):
    return ChangCheng.from_position(doc).replay(moves).evidence[-1]


@pytest.mark.parametrize("doc,moves", [(PLAIN, PLAIN_MOVES), (CARDS, CARD_MOVES), (CANCEL, CANCEL_MOVES)])
def test_CC22_scorers_and_CC21_value_are_the_engines(doc, moves):
    game = ChangCheng.from_position(doc)
    s = _scored(doc, moves)
    who, worth = cc.province_scorers(game, moves), cc.province_value(game, moves)
    names = [PLAYER_NAMES[w] for w in s.winners]
    assert who.check(" and ".join(reversed(names))).correct and not who.check("nobody").correct
    assert worth.check(s.value).correct and not worth.check(s.value + 1).correct
    assert str(worth.solution()).endswith(f"= {s.value}. [CC-21]")
    assert game.history == () and game.evidence == []  # the exercise played on a copy


def test_CC22_a_tie_needs_every_tied_colour():
    who = cc.province_scorers(ChangCheng.from_position(CARDS), CARD_MOVES)
    assert who.check("Green, red").correct
    feedback = who.check("Red")
    assert not feedback.correct and "tie with 2" in str(feedback) and str(feedback).endswith("[CC-22]")


def test_an_already_scored_province_is_asked_about_by_number():
    game = ChangCheng.from_position(PLAIN).replay(PLAIN_MOVES)
    assert cc.province_value(game, province=0).check(game.evidence[-1].value).correct
    with pytest.raises(GreatWallError, match="province 3 is not scored"):
        cc.province_value(game, province=3)


@pytest.mark.parametrize("doc,moves", [(CARDS, CARD_MOVES), (CANCEL, CANCEL_MOVES)])
def test_CC24_cancelled_and_CC25_order_follow_the_evidence(doc, moves):
    game = ChangCheng.from_position(doc)
    s = _scored(doc, moves)
    cancelled = cc.cancelled_cards(game, moves)
    assert cancelled.check([k for _, k in s.cancelled]).correct
    assert cancelled.check("none").correct == (not s.cancelled)
    order = cc.resolution_order(game, moves)
    assert order.check(", ".join(k for _, k in s.order)).correct
    assert not order.check(" then ".join(k for _, k in reversed(s.order))).correct or len(s.order) == 1


def test_CC24_two_floods_cancel():
    ex = cc.cancelled_cards(ChangCheng.from_position(CANCEL), CANCEL_MOVES)
    assert ex.check("flood").correct and not ex.check("none").correct


@pytest.mark.parametrize("region", range(6))
def test_CC42_losers_and_losses_are_the_attack_evidence(region):
    game = ChangCheng.from_position(ATTACK)
    attack = next(e for e in game.evidence if getattr(e, "region", None) == region)
    losers = cc.region_losers(game, region)
    assert losers.check([PLAYER_NAMES[c] for c in attack.losers]).correct
    for player in range(4):
        lost = -attack.loss if player in attack.losers else 0
        assert cc.region_loss(game, region, player).check(lost).correct


def test_CC43_the_tower_protects_its_owner_and_says_so():
    ex = cc.region_loss(ChangCheng.from_position(ATTACK), 2, 2)
    assert ex.rule == "CC-43" and ex.check(0).correct and "tower" in ex.explain


def test_an_attack_is_asked_about_only_once_the_game_is_over():
    with pytest.raises(GreatWallError, match="not over"):
        cc.region_losers(ChangCheng.from_position(OPEN), 1)
    with pytest.raises(GreatWallError, match="no region 9"):
        cc.region_losers(ChangCheng.from_position(ATTACK), 9)


@pytest.mark.parametrize("square", [2, 3, 5, 12])
def test_CC10_double_points_are_what_the_player_gains(square):
    game = ChangCheng.from_position(OPEN)
    after = game.copy().replay([f"double {square}"])
    gained = after.points[0] - game.points[0]
    touched = {(game.wall.province_of[s], game.wall.region_of[s]) for s in (square, square + 1)}
    assert gained == len({p for p, _ in touched}) + len({r for _, r in touched})
    assert cc.double_points(game, square).check(gained).correct
    assert not cc.double_points(game, square).check(gained + 1).correct


@pytest.mark.parametrize("move,moves,legal,rule", [
    ("tower 5", [], "yes", "CC-12"),
    ("double 25", [], "no", "CC-09"),
    ("single 1", [], "no", "CC-06"),
    ("tower 6", ["tower 5", "reserve 4", "nopeek", "single 10", "nopeek", "single 20", "nopeek"], "no", "CC-03"),
    ("tower 6", ["single 10", "nopeek", "single 20", "nopeek", "tower 5", "reserve 4", "nopeek"], "no", "CC-12"),
    ("double 3", ["single 10", "nopeek", "single 20", "nopeek", "tower 5", "reserve 4", "nopeek"], "no", "CC-13"),
])
def test_legality_is_the_engines_refusal(move, moves, legal, rule):
    ex = cc.is_legal(ChangCheng.from_position(OPEN), move, moves)
    assert ex.check(legal).correct and ex.rule == rule
    assert not ex.check("no" if legal == "yes" else "yes").correct


@pytest.mark.parametrize("square", [2, 5, 9])
def test_CC13_reservation_choices_are_the_engines(square):
    game = ChangCheng.from_position(OPEN)
    after = game.copy().replay([f"tower {square}"])
    empty = {s for s in after.wall.neighbours(square) if after.occ[s] < 0}
    ex = cc.reserve_choices(game, square)
    assert ex.check(sorted(empty)).correct and not ex.check("none").correct


def test_CC36_the_third_emperor_card_adds_a_board():
    doc = {"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0], "threat": THREAT,
           "wall": "R G R . " + "G " * 9 + ". " * 13, "emperor_cards": 2}
    game = ChangCheng.from_position(doc)
    assert cc.adds_board(game, ["single 3", "nopeek", "single 13", "nopeek"]).check("yes").correct
    assert cc.adds_board(ChangCheng.from_position({**doc, "emperor_cards": 1}),
                         ["single 3", "nopeek", "single 13", "nopeek"]).check("no").correct
    with pytest.raises(GreatWallError, match="turn is not over"):
        cc.adds_board(game, ["single 3"])


@pytest.mark.parametrize("call,match", [
    (lambda g: cc.province_value(g, "single 3"), "list of moves"),
    (lambda g: cc.region_losers(g, 0, None), "list of moves"),
    (lambda g: cc.province_scorers(g), "give the moves"),
    (lambda g: cc.province_value(g, ["single 1"]), "cannot be played"),
    (lambda g: cc.province_value(g, ["single 3"]), "must still decide: peek"),
    (lambda g: cc.cancelled_cards(g, PLAIN_MOVES), "nothing can cancel"),
    (lambda g: cc.region_loss(ChangCheng.from_position(ATTACK), 1, 7), "no player 7"),
    (lambda g: cc.is_legal(g, "fly 3"), "fly"),
])
def test_bad_input_gets_the_kits_error(call, match):
    with pytest.raises(GreatWallError, match=match):
        call(ChangCheng.from_position(PLAIN))


@pytest.mark.parametrize("parse,bad", [(cc.as_colours(2), "Blue"), (cc.as_kinds, "dragon"),
                                       (cc.as_colours(4), 3)])
def test_answers_outside_the_choices_get_a_hint(parse, bad):
    with pytest.raises(GreatWallError, match="answer with"):
        parse(bad)
