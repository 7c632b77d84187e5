"""No spoilers in The Great Wall's exercise notebooks (41, 42) as stored after *Run All*: for each exercise, nothing a
student sees between the previous exercise and this one (printed text, pictures' texts and titles, HTML, markdown,
the exercise's own quiz board) gives its answer.

The exercises are found by their question in the outputs (an exercise's text form is ``Exercise('question')``); their
answers and explanations are read from the stored solutions notebooks, which print ``Exercise N: question`` and then
``Right: answer. explanation [rule]``. An answer of two or more digits or a distinctive word must not appear at all;
one too short to tell apart (a digit, yes or no, a clan's name, which every board draws as a label) is checked
through the fields it would be read from (:data:`FIELDS`), and those fields are checked from the top of the
notebook, as a student may scroll up. The notebooks also open with the student's name cell and
close with "My results".
"""

import ast
import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from greatwall_kit.exercises.the_great_wall import breach

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = ["41-the-great-wall-breach", "42-the-great-wall-defeat-honor-shame"]
SVG = "{http://www.w3.org/2000/svg}"
CLANS = {"Crane", "Tiger", "Dragon", "Phoenix"}

BREACH = [r"would breach", r": holds", r"BREACH", r"the wall holds", r"\d+ > \d+", r"\d+ <= \d+",
          r"(?<!Offensive )Power \d", r"Defense \d", r"Defense = wall tile"]
#: question pattern -> what the answer would be read from: none of these may be visible before the question
FIELDS = {
    r"^What is the Defense of section": [r"Defense \d", r"Defense = wall tile", r"\d+ [>≥] "],
    r"^Is section \d Breached": BREACH,
    r"^Which clans take a Shame token": BREACH + [r"no Soldier on breaching", r"puts a Shame token",
                                                  r"\d Shame token\b"],
    r"^How many of \w+'s Soldiers die": BREACH + [r"loses a \w+", r"\d Killed", r"killed \[", r"victims \w+"],
    r"^Who claims": [r"claims the card", r"covers most spots", r"for \w+'s trophies", r"majority"],
    r"^How much Honor does": [r"\+\d+ Honor", r"· Honor \d", r"Honor [A-Z]\w+ \d", r"Together \d"],
    # (the Honor before the final scoring is not among them: it is the input, which the question gives)
    r"final Honor": [r"final \d", r"(Crane|Tiger|Dragon|Phoenix) wins", r"from claimed Horde cards", r"final Honor \d"],
}
#: question -> why its answer's own text may be visible before it (its fields are still checked)
EXCEPTIONS = {
    "What would Crane's final Honor be if the game ended now? (Crane has 7 Honor before the final scoring.)":
        "the answer, 7, is Crane's Honor before the final scoring, an input the question gives and the cell above "
        "prints: the exercise asks whether the Shame token on h05 takes its reward away (TGW-44)",
}


def _cells(name):
    return json.loads(path_of(name).read_text(encoding="utf-8"))["cells"]


def path_of(name):
    solutions = name.endswith("-solutions")
    return NOTEBOOKS / ("solutions" if solutions else "") / f"{name}.ipynb"


def _question(output):
    plain = "".join(output.get("data", {}).get("text/plain", ""))
    match = re.fullmatch(r"Exercise\((.*)\)", plain.strip(), re.S)
    return ast.literal_eval(match[1]) if match else None


def visible(cell):
    """What a student sees of a cell: markdown, printed text, pictures' texts, titles and summaries, HTML text; an
    exercise's text form is its question (shown with the form), so the question counts as seen too."""
    if cell["cell_type"] == "markdown":
        return ["".join(cell["source"])]
    seen = []
    for output in cell.get("outputs", []):
        seen.append("".join(output.get("text", "")))
        data = output.get("data", {})
        if "image/svg+xml" in data:
            root = ET.fromstring("".join(data["image/svg+xml"]))
            seen += [t.text for t in root.iter() if t.tag in (SVG + "text", SVG + "title") and t.text]
            seen.append(root.get("aria-label") or "")
        if "text/html" in data:
            seen.append(html.unescape(re.sub(r"<[^>]+>", " ", "".join(data["text/html"]))))
        seen.append(_question(output) or "".join(data.get("text/plain", "")))
    return seen


