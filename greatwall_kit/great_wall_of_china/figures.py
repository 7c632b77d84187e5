"""What bots and the simulation lab read of a position: its standing, material and statistics.

:func:`standing` applies the game's own scoring to the position as if it were scored now: most moves change no
score at once, although they decide what the next scoring will give, so the score alone would leave a greedy bot
choosing at random. It counts the face-down tokens (GW-23), plus a first-claimed token lying on the player's card
(it becomes theirs when the section is completed, GW-12), plus the best token of each section the player leads
strictly (the scoring check would make them claim it, GW-10). :func:`material` counts the cards in hand.

>>> from greatwall_kit.great_wall_of_china import new_game
>>> game = new_game(players=2, seed=1)
>>> standing(game), material(game)
([0, 0], [5, 5])
"""

from collections import Counter

from .events import ENDED_BY_POOL, FIRST_CLAIM, PAIR_LAID

__all__ = ["standing", "material", "stats"]


def standing(world):
    """Each player's tokens if the position were scored now (see the module docstring)."""
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


def material(world):
    """Each player's cards in hand."""
    return [sum(hand.values()) for hand in world.hands]


def stats(game):
    """``(per_game, per_seat)``: pairs laid, whether the pool ended the game; tokens claimed, first claims."""
    first = Counter(e.data["player"] for e in game.log if e.kind is FIRST_CLAIM)
    per_game = {"pairs_laid": sum(e.kind is PAIR_LAID for e in game.log),
                "ended_by_pool": any(e.kind is ENDED_BY_POOL for e in game.log)}
    return per_game, [{"tokens_claimed": len(game.tokens[p]), "first_claims": first[p]} for p in range(game.players)]
