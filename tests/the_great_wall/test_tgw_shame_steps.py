"""A Defeat or a Breach is listed while its Saves are still to be decided, and a Breach's steps say where each
Shame token went: under a Soldier (TGW-43), on a claimed card's slot (TGW-44), or 5 Honor at once (TGW-45)."""

import pytest

from greatwall_kit.the_great_wall import Breach, Defeat
from greatwall_kit.the_great_wall.evidence import Firing

from .conftest import empty_sections, position, start
from .test_combat import breach_two_cards, defeat_position


def titles(game):
    return [r.title for r in game.resolutions()]


def test_TGW34_TGW37_a_defeat_is_listed_while_its_saves_are_to_be_decided():
    game = defeat_position(["S0", "H1", "H1", "."])
    game.play("fire 0 3")
    assert game.to_act == 0 and game.prompt[0] == "save"
    assert titles(game) == ["Firing phase", "Defeat of Yak Herders (h03) (Saves to decide)"]
    pending = game.resolutions()[-1]
    assert isinstance(pending.evidence, Defeat) and game.log[pending.event].rule == "TGW-34"
    assert str(pending.steps[2]) == "Tiger covers most spots (2) and claims the card. [TGW-34]"
    game.play("save 0")
    done = game.resolutions()
    assert [r.title for r in done][:2] == ["Firing phase", "Defeat of Yak Herders (h03)"]
    assert done[1].event == pending.event and [s.rule for s in done[1].steps] == [s.rule for s in pending.steps]
    assert isinstance(done[0].evidence, Firing) and done[0].evidence.defeated == ("h03",)


def test_TGW22_TGW40_a_breach_is_listed_while_its_saves_are_to_be_decided_and_once_after():
    game = breach_two_cards()
    assert game.prompt[0] == "save" and titles(game) == ["Assault on section 0: BREACH (Saves to decide)"]
    game.play("save 1")
    assert titles(game).count("Assault on section 0: BREACH") == 1
    assert not any("to decide" in t for t in titles(game))


def test_TGW39_TGW43_breach_steps_place_each_shame_token_under_a_soldier_in_tea_order():
    game = breach_two_cards()
    game.play("save 1")
    steps = next(r for r in game.resolutions() if isinstance(r.evidence, Breach) and r.evidence.breached).steps
    shame = [s for s in steps if s.rule == "TGW-39"]
    assert len(shame) == 3 and all(s.numbers["shame"] == 1 for s in shame)
    placed = [s for s in steps if s.rule == "TGW-43"]
    assert [(s.numbers["player"], s.numbers["disabled"], s.numbers["honor_at_end"]) for s in placed] == [
        (0, "spearman", -5), (1, "spearman", -5), (1, "spearman", -5)]
    assert str(placed[0]) == ("Crane puts a Shame token under a spearman from the reserve: that Soldier is disabled "
                              "and the token will cost 5 Honor. [TGW-43]")
    assert [dict(s.touches) for s in placed] == [{"clan:0": "changed", "shame_pool": "changed"},
                                                 {"clan:1": "changed", "shame_pool": "changed"},
                                                 {"clan:1": "changed", "shame_pool": "changed"}]
    # placed before the Lethality victims, as the engine gives them
    assert steps.index(placed[-1]) < steps.index(next(s for s in steps if s.rule == "TGW-40"))
    assert [len(c["disabled"]) for c in game.clans] == [1, 2]


def test_TGW44_a_shame_token_on_a_claimed_cards_slot_costs_no_honor():
    game = breach_two_cards(clans=[{"chi": 4, "barracks": {"spearman": 1}}, {"chi": 0, "trophies": ["h09"]}])
    while game.prompt and game.prompt[0] == "shame":
        game.play("shame h09" if "shame h09" in [str(m) for m in game.legal_moves()] else game.legal_moves()[0])
    steps = game.resolutions()[-1].steps
    on_card = [s for s in steps if s.rule == "TGW-44"]
    assert len(on_card) == 1 and on_card[0].numbers == {"player": 1, "card": "h09", "honor_at_end": 0}
    assert on_card[0].sentence.startswith(
        "Tiger puts a Shame token on the slot of claimed Horde card Khan's Guard (h09)")


@pytest.mark.parametrize("pool,honor,now", [(0, (7, 3), [(0, 2), (1, 0), (1, 0)]), (1, (7, 8), [(1, 3), (1, 0)])])
def test_TGW45_an_empty_pool_costs_five_honor_at_once_never_below_zero(pool, honor, now):
    clans = [{"chi": 4, "barracks": {"spearman": 1}, "honor": honor[0]}, {"chi": 0, "honor": honor[1]}]
    game = breach_two_cards(clans=clans, shame_pool=pool)
    steps = game.resolutions()[-1].steps
    lost = [(s.numbers["player"], s.numbers["honor_now"]) for s in steps if s.rule == "TGW-45"]
    assert lost == now
    # with one token left, Tea order gives it to Crane (placed under a Soldier); Tiger pays twice at once
    assert [s.numbers["player"] for s in steps if s.rule == "TGW-43"] == ([0] if pool else [])
    assert [c["honor"] for c in game.clans] == [now[0][1] if not pool else honor[0], now[-1][1]]


def test_TGW43_a_breach_whose_shame_is_still_to_place_says_how_many_are_left():
    game = breach_two_cards(clans=[{"chi": 4, "barracks": {"spearman": 1}, "trophies": ["h09"]}, {"chi": 0}])
    assert game.prompt[0] == "shame"
    record = game.resolutions()[-1]
    assert record.title == "Assault on section 0: BREACH (Saves to decide)"
    assert not any(s.rule in ("TGW-43", "TGW-44") and "player" in s.numbers for s in record.steps)
    assert str(record.steps[6]) == "3 Shame tokens are still to be placed. [TGW-43]"
    game.play("shame h09")  # Crane's choice; Tiger's two tokens can only go under Soldiers
    steps = game.resolutions()[-1].steps
    assert not any("to_place" in s.numbers for s in steps)
    assert [s.rule for s in steps if s.rule in ("TGW-43", "TGW-44")] == ["TGW-44", "TGW-43", "TGW-43"]


@pytest.mark.parametrize("players,seed", [(2, 2), (4, 5)])
def test_TGW39_to_TGW45_every_finished_breach_places_each_of_its_shame_tokens(players, seed):
    from greatwall_kit.engine.playout import play_randomly
    from greatwall_kit.the_great_wall import TheGreatWall

    game = TheGreatWall(players, seed)
    play_randomly(game, seed)
    breaches = [r.evidence for r in game.resolutions() if isinstance(r.evidence, Breach) and r.evidence.breached]
    assert breaches and any(b.shamed for b in breaches)
    for b in breaches:
        placed = [p for _, p, _, _ in getattr(b, "placements", ())]
        assert sorted(placed) == sorted(p for p, _ in b.shamed)


def test_TGW22_a_holding_wall_has_no_shame_steps():
    sections = empty_sections(horde=[{"card": "h01"}], wall=1, barricades=0)
    game = start(position(sections=sections, clans=[{"chi": 0}, {"chi": 0}]))
    steps = game.resolutions()[0].steps
    assert not any(s.rule in ("TGW-39", "TGW-43", "TGW-44", "TGW-45") for s in steps)
