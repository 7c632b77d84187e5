"""The state machine of Dschingis Khan: its state, set-up, and the agenda of jobs and decisions.

A turn runs: (re-enter the scout if it is off the board) -> take 2 pieces, one decision each -> place:
either walls one at a time, or scout steps each followed by the choice of tile to lay, or take a blocked
scout off the board. The jobs (``_job_<name>``) and decisions (``_moves_<kind>``, ``_on_<kind>``), in the
order of play:

=================  =========================================================================================
``setup_hand``     a player draws two tiles (DK-04) and decides ``setup``: each tile's village, then the scout's
``supplies``       everyone takes the first active supply (DK-05); the first ``turn`` follows
``turn``           a turn begins (DK-06); a scout off the board first decides ``enter`` (DK-10)
``take``           decides ``take``, one piece at a time (DK-07, DK-08, DK-30), then ``place``
``place``          decides ``place`` (DK-09): the first wall (then ``walls``), the first scout step (then ``lay``
                   and ``move``), discarding, retreating or passing (DK-16, DK-19); or ends the turn
``walls``          decides ``walls`` while walls are in hand and a line fits (DK-20, DK-21)
``end_turn``       the next player's ``turn``, or the ``score`` after the final round (DK-28)
``score``          every village scores (DK-31 to DK-36): the game is over
=================  =========================================================================================

The placing step's jobs and decisions are the phase mixin :class:`.placing.Placing`. Why an illegal decision is
refused is answered in :mod:`.legality`; what a player sees, in :mod:`.views`.
"""

from ..engine.agenda import AgendaGame
from ..engine.errors import SetupError
from . import events as ev
from . import figures, hidden
from .changes import apply_change
from .graph import graph
from .lattice import board_named
from .legality import DECISIONS, describe, refusal
from .moves import NOTATION, TAKE_TILE, TAKE_WALL, Start, Wall, board_moves, named, parse, typed
from .picture import move_element, picture
from .placing import Placing
from .position import setup_position, snapshot
from .procedure import resolutions
from .rules import Options
from .scoring import KINDS, PLAYER_NAMES, TILE_SET, score_board
from .scouts import can_move
from .sides import SIDE_NAMES, start_sides
from .views import view
from .walls import Resolution, WallNetwork

__all__ = ["DschingisKhan", "new_game"]

# the jobs as the agenda holds them (made once)
_SUPPLIES, _TURN, _TAKE, _PLACE, _SCORE = ("supplies",), ("turn",), ("take",), ("place",), ("score",)


