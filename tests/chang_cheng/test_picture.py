"""The board picture and the graph layout: elements, targets, highlights, legend, geography, hidden counters."""

import random
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.chang_cheng import ChangCheng, new_game
from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.palette import TARGET

from .conftest import game_at, play, position

NS = "{http://www.w3.org/2000/svg}"


def _root(game, **kwargs):
    return ET.fromstring(game.picture(**kwargs))


def _groups(root):
    return {g.get("data-element"): g for g in root.iter(NS + "g") if g.get("data-element")}


def _box(group):
    """The element's own outline: the first rectangle of its group."""
    rect = group.find(NS + "rect")
    return tuple(float(rect.get(a)) for a in ("x", "y", "width", "height"))


def _texts(element):
    return [t.text for t in element.iter(NS + "text")]


@pytest.mark.parametrize("text,key", [
    ("single 4", "s4"), ("double 4", "s4"), ("tower 4", "s4"), ("neutral 4", "s4"), ("reserve 4", "s4"),
    ("break 4", "s4"), ("swap 3 17", "s3"), ("card flood 2", "p2"), ("discard red 2", "p2"),
    ("peek 1", "r1"), ("remove 1", "r1"),
    ("nopeek", None), ("noneutral", None), ("board left", None), ("cancel red flood", None),
    ("flood plus", None), ("builder block", None),
])
def test_move_element_names_the_board_element_of_each_move_kind(text, key):
    game = ChangCheng(players=2, seed=1)
    assert game.move_element(game.parse_move(text)) == key
    assert key is None or key in game.graph()


def test_targets_are_drawn_on_their_elements_with_a_visible_cue():
    game = ChangCheng(players=2, seed=1)
    targets = {"s0": "single 0", "p1": "card flood 1", "r2": "peek 2"}
    root = _root(game, targets=targets)
    groups = _groups(root)
    assert root.get("role") == "group" and root.get("aria-label")
    for key, label in targets.items():
        g = groups[key]
        assert (g.get("class"), g.get("data-target"), g.get("tabindex"), g.get("role"), g.get("aria-label")) == (
            "gw-target", key, "0", "button", label)
        cue = [r for r in g.iter(NS + "rect") if r.get("stroke") == TARGET]
        assert len(cue) == 1 and cue[0].get("stroke-width") == "3" and cue[0].get("stroke-dasharray")
    others = [k for k, g in groups.items() if k not in targets]
    assert others and not any(groups[k].get("data-target") or groups[k].get("tabindex") for k in others)


def test_without_targets_the_picture_is_one_image_with_a_summary():
    root = _root(ChangCheng(players=3, seed=2))
    assert root.get("role") == "img" and "Red 0 points" in root.get("aria-label")
    assert not [el for el in root.iter() if el.get("data-target")]
    background = root.find(NS + "rect")
    assert (background.get("width"), background.get("height")) == (root.get("width"), root.get("height"))
    assert background.get("fill").upper() not in ("NONE", "TRANSPARENT")


@pytest.mark.parametrize("mark,sign", [("focus", None), ("removed", "−"), ("added", "+"), ("changed", "~")])
def test_each_highlight_mark_is_drawn_on_its_element_only(mark, sign):
    game = ChangCheng(players=2, seed=1)
    plain = _groups(_root(game))
    marked = _groups(_root(game, highlight={"s3": mark}))
    assert len(marked["s3"]) > len(plain["s3"])
    assert all(ET.tostring(marked[k]) == ET.tostring(plain[k]) for k in plain if k != "s3")
    assert (sign in _texts(marked["s3"])) if sign else not set(_texts(marked["s3"])) - set(_texts(plain["s3"]))
    outline = [r for r in marked["s3"].iter(NS + "rect") if r.get("fill") == "none"]
    assert outline and outline[-1].get("stroke") == "#000000"
    assert bool(outline[-1].get("stroke-dasharray")) == (mark in ("changed", "removed"))


def test_highlight_given_as_keys_means_focus():
    game = ChangCheng(players=2, seed=1)
    assert game.picture(highlight=["r1", "p0"]) == game.picture(highlight={"r1": "focus", "p0": "focus"})
    assert game.picture(highlight="r1") == game.picture(highlight=["r1"])


