"""The evidence records' fast constructors give the same record as the class's own: engine/records.py's for
Dschingis Khan's dataclasses, ``tuple.__new__`` with every value (``_make`` without its Python call) for the named
tuples Chang Cheng builds at every scoring and attack and The Great Wall at every Assault."""

import dataclasses

import pytest

from greatwall_kit.chang_cheng.cards import Reveal
from greatwall_kit.chang_cheng.evidence import ProvinceScoring, RegionAttack
from greatwall_kit.dschingis_khan.scoring import VillageScore
from greatwall_kit.dschingis_khan.walls import Resolution
from greatwall_kit.the_great_wall.evidence import Breach, Defeat, FinalScore, ShamedBreach


@pytest.mark.parametrize("cls", [VillageScore, Resolution])
def test_a_record_built_fast_equals_the_one_the_dataclass_builds(cls):
    values = range(len(dataclasses.fields(cls)))
    fast, slow = cls._of(*values), cls(*values)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.__setattr__(dataclasses.fields(cls)[0].name, -1)


@pytest.mark.parametrize("cls", [ProvinceScoring, RegionAttack, Reveal, Breach, Defeat, FinalScore, ShamedBreach])
def test_a_tuple_record_built_fast_equals_the_one_its_constructor_builds(cls):
    values = range(len(cls._fields))
    fast, slow = tuple.__new__(cls, values), cls(*values)
    assert type(fast) is cls and fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert repr(fast).startswith(f"{cls.__name__}({cls._fields[0]}=0, ")
    with pytest.raises(AttributeError):
        setattr(fast, cls._fields[0], -1)
    with pytest.raises(AttributeError):  # no instance dict to hide a field behind
        fast.extra = 1
