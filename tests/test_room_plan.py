"""The room plan of ``docs/architecture.md`` holds in every game: the same rooms, one state machine, events
found by kind, and no engine private touched.

The rooms are read from the document's table, so the plan a newcomer reads and the code cannot drift apart.
Every registered game (``tests/games.py``) runs on the agenda, touches no engine private and finds events by kind;
the rooms themselves, and ``game.py`` handing hooks to them, are the plan of the kit's own games (a game of yours,
outside ``greatwall_kit``, may be one module: ``docs/adding-a-game.md``).
"""

import ast
import re
from pathlib import Path

import pytest

from greatwall_kit.engine import AgendaGame
from greatwall_kit.engine.registry import game_class
from tests import games

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "greatwall_kit"
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
ROOMS = re.findall(r"^\| `(\w+)\.py` \|", DOC.split("## The room plan of a game")[1].split("\n## ")[0], re.M)
NAMES = sorted(games.names())
KIT_NAMES = sorted(games.kit_names())
#: hooks that game.py hands over to their rooms in one line (a teaching position is set up by position.py too, but
#: the game then starts its agenda from it: that is the state machine's own business)
HANDED_OVER = {"_explain", "_snapshot", "_view", "graph", "picture", "move_element", "resolutions", "_apply_step",
               "determinize", "standing", "material", "stats"}
#: the engine's own attributes (Game.__slots__ and the legal-move caches), which no game may read or write; the log
#: a game only appends its events to (``self._events.append((KIND, ...))``), never reads, slices or replaces
ENGINE_PRIVATE = re.compile(r"\._(legal_cache|legal_set_cache|legal_view|rng_shared|said|dict_made)\b"
                            r"|\._events\b(?!\.append\(\()")


def modules(part):
    """The source files of a registered game, or of a part of the kit (``sim``, ...)."""
    return games.source_files(part) if part in NAMES else sorted((PACKAGE / part).rglob("*.py"))


def test_the_document_names_the_rooms():
    assert {"game", "events", "legality", "views", "graph", "picture", "procedure"} <= set(ROOMS)


@pytest.mark.parametrize("name", KIT_NAMES)
def test_every_game_has_every_room(name):
    missing = [room for room in ROOMS if not (PACKAGE / name / f"{room}.py").exists()]
    assert missing == []


@pytest.mark.parametrize("name", NAMES)
def test_the_game_runs_on_the_agenda_and_writes_no_flow_of_its_own(name):
    cls = game_class(name)
    assert issubclass(cls, AgendaGame)
    own = {attr for klass in cls.__mro__ if klass not in AgendaGame.__mro__ for attr in vars(klass)}
    # (a game may still say who is to act from its own state: Great Wall of China's turn player, part-way through a
    # decision too)
    assert own & {"_legal_moves", "_apply", "_run", "_push", "_ask", "_begin"} == set()
    assert cls.ON, "a game asks for at least one kind of decision"


@pytest.mark.parametrize("name", KIT_NAMES)
def test_game_py_hands_every_other_hook_to_its_room_in_one_line(name):
    tree = ast.parse((PACKAGE / name / "game.py").read_text(encoding="utf-8"))
    long = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name in HANDED_OVER):
            body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if len(body) != 1:
                long.append(f"{cls.name}.{fn.name}")
    assert long == []


@pytest.mark.parametrize("name", NAMES)
def test_no_game_touches_an_engine_private(name):
    found = [f"{path.name}:{i}" for path in modules(name)
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if ENGINE_PRIVATE.search(line)]
    assert found == []


def rule_id_comparisons(path):
    """Places in ``path`` that compare an event's ``.rule`` with a rule ID, or look for a key in its ``.data``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        literal = any((isinstance(s, ast.Constant) and isinstance(s.value, str)) or
                      (isinstance(s, (ast.Tuple, ast.Set, ast.List)) and s.elts and
                       all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in s.elts)) for s in sides)
        rule = any(isinstance(s, ast.Attribute) and s.attr == "rule" for s in sides)
        data = any(isinstance(s, ast.Attribute) and s.attr == "data" for s in node.comparators)
        if literal and (rule or data):
            found.append(f"{path}:{node.lineno}")
    return found


@pytest.mark.parametrize("part", [*NAMES, "sim", "bots", "widgets"])
def test_what_reads_the_log_finds_events_by_kind_not_by_rule_id(part):
    assert [place for path in modules(part) for place in rule_id_comparisons(path)] == []


def test_the_rule_id_check_sees_a_comparison(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('scored = [e for e in log if e.rule == "CC-22"]\nmine = [e for e in log if "player" in e.data]\n'
                       'fine = [e for e in log if e.kind is SCORED]\n', encoding="utf-8")
    assert [place.rpartition(":")[2] for place in rule_id_comparisons(planted)] == ["1", "2"]
