"""Attacking, Firing, Defeat and Breach with their evidence (TGW-30 to TGW-41)."""

import pytest

from greatwall_kit.engine import PositionError
from greatwall_kit.the_great_wall import Breach, Defeat, assess_breach, defense_value, load_catalog

from ..support import refused
from .conftest import empty_sections, position, sentences, start, texts


def solo_attack(rows, **clan):
    game = start(position(players=1, season="fall", sections=empty_sections(horde=rows, **clan.pop("sec", {})),
                          clans=[{"hand": ["attack"], **clan}]))
    game.play("command attack")
    return game


def test_TGW30_spearmen_attack_the_first_row_only_and_take_the_reward():
    rows = [{"card": "h01", "spots": [".", "."]}, {"card": "h03", "spots": [".", ".", ".", "."]}]
    game = solo_attack(rows, barracks={"spearman": 2}, chi=0)
    assert texts(game) == ["spearman 0 0", "spearman 0 1", "done"]
    game.play("spearman 0 0")
    assert game.clans[0]["chi"] == 1  # h01's spot 0 shows Chi
    assert game.sections[0]["rows"][0]["spots"] == ["S0", None]
    msg = str(refused(game, "spearman 0 0", "TGW-30"))
    assert "Vital spot 0 of h01 is already covered (S0)" in msg
    with pytest.raises(PositionError) as err:
        start(position(sections=empty_sections(horde=[rows[0], {"card": "h03", "spots": ["S0", ".", ".", "."]}])))
    assert err.value.rule == "TGW-30"


def test_TGW31_horsemen_cover_two_neighbouring_open_spots_of_any_row():
    rows = [{"card": "h01", "spots": ["W", "."]}, {"card": "h03", "spots": [".", "W", ".", "."]}]
    game = solo_attack(rows, barracks={"horseman": 1}, sec={"wall": 3})
    assert texts(game) == ["horseman 0 1 2", "done"]
    msg = str(refused(game, "horseman 0 1 0", "TGW-31"))
    assert "Vital spot 1 of h03 is already covered (W)" in msg
    game.play("horseman 0 1 2")
    assert game.sections[0]["rows"][1]["spots"] == [None, "W", "H0", "H0"]
    assert game.clans[0]["chi"] == 0 and game.clans[0]["wood"] == 0  # no reward for Horsemen


def test_TGW32_archers_take_a_firing_spot_and_wound_without_reward():
    sections = empty_sections(horde=[{"card": "h01", "spots": [".", "."]}], archers=[0, 0])
    sections[1].update(horde=[{"card": "h02", "spots": [".", ".", "."]}])
    game = start(position(players=1, season="fall", sections=sections,
                          clans=[{"hand": ["attack"], "barracks": {"archer": 1}}]))
    game.play("command attack")
    assert texts(game) == ["archer 1 0 0", "archer 1 0 1", "archer 1 0 2", "done"]
    assert "Firing spots of section 0 are all taken" in str(refused(game, "archer 0 0 0", "TGW-32"))
    game.play("archer 1 0 1")
    assert game.sections[1]["rows"][0]["spots"] == [None, "W", None] and game.sections[1]["archers"] == [0]
    c = game.clans[0]
    assert (c["wood"], c["stone"], c["gold"], c["chi"], c["honor"]) == (0, 0, 0, 0, 0)


def defeat_position(spots, tea=(0, 1), chi=(2, 0), time=3, archers=(0,), **options):
    doc = position(sections=empty_sections(horde=[{"card": "h03", "spots": spots}], archers=list(archers)),
                   clans=[{"chi": chi[0]}, {"chi": chi[1]}], tea=list(tea), time=time)
    if options:
        doc["options"] = options
    return start(doc)


