"""No spoilers in the stored Chang Cheng exercise notebooks (11, 12, 13), as a student sees them after *Run All*.

Each exercise is found by its question (the ``Exercise('...')`` text of its output); its answer, explanation and rule
come from the stored solutions notebook (the ``exercise.solution()`` printed after each exercise), its kind from the
lesson's stored "My results" record. Between the previous exercise and this one (its own cell included: the quiz
board drawn with it), no visible text (markdown, printed output, picture texts, hover titles, HTML) may hold:

- its answer, where the answer is distinctive, written out alone (not inside a longer list): several colours ("Green
  and Blue", "Red, Green and Blue"), card kinds in order, a set of squares ("{11, 13}", "11 and 13", "11, 13");
- a sentence of its explanation (what a printed resolution or the engine's steps would say).

A single colour, a number, "yes", "no", "nobody", one card kind are too short to tell anything, so the field the
exercise's quiz form hides is checked instead, in every picture of the exercise's own section (from the markdown
that states it to its cell: a board "just above the question"): for a total or players, the players' points; for a
verdict, the status line; for cards, no revealed card of the province drawn used or struck through; for an order, the
province's revealed cards not drawn in the order they resolve; for squares, no reservation drawn on them. No quiz
picture has targets or marks.
"""

import ast
import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from greatwall_kit.chang_cheng.cards import PRIORITY
from greatwall_kit.exercises import MIME

ROOT = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = {"11-chang-cheng-province-scoring": 5, "12-chang-cheng-double-and-tower": 4,
           "13-chang-cheng-expansion-and-mongol-attack": 5}
NS = "{http://www.w3.org/2000/svg}"
#: question (its start) -> why a field the quiz form usually hides is drawn on purpose
EXCEPTIONS = {
    "Is 'double 6' legal now?": "status: a legality question shows whose turn it is and what they decide, which "
                                "legality depends on (CC-03); it states no verdict",
}


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def _text(value):
    return "".join(value) if isinstance(value, list) else str(value)


def _svg_texts(svg):
    root = ET.fromstring(svg)
    return ([t.text or "" for t in root.iter(NS + "text")] + [t.text or "" for t in root.iter(NS + "title")]
            + [root.get("aria-label") or ""])


def _visible(cell):
    """What a student can read of a cell: a markdown cell's text, a code cell's outputs (not its source)."""
    if cell["cell_type"] == "markdown":
        return [_text(cell["source"])]
    out = []
    for output in cell.get("outputs", []):
        if "text" in output:
            out.append(_text(output["text"]))
        out += output.get("traceback", [])
        data = output.get("data", {})
        if "image/svg+xml" in data:
            out += _svg_texts(_text(data["image/svg+xml"]))
        if "text/html" in data:
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", _text(data["text/html"]))))
        if "text/plain" in data:
            out.append(_text(data["text/plain"]))
    return out


def _pictures(cell):
    return [_text(o["data"]["image/svg+xml"]) for o in cell.get("outputs", []) if "image/svg+xml" in o.get("data", {})]


def _question(cell):
    for output in cell.get("outputs", []):
        found = re.fullmatch(r"Exercise\((.*)\)", _text(output.get("data", {}).get("text/plain", "")), re.S)
        if found:
            return ast.literal_eval(found.group(1))
    return None


def _solutions(lesson):
    """question -> (answer, explanation, rule), read from the solutions notebook's printed solutions."""
    cells = _load(ROOT / "solutions" / f"{lesson}-solutions.ipynb")["cells"]
    found, waiting = {}, []
    for cell in cells:
        if _question(cell):
            waiting.append(_question(cell))
        for output in cell.get("outputs", []):
            solved = re.match(r"Right: (.*?)\. (.*) \[(CC-\d+)\]$", _text(output.get("text", "")).split("\n")[0])
            if solved and waiting:
                found[waiting.pop(0)] = solved.groups()
    return found


def _kinds(cells):
    record = next(o["data"][MIME] for o in cells[-1]["outputs"] if MIME in o.get("data", {}))
    return {ex["question"]: ex["asks"] for ex in record["exercises"]}


def _element(question):
    for pattern, prefix in ((r"province (\d+)", "p"), (r"region (\d+)", "r"), (r"'double (\d+)'", "s"),
                            (r"square (\d+)", "s")):
        found = re.search(pattern, question)
        if found:
            return prefix + found.group(1)
    return None


def _distinctive(kind, answer):
    """The ways a distinctive answer could be written out (none for an answer too short to tell anything)."""
    if kind == "players" and " and " in answer:
        names = answer.split(" and ")
        return [answer] + ([", ".join(names[:-1]) + " and " + names[-1]] if len(names) > 2 else [])
    if kind == "order" and ", " in answer:
        return [answer, " then ".join(answer.split(", "))]
    if kind == "elements" and answer.startswith("{") and ", " in answer:
        squares = answer[1:-1].split(", ")
        return [answer, " and ".join(squares), ", ".join(squares)]
    return []


def _groups(svg):
    return {g.get("data-element"): g for g in ET.fromstring(svg).iter(NS + "g") if g.get("data-element")}


