"""What a student reads is words: no Python repr (``['x']``, ``{24}``, ``(2, 1)``, ``{}``, ``Tally(points=...)``), no
internal field name (``new_length: 5``) and no noun with a "(s)" (``1 Clerk(s)``) in an event sentence, a resolution's
title or step, an exercise's question or its feedback, or anything a notebook prints.

A few seeded random games of every game and variant the conformance suite runs (about five seconds in all), the
exercises as the notebooks store them (each lesson's questions, each solutions notebook's printed feedback), and every
stored output a notebook shows as text (what it prints, a value shown as text alone).
"""

import json
import random
import re
from pathlib import Path

import pytest

from tests.soak.invariants import configs

ROOT = Path(__file__).resolve().parents[1]
# a list, tuple, set or dict as Python prints it, or ``field_name: value``; "(2,3)" (a tower) and "(x,y)" are words
# ("(1, 3, 6, 10, 15 for one to five)" is prose: a tuple is numbers alone, or a number then a quoted string)
REPR = re.compile(r"\[['\"\d(\[{]|\[\]|\(-?\d+(?:, -?\d+)+\)|\(-?\d+, '|\{['\"\d\w]|\{\}"
                  r"|(?<![=\w])[a-z]+(?:_[a-z]+)+: "
                  r"|\b[A-Z][A-Za-z]+\([a-z_]+="
                  r"|[a-z]\(s\)")
CONFIGS = configs()


def reprs(texts):
    """``{repr found: the first text holding it}``."""
    found = {}
    for text in texts:
        for match in REPR.finditer(text):
            found.setdefault(match.group(0), text)
    return found


def read_by_a_student(game):
    """Every event sentence, resolution title and step sentence of ``game``."""
    texts = [event.sentence for event in game.log]
    for resolved in game.resolutions():
        texts += [resolved.title, *(step.sentence for step in resolved.steps)]
    return texts


@pytest.mark.parametrize("config", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_a_random_game_says_everything_in_words(config):
    _, module, players, options = config
    game = module.new_game(players=players, seed=1, **options)
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert reprs(read_by_a_student(game)) == {}


def _stored_texts(path):
    """The exercise questions (lessons) or the printed feedback lines (solutions) a notebook stores."""
    texts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            plain = "".join(output.get("data", {}).get("text/plain", ""))
            if plain.startswith("Exercise("):
                texts.append(plain)
            texts += [line for line in "".join(output.get("text", "")).splitlines()
                      if line.startswith(("Right: ", "Not quite: ", "Solution: "))]
    return texts


NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_exercises_questions_and_feedback_are_words(path):
    assert reprs(_stored_texts(path)) == {}


# Cells whose output is Python's own form on purpose: {(notebook, a line of the cell's code): why}. A cell that asks for
# a repr in its code (``repr(move)``, ``{move!r}``) shows it on purpose too.
SHOWS_PYTHON = {
    ("50-graph-lens", ""): "the graph lens reads networkx's answers as the code gets them (node lists, degree pairs)",
    ("50-graph-lens-solutions", ""): "the graph lens reads networkx's answers as the code gets them",
    ("61-write-a-bot", ""): "a bot's author reads the observation and the match's result as the bot's code gets them",
    ("51-rule-variants", "VARIANTS"): "the named option documents, as a student copies them into from_position",
}


def shown_as_text(cells, notebook=""):
    """``[(cell index, line)]``: every line a notebook's stored outputs show as text, but in :data:`SHOWS_PYTHON`."""
    lines = []
    for index, cell in enumerate(cells):
        source = "".join(cell.get("source", ""))
        if cell["cell_type"] != "code" or "repr(" in source or "!r}" in source or \
                any(name == notebook and line in source for name, line in SHOWS_PYTHON):
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            texts = ["".join(output.get("text", ""))]
            if "text/plain" in data and len(data) == 1:  # shown as text only when nothing richer comes with it
                texts.append("".join(data["text/plain"]))
            lines += [(index, line) for text in texts for line in text.splitlines()]
    return lines


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_stored_output_is_words(path):
    lines = shown_as_text(json.loads(path.read_text(encoding="utf-8"))["cells"], path.stem)
    assert {(index, line) for index, line in lines if REPR.search(line)} == set()


def test_a_repr_printed_by_a_notebook_is_found():
    """Planted: 21's Tally as it printed before, a points dict and a list of moves, each printed by a cell."""
    cells = [{"cell_type": "code", "source": code, "outputs": [{"output_type": "stream", "text": text}]}
             for code, text in [("print(trial.sections[0].tally())", "Tally(points=(3, 1, 1, 2), totals=(4, 3))\n"),
                                ("print(points)", "points: {'Red': 0, 'Green': 2}\n"),
                                ("print(moves)", "now: Red - ['nopeek', 'peek 1']\n"),
                                ("print(repr(move))", "Wall(line=37)\n")]]
    cells.append({"cell_type": "code", "source": "sorted(public)", "outputs": [
        {"output_type": "execute_result", "data": {"text/plain": "['boards_to_come', 'current']"}}]})
    found = {index for index, line in shown_as_text(cells) if REPR.search(line)}
    assert found == {0, 1, 2, 4}  # the repr asked for in its code (3) is not a slip


def test_a_planted_repr_is_found():
    assert reprs(["Villages [17, 23] change side to China."]) == {"[1": "Villages [17, 23] change side to China."}
    assert set(reprs(["new_length: 5", "blocks: (2, 1, 2, 0)", "feedback {24}", "paying {}", "Outcome(scores=(7,)",
                      "[(9, 'Mongolia')]", "at (2, 2)"])) == \
        {"new_length: ", "(2, 1, 2, 0)", "{2", "{}", "Outcome(scores=", "[(", "(2, 2)"}
    assert reprs(["Infantry grows (1, 3, 6, 10, 15 for one to five)"]) == {}
    assert reprs(["wall (2,2)-(2,3) between towers (3,3) and (2,3)", "Crane: Honor 3"]) == {}
