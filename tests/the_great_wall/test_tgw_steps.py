"""The steps of Firing, a Defeat and an Assault with its Breach, on the positions of the combat tests, and
replayed on random games: applying the steps' changes reproduces the engine's position."""

import pytest

from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.the_great_wall import Breach, Defeat, TheGreatWall
from greatwall_kit.the_great_wall.evidence import ClanFinal, Firing, ShamedBreach

from .conftest import empty_sections, position, start
from .test_combat import breach_two_cards, defeat_position


def found(game, kind):
    return [r for r in game.resolutions() if isinstance(r.evidence, kind)]


def test_TGW21_TGW34_a_firing_phase_lists_each_shot_then_the_card_it_defeats():
    game = defeat_position(["S0", "H1", "H1", "."])
    game.play("fire 0 3")
    game.play("save 0")
    firing = found(game, Firing)[0]
    assert [str(s) for s in firing.steps[1:]] == [
        "Soldiers in the Rest Zone do not shoot. [TGW-42]",
        "Crane's Archer in section 0 fires: a Wound on spot 3 of Yak Herders (h03). [TGW-21]",
        "Yak Herders (h03) has every Vital spot covered: it is Defeated. [TGW-34]"]
    assert firing.steps[2].touches["spot:h03:3"] == "added"
    assert game.log[firing.event].rule == "TGW-21" and game.log[firing.start].rule == "TGW-21"


def test_TGW33_TGW34_TGW35_TGW36_defeat_steps_give_the_claim_and_each_honor():
    game = defeat_position(["S0", "H1", "H1", "."])
    game.play("fire 0 3")
    game.play("save 0")
    steps = found(game, Defeat)[0].steps
    assert [s.rule for s in steps] == ["TGW-34", "TGW-33", "TGW-34", "TGW-35", "TGW-36", "TGW-35", "TGW-37",
                                       "TGW-37", "TGW-37", "TGW-34"]
    assert dict(steps[1].numbers) == {"covers": (1, 2), "wounds": 1}
    assert str(steps[2]) == "Tiger covers most spots (2) and claims the card. [TGW-34]"
    assert steps[2].touches == {"card:h03": "focus"} and not steps[2].change  # it leaves the wall at the end
    assert str(steps[-1]) == "Yak Herders (h03) leaves section 0 for Tiger's trophies. [TGW-34]"
    assert steps[-1].touches["card:h03"] == "added" and steps[-1].after.clans[1]["trophies"] == [["h03", False]]
    honor = [(s.numbers["player"], s.numbers["honor"]) for s in steps if "honor" in s.numbers]
    assert honor == [(0, 2), (0, 2), (1, 2)] and [c["honor"] for c in game.clans] == [4, 2]
    assert str(steps[7]) == "Crane loses a spearman (spot 0): 0 Saved to the Rest Zone for 0 Chi, 1 Killed. [TGW-37]"


@pytest.mark.parametrize("tea,claimant", [((0, 1), "Crane"), ((1, 0), "Tiger")])
def test_TGW34_a_tie_step_names_the_tea_order(tea, claimant):
    game = defeat_position(["S0", "S1", "W", "."], tea=tea, chi=(0, 0))
    game.play("fire 0 3")
    steps = found(game, Defeat)[0].steps
    assert str(steps[2]) == f"Crane and Tiger tie with 1; Tea order decides: {claimant} claims the card. [TGW-34]"


def test_TGW22_TGW38_a_holding_wall_compares_power_with_wall_plus_two_per_barricade():
    sections = empty_sections(horde=[{"card": "h01"}], wall=1, barricades=0)
    game = start(position(sections=sections, clans=[{"chi": 0}, {"chi": 0}]))
    steps = found(game, Breach)[0].steps
    assert [str(s) for s in steps] == [
        "Offensive Power of section 0: Wolf Riders (h01) 4 = 4. [TGW-22]",
        "Defense = wall tile 4 (level 1) + 2 x 0 Barricades = 4. [TGW-38]",
        "4 <= 4: the wall holds. [TGW-22]",
        "Section 0 has no Barricade to discard. [TGW-22]"]
    assert dict(steps[1].numbers) == {"wall_value": 4, "barricades": 0, "defense": 4}


