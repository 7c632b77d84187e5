"""Positions and options as a notebook types them: Python values, not JSON text (shared with the benchmark).

A teacher's document is a Python dict: tuples where JSON has arrays, whole-number keys where JSON has
numeric texts, an ``IntEnum`` or a NumPy whole number for a count, and by mistake anything else Python
has (sets, complex numbers, NaN, bytes, huge or deeply nested values, keys that are tuples or None).

- :func:`python_form` writes a valid document with Python's own types where they mean the same as the
  JSON form: the kit must build the very game the JSON form builds.
- :func:`python_documents` (a Hypothesis strategy) changes such a document at a few places with any
  Python value or key: the kit must build a playable game or raise its own error, and a value or key with
  no JSON form must be refused with an error naming where it is.
"""

import enum
import functools
import math
import numbers

from hypothesis import strategies as st

from greatwall_kit import GreatWallError
from greatwall_kit.engine.errors import quote
from greatwall_kit.engine.schemas import MAX_DEPTH

from .fuzz import base_documents as _base_documents
from .fuzz import build

__all__ = ["python_form", "python_documents", "python_values", "python_keys", "has_json_form", "outcome",
           "same_game_as_json", "base_documents"]

try:  # NumPy comes with pandas (the simulation lab); without it, its numbers are simply not tried
    import numpy
except ImportError:  # pragma: no cover
    numpy = None


class Count(enum.IntEnum):
    TWO = 2
    FIVE = 5


class Text(str):
    """A subclass of str, as some libraries hand out."""


class Table(dict):
    """A subclass of dict."""


class Row(list):
    """A subclass of list."""




@functools.cache
def base_documents(game):
    """The valid documents of ``game`` (see tests/inputs/fuzz.py), made once."""
    return _base_documents(game)


def _whole(rng, value):
    choices = [value, value]
    if value in (2, 5):
        choices.append(Count(value))
    if numpy is not None:
        choices += [numpy.int64(value), numpy.int16(value) if abs(value) < 2 ** 15 else value]
    return rng.choice(choices)


def python_form(doc, rng):
    """``doc`` (JSON data) written with Python's types where they mean the same (see the module docstring)."""
    if isinstance(doc, dict):
        items = {}
        for key, value in doc.items():
            if key.isdigit() and len(key) < 5 and str(int(key)) == key and rng.random() < 0.7:
                key = int(key)
            elif rng.random() < 0.1:
                key = Text(key)
            items[key] = python_form(value, rng)
        return Table(items) if rng.random() < 0.1 else items
    if isinstance(doc, list):
        items = [python_form(value, rng) for value in doc]
        roll = rng.random()
        return tuple(items) if roll < 0.6 else Row(items) if roll < 0.7 else items
    if type(doc) is int:
        return _whole(rng, doc)
    if type(doc) is str and rng.random() < 0.1:
        return Text(doc)
    return doc


# -- any Python value -------------------------------------------------------------------------------

_ATOMS = (st.none() | st.booleans() | st.integers(-8, 60) | st.integers()
          | st.sampled_from([10 ** 100, -10 ** 100, 2 ** 63, -2 ** 63 - 1]) | st.builds(pow, st.just(10), st.just(5000))
          | st.floats() | st.sampled_from([float("nan"), float("inf"), -float("inf"), -0.0, 2.0, 1e300])
          | st.complex_numbers() | st.text(max_size=10) | st.binary(max_size=4)
          | st.sampled_from(["Red", "Green", "red", "1A", "3,1", "Red farmer", "Red gate", "h02", "S0", "wall",
                             "standard", "sample", "winter", "place", "take", "5", "0", "", "\x00", "é" * 50])
          | st.sampled_from([Count.TWO, Text("Red"), object, print, Ellipsis, range(3), b"x", bytearray(b"x")]))
_HASHABLE = st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=4) | st.floats(allow_nan=False)

