"""No spoilers in the Dschingis Khan exercise notebooks (31, 32, 33) and the graph lens (50), read as a student reads
them after *Run All*: for each exercise, nothing between the previous exercise and it states its answer.

The stored executed notebooks are read (what a class sees; strict nbval keeps them equal to a fresh run). An exercise
is found by its question in its cell's output (``Exercise('...')``); its answer and explanation come from the stored
solutions notebook, which prints every question and its solution. The text read is what a student sees: markdown,
printed output, HTML, and the pictures' texts, titles (shown on hover) and accessible names.

Checked for each exercise, between the previous exercise and it (the issue's criterion):

- its answer's text, where it is distinctive: not a number (every Dschingis Khan picture labels villages 0-37 and
  towers (x,y), so a number's text proves nothing), not a short common word (old/new, yes/no, see COMMON), a set of
  numbers as written ("{4, 5}"; without its braces only with three numbers or more: a pair such as "(4, 5)" is
  printed for other reasons);
and anywhere above it (stronger: the earlier exercises must not show a later one's answer either):

- its explanation (a printed solution);
- the fields listed below in FIELDS, which state the answer in other words: the resolution of the wall in question,
  the step in question listed as legal or refused, the village's scoring, the count in a status line. They belong to
  the question's own position, so they may appear nowhere above it; its answer's words may (a rule's ID or "both" in
  the rules a notebook prints first).

Exceptions, with their reason:

- matplotlib's drawings are PNG images, which this test cannot read: in 50 the two labelled graphs that answer
  Exercises 6 and 7 come after them (their text forms, ``GraphDrawing('Chang Cheng ...')``, are checked as fields);
- a Stepper's live side panel (every step of its resolution, a what-if) is not stored: it is checked on the cells'
  code instead (:func:`test_no_stepper_is_shown_twice_or_moved_after_it_is_shown`), and the Steppers of 31 and 33 are
  created after the exercise whose answer they show, or on a resolution no exercise asks about.
"""

import ast
import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.exercises.conftest import COMMON

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

WALL = r"(?:closed by|reached by|placed on|what if wall) {}"   # a printed resolution of that wall
FIG8 = WALL.format(r"\(3,2\)-\(4,2\)")

#: notebook -> {a piece of the question: fields (regular expressions, case-insensitive) that would state its answer}
FIELDS = {
    "31-dschingis-khan-loops": {
        "plays wall (3,2)-(4,2). It closes a loop: which route": [FIG8, r"\d+ = \d+: both are equally long"],
        "plays wall (3,2)-(4,2). How many wall pieces": [FIG8, r"\b5 pieces removed", r"back in the supply: 5\b",
                                                         r"\b5 in all"],
        "plays wall (2,3)-(2,4). Which villages change side": [
            WALL.format(r"\(2,3\)-\(2,4\)"), r"village 24[^\n]*changes? side", r"changed side: 24",
            r"village 24 is in Mongolia"],
        "plays wall (7,4)-(8,4). It reaches a new end": [
            WALL.format(r"\(7,4\)-\(8,4\)"), r"tower \(8,4\) is its new end", r"old end section is shorter"],
    },
    "32-dschingis-khan-scouts": {
        "Which villages can it enter with its next step": [r"enters village", r"\bcan enter\b"],
        "May it play track 25 now": [r"track 25\s+enters", r"'track 25' is illegal",
                                     r"walks the track from village 17 to village 25"],
        "May it play climb (3,2)-(3,3) (3,1)-(3,2) 10 now": [
            r"climb \(3,2\)-\(3,3\) \(3,1\)-\(3,2\) 10\s+enters", r"'climb \(3,2\)-\(3,3\) \(3,1\)-\(3,2\) 10' is",
            r"climbs the wall at \(3,2\)-\(3,3\), walks along it and comes down at \(3,1\)-\(3,2\) into village 10"],
        "track 8 is refused. Which rule": [r"'track 8' is illegal", r"village 8 is not a neighbour"],
        "stands on village 25 (China). May it play gate (2,3)-(3,3)": [
            r"\(2,3\)-\(3,3\) is now closed", r"'gate \(2,3\)-\(3,3\)' is illegal",
            r"passes the gate at \(2,3\)-\(3,3\) from village 25"],
    },
    "33-dschingis-khan-village-scoring": {
        "Village 9 lies in Mongolia; its stack": [r"village 9 scores", r"village 9 lies in \w+; \w+ controls it"],
        "Village 12 lies in Mongolia; its stack": [r"village 12 scores", r"village 12 lies in \w+; \w+ controls it"],
        "Red ginseng. Which case scores it": [r"village 13 lies in \w+; \w+ controls it",
                                              r"plague and ginseng together"],
        "Red ginseng. What does it score for Red": [r"village 13 scores", r"village 13 lies in \w+; \w+ controls it"],
        "Village 1 lies in Mongolia; its stack": [r"village 1 scores", r"village 1 lies in \w+; \w+ controls it"],
    },
    "50-graph-lens": {
        "How many wall pieces long is the Great Wall": [r"Great Wall:? (of )?16 pieces", r"pieces: 16\b",
                                                        r"simple path of 16 pieces"],
        "How many faces does it have": [r"faces: 25\b", r"\b25 faces", r"F = [^\n]*= 25\b"],
        "How many lattice lines meet at tower (4,1)": [r"\(4,1\)[^\n]*degree", r"degree 4\b"],
        "from village 3 to village 30": [r"\b7 tracks", r"'v3', [^\n]*'v30'", r"villages 3 - [^\n]* - 30"],
        "How many connected components": [r"\b9 components", r"components of \d"],
        "border province 4": [r"province 4 holds", r"region neighbours? (is|are)", r"GraphDrawing\('Chang Cheng"],
        "In which sections does Yellow have cards": [r"Yellow has degree", r"cards in sections?",
                                                     r"GraphDrawing\('Great Wall of China"],
    },
}


