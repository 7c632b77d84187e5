"""The end of a game of Chang Cheng: the Mongol attack, then the event cards, then the winners."""

from . import scoring
from .board import TOWER

__all__ = ["finish", "event_scoring"]


def finish(game, reason):
    """End the game: the Mongol attack region by region (CC-42..44), then the event cards (CC-54)."""
    game.reason = reason
    game._emit(f"The game ends: {reason}.", "CC-40")
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
            game._emit(f"Region {r} has no threat counter left: it costs nothing.", "CC-44", region=r)
            continue
        game.revealed[r] = True
        text = f"Region {r} attacks with {threat}."
        if ev.protected:
            names = " and ".join(map(game.player_names.__getitem__, ev.protected))
            game._emit(f"{text} {names}'s tower protects {names}.", "CC-43", region=r,
                       protected=list(ev.protected))
            text = "Still in the majority there:"  # a tied player without a tower loses
        for c in ev.losers:
            game.points[c] += threat
        if ev.losers:
            names = " and ".join(map(game.player_names.__getitem__, ev.losers))
            loses = f"loses {-threat}" if len(ev.losers) == 1 else f"each lose {-threat}"
            lead = text if ev.protected else f"{text} Majority:"
            game._emit(f"{lead} {names}, who {loses}.", "CC-42", region=r,
                       threat=threat, losers=list(ev.losers))
        elif not ev.protected:
            game._emit(f"{text} Nobody holds a majority to lose it.", "CC-42", region=r, threat=threat,
                       losers=[])
    for event in game.events:
        if event == "observers":
            continue
        ev = event_scoring(game, event)
        game.evidence.append(ev)
        for p, g in enumerate(ev.gains):
            game.points[p] += g
        gains = ", ".join(f"{game.player_names[p]} +{g}" for p, g in enumerate(ev.gains) if g) or "nobody"
        rule = "CC-V5" if event == "dominance" and game.options.dominance == "longest_only" else {
            "diplomacy": "CC-50", "dominance": "CC-51", "imperial_reward": "CC-52"}[event]
        game._emit(f"Event card {event} (after the Mongol attack): {gains}.", rule, event=event,
                   gains=list(ev.gains))
    best = max(game.points)
    winners = [game.player_names[p] for p in range(n) if game.points[p] == best]
    game._emit(f"Final scores: {', '.join(f'{game.player_names[p]} {game.points[p]}' for p in range(n))}. "
               f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}.", "CC-45",
               scores=list(game.points))
    game.over = True
    game.decision = None
    game.actor = None


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
