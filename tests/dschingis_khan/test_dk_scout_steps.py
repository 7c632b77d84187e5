"""A scout's path through a turn as steps (DK-11 to DK-18): the rulebook's Figure 10, blocked scouts, and on
random games the positions after the steps: the scout moving village by village, the pieces it passes closing,
each tile laid, tiles discarded, ending in the position the engine reached."""

import pytest

from greatwall_kit.dschingis_khan import Climb, Discard, DschingisKhan, Gate, Lay, Track
from greatwall_kit.dschingis_khan.evidence import ScoutPath
from greatwall_kit.dschingis_khan.walls import CLOSED
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.steps import MARKS, difference

from .dk_support import game_at, line, v


def paths(game):
    return [r for r in game.resolutions() if isinstance(r.evidence, ScoutPath)]


def figure10_start():
    """Figure 10 on the kit's board: Green (scout on its set-up tile at (1,1)) holds a plague, a Mongol and a
    Chinese; Red's set-up tiles lie at (5,1) and (6,1), Red's scout on (5,1), both beside the open Great Wall."""
    return game_at(players=2, turn="Green", scouts={"Red": [5, 1], "Green": [1, 1]},
                   stacks={"1,1": ["Green farmer"], "5,1": ["Red chinese"], "6,1": ["Red chinese"]},
                   active={"Green": {"tiles": ["plague", "mongol", "chinese"]}})


def figure10():
    """Green's path of Figure 10: two tracks and a climb, a tile laid after each step."""
    game = figure10_start()
    up, down = line(game, (2, 3), (3, 3)), line(game, (6, 2), (7, 2))
    moves = [Track(v(game, 1, 2)), Lay("plague"), Track(v(game, 2, 2)), Lay("mongol"), Climb(up, down, v(game, 6, 1)),
             Lay("chinese")]
    for move in moves:
        game.play(move)
    return game, up, down


def test_DK11_DK12_DK14_DK15_DK18_figure10_green_climbs_past_reds_scout_onto_reds_other_tile():
    game, up, down = figure10()
    record = paths(game)[-1]
    green, red = v(game, 6, 1), v(game, 5, 1)
    assert record.title == f"Green's scout: villages {v(game, 1, 2)}, {v(game, 2, 2)}, {green}"
    steps = record.steps
    assert str(steps[0]) == (f"Green's scout sets out from village {v(game, 1, 1)} with 3 tiles to place, one face "
                             "down on each village it enters. [DK-11]")
    moved = [s for s in steps if "step" in s.numbers]
    assert [s.rule for s in moved] == ["DK-12", "DK-12", "DK-14"]
    climb = moved[-1]
    assert str(climb) == (f"Step 3: up the wall at the open piece (2,3)-(3,3), along the wall, and down at the open "
                          f"piece (6,2)-(7,2) into village {green}; both pieces close. [DK-14]")
    came_from = v(game, 2, 2)
    assert dict(climb.touches) == {f"l{up}": "changed", f"l{down}": "changed", f"v{green}": "changed",
                                   f"v{came_from}": "changed"}
    assert dict(climb.change) == {"scout": {"player": "Green", "village": f"v{green}",
                                            "closes": [f"l{up}", f"l{down}"]}}
    assert climb.numbers["closed"] == (up, down) and game.net.state[up] == game.net.state[down] == CLOSED
    # "He cannot go where the red scout is": refused at the stop before the climb
    stop = steps[:steps.index(climb)]
    assert f"Not along the wall to village {red}: Red's scout stands there. [DK-15]" in map(str, stop)
    ways = [s for s in stop if s.rule == "DK-11" and "ways" in s.numbers][-1]
    assert f"v{red}" not in ways.touches and f"v{green}" in ways.touches
    laid = [s for s in steps if s.rule == "DK-18"]
    assert [(s.numbers["height"], s.numbers["left"]) for s in laid] == [(1, 2), (1, 1), (2, 0)]
    assert laid[-1].sentence.startswith(f"A tile goes face down on top of village {green}: 2 high, Green controls it")
    assert dict(laid[-1].touches) == {f"v{green}": "added", "Green": "changed", "Red": "changed"}  # Red's tile covered
    assert str(steps[-1]) == f"No tile is left to place: the scout stays on village {green}. [DK-17]"
    assert all(m in MARKS for s in steps for m in s.touches.values())
    assert "plague" not in str(record) and "mongol" not in str(record)  # the tiles stay face down


