"""Set-up: decks, hands, tokens, pairs (GW-01 to GW-06)."""

from collections import Counter

import pytest

from greatwall_kit.engine import SetupError
from greatwall_kit.great_wall_of_china import DECK, SECTIONS, TOKENS, new_game

from .gwoc_support import FULL_DECK, FULL_TOKENS, box_except, card_count, position, token_count


def test_GW01_every_colour_has_the_same_twenty_cards():
    assert sum(DECK.values()) == 20
    assert DECK == {"wall": 7, "gate": 3, "watchtower": 1, "infantry": 5, "cavalry": 2, "noble": 1, "dragon": 1}
    game = new_game(players=5, seed=3)
    for p in range(5):
        assert Counter(game.decks[p]) + Counter(game.hands[p]) == FULL_DECK
        assert card_count(game, p) == FULL_DECK


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_GW02_two_to_five_players_and_unused_colours_stay_out(players):
    game = new_game(players=players, seed=1)
    assert len(game.decks) == len(game.hands) == len(game.tokens) == players
    shown = [p["name"] for p in game.view()["public"]["players"]]
    assert shown == list(("Red", "Yellow", "Green", "Blue", "Black")[:players])


@pytest.mark.parametrize("players", [1, 6])
def test_GW02_other_player_counts_are_refused(players):
    with pytest.raises(SetupError, match="2 to 5 players"):
        new_game(players=players)


def test_GW03_each_player_shuffles_and_draws_five():
    games = [new_game(players=3, seed=s) for s in range(4)]
    for game in games:
        # Red has drawn at most one more card by acting; the others hold exactly five
        for p in (1, 2):
            assert sum(game.hands[p].values()) == 5 and len(game.decks[p]) == 15
    assert len({tuple(g.decks[1]) for g in games}) == 4, "decks are shuffled from the seed"
    assert new_game(players=3, seed=2).decks == new_game(players=3, seed=2).decks


def test_GW04_thirty_six_tokens_shuffled_into_the_pool():
    assert sum(TOKENS.values()) == 36
    assert TOKENS == {1: 2, 2: 6, 3: 7, 4: 7, 5: 8, 7: 4, 8: 2}
    game = new_game(players=4, seed=0)
    assert token_count(game) == FULL_TOKENS
    assert len(game.pool) == 36 - 8 - len(game.box)
    assert new_game(players=4, seed=1).pool != game.pool


@pytest.mark.parametrize("players,pairs", [(2, 2), (3, 3), (4, 4), (5, 4)])
def test_GW05_pairs_laid_face_up_by_player_count(players, pairs):
    game = new_game(players=players, seed=7)
    assert SECTIONS[players] == pairs == len(game.sections)
    assert [s.number for s in game.sections] == list(range(1, pairs + 1))
    public = game.view()["public"]["sections"]
    assert all(len(s["pair"]) == 2 for s in public), "the pairs lie face up: everyone sees them"


def test_GW06_two_player_equal_pairs_go_back_to_the_box_at_setup():
    redraws = 0
    for seed in range(60):
        game = new_game(players=2, seed=seed)
        assert all(s.pair[0] != s.pair[1] for s in game.sections)
        assert len(game.box) == 2 * sum(1 for e in game.log if e.rule == "GW-06")
        redraws += bool(game.box)
        assert token_count(game) == FULL_TOKENS
    assert redraws, "some seed must draw an equal pair"
    # with more players an equal pair stays
    assert any(s.pair[0] == s.pair[1] for seed in range(60) for s in new_game(players=3, seed=seed).sections)


def test_GW06_two_player_equal_pairs_go_back_to_the_box_later_too():
    game = position([{"pair": [3], "cards": ["Red wall [5]"]}, {"pair": [2, 8], "cards": []}],
                    pool=[5, 5, 4, 7], box=box_except(3, 5, 2, 8, 5, 5, 4, 7))
    # Red alone in section 1 claims the second token; the new pair 5-5 is boxed, 4-7 is laid instead
    assert game.tokens[0] == [3, 5]
    assert game.sections[0].pair == [4, 7] and game.pool == []
    assert Counter(game.box) - Counter(box_except(3, 5, 2, 8, 5, 5, 4, 7)) == Counter({5: 2})
    assert [e.rule for e in game.log].count("GW-06") == 1
    assert token_count(game) == FULL_TOKENS
