"""Printable worksheets from the kit's exercises: the boards in quiz form, space to write, a separate answer key.

:func:`worksheet` lays out exercises (:class:`~greatwall_kit.exercises.Exercise`, each with the position it asks
about) as a PDF for A4 or Letter paper: one exercise per page, the question, the board as the exercise shows it in
its quiz form (nothing drawn that gives the answer away), lines for the answer and for the rule that decides it.
:func:`answer_key` is the teacher's document, a separate file: each question with its answer, explanation, rule ID,
the rule's summary and source, and the two hints. :func:`write` writes both for both papers.

One ready worksheet goes with each mechanic notebook (:data:`SHEETS`: the notebook's own exercises, on the same
positions); ``python -m greatwall_kit.worksheets [--out docs/worksheets]`` writes them all (:func:`write_all`).
Building or printing exercises here never touches the student's record of the kernel. Needs the ``print`` extra
(fpdf2).

Examples
--------
>>> from greatwall_kit.chang_cheng import ChangCheng
>>> from greatwall_kit.exercises import chang_cheng as cc
>>> game = ChangCheng.from_position({"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0],
...     "threat": [-2, -3, -4, -2, -3, -4], "wall": "R . . . . GT .g" + " ." * 19})
>>> sheet = worksheet([cc.double_points(game, 2), cc.is_legal(game, "double 6")], title="Doubles")
>>> sheet[:5], len(answer_key([cc.double_points(game, 2)], title="Doubles", paper="Letter")) > 1000
(b'%PDF-', True)
>>> worksheet([game], title="Doubles")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: item 1 of a worksheet is an exercise (greatwall_kit.exercises.Exercise), not ChangCheng(players=2, seed=0, decisions=0, to_act=0)
"""  # noqa: E501 - doctest output is compared as printed

import argparse
from pathlib import Path

from .. import rules as _rules
from ..engine.errors import GreatWallError, quote
from ..exercises import Exercise
from ..exercises import record as _record
from . import pdf as _pdf
from .notebooks import SHEETS, Sheet

__all__ = ["worksheet", "answer_key", "write", "write_all", "exercises_of", "main", "SHEETS", "Sheet", "PAPERS"]

PAPERS = tuple(_pdf.PAPERS)
#: Where ``python -m greatwall_kit.worksheets`` writes the ready worksheets.
DEFAULT_FOLDER = Path("docs") / "worksheets"


def worksheet(exercises, *, title, paper="A4", subtitle=None):
    """The student's worksheet as PDF bytes: per exercise a page with the question, the board, lines to write.

    Parameters
    ----------
    exercises : list of Exercise
        The questions, in order; each is drawn with its position in quiz form (an exercise without a position gets
        the question and the lines only).
    title : str
        The worksheet's title, at the top of the first page and in every page's footer.
    paper : {"A4", "Letter"}
        The paper size.
    subtitle : str, optional
        A line under the title (e.g. the notebook it goes with).

    Returns
    -------
    bytes
        The PDF; the same exercises give the same bytes.

    Examples
    --------
    >>> pdf = worksheet(exercises_of("12"), title="Chang Cheng: the double and the tower", paper="Letter")
    >>> pdf.count(b"/Type /Page\\n")
    4
    >>> worksheet(exercises_of("12"), title="Towers", paper="A5")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: a worksheet is printed on A4 or Letter paper, not 'A5'
    """
    exercises, paper = _checked(exercises, title, paper, subtitle)
    return _pdf.student_pages(exercises, title, paper, subtitle)


def answer_key(exercises, *, title, paper="A4", subtitle=None):
    """The teacher's answer key as PDF bytes: each answer, its explanation, rule ID, the rule's summary, the hints.

    Takes the same arguments as :func:`worksheet`; the key is its own document, never part of the student's.

    Examples
    --------
    >>> key = answer_key(exercises_of("12"), title="Chang Cheng: the double and the tower")
    >>> key[:5]
    b'%PDF-'
    >>> answer_key([], title="Towers")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: a worksheet needs at least one exercise
    """
    exercises, paper = _checked(exercises, title, paper, subtitle)
    with _record._aside():  # the key reads each solution; that is no student's "solution seen"
        solutions = [exercise.solution() for exercise in exercises]
    rules = [_rules.get(exercise.rule) if exercise.rule else None for exercise in exercises]
    return _pdf.key_pages(exercises, solutions, rules, title, paper, subtitle)


def write(exercises, folder, name, *, title, papers=PAPERS, subtitle=None):
    """Write the worksheet and its key for each paper: ``<name>-<paper>.pdf`` and ``<name>-<paper>-key.pdf``.

    Returns the paths written, worksheet then key for each paper.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [p.name for p in write(exercises_of("12"), folder, "towers", title="Towers", papers=["Letter"])]
    ['towers-Letter.pdf', 'towers-Letter-key.pdf']
    """
    if not isinstance(name, str) or not name.strip() or any(c in name for c in "/\\"):
        raise GreatWallError(f"a worksheet's file name is a plain name without a folder, not {quote(name)}")
    if isinstance(papers, str):
        papers = [papers]
    exercises = _checked(exercises, title, PAPERS[0], subtitle)[0]
    papers = [_paper(p) for p in papers]
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for paper in papers:
        for suffix, build in (("", worksheet), ("-key", answer_key)):
            path = folder / f"{name}-{paper}{suffix}.pdf"
            path.write_bytes(build(exercises, title=title, paper=paper, subtitle=subtitle))
            written.append(path)
    return written