class DschingisKhan(Placing, AgendaGame):
    """*Dschingis Khan: Bewegung an der Großen Mauer* on the engine protocol.

    Decisions (one choice each; ``to_act`` says who decides):

    - set-up: ``start <village> <tile>`` twice, then ``scout <village>`` (DK-04);
    - a scout off the board first comes back: ``enter <village>`` (DK-10);
    - take supplies: ``take wall`` / ``take tile``, twice (DK-07);
    - place: ``wall (x,y)-(x,y)`` one at a time (DK-20), or scout steps ``track <village>``,
      ``gate (x,y)-(x,y)``, ``climb (x,y)-(x,y) (x,y)-(x,y) <village>`` (DK-12 to DK-14) each
      followed by ``lay <tile>`` (DK-11); ``discard`` (DK-16), ``retreat`` (DK-19) or ``pass``
      when the scout is blocked.

    Lines are named by their two towers, as the board draws them (``(2,2)-(2,3)``); a line's
    number, the older form (``wall 37``), is read too.

    Positions: see :mod:`greatwall_kit.dschingis_khan.position` for the document format.

    Examples
    --------
    >>> game = DschingisKhan(players=2, seed=1)
    >>> game.to_act, game.phase
    (0, 'setup')
    >>> game.play(game.legal_moves()[0])
    Start(village=0, tile='chinese')
    """

    name = "dschingis_khan"
    title = "Dschingis Khan: Bewegung an der Großen Mauer"
    player_counts = range(2, 5)
    notation = NOTATION
    Options = Options
    player_names = PLAYER_NAMES

    #: MCTSBot's settings, measured best with ``benchmarks/bot_strength.py`` (two players, against GreedyBot, 100 or
    #: 200 seat-rotated games per candidate; win rates of MCTS, the best first): 30 playouts of 4 decisions 83 %;
    #: 100 of 4: 82 %; 60 whole: 79 %; 30 whole: 64 %.
    mcts_settings = {"playouts": 30, "rollout": 4, "expand": "one", "exploration": 0.7}  # noqa: RUF012 - a ClassVar Game declares, read only

    # -- set-up ---------------------------------------------------------------------------------

    def _common_setup(self, board):
        """The state every game starts from, a new one or a teaching position's (see :mod:`.position`)."""
        self.board = board
        self.made = board_moves(board)
        n, players = len(board.villages), self.players
        self.stacks = [[] for _ in range(n)]
        self.scout = [-1] * players
        self.active_tiles = [[] for _ in range(players)]
        self.active_walls = [0] * players
        self.discarded = [[] for _ in range(players)]
        self.out_of_game = 0
        self.current = 0
        self.taken = 0
        self.visited = []
        self.setup_hand = []
        self.setup_first = self.setup_second = -1
        self.trigger = None
        self.final_left = None
        self.scored = None   # once the game is over: (village, controller, points) of each village scored so far

    def _setup(self):
        board = board_named(self.options.layout)
        if len(board.villages) < 4 * self.players:
            raise SetupError(f"a board of {len(board.villages)} villages is too small for {self.players} players "
                             f"(at least {4 * self.players})")
        self._common_setup(board)
        self.net = WallNetwork(self.board)
        self.sides = list(start_sides(self.board))
        self.supply = self.board.walls - self.net.length
        self._events.append((ev.WALL_STANDS, self.net.length, board.describe_tower(self.net.west_end),
                             board.describe_tower(self.net.east_end), self.supply))
        self.passive = []
        for _ in range(self.players):
            tiles = [k for k in KINDS for _ in range(TILE_SET[k])]
            self.rng.shuffle(tiles)
            self.passive.append(tiles)
        self._events.append((ev.SHUFFLED,))
        self._begin(("setup_hand", 0))

    @property
    def phase(self):
        """The step of play now: the kind of decision asked for (``"setup"``, ``"enter"``, ``"take"``,
        ``"place"``, ``"walls"``, ``"move"``, ``"lay"``), or ``"over"``."""
        prompt = self.prompt
        return "over" if prompt is None else prompt[0]

    # -- the set-up decisions (DK-04, DK-05) ----------------------------------------------------------

    def _job_setup_hand(self, p):
        self.current = p
        self.setup_hand = [self.passive[p].pop(), self.passive[p].pop()]
        self._events.append((ev.SETUP_DRAWN, self.player_names[p]))
        self._record_private((ev.SETUP_SEEN, list(self.setup_hand), self.player_names[p]), (p,))
        self._ask("setup", p)

    def _moves_setup(self, p, context):
        hand = self.setup_hand
        if not hand:
            scout = self.made.scout
            return [scout[self.setup_first], scout[self.setup_second]]
        kinds = [k for k in KINDS if k in hand]
        start = self.made.start
        if self.setup_first < 0:
            return [start[v][k] for v in self._setup_pairs() for k in kinds]
        return [start[v][k] for v in self._setup_partners(self.setup_first) for k in kinds]

    def _on_setup(self, p, context, move):
        if type(move) is Start:
            self.setup_hand.remove(move.tile)
            self.stacks[move.village].append((p, move.tile))
            self._events.append((ev.SETUP_LAID, move.village, self.player_names[p]))
            self._record_private((ev.SETUP_TILE, move.village, move.tile), (p,))
            if self.setup_first < 0:
                self.setup_first = move.village
            else:
                self.setup_second = move.village
            self._ask("setup", p)
            return
        self.scout[p] = move.village
        self._events.append((ev.SCOUT_PLACED, move.village, self.player_names[p]))
        self.setup_first = self.setup_second = -1
        self._push(("setup_hand", p + 1) if p + 1 < self.players else _SUPPLIES)

    def _setup_pairs(self):
        """Empty villages with a set-up partner (see :meth:`_setup_partners`), in village order: one pass over
        the tracks instead of a look round every village."""
        stacks, state, sides, found = self.stacks, self.net.state, self.sides, set()
        for line, v, w in self.board.tracks:
            if line not in state and not stacks[v] and not stacks[w] and sides[v] == sides[w]:
                found.add(v)
                found.add(w)
        return sorted(found)

    def _setup_partners(self, v):
        """Empty villages joined to village ``v`` by a track on the same side."""
        stacks, state, sides = self.stacks, self.net.state, self.sides
        return [w for line, w, track in self.board.neighbours[v]
                if track and line not in state and not stacks[w] and sides[w] == sides[v]]

    def _job_supplies(self):
        for p in range(self.players):
            for _ in range(2):
                self.active_tiles[p].append(self.passive[p].pop())
            self.active_walls[p] = 2
            self.supply -= 2
            self._events.append((ev.SUPPLIED, self.player_names[p]))
            self._record_private((ev.HOLDS, list(self.active_tiles[p]), self.player_names[p],
                                  ", ".join(self.active_tiles[p])), (p,))
        self.current = 0
        self._push(_TURN)

    # -- a turn: the scout back, taking supplies (DK-06 to DK-10, DK-28, DK-30) ----------------------------

    def _job_turn(self):
        p = self.current
        self.taken = 0
        self.visited = []
        self._events.append((ev.TURN, p, self.player_names[p]))
        if self.scout[p] < 0:
            self._ask("enter", p)
        else:
            self.visited = [self.scout[p]]
            self._push(_TAKE)

    def _moves_enter(self, p, context):
        enter = self.made.enter
        return [enter[v] for v in self._entry_villages()]

    def _on_enter(self, p, context, move):
        self.scout[p] = move.village
        self._events.append((ev.SCOUT_BACK, move.village, self.player_names[p]))
        self.visited = [move.village]
        self._push(_TAKE)

    def _entry_villages(self):
        """Where a scout off the board may come back (DK-10)."""
        p = self.current
        others = {s for q, s in enumerate(self.scout) if q != p and s >= 0}
        own = []
        for v, stack in enumerate(self.stacks):
            if stack and stack[-1][0] == p and v not in others:
                if can_move(self.board, self.net, self.sides, v, others | {v},
                            options=self.options):
                    own.append(v)
        if own:
            return own
        empty = [v for v, stack in enumerate(self.stacks) if not stack and v not in others]
        return empty or [v for v in range(len(self.stacks)) if v not in others]

    def _job_take(self):
        p = self.current
        moves = self._moves_take(p, None) if self.taken < 2 else []
        if moves:
            self._ask("take", p, None, moves)
            return
        if self.taken < 2:
            self._events.append((ev.TOOK_WHAT_THERE_IS if self.taken else ev.NOTHING_TO_TAKE, self.player_names[p]))
        self._push(_PLACE)

    def _moves_take(self, p, context):
        out = []
        if self.supply and self.active_walls[p] < 4:
            out.append(TAKE_WALL)
        if self.passive[p] and len(self.active_tiles[p]) < 4:
            out.append(TAKE_TILE)
        return out

    def _on_take(self, p, context, move):
        name = self.player_names[p]
        if move.piece == "wall":
            self.supply -= 1
            self.active_walls[p] += 1
            self._events.append((ev.TOOK_WALL, "wall", name))
        else:
            tile = self.passive[p].pop()
            self.active_tiles[p].append(tile)
            self._events.append((ev.TOOK_TILE, "tile", name))
            self._record_private((ev.DREW, tile, name), (p,))
        self.taken += 1
        if self.trigger is None and (self.supply == 0) + self.passive.count([]) >= 2:  # (an empty passive is [])
            self.trigger = p
            self.final_left = self.players + 1
            self._events.append((ev.END_ANNOUNCED, p, name))
        self._push(_TAKE)

    # -- the end of a turn, the final round and the scoring (DK-28, DK-31 to DK-36) -------------------------

    def _job_end_turn(self):
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left == 0:
                self._push(_SCORE)
                return
        self.current = (self.current + 1) % self.players
        self._push(_TURN)

    def _job_score(self):
        self._end()
        scored, totals = score_board(self.stacks, self.sides, self.players)
        self.scored = []
        self._events.append((ev.FINAL_ROUND_OVER,))
        for s in scored:
            self.scored.append((s.village, s.controller, s.points))
            self._events.append((ev.VILLAGE_SCORED[s.case], s.village, s.points, SIDE_NAMES[s.side], s.case,
                                 self.player_names[s.controller]))
        self._events.append((ev.FINAL_SCORES, totals,
                             ", ".join(f"{self.player_names[p]} {t}" for p, t in enumerate(totals))))

    # -- the contract's other hooks, each answered in its room -------------------------------------------

    def _is_legal(self, move):
        # a wall is tested by the rules directly: listing every line that fits costs more than testing one
        if type(move) is Wall and self.prompt is not None and self.prompt[0] in ("place", "walls"):
            return (type(move.line) is int and bool(self.active_walls[self.current])
                    and self.net.refusal(move.line) is None)
        return super()._is_legal(move)

    def _checked(self, move):
        """As :meth:`Game._checked`, for a move not taken from the listed legal moves; a move value whose fields
        are not of their types raises :class:`NotationError` (e.g. ``Wall(None)``, which ``board.line_between``
        gives for towers that are not neighbours). A move built by hand is refused as given (the message quotes
        it) and played as the board's own, so the history names its lines by their towers."""
        return named(super()._checked(typed(move)), self.made)

    def _explain(self, move):
        return refusal(self, move)

    def _describe(self, move):
        return describe(self, move)

    def _question(self):
        assert self.prompt is not None  # question() asks only while a player is to act
        return DECISIONS.get(self.prompt[0])

    def _snapshot(self):
        return snapshot(self)

    def _setup_position(self, doc):
        setup_position(self, doc)

    def _view(self, player):
        return view(self, player)

    def _scores(self):
        return score_board(self.stacks, self.sides, self.players)[1]

    def _end_reason(self):
        who = self.player_names[self.trigger] if self.trigger is not None else "nobody"
        return f"two supplies ran out ({who} announced the end) and the final round was played"

    def _apply_step(self, change):
        """Make a rule step's ``change`` on this looking-only copy (see :mod:`.changes`)."""
        apply_change(self, change)

    def determinize(self, seat, rng):
        hidden.determinize(self, seat, rng)

    def stats(self):
        return figures.stats(self)

    # -- inspection --------------------------------------------------------------------------------

    @property
    def last_resolution(self):
        """The :class:`~greatwall_kit.dschingis_khan.walls.Resolution` of the latest loop or new end, or None."""
        walls = [r.evidence for r in self.resolutions() if isinstance(r.evidence, Resolution)]
        return walls[-1] if walls else None

    def resolutions(self):
        """Every loop and new end resolved and every scout's path so far, then (once the game is over) every
        village scored, in the order of the log, as
        :class:`~greatwall_kit.engine.steps.Resolved` records whose ``steps`` replay the rulebook's procedure.

        Each step that changes the board has the position after it (``step.after``): a loop's new piece placed,
        the shorter route and the pieces it cuts off removed, the new route made part of the Great Wall, the
        pieces back in the supply, each enclosed village turned to its new side; a scout moving village by
        village, closing the pieces it passes, a tile laid face down on each village; each village's points
        added to its controller's score.

        Examples
        --------
        >>> from greatwall_kit.engine.playout import play_randomly
        >>> game = DschingisKhan(players=2, seed=3)
        >>> play_randomly(game, seed=3) > 0
        True
        >>> first = game.resolutions()[0]
        >>> print(first.title); print(first.steps[0])
        Loop closed by (3,3)-(3,4)
        An open wall is placed on (3,3)-(3,4): it closes a loop with the Great Wall. [DK-22]
        >>> [first.before.supply, first.after(-1).supply], first.after(-1).picture() == game.position_at(
        ...     event=first.end).picture()
        ([9, 10], True)
        """
        return resolutions(self)

    def village_scores(self):
        """The :class:`~greatwall_kit.dschingis_khan.scoring.VillageScore` of every controlled village now."""
        return score_board(self.stacks, self.sides, self.players)[0]

    def side(self, village):
        """``'Mongolia'`` or ``'China'``."""
        return SIDE_NAMES[self.sides[village]]

    def graph(self):
        """The layered networkx model: tower lattice with walls, village graph with tracks and sides."""
        return graph(self)

    def picture(self, *, targets=None, highlight=(), hide=()):
        """The board as a deterministic SVG document, public information only (tile kinds stay hidden).

        Parameters
        ----------
        targets : dict, optional
            ``{element key: label}``: villages ``v<n>``, towers ``t<n>`` or lines ``l<line>`` to draw as
            clickable (``data-target``, keyboard-focusable, named by the label).
        highlight : iterable of str or mapping
            Keys to outline (``"focus"``), or ``{key: mark}`` with a mark of
            :data:`greatwall_kit.engine.steps.MARKS`.
        hide : str or iterable of str
            The quiz form: parts of :data:`greatwall_kit.engine.steps.QUIZ_PARTS` left out (what each part is on
            this board: :mod:`greatwall_kit.dschingis_khan.picture`).

        Examples
        --------
        >>> game = new_game(seed=1)
        >>> svg = game.picture(targets={"v3": "start 3 farmer"}, highlight={"l20": "added"})
        >>> 'data-target="v3"' in svg, 'role="group"' in svg, ">(2,3)<" in svg
        (True, True, True)
        >>> "Great Wall: 9 pieces" in svg, "Great Wall: 9 pieces" in game.picture(hide=["counts", "status"])
        (True, False)
        >>> game.picture(hide="answers")
        Traceback (most recent call last):
        ...
        greatwall_kit.engine.errors.GreatWallError: a picture can hide totals, scores, status, verdicts, counts, marks, not 'answers'
        """  # noqa: E501 - doctest output is compared as printed
        return picture(self, targets, highlight, hide)

    def move_element(self, move):
        """The board element a move is played on (see :func:`.picture.move_element`).

        >>> from greatwall_kit.dschingis_khan.moves import Take
        >>> game = new_game(seed=1)
        >>> game.move_element(Start(4, "farmer")), game.move_element(Wall(20)), game.move_element(Take("wall"))
        ('v4', 'l20', None)
        """
        return move_element(self, move)

    def parse_move(self, text):
        """A move from its text. Lines are named by their two towers, either first (``wall (2,2)-(2,3)``,
        ``gate (2,3)-(3,3)``, ``climb (3,2)-(3,3) (3,1)-(3,2) 10``), or by their numbers, the older form
        (``wall 37``): saves written before still load.

        >>> game = new_game(seed=1)
        >>> game.parse_move("wall (2,3)-(2,2)") == game.parse_move("wall 37"), str(game.parse_move("wall 37"))
        (True, 'wall (2,2)-(2,3)')
        >>> game.parse_move("wall (2,2)-(3,3)")
        Traceback (most recent call last):
        ...
        greatwall_kit.engine.errors.NotationError: 'wall (2,2)-(3,3)': towers (2,2) and (3,3) are not neighbours, so no line joins them; expected 'wall (x,y)-(x,y)' or 'wall <line>'
        """  # noqa: E501 - doctest output is compared as printed
        return parse(text, self.made)


def new_game(players=2, seed=0, **options):
    """A new game of Dschingis Khan (see :class:`~greatwall_kit.dschingis_khan.rules.Options` for the variants)."""
    return DschingisKhan(players, seed, **options)
