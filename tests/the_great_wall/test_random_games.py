"""Random games: every piece and token accounted for after every game, and games always end."""

import random

import pytest

import greatwall_kit
from greatwall_kit.engine import IllegalMoveError
from greatwall_kit.the_great_wall import Breach, new_game
from greatwall_kit.the_great_wall.horde import soldiers_on

from .conftest import empty_sections, position, start


def check_invariants(game):
    n = game.players
    cat = game.cat
    shamed_cards = sum(1 for c in game.clans for _, shamed in c["trophies"] if shamed)
    assert game.shame_pool + sum(len(c["disabled"]) for c in game.clans) + shamed_cards + game.shame_out == 10 * n
    assert game.shame_pool >= 0
    for p, clan in enumerate(game.clans):
        count = {k: clan["reserve"][k] + clan["barracks"][k] + clan["rest"][k] + clan["disabled"].count(k)
                 for k in ("spearman", "archer", "horseman")}
        for sec in game.sections:
            count["archer"] += sec["archers"].count(p)
            for card in sec["rows"]:
                for kind, _ in soldiers_on(card["spots"], p):
                    count[kind] += 1
        count["spearman"] += sum(loc["overseers"].count(p) for loc in game.locations.values())
        assert count == {"spearman": 10, "archer": 4, "horseman": 2}, (p, count)
        clerks = clan["clerks"] + clan["clerk_supply"] + sum(loc["clerks"].count(p) for loc in game.locations.values())
        assert clerks == 8
        assert all(clan[r] >= 0 for r in ("honor", "wood", "stone", "gold", "chi"))
        assert len(clan["hand"]) + len(clan["discard"]) + sum(
            1 for row in game.track for e in row if e is not None and e[0] == p) == 6
        assert clan["chosen"] is None or clan["chosen"] in clan["hand"]  # it leaves the hand at the reveal
    for sec in game.sections:
        assert len(sec["rows"]) <= cat.raw["board"]["rows"] and 0 <= sec["barricades"] <= 3
        assert len(sec["archers"]) <= cat.raw["board"]["firing_spots"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end_and_account_for_every_piece(players):
    for seed in range(60):
        game = new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            if len(game.history) % 25 == 0:
                check_invariants(game)
        check_invariants(game)
        assert game.result.reason and len(game.winners()) == 1
        assert game.year <= len(game.cat.time_slots)  # the Time track guarantees an end


def test_illegal_attempts_name_their_rule_and_change_nothing():
    game = new_game(players=2, seed=9)
    rng = random.Random(9)
    tried = 0
    while not game.is_over and tried < 300:
        legal = list(game.legal_moves())
        for text in ("spearman 2 9", "horseman 0 0 3", "archer 5 0 0", "donate chi", "save 9", "slot 7",
                     "command nothing", "build wall 9", "fire 9 9"):
            move = game.parse_move(text)
            if move in legal:
                continue
            before, history = game.snapshot(), game.history
            with pytest.raises(IllegalMoveError) as err:
                game.play(text)
            assert repr(text) in str(err.value) and err.value.rule in str(err.value)
            assert err.value.rule.startswith("TGW-") or err.value.rule == "KIT-02"
            assert game.snapshot() == before and game.history == history
            tried += 1
        game.play(rng.choice(legal))


def test_TGW23_a_game_from_a_position_saves_loads_and_undoes():
    sections = empty_sections(horde=[{"card": "h03", "spots": ["S0", "H1", "H1", "."]}], archers=[0])
    game = start(position(sections=sections, clans=[{"chi": 4, "barracks": {"spearman": 2}}, {"chi": 2}]), seed=2)
    rng = random.Random(2)
    snapshots = []
    while not game.is_over and len(game.history) < 40:
        snapshots.append(game.snapshot())
        game.play(rng.choice(game.legal_moves()))
        assert greatwall_kit.load(game.to_json()).snapshot() == game.snapshot()
    game.undo(3)
    assert game.snapshot() == snapshots[-3]


def test_the_labs_breach_count_is_the_number_of_walls_breached():
    # the lab's statistic counts Breach events only, not the Assaults a wall held
    counted, held = 0, 0
    for seed in range(4):
        game = new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        breached = [b for b in game.resolutions() if isinstance(b.evidence, Breach) and b.evidence.breached]
        assert game.stats()[0]["breaches"] == len(breached)
        counted += len(breached)
        held += sum(1 for b in game.results if isinstance(b, Breach) and not b.breached)
    assert counted and held  # both outcomes happened, so a count of the wrong one fails
