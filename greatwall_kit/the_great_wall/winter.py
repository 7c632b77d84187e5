"""Shame, Defeat and Winter (Firing, Assault, End Game check): steps of the agenda.

A mixin of :class:`~greatwall_kit.the_great_wall.game.TheGreatWall`; the calculations
themselves are the pure functions of :mod:`.combat`.
"""

from operator import itemgetter
from typing import TYPE_CHECKING

from .catalog import A_SOLDIER, CLANS, SOLDIERS, Words, soldier_words
from .combat import assess_breach, assess_defeat
from .economy import ability
from .events import (
    ARCHER_HONOR,
    ARCHERS_KILLED,
    BARRICADES_DISCARDED,
    BREACH,
    BREACH_LOSSES,
    CLAIM_BONUS,
    DEFEAT_LOSSES,
    DEFEATED_CLAIMED,
    DEFEATED_LEAVES,
    DEFEATED_UNCLAIMED,
    FINAL_HONOR,
    FIRED,
    GAME_ENDS,
    GOES_ON,
    HOLDS,
    HONOR_LOST_AT_ONCE,
    NO_SOLDIER_SHAME,
    NOBODY_SHAMED,
    SAVED_BREACH,
    SAVED_DEFEAT,
    SAVED_NONE_BREACH,
    SAVED_NONE_DEFEAT,
    SHAME_ON_TROPHY,
    SHAME_UNDER_SOLDIER,
    SOLDIER_HONOR,
    WINNER,
    WINTER,
)
from .evidence import SAVE_COST, Breach, Defeat
from .horde import soldiers_on
from .moves import FIRE, SAVE, SHAME
from .scoring import final_scores
from .sections import defense_value, wall_at_max

if TYPE_CHECKING:
    from .attributes import TheGreatWallState as _State
else:
    _State = object  # the declarations are for the type checker only

__all__ = ["WinterSteps", "SHAME_HONOR"]

SHAME_HONOR = 5  # Honor lost per Shame token (TGW-43, TGW-45)
_BARRACKS = itemgetter("barracks")  # a clan's ready Soldiers
_SHAME_FROM = ("reserve", "barracks")  # where a Shame token looks for a Soldier to go under, in order (TGW-43)


