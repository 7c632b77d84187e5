"""Notebook 51 as stored (executed): no exercise's answer is on the screen before the student answers it.

For every exercise, the visible text of the outputs from the previous exercise up to this one (printed text, tables,
the board pictures' texts and hover titles, its own quiz picture) must not hold its answer. Answers are taken from the
exercises themselves, built by running the notebook's code here. Where an answer is too short to be told apart in a
sentence (a single digit) or is a colour or clan on every board, the check looks for the specific field the answer
is read from instead (``FIELDS``), each a pattern that the notebook's own check cell after the exercise shows: so the
test can see a check cell moved above its exercise.
"""

import ast
import contextlib
import html
import io
import json
import os
import re
from pathlib import Path

import pytest

from greatwall_kit.exercises import Exercise

from .conftest import answer_parts

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "51-rule-variants.ipynb"

#: Per exercise (by its name in the notebook): patterns of the field its answer is read from, as the engines print it
#: for that exercise's position (a pattern shared with an earlier position would stop nothing: the Dominance steps of
#: the CC-V5 position are no answer to the CC-51 question).
FIELDS = {
    "green_review": [r"Event card dominance", r"Longest run:"],   # the Dominance card's steps, under either reading
    "red_towers": [r"dominance_tower=\d: points"],                # the towers position's points under each reading
    "infantry_gain": [r"infantry=per_\w+:"],                      # section 1's totals under each reading
    "branch_reach": [r"branch_walls_block_tracks=\w+:", r"\w+ -> \d+"],  # each legal step, the village it enters
    "shame_spared": [r"\d Shame token", r"has no Soldier on breaching"],  # the Assault's Shame, per reading
}
#: Answers not checked as text, with the reason (their field is).
NOT_AS_TEXT = {"infantry_gain": "a colour, named on every board and in every printed scoring",
               "shame_spared": "a clan, named on every board of The Great Wall"}


def _visible(output, question=None):
    """The text a student sees of one stored output (an exercise's own text form, its question, left out)."""
    if output["output_type"] == "stream":
        return "".join(output["text"])
    if output["output_type"] == "error":
        return "\n".join(output.get("traceback", []))
    data, parts = output.get("data", {}), []
    plain = "".join(data.get("text/plain", ""))
    if not plain.startswith("Exercise("):
        parts.append(plain)
    if "text/html" in data and not plain.startswith("Exercise("):  # an exercise's HTML: its question, its picture
        parts.append(html.unescape(re.sub(r"<[^>]+>", " ", "".join(data["text/html"]))))
    if "image/svg+xml" in data:
        svg = "".join(data["image/svg+xml"])
        parts += [html.unescape(t) for t in re.findall(r"<(?:text|title)\b[^>]*>(.*?)</(?:text|title)>", svg, re.S)]
    return "\n".join(parts)


def _question(output):
    plain = "".join(output.get("data", {}).get("text/plain", ""))
    return ast.literal_eval(plain[len("Exercise("):-1]) if plain.startswith("Exercise(") else None


@pytest.fixture(scope="module")
def notebook():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))


@pytest.fixture
def run(notebook, fresh_record):
    """The notebook's code run here: ``(namespace, {code cell's index: what it printed})``."""
    namespace, printed = {}, {}
    cwd = os.getcwd()
    try:
        os.chdir(NOTEBOOK.parent)
        for index, cell in enumerate(notebook["cells"]):
            if cell["cell_type"] == "code":
                with contextlib.redirect_stdout(io.StringIO()) as out:
                    exec(compile("".join(cell["source"]), str(NOTEBOOK), "exec"), namespace)
                printed[index] = out.getvalue()
    finally:
        os.chdir(cwd)
    return namespace, printed


@pytest.fixture
def exercises(run):
    """The notebook's exercises by question: ``(name in the notebook, exercise)``, built by running its code."""
    return {ex.question: (name, ex) for name, ex in run[0].items() if isinstance(ex, Exercise)}


def _as_run(notebook, printed):
    """The notebook with what the cells stored without output (a check below an exercise, tagged
    nbval-ignore-output) print when they are run."""
    cells = [dict(cell) for cell in notebook["cells"]]
    for index, cell in enumerate(cells):
        stored_empty = "nbval-ignore-output" in cell.get("metadata", {}).get("tags", []) and not cell.get("outputs")
        if cell["cell_type"] == "code" and stored_empty and printed.get(index):
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": printed[index]}]
    return {**notebook, "cells": cells}


def _windows(notebook):
    """``(question, text shown since the previous exercise, text shown after it)`` for each exercise, in order."""
    found, window, after = [], [], []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            text = _visible(output)
            window.append(text)
            for seen in after:
                seen.append(text)
            question = _question(output)
            if question is not None:
                rest = []
                found.append((question, "\n".join(window), rest))
                after.append(rest)
                window = []
    return [(q, before, "\n".join(rest)) for q, before, rest in found]


def test_every_exercise_of_the_notebook_is_stored_with_its_output_and_checked_here(notebook, exercises):
    stored = [q for q, _, _ in _windows(notebook)]
    assert sorted(stored) == sorted(exercises), "the stored outputs are not those of the notebook's code"
    assert len(stored) >= 3
    assert sorted(name for name, _ in exercises.values()) == sorted(FIELDS), "every exercise needs its FIELDS"


def test_no_answer_is_shown_between_the_previous_exercise_and_its_own(notebook, exercises, run):
    shown_later = {question: after for question, _, after in _windows(_as_run(notebook, run[1]))}
    for question, before, _ in _windows(notebook):
        after = shown_later[question]  # the checks below, once the student runs them (stored as never run)
        name, ex = exercises[question]
        answer = ex.solution().answer
        if name not in NOT_AS_TEXT:
            for part in answer_parts(ex):
                assert not re.search(rf"(?<![\w-]){re.escape(part)}(?![\w])", before), \
                    f"{name}: its answer {answer!r} is on the screen before it"
        for field in FIELDS[name]:
            shown = re.search(field, before)
            assert not shown, f"{name}: {shown.group()!r} (its answer's field) is on the screen before it"
            assert re.search(field, after), f"{name}: the field {field!r} is never shown, so this checks nothing"
