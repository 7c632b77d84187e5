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
>>> cat.card("g4").name, cat.card("g4").effect
('River Warden', 'Tea 5. +1 Honor each time you build a wall level, +1 more per Supporting Advisor. Starts with \
2 wood, 1 stone, 2 gold, 3 Chi, 2 Spearmen, 1 Archer, 1 Horseman and 2 Tactic cards.')
>>> for card in ("levy", "t06", "h21"):
...     print(cat.card(card).described)
Levy: Place 3 Clerks
Merchant Loan (t06): gain 2 gold
Khan's Guard (h21): power 6; Vital spots: stone, gold, Honor, nothing; claiming it is worth 6 Honor
>>> load_catalog("no_such_set")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.LayoutError: no data set 'no_such_set': not a name in data/ (sample) nor a JSON file path
"""

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.errors import LayoutError, quote
from ..engine.log import counted
from .moves import ARCHER, CLERK, HORSEMAN, SPEARMAN
from .schema import RESOURCES, REWARDS, SOLDIERS, validate

__all__ = ["Catalog", "Card", "load_catalog", "CLANS", "RESOURCES", "SOLDIERS", "REWARDS", "A_SOLDIER",
                      "soldier_words", "resource_words", "Words", "card_names"]

#: A Soldier kind with its article, as the texts write it ("an archer").
A_SOLDIER = {"spearman": "a spearman", "archer": "an archer", "horseman": "a horseman"}

#: Soldier kinds in the plural, as the texts write them.
PLURAL = {"spearman": "Spearmen", "archer": "Archers", "horseman": "Horsemen"}


def soldier_words(kinds):
    """Soldiers as words: ``["spearman", "spearman", "archer"]`` reads ``2 Spearmen and 1 Archer``.

    >>> soldier_words(["spearman", "spearman", "archer"]), soldier_words(["horseman"]), soldier_words([])
    ('2 Spearmen and 1 Archer', '1 Horseman', 'no Soldier')
    """
    parts = [f"{n} {PLURAL[k] if n > 1 else k.capitalize()}" for k in SOLDIERS if (n := list(kinds).count(k))]
    return _and(parts) or "no Soldier"


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

    if TYPE_CHECKING:  # made from ``raw`` by __post_init__, not arguments (the dicts by card or Location ID)
        wall_values: tuple[int, ...] = field(init=False)
        max_wall: int = field(init=False)
        max_rows: int = field(init=False)
        time_slots: list[dict[str, Any]] = field(init=False)
        horde: dict[str, dict[str, Any]] = field(init=False)
        power: dict[str, int] = field(init=False)
        card_power: dict[str, tuple[str, int]] = field(init=False)
        generals: dict[str, dict[str, Any]] = field(init=False)
        advisors: dict[str, dict[str, Any]] = field(init=False)
        tactics: dict[str, dict[str, Any]] = field(init=False)
        artifacts: dict[str, dict[str, Any]] = field(init=False)
        locations: dict[str, dict[str, Any]] = field(init=False)
        place: dict[str, str] = field(init=False)
        commands: dict[str, dict[str, Any]] = field(init=False)
        command_steps: dict[str, tuple[int, int, bool, int]] = field(init=False)
        clerk_slots: dict[str, int] = field(init=False)
        clerk_table: tuple[tuple[str, int, Any], ...] = field(init=False)
        clerk_bit: dict[str, tuple[int, int]] = field(init=False)
        located: dict[int, tuple[str, ...]] = field(init=False)
        free_clerks: dict[int, tuple[Any, ...]] = field(init=False)
        deploy_at: tuple[tuple, tuple, tuple] = field(init=False)
        deploy_free: tuple[tuple, tuple, tuple] = field(init=False)
        ids: dict[str, tuple[str, ...]] = field(init=False)
        cards: dict[str, "Card"] = field(init=False)
        label: dict[str, str] = field(init=False)

    def __post_init__(self):
        raw = self.raw
        b = raw["board"]
        object.__setattr__(self, "wall_values", tuple(b["wall_values"]))
        # attributes, not properties: the rules read them at every step they concern
        object.__setattr__(self, "max_wall", len(self.wall_values) - 1)  # the highest wall level (0 = unbuilt)
        object.__setattr__(self, "max_rows", b["rows"])  # the Horde rows a Wall Section holds
        object.__setattr__(self, "time_slots", raw["time_track"]["slots"])
        object.__setattr__(self, "horde", {c["id"]: c for c in raw["horde"]})
        object.__setattr__(self, "power", {c["id"]: c["power"] for c in raw["horde"]})
        # each card's (ID, power), made once: every Assault's evidence lists its cards' (a pair each made anew, and
        # freed with the game, cost about 0.4 % of a solo playout)
        object.__setattr__(self, "card_power", {c["id"]: (c["id"], c["power"]) for c in raw["horde"]})
        object.__setattr__(self, "generals", {c["id"]: c for c in raw["generals"]})
        object.__setattr__(self, "advisors", {c["id"]: c for c in raw["advisors"]})
        object.__setattr__(self, "tactics", {c["id"]: c for c in raw["tactics"]})
        object.__setattr__(self, "artifacts", {c["id"]: c for c in raw["artifacts"]})
        object.__setattr__(self, "locations", {c["id"]: c for c in raw["locations"]})
        # a Location's name as the board and the texts show it; move texts write its ID (lumber_camp)
        object.__setattr__(self, "place", {c["id"]: c["id"].replace("_", " ").capitalize() for c in raw["locations"]})
        object.__setattr__(self, "commands", {c["id"]: c for c in raw["command_cards"]})
        # a Command card's steps, (Clerks, Soldiers to deploy, a Tactic or not, Advanced Activation 1 or 0): read
        # as the card resolves, in one look-up
        object.__setattr__(self, "command_steps", {c["id"]: (c["clerks"], c["deploy"], c["tactic"], int(c["advanced"]))
                                                   for c in raw["command_cards"]})
        # read at every Clerk decision and Activation step
        object.__setattr__(self, "clerk_slots", {c["id"]: c["clerk_slots"] for c in raw["locations"]})
        # (Location, its Clerk slots, the move placing a Clerk there) for each Location: a Clerk decision lists them
        # from it without a look-up by Location for its slots and its move
        object.__setattr__(self, "clerk_table", tuple((c["id"], c["clerk_slots"], CLERK[c["id"]])
                                                      for c in raw["locations"]))
        # a game keeps its Locations with Clerks and its full ones as masks of these bits (see fall.py): Location ->
        # (its bit, its Clerk slots); and a mask's Locations in the data set's order, and a mask of full Locations'
        # free Clerk moves, each made when a game first meets the mask (see located_in and clerk_moves)
        object.__setattr__(self, "clerk_bit", {c["id"]: (1 << i, c["clerk_slots"])
                                               for i, c in enumerate(raw["locations"])})
        object.__setattr__(self, "located", {})
        object.__setattr__(self, "free_clerks", {})
        # the deploy moves by section, row and spot, as tuples (SPEARMAN[s][i], HORSEMAN and ARCHER[s][r][i]): a
        # deploy decision names 5 to 30 of them, and indexing a tuple costs a fraction of a look-up in the interned
        # moves (a dict subclass, keyed by a tuple built for the look-up)
        sections, rows = range(max(b["sections"].values())), range(b["rows"])
        spots = range(max(len(c["spots"]) for c in raw["horde"]))
        spearman, horseman, archer = at = (
            tuple(tuple(SPEARMAN[s, i] for i in spots) for s in sections),
            tuple(tuple(tuple(HORSEMAN[s, r, i] for i in spots) for r in rows) for s in sections),
            tuple(tuple(tuple(ARCHER[s, r, i] for i in spots) for r in rows) for s in sections))
        object.__setattr__(self, "deploy_at", at)
        # and the moves onto a Horde card with no Soldier yet (most cards), by its number of spots n: the first n
        # Spearman and Archer moves of its row, the first n - 1 Horseman moves (a pair starts at each spot but the
        # last); indexed, not sliced from deploy_at (a slice cost some 550 machine instructions)
        ends = range(len(spots) + 1)
        object.__setattr__(self, "deploy_free", (
            tuple(tuple(moves[:n] for n in ends) for moves in spearman),
            tuple(tuple(tuple(moves[:max(n - 1, 0)] for n in ends) for moves in sec) for sec in horseman),
            tuple(tuple(tuple(moves[:n] for n in ends) for moves in sec) for sec in archer)))
        # the IDs of each kind of card in the data set's order: every new game deals its decks from them
        object.__setattr__(self, "ids", {key: tuple([c["id"] for c in raw[key]]) for key in
                                         ("horde", "generals", "advisors", "tactics", "artifacts", "command_cards")})
        # every card as the board and the texts show it, made once (the rules read names when they record events)
        cards = {}
        for kind, key in _KINDS:
            for c in raw[key]:
                cards[c["id"]] = Card(c["id"], kind, c.get("name") or c["id"].capitalize(), _effect(self, kind, c))
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "label", {i: str(c) for i, c in cards.items()})  # "River Warden (g4)"

    def card(self, card_id):
        """The :class:`Card` with this ID: its name and what it does.

        Raises
        ------
        LayoutError
            If the data set has no card ``card_id``.
        """
        try:
            return self.cards[card_id]
        except (KeyError, TypeError):
            raise LayoutError(f"data set {self.name!r} has no card {quote(card_id)}") from None

    def place_effect(self, location):
        """What a Location does for each Clerk there when it activates, in words (with its Shame icon)."""
        info = self.locations[location]
        n = info.get("per_clerk", 1)
        kind = info["kind"]
        if kind == "production":
            text = f"gather 1 {resource_words({info['resource']: 1})[2:]} per Clerk, +1 per Overseer you have there"
        else:
            text = {"recruit": f"recruit up to {counted(n, 'Soldier', 'Soldiers')} per Clerk, paying their cost",
                    "build": f"build up to {counted(n, 'wall level or Barricade', 'wall levels or Barricades')} "
                             "per Clerk",
                    "court": "per Clerk: the first Advisor of the track becomes yours (Active) and 1 more Clerk",
                    "bazaar": f"buy up to {counted(n, 'face-up Artifact', 'face-up Artifacts')} per Clerk",
                    "war_room": f"draw {counted(n, 'Tactic card', 'Tactic cards')} per Clerk"}[kind]
        if info["shame_icon"]:
            text += "; its Shame icon gives a Shame token to each player who takes the effect"
        return text

    def active_effect(self, advisor):
        """What an Advisor does while Active: ``+1 Honor each time you Donate``."""
        a = self.advisors[advisor]
        return ABILITIES[a["ability"]].format(n=a["value"])

    def located_in(self, mask):
        """The Locations of the bits of ``mask`` (see ``clerk_bit``), in the data set's order; read as
        ``cat.located.get(mask) or cat.located_in(mask)``.

        >>> cat = load_catalog()
        >>> cat.located_in(cat.clerk_bit["quarry"][0] | cat.clerk_bit["court"][0])
        ('quarry', 'court')
        """
        located = self.located[mask] = tuple([loc for loc, (bit, _) in self.clerk_bit.items() if mask & bit])
        return located

    def clerk_moves(self, full):
        """The moves placing a Clerk at a Location with a free Clerk slot (TGW-27), ``full`` the mask of the full
        Locations (see ``clerk_bit``), in the data set's order; read as ``cat.free_clerks.get(full) or
        cat.clerk_moves(full)``.

        >>> cat = load_catalog()
        >>> [str(m) for m in cat.clerk_moves(sum(bit for loc, (bit, _) in cat.clerk_bit.items() if loc != "court"))]
        ['clerk court']
        """
        moves = self.free_clerks[full] = tuple([move for loc, _, move in self.clerk_table
                                                if not full & self.clerk_bit[loc][0]])
        return moves

    def names(self, ids):
        """Cards by name and ID, joined when a sentence is read: ``River Warden (g4) and Silk Magistrate (g5)``."""
        return Words((_card_names_of, (self.cards, tuple(ids))))  # (the cards looked up when read as well)

    def sections(self, players):
        """How many Wall Sections the board side for ``players`` shows."""
        return self.raw["board"]["sections"][str(players)]

    def time_start(self, players):
        """The Time track slot where the Time token starts."""
        return self.raw["time_track"]["start"][str(players)]


@dataclass(frozen=True)
class Card:
    """One card of a data set as every text shows it: its ``name`` and its ``effect`` (what it does).

    The one source of the cards' words: the board, the private panel, the move tooltips, the log and a rulebook's
    card list read them here. The name is the data's ``name`` (a Command card or Tactic without one: its ID,
    capitalized); the effect is written from the numbers the rules read, so it cannot disagree with them.

    Attributes
    ----------
    id : str
        The card's ID, as move texts write it (``g4``, ``levy``, ``t06``, ``h21``).
    kind : str
        ``command``, ``general``, ``advisor``, ``tactic``, ``artifact`` or ``horde``.
    name : str
        ``River Warden``, ``Levy``, ``Merchant Loan``.
    effect : str
        What the card does, in a sentence.
    """

    id: str
    kind: str
    name: str
    effect: str

    def __str__(self):
        """The name with the ID move texts use (a Command card's ID is its name): ``River Warden (g4)``."""
        return self.name if self.name.lower() == self.id else f"{self.name} ({self.id})"

    @property
    def described(self):
        """The card with its effect: ``Merchant Loan (t06): gain 2 gold``."""
        return f"{self}: {self.effect}"


_KINDS = (("command", "command_cards"), ("general", "generals"), ("advisor", "advisors"), ("tactic", "tactics"),
          ("artifact", "artifacts"), ("horde", "horde"))

#: What an ability of strength ``n`` does, as the card texts say it.
ABILITIES = {
    "donate_honor": "+{n} Honor each time you Donate",
    "defeat_honor": "+{n} Honor each time you claim a Defeated Horde card",
    "gather_bonus": "+{n} Resource each time you gather at a Production Location",
    "wall_honor": "+{n} Honor each time you build a wall level",
    "upgrade_honor": "+{n} Honor each time you Upgrade (place an Overseer)",
    "summer_chi": "+{n} Chi every Summer",
}


def _and(parts):
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


class Words(tuple):
    """Words a sentence needs, made only when the sentence is read: ``Words((function, value))`` writes
    ``function(value)`` (a random playout records events it never reads; joining names at every event would cost it
    a few per cent). Two are equal when their function and value are.

    A pair, built by the tuple's own constructor in C: an ``__init__`` (or ``__new__``) of Python's own cost a
    Python call at about every decision.

    >>> f"lost {Words((soldier_words, ('spearman', 'archer')))}"
    'lost 1 Spearman and 1 Archer'
    >>> Words((len, "ab")) == Words((len, "ab")), Words((len, "ab")) == (len, "ab")
    (True, False)
    """

    __slots__ = ()

    @property
    def function(self):
        return self[0]

    @property
    def value(self):
        return self[1]

    def __format__(self, spec):
        return format(self[0](self[1]), spec)

    def __str__(self):
        return self[0](self[1])

    def __repr__(self):
        return repr(str(self))

    def __eq__(self, other):
        return isinstance(other, Words) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # (its value may be a list)


def card_names(cards):
    """Cards by name and ID, joined: ``River Warden (g4) and Silk Magistrate (g5)``; ``none`` for no card."""
    return _and([str(c) for c in cards]) or "none"


def _card_names_of(named):
    """:func:`card_names` of ``named`` = ``(the data set's Cards by ID, card IDs)``."""
    cards, ids = named
    return card_names([cards[i] for i in ids])


def resource_words(cost):
    """Resources as words: ``{"wood": 2, "chi": 1}`` reads ``2 wood, 1 Chi``; nothing reads ``nothing``.

    >>> resource_words({"wood": 2, "stone": 0, "chi": 1}), resource_words({})
    ('2 wood, 1 Chi', 'nothing')
    """
    return ", ".join(f"{n} {'Chi' if r == 'chi' else r}" for r, n in cost.items() if n) or "nothing"


def _effect(cat, kind, c):
    """A card's effect in words, from the fields the rules read."""
    if kind == "command":
        does = []
        if c["clerks"]:
            does.append(f"place {c['clerks']} Clerk{'s' if c['clerks'] > 1 else ''}")
        if c["deploy"]:
            does.append(f"deploy {c['deploy']} Soldier{'s' if c['deploy'] > 1 else ''}")
        if c["tactic"]:
            does.append("play a Tactic card")
        text = _and(does) if does else "Nothing in the Command step"
        if c["advanced"]:
            text += ("; then Advanced Activation: activate one Location where you have a Clerk although its slots "
                     "are not full, ignoring its Shame icon")
        return text[0].upper() + text[1:]
    if kind == "general":
        start = resource_words(c["start"])
        army = [f"{n} {PLURAL[k] if n > 1 else k.capitalize()}" for k, n in c["start_soldiers"].items() if n]
        tactics = f"{c['start_tactics']} Tactic card{'s' if c['start_tactics'] != 1 else ''}"
        return (f"Tea {c['tea']}. {ABILITIES[c['ability']].format(n=c['base'])}, +{c['per_support']} more per "
                f"Supporting Advisor. Starts with {_and([start, *army, tactics])}.")
    if kind == "advisor":
        return (f"{ABILITIES[c['ability']].format(n=c['value'])} while Active; face down under your General it "
                "raises the General's ability instead")
    if kind == "tactic":
        if c["effect"] == "barricade":
            return "put a Barricade on the section of lowest Defense with a free Barricade slot"
        return f"gain {c['value']} {c['effect'].capitalize() if c['effect'] in ('chi', 'honor') else c['effect']}"
    if kind == "artifact":
        return f"costs {resource_words(c['cost'])}; worth {c['honor']} Honor at the end"
    spots = ", ".join("nothing" if r is None else r.capitalize() if r in ("chi", "honor") else r for r in c["spots"])
    return f"power {c['power']}; Vital spots: {spots}; claiming it is worth {c['honor']} Honor"


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