class WinterSteps(_State):
    """Shame (TGW-43 to TGW-45), Defeat (TGW-33 to TGW-37) and Winter (TGW-21 to TGW-23, TGW-38 to TGW-42)."""

    # -- Shame (TGW-43 to TGW-45) -----------------------------------------------------------------

    def _job_give_shame(self, p):
        if self.shame_pool == 0:
            self._lose_honor_at_once(p, "The Shame pool is empty", 0)
            return
        clan = self.clans[p]
        for _, shamed in clan["trophies"]:
            if not shamed:  # a claimed Horde card's slot is free: the places to choose from
                options = self._moves_shame(p, None)
                if len(options) > 1:
                    self._ask("shame", p, None, options)
                else:
                    self._on_shame(p, None, options[0])
                return
        # (most clans have no free slot on a claimed Horde card: a Soldier is then the one place, without a decision)
        found = self._shame_soldier_kind(clan)
        if found is not None:
            where, kind = found  # (a plain call: one that unpacks ``*found`` costs about four)
            self._shame_under(p, clan, where, kind)
            return
        self.shame_pool -= 1
        self.shame_out += 1
        self._lose_honor_at_once(p, f"{CLANS[p]} can place the Shame token nowhere, so it leaves the game", 1)

    def _lose_honor_at_once(self, p, why, gone):
        """A Shame token that cannot be placed costs 5 Honor at once, never below 0 (TGW-45); ``gone`` is 1 when
        the token left the pool (it leaves the game), 0 when the pool was empty."""
        clan = self.clans[p]
        before = clan["honor"]
        clan["honor"] = max(0, before - SHAME_HONOR)
        self._events.append((HONOR_LOST_AT_ONCE, p, clan["honor"], why, CLANS[p], SHAME_HONOR, before, gone))

    def _shame_soldier_kind(self, clan):
        """Where a Shame token goes under a Soldier of ``clan`` (TGW-43): ``(where, kind)`` of its first Soldier, the
        Reserve's before the Barracks', Spearmen first (``SOLDIERS``' order); ``None`` if it has none."""
        for where in _SHAME_FROM:
            soldiers = clan[where]
            for kind in SOLDIERS:
                if soldiers[kind]:
                    return where, kind
        return None

    def _moves_shame(self, actor, context):
        moves = [SHAME["soldier"]] if self._shame_soldier_kind(self.clans[actor]) else []
        trophies = self.clans[actor]["trophies"]
        if trophies:  # (most clans have claimed no Horde card)
            moves += [SHAME[card] for card, shamed in trophies if not shamed]
        return moves

    def _on_shame(self, actor, context, move):
        if move.target == "soldier":
            clan = self.clans[actor]
            where, kind = self._shame_soldier_kind(clan)
            self._shame_under(actor, clan, where, kind)
        else:
            clan = self.clans[actor]
            self.shame_pool -= 1
            for t in clan["trophies"]:
                if t[0] == move.target and not t[1]:
                    t[1] = True
                    break
            self._events.append((SHAME_ON_TROPHY, actor, move.target, CLANS[actor], self.cat.cards[move.target]))

    def _shame_under(self, p, clan, where, kind):
        """The Shame token goes under one of ``p``'s Soldiers (the first of ``where`` of ``kind``; ``clan`` is
        ``p``'s), disabling it."""
        self.shame_pool -= 1
        clan[where][kind] -= 1
        if where == "barracks" and isinstance(self.combat, Breach):
            self.combat = None  # its victims may include this Soldier
        clan["disabled"].append(kind)
        self._events.append((SHAME_UNDER_SOLDIER, p, kind, CLANS[p], where, SHAME_HONOR, A_SOLDIER[kind]))

    # -- Defeat (TGW-33 to TGW-37) ----------------------------------------------------------------

    def _job_defeat_check(self):
        # a card is Defeated only by a Vital spot covered: the rules that write a spot say so (_spots_written), and a
        # check after none since the last one found no Defeat has nothing to find (most checks of a random playout:
        # one after every Activation step and Winter; each walked every card)
        if not self._spots_written:
            return
        for sec in self.sections:
            for card in sec["rows"]:
                if None not in card["spots"]:  # every Vital spot covered (is_defeated, inlined: a hot loop)
                    # (found rarely, so not counted on the way)
                    s = next(i for i, x in enumerate(self.sections) if x is sec)
                    r = next(i for i, x in enumerate(sec["rows"]) if x is card)
                    d = assess_defeat(s, r, self.cat.horde[card["card"]], card["spots"], sec["archers"],
                                      self.cat.time_slots[self.time]["lethality"], self.tea, self.players,
                                      self.options)
                    self.combat = d
                    self._defeat_rewards(d)
                    self._fight_saves(d)
                    return  # (the check runs again once this Defeat is resolved: spots_written stays set)
        self._spots_written = False

    def _job_ask_save(self, p):
        ev = self.combat
        most = min(len(ev.victims[p]), self.clans[p]["chi"] // SAVE_COST)
        if most > 0:
            self._ask("save", p)

    def _moves_save(self, actor, context):
        most = min(len(self.combat.victims[actor]), self.clans[actor]["chi"] // SAVE_COST)
        return list(map(SAVE.__getitem__, range(most + 1)))

    def _on_save(self, actor, context, move):
        saved = list(self.combat.saved)
        saved[actor] = move.count
        self.combat = self.combat.with_saves(saved)
        self.clans[actor]["chi"] -= SAVE_COST * move.count
        if isinstance(self.combat, Defeat):
            kind = SAVED_DEFEAT if move.count else SAVED_NONE_DEFEAT
        else:
            kind = SAVED_BREACH if move.count else SAVED_NONE_BREACH
        self._events.append((kind, actor, move.count, CLANS[actor], SAVE_COST * move.count))

    def _defeat_rewards(self, d):
        """Claim and Honor (they do not depend on the Saves still to be decided)."""
        name = d.card_name
        if d.claimant is None:
            self._events.append((DEFEATED_UNCLAIMED, d.card, name))
        else:
            spots = ", ".join([f"{CLANS[q]} {c}" for q, c in enumerate(d.covers)])
            self._events.append((DEFEATED_CLAIMED, d.card, d.claimant, list(d.covers), name, CLANS[d.claimant], spots))
            bonus = ability(self.clans[d.claimant], "defeat_honor", self.cat)
            if bonus:
                self.clans[d.claimant]["honor"] += bonus
                self._events.append((CLAIM_BONUS, d.claimant, bonus, CLANS[d.claimant]))
        for p in range(self.players):
            clan = self.clans[p]
            if d.soldier_honor[p]:
                clan["honor"] += d.soldier_honor[p]
                self._events.append((SOLDIER_HONOR, p, CLANS[p], name))
            if d.archer_honor[p]:
                clan["honor"] += d.archer_honor[p]
                self._events.append((ARCHER_HONOR, p, CLANS[p], d.archers[p], d.section, d.archer_honor[p]))

    def _job_defeat_finish(self):
        d, self.combat = self.combat, None
        rows = self.sections[d.section]["rows"]
        card = rows.pop(d.row)
        if d.claimant is None:
            self.horde_discard.append(d.card)
        else:  # claimed now, as the card leaves the wall (the claimant was known at the claim)
            self.clans[d.claimant]["trophies"].append([d.card, False])
        for p in range(self.players):
            clan = self.clans[p]
            mine = soldiers_on(card["spots"], p)
            saved, killed = d.victims[p][:d.saved[p]], d.killed[p]
            for kind, _ in saved:
                clan["rest"][kind] += 1
            for kind, _ in killed:
                clan["reserve"][kind] += 1
            survivors = list(mine)
            for v in d.victims[p]:
                survivors.remove(v)
            for kind, _ in survivors:
                clan["barracks"][kind] += 1
            if d.victims[p]:
                lost = [k for k, _ in d.victims[p]]
                self._events.append((DEFEAT_LOSSES, p, d.lethality, CLANS[p], lost, len(saved), len(killed),
                                     Words((soldier_words, lost))))
        # recorded once everything is done: the position at this event shows the whole Defeat (rule steps end here)
        behind = [c["card"] for c in rows[d.row:]]
        moved = "" if not behind else "; the card behind it moves up a row" if len(behind) == 1 else \
            f"; the {len(behind)} cards behind it move up a row"
        self._events.append((DEFEATED_LEAVES, d.card, d.section, d.row, d.claimant, behind, self.cat.power[d.card],
                             d.card_name,
                             "the discard pile" if d.claimant is None else f"{CLANS[d.claimant]}'s trophies",
                             moved))
        self.results.append(d)

    # -- Winter (TGW-21 to TGW-23, TGW-38 to TGW-42) ------------------------------------------------

    def _job_winter(self):
        self.season = "winter"
        self._events.append((WINTER,))
        # each Archer's shot, leftmost section first: no shot changes who stands in a Firing spot, so the shots
        # are all known now (and most sections have no Archer)
        shots = []
        for s, sec in enumerate(self.sections):
            for p in sec["archers"]:
                shots.append(("fire", s, p))
        # the sections' Assaults run one after the other from section 0 (see _job_assault); the first shot, or the
        # Defeat check, is the next step and runs now (and with no shot, so do the Assaults once it asked nothing)
        if shots:
            _, s, p = shots[0]
            self._push_all([*shots[1:], ("defeat_check",), ("assault", 0)])
            self._job_fire(s, p)
        else:
            agenda, asked = self.agenda, self.prompt
            depth = len(agenda)
            self._job_defeat_check()
            if self.prompt is asked:  # no Save to decide: the Assaults follow at once
                self._job_assault(0)
            else:  # they wait under the Defeat's Saves and losses
                agenda.insert(depth, ("assault", 0))

    def _job_fire(self, s, p):
        self._offer("fire", p, {"section": s}, least=1)

    def _moves_fire(self, actor, context):
        rows = self.sections[context["section"]]["rows"]
        return [FIRE[r, i] for r, c in enumerate(rows) for i, o in enumerate(c["spots"]) if o is None]

    def _on_fire(self, actor, context, move):
        s = context["section"]
        card = self.sections[s]["rows"][move.row]
        card["spots"][move.spot] = "W"
        self._spots_written = True
        self._events.append((FIRED, actor, s, card["card"], move.spot, CLANS[actor], self.cat.cards[card["card"]]))

    def _defense(self, s):
        sec = self.sections[s]
        return defense_value(self.cat.wall_values[sec["wall"]], sec["barricades"])

    def _assess(self, s):
        sec = self.sections[s]
        return assess_breach(s, sec["rows"], self.cat, sec["wall"], sec["barricades"], sec["archers"],
                             self.cat.time_slots[self.time]["lethality"], list(map(_BARRACKS, self.clans)),
                             self.players, self.options)

    def _job_assault(self, s):
        """The Assault on section ``s``, then on the sections after it, one by one (TGW-22): a section that holds
        hands on to the next at once, a Breach once its Shame, Saves and losses are done (_job_breach_finish)."""
        sections, cat, players, options = self.sections, self.cat, self.players, self.options
        last = len(sections) - 1
        # (_assess, written in: what it reads is the same for every section of this Winter)
        lethality = cat.time_slots[self.time]["lethality"]
        barracks = []
        for clan in self.clans:  # (a loop: list(map(itemgetter)) cost about twice as much for one to four clans)
            barracks.append(clan["barracks"])
        sec = sections[s]
        b = assess_breach(s, sec["rows"], cat, sec["wall"], sec["barricades"], sec["archers"], lethality, barracks,
                          players, options)
        while not b.breached:  # (the common case)
            self._events.append((HOLDS, s, b.power, b.defense, b.wall_value, b.barricades))
            self.results.append(b)
            count = sec["barricades"]
            if count:  # (as after a Breach: see _job_breach_finish)
                sec["barricades"] = 0
                self._events.append((BARRICADES_DISCARDED, s, count))
            if s == last:
                return
            s += 1
            sec = sections[s]
            b = assess_breach(s, sec["rows"], cat, sec["wall"], sec["barricades"], sec["archers"], lethality,
                              barracks, players, options)
        self._events.append((BREACH, s, b.power, b.defense, b.wall_value, b.barricades))
        # the tokens come at once: Tea order decides who gets them when the pool runs short
        shamed = b.shamed
        if players > 1:  # (alone, the order is already the player's)
            shamed = sorted(shamed, key=lambda taker: self.tea.index(taker[0]))
        names = cat.cards
        for p, card in shamed:
            self._events.append((NO_SOLDIER_SHAME, p, CLANS[p], card, names[card]))
        self.combat = b
        if not shamed:
            why = ("every player has a Soldier on a breaching card" if self.options.breach_shame == "per_section"
                   else "every player has a Soldier on each breaching card")
            self._events.append((NOBODY_SHAMED, s, why))
            self._fight_saves(b)
            return
        # each token is placed in turn, now; a token whose place is a decision leaves the rest waiting on the agenda
        asked = self.prompt
        for i, (p, _) in enumerate(shamed):
            self._job_give_shame(p)
            if self.prompt is not asked:
                self._push_all([*[("give_shame", q) for q, _ in shamed[i + 1:]], ("breach_kills", s)])
                return
        self._job_breach_kills(s)

    def _job_breach_kills(self, s):
        b = self.combat
        if b is None:  # a Shame token disabled a Soldier of the Barracks: the victims must be read again
            b = self.combat = self._assess(s)
        self._fight_saves(b)

    def _fight_saves(self, fight):
        """The Saves of the victims' owners in ``fight`` (a Defeat or a Breach), in Tea order, then its losses (and
        after a Defeat the next Defeat check). Run now: an owner with nothing to pay with passes at once; the first
        Save to decide leaves the rest waiting on the agenda."""
        victims, clans, tea = fight.victims, self.clans, self.tea
        for i, p in enumerate(tea):
            # (_job_ask_save's test, written in: a Save is a decision for an owner of victims with the Chi for one)
            if victims[p] and clans[p]["chi"] >= SAVE_COST:
                tail = [("breach_finish",)] if isinstance(fight, Breach) else [("defeat_finish",), ("defeat_check",)]
                self._push_all([*self._saves(fight, tea[i + 1:]), *tail])
                self._ask("save", p)
                return
        if isinstance(fight, Breach):
            self._job_breach_finish()
        else:
            self._job_defeat_finish()
            self._job_defeat_check()

    def _saves(self, fight, tea):
        """A Save decision for each player of ``tea`` (the Tea order, or its tail) with victims in ``fight`` (a Defeat
        or a Breach)."""
        jobs = []
        for p in tea:
            if fight.victims[p]:
                jobs.append(("ask_save", p))
        return jobs

    def _job_breach_finish(self):
        b, self.combat = self.combat, None
        sec = self.sections[b.section]
        sec["archers"] = []  # every Archer of the section is Killed (counted per player in b.archers_killed)
        for p, victims in enumerate(b.victims):
            clan = self.clans[p]
            if victims:
                lost, wound = [], ""
                for i, (kind, row, spot) in enumerate(victims):
                    to = "rest" if i < b.saved[p] else "reserve"
                    if row < 0:
                        clan["barracks"][kind] -= 1
                    else:
                        spots = sec["rows"][row]["spots"]
                        spots[spot] = "W"
                        if kind == "horseman":
                            spots[spot + 1] = "W"
                        self._spots_written = True  # (a Soldier's spot stays covered: said all the same)
                        wound = "; Wound markers take their places on the cards"
                    clan[to][kind] += 1
                    lost.append(kind)
                self._events.append((BREACH_LOSSES, p, CLANS[p], lost, b.saved[p], len(lost) - b.saved[p], wound,
                                     Words((soldier_words, lost))))
            if b.archers_killed[p]:
                clan["reserve"]["archer"] += b.archers_killed[p]
                self._events.append((ARCHERS_KILLED, p, CLANS[p], b.archers_killed[p], b.section))
        self.results.append(b)
        s = b.section
        # after its Assault a section's Barricades are discarded (TGW-22): nothing later in the Winter reads them, so
        # each section's go as soon as its own Assault is over (and the rule steps of an Assault end with them)
        count = sec["barricades"]
        if count:
            sec["barricades"] = 0
            self._events.append((BARRICADES_DISCARDED, s, count))
        if s + 1 < len(self.sections):  # the next section's Assault follows at once
            self._job_assault(s + 1)

    def _job_end_check(self):
        reasons = []
        if wall_at_max(self.sections, self.cat.max_wall):
            reasons.append(f"all {len(self.sections)} walls are at the top level")
        if self.shame_pool == 0:
            reasons.append("the Shame pool is empty")
        if self.time >= len(self.cat.time_slots) - 1:
            reasons.append("the Time token is on the last slot")
        if not reasons:
            self._events.append((GOES_ON, self.year))
            for clan in self.clans:
                barracks, rest = clan["barracks"], clan["rest"]
                for k in SOLDIERS:
                    if rest[k]:  # (the Rest Zone is mostly empty)
                        barracks[k] += rest[k]
                        rest[k] = 0
            self._job_year()  # the next step: run at once rather than pushed and popped
            return
        self.end_reason = "; ".join(reasons)
        self._events.append((GAME_ENDS, reasons, self.end_reason))
        self._final_scoring()

    def _final_scoring(self):
        self.season = "over"
        self.final = []
        for p, f in enumerate(final_scores(self)):
            self.final.append(f)  # one clan at a time: the position at each clan's event shows the clans scored
            self._events.append((FINAL_HONOR, p, f.total, CLANS[p], f.honor, f.shame_penalty, f.shame, f.after_shame,
                                 f.horde,
                                 f.artifacts))
        win = self.winners()
        self._events.append((WINNER, win[0], CLANS[win[0]], _why_won(win[0], self.scores(), self.tea)))


def _why_won(winner, honor, tea):
    """Why ``winner`` won, in words: the most final Honor, or a tie broken by the Tea order (TGW-49).

    >>> _why_won(1, [3, 7], [0, 1]), _why_won(0, [5], [0])
    ('the most Honor, 7 against 3 (Crane)', 'the only clan, with 5 Honor')
    >>> _why_won(1, [4, 4, 2], [1, 0, 2])
    'tied with Crane at 4 Honor, and higher on the Tea track'
    """
    if len(honor) == 1:
        return f"the only clan, with {honor[0]} Honor"
    tied = [CLANS[p] for p, h in enumerate(honor) if h == honor[winner] and p != winner]
    if tied:
        return f"tied with {' and '.join(tied)} at {honor[winner]} Honor, and higher on the Tea track"
    rest = ", ".join(f"{h} ({CLANS[p]})" for p, h in sorted(enumerate(honor), key=lambda ph: -ph[1]) if p != winner)
    return f"the most Honor, {honor[winner]} against {rest}"
