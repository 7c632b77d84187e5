"""The quiz form of the Dschingis Khan picture (``picture(hide=...)``): each part of ``QUIZ_PARTS`` leaves out its
texts and marks, and only those; every element group stays with its key; a bad part is the kit's error."""

import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from greatwall_kit.dschingis_khan import new_game
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.graphs import drawn_elements
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.steps import QUIZ_PARTS

from .dk_support import game_at

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg):
    """What a reader sees or hears: every text and title, and the picture's accessible name."""
    root = ET.fromstring(svg)
    found = ["".join(el.itertext()) for el in root.iter() if el.tag in (SVG + "text", SVG + "title")]
    return [root.get("aria-label"), *found]


def seen(svg):
    return "\n".join(texts(svg))


def finished(seed):
    game = new_game(players=2, seed=seed)
    play_randomly(game, seed=seed)
    return game


@pytest.fixture(scope="module")
def over():
    """A finished game whose loops sent pieces out of the game (seed 2: 4 of them)."""
    game = finished(2)
    assert game.is_over and game.out_of_game > 0
    return game


def test_DK22_totals_hide_the_great_walls_length_and_nothing_else():
    game = new_game(seed=1)
    full, quiz = seen(game.picture()), seen(game.picture(hide="totals"))
    assert "Great Wall: 9 pieces" in full and "Great Wall of 9 pieces" in full
    assert "9 pieces" not in quiz
    assert "villages: 19 Mongolia, 19 China · Red to act" in quiz and "0 walls, 0 tiles" in quiz


def test_DK31_DK36_scores_hide_the_panels_scores_once_the_game_is_over(over):
    full, quiz = over.picture(), over.picture(hide="scores")
    for p, name in enumerate(over.player_names[:2]):
        score = f"{over.scores()[p]} ("
        assert score in "".join(panel(full, name))
        drawn = panel(quiz, name)
        assert score not in "".join(drawn) and "?" in drawn and "scored" not in "".join(drawn)
    assert "Game over" in seen(quiz) and "common supply: 0 walls" in seen(quiz)


def test_DK18_scores_while_the_game_is_played_were_never_drawn():
    game = new_game(seed=1)
    assert game.picture(hide="scores") == game.picture()   # "known only to Red": no score to hide


@pytest.mark.parametrize("who,text", [("start", "Red to act"), ("over", "Game over")])
def test_status_hides_who_is_to_act(who, text, over):
    game = over if who == "over" else new_game(seed=1)
    full, quiz = seen(game.picture()), seen(game.picture(hide="status"))
    assert text in full and text not in quiz and text.lower().replace("game over", "the game is over") not in quiz
    assert re.search(r"Great Wall: \d+ pieces · villages: \d+ Mongolia, \d+ China$", quiz, re.M)


def test_verdicts_the_picture_works_out_no_outcome_ahead(over):
    for game in (new_game(seed=1), over, game_at(branches=[[[3, 3], [3, 2], [3, 1], [2, 1], [2, 2]]])):
        assert game.picture(hide="verdicts") == game.picture()


def test_DK02_counts_hide_the_captions_and_the_panels_counts(over):
    full, quiz = seen(over.picture()), over.picture(hide="counts")
    assert f"out of the game: {over.out_of_game} walls" in full and "common supply: 0 walls" in full
    assert re.search(r"\d+ walls?, \d+ tiles?", full) and re.search(r"\d+ villages?\n", full)
    words = seen(quiz)
    for gone in ("out of the game", "common supply: 0", "pieces", "Mongolia,", " villages in "):
        assert gone not in words, gone
    assert not re.search(r"\d+ walls?, \d+ tiles?", words) and not re.search(r"\d+ villages?\n", words)
    assert "common supply: ?" in words and panel(quiz, "Red").count("?") == 2
    assert "Game over" in words          # the status stays
    assert re.search(r">[RG]\d+<", quiz)  # the stacks' heights are pieces on the board: they stay


def test_counts_and_status_together_leave_no_status_line():
    game = new_game(seed=1)
    full = ET.fromstring(game.picture())
    quiz = ET.fromstring(game.picture(hide=["counts", "status"]))
    assert int(quiz.get("height")) < int(full.get("height"))   # the caption's line is gone
    assert quiz.get("aria-label") == "Dschingis Khan board (standard)"


def test_marks_hide_highlights_and_targets_with_their_legend_lines():
    game = game_at(branches=[[[3, 3], [3, 2], [3, 1], [2, 1], [2, 2]]], turn="Orange",
                   active={"Orange": {"walls": 1}})
    targets = {"l37": "wall (2,2)-(2,3)", "v9": "village 9"}
    highlight = {"v17": "changed", "l20": "removed", "t3": "focus", "Red": "added"}
    full = game.picture(targets=targets, highlight=highlight)
    quiz = game.picture(targets=targets, highlight=highlight, hide="marks")
    for cue in ("data-target", "data-mark", "gw-marks", "can be chosen now", "in focus", ">removed<"):
        assert cue in full and cue not in quiz, cue
    assert quiz == game.picture()   # nothing of them is left


def test_marks_on_a_dense_board_keep_the_asked_line_as_a_plain_element():
    game = new_game(players=2, seed=1, layout="rectangle:30x30")
    line = next(i for i in range(len(game.board.lines)) if game.board.inner[i] and i not in game.net.state)
    full = game.picture(highlight={f"l{line}": "focus"})
    quiz = game.picture(highlight={f"l{line}": "focus"}, hide="marks")
    assert f'data-element="l{line}"' in quiz and "data-mark" not in quiz
    assert drawn_elements(quiz).keys() == drawn_elements(full).keys()


@pytest.mark.parametrize("hide", [set(c) for n in (1, 2, 6) for c in combinations(QUIZ_PARTS, n)],
                         ids=lambda h: "+".join(sorted(h)))
def test_every_quiz_form_keeps_every_element_group(hide, over):
    for game in (new_game(seed=1), over):
        assert drawn_elements(game.picture(hide=hide)).keys() == drawn_elements(game.picture()).keys()
        assert game.picture(hide=hide) == game.picture(hide=sorted(hide))   # deterministic, in any order


@pytest.mark.parametrize("hide,match", [("answers", "not 'answers'"), (["counts", "board"], "not 'board'"),
                                        (3, "not 3"), ([["counts"]], "not")])
def test_a_bad_part_is_the_kits_error(hide, match):
    with pytest.raises(GreatWallError, match=match):
        new_game(seed=1).picture(hide=hide)


def test_a_bad_highlight_is_refused_in_the_quiz_form_too():
    with pytest.raises(GreatWallError, match="v99"):
        new_game(seed=1).picture(highlight={"v99": "focus"}, hide="marks")


def panel(svg, key):
    """The texts and titles of one board element's groups."""
    return ["".join(el.itertext()) for group in ET.fromstring(svg).iter() if group.get("data-element") == key
            for el in group.iter() if el.tag in (SVG + "text", SVG + "title")]
