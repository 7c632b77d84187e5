"""The lesson plans in docs/lessons/ fit the clock and name only cells their notebooks have."""

import re
from pathlib import Path

import pytest

from greatwall_kit.classroom.lessons import MINUTES, SECTIONS, LessonPlanError, find_cell, read_plan, read_plans

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "docs" / "lessons"
NOTEBOOKS = ROOT / "notebooks"
PLANS = read_plans(LESSONS)
IDS = [Path(p.path).stem for p in PLANS]


def test_there_is_a_taster_and_a_plan_for_each_unit():
    assert len(PLANS) == 4
    assert [stem.split("-")[1] for stem in IDS] == ["taster", "unit", "unit", "unit"]


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_the_minutes_add_up_to_the_lesson(plan):
    assert plan.minutes == MINUTES, [(p.minutes, p.phase) for p in plan.phases]


@pytest.mark.parametrize("section", SECTIONS)
@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_every_plan_has_every_section(plan, section):
    assert plan.sections.get(section, "").strip(), f"{plan.path} has no (or an empty) '## {section}' section"


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_every_cell_a_plan_names_exists_in_its_notebook(plan):
    missing = []
    for notebook, reference in plan.references():
        path = NOTEBOOKS / f"{notebook}.ipynb"
        try:
            find_cell(path, reference)
        except LessonPlanError as exc:
            missing.append(str(exc))
    assert not missing


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_a_plan_starts_on_the_projector_and_puts_pairs_at_laptops(plan):
    assert plan.phases[0].where == "projector" and plan.phases[0].cells
    assert any(p.where == "laptops" and p.phase == "pairs" for p in plan.phases)
    assert plan.objectives


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_each_objective_is_a_whole_sentence_with_its_wrapped_lines(plan):
    """An objective wrapped onto a second line in the plan is read whole (the slides show it)."""
    words = " ".join(plan.sections["Objectives"].split())
    for objective in plan.objectives:
        assert objective.endswith((".", ")")) and objective in words


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_every_cell_a_pair_runs_is_in_the_cell_table(plan):
    """The table says what to do with every cell a phase at the laptops names, so nothing is run by surprise."""
    table = {(c.notebook, c.cell) for c in plan.choices}
    unlisted = [(p.notebook, ref) for p in plan.phases if p.where == "laptops" for ref in p.cells
                if (p.notebook, ref) not in table]
    assert not unlisted


def test_a_wrong_minute_count_and_a_missing_cell_are_caught(tmp_path):
    text = (LESSONS / "1-taster-chang-cheng.md").read_text()
    wrong = read_plan(text.replace("| 5 | setup |", "| 6 | setup |", 1))
    assert wrong.minutes == MINUTES + 1
    with pytest.raises(LessonPlanError, match="no cell titled 'The triple'"):
        find_cell(NOTEBOOKS / "12-chang-cheng-double-and-tower.ipynb", "The triple")
    with pytest.raises(LessonPlanError, match="names 2 cells"):
        find_cell(NOTEBOOKS / "11-chang-cheng-province-scoring.ipynb", "Try this")


def test_the_index_links_every_plan():
    index = (LESSONS / "README.md").read_text()
    assert all(f"({Path(p.path).name})" in index for p in PLANS)
    assert "python tools/build_slides.py" in index



def _cells_run(plan, doing):
    """{notebook: the cells a pair runs}: the sections of the table's rows whose ``do`` is in ``doing``, in notebook
    order."""
    from greatwall_kit.classroom.lessons import block

    cells = {}
    for choice in plan.choices:
        if choice.do in doing:
            path = NOTEBOOKS / f"{choice.notebook}.ipynb"
            cells.setdefault(choice.notebook, set()).update(block(path, choice.cell))
    return {notebook: sorted(indices) for notebook, indices in cells.items()}


@pytest.mark.parametrize("doing", [("run",), ("run", "fast pairs", "homework")], ids=["in class", "all but skip"])
@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_a_pair_that_runs_only_the_cells_the_plan_says_meets_no_error(plan, doing, tmp_path, monkeypatch):
    """Skipping what a plan skips breaks no later cell: a slow pair runs the "run" cells, a fast pair (or the pair at
    home) those and the "fast pairs" and "homework" ones, each notebook's in order in a fresh kernel."""
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("HOME", str(tmp_path))  # Jupyter and matplotlib write under $HOME
    for notebook, indices in _cells_run(plan, doing).items():
        nb = nbformat.read(NOTEBOOKS / f"{notebook}.ipynb", as_version=4)
        nb.cells = [nb.cells[i] for i in indices]
        where = {"metadata": {"path": str(NOTEBOOKS)}}
        client = NotebookClient(nb, timeout=120, kernel_name="python3", resources=where)
        client.execute()


WORKSHEETS = ROOT / "docs" / "worksheets"


@pytest.mark.skipif(not WORKSHEETS.is_dir(), reason="docs/worksheets/ is not in this checkout")
@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_every_worksheet_a_plan_names_is_there(plan):
    text = Path(plan.path).read_text(encoding="utf-8")
    named = set(re.findall(r"\b[0-9]{2}-[a-z-]+-(?:A4|Letter)(?:-key)?\.pdf", text))
    assert not [name for name in named if not (WORKSHEETS / name).is_file()]


