"""Every rule step has a position after it, and those positions tell the engine's own story.

For random games of every registered game (``tests/games.py``) and player count, every resolution listed by
``game.resolutions()``:

- the position before its first step is the engine's position at the resolution's ``start`` event (or after the
  decision before its own, where decisions that recorded no event came since);
- the position after its last step draws the same board and has the same graph as the engine's position at its
  ``end`` event (the steps' changes, made one by one on a looking-only copy, add up to what the rules did);
- each step changes the drawn board in exactly the elements it marks ``removed``, ``added`` or ``changed``, and a
  step that only explains (marks ``focus`` alone) changes nothing;
- a step whose sentence says that something moved, appeared, disappeared, changed side or changed score marks
  what it changed.

``GREATWALL_STEP_GAMES`` sets the number of seeded random games per game and player count (3 by default; the
issue's few hundred games: ``GREATWALL_STEP_GAMES=25``).
"""

import os
import random
import re

import networkx as nx
import pytest

from greatwall_kit import new_game
from greatwall_kit.engine import Game, GreatWallError
from greatwall_kit.engine.graphs import changed_elements, drawn_elements
from greatwall_kit.engine.registry import game_class
from tests.games import names

GAMES_PER_CONFIG = int(os.environ.get("GREATWALL_STEP_GAMES", "3"))
GAMES = names()
#: Words of a step sentence that say the board changed; such a step must mark what changed.
SAYS_CHANGED = re.compile(r"\b(is removed|are removed|removed too|changes side|change side|becomes part|scores [+-]?\d"
                          r"|loses \d|gains \d|turns face up|is placed|are placed|goes face down|killed|moves to)\b")
CHANGES = ("removed", "added", "changed")


def same_graph(g, h):
    return (dict(g.nodes(data=True)) == dict(h.nodes(data=True))
            and nx.utils.edges_equal(g.edges(data=True), h.edges(data=True)))


def _games(name):
    for players in game_class(name).player_counts:
        for seed in range(GAMES_PER_CONFIG):
            game = new_game(name, players=players, seed=seed)
            rng = random.Random(seed)
            while game.to_act is not None and len(game.history) < 3000:
                game.play(rng.choice(game.legal_moves()))
            yield game


@pytest.mark.parametrize("name", GAMES)
def test_the_steps_turn_the_position_before_into_the_engines_position_after(name):
    if game_class(name).resolutions is Game.resolutions:
        pytest.skip(f"{name} lists no resolutions (Game.resolutions), so it has no steps")
    seen = 0
    for game in _games(name):
        for resolved in game.resolutions():
            seen += 1
            where = f"{game!r}, {resolved.title} (event {resolved.event})"
            before = resolved.before
            log, start = game.log, resolved.start  # decisions that recorded no event (a declined peek) since start?
            quiet = (log[start].decision < resolved.decision - 1 and start + 1 < len(log)
                     and log[start + 1].decision == resolved.decision)
            engine_before = (game.position_at(resolved.decision - 1) if quiet  # decisions without events since
                             else game.position_at(event=resolved.start))
            assert before.picture() == engine_before.picture(), where
            previous = before.picture()
            for i, step in enumerate(resolved.steps):
                now = step.after.picture()
                marked = {k for k, mark in step.touches.items() if mark in CHANGES}
                assert changed_elements(previous, now) == marked, f"{where}, step {i + 1}: {step}"
                if SAYS_CHANGED.search(step.sentence):
                    assert marked, f"{where}, step {i + 1} says the board changed but marks nothing: {step}"
                previous = now
            engine_after = game.position_at(event=resolved.end)
            assert drawn_elements(previous) == drawn_elements(engine_after.picture()), where
            assert same_graph(resolved.after(-1).graph(), engine_after.graph()), where
    assert seen, f"no resolution in {GAMES_PER_CONFIG} random games of {name} at each player count"


@pytest.mark.parametrize("name", GAMES)
def test_positions_after_steps_are_for_looking_only(name):
    game = next(g for g in _games(name) if g.resolutions())
    resolved = game.resolutions()[-1]
    position = resolved.after(-1)
    for action in (lambda: position.play(None), lambda: position.undo(), lambda: position.to_json()):
        with pytest.raises(GreatWallError, match="only for looking"):
            action()
    assert position.view(0)["public"] == position.view(None)["public"]
    history = game.history
    resolved.after(0), resolved.before
    assert game.history == history


@pytest.mark.parametrize("index", [99, -99, 1.0, True, "1", None])
def test_a_step_index_out_of_range_is_refused_naming_the_range(index):
    game = new_game("dschingis_khan", seed=3)
    rng = random.Random(3)
    while not game.resolutions():
        game.play(rng.choice(game.legal_moves()))
    resolved = game.resolutions()[0]
    with pytest.raises(GreatWallError, match=rf"has steps 0 to {len(resolved.steps) - 1}, not"):
        resolved.after(index)


def test_a_step_outside_a_resolution_has_no_position():
    from greatwall_kit.engine.steps import Step

    with pytest.raises(GreatWallError, match="not a step of one of a game's resolutions"):
        Step("A loop closes.", "DK-22").after  # noqa: B018 - reading it is what raises
