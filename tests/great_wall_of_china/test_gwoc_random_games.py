"""Thousands of random games of every player count: they all end by one of the two end conditions,
with every token and every card accounted for (GW-04, GW-20 to GW-23)."""

import random
from collections import Counter

import pytest

from greatwall_kit.great_wall_of_china import VARIANTS, Section, new_game

from .gwoc_support import FULL_DECK, FULL_TOKENS, card_count, token_count

GAMES = {2: 2000, 3: 1500, 4: 1200, 5: 1000}


def play_out(game, rng):
    while game.to_act is not None:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def check_end(game):
    assert game.is_over and game.end_reason in ("pool", "last_round")
    assert token_count(game) == FULL_TOKENS
    for p in range(game.players):
        assert card_count(game, p) == FULL_DECK
    assert game.scores() == tuple(sum(t) for t in game.tokens)
    if game.end_reason == "pool":
        assert len(game.pool) < 2 or (game.options.pool_runs_out == "last_pair_drawn" and not game.pool)
    else:
        assert game.declarer is not None and game.final
        assert not game.decks[game.declarer] and not any(game.hands[game.declarer].values())
        if game.options.final_scoring == "until_quiet":
            # a whole round without a claim: nobody has a claim due anywhere
            assert all(s.claim_due(p) is None for s in game.sections for p in range(game.players))


@pytest.mark.parametrize("players", sorted(GAMES))
def test_GW04_GW20_GW21_GW22_GW23_thousands_of_random_games_end_with_every_token_accounted_for(players):
    ends = Counter()
    for seed in range(GAMES[players]):
        game = new_game(players=players, seed=seed)
        play_out(game, random.Random(seed))
        check_end(game)
        ends[game.end_reason] += 1
    assert ends["last_round"] > 0 and ends["pool"] > 0, ends


@pytest.mark.parametrize("players", sorted(GAMES))
def test_GW16_GW21_GW22_random_games_under_the_other_readings_end_too(players):
    for seed in range(GAMES[players] // 4):
        game = new_game(players=players, seed=seed, **VARIANTS["other readings"])
        play_out(game, random.Random(seed))
        check_end(game)


def test_GW04_GW12_tokens_and_cards_are_accounted_for_after_every_decision():
    for players in (2, 5):
        game = new_game(players=players, seed=99)
        rng = random.Random(99)
        while game.to_act is not None:
            assert token_count(game) == FULL_TOKENS
            assert all(card_count(game, p) == FULL_DECK for p in range(players))
            assert all(len(s.pair) + sum(c.token is not None for c in s.cards) == 2 for s in game.sections)
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
        check_end(game)


@pytest.mark.parametrize("variant", ["rulebook", *VARIANTS])
def test_GW14_GW16_GW17_GW18_section_totals_kept_up_to_date_equal_a_fresh_count_after_every_decision(variant):
    # a section updates its totals as cards and tokens are laid; a section built afresh from the same
    # cards counts them from scratch (cards.tally)
    options = VARIANTS.get(variant, {})
    for players, seed in ((2, 7), (3, 8), (5, 9)):
        game = new_game(players=players, seed=seed, **options)
        rng = random.Random(seed)
        while game.to_act is not None:
            for s in game.sections:
                fresh = Section(s.number, players, s.pair, s.cards, game.options)
                assert (s.totals(), s.takes_part()) == (fresh.totals(), fresh.takes_part())
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
