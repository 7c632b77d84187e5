"""Spring, Summer, Fall and Winter step by step (TGW-11 to TGW-23, TGW-42)."""

import pytest

from greatwall_kit.engine import IllegalMoveError

from .conftest import empty_sections, position, sentences, start, texts


def test_TGW11_TGW12_TGW13_spring_time_horde_and_advisor_track():
    game = start(position(season="spring", time=3), seed=1)
    assert game.time == 4  # advanced one slot
    new = [e.data for e in game.log if e.rule == "TGW-12"]
    assert len(new) == game.cat.time_slots[4]["horde"] == 3
    for d in new:
        assert d["section"] == game.cat.horde[d["card"]]["banner"] % 3
    refresh = next(e for e in game.log if e.rule == "TGW-13")
    assert len(refresh.data["track"]) == 4
    assert "drops" in refresh.sentence and len(game.advisor_discard) == 2
    before = start(position(season="fall", time=3), seed=1).advisor_track  # the same shuffles, before Spring
    assert game.advisor_discard == before[:2]  # the two leftmost are discarded
    assert game.advisor_track[:2] == before[2:] and game.advisor_track[2:] not in (before[:2], before[2:])


def test_TGW14_summer_overseer_income():
    doc = position(season="spring", locations={"quarry": {"overseers": [0, 1, 0]}},
                   clans=[{"stone": 1}, {"stone": 0}])
    game = start(doc)
    assert (game.clans[0]["stone"], game.clans[1]["stone"]) == (3, 1)
    assert sentences(game, "TGW-14") == ["Crane's Overseer at Quarry brings 1 stone.",
                                         "Tiger's Overseer at Quarry brings 1 stone.",
                                         "Crane's Overseer at Quarry brings 1 stone."]


def test_TGW15_summer_discard_shame_for_two_chi_each():
    game = start(position(season="spring", clans=[{"shame": 2, "chi": 5}, {}]))
    assert game.to_act == 0 and texts(game) == ["unshame 0", "unshame 1", "unshame 2"]
    pool = game.shame_pool
    game.play("unshame 2")
    assert game.clans[0]["chi"] == 1 and game.clans[0]["disabled"] == [] and game.shame_pool == pool + 2
    assert game.clans[0]["reserve"]["spearman"] == 10


def test_TGW15_no_chi_no_choice():
    game = start(position(season="spring", clans=[{"shame": 2, "chi": 1}, {}]))
    assert game.prompt[0] == "command"  # nothing to decide in Summer


def test_TGW16_TGW17_track_cards_to_discard_then_reclaim_or_honor():
    doc = position(season="spring", track=[[[0, "attack"], [1, "levy"]], [[1, "muster"], None]],
                   clans=[{"discard": ["charge"]}, {}])
    game = start(doc)
    assert sentences(game, "TGW-16")
    assert game.track == [[None, None], [None, None]]
    assert game.clans[0]["discard"] == ["charge", "attack"] and game.clans[1]["discard"] == ["levy", "muster"]
    assert game.prompt[:2] == ("reclaim", 0) and texts(game) == ["reclaim", "honor"]
    game.play("honor")
    assert game.clans[0]["honor"] == 4 and game.clans[0]["discard"] == ["charge", "attack"]
    game.play("reclaim")
    assert game.clans[1]["discard"] == [] and sorted(game.clans[1]["hand"]) == sorted(
        ["muster", "charge", "attack", "decree", "stratagem", "levy"])


def fall(**kw):
    clans = kw.pop("clans", [{"hand": ["attack", "muster"]}, {"hand": ["levy", "decree"]}])
    return start(position(season="fall", clans=clans, **kw))


def test_TGW18_command_cards_are_chosen_in_secret_and_revealed_together():
    game = fall()
    assert game.to_act == 0 and texts(game) == ["command attack", "command muster"]
    game.play("command muster")
    public = game.view(1)["public"]
    assert public["clans"][0]["has_chosen"] and "muster" not in str(public) + str(game.view(1)["log"])
    assert game.view(0)["private"]["chosen"] == "muster"
    assert game.to_act == 1
    game.play("command decree")
    reveal = [e for e in game.log if e.rule == "TGW-18" and e.sentence.startswith("Revealed")]
    assert reveal and reveal[0].sentence == "Revealed: Crane Muster, Tiger Decree."


def test_TGW19_cards_go_on_the_track_in_tea_order():
    game = fall(tea=[1, 0])
    game.play("command attack")
    game.play("command levy")
    assert game.prompt[:2] == ("slot", 1) and texts(game) == ["slot 0", "slot 1"]
    for slot in (7, -1):
        before = game.snapshot()
        with pytest.raises(IllegalMoveError) as err:
            game.play(f"slot {slot}")
        assert err.value.rule == "TGW-19" and f"slot {slot} is not a free slot of this round (free: [0, 1])" in str(
            err.value) and game.snapshot() == before
    game.play("slot 1")
    assert game.track[0] == [[0, "attack"], [1, "levy"]]  # Crane takes the last free slot without a decision
    assert sentences(game, "TGW-19") == ["Tiger puts Levy on Command track slot 1.",
                                         "Crane puts Attack on Command track slot 0."]


