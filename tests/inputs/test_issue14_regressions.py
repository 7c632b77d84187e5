"""Every input named in issue 14 (part A): refused with the kit's own error, or played without a stall."""

import copy
import json

import pytest

import greatwall_kit
import greatwall_kit.exercises.chang_cheng
from greatwall_kit import GreatWallError, LayoutError, PositionError, SaveFileError, SetupError, load, new_game
from greatwall_kit.bots import MCTSBot, RandomBot, play_match
from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.chang_cheng.board import DATA as CC_DATA
from greatwall_kit.dschingis_khan import DschingisKhan
from greatwall_kit.engine.digits import read_whole
from greatwall_kit.exercises import as_choice
from greatwall_kit.great_wall_of_china import GreatWallOfChina
from greatwall_kit.sim import simulate, tournament
from greatwall_kit.the_great_wall import TheGreatWall
from greatwall_kit.widgets import Board, Stepper

from .documents import CC, DK, GWOC, TGW, all_tiles_on_board, played_save, tight_layout


def changed(doc, path, value):
    doc = copy.deepcopy(doc)
    where = doc
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return doc


def assert_playable(game):
    """After acceptance: over exactly when no one is to act, else a legal move is offered."""
    assert game.is_over == (game.to_act is None)
    if not game.is_over:
        assert len(game.legal_moves()) > 0


# -- options ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,options,words", [
    ("dschingis_khan", {"layout": 5}, r"layout must be .*rectangle:CxR.*not 5"),
    ("dschingis_khan", {"layout": "rectangle:100000x100000"}, r"layout must be .*each 2 to 40"),
    ("dschingis_khan", {"layout": "rectangle:41x3"}, r"2 to 40 columns and rows"),
    ("dschingis_khan", {"branch_walls_block_tracks": "no"}, r"branch_walls_block_tracks must be true or false"),
    ("the_great_wall", {"fall_rounds": "x"}, r"fall_rounds must be a whole number from 1 to 6.*not 'x'"),
    ("the_great_wall", {"fall_rounds": 2.0}, r"fall_rounds must be a whole number"),
    ("the_great_wall", {"fall_rounds": 7}, r"fall_rounds must be a whole number from 1 to 6.*not 7"),
    ("the_great_wall", {"defeat_tie": "seat_order"}, r"defeat_tie must be \"tea_order\" or \"no_claim\""),
    ("the_great_wall", {"data": None}, r"data must be a card data set.*not None"),
    ("chang_cheng", {"layout": ["standard"]}, r"layout must be a layout's name"),
    ("chang_cheng", {"dominance_tower": True}, r"dominance_tower must be 1 or 2"),
    ("great_wall_of_china", {"cavalry": {"x": 1}}, r"cavalry must be \"one_card\" or \"group\""),
])
def test_bad_options_are_a_setup_error_naming_the_option(game, options, words):
    with pytest.raises(SetupError, match=words):
        new_game(game, **options)


def test_a_lattice_larger_than_40_by_40_is_refused_also_from_a_layout_document_or_a_save():
    with pytest.raises(LayoutError, match="from 2 to 40"):
        new_game("dschingis_khan", layout={"columns": 100000, "rows": 100000, "great_wall": [[0, 1], [100000, 1]]})
    save = played_save("dschingis_khan", layout="rectangle:6x4")
    for layout in ("rectangle:100000x100000", {"columns": 41, "rows": 3, "great_wall": [[0, 1], [41, 1]]}):
        save["options"]["layout"] = layout
        with pytest.raises(SaveFileError, match="40"):
            load(json.dumps(save))
    assert len(new_game("dschingis_khan", layout="rectangle:40x40").board.villages) == 1600


@pytest.mark.parametrize("layout", ["rectangle:\u0666x4", "rectangle: 6x4", "rectangle:6_0x4", "rectangle:6x4x2"])
def test_a_position_names_a_rectangle_with_the_digits_0_to_9_as_the_options_do(layout):
    # the options schema refused these; a position document's layout was read with int() and accepted the first two
    with pytest.raises(SetupError, match="not of the form 'rectangle:CxR'"):
        DschingisKhan.from_position({"players": 2, "layout": layout})
    assert len(DschingisKhan.from_position({"players": 2, "layout": "rectangle:6x4"}).board.villages) == 24


@pytest.mark.parametrize("game,option,value", [("the_great_wall", "fall_rounds", "x"),
                                               ("the_great_wall", "data", None),
                                               ("dschingis_khan", "layout", 5),
                                               ("chang_cheng", "players", 3)])
def test_a_save_with_bad_options_is_a_save_file_error(game, option, value):
    save = played_save(game)
    save["options"][option] = value
    with pytest.raises(SaveFileError):
        load(json.dumps(save))


