"""The position after every rule step (``step.after``, made by ``_apply_step`` from the step's change): a first claim
lays its token on the card, a second claim moves both tokens face down, discards the cards and lays the new pair (or
boxes an equal one), the end turns every player's tokens face up and names the winner; a change that does not fit
the board is refused with the kit's error and changes nothing."""

import random
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.graphs import changed_elements
from greatwall_kit.great_wall_of_china import Claim, new_game

from .gwoc_support import box_except, position
from .test_gwoc_end import QUIET

NS = "{http://www.w3.org/2000/svg}"
SECOND = {"pair": [2, 8], "cards": []}
#: Where every card and token lies (the snapshot without the turn's bookkeeping: phase, actions, checks).
LIES = ("decks", "hands", "tokens", "discarded", "pool", "box", "sections", "declarer", "final", "end_reason")


def lies(game):
    state = game.snapshot()["state"]
    return {key: state[key] for key in LIES}


def texts(game, key):
    svg = ET.fromstring(game.picture())
    group = next(g for g in svg.iter(NS + "g") if g.get("data-element") == key)
    return [t.text for t in group.iter(NS + "text")]


def changing(resolved):
    """``[(step, position before it, position after it)]`` for the steps that have a change."""
    out, before = [], resolved.before
    for i, step in enumerate(resolved.steps):
        after = resolved.after(i)
        if step.change:
            out.append((step, before, after))
        else:
            assert after is before, f"{step} changes nothing, so its position is the one before it"
        before = after
    return out


def test_GW11_GW14_a_first_claim_lays_the_token_on_the_card_and_its_value_comes_off_the_total():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow gate", "Red wall"]}, SECOND])
    game.play(Claim(1, 5, 1))
    resolved = game.resolutions()[0]
    (step, before, after), = changing(resolved)
    assert step.rule == "GW-11" and dict(step.change) == {"lay": {"section": "section 1", "token": 5, "card": 1}}
    assert before.sections[0].pair == [5, 3] and before.sections[0].totals() == (3, 2)
    assert after.sections[0].pair == [3] and after.sections[0].cards[0].token == 5
    assert after.sections[0].totals() == (-2, 2) and after.tokens == [[], []]
    assert changed_elements(before.picture(), after.picture()) == {"section 1"}
    assert lies(after) == lies(game.position_at(event=resolved.end))


def test_GW12_GW05_GW06_a_second_claim_moves_both_tokens_face_down_discards_and_lays_a_new_pair_after_a_boxed_one():
    game = position([{"pair": [3], "cards": ["Red gate [5]", "Yellow watchtower", "Yellow wall"]}, SECOND],
                    to_act="Yellow", pool=[7, 7, 4, 3], box=box_except(3, 5, 2, 8, 7, 7, 4, 3))
    resolved = game.resolutions()[0]
    take, lift, discard, box, pair = changing(resolved)
    assert [s.rule for s, _, _ in (take, lift, discard, box, pair)] == ["GW-12", "GW-12", "GW-12", "GW-06", "GW-05"]
    _step, before, after = take
    assert (before.sections[0].pair, after.sections[0].pair, after.tokens) == ([3], [], [[], [3]])
    assert "1 token face down" in texts(after, "Yellow") and "no tokens" in texts(after, "section 1")
    _step, before, after = lift
    assert before.sections[0].cards[0].token == 5 and after.sections[0].cards[0].token is None
    assert after.tokens == [[5], [3]] and after.sections[0].totals() == (2, 4)
    _step, before, after = discard
    assert len(before.sections[0].cards) == 3 and after.sections[0].cards == []
    assert after.discarded[1]["watchtower"] == before.discarded[1]["watchtower"] + 1
    _step, before, after = box
    assert after.box == before.box + [7, 7] and len(after.pool) == len(before.pool) - 2
    assert changed_elements(before.picture(), after.picture()) == set(), "the box is drawn above the board only"
    _step, before, after = pair
    assert (after.sections[0].pair, after.pool) == ([4, 3], [])
    assert lies(after) == lies(game.position_at(event=resolved.end))
    assert game.log[resolved.end].rule == "GW-05"


def test_GW22_a_second_claim_with_no_pair_left_leaves_the_section_empty():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2], "cards": ["Yellow gate [8]"]}],
                    pool=[], tokens={"Red": [4], "Yellow": [7, 1]}, box=box_except(3, 5, 2, 8, 4, 7, 1))
    claim = game.resolutions()[0]
    assert str(claim.steps[-1]) == "No pair is left in the pool for section 1: it stays empty. [GW-22]"
    assert not claim.steps[-1].change and claim.after(-1).sections[0].pair == []
    assert lies(claim.after(-1)) == lies(game.position_at(event=claim.end))


