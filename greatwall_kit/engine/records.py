"""A base for the frozen evidence records the rules build during play, with a fast constructor."""

from typing import ClassVar

__all__ = ["Record"]


class Record:
    """Mixed into a frozen dataclass of evidence (Dschingis Khan's village scores and wall resolutions) that random
    playouts build often. (The Great Wall's Breach and Defeat, built at every Assault, and Chang Cheng's province
    scorings and Mongol attacks are named tuples: cheaper still.)"""

    __match_args__: ClassVar[tuple[str, ...]]  # the field names, which the dataclass sets

    @classmethod
    def _of(cls, *values):
        """The record with these field values (every field, in order), built without the generated ``__init__``.

        A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``: several microseconds
        for a dozen fields, and the rules build a record per scoring or resolution. Filling the instance dict
        gives the same record (equal, hashable, read-only).

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Tally(Record):
        ...     province: int
        ...     points: tuple
        >>> Tally._of(3, (1, 2)) == Tally(3, (1, 2)), Tally._of(3, (1, 2))
        (True, Tally(province=3, points=(1, 2)))
        """
        record = object.__new__(cls)
        record.__dict__.update(zip(cls.__match_args__, values))  # noqa: B905 - defaults may be left out; no keyword on the hot path
        return record
