"""The end: the last round, its scoring checks, the pool running out, the winner (GW-20 to GW-23)."""

import pytest

from greatwall_kit.great_wall_of_china import Claim, Draw, Play

from ..support import refused
from .gwoc_support import FULL_TOKENS, box_except, position, token_count

QUIET = {"pair": [2, 8], "cards": []}


def last_card_game(players=2, **options):
    sections = [{"pair": [5, 3], "cards": []}, QUIET, {"pair": [1, 4], "cards": []}][:{2: 2, 3: 3}[players]]
    return position(sections, players=players, hands={"Red": ["wall"]}, decks={"Red": []}, options=options)


def test_GW20_playing_the_last_card_announces_the_last_round():
    game = last_card_game(players=3)
    game.play(Play(1, "wall", 1))
    assert game.declarer == 0 and any(e.rule == "GW-20" for e in game.log)
    assert game.view()["public"]["last_round_by"] == "Red"
    # Red has nothing left to do this turn; Yellow and Green each take one more turn with actions
    assert game.to_act == 1 and game.phase == "act"
    game.play(Draw()), game.play(Draw())
    assert game.to_act == 2 and game.phase == "act"
    game.play(Draw()), game.play(Draw())
    assert game.final, "back at Red: scoring checks only"
    assert game.to_act == 0 and game.phase == "claim"


def test_GW20_a_player_out_of_cards_skips_their_actions():
    game = last_card_game()
    game.play(Play(2, "wall", 1))
    game.play(Draw())
    assert game.to_act == 1
    game.play(Draw())
    assert game.to_act == 0 and game.final


def test_GW20_a_position_with_an_empty_player_must_name_the_announcer():
    from greatwall_kit.engine import PositionError
    with pytest.raises(PositionError) as err:
        position([{"pair": [5, 3], "cards": []}, QUIET], hands={"Red": []}, decks={"Red": []})
    assert err.value.rule == "GW-20"


@pytest.mark.parametrize("final_scoring,red_points", [("until_quiet", 8), ("one_round", 0)])
def test_GW21_scoring_checks_go_on_after_the_last_cards(final_scoring, red_points):
    game = last_card_game(final_scoring=final_scoring)
    game.play(Play(1, "wall", 1))
    game.play(Draw()), game.play(Draw())
    # Red is alone in section 1: the first claim is a decision; no card may be played any more
    assert set(game.legal_moves()) == {Claim(1, 3, 1), Claim(1, 5, 1)}
    refused(game, Play(2, "wall", 1), "GW-21")
    game.play(Claim(1, 3, 1))
    if final_scoring == "until_quiet":
        # Yellow's check: nothing; Red's next check: the second token, even at 1 - 3 = -2 (GW-15);
        # then a whole round without a claim ends the game
        assert game.is_over and sorted(game.tokens[0]) == [3, 5]
    else:
        # one scoring-only turn each: Red's token still lies on its card and counts for nothing
        assert game.is_over and game.tokens[0] == [] and game.sections[0].cards[0].token == 3
    assert game.scores()[0] == red_points
    assert game.end_reason == "last_round" and "GW-21" in game.result.reason
    assert token_count(game) == FULL_TOKENS


def test_GW22_the_game_ends_at_once_when_no_new_pair_can_be_laid():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2, 8], "cards": ["Red gate"]}],
                    pool=[], box=box_except(3, 5, 2, 8))
    assert game.is_over and game.to_act is None and game.end_reason == "pool"
    assert sorted(game.tokens[0]) == [3, 5]
    assert game.sections[1].pair == [2, 8] and game.sections[1].cards[0].token is None, \
        "no further scoring: section 2 is not checked"
    assert "GW-22" in game.result.reason and len(game.legal_moves()) == 0
    assert token_count(game) == FULL_TOKENS
    refused(game, Draw(), "KIT-01")
    refused(game, Claim(2, 8, 1), "KIT-01")


@pytest.mark.parametrize("pool_runs_out,over", [("no_new_pair", False), ("last_pair_drawn", True)])
def test_GW22_the_last_pair_drawn_variant(pool_runs_out, over):
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2, 8], "cards": []}],
                    pool=[4, 7], box=box_except(3, 5, 2, 8, 4, 7), options={"pool_runs_out": pool_runs_out})
    assert game.sections[0].pair == [4, 7] and game.pool == []
    assert game.is_over == over


def test_GW23_only_face_down_tokens_count_and_the_highest_total_wins():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2], "cards": ["Yellow gate [8]"]}],
                    pool=[], tokens={"Red": [4], "Yellow": [7, 1]}, box=box_except(3, 5, 2, 8, 4, 7, 1))
    # Red wins section 1 (3 + 5); Yellow's 8 still lies on a card and counts for nothing
    assert game.is_over and game.scores() == (12, 8) and game.winners() == (0,)
    assert game.view(1)["private"] == {"hand": game.view(1)["private"]["hand"], "tokens": [1, 7], "points": 8}
    assert game.view()["public"]["players"][1]["face_down_tokens"] == 2


def test_GW23_tied_totals_share_the_win():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, QUIET], pool=[],
                    tokens={"Yellow": [8]}, box=box_except(3, 5, 2, 8, 8))
    assert game.scores() == (8, 8) and game.winners() == (0, 1)
