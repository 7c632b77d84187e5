"""The board view: the picture's elements, targets, highlights, legend, privacy and contrast; move_element; graph."""

import random
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.palette import HIGHLIGHT, TARGET
from greatwall_kit.engine.steps import MARKS
from greatwall_kit.great_wall_of_china import Claim, Dragon, Draw, GreatWallOfChina, Play, new_game
from greatwall_kit.great_wall_of_china.cards import NAME
from greatwall_kit.great_wall_of_china.graph import style
from greatwall_kit.great_wall_of_china.picture import ABBREVIATION, WIDTH

from .gwoc_support import empty_sections, position

NS = "{http://www.w3.org/2000/svg}"
# Red to act: a tie in section 1 (3 to 3), Red behind in section 2 (1 - 4 = -3 to 2): no claim, two actions
SECTIONS = [{"pair": [5, 3], "cards": ["Red watchtower", "Yellow dragon over Red noble", "Yellow infantry",
                                       "Yellow wall"]},
            {"pair": [8], "cards": ["Red wall [4]", "Yellow gate"]}]
HAND = {"Red": ["wall", "gate", "gate", "cavalry", "dragon"]}


def positions(players, seed, every=12):
    """Positions of one random game, every ``every`` decisions, and its end."""
    game = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while True:
        if len(game.history) % every == 0 or game.is_over:
            yield game
        if game.is_over:
            return
        game.play(rng.choice(game.legal_moves()))


def board_targets(game):
    """What a widget asks for: every board element a legal move is played on, labelled with the moves."""
    targets = {}
    for move in game.legal_moves():
        key = game.move_element(move)
        if key is not None:
            targets.setdefault(key, []).append(str(move))
    return {key: " or ".join(moves) for key, moves in targets.items()}


def groups(svg):
    """``{element key: <g> element}`` of a picture."""
    return {g.get("data-element"): g for g in ET.fromstring(svg).iter(NS + "g") if g.get("data-element")}


def texts(el):
    return [t.text or "" for t in el.iter(NS + "text")]


# -- move_element ------------------------------------------------------------------------------

@pytest.mark.parametrize("move,key", [
    (Play(1, "wall", 1), "section 1"), (Play(2, "gate", 2), "section 2"), (Play(2, "cavalry", 1), "section 2"),
    (Dragon(1, 3), "section 1"), (Claim(2, 8, 1), "section 2"), (Draw(), None)])
def test_move_element_is_the_section_a_move_is_played_on(move, key):
    game = position(SECTIONS, hands=HAND)
    assert game.move_element(move) == key
    assert key is None or key in game.graph()


def test_every_legal_move_but_a_draw_names_a_section_of_the_graph():
    kinds = set()
    for game in positions(3, seed=4, every=5):
        nodes = set(game.graph())
        for move in game.legal_moves():
            key = game.move_element(move)
            kinds.add(type(move))
            assert (key is None) == isinstance(move, Draw), move
            assert key is None or (key in nodes and key == f"section {move.section}")
    assert kinds == {Play, Dragon, Claim, Draw}, "the game met every kind of move"


# -- targets and highlights --------------------------------------------------------------------

def test_targets_are_focusable_labelled_groups_with_a_visible_cue():
    game = position(SECTIONS, hands=HAND)
    targets = board_targets(game)
    assert set(targets) == {"section 1", "section 2"}
    plain, clickable = game.picture(), game.picture(targets=targets)
    assert ET.fromstring(plain).get("role") == "img" and ET.fromstring(clickable).get("role") == "group"
    for key, g in groups(clickable).items():
        if key not in targets:
            assert g.get("data-target") is None and g.get("tabindex") is None
            continue
        assert (g.get("class"), g.get("data-target"), g.get("tabindex"), g.get("role")) == (
            "gw-target", key, "0", "button")
        assert g.get("aria-label") == targets[key]
        cues = [r for r in g.iter(NS + "rect") if r.get("stroke") == TARGET]
        assert cues and all(r.get("stroke-width") == "3" and r.get("stroke-dasharray") for r in cues), key
    assert TARGET not in plain


def _mark_signs(g):
    rects = [r for r in g.iter(NS + "rect") if r.get("stroke") == HIGHLIGHT and r.get("fill") == "none"]
    return {"outlines": [(r.get("stroke-width"), r.get("stroke-dasharray")) for r in rects],
            "faded": any(x.get("opacity") for x in g.iter(NS + "g")),
            "cross": any(p.get("stroke") == HIGHLIGHT for p in g.iter(NS + "path")),
            "texts": texts(g)}


