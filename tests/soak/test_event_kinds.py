"""Every kind of event cites the rule pinned for it in ``event_kinds.json`` (see ``event_kinds.py``)."""

import json

import pytest

from tests.games import names

from .event_kinds import TABLE, observed
from .invariants import own_rule

PINNED = json.loads(TABLE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def seen():
    return observed()


@pytest.mark.parametrize("name", sorted(names()))
def test_every_event_kind_cites_its_pinned_rule(seen, name):
    pinned, now = PINNED.get(name, {}), seen[name]
    new = sorted(set(now) - set(pinned))
    assert not new, f"new kinds of event (pin them with tests/soak/event_kinds.py): {new}"
    moved = {k: (pinned[k], rules) for k, rules in now.items() if not set(rules) <= set(pinned[k])}
    assert not moved, f"kinds of event citing another rule than pinned (pinned, now): {moved}"


@pytest.mark.parametrize("name", sorted(names()))
def test_pinned_rules_exist_and_are_the_games_own(name):
    assert name in PINNED, f"{name} has no pinned kinds of event: pin them with tests/soak/event_kinds.py {name}"
    for rules in PINNED[name].values():
        for rule in rules:
            assert own_rule(rule, name)
