"""Suite-wide settings: reproducible Hypothesis runs.

The ``ci`` profile (the default) is derandomized: every run tries the same examples, so a failure seen
once is seen again, and Hypothesis prints the failing example with the ``@reproduce_failure`` blob.
``HYPOTHESIS_PROFILE=dev`` (or ``--hypothesis-profile=dev``) explores new random examples instead, and
keeps what it finds in the local example database.

The engine's checks of a game's own code are on (``GREATWALL_KIT_CHECKS=1``, in this process and in the notebook
kernels and worker processes it starts): a job with no method, an event recorded with the wrong values or a
decision asked twice fails where it is made (see ``greatwall_kit.engine.checks``).
"""

import os

os.environ["GREATWALL_KIT_CHECKS"] = "1"  # (before the kit is imported, and inherited by the processes it starts)

from hypothesis import HealthCheck, settings  # noqa: E402

from greatwall_kit.engine import checks  # noqa: E402

checks.enable()  # (in case a plugin imported the kit first)

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_sessionfinish(session):
    """Stop the process's one Playwright (tests/ui and tests/site share it) if a browser test started it."""
    import sys

    ui = sys.modules.get("tests.ui.conftest")
    if ui is not None:
        ui.stop_playwright()
