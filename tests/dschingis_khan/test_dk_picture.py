"""The board views' side of Dschingis Khan: move elements, the picture (targets, highlights, legend, public
information only, tower coordinates, readable sizes), the graph's drawing attributes, and lines named by towers."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.dschingis_khan import DschingisKhan, Gate, Wall, new_game
from greatwall_kit.dschingis_khan.picture import BRANCH, GREAT_WALL, LAND
from greatwall_kit.dschingis_khan.scoring import KINDS
from greatwall_kit.engine import GreatWallError, IllegalMoveError, NotationError
from greatwall_kit.engine.palette import HIGHLIGHT, TARGET

from .dk_support import game_at, position

SVG = "{http://www.w3.org/2000/svg}"
#: Red's scout stands on (2,2) beside the Great Wall, with a tile and a wall to place: walls, tracks,
#: a gate and climbs are all open to Red.
BESIDE_THE_WALL = dict(scouts={"Red": [2, 2], "Green": [6, 0], "Blue": [5, 0], "Orange": [6, 1]},
                       active={"Red": {"tiles": ["farmer"], "walls": 1}})


def _root(svg):
    return ET.fromstring(svg)


def _texts(root):
    return ["".join(el.itertext()) for el in root.iter(SVG + "text")]


def _element(root, key):
    """The (first) group of an element: a village's land, which carries its target and mark (its contents are a
    second group of the same key, drawn on top of the walls)."""
    return next(el for el in root.iter() if el.get("data-element") == key)


def _landed(before, after):
    """Where a decision visibly landed: the village the scout moved to, or the village whose stack grew."""
    p = before.to_act
    if after.scout[p] != before.scout[p]:
        return None if after.scout[p] < 0 else f"v{after.scout[p]}"
    grown = [v for v, (a, b) in enumerate(zip(before.stacks, after.stacks, strict=True)) if len(b) > len(a)]
    return f"v{grown[0]}" if grown else None


def _positions():
    """Every phase of a turn: set-up, enter, take, place (walls and scout steps), lay, blocked scouts."""
    setup = new_game(players=3, seed=8)
    yield setup.copy()
    for _ in range(2):                                                       # both set-up tiles
        setup.play(setup.legal_moves()[0])
    yield setup                                                              # the scout's set-up choice
    yield game_at(**BESIDE_THE_WALL)
    stepped = game_at(**BESIDE_THE_WALL)
    stepped.play("track 9")
    yield stepped                                                            # lay
    yield game_at(scouts={"Red": None, "Green": [6, 0], "Blue": [5, 0], "Orange": [6, 1]}, phase="take")  # enter
    for seed in (3, 4):
        game, rng = new_game(players=2, seed=seed), random.Random(seed)
        while not game.is_over:
            if len(game.history) % 6 == 0:
                yield game.copy()
            game.play(rng.choice(game.legal_moves()))


def test_DK20_move_element_names_the_line_or_the_village_a_move_lands_on():
    seen = set()
    for game in _positions():
        for move in game.legal_moves():
            key = game.move_element(move)
            seen.add((type(move).__name__, key is None))
            if type(move) is Wall:
                assert key == f"l{move.line}"
                continue
            after = game.copy()
            after.play(move)
            assert key == _landed(game, after), f"{move} is drawn on {key}, lands on {_landed(game, after)}"
    kinds = {name for name, _ in seen}
    assert {"Start", "Scout", "Enter", "Take", "Wall", "Track", "Gate", "Climb", "Lay"} <= kinds, kinds
    buttons = {name for name, none in seen if none}
    assert buttons == {"Take", "Pass", "Discard", "Retreat"} & kinds, buttons


def test_move_element_of_a_gate_the_scout_is_not_beside_is_none():
    game = game_at(**BESIDE_THE_WALL)
    far = next(line for line in game.net.state if game.scout[0] not in game.board.faces[line])
    assert game.move_element(Gate(far)) is None and game.move_element(Gate(10 ** 6)) is None


def test_targets_are_drawn_clickable_with_a_visible_cue():
    game = game_at(**BESIDE_THE_WALL)
    targets = {}
    for move in game.legal_moves():
        if game.move_element(move):
            targets.setdefault(game.move_element(move), []).append(str(move))
    targets = {key: " or ".join(moves) for key, moves in targets.items()}
    assert any(k.startswith("l") for k in targets) and any(k.startswith("v") for k in targets)
    root = _root(game.picture(targets=targets))
    assert root.get("role") == "group"
    for key, label in targets.items():
        el = _element(root, key)
        assert (el.get("class"), el.get("data-target"), el.get("tabindex"), el.get("role"), el.get("aria-label")) \
            == ("gw-target", key, "0", "button", label)
        cue = [s for s in el.iter() if s.get("stroke") == TARGET]
        assert cue and all(s.get("stroke-width") == "3" and s.get("stroke-dasharray") for s in cue), key
        if key.startswith("l"):   # a thin line gets a wide invisible hit area
            assert any(float(s.get("stroke-width", 0)) >= 12 and s.get("stroke-opacity") == "0" for s in el.iter())
    plain = _root(game.picture())
    assert plain.get("role") == "img" and "Great Wall of 9 pieces" in plain.get("aria-label")
    assert not [el for el in plain.iter() if el.get("data-target")]


@pytest.mark.parametrize("key", ["v12", "t20", "l37"])
@pytest.mark.parametrize("mark,sign,words", [("focus", None, "in focus"), ("removed", None, "removed"),
                                             ("added", "+", "added"), ("changed", "~", "changed")])
def test_highlights_are_drawn_with_their_mark_and_explained(key, mark, sign, words):
    game = new_game(seed=1)
    plain, marked = game.picture(), game.picture(highlight={key: mark})
    assert marked != plain
    root = _root(marked)
    texts = _texts(root)
    assert any(t.startswith(words) for t in texts), texts[-12:]
    if sign:
        assert texts.count(sign) >= 2            # on the board and in the legend
    outlined = [el for el in root.iter() if el.get("stroke") == HIGHLIGHT and float(el.get("stroke-width", 0)) >= 3]
    assert outlined
    if mark == "removed":
        assert any(el.tag == SVG + "path" and el.get("stroke") == HIGHLIGHT for el in root.iter())  # the cross


def test_highlight_keys_alone_mean_focus():
    game = new_game(seed=1)
    assert game.picture(highlight=["v3", "l37"]) == game.picture(highlight={"v3": "focus", "l37": "focus"})
    assert game.picture(highlight="v3") == game.picture(highlight=["v3"]) != game.picture()
    with pytest.raises(GreatWallError, match="unknown highlight marks"):
        game.picture(highlight={"v3": "glow"})


def test_the_legend_explains_every_symbol_and_the_caption_counts_from_the_game():
    game = game_at(branches=[[[3, 3], [3, 2]]], closed=[[[1, 3], [2, 3]]],
                   stacks={"1,1": ["Red mongol", "Green farmer"]}, **BESIDE_THE_WALL)
    texts = " | ".join(_texts(_root(game.picture())))
    for words in ("Mongolia", "China", "Great Wall piece, open gate", "Great Wall piece, closed", "branch piece, open",
                  "branch piece, closed", "end tower of the Great Wall", "tower (x,y)", "track between villages",
                  "tiles face down", "scout", "village number"):
        assert words in texts, words
    assert f"Great Wall: {game.net.length} pieces" in texts
    assert f"common supply: {game.supply} walls" in texts
    assert f"{game.sides.count(0)} Mongolia, {game.sides.count(1)} China" in texts
    assert "G2" in texts.split(" | ")                    # Green's tile on top of 2


def test_walls_are_told_apart_by_width_and_dash_not_by_colour_alone():
    game = game_at(branches=[[[3, 3], [3, 2]]], closed=[[[1, 3], [2, 3]]], **BESIDE_THE_WALL)
    root = _root(game.picture())
    t, line_between = game.board.tower_at, game.board.line_between

    def wall_stroke(a, b):
        el = _element(root, f"l{line_between(t[a], t[b])}")
        (stroke,) = [s for s in el.iter(SVG + "line") if s.get("stroke") in (GREAT_WALL, BRANCH)]
        return float(stroke.get("stroke-width")), stroke.get("stroke-dasharray")

    great_open, great_closed = wall_stroke((0, 3), (1, 3)), wall_stroke((1, 3), (2, 3))
    branch = wall_stroke((3, 3), (3, 2))
    assert great_open[0] > branch[0] and great_open[1] is None and branch[1] is None
    assert great_closed[0] == great_open[0] and great_closed[1]


def test_no_picture_shows_a_tile_kind():
    doc = position(stacks={"1,1": ["Red mongol", "Green farmer"], "5,3": ["Blue plague"]}, **BESIDE_THE_WALL)
    other = position(stacks={"1,1": ["Red chinese", "Green ginseng"], "5,3": ["Blue farmer"]},
                     active={"Red": {"tiles": ["chinese"], "walls": 1}}, scouts=BESIDE_THE_WALL["scouts"])
    a, b = DschingisKhan.from_position(doc), DschingisKhan.from_position(other)
    assert a.snapshot() != b.snapshot()
    assert a.picture() == b.picture() and a.picture(highlight=["v9"]) == b.picture(highlight=["v9"])
    kind_word = re.compile(r"\b(" + "|".join(KINDS) + r")\b", re.I)
    for game in _positions():
        svg = game.picture()
        assert not kind_word.search(svg), kind_word.search(svg)


def test_towers_are_labelled_by_their_coordinates():
    game = new_game(seed=1)
    texts = _texts(_root(game.picture()))
    assert [f"({x},{y})" for x, y in game.board.towers] == [t for t in texts if t.startswith("(")]
    assert all(str(v) in texts for v in range(len(game.board.villages)))


@pytest.mark.parametrize("layout,tower_labels,numbers", [("rectangle:6x4", True, True),
                                                         ("rectangle:12x8", False, True),
                                                         ("rectangle:40x40", False, False)])
def test_larger_boards_stay_readable_and_say_what_they_leave_out(layout, tower_labels, numbers):
    game = new_game(players=2, seed=1, layout=layout)
    root = _root(game.picture())
    assert float(root.get("width")) <= 900
    assert min(float(el.get("font-size")) for el in root.iter() if el.get("font-size")) >= 12
    texts = _texts(root)
    lat = game.board
    assert (f"({lat.columns},{lat.rows})" in texts) == tower_labels
    assert str(lat.columns) in texts                                    # the x axis or a tower label
    assert (str(len(lat.villages) - 1) in texts) == numbers
    assert any("village numbers left out" in t for t in texts) != numbers
    background = root.find(SVG + "rect")
    assert (background.get("width"), background.get("fill")) == (root.get("width"), "#FFFFFF")


def test_the_graph_is_laid_out_like_the_picture_and_styled_like_it():
    game = game_at(branches=[[[3, 3], [3, 2]]], closed=[[[1, 3], [2, 3]]], **BESIDE_THE_WALL)
    g, lat = game.graph(), game.board
    for t, (x, y) in enumerate(lat.towers):
        assert g.nodes[f"t{t}"]["pos"] == (x, lat.rows - y) and g.nodes[f"t{t}"]["label"] == f"({x},{y})"
    for v in range(len(lat.villages)):
        node = g.nodes[f"v{v}"]
        assert node["label"] == str(v) and node["colour"] == LAND[game.sides[v]]
    for _a, _b, d in g.edges(data=True):
        if d["layer"] == "track":
            assert d["dashed"]
            continue
        assert d["element"] == f"l{d['line']}"
        assert d["dashed"] == (d["wall"] == "closed")
        if d["wall"] != "none":
            assert d["colour"] == (GREAT_WALL if d["great_wall"] else BRANCH)
    widths = {d["great_wall"]: d["width"] for *_, d in g.edges(data=True) if d.get("wall", "none") != "none"}
    assert widths[True] > widths[False]


def _contrast(a, b):
    """The WCAG contrast ratio of two ``#RRGGBB`` colours."""
    def luminance(colour):
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def _under(shape, text):
    """Whether ``shape`` (the element drawn just before ``text``) is a filled box or disc under the text's anchor."""
    if shape is None or not shape.get("fill", "none").startswith("#"):
        return False
    x, y = float(text.get("x")), float(text.get("y"))
    if shape.tag == SVG + "rect":
        left, top = float(shape.get("x")), float(shape.get("y"))
        return left <= x <= left + float(shape.get("width")) and top <= y <= top + float(shape.get("height"))
    if shape.tag == SVG + "circle":
        return (x - float(shape.get("cx"))) ** 2 + (y - float(shape.get("cy"))) ** 2 <= float(shape.get("r")) ** 2
    return False


