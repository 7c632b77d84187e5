"""The steps of a section's totals and its scoring check, on the positions of the scoring tests, and replayed
on random games: the steps' card points give the engine's totals, and their claims its tokens."""

import random

import pytest

from greatwall_kit.great_wall_of_china import Claim, Dragon, GreatWallOfChina, Play
from greatwall_kit.great_wall_of_china.evidence import SectionClaim

from .gwoc_support import box_except, position

SECOND = {"pair": [2, 8], "cards": []}


def texts(record):
    return [str(s) for s in record.steps]


def test_GW10_GW11_first_claim_steps_compare_strictly_and_lay_the_token():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow gate", "Red wall"]}, SECOND])
    game.play(Claim(1, 5, 1))
    record = game.resolutions()[0]
    assert isinstance(record.evidence, SectionClaim) and game.log[record.event].rule == "GW-11"
    assert texts(record)[-3:] == [
        "Totals: Red 3, Yellow 2. [GW-10]",
        "Red's 3 is strictly more than everyone else's (Yellow 2): Red must claim a token. [GW-10]",
        "Both tokens lie here: Red lays the 5 token face up on their Gate (card 1) and counts 3 - 5 = -2 here now. "
        "[GW-11]"]
    assert record.steps[-2].numbers["player_total"] == 3 and record.steps[-2].numbers["best_rival"] == 2


def test_GW12_GW14_second_claim_steps_take_the_first_token_off_then_both_go_face_down():
    game = position([{"pair": [3], "cards": ["Red gate [5]", "Yellow watchtower", "Yellow wall"]}, SECOND],
                    to_act="Yellow", pool=[7, 7, 4, 3], box=box_except(3, 5, 2, 8, 7, 7, 4, 3))
    record = game.resolutions()[0]
    assert texts(record)[4:] == [
        "Red's card 1 carries the first-claimed 5 token: 5 is taken off Red's points here. [GW-14]",
        "Totals: Red -3, Yellow 4. [GW-10]",
        "Yellow's 4 is strictly more than everyone else's (Red -3): Yellow must claim a token. [GW-10]",
        "One token is left: Yellow takes the 3 token face down. [GW-12]",
        "Red takes the 5 token from their Gate (card 1) face down. [GW-12]",
        "The section's 3 cards are discarded. [GW-12]",
        "Two 7s are drawn for section 1: with two players an equal pair goes back to the box. [GW-06]",
        "Tokens 4 and 3 are laid face up at section 1. [GW-05]"]
    gains = [(s.numbers["player"], s.numbers["token"]) for s in record.steps if "token" in s.numbers]
    assert gains == [(1, 3), (0, 5)] and game.tokens == [[5], [3]]


def test_GW13_GW15_alone_one_player_wins_both_tokens_even_below_zero():
    game = position([{"pair": [3], "cards": ["Red wall [8]"]}, SECOND])
    steps = texts(game.resolutions()[0])
    assert "No one else has a card here: Red claims with -7. [GW-15]" in steps
    assert "Red takes the 8 token from their Wall (card 1) face down: one player wins both tokens. [GW-13]" in steps


def test_GW16_infantry_steps_count_triangle_numbers_per_player():
    cards = ["Red infantry", "Yellow wall", "Red infantry", "Red infantry", "Yellow watchtower"]
    game = position([{"pair": [5, 3], "cards": cards}, SECOND])
    game.play(Claim(1, 5, 1))
    steps = texts(game.resolutions()[0])
    assert steps[1:6] == [
        "Card 1, Red's Infantry: Red's 1st Infantry here, worth 1. [GW-16]",
        "Card 2, Yellow's Wall: 1. [GW-01]",
        "Card 3, Red's Infantry: Red's 2nd Infantry here, worth 2 (1 + 2 = 3 for the two). [GW-16]",
        "Card 4, Red's Infantry: Red's 3rd Infantry here, worth 3 (1 + 2 + 3 = 6 for the three). [GW-16]",
        "Card 5, Yellow's Watchtower: 3. [GW-01]"]
    assert "Totals: Red 6, Yellow 4. [GW-10]" in steps