def test_TGW33_TGW34_TGW35_TGW36_wounds_count_majority_claims_and_honor():
    game = defeat_position(["S0", "H1", "H1", "."])
    assert game.prompt[:2] == ("fire", 0)
    game.play("fire 0 3")  # the Wound covers the last spot: Defeat
    d = game.combat
    assert isinstance(d, Defeat) and d.card == "h03" and d.wounds == 1
    assert d.covers == (1, 2) and d.claimant == 1  # Tiger's Horseman covers 2 spots
    assert sentences(game, "TGW-34") == ["Yak Herders is Defeated: Tiger covers most spots (Crane 1, Tiger 2) and "
                                         "claims it."]
    assert d.soldier_honor == (2, 2) and d.archers == (1, 0) and d.archer_honor == (2, 0)
    game.play("save 0")
    assert game.clans[1]["trophies"] == [["h03", False]]
    assert game.clans[0]["honor"] == 2 + 2 and game.clans[1]["honor"] == 2
    assert "Crane has 1 Archer in section 0's Firing spots: +2 Honor." in sentences(game, "TGW-36")


@pytest.mark.parametrize("tea,claimant", [((0, 1), 0), ((1, 0), 1)])
def test_TGW34_a_tied_majority_goes_by_tea_order(tea, claimant):
    game = defeat_position(["S0", "S1", "W", "."], tea=tea, chi=(0, 0))
    game.play("fire 0 3")
    d = next(r for r in game.results if isinstance(r, Defeat))
    assert d.covers == (1, 1) and d.tied == (0, 1) and d.claimant == claimant
    assert game.clans[claimant]["trophies"] == [["h03", False]]


def test_TGW34_variant_no_claim_on_a_tie_and_wounds_alone_claim_nothing():
    game = defeat_position(["S0", "S1", "W", "."], chi=(0, 0), defeat_tie="no_claim")
    game.play("fire 0 3")
    d = next(r for r in game.results if isinstance(r, Defeat))
    assert d.claimant is None and d.tied == (0, 1) and game.clans[0]["trophies"] == game.clans[1]["trophies"] == []
    game = defeat_position(["W", "W", "W", "."], chi=(0, 0))
    game.play("fire 0 3")
    d = next(r for r in game.results if isinstance(r, Defeat))
    assert d.claimant is None and d.soldier_honor == (0, 0) and d.archer_honor == (2, 0)
    assert "h03" in game.horde_discard


def test_TGW37_lethality_kills_and_saves_with_and_without_chi():
    # Lethality 2 (Time slot 4): Crane's 3 Spearmen on the card lose 2; 2 Chi Saves only 1.
    game = defeat_position(["S0", "S0", "S0", "."], chi=(2, 0), time=4)
    game.play("fire 0 3")
    assert game.combat.lethality == 2 and texts(game) == ["save 0", "save 1"]
    game.play("save 1")
    d = next(r for r in game.results if isinstance(r, Defeat))
    assert d.victims[0] == (("spearman", 0), ("spearman", 1)) and d.saved == (1, 0)
    assert [k for k, _ in d.killed[0]] == ["spearman"]
    c = game.clans[0]
    assert c["chi"] == 0 and c["reserve"]["spearman"] == 10 - 3 + 1
    # Rest Zone (1 Saved) + Barracks (1 survivor) come together at the end of Winter
    assert c["barracks"]["spearman"] == 2 and c["rest"]["spearman"] == 0
    game = defeat_position(["S0", "S0", "S0", "."], chi=(1, 0), time=4)
    game.play("fire 0 3")  # not enough Chi: no decision, both die
    d = next(r for r in game.results if isinstance(r, Defeat))
    assert d.saved == (0, 0) and len(d.killed[0]) == 2 and game.clans[0]["chi"] == 1


@pytest.mark.parametrize("barricades", [0, 1, 2, 3])
def test_TGW38_defense_is_wall_value_plus_two_per_barricade(barricades):
    game = start(position(sections=empty_sections(wall=2, barricades=barricades)))
    assert game.results[0].defense == 6 + 2 * barricades == defense_value(6, barricades)
    assert game.results[0].barricades == barricades


