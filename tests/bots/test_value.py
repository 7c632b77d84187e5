"""The greedy yardstick: each game's own scoring applied to the position now, and the bots built on it."""

import random

import pytest

from greatwall_kit import GAMES, new_game
from greatwall_kit.bots import GreedyBot, MCTSBot, RandomBot, play_match
from greatwall_kit.bots.value import material, standing
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.sim import simulate


def _random_positions(name, players, seed, every=5):
    game, rng = new_game(name, players=players, seed=seed), random.Random(seed)
    while not game.is_over:
        if len(game.history) % every == 0:
            yield game
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_finished_game_stands_at_its_scores(name):
    game = new_game(name, players=2, seed=4)
    play_randomly(game, 4)
    assert standing(game) == list(game.scores())


@pytest.mark.parametrize("name", ["chang_cheng", "dschingis_khan"])
def test_games_that_score_on_the_board_stand_at_their_scores_throughout(name):
    for game in _random_positions(name, 2, 6):
        assert standing(game) == list(game.scores())


def test_GW10_GW11_leading_a_section_counts_its_best_token_and_a_first_claim_stays_with_its_card():
    game = new_game("great_wall_of_china", players=2, seed=1)
    pair = list(game.sections[0].pair)
    game.play(game.parse_move("play 1 wall 1"))
    assert standing(game) == [max(pair), 0]
    claims = 0
    for game in _random_positions("great_wall_of_china", 3, 8, every=1):
        on_cards = [0, 0, 0]
        for section in game.sections:
            for card in section.cards:
                if card.token is not None:
                    on_cards[card.owner] += card.token
        floor = [sum(t) + c for t, c in zip(game.tokens, on_cards, strict=True)]
        assert all(s >= f for s, f in zip(standing(game), floor, strict=True))
        claims += any(on_cards)
    assert claims  # the game had first claims lying on cards


def test_GW23_material_is_the_cards_in_hand():
    game = new_game("great_wall_of_china", players=2, seed=1)
    assert material(game) == [sum(h.values()) for h in game.hands] == [5, 5]


def test_TGW39_TGW43_each_shame_a_breach_would_give_now_costs_five():
    seen = 0
    for game in _random_positions("the_great_wall", 2, 3, every=1):
        shamed = [p for s in range(len(game.sections)) for p, _ in game._assess(s).shamed]
        if not shamed:
            continue
        held = game.copy()
        for section in held.sections:
            section["barricades"] = 99  # no Horde breaches this
        assert not any(p for s in range(len(held.sections)) for p, _ in held._assess(s).shamed)
        for p in range(2):
            assert standing(game)[p] == standing(held)[p] - 5 * shamed.count(p)
        seen += 1
    assert seen


def test_TGW43_a_shame_token_taken_costs_five():
    for game in _random_positions("the_great_wall", 2, 5, every=1):
        clan = game.clans[0]
        if clan["disabled"]:
            clean = game.copy()
            clean.clans[0]["disabled"] = []
            assert standing(game)[0] == standing(clean)[0] - 5 * len(clan["disabled"])
            return
    pytest.fail("no Shame was taken in the random game")


@pytest.mark.parametrize("name,players", [("great_wall_of_china", 2), ("great_wall_of_china", 5),
                                          ("the_great_wall", 2)])
def test_greedy_beats_random_by_the_games_own_scoring(name, players):
    bots = [GreedyBot(1)] + [RandomBot(2)] * (players - 1)
    table = simulate(name, bots, 16, seed=3, players=players, workers=1, progress=False)
    greedy_wins = table[table["seat"] == 0]["winner"].sum()
    assert greedy_wins > 16 / players + 4  # far above a random seat's share


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("options", [dict(rollout=3), dict(rollout=0, expand="all")])
def test_truncated_and_fully_expanded_searches_play_whole_games_reproducibly(name, options):
    def final():
        bots = [MCTSBot(1, playouts=6, **options), GreedyBot(2)]
        return play_match(new_game(name, players=2, seed=7), bots).history

    assert final() == final()


@pytest.mark.parametrize("options,message", [(dict(rollout=-1), "rollout must be"),
                                             (dict(rollout=1.5), "rollout must be"),
                                             (dict(expand="some", rollout=1), "expand must be"),
                                             (dict(expand="all", rollout=None), "give a rollout length")])
def test_search_options_are_checked(options, message):
    with pytest.raises(ValueError, match=message):
        MCTSBot(1, playouts=5, **options)
