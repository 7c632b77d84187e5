"""tools/build_slides.py: one offline reveal.js file per lesson plan, with the slides and stored pictures it names."""

import base64
import importlib.util
import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from greatwall_kit.classroom.lessons import block, read_plans

ROOT = Path(__file__).resolve().parents[1]
PLANS = read_plans(ROOT / "docs" / "lessons")
IDS = [Path(p.path).stem for p in PLANS]


def _tool():
    spec = importlib.util.spec_from_file_location("build_slides", ROOT / "tools" / "build_slides.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("slides")
    paths = _tool().build(PLANS, out)
    return {path.stem: BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser") for path in paths}


def _projected(plan):
    """(notebook, reference) for every cell the plan's projector phases name, in order."""
    return [(p.notebook, ref) for p in plan.phases if p.where == "projector" for ref in p.cells]


def _stored_outputs(plan):
    """Every output stored in the sections the projector phases name, in order, read from the notebooks themselves."""
    for notebook, reference in _projected(plan):
        path = ROOT / "notebooks" / f"{notebook}.ipynb"
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for i in block(path, reference):
            yield from cells[i].get("outputs", [])


def _stored_pictures(plan):
    """Every picture stored in the sections the projector phases name."""
    pictures = []
    for output in _stored_outputs(plan):
        data = output.get("data", {})
        if "image/svg+xml" in data:
            # drawn with the slides' 13 px labels (their size on the slide: tests/ui/test_slides.py)
            pictures.append(("svg", _tool()._projector_text("".join(data["image/svg+xml"]))))
        elif "image/png" in data:
            pictures.append(("png", "".join(data["image/png"]).strip()))
    return pictures


def _shown_pictures(soup):
    shown = []
    for img in soup.select(".slides img"):
        kind, _, payload = img["src"].partition(";base64,")
        if kind == "data:image/svg+xml":
            shown.append(("svg", base64.b64decode(payload).decode("utf-8")))
        elif kind == "data:image/png":
            shown.append(("png", payload.strip()))
    return shown


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_a_title_slide_then_one_slide_per_cell_the_projector_phases_name(plan, built):
    soup = built[Path(plan.path).stem]
    top = soup.select(".reveal > .slides > section")
    assert len(top) == 1 + len(_projected(plan))
    assert top[0].find("h1").get_text().rstrip("¶") == plan.title
    assert [" ".join(li.get_text().split()) for li in top[0].find_all("li")] == \
        [" ".join(o.replace("`", "").replace("*", "").split()) for o in plan.objectives]


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_the_stored_board_pictures_are_on_the_slides(plan, built):
    stored = _stored_pictures(plan)
    assert stored, "a lesson's projector phases show at least one picture"
    assert _shown_pictures(built[Path(plan.path).stem]) == stored
    assert all(img.get("alt") and "No description" not in img["alt"]
               for img in built[Path(plan.path).stem].select(".slides img"))


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_nothing_is_fetched_from_the_network(plan, built):
    soup = built[Path(plan.path).stem]
    assert not soup.select("script[src]"), "every script is inlined"
    assert not [link for link in soup.select("link[href]") if "stylesheet" in link.get("rel", [])]
    styles = "\n".join(style.get_text() for style in soup.select("style"))
    assert not re.findall(r"@import|url\(\s*['\"]?https?:", styles)
    assert "Reveal.initialize" in soup.select("script")[-1].get_text()


def test_the_builder_writes_every_lesson_from_the_command_line(tmp_path):
    _tool().main(["--out", str(tmp_path)])
    assert sorted(p.stem for p in tmp_path.glob("*.html")) == sorted(IDS)


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_an_exercise_slide_shows_its_question_above_its_board(plan, built):
    """The notebook stores an exercise as its question above its quiz board (one HTML output); a slide keeps the
    board as a picture and must keep the question too, or the class sees a board and no question."""
    questions = []
    for output in _stored_outputs(plan):
        found = _tool().QUESTION.search("".join(output.get("data", {}).get("text/html", "")))
        if found:
            questions.append(" ".join(BeautifulSoup(found.group(1), "html.parser").get_text().split()))
    slides = [" ".join(s.get_text().split()) for s in built[Path(plan.path).stem].select(".slides section")]
    for question in questions:
        board = next((s for s in slides if question in s), None)
        assert board is not None, f"no slide asks {question!r}"


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_a_check_stored_without_its_answer_is_on_the_slides_to_run_live(plan, built):
    """A plenary's *Check* cell answers the exercises, so it is stored without output (never on a slide before
    the prediction); its slide must still show its code and say to run it live, not a heading alone."""
    tool = _tool()
    slides = [" ".join(s.get_text().split()) for s in built[Path(plan.path).stem].select(".slides section")]
    for notebook, reference in _projected(plan):
        path = ROOT / "notebooks" / f"{notebook}.ipynb"
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for i in block(path, reference):
            cell = cells[i]
            if cell["cell_type"] == "code" and not cell["outputs"] and \
                    tool.ANSWERS in cell.get("metadata", {}).get("tags", []):
                code = " ".join("".join(cell["source"]).split())
                live = " ".join(tool.LIVE.replace("*", "").split())
                assert any(code in s and live in s for s in slides), f"{notebook} {reference!r}: {code[:60]!r}"


def test_lesson_1_has_a_check_to_run_live():
    """The test above has something to check: lesson 1's plenary *Check with the engine* is such a cell."""
    plan = next(p for p in PLANS if Path(p.path).stem.startswith("1-"))
    assert ("12-chang-cheng-double-and-tower", "Check with the engine") in _projected(plan)
