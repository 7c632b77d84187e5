"""Bots in processes of their own: a class tournament that a bot cannot cheat.

In one Python process a bot can reach the real game by walking the interpreter's memory (see
:mod:`~greatwall_kit.bots.seat`). An :class:`IsolatedBot` runs its bot in a worker process started afresh
(``spawn``: nothing of the caller's memory is copied into it), which is sent, for each decision, only the seat's
:class:`~greatwall_kit.bots.seat.SeatView` (whose sampled worlds were made here, in the caller's process) and the
legal moves; it never holds the game. A bot that raises, overruns its time or whose process dies loses that
decision with the reason; a process that overran is ended and a new one started for the next game.

A bot is sent as what it is: one of the kit's bots (or any object that pickles) as itself; a function defined in a
notebook as its source; and student code as a text of Python or a ``.py`` file that defines ``choose(view,
legal_moves)`` (or ``bot``, an object with that method). :func:`code_bot` reads such code in this process instead.
"""

import inspect
import multiprocessing
import pathlib
import pickle
from typing import Any

from greatwall_kit.engine.errors import GreatWallError

from .match import Forfeit, as_bot

__all__ = ["IsolatedBot", "is_code", "code_bot"]

#: Seconds a new worker may take to start and load its bot (importing the kit takes about half a second).
START_SECONDS = 60


def is_code(bot):
    """Whether ``bot`` is given as code: a ``pathlib.Path``, a text naming a ``.py`` file, or a text of Python
    defining ``choose`` or ``bot`` (a text of one word, like ``"random"``, is neither)."""
    if isinstance(bot, pathlib.PurePath):
        return True
    return isinstance(bot, str) and (bot.endswith(".py") or "\n" in bot or "def " in bot)


def code_bot(code, name="the bot's code"):
    """The bot that ``code`` (a text of Python or a ``.py`` file, see :func:`is_code`) defines: its ``bot``, else its
    ``choose`` function. Raises the kit's error if the code cannot be read or defines neither."""
    return _load(_source(code, name))


def _source(code, name):
    if isinstance(code, pathlib.PurePath) or (isinstance(code, str) and code.endswith(".py") and "\n" not in code):
        path = pathlib.Path(code)
        try:
            return ("code", path.read_text(encoding="utf-8"), str(path), None)
        except (OSError, UnicodeDecodeError) as exc:
            raise GreatWallError(f"cannot read the bot {name} from {str(path)!r}: {exc}") from None
    return ("code", code, f"<{name}>", None)


def _spec(bot, name):
    """What is sent to a worker to make ``bot`` there (a tuple that pickles)."""
    if is_code(bot):
        return _source(bot, name)
    if inspect.isfunction(bot) and (bot.__module__ == "__main__" or "<locals>" in bot.__qualname__
                                    or bot.__name__ == "<lambda>"):
        try:  # a notebook's function: the worker cannot import it, so it is sent as its source
            source = inspect.getsource(bot)
        except (OSError, TypeError):
            source = None
        if source is None or bot.__name__ == "<lambda>" or "<locals>" in bot.__qualname__:
            raise GreatWallError(f"the bot {name} cannot be sent to a process of its own: define it with def at the "
                                 f"top of a cell or a file (a lambda or a function inside another cannot be), or "
                                 f"give isolate=False")
        return ("code", inspect.cleandoc("\n" + source) if source[:1].isspace() else source, f"<{name}>",
                bot.__name__)
    try:
        return ("pickle", pickle.dumps(bot), None, None)
    except Exception as exc:  # noqa: BLE001 - any object may fail to pickle, in any way
        raise GreatWallError(f"the bot {name} cannot be sent to a process of its own ({type(exc).__name__}: {exc}); "
                             "give it as code or a file, or give isolate=False") from None


def _load(spec):
    kind, payload, filename, wanted = spec
    if kind == "pickle":
        return pickle.loads(payload)
    namespace = {"__name__": "bot_code"}
    try:
        exec(compile(payload, filename, "exec"), namespace)  # noqa: S102 - the student's bot is code, by design
    except Exception as exc:  # noqa: BLE001 - a student's code may fail in any way
        raise GreatWallError(f"the bot's code {filename} fails: {type(exc).__name__}: {exc}") from None
    for key in ([wanted] if wanted else ["bot", "choose"]):
        if key in namespace:
            bot = namespace[key]
            as_bot(bot)
            return bot
    raise GreatWallError(f"the bot's code {filename} defines no choose(view, legal_moves) function and no bot")


