"""The teacher's guide (docs/teaching.md) keeps up with the notebooks and with the README's open command."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "teaching.md").read_text()


def test_the_guide_plans_a_lesson_for_every_notebook():
    missing = [p.stem for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if f"`{p.stem}`" not in GUIDE]
    assert not missing, f"docs/teaching.md has no row for {missing}"


def test_the_guides_local_command_is_the_readmes_open_command():
    def open_command(text):
        return [ln for ln in re.findall(r"```bash\n(.*?)```", text, re.S) if "jupyter lab" in ln]
    assert open_command(GUIDE) == open_command((ROOT / "README.md").read_text()) != []
