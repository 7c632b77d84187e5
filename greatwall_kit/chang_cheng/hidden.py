"""Determinization (for bots): redeal what one player cannot see, keeping everything they can.

Hidden from ``seat``: the threat counters still face down that the seat has not peeked at,
with the counters of boards to come (CC-02, CC-16); which boards come next, on which face,
and the reputation counters they bring (CC-39); and which action card each other player holds
or has placed face down in a province (CC-20, CC-28). Each other player's unseen cards are
redealt among their hand and their face-down cards, which stay in their provinces.
"""

from .cards import KINDS

__all__ = ["determinize"]


def determinize(game, seat, rng):
    """Redeal in place the parts of ``game`` that ``seat`` cannot see, drawing with ``rng``."""
    unseen = [r for r, t in enumerate(game.threat)
              if t is not None and not game.revealed[r] and r not in game.known[seat]]
    threats = sorted([game.threat[r] for r in unseen] + game.threat_pool, key=repr)
    rng.shuffle(threats)
    for r in unseen:
        game.threat[r] = threats.pop()
    game.threat_pool = threats
    game.rep_pool = sorted(game.rep_pool, key=repr)
    rng.shuffle(game.rep_pool)
    on_wall = set(game.wall.face_of_board)
    boards = [pair for pair in game.layout.boards if not any(face.name in on_wall for face in pair)]
    rng.shuffle(boards)
    game.reserve_faces = [pair[rng.randrange(2)] for pair in boards[:len(game.reserve_faces)]]
    # (the moves offered to another player now are listed again from the redealt hand: the engine drops the
    # listed moves of a sampled world)
    for q in range(game.players):
        if q != seat:
            _redeal_cards(game, q, rng)


def _redeal_cards(game, q, rng):
    slots = [(pr, i) for pr, cards in enumerate(game.cards_in) for i, (owner, _) in enumerate(cards) if owner == q]
    kinds = sorted(game.hand[q] + [game.cards_in[pr][i][1] for pr, i in slots])
    rng.shuffle(kinds)
    for (pr, i), kind in zip(slots, kinds, strict=False):
        game.cards_in[pr][i] = (q, kind)
    game.card_at = {key: pr for key, pr in game.card_at.items() if key[0] != q}
    game.card_at.update({(q, kind): pr for (pr, _), kind in zip(slots, kinds, strict=False)})
    game.hand[q] = sorted(kinds[len(slots):], key=KINDS.index)
