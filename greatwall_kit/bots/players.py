"""The kit's bots: random, greedy and Monte Carlo tree search, each seeded and deterministic.

A bot is anything with ``choose(view, legal_moves) -> move``, or a plain function
``(view, legal_moves) -> move``. ``view`` is the seat's :class:`~greatwall_kit.bots.seat.SeatView`;
``legal_moves`` is a list of the moves open now. Bots that look ahead do so in sampled worlds
(``view.sample(rng)``), never in the game itself.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from greatwall_kit.engine.errors import GreatWallError, quote
from greatwall_kit.engine.registry import GAMES

from .seat import SeatView
from .value import material, standing

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..engine.protocol import Game

__all__ = ["RandomBot", "GreedyBot", "MCTSBot", "reward", "MEASURED", "MEASURED_SETTINGS"]


class _Seeded:
    """A bot with its own generator; :meth:`fresh` gives a new copy for another game."""

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):  # random.Random would take a text or a float
            raise GreatWallError(f"a bot's seed is a whole number, not {quote(seed, 40)}")
        self.seed = seed
        self.rng = random.Random(seed)

    def fresh(self, seed: int) -> Self:
        """The same bot with a new seed (a tournament gives each game its own)."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.seed, clone.rng = seed, random.Random(seed)
        return clone

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def _check_view(self, view: object) -> None:
        """Refuse a plain ``game.view(seat)`` (a dict): a bot that looks ahead samples worlds from a seat view."""
        if not isinstance(view, SeatView):
            raise GreatWallError(f"{type(self).__name__} looks ahead in worlds sampled from its seat's view: give it "
                                 f"seat_view(game, seat) (play_match and boards do), not {type(view).__name__}")


class RandomBot(_Seeded):
    """Plays a uniformly random legal move.

    It never looks at its view, and says so (``reads_view = False``): :func:`play_match` then hands it
    ``None`` instead of building a view it would not read (most of a random match's time otherwise).

    >>> from greatwall_kit import new_game
    >>> from greatwall_kit.bots import play_match
    >>> play_match(new_game("great_wall_of_china", seed=1), [RandomBot(1), RandomBot(2)]).is_over
    True
    """

    reads_view = False

    def choose(self, view: SeatView | None, legal_moves: Sequence[Move]) -> Move:
        return self.rng.choice(legal_moves)


class GreedyBot(_Seeded):
    """Plays the move with the best immediate gain by the game's own scoring, ties broken at random.

    The gain of a move is the seat's :func:`~greatwall_kit.bots.value.standing` (its score if the
    position were scored now, by the game's own rules) minus the best other player's, right after
    the move and whatever the rules then do by themselves, in one world sampled from the view.
    Moves of equal gain are told apart by the seat's :func:`~greatwall_kit.bots.value.material`
    (cards, Resources, Soldiers), then by the bot's generator.
    """

    def choose(self, view: SeatView, legal_moves: Sequence[Move]) -> Move:
        self._check_view(view)
        if len(legal_moves) == 1:
            return legal_moves[0]
        world, seat = view.sample(self.rng), view.seat
        best, choices = None, []
        for move in legal_moves:
            after = world.copy()
            after.play(move)
            gain = (_margin(standing(after), seat), material(after)[seat])
            if best is None or gain > best:
                best, choices = gain, [move]
            elif gain == best:
                choices.append(move)
        return self.rng.choice(choices)


class _Measured:
    """The default of a search setting: the value measured best for the game played (see :data:`MEASURED`)."""

    def __repr__(self) -> str:
        return "MEASURED"

    def __reduce__(self):
        # a bot sent to a worker process keeps the one MEASURED (its settings are tested with ``is``)
        return "MEASURED"


#: A search setting left to the game's measured value (the default of MCTSBot's settings).
MEASURED = _Measured()

