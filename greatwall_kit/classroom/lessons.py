"""The 90-minute lesson plans in ``docs/lessons/``, read as data: sections, timed phases, and the cells they name.

A plan is a Markdown file a teacher reads. Its ``# title`` is the lesson; its ``## sections`` include every one of
:data:`SECTIONS`; two of them hold a table the kit reads:

- **Phases**: one row per phase, columns :data:`PHASE_COLUMNS`: its minutes, what kind of phase it is, where the
  class looks (``projector``, ``laptops``, ``room``), the notebook (its stem, e.g. ``10-chang-cheng-play``, or
  ``-``), the cells it uses (references separated by ``;``) and what happens. The minutes add up to the lesson.
- **Cells to run and skip**: one row per cell, columns :data:`CELL_COLUMNS`; ``do`` is one of :data:`DOING`.

A cell is named by a title it carries: the text of a Markdown heading (``## The tower`` is ``The tower``) or the bold
words that open a Markdown cell (``**Exercise 2.** ...`` is ``Exercise 2``; a closing ``(...)`` may be left out, so
``**Exercise 1 (predict, then check).**`` is also ``Exercise 1``). Where a title occurs more than once, ``A > B``
names the first cell titled B after the cell titled A. A named cell stands for its **block**: it and the cells after
it up to the next titled cell (:func:`block`).

Examples
--------
>>> plan = read_plan('''# A taster
... ## Objectives
... - play a game
... ## Phases
... | min | phase | where | notebook | cells | what happens |
... |---|---|---|---|---|---|
... | 10 | starter | projector | 10-chang-cheng-play | Playing on the board | the board, the first turn |
... | 80 | pairs | laptops | 10-chang-cheng-play | Setting up; The move notation | play |
... ## Cells to run and skip
... | notebook | cell | do | why |
... |---|---|---|---|
... | 10-chang-cheng-play | Every rule at work | skip | for fast pairs |
... ''')
>>> plan.title, plan.minutes
('A taster', 90)
>>> plan.phases[1].cells
('Setting up', 'The move notation')
>>> [(p.notebook, p.cells) for p in plan.phases if p.where == "projector"]
[('10-chang-cheng-play', ('Playing on the board',))]
>>> plan.choices[0].do
'skip'
>>> sorted(set(SECTIONS) - set(plan.sections))
['Differentiation', 'Grouping', 'Homework', 'Prepare']
"""

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import GreatWallError, quote

__all__ = ["read_plan", "read_plans", "titles", "find_cell", "block", "Plan", "Phase", "Choice", "LessonPlanError",
           "SECTIONS", "PHASE_COLUMNS", "CELL_COLUMNS", "WHERE", "DOING", "MINUTES"]

#: the sections every plan has, in the order a teacher reads them
SECTIONS = ("Objectives", "Prepare", "Phases", "Cells to run and skip", "Grouping", "Differentiation", "Homework")
PHASE_COLUMNS = ("min", "phase", "where", "notebook", "cells", "what happens")
CELL_COLUMNS = ("notebook", "cell", "do", "why")
#: where the class looks during a phase
WHERE = ("projector", "laptops", "room")
#: what the class does with a cell: in class, only if a pair is fast, at home, or not at all
DOING = ("run", "fast pairs", "homework", "skip")
#: the length of every lesson, in minutes
MINUTES = 90


class LessonPlanError(GreatWallError):
    """Raised when a lesson plan cannot be read, or names a cell its notebook does not have."""


@dataclass(frozen=True)
class Phase:
    """One timed phase of a lesson: ``minutes``, ``phase``, ``where``, ``notebook`` ("" for none), ``cells`` (the
    references it names) and ``what`` happens."""

    minutes: int
    phase: str
    where: str
    notebook: str
    cells: tuple
    what: str


@dataclass(frozen=True)
class Choice:
    """One row of "Cells to run and skip": the ``notebook``, the ``cell`` named, what to ``do`` and ``why``."""

    notebook: str
    cell: str
    do: str
    why: str


@dataclass(frozen=True)
class Plan:
    """A lesson plan: ``title``, ``sections`` ({name: Markdown text}), ``phases``, ``choices``, and the ``path`` it
    was read from ("" for a text)."""

    title: str
    sections: dict
    phases: tuple
    choices: tuple
    path: str = ""

    @property
    def minutes(self):
        """The minutes of all phases together."""
        return sum(p.minutes for p in self.phases)

    @property
    def objectives(self):
        """The objectives, one string per bullet of the Objectives section."""
        bullets: list[str] = []
        for line in self.sections.get("Objectives", "").splitlines():
            if line.startswith(("- ", "* ")):
                bullets.append(line[2:].strip())
            elif bullets and line.startswith(" ") and line.strip():  # a bullet wrapped onto the next line
                bullets[-1] += " " + line.strip()
        return tuple(bullets)

    def references(self):
        """Every ``(notebook, reference)`` the plan names, in its phases and its cell table, each once."""
        named = [(p.notebook, ref) for p in self.phases for ref in p.cells]
        named += [(c.notebook, c.cell) for c in self.choices]
        return tuple(dict.fromkeys(named))


