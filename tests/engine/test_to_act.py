"""``game.to_act`` of an agenda game is a slot the agenda writes wherever it sets the prompt: it must give what the
contract's hook ``_to_act`` gives (whose decision the prompt is, ``None`` once the game is over) after every way a
game changes or is made. A game that writes its own hook keeps ``to_act`` as a property calling it."""

import copy
import inspect
import pickle
import random

import pytest

from greatwall_kit import GAMES, new_game
from greatwall_kit.bots.seat import sample_world
from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.engine import Game
from greatwall_kit.engine.agenda import AgendaGame
from greatwall_kit.the_great_wall import TheGreatWall
from tests.conformance.example_game import TinyWall


def _whose(game):
    """Whose decision it is by the contract's hook: the agenda's reads the prompt (a game may write its own)."""
    return game._to_act()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_to_act_names_the_prompts_player_after_every_decision_copy_and_undo(name):
    seen = 0
    for players, seed in ((2, 1), (3, 2)):
        game, rng = new_game(name, players=players, seed=seed), random.Random(seed)
        while True:
            assert game.to_act == _whose(game)
            if game.to_act is None:
                break
            game.play(rng.choice(game.legal_moves()))
            seen += 1
            if len(game.history) % 9 == 0:
                for twin in (game.copy(), copy.deepcopy(game), pickle.loads(pickle.dumps(game)),
                             game.position_at(len(game.history) - 1), sample_world(game, 0, random.Random(1))):
                    assert twin.to_act == _whose(twin)
        assert game.to_act is None and game.is_over
        game.undo(3)  # (rebuilt from its moves)
        assert game.to_act == _whose(game) is not None
    assert seen > 60


@pytest.mark.parametrize("name", sorted(GAMES))
def test_to_act_is_right_part_way_through_decisions_and_after_rule_steps(name):
    game, rng = new_game(name, players=2, seed=5), random.Random(5)
    while game.to_act is not None and len(game.history) < 60:
        game.play(rng.choice(game.legal_moves()))
    first = next(i for i, e in enumerate(game.log) if e.decision > 0)
    paused = [game.position_at(event=i) for i in range(first, len(game.log), 3)]
    after = [step.after for resolved in game.resolutions() for step in resolved.steps]
    assert len(paused) > 10 and after
    for position in paused + after:
        assert position.to_act == _whose(position)


def test_to_act_is_right_in_a_teaching_position_set_up_from_its_document():
    sections = [{"wall": 0, "barricades": 1, "horde": [{"card": "h01"}]}] + [{"wall": 0, "barricades": 3,
                                                                          "horde": []}] * 2
    game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "clans": [{}, {}],
                                       "sections": sections})
    assert game.to_act == _whose(game) is not None  # (the rules ran on from the document to a decision)
    game.play(game.legal_moves()[0])
    assert game.to_act == _whose(game)


def test_a_game_that_writes_its_own_to_act_hook_keeps_it_as_the_property():
    class Solo(TinyWall):
        def _to_act(self):
            prompt = self.prompt
            return None if prompt is None else 0  # (player 0 answers every decision, whoever is asked)

    game = Solo(players=2, seed=1).replay(["place 2"])
    assert Solo.to_act.fget is Solo._to_act and Solo.to_act.__doc__ == Game.to_act.__doc__
    assert game.prompt[1] == 1 and game.to_act == 0
    # Great Wall of China's own hook answers the player whose turn it is: it keeps the agenda's slot equal to it
    # (checked above, part-way through decisions too)
    for cls in (ChangCheng, TheGreatWall, TinyWall, type(new_game("great_wall_of_china"))):  # (the agenda's slot)
        assert inspect.getattr_static(cls, "to_act") is AgendaGame.__dict__["to_act"]


def test_a_game_over_at_set_up_has_no_one_to_act():
    class Over(TinyWall):
        def _job_turn(self):  # (nothing is ever asked)
            pass

    assert Over(players=2, seed=1).to_act is None and Over(players=2, seed=1).is_over

