"""No answer before the prediction: in the notebooks as shipped, in the class's copy (tools/student_copy.py) and on
the slides (tools/build_slides.py).

The answers are the kit's own: every exercise of every lesson notebook is built again by running the lesson's code
cells in one Python process (:func:`answers`, a few seconds, no kernel), and read from the :class:`Exercise` objects:
the question, the answer as a student reads it and the explanation. What an exercise's answer looks like in an output
(:func:`leaks`):

- a clause of the explanation that states the answer ("Village 9 scores -6 for Green"), verbatim;
- an answer long enough to be a fact of its own ("9, 10, 16, 18, 25", "traitor, flood, builder"), verbatim;
- the field it hides, where the answer is short ("3", "24", "no"): in an output about the exercise's subject (the
  province, section, village, tower or move the question names), the answer a few words from a word the question asks
  about ("pieces back in the supply: 5" under "How many wall pieces are removed"; "Defense ... 10").

The stored outputs above an exercise (and, on the slides, every slide shown before the lesson reaches it) hold none of
them; below an exercise, its section's Check / what-if / step list keeps no stored output
(:func:`tools.student_copy.before_the_prediction`), and the exercise's own output shows its question.
"""

import base64
import functools
import html
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from greatwall_kit.classroom.lessons import block, read_plans

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
WITH_EXERCISES = [p for p in LESSONS if "Exercise(" in p.read_text(encoding="utf-8")]
PLANS = read_plans(ROOT / "docs" / "lessons")

# Facts the notebooks print before an exercise about another position, which happen to read like its answer:
# {(notebook, the question's start, the fact): why it is not the exercise's answer}
COINCIDENCES = {
    ("11-chang-cheng-province-scoring", "Who scores province 1?", "Red and Green"):
        "Example 2 (another wall, other cards) also ends in a Red and Green tie in its province 1",
    ("11-chang-cheng-province-scoring", "Who scores province 1?", "Red and Green tie with 2"):
        "Example 2 (another wall, other cards) also ends in a Red and Green tie in its province 1",
    ("51-rule-variants", "Under which reading does Red score more points", "the same"):
        "the first cell says the notebook compares 'the same position' under two readings",
}

BUILD = r"""
import contextlib, io, json, sys
from greatwall_kit.exercises.core import Exercise, _shown
found = []
for path in sys.argv[1:]:
    names, seen = {"__name__": "__main__"}, set()
    for index, cell in enumerate(json.load(open(path, encoding="utf-8"))["cells"]):
        if cell["cell_type"] != "code":
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile("".join(cell["source"]), f"{path}, cell {index}", "exec"), names)
        for value in list(names.values()):
            if isinstance(value, Exercise) and value.id not in seen:
                seen.add(value.id)
                found.append({"notebook": path[:-len(".ipynb")], "question": value.question,
                              "answer": _shown(value._answer), "explain": value.explain})
print(json.dumps(found))
"""


@functools.cache
def answers():
    """Every exercise the lessons build, with its answer: run in a process of its own (its record stays there)."""
    run = subprocess.run([sys.executable, "-c", BUILD, *(p.name for p in WITH_EXERCISES)], cwd=ROOT / "notebooks",
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)