def read_plans(folder):
    """Every plan in ``folder`` (its ``*.md`` files but ``README.md``), sorted by file name.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "README.md").write_text("# The index")
    >>> _ = (folder / "2-b.md").write_text("# Lesson B")
    >>> _ = (folder / "1-a.md").write_text("# Lesson A")
    >>> [plan.title for plan in read_plans(folder)]
    ['Lesson A', 'Lesson B']
    >>> read_plans(folder / "nothing")
    Traceback (most recent call last):
    ...
    greatwall_kit.classroom.lessons.LessonPlanError: no lesson plans (*.md) in '.../nothing'
    """
    paths = sorted(p for p in Path(folder).glob("*.md") if p.name != "README.md")
    if not paths:
        raise LessonPlanError(f"no lesson plans (*.md) in {quote(str(folder))}")
    return [read_plan(p) for p in paths]


def read_plan(source):
    """Read a plan from a path or from its Markdown text (see the module's docstring for the format).

    Raises
    ------
    LessonPlanError
        A plan with no ``# title``, a table whose columns are not the expected ones, a row with a bad minute count,
        place or action, a phase naming cells but no notebook. The message names the plan and the row.

    Examples
    --------
    >>> read_plan("# Plan\\n## Phases\\n| min | phase | where | notebook | cells | what happens |\\n|-|-|-|-|-|-|\\n"
    ...           "| ten | starter | projector | - | | talk |")
    Traceback (most recent call last):
    ...
    greatwall_kit.classroom.lessons.LessonPlanError: plan 'Plan', Phases row 1: minutes are a whole number, not 'ten'
    """
    path = ""
    if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source and source.endswith(".md")):
        path = str(source)
        try:
            source = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise LessonPlanError(f"cannot read the plan {quote(path)}: {exc.strerror or exc}") from None
    if not isinstance(source, str):
        raise LessonPlanError(f"a plan is a path or Markdown text, not {quote(source)}")
    title: Any  # the match, then its text
    title = re.search(r"^# ([^\n]+)$", source, re.M)
    if not title:
        raise LessonPlanError(f"the plan {quote(path or source[:40])} has no '# title' line")
    title = title.group(1).strip()
    sections = {m.group(1).strip(): m.group(2).strip()
                for m in re.finditer(r"^## ([^\n]+)\n(.*?)(?=^## |\Z)", source, re.M | re.S)}
    where = f"plan {quote(path or title)}"
    phases = tuple(_phase(row, f"{where}, Phases row {n}")
                   for n, row in enumerate(_table(sections.get("Phases", ""), PHASE_COLUMNS, where, "Phases"), 1))
    choices = tuple(_choice(row, f"{where}, cell row {n}") for n, row in
                    enumerate(_table(sections.get("Cells to run and skip", ""), CELL_COLUMNS, where, "Cells"), 1))
    return Plan(title, sections, phases, choices, path)


def _table(text, columns, where, name):
    rows = [line.strip() for line in text.splitlines() if line.strip().startswith("|")]
    if not rows:
        return []
    head = [c.strip().lower() for c in rows[0].strip("|").split("|")]
    if tuple(head) != columns:
        raise LessonPlanError(f"{where}: the {name} table's columns are {head}, not {list(columns)}")
    cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows[2:]]  # rows[1] is the |---| line
    for n, row in enumerate(cells, 1):
        if len(row) != len(columns):
            raise LessonPlanError(f"{where}, {name} row {n}: {len(row)} cells, not {len(columns)} (a '|' in a cell?)")
    return cells


def _phase(row, where):
    minutes, phase, place, notebook, cells, what = row
    if not re.fullmatch(r"[0-9]+", minutes) or int(minutes) == 0:
        raise LessonPlanError(f"{where}: minutes are a whole number, not {quote(minutes)}")
    if place not in WHERE:
        raise LessonPlanError(f"{where}: where is one of {list(WHERE)}, not {quote(place)}")
    notebook = "" if notebook in ("", "-") else notebook.strip("`")
    refs = tuple(r.strip() for r in cells.split(";") if r.strip())
    if refs and not notebook:
        raise LessonPlanError(f"{where}: names cells {list(refs)} but no notebook")
    return Phase(int(minutes), phase, place, notebook, refs, what)


