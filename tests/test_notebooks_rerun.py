"""Every notebook survives a class: Run All, then each code cell run again twice in order in the same kernel, then
Run All again, with no error; a cell run twice in a row shows the same thing both times (a cell that plays on a
position builds it itself, an exercise cell gives the same form).

One kernel per notebook runs the whole cycle (about three times the cost of one Run All).
"""

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# what may differ between two runs of the same cell: widget model ids, object addresses, ids made unique per picture
VOLATILE = re.compile(r"[0-9a-f]{32}|at 0x[0-9a-fA-F]+|url\(#[^)]*\)"
                      r"|\b(?:id|href|clip-path|marker-[a-z]+)=\"[^\"]*\"")


def _seen(cell):
    """What a student sees of ``cell``'s outputs, without what is new on every run (printed text is one string: the
    kernel may split it into several outputs)."""
    printed, shown = "", []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            printed += output.text
        elif output.output_type == "error":
            shown.append(f"{output.ename}: {output.evalue}")
        else:
            shown.extend(f"{kind}: {VOLATILE.sub('', str(value))}" for kind, value in output.get("data", {}).items()
                         if kind != WIDGET_VIEW)
    return [printed, *shown]


def _errors(cell, index, stage):
    return [f"{stage}: cell {index}: {o.ename}: {o.evalue.splitlines()[0] if o.evalue else ''}"
            for o in cell.get("outputs", []) if o.output_type == "error"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_run_all_each_cell_twice_then_run_all_again(path, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # Jupyter, matplotlib and the record write under $HOME
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=180, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    code = [(index, cell) for index, cell in enumerate(nb.cells) if cell.cell_type == "code"]
    errors, changed = [], []
    with client.setup_kernel():
        for index, cell in code:
            client.execute_cell(cell, index)
            errors += _errors(cell, index, "Run All")
        for index, cell in code:
            client.execute_cell(cell, index)
            first = _seen(cell)
            client.execute_cell(cell, index)
            errors += _errors(cell, index, "run again")
            if _seen(cell) != first:
                changed.append(index)
        for index, cell in code:
            client.execute_cell(cell, index)
            errors += _errors(cell, index, "Run All again")
    assert not errors, errors
    assert not changed, f"code cells {changed} show something else when run a second time in a row"


def test_a_cell_run_before_the_one_it_needs_says_which_in_one_line(tmp_path, monkeypatch):
    """Cold, after the imports only: Figure 7's cell names the cell to run first instead of a traceback; a name no
    cell defines (a typo) keeps its traceback."""
    from greatwall_kit.classroom.lessons import block

    path = ROOT / "notebooks" / "31-dschingis-khan-loops.ipynb"
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))  # what Jupyter Server tells the kernel
    nb = nbformat.read(path, as_version=4)
    imports = [i for i in block(path, "Dschingis Khan: loops and new ends") if nb.cells[i].cell_type == "code"]
    figure_7 = next(i for i in block(path, "Figure 7: a loop, step by step") if nb.cells[i].cell_type == "code")
    typo = nbformat.v4.new_code_cell("figure_77")
    nb.cells.append(typo)
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    with client.setup_kernel():
        for index in imports:
            client.execute_cell(nb.cells[index], index)
        client.execute_cell(nb.cells[figure_7], figure_7)
        client.execute_cell(typo, len(nb.cells) - 1)
    assert _seen(nb.cells[figure_7]) == ["Run the cell *The position of Figures 7, 8 and 9* first: it defines "
                                         "`figure_7`.\n"]
    assert [o.ename for o in typo.outputs if o.output_type == "error"] == ["NameError"]
