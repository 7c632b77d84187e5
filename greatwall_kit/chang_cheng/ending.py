"""The end of a game of Chang Cheng: the Mongol attack, then the event cards, then the winners."""

from . import scoring
from .board import TOWER
from .events import (ATTACK_LOSSES, ATTACK_LOSSES_LEFT, ATTACK_NOBODY, DIPLOMACY_SCORED, DOMINANCE_LONGEST_SCORED,
                     DOMINANCE_SCORED, FINAL_SCORES, GAME_ENDS, IMPERIAL_REWARD_SCORED, REGION_HAS_NO_THREAT,
                     TOWER_PROTECTS)

__all__ = ["finish", "event_scoring"]

_SCORED = {"diplomacy": DIPLOMACY_SCORED, "dominance": DOMINANCE_SCORED, "imperial_reward": IMPERIAL_REWARD_SCORED}


def finish(game, reason):
    """End the game: the Mongol attack region by region (CC-42..44), then the event cards (CC-54)."""
    game._record(GAME_ENDS, reason)
    n = game.players
    occ, broken, piece, region_squares = game.occ, game.broken, game.piece, game.wall.region_squares
    for r in dict.fromkeys(map(game.wall.region_of.__getitem__, game.wall.order)):  # regions in wall order
        blocks = [0] * (n + 1)
        towers = []
        for s in region_squares[r]:
            c = occ[s]
            if c >= 0 and not broken[s]:
                blocks[c] += 1
            if piece[s] == TOWER:
                towers.append(c)
        threat = game.threat[r]
        ev = scoring.mongol_attack(r, threat=threat, blocks=tuple(blocks), towers=tuple(towers),
                                   face_up=game.revealed[r])
        game.evidence.append(ev)
        if threat is None:
            game._record(REGION_HAS_NO_THREAT, r)
            continue
        game.revealed[r] = True
        if ev.protected:
            names = " and ".join(map(game.player_names.__getitem__, ev.protected))
            game._record(TOWER_PROTECTS, r, list(ev.protected), threat, names)
        for c in ev.losers:
            game.points[c] += threat
        if ev.losers:
            names = " and ".join(map(game.player_names.__getitem__, ev.losers))
            loses = f"loses {-threat}" if len(ev.losers) == 1 else f"each lose {-threat}"
            # told after a tower's protection: a tied player without a tower still loses
            game._record(ATTACK_LOSSES_LEFT if ev.protected else ATTACK_LOSSES, r, threat, list(ev.losers), names,
                         loses)
        elif not ev.protected:
            game._record(ATTACK_NOBODY, r, threat, [])
    for event in game.events:
        if event == "observers":
            continue
        ev = event_scoring(game, event)
        game.evidence.append(ev)
        for p, g in enumerate(ev.gains):
            game.points[p] += g
        gains = ", ".join(f"{game.player_names[p]} +{g}" for p, g in enumerate(ev.gains) if g) or "nobody"
        longest = event == "dominance" and game.options.dominance == "longest_only"
        game._record(DOMINANCE_LONGEST_SCORED if longest else _SCORED[event], event, list(ev.gains), gains)
    best = max(game.points)
    winners = [game.player_names[p] for p in range(n) if game.points[p] == best]
    listed = ", ".join(f"{game.player_names[p]} {game.points[p]}" for p in range(n))
    game._record(FINAL_SCORES, list(game.points), listed, " and ".join(winners), "wins" if len(winners) == 1 else "win")
    game.reason = reason  # (the game is over once its end is told: a copy part-way through it is not)
    game._end()


def event_scoring(game, event):
    """The evidence of one end-of-game event card (CC-50, CC-51/CC-V5, CC-52)."""
    n = game.players
    if event == "diplomacy":
        have = [set() for _ in range(n)]
        for s in game.wall.order:
            c = game.occ[s]
            if 0 <= c < n and not game.broken[s]:
                have[c].add(game.wall.province_of[s])
        return scoring.diplomacy(tuple(len(h) for h in have))
    if event == "dominance":
        runs = scoring.longest_runs(game.graph(), n, tower_counts=game.options.dominance_tower)
        return scoring.dominance(tuple(points for points, _ in runs),
                                 longest_only=game.options.dominance == "longest_only")
    return scoring.imperial_reward(tuple(len(h) for h in game.hand))
