"""Build every lesson plan's projector view as reveal.js slides: ``python tools/build_slides.py [--out build/slides]``.

For each plan in ``docs/lessons/`` the builder assembles one notebook in memory: a title slide with the lesson's
objectives, then for each cell a projector phase names (in the phases' order) a slide with that cell's text, and
below it the code cells of the cell's section that have stored output (a board picture, a plot, a table, printed
text; a bot's definition too): the code with what it printed, and each picture on a slide of its own, without its
code, as an image with the board's own description as its text alternative. Nothing is run: the outputs are the ones
stored in the notebooks, which are not changed. nbconvert's ``SlidesExporter`` writes one self-contained HTML file
per lesson (``<plan>.html``) with reveal.js, its CSS and the projector CSS inlined (``tools/slides/``: the template
``greatwall_reveal``, ``projector.css`` and the vendored ``reveal.js/``), so the slides work offline.
"""

import argparse
import copy
import html
import re
import sys
from pathlib import Path

import nbformat
from nbconvert import SlidesExporter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script from a checkout: this checkout's kit

from greatwall_kit.classroom.lessons import block, read_plans  # noqa: E402

HERE = Path(__file__).resolve().parent / "slides"
REVEAL = HERE / "reveal.js"  # reveal.js 5.2.1, see its README.md
PICTURES = ("image/svg+xml", "image/png")
ANSWERS = "nbval-ignore-output"  # the tag tools/execute_notebooks.py gives a cell stored without its answer
LIVE = ("*Run this cell in the notebook, live, once the class has answered: what it shows answers the exercises, so "
        "it is not stored on these slides.*")
QUESTION = re.compile(r'<div class="gw-exercise-static"><p><b>(.*?)</b></p>', re.S)  # exercises/form.static_html
#: the slide size reveal.js lays out at and scales from: a common projector
WIDTH, HEIGHT = 1280, 800


def lesson_notebook(plan, notebooks=ROOT / "notebooks"):
    """The plan's projector view as a notebook in memory.

    Parameters
    ----------
    plan : greatwall_kit.classroom.lessons.Plan
        The lesson; its phases ``where == "projector"`` name the cells shown.
    notebooks : Path
        The folder of the stored notebooks the plan names.

    Returns
    -------
    nbformat.NotebookNode
        Copies of the named cells (the stored notebooks are not changed), each with ``slideshow.slide_type`` set:
        ``slide`` for the title and each named cell, ``subslide`` for the code and pictures below it.
    """
    nb = nbformat.v4.new_notebook(metadata={"title": plan.title})
    objectives = "\n".join(f"- {line}" for line in plan.objectives)
    nb.cells.append(_slide(nbformat.v4.new_markdown_cell(f"# {plan.title}\n\n{objectives}"), "slide"))
    sources = {}
    for phase in (p for p in plan.phases if p.where == "projector"):
        path = notebooks / f"{phase.notebook}.ipynb"
        if path not in sources:
            sources[path] = nbformat.read(path, as_version=4)
        source = sources[path]
        for reference in phase.cells:
            first, *rest = block(path, reference)
            label = f'<p class="gw-phase">{html.escape(phase.phase)}, {phase.minutes} min · {phase.notebook}</p>\n\n'
            heading = copy.deepcopy(source.cells[first])
            heading.source = label + heading.source
            nb.cells.append(_slide(heading, "slide"))
            nb.cells += [_slide(shown, "subslide") for i in rest if _on_a_slide(source.cells[i])
                         for shown in _shown(source.cells[i], reference)]
    for number, cell in enumerate(nb.cells):
        cell.id = f"slide-{number}"  # cells of several notebooks, some twice: ids unique in the lesson
    return nb


def build(plans, out, notebooks=ROOT / "notebooks"):
    """Write the slides of each plan to ``out/<plan file's stem>.html``.

    Parameters
    ----------
    plans : list of greatwall_kit.classroom.lessons.Plan
        The lessons (:func:`~greatwall_kit.classroom.lessons.read_plans`).
    out : Path
        The folder to write; made if missing.
    notebooks : Path
        The folder of the stored notebooks the plans name.

    Returns
    -------
    list of Path
        The files written, one per plan.
    """
    out.mkdir(parents=True, exist_ok=True)
    exporter = SlidesExporter(extra_template_basedirs=[str(HERE)], template_name="greatwall_reveal")
    resources = {"slides": _inlined()}
    written = []
    for plan in plans:
        body, _ = exporter.from_notebook_node(lesson_notebook(plan, notebooks),
                                              resources={**resources, "metadata": {"name": plan.title}})
        path = out / f"{Path(plan.path).stem}.html"
        path.write_text(body, encoding="utf-8")
        written.append(path)
    return written


