"""Why a decision is refused: the one place the legality of a move is decided.

:func:`refusal` answers ``None`` for a legal move, else ``(rule, reason)`` with the checklist ID
and a concrete reason; the game's ``_is_legal`` and ``_explain`` hooks both ask it, so the legal
moves offered and the moves refused can never disagree.

>>> from greatwall_kit.great_wall_of_china import Draw, Play, new_game
>>> game = new_game(players=2, seed=0)
>>> refusal(game, Draw()) is None
True
>>> refusal(game, Play(3, "wall", 1))
('GW-08', 'there are 2 sections, no section 3')
"""

from .cards import DECK, KINDS, NAME, PLURAL
from .moves import Claim, Dragon, Draw, Play

__all__ = ["refusal", "describe", "DECISIONS"]

#: What the player to act decides, by decision (the board's question line).
DECISIONS = {"act": "draw a card, play cards beside a section or lay the Dragon",
             "claim": "claim the first token of a section they won"}


def describe(game, move):
    """``(rule_id, sentence)``: what the legal ``move`` does now and the rule it applies (the first rule its events
    cite; a test holds the two together).

    >>> from greatwall_kit.great_wall_of_china import Draw, new_game
    >>> describe(new_game(players=2, seed=0), Draw())
    ('GW-08', 'Draw one card from your deck into your hand (an action; 15 cards left in it).')
    """
    cls = type(move)
    if cls is Claim:
        card = game.sections[move.section - 1].cards[move.card - 1]
        return "GW-11", (f"Claim the token of value {move.token} of section {move.section}, laid on your card "
                         f"number {move.card} there (your {NAME[card.kind]}).")
    if cls is Draw:
        return "GW-08", (f"Draw one card from your deck into your hand (an action; {len(game.decks[game.turn])} cards "
                         "left in it).")
    if cls is Dragon:
        card = game.sections[move.section - 1].cards[move.card - 1]
        return "GW-18", (f"Lay your Dragon on top of card number {move.card} of section {move.section} "
                         f"({game.player_names[card.owner]}'s {NAME[card.kind]}): that card scores nothing and loses "
                         "its ability (an action).")
    cards = f"{move.count} {NAME[move.kind] if move.count == 1 else PLURAL[move.kind]}"
    if move.kind == "cavalry":
        return "GW-09", f"Lay {cards} beside section {move.section}: the free Cavalry play, no action used."
    dragon = " as an ordinary card (it covers nothing)" if move.kind == "dragon" else ""
    return "GW-08", f"Lay {cards} beside section {move.section}{dragon} (an action)."


def refusal(game, move):
    """``None`` if ``move`` is legal for ``game.to_act`` now, else ``(rule_id, reason)``."""
    if game.is_over:
        return "KIT-01", "the game is over"
    if game.pending is not None:
        return _claim_refusal(game, move)
    cls = type(move)
    if cls is Claim:
        return "GW-10", f"no claim is due: {game.player_names[game.turn]} is taking actions"
    if cls is Draw:
        if not game.decks[game.turn]:
            return "GW-08", f"{game.player_names[game.turn]}'s deck is empty"
        return None
    if cls is Play:
        return _play_refusal(game, move)
    if cls is Dragon:
        return _dragon_refusal(game, move)
    return "KIT-02", "it is not a move of this game"


def _claim_refusal(game, move):
    """A first claim is due (GW-11): only a Claim of that section, a token there, an own card."""
    name = game.player_names[game.turn]
    section = game.sections[game.pending]
    if type(move) is not Claim:
        if game.final:
            return "GW-21", (f"no more cards are played: the last round's scoring checks go on, and "
                             f"{name} must claim a token in section {section.number}")
        return "GW-07", (f"{name} must first claim a token in section {section.number}: "
                         "the scoring check comes before the actions")
    if move.section != section.number:
        return "GW-10", f"the claim due now is in section {section.number}, not {move.section}"
    if move.token not in section.pair:
        tokens = " and ".join(f"the {value} token" for value in section.pair)
        return "GW-11", f"section {section.number} holds {tokens}, no {move.token}"
    if not 1 <= move.card <= len(section.cards):
        return "GW-11", f"section {section.number} has {len(section.cards)} cards, no card {move.card}"
    card = section.cards[move.card - 1]
    if card.owner != game.turn:
        return "GW-11", (f"card {move.card} of section {section.number} is "
                         f"{game.player_names[card.owner]}'s {NAME[card.kind]}, not {name}'s")
    return None


def _play_refusal(game, move):
    """Laying one card or a group of identical cards (GW-08); Cavalry only as the free play (GW-09)."""
    name, hand = game.player_names[game.turn], game.hands[game.turn]
    if not 1 <= move.section <= len(game.sections):
        return "GW-08", f"there are {len(game.sections)} sections, no section {move.section}"
    if move.kind not in DECK:
        return "GW-08", f"{move.kind!r} is not a kind of wall card ({', '.join(KINDS)})"
    if move.count < 1:
        return "GW-08", "a play lays at least one card"
    if hand[move.kind] < move.count:
        held = hand[move.kind]
        return "GW-08", f"{name} holds {held} {NAME[move.kind] if held == 1 else PLURAL[move.kind]}, not {move.count}"
    if move.kind == "cavalry":
        if game.cavalry_used:
            return "GW-09", f"{name} has already made the free Cavalry play this turn"
        if move.count > 1 and game.options.cavalry == "one_card":
            return "GW-09", "the free Cavalry play lays one Cavalry card"
        if move.count > 2:
            return "GW-09", "the free Cavalry play lays one or two Cavalry cards"
    return None


def _dragon_refusal(game, move):
    """The Dragon on top of a card without a token, in any section (GW-18)."""
    if not game.hands[game.turn]["dragon"]:
        return "GW-18", f"{game.player_names[game.turn]} holds no Dragon"
    if not 1 <= move.section <= len(game.sections):
        return "GW-18", f"there are {len(game.sections)} sections, no section {move.section}"
    section = game.sections[move.section - 1]
    if not 1 <= move.card <= len(section.cards):
        return "GW-18", f"section {move.section} has {len(section.cards)} cards, no card {move.card}"
    card = section.cards[move.card - 1]
    if card.token is not None:
        return "GW-18", f"card {move.card} of section {move.section} carries the {card.token} token"
    return None
