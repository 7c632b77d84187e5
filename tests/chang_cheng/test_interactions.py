"""Scenario tests for the trickiest interactions: several scorings in one placement, cards meeting
cards, neutral blocks that complete provinces, towers in tied regions, what views show mid-scoring."""

import random

from greatwall_kit import new_game
from greatwall_kit.chang_cheng import ChangCheng

from ..support import refused
from .conftest import game_at, play, position


def test_CC19_CC35_a_double_completing_two_provinces_scores_both_and_a_swap_reaches_the_waiting_one():
    # province 0 (squares 0-3): Green Green Blue + the double's left half; province 1 (4-8): the double's
    # right half, Blue Blue Green Red. Red's Mandarin lies in province 0.
    game = game_at(3, {0: "G", 1: "G", 2: "B", 5: "B", 6: "B", 7: "G", 8: "R"}, cards={"0": ["red mandarin"]})
    play(game, "double 3")
    assert game.points == [3, 0, 0]  # CC-10: two provinces, one region
    # province 0 is scored first and halts everything: its Mandarin is being resolved
    assert (game.decision, game.to_act, game.ctx, game.res["province"]) == ("card", 0, "mandarin", 0)
    assert not any(e.rule == "CC-22" for e in game.log)
    play(game, "swap 0 5")  # Green's block on 0 goes to province 1, Blue's on 5 comes to province 0
    first, second = game.evidence[-2:]
    assert (first.province, first.blocks[:3], first.winners, first.points) == (0, (1, 1, 2), (2,), 4)
    # province 1 was completed by the same double but not yet scored: it counts the swapped blocks
    assert (second.province, second.blocks[:3], second.winners, second.points) == (1, (2, 2, 1), (0, 1), 6)
    assert game.points == [3 + 6, 6, 4]
    swap = next(e.sentence for e in game.log if e.rule == "CC-35")
    assert "not scored again" not in swap
    assert game.emperor == 2 and game.to_act == 1


def test_CC29_a_warrior_alone_in_its_province_has_no_effect():
    game = game_at(3, {0: "G", 1: "B", 2: "R"}, cards={"0": ["green warrior"]})
    play(game, "single 3")
    assert game.decision == "second" and game.to_act == 0  # no decision: the Warrior found nothing
    assert any(e.rule == "CC-29" and "no effect" in e.sentence for e in game.log)
    assert game.evidence[-1].winners == (0,)


def test_CC29_CCV6_the_first_warrior_may_remove_the_second_when_nothing_cancels():
    game = game_at(3, {0: "G", 1: "B", 2: "R"}, cards={"0": ["green warrior", "blue warrior", "blue masterbuilder"]},
                   options={"same_priority": "resolve_all"})
    play(game, "single 3")
    # Red's turn, so seat order from Red: Green's Warrior resolves before Blue's
    assert (game.to_act, game.ctx) == (1, "warrior")
    assert sorted(map(str, game.legal_moves())) == ["cancel blue masterbuilder", "cancel blue warrior"]
    play(game, "cancel blue warrior")
    # Blue's Warrior is gone, so the Master Builder survives and wins Blue the province
    s = game.evidence[-1]
    assert s.virtual[2] == 2 and s.winners == (2,)


def test_CC24_CC29_two_warriors_cancel_each_other_and_protect_the_other_cards():
    game = game_at(3, {0: "G", 1: "B", 2: "R"}, cards={"0": ["green warrior", "blue warrior", "blue masterbuilder"]})
    play(game, "single 3")
    assert game.evidence[-1].winners == (2,) and game.evidence[-1].virtual[2] == 2


def test_CC43_a_tower_spares_only_its_owner_when_tied():
    # region 4 (squares 17-20): Red tower + Red, Green Green: Red and Green tie, Red's tower spares Red only
    wall = ["RG"[s % 2] for s in range(26)]
    wall[17:21] = ["RT", "R", "G", "G"]
    doc = position(2, emperor_cards=0, threat=[None, None, None, None, -4, None], points=[10, 10])
    game = ChangCheng.from_position({**doc, "wall": " ".join(wall)})
    attack = next(a for a in game.evidence if a.region == 4)
    assert attack.majority == (0, 1) and attack.protected == (0,) and attack.losers == (1,)
    assert game.points == [10, 6]
    assert [e.data["losers"] for e in game.log if e.rule == "CC-42"] == [[1]]


def test_CC30_CC44_a_counter_removed_by_a_traitor_during_play_costs_nothing_at_the_end():
    # Red completes province 0 with the last empty square of the wall; region 0 (squares 0-2) is Red's
    wall = ["RG"[s % 2] for s in range(26)]
    wall[0:4] = ["R", "R", "G", "."]
    doc = position(2, cards={"0": ["red traitor"]}, emperor_cards=0, threat=[-4, None, None, None, None, None])
    game = ChangCheng.from_position({**doc, "wall": " ".join(wall)})
    play(game, "card builder 0", "single 3")
    assert [str(m) for m in game.legal_moves() if m.verb == "remove"] == ["remove 0"]
    play(game, "remove 0", "builder value")
    assert game.is_over and game.threat[0] is None
    assert game.view(1)["public"]["regions"][0]["threat"] == "removed"
    attack = next(a for a in game.evidence if getattr(a, "region", None) == 0)
    assert attack.majority == (0,) and attack.losers == () and attack.loss == 0
    assert game.points == [4 + 2, 0]


