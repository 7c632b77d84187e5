"""Events: what the rules did, in words, with the rule that did it, and the kinds of event a game declares."""

import string
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple, cast, overload

from .errors import GreatWallError

__all__ = ["Event", "EventKind", "KindEvent", "EventLog", "Recorded", "Later", "later", "counted"]


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
    data: MappingProxyType[str, Any] | dict[str, Any] = MappingProxyType({})
    decision: int = 0
    private_to: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (an int, or ``None`` for a spectator) may see this event."""
        return self.private_to is None or (player is not None and player in self.private_to)

    def __str__(self) -> str:
        return f"{self.sentence} [{self.rule}]" if self.rule else self.sentence

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the event."""
        return {"sentence": self.sentence, "rule": self.rule, "data": dict(self.data),
                "decision": self.decision, "private_to": self.private_to}

    @property
    def kind(self) -> "EventKind | None":
        """The :class:`EventKind` the rules recorded this event as (``None``: a sentence of no declared kind)."""
        return None


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event a game's rules record, declared once: its name, rule, sentence and data.

    A game declares its kinds in its ``events`` module and records an event as one of them with its values
    (``game._events.append((PLACED, player, square, "Red"))``). Everything that reads the log finds events by kind
    (``event.kind is PLACED``), never by rule ID or sentence: the lab's statistics, ``resolutions()`` and the
    pinned table of kinds.

    Parameters
    ----------
    name : str
        The kind's name in its game, e.g. ``"placed"``.
    rule : str or None
        The checklist ID every event of this kind cites.
    template : str
        The sentence, a :meth:`str.format` template naming ``fields`` and ``words``. A count and its noun are
        written ``{count:Soldier|Soldiers}``: ``1 Soldier``, ``3 Soldiers`` (:func:`counted`).
    fields : tuple of str
        The names of the event's data, in the order the values are given.
    words : tuple of str
        Names the sentence uses beyond the data (a player's name), given after the fields' values; they are
        not part of ``data``.
    why : bool
        Whether the event says why something a player set up does not happen (a Location that does not activate,
        a card with nothing to act on): the board's "since your last move" always shows it.

    Examples
    --------
    >>> PLACED = EventKind("placed", "CC-06", "{who} places a block on square {square}.", ("player", "square"),
    ...                    ("who",))
    >>> e = PLACED.event(0, 4, "Red", decision=3)
    >>> e.sentence, e.data, e.rule, e.kind is PLACED
    ('Red places a block on square 4.', {'player': 0, 'square': 4}, 'CC-06', True)
    >>> SAVED = EventKind("saved", "TGW-37", "{who} Saves {count:Soldier|Soldiers}.", ("count",), ("who",))
    >>> SAVED.event(1, "Crane").sentence, SAVED.event(2, "Crane").sentence
    ('Crane Saves 1 Soldier.', 'Crane Saves 2 Soldiers.')
    >>> EventKind("placed", "CC-06", "{who} places {what}.", ("who",))
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: event kind 'placed': its sentence names 'what', which is neither a field nor a word
    """  # noqa: E501 - doctest output is compared as printed

    name: str
    rule: str | None
    template: str
    fields: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    why: bool = False
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)  # fields + words, as values are given
    counts: bool = field(init=False, repr=False, compare=False)  # whether the template writes a count's noun

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", self.fields + self.words)
        counts = False
        for _, named, spec, _ in string.Formatter().parse(self.template):
            if named is not None and named.partition(".")[0].partition("[")[0] not in self.names:
                raise GreatWallError(f"event kind {self.name!r}: its sentence names {named!r}, which is neither "
                                     "a field nor a word")
            counts = counts or "|" in (spec or "")
        object.__setattr__(self, "counts", counts)

    def write(self, values: Sequence[Any]) -> str:
        """The sentence with these values (the fields' then the words', as :meth:`event` takes them)."""
        named = dict(zip(self.names, values))  # noqa: B905 - as recorded; no keyword on the path every read takes
        return _COUNTED.vformat(self.template, (), named) if self.counts else self.template.format_map(named)

    def event(self, *values: Any, decision: int = 0, private_to: tuple[int, ...] | None = None) -> "KindEvent":
        """An event of this kind with these values (as the log reads what the rules appended to ``game._events``)."""
        if len(values) != len(self.names):
            raise GreatWallError(f"event kind {self.name!r} takes {len(self.names)} values "
                                 f"({', '.join(self.names)}), not {len(values)}")
        return tuple.__new__(KindEvent, (self, self.rule, values, decision, private_to))


_item: Callable[[Any, int], Any] = tuple.__getitem__  # (a kind event's own items, under the properties' names)


class KindEvent(Event):
    """An :class:`Event` recorded as its :class:`EventKind` and values: its sentence and data are made only when
    read (a random playout reads no event). It reads like any event; it equals another event recorded the same
    way.

    Examples
    --------
    >>> PASSED = EventKind("passed", "CC-41", "{who} can do nothing and passes.", ("player",), ("who",))
    >>> e = PASSED.event(1, "Green", decision=7)
    >>> e
    Event(sentence='Green can do nothing and passes.', rule='CC-41', data={'player': 1}, decision=7, private_to=None)
    >>> e.to_dict()["data"], e.kind.name
    ({'player': 1}, 'passed')
    """

    __slots__ = ()

    @property
    def kind(self) -> EventKind:
        """The kind this event was recorded as."""
        return cast(EventKind, _item(self, 0))

    @property
    def sentence(self) -> str:
        """The sentence, written from the kind's template and the values."""
        return self.kind.write(_item(self, 2))

    @property
    def data(self) -> dict[str, Any]:
        """The facts behind the sentence (the kind's fields), as a new dict."""
        return dict(zip(self.kind.fields, _item(self, 2)))  # noqa: B905 - as recorded; no keyword on the hot path

    def __repr__(self) -> str:
        return repr(Event(self.sentence, self.rule, self.data, self.decision, self.private_to))

    def _asdict(self) -> dict[str, Any]:
        return {**super()._asdict(), "sentence": self.sentence, "data": self.data}


_new = tuple.__new__


class Later(tuple):
    """A word of an event's sentence written only when the sentence is read: ``(function, arguments)``.

    A random playout reads none of the events it records, so a word that costs work (cards by name, Soldiers
    counted in words) is recorded as the function that writes it and its arguments (:func:`later`); the
    sentence calls it (``str``). Its arguments must not change afterwards, as every value of an event, and neither
    they nor the function may refer to the game (a bound method of the game would make a reference cycle, and
    every finished playout would wait for the garbage collector: Chang Cheng ran 8 % slower for one). A word
    equals what it reads (another such word or a string): an event recorded again, in a game rebuilt from its
    moves, equals itself.

    Examples
    --------
    >>> word = later(str.title, "crane and tiger")
    >>> str(word), f"{word}!", word == later(str.title, "crane and tiger"), word == "Crane And Tiger"
    ('Crane And Tiger', 'Crane And Tiger!', True, True)
    >>> word != later(str.upper, "crane and tiger")
    True
    """

    __slots__ = ()

    def __str__(self) -> str:
        return _item(self, 0)(*_item(self, 1))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Later):
            other = str(other)
        return str(self) == other if isinstance(other, str) else NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return repr(str(self))


