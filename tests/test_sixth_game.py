"""Registering a game puts it under every shared suite: a sixth game, in a package of its own outside the kit,
registered the documented way (``GREATWALL_TEST_GAMES``, ``tests/games.py``), is collected by each shared suite,
and a small part of them runs it and passes.

The sixth game is Tiny Wall (``tests/conformance/example_game.py``, the guide's worked example) renamed, written
into a temporary package with its fixture (``TESTING``) and a test carrying each of its rule IDs.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NAME = "sixth_wall"
#: every shared suite, each of which must run every registered game
SUITES = ["tests/conformance/test_conformance.py", "tests/conformance/test_board_contract.py",
          "tests/conformance/test_step_positions.py", "tests/test_rule_coverage.py", "tests/test_import_cycles.py",
          "tests/inputs/test_fuzz_inputs.py", "tests/inputs/test_python_values.py", "tests/inputs/test_schemas.py",
          "tests/soak/test_soak.py", "tests/soak/test_determinism.py", "tests/soak/test_stateful.py",
          "tests/soak/test_event_kinds.py", "tests/golden/test_golden.py", "tests/test_room_plan.py"]
#: the part of them run here (a few seconds: the sixth game is small, the kit's games are deselected)
#: (not the event kinds: pinning them writes the kit's table, tests/soak/event_kinds.json)
RUN = (f"{NAME} and (save_round_trips or undo_restores or illegal_moves or pictures or steps_turn or every_rule_has "
       f"or import_circle or changed_document or golden or interleaved or another_process or room or agenda "
       f"or engine_private or by_kind or random_games_keep or python_form or own_documents or loaded_game_plays_on)")

INIT = f'''"""A game of one's own, outside the kit: its package registers it (the guide's registry line)."""
import greatwall_kit

from .game import TESTING, VARIANTS, SixthWall, new_game  # noqa: F401

greatwall_kit.register_game("{NAME}", "Sixth Wall", __name__)
'''
TESTS = '''def test_SW01_a_block_goes_on_an_empty_square():
    pass


def test_SW02_a_pair_scores():
    pass
'''


def sixth_game_package(folder):
    """Write the package ``sixth_wall`` into ``folder``: Tiny Wall renamed, with its options' schema, its test
    fixture and a test carrying each of its rule IDs."""
    source = (ROOT / "tests" / "conformance" / "example_game.py").read_text(encoding="utf-8")
    for old, new in (("tiny_wall", NAME), ("Tiny Wall", "Sixth Wall"), ("TinyWall", "SixthWall"), ("TW-", "SW-")):
        source = source.replace(old, new)
    source += ('\n\nfrom pathlib import Path\n\n'
               'TESTING = {"setups": ((2, {}), (3, {"squares": 9})), "golden": Path(__file__).parent / "golden",\n'
               '           "no_live_example": frozenset({"SW-01", "SW-02"})}\n')
    package = folder / NAME
    package.mkdir()
    (package / "game.py").write_text(source, encoding="utf-8")
    (package / "__init__.py").write_text(INIT, encoding="utf-8")
    (package / "test_sixth_wall.py").write_text(TESTS, encoding="utf-8")
    shutil.copytree(ROOT / "tests" / "conformance" / "schemas", package / "schemas")  # (its options' schema)
    return package


def run(args, folder):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)]), "GREATWALL_TEST_GAMES": NAME,
           "GREATWALL_SOAK_GAMES": "40"}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    folder = tmp_path_factory.mktemp("own_games")
    sixth_game_package(folder)
    return folder


def collected(package):
    done = run(["-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *SUITES], package)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_every_shared_suite_collects_a_game_registered_outside_the_kit(package):
    ids = collected(package)
    without = [suite for suite in SUITES if not any(i.startswith(suite + "::") and NAME in i for i in ids)]
    assert without == [], f"shared suites that do not run a registered game: {without}"


def test_the_shared_suites_run_it_and_it_passes(package):
    golden = run(["tests/golden/regenerate.py", NAME], package)  # (its golden games go to its own folder)
    assert golden.returncode == 0 and f"{NAME}.json: written" in golden.stdout, golden.stderr[-3000:]
    assert (package / NAME / "golden" / f"{NAME}.json").exists() and not list(ROOT.glob(f"tests/golden/{NAME}*"))
    done = run(["-m", "pytest", "-v", "-p", "no:cacheprovider", "-k", RUN, *SUITES], package)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-3000:]
    passed = re.findall(rf"^(tests/\S+)::\S*{NAME}\S* PASSED", done.stdout, re.M)
    ran = [suite for suite in SUITES if suite != "tests/soak/test_event_kinds.py" and suite not in passed]
    assert ran == [], f"suites where no test of {NAME} passed: {ran}"
