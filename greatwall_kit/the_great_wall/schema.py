"""The shape of a card data set, field by field, and :func:`validate`, which names the first fault.

A class that types in real cards makes mistakes; the game must refuse the file at once with
a message naming the field ("horde[3].power must be a whole number >= 0, not 'six'"), not
fail with a ``KeyError`` in the middle of a Winter. :data:`FIELDS` lists every field the
rules read; :func:`validate` checks it, then the facts that tie fields together.

Examples
--------
>>> validate({"notice": "x"})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.LayoutError: data set: the document is missing 'name'
>>> import json
>>> from greatwall_kit.the_great_wall.catalog import DATA
>>> doc = json.loads((DATA / "sample.json").read_text())
>>> doc["horde"][2]["power"] = "six"
>>> validate(doc)
Traceback (most recent call last):
...
greatwall_kit.engine.errors.LayoutError: data set: horde[2].power must be a whole number >= 0, not 'six'
"""

from dataclasses import dataclass

from ..engine.errors import LayoutError

__all__ = ["validate", "FIELDS", "RESOURCES", "SOLDIERS", "REWARDS"]

RESOURCES = ("wood", "stone", "gold", "chi")
SOLDIERS = ("spearman", "archer", "horseman")
REWARDS = RESOURCES + ("honor",)
LOCATION_KINDS = ("production", "recruit", "build", "court", "bazaar", "war_room")
ABILITIES = ("donate_honor", "defeat_honor", "gather_bonus", "wall_honor", "upgrade_honor", "summer_chi")
TACTIC_EFFECTS = ("chi", "gold", "honor", "barricade")
PLAYER_COUNTS = ("1", "2", "3", "4")


@dataclass(frozen=True)
class Value:
    """A leaf field: a test and the words that say what it must be."""

    ok: object
    what: str


@dataclass(frozen=True)
class Many:
    """A list of items of one shape (``least`` of them at the minimum)."""

    item: object
    least: int = 0


def whole(least=0):
    return Value(lambda v: type(v) is int and v >= least, f"a whole number >= {least}")


def one_of(options):
    return Value(lambda v: type(v) in (str, int) and v in options, f"one of {options}")


def per_players(item):
    """A dict with one entry per player count, ``"1"`` to ``"4"``."""
    return Value(lambda v: isinstance(v, dict) and all(n in v and item.ok(v[n]) for n in PLAYER_COUNTS),
                 f"an object with keys '1' to '4', each {item.what}")


def counts(keys):
    """A dict from exactly ``keys`` to whole numbers >= 0 (Soldiers by kind)."""
    return Value(lambda v: isinstance(v, dict) and set(v) == set(keys) and all(whole().ok(x) for x in v.values()),
                 f"an object giving a whole number >= 0 for each of {keys}")


FLAG = Value(lambda v: type(v) is bool, "true or false")
TEXT = Value(lambda v: isinstance(v, str) and v != "", "a non-empty text")
CARD_ID = Value(lambda v: isinstance(v, str) and v.isidentifier(), "a one-word id")
COST = Value(lambda v: isinstance(v, dict) and all(k in RESOURCES and whole().ok(n) for k, n in v.items()),
             f"a cost: an object from {RESOURCES} to whole numbers >= 0")
SECTION_LIST = Value(lambda v: isinstance(v, list) and all(whole().ok(s) for s in v), "a list of section numbers")
SPOT = Value(lambda v: v is None or v in REWARDS, f"null or one of {REWARDS}")

