"""Wall pieces on the lattice: placement, loops, new ends and their resolution.

The walls on the board always form one tree: the Great Wall, a simple path from a
tower on the west side to a tower on the east side, with branches hanging off it.
:class:`WallNetwork` keeps that tree in a form that makes every placement cheap:

- the Great Wall as a doubly linked list of towers (``east_of`` / ``west_of``);
- every branch tower points to its neighbour towards the Great Wall (``toward``);
- the lines where a piece may go (:meth:`WallNetwork.candidates`), updated in place after a plain
  branch and worked out again only after a loop or a new end.

Placing a piece either extends a branch, closes a loop with the Great Wall, reaches a
new end tower on a side of the board, or is refused. Resolving a loop walks only the
two routes, splices the longer one into the Great Wall, and flood-fills only the area
enclosed between them: work proportional to the wall and the area that changes side,
never to the board. The answer is a :class:`Resolution`, the evidence a student reads.

Examples
--------
>>> from greatwall_kit.dschingis_khan.lattice import rectangle
>>> board = rectangle(4, 4)
>>> net = WallNetwork(board)
>>> t = board.tower_at
>>> net.place(board.line_between(t[(1, 2)], t[(1, 1)])) is None    # a branch north from (1,2)
True
>>> net.place(board.line_between(t[(1, 1)], t[(2, 1)])) is None
True
>>> r = net.place(board.line_between(t[(2, 1)], t[(2, 2)]))         # back onto the Great Wall
>>> r.kind, r.old_length, r.new_length, r.kept, len(r.loop)
('loop', 1, 3, 'new', 4)
>>> [board.cell(v) for v in r.changed_side]
[(1, 1)]
>>> net.refusal(board.line_between(t[(3, 3)], t[(3, 4)]))
('DK-20', 'no wall touches tower (3,3) or tower (3,4): a new piece must connect to the Great Wall')
"""

from dataclasses import dataclass, field, fields

from ..engine.errors import PositionError
from ..engine.records import Record
from ..engine.steps import steps_of
from .sides import enclosed_villages

__all__ = ["Resolution", "WallNetwork", "OPEN", "CLOSED"]

NONE, OPEN, CLOSED = 0, 1, 2