def exercises(name):
    """``[(cell index, question)]`` of the exercises a notebook shows, in order."""
    return [(i, q) for i, cell in enumerate(_cells(name)) for o in cell.get("outputs", []) if (q := _question(o))]


def solutions(name):
    """``{question: (answer, explanation)}`` as the solutions notebook prints them."""
    text = "".join("".join(o.get("text", "")) for c in _cells(f"{name}-solutions") for o in c.get("outputs", []))
    found = re.findall(r"Exercise \d: (.+)\n  Right: (.+?)\. (.+?) \[[A-Z]+-\d+\]", text)
    return {q: (answer, explain) for q, answer, explain in found}


def distinctive(answer):
    """The parts of an answer that tell it apart on a screen: numbers of two digits or more, names that are not the
    clans' (drawn on every board) and not yes, no, none or nobody."""
    parts = [p.strip() for p in answer.strip("{}").split(",")]
    return [p for p in parts if (p.isdigit() and len(p) > 1)
            or (not p.isdigit() and p not in CLANS and p.lower() not in ("yes", "no", "none", "nobody"))]


def between(name):
    """``[(question, texts seen from the previous exercise's cell, exclusive, up to this exercise's cell, texts seen
    from the top up to this exercise's cell)]``."""
    cells, out, start = _cells(name), [], 0
    for index, question in exercises(name):
        out.append((question, [t for cell in cells[start:index + 1] for t in visible(cell)],
                    [t for cell in cells[:index + 1] for t in visible(cell)]))
        start = index + 1
    return out


CASES = [(name, question, seen, above) for name in LESSONS for question, seen, above in between(name)]


def test_the_notebooks_show_every_exercise_of_their_solutions_in_the_same_order():
    for name in LESSONS:
        shown, solved = [q for _, q in exercises(name)], list(solutions(name))
        assert shown == solved and len(shown) >= 4, (name, shown, solved)


@pytest.mark.parametrize("name,question,seen,above", CASES, ids=[f"{n[:2]}: {q[:50]}" for n, q, _, _ in CASES])
def test_nothing_between_the_previous_exercise_and_this_one_gives_its_answer(name, question, seen, above):
    answer, explain = solutions(name)[question]
    text, everything = "\n".join(seen), "\n".join(above)
    if question not in EXCEPTIONS:
        for part in distinctive(answer):
            assert not re.search(rf"(?<![\w.-]){re.escape(part)}(?![\w])", text), \
                f"{question!r}: its answer {part!r} is on screen before it"
    fields = [pattern for key, patterns in FIELDS.items() if re.search(key, question) for pattern in patterns]
    assert fields, f"{question!r}: no fields listed for it in FIELDS"
    leaks = {pattern: re.search(rf".{{0,40}}{pattern}.{{0,40}}", everything)[0] for pattern in fields
             if re.search(pattern, everything)}
    assert not leaks, f"{question!r}: shown before it: {leaks}"
    assert explain not in everything and f"Right: {answer}" not in everything


@pytest.mark.parametrize("name", LESSONS)
def test_each_notebook_opens_with_the_students_name_and_closes_with_my_results(name):
    code = ["".join(c["source"]) for c in _cells(name) if c["cell_type"] == "code"]
    assert re.search(r'^student\(""\)', code[0], re.M) and "my_results" in code[0]
    assert code[-1] == f'my_results("{name}")'
    results = _cells(name)[-1]["outputs"][0]["data"]
    assert "application/vnd.greatwall-kit.results+json" in results and "text/html" in results


def test_the_field_check_finds_an_unhidden_board_above_an_exercise():
    """The check itself: the full picture of notebook 41's Winter (once shown above its exercises) gives the Breach's
    fields and section 2's Defense, 10; its quiz form gives neither."""
    from .test_the_great_wall import notebook_winter

    def seen(svg):
        return "\n".join(visible({"cell_type": "code", "outputs": [{"data": {"image/svg+xml": svg}}]}))

    game = notebook_winter()[0]
    full, quiz = seen(game.picture()), seen(breach(game, 1).picture())
    assert [p for p in BREACH if re.search(p, full)] and re.search(r"(?<![\w.-])10(?![\w])", full)
    assert not [p for p in BREACH if re.search(p, quiz)] and not re.search(r"(?<![\w.-])10(?![\w])", quiz)
