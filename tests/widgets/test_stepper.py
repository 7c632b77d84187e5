"""The rule stepper's Python side: the position at each step, the marks of that step, what-if side by side, and bad
input (an index out of range, another game's resolution, an illegal what-if move, malformed intents)."""

import re

import pytest

import greatwall_kit
from greatwall_kit.engine.errors import GreatWallError, IllegalMoveError
from greatwall_kit.engine.graphs import changed_elements
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.steps import difference
from greatwall_kit.widgets import Stepper


def finished(name, seed=3, players=2):
    game = greatwall_kit.new_game(name, players=players, seed=seed)
    play_randomly(game, seed)
    return game


STEPPED = [name for name in greatwall_kit.GAMES if finished(name).resolutions()]


@pytest.fixture(params=STEPPED)
def game(request):
    return finished(request.param)


def marks_of(svg):
    return dict(re.findall(r'data-element="([^"]+)"[^>]*?data-mark="([a-z]+)"', svg))


def test_steps_forward_and_back_through_the_latest_resolution(game):
    stepper = Stepper(game)
    resolved = game.resolutions()[-1]
    assert stepper.resolved == resolved and stepper.step == resolved.steps[0] and stepper.index == 0
    texts = []
    for _ in resolved.steps:
        texts.append(stepper._view["step"]["text"])
        stepper.next()
    assert texts == [s.sentence for s in resolved.steps]
    stepper.previous()
    assert stepper.index == max(len(resolved.steps) - 2, 0)
    assert repr(stepper) == (f"Stepper({game!r}, resolution={len(game.resolutions()) - 1}, "
                             f"step={stepper.index + 1} of {len(resolved.steps)})")


def test_each_step_draws_the_position_after_it_with_that_steps_marks(game):
    """Issue 26 item 2: the board is ``resolved.after(i)``, and its marks are the step's own touches."""
    for number in range(min(6, len(game.resolutions()))):
        stepper = Stepper(game, resolution=number)
        resolved = stepper.resolved
        stepper.go("before")
        assert stepper.position is resolved.before and stepper._view["step"] is None
        assert stepper._view["board"] == resolved.before.picture()
        for index, step in enumerate(resolved.steps):
            stepper.go(index + 1)
            after = resolved.after(index)
            assert stepper.position is after
            board = stepper._view["board"]
            drawn = set(re.findall(r'data-element="([^"]+)"', after.picture()))
            assert {k: m for k, m in marks_of(board).items()} == {k: m for k, m in step.touches.items() if k in drawn}
            # the picture is the position after the step, marks aside
            assert changed_elements(re.sub(r' data-mark="[a-z]+"', "", board), after.picture()) <= set(step.touches)


def test_first_is_the_position_before_and_previous_from_the_first_step_goes_there(game):
    stepper = Stepper(game, resolution=0)
    stepper.previous()
    assert stepper.index == -1 and stepper.step is None and repr(stepper).endswith("step=0 of "
                                                                                  f"{len(stepper.resolved.steps)})")
    stepper.previous()
    assert stepper.index == -1


def test_the_lens_is_drawn_at_each_step_when_open(game):
    stepper = Stepper(game, resolution=0)
    assert stepper._lens == ""
    stepper.set_state({"lens_open": True})
    first = stepper._lens
    assert first.startswith("<svg")
    stepper.set_state({"size": "large"})
    assert 'font-size="18"' in stepper._lens


@pytest.mark.parametrize("index", [10**6, -2, "sideways", True, None, 1.5])
def test_an_index_out_of_range_is_the_kits_error_naming_the_range_and_changes_nothing(game, index):
    stepper = Stepper(game, resolution=0)
    count = len(stepper.resolved.steps)
    with pytest.raises(GreatWallError, match=f"steps 1 to {count}, or 0"):
        stepper.go(index)
    assert stepper.index == 0
    stepper.set_state({"index": index})  # from the browser: a message, the index kept
    assert stepper._view["message"] and stepper.index == 0


