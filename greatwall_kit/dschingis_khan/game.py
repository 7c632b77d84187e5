"""The state machine of Dschingis Khan: set-up, turns of atomic decisions, the final round, scoring.

A turn runs: (re-enter the scout if it is off the board) -> take 2 pieces, one decision
each -> place: either walls one at a time, or scout steps each followed by the choice
of tile to lay, or take a blocked scout off the board. Why an illegal decision is
refused (the rule and a concrete reason) is answered in :mod:`.explain`.
"""

from dataclasses import dataclass
from functools import lru_cache

from ..engine import Game, SetupError
from ..engine.errors import quote
from ..engine.digits import read_whole
from ..engine.steps import Resolved
from . import events as ev, figures, hidden
from . import rules  # noqa: F401  (registers the rule book)
from .changes import apply_change
from .lattice import MAX_SIDE, from_document, load_layout, rectangle
from .moves import (NOTATION, Climb, Discard, Enter, Gate, Lay, Pass, Retreat, Scout, Start, Take, Track, TypedMove,
                    Wall, board_moves, named, parse)
from .procedure import scout_paths
from .scoring import KINDS, PLAYER_NAMES, TILE_SET, score_board, score_village
from .explain import Refusals
from .scouts import can_move, steps
from .sides import SIDE_NAMES, initial_sides
from .walls import OPEN, Resolution, WallNetwork

__all__ = ["DschingisKhan", "Options", "new_game"]

_STEPS = (Track, Gate, Climb)
# what a resolution tells after it, in its decision; a village's scoring
_TOLD_AFTER = (ev.ISOLATED_REMOVED, ev.SIDES_CHANGED, ev.LEAVE_THE_GAME)
_VILLAGE_KINDS = tuple(ev.VILLAGE_SCORED.values())
# moves without a board position, made once (moves are frozen values; see moves.BoardMoves)
_LAY = {k: Lay(k) for k in KINDS}
_TAKE_WALL, _TAKE_TILE = Take("wall"), Take("tile")


@dataclass(frozen=True)
class Options:
    """The named variants of Dschingis Khan (defaults: the rulebook as the kit reads it).

    layout : str
        ``"standard"`` (the kit's 38-village board) or ``"rectangle:CxR"`` (a plain lattice).
    branch_walls_block_tracks : bool
        Whether a branch wall standing across a track between two villages of the same side blocks
        it (True: only its open gate lets a scout through, closing it) or not (False: the scout may
        also walk the track under it, leaving the piece as it is) (DK-12).
    """

    layout: str = "standard"
    branch_walls_block_tracks: bool = True


