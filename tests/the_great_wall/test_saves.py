"""Saves written before the rules ran a decision's next steps at once (the kit at commit 009dae0) still load.

A save checks the fingerprint of the whole position, the agenda's jobs included. The rules now leave off the agenda
the steps the state says come next (the other clans' set-up choices and Command cards, the placing of the cards, the
Defeat check after an Activation step, the Assaults of the later sections), and the snapshot writes them back
(``position.saved_jobs``): a save of every kind of decision, and of a finished game, for 1 to 4 players.
"""

import json
from pathlib import Path

import pytest

import greatwall_kit

SAVES = json.loads((Path(__file__).parent / "data" / "saves-before-fewer-jobs.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("saved", SAVES, ids=[s["moment"] for s in SAVES])
def test_KIT_a_save_written_before_the_steps_ran_at_once_loads_at_the_same_position(saved):
    game = greatwall_kit.load(json.dumps(saved["save"]))  # (refused if the position's fingerprint differs)
    assert game.fingerprint() == saved["save"]["fingerprint"]
    assert len(game.history) == saved["save"]["decisions"]
