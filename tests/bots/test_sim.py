"""The simulation lab: one row per game and seat, the same table on every backend, tournaments."""

import math

import matplotlib
import pytest

from greatwall_kit import GAMES, GreatWallError, SetupError
from greatwall_kit.bots import GreedyBot, RandomBot
from greatwall_kit.sim import (
    BotFailure,
    UnfinishedMatch,
    compare_variants,
    one_at_a_time,
    plot_first_player,
    plot_game_length,
    plot_scores,
    plot_variants,
    simulate,
    tournament,
)

matplotlib.use("Agg")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_table_has_one_row_per_game_and_seat_with_the_games_statistics(name):
    table = simulate(name, [GreedyBot(1), RandomBot(2)], 3, seed=4, workers=1, progress=False)
    assert len(table) == 6 and list(table["seat"]) == [0, 1] * 3
    assert set(table["bot"]) == {"GreedyBot(seed=1)", "RandomBot(seed=2)"}
    for _, game in table.groupby("game"):
        best = game["score"].max()
        assert list(game["winner"]) == list(game["score"] == best) or name == "the_great_wall"  # TGW breaks ties
        assert game["decisions"].nunique() == 1 and (game["rank"] >= 1).all()
    extra = set(table.columns) - {"game", "seed", "seat", "bot", "players", "score", "rank", "winner", "decisions",
                                  "end"}
    assert extra  # the game's own statistics


def test_the_same_seeds_give_the_same_table_in_processes_and_on_dask():
    distributed = pytest.importorskip("dask.distributed")  # an optional extra
    Client, LocalCluster = distributed.Client, distributed.LocalCluster

    run = dict(game_name="great_wall_of_china", bots="random", n_games=6, seed=3, progress=False)
    here = simulate(workers=1, **run)
    assert simulate(workers=2, **run).equals(here)
    with LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster, Client(cluster) as client:
        assert simulate(client=client, **run).equals(here)
    assert not simulate(workers=1, **{**run, "seed": 4}).equals(here)


@pytest.mark.parametrize("n_games", [5, 10**12])
def test_an_interrupted_run_returns_the_games_that_finished(monkeypatch, n_games):
    """However many games are asked for, none is made before it is played (a list of 10**12 would fill memory)."""
    from greatwall_kit.sim import run as module

    played = []

    def interrupted(*task):
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(task)
        return real(*task)

    real = module.play_one
    monkeypatch.setattr(module, "play_one", interrupted)
    with pytest.warns(RuntimeWarning, match="interrupted: returning the 2 games"):
        table = simulate("great_wall_of_china", "random", n_games, workers=1, progress=False)
    assert sorted(table["game"].unique()) == [0, 1]


def test_worker_processes_are_handed_chunks_as_they_free_up():
    from greatwall_kit.bots import RandomBot
    from greatwall_kit.sim import run as module

    run = (GAMES.entry("great_wall_of_china"), [RandomBot(), RandomBot()], 2, 1, {})
    results = module._backend(run, 10**12, 2, None)  # only the first few of its chunks are ever cut
    first = next(results)
    results.close()  # what simulate does when interrupted: the pool stops
    assert len(first) == 1 and first[0][0]["game"] in range(8)  # one of the 8 one-game chunks handed out first


def test_chunks_grow_to_the_time_aimed_at_and_cover_every_game_once():
    from greatwall_kit.sim.run import CHUNK_SECONDS, _Chunks

    chunks = _Chunks(5000, slots=2)
    cut = [chunks.take() for _ in range(8)]
    while (more := chunks.take()) is not None:
        cut.append(more)
        chunks.played(more[1] - more[0], (more[1] - more[0]) * 0.002)  # 2 ms a game
    assert [a for a, _ in cut[1:]] == [b for _, b in cut[:-1]] and cut[0][0] == 0 and cut[-1][1] == 5000
    sizes = [b - a for a, b in cut]
    assert max(sizes) == int(CHUNK_SECONDS / 0.002) and sizes[-1] < max(sizes) // 4


def test_bad_requests_fail_before_any_game():
    with pytest.raises(SetupError, match="no such option"):
        simulate("chang_cheng", "random", 2, colour="blue", workers=1, progress=False)
    with pytest.raises(ValueError, match="no bot called 'clever'; the kit's bots are 'random', 'greedy', 'mcts'"):
        simulate("chang_cheng", "clever", 2, workers=1, progress=False)
    with pytest.raises(ValueError, match=r"n_games must be a whole number of games, not 2.5"):
        simulate("chang_cheng", "random", 2.5, workers=1, progress=False)
    with pytest.raises(ValueError, match="3 bots for 2 players"):
        simulate("chang_cheng", ["random"] * 3, 2, players=2, workers=1, progress=False)


def test_function_bots_that_cannot_travel_play_here_with_a_warning():
    with pytest.warns(RuntimeWarning, match="cannot be sent"):
        table = simulate("great_wall_of_china", lambda view, moves: moves[-1], 2, workers=2, progress=False)
    assert len(table) == 4


def test_plots_draw_what_they_say():
    table = simulate("great_wall_of_china", ["greedy", "random"], 6, seed=2, workers=1, progress=False)
    assert len(plot_scores(table).get_xticklabels()) == 2
    ax = plot_first_player(table)
    rates = ax.lines[0].get_ydata()
    assert list(rates) == [table[table["seat"] == s]["winner"].mean() for s in (0, 1)]
    assert plot_game_length(table).get_xlabel() == "decisions in the game"
    variants = compare_variants("great_wall_of_china", one_at_a_time({"cavalry": "group"}), "random", 3,
                                workers=1, progress=False)
    ax = plot_variants(variants, "decisions")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["rulebook", "cavalry=group"]


