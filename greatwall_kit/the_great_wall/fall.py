"""Fall: Command cards, Clerks, Soldiers, Locations and the economy: steps of the agenda.

A mixin of :class:`~greatwall_kit.the_great_wall.game.TheGreatWall`.
"""

from typing import TYPE_CHECKING

from ..engine.log import counted
from .catalog import A_SOLDIER, CLANS, SOLDIERS, Words, resource_words
from .economy import DONATABLE, ability, can_pay, overseer_cost, pay
from .events import (
    ADVANCED_ACTIVATION,
    ARCHER_DEPLOYED,
    ARTIFACT_BOUGHT,
    AT_COURT,
    BUILT,
    CARD_PLACED,
    CLERK_PLACED,
    COMMAND_CHOSEN,
    DONATED,
    EFFECT_DECLINED,
    EFFECT_TAKEN,
    FALL_ROUND,
    GATHERED,
    HORSEMAN_DEPLOYED,
    LOCATION_ACTIVATES,
    RECRUITED,
    REVEALED,
    SHAME_ICON,
    SLOT_RESOLVES,
    SPEARMAN_DEPLOYED,
    STOPPED,
    TACTIC_DRAWN,
    TACTIC_PLAYED,
    UPGRADED,
    WAITING,
)
from .moves import (
    ACTIVATE,
    BUILD,
    BUY,
    COMMANDS,
    DONATE,
    DONE,
    RECRUIT,
    SLOT,
    TACTIC,
    TAKE_OR_DECLINE,
    UPGRADE,
    Activate,
    Decline,
    Done,
    Horseman,
    Spearman,
    Upgrade,
    command_moves,
)
from .sites import EMPTY, SITES

if TYPE_CHECKING:
    from .attributes import TheGreatWallState as _State
else:
    _State = object  # the declarations are for the type checker only

__all__ = ["FallSteps"]

_UNLESS, _UNLESS_ADVANCED = " (or by a Command card's Advanced Activation)", \
    " (or by Advanced Activation, which this card allows)"
_SEAT = tuple(map(str, range(len(CLANS))))  # a seat as the Command cards revealed name it: str() cost a call
_ALONE = tuple(EMPTY.with_clerk(p) for p in range(len(CLANS)))  # the Site of a seat's Clerk alone
_REWARD = {"wood": "wood", "stone": "stone", "gold": "gold", "chi": "Chi", "honor": "Honor"}  # as the texts write them