def _tool(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COPY, SLIDES = _tool("student_copy"), _tool("build_slides")

# ---------------------------------------------------------------------------------------------------------- facts
TOKEN = re.compile(r"[+-]?\d+|[A-Za-z][A-Za-z'-]*")
SUBJECT = re.compile(r"\b(?:province|region|section|village|square|tower|card|spot)s? -?\d+\b"
                     r"|\(\d+,\d+\)(?:-\(\d+,\d+\))?|\([a-z]\d\d\)", re.I)
# words of a question that say nothing about what it asks
PLAIN = set("what which when where does from with that this they them their then than there have into each only more "
            "many much would could under your other after before both between about every next play plays numbers "
            "none nobody name names joined several colour colours kinds first last".split())
PLAYERS = {"red", "red's", "yellow", "yellow's", "green", "green's", "blue", "blue's", "violet", "violet's", "orange",
           "orange's", "crane", "crane's", "tiger", "tiger's"}  # whose: the same in every position
WINDOW = 4  # words between a short answer and the word it is the value of ("supply: 5", "Defense ... = 10")
FOLLOWING = 5  # lines below a line that names the subject which may still be about it (a resolution's steps)
COORDINATES = re.compile(r"\(\d+, \d+\)")  # "village 4 at (4, 0)": a place, not a value


def _stem(word):
    return word.lower()[:5]


def _norm(text):
    return " ".join(text.split()).lower()


def _words(text):
    return TOKEN.findall(text)


def facts(exercise):
    """The texts that state the exercise's answer verbatim: clauses of its explanation that hold the whole answer,
    and the answer itself where it is long."""
    answer = exercise["answer"]
    found = [clause.strip(" .;") for clause in re.split(r"(?<=[.;])\s+|:\s+", exercise["explain"])
             if len(clause.split()) >= 4 and set(_words(answer)) <= set(_words(clause))]
    return found + ([answer] if len(answer) >= 8 or ", " in answer or " and " in answer else [])


def _field(exercise):
    """(the subjects the question names, the stems of the words it asks about that its explanation uses too)."""
    subjects = {s.lower() for s in SUBJECT.findall(exercise["question"])}
    asked = {_stem(w) for w in _words(exercise["question"]) if len(w) >= 4 and w.lower() not in PLAIN | PLAYERS
             and not w[0].isdigit()} & {_stem(w) for w in _words(exercise["explain"])}
    return subjects, asked - {_stem(w) for s in subjects for w in _words(s)}


def leaks(exercise, text, pictures=""):
    """What in ``text`` (an output's words) and ``pictures`` (its pictures' titles, one element a line) states the
    exercise's answer: ``[fact]``."""
    low = _norm(f"{text}\n{pictures}")
    found = [f for f in facts(exercise) if re.search(r"(?<![\w,(-])" + re.escape(_norm(f)) + r"(?![\w,)])", low)]
    answer = exercise["answer"]
    subjects, asked = _field(exercise)
    if len(answer) >= 8 or not subjects or not asked:
        return found
    for context in _about(text, subjects) + [t for t in pictures.splitlines() if _names(t, subjects)]:
        context = COORDINATES.sub(" ", context)
        words = _words(SUBJECT.sub(lambda m: " " if m.group(0).lower() in subjects else m.group(0), context))
        for i, word in enumerate(words):
            near = {_stem(w) for w in words[max(0, i - WINDOW):i + WINDOW + 1]}
            if word.lower() == answer.lower() and near & asked:
                found.append(" ".join(words[max(0, i - WINDOW):i + WINDOW + 1]))
    return found


def _names(line, subjects):
    return any(s in line.lower() for s in subjects)


def _about(text, subjects):
    """The passages of ``text`` about the subjects: a paragraph whose first line names one, or a line naming one with
    the indented lines below it (the steps under "Mongol attack on region 2", not region 4's below them)."""
    found = []
    for paragraph in re.split(r"\n\s*\n", text):
        lines = paragraph.strip("\n").splitlines()
        if lines and _names(lines[0], subjects):
            found.append(paragraph)
            continue
        for i, line in enumerate(lines):
            if _names(line, subjects):
                below = next((j for j in range(i + 1, len(lines)) if not lines[j][:1].isspace()), len(lines))
                found.append("\n".join(lines[i:below]))
    return found


def _titles(svg):
    """A picture's words: its description and each element's title and label, one a line."""
    parts = re.findall(r'aria-label="([^"]*)"', svg) + re.findall(r"<(?:title|text)[^>]*>(.*?)</", svg, re.S)
    return "\n".join(html.unescape(" ".join(p.split())) for p in parts)


def _output_words(cell):
    """(words, picture titles) of a code cell's stored outputs."""
    words, pictures = [], []
    for output in cell.get("outputs", []):
        words.append("".join(output.get("text", "")))
        data = {k: "".join(v) if isinstance(v, list) else str(v) for k, v in output.get("data", {}).items()}
        pictures += [_titles(data.get("image/svg+xml", "")), _titles(data.get("text/html", ""))]
        if "text/html" in data:
            words.append(html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", " ", data["text/html"],
                                                                      flags=re.S))))
        elif "text/plain" in data:
            words.append(data["text/plain"])
    return "\n".join(words), "\n".join(pictures)


def _is_exercise(cell, question=None):
    plain = ["".join(o.get("data", {}).get("text/plain", "")) for o in cell.get("outputs", [])]
    return any(p.startswith("Exercise(") and (question is None or question in p.replace("\\'", "'")) for p in plain)


