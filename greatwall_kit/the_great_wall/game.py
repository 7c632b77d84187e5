"""The state machine of *The Great Wall*: Years, Seasons, steps and decisions.

The game keeps an agenda (``self.jobs``): a stack of small steps such as
``("assault", 1)`` or ``("effect", "quarry", 0, 2, 0)``. :meth:`_run` pops steps and
performs them until one needs a decision; it then sets ``self.prompt = [kind, player,
data]`` and waits. A move answers the prompt and may push more steps. The agenda is
plain JSON-able data, so a position is fully described by the state and the agenda.
"""

from dataclasses import dataclass

from ..engine import Game
from .catalog import SOLDIERS, load_catalog
from .combat import SAVE_COST, Breach, Defeat, assess_breach, assess_defeat
from .economy import DONATABLE, ability, can_pay, overseer_cost, pay
from .horde import KIND_LETTER, free_pairs, is_defeated, soldiers_on
from .moves import (NOTATION, Activate, Advisor, Archer, Build, Buy, Clerk, Command, Decline, Donate, Done, Fire,
                    General, Horseman, Reclaim, Recruit, Save, Shame, Slot, Spearman, Tactic, Take, TakeHonor,
                    Unshame, Upgrade)
from .sections import defense_value, new_section, wall_at_max

__all__ = ["TheGreatWall", "Options", "CLANS"]

#: The four clans' names: the kit's own invention (the published clans are not named on the sheet).
CLANS = ("Crane", "Tiger", "Dragon", "Phoenix")
SHAME_HONOR = 5


@dataclass(frozen=True)
class Options:
    """The kit's readings of the reference sheet (defaults: the kit's main reading).

    Attributes
    ----------
    data : str
        The card data set: a name in ``data/`` (``"sample"``, the kit's invented cards) or a JSON file path.
    fall_rounds : int
        Command cards each player plays per Fall (TGW-18).
    defeat_tie : str
        ``"tea_order"``: a tied majority claims by Tea order; ``"no_claim"``: nobody claims (TGW-34).
    breach_shame : str
        ``"per_card"``: one Shame per breaching card without your Soldier; ``"per_section"``: at most one (TGW-39).
    """

    data: str = "sample"
    fall_rounds: int = 2
    defeat_tie: str = "tea_order"
    breach_shame: str = "per_card"


