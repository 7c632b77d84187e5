"""The stored notebooks are what a class sees on first open: executed, with static board pictures; a cell below an
exercise that would answer it is stored as never run (``tools/student_copy.py``, and
``tests/test_no_answer_before_the_prediction.py`` checks it)."""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _tool():
    spec = importlib.util.spec_from_file_location("student_copy", ROOT / "tools" / "student_copy.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module




@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_stored_executed_with_pictures_not_dead_widgets(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert code and all(c.get("execution_count") for c in code), "not stored executed (strict nbval needs it)"
    assert nb["metadata"].get("kernelspec"), "no kernelspec: Lab would ask for a kernel"
    dead = [i for i, c in enumerate(code) for o in c.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
    assert not dead, (f"code cells {dead} store a live widget view, which shows 'model not found' on first open: "
                      "store with python tools/execute_notebooks.py")


LESSONS = [p for p in NOTEBOOKS if p.parent.name == "notebooks"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_opens_with_its_goals_and_closes_with_a_summary_and_the_next_notebook(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    markdown = ["".join(c["source"]).lower() for c in nb["cells"] if c["cell_type"] == "markdown"]
    assert any("learn" in m for m in markdown[:2]), "no learning goals at the top"
    assert any("summary" in m and "next" in m for m in markdown[-2:]), "no summary with the next notebook at the end"
