"""Determinization (for bots): redeal what one player cannot see, keeping everything they can.

Hidden from ``seat``: the order of the Horde, Tactic and Advisor decks; the other clans'
Tactic cards, face-down supporting Advisors, and (before the reveal, TGW-07 to TGW-09) their
dealt Generals and Advisors and which they kept; and the Command card another clan has chosen
behind its Screen (TGW-18). Counts, discards, hands of Command cards and everything on the
board stay as they are.
"""

__all__ = ["determinize"]


def determinize(game, seat, rng):
    """Redeal in place the parts of ``game`` that ``seat`` cannot see, drawing with ``rng``."""
    others = [c for q, c in enumerate(game.clans) if q != seat]
    game.horde_deck = _shuffled(game.horde_deck, rng)
    # Tactics: the deck and the other clans' cards, counts kept
    pool = _shuffled(game.tactic_deck + [t for c in others for t in c["tactics"]], rng)
    for c in others:
        c["tactics"], pool = pool[:len(c["tactics"])], pool[len(c["tactics"]):]
    game.tactic_deck = pool
    _redeal_advisors(game, others, rng)
    _redeal_generals(game, seat, others, rng)
    for c in others:
        if c["chosen"] is not None:
            c["chosen"] = rng.choice(sorted(c["hand"]))


def _redeal_advisors(game, others, rng):
    if game.revealed:  # the Active Advisors are face up; the supporting ones stay hidden
        pool = _shuffled(game.advisor_deck + [a for c in others for a in c["support"]], rng)
        for c in others:
            c["support"], pool = pool[:len(c["support"])], pool[len(c["support"]):]
            c["dealt_advisors"] = [a for a in c["dealt_advisors"] if a in c["active"]] + c["support"]
    else:
        pool = _shuffled(game.advisor_deck + [a for c in others for a in c["dealt_advisors"]], rng)
        for c in others:
            c["dealt_advisors"], pool = pool[:2], pool[2:]
            if c["active"]:
                c["active"], c["support"] = c["dealt_advisors"][:1], c["dealt_advisors"][1:]
    game.advisor_deck = pool


def _redeal_generals(game, seat, others, rng):
    shown = {c["general"] for c in others} if game.revealed else set()
    pool = _shuffled([g for g in game.cat.generals if g not in game.clans[seat]["dealt"] and g not in shown], rng)
    for c in others:
        if game.revealed:
            c["dealt"] = [c["general"], pool.pop()]
        else:
            c["dealt"] = [pool.pop(), pool.pop()]
            if c["general"] is not None:
                c["general"] = c["dealt"][0]


def _shuffled(items, rng):
    items = sorted(items, key=str)
    rng.shuffle(items)
    return items
