"""What a player sees of a game of Great Wall of China: ``view(game, player) -> (public, private)``.

Hands, decks, the pool's order and the values of face-down tokens never reach the public part.

>>> from greatwall_kit.great_wall_of_china import new_game
>>> public, private = view(new_game(players=2, seed=0), 1)
>>> sorted(private), public["players"][0]["hand"], public["phase"]
(['hand', 'points', 'tokens'], 5, 'act')
"""

__all__ = ["view"]


def view(game, player):
    """``(public, private)``: the table as everyone sees it, and ``player``'s hand and face-down tokens."""
    names = game.player_names
    public = {
        "sections": [{"number": s.number, "pair": list(s.pair), "totals": list(s.totals()),
                      "cards": [{"owner": names[c.owner], "kind": c.kind, "token": c.token,
                                 "beneath": [f"{names[o]} {k}" for o, k in c.beneath]} for c in s.cards]}
                     for s in game.sections],
        "players": [{"name": names[p], "hand": sum(game.hands[p].values()), "deck": len(game.decks[p]),
                     "face_down_tokens": len(game.tokens[p])} for p in range(game.players)],
        "pool": len(game.pool),
        "box": list(game.box),
        "turn": names[game.turn], "phase": game.phase, "actions_taken": game.actions,
        "cavalry_used": game.cavalry_used,
        "claim_in_section": None if game.phase != "claim" else game.sections[game.pending].number,
        "last_round_by": None if game.declarer is None else names[game.declarer],
        "scoring_only": game.final,
    }
    if player is None:
        return public, {}
    private = {"hand": dict(game.hands[player]), "tokens": sorted(game.tokens[player]),
               "points": sum(game.tokens[player])}
    return public, private