def test_GW17_a_noble_step_comes_first_and_every_card_is_worth_one():
    game = position([{"pair": [5, 3], "cards": ["Red watchtower", "Yellow wall", "Yellow wall"]}, SECOND],
                    to_act="Yellow", hands={"Yellow": ["noble", "wall"], "Red": ["wall", "wall"]})
    game.play(Play(1, "noble", 1))
    game.play(Play(2, "wall", 1))
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))  # Red's turn, then Yellow's check: 3 > 1
    game.play(Claim(1, 5, 4))
    record = game.resolutions()[0]
    steps = texts(record)
    assert steps[1] == "Card 4, Yellow's Noble: every card in the section is worth 1. [GW-17]"
    assert steps[2] == "Card 1, Red's Watchtower: 1 (the Noble). [GW-17]"
    assert "Totals: Red 1, Yellow 3. [GW-10]" in steps


def test_GW18_a_dragon_step_cancels_the_noble_it_covers():
    game = position([{"pair": [5, 3], "cards": ["Red watchtower", "Yellow noble", "Yellow gate"]}, SECOND],
                    hands={"Red": ["dragon", "wall", "wall"], "Yellow": ["wall", "wall"]})
    game.play(Dragon(1, 2))
    game.play(Play(2, "wall", 1))
    game.play(Play(2, "wall", 1)), game.play(Play(2, "wall", 1))  # back to Red: 4 > 2
    game.play(Claim(1, 5, 1))
    steps = texts(game.resolutions()[0])
    assert ("Card 2, Red's Dragon on Yellow's Noble: the Noble scores nothing and loses its ability; the Dragon "
            "is worth 1. [GW-18]") in steps
    assert "Totals: Red 4, Yellow 2. [GW-10]" in steps


def random_game(players, seed, **options):
    game = GreatWallOfChina(players, seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())))
    return game


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (5, 3, {}),
    (4, 4, {"infantry": "per_section", "covered_infantry": "still_counted", "cavalry": "group"}),
])
def test_GW10_to_GW18_replaying_the_steps_gives_the_engines_totals_and_tokens(players, seed, options):
    game = random_game(players, seed, **options)
    records = [r for r in game.resolutions() if isinstance(r.evidence, SectionClaim)]  # the end is tested apart
    assert records and len(records) == sum(e.rule in ("GW-11", "GW-12") and "player" in e.data for e in game.log)
    for record in records:
        before, after = game.position_at(event=record.start), game.position_at(event=record.event)
        section = before.sections[record.evidence.section - 1]
        # the evidence's cards are the section's cards when the check was made
        assert [[c.owner, c.kind, c.beneath, c.token] for c in section.cards] == \
            [[o, k, b, t] for o, k, b, t in record.evidence.cards]
        totals = [0] * players
        for step in record.steps:
            if "card" in step.numbers and "points" in step.numbers:
                totals[step.numbers["player"]] += step.numbers["points"]
            if "token_off" in step.numbers:
                totals[step.numbers["player"]] -= step.numbers["token_off"]
        assert tuple(totals) == section.totals() == next(s for s in record.steps if "totals" in s.numbers).numbers[
            "totals"]
        assert section.claim_due(record.evidence.player) == record.evidence.claim
        tokens = [list(t) for t in before.tokens]
        for step in record.steps:
            if "player" in step.numbers and "token" in step.numbers:
                tokens[step.numbers["player"]].append(step.numbers["token"])
        assert tokens == after.tokens
        if record.evidence.claim == "first":
            laid = after.sections[record.evidence.section - 1].cards[record.evidence.card - 1]
            assert laid.token == record.steps[-1].numbers["token"] and laid.owner == record.evidence.player
