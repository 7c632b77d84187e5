"""Declared JSON Schemas (Draft 2020-12) for the kit's documents, and one way to report a fault.

Every document a person writes (a game's options, a position, a layout, a card data set, a
save) has a schema shipped as a ``.json`` file beside the code that reads it (``schemas/`` in
the game's package, or in ``engine/`` for saves), so a teacher's editor can check a file as it
is typed. :func:`check` validates a document and raises the kit's error for that kind of
document, naming the JSON path of the bad value and what was expected there. Checks a schema
cannot express (counts that add up, pieces side by side) stay in the games.

A schema says what a value must be in a ``description`` (``"a whole number >= 0"``); the
message uses it, so errors read the same as the documentation generated from the schema.

Documents typed in a notebook are Python values, not JSON text. :func:`check` reads them in their JSON
form first (:func:`json_form`): a tuple is the list it writes, a whole-number key the text of its
digits (``{3: [...]}`` is ``{"3": [...]}``), an ``IntEnum`` or NumPy whole number the plain int, a
subclass of ``str``, ``float``, ``dict`` or ``list`` the plain value. Anything else no JSON document can
hold (a set, a complex number, bytes, NaN or an infinity, another object, a key that is neither text nor
a whole number) is refused with the kit's error naming where it is, as is a document nested deeper
than :data:`MAX_DEPTH`, or one that holds itself.

Examples
--------
>>> from greatwall_kit.engine.errors import SaveFileError
>>> schema = {"type": "object", "properties": {"seed": {"type": "integer", "description": "a whole number"}}}
>>> check({"seed": 1.0}, schema, SaveFileError, "save")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.SaveFileError: save: seed must be a whole number, not 1.0
>>> check({"seed": 3}, schema, SaveFileError, "save")
{'seed': 3}
"""

import functools
import importlib.resources
import itertools
import json
import math
import numbers
import reprlib
from typing import Any

from .errors import quote, unwritable

__all__ = ["load_schema", "has_schema", "check", "json_form", "message", "where", "table", "MAX_DEPTH"]

#: Containers inside containers a document may have: the kit's deepest documents have under ten.
MAX_DEPTH = 100


@functools.cache
def _validator_class():
    """The kit's Draft 2020-12 validator, built on first use.

    jsonschema is imported here, not at the top: with its optional format checkers installed
    (Jupyter brings them) the import costs about two seconds, which a playout, a simulation
    worker or a notebook that never reads a document should not pay.
    """
    import jsonschema

    # JSON Schema counts 1.0 as an integer; the rules index lists and count pieces with true ints. A number is an
    # int or a float: jsonschema's own test takes any numbers.Number, and "minimum" then compared 1j and crashed.
    types = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many({
        "integer": lambda checker, value: type(value) is int,
        "number": lambda checker, value: type(value) in (int, float)})

    # jsonschema's own messages quote the whole value; a list of millions of items would cost seconds to print
    def max_items(validator, most, instance, schema):
        if validator.is_type(instance, "array") and len(instance) > most:
            yield jsonschema.ValidationError(f"a list of {len(instance)} items is longer than {most}")

    def max_length(validator, most, instance, schema):
        if validator.is_type(instance, "string") and len(instance) > most:
            yield jsonschema.ValidationError(f"a text of {len(instance)} characters is longer than {most}")

    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=types,
                                        validators={"maxItems": max_items, "maxLength": max_length})


_SHORT = reprlib.Repr()  # a value quoted in a message: its start, however large it is
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxstring, _SHORT.maxother = 3, 6, 6, 50, 50


@functools.cache
def load_schema(package, name):
    """The schema ``schemas/<name>.schema.json`` shipped in ``package`` (a dotted package name)."""
    text = importlib.resources.files(package).joinpath("schemas", f"{name}.schema.json").read_text()
    return json.loads(text)


@functools.cache
def has_schema(package, name):
    """Whether ``package`` ships ``schemas/<name>.schema.json``."""
    try:
        return importlib.resources.files(package).joinpath("schemas", f"{name}.schema.json").is_file()
    except ModuleNotFoundError:
        return False


@functools.cache
def _validator(package, name):
    schema = load_schema(package, name)
    _validator_class().check_schema(schema)
    return _validator_class()(schema)


