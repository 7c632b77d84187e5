"""The board view's Python side, without a browser: intents in, game and view state out.

The front end only draws ``_state`` and sends intents (dicts) through the widget's message handler, so
calling that handler is exactly what a click does. Every game runs the same checks.
"""

import asyncio
import concurrent.futures
import importlib
import random

import pytest

import greatwall_kit
from greatwall_kit.widgets import Board

MODULES = {"tiny_wall": "tests.conformance.example_game",
           **{name: path for name, path in greatwall_kit.GAMES.items()}}


def new(name, players=2, seed=3, **options):
    return importlib.import_module(MODULES[name]).new_game(players=players, seed=seed, **options)


def send(board, content):
    """What the browser does: one message through the widget's comm handler."""
    board._on_msg(board, content, [])


def targets(board):
    return {el for el in _attrs(board._state["board"], "data-target")}


def _attrs(svg, name):
    import re
    return re.findall(rf'{name}="([^"]+)"', svg)


def walk_to(game, decisions, seed=0):
    rng = random.Random(seed)
    while game.to_act is not None and len(game.history) < decisions:
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.fixture(params=list(MODULES))
def name(request):
    return request.param


def test_repr_is_deterministic_and_names_the_game(name):
    game = new(name)
    assert repr(Board(game)) == f"Board({game!r}, perspective='teacher')"
    data, _ = Board(game)._repr_mimebundle_()
    assert data["text/plain"] == repr(Board(game)) and data["image/svg+xml"].startswith("<svg")


def test_every_legal_board_move_is_a_target_and_clicking_one_plays_it(name):
    game = walk_to(new(name), 5)
    while not {game.move_element(m) for m in game.legal_moves()} - {None}:  # some decisions are all buttons
        game.play(game.legal_moves()[0])
    board = Board(game)
    on_board = {game.move_element(m) for m in game.legal_moves()} - {None}
    assert targets(board) == on_board
    buttons = {b["text"] for b in board._state["buttons"]}
    assert buttons == {str(m) for m in game.legal_moves() if game.move_element(m) is None}
    key = sorted(on_board)[0]
    moves = [m for m in game.legal_moves() if game.move_element(m) == key]
    before = len(game.history)
    send(board, {"type": "target", "key": key})
    if len(moves) == 1:
        assert game.history[before:] == (moves[0],)
    else:  # several moves on one element: the view offers them, nothing is played yet
        assert len(game.history) == before and board._state["choice"]["moves"] == [str(m) for m in moves]
        send(board, {"type": "move", "text": str(moves[-1])})
        assert game.history[before:] == (moves[-1],)
    assert board._state["announce"] and not board._state["message"]


def test_a_button_plays_its_move_and_undo_redo_walk_it_back_and_forth(name):
    game = walk_to(new(name), 3)
    board = Board(game)
    move = game.legal_moves()[0]
    send(board, {"type": "move", "text": str(move)})
    assert game.history[-1] == move
    send(board, {"type": "undo"})
    assert move not in game.history[3:] and board._state["can_redo"]
    send(board, {"type": "redo"})
    assert game.history[-1] == move and not board._state["can_redo"]


def test_code_in_another_cell_redraws_the_view_and_feeds_redo(name):
    game = new(name)
    board = Board(game)
    game.play(game.legal_moves()[0])
    assert board._state["scrub"]["max"] == 1 and board._state["can_undo"]
    game.undo()
    assert board._state["scrub"]["max"] == 0 and board._state["can_redo"]
    board.redo()
    assert len(game.history) == 1
    board.close()
    game.play(game.legal_moves()[0])  # a closed view no longer follows
    assert board._state["scrub"]["max"] == 1


def test_an_illegal_click_shows_the_engines_reason_and_changes_nothing(name):
    game = walk_to(new(name), 4)
    board = Board(game)
    before = game.to_json()
    legal = {game.move_element(m) for m in game.legal_moves()}
    others = sorted({k for k in _attrs(board._state["board"], "data-element")} - legal)
    if not others:
        pytest.skip("every element is a legal target here")
    send(board, {"type": "target", "key": others[0]})
    assert board._state["message"]["text"]
    assert game.to_json() == before


@pytest.mark.parametrize("content", [
    None, 5, "click", [], {}, {"type": 3}, {"type": "explode"}, {"type": "target"}, {"type": "target", "key": 7},
    {"type": "target", "key": "x" * 10_000}, {"type": "target", "key": "no-such-element"},
    {"type": "move", "text": None}, {"type": "move", "text": "xyzzy 9"}, {"type": "move", "text": ["draw"]},
    {"type": "scrub", "to": -1}, {"type": "scrub", "to": "sideways"}, {"type": "scrub", "to": 10**9},
    {"type": "scrub", "to": True}, {"type": "perspective", "value": "9"}, {"type": "perspective", "value": [1]},
    {"type": "step_by", "value": "year"}, {"type": "select", "key": {"a": 1}}, {"type": "branch"},
    {"type": "redo"},
])
def test_malformed_intents_get_a_message_and_change_nothing(name, content):
    game = walk_to(new(name), 2)
    board = Board(game)
    before, state = game.to_json(), dict(board._state)
    send(board, content)  # must not raise
    assert game.to_json() == before
    assert board._state["message"]["text"], f"no message for {content!r}"
    assert board._state["board"] == state["board"] or content == {"type": "target", "key": "no-such-element"}


