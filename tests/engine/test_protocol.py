"""The protocol's own behaviour, on the tiny test game (the conformance suite covers the four games)."""

import copy
import json

import pytest

import greatwall_kit
from greatwall_kit import rules
from greatwall_kit.engine import (
    GreatWallError,
    IllegalMoveError,
    NotationError,
    PositionError,
    SaveFileError,
    SetupError,
)
from greatwall_kit.engine.log import KindEvent

from ..conformance.example_game import Place, TinyWall, new_game


@pytest.fixture
def game():
    return new_game(players=2, seed=1)


def test_play_accepts_a_move_or_its_text(game):
    assert game.play("place 2") == Place(2)
    assert game.play(Place(3)) == Place(3)
    assert game.history == (Place(2), Place(3))


def test_replay_takes_a_list_of_moves(game):
    for wrong in ("place 2", Place(2), 5, None):  # a text would have been played letter by letter
        with pytest.raises(NotationError, match="replay takes a list of moves"):
            game.replay(wrong)
    assert game.replay(("place 2", Place(3))).history == (Place(2), Place(3))


def test_legal_moves_is_a_live_view(game):
    legal = game.legal_moves()
    assert len(legal) == 6 and Place(0) in legal and "place 0" in legal and "nonsense" not in legal
    assert [1] not in legal and {"square": 0} not in legal
    game.play("place 0")
    assert len(legal) == 5 and Place(0) not in legal
    assert "place 1" in repr(legal) and "for player 1" in repr(legal)


def test_legal_moves_are_one_list_the_game_refills_after_plays_undos_and_failures(game, monkeypatch):
    legal = game.legal_moves()
    assert isinstance(legal, list) and game.legal_moves() is legal
    game.replay(["place 0", "place 1"])
    assert legal == [Place(i) for i in range(2, 6)] == game._legal_moves()
    game.undo(2)
    assert legal == [Place(i) for i in range(6)]
    monkeypatch.setitem(TinyWall.ON, "place", lambda self, actor, context, move: 1 / 0)  # (the agenda's play calls it)
    with pytest.raises(ZeroDivisionError):
        game.play("place 3")
    assert legal == [Place(i) for i in range(6)] and game.legal_moves() is legal
    monkeypatch.undo()
    game.replay([f"place {i}" for i in range(6)])
    assert game.is_over and legal == [] and not legal


def test_legal_moves_refuse_changes_and_copy_as_plain_lists(game):
    legal = game.legal_moves()
    snapshot, copied = list(legal), copy.copy(legal)
    for change in (lambda: legal.append(Place(9)), lambda: legal.pop(), lambda: legal.sort(), lambda: legal.clear(),
                   lambda: legal.__setitem__(0, Place(9)), lambda: legal.__delitem__(0), lambda: legal.remove(Place(0)),
                   lambda: legal.extend([]), lambda: legal.insert(0, Place(9)), lambda: legal.reverse()):
        with pytest.raises(GreatWallError, match="the legal moves are read-only"):
            change()
    with pytest.raises(GreatWallError, match="read-only"):
        legal += [Place(9)]
    assert legal == snapshot and type(copied) is list and type(copy.deepcopy(legal)) is list
    game.play("place 0")
    assert copied == snapshot != legal


def test_a_copy_of_the_game_lists_its_own_legal_moves(game):
    legal = game.legal_moves()
    for twin in (game.copy(), copy.deepcopy(game)):
        theirs = twin.legal_moves()
        assert theirs is not legal and theirs == legal
        twin.play("place 0")
        assert len(theirs) == 5 and len(legal) == 6


def test_legal_moves_outlive_their_game():
    legal = new_game(players=2, seed=1).legal_moves()  # the game is gone once the line is done
    assert len(legal) == 6 and "place 0" in legal and Place(0) in legal and "place 9" not in legal
    assert repr(legal).startswith("<LegalMoves: place 0")


def test_an_illegal_move_names_its_rule_and_changes_nothing(game):
    game.play("place 2")
    before = game.snapshot()
    with pytest.raises(IllegalMoveError, match=r"'place 2' is illegal: square 2 is already taken \[TW-01\]") as err:
        game.play("place 2")
    assert err.value.rule == "TW-01" and err.value.move == Place(2)
    assert isinstance(err.value, ValueError)
    assert game.snapshot() == before


def test_an_illegal_move_of_a_long_word_is_quoted_short():
    # a word field takes any word, so the illegal move can be as long as the text typed
    game = greatwall_kit.new_game("the_great_wall", seed=1)
    with pytest.raises(IllegalMoveError) as err:
        game.play("general " + "x" * 5000)
    assert len(str(err.value)) < 300 and str(err.value).endswith("[TGW-07]")


def test_bad_notation_is_a_notation_error(game):
    with pytest.raises(NotationError, match="expected 'place <square>'"):
        game.play("place")
    with pytest.raises(NotationError, match="known moves: 'place'"):
        game.play("build 3")
    with pytest.raises(NotationError):
        game.play(3)
    for sneaky in (Place(True), Place(1.0)):  # equal to Place(1), but not a move of the game
        with pytest.raises(NotationError, match="must be a whole number"):
            game.play(sneaky)
    assert game.history == ()


def test_undo_goes_back_any_number_of_decisions(game):
    start = game.snapshot()
    game.replay(["place 0", "place 1", "place 2"])
    after_one = new_game(players=2, seed=1).replay(["place 0"]).snapshot()
    game.undo(2)
    assert game.snapshot() == after_one
    game.undo(1)
    assert game.snapshot() == start
    with pytest.raises(ValueError, match="cannot undo 1"):
        game.undo()


