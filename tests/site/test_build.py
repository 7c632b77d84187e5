"""What ``site/build.py`` puts in the site, checked without building it (the browser test runs what it ships)."""

import importlib.util
import json
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def _build():
    spec = importlib.util.spec_from_file_location("site_build", REPO_ROOT / "site" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build()


def test_only_the_notebooks_built_on_pandas_are_left_out():
    assert set(BUILD.LEFT_OUT) == {"60-simulation-lab.ipynb", "61-write-a-bot.ipynb"}
    assert all("pandas" in why for why in BUILD.LEFT_OUT.values())


@pytest.mark.parametrize("name", ["50-graph-lens.ipynb"])
def test_the_graph_lens_notebook_goes_to_the_site_whole(name, tmp_path):
    """Every cell of 50-graph-lens runs in the site: none needs matplotlib (draw_graph uses the lens there)."""
    assert BUILD.site_notebook(REPO_ROOT / "notebooks" / name, tmp_path / name) == 0
    code = "".join("".join(c["source"]) for c in json.loads((tmp_path / name).read_text())["cells"]
                   if c["cell_type"] == "code")
    assert "draw_graph(" in code and "matplotlib" not in code and "plt." not in code


def test_the_site_can_be_built_from_the_class_copy(tmp_path):
    """``--notebooks DIR``: the site ships the notebooks of the class's copy (tools/student_copy.py), whose sentence
    about the solutions says the teacher has them."""
    spec = importlib.util.spec_from_file_location("student_copy", REPO_ROOT / "tools" / "student_copy.py")
    student_copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(student_copy)
    student_copy.write_copy(tmp_path / "class", kit="greatwall_kit")
    (tmp_path / "files").mkdir()
    shipped = BUILD.site_notebooks(tmp_path / "class", tmp_path / "files")
    assert shipped == [n for n in NOTEBOOKS if n not in BUILD.LEFT_OUT]
    texts = {n: (tmp_path / "files" / n).read_text() for n in shipped}
    assert not [n for n, text in texts.items() if "solutions/" in text]
    assert student_copy.TEACHER_HAS_THEM in texts["11-chang-cheng-province-scoring.ipynb"]


def test_a_notebooks_folder_without_notebooks_is_refused_before_anything_is_built(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        BUILD.main(["--out", str(tmp_path / "site"), "--notebooks", str(tmp_path)])
    assert stop.value.code == 2 and "no notebooks named like" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()
