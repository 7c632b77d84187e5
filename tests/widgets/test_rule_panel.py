"""A rule ID clicked in a board (``{type: "rule", id}``) opens that rule's live example, and changes nothing else."""

import pytest

from greatwall_kit import new_game, rules
from greatwall_kit.widgets import Board, Stepper


def send(board, content):
    board._on_msg(board, content, [])


@pytest.mark.parametrize("game,rule", [("chang_cheng", "CC-47"), ("great_wall_of_china", "GW-16"),
                                       ("dschingis_khan", "DK-23"), ("the_great_wall", "TGW-34")])
def test_a_rule_id_opens_its_live_example_and_keeps_the_refusal(game, rule):
    board = Board(new_game(game, seed=1))
    send(board, {"type": "move", "text": "nonsense move"})
    refused, history = board.message, board.game.history
    assert refused
    send(board, {"type": "rule", "id": rule})
    shown = board._rule_view
    assert shown["id"] == rule and shown["title"] == str(rules.get(rule)) and shown["picture"].startswith("<svg")
    assert any(f"[{rule}]" in line for line in shown["lines"])
    assert board.message == refused and board.game.history == history
    # the rules a named variant reads another way show that reading too (GW-16, TGW-34)
    other = rules.example(rule).other
    assert [line for line in shown["lines"] if line.startswith("The other reading")] == (
        [f"The other reading, {other.reading}: {' '.join(other.cited)}"] if other else [])


@pytest.mark.parametrize("bad", ["XX-1", 5, None])
def test_a_rule_without_an_example_says_why(bad):
    board = Board(new_game("chang_cheng", seed=1))
    send(board, {"type": "rule", "id": bad})
    assert "no live example" in board._rule_view["title"] and board._rule_view["lines"][0]


def test_a_stepper_step_opens_its_rules_live_example():
    ex = rules.example("DK-23")
    stepper = Stepper(ex.after, resolution=ex.resolution)
    index, message = stepper.index, stepper.message
    send(stepper, {"type": "rule", "id": stepper.step.rule})
    assert stepper._rule_view["id"] == stepper.step.rule and stepper._rule_view["picture"].startswith("<svg")
    assert (stepper.index, stepper.message) == (index, message)


def test_what_happened_since_the_last_move_names_each_events_rule():
    board = Board(new_game("chang_cheng", seed=1), perspective=0)
    send(board, {"type": "move", "text": "single 0"})
    since, log = board._view["since"], board.game.log
    assert since["rules"] == [e.rule for e in log if e.sentence in since["items"]] == ["CC-06", "CC-17"]
