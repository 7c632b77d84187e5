"""The Fall's moves, listed from tables made once (the deploy moves by section, row and spot, the Sites by their
owners), are the moves the rules allow: checked after every decision of random games against the rules written
plainly here."""

import random

import pytest

from greatwall_kit.the_great_wall import new_game
from greatwall_kit.the_great_wall.moves import (
    ACTIVATE,
    ARCHER,
    CLERK,
    COMMAND,
    HORSEMAN,
    SPEARMAN,
    TACTIC,
    Decline,
    Done,
    Take,
)
from greatwall_kit.the_great_wall.sites import SITES


def allowed(game):
    """The moves of the decision asked for, from the rules (TGW-18, TGW-27 to TGW-32), or None for another kind."""
    kind, actor, _ = game.prompt
    clan = game.clans[actor]
    if kind == "command":
        return [COMMAND[card] for card in clan["hand"]]
    if kind == "clerk":  # a Location with a free Clerk slot
        slots = {loc["id"]: loc["clerk_slots"] for loc in game.cat.raw["locations"]}
        return [CLERK[loc] for loc in slots if len(game.locations[loc].clerks) < slots[loc]] + [Done()]
    if kind == "deploy":  # by section: Spearmen on the first card, Horsemen on two open spots, Archers if Firing spots
        moves, ready = [], clan["barracks"]
        for s, sec in enumerate(game.sections):
            rows = sec["rows"]
            if not rows:
                continue
            if ready["spearman"]:
                moves += [SPEARMAN[s, i] for i, o in enumerate(rows[0]["spots"]) if o is None]
            if ready["horseman"]:
                moves += [HORSEMAN[s, r, i] for r, card in enumerate(rows) for i in range(len(card["spots"]) - 1)
                          if card["spots"][i] is None and card["spots"][i + 1] is None]
            if ready["archer"] and len(sec["archers"]) < game.cat.raw["board"]["firing_spots"]:
                moves += [ARCHER[s, r, i] for r, card in enumerate(rows) for i, o in enumerate(card["spots"])
                          if o is None]
        return moves + [Done()]
    if kind == "tactic":
        return [TACTIC[t] for t in clan["tactics"]] + [Done()]
    if kind == "advanced":
        return [ACTIVATE[loc] for loc, site in game.locations.items() if actor in site.clerks] + [Done()]
    if kind == "effect":
        return [Take(), Decline()]
    return None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fall_moves_are_the_rules_moves_after_every_decision(players):
    checked = 0
    for seed in range(12):
        game, rng = new_game(players=players, seed=seed), random.Random(seed)
        while not game.is_over:
            expected = allowed(game)
            if expected is not None:
                listed = list(game.legal_moves())
                assert listed == expected, (seed, game.prompt[0], listed, expected)
                # the very objects the interned tables hold, so that a move is found in the list by identity
                if game.prompt[0] != "effect":
                    assert all(a is b for a, b in zip(listed[:-1], expected[:-1], strict=True))
                checked += 1
            for loc, site in game.locations.items():  # each Location's Site is the one of its owners
                assert SITES.get((site.clerks, site.overseers), site) == site, loc
            for p, clan in enumerate(game.clans):  # every Clerk at home, in the supply or at a Location, as its own
                placed = sum(site.clerks.count(p) for site in game.locations.values())
                assert clan["clerks"] + clan["clerk_supply"] + placed == game.cat.raw["clan"]["clerks"], (seed, p)
            game.play(rng.choice(game.legal_moves()))
    assert checked > 100
    assert all((site.clerks, site.overseers) == key for key, site in SITES.items())
