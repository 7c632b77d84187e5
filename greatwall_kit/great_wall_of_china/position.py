"""The position document: :func:`snapshot`, the whole truth of a position (what saves fingerprint), and
:func:`set_up`, a teaching position: a readable document -> a game in that position, refusing rule-breaking ones.

The document (every key but ``players`` and ``sections`` may be left out)::

    {"players": 2,
     "options": {"infantry": "per_player"},
     "to_act": "Red",                         # whose turn begins now, with the scoring check
     "sections": [                            # one per section, in order (GW-05)
         {"pair": [5, 3], "cards": ["Red gate", "Yellow infantry"]},
         {"pair": [4], "cards": ["Red wall [7]", "Yellow dragon over Red noble"]}],
     "hands": {"Red": ["wall", "cavalry"]},   # missing: 5 cards from the player's deck
     "decks": {"Red": ["gate", "wall"]},      # top card first; missing: the colour's other cards, shuffled
     "tokens": {"Yellow": [4, 5]},            # face down in front of a player
     "box": [2, 2],                           # tokens out of the game
     "pool": [8, 1, 3, 3],                    # drawn first to last; missing: the other tokens, shuffled
     "last_round_by": "Yellow"}               # who announced the last round (GW-20), if anyone

A card is ``"<Colour> <kind>"``; ``[v]`` after it puts the first-claimed token ``v`` face up on
it; ``over <Colour> <kind>`` names a card a Dragon covers. A player's cards not in deck, hand or
sections count as discarded; with ``"pool"`` given, the tokens must add up to the 36 exactly.

Examples
--------
>>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
>>> game = GreatWallOfChina.from_position({"players": 2, "sections": [
...     {"pair": [5, 3], "cards": ["Red gate", "Yellow wall", "Red infantry"]},
...     {"pair": [4, 7], "cards": []}]})
>>> game.sections[0].totals()
(3, 1)
>>> game.legal_moves()[:2]
[Claim(section=1, token=3, card=1), Claim(section=1, token=3, card=3)]
>>> GreatWallOfChina.from_position({"players": 2, "sections": [{"pair": [5, 5]}, {"pair": [4, 7]}]})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.PositionError: section 1: with two players a pair of equal values (5, 5) goes back to the box [GW-06]
"""  # noqa: E501 - doctest output is compared as printed

import re
from collections import Counter

from greatwall_kit.engine import PositionError

from .cards import DECK, KINDS, TOKENS, Card
from .events import FIRST_CLAIM, SCORING_ONLY, TURN_BEGINS
from .sections import SECTIONS, Section

__all__ = ["snapshot", "set_up"]

_CARD = re.compile(r"^\s*(\w+)\s+(\w+)((?:\s+over\s+\w+\s+\w+)*)\s*(?:\[([0-9]+)\])?\s*$")
_KEYS = {"players", "options", "to_act", "sections", "hands", "decks", "tokens", "box", "pool", "last_round_by"}


