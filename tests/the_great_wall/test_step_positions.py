"""The position after each rule step (``step.after``): what each kind of resolution shows, step by step, and the
changes a position refuses (the kit's error, nothing changed)."""

import pytest

from greatwall_kit.engine import GreatWallError
from greatwall_kit.engine.graphs import changed_elements
from greatwall_kit.engine.steps import difference
from greatwall_kit.the_great_wall import TheGreatWall

from .conftest import empty_sections, position, start
from .test_combat import breach_two_cards, defeat_position

#: Notebook 41's Winter: a Defeat in section 0 (Tiger claims h03), a Breach in section 1 (Crane's Shame token).
WINTER = {
    "players": 2, "season": "winter", "year": 2, "time": 4, "tea": [0, 1],
    "sections": [
        {"wall": 1, "barricades": 1, "archers": [0],
         "horde": [{"card": "h03", "spots": ["S0", "H1", "H1", "."]}, {"card": "h04", "spots": [".", "."]}]},
        {"wall": 0, "barricades": 0, "archers": [], "horde": [{"card": "h02", "spots": ["S1", ".", "W"]}]},
        {"wall": 2, "barricades": 2, "archers": [1], "horde": [{"card": "h01", "spots": [".", "."]}]}],
    "clans": [{"honor": 3, "chi": 4, "barracks": {"spearman": 2}, "trophies": ["h05"]},
              {"honor": 5, "chi": 2, "barracks": {"spearman": 1}}]}


def winter(shame="shame h05"):
    game = TheGreatWall.from_position(WINTER, seed=1)
    for move in ["fire 0 3", "fire 0 0", "save 1", "save 0", shame, "save 1", "save 0"]:
        game.play(move)
    return game


def resolution(game, title):
    return next(r for r in game.resolutions() if r.title.startswith(title))


def step(resolved, rule, text=""):
    return next(s for s in resolved.steps if s.rule == rule and text in s.sentence)


def drawn(position, key):
    """The drawing of one board element (its SVG group)."""
    svg = position.picture()
    start = svg.index(f'data-element="{key}"')
    return svg[start:svg.index("</g>", start)]


def test_TGW21_each_shot_shows_its_wound_marker():
    firing = resolution(winter(), "Firing")
    shot = step(firing, "TGW-21", "spot 3 of Yak Herders (h03)")
    assert firing.before.sections[0]["rows"][0]["spots"][3] is None
    assert shot.after.sections[0]["rows"][0]["spots"][3] == "W" and dict(shot.change) == {"spots": [["h03", 3, "W"]]}
    assert changed_elements(firing.before.picture(), shot.after.picture()) == {"spot:h03:3"}
    assert "×" in drawn(shot.after, "spot:h03:3")


def test_TGW34_TGW35_TGW36_TGW37_a_defeat_claims_honors_kills_and_the_card_behind_moves_up():
    defeat = resolution(winter(), "Defeat of Yak Herders")
    honor = [(s.numbers["player"], s.after.clans[s.numbers["player"]]["honor"]) for s in defeat.steps
             if s.rule in ("TGW-35", "TGW-36")]
    assert honor == [(0, 5), (0, 7), (1, 7)]  # Crane 3 + 2 + 2, Tiger 5 + 2
    crane = step(defeat, "TGW-37", "Crane loses")  # Lethality 2, one Spearman on the card: Saved for 2 Chi
    assert (crane.after.clans[0]["rest"]["spearman"], crane.after.clans[0]["chi"]) == (1, 2)
    assert crane.after.sections[0]["rows"][0]["spots"][0] is None
    tiger = step(defeat, "TGW-37", "Tiger loses")  # its Horseman Killed: both its spots free, the reserve +1
    assert tiger.after.sections[0]["rows"][0]["spots"][1:3] == [None, None]
    assert tiger.after.clans[1]["reserve"]["horseman"] == defeat.before.clans[1]["reserve"]["horseman"] + 1
    gone = defeat.steps[-1]
    assert str(gone) == ("Yak Herders (h03) leaves section 0 for Tiger's trophies; the card behind it moves up a "
                         "row. [TGW-34]")
    after = gone.after
    assert [row["card"] for row in after.sections[0]["rows"]] == ["h04"] and after.clans[1]["trophies"][-1] == [
        "h03", False]
    assert "row 0" in drawn(after, "card:h04") and "row 1" in drawn(defeat.before, "card:h04")
    assert changed_elements(defeat.steps[-2].after.picture(), after.picture()) == {
        "card:h03", "card:h04", "section:0", "clan:1", *(f"spot:h03:{i}" for i in range(4))}


