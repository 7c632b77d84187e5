"""Determinization (for bots): redeal what one player cannot see, keeping everything they can.

Hidden from ``seat``: the other players' hands and every deck's order (GW-03), the values of
the other players' face-down tokens and the pool (GW-04, GW-12). Hand and deck sizes, the box,
the sections and the discards stay; a player's own deck keeps its cards in a new order.
"""

from collections import Counter

__all__ = ["determinize"]


def determinize(game, seat, rng):
    """Redeal in place the parts of ``game`` that ``seat`` cannot see, drawing with ``rng``."""
    hidden = sorted([v for q in range(game.players) if q != seat for v in game.tokens[q]] + game.pool)
    rng.shuffle(hidden)
    for q in range(game.players):
        if q != seat:
            n = len(game.tokens[q])
            game.tokens[q], hidden = hidden[:n], hidden[n:]
    game.pool = hidden
    for q in range(game.players):
        hand = game.hands[q]
        cards = sorted(game.decks[q]) if q == seat else sorted(game.decks[q] + list(Counter(hand).elements()))
        rng.shuffle(cards)
        if q != seat:
            held = sum(hand.values())
            for kind in hand:
                hand[kind] = 0
            for kind in cards[:held]:
                hand[kind] += 1
            cards = cards[held:]
        game.decks[q] = cards
