"""What the board views rely on, checked for every game: pictures with clickable targets, graphs with positions.

The widgets draw ``game.picture(targets=..., highlight=...)`` and ``game.graph()`` and never recompute a rule,
so every game must: name a board element for each move played on the board (``move_element``), draw that
element as a keyboard-reachable target with an accessible name, draw highlights, use element keys that are
nodes (or ``element`` attributes of edges) of its graph, give every graph node a ``pos``, ``label`` and
``colour``, and keep text readable on a projector (12 px or more at the size it is drawn).
"""

import io
import random
import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from greatwall_kit.engine.graphs import element_keys, exportable

from .conftest import CONFIGS

SVG_NS = "{http://www.w3.org/2000/svg}"
MAX_WIDTH = 900  # drawn 1:1 at JupyterLab's default notebook width


def _positions(module, players, options, seed, every=7):
    game = module.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    while True:
        if len(game.history) % every == 0 or game.to_act is None:
            yield game
        if game.to_act is None:
            return
        game.play(rng.choice(game.legal_moves()))


def _targets(game):
    targets = {}
    for move in game.legal_moves():
        key = game.move_element(move)
        if key is not None:
            targets.setdefault(key, []).append(str(move))
    return {key: " or ".join(moves) for key, moves in targets.items()}


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_every_board_move_has_a_clickable_element_of_the_graph(module, players, options):
    for game in _positions(module, players, options, seed=21):
        keys = element_keys(game.graph())
        targets = _targets(game)
        assert set(targets) <= keys, f"move elements not in the graph: {set(targets) - keys}"
        root = ET.fromstring(game.picture(targets=targets, highlight=list(targets)[:2]))
        drawn = {el.get("data-target"): el for el in root.iter() if el.get("data-target")}
        assert set(drawn) == set(targets), f"targets drawn {sorted(drawn)} != asked {sorted(targets)}"
        for key, el in drawn.items():
            assert el.get("tabindex") == "0" and el.get("role") == "button", key
            assert el.get("aria-label"), f"target {key} has no accessible name"
            assert el.get("data-element") == key
        elements = {el.get("data-element") for el in root.iter() if el.get("data-element")}
        assert elements <= keys, f"picture elements not in the graph: {elements - keys}"


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_graph_nodes_carry_pos_label_and_colour(module, players, options):
    for game in _positions(module, players, options, seed=22, every=25):
        g = game.graph()
        for node, data in g.nodes(data=True):
            x, y = data["pos"]
            assert isinstance(x, float) and isinstance(y, float), node
            assert isinstance(data["label"], str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", data["colour"]), node
        nx.write_graphml(exportable(g), io.BytesIO())


def test_pictures_are_readable_on_a_projector(game_module):
    for game in _positions(game_module, 2, {}, seed=23, every=30):
        root = ET.fromstring(game.picture())
        assert root.tag == SVG_NS + "svg"
        width = float(root.get("width"))
        assert width <= MAX_WIDTH, f"picture is {width} px wide: it would be shrunk below its text size"
        sizes = [float(el.get("font-size")) for el in root.iter() if el.get("font-size")]
        assert sizes and min(sizes) >= 12, f"text smaller than 12 px: {sorted(set(sizes))[:5]}"


@pytest.mark.parametrize("mark", ["focus", "removed", "added", "changed"])
def test_highlighted_elements_carry_their_mark(game_module, mark):
    """``data-mark`` lets views and browser tests find what a rule step touches."""
    game = next(_positions(game_module, 2, {}, seed=24, every=12))
    keys = sorted(element_keys(game.graph()))
    root = ET.fromstring(game.picture())
    drawn = [el.get("data-element") for el in root.iter() if el.get("data-element")]
    key = drawn[len(drawn) // 2]
    marked = ET.fromstring(game.picture(highlight={key: mark}))
    found = {el.get("data-element"): el.get("data-mark") for el in marked.iter() if el.get("data-mark")}
    assert found == {key: mark} and key in keys


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_no_legend_text_is_cut(module, players, options):
    """Every line of the legend is drawn whole (issue 38: "reward bel…" was cut at the column's width)."""
    if not module.__name__.startswith("greatwall_kit."):
        pytest.skip("the conformance suite's tiny test game draws no legend")
    for game in _positions(module, players, options, seed=5, every=11):
        texts = ["".join(el.itertext()) for el in ET.fromstring(game.picture()).iter(f"{SVG_NS}text")]
        assert "Legend" in texts, "the picture draws no legend"
        cut = [t for t in texts[texts.index("Legend"):] if t.endswith("…")]
        assert not cut, f"legend lines cut: {cut}"
