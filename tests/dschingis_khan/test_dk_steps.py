"""The steps of a loop, a new end and a village's score, checked against the rulebook's figures, and the position
after every step: each step's change (made by ``_apply_step`` on a looking-only copy) turns the position before the
resolution into the engine's own position once the resolution is done.
"""

import pytest

from greatwall_kit.dschingis_khan import DschingisKhan, Resolution, Wall
from greatwall_kit.dschingis_khan.scoring import VillageScore, score_village
from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.steps import MARKS, Resolved, difference, steps_of

from .dk_support import FIG7_BRANCH, game_at, line, red_has_no_passive_tiles, v


def fig7():
    return game_at(branches=[FIG7_BRANCH], turn="Orange", active={"Orange": {"walls": 1}})


def fig12():
    return game_at(branches=[[[6, 2], [6, 3], [6, 4]]], turn="Blue", active={"Blue": {"walls": 2}},
                   stacks={"6,3": ["Blue mongol"], "7,3": ["Blue mongol"]})


def state(game):
    """The whole position (the game's snapshot) but for how many decisions led to it: a step's position is the
    position before the decision with the steps' changes made, the engine's has the decision in its history."""
    return {k: v for k, v in game.snapshot().items() if k != "decisions"}


def rules_of(steps):
    return [s.rule for s in steps]


def last_wall(game):
    return [r for r in game.resolutions() if isinstance(r.evidence, Resolution)][-1]


def test_DK22_DK27_figure7_steps_compare_five_pieces_with_one_and_flip_each_village():
    game = fig7()
    placed = line(game, (2, 2), (2, 3))
    game.play(Wall(placed))
    steps = last_wall(game).steps
    first = steps[0]
    assert str(first) == "An open wall is placed on (2,2)-(2,3): it closes a loop with the Great Wall. [DK-22]"
    assert dict(first.touches) == {f"l{placed}": "added", "Orange": "changed"}
    junctions = steps[1]
    assert str(junctions) == "The loop meets the Great Wall at towers (3,3) and (2,3). [DK-22]"
    towers = {f"t{game.board.tower_at[(2, 3)]}", f"t{game.board.tower_at[(3, 3)]}"}
    assert set(junctions.touches) == towers and set(junctions.touches.values()) == {"focus"}
    assert steps[2].numbers["old_length"] == 1 and steps[3].numbers["new_length"] == 5
    assert str(steps[3]) == "The newly completed route: 5 pieces, (3,3)-(3,2)-(3,1)-(2,1)-(2,2)-(2,3). [DK-22]"
    compare = steps[4]
    assert str(compare) == "5 > 1: the Great Wall's route is shorter, so it goes. [DK-22]"
    assert dict(compare.numbers) == {"old_length": 1, "new_length": 5}
    removed = line(game, (2, 3), (3, 3))
    assert str(steps[5]) == "The shorter route's 1 piece is removed: (2,3)-(3,3). [DK-22]"
    assert dict(steps[5].touches) == {f"l{removed}": "removed"}
    assert steps[7].rule == "DK-24" and steps[7].numbers["isolated"] == 0 and not steps[7].touches
    assert str(steps[8]) == "The 1 piece removed goes back to the common supply. [DK-02]"
    flips = [s for s in steps if s.rule == "DK-27"]
    assert [len(s.touches) for s in flips] == [1, 1] and {m for s in flips for m in s.touches.values()} == {"changed"}
    assert {k for s in flips for k in s.touches} == {f"v{v(game, 2, 1)}", f"v{v(game, 2, 2)}"}


def test_DK23_DK24_figure8_steps_apply_the_tie_rule_and_remove_three_isolated_pieces():
    game = fig7()
    game.play(Wall(line(game, (3, 2), (4, 2))))
    steps = last_wall(game).steps
    tie = next(s for s in steps if s.rule == "DK-23")
    assert str(tie) == "2 = 2: both are equally long, and on a tie the newly completed route goes. [DK-23]"
    removal = steps[steps.index(tie) + 1]
    assert str(removal) == "The newly completed route's 2 pieces are removed: (3,3)-(3,2)-(4,2). [DK-23]"
    assert set(removal.touches) == {f"l{line(game, (3, 3), (3, 2))}", f"l{line(game, (3, 2), (4, 2))}"}
    isolated = next(s for s in steps if s.rule == "DK-24")
    assert isolated.numbers["isolated"] == 3
    assert str(isolated) == ("3 pieces left without connection to the Great Wall are removed too: "
                             "(2,2)-(2,1)-(3,1)-(3,2). [DK-24]")
    assert set(isolated.touches) == {f"l{line(game, a, b)}" for a, b in
                                     (((3, 2), (3, 1)), ((3, 1), (2, 1)), ((2, 1), (2, 2)))}
    assert str(steps[-2]) == "The 5 pieces removed go back to the common supply. [DK-02]"
    assert str(steps[-1]) == "The Great Wall stays where it was: every village keeps its side. [DK-27]"
    assert not any("becomes part of the Great Wall" in s.sentence for s in steps)


