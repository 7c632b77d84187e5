"""The lab's statistics of Dschingis Khan against the board itself, replayed decision by decision."""

import random

import pytest

from greatwall_kit.dschingis_khan import Resolution, Wall, new_game


def _random_game(players, seed):
    game, rng = new_game(players=players, seed=seed), random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def _read_from_the_board(game):
    """(loops and new ends resolved, villages that changed side), from the walls and sides at each decision:
    a wall that resolves a loop or a new end (DK-22 to DK-25) always takes a route off, so fewer pieces stand
    than before plus one."""
    replay, resolved, flipped = new_game(players=game.players, seed=game.seed), 0, 0
    for move in game.history:
        pieces, sides = len(replay.net.state), list(replay.sides)
        replay.play(move)
        if type(move) is Wall and len(replay.net.state) < pieces + 1:
            resolved += 1
        flipped += sum(a != b for a, b in zip(sides, replay.sides, strict=True))
    return resolved, flipped


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 8)])
def test_stats_count_loops_new_ends_and_villages_flipped_DK_22_DK_25_DK_27(players, seed):
    game = _random_game(players, seed)
    per_game, per_seat = game.stats()
    resolved, flipped = _read_from_the_board(game)
    assert resolved > 0 and flipped > 0, "pick a seed whose game resolves a loop and turns a village"
    assert per_game["loops_resolved"] + per_game["new_ends"] == resolved
    assert per_game["villages_flipped"] == flipped
    kinds = [r.evidence.kind for r in game.resolutions() if isinstance(r.evidence, Resolution)]
    assert (per_game["loops_resolved"], per_game["new_ends"]) == (kinds.count("loop"), kinds.count("new end"))
    tops = [stack[-1][0] for stack in game.stacks if stack]
    assert [seat["villages_controlled"] for seat in per_seat] == [tops.count(p) for p in range(players)]
