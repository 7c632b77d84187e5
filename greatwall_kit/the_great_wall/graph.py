"""Where every board element of *The Great Wall* sits, and the networkx graph of them.

One layout serves the SVG picture (:mod:`.picture`, which also names the element a move is played on) and the
graph's ``pos``, so a graph drawn with
``nx.draw`` looks like the picture. The layout reads only the public part of the position
(``game.view(None)["public"]``) and the card data.

Element keys (the graph's node ids):

========================  ============================================================
``section:<s>``           the wall of section ``s`` (wall level, Defense)
``barricades:<s>``        its Barricade slots
``firing:<s>:<i>``        Firing spot ``i`` of section ``s`` (an Archer's owner)
``card:<id>``             a Horde card on the wall, or claimed by a clan (a trophy)
``spot:<id>:<i>``         Vital spot ``i`` of a Horde card on the wall
``location:<id>``         a Location (Clerk slots, Overseers)
``track:<r>:<i>``         Command track slot ``i`` of Fall round ``r``
``artifact:<id>``         a face-up Artifact at the Bazaar
``clan:<p>``              a clan's public board (Honor, final Honor, Shame, resources, Soldiers)
``time:<i>``              slot ``i`` of the Time track
``shame_pool``            the Shame pool (tokens left)
========================  ============================================================
"""

from dataclasses import dataclass, field

from ..engine.log import counted
from ..engine.palette import player_style
from .horde import offensive_power

__all__ = ["Layout", "layout", "graph", "clan_style", "WIDTH"]

WIDTH, MARGIN, GAP = 900, 10, 10
HEADER_H = 112
CARD_H, CARD_GAP, BAR_H = 78, 6, 86
TRACK_ROW, SLOT_W = 46, 100
LOC_W, LOC_H, LOC_GAP, LOC_PER_ROW = 169, 98, 8, 5
CLAN_H, CLAN_GAP = 91, 6
ART_W = 136
# three lines of two trophies, each wide enough for its card's name; the clan's row counts any more
TROPHY_X, TROPHY_STEP, TROPHIES_SHOWN = 648, 120, 6
# The kit's player colour names, in seat order: clan p wears the palette's colour and letter of the p-th name.
COLOUR_NAMES = ("Red", "Green", "Blue", "Violet")

# Colours of graph nodes that are not a clan's.
WALL, CARD, OPEN, WOUND, PLACE = "#D9CCB0", "#EFE3C8", "#FFFFFF", "#444444", "#F7F3EA"
NOW, GOLD = "#FFE08A", "#F3D98B"  # the Time token's slot; Artifacts


def clan_style(p):
    """``(fill, ink, letter)`` of clan ``p`` (Crane red, Tiger green, Dragon blue, Phoenix violet)."""
    return player_style(COLOUR_NAMES[p])


@dataclass
class Layout:
    """Boxes ``(x, y, width, height)`` in picture pixels (y down) of every element, and the bands' tops."""

    public: dict
    boxes: dict = field(default_factory=dict)
    bands: dict = field(default_factory=dict)
    rows: int = 1  # Horde card rows drawn: as many as a section can hold, so nothing moves as cards come and go
    trophies: dict = field(default_factory=dict)  # {card: clan} of the trophies drawn in a clan's panel

    def centre(self, key):
        x, y, w, h = self.boxes[key]
        return x + w / 2, y + h / 2


