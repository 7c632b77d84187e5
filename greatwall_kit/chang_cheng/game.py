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

from ..engine import Game, SetupError
from ..engine.steps import Resolved
from . import figures, hidden
from . import cards as cardlib
from . import scoring
from . import views
from .board import DOUBLE, EMPTY, SINGLE, TOWER, Wall, load_layout  # noqa: F401 (re-exported)
from .cards import KINDS, apply_card, card_moves
from .ending import finish
from .moves import (BOARD_SIDES, NEUTRAL_AT, NONEUTRAL, NOPEEK, NOTATION, PEEK_AT, RESERVE_AT, SINGLE_AT, Double,
                    Neutral, Peek, Single, Tower)
from .placements import Placements
from .procedure import ProvinceHalted  # (importing the procedure attaches the steps to the evidence types)
from .views import wall_graph

__all__ = ["ChangCheng", "Options", "EVENTS"]

EVENTS = ("diplomacy", "dominance", "imperial_reward", "observers")

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


class ChangCheng(Placements, Game):
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
        self.over = False
        self.reason = ""
        self.decision = None
        self.actor = None
        self._moves = []
        self.stack = []
        self.placed = []
        self.res = None
        self.ctx = None

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
        self._emit(f"The game starts with boards {faces[0].name} and {faces[1].name}; {self.players} players, "
                   f"{self.player_names[0]} first.", "CC-01", faces=[f.name for f in faces[:2]])
        self._emit("Each player takes 14 single blocks, a double, a tower and the six action cards.", "CC-03")
        self.stack.append(("start",))
        self._run()

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
            self._emit(f"Event cards face up: {', '.join(chosen)}.", "CC-49", events=list(chosen))

    def _setup_position(self, doc):
        from .position import setup_position

        self._init_common()
        setup_position(self, doc)
        self._index_squares()  # the document's blocks went straight into ``occ``
        self._run()

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
        self._emit(f"Board {face.name} lies at the {side} end: provinces {p0}-{wall.provinces - 1} get "
                   f"reputation counters {', '.join(map(str, reps))} face up; regions {r0}-{wall.regions - 1} "
                   f"get threat counters face down.", "CC-39" if not setup else "CC-02",
                   face=face.name, side=side, reputation=reps)

    # -- the protocol hooks -------------------------------------------------------------------

    def _to_act(self):
        return self.actor  # None once the game is over (``finish``)

    def _legal_moves(self):
        return self._moves

    def _is_legal(self, move):
        # The moves offered are shared objects (moves.py), so a move taken from legal_moves() is found by
        # identity: no hashing of every legal move into a set per decision. A move built by hand or parsed
        # from text is a new object and goes to the engine's test by equality.
        return id(move) in map(id, self._legal_list()) or super()._is_legal(move)

    def _apply(self, move):
        _ON[self.decision](self, move)
        self._run()

    def _scores(self):
        return list(self.points)

    def _end_reason(self):
        return self.reason

    def _explain(self, move):
        from .explain import explain

        return explain(self, move)

    # -- the step machine ---------------------------------------------------------------------

    def _ask(self, decision, actor, moves, ctx=None):
        self.decision, self.actor, self._moves, self.ctx = decision, actor, moves, ctx

    def _run(self):
        """Run automatic steps until a decision is needed or the game is over."""
        self.decision = None
        self._moves = []
        stack = self.stack
        while self.decision is None and not self.over:
            step = stack.pop()
            if len(step) == 1:  # a step is its name and at most one argument: no call through *args
                _STEPS[step[0]](self)
            else:
                _STEPS[step[0]](self, step[1])

    def _step_start(self):
        p = self.current
        self.placed = []
        if self.first_turn:
            moves = list(map(SINGLE_AT.__getitem__, self._available(p)))
        else:
            moves = self._first_moves(p)
        if moves:
            self.passes = 0
            self._ask("first", p, moves)
            return
        self._emit(f"{self.player_names[p]} can do nothing and passes.", "CC-41", player=p)
        self.passes += 1
        if self.passes >= self.players:
            finish(self, "no player can act any more")
        else:
            self.current = (p + 1) % self.players
            self.stack.append(("start",))

    def _step_second(self):
        p = self.current
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
        if moves:
            self._ask("second", p, moves)

    def _step_reserve(self, tower):
        p = self.occ[tower]
        candidates = [s for s in self.wall.neighbours(tower) if self.occ[s] < 0 and self.reserved[s] < 0]
        if not candidates or not self.singles[p]:
            return
        if len(candidates) == 1:
            self._reserve(p, candidates[0])
        else:
            self._ask("reserve", p, [RESERVE_AT[s] for s in candidates], tower)

    def _step_peek(self, squares):
        p = self.current
        region_of, threat, revealed, known = self.wall.region_of, self.threat, self.revealed, self.known[p]
        moves = [NOPEEK]
        for s in squares:
            r = region_of[s]
            if threat[r] is not None and not revealed[r] and r not in known and PEEK_AT[r] is not moves[-1]:
                moves.append(PEEK_AT[r])  # a double's two squares may share their region: offered once
        if len(moves) > 1:
            self._ask("peek", p, moves)

    def _step_score(self, province):
        # each event is recorded once the position shows it (``position_at(event=...)``, the rule steps): the cards
        # lie face down until they are revealed, and the scoring holds them from then on
        squares = self.wall.province_squares[province]
        self._emit_template("Province {province} is completed (squares {first_square}-{last_square} all occupied): "
                            "play halts to score it.", "CC-19",
                            ("province", "first_square", "last_square"), (province, squares[0], squares[-1]))
        cards = self.cards_in[province]
        self.cards_in[province] = []
        for owner, kind in cards:
            del self.card_at[owner, kind]
        reveal = cardlib.reveal(cards, players=self.players, first=self.current, province=province,
                                same_priority=self.options.same_priority)
        self.res = {"province": province, "queue": list(reveal.order), "virtual": [0] * (self.players + 1),
                    "modifier": 0, "reveal": reveal, "effects": []}
        if cards:
            self._emit(f"Its cards are revealed: {self._cards_text(cards)}.", "CC-20",
                       cards=[list(c) for c in cards])
        if reveal.cancelled:
            self._emit(f"Cards of the same priority cancel each other: {self._cards_text(reveal.cancelled)}.",
                       "CC-24", cancelled=[list(c) for c in reveal.cancelled])
        if len(reveal.order) > 1:
            which = "The others" if reveal.cancelled else "They"
            self._emit(f"{which} resolve by priority: {self._cards_text(reveal.order)}.", "CC-25")
        self.stack.append(("tally", province))
        self.stack.append(("card",))

    def _step_card(self):
        res = self.res
        if not res["queue"]:
            return
        owner, kind = res["queue"].pop(0)
        self.stack.append(("card",))
        who = self.player_names[owner]
        if kind == "masterbuilder":
            res["virtual"][owner] += 2
            res["effects"].append((owner, kind, "blocks", 2))
            self._emit(f"{who}'s Master Builder gives {who} two extra blocks for the majority.", "CC-34",
                       player=owner)
            return
        moves = card_moves(self, owner, kind)
        if not moves:
            rule = {"warrior": "CC-29", "traitor": "CC-30", "mandarin": "CC-35"}[kind]
            res["effects"].append((owner, kind, "nothing", None))
            self._emit(f"{who}'s {kind.capitalize()} finds nothing to act on and has no effect.", rule,
                       player=owner)
        elif len(moves) == 1:
            apply_card(self, owner, kind, moves[0])
        else:
            self._ask("card", owner, moves, kind)

    def _step_tally(self, province):
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
        self._emit_template("Province {province} is worth {value}: {counted} counted blocks {modifier:+d} from cards "
                            "+ reputation {reputation}.", "CC-21",
                            ("province", "value", "counted", "modifier", "reputation"),
                            (province, ev.value, ev.counted, ev.modifier, ev.reputation))
        if ev.winners:
            names = " and ".join(map(self.player_names.__getitem__, ev.winners))
            for w in ev.winners:
                self.points[w] += ev.points
            self._emit(f"Blocks counted for the majority: {counts}. {names} score{'s' if len(ev.winners) == 1 else ''} "
                       f"{ev.points}.", "CC-22", province=province, winners=list(ev.winners), points=ev.points,
                       totals=list(ev.totals))
        else:
            self._emit(f"Blocks counted for the majority: {counts or 'none'}. Nobody scores.", "CC-22",
                       province=province, winners=[], points=0, totals=list(ev.totals))
        self.res = None  # the used cards leave the game with what they gave the province
        if res["reveal"].cards:
            self._emit("The used cards leave the game.", "CC-27", province=province)
        self.scored[province] = True
        self.emperor += 1
        self.emperor_on.append(province)
        self._emit_template("An Emperor card goes on province {province} ({emperor_cards} on the board).", "CC-23",
                            ("province", "emperor_cards"), (province, self.emperor))

    def _step_endaction(self):
        if self.neutral_left and self.placed and self.placed[0][0] != "first":
            squares = self._neutral_squares()
            if squares:
                self._ask("neutral", self.current, [NONEUTRAL] + [NEUTRAL_AT[s] for s in squares])
                return
        self._step_endturn()  # at once, as the step machine would run it next: one step less per turn

    def _step_endturn(self):
        if self.emperor >= 3 and self.reserve_faces:
            self._ask("board", self.current, list(BOARD_SIDES))
            return
        if self.n_empty == 0:
            finish(self, "every square of the wall is occupied")
            return
        self.current = (self.current + 1) % self.players
        self._step_start()

    # -- decisions ----------------------------------------------------------------------------

    def _on_first(self, move):
        p = self.current
        first_turn, self.first_turn = self.first_turn, False
        # a double, a tower, the first turn's single and (four actions) a lone single end the action;
        # a single or a card may be followed by a second placement
        kind = move.__class__
        one_piece = first_turn or kind is Double or kind is Tower or (
            kind is Single and self.options.actions == "four")
        self.stack.append(("endaction",))
        if not one_piece:
            self.stack.append(("second",))
        self._place(p, move)  # pushes the reserve, peek and scorings: they run first, they halt the action
        if first_turn:
            self.placed[0] = ("first", self.placed[0][1])
            self._emit(f"On the very first turn {self.player_names[p]} places only this one block.", "CC-17")

    def _on_second(self, move):
        self._place(self.current, move)

    def _on_reserve(self, move):
        self._reserve(self.actor, move.square)

    def _on_peek(self, move):
        p = self.actor
        if isinstance(move, Peek):
            self.known[p].add(move.region)
            self._emit_template("{who} looks at the threat counter of region {region}.", "CC-16",
                                ("player", "region", "who"), (p, move.region, self.player_names[p]))
            self._emit_template("You see threat {threat} in region {region}.", "CC-16",
                                ("region", "threat"), (move.region, self.threat[move.region]), private_to=(p,))

    def _on_neutral(self, move):
        self.stack.append(("endturn",))
        if isinstance(move, Neutral):
            p = self.current
            self.neutral_left -= 1
            self.occ[move.square] = self.players
            self.piece[move.square] = SINGLE
            self._occupy((move.square,))  # pushes the peek and the scorings
            self._emit(f"{self.player_names[p]} places a neutral block on square {move.square} "
                       f"({self.neutral_left} left).", "CC-46", player=p, square=move.square)

    def _on_card(self, move):
        self.decision = None  # the card resolves now: a position paused at its effect shows it no longer waiting
        apply_card(self, self.actor, self.ctx, move)

    def _on_board(self, move):
        face = self.reserve_faces.pop(0)
        self.emperor -= 3
        self._emit(f"{self.player_names[self.current]} placed the third Emperor card and adds board {face.name} "
                   f"on the {move.side}.", "CC-36", player=self.current, side=move.side, face=face.name)
        self._emit("The three Emperor cards are set aside.", "CC-37")
        self._add_face(face, move.side)
        self._index_squares()
        self.stack.append(("endturn",))

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
            if event.rule == "CC-10":
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
                while not (log[i].rule == "CC-21" and log[i].data.get("province") == ev.province):
                    i += 1
                start = i
                while not (log[start].rule == "CC-19" and log[start].data.get("province") == ev.province):
                    start -= 1
                end = i
                while not (log[end].rule == "CC-23" and log[end].data.get("province") == ev.province):
                    end += 1
                out.append(Resolved(f"Province {ev.province} scored", i, log[i].decision, ev, start, game=self,
                                    end=end))
            elif isinstance(ev, scoring.RegionAttack):
                while log[i].data.get("region") != ev.region or log[i].rule not in ("CC-42", "CC-43", "CC-44"):
                    i += 1
                end = i  # a tower's protection is told first, then the losses: the attack is done at its last event
                while end + 1 < len(log) and log[end + 1].data.get("region") == ev.region and log[end + 1].rule in (
                        "CC-42", "CC-43"):
                    end += 1
                out.append(Resolved(f"Mongol attack on region {ev.region}", i, log[i].decision, ev, i - 1, game=self,
                                    end=end))
            else:
                while log[i].data.get("event") != ev.event or "gains" not in log[i].data:
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
        waiting = (self.actor, self.ctx)  # the card decision names its owner and the card's kind
        halted = ProvinceHalted(provisional, tuple(waiting), tuple(str(m) for m in self._moves),
                                tuple(tuple(c) for c in res["queue"]))
        start = max(k for k, e in enumerate(log) if e.rule == "CC-19" and e.data.get("province") == province)
        return Resolved(f"Province {province} scoring: {self.player_names[waiting[0]]} to choose", start,
                        log[start].decision, halted, start, game=self, end=len(log) - 1)

    def _towers(self):
        """Every tower placed, with its reservation, read back from the log (CC-12, CC-13, CC-53)."""
        out, log, wall = [], self.log, self.wall
        for k, event in enumerate(log):
            if event.rule != "CC-12":
                continue
            p, s = event.data["player"], event.data["square"]
            end, observed, threats, reserved = k, [], [], None
            for j in range(k + 1, len(log)):  # Observers' counters, then the reservation (pushed last, runs first)
                rule, data = log[j].rule, log[j].data
                if rule == "CC-53" and log[j].decision == event.decision:
                    observed.append(data["region"]), threats.append(data["threat"])
                elif rule == "CC-13" and data["player"] == p and data["square"] in wall.neighbours(s):
                    reserved, end = data["square"], j
                    break
                elif log[j].decision > event.decision + 1 or rule in ("CC-12", "CC-09", "CC-16", "CC-19"):
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


# decisions and steps are kept by name (the stack is plain data that snapshots print): their methods
_ON = {k[4:]: getattr(ChangCheng, k) for k in dir(ChangCheng) if k.startswith("_on_")}
_STEPS = {k[6:]: getattr(ChangCheng, k) for k in dir(ChangCheng) if k.startswith("_step_")}
