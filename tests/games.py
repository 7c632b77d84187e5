"""The games the shared suites run: every game of the registry, each with the test fixture it supplies.

Conformance, step positions, rule coverage, import rules, input fuzzing, the soak, golden games and the room
plan take their games from :data:`greatwall_kit.GAMES` through :func:`names`, so registering a game (the kit's
or yours) puts it under all of them. What a suite needs beyond the game contract comes from the game's
:class:`Fixture`: the kit's own games' are in :func:`_kit` below; a game of yours sets a dict ``TESTING`` in
the module it registered (its keys are the fields of :class:`Fixture`, all optional).

A game of yours joins a run of the kit's suites by the module that registers it (the registry line of
``docs/adding-a-game.md``), named in ``GREATWALL_TEST_GAMES`` (several: separated by spaces)::

    GREATWALL_TEST_GAMES=my_games.register python -m pytest tests/conformance tests/soak

Every suite, ``benchmarks/soak.py``, ``tests/golden/regenerate.py`` and the soak's worker processes import
this module, so the game is registered in each of them.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import greatwall_kit
from greatwall_kit.engine import SetupError

__all__ = ["Fixture", "names", "kit_names", "module", "fixture", "configs", "is_kit_game", "ENVIRONMENT"]

#: The environment variable naming the modules that register games of your own for a test run.
ENVIRONMENT = "GREATWALL_TEST_GAMES"
GOLDEN = Path(__file__).resolve().parent / "golden"


@dataclass(frozen=True)
class Fixture:
    """What the shared suites need of a game beyond its contract; every field may be left out.

    Attributes
    ----------
    position : dict or None
        A valid position document (``Game.from_position``): input fuzzing starts from it. None: the game
        sets up no positions, so the position cases are not run.
    options : dict or None
        A valid options document, ideally naming every option. None: every option at the rulebook's default.
    setups : tuple
        ``(players, options)`` pairs the stateful tests start from. Empty: every player count, rulebook rules.
    inventory, expected_inventory : callable or None
        The soak's conservation check: ``inventory(game)`` counts what must not change during a game
        (``{label: count}``); ``expected_inventory(game)`` what the rulebook says some of them start at.
    final_scores : callable or None
        ``final_scores(game)``: the scores the game's final scoring event states (the soak compares them with
        ``game.scores()``), or None when there is none.
    check_view : callable or None
        ``check_view(game, viewer, view)``: asserts what the game's view of ``viewer`` (None for a spectator)
        must and must not show (the soak adds it to the checks every game gets: a shared public part, private
        events seen only by their players).
    watch : callable or None
        ``watch(game)`` returns ``check(new_events)``, called by the soak after every decision with the
        events it recorded (e.g. Chang Cheng's points are the sum of its scoring events).
    golden : Path or None
        The folder of the game's golden games (``tests/golden/regenerate.py GAME`` writes them there).
        None: ``tests/golden``.
    checklist : bool
        Whether its rules are in the kit's checklist (``tests/checklist_ids.txt``) and shown in the kit's
        notebooks; other games' rules are their rule book's, and each needs a test carrying its ID (in the kit's
        tests or beside the game's module) and a live example (its module's ``examples``).
    no_live_example : frozenset
        Rules with no live example (``rules.example``) yet (the kit's are listed in ``tests/test_rule_coverage.py``).
    """

    position: dict | None = None
    options: dict | None = None
    setups: tuple = ()
    inventory: Callable | None = None
    expected_inventory: Callable | None = None
    final_scores: Callable | None = None
    check_view: Callable | None = None
    watch: Callable | None = None
    golden: Path | None = None
    checklist: bool = False
    no_live_example: frozenset = field(default_factory=frozenset)


def register_from_environment(environ=os.environ):
    """Import the modules named in ``GREATWALL_TEST_GAMES``: each registers its games when imported."""
    for path in environ.get(ENVIRONMENT, "").split():
        try:
            importlib.import_module(path)
        except ImportError as exc:
            raise SetupError(f"{ENVIRONMENT} names the module {path!r}, which cannot be imported: {exc}") from exc


register_from_environment()


def names():
    """Every registered game's name, in the registry's order."""
    return list(greatwall_kit.GAMES)


def is_kit_game(name):
    """Whether the game is one of the kit's (its module is inside ``greatwall_kit``): those keep the room plan
    and the kit's checklist."""
    return greatwall_kit.GAMES[name].startswith("greatwall_kit.")


def kit_names():
    """The registered games of the kit."""
    return [name for name in names() if is_kit_game(name)]


def module(name):
    """The game's registered module (imported)."""
    return importlib.import_module(greatwall_kit.GAMES[name])


def fixture(name):
    """The game's :class:`Fixture`: the kit's own, or built from ``TESTING`` in its module."""
    kit = _kit()
    if name in kit:
        return kit[name]
    given = getattr(module(name), "TESTING", {})
    unknown = set(given) - {f.name for f in dataclasses.fields(Fixture)}
    if unknown:
        raise SetupError(f"TESTING of {name!r} has keys no suite reads: {', '.join(sorted(unknown))} (see "
                         f"tests/games.py)")
    return Fixture(**given)


def setups(name):
    """``(players, options)`` the stateful tests start from."""
    return list(fixture(name).setups) or [(n, {}) for n in greatwall_kit.GAMES.game_class(name).player_counts]


def options_document(name):
    """A valid options document of the game (its fixture's, or every option at the rulebook's default)."""
    given = fixture(name).options
    return given if given is not None else dataclasses.asdict(greatwall_kit.GAMES.game_class(name).Options())


def configs(modules):
    """``(id, module, players, options)`` of every configuration of ``modules`` (``{name: module}``): every
    player count with the rulebook's rules, plus every named variant set of the module's ``VARIANTS`` at the
    smallest and largest player counts it accepts."""
    out = []
    for name, mod in modules.items():
        counts = list(type(mod.new_game()).player_counts)
        for n in counts:
            out.append((f"{name}-{n}p", mod, n, {}))
        for label, options in getattr(mod, "VARIANTS", {}).items():
            for n in sorted({counts[0], counts[-1]}):
                if _accepts(mod, n, options):
                    out.append((f"{name}-{n}p-{label.replace(' ', '_')}", mod, n, options))
    return out


def _accepts(mod, players, options):
    """Whether a variant applies at this player count (the 2-player neutral rule does not at 4)."""
    try:
        mod.new_game(players=players, **options)
    except SetupError:
        return False
    return True


_KIT: dict[str, Fixture] = {}


def _kit():
    """The kit's four games' fixtures (their documents and soak checks live with the suites that made them)."""
    if not _KIT:
        from tests.inputs.documents import OPTIONS, POSITIONS
        from tests.soak import invariants

        setups = {
            "chang_cheng": ((2, {}), (3, {"events": "random"}), (2, {"neutral_blocks": True})),
            "great_wall_of_china": ((2, {}), (4, {"cavalry": "group", "final_scoring": "one_round"})),
            "dschingis_khan": ((2, {}), (3, {"layout": "rectangle:6x4"})),
            "the_great_wall": ((1, {}), (2, {}), (3, {"defeat_tie": "no_claim"})),
        }
        for name, checks in invariants.KIT_CHECKS.items():
            _KIT[name] = Fixture(position=POSITIONS[name], options=OPTIONS[name], setups=setups[name],
                                 golden=GOLDEN, checklist=True, **checks)
    return _KIT


def golden_folder(name):
    """Where the game's golden games are kept."""
    return fixture(name).golden or GOLDEN


def module_file(name):
    """The game's source: its package's folder, or its one module's file."""
    mod = module(name)
    return Path(mod.__file__).parent if hasattr(mod, "__path__") else Path(mod.__file__)


def source_files(name):
    """Every ``.py`` file of the game (its package's, or its one module)."""
    where = module_file(name)
    return sorted(where.rglob("*.py")) if where.is_dir() else [where]
