"""The shipped JSON Schemas: valid Draft 2020-12, accepting the kit's own documents, documented in docs/formats.md."""

import json
from pathlib import Path

import jsonschema
import pytest

from greatwall_kit.engine.schemas import check, load_schema, table
from greatwall_kit.formats import formats, schemas
from greatwall_kit.engine.errors import GreatWallError

from .documents import OPTIONS, POSITIONS, played_save

ROOT = Path(__file__).resolve().parents[2]
GAME_PACKAGE = "greatwall_kit.{}".format


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


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_kits_own_documents_match_their_schemas(game):
    check(POSITIONS[game], (GAME_PACKAGE(game), "position"), GreatWallError, "position")
    check(OPTIONS[game], (GAME_PACKAGE(game), "options"), GreatWallError, "options")
    save = played_save(game)
    check(save, ("greatwall_kit.engine", "save"), GreatWallError, "save")
    check(save["options"], (GAME_PACKAGE(game), "options"), GreatWallError, "saved options")


def test_docs_formats_is_generated_from_the_schemas():
    assert (ROOT / "docs" / "formats.md").read_text() == formats(), "regenerate: python tools/regenerate.py"