def check(doc, schema, error, what):
    """The JSON form of ``doc`` (:func:`json_form`) if it keeps ``schema``; else ``error`` (a kit error class)
    naming the path and what is needed there.

    ``schema`` is a schema dict or a ``(package, name)`` pair for :func:`load_schema`;
    ``what`` names the document in the message (``"position"``, ``"layout 'mine'"``). Readers go on with
    the value returned, so a tuple or a whole-number key never reaches them.

    >>> schema = {"type": "object", "additionalProperties": {"type": "array"}}
    >>> check({3: (1, 2)}, schema, ValueError, "doc")
    {'3': [1, 2]}
    >>> check({"a": {1, 2}}, schema, ValueError, "doc")
    Traceback (most recent call last):
    ...
    ValueError: doc: a must be of type array, not {1, 2}
    """
    from jsonschema.exceptions import best_match

    doc = json_form(doc, error, what, strict=False)
    validator = _validator(*schema) if isinstance(schema, tuple) else _validator_class()(schema)
    try:
        # the best of the first few faults: a list of thousands of bad items must not cost thousands of messages
        fault = best_match(itertools.islice(validator.iter_errors(doc), 8))
    except RecursionError:  # nesting deeper than any document of the kit
        raise error(f"{what}: the document is nested too deeply") from None
    except ValueError as exc:  # jsonschema's own messages quote values, and Python writes no int that long
        if not unwritable(exc):
            raise
        raise error(f"{what}: holds a whole number of over 4,300 digits, far too large for any value of the kit") \
            from None
    if fault is not None:
        raise error(f"{what}: {message(fault)}")
    return json_form(doc, error, what)  # what the schema leaves open (an "options" object) must be JSON too


def json_form(doc, error, what, *, strict=True):
    """``doc``, a Python value, in its JSON form (see the module docstring); ``error`` if it has none.

    With ``strict=False`` values with no JSON form stay where they are (in a copy), for the schema to
    say what is expected there; keys, nesting and cycles are checked either way.

    >>> from greatwall_kit.engine.errors import PositionError
    >>> json_form({"walls": [[(0, 3), (1, 3)]], 5: None}, PositionError, "position")
    {'walls': [[[0, 3], [1, 3]]], '5': None}
    >>> json_form({"a": [float("nan")]}, PositionError, "position")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.PositionError: position: a[0] must be a value a JSON document can hold (text, a number, true or false, None, a list or a dict), not nan
    >>> json_form({(3, 1): []}, PositionError, "position")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.PositionError: position: the document has the key (3, 1): a key is a text (a whole number stands for its digits)
    """  # noqa: E501 - doctest output is compared as printed
    done: dict[int, Any]
    done, open_ = {}, set()  # containers converted (one list for many references to one), and being converted

    def walk(value, path, depth):
        kind = type(value)
        if kind is int and value.bit_length() > 14_000:  # over 4,300 digits: Python would not even write it
            raise error(f"{what}: {where(path)} is a whole number of over 4,000 digits, far too large for any value "
                        "of the kit")
        if kind is str or kind is bool or kind is int or value is None:
            return value
        if kind is float:
            if strict and not math.isfinite(value):
                refuse(value, path)
            return value
        if isinstance(value, (list, tuple, dict)):
            if id(value) in done:
                return done[id(value)]
            if id(value) in open_:
                raise error(f"{what}: {where(path)} holds itself")
            if depth >= MAX_DEPTH:
                raise error(f"{what}: {where(path[:3])} is nested too deeply")
            open_.add(id(value))
            done[id(value)] = out = container(value, path, depth)
            open_.discard(id(value))
            return out
        if isinstance(value, bool):  # (numpy's bool_ is no bool, and stays for the checks below)
            return bool(value)
        if isinstance(value, str):
            return str(value)
        if isinstance(value, numbers.Integral):  # IntEnum, numpy's whole numbers
            return walk(int(value), path, depth)
        if isinstance(value, float):
            return walk(float(value), path, depth)
        if strict:
            refuse(value, path)
        return value

    def container(value, path, depth):
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                text = _key(key)
                if text is None:
                    raise error(f"{what}: {where(path)} has the key {quote(key, 40)}: a key is a text "
                                "(a whole number stands for its digits)")
                if text in out:
                    raise error(f"{what}: {where(path)} has the key {text!r} twice ({quote(key, 40)} is {text!r})")
                out[text] = walk(item, (*path, text), depth + 1)
            return out
        return [walk(item, (*path, i), depth + 1) for i, item in enumerate(value)]

    def refuse(value, path):
        raise error(f"{what}: {where(path)} must be a value a JSON document can hold (text, a number, true or "
                    f"false, None, a list or a dict), not {_shown(value)}")

    return walk(doc, (), 0)