@pytest.mark.parametrize("kwargs,words", [
    ({"targets": {"s999": "x"}}, "'s999' to draw as a target"),
    ({"highlight": ["q1"]}, "'q1' to highlight"),
    ({"highlight": {"s1": "glow"}}, "unknown highlight mark"),
    ({"highlight": 5}, "highlight is a key, keys or"),
    ({"targets": ["s1"]}, "targets is a mapping"),
])
def test_bad_targets_or_highlights_are_refused_by_name(kwargs, words):
    with pytest.raises(GreatWallError, match=words):
        ChangCheng(players=2, seed=1).picture(**kwargs)


def test_the_legend_explains_the_symbols_and_grows_with_targets_and_marks():
    game = ChangCheng(players=2, seed=1, neutral_blocks=True)
    plain = " ".join(_texts(_root(game)))
    for words in ("Legend", "single block", "double block", "tower", "broken wall", "reserved",
                  "face down", "reputation counter", "action card", "neutral block"):
        assert words in plain, words
    assert "you may choose" not in plain and "thick outline" not in plain
    marked = " ".join(_texts(_root(game, targets={"s0": "single 0"}, highlight={"s1": "added"})))
    assert "you may choose" in marked and "thick outline and +" in marked and "dotted" not in marked
    assert "neutral" not in " ".join(_texts(_root(ChangCheng(players=2, seed=1))))


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 8)])
def test_regions_are_drawn_north_of_the_wall_and_provinces_south(players, seed):
    game, rng = new_game(players=players, seed=seed), random.Random(seed)
    while game.to_act is not None and len(game.wall.faces) < game.max_boards:
        game.play(rng.choice(game.legal_moves()))
    groups, wall = _groups(_root(game)), game.wall
    for s in wall.order:
        _, y, _, h = _box(groups[f"s{s}"])
        _, ry, _, rh = _box(groups[f"r{wall.region_of[s]}"])
        _, py, _, _ = _box(groups[f"p{wall.province_of[s]}"])
        assert ry + rh <= y and y + h <= py, s
    g = game.graph()
    for s in wall.order:
        assert g.nodes[f"r{wall.region_of[s]}"]["pos"][1] > g.nodes[f"s{s}"]["pos"][1] > \
            g.nodes[f"p{wall.province_of[s]}"]["pos"][1]


def test_every_board_face_is_one_row_of_wide_squares():
    game, rng = new_game(players=4, seed=8), random.Random(8)
    while game.to_act is not None and len(game.wall.faces) < 4:
        game.play(rng.choice(game.legal_moves()))
    root, wall = _root(game), game.wall
    boxes = {s: _box(_groups(root)[f"s{s}"]) for s in wall.order}
    assert len(wall.faces) == 4 and float(root.get("width")) <= 900
    assert min(w for _, _, w, _ in boxes.values()) >= 48
    rows = {}
    for s in wall.order:
        rows.setdefault(boxes[s][1], []).append(wall.board_of[s])
    assert len(rows) == 4 and all(len(set(boards)) == 1 for boards in rows.values())
    # in each row the squares run left to right in wall order
    xs = [boxes[s][0] for s in wall.order]
    assert sum(b < a for a, b in zip(xs, xs[1:], strict=False)) == 3


def test_CC02_CC16_hidden_threat_values_never_reach_the_picture_or_the_graph():
    low = game_at(2, {0: "R"}, threat=[-2, -3, -4, -2, -3, -4])
    high = game_at(2, {0: "R"}, threat=[-4, -2, -3, -4, -2, -3])
    assert low.threat != high.threat
    play(low, "single 1", "peek 0")
    play(high, "single 1", "peek 0")   # the peek is private: the picture stays public
    assert low.picture() == high.picture()
    assert all(dict(low.graph().nodes[n]) == dict(high.graph().nodes[n]) for n in low.graph())
    regions = [g for k, g in _groups(_root(low)).items() if k.startswith("r")]
    assert len(regions) == 6 and all("?" in _texts(g) and "−" not in "".join(_texts(g)) for g in regions)


def test_revealed_and_removed_threats_are_shown_as_everyone_sees_them():
    game = game_at(2, {0: "R"}, threat=[-2, None, -4, -3, -2, -4], revealed=[2])
    groups = _groups(_root(game))
    assert "?" in _texts(groups["r0"]) and "−4" in _texts(groups["r2"]) and "✕" in _texts(groups["r1"])
    assert not [t for t in _texts(groups["r0"]) if t and "−" in t]


