"""The quiz form of the board (``game.picture(hide=...)``): each part of ``QUIZ_PARTS`` is drawn normally and left out
when hidden, the element groups stay with their keys, and the position itself is always drawn."""

import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.chang_cheng.picture import DONE_FILL, USED_FILL
from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.steps import QUIZ_PARTS

NS = "{http://www.w3.org/2000/svg}"
THREAT = [-2, -3, -4, -2, -3, -4]
# Province 1 (squares 4-8) with Green's Traitor and Blue's Flood; Red plays a Builder and completes it (notebook 11).
CARDS = {"players": 3, "faces": ["1A", "2A"], "reputation": [0, 3, 1, 2, 4, 0], "threat": THREAT,
         "wall": ". . . . R G G B . . . . . | . . . . . . . . . . . . .",
         "cards": {"1": ["green traitor", "blue flood"]}}
# Two Floods cancel; the scoring waits for Red's Builder.
FLOODS = {**CARDS, "cards": {"1": ["green flood", "blue flood"]}}


def _halted(doc, moves):
    return ChangCheng.from_position(doc).replay(moves)


def _scored():
    """Province 1 scored (Red and Green tie and score 9), its Emperor card on it."""
    return _halted(CARDS, ["card builder 1", "single 8", "nopeek", "break 4", "flood plus", "builder block"])


def _groups(svg):
    return {g.get("data-element"): g for g in ET.fromstring(svg).iter(NS + "g") if g.get("data-element")}


def _texts(element):
    return [t.text for t in element.iter(NS + "text")]


def _all_text(svg):
    return " | ".join(t or "" for t in _texts(ET.fromstring(svg)))


#: part -> (a position drawing it, where to look (an element key, or None for the whole picture), what it draws)
DRAWN = {
    # Traitor and Flood resolved, Builder waiting: the value is +2 from cards so far
    "totals": (lambda: _halted(CARDS, ["card builder 1", "single 8", "nopeek", "break 4", "flood plus"]), "p1",
               "value +2 from cards"),
    "scores": (_scored, "Red", "Red: 9 points"),
    "status": (lambda: ChangCheng.from_position(CARDS), None,
               "Chang Cheng · Red to act: place a block or an action card"),
    "verdicts": (_scored, "p1", "✓ scored · Emperor card"),
    "counts": (lambda: ChangCheng.from_position(CARDS), "Red", "13 singles, 1 double"),
}


@pytest.mark.parametrize("part", sorted(DRAWN))
def test_each_quiz_part_is_drawn_normally_and_left_out_when_hidden(part):
    make, key, words = DRAWN[part]
    game = make()
    plain, quiz = game.picture(), game.picture(hide={part})

    def texts(svg):
        return _texts(_groups(svg)[key]) if key else _texts(ET.fromstring(svg))
    assert words in texts(plain)
    assert words not in texts(quiz) and words not in _all_text(quiz)
    assert _groups(quiz).keys() == _groups(plain).keys()


def test_hidden_scores_are_a_question_mark_and_leave_the_summary():
    game = _scored()
    root = ET.fromstring(game.picture(hide="scores"))
    assert "Red: ? points" in _texts(_groups(game.picture(hide="scores"))["Red"])
    assert "points" not in root.get("aria-label") and "points" in ET.fromstring(game.picture()).get("aria-label")


def test_hidden_status_keeps_the_title_and_hidden_counts_keep_the_card_owners():
    game = ChangCheng.from_position(CARDS)
    quiz = game.picture(hide={"status", "counts"})
    assert _texts(ET.fromstring(quiz))[0] == "Chang Cheng"
    assert "2 cards face down" in _texts(_groups(game.picture())["p1"])
    assert "cards face down" in _texts(_groups(quiz)["p1"]) and {"G", "B"} <= set(_texts(_groups(quiz)["p1"]))
    assert "Emperor cards on the board" in _all_text(game.picture())
    assert "Emperor cards on the board" not in _all_text(quiz) and "empty squares" not in \
        ET.fromstring(quiz).get("aria-label")


def test_hidden_verdicts_leave_the_scored_colour_but_not_the_emperor_card():
    game = _scored()
    plain, quiz = _groups(game.picture())["p1"], _groups(game.picture(hide="verdicts"))["p1"]
    assert plain.find(NS + "rect").get("fill") == DONE_FILL != quiz.find(NS + "rect").get("fill")
    assert ", scored" in plain.find(NS + "title").text and ", scored" not in quiz.find(NS + "title").text
    assert "E" in _texts(quiz) and "Emperor card" in _texts(quiz)


def test_CC24_CC25_hidden_verdicts_show_revealed_cards_as_laid_not_cancelled_or_in_their_order():
    game = _halted(FLOODS, ["card builder 1", "single 8", "nopeek"])  # the Floods cancel, the Builder waits
    plain, quiz = _groups(game.picture())["p1"], _groups(game.picture(hide="verdicts"))["p1"]

    def cards(group):  # left to right
        found = [t for t in group.iter(NS + "text") if t.text and t.text[0] in "RGB" and t.text[1:].isdigit()]
        return [t.text for t in sorted(found, key=lambda t: float(t.get("x")))]
    assert cards(plain) == ["R4", "G3", "B3"]  # resolution order, then the cancelled ones struck through
    assert plain.findall(NS + "path")
    assert cards(quiz) == ["G3", "B3", "R4"]  # as laid: Green's, Blue's, then Red's card played this turn
    assert not quiz.findall(NS + "path") and USED_FILL not in ET.tostring(quiz, encoding="unicode")
    assert "struck through" in _all_text(game.picture()) and "struck through" not in \
        _all_text(game.picture(hide="verdicts"))


def test_hidden_marks_drop_targets_and_highlights_but_still_check_their_keys():
    game = ChangCheng.from_position(CARDS)
    svg = game.picture(targets={"s8": "single 8"}, highlight={"p1": "focus"}, hide={"marks"})
    assert "data-target" not in svg and "data-mark" not in svg and "tabindex" not in svg
    assert svg == game.picture()
    with pytest.raises(GreatWallError, match="s99"):
        game.picture(targets={"s99": "single 99"}, hide="marks")


def test_the_quiz_form_always_draws_the_position():
    game = _halted(CARDS, ["card builder 1", "single 8", "nopeek", "break 4", "flood plus"])
    plain, quiz = _groups(game.picture()), _groups(game.picture(hide=set(QUIZ_PARTS)))
    for key in plain:
        if key[0] in "sr":  # squares (pieces, broken, reserved) and regions (threat counters) are the position
            assert ET.tostring(quiz[key]) == ET.tostring(plain[key]), key
    assert {"3", "reputation", "G2", "B3", "R4"} <= set(_texts(quiz["p1"]))  # reputation and revealed priorities


@pytest.mark.parametrize("hide", [{"answers"}, "score", 5, [["totals"]]])
def test_a_bad_hide_is_the_kits_error(hide):
    with pytest.raises(GreatWallError, match="hide"):
        ChangCheng.from_position(CARDS).picture(hide=hide)
