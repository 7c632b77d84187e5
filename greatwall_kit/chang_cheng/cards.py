"""The six action cards: their priorities and the order in which a province's cards resolve.

Examples
--------
>>> r = reveal([(0, "flood"), (1, "flood"), (2, "builder"), (1, "warrior")], players=3, first=0)
>>> r.cancelled
((0, 'flood'), (1, 'flood'))
>>> r.order
((1, 'warrior'), (2, 'builder'))
"""

from dataclasses import dataclass

__all__ = ["KINDS", "PRIORITY", "CHOICES", "Reveal", "reveal"]

#: The six cards every player holds, in priority order (the number of dots on the card).
KINDS = ("warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin")
PRIORITY = {kind: number for number, kind in enumerate(KINDS, 1)}
#: The cards whose owner picks one of two effects when they resolve, and the effects' names.
CHOICES = {"traitor": ("break", "remove"), "flood": ("plus", "minus"), "builder": ("value", "block")}


@dataclass(frozen=True)
class Reveal:
    """The cards of a completed province, revealed: which cancel (same priority), and the resolution order.

    Cards are ``(owner, kind)`` pairs.
    """

    province: int
    cards: tuple
    cancelled: tuple
    order: tuple


def reveal(cards, *, players, first, province=-1, same_priority="cancel"):
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
    same_priority : {"cancel", "resolve_all"}
        The rulebook's cancelling, or the review's reading where nothing cancels.

    Examples
    --------
    >>> reveal([(1, "mandarin"), (0, "mandarin")], players=2, first=1, same_priority="resolve_all").order
    ((1, 'mandarin'), (0, 'mandarin'))
    """
    cards = tuple(cards)
    kinds = [kind for _, kind in cards]
    if same_priority == "cancel":
        cancelled = tuple(c for c in cards if kinds.count(c[1]) > 1)
    else:
        cancelled = ()
    rest = [c for c in cards if c not in cancelled]
    order = sorted(rest, key=lambda c: (PRIORITY[c[1]], (c[0] - first) % players))
    return Reveal(province, cards, cancelled, tuple(order))