def test_text_and_walls_have_at_least_4_5_to_1_contrast_on_what_is_behind_them():
    game = game_at(stacks={"1,1": ["Red mongol"], "2,1": ["Green farmer"], "3,1": ["Blue farmer"],
                           "4,1": ["Orange farmer"]}, **BESIDE_THE_WALL)
    root = _root(game.picture())
    hatch = root.find(f".//{SVG}pattern/{SVG}line").get("stroke")
    board = ("#FFFFFF", *LAND, hatch)                 # the page, both lands and China's hatching
    checked = 0
    for parent in root.iter():
        children = list(parent)
        for before, el in zip([None, *children], children, strict=False):
            if el.tag != SVG + "text":
                continue
            ink = el.get("fill", "#000000")
            behind = (before.get("fill"),) if _under(before, el) else board
            assert all(_contrast(ink, b) >= 4.5 for b in behind), ("".join(el.itertext()), ink, behind)
            checked += 1
    assert checked > 100
    for wall in (GREAT_WALL, BRANCH):
        assert all(_contrast(wall, b) >= 4.5 for b in board[1:3])


def test_the_picture_is_deterministic():
    assert new_game(players=3, seed=4).picture() == new_game(players=3, seed=4).picture()


# -- lines named by their towers, and lines that are not lines (the curriculum issue) -----------------------

