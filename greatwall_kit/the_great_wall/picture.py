"""The board as a networkx graph and as a static SVG picture."""

from html import escape

from .horde import offensive_power

__all__ = ["graph", "svg"]

COLOURS = ("#3b7dd8", "#d8453b", "#3ba55c", "#c9a227")


def graph(game):
    """Sections, Horde cards, Vital spots and the Soldiers on them, as a networkx graph.

    Nodes: ``section:<s>`` (wall, barricades, defense, power), ``card:<id>`` (name, row,
    power), ``spot:<id>:<i>`` (reward, occupant: ``""``, ``"W"``, ``"S0"``...),
    ``firing:<s>:<i>`` (an Archer's owner or -1). Edges link a section to its cards and
    firing spots, a card to its spots, and neighbouring spots (``kind="adjacent"``).

    >>> from greatwall_kit.the_great_wall import new_game
    >>> g = new_game(players=2, seed=1).graph()
    >>> sorted(n for n in g if n.startswith("section"))
    ['section:0', 'section:1', 'section:2']
    """
    import networkx as nx

    g = nx.Graph()
    cat = game.cat
    for s, sec in enumerate(game.sections):
        g.add_node(f"section:{s}", kind="section", wall=sec["wall"], barricades=sec["barricades"],
                   defense=game.defense(s), power=offensive_power(sec["rows"], cat))
        for i in range(cat.raw["board"]["firing_spots"]):
            owner = sec["archers"][i] if i < len(sec["archers"]) else -1
            g.add_node(f"firing:{s}:{i}", kind="firing", archer=owner)
            g.add_edge(f"section:{s}", f"firing:{s}:{i}", kind="firing")
        for r, c in enumerate(sec["rows"]):
            data = cat.horde[c["card"]]
            node = f"card:{c['card']}"
            g.add_node(node, kind="horde", name=data["name"], row=r, power=data["power"], honor=data["honor"])
            g.add_edge(f"section:{s}", node, kind="row")
            for i, occ in enumerate(c["spots"]):
                spot = f"spot:{c['card']}:{i}"
                g.add_node(spot, kind="vital", reward=data["spots"][i] or "", occupant=occ or "")
                g.add_edge(node, spot, kind="spot")
                if i:
                    g.add_edge(f"spot:{c['card']}:{i - 1}", spot, kind="adjacent")
    return g


def svg(game):
    """A static SVG picture of the wall sections, Horde cards and Soldiers."""
    cat = game.cat
    w, h = 230 * len(game.sections) + 10, 330
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" '
           f'font-size="11">', f'<rect width="{w}" height="{h}" fill="#f4efe4"/>',
           f'<text x="8" y="16">Year {game.year}, {escape(game.season)}; Time slot {game.time}, Lethality '
           f'{game.lethality}; Shame pool {game.shame_pool}</text>']
    for p, clan in enumerate(game.clans):
        out.append(f'<circle cx="{14 + 150 * p}" cy="32" r="6" fill="{COLOURS[p % 4]}"/>')
        out.append(f'<text x="{24 + 150 * p}" y="36">{escape(game.player_names[p])} (S{p}/H{p}): '
                   f'{clan["honor"]} Honor</text>')
    for s, sec in enumerate(game.sections):
        x = 10 + 230 * s
        out.append(f'<rect x="{x}" y="270" width="220" height="40" fill="#9c8f7a"/>')
        out.append(f'<text x="{x + 6}" y="286" fill="white">Section {s}: wall level {sec["wall"]}, '
                   f'{sec["barricades"]} Barricade(s)</text>')
        out.append(f'<text x="{x + 6}" y="302" fill="white">Defense {game.defense(s)} vs Power '
                   f'{offensive_power(sec["rows"], cat)}; Archers: '
                   f'{escape(", ".join(game.player_names[a] for a in sec["archers"]) or "none")}</text>')
        for r, c in enumerate(sec["rows"]):
            y = 190 - 80 * r
            data = cat.horde[c["card"]]
            out.append(f'<rect x="{x}" y="{y}" width="220" height="70" rx="6" fill="#e3d3b3" stroke="#6b5b3e"/>')
            out.append(f'<text x="{x + 6}" y="{y + 14}">{escape(data["name"])} ({c["card"]}) power '
                       f'{data["power"]}, honor {data["honor"]}</text>')
            for i, occ in enumerate(c["spots"]):
                cx = x + 20 + 36 * i
                fill = "#ffffff" if occ is None else "#555555" if occ == "W" else COLOURS[int(occ[1:]) % 4]
                out.append(f'<circle cx="{cx}" cy="{y + 42}" r="14" fill="{fill}" stroke="#333"/>')
                label = "" if occ is None else occ
                out.append(f'<text x="{cx}" y="{y + 46}" text-anchor="middle">{escape(label)}</text>')
                reward = data["spots"][i] or "-"
                out.append(f'<text x="{cx}" y="{y + 66}" text-anchor="middle" font-size="8">{reward}</text>')
    out.append("</svg>")
    return "".join(out)
