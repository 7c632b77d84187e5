"""Rewrite every generated artefact of the kit, and say which files changed.

    python tools/regenerate.py                     # everything, then what changed
    python tools/regenerate.py --only schemas --only readme
    python tools/regenerate.py --check             # write nothing: name what is stale (exit 1 if anything is)

The artefacts, in the order they are written (a later one may read an earlier one):

- ``schemas``: each game's options schema, from its declared ``Options`` (``greatwall_kit.formats.options_schemas``)
- ``formats``: ``docs/formats.md``, from the shipped schemas (``greatwall_kit.formats.formats``)
- ``readme``: the README's options tables and named variants (``greatwall_kit.formats.readme``)
- ``golden``: the golden games ``tests/golden/*.json`` (``tests/golden/regenerate.py``)
- ``event-kinds``: the pinned rule of each kind of event ``tests/soak/event_kinds.json`` (``tests/soak/event_kinds.py``)
- ``worksheets``: the ready worksheets ``docs/worksheets/`` (``python -m greatwall_kit.worksheets``)
- ``notebooks``: the stored notebooks, executed again (``tools/execute_notebooks.py``; many minutes)

``--check`` compares the first five (seconds to a minute); the worksheets and the stored notebooks are checked by
running them, not here (the notebooks' own tests run each under nbval). ``tests/test_regenerate.py`` runs the check
of the first three, the quick ones.
"""

import argparse
import hashlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAST = ("schemas", "formats", "readme")
CHECKED = (*FAST, "golden", "event-kinds")
EVERY = (*CHECKED, "worksheets", "notebooks")


def expected(name):
    """``{path from the root: text}`` of an artefact made in this process (one of ``CHECKED``)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from greatwall_kit import formats

    if name == "schemas":
        return formats.options_schemas()
    if name == "formats":
        return {"docs/formats.md": formats.formats()}
    if name == "readme":
        return {"README.md": formats.readme((ROOT / "README.md").read_text(encoding="utf-8"))}
    if name == "golden":
        from tests.golden import regenerate as golden

        return {f"tests/golden/{file}.json": golden.record(game, players, options)
                for file, game, players, options in golden.entries()}
    if name == "event-kinds":
        import json

        from tests.soak import event_kinds

        return {"tests/soak/event_kinds.json": json.dumps(event_kinds.observed(), indent=1, ensure_ascii=False) + "\n"}
    raise ValueError(f"no such artefact made here: {name!r}")


def stale(names=FAST):
    """The files of the artefacts ``names`` whose text is not what the kit generates now, each with its artefact."""
    out = []
    for name in names:
        for path, text in expected(name).items():
            file = ROOT / path
            if not file.exists() or file.read_text(encoding="utf-8") != text:
                out.append((name, path))
    return out


def _digests(folder_or_files):
    out = {}
    for item in folder_or_files:
        paths = sorted(item.rglob("*")) if item.is_dir() else [item]
        for path in paths:
            if path.is_file() and ".ipynb_checkpoints" not in path.parts:
                out[path] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def write(name):
    """Write one artefact; returns the files it changed (paths from the root)."""
    if name in CHECKED:
        changed = []
        for path, text in expected(name).items():
            file = ROOT / path
            if not file.exists() or file.read_text(encoding="utf-8") != text:
                file.write_text(text, encoding="utf-8")
                changed.append(path)
        if name == "schemas":  # what is read next (formats.md) reads the files just written
            from greatwall_kit.engine.schemas import load_schema

            load_schema.cache_clear()
        return changed
    watched = {"worksheets": [ROOT / "docs" / "worksheets"], "notebooks": [ROOT / "notebooks"]}[name]
    command = {"worksheets": [sys.executable, "-m", "greatwall_kit.worksheets"],
               "notebooks": [sys.executable, str(ROOT / "tools" / "execute_notebooks.py")]}[name]
    before = _digests(watched)
    subprocess.run(command, cwd=ROOT, check=True)
    after = _digests(watched)
    return sorted(str(p.relative_to(ROOT)) for p in set(before) | set(after) if before.get(p) != after.get(p))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=EVERY, help="only this artefact (repeatable)")
    parser.add_argument("--check", action="store_true",
                        help=f"write nothing; list stale files of {', '.join(CHECKED)} and exit 1 if any")
    args = parser.parse_args(argv)
    if args.check:
        names = [n for n in (args.only or CHECKED) if n in CHECKED]
        found = stale(names)
        for name, path in found:
            print(f"stale ({name}): {path}")
        print(f"checked {', '.join(names)}: {len(found)} stale file(s)"
              + ("; run python tools/regenerate.py" if found else ""))
        return 1 if found else 0
    changed = []
    for name in args.only or EVERY:
        print(f"{name} ...", flush=True)
        files = write(name)
        print(f"{name}: {len(files)} file(s) changed", flush=True)
        changed += files
    for path in changed:
        print(f"  changed: {path}")
    if changed:  # what a reviewer reads next
        subprocess.run(["git", "--no-pager", "diff", "--stat", "--", *changed], cwd=ROOT, check=False)
    else:
        print("nothing changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
