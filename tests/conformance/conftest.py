"""The games the conformance suite runs over: every registered game (``tests/games.py``), and Tiny Wall.

Tiny Wall (``example_game.py``), the worked example of ``docs/adding-a-game.md``, is registered while each test
of this suite runs, as a game of your own is (saves load by the registry), so the suite is checked against a
known-good game too.
"""

import importlib

import pytest

import greatwall_kit
from tests import games

WORKED_EXAMPLE = ("tiny_wall", "Tiny Wall", __package__ + ".example_game")


def _modules():
    modules = {name: games.module(name) for name in games.names()}
    if WORKED_EXAMPLE[0] not in modules:
        modules = {WORKED_EXAMPLE[0]: importlib.import_module(WORKED_EXAMPLE[2]), **modules}
    return modules


MODULES = _modules()
CONFIGS = [pytest.param(*values, id=config_id) for config_id, *values in games.configs(MODULES)]


@pytest.fixture(autouse=True)
def worked_example_registered():
    """Tiny Wall in the registry while the test runs (and out of it after, unless it was registered before)."""
    name = WORKED_EXAMPLE[0]
    if name in greatwall_kit.GAMES:
        yield
        return
    greatwall_kit.register_game(*WORKED_EXAMPLE)
    try:
        yield
    finally:
        greatwall_kit.GAMES.unregister(name)


@pytest.fixture(params=[pytest.param(m, id=name) for name, m in MODULES.items()])
def game_module(request):
    return request.param
