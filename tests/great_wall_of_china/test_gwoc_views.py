"""Hidden information, positions, the graph and the picture."""

import json
import random
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from greatwall_kit import rules
from greatwall_kit.engine import PositionError
from greatwall_kit.great_wall_of_china import Draw, GreatWallOfChina, new_game

from .gwoc_support import box_except, position


def midgame(players=4, seed=8, decisions=40):
    game = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_GW03_GW23_hands_decks_and_face_down_tokens_are_private():
    game = midgame()
    public = game.view()["public"]
    text = json.dumps(public)
    assert '"hand": {' not in text and "tokens\": [" not in text
    for p in range(4):
        private = game.view(p)["private"]
        assert private["hand"] == game.hands[p] and private["tokens"] == sorted(game.tokens[p])
        assert public["players"][p]["hand"] == sum(game.hands[p].values())
        assert public["players"][p]["face_down_tokens"] == len(game.tokens[p])
    assert [s["pair"] for s in public["sections"]] == [s.pair for s in game.sections]
    for e in game.log:
        if e.data.get("kind") and e.rule == "GW-08" and e.private_to:
            assert e.sentence not in game.view((e.private_to[0] + 1) % 4)["log"]


def test_GW03_GW23_games_differing_only_in_hidden_things_look_the_same_to_outsiders():
    sections = [{"pair": [5], "cards": ["Red watchtower [2]", "Yellow wall"]},
                {"pair": [2, 8], "cards": ["Red wall", "Yellow wall"]}]
    one = GreatWallOfChina.from_position({"players": 2, "sections": sections, "tokens": {"Red": [4], "Yellow": [7]},
                                          "hands": {"Red": ["wall", "gate"], "Yellow": ["wall", "wall"]},
                                          "decks": {"Red": ["gate", "noble"]}}, seed=1)
    two = GreatWallOfChina.from_position({"players": 2, "sections": sections, "tokens": {"Red": [7], "Yellow": [4]},
                                          "hands": {"Red": ["infantry", "dragon"], "Yellow": ["gate", "noble"]},
                                          "decks": {"Red": ["noble", "wall"]}}, seed=2)
    assert one.decks[1] != two.decks[1] and one.pool != two.pool
    for game in (one, two):
        game.play(Draw()), game.play(Draw())
    # different hands, decks, pools and face-down values; the same table: the same public view
    assert one.view() == two.view()
    assert one.view(1)["public"] == two.view(1)["public"] == one.view(0)["public"]
    assert one.view(1)["log"] == two.view(1)["log"], "Red's draws are private to Red"
    assert one.view(0)["private"]["tokens"] == [4] and two.view(0)["private"]["tokens"] == [7]
    assert one.view(0)["log"] != two.view(0)["log"], "Red sees what Red drew"


def test_graph_links_players_to_the_sections_they_contest():
    for seed in range(5):
        game = midgame(seed=seed, decisions=60)
        if game.is_over:
            continue
        g = game.graph()
        names = game.player_names
        for section in game.sections:
            node = f"section {section.number}"
            assert g.nodes[node]["pair"] == ",".join(map(str, section.pair))
            for p in range(4):
                assert g.has_edge(names[p], node) == section.takes_part()[p]
                assert g.nodes[node][f"total_{names[p]}"] == section.totals()[p]
        contested = [n for n in g if g.nodes[n]["kind"] == "section" and g.degree(n) >= 2]
        assert contested == [f"section {s.number}" for s in game.sections if sum(s.takes_part()) >= 2]
        assert nx.is_bipartite(g)


def test_the_picture_shows_every_section_and_player():
    game = midgame()
    root = ET.fromstring(game._repr_svg_())
    text = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    for section in game.sections:
        assert f"section {section.number}" in text
    for name in game.player_names[:4]:
        assert name in text
    assert game._repr_svg_() == game._repr_svg_()


@pytest.mark.parametrize("doc,rule", [
    ({"sections": [{"pair": [5, 3]}]}, "GW-05"),
    ({"sections": [{"pair": [5, 3], "cards": ["Red wall [4]"]}, {"pair": [2, 8]}]}, "GW-12"),
    ({"sections": [{"pair": [5], "cards": ["Red wall"]}, {"pair": [2, 8]}]}, "GW-12"),
    ({"sections": [{"pair": [6, 3]}, {"pair": [2, 8]}]}, "GW-04"),
    ({"sections": [{"pair": [8, 3]}, {"pair": [8, 8]}]}, "GW-06"),
    ({"sections": [{"pair": [8, 3]}, {"pair": [2, 8]}], "tokens": {"Red": [8]}}, "GW-04"),
    ({"sections": [{"pair": [5, 3], "cards": ["Green wall"]}, {"pair": [2, 8]}]}, "GW-02"),
    ({"sections": [{"pair": [5, 3], "cards": ["Red noble", "Red noble"]}, {"pair": [2, 8]}]}, "GW-01"),
    ({"sections": [{"pair": [5, 3], "cards": ["Red wall over Yellow gate"]}, {"pair": [2, 8]}]}, "GW-18"),
    ({"sections": [{"pair": [5, 3], "cards": ["Red dragon over Yellow gate over Red wall"]}, {"pair": [2, 8]}]},
     "GW-18"),
    ({"sections": [{"pair": [5, 3]}, {"pair": [2, 8]}], "hands": {"Red": ["gold"]}}, "GW-01"),
    ({"sections": [{"pair": [5, 3]}, {"pair": [2, 8]}], "last_round_by": "Red"}, "GW-20"),
    ({"sections": [{"pair": [5, 3]}, {"pair": [2, 8]}], "pool": [1]}, "GW-04"),
])
def test_GW01_GW02_GW04_GW05_GW06_GW12_rule_breaking_positions_are_refused(doc, rule):
    with pytest.raises(PositionError) as err:
        GreatWallOfChina.from_position({"players": 2, **doc})
    assert err.value.rule == rule


def test_GW07_a_position_starts_at_the_scoring_check_of_the_player_to_act():
    game = position([{"pair": [5, 3], "cards": ["Yellow gate"]}, {"pair": [2, 8], "cards": []}], to_act="Yellow",
                    pool=[4, 7], box=box_except(5, 3, 2, 8, 4, 7))
    assert game.to_act == 1 and game.phase == "claim"
    assert game.pool == [7, 4], "the pool's first listed token is drawn first"


def test_every_rule_has_a_summary_with_its_section():
    book = rules.for_game("great_wall_of_china")
    assert [r.id for r in book] == [f"GW-{i:02d}" for i in range(1, 24)]
    assert all(r.section and r.text for r in book)
    assert rules.get("GW-16").variant == "infantry" and "per player" in rules.get("GW-16").interpretation
