"""What players see of a game of Chang Cheng, and the whole truth for saves and tests."""

from .board import PIECE_NAMES

__all__ = ["view", "snapshot"]


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
        "regions": [{"region": r, "threat": game.public_threat(r)} for r in range(wall.regions)],
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
            "resolving": [game.colours[game.actor], game.ctx] if game.decision == "card" else None,
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


def snapshot(game):
    """The whole truth of the position, hidden parts included, as a JSON-able dict."""
    return {
        "faces": list(game.wall.faces), "boards": list(game.wall.face_of_board),
        "reserve_faces": [f.name for f in game.reserve_faces],
        "rep_pool": list(game.rep_pool), "threat_pool": list(game.threat_pool),
        "occ": list(game.occ), "piece": list(game.piece), "broken": list(game.broken),
        "reserved": list(game.reserved), "reputation": list(game.reputation),
        "completed": list(game.completed), "cards_in": [[list(c) for c in cs] for cs in game.cards_in],
        "threat": list(game.threat), "revealed": list(game.revealed),
        "known": [sorted(k) for k in game.known], "points": list(game.points),
        "singles": list(game.singles), "doubles": list(game.doubles), "towers": list(game.towers),
        "neutral_left": game.neutral_left, "hand": [list(h) for h in game.hand],
        "emperor": game.emperor, "emperor_on": list(game.emperor_on), "current": game.current,
        "passes": game.passes, "first_turn": game.first_turn, "over": game.over,
        "decision": game.decision, "actor": game.actor, "moves": [str(m) for m in game._moves],
        "stack": [list(map(str, s)) for s in game.stack], "placed": [list(p) for p in game.placed],
        "res": None if game.res is None else {
            "province": game.res["province"], "queue": [list(c) for c in game.res["queue"]],
            "virtual": list(game.res["virtual"]), "modifier": game.res["modifier"]},
        "events": list(game.events), "options": game._saved_options(),  # a layout file by its content, as a save has it
    }