def layout(game):
    """The :class:`Layout` of ``game``'s public position."""
    pub = game.view(None)["public"]
    cat, out = game.cat, Layout(pub)
    boxes = out.boxes
    for i in range(len(cat.time_slots)):
        boxes[f"time:{i}"] = (MARGIN + 56 + 52 * i, 44, 48, 46)
    boxes["shame_pool"] = (WIDTH - MARGIN - 250, 9, 116, 24)
    sections = pub["sections"]
    n = len(sections)
    colw = (WIDTH - 2 * MARGIN - (n - 1) * GAP) // n
    out.rows = cat.raw["board"]["rows"]
    top = HEADER_H
    bar_y = top + out.rows * (CARD_H + CARD_GAP)
    firing = cat.raw["board"]["firing_spots"]
    for s, sec in enumerate(sections):
        x = MARGIN + s * (colw + GAP)
        for r, row in enumerate(sec["rows"]):
            y = top + (out.rows - 1 - r) * (CARD_H + CARD_GAP)
            boxes[f"card:{row['card']}"] = (x, y, colw, CARD_H)
            for i in range(len(row["spots"])):
                boxes[f"spot:{row['card']}:{i}"] = (x + 10 + 38 * i, y + 24, 32, 50)
        boxes[f"section:{s}"] = (x, bar_y, colw, BAR_H)
        boxes[f"barricades:{s}"] = (x + 6, bar_y + 50, 158, 30)
        for i in range(firing):
            boxes[f"firing:{s}:{i}"] = (x + colw - 40 - 36 * (firing - 1 - i), bar_y + 50, 30, 30)
    y = out.bands["track"] = bar_y + BAR_H + 12
    for r, row in enumerate(pub["track"]):
        for i in range(len(row)):
            boxes[f"track:{r}:{i}"] = (MARGIN + 84 + SLOT_W * i, y + 26 + TRACK_ROW * r, SLOT_W - 6, 40)
    track_h = 26 + TRACK_ROW * len(pub["track"])
    out.bands["right"] = right = MARGIN + 84 + SLOT_W * max(len(row) for row in pub["track"]) + 20
    art_w = min(ART_W, (WIDTH - MARGIN - right) // 3 - 6)
    for k, a in enumerate(pub["artifacts"]):
        boxes[f"artifact:{a}"] = (right + (art_w + 6) * k, y + 124, art_w, 46)
    y += max(track_h, 172) + 10
    out.bands["locations"] = y
    for k, loc in enumerate(cat.locations):
        col, line = k % LOC_PER_ROW, k // LOC_PER_ROW
        boxes[f"location:{loc}"] = (MARGIN + (LOC_W + LOC_GAP) * col, y + (LOC_H + LOC_GAP) * line, LOC_W, LOC_H)
    y += (LOC_H + LOC_GAP) * -(-len(cat.locations) // LOC_PER_ROW) + 6
    out.bands["clans"] = y
    for p, clan in enumerate(pub["clans"]):
        cy = y + (CLAN_H + CLAN_GAP) * p
        boxes[f"clan:{p}"] = (MARGIN, cy, WIDTH - 2 * MARGIN, CLAN_H)
        # a card has one box: one still on the wall (a position part-way through a rule step may list it as a
        # trophy too) is drawn there, never as a wall card squeezed into a trophy's box under the next clan's panel
        shown = [card for card, _ in clan["trophies"] if f"card:{card}" not in boxes][:TROPHIES_SHOWN]
        for k, card in enumerate(shown):
            boxes[f"card:{card}"] = (TROPHY_X + TROPHY_STEP * (k % 2), cy + 26 + 20 * (k // 2), TROPHY_STEP - 4, 18)
            out.trophies[card] = p
    out.bands["legend"] = y + (CLAN_H + CLAN_GAP) * len(pub["clans"]) + 4
    return out


def graph(game):
    """Sections, Horde cards, Vital spots, Soldiers, Locations and tracks, as a networkx graph.

    Nodes: ``section:<s>`` (wall, barricades, defense, power), ``card:<id>`` (name, row, power;
    ``kind="trophy"`` with its owner once claimed), ``spot:<id>:<i>`` (reward, occupant: ``""``,
    ``"W"``, ``"S0"``...), ``firing:<s>:<i>`` (an Archer's owner or -1), ``barricades:<s>``,
    ``location:<id>``, ``track:<r>:<i>``, ``artifact:<id>``, ``clan:<p>`` (labelled with its Honor), ``time:<i>``
    and ``shame_pool``; every node
    has ``pos`` (laid out like the picture, y up), ``label`` and ``colour``. Edges link a section to its
    cards, Barricades and Firing spots, a card to its spots, neighbouring spots (``kind="adjacent"``,
    dashed) and a clan to its trophies.

    >>> from greatwall_kit.the_great_wall import new_game
    >>> g = new_game(players=2, seed=1).graph()
    >>> sorted(n for n in g if n.startswith("section"))
    ['section:0', 'section:1', 'section:2']
    >>> g.nodes["location:quarry"]["label"], g.nodes["track:0:1"]["label"]
    ('Quarry', 'Fall round 1, slot 1: empty')
    """
    import networkx as nx

    lay = layout(game)
    pub, cat, names = lay.public, game.cat, game.player_names
    g = nx.Graph()

    def node(key, colour, label, **data):
        x, y = lay.centre(key)
        g.add_node(key, pos=(float(x), float(-y)), colour=colour, label=label, **data)

    def owner_colour(p):
        return OPEN if p is None or p < 0 else clan_style(p)[0]

    for i, slot in enumerate(cat.time_slots):
        node(f"time:{i}", NOW if i == pub["time"] else PLACE, f"Time track slot {i}", kind="time",
             horde=slot["horde"], lethality=slot["lethality"])
    node("shame_pool", "#FFFFFF", f"Shame pool: {counted(pub['shame_pool'], 'token', 'tokens')}", kind="shame_pool",
         count=pub["shame_pool"])
    for s, sec in enumerate(pub["sections"]):
        key = f"section:{s}"
        node(key, WALL, f"Section {s}", kind="section", wall=sec["wall"], barricades=sec["barricades"],
             defense=pub["defense"][s], power=offensive_power(sec["rows"], cat))
        node(f"barricades:{s}", "#8B5A2B", counted(sec['barricades'], 'Barricade', 'Barricades'), kind="barricades",
             count=sec["barricades"])
        g.add_edge(key, f"barricades:{s}", kind="barricades", colour="#8B5A2B", width=2.0)
        for i in range(cat.raw["board"]["firing_spots"]):
            owner = sec["archers"][i] if i < len(sec["archers"]) else -1
            who = f"{names[owner]} Archer" if owner >= 0 else "open"
            node(f"firing:{s}:{i}", owner_colour(owner), f"Firing spot {i} of section {s}: {who}", kind="firing",
                 archer=owner)
            g.add_edge(key, f"firing:{s}:{i}", kind="firing", colour="#555555", width=1.0, dashed=True)
        for r, c in enumerate(sec["rows"]):
            data = cat.horde[c["card"]]
            card = f"card:{c['card']}"
            node(card, CARD, f"{c['card']} {data['name']}", kind="horde", name=data["name"], row=r,
                 power=data["power"], honor=data["honor"])
            g.add_edge(key, card, kind="row", colour="#6B5B3E", width=3.0 - r)
            for i, occ in enumerate(c["spots"]):
                spot = f"spot:{c['card']}:{i}"
                colour = OPEN if occ is None else WOUND if occ == "W" else clan_style(int(occ[1:]))[0]
                node(spot, colour, f"spot {i} of {c['card']}: {_spot_label(occ, names)}", kind="vital",
                     reward=data["spots"][i] or "",
                     occupant=occ or "")
                g.add_edge(card, spot, kind="spot", colour="#6B5B3E", width=1.0)
                if i:
                    g.add_edge(f"spot:{c['card']}:{i - 1}", spot, kind="adjacent", colour="#999999", width=1.0,
                               dashed=True)
    for loc, state in pub["locations"].items():
        node(f"location:{loc}", PLACE, cat.place[loc], kind="location", clerks=len(state["clerks"]),
             overseers=len(state["overseers"]))
    for r, row in enumerate(pub["track"]):
        for i, entry in enumerate(row):
            what = "empty" if entry is None else f"{names[entry[0]]} {entry[1]}"
            node(f"track:{r}:{i}", owner_colour(None if entry is None else entry[0]),
                 f"Fall round {r + 1}, slot {i}: {what}", kind="track", owner=-1 if entry is None else entry[0],
                 card="" if entry is None else entry[1])
    for a in pub["artifacts"]:
        node(f"artifact:{a}", GOLD, f"{a} {cat.artifacts[a]['name']}", kind="artifact", honor=cat.artifacts[a]["honor"])
    for p, clan in enumerate(pub["clans"]):
        final = game.final[p].total if game.final is not None and p < len(game.final) else None
        node(f"clan:{p}", clan_style(p)[0], _standing(names[p], clan["honor"], final), kind="clan",
             honor=clan["honor"], shame=clan["shame"], final=-1 if final is None else final)
        for card, shamed in clan["trophies"]:
            if lay.trophies.get(card) != p:  # past the ten shown, or (part-way through a step) still on the wall
                continue
            node(f"card:{card}", WOUND if shamed else CARD, f"{card} {cat.horde[card]['name']} (trophy)",
                 kind="trophy", owner=p, shamed=bool(shamed), honor=cat.horde[card]["honor"])
            g.add_edge(f"clan:{p}", f"card:{card}", kind="trophy", colour=clan_style(p)[0], width=2.0)
    return g


def _standing(name, honor, final):
    """A clan's label: its name and Honor, and its final Honor once scored (TGW-48)."""
    return f"{name}: Honor {honor}" + ("" if final is None else f", final {final}")


def _spot_label(occ, names):
    if occ is None:
        return "open"
    if occ == "W":
        return "Wound"
    return f"{names[int(occ[1:])]} {'Spearman' if occ[0] == 'S' else 'Horseman'}"