@pytest.mark.parametrize("card,wall,barricades,breached", [
    ("h04", 1, 0, True), ("h01", 1, 0, False), ("h04", 0, 1, True), ("h01", 0, 1, False)])
def test_TGW38_TGW22_breach_only_when_power_exceeds_defense(card, wall, barricades, breached):
    sections = empty_sections(horde=[{"card": card}], wall=wall, barricades=barricades)
    game = start(position(sections=sections, clans=[{"chi": 0}, {"chi": 0}]))
    b = game.results[0]
    assert isinstance(b, Breach) and b.defense == 4 and b.power == {"h04": 5, "h01": 4}[card]
    assert b.breached is breached
    event = next(e for e in game.log if e.rule == "TGW-22" and e.data.get("section") == 0)
    assert event.sentence.startswith("BREACH in section 0" if breached else "Section 0 holds")
    assert (event.data["power"], event.data["defense"]) == (b.power, 4)
    assert bool([e for e in game.log if e.rule == "TGW-39"]) is breached  # Shame only on a Breach


def breach_two_cards(**kw):
    sections = empty_sections(horde=[{"card": "h01", "spots": ["S0", "."]}, {"card": "h02", "spots": ["W", ".", "."]}],
                              barricades=0, archers=kw.pop("archers", []))
    clans = kw.pop("clans", [{"chi": 4, "barracks": {"spearman": 1}}, {"chi": 0}])
    return start(position(sections=sections, clans=clans, **kw))


def test_TGW39_shame_for_each_player_without_a_soldier_on_each_breaching_card():
    game = breach_two_cards()
    # the tokens come at once, so they are listed (and given) in Tea order: Crane, then Tiger
    assert [e.sentence for e in game.log if e.rule == "TGW-39"] == [
                "Crane has no Soldier on breaching Steppe Archers (h02): 1 Shame token.",
        "Tiger has no Soldier on breaching Wolf Riders (h01): 1 Shame token.",
        "Tiger has no Soldier on breaching Steppe Archers (h02): 1 Shame token."]
    assert game.shame_pool == 20 - 3


def test_TGW39_variant_one_shame_per_section():
    game = breach_two_cards(options={"breach_shame": "per_section"})
    assert [e.sentence for e in game.log if e.rule == "TGW-39"] == [
                "Tiger has no Soldier on breaching Wolf Riders (h01): 1 Shame token."]


def test_TGW40_each_breaching_card_kills_lethality_all_at_once_saves_cost_two_chi():
    game = breach_two_cards()
    b = game.combat
    # h01: Crane's Spearman on the card; h02: none there, so one from the Barracks
    assert b.victims[0] == (("spearman", 0, 0), ("spearman", -1, -1)) and b.victims[1] == ()
    assert texts(game) == ["save 0", "save 1", "save 2"]
    game.play("save 1")
    done = game.results[0]
    assert done.saved == (1, 0) and len(done.killed[0]) == 1 and game.clans[0]["chi"] == 2
    assert done.section == 0 and game.sections[0]["rows"][0]["spots"] == ["W", None]  # a Wound where it stood
    lines = done.lines(game.player_names)
    assert ("  Crane: victims spearman on h01, spearman from the Barracks; saves 1 (pays 2 Chi), killed 1 Spearman"
            in lines)


def test_TGW41_archers_of_the_section_die_and_the_rest_zone_is_safe():
    sections = empty_sections(horde=[{"card": "h03", "spots": ["S0", ".", ".", "."]}, {"card": "h02"}],
                              barricades=0, archers=[0, 0])
    clans = [{"chi": 0, "rest": {"spearman": 2, "archer": 1}}, {"chi": 0}]
    game = start(position(sections=sections, clans=clans))
    game.play("fire 0 1")
    game.play("fire 0 2")
    b = game.results[0]
    assert b.breached and b.archers_killed == (2, 0)
    assert b.victims[0] == (("spearman", 0, 0),)  # h03 takes the Spearman; h02 finds no one: the Rest Zone is safe
    c = game.clans[0]
    assert c["reserve"]["archer"] == 4 - 1 and game.sections[0]["archers"] == []
    assert c["barracks"]["spearman"] == 2 and c["barracks"]["archer"] == 1  # the Rest Zone came home unharmed