def _key(key):
    """A dict key as JSON writes it: a text, or a whole number's digits; ``None`` for any other key."""
    if isinstance(key, str):
        return str(key)
    if isinstance(key, numbers.Integral) and not isinstance(key, bool):
        try:
            return str(int(key))
        except ValueError:  # over 4,300 digits: no key of the kit
            return None
    return None


def _shown(value):
    try:
        return _SHORT.repr(value)
    except ValueError:  # a whole number of over 4,300 digits (or a container holding one)
        return quote(value)


def where(path):
    """A JSON path in the kit's words: ``horde[2].power``; the empty path is ``the document``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "the document"


def message(fault):
    """One line for a :class:`jsonschema.ValidationError`: where the bad value is and what was expected."""
    while "description" not in fault.schema and fault.parent is not None:
        fault = fault.parent  # a branch of anyOf without words of its own: say what the whole choice wants
    at, value, need, kind = where(fault.absolute_path), fault.instance, fault.validator_value, fault.validator
    if kind == "required":
        missing = [k for k in need if k not in value]
        return f"{at} is missing {missing[0]!r}"
    if kind in ("additionalProperties", "unevaluatedProperties"):
        allowed = sorted(fault.schema.get("properties", {}))
        extra = sorted(k for k in value if k not in allowed)
        return f"{at} has unknown key(s) {extra}" + (f"; known: {allowed}" if allowed else "")
    if kind == "propertyNames":
        return f"{at} has a key that is not {fault.schema['propertyNames'].get('description', 'allowed')}"
    if "propertyNames" in fault.absolute_schema_path:  # a key's own fault: name the key
        return f"{at} has the key {_shown(value)}, which is not {fault.schema.get('description', 'allowed')}"
    expected = fault.schema.get("description")
    if expected is None:
        expected = {
            "type": f"of type {need}" if isinstance(need, str) else f"one of the types {need}",
            "enum": f"one of {need}", "const": f"{need!r}",
            "minimum": f"at least {need}", "maximum": f"at most {need}",
            "minItems": f"a list of at least {need} item(s)", "maxItems": f"a list of at most {need} item(s)",
            "minLength": f"a text of at least {need} character(s)", "maxLength": f"at most {need} characters",
            "pattern": f"a text matching {need!r}", "uniqueItems": "a list without repeats",
        }.get(kind, fault.message)
    return f"{at} must be {expected}, not {_shown(value)}"


def table(schema):
    """The rows ``(path, required, what it must be)`` of a schema, parent before child, for documentation.

    >>> table({"type": "object", "required": ["a"], "properties": {"a": {"type": "array",
    ...        "description": "a list of numbers", "items": {"description": "a number"}}}})
    [('a', 'yes', 'a list of numbers'), ('a[]', '', 'a number')]
    """
    rows = []
    defs = schema.get("$defs", {})

    def walk(node, path, required):
        node = defs.get(node.get("$ref", "").rpartition("/")[2], node) if "$ref" in node else node
        if path:
            rows.append((path, "yes" if required else "", node.get("description", "")))
        for key, sub in node.get("properties", {}).items():
            walk(sub, f"{path}.{key}" if path else key, key in node.get("required", ()))
        for branch in ("then", "else"):
            for key, sub in node.get(branch, {}).get("properties", {}).items():
                walk(sub, f"{path}.{key}", False)
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], f"{path}.<key>" if path else "<key>", False)
        for i, sub in enumerate(node.get("prefixItems", ())):
            walk(sub, f"{path}[{i}]", True)
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}[]", False)

    walk(schema, "", False)
    return rows
