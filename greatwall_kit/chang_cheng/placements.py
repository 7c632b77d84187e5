"""Putting pieces on the wall, and where they may go: the placement half of :class:`~.game.ChangCheng`.

A mixin: the state machine in :mod:`.game` calls these methods; they read and change the game's
lists (``occ``, ``piece``, ``reserved``...). Legal placements are filters of the kept lists of empty and
reserved squares (fast, no networkx); the tests check them against the wall graph and against an
independent reading of the rules.
"""

from itertools import compress, filterfalse, islice
from operator import eq, not_

from .board import DOUBLE, SINGLE, TOWER
from .cards import CARD_AT
from .moves import DOUBLE_AT, SINGLE_AT, TOWER_AT, Card, Double, Single, Tower

__all__ = ["Placements"]


class Placements:
    """Placing pieces and cards (CC-06..CC-13, CC-18) and the legal placements (CC-41, CC-47)."""

    # -- placing pieces -----------------------------------------------------------------------

    def _place(self, p, move):
        """Put a piece or card on the board; returns the follow-up steps (reserve, peek, scorings)."""
        name = self.player_names[p]
        pof = self.wall.province_of
        if isinstance(move, Card):
            self.hand[p].remove(move.kind)
            self.cards_in[move.province].append((p, move.kind))
            self.card_at[p, move.kind] = move.province
            self.placed.append(("card", move.province))
            self._emit(f"{name} places an action card face down in province {move.province}.",
                       "CC-08" if len(self.placed) == 2 and self.placed[0][0] == "card" and
                       self.placed[0][1] == move.province else "CC-07", player=p, province=move.province)
            self._emit(f"You placed your {move.kind} in province {move.province}.", "CC-28", private_to=(p,),
                       kind=move.kind, province=move.province)
            return []
        s = move.square
        if isinstance(move, Single):
            self.singles[p] -= 1
            self.occ[s] = p
            self.piece[s] = SINGLE
            squares = [s]
            rule = "CC-06" if not self.placed or self.placed[0][0] == "single" else "CC-08"
            self.placed.append(("single", pof[s]))
            self._emit(f"{name} places a single block on square {s} (province {pof[s]}).", rule, player=p,
                       square=s)
        elif isinstance(move, Double):
            t = self.wall.right[s]
            self.doubles[p] -= 1
            squares = [s, t]
            for q in squares:
                self.occ[q] = p
                self.piece[q] = DOUBLE
            self.placed.append(("double", pof[s]))
            self.placed.append(("double", pof[t]))
            provinces = len({pof[s], pof[t]})
            regions = len({self.wall.region_of[s], self.wall.region_of[t]})
            self.points[p] += provinces + regions
            self._emit(f"{name} places the double block on squares {s} and {t}.", "CC-09", player=p,
                       squares=squares)
            self._emit(f"It touches {provinces} province(s) and {regions} Mongol region(s): {name} scores "
                       f"{provinces + regions} at once.", "CC-10", player=p, points=provinces + regions)
        else:
            self.towers[p] -= 1
            self.occ[s] = p
            self.piece[s] = TOWER
            squares = [s]
            self.placed.append(("tower", pof[s]))
            self._emit(f"{name} places the tower on square {s}.", "CC-12", player=p, square=s)
        done = self._occupy(squares)
        follow = [("reserve", s)] if isinstance(move, Tower) else []
        follow.append(("peek", tuple(squares)))
        follow.extend(("score", pr) for pr in done)
        return follow

    def _occupy(self, squares):
        """Book-keeping for newly occupied squares; returns the provinces they completed (CC-18)."""
        done = []
        pof = self.wall.province_of
        for s in squares:
            self.n_empty -= 1
            self.empty.remove(s)
            if self.reserved[s] >= 0:
                self.reserved[s] = -1
                self.reserved_at.remove(s)
            pr = pof[s]
            self.empty_in[pr] -= 1
            if self.empty_in[pr] == 0:
                self.completed[pr] = True
                done.append(pr)
            if "observers" in self.events:
                r = self.wall.region_of[s]
                if not self.revealed[r] and self.threat[r] is not None:
                    self.revealed[r] = True
                    self._emit(f"Observers: square {s} is occupied, so the threat counter of region {r} is "
                               f"turned face up: {self.threat[r]}.", "CC-53", region=r, threat=self.threat[r])
        done.sort(key=self.wall.order.index)
        return done

    def _reserve(self, p, square):
        self.reserved[square] = p
        self.reserved_at.append(square)
        self._emit(f"Square {square}, next to {self.player_names[p]}'s tower, is reserved for "
                   f"{self.player_names[p]}'s single block.", "CC-13", player=p, square=square)

    # -- legal placements ---------------------------------------------------------------------
    # ``empty`` (the empty squares in wall order) and ``reserved_at`` (the squares with a reservation) are
    # kept up to date by ``_occupy`` and ``_reserve``, so no Python loop runs over the whole wall per decision
    # (random playouts build these lists at every turn); the filters are C-level (map, filterfalse, compress).

    def _index_squares(self):
        """Rebuild ``empty`` and ``reserved_at`` from ``occ`` and ``reserved`` (a new board, a set-up position)."""
        occ, res = self.occ, self.reserved
        self.empty = [s for s in self.wall.order if occ[s] < 0]
        self.reserved_at = [s for s in self.empty if res[s] >= 0]

    def _held(self, p):
        """Empty squares a binding reservation (CC-13) keeps for a player other than ``p`` (-1: for anyone)."""
        res, singles = self.reserved, self.singles
        return [s for s in self.reserved_at if (r := res[s]) != p and singles[r]]

    def _available(self, p):
        """Empty squares where player ``p`` may put a single block (reservations respected, CC-13)."""
        held = self._held(p)
        return list(filterfalse(held.__contains__, self.empty)) if held else list(self.empty)

    def binding_reservation(self, square):
        """The player a square is reserved for, or -1 (none, or lapsed: its owner has no single left, CC-13)."""
        r = self.reserved[square]
        return r if r >= 0 and self.singles[r] else -1

    def _free(self):
        """Empty squares that take a double, a tower or a neutral block (not reserved, or the reservation lapsed)."""
        held = self._held(-1)
        return list(filterfalse(held.__contains__, self.empty)) if held else list(self.empty)

    def _double_squares(self, free):
        # ``free`` is in wall order, so the square right of s is free exactly when it comes next in ``free``
        right = self.wall.right
        return list(compress(free, map(eq, map(right.__getitem__, free), islice(free, 1, None))))

    def _tower_squares(self, free):
        piece, left, right = self.piece, self.wall.left, self.wall.right
        near = set()  # the squares next to a tower (there are at most four towers: found by C-level index)
        t = -1
        for _ in range(piece.count(TOWER)):
            t = piece.index(TOWER, t + 1)
            near.update((left[t], right[t]))
        return list(filterfalse(near.__contains__, free)) if near else free

    def _uncompleted(self):
        """The provinces not completed yet, in number order."""
        completed = self.completed
        return list(compress(range(len(completed)), map(not_, completed)))

    def _first_moves(self, p):
        """The legal first placements of an action: any that starts a full action, if one exists (CC-41)."""
        avail = self._available(p) if self.singles[p] else []
        uncompleted = self._uncompleted()
        # every uncompleted province has an empty square; only reservations can keep p out of one
        if len(avail) == len(self.empty):
            provs = uncompleted
        else:
            pof = self.wall.province_of
            provs = sorted({pof[s] for s in avail})
        hand = self.hand[p]
        doubles = towers = ()
        if self.doubles[p] or self.towers[p]:
            free = self._free()
            if self.doubles[p]:
                doubles = self._double_squares(free)
            if self.towers[p]:
                towers = self._tower_squares(free)
        two_singles = self.options.actions == "five" and self.singles[p] >= 2 and len(provs) >= 2
        two_cards = len(hand) >= 2 and len(uncompleted) >= 2
        card_single = bool(hand) and bool(provs)
        if two_singles or two_cards or card_single or doubles or towers:
            moves = list(map(SINGLE_AT.__getitem__, avail)) if two_singles else []
            card_provinces = uncompleted if two_cards else (provs if card_single else ())
        else:
            moves = list(map(SINGLE_AT.__getitem__, avail))
            card_provinces = uncompleted
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
