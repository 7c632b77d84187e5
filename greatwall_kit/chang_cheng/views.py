"""What players see of a game of Chang Cheng (their views, the graph of the wall), and the whole truth for saves
and tests."""

from .board import DOUBLE, PIECE_NAMES, TOWER
from .explain import offered

__all__ = ["view", "snapshot", "wall_graph"]


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
            "resolving": [game.colours[game.to_act], game.prompt[2]] if game.decision == "card" else None,
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
        "passes": game.passes, "first_turn": game.first_turn, "over": bool(game.reason),
        "decision": game.decision, "actor": game.to_act, "moves": [str(m) for m in offered(game)],
        "stack": [list(map(str, job)) for job in game.agenda], "placed": [list(p) for p in game.placed],
        "res": None if game.res is None else {
            "province": game.res["province"], "queue": [list(c) for c in game.res["queue"]],
            "virtual": list(game.res["virtual"]), "modifier": game.res["modifier"]},
        "events": list(game.events), "options": game._saved_options(),  # a layout file by its content, as a save has it
    }


def wall_graph(game):
    """The wall as a networkx graph: squares on a path in wall order, provinces and regions linked to them, and a
    node per player.

    Square nodes ``"s<n>"`` carry ``square``, ``position`` (in wall order), ``province``, ``region``,
    ``board``, ``face``, ``occupant`` (colour or ""), ``owner`` (-1 empty), ``piece``, ``broken`` and
    ``reserved`` (colour or "": an empty square's binding reservation). Province nodes ``"p<n>"`` (with
    ``reputation``, ``completed``: every square occupied, ``scored``, ``emperor_card``, ``cards`` face down) and
    region nodes ``"r<n>"`` (``counter``, ``threat``) link to their squares. Player nodes, named by colour
    (``"Red"``), carry ``points`` and what they hold (``singles``, ``doubles``, ``towers``, ``cards``). Every
    node also has ``pos`` (laid out like :meth:`~.game.ChangCheng.picture`, one row per board face, regions
    north of the wall, y up, one unit per square), ``label`` (the element's name as the texts write it) and
    ``colour`` (its owner's for a block); edges have ``colour``, ``width`` (the wall drawn thick) and ``dashed``
    (the wall running on from one row to the next).

    >>> from greatwall_kit.chang_cheng import ChangCheng
    >>> g = wall_graph(ChangCheng(players=2, seed=1))
    >>> g.nodes["s0"]["kind"], g.nodes["s0"]["piece"], g.degree("p0") > 0, g.nodes["s0"]["label"]
    ('square', '', True, 'square 0')
    >>> g.nodes["r0"]["pos"][1] > g.nodes["s0"]["pos"][1] > g.nodes["p0"]["pos"][1]
    True
    >>> g.nodes["Red"]["label"], g.nodes["Red"]["points"]
    ('Red: 0 points', 0)
    """
    import networkx as nx

    from ..engine.palette import player_style
    from .picture import layout

    boxes, _ = layout(game)
    unit = boxes[f"s{game.wall.order[0]}"][2]

    def pos(key):
        x, y, w, h = boxes[key]
        return (round((x + w / 2) / unit, 3), round(-(y + h / 2) / unit, 3))

    wall = game.wall
    g = nx.Graph(game=game.name, players=game.players)
    for p, name in enumerate(game.player_names[:game.players]):
        g.add_node(name, kind="player", player=p, points=game.points[p], singles=game.singles[p],
                   doubles=game.doubles[p], towers=game.towers[p], cards=len(game.hand[p]), pos=pos(name),
                   label=f"{name}: {game.points[p]} points", colour=player_style(game.colours[p])[0])
    for position, s in enumerate(wall.order):
        c = game.occ[s]
        fill, _, letter = player_style(game.colours[c]) if c >= 0 else ("#F2F2F2", "", "")
        piece = {DOUBLE: " double", TOWER: " tower"}.get(game.piece[s], "")
        reserved = game.binding_reservation(s) if c < 0 else -1
        label = f"square {s}" + (f" {letter}{' broken' if game.broken[s] else piece}" if c >= 0 else "")
        if reserved >= 0:
            label += f" for {player_style(game.colours[reserved])[2]}"
        if game.broken[s]:
            fill = "#D9D9D9"
        g.add_node(f"s{s}", kind="square", square=s, position=position, province=wall.province_of[s],
                   region=wall.region_of[s], board=wall.board_of[s],
                   face=wall.face_of_board[wall.board_of[s]], owner=c,
                   occupant=game.colours[c] if c >= 0 else "", piece=PIECE_NAMES[game.piece[s]],
                   broken=game.broken[s], reserved=game.colours[reserved] if reserved >= 0 else "",
                   pos=pos(f"s{s}"), label=label, colour=fill)
    for a, b in wall.pairs():
        # the wall runs on from the end of one picture row (board face) to the start of the next: dashed there
        joins_rows = wall.board_of[a] != wall.board_of[b]
        g.add_edge(f"s{a}", f"s{b}", kind="wall", colour="#5A4A3A", width=2.0 if joins_rows else 4.0,
                   dashed=joins_rows)
    emperor = game.emperor_provinces()
    for pr, squares in enumerate(wall.province_squares):
        scored = game.scored[pr]
        g.add_node(f"p{pr}", kind="province", province=pr, reputation=game.reputation[pr],
                   completed=all(game.occ[s] >= 0 for s in squares), scored=scored, emperor_card=pr in emperor,
                   cards=len(game.cards_in[pr]), pos=pos(f"p{pr}"),
                   label=f"province {pr}: reputation {game.reputation[pr]}{', scored' if scored else ''}",
                   colour="#E3EBD2" if scored else "#F7EFD6")
        for s in squares:
            g.add_edge(f"p{pr}", f"s{s}", kind="province", colour="#A07A2A", width=1.0)
    for r, squares in enumerate(wall.region_squares):
        threat = game.public_threat(r)
        shown = {"hidden": "threat ?", "removed": "no threat"}.get(threat, f"threat {threat}")
        g.add_node(f"r{r}", kind="region", region=r, counter=threat if isinstance(threat, str) else "revealed",
                   threat=threat if isinstance(threat, int) else 0, pos=pos(f"r{r}"),
                   label=f"region {r}: {shown}", colour="#E9DFCB")
        for s in squares:
            g.add_edge(f"r{r}", f"s{s}", kind="region", colour="#6B5B45", width=1.0)
    return g
