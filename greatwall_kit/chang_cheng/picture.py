"""A static SVG picture of the wall: provinces above, squares in wall order, Mongol regions below."""

from html import escape

__all__ = ["svg"]

FILL = {"red": "#c0392b", "green": "#27ae60", "blue": "#2e6fd0", "violet": "#8e44ad", "neutral": "#9a9a9a"}
W, H = 30, 30
X0, Y_PROV, Y_WALL, Y_REG = 10, 24, 70, 124


def svg(game):
    """The game's board as a deterministic SVG document (what a notebook shows for the game object).

    Squares show their number; a block fills its square with its colour (a double is marked ``D``,
    a tower ``T``, a broken wall is grey with a ``/``, a reserved square has an outline in its owner's colour).
    Provinces show their reputation counter (``*`` once completed); regions their threat counter
    as the public knows it (``?`` face down, ``x`` removed).
    """
    wall = game.wall
    order = wall.order
    width = X0 * 2 + W * len(order)
    pos = {s: i for i, s in enumerate(order)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="170" '
           f'viewBox="0 0 {width} 170" font-family="sans-serif" font-size="10">',
           f'<rect x="0" y="0" width="{width}" height="170" fill="#faf6ec"/>',
           f'<text x="{X0}" y="12" font-size="11">Chang Cheng: {escape(", ".join(wall.faces))}; points '
           f'{escape(" ".join(f"{c}={p}" for c, p in zip(game.player_names, game.points)))}</text>']
    for pr, squares in enumerate(wall.province_squares):
        x = X0 + W * min(pos[s] for s in squares)
        w = W * len(squares)
        done = "*" if game.completed[pr] else ""
        cards = len(game.cards_in[pr])
        out.append(f'<rect x="{x + 1}" y="{Y_PROV}" width="{w - 2}" height="36" fill="#f3e2b3" stroke="#a07a2a"/>')
        out.append(f'<text x="{x + 4}" y="{Y_PROV + 14}">P{pr}{done} rep {game.reputation[pr]}</text>')
        if cards:
            out.append(f'<text x="{x + 4}" y="{Y_PROV + 28}">{cards} card{"s" if cards > 1 else ""}</text>')
    for s in order:
        x = X0 + W * pos[s]
        c = game.occ[s]
        fill = "#ffffff" if c < 0 else ("#bbbbbb" if game.broken[s] else FILL[game.colours[c]])
        stroke, sw = "#555555", 1
        if (r := game.binding_reservation(s)) >= 0:
            stroke, sw = FILL[game.colours[r]], 3
        out.append(f'<rect x="{x + 1}" y="{Y_WALL}" width="{W - 2}" height="{H}" fill="{fill}" stroke="{stroke}" '
                   f'stroke-width="{sw}"/>')
        mark = {2: "D", 3: "T"}.get(game.piece[s], "")
        if game.broken[s]:
            mark = "/"
        out.append(f'<text x="{x + 4}" y="{Y_WALL + 12}" fill="{"#000" if c < 0 else "#fff"}">{s}</text>')
        if mark:
            out.append(f'<text x="{x + 16}" y="{Y_WALL + 25}" fill="#fff" font-weight="bold">{mark}</text>')
    for r, squares in enumerate(wall.region_squares):
        x = X0 + W * min(pos[s] for s in squares)
        w = W * len(squares)
        threat = game._threat_public(r)
        shown = {"hidden": "?", "removed": "x"}.get(threat, threat)
        out.append(f'<rect x="{x + 1}" y="{Y_REG}" width="{w - 2}" height="36" fill="#d9d2c5" stroke="#6b5b45"/>')
        out.append(f'<text x="{x + 4}" y="{Y_REG + 22}">R{r} threat {shown}</text>')
    out.append("</svg>")
    return "\n".join(out)