class DschingisKhan(Refusals, Game):
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
    mcts_settings = {"playouts": 30, "rollout": 4, "expand": "one", "exploration": 0.7}

    # -- what bots and the simulation lab read (the contract's optional hooks) ----------------------------

    def determinize(self, seat, rng):
        hidden.determinize(self, seat, rng)

    def stats(self):
        return figures.stats(self)

    # -- set-up ---------------------------------------------------------------------------------

    def _board(self, layout=None):
        name = self.options.layout if layout is None else layout
        if isinstance(name, dict):
            return from_document(name)
        if not isinstance(name, str) or name != "standard" and not name.startswith("rectangle:"):
            raise SetupError(f"unknown layout {quote(name)}: 'standard', 'rectangle:CxR' or a layout document")
        if name.startswith("rectangle:"):
            try:  # the digits 0-9 only, as the options schema asks (a position document names its layout too)
                c, r = (read_whole(n) for n in name.split(":", 1)[1].split("x"))
            except ValueError:
                raise SetupError(f"layout {quote(name)} is not of the form 'rectangle:CxR'") from None
            if not (2 <= c <= MAX_SIDE and 2 <= r <= MAX_SIDE):
                raise SetupError(f"layout {quote(name)}: a rectangle has 2 to {MAX_SIDE} columns and rows")
            return rectangle(c, r)
        return load_layout(name)

    def _common_setup(self, board):
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
        board = self._board()
        if len(board.villages) < 4 * self.players:
            raise SetupError(f"a board of {len(board.villages)} villages is too small for {self.players} players "
                             f"(at least {4 * self.players})")
        self._common_setup(board)
        self.net = WallNetwork(self.board)
        self.sides = list(_start_sides(self.board))
        self.supply = self.board.walls - self.net.length
        self._record(ev.WALL_STANDS, self.net.length, board.describe_tower(self.net.west_end),
                     board.describe_tower(self.net.east_end), self.supply)
        self.passive = []
        for p in range(self.players):
            tiles = [k for k in KINDS for _ in range(TILE_SET[k])]
            self.rng.shuffle(tiles)
            self.passive.append(tiles)
        self._record(ev.SHUFFLED)
        self.phase = "setup"
        self._draw_setup_hand()

    def _draw_setup_hand(self):
        p = self.current
        self.setup_hand = [self.passive[p].pop(), self.passive[p].pop()]
        self._record(ev.SETUP_DRAWN, self.player_names[p])
        self._record(ev.SETUP_SEEN, list(self.setup_hand), self.player_names[p], private_to=(p,))

    def _finish_setup(self):
        for p in range(self.players):
            for _ in range(2):
                self.active_tiles[p].append(self.passive[p].pop())
            self.active_walls[p] = 2
            self.supply -= 2
            self._record(ev.SUPPLIED, self.player_names[p])
            self._record(ev.HOLDS, list(self.active_tiles[p]), self.player_names[p], ", ".join(self.active_tiles[p]),
                         private_to=(p,))
        self.current = 0
        self._begin_turn()

    # -- the decision machine -----------------------------------------------------------------------

    def _to_act(self):
        return None if self.phase == "over" else self.current

    def _legal_moves(self):
        p, phase = self.current, self.phase
        # the phases in the order of how often they come up in a game
        if phase == "take":
            return self._takes()
        if phase == "lay":
            tiles = self.active_tiles[p]
            return [_LAY[k] for k in KINDS if k in tiles]
        if phase == "place":
            return self._place_moves(p)
        if phase == "move":
            return self._steps()
        if phase == "walls":
            wall = self.made.wall
            return [wall[line] for line in self.net.candidates()]
        if phase == "setup":
            return self._setup_moves()
        enter = self.made.enter   # phase == "enter"
        return [enter[v] for v in self._entry_villages()]

    def _place_moves(self, p):
        """Every way to begin placing."""
        out = []
        if self.active_walls[p]:
            wall = self.made.wall
            out += [wall[line] for line in self.net.candidates()]
        if self.active_tiles[p]:
            moves = self._steps()
            out += moves or [Discard()]
            blocked = not moves
        else:
            blocked = not self._can_move()
        if blocked:
            if not out:
                out.append(Pass())   # nothing to place: taking the scout off is a choice, not a must
            out.append(Retreat())
        return out

    def _checked(self, move):
        """As :meth:`Game._checked`, for a move not taken from the listed legal moves; a move value whose fields
        are not of their types raises :class:`NotationError` (e.g. ``Wall(None)``, which ``board.line_between``
        gives for towers that are not neighbours). A move built by hand is refused as given (the message quotes
        it) and played as the board's own, so the history names its lines by their towers."""
        if isinstance(move, TypedMove):
            move.check()
        return named(super()._checked(move), self.made)

    def _is_legal(self, move):
        if type(move) is Wall and self.phase in ("place", "walls"):
            return (type(move.line) is int and bool(self.active_walls[self.current])
                    and self.net.refusal(move.line) is None)
        legal = self._legal_list()
        # a move picked from the list is one of its objects: look for it by identity (in C) before
        # comparing fields (a Python call per move)
        return id(move) in map(id, legal) or move in legal

    def _apply(self, move):
        p, kind = self.current, type(move)
        if kind is Take:
            self._take(p, move.piece)
        elif kind is Wall:
            self._place_wall(p, move.line)
        elif kind in _STEPS:
            self._step(p, move)
        elif kind is Lay:
            self._lay(p, move.tile)
        elif kind is Discard:
            self._discard(p)
            self._end_turn()
        elif kind is Pass:
            self._record(ev.PASSED, self.player_names[p])
            self._end_turn()
        elif kind is Retreat:
            self._record(ev.RETREATED, self.scout[p], self.player_names[p])
            self.scout[p] = -1
            self._end_turn()
        elif kind is Enter:
            self.scout[p] = move.village
            self._record(ev.SCOUT_BACK, move.village, self.player_names[p])
            self._begin_take()
        elif kind is Start:
            self._setup_tile(p, move)
        elif kind is Scout:
            self.scout[p] = move.village
            self._record(ev.SCOUT_PLACED, move.village, self.player_names[p])
            self.setup_first = self.setup_second = -1
            if p + 1 < self.players:
                self.current = p + 1
                self._draw_setup_hand()
            else:
                self._finish_setup()

    # -- set-up decisions ------------------------------------------------------------------------------

    def _setup_moves(self):
        hand = self.setup_hand
        if not hand:
            scout = self.made.scout
            return [scout[self.setup_first], scout[self.setup_second]]
        kinds = [k for k in KINDS if k in hand]
        start = self.made.start
        if self.setup_first < 0:
            return [start[v][k] for v in self._setup_pairs() for k in kinds]
        return [start[v][k] for v in self._setup_partners(self.setup_first) for k in kinds]

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

    def _setup_tile(self, p, move):
        self.setup_hand.remove(move.tile)
        self.stacks[move.village].append((p, move.tile))
        self._record(ev.SETUP_LAID, move.village, self.player_names[p])
        self._record(ev.SETUP_TILE, move.village, move.tile, private_to=(p,))
        if self.setup_first < 0:
            self.setup_first = move.village
        else:
            self.setup_second = move.village

    # -- turns ----------------------------------------------------------------------------------------

    def _begin_turn(self):
        p = self.current
        self.taken = 0
        self.visited = []
        self._record(ev.TURN, p, self.player_names[p])
        if self.scout[p] < 0:
            self.phase = "enter"
        else:
            self._begin_take()

    def _begin_take(self):
        self.phase = "take"
        self.visited = [self.scout[self.current]]
        if not self._takes():
            self._record(ev.NOTHING_TO_TAKE, self.player_names[self.current])
            self.phase = "place"
            self._check_place()

    def _takes(self):
        p, out = self.current, []
        if self.supply and self.active_walls[p] < 4:
            out.append(_TAKE_WALL)
        if self.passive[p] and len(self.active_tiles[p]) < 4:
            out.append(_TAKE_TILE)
        return out

    def _take(self, p, piece):
        name = self.player_names[p]
        if piece == "wall":
            self.supply -= 1
            self.active_walls[p] += 1
            self._record(ev.TOOK_WALL, "wall", name)
        else:
            tile = self.passive[p].pop()
            self.active_tiles[p].append(tile)
            self._record(ev.TOOK_TILE, "tile", name)
            self._record(ev.DREW, tile, name, private_to=(p,))
        self.taken += 1
        self._check_trigger(p)
        if self.taken == 2 or not self._takes():
            if self.taken < 2:
                self._record(ev.TOOK_WHAT_THERE_IS, name)
            self.phase = "place"
            self._check_place()

    def _check_trigger(self, p):
        if self.trigger is not None:
            return
        empty = (self.supply == 0) + self.passive.count([])   # passive supplies equal to [] are empty
        if empty >= 2:
            self.trigger = p
            self.final_left = self.players + 1
            self._record(ev.END_ANNOUNCED, p, self.player_names[p])

    def _check_place(self):
        """End the turn when there is nothing to decide in the placing step: no tiles, no wall that fits,
        and a scout that can move (a blocked scout could still be taken off, DK-19)."""
        p = self.current
        if self.active_tiles[p] or (self.active_walls[p] and self.net.candidates()) or not self._can_move():
            return
        self._record(ev.NOTHING_TO_PLACE, self.player_names[p])
        self._end_turn()

    def _place_wall(self, p, line):
        self.phase = "walls"
        self.active_walls[p] -= 1
        lat = self.board
        resolution = self.net.place(line)
        self._record(ev.WALL_PLACED, line, self.player_names[p], lat.line_names[line])
        if resolution is not None:
            self._resolve(resolution)
        if not self.active_walls[p]:
            self._end_turn()
        elif not self.net.candidates():
            self._record(ev.NO_LINE_LEFT, self.player_names[p])
            self._end_turn()

    def _resolve(self, r):
        # the whole resolution is made before its events are told, so every position the log points to
        # (position_at(event=...)) shows it complete: the walls (already, by net.place), sides and supply
        for v in r.changed_side:
            self.sides[v] ^= 1
        if self.trigger is None:
            self.supply += len(r.removed)
        else:
            self.out_of_game += len(r.removed)
        kind = (ev.NEW_END if r.kind == "new end" else ev.LOOP_EVEN if r.old_length == r.new_length
                else ev.LOOP_CLOSED)
        self._record(kind, *r.to_dict().values(), "old" if r.kept == "new" else "new")
        if r.removed_isolated:
            self._record(ev.ISOLATED_REMOVED, list(r.removed_isolated), len(r.removed_isolated))
        if r.changed_side:
            self._record(ev.SIDES_CHANGED, list(r.changed_side), ", ".join(map(str, r.changed_side)),
                         SIDE_NAMES[self.sides[r.changed_side[0]]])
        if self.trigger is not None:
            self._record(ev.LEAVE_THE_GAME, len(r.removed))

    def _forbidden(self):
        """The villages the scout may not enter now: those entered this turn (the start too) and other scouts'
        (its own stands on the last village entered; -1, off the board, is no village)."""
        return set(self.visited).union(self.scout)

    def _steps(self):
        return steps(self.board, self.net, self.sides, self.scout[self.current], self._forbidden(),
                     branch_walls_block_tracks=self.options.branch_walls_block_tracks)

    def _can_move(self):
        return can_move(self.board, self.net, self.sides, self.scout[self.current], self._forbidden(),
                        branch_walls_block_tracks=self.options.branch_walls_block_tracks)

    def _step(self, p, move):
        name, here = self.player_names[p], self.scout[p]
        if type(move) is Track:
            there = move.village
            self._record(ev.TRACK_WALKED, there, name, here)
        elif type(move) is Gate:
            line = move.line
            there = self.board.across(line, here)
            self.net.close(line)
            self._record(ev.GATE_PASSED, there, line, name, here, self.board.line_names[line])
        else:
            there, names = move.village, self.board.line_names
            self.net.close(move.up)
            self.net.close(move.down)
            self._record(ev.WALL_CLIMBED, there, move.up, move.down, name, names[move.up], names[move.down])
        self.scout[p] = there
        self.visited.append(there)
        self.phase = "lay"

    def _lay(self, p, tile):
        v = self.scout[p]
        self.active_tiles[p].remove(tile)
        self.stacks[v].append((p, tile))
        self._record(ev.TILE_LAID, v, len(self.stacks[v]), self.player_names[p])
        self._record(ev.LAID_TILE, v, tile, private_to=(p,))
        if not self.active_tiles[p]:
            self._record(ev.SCOUT_STAYS, v, self.player_names[p])
            self._end_turn()
            return
        self.phase = "move"
        if not self._can_move():
            self._record(ev.SCOUT_BLOCKED, v, self.player_names[p])
            self._discard(p)
            self._end_turn()

    def _discard(self, p):
        lost = self.active_tiles[p]
        self.discarded[p].extend(lost)
        self.active_tiles[p] = []
        self._record(ev.DISCARDED, len(lost), self.player_names[p])

    def _end_turn(self):
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left == 0:
                self.phase = "over"
                scored, totals = score_board(self.stacks, self.sides, self.players)
                self.scored = []
                self._record(ev.FINAL_ROUND_OVER)
                for s in scored:
                    self.scored.append((s.village, s.controller, s.points))
                    self._record(ev.VILLAGE_SCORED[s.case], s.village, s.points, SIDE_NAMES[s.side], s.case,
                                 self.player_names[s.controller])
                self._record(ev.FINAL_SCORES, totals,
                             ", ".join(f"{self.player_names[p]} {t}" for p, t in enumerate(totals)))
                return
        self.current = (self.current + 1) % self.players
        self._begin_turn()

    def _entry_villages(self):
        """Where a scout off the board may come back (DK-10)."""
        p = self.current
        others = {s for q, s in enumerate(self.scout) if q != p and s >= 0}
        own = []
        for v, stack in enumerate(self.stacks):
            if stack and stack[-1][0] == p and v not in others:
                if can_move(self.board, self.net, self.sides, v, others | {v},
                            branch_walls_block_tracks=self.options.branch_walls_block_tracks):
                    own.append(v)
        if own:
            return own
        empty = [v for v, stack in enumerate(self.stacks) if not stack and v not in others]
        return empty or [v for v in range(len(self.stacks)) if v not in others]

    # -- views, snapshot, scores ------------------------------------------------------------------------

    def _snapshot(self):
        return {
            "layout": self.board.name,
            "phase": self.phase, "current": self.current, "taken": self.taken, "visited": list(self.visited),
            "great_wall": self.net.great_wall(),
            "walls": sorted([line, state] for line, state in self.net.state.items()),
            "sides": list(self.sides),
            "stacks": [[list(t) for t in s] for s in self.stacks],
            "scouts": list(self.scout),
            "supply": self.supply, "out_of_game": self.out_of_game,
            "active_walls": list(self.active_walls),
            "active_tiles": [list(t) for t in self.active_tiles],
            "passive": [list(t) for t in self.passive],
            "discarded": [list(t) for t in self.discarded],
            "setup_hand": list(self.setup_hand), "setup_first": self.setup_first, "setup_second": self.setup_second,
            "trigger": self.trigger, "final_left": self.final_left,
        }

    def _view(self, player):
        public = {
            "layout": self.board.name,
            "phase": self.phase, "current": self.current, "taken": self.taken, "visited": list(self.visited),
            "great_wall": self.net.great_wall_lines(),
            "walls": sorted([line, "open" if s == OPEN else "closed"] for line, s in self.net.state.items()),
            "sides": [SIDE_NAMES[s] for s in self.sides],
            "stacks": [[owner for owner, _ in s] for s in self.stacks],
            "scouts": list(self.scout),
            "supply": self.supply, "out_of_game": self.out_of_game,
            "active_walls": list(self.active_walls),
            "active_tiles": [len(t) for t in self.active_tiles],
            "passive": [len(t) for t in self.passive],
            "discarded": [len(t) for t in self.discarded],
            "final_round": self.trigger is not None, "trigger": self.trigger,
        }
        if player is None:
            return public, {}
        private = {
            "active_tiles": sorted(self.active_tiles[player]),
            "controlled": {str(v): [k for _, k in s] for v, s in enumerate(self.stacks) if s and s[-1][0] == player},
            # the player may look at every tile of the villages they control (DK-18), so knows this score
            "score_if_the_game_ended_now": sum(score_village(v, s, self.sides[v]).points
                                               for v, s in enumerate(self.stacks) if s and s[-1][0] == player),
        }
        if self.phase == "setup" and self.current == player:
            private["setup_hand"] = list(self.setup_hand)
        return public, private

    def _scores(self):
        return score_board(self.stacks, self.sides, self.players)[1]

    def _end_reason(self):
        who = self.player_names[self.trigger] if self.trigger is not None else "nobody"
        return f"two supplies ran out ({who} announced the end) and the final round was played"

    # -- inspection --------------------------------------------------------------------------------

    @property
    def last_resolution(self):
        """The :class:`~greatwall_kit.dschingis_khan.walls.Resolution` of the latest loop or new end, or None."""
        found = self.resolutions()
        walls = [r.evidence for r in found if isinstance(r.evidence, Resolution)]
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
        out, log, board = [], self.log, self.board
        for i, event in enumerate(log):
            if event.kind in ev.RESOLUTIONS:
                # what the resolution told after it, in its decision: isolated pieces, sides, the final round
                end = i
                while end + 1 < len(log) and log[end + 1].kind in _TOLD_AFTER \
                        and log[end + 1].decision == event.decision:
                    end += 1
                # the event before is the wall's placement, the first event of its decision
                who = self.player_names.index(log[i - 1].data["who"])
                r = Resolution.from_dict(event.data, board=board, player=who,
                                         final_round=log[end].kind is ev.LEAVE_THE_GAME)
                what = "Loop closed" if r.kind == "loop" else "New end reached"
                out.append(Resolved(f"{what} by {board.describe_line(r.line)}", i, event.decision, r, i - 2,
                                    game=self, end=end))
        if self.phase == "over":
            scored = iter(self.village_scores())
            for i, event in enumerate(log):
                if event.kind in _VILLAGE_KINDS:
                    s = next(scored)
                    out.append(Resolved(f"Village {s.village} scored", i, event.decision, s, i - 1, game=self))
        # a scout's path starts from the position before its first step, the previous decision's last event
        out += [Resolved(title, i, log[i].decision, path, i - 1, game=self, end=path.until)
                for title, i, path in scout_paths(self)]
        return sorted(out, key=lambda r: r.event)

    def village_scores(self):
        """The :class:`~greatwall_kit.dschingis_khan.scoring.VillageScore` of every controlled village now."""
        return score_board(self.stacks, self.sides, self.players)[0]

    def side(self, village):
        """``'Mongolia'`` or ``'China'``."""
        return SIDE_NAMES[self.sides[village]]

    def graph(self):
        """The layered networkx model: tower lattice with walls, village graph with tracks and sides."""
        from .picture import graph

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
        from .picture import picture

        return picture(self, targets, highlight, hide)

    def move_element(self, move):
        """The board element a move is played on: ``l<line>`` for a wall, the village a scout step,
        a set-up or a laid tile goes to; ``None`` for taking supplies, passing, discarding, retreating.

        >>> game = new_game(seed=1)
        >>> game.move_element(Start(4, "farmer")), game.move_element(Wall(20)), game.move_element(Take("wall"))
        ('v4', 'l20', None)
        """
        kind = type(move)
        if kind is Wall:
            return f"l{move.line}"
        if kind in (Start, Scout, Enter, Track, Climb):
            return f"v{move.village}"
        if kind is Gate:
            here = self.scout[self.current]
            if here >= 0 and 0 <= move.line < len(self.board.lines) and here in self.board.faces[move.line]:
                return f"v{self.board.across(move.line, here)}"
            return None
        if kind is Lay and self.scout[self.current] >= 0:
            return f"v{self.scout[self.current]}"
        return None

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

    def _apply_step(self, change):
        """Make a rule step's ``change`` on this looking-only copy (see :mod:`.changes`)."""
        apply_change(self, change)

    # -- set-up positions ------------------------------------------------------------------------------

    def _setup_position(self, doc):
        from .position import setup_position

        setup_position(self, doc)


@lru_cache(maxsize=64)
def _start_sides(lattice):
    """The sides of a board's villages before any wall is placed (every new game on it starts so)."""
    return tuple(initial_sides(lattice, lattice.start_wall))


def new_game(players=2, seed=0, **options):
    """A new game of Dschingis Khan (see :class:`Options` for the variants)."""
    return DschingisKhan(players, seed, **options)

