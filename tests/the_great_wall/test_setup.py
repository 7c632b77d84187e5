"""Set-up (TGW-01 to TGW-10) and the sample data set."""

import json
import os
import random

import pytest

from greatwall_kit.engine import LayoutError, PositionError, SetupError
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.the_great_wall import CLANS, TheGreatWall, load_catalog, new_game
from greatwall_kit.the_great_wall.catalog import DATA
from greatwall_kit.the_great_wall.schema import RESOURCES, validate

from .conftest import position, sentences, texts


def choose_all(game):
    """Each player keeps their first General and first Advisor."""
    while game.season == "setup":
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize("players,sections", [(1, 3), (2, 3), (3, 2), (4, 3)])
def test_TGW01_TGW47_one_to_four_players_and_board_sides(players, sections):
    game = new_game(players=players, seed=1)
    assert game.players == players and len(game.sections) == sections
    assert game.player_names[:4] == CLANS == ("Crane", "Tiger", "Dragon", "Phoenix")
    with pytest.raises(SetupError):
        new_game(players=5)
    with pytest.raises(SetupError):
        new_game(players=0)


def test_TGW01_solo_game_plays_the_ordinary_rules_to_the_end():
    game = new_game(players=1, seed=3)
    play_randomly(game, 3)
    assert game.is_over and game.winners() == (0,)
    assert game.result.reason


def test_TGW02_first_year_has_only_fall_and_winter_then_all_four_seasons():
    game = choose_all(new_game(players=2, seed=2))
    seasons = []
    rng = random.Random(0)
    while not game.is_over and game.year <= 2:
        if not seasons or seasons[-1] != (game.year, game.season):
            seasons.append((game.year, game.season))
        game.play(rng.choice(game.legal_moves()))
    year1 = [s for y, s in seasons if y == 1]
    assert year1 == ["fall", "winter"]
    log = sentences(game, "TGW-02")
    assert log[0] == "Year 1 begins; the first Year skips Spring and Summer."
    spring = [i for i, e in enumerate(game.log) if e.rule == "TGW-11"]
    summer = [i for i, e in enumerate(game.log) if e.rule == "TGW-16"]
    fall2 = [i for i, e in enumerate(game.log) if e.rule == "TGW-18" and e.decision and i > spring[0]]
    assert spring and summer and fall2 and spring[0] < summer[0] < fall2[0]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_TGW03_shame_pool_holds_ten_per_player(players):
    assert new_game(players=players).shame_pool == 10 * players


def test_TGW04_each_clan_has_its_components():
    game = new_game(players=4, seed=5)
    for clan in game.clans:
        assert len(clan["hand"]) == 6
        assert clan["clerks"] + clan["clerk_supply"] == 8
        assert clan["reserve"] == {"spearman": 10, "archer": 4, "horseman": 2}


def test_TGW05_one_horde_card_per_first_row_slot_plus_invasion_indicators():
    for players in (1, 2, 3):
        game = new_game(players=players, seed=4)
        assert [len(s["rows"]) for s in game.sections] == [1] * len(game.sections)
    game = new_game(players=4, seed=4)
    assert [len(s["rows"]) for s in game.sections] == [2, 1, 2]  # Invasion indicators on sections 0 and 2


def test_TGW06_every_barricade_slot_starts_filled():
    assert sum(s["barricades"] for s in new_game(players=2).sections) == 9
    assert sum(s["barricades"] for s in new_game(players=3).sections) == 6  # the 2-section board


def test_TGW07_generals_and_advisors_are_chosen_in_secret():
    game = new_game(players=2, seed=1)
    dealt = game.clans[0]["dealt"]
    assert texts(game) == [f"general {g}" for g in dealt]
    game.play(f"general {dealt[1]}")
    assert game.view(1)["public"]["clans"][0]["general"] is None  # hidden until all have chosen
    assert game.view(0)["private"]["general"] == dealt[1]
    advisors = game.clans[0]["dealt_advisors"]
    game.play(f"advisor {advisors[0]}")
    assert game.clans[0]["active"] == [advisors[0]] and game.clans[0]["support"] == [advisors[1]]
    assert game.to_act == 1
    choose_all(game)
    public = game.view(None)["public"]["clans"][0]
    assert public["general"] == dealt[1] and public["active"] == [advisors[0]]
    assert public["supporting"] == 1 and advisors[1] not in json.dumps(game.view(1)["public"])
    assert game.view(0)["private"]["supporting"] == [advisors[1]]


def test_TGW08_advisor_track_shows_four():
    game = new_game(players=4, seed=3)
    assert len(game.advisor_track) == 4
    assert len(game.advisor_deck) == 20 - 8 - 4


def test_TGW09_three_clerks_and_the_generals_starting_resources():
    game = choose_all(new_game(players=2, seed=6))
    cat = game.cat
    for clan in game.clans:
        gen = cat.generals[clan["general"]]
        assert clan["clerks"] == 3
        assert {r: clan[r] for r in ("wood", "stone", "gold", "chi")} == {r: gen["start"].get(r, 0) for r in (
            "wood", "stone", "gold", "chi")}  # nothing else has been gathered yet
        assert clan["barracks"] == {k: gen["start_soldiers"][k] for k in ("spearman", "archer", "horseman")}
        assert len(clan["tactics"]) == gen["start_tactics"]


def test_TGW10_honor_zero_and_tea_by_descending_tea_value():
    game = choose_all(new_game(players=4, seed=8))
    teas = [game.cat.generals[game.clans[p]["general"]]["tea"] for p in game.tea]
    assert teas == sorted(teas, reverse=True)
    assert all(c["honor"] == 0 for c in game.clans)


