"""The rule registry: a rule ID names one rule of one game."""

import pytest

from greatwall_kit import rules
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.rules import RuleBook, lookup


def test_a_rule_id_another_game_uses_is_the_kits_error_naming_it_and_registers_nothing():
    kept = rules.get("CC-22")
    book = RuleBook("a fifth game", "Its Rulebook")
    with pytest.raises(GreatWallError, match=r"rule ID 'CC-22' is already used by chang_cheng"):
        book.add("CC-22", "Setup", "Each player starts with 3 blocks.")
    assert lookup("CC-22") is kept and list(book) == []
