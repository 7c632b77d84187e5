"""The board view's Python side, without a browser: actions and view state in, game and drawn state out.

The front end only draws ``_board``, ``_lens``, ``_log`` and ``_view``; it sets the view-state traits through the
widget's ``set_state`` and sends actions through its message handler, so calling those two is exactly what the
browser does. Every game runs the same checks.
"""

import asyncio
import concurrent.futures
import importlib
import json
import random
import re

import pytest

import greatwall_kit
from greatwall_kit.engine.graphs import changed_elements
from greatwall_kit.widgets import Board
from greatwall_kit.widgets.board import _CHOSEN

MODULES = {"tiny_wall": "tests.conformance.example_game",
           **{name: path for name, path in greatwall_kit.GAMES.items()}}


def new(name, players=2, seed=3, **options):
    return importlib.import_module(MODULES[name]).new_game(players=players, seed=seed, **options)


def send(board, content):
    """What the browser does for an action: one message through the widget's comm handler."""
    board._on_msg(board, content, [])


def browser_sets(board, **traits):
    """What the browser does for view state: it sets traits, which reach Python through set_state."""
    board.set_state(traits)


def targets(board):
    return set(re.findall(r'data-target="([^"]+)"', board._board))


def drawn_keys(board):
    return set(re.findall(r'data-element="([^"]+)"', board._board))


def marked(board):
    return {k: m for k, m in re.findall(r'data-element="([^"]+)"[^>]*?data-mark="([a-z]+)"', board._board)}


def message(board):
    return (board._view["message"] or {}).get("text", "")


def walk_to(game, decisions, seed=0):
    rng = random.Random(seed)
    while game.to_act is not None and len(game.history) < decisions:
        game.play(rng.choice(game.legal_moves()))
    return game


def first_bot(view, moves):
    return moves[0]


@pytest.fixture(params=list(MODULES))
def name(request):
    return request.param


@pytest.fixture(autouse=True)
def _forget_chosen_perspectives():
    _CHOSEN.clear()
    yield
    _CHOSEN.clear()


def test_repr_is_deterministic_and_names_the_game(name):
    game = new(name)
    assert repr(Board(game)) == f"Board({game!r}, perspective='spectator', hot_seat=True)"
    assert repr(Board(game, perspective="teacher")) == f"Board({game!r}, perspective='teacher')"
    data, _ = Board(game)._repr_mimebundle_()
    assert data["text/plain"] == repr(Board(game)) and data["image/svg+xml"].startswith("<svg")


def test_every_legal_board_move_is_a_target_and_clicking_one_plays_it(name):
    game = walk_to(new(name), 5)
    while not {game.move_element(m) for m in game.legal_moves()} - {None}:  # some decisions are all buttons
        game.play(game.legal_moves()[0])
    board = Board(game, perspective="teacher")
    on_board = {game.move_element(m) for m in game.legal_moves()} - {None}
    assert targets(board) == on_board == set(board._view["targets"])
    buttons = {str(m) for m in game.legal_moves() if game.move_element(m) is None}
    assert {b[0] for b in board._view["buttons"]} == buttons
    for key in sorted(on_board):
        assert [t for t, *_ in board._view["targets"][key]] == [str(m) for m in game.legal_moves()
                                                               if game.move_element(m) == key]
    key = sorted(on_board)[0]
    moves = [m for m in game.legal_moves() if game.move_element(m) == key]
    before = len(game.history)
    send(board, {"type": "target", "key": key})
    if len(moves) == 1:
        assert game.history[before:] == (moves[0],)
    else:  # several moves on one element: the view opens its choice; asked from code, the message names them
        assert len(game.history) == before and all(str(m) in message(board) for m in moves)
        send(board, {"type": "move", "text": str(moves[-1])})
        assert game.history[before:] == (moves[-1],)
    assert board._view["announce"] and not board._view["message"]


