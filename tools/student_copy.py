"""Write the class's copy of the notebooks: every lesson notebook, no solutions, as a folder and a zip.

Usage (from the repository root)::

    python tools/student_copy.py OUT [--kit REQUIREMENT]

writes the folder ``OUT`` and ``OUT.zip`` (the same folder, for a learning platform such as Moodle):

- the numbered notebooks of ``notebooks/`` as stored (executed, so the boards show on first open), never
  ``notebooks/solutions/``. The sentence in a notebook that says where the solutions are becomes "Your teacher has
  the answers." (:func:`student_markdown`). A *Check*, a what-if or a list of steps below an exercise keeps no
  stored output (:func:`before_the_prediction`, as the notebooks are stored): it shows what it answers only once the
  student runs it. Code stays as stored;
- ``README.md``: how a student opens, answers, saves and hands in a notebook;
- ``requirements.txt``: the kit at the commit of this checkout (``--kit`` to name another source);
- ``binder/``: what Binder needs to run the copy, once the teacher publishes it as a public Git repository.

The copy is refused (and nothing is written) if a notebook would still name the solutions folder. The exercises'
answers are computed by the kit in the student's kernel, as in every notebook; the copy holds none of them.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
IGNORED = "nbval-ignore-output"  # the tag of a cell strict nbval runs without comparing its output
sys.path.insert(0, str(REPO))  # run as a script from a checkout: the kit's errors without an install

from greatwall_kit.engine.errors import GreatWallError, quote  # noqa: E402

NOTEBOOK_GLOB = "[0-9][0-9]-*.ipynb"  # the lessons; notebooks/solutions/ is the teacher's
REPOSITORY = "https://github.com/greatwall-kit/greatwall_kit"  # as the README's Binder badge assumes
SOLUTIONS = re.compile(r"solutions/")
# a sentence (from a paragraph's start or after a full stop) that points at `solutions/...`
WHERE_THE_ANSWERS_ARE = re.compile(r"(?:^|(?<=\.\s))[^.]*?`solutions/[^`]*`[^.]*\.", re.M)
TEACHER_HAS_THEM = "Your teacher has the answers."
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # the same copy gives the same zip, byte for byte

README = """\
# Great Wall notebooks: your copy

Notebooks about four board games of the Great Wall of China: play them on a live board, predict what a rule does,
and check your prediction. Start with `00-start-here.ipynb`; your teacher says which notebook is today's.

## Open them

- **The link your teacher gives you** (Binder or the class website): nothing to install. Binder deletes your work
  when the session ends (after about ten idle minutes); the class website keeps it only in that browser on that
  computer. Download it (below) before a break and at the end of the lesson.
