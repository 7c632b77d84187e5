"""The rulebook's procedures as steps: Firing (TGW-21), a Defeat (TGW-34 to TGW-37), an Assault and its Breach
(TGW-22, TGW-38 to TGW-41).

Built on demand from the evidence of :mod:`.combat`, never while a game is played. Board keys are the node
ids of ``game.graph()``: ``section:<s>``, ``firing:<s>:<i>``, ``card:<id>``, ``spot:<id>:<i>``. A step that
changes a clan's Honor carries ``numbers["player"]`` and ``numbers["honor"]``; a step that takes Soldiers off
carries ``numbers["saved"]`` and ``numbers["killed"]``.

Examples
--------
>>> from greatwall_kit.the_great_wall.catalog import load_catalog
>>> from greatwall_kit.the_great_wall.combat import assess_breach
>>> rows = [{"card": "h01", "spots": ["S0", None]}]
>>> b = assess_breach(0, rows, load_catalog(), wall_level=0, barricades=0, archers=[1], lethality=1,
...                   barracks=[{"spearman": 0}, {"spearman": 2}], players=2)
>>> for step in b.steps:
...     print(step)
Offensive Power of section 0: h01 4 = 4. [TGW-22]
Defense = wall tile 2 (level 0) + 2 x 0 Barricades = 2. [TGW-38]
4 > 2: BREACH. [TGW-22]
Tiger has no Soldier on breaching h01: 1 Shame token. [TGW-39]
Lethality 1 per breaching card, all at once. [TGW-40]
Crane loses a spearman on h01 (spot 0): 0 Saved to the Rest Zone, 1 Killed. [TGW-40]
Tiger loses a spearman from the Barracks: 0 Saved to the Rest Zone, 1 Killed. [TGW-40]
Every Archer in section 0's Firing spots is Killed (Tiger 1); the Rest Zone is safe. [TGW-41]
After the Assault the section's Barricades are discarded. [TGW-22]
"""

from collections import namedtuple

from ..engine.steps import Step
from .catalog import CLANS
from .combat import Breach

__all__ = ["firing_steps", "defeat_steps", "breach_steps", "final_steps", "ShamedBreach", "with_shame"]

_PLACED = ("TGW-43", "TGW-44", "TGW-45")


class ShamedBreach(namedtuple("_ShamedBreach", (*Breach._fields, "placements")), Breach):
    """A :class:`~.combat.Breach` with where each of its Shame tokens went, read back from the log.

    ``placements`` lists ``(rule, player, sentence, data)`` of the events that placed them: under a Soldier
    (TGW-43), on the slot of a claimed Horde card (TGW-44), or lost as 5 Honor at once (TGW-45).
    """

    __slots__ = ()

    @property
    def steps(self):
        """The Breach as the rulebook's steps, with the Shame placed (built when asked for)."""
        return breach_steps(self)


def with_shame(b, log, i):
    """``b`` with the Shame placements that follow its Assault's event ``log[i]`` (up to the next Assault)."""
    placed = []
    for event in log[i + 1:]:
        if event.rule == "TGW-22":
            break
        if event.rule in _PLACED and "player" in event.data:
            placed.append((event.rule, event.data["player"], event.sentence, dict(event.data)))
    return ShamedBreach._make((*b, tuple(placed)))


def firing_steps(f):
    """The steps of a :class:`~.combat.Firing`: each shot, then each card it Defeated."""
    steps = [Step("Firing phase: the Archers shoot, leftmost section first; Soldiers in the Rest Zone do not "
                  "shoot.", "TGW-21", {"shots": len(f.shots)})]
    steps += [Step(f"{CLANS[p]}'s Archer in section {s} fires: a Wound on spot {spot} of {card}.", "TGW-21",
                   {"player": p, "section": s}, {f"spot:{card}:{spot}": "added", f"section:{s}": "focus"})
              for p, s, card, spot in f.shots]
    if f.defeated:
        steps += [Step(f"{card} has every Vital spot covered: it is Defeated.", "TGW-34", {},
                       {f"card:{card}": "focus"}) for card in f.defeated]
    else:
        steps.append(Step("No Horde card has every Vital spot covered: nothing is Defeated.", "TGW-34", {}))
    return tuple(steps)


