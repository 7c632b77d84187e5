"""The evidence records' fast constructor (engine/records.py) gives the same record as the dataclass's own."""

import dataclasses

import pytest

from greatwall_kit.chang_cheng.cards import Reveal
from greatwall_kit.chang_cheng.scoring import ProvinceScoring, RegionAttack
from greatwall_kit.the_great_wall.combat import Breach, Defeat


@pytest.mark.parametrize("cls", [ProvinceScoring, RegionAttack, Reveal, Breach, Defeat])
def test_a_record_built_fast_equals_the_one_the_dataclass_builds(cls):
    values = range(len(dataclasses.fields(cls)))
    fast, slow = cls._of(*values), cls(*values)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.__setattr__(dataclasses.fields(cls)[0].name, -1)
