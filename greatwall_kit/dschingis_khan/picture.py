"""The position as a networkx graph (for students to draw and export) and as a static SVG picture.

Nodes ``t<n>`` are towers and ``v<n>`` villages. Edges of layer ``lattice`` join towers
(wall lines, with ``wall`` = none/open/closed and ``great_wall``); edges of layer ``track``
join villages (``crosses_wall`` says whether a wall piece stands across the track).

>>> from greatwall_kit.dschingis_khan import new_game
>>> g = new_game(seed=1).graph()
>>> g.nodes["v0"]["side"], g.nodes["t0"]["kind"]
('Mongolia', 'tower')
>>> sum(1 for *_, d in g.edges(data=True) if d.get("great_wall"))
9
"""

from .sides import SIDE_NAMES
from .walls import OPEN

__all__ = ["graph", "svg"]

_COLOURS = ("#c0392b", "#27ae60", "#2e6fd0", "#e67e22")
_LAND = ("#ead9b0", "#cfe3c4")  # Mongolia, China
_CELL = 60


def graph(game):
    """The layered networkx model of ``game``'s position (all attributes str/int/float/bool)."""
    import networkx as nx

    lat, net = game.board, game.net
    g = nx.Graph(name=f"Dschingis Khan on {lat.name}", great_wall_length=net.length)
    for t, (x, y) in enumerate(lat.towers):
        g.add_node(f"t{t}", kind="tower", x=float(x), y=float(y), on_great_wall=bool(net.on_wall[t]),
                   side_of_board=lat.side_of_tower[t] or "inside")
    for v, (c, r) in enumerate(lat.villages):
        stack = game.stacks[v]
        scout = next((game.player_names[p] for p, s in enumerate(game.scout) if s == v), "none")
        g.add_node(f"v{v}", kind="village", x=c + 0.5, y=r + 0.5, side=SIDE_NAMES[game.sides[v]],
                   tiles=len(stack), controller=game.player_names[stack[-1][0]] if stack else "none", scout=scout)
    for i, (a, b) in enumerate(lat.lines):
        state = net.state.get(i)
        g.add_edge(f"t{a}", f"t{b}", layer="lattice", line=i, inner=lat.inner[i],
                   wall="none" if state is None else "open" if state == OPEN else "closed",
                   great_wall=state is not None and net.on_great_wall_line(i))
    for i, (f, h) in enumerate(lat.faces):
        if lat.track[i]:
            g.add_edge(f"v{f}", f"v{h}", layer="track", line=i, crosses_wall=i in net.state)
    return g


def svg(game):
    """A static SVG picture of the board: land by side, walls (Great Wall darker, closed dashed), stacks, scouts."""
    lat, net = game.board, game.net
    m = 20
    w, h = lat.columns * _CELL + 2 * m, lat.rows * _CELL + 2 * m + 24
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           'font-family="sans-serif">']
    for v, (c, r) in enumerate(lat.villages):
        x, y = m + c * _CELL, m + r * _CELL
        out.append(f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="{_LAND[game.sides[v]]}" '
                   'stroke="#bbb" stroke-width="0.5"/>')
        out.append(f'<text x="{x + 4}" y="{y + 12}" font-size="10" fill="#555">{v}</text>')
        stack = game.stacks[v]
        if stack:
            colour = _COLOURS[stack[-1][0]]
            out.append(f'<rect x="{x + 22}" y="{y + 22}" width="16" height="16" fill="{colour}" stroke="#333"/>')
            out.append(f'<text x="{x + 42}" y="{y + 36}" font-size="10">{len(stack)}</text>')
    for i, (f, g) in enumerate(lat.faces):
        if lat.track[i] and i not in net.state:
            (c1, r1), (c2, r2) = lat.villages[f], lat.villages[g]
            out.append(f'<line x1="{m + (c1 + .5) * _CELL}" y1="{m + (r1 + .5) * _CELL}" '
                       f'x2="{m + (c2 + .5) * _CELL}" y2="{m + (r2 + .5) * _CELL}" stroke="#a08060" '
                       'stroke-width="1" stroke-dasharray="2,3"/>')
    for line, state in sorted(net.state.items()):
        a, b = lat.lines[line]
        (x1, y1), (x2, y2) = lat.towers[a], lat.towers[b]
        main = net.on_great_wall_line(line)
        dash = ' stroke-dasharray="6,3"' if state != OPEN else ""
        out.append(f'<line x1="{m + x1 * _CELL}" y1="{m + y1 * _CELL}" x2="{m + x2 * _CELL}" y2="{m + y2 * _CELL}" '
                   f'stroke="{"#7b1e1e" if main else "#8a6d3b"}" stroke-width="{6 if main else 4}"{dash}>'
                   f'<title>line {line} {"open" if state == OPEN else "closed"}</title></line>')
    for t in (net.west_end, net.east_end):
        x, y = lat.towers[t]
        out.append(f'<circle cx="{m + x * _CELL}" cy="{m + y * _CELL}" r="5" fill="#c0392b"/>')
    for p, v in enumerate(game.scout):
        if v >= 0:
            c, r = lat.villages[v]
            out.append(f'<circle cx="{m + c * _CELL + 16}" cy="{m + r * _CELL + 46}" r="7" fill="{_COLOURS[p]}" '
                       f'stroke="#000"><title>{game.player_names[p]} scout</title></circle>')
    caption = (f"Great Wall {net.length} pieces; common supply {game.supply} walls; "
               f"Mongolia {game.sides.count(0)} / China {game.sides.count(1)} villages")
    out.append(f'<text x="{m}" y="{h - 8}" font-size="12">{caption}</text>')
    out.append("</svg>")
    return "".join(out)
