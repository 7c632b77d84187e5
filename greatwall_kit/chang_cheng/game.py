"""Chang Cheng's state and its agenda: every placement and every card owner's choice is one decision.

A turn is a short list of *jobs* on the agenda (:class:`~greatwall_kit.engine.agenda.AgendaGame`): the placements
of one action, after each block the tower's reservation and the optional peek, the scoring of every province it
completed (which halts the action), the optional neutral block, the map expansion, then the next turn. Jobs that
need no choice run at once; a job that needs one asks for a decision and waits for a move. The phases of play are
mixins of agenda methods: an action in :mod:`.placements`, a province's scoring in :mod:`.province_scoring`, the
end in :mod:`.ending`; this module holds the state, the set-up, the turn and the decisions that end it. Every
other hook is one call to its room: :mod:`.legality`, :mod:`.views`, :mod:`.position`, :mod:`.graph`,
:mod:`.picture`, :mod:`.procedure`, :mod:`.changes`, :mod:`.hidden`, :mod:`.figures`.

Examples
--------
>>> game = ChangCheng(players=2, seed=1)
>>> game.to_act, game.decision, game.legal_moves()[0]
(0, 'first', Single(square=0))
>>> game.play("single 0")
Single(square=0)
>>> game.decision, game.legal_moves()[:2]
('peek', [NoPeek(), Peek(region=0)])
"""

from ..engine import SetupError
from ..engine.agenda import AgendaGame
from ..engine.shuffling import shuffle
from . import changes, figures, graph, hidden, legality, picture, position, procedure, squares, views
from .attributes import ChangChengState
from .board import EMPTY, SINGLE, Wall, load_layout
from .cards import KINDS
from .ending import Ending
from .events import (
    BOARD_ADDED,
    BOARD_LAID,
    EMPEROR_CARDS_ASIDE,
    EVENT_CARDS_SHOWN,
    FIRST_TURN_FULL_ACTION,
    GAME_STARTED,
    NEUTRAL_PLACED,
    NO_NEUTRAL,
    NO_NEUTRAL_FIRST_TURN,
    PASSED,
    PIECES_TAKEN,
    THIRD_EMPEROR_CARD,
    TURN_ORDER,
)
from .moves import BOARD_SIDES, NOTATION, Neutral
from .placements import Placements
from .position import setup_position
from .province_scoring import ProvinceScorings
from .rules import EVENTS, Options
from .scoring import PLAYER_NAMES
from .squares import first_moves, index_squares, neutral_moves

__all__ = ["ChangCheng"]