def test_every_move_button_target_and_choice_names_its_rule_with_the_kits_summary(name):
    """Item 6: the tooltip of each move is its rule's ID (the kit's summary of it is sent along) and what the move
    does (tests/widgets/test_move_notes.py holds the rule to the one the engine cites)."""
    game = new(name)
    rng = random.Random(1)
    seen = 0
    for _ in range(40):
        if game.to_act is None:
            break
        board = Board(game, perspective="teacher")
        view = board._view
        moves = view["buttons"] + [m for ms in view["targets"].values() for m in ms]
        assert len(moves) == len(game.legal_moves())
        for text, rule, what, label in moves:
            assert rule and rule in view["rules"] and view["rules"][rule] and what, f"{text!r} has no rule to show"
            assert label, f"{text!r} has no words for its button"
            seen += 1
        board.close()
        game.play(rng.choice(game.legal_moves()))
    assert seen





def test_a_button_plays_its_move_and_undo_redo_walk_it_back_and_forth(name):
    game = walk_to(new(name), 3)
    board = Board(game, perspective="teacher")
    move = game.legal_moves()[0]
    send(board, {"type": "move", "text": str(move)})
    assert game.history[-1] == move
    send(board, {"type": "undo"})
    assert len(game.history) == 3 and board._view["can_redo"]
    send(board, {"type": "redo"})
    assert game.history[-1] == move and not board._view["can_redo"]


def test_code_in_another_cell_redraws_the_view_and_feeds_redo(name):
    game = new(name)
    board = Board(game, perspective="teacher")
    game.play(game.legal_moves()[0])
    assert board._view["scrub"]["max"] == 1 and board._view["can_undo"]
    game.undo()
    assert board._view["scrub"]["max"] == 0 and board._view["can_redo"]
    board.redo()
    assert len(game.history) == 1
    board.close()
    game.play(game.legal_moves()[0])  # a closed view no longer follows
    assert board._view["scrub"]["max"] == 1


def test_an_illegal_click_shows_the_engines_reason_and_changes_nothing(name):
    game = walk_to(new(name), 4)
    board = Board(game, perspective="teacher")
    before = game.to_json()
    others = sorted(drawn_keys(board) - targets(board))
    if not others:
        pytest.skip("every element is a legal target here")
    send(board, {"type": "target", "key": others[0]})
    assert message(board)
    assert game.to_json() == before


@pytest.mark.parametrize("content", [
    None, 5, "click", [], {}, {"type": 3}, {"type": "explode"}, {"type": "target"}, {"type": "target", "key": 7},
    {"type": "target", "key": "x" * 10_000}, {"type": "target", "key": "no-such-element"},
    {"type": "move", "text": None}, {"type": "move", "text": "xyzzy 9"}, {"type": "move", "text": ["draw"]},
    {"type": "branch"}, {"type": "redo"}, {"type": "pass", "player": 1}, {"type": "scrub", "to": "first"},
])
def test_malformed_actions_get_a_message_and_change_nothing(name, content):
    game = walk_to(new(name), 2)
    board = Board(game, perspective="teacher")
    before, picture = game.to_json(), board._board
    send(board, content)  # must not raise
    assert game.to_json() == before
    assert message(board), f"no message for {content!r}"
    assert board._board == picture or content == {"type": "target", "key": "no-such-element"}
    assert board.timings[-1][0] in ("malformed", "target", "move", "branch", "redo", "pass")


@pytest.mark.parametrize("traits", [
    {"perspective": "9"}, {"perspective": [1]}, {"perspective": "Red"}, {"perspective": "١"},
    {"at": "-1"}, {"at": "sideways"}, {"at": "99999"}, {"at": "e99999"}, {"at": "²"},
    {"step_by": "year"}, {"size": "huge"}, {"selected": "x" * 500},
    {"at": "1", "size": "huge"},  # one bad value refuses the whole change
])
def test_malformed_view_state_gets_a_message_keeps_the_old_value_and_changes_nothing(name, traits):
    game = walk_to(new(name), 3)
    board = Board(game, perspective="teacher")
    before, state = game.to_json(), {k: getattr(board, k) for k in ("perspective", "at", "step_by", "size")}
    browser_sets(board, **traits)  # must not raise
    assert game.to_json() == before
    assert message(board), f"no message for {traits!r}"
    assert {k: getattr(board, k) for k in state} == state


