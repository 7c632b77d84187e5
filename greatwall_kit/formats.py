"""The kit's document formats, field by field, generated from the JSON Schemas it ships (``docs/formats.md``).

>>> [name for package, name in schemas() if package == "greatwall_kit.chang_cheng"]
['layout', 'options', 'position']
"""

import importlib.resources

from .engine.registry import GAMES  # (the face registers the kit's games: importing this module imports it first)
from .engine.schemas import load_schema, table

__all__ = ["schemas", "formats"]

_INTRO = """# Document formats

Generated from the JSON Schemas the kit ships by `greatwall_kit.formats.formats()`; point an editor at a
schema file (JSON Schema Draft 2020-12) to check a document as it is typed. The kit checks every
document against its schema when it is read, and an error names the path of the bad value and what
was expected there; rules a schema cannot state (counts that add up, pieces side by side) are
checked by the game, with the rule's checklist ID.

## Documents typed in Python

A position or a set of options written in a notebook is a Python value, and the kit reads it in its
JSON form (`greatwall_kit.engine.schemas.json_form`) before the schema check, so that what is accepted
is exactly what the JSON form accepts:

| in Python | read as |
|---|---|
| a tuple (or a subclass of `list`) | the list: `"walls": [[(0, 3), (1, 3), ...]]` is `[[[0, 3], [1, 3], ...]]` |
| a whole-number key | the text of its digits: `"cards": {3: [...]}` is `{"3": [...]}` (not both ways at once) |
| an `IntEnum`, a NumPy whole number | the plain whole number |
| a subclass of `str`, `float` or `dict` | the plain value |
| a set, a complex number, bytes, NaN or an infinity, any other object | refused, naming where it is |
| a key that is neither a text nor a whole number (a tuple, `None`, a float) | refused, naming the key |
| a value holding itself, or nested over 100 containers deep | refused, naming where |

A float where a whole number is wanted (`2.0`) is refused as in JSON, and `True` is not `1`. A save
(`greatwall_kit.load`) is JSON text, read as JSON.
"""


def schemas():
    """``(package, name)`` of every schema shipped: the engine's (saves), then each game's, by name."""
    out = []
    # a game's schemas are where the engine looks for them: beside the module of its class (Game._check_document)
    games = [GAMES.game_class(name).__module__.rpartition(".")[0] for name in GAMES]
    for package in ("greatwall_kit.engine", *games):
        folder = importlib.resources.files(package).joinpath("schemas")
        if not folder.is_dir():  # a game without documents of its own
            continue
        out += [(package, f.name.removesuffix(".schema.json")) for f in sorted(folder.iterdir(), key=lambda f: f.name)
                if f.name.endswith(".schema.json")]
    return out


def formats():
    """The text of ``docs/formats.md``."""
    out = [_INTRO]
    for package, name in schemas():
        schema = load_schema(package, name)
        path = f"{package.replace('.', '/')}/schemas/{name}.schema.json"
        out += [f"## {schema['title']}", "", f"Schema: `{path}`: {schema.get('description', '')}.", "",
                "| field | required | what it must be |", "|---|---|---|"]
        out += [f"| `{p}` | {r} | {d.replace('|', '/')} |" for p, r, d in table(schema)]
        out.append("")
    return "\n".join(out)
