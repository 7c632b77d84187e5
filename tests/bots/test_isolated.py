"""Class tournaments that cannot be cheated: each bot in a process of its own, sent only its seat's view.

Planted (and reverted), each caught: the worker's answer to a raising bot dropped (the tournament waited out the
time limit and blamed the wrong reason: the table test fails), and the seat's view holding a copy of the game instead
of a redealt world (the worker found the game's seed in its memory: the worker test fails), and Dschingis Khan's
moves pickled without their board (the last test fails: the worker's bot read other texts and chose other moves).
"""

import textwrap

import pytest

from greatwall_kit import GreatWallError, new_game
from greatwall_kit.bots import GreedyBot, RandomBot, play_match, seat_view
from greatwall_kit.bots.isolated import IsolatedBot, code_bot
from greatwall_kit.sim import tournament

GOOD = """
def choose(view, legal_moves):
    return legal_moves[0]
"""
RAISING = """
def choose(view, legal_moves):
    raise ValueError("no idea")
"""
HANGING = """
def choose(view, legal_moves):
    while True:
        pass
"""
ILLEGAL = """
def choose(view, legal_moves):
    return "draw 99"
"""


def test_an_isolated_tournament_of_a_raising_a_hanging_and_an_illegal_bot_finishes_with_the_right_table():
    said = []
    board = tournament({"good": GOOD, "raising": RAISING, "hanging": HANGING, "illegal": ILLEGAL},
                       "great_wall_of_china", 1, seed=1, time_limit=1.0, plot=False, out=said.append)
    # (a second, not less: on a loaded machine the good bot's process once waited past 0.3 s for a core and lost)
    # 12 games: each pair in both seating orders; seat 0 decides first, so of two failing bots the one in seat 0
    # fails and the other wins
    assert len([line for line in said if line.startswith("game")]) == 12
    assert board.index.tolist()[0] == "good"
    assert board["games"].to_dict() == {"good": 6, "raising": 6, "hanging": 6, "illegal": 6}
    assert board["wins"].to_dict() == {"good": 6, "raising": 2, "hanging": 2, "illegal": 2}
    assert board["failures"].to_dict() == {"good": 0, "raising": 4, "hanging": 4, "illegal": 4}
    because = board["failed_because"].to_dict()
    assert because["good"] == "" and because["raising"] == "raised ValueError('no idea')"
    assert because["hanging"] == "took longer than 1.0 s to decide"
    assert because["illegal"].startswith("chose 'draw 99', which is not among the")


def test_student_code_from_a_file_runs_isolated_by_default_and_a_bot_that_ends_its_process_loses(tmp_path):
    crash = tmp_path / "crash.py"
    crash.write_text("import os\n\ndef choose(view, legal_moves):\n    os._exit(3)\n")
    said = []
    board = tournament([str(crash), RandomBot(1)], "chang_cheng", 1, seed=2, plot=False, out=said.append)
    assert board.loc["crash", "failures"] == 2 and board.loc["RandomBot(seed=1)", "wins"] == 2
    assert board.loc["crash", "failed_because"] == "ended its process (exit code 3)"


def test_code_that_does_not_load_is_refused_before_any_game():
    said = []
    with pytest.raises(GreatWallError, match=r"the bot broken cannot be made: .*SyntaxError"):
        tournament({"good": GOOD, "broken": "def choose(view, legal_moves):\n    return (\n"}, "chang_cheng", 1,
                   plot=False, out=said.append)
    with pytest.raises(GreatWallError, match="defines no choose"):
        tournament({"good": GOOD, "nothing": "x = 1\n"}, "chang_cheng", 1, plot=False, out=said.append)
    assert said == []


def test_a_worker_is_sent_the_seats_view_and_legal_moves_never_the_game():
    game = new_game("great_wall_of_china", players=3, seed=4).replay(["draw", "draw"])
    spy = textwrap.dedent("""
        import gc
        from greatwall_kit.engine import Game

        def choose(view, legal_moves):
            games = [o for o in gc.get_objects() if isinstance(o, Game)]
            histories = sorted(len(g.history) for g in games)
            return "seen " + repr((histories, sorted({g.seed for g in games} & {4}), type(view).__name__))
        """)
    bot = IsolatedBot(spy, "spy", time_limit=30)
    try:
        answer = bot.choose(seat_view(game, game.to_act), list(game.legal_moves()))
    finally:
        bot.close()
    # the only games in the worker's memory are the sampled worlds: no history, not the game's seed
    histories, seeds, kind = eval(answer.removeprefix("seen "))  # noqa: S307 - our own answer
    assert kind == "SeatView" and seeds == [] and set(histories) == {0}


def test_an_isolated_match_plays_as_the_same_bots_in_this_process():
    """A bot reading the moves' texts and one sampling worlds play the same game in a process of their own (Dschingis
    Khan's moves on lines once lost their board in the worker, and with it the towers their texts name)."""
    shortest = "def choose(view, legal_moves):\n    return min(legal_moves, key=lambda m: (len(str(m)), str(m)))\n"
    bots = [code_bot(shortest), GreedyBot(4)]
    here = play_match(new_game("dschingis_khan", seed=5), [bots[0], bots[1].fresh(9)])
    isolated = [IsolatedBot(shortest, "shortest"), IsolatedBot(bots[1], "greedy")]
    try:
        there = play_match(new_game("dschingis_khan", seed=5), [isolated[0], isolated[1].fresh(9)])
    finally:
        for bot in isolated:
            bot.close()
    assert there.history == here.history and there.is_over