- **On your own computer** (Python 3.11 or newer), in this folder:

  ```bash
  python -m pip install -r requirements.txt
  python -m jupyter trust *.ipynb
  python -m jupyter lab 00-start-here.ipynb
  ```

  (`jupyter trust` lets the boards' pictures show before you run anything.)

## Answer the exercises

1. Run each cell with **Shift + Enter**, top to bottom. In a notebook with exercises, the first cell takes your name
   or class code (optional).
2. At an exercise, predict, type or pick your answer and press **Check**. A wrong answer gets a hint, a second one a
   narrower hint; **Show solution** gives the answer (your teacher sees that you asked for it).
3. Run the last cell, **My results**, to see every answer you gave, with its time. Your answers are kept in the
   notebook as you go (in the first cell's output): save it, and the next time you open it they are still there.

## Save and hand in

Save the notebook (**File → Save Notebook**). On Binder and on the class website, also download it: right-click the
notebook in the file browser on the left → **Download**. Hand in the `.ipynb` file as your teacher says.

If the kernel stops or restarts, save the notebook, then run the cells again from the top (**Run → Run All
Cells**): the new kernel reads the answers the saved notebook holds and carries on from them. On the class website,
keep one copy of each notebook in its folder (a second answered copy there makes the kernel continue neither).
"""


def student_markdown(text):
    """A Markdown cell's text for the class: the sentence that says where the solutions are says the teacher has them.

    Examples
    --------
    >>> student_markdown("Press *Check*. Answers: `solutions/51-rule-variants-solutions.ipynb`.")
    'Press *Check*. Your teacher has the answers.'
    >>> student_markdown("Answers to the exercises are in the `solutions/` folder, for teachers.")
    'Your teacher has the answers.'
    >>> student_markdown("No answers here.")
    'No answers here.'
    """
    return WHERE_THE_ANSWERS_ARE.sub(TEACHER_HAS_THEM, text)


def _is_exercise(cell):
    plain = ("".join(o.get("data", {}).get("text/plain", "")) for o in cell.get("outputs", []))
    return any(text.startswith("Exercise(") for text in plain)


SECTION = re.compile(r"^## ", re.M)  # a notebook's sections; ### and deeper divide one
CHECK_HEADING = re.compile(r"^(?:#+ |\*\*)Check", re.M)  # "### Check, step by step", "**Check with the engine.**"
# a cell that shows how a move resolved, step by step, or what another move would have done
SHOWS_STEPS = re.compile(r"\bStepper\(|\.steps\b|\.resolutions\(|\.what_if\(")


def answers_an_exercise(cells):
    """The indices of the code cells whose stored output would answer an exercise above them: in an exercise's
    section (up to the next ``##`` heading) or below a heading that says *Check*, and every cell that shows a
    resolution's steps or a what-if, once a notebook has had an exercise. The exercises themselves and *My results*
    never count.

    Examples
    --------
    >>> md = lambda text: {"cell_type": "markdown", "source": text}
    >>> code = lambda text, shown="": {"cell_type": "code", "source": text,
    ...     "outputs": [{"output_type": "execute_result", "data": {"text/plain": shown}}]}
    >>> cells = [md("## Figure 8"), code("game"), code("ex = pieces(game)", "Exercise('How many?')"),
    ...          md("### Check"), code("game.play(wall)"), md("## Figure 9"), code("figure_9"),
    ...          code("Stepper(game)"), md("## My results"), code('my_results("31")')]
    >>> answers_an_exercise(cells)
    [4, 7]
    """
    found, exercise_seen, in_its_section, checking = [], False, False, False
    for index, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if SECTION.search(source):
                in_its_section = False
            if re.search(r"^#+ ", source, re.M) or CHECK_HEADING.search(source):
                checking = bool(CHECK_HEADING.search(source))
            continue
        if cell["cell_type"] != "code":
            continue
        if _is_exercise(cell):
            exercise_seen = in_its_section = True
        elif exercise_seen and "my_results(" not in source and \
                (in_its_section or checking or SHOWS_STEPS.search(source)):
            found.append(index)
    return found


def before_the_prediction(cells, run=False):
    """Clear the stored output of every cell that would answer an exercise above it (:func:`answers_an_exercise`),
    as if never run (the class's copy). ``run``: keep the cell run, tagged ``nbval-ignore-output``, so strict nbval
    still runs it and fails on an error but compares no output (the notebooks as stored by
    ``tools/execute_notebooks.py``). Returns how many cells were cleared.

    Examples
    --------
    >>> shown = {"output_type": "stream", "name": "stdout", "text": "3 pieces removed"}
    >>> quiz = {"output_type": "execute_result", "data": {"text/plain": "Exercise('How many?')"}}
    >>> cells = [{"cell_type": "code", "source": "game", "outputs": [shown]},
    ...          {"cell_type": "code", "source": "ex = pieces(game)", "outputs": [quiz]},
    ...          {"cell_type": "code", "source": "game.play(wall)", "outputs": [shown], "execution_count": 3},
    ...          {"cell_type": "code", "source": 'my_results("31")', "outputs": [shown]}]
    >>> before_the_prediction(cells), [len(c["outputs"]) for c in cells]
    (1, [1, 1, 0, 1])
    """
    cleared = 0
    for index in answers_an_exercise(cells):
        cell = cells[index]
        if run:
            tags = cell.setdefault("metadata", {}).setdefault("tags", [])
            if cell.get("outputs") or IGNORED not in tags:
                cell["outputs"], tags[:], cleared = [], [*(t for t in tags if t != IGNORED), IGNORED], cleared + 1
        elif cell.get("outputs") or cell.get("execution_count") is not None:
            cell["outputs"], cell["execution_count"], cleared = [], None, cleared + 1  # as never run
    return cleared


def student_notebook(src):
    """The text of the class's copy of the notebook ``src``, or ``None`` if it is the same as the stored one.

    Markdown cells can change (:func:`student_markdown`), and the outputs below an exercise go
    (:func:`before_the_prediction`); a notebook that would still name ``solutions/`` anywhere is refused with the
    kit's error.
    """
    text = src.read_text(encoding="utf-8")
    nb = json.loads(text)
    changed = False
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        new = student_markdown(source)
        if new != source:
            cell["source"], changed = new.splitlines(keepends=True), True
    changed = before_the_prediction(nb["cells"]) > 0 or changed
    out = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n" if changed else text
    if SOLUTIONS.search(out):
        where = next(i for i, c in enumerate(nb["cells"]) if SOLUTIONS.search("".join(c["source"])) or
                     SOLUTIONS.search(json.dumps(c.get("outputs", []))))
        raise GreatWallError(f"{src.name} still names the solutions folder in cell {where}: the class's copy would "
                             f"point at the answers (reword that cell, or teach student_markdown its sentence)")
    return out if changed else None


def kit_requirement():
    """The kit at this checkout's commit, as a source archive pip installs without git (extra ``lab``)."""
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        raise GreatWallError("this is not a Git checkout, so the kit's commit is unknown: name the kit's source "
                             "with --kit (e.g. a wheel or an archive URL)") from None
    return f"greatwall_kit[lab] @ {REPOSITORY}/archive/{commit}.zip"


def write_copy(out, kit=None):
    """Write the class's copy into the new folder ``out`` and ``out`` + ``.zip``; return the zip's path.

    Parameters
    ----------
    out : path
        A folder that does not exist yet (the copy never overwrites anything).
    kit : str, optional
        The line of ``requirements.txt`` that installs the kit; default: :func:`kit_requirement`.
    """
    out = Path(out)
    archive = out.with_name(out.name + ".zip")
    for path in (out, archive):
        if path.exists():
            raise GreatWallError(f"{quote(str(path))} exists already: remove it or choose another name")
    requirement = kit or kit_requirement()
    files = {}  # name in the copy -> bytes
    for src in sorted((REPO / "notebooks").glob(NOTEBOOK_GLOB)):
        text = student_notebook(src)
        files[src.name] = src.read_bytes() if text is None else text.encode("utf-8")
    files["README.md"] = README.encode("utf-8")
    files["requirements.txt"] = files["binder/requirements.txt"] = f"{requirement}\n".encode()
    files["binder/runtime.txt"] = (REPO / "binder" / "runtime.txt").read_bytes()
    files["binder/postBuild"] = (b"#!/bin/bash\n# Binder runs this once when it builds the image: trust the stored "
                                 b"notebooks, so their boards show before any cell is run.\nset -e\n"
                                 b"python -m jupyter trust *.ipynb\n")

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(f"{out.name}/{name}", ZIP_DATE)
            info.external_attr = (0o755 if name == "binder/postBuild" else 0o644) << 16
            zf.writestr(info, data, zipfile.ZIP_DEFLATED)
    for name, data in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    (out / "binder" / "postBuild").chmod(0o755)
    archive.write_bytes(buffer.getvalue())
    return archive


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write (must not exist); the zip is OUT.zip")
    parser.add_argument("--kit", help="the requirements.txt line that installs the kit (default: this checkout's "
                                      "commit on GitHub, as an archive)")
    args = parser.parse_args(argv)
    try:
        archive = write_copy(args.out, args.kit)
    except GreatWallError as error:
        parser.exit(2, f"student_copy: {error}\n")
    print(f"student copy: {args.out}/ and {archive} ({archive.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
