"""Shared helpers: build teaching positions of The Great Wall through the public API."""

import pytest

from greatwall_kit.the_great_wall import TheGreatWall, new_game


def empty_sections(n=3, **first):
    secs = [{"wall": 0, "barricades": 3, "horde": []} for _ in range(n)]
    secs[0].update(first)
    return secs


def position(players=2, season="winter", sections=None, clans=None, **extra):
    """A position document with quiet defaults: empty sections, clans with nothing."""
    n_sections = 2 if players == 3 else 3
    doc = {"players": players, "season": season, "time": 3,
           "sections": sections if sections is not None else empty_sections(n_sections),
           "clans": clans if clans is not None else [{} for _ in range(players)]}
    doc.update(extra)
    return doc


def start(doc, seed=0):
    return TheGreatWall.from_position(doc, seed=seed)


def texts(game):
    return [str(m) for m in game.legal_moves()]


def sentences(game, rule=None):
    return [e.sentence for e in game.log if rule is None or e.rule == rule]


@pytest.fixture
def two_player_game():
    return new_game(players=2, seed=7)
