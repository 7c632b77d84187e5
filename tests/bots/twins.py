"""Twins made without the sampler: a copy of a game whose hidden parts are rearranged by hand.

The bots' no-peeking test needs two games that agree on everything a seat sees and differ in what
it cannot see. Making the second game with ``sample_world`` would trust the very code under test:
a sampler that redeals nothing makes twins that agree. Here each game's hidden parts are listed
from its rules and its view, independently of its ``hidden.py``, and :func:`twin` rearranges every
one of them in a copy, directly in the copy's state. :func:`hidden_parts` reads the same parts, with
whether more than one value is possible, so a test can also check that sampling changes each one.

A *group* is a set of places whose contents the seat cannot tell apart: the unseen threat counters
of Chang Cheng's face-down regions and the counters still in the box, an opponent's hand and face-down
cards, a player's tiles in stacks it does not control and in the supplies, and so on. Rearranging a
group keeps every count the seat sees. A group's places come in *segments* (each a part of its own:
one region's counter, the order of a pool); a segment is compared as a sequence when its order means
something (a deck, a pool drawn first to last) and as a sorted multiset otherwise (a hand).
"""

import random
from collections import Counter

__all__ = ["hidden_parts", "twin"]


class _Segment:
    """Places of one hidden part: ``read(game) -> list`` and ``write(game, items)``; ``ordered`` as above."""

    def __init__(self, name, read, write, ordered):
        self.name, self.read, self.write, self.ordered = name, read, write, ordered

    def key(self, items):
        return tuple(items) if self.ordered else tuple(sorted(items, key=repr))


def _can_vary(segment, items, group_items):
    """Whether the segment may hold another value once the group is rearranged (see the module docstring)."""
    if not items or len(set(map(repr, group_items))) < 2:
        return False
    proper = len(items) < len(group_items)
    return proper or (segment.ordered and len(set(map(repr, items))) >= 2)


# -- each game's groups, read from its rules and its view --------------------------------------------

def _cc_groups(game, seat):
    """Chang Cheng (CC-02, CC-16, CC-20, CC-28, CC-39): face-down threat counters the seat has not
    peeked at, with the counters of boards to come; the reputation counters to come; each opponent's
    six cards between hand and face-down cards in provinces."""
    unseen = [r for r, t in enumerate(game.threat)
              if t is not None and not game.revealed[r] and r not in game.known[seat]]

    def write_region(r):
        def write(g, items):
            g.threat[r] = items[0]
        return write

    def write_pool(name):
        def write(g, items):
            setattr(g, name, list(items))
        return write

    threats = [_Segment(f"threat counter of region {r}", lambda g, r=r: [g.threat[r]], write_region(r), True)
               for r in unseen]
    threats.append(_Segment("threat counters to come", lambda g: list(g.threat_pool), write_pool("threat_pool"),
                            True))
    groups = [threats, [_Segment("reputation counters to come", lambda g: list(g.rep_pool), write_pool("rep_pool"),
                                 True)]]
    for q in range(game.players):
        if q == seat:
            continue
        slots = [(pr, i) for pr, cards in enumerate(game.cards_in) for i, (o, _) in enumerate(cards) if o == q]
        segments = [_Segment(f"{game.player_names[q]}'s hand", lambda g, q=q: list(g.hand[q]),
                             _cc_write_hand(q), False)]
        segments += [_Segment(f"{game.player_names[q]}'s face-down card {i} in province {pr}",
                              lambda g, pr=pr, i=i: [g.cards_in[pr][i][1]], _cc_write_card(q, pr, i), True)
                     for pr, i in slots]
        groups.append(segments)
    return groups


def _cc_write_hand(q):
    def write(g, items):
        from greatwall_kit.chang_cheng.cards import KINDS
        g.hand[q] = sorted(items, key=KINDS.index)
    return write


def _cc_write_card(q, pr, i):
    def write(g, items):
        g.cards_in[pr][i] = (q, items[0])
        g.card_at = {k: p for k, p in g.card_at.items() if k[0] != q}
        g.card_at.update({(o, kind): p for p, cards in enumerate(g.cards_in) for o, kind in cards if o == q})
    return write


def _cc_other(game, seat, rng):
    """The boards to come: which, in which order, on which face (CC-39). Returns the part and can-vary flag."""
    on_wall = set(game.wall.face_of_board)
    boards = [pair for pair in game.layout.boards if not any(face.name in on_wall for face in pair)]
    value = tuple(f.name for f in game.reserve_faces)
    parts = {"boards to come": (value, bool(game.reserve_faces))}
    if rng is not None and game.reserve_faces:
        while True:
            chosen = rng.sample(boards, len(game.reserve_faces))
            faces = [pair[rng.randrange(2)] for pair in chosen]
            if tuple(f.name for f in faces) != value:
                game.reserve_faces = faces
                break
    return parts


