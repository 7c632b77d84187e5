"""No import circle among a game's modules, and no evidence module importing its procedure.

Imports are read from the source (every ``import`` statement, those inside functions included: a lazy
back-import is still a circle in the design). A game's procedure attaches its steps to its evidence types
(``engine.steps.procedure``), so the modules that build evidence never need to import it.
"""

import ast
import pathlib
import sys

import networkx as nx
import pytest

import greatwall_kit

PACKAGE = pathlib.Path(greatwall_kit.__file__).parent
GAMES = ["chang_cheng", "great_wall_of_china", "dschingis_khan", "the_great_wall"]


def imports_within(game):
    """``{module: {modules of the same game it imports}}`` (module names without the package prefix)."""
    folder = PACKAGE / game
    modules = {path.stem for path in folder.glob("*.py")}
    graph = {}
    for path in folder.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:  # from .x import y / from . import x
                    names = [node.module] if node.module else [alias.name for alias in node.names]
                elif node.level == 0 and (node.module or "").startswith(f"greatwall_kit.{game}"):
                    rest = node.module.split(".")[2:]
                    names = rest[:1] if rest else [alias.name for alias in node.names]
                else:
                    continue
                found.update(name.split(".")[0] for name in names)
            elif isinstance(node, ast.Import):
                found.update(alias.name.split(".")[2] for alias in node.names
                             if alias.name.startswith(f"greatwall_kit.{game}."))
        graph[path.stem] = (found & modules) - {path.stem}
    return graph


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_among_a_games_modules(game):
    graph = nx.DiGraph(imports_within(game))
    graph.remove_node("__init__")
    circles = sorted(nx.simple_cycles(graph), key=len)
    assert not circles, f"{game} has import circles, e.g. {' -> '.join(circles[0] + circles[0][:1])}"


@pytest.mark.parametrize("game", GAMES)
def test_evidence_modules_do_not_import_the_procedure(game):
    graph = imports_within(game)
    importers = sorted(m for m, found in graph.items() if "procedure" in found and m not in ("game", "__init__"))
    assert not importers, f"{game}: {importers} import the procedure (attach steps in procedure.py instead)"


def test_the_reader_sees_a_lazy_back_import(tmp_path, monkeypatch):
    game = tmp_path / "toy"
    game.mkdir()
    (game / "__init__.py").write_text("")
    (game / "scoring.py").write_text("def steps():\n    from .procedure import f\n    return f()\n")
    (game / "procedure.py").write_text("from .scoring import steps\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path)
    assert imports_within("toy") == {"__init__": set(), "scoring": {"procedure"}, "procedure": {"scoring"}}
