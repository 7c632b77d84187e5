"""The games the conformance suite runs over: the kit's four and a tiny test game."""

import importlib

import pytest

import greatwall_kit
from greatwall_kit.engine import SetupError


def _modules():
    return [importlib.import_module(".example_game", __package__),
            *(importlib.import_module(path) for path in greatwall_kit.GAMES.values())]


def _configs():
    """(module, players, options) triples: every player count with the rulebook's rules, plus every
    named variant set of the module's ``VARIANTS`` at the smallest and largest player counts it accepts."""
    out = []
    for mod in _modules():
        cls = type(mod.new_game())
        counts = list(cls.player_counts)
        for n in counts:
            out.append(pytest.param(mod, n, {}, id=f"{cls.name}-{n}p"))
        for label, options in getattr(mod, "VARIANTS", {}).items():
            for n in sorted({counts[0], counts[-1]}):
                if not _accepts(mod, n, options):
                    continue
                out.append(pytest.param(mod, n, options, id=f"{cls.name}-{n}p-{label.replace(' ', '_')}"))
    return out


def _accepts(mod, players, options):
    """Whether a variant applies at this player count (the 2-player neutral rule does not at 4)."""
    try:
        mod.new_game(players=players, **options)
    except SetupError:
        return False
    return True


CONFIGS = _configs()


@pytest.fixture(params=[pytest.param(m, id=type(m.new_game()).name) for m in _modules()])
def game_module(request):
    return request.param