def _choice(row, where):
    notebook, cell, do, why = row
    if do not in DOING:
        raise LessonPlanError(f"{where}: do is one of {list(DOING)}, not {quote(do)}")
    if not notebook.strip("`") or not cell:
        raise LessonPlanError(f"{where}: a row names a notebook and a cell")
    return Choice(notebook.strip("`"), cell, do, why)


def titles(cell):
    """The titles a notebook cell carries: its Markdown headings' text and the bold words that open it.

    Examples
    --------
    >>> titles({"cell_type": "markdown", "source": "**Exercise 1 (predict, then check).** How many points?"})
    ('Exercise 1 (predict, then check)', 'Exercise 1')
    >>> titles({"cell_type": "markdown", "source": "# Chang Cheng\\n\\n## Setting up\\nText"})
    ('Chang Cheng', 'Setting up')
    >>> titles({"cell_type": "code", "source": "# not a heading"})
    ()
    """
    if cell.get("cell_type") != "markdown":
        return ()
    text = _source(cell)
    found = [m.group(1).strip() for m in re.finditer(r"^#{1,6} +(.+?) *#*$", text, re.M)]
    bold = re.match(r"\s*\*\*([^*]+?)[.:]?\*\*", text)
    if bold:
        found.append(bold.group(1).strip().rstrip(".:"))
    short = [re.sub(r" \([^()]*\)$", "", t) for t in found]
    return tuple(dict.fromkeys(found + short))


def find_cell(notebook, reference):
    """The index of the cell ``reference`` names in ``notebook`` (a path or the notebook as a dict).

    Raises
    ------
    LessonPlanError
        No cell carries that title, or more than one does (then name it as ``Heading > Title``).

    Examples
    --------
    >>> nb = {"cells": [{"cell_type": "markdown", "source": "## Example 2"},
    ...                 {"cell_type": "markdown", "source": "**Try this:** change it"},
    ...                 {"cell_type": "markdown", "source": "## Example 3"},
    ...                 {"cell_type": "markdown", "source": "**Try this.** again"}]}
    >>> find_cell(nb, "Example 3 > Try this")
    3
    >>> find_cell(nb, "Try this")
    Traceback (most recent call last):
    ...
    greatwall_kit.classroom.lessons.LessonPlanError: 'Try this' names 2 cells of the notebook (1, 3): name one as 'Heading > Try this'
    >>> find_cell(nb, "Example 4")
    Traceback (most recent call last):
    ...
    greatwall_kit.classroom.lessons.LessonPlanError: the notebook has no cell titled 'Example 4'
    """  # noqa: E501 - doctest output is compared as printed
    cells, name = _cells(notebook)
    start = 0
    parts = [p.strip() for p in reference.split(" > ")] if isinstance(reference, str) else [reference]
    if not isinstance(reference, str) or not all(parts) or len(parts) > 2:
        raise LessonPlanError(f"a cell is named by its title, or 'Heading > Title', not {quote(reference)}")
    if len(parts) == 2:
        start = find_cell(notebook, parts[0]) + 1
        hits = [i for i in range(start, len(cells)) if parts[1] in titles(cells[i])][:1]
    else:
        hits = [i for i, cell in enumerate(cells) if reference in titles(cell)]
    if not hits:
        raise LessonPlanError(f"{name} has no cell titled {quote(parts[-1])}"
                              + (f" after {quote(parts[0])}" if len(parts) == 2 else ""))
    if len(hits) > 1:
        raise LessonPlanError(f"{quote(reference)} names {len(hits)} cells of {name} "
                              f"({', '.join(map(str, hits))}): name one as 'Heading > {reference}'")
    return hits[0]


def block(notebook, reference):
    """The indices of the cells a reference stands for: the named cell and the cells after it, up to the next
    cell with a title.

    Examples
    --------
    >>> nb = {"cells": [{"cell_type": "markdown", "source": "## A"}, {"cell_type": "code", "source": "1"},
    ...                 {"cell_type": "markdown", "source": "more on A"}, {"cell_type": "code", "source": "2"},
    ...                 {"cell_type": "markdown", "source": "## B"}]}
    >>> block(nb, "A"), block(nb, "B")
    ([0, 1, 2, 3], [4])
    """
    cells, _ = _cells(notebook)
    first = find_cell(notebook, reference)
    end = next((i for i in range(first + 1, len(cells)) if titles(cells[i])), len(cells))
    return list(range(first, end))


def _cells(notebook):
    if isinstance(notebook, dict):
        return notebook.get("cells", []), "the notebook"
    path = Path(notebook)
    try:
        return json.loads(path.read_text(encoding="utf-8"))["cells"], f"notebook {path.stem}"
    except (OSError, ValueError, KeyError) as exc:
        raise LessonPlanError(f"cannot read the notebook {quote(str(path))}: {exc}") from None


def _source(cell):
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)
