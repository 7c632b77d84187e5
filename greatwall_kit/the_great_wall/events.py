"""Every kind of event *The Great Wall* records, declared once: its rule, its sentence and its data's names.

The rules record an event as ``game._events.append((KIND, *values))``: the values of the kind's ``fields`` (the event's
data, in this order), then of its ``words`` (names only the sentence uses). Whatever reads the log finds events by
kind (``event.kind is BREACH``): :func:`~.procedure.resolutions`, :func:`~.figures.stats` and the pinned table of
kinds (``tests/soak/event_kinds.json``).

Where one sentence served two rules (a Horde card arriving at set-up or in Spring, a Save in a Defeat or a
Breach), it is two kinds: a kind cites one rule.

>>> BREACH.rule, BREACH.fields
('TGW-22', ('section', 'power', 'defense', 'wall', 'barricades'))
>>> BREACH.event(1, 9, 4, 2, 1).sentence
'BREACH in section 1: Offensive Power 9 beats Defense 4 (wall 2 + 2 x 1 Barricades).'
"""

from ..engine.log import EventKind

_ASSAULT = ("section", "power", "defense", "wall", "barricades")
_SAVED = "{who} pays {chi} Chi to Save {count:Soldier|Soldiers}."
_SAVED_NONE = "{who} Saves none of the Soldiers about to be Killed."
_SAVE_FIELDS = ("player", "count", "who", "chi")
_ARRIVES = "{name} ({card}, power {power}) arrives in section {section}, row {row}."
_ARRIVES_FIELDS = ("card", "section", "row", "name", "power")
_EMPTY = "The Horde deck is empty: no card comes."
_DRAWS = "{who} draws Tactic {tactic}: {tactic.effect}."

# -- set-up (TGW-01 to TGW-10) -----------------------------------------------------------------------------------
DATA_SET = EventKind("data_set", "TGW-01", "Cards: {data_set} data set. {notice}", (), ("data_set", "notice"))
SHAME_POOL = EventKind("shame_pool", "TGW-03", "The Shame pool holds {pool} tokens ({per_player} per player).",
                       ("pool",), ("per_player",))
CLAN_SUPPLY = EventKind("clan_supply", "TGW-04", "Each clan takes {cards} Command cards, {clerks} Clerks and "
                        "{soldiers} Soldiers ({army}), a Screen, an Honor and a Tea marker.", (),
                        ("cards", "clerks", "soldiers", "army"))
HORDE_SETUP = EventKind("horde_setup", "TGW-05", _ARRIVES, _ARRIVES_FIELDS)
HORDE_EMPTY_SETUP = EventKind("horde_empty_setup", "TGW-05", _EMPTY)
BARRICADES_SETUP = EventKind("barricades_setup", "TGW-06", "Each Barricade slot gets a Barricade: {count} in all.",
                             (), ("count",))
DEALT = EventKind("dealt", "TGW-07", "{who} is dealt Generals {general_names}; Advisors {advisor_names}.",
                  ("generals", "advisors", "who"), ("general_names", "advisor_names"))
GENERAL_KEPT = EventKind("general_kept", "TGW-07", "{who} keeps General {card}: {card.effect}", ("general", "who"),
                         ("card",))
ADVISOR_CHOSEN = EventKind("advisor_chosen", "TGW-07", "{who} makes {active_card} the Active Advisor; "
                           "{support_card} supports face down.", ("active", "support", "who"),
                           ("active_card", "support_card"))
ADVISOR_TRACK = EventKind("advisor_track", "TGW-08", "The Advisor track shows {names}.", ("track",), ("names",))
GENERAL_REVEALED = EventKind(
    "general_revealed", "TGW-09", "{who} reveals General {name} ({general}, Tea {tea}) and Active Advisor "
    "{active_card}; takes {resources} and {tactics:Tactic card|Tactic cards}; 3 Clerks wait in the Clerk space.",
    ("player", "general", "who", "name", "tea", "active", "start", "tactics"), ("active_card", "resources"))
