"""Shuffling at set-up: :meth:`random.Random.shuffle`, the same draws, without its two Python calls per item.

``Random.shuffle`` calls ``_randbelow`` for every item, and that calls ``getrandbits``: two Python calls a draw,
most of a shuffle's cost, and a game's set-up shuffles its counters and decks at every new game (a random playout
starts one per game). :func:`shuffle` asks the generator for the same bits in the same order, so a seed deals
exactly what it dealt before (``tests/engine/test_shuffling.py`` compares the two).

>>> import random
>>> a, b = list(range(10)), list(range(10))
>>> random.Random(4).shuffle(a); shuffle(random.Random(4), b)
>>> a == b
True
"""

__all__ = ["shuffle"]

_PLANS: dict[int, tuple[tuple[int, int], ...]] = {}


def _plan(length: int) -> tuple[tuple[int, int], ...]:
    """For a list of ``length`` items: each position swapped, highest first, with the bits drawn for it."""
    plan = _PLANS.get(length)
    if plan is None:
        plan = _PLANS[length] = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, length)))
    return plan


def shuffle(rng, items: list) -> None:
    """Shuffle the list ``items`` in place as ``rng.shuffle(items)`` would (``rng``: a :class:`random.Random`)."""
    bits = rng.getrandbits
    for i, k in _PLANS.get(len(items)) or _plan(len(items)):  # (a call fewer, once planned)
        j = bits(k)
        while j > i:  # Random._randbelow(i + 1): draw again until the number is below i + 1
            j = bits(k)
        items[i], items[j] = items[j], items[i]
