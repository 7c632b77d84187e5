"""Positions and options typed in Python: read as their JSON form, or refused with the kit's error naming where.

Hypothesis draws Python values (tuples, sets, whole-number and other keys, floats, NaN, complex numbers,
bytes, huge whole numbers, nesting 3,000 deep, a dict holding itself) into every game's position and
options (see :mod:`.python_values`); ``benchmarks/fuzz_inputs.py --kind python`` runs 10,000 per game.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from greatwall_kit import PositionError, SetupError
from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.dschingis_khan import DschingisKhan
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.registry import game_class
from tests import games

from .documents import CC, DK
from .fuzz import CASES
from .python_values import outcome, python_documents, same_game_as_json

#: (game, kind) of the position and options documents of every registered game that has them
DOCUMENTS = [pytest.param(*case, id="-".join(case)) for case in CASES if case[1] in ("position", "options")]
#: the registered games that set up positions
POSITIONED = [game for game, kind in CASES if kind == "position"]


def fuzz(examples):
    return settings(derandomize=True, database=None, deadline=None, print_blob=True, max_examples=examples,
                    suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("game,kind", DOCUMENTS)
@fuzz(40)
@given(rng=st.randoms(use_true_random=False))
def test_a_python_form_of_a_document_builds_the_game_its_json_form_builds(game, kind, rng):
    same_game_as_json(game, kind, rng)


@pytest.mark.parametrize("game,kind", DOCUMENTS)
@fuzz(150)
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_python_values_in_a_document_are_read_as_json_or_refused_naming_where(game, kind, data, rng):
    doc, made = data.draw(python_documents(game, kind), label="document and changes")
    outcome(game, kind, doc, made, rng)


# -- the witnesses of issue 29 --------------------------------------------------------------------

def test_DK20_a_wall_path_of_tuples_is_a_wall_path():
    walls = [[tuple(point) for point in path] for path in DK["walls"]]
    game = DschingisKhan.from_position({**DK, "walls": walls})
    assert game.snapshot() == DschingisKhan.from_position(DK).snapshot()
    assert game.to_json() == DschingisKhan.from_position(DK).to_json()  # the save holds the JSON form


def test_DK11_a_stack_under_a_whole_number_key_is_refused_naming_the_key():
    # raised AttributeError: 'int' object has no attribute 'split' in dschingis_khan/position.py
    with pytest.raises(PositionError, match=r"position: stacks has the key '5', which is not a field \"c,r\""):
        DschingisKhan.from_position({"players": 2, "stacks": {5: ["Red farmer"]}})
    with pytest.raises(PositionError, match=r"stacks has the key \(3, 1\): a key is a text"):
        DschingisKhan.from_position({"players": 2, "stacks": {(3, 1): ["Red farmer"]}})


def test_CC20_a_province_number_may_be_a_whole_number_key():
    as_text = ChangCheng.from_position({**CC, "cards": {"3": ["green traitor"]}})
    assert ChangCheng.from_position({**CC, "cards": {3: ["green traitor"]}}).snapshot() == as_text.snapshot()
    with pytest.raises(PositionError, match=r"cards has the key '3' twice"):
        ChangCheng.from_position({**CC, "cards": {3: ["green traitor"], "3": ["green flood"]}})


@pytest.mark.parametrize("game", POSITIONED)
@pytest.mark.parametrize("value", [1j, {1, 2}, frozenset(), b"Red", float("nan"), float("inf"), object()])
def test_a_value_with_no_json_form_in_a_position_is_refused_naming_its_place(game, value):
    # a complex number crashed the schema check of all four games (TypeError from jsonschema's "minimum")
    doc = games.fixture(game).position
    key = next(k for k in doc if k != "players")
    with pytest.raises(PositionError, match=rf"^position: {key}\b"):
        game_class(game).from_position({**doc, key: value})
    nested = {**doc, "options": {"a": {"b": [value]}}}
    with pytest.raises(GreatWallError, match=r"options"):
        game_class(game).from_position(nested)


@pytest.mark.parametrize("game", POSITIONED)
def test_a_document_holding_itself_or_nested_too_deeply_is_refused(game):
    doc = dict(games.fixture(game).position)
    doc["players"] = loop = [1]
    loop.append(loop)
    with pytest.raises(PositionError, match=r"position: players\[1\] holds itself"):
        game_class(game).from_position(doc)
    deep = [0]
    for _ in range(5000):
        deep = (deep,)
    with pytest.raises(PositionError, match=r"position: options.x\[0\] is nested too deeply"):
        game_class(game).from_position({**games.fixture(game).position, "options": {"x": deep}})


@pytest.mark.parametrize("game,options,words", [
    ("chang_cheng", {"dominance_tower": 1j}, r"dominance_tower must be 1 or 2"),
    ("dschingis_khan", {"layout": ("standard",)}, r"layout must be"),
    ("great_wall_of_china", {"infantry": {"per_section"}}, r"infantry must be"),
    ("the_great_wall", {"fall_rounds": float("nan")}, r"fall_rounds must be a whole number"),
])
def test_options_with_no_json_form_are_a_setup_error_naming_the_option(game, options, words):
    from greatwall_kit import new_game

    with pytest.raises(SetupError, match=words):
        new_game(game, **options)
