"""Why a move is refused: the rule it breaks and a concrete reason, worded once (``play`` quotes it).

>>> from greatwall_kit.the_great_wall import new_game, Command
>>> refusal(new_game(players=2, seed=1), Command("levy"))
('KIT-02', 'Crane must now keep one of the Generals dealt to them (legal: general g4, general g2)')

What a legal move does (the board's tooltips), written from the rules, never by playing it, and the words of its
button (a card by its name, where the move's text has its ID):

>>> describe(new_game(players=2, seed=1), General("g4"))[1][:60]
'Keep General River Warden (g4): Tea 5. +1 Honor each time yo'
>>> label(new_game(players=2, seed=1), General("g4"))
'keep River Warden (g4)'
"""

from ..engine.log import counted
from .catalog import resource_words
from .economy import overseer_cost
from .moves import (
    Activate,
    Advisor,
    Archer,
    Build,
    Buy,
    Clerk,
    Command,
    Decline,
    Donate,
    Done,
    Fire,
    General,
    Horseman,
    Reclaim,
    Recruit,
    Save,
    Shame,
    Slot,
    Spearman,
    Tactic,
    Take,
    TakeHonor,
    Unshame,
    Upgrade,
)

__all__ = ["refusal", "describe", "label"]

PROMPTS = {
    "general": ((General,), "TGW-07", "keep one of the Generals dealt to them"),
    "advisor": ((Advisor,), "TGW-07", "choose which dealt Advisor is Active"),
    "command": ((Command,), "TGW-18", "choose a Command card from their hand"),
    "slot": ((Slot,), "TGW-19", "put their Command card on a free Command track slot"),
    "clerk": ((Clerk, Done), "TGW-27", "place a Clerk at a Location with a free Clerk slot, or be done"),
    "deploy": ((Spearman, Horseman, Archer, Done), "TGW-30", "deploy a Soldier from the Barracks, or be done"),
    "tactic": ((Tactic, Done), "TGW-20", "play a Tactic card from their hand, or be done"),
    "advanced": ((Activate, Done), "TGW-29", "choose a Location with their Clerk for Advanced Activation"),
    "effect": ((Take, Decline), "TGW-28", "take or decline the effect of the Location"),
    "gathered": ((Upgrade, Donate, Done), "TGW-26", "Upgrade, Donate, or be done after gathering"),
    "recruit": ((Recruit, Done), "TGW-04", "recruit a Soldier they can pay for, or be done"),
    "build": ((Build, Done), "TGW-25", "build a wall level or Barricade they can pay for, or be done"),
    "bazaar": ((Buy, Done), "TGW-48", "buy a face-up Artifact they can pay for, or be done"),
    "fire": ((Fire,), "TGW-21", "fire their Archer at an open Vital spot of its section"),
    "save": ((Save,), "TGW-37", "decide how many of their Soldiers to Save for 2 Chi each"),
    "shame": ((Shame,), "TGW-43", "place their Shame token under a Soldier or on a claimed Horde card"),
    "unshame": ((Unshame,), "TGW-15", "decide how many Shame tokens to discard for 2 Chi each"),
    "reclaim": ((Reclaim, TakeHonor), "TGW-17", "reclaim their Command cards or take 2 Honor per discarded card"),
}


def refusal(game, move):
    """``(rule_id, reason)`` for an illegal ``move`` in ``game``'s current position."""
    kind, p, context = game.prompt
    classes, rule, doing = PROMPTS[kind]
    who = game.player_names[p]
    legal = ", ".join(str(m) for m in list(game.legal_moves())[:12])
    if not isinstance(move, classes):
        return "KIT-02", f"{who} must now {doing} (legal: {legal})"
    specific = _specific(game, kind, p, context or {}, move)
    if specific is not None:
        return specific
    if kind == "save" and type(game.combat).__name__ == "Breach":
        rule = "TGW-40"
    return rule, f"{who} must {doing}, and this is not one of the legal choices: {legal}"


#: What ``done`` ends, by the decision it answers: the rule of that step and the words.
_STOP = {"clerk": ("TGW-27", "Place no more Clerks now"),
         "deploy": ("TGW-30", "Deploy no more Soldiers now"),
         "tactic": ("TGW-20", "Play no Tactic card now"),
         "advanced": ("TGW-29", "Use no Advanced Activation"),
         "gathered": ("TGW-26", "Neither Upgrade nor Donate (any more) after this gathering"),
         "recruit": ("TGW-04", "Recruit no more Soldiers"),
         "build": ("TGW-25", "Build nothing more"),
         "bazaar": ("TGW-48", "Buy no more Artifacts")}


