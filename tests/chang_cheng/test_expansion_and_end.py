"""Map expansion (CC-36..39), the end (CC-40, CC-45), the 2-player neutral blocks (CC-46..48), event cards."""

import pytest

from greatwall_kit.chang_cheng import ChangCheng, new_game
from greatwall_kit.chang_cheng.scoring import longest_runs
from greatwall_kit.engine import SetupError

from ..support import refused
from .conftest import game_at, play, position

# provinces 2 (squares 9-12) and 3 (13-17) completed, each with its Emperor card; province 0 needs square 3
TWO_DONE = {0: "G", 1: "G", 2: "R", 9: "R", 10: "G", 11: "R", 12: "G", 13: "G", 14: "R", 15: "R", 16: "G", 17: "R"}


def test_CC36_CC37_third_emperor_card_adds_a_board_on_the_chosen_side():
    game = game_at(2, TWO_DONE, emperor_cards=2, reserve=["3A"])
    assert game.emperor == 2
    play(game, "single 3")
    assert game.emperor == 3 and game.decision == "second"  # the board comes after the action
    play(game, "single 5")
    assert (game.decision, game.to_act) == ("board", 0)
    refused(game, "board up", "CC-36")
    play(game, "board left")
    assert game.emperor == 0 and game.wall.faces == ["3A", "1A", "2A"]
    assert game.wall.order[:13] == list(range(26, 39)) and game.wall.right[38] == 0
    assert any(e.rule == "CC-37" for e in game.log) and game.to_act == 1


def test_CC39_new_board_squares_playable_and_counters_laid_out():
    game = game_at(2, TWO_DONE, emperor_cards=2, reserve=["4B"])
    play(game, "single 3", "single 5", "board right")
    assert len(game.reputation) == 9 and len(game.threat) == 9
    public = game.view(1)["public"]
    assert [r["threat"] for r in public["regions"][6:]] == ["hidden"] * 3
    assert [p["reputation"] for p in public["provinces"][6:]] == game.reputation[6:]
    assert all(-4 <= t <= -2 for t in game.threat[6:])
    assert "single 30" in game.legal_moves() and game.wall.order[-1] == 38


@pytest.mark.parametrize("players,boards", [(2, 1), (3, 1), (4, 2)])
def test_CC38_how_many_boards_are_ever_added(players, boards):
    game = new_game(players=players, seed=1)
    assert len(game.reserve_faces) == boards
    with_boards = [len(new_game(players=players, seed=s).reserve_faces) for s in range(3)]
    assert with_boards == [boards] * 3
    game = game_at(players, TWO_DONE, emperor_cards=2)
    play(game, "single 3", "single 5", "board left")
    assert len(game.reserve_faces) == boards - 1
    # with three boards in play, only the 4-player game still has a board to add
    game = game_at(players, TWO_DONE, faces=("1A", "2A", "3A"), emperor_cards=2, reserve=["4A"])
    play(game, "single 3", "single 5")
    assert (game.decision == "board") == (players == 4)
    told = [e.sentence for e in game.log if e.rule == "CC-38"]
    assert told == ([] if players == 4 else [f"Three Emperor cards lie on the board, but no board is left to add: "
                                             f"with {players} players the wall has at most 3 boards."])


def test_CC40_game_ends_when_the_last_square_is_filled():
    tokens = {s: ("R" if s % 2 else "G") for s in range(26)}
    tokens[25] = "."
    tokens[1], tokens[3], tokens[4] = "RT", "RD", "RD"
    doc = position(2, tokens, emperor_cards=0, used_cards={"red": ["warrior", "traitor", "flood", "builder",
                                                                    "masterbuilder", "mandarin"]})
    doc["wall"] = doc["wall"]
    game = ChangCheng.from_position(doc)
    assert game.singles[0] == 4 and game.towers[0] == game.doubles[0] == 0
    play(game, "single 25")
    assert game.is_over and game.result.reason == "every square of the wall is occupied"
    assert game.log[-1].rule == "CC-45"


