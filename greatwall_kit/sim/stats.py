"""Each game's own statistics of a finished game, read from its log and final position.

:func:`game_stats` returns ``(per_game, per_seat)``: a dict of figures about the whole game and
one dict per seat; the simulation lab adds them as columns. Every figure names what it counts.

>>> from greatwall_kit import new_game
>>> from greatwall_kit.engine.playout import play_randomly
>>> game = new_game("dschingis_khan", seed=3); _ = play_randomly(game, 3)
>>> per_game, per_seat = game_stats(game)
>>> sorted(per_game), sorted(per_seat[0])
(['loops_resolved', 'new_ends', 'villages_flipped'], ['villages_controlled'])
"""

from collections import Counter

__all__ = ["game_stats"]


def game_stats(game):
    """``(per_game, per_seat)`` statistics of a finished ``game`` (see the module docstring)."""
    return _STATS[game.name](game)


def _events(game, *rules):
    return [e for e in game.log if e.rule in rules]


def _chang_cheng(game):
    scored = _events(game, "CC-22")
    won = Counter(p for e in scored for p in e.data.get("winners", ()))
    losses = Counter(p for e in _events(game, "CC-42") for p in e.data.get("losers", ()))
    per_game = {"provinces_scored": len(scored), "mongol_attacks": len(_events(game, "CC-42"))}
    return per_game, [{"provinces_won": won[p], "mongol_losses": losses[p]} for p in range(game.players)]


def _great_wall_of_china(game):
    first = Counter(e.data["player"] for e in _events(game, "GW-11"))
    per_game = {"pairs_laid": len(_events(game, "GW-05")), "ended_by_pool": bool(_events(game, "GW-22"))
                and game.end_reason == "pool"}
    return per_game, [{"tokens_claimed": len(game.tokens[p]), "first_claims": first[p]} for p in range(game.players)]


def _dschingis_khan(game):
    loops = _events(game, "DK-22", "DK-23")
    ends = _events(game, "DK-25")
    flipped = sum(len(e.data.get("villages", ())) for e in _events(game, "DK-27"))
    control = Counter(stack[-1][0] for stack in game.stacks if stack)
    per_game = {"loops_resolved": len(loops), "new_ends": len(ends), "villages_flipped": flipped}
    return per_game, [{"villages_controlled": control[p]} for p in range(game.players)]


def _the_great_wall(game):
    assaults = _events(game, "TGW-22")
    breaches = sum(1 for e in assaults if "power" in e.data and e.data["power"] > e.data["defense"])
    per_game = {"breaches": breaches, "years": game.year}
    return per_game, [{"honor": c["honor"], "shame": len(c["disabled"]), "trophies": len(c["trophies"])}
                      for c in game.clans]


_STATS = {"chang_cheng": _chang_cheng, "great_wall_of_china": _great_wall_of_china,
          "dschingis_khan": _dschingis_khan, "the_great_wall": _the_great_wall}
