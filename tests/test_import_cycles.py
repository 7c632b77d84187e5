"""No import circle among a game's modules, no evidence module importing its procedure, and an engine that
imports nothing of the kit outside ``engine/`` (no game, nothing above it: games join its registry).

Imports are read from the source (every ``import`` statement, those inside functions included: a lazy
back-import is still a circle in the design). A game's procedure attaches its steps to its evidence types
(``engine.steps.procedure``), so the modules that build evidence never need to import it.
"""

import ast
import pathlib

import networkx as nx
import pytest

import greatwall_kit
from tests import games

PACKAGE = pathlib.Path(greatwall_kit.__file__).parent
GAMES = games.names()  # every registered game: a package's modules are read, a one-module game has no circle


def imports_within(game, folder=None):
    """``{module: {modules of the same game it imports}}`` (module names without the package prefix), read from
    ``folder`` (by default the registered game's package; a one-module game's module alone)."""
    package = greatwall_kit.GAMES[game] if game in greatwall_kit.GAMES else f"greatwall_kit.{game}"
    folder = folder or games.module_file(game)
    paths = list(folder.glob("*.py")) if folder.is_dir() else [folder]
    modules = {path.stem for path in paths}
    graph = {}
    for path in paths:
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:  # from .x import y / from . import x
                    names = [node.module] if node.module else [alias.name for alias in node.names]
                elif node.level == 0 and f"{node.module}.".startswith(f"{package}."):
                    rest = node.module[len(package):].split(".")[1:]
                    names = rest[:1] if rest else [alias.name for alias in node.names]
                else:
                    continue
                found.update(name.split(".")[0] for name in names)
            elif isinstance(node, ast.Import):
                found.update(alias.name[len(package) + 1:].split(".")[0] for alias in node.names
                             if alias.name.startswith(f"{package}."))
        graph[path.stem] = (found & modules) - {path.stem}
    return graph


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_among_a_games_modules(game):
    graph = nx.DiGraph(imports_within(game))
    if "__init__" in graph:
        graph.remove_node("__init__")
    circles = sorted(nx.simple_cycles(graph), key=len)
    assert not circles, f"{game} has import circles, e.g. {' -> '.join(circles[0] + circles[0][:1])}"


@pytest.mark.parametrize("game", GAMES)
def test_evidence_modules_do_not_import_the_procedure(game):
    graph = imports_within(game)
    importers = sorted(m for m, found in graph.items() if "procedure" in found and m not in ("game", "__init__"))
    assert not importers, f"{game}: {importers} import the procedure (attach steps in procedure.py instead)"


def test_the_reader_sees_a_lazy_back_import(tmp_path):
    game = tmp_path / "toy"
    game.mkdir()
    (game / "__init__.py").write_text("")
    (game / "scoring.py").write_text("def steps():\n    from .procedure import f\n    return f()\n")
    (game / "procedure.py").write_text("from .scoring import steps\nimport greatwall_kit.toy.views\n")
    (game / "views.py").write_text("from greatwall_kit.toy.scoring import steps\n")
    assert imports_within("toy", game) == {"__init__": set(), "scoring": {"procedure"},
                                           "procedure": {"scoring", "views"}, "views": {"scoring"}}


def engine_imports_outside(package=PACKAGE, kit="greatwall_kit"):
    """``{engine module: sorted modules of the kit outside engine/ it imports}``, read from the source."""
    found = {}
    for path in sorted((package / "engine").glob("*.py")):
        here = [kit, "engine"] + ([] if path.stem == "__init__" else [path.stem])
        outside = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:  # relative to this module's package: one dot is engine/, two the kit
                    base = here[:len(here) - node.level + (path.stem == "__init__")]
                    target = ".".join(base + ([node.module] if node.module else []))
                    names = [target] if node.module else [f"{target}.{alias.name}" for alias in node.names]
                else:
                    names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            outside.update(n for n in names if (n == kit or n.startswith(kit + ".")) and
                           not (n == f"{kit}.engine" or n.startswith(f"{kit}.engine.")))
        if outside:
            found[path.stem] = sorted(outside)
    return found


def test_the_engine_imports_nothing_of_the_kit_outside_engine():
    assert engine_imports_outside() == {}, "the engine reaches up: give it what it needs (as the save reader is " \
                                           "handed the registry) instead"


def test_the_reader_sees_the_engine_reach_up(tmp_path):
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "__init__.py").write_text("from .protocol import Game\nfrom . import moves\n")
    (engine / "protocol.py").write_text("import json\nfrom .moves import Move\n")
    (engine / "savefile.py").write_text("def loads():\n    from .. import GAMES\n    from ..chang_cheng import x\n")
    (engine / "bots.py").write_text("import greatwall_kit.bots\nfrom greatwall_kit.engine import errors\n")
    assert engine_imports_outside(tmp_path) == {"bots": ["greatwall_kit.bots"],
                                                "savefile": ["greatwall_kit.GAMES", "greatwall_kit.chang_cheng"]}
