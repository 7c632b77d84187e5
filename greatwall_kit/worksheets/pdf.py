"""Laying out a worksheet and its answer key as PDF pages with fpdf2 (the ``print`` extra).

The student's pages hold, per exercise, the question, the board in its quiz form (the exercise's own
``exercise.picture()``, drawn as vector graphics, so it prints sharp at any resolution) and lines to write the answer
and the rule used. The key is a separate document: each question with its answer, explanation, rule ID and the rule's
summary, and the two hints for a teacher to give. Both are deterministic: the same exercises give the same bytes.

fpdf2 draws SVG itself but ignores ``<pattern>`` fills and tooltips (``<title>``), and reads only the fonts added to
the document: :func:`printable` rewrites a picture for it (every text in DejaVu Sans, which matplotlib ships; a
pattern becomes its base colour with 45° stripes, so a hatched area stays distinguishable on a black-and-white
printer).
"""

import datetime
import io
import math
import re
from pathlib import Path

import matplotlib

from ..engine.errors import GreatWallError

__all__ = ["PAPERS", "student_pages", "key_pages", "printable"]

#: Paper sizes a worksheet is laid out for, in millimetres (width, height).
PAPERS = {"A4": (210, 297), "Letter": (215.9, 279.4)}
_MARGIN = 12
_FONT = "DejaVu Sans"
_FONTS = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
_WHEN = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # a fixed date: the same input, the same bytes
_LINE = 9  # mm between two writing lines: room for a child's handwriting
_LEAST_BOARD = 90  # mm: a board drawn smaller than this is hard to read


