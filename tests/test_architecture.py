"""The layers of ``docs/architecture.md`` hold: every import of the package goes to a layer below its own.

The table in the document is the reference: its parts are read from it, so the picture a newcomer reads and the
code cannot drift apart.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "greatwall_kit"
DOC = ROOT / "docs" / "architecture.md"


def layers(text):
    """``{part: layer}`` from the document's table of layers (rows ``| 2 | `a`, `b` | ... |``)."""
    found = {}
    for number, parts in re.findall(r"^\| (\d) \| ([^|]+) \|", text, re.M):
        for part in re.findall(r"`([\w_]+)`", parts):
            found[part] = int(number)
    return found


def part_of(module):
    """The part of the package a dotted module name belongs to: ``greatwall_kit.bots.mcts`` -> ``bots``."""
    names = module.split(".")
    return "__init__" if len(names) == 1 else names[1]


def imports(path):
    """The modules of the package that the file at ``path`` imports (at the top or inside a function)."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    if module.endswith(".__init__"):
        package = module = module[: -len(".__init__")]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            name = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:  # `from .. import rules` imports the module greatwall_kit.rules
                sub = f"{name}.{alias.name}"
                is_module = (ROOT / Path(*sub.split("."))).with_suffix(".py").exists() or \
                    (ROOT / Path(*sub.split("."))).is_dir()
                found.add(sub if is_module else name)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m == "greatwall_kit" or m.startswith("greatwall_kit.")}


def upward(layer_of):
    """Every import that does not go to a lower layer, as ``(file, imported module)``."""
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        mine = part_of(dotted)
        for target in imports(path):
            theirs = part_of(target)
            if theirs != mine and layer_of[theirs] >= layer_of[mine]:
                wrong.append((str(path.relative_to(ROOT)), target))
    return wrong


LAYERS = layers(DOC.read_text(encoding="utf-8"))


def test_every_part_of_the_package_has_a_layer():
    parts = {p.stem if p.is_file() else p.name for p in PACKAGE.iterdir()
             if (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))}
    assert parts == set(LAYERS), "parts missing from docs/architecture.md, or listed there but gone"


def test_every_import_goes_to_a_lower_layer():
    assert upward(LAYERS) == []


@pytest.mark.parametrize("planted, expected", [
    # what an import that reached up or sideways looks like to the test: a layer moved in the table
    ({"bots": 4}, ("greatwall_kit/widgets", "greatwall_kit.bots")),  # the widgets and bots side by side
    ({"engine": 3}, ("greatwall_kit/chang_cheng", "greatwall_kit.engine")),  # the games below the engine
])
def test_a_layer_moved_in_the_table_is_caught(planted, expected):
    wrong = upward({**LAYERS, **planted})
    assert any(f.startswith(expected[0]) and t.startswith(expected[1]) for f, t in wrong)
