"""Golden games reproduce byte for byte (see ``regenerate.py``, which rewrites them on purpose)."""

import json

import pytest

from .regenerate import HERE, entries, path_of, record

ENTRIES = entries()


def test_every_game_and_variant_has_a_golden_game():
    """Every registered game and variant has its file, and ``tests/golden`` holds no other."""
    missing = [str(path_of(*e[:2])) for e in ENTRIES if not path_of(*e[:2]).exists()]
    assert not missing, f"no golden game (write it with tests/golden/regenerate.py GAME): {missing}"
    assert {path_of(*e[:2]) for e in ENTRIES} >= set(HERE.glob("*.json")), "golden games of no registered game"


@pytest.mark.parametrize("file_name,name,players,options", ENTRIES, ids=[e[0] for e in ENTRIES])
def test_golden_game_replays_byte_for_byte(file_name, name, players, options):
    text = path_of(file_name, name).read_text(encoding="utf-8")
    doc = json.loads(text)
    assert (doc["game"], doc["players"], doc["options"]) == (name, players, options)
    again = record(name, players, options, moves=doc["moves"])
    assert again == text, "the rules play this recorded game differently: rerun tests/golden/regenerate.py " \
                          "if that is meant, and review the diff"
    # the recorded moves are also the ones random play from the seed chooses: the seed's draws are unchanged
    assert record(name, players, options) == text