def test_TGW20_track_order_command_step_then_activation_then_defeat_check():
    sections = empty_sections(horde=[{"card": "h01", "spots": ["W", "."]}])
    game = fall(sections=sections, clans=[{"hand": ["charge"], "barracks": {"spearman": 1}}, {"hand": ["decree"]}])
    game.play("command charge")
    game.play("command decree")
    game.play("slot 0")  # Crane resolves first
    game.play("clerk court")  # Command step: a Clerk...
    game.play("spearman 0 1")  # ...and a Soldier: the card is now fully covered
    assert game.prompt[0] == "effect" and game.prompt[2]["location"] == "court"  # Activation step (court is full)
    game.play("decline")
    rules = [e.rule for e in game.log]
    crane = next(i for i, e in enumerate(game.log) if e.sentence.startswith("Slot 0: Crane's Charge resolves"))
    tiger = next(i for i, e in enumerate(game.log) if e.sentence.startswith("Slot 1: Tiger's Decree resolves"))
    # Command step (Clerk, Spearman), Activation step (court), Defeat check, then the next card
    assert crane < rules.index("TGW-27") < rules.index("TGW-30") < rules.index("TGW-28") < rules.index("TGW-34") \
        < tiger
    assert game.sections[0]["rows"] == []


def winter(**kw):
    return start(position(season="winter", **kw))


def test_TGW21_firing_leftmost_section_first_then_defeat_check():
    sections = empty_sections(horde=[{"card": "h01", "spots": [".", "S1"]}], archers=[1])
    sections[1].update(horde=[{"card": "h02", "spots": [".", ".", "."]}], archers=[0])
    game = winter(sections=sections, clans=[{}, {"chi": 0}])
    assert game.prompt == ("fire", 1, {"section": 0}) and texts(game) == ["fire 0 0"]
    game.play("fire 0 0")
    assert game.sections[0]["rows"][0]["spots"] == ["W", "S1"]
    assert not [e for e in game.log if e.rule == "TGW-34"]  # Defeat check waits for all Archers
    assert game.prompt == ("fire", 0, {"section": 1})
    game.play("fire 0 2")
    defeated = [e for e in game.log if e.rule == "TGW-34"]
    assert defeated and defeated[0].data["card"] == "h01"


def test_TGW22_each_assault_then_its_sections_barricades_discarded():
    sections = empty_sections(horde=[{"card": "h02", "spots": [".", ".", "."]}], wall=2, barricades=0)
    sections[1].update(horde=[{"card": "h01", "spots": [".", "."]}], barricades=1)
    game = winter(sections=sections, clans=[{"chi": 0}, {"chi": 0}])
    holds = [{k: e.data[k] for k in ("section", "power", "defense")}
             for e in game.log if e.rule == "TGW-22" and "holds" in e.sentence]
    assert holds == [{"section": 0, "power": 6, "defense": 6 + 2 * 0},  # equal power holds
                     {"section": 1, "power": 4, "defense": 2 + 2 * 1},
                     {"section": 2, "power": 0, "defense": 2 + 2 * 3}]
    assert [b.breached for b in game.results] == [False, False, False]
    assert all(s["barricades"] == 0 for s in game.sections)
    # each section's Barricades go right after its own Assault (a section with none records nothing)
    assert [e.sentence[:9] for e in game.log if e.rule == "TGW-22"] == [
        "Section 0", "Section 1", "After its", "Section 2", "After its"]
    assert [e.sentence for e in game.log if e.rule == "TGW-22" and "count" in e.data] == [
        "After its Assault, section 1 discards its 1 Barricade.",
        "After its Assault, section 2 discards its 3 Barricades."]


def test_TGW23_end_check_goes_on_and_rest_zone_returns():
    game = winter(clans=[{"rest": {"horseman": 1}}, {}])
    assert game.year == 3 and game.season == "fall"
    assert game.clans[0]["rest"]["horseman"] == 0 and game.clans[0]["barracks"]["horseman"] == 1
    assert sentences(game, "TGW-23")[0].startswith("End Game check after Winter of Year 2: the game goes on")


def test_TGW42_rest_zone_soldiers_do_not_fire():
    sections = empty_sections(horde=[{"card": "h01", "spots": [".", "."]}], archers=[1])
    game = winter(sections=sections, clans=[{"rest": {"archer": 3}, "chi": 0}, {"chi": 0}])
    assert game.prompt[:2] == ("fire", 1)  # only Tiger's Archer in a Firing spot shoots
    game.play("fire 0 0")
    assert not [e for e in game.log if e.rule == "TGW-21" and e.data.get("player") == 0]
    firing = next(r for r in game.resolutions() if r.title == "Firing phase")
    assert [str(s) for s in firing.steps if s.rule == "TGW-42"] == ["Soldiers in the Rest Zone do not shoot. [TGW-42]"]
    assert game.clans[0]["rest"]["archer"] == 0 and game.clans[0]["barracks"]["archer"] == 3  # safe, back home