#: Keys a Python dict may have: texts, whole numbers (read as their digits) and keys with no JSON form.
python_keys = (st.text(max_size=6) | st.sampled_from(["Red", "players", "options", "0", "3,1", "cards"])
               | st.integers(-3, 60) | st.booleans() | st.none() | st.floats() | st.complex_numbers()
               | st.tuples(st.integers(0, 9), st.integers(0, 9)) | st.frozensets(st.integers(0, 3), max_size=2)
               | st.binary(max_size=3) | st.just(Count.FIVE) | st.builds(pow, st.just(-10), st.just(5000)))

#: Any Python value: atoms, containers of every kind (sets and tuples too) and nesting up to 3,000 deep.
python_values = st.one_of(
    st.recursive(_ATOMS, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                 | st.sets(_HASHABLE, max_size=3) | st.frozensets(_HASHABLE, max_size=3)
                 | st.dictionaries(python_keys, inner, max_size=4), max_leaves=12),
    st.builds(lambda atom, depth, kind: _nest(atom, depth, kind), _ATOMS, st.sampled_from([30, 99, 101, 500,
                                                                                          3000]),
              st.sampled_from(["list", "tuple", "dict"])),
    st.builds(lambda: _cycle()))


def _nest(value, depth, kind):
    for _ in range(depth):
        value = [value] if kind == "list" else (value,) if kind == "tuple" else {"k": value}
    return value


def _cycle():
    loop = {"a": []}
    loop["a"].append(loop)
    return loop