def test_DK20_a_wall_may_be_written_with_its_two_towers():
    game = game_at(**BESIDE_THE_WALL)
    t = game.board.tower_at
    line = game.board.line_between(t[(2, 2)], t[(2, 3)])
    for text in ("wall (2,2)-(2,3)", "wall (2,3)-(2,2)", "WALL ( 2 , 2 ) - ( 2 , 3 )", f"wall {line}"):
        assert game.parse_move(text) == Wall(line)
        assert text in game.legal_moves()
        assert str(game.parse_move(text)) == "wall (2,2)-(2,3)"       # the board's name, whatever the text
    assert str(Wall(line)) == f"wall {line}"                            # a move built by hand knows no board
    assert game.play("wall (2,2)-(2,3)") == Wall(line) and line in game.net.state
    assert str(game.history[-1]) == "wall (2,2)-(2,3)"


@pytest.mark.parametrize("text,message", [("wall (2,2)-(3,3)", "not neighbours"),
                                          ("wall (2,2)-(2,2)", "not neighbours"),
                                          ("wall (9,9)-(8,9)", "no tower"),
                                          ("wall (2,2)-", "expected"),
                                          # int() read the Arabic-Indic digit as 2
                                          ("wall (٢,2)-(2,3)", "written with the digits 0-9"),
                                          # over 4,300 digits int() raised a plain ValueError
                                          pytest.param(f"wall ({'9' * 5000},2)-(2,3)", "5,000 digits",
                                                       id="wall (9...9,2)-(2,3)")])
