"""The kit's document formats, field by field, generated from the JSON Schemas it ships (``docs/formats.md``); the
options schemas and the README's options tables, generated from each game's declared ``Options``
(:mod:`greatwall_kit.engine.options`). ``python tools/regenerate.py`` writes them all.

>>> [name for package, name in schemas() if package == "greatwall_kit.chang_cheng"]
['layout', 'options', 'position']
>>> len(options_schemas()), sorted(options_schemas())[0]
(4, 'greatwall_kit/chang_cheng/schemas/options.schema.json')
"""

import importlib
import importlib.resources
import re

from .engine import options as declared_options
from .engine.registry import GAMES  # (the face registers the kit's games: importing this module imports it first)
from .engine.schemas import load_schema, table

__all__ = ["schemas", "formats", "options_schemas", "readme"]

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


def _declaring():
    """``(name, package, game class)`` of each registered game whose ``Options`` declares its options."""
    out = []
    for name in GAMES:
        cls = GAMES.game_class(name)
        if declared_options.declared(cls.Options):
            out.append((name, cls.__module__.rpartition(".")[0], cls))
    return out


def options_schemas():
    """``{path: text}``: the options schema of each game whose ``Options`` declares its options (path from the
    checkout's root, where the engine looks for it: ``schemas/`` beside the game's class)."""
    return {f"{package.replace('.', '/')}/schemas/options.schema.json":
            declared_options.schema_text(declared_options.schema(cls.Options, name, cls.title))
            for name, package, cls in _declaring()}


_BLOCK = re.compile(r"(<!-- options of (\w+): written by python tools/regenerate.py -->\n).*?(<!-- end of options -->)",
                    re.S)


def _options_block(name, package, cls):
    variants = importlib.import_module(package).__dict__.get("VARIANTS", {})
    named = "; ".join(f"`{label}` ({', '.join(f'{k}={declared_options.written(v)}' for k, v in options.items())})"
                      for label, options in variants.items())
    return (declared_options.table(cls.Options) + "\n\n"
            + f"Named variants (`VARIANTS`: the conformance suite runs each, a golden game records each): {named}.\n")


def readme(text):
    """``text`` (the README) with the options table of each game that declares its options rewritten between its
    markers ``<!-- options of <game>: written by python tools/regenerate.py -->`` and ``<!-- end of options -->``."""
    blocks = {name: _options_block(name, package, cls) for name, package, cls in _declaring()}
    return _BLOCK.sub(lambda m: m.group(1) + blocks.get(m.group(2), "") + m.group(3) if m.group(2) in blocks
                      else m.group(0), text)
