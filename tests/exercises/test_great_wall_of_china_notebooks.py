"""Notebook 21 as a student sees it after Run All: no exercise's answer is on the screen above its question.

The test reads the stored, executed notebook. Its code cells are run once more here only to get the exercises back
with their answers and positions, as the engine computes them; what is checked is the stored outputs. Each exercise
is found by its question (the text form of its output). Between the previous exercise (its board included) and this
one (its own board included), no cell (markdown, code, printed output, picture texts and titles, HTML) may show:

- a distinctive part of the answer (a name, a number of two digits or more, see ``conftest.answer_parts``);
- a text the exercise's quiz board leaves out: every text, title or sentence of the accessible name that the whole
  picture of its position draws and its quiz form does not ("2In: 3", "2Ga: 2 tied", "Red must claim a token of
  section 1"): this is the field check for answers too short to be distinctive ("none", "1");
- the engine's evidence for the sections it asks about: the section's tally, its totals as the kit prints them, and
  each player's scoring check reason ("Red's 2 does not beat Yellow's 2").
"""

import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .conftest import answer_parts

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "21-great-wall-of-china-majorities.ipynb"
NS = "{http://www.w3.org/2000/svg}"
SHOWN_FIRST = ("text/html", "image/svg+xml", "text/plain")  # what JupyterLab draws of a rich output

#: Texts a quiz board leaves out that may stand above an exercise all the same, with the reason.
EXCEPTIONS = {
    r"^to act$": "the panel's tag of whose turn it is: the notebook's text states the position ('Two players, Red "
                 "to act') and every question names the player whose check it asks about",
    r"to act, action \d of 2$": "the status line of a turn's actions says whose turn it is and which action, "
                                "which no exercise asks (a claim is a phase of its own: 'must claim')",
    r"^Tile: kind, owner's letter, the points it scores now": "the legend's line on the tiles: a quiz legend says "
                                                              "the points are left out instead",
    r"leads: strictly the most points$": "the legend's line on 'leads', which a quiz legend leaves out with the "
                                         "word; it explains the rule, it tells no section's leader",
}
#: Texts that stand above one exercise by coincidence: the same words drawn on another position's board.
COINCIDENCES = {
    ("In which sections does Red claim a token at this scoring check? (e.g. 1, 3 or none)", "2Wa: 2"):
        "the second example's board after Exercise 3: Yellow's two Walls in its section 2 are worth 2 there too, "
        "which says nothing of Red's total in Exercise 4's section 2",
    ("In which sections does Red claim a token at this scoring check? (e.g. 1, 3 or none)",
     "card 4 of section 2: Yellow's Wall, 1 point"):
        "the same board: its card 4 of section 2 is also a Yellow Wall, worth 1 as every Wall",
}
#: Shorter texts say too little to be found elsewhere (a tile's points "3" are checked in its title instead).
SHORTEST = 4


def readable(svg):
    """The texts a student can read in a picture: texts, hover titles and the accessible name, sentence by
    sentence."""
    root = ET.fromstring(svg)
    found = [t.text or "" for t in root.iter() if t.tag in (NS + "text", NS + "title")]
    return found + (root.get("aria-label") or "").split(". ")


def shown(cell):
    """Everything of a cell on the screen: its source, printed text and what JupyterLab draws of each output."""
    out = ["".join(cell["source"])]
    for output in cell.get("outputs", []):
        if "text" in output:
            out.append("".join(output["text"]))
        data = output.get("data", {})
        kind = next((k for k in SHOWN_FIRST if k in data), None)
        if kind == "text/html":
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", "".join(data[kind]))))
        elif kind == "image/svg+xml":
            out += readable("".join(data[kind]))
        elif kind:
            out.append("".join(data[kind]))
    return "\n".join(out)


def excepted(text):
    return any(re.search(pattern, text) for pattern in EXCEPTIONS)


