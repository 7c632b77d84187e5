"""``docs/adding-a-variant.md`` is followed to the letter on a copy of the kit: its edits apply, the variant plays and
appears in every generated artefact, and no more than four hand-written files changed."""

import filecmp
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "adding-a-variant.md"
#: What tools/regenerate.py writes: not hand-written.
GENERATED = {"README.md", "docs/formats.md", "greatwall_kit/great_wall_of_china/schemas/options.schema.json"}

EDIT = re.compile(r"```python (before|append) (\S+)\n(.*?)```(?:\n\n```python after\n(.*?)```)?", re.S)


def edits(text):
    """``(how, path, old, new)`` of each edit the guide shows, in order."""
    return [(how, path, old, new) for how, path, old, new in EDIT.findall(text)]


def apply(root, guide):
    for how, path, old, new in edits(guide):
        file = root / path
        text = file.read_text(encoding="utf-8")
        if how == "append":
            text += old
        else:
            assert text.count(old) == 1, f"the guide's edit of {path} no longer applies: {old.strip()[:80]!r}"
            text = text.replace(old, new)
        file.write_text(text, encoding="utf-8")


def changed_files(left, right):
    out = []
    for dirpath, _, files in os.walk(right):
        for name in files:
            path = Path(dirpath) / name
            rel = path.relative_to(right)
            if "__pycache__" not in rel.parts and not filecmp.cmp(left / rel, path, shallow=False):
                out.append(rel.as_posix())
    return sorted(out)


PLAY = """
import random, sys
from greatwall_kit.great_wall_of_china import VARIANTS, new_game
from tests.great_wall_of_china import test_gwoc_cards
assert VARIANTS["noble flattens later cards"] == {"noble": "later_cards"}, VARIANTS
assert VARIANTS["other readings"]["noble"] == "later_cards"
for players in (2, 5):
    game, rng = new_game(players=players, seed=3, noble="later_cards"), random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
test_gwoc_cards.test_GW17_option_noble_later_cards_flattens_only_the_cards_laid_after_the_noble()
from tests.golden.regenerate import entries
assert ("great_wall_of_china-noble_flattens_later_cards", "great_wall_of_china", 2, {"noble": "later_cards"}) \
    in entries()
try:
    new_game(noble="none")
except Exception as exc:
    print(exc)
"""


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The kit (package, README, docs, tools, tests) copied, with the guide's edits applied and regenerated."""
    root = tmp_path_factory.mktemp("kit")
    ignore = shutil.ignore_patterns("__pycache__", "*.pdf", "*.ipynb")
    for part in ("greatwall_kit", "tools", "tests"):
        shutil.copytree(ROOT / part, root / part, ignore=ignore)
    (root / "docs").mkdir()
    for path in ("README.md", "docs/formats.md", "pyproject.toml"):
        shutil.copy(ROOT / path, root / path)
    apply(root, GUIDE.read_text(encoding="utf-8"))
    env = {**os.environ, "PYTHONPATH": str(root)}
    written = subprocess.run([sys.executable, str(root / "tools" / "regenerate.py"), "--only", "schemas", "--only",
                              "formats", "--only", "readme"], cwd=root, env=env, capture_output=True, text=True)
    assert written.returncode == 0, written.stderr
    played = subprocess.run([sys.executable, "-c", PLAY], cwd=root, env=env, capture_output=True, text=True)
    assert played.returncode == 0, played.stderr
    return root, written.stdout, played.stdout


def test_the_guide_shows_edits_of_four_hand_written_files_at_most():
    touched = {path for _, path, _, _ in edits(GUIDE.read_text(encoding="utf-8"))}
    assert len(touched) <= 4 and not touched & GENERATED, touched


def test_the_guides_variant_plays_and_refuses_a_value_it_does_not_know(copy):
    _, _, said = copy
    assert 'noble must be "every_card" or "later_cards" (GW-17), not \'none\'' in said


def test_the_guides_variant_is_in_the_generated_schema_readme_and_formats(copy):
    root, written, _ = copy
    schema = (root / "greatwall_kit/great_wall_of_china/schemas/options.schema.json").read_text()
    assert '"noble": {"enum": ["every_card", "later_cards"], "description": "\\"every_card\\" or \\"later_cards\\" ' \
           '(GW-17)"}' in schema
    assert '| `noble` | `"every_card"`, `"later_cards"` | GW-17 |' in (root / "README.md").read_text()
    assert "`noble flattens later cards` (noble=\"later_cards\")" in (root / "README.md").read_text()
    assert '| `noble` |  | "every_card" or "later_cards" (GW-17) |' in (root / "docs/formats.md").read_text()
    assert "changed: docs/formats.md" in written and "changed: README.md" in written


def test_only_the_four_hand_written_files_of_the_guide_changed(copy):
    root, _, _ = copy
    changed = set()
    for part in ("greatwall_kit", "tools", "tests"):
        changed |= {f"{part}/{p}" for p in changed_files(ROOT / part, root / part)}
    changed |= {p for p in ("README.md", "docs/formats.md") if not filecmp.cmp(ROOT / p, root / p, shallow=False)}
    hand_written = changed - GENERATED
    assert hand_written == {"greatwall_kit/great_wall_of_china/rules.py", "greatwall_kit/great_wall_of_china/cards.py",
                            "greatwall_kit/great_wall_of_china/procedure.py",
                            "tests/great_wall_of_china/test_gwoc_cards.py"}
    assert changed & GENERATED == GENERATED