def exercises_of(notebook):
    """The exercises of a mechanic notebook (``"11"`` or its full name), built aside from the kernel's record.

    Examples
    --------
    >>> [ex.question for ex in exercises_of("41-the-great-wall-breach")][:1]
    ['What is the Defense of section 0?']
    >>> exercises_of("99")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: the worksheets go with notebooks 11, 12, 13, 21, 31, 32, 33, 41, 42, not '99'
    """  # noqa: E501 - doctest output is compared as printed
    return _sheet(notebook)[1]


def write_all(folder=DEFAULT_FOLDER, only=None):
    """Write the ready worksheet and key of every mechanic notebook (or of those in ``only``), both papers, and (for
    all of them) a ``README.md`` listing them; returns the paths written.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [p.name for p in write_all(folder, only=["41"])][:2]
    ['41-the-great-wall-breach-A4.pdf', '41-the-great-wall-breach-A4-key.pdf']
    """
    sheets = [_sheet(n) for n in (only if only is not None else SHEETS)]
    written = []
    for sheet, exercises in sheets:
        written += write(exercises, folder, sheet.notebook, title=sheet.title, subtitle=_subtitle(sheet))
    if only is None:
        index = Path(folder) / "README.md"
        index.write_text(_index(), encoding="utf-8")
        written.append(index)
    return written


def main(argv=None):
    """``python -m greatwall_kit.worksheets [--out FOLDER] [NOTEBOOK ...]``: write the ready worksheets.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     main(["--out", folder, "12", "13"])
    wrote 8 files to ...
    0
    """
    parser = argparse.ArgumentParser(prog="python -m greatwall_kit.worksheets", description=main.__doc__)
    parser.add_argument("--out", default=str(DEFAULT_FOLDER), help="the folder to write (default: docs/worksheets)")
    parser.add_argument("notebooks", nargs="*", help="only these notebooks (e.g. 11 41); default: all")
    args = parser.parse_args(argv)
    try:
        written = write_all(args.out, args.notebooks or None)
    except GreatWallError as exc:  # a usage error: the message, not a traceback
        parser.error(str(exc))
    print(f"wrote {len(written)} files to {args.out}")
    return 0


# -- checks and helpers ------------------------------------------------------------------------------------------

def _checked(exercises, title, paper, subtitle):
    if isinstance(exercises, (str, bytes, Exercise)) or not hasattr(exercises, "__iter__"):
        raise GreatWallError(f"a worksheet takes a list of exercises, not {quote(exercises)}")
    exercises = list(exercises)
    if not exercises:
        raise GreatWallError("a worksheet needs at least one exercise")
    for number, item in enumerate(exercises, 1):
        if not isinstance(item, Exercise):
            raise GreatWallError(f"item {number} of a worksheet is an exercise (greatwall_kit.exercises.Exercise), "
                                 f"not {quote(item)}")
    # the title is repeated in every page's footer, on one line; the subtitle may wrap
    for what, text, longest in (("title", title, 100), ("subtitle", subtitle, 400)):
        if not (text is None and what == "subtitle") and (not isinstance(text, str) or not text.strip()
                                                          or len(text) > longest):
            raise GreatWallError(f"a worksheet's {what} is text of at most {longest} characters, not {quote(text)}")
    return exercises, _paper(paper)


def _paper(paper):
    found = {p.lower(): p for p in PAPERS}.get(paper.lower()) if isinstance(paper, str) else None
    if found is None:
        raise GreatWallError(f"a worksheet is printed on {' or '.join(PAPERS)} paper, not {quote(paper)}")
    return found


def _sheet(notebook):
    key = notebook[:2] if isinstance(notebook, str) else None
    sheet = SHEETS.get(key)  # type: ignore[arg-type]  # (None finds no sheet: refused just below)
    if sheet is None or notebook not in (key, sheet.notebook):
        raise GreatWallError(f"the worksheets go with notebooks {', '.join(SHEETS)}, not {quote(notebook)}")
    with _record._aside():  # printing a worksheet adds nothing to a student's record
        return sheet, sheet.build()


def _subtitle(sheet):
    return " ".join(filter(None, [f"Goes with the notebook {sheet.notebook}.ipynb (greatwall_kit).", sheet.note]))


def _index():
    rows = "\n".join(f"| {key} | {sheet.title} | " + " · ".join(
        f"[{paper}]({sheet.notebook}-{paper}.pdf), [key]({sheet.notebook}-{paper}-key.pdf)" for paper in PAPERS)
        + " |" for key, sheet in SHEETS.items())
    return ("# Worksheets\n\n"
            "One printable worksheet per mechanic notebook, with the notebook's own exercises on the same positions: "
            "one exercise per page, the board in its quiz form (nothing on it gives the answer away), lines for the "
            "answer and the rule. Each answer key is a separate file (`-key.pdf`): the answers, their explanations, "
            "rule IDs and sources, and the two hints to give before the answer.\n\n"
            "Written by `python -m greatwall_kit.worksheets` (needs `pip install \"greatwall_kit[print]\"`); do not "
            "edit by hand. Make your own from any exercises with `greatwall_kit.worksheets.write`.\n\n"
            "| notebook | worksheet | files |\n|---|---|---|\n" + rows + "\n")
