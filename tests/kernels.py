"""Notebook kernels import the checkout under test.

A kernel is a process of its own, started in the notebook's folder with the environment of whatever started it
(nbval, nbclient, ``tools/execute_notebooks.py``). A relative ``PYTHONPATH`` (``PYTHONPATH=.``) is read from the
kernel's folder, not from where the command ran, so the kernel would import another install of the kit (an
editable one, say) and the notebooks would pass on code other than the checkout's. :func:`use_this_checkout`
puts the checkout's absolute root first on ``PYTHONPATH`` and makes every other entry absolute; the repository's
``conftest.py`` applies it to every pytest run, ``tools/execute_notebooks.py`` to its own.
"""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def checkout_first(pythonpath, root=ROOT, cwd=None):
    """``pythonpath`` with ``root`` first and every other entry absolute (read from ``cwd``, by default the
    current folder), once each.

    >>> checkout_first(f"lib{os.pathsep}/opt/x", root=Path("/co"), cwd=Path("/home/me")).split(os.pathsep)
    ['/co', '/home/me/lib', '/opt/x']
    """
    cwd = Path(cwd or os.getcwd())
    entries = [str(root)] + [str((cwd / entry).resolve()) for entry in (pythonpath or "").split(os.pathsep) if entry]
    return os.pathsep.join(dict.fromkeys(entries))


def use_this_checkout(environ=os.environ):
    """Set ``PYTHONPATH`` in ``environ`` (this process's: the kernels it starts inherit it) to
    :func:`checkout_first`."""
    environ["PYTHONPATH"] = checkout_first(environ.get("PYTHONPATH"))
