"""Game copies (engine/cloning.py): equal to the original, independent of it, and playing on alike."""

import copy
import operator
import random

import pytest

from greatwall_kit import GAMES, new_game
from greatwall_kit.engine.cloning import clone
from greatwall_kit.engine.playout import play_randomly


def _part_way(name, players, seed, decisions):
    game = new_game(name, players=players, seed=seed)
    play_randomly(game, seed, stop_after=decisions)
    return game


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("decisions", [0, 30])
def test_a_copy_plays_on_exactly_like_the_original_and_leaves_it_alone(name, decisions):
    game = _part_way(name, 3, 2, decisions)
    before = game.fingerprint()
    twin = game.copy()
    assert twin.fingerprint() == before and twin.history == game.history
    play_randomly(twin, 9)
    assert game.fingerprint() == before  # nothing shared that the copy changed
    replayed = copy.deepcopy(game)
    play_randomly(replayed, 9)
    assert twin.fingerprint() == replayed.fingerprint() and twin.log == replayed.log


def test_a_copy_carries_no_observer_and_keeps_shared_references_shared():
    game = new_game("great_wall_of_china", seed=1)
    seen = []
    game.observe(lambda g, change: seen.append(change))
    game.hand = game.hands[0]  # two references to one dict
    twin = clone(game)
    twin.play(twin.legal_moves()[0])
    assert seen == []
    assert twin.hand is twin.hands[0] and twin.hand is not game.hand


def test_a_list_the_game_copies_in_one_step_stays_shared_with_references_walked_before_it():
    game = new_game("the_great_wall", players=2, seed=1)
    assert type(game)._copied_state["tea"] is list.copy
    game.warehouse = {**game.warehouse, "tea": game.tea}  # walked before "tea" (an earlier attribute)
    twin = clone(game)
    assert twin.warehouse["tea"] is twin.tea and twin.tea == game.tea and twin.tea is not game.tea


def test_a_copy_shares_the_generator_until_either_game_draws():
    game = _part_way("the_great_wall", 2, 4, 10)
    twin = game.copy()
    assert twin._rng is game._rng  # nothing drawn yet: one generator, not copied
    state = game._rng.getstate()
    drawn = [twin.rng.random() for _ in range(3)]
    assert game._rng.getstate() == state  # the copy drew from its own generator
    assert [game.rng.random() for _ in range(3)] == drawn
    third = twin.copy()
    twin.rng.random()
    assert third.rng.random() == game.rng.random()  # neither the twin's draw nor the original's moved the third's


def test_sections_share_their_cards_and_a_token_lays_a_new_card():
    game = _part_way("great_wall_of_china", 2, 4, 30)
    twin = game.copy()
    for ours, theirs in zip(game.sections, twin.sections, strict=True):
        assert ours is not theirs and ours.cards is not theirs.cards and ours.pair is not theirs.pair
        assert all(map(operator.is_, ours.cards, theirs.cards))
    section = next(s for s in twin.sections if s.cards and len(s.pair) == 2)
    before = section.cards[0]
    section.place_token(section.pair[0], 0)
    assert section.cards[0].token is not None and before.token is None


def test_frozen_values_are_shared_and_the_generator_continues_alike():
    game = _part_way("chang_cheng", 2, 4, 10)
    twin = game.copy()
    assert twin.layout is game.layout and twin.options is game.options
    assert twin.rng is not game.rng and twin.rng.random() == game.rng.random()


def test_named_tuple_evidence_and_the_log_records_are_shared_not_copied():
    game = new_game("the_great_wall", players=1, seed=3)
    play_randomly(game, 3, stop_after=20)
    assert game.results, "a Winter has passed: its Assaults are recorded"
    twin = game.copy()
    assert twin.results is not game.results and all(map(operator.is_, twin.results, game.results))
    assert twin._events is not game._events and all(map(operator.is_, twin._events, game._events))
    assert twin.log == game.log


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_legal_moves_view_answers_for_its_own_game_after_a_copy_and_an_undo(name):
    game = new_game(name, seed=2)
    play_randomly(game, 2, stop_after=3)
    before = list(game.legal_moves())
    twin = game.copy()
    twin.play(twin.legal_moves()[-1])
    replayed = new_game(name, seed=2).replay(twin.history)
    assert list(twin.legal_moves()) == list(replayed.legal_moves()) and list(game.legal_moves()) == before
    game.play(game.legal_moves()[-1])
    game.undo()
    assert list(game.legal_moves()) == before


@pytest.mark.parametrize("name, constant", [("great_wall_of_china", None), ("the_great_wall", ("horde_deck",))])
def test_constant_state_is_shared_by_copies(name, constant):
    game = new_game(name, seed=1)
    if constant:  # a list of plain values named constant (the cloner copies such lists quickly when not)
        game._constant_state = constant
    twin = game.copy()
    assert game._constant_state and all(getattr(twin, n) is getattr(game, n) for n in game._constant_state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_copy_and_an_undo_carry_the_engines_slots(name):
    game = new_game(name, seed=3)
    play_randomly(game, 3, stop_after=6)
    game.view(0)  # writes the sentences player 0 was shown (_said)
    legal = game.legal_moves()
    twin = game.copy()
    assert twin._events == game._events and twin._events is not game._events and twin.history == game.history
    assert (twin.options, twin.players, twin.seed, twin._start) == (game.options, game.players, game.seed, game._start)
    assert twin._said is None and twin._legal_view is None and twin.legal_moves() == legal
    game.play(legal[0])
    game.undo()
    assert game.legal_moves() is legal and game._events == twin._events and game.view(0) == twin.view(0)


@pytest.mark.parametrize("name, players", [(name, players) for name in sorted(GAMES)
                                           for players in new_game(name).player_counts])
def test_every_game_keeps_to_29_attributes_in_its_instance_dict(name, players):
    # CPython 3.11 keeps an object's attributes inline (fastest to read, and self.method() calls specialize)
    # only while its class has at most 29 attribute names; the engine's own attributes are slots (Game.__slots__),
    # and so are Chang Cheng's (Game._slotted_state)
    game = new_game(name, players=players, seed=1)
    play_randomly(game, 1)
    twin = _part_way(name, players, 1, 10).copy()
    assert len(vars(game)) <= 29 and len(vars(twin)) <= 29, sorted(vars(game))


def _is_value(x):
    if isinstance(x, tuple):
        return all(map(_is_value, x))
    params = getattr(type(x), "__dataclass_params__", None)
    return x is None or isinstance(x, (str, int, float)) or (params is not None and params.frozen)


@pytest.mark.parametrize("name, players", [(name, players) for name in sorted(GAMES)
                                           for players in new_game(name).player_counts])
def test_lists_a_game_copies_with_list_copy_hold_only_values(name, players):
    # a copy shares these lists' items: one holding a dict or a list would be changed by both games
    names = [n for n, copier in type(new_game(name))._copied_state.items() if copier is list.copy]
    for seed in range(3):
        game, rng = new_game(name, players=players, seed=seed), random.Random(seed)
        while True:
            for n in names:
                assert all(map(_is_value, getattr(game, n))), (n, getattr(game, n))
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
