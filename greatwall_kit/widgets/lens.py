"""The graph lens: ``game.graph()`` drawn as SVG, with the same element keys as the board picture.

The drawing reads only what the game's graph carries (``pos``, ``label``, ``colour`` on nodes; ``colour``,
``width``, ``dashed``, ``element`` on edges), so it shows the students' own networkx model, not a second one.
"""

from html import escape

__all__ = ["draw"]

WIDTH = 560          # the lens sits beside (or under) a board of up to 900 px
MARGIN = 28
RADIUS = 11
FONT = 13
CHAR = 0.62 * FONT   # a generous average width of a sans-serif character: labels are placed by estimate
#: Projector mode (``large=True``): a wider drawing with text of 18 px and bigger nodes.
LARGE = {"width": 840, "margin": 36, "radius": 15, "font": 18}


def draw(graph, *, highlight=(), title=None, large=False):
    """An SVG drawing of ``graph`` in its nodes' ``pos`` layout; nodes and edges are selectable elements.

    Parameters
    ----------
    graph : networkx.Graph
        A game's graph: every node has ``pos``, ``label`` and ``colour``.
    highlight : iterable of str
        Element keys to outline (node ids, or edges' ``element`` attributes).
    title : str, optional
        The accessible name of the drawing.
    large : bool
        Projector mode: text of 18 px, nodes and drawing scaled to match.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.Graph()
    >>> g.add_node("a", pos=(0.0, 0.0), label="a", colour="#D55E00")
    >>> g.add_node("b", pos=(1.0, 0.0), label="b", colour="#009E73")
    >>> g.add_edge("a", "b", element="ab")
    >>> svg = draw(g, highlight=["a"])
    >>> svg.count('data-element="a"'), 'data-element="ab"' in svg, "gw-selected" in svg
    (1, True, True)
    """
    highlight = set(highlight)
    width, margin, radius, font = (LARGE["width"], LARGE["margin"], LARGE["radius"], LARGE["font"]) if large else \
        (WIDTH, MARGIN, RADIUS, FONT)
    pos = {n: d["pos"] for n, d in graph.nodes(data=True)}
    if not pos:
        return _empty(title, width, font)
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    scale = (width - 2 * margin) / span_x
    height = int(min(max(span_y * scale, 40), 700 * width / WIDTH)) + 2 * margin
    scale_y = (height - 2 * margin) / span_y

    def at(n):
        x, y = pos[n]
        return margin + (x - min(xs)) * scale, margin + (max(ys) - y) * scale_y  # y up, as nx.draw

    spots = _label_spots(graph, {n: at(n) for n in graph}, highlight, (width, height), radius, font)
    name = title or graph.graph.get("name") or "the game's graph"
    # one Tab stop for the whole lens (a roving tabindex: the view moves it with the arrow keys)
    first = next((n for n in graph if n in highlight), next(iter(graph)))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gw-lens-svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{font}" role="group" '
           f'aria-label="{escape(name)}: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges; '
           f'arrow keys move between them">',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    for u, v, d in graph.edges(data=True):
        (x1, y1), (x2, y2) = at(u), at(v)
        key = d.get("element")
        dash = ' stroke-dasharray="5,4"' if d.get("dashed") else ""
        line = (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{d.get("colour", "#777777")}" '
                f'stroke-width="{float(d.get("width", 1.5)):.1f}"{dash}/>')
        if key is None:
            out.append(line)
            continue
        selected: str | bool = " gw-selected" if key in highlight else ""
        out.append(f'<g class="gw-pick{selected}" data-element="{escape(key)}" tabindex="-1" role="button" '
                   f'aria-label="select {escape(key)} ({escape(str(u))} to {escape(str(v))})">'
                   f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="transparent" '
                   f'stroke-width="12"/>{line}'
                   + (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#000000" '
                      f'stroke-width="6" opacity="0.5"/>' if selected else "") + "</g>")
    for n, d in graph.nodes(data=True):
        x, y = at(n)
        key, label = escape(str(n)), escape(str(d.get("label", n)))
        selected = n in highlight
        ring = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius + 4}" fill="none" stroke="#000000" stroke-width="3"/>'
                if selected else "")
        spot = spots.get(n)
        text = (f'<text x="{spot[0]:.1f}" y="{spot[1]:.1f}" text-anchor="{spot[2]}" fill="#000000">{label}</text>'
                if spot else "")
        out.append(f'<g class="gw-pick{" gw-selected" if selected else ""}" data-element="{key}" '
                   f'tabindex="{0 if n == first else -1}" role="button" aria-label="select {label} ({key})">'
                   f'<title>{key}: {label}</title>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{d.get("colour", "#cccccc")}" '
                   f'stroke="#333333"/>{ring}{text}</g>')
    out.append("</svg>")
    return "".join(out)


def _label_spots(graph, centres, highlight, size, radius=RADIUS, font=FONT):
    """``{node: (x, y, anchor)}``: where each label that fits is written.

    A label goes above its node, else below, right or left, wherever it overlaps no node and no label
    placed before it. Selected nodes are labelled first, then the most connected (a section before its
    spots, a card before a time slot), ties in the graph's order. A label with no free place is left out
    of the drawing and stays in the node's tooltip and accessible name.
    """
    (width, height), char = size, 0.62 * font
    reach = {n: radius + 4 if n in highlight else radius for n in graph}  # a selected node wears a ring
    discs = {n: (x - reach[n], y - reach[n], x + reach[n], y + reach[n]) for n, (x, y) in centres.items()}
    taken = _Boxes(4 * font)
    for box in discs.values():
        taken.add(box)
    order = sorted(graph, key=lambda n: (n not in highlight, -graph.degree(n)))  # stable: ties keep their order
    spots = {}
    for n in order:
        (x, y), r = centres[n], reach[n]
        wide = len(str(graph.nodes[n].get("label", n))) * char
        own = discs[n]
        for tx, ty, anchor in ((x, y - r - 3, "middle"), (x, y + r + font, "middle"),
                               (x + r + 3, y + font / 3, "start"), (x - r - 3, y + font / 3, "end")):
            left = {"middle": tx - wide / 2, "start": tx, "end": tx - wide}[anchor]
            box = (left, ty - font + 2, left + wide, ty + 2)
            if box[0] < 0 or box[2] > width or box[1] < 0 or box[3] > height:
                continue
            if not taken.overlaps(box, own):
                spots[n] = (tx, ty, anchor)
                taken.add(box)
                break
    return spots


class _Boxes:
    """Boxes filed by the grid cells they cover, so a new box is tested only against its neighbours."""

    def __init__(self, cell):
        self.cell, self.cells = cell, {}

    def _cells(self, box):
        c = self.cell
        for i in range(int(box[0] // c), int(box[2] // c) + 1):
            for j in range(int(box[1] // c), int(box[3] // c) + 1):
                yield i, j

    def add(self, box):
        for key in self._cells(box):
            self.cells.setdefault(key, []).append(box)

    def overlaps(self, box, besides):
        return any(_overlap(box, other) for key in self._cells(box) for other in self.cells.get(key, ())
                   if other is not besides)


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _empty(title, width=WIDTH, font=FONT):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{2 * font + 16}" font-size="{font}" '
            f'role="img" aria-label="{escape(title or "empty graph")}"><text x="8" y="{font + 12}">(no nodes)</text>'
            '</svg>')
