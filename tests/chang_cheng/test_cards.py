"""The action cards: revealing, cancelling, priority order, the owners' choices, each card's effect."""

import pytest

from greatwall_kit.chang_cheng import cards as cardlib
from greatwall_kit.chang_cheng.scoring import score_province

from ..support import refused
from .conftest import game_at, play

# Province 0 is squares 0-3 (reputation 0 in these positions); Red completes it with 'single 3'.
NEAR = {0: "G", 1: "B", 2: "R"}


def completing(players=3, cards=(), near=NEAR, **extra):
    game = game_at(players, near, cards={"0": list(cards)}, **extra)
    play(game, "single 3")
    return game


def test_CC24_same_priority_cards_cancel():
    game = completing(cards=["red flood", "green flood", "blue builder"])
    assert [e.rule for e in game.log if e.rule == "CC-24"] == ["CC-24"]
    assert (game.decision, game.to_act, game.ctx) == ("card", 2, "builder")
    play(game, "builder value")
    assert game.evidence[-1].modifier == 2


def test_CCV6_same_priority_cards_all_resolve_in_seat_order():
    game = completing(cards=["green flood", "red flood"], options={"same_priority": "resolve_all"})
    assert (game.to_act, game.ctx) == (0, "flood")  # Red's turn: Red's flood first
    play(game, "flood plus")
    assert (game.to_act, game.ctx) == (1, "flood")
    play(game, "flood plus")
    assert game.evidence[-1].modifier == 4
    told = [str(s) for s in game.resolutions()[-1].steps if s.rule in ("CC-24", "CC-V6")]
    assert told == ["Cards of the same priority do not cancel (the review's rules): Green Flood (3), Red Flood (3) "
                    "resolve in seat order from the player whose turn it is. [CC-V6]"]


def test_CC25_remaining_cards_resolve_in_ascending_priority():
    r = cardlib.reveal([(0, "mandarin"), (1, "builder"), (2, "traitor"), (0, "masterbuilder")], players=3, first=0)
    assert [k for _, k in r.order] == ["traitor", "builder", "masterbuilder", "mandarin"]
    game = completing(cards=["red mandarin", "green builder", "blue traitor"])
    seen = []
    while game.decision == "card":
        seen.append(game.ctx)
        play(game, game.legal_moves()[0])
    assert seen == ["traitor", "builder", "mandarin"]


def test_CC26_the_cards_owner_chooses_when_it_is_revealed():
    game = completing(cards=["blue flood"])
    assert game.to_act == 2 and game.current == 0
    assert [str(m) for m in game.legal_moves()] == ["flood plus", "flood minus"]
    refused(game, "builder value", "CC-26")
    refused(game, "single 5", "KIT-02")


def test_CC27_used_cards_leave_the_game():
    game = completing(cards=["blue flood", "green builder"])
    play(game, "flood plus", "builder block")
    assert game.cards_in[0] == [] and (2, "flood") not in game.card_at
    assert "flood" not in game.hand[2] and "builder" not in game.hand[1]
    assert any(e.rule == "CC-27" for e in game.log)


def test_CC28_a_player_sees_where_their_own_cards_lie():
    game = game_at(2)
    play(game, "card flood 2", "card mandarin 4")
    assert game.view(0)["private"]["placed_cards"] == {"flood": 2, "mandarin": 4}
    assert game.view(1)["private"]["placed_cards"] == {}
    assert game.view(1)["public"]["provinces"][2]["cards"] == ["red"]
    assert "flood" not in str(game.view(1)["public"])


def test_CC29_warrior_must_remove_another_card_of_the_province_even_its_owners():
    game = completing(cards=["green warrior", "green flood", "blue builder"])
    assert game.to_act == 1 and game.ctx == "warrior"
    assert sorted(str(m) for m in game.legal_moves()) == ["cancel blue builder", "cancel green flood"]
    refused(game, "cancel red flood", "CC-29")
    play(game, "cancel green flood")
    assert (game.to_act, game.ctx) == (2, "builder")


