"""One name for one thing: every square, province, region, player and board a move text, a rule step, a log line or
a refusal names is drawn on the board under that name (a label, or the element's hover title); and a rule step's
marks never cover the labels of the element they mark."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.chang_cheng import ChangCheng, new_game
from greatwall_kit.engine import IllegalMoveError
from greatwall_kit.engine.steps import MARKS

from .conftest import position

NS = "{http://www.w3.org/2000/svg}"
#: "square 7", "squares 3 and 4", "provinces 0-2", "region (2)", "provinces: [1, 2]", "Region 2's" ...
NAMED = re.compile(r"\b(square|province|region)s?:? [(\[]?(\d+(?:(?:, | and |-|–)\d+)*)", re.IGNORECASE)
BOARDS = re.compile(r"\bboards? (\d[AB])(?: and (\d[AB]))?", re.IGNORECASE)
MOVES = {"single": "s", "double": "s", "tower": "s", "reserve": "s", "neutral": "s", "break": "s", "swap": "s",
         "card": "p", "discard": "p", "peek": "r", "remove": "r"}
PLAYERS = ("Red", "Green", "Blue", "Violet")


def named(text):
    """The board element keys a sentence names: ``{"s7", "p1", ...}``."""
    keys = set()
    for kind, numbers in NAMED.findall(text):
        for part in re.split(r", | and ", numbers):
            low, _, high = re.split(r"([-–])", part) if re.search(r"[-–]", part) else (part, "", part)
            keys.update(f"{kind[0].lower()}{n}" for n in range(int(low), int(high) + 1))
    keys.update(name for name in PLAYERS if re.search(rf"\b{name}\b", text))
    return keys


def move_elements(game, text):
    verb, *words = text.split()
    if verb not in MOVES:
        return set()
    numbers = [int(w) for w in words if w.isdigit()]
    keys = {f"{MOVES[verb]}{n}" for n in numbers}
    if verb == "double":
        keys.add(f"s{game.wall.right[numbers[0]]}")
    colours = [w.capitalize() for w in words if w.capitalize() in PLAYERS]
    return keys | set(colours)


def labels(svg):
    """``{element key: the texts and titles drawn in it}`` and all the texts of the picture."""
    root = ET.fromstring(svg)
    out = {}
    for group in root.iter(NS + "g"):
        key = group.get("data-element")
        if key:
            out[key] = {t.text for t in group.iter() if t.tag in (NS + "text", NS + "title") and t.text}
    return out, " ".join(t.text for t in root.iter(NS + "text") if t.text)


def findable(key, drawn):
    """Whether the element ``key`` shows the name the texts use (label or hover title)."""
    shown = drawn.get(key, set())
    number = key[1:]
    if key in PLAYERS:
        return any(t.startswith(f"{key}:") for t in shown) and key in shown
    kind = {"s": "square", "p": "province", "r": "region"}[key[0]]
    titled = any(t.startswith(f"{kind} {number}:") for t in shown)
    label = number if kind == "square" else f"{kind.capitalize()} {number}"
    return titled and label in shown


def check(game, texts, svg, where):
    drawn, all_text = labels(svg)
    for text in texts:
        for key in named(text):
            assert findable(key, drawn), f"{where}: {text!r} names {key}, not found on the board"
        for boards in BOARDS.findall(text):
            for face in filter(None, boards):
                assert f"Board {face}" in all_text, f"{where}: {text!r} names board {face}"


@pytest.mark.parametrize("players,seed,options", [
    (2, 0, {}), (2, 1, {"neutral_blocks": True}), (3, 2, {}), (3, 3, {"events": "observers,diplomacy"}),
    (4, 4, {}), (4, 5, {"warrior": "other_province", "mandarin": "any_two"}),
])
def test_CC01_to_CC53_every_name_in_moves_steps_log_and_refusals_is_on_the_board(players, seed, options):
    game, rng = new_game(players=players, seed=seed, **options), random.Random(seed)
    probes = 0
    while game.to_act is not None:
        if len(game.history) % 7 == 0:  # the moves offered and some refusals, against the board of that moment
            svg = game.picture()
            moves = [str(m) for m in game.legal_moves()]
            for move in moves:
                keys = move_elements(game, move)
                drawn, _ = labels(svg)
                assert all(findable(k, drawn) for k in keys), f"{move!r} names {keys}"
            refusals = []
            for probe in (f"single {rng.choice(game.wall.order)}", f"card flood {rng.randrange(game.wall.provinces)}",
                          f"peek {rng.randrange(game.wall.regions)}", f"tower {rng.choice(game.wall.order)}"):
                try:
                    game.play(probe)
                except IllegalMoveError as err:
                    refusals.append(str(err))
                    continue
                game.undo()
            check(game, refusals, svg, f"refusals at decision {len(game.history)}")
            probes += len(refusals)
        game.play(rng.choice(game.legal_moves()))
    check(game, [e.sentence for e in game.log], game.picture(), "the log")
    for record in game.resolutions():
        for step in record.steps:
            check(game, [step.sentence, record.title], step.after.picture(), record.title)
    assert probes > 20


def test_CC09_the_names_the_texts_use_are_found_and_a_wrong_name_is_not():
    game = new_game(players=2, seed=1)
    drawn, _ = labels(game.picture())
    assert named("Red places the double block on squares 3 and 4 (provinces 0-1), region (2).") == {
        "s3", "s4", "p0", "p1", "r2", "Red"}
    assert all(findable(k, drawn) for k in ("s3", "p0", "r2", "Red", "Green"))
    assert not findable("Blue", drawn) and not findable("s99", drawn)


def _boxes(group):
    """The label boxes of an element's texts (an estimate: 0.62 em per character) and its outline's box."""
    outline = group.find(NS + "rect")
    box = tuple(float(outline.get(a)) for a in ("x", "y", "width", "height"))
    texts = []
    for t in group.iter(NS + "text"):
        size, x, y = float(t.get("font-size")), float(t.get("x")), float(t.get("y"))
        width = 0.62 * size * len(t.text or "")
        left = {"start": x, "middle": x - width / 2, "end": x - width}[t.get("text-anchor", "start")]
        texts.append((t.text, (left, y - 0.8 * size, left + width, y + 0.2 * size)))
    return box, texts


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _played(moves):
    game, rng = new_game(players=4, seed=2), random.Random(2)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("mark", MARKS)
@pytest.mark.parametrize("make", [lambda: _played(60), lambda: ChangCheng.from_position(position(
    4, {0: "V", 1: "V", 2: "G", 4: "R"}, points=[-12, 100, -33, -12], cards={"1": ["red flood", "green flood"]}))])
def test_CC19_a_marks_outline_and_badge_never_cover_the_labels_of_its_element(mark, make):
    game = make()
    keys = list(game.graph().nodes)
    plain = {g.get("data-element"): g for g in ET.fromstring(game.picture()).iter(NS + "g") if g.get("data-element")}
    root = ET.fromstring(game.picture(highlight=dict.fromkeys(keys, mark)))
    for group in (g for g in root.iter(NS + "g") if g.get("data-element")):
        key = group.get("data-element")
        _, texts = _boxes(plain[key])
        drawn = list(group)[len(plain[key]):]  # what the mark added to the element
        assert drawn, key
        for shape in drawn:
            if shape.tag == NS + "rect":  # the outline: a band along the edges, as wide as its stroke
                x, y, w, h, s = (float(shape.get(a)) for a in ("x", "y", "width", "height", "stroke-width"))
                bands = [(x - s / 2, y - s / 2, x + w + s / 2, y + s / 2), (x - s / 2, y + h - s / 2, x + w + s / 2,
                         y + h + s / 2), (x - s / 2, y - s / 2, x + s / 2, y + h + s / 2),
                         (x + w - s / 2, y - s / 2, x + w + s / 2, y + h + s / 2)]
            elif shape.tag == NS + "circle":  # the badge
                cx, cy, r = (float(shape.get(a)) for a in ("cx", "cy", "r"))
                bands = [(cx - r, cy - r, cx + r, cy + r)]
            else:
                continue
            for text, box in texts:
                assert not any(_overlap(band, box) for band in bands), (key, text, mark)