class FallSteps(_State):
    """Fall (TGW-18 to TGW-20) and the Locations it activates (TGW-24 to TGW-32)."""

    # -- Fall (TGW-18 to TGW-20) ----------------------------------------------------------------

    # The steps of a Fall round follow each other without the agenda: each clan in seat order chooses a Command card
    # (the next chooser is the next clan with a hand), the cards are revealed, each is placed in Tea order (the next
    # is the next card not yet on the track), and the track resolves. A chooser's moves are listed as it is asked
    # (as _moves_command lists them), which spares the engine's call to list them.
    # Loops over seats, sections and rows count their index themselves where it is read: making an enumerate or a
    # range costs some 600 machine instructions, more than the loop it serves at most of these steps.

    def _job_fall_round(self, r):
        self.season = "fall"
        self.round = r
        p = 0
        for clan in self.clans:
            if clan["hand"]:
                self._events.append((FALL_ROUND, r, r + 1))
                hand = tuple(clan["hand"])
                self._ask("command", p, None, [*(COMMANDS.get(hand) or command_moves(hand))])
                return
            p += 1

    def _moves_command(self, actor, context):
        return [*command_moves(tuple(self.clans[actor]["hand"]))]

    def _on_command(self, actor, context, move):
        self.clans[actor]["chosen"] = move.card
        self._record_private((COMMAND_CHOSEN, move.card, CLANS[actor], self.cat.cards[move.card]), (actor,))
        clans, p = self.clans, actor + 1
        while p < len(clans):
            hand = clans[p]["hand"]
            if hand:
                hand = tuple(hand)
                self._ask("command", p, None, [*(COMMANDS.get(hand) or command_moves(hand))])
                return
            p += 1
        # every card is chosen: they are revealed, then placed
        cards, p = {}, 0
        for clan in clans:
            card = clan["chosen"]
            if card is not None:
                cards[_SEAT[p]] = card
            p += 1
        self._events.append((REVEALED, cards, Words((_shown, (cards, self.cat.cards)))))
        self._place_cards()

    def _place_cards(self, slot=None):
        """Each revealed card not yet on the track goes onto it in Tea order (the last free slot without a choice);
        then the track resolves. ``slot``: the slot the first of them was put on, its owner's choice."""
        clans, row = self.clans, self.track[self.round]
        for p in self.tea:
            clan = clans[p]
            card = clan["chosen"]
            if card is not None:
                if slot is None:
                    if row.count(None) != 1:
                        self._ask("slot", p)
                        return
                    slot = row.index(None)
                clan["chosen"] = None
                clan["hand"].remove(card)
                row[slot] = [p, card]
                self._events.append((CARD_PLACED, p, slot, CLANS[p], card, self.cat.cards[card]))
                slot = None
        # the track resolves: the first slot now (it would be the next step), the others wait in slot order
        agenda, first, i = self.agenda, None, len(row)
        while i:
            i -= 1
            if row[i] is not None:
                if first is not None:
                    agenda.append(("resolve_slot", first))
                first = i
        if first is not None:
            self._job_resolve_slot(first)

    def _moves_slot(self, actor, context):
        return [SLOT[i] for i, e in enumerate(self.track[self.round]) if e is None]

    def _on_slot(self, actor, context, move):
        self._place_cards(move.slot)

    def _job_resolve_slot(self, i):
        p, card = self.track[self.round][i]
        self._events.append((SLOT_RESOLVES, p, card, i, CLANS[p], self.cat.cards[card]))
        # the card's steps in order: the first runs now (it is the next step), the others wait on the agenda (pushed
        # deepest first); the Activation step ends with the Defeat check
        clerks, deploy, tactic, advanced = self.cat.command_steps[card]
        if clerks or deploy or tactic:
            agenda = self.agenda
            agenda.append(("activation", p, advanced))
            if tactic and (clerks or deploy):
                agenda.append(("tactic", p))
            if deploy and clerks:
                agenda.append(("deploy", p, deploy))
        if clerks:
            self._job_clerks(p, clerks)
        elif deploy:
            self._job_deploy(p, deploy)
        elif tactic:
            self._job_tactic(p)
        else:
            self._job_activation(p, advanced)

    # Command step: Clerks (TGW-27)
    # The game keeps two masks of its Locations (bits: Catalog.clerk_bit), changed wherever a Clerk comes or goes
    # (_on_clerk, _job_activate) and made afresh from the Sites when a position is loaded (_recount_locations):
    # _clerked, the Locations with a Clerk, and _full, those whose every Clerk slot is taken. The Clerk listing and
    # the Activation step read them instead of reading the nine Locations (some 800 instructions a Location each).

    def _recount_locations(self):
        """Set the masks of the Locations with Clerks and of the full ones from ``self.locations``."""
        self._clerked = self._full = 0
        for loc, (bit, slots) in self.cat.clerk_bit.items():
            clerks = self.locations[loc].clerks
            if clerks:
                self._clerked |= bit
                if len(clerks) >= slots:
                    self._full |= bit

    def _job_clerks(self, p, n):
        if self.clans[p]["clerks"]:
            cat = self.cat  # (what _offer does, with _moves_clerk written in: a third of solo decisions are Clerks')
            free = cat.free_clerks.get(self._full) or cat.clerk_moves(self._full)
            if free:
                self._ask("clerk", p, {"left": n}, [*free, DONE])

    def _moves_clerk(self, actor, context):
        return [*self.cat.clerk_moves(self._full), DONE]

    def _on_clerk(self, actor, context, move):
        if isinstance(move, Done):
            self._events.append((STOPPED["clerk"], actor, CLANS[actor]))
            return
        self.clans[actor]["clerks"] -= 1
        locations = self.locations
        site = locations[move.location]
        if site is EMPTY:  # (the first Clerk at a Location nobody stands at, as most are: no look-up)
            site = locations[move.location] = _ALONE[actor]
        else:
            site = SITES.get((site.clerks + (actor,), site.overseers)) or site.with_clerk(actor)
            locations[move.location] = site
        bit, slots = self.cat.clerk_bit[move.location]
        self._clerked |= bit
        if len(site.clerks) >= slots:
            self._full |= bit
        self._events.append((CLERK_PLACED, actor, move.location, CLANS[actor], self.cat.place[move.location]))
        if context["left"] > 1:
            self._job_clerks(actor, context["left"] - 1)  # the next step: run at once rather than pushed and popped

    # Command step: Soldiers (TGW-30 to TGW-32)
    def _job_deploy(self, p, n):
        context = {"left": n}  # (_offer, written in, as for Clerks)
        moves = self._moves_deploy(p, context)
        if len(moves) > 1:
            self._ask("deploy", p, context, moves)

    def _moves_deploy(self, actor, context):
        moves = []
        ready = self.clans[actor]["barracks"]
        spearmen, horsemen, archers = ready["spearman"], ready["horseman"], ready["archer"]
        firing = self.cat.raw["board"]["firing_spots"]
        spearman_at, horseman_at, archer_at = self.cat.deploy_at  # (the interned moves by section, row and spot)
        spearman_free, horseman_free, archer_free = self.cat.deploy_free  # (and of a row with no Soldier yet)
        # plain loops: a comprehension is a function call, and this runs for every section at every deploy; a row
        # with no Soldier yet (most rows) adds its moves in one step from deploy_free
        s = -1
        for sec in self.sections:
            s += 1
            rows = sec["rows"]
            if not rows:
                continue
            if spearmen:
                spots = rows[0]["spots"]
                n = len(spots)
                if spots.count(None) == n:
                    moves += spearman_free[s][n]
                else:
                    at, i = spearman_at[s], 0
                    for o in spots:
                        if o is None:
                            moves.append(at[i])
                        i += 1
            if horsemen:
                r = 0
                for c in rows:
                    spots = c["spots"]
                    n = len(spots)
                    if spots.count(None) == n:
                        moves += horseman_free[s][r][n]
                    else:
                        at = horseman_at[s][r]
                        for i in range(n - 1):  # two open spots side by side (TGW-31)
                            if spots[i] is None and spots[i + 1] is None:
                                moves.append(at[i])
                    r += 1
            if archers and len(sec["archers"]) < firing:
                r = 0
                for c in rows:
                    spots = c["spots"]
                    n = len(spots)
                    if spots.count(None) == n:
                        moves += archer_free[s][r][n]
                    else:
                        at, i = archer_at[s][r], 0
                        for o in spots:
                            if o is None:
                                moves.append(at[i])
                            i += 1
                    r += 1
        moves.append(DONE)
        return moves

    def _on_deploy(self, actor, context, move):
        if isinstance(move, Done):
            self._events.append((STOPPED["deploy"], actor, CLANS[actor]))
            return
        clan = self.clans[actor]
        if isinstance(move, Spearman):
            card = self.sections[move.section]["rows"][0]
            card["spots"][move.spot] = f"S{actor}"
            clan["barracks"]["spearman"] -= 1
            reward = self.cat.horde[card["card"]]["spots"][move.spot]
            if reward is not None:
                clan[reward] += 1
            self._events.append((SPEARMAN_DEPLOYED, actor, reward, CLANS[actor], move.spot, card["card"], move.section,
                                 _REWARD.get(reward, "nothing"), self.cat.cards[card["card"]]))
        elif isinstance(move, Horseman):
            card = self.sections[move.section]["rows"][move.row]
            card["spots"][move.spot] = card["spots"][move.spot + 1] = f"H{actor}"
            clan["barracks"]["horseman"] -= 1
            self._events.append((HORSEMAN_DEPLOYED, actor, CLANS[actor], move.spot, move.spot + 1, card["card"],
                                 move.section, move.row, self.cat.cards[card["card"]]))
        else:
            sec = self.sections[move.section]
            sec["archers"].append(actor)
            clan["barracks"]["archer"] -= 1
            card = sec["rows"][move.row]
            card["spots"][move.spot] = "W"
            self._events.append((ARCHER_DEPLOYED, actor, CLANS[actor], move.section, move.spot, card["card"],
                                 self.cat.cards[card["card"]]))
        self._spots_written = True  # (see WinterSteps._job_defeat_check)
        if context["left"] > 1:
            self._job_deploy(actor, context["left"] - 1)  # the next step: run at once rather than pushed and popped

    # Command step: Tactic cards
    def _job_tactic(self, p):
        tactics = self.clans[p]["tactics"]
        if tactics:
            self._ask("tactic", p, None, [*map(TACTIC.__getitem__, tactics), DONE])  # (_moves_tactic's list)

    def _moves_tactic(self, actor, context):
        return [*map(TACTIC.__getitem__, self.clans[actor]["tactics"]), DONE]

    def _on_tactic(self, actor, context, move):
        if isinstance(move, Done):
            self._events.append((STOPPED["tactic"], actor, CLANS[actor]))
            return
        clan = self.clans[actor]
        clan["tactics"].remove(move.card)
        self.tactic_discard.append(move.card)
        t = self.cat.tactics[move.card]
        if t["effect"] == "barricade":
            slots = self.cat.raw["board"]["barricade_slots"]
            open_ = [s for s, sec in enumerate(self.sections) if sec["barricades"] < slots]
            if open_:
                s = min(open_, key=lambda s: (self._defense(s), s))
                self.sections[s]["barricades"] += 1
            what = f"a Barricade on section {s}" if open_ else "nothing (no free Barricade slot)"
        else:
            clan[t["effect"]] += t["value"]
            what = f"gains {t['value']} {_REWARD[t['effect']]}"
        self._events.append((TACTIC_PLAYED, actor, move.card, CLANS[actor], what, self.cat.cards[move.card]))

    # Activation step (TGW-20, TGW-28, TGW-29)
    def _job_activation(self, p, advanced):
        cat, full = self.cat, self._full
        waiting = self._clerked ^ full  # the Locations with Clerks and a free slot
        if waiting:
            locations = self.locations
            for loc in cat.located.get(waiting) or cat.located_in(waiting):
                clerks = locations[loc].clerks
                if clerks[-1] == p:  # the card's owner just placed a Clerk here: say why
                    self._events.append((WAITING, loc, len(clerks), cat.clerk_slots[loc], cat.place[loc],
                                         _PRESENT.get(clerks) or _present_words(clerks),
                                         _UNLESS_ADVANCED if advanced else _UNLESS))
        # the first full Location activates now (the next step); the others, an Advanced Activation and the Defeat
        # check that ends the card's resolution wait their turn
        if full:  # (pushed deepest first, straight onto the agenda)
            activating = cat.located.get(full) or cat.located_in(full)
            agenda = self.agenda
            agenda.append(("defeat_check",))
            if advanced:
                agenda.append(("advanced", p))
            i = len(activating)
            while i > 1:
                i -= 1
                agenda.append(("activate", activating[i], 0))
            self._job_activate(activating[0], 0)
        elif advanced:
            self.agenda.append(("defeat_check",))
            self._job_advanced(p)
        else:
            self._job_defeat_check()

    def _job_advanced(self, p):
        moves, clerked = [], self._clerked  # (_moves_advanced's list, from the Locations with Clerks only)
        for loc in self.cat.located.get(clerked) or self.cat.located_in(clerked):
            if p in self.locations[loc].clerks:
                moves.append(ACTIVATE[loc])
        if moves:
            moves.append(DONE)
            self._ask("advanced", p, None, moves)

    def _moves_advanced(self, actor, context):
        return [ACTIVATE[loc] for loc, s in self.locations.items() if actor in s.clerks] + [DONE]

    def _on_advanced(self, actor, context, move):
        if isinstance(move, Activate):
            self._events.append((ADVANCED_ACTIVATION, actor, move.location, CLANS[actor],
                                 self.cat.place[move.location]))
            self._job_activate(move.location, 1)  # the next step: run at once
        else:
            self._events.append((STOPPED["advanced"], actor, CLANS[actor]))

    def _job_activate(self, loc, advanced):
        site = self.locations[loc]
        # (most Locations have no Overseer: then it is the empty Site, without a look-up)
        self.locations[loc] = (SITES.get(((), site.overseers)) or site.without_clerks()) if site.overseers else EMPTY
        bit = ~self.cat.clerk_bit[loc][0]
        self._clerked &= bit
        self._full &= bit
        present, effects, clerks = [], [], site.clerks
        for p in self.tea:
            k = clerks.count(p)
            if k:
                self.clans[p]["clerks"] += k
                present.append(_WITH_CLERKS[p][k])
                effects.append(("effect", loc, p, k, advanced))
        self._events.append((LOCATION_ACTIVATES, loc, bool(advanced), ", ".join(present), self.cat.place[loc]))
        if effects:  # the first clan's effect is asked for now (the next step), the others' wait in Tea order
            if len(effects) > 1:
                self._push_all(effects[1:])
            _, _, p, k, _ = effects[0]
            self._ask("effect", p, {"location": loc, "clerks": k, "advanced": advanced}, [*TAKE_OR_DECLINE])

    def _job_effect(self, loc, p, k, advanced):
        self._ask("effect", p, {"location": loc, "clerks": k, "advanced": advanced})

    def _moves_effect(self, actor, context):
        return [*TAKE_OR_DECLINE]

    def _on_effect(self, actor, context, move):
        loc, k = context["location"], context["clerks"]
        info = self.cat.locations[loc]
        if isinstance(move, Decline):
            self._events.append((EFFECT_DECLINED, actor, loc, CLANS[actor], self.cat.place[loc]))
            return
        self._events.append((EFFECT_TAKEN, actor, loc, CLANS[actor], self.cat.place[loc]))
        clan = self.clans[actor]
        kind = info["kind"]
        if kind == "production":
            res = info["resource"]
            own = self.locations[loc].overseers.count(actor)
            gain = k + own + ability(clan, "gather_bonus", self.cat)
            clan[res] += gain
            self._events.append((GATHERED, actor, loc, gain, CLANS[actor], res, k, own, self.cat.place[loc]))
        elif kind == "court":
            for _ in range(k * info["per_clerk"]):
                if self.advisor_track:
                    clan["active"].append(self.advisor_track.pop(0))
                if clan["clerk_supply"]:
                    clan["clerk_supply"] -= 1
                    clan["clerks"] += 1
            self._events.append((AT_COURT, actor, CLANS[actor], list(clan["active"]), clan["clerks"],
                                 self.cat.names(clan["active"])))
        elif kind == "war_room":  # its Tactics come with the Location's activation, like every Location effect
            for _ in range(k * info["per_clerk"]):
                self._draw_tactic(actor, TACTIC_DRAWN)
        shame = info["shame_icon"] and not context["advanced"]
        if shame:
            self._events.append((SHAME_ICON, actor, loc, CLANS[actor], self.cat.place[loc]))
        # the effect's own decisions come next and run now; the Shame token the Location brings waits for them
        if kind == "court" or kind == "war_room":
            if shame:
                self._job_give_shame(actor)
            return
        if shame:
            self._push(("give_shame", actor))
        if kind == "production":
            self._job_gathered(loc, actor, 0, 0)
        elif kind == "recruit":
            self._job_recruit(actor, k * info["per_clerk"])
        elif kind == "build":
            self._job_build(actor, k * info["per_clerk"])
        else:
            self._job_bazaar(actor, k * info["per_clerk"])

    # After gathering: Upgrade (TGW-24) and Donate (TGW-26)
    def _job_gathered(self, loc, p, upgraded, donated):
        self._offer("gathered", p, {"location": loc, "upgraded": upgraded, "donated": donated})

    def _moves_gathered(self, actor, context):
        clan, moves = self.clans[actor], []
        loc = context["location"]
        if not context["upgraded"] and clan["barracks"]["spearman"]:
            cost = overseer_cost(self.cat.locations[loc], len(self.locations[loc].overseers))
            if cost is not None and can_pay(cost, clan):
                moves.append(UPGRADE)
        if not context["donated"]:
            moves += [DONATE[r] for r in DONATABLE if clan[r]]
        return moves + [DONE]

    def _on_gathered(self, actor, context, move):
        loc, clan = context["location"], self.clans[actor]
        if isinstance(move, Done):
            self._events.append((STOPPED["gathered"], actor, CLANS[actor]))
            return
        if isinstance(move, Upgrade):
            site = self.locations[loc]
            slot = len(site.overseers)
            cost = overseer_cost(self.cat.locations[loc], slot)
            pay(cost, clan)
            clan["barracks"]["spearman"] -= 1
            self.locations[loc] = site.with_overseer(actor)
            bonus = ability(clan, "upgrade_honor", self.cat)
            clan["honor"] += bonus
            first = " (the first Overseer here: it counts as an Upgrade)" if slot == 0 else ""
            self._events.append((UPGRADED, actor, cost, CLANS[actor], loc, slot, first, bonus, self.cat.place[loc],
                                 Words((resource_words, cost))))
            self._job_gathered(loc, actor, 1, context["donated"])  # the next step: run at once
        else:
            clan[move.resource] -= 1
            self.warehouse[move.resource] += 1
            gain = 2 + ability(clan, "donate_honor", self.cat)
            clan["honor"] += gain
            self._events.append((DONATED, actor, move.resource, gain, CLANS[actor]))
            self._job_gathered(loc, actor, context["upgraded"], 1)  # the next step: run at once

    # Recruit, build, buy
    def _job_recruit(self, p, n):
        if n > 0:
            self._offer("recruit", p, {"left": n})

    def _moves_recruit(self, actor, context):
        clan, costs = self.clans[actor], self.cat.raw["recruit_costs"]
        return [RECRUIT[k] for k in SOLDIERS if clan["reserve"][k] and can_pay(costs[k], clan)] + [DONE]

    def _on_recruit(self, actor, context, move):
        if isinstance(move, Done):
            self._events.append((STOPPED["recruit"], actor, CLANS[actor]))
            return
        clan = self.clans[actor]
        pay(self.cat.raw["recruit_costs"][move.kind], clan)
        clan["reserve"][move.kind] -= 1
        clan["barracks"][move.kind] += 1
        self._events.append((RECRUITED, actor, move.kind, CLANS[actor], A_SOLDIER[move.kind]))
        self._job_recruit(actor, context["left"] - 1)  # the next step: run at once

    def _job_build(self, p, n):
        if n > 0:
            self._offer("build", p, {"left": n})

    def _moves_build(self, actor, context):
        clan, b, moves = self.clans[actor], self.cat.raw["board"], []
        for s, sec in enumerate(self.sections):
            if sec["wall"] < self.cat.max_wall and can_pay(b["wall_costs"][sec["wall"]], clan, self.warehouse):
                moves.append(BUILD["wall", s])
            if sec["barricades"] < b["barricade_slots"] and can_pay(b["barricade_cost"], clan, self.warehouse):
                moves.append(BUILD["barricade", s])
        return moves + [DONE]

    def _on_build(self, actor, context, move):
        if isinstance(move, Done):
            self._events.append((STOPPED["build"], actor, CLANS[actor]))
            return
        clan, b = self.clans[actor], self.cat.raw["board"]
        sec = self.sections[move.section]
        if move.what == "wall":
            paid = pay(b["wall_costs"][sec["wall"]], clan, self.warehouse)
            sec["wall"] += 1
            bonus = ability(clan, "wall_honor", self.cat)
            clan["honor"] += bonus
            what = f"the wall to level {sec['wall']} (+{bonus} Honor)"
        else:
            paid = pay(b["barricade_cost"], clan, self.warehouse)
            sec["barricades"] += 1
            what = "a Barricade"
        self._events.append((BUILT, actor, paid, CLANS[actor], what, move.section,
                             Words((resource_words, paid["warehouse"])),
                             Words((resource_words, paid["clan"]))))
        self._job_build(actor, context["left"] - 1)  # the next step: run at once

    def _job_bazaar(self, p, n):
        if n > 0:
            self._offer("bazaar", p, {"left": n})

    def _moves_bazaar(self, actor, context):
        clan = self.clans[actor]
        return [BUY[a] for a in self.artifacts if can_pay(self.cat.artifacts[a]["cost"], clan)] + [DONE]

    def _on_bazaar(self, actor, context, move):
        if isinstance(move, Done):
            self._events.append((STOPPED["bazaar"], actor, CLANS[actor]))
            return
        clan = self.clans[actor]
        pay(self.cat.artifacts[move.artifact]["cost"], clan)
        self.artifacts.remove(move.artifact)
        clan["artifacts"].append(move.artifact)
        self._events.append((ARTIFACT_BOUGHT, actor, move.artifact, CLANS[actor], self.cat.cards[move.artifact]))
        self._job_bazaar(actor, context["left"] - 1)  # the next step: run at once


