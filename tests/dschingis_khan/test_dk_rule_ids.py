"""Scout steps against an independent reading of DK-12 to DK-15, and the rule each wall event cites.

The scout test reads the rules afresh at every step of many random games: which steps exist, and what
a step does (the scout moves, the village counts as entered, the pieces used close). A scout bug shows
here by name, not only as a changed whole-game score.
"""

import random

import pytest

from greatwall_kit.dschingis_khan import Climb, Gate, Track, Wall, new_game
from greatwall_kit.dschingis_khan.walls import CLOSED, OPEN

from .dk_support import line
from .test_dk_walls import fig7


def _rulebook_steps(game):
    """The scout steps open now, read from DK-12 to DK-15 (not from the engine's own step finder)."""
    board, walls, sides = game.board, game.net.state, game.sides
    p = game.current
    here = game.scout[p]
    barred = set(game.visited) | {s for q, s in enumerate(game.scout) if q != p and s >= 0}  # DK-15
    beside = [ln for ln in board.village_lines[here] if board.inner[ln]]
    out = set()
    for ln in beside:
        there = board.across(ln, here)
        if there in barred:
            continue
        on_great_wall = ln in game.net.great_wall_lines()
        blocked = ln in walls and (game.options.branch_walls_block_tracks or on_great_wall)
        if board.track[ln] and sides[there] == sides[here] and not blocked:  # DK-12
            out.add(Track(there))
        if walls.get(ln) == OPEN:  # DK-13
            out.add(Gate(ln))
    ups = [ln for ln in beside if walls.get(ln) == OPEN]
    downs = [ln for ln, state in walls.items() if state == OPEN]
    for up in ups:  # DK-14: up at one open piece beside the village, down at another open piece
        for down in downs:
            if down != up:
                out.update(Climb(up, down, v) for v in board.faces[down] if v != here and v not in barred)
    return out


@pytest.mark.parametrize("seed,options", [(s, o) for s in range(6) for o in
                                          ({}, {"branch_walls_block_tracks": False}, {"layout": "rectangle:6x4"})])
def test_DK12_DK13_DK14_DK15_scout_steps_and_their_effects_follow_the_rules(seed, options):
    game = new_game(players=3, seed=seed, **options)
    rng = random.Random(seed)
    steps_seen = 0
    while not game.is_over:
        moves = list(game.legal_moves())
        if game.phase == "move":
            engine = {m for m in moves if isinstance(m, (Track, Gate, Climb))}
            assert engine == _rulebook_steps(game), f"seed {seed}, decision {len(game.history)}"
            if engine:
                climbs = sorted((m for m in engine if isinstance(m, Climb)), key=str)
                move = rng.choice(climbs if climbs and rng.random() < 0.5 else sorted(engine, key=str))
                p, before, start = game.current, dict(game.net.state), len(game.log)
                here = game.scout[p]
                target = game.board.across(move.line, here) if isinstance(move, Gate) else move.village
                used = {Gate: [getattr(move, "line", None)], Climb: [getattr(move, "up", None),
                                                                    getattr(move, "down", None)]}.get(type(move), [])
                game.play(move)
                steps_seen += 1
                assert game.scout[p] == target and target in game.visited  # DK-15 counts it as entered
                for ln in used:  # DK-13, DK-14: the pieces used close, and no other
                    assert before[ln] == OPEN and game.net.state[ln] == CLOSED
                assert {ln: st for ln, st in game.net.state.items() if ln not in used} == \
                    {ln: st for ln, st in before.items() if ln not in used}
                rule = {Track: "DK-12", Gate: "DK-13", Climb: "DK-14"}[type(move)]
                assert game.log[start].rule == rule and game.log[start].data["village"] == target
                continue
        game.play(rng.choice(moves))
    assert steps_seen > 5


def _resolution_event(game, start):
    (event,) = [e for e in game.log[start:] if "kind" in e.data]
    return event


def test_DK22_the_shorter_route_of_a_loop_goes_under_DK22():
    game = fig7()  # the rulebook's Figure 7: the new five-piece route beats the one-piece route
    start = len(game.log)
    game.play(Wall(line(game, (2, 2), (2, 3))))
    event = _resolution_event(game, start)
    assert event.data["old_length"] != event.data["new_length"] and event.rule == "DK-22"


def test_DK23_a_tied_loop_removes_the_new_route_under_DK23():
    game = fig7()  # Figure 8: two routes of two pieces each
    start = len(game.log)
    game.play(Wall(line(game, (3, 2), (4, 2))))
    event = _resolution_event(game, start)
    assert event.data["old_length"] == event.data["new_length"] and event.rule == "DK-23"
    assert event.data["kept"] == "old"