def test_DK11_DK15_a_path_starts_from_the_position_before_its_first_step_and_names_the_start_village():
    game, _, _ = figure10()
    record = paths(game)[-1]
    before = game.position_at(event=record.start)
    assert before.scout[1] == v(game, 1, 1) and before.stacks[v(game, 1, 2)] == []
    assert game.log[record.event].rule == "DK-12" and record.decision == 1
    back = [s for s in record.steps if s.rule == "DK-15" and s.numbers["village"] == v(game, 1, 1)]
    assert back and back[0].sentence.endswith("the scout began its turn there and may not return.")


def test_DK13_a_gate_step_closes_its_piece():
    game = game_at(turn="Red", scouts={"Red": [2, 2], "Green": [1, 2], "Blue": [0, 0], "Orange": [6, 0]},
                   active={"Red": {"tiles": ["farmer"]}})
    gate = line(game, (2, 3), (3, 3))
    game.play(Gate(gate))
    game.play(Lay("farmer"))
    steps = paths(game)[-1].steps
    step = next(s for s in steps if "step" in s.numbers)
    assert str(step) == (f"Step 1: through the open gate at (2,3)-(3,3) from village {v(game, 2, 2)} to village "
                         f"{v(game, 2, 3)}; the piece closes behind the scout. [DK-13]")
    assert step.touches[f"l{gate}"] == "changed" and step.numbers["closed"] == (gate,)
    refused = [str(s) for s in steps if s.rule == "DK-15"]
    assert f"Not to village {v(game, 1, 2)}: Green's scout stands there. [DK-15]" in refused


def test_DK15_DK16_a_scout_blocked_at_the_start_shows_why_each_neighbour_is_refused():
    game = game_at(turn="Red", scouts={"Red": [0, 0], "Green": [1, 0], "Blue": [0, 1], "Orange": [5, 0]},
                   stacks={"0,0": ["Red farmer"]}, active={"Red": {"tiles": ["farmer", "mongol"]}})
    game.play(Discard())
    record = paths(game)[-1]
    assert record.title == "Red's scout is blocked" and game.log[record.event].rule == "DK-16"
    assert [str(s) for s in record.steps[1:]] == [
        "From village 0 the scout may enter no village. [DK-16]",
        f"Not to village {v(game, 1, 0)}: Green's scout stands there. [DK-15]",
        f"Not to village {v(game, 0, 1)}: Blue's scout stands there. [DK-15]",
        "The scout is blocked on village 0: the 2 unplaced tiles leave the game. [DK-16]"]
    assert record.steps[-1].numbers["discarded"] == 2 == len(game.discarded[0])
    assert [str(e) for e in game.log if e.kind.name == "discarded"] == [
        "Red's 2 unplaced tiles leave the game. [DK-16]"]


def test_DK16_one_unplaced_tile_leaves_the_game_in_words():
    game = game_at(turn="Red", scouts={"Red": [0, 0], "Green": [1, 0], "Blue": [0, 1], "Orange": [5, 0]},
                   stacks={"0,0": ["Red farmer"]}, active={"Red": {"tiles": ["mongol"]}})
    game.play(Discard())
    assert [str(e) for e in game.log if e.kind.name == "discarded"] == [
        "Red's 1 unplaced tile leaves the game. [DK-16]"]