def describe(game, move):
    """``(rule_id, sentence)``: what the legal ``move`` does now, and the rule it applies (the first rule its events
    cite; a test holds the two together)."""
    kind, p, context = game.prompt
    context = context or {}
    cat, clan = game.cat, game.clans[p]
    card = cat.card
    if isinstance(move, Done):
        rule, text = _STOP[kind]
        return rule, text + "."
    if isinstance(move, General):
        return "TGW-07", f"Keep General {card(move.card).described}"
    if isinstance(move, Advisor):
        other = next((a for a in clan["dealt_advisors"] if a != move.card), None)
        rest = f"; {card(other)} goes face down under your General and raises its ability" if other else ""
        return "TGW-07", (f"Make {card(move.card)} your Active Advisor ({cat.active_effect(move.card)}){rest}.")
    if isinstance(move, Command):
        return "TGW-18", f"Choose {card(move.card)} behind the Screen: {card(move.card).effect}."
    if isinstance(move, Slot):
        chosen = clan["chosen"]
        return "TGW-19", (f"Put your {card(chosen).name if chosen else 'Command card'} on Command track slot "
                          f"{move.slot}: the lower slots resolve first.")
    if isinstance(move, Clerk):
        site, slots = game.locations[move.location], cat.clerk_slots[move.location]
        free = slots - len(site.clerks)
        when = ("this Clerk fills its last slot, so it activates now" if free == 1 else
                f"it activates when all {slots} Clerk slots are full ({free - 1} left after this one)")
        return "TGW-27", f"Place a Clerk at {cat.place[move.location]} ({cat.place_effect(move.location)}); {when}."
    if isinstance(move, Spearman):
        row = game.sections[move.section]["rows"][0]
        reward = cat.horde[row["card"]]["spots"][move.spot]
        gain = f"gain 1 {reward.capitalize() if reward in ('chi', 'honor') else reward}" if reward else "no reward"
        return "TGW-30", (f"A Spearman from the Barracks onto spot {move.spot} of {card(row['card'])} in section "
                          f"{move.section}: {gain}.")
    if isinstance(move, Horseman):
        row = game.sections[move.section]["rows"][move.row]
        return "TGW-31", (f"A Horseman from the Barracks covers spots {move.spot} and {move.spot + 1} of "
                          f"{card(row['card'])} (section {move.section}, row {move.row}); no reward.")
    if isinstance(move, Archer):
        row = game.sections[move.section]["rows"][move.row]
        return "TGW-32", (f"An Archer to a Firing spot of section {move.section}: wounds spot {move.spot} of "
                          f"{card(row['card'])} now, and fires again each Winter; no reward.")
    if isinstance(move, Fire):
        row = game.sections[context["section"]]["rows"][move.row]
        return "TGW-21", f"Your Archer wounds spot {move.spot} of {card(row['card'])}."
    if isinstance(move, Tactic):
        return "TGW-20", f"Play Tactic {card(move.card).described}."
    if isinstance(move, Activate):
        return "TGW-29", (f"Advanced Activation: activate {cat.place[move.location]} now although its Clerk slots are "
                          "not full; its Shame icon is ignored.")
    if isinstance(move, (Take, Decline)):
        place, effect = cat.place[context["location"]], cat.place_effect(context["location"])
        if isinstance(move, Decline):
            return "TGW-28", f"Refuse the effect of {place} (and its Shame icon, if it has one)."
        shame = "" if not context.get("advanced") else " (Advanced Activation: no Shame token)"
        clerks = counted(context["clerks"], "Clerk", "Clerks")
        return "TGW-28", f"Take the effect of {place} with {clerks}: {effect}{shame}."
    if isinstance(move, Recruit):
        return "TGW-04", (f"Recruit a {move.kind} from the reserve into the Barracks for "
                          f"{resource_words(cat.raw['recruit_costs'][move.kind])}.")
    if isinstance(move, Build):
        board, sec = cat.raw["board"], game.sections[move.section]
        if move.what == "wall":
            cost = resource_words(board["wall_costs"][sec["wall"]])
            return "TGW-25", (f"Raise the wall of section {move.section} to level {sec['wall'] + 1} (value "
                              f"{cat.wall_values[sec['wall'] + 1]}) for {cost}, Warehouse first.")
        return "TGW-25", (f"A Barricade on section {move.section} (+2 Defense until its Assault) for "
                          f"{resource_words(board['barricade_cost'])}, Warehouse first.")
    if isinstance(move, Upgrade):
        loc = context["location"]
        cost = overseer_cost(cat.locations[loc], len(game.locations[loc].overseers))
        return "TGW-24", (f"Upgrade: a Spearman from the Barracks becomes your Overseer at {cat.place[loc]} for "
                          f"{resource_words(cost)}; it brings 1 more at each gathering there and each Summer.")
    if isinstance(move, Donate):
        return "TGW-26", f"Give 1 {move.resource} to the Warehouse for 2 Honor (or more, with a Donate ability)."
    if isinstance(move, Buy):
        return "TGW-48", f"Buy Artifact {card(move.artifact).described}."
    if isinstance(move, Save):
        rule = "TGW-37" if type(game.combat).__name__ == "Defeat" else "TGW-40"
        victims = len(game.combat.victims[p])
        return rule, (f"Save {move.count} of your {counted(victims, 'Soldier', 'Soldiers')} about to be Killed for "
                      f"{2 * move.count} Chi: "
                      "they go to the Rest Zone; the others are Killed.")
    if isinstance(move, Shame):
        if move.target == "soldier":
            return "TGW-43", ("Put the Shame token under a Soldier (from the reserve, else the Barracks): it is "
                              "disabled, and the token costs 5 Honor at the end.")
        return "TGW-44", (f"Put the Shame token on claimed {card(move.target)}: it costs no Honor, but the card "
                          "gives no Honor at the end.")
    if isinstance(move, Unshame):
        return "TGW-15", (f"Discard {counted(move.count, 'Shame token', 'Shame tokens')} from under your Soldiers for "
                          f"{2 * move.count} Chi "
                          "(the Soldiers go back to the reserve).")
    if isinstance(move, Reclaim):
        return "TGW-17", f"Take your discarded Command cards back: {cat.names(clan['discard'])}."
    # TakeHonor
    return "TGW-17", (f"Leave the {counted(len(clan['discard']), 'Command card', 'Command cards')} in the discard "
                      f"and gain {2 * len(clan['discard'])} Honor.")


