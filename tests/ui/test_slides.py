"""A lesson's slides in headless Chromium at 1280x800: offline, large text, the board whole on its slide."""

import importlib.util

import pytest

from greatwall_kit.classroom.lessons import read_plan

from .conftest import REPO_ROOT, _artifacts_dir

PLAN = read_plan(REPO_ROOT / "docs" / "lessons" / "1-taster-chang-cheng.md")


@pytest.fixture(scope="module")
def slides(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("build_slides", REPO_ROOT / "tools" / "build_slides.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool.build([PLAN], tmp_path_factory.mktemp("slides"))[0]


@pytest.fixture
def page(slides, browser):
    # the session's browser: a second Playwright started in the same process fails while the first one runs
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.fetched = []
    page.on("request", lambda request: page.fetched.append(request.url))
    page.goto(slides.as_uri())
    page.wait_for_function("window.Reveal && Reveal.isReady()")
    yield page
    context.close()


def _inside_the_window(page, selector):
    box = page.locator(selector).bounding_box()
    return (box and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 800)


def test_the_title_slide_is_large_text_in_the_window(page):
    page.screenshot(path=str(_artifacts_dir() / "slides-title.png"))
    sizes = page.eval_on_selector_all(".present li, .present h1",
                                      "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert len(sizes) == 1 + len(PLAN.objectives) and min(sizes) >= 28  # CSS px of the 1280x800 slide
    assert page.evaluate("Reveal.getScale()") >= 0.9  # ... shown at (nearly) that size
    assert _inside_the_window(page, ".present h1")


def test_a_board_slide_shows_the_board_wide_with_large_labels_and_nothing_is_fetched(page, record_ui_timing):
    # the first slide that shows a board picture (the projector phases begin with the cells to run first)
    page.evaluate("""() => { for (const s of Reveal.getSlides())
        if (s.querySelector("img[src^='data:image/svg+xml']")) { Reveal.slide(...Object.values(Reveal.getIndices(s)));
          return; } }""")
    picture = ".present img[src^='data:image/svg+xml']"
    page.wait_for_selector(picture)
    page.screenshot(path=str(_artifacts_dir() / "slides-board.png"))
    assert page.eval_on_selector(picture, "img => img.complete && img.naturalWidth > 0")
    box = page.locator(picture).bounding_box()
    assert box["width"] >= 0.8 * 1280 and box["x"] >= 0 and box["x"] + box["width"] <= 1280, \
        f"the board is {box['width']:.0f} px wide on a 1280 px slide, or cut at a side"
    # the smallest text of the picture as drawn on the slide: its font size times the picture's scale
    least = page.eval_on_selector(picture, """img => {
        const [head, data] = img.src.split(',');
        const text = head.endsWith(';base64')
          ? new TextDecoder().decode(Uint8Array.from(atob(data), c => c.charCodeAt(0))) : decodeURIComponent(data);
        const svg = new DOMParser().parseFromString(text, 'image/svg+xml');
        let least = Infinity;
        for (const t of svg.querySelectorAll('text')) {
          if (!t.textContent.trim()) continue;
          let e = t, size = null;
          while (e && e.getAttribute && !(size = e.getAttribute('font-size'))) e = e.parentNode;
          least = Math.min(least, parseFloat(size || 16));
        }
        return svg.querySelector('text') ? least * img.getBoundingClientRect().width / img.naturalWidth : 0; }""")
    record_ui_timing(f"slides: a board's smallest text on a 1280x800 slide {least:.1f} px", 0.0)
    assert least >= 18, f"the board's smallest text is {least:.1f} px on the slide"
    # a board taller than the slide scrolls within it: its bottom can be reached
    assert page.evaluate("""() => { const s = document.querySelector('.present');
        return s.scrollHeight <= s.clientHeight + 1 || getComputedStyle(s).overflowY === 'auto'; }""")
    slides = page.locator(".slides section section, .slides > section:not(:has(section))")
    assert page.evaluate("Reveal.getTotalSlides()") == slides.count()
    assert not [url for url in page.fetched if not url.startswith(("file:", "data:"))]
