"""Every exercise test starts from an empty record: a kernel's record is shared by all the exercises built in it, so
a test's checks would otherwise count as earlier tries of the same exercise in a later test."""

import pytest

from greatwall_kit.exercises import record


@pytest.fixture(autouse=True)
def fresh_record():
    record._reset()
    yield
    record._reset()
