"""What every game's ``resolutions()`` promises the Stepper: ordered records pointing into the log, steps that
print, marks on real board elements, and no change to the game (snapshot, saves)."""

import json

import pytest

from greatwall_kit import new_game
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.steps import MARKS, Resolved, Step

GAMES = [("chang_cheng", 3, 1), ("dschingis_khan", 2, 2), ("great_wall_of_china", 3, 3), ("the_great_wall", 2, 4)]


def element_keys(game):
    """Node ids of the graph, and the ``element`` keys its edges carry (Dschingis Khan's wall lines)."""
    g = game.graph()
    keys = set(g.nodes)
    for _, _, data in g.edges(data=True):
        if data.get("element"):
            keys.add(data["element"])
        elif data.get("layer") == "lattice":  # until the wall lines carry their element key
            keys.add(f"l{data['line']}")
    return keys


@pytest.fixture(scope="module", params=GAMES, ids=[g for g, _, _ in GAMES])
def played(request):
    name, players, seed = request.param
    game = new_game(name, players=players, seed=seed)
    play_randomly(game, seed)
    return game


def test_KIT_resolutions_are_ordered_records_of_printable_steps(played):
    records = played.resolutions()
    assert records and all(isinstance(r, Resolved) for r in records)
    assert [r.event for r in records] == sorted(r.event for r in records)
    for r in records:
        assert 0 <= r.start <= r.event < len(played.log) and r.decision == played.log[r.event].decision
        assert r.title and isinstance(r.steps, tuple) and all(isinstance(s, Step) for s in r.steps)
        assert str(r).splitlines()[0] == r.title and len(str(r).splitlines()) == len(r.steps) + 1
        assert all(str(s).endswith(f"[{s.rule}]") and s.rule for s in r.steps)


def test_KIT_steps_mark_board_elements_of_the_position_before_or_after(played):
    for r in played.resolutions()[:6]:
        keys = element_keys(played.position_at(event=r.start)) | element_keys(played.position_at(event=r.event))
        touched = {k: m for s in r.steps for k, m in s.touches.items()}
        assert set(touched.values()) <= set(MARKS)
        assert set(touched) <= keys, r.title


def test_KIT_looking_at_resolutions_changes_nothing_and_saves_still_load(played):
    before, text = played.snapshot(), played.to_json()
    played.resolutions()
    assert played.snapshot() == before and played.to_json() == text
    assert "steps" not in json.dumps(before)