TACTIC_DRAWN_SETUP = EventKind("tactic_drawn_setup", "TGW-09", _DRAWS, ("card", "who"), ("tactic",))
TEA_ORDER = EventKind("tea_order", "TGW-10", "Honor markers start at 0; Tea order: {order}.", ("tea",), ("order",))

# -- the Year, Spring and Summer (TGW-02, TGW-11 to TGW-17) -------------------------------------------------------
YEAR_ONE = EventKind("year_one", "TGW-02", "Year {year} begins; the first Year skips Spring and Summer.", ("year",))
YEAR = EventKind("year", "TGW-02", "Year {year} begins.", ("year",))
SPRING = EventKind("spring", "TGW-11", "Spring: the Time token advances to slot {time} (new Horde {horde}, "
                   "Lethality {lethality}).", ("time", "horde", "lethality"))
HORDE_ARRIVES = EventKind("horde_arrives", "TGW-12", _ARRIVES, _ARRIVES_FIELDS)
HORDE_EMPTY = EventKind("horde_empty", "TGW-12", _EMPTY)
ADVISORS_DROPPED = EventKind("advisors_dropped", "TGW-13", "The Advisor track drops {gone_names}; it shows "
                             "{names}.", ("track", "gone"), ("gone_names", "names"))
OVERSEER_BRINGS = EventKind("overseer_brings", "TGW-14", "{who}'s Overseer at {place} brings 1 {resource}.",
                            ("player", "location", "who", "resource", "place"))
ADVISOR_CHI = EventKind("advisor_chi", "TGW-14", "{who}'s Advisor brings {chi} Chi.", ("player", "who", "chi"))
UNSHAMED = EventKind("unshamed", "TGW-15", "{who} pays {chi} Chi to discard {count:Shame token|Shame tokens}.",
                     ("player", "count", "who", "chi"))
TRACK_CLEARED = EventKind("track_cleared", "TGW-16",
                          "The Command cards on the Command track go to their owners' discards.")
RECLAIMED = EventKind("reclaimed", "TGW-17", "{who} takes back {names}.", ("player", "who", "cards"), ("names",))
DISCARD_KEPT = EventKind("discard_kept", "TGW-17", "{who} leaves {cards:card|cards} in the discard and gains {honor} "
                         "Honor.", ("player", "honor", "who", "cards"))

# -- Fall: Command cards (TGW-18 to TGW-20) -----------------------------------------------------------------------
FALL_ROUND = EventKind("fall_round", "TGW-18", "Fall, round {number}: every player chooses a Command card in secret.",
                       ("round", "number"))
COMMAND_CHOSEN = EventKind("command_chosen", "TGW-18", "{who} chooses {command} behind the Screen: "
                           "{command.effect}.", ("card", "who"), ("command",))
REVEALED = EventKind("revealed", "TGW-18", "Revealed: {shown}.", ("cards", "shown"))
CARD_PLACED = EventKind("card_placed", "TGW-19", "{who} puts {command} on Command track slot {slot}.",
                        ("player", "slot", "who", "card"), ("command",))
SLOT_RESOLVES = EventKind("slot_resolves", "TGW-20", "Slot {slot}: {who}'s {command} resolves. Command step: "
                          "{command.effect}; then the Activation step and a Defeat check.",
                          ("player", "card", "slot", "who"), ("command",))
TACTIC_PLAYED = EventKind("tactic_played", "TGW-20", "{who} plays Tactic {tactic}: {what}.",
                           ("player", "card", "who", "what"), ("tactic",))