def test_view_state_from_the_browser_is_observed_and_redraws(name):
    game = walk_to(new(name), 4)
    board = Board(game, perspective="teacher")
    browser_sets(board, at="2")
    assert board.shown.history == game.history[:2] and board._view["scrub"]["decision"] == 2
    browser_sets(board, at="now", size="large", lens_open=True)
    assert board.shown is game and 'font-size="18"' in board._lens
    browser_sets(board, lens_open=False)
    assert board._lens == ""
    assert any(kind.startswith("set ") for kind, _ in board.timings)


def test_a_stale_target_from_an_earlier_position_is_refused(name):
    game = new(name)
    board = Board(game, perspective="teacher")
    old = sorted(targets(board))
    walk_to(game, 6, seed=1)
    before = game.to_json()
    stale = [key for key in old if key not in targets(board)]
    for key in stale[:1]:
        send(board, {"type": "target", "key": key})
        assert game.to_json() == before and board._view["message"]


def test_a_stale_move_from_an_earlier_position_is_refused(name):
    game = new(name)
    board = Board(game, perspective="teacher")
    old = [str(m) for m in game.legal_moves()]
    walk_to(game, 6, seed=1)
    stale = [text for text in old if text not in {str(m) for m in game.legal_moves()}]
    before = game.to_json()
    for text in stale[:3]:
        send(board, {"type": "move", "text": text})
        assert game.to_json() == before and message(board)


def test_only_the_player_to_act_or_the_teacher_may_play(name):
    game = new(name)
    board = Board(game, perspective=(game.to_act + 1) % game.players)
    assert targets(board) == set() and board._view["buttons"] == []
    before = game.to_json()
    send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    assert "you are viewing as" in message(board) and game.to_json() == before
    browser_sets(board, perspective=str(game.to_act))
    send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    assert len(game.history) == 1


def _refused_for_the_bot(board, game, bot_seat):
    """Every way to play for the bot's seat while its move is due, from every perspective: each refused with the
    seat's reason, the game unchanged."""
    before, name = game.history, game.player_names[bot_seat]
    keys = [k for k in map(game.move_element, game.legal_moves()) if k is not None]
    tries = [lambda: send(board, {"type": "move", "text": str(game.legal_moves()[0])}),
             lambda: board.choose(game.legal_moves()[0])]
    tries += [lambda: send(board, {"type": "target", "key": keys[0]}), lambda: board.click(keys[0])] if keys else []
    for perspective in ("teacher", *map(str, range(game.players)), "spectator"):
        browser_sets(board, perspective=perspective)
        for attempt in tries:
            attempt()
            assert game.history == before, f"a move for the computer's seat was played from {perspective}'s view"
            assert message(board) == f"{name}'s seat is played by the computer", (perspective, message(board))