def test_TGW34_TGW37_an_unclaimed_card_goes_to_the_discard_pile_and_survivors_to_the_barracks():
    # two Spearmen of Crane on the card, Lethality 1: one dies, the other goes back to the Barracks; Tiger's Archer
    # covered the last spot, and a tie with "no_claim" leaves the card unclaimed
    game = defeat_position(["S0", "S1", "S0", "S1"], archers=(), chi=(0, 0), defeat_tie="no_claim")
    defeat = resolution(game, "Defeat of Yak Herders")
    back = step(defeat, "TGW-37", "surviving")
    assert str(back) == "Crane's surviving a spearman (spot 2) goes back to the Barracks. [TGW-37]"
    assert back.after.clans[0]["barracks"]["spearman"] == defeat.before.clans[0]["barracks"]["spearman"] + 1
    gone = defeat.steps[-1]
    assert gone.touches["card:h03"] == "removed" and gone.after.horde_discard[-1] == "h03"
    assert all(clan["trophies"] == [] for clan in gone.after.clans)


def test_TGW39_TGW40_TGW44_the_breach_of_notebook_41_shows_the_shame_token_and_the_killed_soldiers():
    game = winter()
    breach = resolution(game, "Assault on section 1")
    shame = step(breach, "TGW-44")
    assert shame.after.clans[0]["trophies"] == [["h05", True]] and shame.after.shame_pool == 19
    assert 'fill="#444444"' in drawn(shame.after, "card:h05") and "Shame pool 19" in drawn(shame.after, "shame_pool")
    tiger = step(breach, "TGW-40", "Tiger loses")
    assert tiger.after.sections[1]["rows"][0]["spots"][0] == "W"  # a Wound marker takes the Spearman's place
    assert tiger.after.clans[1]["reserve"]["spearman"] == breach.before.clans[1]["reserve"]["spearman"] + 2
    assert "Reserve S10" in drawn(tiger.after, "clan:1")
    crane = step(breach, "TGW-40", "Crane loses")
    assert (crane.after.clans[0]["barracks"]["spearman"], crane.after.clans[0]["rest"]["spearman"]) == (0, 2)


def test_TGW43_a_shame_token_under_a_soldier_shows_on_the_clans_board():
    # the witness: Crane's Shame token and killed Soldiers appear, and Crane no longer shows 0 Shame tokens
    breach = resolution(winter(shame="shame soldier"), "Assault on section 1")
    shame = step(breach, "TGW-43")
    assert "Shame tokens: 0" in drawn(breach.before, "clan:0") and "Shame tokens: 1" in drawn(shame.after, "clan:0")
    assert shame.after.clans[0]["disabled"] == ["spearman"] and shame.after.shame_pool == breach.before.shame_pool - 1
    assert shame.after.clans[0]["reserve"]["spearman"] == breach.before.clans[0]["reserve"]["spearman"] - 1
    assert set(shame.touches) == {"clan:0", "shame_pool"}


@pytest.mark.parametrize("honor,after,unchanged", [((7, 3), [(0, 2), (1, 0), (1, 0)], 1),
                                                   ((0, 8), [(0, 0), (1, 3), (1, 0)], 1)])
def test_TGW45_honor_lost_at_once_when_the_pool_runs_short(honor, after, unchanged):
    clans = [{"chi": 4, "barracks": {"spearman": 1}, "honor": honor[0]}, {"chi": 0, "honor": honor[1]}]
    breach = breach_two_cards(clans=clans, shame_pool=0).resolutions()[-1]
    steps = [s for s in breach.steps if s.rule == "TGW-45"]
    assert [(s.numbers["player"], s.after.clans[s.numbers["player"]]["honor"]) for s in steps] == after
    nothing = [s for s in steps if "has no Honor left" in s.sentence]  # 0 Honor stays 0: no change, no mark
    assert len(nothing) == unchanged and all(not s.change and set(s.touches.values()) == {"focus"} for s in nothing)
    assert all(s.after.shame_pool == 0 for s in steps)


