"""The game as a networkx graph: the wall's squares, provinces, regions and the players, with the element keys the
picture shares (``s<n>``, ``p<n>``, ``r<n>``, a player's colour)."""

from ..engine.palette import player_style
from .board import DOUBLE, PIECE_NAMES, TOWER
from .picture import layout

__all__ = ["graph"]


def graph(game):
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
    >>> g = graph(ChangCheng(players=2, seed=1))
    >>> g.nodes["s0"]["kind"], g.nodes["s0"]["piece"], g.degree("p0") > 0, g.nodes["s0"]["label"]
    ('square', '', True, 'square 0')
    >>> g.nodes["r0"]["pos"][1] > g.nodes["s0"]["pos"][1] > g.nodes["p0"]["pos"][1]
    True
    >>> g.nodes["Red"]["label"], g.nodes["Red"]["points"]
    ('Red: 0 points', 0)
    """
    import networkx as nx  # (imported when a graph is asked for: playouts never need it)

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