class _Raised(Exception):
    """What a bot raised in its worker, as that exception's repr (it may not pickle)."""

    def __repr__(self):
        return self.args[0]


def _serve(conn, spec):
    """A worker's loop: make the bot, then answer "fresh" and "choose" requests until told to stop."""
    try:
        base = _load(spec)
    except BaseException as exc:  # noqa: BLE001 - reported to the caller, which refuses the bot
        conn.send(("error", str(exc) if isinstance(exc, GreatWallError) else f"{type(exc).__name__}: {exc}"))
        return
    conn.send(("ready", getattr(base, "reads_view", True)))
    bot = base
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request[0] == "stop":
            return
        if request[0] == "fresh":
            bot = base.fresh(request[1]) if hasattr(base, "fresh") else base
            continue
        try:
            move = as_bot(bot)(request[1], request[2])
            conn.send(("move", move))
        except BaseException as exc:  # noqa: BLE001 - a student's bot may fail in any way; so may its answer's pickling
            conn.send(("raised", repr(exc)))


class IsolatedBot:
    """``bot`` playing in a worker process of its own (see the module docstring); a bot for :func:`play_match`.

    Parameters
    ----------
    bot : object, function, text or path
        The bot, or its code.
    name : str
        Its name in messages.
    time_limit : float or None
        Seconds per decision; a bot that overruns loses the decision and its process is ended.
    """

    # the worker process and the end of its pipe: None until started and once closed (every method that uses them
    # starts them first, so they are typed as the objects they then are)
    _process: Any
    _conn: Any

    def __init__(self, bot, name, time_limit=None):
        self.name, self.time_limit = name, time_limit
        self._spec = _spec(bot, name)
        self._process = self._conn = None
        self._seed = None
        self.reads_view = True
        self._start()

    def __repr__(self):
        return self.name

    def fresh(self, seed):
        """The bot re-seeded for a new game (in its worker); returns this proxy."""
        self._seed = seed
        if self._process is None:
            self._start()
        else:
            self._conn.send(("fresh", seed))
        return self

    def choose(self, view, legal_moves):
        if self._process is None:
            self._start()
            if self._seed is not None:
                self._conn.send(("fresh", self._seed))
        try:
            self._conn.send(("choose", view, legal_moves))
            answered = self._conn.poll(self.time_limit)
        except (OSError, EOFError):
            answered = True  # the worker is gone: recv says so
        if not answered:
            self.close()
            raise Forfeit(f"took longer than {self.time_limit} s to decide")
        try:
            kind, value = self._conn.recv()
        except (EOFError, OSError):
            self._process.join(5)  # (ended: its exit code is there once it is reaped)
            code = self._process.exitcode
            self.close()
            raise Forfeit(f"ended its process (exit code {code})") from None
        if kind == "raised":
            raise _Raised(value)
        return value

    def close(self):
        """End the worker (a later decision starts a new one)."""
        process, conn, self._process, self._conn = self._process, self._conn, None, None
        if process is None:
            return
        try:
            conn.send(("stop",))
        except (OSError, EOFError, ValueError):
            pass
        process.join(0.5)
        if process.is_alive():
            process.kill()
            process.join()
        conn.close()

    def _start(self):
        try:
            context = multiprocessing.get_context("spawn")
            mine, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs, self._spec), daemon=True,
                                      name=f"bot {self.name}")
            process.start()
        except (OSError, NotImplementedError, ValueError) as exc:  # (the browser's Python starts no processes)
            raise GreatWallError(f"cannot start a process for the bot {self.name} ({exc}); give isolate=False") \
                from None
        theirs.close()
        self._process, self._conn = process, mine
        if not mine.poll(START_SECONDS):
            self.close()
            raise GreatWallError(f"the bot {self.name} did not start within {START_SECONDS} s")
        try:
            kind, value = mine.recv()
        except EOFError:
            code = process.exitcode
            self.close()
            raise GreatWallError(f"the bot {self.name}'s process ended while it started (exit code {code})") from None
        if kind == "error":
            self.close()
            raise GreatWallError(f"the bot {self.name} cannot be made: {value}")
        self.reads_view = value

