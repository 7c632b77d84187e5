"""The networkx model checks the fast code's answers; views hide what they must."""

import json
import random

import networkx as nx

from greatwall_kit.the_great_wall import Horseman, new_game

from .conftest import empty_sections, position, start


def test_TGW31_horseman_moves_match_the_graph_adjacent_open_spots():
    rows = [{"card": "h03", "spots": [".", ".", "W", "."]}, {"card": "h06", "spots": [".", ".", ".", "S0"]}]
    rows[1]["spots"][3] = "."
    game = start(position(players=1, season="fall", sections=empty_sections(horde=rows),
                          clans=[{"hand": ["attack"], "barracks": {"horseman": 1}}]))
    game.play("command attack")
    g = game.graph()
    from_graph = set()
    for a, b, kind in g.edges(data="kind"):
        if kind == "adjacent" and g.nodes[a]["occupant"] == "" and g.nodes[b]["occupant"] == "":
            card, i = a.split(":")[1], int(a.split(":")[2])
            j = int(b.split(":")[2])
            row = g.nodes[f"card:{card}"]["row"]
            from_graph.add(Horseman(0, row, min(i, j)))
    assert set(m for m in game.legal_moves() if isinstance(m, Horseman)) == from_graph == {
        Horseman(0, 0, 0), Horseman(0, 1, 0), Horseman(0, 1, 1), Horseman(0, 1, 2)}


def test_TGW38_graph_sections_carry_defense_and_power():
    game = new_game(players=4, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    g = game.graph()
    for s in range(len(game.sections)):
        node = g.nodes[f"section:{s}"]
        assert node["defense"] == game.defense(s)
        cards = [n for n in nx.neighbors(g, f"section:{s}") if n.startswith("card:")]
        assert node["power"] == sum(g.nodes[c]["power"] for c in cards)


def test_TGW18_TGW07_hidden_choices_stay_out_of_other_views():
    game = new_game(players=3, seed=11)
    rng = random.Random(11)
    while not game.is_over and len(game.history) < 200:
        for p in range(game.players):
            chosen = game.clans[p]["chosen"]
            others = [game.view(q) for q in range(game.players) if q != p] + [game.view(None)]
            if chosen is not None:  # not yet revealed: no one else's log or public view names it
                for v in others:
                    assert f"{game.player_names[p]} chooses {chosen}" not in " ".join(v["log"])
                    assert v["public"]["clans"][p]["has_chosen"]
            others = [json.dumps(v) for v in others]
            for tactic in game.clans[p]["tactics"]:
                assert all(tactic not in v for v in others)
        game.play(rng.choice(game.legal_moves()))


def test_TGW18_TGW07_other_players_views_do_not_depend_on_a_hidden_choice():
    """Whatever a player picks behind the Screen, every other view is the same until all have chosen."""
    game = new_game(players=3, seed=5)
    last = ("advisor", 2)  # the last set-up choice: Generals and Active Advisors are then revealed
    while game.season == "setup":
        p = game.to_act
        if (game.prompt[0], p) != last:
            views = [[game.copy().replay([m]).view(q) for q in (None, 0, 1, 2) if q != p] for m in game.legal_moves()]
            assert all(v == views[0] for v in views), f"{game.player_names[p]}'s {game.prompt[0]} choice shows"
        game.play(game.legal_moves()[0])
    while game.prompt[0] != "command":
        game.play(game.legal_moves()[0])
    for p in range(3):
        assert game.to_act == p and len(game.legal_moves()) > 1
        picked = [game.copy().replay([m]) for m in game.legal_moves()]
        assert [g.view(p)["private"]["chosen"] for g in picked] == [m.card for m in game.legal_moves()]
        if p < 2:  # the last choice reveals all the cards at once
            views = [[g.view(q) for q in (None, 0, 1, 2) if q != p] for g in picked]
            assert all(v == views[0] for v in views), f"{game.player_names[p]}'s Command card shows"
        game.play(game.legal_moves()[-1])
    assert [e for e in game.log_for(None) if e.sentence.startswith("Revealed: ")]