class TheGreatWall(Game):
    """*The Great Wall* (Awaken Realms) from its reference sheet, with the kit's sample cards.

    Examples
    --------
    >>> from greatwall_kit.the_great_wall import new_game
    >>> g = new_game(players=2, seed=1)
    >>> g.season, g.to_act, [str(m) for m in g.legal_moves()]
    ('setup', 0, ['general g4', 'general g2'])
    """

    name = "the_great_wall"
    title = "The Great Wall"
    player_counts = range(1, 5)
    notation = NOTATION
    Options = Options
    player_names = CLANS

    # -- set-up -------------------------------------------------------------------------------

    def _init_state(self):
        from ..engine.errors import SetupError
        o = self.options
        if o.fall_rounds < 1 or o.fall_rounds > 6:
            raise SetupError(f"fall_rounds must be 1 to 6, not {o.fall_rounds!r}")
        if o.defeat_tie not in ("tea_order", "no_claim"):
            raise SetupError(f"defeat_tie must be 'tea_order' or 'no_claim', not {o.defeat_tie!r}")
        if o.breach_shame not in ("per_card", "per_section"):
            raise SetupError(f"breach_shame must be 'per_card' or 'per_section', not {o.breach_shame!r}")
        cat = self.cat = load_catalog(o.data)
        n = self.players
        b = cat.raw["board"]
        self.year = 0
        self.season = "setup"
        self.time = cat.time_start(n)
        self.shame_pool = cat.raw["clan"]["shame_per_player"] * n
        self.shame_out = 0
        self.sections = [new_section(b["barricade_slots"]) for _ in range(cat.sections(n))]
        self.locations = {loc: {"clerks": [], "overseers": []} for loc in cat.locations}
        self.warehouse = {r: 0 for r in DONATABLE}
        self.track = [[None] * b["command_track_slots"][str(n)] for _ in range(o.fall_rounds)]
        self.round = 0
        self.tea = list(range(n))
        soldiers = cat.raw["clan"]["soldiers"]
        self.clans = [{
            "honor": 0, "wood": 0, "stone": 0, "gold": 0, "chi": 0,
            "reserve": dict(soldiers), "barracks": {k: 0 for k in SOLDIERS}, "rest": {k: 0 for k in SOLDIERS},
            "disabled": [], "hand": [c["id"] for c in cat.raw["command_cards"]], "discard": [], "chosen": None,
            "clerks": cat.raw["clan"]["starting_clerks"],
            "clerk_supply": cat.raw["clan"]["clerks"] - cat.raw["clan"]["starting_clerks"],
            "general": None, "dealt": [], "dealt_advisors": [], "active": [], "support": [],
            "tactics": [], "trophies": [], "artifacts": [], "lost_honor": 0,
        } for _ in range(n)]
        self.horde_deck, self.horde_discard = list(cat.horde), []
        self.advisor_deck, self.advisor_track, self.advisor_discard = list(cat.advisors), [], []
        self.tactic_deck, self.tactic_discard = list(cat.tactics), []
        self.artifacts = list(cat.artifacts)
        self.jobs, self.prompt, self.combat = [], None, None
        self.results, self.final = [], None
        self.revealed = False

    def _setup(self):
        self._init_state()
        cat, rng, n = self.cat, self.rng, self.players
        self._emit(f"Cards: {cat.name} data set. {cat.notice}", "TGW-01")
        clan = cat.raw["clan"]
        self._emit(f"The Shame pool holds {self.shame_pool} tokens ({clan['shame_per_player']} per player).", "TGW-03",
                   pool=self.shame_pool)
        plural = {"spearman": "Spearmen", "archer": "Archers", "horseman": "Horsemen"}
        army = ", ".join(f"{v} {plural[k]}" for k, v in clan["soldiers"].items())
        self._emit(f"Each clan takes {clan['command_cards']} Command cards, {clan['clerks']} Clerks and "
                   f"{sum(clan['soldiers'].values())} Soldiers ({army}), a Screen, an Honor and a Tea marker.", "TGW-04")
        rng.shuffle(self.artifacts)
        self.artifacts = self.artifacts[:3]  # the rest are boxed
        rng.shuffle(self.horde_deck)
        for s in range(len(self.sections)):
            self._place_horde_card(s, "TGW-05")
        if n == 4:
            for s in cat.raw["board"]["invasion_indicators"].get("4", []):
                if s < len(self.sections):
                    self._place_horde_card(s, "TGW-05")
        self._emit(f"Each Barricade slot gets a Barricade: {sum(s['barricades'] for s in self.sections)} in all.",
                   "TGW-06")
        rng.shuffle(self.tactic_deck)
        generals = list(cat.generals)
        rng.shuffle(generals)
        rng.shuffle(self.advisor_deck)
        for p, clan in enumerate(self.clans):
            clan["dealt"] = generals[2 * p: 2 * p + 2]
            clan["dealt_advisors"] = [self.advisor_deck.pop(), self.advisor_deck.pop()]
            self._emit(f"{self._n(p)} is dealt Generals {clan['dealt']} and Advisors {clan['dealt_advisors']}.",
                       "TGW-07", private_to=(p,), generals=clan["dealt"], advisors=clan["dealt_advisors"])
        self._refill_advisors()
        self._emit(f"The Advisor track shows {self.advisor_track}.", "TGW-08", track=list(self.advisor_track))
        self._push(*[("choose_general", p) for p in range(n)], ("reveal_generals",), ("year",))
        self._run()

    def _place_horde_card(self, s, rule):
        """Put the top Horde card into section ``s`` (a Raid if the section is full)."""
        if not self.horde_deck:
            self._emit("The Horde deck is empty: no card comes.", rule)
            return
        card = self.horde_deck.pop()
        sec = self.sections[s]
        name = self.cat.horde[card]["name"]
        if len(sec["rows"]) >= self.cat.raw["board"]["rows"]:
            self.horde_discard.append(card)
            gone = min(self.players, self.shame_pool)
            self.shame_pool -= gone
            self.shame_out += gone
            self._emit(f"Raid! {name} ({card}) finds section {s} full: {gone} Shame token(s) leave the pool "
                       f"({self.shame_pool} left).", "TGW-46", card=card, section=s, removed=gone)
            return
        sec["rows"].append({"card": card, "spots": [None] * len(self.cat.horde[card]["spots"])})
        self._emit(f"{name} ({card}, power {self.cat.horde[card]['power']}) arrives in section {s}, "
                   f"row {len(sec['rows']) - 1}.", rule, card=card, section=s, row=len(sec["rows"]) - 1)

    def _refill_advisors(self):
        while len(self.advisor_track) < 4 and self.advisor_deck:
            self.advisor_track.append(self.advisor_deck.pop())

    def _setup_position(self, doc):
        from .position import setup_position
        self._init_state()
        setup_position(self, doc)
        self._run()

    # -- the agenda ---------------------------------------------------------------------------

    def _push(self, *jobs):
        """Schedule ``jobs`` to run next, in the order given."""
        self.jobs.extend(reversed(jobs))

    def _ask(self, kind, player, **data):
        self.prompt = [kind, player, data]

    def _run(self):
        jobs, table = self.jobs, _JOBS
        while self.prompt is None and jobs:
            job = jobs.pop()
            table[job[0]](self, *job[1:])

    def _n(self, p):
        return self.player_names[p]

    # -- the protocol hooks ---------------------------------------------------------------------

    def _to_act(self):
        return None if self.prompt is None else self.prompt[1]

    def _is_legal(self, move):
        return move in self._legal_list()

    def _legal_moves(self):
        kind, p, data = self.prompt
        return _LEGAL[kind](self, p, data)

    def _apply(self, move):
        kind, p, data = self.prompt
        self.prompt = None
        _ON[kind](self, p, data, move)
        self._run()

    def _explain(self, move):
        from .explain import explain
        return explain(self, move)

    # -- set-up choices (TGW-07, TGW-09, TGW-10) ------------------------------------------------

    def _job_choose_general(self, p):
        self._ask("general", p)

    def _legal_general(self, p, data):
        return [General(g) for g in self.clans[p]["dealt"]]

    def _on_general(self, p, data, move):
        self.clans[p]["general"] = move.card
        self._emit(f"{self._n(p)} keeps General {move.card}.", "TGW-07", private_to=(p,), general=move.card)
        self._ask("advisor", p)

    def _legal_advisor(self, p, data):
        return [Advisor(a) for a in self.clans[p]["dealt_advisors"]]

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
                self._draw_tactic(p)
            self._emit(f"{self._n(p)} reveals General {gen['name']} ({gen['id']}, Tea {gen['tea']}) and Active "
                       f"Advisor {clan['active'][0]}; takes {gen['start']} and {gen['start_tactics']} Tactic card(s); "
                       f"3 Clerks wait in the Clerk space.", "TGW-09", player=p, general=gen["id"])
        self.revealed = True
        self.tea = sorted(range(self.players), key=lambda p: (-cat.generals[self.clans[p]["general"]]["tea"], p))
        self._emit("Honor markers start at 0; Tea order: " + ", ".join(self._n(p) for p in self.tea) + ".",
                   "TGW-10", tea=list(self.tea))

    def _draw_tactic(self, p):
        if not self.tactic_deck:
            self.tactic_deck, self.tactic_discard = self.tactic_discard, []
            self.rng.shuffle(self.tactic_deck)
        if self.tactic_deck:
            card = self.tactic_deck.pop()
            self.clans[p]["tactics"].append(card)
            self._emit(f"{self._n(p)} draws Tactic {card}.", "TGW-09", private_to=(p,), card=card)

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
        for loc, state in self.locations.items():
            res = self.cat.locations[loc].get("resource")
            for p in state["overseers"]:
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
        return [Unshame(k) for k in range(min(len(clan["disabled"]), clan["chi"] // SAVE_COST) + 1)]

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
        return [Reclaim(), TakeHonor()]

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

    # -- Fall (TGW-18 to TGW-20) ----------------------------------------------------------------

    def _job_fall_round(self, r):
        self.season = "fall"
        self.round = r
        players = [p for p in range(self.players) if self.clans[p]["hand"]]
        if not players:
            return
        self._emit(f"Fall, round {r + 1}: every player chooses a Command card in secret.", "TGW-18", round=r)
        self._push(*[("choose_command", p) for p in players], ("reveal",))

    def _job_choose_command(self, p):
        self._ask("command", p)

    def _legal_command(self, p, data):
        return [Command(c) for c in self.clans[p]["hand"]]

    def _on_command(self, p, data, move):
        self.clans[p]["chosen"] = move.card
        self._emit(f"{self._n(p)} chooses {move.card} behind the Screen.", "TGW-18", private_to=(p,), card=move.card)

    def _job_reveal(self):
        chosen = [(p, c["chosen"]) for p, c in enumerate(self.clans) if c["chosen"] is not None]
        self._emit("Revealed: " + ", ".join(f"{self._n(p)} {c}" for p, c in chosen) + ".", "TGW-18",
                   cards={str(p): c for p, c in chosen})
        self._push(*[("place_card", p) for p in self.tea if self.clans[p]["chosen"] is not None], ("resolve_track",))

    def _job_place_card(self, p):
        free = [i for i, e in enumerate(self.track[self.round]) if e is None]
        if len(free) == 1:
            self._put_card(p, free[0])
        else:
            self._ask("slot", p)

    def _legal_slot(self, p, data):
        return [Slot(i) for i, e in enumerate(self.track[self.round]) if e is None]

    def _on_slot(self, p, data, move):
        self._put_card(p, move.slot)

    def _put_card(self, p, slot):
        card = self.clans[p]["chosen"]
        self.clans[p]["chosen"] = None
        self.clans[p]["hand"].remove(card)
        self.track[self.round][slot] = [p, card]
        self._emit(f"{self._n(p)} puts {card} on Command track slot {slot}.", "TGW-19", player=p, slot=slot)

    def _job_resolve_track(self):
        jobs = [("resolve_slot", i) for i, e in enumerate(self.track[self.round]) if e is not None]
        self._push(*jobs)

    def _job_resolve_slot(self, i):
        p, card = self.track[self.round][i]
        c = self.cat.commands[card]
        self._emit(f"Slot {i}: {self._n(p)}'s {card} resolves: Command step, Activation step, Defeat check.",
                   "TGW-20", player=p, card=card)
        jobs = []
        if c["clerks"]:
            jobs.append(("clerks", p, c["clerks"]))
        if c["deploy"]:
            jobs.append(("deploy", p, c["deploy"]))
        if c["tactic"]:
            jobs.append(("tactic", p))
        jobs += [("activation", p, int(c["advanced"])), ("defeat_check",)]
        self._push(*jobs)

    # Command step: Clerks (TGW-27)
    def _job_clerks(self, p, n):
        if self.clans[p]["clerks"] and self._free_locations():
            self._ask("clerk", p, left=n)

    def _free_locations(self):
        cat = self.cat
        return [loc for loc, s in self.locations.items() if len(s["clerks"]) < cat.locations[loc]["clerk_slots"]]

    def _legal_clerk(self, p, data):
        return [Clerk(loc) for loc in self._free_locations()] + [Done()]

    def _on_clerk(self, p, data, move):
        if isinstance(move, Done):
            return
        self.clans[p]["clerks"] -= 1
        self.locations[move.location]["clerks"].append(p)
        self._emit(f"{self._n(p)} places a Clerk at {move.location}.", "TGW-27", player=p, location=move.location)
        if data["left"] > 1:
            self._push(("clerks", p, data["left"] - 1))

    # Command step: Soldiers (TGW-30 to TGW-32)
    def _job_deploy(self, p, n):
        if len(self._legal_deploy(p, None)) > 1:
            self._ask("deploy", p, left=n)

    def _legal_deploy(self, p, data):
        moves = []
        ready = self.clans[p]["barracks"]
        firing = self.cat.raw["board"]["firing_spots"]
        for s, sec in enumerate(self.sections):
            rows = sec["rows"]
            if not rows:
                continue
            if ready["spearman"]:
                moves += [Spearman(s, i) for i, o in enumerate(rows[0]["spots"]) if o is None]
            if ready["horseman"]:
                moves += [Horseman(s, r, i) for r, c in enumerate(rows) for i in free_pairs(c["spots"])]
            if ready["archer"] and len(sec["archers"]) < firing:
                moves += [Archer(s, r, i) for r, c in enumerate(rows) for i, o in enumerate(c["spots"]) if o is None]
        return moves + [Done()]

    def _on_deploy(self, p, data, move):
        if isinstance(move, Done):
            return
        clan = self.clans[p]
        if isinstance(move, Spearman):
            card = self.sections[move.section]["rows"][0]
            card["spots"][move.spot] = f"S{p}"
            clan["barracks"]["spearman"] -= 1
            reward = self.cat.horde[card["card"]]["spots"][move.spot]
            if reward is not None:
                clan[reward] += 1
            self._emit(f"{self._n(p)}'s Spearman takes spot {move.spot} of {card['card']} in section "
                       f"{move.section} and gains {reward or 'nothing'}.", "TGW-30", player=p, reward=reward)
        elif isinstance(move, Horseman):
            card = self.sections[move.section]["rows"][move.row]
            card["spots"][move.spot] = card["spots"][move.spot + 1] = f"H{p}"
            clan["barracks"]["horseman"] -= 1
            self._emit(f"{self._n(p)}'s Horseman covers spots {move.spot} and {move.spot + 1} of {card['card']} "
                       f"(section {move.section}, row {move.row}).", "TGW-31", player=p)
        else:
            sec = self.sections[move.section]
            sec["archers"].append(p)
            clan["barracks"]["archer"] -= 1
            card = sec["rows"][move.row]
            card["spots"][move.spot] = "W"
            self._emit(f"{self._n(p)}'s Archer takes a Firing spot of section {move.section} and wounds spot "
                       f"{move.spot} of {card['card']} (no reward).", "TGW-32", player=p)
        if data["left"] > 1:
            self._push(("deploy", p, data["left"] - 1))

    # Command step: Tactic cards
    def _job_tactic(self, p):
        if self.clans[p]["tactics"]:
            self._ask("tactic", p)

    def _legal_tactic(self, p, data):
        return [Tactic(t) for t in self.clans[p]["tactics"]] + [Done()]

    def _on_tactic(self, p, data, move):
        if isinstance(move, Done):
            return
        clan = self.clans[p]
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
            what = f"{t['value']} {t['effect']}"
        self._emit(f"{self._n(p)} plays Tactic {move.card}: {what}.", "TGW-20", player=p, card=move.card)

    # Activation step (TGW-20, TGW-28, TGW-29)
    def _job_activation(self, p, advanced):
        cat = self.cat
        full = [loc for loc, s in self.locations.items() if len(s["clerks"]) >= cat.locations[loc]["clerk_slots"]]
        self._push(*[("activate", loc, 0) for loc in full], *([("advanced", p)] if advanced else []))

    def _job_advanced(self, p):
        if any(p in s["clerks"] for s in self.locations.values()):
            self._ask("advanced", p)

    def _legal_advanced(self, p, data):
        return [Activate(loc) for loc, s in self.locations.items() if p in s["clerks"]] + [Done()]

    def _on_advanced(self, p, data, move):
        if isinstance(move, Activate):
            self._emit(f"{self._n(p)} uses Advanced Activation on {move.location}: its Shame icon is ignored.",
                       "TGW-29", player=p, location=move.location)
            self._push(("activate", move.location, 1))

    def _job_activate(self, loc, advanced):
        clerks = self.locations[loc]["clerks"]
        counts = {p: clerks.count(p) for p in self.tea if p in clerks}
        self.locations[loc]["clerks"] = []
        for p, k in counts.items():
            self.clans[p]["clerks"] += k
        self._emit(f"{loc} activates: " + ", ".join(f"{self._n(p)} with {k} Clerk(s)" for p, k in counts.items())
                   + "; the Clerks go home.", "TGW-27", location=loc, advanced=bool(advanced))
        self._push(*[("effect", loc, p, k, advanced) for p, k in counts.items()])

    def _job_effect(self, loc, p, k, advanced):
        self._ask("effect", p, location=loc, clerks=k, advanced=advanced)

    def _legal_effect(self, p, data):
        return [Take(), Decline()]

    def _on_effect(self, p, data, move):
        loc, k = data["location"], data["clerks"]
        info = self.cat.locations[loc]
        if isinstance(move, Decline):
            self._emit(f"{self._n(p)} declines the effect of {loc}.", "TGW-28", player=p, location=loc)
            return
        clan = self.clans[p]
        jobs = []
        kind = info["kind"]
        if kind == "production":
            res = info["resource"]
            own = self.locations[loc]["overseers"].count(p)
            gain = k + own + ability(clan, "gather_bonus", self.cat)
            clan[res] += gain
            self._emit(f"{self._n(p)} gathers {gain} {res} at {loc} ({k} Clerk(s), {own} Overseer(s)).", "TGW-27",
                       player=p, location=loc, gain=gain)
            jobs.append(("gathered", loc, p, 0, 0))
        elif kind == "recruit":
            jobs.append(("recruit", p, k * info["per_clerk"]))
        elif kind == "build":
            jobs.append(("build", p, k * info["per_clerk"]))
        elif kind == "bazaar":
            jobs.append(("bazaar", p, k * info["per_clerk"]))
        elif kind == "court":
            for _ in range(k * info["per_clerk"]):
                if self.advisor_track:
                    clan["active"].append(self.advisor_track.pop(0))
                if clan["clerk_supply"]:
                    clan["clerk_supply"] -= 1
                    clan["clerks"] += 1
            self._emit(f"{self._n(p)} at court: Active Advisors {clan['active']}, {clan['clerks']} Clerk(s) at "
                       f"home.", "TGW-27", player=p)
        else:
            for _ in range(k * info["per_clerk"]):
                self._draw_tactic(p)
        if info["shame_icon"] and not data["advanced"]:
            self._emit(f"{loc} shows a Shame icon: {self._n(p)} takes a Shame token.", "TGW-29", player=p)
            jobs.append(("give_shame", p))
        self._push(*jobs)

    # After gathering: Upgrade (TGW-24) and Donate (TGW-26)
    def _job_gathered(self, loc, p, upgraded, donated):
        if len(self._legal_gathered(p, {"location": loc, "upgraded": upgraded, "donated": donated})) > 1:
            self._ask("gathered", p, location=loc, upgraded=upgraded, donated=donated)

    def _legal_gathered(self, p, data):
        clan, moves = self.clans[p], []
        loc = data["location"]
        if not data["upgraded"] and clan["barracks"]["spearman"]:
            cost = overseer_cost(self.cat.locations[loc], len(self.locations[loc]["overseers"]))
            if cost is not None and can_pay(cost, clan):
                moves.append(Upgrade())
        if not data["donated"]:
            moves += [Donate(r) for r in DONATABLE if clan[r]]
        return moves + [Done()]

    def _on_gathered(self, p, data, move):
        loc, clan = data["location"], self.clans[p]
        if isinstance(move, Done):
            return
        if isinstance(move, Upgrade):
            over = self.locations[loc]["overseers"]
            cost = overseer_cost(self.cat.locations[loc], len(over))
            pay(cost, clan)
            clan["barracks"]["spearman"] -= 1
            over.append(p)
            bonus = ability(clan, "upgrade_honor", self.cat)
            clan["honor"] += bonus
            first = " (the first Overseer here: it counts as an Upgrade)" if len(over) == 1 else ""
            self._emit(f"{self._n(p)} Upgrades {loc}: pays {cost} printed on Overseer slot {len(over) - 1}, "
                       f"a Spearman becomes its Overseer{first}; +{bonus} Honor.", "TGW-24", player=p, cost=cost)
            self._push(("gathered", loc, p, 1, data["donated"]))
        else:
            clan[move.resource] -= 1
            self.warehouse[move.resource] += 1
            gain = 2 + ability(clan, "donate_honor", self.cat)
            clan["honor"] += gain
            self._emit(f"{self._n(p)} donates 1 {move.resource} to the Warehouse and gains {gain} Honor.", "TGW-26",
                       player=p, resource=move.resource, honor=gain)
            self._push(("gathered", loc, p, data["upgraded"], 1))

    # Recruit, build, buy
    def _job_recruit(self, p, n):
        if n > 0 and len(self._legal_recruit(p, None)) > 1:
            self._ask("recruit", p, left=n)

    def _legal_recruit(self, p, data):
        clan, costs = self.clans[p], self.cat.raw["recruit_costs"]
        return [Recruit(k) for k in SOLDIERS if clan["reserve"][k] and can_pay(costs[k], clan)] + [Done()]

    def _on_recruit(self, p, data, move):
        if isinstance(move, Done):
            return
        clan = self.clans[p]
        pay(self.cat.raw["recruit_costs"][move.kind], clan)
        clan["reserve"][move.kind] -= 1
        clan["barracks"][move.kind] += 1
        self._emit(f"{self._n(p)} recruits a {move.kind}.", "TGW-04", player=p, kind=move.kind)
        self._push(("recruit", p, data["left"] - 1))

    def _job_build(self, p, n):
        if n > 0 and len(self._legal_build(p, None)) > 1:
            self._ask("build", p, left=n)

    def _legal_build(self, p, data):
        clan, b, moves = self.clans[p], self.cat.raw["board"], []
        for s, sec in enumerate(self.sections):
            if sec["wall"] < self.cat.max_wall and can_pay(b["wall_costs"][sec["wall"]], clan, self.warehouse):
                moves.append(Build("wall", s))
            if sec["barricades"] < b["barricade_slots"] and can_pay(b["barricade_cost"], clan, self.warehouse):
                moves.append(Build("barricade", s))
        return moves + [Done()]

    def _on_build(self, p, data, move):
        if isinstance(move, Done):
            return
        clan, b = self.clans[p], self.cat.raw["board"]
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
        self._emit(f"{self._n(p)} builds {what} on section {move.section}, paying {paid['warehouse']} from the "
                   f"Warehouse first and {paid['clan']} from their own stock.", "TGW-25", player=p, paid=paid)
        self._push(("build", p, data["left"] - 1))

    def _job_bazaar(self, p, n):
        if n > 0 and len(self._legal_bazaar(p, None)) > 1:
            self._ask("bazaar", p, left=n)

    def _legal_bazaar(self, p, data):
        clan = self.clans[p]
        return [Buy(a) for a in self.artifacts if can_pay(self.cat.artifacts[a]["cost"], clan)] + [Done()]

    def _on_bazaar(self, p, data, move):
        if isinstance(move, Done):
            return
        clan = self.clans[p]
        pay(self.cat.artifacts[move.artifact]["cost"], clan)
        self.artifacts.remove(move.artifact)
        clan["artifacts"].append(move.artifact)
        self._emit(f"{self._n(p)} buys Artifact {move.artifact}.", "TGW-48", player=p, artifact=move.artifact)
        self._push(("bazaar", p, data["left"] - 1))

    # -- Shame (TGW-43 to TGW-45) -----------------------------------------------------------------

    def _job_give_shame(self, p):
        clan = self.clans[p]
        if self.shame_pool == 0:
            lost = min(SHAME_HONOR, clan["honor"])
            clan["honor"] -= lost
            clan["lost_honor"] += lost
            self._emit(f"The Shame pool is empty: {self._n(p)} loses {SHAME_HONOR} Honor at once (to "
                       f"{clan['honor']}).", "TGW-45", player=p)
            return
        options = self._legal_shame(p, None)
        if len(options) > 1:
            self._ask("shame", p)
        elif options:
            self._on_shame(p, None, options[0])
        else:
            self.shame_pool -= 1
            self.shame_out += 1
            lost = min(SHAME_HONOR, clan["honor"])
            clan["honor"] -= lost
            self._emit(f"{self._n(p)} can place the Shame token nowhere: it leaves the game and {self._n(p)} "
                       f"loses {SHAME_HONOR} Honor at once.", "TGW-45", player=p)

    def _shame_soldier_kind(self, p):
        clan = self.clans[p]
        for where in ("reserve", "barracks"):
            for kind in SOLDIERS:
                if clan[where][kind]:
                    return where, kind
        return None

    def _legal_shame(self, p, data):
        moves = [Shame("soldier")] if self._shame_soldier_kind(p) else []
        return moves + [Shame(card) for card, shamed in self.clans[p]["trophies"] if not shamed]

    def _on_shame(self, p, data, move):
        clan = self.clans[p]
        self.shame_pool -= 1
        if move.target == "soldier":
            where, kind = self._shame_soldier_kind(p)
            clan[where][kind] -= 1
            if where == "barracks" and isinstance(self.combat, Breach):
                self.combat = None  # its victims may include this Soldier
            clan["disabled"].append(kind)
            self._emit(f"{self._n(p)} puts a Shame token under a {kind} from the {where}: that Soldier is disabled "
                       f"and the token will cost {SHAME_HONOR} Honor.", "TGW-43", player=p, kind=kind)
        else:
            for t in clan["trophies"]:
                if t[0] == move.target and not t[1]:
                    t[1] = True
                    break
            self._emit(f"{self._n(p)} puts a Shame token on the slot of claimed Horde card {move.target}: it costs "
                       f"no Honor, but the card gives no reward.", "TGW-44", player=p, card=move.target)

    # -- Defeat (TGW-33 to TGW-37) ----------------------------------------------------------------

    def _job_defeat_check(self):
        for s, sec in enumerate(self.sections):
            for r, card in enumerate(sec["rows"]):
                if is_defeated(card["spots"]):
                    d = assess_defeat(s, r, self.cat.horde[card["card"]], card["spots"], sec["archers"],
                                      self._lethality(), self.tea, self.players, self.options.defeat_tie)
                    self._start_combat(d)
                    self._defeat_rewards(d)
                    self._push(*[("ask_save", p) for p in self.tea if d.victims[p]], ("defeat_finish",),
                               ("defeat_check",))
                    return

    def _start_combat(self, evidence):
        self.combat = evidence  # a frozen Defeat or Breach, completed by the owners' Save decisions

    def _job_ask_save(self, p):
        ev = self.combat
        most = min(len(ev.victims[p]), self.clans[p]["chi"] // SAVE_COST)
        if most > 0:
            self._ask("save", p)

    def _legal_save(self, p, data):
        ev = self.combat
        return [Save(k) for k in range(min(len(ev.victims[p]), self.clans[p]["chi"] // SAVE_COST) + 1)]

    def _on_save(self, p, data, move):
        saved = list(self.combat.saved)
        saved[p] = move.count
        self.combat = self.combat.with_saves(saved)
        self.clans[p]["chi"] -= SAVE_COST * move.count
        self._emit(f"{self._n(p)} pays {SAVE_COST * move.count} Chi to Save {move.count} Soldier(s)." if move.count
                   else f"{self._n(p)} Saves none of the Soldiers about to be Killed.",
                   "TGW-37" if isinstance(self.combat, Defeat) else "TGW-40", player=p, count=move.count)

    def _defeat_rewards(self, d):
        """Claim and Honor (they do not depend on the Saves still to be decided)."""
        name = d.card_name
        if d.claimant is None:
            self._emit(f"{name} is Defeated; nobody claims it.", "TGW-34", card=d.card)
        else:
            self.clans[d.claimant]["trophies"].append([d.card, False])
            self._emit(f"{name} is Defeated: {self._n(d.claimant)} covers most spots ({d.covers}) and claims it.",
                       "TGW-34", card=d.card, claimant=d.claimant, covers=list(d.covers))
            bonus = ability(self.clans[d.claimant], "defeat_honor", self.cat)
            if bonus:
                self.clans[d.claimant]["honor"] += bonus
                self._emit(f"{self._n(d.claimant)}'s ability adds {bonus} Honor for the claim.", "TGW-34")
        for p in range(self.players):
            clan = self.clans[p]
            if d.soldier_honor[p]:
                clan["honor"] += d.soldier_honor[p]
                self._emit(f"{self._n(p)} had a Soldier on {name}: +2 Honor.", "TGW-35", player=p)
            if d.archer_honor[p]:
                clan["honor"] += d.archer_honor[p]
                self._emit(f"{self._n(p)} has {d.archers[p]} Archer(s) in section {d.section}'s Firing spots: "
                           f"+{d.archer_honor[p]} Honor.", "TGW-36", player=p)

    def _job_defeat_finish(self):
        d, self.combat = self.combat, None
        card = self.sections[d.section]["rows"].pop(d.row)
        if d.claimant is None:
            self.horde_discard.append(d.card)
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
                self._emit(f"Lethality {d.lethality}: {self._n(p)} loses {[k for k, _ in d.victims[p]]}; "
                           f"{len(saved)} Saved to the Rest Zone, {len(killed)} Killed.", "TGW-37", player=p)
        self.results.append(d)

    # -- Winter (TGW-21 to TGW-23, TGW-38 to TGW-42) ------------------------------------------------

    def _job_winter(self):
        self.season = "winter"
        self._emit("Winter: the Firing phase, leftmost section first; Soldiers in the Rest Zone do not shoot.",
                   "TGW-21")
        n = len(self.sections)
        self._push(*[("firing", s) for s in range(n)], ("defeat_check",), *[("assault", s) for s in range(n)],
                   ("discard_barricades",))

    def _job_firing(self, s):
        self._push(*[("fire", s, p) for p in self.sections[s]["archers"]])

    def _job_fire(self, s, p):
        if len(self._legal_fire(p, {"section": s})) > 0:
            self._ask("fire", p, section=s)

    def _legal_fire(self, p, data):
        rows = self.sections[data["section"]]["rows"]
        return [Fire(r, i) for r, c in enumerate(rows) for i, o in enumerate(c["spots"]) if o is None]

    def _on_fire(self, p, data, move):
        s = data["section"]
        card = self.sections[s]["rows"][move.row]
        card["spots"][move.spot] = "W"
        self._emit(f"{self._n(p)}'s Archer in section {s} fires: a Wound on spot {move.spot} of {card['card']}.",
                   "TGW-21", player=p, section=s)

    def _defense(self, s):
        sec = self.sections[s]
        return defense_value(self.cat.wall_values[sec["wall"]], sec["barricades"])

    def _assess(self, s):
        sec = self.sections[s]
        return assess_breach(s, sec["rows"], self.cat, sec["wall"], sec["barricades"], sec["archers"],
                             self._lethality(), [c["barracks"] for c in self.clans], self.players,
                             self.options.breach_shame)

    def _job_assault(self, s):
        b = self._assess(s)
        if not b.breached:
            self._emit(f"Section {s} holds: Offensive Power {b.power} against Defense {b.defense} "
                       f"(wall {b.wall_value} + 2 x {b.barricades} Barricades).", "TGW-22", section=s,
                       power=b.power, defense=b.defense)
            self.results.append(b)
            return
        self._emit(f"BREACH in section {s}: Offensive Power {b.power} beats Defense {b.defense} "
                   f"(wall {b.wall_value} + 2 x {b.barricades} Barricades).", "TGW-38", section=s,
                   power=b.power, defense=b.defense)
        for p, card in b.shamed:
            self._emit(f"{self._n(p)} has no Soldier on breaching {card}: 1 Shame token.", "TGW-39", player=p)
        self._start_combat(b)
        if not b.shamed:
            self._push(*[("ask_save", p) for p in self.tea if b.victims[p]], ("breach_finish",))
            return
        self._push(*[("give_shame", p) for p, _ in b.shamed], ("breach_kills", s))

    def _job_breach_kills(self, s):
        b = self.combat
        if b is None:  # a Shame token disabled a Soldier of the Barracks: the victims must be read again
            b = self._assess(s)
            self._start_combat(b)
        self._push(*[("ask_save", p) for p in self.tea if b.victims[p]], ("breach_finish",))

    def _job_breach_finish(self):
        b, self.combat = self.combat, None
        sec = self.sections[b.section]
        for p in range(self.players):
            clan = self.clans[p]
            for i, (kind, row, spot) in enumerate(b.victims[p]):
                to = "rest" if i < b.saved[p] else "reserve"
                if row < 0:
                    clan["barracks"][kind] -= 1
                else:
                    spots = sec["rows"][row]["spots"]
                    spots[spot] = "W"
                    if kind == "horseman":
                        spots[spot + 1] = "W"
                clan[to][kind] += 1
            if b.victims[p]:
                wound = "; Wound markers take their places on the cards" if any(r >= 0 for _, r, _ in b.victims[p]) \
                    else ""
                self._emit(f"{self._n(p)} loses {[k for k, _, _ in b.victims[p]]} to the Breach (all at once): "
                           f"{b.saved[p]} Saved to the Rest Zone, {len(b.killed[p])} Killed{wound}.", "TGW-40",
                           player=p)
            if b.archers_killed[p]:
                clan["reserve"]["archer"] += b.archers_killed[p]
                self._emit(f"{self._n(p)}'s {b.archers_killed[p]} Archer(s) on section {b.section} are Killed; "
                           f"the Rest Zone is safe.", "TGW-41", player=p)
        sec["archers"] = []
        self.results.append(b)

    def _job_discard_barricades(self):
        for sec in self.sections:
            sec["barricades"] = 0
        self._emit("After the Assault all Barricades are discarded.", "TGW-22")

    def _job_end_check(self):
        reasons = []
        if wall_at_max(self.sections, self.cat.max_wall):
            reasons.append(f"all {len(self.sections)} walls are at the top level")
        if self.shame_pool == 0:
            reasons.append("the Shame pool is empty")
        if self.time >= len(self.cat.time_slots) - 1:
            reasons.append("the Time token is on the last slot")
        if not reasons:
            self._emit(f"End Game check after Winter of Year {self.year}: the game goes on; the Rest Zone returns "
                       "to the Barracks.", "TGW-23")
            for clan in self.clans:
                for k in SOLDIERS:
                    clan["barracks"][k] += clan["rest"][k]
                    clan["rest"][k] = 0
            self._push(("year",))
            return
        self._emit("The game ends: " + "; ".join(reasons) + ".", "TGW-47", reasons=reasons)
        self.end_reason = "; ".join(reasons)
        self._final_scoring()

    def _final_scoring(self):
        from .scoring import final_scores
        self.season = "over"
        self.final = final_scores(self)
        for p, f in enumerate(self.final):
            self._emit(f"{self._n(p)}: {f.honor} Honor - {f.shame_penalty} for {f.shame} Shame token(s) = "
                       f"{f.after_shame} (never below 0) + {f.horde} from claimed Horde cards + {f.artifacts} from "
                       f"Artifacts = {f.total}.", "TGW-48", player=p, total=f.total)
        win = self.winners()
        self._emit(f"{self._n(win[0])} wins (ties go to the higher Tea position).", "TGW-49", winner=win[0])

    # -- results ---------------------------------------------------------------------------------

    def _scores(self):
        if self.final is not None:
            return [f.total for f in self.final]
        return [c["honor"] for c in self.clans]

    def winners(self):
        """The winner: the most Honor; a tie goes to the higher Tea position (TGW-49)."""
        if not self.is_over:
            return ()
        scores = self.scores()
        best = max(scores)
        return (min((p for p in range(self.players) if scores[p] == best), key=self.tea.index),)

    def _end_reason(self):
        return getattr(self, "end_reason", "the game is over")

    @property
    def lethality(self):
        """The Lethality shown on the Time track now."""
        return self._lethality()

    def defense(self, section):
        """The Defense value of a section now (TGW-38)."""
        return self._defense(section)

    def _snapshot(self):
        from .position import snapshot
        return snapshot(self)

    def _view(self, player):
        from .position import view
        return view(self, player)

    def graph(self):
        from .picture import graph
        return graph(self)

    def _repr_svg_(self):
        from .picture import svg
        return svg(self)


# Dispatch tables (name -> function), built once: the agenda runs thousands of steps per second.
_JOBS = {k[5:]: v for k, v in vars(TheGreatWall).items() if k.startswith("_job_")}
_LEGAL = {k[7:]: v for k, v in vars(TheGreatWall).items() if k.startswith("_legal_") and k != "_legal_moves"}
_ON = {k[4:]: v for k, v in vars(TheGreatWall).items() if k.startswith("_on_")}
