"""The graph lens's labels: written where they fit, never over one another; the rest stay in tooltips."""

import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

import greatwall_kit
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.widgets import lens

SVG = "{http://www.w3.org/2000/svg}"


def crowded(n=6):
    """A row of ``n`` nodes about 28 px apart, with labels over 150 px wide."""
    g = nx.Graph()
    for i in range(n):
        g.add_node(f"n{i}", pos=(i * 30.0, 0.0), label=f"a long label number {i}", colour="#cccccc")
    g.add_node("far", pos=(0.0, 100.0), label="far", colour="#cccccc")
    g.add_node("wide", pos=(530.0, 0.0), label="wide", colour="#cccccc")  # sets the scale: 30 units, 28.5 px
    return g


def drawn_labels(svg):
    """``{node key: (box of its written label)}``, with the lens's own width estimate."""
    out = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        text = group.find(f"{SVG}text")
        if text is None or group.find(f"{SVG}circle") is None:
            continue
        x, y, width = float(text.get("x")), float(text.get("y")), len(text.text) * lens.CHAR
        left = {"middle": x - width / 2, "start": x, "end": x - width}[text.get("text-anchor")]
        out[group.get("data-element")] = (left, y - lens.FONT + 2, left + width, y + 2)
    return out


def test_labels_with_no_free_place_stay_in_the_tooltip():
    svg = lens.draw(crowded())
    written = drawn_labels(svg)
    assert 1 <= len([k for k in written if k.startswith("n")]) < 6
    for i in range(6):  # every node still names itself for the pointer and for a screen reader
        assert f"<title>n{i}: a long label number {i}</title>" in svg
        assert re.search(rf'aria-label="select a long label number {i} \(n{i}\)"', svg)


def test_a_selected_node_is_labelled_before_the_others():
    assert "n4" not in drawn_labels(lens.draw(crowded()))
    assert "n4" in drawn_labels(lens.draw(crowded(), highlight=["n4"]))


@pytest.mark.parametrize("name", list(greatwall_kit.GAMES))
@pytest.mark.parametrize("decisions", [0, 25, None])
def test_no_label_overlaps_another_in_any_game(name, decisions):
    game = greatwall_kit.new_game(name, players=2, seed=3)
    if decisions != 0:
        play_randomly(game, 3, stop_after=decisions)
    boxes = list(drawn_labels(lens.draw(game.graph())).values())
    assert len(boxes) >= 4
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
