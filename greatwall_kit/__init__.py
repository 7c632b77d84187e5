"""greatwall_kit: rules engines, graphs and notebooks for four board games about the Great Wall.

Every game follows one protocol (:class:`greatwall_kit.engine.Game`)::

    >>> import greatwall_kit
    >>> sorted(greatwall_kit.GAMES)
    ['chang_cheng', 'dschingis_khan', 'great_wall_of_china', 'the_great_wall']

Importing the kit imports no game and no widget code; ``new_game`` and ``load``
import the one game they need. ``GAMES`` is the registry (:mod:`greatwall_kit.engine.registry`): a read-only
mapping from a game's name to its module; ``register_game`` adds a game of your own.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .cells import install as _install_in_kernel
from .engine.errors import (
    GreatWallError,
    IllegalMoveError,
    LayoutError,
    NotationError,
    PositionError,
    SaveFileError,
    SetupError,
)
from .engine.registry import GAMES, register_game

if TYPE_CHECKING:  # (importing the kit imports no game, nor the engine's protocol)
    from .engine.protocol import Game

__all__ = ["GAMES", "new_game", "load", "register_game", "GreatWallError", "IllegalMoveError", "LayoutError",
           "NotationError", "PositionError", "SaveFileError", "SetupError"]

# The kit's games join the registry by name, title and module: each module is imported when first asked for.
register_game("chang_cheng", "Chang Cheng", "greatwall_kit.chang_cheng")
register_game("great_wall_of_china", "Great Wall of China", "greatwall_kit.great_wall_of_china")
register_game("dschingis_khan", "Dschingis Khan: Bewegung an der Großen Mauer",
              "greatwall_kit.dschingis_khan")
register_game("the_great_wall", "The Great Wall", "greatwall_kit.the_great_wall")

# In a Jupyter kernel, a cell that needs an earlier one says which, in one line (greatwall_kit.cells).
_install_in_kernel()


def __getattr__(name):
    # ``greatwall_kit.rules`` loads every game's rule book: imported on first use, not with the kit.
    if name == "rules":
        return importlib.import_module(".rules", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def new_game(game: str, players: int = 2, seed: int = 0, **options: Any) -> "Game":
    """Start a new game by its registered name, e.g. ``new_game("chang_cheng", players=3)``."""
    return GAMES.new_game(game, players=players, seed=seed, **options)


def load(text: str) -> "Game":
    """Rebuild a game from the JSON text that ``game.to_json()`` wrote.

    Raises :class:`SaveFileError` naming what is wrong with a malformed or tampered document.

    >>> load("{not json")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SaveFileError: not a JSON document: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """  # noqa: E501 - doctest output is compared as printed
    from .engine.savefile import loads

    return loads(text, GAMES)
