"""Placing walls, loops and new ends (DK-20 to DK-27), with the rulebook's figures rebuilt on the kit's board."""

import random
import re

import pytest

from greatwall_kit.dschingis_khan import Resolution, Wall, new_game, rectangle
from greatwall_kit.dschingis_khan.walls import OPEN, WallNetwork
from greatwall_kit.engine.errors import PositionError

from ..support import refused
from .dk_support import FIG7_BRANCH, check_invariants, game_at, line, red_has_no_passive_tiles, standard_doc, v


def fig7(**kwargs):
    """The position before Figures 7-9: a 4-piece branch north of the wall; Orange to place one wall."""
    return game_at(branches=[FIG7_BRANCH], turn="Orange", active={"Orange": {"walls": 1}}, **kwargs)


def test_DK22_DK27_figure7_the_five_piece_route_stays_and_the_loop_changes_side():
    game = fig7()
    inside = [v(game, 2, 1), v(game, 2, 2)]
    assert [game.side(x) for x in inside] == ["Mongolia", "Mongolia"]
    supply = game.supply
    game.play(Wall(line(game, (2, 2), (2, 3))))
    r = game.last_resolution
    assert isinstance(r, Resolution) and r.kind == "loop"
    assert (r.old_length, r.new_length, r.kept) == (1, 5, "new")
    assert r.removed_route == (line(game, (2, 3), (3, 3)),) and r.removed_isolated == ()
    assert sorted(r.changed_side) == sorted(inside)
    assert [game.side(x) for x in inside] == ["China", "China"]
    assert game.supply == supply + 1 and game.net.length == 9 - 1 + 5
    assert any(e.rule == "DK-27" for e in game.log)
    check_invariants(game)


def test_DK23_DK24_figure8_a_tie_removes_the_new_route_and_the_pieces_it_isolates():
    game = fig7()
    supply, sides = game.supply, list(game.sides)
    game.play(Wall(line(game, (3, 2), (4, 2))))
    r = game.last_resolution
    assert (r.old_length, r.new_length, r.kept) == (2, 2, "old")
    assert set(r.removed_route) == {line(game, (3, 3), (3, 2)), line(game, (3, 2), (4, 2))}
    assert set(r.removed_isolated) == {line(game, (3, 2), (3, 1)), line(game, (3, 1), (2, 1)),
                                       line(game, (2, 1), (2, 2))}
    assert r.changed_side == () and game.sides == sides
    assert game.supply == supply + 5 and len(game.net.state) == 9
    assert "tie" in r.reason
    check_invariants(game)


def test_DK26_figure9_a_loop_off_the_wall_is_refused():
    game = fig7()
    err = refused(game, Wall(line(game, (2, 2), (3, 2))), "DK-26")
    assert "loop" in err.reason


def test_DK26_a_loop_touching_the_wall_at_one_tower_is_refused_too():
    game = game_at(branches=[[[3, 3], [3, 2], [2, 2], [2, 1], [3, 1]]], turn="Red", active={"Red": {"walls": 1}})
    refused(game, Wall(line(game, (3, 1), (3, 2))), "DK-26")


def test_DK22_DK27_figure11_three_walls_around_a_village_move_it_to_mongolia():
    game = game_at(turn="Red", active={"Red": {"walls": 3}},
                   stacks={"1,3": ["Red chinese", "Green chinese"]})
    green_village = v(game, 1, 3)
    assert game.side(green_village) == "China" and game.scores()[1] == 6
    for a, b in (((1, 3), (1, 4)), ((1, 4), (2, 4)), ((2, 4), (2, 3))):
        game.play(Wall(line(game, a, b)))
    r = game.last_resolution
    assert (r.old_length, r.new_length, r.kept, r.changed_side) == (1, 3, "new", (green_village,))
    assert game.side(green_village) == "Mongolia" and game.scores()[1] == -6
    check_invariants(game)


