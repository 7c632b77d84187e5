"""The log as the rules record it: ``game._events.append((KIND, *values))`` appends to the game's own list, and the log
works out each event's decision from where each decision's entries begin (``engine/log.py``'s ``EventLog``)."""

import copy
import pickle
import random

import pytest

from greatwall_kit import GAMES, new_game
from greatwall_kit.bots.seat import sample_world
from greatwall_kit.engine.log import EventKind, EventLog


def _played(name, decisions, seed=4):
    """A game ``decisions`` random decisions in, and each event's decision as seen from outside: the events that
    appeared while a decision was played belong to it."""
    game, rng = new_game(name, players=2, seed=seed), random.Random(seed)
    seen = [0] * len(game.log)
    while game.to_act is not None and len(game.history) < decisions:
        game.play(rng.choice(game.legal_moves()))
        seen += [len(game.history)] * (len(game.log) - len(seen))
    return game, seen


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_event_read_any_way_carries_the_decision_it_was_recorded_at(name):
    game, seen = _played(name, 80)
    log = game.log
    assert [e.decision for e in log] == seen and len(set(seen)) > 10
    assert [log[i].decision for i in range(-len(log), 0)] == seen
    assert [e.decision for e in log[3:-2]] == seen[3:-2] and [e.decision for e in log[::-5]] == seen[::-5]
    assert [e.decision for e in reversed(log)] == seen[::-1]
    game.undo()  # rebuilt from its moves: the same events at the same decisions, up to the decision undone
    assert [e.decision for e in game.log] == [d for d in seen if d <= len(game.history)]


def _copied(game, how):
    if how == "copy":
        return game.copy()
    if how == "deepcopy":
        return copy.deepcopy(game)
    if how == "pickle":
        return pickle.loads(pickle.dumps(game))
    return sample_world(game, game.to_act, random.Random(1))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle", "sampled world"])
def test_a_copy_records_into_a_log_of_its_own(name, how):
    game, _ = _played(name, 20)
    before = list(game.log)
    twin = _copied(game, how)
    start = len(twin.log)
    for _ in range(3):  # (a decision or three: most record something)
        if twin.to_act is not None:
            twin.play(twin.legal_moves()[0])
    assert len(twin.log) > start and list(game.log) == before
    assert twin.log[-1].decision == len(twin.history) or how == "sampled world"


def test_a_log_entry_reads_as_the_event_it_stands_for():
    said = EventKind("said", "KIT-01", "{who} says {word}.", ("word",), ("who",))
    log = EventLog([(said, "hi", "Red"), (said, "bye", "Green")], marks=[1, 1, 2])
    assert [str(e) for e in log] == ["Red says hi. [KIT-01]", "Green says bye. [KIT-01]"]
    assert [e.decision for e in log] == [0, 2] and log[1].data == {"word": "bye"} and log[1].kind is said
