"""Set-up choices, Years and the quiet Seasons (Spring, Summer): steps of the agenda.

A mixin of :class:`~greatwall_kit.the_great_wall.game.TheGreatWall`: each ``_job_<name>`` is
one step, each ``_moves_<kind>`` / ``_on_<kind>`` answers one kind of decision.
"""

from typing import TYPE_CHECKING

from ..engine.shuffling import shuffle
from .catalog import CLANS, Words, resource_words
from .economy import ability
from .events import (
    ADVISOR_CHI,
    ADVISOR_CHOSEN,
    ADVISORS_DROPPED,
    DISCARD_KEPT,
    GENERAL_KEPT,
    GENERAL_REVEALED,
    OVERSEER_BRINGS,
    RECLAIMED,
    SPRING,
    TACTIC_DRAWN_SETUP,
    TEA_ORDER,
    TRACK_CLEARED,
    UNSHAMED,
    YEAR,
    YEAR_ONE,
)
from .evidence import SAVE_COST
from .moves import ADVISOR, GENERAL, RECLAIM_OR_HONOR, UNSHAME, Reclaim

if TYPE_CHECKING:
    from .attributes import TheGreatWallState as _State
else:
    _State = object  # the declarations are for the type checker only

__all__ = ["SeasonSteps"]

_ROUNDS = [tuple(("fall_round", r) for r in range(n)) for n in range(7)]  # a Fall's rounds, by option (1 to 6)


