"""What each player may see of a game of Chang Cheng: the shared part, and what only they know."""

from .board import PIECE_NAMES

__all__ = ["view", "public_threat"]


def view(game, player):
    """``(public, private)``: what everyone sees, and what only ``player`` knows (None: a spectator)."""
    wall = game.wall
    public = {
        "faces": list(wall.faces),
        "wall": [{"square": s, "province": wall.province_of[s], "region": wall.region_of[s],
                  "occupant": game.colours[game.occ[s]] if game.occ[s] >= 0 else None,
                  "piece": PIECE_NAMES[game.piece[s]], "broken": game.broken[s],
                  "reserved": game.colours[r] if (r := game.binding_reservation(s)) >= 0 else None}
                 for s in wall.order],
        "provinces": [{"province": pr, "reputation": game.reputation[pr], "completed": game.completed[pr],
                       "cards": [game.colours[o] for o, _ in game.cards_in[pr]]}
                      for pr in range(wall.provinces)],
        "regions": [{"region": r, "threat": public_threat(game, r)} for r in range(wall.regions)],
        "points": list(game.points),
        "pieces": [{"singles": game.singles[p], "doubles": game.doubles[p], "towers": game.towers[p],
                    "cards": len(game.hand[p])} for p in range(game.players)],
        "neutral_left": game.neutral_left,
        "emperor_cards": game.emperor,
        "boards_to_come": len(game.reserve_faces),
        "events": list(game.events),
        "decision": game.decision,
        "current": game.current,
        "first_turn": game.first_turn,
        "scoring": None if game.res is None else {
            "province": game.res["province"],
            "resolving": [game.colours[game.to_act], game.ctx] if game.decision == "card" else None,
            "queue": [[game.colours[o], k] for o, k in game.res["queue"]],
            "virtual": list(game.res["virtual"]), "modifier": game.res["modifier"]},
    }
    private = {}
    if player is not None:
        private = {
            "hand": list(game.hand[player]),
            "placed_cards": {k: pr for (o, k), pr in sorted(game.card_at.items(), key=lambda i: i[0][1])
                             if o == player},
            "known_threats": {str(r): game.threat[r] for r in sorted(game.known[player])
                              if game.threat[r] is not None},
        }
    return public, private


def public_threat(game, region):
    """Region ``region``'s threat counter as everyone sees it: ``"hidden"``, ``"removed"`` or its value."""
    if game.threat[region] is None:
        return "removed"
    return game.threat[region] if game.revealed[region] else "hidden"