def test_a_stale_target_from_an_earlier_position_is_refused(name):
    game = new(name)
    board = Board(game)
    old = sorted(targets(board))
    walk_to(game, 6, seed=1)
    before = game.to_json()
    for key in old:
        if key not in targets(board):
            send(board, {"type": "target", "key": key})
            assert game.to_json() == before and board._state["message"]
            break


def test_only_the_player_to_act_or_the_teacher_may_play(name):
    game = new(name)
    board = Board(game, perspective=(game.to_act + 1) % game.players)
    assert targets(board) == set() and board._state["buttons"] == []
    before = game.to_json()
    send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    assert "you are viewing as" in board._state["message"]["text"] and game.to_json() == before
    send(board, {"type": "perspective", "value": str(game.to_act)})
    send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    assert len(game.history) == 1


def test_perspectives_show_only_what_the_view_allows(name):
    game = walk_to(new(name), 6)
    board = Board(game, perspective="spectator")
    assert board._state["private"] == []
    assert [e["sentence"] for e in board._state["log"]] == game.view(None)["log"][-12:]
    for p in range(game.players):
        send(board, {"type": "perspective", "value": str(p)})
        assert [e["sentence"] for e in board._state["log"]] == game.view(p)["log"][-12:]
        assert all(entry["player"] == game.player_names[p] for entry in board._state["private"])
    send(board, {"type": "perspective", "value": "teacher"})
    assert [e["sentence"] for e in board._state["log"]] == [e.sentence for e in game.log][-12:]


def test_scrubbing_shows_a_copy_and_never_changes_the_game(name):
    game = walk_to(new(name), 8)
    board = Board(game)
    before = game.to_json()
    send(board, {"type": "scrub", "to": 3})
    assert board.shown.history == game.history[:3] and board._state["scrub"]["decision"] == 3
    assert board._state["buttons"] == [] and targets(board) == set()
    send(board, {"type": "move", "text": str(game.history[-1])})
    assert "looking back" in board._state["message"]["text"]
    for to in ("previous", "first", "next", "last"):
        send(board, {"type": "scrub", "to": to})
    assert game.to_json() == before and board._state["scrub"]["live"]


def test_stepping_by_event_stops_part_way_through_a_decision():
    game = walk_to(new("the_great_wall", players=1, seed=2), 400)  # a solo game runs whole Winters in one decision
    board = Board(game)
    send(board, {"type": "step_by", "value": "event"})
    send(board, {"type": "scrub", "to": "first"})
    seen_part_way = 0
    for _ in range(len(game.log) + len(game.history) + 1):
        send(board, {"type": "scrub", "to": "next"})
        seen_part_way += board._state["scrub"]["part_way"]
        if board._state["scrub"]["live"]:
            break
    assert seen_part_way > 0 and board._state["scrub"]["live"]


def test_play_from_here_branches_and_the_later_moves_can_be_redone(name):
    game = walk_to(new(name), 6)
    later = game.history[2:]
    board = Board(game)
    send(board, {"type": "scrub", "to": 2})
    send(board, {"type": "branch"})
    assert len(game.history) == 2 and board._state["scrub"]["live"]
    for move in later:
        board.redo()
    assert game.history[2:] == later


def test_bots_play_their_seats_and_a_failing_bot_hands_its_seat_back(name):
    game = new(name)
    human = game.to_act
    bot = lambda view, moves: random.Random(len(moves)).choice(moves)  # noqa: E731
    board = Board(game, seats={p: bot for p in range(game.players) if p != human}, bot_delay=0)
    send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    assert game.is_over or game.to_act == human
    other = new(name)
    board = Board(other, seats={other.to_act: lambda view, moves: "not a move at all"}, bot_delay=0)
    assert "failed" in board._state["message"]["text"] and board.seats == {} and not other.history


def test_bots_that_never_end_a_game_are_stopped_and_the_seats_handed_back():
    first = lambda view, moves: moves[0]  # noqa: E731  (never takes a tile in Dschingis Khan: the game never ends)
    game = new("dschingis_khan", seed=1)
    board = Board(game, seats={0: first, 1: first}, bot_delay=0)
    assert len(game.history) == 5_000 and not game.is_over and board.seats == {}
    assert "5,000 decisions in a row" in board._state["message"]["text"]