def _on_a_slide(cell):
    """A code cell with stored output, one that defines something (a bot), or one that answers an exercise (shown
    with a note to run it live): what the class looks at."""
    if cell.cell_type != "code":
        return False
    return any(o.get("output_type") != "stream" or o.get("text", "").strip() for o in cell.outputs) or \
        bool(re.match(r"(def|class) ", cell.source)) or _answers(cell)


def _answers(cell):
    """A cell stored without its output because it answers an exercise above it (``tools/student_copy.py``)."""
    return not cell.outputs and ANSWERS in cell.metadata.get("tags", [])


def _shown(cell, title):
    """The cell as it goes on slides: a picture on a slide of its own, without code and with a text alternative
    (an SVG board's own description, else the section's title); the code and its other outputs before it."""
    cell = copy.deepcopy(cell)
    pictures = [o for o in cell.outputs if any(kind in o.get("data", {}) for kind in PICTURES)]
    questions = []
    for output in pictures:
        # an exercise's question and board as HTML: its board as an image here, its question as text above it
        question = QUESTION.search(str(output["data"].pop("text/html", "")))
        if question:
            text = f"**{html.unescape(question.group(1))}**"
            questions.append(nbformat.v4.new_output("display_data", data={"text/markdown": text}))
        if "image/svg+xml" in output.get("data", {}):
            output["data"]["image/svg+xml"] = _projector_text(output["data"]["image/svg+xml"])
        label = re.search(r'aria-label="([^"]*)"', output["data"].get("image/svg+xml", ""))
        output.setdefault("metadata", {})["alt"] = html.unescape(label.group(1)) if label else f"a plot: {title}"
    rest = [o for o in cell.outputs if o not in pictures]
    if _answers(cell):  # the plenary's check: its answer is never stored, so it is run live in the notebook
        rest.append(nbformat.v4.new_output("display_data", data={"text/markdown": LIVE}))
    shown = []
    if rest or not pictures:
        shown.append(copy.deepcopy(cell))
        shown[-1].outputs = rest
    if pictures:
        shown.append(copy.deepcopy(cell))
        shown[-1].outputs = questions + pictures
        shown[-1].metadata.setdefault("transient", {})["remove_source"] = True
    return shown


def _projector_text(svg):
    """A board picture's smallest labels (12 px, drawn 1:1 at a 900 px notebook) drawn at 13 px on a slide.

    A slide shows a board 1264 px wide at most (the whole width of a 1280 px projector), about 1.42 times its drawn
    size: 12 px labels would be 17 px there, 13 px labels are 18.5 px. The pictures leave room for 13 px labels
    (their usual size elsewhere); only the slides are redrawn, the notebooks keep their pictures.

    >>> _projector_text('<text font-size="12">spot 3</text><text font-size="14">Red</text>')
    '<text font-size="13">spot 3</text><text font-size="14">Red</text>'
    """
    return re.sub(r'font-size="(?:[0-9]|1[0-2])(?:\.[0-9]+)?"', 'font-size="13"', svg)


def _slide(cell, kind):
    cell.metadata["slideshow"] = {"slide_type": kind}
    return cell


def _inlined():
    theme = (REVEAL / "white.css").read_text(encoding="utf-8")
    return {"reveal_js": (REVEAL / "reveal.js").read_text(encoding="utf-8"),
            "reveal_css": (REVEAL / "reveal.css").read_text(encoding="utf-8"),
            "theme_css": re.sub(r"@import url\([^)]*\);", "", theme),  # its web font: offline, the system's font
            "projector_css": (HERE / "projector.css").read_text(encoding="utf-8"),
            "width": WIDTH, "height": HEIGHT}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "slides", help="folder to write (build/slides)")
    parser.add_argument("--lessons", type=Path, default=ROOT / "docs" / "lessons", help="folder of the plans")
    args = parser.parse_args(argv)
    for path in build(read_plans(args.lessons), args.out):
        print(path)


if __name__ == "__main__":
    sys.exit(main())