def test_CC45_tied_players_all_win():
    wall = " ".join("RGBV"[i % 4] if i % 5 else "RGBV"[(i // 5) % 4] for i in range(26))
    doc = position(4, faces=("1A", "2A"), emperor_cards=0, threat=[None] * 6, points=[5, 5, 3, 5])
    doc["wall"] = wall
    game = ChangCheng.from_position(doc)
    assert game.is_over and game.winners() == (0, 1, 3) and game.result.winners == (0, 1, 3)


def test_CC46_neutral_blocks_for_two_players_only():
    with pytest.raises(SetupError, match="2 players"):
        new_game(players=3, neutral_blocks=True)
    game = game_at(2, options={"neutral_blocks": True})
    assert game.neutral_left == 12
    play(game, "double 0")
    assert game.decision == "neutral" and "noneutral" in game.legal_moves()
    play(game, "neutral 5")
    assert game.occ[5] == 2 and game.neutral_left == 11 and game.to_act == 1


@pytest.mark.parametrize("moves,allowed", [
    (["single 0", "single 5"], {0, 1}),
    (["card flood 0", "card builder 1"], {0, 1}),
    (["card flood 3", "single 14"], {0, 1, 2, 4, 5}),
    (["double 3"], {2, 3, 4, 5}),
    (["tower 5", "reserve 4"], {0, 2, 3, 4, 5}),
])
def test_CC47_neutral_block_restrictions(moves, allowed):
    game = game_at(2, options={"neutral_blocks": True})
    play(game, *moves)
    assert game.decision == "neutral"
    provinces = {game.wall.province_of[m.square] for m in game.legal_moves() if m.verb == "neutral"}
    assert provinces == allowed
    bad = next(s for s in game.wall.order if game.occ[s] < 0 and game.reserved[s] < 0
               and game.wall.province_of[s] not in allowed)
    refused(game, f"neutral {bad}", "CC-47")


def test_CC48_no_neutral_block_on_the_very_first_turn():
    game = new_game(players=2, neutral_blocks=True)
    play(game, "single 0")
    assert game.to_act == 1 and game.decision == "first" and game.neutral_left == 12
    told = [e.sentence for e in game.log if e.rule == "CC-48"]
    assert told == ["On the very first turn Red places no neutral block."]


def test_CC49_up_to_two_event_cards_chosen_or_drawn():
    assert new_game(events="observers, diplomacy").events == ("diplomacy", "observers")
    drawn = [new_game(seed=s, events="random").events for s in range(6)]
    assert all(len(d) == 2 for d in drawn) and len(set(drawn)) > 1
    assert drawn[0] == new_game(seed=0, events="random").events
    with pytest.raises(SetupError, match="at most 2"):
        new_game(events="diplomacy,dominance,observers")
    assert new_game(events="dominance").view(None)["public"]["events"] == ["dominance"]


def full_wall(events, wall, **extra):
    doc = position(2, faces=("1A", "2A"), emperor_cards=0, threat=[None] * 6, options={"events": events}, **extra)
    doc["wall"] = wall
    return ChangCheng.from_position(doc)


# a full 2-player wall: Red's longest run is squares 0-5 (with its tower on 2), Green's 13-16 (double 15-16)
WALL = "R R RT R R R G G R G R G R  G G GD GD R G R G R G R G R"


def test_CC50_diplomacy_most_provinces_gain_four():
    game = full_wall("diplomacy", WALL, used_cards={"red": ["warrior"]})
    ev = game.evidence[-1]
    assert ev.event == "diplomacy" and ev.measure == (6, 5) and ev.gains == (4, 0)
    game = full_wall("diplomacy", "R R RT R R R R R R R R R G  G G GD GD G G G G G G G G G")
    assert game.evidence[-1].measure == (3, 4) and game.points == [0, 4]


def test_CC51_dominance_each_players_longest_run_on_the_graph():
    game = full_wall("dominance", WALL)
    runs = longest_runs(game.graph(), 2)
    assert runs[0] == (7, (0, 1, 2, 3, 4, 5)) and runs[1][0] == 4
    assert game.evidence[-1].gains == (7, 4) and game.points == [7, 4]
    one = full_wall("dominance", WALL, **{})
    assert one.points == [7, 4]
    game = ChangCheng.from_position({**position(2, faces=("1A", "2A"), emperor_cards=0, threat=[None] * 6,
                                                options={"events": "dominance", "dominance_tower": 1}),
                                     "wall": WALL})
    assert game.points == [6, 4]


def test_CC51_broken_walls_interrupt_a_run():
    game = full_wall("dominance", WALL.replace("R R RT R R R", "R R RT R! R R", 1))
    assert game.evidence[-1].gains[0] == 4


def test_CCV5_dominance_only_for_the_longest_run():
    doc = position(2, faces=("1A", "2A"), emperor_cards=0, threat=[None] * 6,
                   options={"events": "dominance", "dominance": "longest_only"})
    game = ChangCheng.from_position({**doc, "wall": WALL})
    assert game.evidence[-1].gains == (7, 0) and game.log[-2].rule == "CC-V5"


def test_CC52_imperial_reward_two_per_unplayed_card():
    game = full_wall("imperial_reward", WALL, used_cards={"red": ["warrior", "flood"], "green": list(
        ["warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin"])})
    assert game.evidence[-1].gains == (8, 0)


def test_CC53_observers_reveal_threats_as_squares_fill():
    game = game_at(2, options={"events": "observers"})
    assert not any(game.revealed)
    play(game, "single 0")
    assert game.revealed[0] and game.view(1)["public"]["regions"][0]["threat"] == game.threat[0]
    assert game.decision == "second"  # nothing left to peek at in region 0
    assert any(e.rule == "CC-53" for e in game.log)


def test_CC54_events_apply_after_the_mongol_attack():
    doc = position(2, faces=("1A", "2A"), emperor_cards=0, options={"events": "diplomacy,imperial_reward"})
    game = ChangCheng.from_position({**doc, "wall": WALL})
    rules = [e.rule for e in game.log]
    last_attack = max(i for i, r in enumerate(rules) if r in ("CC-42", "CC-43", "CC-44"))
    assert rules.index("CC-50") > last_attack and rules.index("CC-52") > last_attack
    cards = [r for r in game.resolutions() if r.title.startswith("Event card")]
    assert [str(r.steps[0]) for r in cards] == [
        "The Mongol attack is over: now the event card Diplomacy applies. [CC-54]",
        "The Mongol attack is over: now the event card Imperial Reward applies. [CC-54]"]