def test_CC13_a_reservation_is_drawn_only_while_it_binds():
    marks = {s: "R" for s in range(13)}
    marks.update({s: "G" for s in range(14, 20)})
    marks[20], marks[22] = ".", "RT"
    binding = game_at(2, {**marks, 21: ".r"}, to_move="green", emperor_cards=0)
    lapsed = game_at(2, {**marks, 13: "R", 21: ".r"}, to_move="green", emperor_cards=0)
    assert "for R" in _texts(_groups(_root(binding))["s21"])
    assert "for R" not in _texts(_groups(_root(lapsed))["s21"])
    assert not any("for " in (t or "") for k, g in _groups(_root(binding)).items() if k != "s21"
                   for t in _texts(g))


def test_every_block_shows_its_owner_letter_and_its_kind():
    # a broken block stands only in a completed province (CC-30): province 1 is squares 4-8
    game = ChangCheng.from_position(position(2, {0: "RD", 1: "RD", 3: "GT", 4: "G", 5: "R!", 6: "G", 7: "G", 8: "R"},
                                             faces=("1A", "2A")))
    root = _root(game)
    groups = _groups(root)
    assert "R" in _texts(groups["s0"]) and "R" in _texts(groups["s1"])
    assert "G" in _texts(groups["s3"]) and "tower" in _texts(groups["s3"])
    assert "R" in _texts(groups["s5"]) and "broken" in _texts(groups["s5"])
    assert "G" in _texts(groups["s7"])
    double_bars = [t for t in root.iter(NS + "text") if t.text == "double"]
    assert len(double_bars) == 1  # one bar under both halves
    g = game.graph()
    assert (g.nodes["s0"]["label"], g.nodes["s3"]["label"], g.nodes["s5"]["label"]) == (
        "square 0 R double", "square 3 G tower", "square 5 R broken")
    assert g.nodes["s7"]["colour"] == "#009E73" and g.nodes["s2"]["colour"] != g.nodes["s7"]["colour"]


def test_the_picture_is_deterministic_and_readable():
    a, b = new_game(players=3, seed=4), new_game(players=3, seed=4)
    assert a.picture() == b.picture() == a._repr_svg_()
    root = _root(a)
    assert float(root.get("width")) <= 900
    assert min(float(el.get("font-size")) for el in root.iter() if el.get("font-size")) >= 12


def _luminance(colour):
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b):
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _shape_under(shapes, x, y):
    """The fill of the last opaque shape drawn before a text that holds the text's anchor point."""
    for kind, attrs in reversed(shapes):
        if attrs.get("fill", "#000000") == "none":
            continue
        if kind == "rect":
            left, top = float(attrs["x"]), float(attrs["y"])
            if left <= x <= left + float(attrs["width"]) and top <= y <= top + float(attrs["height"]):
                return attrs["fill"]
        elif (x - float(attrs["cx"])) ** 2 + (y - float(attrs["cy"])) ** 2 <= float(attrs["r"]) ** 2:
            return attrs["fill"]
    raise AssertionError(f"no background under the text at {x}, {y}")


@pytest.mark.parametrize("players,seed,options", [(2, 7, {"neutral_blocks": True}), (3, 5, {}), (4, 8, {})])
def test_every_text_has_a_contrast_of_at_least_4_5_to_what_it_is_written_on(players, seed, options):
    game, rng = new_game(players=players, seed=seed, **options), random.Random(seed)
    checked = 0
    while True:
        if len(game.history) % 40 == 0 or game.to_act is None:
            shapes = []
            for el in _root(game, targets={f"s{game.wall.order[0]}": "a target"}).iter():
                tag = el.tag.replace(NS, "")
                if tag in ("rect", "circle"):
                    shapes.append((tag, el.attrib))
                elif tag == "text":
                    x, y = float(el.get("x")), float(el.get("y")) - 4
                    ratio = _contrast(el.get("fill"), _shape_under(shapes, x, y))
                    assert ratio >= 4.5, f"{el.text!r} at {x}, {y}: contrast {ratio:.2f}"
                    checked += 1
        if game.to_act is None:
            break
        game.play(rng.choice(game.legal_moves()))
    assert checked > 500
