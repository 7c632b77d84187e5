"""Every kind of event Great Wall of China records, declared once: its rule, its sentence and its data.

The rules record an event as its kind and values (``game._events.append((PAIR_LAID, 1, [3, 5]))``); whatever reads the
log finds events by kind (``event.kind is FIRST_CLAIM``). A kind's ``fields`` are the event's data, in order;
its ``words`` only fill the sentence (a card's name in the sentence's own words, see :data:`GROUP`).

>>> event = PAIR_LAID.event(1, [3, 5])
>>> event.sentence, event.rule, event.data
('Tokens 3 and 5 are laid face up at section 1.', 'GW-05', {'section': 1, 'pair': [3, 5]})
>>> GROUP["wall"][1], GROUP["infantry"][3], hand_text({"wall": 2, "gate": 1, "noble": 0})
('a Wall', '3 Infantry', '2 Walls, 1 Gate')
"""

from greatwall_kit.engine.log import EventKind

from .cards import A_NAME, DECK, KINDS, NAME, PLURAL

__all__ = ["DECKS_GIVEN", "HAND_DRAWN", "STARTING_HAND", "POOL_SHUFFLED", "PAIR_LAID", "PAIR_BOXED",
           "TURN_BEGINS", "SCORING_ONLY", "CARDS_LAID", "CAVALRY_LAID", "DRAGON_LAID", "CARD_DRAWN", "DRAW_SEEN",
           "LAST_ROUND_ANNOUNCED", "FIRST_CLAIM", "SECOND_CLAIM", "NO_PAIR_LEFT", "ENDED_BY_POOL",
           "ENDED_BY_LAST_ROUND", "END_REASON", "GROUP", "hand_text"]

# -- set-up (GW-02 to GW-06) -------------------------------------------------------------------------------------

DECKS_GIVEN = EventKind("decks_given", "GW-02", "{count} players, each with a 20-card deck of their colour; the other "
                        "colours stay out.", ("colours",), ("count",))
HAND_DRAWN = EventKind("hand_drawn", "GW-03", "{who} shuffles and draws 5 cards.", (), ("who",))
#: private to the player: the cards themselves
STARTING_HAND = EventKind("starting_hand", "GW-03", "{who}'s starting hand: {cards}.", ("hand",), ("who", "cards"))
POOL_SHUFFLED = EventKind("pool_shuffled", "GW-04", "The 36 tokens are shuffled face down into the pool.")
#: a pair beside a section, at set-up and after a second claim
PAIR_LAID = EventKind("pair_laid", "GW-05", "Tokens {pair[0]} and {pair[1]} are laid face up at section {section}.",
                      ("section", "pair"))
#: two players only: an equal pair goes back to the box and another is drawn
PAIR_BOXED = EventKind("pair_boxed", "GW-06", "Two {pair[0]}s are drawn for section {section}: an equal pair goes "
                       "back to the box.", ("section", "pair"))

# -- a turn: the scoring check, then the actions (GW-07 to GW-09, GW-18, GW-20, GW-21) ------------------------------

TURN_BEGINS = EventKind("turn_begins", "GW-07", "Turn {turn}: {who}'s scoring check.", ("player", "turn", "who"))
#: the turn is back at who announced the last round: from now on a turn is its scoring check alone
SCORING_ONLY = EventKind("scoring_only", "GW-21", "The turn is back at {who}: no more cards are played, only scoring "
                         "checks.", (), ("who",))
#: one card or a group of identical cards as an action (``free`` is empty) ...
CARDS_LAID = EventKind("cards_laid", "GW-08", "{who} lays {cards} in section {section}{free}.",
                       ("section", "kind", "count", "who", "free"), ("cards",))
#: ... and the free Cavalry play, which is no action
CAVALRY_LAID = EventKind("cavalry_laid", "GW-09", "{who} lays {cards} in section {section}{free}.",
                         ("section", "kind", "count", "who", "free"), ("cards",))
DRAGON_LAID = EventKind("dragon_laid", "GW-18", "{who} lays the Dragon on {owner}'s {covered_name} (card {card} of "
                        "section {section}): it scores nothing now.", ("section", "card", "covered"),
                        ("who", "owner", "covered_name"))
#: what everyone sees of a draw ...
CARD_DRAWN = EventKind("card_drawn", "GW-08", "{who} draws a card.", ("who",))
#: ... and what the drawer alone sees
DRAW_SEEN = EventKind("draw_seen", "GW-08", "{who} draws {card}.", ("kind", "who"), ("card",))
LAST_ROUND_ANNOUNCED = EventKind("last_round_announced", "GW-20", "{who} has played every card: \u201cThis is the "
                                 "last round!\u201d Everyone else takes one more turn.", ("player",), ("who",))

# -- the scoring check's claims (GW-10 to GW-15) -----------------------------------------------------------------

#: the token is laid face up on the claimant's card (``kind``; ``kind_name`` as the sentence names it)
FIRST_CLAIM = EventKind("first_claim", "GW-11", "{who} has {before} points in section {section}, more than anyone "
                        "else there, and lays the {token} token face up on their {kind_name} (card {card}): {who} "
                        "counts {after} there now.",
                        ("section", "player", "token", "card", "totals", "cards", "who", "before", "kind", "after"),
                        ("kind_name",))
#: both tokens go face down, the section's cards are discarded (``first_kind_name``: the card the first token lay on)
SECOND_CLAIM = EventKind("second_claim", "GW-12", "{who} wins the {token} token of section {section} face "
                         "down{both}; {first_who} takes the {first_token} token from their {first_kind_name} face "
                         "down; the section's {discarded} discarded.",
                         ("section", "player", "token", "first_owner", "first_token", "totals", "cards", "who",
                          "both", "first_who", "discarded"), ("first_kind_name",))

# -- the end (GW-22, GW-23) ----------------------------------------------------------------------------------------

#: a completed section gets no new pair: the game ends at once
NO_PAIR_LEFT = EventKind("no_pair_left", "GW-22", "No pair is left in the pool for section {section}.", ("section",))
ENDED_BY_POOL = EventKind("ended_by_pool", "GW-22", "The game ends: the token pool has run out. Face-down tokens: "
                          "{tokens}.", ("scores",), ("tokens",))
ENDED_BY_LAST_ROUND = EventKind("ended_by_last_round", "GW-23", "The game ends: the last round is over. Face-down "
                                "tokens: {tokens}.", ("scores",), ("tokens",))
#: why a game ended, as its result names it (``game.result.reason``), by ``game.end_reason``
END_REASON = {"pool": "the token pool ran out (GW-22)",
              "last_round": "the last round and its scoring checks are over (GW-21)"}

#: ``GROUP[kind][count]``: ``count`` cards of one kind as a sentence names them ("a Wall", "2 Walls"), made once
GROUP = {kind: (None, A_NAME[kind], *(f"{count} {PLURAL[kind]}" for count in range(2, DECK[kind] + 1)))
         for kind in KINDS}


def hand_text(hand):
    """A hand (kind -> count) as a sentence lists it, or ``"nothing"``."""
    return ", ".join(f"{n} {NAME[k] if n == 1 else PLURAL[k]}" for k, n in hand.items() if n) or "nothing"
