"""A game's graph drawn as a picture in a notebook: by matplotlib where it is installed, else by the graph lens.

``draw_graph(game.graph())`` is what ``nx.draw`` with the graph's own ``pos``, ``label`` and ``colour``
draws, so one notebook runs in JupyterLab and in the browser-only JupyterLite site, which ships no
matplotlib: there the board view's graph lens (:func:`greatwall_kit.widgets.lens.draw`) draws the same
graph as SVG. Either way the drawing reads only what the graph carries: nodes at their ``pos``
(y up), filled with their ``colour``; edges in their ``colour`` and ``width``, dashed where ``dashed``.

Examples
--------
>>> from greatwall_kit import new_game
>>> drawing = draw_graph(new_game("dschingis_khan", seed=1).graph(), engine="lens")
>>> drawing
GraphDrawing('Dschingis Khan on standard', 93 nodes, 152 edges, drawn by the graph lens)
>>> drawing._repr_svg_().startswith("<svg"), drawing._repr_png_()
(True, None)
"""

import importlib.util
import io

__all__ = ["draw_graph", "GraphDrawing"]

ENGINES = ("matplotlib", "lens")


def draw_graph(graph, *, pos=None, labels=False, title=None, size=(8, 5), engine=None):
    """A :class:`GraphDrawing` of ``graph``, which Jupyter shows as a picture.

    Parameters
    ----------
    graph : networkx.Graph
        A game's graph (``game.graph()``) or part of one: every node has ``pos`` and ``colour``.
    pos : dict, optional
        ``{node: (x, y)}`` instead of the nodes' own ``pos``.
    labels : bool
        Write each node's ``label`` (matplotlib; the lens writes every label that fits).
    title : str, optional
        The drawing's title (and the lens's accessible name); default: the graph's ``name``.
    size : (float, float)
        Width and height in inches of matplotlib's figure (the lens is always 560 px wide).
    engine : {"matplotlib", "lens"}, optional
        Who draws: by default matplotlib if it can be imported, else the lens.
    """
    if engine is None:
        engine = "matplotlib" if importlib.util.find_spec("matplotlib") is not None else "lens"
    if engine not in ENGINES:
        from .engine.errors import GreatWallError, quote

        raise GreatWallError(f"engine must be 'matplotlib' or 'lens', not {quote(engine)}")
    if pos is not None:
        graph = graph.copy()
        for node, xy in pos.items():
            graph.nodes[node]["pos"] = (float(xy[0]), float(xy[1]))
    return GraphDrawing(graph, engine, labels=labels, title=title, size=size)


class GraphDrawing:
    """A drawing of a graph: a PNG made by matplotlib (``figure``), or the graph lens's SVG (``svg``)."""

    def __init__(self, graph, engine, *, labels=False, title=None, size=(8, 5)):
        self.engine, self.title = engine, title or graph.graph.get("name") or "the game's graph"
        self._summary = (graph.number_of_nodes(), graph.number_of_edges())
        self.figure = _figure(graph, labels, title, size) if engine == "matplotlib" else None
        if engine == "lens":
            from .widgets.lens import draw

            self.svg = draw(graph, title=self.title)
        else:
            self.svg = None

    def _repr_png_(self):
        if self.figure is None:
            return None
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        buffer = io.BytesIO()
        FigureCanvasAgg(self.figure).print_png(buffer)
        return buffer.getvalue()

    def _repr_svg_(self):
        return self.svg

    def __repr__(self):
        by = "matplotlib" if self.engine == "matplotlib" else "the graph lens"
        return f"GraphDrawing({self.title!r}, {self._summary[0]} nodes, {self._summary[1]} edges, drawn by {by})"


def _figure(graph, labels, title, size):
    """matplotlib's drawing, on a figure of its own (never pyplot's current one: nothing else is shown)."""
    import networkx as nx
    from matplotlib.figure import Figure

    from .widgets.style import figure_style

    with figure_style() as style:  # text readable at a desk, or on a projector after use_size("large")
        figure = Figure(figsize=size)
        ax = figure.add_subplot()
        edges = list(graph.edges(data=True))
        nx.draw(graph, pos=nx.get_node_attributes(graph, "pos"), ax=ax,
                node_color=[d.get("colour", "#cccccc") for _, d in graph.nodes(data=True)], node_size=120,
                edgelist=[(u, v) for u, v, _ in edges], edge_color=[d.get("colour", "#777777") for *_, d in edges],
                width=[float(d.get("width", 1.5)) for *_, d in edges],
                style=["--" if d.get("dashed") else "-" for *_, d in edges] or "-",
                labels=nx.get_node_attributes(graph, "label") if labels else None, with_labels=labels,
                font_size=style.labels)
        if title:
            ax.set_title(title)
    return figure
