"""Positions of *The Great Wall*: the set-up document and the snapshot (the whole truth of a position).

A position document describes a moment at the start of a Season, for teaching::

    {"players": 2,
     "season": "winter",            # "spring", "fall" or "winter": where play starts
     "year": 2, "time": 3,          # the Year and the Time track slot (Lethality comes from it)
     "shame_pool": 20,              # default: 10 per player, minus Shame under Soldiers
     "tea": [1, 0],                 # Tea order, first player first (default: seat order)
     "sections": [                  # left to right
       {"wall": 1, "barricades": 2, "archers": [0],         # owners of Archers in the Firing spots
        "horde": [{"card": "h05", "spots": ["S0", "H1", "H1"]}]}, {}, {}],   # first row first
     "clans": [{"general": "g1", "honor": 4, "chi": 4, "wood": 1, "stone": 0, "gold": 2,
                "barracks": {"spearman": 2}, "rest": {}, "shame": 0,
                "trophies": ["h09"], "artifacts": [], "hand": ["attack", "muster"], "discard": [],
                "tactics": ["t01"], "active": ["a02"]}, {}],
     "locations": {"quarry": {"clerks": [0], "overseers": [1]}},   # Clerks and Overseers placed
     "warehouse": {"stone": 1},
     "track": [[[0, "levy"], null]]}   # Command track rows (one per Fall round): [player, card] or null;
                                       # empty in a Fall position (Summer clears the track, TGW-16)

A Vital spot is ``"."`` (open), ``"W"`` (a Wound marker), ``"S<p>"`` (a Spearman of player
``p``) or ``"H<p>"`` (a Horseman of player ``p``, always on two neighbouring spots).
Soldiers not named anywhere wait in the reserve.

Examples
--------
>>> from greatwall_kit.the_great_wall import TheGreatWall
>>> g = TheGreatWall.from_position({
...     "players": 2, "season": "winter", "time": 3,
...     "sections": [{"wall": 1, "barricades": 0, "horde": [{"card": "h02", "spots": ["S0", ".", "."]}]},
...                  {"wall": 0, "barricades": 3, "horde": []},
...                  {"wall": 0, "barricades": 3, "horde": []}],
...     "clans": [{"chi": 2}, {"chi": 0}]})
>>> g.defense(0), g.lethality, g.to_act, [str(m) for m in g.legal_moves()]
(4, 1, 0, ['save 0', 'save 1'])
>>> for line in g.combat.lines(g.player_names): print(line)
Assault on section 0: Offensive Power = Steppe Archers (h02) 6 = 6
  Defense = wall tile 4 (level 1) + 2 x 0 Barricades = 4
  6 > 4: BREACH
  Tiger has no Soldier on h02: 1 Shame token
  Lethality 1 per breaching card, all at once
  Crane: victims spearman on h02; saves 0 (pays 0 Chi), killed 1 Spearman

A position that breaks a rule is refused, naming the rule:

>>> TheGreatWall.from_position({"players": 2, "sections": [
...     {"horde": [{"card": "h01"}, {"card": "h02", "spots": ["S0", ".", "."]}]}, {}, {}]})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.PositionError: h02 is in row 1: Spearmen only attack the first row [TGW-30]
"""

from ..engine.errors import PositionError
from .catalog import SOLDIERS
from .horde import soldiers_on
from .sites import Site

__all__ = ["setup_position", "snapshot"]

SEASON_JOBS = ("spring", "fall", "winter")