def test_DK25_DK27_figure12_new_end_steps_keep_four_pieces_and_flip_four_villages_one_by_one():
    game = fig12()
    game.play(Wall(line(game, (6, 4), (7, 4))))
    game.play(Wall(line(game, (7, 4), (8, 4))))
    steps = last_wall(game).steps
    assert rules_of(steps)[:7] == ["DK-25"] * 7
    assert str(steps[0]) == ("An open wall is placed on (7,4)-(8,4): it reaches tower (8,4) on the east side of the "
                             "board, a possible new end. [DK-25]")
    assert (steps[2].numbers["old_length"], steps[3].numbers["new_length"]) == (2, 4)
    assert str(steps[4]) == "4 > 2: the old end section is shorter, so it goes. [DK-25]"
    joins = steps[6]
    end, old_end = game.board.tower_at[(8, 4)], game.board.tower_at[(8, 2)]
    assert joins.sentence == "The new end section becomes part of the Great Wall; tower (8,4) is its new end."
    assert joins.touches[f"t{end}"] == joins.touches[f"t{old_end}"] == "changed"
    flips = [s for s in steps if s.rule == "DK-27"]
    assert {k for s in flips for k in s.touches} == {f"v{v(game, c, r)}" for c, r in
                                                     ((6, 2), (7, 2), (6, 3), (7, 3))}
    assert all(len(s.touches) == 1 for s in flips)


def test_DK25_a_shorter_new_end_step_says_four_is_less_than_five():
    game = game_at(branches=[[[4, 3], [5, 3], [6, 3], [7, 3]]], turn="Red", active={"Red": {"walls": 1}})
    game.play(Wall(line(game, (7, 3), (8, 3))))
    compare = last_wall(game).steps[4]
    assert str(compare) == "4 < 5: the new end section is shorter, so it goes. [DK-25]"


@pytest.mark.parametrize("stack,side,rule,tile_points,total", [
    ([(1, "mongol"), (0, "chinese"), (0, "farmer")], 1, "DK-32", [-3, 3, 3], 3),
    ([(0, "mongol"), (0, "plague"), (0, "farmer")], 0, "DK-33", [-3, 0, -3], -6),
    ([(0, "mongol"), (0, "ginseng"), (0, "farmer")], 1, "DK-34", [3, 0, 1], 4),
    ([(0, "chinese"), (0, "ginseng"), (0, "plague")], 0, "DK-35", [-3, 0, 0], -3),
])
def test_DK31_to_DK35_village_steps_score_each_tile_bottom_to_top(stack, side, rule, tile_points, total):
    steps = steps_of(score_village(4, stack, side))
    assert rules_of(steps) == ["DK-31", rule] + [rule] * len(stack) + ["DK-31"]
    assert [s.numbers["points"] for s in steps[2:-1]] == tile_points
    assert [s.numbers["total"] for s in steps[2:-1]][-1] == total == steps[-1].numbers["points"]
    assert all(dict(s.touches) == {"v4": "focus"} for s in steps[:-1])
    assert dict(steps[-1].touches) == {"v4": "focus", "Red": "changed"}
    assert dict(steps[-1].change) == {"score": {"player": "Red", "village": "v4", "points": total}}
    assert str(steps[-1]) == f"Village 4 scores {total:+d} for Red. [DK-31]"


def test_DK22_resolution_evidence_round_trips_through_its_event():
    game = fig7()
    game.play(Wall(line(game, (2, 2), (2, 3))))
    record = game.resolutions()[-1]
    assert isinstance(record, Resolved) and record.title == "Loop closed by (2,2)-(2,3)"
    assert game.log[record.event].rule == "DK-22" and record.decision == len(game.history)
    assert Resolution.from_dict(record.evidence.to_dict()) == record.evidence
    assert "board" not in record.evidence.to_dict() and record.evidence.player == 3
    assert str(record.evidence) == "\n".join(map(str, record.steps))


def test_DK22_a_resolution_without_its_board_cannot_name_its_steps():
    game = fig7()
    game.play(Wall(line(game, (2, 2), (2, 3))))
    bare = Resolution.from_dict(game.last_resolution.to_dict())
    with pytest.raises(GreatWallError, match="does not know its board"):
        steps_of(bare)


# -- the position after every step ----------------------------------------------------------------------------