def test_GW20_to_GW23_the_end_turns_each_players_tokens_face_up_then_names_the_winner():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2], "cards": ["Yellow gate [8]"]}],
                    pool=[], tokens={"Red": [4], "Yellow": [7, 1]}, box=box_except(3, 5, 2, 8, 4, 7, 1))
    end = game.resolutions()[-1]
    assert end.start == end.end - 1 and not end.before.is_over
    assert "to act" in texts(end.before, "Red") and "3 tokens face down" in texts(end.before, "Red")
    ended, red, yellow, winner = changing(end)
    _step, before, after = ended
    assert after.is_over and "to act" not in texts(after, "Red") and "3 tokens face down" in texts(after, "Red")
    assert changed_elements(before.picture(), after.picture()) == {"Red"}
    _step, before, after = red
    assert "score 12 (3 tokens)" in texts(after, "Red") and "2 tokens face down" in texts(after, "Yellow")
    assert after.graph().nodes["Red"]["score"] == 12 and "score" not in after.graph().nodes["Yellow"]
    _step, before, after = yellow
    assert "score 8 (2 tokens)" in texts(after, "Yellow") and "winner" not in texts(after, "Red")
    _step, before, after = winner
    assert "winner" in texts(after, "Red") and after.graph().nodes["Red"]["winner"]
    assert after.picture() == game.position_at(event=end.end).picture()


def test_GW10_GW11_a_claim_still_to_choose_changes_nothing():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow gate", "Red wall"]}, QUIET])
    resolved = game.resolutions()[-1]
    assert changing(resolved) == [] and resolved.after(-1).picture() == game.picture()


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5), (5, 6)])
def test_GW04_the_last_step_leaves_every_card_and_token_where_the_engine_put_them(players, seed):
    game = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    for resolved in game.resolutions():
        assert lies(resolved.before) == lies(game.position_at(event=resolved.start)), resolved.title
        assert lies(resolved.after(-1)) == lies(game.position_at(event=resolved.end)), resolved.title


BAD = [
    ({"lay": {"section": "section 9", "token": 5, "card": 1}}, "no board element 'section 9'"),
    ({"lay": {"section": "section 1", "token": 4, "card": 1}}, "no 4 token"),
    ({"lay": {"section": "section 1", "token": 5, "card": 7}}, "no card 7"),
    ({"take": {"section": "section 1", "token": 3, "player": "Purple"}}, "no board element 'Purple'"),
    ({"lift": {"section": "section 1", "card": 1, "token": 5, "player": "Red"}}, "carries no 5 token"),
    ({"pair": {"section": "section 2", "tokens": [4, 7]}}, "still holds tokens"),
    ({"box": {"section": "section 1", "tokens": [4, 7]}}, "only an equal pair"),
    ({"reveal": {"player": "Red"}}, "once the game is over"),
    ({"end": {"reason": "boredom"}}, "not 'boredom'"),
    ({"winners": {"players": []}}, "list of player names"),
    ({"lay": {"section": "section 1"}}, "names section, token, card"),
    ({"flood": {"section": "section 1"}}, "unknown change 'flood'"),
    ({"lay": {}, "take": {}}, "one of"),
    ("lay 1 5 1", "one of"),
]


@pytest.mark.parametrize("change,match", BAD)
def test_GW11_a_change_that_does_not_fit_the_board_is_refused_and_changes_nothing(change, match):
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow gate", "Red wall"]}, SECOND])
    copy = game.copy().looking_only()
    before, picture = lies(copy), copy.picture()
    with pytest.raises(GreatWallError, match=match):
        copy._apply_step(change)
    assert lies(copy) == before and copy.picture() == picture and copy._turned_up is None


def test_GW11_what_if_another_claim_is_one_sentence_facet_by_facet():
    from greatwall_kit.engine.steps import difference

    doc = [{"pair": [5, 3], "cards": ["Red gate", "Yellow gate", "Red wall"]}, SECOND]
    actual, other = position(doc), position(doc)
    actual.play(Claim(1, 5, 1)), other.play(Claim(1, 3, 3))
    assert difference(actual.resolutions()[0], other.resolutions()[0]) == (
        "the token claimed is the 3 token instead of the 5 token; it goes face up on their Wall (card 3) instead of "
        "face up on their Gate (card 1)")
    assert difference(actual.resolutions()[0], actual.resolutions()[0]).startswith("the same outcome: the claimant "
                                                                                   "is Red")


def test_GW23_the_ends_summary_names_why_the_scores_and_the_winner():
    from greatwall_kit.engine.steps import summary_of

    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, QUIET], pool=[],
                    tokens={"Yellow": [8]}, box=box_except(3, 5, 2, 8, 8))
    assert summary_of(game.resolutions()[-1].evidence) == {
        "the game ends because {}": "the token pool ran out", "the scores are {}": "Red 8, Yellow 8",
        "the winner is {}": "Red and Yellow (a tie)"}
