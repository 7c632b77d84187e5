"""The simulation lab's statistics of a finished game agree with what the table and the moves show (the figures
are read from the log by kind; these tests count them another way)."""

import random

import pytest

from greatwall_kit.great_wall_of_china import VARIANTS, Claim, new_game


@pytest.mark.parametrize("options", [{}, *VARIANTS.values()], ids=["rulebook", *VARIANTS])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_labs_statistics_count_what_the_table_and_the_moves_show(players, options):
    for seed in range(4):
        game, rng = new_game(players=players, seed=seed, **options), random.Random(seed)
        first_claims = [0] * players
        while not game.is_over:
            move = rng.choice(game.legal_moves())
            if isinstance(move, Claim):  # a first claim is the one claim a player decides
                first_claims[game.to_act] += 1
            game.play(move)
        per_game, per_seat = game.stats()
        # every second claim puts two tokens face down and lays a new pair unless the pool has none (a section
        # left with neither pair nor token, which ends the game)
        second_claims = sum(map(len, game.tokens)) // 2
        unpaired = sum(not s.pair and all(c.token is None for c in s.cards) for s in game.sections)
        assert per_game == {"pairs_laid": len(game.sections) + second_claims - unpaired,
                            "ended_by_pool": game.end_reason == "pool"}
        assert per_seat == [{"tokens_claimed": len(game.tokens[p]), "first_claims": first_claims[p]}
                            for p in range(players)]
