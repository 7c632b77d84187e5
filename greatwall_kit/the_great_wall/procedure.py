"""The rulebook's procedures as steps: Firing (TGW-21), a Defeat (TGW-34 to TGW-37), an Assault and its Breach
(TGW-22, TGW-38 to TGW-45), and each clan's final Honor (TGW-43, TGW-48).

Built on demand from the evidence of :mod:`.combat` and :mod:`.scoring` and from the game's log (where each Shame
token went, a clan ability's Honor, the card behind a Defeated one), never while a game is played. This module
attaches each steps function to its evidence type (:func:`~greatwall_kit.engine.steps.procedure`) and lists a
game's resolutions (:func:`resolutions`).

Board keys are the node ids of ``game.graph()``: ``section:<s>``, ``barricades:<s>``, ``firing:<s>:<i>``,
``card:<id>``, ``spot:<id>:<i>``, ``clan:<p>``, ``shame_pool``. A step that changes the position carries its
``change`` as data (see :mod:`.changes`): a Wound on a spot, a Soldier to the reserve, Honor gained, a Shame
token under a Soldier, a card leaving the wall; a step that only explains carries none. A step that changes a
clan's Honor has ``numbers["player"]`` and ``numbers["honor"]``; a step that takes Soldiers off
``numbers["saved"]`` and ``numbers["killed"]``.

Examples
--------
>>> from greatwall_kit.engine.steps import steps_of
>>> from greatwall_kit.the_great_wall.catalog import load_catalog
>>> from greatwall_kit.the_great_wall.combat import assess_breach
>>> rows = [{"card": "h01", "spots": ["S0", None]}]
>>> b = assess_breach(0, rows, load_catalog(), wall_level=0, barricades=0, archers=[1], lethality=1,
...                   barracks=[{"spearman": 0}, {"spearman": 2}], players=2)
>>> for step in steps_of(b):
...     print(step)
Offensive Power of section 0: Wolf Riders (h01) 4 = 4. [TGW-22]
Defense = wall tile 2 (level 0) + 2 x 0 Barricades = 2. [TGW-38]
4 > 2: BREACH. [TGW-22]
Tiger has no Soldier on breaching Wolf Riders (h01): 1 Shame token. [TGW-39]
Lethality 1 per breaching card, all at once. [TGW-40]
Crane loses a spearman on spot 0 of Wolf Riders (h01): 0 Saved to the Rest Zone, 1 Killed. [TGW-40]
Tiger loses a spearman from the Barracks: 0 Saved to the Rest Zone, 1 Killed. [TGW-40]
Every Archer in section 0's Firing spots is Killed (Tiger 1); the Rest Zone is safe. [TGW-41]
Section 0 has no Barricade to discard. [TGW-22]

A position after a step, from a game: the Breach of notebook 41, where Crane's Shame token goes on claimed card
h05 and both clans lose Soldiers.

>>> from greatwall_kit.the_great_wall import TheGreatWall
>>> game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 4,
...     "sections": [{"wall": 3, "barricades": 0, "horde": []},
...                  {"wall": 0, "barricades": 0, "horde": [{"card": "h02", "spots": ["S1", ".", "W"]}]},
...                  {"wall": 3, "barricades": 0, "horde": []}],
...     "clans": [{"chi": 0, "barracks": {"spearman": 2}, "trophies": ["h05"]}, {"chi": 0}]})
>>> game.play("shame h05")
Shame(target='h05')
>>> breach = game.resolutions()[1]
>>> shame = next(step for step in breach.steps if step.rule == "TGW-44")
>>> breach.before.clans[0]["trophies"], shame.after.clans[0]["trophies"], shame.after.shame_pool
([['h05', False]], [['h05', True]], 19)
>>> loss = breach.steps[-2]
>>> print(loss)
Tiger loses a spearman on spot 0 of Steppe Archers (h02): 0 Saved to the Rest Zone, 1 Killed. [TGW-40]
>>> dict(loss.touches), loss.after.sections[1]["rows"][0]["spots"], loss.after.clans[1]["reserve"]["spearman"]
({'spot:h02:0': 'changed', 'clan:1': 'changed'}, ['W', None, 'W'], 10)
"""