def test_TGW41_TGW22_the_archers_and_the_barricades_of_a_breached_section_go():
    sections = empty_sections(horde=[{"card": "h03", "spots": ["S0", ".", ".", "."]}, {"card": "h02"}],
                              barricades=1, archers=[0, 0])
    game = start(position(sections=sections, clans=[{"chi": 0, "rest": {"spearman": 2, "archer": 1}}, {"chi": 0}]))
    game.play("fire 0 1")
    game.play("fire 0 2")
    breach = resolution(game, "Assault on section 0")
    archers = step(breach, "TGW-41")
    assert archers.after.sections[0]["archers"] == [] and "dash" in drawn(archers.after, "firing:0:0")
    barricades = breach.steps[-1]
    assert str(barricades) == "After its Assault section 0's 1 Barricade is discarded. [TGW-22]"
    assert barricades.after.sections[0]["barricades"] == 0 and barricades.after.defense(0) == 2
    assert set(barricades.touches) == {"barricades:0", "section:0"}


def test_TGW43_TGW48_each_clans_final_honor_appears_on_its_board_in_turn():
    doc = {"players": 2, "season": "winter", "year": 4, "time": 6,
           "sections": [{"wall": 2, "barricades": 0, "horde": []}, {"wall": 1, "barricades": 0, "horde": []},
                        {"wall": 3, "barricades": 0, "horde": []}],
           "clans": [{"honor": 9, "shame": 1, "trophies": ["h05"]}, {"honor": 4, "shame": 2, "trophies": ["h09"]}]}
    game = TheGreatWall.from_position(doc)
    crane, tiger = [r for r in game.resolutions() if r.title.startswith("Final Honor")]
    assert "final" not in drawn(crane.before, "clan:0") and "· final 8" in drawn(crane.after(-1), "clan:0")
    assert "final" not in drawn(crane.after(-1), "clan:1") and "· final 6" in drawn(tiger.after(-1), "clan:1")
    assert [bool(s.change) for s in tiger.steps] == [False] * 4 + [True]
    assert list(tiger.after(-1).scores()) == list(game.scores()) == [8, 6]


def test_TGW37_a_defeat_whose_saves_are_to_decide_shows_only_what_the_rules_did():
    game = defeat_position(["S0", "H1", "H1", "."])
    game.play("fire 0 3")
    pending = game.resolutions()[-1]
    assert pending.title.endswith("(Saves to decide)")
    losses = [s for s in pending.steps if s.rule == "TGW-37" and "Saves still to decide" in s.sentence]
    assert losses and all(not s.change for s in losses) and not pending.steps[-1].change
    assert pending.after(-1).clans[1]["honor"] == game.clans[1]["honor"]  # the Honor is given at the claim


def test_TGW44_a_what_if_says_where_the_shame_token_went_instead():
    actual = resolution(winter(), "Assault on section 1")
    other = resolution(winter(shame="shame soldier"), "Assault on section 1")
    assert difference(actual, other) == "Shame tokens: Crane under a spearman instead of Crane on Iron Lancers (h05)"


BAD = [
    ({"spots": [["h99", 0, "W"]]}, "no Horde card 'h99' on the wall"),
    ({"spots": [["h04", 7, "W"]]}, "no Vital spot 7 of h04"),
    ({"spots": [["h04", 0, "X3"]]}, "puts 'X3' on spot 0 of h04"),
    ({"clans": {5: {"honor": 1}}}, "no player 5"),
    ({"clans": {0: {"honor": -99}}}, "takes honor of Crane"),
    ({"clans": {0: {"reserve": {"dragon": 1}}}}, "reserve dragon"),
    ({"clans": {0: {"luck": 1}}}, "no clan field 'luck'"),
    ({"leave": {"card": "h04", "section": 2, "to": 1}}, "takes h04 off section 2, but it is in section 0"),
    ({"leave": {"card": "h04"}}, "moves a card off the wall as"),
    ({"archers": 9}, "no section 9"),
    ({"trophy_shamed": [1, "h05"]}, "no claimed card 'h05' of Tiger"),
    ({"final": {"player": 1, "score": [1, 0, 0, 1, 0, 0, 1]}}, "scores Tiger, but the clans are scored in seat order"),
    ({"shame_pool": -99}, "takes the Shame pool from"),
    ({"teleport": 1}, "has no key 'teleport'"),
    ({"spots": [["h04", 0, "W"]], "clans": {0: {"honor": 1}}, "barricades": 7}, "no section 7"),
]


@pytest.mark.parametrize("change,message", BAD)
def test_TGW34_a_change_naming_no_element_of_the_board_is_refused_and_changes_nothing(change, message):
    position = resolution(winter(), "Defeat of Yak Herders").steps[-1].after.copy()
    before = position.snapshot()
    with pytest.raises(GreatWallError, match=message):
        position._apply_step(change)
    assert position.snapshot() == before