def _fields_shown(kind, question, answer, svg):
    """What the picture shows of the fields the exercise's quiz form hides (an empty list: nothing)."""
    root, groups, key = ET.fromstring(svg), _groups(svg), _element(question)
    texts, shown = [t.text or "" for t in root.iter(NS + "text")], []
    if "data-target" in svg or "data-mark" in svg:
        shown.append("targets or marks")
    if kind in ("players", "total"):
        points = [t for t in texts if re.search(r": -?\d+ points?$", t)]
        if points:
            shown.append(f"the players' points: {points}")
    if texts and texts[0] != "Chang Cheng" and not any(question.startswith(q) for q in EXCEPTIONS):
        shown.append(f"the status line: {texts[0]!r}")
    if kind in ("cards", "order") and key in groups:
        group = groups[key]
        if group.findall(NS + "path") or "#DDDDDD" in ET.tostring(group, encoding="unicode"):
            shown.append(f"revealed cards of {key} drawn used or struck through")
        cards = sorted((t for t in group.iter(NS + "text") if re.fullmatch(r"[RGBV]\d", t.text or "")),
                       key=lambda t: float(t.get("x")))
        if kind == "order" and [int(t.text[1]) for t in cards] == [PRIORITY[k] for k in answer.split(", ")]:
            shown.append(f"the revealed cards of {key} drawn in the order they resolve")
    if kind == "elements":
        for square in re.findall(r"\d+", answer):
            if any(t.text and t.text.startswith("for ") for t in groups[f"s{square}"].iter(NS + "text")):
                shown.append(f"a reservation drawn on square {square}")
    return shown


def spoilers(cells, solutions, kinds):
    """Every spoiler found in a notebook's cells, as sentences (an empty list when there is none)."""
    found, previous, seen = [], -1, 0
    for i, cell in enumerate(cells):
        question = _question(cell)
        if question is None:
            continue
        seen += 1
        answer, explain, _ = solutions[question]
        kind = kinds[question]
        window = cells[previous + 1:i + 1]
        visible = "\n".join(t for c in window for t in _visible(c))
        for written in _distinctive(kind, answer):
            # written out alone, not as part of a longer list ("Red, Green and Blue" is not "Green and Blue")
            if re.search(rf"(?<![\w-])(?<!, )(?<! and ){re.escape(written)}(?!\w)(?!,? and )(?!, \w)", visible, re.I):
                found.append(f"{question}: the answer {written!r} is on screen above it")
        for sentence in re.split(r"(?<=[.:]) ", explain):
            if len(sentence) >= 25 and sentence in visible:
                found.append(f"{question}: its explanation {sentence!r} is on screen above it")
        section = max([j for j in range(previous + 1, i) if cells[j]["cell_type"] == "markdown"], default=previous + 1)
        for c in cells[section:i + 1]:
            for svg in _pictures(c):
                for shown in _fields_shown(kind, question, answer, svg):
                    found.append(f"{question}: a picture above it shows {shown}")
        previous = i
    return found, seen


def _lesson(lesson):
    cells = _load(ROOT / f"{lesson}.ipynb")["cells"]
    return cells, _solutions(lesson), _kinds(cells)


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_answer_is_on_screen_above_its_exercise(lesson):
    cells, solutions, kinds = _lesson(lesson)
    found, seen = spoilers(cells, solutions, kinds)
    assert seen == LESSONS[lesson] == len(solutions) == len(kinds), (seen, sorted(solutions), sorted(kinds))
    assert not found, "\n".join(found)


def test_each_exercise_is_shown_with_its_quiz_board():
    for lesson in LESSONS:
        cells = _lesson(lesson)[0]
        for cell in cells:
            if _question(cell):
                assert len(_pictures(cell)) == 1, f"{lesson}: {_question(cell)!r} has no quiz picture"


def _planted(lesson, question, output):
    """The lesson's cells with ``output`` shown by a cell inserted just above the exercise asking ``question``."""
    cells, solutions, kinds = _lesson(lesson)
    at = next(i for i, c in enumerate(cells) if _question(c) == question)
    cells.insert(at, {"cell_type": "code", "source": "", "metadata": {}, "outputs": [output]})
    return spoilers(cells, solutions, kinds)[0]


def _stepper_picture(lesson):
    """The last unhidden board the lesson shows above its exercises."""
    cells = _lesson(lesson)[0]
    first = next(i for i, c in enumerate(cells) if _question(c))
    return [o for c in cells[:first] for o in c.get("outputs", []) if "image/svg+xml" in o.get("data", {})][-1]


@pytest.mark.parametrize("lesson,question,why", [
    ("11-chang-cheng-province-scoring", "Who scores province 2?", "is on screen above it"),
    ("13-chang-cheng-expansion-and-mongol-attack", "Who loses points in the Mongol attack on region 0?",
     "is on screen above it"),
    ("12-chang-cheng-double-and-tower", "Which squares could the tower on square 12 reserve?", "is on screen"),
])
def test_a_printed_solution_above_an_exercise_is_caught(lesson, question, why):
    solutions = _solutions(lesson)
    full = next(q for q in solutions if q.startswith(question))
    _answer, explain, rule = solutions[full]
    printed = {"output_type": "stream", "name": "stdout", "text": f"{explain} [{rule}]\n"}
    assert any(why in s for s in _planted(lesson, full, printed))


@pytest.mark.parametrize("lesson,question", [
    ("11-chang-cheng-province-scoring", "Who scores province 1?"),
    ("13-chang-cheng-expansion-and-mongol-attack", "Who loses points in the Mongol attack on region 2?"),
    ("13-chang-cheng-expansion-and-mongol-attack", "How many points does Red lose in the attack on region 1?"),
])
def test_an_unhidden_board_just_above_an_exercise_is_caught(lesson, question):
    full = next(q for q in _solutions(lesson) if q.startswith(question))
    found = _planted(lesson, full, _stepper_picture(lesson))
    assert any("the players' points" in s for s in found) and any("status line" in s for s in found), found