class _MeasuredSettings(Mapping):
    """The search settings measured best for each registered game: its class's ``mcts_settings`` (each game's
    ``game.py`` lists the win rates behind them), read when asked for (listing them imports every game)."""

    def __getitem__(self, name):
        settings = GAMES.game_class(name).mcts_settings if isinstance(name, str) and name in GAMES else None
        if settings is None:
            raise KeyError(name)
        return dict(settings)

    def __iter__(self):
        return (name for name in GAMES if GAMES.game_class(name).mcts_settings is not None)

    def __len__(self):
        return sum(1 for _ in self)

    def __repr__(self):
        return repr(dict(self))


#: The search settings measured best for each game with ``benchmarks/bot_strength.py`` (two players, against
#: GreedyBot): what :class:`MCTSBot` plays with unless it is given others. A read-only mapping from a game's name
#: to its settings; each game declares its own (``mcts_settings`` in the game contract).
MEASURED_SETTINGS = _MeasuredSettings()
#: A game the kit has not measured (a game of your own): plain UCT with whole random playouts.
UNMEASURED: dict[str, Any] = {"playouts": 200, "rollout": None, "expand": "one", "exploration": 0.7}


class MCTSBot(_Seeded):
    """UCT over sampled worlds (single-observer information-set MCTS).

    Every playout samples a world consistent with the view, walks the tree choosing among the
    moves legal in that world by UCB1, adds one node, plays at random and credits each player
    with :func:`reward`. With ``rollout=None`` the random play goes to the end of the game; with
    ``rollout=d`` it stops after ``d`` decisions and credits the position by
    :func:`~greatwall_kit.bots.value.standing` (the game's own scoring applied now, as if the game
    ended there, with the seat's :func:`~greatwall_kit.bots.value.material` as small change): a
    truncated playout costs a fraction of a whole game, and its estimate is not drowned in the
    noise of dozens of random moves, so the same time buys more and better playouts. A truncated
    search starts each root move at that estimate right after it (what the greedy bot knows).

    With ``expand="all"`` a playout that reaches a new position adds *all* its moves at once, each
    at its estimate, and follows the mover's best: every player's greedy reply is met first, and
    the search looks deeper only where the playouts say it matters. It costs a copy per move of
    each new position, and pays where a move's worth shows only after the other players reply
    (Great Wall of China: a section led now is lost if the next player outbids it).

    **Strong by default.** Every setting left out is the one measured best for the game the bot is
    asked to play (:data:`MEASURED_SETTINGS`, from ``benchmarks/bot_strength.py``): ``MCTSBot()``
    plays 200 playouts of 4 random decisions in Chang Cheng, 30 of 4 in Dschingis Khan, 100 playouts
    with ``rollout=0, expand="all", exploration=0.3`` in Great Wall of China and 30 whole playouts in
    The Great Wall, and wins 80 to 94 % of two-player games against :class:`GreedyBot`; :meth:`settings`
    says which. A setting given is kept: ``MCTSBot(playouts=5)`` thinks less, with the game's other
    measured settings.

    Parameters
    ----------
    seed : int
        Seed of the bot's generator: with a ``playouts`` budget, choices are reproducible.
    playouts : int, optional
        Playouts per decision (default: the game's measured budget, unless ``seconds`` is given).
    seconds : float, optional
        Thinking time per decision instead (choices then depend on the machine's speed).
    exploration : float, optional
        The UCB1 constant.
    rollout : int or None, optional
        Random decisions per playout before the position is scored by ``standing``; ``None``: to the end.
    expand : {"one", "all"}, optional
        Add one random new move per playout (plain UCT), or all moves of a new position at their
        estimates (with a game whose measured playouts go to the end, ``expand="all"`` scores new
        positions as they stand: ``rollout=0``).

    Examples
    --------
    >>> MCTSBot(seed=1)
    MCTSBot(seed=1)
    >>> MCTSBot().settings("great_wall_of_china")
    {'playouts': 100, 'seconds': None, 'rollout': 0, 'expand': 'all', 'exploration': 0.3}
    >>> MCTSBot(playouts=5).settings("the_great_wall")
    {'playouts': 5, 'seconds': None, 'rollout': None, 'expand': 'one', 'exploration': 0.7}
    """

    def __init__(self, seed: int = 0, playouts: int | None = None, seconds: float | None = None,
                 exploration: float | _Measured = MEASURED, rollout: int | _Measured | None = MEASURED,
                 expand: str | _Measured = MEASURED) -> None:
        super().__init__(seed)
        if playouts is not None and seconds is not None:
            raise GreatWallError("give playouts or seconds, not both")
        if playouts is not None and (isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1):
            raise GreatWallError(f"playouts must be a positive whole number, not {quote(playouts)}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not seconds > 0):
            raise GreatWallError(f"seconds must be positive, not {quote(seconds)}")
        if exploration is not MEASURED and (isinstance(exploration, bool) or not isinstance(exploration, (int, float))
                                            or not 0 <= exploration < math.inf):
            raise GreatWallError(f"exploration must be a number, 0 or more, not {quote(exploration)}")
        if rollout is not MEASURED and rollout is not None and (isinstance(rollout, bool)
                                                                  or not isinstance(rollout, int) or rollout < 0):
            raise GreatWallError(f"rollout must be a whole number of decisions or None, not {quote(rollout)}")
        if expand is not MEASURED and expand not in ("one", "all"):
            raise GreatWallError(f"expand must be 'one' or 'all', not {quote(expand)}")
        if expand == "all" and rollout is None:
            raise GreatWallError("expand='all' scores positions as they stand: give a rollout length (0 or more)")
        self.playouts, self.seconds, self.exploration, self.rollout = playouts, seconds, exploration, rollout
        self.expand = expand

    def settings(self, game: str) -> dict[str, Any]:
        """The search settings this bot plays ``game`` (a game's name) with: those given, the rest measured.

        Returns ``{"playouts", "seconds", "rollout", "expand", "exploration"}``.
        """
        measured = MEASURED_SETTINGS.get(game) or UNMEASURED
        out = {"playouts": self.playouts, "seconds": self.seconds}
        if self.playouts is None and self.seconds is None:
            out["playouts"] = measured["playouts"]
        for name in ("rollout", "expand", "exploration"):
            given = getattr(self, name)
            out[name] = measured[name] if given is MEASURED else given
        if out["expand"] == "all" and out["rollout"] is None:
            out["rollout"] = 0
        return out

    def __repr__(self) -> str:
        given = [f"{name}={value!r}" for name, value in (("playouts", self.playouts), ("seconds", self.seconds),
                                                          ("rollout", self.rollout), ("expand", self.expand),
                                                          ("exploration", self.exploration))
                 if value is not MEASURED and (value is not None or name == "rollout")]
        return f"MCTSBot(seed={self.seed}{''.join(', ' + g for g in given)})"

    def choose(self, view: SeatView, legal_moves: Sequence[Move]) -> Move:
        self._check_view(view)
        if len(legal_moves) == 1:
            return legal_moves[0]
        s = self.settings(view["game"])
        playouts, rollout, expand = s["playouts"], s["rollout"], s["expand"]
        root, rng, c = _Node(None), self.rng, s["exploration"]
        if rollout is not None and expand == "one":
            self._greedy_prior(root, view, legal_moves)
        deadline = None if s["seconds"] is None else time.perf_counter() + s["seconds"]
        done = 0
        while done < (playouts or math.inf) and (deadline is None or time.perf_counter() < deadline or not done):
            world = view.sample(rng)
            node, path = root, [root]
            # selection: descend while every move legal in this world has been tried, then add one node
            while world.to_act is not None:
                moves = legal_moves if node is root else list(world.legal_moves())
                untried = [m for m in moves if m not in node.children]
                if untried and expand == "all":
                    move = self._expand_all(node, world, untried)
                elif untried:
                    move = rng.choice(untried)
                    node.children[move] = _Node(world.to_act)
                for m in moves:
                    if m in node.children:
                        node.children[m].available += 1
                if not untried:
                    move = max(moves, key=lambda m: node.children[m].ucb(c))
                node = node.children[move]
                world.play(move)
                path.append(node)
                if untried:
                    break
            # simulation: random to the end, or for ``rollout`` decisions and then scored as it stands
            steps = math.inf if rollout is None else rollout
            while world.to_act is not None and steps > 0:
                world.play(rng.choice(world.legal_moves()))
                steps -= 1
            credit = reward(world) if world.is_over else _estimate(world)
            for node in path[1:]:
                node.visits += 1
                node.total += credit[node.player]
            done += 1
        return max(legal_moves, key=lambda m: (root.children[m].visits, root.children[m].total)
                   if m in root.children else (-1, 0))

    def _expand_all(self, node, world, untried):
        """Add every untried move as a child worth its :func:`_estimate` in ``world``; returns the mover's best.

        The search then meets each player's greedy reply first, and looks further only where
        the playouts say it matters.
        """
        mover, best, choices = world.to_act, None, []
        for move in untried:
            after = world.copy()
            after.play(move)
            child = node.children[move] = _Node(mover)
            child.visits, child.total = 1, _estimate(after)[mover]
            if best is None or child.total > best:
                best, choices = child.total, [move]
            elif child.total == best:
                choices.append(move)
        return self.rng.choice(choices)

    def _greedy_prior(self, root, view, legal_moves):
        """Each root move starts with one visit worth its :func:`_estimate` right after it, in one sampled world.

        What the greedy bot knows is then the search's starting point: with few playouts, the
        search refines the greedy choice instead of sampling each move once at random.
        """
        world, seat = view.sample(self.rng), view.seat
        for move in legal_moves:
            after = world.copy()
            after.play(move)
            child = root.children[move] = _Node(seat)
            child.visits = child.available = 1
            child.total = _estimate(after)[seat]


class _Node:
    __slots__ = ("player", "children", "visits", "total", "available")

    def __init__(self, player):
        self.player, self.children, self.visits, self.total, self.available = player, {}, 0, 0.0, 0

    def ucb(self, c):
        # UCB1 over availability counts: a move legal in few sampled worlds is not over-explored
        return self.total / self.visits + c * math.sqrt(math.log(self.available) / self.visits)


def reward(game: Game) -> list[float]:
    """Each player's reward for a finished game, in [0, 1]: a share of the win, plus a little for the score.

    Tied winners share; the score margin (against the best other player) breaks near-ties, so
    a bot still tries in a lost game. A solo game has no rival: its reward follows the score.

    >>> from greatwall_kit import new_game
    >>> from greatwall_kit.engine.playout import play_randomly
    >>> game = new_game("great_wall_of_china", seed=2); _ = play_randomly(game, 2)
    >>> [round(r, 3) for r in reward(game)], game.winners()
    ([0.001, 0.999], (1,))
    """
    return _credit(game.scores(), game.winners())


def _estimate(world):
    """Each player's reward for a position scored as it stands: a smooth function of its :func:`standing` margin."""
    worth = world.material_worth  # points a unit of material is worth (the game contract's hook)
    values = [s + m * worth for s, m in zip(standing(world), material(world), strict=True)]
    if len(values) == 1:
        return _credit(values)
    return [1 / (1 + math.exp(-_margin(values, p) / 5)) for p in range(len(values))]


def _credit(scores, winners=None):
    """:func:`reward` for ``scores``; ``winners`` default to the best scores (a position scored as it stands)."""
    if winners is None:
        winners = [p for p, s in enumerate(scores) if s == max(scores)]
    if len(scores) == 1:
        return [1 / (1 + math.exp(-scores[0] / 10))]
    return [(0.9 / len(winners) if p in winners else 0.0) + 0.1 / (1 + math.exp(-_margin(scores, p) / 5))
            for p in range(len(scores))]


def _margin(scores, seat):
    others = [s for p, s in enumerate(scores) if p != seat]
    return scores[seat] - max(others) if others else scores[seat]
