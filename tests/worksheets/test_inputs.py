"""Bad input gets the kit's error naming what is wrong; printing touches no record; the same input, the same bytes."""

import re
import sys
import tempfile
from pathlib import Path

import pytest

from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.dschingis_khan import DschingisKhan
from greatwall_kit.engine.errors import GreatWallError, PositionError
from greatwall_kit.exercises import Exercise, as_int, record
from greatwall_kit.exercises import chang_cheng as cc
from greatwall_kit.exercises import dschingis_khan as dk
from greatwall_kit.worksheets import answer_key, exercises_of, main, worksheet, write
from greatwall_kit.worksheets.pdf import printable

from .conftest import page_texts

pytest.importorskip("fpdf", reason="worksheets need fpdf2 (the [print] extra)")

TOWERS = {"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0], "threat": [-2, -3, -4, -2, -3, -4],
          "wall": "R . . . . GT .g . . . . . . | . . . . . . . . . . . . ."}


def page_texts_of(pdf):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        return page_texts(path)


@pytest.fixture(scope="module")
def towers():
    with record._aside():
        return [cc.double_points(ChangCheng.from_position(TOWERS), 2)]


@pytest.mark.parametrize("exercises, kwargs, message", [
    ([], {}, "needs at least one exercise"),
    ("Is 'double 6' legal now?", {}, "takes a list of exercises, not \"Is 'double 6'"),
    (None, {}, "takes a list of exercises, not None"),
    ([ChangCheng.from_position(TOWERS)], {}, r"item 1 of a worksheet is an exercise .* not ChangCheng"),
    (["an exercise"], {}, r"item 1 of a worksheet is an exercise .* not 'an exercise'"),
    ("towers", {"paper": "A5"}, "A4 or Letter paper, not 'A5'"),
    ("towers", {"paper": 4}, "A4 or Letter paper, not 4"),
    ("towers", {"title": ""}, "title is text of at most 100 characters, not ''"),
    ("towers", {"title": None}, "title is text of at most 100 characters, not None"),
    ("towers", {"title": "T" * 101}, "title is text of at most 100 characters, not 'TTT"),
    ("towers", {"subtitle": 7}, "subtitle is text of at most 400 characters, not 7"),
])
@pytest.mark.parametrize("build", [worksheet, answer_key])
def test_bad_input_gets_the_kits_error(build, exercises, kwargs, message, towers):
    if exercises == "towers":  # a good list of exercises (a fixture: built once, aside from the record)
        exercises = towers
    kwargs = {"title": "Towers", **kwargs}
    with pytest.raises(GreatWallError, match=message):
        build(exercises, **kwargs)


def test_write_refuses_a_file_name_with_a_folder_and_writes_nothing(towers, tmp_path):
    with pytest.raises(GreatWallError, match="plain name without a folder"):
        write(towers, tmp_path, "../towers", title="Towers")
    with pytest.raises(GreatWallError, match="A4 or Letter paper, not 'A3'"):
        write(towers, tmp_path, "towers", title="Towers", papers=["Letter", "A3"])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("notebook", ["99", "1", 11, None, "11-chang-cheng-typo"])
def test_an_unknown_notebook_is_named(notebook):
    with pytest.raises(GreatWallError, match="the worksheets go with notebooks 11, 12, 13, 21, 31, 32, 33, 41, 42"):
        exercises_of(notebook)


def test_the_command_refuses_an_unknown_notebook_without_writing(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--out", str(tmp_path / "out"), "77"])
    assert stopped.value.code == 2
    assert "the worksheets go with notebooks 11, 12, 13, 21, 31, 32, 33, 41, 42, not '77'" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_position_the_rules_refuse_names_the_rule():
    """A worksheet of a position that is not legal never gets built: the engine refuses it with the rule."""
    with pytest.raises(PositionError, match=r"\[CC-\d\d\]") as refused:
        worksheet([cc.double_points(ChangCheng.from_position({**TOWERS, "wall": "RT RT" + " ." * 24}), 2)],
                  title="Towers")
    assert refused.value.rule is not None


def test_an_exercise_whose_moves_the_engine_refuses_names_the_rule():
    with pytest.raises(GreatWallError, match=r"moves cannot be played: .*\[CC-\d\d\]"):
        worksheet([cc.province_scorers(ChangCheng.from_position(TOWERS), ["tower 4"])], title="Towers")


def test_a_scout_position_the_rules_refuse_names_the_rule():
    with pytest.raises(PositionError, match=r"two scouts stand in one village \[DK-15\]"):
        worksheet([dk.scout_destinations(DschingisKhan.from_position(
            {"players": 2, "scouts": {"Red": [2, 2], "Green": [2, 2]}}))], title="Scouts")


def test_a_long_question_puts_its_board_on_the_next_page():
    with record._aside():
        long = Exercise("How many blocks? " * 120, 2, explain="Two.", rule="CC-22", parse=as_int,
                        position=ChangCheng.from_position(TOWERS))
    pdf = worksheet([long], title="Long")
    assert pdf.count(b"/Type /Page\n") == 2


def test_an_exercise_without_a_position_gets_its_question_and_lines():
    with record._aside():
        bare = Exercise("How many squares has a Chang Cheng board?", 13, explain="Thirteen.", parse=as_int)
    text = page_texts_of(worksheet([bare], title="Bare"))
    assert text == ["Bare Name: ______________________ Class: ________ Date: ____________ Work out each answer "
                    "from the board and the rules, then write it down with the rule that decides it. Exercise 1 "
                    "How many squares has a Chang Cheng board? Your answer: Why: Rules (IDs) that decide it: "
                    "Bare · page 1 of 1"]


def test_without_fpdf2_the_kit_says_what_to_install(monkeypatch, towers):
    monkeypatch.setitem(sys.modules, "fpdf", None)  # import fpdf now raises ImportError
    with pytest.raises(GreatWallError, match=r"worksheets need fpdf2: pip install 'greatwall_kit\[print\]'"):
        worksheet(towers, title="Towers")


def test_printing_adds_nothing_to_the_students_record(tmp_path):
    record._reset()
    own = Exercise("How many blocks?", 2, explain="Two.", rule="CC-22", parse=as_int,
                   position=ChangCheng.from_position(TOWERS))
    before = {k: list(e.events) for k, e in record._current().entries.items()}
    answer_key([own], title="Mine")
    write(exercises_of("12"), tmp_path, "towers", title="Towers", papers="Letter")
    assert {k: list(e.events) for k, e in record._current().entries.items()} == before
    record._reset()


def test_the_same_exercises_give_the_same_bytes(towers):
    assert worksheet(towers, title="Towers") == worksheet(towers, title="Towers")
    assert answer_key(towers, title="Towers", paper="Letter") == answer_key(towers, title="Towers", paper="Letter")


def test_a_picture_is_rewritten_for_fpdf2():
    """fpdf2 ignores <pattern> fills: the China side of Dschingis Khan becomes its colour with stripes."""
    svg = exercises_of("31")[0].picture()
    assert 'fill="url(#gw-dk-china)"' in svg and "<title>" in svg
    done = printable(svg)
    assert "url(#" not in done and "<pattern" not in done and "<title>" not in done
    assert set(re.findall(r'font-family="([^"]*)"', done)) == {"DejaVu Sans"}
    china = svg.count('fill="url(#gw-dk-china)"')
    assert done.count('fill="#CFE3C4"') == china
    assert done.count('stroke="#B7D0AA"') >= 5 * china  # stripes across each square
