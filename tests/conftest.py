"""Suite-wide settings: reproducible Hypothesis runs.

The ``ci`` profile (the default) is derandomized: every run tries the same examples, so a failure seen
once is seen again, and Hypothesis prints the failing example with the ``@reproduce_failure`` blob.
``HYPOTHESIS_PROFILE=dev`` (or ``--hypothesis-profile=dev``) explores new random examples instead, and
keeps what it finds in the local example database.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

