"""What a student reads is words: no Python repr (``['x']``, ``{24}``, ``(2, 1)``, ``{}``) and no internal field name
(``new_length: 5``) in an event sentence, a resolution's title or step, an exercise's question or its feedback.

A few seeded random games of every game and variant the conformance suite runs (about five seconds in all), and the
exercises as the notebooks store them: each lesson's questions, each solutions notebook's printed feedback.
"""

import json
import random
import re
from pathlib import Path

import pytest

from tests.soak.invariants import configs

ROOT = Path(__file__).resolve().parents[1]
# a list, tuple, set or dict as Python prints it, or ``field_name: value``; "(2,3)" (a tower) and "(x,y)" are words
REPR = re.compile(r"\[['\"\d(\[{]|\[\]|\(\d+, |\{['\"\d\w]|\{\}|(?<![=\w])[a-z]+(?:_[a-z]+)+: ")
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


def test_a_planted_repr_is_found():
    assert reprs(["Villages [17, 23] change side to China."]) == {"[1": "Villages [17, 23] change side to China."}
    assert set(reprs(["new_length: 5", "blocks: (2, 1, 2, 0)", "feedback {24}", "paying {}"])) == \
        {"new_length: ", "(2, ", "{2", "{}"}
    assert reprs(["wall (2,2)-(2,3) between towers (3,3) and (2,3)", "Crane: Honor 3"]) == {}