def defeat_steps(d):
    """The steps of a :class:`~.combat.Defeat`: cover, claim, Honor, Lethality victims."""
    card = {f"card:{d.card}": "focus"}
    players = len(d.covers)
    covered = ", ".join(f"{CLANS[p]} {c}" for p, c in enumerate(d.covers))
    steps = [
        Step(f"{d.card_name} ({d.card}) in section {d.section}, row {d.row}: every Vital spot is covered, so it "
             "is Defeated.", "TGW-34", {"spots": len(d.spots), "wounds": d.wounds}, card),
        Step(f"Spots covered by Soldiers: {covered}; Wound markers: {d.wounds}.", "TGW-34",
             {"covers": d.covers, "wounds": d.wounds}, card),
    ]
    gone = {f"card:{d.card}": "removed"}
    if d.claimant is None:
        why = (f"{' and '.join(CLANS[p] for p in d.tied)} tie, and on a tie nobody claims it" if d.tied
               else "no Soldier covers a spot")
        steps.append(Step(f"{why[0].upper()}{why[1:]}: the card is discarded.", "TGW-34", {"claimant": None}, gone))
    elif len(d.tied) > 1:
        steps.append(Step(f"{' and '.join(CLANS[p] for p in d.tied)} tie with {max(d.covers)}; Tea order decides: "
                          f"{CLANS[d.claimant]} claims the card.", "TGW-34", {"claimant": d.claimant}, gone))
    else:
        steps.append(Step(f"{CLANS[d.claimant]} covers most spots ({max(d.covers)}) and claims the card.", "TGW-34",
                          {"claimant": d.claimant}, gone))
    for p in range(players):
        if d.soldier_honor[p]:
            steps.append(Step(f"{CLANS[p]} has a Soldier on the card: +{d.soldier_honor[p]} Honor.", "TGW-35",
                              {"player": p, "honor": d.soldier_honor[p]}, card))
        if d.archer_honor[p]:
            steps.append(Step(f"{CLANS[p]} has {d.archers[p]} Archer(s) in section {d.section}'s Firing spots: "
                              f"+{d.archer_honor[p]} Honor.", "TGW-36", {"player": p, "honor": d.archer_honor[p]},
                              {f"section:{d.section}": "focus"}))
    steps.append(Step(f"Lethality {d.lethality}: each player loses up to {d.lethality} Soldier(s) from the card.",
                      "TGW-37", {"lethality": d.lethality}, card))
    for p, victims in enumerate(d.victims):
        if victims:
            lost = ", ".join(f"{_a(kind)} (spot {spot})" for kind, spot in victims)
            steps.append(Step(f"{CLANS[p]} loses {lost}: {d.saved[p]} Saved to the Rest Zone for "
                              f"{2 * d.saved[p]} Chi, {len(d.killed[p])} Killed.", "TGW-37",
                              {"player": p, "saved": d.saved[p], "killed": len(d.killed[p])},
                              {f"spot:{d.card}:{spot}": "removed" for _, spot in victims}))
    return tuple(steps)


def breach_steps(b):
    """The steps of a :class:`~.combat.Breach`: Offensive Power, Defense, the comparison, Shame, victims."""
    section = {f"section:{b.section}": "focus"}
    cards = {f"card:{c}": "focus" for c, _ in b.card_powers}
    parts = " + ".join(f"{c} {pw}" for c, pw in b.card_powers) or "no Horde card"
    steps = [
        Step(f"Offensive Power of section {b.section}: {parts} = {b.power}.", "TGW-22", {"power": b.power},
             {**section, **cards}),
        Step(f"Defense = wall tile {b.wall_value} (level {b.wall_level}) + 2 x {b.barricades} "
             f"Barricade{'' if b.barricades == 1 else 's'} = {b.defense}.", "TGW-38",
             {"wall_value": b.wall_value, "barricades": b.barricades, "defense": b.defense}, section),
    ]
    compared = {"power": b.power, "defense": b.defense}
    if not b.breached:
        steps.append(Step(f"{b.power} <= {b.defense}: the wall holds.", "TGW-22", compared, section))
    else:
        steps.append(Step(f"{b.power} > {b.defense}: BREACH.", "TGW-22", compared, section))
        steps += [Step(f"{CLANS[p]} has no Soldier on breaching {card}: 1 Shame token.", "TGW-39",
                       {"player": p, "shame": 1}, {f"card:{card}": "focus"}) for p, card in b.shamed]
        steps += _shame_steps(b)
        steps.append(Step(f"Lethality {b.lethality} per breaching card, all at once.", "TGW-40",
                          {"lethality": b.lethality}, cards))
        for p, victims in enumerate(b.victims):
            if victims:
                where = ", ".join(f"{_a(k)} on {b.card_powers[r][0]} (spot {s})" if r >= 0 else
                                  f"{_a(k)} from the Barracks" for k, r, s in victims)
                touched = {}
                for kind, r, s in victims:
                    if r >= 0:
                        card = b.card_powers[r][0]
                        touched[f"spot:{card}:{s}"] = "changed"  # a Wound marker takes the Soldier's place
                        if kind == "horseman":
                            touched[f"spot:{card}:{s + 1}"] = "changed"
                steps.append(Step(f"{CLANS[p]} loses {where}: {b.saved[p]} Saved to the Rest Zone, "
                                  f"{len(b.killed[p])} Killed.", "TGW-40",
                                  {"player": p, "saved": b.saved[p], "killed": len(b.killed[p])}, touched))
        dead = sum(b.archers_killed)
        if dead:
            who = ", ".join(f"{CLANS[p]} {n}" for p, n in enumerate(b.archers_killed) if n)
            steps.append(Step(f"Every Archer in section {b.section}'s Firing spots is Killed ({who}); the Rest Zone "
                              "is safe.", "TGW-41", {"archers": b.archers_killed},
                              {f"firing:{b.section}:{i}": "removed" for i in range(dead)}))
    steps.append(Step("After the Assault the section's Barricades are discarded.", "TGW-22", {"barricades": 0},
                      {f"section:{b.section}": "changed"} if b.barricades else section))
    return tuple(steps)