def visible(output):
    """What a student reads in one cell output (an exercise's own question is its text form: left out)."""
    if output.get("output_type") == "stream":
        return "".join(output["text"])
    data, out = output.get("data", {}), []
    exercise = "".join(data.get("text/plain", "")).startswith("Exercise(")
    for mime, value in data.items():
        value = "".join(value) if isinstance(value, list) else value
        if mime == "image/svg+xml":
            root = ET.fromstring(value)
            out += [root.get("aria-label") or "", *("".join(el.itertext()) for el in root.iter()
                                                    if el.tag.rsplit("}", 1)[-1] in ("text", "title"))]
        elif mime == "text/html" and not exercise:  # an exercise's HTML is its question above its quiz picture
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", value)))
        elif mime == "text/plain" and not value.startswith("Exercise("):
            out.append(value)
    return "\n".join(out)


def question(cell):
    """The question of the exercise a code cell shows, or None."""
    for output in cell.get("outputs", []):
        text = "".join(output.get("data", {}).get("text/plain", ""))
        if text.startswith("Exercise(") and text.endswith(")"):
            return ast.literal_eval(text[len("Exercise("):-1])
    return None


def windows(nb):
    """``[(question, the text a student reads from after the previous exercise up to and with this one, all the
    text above it and with it)]``."""
    found, text, above = [], [], []
    for cell in nb["cells"]:
        text.append("".join(cell["source"]) if cell["cell_type"] == "markdown" else "")
        text += [visible(o) for o in cell.get("outputs", [])]
        asked = question(cell)
        if asked is not None:
            above += text
            found.append((asked, "\n".join(text), "\n".join(above)))
            text = []
    return found


def solutions(name):
    """``{question: (answer, explanation)}`` as the solutions notebook prints them."""
    nb = json.loads((NOTEBOOKS / "solutions" / f"{name}-solutions.ipynb").read_text(encoding="utf-8"))
    printed = "\n".join(visible(o) for c in nb["cells"] for o in c.get("outputs", []))
    lines = printed.splitlines()
    out = {}
    for line, after in zip(lines, lines[1:], strict=False):
        solved = re.match(r"Right: (.*?)\. (.*?)(?: \[[A-Z]+-\d+\])?$", after)
        if solved and line.strip():
            out[line.strip()] = solved.groups()
    return out


