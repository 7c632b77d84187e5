"""Board layouts (a teacher's own files are validated at load) and position documents."""

import copy
import json

import pytest

from greatwall_kit.chang_cheng import ChangCheng, load_layout, new_game, validate_layout
from greatwall_kit.chang_cheng.board import DATA
from greatwall_kit.engine import LayoutError, PositionError

from .conftest import position

STANDARD = json.loads((DATA / "standard.json").read_text())


def test_CC01_standard_layout_has_eight_faces_of_thirteen_squares():
    layout = load_layout("standard")
    assert len(layout.boards) == 4 and len(layout.faces) == 8
    for face in layout.faces:
        assert face.squares == 13 and len(face.provinces) == 3 and len(face.regions) == 3
        assert all(3 <= n <= 6 for n in face.provinces)
    assert "13 wall squares" in " ".join(layout.notes)


@pytest.mark.parametrize("change,message", [
    (lambda d: d["boards"][0]["faces"][0].update(provinces=[2, 5, 6]), "3 provinces of 3 to 6"),
    (lambda d: d["boards"][0]["faces"][0].update(regions=[4, 5, 5]), "regions cover 14"),
    (lambda d: d["boards"][0]["faces"][0].update(regions=[4, 5, 4]), "must be staggered"),
    (lambda d: d["boards"][1]["faces"][1].update(face="1A"), "used twice"),
    (lambda d: d["boards"][0].update(faces=[d["boards"][0]["faces"][0]]), "exactly 2 faces"),
    (lambda d: d.update(threat_counters=[-5] * 15), "threat_counters"),
    (lambda d: d.update(reputation_counters=[1] * 5), "has 5 counters"),
    (lambda d: d.pop("boards"), "no 'boards'"),
])
def test_CC01_bad_layouts_are_refused_with_clear_errors(change, message):
    doc = copy.deepcopy(STANDARD)
    change(doc)
    with pytest.raises(LayoutError, match=message):
        validate_layout(doc)


def test_CC01_a_teachers_layout_file_is_loaded_and_played(tmp_path):
    doc = copy.deepcopy(STANDARD)
    doc["boards"][0]["faces"][0]["provinces"] = [3, 6, 4]
    doc["boards"][0]["faces"][0]["regions"] = [4, 4, 5]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc))
    game = new_game(players=2, layout=str(path))
    assert game.layout.face("1A").provinces == (3, 6, 4)
    path.write_text("{")
    with pytest.raises(LayoutError, match="not JSON"):
        new_game(players=2, layout=str(path))


@pytest.mark.parametrize("extra,rule", [
    ({"wall": "RT RT" + " ." * 24}, "CC-03"),
    ({"wall": "RT . GT" + " ." * 23}, None),
    ({"wall": "RT GT" + " ." * 24}, "CC-12"),
    ({"wall": "RD . RD" + " ." * 23}, "CC-09"),
    ({"wall": "RD! RD" + " ." * 24}, "CC-31"),
    ({"wall": ". .r" + " ." * 24}, "CC-13"),
    ({"wall": "N" + " ." * 25}, "CC-46"),
    ({"wall": " ".join(["R"] * 15) + " ." * 11}, "CC-03"),
    ({"cards": {"0": ["red flood"]}, "used_cards": {"red": ["flood"]}}, "CC-03"),
    ({"wall": "R R R R" + " ." * 22, "cards": {"0": ["red flood"]}}, "CC-07"),
    ({"reputation": [4, 4, 4, 4, 0, 0]}, "CC-02"),
    ({"faces": ["1A", "1B"], "reputation": [0] * 3 + [1] * 3, "threat": [-2] * 3 + [-3] * 3}, "CC-01"),
    ({"emperor_cards": 1}, "CC-23"),
    ({"wall": "R G R G G R R G G R G R G" + " ." * 13}, "CC-36"),  # 3 completed, Emperor cards not set aside
])
def test_CC03_CC12_rule_breaking_positions_are_refused(extra, rule):
    doc = {**position(2), **extra}
    if rule is None:
        ChangCheng.from_position(doc)
        return
    with pytest.raises(PositionError) as err:
        ChangCheng.from_position(doc)
    assert err.value.rule == rule


def test_CC28_position_round_trips_through_a_save():
    from greatwall_kit import load

    game = ChangCheng.from_position(position(3, {0: "R", 1: "G"}, cards={"0": ["blue flood"]}), seed=4)
    game.play("single 2")
    again = load(game.to_json())
    assert again.snapshot() == game.snapshot()
    assert game.view(2)["private"]["placed_cards"] == {"flood": 0}