def test_a_failure_inside_apply_leaves_the_state_as_before(game, monkeypatch):
    game.play("place 0")
    before, log = game.snapshot(), list(game.log)
    original = TinyWall.ON["place"]

    def place_with_a_bug(self, actor, context, move):
        if move.square == 1:
            self.strip[1] = 99  # half-applied when the bug strikes
            raise RuntimeError("rules bug")
        original(self, actor, context, move)

    monkeypatch.setitem(TinyWall.ON, "place", place_with_a_bug)
    with pytest.raises(RuntimeError, match="rules bug"):
        game.play("place 1")
    assert game.snapshot() == before and game.log == log and game.history == (Place(0),)


def test_views_hide_what_others_may_not_see(game):
    secret = game.bonus[0]
    assert game.view(0)["private"] == {"bonus": secret}
    assert game.view(1)["private"] == {"bonus": game.bonus[1]}
    assert game.view(None)["private"] == {}
    assert not any(str(secret) in line for line in game.view(1)["log"] if "Red" in line)
    with pytest.raises(ValueError, match="no player 2"):
        game.view(2)


@pytest.mark.parametrize("name", sorted(greatwall_kit.GAMES))
def test_each_view_logs_exactly_the_events_its_viewer_may_see_at_every_decision(name):
    from greatwall_kit.engine.playout import play_randomly

    game = greatwall_kit.new_game(name, players=2, seed=5)
    viewers = [None, *range(game.players)]
    for _ in range(60):
        for viewer in viewers:  # each viewer's sentences are kept between views: they must stay right
            shown = game.view(viewer)["log"]
            assert shown == [e.sentence for e in game.log if e.visible_to(viewer)]
            shown.append("a bot scribbling on its view")  # a view's list is the caller's own
        if game.is_over:
            break
        play_randomly(game, 5, stop_after=1)
    game.undo()  # a rebuilt game has a new log
    assert game.view(0)["log"] == [e.sentence for e in game.log if e.visible_to(0)]


def test_events_of_a_kind_read_like_events_in_logs_views_and_copies(game):
    game.replay(["place 2", "place 4"])
    placed = game.log[-1]
    assert isinstance(placed, KindEvent) and placed.kind.name == "placed"
    assert placed.sentence == "Green places a block on square 4."
    assert str(placed) == "Green places a block on square 4. [TW-01]" and placed.to_dict()["data"]["square"] == 4
    assert game.view(0)["log"][-2:] == ["Red places a block on square 2.", "Green places a block on square 4."]
    copy = game.copy()
    copy.play("place 0")
    game.play("place 1")
    assert copy.view(None)["log"][-1] == "Red places a block on square 0."
    assert game.view(None)["log"][-1] == "Red places a block on square 1."
    game.undo()
    assert game.view(None)["log"] == [e.sentence for e in game.log if e.visible_to(None)]
    assert game.position_at(event=len(game.log) - 2).log == game.log[:-1]


def test_finished_games_report_their_outcome(game):
    assert game.result is None and game.winners() == ()
    game.replay(f"place {i}" for i in range(6))
    assert game.is_over and game.result.scores == game.scores()
    assert set(game.winners()) <= {0, 1}


def test_setup_errors_name_the_problem():
    with pytest.raises(SetupError, match="for 2 to 3 players, not 5"):
        new_game(players=5)
    with pytest.raises(SetupError, match="options: squares"):
        new_game(colour="red")
    with pytest.raises(PositionError, match="does not support set-up positions"):
        TinyWall.from_position({"players": 2})
    with pytest.raises(PositionError, match="must be a dict"):
        TinyWall.from_position([1, 2])


def test_the_kit_starts_games_by_name_and_refuses_unknown_ones():
    with pytest.raises(SetupError, match="unknown game 'chess'"):
        greatwall_kit.new_game("chess")


def test_load_explains_what_is_wrong_with_a_document():
    for text, message in [("[]", "JSON object"), ("{}", "not a greatwall_kit save"),
                          (json.dumps({"format": "greatwall_kit.save", "version": 1}), "keys missing")]:
        with pytest.raises(SaveFileError, match=message):
            greatwall_kit.load(text)


def test_rules_resolve_by_id_and_by_game():
    assert rules.get("KIT-02").section == "Decisions"
    assert [r.id for r in rules.for_game("kit")] == ["KIT-01", "KIT-02"]
    with pytest.raises(KeyError, match="no rule 'XX-99'"):
        rules.get("XX-99")
    with pytest.raises(KeyError, match="unknown game"):
        rules.for_game("chess")


def test_a_subclass_of_an_agenda_game_plays_with_its_own_jobs_and_decisions():
    # the agenda's play binds in its class's ON and JOBS: a subclass that adds or replaces one gets a play of its own
    class Counted(TinyWall):
        def _on_place(self, actor, context, move):
            super()._on_place(actor, context, move)
            self._push(("count",))

        def _job_count(self):
            self.counted = getattr(self, "counted", 0) + 1

    game = Counted(players=2, seed=1).replay(["place 2", "place 3"])
    parent = TinyWall(players=2, seed=1).replay(["place 2", "place 3"])  # (its own play: no count job)
    assert game.counted == 2 and game.history == parent.history == (Place(2), Place(3))
    assert not hasattr(parent, "counted") and Counted.play is not TinyWall.play


def test_an_agenda_game_that_writes_its_own_apply_plays_through_it():
    # the agenda's play writes its _apply and _run in; a game that writes its own _apply keeps the contract's play
    played = []

    class OwnApply(TinyWall):
        def _apply(self, move):
            played.append(move)
            super()._apply(move)

    game = OwnApply(players=2, seed=1)
    assert type(game).play is not TinyWall.play
    game.play("place 2")
    assert played == [Place(2)] and game.history == (Place(2),) and game.to_act == 1
