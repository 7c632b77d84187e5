"""The one registry of games: a game joins it by a declared entry, and its module is imported on first use.

An entry names the game (the ``name`` its saves and views carry), its title and the module that holds
its :class:`~greatwall_kit.engine.protocol.Game` subclass and a ``new_game(players=..., seed=..., **options)``
function. The kit's four games join :data:`GAMES` in ``greatwall_kit/__init__.py``; a game of your own joins it
with one line (see ``docs/adding-a-game.md``)::

    greatwall_kit.register_game("tiny_wall", "Tiny Wall", "tests.conformance.example_game")

The registry is a read-only mapping from a game's name to its module path, so ``sorted(GAMES)``,
``name in GAMES`` and ``importlib.import_module(GAMES[name])`` work as before; nothing is imported until a
game is asked for (:func:`game_class`, :meth:`Registry.new_game`). The engine imports no game: the save reader
is handed a registry (this one by default).

Examples
--------
>>> registry = Registry()
>>> registry.register("chang_cheng", "Chang Cheng", "greatwall_kit.chang_cheng")
>>> list(registry), registry["chang_cheng"]
(['chang_cheng'], 'greatwall_kit.chang_cheng')
>>> registry.game_class("chang_cheng").__name__
'ChangCheng'
>>> registry.register("chang_cheng", "Chang Cheng", "greatwall_kit.the_great_wall")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.SetupError: a game called 'chang_cheng' is already registered (module 'greatwall_kit.chang_cheng')
>>> registry.register("tiny_wall", "Tiny Wall", "tests.conformance.exmaple_game")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.SetupError: game 'tiny_wall': module 'tests.conformance.exmaple_game' cannot be imported (no such module); ...
"""  # noqa: E501 - doctest output is compared as printed

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import SetupError, quote

if TYPE_CHECKING:  # (protocol re-exports game_class from here: the class is looked up when a game is asked for)
    from .protocol import Game

__all__ = ["Entry", "Registry", "GAMES", "register_game", "game_class"]


@dataclass(frozen=True)
class Entry:
    """A game's line in the registry: its ``name`` (as saves and views carry it), ``title`` and ``module``.

    ``module`` is an importable module path (also in a worker process of the simulation lab): it holds the
    game's :class:`~greatwall_kit.engine.protocol.Game` subclass, whose ``name`` and ``title`` are these, and
    its ``new_game`` function.
    """

    name: str
    title: str | None  # None: an entry made from a plain mapping of modules (see Registry.of_modules)
    module: str


class Registry(Mapping[str, str]):
    """Games by name: a read-only mapping from a game's name to its module path, plus the games themselves."""

    def __init__(self) -> None:
        self._entries: dict[str, Entry] = {}
        self._classes: dict[str, type[Game]] = {}  # each game's class, once found

    @classmethod
    def of_modules(cls, modules: Mapping[str, str]) -> Registry:
        """A registry of the games in a plain mapping ``{name: module}`` (a test's own games);
        their titles are their classes' own."""
        registry = cls()
        for name, module in modules.items():
            registry._add(Entry(name, None, module))
        return registry

    def register(self, name: str, title: str, module: str) -> None:
        """Add a game; registering the same entry again changes nothing, another one under a taken name is refused."""
        if not all(isinstance(text, str) and text for text in (name, title, module)):
            raise SetupError(f"a game's entry is three texts (name, title, module), not {quote((name, title, module))}")
        _importable(name, module)
        self._add(Entry(name, title, module))

    def unregister(self, name: str) -> None:
        """Remove a game of your own (after a test, or to register it again from another module)."""
        self._known(name)
        del self._entries[name]
        self._classes.pop(name, None)

    def entry(self, name: str) -> Entry:
        """The :class:`Entry` of the game called ``name``; :class:`SetupError` naming the known games if none."""
        return self._known(name)

    def game_class(self, name: str) -> type[Game]:
        """The :class:`~greatwall_kit.engine.protocol.Game` subclass of the game called ``name`` (its module imported).

        It is the class in the entry's module whose ``name`` is the entry's, and its ``title`` must be the
        entry's too: a subclass defined elsewhere (a test's) cannot take a registered game's place.
        """
        entry = self._known(name)
        if name in self._classes:
            return self._classes[name]
        from .protocol import Game

        module = importlib.import_module(entry.module)
        found = {value for value in vars(module).values()
                 if isinstance(value, type) and issubclass(value, Game) and value.name == name}
        if len(found) != 1:
            raise SetupError(f"module {entry.module!r} should hold one Game subclass with name = {name!r}, "
                             f"not {len(found)}")
        cls = found.pop()
        if entry.title is not None and cls.title != entry.title:
            raise SetupError(f"{cls.__name__}.title is {cls.title!r}, but the game is registered as {entry.title!r}")
        self._classes[name] = cls
        return cls

    def new_game(self, name: str, players: int = 2, seed: int = 0, **options: Any) -> Game:
        """A new game of the game called ``name`` (its module's ``new_game``)."""
        return importlib.import_module(self._known(name).module).new_game(players=players, seed=seed, **options)

    def _add(self, entry: Entry) -> None:
        known = self._entries.get(entry.name)
        if known is not None and known != entry:
            raise SetupError(f"a game called {entry.name!r} is already registered (module {known.module!r})")
        self._entries[entry.name] = entry

    def _known(self, name: object) -> Entry:
        if not isinstance(name, str) or name not in self._entries:  # (a list cannot even be looked up)
            raise SetupError(f"unknown game {quote(name)}; known games: {', '.join(self._entries)}")
        return self._entries[name]

    def __getitem__(self, name: str) -> str:
        return self._entries[name].module

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Registry({', '.join(self._entries)})"


def _importable(name: str, module: str) -> None:
    """Refuse a module path that names no module, as the game is registered (its module is imported only when the
    game is asked for: a mistyped path would fail far from the line that wrote it)."""
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError) as exc:  # (a package on the way that is missing, or fails as it is imported)
        found, why = None, f"{type(exc).__name__}: {exc}"
    else:
        why = "no such module"
    if found is None:
        raise SetupError(f"game {name!r}: module {module!r} cannot be imported ({why}); give the path `import` takes, "
                         "with its folder on sys.path (in the lab's worker processes too), such as "
                         "'my_games.tiny_wall'")


#: The kit's registry: the four games join it in ``greatwall_kit/__init__.py``, yours with :func:`register_game`.
GAMES = Registry()


def register_game(name: str, title: str, module: str) -> None:
    """Add a game to the kit's registry :data:`GAMES`: ``new_game``, ``load``, bots and the lab then play it.

    Parameters
    ----------
    name : str
        The game's name, as its :class:`~greatwall_kit.engine.protocol.Game` subclass sets it.
    title : str
        Its title, as the class sets it.
    module : str
        An importable module path holding the class and ``new_game`` (importable in worker processes too).

    Examples
    --------
    >>> register_game("tiny_wall", "Tiny Wall", "tests.conformance.example_game")
    >>> GAMES.new_game("tiny_wall", seed=1).title
    'Tiny Wall'
    >>> GAMES.unregister("tiny_wall")
    """
    GAMES.register(name, title, module)


def game_class(name: str) -> type[Game]:
    """The :class:`~greatwall_kit.engine.protocol.Game` subclass of the game called ``name`` in :data:`GAMES`.

    >>> game_class("nine_men_morris")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: unknown game 'nine_men_morris'; known games: ...
    """
    return GAMES.game_class(name)