def test_DK25_DK27_figure12_a_four_piece_new_end_replaces_a_two_piece_end():
    game = game_at(branches=[[[6, 2], [6, 3], [6, 4]]], turn="Blue", active={"Blue": {"walls": 2}},
                   stacks={"6,3": ["Blue mongol"], "7,3": ["Blue mongol"]})
    flipped = {v(game, 6, 2), v(game, 7, 2), v(game, 6, 3), v(game, 7, 3)}
    assert {game.side(x) for x in flipped} == {"China"} and game.scores()[2] == -6
    game.play(Wall(line(game, (6, 4), (7, 4))))
    assert game.last_resolution is None
    game.play(Wall(line(game, (7, 4), (8, 4))))
    r = game.last_resolution
    assert r.kind == "new end" and (r.old_length, r.new_length, r.kept) == (2, 4, "new")
    assert set(r.removed_route) == {line(game, (6, 2), (7, 2)), line(game, (7, 2), (8, 2))}
    assert set(r.changed_side) == flipped and {game.side(x) for x in flipped} == {"Mongolia"}
    assert game.board.towers[game.net.east_end] == (8, 4)
    assert game.scores()[2] == 6
    check_invariants(game)


@pytest.mark.parametrize("branch,new_piece,lengths,changed", [
    ([[7, 2], [7, 3]], ((7, 3), (8, 3)), (1, 2), [(7, 2)]),
    ([[1, 3], [1, 2]], ((1, 2), (0, 2)), (1, 2), [(0, 2)]),
    ([[2, 3], [2, 2], [1, 2]], ((1, 2), (0, 2)), (2, 3), [(0, 2), (1, 2)]),
])
def test_DK25_DK27_a_longer_new_end_stays_and_the_land_between_changes_side(branch, new_piece, lengths, changed):
    game = game_at(branches=[branch], turn="Red", active={"Red": {"walls": 1}})
    before = list(game.sides)
    game.play(Wall(line(game, *new_piece)))
    r = game.last_resolution
    assert (r.kind, r.old_length, r.new_length, r.kept) == ("new end", *lengths, "new")
    assert sorted(r.changed_side) == sorted(v(game, *c) for c in changed)
    assert [x for x in range(38) if game.sides[x] != before[x]] == sorted(r.changed_side)
    check_invariants(game)


def test_DK25_a_shorter_new_end_is_removed():
    game = game_at(branches=[[[4, 3], [5, 3], [6, 3], [7, 3]]], turn="Red", active={"Red": {"walls": 1}})
    supply, sides = game.supply, list(game.sides)
    game.play(Wall(line(game, (7, 3), (8, 3))))
    r = game.last_resolution
    assert (r.kind, r.old_length, r.new_length, r.kept) == ("new end", 5, 4, "old")
    assert len(r.removed_route) == 4 and r.removed_isolated == () and r.changed_side == ()
    assert game.supply == supply + 4 and game.sides == sides
    check_invariants(game)


