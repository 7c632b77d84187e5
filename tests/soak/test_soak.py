"""Random-play soak: 1,000 games of every configuration with the invariants of :mod:`.invariants` checked.

The games of a configuration are shared among worker processes (one per core), so the soak uses the
whole machine. ``GREATWALL_SOAK_GAMES`` sets the games per configuration (e.g. 50 for a quick run);
``benchmarks/soak.py`` plays 100,000 and more.
"""

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from .invariants import configs, soak_chunk

GAMES = int(os.environ.get("GREATWALL_SOAK_GAMES", "1000"))
CONFIG_IDS = [c[0] for c in configs()]


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(os.cpu_count()) as executor:
        yield executor


@pytest.mark.slow
@pytest.mark.parametrize("config_id", CONFIG_IDS)
def test_random_games_keep_every_invariant(pool, config_id):
    workers = os.cpu_count() or 1
    share = -(-GAMES // workers)
    parts = list(pool.map(soak_chunk, [config_id] * workers,
                          [range(s, min(s + share, GAMES)) for s in range(0, GAMES, share)]))
    games = sum(p[0] for p in parts)
    failures = [f for p in parts for f in p[3]]
    assert not failures, f"{len(failures)} failing games, first: {failures[0]}"
    assert games == GAMES
    assert sum(p[1] for p in parts) > games, "games of a single decision or none"
    assert sum(p[2] for p in parts) > 0, "no illegal move was tried"