def _with_clerks(p, k):
    """``Crane with 2 Clerks``: a clan at a Location that activates."""
    return f"{CLANS[p]} with {counted(k, 'Clerk', 'Clerks')}"


#: ``_with_clerks(p, k)`` for the clans and 0 to 10 Clerks (a Location has at most 10 Clerk slots: the data set's
#: schema), written once: the Activation's words were a call and a formatting for each clan at every Location that
#: activates.
_WITH_CLERKS = tuple(tuple(_with_clerks(p, k) for k in range(11)) for p in range(len(CLANS)))


def _present(clerks):
    """The Clerks at a Location by clan, ``Crane 2, Tiger 1``, written when the sentence is read (a Site's Clerks are
    a tuple: the words say what was there when the event was recorded)."""
    return ", ".join(f"{CLANS[q]} {clerks.count(q)}" for q in sorted(set(clerks)))


#: A Site's Clerks (a tuple of seats) -> ``Words((_present, clerks))``, made once (see :func:`_present_words`): a
#: Location waiting for more Clerks says so at every Activation step, and building a Words costs about 1,000 machine
#: instructions (a tuple subclass), a look-up here about 400.
_PRESENT: dict[tuple[int, ...], Words] = {}


def _present_words(clerks):
    """The words of the Clerks at a Location (:func:`_present`) once made for these Clerks; read as
    ``_PRESENT.get(clerks) or _present_words(clerks)``.

    >>> words = _present_words((1, 0, 1))
    >>> str(words), words == Words((_present, (1, 0, 1))), _PRESENT[(1, 0, 1)] is words
    ('Crane 1, Tiger 2', True, True)
    """
    words = _PRESENT[clerks] = Words((_present, clerks))
    return words


def _shown(chosen):
    """The Command cards revealed, by clan, ``Crane Levy, Tiger Charge``, written when the sentence is read:
    ``chosen`` is ``(cards by seat, the data set's Cards)``."""
    cards, named = chosen
    return ", ".join(f"{CLANS[int(p)]} {named[card].name}" for p, card in cards.items())