# -- Fall: Soldiers (TGW-04, TGW-30 to TGW-32) --------------------------------------------------------------------
RECRUITED = EventKind("recruited", "TGW-04", "{who} recruits {soldier}.", ("player", "kind", "who", "soldier"))
SPEARMAN_DEPLOYED = EventKind("spearman_deployed", "TGW-30", "{who}'s Spearman takes spot {spot} of {horde} in "
                              "section {section} and gains {gained}.",
                              ("player", "reward", "who", "spot", "card", "section", "gained"), ("horde",))
HORSEMAN_DEPLOYED = EventKind("horseman_deployed", "TGW-31", "{who}'s Horseman covers spots {spot} and {next_spot} of "
                              "{horde} (section {section}, row {row}).",
                              ("player", "who", "spot", "next_spot", "card", "section", "row"), ("horde",))
ARCHER_DEPLOYED = EventKind("archer_deployed", "TGW-32", "{who}'s Archer takes a Firing spot of section {section} and "
                            "wounds spot {spot} of {horde} (no reward).", ("player", "who", "section", "spot", "card"),
                            ("horde",))

# -- Fall: Locations and the economy (TGW-24 to TGW-29, TGW-48) ---------------------------------------------------
CLERK_PLACED = EventKind("clerk_placed", "TGW-27", "{who} places a Clerk at {place}.",
                         ("player", "location", "who", "place"))
WAITING = EventKind("waiting", "TGW-20", "{place} does not activate: {taken} of its {slots} Clerk slots filled "
                    "({site}); a Location activates only when all its Clerk slots are full{unless}, and the "
                    "Clerks wait there.", ("location", "taken", "slots"), ("place", "site", "unless"), why=True)
LOCATION_ACTIVATES = EventKind("location_activates", "TGW-27", "{place} activates: {present}; the Clerks go home.",
                               ("location", "advanced", "present", "place"))
GATHERED = EventKind("gathered", "TGW-27", "{who} gathers {gain} {resource} at {place} ({clerks:Clerk|Clerks}, "
                     "{own:Overseer|Overseers}).",
                     ("player", "location", "gain", "who", "resource", "clerks", "own", "place"))
AT_COURT = EventKind("at_court", "TGW-27", "{who} at court: Active Advisors {names}, {clerks:Clerk|Clerks} at home.",
                     ("player", "who", "active", "clerks"), ("names",))
TACTIC_DRAWN = EventKind("tactic_drawn", "TGW-27", _DRAWS, ("card", "who"), ("tactic",))
EFFECT_TAKEN = EventKind("effect_taken", "TGW-28", "{who} takes the effect of {place}.",
                         ("player", "location", "who", "place"))
EFFECT_DECLINED = EventKind("effect_declined", "TGW-28", "{who} declines the effect of {place}.",
                            ("player", "location", "who", "place"))
ADVANCED_ACTIVATION = EventKind("advanced_activation", "TGW-29", "{who} uses Advanced Activation on {place}: its "
                                "Shame icon is ignored.", ("player", "location", "who", "place"))
SHAME_ICON = EventKind("shame_icon", "TGW-29", "{place} shows a Shame icon: {who} takes a Shame token.",
                       ("player", "location", "who", "place"))
UPGRADED = EventKind("upgraded", "TGW-24", "{who} Upgrades {place}: pays {price} printed on Overseer slot {slot}, a "
                     "Spearman becomes its Overseer{first}; +{honor} Honor.",
                     ("player", "cost", "who", "location", "slot", "first", "honor", "place"), ("price",))
BUILT = EventKind("built", "TGW-25", "{who} builds {what} on section {section}, paying {warehouse} from the Warehouse "
                  "first and {own} from their own stock.",
                  ("player", "paid", "who", "what", "section", "warehouse", "own"))
DONATED = EventKind("donated", "TGW-26", "{who} donates 1 {resource} to the Warehouse and gains {honor} Honor.",
                    ("player", "resource", "honor", "who"))
ARTIFACT_BOUGHT = EventKind("artifact_bought", "TGW-48", "{who} buys Artifact {card}: {card.effect}.",
                            ("player", "artifact", "who"), ("card",))