from ..engine.log import counted
from ..engine.steps import Resolved, Step, procedure
from .catalog import CLANS, Card, load_catalog
from .events import (
    ARCHERS_KILLED,
    BARRICADES_DISCARDED,
    BREACH,
    BREACH_LOSSES,
    CLAIM_BONUS,
    DEFEATED_CLAIMED,
    DEFEATED_LEAVES,
    DEFEATED_UNCLAIMED,
    FINAL_HONOR,
    FIRED,
    HOLDS,
    HONOR_LOST_AT_ONCE,
    NO_SOLDIER_SHAME,
    NOBODY_SHAMED,
    SAVED_BREACH,
    SAVED_NONE_BREACH,
    SHAME_ON_TROPHY,
    SHAME_PLACED,
    SHAME_UNDER_SOLDIER,
    WINTER,
)
from .evidence import SAVE_COST, Breach, ClaimedDefeat, ClanFinal, Defeat, FinalScore, Firing, ShamedBreach
from .horde import soldiers_on

__all__ = ["firing_steps", "defeat_steps", "breach_steps", "final_steps", "resolutions"]

_ASSAULTS = (HOLDS, BREACH)
_DEFEATED = (DEFEATED_UNCLAIMED, DEFEATED_CLAIMED)  # a Defeat's first event
# the kinds of event a Breach records after its Assault event (its Saves too)
_BREACH_KINDS = frozenset((NO_SOLDIER_SHAME, NOBODY_SHAMED, SAVED_BREACH, SAVED_NONE_BREACH, BREACH_LOSSES,
                           ARCHERS_KILLED, *SHAME_PLACED))


def resolutions(game):
    """Every Firing phase, Defeat and Assault resolved so far, and each clan's final Honor once the game is over,
    in history order (see :meth:`.game.TheGreatWall.resolutions`).

    Each starts at an event the rules record before they change anything of it and ends at the event recorded once
    it is all done: a Defeat at its card leaving the wall, an Assault at its last loss, Archer or Barricade.
    """
    log, out, i = game.log, [], 0
    combats = [(ev, False) for ev in game.results] + [(ev, True) for ev in _pending_combat(game)]
    for ev, pending in combats:
        if isinstance(ev, Defeat):
            while not (log[i].kind in _DEFEATED and log[i].data["card"] == ev.card):
                i += 1
            ev, end = _as_played_defeat(ev, log, i, pending)
            title = f"Defeat of {ev.card_name} ({ev.card})"
        else:
            while not (log[i].kind in _ASSAULTS and log[i].data["section"] == ev.section):
                i += 1
            ev, end = _as_played_breach(ev, log, i, pending, game.cat)
            title = f"Assault on section {ev.section}: {'BREACH' if ev.breached else 'the wall holds'}"
        # the rules record a Defeat or an Assault before they change anything
        out.append(Resolved(title + (" (Saves to decide)" if pending else ""), i, log[i].decision, ev, i,
                            game=game, end=end))
        i += 1
    shots, winter = [], 0
    for j, event in enumerate(log):
        kind = event.kind
        if kind is FIRED:
            shots.append(j)
        elif kind is WINTER:
            winter = j  # Winter begins: the position before the first shot
        elif shots and kind in _ASSAULTS:  # the Assault ends the Firing
            out.append(_firing(game, shots, j, winter))
            shots = []
    if shots:  # the Firing phase (or the Defeat check after it) is still going on
        out.append(_firing(game, shots, len(log), winter))
    if game.final is not None:
        for j, event in enumerate(log):
            if event.kind is FINAL_HONOR:
                p = event.data["player"]
                # the event before is the game's end (TGW-47) or the previous clan's final Honor
                out.append(Resolved(f"Final Honor of {CLANS[p]}", j, event.decision,
                                    ClanFinal._make((*game.final[p], p)), j - 1, game=game))  # type: ignore[misc]  # fields made at run time
    return sorted(out, key=lambda r: r.event)