def _dk_groups(game, seat):
    """Dschingis Khan (DK-04, DK-11): per owner, the kinds of its tiles in stacks the seat does not control,
    in another player's active supply, in every passive supply (in order) and among the discarded tiles,
    and another player's set-up draw."""
    groups = []
    for q in range(game.players):
        name = game.player_names[q]
        segments = [_Segment(f"{name}'s tile {i} in village {v}", lambda g, v=v, i=i: [g.stacks[v][i][1]],
                             _dk_write_stack(q, v, i), True)
                    for v, stack in enumerate(game.stacks) if stack and stack[-1][0] != seat
                    for i, (owner, _) in enumerate(stack) if owner == q]
        if q != seat:
            segments.append(_Segment(f"{name}'s active tiles", lambda g, q=q: list(g.active_tiles[q]),
                                     _dk_write_list("active_tiles", q), False))
        segments.append(_Segment(f"{name}'s passive supply", lambda g, q=q: list(g.passive[q]),
                                 _dk_write_list("passive", q), True))
        segments.append(_Segment(f"{name}'s discarded tiles", lambda g, q=q: list(g.discarded[q]),
                                 _dk_write_list("discarded", q), False))
        if game.phase == "setup" and game.current == q and q != seat:
            segments.append(_Segment(f"{name}'s set-up draw", lambda g: list(g.setup_hand), _dk_write_setup, True))
        groups.append(segments)
    return groups


def _dk_write_stack(q, v, i):
    def write(g, items):
        g.stacks[v][i] = (q, items[0])
    return write


def _dk_write_list(name, q):
    def write(g, items):
        getattr(g, name)[q][:] = items
    return write


def _dk_write_setup(g, items):
    g.setup_hand[:] = items


def _gwoc_groups(game, seat):
    """Great Wall of China (GW-03, GW-04, GW-12): the opponents' face-down tokens with the pool (in drawing
    order); each opponent's hand with its deck (in order); the seat's own deck order."""
    names = game.player_names
    tokens = [_Segment(f"{names[q]}'s face-down tokens", lambda g, q=q: list(g.tokens[q]),
                       _gwoc_write_tokens(q), False) for q in range(game.players) if q != seat]
    tokens.append(_Segment("the token pool", lambda g: list(g.pool), _gwoc_write_pool, True))
    groups = [tokens]
    for q in range(game.players):
        deck = _Segment(f"{names[q]}'s deck", lambda g, q=q: list(g.decks[q]), _gwoc_write_deck(q), True)
        if q == seat:
            groups.append([deck])
        else:
            groups.append([_Segment(f"{names[q]}'s hand", lambda g, q=q: list(Counter(g.hands[q]).elements()),
                                    _gwoc_write_hand(q), False), deck])
    return groups


def _gwoc_write_tokens(q):
    def write(g, items):
        g.tokens[q] = list(items)
    return write


def _gwoc_write_pool(g, items):
    g.pool = list(items)


def _gwoc_write_deck(q):
    def write(g, items):
        g.decks[q] = list(items)
    return write


def _gwoc_write_hand(q):
    def write(g, items):
        hand = g.hands[q]
        for kind in hand:
            hand[kind] = 0
        for kind in items:
            hand[kind] += 1
    return write


def _tgw_groups(game, seat):
    """The Great Wall (TGW-07 to TGW-09, TGW-18, TGW-24): the Horde deck's order; the Tactic deck with the
    other clans' Tactics; the Advisor deck with the other clans' supporting Advisors (before the reveal:
    their dealt Advisors)."""
    others = [q for q in range(game.players) if q != seat]
    names = game.player_names
    groups = [[_Segment("the Horde deck", lambda g: list(g.horde_deck), _tgw_write_attr("horde_deck"), True)]]
    tactics = [_Segment(f"{names[q]}'s Tactics", lambda g, q=q: list(g.clans[q]["tactics"]),
                        _tgw_write_clan(q, "tactics"), False) for q in others]
    groups.append(tactics + [_Segment("the Tactic deck", lambda g: list(g.tactic_deck),
                                      _tgw_write_attr("tactic_deck"), True)])
    held = "support" if game.revealed else "dealt_advisors"
    advisors = [_Segment(f"{names[q]}'s {'supporting' if game.revealed else 'dealt'} Advisors",
                         lambda g, q=q: list(g.clans[q][held]), _tgw_write_advisors(q, game.revealed), False)
                for q in others]
    groups.append(advisors + [_Segment("the Advisor deck", lambda g: list(g.advisor_deck),
                                       _tgw_write_attr("advisor_deck"), True)])
    return groups


def _tgw_write_attr(name):
    def write(g, items):
        setattr(g, name, list(items))
    return write


def _tgw_write_clan(q, key):
    def write(g, items):
        g.clans[q][key] = list(items)
    return write


