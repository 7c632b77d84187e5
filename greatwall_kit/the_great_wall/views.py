"""What each player of *The Great Wall* may see: the public part every viewer shares, and their own.

>>> from greatwall_kit.the_great_wall import new_game
>>> public, private = view(new_game(players=2, seed=1), 0)
>>> public["prompt"], private["dealt_generals"]
({'kind': 'general', 'player': 0}, ['g4', 'g2'])
>>> private_lines(new_game(players=2, seed=1), 0)[:2]  # doctest: +NORMALIZE_WHITESPACE
['Dealt General River Warden (g4): Tea 5. +1 Honor each time you build a wall level, +1 more per Supporting
  Advisor. Starts with 2 wood, 1 stone, 2 gold, 3 Chi, 2 Spearmen, 1 Archer, 1 Horseman and 2 Tactic cards.',
 'Dealt General Jade Marshal (g2): Tea 7. +1 Honor each time you claim a Defeated Horde card, +1 more per
  Supporting Advisor. Starts with 2 wood, 1 stone, 2 gold, 2 Chi, 2 Spearmen, 1 Archer, 1 Horseman and 2 Tactic
  cards.']
"""

from .position import plain, sites

__all__ = ["view", "private_lines"]


def view(game, player):
    """``(public, private)``: what everyone sees, and what only ``player`` knows."""
    public_clans = []
    for c in game.clans:
        public_clans.append({
            "honor": c["honor"], "wood": c["wood"], "stone": c["stone"], "gold": c["gold"], "chi": c["chi"],
            "reserve": dict(c["reserve"]), "barracks": dict(c["barracks"]), "rest": dict(c["rest"]),
            "shame": len(c["disabled"]), "hand": len(c["hand"]), "discard": list(c["discard"]),
            "has_chosen": c["chosen"] is not None, "clerks": c["clerks"], "clerk_supply": c["clerk_supply"],
            "general": c["general"] if game.revealed else None,
            "active": list(c["active"]) if game.revealed else [],
            "supporting": len(c["support"]), "tactics": len(c["tactics"]),
            "trophies": plain(c["trophies"]), "artifacts": list(c["artifacts"]),
        })
    asked = game.asked
    prompt = None if asked is None else {"kind": asked[0], "player": asked[1], **plain(asked[2] or {})}
    public = {
        "year": game.year, "season": game.season, "time": game.time, "lethality": game.lethality,
        "shame_pool": game.shame_pool, "tea": list(game.tea), "sections": plain(game.sections),
        "defense": [game.defense(s) for s in range(len(game.sections))],
        "locations": sites(game), "warehouse": dict(game.warehouse), "track": plain(game.track),
        "advisor_track": list(game.advisor_track), "artifacts": list(game.artifacts),
        "horde_deck": len(game.horde_deck), "clans": public_clans, "prompt": prompt,
    }
    if player is None:
        return public, {}
    c = game.clans[player]
    private = {"hand": list(c["hand"]), "chosen": c["chosen"], "dealt_generals": list(c["dealt"]),
               "dealt_advisors": list(c["dealt_advisors"]), "general": c["general"], "active": list(c["active"]),
               "supporting": list(c["support"]), "tactics": list(c["tactics"])}
    return public, private


def private_lines(game, player):
    """What only ``player`` knows, in words: each card by its name with what it does, one line each.

    Before the General is kept, the dealt Generals and Advisors; then the General, the Active and Supporting
    Advisors; always the Command cards in hand (and the one chosen behind the Screen) and the Tactic cards.
    """
    c, card = game.clans[player], game.cat.card
    lines = []
    if c["general"] is None:
        lines += [f"Dealt General {card(g).described}" for g in c["dealt"]]
    else:
        lines.append(f"Your General {card(c['general']).described}")
    if not c["active"]:
        lines += [f"Dealt Advisor {card(a).described}" for a in c["dealt_advisors"]]
    else:
        lines += [f"Active Advisor {card(a).described}" for a in c["active"]]
        lines += [f"Supporting Advisor (face down) {card(a).name} ({a})" for a in c["support"]]
    if c["chosen"] is not None:
        lines.append(f"Chosen behind the Screen: {card(c['chosen']).described}")
    lines += [f"Command card in hand: {card(k).described}" for k in c["hand"] if k != c["chosen"]]
    lines += [f"Tactic card {card(t).described}" for t in c["tactics"]]
    return lines