# -- Defeat (TGW-33 to TGW-37) -------------------------------------------------------------------------------------
DEFEATED_UNCLAIMED = EventKind("defeated_unclaimed", "TGW-34", "{name} is Defeated; nobody claims it.",
                               ("card", "name"))
DEFEATED_CLAIMED = EventKind("defeated_claimed", "TGW-34", "{name} is Defeated: {who} covers most spots ({spots}) and "
                             "claims it.", ("card", "claimant", "covers", "name", "who", "spots"))
CLAIM_BONUS = EventKind("claim_bonus", "TGW-34", "{who}'s ability adds {honor} Honor for the claim.",
                        ("player", "honor"), ("who",))
SOLDIER_HONOR = EventKind("soldier_honor", "TGW-35", "{who} had a Soldier on {name}: +2 Honor.",
                          ("player", "who", "name"))
ARCHER_HONOR = EventKind("archer_honor", "TGW-36", "{who} has {archers:Archer|Archers} in section {section}'s Firing "
                         "spots: +{honor} Honor.", ("player", "who", "archers", "section", "honor"))
SAVED_DEFEAT = EventKind("saved_defeat", "TGW-37", _SAVED, _SAVE_FIELDS)
SAVED_NONE_DEFEAT = EventKind("saved_none_defeat", "TGW-37", _SAVED_NONE, _SAVE_FIELDS)
DEFEAT_LOSSES = EventKind("defeat_losses", "TGW-37", "Lethality {lethality}: {who} loses {soldiers}; {saved} Saved "
                          "to the Rest Zone, {killed} Killed.",
                          ("player", "lethality", "who", "lost", "saved", "killed"), ("soldiers",))
DEFEATED_LEAVES = EventKind("defeated_leaves", "TGW-34", "Defeated {name} ({card}) leaves section {section} for "
                            "{to}{moved}.",
                            ("card", "section", "leaves", "claimant", "behind", "power", "name", "to", "moved"))

# -- Winter: Firing and the Assault (TGW-21, TGW-22, TGW-38 to TGW-42) --------------------------------------------
WINTER = EventKind("winter", "TGW-21", "Winter: the Firing phase, leftmost section first; Soldiers in the Rest Zone "
                   "do not shoot.")
FIRED = EventKind("fired", "TGW-21", "{who}'s Archer in section {section} fires: a Wound on spot {spot} of {horde}.",
                  ("player", "section", "card", "spot", "who"), ("horde",))
HOLDS = EventKind("holds", "TGW-22", "Section {section} holds: Offensive Power {power} against Defense {defense} "
                  "(wall {wall} + 2 x {barricades} Barricades).", _ASSAULT)
BREACH = EventKind("breach", "TGW-22", "BREACH in section {section}: Offensive Power {power} beats Defense {defense} "
                   "(wall {wall} + 2 x {barricades} Barricades).", _ASSAULT)
NO_SOLDIER_SHAME = EventKind("no_soldier_shame", "TGW-39", "{who} has no Soldier on breaching {horde}: 1 Shame "
                             "token.", ("player", "who", "card"), ("horde",))
NOBODY_SHAMED = EventKind("nobody_shamed", "TGW-39", "Nobody takes a Shame token: {why}.", ("section",), ("why",),
                          why=True)
SAVED_BREACH = EventKind("saved_breach", "TGW-40", _SAVED, _SAVE_FIELDS)
SAVED_NONE_BREACH = EventKind("saved_none_breach", "TGW-40", _SAVED_NONE, _SAVE_FIELDS)
BREACH_LOSSES = EventKind("breach_losses", "TGW-40", "{who} loses {soldiers} to the Breach (all at once): {saved} "
                          "Saved to the Rest Zone, {killed} Killed{wound}.",
                          ("player", "who", "lost", "saved", "killed", "wound"), ("soldiers",))
