"""Set-up choices, Years and the quiet Seasons (Spring, Summer): steps of the agenda.

A mixin of :class:`~greatwall_kit.the_great_wall.game.TheGreatWall`: each ``_job_<name>`` is
one step, each ``_legal_<kind>`` / ``_on_<kind>`` answers one kind of decision.
"""

from .combat import SAVE_COST
from .deal import shuffle
from .economy import ability
from .moves import Advisor, General, Interned, Reclaim, TakeHonor, Unshame

__all__ = ["SeasonSteps"]

GENERAL, ADVISOR, UNSHAME = Interned(General), Interned(Advisor), Interned(Unshame)
RECLAIM_OR_HONOR = (Reclaim(), TakeHonor())


class SeasonSteps:
    """Set-up choices (TGW-07, TGW-09, TGW-10), the Year (TGW-02), Spring and Summer (TGW-11 to TGW-17)."""

    # -- set-up choices (TGW-07, TGW-09, TGW-10) ------------------------------------------------

    def _job_choose_general(self, p):
        self._ask("general", p)

    def _legal_general(self, p, data):
        return [GENERAL[g] for g in self.clans[p]["dealt"]]

    def _on_general(self, p, data, move):
        self.clans[p]["general"] = move.card
        self._emit(f"{self._n(p)} keeps General {move.card}.", "TGW-07", private_to=(p,), general=move.card)
        self._ask("advisor", p)

    def _legal_advisor(self, p, data):
        return [ADVISOR[a] for a in self.clans[p]["dealt_advisors"]]

    def _on_advisor(self, p, data, move):
        clan = self.clans[p]
        clan["active"] = [move.card]
        clan["support"] = [a for a in clan["dealt_advisors"] if a != move.card]
        self._emit(f"{self._n(p)} makes {move.card} the Active Advisor; {clan['support'][0]} supports face down.",
                   "TGW-07", private_to=(p,), active=move.card, support=clan["support"][0])

    def _job_reveal_generals(self):
        cat = self.cat
        for p, clan in enumerate(self.clans):
            gen = cat.generals[clan["general"]]
            for res, v in gen["start"].items():
                clan[res] += v
            for kind, v in gen["start_soldiers"].items():
                clan["reserve"][kind] -= v
                clan["barracks"][kind] += v
            for _ in range(gen["start_tactics"]):
                self._draw_tactic(p, "TGW-09")
            self._emit(f"{self._n(p)} reveals General {gen['name']} ({gen['id']}, Tea {gen['tea']}) and Active "
                       f"Advisor {clan['active'][0]}; takes {gen['start']} and {gen['start_tactics']} Tactic card(s); "
                       f"3 Clerks wait in the Clerk space.", "TGW-09", player=p, general=gen["id"])
        self.revealed = True
        self.tea = sorted(range(self.players), key=lambda p: (-cat.generals[self.clans[p]["general"]]["tea"], p))
        self._emit("Honor markers start at 0; Tea order: " + ", ".join(self._n(p) for p in self.tea) + ".",
                   "TGW-10", tea=list(self.tea))

    def _draw_tactic(self, p, rule):
        """Draw a Tactic for ``p``, under ``rule``: the General's at set-up (TGW-09), a Location's in play."""
        if not self.tactic_deck:
            self.tactic_deck, self.tactic_discard = self.tactic_discard, []
            shuffle(self.rng, self.tactic_deck)
        if self.tactic_deck:
            card = self.tactic_deck.pop()
            self.clans[p]["tactics"].append(card)
            self._emit(f"{self._n(p)} draws Tactic {card}.", rule, private_to=(p,), card=card)

    # -- Years and Seasons (TGW-02, TGW-11 to TGW-17) -------------------------------------------

    def _job_year(self):
        self.year += 1
        rounds = [("fall_round", r) for r in range(self.options.fall_rounds)]
        if self.year == 1:
            self._emit("Year 1 begins; the first Year skips Spring and Summer.", "TGW-02", year=1)
            self._push(*rounds, ("winter",), ("end_check",))
        else:
            self._emit(f"Year {self.year} begins.", "TGW-02", year=self.year)
            self._push(("spring",), ("summer",), *rounds, ("winter",), ("end_check",))

    def _lethality(self):
        return self.cat.time_slots[self.time]["lethality"]

    def _job_spring(self):
        self.season = "spring"
        self.time += 1
        slot = self.cat.time_slots[self.time]
        self._emit(f"Spring: the Time token advances to slot {self.time} (new Horde {slot['horde']}, "
                   f"Lethality {slot['lethality']}).", "TGW-11", time=self.time)
        for _ in range(slot["horde"]):
            if self.horde_deck:
                banner = self.cat.horde[self.horde_deck[-1]]["banner"]
                self._place_horde_card(banner % len(self.sections), "TGW-12")
        gone = self.advisor_track[:2]
        self.advisor_discard.extend(gone)
        self.advisor_track = self.advisor_track[2:]
        self._refill_advisors()
        self._emit(f"The Advisor track drops {gone} and shows {self.advisor_track}.", "TGW-13",
                   track=list(self.advisor_track))

    def _job_summer(self):
        self.season = "summer"
        for loc, site in self.locations.items():
            res = self.cat.locations[loc].get("resource")
            for p in site.overseers:
                self.clans[p][res] += 1
                self._emit(f"{self._n(p)}'s Overseer at {loc} brings 1 {res}.", "TGW-14", player=p, location=loc)
        for p in self.tea:
            bonus = ability(self.clans[p], "summer_chi", self.cat)
            if bonus:
                self.clans[p]["chi"] += bonus
                self._emit(f"{self._n(p)}'s Advisor brings {bonus} Chi.", "TGW-14", player=p)
        self._push(*[("unshame", p) for p in self.tea], ("clear_track",), *[("reclaim", p) for p in self.tea])

    def _job_unshame(self, p):
        clan = self.clans[p]
        if clan["disabled"] and clan["chi"] >= SAVE_COST:
            self._ask("unshame", p)

    def _legal_unshame(self, p, data):
        clan = self.clans[p]
        return [UNSHAME[k] for k in range(min(len(clan["disabled"]), clan["chi"] // SAVE_COST) + 1)]

    def _on_unshame(self, p, data, move):
        clan = self.clans[p]
        for _ in range(move.count):
            clan["chi"] -= SAVE_COST
            clan["reserve"][clan["disabled"].pop()] += 1
            self.shame_pool += 1
        self._emit(f"{self._n(p)} pays {SAVE_COST * move.count} Chi to discard {move.count} Shame token(s).",
                   "TGW-15", player=p, count=move.count)

    def _job_clear_track(self):
        for row in self.track:
            for i, entry in enumerate(row):
                if entry is not None:
                    self.clans[entry[0]]["discard"].append(entry[1])
                    row[i] = None
        self._emit("The Command cards on the Command track go to their owners' discards.", "TGW-16")

    def _job_reclaim(self, p):
        if self.clans[p]["discard"]:
            self._ask("reclaim", p)

    def _legal_reclaim(self, p, data):
        return list(RECLAIM_OR_HONOR)

    def _on_reclaim(self, p, data, move):
        clan = self.clans[p]
        if isinstance(move, Reclaim):
            self._emit(f"{self._n(p)} takes back {clan['discard']}.", "TGW-17", player=p)
            clan["hand"].extend(clan["discard"])
            clan["discard"] = []
        else:
            gain = 2 * len(clan["discard"])
            clan["honor"] += gain
            self._emit(f"{self._n(p)} leaves {len(clan['discard'])} card(s) in the discard and gains {gain} Honor.",
                       "TGW-17", player=p, honor=gain)