def test_CCV3_warrior_removes_a_face_down_card_of_another_province():
    game = game_at(3, NEAR, cards={"0": ["green warrior"], "4": ["blue flood", "blue mandarin"], "5": ["red traitor"]},
                   options={"warrior": "other_province"})
    play(game, "single 3")
    assert sorted(str(m) for m in game.legal_moves()) == ["discard blue 4", "discard red 5"]
    play(game, "discard blue 4")
    assert len(game.cards_in[4]) == 1 and game.cards_in[4][0][0] == 2
    assert any(e.rule == "CC-V3" for e in game.log)


def test_CC30_traitor_removes_a_bordering_threat_counter():
    game = completing(cards=["green traitor"])
    assert {str(m) for m in game.legal_moves() if m.verb == "remove"} == {"remove 0", "remove 1"}
    refused(game, "remove 4", "CC-30")
    play(game, "remove 1")
    assert game.threat[1] is None
    assert game.view(None)["public"]["regions"][1]["threat"] == "removed"


def test_CC31_CC11_broken_walls_count_for_nothing_and_doubles_cannot_break():
    game = completing(cards=["green traitor"], near={0: "RD", 1: "RD", 2: "G"})
    refused(game, "break 0", "CC-11")  # (the double's own rule says it cannot be broken)
    play(game, "break 3")
    s = game.evidence[-1]
    assert game.broken[3] and s.counted == 3 and s.blocks[:2] == (2, 1)


@pytest.mark.parametrize("effect,delta", [("plus", 2), ("minus", -2)])
def test_CC32_flood_plus_or_minus_two(effect, delta):
    game = completing(cards=["blue flood"], reputation=[3, 0, 1, 2, 4, 0])
    play(game, f"flood {effect}")
    assert game.evidence[-1].value == 4 + 3 + delta


def test_CC33_builder_value_or_virtual_block():
    game = completing(cards=["green builder"], reputation=[1, 0, 2, 3, 4, 0])
    play(game, "builder value")
    assert game.evidence[-1].value == 4 + 2 + 1 and game.evidence[-1].winners == (0,)
    game = completing(cards=["green builder"], reputation=[1, 0, 2, 3, 4, 0])
    play(game, "builder block")
    s = game.evidence[-1]
    assert s.value == 5 and s.totals[:3] == (2, 2, 1) and s.winners == (0, 1)


def test_CC34_master_builder_two_virtual_blocks():
    game = completing(cards=["blue masterbuilder"])
    s = game.evidence[-1]
    assert s.virtual[2] == 2 and s.totals[:3] == (2, 1, 3) and s.winners == (2,) and s.value == 4


def test_CC35_mandarin_swaps_and_an_already_scored_province_is_not_rescored():
    # province 1 (squares 4-8) was completed and scored earlier: Green 4 5 6, Red 7 8
    near = {**NEAR, 4: "G", 5: "G", 6: "G", 7: "R", 8: "R"}
    game = completing(cards=["red mandarin"], near=near, points=[0, 9, 0], emperor_cards=1)
    assert all(game.wall.province_of[m.square] == 0 for m in game.legal_moves())
    refused(game, "swap 5 4", "CC-35")
    play(game, "swap 3 4")
    assert game.occ[3] == 1 and game.occ[4] == 0
    # province 0 is now Green, Blue, Red, Green: Green scores 4; province 1 keeps its old result
    assert game.points == [0, 9 + 4, 0]
    assert [e.province for e in game.evidence] == [0]
    assert "not scored again" in next(e.sentence for e in game.log if e.rule == "CC-35")


def test_CCV4_mandarin_swaps_any_two_single_blocks():
    game = completing(cards=["red mandarin"], near={**NEAR, 5: "G", 14: "B"}, options={"mandarin": "any_two"})
    play(game, "swap 5 14")
    assert game.occ[5] == 2 and game.occ[14] == 1


