"""Thousands of random games: every one ends cleanly with pieces, cards and points accounted for;
the fast structures agree with the networkx model."""

import random

import networkx as nx
import pytest

from greatwall_kit.chang_cheng import VARIANTS, Card, ChangCheng, Double, Single, Tower, new_game
from greatwall_kit.chang_cheng.board import DOUBLE, SINGLE, TOWER
from greatwall_kit.chang_cheng.cards import KINDS
from greatwall_kit.chang_cheng.evidence import ProvinceScoring, RegionAttack
from greatwall_kit.chang_cheng.squares import first_moves, free


def check_accounts(game):
    n = game.players
    for p in range(n):
        singles = sum(1 for s in game.wall.order if game.occ[s] == p and game.piece[s] == SINGLE)
        doubles = sum(1 for s in game.wall.order if game.occ[s] == p and game.piece[s] == DOUBLE)
        towers = sum(1 for s in game.wall.order if game.occ[s] == p and game.piece[s] == TOWER)
        assert singles + game.singles[p] == 14
        assert doubles == 2 * (1 - game.doubles[p]) and towers == 1 - game.towers[p]
        placed = [k for (o, k) in game.card_at if o == p]
        assert len(placed) + len(game.hand[p]) <= 6
    neutral = sum(1 for s in game.wall.order if game.occ[s] == n)
    assert neutral + game.neutral_left == (12 if game.options.neutral_blocks else 0)
    assert game.n_empty == sum(1 for s in game.wall.order if game.occ[s] < 0)
    # the indices placements.py keeps up to date move by move agree with a scan of the wall
    assert game.empty == [s for s in game.wall.order if game.occ[s] < 0]
    assert game.single_moves == [Single(s) for s in game.empty]
    assert sorted(game.reserved_at) == [s for s, owner in enumerate(game.reserved) if owner >= 0]
    assert game.uncompleted == [pr for pr, squares in enumerate(game.wall.province_squares)
                                if any(game.occ[s] < 0 for s in squares)]
    assert game.card_rows == {kind: [Card(kind, pr) for pr in game.uncompleted] for kind in KINDS}
    towers = [s for s in game.wall.order if game.piece[s] == TOWER]
    assert game.near_tower - {-1} == {q for t in towers for q in game.wall.neighbours(t)}
    # where a double or a tower may go but for the reservations, in wall order (the order moves are listed in)
    assert list(game.double_spots.items()) == [(s, Double(s)) for s, t in game.wall.pairs()
                                               if game.occ[s] < 0 and game.occ[t] < 0]
    assert list(game.tower_spots.items()) == [(s, Tower(s)) for s in game.empty
                                              if not any(game.piece[q] == TOWER for q in game.wall.neighbours(s))]
    for s, owner in enumerate(game.reserved):  # CC-13: an empty square next to its owner's tower
        if owner >= 0:
            assert game.occ[s] < 0
            assert any(game.piece[q] == TOWER and game.occ[q] == owner for q in game.wall.neighbours(s))
    for pr, squares in enumerate(game.wall.province_squares):
        assert game.completed[pr] == all(game.occ[s] >= 0 for s in squares)
        if game.decision in (None, "first"):  # no scoring under way: a completed province holds no cards
            assert not (game.completed[pr] and game.cards_in[pr])


def check_points(game):
    """Every point comes from the evidence: province scorings, doubles, Mongol attacks, event cards."""
    points = [0] * game.players
    for ev in game.evidence:
        if isinstance(ev, ProvinceScoring):
            for w in ev.winners:
                points[w] += ev.points
        elif isinstance(ev, RegionAttack):
            for loser in ev.losers:
                points[loser] += ev.loss
        else:
            points = [p + g for p, g in zip(points, ev.gains, strict=True)]
    for event in game.log:
        if event.rule == "CC-10":
            points[event.data["player"]] += event.data["points"]
    assert points == game.points