def test_DK23_DK25_on_a_tie_of_end_sections_the_new_one_goes():
    board = rectangle(4, 4, great_wall=[(0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (4, 1)])
    t = board.tower_at
    net = WallNetwork(board)
    r = net.place(board.line_between(t[(3, 2)], t[(4, 2)]))
    assert (r.kind, r.old_length, r.new_length, r.kept, r.changed_side) == ("new end", 2, 1, "old", ())
    net = WallNetwork(board, branches=[board.line_between(t[(3, 2)], t[(3, 3)])])
    r = net.place(board.line_between(t[(3, 3)], t[(4, 3)]))
    assert (r.old_length, r.new_length, r.kept, r.changed_side) == (2, 2, "old", ())
    assert set(r.removed_route) == {board.line_between(t[(3, 2)], t[(3, 3)]),
                                    board.line_between(t[(3, 3)], t[(4, 3)])}
    assert net.great_wall() == [t[xy] for xy in [(0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (4, 1)]]


def test_DK20_walls_go_open_on_inner_lines_connected_to_the_great_wall():
    game = game_at(turn="Red", active={"Red": {"walls": 2}})
    first = line(game, (2, 3), (2, 4))
    game.play(Wall(first))
    assert game.net.state[first] == OPEN
    refused(game, Wall(line(game, (5, 4), (5, 5))), "DK-20")            # touches no wall
    refused(game, Wall(line(game, (0, 0), (1, 0))), "DK-20")            # the edge of the board
    refused(game, Wall(line(game, (0, 3), (1, 3))), "DK-20")            # already a wall
    refused(game, Wall(9999), "DK-20")
    game.play(Wall(line(game, (2, 4), (3, 4))))                         # joins the branch: fine
    check_invariants(game)


def test_DK21_all_walls_of_the_active_supply_are_placed():
    game = game_at(turn="Red", active={"Red": {"walls": 3, "tiles": ["farmer"]}})
    game.play(Wall(line(game, (2, 3), (2, 4))))
    assert game.to_act == 0 and game.phase == "walls"
    refused(game, game.parse_move("track 16"), "DK-09")
    refused(game, game.parse_move("pass"), "DK-21")
    game.play(Wall(line(game, (2, 4), (3, 4))))
    game.play(Wall(line(game, (3, 4), (3, 5))))
    assert game.active_walls[0] == 0 and game.to_act == 1


def test_DK21_on_a_small_board_walls_with_no_line_left_stay_in_the_active_supply():
    """Every wall of the active supply is placed (DK-21) while a line is left; on a board as small as 4 by 2 villages
    the walls can take every line that touches the Great Wall, and the rest stay in the active supply (the standard
    board cannot get there: the towers its walls reach need 45 walls to fill, and there are 28)."""
    game, rng = new_game(seed=1, layout="rectangle:4x2"), random.Random(1)
    while not any(e.rule == "DK-21" for e in game.log):
        assert not game.is_over and len(game.history) < 200, "no wall was left without a line"
        moves = game.legal_moves()
        walls = [m for m in moves if "wall" in str(m)]
        game.play(rng.choice(walls) if walls and rng.random() < 0.8 else rng.choice(moves))
    (event,) = [e for e in game.log if e.rule == "DK-21"]
    (player,) = [p for p, name in enumerate(game.player_names) if event.sentence == f"No line is left for {name}'s "
                 "other walls; they stay in the active supply."]
    assert event.decision == len(game.history) and game.net.candidates() == []
    assert game.active_walls[player] > 0 and game.to_act != player
    assert not any(isinstance(m, Wall) for m in game.legal_moves())
    check_invariants(game)


def test_DK29_walls_removed_in_the_final_round_leave_the_game():
    # 14 walls: the Great Wall (9) and the branch (4) stand, 1 is in the supply; Red's tiles are all out,
    # so taking the last wall empties a second supply and starts the final round (DK-28)
    layout = {**standard_doc(), "walls": 14}
    game = game_at(players=2, branches=[FIG7_BRANCH], turn="Red", phase="take", layout=layout,
                   stacks=red_has_no_passive_tiles(), scouts={"Red": [0, 3], "Green": [7, 4]},
                   active={"Red": {"tiles": ["farmer", "farmer"]}})
    game.play("take wall")
    assert game.trigger == 0 and game.supply == 0
    game.play(Wall(line(game, (3, 2), (4, 2))))               # Figure 8's tie: 5 pieces come off
    assert len(game.last_resolution.removed) == 5
    assert game.supply == 0 and game.out_of_game == 5
    assert any(e.rule == "DK-29" for e in game.log)
    check_invariants(game)


@pytest.mark.parametrize("side", [10, 20])
def test_DK22_DK27_sides_follow_networkx_on_bigger_lattices(side):
    game = new_game(seed=side, layout=f"rectangle:{side}x{side}")
    assert len(game.board.villages) == side * side
    check_invariants(game)


def test_DK27_a_pocket_cut_off_at_a_notch_of_the_outline_keeps_its_side():
    # the wall runs round village (7,1) and touches the outline at the notch tower (7,1): the village is
    # cut off from the rest of Mongolia by the wall, but it lies north of it
    wall = [[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [4, 1], [5, 1], [6, 1], [7, 1], [7, 2], [8, 2]]
    game = game_at(walls=[wall])
    assert game.side(v(game, 7, 1)) == "Mongolia" and game.side(v(game, 6, 1)) == "China"
    check_invariants(game)


def test_DK22_DK24_DK27_a_kept_new_route_takes_along_what_hangs_off_the_old_route():
    # the old route (1,3)-(2,3)-(3,3) carries a spur south at (2,3); the new route carries a spur north at (2,2)
    game = game_at(branches=[[[1, 3], [1, 2], [2, 2], [3, 2]], [[2, 3], [2, 4]], [[2, 2], [2, 1]]],
                   turn="Red", active={"Red": {"walls": 1}})
    supply = game.supply
    game.play(Wall(line(game, (3, 2), (3, 3))))
    r = game.last_resolution
    assert (r.kind, r.old_length, r.new_length, r.kept) == ("loop", 2, 4, "new")
    assert set(r.removed_route) == {line(game, (1, 3), (2, 3)), line(game, (2, 3), (3, 3))}
    assert r.removed_isolated == (line(game, (2, 3), (2, 4)),)                    # cut off with the old route
    assert line(game, (2, 2), (2, 1)) in game.net.state                           # hangs off the new route: stays
    assert sorted(r.changed_side) == sorted([v(game, 1, 2), v(game, 2, 2)])
    assert game.side(v(game, 1, 2)) == game.side(v(game, 2, 2)) == "China"
    assert game.side(v(game, 2, 1)) == "Mongolia"
    assert game.supply == supply + 3
    check_invariants(game)


def test_DK22_DK27_a_piece_joining_two_branches_closes_a_loop_between_their_junctions():
    game = game_at(branches=[[[1, 3], [1, 2]], [[3, 3], [3, 2]]], turn="Red", active={"Red": {"walls": 2}})
    game.play(Wall(line(game, (1, 2), (2, 2))))
    assert game.last_resolution is None
    game.play(Wall(line(game, (2, 2), (3, 2))))
    r = game.last_resolution
    assert [game.board.towers[t] for t in r.junctions] in ([(1, 3), (3, 3)], [(3, 3), (1, 3)])
    assert (r.old_length, r.new_length, r.kept, r.removed_isolated) == (2, 4, "new", ())
    assert sorted(r.changed_side) == sorted([v(game, 1, 2), v(game, 2, 2)])
    assert [game.board.towers[t] for t in game.net.great_wall()][:6] == [(0, 3), (1, 3), (1, 2), (2, 2), (3, 2),
                                                                         (3, 3)]
    check_invariants(game)


@pytest.mark.parametrize("layout", ["standard", "rectangle:9x7"])
def test_DK20_DK26_candidates_kept_up_to_date_are_those_worked_out_afresh_in_their_order(layout):
    """After a plain branch the candidates are updated in place, not worked out again: after each of many
    random placements they equal a copy's list worked out afresh, order included (random play picks by
    position, so the golden games depend on it)."""
    import copy
    import random

    rng = random.Random(7)
    board = new_game(layout=layout).board
    for _ in range(20):
        net = WallNetwork(board)
        for _ in range(30):
            options = net.candidates()
            if not options:
                break
            net.place(rng.choice(options))
            twin = copy.deepcopy(net)
            twin._cached = None  # forget the kept list: the twin works it out from its walls
            assert net.candidates() == twin.candidates()


@pytest.mark.parametrize("branch,rule,named", [
    ([[1, 3], [1, 2], [0, 2]], "DK-25", "branch (0,2)-(1,2) reaches a side tower"),
    ([*FIG7_BRANCH, [2, 3]], "DK-26", "the wall on (2,2)-(2,3) would close a loop"),
    ([[5, 4], [5, 5]], "DK-20", "lines (5,4)-(5,5) are not connected to the Great Wall"),
])
@pytest.mark.parametrize("via", ["position", "network"])
def test_DK20_DK25_DK26_branches_that_break_a_rule_are_the_kits_error_naming_the_line(branch, rule, named, via):
    if via == "position":
        with pytest.raises(PositionError, match=re.escape(named)) as caught:
            game_at(branches=[branch])
    else:
        game = game_at()
        lines = [line(game, a, b) for a, b in zip(branch, branch[1:], strict=False)]
        with pytest.raises(PositionError, match=re.escape(named)) as caught:
            WallNetwork(game.board, game.net.great_wall(), lines)
    assert caught.value.rule == rule and str(caught.value).endswith(f"[{rule}]")