def test_CC23_emperor_card_on_each_completed_province():
    game = completing(cards=[])
    assert game.emperor == 1 and game.emperor_on == [0]
    assert game.view(None)["public"]["provinces"][0]["reputation"] == game.reputation[0]


def test_CC21_value_below_zero_scores_nothing():
    game = completing(4, cards=["red flood", "green flood", "blue flood", "violet flood"],
                      options={"same_priority": "resolve_all"})
    for _ in range(4):
        play(game, "flood minus")
    s = game.evidence[-1]
    assert s.value == 4 - 8 and s.points == 0 and game.points == [0, 0, 0, 0]


def test_CC22_neutral_majority_scores_nobody_and_ties_with_it_score():
    game = game_at(2, {0: "N", 1: "N", 2: "R"}, options={"neutral_blocks": True})
    play(game, "single 3")
    assert game.evidence[-1].majority == (0, 2) and game.evidence[-1].winners == (0,)
    game = game_at(2, {0: "N", 1: "N", 2: "G"}, options={"neutral_blocks": True})
    play(game, "single 3")
    assert game.evidence[-1].majority == (2,) and game.evidence[-1].winners == () and game.points == [0, 0]
    nobody = score_province(0, blocks=(0, 0, 0), virtual=(0, 0, 0), modifier=0, reputation=4)
    assert nobody.winners == () and nobody.majority == ()


def test_CC22_CC31_province_whose_blocks_are_all_broken_scores_nobody():
    game = game_at(4, NEAR, cards={"0": ["red traitor", "green traitor", "blue traitor", "violet traitor"]},
                   options={"same_priority": "resolve_all"}, reputation=[4, 0, 1, 2, 3, 0])
    play(game, "single 3")
    for square in (0, 1, 2, 3):
        assert game.ctx == "traitor"
        play(game, f"break {square}")
    s = game.evidence[-1]
    assert s.counted == 0 and s.majority == () and s.winners == () and s.value == 4
    assert game.points == [0, 0, 0, 0]


def test_CC35_mandarin_may_swap_a_neutral_block():
    game = game_at(2, {0: "N", 1: "G", 2: "G", 9: "R"}, cards={"0": ["red mandarin"]},
                   options={"neutral_blocks": True})
    play(game, "single 3")
    assert "swap 0 9" in game.legal_moves()
    play(game, "swap 1 9")
    s = game.evidence[-1]
    assert game.occ[1] == 0 and game.occ[9] == 1 and s.winners == (0,)


def test_CC30_CC31_CC35_CC11_CC14_refused_breaks_and_swaps_say_what_is_on_the_square():
    # two Traitors both resolve (CC-V6), so the second meets the block the first broke: a broken
    # block only ever stands in a province being or already scored (a position refuses it elsewhere)
    game = game_at(3, {0: "GD", 1: "GD", 2: "R", 5: "B", 6: "BT", 9: "G"},
                   cards={"0": ["green traitor", "blue traitor", "red mandarin"]},
                   options={"same_priority": "resolve_all"})
    play(game, "single 3", "break 2")
    assert "double" in refused(game, "break 0", "CC-11").reason  # (the double's own rule)
    assert "broken wall" in refused(game, "break 2", "CC-31").reason
    assert "province 1" in refused(game, "break 5", "CC-30").reason
    play(game, "remove 0")
    assert sorted(map(str, game.legal_moves())) == ["swap 3 5", "swap 3 9"]
    assert "itself" in refused(game, "swap 3 3", "CC-35").reason
    assert "tower" in refused(game, "swap 3 6", "CC-14").reason  # (the tower's own rule)
    assert "'swap 3 5'" in refused(game, "swap 5 3", "CC-35").reason
    play(game, "swap 3 9")
    assert game.occ[3] == 1 and game.occ[9] == 0