def _pending_combat(game):
    """A Defeat or an Assault announced but not finished (Shame to place, Saves to decide): ``[]`` or one."""
    if game.combat is not None:
        return [game.combat]
    done = sum(1 for ev in game.results if not isinstance(ev, Defeat))
    assaults = [e.data["section"] for e in game.log if e.kind in _ASSAULTS]
    # a Shame token under a Soldier of the Barracks sets the Breach aside until its victims are read again
    return [game._assess(assaults[-1])] if len(assaults) > done else []


def _firing(game, shots, end, winter):
    """The Firing phase of these shots (log indices), with the cards Defeated before log index ``end``."""
    log, last = game.log, shots[-1]
    cat = game.cat
    firing = Firing(tuple((log[k].data["player"], log[k].data["section"], _Card.of(log[k].data["card"], cat),
                           log[k].data["spot"]) for k in shots),
                    tuple(_Card.of(e.data["card"], cat) for e in log[last + 1:end] if e.kind in _DEFEATED))
    return Resolved("Firing phase", last, log[last].decision, firing, winter, game=game)


def _as_played_defeat(d, log, i, pending):
    """``d`` with what its log says (ability Honor, the cards behind), and the log index where it ends."""
    bonus = []
    for k in range(i + 1, len(log)):
        event = log[k]
        if event.kind is CLAIM_BONUS:
            bonus.append((event.data["player"], event.data["honor"]))
        elif event.kind is DEFEATED_LEAVES and event.data["card"] == d.card:
            data = event.data
            return ClaimedDefeat._make((*d, tuple(bonus), tuple(data["behind"]), data["power"], pending)), k  # type: ignore[misc]  # fields made at run time
    return ClaimedDefeat._make((*d, tuple(bonus), None, None, True)), len(log) - 1  # type: ignore[misc]  # fields made at run time


def _as_played_breach(b, log, i, pending, cat):
    """``b`` with where its Shame tokens went and its cards named by ``cat``, and the log index of its last event
    (``i`` if it has none)."""
    b = b._replace(card_powers=tuple((_Card.of(c, cat), pw) for c, pw in b.card_powers),
                   shamed=tuple((p, _Card.of(c, cat)) for p, c in b.shamed))
    placed, end = [], i
    for k in range(i + 1, len(log)):
        event = log[k]
        kind = event.kind
        if kind is BARRICADES_DISCARDED:
            if event.data["section"] != b.section:
                break  # (a discard of this section's Barricades is this Assault's last event)
        elif kind not in _BREACH_KINDS:
            break  # the next Assault, or anything after the Breach
        elif kind in SHAME_PLACED:
            data = dict(event.data)
            if "card" in data:
                data["card"] = _Card.of(data["card"], cat)
            placed.append((kind, event.data["player"], event.sentence, data))
        end = k
    return ShamedBreach._make((*b, tuple(placed), pending)), (len(log) - 1 if pending else end)  # type: ignore[misc]  # fields made at run time


# -- the steps ------------------------------------------------------------------------------------------------------

def _firing_summary(f):
    shots = ", ".join(f"spot {spot} of {_name(card)}" for _, _, card, spot in f.shots) or "no spot"
    return {"the Archers wound {}": shots, "{} Defeated": " and ".join(map(_name, f.defeated)) or "no card"}