def test_DK22_DK24_DK27_figure7_positions_step_by_step():
    game = fig7()
    game.play(Wall(line(game, (2, 2), (2, 3))))
    record = last_wall(game)
    before, after = record.before, record.after
    placed, gone = line(game, (2, 2), (2, 3)), line(game, (2, 3), (3, 3))
    assert placed not in before.net.state and before.active_walls[3] == 1
    assert after(0).net.state[placed] == 1 and after(0).active_walls[3] == 0      # the wall comes from the hand
    assert not after(0).net.on_great_wall_line(placed)                             # placed as a branch piece
    assert gone in after(4).net.state and gone not in after(5).net.state
    new_route = [line(game, a, b) for a, b in zip(FIG7_BRANCH, FIG7_BRANCH[1:], strict=False)] + [placed]
    assert not any(after(5).net.on_great_wall_line(x) for x in new_route)
    assert all(after(6).net.on_great_wall_line(x) for x in new_route) and after(6).net.length == 13
    assert [after(i).supply for i in (7, 8)] == [before.supply, before.supply + 1]
    village_17, village_9 = v(game, 2, 2), v(game, 2, 1)
    assert [after(i).side(village_17) for i in (8, 9)] == ["Mongolia", "China"]
    assert [after(i).side(village_9) for i in (9, 10)] == ["Mongolia", "China"]
    engine = game.position_at(event=record.end)
    assert state(after(-1)) == state(engine) and after(-1).picture() == engine.picture()
    for viewer in (None, 0, 3):   # what each may see, the log aside (a step adds no event)
        mine, theirs = after(-1).view(viewer), engine.view(viewer)
        assert (mine["public"], mine["private"]) == (theirs["public"], theirs["private"])


def test_DK23_DK24_figure8_positions_remove_the_new_route_then_the_cut_off_pieces():
    game = fig7()
    game.play(Wall(line(game, (3, 2), (4, 2))))
    record = last_wall(game)
    walls = [len(record.after(i).net.state) for i in range(len(record.steps))]
    assert walls[0] == len(record.before.net.state) + 1
    assert walls[5:7] == [walls[0] - 2, walls[0] - 5]       # the tie's route, then the three cut-off pieces
    assert record.after(-1).supply == record.before.supply + 5
    assert state(record.after(-1)) == state(game.position_at(event=record.end))


def test_DK25_DK27_figure12_positions_move_the_end_tower():
    game = fig12()
    game.play(Wall(line(game, (6, 4), (7, 4))))
    game.play(Wall(line(game, (7, 4), (8, 4))))
    record = last_wall(game)
    east = game.board.tower_at
    assert record.after(5).net.east_end == east[(8, 2)] and record.after(6).net.east_end == east[(8, 4)]
    assert state(record.after(-1)) == state(game.position_at(event=record.end))
    assert record.after(-1).graph().nodes[f"t{east[(8, 4)]}"]["on_great_wall"]


def test_DK29_in_the_final_round_the_removed_pieces_leave_the_game():
    game = game_at(branches=[FIG7_BRANCH], turn="Orange", **_empty_supplies())
    game.play(Wall(line(game, (2, 2), (2, 3))))
    record = last_wall(game)
    assert record.evidence.final_round and game.log[record.end].rule == "DK-29"
    out = next(s for s in record.steps if s.rule == "DK-29")
    assert out.sentence == "In the final round the 1 piece removed leaves the game instead of going back to the " \
                           "common supply." and dict(out.touches) == {"supply": "changed"}
    after = record.after(record.steps.index(out))
    assert (after.supply, after.out_of_game) == (record.before.supply, record.before.out_of_game + 1)
    assert state(record.after(-1)) == state(game.position_at(event=record.end))


def _empty_supplies():
    """The common supply empty (every wall on the board or in a hand) and Red's passive tiles too: the final round."""
    return {"stacks": red_has_no_passive_tiles(),
            "active": {"Orange": {"walls": 3}, "Red": {"walls": 4, "tiles": ["farmer", "farmer"]},
                       "Green": {"walls": 4}, "Blue": {"walls": 4}}}


