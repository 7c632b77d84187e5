"""Shuffling at set-up: :meth:`random.Random.shuffle`, the same draws, without its per-card calls.

A set-up shuffles five decks (about 80 draws); through ``Random.shuffle`` each draw is two
Python calls, which made the shuffles about a third of a new game's time. :func:`shuffle` asks the
generator for the same bits in the same order, so a seed deals exactly the cards it dealt before
(``tests/the_great_wall/test_deal.py`` compares the two).

>>> import random
>>> a, b = list(range(10)), list(range(10))
>>> random.Random(4).shuffle(a); shuffle(random.Random(4), b)
>>> a == b
True
"""

__all__ = ["shuffle"]

_PLANS: dict[int, tuple[tuple[int, int], ...]] = {}


def _plan(length):
    """For a list of ``length`` items: each position swapped, highest first, with the bits drawn for it."""
    plan = _PLANS.get(length)
    if plan is None:
        plan = _PLANS[length] = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, length)))
    return plan


def shuffle(rng, items):
    """Shuffle the list ``items`` in place as ``rng.shuffle(items)`` would (``rng``: a :class:`random.Random`)."""
    bits = rng.getrandbits
    for i, k in _plan(len(items)):
        j = bits(k)
        while j > i:  # Random._randbelow(i + 1): draw again until the number is below i + 1
            j = bits(k)
        items[i], items[j] = items[j], items[i]