# -- position documents: wrong types under known keys ----------------------------------------------

@pytest.mark.parametrize("cls,doc,path,value,words", [
    (ChangCheng, CC, ["wall"], None, r"position: wall must be .*not None"),
    (ChangCheng, CC, ["cards"], {"0": None}, r"position: cards\.0 must be a list of cards"),
    (ChangCheng, CC, ["known"], {"red": 5}, r"position: known\.red must be a list of region numbers, not 5"),
    (ChangCheng, CC, ["first_turn"], "yes", r"position: first_turn must be true or false, not 'yes'"),
    (GreatWallOfChina, GWOC, ["sections", 0, "cards"], None, r"sections\[0\]\.cards must be a list of cards"),
    (GreatWallOfChina, GWOC, ["hands", "Red", 0], ["wall"], r"hands\.Red\[0\] must be a card kind, not \['wall'\]"),
    (TheGreatWall, TGW, ["sections", 0, "horde", 0], "h02", r"sections\[0\]\.horde\[0\] must be a Horde card"),
    (TheGreatWall, TGW, ["clans", 0], None, r"clans\[0\] must be a clan, not None"),
    (DschingisKhan, DK, ["scouts", "Red"], "3,1", r"scouts\.Red must be a field \[c, r\] or null"),
])
def test_a_value_of_the_wrong_type_is_a_position_error_with_its_path(cls, doc, path, value, words):
    with pytest.raises(PositionError, match=words):
        cls.from_position(changed(doc, path, value))


@pytest.mark.parametrize("cls,doc,path,value,words", [
    # int() read the Arabic-Indic digits: a token [٥] was 5, a spot S٠ was player 0's Spearman
    (GreatWallOfChina, GWOC, ["sections", 0, "cards", 1], "Yellow wall [٥]", r"'Yellow wall \[٥\]' is not a card"),
    (TheGreatWall, TGW, ["sections", 0, "horde", 0, "spots", 0], "S٠", r"'S٠' is not '\.', 'W', 'S<player>'"),
    # a dict made in Python: province None raised TypeError, 0.5 was province 0 (a whole number is its digits)
    (ChangCheng, CC, ["cards"], {None: ["red flood"]}, r"cards has the key None: a key is a text"),
    (ChangCheng, CC, ["cards"], {0.5: ["red flood"]}, r"cards has the key 0\.5: a key is a text"),
])
def test_numbers_in_a_position_are_whole_numbers_written_with_the_digits_0_to_9(cls, doc, path, value, words):
    with pytest.raises(PositionError, match=words):
        cls.from_position(changed(doc, path, value))


def test_a_save_whose_start_is_malformed_is_a_save_file_error():
    game = ChangCheng.from_position(CC, seed=2)
    save = json.loads(game.to_json())
    save["start"]["wall"] = None
    with pytest.raises(SaveFileError, match="wall must be"):
        load(json.dumps(save))


# -- impossible positions: refused with the rule they break ----------------------------------------

@pytest.mark.parametrize("cls,doc,path,value,rule", [
    (TheGreatWall, TGW, ["clans", 0, "shame"], -3, "TGW-03"),
    (TheGreatWall, TGW, ["clans", 0, "barracks"], {"spearman": -3}, "TGW-04"),
    (TheGreatWall, TGW, ["clans", 0, "rest"], {"archer": -1}, "TGW-04"),
    (TheGreatWall, TGW, ["clans", 0, "honor"], -1, "TGW-43"),
    (TheGreatWall, TGW, ["track"], [[[5, "levy"], None]], "TGW-19"),
    (TheGreatWall, {**TGW, "season": "fall"}, ["track"], [[[0, "levy"], [1, "muster"]]], "TGW-16"),
    (TheGreatWall, TGW, ["clans", 0, "hand"], ["attack", "attack"], "TGW-04"),
    (TheGreatWall, TGW, ["clans", 0, "discard"], ["levy"], "TGW-04"),  # levy is on the track too
    (ChangCheng, CC, ["wall"], "R! G R" + " ." * 23, "CC-30"),
])
def test_TGW03_TGW04_TGW16_TGW19_TGW43_CC30_impossible_positions_name_the_rule(cls, doc, path, value, rule):
    with pytest.raises(PositionError) as err:
        cls.from_position(changed(doc, path, value))
    assert err.value.rule == rule


@pytest.mark.parametrize("resource", ["wood", "stone", "gold", "chi"])
def test_a_negative_resource_is_refused_without_citing_the_shame_rule(resource):
    with pytest.raises(PositionError, match=f"{resource} is -2; it cannot be below 0") as err:
        TheGreatWall.from_position(changed(TGW, ["clans", 1, resource], -2))
    assert err.value.rule != "TGW-43"


