"""Fast copies of game states, for bots that look ahead thousands of times a decision.

``copy.deepcopy`` pays for generality: it pickles the random generator, copies every frozen
move and event, and reduces every object through ``__reduce_ex__``. :func:`clone` copies the
same state in a fraction of the time by relying on the kit's conventions:

* frozen dataclasses and named tuples (moves, layouts, catalogues, evidence) are values: copies share them;
* the log's event records and the history's moves are immutable: their lists are copied, not the items;
* plain lists, dicts, sets and objects with ``__dict__`` or ``__slots__`` are copied member by member (a game's
  own slots too), shared references staying shared (as with ``deepcopy``);
* the game's random generator is shared until either game draws from it (see ``Game.rng``);
* the legal moves handed out (``game.legal_moves()``) stay with their game: the copy lists its own when asked;
* attributes a game names in ``_constant_state`` (built at set-up, never changed) are shared;
* attributes a game names in ``_copied_state`` are copied by the function it gives (knowing their shape);
* the kit's classes with their own ``__deepcopy__`` are copied by it;
* anything else (a class with its own copy or pickle methods) goes to ``copy.deepcopy``;
* the copy's attributes are set one by one, never through its ``__dict__``, so that CPython keeps them
  inline (see :func:`instance_dict`).

>>> from greatwall_kit import new_game
>>> game = new_game("great_wall_of_china", seed=1).replay(["draw"])
>>> twin = clone(game)
>>> twin.fingerprint() == game.fingerprint(), twin.sections[0] is game.sections[0]
(True, False)
"""

import copy
import functools
import keyword
import random
from operator import is_
from typing import Any

__all__ = ["clone", "copied_random", "copy_slots", "instance_dict", "set_attributes", "slot_values"]

_ATOMS = frozenset({int, float, bool, str, bytes, type(None), complex, range, frozenset, type})
# class -> how to copy it: "share", "list", "dict", "set", "tuple", "random", "method", "object", "deep"
_KIND: dict[type, str] = {}
_SHARED = set(_ATOMS)  # classes whose instances copies share: atoms and frozen dataclasses
_SLOTS: dict[type, list[str]] = {}  # class -> its slot names
_UNSET = object()


def clone(game):
    """A deep copy of ``game`` (see the module docstring); observers are never copied."""
    new = object.__new__(type(game))
    memo = {id(game): new}
    # the engine's own attributes (Game.__slots__)
    new.options, new.players, new.seed, new._start = game.options, game.players, game.seed, game._start
    new._log_into(list(game._events), list(game._marks))  # (of immutable records)
    new._history = list(game._history)  # (of immutable moves)
    new._rng = game._rng
    new._rng_shared = game._rng_shared = True  # one generator for both until either draws (see Game.rng)
    new._said = new._legal_view = None  # the sentences shown and the legal moves handed out: the copy makes its own
    new._dict_made = False  # (its attributes are inline: see instance_dict)
    # the legal moves listed, and the game's own state (its instance dict)
    state = {"_legal_cache": game._legal_cache, "_legal_set_cache": game._legal_set_cache}
    state.update(game.__dict__ if game._dict_made else instance_dict(game))
    state.update(slot_values(game, game._slotted_state))  # (a game's own slots: Game._slotted_state)
    constant, copiers = game._constant_state, game._copied_state
    for name, value in state.items():  # (each value replaced by its copy in place)
        if type(value) in _SHARED or name in constant:  # constant: never changed after set-up
            continue
        copier = copiers.get(name)
        if copier is not None and id(value) not in memo:  # (if copied already, the walk below finds it in memo)
            state[name] = memo[id(value)] = copier(value)
        elif type(value) is list and id(value) not in memo and _SHARED.issuperset(map(type, value)):
            state[name] = memo[id(value)] = value.copy()  # a deck of names, the moves: _copy's first case, inline
        else:
            state[name] = _copy(value, memo)
    set_attributes(new, state)
    return new


def instance_dict(obj):
    """``obj.__dict__`` of a game, after making sure it is an ordinary dict that the interpreter's fast paths accept.

    CPython 3.11 keeps the attributes of an object with at most 29 of them inline until something reads its
    ``__dict__``; the dict made then shares its keys with the class ("split"), and every later ``obj.name``
    takes the slow path (a game played on about 12 % slower). A combined copy put in its place reads as fast
    as any dict, only the inline attributes are faster. Costs about a dict copy.
    """
    own = obj.__dict__ = dict(obj.__dict__)
    obj._dict_made = True  # (a game's slot: its next copy reads __dict__ straight away)
    return own


def slot_values(obj, names):
    """``{name: value}`` of the slots ``names`` of ``obj`` that are set."""
    values = {}
    for name in names:
        value = getattr(obj, name, _UNSET)
        if value is not _UNSET:
            values[name] = value
    return values


def copy_slots(source, target, names):
    """Give ``target`` the values of the slots ``names`` of ``source`` (unset where they are unset there)."""
    for name in names:
        value = getattr(source, name, _UNSET)
        if value is not _UNSET:
            setattr(target, name, value)
        elif hasattr(target, name):
            delattr(target, name)


