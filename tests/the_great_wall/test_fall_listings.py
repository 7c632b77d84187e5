"""The Fall's moves, listed from tables made once (the deploy moves by section, row and spot, the Sites by their
owners) and from what the game keeps up to date (its masks of the Locations with Clerks and of the full ones), are
the moves the rules allow: checked after every decision of random games, of their copies, pickles, undos and sampled
worlds, and of teaching positions, against the rules written plainly here."""

import pickle
import random

import pytest

from greatwall_kit.bots.seat import sample_world
from greatwall_kit.the_great_wall import TheGreatWall, new_game
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


def kept_masks(game):
    """``(the Locations with Clerks, the full ones)`` as the masks the Fall keeps, from the Sites: bit i for the
    data set's i-th Location."""
    clerked = full = 0
    for i, loc in enumerate(game.cat.raw["locations"]):
        clerks = game.locations[loc["id"]].clerks
        if clerks:
            clerked |= 1 << i
        if len(clerks) == loc["clerk_slots"]:
            full |= 1 << i
    return clerked, full


def check_kept(game, where):
    """The masks the Fall keeps are those of the game's Sites, and what the next decision lists is the rules'."""
    assert (game._clerked, game._full) == kept_masks(game), where
    expected = None if game.is_over else allowed(game)
    if expected is not None:
        assert list(game.legal_moves()) == expected, where


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
            assert (game._clerked, game._full) == kept_masks(game), (seed, len(game.history))
            for loc, site in game.locations.items():  # each Location's Site is the one of its owners
                assert SITES.get((site.clerks, site.overseers), site) == site, loc
            for p, clan in enumerate(game.clans):  # every Clerk at home, in the supply or at a Location, as its own
                placed = sum(site.clerks.count(p) for site in game.locations.values())
                assert clan["clerks"] + clan["clerk_supply"] + placed == game.cat.raw["clan"]["clerks"], (seed, p)
            game.play(rng.choice(game.legal_moves()))
    assert checked > 100
    assert all((site.clerks, site.overseers) == key for key, site in SITES.items())


@pytest.mark.parametrize("players", [1, 3])
def test_kept_locations_follow_copies_pickles_undo_and_sampled_worlds(players):
    """What the Fall keeps of the Locations travels with a game: a copy, a pickle and a sampled world played on
    list the rules' moves, and undo gives back the masks of the position undone to."""
    checked = 0
    for seed in range(3):
        game, rng = new_game(players=players, seed=seed), random.Random(seed)
        while not game.is_over:
            if game.prompt[0] in ("clerk", "command") and rng.random() < 0.5:
                for twin in (game.copy(), pickle.loads(pickle.dumps(game)), sample_world(game, 0, random.Random(1))):
                    for _ in range(6):  # a bot's look-ahead
                        if twin.is_over:
                            break
                        twin.play(rng.choice(twin.legal_moves()))
                        check_kept(twin, (seed, type(twin).__name__))
                        checked += 1
                if game.history:
                    game.undo()
                    check_kept(game, (seed, "undo"))
            game.play(rng.choice(game.legal_moves()))
            check_kept(game, (seed, len(game.history)))
    assert checked > 100


def test_kept_locations_of_a_teaching_position():
    """A position loaded with Clerks at a Location: it is full and not offered; it activates after the next Clerk
    step, while the Clerk placed then at a Location with a free slot waits."""
    doc = {"players": 1, "season": "fall", "time": 3,
           "sections": [{"wall": 0, "barricades": 3, "horde": []} for _ in range(3)],
           "clans": [{"hand": ["muster"]}], "locations": {"quarry": {"clerks": [0, 0]}}}
    game = TheGreatWall.from_position(doc)
    check_kept(game, "loaded")
    game.play("command muster")
    assert "clerk quarry" not in [str(m) for m in game.legal_moves()]
    check_kept(game, "placing")
    game.play("clerk gold_mine")
    check_kept(game, "placed")
    assert game.prompt[0] == "effect" and game.prompt[2]["location"] == "quarry"
    assert [e.sentence.split(":")[0] for e in game.log][-2:] == ["Gold mine does not activate", "Quarry activates"]
    game.play("take")
    check_kept(game, "activated")