def test_breach_evidence_is_a_pure_function_of_the_position():
    cat = load_catalog()
    rows = [{"card": "h04", "spots": [None, None]}]
    b = assess_breach(1, rows, cat, wall_level=1, barricades=0, archers=[], lethality=1,
                      barracks=[{"spearman": 0}], players=1)
    assert (b.power, b.wall_value, b.defense, b.breached, b.shamed) == (5, 4, 4, True, ((0, "h04"),))
    assert b.lines(["Crane"])[:3] == ["Assault on section 1: Offensive Power = Banner Guard (h04) 5 = 5",
                                      "  Defense = wall tile 4 (level 1) + 2 x 0 Barricades = 4",
                                      "  5 > 4: BREACH"]


@pytest.mark.parametrize("barracks, soldier, victims", [
    ({"spearman": 0, "archer": 0, "horseman": 0}, None, ()),  # nobody on the wall or in the Barracks: no victim
    ({"horseman": 1, "spearman": 2}, None, (("horseman", -1, -1), ("spearman", -1, -1), ("spearman", -1, -1))),
    ({"archer": 0}, "S0", (("spearman", 1, 0),)),  # the Barracks empty, a Spearman on the second card
    ({"archer": 1}, "S0", (("archer", -1, -1), ("spearman", 1, 0))),  # most valuable first
])
def test_TGW40_lethality_takes_the_cards_soldiers_then_the_barracks(barracks, soldier, victims):
    # Lethality 2 on each of two breaching cards: a card's own Soldiers first, then the Barracks, cheapest first
    rows = [{"card": "h01", "spots": [None, "W"]}, {"card": "h02", "spots": [soldier, None, None]}]
    b = assess_breach(0, rows, load_catalog(), wall_level=0, barricades=0, archers=[], lethality=2,
                      barracks=[barracks], players=1)
    assert b.breached and b.victims == (victims,)
    assert b.shamed == ((0, "h01"),) + (() if soldier else ((0, "h02"),))


def test_TGW40_TGW43_a_shamed_barracks_soldier_is_not_also_a_victim():
    # Crane's reserve is empty, so the Shame token goes under the only Barracks Spearman: no one is left to kill.
    clans = [{"chi": 4, "barracks": {"spearman": 1}, "rest": {"spearman": 9, "archer": 4, "horseman": 2}}, {"chi": 0}]
    game = start(position(sections=empty_sections(horde=[{"card": "h01"}], barricades=0), clans=clans))
    b = game.results[0]
    assert b.breached and b.victims[0] == () and game.clans[0]["disabled"] == ["spearman"]
    assert game.clans[0]["barracks"]["spearman"] == 9  # the Rest Zone came home; the shamed one stays disabled


def test_TGW35_TGW36_two_honor_per_player_not_per_soldier_and_archers_count_in_their_own_section_only():
    # Crane: 2 Spearmen on the card and 2 Archers here; Tiger: 1 Spearman here and 2 Archers in section 1.
    sections = empty_sections(horde=[{"card": "h03", "spots": ["S0", "S0", "S1", "."]}], archers=[0, 0])
    sections[1].update(archers=[1, 1])
    game = start(position(sections=sections, clans=[{"chi": 0}, {"chi": 0}]))
    game.play("fire 0 3")  # Crane's first Archer covers the last spot; the second finds none open
    d = next(r for r in game.results if isinstance(r, Defeat))
    assert d.covers == (2, 1) and d.claimant == 0
    assert d.soldier_honor == (2, 2)  # 2 per player with a Soldier on the card, not per Soldier
    assert d.archers == (2, 0) and d.archer_honor == (4, 0)  # Tiger's Archers stand in another section
    assert [c["honor"] for c in game.clans] == [6, 2]


