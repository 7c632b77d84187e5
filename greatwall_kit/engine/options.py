"""A game's options declared once, on its frozen ``Options`` dataclass: what each option may be, the rule it reads,
the named variant it makes. The options schema, the README's options tables and ``docs/formats.md`` are written
from these declarations (``python tools/regenerate.py``), and the mechanics are handed the ``Options`` value itself.

An option that picks one reading among a few is a :func:`choice` (the first value is the kit's reading); any other
option is a :func:`setting` with the JSON Schema of its values written out.

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Options:
...     counting: str = choice("per_player", "per_section", rule="XX-16", variant="counting per section",
...                            about="whose earlier cards set a card's rank")
...     rounds: int = setting(2, {"type": "integer", "minimum": 1, "maximum": 6}, "a whole number from 1 to 6",
...                           rule="XX-18", about="rounds per season")
...     def __post_init__(self):
...         check(self)
>>> Options(counting="per_table")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.SetupError: option counting must be "per_player" or "per_section" (XX-16), not 'per_table'
>>> named_variants(Options)
{'counting per section': {'counting': 'per_section'}}
>>> print(table(Options))
| option | values (the kit's reading first) | rule | what it changes |
|---|---|---|---|
| `counting` | `"per_player"`, `"per_section"` | XX-16 | whose earlier cards set a card's rank |
| `rounds` | `2`; a whole number from 1 to 6 | XX-18 | rounds per season |
"""

import dataclasses
import json
from typing import Any

from .errors import SetupError, quote

__all__ = ["choice", "setting", "check", "declared", "schema", "named_variants", "table", "schema_text", "written"]


def choice(*values: Any, rule: str | tuple[str, ...], about: str, variant: str | dict | None = None) -> Any:
    """A dataclass field for an option that is one of ``values``; the first is the default (the kit's reading).

    ``rule`` is the checklist ID of the rule it reads (or one ID per value), ``about`` says in a few words what it
    changes, ``variant`` names the named variant the other value makes (a dict ``{value: name}`` if there are
    more than two values); a named variant joins the game's ``VARIANTS`` and the conformance suite runs it.
    """
    if len(values) < 2:
        raise TypeError("choice() needs the kit's reading and at least one other value")
    if isinstance(variant, str):
        if len(values) != 2:
            raise TypeError("choice(): with more than two values, name each variant: variant={value: name}")
        variant = {values[1]: variant}
    rules = (rule,) * len(values) if isinstance(rule, str) else tuple(rule)
    if len(rules) != len(values):
        raise TypeError("choice(): give one rule, or one rule per value")
    return dataclasses.field(default=values[0], metadata={
        "values": values, "rules": rules, "about": about, "variants": dict(variant or {})})


def setting(default: Any, values_schema: dict, what: str, *, rule: str | None = None, about: str) -> Any:
    """A dataclass field for an option whose values a JSON Schema describes (``values_schema``, without its
    ``description``); ``what`` says in words what a value must be (errors and documentation use it)."""
    return dataclasses.field(default=default, metadata={
        "schema": values_schema, "what": what, "rule": rule, "about": about})


def declared(options_class: type) -> list[tuple[str, dataclasses.Field]]:
    """``(name, field)`` of each option declared with :func:`choice` or :func:`setting`, in order."""
    return [(f.name, f) for f in dataclasses.fields(options_class) if "about" in f.metadata]


def _needs(meta: Any) -> str:
    """What a choice's value must be, in words: ``"a" or "b" (GW-16)``."""
    values, rules = meta["values"], meta["rules"]
    said = [json.dumps(v) for v in values]
    if len(set(rules)) == 1:
        return f"{', '.join(said[:-1])} or {said[-1]} ({rules[0]})"
    said = [f"{s} ({r})" for s, r in zip(said, rules, strict=True)]
    return f"{', '.join(said[:-1])} or {said[-1]}"


def check(options: Any) -> None:
    """Refuse an ``Options`` value whose choice is none of its values (the kit's :class:`SetupError`, naming the
    option and what it may be). Call it from ``__post_init__``."""
    for name, field in declared(type(options)):
        meta = field.metadata
        if "values" in meta:
            value = getattr(options, name)
            if value not in meta["values"] or type(value) is not type(meta["values"][0]):
                raise SetupError(f"option {name} must be {_needs(meta)}, not {quote(value)}")


def schema(options_class: type, game: str, title: str) -> dict:
    """The JSON Schema (a dict) of the options document of ``game`` (its registry name), ``title`` its title."""
    properties: dict[str, dict] = {}
    for name, field in declared(options_class):
        meta = field.metadata
        if "values" in meta:
            properties[name] = {"enum": list(meta["values"]), "description": _needs(meta)}
        else:
            properties[name] = {**meta["schema"], "description": meta["what"]}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://greatwall-kit.example/schemas/{game}/options.schema.json",
            "title": f"{title} options",
            "description": "the named options (new_game keyword arguments), each a reading of a rule; every one may "
                           "be left out (the kit's reading)",
            "type": "object", "additionalProperties": False, "properties": properties}


def schema_text(document: dict) -> str:
    """A schema as the kit ships it: JSON, one line per property."""
    head = {k: v for k, v in document.items() if k != "properties"}
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    rows = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in document["properties"].items()]
    return "{\n" + "\n".join(lines) + '\n "properties": {\n' + ",\n".join(rows) + "\n }\n}\n"


def named_variants(options_class: type, together: str | None = None) -> dict[str, dict]:
    """``{name: options}`` of the named variants the choices declare, in order; with ``together``, one more of that
    name switching every one of them on at once."""
    out: dict[str, dict] = {}
    every: dict[str, Any] = {}
    for name, field in declared(options_class):
        for value, label in field.metadata.get("variants", {}).items():
            out[label] = {name: value}
            every[name] = value
    if together is not None:
        out[together] = every
    return out


def written(value: Any) -> str:
    """An option's value as Python code writes it in ``new_game(...)``: ``"group"``, ``2``, ``False``."""
    return repr(value) if isinstance(value, bool) else json.dumps(value, ensure_ascii=False)


def table(options_class: type) -> str:
    """The options as a Markdown table (the README's, per game): values, rule, what each changes."""
    rows = ["| option | values (the kit's reading first) | rule | what it changes |", "|---|---|---|---|"]
    for name, field in declared(options_class):
        meta = field.metadata
        if "values" in meta:
            values = ", ".join(f"`{written(v)}`" for v in meta["values"])
            rule = ", ".join(dict.fromkeys(meta["rules"]))
        else:
            values = f"`{written(field.default)}`; {meta['what']}"
            rule = meta["rule"] or ""
        rows.append(f"| `{name}` | {values.replace('|', '/')} | {rule} | {meta['about']} |")
    return "\n".join(rows)