def setup_position(game, doc):
    """Fill ``game`` (fresh from ``_init_state``) from a position document; refuse impossible ones. Returns the
    jobs of the agenda from there."""
    cat, n = game.cat, game.players
    known = {"players", "options", "season", "year", "time", "shame_pool", "tea", "sections", "clans", "locations",
             "warehouse", "track"}
    extra = sorted(set(doc) - known)
    if extra:
        raise PositionError(f"unknown keys in the position: {extra}; known: {sorted(known)}")
    season = doc.get("season", "winter")
    if season not in SEASON_JOBS:
        raise PositionError(f"season must be one of {SEASON_JOBS}, not {season!r}", rule="TGW-02")
    game.year = doc.get("year", 2)
    game.time = doc.get("time", game.time)
    if not (isinstance(game.year, int) and game.year >= 1):
        raise PositionError(f"year must be 1 or more, not {game.year!r}", rule="TGW-02")
    if game.year == 1 and season == "spring":
        raise PositionError("the first Year has no Spring", rule="TGW-02")
    if not (isinstance(game.time, int) and 0 <= game.time < len(cat.time_slots)):
        raise PositionError(f"time must be a Time track slot 0 to {len(cat.time_slots) - 1}", rule="TGW-11")
    if season == "spring" and game.time >= len(cat.time_slots) - 1:
        raise PositionError("the Time token cannot advance past the last slot", rule="TGW-11")
    tea = doc.get("tea", list(range(n)))
    if sorted(tea) != list(range(n)):
        raise PositionError(f"tea must order the players 0 to {n - 1}, not {tea!r}", rule="TGW-10")
    game.tea = list(tea)
    sections = doc.get("sections")
    if not isinstance(sections, list) or len(sections) != len(game.sections):
        raise PositionError(f"a {n}-player board has {len(game.sections)} Wall Sections; give one entry each",
                            rule="TGW-47")
    clans = doc.get("clans", [{} for _ in range(n)])
    if len(clans) != n:
        raise PositionError(f"give one clan entry per player ({n})")
    used = set()
    on_board = [{k: 0 for k in SOLDIERS} for _ in range(n)]
    board = cat.raw["board"]
    for s, (sec, entry) in enumerate(zip(game.sections, sections, strict=False)):
        sec["wall"] = entry.get("wall", 0)
        sec["barricades"] = entry.get("barricades", board["barricade_slots"])
        if not 0 <= sec["wall"] <= cat.max_wall:
            raise PositionError(f"section {s}: wall level {sec['wall']} is not 0 to {cat.max_wall}", rule="TGW-38")
        if not 0 <= sec["barricades"] <= board["barricade_slots"]:
            raise PositionError(f"section {s}: {sec['barricades']} Barricades, but only {board['barricade_slots']} "
                                f"slots", rule="TGW-06")
        sec["archers"] = list(entry.get("archers", []))
        if len(sec["archers"]) > board["firing_spots"] or any(a not in range(n) for a in sec["archers"]):
            raise PositionError(f"section {s}: archers {sec['archers']} do not fit {board['firing_spots']} "
                                f"Firing spots of players 0 to {n - 1}", rule="TGW-32")
        for a in sec["archers"]:
            on_board[a]["archer"] += 1
        horde = entry.get("horde", [])
        if len(horde) > board["rows"]:
            raise PositionError(f"section {s} holds at most {board['rows']} Horde cards", rule="TGW-46")
        sec["rows"] = []
        for r, c in enumerate(horde):
            card = c.get("card")
            if card not in cat.horde or card in used:
                raise PositionError(f"section {s}, row {r}: {card!r} is not an unused Horde card of the data set")
            used.add(card)
            spots = [None if x == "." else x for x in c.get("spots", ["."] * len(cat.horde[card]["spots"]))]
            if len(spots) != len(cat.horde[card]["spots"]):
                raise PositionError(f"{card} has {len(cat.horde[card]['spots'])} Vital spots, not {len(spots)}",
                                    rule="TGW-34")
            for i, x in enumerate(spots):
                if x is not None and x != "W" and not (len(x) == 2 and x[0] in "SH" and "0" <= x[1] <= "9"
                                                       and int(x[1]) < n):
                    raise PositionError(f"{card} spot {i}: {x!r} is not '.', 'W', 'S<player>' or 'H<player>'")
                if x is not None and x[0] == "S" and r > 0:
                    raise PositionError(f"{card} is in row {r}: Spearmen only attack the first row", rule="TGW-30")
            for p in range(n):
                mine = soldiers_on(spots, p)
                if sum(2 for k, _ in mine if k == "horseman") != spots.count(f"H{p}") or any(
                        spots[i + 1] != f"H{p}" for k, i in mine if k == "horseman"):
                    raise PositionError(f"{card}: a Horseman covers two neighbouring spots", rule="TGW-31")
                for k, _ in mine:
                    on_board[p][k] += 1
            sec["rows"].append({"card": card, "spots": spots})
    total_shame = 0
    for p, (clan, entry) in enumerate(zip(game.clans, clans, strict=False)):
        for res in ("honor", "wood", "stone", "gold", "chi"):
            clan[res] = entry.get(res, 0)
            if clan[res] < 0:
                # Honor never drops below 0 (TGW-43); a Resource is a pile of tokens, never below none
                raise PositionError(f"clan {p}: {res} is {clan[res]}; it cannot be below 0",
                                    rule="TGW-43" if res == "honor" else None)
        g = entry.get("general")
        if g is not None and g not in cat.generals:
            raise PositionError(f"clan {p}: unknown General {g!r}", rule="TGW-07")
        clan["general"] = g
        clan["discard"] = list(entry.get("discard", []))
        # no hand given: every Command card not named in the discard (nor, below, on the track)
        clan["hand"] = list(entry["hand"]) if "hand" in entry else [c for c in clan["hand"] if c not in clan["discard"]]
        for card in clan["hand"] + clan["discard"]:
            if card not in cat.commands:
                raise PositionError(f"clan {p}: {card!r} is not a Command card", rule="TGW-04")
        clan["tactics"] = list(entry.get("tactics", []))
        clan["active"] = list(entry.get("active", []))
        if any(t not in cat.tactics for t in clan["tactics"]) or any(a not in cat.advisors for a in clan["active"]):
            raise PositionError(f"clan {p}: unknown Tactic card or Advisor in {clan['tactics'] + clan['active']}",
                                rule="TGW-07")
        for where in ("barracks", "rest"):
            clan[where] = {k: entry.get(where, {}).get(k, 0) for k in SOLDIERS}
            for k, count in clan[where].items():
                if count < 0:
                    raise PositionError(f"clan {p} has {count} {k}s in the {where}; a clan's Soldiers are counted "
                                        "from 0", rule="TGW-04")
        shame = entry.get("shame", 0)
        if shame < 0:
            raise PositionError(f"clan {p} has {shame} Shame tokens; a player holds tokens taken from the pool, "
                                "0 or more", rule="TGW-03")
        total_shame += shame
        clan["disabled"] = ["spearman"] * shame
        for k in SOLDIERS:
            left = (cat.raw["clan"]["soldiers"][k] - clan["barracks"][k] - clan["rest"][k] - on_board[p][k]
                    - clan["disabled"].count(k))
            if left < 0:
                raise PositionError(f"clan {p} has more {k}s than the {cat.raw['clan']['soldiers'][k]} of a clan",
                                    rule="TGW-04")
            clan["reserve"][k] = left
        for card in entry.get("trophies", []):
            if card not in cat.horde or card in used:
                raise PositionError(f"clan {p}: trophy {card!r} is not an unused Horde card")
            used.add(card)
            clan["trophies"].append([card, False])
        clan["artifacts"] = list(entry.get("artifacts", []))
        if any(a not in cat.artifacts for a in clan["artifacts"]):
            raise PositionError(f"clan {p}: unknown Artifact in {clan['artifacts']}")
    for loc, entry in doc.get("locations", {}).items():
        if loc not in cat.locations:
            raise PositionError(f"unknown Location {loc!r}; Locations: {sorted(cat.locations)}")
        clerks, over = list(entry.get("clerks", [])), list(entry.get("overseers", []))
        if len(clerks) > cat.locations[loc]["clerk_slots"] or any(p not in range(n) for p in clerks + over):
            raise PositionError(f"{loc}: clerks {clerks} do not fit its {cat.locations[loc]['clerk_slots']} slots",
                                rule="TGW-27")
        if over and (cat.locations[loc]["kind"] != "production"
                     or len(over) > len(cat.locations[loc]["overseer_costs"])):
            raise PositionError(f"{loc}: Overseers stand only on the slots of a Production Location", rule="TGW-24")
        game.locations[loc] = Site(tuple(clerks), tuple(over))
        for p in clerks:
            game.clans[p]["clerks"] -= 1
        for p in over:
            game.clans[p]["reserve"]["spearman"] -= 1
            if game.clans[p]["reserve"]["spearman"] < 0:
                raise PositionError(f"clan {p} has more Spearmen than a clan's 10", rule="TGW-04")
    game._recount_locations()  # (the masks of the Locations with Clerks, kept by the Fall's steps)
    game._spots_written = True  # (the loaded cards may hold a Defeat: see WinterSteps._job_defeat_check)
    for p, clan in enumerate(game.clans):
        if clan["clerks"] < 0:
            raise PositionError(f"clan {p} has only {cat.raw['clan']['starting_clerks']} Clerks", rule="TGW-09")
    for res, v in doc.get("warehouse", {}).items():
        if res not in game.warehouse or not isinstance(v, int) or v < 0:
            raise PositionError(f"the Warehouse holds wood, stone and gold, not {res!r}: {v!r}", rule="TGW-26")
        game.warehouse[res] = v
    track = doc.get("track", [])
    if season == "fall" and any(entry is not None for row in track for entry in row):
        # Summer clears the track (TGW-16): a Fall starts with every slot free for the cards to come
        raise PositionError("a Fall position starts before any Command card is played: the Command track must be "
                            "empty", rule="TGW-16")
    for r, row in enumerate(track):
        for i, entry in enumerate(row):
            if entry is not None:
                if (r >= len(game.track) or i >= len(game.track[r]) or entry[1] not in cat.commands
                        or entry[0] not in range(n)):
                    raise PositionError(f"track row {r} slot {i}: {entry!r} is not [player 0 to {n - 1}, Command "
                                        "card] on a slot of the Command track", rule="TGW-19")
                game.track[r][i] = [entry[0], entry[1]]
                if entry[1] in game.clans[entry[0]]["hand"]:
                    game.clans[entry[0]]["hand"].remove(entry[1])
    for p, clan in enumerate(game.clans):
        held = clan["hand"] + clan["discard"] + [e[1] for row in game.track for e in row if e is not None and e[0] == p]
        twice = sorted({card for card in held if held.count(card) > 1})
        if twice:
            raise PositionError(f"clan {p}: Command card(s) {twice} given more than once in hand, discard and on the "
                                "Command track; a clan has one of each", rule="TGW-04")
    most = cat.raw["clan"]["shame_per_player"] * n - total_shame
    game.shame_pool = doc.get("shame_pool", most)
    if not 0 <= game.shame_pool <= most:
        raise PositionError(f"the Shame pool can hold 0 to {most} tokens here, not {game.shame_pool}", rule="TGW-03")
    game.shame_out = most - game.shame_pool
    game.revealed = True
    rng = game.rng
    game.horde_deck = [c for c in cat.horde if c not in used]
    rng.shuffle(game.horde_deck)
    held = {x for c in game.clans for x in c["tactics"] + c["active"]}
    game.advisor_deck = [a for a in game.advisor_deck if a not in held]
    game.tactic_deck = [t for t in game.tactic_deck if t not in held]
    rng.shuffle(game.advisor_deck)
    rng.shuffle(game.tactic_deck)
    owned = {a for c in game.clans for a in c["artifacts"]}
    game.artifacts = [a for a in game.artifacts if a not in owned][:3]
    game._refill_advisors()
    game.season = season
    rounds = [("fall_round", r) for r in range(game.options.fall_rounds)]
    tail = [("winter",), ("end_check",)]
    if season == "spring":
        return [("spring",), ("summer",), *rounds, *tail]
    if season == "fall":
        return [*rounds, *tail]
    return tail