def test_DK20_a_wall_between_towers_that_share_no_line_is_refused_as_notation(text, message):
    game = game_at(**BESIDE_THE_WALL)
    before = game.snapshot()
    with pytest.raises(NotationError, match=message):
        game.play(text)
    assert text not in game.legal_moves() and game.snapshot() == before


def test_DK20_wall_none_from_line_between_is_refused_with_the_kits_error():
    game = game_at(**BESIDE_THE_WALL)
    t = game.board.tower_at
    assert game.board.line_between(t[(2, 2)], t[(3, 3)]) is None
    before = game.snapshot()
    with pytest.raises(NotationError, match="line_between"):
        game.play(Wall(game.board.line_between(t[(2, 2)], t[(3, 3)])))
    for bad in ("3", 2.0, True):
        with pytest.raises(NotationError, match="whole number"):
            game.play(Wall(bad))
        assert Wall(bad) not in game.legal_moves()
    assert Wall(None) not in game.legal_moves() and game.snapshot() == before


@pytest.mark.parametrize("move,reason", [(Wall(-1), "no line -1"), (Wall(10 ** 6), "no line"),
                                         ("wall (0,0)-(1,0)", "edge of the board")])
def test_DK20_a_line_number_that_is_no_inner_line_is_illegal(move, reason):
    game = game_at(**BESIDE_THE_WALL)
    with pytest.raises(IllegalMoveError, match=reason) as err:
        game.play(move)
    assert err.value.rule == "DK-20"


# -- the players' panels: standing, and the score if the game ended now -------------------------------------------

def test_DK18_DK31_each_player_knows_their_score_if_the_game_ended_now_and_the_board_labels_it_so():
    game = game_at(stacks={"1,3": ["Red chinese", "Green chinese"], "2,1": ["Green mongol"], "5,1": ["Red farmer"]},
                   **BESIDE_THE_WALL)
    scores = {p: game.view(p)["private"]["score_if_the_game_ended_now"] for p in range(4)}
    assert scores == {0: 3, 1: 9, 2: 0, 3: 0} and list(scores.values()) == list(game.scores())
    assert all("score_if_the_game_ended_now" not in game.view(p)["public"] for p in (None, 0))
    root = _root(game.picture())
    assert "score if the game ended now" in _texts(root)
    green = _texts(_element(root, "Green"))
    assert green == ["G", "Green", "0 walls, 0 tiles", "2 villages", "known only to Green"]  # the tiles are face down
    stacks = sorted(t.text.split("; ")[1] for t in root.iter(SVG + "title") if "face down" in (t.text or ""))
    assert stacks == ["1 tile face down, top one Green's", "1 tile face down, top one Red's",
                      "2 tiles face down, top one Green's"]
    g = game.graph()
    assert (g.nodes["Green"]["villages_controlled"], g.nodes["Red"]["walls_in_hand"]) == (2, 1)
    assert "score" not in g.nodes["Green"]


def test_DK31_DK36_once_the_game_is_over_the_panels_show_the_scores():
    game = new_game(players=2, seed=6)
    rng = random.Random(6)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    root = _root(game.picture())
    for p, name in enumerate(("Red", "Green")):
        panel = "".join(_element(root, name).itertext())
        assert f"{game.scores()[p]} (" in panel and "scored" in panel
    assert "score" in _texts(root) and "score if the game ended now" not in _texts(root)
    assert f"common supply: {game.supply} wall" in "".join(_element(root, "supply").itertext())
