"""Placing, the second step of a turn (DK-09 to DK-21): walls one at a time, or the scout's steps each followed by
a tile laid, or taking a blocked scout off the board. A phase of the agenda (a mixin of
:class:`~greatwall_kit.dschingis_khan.DschingisKhan`): the jobs ``place`` and ``walls``, the decisions ``place``,
``walls``, ``move`` and ``lay``.
"""

from typing import TYPE_CHECKING

from ..engine.log import later
from . import events as ev
from .moves import DISCARD, LAY, PASS, RETREAT, SCOUT_MOVES, Discard, Gate, Pass, Track, Wall
from .scoring import KINDS
from .scouts import can_move, steps
from .sides import SIDE_NAMES
from .walls import pieces

if TYPE_CHECKING:
    from .attributes import DschingisKhanState as _State
else:
    _State = object  # the declarations are for the type checker only

__all__ = ["Placing", "END_TURN"]

#: The job that ends a turn (see :meth:`DschingisKhan._job_end_turn`).
END_TURN = ("end_turn",)
_WALLS = ("walls",)


class Placing(_State):
    """The jobs and decisions of placing pieces (DK-09 to DK-21)."""

    def _job_place(self):
        """Ask what to place; end the turn at once when there is nothing to decide: no tiles, no wall that fits,
        and a scout that can move (a blocked scout could still be taken off, DK-19)."""
        p = self.current
        if self.active_tiles[p] or (self.active_walls[p] and self.net.candidates()) or not self._can_move():
            self._ask("place", p)
            return
        self._events.append((ev.NOTHING_TO_PLACE, self.player_names[p]))
        self._push(END_TURN)

    def _moves_place(self, p, context):
        """Every way to begin placing."""
        out = []
        if self.active_walls[p]:
            wall = self.made.wall
            out += [wall[line] for line in self.net.candidates()]
        if self.active_tiles[p]:
            moves = self._steps()
            out += moves or [DISCARD]
            blocked = not moves
        else:
            blocked = not self._can_move()
        if blocked:
            if not out:
                out.append(PASS)   # nothing to place: taking the scout off is a choice, not a must
            out.append(RETREAT)
        return out

    def _on_place(self, p, context, move):
        kind = type(move)
        if kind is Wall:
            # the turn is one of walls now (DK-09): the wall is the first answer to that decision, so a position
            # part-way through placing it shows the walls step, as every later wall's does
            self._ask("walls", p)
            self._apply(move)
            return
        if kind in SCOUT_MOVES:
            self._on_move(p, context, move)
            return
        if kind is Discard:
            self._discard(p)
        elif kind is Pass:
            self._events.append((ev.PASSED, self.player_names[p]))
        else:  # Retreat
            self._events.append((ev.RETREATED, self.scout[p], self.player_names[p]))
            self.scout[p] = -1
        self._push(END_TURN)

    def _job_walls(self):
        p = self.current
        if not self.active_walls[p]:
            self._push(END_TURN)
            return
        moves = self._moves_walls(p, None)
        if moves:
            self._ask("walls", p, None, moves)
            return
        self._events.append((ev.NO_LINE_LEFT, self.player_names[p]))
        self._push(END_TURN)

    def _moves_walls(self, p, context):
        wall = self.made.wall
        return [wall[line] for line in self.net.candidates()]

    def _on_walls(self, p, context, move):
        line = move.line
        self.active_walls[p] -= 1
        resolution = self.net.place(line)
        self._events.append((ev.WALL_PLACED, line, self.player_names[p], self.board.line_names[line]))
        if resolution is not None:
            self._resolve(resolution)
        self._push(_WALLS)

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
        self._events.append((kind, *r.to_dict().values(), later(pieces, r.old_length),
                             "old" if r.kept == "new" else "new"))
        if r.removed_isolated:
            n = len(r.removed_isolated)
            self._events.append((ev.ISOLATED_REMOVED, list(r.removed_isolated), later(pieces, n),
                                 "is" if n == 1 else "are"))
        if r.changed_side:
            *others, last = map(str, r.changed_side)
            listed = f"Villages {', '.join(others)} and {last} change" if others else f"Village {last} changes"
            self._events.append((ev.SIDES_CHANGED, list(r.changed_side), listed,
                                 SIDE_NAMES[self.sides[r.changed_side[0]]]))
        if self.trigger is not None:
            n = len(r.removed)
            self._events.append((ev.LEAVE_THE_GAME, later(pieces, n), "leaves" if n == 1 else "leave"))

    def _moves_move(self, p, context):
        return self._steps()

    def _on_move(self, p, context, move):
        name, here = self.player_names[p], self.scout[p]
        kind = type(move)
        if kind is Track:
            there = move.village
            self._events.append((ev.TRACK_WALKED, there, name, here))
        elif kind is Gate:
            line = move.line
            there = self.board.across(line, here)
            self.net.close(line)
            self._events.append((ev.GATE_PASSED, there, line, name, here, self.board.line_names[line]))
        else:
            there, names = move.village, self.board.line_names
            self.net.close(move.up)
            self.net.close(move.down)
            self._events.append((ev.WALL_CLIMBED, there, move.up, move.down, name, names[move.up], names[move.down]))
        self.scout[p] = there
        self.visited.append(there)
        self._ask("lay", p)

    def _moves_lay(self, p, context):
        tiles = self.active_tiles[p]
        return [LAY[k] for k in KINDS if k in tiles]

    def _on_lay(self, p, context, move):
        v = self.scout[p]
        self.active_tiles[p].remove(move.tile)
        self.stacks[v].append((p, move.tile))
        self._events.append((ev.TILE_LAID, v, len(self.stacks[v]), self.player_names[p]))
        self._record_private((ev.LAID_TILE, v, move.tile), (p,))
        if not self.active_tiles[p]:
            self._events.append((ev.SCOUT_STAYS, v, self.player_names[p]))
            self._push(END_TURN)
        elif not self._offer("move", p, least=1):
            self._events.append((ev.SCOUT_BLOCKED, v, self.player_names[p]))
            self._discard(p)
            self._push(END_TURN)

    def _discard(self, p):
        lost = self.active_tiles[p]
        self.discarded[p].extend(lost)
        self.active_tiles[p] = []
        n = len(lost)
        self._events.append((ev.DISCARDED, n, self.player_names[p], "leaves" if n == 1 else "leave"))

    def _forbidden(self):
        """The villages the scout may not enter now: those entered this turn (the start too) and other scouts'
        (its own stands on the last village entered; -1, off the board, is no village)."""
        return set(self.visited).union(self.scout)

    def _steps(self):
        return steps(self.board, self.net, self.sides, self.scout[self.current], self._forbidden(),
                     options=self.options)

    def _can_move(self):
        return can_move(self.board, self.net, self.sides, self.scout[self.current], self._forbidden(),
                        options=self.options)

