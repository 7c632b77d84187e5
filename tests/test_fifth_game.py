"""A fifth game in an afternoon: the conformance suite's Tiny Wall joins the kit by one registry line, and saves,
bots, the simulation lab, the board view and the stepper play it with no edit to any shared module.

Tiny Wall is ``tests/conformance/example_game.py``, the worked example of ``docs/adding-a-game.md``.
"""

import doctest
import multiprocessing
import pathlib
import random
from dataclasses import dataclass

import pytest

import greatwall_kit
from greatwall_kit.bots import GreedyBot, MCTSBot, RandomBot, play_match, sample_world
from greatwall_kit.engine import SaveFileError, SetupError
from greatwall_kit.sim import simulate
from greatwall_kit.widgets import Board, Stepper

MODULE = "tests.conformance.example_game"
GUIDE = pathlib.Path(__file__).parents[1] / "docs" / "adding-a-game.md"


@pytest.fixture(autouse=True)
def tiny_wall():
    greatwall_kit.register_game("tiny_wall", "Tiny Wall", MODULE)  # the registry line
    yield
    greatwall_kit.GAMES.unregister("tiny_wall")  # (the other tests list the kit's own games)


def played(seed=1, players=2):
    game, rng = greatwall_kit.new_game("tiny_wall", players=players, seed=seed), random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_it_is_a_game_of_the_kit_while_registered():
    assert "tiny_wall" in greatwall_kit.GAMES and greatwall_kit.GAMES["tiny_wall"] == MODULE
    assert type(greatwall_kit.new_game("tiny_wall")).__name__ == "TinyWall"
    greatwall_kit.GAMES.unregister("tiny_wall")
    with pytest.raises(SetupError, match="unknown game 'tiny_wall'"):
        greatwall_kit.new_game("tiny_wall")
    greatwall_kit.register_game("tiny_wall", "Tiny Wall", MODULE)


def test_a_name_taken_or_an_entry_that_does_not_match_its_class_is_refused():
    with pytest.raises(SetupError, match="a game called 'tiny_wall' is already registered"):
        greatwall_kit.register_game("tiny_wall", "Tiny Wall", "greatwall_kit.chang_cheng")
    greatwall_kit.GAMES.unregister("tiny_wall")
    greatwall_kit.register_game("tiny_wall", "Tiny Hall", MODULE)
    with pytest.raises(SetupError, match=r"TinyWall.title is 'Tiny Wall', but the game is registered as 'Tiny Hall'"):
        greatwall_kit.GAMES.game_class("tiny_wall")


def test_saves_load_by_the_registry():
    game = played()
    again = greatwall_kit.load(game.to_json())
    assert again.snapshot() == game.snapshot() and again.history == game.history
    greatwall_kit.GAMES.unregister("tiny_wall")
    with pytest.raises(SaveFileError, match="unknown game 'tiny_wall'"):
        greatwall_kit.load(game.to_json())
    greatwall_kit.register_game("tiny_wall", "Tiny Wall", MODULE)


@pytest.mark.parametrize("bots", [[RandomBot(1), RandomBot(2)], [GreedyBot(1), RandomBot(2)],
                                  [MCTSBot(1, playouts=30), GreedyBot(2)]], ids=["random", "greedy", "mcts"])
def test_the_kits_bots_play_it(bots):
    game = play_match(greatwall_kit.new_game("tiny_wall", seed=4), bots)
    assert game.is_over and len(game.history) == 6


def test_bots_look_ahead_in_worlds_with_the_hidden_bonuses_redrawn():
    game = greatwall_kit.new_game("tiny_wall", players=3, seed=2)
    worlds = [sample_world(game, 0, random.Random(s)) for s in range(20)]
    assert all(w.bonus[0] == game.bonus[0] for w in worlds)  # the seat's own bonus is kept
    assert len({(w.bonus[1], w.bonus[2]) for w in worlds}) > 5  # the others' are drawn afresh


def test_the_mcts_bot_plays_unmeasured_settings():
    assert MCTSBot().settings("tiny_wall") == {"playouts": 200, "seconds": None, "rollout": None, "expand": "one",
                                               "exploration": 0.7}


