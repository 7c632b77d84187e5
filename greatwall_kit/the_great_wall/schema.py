"""The shape of a card data set, declared in ``schemas/data.schema.json``, and :func:`validate`.

A class that types in real cards makes mistakes; the game must refuse the file at once with
a message naming the field ("horde[3].power must be a whole number from 0 to 1000, not 'six'"),
not fail with a ``KeyError`` in the middle of a Winter. The JSON Schema lists every field the
rules read (a teacher's editor can check a file against it as it is typed); :func:`validate`
checks it, then the facts that tie fields together, which a schema cannot say.

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
greatwall_kit.engine.errors.LayoutError: data set: horde[2].power must be a whole number from 0 to 1000, not 'six'
"""

from ..engine.errors import LayoutError
from ..engine.schemas import check

__all__ = ["validate", "RESOURCES", "SOLDIERS", "REWARDS"]

RESOURCES = ("wood", "stone", "gold", "chi")
SOLDIERS = ("spearman", "archer", "horseman")
REWARDS = RESOURCES + ("honor",)
PLAYER_COUNTS = ("1", "2", "3", "4")


def validate(raw, *, schema=True):
    """Check a data document; raise :class:`LayoutError` naming the first fault.

    ``schema=False`` skips the JSON Schema check (the kit's own data sets: shipped files are checked against it by the
    tests, and building the validator costs seconds).
    """
    if not isinstance(raw, dict):
        raise LayoutError(f"data set: a data set is a JSON object, not {type(raw).__name__}")
    if schema:
        check(raw, (__package__, "data"), LayoutError, "data set")
    need = _need
    need(next(iter(raw)) == "notice", "the first field must be 'notice', saying where the cards come from")
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