@procedure(Firing, summary=_firing_summary)
def firing_steps(f):
    """The steps of a :class:`~.combat.Firing`: each shot (a Wound marker appears), then each card it Defeated."""
    steps = [Step("Firing phase: the Archers in the Firing spots shoot, leftmost section first.", "TGW-21",
                  {"shots": len(f.shots)}),
             Step("Soldiers in the Rest Zone do not shoot.", "TGW-42", {})]
    steps += [Step(f"{CLANS[p]}'s Archer in section {s} fires: a Wound on spot {spot} of {_name(card)}.",
                   "TGW-21", {"player": p, "section": s}, {f"spot:{card}:{spot}": "added", f"section:{s}": "focus"},
                   {"spots": [[card, spot, "W"]]})
              for p, s, card, spot in f.shots]
    if f.defeated:
        steps += [Step(f"{_name(card)} has every Vital spot covered: it is Defeated.", "TGW-34", {},
                       {f"card:{card}": "focus"}) for card in f.defeated]
    else:
        steps.append(Step("No Horde card has every Vital spot covered: nothing is Defeated.", "TGW-34", {}))
    return tuple(steps)


def _defeat_summary(d):
    honor = [f"{CLANS[p]} {a + b}"
             for p, (a, b) in enumerate(zip(d.soldier_honor, d.archer_honor, strict=True)) if a + b]
    killed = [f"{CLANS[p]} {len(k)}" for p, k in enumerate(d.killed) if k]
    return {"{} claims the card": "nobody" if d.claimant is None else CLANS[d.claimant],
            "Honor gained: {}": ", ".join(honor) or "none", "Soldiers Killed: {}": ", ".join(killed) or "none"}


@procedure(Defeat, summary=_defeat_summary)
def defeat_steps(d):
    """The steps of a :class:`~.combat.Defeat`: cover, claim, Honor, Lethality victims and Saves, survivors back to
    the Barracks, the card leaving the wall (to its claimant's trophies or the discard pile)."""
    card = {f"card:{d.card}": "focus"}
    players = len(d.covers)
    pending = getattr(d, "pending", False)
    covered = ", ".join(f"{CLANS[p]} {c}" for p, c in enumerate(d.covers))
    steps = [
        Step(f"{d.card_name} ({d.card}) in section {d.section}, row {d.row}: every Vital spot is covered, so it "
             "is Defeated.", "TGW-34", {"spots": len(d.spots), "wounds": d.wounds}, card),
        Step(f"Spots covered by Soldiers: {covered}; Wound markers, which count as covered: {d.wounds}.", "TGW-33",
             {"covers": d.covers, "wounds": d.wounds}, card),
    ]
    if d.claimant is None:
        why = (f"{' and '.join(CLANS[p] for p in d.tied)} tie, and on a tie nobody claims it" if d.tied
               else "no Soldier covers a spot")
        steps.append(Step(f"{why[0].upper()}{why[1:]}: the card will be discarded.", "TGW-34", {"claimant": None},
                          card))
    elif len(d.tied) > 1:
        steps.append(Step(f"{' and '.join(CLANS[p] for p in d.tied)} tie with {max(d.covers)}; Tea order decides: "
                          f"{CLANS[d.claimant]} claims the card.", "TGW-34", {"claimant": d.claimant}, card))
    else:
        steps.append(Step(f"{CLANS[d.claimant]} covers most spots ({max(d.covers)}) and claims the card.", "TGW-34",
                          {"claimant": d.claimant}, card))
    for p, honor in getattr(d, "bonus", ()):
        steps.append(_honor(f"{CLANS[p]}'s ability adds {honor} Honor for the claim.", "TGW-34", p, honor))
    for p in range(players):
        if d.soldier_honor[p]:
            steps.append(_honor(f"{CLANS[p]} has a Soldier on the card: +{d.soldier_honor[p]} Honor.", "TGW-35", p,
                                d.soldier_honor[p], card))
        if d.archer_honor[p]:
            archers = counted(d.archers[p], "Archer", "Archers")
            steps.append(_honor(f"{CLANS[p]} has {archers} in section {d.section}'s Firing spots: "
                                f"+{d.archer_honor[p]} Honor.", "TGW-36", p, d.archer_honor[p],
                                {f"section:{d.section}": "focus"}))
    steps.append(Step(f"Lethality {d.lethality}: each player loses up to "
                      f"{counted(d.lethality, 'Soldier', 'Soldiers')} from the card.",
                      "TGW-37", {"lethality": d.lethality}, card))
    later = []  # what has not happened while the Saves are still to decide
    for p, victims in enumerate(d.victims):
        if victims:
            lost = ", ".join(f"{_a(kind)} (spot {spot})" for kind, spot in victims)
            saved, killed = victims[:d.saved[p]], d.killed[p]
            later.append(Step(
                f"{CLANS[p]} loses {lost}: {d.saved[p]} Saved to the Rest Zone for {SAVE_COST * d.saved[p]} Chi, "
                f"{len(killed)} Killed.", "TGW-37", {"player": p, "saved": d.saved[p], "killed": len(killed)},
                {**_spots_of(d.card, victims, "changed"), f"clan:{p}": "changed"},
                {"spots": _vacated(d.card, victims),
                 "clans": {p: _moved(saved, "rest", chi=-SAVE_COST * len(saved)) | _moved(killed, "reserve")}}))
    for p in range(players):
        survivors = [v for v in soldiers_on(list(d.spots), p) if v not in d.victims[p]]
        if survivors:
            back = ", ".join(f"{_a(kind)} (spot {spot})" for kind, spot in survivors)
            later.append(Step(f"{CLANS[p]}'s surviving {back} {'goes' if len(survivors) == 1 else 'go'} back to the "
                              "Barracks.", "TGW-37", {"player": p, "survivors": len(survivors)},
                              {**_spots_of(d.card, survivors, "changed"), f"clan:{p}": "changed"},
                              {"spots": _vacated(d.card, survivors), "clans": {p: _moved(survivors, "barracks")}}))
    later.append(_leaving(d))
    return tuple(steps) + tuple(_not_yet(step) for step in later) if pending else tuple(steps + later)


