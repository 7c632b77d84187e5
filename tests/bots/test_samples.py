"""A sampled world is only what its seat may know: no way back from it, or from a seat's view, to the real game.

A world sampled for a bot has a seed of its own, no history, no log and no start document, and refuses to be
undone, looked back on or saved; a :class:`SeatView` holds nothing of the game it was made from. A "cheating" bot
that tries every route a student could (undo, a save, ``position_at``, the start document, the seed and the
history) guesses the other seats' private views no better than a bot that just samples.

Planted once each (and reverted), all caught: ``sample_world`` keeping the game's seed (the cheater rebuilds the
deal: the statistical test and the seed test fail), keeping ``_history`` (the history test fails), keeping the
start as ``None`` instead of the sampled marker (undo rebuilds a game: the undo test fails), and ``seat_view``
holding the game in a closure instead of a redealt world (the reachability test fails).
"""

import gc
import math
import random
import types
from collections import Counter

import pytest

from greatwall_kit import GAMES, GreatWallError, load, new_game
from greatwall_kit.bots import play_match, sample_world, seat_view
from greatwall_kit.engine.playout import play_randomly

from .twins import hidden_parts

CASES = [(name, players) for name in sorted(GAMES) for players in (2, max(new_game(name).player_counts))]


def _position(name, players, seed, decisions):
    game = new_game(name, players=players, seed=seed)
    play_randomly(game, seed, stop_after=decisions)
    return game


@pytest.mark.parametrize("name,players", CASES)
def test_a_sampled_world_mid_game_has_no_past_and_a_seed_of_its_own(name, players):
    game = _position(name, players, 4, 12)
    seat = game.to_act
    world = seat_view(game, seat).sample(random.Random(1))
    assert world.history == () and len(world.log) == 0 and world.view(seat)["log"] == []
    assert world.seed != game.seed
    assert world.seed == sample_world(game, seat, random.Random(1)).seed  # reproducible, from the bot's generator
    with pytest.raises(GreatWallError, match="sampled for a bot"):
        world.to_json()
    world.play(world.legal_moves()[0])
    for look_back in (world.undo, lambda: world.position_at(0), lambda: world.position_at(event=0)):
        with pytest.raises(GreatWallError, match="sampled for a bot"):
            look_back()
    assert len(world.history) == 1, "a refused undo changed the world"
    assert world.copy().history == world.history  # a copy of a sample is a sample: it too refuses
    with pytest.raises(GreatWallError, match="sampled for a bot"):
        world.copy().undo()


def _reachable(root):
    """Every object reachable from ``root`` through references (attributes, closures, containers), as ids; classes,
    modules and functions' globals are not followed (they lead to everything the interpreter has loaded)."""
    seen, todo = {id(root)}, [root]
    while todo:
        for ref in gc.get_referents(todo.pop()):
            if isinstance(ref, (type, types.ModuleType)) or id(ref) in seen:
                continue
            if isinstance(ref, dict) and "__builtins__" in ref:  # a module's globals
                continue
            seen.add(id(ref))
            todo.append(ref)
    return seen


@pytest.mark.parametrize("name,players", CASES)
def test_nothing_a_seat_view_holds_leads_to_the_game(name, players):
    game = _position(name, players, 6, 10)
    view = seat_view(game, game.to_act)
    view.sample(random.Random(2))  # (a sample made does not tie the view to the game either)
    reached = _reachable(view)
    assert id(game) not in reached
    # nor any part of the game's state that can change (its hidden cards among them): the shared parts are frozen
    # values and what the game never changes after set-up
    state = {k: v for k, v in vars(game).items() if k not in game._constant_state}
    state["_rng"] = game._rng
    held = [k for k, v in state.items() if isinstance(v, (list, dict, set, random.Random)) and v and id(v) in reached]
    assert not held, f"a seat view reaches the game's {held}"