def has_json_form(value, depth=0):
    """Whether the kit reads ``value``, put ``depth`` containers deep in a document, as JSON (the rules of
    ``greatwall_kit.engine.schemas.json_form``, written again: containers at most ``MAX_DEPTH`` deep)."""
    if value is None or isinstance(value, (str, bool, numbers.Integral)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple, dict)) and depth >= MAX_DEPTH:
        return False
    if isinstance(value, (list, tuple)):
        return all(has_json_form(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(_key_has_json_form(k) and has_json_form(v, depth + 1) for k, v in value.items())
    return False


def _key_has_json_form(key):
    if isinstance(key, str):
        return True
    return isinstance(key, numbers.Integral) and not isinstance(key, bool) and abs(int(key)) < 10 ** 4000


# -- changed documents ---------------------------------------------------------------------------------

def _places(doc, path=(), words=()):
    """``(path, words, container)`` of every container in ``doc`` (dicts and lists; tuples are read through);
    ``words`` are the dict keys on the path as the kit's messages write them."""
    out = [(path, words, doc)]
    if isinstance(doc, dict):
        items = [(key, value, words + (_word(key),)) for key, value in doc.items()]
    elif isinstance(doc, (list, tuple)):
        items = [(i, value, words) for i, value in enumerate(doc)]
    else:
        items = []
    for key, value, below in items:
        if isinstance(value, (dict, list, tuple)) and len(path) < 8:
            out += _places(value, path + (key,), below)
    return out


def _replace(doc, path, make):
    """``doc`` with the container at ``path`` replaced by ``make(container)`` (tuples rebuilt on the way)."""
    if not path:
        return make(doc)
    key, rest = path[0], path[1:]
    if isinstance(doc, tuple):
        items = list(doc)
        items[key] = _replace(items[key], rest, make)
        return tuple(items)
    doc[key] = _replace(doc[key], rest, make)
    return doc


@st.composite
def python_documents(draw, game, kind, changes=(0, 3)):
    """``(document, changes)``: a valid ``kind`` ("position" or "options") document of ``game`` in its Python
    form, changed at ``changes`` places; each change is ``(path, words, key, value)``: the ``value`` put at
    ``path`` (``words``: its dict keys as messages write them), whose last step is a ``key`` put into a dict
    (``None`` when a value was replaced)."""
    rng = draw(st.randoms(use_true_random=False))
    doc = python_form(base_documents(game)[kind], rng)
    made = []
    for _ in range(draw(st.integers(*changes))):
        places = [(p, w, c) for p, w, c in _places(doc) if c or isinstance(c, dict)]
        path, words, box = draw(st.sampled_from(places))
        keys = list(box) if isinstance(box, dict) else list(range(len(box)))
        top_level_options = kind == "options" and not path  # keyword arguments: texts only
        if isinstance(box, dict) and (not keys or draw(st.booleans())) and not top_level_options:
            key = draw(python_keys)
            value = draw(python_values) if not keys or draw(st.booleans()) else box[draw(st.sampled_from(keys))]
            made.append((path + (key,), words + (_word(key),), key, value))
        elif keys:
            key, value = draw(st.sampled_from(keys)), draw(python_values)
            made.append((path + (key,), words + ((_word(key),) if isinstance(box, dict) else ()), None, value))
        else:
            continue

        def put(container, key=key, value=value):
            if isinstance(container, tuple):
                return tuple(value if i == key else v for i, v in enumerate(container))
            container = dict(container) if isinstance(container, dict) else container
            container[key] = value
            return container
        doc = _replace(doc, path, put)
    return doc, made


def _at(doc, path):
    """``(True, the value at path)`` in ``doc``, or ``(False, None)`` if a later change took the path away."""
    for step in path:
        if isinstance(doc, dict):
            if not any(k is step or k == step for k in doc):
                return False, None
            doc = next(v for k, v in doc.items() if k is step or k == step)
        elif isinstance(doc, (list, tuple)) and type(step) is int and 0 <= step < len(doc):
            doc = doc[step]
        else:
            return False, None
    return True, doc


def _word(key):
    """A dict key as the kit's messages write it (keys with no JSON form are written by ``repr``)."""
    return str(key) if _key_has_json_form(key) else quote(key, 40)


def outcome(game, kind, doc, made, rng):
    """Build from ``doc`` and play four random moves: ``"built"`` or ``"refused"``.

    Raises ``AssertionError`` if a value or key with no JSON form was read, or (for a single change)
    refused by a message that names no key on its path, or if an unchanged Python form builds another game
    than the JSON form; any error but the kit's own propagates.
    """
    unreadable = []  # the changes still in the document (a later one may replace an earlier) the kit cannot read
    for path, words, key, _ in made:
        found, value = _at(doc, path)
        if found and (not (key is None or _key_has_json_form(key)) or not has_json_form(value, len(path))):
            unreadable.append((path, words, key, value))
    try:
        built = build(game, kind, doc)
    except GreatWallError as exc:
        text = str(exc)
        if unreadable and len(made) == 1:
            path, words, key, value = unreadable[0]
            names = list(words) or ["the document" if kind == "position" else "options"]
            if key is not None and not _key_has_json_form(key):
                names.append("key")
            assert any(name in text for name in names), f"{text!r} names none of {names}"
        return "refused"
    assert not unreadable, f"a value with no JSON form was read: {unreadable[0][3]!r} at {unreadable[0][0]}"
    if not made:  # the Python form of a valid document: the game its JSON form builds
        assert built.snapshot() == build(game, kind, base_documents(game)[kind]).snapshot(), \
            "a Python form built another game than its JSON form"
    for _ in range(4):
        assert built.is_over == (built.to_act is None)
        if built.is_over:
            break
        legal = list(built.legal_moves())
        assert legal, f"{game} stalls: player {built.to_act} to act with no legal move"
        built.play(rng.choice(legal))
    return "built"


def same_game_as_json(game, kind, rng):
    """Build ``game``'s valid ``kind`` document in its JSON form and in a Python form: the same game, or an
    ``AssertionError``. Returns the Python form used."""
    doc = base_documents(game)[kind]
    python = python_form(doc, rng)
    one, two = build(game, kind, doc), build(game, kind, python)
    assert one.snapshot() == two.snapshot(), f"{python!r} built another game than its JSON form"
    return python