def test_TGW39_TGW40_breach_steps_shame_each_player_per_card_and_kill_all_at_once():
    game = breach_two_cards()
    game.play("save 1")
    record = found(game, Breach)[0]
    assert record.title == "Assault on section 0: BREACH"
    shame = [str(s) for s in record.steps if s.rule == "TGW-39"]
    assert shame == ["Tiger has no Soldier on breaching Wolf Riders (h01): 1 Shame token. [TGW-39]",
                     "Crane has no Soldier on breaching Steppe Archers (h02): 1 Shame token. [TGW-39]",
                     "Tiger has no Soldier on breaching Steppe Archers (h02): 1 Shame token. [TGW-39]"]
    kills = [s for s in record.steps if s.rule == "TGW-40"]
    assert str(kills[-1]) == ("Crane loses a spearman on spot 0 of Wolf Riders (h01), a spearman from the "
                              "Barracks: 1 Saved to the Rest Zone, 1 Killed. [TGW-40]")
    assert kills[-1].touches == {"spot:h01:0": "changed", "clan:0": "changed"}  # a Wound marker; the reserve


def test_TGW41_breach_steps_kill_every_archer_on_the_firing_spots():
    sections = empty_sections(horde=[{"card": "h03", "spots": ["S0", ".", ".", "."]}, {"card": "h02"}],
                              barricades=0, archers=[0, 0])
    game = start(position(sections=sections, clans=[{"chi": 0, "rest": {"spearman": 2, "archer": 1}}, {"chi": 0}]))
    game.play("fire 0 1")
    game.play("fire 0 2")
    archers = next(s for s in found(game, Breach)[0].steps if s.rule == "TGW-41")
    assert archers.numbers["archers"] == (2, 0)
    assert archers.touches == {"firing:0:0": "changed", "firing:0:1": "changed", "clan:0": "changed"}
    assert archers.after.sections[0]["archers"] == [] and archers.after.clans[0]["reserve"]["archer"] == 1 + 2


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2), (3, 4), (4, 5), (2, 6)])
def test_TGW21_to_TGW48_the_position_after_the_last_step_is_the_engines(players, seed):
    """The steps' changes, made one by one from the position before, give the engine's whole state after each
    resolution: every Wound, Soldier, Archer, Barricade, Honor, Chi, Shame token, trophy and final Honor."""
    game = TheGreatWall(players, seed)
    play_randomly(game, seed)
    kinds = set()
    for record in game.resolutions():
        kinds.add(type(record.evidence))
        mine, engine = record.after(-1).snapshot()["state"], game.position_at(event=record.end).snapshot()["state"]
        for part in ("sections", "clans", "shame_pool", "shame_out", "horde_discard", "final"):
            assert mine[part] == engine[part], (record.title, part)
    assert {Firing, ShamedBreach, ClanFinal} <= kinds


@pytest.mark.parametrize("players,seed", [(1, 1), (3, 4)])
def test_TGW43_TGW48_final_honor_steps_add_up_to_the_final_scores(players, seed):
    game = TheGreatWall(players, seed)
    play_randomly(game, seed)
    finals = [r for r in game.resolutions() if r.title.startswith("Final Honor")]
    assert [r.title for r in finals] == [f"Final Honor of {game.player_names[p]}" for p in range(players)]
    for p, record in enumerate(finals):
        n = {k: v for s in record.steps for k, v in s.numbers.items()}
        assert n["honor_at_end"] == game.clans[p]["honor"] and n["shame"] == len(game.clans[p]["disabled"])
        assert (max(0, n["honor_at_end"] - 5 * n["shame"]) + n["horde"] + n["artifacts"]
                == n["total"] == game.scores()[p])