def finished_cleanly(game):
    assert game.is_over
    check_points(game)
    scored = [ev.province for ev in game.evidence if isinstance(ev, ProvinceScoring)]
    assert sorted(scored) == [pr for pr, done in enumerate(game.completed) if done]  # each once
    if game.result.reason.startswith("every square"):
        assert game.n_empty == 0
    else:
        # nobody could act: no one holds a piece that fits, nor a card for an uncompleted province
        assert game.result.reason == "no player can act any more"
        for p in range(game.players):
            assert first_moves(game, p) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_CC40_CC41_thousands_of_random_games_end_cleanly(players):
    rng = random.Random(players)
    full = 0
    for seed in range(1000):
        game = new_game(players=players, seed=seed)
        while game.to_act is not None:
            game.play(rng.choice(game.legal_moves()))
        finished_cleanly(game)
        check_accounts(game)
        full += game.n_empty == 0
    if players > 2:
        assert full == 1000  # 3 and 4 players always fill the wall
    else:
        # 2 players fill the first 26 squares, so the third board always comes; their 34 block-squares
        # cannot fill its 39 squares, and the game ends when nobody can act (CC-40's reading)
        assert full == 0


@pytest.mark.parametrize("label", ["rulebook"] + sorted(VARIANTS))
def test_CC13_CC18_kept_indices_agree_with_a_scan_of_the_wall_after_every_decision(label):
    # placements.py keeps the empty squares, reservations, open provinces and squares by a tower move by move
    options = VARIANTS.get(label, {})
    rng = random.Random(13)
    for players in [2] if options.get("neutral_blocks") else [2, 3, 4]:
        for seed in range(8):
            game = new_game(players=players, seed=seed, **options)
            check_accounts(game)
            while game.to_act is not None:
                game.play(rng.choice(game.legal_moves()))
                check_accounts(game)


@pytest.mark.parametrize("label", sorted(VARIANTS))
def test_CC46_CCV1_CCV3_random_games_of_every_variant_end_cleanly(label):
    options = VARIANTS[label]
    counts = [2] if options.get("neutral_blocks") else [2, 3, 4]
    rng = random.Random(7)
    for players in counts:
        for seed in range(60):
            game = new_game(players=players, seed=seed, **options)
            while game.to_act is not None:
                game.play(rng.choice(game.legal_moves()))
                if rng.random() < 0.05:
                    check_accounts(game)
            finished_cleanly(game)
            check_accounts(game)
            if options.get("neutral_blocks"):
                assert game.n_empty == 0 or game.result.reason == "no player can act any more"


def test_CC12_CC13_CC09_fast_answers_agree_with_the_graph():
    rng = random.Random(3)
    for seed in range(40):
        game = new_game(players=rng.choice([2, 3, 4]), seed=seed)
        while game.to_act is not None:
            if game.decision == "first" and not game.first_turn:
                g = game.graph()
                squares = {d["square"]: n for n, d in g.nodes(data=True) if d["kind"] == "square"}
                wall = g.subgraph(squares.values())
                free_squares = list(free(game))
                p = game.to_act
                offered = first_moves(game, p)  # (a double or a tower is always a full action: all are offered)
                towers = {s for s in free_squares
                          if not any(wall.nodes[x]["piece"] == "tower" for x in wall[squares[s]])}
                assert {m.square for m in offered if type(m) is Tower} == (towers if game.towers[p] else set())
                pairs = {(g.nodes[a]["square"], g.nodes[b]["square"]) for a, b in wall.edges()}
                doubles = {s for s in free_squares for t in free_squares if (s, t) in pairs or (t, s) in pairs
                           if wall.nodes[squares[t]]["position"] == wall.nodes[squares[s]]["position"] + 1}
                assert {m.square for m in offered if type(m) is Double} == (doubles if game.doubles[p] else set())
                assert nx.is_connected(wall) and max(d for _, d in wall.degree()) == 2
            game.play(rng.choice(game.legal_moves()))


def test_CC51_dominance_run_on_the_graph_agrees_with_a_scan_of_the_wall():
    from greatwall_kit.chang_cheng.scoring import longest_runs

    rng = random.Random(5)
    for seed in range(30):
        game = new_game(players=3, seed=seed)
        while game.to_act is not None:
            game.play(rng.choice(game.legal_moves()))
        runs = longest_runs(game.graph(), 3)
        for p in range(3):
            best = cur = 0
            for s in game.wall.order:
                mine = game.occ[s] == p and not game.broken[s]
                cur = cur + (2 if game.piece[s] == TOWER else 1) if mine else 0
                best = max(best, cur)
            assert runs[p][0] == best


