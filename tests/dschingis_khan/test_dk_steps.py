"""The steps of a loop, a new end and a village's score, checked against the rulebook's figures and replayed.

The replay tests treat the steps as the truth: starting from the position before the wall, applying every
step's marks (lines added/removed, lines joining the Great Wall, villages changing side) must give the
position the engine reached.
"""

import pytest

from greatwall_kit.dschingis_khan import DschingisKhan, Resolution, Wall
from greatwall_kit.dschingis_khan.scoring import VillageScore, score_village
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.steps import MARKS, Resolved

from .dk_support import FIG7_BRANCH, game_at, line, v


def fig7():
    return game_at(branches=[FIG7_BRANCH], turn="Orange", active={"Orange": {"walls": 1}})


def rules_of(steps):
    return [s.rule for s in steps]


def test_DK22_DK27_figure7_steps_compare_five_pieces_with_one_and_flip_each_village():
    game = fig7()
    placed = line(game, (2, 2), (2, 3))
    game.play(Wall(placed))
    steps = game.last_resolution.steps
    first = steps[0]
    assert first.rule == "DK-22" and dict(first.touches) == {f"l{placed}": "added"}
    junctions = steps[1]
    towers = {f"t{game.board.tower_at[(2, 3)]}", f"t{game.board.tower_at[(3, 3)]}"}
    assert set(junctions.touches) == towers and set(junctions.touches.values()) == {"focus"}
    assert steps[2].numbers["old_length"] == 1 and steps[3].numbers["new_length"] == 5
    compare = steps[4]
    assert str(compare) == "5 > 1: the Great Wall's route is shorter, so it goes. [DK-22]"
    assert dict(compare.numbers) == {"old_length": 1, "new_length": 5}
    removed = line(game, (2, 3), (3, 3))
    assert dict(steps[5].touches) == {f"l{removed}": "removed"}
    assert steps[7].rule == "DK-24" and steps[7].numbers["isolated"] == 0 and not steps[7].touches
    flips = [s for s in steps if s.rule == "DK-27"]
    assert [len(s.touches) for s in flips] == [1, 1] and {m for s in flips for m in s.touches.values()} == {"changed"}
    assert {k for s in flips for k in s.touches} == {f"v{v(game, 2, 1)}", f"v{v(game, 2, 2)}"}


def test_DK23_DK24_figure8_steps_apply_the_tie_rule_and_remove_three_isolated_pieces():
    game = fig7()
    game.play(Wall(line(game, (3, 2), (4, 2))))
    steps = game.last_resolution.steps
    tie = next(s for s in steps if s.rule == "DK-23")
    assert str(tie) == "2 = 2: both are equally long, and on a tie the newly completed route goes. [DK-23]"
    removal = steps[steps.index(tie) + 1]
    assert set(removal.touches) == {f"l{line(game, (3, 3), (3, 2))}", f"l{line(game, (3, 2), (4, 2))}"}
    isolated = next(s for s in steps if s.rule == "DK-24")
    assert isolated.numbers["isolated"] == 3
    assert set(isolated.touches) == {f"l{line(game, a, b)}" for a, b in
                                     (((3, 2), (3, 1)), ((3, 1), (2, 1)), ((2, 1), (2, 2)))}
    assert str(steps[-1]) == "The Great Wall stays where it was: no village changes side. [DK-27]"
    assert not any("becomes part of the Great Wall" in s.sentence for s in steps)


def test_DK25_DK27_figure12_new_end_steps_keep_four_pieces_and_flip_four_villages_one_by_one():
    game = game_at(branches=[[[6, 2], [6, 3], [6, 4]]], turn="Blue", active={"Blue": {"walls": 2}},
                   stacks={"6,3": ["Blue mongol"], "7,3": ["Blue mongol"]})
    game.play(Wall(line(game, (6, 4), (7, 4))))
    game.play(Wall(line(game, (7, 4), (8, 4))))
    steps = game.last_resolution.steps
    assert rules_of(steps)[:7] == ["DK-25"] * 7
    assert "a new end" in steps[0].sentence
    assert (steps[2].numbers["old_length"], steps[3].numbers["new_length"]) == (2, 4)
    assert str(steps[4]) == "4 > 2: the old end section is shorter, so it goes. [DK-25]"
    joins = steps[6]
    end = game.board.tower_at[(8, 4)]
    assert f"tower {end} is its new end" in joins.sentence and joins.touches[f"t{end}"] == "focus"
    flips = [s for s in steps if s.rule == "DK-27"]
    assert {k for s in flips for k in s.touches} == {f"v{v(game, c, r)}" for c, r in
                                                     ((6, 2), (7, 2), (6, 3), (7, 3))}
    assert all(len(s.touches) == 1 for s in flips)


