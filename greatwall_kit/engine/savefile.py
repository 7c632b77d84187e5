"""Saved games as versioned JSON documents: options, seed, start, moves, and a check.

A save holds what determines the game (never a pickle) plus the fingerprint of
the final position, so a document that was edited by hand, or written by a
rules version that plays differently, is refused with a clear error.

The document::

    {"format": "greatwall_kit.save", "version": 1, "game": "chang_cheng",
     "players": 3, "seed": 7, "options": {...}, "start": null,
     "moves": ["single 4", ...], "decisions": 1, "fingerprint": "9f2c..."}
"""

import json

from .errors import GreatWallError, SaveFileError
from .schemas import check

__all__ = ["FORMAT", "VERSION", "dumps", "loads"]

FORMAT = "greatwall_kit.save"
VERSION = 1
_KEYS = {"format", "version", "game", "players", "seed", "options", "start", "moves", "decisions", "fingerprint"}


def dumps(game):
    """The save document of ``game`` as JSON text."""
    return json.dumps({
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "players": game.players,
        "seed": game.seed,
        "options": game._saved_options(),
        "start": game._start,
        "moves": [str(m) for m in game.history],
        "decisions": len(game.history),
        "fingerprint": game.fingerprint(),
    }, indent=1)


def loads(text, games):
    """Rebuild a game from its save document; :class:`SaveFileError` says what is wrong.

    ``games`` is the :class:`~.registry.Registry` of the games a save may hold (``greatwall_kit.load`` hands it
    the kit's, :data:`~.registry.GAMES`): the engine reads saves of games it does not know.
    """
    try:
        doc = json.loads(text)
    except (TypeError, ValueError) as exc:  # ValueError: malformed JSON, or a number of over 4,300 digits
        raise SaveFileError(f"not a JSON document: {exc}") from None
    except RecursionError:
        raise SaveFileError("not a save: the JSON is nested too deeply") from None
    if not isinstance(doc, dict):
        raise SaveFileError(f"a save document is a JSON object, not {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise SaveFileError(f"'format' is {doc.get('format')!r}, not {FORMAT!r}: not a greatwall_kit save")
    if doc.get("version") != VERSION:
        raise SaveFileError(f"save version {doc.get('version')!r} is not supported (this kit reads {VERSION})")
    missing, extra = _KEYS - doc.keys(), doc.keys() - _KEYS
    if missing or extra:
        raise SaveFileError(f"keys missing: {sorted(missing)}, unknown keys: {sorted(extra)}")
    check(doc, (__package__, "save"), SaveFileError, "save")
    cls = _game_class(doc["game"], games)
    if doc["decisions"] != len(doc["moves"]):
        raise SaveFileError(f"'decisions' says {doc['decisions']} but {len(doc['moves'])} moves are listed")
    for name in cls.file_options:
        # a save is data: loading it must never read a file the person loading it did not name
        value = doc["options"].get(name)
        if isinstance(value, str) and not value.isidentifier():
            raise SaveFileError(f"option {name}={value!r} names a file; a save carries the {name} itself "
                                "(data only), or the name of one shipped with the kit")
    try:
        cls._check_option_names(doc["options"])
        game = cls(doc["players"], doc["seed"], start=doc["start"], **doc["options"])
    except GreatWallError as exc:
        raise SaveFileError(f"cannot set the game up: {exc}") from None
    for number, text in enumerate(doc["moves"], 1):
        try:
            game.play(text)
        except GreatWallError as exc:
            raise SaveFileError(f"move {number} ({text!r}) cannot be replayed: {exc}") from None
    if game.fingerprint() != doc["fingerprint"]:
        raise SaveFileError("the replayed position does not match the saved fingerprint: "
                            "the document was edited, or written by a kit whose rules differ")
    return game


def _game_class(name, games):
    if not isinstance(name, str):
        raise SaveFileError(f"'game' must be a game's name, not {name!r}")
    if name not in games:
        raise SaveFileError(f"unknown game {name!r}; known games: {', '.join(games)}")
    return games.game_class(name)