class ChangCheng(Placements, ProvinceScorings, Ending, AgendaGame):
    """A game of Chang Cheng (see the module docstring and ``rules.BOOK``).

    Attributes read by views and tests: ``wall`` (:class:`~.board.Wall`), ``occ`` (occupant colour per
    square, -1 empty; the neutral colour is ``players``), ``piece``, ``broken``, ``reserved``,
    ``reputation``, ``threat``, ``points``, ``singles``, ``doubles``, ``towers``, ``hand``, ``scored`` (the
    provinces whose scoring is done), ``decision`` and ``ctx`` (the decision asked for and what it is about) and
    ``evidence`` (the scorings so far, as evidence objects).
    """

    # the state's attributes (declared in .attributes) are slots: more than 29 in the instance dict, and CPython 3.11
    # reads every attribute and method of the game on its slow path (see Game._slotted_state)
    __slots__ = tuple(ChangChengState.__annotations__)
    name = "chang_cheng"
    title = "Chang Cheng"
    player_counts = range(2, 5)
    notation = NOTATION
    Options = Options
    player_names = PLAYER_NAMES
    file_options = ("layout",)

    #: MCTSBot's settings, measured best with ``benchmarks/bot_strength.py`` (two players, against GreedyBot, 100 or
    #: 200 seat-rotated games per candidate; win rates of MCTS, the best first): 200 playouts of 4 decisions 94 %;
    #: 100 of 4: 87 % (200 games); 50 of 4: 88 %; 50 of 8: 86 %; 20 of 4: 84 %; 30 whole: 82 %.
    mcts_settings = {"playouts": 200, "rollout": 4, "expand": "one", "exploration": 0.7}  # noqa: RUF012 - a ClassVar Game declares, read only

    # -- set-up -------------------------------------------------------------------------------

    def _saved_options(self):
        options = super()._saved_options()
        if not (isinstance(options["layout"], str) and options["layout"].isidentifier()):
            options["layout"] = self.layout.to_document()  # a file path would not travel with the save
        return options

    def _init_common(self):
        o = self.options
        n = self.players
        if o.neutral_blocks and n != 2:
            raise SetupError(f"the neutral blocks are an optional rule for 2 players, not {n} (CC-46)")
        self.layout = load_layout(o.layout)
        self.max_boards = 3 if n < 4 else 4
        if len(self.layout.boards) < self.max_boards:
            raise SetupError(f"layout {self.layout.name!r} has {len(self.layout.boards)} boards; "
                             f"{n} players need {self.max_boards}")
        self.colours = [c.lower() for c in self.player_names[:n]] + ["neutral"]
        self.wall = Wall()
        self.occ, self.piece, self.broken, self.reserved = [], [], [], []
        self.reputation, self.completed, self.empty_in, self.cards_in = [], [], [], []
        # the provinces scored (their Emperor card placed, CC-23): at a decision, the completed provinces with no
        # scoring on the agenda or under way, so snapshots leave it out; positions part-way through a scoring need it
        self.scored = []
        self.threat, self.revealed = [], []
        self.known = [set() for _ in range(n)]
        self.points = [0] * n
        self.singles = [14] * n
        self.doubles = [1] * n
        self.towers = [1] * n
        self.neutral_left = 12 if o.neutral_blocks else 0
        self.hand = [list(KINDS) for _ in range(n)]
        self.card_at = {}
        self.emperor = 0
        self.emperor_on = []
        self.n_empty = 0
        # kept lists of the empty and the reserved squares, the open provinces and the cards that go there,
        # the squares by a tower (squares.py)
        self.empty, self.single_moves, self.reserved_at, self.uncompleted = [], [], [], []
        self.card_rows, self.near_tower, self.double_spots, self.tower_spots = {}, set(), {}, {}
        self.evidence = []
        self.current = 0
        self.passes = 0
        self.reason = ""  # why the game ended, once it has (the job ``end``)
        self.placed = []
        self.res = None
        self._begin()  # no job and no decision until the set-up starts the first turn

    def _setup(self):
        self._init_common()
        rng = self.rng
        order = list(range(len(self.layout.boards)))
        shuffle(rng, order)  # (as rng.shuffle, without its two Python calls a draw: the same draws)
        faces = [self.layout.boards[b][rng.randrange(2)] for b in order[: self.max_boards]]
        self.reserve_faces = faces[2:]
        self.rep_pool = list(self.layout.reputation_counters)
        self.threat_pool = list(self.layout.threat_counters)
        shuffle(rng, self.rep_pool)
        shuffle(rng, self.threat_pool)
        self._choose_events()
        self.first_turn = self.options.first_turn == "one_single"
        for face in faces[:2]:
            self._add_face(face, "right", setup=True)
        index_squares(self)
        self._events.append((GAME_STARTED, [f.name for f in faces[:2]]))
        self._events.append((TURN_ORDER, self.players, self.player_names[0],
                             ", ".join(self.player_names[:self.players])))
        self._events.append((PIECES_TAKEN,))
        if not self.first_turn:  # the review's first turn (CC-V2), told where the rulebook's would be
            self._events.append((FIRST_TURN_FULL_ACTION, self.player_names[0]))
        self._begin(("start",))

    def _choose_events(self):
        names = self.options.events
        if names == "random":
            pool = list(EVENTS)
            shuffle(self.rng, pool)
            chosen = sorted(pool[:2], key=EVENTS.index)
        else:
            chosen = [e for e in names.split(",") if e]
        self.events = tuple(chosen)
        if chosen:
            self._events.append((EVENT_CARDS_SHOWN, list(chosen), ", ".join(chosen)))

    def _setup_position(self, doc):
        self._init_common()
        setup_position(self, doc)
        index_squares(self)  # the document's blocks went straight into ``occ``
        # a full wall: the turn that filled it ends (setup_position made it the previous player's)
        self._begin(("endturn",) if self.n_empty == 0 else ("start",))

    def _add_face(self, face, side, setup=False, reputation=None, threat=None):
        """Join a face to the wall and lay out its counters (CC-39); the caller then rebuilds the kept lists
        (:func:`.squares.index_squares`)."""
        wall = self.wall
        p0, r0 = wall.provinces, wall.regions
        wall.add(face, side)
        k = face.squares
        self.occ.extend([-1] * k)
        self.piece.extend([EMPTY] * k)
        self.broken.extend([False] * k)
        self.reserved.extend([-1] * k)
        self.n_empty += k
        for pr in range(p0, wall.provinces):
            self.reputation.append(self.rep_pool.pop() if reputation is None else reputation[pr - p0])
            self.completed.append(False)
            self.scored.append(False)
            self.empty_in.append(len(wall.province_squares[pr]))
            self.cards_in.append([])
        for r in range(r0, wall.regions):
            self.threat.append(self.threat_pool.pop() if threat is None else threat[r - r0])
            self.revealed.append(False)
        reps = self.reputation[p0:]
        self._events.append((BOARD_LAID if setup else BOARD_ADDED, face.name, side, reps, p0, wall.provinces - 1,
                             ", ".join(map(str, reps)), r0, wall.regions - 1))

    # -- the turn: its start, its end, and the decisions that end it (CC-36, CC-41, CC-46..48) ----------------

    def _job_start(self):
        p = self.current
        self.placed = []
        moves = first_moves(self, p) if not self.first_turn else self._moves_first(p, None)  # (a call fewer)
        if moves:
            self.passes = 0
            self._ask("first", p, None, moves)
            return
        self._events.append((PASSED, p, self.player_names[p]))
        self.passes += 1
        if self.passes >= self.players:
            self._job_end("no player can act any more")
        else:
            self.current = (p + 1) % self.players
            self._push(("start",))

    def _job_endaction(self):
        if self.neutral_left and self.placed:
            if self.placed[0][0] == "first":  # the very first turn's single has no neutral block after it
                self._events.append((NO_NEUTRAL_FIRST_TURN, self.current, self.player_names[self.current]))
            elif len(self._offer("neutral", self.current)) > 1:  # a neutral block may go somewhere: asked
                return
        self._job_endturn()  # at once, as the agenda would run it next: one job less per turn

    def _job_endturn(self):
        if self.emperor >= 3 and self.reserve_faces:
            self._ask("board", self.current, None, list(BOARD_SIDES))
            return
        if self.n_empty == 0:
            self._job_end("every square of the wall is occupied")
            return
        self.current = (self.current + 1) % self.players
        self._job_start()

    def _moves_neutral(self, p, context):
        return neutral_moves(self)

    def _on_neutral(self, p, context, move):
        self._push(("endturn",))
        if isinstance(move, Neutral):
            self.neutral_left -= 1
            self.occ[move.square] = self.players
            self.piece[move.square] = SINGLE
            self._occupy((move.square,))  # pushes the peek and the scorings
            self._events.append((NEUTRAL_PLACED, p, move.square, self.player_names[p], self.neutral_left))
        else:
            self._events.append((NO_NEUTRAL, p, self.player_names[p]))

    def _moves_board(self, p, context):
        return list(BOARD_SIDES)

    def _on_board(self, p, context, move):
        face = self.reserve_faces.pop(0)
        self.emperor -= 3
        self._events.append((THIRD_EMPEROR_CARD, self.current, move.side, face.name, self.player_names[self.current]))
        self._events.append((EMPEROR_CARDS_ASIDE,))
        self._add_face(face, move.side)
        index_squares(self)
        self._push(("endturn",))

    # -- what the state says ------------------------------------------------------------------

    @property
    def decision(self):
        """The kind of decision asked for now (``"first"``, ``"second"``, ``"reserve"``, ``"peek"``, ``"neutral"``,
        ``"card"`` or ``"board"``), or ``None`` (the game is over, or a copy is part-way through a decision).

        >>> ChangCheng(players=2, seed=1).decision
        'first'
        """
        asked = self.asked
        return None if asked is None else asked[0]

    @property
    def ctx(self):
        """What the decision asked for now is about: the kind of the revealed card being resolved (a ``"card"``
        decision), the tower's square (``"reserve"``), the squares just occupied (``"peek"``); else ``None``.

        >>> game = ChangCheng(players=2, seed=1).replay(["single 0"])
        >>> game.decision, game.ctx
        ('peek', (0,))
        """
        asked = self.asked
        return None if asked is None else asked[2]

    def public_threat(self, region):
        """Region ``region``'s threat counter as everyone sees it: ``"hidden"``, ``"removed"`` or its value.

        >>> ChangCheng(players=2, seed=1).public_threat(0)
        'hidden'
        """
        return views.public_threat(self, region)

    def emperor_provinces(self):
        """The provinces whose Emperor card lies on the wall: the last ones placed (each time a board is added, the
        three Emperor cards on the wall are set aside, CC-37).

        >>> ChangCheng(players=2, seed=1).emperor_provinces()
        []
        """
        return self.emperor_on[len(self.emperor_on) - self.emperor:] if self.emperor else []

    def binding_reservation(self, square):
        """The player a square is reserved for, or -1 (none, or lapsed: its owner has no single left, CC-13).

        >>> ChangCheng(players=2, seed=1).binding_reservation(0)
        -1
        """
        return squares.binding_reservation(self, square)

    # -- the contract's hooks, each answered by its room ------------------------------------------

    def _scores(self):
        return list(self.points)

    def _end_reason(self):
        return self.reason

    def _explain(self, move):
        return legality.refusal(self, move)

    def _describe(self, move):
        return legality.describe(self, move)

    def _question(self):
        return legality.DECISIONS.get(self.decision)

    def _view(self, player):
        return views.view(self, player)

    def _snapshot(self):
        return position.snapshot(self)

    def determinize(self, seat, rng):
        hidden.determinize(self, seat, rng)

    def stats(self):
        return figures.stats(self)

    def resolutions(self):
        """Every double, tower, province scoring, Mongol attack and event card so far, with its rule steps (see
        :func:`.procedure.resolutions`)."""
        return procedure.resolutions(self)

    def _apply_step(self, change):
        """Make a rule step's ``change`` on this looking-only copy (see :mod:`.changes`)."""
        changes.apply_change(self, change)

    def graph(self):
        """The wall and the players as a networkx graph (see :func:`.graph.graph`).

        >>> ChangCheng(players=2, seed=1).graph().nodes["s0"]["piece"]
        ''
        """
        return graph.graph(self)

    def picture(self, *, targets=None, highlight=(), hide=()):
        """The board as a deterministic SVG document (see :mod:`.picture` and ``Game.picture``).

        One row per board face in wall order, Mongol regions north of the wall, provinces south,
        and a legend; ``targets`` ({element key: label}) are drawn clickable, ``highlight`` (keys, or
        {key: mark}) marked. Hidden threat values are never drawn. ``hide`` draws the quiz form shown with an
        exercise: the parts of ``engine.steps.QUIZ_PARTS`` it names are left out (:mod:`.picture` says what
        each is on this board).

        >>> game = ChangCheng(players=2, seed=1)
        >>> 'data-element="s0"' in game.picture(), 'data-target="r0"' in game.picture(targets={"r0": "peek 0"})
        (True, True)
        >>> "Red: 0 points" in game.picture(), "Red: 0 points" in game.picture(hide={"scores"})
        (True, False)
        """
        return picture.picture(self, targets, highlight, hide)

    def move_element(self, move):
        """The board element ``move`` is played on (``s<n>``, ``p<n>``, ``r<n>``), or ``None``.

        A block, a reservation, a broken block or a swap names its (first) square, a card or a Warrior's
        discard its province, a peek or a removed threat counter its region. Choices that are not a place
        on the board (no peek, no neutral block, a side for a new board, Flood, Builder, cancelling a
        revealed card) give ``None``. A swap names only its first square (the view asks for the other).

        >>> game = ChangCheng(players=2, seed=1)
        >>> [game.move_element(game.parse_move(m)) for m in ("double 3", "card flood 2", "peek 1", "nopeek")]
        ['s3', 'p2', 'r1', None]
        """
        return picture.move_element(self, move)
