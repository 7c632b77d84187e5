"""The quiz form of The Great Wall's picture (``picture(hide=...)``): each part of ``QUIZ_PARTS`` is drawn normally
and gone with ``hide``; the element groups stay; a bad ``hide`` is the kit's error."""

import itertools
import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.steps import QUIZ_PARTS
from greatwall_kit.the_great_wall import new_game

from .conftest import empty_sections, position, start

SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg):
    """Every text a reader can see or hear: drawn texts, hover titles and the accessible summary."""
    root = ET.fromstring(svg)
    return [t.text for t in root.iter() if t.tag in (SVG + "text", SVG + "title") and t.text] + [root.get("aria-label")]


def _keys(svg):
    return sorted(el.get("data-element") for el in ET.fromstring(svg).iter() if el.get("data-element"))


def _said(svg, pattern):
    return any(re.search(pattern, t) for t in _texts(svg))


@pytest.fixture(scope="module")
def winter():
    """Section 0: h02 (Power 6) against a bare wall (Defense 2), Crane to fire; Tiger has 2 Spearmen in the
    Barracks, Honor 5 and a Shame token."""
    return start(position(sections=empty_sections(wall=0, barricades=0, archers=[0],
                                                  horde=[{"card": "h02", "spots": ["S1", ".", "."]}]),
                          clans=[{"honor": 3}, {"honor": 5, "shame": 1, "barracks": {"spearman": 2}}]))


@pytest.fixture(scope="module")
def ended():
    """A last Winter with nothing to resolve: the game is over and scored."""
    game = start(position(time=6, clans=[{"honor": 9, "trophies": ["h05"]}, {"honor": 4, "shame": 2}]))
    assert game.is_over and game.final
    return game


def test_totals_hide_each_sections_power_and_defense_not_the_printed_numbers(winter):
    assert _said(winter.picture(), r"Power 6 > Defense 2")
    quiz = winter.picture(hide="totals")
    assert not _said(quiz, r"^Power \d|Defense \d") and _said(quiz, r"^Power \? · Defense \?: would breach$")
    assert _said(quiz, r"^Pow 6 · Hon") and _said(quiz, r"wall level 0 \(value 2\)")  # what the student adds up


def test_verdicts_hide_would_breach_and_holds_and_keep_the_totals_without_their_comparison(winter):
    assert _said(winter.picture(), "would breach") and _said(winter.picture(), "holds")
    quiz = winter.picture(hide="verdicts")
    assert not _said(quiz, r"would breach|holds|[>≥]") and _said(quiz, r"^Power 6 · Defense 2$")
    both = winter.picture(hide=("totals", "verdicts"))
    assert [t for t in _texts(both) if t.startswith("Power")] == ["Power ? · Defense ?"] * 3
    assert 'font-weight="bold">Power' not in both  # a breaching section's line is bold only when the verdict shows


def test_scores_hide_honor_final_honor_and_the_winner(winter, ended):
    assert _said(winter.picture(), r"^Tiger · Honor 5$") and _said(winter.picture(), r"Honor Crane 3, Tiger 5")
    quiz = winter.picture(hide="scores")
    assert _said(quiz, r"^Tiger · Honor \?$") and not _said(quiz, r"· Honor \d|Honor Crane")
    winner = ended.player_names[ended.winners()[0]]
    assert _said(ended.picture(), rf"· {winner} wins") and _said(ended.picture(), rf"final {ended.final[1].total}")
    quiz = ended.picture(hide="scores")
    assert not _said(quiz, r"wins|final \d|· Honor \d")


def test_status_hides_whose_turn_it_is_and_who_won(winter, ended):
    assert _said(winter.picture(), r"· Crane to act$")
    assert not _said(winter.picture(hide="status"), "to act")
    assert not _said(ended.picture(hide="status"), "wins")


def test_counts_hide_the_numbers_of_cards_tokens_and_soldiers(winter):
    normal = winter.picture()
    for shown in (r"^Shame pool \d+$", r"Horde deck \d+$", r"^Shame tokens: 1$", r"^Barracks S2 A0 H0$",
                  r"^Hand \d+ · Tactics \d+$", r"Clerks: \d+ home"):
        assert _said(normal, shown), shown
    quiz = winter.picture(hide="counts")
    assert _said(quiz, r"^Shame pool \?$") and _said(quiz, r"Horde deck \?$") and _said(quiz, r"^Barracks S\? A\? H\?$")
    assert _said(quiz, r"^Shame tokens: \?$") and _said(quiz, r"^Hand \? · Tactics \?$")
    assert not _said(quiz, r"Shame pool \d|Barracks S\d|Rest Zone S\d|Reserve S\d|Clerks: \d")


def test_marks_hide_targets_and_highlights_but_a_bad_one_is_still_refused(winter):
    targets = {winter.move_element(m): str(m) for m in winter.legal_moves()}
    marked = winter.picture(targets=targets, highlight={"section:0": "focus"})
    assert "data-target" in marked and "data-mark" in marked
    quiz = winter.picture(targets=targets, highlight={"section:0": "focus"}, hide="marks")
    assert "data-target" not in quiz and "data-mark" not in quiz and quiz == winter.picture(hide="marks")
    with pytest.raises(GreatWallError, match="no board element 'section:9'"):
        winter.picture(highlight="section:9", hide="marks")


@pytest.mark.parametrize("seed,players", [(1, 2), (4, 3), (7, 4)])
def test_every_quiz_form_keeps_every_element_and_hides_nothing_unasked(seed, players):
    game, rng = new_game(players=players, seed=seed), random.Random(seed)
    for _ in range(rng.randrange(40, 160)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    normal = game.picture()
    assert game.picture(hide=()) == game.picture(hide=None) == normal
    for r in range(1, len(QUIZ_PARTS) + 1):
        for parts in itertools.combinations(QUIZ_PARTS, r):
            assert _keys(game.picture(hide=parts)) == _keys(normal), parts


@pytest.mark.parametrize("hide,match", [
    ("answers", "not 'answers'"), (["totals", "bogus"], "not 'bogus'"), (3, "not 3"), ({"Totals"}, "not 'Totals'")])
def test_a_bad_hide_is_the_kits_error(winter, hide, match):
    with pytest.raises(GreatWallError, match=match):
        winter.picture(hide=hide)
