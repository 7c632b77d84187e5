"""The checklist mapping: every rule has the kit's summary (with its section), a test carrying its ID, a notebook
cell or exercise that shows it (cites its ID in a cell, a stored output or an exercise), and a live example that fires
it (``rules.example``; ``tests/test_rule_examples.py`` plays each one and checks the engine cites its rule).

Every registered game is checked (``tests/games.py``): the kit's games for the IDs of the shared checklist, a game
of yours for every rule of its rule book (a test carrying its ID among the kit's tests or beside its module, a
live example in its module's ``examples``); notebooks show the kit's games' rules only.

Test names carry IDs without the hyphen, e.g. ``test_CC22_tied_majority_scores_full_value``
(several IDs may stand in one name: ``test_CC06_CC08_...``).
"""

import importlib
import json
import re
from pathlib import Path

import pytest

import greatwall_kit
from greatwall_kit import rules
from tests import games

HERE = Path(__file__).parent
IDS = [line for line in (HERE / "checklist_ids.txt").read_text().split() if re.fullmatch(r"[A-Z]+-[0-9V]+", line)]
SHARED = HERE.parents[1] / "shared" / "rules" / "checklist.md"
NAMES = games.names()
#: rule ID prefix -> game, from the registered games' rule books
PREFIX = {rule.id.split("-")[0]: name for name in NAMES for rule in rules.for_game(name)}
#: a rule ID of a registered game as test names and texts write it (e.g. CC22 or CC-22)
PREFIXES = "|".join(sorted(PREFIX, key=len, reverse=True))


def ids_of(game):
    """The rule IDs checked for ``game``: the shared checklist's (a game of the kit) or its rule book's."""
    if games.fixture(game).checklist:
        return [i for i in IDS if PREFIX.get(i.split("-")[0]) == game]
    return [rule.id for rule in rules.for_game(game)]


def _tested_ids():
    found = set()
    folders = [HERE, *(games.module_file(n).parent for n in NAMES if not games.is_kit_game(n))]
    for path in {path for folder in folders for path in folder.rglob("test_*.py")}:
        for name in re.findall(r"def (test_\w+)", path.read_text()):
            found.update(f"{p}-{n}" for p, n in re.findall(rf"(?<![A-Za-z])({PREFIXES})(V\d|\d\d)", name))
    return found


def test_the_kit_knows_every_id_of_the_shared_checklist():
    if not SHARED.exists():
        pytest.skip(f"the shared checklist is not at {SHARED}; checked against tests/checklist_ids.txt only")
    shared = re.findall(r"^- ((?:CC|GW|DK|TGW)-[0-9V]+)", SHARED.read_text(), re.M)
    assert set(shared) <= set(IDS), f"new checklist IDs to add: {sorted(set(shared) - set(IDS))}"


@pytest.mark.parametrize("game", sorted(NAMES))
def test_every_rule_has_a_summary_and_a_test(game):
    ids = ids_of(game)
    summaries = {r.id: r for r in rules.for_game(game)}
    no_summary = [i for i in ids if i not in summaries or not summaries[i].text or not summaries[i].section]
    untested = sorted(set(ids) - _tested_ids())
    assert not no_summary, f"rules without a summary: {no_summary}"
    assert not untested, f"rules without a test carrying their ID: {untested}"


def _shown_ids():
    """IDs a notebook cites (in a cell's text or stored output) or an exercise module names (some exercises compute
    their rule from the position, so the module's text stands for them)."""
    root = HERE.parent
    texts = [json.dumps(cell) for nb in (root / "notebooks").glob("*.ipynb")
             for cell in json.loads(nb.read_text())["cells"]]
    texts += [path.read_text() for path in (root / "greatwall_kit" / "exercises").glob("*.py")]
    return {found for text in texts for found in re.findall(rf"(?<![A-Z])(?:{PREFIXES})-(?:V\d|\d\d)(?!\d)", text)}


@pytest.mark.parametrize("game", sorted(n for n in NAMES if games.fixture(n).checklist))
def test_every_rule_is_shown_in_a_notebook_or_an_exercise(game):
    ids = ids_of(game)
    unshown = sorted(set(ids) - _shown_ids())
    assert not unshown, f"rules no notebook cell or exercise shows: {unshown}"


@pytest.mark.parametrize("game", sorted(NAMES))
def test_every_rule_has_a_live_example(game):
    where = f"{greatwall_kit.GAMES[game]}.examples"
    try:
        examples = importlib.import_module(where).EXAMPLES
    except ModuleNotFoundError as exc:  # (a one-module game, or a package without examples: none)
        if exc.name != where:
            raise
        examples = {}
    ids = ids_of(game)
    without = sorted(set(ids) - set(examples))
    allowed = games.fixture(game).no_live_example
    assert without == sorted(i for i in allowed if i in ids), "rules without a live example changed"
    assert set(examples) <= set(ids), f"examples of unknown rules: {sorted(set(examples) - set(ids))}"