@dataclass(frozen=True)
class Resolution(Record):
    """What happened when a piece closed a loop with the Great Wall or reached a new end tower.

    Attributes
    ----------
    kind : str
        ``'loop'`` (DK-22/23) or ``'new end'`` (DK-25).
    line : int
        The piece just placed.
    junctions : tuple of int
        The towers where the two routes meet (for a new end: the junction and the two end towers).
    old_route, new_route : tuple of int
        The lines of the Great Wall's old section and of the newly completed section.
    old_length, new_length : int
    kept : str
        ``'new'`` if the new route became part of the Great Wall, ``'old'`` if the old one stayed.
    removed_route : tuple of int
        The lines of the shorter (or, on a tie, the new) route, removed.
    removed_isolated : tuple of int
        Lines left without connection to the Great Wall by that removal, removed too (DK-24).
    changed_side : tuple of int
        The villages that changed side (enclosed between the two routes), empty if the old route stayed.
    reason : str
        Why the route that went was removed, in words.

    Its context, which equality and :meth:`to_dict` leave out: ``board``, the :class:`~.lattice.Lattice` (the
    steps name lines and towers by their coordinates), and, for a resolution read back from a game's log
    (:meth:`~greatwall_kit.dschingis_khan.DschingisKhan.resolutions`), ``player``, who placed the wall, and
    ``final_round``, whether the removed pieces left the game (DK-29) instead of going back to the supply.
    """

    kind: str
    line: int
    junctions: tuple
    old_route: tuple
    new_route: tuple
    old_length: int
    new_length: int
    kept: str
    removed_route: tuple
    removed_isolated: tuple
    changed_side: tuple
    reason: str
    board: object = field(default=None, compare=False, repr=False)
    player: int | None = field(default=None, compare=False, repr=False)
    final_round: bool = field(default=False, compare=False, repr=False)

    @property
    def loop(self):
        """The lines of the loop: the old route and the new route together (for a new end, the
        board's side closes it)."""
        return self.old_route + self.new_route

    @property
    def removed(self):
        """Every line removed, the route first."""
        return self.removed_route + self.removed_isolated

    def explain(self, lattice):
        """The evidence in words, lines and villages named by their towers and fields.

        >>> from greatwall_kit.dschingis_khan.lattice import rectangle
        >>> board = rectangle(3, 2)
        >>> net = WallNetwork(board)
        >>> t = board.tower_at
        >>> _ = net.place(board.line_between(t[(1, 1)], t[(1, 0)]))
        >>> _ = net.place(board.line_between(t[(1, 0)], t[(2, 0)]))
        >>> print(net.place(board.line_between(t[(2, 0)], t[(2, 1)])).explain(board))
        loop closed by (2,0)-(2,1) between towers (1,1) and (2,1)
          old route (1 piece): (1,1)-(2,1)
          new route (3 pieces): (1,0)-(1,1) (1,0)-(2,0) (2,0)-(2,1)
          kept: the new route; removed: (1,1)-(2,1)
          why: the Great Wall's section of 1 piece is shorter than the new route of 3
          isolated pieces removed: none
          villages that changed side: 1 at (1,0)
        """
        def lines(ls):
            return " ".join(lattice.describe_line(x) for x in ls) or "none"

        def pieces(n):
            return f"{n} piece" + ("" if n == 1 else "s")

        xy = [f"({lattice.towers[t][0]},{lattice.towers[t][1]})" for t in self.junctions]
        head = (f"loop closed by {lattice.describe_line(self.line)} between towers {xy[0]} and {xy[1]}"
                if self.kind == "loop" else
                f"new end reached by {lattice.describe_line(self.line)}: junction {xy[0]}, old end {xy[1]}, "
                f"new end {xy[2]}")
        return "\n".join([
            head,
            f"  old route ({pieces(self.old_length)}): {lines(self.old_route)}",
            f"  new route ({pieces(self.new_length)}): {lines(self.new_route)}",
            f"  kept: the {self.kept} route; removed: {lines(self.removed_route)}",
            f"  why: {self.reason}",
            f"  isolated pieces removed: {lines(self.removed_isolated)}",
            "  villages that changed side: "
            + (", ".join("{} at ({},{})".format(v, *lattice.cell(v)) for v in self.changed_side) or "none"),
        ])

    def to_dict(self):
        """A JSON-able dict of the evidence (its context left out)."""
        data = self.__dict__
        return {k: list(data[k]) if isinstance(data[k], tuple) else data[k] for k in _DATA}

    @classmethod
    def from_dict(cls, data, **context):
        """The evidence back from :meth:`to_dict` (e.g. from the data of the event that recorded it), with its
        context (``board``, ``player``, ``final_round``)."""
        # (the fields by name: mypy cannot match a dict's values to them)
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}, **context)  # type: ignore[arg-type]

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


#: The fields of a resolution's evidence proper (the rest is its context).
_DATA = tuple(f.name for f in fields(Resolution) if f.compare)