ARCHERS_KILLED = EventKind("archers_killed", "TGW-41", "Killed on section {section}: {who}'s "
                           "{archers:Archer|Archers}; the Rest Zone is safe.", ("player", "who", "archers", "section"))
BARRICADES_DISCARDED = EventKind("barricades_discarded", "TGW-22", "After its Assault, section {section} discards its "
                                 "{count:Barricade|Barricades}.", ("section", "count"))

# -- Shame (TGW-43 to TGW-46) -------------------------------------------------------------------------------------
SHAME_UNDER_SOLDIER = EventKind("shame_under_soldier", "TGW-43", "{who} puts a Shame token under {soldier} from the "
                                "{where}: that Soldier is disabled and the token will cost {loss} Honor.",
                                ("player", "kind", "who", "where", "loss", "soldier"))
SHAME_ON_TROPHY = EventKind("shame_on_trophy", "TGW-44", "{who} puts a Shame token on the slot of claimed Horde card "
                            "{horde}: it costs no Honor, but the card gives no reward.", ("player", "card", "who"),
                            ("horde",))
HONOR_LOST_AT_ONCE = EventKind("honor_lost_at_once", "TGW-45", "{why}: {who} loses {loss} Honor at once (to {honor}).",
                               ("player", "honor", "why", "who", "loss", "before", "gone"))
RAID = EventKind("raid", "TGW-46", "Raid! {name} ({card}) finds section {section} full: the pool loses "
                 "{removed:Shame token|Shame tokens} ({left} left).", ("card", "section", "removed", "name", "left"))

# -- the end (TGW-23, TGW-47 to TGW-49) ---------------------------------------------------------------------------
GOES_ON = EventKind("goes_on", "TGW-23", "End Game check after Winter of Year {year}: the game goes on; the Rest Zone "
                    "returns to the Barracks.", ("year",))
GAME_ENDS = EventKind("game_ends", "TGW-47", "The game ends: {why}.", ("reasons",), ("why",))
FINAL_HONOR = EventKind("final_honor", "TGW-48", "{who}: {honor} Honor - {penalty} for "
                        "{shame:Shame token|Shame tokens} = {after_shame} (never below 0) + {horde} from claimed "
                        "Horde cards + {artifacts} from Artifacts = {total}.",
                        ("player", "total", "who", "honor", "penalty", "shame", "after_shame", "horde", "artifacts"))
WINNER = EventKind("winner", "TGW-49", "{who} wins: {why}.", ("winner", "who"), ("why",))

#: A choice to stop an optional step (``done``), by the decision it ends: it cites the rule of that step.
STOPPED = {
    "clerk": EventKind("no_more_clerks", "TGW-27", "{who} places no more Clerks.", ("player",), ("who",)),
    "deploy": EventKind("no_more_soldiers", "TGW-30", "{who} deploys no more Soldiers.", ("player",), ("who",)),
    "tactic": EventKind("no_tactic", "TGW-20", "{who} plays no Tactic card.", ("player",), ("who",)),
    "advanced": EventKind("no_advanced_activation", "TGW-29", "{who} uses no Advanced Activation.", ("player",),
                          ("who",)),
    "gathered": EventKind("done_after_gathering", "TGW-26", "{who} neither Upgrades nor Donates any more after "
                          "gathering.", ("player",), ("who",)),
    "recruit": EventKind("no_more_recruits", "TGW-04", "{who} recruits no more Soldiers.", ("player",), ("who",)),
    "build": EventKind("no_more_building", "TGW-25", "{who} builds nothing more.", ("player",), ("who",)),
    "bazaar": EventKind("no_more_buying", "TGW-48", "{who} buys no more Artifacts.", ("player",), ("who",)),
}

#: The kinds that place a Breach's Shame tokens (TGW-43 to TGW-45).
SHAME_PLACED = (SHAME_UNDER_SOLDIER, SHAME_ON_TROPHY, HONOR_LOST_AT_ONCE)
