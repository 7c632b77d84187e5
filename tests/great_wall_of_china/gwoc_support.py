"""Helpers shared by the Great Wall of China tests (a unique module name: test folders have no packages)."""

from collections import Counter

from greatwall_kit.great_wall_of_china import DECK, TOKENS, GreatWallOfChina


def position(sections, players=2, **doc):
    """A game set up from a position document with these sections (pairs + cards)."""
    return GreatWallOfChina.from_position({"players": players, "sections": sections, **doc})


def empty_sections(players=2, start=1):
    """Uncontested sections with distinct pairs, to fill the rest of a position."""
    pairs = [[4, 7], [2, 8], [1, 3], [5, 2]]
    count = {2: 2, 3: 3, 4: 4, 5: 4}[players]
    return [{"pair": pairs[i], "cards": []} for i in range(start, count)]


def box_except(*used):
    """The box holding every token but ``used`` (so a position can give an exact pool)."""
    return sorted((Counter(TOKENS) - Counter(used)).elements())


def token_count(game):
    """Every token of the game by value: pool + pairs + on cards + in front of players + box."""
    seen = Counter(game.pool) + Counter(game.box)
    for section in game.sections:
        seen.update(section.pair)
        seen.update(c.token for c in section.cards if c.token is not None)
    for tokens in game.tokens:
        seen.update(tokens)
    return seen


def card_count(game, player):
    """Every card of one colour by kind: deck + hand + table (covered too) + discarded."""
    seen = Counter(game.decks[player]) + Counter(game.hands[player]) + Counter(game.discarded[player])
    for section in game.sections:
        for card in section.cards:
            if card.owner == player:
                seen[card.kind] += 1
            seen.update(k for o, k in card.beneath if o == player)
    return +seen


FULL_DECK = Counter(DECK)
FULL_TOKENS = Counter(TOKENS)