def test_TGW16_a_fall_position_with_an_empty_track_plays_to_the_winter():
    game = TheGreatWall.from_position({**TGW, "season": "fall", "track": []})
    for _ in range(200):
        assert_playable(game)
        if game.season == "winter" or game.is_over:
            break
        game.play(game.legal_moves()[0])
    assert game.season == "winter" or game.is_over


# -- Dschingis Khan: the end from the start ---------------------------------------------------------

def test_DK28_no_piece_left_anywhere_ends_the_game_instead_of_recursing():
    doc = {"players": 2, "layout": tight_layout(), "stacks": all_tiles_on_board("Red", "Green"),
           "scouts": {"Red": [0, 0], "Green": [5, 5]}, "turn": "Red"}
    game = DschingisKhan.from_position(doc)
    assert game.is_over and game.to_act is None
    assert [e.rule for e in game.log if e.data.get("player") == 1 and e.rule == "DK-28"] == ["DK-28"]


@pytest.mark.parametrize("turn,phase,announcer", [("Green", "take", "Red"), ("Red", "place", "Red")])
def test_DK28_two_empty_supplies_start_the_final_round_naming_who_announced(turn, phase, announcer):
    doc = {"players": 2, "layout": tight_layout(), "stacks": all_tiles_on_board("Red"),
           "scouts": {"Red": [0, 0], "Green": [5, 5]}, "turn": turn, "phase": phase}
    game = DschingisKhan.from_position(doc)
    names = game.player_names
    assert game.trigger == names.index(announcer)
    assert any(f"{announcer} has announced the end" in e.sentence for e in game.log if e.rule == "DK-28")
    for _ in range(500):
        assert_playable(game)
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
    turns = [e.data["player"] for e in game.log if e.rule == "DK-06"]
    assert game.is_over and turns[-1] == names.index(announcer)  # the final round ends with the announcer's turn


def test_DK28_an_announcer_without_two_empty_supplies_is_refused():
    with pytest.raises(PositionError) as err:
        DschingisKhan.from_position({**DK, "announced_by": "Green"})
    assert err.value.rule == "DK-28"


# -- files: a save carries data, never a path ------------------------------------------------------

def test_a_chang_cheng_save_carries_a_custom_layouts_content_and_loads_without_the_file(tmp_path):
    doc = json.loads((CC_DATA / "standard.json").read_text())
    doc["name"] = "mine"
    doc["boards"][0]["faces"][0].update(provinces=[3, 6, 4], regions=[4, 4, 5])
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc))
    game = new_game("chang_cheng", players=2, seed=3, layout=str(path))
    game.play(game.legal_moves()[0])
    text = game.to_json()
    assert str(tmp_path) not in text
    path.unlink()  # the loader's machine has no such file
    again = load(text)
    assert again.layout.face("1A").provinces == (3, 6, 4) and again.snapshot() == game.snapshot()


def test_a_the_great_wall_save_carries_its_own_data_set(tmp_path):
    from greatwall_kit.the_great_wall.catalog import DATA

    doc = json.loads((DATA / "sample.json").read_text())
    doc["name"] = "ours"
    path = tmp_path / "ours.json"
    path.write_text(json.dumps(doc))
    game = new_game("the_great_wall", players=2, seed=1, data=str(path))
    text = game.to_json()
    path.unlink()
    assert str(tmp_path) not in text and load(text).cat.name == "ours"


@pytest.mark.parametrize("game,option", [("chang_cheng", "layout"), ("the_great_wall", "data")])
def test_loading_a_save_never_reads_a_file_it_names(game, option, tmp_path, monkeypatch):
    save = played_save(game)
    planted = tmp_path / "planted.json"
    planted.write_text("{}")
    monkeypatch.chdir(tmp_path)
    for value in (str(planted), "planted.json", "../planted.json"):
        save["options"][option] = value
        with pytest.raises(SaveFileError, match="names a file"):
            load(json.dumps(save))


