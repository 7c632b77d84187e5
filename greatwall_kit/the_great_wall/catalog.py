"""The card and board data of *The Great Wall*, loaded from JSON and validated.

The published cards are not available to the kit, so it ships ``data/sample.json``:
a data set **invented by the kit** (its first field says so) that exercises every rule
of the reference sheet. A class can enter real cards in a file of the same shape and
play with ``new_game(..., data="path/to/cards.json")``.

Examples
--------
>>> cat = load_catalog("sample")
>>> cat.notice.startswith("SAMPLE DATA INVENTED BY greatwall_kit")
True
>>> cat.sections(3), cat.sections(4), cat.wall_values
(2, 3, (2, 4, 6, 8))
>>> load_catalog("no_such_set")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.LayoutError: no data set 'no_such_set': not a name in data/ (sample) nor a JSON file path
"""

import json
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import LayoutError

__all__ = ["Catalog", "load_catalog", "RESOURCES", "SOLDIERS", "REWARDS"]

DATA = Path(__file__).parent / "data"
RESOURCES = ("wood", "stone", "gold", "chi")
SOLDIERS = ("spearman", "archer", "horseman")
REWARDS = RESOURCES + ("honor",)
LOCATION_KINDS = ("production", "recruit", "build", "court", "bazaar", "war_room")
ABILITIES = ("donate_honor", "defeat_honor", "gather_bonus", "wall_honor", "upgrade_honor", "summer_chi")
TACTIC_EFFECTS = ("chi", "gold", "honor", "barricade")
_CACHE = {}


@dataclass(frozen=True)
class Catalog:
    """A validated data set: the board, the tracks and every card, by ID."""

    notice: str
    name: str
    raw: dict

    def __post_init__(self):
        raw = self.raw
        b = raw["board"]
        object.__setattr__(self, "wall_values", tuple(b["wall_values"]))
        object.__setattr__(self, "horde", {c["id"]: c for c in raw["horde"]})
        object.__setattr__(self, "generals", {c["id"]: c for c in raw["generals"]})
        object.__setattr__(self, "advisors", {c["id"]: c for c in raw["advisors"]})
        object.__setattr__(self, "tactics", {c["id"]: c for c in raw["tactics"]})
        object.__setattr__(self, "artifacts", {c["id"]: c for c in raw["artifacts"]})
        object.__setattr__(self, "locations", {c["id"]: c for c in raw["locations"]})
        object.__setattr__(self, "commands", {c["id"]: c for c in raw["command_cards"]})

    @property
    def max_wall(self):
        """The highest wall level (walls start at level 0)."""
        return len(self.wall_values) - 1

    def sections(self, players):
        """How many Wall Sections the board side for ``players`` shows."""
        return self.raw["board"]["sections"][str(players)]

    def time_start(self, players):
        """The Time track slot where the Time token starts."""
        return self.raw["time_track"]["start"][str(players)]

    @property
    def time_slots(self):
        return self.raw["time_track"]["slots"]


def load_catalog(data="sample"):
    """Load and validate a data set by name (a file in ``data/``) or by JSON file path.

    Raises
    ------
    LayoutError
        If the file is missing, not JSON, or breaks the expected shape (the message says where).
    """
    if data in _CACHE:  # a bundled set, by name
        return _CACHE[data]
    path = DATA / f"{data}.json"
    named = isinstance(data, str) and data.isidentifier() and path.exists()
    if not named:
        path = Path(data)
        if not path.is_file():
            names = ", ".join(sorted(p.stem for p in DATA.glob("*.json")))
            raise LayoutError(f"no data set {data!r}: not a name in data/ ({names}) nor a JSON file path")
    key = (str(path.resolve()), path.stat().st_mtime_ns)  # an edited file is read again
    if key in _CACHE:
        return _CACHE[key]
    try:
        raw = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise LayoutError(f"data set {str(path)!r} is not readable JSON: {exc}") from None
    validate(raw)
    cat = _CACHE[key] = Catalog(raw["notice"], raw["name"], raw)
    if named:
        _CACHE[data] = cat
    return cat


