"""A static SVG picture of the table: token pairs, the cards of each section, the totals, the players.

>>> from greatwall_kit.great_wall_of_china import new_game
>>> svg(new_game(players=2, seed=0)).startswith("<svg")
True
"""

from xml.sax.saxutils import escape

__all__ = ["svg"]

COLOURS = {"Red": "#c0392b", "Yellow": "#d4ac0d", "Green": "#1e8449", "Blue": "#2471a3", "Black": "#222222"}
LETTER = {"wall": "W", "gate": "G", "watchtower": "T", "infantry": "I", "cavalry": "C", "noble": "N",
          "dragon": "D"}
_W, _H, _GAP = 26, 36, 3


def svg(game):
    """The picture of ``game``'s table as SVG text (deterministic)."""
    names = game.player_names
    widest = max([len(s.cards) for s in game.sections] + [8])
    longest = max(len(_totals_text(game, s)) for s in game.sections)
    width = 90 + widest * (_W + _GAP) + max(120, 7 * longest)
    row_h = _H + 26
    height = 30 + row_h * len(game.sections) + 24 * game.players + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="#f5efe0"/>',
           f'<text x="8" y="18" font-size="13">{escape(game.title)} \u2014 pool {len(game.pool)} tokens, '
           f'box {len(game.box)}{", game over" if game.is_over else ""}</text>']
    for r, section in enumerate(game.sections):
        y = 30 + r * row_h
        out.append(f'<text x="8" y="{y + 14}">section {section.number}</text>')
        for i, value in enumerate(section.pair):
            out.append(f'<circle cx="{20 + 26 * i}" cy="{y + 28}" r="10" fill="#fff" stroke="#7a5c2e"/>'
                       f'<text x="{20 + 26 * i}" y="{y + 32}" text-anchor="middle">{value}</text>')
        points = section.tally().points
        for i, card in enumerate(section.cards):
            x = 80 + i * (_W + _GAP)
            fill = COLOURS[names[card.owner]]
            out.append(f'<rect x="{x}" y="{y}" width="{_W}" height="{_H}" rx="3" fill="{fill}" '
                       f'stroke="{"#000" if card.beneath else "none"}" stroke-width="2"/>'
                       f'<text x="{x + _W / 2}" y="{y + 15}" text-anchor="middle" fill="#fff">'
                       f'{LETTER[card.kind]}</text>'
                       f'<text x="{x + _W / 2}" y="{y + 30}" text-anchor="middle" fill="#fff">{points[i]}</text>')
            if card.token is not None:
                out.append(f'<circle cx="{x + _W - 4}" cy="{y + 4}" r="7" fill="#fff" stroke="#000"/>'
                           f'<text x="{x + _W - 4}" y="{y + 8}" text-anchor="middle" font-size="9">'
                           f'{card.token}</text>')
        text = _totals_text(game, section)
        out.append(f'<text x="{80 + widest * (_W + _GAP) + 8}" y="{y + 22}">{escape(text)}</text>')
    y0 = 30 + row_h * len(game.sections) + 8
    for p in range(game.players):
        y = y0 + 24 * p
        mark = " \u25c0 to act" if game.to_act == p else ""
        out.append(f'<rect x="8" y="{y}" width="14" height="14" fill="{COLOURS[names[p]]}"/>'
                   f'<text x="28" y="{y + 11}">{names[p]}: hand {sum(game.hands[p].values())}, '
                   f'deck {len(game.decks[p])}, face-down tokens {len(game.tokens[p])}{mark}</text>')
    out.append("</svg>")
    return "".join(out)


def _totals_text(game, section):
    totals = section.totals()
    return "  ".join(f"{game.player_names[p]} {totals[p]}" for p, part in enumerate(section.takes_part()) if part)