def _slow(view, legal_moves):
    import time

    time.sleep(0.5)
    return legal_moves[0]


def _illegal(view, legal_moves):
    return "draw 99"


def _first(view, legal_moves):
    return legal_moves[0]


def test_a_failing_or_endless_bot_game_in_a_worker_process_reaches_the_caller_as_the_kits_error():
    # max (a built-in, so it travels to the workers) raises on (view, legal_moves); _first never ends Dschingis Khan
    with pytest.raises(BotFailure, match=r"bot <built-in function max> in seat 0 raised TypeError"):
        simulate("chang_cheng", [max, "random"], 4, seed=1, workers=2, progress=False)
    with pytest.raises(UnfinishedMatch, match=r"did not end within 5,000 decisions"):
        simulate("dschingis_khan", [_first, _first], 2, seed=1, workers=2, progress=False)


def test_a_game_the_bots_never_end_is_stopped_and_nobody_wins_it():
    said = []
    board = tournament({"first": _first, "also first": _first}, "dschingis_khan", 1, seed=3, max_decisions=300,
                       plot=False, out=said.append)
    stopped = [line for line in said if line.startswith("game")]
    assert len(stopped) == 2 and all("stopped unfinished, nobody wins it" in line and "within 300 decisions" in line
                                     for line in stopped)
    assert board["games"].tolist() == [2, 2] and board["wins"].tolist() == [0, 0]
    assert board["failures"].tolist() == [0, 0] and board["mean_score"].isna().all()


@pytest.mark.parametrize("culprit,message", [(_slow, "took longer than 0.1 s"), (_illegal, "chose 'draw 99'"),
                                             (lambda v, m: 1 / 0, "raised ZeroDivisionError")])
def test_a_misbehaving_bot_loses_with_a_message_and_the_tournament_goes_on(culprit, message):
    said = []
    board = tournament({"first": _first, "culprit": culprit, "random": RandomBot(1)}, "great_wall_of_china", 1,
                       seed=2, time_limit=0.1, plot=False, out=said.append)
    failures = [line for line in said if line.startswith("game")]
    assert len(failures) == 4 and all("culprit" in line and message in line for line in failures)
    assert board.loc["culprit", "wins"] == 0 and board.loc["culprit", "failures"] == 4
    assert board["games"].tolist() == [4, 4, 4]
    assert math.isclose(board.loc["culprit", "win_rate"], 0.0)


@pytest.mark.parametrize("bots,n_games,message", [
    ({"first": _first, "random": RandomBot(1)}, 0, "n_games must be .* not 0"),
    ({"first": _first, "random": RandomBot(1)}, -1, "n_games must be .* not -1"),
    ({"first": _first, "random": RandomBot(1)}, "1", "n_games must be .* not '1'"),
    (None, 1, "bots must be a dict"),
    ([_first, _first], 1, r"two bots share a name in \['_first', '_first'\]"),
    ({"first": _first, "random": "random"}, 1, "'random' is not a bot"),
    ({"first": _first, "random": RandomBot}, 1, r"RandomBot is a kind of bot, not a bot: give RandomBot\(...\)"),
])
def test_a_bad_tournament_request_is_the_kits_error_before_any_game(bots, n_games, message):
    # n_games=0 raised KeyError('bot') from pandas after playing nothing; the others raised TypeError or misled
    said = []
    with pytest.raises(GreatWallError, match=message):
        tournament(bots, "great_wall_of_china", n_games, plot=False, out=said.append)
    assert said == []


def test_a_bot_class_given_for_a_bot_is_refused_before_any_game():
    # simulate called RandomBot.fresh(seed) on the class: TypeError "missing 1 required positional argument"
    with pytest.raises(GreatWallError, match=r"RandomBot is a kind of bot, not a bot: give RandomBot\(...\)"):
        simulate("great_wall_of_china", RandomBot, 2, workers=1, progress=False)
    with pytest.raises(GreatWallError, match="None is not a bot"):
        simulate("great_wall_of_china", ["random", None], 2, workers=1, progress=False)


@pytest.mark.parametrize("call,message", [
    (lambda: simulate("great_wall_of_china", "random", 1, players="2", workers=1, progress=False), "not '2'"),
    (lambda: simulate("great_wall_of_china", "random", 1, players=2.0, workers=1, progress=False), "not 2.0"),
    (lambda: simulate("great_wall_of_china", "random", 2, workers="2", progress=False), "workers must be"),
    (lambda: simulate("great_wall_of_china", "random", 2, workers=2.5, progress=False), "workers must be"),
    (lambda: simulate("great_wall_of_china", "random", 2, workers=0, progress=False), "workers must be"),
    (lambda: compare_variants("great_wall_of_china", None, "random", 1, workers=1, progress=False), "variants must"),
    (lambda: compare_variants("great_wall_of_china", ["other readings"], "random", 1, workers=1, progress=False),
     "variants must"),
    (lambda: compare_variants("great_wall_of_china", {"x": "infantry"}, "random", 1, workers=1, progress=False),
     "variants must"),
])
def test_odd_lab_arguments_are_the_kits_error(call, message):
    # each raised TypeError (players and workers of the wrong type, variants that are not {name: options})
    with pytest.raises(GreatWallError, match=message):
        call()
