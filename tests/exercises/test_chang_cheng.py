"""Chang Cheng exercises: answers agree with the engine's evidence, wrong answers get feedback, bad input the kit's
error."""

import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.chang_cheng.cards import PRIORITY
from greatwall_kit.chang_cheng.scoring import PLAYER_NAMES
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import chang_cheng as cc
from greatwall_kit.exercises.core import _shown

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


# -- the position each exercise is asked about, in its quiz form ------------------------------------------------

TOWERS = {"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0], "threat": THREAT,
          "wall": "R . . . . GT .g . . . . . . | . . . . . . . . . . . . ."}
GROWING = {"players": 2, "faces": ["1A", "2A"], "reserve": ["3A"], "reputation": [1, 0, 2, 3, 4, 0], "threat": THREAT,
           "wall": "R G R . . G R G R G R G R | . . . . . . . . . . . . .", "emperor_cards": 1}
THREE = {**CARDS, "wall": ". . . . R G B B . . . . . | . . . . . . . . . . . . .",
         "cards": {"1": ["green builder", "blue flood"]}}
THREE_MOVES = ["card traitor 1", "single 8", "nopeek", "break 6", "flood minus", "builder block"]
NS = "{http://www.w3.org/2000/svg}"


def _visible(svg):
    """Every text a student can read in a picture: its texts, the titles shown on hover, its summary."""
    root = ET.fromstring(svg)
    return " | ".join([t.text or "" for t in root.iter(NS + "text")] + [t.text or "" for t in root.iter(NS + "title")]
                      + [root.get("aria-label")])


def _panels(svg):
    groups = {g.get("data-element"): g for g in ET.fromstring(svg).iter(NS + "g")}
    return [t.text for name in PLAYER_NAMES if name in groups for t in groups[name].iter(NS + "text")
            if t.text and "point" in t.text]


def _card_texts(svg, province):
    group = next(g for g in ET.fromstring(svg).iter(NS + "g") if g.get("data-element") == f"p{province}")
    found = [t for t in group.iter(NS + "text") if t.text and t.text[0] in "RGBV" and t.text[1:].isdigit()]
    return [t.text for t in sorted(found, key=lambda t: float(t.get("x")))], group


BUILT = {  # id: (builder call, kind asked, element asked about)
    "scorers": (lambda: cc.province_scorers(ChangCheng.from_position(CARDS), CARD_MOVES), "players", "p1"),
    "value": (lambda: cc.province_value(ChangCheng.from_position(CANCEL), CANCEL_MOVES), "total", "p1"),
    "cancelled": (lambda: cc.cancelled_cards(ChangCheng.from_position(CANCEL), CANCEL_MOVES), "cards", "p1"),
    "order": (lambda: cc.resolution_order(ChangCheng.from_position(THREE), THREE_MOVES), "order", "p1"),
    "scored-before": (lambda: cc.province_value(ChangCheng.from_position(PLAIN).replay(PLAIN_MOVES), province=0),
                      "total", "p0"),
    "losers": (lambda: cc.region_losers(ChangCheng.from_position(ATTACK), 1), "players", "r1"),
    "loss-tower": (lambda: cc.region_loss(ChangCheng.from_position(ATTACK), 2, 2), "total", "r2"),
    "loss-removed": (lambda: cc.region_losers(ChangCheng.from_position(ATTACK), 3), "players", "r3"),
    "double": (lambda: cc.double_points(ChangCheng.from_position(TOWERS), 12), "total", "s12"),
    "legal": (lambda: cc.is_legal(ChangCheng.from_position(TOWERS), "double 6"), "verdict", "s6"),
    "reserve": (lambda: cc.reserve_choices(ChangCheng.from_position(TOWERS), 12), "elements", "s12"),
    "board": (lambda: cc.adds_board(ChangCheng.from_position(GROWING), ["double 3", "nopeek"]), "verdict", None),
}