def snapshot(game):
    """The whole truth of the position, JSON-able."""
    combat = None
    if game.combat is not None:
        combat = {"type": type(game.combat).__name__, **plain(game.combat._asdict())}
    return {
        "year": game.year, "season": game.season, "time": game.time, "round": game.round,
        "shame_pool": game.shame_pool, "shame_out": game.shame_out, "tea": list(game.tea),
        "sections": plain(game.sections), "locations": sites(game), "warehouse": dict(game.warehouse),
        "track": plain(game.track), "clans": plain(game.clans), "revealed": game.revealed,
        "horde_deck": list(game.horde_deck), "horde_discard": list(game.horde_discard),
        "advisor_deck": list(game.advisor_deck), "advisor_track": list(game.advisor_track),
        "advisor_discard": list(game.advisor_discard), "tactic_deck": list(game.tactic_deck),
        "tactic_discard": list(game.tactic_discard), "artifacts": list(game.artifacts),
        "jobs": plain(saved_jobs(game)),
        "prompt": _prompt(game.asked), "combat": combat,
        "final": None if game.final is None else [f.total for f in game.final],
    }


def saved_jobs(game):
    """The agenda as the snapshot writes it: each step still to come as its own job, as the rules pushed them before
    they ran the steps whose turn is known at once (a save's fingerprint is made of the snapshot, so a save written
    then loads at the same position).

    The rules now leave off the agenda what the state says comes next: the other clans' set-up choices, the other
    clans' Command cards and their placing in a Fall round, the Defeat check after a card's Activation step, and the
    Assaults of the sections after the one under way. Read at a decision (a save is made between decisions)."""
    jobs: list[tuple] = []
    for job in game.agenda:
        if job[0] == "activation":
            jobs.append(("defeat_check",))
        elif job[0] == "assault":  # the sections' Assaults from job[1] on, the last one deepest
            jobs += [("assault", s) for s in range(len(game.sections) - 1, job[1], -1)]
        elif job[0] in ("breach_kills", "breach_finish"):  # the sections after the one being breached
            s = job[1] if job[0] == "breach_kills" else game.combat.section
            jobs += [("assault", t) for t in range(len(game.sections) - 1, s, -1)]
        jobs.append(job)
    if game.answered is None and game.prompt is not None:
        kind, actor, _ = game.prompt
        clans = game.clans
        if kind in ("general", "advisor"):
            later: list[tuple] = [("choose_general", p) for p in range(game.players - 1, actor, -1)]
            jobs += [("year",), ("reveal_generals",), *later]
        elif kind == "command":
            later = [("choose_command", p) for p in range(len(clans) - 1, actor, -1) if clans[p]["hand"]]
            jobs += [("reveal",), *later]
        elif kind == "slot":
            after = game.tea[game.tea.index(actor) + 1:]
            later = [("place_card", p) for p in reversed(after) if clans[p]["chosen"] is not None]
            jobs += [("resolve_track",), *later]
    return jobs


def _prompt(prompt):
    """The decision asked for, as saved: ``[kind, player, context]``, a decision with no context as ``{}``; none
    part-way through a decision (the one being played out has been answered)."""
    return None if prompt is None else [prompt[0], prompt[1], plain(prompt[2] or {})]


def sites(game):
    return {loc: site.plain() for loc, site in game.locations.items()}


def plain(x):
    """A JSON-able deep copy (tuples become lists)."""
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x

