"""Stateful property tests: legal and illegal moves interleaved with undo, save/load, replay and copy.

After every step the game equals the one rebuilt from its move list (same save, byte for byte, and
same log), and an illegal move leaves the save byte-equal.
"""

import dataclasses

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import greatwall_kit
from greatwall_kit.engine import IllegalMoveError, NotationError
from tests import games

from .invariants import own_rule


def machine_for(name):
    module = games.module(name)

    class GameMachine(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            self.game = None
            self.seen = []  # moves legal at some point: later mostly illegal

        @precondition(lambda self: self.game is None)
        @rule(setup=st.sampled_from(games.setups(name)), seed=st.integers(0, 10_000))
        def start(self, setup, seed):
            players, options = setup
            self.game = module.new_game(players=players, seed=seed, **options)

        @precondition(lambda self: self.game is not None and not self.game.is_over)
        @rule(data=st.data(), count=st.integers(1, 12))
        def play_legal(self, data, count):
            for _ in range(count):
                if self.game.is_over:
                    break
                legal = list(self.game.legal_moves())
                move = legal[data.draw(st.integers(0, len(legal) - 1))]
                self.seen.append(move)
                self.game.play(move)

        @precondition(lambda self: self.game is not None and self.seen)
        @rule(data=st.data())
        def play_illegal(self, data):
            move = data.draw(st.sampled_from(self.seen))
            if move in self.game.legal_moves():
                return
            before = self.game.to_json()
            with pytest.raises(IllegalMoveError) as err:
                self.game.play(move)
            assert own_rule(err.value.rule, name), str(err.value)
            assert self.game.to_json() == before

        @precondition(lambda self: self.game is not None)
        @rule(text=st.sampled_from(["", "xyzzy", "take -1", "single 99999", "wall", "9 9 9"]))
        def play_nonsense(self, text):
            before = self.game.to_json()
            with pytest.raises((NotationError, IllegalMoveError)):
                self.game.play(text)
            assert self.game.to_json() == before

        @precondition(lambda self: self.game is not None and self.game.history)
        @rule(data=st.data())
        def undo(self, data):
            steps = data.draw(st.integers(1, min(5, len(self.game.history))))
            history = self.game.history
            self.game.undo(steps)
            assert self.game.history == history[:-steps]

        @precondition(lambda self: self.game is not None)
        @rule()
        def save_and_load(self):
            text = self.game.to_json()
            self.game = greatwall_kit.load(text)
            assert self.game.to_json() == text

        @precondition(lambda self: self.game is not None)
        @rule()
        def replay_from_texts(self):
            g = self.game
            self.game = type(g)(g.players, g.seed, start=g._start, **_options(g)).replay(str(m) for m in g.history)

        @precondition(lambda self: self.game is not None)
        @rule()
        def copy(self):
            original = self.game
            self.game = original.copy()
            if not original.is_over:  # the copy is independent: playing on it leaves the original alone
                before = original.to_json()
                self.game.play(self.game.legal_moves()[0])
                assert original.to_json() == before
                self.game.undo()

        @invariant()
        def equals_the_game_rebuilt_from_its_moves(self):
            g = self.game
            if g is None:
                return
            rebuilt = type(g)(g.players, g.seed, start=g._start, **_options(g)).replay(g.history)
            assert rebuilt.to_json() == g.to_json()
            assert rebuilt.log == g.log
            assert (g.to_act is None) == g.is_over and (g.is_over or len(g.legal_moves()) > 0)

    GameMachine.__name__ = GameMachine.__qualname__ = f"{name.title().replace('_', '')}Machine"
    return GameMachine


def _options(game):
    return dataclasses.asdict(game.options)


@pytest.mark.parametrize("name", sorted(games.names()))
def test_interleaved_play_undo_save_replay_and_copy(name):
    machine = machine_for(name)
    machine.TestCase.settings = settings(max_examples=12, stateful_step_count=25)
    machine.TestCase().runTest()
