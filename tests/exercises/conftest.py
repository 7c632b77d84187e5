"""Every exercise test starts from an empty record, and every exercise a test builds is checked for honesty.

A kernel's record is shared by all the exercises built in it, so without the reset a test's checks would count as
earlier tries of the same exercise in a later test. After each test, each exercise it built must declare what it asks
and give two different hints, neither of which states its answer (see :func:`answer_in_hints`).
"""

import re

import pytest

from greatwall_kit.exercises import Exercise, record
from greatwall_kit.exercises.core import _shown

#: answers too short or too common to be distinctive in a sentence (the issue's own exception: check the field)
COMMON = {"yes", "no", "none", "nobody", "old", "new", "first", "second"}


def answer_parts(ex):
    """The distinctive pieces of an exercise's answer: each name or number of it (a set's members, the colours of
    "Red and Green"), leaving out single digits and words too common to tell anything (see COMMON)."""
    answer = ex._answer
    parts = [str(a) for a in answer] if isinstance(answer, frozenset) else re.split(r" and |, ", _shown(answer))
    keep = []
    for part in parts:
        if part.lower() in COMMON or (part.lstrip("-").isdigit() and abs(int(part)) < 7) or len(part) < 2:
            continue
        keep.append(part)
    return keep


def answer_in_hints(ex):
    """The parts of the answer that a hint states and the question does not (an empty list when the hints are
    honest)."""
    def said(part, text):
        return re.search(rf"(?<![\w-]){re.escape(part)}(?![\w])", text, re.I) is not None

    return [(part, hint) for part in answer_parts(ex) for hint in ex.hints
            if said(part, hint) and not said(part, ex.question)]


@pytest.fixture(autouse=True)
def fresh_record(monkeypatch):
    record._reset()
    built = []
    init = Exercise.__init__

    def collecting(self, *args, **kwargs):
        init(self, *args, **kwargs)
        built.append(self)

    monkeypatch.setattr(Exercise, "__init__", collecting)
    yield built
    record._reset()
    for ex in built:
        assert ex.asks is not None, f"{ex!r} does not declare what it asks"
        assert ex.hints[0] != ex.hints[1], f"{ex!r} gives the same hint twice"
        assert not answer_in_hints(ex), f"{ex!r}: a hint states the answer: {answer_in_hints(ex)}"
        assert ex.explain not in " ".join(ex.hints), f"{ex!r}: a hint is the explanation"