def label(game, move):
    """The words of ``move``'s button: its text, with a card or a Location named as the board names it.

    >>> from greatwall_kit.the_great_wall import new_game
    >>> game = new_game(players=2, seed=1)
    >>> label(game, Clerk("war_room")), label(game, Shame("h05")), label(game, Shame("soldier")), label(game, Done())
    ('Clerk at War room', 'Shame on Iron Lancers (h05)', 'Shame under a Soldier', 'done')
    """
    card, place = game.cat.card, game.cat.place
    if isinstance(move, General):
        return f"keep {card(move.card)}"
    if isinstance(move, Advisor):
        return f"Active Advisor {card(move.card)}"
    if isinstance(move, Command):
        return f"choose {card(move.card)}"
    if isinstance(move, Tactic):
        return f"play {card(move.card)}"
    if isinstance(move, Buy):
        return f"buy {card(move.artifact)}"
    if isinstance(move, Shame):
        return "Shame under a Soldier" if move.target == "soldier" else f"Shame on {card(move.target)}"
    if isinstance(move, Clerk):
        return f"Clerk at {place[move.location]}"
    if isinstance(move, Activate):
        return f"activate {place[move.location]}"
    return str(move)


def _specific(game, kind, p, data, move):
    clan = game.clans[p]
    name = game.player_names[p]
    if isinstance(move, (Spearman, Horseman, Archer)):
        rule = {Spearman: "TGW-30", Horseman: "TGW-31", Archer: "TGW-32"}[type(move)]
        kind_name = type(move).__name__.lower()
        if not 0 <= move.section < len(game.sections):
            return rule, f"there is no section {move.section} (sections 0 to {len(game.sections) - 1})"
        if not clan["barracks"][kind_name]:
            return rule, f"{name} has no {kind_name} ready in the Barracks"
        rows = game.sections[move.section]["rows"]
        row = 0 if isinstance(move, Spearman) else move.row
        if not 0 <= row < len(rows):
            return rule, f"section {move.section} has no Horde card in row {row}"
        spots = rows[row]["spots"]
        card = rows[row]["card"]
        if isinstance(move, Archer) and len(game.sections[move.section]["archers"]) >= \
                game.cat.raw["board"]["firing_spots"]:
            return rule, f"the Firing spots of section {move.section} are all taken"
        width = 2 if isinstance(move, Horseman) else 1
        for i in range(move.spot, move.spot + width):
            if not 0 <= i < len(spots):
                return rule, f"{card} has no Vital spot {i} (spots 0 to {len(spots) - 1})"
            if spots[i] is not None:
                return rule, f"Vital spot {i} of {card} is already covered ({spots[i]})"
    if isinstance(move, Donate) and move.resource == "chi":
        return "TGW-26", "Chi can never be donated"
    if isinstance(move, Donate) and data.get("donated"):
        return "TGW-26", f"{name} has already donated after this gathering"
    if isinstance(move, Donate) and move.resource in clan and clan[move.resource] == 0:
        return "TGW-26", f"{name} has no {move.resource} to donate"
    if isinstance(move, Upgrade):
        return "TGW-24", _why_not_upgrade(game, clan, name, data)
    if isinstance(move, Save):
        victims = len(game.combat.victims[p])
        rule = "TGW-37" if type(game.combat).__name__ == "Defeat" else "TGW-40"
        if move.count > victims:
            return rule, f"only {victims} of {name}'s Soldiers are to be Killed"
        return rule, (f"Saving {counted(move.count, 'Soldier', 'Soldiers')} costs {2 * move.count} Chi; {name} has "
                      f"{clan['chi']}")
    if isinstance(move, Unshame):
        return "TGW-15", (f"{name} has {counted(len(clan['disabled']), 'Shame token', 'Shame tokens')} under "
                          f"Soldiers and {clan['chi']} Chi (2 per token)")
    if isinstance(move, Build):
        return "TGW-25", _why_not_build(game, clan, name, move)
    if isinstance(move, Recruit):
        if move.kind not in clan["reserve"]:
            return "TGW-04", f"{move.kind!r} is not a Soldier kind (spearman, archer, horseman)"
        if not clan["reserve"][move.kind]:
            return "TGW-04", f"{name} has no {move.kind} left in the reserve to recruit"
        return "TGW-04", _cannot_pay(f"one {move.kind}", game.cat.raw["recruit_costs"][move.kind], clan, name)
    if isinstance(move, Buy):
        if move.artifact not in game.artifacts:
            return "TGW-48", f"{move.artifact} is not one of the face-up Artifacts ({', '.join(game.artifacts)})"
        return "TGW-48", _cannot_pay(move.artifact, game.cat.artifacts[move.artifact]["cost"], clan, name)
    if isinstance(move, Command) and move.card not in clan["hand"]:
        return "TGW-18", f"{move.card} is not in {name}'s hand"
    if isinstance(move, Slot):
        free = [i for i, e in enumerate(game.track[game.round]) if e is None]
        return "TGW-19", f"Command track slot {move.slot} is not a free slot of this round (free: {free})"
    if isinstance(move, Clerk):
        if not clan["clerks"]:
            return "TGW-27", f"{name} has no Clerk left in the Clerk space"
        place = game.cat.place.get(move.location)
        if place is None:
            return "TGW-27", f"{move.location!r} is not a Location ({', '.join(game.cat.place)})"
        return "TGW-27", f"{place} has no free Clerk slot"
    if isinstance(move, Fire):
        return "TGW-21", f"row {move.row}, spot {move.spot} is not an open Vital spot in the Archer's section"
    return None