def telling(ex):
    """The texts that would give ``ex``'s answer away (see the module's docstring)."""
    full, quiz = readable(ex.position.picture()), set(readable(ex.picture()))
    told = {t for t in full if t not in quiz and len(t) >= SHORTEST and not excepted(t)}
    game = ex.position
    for key in ex.asks.about:
        if not key.startswith("section "):
            continue
        section = game.sections[int(key.split()[1]) - 1]
        if section.cards:
            tally = section.tally()
            told |= {str(tally), str(tally.totals), str(section.totals()), str(tally.points)}
        told |= {section.check(p).reason for p in range(game.players) if section.takes_part()[p]}
    return told


def answer_said(ex, text):
    return [part for part in answer_parts(ex)
            if re.search(rf"(?<![\w-]){re.escape(part)}(?![\w])", text, re.I)]


@pytest.fixture
def notebook(fresh_record):
    """The stored notebook's cells and the exercises its code builds, in order."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    namespace = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), str(NOTEBOOK), "exec"), namespace)  # noqa: S102 (our own file)
    return cells, list(fresh_record)


def spoilers(cells, exercises):
    """``[(question, where, what)]``: each text on the screen between an exercise and the one before that tells
    its answer."""
    found, start = [], 0
    for ex in exercises:  # in the order built, which is the order shown (two may ask the same question)
        where = next((i for i, c in enumerate(cells) if i > start or (not found and i == start)
                      for o in c.get("outputs", []) if "".join(o.get("data", {}).get("text/plain", "")) == repr(ex)),
                     None)
        assert where is not None, f"{ex!r} is not shown in the stored notebook after cell {start}"
        for i in range(start, where + 1):
            text = shown(cells[i])
            found += [(ex.question, i, t) for t in sorted(telling(ex))
                      if t in text and (ex.question, t) not in COINCIDENCES]
            found += [(ex.question, i, part) for part in answer_said(ex, text) if part not in ex.question]
        start = where
    return found


def test_GW10_GW16_no_exercise_of_notebook_21_has_its_answer_on_the_screen_above_it(notebook):
    cells, exercises = notebook
    assert len(exercises) == 6, [ex.question for ex in exercises]
    assert all(ex.position is not None for ex in exercises), "every exercise is shown with its board"
    assert spoilers(cells, exercises) == []


def test_the_check_finds_the_issues_spoilers_when_the_whole_board_stands_above_the_exercises(notebook):
    """The planted spoiler: the example's whole board drawn in the set-up cell, as the notebook did before (the
    issue's witness: "2In: 3", "2Ga: 2 tied", "Red must claim a token of section 1")."""
    cells, exercises = notebook
    setup = next(i for i, c in enumerate(cells) if "game = GreatWallOfChina.from_position" in "".join(c["source"]))
    planted = json.loads(json.dumps(cells))
    planted[setup]["outputs"].append({"output_type": "execute_result", "data": {
        "image/svg+xml": exercises[0].position.picture(), "text/plain": "GreatWallOfChina(...)"}})
    told = {what for question, _, what in spoilers(planted, exercises)}
    assert {"2In: 3", "2Ga: 2 tied", "Turn 1: Red must claim a token of section 1"} <= told
    asked = {question for question, _, _ in spoilers(planted, exercises)}
    assert asked == {exercises[0].question}, "the set-up cell stands above the first exercise only"


def test_a_printed_tally_between_two_exercises_is_found(notebook):
    """The other planted spoiler: the evidence of Exercise 1 printed before Exercise 2 (the notebook's order before)
    tells Exercise 2's tie in section 2."""
    cells, exercises = notebook
    rule = next(i for i, c in enumerate(cells) if "".join(c["source"]) == 'print(rules.get("GW-10"))')
    planted = json.loads(json.dumps(cells))
    tally = exercises[2].position.sections[1].tally()
    planted[rule]["outputs"].append({"output_type": "stream", "name": "stdout",
                                     "text": f"section 2: points {tally.points}, totals Red/Yellow {tally.totals}\n"})
    told = {(q, what) for q, _, what in spoilers(planted, exercises)}
    assert told == {(exercises[2].question, "(2, 2)"), (exercises[2].question, "(1, 1, 1, 1)")}