def test_sample_data_says_it_is_the_kits_invention():
    text = (DATA / "sample.json").read_text()
    first = next(iter(json.loads(text)))
    assert first == "notice" and "NOT the published cards" in json.loads(text)["notice"]


def test_bad_data_is_refused_with_a_layout_error(tmp_path):
    doc = json.loads((DATA / "sample.json").read_text())
    doc["horde"][0]["spots"] = ["diamonds"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(LayoutError, match=r"horde\[0\]\.spots\[0\] must be null or one of .*, not 'diamonds'"):
        load_catalog(str(bad))
    # move texts are read ignoring case, so an id "G1" could not be told from "g1"
    doc = json.loads((DATA / "sample.json").read_text())
    doc["generals"][0]["id"] = "G1"
    bad.write_text(json.dumps(doc))
    with pytest.raises(LayoutError, match=r"generals\[0\]\.id must be a one-word id in lower case .*, not 'G1'"):
        load_catalog(str(bad))
    with pytest.raises(LayoutError, match="no data set"):
        new_game(data="nowhere")
    bad.write_text("{not json")
    with pytest.raises(LayoutError, match="not readable JSON"):
        load_catalog(str(bad))


def field_paths(x, path=()):
    """Every field of a data document (the first item of each list stands for all)."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield path + (k,)
            yield from field_paths(v, path + (k,))
    elif isinstance(x, list) and x:
        yield path + (0,)
        yield from field_paths(x[0], path + (0,))


def test_every_missing_or_mistyped_field_is_refused_by_name():
    """A class's typing mistake is refused at load time, naming the field, never a KeyError mid-game."""
    sample = json.loads((DATA / "sample.json").read_text())
    refused = 0
    for path in field_paths(sample):
        for change in ("del", "oops"):
            doc = json.loads(json.dumps(sample))
            parent = doc
            for key in path[:-1]:
                parent = parent[key]
            if change == "del" and isinstance(parent, list):
                continue
            # Still a valid data set: any text as a name or id, a cost that omits a resource, no invasion.
            still_valid = ((change == "oops" and path[-1] in ("notice", "name", "id"))
                           or (change == "del"
                               and (set(parent) <= set(RESOURCES) or path[-2:-1] == ("invasion_indicators",)
                                    or (path[0] in ("command_cards", "tactics") and path[-1] == "name"))))
            if change == "del":
                del parent[path[-1]]
            else:
                parent[path[-1]] = "oops"
            if still_valid:
                validate(doc)
                continue
            with pytest.raises(LayoutError) as err:
                validate(doc)
            keys = [k for k in path if isinstance(k, str)]
            assert str(err.value).startswith("data set: ") and any(k in str(err.value) for k in keys[-2:]), (
                change, path, str(err.value))
            refused += 1
    assert refused > 150


def test_replacement_data_is_played(tmp_path):
    doc = json.loads((DATA / "sample.json").read_text())
    doc["notice"] = "A class's own cards."
    doc["board"]["wall_values"] = [5, 7, 9, 11]
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(doc))
    game = new_game(players=2, data=str(mine))
    assert game.cat.notice == "A class's own cards." and game.defense(0) == 5 + 2 * 3


def test_an_edited_data_file_is_read_again(tmp_path):
    doc = json.loads((DATA / "sample.json").read_text())
    mine = tmp_path / "edited.json"
    mine.write_text(json.dumps(doc))
    assert new_game(data=str(mine)).defense(0) == 2 + 6
    doc["board"]["wall_values"] = [3, 5, 7, 9]
    mine.write_text(json.dumps(doc))
    os.utime(mine, ns=(1, 10**18))  # a different modification time, whatever the clock's resolution
    assert new_game(data=str(mine)).defense(0) == 3 + 6


@pytest.mark.parametrize("players,options", [(1, {}), (2, {"fall_rounds": 3}), (4, {"fall_rounds": 1})])
def test_a_new_game_starts_from_a_blank_that_no_game_changes(players, options):
    """Set-up copies what every game of a data set, player count and number of Fall rounds starts from (made once:
    ``game._blank``). A game played to its end, with these options or others, leaves the next game's start as a blank
    made afresh sets it up."""
    from greatwall_kit.the_great_wall import game as module

    for opts in ({}, options, {}):
        play_randomly(new_game(players=players, seed=5, **opts), 5)
    cached = new_game(players=players, seed=5, **options)
    module._BLANKS.clear()
    fresh = new_game(players=players, seed=5, **options)
    assert cached.snapshot() == fresh.snapshot()
    assert len(fresh.track) == options.get("fall_rounds", 2)


def test_TGW02_a_first_year_position_has_no_spring_and_goes_from_fall_to_winter():
    with pytest.raises(PositionError) as err:
        TheGreatWall.from_position(position(season="spring", year=1))
    assert err.value.rule == "TGW-02" and "the first Year has no Spring" in str(err.value)
    game = TheGreatWall.from_position(position(season="fall", year=1, clans=[{"hand": ["attack"]}, {"hand": []}]))
    game.replay(["command attack", "slot 0"])
    assert game.year == 2 and game.prompt[0] == "reclaim"  # Year 1's Winter came; Year 2 is in its Summer...
    springs = [e for e in game.log if e.rule == "TGW-11"]
    assert len(springs) == 1 and sentences(game, "TGW-02") == ["Year 2 begins."]  # ...after its Spring
    assert [e.rule for e in game.log if e.rule in ("TGW-21", "TGW-11", "TGW-16")] == ["TGW-21", "TGW-11", "TGW-16"]