def _shown_before(exercise, found):
    """``found`` without the facts :data:`COINCIDENCES` explains."""
    return [f for f in found if not any(notebook == exercise["notebook"] and exercise["question"].startswith(start)
                                        and fact == f for notebook, start, fact in COINCIDENCES)]


def answers_above_exercises(cells, exercises):
    """``[(exercise's question, cell index, fact)]``: what the stored outputs above each exercise say of its answer."""
    found = []
    for exercise in exercises:
        at = next(i for i, c in enumerate(cells) if _is_exercise(c, exercise["question"]))
        for index in range(at):
            if cells[index]["cell_type"] == "code":
                found += [(exercise["question"][:60], index, f)
                          for f in _shown_before(exercise, leaks(exercise, *_output_words(cells[index])))]
    return found


def outputs_below_exercises(cells):
    """``[(cell index, what)]``: a stored output the rule clears, or an exercise stored without its question."""
    found, kept = [], [json.dumps(c.get("outputs")) for c in cells]
    COPY.before_the_prediction(cells)
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        if json.dumps(cell.get("outputs")) != kept[index]:
            found.append((index, "a stored output that answers the exercise above it"))
        if _is_exercise(cell):
            plain = "".join(next(o for o in cell["outputs"] if "text/plain" in o.get("data", {}))["data"]["text/plain"])
            html_text = html.unescape("".join("".join(o.get("data", {}).get("text/html", "")) for o in cell["outputs"]))
            if plain[len("Exercise('"):-2][:40].replace("\\'", "'") not in html_text:
                found.append((index, "an exercise whose stored output does not show its question"))
    return found


def _exercises(path):
    return [e for e in answers() if e["notebook"] == path.stem]


def test_every_exercise_of_the_lessons_is_built_with_its_answer():
    stored = sum(_is_exercise(c) for p in WITH_EXERCISES for c in json.loads(p.read_text(encoding="utf-8"))["cells"])
    assert len(answers()) == stored > 40
    assert all(e["answer"] and e["explain"] for e in answers())


