"""greatwall_kit: rules engines, graphs and notebooks for four board games about the Great Wall.

Every game follows one protocol (:class:`greatwall_kit.engine.Game`)::

    >>> import greatwall_kit
    >>> sorted(greatwall_kit.GAMES)
    ['chang_cheng', 'dschingis_khan', 'great_wall_of_china', 'the_great_wall']

Importing the kit imports no game and no widget code; ``new_game`` and ``load``
import the one game they need.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .engine.errors import (GreatWallError, IllegalMoveError, LayoutError, NotationError, PositionError,
                            SaveFileError, SetupError)

if TYPE_CHECKING:  # (importing the kit imports no game, nor the engine's protocol)
    from .engine.protocol import Game

__all__ = ["GAMES", "new_game", "load", "GreatWallError", "IllegalMoveError", "LayoutError",
           "NotationError", "PositionError", "SaveFileError", "SetupError"]

#: The games of the kit: package name -> module.
GAMES = {
    "chang_cheng": "greatwall_kit.chang_cheng",
    "great_wall_of_china": "greatwall_kit.great_wall_of_china",
    "dschingis_khan": "greatwall_kit.dschingis_khan",
    "the_great_wall": "greatwall_kit.the_great_wall",
}


def __getattr__(name):
    # ``greatwall_kit.rules`` loads every game's rule book: imported on first use, not with the kit.
    if name == "rules":
        return importlib.import_module(".rules", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def new_game(game: str, players: int = 2, seed: int = 0, **options: Any) -> "Game":
    """Start a new game by its package name, e.g. ``new_game("chang_cheng", players=3)``."""
    if not isinstance(game, str) or game not in GAMES:  # (a list cannot even be looked up)
        raise SetupError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[game]).new_game(players=players, seed=seed, **options)


def load(text: str) -> "Game":
    """Rebuild a game from the JSON text that ``game.to_json()`` wrote.

    Raises :class:`SaveFileError` naming what is wrong with a malformed or tampered document.

    >>> load("{not json")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SaveFileError: not a JSON document: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """  # noqa: E501 - doctest output is compared as printed
    from .engine.savefile import loads

    return loads(text)