def _kernels(plan):
    """{(who, notebook): the cell indices, in the order the plan runs them}: the teacher's laptop runs the projector
    phases, a pair's laptop the laptop phases, then the table's "fast pairs" cells, then its "homework" cells."""
    from greatwall_kit.classroom.lessons import block

    runs = {}
    for phase in plan.phases:
        who = {"projector": "teacher", "laptops": "pair"}.get(phase.where)
        for ref in phase.cells if who else ():
            runs.setdefault((who, phase.notebook), []).extend(block(NOTEBOOKS / f"{phase.notebook}.ipynb", ref))
    for doing in ("fast pairs", "homework"):
        for choice in plan.choices:
            if choice.do == doing:
                cells = block(NOTEBOOKS / f"{choice.notebook}.ipynb", choice.cell)
                runs.setdefault(("pair", choice.notebook), []).extend(cells)
    return runs


@pytest.mark.parametrize("plan", PLANS, ids=IDS)
def test_every_cell_a_plan_names_runs_where_the_plan_puts_it(plan, tmp_path, monkeypatch):
    """In a fresh kernel per laptop and notebook, exactly the cells of each phase in the plan's order (the projector's
    on the teacher's laptop; the laptops', then fast pairs and homework, on a pair's) run with no error and no
    "Run the cell ... first" line: each plan names the cells to run first."""
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("HOME", str(tmp_path))
    failed = []
    for (who, notebook), indices in _kernels(plan).items():
        path = NOTEBOOKS / f"{notebook}.ipynb"
        monkeypatch.setenv("JPY_SESSION_NAME", str(path))
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                                resources={"metadata": {"path": str(NOTEBOOKS)}})
        with client.setup_kernel():
            for index in indices:
                cell = nb.cells[index]
                if cell.cell_type != "code":
                    continue
                client.execute_cell(cell, index)
                failed += [f"{who} {notebook} cell {index}: {o.get('ename', '')} {o.get('text', o.get('evalue', ''))}"
                           for o in cell.outputs if o.output_type == "error"
                           or (o.output_type == "stream" and ("Run the cell" in o.text or "not defined yet" in o.text))]
    assert not failed, failed


# the component cells: their notebook, the cell, the game its graph is of, the plan that shows it
COMPONENTS = [("31-dschingis-khan-loops", "The graph behind the picture", "game", "3-unit-graph-theory"),
              ("50-graph-lens", "Connected components: the two sides", "dk", "3-unit-graph-theory")]
ENGINE_SIDES = """
from collections import Counter
print(len({game}.board.villages), "villages in all;", ", ".join(f"{{n}} {{side}}" for side, n in
      sorted(Counter({game}.side(v) for v in range(len({game}.board.villages))).items())))
"""


@pytest.mark.parametrize("notebook, title, game, plan_id", COMPONENTS, ids=[c[0] for c in COMPONENTS])
@pytest.mark.parametrize("order", ["the plan's", "top to bottom"])
def test_the_components_a_notebook_prints_are_the_engines(notebook, title, game, plan_id, order, tmp_path,
                                                           monkeypatch):
    """Run as the plan's projector runs it and top to bottom, the component cell counts every village the engine
    has (an enclosed village too) and, side by side, as many on each side as the engine says."""
    import nbformat
    from nbclient import NotebookClient

    from greatwall_kit.classroom.lessons import block

    monkeypatch.setenv("HOME", str(tmp_path))
    path = NOTEBOOKS / f"{notebook}.ipynb"
    nb = nbformat.read(path, as_version=4)
    plan = next(p for p in PLANS if Path(p.path).stem == plan_id)
    indices = (_kernels(plan)[("teacher", notebook)] if order == "the plan's" else range(len(nb.cells)))
    cell = next(i for i in block(path, title) if nb.cells[i].cell_type == "code")
    assert cell in indices
    check = nbformat.v4.new_code_cell(ENGINE_SIDES.format(game=game))
    nb.cells.append(check)
    client = NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}})
    with client.setup_kernel():
        run = list(indices)
        for index in [*[i for i in run[:run.index(cell) + 1] if nb.cells[i].cell_type == "code"], len(nb.cells) - 1]:
            client.execute_cell(nb.cells[index], index)
    printed = "".join(o.text for o in nb.cells[cell].outputs if o.output_type == "stream")
    engine = nb.cells[-1].outputs[0].text
    total = int(re.match(r"(\d+) villages in all", engine).group(1))
    sides = dict((side, int(n)) for n, side in re.findall(r"(\d+) (China|Mongolia)", engine))
    head = re.match(r"(\d+) villages in (\d+) connected components", printed)
    parts = re.findall(r"^(\d+) of them.*\| side: (\w+)$", printed, re.M)
    assert head and int(head.group(1)) == total == sum(int(n) for n, _ in parts), (printed, engine)
    assert int(head.group(2)) == len(parts)
    assert {side: sum(int(n) for n, s in parts if s == side) for side in sides} == sides, (printed, engine)
