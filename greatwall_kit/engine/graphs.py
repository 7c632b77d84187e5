"""Helpers for the networkx models every game builds with ``game.graph()``."""

__all__ = ["exportable", "element_keys"]


def exportable(graph):
    """A copy of ``graph`` that GraphML accepts: each node's ``pos`` pair becomes ``x`` and ``y`` numbers.

    ``pos`` is what ``nx.draw`` wants, but GraphML stores only numbers and strings.

    Examples
    --------
    >>> import io, networkx as nx
    >>> g = nx.Graph(); g.add_node("a", pos=(1.0, 2.0), label="a")
    >>> h = exportable(g); h.nodes["a"]
    {'label': 'a', 'x': 1.0, 'y': 2.0}
    >>> nx.write_graphml(h, io.BytesIO())
    """
    out = graph.copy()
    for _, data in out.nodes(data=True):
        if "pos" in data:
            data["x"], data["y"] = (float(v) for v in data.pop("pos"))
    return out


def element_keys(graph):
    """The keys of the board elements ``graph`` models: its nodes, and the ``element`` of edges that are elements.

    >>> import networkx as nx
    >>> g = nx.Graph(); g.add_edge("t0", "t1", element="l0")
    >>> sorted(element_keys(g))
    ['l0', 't0', 't1']
    """
    return set(graph.nodes) | {d["element"] for *_, d in graph.edges(data=True) if "element" in d}
