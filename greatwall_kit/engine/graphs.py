"""Helpers for the networkx models every game builds with ``game.graph()``, and for comparing two pictures by
their board elements (what a rule step or a decision changed on the board)."""

import xml.etree.ElementTree as ET

__all__ = ["exportable", "element_keys", "drawn_elements", "changed_elements"]


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


def drawn_elements(svg):
    """``{element key: its drawing}`` of a picture (``game.picture()``): each ``data-element`` group serialised
    without the groups of other elements inside it. Draw both pictures without targets and highlights to compare.

    >>> svg = '<svg xmlns="http://www.w3.org/2000/svg"><g data-element="v1"><circle r="3"/></g></svg>'
    >>> list(drawn_elements(svg))
    ['v1']
    """
    out: dict[str, list[str]] = {}
    for el in ET.fromstring(svg).iter():
        key = el.get("data-element")
        if key is None:
            continue
        copy = ET.Element(el.tag, {k: v for k, v in el.attrib.items() if k != "data-element"})
        copy.text = el.text
        copy.extend(child for child in el if child.get("data-element") is None)
        out.setdefault(key, []).append(ET.tostring(copy, encoding="unicode"))
    return out


def changed_elements(before, after):
    """The keys of the board elements drawn differently in two pictures (drawn in only one of them included).

    >>> a = '<svg xmlns="http://www.w3.org/2000/svg"><g data-element="v1"><circle r="3"/></g></svg>'
    >>> b = a.replace('r="3"', 'r="4"')
    >>> changed_elements(a, b), changed_elements(a, a)
    ({'v1'}, set())
    """
    a, b = drawn_elements(before), drawn_elements(after)
    return {key for key in a.keys() | b.keys() if a.get(key) != b.get(key)}
