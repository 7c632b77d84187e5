"""The six action cards: their priorities and the order in which a province's cards resolve.

Examples
--------
>>> r = reveal([(0, "flood"), (1, "flood"), (2, "builder"), (1, "warrior")], players=3, first=0)
>>> r.cancelled
((0, 'flood'), (1, 'flood'))
>>> r.order
((1, 'warrior'), (2, 'builder'))
"""

from functools import partial
from typing import NamedTuple

from ..engine.moves import Interned
from .board import SINGLE
from .moves import BREAK_AT, REMOVE_AT, Builder, Cancel, Card, Discard, Flood, swaps
from .rules import Options
from .scoring import PLAYER_NAMES

__all__ = ["KINDS", "PRIORITY", "CHOICES", "CARD_AT", "Reveal", "reveal", "card_moves"]

_KIT = Options()  # the rulebook's readings
_record = tuple.__new__  # a named tuple from all its values: ``_make`` without its Python call (one per scoring)

#: The six cards every player holds, in priority order (the number of dots on the card).
KINDS = ("warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin")
PRIORITY = {kind: number for number, kind in enumerate(KINDS, 1)}
#: The cards whose owner picks one of two effects when they resolve, and the effects' names.
CHOICES = {"traitor": ("break", "remove"), "flood": ("plus", "minus"), "builder": ("value", "block")}
#: ``CARD_AT[kind][province]``: one shared ``Card`` move per card and province (cheap legal-move lists).
CARD_AT = {kind: Interned(partial(Card, kind)) for kind in KINDS}
#: ``CANCEL_OF[owner][kind]``: the shared Warrior choice to cancel this revealed card; the effect choices.
CANCEL_OF = [{kind: Cancel(name.lower(), kind) for kind in KINDS} for name in PLAYER_NAMES]
FLOOD_EFFECTS = (Flood("plus"), Flood("minus"))
BUILDER_EFFECTS = (Builder("value"), Builder("block"))


class Reveal(NamedTuple):
    """The cards of a completed province, revealed: which cancel (same priority), and the resolution order.

    Cards are ``(owner, kind)`` pairs. A named tuple (see :class:`~.evidence.ProvinceScoring`).
    """

    province: int
    cards: tuple
    cancelled: tuple
    order: tuple


def reveal(cards, *, players, first, province=-1, options=_KIT):
    """Reveal a province's cards: cards sharing a priority cancel (CC-24), the rest resolve by priority (CC-25).

    Parameters
    ----------
    cards : sequence of (owner, kind)
        The face-down cards of the province, in the order they were placed.
    players : int
        The number of players (for the seat order of ties under ``same_priority="resolve_all"``).
    first : int
        The player whose turn it is: among cards of equal priority that all resolve (CC-V6),
        this player's card goes first, then clockwise.
    options : Options
        The game's readings: ``same_priority``, the rulebook's cancelling or the review's reading where nothing
        cancels.

    Examples
    --------
    >>> both = Options(same_priority="resolve_all")
    >>> reveal([(1, "mandarin"), (0, "mandarin")], players=2, first=1, options=both).order
    ((1, 'mandarin'), (0, 'mandarin'))
    """
    cards = tuple(cards)
    if len(cards) < 2:  # most provinces hold no card or one: nothing to cancel or to sort
        return _record(Reveal, (province, cards, (), cards))
    kinds = [kind for _, kind in cards]
    if options.same_priority == "cancel":
        cancelled = tuple(c for c in cards if kinds.count(c[1]) > 1)
    else:
        cancelled = ()
    rest = [c for c in cards if c not in cancelled]
    order = sorted(rest, key=lambda c: (PRIORITY[c[1]], (c[0] - first) % players))
    return _record(Reveal, (province, cards, cancelled, tuple(order)))


def card_moves(game, owner, kind):
    """The choices of ``owner``'s revealed card ``kind`` in the province being scored (CC-26, CC-29..35)."""
    res = game.res
    province = res["province"]
    wall = game.wall
    if kind == "warrior":
        if game.options.warrior == "same_province":
            return [CANCEL_OF[o][k] for o, k in res["queue"]]
        targets = sorted({(pr, o) for (o, k), pr in game.card_at.items() if pr != province})
        return [Discard(game.colours[o], pr) for pr, o in targets]
    if kind == "traitor":
        moves = [BREAK_AT[s] for s in wall.province_squares[province]
                 if game.piece[s] == SINGLE and not game.broken[s]]
        moves.extend(REMOVE_AT[r] for r in wall.province_regions[province] if game.threat[r] is not None)
        return moves
    if kind == "flood":
        return list(FLOOD_EFFECTS)
    if kind == "builder":
        return list(BUILDER_EFFECTS)
    # mandarin
    piece, broken = game.piece, game.broken
    singles = [s for s in wall.order if piece[s] == SINGLE and not broken[s]]
    moves = []
    if game.options.mandarin == "any_two":
        for i, a in enumerate(singles):
            moves += swaps(a, singles[i + 1:])
        return moves
    pof = wall.province_of
    for i, a in enumerate(singles):
        if pof[a] == province:
            moves += swaps(a, singles[:i] + singles[i + 1:])
    return moves