def _run_in_a_loop(scenario):
    """Run ``scenario()`` (a coroutine function) in an event loop of its own, in a thread of its own (see below)."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result()


def test_during_the_bots_delay_nobody_plays_its_seat_after_undo_and_with_the_cell_run_again_too(name):
    """Planted (and reverted): the seat check reading the perspective instead of the player to act (the teacher's
    move and click were played for the bot) was caught."""
    game = new(name)
    human = game.to_act
    bots = {p: first_bot for p in range(game.players) if p != human}

    async def until_the_bot_is_due(board):
        while game.to_act == human:
            send(board, {"type": "move", "text": str(game.legal_moves()[0])})
        assert game.to_act in bots and board._bot_pending, "the bot's move should be waiting for its delay"

    async def scenario():
        board = Board(game, seats=bots, bot_delay=0.3)
        await until_the_bot_is_due(board)
        _refused_for_the_bot(board, game, game.to_act)
        made = len(game.history)
        for _ in range(100):
            await asyncio.sleep(0.02)
            if len(game.history) > made:
                break
        assert len(game.history) > made, "the bot did not play after its delay"
        browser_sets(board, perspective=str(human))
        while game.to_act is not None and game.to_act != human:
            await asyncio.sleep(0.02)
        send(board, {"type": "undo"})  # back to the human's decision; the bots wait for the human
        assert game.to_act == human, message(board)
        await until_the_bot_is_due(board)
        _refused_for_the_bot(board, game, game.to_act)
        again = Board(game, seats=bots, bot_delay=0.3)  # the cell run again, while the first board's bot is due
        _refused_for_the_bot(again, game, game.to_act)
        _refused_for_the_bot(board, game, game.to_act)

    _run_in_a_loop(scenario)


# -- perspectives that keep secrets ------------------------------------------------------------------------------


def test_a_board_opens_in_the_human_seats_view_never_the_teachers(name):
    game = new(name)
    assert Board(game, seats={1: first_bot}, bot_delay=0).perspective == 0
    assert Board(new(name), seats={0: first_bot}, bot_delay=0).perspective == 1
    hot = Board(new(name))  # no bots: students in turn, the board passed between them
    assert hot.hot_seat and hot.perspective == "spectator" and hot._view["passing"]["player"] == new(name).to_act
    assert Board(new(name), perspective="teacher").perspective == "teacher"


def test_running_the_cell_again_keeps_the_perspective_chosen_in_the_view(name):
    game = new(name)
    board = Board(game, seats={1: first_bot}, bot_delay=0)
    browser_sets(board, perspective="spectator")
    again = Board(game, seats={1: first_bot}, bot_delay=0)  # the cell run again, on the same game
    assert again.perspective == "spectator"
    assert Board(new(name), seats={1: first_bot}, bot_delay=0).perspective == 0  # a new game: the human seat


def test_perspectives_show_only_what_the_view_allows(name):
    game = walk_to(new(name), 6)
    board = Board(game, perspective="spectator")
    assert board._view["private"] == []
    assert [e[0] for e in board._log] == game.view(None)["log"]
    for p in range(game.players):
        browser_sets(board, perspective=str(p))
        assert [e[0] for e in board._log] == game.view(p)["log"]
        assert all(entry["player"] == game.player_names[p] for entry in board._view["private"])
    browser_sets(board, perspective="teacher")
    assert len(board._log) == len(game.log)


def test_CC16_log_sentences_say_you_only_to_the_viewer_and_a_peek_stays_in_its_players_view():
    game = new("chang_cheng", seed=1)
    rng = random.Random(4)
    while not any(e.rule == "CC-16" and e.private_to for e in game.log):
        moves = game.legal_moves()
        peeks = [m for m in moves if str(m).startswith("peek")]
        game.play(peeks[0] if peeks else rng.choice(moves))
    peek = next(e for e in game.log if e.rule == "CC-16" and e.private_to)
    (owner,) = peek.private_to
    name = game.player_names[owner]
    teacher = Board(game, perspective="teacher")
    assert not [e[0] for e in teacher._log if e[0].startswith("You ")]
    assert "(" + name + " only) " + name + " sees threat" in "\n".join(e[0] for e in teacher._log)
    mine = Board(game, perspective=owner)
    assert peek.sentence in [e[0] for e in mine._log]
    region = peek.data["region"]
    known = " · ".join(line for p in mine._view["private"] for line in p["lines"])
    assert f"{region}: {peek.data['threat']}" in known  # the threat this player saw, in this player's view
    other = Board(game, perspective=1 - owner)
    assert f"{region}: {peek.data['threat']}" not in json.dumps(other._view) + json.dumps(other._log)


# -- hot seat ----------------------------------------------------------------------------------------------------


def _private_texts(game):
    """Every text that only one player may read: their private view values and their secret log sentences."""
    texts = set()
    for p in range(game.players):
        for key, value in game.view(p)["private"].items():
            if value not in (None, [], {}, "", 0):
                texts.add(f"{key.replace('_', ' ')}: ")
        texts |= {e.sentence for e in game.log if e.private_to and len(e.sentence) > 12}
    return texts


def test_hot_seat_passes_the_board_and_shows_nothing_private_until_the_next_player_takes_it(name):
    game = walk_to(new(name, players=2), 3)
    board = Board(game)
    assert board.hot_seat
    for _ in range(8):
        if game.is_over:
            break
        waiting = board._view["passing"]
        assert waiting and waiting["player"] == game.to_act
        everything = json.dumps(board.get_state(), default=str)  # every synced trait: what reaches the page
        leaked = [t for t in _private_texts(game) if t in everything]
        assert not leaked, f"private text in the page while passing: {leaked[:3]}"
        assert targets(board) == set() and board._view["buttons"] == [] and board._view["private"] == []
        send(board, {"type": "move", "text": str(game.legal_moves()[0])})
        assert "waiting for" in message(board) and board._view["passing"]
        send(board, {"type": "pass", "player": (game.to_act + 1) % game.players})  # the wrong student
        assert "passed to" in message(board) and board._view["passing"]
        send(board, {"type": "pass", "player": game.to_act})
        player = game.to_act
        assert board.perspective == player and not board._view["passing"]
        assert all(p["player"] == game.player_names[player] for p in board._view["private"])
        mover = game.to_act
        while not game.is_over and game.to_act == mover:  # a player may decide several times in a row
            send(board, {"type": "move", "text": str(game.legal_moves()[0])})


def test_hot_seat_refuses_the_teachers_view_and_another_players(name):
    game = new(name)
    board = Board(game)
    send(board, {"type": "pass", "player": game.to_act})
    for value in ("teacher", str((game.to_act + 1) % game.players)):
        browser_sets(board, perspective=value)
        assert "hot-seat" in message(board) and board.perspective == game.to_act
    browser_sets(board, perspective="spectator")
    assert board.perspective == "spectator" and board._view["private"] == []


# -- undo with bots ----------------------------------------------------------------------------------------------


def test_undo_with_bots_goes_back_to_the_humans_decision_bots_wait_and_redo_replays_the_same_moves(name):
    game = new(name, seed=5)
    rng = random.Random(5)
    bot = lambda view, moves: random.Random(rng.random()).choice(moves)  # noqa: E731  (never the same twice)
    board = Board(game, seats={1: bot}, bot_delay=0)
    for _ in range(6):
        if game.is_over:
            break
        send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    played = game.history
    human = [i for i, actor in enumerate(board._actors) if actor == 0]
    send(board, {"type": "undo"})
    assert game.history == played[:human[-1]] and game.to_act == 0  # the human decides again; the bot waits
    send(board, {"type": "undo"})
    assert game.history == played[:human[-2]] and game.to_act == 0
    send(board, {"type": "redo"})
    send(board, {"type": "redo"})
    assert game.history == played, "Redo must replay the same moves, the bot's included"


def test_replaying_the_same_move_after_undo_lets_the_bots_replay_theirs(name):
    game = new(name, seed=6)
    rng = random.Random(6)
    board = Board(game, seats={1: lambda view, moves: random.Random(rng.random()).choice(moves)}, bot_delay=0)
    for _ in range(3):
        if not game.is_over:
            send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    played = game.history
    human = [i for i, actor in enumerate(board._actors) if actor == 0]
    send(board, {"type": "undo"})
    send(board, {"type": "move", "text": str(played[human[-1]])})
    assert game.history == played


def test_undo_after_a_finished_game_against_bots_goes_back_to_the_humans_last_decision():
    game = new("dschingis_khan", seed=2)
    board = Board(game, seats={1: lambda view, moves: random.Random(len(moves)).choice(moves)}, bot_delay=0)
    rng = random.Random(2)
    while not game.is_over:
        send(board, {"type": "move", "text": str(rng.choice(game.legal_moves()))})
    over = game.history
    human = [i for i, actor in enumerate(board._actors) if actor == 0]
    for k in (1, 2, 3):
        send(board, {"type": "undo"})
        assert game.history == over[:human[-k]] and game.to_act == 0
    assert not message(board)


def test_undo_with_only_bot_decisions_says_so_and_changes_nothing():
    game = new("great_wall_of_china", seed=1)
    board = Board(game, seats={0: first_bot}, bot_delay=0)  # the bot moves first
    if not game.history:
        pytest.skip("the human starts")
    before = game.history
    send(board, {"type": "undo"})
    assert "no decision of a human seat" in message(board) and game.history == before


# -- what just happened ------------------------------------------------------------------------------------------


def test_every_element_changed_since_the_viewers_last_decision_is_marked_and_named(name):
    game = new(name, seed=4)
    rng = random.Random(4)
    board = Board(game, seats={1: lambda view, moves: random.Random(len(moves)).choice(moves)}, bot_delay=0)
    checked = 0
    for _ in range(12):
        if game.is_over or game.to_act != 0:
            break
        send(board, {"type": "move", "text": str(rng.choice(game.legal_moves()))})
        mine = max(i for i, actor in enumerate(board._actors) if actor == 0) + 1
        if mine == len(game.history):
            base = mine - 1
        else:
            base = mine
        expected = changed_elements(game.position_at(base).picture(), game.picture())
        drawn_now = set(re.findall(r'data-element="([^"]+)"', game.picture()))
        assert set(board._view["changed"]) == expected & drawn_now
        since = board._view["since"]
        names = [e.sentence for e in game.log_for(0) if e.decision > base]
        assert since["items"] == names[-5:] and since["more"] == max(len(names) - 5, 0)
        checked += bool(expected)
    assert checked


def test_the_log_holds_the_whole_game(name):
    game = walk_to(new(name), 200)
    board = Board(game, perspective="teacher")
    assert len(board._log) == len(game.log)


# -- scrubbing, bots, selection (as before) ----------------------------------------------------------------------


def test_scrubbing_shows_a_copy_and_never_changes_the_game(name):
    game = walk_to(new(name), 8)
    board = Board(game, perspective="teacher")
    before = game.to_json()
    board.scrub(3)
    assert board.shown.history == game.history[:3] and board._view["scrub"]["decision"] == 3 and board.at == "3"
    assert board._view["buttons"] == [] and targets(board) == set()
    send(board, {"type": "move", "text": str(game.history[-1])})
    assert "looking back" in message(board)
    for to in ("previous", "first", "next", "last"):
        browser_sets(board, at=board._view["scrub"][to])
    assert game.to_json() == before and board._view["scrub"]["live"] and board.at == "now"


def test_stepping_by_event_stops_part_way_through_a_decision():
    game = walk_to(new("the_great_wall", players=1, seed=2), 400)  # a solo game runs whole Winters in one decision
    board = Board(game)
    browser_sets(board, step_by="event")
    browser_sets(board, at=board._view["scrub"]["first"])
    seen_part_way = 0
    for _ in range(len(game.log) + len(game.history) + 1):
        browser_sets(board, at=board._view["scrub"]["next"])
        seen_part_way += board._view["scrub"]["part_way"]
        if board._view["scrub"]["live"]:
            break
    assert seen_part_way > 0 and board._view["scrub"]["live"]


def test_play_from_here_branches_and_the_later_moves_can_be_redone(name):
    game = walk_to(new(name), 6)
    later = game.history[2:]
    board = Board(game, perspective="teacher")
    browser_sets(board, at="2")
    send(board, {"type": "branch"})
    assert len(game.history) == 2 and board._view["scrub"]["live"]
    for _ in later:
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
    assert "failed" in message(board) and board.seats == {} and not other.history


def test_bots_that_never_end_a_game_are_stopped_and_the_seats_handed_back():
    game = new("dschingis_khan", seed=1)  # (never takes a tile in Dschingis Khan: the game never ends)
    board = Board(game, seats={0: first_bot, 1: first_bot}, bot_delay=0)
    assert len(game.history) == 5_000 and not game.is_over and board.seats == {}
    assert "5,000 decisions in a row" in message(board)


def test_bots_that_never_end_a_game_are_stopped_also_when_they_play_one_move_per_delay(monkeypatch):
    monkeypatch.setattr(importlib.import_module("greatwall_kit.widgets.board"), "MAX_DECISIONS", 30)
    game = new("dschingis_khan", seed=1)

    async def watch():
        board = Board(game, seats={0: first_bot, 1: first_bot}, bot_delay=0.001)
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
    assert "30 decisions in a row" in message(board)


def test_bots_see_only_their_seats_view(name):
    game = new(name)
    seen = []

    def bot(view, moves):
        seen.append(view)
        return moves[0]

    Board(game, seats={game.to_act: bot}, bot_delay=0)
    assert seen[0] == new(name).view(new(name).to_act)


def test_selecting_an_element_highlights_it_on_board_and_lens(name):
    game = new(name)
    board = Board(game, perspective="teacher", lens=True)
    key = next(iter(game.graph().nodes))
    browser_sets(board, lens_open=True, selected=str(key))
    assert board.selected == str(key) and 'gw-selected' in board._lens


def test_a_selection_the_shown_position_does_not_draw_breaks_nothing(name):
    game = walk_to(new(name), 60)
    for key in [*map(str, list(game.graph().nodes)[:40]), "no-such-element"]:
        board = Board(game, perspective="teacher")
        browser_sets(board, selected=key)
        browser_sets(board, at="0")
        assert board._view["scrub"]["decision"] == 0 and not board._view["message"]
        browser_sets(board, at="now")
        assert board._view["scrub"]["live"] and board.selected == key
        board.close()


@pytest.mark.parametrize("make", [
    lambda game: Board("great_wall_of_china"), lambda game: Board(game, seats=[lambda v, m: m[0]]),
    lambda game: Board(game, seats={5: lambda v, m: m[0]}), lambda game: Board(game, seats={0: "random"}),
    lambda game: Board(game, bot_delay="fast"), lambda game: Board(game, bot_delay=None),
    lambda game: Board(game, perspective=7), lambda game: Board(game, perspective="Red"),
    lambda game: Board(game, perspective="١"), lambda game: Board(game, perspective="²"),
    lambda game: Board(game, size="huge"), lambda game: Board(game, hot_seat="yes"),
    lambda game: Board(game, hot_seat=True, perspective="teacher"),
    lambda game: Board(game).seat("0", lambda v, m: m[0]), lambda game: Board(game).seat(0, 5),
])
def test_a_board_made_or_seated_with_odd_arguments_is_the_kits_error(make):
    game = new("great_wall_of_china")
    with pytest.raises(greatwall_kit.GreatWallError):
        make(game)
    assert game.history == ()


def test_view_state_set_from_code_to_a_bad_value_is_the_kits_error():
    board = Board(new("great_wall_of_china"), perspective="teacher")
    for name, value in (("perspective", 9), ("at", "99"), ("size", "huge"), ("step_by", "year")):
        with pytest.raises(greatwall_kit.GreatWallError):
            setattr(board, name, value)


def test_clicking_a_key_that_is_no_text_shows_a_message(name):
    game = new(name)
    board = Board(game, perspective="teacher")
    for key in (5, None, ["s1"]):
        board.click(key)
        assert "key is a text" in board.message and game.history == ()


@pytest.mark.parametrize("kit_game", list(greatwall_kit.GAMES))  # the tiny test game has no hidden-world sampler
def test_the_kits_look_ahead_bots_play_a_seat(kit_game):
    from greatwall_kit.bots import GreedyBot, MCTSBot

    game = new(kit_game)
    board = Board(game, seats={0: MCTSBot(seed=1, playouts=4), 1: GreedyBot(seed=2)}, bot_delay=0)
    assert game.is_over and not board._view["message"] and board.seats.keys() == {0, 1}


def test_python_time_is_recorded_for_every_intent(name):
    game = new(name)
    board = Board(game, perspective="teacher")
    send(board, {"type": "move", "text": str(game.legal_moves()[0])})
    browser_sets(board, size="large")
    send(board, {"type": "undo"})
    kinds = [kind for kind, ms in board.timings]
    assert kinds == ["move", "set size", "undo"] and all(ms > 0 for _, ms in board.timings)


@pytest.mark.parametrize("game_name", list(greatwall_kit.GAMES))
def test_the_question_line_says_what_the_player_to_act_decides_at_every_kind_of_decision(game_name):
    """The strip's question names who is to act and what they decide ("Dragon to act: choose a Command card from
    their hand"), worded by the rules core (``game.question()``), at each kind of decision met in random games."""
    asked = {}
    for seed in (1, 2, 3):
        game, rng = new(game_name, seed=seed), random.Random(seed)
        while game.to_act is not None and len(game.history) < 300:
            kind = game.prompt[0]
            if kind not in asked:
                board = Board(game, perspective="teacher")
                asked[kind] = (game.question(), board._view["question"])
                board.close()
            game.play(rng.choice(game.legal_moves()))
    assert len(asked) >= 2, asked
    for kind, (question, shown) in asked.items():
        what = question.partition(" to act: ")[2]
        assert len(what.split()) >= 3, f"{game_name} {kind!r}: {question!r} does not say what is decided"
        assert question in shown, f"{game_name} {kind!r}: the board's question line {shown!r} leaves out {question!r}"
    whats = [q.partition(": ")[2] for q, _ in asked.values()]
    assert len(set(whats)) == len(whats), f"two kinds of decision are asked in the same words: {sorted(whats)}"
