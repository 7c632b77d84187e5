"""A notebook cell run before the cell it needs says so in one line, in place of a ``NameError`` traceback.

A class runs cells out of order: the projector shows one cell cold, a student runs an exercise again after a
restart. When a cell stops on a name no cell has defined yet, and a cell of the notebook defines it, the kit prints
which cell to run first, by the heading of its section::

    Run the cell *The position of Figures 7, 8 and 9* first: it defines `figure_7`.

Importing the kit inside a Jupyter kernel installs this (:func:`install`, through IPython's ``set_custom_exc``). Every
other error keeps its traceback, and so does a name that no cell defines (a typo) or that is missing inside the
kit's own code. The kit reads the notebook from the path Jupyter Server gives its kernel (``JPY_SESSION_NAME``);
where there is none (JupyterLite), the line says to run the cells above first.

Examples
--------
>>> cells = [{"cell_type": "markdown", "source": "## The position"},
...          {"cell_type": "code", "source": "position = {'players': 2}\\ngame = make(position)"},
...          {"cell_type": "markdown", "source": "## Play"},
...          {"cell_type": "code", "source": "game.play('x')"}]
>>> needs_first("game", cells)
'Run the cell *The position* first: it defines `game`.'
>>> needs_first("gmae", cells) is None  # a typo: no cell defines it, the usual traceback stays
True
>>> needs_first("game", None)
'`game` is not defined yet: run the cells above this one first (or Run All).'
"""

import ast
import json
import os
import sys
from pathlib import Path

__all__ = ["needs_first", "defining_cell", "install"]


def needs_first(name, cells):
    """The line that tells which cell to run before using ``name``, or ``None`` when no code cell of ``cells``
    defines it (``cells`` ``None``: the notebook is not known, and the line says to run the cells above)."""
    if cells is None:
        return f"`{name}` is not defined yet: run the cells above this one first (or Run All)."
    index = defining_cell(cells, name)
    if index is None:
        return None
    title = next((_heading(cells[i]) for i in range(index, -1, -1) if _heading(cells[i])), None)
    where = f"the cell *{title}*" if title else f"code cell {index}"
    return f"Run {where} first: it defines `{name}`."


def _heading(cell):
    """The first Markdown heading of ``cell`` (``## The tower`` is ``The tower``), or ``None``."""
    if cell.get("cell_type") != "markdown":
        return None
    source = cell.get("source", "")
    lines = ("".join(source) if isinstance(source, list) else source).splitlines()
    return next((line.lstrip("#").strip() for line in lines if line.startswith("#")), None)


def defining_cell(cells, name):
    """The index of the first code cell whose own code (not a function's or a comprehension's) binds ``name``.

    >>> defining_cell([{"cell_type": "code", "source": "[x for x in y]"},
    ...                {"cell_type": "code", "source": "from a import x"}], "x")
    1
    """
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        try:
            tree = ast.parse("".join(source) if isinstance(source, list) else source)
        except SyntaxError:
            continue
        if name in _bound(tree):
            return index
    return None


def _bound(node):
    """The names a cell's own code binds: assignments, loops, imports, ``with ... as``, definitions."""
    names = set()
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(child.name)
            continue  # their bodies bind their own names
        if isinstance(child, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
            names.add(child.id)
        elif isinstance(child, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in child.names)
        names |= _bound(child)
    return names


def _notebook_cells():
    """The cells of the notebook this kernel runs, or ``None`` where the kernel is not told which it is."""
    given = os.environ.get("JPY_SESSION_NAME")
    if not given:
        return None
    for path in (Path(given), Path.cwd() / Path(given).name):
        try:
            return json.loads(path.read_text(encoding="utf-8"))["cells"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


def _handler(shell, etype, value, tb, tb_offset=None):
    name = getattr(value, "name", None)
    last = tb
    while last.tb_next is not None:
        last = last.tb_next
    in_the_cell = last.tb_frame.f_globals is shell.user_ns  # not a name missing inside the kit's own code
    line = needs_first(name, _notebook_cells()) if name and in_the_cell else None
    if line is None:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
    else:
        print(line)


def install(shell=None):
    """Print :func:`needs_first`'s line for a ``NameError`` raised by a cell's own code in this IPython ``shell``
    (the running one by default). Does nothing outside IPython, or where another handler is already installed."""
    if shell is None:
        ipython = sys.modules.get("IPython")  # not imported: no kernel runs the kit (and it stays unimported)
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or getattr(shell, "custom_exceptions", ()) not in ((), (NameError,)):
        return
    shell.set_custom_exc((NameError,), _handler)
