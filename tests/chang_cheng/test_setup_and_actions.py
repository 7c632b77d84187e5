"""Set-up (CC-01..04), the five actions and their placement rules (CC-05..17), partial actions (CC-41)."""

import networkx as nx
import pytest

from greatwall_kit.chang_cheng import ChangCheng, Options, new_game
from greatwall_kit.chang_cheng.board import load_layout
from greatwall_kit.engine import NotationError, PositionError, SetupError

from ..support import refused
from .conftest import game_at, play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_CC01_two_boards_joined_into_one_wall(players):
    game = new_game(players=players, seed=players)
    boards = {load_layout().face(f).board for f in game.wall.faces}
    assert len(game.wall.faces) == 2 and len(boards) == 2
    g = game.graph()
    squares = [n for n, d in g.nodes(data=True) if d["kind"] == "square"]
    wall = g.edge_subgraph((a, b) for a, b, d in g.edges(data=True) if d["kind"] == "wall")
    assert len(squares) == 26 and nx.is_connected(wall)
    assert [wall.degree(n) for n in (f"s{game.wall.order[0]}", f"s{game.wall.order[-1]}")] == [1, 1]


def test_CC02_counters_reputation_face_up_threat_face_down():
    game = new_game(players=3, seed=5)
    assert len(game.reputation) == 6 and all(0 <= v <= 4 for v in game.reputation)
    assert len(game.threat) == 6 and all(-4 <= v <= -2 for v in game.threat)
    public = game.view(0)["public"]
    assert [p["reputation"] for p in public["provinces"]] == game.reputation
    assert all(r["threat"] == "hidden" for r in public["regions"])
    assert len(game.rep_pool) == 9 and len(game.threat_pool) == 9
    assert sorted(game.rep_pool + game.reputation) == sorted(load_layout().reputation_counters)


def test_CC03_each_player_starts_with_the_same_pieces_and_zero_points():
    game = new_game(players=4)
    assert game.singles == [14] * 4 and game.doubles == [1] * 4 and game.towers == [1] * 4
    assert game.hand == [["warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin"]] * 4
    assert game.scores() == (0, 0, 0, 0)
    with pytest.raises(PositionError) as err:
        game_at(2, {0: "RT", 5: "RT"})
    assert err.value.rule == "CC-03"


def test_CC04_two_to_four_players_first_player_then_clockwise():
    for bad in (1, 5):
        with pytest.raises(SetupError):
            new_game(players=bad)
    game = new_game(players=3)
    assert game.to_act == 0 and ChangCheng.player_names[:3] == ("Red", "Green", "Blue")
    told = [e.sentence for e in game.log if e.rule == "CC-04"]
    assert told == ["3 players: Red plays first, then play goes clockwise (Red, Green, Blue)."]
    play(game, "single 0")
    assert game.to_act == 1
    play(game, "double 4")
    assert game.to_act == 2


def test_CC05_a_turn_is_one_action_the_double_ends_it():
    game = game_at(2)
    play(game, "double 0")
    assert game.to_act == 1 and game.decision == "first"
    moves = {type(m).__name__ for m in game.legal_moves()}
    assert moves == {"Single", "Card", "Double", "Tower"}


def test_CC06_two_singles_in_two_different_provinces():
    game = game_at(2)
    play(game, "single 0")
    assert game.decision == "second"
    err = refused(game, "single 1", "CC-06")
    assert "province 0" in str(err)
    refused(game, "single 0", "CC-06")
    play(game, "single 4")
    assert game.occ[:5] == [0, -1, -1, -1, 0] and game.to_act == 1


def test_CC07_two_cards_in_two_different_uncompleted_provinces():
    game = game_at(2, {0: "G", 1: "G", 2: "G", 3: "G"})
    assert game.completed[0]
    refused(game, "card flood 0", "CC-07")
    play(game, "card flood 1")
    refused(game, "card warrior 1", "CC-07")
    refused(game, "card flood 2", "CC-03")
    play(game, "card warrior 2")
    assert game.card_at == {(0, "flood"): 1, (0, "warrior"): 2} and game.to_act == 1
    # the second card of an action always goes to another province, so it is told as a card placed (CC-07): the kit
    # once declared a "second card in the same province" kind (CC-08's), which no move could ever produce
    assert [(e.kind.name, e.rule) for e in game.log if e.sentence.startswith("Red places an action card")] == [
        ("card_placed", "CC-07"), ("card_placed", "CC-07")]
    assert game.view(1)["public"]["provinces"][1]["cards"] == ["red"]


def test_CC08_card_then_single_in_the_same_province():
    game = game_at(2)
    play(game, "card builder 3")
    refused(game, "single 0", "CC-08")
    play(game, "single 14")
    assert game.occ[14] == 0 and game.to_act == 1
    assert [(e.kind.name, e.rule) for e in game.log if e.rule == "CC-08"] == [("single_placed_second", "CC-08")]
    play(game, "single 5")
    refused(game, "card flood 1", "CC-08")


