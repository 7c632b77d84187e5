"""Saves written before the game ran as an agenda of jobs (the kit at commit 3e57aec) still load: a save checks
the fingerprint of the whole position, so the snapshot, the bookkeeping of the scoring check included, reads as it
did then."""

import json
from pathlib import Path

import pytest

import greatwall_kit

SAVES = json.loads((Path(__file__).parent / "data" / "saves-before-the-agenda.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("saved", SAVES, ids=[f"{s['save']['players']}p, {s['moment']}" for s in SAVES])
def test_KIT_a_save_written_before_the_agenda_loads_at_the_same_position(saved):
    game = greatwall_kit.load(json.dumps(saved["save"]))  # (refused if the position's fingerprint differs)
    assert game.fingerprint() == saved["save"]["fingerprint"]
    state = game.snapshot()["state"]
    if saved["moment"] == "a first claim asked for":
        assert (state["phase"], state["check_next"]) == ("claim", state["pending"] + 1)
    elif saved["moment"] == "actions after a first claim in this turn":
        assert state["phase"] == "act" and state["check_next"] > 0
    elif saved["moment"] == "actions, the last first claim turns ago":
        assert state["phase"] == "act" and state["check_next"] == 0 and state["pending"] is not None
    else:
        assert game.is_over and state["phase"] == "over"
