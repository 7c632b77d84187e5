"""The generated artefacts are what ``python tools/regenerate.py`` writes now. Only the quick ones are compared
here (the options schemas, ``docs/formats.md``, the README's options tables): the golden games and the pinned event
kinds have their own tests (``tests/golden``, ``tests/soak``), and the stored notebooks are run by nbval."""

import importlib.util
from pathlib import Path

from greatwall_kit.formats import options_schemas, readme

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("regenerate", ROOT / "tools" / "regenerate.py")
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)


def test_the_quick_generated_artefacts_are_up_to_date():
    assert regenerate.stale(regenerate.FAST) == [], "run: python tools/regenerate.py"


def test_every_game_that_declares_its_options_has_its_table_in_the_readme():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for path in options_schemas():
        game = path.split("/")[1]
        assert f"<!-- options of {game}: written by python tools/regenerate.py -->" in text, game
    assert readme(text) == text


def test_the_check_names_a_stale_file_and_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(regenerate, "ROOT", tmp_path)  # a checkout whose files are all missing
    assert regenerate.main(["--check", "--only", "schemas"]) == 1
    said = capsys.readouterr().out
    assert "stale (schemas): greatwall_kit/great_wall_of_china/schemas/options.schema.json" in said
    assert f"{len(options_schemas())} stale file(s); run python tools/regenerate.py" in said