def set_up(game, doc):
    """Set ``game`` (fresh, options read) up from the position document ``doc`` (see the module docstring): the
    turn of ``to_act`` begins, with its scoring check."""
    unknown = set(doc) - _KEYS
    if unknown:
        raise PositionError(f"unknown keys {sorted(unknown)}; a position knows {sorted(_KEYS)}")
    n, names = game.players, game.player_names[:game.players]
    colour = _colour_reader(names)
    game._blank()
    rows = doc.get("sections")
    if not isinstance(rows, list) or len(rows) != SECTIONS[n]:
        raise PositionError(f"a {n}-player game has {SECTIONS[n]} sections, not {rows!r}", rule="GW-05")
    used_tokens: Counter[int]
    used_cards: list[Counter[str]]
    used_tokens, used_cards = Counter(), [Counter() for _ in range(n)]
    for number, row in enumerate(rows, 1):
        section = _read_section(number, row, n, colour, game.options)
        for card in section.cards:
            used_cards[card.owner][card.kind] += 1
            for owner, kind in card.beneath:
                used_cards[owner][kind] += 1
            if card.token is not None:
                used_tokens[card.token] += 1
        used_tokens.update(section.pair)
        game.sections.append(section)
    for key in ("hands", "decks", "tokens"):
        if not isinstance(doc.get(key, {}), dict):
            raise PositionError(f"{key!r} maps colours to lists, not {doc[key]!r}")
        for who in doc.get(key, {}):
            colour(who)
    for p, name in enumerate(names):
        hand = _kinds(doc.get("hands", {}).get(name, []), f"{name}'s hand")
        deck = _kinds(doc.get("decks", {}).get(name, []), f"{name}'s deck")
        used = used_cards[p] + Counter(hand) + Counter(deck)
        for kind in KINDS:
            if used[kind] > DECK[kind]:
                raise PositionError(f"{name} has {used[kind]} {kind} cards in play; a deck has {DECK[kind]}",
                                    rule="GW-01")
        if name not in doc.get("decks", {}):
            deck = [kind for kind in KINDS for _ in range(DECK[kind] - used[kind])]
            game.rng.shuffle(deck)
            used.update(deck)
        else:
            deck = deck[::-1]  # top card last, so drawing pops it
        if name not in doc.get("hands", {}):
            hand = [deck.pop() for _ in range(min(5, len(deck)))]
        game.decks.append(deck)
        for kind in hand:
            game.hands[p][kind] += 1
        for kind in KINDS:
            game.discarded[p][kind] = DECK[kind] - used[kind]
        tokens = doc.get("tokens", {}).get(name, [])
        game.tokens[p] = _values(tokens, f"{name}'s tokens")
        used_tokens.update(game.tokens[p])
    game.box = _values(doc.get("box", []), "the box")
    used_tokens.update(game.box)
    for value, count in used_tokens.items():
        if count > TOKENS.get(value, 0):
            raise PositionError(f"the position uses {count} tokens of value {value}; there are "
                                f"{TOKENS.get(value, 0)}", rule="GW-04")
    rest = Counter(TOKENS) - used_tokens
    if "pool" in doc:
        pool = _values(doc["pool"], "the pool")
        if Counter(pool) != rest:
            raise PositionError(f"the pool {pool} is not the tokens left over, {sorted(rest.elements())}",
                                rule="GW-04")
        game.pool = pool[::-1]
    else:
        game.pool = list(rest.elements())
        game.rng.shuffle(game.pool)
    declarer = doc.get("last_round_by")
    if declarer is not None:
        game.declarer = colour(declarer)
    for p, name in enumerate(names):
        if not game.decks[p] and not any(game.hands[p].values()) and game.declarer is None:
            raise PositionError(f"{name} has no cards left: say who announced the last round "
                                "with 'last_round_by'", rule="GW-20")
    if game.declarer is not None and (game.decks[game.declarer] or any(game.hands[game.declarer].values())):
        raise PositionError(f"{names[game.declarer]} still has cards and cannot have announced the last round",
                            rule="GW-20")
    game._begin(("turn", colour(doc.get("to_act", names[0]))))


def snapshot(game):
    """The whole truth, hidden parts included, as JSON-able data (what a save's fingerprint is made of).

    Examples
    --------
    >>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
    >>> game = GreatWallOfChina.from_position({"players": 2, "sections": [
    ...     {"pair": [5, 3], "cards": ["Red gate", "Yellow wall", "Red infantry"]}, {"pair": [4, 7], "cards": []}]})
    >>> state = snapshot(game)
    >>> state["phase"], state["pending"], state["check_next"], state["sections"][0]["pair"]
    ('claim', 0, 1, [5, 3])
    >>> state = snapshot(game.replay(["claim 1 3 1"]))
    >>> state["phase"], state["pending"], state["check_next"], state["sections"][0]["pair"]
    ('act', 0, 1, [5])
    """
    return {
        "decks": [list(d) for d in game.decks],
        "hands": [dict(h) for h in game.hands],
        "tokens": [list(t) for t in game.tokens],
        "discarded": [dict(d) for d in game.discarded],
        "pool": list(game.pool),
        "box": list(game.box),
        "sections": [s.to_json() for s in game.sections],
        "turn": game.turn, "turn_number": game.turn_number, "phase": game.phase,
        **_claim_marks(game), "actions": game.actions,
        "cavalry_used": game.cavalry_used, "claimed": game.claimed, "declarer": game.declarer,
        "final": game.final, "final_turns": game.final_turns, "quiet": game.quiet,
        "end_reason": game.end_reason,
    }


