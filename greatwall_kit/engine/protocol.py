"""The one contract every game implements: decisions in, events out.

A game subclasses :class:`Game` and fills in its hooks: seven that every game must
write (``_setup``, ``_to_act``, ``_legal_moves``, ``_apply``, ``_snapshot``, ``_view``,
``_scores``) and the optional ones, each with a default, that bots, the simulation lab,
the board view and the stepper ask for (see :class:`Game`). This base class records the
history around them and gives every game the same ``play``, ``undo``, ``replay``, ``view``,
``to_json`` and conformance guarantees, written once. Games join the kit's registry by name
(:mod:`greatwall_kit.engine.registry`); nothing here knows any game.

A game is fully determined by its player count, seed, options, optional
start position and the moves played: undo and loading rebuild from those.
"""

from __future__ import annotations

import _random
import abc
import copy
import dataclasses
import functools
import hashlib
import json
import operator
import random
import types
import warnings
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .cloning import clone, copied_random, copy_slots, instance_dict, set_attributes, slot_values
from .errors import DefinitionError, GreatWallError, IllegalMoveError, NotationError, PositionError, SetupError, quote
from .legal import LegalMoves
from .log import Event, EventLog, Recorded
from .moves import Move
from .rules import RuleBook
from .schemas import check, has_schema, json_form

__all__ = ["Game", "Outcome", "MoveNote", "KIT_RULES", "SAMPLED"]

KIT_RULES = RuleBook("kit", "greatwall_kit protocol")
KIT_RULES.add("KIT-01", "Decisions", "Once the game is over, no one decides anything more.")
KIT_RULES.add("KIT-02", "Decisions",
              "A decision must be one of the moves the rules offer the player to act at this moment.")

#: The largest seed (either sign): the most a save holds (``save.schema.json``), so every game can be saved and loaded.
MAX_SEED = 10**24
_NEW_RANDOM = random.Random.__new__
_SEED = _random.Random.seed  # (the generator's own seeding, in C)
_FIELD_TYPES = (int, str, type(None))
_new = tuple.__new__
# Observers live outside the games (keyed weakly by game), so copies, saves and snapshots never carry a view.
_OBSERVERS: weakref.WeakKeyDictionary[Any, list] = weakref.WeakKeyDictionary()
_CLEAR, _EXTEND = list.clear, list.extend  # how a game refills its LegalMoves, which refuse every change


def _log_list(game, events):
    """The list ``game._events`` is, given the log's entries ``events``: a plain list (the engine's debug mode makes
    it one that checks each entry appended)."""
    return events if events.__class__ is list else list(events)


class _PausingLog(list):
    """A log that stops the rules (raises :class:`_Paused`) once it holds ``length`` entries: the log of a copy
    replayed to a moment part-way through a decision (``position_at(event=...)``)."""

    __slots__ = ("length",)
    length: int

    def append(self, entry):
        super().append(entry)
        if len(self) >= self.length:
            raise _Paused


class _Sampled:
    """The ``_start`` of a world sampled for a bot: it begins where it was sampled, with nothing before it."""

    __slots__ = ()

    def __repr__(self):
        return "SAMPLED"

    def __reduce__(self):  # a sampled world sent to a worker process stays one
        return "SAMPLED"


#: The start of a world sampled for a bot (:func:`greatwall_kit.bots.sample_world`): such a world has no history,
#: log or start document to rebuild from, so it refuses to be undone, looked back on or saved.
SAMPLED = _Sampled()


