"""Suite-wide settings: reproducible Hypothesis runs.

The ``ci`` profile (the default) is derandomized: every run tries the same examples, so a failure seen
once is seen again, and Hypothesis prints the failing example with the ``@reproduce_failure`` blob.
``HYPOTHESIS_PROFILE=dev`` (or ``--hypothesis-profile=dev``) explores new random examples instead, and
keeps what it finds in the local example database.
"""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


SHARED = {"ui": "browser", "site": "site"}  # folders of tests/ whose tests share one process's session fixtures


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (the README's ``-n``, ``--dist loadgroup``) what shares a process stays in one worker.

    A notebook's cells run in order in one kernel, and a test module's fixtures are built once: each is one group.
    The browser tests share one JupyterLab and one Chromium, the site tests one built site: a group each.
    """
    root = config.rootpath
    for item in items:
        path = Path(str(item.path)).resolve()
        parts = path.relative_to(root).parts if path.is_relative_to(root) else path.parts
        shared = SHARED.get(parts[1]) if len(parts) > 2 and parts[0] == "tests" else None
        item.add_marker(pytest.mark.xdist_group(shared or "/".join(parts)))
