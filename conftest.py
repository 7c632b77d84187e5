"""Loaded by every pytest run in this checkout (the suite, notebooks under nbval, doctests): the notebook kernels it
starts import this checkout, whatever ``PYTHONPATH`` the run was given, and listen on ports no other worker picks
(see ``tests/kernels.py``), and under pytest-xdist what must share one process runs in one worker."""

import os
from pathlib import Path

import pytest

# setuptools first: nbgrader imports it, and its distutils shim refuses to load once pip (imported by a test's
# tools) has put the standard library's distutils in its place, which pytest-xdist's order of tests can bring about
import setuptools  # noqa: F401

from tests.kernels import keep_kernel_ports_apart, use_this_checkout

use_this_checkout()
keep_kernel_ports_apart()


SHARED = {"ui": "browser", "site": "site"}  # folders of tests/ whose tests share one process's session fixtures
LONGEST_FIRST = ("browser", "site")  # the longest groups start first: no worker is left alone with one at the end


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker per core and one more, as the browser and notebook tests spend much of their time
    waiting for JupyterLab, Chromium or a kernel (two workers on two cores kept the cores 70 % busy)."""
    return (os.cpu_count() or 1) + 1


def pytest_configure(config):
    # pytest-xdist hands out groups in the order they are collected (below), not sorted by their number of tests
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (the README's ``-n``, ``--dist loadgroup``) what shares a process stays in one worker.

    A notebook's cells run in order in one kernel, and a test module whose tests share a fixture (one wider than a
    test) builds it once: each is one group. The tests of a module that share nothing are shared out one by one (a
    module that runs thirty notebooks twice each kept one worker busy for minutes). The browser tests share one
    JupyterLab and one Chromium, the site tests one built site: a group each. The longest groups are collected
    first (each group's tests keep their order), so that one worker starts the browser tests while the others share
    the rest: started last, they alone made the suite's last five minutes.
    """
    root = config.rootpath
    groups, sharing = {}, set()
    for item in items:
        path = Path(str(item.path)).resolve()
        parts = path.relative_to(root).parts if path.is_relative_to(root) else path.parts
        shared = SHARED.get(parts[1]) if len(parts) > 2 and parts[0] == "tests" else None
        groups[item] = shared or "/".join(parts)
        fixtures = getattr(item, "_fixtureinfo", None)
        if shared or parts[0] != "tests" or fixtures is None or any(  # (pytest's own, like tmp_path, are per test)
                d.scope != "function" and d.func.__module__.startswith(("tests", "conftest"))
                for defs in fixtures.name2fixturedefs.values() for d in defs):
            sharing.add(groups[item])
    for item in items:
        if groups[item] in sharing:
            item.add_marker(pytest.mark.xdist_group(groups[item]))
    rank = {group: i for i, group in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(groups[item], len(rank)))  # (a stable sort)
