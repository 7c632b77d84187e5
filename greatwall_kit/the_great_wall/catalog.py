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

from ..engine.errors import LayoutError, quote
from .schema import REWARDS, RESOURCES, SOLDIERS, validate

__all__ = ["Catalog", "load_catalog", "CLANS", "RESOURCES", "SOLDIERS", "REWARDS", "A_SOLDIER"]

#: A Soldier kind with its article, as the texts write it ("an archer").
A_SOLDIER = {"spearman": "a spearman", "archer": "an archer", "horseman": "a horseman"}

#: The clans, in seat order.
CLANS = ("Crane", "Tiger", "Dragon", "Phoenix")

DATA = Path(__file__).parent / "data"
_CACHE: dict[object, "Catalog"] = {}  # by name, or by (resolved path, modification time)


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
        # attributes, not properties: the rules read them at every step they concern
        object.__setattr__(self, "max_wall", len(self.wall_values) - 1)  # the highest wall level (0 = unbuilt)
        object.__setattr__(self, "time_slots", raw["time_track"]["slots"])
        object.__setattr__(self, "horde", {c["id"]: c for c in raw["horde"]})
        object.__setattr__(self, "power", {c["id"]: c["power"] for c in raw["horde"]})  # read at every Assault
        object.__setattr__(self, "generals", {c["id"]: c for c in raw["generals"]})
        object.__setattr__(self, "advisors", {c["id"]: c for c in raw["advisors"]})
        object.__setattr__(self, "tactics", {c["id"]: c for c in raw["tactics"]})
        object.__setattr__(self, "artifacts", {c["id"]: c for c in raw["artifacts"]})
        object.__setattr__(self, "locations", {c["id"]: c for c in raw["locations"]})
        # a Location's name as the board and the texts show it; move texts write its ID (lumber_camp)
        object.__setattr__(self, "place", {c["id"]: c["id"].replace("_", " ").capitalize() for c in raw["locations"]})
        object.__setattr__(self, "commands", {c["id"]: c for c in raw["command_cards"]})
        # read at every Clerk decision and Activation step
        object.__setattr__(self, "clerk_slots", {c["id"]: c["clerk_slots"] for c in raw["locations"]})

    def sections(self, players):
        """How many Wall Sections the board side for ``players`` shows."""
        return self.raw["board"]["sections"][str(players)]

    def time_start(self, players):
        """The Time track slot where the Time token starts."""
        return self.raw["time_track"]["start"][str(players)]


def load_catalog(data="sample"):
    """Load and validate a data set: a name in ``data/``, a JSON file path, or the document itself.

    A bare word is only ever looked up among the data sets shipped with the kit; a file of
    one's own is named by a path with a folder or a ``.json`` ending.

    Raises
    ------
    LayoutError
        If the file is missing, not JSON, or breaks the expected shape (the message says where).
    """
    if isinstance(data, dict):
        validate(data)
        return Catalog(data["notice"], data["name"], data)
    if not isinstance(data, str):
        raise LayoutError(f"a data set is a name, a JSON file path or a data document, not {quote(data)}")
    if data in _CACHE:  # a bundled set, by name
        return _CACHE[data]
    named = data.isidentifier()
    path = DATA / f"{data}.json" if named else Path(data)
    try:
        found = path.is_file()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL character
        found = False
    if not found:
        names = ", ".join(sorted(p.stem for p in DATA.glob("*.json")))
        raise LayoutError(f"no data set {data!r}: not a name in data/ ({names}) nor a JSON file path")
    key = (str(path.resolve()), path.stat().st_mtime_ns)  # an edited file is read again
    if key in _CACHE:
        return _CACHE[key]
    try:
        raw = json.loads(path.read_text())
    except (OSError, ValueError, RecursionError) as exc:
        raise LayoutError(f"data set {str(path)!r} is not readable JSON: {exc!r}") from None
    validate(raw, schema=not named)
    cat = _CACHE[key] = Catalog(raw["notice"], raw["name"], raw)
    if named:
        _CACHE[data] = cat
    return cat
