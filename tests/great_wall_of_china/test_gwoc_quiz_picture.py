"""The quiz form of the table (``picture(hide=...)``): each part of QUIZ_PARTS takes away its own texts and marks and
nothing else; the element groups stay; a bad part is the kit's error."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.palette import TARGET
from greatwall_kit.engine.steps import QUIZ_PARTS
from greatwall_kit.great_wall_of_china import GreatWallOfChina, new_game

from .gwoc_support import position

NS = "{http://www.w3.org/2000/svg}"
# Red to act, Red must claim in section 1 (4 against Yellow's 3); section 2 is tied 2-2 under the Noble
CLAIM = [{"pair": [5, 3], "cards": ["Red watchtower", "Yellow infantry", "Red wall", "Yellow infantry"]},
         {"pair": [2, 8], "cards": ["Yellow noble", "Yellow wall", "Red gate", "Red gate"]}]


def claim_position():
    return position(CLAIM, to_act="Red", hands={"Red": ["dragon", "wall"], "Yellow": ["gate"]})


def finished():
    game, rng = new_game(players=2, seed=5), random.Random(5)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def groups(svg):
    return {g.get("data-element"): g for g in ET.fromstring(svg).iter(NS + "g") if g.get("data-element")}


def words(svg):
    """Everything a student can read in the picture: its texts, the titles shown on hover and its accessible name."""
    root = ET.fromstring(svg)
    found = [t.text or "" for t in root.iter(NS + "text")] + [t.text or "" for t in root.iter(NS + "title")]
    return found + [root.get("aria-label")]


def said(svg, text):
    return any(text in w for w in words(svg))


def test_every_part_keeps_every_element_group_with_its_key():
    for game in (claim_position(), finished()):
        plain = groups(game.picture())
        for part in QUIZ_PARTS:
            assert list(groups(game.picture(hide=part))) == list(plain), part
        assert list(groups(game.picture(hide=list(QUIZ_PARTS)))) == list(plain)


def test_hiding_nothing_draws_the_usual_picture():
    game = claim_position()
    assert game.picture(hide=()) == game.picture(hide=None) == game.picture()


def test_GW10_status_hides_who_must_claim_where_and_who_is_to_act():
    game = claim_position()
    plain, quiz = game.picture(), game.picture(hide="status")
    assert said(plain, "Red must claim a token of section 1") and said(plain, "to act")
    assert not said(quiz, "must claim") and not said(quiz, "to act") and not said(quiz, "Turn 1")
    frame = [r.get("stroke-width") for r in groups(quiz)["Red"].iter(NS + "rect") if r.get("rx") == "6"]
    assert frame == ["2"], "the acting player's thick frame tells who is to act"
    assert said(quiz, "1Wt 1Wa: 4 leads"), "nothing else goes"


def test_GW10_verdicts_hide_who_leads_and_who_is_tied():
    game = claim_position()
    plain, quiz = game.picture(), game.picture(hide="verdicts")
    assert said(plain, "1Wt 1Wa: 4 leads") and said(plain, "2Ga: 2 tied")
    assert not said(quiz, "leads") and not said(quiz, "tied")
    assert said(quiz, "1Wt 1Wa: 4") and said(quiz, "2In: 3") and said(quiz, "must claim")
    bold = [t.text for t in ET.fromstring(quiz).iter(NS + "text") if t.get("font-weight") and ":" in (t.text or "")]
    assert bold == [], "a bold line in the totals column names the leader"


@pytest.mark.parametrize("card,points", [(1, 3), (4, 2)])
def test_GW01_GW16_totals_hide_each_tiles_points_and_each_players_total(card, points):
    game = claim_position()
    plain, quiz = game.picture(), game.picture(hide="totals")
    name = f"card {card} of section 1"
    assert said(plain, f"{name}: ") and said(plain, f"{points} point")
    title = next(w for w in words(quiz) if w.startswith(name))
    assert title.endswith("? points"), title
    section = [t.text for t in groups(quiz)["section 1"].iter(NS + "text")]
    assert "2In: ?" in section and "1Wt 1Wa: ? leads" in section and "2In: 3" not in section
    assert section.count("?") == 4, "each tile's points are a question mark"
    label = ET.fromstring(quiz).get("aria-label")
    assert "Red ?, Yellow ?" in label and "Red 4" not in label
    assert "yours to work out" in " ".join(words(quiz)), "the legend says what the ? is"


def test_GW14_totals_hide_a_total_with_its_token_taken_off():
    game = position([{"pair": [3], "cards": ["Red gate [5]", "Yellow wall"]}, CLAIM[1]], to_act="Red")
    assert said(game.picture(), "2 \u2212 5 = \u22123")
    quiz = game.picture(hide="totals")
    assert not said(quiz, "\u2212 5") and said(quiz, "1Ga: ?")
    assert said(quiz, "the 5 token lies face up on it"), "the token on the card is the position, not a total"


def test_GW23_scores_hide_each_score_the_winner_and_who_wins():
    end = finished()
    winner = end.player_names[end.winners()[0]]
    plain, quiz = end.picture(), end.picture(hide="scores")
    assert said(plain, f"score {end.scores()[0]} (") and said(plain, "winner") and said(plain, f"{winner} win")
    assert not said(quiz, "winner") and not said(quiz, " win") and said(quiz, "Game over")
    assert all(not re.search(r"score \d", w) and not re.search(r"= \d+$", w) for w in words(quiz))
    assert said(quiz, "score ? (")
    assert not any(re.search(r"\b(leads|tied)\b", w) for w in words(quiz))


def test_GW23_counts_hide_hands_decks_tokens_the_pool_and_the_cards_of_a_kind():
    game = claim_position()
    plain, quiz = game.picture(), game.picture(hide="counts")
    assert said(plain, "hand 2 \u00b7 deck") and said(plain, "0 tokens face down") and said(plain, "Token pool: 32")
    assert said(quiz, "hand ? \u00b7 deck ?") and said(quiz, "? tokens face down") and said(quiz, "Token pool: ?")
    assert not said(quiz, "1Wt 1Wa") and not said(quiz, "2In") and said(quiz, "total 4 leads")
    end = finished()
    counted = end.picture(hide="counts")
    assert said(counted, "score ? tokens") is False and said(counted, "(? tokens)")
    assert not any(re.search(r"\d \+ \d", w) for w in words(counted)), "the values listed would count the tokens"


def test_marks_hide_targets_and_highlights_but_still_check_their_keys():
    game = claim_position()
    marked = game.picture(targets={"section 1": "claim here"}, highlight={"Red": "changed"})
    quiz = game.picture(targets={"section 1": "claim here"}, highlight={"Red": "changed"}, hide="marks")
    assert TARGET in marked and 'data-mark="changed"' in marked and said(marked, "~") and said(marked, "changed")
    assert TARGET not in quiz and "data-target" not in quiz and "data-mark" not in quiz and not said(quiz, "~")
    assert ET.fromstring(quiz).get("role") == "img" and not said(quiz, "can be chosen") and not said(quiz, "changed")
    assert quiz == game.picture(hide="marks")
    with pytest.raises(GreatWallError, match="section 7"):
        game.picture(highlight=["section 7"], hide="marks")


@pytest.mark.parametrize("hide,match", [("answers", "not 'answers'"), (["totals", "tokens"], "not 'tokens'"),
                                        (5, "not 5")])
def test_a_bad_part_to_hide_is_the_kits_error(hide, match):
    with pytest.raises(GreatWallError, match=match):
        claim_position().picture(hide=hide)


def test_everything_hidden_leaves_no_total_verdict_or_status_in_any_position_of_a_random_game():
    game, rng = GreatWallOfChina(players=3, seed=11), random.Random(11)
    seen = 0
    while not game.is_over:
        if len(game.history) % 7 == 0:
            quiz = " | ".join(words(game.picture(hide=list(QUIZ_PARTS))))
            assert not re.search(r"\b(leads|tied|must claim|to act|winner|wins?)\b|: -?\d|score \d", quiz), quiz
            seen += 1
        game.play(rng.choice(game.legal_moves()))
    assert seen > 5
