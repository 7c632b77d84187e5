"""Saved games as versioned JSON documents: options, seed, start, moves, and a check.

A save holds what determines the game (never a pickle) plus the fingerprint of
the final position, so a document that was edited by hand, or written by a
rules version that plays differently, is refused with a clear error.

The document::

    {"format": "greatwall_kit.save", "version": 1, "game": "chang_cheng",
     "players": 3, "seed": 7, "options": {...}, "start": null,
     "moves": ["single 4", ...], "decisions": 1, "fingerprint": "9f2c..."}
"""

import dataclasses
import importlib
import json

from .errors import GreatWallError, SaveFileError
from .protocol import game_class

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
        "options": dataclasses.asdict(game.options),
        "start": game._start,
        "moves": [str(m) for m in game.history],
        "decisions": len(game.history),
        "fingerprint": game.fingerprint(),
    }, indent=1)


def loads(text, *, games=None):
    """Rebuild a game from its save document; :class:`SaveFileError` says what is wrong.

    ``games`` maps game names to importable modules (default: the kit's four games).
    """
    try:
        doc = json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise SaveFileError(f"not a JSON document: {exc}") from None
    if not isinstance(doc, dict):
        raise SaveFileError(f"a save document is a JSON object, not {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise SaveFileError(f"'format' is {doc.get('format')!r}, not {FORMAT!r}: not a greatwall_kit save")
    if doc.get("version") != VERSION:
        raise SaveFileError(f"save version {doc.get('version')!r} is not supported (this kit reads {VERSION})")
    missing, extra = _KEYS - doc.keys(), doc.keys() - _KEYS
    if missing or extra:
        raise SaveFileError(f"keys missing: {sorted(missing)}, unknown keys: {sorted(extra)}")
    cls = _game_class(doc["game"], games)
    for key, kind in (("players", int), ("seed", int), ("decisions", int), ("options", dict),
                      ("moves", list), ("fingerprint", str)):
        if not isinstance(doc[key], kind) or isinstance(doc[key], bool):
            raise SaveFileError(f"{key!r} must be of type {kind.__name__}, not {doc[key]!r}")
    if doc["start"] is not None and not isinstance(doc["start"], dict):
        raise SaveFileError(f"'start' must be a position object or null, not {doc['start']!r}")
    if doc["decisions"] != len(doc["moves"]):
        raise SaveFileError(f"'decisions' says {doc['decisions']} but {len(doc['moves'])} moves are listed")
    try:
        game = cls(doc["players"], doc["seed"], start=doc["start"], **doc["options"])
    except GreatWallError as exc:
        raise SaveFileError(f"cannot set the game up: {exc}") from None
    for number, text in enumerate(doc["moves"], 1):
        if not isinstance(text, str):
            raise SaveFileError(f"move {number} is {text!r}, not a move's text")
        try:
            game.play(text)
        except GreatWallError as exc:
            raise SaveFileError(f"move {number} ({text!r}) cannot be replayed: {exc}") from None
    if game.fingerprint() != doc["fingerprint"]:
        raise SaveFileError("the replayed position does not match the saved fingerprint: "
                            "the document was edited, or written by a kit whose rules differ")
    return game


def _game_class(name, games):
    from .. import GAMES

    modules = GAMES if games is None else games
    if not isinstance(name, str):
        raise SaveFileError(f"'game' must be a game's name, not {name!r}")
    if name in modules:
        importlib.import_module(modules[name])
    try:
        return game_class(name)
    except KeyError:
        raise SaveFileError(f"unknown game {name!r}; known games: {', '.join(modules)}") from None