def test_CC46_CC19_CC36_a_neutral_block_that_completes_a_province_is_scored_and_can_bring_a_board():
    done = {0: "G", 1: "G", 2: "R", 9: "R", 10: "G", 11: "R", 12: "G", 13: "G", 14: "R", 15: "R", 16: "G", 17: "R"}
    game = game_at(2, done, emperor_cards=2, reserve=["3A"], options={"neutral_blocks": True})
    play(game, "card flood 4", "single 18")
    assert game.decision == "neutral"
    play(game, "neutral 3")
    s = game.evidence[-1]
    assert s.province == 0 and s.blocks == (1, 2, 1) and s.winners == (1,)  # the neutral block counts, not scores
    assert game.emperor == 3 and (game.decision, game.to_act) == ("board", 0)
    play(game, "board right")
    assert game.wall.faces == ["1A", "2A", "3A"] and game.to_act == 1


def test_CC16_a_double_across_two_regions_offers_a_look_at_either():
    game = game_at(2)
    game.play("double 2")  # squares 2 (region 0) and 3 (region 1)
    assert [str(m) for m in game.legal_moves()] == ["nopeek", "peek 0", "peek 1"]
    game.play("peek 1")
    assert game.view(0)["private"]["known_threats"] == {"1": game.threat[1]}
    assert game.to_act == 1


def test_CC20_CC28_the_view_mid_scoring_shows_revealed_cards_and_hides_the_rest():
    game = game_at(3, {0: "G", 1: "B", 2: "R"}, cards={"0": ["blue flood", "green builder"], "4": ["blue mandarin"]})
    play(game, "single 3")
    public = game.view(0)["public"]
    assert public["scoring"]["resolving"] == ["blue", "flood"]
    assert public["scoring"]["queue"] == [["green", "builder"]]
    assert public["provinces"][4]["cards"] == ["blue"] and "mandarin" not in str(public)
    assert game.view(2)["private"]["placed_cards"] == {"mandarin": 4}


def test_CC13_a_neutral_block_may_use_a_lapsed_reservation_and_the_refusal_names_the_right_rule():
    # Red's tower on 5 reserved square 6; Red has no single left, so the reservation has lapsed
    marks = {s: "R" for s in range(14, 26) if s not in (20, 21)}
    marks.update({0: "R", 1: "R", 9: "R", 10: "R", 5: "RT", 6: ".r"})
    game = game_at(2, marks, to_move="green", options={"neutral_blocks": True})
    assert game.singles[0] == 0
    play(game, "single 2", "single 7")  # two singles: the neutral goes into province 0 or 1
    assert "neutral 6" in game.legal_moves()
    game = game_at(2, marks, to_move="green", options={"neutral_blocks": True})
    play(game, "single 2", "single 11")  # now provinces 0 and 2: square 6 (province 1) is out for CC-47
    err = refused(game, "neutral 6", "CC-47")
    assert "province 1" in err.reason


def test_CC40_CC36_a_wall_filled_by_the_third_emperor_card_grows_and_play_goes_on():
    wall = ["RG"[s % 2] for s in range(26)]
    wall[0:4] = ["G", "G", "R", "."]
    doc = position(2, emperor_cards=2, reserve=["3A"])
    game = ChangCheng.from_position({**doc, "wall": " ".join(wall)})
    play(game, "card flood 0", "single 3", "flood plus")
    assert game.n_empty == 0 and game.emperor == 3
    assert not game.is_over and (game.decision, game.to_act) == ("board", 0)
    play(game, "board right")
    assert game.n_empty == 13 and not game.is_over and game.to_act == 1


def test_CC19_a_double_across_a_board_joined_at_the_left_scores_the_left_province_first():
    # Found by random search (seed 1176, 2 players): a board joined at the left end numbers its provinces
    # after those to its right, so a double across the joint completes province 8 (left) and province 0.
    # The scorings once ran in number order (0 first); CC-19 scores left to right.
    game, rng = new_game("chang_cheng", players=2, seed=1176), random.Random(1176)
    while True:
        seen = len(game.log)
        game.play(rng.choice(game.legal_moves()))
        scored = [dict(e.data)["province"] for e in game.log[seen:] if e.rule == "CC-19"]
        if len(scored) == 2:
            break
    starts = [game.wall.order.index(game.wall.province_squares[pr][0]) for pr in scored]
    assert sorted(scored) == [0, 8] and starts == sorted(starts)
