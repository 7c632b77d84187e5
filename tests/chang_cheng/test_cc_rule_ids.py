"""Each card's and event card's events cite their own rule, and a broken block counts for nothing in Diplomacy."""

import pytest

from .conftest import play
from .test_cards import completing
from .test_expansion_and_end import full_wall


@pytest.mark.parametrize("effect,delta", [("plus", 2), ("minus", -2)])
def test_CC32_a_flood_is_logged_under_CC32(effect, delta):
    game = completing(cards=["blue flood"])
    start = len(game.log)
    play(game, f"flood {effect}")
    floods = [e for e in game.log[start:] if "Flood" in e.sentence]
    assert [(e.rule, e.data["delta"]) for e in floods] == [("CC-32", delta)]
    assert not [e for e in game.log[start:] if e.rule == "CC-33"]


@pytest.mark.parametrize("effect", ["value", "block"])
def test_CC33_a_builder_is_logged_under_CC33(effect):
    game = completing(cards=["green builder"])
    start = len(game.log)
    play(game, f"builder {effect}")
    builders = [e for e in game.log[start:] if "Builder" in e.sentence]
    assert [e.rule for e in builders] == ["CC-33"]
    assert not [e for e in game.log[start:] if e.rule == "CC-32"]


# Red holds provinces 0-2, Green 2-5; Green's only block in province 2 is square 12
DIPLOMACY_WALL = "R R R R R R R R R R R R G  G G GD GD G G G G G G G G G"


def test_CC50_a_broken_block_gives_no_presence_in_its_province():
    whole = full_wall("diplomacy", DIPLOMACY_WALL)
    assert whole.evidence[-1].measure == (3, 4) and whole.points == [0, 4]
    broken = full_wall("diplomacy", DIPLOMACY_WALL.replace("R R G  G", "R R G!  G"))
    assert broken.broken[12] and broken.evidence[-1].measure == (3, 3)
    assert broken.evidence[-1].gains == (4, 4) and broken.points == [4, 4]
    event = next(e for e in broken.log if e.data.get("event") == "diplomacy")
    assert event.rule == "CC-50" and event.data["gains"] == [4, 4]


def test_CC50_a_broken_block_beside_whole_ones_changes_nothing():
    game = full_wall("diplomacy", DIPLOMACY_WALL.replace("R R R R R R R R R R R R G", "R R R R R R R R R R R! R G"))
    assert game.evidence[-1].measure == (3, 4) and game.points == [0, 4]
