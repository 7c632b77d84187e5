"""What a position is worth to each player *now*, by each game's own scoring: the greedy bot's yardstick.

In Dschingis Khan and Chang Cheng the score on the board already counts what a move gains. In the
other two most moves change no score at once, although they decide what the next scoring will
give, so the score alone would leave a greedy bot choosing at random. :func:`standing` therefore
applies the game's own scoring to the position as if it were scored now:

- *Great Wall of China*: the face-down tokens (GW-23), plus a first-claimed token lying on the
  player's card (it becomes theirs when the section is completed, GW-12), plus the best token of
  each section the player leads strictly (the scoring check would make them claim it, GW-10).
- *The Great Wall*: the final Honor (TGW-48) as if the game ended after an Assault now: Honor, plus
  claimed Horde cards without Shame and Artifacts, minus 5 per Shame token already taken and per
  Shame a breach would give now (TGW-39, TGW-43). Without the floor at 0, so every Shame counts.

:func:`material` is a tie-break of the game's own quantities (cards in hand, Resources and ready
Soldiers) for moves the scoring cannot tell apart. Both read only the world they are handed, so
the bots call them on worlds sampled from the seat's view.

>>> from greatwall_kit import new_game
>>> game = new_game("great_wall_of_china", players=2, seed=1)
>>> standing(game), material(game)
([0, 0], [5, 5])
>>> _ = game.play(game.parse_move("play 1 wall 1"))
>>> standing(game)[0] == max(game.sections[0].pair)
True
"""

__all__ = ["standing", "material"]


def standing(world):
    """Each player's score if the position were scored now (see the module docstring)."""
    rule = _STANDING.get(world.name)
    return rule(world) if rule is not None and not world.is_over else list(world.scores())


def material(world):
    """Each player's stock of the game's own quantities, to break ties between equally scored moves."""
    rule = _MATERIAL.get(world.name)
    return rule(world) if rule is not None else [0] * world.players


def _great_wall_of_china(world):
    n = world.players
    value = [sum(t) for t in world.tokens]
    for section in world.sections:
        for card in section.cards:
            if card.token is not None:
                value[card.owner] += card.token
        if not section.pair:
            continue
        totals, part = section.totals(), section.takes_part()
        for p in range(n):
            if part[p] and all(not part[q] or totals[q] < totals[p] for q in range(n) if q != p):
                value[p] += max(section.pair)
    return value


def _great_wall_of_china_material(world):
    return [sum(hand.values()) for hand in world.hands]


def _the_great_wall(world):
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


def _the_great_wall_material(world):
    return [clan["wood"] + clan["stone"] + clan["gold"] + clan["chi"] + sum(clan["barracks"].values())
            for clan in world.clans]


_STANDING = {"great_wall_of_china": _great_wall_of_china, "the_great_wall": _the_great_wall}
_MATERIAL = {"great_wall_of_china": _great_wall_of_china_material, "the_great_wall": _the_great_wall_material}
