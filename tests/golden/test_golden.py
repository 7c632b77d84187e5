"""Golden games reproduce byte for byte (see ``regenerate.py``, which rewrites them on purpose)."""

import json

import pytest

from .regenerate import HERE, entries, record

ENTRIES = entries()


def test_every_game_and_variant_has_a_golden_game():
    assert {f"{e[0]}.json" for e in ENTRIES} == {p.name for p in HERE.glob("*.json")}


@pytest.mark.parametrize("file_name,name,players,options", ENTRIES, ids=[e[0] for e in ENTRIES])
def test_golden_game_replays_byte_for_byte(file_name, name, players, options):
    text = (HERE / f"{file_name}.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert (doc["game"], doc["players"], doc["options"]) == (name, players, options)
    again = record(name, players, options, moves=doc["moves"])
    assert again == text, "the rules play this recorded game differently: rerun tests/golden/regenerate.py " \
                          "if that is meant, and review the diff"
    # the recorded moves are also the ones random play from the seed chooses: the seed's draws are unchanged
    assert record(name, players, options) == text
