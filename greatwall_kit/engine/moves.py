"""Moves as immutable values with a text form that parses back.

A game's moves are frozen dataclasses that subclass :class:`Move` and name a
``verb``. Their text is the verb followed by the field values in order, so
``Single(square=4)`` reads ``single 4``. A field may be an ``int``, a ``str``
(one word), or either of those or ``None`` (written ``-``); a whole number is written with the
digits 0-9, after a sign if any (:func:`~greatwall_kit.engine.digits.read_whole`). A field of any other type is
refused when the :class:`Notation` is made.

Texts are read ignoring case: every game writes its verbs and words (kinds, colours, card ids) in lower
case, so ``PLACE 2`` is ``place 2`` rather than a misleading illegal move.
"""

import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import Field, fields
from typing import Any

from .digits import read_whole
from .errors import DefinitionError, NotationError, quote
from .log import counted

__all__ = ["Interned", "Move", "Notation"]


class Move:
    """Base class of every game's move values.

    Subclasses are declared ``@dataclass(frozen=True, slots=True)`` and set the
    class attribute ``verb``. ``str(move)`` is the text form; ``repr(move)``
    evaluates back to an equal move where the class is in scope.
    """

    __slots__ = ()
    verb: typing.ClassVar[str] = ""
    __dataclass_fields__: typing.ClassVar[dict[str, Field]]  # (for type checkers: every subclass is a dataclass)

    def __str__(self) -> str:
        return " ".join([self.verb, *(_word(getattr(self, f.name)) for f in fields(self))])


class Notation:
    """The text notation of a set of move classes: parses a text into a move.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Place(Move):
    ...     verb = "place"
    ...     square: int
    >>> notation = Notation([Place])
    >>> notation.parse("place 4")
    Place(square=4)
    >>> str(notation.parse("  PLACE   4 "))
    'place 4'
    >>> notation.parse("place four")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.NotationError: 'place four': 'four' is not a whole number; expected 'place <square>'
    """

    def __init__(self, move_classes: Iterable[type[Move]]) -> None:
        self._specs: dict[str, tuple[type[Move], list[tuple[str, Callable[[str], int | str | None]]]]] = {}
        for cls in move_classes:
            hints = typing.get_type_hints(cls)
            self._specs[cls.verb] = (cls, [(f.name, _converter(cls, f.name, hints[f.name])) for f in fields(cls)])

    @property
    def verbs(self) -> tuple[str, ...]:
        """The verbs this notation knows, in declaration order."""
        return tuple(self._specs)

    def form(self, verb: str) -> str:
        """The expected form of a move with this verb, e.g. ``'place <square>'``."""
        _, spec = self._specs[verb]
        return " ".join([verb, *(f"<{name}>" for name, _ in spec)])

    def parse(self, text: str) -> Move:
        """Turn a text such as ``'place 4'`` into its move, or raise :class:`NotationError`."""
        if not isinstance(text, str):
            raise NotationError(f"{quote(text)} is not a move or a move's text")
        words = text.lower().split()
        if not words or words[0] not in self._specs:
            known = ", ".join(repr(v) for v in self._specs)
            raise NotationError(f"{text!r:.80} does not start with a known move; known moves: {known}")
        verb = words[0]
        cls, spec = self._specs[verb]
        if len(words) - 1 != len(spec):
            raise NotationError(f"{text!r:.80} has {counted(len(words) - 1, 'argument', 'arguments')}; "
                                f"expected {self.form(verb)!r}")
        values: dict[str, int | str | None] = {}
        for (name, convert), word in zip(spec, words[1:], strict=True):
            try:
                values[name] = convert(word)
            except ValueError as exc:
                raise NotationError(f"{text!r:.80}: {exc}; expected {self.form(verb)!r}") from None
        return cls(**values)


class Interned(dict):
    """The one object of each move a game offers: ``moves[key]`` is made by ``make(key)`` when first asked for,
    and the same object ever after.

    Legal-move lists built from interned moves hold the same objects decision after decision: a move taken from
    them is found by identity (:meth:`~greatwall_kit.engine.protocol.Game.play`), and no move is built twice.
    ``make`` is a move class (``Interned(Single)``: ``moves[4]`` is ``Single(4)``) or any function of the key.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Place(Move):
    ...     verb = "place"
    ...     square: int
    >>> PLACE = Interned(Place)
    >>> PLACE[4], PLACE[4] is PLACE[4], list(map(PLACE.__getitem__, [1, 2]))
    (Place(square=4), True, [Place(square=1), Place(square=2)])
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[Any], Move]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Move:
        move = self[key] = self.make(key)
        return move

    def __deepcopy__(self, memo: dict) -> "Interned":
        return self  # shared by every copy of every game: its moves are values


def _word(value: object) -> str:
    return "-" if value is None else str(value)


def _converter(cls: type, name: str, hint: object) -> Callable[[str], int | str | None]:
    """How the notation reads the field ``name`` of ``cls`` from a word; a type it cannot write and read back is
    refused as the notation is declared (a ``float`` would be read as a word, ``int | str`` could be either)."""
    args = set(typing.get_args(hint)) if typing.get_origin(hint) in (types.UnionType, typing.Union) else {hint}
    optional = type(None) in args
    args.discard(type(None))
    if len(args) != 1 or not args <= {int, str}:
        shown = getattr(hint, "__name__", None) if isinstance(hint, type) else None
        raise DefinitionError(f"{cls.__name__}.{name} is declared {shown or hint}: a move's field is an int, a str "
                              "(one word), or either or None (int | None, str | None), which its text writes and "
                              "reads back; write another value as one of these (a number of tenths, a name)")
    (base,) = args

    def convert(word: str) -> int | str | None:
        if optional and word == "-":
            return None
        # signed: the rules, not the notation, say why "slot -1" names no slot
        return read_whole(word, signed=True) if base is int else word

    return convert