def set_attributes(obj, attributes):
    """Set the attributes ``attributes`` (a dict) of ``obj`` without reading its ``__dict__`` (see _setter)."""
    _setter(tuple(attributes))(obj, *attributes.values())


@functools.cache
def _setter(names):
    """A function ``set(obj, *values)`` that sets the attributes ``names`` of ``obj``, one ``obj.name = value`` each.

    Never through ``obj.__dict__``: CPython 3.11 keeps the attributes of an object whose ``__dict__`` nobody
    asked for inline, where a copy's playout reads them fastest. Written out (as ``dataclasses`` writes
    ``__init__``), each store is specialised by the interpreter: ``setattr()`` in a loop cost almost four times
    more for The Great Wall's 28 attributes.
    """
    if not all(name.isidentifier() and not keyword.iskeyword(name) for name in names):
        return _setattr_each(names)
    values = [f"v{i}" for i in range(len(names))]
    lines = [f"    obj.{name} = {value}" for name, value in zip(names, values, strict=True)]
    namespace: dict[str, Any] = {}
    exec("\n".join([f"def set_attributes(obj, {', '.join(values)}):", *lines, "    pass"]), namespace)
    return namespace["set_attributes"]


def _setattr_each(names):
    def set_attributes(obj, *values):
        for name, value in zip(names, values, strict=True):
            setattr(obj, name, value)
    return set_attributes


def copied_random(rng):
    """An independent copy of the generator ``rng`` in the same state."""
    twin = rng.__class__.__new__(rng.__class__)  # not the class itself: that would seed it from the OS first
    twin.setstate(rng.getstate())
    return twin


def _copy(x, memo):
    cls: Any = type(x)  # (for mypy: cls.__new__ is the class's own, not type.__new__)
    if cls in _SHARED:
        return x
    done = memo.get(id(x))
    if done is not None:
        return done
    kind = _KIND.get(cls) or _kind(cls)
    if kind == "share":
        return x
    # a list or dict of values only (a deck of names, Soldiers by kind) is copied in one call, checked in C
    if kind == "list":
        if _SHARED.issuperset(map(type, x)):
            y = memo[id(x)] = x.copy()
        else:
            y = memo[id(x)] = []
            for item in x:  # (loops, not comprehensions, here and below: a bot copies a game every playout)
                y.append(item if type(item) in _SHARED else _copy(item, memo))
    elif kind == "dict":
        if _SHARED.issuperset(map(type, x.values())):
            y = memo[id(x)] = x.copy()
        else:
            y = memo[id(x)] = {}
            for key, value in x.items():
                y[key] = value if type(value) in _SHARED else _copy(value, memo)
    elif kind == "set":
        y = memo[id(x)] = set(x)  # set members are hashable values
    elif kind == "tuple":
        if _SHARED.issuperset(map(type, x)):
            y = x
        else:
            items = [item if type(item) in _SHARED else _copy(item, memo) for item in x]
            y = x if all(map(is_, items, x)) else tuple(items)
        memo[id(x)] = y
    elif kind == "random":
        y = memo[id(x)] = copied_random(x)
    elif kind == "method":
        y = memo[id(x)] = x.__deepcopy__(memo)
    elif kind == "object":
        y = memo[id(x)] = cls.__new__(cls)
        for name in _SLOTS[cls]:
            value = getattr(x, name, _UNSET)
            if value is not _UNSET:
                object.__setattr__(y, name, value if type(value) in _SHARED else _copy(value, memo))
        if hasattr(x, "__dict__"):
            y.__dict__.update({k: v if type(v) in _SHARED else _copy(v, memo) for k, v in x.__dict__.items()})
    else:
        y = copy.deepcopy(x, memo)
    return y


def _kind(cls):
    params = getattr(cls, "__dataclass_params__", None)
    if (params is not None and params.frozen) or (issubclass(cls, tuple) and hasattr(cls, "_fields")):
        kind = "share"  # a frozen dataclass or a named tuple (evidence such as a Breach) is a value
        _SHARED.add(cls)
    elif cls in (list, dict, set, tuple):
        kind = cls.__name__
    elif issubclass(cls, random.Random):
        kind = "random"
    elif cls.__module__.startswith("greatwall_kit.") and hasattr(cls, "__deepcopy__"):
        kind = "method"  # the kit's own fast copy: called directly, without copy.deepcopy's dispatch
    elif ("__deepcopy__" in dir(cls) or cls.__reduce_ex__ is not object.__reduce_ex__
          or cls.__reduce__ is not object.__reduce__ or getattr(cls, "__getstate__", None) is not object.__getstate__
          or hasattr(cls, "__setstate__") or hasattr(cls, "__getnewargs__") or hasattr(cls, "__getnewargs_ex__")
          or cls.__module__ == "builtins"):
        kind = "deep"
    else:
        kind = "object"
        _SLOTS[cls] = _slots(cls)
    _KIND[cls] = kind
    return kind


def _slots(cls):
    names = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [s for s in slots if s not in ("__dict__", "__weakref__")]
    return names
