"""What bots and the simulation lab read of a position: its standing, material and statistics.

:func:`standing` is the final Honor (TGW-48) as if the game ended after an Assault now: Honor, plus claimed Horde
cards without Shame and Artifacts, minus 5 per Shame token already taken and per Shame a breach would give now
(TGW-39, TGW-43); without the floor at 0, so every Shame counts. :func:`material` counts Resources, Chi and ready
Soldiers.

>>> from greatwall_kit.the_great_wall import new_game
>>> game = new_game(players=2, seed=1)
>>> len(standing(game)), len(material(game))
(2, 2)
"""

from .events import BREACH

__all__ = ["standing", "material", "stats"]


def standing(world):
    """Each clan's final Honor if the game ended after an Assault now (see the module docstring)."""
    cat = world.cat
    value = []
    for clan in world.clans:
        horde = sum(cat.horde[card]["honor"] for card, shamed in clan["trophies"] if not shamed)
        artifacts = sum(cat.artifacts[a]["honor"] for a in clan["artifacts"])
        value.append(clan["honor"] + horde + artifacts - 5 * len(clan["disabled"]))
    for s in range(len(world.sections)):
        for p, _ in world._assess(s).shamed:
            value[p] -= 5
    return value


def material(world):
    """Each clan's Resources, Chi and ready Soldiers."""
    return [clan["wood"] + clan["stone"] + clan["gold"] + clan["chi"] + sum(clan["barracks"].values())
            for clan in world.clans]


def stats(game):
    """``(per_game, per_seat)``: breaches, Years; each clan's Honor, Shame and trophies."""
    breaches = sum(1 for e in game.log if e.kind is BREACH)
    per_game = {"breaches": breaches, "years": game.year}
    return per_game, [{"honor": c["honor"], "shame": len(c["disabled"]), "trophies": len(c["trophies"])}
                      for c in game.clans]
