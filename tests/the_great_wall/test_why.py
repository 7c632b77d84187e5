"""When something a player set up does not happen, the rules say why, with the rule, and the board shows it in
"since your last move"; the end of the game says who won and why, in words."""

import random

from greatwall_kit.the_great_wall import new_game
from greatwall_kit.widgets import Board
from greatwall_kit.widgets.drawing import log_entries

from .conftest import empty_sections, position, sentences, start


def _play_until(game, wanted):
    """Play the first legal move until ``wanted(game)``; the moves played, as texts."""
    played = []
    while not wanted(game):
        played.append(str(game.play(game.legal_moves()[0])))
    return played


def test_TGW20_clerks_that_do_not_activate_say_why_in_since_your_last_move():
    game = start(position(season="fall", clans=[{"hand": ["muster"]}, {"hand": ["attack"]}]))
    game.play("command muster")
    game.play("command attack")
    _play_until(game, lambda g: g.prompt[0] == "clerk")
    game.play("clerk barracks")
    game.play("clerk barracks")  # 2 of the Barracks' 3 Clerk slots: it cannot activate
    why = [s for s in sentences(game, "TGW-20") if "does not activate" in s]
    assert why == ["Barracks does not activate: 2 of its 3 Clerk slots filled (Crane 2); a Location activates only "
                   "when all its Clerk slots are full (or by a Command card's Advanced Activation), and the Clerks "
                   "wait there."]
    # what Crane reads since their last move (the board's "since your last move" box shows the latest of these)
    last = len(game.history) - 1
    assert why[0] in [sentence for sentence, _, decision, _why in log_entries(game, 0) if decision > last]
    assert Board(game, perspective=0)._view["since"]["label"] == "Your last move"


def test_TGW39_a_breach_that_shames_nobody_says_why():
    sections = empty_sections(horde=[{"card": "h02", "spots": ["S0", "S1", "."]}], wall=0, barricades=0)
    game = start(position(sections=sections, clans=[{"chi": 0}, {"chi": 0}]))
    assert [s for s in sentences(game) if s.startswith(("BREACH", "Nobody"))] == [
        "BREACH in section 0: Offensive Power 6 beats Defense 2 (wall 2 + 2 x 0 Barricades).",
        "Nobody takes a Shame token: every player has a Soldier on each breaching card."]
    assert [e.rule for e in game.log if e.sentence.startswith("Nobody")] == ["TGW-39"]


def test_TGW49_the_end_says_who_won_and_why():
    won = start(position(time=6, clans=[{"honor": 3}, {"honor": 7}]))
    assert sentences(won, "TGW-49") == ["Tiger wins: the most Honor, 7 against 3 (Crane)."]
    tied = start(position(time=6, clans=[{"honor": 4}, {"honor": 4}], tea=[1, 0]))
    assert sentences(tied, "TGW-49") == ["Tiger wins: tied with Crane at 4 Honor, and higher on the Tea track."]


def test_a_why_is_never_left_out_of_since_your_last_move():
    """"Since your last move" shows at most five events; one that says why something a player set up did not happen
    (a Location that does not activate, a Breach that shames nobody) is kept among them however many follow it.

    Random games of every player count; at each decision after such an event, the board of the player to act (who
    reads what happened since their last move) must list every such event of that span. Only the spans where the
    event is not among the last five prove the point: the test counts them.
    """
    beyond_five = 0
    for players in (2, 3, 4):
        game, rng = new_game(players=players, seed=20 + players), random.Random(players)
        actors = []
        while not game.is_over:
            p = game.to_act
            base = next((i + 1 for i in range(len(actors) - 1, -1, -1) if actors[i] == p), 0)
            span = [e for e in log_entries(game, p) if e[2] > base]
            whys = [e[0] for e in span if e[3]]
            if whys and len(game.history) > base:
                board = Board(game, perspective=p)
                since = board._view["since"]
                board.close()
                assert set(whys) <= set(since["items"]), (len(game.history), whys, since["items"])
                assert len(since["items"]) <= 5 and since["more"] == len(span) - len(since["items"])
                beyond_five += any(s not in [e[0] for e in span[-5:]] for s in whys)
            actors.append(p)
            game.play(rng.choice(game.legal_moves()))
    assert beyond_five >= 3, beyond_five