def test_CC09_double_on_two_contiguous_empty_squares_across_provinces():
    game = game_at(2, {5: "G"})
    refused(game, "double 4", "CC-09")  # 5 is occupied
    refused(game, "double 99", "CC-09")
    play(game, "double 3")  # squares 3 (province 0) and 4 (province 1)
    assert game.piece[3] == game.piece[4] == 2 and game.doubles[0] == 0
    play(game, "single 0", "single 6")
    refused(game, "double 8", "CC-03")


@pytest.mark.parametrize("square,points", [(0, 2), (3, 3), (2, 3), (12, 4)])
def test_CC10_double_scores_per_province_and_region_touched(square, points):
    # 0-1: one province, one region; 3-4: provinces 0,1, region 1; 2-3: province 0, regions 0,1;
    # 12-13: the join of two boards, provinces 2,3 and regions 2,3
    game = game_at(2)
    play(game, f"double {square}")
    assert game.points == [points, 0]


def test_CC11_double_counts_two_blocks_and_is_neither_broken_nor_swapped():
    # province 0 (0-3): Red double on 0-1, Green 2; Green completes with 3: Red 2 vs Green 2 -> tie
    game = game_at(2, {0: "RD", 1: "RD", 2: "G"}, to_move="green",
                   cards={"0": ["green traitor", "red mandarin"]})
    play(game, "single 3")
    # the traitor may break only single blocks (2 and 3), never the double
    assert game.ctx == "traitor"
    breaks = sorted(m.square for m in game.legal_moves() if m.verb == "break")
    assert breaks == [2, 3]
    refused(game, "break 0", "CC-11")
    play(game, "remove 0")
    swaps = [m for m in game.legal_moves()]
    assert all(game.piece[m.square] == 1 and game.piece[m.other] == 1 for m in swaps)
    refused(game, "swap 2 1", "CC-11")
    play(game, "swap 2 3")
    assert game.evidence[-1].blocks[:2] == (2, 2)


def test_CC12_tower_never_next_to_another_tower_checked_on_the_graph():
    game = game_at(3, {5: "GT"})
    refused(game, "tower 4", "CC-12")
    refused(game, "tower 6", "CC-12")
    g = game.graph()
    towers = {n for n, d in g.nodes(data=True) if d.get("piece") == "tower"}
    offered = {m.square for m in game.legal_moves() if m.verb == "tower"}
    by_graph = {d["square"] for n, d in g.nodes(data=True) if d["kind"] == "square" and d["owner"] < 0
                and not any(g.nodes[x].get("piece") == "tower" for x in g.neighbors(n))}
    assert offered == by_graph and not (offered & {4, 6}) and towers == {"s5"}


def test_CC13_tower_reserves_a_neighbour_for_its_owner():
    game = game_at(2)
    play(game, "tower 5")
    assert game.decision == "reserve" and {m.square for m in game.legal_moves()} == {4, 6}
    play(game, "reserve 6")
    assert game.reserved[6] == 0
    err = refused(game, "single 6", "CC-13")
    assert "Red" in str(err)
    refused(game, "double 6", "CC-13")
    play(game, "single 0", "single 13")
    play(game, "single 6", "single 14")
    assert game.occ[6] == 0 and game.reserved[6] == -1


def test_CC13_single_empty_neighbour_is_reserved_without_a_decision():
    game = game_at(2, {4: "G"})
    play(game, "tower 5")
    assert game.reserved[6] == 0 and game.to_act == 1


def test_CC13_reservation_lapses_when_its_owner_has_no_single_left():
    marks = {s: "R" for s in range(14)}
    marks.update({s: "G" for s in range(14, 20)})
    marks[20], marks[22] = ".", "RT"
    del marks[13]
    # Red holds one single: the square next to Red's tower stays Red's
    game2 = game_at(2, {**marks, 21: ".r"}, to_move="green", emperor_cards=0)
    assert game2.singles[0] == 1
    assert 21 not in {m.square for m in game2.legal_moves() if m.verb == "single"}
    # Red has placed all 14 singles: the reservation has lapsed
    game3 = game_at(2, {**marks, 13: "R", 21: ".r"}, to_move="green", emperor_cards=0)
    assert game3.singles[0] == 0
    assert 21 in {m.square for m in game3.legal_moves() if m.verb == "single"}
    # what everyone sees: a binding reservation, and none once it has lapsed
    assert game2.view(None)["public"]["wall"][21]["reserved"] == "red" == game2.graph().nodes["s21"]["reserved"]
    assert game3.view(None)["public"]["wall"][21]["reserved"] is None and game3.graph().nodes["s21"]["reserved"] == ""


def test_CC14_tower_counts_one_block_and_cannot_be_broken():
    game = game_at(2, {0: "RT", 1: "G", 2: "G"}, to_move="red", cards={"0": ["green traitor"]})
    play(game, "single 3")
    assert game.ctx == "traitor"
    assert 0 not in {m.square for m in game.legal_moves() if m.verb == "break"}
    refused(game, "break 0", "CC-14")
    play(game, "break 3")
    s = game.evidence[-1]
    assert s.blocks[:2] == (1, 2) and s.counted == 3


