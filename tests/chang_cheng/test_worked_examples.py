"""The rulebook's worked examples, set up through the public API, with the exact points it states."""


from greatwall_kit.chang_cheng import ChangCheng

from .conftest import game_at, play, position


def test_CC19_CC21_CC22_first_example_red_scores_six_before_the_second_block():
    # Province 0 (squares 0-3) holds Red, Blue, Violet; its reputation counter is 2.
    game = game_at(4, {0: "R", 1: "B", 2: "V"}, reputation=[2, 1, 0, 3, 4, 0])
    play(game, "single 3")
    # play halted mid-action: the province is scored, and Red's second block is still to come
    assert game.decision == "second" and game.to_act == 0
    scoring = game.evidence[-1]
    assert scoring.blocks[:4] == (2, 0, 1, 1)
    assert (scoring.counted, scoring.reputation, scoring.value, scoring.winners) == (4, 2, 6, (0,))
    assert game.points == [6, 0, 0, 0]
    play(game, "single 13")
    assert game.occ[13] == 0 and game.to_act == 1


def test_CC20_CC25_CC30_CC32_CC33_second_example_red_and_green_tie_for_nine():
    # Province 1 (squares 4-8): Red 4, Green 5 6, Blue 7; Green's Traitor and Blue's Flood lie there.
    game = game_at(3, {4: "R", 5: "G", 6: "G", 7: "B"}, reputation=[0, 3, 1, 2, 4, 0],
                   cards={"1": ["green traitor", "blue flood"]})
    play(game, "card builder 1", "single 8")
    # cards resolve in priority order, each by its owner
    assert (game.decision, game.to_act, game.ctx) == ("card", 1, "traitor")
    play(game, "break 4")
    assert (game.to_act, game.ctx) == (2, "flood")
    play(game, "flood plus")
    assert (game.to_act, game.ctx) == (0, "builder")
    play(game, "builder block")
    s = game.evidence[-1]
    assert s.blocks[:3] == (1, 2, 1) and s.virtual[:3] == (1, 0, 0) and s.totals[:3] == (2, 2, 1)
    assert (s.counted, s.modifier, s.reputation, s.value) == (4, 2, 3, 9)
    assert s.winners == (0, 1) and game.points == [9, 9, 0]


def mongol_example():
    # region 1 (squares 3-7, threat -2): Violet 2, Green 1, Blue 1 (Red's block on 7 is broken, so the
    # region holds exactly the rulebook's 2 + 1 + 1 walls)
    # region 2 (squares 8-12, threat -4): Blue 2 with a tower, the others 1
    # region 4 (squares 17-20, threat -3): Red 2, Green 2
    # regions 0, 3, 5: counters removed by Traitors, so they cost nothing
    wall = ("R G B  V V G B R!  BT B G R V  V G B R  R R G G  R G B V R")
    return position(4, faces=("1A", "2A"), wall=wall, threat=[None, -2, -4, None, -3, None],
                    points=[10, 10, 10, 10], emperor_cards=0)


def test_CC42_CC43_CC15_CC44_mongol_example_three_regions():
    game = ChangCheng.from_position(mongol_example())
    assert game.is_over and game.result.reason == "every square of the wall is occupied"
    attacks = {a.region: a for a in game.evidence}
    assert attacks[1].blocks[:4] == (0, 1, 1, 2)
    assert attacks[1].majority == (3,) and attacks[1].losers == (3,) and attacks[1].loss == -2
    assert attacks[2].blocks[:4] == (1, 1, 2, 1)
    assert attacks[2].majority == (2,) and attacks[2].protected == (2,) and attacks[2].losers == ()
    assert attacks[4].blocks[:4] == (2, 2, 0, 0)
    assert attacks[4].majority == (0, 1) and attacks[4].losers == (0, 1) and attacks[4].loss == -3
    assert attacks[0].threat is None and attacks[0].losers == ()
    assert game.points == [7, 7, 10, 8]
    assert game.winners() == (2,)
    rules = [e.rule for e in game.log]
    assert "CC-43" in rules and "CC-44" in rules and rules.count("CC-42") == 2