#: Every field the rules read, as nested records (every field required), lists and values.
FIELDS = {
    "notice": TEXT,
    "name": TEXT,
    "board": {
        "sections": per_players(one_of((1, 2, 3))), "rows": whole(1), "barricade_slots": whole(1),
        "firing_spots": whole(1), "invasion_indicators": Value(
            lambda v: isinstance(v, dict) and all(SECTION_LIST.ok(x) for x in v.values()),
            "an object from player counts to lists of section numbers"),
        "wall_values": Many(whole(), 2), "wall_costs": Many(COST, 1), "barricade_cost": COST,
        "command_track_slots": per_players(whole(1)),
    },
    "time_track": {"start": per_players(whole()), "slots": Many({"horde": whole(), "lethality": whole()}, 2)},
    "clan": {"command_cards": whole(1), "clerks": whole(1), "starting_clerks": whole(), "soldiers": counts(SOLDIERS),
             "shame_per_player": whole(1)},
    "recruit_costs": {kind: COST for kind in SOLDIERS},
    "command_cards": Many({"id": CARD_ID, "clerks": whole(), "deploy": whole(), "tactic": FLAG, "advanced": FLAG}, 1),
    "locations": Many({"id": CARD_ID, "kind": one_of(LOCATION_KINDS), "clerk_slots": whole(1), "shame_icon": FLAG},
                      1),
    "generals": Many({"id": CARD_ID, "name": TEXT, "tea": whole(), "ability": one_of(ABILITIES), "base": whole(),
                      "per_support": whole(), "start": COST, "start_soldiers": counts(SOLDIERS),
                      "start_tactics": whole()}, 8),
    "advisors": Many({"id": CARD_ID, "name": TEXT, "ability": one_of(ABILITIES), "value": whole()}, 12),
    "tactics": Many({"id": CARD_ID, "effect": one_of(TACTIC_EFFECTS), "value": whole()}, 1),
    "artifacts": Many({"id": CARD_ID, "name": TEXT, "cost": COST, "honor": whole()}, 3),
    "horde": Many({"id": CARD_ID, "name": TEXT, "banner": one_of((0, 1, 2)), "spots": Many(SPOT, 1),
                   "power": whole(), "honor": whole()}, 1),
}

#: The extra fields of a Location, by kind.
LOCATION_FIELDS = {
    "production": {"resource": one_of(RESOURCES), "overseer_costs": Many(COST, 1)},
    "other": {"per_clerk": whole(1)},
}


def validate(raw):
    """Check a data document; raise :class:`LayoutError` naming the first fault."""
    _check(raw, FIELDS, "the document")
    need = _need
    need(next(iter(raw)) == "notice", "the first field must be 'notice', saying where the cards come from")
    for loc in raw["locations"]:
        extra = LOCATION_FIELDS["production" if loc["kind"] == "production" else "other"]
        _check(loc, extra, f"location {loc['id']!r}")
    ids = set()
    for kind in ("command_cards", "locations", "generals", "advisors", "tactics", "artifacts", "horde"):
        for i, card in enumerate(raw[kind]):
            need(card["id"] not in ids, f"{kind}[{i}]: id {card['id']!r} is used twice")
            ids.add(card["id"])
    b, clan, slots = raw["board"], raw["clan"], raw["time_track"]["slots"]
    need(b["wall_values"] == sorted(b["wall_values"]), "board.wall_values must increase, level 0 first")
    need(len(b["wall_costs"]) == len(b["wall_values"]) - 1, "board.wall_costs needs one cost per level above 0")
    for n in PLAYER_COUNTS:
        need(b["command_track_slots"][n] >= int(n), f"board.command_track_slots[{n!r}] must be at least {n}")
        start = raw["time_track"]["start"][n]
        need(start < len(slots) - 1, f"time_track.start[{n!r}] = {start} must be before the last slot")
    for n, where in b["invasion_indicators"].items():
        need(n in PLAYER_COUNTS and all(s < b["sections"][n] for s in where),
             f"board.invasion_indicators[{n!r}] names a section the {n}-player board does not have")
    need(len(raw["command_cards"]) == clan["command_cards"], "clan.command_cards must count command_cards")
    need(clan["starting_clerks"] <= clan["clerks"], "clan.starting_clerks cannot exceed clan.clerks")
    for g in raw["generals"]:
        need(all(g["start_soldiers"][k] <= clan["soldiers"][k] for k in SOLDIERS),
             f"general {g['id']!r}: start_soldiers exceed a clan's soldiers")
    first_cards = 3 + len(b["invasion_indicators"].get("4", []))
    need(len(raw["horde"]) >= first_cards, f"at least {first_cards} Horde cards are needed to set up")


def _need(cond, msg):
    if not cond:
        raise LayoutError(f"data set: {msg}")


def _check(value, spec, where):
    """Check ``value`` against ``spec`` (a record dict, :class:`Many` or :class:`Value`)."""
    if isinstance(spec, dict):
        _need(isinstance(value, dict), f"{where} must be an object with the fields {list(spec)}")
        for key, sub in spec.items():
            _need(key in value, f"{where} is missing {key!r}")
            _check(value[key], sub, key if where == "the document" else f"{where}.{key}")
    elif isinstance(spec, Many):
        _need(isinstance(value, list) and len(value) >= spec.least,
              f"{where} must be a list of at least {spec.least} item(s)")
        for i, item in enumerate(value):
            _check(item, spec.item, f"{where}[{i}]")
    else:
        _need(spec.ok(value), f"{where} must be {spec.what}, not {value!r}")