def validate(raw):
    """Check a data document's shape; raise :class:`LayoutError` naming the first fault.

    >>> validate({"notice": "x"})
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.LayoutError: data set: missing key 'name'
    """
    def need(cond, msg):
        if not cond:
            raise LayoutError(f"data set: {msg}")

    need(isinstance(raw, dict), "the document must be a JSON object")
    keys = ("notice", "name", "board", "time_track", "clan", "recruit_costs", "command_cards", "locations",
            "generals", "advisors", "tactics", "artifacts", "horde")
    for key in keys:
        need(key in raw, f"missing key {key!r}")
    need(next(iter(raw)) == "notice" and isinstance(raw["notice"], str) and raw["notice"],
         "the first field must be 'notice', saying where the cards come from")
    b = raw["board"]
    for n in "1234":
        need(b["sections"].get(n) in (1, 2, 3), f"board.sections[{n!r}] must be 1 to 3")
        need(isinstance(b["command_track_slots"].get(n), int) and b["command_track_slots"][n] >= int(n),
             f"board.command_track_slots[{n!r}] must be at least {n}")
        need(isinstance(raw["time_track"]["start"].get(n), int), f"time_track.start[{n!r}] must be a slot")
    need(isinstance(b["rows"], int) and b["rows"] >= 1, "board.rows must be a positive whole number")
    need(b["barricade_slots"] >= 1 and b["firing_spots"] >= 1, "barricade and firing spots must be positive")
    need(len(b["wall_values"]) >= 2 and b["wall_values"] == sorted(b["wall_values"]),
         "board.wall_values must list at least 2 increasing values, level 0 first")
    need(len(b["wall_costs"]) == len(b["wall_values"]) - 1, "board.wall_costs needs one cost per level above 0")
    for cost in b["wall_costs"] + [b["barricade_cost"]] + list(raw["recruit_costs"].values()):
        _cost(cost, need)
    slots = raw["time_track"]["slots"]
    need(len(slots) >= 2, "time_track.slots needs at least 2 slots")
    for i, s in enumerate(slots):
        need(isinstance(s.get("horde"), int) and isinstance(s.get("lethality"), int) and s["lethality"] >= 0,
             f"time_track.slots[{i}] needs whole numbers 'horde' and 'lethality'")
    for n, start in raw["time_track"]["start"].items():
        need(0 <= start < len(slots) - 1, f"time_track.start[{n!r}] = {start} must be before the last slot")
    need(set(raw["recruit_costs"]) == set(SOLDIERS), f"recruit_costs must price {SOLDIERS}")
    need(len(raw["command_cards"]) == raw["clan"]["command_cards"], "clan.command_cards must count command_cards")
    ids = set()
    for kind in ("command_cards", "locations", "generals", "advisors", "tactics", "artifacts", "horde"):
        for i, card in enumerate(raw[kind]):
            cid = card.get("id")
            need(isinstance(cid, str) and cid.isidentifier(), f"{kind}[{i}] needs a one-word 'id'")
            need(cid not in ids, f"{kind}[{i}]: id {cid!r} is used twice")
            ids.add(cid)
    for loc in raw["locations"]:
        need(loc.get("kind") in LOCATION_KINDS, f"location {loc['id']!r}: kind must be one of {LOCATION_KINDS}")
        need(isinstance(loc.get("clerk_slots"), int) and loc["clerk_slots"] >= 1,
             f"location {loc['id']!r}: clerk_slots must be positive")
        if loc["kind"] == "production":
            need(loc.get("resource") in RESOURCES, f"location {loc['id']!r}: resource must be one of {RESOURCES}")
            for cost in loc["overseer_costs"]:
                _cost(cost, need)
    need(len(raw["generals"]) >= 8 and len(raw["advisors"]) >= 12,
         "at least 8 Generals and 12 Advisors are needed for 4 players")
    for card in raw["generals"] + raw["advisors"]:
        need(card.get("ability") in ABILITIES, f"{card['id']!r}: ability must be one of {ABILITIES}")
    for card in raw["tactics"]:
        need(card.get("effect") in TACTIC_EFFECTS, f"tactic {card['id']!r}: effect must be one of {TACTIC_EFFECTS}")
    need(len(raw["artifacts"]) >= 3, "at least 3 Artifacts are needed")
    for card in raw["horde"]:
        spots = card.get("spots")
        need(isinstance(spots, list) and spots, f"horde {card['id']!r} needs a list of Vital spots")
        need(all(s is None or s in REWARDS for s in spots), f"horde {card['id']!r}: spot rewards must be {REWARDS}")
        need(card.get("banner") in (0, 1, 2), f"horde {card['id']!r}: banner must be 0, 1 or 2 (its section)")
        need(isinstance(card.get("power"), int) and isinstance(card.get("honor"), int),
             f"horde {card['id']!r} needs whole numbers 'power' and 'honor'")


def _cost(cost, need):
    need(isinstance(cost, dict) and all(k in RESOURCES and isinstance(v, int) and v >= 0 for k, v in cost.items()),
         f"a cost must map resources {RESOURCES} to whole numbers, not {cost!r}")