def _leaving(d):
    """The Defeated card leaves the wall: to its claimant's trophies or the discard pile; the cards behind move up."""
    behind = getattr(d, "behind", None) or ()
    moved = "" if not behind else "; the card behind it moves up a row" if len(behind) == 1 else \
        f"; the {len(behind)} cards behind it move up a row"
    to = "the discard pile" if d.claimant is None else f"{CLANS[d.claimant]}'s trophies"
    touches = {f"card:{d.card}": "removed" if d.claimant is None else "added",
               **{f"spot:{d.card}:{i}": "removed" for i in range(len(d.spots))},
               **{f"card:{c}": "changed" for c in behind}}
    if getattr(d, "power", None) != 0:  # the section's Offensive Power drops (unknown: a card of power 0 is rare)
        touches[f"section:{d.section}"] = "changed"
    if d.claimant is not None:
        touches[f"clan:{d.claimant}"] = "changed"  # its count of trophies
    return Step(f"{d.card_name} ({d.card}) leaves section {d.section} for {to}{moved}.", "TGW-34",
                {"claimant": d.claimant, "behind": len(behind)}, touches,
                {"leave": {"card": d.card, "section": d.section, "to": d.claimant}})


def _breach_summary(b):
    placed = getattr(b, "placements", None)
    if placed:  # where each token went
        where = {SHAME_UNDER_SOLDIER: lambda d: f"under {_a(d['kind'])}",
                 SHAME_ON_TROPHY: lambda d: f"on {_name(d['card'])}",
                 HONOR_LOST_AT_ONCE: lambda d: "as 5 Honor at once"}
        shame = ", ".join(f"{CLANS[p]} {where[kind](data)}" for kind, p, _, data in placed)
    else:
        shame = " and ".join(CLANS[p] for p, _ in b.shamed) or "nobody"
    killed = [f"{CLANS[p]} {len(k) + a}"
              for p, (k, a) in enumerate(zip(b.killed, b.archers_killed, strict=True)) if k or a]
    return {"the wall {}": f"is Breached ({b.power} against {b.defense})" if b.breached
            else f"holds ({b.power} against {b.defense})",
            "Shame tokens: {}": shame, "Soldiers Killed: {}": ", ".join(killed) or "none"}