@functools.cache
def _default_options(options_class):
    return options_class()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: final scores, the winners (all tied players), and why it ended."""

    scores: tuple
    winners: tuple
    reason: str


class MoveNote(tuple):
    """What a legal move does: the ``rule`` it applies (the first rule the engine cites when it is played), a
    ``text``, one sentence a student reads (a move button's tooltip), and the ``label`` a move button shows (the
    move's own text unless the game names it in words: ``keep River Warden (g4)`` for ``general g4``).

    >>> note = MoveNote("CC-16", "Look at no threat counter.", "nopeek")
    >>> note.rule, note.label, str(note)
    ('CC-16', 'nopeek', 'CC-16: Look at no threat counter.')
    """

    __slots__ = ()

    def __new__(cls, rule: str | None, text: str, label: str | None = None) -> MoveNote:
        return tuple.__new__(cls, (rule, text, label))

    rule = property(lambda self: self[0], doc="The checklist ID of the rule the move applies.")
    text = property(lambda self: self[1], doc="What the move does, in a sentence.")
    label = property(lambda self: self[2], doc="The words a move button shows (the move's text by default).")

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text


class Game(abc.ABC):
    """The game contract: the base class of every game's state, and every hook a game provides.

    A game is a subclass that sets the class attributes below and writes the required hooks; the
    optional hooks have defaults, and bots, the simulation lab, saves, the board view and the stepper
    reach a game only through them. A game's module holds the subclass, a ``new_game(players=..., seed=...,
    **options)`` function and, optionally, ``VARIANTS`` (named option sets the conformance suite runs); it joins
    the kit by one line in the registry (:func:`greatwall_kit.engine.registry.register_game`).
    ``docs/adding-a-game.md`` walks through a small game.

    Parameters
    ----------
    players : int
        The number of players.
    seed : int
        Seed of the game's random generator (shuffles, hidden draws).
    start : dict, optional
        A position document for the game's ``_setup_position`` (teaching positions).
    **options
        The game's named variants; see its ``Options``.

    Notes
    -----
    **Class attributes.** Required: ``name`` (as saves, views and the registry know the game), ``title``,
    ``notation`` (a :class:`~greatwall_kit.engine.moves.Notation` of the game's move types) and ``Options``
    (a frozen dataclass of the rules and variants, defaults = the rulebook). Optional: ``player_counts``
    (default 2 to 4), ``player_names``, ``file_options``, ``mcts_settings`` and ``material_worth`` (bots),
    and ``_constant_state`` and ``_copied_state`` (how :meth:`copy` treats the state).

    **Required hooks** (abstract: a class missing one cannot be instantiated):

    ``_setup()``
        Deal and place everything for a new game, recording its events in ``_events``.
    ``_to_act() -> int | None``
        The player who decides now; ``None`` once the game is over.
    ``_legal_moves() -> list[Move]``
        Every move open to ``to_act`` now (never called once the game is over).
    ``_apply(move)``
        Play one legal move and everything the rules then do by themselves, recording events
        (an event of a declared kind appended to ``_events``, or ``_emit`` a sentence) that cite their rule.
    ``_snapshot() -> dict``
        The whole truth of the position, JSON-able (saves compare its hash).
    ``_view(player) -> (public, private)``
        What ``player`` may see (``None``: a spectator): the part all viewers share and their own.
    ``_scores() -> Sequence[int]``
        Each player's points now.

    **Optional hooks**, with their defaults:

    ``_setup_position(position)``
        Set up a teaching position document (:meth:`from_position`); default: refused.
    ``_explain(move) -> (rule, reason)``
        Why an illegal move is refused; default: it is not among the legal moves (KIT-02).
    ``_is_legal(move) -> bool``
        A faster legality test; default: membership in the legal moves.
    ``_end_reason() -> str``
        Why the game ended (:attr:`result`); default: "the game is over".
    ``_saved_options() -> dict``
        The options as a save holds them (a game whose options name files embeds their content); default:
        the options as they are.
    ``_describe(move) -> (rule, text)`` or ``(rule, text, label)``
        What a legal move does: the rule it applies (the first rule its events cite) and a sentence (a move's
        tooltip, :meth:`describe`), and optionally the words its button shows where the move's text would read an
        ID (a card's name); default: no rule, and the move class's docstring.
    ``_question() -> str | None``
        What the player to act decides now, in words (:meth:`question`, a board's question line); default: ``None``.
    ``private_lines(player) -> list[str] | None``
        What only ``player`` knows, as lines a student reads (the board view's private panel); default: ``None``,
        and the view writes each field of the private view as ``name: value``.
    ``graph()``, ``picture(targets=None, highlight=(), hide=())``, ``move_element(move)``
        The position as a networkx graph and as an SVG whose element keys are the graph's nodes, and the
        element a move is played on: the board view, the graph lens and notebooks draw with them; the
        protocol runs without (default: ``NotImplementedError``, and no element).
    ``resolutions()``, ``_apply_step(change)``
        The rule steps of multi-step resolutions, and the position after each (the stepper); default:
        none.
    ``determinize(seat, rng)``
        Redraw in place, on a copy, everything ``seat`` cannot see (bots look ahead in such worlds);
        default: nothing is hidden. A game with hidden information must write it.
    ``standing() -> list``, ``material() -> list``
        Each player's score if the position were scored now, and a tie-break stock of the game's own
        quantities (the greedy bot's and the search's yardsticks); defaults: the scores, and zeros.
    ``stats() -> (per_game, per_seat)``
        The game's own statistics of a finished game for the simulation lab; default: none.
    """

    # The engine's own attributes are slots; each game's state lives in its instance dict. CPython 3.11 keeps
    # an instance's attributes inline, where reading one and calling a method are fastest, only while its
    # class has at most 29 attribute names: the three smaller games stay under that only without these. A game
    # with more declares them as its own ``__slots__`` (see ``_slotted_state``).
    __slots__ = ("options", "players", "seed", "_rng", "_rng_shared", "_events", "_marks", "_history",
                 "_legal_cache", "_legal_set_cache", "_legal_view", "_start", "_said", "_dict_made")
    _rng: random.Random
    _rng_shared: bool
    _said: tuple[list, dict[Any, list]] | None
    #: The log's entries: the rules record an event with ``self._events.append((KIND, *values))``, the tuple of an
    #: :class:`~.log.EventKind` and the values of its fields and words in their declared order, appended in C (the
    #: kit's games record several events a decision, a random playout reads none of them, and CPython 3.11 runs
    #: ``list.append`` on a slot's list without a call). The sentence and data are made only when an event is
    #: read; no value may change afterwards. An event only some players may see: :meth:`_record_private`.
    _events: list
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    player_counts: ClassVar[range] = range(2, 5)
    notation: ClassVar[Any] = None
    Options: ClassVar[Any] = None
    player_names: ClassVar[tuple[str, ...]] = ("Red", "Green", "Blue", "Violet", "Yellow")
    #: Options whose text may name a local file; a save holds their content instead (see ``_saved_options``).
    file_options: ClassVar[tuple[str, ...]] = ()
    #: The search settings measured best for this game (``benchmarks/bot_strength.py``): ``playouts``, ``rollout``,
    #: ``expand``, ``exploration``, as :class:`~greatwall_kit.bots.MCTSBot` takes them; ``None``: not measured
    #: (the bot then plays plain UCT with whole random playouts).
    mcts_settings: ClassVar[Mapping[str, Any] | None] = None
    #: Points a unit of :meth:`material` is worth in a search's estimate of a position (0: material only breaks ties).
    material_worth: ClassVar[float] = 0  # (an int: a game without material leaves a search's estimates whole numbers)
    #: Set on a replay's new game before ``__init__``: its documents were checked when the game was made.
    _documents_checked = False
    #: Attributes built at set-up and never changed: copies share them (see :mod:`.cloning`).
    _constant_state: ClassVar[tuple[str, ...]] = ()
    #: Attribute name -> a function that copies its value in one step, for :func:`~.cloning.clone` (instead of its
    #: walk, which keeps every reference shared: the value itself stays shared, but nothing inside it may be
    #: referenced from elsewhere in the state).
    _copied_state: ClassVar[Mapping[str, Any]] = {}
    #: The game's own ``__slots__`` (set from its classes' declarations): copies, undo and pickling carry them with
    #: its instance dict. A game of more than 29 attribute names declares them so: past that, CPython 3.11 gives
    #: each game a dict of its own, and every ``self.method(...)`` call takes the interpreter's slow path
    #: (Chang Cheng's playouts ran 4.5 % more instructions a decision).
    _slotted_state: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._slotted_state = tuple(name for klass in reversed(cls.__mro__) if klass not in Game.__mro__
                                   for name in _declared_slots(klass))
        params = getattr(cls.Options, "__dataclass_params__", None)  # (a dataclass's: frozen or not)
        if cls.name and not (isinstance(cls.Options, type) and params is not None and params.frozen):
            wrong = "missing" if cls.Options is None else f"{quote(cls.Options)}, not a frozen dataclass"
            raise DefinitionError(f"{cls.__name__}.Options is {wrong}: a game declares its options as a "
                                  "frozen dataclass in its rules module, Options = Options on the class (a game "
                                  "without options declares an empty one: @dataclass(frozen=True) class Options: "
                                  "pass)")
        if "to_act" not in cls.__dict__ and "_to_act" in cls.__dict__:
            # the game's hook itself is the property: one call, not two, for what a playout asks at every decision
            setattr(cls, "to_act", property(cls._to_act, doc=Game.to_act.__doc__))  # noqa: B010 - mypy: a method

    def __init__(self, players=2, seed=0, *, start=None, **options):
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_counts:
            counts = f"{self.player_counts.start} to {self.player_counts.stop - 1}"
            raise SetupError(f"{self.title} is for {counts} players, not {quote(players)}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED <= seed <= MAX_SEED:
            raise SetupError(f"seed must be a whole number from -10**24 to 10**24, not {quote(seed, 40)}")
        self._check_option_names(options)
        # a replay (undo, position_at) passes documents this game already checked when it was made
        checked = self._documents_checked
        if checked:
            del self._documents_checked  # (never self.__dict__: reading it would end the inline attributes)
        if options and not checked:  # no options, nothing to check (and no validator to build in a playout)
            options = self._check_document(options, "options", SetupError, f"{self.title} options")
        # a frozen value: every game without options shares one (a playout's new games build none)
        self.options = self.Options(**options) if options else _default_options(self.Options)
        self.players = players
        self.seed = seed
        # random.Random(seed), without its two Python calls (Random.seed's checks are for seeds other than an int)
        rng = _NEW_RANDOM(random.Random)
        _SEED(rng, seed)
        rng.gauss_next = None  # type: ignore[attr-defined]  # (Random.seed sets it; typeshed does not declare it)
        self._rng, self._rng_shared = rng, False
        self._log_into([], [])
        self._history = []
        self._legal_cache = None  # the legal moves now, once listed (a game may list them as its rules ask)
        self._legal_set_cache = None
        self._legal_view = None  # the LegalMoves handed out, once asked for: refilled at every change of position
        self._said = None  # the sentences each viewer was shown (see _visible_sentences)
        self._dict_made = False  # whether the instance dict was made an ordinary dict (see cloning.instance_dict)
        if start is not None:
            if not isinstance(start, dict):
                raise PositionError(f"a position must be a dict, not {type(start).__name__}")
            # checked before it is copied: a document nested without end must not exhaust the stack
            if not checked:
                start = self._check_document(start, "position", PositionError, "position")
        self._start = None if start is None else copy.deepcopy(start)
        if start is None:
            self._setup()
        else:
            self._setup_position(copy.deepcopy(start))
            if self._to_act() is not None and not self._legal_list():
                raise PositionError("the position leaves the player to act without a legal move and the game "
                                    "not over; set it up at a moment the rules can go on from")

    @classmethod
    def from_position(cls, position, *, seed=0):
        """Set up a teaching position from a position document (see the game's ``_setup_position``).

        The document's ``"players"`` and ``"options"`` keys choose the player count and variants;
        a position that breaks the rules raises :class:`PositionError`.
        """
        if not isinstance(position, dict):
            raise PositionError(f"a position must be a dict, not {type(position).__name__}")
        position = json_form(position, PositionError, "position", strict=False)  # {5: ...} is {"5": ...}
        options = position.get("options", {})
        if not isinstance(options, dict):
            raise PositionError(f"'options' must be a dict, not {quote(options)}")
        cls._check_option_names(options)
        return cls(position.get("players", 2), seed, start=position, **options)

    # -- the protocol -----------------------------------------------------------------------

    @property
    def rng(self):
        """The game's random generator (set-up shuffles, hidden draws during play).

        A copy shares its original's generator until either of them draws from it: most moves draw
        nothing, so look-ahead copies skip copying the generator's 625-word state.
        """
        if self._rng_shared:
            self._rng, self._rng_shared = copied_random(self._rng), False
        return self._rng

    @rng.setter
    def rng(self, value):
        self._rng, self._rng_shared = value, False

    @property
    def to_act(self):
        """The player who must decide now, or ``None`` when the game is over."""
        return self._to_act()

    @property
    def is_over(self):
        """Whether the game has ended."""
        return self._to_act() is None

    @property
    def history(self):
        """The moves played so far, oldest first."""
        return tuple(self._history)

    @property
    def log(self):
        """The events the rules recorded so far, oldest first: a read-only :class:`~.log.EventLog` of
        :class:`~.log.Event` objects (the set-up's events have ``decision == 0``)."""
        return EventLog(self._events, self._marks)

    def legal_moves(self):
        """What ``to_act`` may do now: a read-only :class:`~.legal.LegalMoves` list that the game keeps current.

        Every call returns the same list, refilled in place after each decision and undo.
        """
        view = self._legal_view
        if view is None:
            view = self._legal_view = LegalMoves(self)
        return view

    def parse_move(self, text):
        """Turn a move's text back into the move; :class:`NotationError` if it is not one."""
        return self.notation.parse(text)

    def play(self, move):
        """Validate and apply one decision (a move or its text); returns the move played.

        An illegal move raises :class:`IllegalMoveError` naming its rule, and the
        game is exactly as before. A move object taken from :meth:`legal_moves` of this position
        is recognised by identity and played without further checks (the fast path of bots and playouts).
        """
        # a move taken from the legal moves already listed (as bots and playouts take them) is legal and well
        # formed: found by identity (no move hashed or compared), it skips the checks; a plain loop, as the
        # random pick is near the front of short lists and building map() and repeat() cost more
        for listed in self._legal_cache or ():
            if listed is move:
                break
        else:
            move = self._checked(move)
        self._history.append(move)
        self._marks.append(len(self._events))  # (where this decision's events begin: see EventLog)
        self._legal_cache = self._legal_set_cache = None
        try:
            self._apply(move)
        except BaseException:
            self._rebuild(self._history[:-1])
            raise
        if self._legal_view is not None:  # the legal moves handed out answer for the new position
            _CLEAR(self._legal_view)
            _EXTEND(self._legal_view, self._legal_cache or self._legal_list())
        if _OBSERVERS.data and self in _OBSERVERS:  # type: ignore[attr-defined]  # (its dict: the fastest test)  # playouts with no view pay one truth test of a dict
            self._notify("play")
        return move

    def describe(self, move):
        """What a legal move (or its text) does here, as a :class:`MoveNote`: the rule it applies, a sentence and
        the words of its button.

        Written by each game from its rules, never by playing the move (a tooltip must not tell what a draw will
        draw); the tests hold the rule to the first rule the engine cites when the move is played. An illegal
        move raises the kit's :class:`IllegalMoveError`, as :meth:`play` does.
        """
        move = self._checked(move)
        described = self._describe(move)
        return MoveNote(described[0], described[1], described[2] if len(described) == 3 else str(move))

    def _describe(self, move: Move) -> tuple[str | None, str] | tuple[str | None, str, str]:
        doc = (type(move).__doc__ or "").strip().split("\n")[0]
        return None, doc or str(move)

    def question(self):
        """Who is to act and what they decide, in words (a board's question line); ``None`` once the game is over.

        Examples
        --------
        >>> from greatwall_kit import new_game
        >>> new_game("the_great_wall", players=2, seed=1).question()
        'Crane to act: keep one of the Generals dealt to them'
        """
        to_act = self.to_act
        if to_act is None:
            return None
        what = self._question()
        return f"{self.player_names[to_act]} to act" + (f": {what}" if what else "")

    def _question(self) -> str | None:
        """What the player to act decides, as the words after "Red to act: " (``None``: the game does not say)."""
        return None

    def _checked(self, move):
        """The move ``move`` (a move or its text) stands for, if it is legal now; else the kit's error."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise NotationError(f"{quote(move)} is not a move or a move's text")
        else:
            # a hand-built Single(True) or Single(1.0) would compare equal to Single(1)
            for name in move.__match_args__:  # type: ignore[attr-defined]  # (every move is a dataclass)
                if getattr(move, name).__class__ not in _FIELD_TYPES:
                    raise NotationError(f"{move!r}: {name} must be a whole number, a word or None")
        if self._to_act() is None:
            raise IllegalMoveError(move, "KIT-01", "the game is over")
        if not self._is_legal(move):
            rule, reason = self._explain(move)
            raise IllegalMoveError(move, rule, reason)
        return move

    def replay(self, moves):
        """Play a sequence of moves (values or texts) in order; returns the game."""
        if isinstance(moves, (str, Move)) or not hasattr(moves, "__iter__"):  # a text would be played letter by letter
            raise NotationError(f"replay takes a list of moves (or their texts), not {quote(moves)}")
        for move in moves:
            self.play(move)
        return self

    def undo(self, steps=1):
        """Take back the last ``steps`` decisions (rebuilding from the recorded moves)."""
        given, steps = steps, _whole(steps)
        if steps is None or not 0 <= steps <= len(self._history):
            raise GreatWallError(f"cannot undo {quote(given)} decision(s): {len(self._history)} played")
        if steps:
            self._rebuild(self._history[: len(self._history) - steps])
            self._notify("undo")

    def copy(self):
        """An independent copy of the game (for bots that look ahead); observers are not copied.

        A fast deep copy (see :mod:`greatwall_kit.engine.cloning`): moves, events and other
        frozen values are shared, everything that can change is copied.
        """
        return clone(self)

    def observe(self, callback):
        """Call ``callback(game, change)`` after every decision played (``"play"``) and every undo (``"undo"``).

        Board views subscribe here, so a move played by code in another cell redraws them.
        Returns a function that ends the subscription. An observer that raises is reported
        with a warning and never undoes the move.

        Examples
        --------
        >>> from greatwall_kit import new_game
        >>> game, seen = new_game("great_wall_of_china", seed=1), []
        >>> stop = game.observe(lambda g, change: seen.append((change, len(g.history))))
        >>> _ = game.play(game.legal_moves()[0]); game.undo(); stop(); _ = game.play(game.legal_moves()[0])
        >>> seen
        [('play', 1), ('undo', 0)]
        """
        callbacks = _OBSERVERS.setdefault(self, [])
        callbacks.append(callback)

        def stop():
            if callback in callbacks:
                callbacks.remove(callback)
        return stop

    def position_at(self, decisions=None, *, event=None):
        """A replayed copy of this game for looking back: the game is not changed.

        Give ``decisions`` (the position after that many decisions) or ``event`` (an index into
        ``log``: the position at the moment that event was recorded, part-way through a decision
        when the rules record several events for it, e.g. right after a Breach before the next
        Year starts). A copy taken part-way through a decision is only for looking at: it cannot
        be played on, undone or saved. A new game's set-up is no such moment: its events before
        the last one have no position to show.

        Examples
        --------
        >>> from greatwall_kit import new_game
        >>> game = new_game("great_wall_of_china", seed=1).replay(["draw", "draw"])
        >>> game.position_at(1).history == game.history[:1], game.position_at(event=len(game.log) - 1).history
        (True, (Draw(), Draw()))
        >>> game.position_at(3)
        Traceback (most recent call last):
        ...
        greatwall_kit.engine.errors.GreatWallError: no position after 3 decisions: 2 have been played
        """
        if (decisions is None) == (event is None):
            raise GreatWallError("give either decisions or event")
        if event is None:
            given, decisions = decisions, _whole(decisions)
            if decisions is None or not 0 <= decisions <= len(self._history):
                raise GreatWallError(f"no position after {quote(given)} decisions: {len(self._history)} have been "
                                     "played")
            return self._replayed(self._history[:decisions])
        given, event = event, _whole(event)
        if event is None or not 0 <= event < len(self.log):
            raise GreatWallError(f"no event {quote(given)}: the log holds {len(self.log)}")
        made = self.log[event].decision
        last_of_decision = event + 1 == len(self.log) or self.log[event + 1].decision != made
        if last_of_decision:
            return self._replayed(self._history[:made])
        if made == 0 and self._start is None:  # (a teaching position's own resolutions do have positions)
            raise GreatWallError(f"event {event} is part of the set-up ({self.log[event].sentence}): the game has no "
                                 "position to look at until the set-up ends; position_at(0) shows it then")

        def pausing_log_into(game, events, marks):  # (a log that stops the rules after that event)
            game._events, game._marks = _PausingLog(events), marks
            game._events.length = event + 1

        if made == 0:  # part-way through the set-up (or a teaching position's own resolutions)
            fresh = type(self).__new__(type(self))
            setattr(fresh, "_log_into", types.MethodType(pausing_log_into, fresh))  # noqa: B010 - (its __init__ starts the log)
            setattr(fresh, "_documents_checked", True)  # noqa: B010 - not a slot: a subclass instance has a __dict__
            try:
                type(fresh).__init__(fresh, self.players, self.seed, start=self._start,
                                     **dataclasses.asdict(self.options))
            except _Paused:
                pass
            del fresh._log_into
        else:
            fresh = self._replayed(self._history[:made - 1])
            pausing_log_into(fresh, fresh._events, fresh._marks)
            fresh._history.append(self._history[made - 1])
            fresh._marks.append(len(fresh._events))
            fresh._legal_cache = fresh._legal_set_cache = None
            try:
                fresh._apply(self._history[made - 1])
            except _Paused:
                pass
        fresh._log_into(fresh._events, fresh._marks)
        return fresh.looking_only()

    def looking_only(self):
        """This game made read-only, for looking at (``play``, ``undo``, ``replay`` and ``to_json`` refuse);
        returns it. Positions part-way through a decision and the positions after rule steps are such copies.

        >>> from greatwall_kit import new_game
        >>> new_game("great_wall_of_china", seed=1).looking_only().play("draw")
        Traceback (most recent call last):
        ...
        greatwall_kit.engine.errors.GreatWallError: this copy shows a moment part-way through a decision or a rule step; ...
        """  # noqa: E501 - doctest output is compared as printed
        for name in ("play", "undo", "replay", "to_json"):
            setattr(self, name, _refuse_paused)
        return self

    def view(self, player=None):
        """What ``player`` may see (``None``: a spectator), as a JSON-able dict.

        ``view["public"]`` is the same for every viewer; ``view["private"]`` is what only
        this player knows (their hand, a peeked counter); the log is filtered to the
        events this viewer may see.
        """
        if player is not None:
            given, player = player, _whole(player)
            if player is None or player not in range(self.players):
                raise GreatWallError(f"no player {quote(given)} in a {self.players}-player game")
        public, private = self._view(player)
        return {
            "game": self.name,
            "viewer": player,
            "to_act": self._to_act(),
            "decisions": len(self._history),
            "public": public,
            "private": private if player is not None else {},
            "log": self._visible_sentences(player),
        }

    def _visible_sentences(self, player):
        """The sentences of the events ``player`` may see, oldest first, as a new list.

        Bots ask for a view at every decision, so each event's sentence is written and its visibility tested once
        per game and viewer, not once per view (a long game would cost time growing with its square).
        """
        log, said = self.log, self._said
        if said is None or said[0] is not self._events:  # a new log (a sampled world starts one) starts afresh
            said = self._said = (self._events, {})
        seen: Any = said[1].get(player)
        if seen is None:
            seen = said[1][player] = [0, []]
        done, text = seen
        if done < len(log):
            text.extend([e.sentence for e in log[done:] if e.visible_to(player)])
            seen[0] = len(log)
        return list(text)

    def scores(self):
        """Each player's points now (final once the game is over), as a tuple."""
        return tuple(self._scores())

    def winners(self):
        """The players with the best final result (all tied players); ``()`` while the game goes on."""
        if not self.is_over:
            return ()
        scores = self.scores()
        best = max(scores)
        return tuple(p for p, s in enumerate(scores) if s == best)

    @property
    def result(self):
        """The :class:`Outcome` of a finished game, or ``None`` while it goes on."""
        if not self.is_over:
            return None
        return Outcome(self.scores(), self.winners(), self._end_reason())

    def snapshot(self):
        """The whole truth of the position as a JSON-able dict (hidden parts included).

        Two games in the same position have equal snapshots; saves check it.
        """
        return {
            "to_act": self._to_act(),
            "decisions": len(self._history),
            "rng": hashlib.sha256(repr(self._rng.getstate()).encode()).hexdigest()[:16],
            "state": self._snapshot(),
        }

    def fingerprint(self):
        """A short hash of :meth:`snapshot`."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def log_for(self, player=None):
        """The events ``player`` may see, oldest first."""
        return [e for e in self.log if e.visible_to(player)]

    def to_json(self):
        """The game as a versioned JSON save document (see :mod:`greatwall_kit.engine.savefile`)."""
        from .savefile import dumps

        self._refuse_sampled()
        return dumps(self)

    def graph(self) -> Any:
        """The game's networkx model of the current position.

        Every node carries ``pos`` (an ``(x, y)`` pair for ``nx.draw``), ``label`` and ``colour``;
        :func:`greatwall_kit.engine.graphs.exportable` turns ``pos`` into ``x``/``y`` for GraphML.
        """
        raise NotImplementedError

    def picture(self, *, targets: Mapping[str, str] | None = None, highlight: Any = (), hide: Any = ()) -> str:
        """The board as a deterministic SVG document.

        Parameters
        ----------
        targets : dict, optional
            ``{element key: label}``: board elements to draw as clickable (``data-target``,
            keyboard-focusable, with the label as their accessible name).
        highlight : iterable of str
            Element keys to emphasise (a rule step's pieces, a selected graph node).
        hide : str or iterable of str
            The quiz form: parts of :data:`~greatwall_kit.engine.steps.QUIZ_PARTS` not to draw (totals,
            scores, the status line, verdicts, counts, marks), so a board shown with an exercise does not
            give its answer away. Everything else is drawn as usual.

        Element keys are the ids of the nodes of :meth:`graph` (an edge that is a board
        element names its key in its ``element`` attribute).
        """
        raise NotImplementedError

    def resolutions(self) -> list:
        """The multi-step resolutions so far (a loop, a province scored, a Breach ...), oldest first, as
        :class:`~greatwall_kit.engine.steps.Resolved` records whose ``steps`` follow the rulebook.

        Built on demand from the game's evidence and log; a game without such mechanics has none.
        """
        return []

    def private_lines(self, player: int) -> list[str] | None:
        """What only ``player`` knows, as lines a student reads; ``None``: the view lists the private view's fields."""
        return None

    def move_element(self, move: Move) -> str | None:
        """The key of the board element ``move`` is played on, or ``None`` if it is not a board location."""
        return None

    def _repr_svg_(self):
        return self.picture()

    def __repr__(self):
        state = "over" if self.is_over else f"to_act={self._to_act()}"
        return (f"{type(self).__name__}(players={self.players}, seed={self.seed}, "
                f"decisions={len(self._history)}, {state})")

    # -- helpers for subclasses --------------------------------------------------------------

    @classmethod
    def _check_option_names(cls, options):
        """Refuse option names the game does not have (before they can clash with ``players`` or ``seed``)."""
        if not options:  # (a playout's new games)
            return
        known = [f.name for f in dataclasses.fields(cls.Options)]
        unknown = sorted(str(name) for name in set(options) - set(known))
        if unknown:
            raise SetupError(f"{cls.title} has no such option ({', '.join(unknown)}); options: {', '.join(known)}")

    @classmethod
    def _check_document(cls, doc, kind, error, what):
        """``doc`` in its JSON form, checked against the game's ``schemas/<kind>.schema.json`` if it ships one
        (see :func:`~greatwall_kit.engine.schemas.check`: a tuple is read as a list, ``{5: ...}`` as ``{"5": ...}``)."""
        package = cls.__module__.rpartition(".")[0]
        if has_schema(package, kind):
            return check(doc, (package, kind), error, what)
        return json_form(doc, error, what)

    def _saved_options(self) -> dict:
        """The options as a save writes them: data only (a game whose options name files embeds their content)."""
        return dataclasses.asdict(self.options)

    def _emit(self, sentence, rule=None, private_to=None, **data):
        """Record an event of no declared kind, as a sentence and its data (a game's first draft; the kit's games
        declare every kind of event and append it to ``_events``, so that what reads the log finds events by kind)."""
        self._events.append(_new(Recorded, (Event, sentence, rule, data, private_to)))

    def _record_private(self, event, private_to):
        """Record ``event``, ``(KIND, *values)`` as ``_events`` takes it, for the seats of the tuple ``private_to``
        only (a card dealt face down, a counter peeked at)."""
        # a plain pair the log tells by its first item, a tuple where a public entry's is its kind: a Recorded
        # entry, a subclass of tuple made through tuple.__new__, cost some 2,000 instructions more an event
        self._events.append((event, private_to))

    def _log_into(self, events, marks):
        """Keep the log in the list ``events`` from now on (the rules append to ``_events``), ``marks`` where each
        decision's events begin (see :class:`~.log.EventLog`): a new game's, a copy's, a sampled world's."""
        self._events, self._marks = _log_list(self, events), marks

    def _legal_list(self):
        moves = self._legal_cache
        if moves is None:
            moves = self._legal_cache = self._legal_moves() if self._to_act() is not None else []
        return moves

    def _is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal now; a game may override it with a direct test of the rules.

        A move taken from the legal moves is one of their objects: found by identity (in C, no move hashed or
        compared); any other move, by equality through a set of the legal moves made once per position.
        """
        moves = self._legal_list()
        if id(move) in map(id, moves):
            return True
        if self._legal_set_cache is None:
            self._legal_set_cache = set(moves)
        return move in self._legal_set_cache

    def _replayed(self, moves):
        self._refuse_sampled()
        # options as data: an undo after a layout file was moved or edited rebuilds the same game
        fresh = type(self).__new__(type(self))
        setattr(fresh, "_documents_checked", True)  # noqa: B010 - not a slot: a subclass instance has a __dict__
        type(fresh).__init__(fresh, self.players, self.seed, start=self._start, **self._saved_options())
        for move in moves:
            fresh._history.append(move)
            fresh._marks.append(len(fresh._events))
            fresh._legal_cache = fresh._legal_set_cache = None
            fresh._apply(move)
        return fresh

    def _refuse_sampled(self):
        if self._start is SAMPLED:  # its seed and start are not the game's: rebuilding would make another world
            raise GreatWallError(f"this {self.title} world was sampled for a bot: it starts where it was sampled, so "
                                 "it cannot be undone, looked back on or saved (copy it before a move to go back)")

    def _rebuild(self, moves):
        fresh, view = self._replayed(moves), self._legal_view
        for name in Game.__slots__:
            setattr(self, name, getattr(fresh, name))
        copy_slots(fresh, self, self._slotted_state)
        # every attribute replaced, as an ordinary dict (see instance_dict)
        setattr(self, "__dict__", instance_dict(fresh))  # noqa: B010 - mypy refuses assigning __dict__
        self._dict_made = True
        if view is not None:
            self._legal_view = view
            _CLEAR(view)
            _EXTEND(view, self._legal_list())

    def __getstate__(self):
        # copy.deepcopy (and pickle): the game's dict and its slots; the copy makes its own LegalMoves when asked
        slots = {name: getattr(self, name) for name in Game.__slots__}
        slots.update(_legal_view=None, _said=None, _dict_made=False)
        slots["_events"] = list(self._events)  # (a plain list: the debug mode's is made again when read back)
        slots.update(slot_values(self, self._slotted_state))
        return instance_dict(self), slots

    def __setstate__(self, state):
        attributes, slots = state
        for name, value in slots.items():
            setattr(self, name, value)
        self._log_into(self._events, self._marks)
        set_attributes(self, attributes)  # inline, as in a new game (see cloning.instance_dict)

    def _notify(self, change):
        for callback in list(_OBSERVERS.get(self, ())):
            try:
                callback(self, change)
            except Exception as exc:  # a broken view must not break the game
                warnings.warn(f"an observer of {self!r} failed: {exc!r}", RuntimeWarning, stacklevel=3)

    def _end_reason(self) -> str:
        return "the game is over"

    def _explain(self, move: Move) -> tuple[str, str]:
        return "KIT-02", f"it is not among the {len(self._legal_list())} moves open to player {self._to_act()} now"

    # -- hooks every game implements (see the class docstring) --------------------------------

    @abc.abstractmethod
    def _setup(self) -> None:
        """Deal and place everything for a new game."""

    def _setup_position(self, position: dict) -> None:
        raise PositionError(f"{self.title} does not support set-up positions")

    @abc.abstractmethod
    def _to_act(self) -> int | None:
        """The player who decides now, ``None`` once the game is over."""

    @abc.abstractmethod
    def _legal_moves(self) -> list[Move]:
        """Every move open to the player to act."""

    @abc.abstractmethod
    def _apply(self, move: Move) -> None:
        """Play one legal move and what the rules then do by themselves, recording the events."""

    @abc.abstractmethod
    def _snapshot(self) -> dict:
        """The whole truth of the position, JSON-able."""

    @abc.abstractmethod
    def _view(self, player: int | None) -> tuple[dict, dict]:
        """``(public, private)``: what ``player`` may see."""

    @abc.abstractmethod
    def _scores(self) -> Sequence[int]:
        """Each player's points now."""

    # -- what bots and the simulation lab ask of a game (optional, with defaults) -----------------

    def determinize(self, seat: int, rng: random.Random) -> None:  # noqa: B027 - an optional hook
        """Redraw, in place, everything ``seat`` cannot see, with ``rng`` (``self`` is a copy made for it).

        Bots look ahead only in such worlds (:func:`greatwall_kit.bots.sample_world`, which also clears the
        log, history and start, and gives the copy a seed and generator of its own). Gather the hidden items in a
        canonical (sorted) order before shuffling, so that two games differing only in what ``seat`` cannot see give
        the same sample. Default: the game hides nothing.
        """

    def standing(self) -> list:
        """Each player's score if the position were scored now, by the game's own rules (default: the scores).

        The greedy bot's yardstick and a truncated search's estimate; read only from this world.
        """
        return list(self._scores())

    def material(self) -> list:
        """Each player's stock of the game's own quantities (cards, resources), to break ties between equally
        scored moves (default: zeros)."""
        return [0] * self.players

    def stats(self) -> tuple[dict, list[dict]]:
        """``(per_game, per_seat)``: the game's own statistics of a finished game, read from its log and position:
        a dict of figures about the whole game and one dict per seat; the simulation lab adds them as columns.
        Every figure names what it counts. Default: none.
        """
        return {}, [{} for _ in range(self.players)]

    def _apply_step(self, change: Mapping[str, Any]) -> None:
        """Make a rule step's ``change`` (see :class:`~greatwall_kit.engine.steps.Step`) on this looking-only copy,
        as the position right after that step shows it. Games whose steps change the board implement it."""
        raise NotImplementedError(f"{self.title} does not show the position after a rule step (change {change!r:.80})")


class _Paused(Exception):
    """Stops a replayed decision part-way (see :meth:`Game.position_at`)."""


def _declared_slots(klass):
    """The attribute names a class declares in its own ``__slots__`` (not ``__dict__`` or ``__weakref__``)."""
    slots = klass.__dict__.get("__slots__", ())
    return [slots] if isinstance(slots, str) else [name for name in slots if name not in ("__dict__", "__weakref__")]


def _whole(value):
    """``value`` as an ``int`` if it is a whole number (a numpy integer from a table too), else ``None``.

    A float 1.0 is "in" ``range(2)`` but indexes no list, and ``True`` would be shown as viewer True.

    >>> _whole(2), _whole(True), _whole(1.0), _whole("1")
    (2, None, None, None)
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _refuse_paused(*args, **kwargs):
    raise GreatWallError("this copy shows a moment part-way through a decision or a rule step; it is only for looking "
                         "at (take game.position_at(decisions) to play on from a decision)")