def test_CC15_a_towers_steps_say_which_region_it_protects_its_owner_from():
    game = game_at(2)
    play(game, "tower 13")
    steps = [r for r in game.resolutions() if r.title.startswith("Tower")][-1].steps
    region = game.wall.region_of[13]
    assert str(steps[-1]) == (f"The tower stands in Mongol region {region}: at the end, region {region}'s attack "
                              "costs Red nothing. [CC-15]")
    assert dict(steps[-1].touches) == {f"r{region}": "focus"}


def test_CC16_peek_enters_only_the_peekers_view():
    game = game_at(2)
    game.play("single 0")
    assert game.decision == "peek" and [str(m) for m in game.legal_moves()] == ["nopeek", "peek 0"]
    game.play("peek 0")
    assert game.view(0)["private"]["known_threats"] == {"0": game.threat[0]}
    assert game.view(1)["private"]["known_threats"] == {}
    secret = [e for e in game.log if e.private_to == (0,)]
    assert secret and all(not e.visible_to(1) for e in secret)
    play(game, "single 13", "double 20")  # Red's second block, then Green's turn
    # the region Red knows is not offered to Red again
    game.play("single 1")
    assert game.decision == "second" and game.to_act == 0


def test_CC17_first_turn_is_a_single_block_only():
    game = new_game(players=2, seed=3)
    assert {m.verb for m in game.legal_moves()} == {"single"}
    refused(game, "double 0", "CC-17")
    refused(game, "card flood 0", "CC-17")
    play(game, "single 0")
    assert game.to_act == 1 and {m.verb for m in game.legal_moves()} == {"single", "card", "double", "tower"}


def test_CCV2_first_turn_is_a_full_action_in_the_review():
    game = new_game(players=2, seed=3, first_turn="full_action")
    assert {m.verb for m in game.legal_moves()} == {"single", "card", "double", "tower"}
    assert [e.sentence for e in game.log if e.rule == "CC-V2"] == [
        "The review's rules: Red's very first turn is a full action, like every other turn."]
    assert not any(e.rule == "CC-V2" for e in new_game(players=2, seed=3).log)
    play(game, "single 0")
    assert game.decision == "second" and game.to_act == 0


def test_CCV1_four_actions_without_two_singles():
    game = game_at(2, options={"actions": "four"})
    assert "single" not in {m.verb for m in game.legal_moves()}
    refused(game, "single 0", "CC-V1")
    play(game, "card flood 0", "single 0")
    assert game.to_act == 1


def test_CC41_partial_action_and_pass():
    # Red has one single and no cards, double or tower left: a lone single is a partial action.
    marks = {s: "R" for s in range(13)}
    marks[13], marks[14] = "RD", "RD"
    marks[15] = "RT"
    used = {"red": ["warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin"]}
    game = game_at(2, marks, used_cards=used, emperor_cards=0)
    assert game.singles[0] == 1 and game.hand[0] == []
    assert {m.verb for m in game.legal_moves()} == {"single"}
    play(game, "single 20")
    assert game.to_act == 1
    # Green places one block; now Red can do nothing at all and passes without a decision
    play(game, "double 22")
    assert game.to_act == 1 and any(e.rule == "CC-41" and "passes" in e.sentence for e in game.log)


def test_CC41_a_first_placement_must_start_a_full_action_when_one_exists():
    # every empty square Red may use is in province 5: two singles are impossible, but a card and a single work
    marks = {s: "G" for s in range(22)}
    for s in range(12):
        marks[s] = "R"
    game = game_at(2, marks, emperor_cards=0)
    assert game.singles[0] == 2
    assert "single" not in {m.verb for m in game.legal_moves()}
    refused(game, "single 22", "CC-41")


def test_CC18_province_completed_when_all_squares_occupied():
    game = game_at(2, {0: "R", 1: "G", 2: "R"})
    assert not game.completed[0]
    play(game, "single 3", "single 13")
    assert game.completed[0] and game.to_act == 1
    first = game.resolutions()[-1].steps[0]
    assert str(first) == "Province 0 is completed: every square in it is occupied. [CC-18]"


def test_options_are_validated_and_normalised():
    assert Options(events="Imperial-Reward , diplomacy").events == "diplomacy,imperial_reward"
    for bad in ({"events": "diplomacy,dominance,observers"}, {"events": "weather"}, {"mandarin": "x"},
                {"dominance_tower": 3}, {"neutral_blocks": "yes"}):
        with pytest.raises(SetupError):
            new_game(**bad)


def test_CC05_hand_built_moves_of_the_wrong_type_are_refused():
    from greatwall_kit.chang_cheng import Card, Single, Swap

    game = new_game(players=2)
    for move in (Single("3"), Card("flood", None), Swap(1, 2)):
        err = refused(game, move, "KIT-02")
        assert "single 0" in err.reason
    for move in (Single(True), Single(1.0)):  # equal to Single(1): the engine refuses the field's type
        with pytest.raises(NotationError, match="must be a whole number"):
            game.play(move)
    assert game.history == ()


def test_CC09_double_at_the_right_end_of_the_wall_is_refused():
    game = game_at(2)
    last = game.wall.order[-1]
    err = refused(game, f"double {last}", "CC-09")
    assert "right end" in err.reason
