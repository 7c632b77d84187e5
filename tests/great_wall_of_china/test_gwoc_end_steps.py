"""The end of the game as steps (GW-20 to GW-23), on the positions of the end tests and on random games: why it
ended, where every token lies, each player's face-down tokens added up, and the winner."""

from collections import Counter

import pytest

from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.great_wall_of_china import Claim, Draw, GreatWallOfChina, Play
from greatwall_kit.great_wall_of_china.evidence import GameEnd

from .gwoc_support import FULL_TOKENS, box_except, position
from .test_gwoc_end import QUIET, last_card_game


def end_of(game):
    record = game.resolutions()[-1]
    assert isinstance(record.evidence, GameEnd) and record.event == len(game.log) - 1
    return record


def texts(record):
    return [str(s) for s in record.steps]


def test_GW22_GW23_no_pair_for_a_won_section_ends_the_game_and_a_token_on_a_card_counts_for_no_one():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2], "cards": ["Yellow gate [8]"]}],
                    pool=[], tokens={"Red": [4], "Yellow": [7, 1]}, box=box_except(3, 5, 2, 8, 4, 7, 1))
    record = end_of(game)
    assert record.title == "The game ends: the token pool ran out"
    assert texts(record) == [
        "Section 1 was won, but the pool held 0 tokens, no pair for it: the game ended at once, with no further "
        "turns and no further scoring. [GW-22]",
        "Where the 36 tokens lie: 5 face down in front of the players, 1 face up on cards, 1 beside sections, 0 in "
        "the pool, 29 in the box. [GW-23]",
        "Only face-down tokens count: Yellow's 8 on a card of section 2; 2 beside section 2 count for no one. [GW-23]",
        "Red's face-down tokens are turned face up: 4 + 3 + 5 = 12. [GW-23]",
        "Yellow's face-down tokens are turned face up: 7 + 1 = 8. [GW-23]",
        "Red has the highest total, 12 (Yellow 8), and wins. [GW-23]"]
    assert record.steps[0].touches == {"section 1": "focus", "Red": "changed"}
    assert record.steps[2].numbers["not_counted"] == 10
    assert [s.numbers["total"] for s in record.steps if "total" in s.numbers] == list(game.scores())


def test_GW22_the_last_pair_drawn_reading_ends_when_the_pool_is_empty():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2, 8], "cards": []}],
                    pool=[4, 7], box=box_except(3, 5, 2, 8, 4, 7), options={"pool_runs_out": "last_pair_drawn"})
    first = end_of(game).steps[0]
    assert str(first) == ("The last pair was drawn and the pool is empty: the game ended at once, with no further "
                          "turns and no further scoring. [GW-22]")
    assert first.numbers["pool"] == 0


@pytest.mark.parametrize("final_scoring,turns,red", [
    # Red claims (turn 1), Yellow nothing (2), Red the second token (3), then a quiet round: Yellow (4), Red (5)
    ("until_quiet", 5, "Red's face-down tokens are turned face up: 5 + 3 = 8. [GW-23]"),
    # one scoring-only turn each: Red's first claim, Yellow's check; the 3 stays on Red's card
    ("one_round", 2, "Red has no face-down token: 0. [GW-23]"),
])
def test_GW20_GW21_the_last_round_steps_name_the_announcer_and_count_the_scoring_only_turns(final_scoring, turns, red):
    game = last_card_game(final_scoring=final_scoring)
    game.play(Play(1, "wall", 1))
    game.play(Draw()), game.play(Draw())
    game.play(Claim(1, 3, 1))
    steps = end_of(game).steps
    assert str(steps[0]) == ("Red played every card of deck and hand and announced the last round: everyone else "
                             "took one more turn. [GW-20]")
    assert steps[1].rule == "GW-21" and steps[1].numbers["final_turns"] == turns == game.final_turns
    assert red in texts(end_of(game))


def test_GW23_a_tie_is_shared():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, QUIET], pool=[],
                    tokens={"Yellow": [8]}, box=box_except(3, 5, 2, 8, 8))
    last = end_of(game).steps[-1]
    assert str(last) == "Red and Yellow tie with 8: the rules name no tie-break, so they share the win. [GW-23]"
    assert last.numbers["winners"] == (0, 1) == game.winners()
    assert last.touches == {"Red": "changed", "Yellow": "changed"}


def test_GW23_no_end_resolution_while_the_game_goes_on():
    game = GreatWallOfChina(players=2, seed=1)
    assert not any(isinstance(r.evidence, GameEnd) for r in game.resolutions())


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 3, {}), (5, 2, {}), (2, 5, {"pool_runs_out": "last_pair_drawn"}),
    (4, 7, {"final_scoring": "one_round"}), (3, 9, {"infantry": "per_section"}),
])
def test_GW04_GW20_to_GW23_end_steps_account_for_every_token_and_give_the_engines_result(players, seed, options):
    game = GreatWallOfChina(players, seed, **options)
    play_randomly(game, seed)
    record = end_of(game)
    steps = record.steps
    where = next(s for s in steps if "face_down" in s.numbers).numbers
    assert sum(where.values()) == sum(FULL_TOKENS.values()) == 36
    end = record.evidence  # and value by value: every token of GW-04 is somewhere
    found = Counter(end.pool) + Counter(end.box) + Counter(t for _, t, _ in end.on_cards)
    found += Counter(t for _, pair in end.pairs for t in pair) + Counter(t for mine in end.tokens for t in mine)
    assert found == FULL_TOKENS
    totals = [s.numbers["total"] for s in steps if "total" in s.numbers]
    assert tuple(totals) == game.scores() and where["face_down"] == sum(s.numbers["tokens"] for s in steps
                                                                        if "tokens" in s.numbers)
    winner = steps[-1].numbers
    assert (winner.get("winners") or (winner["winner"],)) == game.winners()
    assert steps[0].rule == ("GW-20" if game.declarer is not None else "GW-22")
    assert ("GW-22" in {s.rule for s in steps}) == (game.end_reason == "pool")


def test_GW10_GW11_a_first_claim_still_to_choose_is_listed_with_the_check_and_the_choice():
    from greatwall_kit.great_wall_of_china.evidence import ClaimToChoose, SectionClaim

    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow gate", "Red wall"]}, QUIET])
    assert game.phase == "claim"
    record = game.resolutions()[-1]
    assert record.title == "Red must claim a token of section 1" and isinstance(record.evidence, ClaimToChoose)
    assert [str(s) for s in record.steps[-3:]] == [
        "Totals: Red 3, Yellow 2. [GW-10]",
        "Red's 3 is strictly more than everyone else's (Yellow 2): Red must claim a token. [GW-10]",
        "Both tokens lie here (5 and 3): Red chooses one and the card to lay it on face up, cards 1, 3 "
        "(4 choices). [GW-11]"]
    game.play(Claim(1, 5, 1))
    done = game.resolutions()
    assert [r.title for r in done] == ["Red claims the 5 token of section 1"]
    assert isinstance(done[0].evidence, SectionClaim) and done[0].steps[:-1] == record.steps[:-1]