@procedure(Breach, summary=_breach_summary)
def breach_steps(b):
    """The steps of a :class:`~.combat.Breach`: Offensive Power, Defense, the comparison, Shame and where each token
    went, the victims (Wound markers take their places on the cards), the Archers, the Barricades discarded."""
    section = {f"section:{b.section}": "focus"}
    cards = {f"card:{c}": "focus" for c, _ in b.card_powers}
    parts = " + ".join(f"{_name(c)} {pw}" for c, pw in b.card_powers) or "no Horde card"
    steps = [
        Step(f"Offensive Power of section {b.section}: {parts} = {b.power}.", "TGW-22", {"power": b.power},
             {**section, **cards}),
        Step(f"Defense = wall tile {b.wall_value} (level {b.wall_level}) + 2 x {b.barricades} "
             f"Barricade{'' if b.barricades == 1 else 's'} = {b.defense}.", "TGW-38",
             {"wall_value": b.wall_value, "barricades": b.barricades, "defense": b.defense},
             {**section, f"barricades:{b.section}": "focus"}),
    ]
    compared = {"power": b.power, "defense": b.defense}
    later = []  # what has not happened while the Saves are still to decide
    if not b.breached:
        steps.append(Step(f"{b.power} <= {b.defense}: the wall holds.", "TGW-22", compared, section))
    else:
        steps.append(Step(f"{b.power} > {b.defense}: BREACH.", "TGW-22", compared, section))
        steps += [Step(f"{CLANS[p]} has no Soldier on breaching {_name(card)}: 1 Shame token.", "TGW-39",
                       {"player": p, "shame": 1}, {f"card:{card}": "focus", f"clan:{p}": "focus"})
                  for p, card in b.shamed]
        steps += _shame_steps(b)
        steps.append(Step(f"Lethality {b.lethality} per breaching card, all at once.", "TGW-40",
                          {"lethality": b.lethality}, cards))
        for p, victims in enumerate(b.victims):
            if victims:
                later.append(_breach_losses(b, p, victims))
        dead = sum(b.archers_killed)
        if dead:
            who = ", ".join(f"{CLANS[p]} {n}" for p, n in enumerate(b.archers_killed) if n)
            later.append(Step(f"Every Archer in section {b.section}'s Firing spots is Killed ({who}); the Rest Zone "
                              "is safe.", "TGW-41", {"archers": b.archers_killed},
                              {**{f"firing:{b.section}:{i}": "changed" for i in range(dead)},
                               **{f"clan:{p}": "changed" for p, n in enumerate(b.archers_killed) if n}},
                              {"archers": b.section,
                               "clans": {p: {"reserve": {"archer": n}} for p, n in enumerate(b.archers_killed) if n}}))
    if b.barricades:
        later.append(Step(f"After its Assault section {b.section}'s {b.barricades} Barricade"
                          f"{' is' if b.barricades == 1 else 's are'} discarded.", "TGW-22", {"barricades": 0},
                          {f"barricades:{b.section}": "changed", f"section:{b.section}": "changed"},
                          {"barricades": b.section}))
    else:
        later.append(Step(f"Section {b.section} has no Barricade to discard.", "TGW-22", {"barricades": 0}, section))
    if getattr(b, "pending", False):
        later = [_not_yet(step) for step in later]
    return tuple(steps + later)