def test_a_bare_word_names_only_a_data_set_shipped_with_the_kit(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").write_text("{}")
    with pytest.raises(LayoutError, match="no data set 'mine'"):
        new_game("the_great_wall", data="mine")


def test_deeply_nested_documents_are_refused_not_a_recursion_error():
    deep = "[" * 100000 + "]" * 100000
    with pytest.raises(SaveFileError, match="nested too deeply"):
        greatwall_kit.load(deep)
    nested = []
    for _ in range(5000):
        nested = [nested]
    with pytest.raises(PositionError, match="nested too deeply"):
        ChangCheng.from_position({**CC, "wall": nested})


def test_a_huge_list_is_refused_in_a_short_message_at_the_cost_of_reading_it():
    # found by benchmarks/fuzz_inputs.py: every fault quoted a million-item list in full (20 s for a 75 MB save)
    save = played_save("great_wall_of_china")
    save["start"] = {**GWOC, "tokens": {"Yellow": [[4] * 300] * 3000}}
    with pytest.raises(SaveFileError, match=r"tokens\.Yellow must be a list of token values") as err:
        load(json.dumps(save))
    assert len(str(err.value)) < 400


def test_undo_after_the_layout_file_is_gone_rebuilds_the_same_game(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text((CC_DATA / "standard.json").read_text())
    game = new_game("chang_cheng", players=2, seed=3, layout=str(path))
    before = game.snapshot()
    game.play(game.legal_moves()[0])
    path.unlink()
    game.undo()
    assert game.snapshot() == before


def test_the_engine_refuses_any_position_that_leaves_the_player_to_act_without_a_move():
    from ..conformance.example_game import TinyWall

    class Stuck(TinyWall):
        """A game whose position hook accepts a position in which no move is open and the game not over."""

        name = ""

        def _setup_position(self, position):
            self._setup()
            self.stuck = position.get("stuck", False)

        def _legal_moves(self):
            return [] if getattr(self, "stuck", False) else super()._legal_moves()

    assert not Stuck.from_position({"players": 2}).is_over
    with pytest.raises(PositionError, match="without a legal move"):
        Stuck.from_position({"players": 2, "stuck": True})


HUGE = 10**5000  # Python writes no whole number of over 4,300 digits: a message quoting one raised Python's error


@pytest.mark.parametrize("call", [
    lambda g: g.play(HUGE), lambda g: g.parse_move(HUGE), lambda g: g.replay([HUGE]), lambda g: g.view(HUGE),
    lambda g: g.undo(HUGE), lambda g: g.position_at(HUGE), lambda g: g.position_at(event=HUGE),
    lambda g: new_game("chang_cheng", players=HUGE), lambda g: new_game("chang_cheng", seed=HUGE),
    lambda g: new_game("great_wall_of_china", final_scoring=HUGE),
    lambda g: new_game("great_wall_of_china", final_scoring=[HUGE]),
    lambda g: greatwall_kit.exercises.chang_cheng.region_losers(g, HUGE),
    lambda g: greatwall_kit.exercises.Exercise("Who?", "Red", explain="", parse=as_choice(["Red"])).check(HUGE),
    lambda g: RandomBot([HUGE]), lambda g: MCTSBot(seconds=[HUGE]), lambda g: MCTSBot(exploration=[HUGE]),
    lambda g: MCTSBot(playouts=[HUGE]), lambda g: MCTSBot(rollout=[HUGE]), lambda g: MCTSBot(expand=[HUGE]),
    lambda g: Board(g, bot_delay=[HUGE]), lambda g: read_whole([HUGE]),
    lambda g: play_match(g, [RandomBot(), RandomBot()], time_limit=[HUGE]),
    lambda g: play_match(g, [RandomBot(), RandomBot()], max_decisions=[HUGE]),
    lambda g: simulate("chang_cheng", "random", [HUGE]), lambda g: simulate("chang_cheng", "random", 1, workers=[HUGE]),
    lambda g: tournament({"a": RandomBot(), "b": RandomBot()}, "chang_cheng", [HUGE]),
    lambda g: Board(g).seat([HUGE], None), lambda g: Stepper(g, resolution=[HUGE]),
    lambda g: new_game("the_great_wall", data=[HUGE]), lambda g: new_game("chang_cheng", layout=[HUGE]),
    lambda g: ChangCheng.from_position({"options": [HUGE]}),
], ids=["play", "parse_move", "replay", "view", "undo", "position_at", "position_at event", "players", "seed",
        "option", "option list", "exercise builder", "exercise answer", "bot seed", "mcts seconds",
        "mcts exploration", "mcts playouts", "mcts rollout", "mcts expand", "board bot_delay", "read_whole",
        "match time_limit", "match max_decisions", "simulate n_games", "simulate workers", "tournament n_games",
        "board seat", "stepper resolution", "data set", "layout", "position options"])
def test_a_number_too_large_to_write_out_is_refused_in_the_kits_words(call):
    game = new_game("chang_cheng", seed=1)
    game.play(game.legal_moves()[0])
    with pytest.raises(GreatWallError) as err:
        call(game)
    assert len(str(err.value)) < 300


def test_a_board_answers_a_number_too_large_to_write_out_in_its_message():
    board = Board(new_game("chang_cheng", seed=1))
    board.scrub([HUGE])  # a board's actions answer in its message, never raising into the kernel
    assert board.message.startswith("the scrubber") and "4300" not in board.message and len(board.message) < 300