def test_go_takes_the_number_the_stepper_shows(game):
    """Issue 36: one numbering: ``go(n)`` shows "Step n of N" (1 the first step, 0 the position before)."""
    stepper = Stepper(game, resolution=0)
    count = len(stepper.resolved.steps)
    stepper.go(count)
    assert stepper.step is stepper.resolved.steps[-1] and repr(stepper).endswith(f"step={count} of {count})")
    stepper.go(1)
    assert stepper.step is stepper.resolved.steps[0] and repr(stepper).endswith(f"step=1 of {count})")
    stepper.go(0)
    assert stepper.step is None
    with pytest.raises(GreatWallError, match=f"steps 1 to {count}, or 0"):
        stepper.go(-1)


def test_a_resolution_from_another_game_is_refused_and_one_of_this_game_accepted(game):
    other = finished("great_wall_of_china" if game.name != "great_wall_of_china" else "dschingis_khan")
    with pytest.raises(GreatWallError, match="another game"):
        Stepper(game, resolution=other.resolutions()[0])
    twin = finished(game.name)  # the same game played again: another game object, equal resolutions
    with pytest.raises(GreatWallError, match="another game"):
        Stepper(game, resolution=twin.resolutions()[0])
    mine = game.resolutions()[1 if len(game.resolutions()) > 1 else 0]
    assert Stepper(game, resolution=mine).resolved == mine
    stepper = Stepper(game, resolution=0)
    with pytest.raises(GreatWallError, match="another game"):
        stepper.choose(other.resolutions()[0])
    assert stepper.resolution == 0


def test_an_illegal_what_if_move_is_the_engines_error_naming_the_rule_and_changes_nothing(game):
    number, resolved = next((i, r) for i, r in enumerate(game.resolutions()) if r.decision)
    stepper = Stepper(game, resolution=number)
    before = game.to_json()
    legal = {str(m) for m in game.position_at(resolved.decision - 1).legal_moves()}
    illegal = next(str(m) for r in game.resolutions() for m in [game.history[r.decision - 1]] if r.decision
                   and str(m) not in legal) if any(str(game.history[r.decision - 1]) not in legal
                                                   for r in game.resolutions() if r.decision) else None
    if illegal is None:
        pytest.skip("every decision that set a resolution off is legal here")
    with pytest.raises(IllegalMoveError) as info:
        stepper.what_if(illegal)
    assert info.value.rule and info.value.rule in str(info.value)
    assert stepper._alternative is None and game.to_json() == before
    stepper._on_msg(stepper, {"type": "what_if", "text": illegal}, [])
    assert info.value.rule in stepper._view["message"] and stepper._view["what_if"]["other"] is None


def test_what_if_shows_both_boards_at_the_same_step_their_differences_and_one_sentence(game):
    before = game.to_json()
    number, resolved, other = next(
        (i, r, m) for i, r in enumerate(game.resolutions()) if r.decision
        for m in game.position_at(r.decision - 1).legal_moves() if m != game.history[r.decision - 1])
    stepper = Stepper(game, resolution=number)
    stepper._on_msg(stepper, {"type": "what_if", "text": str(other)}, [])
    shown = stepper._view["what_if"]["other"]
    assert shown["move"] == str(other) and shown["board"].startswith("<svg")
    alternative = stepper._alternative[1]
    expected = alternative.after(0).picture() if alternative else stepper._alternative[0].picture()
    assert shown["board"] == expected
    assert shown["differs"] == sorted(changed_elements(stepper.position.picture(), shown["board"]))
    try:
        sentence = difference(resolved, alternative)
    except GreatWallError:  # (a game whose evidence gives no summary yet)
        sentence = None
    assert shown["difference"] == (sentence or stepper.difference) and shown["difference"]
    last = len(resolved.steps) - 1
    stepper.go(last + 1)  # the same step on both sides (the other's last if it has fewer)
    if alternative:
        shown = alternative.after(min(last, len(alternative.steps) - 1))
        assert stepper._view["what_if"]["other"]["board"] == shown.picture()
    stepper._on_msg(stepper, {"type": "clear"}, [])
    assert stepper._view["what_if"]["other"] is None and game.to_json() == before