def oracle_first_placements(game, p):
    """The legal first placements of ``p``, worked out from the rulebook's text without the engine's
    shortcuts: every placement that starts a full action, or, when none does, every placement (CC-41)."""
    wall, pof = game.wall, game.wall.province_of

    def lapsed_or_none(q):  # a reservation binds others while its owner still holds a single (CC-13)
        r = game.reserved[q]
        return r < 0 or not game.singles[r]

    empty = [s for s in wall.order if game.occ[s] < 0]
    mine = [s for s in empty if game.singles[p] and (lapsed_or_none(s) or game.reserved[s] == p)]
    free = [s for s in empty if lapsed_or_none(s)]
    uncompleted = [pr for pr in range(wall.provinces) if not game.completed[pr]]
    five = game.options.actions == "five"
    candidates = [(f"single {s}", five and game.singles[p] >= 2 and any(pof[t] != pof[s] for t in mine))
                  for s in mine]
    for kind in game.hand[p]:
        for pr in uncompleted:
            full = (len(game.hand[p]) >= 2 and len(uncompleted) >= 2) or any(pof[t] == pr for t in mine)
            candidates.append((f"card {kind} {pr}", full))
    if game.doubles[p]:
        candidates += [(f"double {s}", True) for s in free if wall.right[s] in free]
    if game.towers[p]:
        candidates += [(f"tower {s}", True) for s in free
                       if all(game.piece[q] != TOWER for q in wall.neighbours(s))]
    if any(full for _, full in candidates):
        return sorted(m for m, full in candidates if full)
    return sorted(m for m, _ in candidates)


@pytest.mark.parametrize("label", ["rulebook"] + sorted(VARIANTS))
def test_CC05_CC41_first_placements_agree_with_an_independent_reading_of_the_rules(label):
    options = VARIANTS.get(label, {})
    rng = random.Random(11)
    checked = 0
    for players in [2] if options.get("neutral_blocks") else [2, 3, 4]:
        for seed in range(12):
            game = new_game(players=players, seed=seed, **options)
            while game.to_act is not None:
                if game.decision == "first" and not game.first_turn:
                    assert sorted(map(str, game.legal_moves())) == oracle_first_placements(game, game.to_act)
                    checked += 1
                game.play(rng.choice(game.legal_moves()))
    assert checked > 150


@pytest.mark.parametrize("seed", range(6))
def test_CC13_kept_square_indices_follow_a_position_its_copies_and_undo(seed):
    doc = {"players": 2, "faces": ["1A", "2A"], "reputation": [2, 0, 1, 3, 4, 2],
           "threat": [-2, -3, -4, -2, -3, -4], "wall": "RT .r G ." + " ." * 22}
    game = ChangCheng.from_position(doc, seed=seed)
    assert game.reserved_at == [1] and game.empty[:2] == [1, 3]
    rng = random.Random(seed)
    while game.to_act is not None:
        game.play(rng.choice(game.legal_moves()))
        check_accounts(game)
        check_accounts(game.copy())
        if rng.random() < 0.1:
            game.undo()
            check_accounts(game)
    finished_cleanly(game)


def test_CC22_CC42_the_labs_statistics_count_the_scorings_and_attacks_of_the_evidence():
    """``stats()`` reads the log by kind; the evidence says the same independently: every province scored, who won
    it, every attack with a counter that found a majority to cost or none at all, and who lost points."""
    seen = set()
    configs = [(players, {}) for players in (2, 3, 4)] + [(2, options) for options in VARIANTS.values()]
    for players, options in configs:
        for seed in range(12):
            game, rng = new_game(players=players, seed=seed, **options), random.Random(seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            per_game, per_seat = game.stats()
            scorings = [e for e in game.evidence if isinstance(e, ProvinceScoring)]
            attacks = [e for e in game.evidence if isinstance(e, RegionAttack) and e.threat is not None]
            costly = [a for a in attacks if a.losers or not a.protected]  # a tower's protection alone costs nobody
            assert per_game == {"provinces_scored": len(scorings), "mongol_attacks": len(costly)}
            assert per_seat == [{"provinces_won": sum(p in s.winners for s in scorings),
                                 "mongol_losses": sum(p in a.losers for a in attacks)} for p in range(players)]
            seen |= {("won", bool(s.winners)) for s in scorings} | {("lost", bool(a.losers)) for a in attacks}
            seen |= {("lost after a tower", bool(a.losers)) for a in attacks if a.protected}
    # each way a scoring and an attack is told was counted: won or not, lost or not, and losses after a tower
    assert seen == {(what, happened) for what in ("won", "lost", "lost after a tower") for happened in (True, False)}
