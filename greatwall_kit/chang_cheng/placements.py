"""Putting pieces on the wall, and where they may go: the placement half of :class:`~.game.ChangCheng`.

A mixin: the state machine in :mod:`.game` calls these methods; they read and change the game's
lists (``occ``, ``piece``, ``reserved``...). Legal placements are filters of the kept lists of empty and
reserved squares (fast, no networkx); the tests check them against the wall graph and against an
independent reading of the rules.
"""

from itertools import compress, filterfalse, islice
from operator import eq

from .board import DOUBLE, SINGLE, TOWER
from .cards import CARD_AT
from .events import (CARD_PLACED, CARD_PLACED_PRIVATE, CARD_PLACED_SECOND, DOUBLE_PLACED, DOUBLE_SCORED, OBSERVED,
                     SINGLE_PLACED, SINGLE_PLACED_SECOND, SQUARE_RESERVED, TOWER_PLACED)
from .moves import DOUBLE_AT, SINGLE_AT, TOWER_AT, Card, Double, Single

__all__ = ["Placements"]


class Placements:
    """Placing pieces and cards (CC-06..CC-13, CC-18) and the legal placements (CC-41, CC-47)."""

    # -- placing pieces -----------------------------------------------------------------------

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
            placed.append(("card", province))
            second = len(placed) == 2 and placed[0] == ("card", province)
            self._record(CARD_PLACED_SECOND if second else CARD_PLACED, p, province, name)
            self._record(CARD_PLACED_PRIVATE, move.kind, province, private_to=(p,))
            return
        s = move.square
        pof = self.wall.province_of
        if kind is Single:
            self.singles[p] -= 1
            self.occ[s] = p
            self.piece[s] = SINGLE
            kind = SINGLE_PLACED if not placed or placed[0][0] == "single" else SINGLE_PLACED_SECOND
            placed.append(("single", pof[s]))
            self._record(kind, p, s, name, pof[s])
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
            self._record(DOUBLE_PLACED, p, [s, t], name)
            self._record(DOUBLE_SCORED, p, provinces + regions, provinces, regions, name)
            self._occupy((s, t))
        else:
            self.towers[p] -= 1
            self.occ[s] = p
            self.piece[s] = TOWER
            self.near_tower.update((self.wall.left[s], self.wall.right[s]))
            placed.append(("tower", pof[s]))
            self._record(TOWER_PLACED, p, s, name)
            self._occupy((s,))
            self._push(("reserve", s))

    def _occupy(self, squares):
        """Book-keeping for newly occupied squares (a tuple); pushes the steps that follow: the scoring of each
        province they completed (CC-18), under the peek at their regions (CC-16)."""
        done = []
        pof, empty_in, reserved = self.wall.province_of, self.empty_in, self.reserved
        empty, single_moves = self.empty, self.single_moves
        for s in squares:
            i = empty.index(s)
            del empty[i], single_moves[i]
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
                    self._record(OBSERVED, r, self.threat[r], s)
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
        self._record(SQUARE_RESERVED, p, square, self.player_names[p])

    # -- legal placements ---------------------------------------------------------------------
    # ``empty`` (the empty squares in wall order), ``single_moves`` (the Single moves onto them, item for item),
    # ``reserved_at`` (the squares with a reservation),
    # ``uncompleted`` (the provinces not completed, in number order), ``card_rows`` (per card kind, its Card
    # moves into the uncompleted provinces) and ``near_tower`` (the squares next to a tower) are kept up to
    # date by ``_place``, ``_occupy`` and ``_reserve``, so no Python loop runs over the whole wall per decision
    # (random playouts build these lists at every turn). Each pass over a list costs, even in C (map, filter):
    # reservations are few, so the lists without the held squares are copies with a few squares removed.
    # The lists answered may be the kept ones: callers read them, never change them.

    def _index_squares(self):
        """Rebuild the kept lists from ``occ``, ``reserved``, ``completed`` and ``piece`` (a new board, a set-up
        position)."""
        occ, res, piece, left, right = self.occ, self.reserved, self.piece, self.wall.left, self.wall.right
        self.empty = [s for s in self.wall.order if occ[s] < 0]
        self.single_moves = [SINGLE_AT[s] for s in self.empty]
        self.reserved_at = [s for s in self.empty if res[s] >= 0]
        self.uncompleted = [pr for pr, done in enumerate(self.completed) if not done]
        self.card_rows = {kind: [row[pr] for pr in self.uncompleted] for kind, row in CARD_AT.items()}
        # a new board at an end gives the tower there a new neighbour
        self.near_tower = {q for s, what in enumerate(piece) if what == TOWER for q in (left[s], right[s])}

    def _held(self, p):
        """Empty squares a binding reservation (CC-13) keeps for a player other than ``p`` (-1: for anyone)."""
        res, singles = self.reserved, self.singles
        held = []
        for s in self.reserved_at:  # one or two squares: a loop costs less than a comprehension
            r = res[s]
            if r != p and singles[r]:
                held.append(s)
        return held

    def _empty_but(self, held):
        """The empty squares in wall order, but the (few) squares ``held``."""
        squares = self.empty.copy()
        for s in held:
            squares.remove(s)
        return squares

    def _single_moves_but(self, held, run=(0, 0)):
        """The Single moves onto the empty squares, in wall order, but onto the (few) squares ``held`` and onto
        ``empty[i:j]`` for ``run`` = (i, j): the kept list with those cut out."""
        i, j = run
        cut = sorted(map(self.empty.index, held), reverse=True)  # from the right: the indices left stay right
        moves = self.single_moves.copy()
        for h in cut:
            if h >= j:
                del moves[h]
        del moves[i:j]
        for h in cut:
            if h < i:
                del moves[h]
        return moves

    def _available(self, p):
        """Empty squares where player ``p`` may put a single block (reservations respected, CC-13)."""
        held = self._held(p) if self.reserved_at else ()
        return self._empty_but(held) if held else self.empty

    def binding_reservation(self, square):
        """The player a square is reserved for, or -1 (none, or lapsed: its owner has no single left, CC-13)."""
        r = self.reserved[square]
        return r if r >= 0 and self.singles[r] else -1

    def _free(self):
        """Empty squares that take a double, a tower or a neutral block (not reserved, or the reservation lapsed)."""
        held = self._held(-1) if self.reserved_at else ()
        return self._empty_but(held) if held else self.empty

    def _double_squares(self, free):
        # ``free`` is in wall order, so the square right of s is free exactly when it comes next in ``free``
        right = self.wall.right
        return list(compress(free, map(eq, map(right.__getitem__, free), islice(free, 1, None))))

    def _tower_squares(self, free):
        near = self.near_tower
        return list(filterfalse(near.__contains__, free)) if near else free

    def _first_moves(self, p):
        """The legal first placements of an action: any that starts a full action, if one exists (CC-41)."""
        singles = self.singles[p]
        uncompleted = self.uncompleted
        held = self._held(p) if singles and self.reserved_at else ()
        if not singles:
            single_moves = provs = ()
        elif held:
            single_moves = self._single_moves_but(held)
            # every uncompleted province has an empty square: p is kept out of one only where all are held
            pof, empty_in = self.wall.province_of, self.empty_in
            inside = [pof[s] for s in held]
            closed = [pr for pr in inside if inside.count(pr) == empty_in[pr]]
            provs = [pr for pr in uncompleted if pr not in closed] if closed else uncompleted
        else:
            single_moves, provs = self.single_moves, uncompleted
        hand = self.hand[p]
        doubles = towers = ()
        if self.doubles[p] or self.towers[p]:
            free = self._free()
            if self.doubles[p]:
                doubles = self._double_squares(free)
            if self.towers[p]:
                towers = self._tower_squares(free)
        two_singles = singles >= 2 and len(provs) >= 2 and self.options.actions == "five"
        two_cards = len(hand) >= 2 and len(uncompleted) >= 2
        card_single = bool(hand) and bool(provs)
        if two_singles or two_cards or card_single or doubles or towers:
            moves = list(single_moves) if two_singles else []
            card_provinces = uncompleted if two_cards else (provs if card_single else ())
        else:
            moves = list(single_moves)
            card_provinces = uncompleted
        if card_provinces is uncompleted:  # the usual case: the kept rows
            rows = self.card_rows
            for k in hand:
                moves += rows[k]
        else:
            for k in hand:
                moves += map(CARD_AT[k].__getitem__, card_provinces)
        moves += map(DOUBLE_AT.__getitem__, doubles)
        moves += map(TOWER_AT.__getitem__, towers)
        return moves

    def _neutral_squares(self):
        """Where the neutral block may go after this action (CC-47)."""
        pof = self.wall.province_of
        kinds = [k for k, _ in self.placed]
        provinces = [pr for _, pr in self.placed]
        if len(self.placed) == 2 and kinds[0] == kinds[1] and kinds[0] in ("single", "card"):
            allowed = lambda pr: pr in provinces  # noqa: E731
        else:
            allowed = lambda pr: pr not in provinces  # noqa: E731
        return [s for s in self._free() if allowed(pof[s])]