@pytest.mark.parametrize("content", [None, {"type": "go", "to": 10**6}, {"type": "launch"},
                                     {"type": "what_if", "text": 3}, {"type": "what_if", "text": "xyzzy"},
                                     {"type": "what_if"}, "what_if", []])
def test_malformed_intents_get_a_message(game, content):
    stepper = Stepper(game)
    before, index = game.to_json(), stepper.index
    stepper._on_msg(stepper, content, [])
    assert stepper._view["message"] and stepper.index == index and game.to_json() == before


@pytest.mark.parametrize("traits", [{"resolution": 10**6}, {"resolution": -1}, {"size": "huge"}, {"index": "2"}])
def test_malformed_view_state_gets_a_message(game, traits):
    stepper = Stepper(game)
    resolution, index = stepper.resolution, stepper.index
    stepper.set_state(traits)
    assert stepper._view["message"] and (stepper.resolution, stepper.index) == (resolution, index)


def test_choosing_another_resolution_from_the_browser_starts_at_its_first_step(game):
    stepper = Stepper(game, resolution=0)
    stepper.go(len(stepper.resolved.steps))
    stepper.set_state({"resolution": len(game.resolutions()) - 1})
    assert stepper.resolved == game.resolutions()[-1] and stepper.index == 0


def test_a_game_with_nothing_resolved_is_refused_clearly():
    with pytest.raises(GreatWallError, match="nothing has been resolved"):
        Stepper(greatwall_kit.new_game("dschingis_khan", seed=1))
    with pytest.raises(GreatWallError, match="not a game"):
        Stepper("a game")
    game = finished("dschingis_khan")
    for bad in (10**6, "0", 1.0, True):
        with pytest.raises(GreatWallError, match="resolutions 0 to"):
            Stepper(game, resolution=bad)


def test_a_resolution_of_the_set_up_starts_part_way_and_offers_no_what_if():
    """Resolutions recorded while a position is set up (decision 0) start from the moment before them."""
    from greatwall_kit.the_great_wall import TheGreatWall

    # a position set up in Winter: its Assault resolves while it is set up
    game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "clans": [{}, {}],
                                       "sections": [{"wall": 0, "barricades": 1, "horde": [{"card": "h01"}]},
                                                    {"wall": 0, "barricades": 3, "horde": []},
                                                    {"wall": 0, "barricades": 3, "horde": []}]})
    stepper = Stepper(game, resolution=0)
    assert stepper._view["steps"] and stepper._view["what_if"]["played"] is None
    with pytest.raises(GreatWallError, match="set up"):
        stepper.what_if("anything")


def test_DK11_DK14_a_scout_path_steps_on_the_board_and_what_if_shows_another_first_step():
    """A scout's path is a resolution too: the pieces a climb closes are marked at that step."""
    from greatwall_kit.dschingis_khan.evidence import ScoutPath

    game = finished("dschingis_khan", seed=2)
    number, resolved = next((i, r) for i, r in enumerate(game.resolutions())
                            if isinstance(r.evidence, ScoutPath) and any(s.rule == "DK-14" for s in r.steps))
    stepper = Stepper(game, resolution=number)
    climb = next(i for i, s in enumerate(resolved.steps) if s.rule == "DK-14" and "closed" in s.numbers)
    stepper.go(climb + 1)
    board = stepper._view["board"]
    for line in resolved.steps[climb].numbers["closed"]:
        assert f'data-element="l{line}"' in board and marks_of(board).get(f"l{line}")
    played = game.history[resolved.decision - 1]
    other = next(m for m in game.position_at(resolved.decision - 1).legal_moves() if m != played)
    stepper.what_if(other)
    shown = stepper._view["what_if"]["other"]
    assert shown["move"] == str(other) and shown["board"].startswith("<svg")
