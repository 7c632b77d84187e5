"""Set-up, the turn, scouts, the end of the game (DK-01 to DK-19, DK-28, DK-30)."""

import json
import random
import re
from collections import Counter

import pytest

from greatwall_kit.dschingis_khan import (
    Climb,
    Discard,
    Enter,
    Gate,
    Lay,
    Pass,
    Retreat,
    Scout,
    Start,
    Take,
    Track,
    Wall,
    new_game,
)
from greatwall_kit.dschingis_khan.walls import CLOSED

from ..support import refused
from .dk_support import GREAT_WALL, check_invariants, game_at, line, red_has_no_passive_tiles, standard_doc, v

FULL = Counter({"chinese": 5, "mongol": 5, "farmer": 5, "plague": 1, "ginseng": 1})


def after_setup(players=2, seed=0):
    game = new_game(players=players, seed=seed)
    while game.phase == "setup":
        game.play(game.legal_moves()[0])
    return game


def tiles_of(game, p):
    on_board = [k for stack in game.stacks for owner, k in stack if owner == p]
    return Counter(on_board + game.passive[p] + game.active_tiles[p] + game.discarded[p])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DK01_DK02_the_standard_board_and_the_starting_wall(players):
    game = new_game(players=players, seed=1)
    board = game.board
    assert len(board.villages) == 38 and board.walls == 28
    assert [board.towers[t] for t in game.net.great_wall()] == [tuple(t) for t in GREAT_WALL]
    assert board.side_of_tower[game.net.west_end] == "west" and board.side_of_tower[game.net.east_end] == "east"
    assert set(game.net.state.values()) == {1}                       # all open
    assert game.sides.count(0) == game.sides.count(1) == 19
    assert game.supply == 28 - 9
    check_invariants(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DK03_DK05_every_player_has_seventeen_tiles_and_starts_with_two_walls_and_two_tiles(players):
    game = after_setup(players, seed=players)
    assert game.supply == 28 - 9 - 2 * players
    for p in range(players):
        assert tiles_of(game, p) == FULL
        assert game.active_walls[p] == 2 and len(game.active_tiles[p]) == 2 and len(game.passive[p]) == 13
    check_invariants(game)


def test_DK04_setup_tiles_go_on_two_empty_neighbouring_villages_of_one_side_and_the_scout_on_one():
    game = new_game(players=2, seed=5)
    hand = list(game.setup_hand)
    assert {type(m) for m in game.legal_moves()} == {Start}
    assert {m.tile for m in game.legal_moves()} == set(hand)
    refused(game, Scout(0), "DK-04")
    other = next(k for k in ("chinese", "mongol", "farmer", "plague", "ginseng") if k not in hand)
    refused(game, Start(17, other), "DK-04")
    game.play(Start(17, hand[0]))
    partners = sorted({m.village for m in game.legal_moves()})
    assert partners == [9, 16, 18]                   # (2,1), (1,2), (3,2): same side, not across the wall
    err = refused(game, Start(25, hand[1]), "DK-04")       # (2,3) is across the Great Wall
    assert "village 25" in err.reason and "village 17" in err.reason
    refused(game, Start(0, hand[1]), "DK-04")        # not a neighbour
    game.play(Start(18, hand[1]))
    assert set(game.legal_moves()) == {Scout(17), Scout(18)}
    refused(game, Scout(19), "DK-04")
    game.play(Scout(18))
    assert game.scout[0] == 18 and game.current == 1 and game.stacks[17] == [(0, hand[0])]
    # Green may not use Red's villages
    assert all(m.village not in (17, 18) for m in game.legal_moves())
    # the tiles' kinds stay private
    assert any(s.startswith("Red sees") for s in game.view(0)["log"])
    assert not any(s.startswith("Red sees") or s.startswith("It is") for s in game.view(1)["log"])


def test_DK06_DK07_a_turn_takes_two_pieces_first_and_a_drawn_tile_is_seen_before_the_second():
    game = after_setup(2, seed=3)
    assert game.phase == "take" and set(game.legal_moves()) == {Take("wall"), Take("tile")}
    refused(game, Wall(line(game, (2, 3), (2, 4))), "DK-06")
    assert refused(game, Track(0), "DK-06").reason.endswith("(2 more pieces)")
    passive = list(game.passive[0])
    game.play(Take("tile"))
    assert refused(game, Track(0), "DK-06").reason.endswith("(1 more piece)")
    drawn = game.active_tiles[0][-1]
    assert drawn == passive[-1]
    assert any(drawn in s for s in game.view(0)["log"][-1:])
    assert not any(drawn in s for s in game.view(1)["log"][-1:])
    assert game.view(0)["private"]["active_tiles"] == sorted(game.active_tiles[0])
    assert game.phase == "take" and set(game.legal_moves()) == {Take("wall"), Take("tile")}
    game.play(Take("wall"))
    assert game.phase == "place" and game.active_walls[0] == 3 and len(game.active_tiles[0]) == 3
    refused(game, Take("tile"), "DK-07")


def test_DK08_never_more_than_four_walls_or_four_tiles_in_the_active_supply():
    game = game_at(turn="Red", phase="take", active={"Red": {"walls": 4, "tiles": ["farmer", "farmer", "mongol"]}})
    assert game.legal_moves()[:] == [Take("tile")]
    refused(game, Take("wall"), "DK-08")
    game.play(Take("tile"))
    assert game.phase == "place" and len(game.active_tiles[0]) == 4       # could take no second piece
    assert any(e.rule == "DK-30" for e in game.log)


def test_DK09_the_first_placement_commits_the_turn_to_its_type():
    game = game_at(turn="Red", active={"Red": {"walls": 2, "tiles": ["farmer"]}}, scouts={"Red": [2, 2]})
    kinds = {type(m) for m in game.legal_moves()}
    assert {Wall, Track, Gate, Climb} <= kinds
    game.play(Track(v(game, 1, 2)))
    refused(game, Wall(line(game, (2, 3), (2, 4))), "DK-11")       # first the tile for the village entered
    game.play(Lay("farmer"))
    assert game.to_act == 1 and game.active_walls[0] == 2        # walls kept for a later turn
    # with tiles left after the first step, the turn stays a tile turn: no wall in between
    game = game_at(turn="Red", active={"Red": {"walls": 2, "tiles": ["farmer", "mongol"]}}, scouts={"Red": [2, 2]})
    game.play(Track(v(game, 1, 2)))
    game.play(Lay("farmer"))
    assert game.phase == "move" and not any(type(m) is Wall for m in game.legal_moves())
    refused(game, Wall(line(game, (2, 3), (2, 4))), "DK-09")


def scout_game(**kw):
    kw.setdefault("scouts", {"Red": [2, 2], "Green": [1, 2], "Blue": [0, 0], "Orange": [6, 0]})
    kw.setdefault("active", {"Red": {"tiles": ["farmer", "mongol", "chinese"]}})
    return game_at(turn="Red", **kw)


def test_DK11_DK17_each_village_entered_gets_one_tile_on_top_and_the_scout_stays_on_the_last():
    game = scout_game(stacks={"3,2": ["Green plague"]})
    here = v(game, 3, 2)
    game.play(Track(here))
    assert game.phase == "lay" and set(game.legal_moves()) == {Lay("farmer"), Lay("mongol"), Lay("chinese")}
    refused(game, Track(v(game, 3, 1)), "DK-11")
    refused(game, Lay("ginseng"), "DK-11")
    game.play(Lay("mongol"))
    assert game.stacks[here] == [(1, "plague"), (0, "mongol")]
    game.play(Track(v(game, 3, 1)))
    game.play(Lay("farmer"))
    game.play(Track(v(game, 2, 1)))
    game.play(Lay("chinese"))
    assert game.scout[0] == v(game, 2, 1) and game.to_act == 1 and game.active_tiles[0] == []


def test_DK12_tracks_join_neighbours_on_the_same_side_only():
    game = scout_game()
    moves = set(game.legal_moves())
    assert Track(v(game, 3, 2)) in moves and Track(v(game, 2, 1)) in moves
    refused(game, Track(v(game, 2, 3)), "DK-12")               # across the Great Wall
    refused(game, Track(v(game, 5, 2)), "DK-12")               # not a neighbour


def test_DK12_a_branch_wall_across_a_track_blocks_it_unless_the_variant_says_otherwise():
    branch = [[[2, 3], [2, 2], [2, 1]]]                        # a branch between (1,2)|(2,2) and (1,1)|(2,1)
    kw = dict(branches=branch, scouts={"Red": [2, 2], "Green": [5, 0], "Blue": [0, 0], "Orange": [6, 0]})
    game = scout_game(**kw)
    west = v(game, 1, 2)
    refused(game, Track(west), "DK-12")
    assert Gate(line(game, (2, 2), (2, 3))) in set(game.legal_moves())
    loose = game_at(turn="Red", seed=0, **kw, active={"Red": {"tiles": ["farmer"]}},
                    options={"branch_walls_block_tracks": False})
    gate = line(loose, (2, 2), (2, 3))
    assert {Track(west), Gate(gate)} <= set(loose.legal_moves())     # walk under the wall, or through its gate
    closer = loose.copy()
    loose.play(Track(west))
    assert loose.net.state[gate] != CLOSED
    closer.play(Gate(gate))
    assert closer.scout[0] == west and closer.net.state[gate] == CLOSED


def test_DK13_an_open_gate_lets_the_scout_across_and_closes():
    game = scout_game()
    gate = line(game, (2, 3), (3, 3))
    game.play(Gate(gate))
    assert game.scout[0] == v(game, 2, 3) and game.net.state[gate] == CLOSED
    closed = scout_game(closed=[[[2, 3], [3, 3]]])
    refused(closed, Gate(gate), "DK-13")
    refused(closed, Gate(line(game, (5, 2), (6, 2))), "DK-13")    # not beside the scout's village


def test_DK14_climbing_along_the_wall_closes_the_pieces_used_to_go_up_and_down():
    game = scout_game(closed=[[[3, 3], [4, 3]]])
    up, down = line(game, (2, 3), (3, 3)), line(game, (6, 2), (7, 2))
    game.play(Climb(up, down, v(game, 6, 2)))
    assert game.scout[0] == v(game, 6, 2)
    assert game.net.state[up] == game.net.state[down] == CLOSED
    closed_up = scout_game(closed=[[[2, 3], [3, 3]]])
    refused(closed_up, Climb(up, down, v(game, 6, 2)), "DK-14")
    refused(closed_up, Climb(line(game, (2, 2), (2, 3)), down, v(game, 6, 2)), "DK-14")   # no wall there
    game = scout_game()
    refused(game, Climb(up, down, v(game, 2, 1)), "DK-14")                                # not beside `down`


def test_DK15_no_village_with_another_scout_none_twice_and_never_back_to_the_start():
    game = scout_game()
    refused(game, Track(v(game, 1, 2)), "DK-15")                 # Green's scout stands there
    game.play(Track(v(game, 3, 2)))
    game.play(Lay("farmer"))
    err = refused(game, Track(v(game, 2, 2)), "DK-15")           # the start village
    assert "began" in err.reason
    game.play(Track(v(game, 3, 1)))
    game.play(Lay("farmer" if "farmer" in game.active_tiles[0] else game.active_tiles[0][0]))
    assert Track(v(game, 3, 2)) not in set(game.legal_moves())
    refused(game, Track(v(game, 3, 2)), "DK-15")                 # already entered this turn


def blocked_game(**kw):
    # Red's scout in the north-west corner village; both neighbours hold scouts
    kw.setdefault("scouts", {"Red": [0, 0], "Green": [1, 0], "Blue": [0, 1], "Orange": [5, 0]})
    return game_at(turn="Red", stacks={"0,0": ["Red farmer"], "5,1": ["Red mongol"]}, **kw)


def test_DK16_a_blocked_scout_ends_the_turn_and_the_unplaced_tiles_leave_the_game():
    game = blocked_game(active={"Red": {"tiles": ["farmer", "mongol"]}})
    assert set(game.legal_moves()) == {Discard(), Retreat()}
    game.play(Discard())
    assert game.discarded[0] == ["farmer", "mongol"] and game.active_tiles[0] == [] and game.to_act == 1
    # blocked after the first step: the rest is discarded at once
    game = game_at(turn="Red", scouts={"Red": [0, 0], "Green": [1, 0], "Blue": [1, 1], "Orange": [0, 2]},
                   active={"Red": {"tiles": ["farmer", "mongol", "chinese"]}})
    game.play(Track(v(game, 0, 1)))
    game.play(Lay("mongol"))
    assert game.to_act == 1 and sorted(game.discarded[0]) == ["chinese", "farmer"]
    assert game.scout[0] == v(game, 0, 1)
    assert any(e.rule == "DK-16" for e in game.log)
    assert tiles_of(game, 0) == FULL


def test_DK19_DK10_a_blocked_scout_may_be_taken_off_and_comes_back_on_an_own_village():
    game = blocked_game(active={"Red": {"tiles": ["farmer"]}})
    game.play(Retreat())
    assert game.scout[0] == -1 and game.to_act == 1 and game.active_tiles[0] == ["farmer"]
    # with nothing to place, taking the scout off stays a choice: the player may also just pass
    empty = blocked_game(active={})
    assert set(empty.legal_moves()) == {Pass(), Retreat()}
    empty.play(Pass())
    assert empty.scout[0] == v(empty, 0, 0) and empty.to_act == 1
    free = scout_game()
    refused(free, Pass(), "DK-09")
    refused(free, Retreat(), "DK-19")
    refused(free, Discard(), "DK-16")
    # at the start of Red's next turn the scout comes back onto a village Red controls and can leave
    back = blocked_game(phase="take", active={"Red": {"tiles": ["farmer"]}},
                        scouts={"Red": None, "Green": [1, 0], "Blue": [0, 1], "Orange": [5, 0]})
    assert back.phase == "enter" and list(back.legal_moves()) == [Enter(v(back, 5, 1))]  # (0,0) is blocked
    err = refused(back, Enter(v(back, 3, 3)), "DK-10")
    assert err.reason.endswith(f"(open now: {v(back, 5, 1)})")
    refused(back, Take("wall"), "DK-10")
    back.play(Enter(v(back, 5, 1)))
    assert back.phase == "take" and back.scout[0] == v(back, 5, 1)
    # with no village of its own, any empty village
    none = game_at(turn="Red", phase="take", scouts={"Red": None, "Green": [1, 0]}, players=2,
                   stacks={"2,2": ["Green farmer"]})
    targets = {m.village for m in none.legal_moves()}
    assert targets == set(range(38)) - {v(none, 2, 2), v(none, 1, 0)}


def test_DK18_only_the_controller_sees_inside_a_stack():
    game = game_at(stacks={"2,2": ["Red mongol", "Green farmer"]}, players=2,
                   scouts={"Red": [0, 0], "Green": [6, 0]})
    village = str(v(game, 2, 2))
    assert game.view(1)["private"]["controlled"] == {village: ["mongol", "farmer"]}
    assert village not in game.view(0)["private"]["controlled"]
    public = game.view(None)["public"]
    assert public["stacks"][v(game, 2, 2)] == [0, 1]
    assert "mongol" not in json.dumps(public) and "farmer" not in json.dumps(public)
    assert game.view(0)["public"] == game.view(1)["public"] == public


def _standard_with(walls):
    return {**standard_doc(), "walls": walls, "name": f"standard with {walls} walls"}


def test_DK28_DK30_two_empty_supplies_end_the_game_after_one_more_round():
    game = game_at(players=2, turn="Red", phase="take", layout=_standard_with(10),
                   scouts={"Red": [0, 3], "Green": [7, 4]}, stacks=red_has_no_passive_tiles(),
                   active={"Red": {"tiles": ["farmer", "farmer"]}})
    assert game.supply == 1 and game.passive[0] == []
    assert game.legal_moves()[:] == [Take("wall")]
    game.play(Take("wall"))                         # the second supply runs empty: Red announces the end
    assert game.trigger == 0 and any(e.rule == "DK-28" for e in game.log)
    assert any(e.rule == "DK-30" for e in game.log) and game.phase == "place"
    order = []
    while not game.is_over:
        if not order or order[-1] != game.to_act:
            order.append(game.to_act)
        game.play(game.legal_moves()[0])
    assert order == [0, 1, 0]                       # Red finishes, Green plays, Red plays the last turn
    assert game.result.reason.startswith("two supplies ran out")


def test_DK28_two_colours_of_tiles_running_out_trigger_the_end_too():
    # Green has no passive tiles left; walls remain in the supply. Red draws Red's last tile: two colours'
    # tile supplies are empty at once, so Red announces the end
    stacks = {**red_has_no_passive_tiles("Green", rows=(3, 4)), "0,0": ["Red chinese"] * 5,
              "1,0": ["Red mongol"] * 5, "2,0": ["Red farmer"] * 4, "3,0": ["Red plague", "Red ginseng"]}
    game = game_at(players=2, turn="Red", phase="take", stacks=stacks,
                   scouts={"Red": [0, 0], "Green": [1, 3]}, active={"Green": {"tiles": ["farmer", "farmer"]}})
    assert game.passive[1] == [] and game.passive[0] == ["farmer"] and game.supply > 0
    game.play(Take("wall"))
    assert game.trigger is None                     # only Green's tiles are out so far
    game.play(Take("tile"))
    assert game.trigger == 0 and any(e.rule == "DK-28" for e in game.log)


def test_DK28_the_game_does_not_end_while_only_one_supply_is_empty():
    game = game_at(players=2, turn="Red", phase="take", layout=_standard_with(12),
                   scouts={"Red": [0, 3], "Green": [7, 4]})
    assert game.supply == 3
    game.play(Take("wall"))
    game.play(Take("wall"))
    assert game.trigger is None
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    game.play(Take("wall"))                         # Green empties the walls; no tile supply is empty
    assert game.supply == 0 and game.trigger is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DK02_DK03_DK36_random_games_account_for_every_piece_and_end_with_winners(players):
    for seed in range(400):
        game = new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        check_invariants(game)
        for p in range(players):
            assert tiles_of(game, p) == FULL
        scores = game.scores()
        assert sum(s.points for s in game.village_scores()) == sum(scores)
        assert game.winners() == tuple(p for p in range(players) if scores[p] == max(scores))


def test_DK03_DK11_DK18_face_down_tiles_stay_hidden_until_the_scoring():
    kind = re.compile(r"\b(chinese|mongol|farmer|plague|ginseng)s?\b")     # not "Mongolia"
    for seed in range(6):
        game = new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while True:
            spectator = game.view(None)
            if game.is_over:
                break
            assert not kind.search(json.dumps(spectator["public"]) + " ".join(spectator["log"]))
            for p in range(3):
                controlled = game.view(p)["private"]["controlled"]     # only the controller looks inside
                assert controlled == {str(x): [k for _, k in stack] for x, stack in enumerate(game.stacks)
                                      if stack and stack[-1][0] == p}
            game.play(rng.choice(game.legal_moves()))
