"""The class's copy shows no answer before the prediction (tools/student_copy.py): below a notebook's first exercise
only the exercises (their question above their quiz board) and *My results* keep a stored output, and no exercise's
explanation, as the solutions notebooks print it, is in any stored output of the copy (a Check prints the same
facts in other words: the first rule is what keeps them off the screen)."""

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
SOLUTIONS = sorted((ROOT / "notebooks" / "solutions").glob("*.ipynb"))
FEEDBACK = re.compile(r"^(?:Right: |.*The answer is )(.+?)\. (.+?)(?: \[[A-Z]+-[A-Z0-9]+\])?$", re.M)


def _tool():
    spec = importlib.util.spec_from_file_location("student_copy", ROOT / "tools" / "student_copy.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def _printed(cell):
    out = []
    for output in cell.get("outputs", []):
        out.append("".join(output.get("text", "")))
        out += ["".join(v) if isinstance(v, list) else str(v) for v in output.get("data", {}).values()]
    return "\n".join(out)


def _explanations():
    """{solutions notebook's lesson: the explanations its stored outputs print}."""
    found = {}
    for path in SOLUTIONS:
        text = "\n".join(_printed(c) for c in json.loads(path.read_text(encoding="utf-8"))["cells"])
        found[path.name.replace("-solutions", "")] = {e for _, e in FEEDBACK.findall(text) if len(e) > 20}
    return found


EXPLANATIONS = _explanations()


def _copy(path, before=None):
    text = TOOL.student_notebook(path) if before is None else before(path)
    return json.loads(text if text is not None else path.read_text(encoding="utf-8"))["cells"]


def shown_too_early(cells, explanations):
    """What the copy's stored outputs show that answers an exercise: ``[(cell, what)]``."""
    found, exercise_seen = [], False
    for index, cell in enumerate(c for c in cells if c["cell_type"] == "code"):
        exercise = TOOL._is_exercise(cell)
        if exercise:
            exercise_seen = True
            plain = "".join(next(o for o in cell["outputs"] if "text/plain" in o.get("data", {}))["data"]["text/plain"])
            html = "".join("".join(o.get("data", {}).get("text/html", "")) for o in cell["outputs"])
            question = plain[len("Exercise('"):-2]
            if question[:40] not in html.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&"):
                found.append((index, "an exercise whose stored output does not show its question"))
        elif exercise_seen and cell.get("outputs") and "my_results(" not in "".join(cell["source"]):
            found.append((index, "a stored output below an exercise"))
        found += [(index, f"the explanation {e[:60]!r}") for e in explanations if e in _printed(cell)]
    return found


WITH_EXERCISES = [p for p in LESSONS if p.name in EXPLANATIONS]


@pytest.mark.parametrize("path", WITH_EXERCISES, ids=lambda p: p.stem)
def test_the_class_copy_shows_no_answer_before_the_prediction(path):
    assert shown_too_early(_copy(path), EXPLANATIONS[path.name]) == []


def test_a_check_stored_below_an_exercise_and_a_form_without_its_question_are_caught():
    """Planted: the copy as it was (outputs kept), where 31's Check under Figure 8's exercises said "3 pieces left
    without connection"; and an exercise stored as its picture alone."""
    path = ROOT / "notebooks" / "31-dschingis-khan-loops.ipynb"
    cells = _copy(path, before=lambda p: None)
    assert any(what == "a stored output below an exercise" for _, what in shown_too_early(cells, set()))
    for cell in cells:
        for output in cell.get("outputs", []):
            output.get("data", {}).pop("text/html", None)
    assert any("does not show its question" in what for _, what in shown_too_early(_copy(path), set()) +
               shown_too_early(cells, set()))