def _breach_losses(b, p, victims):
    """Player ``p``'s Lethality victims of a Breach: Saved to the Rest Zone or Killed to the reserve; a Wound marker
    takes the place of each one taken from a card."""
    where = ", ".join(f"{_a(k)} on spot {s} of {_name(b.card_powers[r][0])}" if r >= 0 else f"{_a(k)} from the Barracks"
                      for k, r, s in victims)
    barracks: dict[str, int]
    touched, spots, barracks = {}, [], {}
    for kind, r, s in victims:
        if r < 0:
            barracks[kind] = barracks.get(kind, 0) - 1
            continue
        card = b.card_powers[r][0]
        for i in (s, s + 1) if kind == "horseman" else (s,):
            touched[f"spot:{card}:{i}"] = "changed"  # a Wound marker takes the Soldier's place
            spots.append([card, i, "W"])
    saved, killed = victims[:b.saved[p]], b.killed[p]
    clan = _moved(saved, "rest", chi=-SAVE_COST * len(saved)) | _moved(killed, "reserve")
    if barracks:
        clan["barracks"] = barracks
    return Step(f"{CLANS[p]} loses {where}: {b.saved[p]} Saved to the Rest Zone, {len(killed)} Killed.", "TGW-40",
                {"player": p, "saved": b.saved[p], "killed": len(killed)}, {**touched, f"clan:{p}": "changed"},
                {"spots": spots, "clans": {p: clan}})


def _shame_steps(b):
    """Where each Shame token of the Breach went (TGW-43 to TGW-45); the tokens come at once, in Tea order.

    Only a Breach read back from a game's log (a :class:`ShamedBreach`) knows where they went."""
    placed = getattr(b, "placements", None)
    if placed is None:
        return []
    out = []
    for kind, p, sentence, data in placed:
        if kind is SHAME_UNDER_SOLDIER:  # under a Soldier from the reserve or the Barracks: that Soldier is disabled
            numbers = {"player": p, "disabled": data.get("kind"), "honor_at_end": -5}
            touches = {f"clan:{p}": "changed", "shame_pool": "changed"}
            change = {"clans": {p: {data["where"]: {data["kind"]: -1}, "disabled": [data["kind"]]}}, "shame_pool": -1}
        elif kind is SHAME_ON_TROPHY:  # on the slot of a claimed Horde card
            numbers = {"player": p, "card": data.get("card"), "honor_at_end": 0}
            touches = {f"card:{data['card']}": "changed", "shame_pool": "changed"}
            change = {"trophy_shamed": [p, data["card"]], "shame_pool": -1}
        else:  # 5 Honor at once (never below 0): the pool is empty, or the token leaves the game
            numbers = {"player": p, "honor_now": data.get("honor")}
            lost, gone = data["honor"] - data["before"], data["gone"]
            touches = {f"clan:{p}": "changed"} if lost else {f"clan:{p}": "focus"}
            change = {"clans": {p: {"honor": lost}}} if lost else {}
            if not lost:  # (the log's sentence says it loses 5 "to 0")
                sentence = f"{data['why']}: {CLANS[p]} has no Honor left to lose (Honor never goes below 0)."
            if gone:
                touches["shame_pool"] = "changed"
                change["shame_pool"], change["shame_out"] = -1, 1  # the token leaves the game
        out.append(Step(sentence, kind.rule, numbers, touches, change))
    left = len(b.shamed) - len(placed)
    if left > 0:
        out.append(Step(f"{left} Shame token{' is' if left == 1 else 's are'} still to be placed.", "TGW-43",
                        {"to_place": left}))
    return out


def _final_summary(f):
    return {"final Honor {}": f.total}


