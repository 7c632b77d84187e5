"""The shipped JSON Schemas: valid Draft 2020-12, accepting the kit's own documents, documented in docs/formats.md."""

import json
from pathlib import Path

import jsonschema
import pytest

from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.registry import game_class
from greatwall_kit.engine.schemas import check, has_schema, load_schema, table
from greatwall_kit.formats import formats, schemas
from tests import games

from .documents import played_save

ROOT = Path(__file__).resolve().parents[2]


def schema_package(game):
    """Where the game's schemas are looked for: ``schemas/`` in the package of its class's module."""
    return game_class(game).__module__.rpartition(".")[0]


@pytest.mark.parametrize("package,name", schemas(), ids=[f"{p.rpartition('.')[2]}-{n}" for p, n in schemas()])
def test_every_schema_is_valid_draft_2020_12_and_describes_every_field(package, name):
    schema = load_schema(package, name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema" and schema["title"]
    undescribed = [path for path, _, what in table(schema) if not what]
    assert undescribed == []


@pytest.mark.parametrize("package,name,path", [
    ("greatwall_kit.chang_cheng", "layout", "greatwall_kit/chang_cheng/data/standard.json"),
    ("greatwall_kit.dschingis_khan", "layout", "greatwall_kit/dschingis_khan/data/standard.json"),
    ("greatwall_kit.the_great_wall", "data", "greatwall_kit/the_great_wall/data/sample.json"),
])
def test_the_shipped_data_files_match_their_schema(package, name, path):
    check(json.loads((ROOT / path).read_text()), (package, name), GreatWallError, path)


@pytest.mark.parametrize("game", sorted(games.names()))
def test_the_kits_own_documents_match_their_schemas(game):
    """Every registered game's fixture documents and saves keep the schemas it ships (a game need not ship any)."""
    package, fixture = schema_package(game), games.fixture(game)
    if games.is_kit_game(game):  # (the kit's games ship both)
        assert has_schema(package, "position") and has_schema(package, "options")
    if fixture.position is not None and has_schema(package, "position"):
        check(fixture.position, (package, "position"), GreatWallError, "position")
    save = played_save(game)
    check(save, ("greatwall_kit.engine", "save"), GreatWallError, "save")
    if has_schema(package, "options"):
        check(games.options_document(game), (package, "options"), GreatWallError, "options")
        check(save["options"], (package, "options"), GreatWallError, "saved options")


def test_docs_formats_is_generated_from_the_schemas():
    assert (ROOT / "docs" / "formats.md").read_text() == formats(), "regenerate: python tools/regenerate.py"
