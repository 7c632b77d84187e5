"""The turn: scoring check first, then two actions, Cavalry free (GW-07, GW-08, GW-09, GW-19)."""


from greatwall_kit.great_wall_of_china import Claim, Draw, Play, new_game

from ..support import refused
from .gwoc_support import position

SECOND = {"pair": [2, 8], "cards": []}


def test_GW07_the_scoring_check_comes_first_section_by_section():
    game = position([{"pair": [5, 3], "cards": ["Red gate"]}, {"pair": [2, 8], "cards": ["Red wall"]}],
                    hands={"Red": ["wall", "gate"]})
    assert game.phase == "claim" and {m.section for m in game.legal_moves()} == {1}
    refused(game, Play(1, "wall", 1), "GW-07")
    refused(game, Draw(), "GW-07")
    refused(game, Claim(2, 8, 1), "GW-10")
    game.play(Claim(1, 5, 1))
    assert {m.section for m in game.legal_moves()} == {2}
    game.play(Claim(2, 2, 1))
    assert game.phase == "act" and not any(isinstance(m, Claim) for m in game.legal_moves())
    refused(game, Claim(1, 3, 1), "GW-10")


def test_GW07_GW08_two_actions_then_the_next_player_checks():
    game = new_game(players=3, seed=5)
    assert game.to_act == 0 and game.actions == 0
    game.play(Draw())
    assert game.to_act == 0 and game.actions == 1
    game.play(Draw())
    assert game.to_act == 1 and game.actions == 0 and game.turn_number == 2
    assert [e.rule for e in game.log][-1] == "GW-07"


def test_GW08_an_action_plays_a_group_of_identical_cards_or_draws_one():
    game = position([{"pair": [5, 3], "cards": []}, SECOND],
                    hands={"Red": ["wall", "wall", "wall", "gate"]}, decks={"Red": ["watchtower", "noble"]})
    plays = {m for m in game.legal_moves() if isinstance(m, Play)}
    assert plays == {Play(s, "wall", c) for s in (1, 2) for c in (1, 2, 3)} | {Play(1, "gate", 1), Play(2, "gate", 1)}
    refused(game, Play(1, "wall", 4), "GW-08")
    refused(game, Play(1, "noble", 1), "GW-08")
    refused(game, Play(3, "wall", 1), "GW-08")
    refused(game, Play(1, "wall", 0), "GW-08")
    refused(game, Play(1, "gold", 1), "GW-08")
    game.play(Play(2, "wall", 3))
    assert game.hands[0]["wall"] == 0 and len(game.sections[1].cards) == 3 and game.actions == 1
    game.play(Draw())
    assert game.hands[0]["watchtower"] == 1 and game.decks[0] == ["noble"]
    drawn = [e for e in game.log if e.rule == "GW-08" and e.private_to == (0,)]
    assert drawn[-1].data["kind"] == "watchtower" and "watchtower" not in game.view(1)["log"][-2]


def test_GW08_drawing_from_an_empty_deck_is_refused():
    game = position([{"pair": [5, 3], "cards": []}, SECOND], hands={"Red": ["wall", "gate"]},
                    decks={"Red": []})
    assert Draw() not in game.legal_moves()
    refused(game, Draw(), "GW-08")


def test_GW09_cavalry_is_free_before_the_second_action():
    game = position([{"pair": [5, 3], "cards": []}, SECOND],
                    hands={"Red": ["cavalry", "cavalry", "wall", "wall"]})
    game.play(Play(1, "cavalry", 1))
    assert game.actions == 0 and game.cavalry_used and game.to_act == 0
    refused(game, Play(1, "cavalry", 1), "GW-09")        # one free play per turn
    game.play(Play(1, "wall", 1)), game.play(Play(1, "wall", 1))
    assert game.to_act == 1


def test_GW09_cavalry_is_free_after_the_second_action_but_never_after_the_third():
    game = position([{"pair": [5, 3], "cards": []}, SECOND],
                    hands={"Red": ["cavalry", "wall", "wall", "gate"], "Yellow": ["wall", "wall"]})
    game.play(Play(1, "wall", 1))
    assert Play(2, "cavalry", 1) in game.legal_moves()
    game.play(Play(2, "cavalry", 1))
    assert game.actions == 1 and game.to_act == 0
    game.play(Play(1, "gate", 1))
    assert game.to_act == 1
    # another turn: two actions, and the turn is over although Red still holds a Cavalry
    game = position([{"pair": [5, 3], "cards": []}, SECOND], hands={"Red": ["cavalry", "wall", "wall"]})
    game.play(Play(1, "wall", 1)), game.play(Play(1, "wall", 1))
    assert game.to_act == 1 and game.hands[0]["cavalry"] == 1


def test_GW09_one_cavalry_card_per_free_play_unless_the_group_variant():
    doc = dict(hands={"Red": ["cavalry", "cavalry", "wall"]})
    game = position([{"pair": [5, 3], "cards": []}, SECOND], **doc)
    err = refused(game, Play(1, "cavalry", 2), "GW-09")
    assert "one Cavalry" in err.reason
    game = position([{"pair": [5, 3], "cards": []}, SECOND], options={"cavalry": "group"}, **doc)
    game.play(Play(1, "cavalry", 2))
    assert game.sections[0].totals() == (4, 0) and game.actions == 0


def test_GW09_with_nothing_but_cavalry_left_the_free_play_is_the_only_move():
    game = position([{"pair": [5, 3], "cards": []}, SECOND], hands={"Red": ["cavalry", "cavalry"]},
                    decks={"Red": []})
    assert set(game.legal_moves()) == {Play(1, "cavalry", 1), Play(2, "cavalry", 1)}
    game.play(Play(1, "cavalry", 1))
    assert game.to_act == 1 and game.hands[0]["cavalry"] == 1, "no action left: the turn ends"


def test_GW19_new_cards_go_to_the_right():
    game = position([{"pair": [5, 3], "cards": ["Yellow noble", "Yellow gate"]}, SECOND],
                    hands={"Red": ["gate", "watchtower"]})
    game.play(Play(1, "watchtower", 1)), game.play(Play(1, "gate", 1))
    assert [c.kind for c in game.sections[0].cards] == ["noble", "gate", "watchtower", "gate"]
    assert [c["kind"] for c in game.view()["public"]["sections"][0]["cards"]] == ["noble", "gate", "watchtower",
                                                                                 "gate"]
