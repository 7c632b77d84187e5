"""Chang Cheng's state machine: every placement and every card owner's choice is one decision.

A turn is a short pipeline of *steps* kept on a stack: the placements of one action, after each
block the tower's reservation and the optional peek, the scoring of every province it completed
(which halts the action), the optional neutral block, the map expansion, then the next turn.
Automatic steps run at once; a step that needs a choice sets ``decision`` and waits for a move.
Putting pieces down and working out where they may go is in :mod:`.placements`; the cards in
:mod:`.cards`; the end in :mod:`.ending`; views and snapshots in :mod:`.views`.

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

from dataclasses import dataclass
from functools import partial

from ..engine import SetupError
from ..engine.agenda import AgendaGame
from ..engine.steps import Resolved
from . import figures, hidden
from . import cards as cardlib
from . import scoring
from . import views
from .board import DOUBLE, EMPTY, SINGLE, TOWER, Wall, load_layout  # noqa: F401 (re-exported)
from .cards import KINDS, apply_card, card_moves
from .ending import finish
from .events import (AFTER_A_TOWER, BOARD_ADDED, BOARD_LAID, CARDS_CANCEL, CARDS_IN_ORDER, CARDS_REVEALED,
                    DOUBLE_SCORED, EMPEROR_CARDS_ASIDE, EMPEROR_CARD_PLACED, EVENT_CARDS_SCORED, EVENT_CARDS_SHOWN,
                    FIRST_TURN_ONE_BLOCK, GAME_STARTED, MAJORITY_NOBODY, MAJORITY_SCORES, MANDARIN_IDLE,
                    MASTER_BUILDER, NEUTRAL_PLACED, OBSERVED, PASSED, PEEKED, PEEK_SEEN, PIECES_TAKEN,
                    PROVINCE_COMPLETED, PROVINCE_WORTH, REGION_ATTACKED, SQUARE_RESERVED, THIRD_EMPEROR_CARD,
                    TOWER_PLACED, TRAITOR_IDLE, USED_CARDS_LEAVE, WARRIOR_IDLE)
from .moves import (BOARD_SIDES, NEUTRAL_AT, NONEUTRAL, NOPEEK, NOTATION, PEEK_AT, RESERVE_AT, SINGLE_AT, Double,
                    Neutral, Peek, Single, Tower)
from .placements import Placements
from .procedure import ProvinceHalted  # (importing the procedure attaches the steps to the evidence types)
from .views import wall_graph

__all__ = ["ChangCheng", "Options", "EVENTS"]

EVENTS = ("diplomacy", "dominance", "imperial_reward", "observers")

#: the kind of event of a revealed card that finds nothing to act on (CC-29, CC-30, CC-35)
_IDLE = {"warrior": WARRIOR_IDLE, "traitor": TRAITOR_IDLE, "mandarin": MANDARIN_IDLE}

_CHOICES = {
    "actions": ("five", "four"),
    "first_turn": ("one_single", "full_action"),
    "warrior": ("same_province", "other_province"),
    "mandarin": ("this_province", "any_two"),
    "dominance": ("each_player", "longest_only"),
    "same_priority": ("cancel", "resolve_all"),
}


@dataclass(frozen=True)
class Options:
    """Chang Cheng's named options; the defaults are the rulebook's.

    Attributes
    ----------
    actions : {"five", "four"}
        CC-05, or the review's four actions without "two single blocks" (CC-V1).
    first_turn : {"one_single", "full_action"}
        CC-17, or the review's normal first turn (CC-V2).
    warrior : {"same_province", "other_province"}
        CC-29, or the review's Warrior hitting another province (CC-V3).
    mandarin : {"this_province", "any_two"}
        CC-35, or the review's swap of any two single blocks (CC-V4).
    dominance : {"each_player", "longest_only"}
        CC-51, or the review's Dominance for the longest run only (CC-V5).
    same_priority : {"cancel", "resolve_all"}
        CC-24, or the review where same-priority cards all resolve (CC-V6).
    dominance_tower : {2, 1}
        How many blocks a tower counts for in a Dominance run (CC-51's reading).
    neutral_blocks : bool
        The optional 2-player rule with 12 neutral blocks (CC-46..48).
    events : str
        Event cards in play: comma-separated names among diplomacy, dominance, imperial_reward,
        observers (at most two), or ``"random"`` to draw two (CC-49).
    layout : str or dict
        The board layout: a file name in the package's ``data/``, a path to a JSON layout, or a layout
        document. A save carries a custom layout's content, never its path.

    Examples
    --------
    >>> Options(events=" Observers, diplomacy ").events
    'diplomacy,observers'
    >>> Options(warrior="elsewhere")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: option warrior='elsewhere' is not one of 'same_province', 'other_province'
    """

    actions: str = "five"
    first_turn: str = "one_single"
    warrior: str = "same_province"
    mandarin: str = "this_province"
    dominance: str = "each_player"
    same_priority: str = "cancel"
    dominance_tower: int = 2
    neutral_blocks: bool = False
    events: str = ""
    layout: str = "standard"

    def __post_init__(self):
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise SetupError(f"option {name}={value!r} is not one of {', '.join(map(repr, allowed))}")
        if self.dominance_tower not in (1, 2) or isinstance(self.dominance_tower, bool):
            raise SetupError(f"option dominance_tower={self.dominance_tower!r} must be 1 or 2")
        if not isinstance(self.neutral_blocks, bool):
            raise SetupError(f"option neutral_blocks={self.neutral_blocks!r} must be True or False")
        if not isinstance(self.layout, (str, dict)):
            raise SetupError(f"option layout={self.layout!r} must be a layout's name, path or document")
        object.__setattr__(self, "events", _normalise_events(self.events))


def _normalise_events(text):
    if not isinstance(text, str):
        raise SetupError(f"option events={text!r} must be a comma-separated string of event names")
    names = [w.strip().lower().replace("-", "_").replace(" ", "_") for w in text.split(",") if w.strip()]
    if names == ["random"]:
        return "random"
    unknown = [n for n in names if n not in EVENTS]
    if unknown:
        raise SetupError(f"unknown event card(s) {', '.join(map(repr, unknown))} in events={text!r}; "
                         f"known: {', '.join(EVENTS)}, or 'random'")
    chosen = [e for e in EVENTS if e in names]
    if len(chosen) > 2:
        raise SetupError(f"events={text!r} names {len(chosen)} event cards; at most 2 are used (CC-49)")
    return ",".join(chosen)


class ChangCheng(Placements, AgendaGame):
    """A game of Chang Cheng (see the module docstring and ``rules.BOOK``).

    Attributes read by views and tests: ``wall`` (:class:`~.board.Wall`), ``occ`` (occupant colour per
    square, -1 empty; the neutral colour is ``players``), ``piece``, ``broken``, ``reserved``,
    ``reputation``, ``threat``, ``points``, ``singles``, ``doubles``, ``towers``, ``hand``, ``scored`` (the
    provinces whose scoring is done), ``decision`` and ``evidence`` (the scorings so far, as evidence objects).
    """

    name = "chang_cheng"
    title = "Chang Cheng"
    player_counts = range(2, 5)
    notation = NOTATION
    Options = Options
    player_names = scoring.PLAYER_NAMES
    file_options = ("layout",)

    #: MCTSBot's settings, measured best with ``benchmarks/bot_strength.py`` (two players, against GreedyBot, 100 or
    #: 200 seat-rotated games per candidate; win rates of MCTS, the best first): 200 playouts of 4 decisions 94 %;
    #: 100 of 4: 87 % (200 games); 50 of 4: 88 %; 50 of 8: 86 %; 20 of 4: 84 %; 30 whole: 82 %.
    mcts_settings = {"playouts": 200, "rollout": 4, "expand": "one", "exploration": 0.7}

    # -- what bots and the simulation lab read (the contract's optional hooks) ----------------------------

    def determinize(self, seat, rng):
        hidden.determinize(self, seat, rng)

    def stats(self):
        return figures.stats(self)

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
        # scoring on the stack or under way, so snapshots leave it out; positions part-way through a scoring need it
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
        # the squares by a tower (placements.py)
        self.empty, self.single_moves, self.reserved_at, self.uncompleted = [], [], [], []
        self.card_rows, self.near_tower = {}, set()
        self.evidence = []
        self.current = 0
        self.passes = 0
        self.reason = ""  # why the game ended, once it has (``finish``)
        self.placed = []
        self.res = None
        self._begin()  # no job and no decision until the set-up starts the first turn

    def _setup(self):
        self._init_common()
        order = list(range(len(self.layout.boards)))
        self.rng.shuffle(order)
        faces = [self.layout.boards[b][self.rng.randrange(2)] for b in order[: self.max_boards]]
        self.reserve_faces = faces[2:]
        self.rep_pool = list(self.layout.reputation_counters)
        self.threat_pool = list(self.layout.threat_counters)
        self.rng.shuffle(self.rep_pool)
        self.rng.shuffle(self.threat_pool)
        self._choose_events()
        self.first_turn = self.options.first_turn == "one_single"
        for face in faces[:2]:
            self._add_face(face, "right", setup=True)
        self._index_squares()
        self._record(GAME_STARTED, [f.name for f in faces[:2]], self.players, self.player_names[0])
        self._record(PIECES_TAKEN)
        self._begin(("start",))

    def _choose_events(self):
        names = self.options.events
        if names == "random":
            pool = list(EVENTS)
            self.rng.shuffle(pool)
            chosen = sorted(pool[:2], key=EVENTS.index)
        else:
            chosen = [e for e in names.split(",") if e]
        self.events = tuple(chosen)
        if chosen:
            self._record(EVENT_CARDS_SHOWN, list(chosen), ", ".join(chosen))

    def _setup_position(self, doc):
        from .position import setup_position

        self._init_common()
        setup_position(self, doc)
        self._index_squares()  # the document's blocks went straight into ``occ``
        # a full wall: the turn that filled it ends (setup_position made it the previous player's)
        self._begin(("endturn",) if self.n_empty == 0 else ("start",))

    def _add_face(self, face, side, setup=False, reputation=None, threat=None):
        """Join a face to the wall and lay out its counters (CC-39); the caller then rebuilds the kept lists
        (``_index_squares``)."""
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
        self._record(BOARD_LAID if setup else BOARD_ADDED, face.name, side, reps, p0, wall.provinces - 1,
                     ", ".join(map(str, reps)), r0, wall.regions - 1)

    # -- the protocol hooks -------------------------------------------------------------------

    @property
    def decision(self):
        """The kind of decision asked for now (``"first"``, ``"second"``, ``"reserve"``, ``"peek"``, ``"neutral"``,
        ``"card"`` or ``"board"``), or ``None`` (the game is over, or a copy is part-way through a decision).

        >>> ChangCheng(players=2, seed=1).decision
        'first'
        """
        prompt = self.prompt
        return None if prompt is None else prompt[0]

    def _scores(self):
        return list(self.points)

    def _end_reason(self):
        return self.reason

    def _explain(self, move):
        from .explain import explain

        return explain(self, move)

    # -- the agenda: a turn's jobs (see the module docstring) ----------------------------------

    def _job_start(self):
        p = self.current
        self.placed = []
        moves = self._moves_first(p, None)
        if moves:
            self.passes = 0
            self._ask("first", p, None, moves)
            return
        self._record(PASSED, p, self.player_names[p])
        self.passes += 1
        if self.passes >= self.players:
            finish(self, "no player can act any more")
        else:
            self.current = (p + 1) % self.players
            self._push(("start",))

    def _job_second(self):
        moves = self._moves_second(self.current, None)
        if moves:
            self._ask("second", self.current, None, moves)

    def _job_reserve(self, tower):
        p = self.occ[tower]
        if not self.singles[p]:
            return
        moves = self._moves_reserve(p, tower)
        if len(moves) == 1:
            self._reserve(p, moves[0].square)
        elif moves:
            self._ask("reserve", p, tower, moves)

    def _job_peek(self, squares):
        self._offer("peek", self.current, squares)  # no peek to offer but "nopeek": no decision

    def _job_score(self, province):
        # each event is recorded once the position shows it (``position_at(event=...)``, the rule steps): the cards
        # lie face down until they are revealed, and the scoring holds them from then on
        squares = self.wall.province_squares[province]
        self._record(PROVINCE_COMPLETED, province, squares[0], squares[-1])
        cards = self.cards_in[province]
        self.cards_in[province] = []
        for owner, kind in cards:
            del self.card_at[owner, kind]
        reveal = cardlib.reveal(cards, players=self.players, first=self.current, province=province,
                                same_priority=self.options.same_priority)
        self.res = {"province": province, "queue": list(reveal.order), "virtual": [0] * (self.players + 1),
                    "modifier": 0, "reveal": reveal, "effects": []}
        if cards:
            self._record(CARDS_REVEALED, [list(c) for c in cards], self._cards_text(cards))
        if reveal.cancelled:
            self._record(CARDS_CANCEL, [list(c) for c in reveal.cancelled], self._cards_text(reveal.cancelled))
        if len(reveal.order) > 1:
            which = "The others" if reveal.cancelled else "They"
            self._record(CARDS_IN_ORDER, which, self._cards_text(reveal.order))
        self._push(("card",), ("tally", province))

    def _job_card(self):
        res = self.res
        if not res["queue"]:
            return
        owner, kind = res["queue"].pop(0)
        self._push(("card",))
        who = self.player_names[owner]
        if kind == "masterbuilder":
            res["virtual"][owner] += 2
            res["effects"].append((owner, kind, "blocks", 2))
            self._record(MASTER_BUILDER, owner, who)
            return
        moves = card_moves(self, owner, kind)
        if not moves:
            res["effects"].append((owner, kind, "nothing", None))
            self._record(_IDLE[kind], owner, who)
        elif len(moves) == 1:
            apply_card(self, owner, kind, moves[0])
        else:
            self._ask("card", owner, kind, moves)

    def _job_tally(self, province):
        res = self.res
        blocks = [0] * (self.players + 1)
        occ, broken = self.occ, self.broken
        for s in self.wall.province_squares[province]:
            if not broken[s]:
                blocks[occ[s]] += 1
        ev = scoring.score_province(province, blocks=tuple(blocks), virtual=tuple(res["virtual"]),
                                    modifier=res["modifier"], reputation=self.reputation[province],
                                    reveal=res["reveal"], effects=res["effects"])
        self.evidence.append(ev)
        counts = ", ".join(f"{self.colours[c].capitalize()} {t}" for c, t in enumerate(ev.totals) if t)
        self._record(PROVINCE_WORTH, province, ev.value, ev.counted, ev.modifier, ev.reputation)
        if ev.winners:
            names = " and ".join(map(self.player_names.__getitem__, ev.winners))
            for w in ev.winners:
                self.points[w] += ev.points
            self._record(MAJORITY_SCORES, province, list(ev.winners), ev.points, list(ev.totals), counts, names,
                         "scores" if len(ev.winners) == 1 else "score")
        else:
            self._record(MAJORITY_NOBODY, province, [], 0, list(ev.totals), counts or "none")
        self.res = None  # the used cards leave the game with what they gave the province
        if res["reveal"].cards:
            self._record(USED_CARDS_LEAVE, province)
        self.scored[province] = True
        self.emperor += 1
        self.emperor_on.append(province)
        self._record(EMPEROR_CARD_PLACED, province, self.emperor)

    def _job_endaction(self):
        if self.neutral_left and self.placed and self.placed[0][0] != "first":
            if len(self._offer("neutral", self.current)) > 1:  # a neutral block may go somewhere: asked
                return
        self._job_endturn()  # at once, as the agenda would run it next: one job less per turn

    def _job_endturn(self):
        if self.emperor >= 3 and self.reserve_faces:
            self._ask("board", self.current, None, list(BOARD_SIDES))
            return
        if self.n_empty == 0:
            finish(self, "every square of the wall is occupied")
            return
        self.current = (self.current + 1) % self.players
        self._job_start()

    # -- the decisions: their legal moves (``_moves_<kind>``) and what a move does (``_on_<kind>``) --------------

    def _moves_first(self, p, context):
        if self.first_turn:
            return list(map(SINGLE_AT.__getitem__, self._available(p)))
        return self._first_moves(p)

    def _moves_second(self, actor, context):
        p = actor
        kind, province = self.placed[0]
        moves = []
        singles = self.singles[p]
        held = self._held(p) if singles and self.reserved_at else ()
        occ = self.occ
        # the province's empty squares, in wall order: a run of ``empty`` (a province lies together in the wall)
        inside = [s for s in self.wall.province_squares[province] if occ[s] < 0]
        if kind == "single":
            if singles:
                i = self.empty.index(inside[0]) if inside else 0
                moves = self._single_moves_but(held, (i, i + len(inside)))
        elif kind == "card":
            i = self.uncompleted.index(province)  # the first card's: cards go only into uncompleted provinces
            rows = self.card_rows
            for k in self.hand[p]:
                moves += rows[k][:i]
                moves += rows[k][i + 1:]
            if singles:
                moves += [SINGLE_AT[s] for s in inside if s not in held]
        return moves


    def _moves_reserve(self, p, tower):
        occ, reserved = self.occ, self.reserved
        return [RESERVE_AT[s] for s in self.wall.neighbours(tower) if occ[s] < 0 and reserved[s] < 0]

    def _moves_peek(self, p, squares):
        region_of, threat, revealed, known = self.wall.region_of, self.threat, self.revealed, self.known[p]
        moves = [NOPEEK]
        for s in squares:
            r = region_of[s]
            if threat[r] is not None and not revealed[r] and r not in known and PEEK_AT[r] is not moves[-1]:
                moves.append(PEEK_AT[r])  # a double's two squares may share their region: offered once
        return moves

    def _moves_neutral(self, p, context):
        return [NONEUTRAL] + [NEUTRAL_AT[s] for s in self._neutral_squares()]

    def _moves_board(self, p, context):
        return list(BOARD_SIDES)

    def _moves_card(self, owner, kind):
        return card_moves(self, owner, kind)

    def _on_first(self, p, context, move):
        first_turn, self.first_turn = self.first_turn, False
        # a double, a tower, the first turn's single and (four actions) a lone single end the action;
        # a single or a card may be followed by a second placement
        kind = move.__class__
        one_piece = first_turn or kind is Double or kind is Tower or (
            kind is Single and self.options.actions == "four")
        if one_piece:
            self._push(("endaction",))
        else:
            self._push(("second",), ("endaction",))
        self._place(p, move)  # pushes the reserve, peek and scorings: they run first, they halt the action
        if first_turn:
            self.placed[0] = ("first", self.placed[0][1])
            self._record(FIRST_TURN_ONE_BLOCK, self.player_names[p])

    def _on_second(self, p, context, move):
        self._place(p, move)

    def _on_reserve(self, p, tower, move):
        self._reserve(p, move.square)

    def _on_peek(self, p, squares, move):
        if isinstance(move, Peek):
            self.known[p].add(move.region)
            self._record(PEEKED, p, move.region, self.player_names[p])
            self._record(PEEK_SEEN, move.region, self.threat[move.region], private_to=(p,))

    def _on_neutral(self, p, context, move):
        self._push(("endturn",))
        if isinstance(move, Neutral):
            self.neutral_left -= 1
            self.occ[move.square] = self.players
            self.piece[move.square] = SINGLE
            self._occupy((move.square,))  # pushes the peek and the scorings
            self._record(NEUTRAL_PLACED, p, move.square, self.player_names[p], self.neutral_left)

    def _on_card(self, owner, kind, move):
        apply_card(self, owner, kind, move)

    def _on_board(self, p, context, move):
        face = self.reserve_faces.pop(0)
        self.emperor -= 3
        self._record(THIRD_EMPEROR_CARD, self.current, move.side, face.name, self.player_names[self.current])
        self._record(EMPEROR_CARDS_ASIDE)
        self._add_face(face, move.side)
        self._index_squares()
        self._push(("endturn",))

    # -- views (see views.py) -----------------------------------------------------------------

    def _cards_text(self, cards):
        return ", ".join(f"{self.player_names[o]} {k}" for o, k in cards)

    def public_threat(self, region):
        """Region ``region``'s threat counter as everyone sees it: ``"hidden"``, ``"removed"`` or its value.

        >>> ChangCheng(players=2, seed=1).public_threat(0)
        'hidden'
        """
        if self.threat[region] is None:
            return "removed"
        return self.threat[region] if self.revealed[region] else "hidden"

    def _view(self, player):
        return views.view(self, player)

    def _snapshot(self):
        return views.snapshot(self)

    # -- inspection ---------------------------------------------------------------------------

    def resolutions(self):
        """Every double block scored, tower placed (with the square it reserved) and province scored, then (once the
        game is over) each region's Mongol attack and each event card, in history order, as
        :class:`~greatwall_kit.engine.steps.Resolved` records whose ``steps`` follow the rulebook, each with the
        position right after it (``step.after``).

        A province scoring halted for a card's owner to choose is listed last, with its steps so far.

        Examples
        --------
        >>> game = ChangCheng.from_position({"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0],
        ...     "threat": [-2, -3, -4, -2, -3, -4], "wall": "R G R" + " ." * 23})
        >>> print(game.replay(["single 3", "nopeek"]).resolutions()[-1])
        Province 0 scored
          1. Province 0 is completed: every square in it is occupied, and play halts to score it. [CC-19]
          2. It holds no cards. [CC-20]
          3. Value = 4 counted blocks + 0 from cards + reputation 1 = 5. [CC-21]
          4. Blocks for the majority: Red 3, Green 1. Red holds the majority with 3. [CC-22]
          5. Red scores 5. [CC-22]
          6. An Emperor card goes on province 0. [CC-23]
        """
        out, log, i = [], self.log, 0
        wall = self.wall
        for k, event in enumerate(log):  # doubles: read back from the log, the wall's squares never move
            if event.kind is DOUBLE_SCORED:
                squares = tuple(log[k - 1].data["squares"])
                double = scoring.DoubleScoring(event.data["player"], squares,
                                               tuple(wall.province_of[s] for s in squares),
                                               tuple(wall.region_of[s] for s in squares))
                # from the decision before (the double is the first thing its decision places) to its points
                out.append(Resolved(f"Double block on squares {squares[0]} and {squares[1]}", k, event.decision,
                                    double, k - 2, game=self))
        out += self._towers()
        for ev in self.evidence:
            if isinstance(ev, scoring.ProvinceScoring):
                while not (log[i].kind is PROVINCE_WORTH and log[i].data["province"] == ev.province):
                    i += 1
                start = i
                while not (log[start].kind is PROVINCE_COMPLETED and log[start].data["province"] == ev.province):
                    start -= 1
                end = i
                while not (log[end].kind is EMPEROR_CARD_PLACED and log[end].data["province"] == ev.province):
                    end += 1
                out.append(Resolved(f"Province {ev.province} scored", i, log[i].decision, ev, start, game=self,
                                    end=end))
            elif isinstance(ev, scoring.RegionAttack):
                while log[i].kind not in REGION_ATTACKED or log[i].data["region"] != ev.region:
                    i += 1
                end = i  # a tower's protection is told first, then the losses: the attack is done at its last event
                while end + 1 < len(log) and log[end + 1].kind in REGION_ATTACKED[1:] and \
                        log[end + 1].data["region"] == ev.region:
                    end += 1
                out.append(Resolved(f"Mongol attack on region {ev.region}", i, log[i].decision, ev, i - 1, game=self,
                                    end=end))
            else:
                while log[i].kind not in EVENT_CARDS_SCORED or log[i].data["event"] != ev.event:
                    i += 1
                out.append(Resolved(f"Event card {ev.event}", i, log[i].decision, ev, i - 1, game=self))
            i += 1
        if self.res is not None and self.decision == "card":  # a scoring halted for a card's owner to choose
            out.append(self._halted())
        return sorted(out, key=lambda r: r.event)

    def _halted(self):
        """The province scoring waiting for a card decision, as a :class:`Resolved` (its steps so far, up to the
        position now)."""
        res, log = self.res, self.log
        province = res["province"]
        blocks = [0] * (self.players + 1)
        for s in self.wall.province_squares[province]:
            if not self.broken[s]:
                blocks[self.occ[s]] += 1
        provisional = scoring.score_province(province, blocks=tuple(blocks), virtual=tuple(res["virtual"]),
                                             modifier=res["modifier"], reputation=self.reputation[province],
                                             reveal=res["reveal"], effects=tuple(res["effects"]))
        _, owner, kind = self.prompt  # the card decision names its owner and the card's kind
        waiting = (owner, kind)
        halted = ProvinceHalted(provisional, waiting, tuple(str(m) for m in card_moves(self, owner, kind)),
                                tuple(tuple(c) for c in res["queue"]))
        start = max(k for k, e in enumerate(log) if e.kind is PROVINCE_COMPLETED and e.data["province"] == province)
        return Resolved(f"Province {province} scoring: {self.player_names[waiting[0]]} to choose", start,
                        log[start].decision, halted, start, game=self, end=len(log) - 1)

    def _towers(self):
        """Every tower placed, with its reservation, read back from the log (CC-12, CC-13, CC-53)."""
        out, log, wall = [], self.log, self.wall
        for k, event in enumerate(log):
            if event.kind is not TOWER_PLACED:
                continue
            p, s = event.data["player"], event.data["square"]
            end, observed, threats, reserved = k, [], [], None
            for j in range(k + 1, len(log)):  # Observers' counters, then the reservation (pushed last, runs first)
                kind, data = log[j].kind, log[j].data
                if kind is OBSERVED and log[j].decision == event.decision:
                    observed.append(data["region"]), threats.append(data["threat"])
                elif kind is SQUARE_RESERVED and data["player"] == p and data["square"] in wall.neighbours(s):
                    reserved, end = data["square"], j
                    break
                elif log[j].decision > event.decision + 1 or kind in AFTER_A_TOWER:
                    break
                else:
                    continue
                end = j
            tower = scoring.TowerPlacement(p, s, reserved,
                                           reserved is not None and log[end].decision > event.decision,
                                           tuple(observed), tuple(threats), partial(self.position_at, event=k - 1))
            # from the event before the tower (a card may come first in its decision) to its reservation
            out.append(Resolved(f"Tower on square {s}", k, event.decision, tower, k - 1, game=self, end=end))
        return out

    def _apply_step(self, change):
        """Make a rule step's ``change`` on this looking-only copy (see :mod:`.changes`)."""
        from .changes import apply_change  # imported when steps are looked at: playouts never need it

        apply_change(self, change)

    def emperor_provinces(self):
        """The provinces whose Emperor card lies on the wall: the last ones placed (each time a board is added, the
        three Emperor cards on the wall are set aside, CC-37).

        >>> ChangCheng(players=2, seed=1).emperor_provinces()
        []
        """
        return self.emperor_on[len(self.emperor_on) - self.emperor:] if self.emperor else []

    # -- pictures and graphs ------------------------------------------------------------------

    def graph(self):
        """The wall and the players as a networkx graph (see :func:`.views.wall_graph`).

        >>> ChangCheng(players=2, seed=1).graph().nodes["s0"]["piece"]
        ''
        """
        return wall_graph(self)

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
        from .picture import picture

        return picture(self, targets, highlight, hide)

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
        fields = getattr(move, "__match_args__", ())  # anything else (a text, None) is no place, as in the other games
        for name, prefix in (("square", "s"), ("province", "p"), ("region", "r")):
            if name in fields:
                return f"{prefix}{getattr(move, name)}"
        return None