@pytest.mark.parametrize("name", BUILT)
def test_every_builder_asks_about_a_position_drawn_without_its_answer(name):
    build, kind, key = BUILT[name]
    ex = build()
    assert ex.asks.kind == kind and ex.asks.about == ((key,) if key else ())
    quiz = ex.picture()
    groups = {g.get("data-element") for g in ET.fromstring(quiz).iter(NS + "g")}
    assert key is None or key in groups
    answer = _shown(ex._answer)
    if " " in answer:  # a distinctive answer ("Red and Green", "traitor, flood, builder", "{11, 13}")
        assert answer not in _visible(quiz) and answer.replace(" and ", ", ") not in _visible(quiz)
    # the explanation's sentences are what a printed resolution would show
    assert not [s for s in re.split(r"(?<=\.) ", ex.explain) if len(s) > 20 and s in _visible(quiz)]
    title = next(ET.fromstring(quiz).iter(NS + "text")).text
    assert title == ("Chang Cheng · Red to act: place a block or an action card" if name == "legal" else "Chang Cheng")
    assert not ex.position.picture().count("data-target")  # a quiz form never shows targets
    if kind in ("players", "total"):  # the field each asks about: the players' points
        assert _panels(quiz) and all(p.endswith(": ? points") for p in _panels(quiz))
        assert "points" not in ET.fromstring(quiz).get("aria-label")


@pytest.mark.parametrize("name", ["scorers", "value", "cancelled", "order", "scored-before"])
def test_CC20_a_scoring_is_asked_about_with_its_cards_face_up_and_nothing_resolved(name):
    ex = BUILT[name][0]()
    p = int(BUILT[name][2][1:])
    position = ex.position
    assert not position.scored[p] and all(position.occ[s] >= 0 for s in position.wall.province_squares[p])
    if name == "scored-before":  # a province without cards: nothing to turn face up
        assert position.res is None and not _card_texts(ex.picture(), p)[0]
        return
    assert position.res["province"] == p and not position.res["effects"] and not any(position.broken)
    cards, group = _card_texts(ex.picture(), p)
    laid = [f"{PLAYER_NAMES[o][0]}{PRIORITY[k]}" for o, k in position.res["reveal"].cards]
    assert cards == laid and not group.findall(NS + "path")  # as laid, none struck through
    if name == "order":
        order = [f"{PLAYER_NAMES[o][0]}{PRIORITY[k]}" for o, k in position.res["reveal"].order]
        assert cards != order and cards == _card_texts(ex.position.picture(), p)[0][::-1]


@pytest.mark.parametrize("name", ["losers", "loss-tower", "loss-removed"])
def test_CC42_an_attack_is_asked_about_with_its_counter_turned_and_no_point_lost_yet(name):
    ex = BUILT[name][0]()
    r = int(BUILT[name][2][1:])
    game = ChangCheng.from_position(ATTACK)
    attack = next(e for e in game.evidence if getattr(e, "region", None) == r)
    before = next(x for x in game.resolutions() if x.evidence is attack).before
    assert ex.position.points == before.points  # no point of this attack lost yet
    assert ex.position.public_threat(r) == ("removed" if attack.threat is None else attack.threat)


def test_CC13_CC10_placements_are_asked_about_before_the_move():
    for name, square in (("double", 12), ("reserve", 12), ("legal", 6)):
        position = BUILT[name][0]().position
        assert position.occ[square] < 0 and position.history == () and position.to_act == 0
        with pytest.raises(GreatWallError, match="only for looking"):
            position.play("single 3")
    board = BUILT["board"][0]()
    assert board.position.emperor == 1 and board.position.decision == "first"


def test_CC38_no_board_left_is_decided_by_CC38():
    doc = {**GROWING, "reserve": [], "wall": "R G R . G R G R G R G R G | G R G R . . . . . . . . .",
           "emperor_cards": 2}
    ex = cc.adds_board(ChangCheng.from_position(doc), ["single 3", "nopeek", "single 20", "nopeek"])
    assert ex.check("no").correct and ex.rule == "CC-38"