class WallNetwork:
    """The walls on a board and the Great Wall among them (mutable, fast).

    Parameters
    ----------
    lattice : Lattice
    great_wall : sequence of int, optional
        Towers of the Great Wall, west to east (default: the layout's starting wall).
    branches : sequence of int, optional
        Further lines with a wall, which must hang off the Great Wall as a forest.
    """

    def __init__(self, lattice, great_wall=None, branches=()):
        self.lattice = lattice
        n_towers = len(lattice.towers)
        self.state = {}                        # line -> OPEN / CLOSED, in placement order
        self._cached = None                    # candidates() until the walls change
        self._open = None                      # open_beside() until a piece is placed, removed or closed
        self.degree = [0] * n_towers           # walls at each tower
        self.on_wall = [False] * n_towers      # tower of the Great Wall
        self.east_of = [-1] * n_towers         # Great Wall as a doubly linked list
        self.west_of = [-1] * n_towers
        self.toward = [-1] * n_towers          # branch tower -> next tower towards the Great Wall
        path = list(lattice.start_towers if great_wall is None else great_wall)
        self.west_end, self.east_end = path[0], path[-1]
        self.length = len(path) - 1
        for a, b in zip(path, path[1:], strict=False):
            self._add(lattice.line_at[(a, b)])
            self.east_of[a], self.west_of[b] = b, a
        for t in path:
            self.on_wall[t] = True
        self._hang(list(branches))

    # -- questions ----------------------------------------------------------------------------

    def great_wall(self):
        """The towers of the Great Wall, west to east."""
        out, t = [], self.west_end
        while t != -1:
            out.append(t)
            t = self.east_of[t]
        return out

    def great_wall_lines(self):
        """The lines of the Great Wall, west to east."""
        towers = self.great_wall()
        return [self.lattice.line_at[(a, b)] for a, b in zip(towers, towers[1:], strict=False)]

    def on_great_wall_line(self, line):
        """Whether the wall on ``line`` is a piece of the Great Wall (not of a branch)."""
        a, b = self.lattice.lines[line]
        return self.east_of[a] == b or self.east_of[b] == a

    def refusal(self, line):
        """``None`` if a wall may go on ``line`` now, else ``(rule_id, reason)``."""
        lat = self.lattice
        if not 0 <= line < len(lat.lines):
            return "DK-20", f"there is no line {line} on this board"
        if not lat.inner[line]:
            return "DK-20", f"{lat.describe_line(line)} is on the edge of the board, not between two villages"
        if line in self.state:
            return "DK-20", f"{lat.describe_line(line)} already has a wall"
        u, v = lat.lines[line]
        if not self.degree[u] and not self.degree[v]:
            return "DK-20", (f"no wall touches tower {_xy(lat, u)} or tower {_xy(lat, v)}: "
                             "a new piece must connect to the Great Wall")
        if self.degree[u] and self.degree[v]:
            ju, jv = self._junction(u)[-1], self._junction(v)[-1]
            if ju == jv:
                return "DK-26", (f"it would close a loop that does not run along the Great Wall "
                                 f"(both ends lead back to it at tower {_xy(lat, ju)})")
        return None

    def candidates(self):
        """Every line where a wall may go now (in a deterministic order; cached until the walls change)."""
        if self._cached is not None:
            return self._cached
        lat, state, degree, on_wall, toward = self.lattice, self.state, self.degree, self.on_wall, self.toward
        towers: dict[int, None] = {}
        for line in state:
            a, b = lat.lines[line]
            towers[a] = towers[b] = None
        junction: dict[int, int] = {}

        def root(t):
            j = junction.get(t)
            if j is None:
                j = t
                while not on_wall[j]:
                    j = toward[j]
                junction[t] = j
            return j

        seen, out = set(), []
        for t in towers:
            for cand in lat.tower_lines[t]:
                if cand in state or cand in seen:
                    continue
                seen.add(cand)
                a, b = lat.lines[cand]
                if degree[a] and degree[b] and root(a) == root(b):
                    continue  # DK-26: a loop off the wall
                out.append(cand)
        self._cached = out
        return out

    def open_beside(self):
        """``(line, village)`` for every open piece, in placement order, and each village beside it (north or
        west first): where a scout may climb down (cached until a piece comes, goes or closes)."""
        if self._open is None:
            faces = self.lattice.faces
            self._open = [(line, v) for line, s in self.state.items() if s == OPEN for v in faces[line]]
        return self._open

    # -- placing ------------------------------------------------------------------------------

    def place(self, line):
        """Put an open wall on ``line`` (which must be legal) and resolve what it closes.

        Returns ``None`` for a plain branch, else the :class:`Resolution` of the loop or new end.
        """
        lat = self.lattice
        u, v = lat.lines[line]
        if not self.degree[u]:
            u, v = v, u  # u is on the network
        v_known = self.degree[v] > 0
        before = self._cached
        self._add(line)
        if v_known:
            return self._loop(line, u, v)
        if lat.side_of_tower[v]:
            return self._new_end(line, u, v)
        self.toward[v] = u
        if before is not None:
            self._cached = self._grown(before, line, v)
        return None

    def _loop(self, line, u, v):
        lat = self.lattice
        path_u, path_v = self._junction(u), self._junction(v)
        ju, jv = path_u[-1], path_v[-1]
        new_towers = path_u[::-1] + path_v             # ju ... u, v ... jv
        old_towers, eastward = self._walk_between(ju, jv)
        new_lines = _lines(lat, new_towers)
        old_lines = _lines(lat, old_towers)
        if len(new_lines) > len(old_lines):
            removed, isolated = self._drop(old_lines, old_towers[1:-1])
            self._splice(new_towers, eastward)
            self.length += len(new_lines) - len(old_lines)
            polygon = old_towers + new_towers[-2:0:-1]
            changed = enclosed_villages(lat, polygon, set(old_lines) | set(new_lines))
            kept = "new"
            reason = (f"the Great Wall's section of {pieces(len(old_lines))} is shorter than the new route "
                      f"of {len(new_lines)}")
        else:
            removed, isolated = self._drop(new_lines, new_towers[1:-1])
            changed, kept = [], "old"
            reason = (f"the new route of {pieces(len(new_lines))} is "
                      + ("as long as" if len(new_lines) == len(old_lines) else "shorter than")
                      + f" the Great Wall's section of {len(old_lines)}"
                      + (": on a tie the newly completed route goes" if len(new_lines) == len(old_lines) else ""))
        return Resolution._of("loop", line, (ju, jv), tuple(old_lines), tuple(new_lines), len(old_lines),
                              len(new_lines), kept, tuple(removed), tuple(isolated), tuple(changed), reason, lat)

    def _new_end(self, line, u, v):
        lat = self.lattice
        path_u = self._junction(u)
        ju = path_u[-1]
        new_towers = path_u[::-1] + [v]                # ju ... u, v
        west = lat.side_of_tower[v] == "west"
        old_towers, t = [ju], ju
        step = self.west_of if west else self.east_of
        while step[t] != -1:
            t = step[t]
            old_towers.append(t)
        old_end = old_towers[-1]
        new_lines, old_lines = _lines(lat, new_towers), _lines(lat, old_towers)
        if len(new_lines) > len(old_lines):
            removed, isolated = self._drop(old_lines, old_towers[1:])
            self._splice(new_towers, not west)
            self.length += len(new_lines) - len(old_lines)
            if west:
                self.west_end = v
            else:
                self.east_end = v
            polygon = old_towers + _along_side(lat, old_end, v) + new_towers[-1:0:-1]
            changed = enclosed_villages(lat, polygon, set(old_lines) | set(new_lines))
            kept = "new"
            reason = (f"the old end section of {pieces(len(old_lines))} is shorter than the new one "
                      f"of {len(new_lines)}")
        else:
            removed, isolated = self._drop(new_lines, new_towers[1:])
            changed, kept = [], "old"
            tie = len(new_lines) == len(old_lines)
            reason = (f"the new end section of {pieces(len(new_lines))} is "
                      + ("as long as" if tie else "shorter than")
                      + f" the old one of {len(old_lines)}"
                      + (": on a tie the newly completed route goes" if tie else ""))
        return Resolution._of("new end", line, (ju, old_end, v), tuple(old_lines), tuple(new_lines),
                              len(old_lines), len(new_lines), kept, tuple(removed), tuple(isolated), tuple(changed),
                              reason, lat)

    # -- close and open -----------------------------------------------------------------------

    def close(self, line):
        """Turn an open piece over (a scout passed)."""
        self.state[line] = CLOSED
        self._open = None

    # -- internals ------------------------------------------------------------------------------

    def _add(self, line):
        self._cached = self._open = None
        a, b = self.lattice.lines[line]
        self.state[line] = OPEN
        self.degree[a] += 1
        self.degree[b] += 1

    def _remove(self, line):
        self._cached = self._open = None
        a, b = self.lattice.lines[line]
        del self.state[line]
        self.degree[a] -= 1
        self.degree[b] -= 1

    def _grown(self, before, line, v):
        """:meth:`candidates` after a plain branch ``line`` reached the new tower ``v``, from the list before.

        Three out of four placements are plain branches; updating the list costs a pass over it instead of
        a pass over every tower of the network. The order stays the one :meth:`candidates` builds (towers
        in the order their first wall was placed, ``v`` now last): lines from ``v`` to towers without a
        wall come last, lines from ``v`` to the network keep their place unless they would now close a
        loop off the Great Wall (DK-26).
        """
        lat, degree = self.lattice, self.degree
        root = self._junction(v)[-1]
        looping, fresh = {line}, []
        for cand in lat.tower_lines[v]:
            if cand == line:
                continue
            a, b = lat.lines[cand]
            w = b if a == v else a
            if not degree[w]:
                fresh.append(cand)
            elif self._junction(w)[-1] == root:
                looping.add(cand)
        out = [cand for cand in before if cand not in looping]
        out += fresh
        return out

    def _junction(self, t):
        """The towers from ``t`` along its branch to the Great Wall (``t`` first, the junction last)."""
        path = [t]
        while not self.on_wall[t]:
            t = self.toward[t]
            path.append(t)
        return path

    def _walk_between(self, a, b):
        """The Great Wall's towers from ``a`` to ``b`` and whether that is eastwards; walks both ways at once."""
        e = w = a
        east, west = [a], [a]
        while e != -1 or w != -1:
            if e != -1:
                e = self.east_of[e]
                east.append(e)
                if e == b:
                    return east, True
            if w != -1:
                w = self.west_of[w]
                west.append(w)
                if w == b:
                    return west, False
        raise ValueError(f"towers {a} and {b} are not both on the Great Wall")

    def _splice(self, towers, eastward):
        """Make ``towers`` (from a Great Wall tower outwards) the Great Wall's route in that direction."""
        for a, b in zip(towers, towers[1:], strict=False):
            if eastward:
                self.east_of[a], self.west_of[b] = b, a
            else:
                self.west_of[a], self.east_of[b] = b, a
            self.on_wall[b] = True
            self.toward[b] = -1

    def _drop(self, route_lines, inner_towers):
        """Remove a route, then every piece its inner towers leave without connection (DK-24)."""
        lat = self.lattice
        for line in route_lines:
            self._remove(line)
        isolated = []
        todo = list(inner_towers)
        while todo:
            t = todo.pop()
            self.on_wall[t] = False
            self.east_of[t] = self.west_of[t] = self.toward[t] = -1
            for line in lat.tower_lines[t]:
                if line in self.state:
                    self._remove(line)
                    isolated.append(line)
                    a, b = lat.lines[line]
                    todo.append(b if a == t else a)
        return route_lines, isolated

    def _hang(self, lines):
        """Attach given branch lines (a position's set-up), breadth first from the Great Wall."""
        lat, pending = self.lattice, list(lines)
        while pending:
            rest = []
            for line in pending:
                a, b = lat.lines[line]
                if lat.side_of_tower[a] or lat.side_of_tower[b]:
                    raise PositionError(f"branch {lat.describe_line(line)} reaches a side tower: "
                                        "only the Great Wall ends on a side of the board", rule="DK-25")
                if self.degree[a] and not self.degree[b]:
                    self._add(line)
                    self.toward[b] = a
                elif self.degree[b] and not self.degree[a]:
                    self._add(line)
                    self.toward[a] = b
                else:
                    rest.append(line)
            if len(rest) == len(pending):
                looped = [x for x in rest if all(self.degree[t] for t in lat.lines[x])]
                if looped:
                    raise PositionError(f"the wall on {lat.describe_line(looped[0])} would close a loop: "
                                        "the walls on the board form a tree", rule="DK-26")
                raise PositionError("lines " + ", ".join(lat.describe_line(x) for x in rest)
                                    + " are not connected to the Great Wall", rule="DK-20")
            pending = rest


def pieces(n):
    """``n`` pieces of wall in words: ``1 piece``, ``3 pieces``."""
    return f"{n} piece{'' if n == 1 else 's'}"


def _xy(lattice, tower):
    x, y = lattice.towers[tower]
    return f"({x},{y})"


def _lines(lattice, towers):
    return [lattice.line_at[(a, b)] for a, b in zip(towers, towers[1:], strict=False)]


def _along_side(lattice, a, b):
    """Towers strictly between ``a`` and ``b`` along their side of the board (same x)."""
    x, ya = lattice.towers[a]
    _, yb = lattice.towers[b]
    step = 1 if yb > ya else -1
    return [lattice.tower_at[(x, y)] for y in range(ya + step, yb, step)]
