"""The one protocol every game implements: decisions in, events out.

A game subclasses :class:`Game` and fills in a few small hooks (``_setup``,
``_to_act``, ``_legal_moves``, ``_apply``, ``_explain``, ``_snapshot``,
``_view``, ``_scores``); this base class records the history around them and
gives every game the same ``play``, ``undo``, ``replay``, ``view``, ``to_json``
and conformance guarantees, written once.

A game is fully determined by its player count, seed, options, optional
start position and the moves played: undo and loading rebuild from those.
"""

import copy
import dataclasses
import hashlib
import json
import random
from dataclasses import dataclass

from .errors import IllegalMoveError, NotationError, PositionError, SetupError
from .log import Event
from .moves import Move
from .rules import RuleBook

__all__ = ["Game", "LegalMoves", "Outcome", "KIT_RULES", "game_class"]

KIT_RULES = RuleBook("kit", "greatwall_kit protocol")
KIT_RULES.add("KIT-01", "Decisions", "Once the game is over, no one decides anything more.")
KIT_RULES.add("KIT-02", "Decisions",
              "A decision must be one of the moves the rules offer the player to act at this moment.")

_CLASSES = {}
_FIELD_TYPES = (int, str, type(None))


def game_class(name):
    """The registered :class:`Game` subclass called ``name``; ``KeyError`` if none."""
    return _CLASSES[name]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: final scores, the winners (all tied players), and why it ended."""

    scores: tuple
    winners: tuple
    reason: str


class LegalMoves:
    """A live view of the legal moves of the player to act.

    It always answers for the game's current position (like ``dict.keys()``),
    supports ``in`` (with a move or its text), ``len`` and iteration.
    """

    __slots__ = ("_game",)

    def __init__(self, game):
        self._game = game

    def __iter__(self):
        return iter(self._game._legal_list())

    def __len__(self):
        return len(self._game._legal_list())

    def __getitem__(self, index):
        return self._game._legal_list()[index]

    def __bool__(self):
        return bool(self._game._legal_list())

    def __contains__(self, move):
        if isinstance(move, str):
            try:
                move = self._game.parse_move(move)
            except ValueError:
                return False
        return self._game._is_legal(move)

    def __repr__(self):
        shown = ", ".join(str(m) for m in list(self)[:8])
        more = f", ... ({len(self)} in all)" if len(self) > 8 else ""
        return f"<LegalMoves for player {self._game.to_act}: {shown}{more}>"


class Game:
    """Base class of the four games' states.

    Subclasses set the class attributes ``name``, ``title``, ``player_counts``,
    ``notation`` (a :class:`~greatwall_kit.engine.moves.Notation`) and
    ``Options`` (a frozen dataclass of the game's variants, defaults = rulebook),
    and implement the hooks below.

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
    """

    name = ""
    title = ""
    player_counts = range(2, 5)
    notation = None
    Options = None
    player_names = ("Red", "Green", "Blue", "Violet", "Yellow")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.name:
            _CLASSES[cls.name] = cls

    def __init__(self, players=2, seed=0, *, start=None, **options):
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_counts:
            counts = f"{self.player_counts.start} to {self.player_counts.stop - 1}"
            raise SetupError(f"{self.title} is for {counts} players, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be a whole number, not {seed!r}")
        try:
            self.options = self.Options(**options)
        except TypeError as exc:
            known = ", ".join(f.name for f in dataclasses.fields(self.Options))
            raise SetupError(f"{self.title} has no such option ({exc}); options: {known}") from None
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.log = []
        self._history = []
        self._start = copy.deepcopy(start)
        self._legal_cache = None
        self._legal_set_cache = None
        if start is None:
            self._setup()
        else:
            if not isinstance(start, dict):
                raise PositionError(f"a position must be a dict, not {type(start).__name__}")
            self._setup_position(copy.deepcopy(start))

    @classmethod
    def from_position(cls, position, *, seed=0):
        """Set up a teaching position from a position document (see the game's ``_setup_position``).

        The document's ``"players"`` and ``"options"`` keys choose the player count and variants;
        a position that breaks the rules raises :class:`PositionError`.
        """
        if not isinstance(position, dict):
            raise PositionError(f"a position must be a dict, not {type(position).__name__}")
        options = position.get("options", {})
        if not isinstance(options, dict):
            raise PositionError(f"'options' must be a dict, not {options!r}")
        return cls(position.get("players", 2), seed, start=position, **options)

    # -- the protocol -----------------------------------------------------------------------

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

    def legal_moves(self):
        """A live :class:`LegalMoves` view of what ``to_act`` may do now."""
        return LegalMoves(self)

    def parse_move(self, text):
        """Turn a move's text back into the move; :class:`NotationError` if it is not one."""
        return self.notation.parse(text)

    def play(self, move):
        """Validate and apply one decision (a move or its text); returns the move played.

        An illegal move raises :class:`IllegalMoveError` naming its rule, and the
        game is exactly as before.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise NotationError(f"{move!r} is not a move or a move's text")
        else:
            # a hand-built Single(True) or Single(1.0) would compare equal to Single(1)
            for name in move.__match_args__:
                if getattr(move, name).__class__ not in _FIELD_TYPES:
                    raise NotationError(f"{move!r}: {name} must be a whole number, a word or None")
        if self._to_act() is None:
            raise IllegalMoveError(move, "KIT-01", "the game is over")
        if not self._is_legal(move):
            rule, reason = self._explain(move)
            raise IllegalMoveError(move, rule, reason)
        self._history.append(move)
        self._legal_cache = self._legal_set_cache = None
        try:
            self._apply(move)
        except BaseException:
            self._rebuild(self._history[:-1])
            raise
        return move

    def replay(self, moves):
        """Play a sequence of moves (values or texts) in order; returns the game."""
        for move in moves:
            self.play(move)
        return self

    def undo(self, steps=1):
        """Take back the last ``steps`` decisions (rebuilding from the recorded moves)."""
        if not 0 <= steps <= len(self._history):
            raise ValueError(f"cannot undo {steps} decision(s): {len(self._history)} played")
        if steps:
            self._rebuild(self._history[: len(self._history) - steps])

    def copy(self):
        """An independent copy of the game (for bots that look ahead)."""
        return copy.deepcopy(self)

    def view(self, player=None):
        """What ``player`` may see (``None``: a spectator), as a JSON-able dict.

        ``view["public"]`` is the same for every viewer; ``view["private"]`` is what only
        this player knows (their hand, a peeked counter); the log is filtered to the
        events this viewer may see.
        """
        if player is not None and player not in range(self.players):
            raise ValueError(f"no player {player!r} in a {self.players}-player game")
        public, private = self._view(player)
        return {
            "game": self.name,
            "viewer": player,
            "to_act": self._to_act(),
            "decisions": len(self._history),
            "public": public,
            "private": private if player is not None else {},
            "log": [e.sentence for e in self.log if e.visible_to(player)],
        }

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
            "rng": hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest()[:16],
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

        return dumps(self)

    def graph(self):
        """The game's networkx model of the current position."""
        raise NotImplementedError

    def __repr__(self):
        state = "over" if self.is_over else f"to_act={self._to_act()}"
        return (f"{type(self).__name__}(players={self.players}, seed={self.seed}, "
                f"decisions={len(self._history)}, {state})")

    # -- helpers for subclasses --------------------------------------------------------------

    def _emit(self, sentence, rule=None, private_to=None, **data):
        """Record an event (called by the rules as they fire)."""
        self.log.append(Event(sentence, rule, data, len(self._history), private_to))

    def _legal_list(self):
        if self._legal_cache is None:
            self._legal_cache = self._legal_moves() if self._to_act() is not None else []
        return self._legal_cache

    def _is_legal(self, move):
        """Whether ``move`` is legal now; games may override with a faster direct test."""
        if self._legal_set_cache is None:
            self._legal_set_cache = set(self._legal_list())
        return move in self._legal_set_cache

    def _rebuild(self, moves):
        fresh = type(self)(self.players, self.seed, start=self._start, **dataclasses.asdict(self.options))
        for move in moves:
            fresh._history.append(move)
            fresh._legal_cache = fresh._legal_set_cache = None
            fresh._apply(move)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def _end_reason(self):
        return "the game is over"

    def _explain(self, move):
        return "KIT-02", f"it is not among the {len(self._legal_list())} moves open to player {self._to_act()} now"

    # -- hooks every game implements ---------------------------------------------------------

    def _setup(self):
        raise NotImplementedError

    def _setup_position(self, position):
        raise PositionError(f"{self.title} does not support set-up positions")

    def _to_act(self):
        raise NotImplementedError

    def _legal_moves(self):
        raise NotImplementedError

    def _apply(self, move):
        raise NotImplementedError

    def _snapshot(self):
        raise NotImplementedError

    def _view(self, player):
        raise NotImplementedError

    def _scores(self):
        raise NotImplementedError