def student_pages(exercises, title, paper, subtitle):
    """The student's worksheet: one exercise per page, its board as large as the page leaves room for.

    Takes checked arguments (:func:`greatwall_kit.worksheets.worksheet` checks them) and returns the PDF's bytes.

    >>> from greatwall_kit.worksheets import exercises_of
    >>> student_pages(exercises_of("12"), "Towers", "A4", None)[:5]
    b'%PDF-'
    """
    pdf = _document(title, paper)
    for number, exercise in enumerate(exercises, 1):
        pdf.add_page()
        if number == 1:
            _text(pdf, title, 16, style="B", gap=1)
            _text(pdf, "Name: ______________________   Class: ________   Date: ____________", 10, gap=1)
            _text(pdf, (f"{subtitle} " if subtitle else "") + "Work out each answer from the board and the rules, "
                       "then write it down with the rule that decides it.", 8, gap=2)
        _text(pdf, f"Exercise {number}", 12, style="B")
        _text(pdf, exercise.question, 11, gap=1)
        # a question with choices is answered by circling one; the lines are for the reasoning and the rule
        rule = "Rule (ID) that decides it:" if exercise.rule else "Rules (IDs) that decide it:"
        labels = ([] if exercise.choices else ["Your answer:"]) + ["Why:", "", rule]
        if exercise.choices:
            _text(pdf, "Circle one:   " + "   /   ".join(exercise.choices), 11, gap=1)
        bottom = pdf.h - _MARGIN - 8
        if exercise.position is not None:
            if bottom - pdf.get_y() - len(labels) * _LINE < _LEAST_BOARD:  # a long question: the board goes over
                pdf.add_page()
            _picture(pdf, exercise, bottom - pdf.get_y() - len(labels) * _LINE)
        spare = int((bottom - pdf.get_y()) // _LINE) - len(labels)  # room a wide board leaves: more to write on
        for label in labels[:-1] + [""] * max(spare, 0) + labels[-1:]:
            _writing_line(pdf, label)
    return _bytes(pdf)


def key_pages(exercises, solutions, rules, title, paper, subtitle):
    """The teacher's answer key: every answer with its explanation, rule ID and summary, and the hints.

    Takes checked arguments, each exercise's solution (:class:`~greatwall_kit.exercises.Feedback`) and rule
    (:class:`~greatwall_kit.engine.rules.Rule` or ``None``), as :func:`greatwall_kit.worksheets.answer_key` does.

    >>> from greatwall_kit import rules
    >>> from greatwall_kit.exercises import Exercise
    >>> ex = Exercise("How many?", "2", explain="Two.", rule="CC-22")
    >>> key_pages([ex], [ex.solution()], [rules.get("CC-22")], "Towers", "Letter", None)[:5]
    b'%PDF-'
    """
    pdf = _document(f"Answer key: {title}", paper)
    pdf.add_page()
    _heading(pdf, f"ANSWER KEY: {title}", subtitle)
    _text(pdf, "For the teacher: keep these pages apart from the worksheet.", 10, style="B", gap=3)
    for number, (exercise, solution, rule) in enumerate(zip(exercises, solutions, rules, strict=True), 1):
        with pdf.unbreakable() as entry:  # an exercise's entry is never split over two pages
            _text(entry, f"Exercise {number}", 12, style="B")
            _text(entry, exercise.question, 10, gap=1)
            _text(entry, f"Answer: {solution.answer}", 11, style="B", gap=1)
            _text(entry, f"Why: {solution.explain}", 10, gap=1)
            if rule is not None:
                _text(entry, f"Rule {rule.id}: {rule.text}", 9, gap=1)
                _text(entry, f"Source: {rule.citation}", 8, gap=1)
            else:
                _text(entry, "Rules: no single rule decides it; the explanation names the rule of each part.", 9,
                      gap=1)
            for level, hint in enumerate(exercise.hints, 1):
                _text(entry, f"Hint {level} (to give before the answer): {hint}", 8)
            entry.ln(5)
    return _bytes(pdf)


def printable(svg):
    """A board picture rewritten for fpdf2: tooltips dropped, one font, patterns as colour and stripes.

    >>> printable('<svg font-family="sans-serif"><title>tip</title><text>A</text></svg>')
    '<svg font-family="DejaVu Sans"><text>A</text></svg>'
    """
    svg = re.sub(r"<title>.*?</title>", "", svg, flags=re.S)
    svg = re.sub(r'font-family="[^"]*"', f'font-family="{_FONT}"', svg)
    patterns = {m["id"]: m["body"] for m in re.finditer(r'<pattern id="(?P<id>[^"]+)"[^>]*>(?P<body>.*?)</pattern>',
                                                         svg, flags=re.S)}
    svg = re.sub(r"<defs>.*?</defs>", "", svg, flags=re.S)
    return re.sub(r'<rect (?P<attrs>[^>]*?)fill="url\(#(?P<id>[^)]+)\)"(?P<rest>[^>]*)/>',
                  lambda m: _striped(m, patterns.get(m["id"], "")), svg)


def _striped(match, pattern):
    """A rect filled with a pattern, as a rect of the pattern's base colour under stripes of its line colour."""
    base = re.search(r'<rect[^>]*fill="([^"]+)"', pattern)
    line = re.search(r'<line[^>]*stroke="([^"]+)"', pattern)
    rect = f'<rect {match["attrs"]}fill="{base[1] if base else "#DDDDDD"}"{match["rest"]}/>'
    if line is None:
        return rect
    # (the picture's rects all have these four attributes)
    x, y, w, h = (float(re.search(rf'\b{k}="([-\d.]+)"', match["attrs"] + match["rest"])[1])  # type: ignore[index]
                  for k in ("x", "y", "width", "height"))
    step = 10 * math.sqrt(2)
    stripes = []
    for i in range(1, int((w + h) / step) + 1):  # the lines x + y = c that cross the rect
        c = x + y + i * step
        xa, xb = max(x, c - (y + h)), min(x + w, c - y)
        stripes.append(f'<line x1="{xa:.1f}" y1="{c - xa:.1f}" x2="{xb:.1f}" y2="{c - xb:.1f}" '
                       f'stroke="{line[1]}" stroke-width="3"/>')
    return f"<g>{rect}{''.join(stripes)}</g>"


# -- fpdf2 ------------------------------------------------------------------------------------------------------

def _document(title, paper):
    try:
        from fpdf import FPDF
    except ImportError:  # the kit itself does not need fpdf2; printing does
        raise GreatWallError("worksheets need fpdf2: pip install 'greatwall_kit[print]'") from None
    pdf = FPDF(unit="mm", format=PAPERS[paper])
    pdf.set_margins(_MARGIN, _MARGIN, _MARGIN)
    pdf.set_auto_page_break(True, margin=_MARGIN + 6)
    pdf.add_font(_FONT, "", str(_FONTS / "DejaVuSans.ttf"))
    pdf.add_font(_FONT, "B", str(_FONTS / "DejaVuSans-Bold.ttf"))
    pdf.set_title(title)
    pdf.set_creator("greatwall_kit.worksheets")
    pdf.set_creation_date(_WHEN)
    pdf.alias_nb_pages()
    pdf.footer = lambda: _footer(pdf, title)  # type: ignore[method-assign]  # (fpdf2's way to give a footer)
    return pdf


def _footer(pdf, title):
    pdf.set_y(-_MARGIN - 2)
    pdf.set_font(_FONT, size=8)
    pdf.cell(0, 4, f"{title} · page {pdf.page_no()} of {{nb}}", align="C")


def _heading(pdf, title, subtitle):
    _text(pdf, title, 16, style="B")
    if subtitle:
        _text(pdf, subtitle, 9, gap=2)


def _text(pdf, text, size, style="", gap=0):
    pdf.set_font(_FONT, style=style, size=size)
    pdf.multi_cell(0, size * 0.5, text, align="L", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(gap)


def _picture(pdf, exercise, room):
    """The exercise's board in quiz form, centred, as wide as the text and no taller than ``room`` mm."""
    svg = printable(exercise.picture())
    size = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if size is None:
        raise GreatWallError(f"the picture of {exercise!r} is not an SVG with a viewBox, so it cannot be printed")
    width, height = (float(v) for v in size.groups())
    w = min(pdf.epw, room * width / height)
    pdf.image(io.BytesIO(svg.encode()), x=pdf.l_margin + (pdf.epw - w) / 2, y=pdf.get_y(), w=w)
    pdf.set_y(pdf.get_y() + w * height / width + 3)


def _writing_line(pdf, label):
    """A line to write on, after its label if any."""
    pdf.set_font(_FONT, style="B", size=10)
    y, start = pdf.get_y() + _LINE, pdf.l_margin
    if label:
        pdf.text(start, y - 1, label)
        start += pdf.get_string_width(label) + 2
    pdf.line(start, y, pdf.l_margin + pdf.epw, y)
    pdf.set_y(y)


def _bytes(pdf):
    return bytes(pdf.output())