def test_the_simulation_lab_plays_it_in_this_process_and_in_workers():
    alone = simulate("tiny_wall", ["mcts", "random"], 4, seed=1, workers=1, progress=False)
    assert len(alone) == 8 and list(alone.columns) == ["game", "seed", "seat", "bot", "players", "score", "rank",
                                                        "winner", "decisions", "end"]  # no figures of its own
    assert alone.equals(simulate("tiny_wall", ["mcts", "random"], 4, seed=1, workers=2, progress=False))


def test_workers_that_start_afresh_register_the_game_from_its_entry():
    # a spawned worker imports the kit anew (as on macOS and Windows): only the entry sent with the run registers
    # Tiny Wall there
    method = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method("spawn", force=True)
    try:
        table = simulate("tiny_wall", "random", 3, seed=2, workers=2, progress=False)
    finally:
        multiprocessing.set_start_method(method, force=True)
    assert table.equals(simulate("tiny_wall", "random", 3, seed=2, workers=1, progress=False))


def test_a_board_view_plays_it():
    game = greatwall_kit.new_game("tiny_wall", seed=3)
    board = Board(game, seats={1: RandomBot(5)}, bot_delay=0)  # Red at the board, a bot in Green's seat
    board._on_msg(board, {"type": "target", "key": "q2"}, [])  # what a click on square 2 sends
    assert [m.square for m in game.history][:1] == [2] and len(game.history) == 2  # the bot replied
    assert 'data-target="q2"' not in board._board and len(board._view["targets"]) == 4
    board._on_msg(board, {"type": "undo"}, [])
    assert game.history == ()


def test_a_stepper_steps_through_its_resolutions():
    game = played()
    stepper = Stepper(game, resolution=0)
    resolved = game.resolutions()[0]
    assert [step.rule for step in resolved.steps] == ["TW-01", "TW-02"]
    square = resolved.evidence.square
    assert stepper.step == resolved.steps[0] and stepper.position.strip[square] == resolved.evidence.player
    assert 'data-mark="added"' in stepper._view["board"] and resolved.before.strip[square] is None
    stepper.next()
    assert stepper.step == resolved.steps[1] and stepper._view["board"].count('data-mark="focus"') == 2


def test_the_guide_runs_as_written():
    failed, tried = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 10 and not failed


def test_the_guide_names_every_key_of_a_games_fixture_and_every_message_of_the_board_view():
    import dataclasses
    import re

    from greatwall_kit.widgets import board
    from tests.games import Fixture

    text = GUIDE.read_text(encoding="utf-8")
    fixture_table = text.split("## 6. ")[1]
    named = {key for row in re.findall(r"^\| (`\w+`(?:, `\w+`)*) \|", fixture_table, re.M)
             for key in re.findall(r"\w+", row)}
    assert named == {f.name for f in dataclasses.fields(Fixture)}
    sent = set(re.findall(r'\{"type": "(\w+)"', text))
    handled = set(re.search(r"known = \(([^)]*)\)", pathlib.Path(board.__file__).read_text()).group(1).replace(
        '"', "").replace(" ", "").split(","))
    assert sent == handled


def test_the_rule_summaries_gather_its_book_and_the_formats_page_passes_over_it():
    from greatwall_kit import rules
    from greatwall_kit.formats import schemas

    assert [rule.id for rule in rules.for_game("tiny_wall")] == ["TW-01", "TW-02"]
    assert rules.get("TW-02").section == "Scoring" and "TW-01" in rules.all_rules()
    with_it = schemas()  # Tiny Wall's options schema (tests/conformance/schemas, beside its module) joins the kit's
    assert ("tests.conformance", "options") in with_it
    greatwall_kit.GAMES.unregister("tiny_wall")
    assert schemas() == [schema for schema in with_it if schema[0] != "tests.conformance"]
    greatwall_kit.register_game("tiny_wall", "Tiny Wall", MODULE)


def test_a_game_that_misses_a_required_hook_cannot_be_made_and_the_message_names_it():
    from greatwall_kit.engine import Game

    class Unscored(Game):  # every required hook but _scores
        name, title, Options = "unscored", "Unscored", dataclass(frozen=True)(type("Options", (), {}))
        _setup = _to_act = _legal_moves = _apply = _snapshot = _view = lambda self, *args: None

    with pytest.raises(TypeError, match=r"abstract method '?_scores"):
        Unscored()