def test_bots_that_never_end_a_game_are_stopped_also_when_they_play_one_move_per_delay(monkeypatch):
    # with bot_delay > 0 (a move per delay in the kernel's event loop, not the loop above) they played for ever
    monkeypatch.setattr(importlib.import_module("greatwall_kit.widgets.board"), "MAX_DECISIONS", 30)
    first = lambda view, moves: moves[0]  # noqa: E731
    game = new("dschingis_khan", seed=1)

    async def watch():
        board = Board(game, seats={0: first, 1: first}, bot_delay=0.001)
        deadline = asyncio.get_running_loop().time() + 30
        while board.seats and len(game.history) <= 30 and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.05)  # a bot step still due would play now
        return board

    # a loop of its own, in a thread of its own: an earlier test (Playwright's sync API) may leave this
    # thread marked as running one
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        board = thread.submit(asyncio.run, watch()).result()
    assert len(game.history) == 30 and not game.is_over and board.seats == {}
    assert "30 decisions in a row" in board._state["message"]["text"]


def test_bots_see_only_their_seats_view(name):
    game = new(name)
    seen = []

    def bot(view, moves):
        seen.append(view)
        return moves[0]

    Board(game, seats={game.to_act: bot}, bot_delay=0)
    assert seen and all(v["viewer"] == v["to_act"] or v["to_act"] is None for v in seen[:1])
    assert seen[0] == new(name).view(new(name).to_act)


def test_selecting_an_element_highlights_it_on_board_and_lens(name):
    game = new(name)
    board = Board(game)
    key = next(iter(game.graph().nodes))
    send(board, {"type": "select", "key": str(key)})
    assert board.selected == str(key) and 'gw-selected' in board._state["lens"]


def test_a_selection_the_shown_position_does_not_draw_breaks_nothing(name):
    # a Chang Cheng square laid late, selected and then scrubbed back past, raised out of the message handler and
    # every later intent failed the same way; so did selecting a name that is no element at all
    game = walk_to(new(name), 60)
    for key in [*map(str, game.graph().nodes), "no-such-element"]:
        board = Board(game)
        send(board, {"type": "select", "key": key})
        send(board, {"type": "scrub", "to": "first"})
        assert board._state["scrub"]["decision"] == 0 and not board._state["message"]
        send(board, {"type": "scrub", "to": "now"})
        assert board._state["scrub"]["live"] and board.selected == key
        board.close()


@pytest.mark.parametrize("make", [
    lambda game: Board("great_wall_of_china"), lambda game: Board(game, seats=[lambda v, m: m[0]]),
    lambda game: Board(game, seats={5: lambda v, m: m[0]}), lambda game: Board(game, seats={0: "random"}),
    lambda game: Board(game, bot_delay="fast"), lambda game: Board(game, bot_delay=None),
    lambda game: Board(game, perspective=7), lambda game: Board(game, perspective="Red"),
    lambda game: Board(game, perspective="١"), lambda game: Board(game, perspective="²"),
    lambda game: Board(game).seat("0", lambda v, m: m[0]), lambda game: Board(game).seat(0, 5),
])
def test_a_board_made_or_seated_with_odd_arguments_is_the_kits_error(make):
    # these raised AttributeError, TypeError, traitlets' TraitError or a plain ValueError ("²"); an Arabic-Indic
    # "١" was player 1
    game = new("great_wall_of_china")
    with pytest.raises(greatwall_kit.GreatWallError):
        make(game)
    assert game.history == ()


def test_clicking_a_key_that_is_no_text_shows_a_message(name):
    # board.click(5) raised AttributeError ('int' object has no attribute 'rstrip')
    game = new(name)
    board = Board(game)
    for key in (5, None, ["s1"]):
        board.click(key)
        assert "key is a text" in board.message and game.history == ()


@pytest.mark.parametrize("kit_game", list(greatwall_kit.GAMES))  # the tiny test game has no hidden-world sampler
def test_the_kits_look_ahead_bots_play_a_seat(kit_game):
    name = kit_game
    from greatwall_kit.bots import GreedyBot, MCTSBot

    game = new(name)
    board = Board(game, seats={0: MCTSBot(seed=1, playouts=4), 1: GreedyBot(seed=2)}, bot_delay=0)
    assert game.is_over and not board._state["message"] and board.seats.keys() == {0, 1}


def test_the_last_move_is_marked_on_the_board(name):
    game = new(name)
    while game.to_act is not None and game.move_element(game.legal_moves()[0]) is None:
        game.play(game.legal_moves()[0])
    move = game.legal_moves()[0]
    key = game.move_element(move)
    board = Board(game)
    send(board, {"type": "move", "text": str(move)})
    assert f'data-element="{key}"' in board._state["board"]
    assert any(f'data-element="{key}"' in part and 'data-mark="added"' in part
               for part in board._state["board"].split("<g ")), f"{key} is not marked after {move}"
