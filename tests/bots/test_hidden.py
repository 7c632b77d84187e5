"""No peeking, checked without trusting the sampler.

The twins here are made by :mod:`.twins`, which rearranges every part a seat cannot see directly in a
copy's state (unseen threat counters, hands, decks, face-down tiles and tokens, dealt Generals, a card
behind a Screen, the random generator), never with ``sample_world``. Three promises:

- a twin agrees with its game on the seat's view and legal moves, and differs in every hidden part
  that can differ (so the twins below really are two different games);
- the bots' samples and choices are the same in both twins: nothing a bot does depends on a hidden part;
- sampling changes every hidden part that can change: a sampler that leaves a part as dealt would make a
  look-ahead bot play against the true hidden value.

Planted once each (and reverted), every one of these sampler bugs fails the last two tests:
Chang Cheng's sampler leaving the face-down threat counters as dealt, Dschingis Khan's leaving the tiles
of stacks the seat does not control (and, separately, the discarded tiles), Great Wall of China's leaving
the opponents' hands, and The Great Wall's leaving the other clans' Tactic cards (and, separately, the
Command cards behind the Screens).
"""

import random

import pytest

from greatwall_kit import GAMES, new_game
from greatwall_kit.bots import GreedyBot, MCTSBot, sample_world, seat_view
from greatwall_kit.engine.playout import play_randomly

from .twins import hidden_parts, twin

#: Moments random play reaches late or seldom, where a hidden part appears that the counts above miss.
MOMENTS = {
    "tiles discarded": lambda g: any(g.discarded),  # Dschingis Khan: lost tiles, face down (DK-11)
    "a Command card behind a Screen": lambda g: any(  # The Great Wall: another clan has chosen (TGW-18)
        c["chosen"] is not None and len(set(c["hand"])) > 1 for q, c in enumerate(g.clans) if q != g.to_act),
}
POSITIONS = [(name, players, decisions) for name in sorted(GAMES)
             for players in (2, max(new_game(name).player_counts)) for decisions in (0, 4, 25, 60)]
POSITIONS += [("dschingis_khan", 2, "tiles discarded"), ("dschingis_khan", 4, "tiles discarded"),
              ("the_great_wall", 2, "a Command card behind a Screen"),
              ("the_great_wall", 4, "a Command card behind a Screen")]
SAMPLES = 200  # a part drawn from a very uneven pool (1 in 30) still changes with odds 0.999


def _position(name, players, when):
    """A game part-way through random play (seed 11): after ``when`` decisions, or at the first moment named
    ``when`` (in the first of seeds 11, 12 ... whose game reaches one)."""
    if isinstance(when, int):
        game = new_game(name, players=players, seed=11)
        play_randomly(game, 11, stop_after=when)
        if game.is_over:
            pytest.skip("the game ended early")
        return game
    for seed in range(11, 41):
        game, rng = new_game(name, players=players, seed=seed), random.Random(seed)
        while not game.is_over:
            if MOMENTS[when](game):
                return game
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError(f"no game of seeds 11 to 40 reaches the moment {when!r}")


def _seen(view):
    return {k: v for k, v in view.items() if k != "log"}


def _ids(case):
    return "-".join(str(x).replace(" ", "_") for x in case)


@pytest.mark.parametrize("name,players,decisions", POSITIONS, ids=map(_ids, POSITIONS))
def test_CC02_DK11_GW03_TGW18_a_twin_made_by_hand_keeps_the_view_and_changes_every_hidden_part(name, players,
                                                                                               decisions):
    game = _position(name, players, decisions)
    before, seat = game.snapshot(), game.to_act
    for seed in range(3):
        other = twin(game, seat, seed=seed)
        assert _seen(other.view(seat)) == _seen(game.view(seat)), "the twin changed something the seat sees"
        assert list(other.legal_moves()) == list(game.legal_moves())
        mine, theirs = hidden_parts(game, seat), hidden_parts(other, seat)
        unchanged = [part for part, (value, can_vary) in mine.items() if can_vary and theirs[part][0] == value]
        assert not unchanged, f"the twin kept {unchanged}"
        assert any(can_vary for part, (_, can_vary) in mine.items() if part != "the random generator")
        play_randomly(other, seed)  # the twin is a sound game: it plays to its end
        assert other.is_over
    assert game.snapshot() == before, "making a twin changed the game itself"


@pytest.mark.parametrize("name,players,decisions", POSITIONS, ids=map(_ids, POSITIONS))
def test_twins_made_by_hand_give_the_same_samples_and_the_same_choices(name, players, decisions):
    game = _position(name, players, decisions)
    seat = game.to_act
    other = twin(game, seat)
    for seed in range(3):
        one, two = (sample_world(g, seat, random.Random(seed)) for g in (game, other))
        assert one.snapshot()["state"] == two.snapshot()["state"], "the samples of the twins differ"
    bots = (GreedyBot, lambda seed: MCTSBot(seed, playouts=12), lambda seed: MCTSBot(seed, playouts=8, rollout=2),
            lambda seed: MCTSBot(seed, playouts=8, rollout=0, expand="all"))
    for bot in bots:
        moves = [bot(5).choose(seat_view(g, seat), list(g.legal_moves())) for g in (game, other)]
        assert moves[0] == moves[1], f"{bot(5)!r} chose {moves[0]} in one twin and {moves[1]} in the other"


@pytest.mark.parametrize("name,players,decisions", POSITIONS, ids=map(_ids, POSITIONS))
def test_sampling_changes_every_hidden_part_that_can_change(name, players, decisions):
    game = _position(name, players, decisions)
    seat = game.to_act
    truth = hidden_parts(game, seat)
    seen = {part: {value} for part, (value, _) in truth.items()}
    for s in range(SAMPLES):
        for part, (value, _) in hidden_parts(sample_world(game, seat, random.Random(s)), seat).items():
            seen[part].add(value)
    stuck = [part for part, (_, can_vary) in truth.items() if can_vary and len(seen[part]) < 2]
    assert not stuck, f"{SAMPLES} samples never changed {stuck}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_world_sampled_for_a_seat_not_to_act_offers_only_moves_that_play(name):
    """Sampling for a seat while another player acts redeals that player's hand: the moves the sample offers them
    are worked out from the hand they hold there (Chang Cheng once kept the true game's card moves: a raw
    ValueError when one was played)."""
    tried = 0
    for seed in range(12):
        game, rng = new_game(name, players=max(new_game(name).player_counts), seed=seed), random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.is_over:
            continue
        for seat in (q for q in range(game.players) if q != game.to_act):
            world = sample_world(game, seat, random.Random(seed * 7 + seat))
            for move in list(world.legal_moves()):
                world.copy().play(move)
                tried += 1
    assert tried