@pytest.mark.parametrize("key", ["section 2", "Yellow"])
@pytest.mark.parametrize("mark", MARKS)
def test_each_highlight_mark_is_drawn_visibly(key, mark):
    game = position(SECTIONS)
    before = _mark_signs(groups(game.picture())[key])
    signs = _mark_signs(groups(game.picture(highlight={key: mark}))[key])
    assert before["outlines"] == [] and not before["faded"] and not before["cross"]
    width, dash = signs["outlines"][0]
    assert float(width) >= 2
    assert signs["faded"] == signs["cross"] == (mark == "removed")
    assert (dash is not None) == (mark == "changed")
    assert (mark == "focus") == (float(width) >= 4 and "+" not in signs["texts"])
    new = [t for t in signs["texts"] if t not in before["texts"]]
    assert new == {"focus": [], "removed": [], "added": ["+"], "changed": ["~"]}[mark]


def test_a_list_of_keys_highlights_them_in_focus_and_other_elements_are_untouched():
    game = position(SECTIONS)
    assert game.picture(highlight=["Red", "section 1"]) == game.picture(highlight={"Red": "focus",
                                                                                   "section 1": "focus"})
    plain, marked = groups(game.picture()), groups(game.picture(highlight=["Red"]))
    assert ET.tostring(plain["section 1"]) == ET.tostring(marked["section 1"])
    assert ET.tostring(plain["Red"]) != ET.tostring(marked["Red"])


@pytest.mark.parametrize("kwargs,match", [
    ({"targets": {"section 5": "play"}}, "section 5"), ({"highlight": ["Green"]}, "Green"),
    ({"highlight": {"Red": "glow"}}, "glow")])
def test_unknown_elements_and_marks_are_refused_with_the_kits_error(kwargs, match):
    with pytest.raises(GreatWallError, match=match):
        position(SECTIONS).picture(**kwargs)


# -- what the picture shows ----------------------------------------------------------------------

def test_sections_show_tokens_cards_covered_cards_totals_and_leader():
    game = position(SECTIONS, hands=HAND)
    shown = {key: texts(g) for key, g in groups(game.picture()).items()}
    one, two = shown["section 1"], shown["section 2"]
    assert {"5", "3"} <= set(one) and "8" in two and "4" in two, "the pairs and the token on Red's wall"
    assert ["Wt", "Dr", "In", "Wa"] == [t for t in one if t in ABBREVIATION.values()]
    assert "R No" in one, "the card under the Dragon is drawn"
    # Red's watchtower 3 against Yellow's dragon, infantry and wall; in section 2 Red's token is taken off
    assert "1Wt: 3 tied" in one and "1Dr 1In 1Wa: 3 tied" in one
    assert "1Wa: 1 \u2212 4 = \u22123" in two and "1Ga: 2 leads" in two
    deck = 20 - 3 - 5  # watchtower, noble and wall on the table, five in hand
    assert {"Red", "to act", f"hand 5 \u00b7 deck {deck}", "0 tokens face down"} <= set(shown["Red"])


def test_the_legend_explains_every_abbreviation_and_letter_drawn():
    for game in positions(5, seed=3, every=40):
        svg = game.picture(targets=board_targets(game), highlight={"section 1": "added", "Red": "changed"})
        legend = " ".join(texts(ET.fromstring(svg)))
        drawn = {t for g in groups(svg).values() for t in texts(g)}
        for kind, abbreviation in ABBREVIATION.items():
            if any(abbreviation in t for t in drawn):
                assert f"{abbreviation} {NAME[kind]}" in legend
        for name in game.player_names[:game.players]:
            assert style(name)[2] in drawn and f"{style(name)[2]} {name}" in legend
        assert "can be chosen" in legend or not board_targets(game)
        assert "added" in legend and "changed" in legend and "removed" not in legend


def test_GW03_hands_decks_and_face_down_values_never_reach_the_picture():
    sections = [{"pair": [5], "cards": ["Red watchtower [2]", "Yellow wall"]},
                {"pair": [2, 8], "cards": ["Red wall", "Yellow wall"]}]
    one = GreatWallOfChina.from_position({"players": 2, "sections": sections, "tokens": {"Red": [4], "Yellow": [7]},
                                          "hands": {"Red": ["wall", "gate"], "Yellow": ["wall", "wall"]},
                                          "decks": {"Red": ["gate", "noble"]}}, seed=1)
    two = GreatWallOfChina.from_position({"players": 2, "sections": sections, "tokens": {"Red": [7], "Yellow": [4]},
                                          "hands": {"Red": ["infantry", "dragon"], "Yellow": ["gate", "noble"]},
                                          "decks": {"Red": ["noble", "wall"]}}, seed=2)
    assert one.hands != two.hands and one.decks != two.decks and one.scores() != two.scores()
    assert one.picture() == two.picture()
    one.play(Draw()), two.play(Draw())
    assert one.picture(highlight=["Red"]) == two.picture(highlight=["Red"])


