"""Bots see only their seat: sampled worlds keep the view (twins made without the sampler: test_hidden.py)."""

import math
import random

import pytest

from greatwall_kit import GAMES, GreatWallError, new_game
from greatwall_kit.bots import (
    MEASURED_SETTINGS,
    BotFailure,
    GreedyBot,
    MCTSBot,
    RandomBot,
    UnfinishedMatch,
    play_match,
    sample_world,
    seat_view,
)
from greatwall_kit.engine.playout import play_randomly

CASES = [(name, players) for name in GAMES
         for players in (2, max(new_game(name).player_counts))]


def _position(name, players, seed, decisions):
    """A game part-way through, by random moves."""
    game = new_game(name, players=players, seed=seed)
    play_randomly(game, seed, stop_after=decisions)
    return game


def _seen(view):
    return {k: v for k, v in view.items() if k not in ("log", "decisions")}


@pytest.mark.parametrize("name,players", CASES)
@pytest.mark.parametrize("decisions", [0, 7, 40])
def test_a_sampled_world_keeps_the_seat_view_and_its_legal_moves(name, players, decisions):
    game = _position(name, players, 3, decisions)
    seat = game.to_act if game.to_act is not None else 0
    world = sample_world(game, seat, random.Random(4))
    assert _seen(world.view(seat)) == _seen(game.view(seat))
    assert list(world.legal_moves()) == list(game.legal_moves())
    play_randomly(world, 5)
    assert world.is_over


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bots_are_deterministic_per_seed(name):
    def final(seed):
        game = play_match(new_game(name, players=2, seed=seed), [GreedyBot(seed), MCTSBot(seed, playouts=8)])
        return game.history

    assert final(1) == final(1)


def test_only_a_bot_that_reads_no_view_is_spared_one():
    seen = {0: [], 1: []}

    def student(view, legal_moves):  # a plain function: it gets its seat's view
        seen[0].append(view)
        return legal_moves[0]

    class Blind(RandomBot):
        def choose(self, view, legal_moves):
            seen[1].append(view)
            return super().choose(view, legal_moves)

    play_match(new_game("chang_cheng", players=2, seed=4), [student, Blind(2)])
    assert seen[0] and all(type(v).__name__ == "SeatView" and v["viewer"] == 0 for v in seen[0])
    assert seen[1] and set(seen[1]) == {None}


@pytest.mark.parametrize("answer", [None, "claim 9 9 9", "no move at all"])
def test_a_bot_that_returns_an_illegal_move_is_named(answer):
    game = new_game("great_wall_of_china", seed=1)
    with pytest.raises(BotFailure, match=r"bot 'nonsense' in seat 0 chose .* not among"):
        play_match(game, [_Named("nonsense", answer), RandomBot(1)])


class _Named:
    def __init__(self, name, answer):
        self.name, self.answer = name, answer

    def __repr__(self):
        return repr(self.name)

    def choose(self, view, legal_moves):
        return self.answer


def test_a_bot_may_take_its_move_out_of_the_list_it_is_handed():
    popper = lambda view, moves: moves.pop()  # noqa: E731
    assert play_match(new_game("chang_cheng", players=2, seed=1), [popper, RandomBot(1)]).is_over


def test_bots_that_never_end_a_game_are_stopped_with_the_kits_error():
    """Dschingis Khan ends only when supplies run out: two bots taking the first legal move never take a tile."""
    first = lambda view, moves: moves[0]  # noqa: E731
    game = new_game("dschingis_khan", players=2, seed=1)
    wall = r"(take wall|wall \(\d,\d\)-\(\d,\d\))"   # a line is named by its towers
    with pytest.raises(UnfinishedMatch, match=r"\(seed 1\) did not end within 400 decisions; the last moves were "
                                              rf"{wall}(, {wall}){{7}} \(bots that repeat"):
        play_match(game, [first, first], max_decisions=400)
    assert len(game.history) == 400 and not game.is_over
    # the default limit stops it too, after 5,000 decisions (a few tenths of a second)
    with pytest.raises(UnfinishedMatch, match="within 5,000 decisions"):
        play_match(new_game("dschingis_khan", players=2, seed=1), [first, first])
    # the same bot ends every other game of the kit, and Dschingis Khan against a bot that takes tiles
    last = lambda view, moves: moves[-1]  # noqa: E731
    assert play_match(new_game("dschingis_khan", players=2, seed=1), [first, last]).is_over
    for name in GAMES:
        if name != "dschingis_khan":
            assert play_match(new_game(name, players=2, seed=1), [first, first]).is_over