def _claim_marks(game):
    """``{"pending": ..., "check_next": ...}`` as snapshots have always named them: the section (0-based) of the
    latest first claim asked for in the game (``None`` before any), and the section the scoring check goes on
    from after it, if that claim was asked in this turn (else 0). Read from the decision asked for and the log."""
    prompt = game.asked
    if prompt is not None and prompt[0] == "claim":
        return {"pending": prompt[2], "check_next": prompt[2] + 1}
    this_turn = True
    for event in reversed(game.log):
        kind = event.kind
        if kind is FIRST_CLAIM:
            section = event.data["section"]
            return {"pending": section - 1, "check_next": section if this_turn else 0}
        if kind is TURN_BEGINS or kind is SCORING_ONLY:
            this_turn = False
    return {"pending": None, "check_next": 0}


def _colour_reader(names):
    def colour(word):
        if word not in names:
            raise PositionError(f"{word!r} is not a colour in this game ({', '.join(names)})", rule="GW-02")
        return names.index(word)
    return colour


def _read_section(number, row, n, colour, options):
    if not isinstance(row, dict) or not set(row) <= {"pair", "cards"}:
        raise PositionError(f"section {number} must be {{'pair': [...], 'cards': [...]}}, not {row!r}")
    pair = _values(row.get("pair", []), f"section {number}'s pair")
    cards = []
    for text in row.get("cards", []):
        match = _CARD.match(text) if isinstance(text, str) else None
        if not match:
            raise PositionError(f"section {number}: {text!r} is not a card like 'Red gate', 'Red wall [5]' or "
                                "'Yellow dragon over Red noble'")
        owner, kind, over, token = match.groups()
        beneath = tuple((colour(o), _kind(k, number)) for o, k in re.findall(r"over\s+(\w+)\s+(\w+)", over))[::-1]
        if (beneath and kind != "dragon") or any(k != "dragon" for _, k in beneath[1:]):
            raise PositionError(f"section {number}: only a Dragon lies on another card, not {text!r}",
                                rule="GW-18")
        cards.append(Card(colour(owner), _kind(kind, number), beneath, None if token is None else int(token)))
    on_cards = [c.token for c in cards if c.token is not None]
    if len(pair) + len(on_cards) != 2 or len(on_cards) > 1:
        raise PositionError(f"section {number} needs two tokens: two in the pair, or one in the pair and one "
                            f"on a card; it has {pair} and {on_cards} on cards", rule="GW-12")
    if n == 2 and len(set(pair + on_cards)) == 1:
        raise PositionError(f"section {number}: with two players a pair of equal values "
                            f"({pair[0]}, {(pair + on_cards)[1]}) goes back to the box", rule="GW-06")
    return Section(number, n, pair, cards, options)


def _kind(word, number=None):
    if word not in DECK:
        where = f"section {number}: " if number else ""
        raise PositionError(f"{where}{word!r} is not a kind of wall card ({', '.join(KINDS)})", rule="GW-01")
    return word


def _kinds(items, what):
    if not isinstance(items, list):
        raise PositionError(f"{what} must be a list of card kinds, not {items!r}")
    return [_kind(k) for k in items]


def _values(items, what):
    if not isinstance(items, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in items):
        raise PositionError(f"{what} must be a list of token values, not {items!r}")
    for v in items:
        if v not in TOKENS:
            raise PositionError(f"{what}: there is no token of value {v} (values {sorted(TOKENS)})", rule="GW-04")
    return list(items)