def test_DK25_a_shorter_new_end_step_says_four_is_less_than_five():
    game = game_at(branches=[[[4, 3], [5, 3], [6, 3], [7, 3]]], turn="Red", active={"Red": {"walls": 1}})
    game.play(Wall(line(game, (7, 3), (8, 3))))
    compare = game.last_resolution.steps[4]
    assert str(compare) == "4 < 5: the new end section is shorter, so it goes. [DK-25]"


@pytest.mark.parametrize("stack,side,rule,tile_points,total", [
    ([(1, "mongol"), (0, "chinese"), (0, "farmer")], 1, "DK-32", [-3, 3, 3], 3),
    ([(0, "mongol"), (0, "plague"), (0, "farmer")], 0, "DK-33", [-3, 0, -3], -6),
    ([(0, "mongol"), (0, "ginseng"), (0, "farmer")], 1, "DK-34", [3, 0, 1], 4),
    ([(0, "chinese"), (0, "ginseng"), (0, "plague")], 0, "DK-35", [-3, 0, 0], -3),
])
def test_DK31_to_DK35_village_steps_score_each_tile_bottom_to_top(stack, side, rule, tile_points, total):
    steps = score_village(4, stack, side).steps
    assert rules_of(steps) == ["DK-31", rule] + [rule] * len(stack) + ["DK-31"]
    assert [s.numbers["points"] for s in steps[2:-1]] == tile_points
    assert [s.numbers["total"] for s in steps[2:-1]][-1] == total == steps[-1].numbers["points"]
    assert all(dict(s.touches) == {"v4": "focus"} for s in steps)
    assert str(steps[-1]) == f"Village 4 scores {total:+d} for Red. [DK-31]"


def test_DK22_resolution_evidence_round_trips_through_its_event():
    game = fig7()
    game.play(Wall(line(game, (2, 2), (2, 3))))
    record = game.resolutions()[-1]
    assert isinstance(record, Resolved) and record.title.startswith("Loop closed by line")
    assert game.log[record.event].rule == "DK-22" and record.decision == len(game.history)
    assert Resolution.from_dict(record.evidence.to_dict()) == record.evidence
    assert str(record.evidence) == "\n".join(map(str, record.steps))


def replay_walls(before, steps):
    """The wall lines, Great Wall lines and sides after applying the steps' marks to ``before``."""
    walls, great, sides = set(before.net.state), set(before.net.great_wall_lines()), list(before.sides)
    for step in steps:
        for key, mark in step.touches.items():
            kind, number = key[0], int(key[1:])
            if kind == "l" and mark == "added":
                walls.add(number)
            elif kind == "l" and mark == "removed":
                walls.discard(number)
                great.discard(number)
            elif kind == "l" and mark == "changed":
                great.add(number)
            elif kind == "v" and mark == "changed":
                sides[number] ^= 1
    return walls, great, sides


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"layout": "rectangle:6x4"}),
    (3, 5, {"branch_walls_block_tracks": False}),
])
def test_DK22_to_DK27_replaying_the_steps_of_every_resolution_gives_the_engines_position(players, seed, options):
    game = DschingisKhan(players, seed, **options)
    play_randomly(game, seed)
    found = game.resolutions()
    walls = [r for r in found if isinstance(r.evidence, Resolution)]
    assert walls and [r.decision for r in walls] == sorted(r.decision for r in walls)
    wanted = {r.decision: r for r in walls}
    fresh = DschingisKhan(players, seed, **options)
    for made, move in enumerate(game.history, 1):
        record = wanted.get(made)
        if record is None:
            fresh.play(move)
            continue
        before = fresh.copy()
        fresh.play(move)
        assert all(m in MARKS for s in record.steps for m in s.touches.values())
        assert replay_walls(before, record.steps) == (set(fresh.net.state), set(fresh.net.great_wall_lines()),
                                                      fresh.sides)


@pytest.mark.parametrize("players,seed", [(2, 6), (4, 7)])
def test_DK31_DK36_village_steps_add_up_to_the_final_scores(players, seed):
    game = DschingisKhan(players, seed)
    play_randomly(game, seed)
    scored = [r for r in game.resolutions() if isinstance(r.evidence, VillageScore)]
    assert len(scored) == sum(1 for stack in game.stacks if stack)
    totals = [0] * players
    for record in scored:
        tiles = [s.numbers["points"] for s in record.steps if "tile" in s.numbers]
        assert sum(tiles) == record.steps[-1].numbers["points"] == game.log[record.event].data["points"]
        totals[record.steps[0].numbers["controller"]] += sum(tiles)
    assert tuple(totals) == game.scores()


def test_DK20_DK22_a_resolution_starts_from_the_position_before_its_wall():
    game = fig7()
    game.play(Wall(line(game, (2, 2), (2, 3))))
    record = game.resolutions()[-1]
    before = game.position_at(event=record.start)
    assert before.snapshot() == game.position_at(record.decision - 1).snapshot()
    assert line(game, (2, 2), (2, 3)) not in before.net.state