def _tgw_write_advisors(q, revealed):
    def write(g, items):
        clan = g.clans[q]
        if revealed:
            clan["support"] = list(items)
            clan["dealt_advisors"] = [a for a in clan["dealt_advisors"] if a in clan["active"]] + clan["support"]
        else:
            clan["dealt_advisors"] = list(items)
            if clan["active"]:  # chosen before the reveal: the Active one is among the dealt
                clan["active"], clan["support"] = clan["dealt_advisors"][:1], clan["dealt_advisors"][1:]
    return write


def _tgw_other(game, seat, rng):
    """The other clans' dealt Generals (and the one kept, before the reveal) and the Command card chosen
    behind a Screen. Returns ``{part: (value, can vary)}``; with ``rng``, changes each that can vary."""
    others = [q for q in range(game.players) if q != seat]
    names, parts = game.player_names, {}
    shown = {game.clans[q]["general"] for q in others} if game.revealed else set()
    unseen = [g for g in game.cat.generals if g not in game.clans[seat]["dealt"] and g not in shown]
    # before the reveal both dealt Generals are unseen (and which one was kept); after it, the one not kept
    slots = {q: (2 if not game.revealed else 1) for q in others}
    for q in others:
        clan = game.clans[q]
        parts[f"{names[q]}'s dealt Generals"] = ((tuple(sorted(clan["dealt"])), clan["general"]),
                                                len(unseen) > slots[q])
    if rng is not None and others:
        for _ in range(10_000):
            pool = rng.sample(unseen, sum(slots.values()))
            dealt = {}
            for q in others:
                dealt[q], pool = pool[:slots[q]], pool[slots[q]:]
            if all(not parts[f"{names[q]}'s dealt Generals"][1]
                   or sorted(dealt[q]) != sorted(x for x in game.clans[q]["dealt"] if x not in shown) for q in others):
                break
        else:
            raise AssertionError("no deal of Generals changes every other clan's")
        for q in others:
            clan = game.clans[q]
            if game.revealed:
                clan["dealt"] = [clan["general"], *dealt[q]]
            else:
                clan["dealt"] = dealt[q]
                if clan["general"] is not None:
                    clan["general"] = dealt[q][0]
    for q in others:
        clan = game.clans[q]
        if clan["chosen"] is None:
            continue
        options = sorted(set(clan["hand"]))
        parts[f"{names[q]}'s chosen Command card"] = (clan["chosen"], len(options) >= 2)
        if rng is not None and len(options) >= 2:
            clan["chosen"] = rng.choice([c for c in options if c != clan["chosen"]])
    return parts


_GROUPS = {"chang_cheng": _cc_groups, "dschingis_khan": _dk_groups, "great_wall_of_china": _gwoc_groups,
           "the_great_wall": _tgw_groups}
_OTHER = {"chang_cheng": _cc_other, "the_great_wall": _tgw_other}


# -- reading and rearranging ----------------------------------------------------------------------

def hidden_parts(game, seat):
    """``{part name: (value, can vary)}`` for every part of ``game`` hidden from ``seat``.

    ``can vary``: another value is possible with everything the seat sees kept (worked out from the
    position, not from any sample). The random generator is a part too (its future draws are hidden).
    """
    parts = {}
    for group in _GROUPS[game.name](game, seat):
        contents = [segment.read(game) for segment in group]
        everything = [x for items in contents for x in items]
        for segment, items in zip(group, contents, strict=True):
            parts[segment.name] = (segment.key(items), _can_vary(segment, items, everything))
    parts.update(_OTHER.get(game.name, lambda g, s, r: {})(game, seat, None))
    parts["the random generator"] = (game.rng.getstate(), True)
    return parts


def twin(game, seat, seed=0):
    """A copy of ``game`` with every part hidden from ``seat`` that can vary changed (see the module docstring).

    Raises ``AssertionError`` if a part that can vary could not be changed.
    """
    rng = random.Random(seed)
    other = game.copy()
    for group in _GROUPS[game.name](other, seat):
        contents = [segment.read(other) for segment in group]
        everything = [x for items in contents for x in items]
        vary = [_can_vary(s, items, everything) for s, items in zip(group, contents, strict=True)]
        for _ in range(10_000):
            shuffled = rng.sample(everything, len(everything))
            cut, parts = 0, []
            for items in contents:
                parts.append(shuffled[cut:cut + len(items)])
                cut += len(items)
            if all(not v or s.key(new) != s.key(old)
                   for s, v, new, old in zip(group, vary, parts, contents, strict=True)):
                break
        else:
            raise AssertionError(f"no rearrangement changes every part of {[s.name for s in group]}")
        for segment, items in zip(group, parts, strict=True):
            segment.write(other, items)
    _OTHER.get(game.name, lambda g, s, r: {})(other, seat, rng)
    other.rng = random.Random(rng.getrandbits(64))
    other._legal_cache = other._legal_set_cache = None
    return other