class SeasonSteps(_State):
    """Set-up choices (TGW-07, TGW-09, TGW-10), the Year (TGW-02), Spring and Summer (TGW-11 to TGW-17)."""

    # -- set-up choices (TGW-07, TGW-09, TGW-10) ------------------------------------------------

    def _job_choose_general(self, p):
        self._ask("general", p)

    def _moves_general(self, actor, context):
        return [GENERAL[g] for g in self.clans[actor]["dealt"]]

    def _on_general(self, actor, context, move):
        self.clans[actor]["general"] = move.card
        self._record_private((GENERAL_KEPT, move.card, CLANS[actor], self.cat.cards[move.card]), (actor,))
        self._ask("advisor", actor)

    def _moves_advisor(self, actor, context):
        return [ADVISOR[a] for a in self.clans[actor]["dealt_advisors"]]

    def _on_advisor(self, actor, context, move):
        clan = self.clans[actor]
        clan["active"] = [move.card]
        clan["support"] = [a for a in clan["dealt_advisors"] if a != move.card]
        cards = self.cat.cards
        self._record_private((ADVISOR_CHOSEN, move.card, clan["support"][0], CLANS[actor], cards[move.card],
                              cards[clan["support"][0]]), (actor,))
        # the next clan keeps a General; once every clan has, the Generals are revealed and the first Year begins
        if actor + 1 < self.players:
            self._ask("general", actor + 1)
        else:
            self._job_reveal_generals()
            self._job_year()

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
                self._draw_tactic(p, TACTIC_DRAWN_SETUP)
            self._events.append((GENERAL_REVEALED, p, gen["id"], CLANS[p], gen["name"], gen["tea"], clan["active"][0],
                                 gen["start"], gen["start_tactics"], cat.cards[clan["active"][0]],
                                 Words((resource_words, gen["start"]))))
        self.revealed = True
        self.tea = sorted(range(self.players), key=lambda p: (-cat.generals[self.clans[p]["general"]]["tea"], p))
        self._events.append((TEA_ORDER, list(self.tea), ", ".join(CLANS[p] for p in self.tea)))

    def _draw_tactic(self, p, kind):
        """Draw a Tactic for ``p``, recorded as ``kind``: the General's at set-up (TACTIC_DRAWN_SETUP, TGW-09), a
        Location's in play (TACTIC_DRAWN, TGW-27)."""
        if not self.tactic_deck:
            self.tactic_deck, self.tactic_discard = self.tactic_discard, []
            shuffle(self.rng, self.tactic_deck)
        if self.tactic_deck:
            card = self.tactic_deck.pop()
            self.clans[p]["tactics"].append(card)
            self._record_private((kind, card, CLANS[p], self.cat.cards[card]), (p,))

    # -- Years and Seasons (TGW-02, TGW-11 to TGW-17) -------------------------------------------

    def _job_year(self):
        self.year += 1
        rounds = _ROUNDS[self.options.fall_rounds]
        if self.year == 1:
            self._events.append((YEAR_ONE, 1))
            self._push_all([*rounds[1:], ("winter",), ("end_check",)])
            self._job_fall_round(0)  # the first step: run at once rather than pushed and popped
        else:
            self._events.append((YEAR, self.year))
            self._push_all([*rounds, ("winter",), ("end_check",)])
            # Spring and Summer are the next steps: run at once rather than pushed and popped (Spring asks nothing)
            self._job_spring()
            self._job_summer()

    def _lethality(self):
        return self.cat.time_slots[self.time]["lethality"]

    def _job_spring(self):
        self.season = "spring"
        self.time += 1
        slot = self.cat.time_slots[self.time]
        self._events.append((SPRING, self.time, slot["horde"], slot["lethality"]))
        deck, horde, count = self.horde_deck, self.cat.horde, len(self.sections)
        for _ in range(slot["horde"]):
            if deck:
                self._place_horde_card(horde[deck[-1]]["banner"] % count)
        gone = self.advisor_track[:2]
        self.advisor_discard.extend(gone)
        self.advisor_track = self.advisor_track[2:]
        self._refill_advisors()
        self._events.append((ADVISORS_DROPPED, list(self.advisor_track), gone, self.cat.names(gone),
                             self.cat.names(self.advisor_track)))

    def _job_summer(self):
        self.season = "summer"
        for loc, site in self.locations.items():
            if not site.overseers:  # (most Locations: a plain loop costs half what picking them with compress did)
                continue
            res = self.cat.locations[loc].get("resource")
            for p in site.overseers:
                self.clans[p][res] += 1
                self._events.append((OVERSEER_BRINGS, p, loc, CLANS[p], res, self.cat.place[loc]))
        for p in self.tea:
            bonus = ability(self.clans[p], "summer_chi", self.cat)
            if bonus:
                self.clans[p]["chi"] += bonus
                self._events.append((ADVISOR_CHI, p, CLANS[p], bonus))
        # each clan in Tea order may discard Shame, then the track is cleared, then each may reclaim: run now
        # while nobody has a decision to make; the first decision leaves the rest waiting on the agenda
        tea, asked = self.tea, self.prompt
        for i, p in enumerate(tea):
            self._job_unshame(p)
            if self.prompt is not asked:
                self._push_all([*[("unshame", q) for q in tea[i + 1:]], ("clear_track",),
                                *[("reclaim", q) for q in tea]])
                return
        self._job_clear_track()
        for i, p in enumerate(tea):
            self._job_reclaim(p)
            if self.prompt is not asked:
                if i + 1 < len(tea):
                    self._push_all([("reclaim", q) for q in tea[i + 1:]])
                return

    def _job_unshame(self, p):
        clan = self.clans[p]
        if clan["disabled"] and clan["chi"] >= SAVE_COST:
            self._ask("unshame", p)

    def _moves_unshame(self, actor, context):
        clan = self.clans[actor]
        return [UNSHAME[k] for k in range(min(len(clan["disabled"]), clan["chi"] // SAVE_COST) + 1)]

    def _on_unshame(self, actor, context, move):
        clan = self.clans[actor]
        for _ in range(move.count):
            clan["chi"] -= SAVE_COST
            clan["reserve"][clan["disabled"].pop()] += 1
            self.shame_pool += 1
        self._events.append((UNSHAMED, actor, move.count, CLANS[actor], SAVE_COST * move.count))

    def _job_clear_track(self):
        for row in self.track:
            for i, entry in enumerate(row):
                if entry is not None:
                    self.clans[entry[0]]["discard"].append(entry[1])
                    row[i] = None
        self._events.append((TRACK_CLEARED,))

    def _job_reclaim(self, p):
        if self.clans[p]["discard"]:
            self._ask("reclaim", p)

    def _moves_reclaim(self, actor, context):
        return list(RECLAIM_OR_HONOR)

    def _on_reclaim(self, actor, context, move):
        clan = self.clans[actor]
        if isinstance(move, Reclaim):
            # the discard list itself goes into the event: the clan gets a new, empty one
            self._events.append((RECLAIMED, actor, CLANS[actor], clan["discard"], self.cat.names(clan["discard"])))
            clan["hand"].extend(clan["discard"])
            clan["discard"] = []
        else:
            gain = 2 * len(clan["discard"])
            clan["honor"] += gain
            self._events.append((DISCARD_KEPT, actor, gain, CLANS[actor], len(clan["discard"])))