@procedure(FinalScore, summary=_final_summary)
def final_steps(f):
    """The steps of a :class:`~.scoring.FinalScore`: Shame, then the claimed Horde cards and the Artifacts; the
    last step shows the clan's final Honor (a :class:`ClanFinal` knows which clan).

    >>> from greatwall_kit.engine.steps import steps_of
    >>> from greatwall_kit.the_great_wall.scoring import final_score
    >>> for step in steps_of(final_score(7, 2, [4, 3], [2])):
    ...     print(step)
    Honor at the end of the game: 7. [TGW-48]
    2 Shame tokens under Soldiers cost 5 Honor each: 7 - 10 = -3, never below 0: 0. [TGW-43]
    Claimed Horde cards without a Shame token: +7 Honor. [TGW-48]
    Artifact bonuses: +2 Honor. [TGW-48]
    Final Honor: 0 + 7 + 2 = 9. [TGW-48]
    """
    p = getattr(f, "player", None)
    clan = {} if p is None else {f"clan:{p}": "focus"}
    tokens = "1 Shame token" if f.shame == 1 else f"{f.shame} Shame tokens"
    raw = f.honor - f.shame_penalty
    shame = (f"{tokens} under Soldiers cost 5 Honor each: {f.honor} - {f.shame_penalty} = {raw}"
             + (f", never below 0: {f.after_shame}." if raw < 0 else "."))
    scored = {} if p is None else {"final": {"player": p, "score": list(f[:len(FinalScore._fields)])}}
    return (
        Step(f"Honor at the end of the game: {f.honor}.", "TGW-48", {"honor_at_end": f.honor}, clan),
        Step(shame if f.shame else "No Shame token lies under a Soldier: no Honor is lost.", "TGW-43",
             {"shame": f.shame, "penalty": f.shame_penalty, "after_shame": f.after_shame}, clan),
        Step(f"Claimed Horde cards without a Shame token: +{f.horde} Honor.", "TGW-48", {"horde": f.horde}, clan),
        Step(f"Artifact bonuses: +{f.artifacts} Honor.", "TGW-48", {"artifacts": f.artifacts}, clan),
        Step(f"Final Honor: {f.after_shame} + {f.horde} + {f.artifacts} = {f.total}.", "TGW-48", {"total": f.total},
             {} if p is None else {f"clan:{p}": "changed"}, scored),
    )


# -- helpers ----------------------------------------------------------------------------------------------------------

class _Card(str):
    """A Horde card's ID that knows its Card in the game's data set: keys, equality and the JSON of a change are
    the ID's; the texts write :func:`_name` of it, as the log does (``Wolf Riders (h01)``)."""

    card: Card

    @classmethod
    def of(cls, card_id, cat):
        """The ID ``card_id`` with its Card in the data set ``cat``."""
        out = cls(card_id)
        out.card = cat.card(card_id)
        return out


def _name(card):
    """A Horde card as the log writes it: ``Wolf Riders (h01)``. Evidence built outside a game (by :mod:`.combat` from a
    data set of one's own) carries bare IDs: they are named from the sample data set, or left as they are."""
    named = getattr(card, "card", None) or load_catalog().cards.get(card)
    return str(named) if named is not None else card


def _honor(sentence, rule, p, honor, touches=None):
    """A step where clan ``p`` gains ``honor``."""
    return Step(sentence, rule, {"player": p, "honor": honor}, {**(touches or {}), f"clan:{p}": "changed"},
                {"clans": {p: {"honor": honor}}})


def _spots_of(card, soldiers, mark):
    """``{spot key: mark}`` of the spots ``soldiers`` (``(kind, first spot)``) stand on: a Horseman covers two."""
    return {f"spot:{card}:{i}": mark for kind, s in soldiers for i in ((s, s + 1) if kind == "horseman" else (s,))}


def _vacated(card, soldiers):
    return [[card, int(key.rsplit(":", 1)[1]), None] for key in _spots_of(card, soldiers, None)]


def _moved(soldiers, where, chi=0):
    """A clan's change: these Soldiers (``(kind, ...)``) arrive in ``where``; ``chi`` paid."""
    counts: dict[str, int] = {}
    for kind, *_ in soldiers:
        counts[kind] = counts.get(kind, 0) + 1
    out = {where: counts} if counts else {}
    if chi:
        out["chi"] = chi
    return out


def _not_yet(step):
    """``step`` of a resolution whose Saves are still to decide: it only explains (the rules have not done it)."""
    return Step(step.sentence + " (Saves still to decide.)", step.rule, step.numbers,
                {key: "focus" for key in step.touches})


def _a(kind):
    return ("an " if kind[0] in "aeiou" else "a ") + kind
