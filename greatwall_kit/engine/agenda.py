"""The one way the kit's games run their rules: an agenda of jobs, and the decisions the jobs ask for.

A game's flow is a stack of jobs (``game.agenda``, the next job last). :meth:`AgendaGame._run` pops and
does jobs until one of them asks a player for a decision (:meth:`~AgendaGame._ask`) or the agenda is empty
(the game is over). A job is a tuple: its name and its arguments, ``("score", 3)``. A decision has a kind,
the player who decides and a context (whatever the kind needs, or ``None``). The game writes three sorts
of method, found by their names:

``_job_<name>(self, *args)``
    One step of the rules that needs no decision: it records events, changes the state, pushes the jobs
    that follow (:meth:`~AgendaGame._push`) and may ask for a decision, always as its last act.
``_moves_<kind>(self, actor, context) -> list``
    The legal moves of a decision of that kind.
``_on_<kind>(self, actor, context, move)``
    Play the move chosen for a decision of that kind; the agenda then runs on.

So the whole state machine of a game reads as its list of jobs and decisions, and every game runs the
same loop: the engine's. ``_to_act``, ``_legal_moves`` and ``_apply`` of the contract come from here.

Examples
--------
>>> from dataclasses import dataclass
>>> from greatwall_kit.engine.moves import Move, Notation
>>> @dataclass(frozen=True, slots=True)
... class Take(Move):
...     verb = "take"
...     count: int
>>> class Sticks(AgendaGame):
...     '''Take 1 or 2 sticks from 5 in turn; who takes the last one wins.'''
...     name, title, notation = "sticks", "Sticks", Notation([Take])
...     Options = dataclass(frozen=True)(type("Options", (), {}))
...     def _setup(self):
...         self.left, self.taker = 5, None
...         self._begin(("turn", 0))
...     def _job_turn(self, player):
...         if self.left:
...             self._ask("take", player)
...     def _moves_take(self, actor, context):
...         return [Take(n) for n in (1, 2) if n <= self.left]
...     def _on_take(self, actor, context, move):
...         self.left -= move.count
...         self.taker = actor
...         self._push(("turn", 1 - actor))
...     def _snapshot(self):
...         return {"left": self.left}
...     def _view(self, player):
...         return {"left": self.left}, {}
...     def _scores(self):
...         return [int(self.left == 0 and self.taker == p) for p in range(2)]
>>> game = Sticks()
>>> game.to_act, [str(m) for m in game.legal_moves()]
(0, ['take 1', 'take 2'])
>>> game.replay(["take 2", "take 2", "take 1"]).is_over, game.scores()
(True, (1, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import DefinitionError
from .moves import Move
from .protocol import _CLEAR, _EXTEND, _OBSERVERS, Game

__all__ = ["AgendaGame"]


class AgendaGame(Game):
    """A :class:`~.protocol.Game` whose rules run as an agenda of jobs and decisions (see the module docstring).

    The state it keeps is three attributes of the game: ``agenda`` (the jobs still to do, next last), ``prompt``
    (``(kind, actor, context)`` of the decision asked for, or ``None``) and ``answered`` (the decision whose move
    is being played out, else ``None``). The decision answered stays the prompt until the next one is asked, so a
    copy taken part-way through it (``position_at(event=...)``) shows whose decision it is; ``answered`` tells such
    a copy from a position that waits for that decision.
    """

    # ``to_act`` is a slot the agenda writes wherever it sets the prompt (``None`` or the prompt's actor): a playout
    # reads it at every decision, and the contract's property cost a Python call from C, about 950 machine
    # instructions, where a slot's read costs some 30. A game that writes its own _to_act hook gets the property
    # back, or keeps the slot equal to its hook where the hook's answer changes and says so with
    # ``to_act = AgendaGame.to_act`` (tests/engine/test_to_act.py checks every game's slot against its hook)
    if TYPE_CHECKING:  # (mypy reads __slots__ as "no instance dict": the agenda's state and the game's live in it)
        to_act: int | None
    else:
        __slots__ = ("to_act",)
    agenda: list[tuple]
    prompt: tuple[str, int, Any] | None
    answered: tuple[str, int, Any] | None
    #: job name -> its ``_job_<name>`` function; decision kind -> its ``_moves_<kind>`` and ``_on_<kind>`` functions
    JOBS: ClassVar[dict[str, Callable[..., None]]] = {}
    MOVES: ClassVar[dict[str, Callable[[Any, int, Any], list]]] = {}
    ON: ClassVar[dict[str, Callable[[Any, int, Any, Move], None]]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.JOBS, cls.MOVES, cls.ON = _named(cls, "_job_"), _named(cls, "_moves_"), _named(cls, "_on_")
        if set(cls.MOVES) != set(cls.ON):
            odd = sorted(set(cls.MOVES) ^ set(cls.ON))
            raise DefinitionError(f"{cls.__name__}: each decision kind needs both _moves_<kind> and _on_<kind>: {odd}")
        # a game that says itself whose turn it is, or which moves are open, keeps the contract's listing (it calls
        # those hooks): the agenda's shortcut reads the prompt and would pass them by
        own = cls._to_act is not AgendaGame._to_act or cls._legal_moves is not AgendaGame._legal_moves
        if isinstance(cls.__dict__.get("to_act"), property):
            # a game with a _to_act hook of its own answers with it (Game.__init_subclass__), unless it keeps the
            # slot up to date itself (Great Wall of China); the agenda's writes go to the unread slot, in C
            cls.to_act = property(cls._to_act, _WRITE_TO_ACT, doc=Game.to_act.__doc__)  # type: ignore[assignment]
        if own and "_legal_list" not in cls.__dict__:
            cls._legal_list = Game._legal_list  # type: ignore[method-assign]
        # the agenda's play inlines its _apply and _run and binds in the class's ON and JOBS (_play_with): a game
        # that writes its own _apply or _run keeps the contract's play
        if (cls._apply is not AgendaGame._apply or cls._run is not AgendaGame._run) and "play" not in cls.__dict__:
            cls.play = Game.play  # type: ignore[method-assign]
        elif "play" not in cls.__dict__ and (cls.play is Game.play or hasattr(cls.play, "tables")):
            listers = cls.MOVES if cls._legal_list is AgendaGame._legal_list else None
            cls.play = _play_with(cls.ON, cls.JOBS, listers)  # type: ignore[method-assign]

    # -- what a game calls --------------------------------------------------------------------

    def _begin(self, *jobs: tuple) -> None:
        """Start the agenda with ``jobs`` (at set-up, or at a teaching position) and run it."""
        self.agenda = []
        self.prompt = self.answered = None
        self._push_all(jobs)
        self._run()

    def _push(self, *jobs: tuple) -> None:
        """Schedule ``jobs`` to run next, in the order given."""
        self.agenda.extend(jobs[::-1])  # (a reversed copy of the tuple extends faster than a reversed() iterator)

    def _push_all(self, jobs: list | tuple) -> None:
        """Schedule the jobs of the list ``jobs`` to run next, in order: ``_push`` for a list built at run time.

        A call that unpacks its arguments (``self._push(*jobs, ("reveal",))``) costs about four plain calls in
        CPython 3.11, which runs such a call in a new interpreter loop where a plain call runs in the caller's;
        ``self._push_all([*jobs, ("reveal",)])`` builds the list in one step and makes a plain call."""
        self.agenda.extend(jobs[::-1])

    def _ask(self, kind: str, actor: int, context: Any = None, moves: list | None = None) -> None:
        """Wait for ``actor``'s decision of ``kind`` (a job's last act). ``moves``: its legal moves, if the job
        has listed them already (they are not listed twice)."""
        self.prompt = (kind, actor, context)
        self.to_act = actor
        if moves is not None:
            self._legal_cache = moves

    def _offer(self, kind: str, actor: int, context: Any = None, least: int = 2) -> list:
        """Ask for a decision of ``kind`` only if it has at least ``least`` legal moves; returns the moves."""
        moves = self.MOVES[kind](self, actor, context)
        if len(moves) >= least:
            self._ask(kind, actor, context, moves)
        return moves

    def _end(self) -> None:
        """End the game: no job is left and no decision asked for (from here on, a position part-way through the
        decision being played out shows the game over)."""
        self.agenda.clear()
        self.prompt = self.to_act = None

    def _run(self, answered: tuple | None = None) -> None:
        """Do jobs until one asks for a decision or the agenda is empty (the game is over).

        ``answered``: the decision just played, which stays the prompt while its move and jobs are played out,
        so that a position part-way through it (``position_at(event=...)``) shows whose decision it is.
        """
        agenda, jobs = self.agenda, self.JOBS
        while self.prompt is answered and agenda:
            job = agenda.pop()
            # most jobs take two arguments or fewer: a plain call, where job[1:] unpacked into the call would slice a
            # new tuple and run the job in a new interpreter loop (see _push_all)
            size = len(job)
            if size == 2:
                jobs[job[0]](self, job[1])
            elif size == 1:
                jobs[job[0]](self)
            elif size == 3:
                jobs[job[0]](self, job[1], job[2])
            else:
                jobs[job[0]](self, *job[1:])
        if self.prompt is answered:  # nothing more was asked: the game is over
            self.prompt = self.to_act = None

    @property
    def asked(self) -> tuple[str, int, Any] | None:
        """The decision waiting for a move, ``(kind, actor, context)``: ``None`` once the game is over, and in a copy
        taken part-way through a decision (whose prompt is the decision being answered)."""
        return None if self.answered is not None else self.prompt

    # -- the contract's hooks -----------------------------------------------------------------

    def _to_act(self) -> int | None:
        prompt = self.prompt
        return None if prompt is None else prompt[1]

    def _legal_moves(self) -> list:
        kind, actor, context = self.prompt  # type: ignore[misc]  # (never asked once the game is over)
        return self.MOVES[kind](self, actor, context)

    def _legal_list(self) -> list:
        # the contract's, with _to_act and _legal_moves inlined: a playout lists the moves after every decision
        moves = self._legal_cache
        if moves is None:
            prompt = self.prompt
            moves = self._legal_cache = [] if prompt is None else self.MOVES[prompt[0]](self, prompt[1], prompt[2])
        return moves

    def _apply(self, move: Move) -> None:
        answered = self.answered = self.prompt
        kind, actor, context = answered  # type: ignore[misc]
        self.ON[kind](self, actor, context, move)
        if self.prompt is answered:  # (a decision that asks for the next one itself leaves no job to run)
            self._run(answered)
        self.answered = None


_WRITE_TO_ACT = AgendaGame.__dict__["to_act"].__set__  # (the slot's own store)


def _play_with(on: dict, jobs: dict, listers: dict | None) -> Callable:
    """``AgendaGame.play`` for a class whose decision and job functions are ``on`` and ``jobs`` (its ``ON`` and
    ``JOBS``), and ``listers`` its ``MOVES`` (``None``: the class lists its moves itself), bound in: CPython 3.11
    specialises no read of a class attribute through an instance, and reading each cost about 500 machine
    instructions at every decision."""

    def play(self, move):
        # Game.play with the agenda's _apply and _run written in: a random playout plays at every decision, and
        # two Python calls fewer a decision are about a twentieth of a trivial game's (benchmarks/PERFORMANCE.md).
        # The same steps in the same order: a change to Game.play, _apply or _run belongs here too.
        for listed in self._legal_cache or ():
            if listed is move:
                break
        else:
            move = self._checked(move)
        self._history.append(move)
        self._marks.append(len(self._events))
        self._legal_cache = self._legal_set_cache = None
        try:
            answered = self.answered = self.prompt
            on[answered[0]](self, answered[1], answered[2], move)
            if self.prompt is answered:  # (_run's loop)
                agenda = self.agenda
                while self.prompt is answered and agenda:
                    job = agenda.pop()
                    size = len(job)
                    if size == 2:
                        jobs[job[0]](self, job[1])
                    elif size == 1:
                        jobs[job[0]](self)
                    elif size == 3:
                        jobs[job[0]](self, job[1], job[2])
                    else:
                        jobs[job[0]](self, *job[1:])
                if self.prompt is answered:
                    self.prompt = self.to_act = None
            self.answered = None
        except BaseException:
            self._rebuild(self._history[:-1])
            raise
        view = self._legal_view
        if view is not None:
            listed = self._legal_cache
            if listed is None:  # (_legal_list, written in with the class's MOVES, unless the game writes its own)
                if listers is None:
                    listed = self._legal_list()
                else:
                    prompt = self.prompt  # (not *prompt[1:]: a call that unpacks costs about four plain ones)
                    if prompt is None:
                        listed = self._legal_cache = []
                    else:
                        listed = self._legal_cache = listers[prompt[0]](self, prompt[1], prompt[2])
            _CLEAR(view)
            _EXTEND(view, listed)
        if _OBSERVERS.data and self in _OBSERVERS:  # type: ignore[attr-defined]
            self._notify("play")
        return move

    play.__doc__ = Game.play.__doc__
    play.tables = (on, jobs, listers)  # type: ignore[attr-defined]  # (the agenda's own play, not a game's: see __init_subclass__)
    return play


def _named(cls: type, prefix: str) -> dict[str, Callable]:
    """``{name: function}`` of the methods of ``cls`` (and its bases below the engine) called ``<prefix><name>``."""
    found: dict[str, Callable] = {}
    for klass in reversed(cls.__mro__):
        if klass in AgendaGame.__mro__:  # (the engine's own methods, such as Game._legal_moves, are no decisions)
            continue
        for attr, value in vars(klass).items():
            if attr.startswith(prefix) and callable(value):
                found[attr[len(prefix):]] = value
    return found
