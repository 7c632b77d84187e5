"""Fuzzing as tests: changed and generated documents build a playable game or raise the kit's own error.

Reproducible in CI: every run draws the same examples (``derandomize``), keeps no database, and
prints a failing example with the blob that replays it. ``benchmarks/fuzz_inputs.py`` runs the
same cases by the ten thousand.
"""

import dataclasses
import importlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from greatwall_kit import GAMES as MODULES
from greatwall_kit.engine.schemas import load_schema

from .fuzz import CASES, GAMES, base_documents, game_class_for, mutate, run_case


def fuzz(examples):
    """The settings of these tests: the same examples on every run, no database, failures printed with a blob."""
    return settings(derandomize=True, database=None, deadline=None, print_blob=True, max_examples=examples,
                    suppress_health_check=list(HealthCheck))


BASES = {game: base_documents(game) for game in GAMES}

JSON = st.recursive(st.none() | st.booleans() | st.integers(-10 ** 15, 10 ** 15) | st.floats(allow_nan=False)
                    | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=8)


@pytest.mark.parametrize("game,kind", [pytest.param(*case, id="-".join(case)) for case in CASES])
@fuzz(150)
@given(rng=st.randoms(use_true_random=False))
def test_a_changed_document_builds_a_playable_game_or_is_refused(game, kind, rng):
    docs = BASES[game][kind] if isinstance(BASES[game][kind], list) else [BASES[game][kind]]
    run_case(game, kind, mutate(rng.choice(docs), rng), rng)


def _generated_options(game):
    names = [f.name for f in dataclasses.fields(game_class_for(game).Options)]
    return st.dictionaries(st.sampled_from(names + ["colour", "size"]), JSON, max_size=4)


def _generated_positions(game):
    keys = [k for k in load_schema(MODULES[game], "position")["properties"] if k != "players"]
    return st.builds(lambda players, rest: {"players": players, **rest}, st.integers(0, 5),
                     st.dictionaries(st.sampled_from(keys), JSON, max_size=6))


@pytest.mark.parametrize("game", GAMES)
@fuzz(100)
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_generated_options_and_positions_build_a_playable_game_or_are_refused(game, data, rng):
    importlib.import_module(MODULES[game])
    run_case(game, "options", data.draw(_generated_options(game), label="options"), rng)
    if (game, "position") in CASES:
        run_case(game, "position", data.draw(_generated_positions(game), label="position"), rng)


@pytest.mark.parametrize("game", GAMES)
@fuzz(100)
@given(moves=st.lists(st.text(max_size=20) | st.sampled_from(["take wall", "single 3", "draw", "pass", "slot 0"]),
                      max_size=4), rng=st.randoms(use_true_random=False))
def test_a_save_with_moves_illegal_at_their_point_is_refused(game, moves, rng):
    save = json.loads(json.dumps(BASES[game]["save"][0]))
    save["moves"][rng.randrange(len(save["moves"]) + 1):] = moves
    save["decisions"] = len(save["moves"])
    run_case(game, "save", save, rng)