def _leaves(value, path=()):
    """A private view as ``{path: value}``; a list is one leaf, read as a multiset."""
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in _leaves(item, (*path, key)).items()}
    return {path: Counter(map(repr, value)) if isinstance(value, list) else value}


def _agreement(guess, truth):
    """How much of ``truth`` (a seat's private view) ``guess`` gets right, from 0 to 1."""
    guess, truth = _leaves(guess), _leaves(truth)
    right = 0.0
    for path, value in truth.items():
        if isinstance(value, Counter):
            right += sum((value & guess.get(path, Counter())).values()) / max(1, value.total())
        else:
            right += guess.get(path) == value
    return right / max(1, len(truth))


def _hidden(game, seat):
    """What ``seat`` cannot see of ``game``: the other seats' private views and the hidden parts of its state."""
    parts = {part: value for part, (value, can_vary) in hidden_parts(game, seat).items()
             if can_vary and part != "the random generator"}
    return {"views": {q: game.view(q)["private"] for q in range(game.players) if q != seat}, "parts": parts}


def _score(guess, truth):
    """How much of ``truth`` (a :func:`_hidden`) ``guess`` gets right, from 0 to 1: the private views' share and the
    share of hidden parts guessed exactly, weighed alike."""
    views = sum(_agreement(guess["views"][q], view) for q, view in truth["views"].items()) / len(truth["views"])
    parts = sum(guess["parts"].get(part) == value for part, value in truth["parts"].items())
    return (views + parts / max(1, len(truth["parts"]))) / 2


def _cheat(view, rng):
    """What a bot guesses of the hidden part (a :func:`_hidden`) that tries every way back to the real game, taking
    the first that works; with none, it reads a sampled world (what any bot may do)."""
    name = view["game"]

    def undone(world):
        world.play(world.legal_moves()[0])
        world.undo()
        return world

    def from_start(world):
        if not isinstance(world._start, dict):
            raise GreatWallError("no start document")
        return type(world).from_position(world._start, seed=world.seed)

    def from_seed(world):
        return new_game(name, players=world.players, seed=world.seed, **world._saved_options()).replay(world.history)

    routes = (undone, lambda world: load(world.to_json()), lambda world: world.position_at(len(world.history)),
              from_start, from_seed)
    for route in routes:
        try:
            found = route(view.sample(rng))
        except GreatWallError:
            continue
        if found.view(view.seat)["public"] == view["public"] or route is from_seed:
            return _hidden(found, view.seat)
    return _hidden(view.sample(rng), view.seat)


@pytest.mark.parametrize("name,players", CASES)
def test_a_cheating_bot_guesses_the_other_hands_no_better_than_a_sampler(name, players):
    """Paired over 40 seeded positions (0 to 9 decisions in): the cheater's share of the hidden part guessed right
    (:func:`_score`), less a sampler's, is below three standard errors above 0 (a leak of the deal gives 0.1 to
    0.4)."""
    gains = []
    for seed in range(40):
        rng = random.Random(seed)
        game = _position(name, players, seed, rng.randrange(10))
        if game.is_over:
            continue
        seat = (game.to_act + rng.randrange(1, players)) % players if rng.random() < 0.5 else game.to_act
        view, truth = seat_view(game, seat), _hidden(game, seat)
        sampled = _hidden(view.sample(random.Random(seed + 200)), seat)
        gains.append(_score(_cheat(view, random.Random(seed + 100)), truth) - _score(sampled, truth))
    mean = sum(gains) / len(gains)
    error = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
    assert mean < 3 * error + 0.01, f"the cheater guessed {mean:.3f} more of the hidden views right (error {error:.3f})"


def test_a_bot_reaching_for_the_past_of_its_sample_is_refused_and_the_game_goes_on():
    def rewinder(view, legal_moves):
        world = view.sample(random.Random(0))
        world.play(legal_moves[0])
        try:
            world.undo()
        except GreatWallError:
            pass
        return legal_moves[0]

    game = play_match(new_game("great_wall_of_china", seed=2), [rewinder, rewinder])
    assert game.is_over