def _have(clan, cost, warehouse=None):
    held = ", ".join(f"{clan[r]} {r}" for r in cost)
    if warehouse is not None:
        held += " (Warehouse: " + ", ".join(f"{warehouse.get(r, 0)} {r}" for r in cost) + ")"
    return held


def _cannot_pay(what, cost, clan, name, warehouse=None):
    return f"{what} costs {cost}; {name} has {_have(clan, cost, warehouse)}"


def _why_not_upgrade(game, clan, name, data):
    if data.get("upgraded"):
        return f"{name} has already Upgraded after this gathering (one Upgrade each time)"
    if not clan["barracks"]["spearman"]:
        return f"{name} has no Spearman in the Barracks to become the Overseer"
    loc = data["location"]
    cost = overseer_cost(game.cat.locations[loc], len(game.locations[loc]["overseers"]))
    if cost is None:
        return f"every Overseer slot of {game.cat.place[loc]} is taken"
    return _cannot_pay(f"the next Overseer slot of {game.cat.place[loc]}", cost, clan, name)


def _why_not_build(game, clan, name, move):
    board = game.cat.raw["board"]
    if not 0 <= move.section < len(game.sections) or move.what not in ("wall", "barricade"):
        return f"there is no {move.what} on section {move.section} to build (sections 0 to {len(game.sections) - 1})"
    sec = game.sections[move.section]
    if move.what == "wall":
        if sec["wall"] >= game.cat.max_wall:
            return f"the wall of section {move.section} is already at its top level ({game.cat.max_wall})"
        cost, what = board["wall_costs"][sec["wall"]], f"wall level {sec['wall'] + 1}"
    else:
        if sec["barricades"] >= board["barricade_slots"]:
            return f"section {move.section}'s {board['barricade_slots']} Barricade slots are all full"
        cost, what = board["barricade_cost"], "a Barricade"
    return _cannot_pay(what, cost, clan, name, game.warehouse) + ", Warehouse first"
