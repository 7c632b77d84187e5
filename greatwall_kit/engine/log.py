"""Events: what the rules did, in words, with the rule that did it."""

from types import MappingProxyType
from typing import NamedTuple

__all__ = ["Event"]


class Event(NamedTuple):
    """One thing the rules did: a placement, a reveal, a scoring, a removal.

    An immutable record (a named tuple: the rules write several per decision, so it must be cheap).

    Parameters
    ----------
    sentence : str
        A sentence a student can read, e.g. ``"Red places a single block on square 4."``
    rule : str or None
        The checklist ID of the rule applied, e.g. ``"CC-06"``.
    data : mapping
        JSON-able facts behind the sentence, for views and tests.
    decision : int
        How many decisions had been made when it happened (0 = during set-up).
    private_to : tuple of int or None
        ``None`` if everyone may see it; otherwise the players who may.

    Examples
    --------
    >>> e = Event("Red places a block on square 4.", "CC-06", {"square": 4}, 3)
    >>> str(e)
    'Red places a block on square 4. [CC-06]'
    >>> e.visible_to(1), Event("Red peeks: -3.", "CC-16", private_to=(0,)).visible_to(1)
    (True, False)
    """

    sentence: str
    rule: str | None = None
    data: MappingProxyType | dict = MappingProxyType({})
    decision: int = 0
    private_to: tuple | None = None

    def visible_to(self, player):
        """Whether ``player`` (an int, or ``None`` for a spectator) may see this event."""
        return self.private_to is None or (player is not None and player in self.private_to)

    def __str__(self):
        return f"{self.sentence} [{self.rule}]" if self.rule else self.sentence

    def to_dict(self):
        """A JSON-able dict of the event."""
        return {"sentence": self.sentence, "rule": self.rule, "data": dict(self.data),
                "decision": self.decision, "private_to": self.private_to}