# ------------------------------------------------------------------------------------------- the notebooks shipped
@pytest.mark.parametrize("path", WITH_EXERCISES, ids=lambda p: p.stem)
def test_the_shipped_notebook_shows_no_answer_before_its_exercise(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert answers_above_exercises(cells, _exercises(path)) == []
    assert outputs_below_exercises(cells) == []


# ----------------------------------------------------------------------------------------------- the class's copy
def _copy(path):
    text = COPY.student_notebook(path)
    return json.loads(text if text is not None else path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("path", WITH_EXERCISES, ids=lambda p: p.stem)
def test_the_class_copy_shows_no_answer_before_the_prediction(path):
    cells = _copy(path)
    assert answers_above_exercises(cells, _exercises(path)) == []
    assert outputs_below_exercises(cells) == []


def test_a_check_kept_in_the_copy_and_a_form_without_its_question_are_caught():
    """Planted: 31's Check under Figure 8's exercises stored above them (its 'pieces back in the supply: 5' and
    the step 'The 5 pieces removed go back to the common supply'), as the copy kept it before; a Check kept below an
    exercise; and an exercise stored as its picture alone."""
    path = ROOT / "notebooks" / "31-dschingis-khan-loops.ipynb"
    cells, exercises = _copy(path), _exercises(path)
    check = next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and "what_if(" in "".join(c["source"]))
    stored_check = json.loads(path.read_text(encoding="utf-8"))["cells"][check]
    first = next(i for i, c in enumerate(cells) if _is_exercise(c))
    planted = cells[:first] + [{**stored_check, "outputs": OUTPUTS_OF_31_CHECK}] + cells[first:]
    assert any("supply: 5" in fact or "5 pieces" in fact for _, _, fact in answers_above_exercises(planted, exercises))
    kept = [dict(c) for c in cells]
    kept[check] = {**cells[check], "outputs": OUTPUTS_OF_31_CHECK, "execution_count": 7}
    assert (check, "a stored output that answers the exercise above it") in outputs_below_exercises(kept)
    bare = json.loads(json.dumps(cells))
    for output in bare[first]["outputs"]:
        output.get("data", {}).pop("text/html", None)
    assert (first, "an exercise whose stored output does not show its question") in outputs_below_exercises(bare)


# what 31's Check printed when it was stored (the steps of Orange's (3,2)-(4,2) and the supply)
OUTPUTS_OF_31_CHECK = [{"output_type": "stream", "name": "stdout", "text": (
    "An open wall is placed on (3,2)-(4,2): it closes a loop with the Great Wall. [DK-22]\n"
    "The newly completed route's 2 pieces are removed: (3,3)-(3,2)-(4,2). [DK-23]\n"
    "3 pieces left without connection to the Great Wall are removed too: (2,2)-(2,1)-(3,1)-(3,2). [DK-24]\n"
    "The 5 pieces removed go back to the common supply. [DK-02]\n"
    "pieces back in the supply: 5\n")}]


# ------------------------------------------------------------------------------------------------------ the slides
@pytest.fixture(scope="module")
def slides(tmp_path_factory):
    out = tmp_path_factory.mktemp("slides")
    return {Path(path).stem: BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
            for path in SLIDES.build(PLANS, out)}


def _slide_words(section):
    """(words, picture titles, the pictures as drawn) of one slide."""
    pictures = []
    for img in section.select("img"):
        kind, _, payload = img["src"].partition(";base64,")
        if kind == "data:image/svg+xml":
            pictures.append(base64.b64decode(payload).decode("utf-8"))
    copy = BeautifulSoup(str(section), "html.parser")
    for inner in copy.select("section section"):
        inner.decompose()
    return copy.get_text("\n\n"), "\n".join(_titles(p) for p in pictures), pictures


def slides_before_exercises(plan, soup):
    """``[(exercise's question, slide number, fact)]``: what a slide shown before the lesson reaches an exercise says
    of its answer. The lesson reaches an exercise at the first phase naming its section (projector or laptops); on
    a projector phase, at the slide of its picture."""
    groups = soup.select(".reveal > .slides > section")[1:]  # after the title: one group per cell named
    shown = []  # (phase, group, slide words, titles, pictures) in the order shown
    named = [(k, p, ref) for k, p in enumerate(plan.phases) if p.where == "projector" for ref in p.cells]
    for g, ((k, _, _), group) in enumerate(zip(named, groups, strict=True)):
        for section in [group] + group.select("section"):
            shown.append((k, g, *_slide_words(section)))
    found = []
    for k, phase in enumerate(plan.phases):
        path = ROOT / "notebooks" / f"{phase.notebook}.ipynb"
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for ref in phase.cells:
            for index in block(path, ref):
                for exercise in (e for e in _exercises(path) if _is_exercise(cells[index], e["question"])):
                    svg = next(("".join(o["data"]["image/svg+xml"]) for o in cells[index]["outputs"]
                                if "image/svg+xml" in o.get("data", {})), "")
                    drawn = SLIDES._projector_text(svg)
                    reached = next((n for n, s in enumerate(shown) if drawn in s[4]), None)
                    if reached is None:
                        reached = next((n for n, s in enumerate(shown) if s[0] >= k), len(shown))
                    for n, (_, _, words, titles, _) in enumerate(shown[:reached]):
                        found += [(exercise["question"][:60], n, f)
                                  for f in _shown_before(exercise, leaks(exercise, words, titles))]
    return sorted(set(found))


@pytest.mark.parametrize("plan", PLANS, ids=[Path(p.path).stem for p in PLANS])
def test_the_slides_show_no_answer_before_the_exercise(plan, slides):
    assert slides_before_exercises(plan, slides[Path(plan.path).stem]) == []


def test_an_answer_on_a_slide_before_its_exercise_is_caught(slides):
    """Planted: 31's Check (what Orange's (3,2)-(4,2) removes) on the slide of Figure 7, before the plan reaches the
    exercises of Figure 8."""
    plan = next(p for p in PLANS if "graph-theory" in p.path)
    soup = BeautifulSoup(str(slides[Path(plan.path).stem]), "html.parser")
    figure_7 = next(s for s in soup.select(".reveal > .slides > section") if "Figure 7" in s.get_text())
    figure_7.append(BeautifulSoup(f"<pre>{OUTPUTS_OF_31_CHECK[0]['text']}</pre>", "html.parser"))
    assert slides_before_exercises(plan, slides[Path(plan.path).stem]) == []
    assert any("5 pieces removed" in fact for _, _, fact in slides_before_exercises(plan, soup))
