"""The engine's checks of a game's own code: a mistake named where it is made, in a debug mode the tests run in.

A game's agenda and log are on the path of every random playout, which checks nothing it need not: a job pushed
with no ``_job_<name>`` method fails only when the job is done (``KeyError: 'riad'``), an event recorded with too
few values only when the log is read. In the debug mode these calls check what they are given and raise the kit's
:class:`~.errors.DefinitionError` at the line that made the mistake, saying how to mend it:

- ``_push`` / ``_push_all`` / ``_begin``: every job a tuple ``(name, *arguments)`` whose ``_job_<name>``
  takes those arguments;
- ``_ask`` / ``_offer``: a decision kind with its ``_moves_<kind>`` and ``_on_<kind>``; no decision asked while
  another waits for its move (a job asks at most once, as its last act; the rule steps of a looking-only copy
  move it from one decision to the next);
- ``_events.append`` / ``_record_private``: a tuple of an :class:`~.log.EventKind` and as many values as its
  fields and words; ``private_to`` a tuple of seats.

The mode is on when the environment variable ``GREATWALL_KIT_CHECKS`` is ``1`` as the engine is imported (the
test suite sets it; set it while you write a game) or after :func:`enable`; otherwise the engine's own methods
run unchanged, and a playout pays nothing for the checks.

Examples
--------
>>> from dataclasses import dataclass
>>> from greatwall_kit.engine import AgendaGame
>>> class Raid(AgendaGame):
...     name, title = "raid", "Raid"
...     Options = dataclass(frozen=True)(type("Options", (), {}))
...     def _setup(self):
...         self._begin(("riad",))
...     def _job_raid(self):
...         pass
...     _snapshot = _scores = lambda self: []
...     def _view(self, player):
...         return {}, {}
>>> enable()  # (the test suite runs with the checks on)
>>> Raid()
Traceback (most recent call last):
...
greatwall_kit.engine.errors.DefinitionError: Raid has no method _job_riad for the job ('riad',) pushed here: \
define it, or push one of Raid's jobs (raid)
"""

import inspect
import os

from . import protocol
from .agenda import AgendaGame
from .errors import DefinitionError, quote
from .log import EventKind, Recorded
from .protocol import _refuse_paused

__all__ = ["ENVIRONMENT", "enable", "enabled"]

#: The environment variable that turns the checks on as the engine is imported (``1``).
ENVIRONMENT = "GREATWALL_KIT_CHECKS"

# the engine's own methods, which the checked ones call once a call is found sound
_PUSH, _PUSH_ALL, _ASK, _OFFER = AgendaGame._push, AgendaGame._push_all, AgendaGame._ask, AgendaGame._offer
_LOG_LIST = protocol._log_list


def enable() -> None:
    """Turn the checks on for every game from now on (see the module docstring)."""
    AgendaGame._push, AgendaGame._push_all = _push, _push_all  # type: ignore[method-assign]
    AgendaGame._ask, AgendaGame._offer = _ask, _offer  # type: ignore[method-assign]
    protocol._log_list = _log_list  # (every game made, copied or read back from now on logs into a checked list)


def enabled() -> bool:
    """Whether the checks are on."""
    return protocol._log_list is _log_list


def _push(self, *jobs):
    _sound(self, jobs)
    _PUSH(self, *jobs)


def _push_all(self, jobs):
    _sound(self, jobs)
    _PUSH_ALL(self, jobs)


def _sound(self, jobs):
    cls = type(self)
    for job in jobs:
        if type(job) is not tuple or not job or not isinstance(job[0], str):
            raise DefinitionError(f"{cls.__name__} pushed {quote(job)}: a job is a tuple of its name and its "
                                  "arguments, such as ('turn', 0) or ('score',)")
        function = cls.JOBS.get(job[0])
        if function is None:
            raise DefinitionError(f"{cls.__name__} has no method _job_{job[0]} for the job {quote(job)} pushed here: "
                                  f"define it, or push one of {cls.__name__}'s jobs ({_listed(cls.JOBS)})")
        _takes(cls, function, f"_job_{job[0]}", f"the job {quote(job)}", job[1:])


def _ask(self, kind, actor, context=None, moves=None):
    _decision(self, kind)
    prompt = self.prompt
    # (a looking-only copy is moved from one decision to the next by the changes of rule steps, with no move)
    if prompt is not None and prompt is not self.answered and self.play is not _refuse_paused:
        raise DefinitionError(f"{type(self).__name__} asks for a {kind!r} decision of player {actor} while the "
                              f"{prompt[0]!r} decision of player {prompt[1]} waits for its move: a job or a move asks "
                              "for one decision, as its last act (push a job that asks for the next one)")
    _ASK(self, kind, actor, context, moves)


def _offer(self, kind, actor, context=None, least=2):
    _decision(self, kind)
    return _OFFER(self, kind, actor, context, least)


def _log_list(game, events):
    checked = _CheckedLog(_LOG_LIST(game, events))
    checked.name = type(game).__name__  # (the game's name only: no reference cycle)
    return checked


class _CheckedLog(list):
    """A game's log in the debug mode: it checks each entry as the rules append it."""

    __slots__ = ("name",)
    name: str

    def append(self, entry):
        _recordable(self.name, entry)
        super().append(entry)


def _recordable(name, entry):
    private_to = None
    if type(entry) is Recorded:  # (_emit)
        kind, private_to = entry[1], entry[4]
    elif type(entry) is tuple and len(entry) == 2 and type(entry[0]) is tuple and entry[0]:  # (_record_private)
        (kind, *values), private_to = entry
    elif type(entry) is tuple and entry:
        kind, values = entry[0], entry[1:]
    else:
        what = f"the event kind {entry.name!r} alone" if type(entry) is EventKind else quote(entry)
        raise DefinitionError(f"{name} recorded {what}: the log takes one tuple, an EventKind declared in the "
                              "game's events module then its values: self._events.append((KIND, a, b))")
    if private_to is not None and (type(private_to) is not tuple or not all(type(seat) is int for seat in private_to)):
        what = kind.name if type(kind) is EventKind else kind
        raise DefinitionError(f"{name} recorded {what!r} private to {quote(private_to)}: private_to is a tuple "
                              "of the seats that may see it, such as (0,)")
    if type(entry) is Recorded:  # (a plain sentence: no kind to check)
        return
    if type(kind) is not EventKind:
        raise DefinitionError(f"{name} recorded {quote(kind)}: the log takes one tuple, an EventKind declared in "
                              "the game's events module then its values (_emit records a plain sentence)")
    if len(values) != len(kind.names):
        raise DefinitionError(f"event kind {kind.name!r} takes {len(kind.names)} values ({', '.join(kind.names)}, "
                              f"its fields then its words), not {len(values)}: {quote(values)}")


def _decision(game, kind):
    cls = type(game)
    if kind not in cls.MOVES:
        raise DefinitionError(f"{cls.__name__} has no methods _moves_{kind} and _on_{kind} for the {quote(kind)} "
                              f"decision asked here: define them, or ask for one of {cls.__name__}'s decisions "
                              f"({_listed(cls.MOVES)})")


def _takes(cls, function, method, what, arguments):
    try:
        inspect.signature(function).bind(None, *arguments)
    except TypeError as exc:
        raise DefinitionError(f"{cls.__name__}.{method} cannot take {what}'s arguments: {exc}") from None


def _listed(methods):
    return ", ".join(sorted(methods)) or "none"


if os.environ.get(ENVIRONMENT) == "1":
    enable()
