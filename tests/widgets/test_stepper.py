"""The rule stepper's Python side: steps in order, marks that build up, what-if, and malformed intents."""

import pytest

import greatwall_kit
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.widgets import Stepper


def finished(name, seed=3, players=2):
    game = greatwall_kit.new_game(name, players=players, seed=seed)
    play_randomly(game, seed)
    return game


STEPPED = [name for name in greatwall_kit.GAMES if callable(getattr(finished(name), "resolutions", None))
           and finished(name).resolutions()]


@pytest.fixture(params=STEPPED)
def game(request):
    return finished(request.param)


def test_steps_forward_and_back_through_the_latest_resolution(game):
    stepper = Stepper(game)
    resolved = game.resolutions()[-1]
    assert stepper.resolved == resolved and stepper.step == resolved.steps[0]
    texts = []
    for _ in resolved.steps:
        texts.append(stepper._state["step"]["text"])
        stepper.next()
    assert texts == [s.sentence for s in resolved.steps]
    stepper.previous()
    assert stepper.index == max(len(resolved.steps) - 2, 0)
    assert repr(stepper) == (f"Stepper({game!r}, resolution={len(game.resolutions()) - 1}, "
                             f"step={stepper.index + 1} of {len(resolved.steps)})")


def test_the_board_marks_what_each_step_touches_and_earlier_removals_stay(game):
    for number, resolved in enumerate(game.resolutions()[:6]):
        stepper = Stepper(game, resolution=number)
        removed = set()
        for index, step in enumerate(resolved.steps):
            stepper.go(index)
            board = stepper._state["board"]
            for key in list(step.touches) + sorted(removed):
                if f'data-element="{key}"' in board:
                    assert board.count(f'data-element="{key}"') >= 1
            removed |= {k for k, m in step.touches.items() if m == "removed"}
        assert stepper._state["lens"].startswith("<svg")


def test_the_game_never_changes_and_what_if_shows_another_outcome(game):
    before = game.to_json()
    number, resolved, other = next(
        (i, r, m) for i, r in enumerate(game.resolutions()) if r.decision
        for m in game.position_at(r.decision - 1).legal_moves() if m != game.history[r.decision - 1])
    stepper = Stepper(game, resolution=number)
    stepper._on_msg(stepper, {"type": "what_if", "text": str(other)}, [])
    shown = stepper._state["what_if"]["other"]
    assert shown["move"] == str(other) and shown["board"].startswith("<svg") and shown["steps"]
    assert game.to_json() == before


@pytest.mark.parametrize("content", [None, {"type": "go", "to": 10**6}, {"type": "go", "to": "sideways"},
                                     {"type": "go", "to": True}, {"type": "resolution", "value": "999"},
                                     {"type": "resolution", "value": "٠"}, {"type": "resolution", "value": "²"},
                                     {"type": "what_if", "text": "xyzzy"}, {"type": "what_if", "text": 3},
                                     {"type": "launch"}])
def test_malformed_intents_get_a_message(game, content):
    stepper = Stepper(game)
    before, index = game.to_json(), stepper.index
    stepper._on_msg(stepper, content, [])
    assert stepper._state["message"] and stepper.index == index and game.to_json() == before


def test_a_game_with_nothing_resolved_is_refused_clearly():
    with pytest.raises(GreatWallError, match="nothing has been resolved"):
        Stepper(greatwall_kit.new_game("dschingis_khan", seed=1))
    with pytest.raises(GreatWallError, match="not a game"):
        Stepper("a game")


def test_a_resolution_of_the_set_up_starts_part_way_and_offers_no_what_if():
    """Resolutions recorded while a position is set up (decision 0) start from the moment before them."""
    from greatwall_kit.engine.protocol import Game

    from greatwall_kit.the_great_wall import TheGreatWall

    # a position set up in Winter: its Assault resolves while it is set up
    game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "clans": [{}, {}],
                                       "sections": [{"wall": 0, "barricades": 1, "horde": [{"card": "h01"}]},
                                                    {"wall": 0, "barricades": 3, "horde": []},
                                                    {"wall": 0, "barricades": 3, "horde": []}]})
    assault = game.resolutions()[0]
    assert game.log[assault.event].decision == 0 and game.log[-1].decision == 0
    copy = game.position_at(event=assault.start)
    assert len(copy.log) == assault.start + 1 and isinstance(copy, Game)
    with pytest.raises(GreatWallError, match="part-way"):
        copy.play("anything")
    stepper = Stepper(game, resolution=0)
    assert stepper._state["steps"] and stepper._state["what_if"]["played"] is None


def test_DK11_DK14_a_scout_path_steps_on_the_board_and_what_if_shows_another_first_step():
    """A scout's path is a resolution too: the closed pieces stay marked, and another first step shows its path."""
    from greatwall_kit.dschingis_khan.procedure import ScoutPath

    game = finished("dschingis_khan", seed=2)
    number, resolved = next((i, r) for i, r in enumerate(game.resolutions())
                            if isinstance(r.evidence, ScoutPath) and any(s.rule == "DK-14" for s in r.steps))
    stepper = Stepper(game, resolution=number)
    climb = next(i for i, s in enumerate(resolved.steps) if s.rule == "DK-14" and "closed" in s.numbers)
    stepper.go(len(resolved.steps) - 1)
    board = stepper._state["board"]
    for line in resolved.steps[climb].numbers["closed"]:
        assert f'data-element="l{line}" data-mark="changed"' in board
    played = game.history[resolved.decision - 1]
    other = next(m for m in game.position_at(resolved.decision - 1).legal_moves() if m != played)
    stepper.what_if(other)
    shown = stepper._state["what_if"]["other"]
    assert shown["move"] == str(other) and shown["steps"]
