"""Mutation fuzzing of the kit's input documents, shared by the test suite and ``benchmarks/fuzz_inputs.py``.

A case takes a valid document (a position, a set of options, a save), changes it a few times
the way a student editing by hand, or a corrupted file, would (wrong types, missing and extra
keys, huge and negative numbers, deep nesting, moves that do not fit), and builds from it. The
kit must either build a game that can go on (no one to act exactly when it is over, else a
legal move; and so for a few random moves more) or raise one of its own errors.
"""

import copy
import json

from greatwall_kit import GreatWallError, load, new_game
from greatwall_kit.engine.registry import game_class
from tests import games

from .documents import played_save

__all__ = ["KINDS", "GAMES", "CASES", "mutate", "run_case", "base_documents"]

#: every registered game (``tests/games.py``)
GAMES = tuple(games.names())
KINDS = ("position", "options", "save")
#: (game, kind) of every document a game has: a game whose fixture gives no position sets up no positions
CASES = [(game, kind) for game in GAMES for kind in KINDS
         if kind != "position" or games.fixture(game).position is not None]

_ATOMS = (None, True, False, 0, 1, -1, 2, 5, 7, -7, 10 ** 12, -10 ** 12, 10 ** 100, 0.5, 1.0, -2.5, float("inf"),
          "", "x", "red", "Red", "Green", "standard", "rectangle:3x2", "rectangle:100000x100000", "levy", "h02",
          "1A", "wall", "take wall", "0", "-1", "../../etc/passwd", "R! R", "S0", "\x00", "é" * 300, [], {},
          [None], [0], [[0, 0]], {"a": 1}, {"red": 5}, {"0": None})


def base_documents(game):
    """The valid documents a case of ``game`` starts from, by kind (its fixture's position and options)."""
    position = games.fixture(game).position
    saves = [played_save(game)]
    if position is not None:
        started = game_class_for(game).from_position(position, seed=3)
        for _ in range(3):
            if started.is_over:
                break
            started.play(started.legal_moves()[0])
        saves.append(json.loads(started.to_json()))
    return {"position": position, "options": games.options_document(game), "save": saves}


def game_class_for(game):
    return game_class(game)


def _nasty(rng, here):
    """A value to put where ``here`` stood: an atom, a deep nest, a big list, or a tweak of ``here``."""
    roll = rng.random()
    if roll < 0.5:
        return copy.deepcopy(rng.choice(_ATOMS))
    if roll < 0.6:
        value = rng.choice(_ATOMS[:12])
        for _ in range(rng.choice((5, 50, 300))):
            value = [value] if rng.random() < 0.5 else {"k": value}
        return value
    if roll < 0.7:
        # many references to one container would make a document of gigabytes once written as JSON
        return [copy.deepcopy(here)] * rng.choice((2, 50, 5000) if not isinstance(here, (list, dict)) else (2, 50))
    if isinstance(here, bool) or not isinstance(here, (int, float)):
        return [here] if roll < 0.85 else {"x": here}
    return rng.choice((here + 1, here - 1, -here, here * 1000, -10 ** 9, str(here), float(here)))


def _containers(doc, path=()):
    """Every (path, container) inside ``doc``, the document itself first."""
    out = [(path, doc)]
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        if isinstance(value, (dict, list)) and len(path) < 12:
            out += _containers(value, path + (key,))
    return out


def mutate(doc, rng, times=None):
    """A copy of ``doc`` changed 1 to 3 times at places chosen with ``rng`` (a :class:`random.Random`)."""
    doc = copy.deepcopy(doc)
    for _ in range(times or rng.choice((1, 1, 2, 3))):
        places = [(p, c) for p, c in _containers(doc) if isinstance(c, dict) or c]
        if not places:
            return _nasty(rng, doc)
        _, box = rng.choice(places)
        keys = list(box) if isinstance(box, dict) else list(range(len(box)))
        roll = rng.random()
        if isinstance(box, dict) and (not keys or roll < 0.1):
            box[rng.choice(("extra", "players", "options", "colour", "0", "Red"))] = _nasty(rng, None)
        elif keys and roll < 0.25:
            del box[rng.choice(keys)]
        elif isinstance(box, list) and roll < 0.35:
            box.insert(rng.randrange(len(box) + 1), copy.deepcopy(rng.choice(box)))
        else:
            key = rng.choice(keys)
            box[key] = _nasty(rng, box[key])
    return doc


def build(game, kind, doc):
    """Build from a (changed) document of ``kind``; the kit's errors pass through."""
    cls = game_class_for(game)
    if kind == "position":
        return cls.from_position(doc, seed=1)
    if kind == "options":
        if not isinstance(doc, dict):
            doc = {"options": doc}
        # players and seed are arguments of their own: Python itself refuses them twice in one call
        return new_game(game, players=2, seed=1, **{k: v for k, v in doc.items() if k not in ("players", "seed")})
    return load(json.dumps(doc))


def run_case(game, kind, doc, rng, moves=3):
    """Build from ``doc`` and play ``moves`` random moves; returns "built" or "refused".

    Any exception but the kit's own is a failure and propagates, as does a game that stalls.
    """
    try:
        game_ = build(game, kind, doc)
    except GreatWallError:
        return "refused"
    for _ in range(moves + 1):
        assert game_.is_over == (game_.to_act is None)
        if game_.is_over:
            break
        legal = list(game_.legal_moves())
        assert legal, f"{game} stalls: player {game_.to_act} to act with no legal move"
        game_.play(rng.choice(legal))
    return "built"