def _shame_steps(b):
    """Where each Shame token of the Breach went (TGW-43 to TGW-45); the tokens come at once, in Tea order.

    Only a Breach read back from a game's log (a :class:`ShamedBreach`) knows where they went."""
    placed = getattr(b, "placements", None)
    if placed is None:
        return []
    out = []
    for rule, p, sentence, data in placed:
        clan = {f"clan:{p}": "changed"}
        if rule == "TGW-43":
            numbers = {"player": p, "disabled": data.get("kind"), "honor_at_end": -5}
        elif rule == "TGW-44":
            numbers = {"player": p, "card": data.get("card"), "honor_at_end": 0}
        else:
            numbers = {"player": p, "honor_now": data.get("honor")}
        out.append(Step(sentence, rule, numbers, clan))
    left = len(b.shamed) - len(placed)
    if left > 0:
        out.append(Step(f"{left} Shame token{' is' if left == 1 else 's are'} still to be placed.", "TGW-43",
                        {"to_place": left}))
    return out


def final_steps(f):
    """The steps of a :class:`~.scoring.FinalScore`: Shame, then the claimed Horde cards and the Artifacts.

    >>> from greatwall_kit.the_great_wall.scoring import final_score
    >>> for step in final_score(7, 2, [4, 3], [2]).steps:
    ...     print(step)
    Honor at the end of the game: 7. [TGW-48]
    2 Shame tokens under Soldiers cost 5 Honor each: 7 - 10 = -3, never below 0: 0. [TGW-43]
    Claimed Horde cards without a Shame token: +7 Honor. [TGW-48]
    Artifact bonuses: +2 Honor. [TGW-48]
    Final Honor: 0 + 7 + 2 = 9. [TGW-48]
    """
    tokens = "1 Shame token" if f.shame == 1 else f"{f.shame} Shame tokens"
    raw = f.honor - f.shame_penalty
    shame = (f"{tokens} under Soldiers cost 5 Honor each: {f.honor} - {f.shame_penalty} = {raw}"
             + (f", never below 0: {f.after_shame}." if raw < 0 else "."))
    return (
        Step(f"Honor at the end of the game: {f.honor}.", "TGW-48", {"honor_at_end": f.honor}),
        Step(shame if f.shame else "No Shame token lies under a Soldier: no Honor is lost.", "TGW-43",
             {"shame": f.shame, "penalty": f.shame_penalty, "after_shame": f.after_shame}),
        Step(f"Claimed Horde cards without a Shame token: +{f.horde} Honor.", "TGW-48", {"horde": f.horde}),
        Step(f"Artifact bonuses: +{f.artifacts} Honor.", "TGW-48", {"artifacts": f.artifacts}),
        Step(f"Final Honor: {f.after_shame} + {f.horde} + {f.artifacts} = {f.total}.", "TGW-48", {"total": f.total}),
    )


def _a(kind):
    return ("an " if kind[0] in "aeiou" else "a ") + kind
