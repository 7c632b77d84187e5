"""No secret in a board's state: what reaches the page from a player's or a spectator's board holds nothing private
to another seat, in play, after undo, looking back in the scrubber, after "Play from here", in hot seat, and in a
stepper's what-if.

What reaches the page is the widget's synced state and every message it sends (here recorded where the widget
would hand them to the kernel's comm). Other seats' secrets are read from the engine, never written here: their
private events' sentences (as the rules wrote them and as the teacher reads them) and the lines of their private
view (``game.view(other)["private"]``, as a private panel writes them). Beside that, the board of a player is
drawn again for a *twin* of the game (``tests/bots/twins.py``: every part the player cannot see rearranged): it
must be the very same, so no hand, draw, face-down tile or peeked value shapes it in any way.

Planted (and reverted), each caught: the log filter loosened for any non-spectator perspective
(``perspective != SPECTATOR`` in ``log_entries``: all 26 tests fail); the scrubber's label quoting the sentence of
any event it is set to (as it did until this test found it: a moment set from the page to another seat's secret
event showed its sentence; 16 fail); every player's private panel in a player's view (all fail); another seat's
private view in the title in a form no line check knows (the twin check: 13 fail); the whole log in a stepper's
state (the stepper test: 4 fail).
"""

import json
import random

import pytest

from greatwall_kit import GAMES, new_game
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.widgets import Board, Stepper
from greatwall_kit.widgets.board import _CHOSEN
from greatwall_kit.widgets.drawing import SPECTATOR, for_viewer, plain, viewer_of

from ..bots.twins import twin

CONFIGS = [(name, players) for name in sorted(GAMES) for players in new_game(name).player_counts if players > 1]
DECISIONS = 14  # human decisions per game: with the bots' between them, every game's hidden parts come into play


@pytest.fixture(autouse=True)
def _forget_chosen_perspectives():
    _CHOSEN.clear()
    yield
    _CHOSEN.clear()


def _escaped(text):
    return json.dumps(text, ensure_ascii=False)[1:-1]


def _panel_lines(game, player):
    return {f"{key.replace('_', ' ')}: {plain(value)}" for key, value in game.view(player)["private"].items()
            if value not in (None, [], {}, "", 0)}


def _secrets(game, shown, perspective):
    """``(sentences, lines)``: the texts private to a seat other than ``perspective``'s, less those
    ``perspective`` may read itself: the sentences of their secret events in ``game``, and the lines of their
    private panels in ``shown`` (the position drawn: the game, or a moment of its past)."""
    viewer, names = viewer_of(perspective), game.player_names
    readable = {for_viewer(e, viewer, names) for e in game.log if e.visible_to(viewer)}
    sentences = set()
    for e in game.log:
        if e.private_to and not e.visible_to(viewer):
            sentences |= {e.sentence, for_viewer(e, None, names)}
    mine = _panel_lines(shown, viewer) if viewer is not None else set()
    lines = {line for other in range(game.players) if other != viewer for line in _panel_lines(shown, other)}
    # (a line as short as "points: 2" may be any step's words too: the twin check below covers such values)
    return {text for text in sentences - readable if len(text) > 8}, {line for line in lines - mine if len(line) > 12}


class _Page:
    """A board (or a stepper) and everything it has sent to the page since the last look (taken after every change of
    what the board draws: a past position's panel may hold a line that is another seat's secret now)."""

    def __init__(self, board):
        self.board, self.sent = board, []
        board._send = lambda msg, buffers=None: self.sent.append(msg)

    def check(self, perspective, when):
        game, board = self.board.game, self.board
        page = json.dumps([board.get_state(), self.sent], ensure_ascii=False, default=str)
        self.sent.clear()
        sentences, lines = _secrets(game, getattr(board, "shown", game), perspective)
        # a sentence anywhere (a label may quote it); a panel line as a whole text (one player's line may be the
        # start of another's: "known threats: 0: -4" of "known threats: 0: -4, 3: -2")
        leaked = sorted([t for t in sentences if _escaped(t) in page]
                        + [t for t in lines if f'"{_escaped(t)}"' in page])
        assert not leaked, f"{when}: the page of {perspective!r}'s view holds {leaked[:3]}"