def test_GW23_scores_are_shown_once_the_game_is_over():
    *_, end = positions(2, seed=5, every=1000)
    shown = {key: texts(g) for key, g in groups(end.picture()).items()}
    for p, name in enumerate(end.player_names[:2]):
        n = len(end.tokens[p])
        assert f"score {end.scores()[p]} ({n} token{'s' if n != 1 else ''})" in shown[name]
    assert "winner" in shown[end.player_names[end.winners()[0]]]


# -- readability -----------------------------------------------------------------------------------

def _luminance(hex_colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _inside(shape, x, y):
    if shape.tag == NS + "rect":
        sx, sy = float(shape.get("x", 0)), float(shape.get("y", 0))
        return sx <= x <= sx + float(shape.get("width")) and sy <= y <= sy + float(shape.get("height"))
    cx, cy, r = (float(shape.get(k)) for k in ("cx", "cy", "r"))
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _text_on_backgrounds(svg):
    """``(text, its fill, the fill of the topmost shape under its middle)`` for every text, in drawing order."""
    shapes, out = [], []
    for el in ET.fromstring(svg).iter():
        if el.tag in (NS + "rect", NS + "circle") and el.get("fill", "none") != "none":
            shapes.append(el)
        elif el.tag == NS + "text":
            size = float(el.get("font-size"))
            shift = {"middle": 0, "end": -4}.get(el.get("text-anchor"), 4)
            x, y = float(el.get("x")) + shift, float(el.get("y")) - 0.35 * size
            behind = next(s for s in reversed(shapes) if _inside(s, x, y))
            out.append((el.text, el.get("fill"), behind.get("fill")))
    return out


@pytest.mark.parametrize("players", [2, 5])
def test_every_text_has_at_least_4_5_to_1_contrast_with_what_lies_behind_it(players):
    games = [*positions(players, seed=players, every=30), position(SECTIONS)]
    for game in games:
        seen = _text_on_backgrounds(game.picture(targets=board_targets(game)))
        low = [(t, fg, bg) for t, fg, bg in seen if _contrast(fg, bg) < 4.5]
        assert not low, f"low contrast: {low[:3]}"
    on_yellow = {fg for t, fg, bg in _text_on_backgrounds(games[-2].picture()) if bg == "#F0E442"}
    assert on_yellow == {"#000000"}, "black, never white, on yellow"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_pictures_stay_900_wide_with_12px_text_that_fits(players):
    for game in positions(players, seed=11, every=20):
        root = ET.fromstring(game.picture(targets=board_targets(game)))
        assert float(root.get("width")) <= WIDTH
        for t in root.iter(NS + "text"):
            size = float(t.get("font-size"))
            assert size >= 12
            # a generous estimate of the text's extent (0.6 em a character) stays inside the picture
            length = 0.6 * size * len(t.text)
            x = float(t.get("x")) - {"middle": length / 2, "end": length}.get(t.get("text-anchor"), 0)
            assert 0 <= x and x + length <= WIDTH, t.text


def test_pictures_are_deterministic():
    for game in positions(4, seed=2, every=50):
        assert game.picture() == game.copy().picture() == game.picture()


# -- the graph ---------------------------------------------------------------------------------------

def test_the_graph_is_laid_out_like_the_picture_with_player_colours_on_the_edges():
    game = position(SECTIONS)
    g = game.graph()
    players = ["Red", "Yellow"]
    assert g.nodes["Red"]["pos"][0] < g.nodes["Yellow"]["pos"][0]
    assert min(g.nodes[p]["pos"][1] for p in players) > g.nodes["section 1"]["pos"][1] > g.nodes["section 2"]["pos"][1]
    assert [g.nodes[p]["colour"] for p in players] == ["#D55E00", "#F0E442"]
    assert g.nodes["section 1"]["label"] == "section 1 (5,3)"
    assert g.edges["Red", "section 1"]["colour"] == g.nodes["Red"]["colour"]
    # a tie in section 1: equal edges; Yellow's 2 against Red's -3 in section 2: Yellow's is wider
    assert g.edges["Red", "section 1"]["width"] == g.edges["Yellow", "section 1"]["width"] > 1
    assert g.edges["Red", "section 2"]["total"] == -3 and g.edges["Red", "section 2"]["width"] == 1.0
    assert g.edges["Yellow", "section 2"]["width"] > 1


def test_empty_sections_have_no_edges():
    game = position([SECTIONS[0], *empty_sections(3, start=1)], players=3)
    g = game.graph()
    assert g.degree("section 2") == g.degree("section 3") == 0
    assert g.nodes["section 2"]["pos"][1] > g.nodes["section 3"]["pos"][1]