@pytest.mark.parametrize("make,words", [
    (lambda: MCTSBot(1, playouts=5, seconds=1), "playouts or seconds"),
    (lambda: MCTSBot(1, playouts=0), "positive whole number"),
    (lambda: MCTSBot(1, playouts=True), "positive whole number"),
    (lambda: MCTSBot(1, seconds="1"), "seconds must be positive"),
    (lambda: MCTSBot(1, exploration="x"), "exploration must be a number"),  # accepted until a game used it
    (lambda: MCTSBot(1, exploration=math.nan), "exploration must be a number"),
    (lambda: MCTSBot(1, exploration=-1), "exploration must be a number"),
    (lambda: RandomBot(seed="x"), "a bot's seed is a whole number"),  # random.Random took the text
    (lambda: GreedyBot(seed=1.5), "a bot's seed is a whole number"),
    (lambda: play_match(new_game("chang_cheng", players=3), [RandomBot(), RandomBot()]), "2 bots for a 3-player game"),
])
def test_bot_settings_are_checked_with_the_kits_error(make, words):
    with pytest.raises(GreatWallError, match=words):
        make()


def test_a_bot_that_plays_on_the_game_itself_loses_its_game():
    game = new_game("chang_cheng", players=2, seed=1)

    def meddler(view, moves):  # a notebook's bot that reaches the global game
        game.play(moves[0])
        return moves[0]

    with pytest.raises(BotFailure, match="changed the game itself; a bot only returns its move"):
        play_match(game, [meddler, RandomBot(1)])


@pytest.mark.parametrize("request_", [
    dict(time_limit="1"), dict(time_limit=0), dict(time_limit=True), dict(max_decisions="9"),
    dict(max_decisions=1.5), dict(max_decisions=None), dict(max_decisions=-1), dict(bots=None),
    dict(bots={0: RandomBot(1), 1: RandomBot(2)}), dict(bots=[RandomBot, RandomBot(2)]),
    dict(bots=[None, RandomBot(2)]), dict(game="great_wall_of_china"),
])
def test_a_bad_match_request_is_the_kits_error_before_any_bot_decides(request_):
    # a time_limit of "1" was blamed on the first bot ("raised TypeError"); the others raised TypeError/AttributeError
    game = new_game("great_wall_of_china", seed=1)
    args = {"game": game, "bots": [RandomBot(1), RandomBot(2)], **request_}
    with pytest.raises(GreatWallError) as refused:
        play_match(args.pop("game"), args.pop("bots"), **args)
    assert not isinstance(refused.value, BotFailure) and game.history == ()


@pytest.mark.parametrize("bot", [GreedyBot(1), MCTSBot(1, playouts=3)])
def test_a_look_ahead_bot_asked_with_a_plain_view_says_what_it_needs(bot):
    # bot.choose(game.view(0), ...) raised AttributeError: 'dict' object has no attribute 'sample'
    game = new_game("great_wall_of_china", seed=1)
    for view in (game.view(0), None):
        with pytest.raises(GreatWallError, match=r"give it seat_view\(game, seat\)"):
            bot.choose(view, list(game.legal_moves()))
    assert bot.choose(seat_view(game, 0), list(game.legal_moves())) in game.legal_moves()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_mctsbot_plays_each_game_with_its_measured_settings_unless_given_others(name):
    measured = MEASURED_SETTINGS[name]
    assert MCTSBot().settings(name) == {**measured, "seconds": None}
    # the same choices as the measured settings given by hand, in the same position
    game = _position(name, 2, 5, 9)
    for seat_bot in (MCTSBot(3), MCTSBot(3, **measured)):
        assert repr(seat_bot).startswith("MCTSBot(seed=3")
    by_default, by_hand = (bot.choose(seat_view(game, game.to_act), list(game.legal_moves()))
                           for bot in (MCTSBot(3), MCTSBot(3, **measured)))
    assert by_default == by_hand
    # a setting given is kept, the others stay measured; a time budget replaces the playouts
    assert MCTSBot(playouts=5).settings(name) == {**measured, "playouts": 5, "seconds": None}
    assert MCTSBot(seconds=0.5).settings(name) == {**measured, "playouts": None, "seconds": 0.5}
    assert MCTSBot(rollout=None, expand="one").settings(name)["rollout"] is None


def test_a_game_without_measured_settings_gets_plain_uct_and_expand_all_a_rollout():
    assert MCTSBot().settings("a game of your own")["playouts"] == 200
    assert MCTSBot(expand="all").settings("the_great_wall")["rollout"] == 0  # its measured playouts go to the end


def test_a_bot_sent_to_a_worker_process_keeps_the_measured_settings():
    # unpickled, MEASURED was a new object, not MEASURED: simulate(..., "mcts", workers=2) failed in every game
    import pickle

    sent = pickle.loads(pickle.dumps(MCTSBot(seed=3, playouts=5)))
    assert sent.settings("chang_cheng") == MCTSBot(playouts=5).settings("chang_cheng") and sent.seed == 3