def test_DK15_DK16_a_scout_blocked_after_a_step_discards_the_rest():
    game = game_at(turn="Red", scouts={"Red": [0, 0], "Green": [1, 0], "Blue": [1, 1], "Orange": [0, 2]},
                   active={"Red": {"tiles": ["farmer", "mongol", "chinese"]}})
    game.play(Track(v(game, 0, 1)))
    game.play(Lay("mongol"))
    steps = paths(game)[-1].steps
    here = v(game, 0, 1)
    assert [str(s) for s in steps[-5:]] == [
        f"From village {here} the scout may enter no village. [DK-16]",
        "Not to village 0: the scout began its turn there and may not return. [DK-15]",
        f"Not to village {v(game, 1, 1)}: Blue's scout stands there. [DK-15]",
        f"Not to village {v(game, 0, 2)}: Orange's scout stands there. [DK-15]",
        f"The scout is blocked on village {here}: the 2 unplaced tiles leave the game. [DK-16]"]


def state(game):
    """The whole position but for the number of decisions that led to it (see test_dk_steps.state)."""
    return {k: v for k, v in game.snapshot().items() if k != "decisions"}


@pytest.mark.parametrize("players,seed,options,blocked", [
    (2, 1, {}, 1), (3, 2, {}, 3), (4, 3, {}, 3), (2, 4, {"layout": "rectangle:6x4"}, 3),
    (3, 5, {"branch_walls_block_tracks": False}, 0),
])
def test_DK11_to_DK18_the_last_step_of_every_scout_path_is_the_engines_position(players, seed, options, blocked):
    game = DschingisKhan(players, seed, **options)
    play_randomly(game, seed)
    found = paths(game)
    # the seeds are chosen so that blocked scouts (DK-16), after a step and at the start, are shown too
    assert found and sum(r.evidence.end == "blocked" for r in found) == blocked
    assert [r.event for r in found] == sorted(r.event for r in found)
    for record in found:
        path = record.evidence
        assert record.end == path.until and record.before.snapshot() == game.position_at(record.decision - 1).snapshot()
        assert state(record.after(-1)) == state(game.position_at(event=path.until)), record.title
        moved = [i for i, s in enumerate(record.steps) if "step" in s.numbers]
        assert [record.after(i).scout[path.player] for i in moved] == list(path.villages)


def test_DK11_DK18_figure10_positions_move_the_scout_and_lay_each_tile():
    game, up, down = figure10()
    record = paths(game)[-1]
    green = v(game, 6, 1)
    climb = next(i for i, s in enumerate(record.steps) if s.rule == "DK-14" and "step" in s.numbers)
    before, after = record.after(climb - 1), record.after(climb)
    assert (before.scout[1], after.scout[1]) == (v(game, 2, 2), green)
    assert before.net.state[up] == 1 and after.net.state[up] == after.net.state[down] == CLOSED
    laid = [i for i, s in enumerate(record.steps) if s.rule == "DK-18"]
    assert [len(record.after(i).active_tiles[1]) for i in laid] == [2, 1, 0]
    assert [o for o, _ in record.after(laid[-1]).stacks[green]] == [0, 1]     # Green's tile on top of Red's
    assert record.after(laid[-1]).graph().nodes["Red"]["villages_controlled"] == 1


def test_KIT_a_path_still_going_on_lists_its_steps_so_far():
    game = game_at(turn="Red", scouts={"Red": [2, 2], "Green": [1, 2], "Blue": [0, 0], "Orange": [6, 0]},
                   active={"Red": {"tiles": ["farmer", "mongol"]}})
    game.play(Track(v(game, 3, 2)))
    record = paths(game)[-1]
    assert record.evidence.end == "moving" and record.steps[-1].numbers["step"] == 1
    assert record.after(-1).scout[0] == game.scout[0] and state(record.after(-1)) == state(game)


def test_DK11_DK16_the_difference_between_two_paths_in_one_sentence():
    game, _, _ = figure10()
    other = figure10_start()
    other.play(Track(v(other, 1, 2)))
    other.play(Lay("plague"))
    actual, alternative = paths(game)[-1], paths(other)[-1]
    assert difference(actual, alternative) == (
        f"the scout enters village {v(game, 1, 2)} instead of villages {v(game, 1, 2)}, {v(game, 2, 2)} and "
        f"{v(game, 6, 1)}; it ends still moving instead of with every tile placed")