def test_DK31_DK36_village_positions_add_each_village_to_its_controllers_score():
    game = DschingisKhan(2, 6)
    play_randomly(game, 6)
    scored = [r for r in game.resolutions() if isinstance(r.evidence, VillageScore)]
    first = scored[0]
    assert game.log[first.start].sentence.startswith("The final round is over")
    assert first.before.scored == [] and first.before.graph().nodes["Red"]["score"] == 0
    for record in scored:
        s, who = record.evidence, game.player_names[record.evidence.controller]
        before, after = record.before.graph().nodes[who], record.after(-1).graph().nodes[who]
        assert (after["score"] - before["score"], after["villages_scored"] - before["villages_scored"]) == (s.points, 1)
        assert record.after(-1).picture() == game.position_at(event=record.end).picture()
    final = scored[-1].after(-1).graph()
    assert tuple(final.nodes[name]["score"] for name in game.player_names[:2]) == game.scores()


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"layout": "rectangle:6x4"}),
    (3, 5, {"branch_walls_block_tracks": False}),
])
def test_DK22_to_DK27_every_resolutions_last_step_is_the_engines_position(players, seed, options):
    game = DschingisKhan(players, seed, **options)
    play_randomly(game, seed)
    walls = [r for r in game.resolutions() if isinstance(r.evidence, Resolution)]
    assert walls and [r.decision for r in walls] == sorted(r.decision for r in walls)
    for record in walls:
        assert all(m in MARKS for s in record.steps for m in s.touches.values())
        assert record.before.snapshot() == game.position_at(record.decision - 1).snapshot()
        engine = game.position_at(event=record.end)
        assert state(record.after(-1)) == state(engine), record.title
        net, theirs = record.after(-1).net, engine.net
        assert (net.east_of, net.west_of, net.on_wall, net.degree, net.length) == \
            (theirs.east_of, theirs.west_of, theirs.on_wall, theirs.degree, theirs.length), record.title


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


# -- what-if: one sentence between two outcomes -----------------------------------------------------------------

def test_DK22_DK23_the_difference_between_two_walls_in_one_sentence():
    game, other = fig7(), fig7()
    game.play("wall (2,2)-(2,3)")
    other.play("wall (3,2)-(4,2)")
    assert difference(last_wall(game), last_wall(other)) == (
        "the Great Wall's route is kept instead of the new route; 5 pieces removed instead of 1 piece; "
        "side changes: none instead of villages 17 and 9")
    assert difference(last_wall(game), last_wall(game)).startswith("the same outcome: the new route is kept")


# -- bad changes: the kit's error, nothing changed ------------------------------------------------------------

@pytest.mark.parametrize("change,words", [
    ({"side": "v99"}, "names 'v99', and this board has villages v0 to v37"),
    ({"remove": ["l12x"]}, "names 'l12x'"),
    ({"remove": ["l0"]}, "has no wall there"),
    ({"wall": {"line": "l53"}}, "already has one"),
    ({"wall": {"line": "l37", "player": "Violet"}}, "the players are Red, Green, Blue, Orange"),
    ({"great_wall": ["t0", "t1"]}, "does not leave the Great Wall"),
    ({"scout": {"player": "Red", "village": "v1"}}, "scout is a mapping with player, village, closes"),
    ({"tile": {"player": "Red", "village": "v1", "kind": "dragon"}}, "not in the active supply"),
    ({"score": {"player": "Red", "village": "v1", "points": 3}}, "once the game is over"),
    ({"supply": -1}, "a number of wall pieces"),
    ({"side": "v3", "explode": 1}, "unknown operation"),
    (["side", "v3"], "a mapping of operations"),
])
def test_DK27_a_change_naming_no_element_of_this_board_is_the_kits_error_and_changes_nothing(change, words):
    game = fig7()
    before = (game.snapshot(), game.picture())
    with pytest.raises(GreatWallError, match=words):
        game._apply_step(change)
    assert (game.snapshot(), game.picture()) == before


@pytest.mark.parametrize("layout,seed", [("rectangle:24x6", 2), ("rectangle:6x4", 3)])
def test_DK22_DK27_on_other_boards_each_step_changes_the_picture_in_exactly_the_elements_it_marks(layout, seed):
    """The conformance check on boards other than the standard one: a dense board (24 columns: no village numbers,
    only walls drawn as line elements) and a small one."""
    from greatwall_kit.engine.graphs import changed_elements, drawn_elements

    game = DschingisKhan(2, seed, layout=layout)
    play_randomly(game, seed)
    found = game.resolutions()
    assert {type(r.evidence) for r in found} >= {Resolution, VillageScore}
    for record in found[:40] + found[-5:]:
        previous = record.before.picture()
        for step in record.steps:
            now = step.after.picture()
            marked = {k for k, mark in step.touches.items() if mark != "focus"}
            assert changed_elements(previous, now) == marked, (record.title, str(step))
            previous = now
        assert drawn_elements(previous) == drawn_elements(game.position_at(event=record.end).picture()), record.title


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_DK20_DK22_a_resolutions_last_step_lists_the_legal_moves_of_its_own_position(players, seed):
    game = DschingisKhan(players, seed)
    play_randomly(game, seed)
    for record in [r for r in game.resolutions() if isinstance(r.evidence, Resolution)]:
        before = record.before
        assert before.legal_moves()  # listed before the steps' positions are copied from it
        after, engine = record.after(-1), game.position_at(event=record.end)
        # the wall just placed is no longer free: the moves listed before would still offer it
        assert list(after.legal_moves()) == list(engine.legal_moves()), record.title
