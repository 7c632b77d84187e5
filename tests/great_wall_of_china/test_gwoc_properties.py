"""Property tests: the section tally against a plain reference, positions that save, undo and replay."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import greatwall_kit
from greatwall_kit.great_wall_of_china import KINDS, VALUE, VARIANTS, Card, Claim, Options, Section, new_game, tally

from .gwoc_support import position

cards = st.lists(st.tuples(st.integers(0, 1), st.sampled_from(KINDS), st.booleans()), max_size=14)


def reference_totals(row, infantry, covered_infantry="not_counted"):
    """The rules read naively: covered cards (a Dragon on top) count 0 and are skipped (a covered
    Infantry still takes its place in the count with ``"still_counted"``); a visible Noble makes every
    card 1; the n-th counted Infantry (per player or per section) counts n."""
    keep_places = covered_infantry == "still_counted"
    visible = [(owner, kind) for owner, kind, covered in row if not covered]
    flat = any(kind == "noble" for _, kind in visible)
    totals = [0, 0, 0]
    for i, (owner, kind, covered) in enumerate(row):
        if covered:
            continue
        if flat:
            value = 1
        elif kind == "infantry":
            value = sum(1 for o, k, c in row[:i + 1]
                        if k == "infantry" and (keep_places or not c) and (infantry == "per_section" or o == owner))
        else:
            value = VALUE[kind]
        totals[owner] += value
    for _owner, _kind, covered in row:
        if covered:
            totals[2] += 1          # the covering Dragon, Black's here, is worth 1
    return tuple(totals)


@settings(max_examples=150, deadline=None)
@given(cards, st.sampled_from(["per_player", "per_section"]), st.sampled_from(["not_counted", "still_counted"]))
def test_GW16_GW17_GW18_tally_matches_a_plain_reading_of_the_rules(row, infantry, covered_infantry):
    # a covered card lies under Black's Dragon (Black plays no other card here)
    row = [(owner, kind, covered) for owner, kind, covered in row if owner < 2]
    built = [Card(2, "dragon", beneath=((owner, kind),)) if covered else Card(owner, kind)
             for owner, kind, covered in row]
    options = Options(infantry=infantry, covered_infantry=covered_infantry)
    assert tally(built, 3, options).totals == reference_totals(row, infantry, covered_infantry)

def test_GW11_a_position_game_undoes_saves_and_replays():
    game = position([{"pair": [5, 3], "cards": ["Red gate", "Yellow wall"]}, {"pair": [2, 8], "cards": []}])
    before = game.snapshot()
    game.play(Claim(1, 5, 1))
    game.play(game.legal_moves()[0])
    again = greatwall_kit.load(game.to_json())
    assert again.snapshot() == game.snapshot()
    game.undo(2)
    assert game.snapshot() == before


def test_GW10_GW14_the_fast_claim_check_agrees_with_the_explained_one_and_fresh_totals():
    # claim_due() (used in play, with cached totals) against check() and a section rebuilt from scratch
    for seed in range(12):
        players = 2 + seed % 4
        game = new_game(players=players, seed=seed, **(VARIANTS["other readings"] if seed % 2 else {}))
        rng = random.Random(seed)
        while not game.is_over:
            for s in game.sections:
                fresh = Section(s.number, players, s.pair, list(s.cards), s.options)
                assert (fresh.totals(), fresh.takes_part()) == (s.totals(), s.takes_part())
                assert [s.claim_due(p) for p in range(players)] == [fresh.check(p).claim for p in range(players)]
            moves = game.legal_moves()
            game.play(moves[rng.randrange(len(moves))])