def _state(board):
    """The board's synced state, less what belongs to the widget and not the game: its names in the page, and the
    words said for the last action (a new board says the last decision's, one that just played says nothing)."""
    state = {k: v for k, v in board.get_state().items() if k not in ("_uid", "layout")}
    state["_view"] = {k: v for k, v in state["_view"].items() if k != "announce"}
    return state


def _same_for_a_twin(board, human):
    """The board of ``human`` in a twin of the game (the parts it cannot see rearranged) is drawn the same."""
    other = twin(board.game, human, seed=len(board.game.history))
    mirror = Board(other, perspective=human, seats=dict(board.seats), bot_delay=0, lens=True)
    mirror.lens_open = True
    assert _state(mirror) == _state(board), "the board shows something its player cannot see"
    mirror.close()


@pytest.mark.parametrize("name,players", CONFIGS)
def test_a_players_board_against_bots_sends_no_other_seats_secret(name, players):
    game, rng = new_game(name, players=players, seed=players), random.Random(players)
    human = rng.randrange(players)
    bots = {p: (lambda view, moves, r=random.Random(p): r.choice(moves)) for p in range(players) if p != human}  # noqa: B008 - a generator per seat, made once
    board = Board(game, seats=bots, bot_delay=0, perspective=human)
    page = _Page(board)
    board.lens_open = True
    for turn in range(DECISIONS):
        if game.is_over:
            break
        page.check(human, f"decision {len(game.history)}")
        if turn % 5 == 2:
            _same_for_a_twin(board, human)
        board.choose(rng.choice(game.legal_moves()))
        if turn == DECISIONS // 2:
            page.check(human, "before an undo")
            board.undo()
            page.check(human, "after an undo")
            board.choose(rng.choice(game.legal_moves()))
    page.check(human, "at the end")
    for perspective in (SPECTATOR, human):
        board.perspective = perspective
        page.check(perspective, "the perspective changed")
        moments = [str(d) for d in range(len(game.history))] + [f"e{i}" for i, e in enumerate(game.log) if e.decision]
        for at in rng.sample(moments, min(16, len(moments))):  # every event may be set from the page, seen or not
            board.at = at
            page.check(perspective, f"looking back at {at}")
        board.at = "now"
        page.check(perspective, "back to now")
    board.perspective = human
    board.at = str(len(game.history) // 2)
    page.check(human, "looking back to branch")
    board.play_from_here()
    page.check(human, "after Play from here")
    board.choose(rng.choice(game.legal_moves()))
    page.check(human, "after Play from here and a move")


@pytest.mark.parametrize("name,players", CONFIGS)
def test_a_hot_seat_board_shows_each_student_no_other_seats_secret(name, players):
    game, rng = new_game(name, players=players, seed=players + 10), random.Random(players)
    board = Board(game)
    assert board.hot_seat
    page = _Page(board)
    for _ in range(DECISIONS):
        if game.is_over:
            break
        page.check(SPECTATOR, "while the board is passed")
        board.pass_to(game.to_act)
        holder = game.to_act
        page.check(holder, "the board taken")
        while not game.is_over and game.to_act == holder:
            board.choose(rng.choice(game.legal_moves()))
            page.check(holder if game.to_act == holder else SPECTATOR, "a move played")
    at = f"e{len(game.log) - 1}"
    board.at = at if game.log[-1].decision else "0"
    page.check(SPECTATOR, "looking back while the board is passed")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_stepper_and_its_what_if_show_no_seats_secret(name):
    """A stepper has no perspective: like a spectator's view, it shows nothing private to any seat, at any step of a
    resolution and in a what-if tried at its decision."""
    game = new_game(name, players=3, seed=5)
    play_randomly(game, 5, stop_after=80)
    stepper = Stepper(game)
    page = _Page(stepper)
    resolved = stepper.resolved
    tries = list(game.position_at(resolved.decision - 1).legal_moves())[:3] if resolved.decision else []
    for move in [None, *tries]:
        if move is not None:
            stepper.what_if(move)
        for index in range(-1, len(resolved.steps)):
            stepper.index = index
            page.check(SPECTATOR, f"step {index}, what-if {move}")
