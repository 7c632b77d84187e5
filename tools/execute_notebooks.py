"""Execute the teaching notebooks in place and store them the way a class first sees them.

    python tools/execute_notebooks.py                       # every notebook under notebooks/
    python tools/execute_notebooks.py notebooks/31-*.ipynb  # some of them

A board view's output holds a live widget plus its static picture. Stored, the live part would show
"model not found" until the cell is run again, so only the static picture (and the text form nbval compares)
is kept: a freshly opened notebook shows its boards, and running a cell makes them live again.
``tests/test_notebooks_stored.py`` checks every notebook is stored this way.

Below an exercise, a cell that would answer it (its section's *Check*, a what-if, a list of steps) is stored as never
run, with no output, the way the class's copy stores it (``student_copy.before_the_prediction``): the notebook as
shipped, its slides and the copy show no answer before the prediction, and strict nbval compares only the cells
stored as run (``tests/test_no_answer_before_the_prediction.py``).

The notebook's ``kernelspec`` is written as the installed ``python3`` kernel names itself: JupyterLab rewrites a
kernelspec that differs (say ``"Python 3"`` for ``"Python 3 (ipykernel)"``) as the kernel starts, and that marks a
notebook modified the moment it is opened.
"""

import argparse
import sys
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbconvert.preprocessors import ExecutePreprocessor

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the class's copy's rule, from this folder

from student_copy import before_the_prediction  # noqa: E402

from tests.kernels import use_this_checkout  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def strip_widget_views(nb):
    """Drop live-widget parts of outputs that also carry a static form; returns how many were dropped."""
    dropped = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and len(data) > 1:
                del data[WIDGET_VIEW]
                dropped += 1
    nb.metadata.pop("widgets", None)
    return dropped


def execute(path, timeout=300):
    nb = nbformat.read(path, as_version=4)
    ExecutePreprocessor(timeout=timeout, kernel_name="python3", store_widget_state=False).preprocess(
        nb, {"metadata": {"path": str(Path(path).parent)}})
    dropped = strip_widget_views(nb)
    if Path(path).parent.name != "solutions":  # a solutions notebook shows the checks: it is the teacher's
        before_the_prediction(nb.cells, run=True)
    spec = KernelSpecManager().get_kernel_spec("python3")
    nb.metadata["kernelspec"] = {"display_name": spec.display_name, "language": spec.language, "name": "python3"}
    nbformat.write(nb, path)
    return dropped


def main(argv=None):
    use_this_checkout()  # the kernels import this checkout, even under a relative PYTHONPATH
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.paths or sorted((ROOT / "notebooks").rglob("*.ipynb"))
    for path in paths:
        if ".ipynb_checkpoints" in path.parts:
            continue
        print(f"{path}: executed, {execute(path)} live widget view(s) stored as pictures", flush=True)


if __name__ == "__main__":
    sys.exit(main())
