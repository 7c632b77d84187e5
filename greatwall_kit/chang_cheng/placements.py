"""An action: its placements, the tower's reservation and the peek after each block (CC-05..18, CC-41).

A phase of play of :class:`~.game.ChangCheng`: agenda methods (the jobs ``second``, ``reserve`` and ``peek``,
the decisions ``first``, ``second``, ``reserve`` and ``peek``) and what they do to the board. Where a piece may
go is in :mod:`.squares`.
"""

from typing import TYPE_CHECKING

from .board import DOUBLE, SINGLE, TOWER
from .events import (
    CARD_PLACED,
    CARD_PLACED_PRIVATE,
    DOUBLE_PLACED,
    DOUBLE_SCORED,
    FIRST_TURN_ONE_BLOCK,
    NOT_PEEKED,
    OBSERVED,
    PEEK_SEEN,
    PEEKED,
    SINGLE_PLACED,
    SINGLE_PLACED_SECOND,
    SQUARE_RESERVED,
    TOWER_PLACED,
)
from .moves import SINGLE_AT, Card, Double, Peek, Single, Tower
from .squares import available, first_moves, peek_moves, reserve_moves, second_moves

if TYPE_CHECKING:
    from .attributes import ChangChengState as _State
else:
    _State = object  # the declarations are for the type checker only

__all__ = ["Placements"]


class Placements(_State):
    """The agenda methods of an action: placing pieces and cards (CC-06..CC-13, CC-18), then the peek (CC-16)."""

    # -- the first and the second placement -----------------------------------------------------------

    def _moves_first(self, p, context):
        if self.first_turn:
            return list(map(SINGLE_AT.__getitem__, available(self, p)))
        return first_moves(self, p)

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
            self._events.append((FIRST_TURN_ONE_BLOCK, self.player_names[p]))

    def _job_second(self):
        moves = second_moves(self, self.current)
        if moves:
            self._ask("second", self.current, None, moves)

    def _moves_second(self, p, context):
        return second_moves(self, p)

    def _on_second(self, p, context, move):
        self._place(p, move)

    # -- the tower's reservation (CC-13) and the peek (CC-16) ---------------------------------------

    def _job_reserve(self, tower):
        p = self.occ[tower]
        if not self.singles[p]:
            return
        moves = reserve_moves(self, tower)
        if len(moves) == 1:
            self._reserve(p, moves[0].square)
        elif moves:
            self._ask("reserve", p, tower, moves)

    def _moves_reserve(self, p, tower):
        return reserve_moves(self, tower)

    def _on_reserve(self, p, tower, move):
        self._reserve(p, move.square)

    def _job_peek(self, squares):
        moves = peek_moves(self, self.current, squares)
        if len(moves) > 1:  # no peek to offer but "nopeek": no decision (_offer, two calls fewer at 0.4 a decision)
            self._ask("peek", self.current, squares, moves)

    def _moves_peek(self, p, squares):
        return peek_moves(self, p, squares)

    def _on_peek(self, p, squares, move):
        if isinstance(move, Peek):
            self.known[p].add(move.region)
            self._events.append((PEEKED, p, move.region, self.player_names[p]))
            self._record_private((PEEK_SEEN, move.region, self.threat[move.region]), (p,))
        else:
            self._events.append((NOT_PEEKED, p, self.player_names[p]))

    # -- putting pieces down ------------------------------------------------------------------------

    def _place(self, p, move):
        """Put a piece or card on the board and push the steps that follow it (reserve, peek, scorings)."""
        name = self.player_names[p]
        placed = self.placed
        kind = move.__class__  # moves are final dataclasses: a class test is the cheapest dispatch
        if kind is Card:
            province = move.province
            self.hand[p].remove(move.kind)
            self.cards_in[province].append((p, move.kind))
            self.card_at[p, move.kind] = province
            placed.append(("card", province))  # (a second card goes to another province: CC-07; CC-08's is a single)
            self._events.append((CARD_PLACED, p, province, name))
            self._record_private((CARD_PLACED_PRIVATE, move.kind, province), (p,))
            return
        s = move.square
        pof = self.wall.province_of
        if kind is Single:
            self.singles[p] -= 1
            self.occ[s] = p
            self.piece[s] = SINGLE
            kind = SINGLE_PLACED if not placed or placed[0][0] == "single" else SINGLE_PLACED_SECOND
            placed.append(("single", pof[s]))
            self._events.append((kind, p, s, name, pof[s]))
            self._occupy((s,))
        elif kind is Double:
            t = self.wall.right[s]
            self.doubles[p] -= 1
            for q in (s, t):
                self.occ[q] = p
                self.piece[q] = DOUBLE
            placed.append(("double", pof[s]))
            placed.append(("double", pof[t]))
            provinces = len({pof[s], pof[t]})
            regions = len({self.wall.region_of[s], self.wall.region_of[t]})
            self.points[p] += provinces + regions
            self._events.append((DOUBLE_PLACED, p, [s, t], name))
            self._events.append((DOUBLE_SCORED, p, provinces + regions, provinces, regions, name))
            self._occupy((s, t))
        else:
            self.towers[p] -= 1
            self.occ[s] = p
            self.piece[s] = TOWER
            left, right = self.wall.left[s], self.wall.right[s]
            self.near_tower.update((left, right))
            self.tower_spots.pop(left, None)  # (no other tower next to this one, CC-12)
            self.tower_spots.pop(right, None)
            placed.append(("tower", pof[s]))
            self._events.append((TOWER_PLACED, p, s, name))
            self._occupy((s,))
            self._push(("reserve", s))

    def _occupy(self, squares):
        """Book-keeping for newly occupied squares (a tuple); pushes the steps that follow: the scoring of each
        province they completed (CC-18), under the peek at their regions (CC-16)."""
        done = []
        pof, empty_in, reserved = self.wall.province_of, self.empty_in, self.reserved
        empty, single_moves = self.empty, self.single_moves
        double_spots, tower_spots, left = self.double_spots, self.tower_spots, self.wall.left
        for s in squares:
            i = empty.index(s)
            del empty[i], single_moves[i]
            double_spots.pop(s, None)
            double_spots.pop(left[s], None)  # (a double there would cover s)
            tower_spots.pop(s, None)
            if reserved[s] >= 0:
                reserved[s] = -1
                self.reserved_at.remove(s)
            pr = pof[s]
            empty_in[pr] -= 1
            if not empty_in[pr]:
                self.completed[pr] = True
                i = self.uncompleted.index(pr)
                del self.uncompleted[i]
                for row in self.card_rows.values():
                    del row[i]
                done.append(pr)
            if "observers" in self.events:
                r = self.wall.region_of[s]
                if not self.revealed[r] and self.threat[r] is not None:
                    self.revealed[r] = True
                    self._events.append((OBSERVED, r, self.threat[r], s))
        self.n_empty -= len(squares)
        if done:
            # left to right (CC-19), by where each province starts in wall order (not by its number: a board
            # joined at the left end numbers its provinces after those to its right)
            order, first = self.wall.order, self.wall.province_squares
            done.sort(key=lambda pr: order.index(first[pr][0]))
            self._push(("peek", squares), *[("score", pr) for pr in done])
        else:
            self._push(("peek", squares))

    def _reserve(self, p, square):
        self.reserved[square] = p
        self.reserved_at.append(square)
        self._events.append((SQUARE_RESERVED, p, square, self.player_names[p]))