def spoilers(name, nb=None):
    """Every answer found in its window, explanation or field found above it: ``[(question, what, where)]``."""
    nb = nb or json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    answers, fields, found = solutions(name), FIELDS[name], []
    for asked, window, above in windows(nb):
        answer, explanation = answers[asked]
        keys = [k for k in fields if k in asked]
        assert len(keys) == 1, f"{name}: {asked!r} matches {len(keys)} entries of FIELDS"
        checks = [(re.escape(explanation), "its explanation", above)]
        words = [] if re.fullmatch(r"[-+]?\d+", answer) else [answer]
        if re.fullmatch(r"[\d, ]+", answer):
            # a set of numbers, "9, 10, 16"; two numbers are too common ("(4, 5)"), one is a label
            words = [answer] if answer.count(",") >= 2 else []
        checks += [(rf"(?<![\w-]){re.escape(w)}(?![\w])", "its answer", window) for w in words
                   if w.lower() not in COMMON and len(w) > 2]
        checks += [(field, "a field that states it", above) for field in fields[keys[0]]]
        for pattern, what, text in checks:
            hit = re.search(pattern, text, re.I)
            if hit:
                found.append((asked, what, text[max(0, hit.start() - 60):hit.end() + 60]))
    return found


@pytest.mark.parametrize("name", FIELDS)
def test_no_exercise_has_its_answer_on_screen_between_the_previous_exercise_and_it(name):
    assert not spoilers(name)


@pytest.mark.parametrize("name", FIELDS)
def test_every_exercise_is_found_with_its_solution_and_its_quiz_board(name):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    asked = [q for q, *_ in windows(nb)]
    assert len(asked) == len(FIELDS[name]) and set(asked) <= set(solutions(name))
    assert all(any(k in q for q in asked) for k in FIELDS[name]), "an entry of FIELDS names no exercise"
    boards = [c for c in nb["cells"] if question(c) and any("image/svg+xml" in o.get("data", {}) for o in c["outputs"])]
    assert len(boards) == len(asked), "an exercise is shown without its quiz board"


def test_a_planted_spoiler_is_found():
    """The unquizzed board of Exercise 1's position (its status line: "Great Wall: 16 pieces") moved above it."""
    name = "50-graph-lens"
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    board = next(i for i, c in enumerate(nb["cells"]) if "".join(c["source"]).startswith("Board(dk_later"))
    first = next(i for i, c in enumerate(nb["cells"]) if question(c))
    assert board > first
    # the lesson stores that cell as never run (it answers Exercise 1); the solutions notebook shows its board
    solutions = json.loads((NOTEBOOKS / "solutions" / f"{name}-solutions.ipynb").read_text(encoding="utf-8"))
    nb["cells"].pop(board)
    nb["cells"].insert(first, next(c for c in solutions["cells"] if "".join(c["source"]).startswith("Board(dk_later")))
    found = spoilers(name, nb)
    assert [(q[:40], what) for q, what, _ in found] == [
        ("How many wall pieces long is the Great W", "a field that states it")]
    assert "Great Wall of 16 pieces" in found[0][2]   # the picture's title: the first of its status lines


@pytest.mark.parametrize("name", FIELDS)
def test_the_first_cell_asks_for_the_students_name_and_the_last_shows_my_results(name):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert re.search(r'^student\(""\)', code[0], re.M) and code[-1] == f'my_results("{name}")'
    assert "".join(nb["cells"][-1]["outputs"][0]["data"]["text/plain"]).startswith("My results (anonymous")


@pytest.mark.parametrize("name", FIELDS)
def test_no_stepper_is_shown_twice_or_moved_after_it_is_shown(name):
    """A live widget shows its latest state in every output it was displayed in: a Stepper displayed in one cell and
    moved on (or asked a what-if) in a later one shows that later step in the earlier cell after Run All."""
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    made, shown = {}, {}
    for i, cell in enumerate(c for c in nb["cells"] if c["cell_type"] == "code"):
        lines = "".join(cell["source"]).splitlines()
        for line in lines:
            new = re.match(r"(\w+) = Stepper\(", line)
            if new:
                made[new.group(1)] = i
            for name_, _call in re.findall(r"\b(\w+)\.(go|next|previous|choose|what_if|clear)\(", line):
                assert (name_, made.get(name_)) not in shown or shown[name_, made.get(name_)] == i, (
                    f"cell {i} moves {name_}, which cell {shown[name_, made[name_]]} already shows")
        last = lines[-1].strip() if lines else ""
        if last in made:
            assert (last, made[last]) not in shown, (
                f"the stepper {last} is shown twice (cells {shown[last, made[last]]}, {i})")
            shown[last, made[last]] = i
