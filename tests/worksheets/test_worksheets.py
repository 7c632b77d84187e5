"""The ready worksheets: every question asked, nothing given away, every answer in the separate key, boards drawn.

Each worksheet is read back from its PDF (pypdfium2): a student's page holds its exercise's question and, after the
board, only the labels of the lines to write on and the footer; no explanation, no rule ID, no distinctive answer
anywhere on the student's pages. The key holds every answer, explanation and rule ID. The committed files under
``docs/worksheets/`` must be what the command writes now.
"""

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from greatwall_kit.exercises.core import _shown
from greatwall_kit.worksheets import PAPERS, SHEETS, exercises_of
from greatwall_kit.worksheets.pdf import printable

from .conftest import flat, page_texts, pdfium

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "worksheets"
SVG = "{http://www.w3.org/2000/svg}"
RULE_ID = re.compile(r"\b(?:CC|GW|DK|TGW)-\d{2}\b")
CASES = [(key, paper) for key in SHEETS for paper in PAPERS]


@pytest.fixture(scope="module")
def exercises():
    return {key: exercises_of(key) for key in SHEETS}


def _stored_outputs(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [out for cell in cells for out in cell.get("outputs", [])]


@pytest.mark.parametrize("key", SHEETS)
def test_each_worksheet_asks_its_notebooks_exercises(key, exercises):
    """The same questions as the stored notebook, in order, with the answers its solutions notebook prints."""
    sheet = SHEETS[key]
    asked = [out["data"]["text/plain"] for out in _stored_outputs(ROOT / "notebooks" / f"{sheet.notebook}.ipynb")
             if "text/plain" in out.get("data", {}) and "".join(out["data"]["text/plain"]).startswith("Exercise(")]
    assert [repr(ex) for ex in exercises[key]] == ["".join(a) for a in asked]
    solved = [m[1] for out in _stored_outputs(ROOT / "notebooks" / "solutions" / f"{sheet.notebook}-solutions.ipynb")
              if out.get("name") == "stdout" for line in "".join(out["text"]).splitlines()
              if (m := re.search(r"(Right: .*)$", line))]
    assert [str(ex.solution()) for ex in exercises[key]] == solved


def _board_texts(ex):
    """Every text the exercise's quiz picture draws, as the worksheet draws it."""
    root = ET.fromstring(printable(ex.picture()))
    return " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))


def _letters(text):
    """The characters of a text, whitespace and the underscores of blanks left out, in any order (pdfium reads a
    page's texts in an order of its own)."""
    return Counter(re.sub(r"[\s_]+", "", text))


@pytest.mark.parametrize("key, paper", CASES)
def test_student_pages_ask_every_question_and_give_nothing_away(key, paper, built, exercises):
    """Each page holds exactly: (the first page) the title, name line and instructions; the exercise's number and
    question; the choices to circle; the texts of its board in quiz form; the labels of the writing lines; the
    footer. Nothing else, so no answer, explanation or rule ID (each checked besides)."""
    sheet, asked = SHEETS[key], exercises[key]
    pages = page_texts(built / f"{sheet.notebook}-{paper}.pdf")
    assert len(pages) == len(asked), "one exercise per page"
    for number, (text, ex) in enumerate(zip(pages, asked, strict=False), 1):
        rule = "Rule (ID) that decides it:" if ex.rule else "Rules (IDs) that decide it:"
        expected = [f"Exercise {number}", ex.question, f"Circle one: {' / '.join(ex.choices)}" if ex.choices else "",
                    _board_texts(ex), "" if ex.choices else "Your answer:", "Why:", rule,
                    f"{sheet.title} · page {number} of {len(asked)}"]
        if number == 1:
            expected += [sheet.title, "Name: Class: Date:", f"Goes with the notebook {sheet.notebook}.ipynb "
                         f"(greatwall_kit). {sheet.note} Work out each answer from the board and the rules, then "
                         "write it down with the rule that decides it."]
        assert _letters(text) == _letters(" ".join(expected)), f"page {number}: {text[:300]}"
        assert f"Exercise {number} {flat(ex.question)}" in text
        assert text.endswith(f"{rule} {sheet.title} · page {number} of {len(asked)}"), text[-300:]
        for other in asked:  # no page gives any exercise of the sheet away
            assert flat(other.explain) not in text
            if " and " in _shown(other._answer) or ", " in _shown(other._answer):  # distinctive: several names
                assert _shown(other._answer) not in text
        assert not [r for r in RULE_ID.findall(text) if r not in ex.question], "a rule ID is part of the answer"


@pytest.mark.parametrize("key, paper", CASES)
def test_the_separate_key_holds_every_answer_explanation_and_rule(key, paper, built, exercises):
    sheet = SHEETS[key]
    text = " ".join(page_texts(built / f"{sheet.notebook}-{paper}-key.pdf"))
    assert text.startswith(f"ANSWER KEY: {sheet.title}")
    at = 0
    for number, ex in enumerate(exercises[key], 1):
        solution = ex.solution()
        entry = f"Exercise {number} {flat(ex.question)} Answer: {solution.answer} Why: {flat(solution.explain)}"
        found = text.find(entry, at)
        assert found >= at, f"exercise {number} is missing from the key or out of order: {entry}"
        at = found + len(entry)
        rule = f" Rule {ex.rule}:" if ex.rule else " Rules: no single rule decides it"  # (scout_destinations)
        assert text.startswith(rule, at), text[at:at + 100]


@pytest.mark.parametrize("key, paper", CASES)
def test_pages_are_drawn_within_the_paper(key, paper, built, tmp_path_factory):
    """The first page of the worksheet and of its key rendered at 100 dpi (kept in a temporary folder to look at):
    the board drawn (much ink), every mark inside the printable area (a blank 6 mm band round the edge)."""
    out = tmp_path_factory.getbasetemp() / "pngs"
    out.mkdir(exist_ok=True)
    width_mm, height_mm = {"A4": (210, 297), "Letter": (215.9, 279.4)}[paper]
    for suffix, least in (("", 0.05), ("-key", 0.01)):
        doc = pdfium.PdfDocument(str(built / f"{SHEETS[key].notebook}-{paper}{suffix}.pdf"))
        page = doc[0]
        size = (page.get_width() * 25.4 / 72, page.get_height() * 25.4 / 72)
        image = page.render(scale=100 / 72).to_pil().convert("L")
        doc.close()
        assert size == pytest.approx((width_mm, height_mm), abs=0.1)
        image.save(out / f"{SHEETS[key].notebook}-{paper}{suffix}.png")
        w, h = image.size
        assert sum(image.histogram()[:235]) / (w * h) > least, "too little drawn on the page"
        band = round(6 / 25.4 * 100)
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            assert image.crop(box).getextrema()[0] >= 235, "something is drawn in the margin (cut off when printed)"


def test_the_committed_worksheets_are_what_the_command_writes(built):
    """``docs/worksheets`` holds exactly the files ``python -m greatwall_kit.worksheets`` writes, with the same
    pages (text and paper size: PDF bytes may differ between fpdf2 versions, the content may not)."""
    assert sorted(p.name for p in COMMITTED.iterdir()) == sorted(p.name for p in built.iterdir()), \
        "run: python -m greatwall_kit.worksheets"
    assert (COMMITTED / "README.md").read_text(encoding="utf-8") == (built / "README.md").read_text(encoding="utf-8")
    for path in sorted(built.glob("*.pdf")):
        assert page_texts(COMMITTED / path.name) == page_texts(path), \
            f"{path.name} is out of date: run python -m greatwall_kit.worksheets"