def later(function: Callable[..., str], *arguments: Any) -> Later:
    """The word ``function(*arguments)``, written when the sentence is read (see :class:`Later`)."""
    return _new(Later, (function, arguments))


def counted(n: int, one: str, many: str) -> str:
    """``n`` and its noun, singular or plural: what ``{count:Soldier|Soldiers}`` writes in an event's sentence.

    Examples
    --------
    >>> counted(1, "Shame token", "Shame tokens"), counted(0, "card", "cards")
    ('1 Shame token', '0 cards')
    """
    return f"{n} {one if n == 1 else many}"


class _Counted(string.Formatter):
    """:meth:`str.format`, where a field's format ``one|many`` writes the value with its noun (:func:`counted`)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        one, bar, many = format_spec.partition("|")
        return counted(value, one, many) if bar else format(value, format_spec)


_COUNTED = _Counted()


class Recorded(tuple):
    """An entry of the log recorded in full: ``(event class, sentence, rule, data, private_to)``.

    The rules record most events as ``(kind, *values)``, a plain tuple, and an event only some players may see as
    the pair ``((kind, *values), private_to)`` (:meth:`~.protocol.Game._record_private`); a plain sentence
    (``_emit``) is recorded as this, told apart by its class.
    """

    __slots__ = ()


def _event(entry: tuple, decision: int) -> Event:
    """The event an entry of the log stands for, made at ``decision``."""
    if entry.__class__ is tuple:
        kind = entry[0]
        if kind.__class__ is tuple:  # ((kind, *values), private_to): an event of a declared kind some seats see
            event, private_to = entry
            kind = event[0]
            return _new(KindEvent, (kind, kind.rule, event[1:], decision, private_to))
        return _new(KindEvent, (kind, kind.rule, entry[1:], decision, None))  # (kind, *values): a public event
    return _new(entry[0], (entry[1], entry[2], entry[3], decision, entry[4]))


def _decisions(marks: Sequence[int]) -> Iterator[int]:
    """The decision of each entry of a log in turn, from where each decision's entries begin (``marks``)."""
    index = decision = 0
    while True:
        while decision < len(marks) and marks[decision] <= index:
            decision += 1
        yield decision
        index += 1


class EventLog(Sequence[Event]):
    """A game's log (``game.log``): a read-only list of its :class:`Event` objects, oldest first.

    The rules record each event as a plain tuple, ``(kind, *values)`` (see :class:`Recorded` for the others), appended
    to a list in C: a random playout records several events a decision and reads none of them, and a call of a
    Python method cost three times the append. The log makes the event object only when it is read, with the
    decision it was made at from ``marks``: where in the list the entries of decision 1, 2, ... begin. Reading
    the same entry twice gives two equal events.

    Examples
    --------
    >>> PLACED = EventKind("placed", "CC-06", "{who} places a block on square {square}.", ("player", "square"),
    ...                    ("who",))
    >>> log = EventLog([(PLACED, 0, 4, "Red"), (PLACED, 1, 5, "Green")], marks=[1])
    >>> len(log), log[1].rule, log[1].decision, [str(e) for e in log]
    (2, 'CC-06', 1, ['Red places a block on square 4. [CC-06]', 'Green places a block on square 5. [CC-06]'])
    >>> log[-1:]
    [Event(sentence='Green places a block on square 5.', rule='CC-06', data={'player': 1, 'square': 5}, \
decision=1, private_to=None)]
    >>> log == list(log), log[0] == log[0], [e.decision for e in reversed(log)]
    (True, True, [1, 0])
    """

    __slots__ = ("_records", "_marks")

    def __init__(self, records: list[tuple], marks: Sequence[int] = ()) -> None:
        self._records = records
        self._marks = marks

    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self._records))[index]]
        entry = self._records[index]  # (an IndexError as a list's)
        if index < 0:
            index += len(self._records)
        return _event(entry, bisect_right(self._marks, index))

    def __iter__(self) -> Iterator[Event]:
        return map(_event, self._records, _decisions(self._marks))

    def __reversed__(self) -> Iterator[Event]:
        return map(self.__getitem__, range(len(self._records) - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            other = list(other)
        return list(self) == other if isinstance(other, list) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a log grows: not hashable

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"
