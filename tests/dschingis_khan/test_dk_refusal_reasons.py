"""A refused scout step names the reason that actually applies (DK-12 to DK-15).

A student reads the refusal as the explanation, so the way itself comes first (not a neighbour, no track,
a closed piece: DK-12, DK-13, DK-14) and only a step that exists is refused for the village it enters
(DK-15), with the cause that holds: another scout there, the turn's start village, or a village entered
earlier this turn.
"""

import random

import pytest

from greatwall_kit.dschingis_khan import Climb, Gate, Track, new_game
from greatwall_kit.dschingis_khan.scouts import steps
from greatwall_kit.dschingis_khan.walls import CLOSED
from greatwall_kit.engine import IllegalMoveError


def _scout_decisions(seed, players=3, **options):
    """Positions of a random game where the player to act may move the scout, one at a time."""
    game = new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        if game.phase == "move" and game.active_tiles[game.current]:
            yield game
        game.play(rng.choice(game.legal_moves()))


def _candidates(game, rng):
    """Scout steps to try: tracks to every village, gates on every line, a few climbs."""
    board = game.board
    moves = [Track(v) for v in range(len(board.villages))] + [Gate(line) for line in range(len(board.lines))]
    walls = list(game.net.state)
    for _ in range(20):
        up, down = rng.choice(walls), rng.choice(walls)
        moves.append(Climb(up, down, rng.choice(board.faces[down])))
    return moves


def _refusal(game, move):
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    return err.value.rule, err.value.reason


@pytest.mark.parametrize("seed", range(6))
def test_DK15_only_a_step_that_exists_is_refused_for_its_village(seed):
    rng = random.Random(seed)
    checked = 0
    for game in _scout_decisions(seed, **({"layout": "rectangle:6x4"} if seed % 2 else {})):
        p, here = game.current, game.scout[game.current]
        ways = set(steps(game.board, game.net, game.sides, here, set(), options=game.options))
        legal = set(game.legal_moves())
        others = {s for q, s in enumerate(game.scout) if q != p and s >= 0}
        for move in _candidates(game, rng):
            if move in legal:
                continue
            rule, reason = _refusal(game, move)
            checked += 1
            if move not in ways:
                assert rule in ("DK-12", "DK-13", "DK-14"), f"{move} from {here}: {rule} {reason}"
                continue
            assert rule == "DK-15", f"{move} from {here}: {rule} {reason}"
            target = move.village if not isinstance(move, Gate) else game.board.across(move.line, here)
            if target in others:
                assert "another scout stands" in reason
            elif target == game.visited[0]:
                assert "began this turn" in reason
            else:
                assert target in game.visited and "already entered" in reason
    assert checked > 500


def _find(seed_range, want):
    for seed in seed_range:
        for game in _scout_decisions(seed):
            found = want(game)
            if found is not None:
                return game, found
    raise AssertionError("no such position in the random games searched")


def test_DK12_track_to_a_far_village_with_a_scout_is_not_a_neighbour():
    """Regression: refused with 'another scout stands on village 6' when village 6 was not a neighbour."""
    def far_scout(game):
        here = game.scout[game.current]
        near = {v for line in game.board.village_lines[here] for v in game.board.faces[line]}
        far = [s for q, s in enumerate(game.scout) if q != game.current and s >= 0 and s not in near]
        return far[0] if far else None

    game, village = _find(range(20), far_scout)
    rule, reason = _refusal(game, Track(village))
    assert rule == "DK-12" and f"village {village} is not a neighbour" in reason


def test_DK13_a_closed_gate_back_to_the_start_village_says_the_piece_is_closed():
    """Regression: a step through a closed piece was explained as 'village 16 is where Red's scout began
    this turn' without saying the piece is closed."""
    def closed_gate_home(game):
        here, board = game.scout[game.current], game.board
        for line in board.village_lines[here]:
            if game.net.state.get(line) == CLOSED \
                    and board.across(line, here) == game.visited[0]:
                return line
        return None

    game, line = _find(range(60), closed_gate_home)
    rule, reason = _refusal(game, Gate(line))
    assert rule == "DK-13" and "closed" in reason
