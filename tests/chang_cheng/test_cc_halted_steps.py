"""A province scoring halted for a card's owner to choose (CC-19, CC-25) is listed among the resolutions with its
steps so far, the card that waits and the cards still to resolve; once decided, the finished scoring replaces it."""

from greatwall_kit.chang_cheng import ChangCheng
from greatwall_kit.chang_cheng.evidence import ProvinceHalted, ProvinceScoring

BOARDS = {"faces": ["1A", "2A"], "reputation": [2, 1, 2, 3, 4, 0], "threat": [-2, -3, -4, -2, -3, -4]}


def two_floods():
    doc = {**BOARDS, "players": 2, "wall": "G G R" + " ." * 23, "cards": {"0": ["green flood", "red flood"]},
           "options": {"same_priority": "resolve_all"}}
    return ChangCheng.from_position(doc).replay(["single 3", "nopeek"])


def test_CC19_CC25_CC32_a_scoring_waiting_for_a_flood_is_listed_with_its_steps_so_far():
    game = two_floods()
    record = game.resolutions()[-1]
    assert record.title == "Province 0 scoring: Red to choose" and isinstance(record.evidence, ProvinceHalted)
    assert game.log[record.event].rule == "CC-19" and record.start == record.event
    assert [str(s) for s in record.steps[-3:]] == [
        "Play halts: Red's Flood waits for Red to choose: flood plus or flood minus. [CC-32]",
        "Still to resolve after it: Green Flood (3). [CC-25]",
        "The value, the majority and the points follow once every card has resolved. [CC-19]"]
    assert not any("value" in s.numbers or "points" in s.numbers for s in record.steps)
    game.play("flood plus")
    steps = game.resolutions()[-1].steps
    assert "Red's Flood: the province is worth +2. [CC-32]" in map(str, steps)
    assert str(steps[-2]) == "Play halts: Green's Flood waits for Green to choose: flood plus or flood minus. [CC-32]"
    game.play("flood plus")
    done = [r for r in game.resolutions() if r.title.startswith("Province 0")]
    assert [r.title for r in done] == ["Province 0 scored"] and isinstance(done[0].evidence, ProvinceScoring)
    # 4 counted blocks + 2 + 2 from the Floods + reputation 2, as the finished steps say
    assert next(s for s in done[0].steps if "value" in s.numbers).numbers["value"] == 10 == game.points[0]


def test_CC35_a_mandarin_waiting_to_swap_names_both_swaps():
    doc = {**BOARDS, "players": 2, "wall": "GD GD RT . . G . . . . . . . | . G . . . . . . . . . . .",
           "cards": {"0": ["red mandarin"]}}
    game = ChangCheng.from_position(doc).replay(["single 3", "nopeek"])
    halted = game.resolutions()[-1]
    assert str(halted.steps[-2]) == "Play halts: Red's Mandarin waits for Red to choose: swap 3 5 or swap 3 14. [CC-35]"
    assert halted.steps[-2].numbers == {"player": 0, "choices": 2}
    assert [str(m) for m in game.legal_moves()] == ["swap 3 5", "swap 3 14"]


def test_CC19_to_CC35_on_random_games_every_halt_is_listed_and_its_steps_begin_the_finished_scoring():
    import random

    from greatwall_kit.chang_cheng import new_game

    halts = 0
    for seed in range(4):
        game, rng = new_game(players=3, seed=seed), random.Random(seed)
        waiting = {}
        while not game.is_over:
            if game.decision == "card":
                record = game.resolutions()[-1]
                assert isinstance(record.evidence, ProvinceHalted)
                assert record.evidence.waiting[0] == game.to_act
                assert record.evidence.choices == tuple(str(m) for m in game.legal_moves())
                province = record.evidence.scoring.province
                waiting.setdefault(province, []).append(record.steps[:-2 if record.evidence.left else -1][:-1])
                halts += 1
            game.play(rng.choice(game.legal_moves()))
        for record in game.resolutions():
            if isinstance(record.evidence, ProvinceScoring) and record.evidence.province in waiting:
                for so_far in waiting.pop(record.evidence.province):
                    assert record.steps[:len(so_far)] == so_far
        assert not any(isinstance(r.evidence, ProvinceHalted) for r in game.resolutions())
    assert halts > 0