@pytest.mark.parametrize("tea,claimant", [((2, 0, 1), 0), ((2, 1, 0), 1), ((0, 1, 2), 0)])
def test_TGW34_a_three_player_tie_goes_to_the_tied_player_first_in_tea_order(tea, claimant):
    # Dragon (2) is first in Tea order in two cases but covers fewer spots: it never claims.
    sections = [{"wall": 0, "barricades": 3, "horde": [{"card": "h03", "spots": ["S0", "S1", "W", "."]}],
                 "archers": [2]}, {"wall": 0, "barricades": 3, "horde": []}]
    game = start(position(players=3, sections=sections, clans=[{"chi": 0}] * 3, tea=list(tea)))
    game.play("fire 0 3")
    d = next(r for r in game.results if isinstance(r, Defeat))
    assert d.covers == (1, 1, 0) and d.tied == (0, 1) and d.claimant == claimant
    assert d.soldier_honor == (2, 2, 0) and d.archer_honor == (0, 0, 2)


@pytest.mark.parametrize("chi,choices", [(0, []), (1, []), (2, ["save 0", "save 1"]),
                                         (3, ["save 0", "save 1"]), (9, ["save 0", "save 1", "save 2"])])
def test_TGW40_breach_saves_are_limited_by_chi_and_victims(chi, choices):
    # Lethality 2 (Time slot 4): Crane's two Spearmen on the breaching Steppe Archers are the victims.
    sections = empty_sections(horde=[{"card": "h02", "spots": ["S0", "S0", "."]}], barricades=0)
    game = start(position(sections=sections, time=4, clans=[{"chi": chi}, {"chi": 0}]))
    b = game.combat if choices else game.results[0]
    assert isinstance(b, Breach) and b.breached and b.lethality == 2
    assert b.victims[0] == (("spearman", 0, 0), ("spearman", 0, 1))
    if choices:  # a decision only when at least one Save is affordable
        assert game.prompt[:2] == ("save", 0) and texts(game) == choices
        game.play(choices[-1])
    else:
        assert game.prompt is None or game.prompt[0] != "save"
    done = next(r for r in game.results if isinstance(r, Breach))
    saved = len(choices) - 1 if choices else 0
    assert done.saved[0] == saved and len(done.killed[0]) == 2 - saved
    c = game.clans[0]
    assert c["chi"] == chi - 2 * saved
    assert game.sections[0]["rows"][0]["spots"] == ["W", "W", None]  # Wounds where the victims stood
    assert c["reserve"]["spearman"] == 10 - 2 + (2 - saved)  # the Killed return to the reserve
    assert c["barracks"]["spearman"] == saved  # the Saved rested and came back at the end of Winter


def test_TGW39_TGW40_a_horseman_on_a_second_row_card_dies_and_leaves_two_wounds():
    rows = [{"card": "h01", "spots": [".", "."]}, {"card": "h03", "spots": [".", "H0", "H0", "."]}]
    game = start(position(sections=empty_sections(horde=rows, barricades=0), clans=[{"chi": 0}, {"chi": 0}]))
    b = game.results[0]
    assert b.breached and b.power == 4 + 6 and b.defense == 2
    assert b.shamed == ((0, "h01"), (1, "h01"), (1, "h03"))  # Crane's Horseman spares it the Shame of h03 only
    assert b.victims == ((("horseman", 1, 1),), ())  # the Barracks are empty: the card's Soldier is all it takes
    assert game.sections[0]["rows"][1]["spots"] == [None, "W", "W", None]
    c = game.clans[0]
    assert c["reserve"]["horseman"] == 2 and c["disabled"] == ["spearman"]
