"""Card values: Infantry, Noble, Dragon, and the order of the cards (GW-16 to GW-19)."""

import re

import pytest

from greatwall_kit.engine.errors import SetupError
from greatwall_kit.great_wall_of_china import VALUE, Card, Dragon, Options, Play, tally, triangle

from ..support import refused
from .gwoc_support import FULL_DECK, card_count, position

SECOND = {"pair": [2, 8], "cards": []}


def row(*texts):
    """Cards from 'owner kind' pairs, e.g. row('0 wall', '1 gate')."""
    return [Card(int(t.split()[0]), t.split()[1]) for t in texts]


def test_GW01_printed_values():
    assert VALUE == {"wall": 1, "gate": 2, "watchtower": 3, "infantry": 1, "cavalry": 2, "noble": 1, "dragon": 1}
    t = tally(row("0 wall", "0 gate", "0 watchtower", "0 cavalry", "1 dragon"), 2)
    assert t.points == (1, 2, 3, 2, 1) and t.totals == (8, 1)


@pytest.mark.parametrize("n,total", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_GW16_infantry_count_one_two_three_in_total_triangle_numbers(n, total):
    cards = row(*["0 infantry"] * n)
    assert tally(cards, 2).totals == (total, 0) == (triangle(n), 0)
    assert tally(cards, 2).infantry_rank == tuple(range(1, n + 1))


def test_GW16_infantry_need_not_be_adjacent_and_count_per_player():
    cards = row("0 infantry", "1 infantry", "0 wall", "1 infantry", "0 infantry", "0 infantry")
    t = tally(cards, 2)
    assert t.points == (1, 1, 1, 2, 2, 3) and t.totals == (7, 3)
    assert t.infantry_rank == (1, 1, 0, 2, 2, 3)


@pytest.mark.parametrize("reading,named", [
    ({"infantry": "both"}, 'option infantry must be "per_player" or "per_section" (GW-16), not \'both\''),
    ({"covered_infantry": ["not_counted"]}, 'option covered_infantry must be "not_counted" or "still_counted" '
                                            "(GW-18), not ['not_counted']"),
])
def test_GW16_GW18_a_reading_the_options_do_not_know_is_the_kits_error_naming_it(reading, named):
    with pytest.raises(SetupError, match=re.escape(named)):
        Options(**reading)


@pytest.mark.parametrize("options", ["per_section", {"infantry": "per_section"}, None])
def test_GW16_GW18_tally_takes_the_games_options_and_names_anything_else(options):
    with pytest.raises(SetupError, match=re.escape("tally: options must be the game's Options (such as "
                                                   "Options(infantry='per_section')), not ")):
        tally(row("0 infantry", "1 infantry"), 2, options)


def test_GW16_per_section_variant_counts_everyones_infantry_in_one_sequence():
    cards = row("0 infantry", "1 infantry", "0 wall", "1 infantry", "0 infantry")
    t = tally(cards, 2, Options(infantry="per_section"))
    assert t.points == (1, 2, 1, 3, 4) and t.totals == (6, 5)
    game = position([{"pair": [5, 3], "cards": ["Red infantry", "Yellow infantry", "Yellow infantry"]}, SECOND],
                    options={"infantry": "per_section"})
    assert game.sections[0].totals() == (1, 5)
    game = position([{"pair": [5, 3], "cards": ["Red infantry", "Yellow infantry", "Yellow infantry"]}, SECOND])
    assert game.sections[0].totals() == (1, 3)


def test_GW16_GW19_a_group_of_infantry_goes_to_the_right_in_order():
    game = position([{"pair": [5, 3], "cards": ["Yellow gate", "Yellow gate"]}, SECOND],
                    hands={"Red": ["infantry", "infantry", "infantry", "wall"]})
    game.play(Play(1, "infantry", 3))
    section = game.sections[0]
    assert [(c.owner, c.kind) for c in section.cards] == [(1, "gate"), (1, "gate")] + [(0, "infantry")] * 3
    assert section.tally().points == (2, 2, 1, 2, 3) and section.totals() == (6, 4)
    game.play(Play(1, "wall", 1))
    assert section.cards[-1].kind == "wall" and section.cards[-1].owner == 0


def test_GW17_a_noble_makes_every_card_worth_one_before_and_after_it():
    cards = row("0 watchtower", "0 infantry", "0 infantry", "1 noble", "1 gate", "0 cavalry")
    t = tally(cards, 2)
    assert t.noble == 3 and t.points == (1,) * 6 and t.totals == (4, 2)
    game = position([{"pair": [5, 3], "cards": ["Red watchtower", "Yellow wall", "Yellow wall"]}, SECOND],
                    to_act="Yellow", hands={"Yellow": ["noble", "wall"]})
    assert game.sections[0].totals() == (3, 2)
    game.play(Play(1, "noble", 1))
    assert game.sections[0].totals() == (1, 3)


def test_GW18_a_dragon_cancels_a_noble():
    cards = [Card(0, "watchtower"), Card(0, "dragon", beneath=((1, "noble"),)), Card(1, "gate")]
    t = tally(cards, 2)
    assert t.noble is None and t.points == (3, 1, 2) and t.covered == (0, 1, 0)
    game = position([{"pair": [5, 3], "cards": ["Red watchtower", "Yellow noble", "Yellow gate"]}, SECOND],
                    hands={"Red": ["dragon", "wall"]})
    assert game.sections[0].totals() == (1, 2)
    game.play(Dragon(1, 2))
    assert game.sections[0].totals() == (4, 2)
    assert game.sections[0].cards[1].beneath == ((1, "noble"),)
    assert any(e.rule == "GW-18" and e.data["covered"] == "noble" for e in game.log)
    assert card_count(game, 1) == FULL_DECK


def test_GW18_a_dragon_cancels_an_infantry_and_the_rest_move_up():
    cards = [Card(0, "dragon", beneath=((1, "infantry"),)), Card(1, "infantry"), Card(1, "infantry")]
    assert tally(cards, 2).totals == (1, 3)
    game = position([{"pair": [5, 3], "cards": ["Yellow infantry", "Yellow infantry", "Yellow infantry"]}, SECOND],
                    hands={"Red": ["dragon", "wall"]})
    assert game.sections[0].totals() == (0, 6)
    game.play(Dragon(1, 1))
    assert game.sections[0].totals() == (1, 3)


def test_GW18_a_dragon_may_be_played_as_an_ordinary_card():
    game = position([{"pair": [5, 3], "cards": []}, SECOND], hands={"Red": ["dragon", "wall"]})
    assert Play(1, "dragon", 1) in game.legal_moves()
    game.play("play 1 dragon 1")
    assert game.sections[0].totals() == (1, 0)


def test_GW18_a_dragon_goes_on_any_card_without_a_token_in_any_section():
    game = position([{"pair": [5], "cards": ["Yellow gate [3]", "Red wall", "Yellow gate"]},
                     {"pair": [2, 8], "cards": ["Yellow watchtower"]}], hands={"Red": ["dragon", "wall"]})
    dragons = {m for m in game.legal_moves() if isinstance(m, Dragon)}
    assert game.sections[0].totals() == (1, 1)
    assert dragons == {Dragon(1, 2), Dragon(1, 3), Dragon(2, 1)}
    refused(game, Dragon(1, 1), "GW-18")
    refused(game, Dragon(2, 2), "GW-18")
    refused(game, Dragon(3, 1), "GW-18")
    game.play(Dragon(2, 1))
    assert game.sections[1].totals() == (1, 0), "the covered Watchtower scores nothing"


def test_GW18_covering_a_covering_dragon_keeps_the_cards_beneath_cancelled():
    game = position([{"pair": [5, 3], "cards": ["Yellow dragon over Red watchtower"]}, SECOND],
                    hands={"Red": ["dragon", "wall"]})
    assert game.sections[0].totals() == (0, 1)
    game.play(Dragon(1, 1))
    assert game.sections[0].cards[0].beneath == ((0, "watchtower"), (1, "dragon"))
    assert game.sections[0].totals() == (1, 0)
    assert game.sections[0].takes_part() == (True, True), "a covered card still counts as taking part"


def test_GW18_a_dragon_needs_a_dragon_in_hand():
    game = position([{"pair": [5, 3], "cards": ["Yellow gate"]}, SECOND], hands={"Red": ["wall", "wall"]})
    err = refused(game, Dragon(1, 1), "GW-18")
    assert "holds no Dragon" in err.reason
