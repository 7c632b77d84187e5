"""The position as an SVG picture (for the board views), drawn with the keys of :mod:`.graph`.

The picture draws the elements of the graph: towers ``t<n>``, villages ``v<n>``, wall lines ``l<line>``, the
players' panels and the supply's. It shows only public information: the kinds of the face-down tiles are never
drawn, so neither is a score before the game ends.

Names: what the board draws is what every text says. A tower is named by its coordinates, ``(3,3)``, drawn beside
it (on a board too dense for that, along the axes); a line by its two towers, ``(2,2)-(2,3)``, north or west
first, which hovering or focusing the line also shows (with its number, the older name, for old texts; on a
board too dense for village numbers, only the walls are line elements); a village
by its number, drawn in its field; a player by name, in their panel. Moves, steps, the log and refusals use
these names; the legend says how to read them.

The quiz form (``hide=``, parts of :data:`greatwall_kit.engine.steps.QUIZ_PARTS`; a board shown with an exercise)
leaves out, every element group staying in place with its key:

- ``totals``: the Great Wall's length (a route's length: "Great Wall: 9 pieces" in the caption, "Great Wall of 9
  pieces" in the picture's title), which a loop's or a new end's verdict weighs against the new route;
- ``scores``: the score column of the players' panels once the game is over, drawn as "?" (before that it only says
  the score is known to its player);
- ``status``: who is to act, or "Game over", in the caption and the title;
- ``verdicts``: nothing: this picture works no outcome out ahead (which route goes, which step is legal, what a
  village scores are never drawn);
- ``counts``: the counts of the caption and the title (the Great Wall's pieces, the villages on each side) and of the
  panels (walls and tiles in hand, villages controlled, the common supply, pieces out of the game), drawn as "?";
  the stacks' heights stay (they are pieces on the board, like the walls a student counts);
- ``marks``: the highlights and targets: their outlines, signs, click cues and legend lines (a line or tower asked
  for on a dense board stays an element, drawn plain).

A caption with nothing left to say is left out.
"""

from functools import lru_cache
from html import escape
from typing import Any

from ..engine.log import counted
from ..engine.palette import HIGHLIGHT, TARGET, player_style
from ..engine.steps import picture_marks, quiz_parts
from .graph import BRANCH, GREAT_WALL, GRID, LAND, TOWER, TRACK, WIDTH, standing, stroke, wall_kind
from .moves import Climb, Enter, Gate, Lay, Scout, Start, Track, Wall
from .sides import SIDE_NAMES
from .walls import OPEN

__all__ = ["picture", "move_element", "LAND", "GREAT_WALL", "BRANCH"]

_TEXT = "#000000"
_CLOSED_DASH = "10,6"

_MAX_WIDTH, _MARGIN, _BIG_CELL = 900, 36, 88
_LEGEND_COLUMN, _ROW = 280, 24
_PANEL_X = (0, 80, 200, 285)   # the panels' columns: player, in hand, controls, score


def picture(game, targets=None, highlight=(), hide=()):
    """The board as a deterministic SVG document (see :meth:`DschingisKhan.picture`); ``hide`` draws its quiz form
    (see the module's docstring)."""
    hidden = quiz_parts(hide)
    lat = game.board
    targets, marks = picture_marks(targets, highlight, _keys(len(lat.villages), len(lat.towers), len(lat.lines),
                                                             tuple(game.player_names[:game.players])))
    return _Picture(game, targets, marks, hidden).svg()


def move_element(game, move):
    """The board element a move is played on: ``l<line>`` for a wall, the village a scout step,
    a set-up or a laid tile goes to; ``None`` for taking supplies, passing, discarding, retreating.

    >>> from greatwall_kit.dschingis_khan import new_game
    >>> game = new_game(seed=1)
    >>> move_element(game, Start(4, "farmer")), move_element(game, Wall(20)), game.move_element(Lay("farmer"))
    ('v4', 'l20', None)
    """
    kind = type(move)
    if kind is Wall:
        return f"l{move.line}"
    if kind in (Start, Scout, Enter, Track, Climb):
        return f"v{move.village}"
    here = game.scout[game.current]
    if kind is Gate:
        if here >= 0 and 0 <= move.line < len(game.board.lines) and here in game.board.faces[move.line]:
            return f"v{game.board.across(move.line, here)}"
        return None
    if kind is Lay and here >= 0:
        return f"v{here}"
    return None


@lru_cache(maxsize=16)
def _keys(villages, towers, lines, players):
    """The element keys of a board of this size (a 40 x 40 board has thousands: made once)."""
    return frozenset([*(f"v{i}" for i in range(villages)), *(f"t{i}" for i in range(towers)),
                      *(f"l{i}" for i in range(lines)), *players, "supply"])


class _Picture:
    """One drawing: the geometry of the board at this size, then the layers drawn in order.

    Each village is drawn as two groups of one element (``v<n>``): its land at the bottom, under the tracks and
    walls, and its contents (number, stack, scouts) on top of them. Every label sits where no highlight mark
    lands: tower labels south-east of their tower, village numbers in the north-east corner of the field, a
    village's sign above its centre, a line's at its middle, a tower's on the tower, a panel's in the margin.
    """

    targets: dict[str, Any]  # element -> its target move
    marks: dict[str, str]  # element -> its mark

    def __init__(self, game, targets, marks, hidden=frozenset()):
        self.game, self.hidden = game, hidden
        self.asked = {*targets, *marks}   # elements a dense board draws although no wall stands there
        self.targets, self.marks = ({}, {}) if "marks" in hidden else (targets, marks)
        lat = self.lat = game.board
        self.cell = min(_BIG_CELL, (_MAX_WIDTH - 2 * _MARGIN) // lat.columns)
        # "(x,y)" beside every tower when it fits beside the village number in a field, else on the axes
        widest = 7 * len(f"({lat.columns},{lat.rows})") + 9 * len(str(len(lat.villages) - 1)) + 23
        self.tower_labels = self.cell >= widest
        self.numbers = self.cell >= 40           # village numbers and stack heights (else only on hover)
        board_width = lat.columns * self.cell + 2 * _MARGIN
        self.width = max(board_width, 2 * _LEGEND_COLUMN + 2 * _MARGIN)
        self.x0 = (self.width - board_width) // 2 + _MARGIN
        self.y0 = _MARGIN
        self.board_bottom = self.y0 + lat.rows * self.cell + _MARGIN
        self.panel_rows = {name: self.board_bottom + 14 + _ROW * (p + 1)
                           for p, name in enumerate(game.player_names[:game.players])}
        self.panel_rows["supply"] = self.board_bottom + 14 + _ROW * (game.players + 1)

    # -- geometry -------------------------------------------------------------------------------

    def tower_xy(self, t):
        x, y = self.lat.towers[t]
        return self.x0 + x * self.cell, self.y0 + y * self.cell

    def village_xy(self, v):
        """The north-west corner of a village's field."""
        c, r = self.lat.villages[v]
        return self.x0 + c * self.cell, self.y0 + r * self.cell

    def line_xy(self, line):
        a, b = self.lat.lines[line]
        return (*self.tower_xy(a), *self.tower_xy(b))

    def target_attrs(self, key):
        """The attributes of an element's ``<g>``: its mark (``data-mark``) and, for a target, the click cue."""
        mark = f' data-mark="{self.marks[key]}"' if key in self.marks else ""
        if key not in self.targets:
            return mark
        return (f' class="gw-target" data-target="{key}" tabindex="0" role="button" '
                f'aria-label="{escape(str(self.targets[key]))}"{mark}')

    # -- the document ---------------------------------------------------------------------------

    def svg(self):
        panels, legend_top = self.panels(self.board_bottom)
        body = [*self.defs(), *self.villages(), *self.grid_and_tracks(), *self.lines(), *self.towers(),
                *self.axes(), *self.contents(), *panels, *self.mark_overlay()]
        legend, height = self.legend(legend_top)
        w = self.width
        role = "group" if self.targets else "img"
        return "".join([
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" viewBox="0 0 {w} {height}" '
            f'font-family="sans-serif" font-size="13" role="{role}" aria-label="{escape(self.summary())}">',
            f"<title>{escape(self.summary())}</title>",
            f'<rect x="0" y="0" width="{w}" height="{height}" fill="#FFFFFF"/>',
            *body, *legend, "</svg>"])

    def summary(self):
        game, net, hidden = self.game, self.game.net, self.hidden
        counts = []
        if not hidden & {"totals", "counts"}:
            counts.append(f"Great Wall of {net.length} pieces")
        if "counts" not in hidden:
            counts.append(f"{game.sides.count(0)} villages in Mongolia and {game.sides.count(1)} in China")
        text = f"Dschingis Khan board ({self.lat.name})" + (": " + ", ".join(counts) if counts else "")
        if "status" not in hidden:
            text += "; " + ("the game is over" if game.to_act is None else f"{game.player_names[game.to_act]} to act")
        return text

    def defs(self):
        return ['<defs><pattern id="gw-dk-china" width="10" height="10" patternUnits="userSpaceOnUse" '
                f'patternTransform="rotate(45)"><rect width="10" height="10" fill="{LAND[1]}"/>'
                '<line x1="0" y1="0" x2="0" y2="10" stroke="#B7D0AA" stroke-width="3"/></pattern></defs>']

    @staticmethod
    def land(side):
        return LAND[0] if side == 0 else "url(#gw-dk-china)"

    def villages(self):
        """The land of every village: the clickable element of scout steps and tiles."""
        out, cell = [], self.cell
        for v in range(len(self.lat.villages)):
            x, y = self.village_xy(v)
            key = f"v{v}"
            cue = ""
            if key in self.targets:   # inset, so it is not mistaken for a line's cue on the field's edge
                inset = 10 if self.numbers else 3
                cue = (f'<rect x="{x + inset}" y="{y + inset}" width="{cell - 2 * inset}" height="{cell - 2 * inset}" '
                       f'fill="none" stroke="{TARGET}" stroke-width="3" stroke-dasharray="6,4"/>')
            out.append(f'<g data-element="{key}"{self.target_attrs(key)}><title>{escape(self.village_title(v))}'
                       f'</title><rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                       f'fill="{self.land(self.game.sides[v])}"/>{cue}</g>')
        return out

    def village_title(self, v):
        game = self.game
        text = f"village {v} at {self.lat.villages[v]}, {SIDE_NAMES[game.sides[v]]}"
        stack = game.stacks[v]
        if stack:
            text += f"; {counted(len(stack), 'tile', 'tiles')} face down, top one {game.player_names[stack[-1][0]]}'s"
        scouts = [game.player_names[p] for p, s in enumerate(game.scout) if s == v]
        return text + "".join(f"; {name}'s scout" for name in scouts)

    def grid_and_tracks(self):
        """The board's outline (on a roomy board the inner lines are elements), and the dotted tracks not crossed
        by a wall."""
        lat, net, half = self.lat, self.game.net, self.cell / 2
        grid = []
        for i in range(len(lat.lines)):
            if not (lat.inner[i] and self.numbers):
                x1, y1, x2, y2 = self.line_xy(i)
                grid.append(f"M{x1} {y1}L{x2} {y2}")
        tracks = []
        for i, (f, h) in enumerate(lat.faces):
            if lat.track[i] and i not in net.state:
                (x1, y1), (x2, y2) = self.village_xy(f), self.village_xy(h)
                tracks.append(f"M{x1 + half} {y1 + half}L{x2 + half} {y2 + half}")
        return [f'<path d="{"".join(grid)}" stroke="{GRID}" stroke-width="1" fill="none" pointer-events="none"/>',
                f'<path d="{"".join(tracks)}" stroke="{TRACK}" stroke-width="2" stroke-dasharray="2,5" '
                'stroke-linecap="round" fill="none" pointer-events="none"/>']

    def lines(self):
        """Every line a wall may stand on (``l<line>``), with a wall or without, and any other asked-for line: the
        set of elements stays the same as walls come and go. Hovering or focusing one tells its name. A dense board
        (thousands of lines) draws only the walls and asked-for lines as elements, the grid the rest."""
        lat, net, out = self.lat, self.game.net, []
        asked = {line for line in (_index(key, "l", len(lat.lines)) for key in self.asked) if line is not None}
        for i in range(len(lat.lines)):
            if not (lat.inner[i] and (self.numbers or i in net.state)) and i not in asked:
                continue
            key, (x1, y1, x2, y2) = f"l{i}", self.line_xy(i)
            seg = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
            kind, state = wall_kind(net, i), net.state.get(i)
            parts = [f"<title>{lat.line_names[i]}, line number {i}: {self.line_words(kind, state)}</title>"]
            if key in self.targets:   # a wide invisible stroke so a thin line is easy to click
                parts.append(f'<line {seg} stroke="#FFFFFF" stroke-opacity="0" stroke-width="18" '
                             'pointer-events="stroke"/>')
            mark = self.marks.get(key)
            if mark in ("focus", "added", "changed"):
                dash = ' stroke-dasharray="3,4"' if mark == "changed" else ""
                parts.append(f'<line {seg} stroke="{HIGHLIGHT}" stroke-width="{WIDTH[kind] + 8}"{dash}/>')
            if state is not None:
                dash = f' stroke-dasharray="{_CLOSED_DASH}"' if state != OPEN else ""
                parts.append(f'<line {seg} stroke="{stroke(kind)}" stroke-width="{WIDTH[kind]}"{dash}/>')
            elif mark == "removed":
                parts.append(f'<line {seg} stroke="{BRANCH}" stroke-opacity="0.35" stroke-width="5"/>')
            else:
                parts.append(f'<line {seg} stroke="{GRID}" stroke-width="1"/>')
            if key in self.targets:
                parts.append(f'<line {seg} stroke="{TARGET}" stroke-width="3" stroke-dasharray="6,4"/>')
            out.append(f'<g data-element="{key}"{self.target_attrs(key)}>{"".join(parts)}</g>')
        return out

    @staticmethod
    def line_words(kind, state):
        if state is None:
            return "no wall"
        return f"{'Great Wall' if kind == 'great' else 'branch'} piece, {'open' if state == OPEN else 'closed'}"

    def towers(self):
        """Every tower (``t<n>``) as a dot, the Great Wall's two ends as squares; on a dense board only the ends
        and asked-for towers (the grid shows the rest). A tower looks the same with walls or without."""
        lat, net, out = self.lat, self.game.net, []
        ends = {net.west_end: "west", net.east_end: "east"}
        for t, (tx, ty) in enumerate(lat.towers):
            x, y = self.tower_xy(t)
            key = f"t{t}"
            if not (self.numbers or t in ends or key in self.asked):
                continue
            if t in ends:
                shape = (f'<rect x="{x - 8}" y="{y - 8}" width="16" height="16" fill="{GREAT_WALL}" '
                         'stroke="#FFFFFF" stroke-width="2"/>')
                title = f"tower ({tx},{ty}), {ends[t]} end of the Great Wall (tower number {t})"
            else:
                shape = f'<circle cx="{x}" cy="{y}" r="3.5" fill="{TOWER}"/>'
                title = f"tower ({tx},{ty}) (tower number {t})"
            label = (f'<text x="{x + 9}" y="{y + 19}" font-size="12" fill="#222222">({tx},{ty})</text>'
                     if self.tower_labels else "")
            out.append(f'<g data-element="{key}"{self.target_attrs(key)}><title>{title}</title>{shape}{label}</g>')
        return out

    def axes(self):
        """On boards too dense for a label at every tower: the x coordinates along the top, y down the left."""
        if self.tower_labels:
            return []
        lat, out = self.lat, []
        step_x, step_y = -(-26 // self.cell), -(-16 // self.cell)
        for x in range(0, lat.columns + 1, step_x):
            out.append(f'<text x="{self.x0 + x * self.cell}" y="{self.y0 - 8}" font-size="12" '
                       f'text-anchor="middle">{x}</text>')
        for y in range(0, lat.rows + 1, step_y):
            out.append(f'<text x="{self.x0 - 6}" y="{self.y0 + y * self.cell + 4}" font-size="12" '
                       f'text-anchor="end">{y}</text>')
        return ['<g pointer-events="none">', *out, "</g>"]

    def contents(self):
        """Each village's number, stack and scouts, on top of the tracks and walls, in the corners of its field so
        the tracks stay visible: a second group of the village's element. Clicks go through to the land below."""
        game, cell, out = self.game, self.cell, []
        scouts: dict[int, list[int]] = {}
        for p, v in enumerate(game.scout):
            if v >= 0:
                scouts.setdefault(v, []).append(p)
        r = self.scout_radius()
        for v, stack in enumerate(game.stacks):
            if not (self.numbers or stack or v in scouts):
                continue
            x, y = self.village_xy(v)
            parts = []
            if self.numbers:
                parts.append(f'<text x="{x + cell - 10}" y="{y + 22}" font-size="14" font-weight="bold" '
                             f'text-anchor="end" fill="{_TEXT}">{v}</text>')
            if stack:
                w, h = self.stack_box()
                corner = (x + round(cell * 0.55), y + round(cell * 0.55)) if self.numbers else \
                    (x + cell - w - 1, y + cell - h - 1)
                parts.append(self.stack(*corner, game.player_names[stack[-1][0]], len(stack)))
            for p in scouts.get(v, ()):
                centre = (x + round(cell * 0.27), y + round(cell * 0.73)) if self.numbers else (x + r + 1, y + r + 1)
                parts.append(self.scout(*centre, game.player_names[p]))
            out.append(f'<g data-element="v{v}" pointer-events="none">{"".join(parts)}</g>')
        return out

    def stack_box(self):
        """Width and height of a stack's box: it holds the owner's letter and, on roomy boards, the height."""
        return (30, 20) if self.numbers else (16, 16)

    def stack(self, bx, by, player, height):
        fill, ink, letter = player_style(player)
        w, h = self.stack_box()
        text = f"{letter}{height}" if self.numbers else letter
        return (f'<rect x="{bx}" y="{by}" width="{w}" height="{h}" fill="{fill}" stroke="#000000" '
                f'stroke-width="1.5"/><text x="{bx + w / 2}" y="{by + h / 2 + 4.5}" font-size="13" '
                f'font-weight="bold" text-anchor="middle" fill="{ink}">{text}</text>')

    def scout(self, cx, cy, player):
        fill, ink, letter = player_style(player)
        return (f'<circle cx="{cx}" cy="{cy}" r="{self.scout_radius()}" fill="{fill}" stroke="#000000" '
                f'stroke-width="2"/><text x="{cx}" y="{cy + 4.5}" font-size="13" font-weight="bold" '
                f'text-anchor="middle" fill="{ink}">{letter}</text>')

    def scout_radius(self):
        return 11 if self.numbers else 8

    # -- the players' panels and the common supply ----------------------------------------------------------------

    def panels(self, top):
        """Under the board: each player's standing (an element keyed by the player's name) and the common supply
        (``supply``). The score is shown once the game is over; while it is played the tiles are face down, and
        only each player's own view knows their score if the game ended now. Returns the parts and the legend's
        top."""
        game, x = self.game, _MARGIN
        over = game.scored is not None
        heads = ("player", "in hand", "controls", "score" if over else "score if the game ended now")
        out = ['<g pointer-events="none">', *(f'<text x="{x + dx}" y="{top + 14}" font-size="13" font-weight="bold">'
                                               f'{head}</text>'
                                               for dx, head in zip(_PANEL_X, heads, strict=False)), "</g>"]
        counts, scores = "counts" not in self.hidden, "scores" not in self.hidden
        for p, (walls, tiles, on_top, score) in enumerate(standing(game)):
            name = game.player_names[p]
            y = self.panel_rows[name]
            cells = (name, f"{_count(walls, 'wall')}, {_count(tiles, 'tile')}" if counts else "?",
                     _count(on_top, "village") if counts else "?",
                     (f"{score[0]} ({_count(score[1], 'village')} scored)" if scores else "?") if over
                     else f"known only to {name}")
            texts = "".join(f'<text x="{x + dx + (20 if dx == 0 else 0)}" y="{y}" font-size="13">{escape(cell)}</text>'
                            for dx, cell in zip(_PANEL_X, cells, strict=False))
            fill, ink, letter = player_style(name)
            chip = (f'<rect x="{x}" y="{y - 13}" width="16" height="16" fill="{fill}" stroke="#000000" '
                    f'stroke-width="1.5"/><text x="{x + 8}" y="{y}" font-size="12" font-weight="bold" '
                    f'text-anchor="middle" fill="{ink}">{letter}</text>')
            out.append(f'<g data-element="{name}"{self.target_attrs(name)}>'
                       f'<title>{escape(name)}: {escape(cells[1])} in hand, controls {escape(cells[2])}</title>'
                       f'{self.panel_hit(y)}{chip}{texts}</g>')
        y = self.panel_rows["supply"]
        gone = f" · out of the game: {_count(game.out_of_game, 'wall')}" if game.out_of_game and counts else ""
        supply = f"common supply: {_count(game.supply, 'wall') if counts else '?'}{gone}"
        out.append(f'<g data-element="supply"{self.target_attrs("supply")}><title>{supply}</title>'
                   f'{self.panel_hit(y)}<text x="{x}" y="{y}" font-size="13">{supply}</text></g>')
        return out, y + _ROW

    def panel_hit(self, y):
        """An unpainted row under a panel's texts, so that the whole row answers hover (its title) and clicks."""
        return (f'<rect x="{_MARGIN}" y="{y - _ROW + 6}" width="{self.width - 2 * _MARGIN}" height="{_ROW}" '
                f'fill="#FFFFFF" fill-opacity="0"/>')

    # -- marks ----------------------------------------------------------------------------------

    def mark_overlay(self):
        """Highlight marks drawn over everything: outlines, and a sign for removed / added / changed, each placed
        beside the labels a step names, never on them."""
        out = []
        for key, mark in sorted(self.marks.items()):
            shape, (cx, cy) = self.mark_place(key)
            if shape:   # a village, tower or panel: outline it (lines carry their outline under the wall)
                dash = ' stroke-dasharray="3,4"' if mark == "changed" else ""
                out.append(shape.format(stroke=f'fill="none" stroke="{HIGHLIGHT}" stroke-width="3"{dash}'))
            if mark == "removed":
                if key.startswith("v"):
                    x, y = self.village_xy(int(key[1:]))
                    out.append(f'<rect x="{x}" y="{y}" width="{self.cell}" height="{self.cell}" fill="#FFFFFF" '
                               'fill-opacity="0.6"/>')
                out.append(f'<path d="M{cx - 7} {cy - 7}L{cx + 7} {cy + 7}M{cx - 7} {cy + 7}L{cx + 7} {cy - 7}" '
                           f'stroke="{HIGHLIGHT}" stroke-width="3"/>')
            elif mark in ("added", "changed"):
                out.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="#FFFFFF" stroke="{HIGHLIGHT}" '
                           f'stroke-width="1.5"/><text x="{cx}" y="{cy + 5}" font-size="16" font-weight="bold" '
                           f'text-anchor="middle" fill="{HIGHLIGHT}">{"+" if mark == "added" else "~"}</text>')
        return ['<g class="gw-marks" pointer-events="none">', *out, "</g>"] if out else []

    def mark_place(self, key):
        """``(outline template or '', where the sign goes)`` of an element key (one of this board's: the picture
        checked)."""
        lat, c = self.lat, self.cell
        if key in self.panel_rows:
            y = self.panel_rows[key]
            return (f'<rect x="{_MARGIN - 4}" y="{y - 16}" width="{self.width - 2 * _MARGIN + 8}" height="21" '
                    '{stroke}/>', (_MARGIN - 20, y - 5))
        line, village, tower = (_index(key, p, len(n)) for p, n in (("l", lat.lines), ("v", lat.villages),
                                                                    ("t", lat.towers)))
        if line is not None:
            x1, y1, x2, y2 = self.line_xy(line)
            return "", ((x1 + x2) / 2, (y1 + y2) / 2)
        if village is not None:
            x, y = self.village_xy(village)
            sign = (x + c / 2 - 4, y + c / 2 - 6) if self.numbers else (x + c / 2, y + c / 2)
            return f'<rect x="{x + 3}" y="{y + 3}" width="{c - 6}" height="{c - 6}" {{stroke}}/>', sign
        x, y = self.tower_xy(tower)
        return f'<circle cx="{x}" cy="{y}" r="9" {{stroke}}/>', (x, y)

    # -- legend and caption ---------------------------------------------------------------------

    def legend(self, top):
        """Every symbol with its meaning, then the caption; returns the elements and the picture's height."""
        items = [
            (self.swatch(LAND[0]), "Mongolia (north of the Great Wall)"),
            (self.swatch("url(#gw-dk-china)"), "China (south of the Great Wall)"),
            (self.wall_sample(GREAT_WALL, 8, ""), "Great Wall piece, open gate"),
            (self.wall_sample(GREAT_WALL, 8, _CLOSED_DASH), "Great Wall piece, closed (dashed)"),
            (self.wall_sample(BRANCH, 5, ""), "branch piece, open gate"),
            (self.wall_sample(BRANCH, 5, _CLOSED_DASH), "branch piece, closed (dashed)"),
            (lambda x, y: f'<rect x="{x + 12}" y="{y - 8}" width="16" height="16" fill="{GREAT_WALL}"/>',
             "end tower of the Great Wall"),
            (lambda x, y: f'<circle cx="{x + 20}" cy="{y}" r="4" fill="{TOWER}"/>',
             "tower (x,y): x counts east, y south" + ("" if self.tower_labels else " (axes)")),
            (self.wall_sample(GRID, 1, ""), "line (2,2)-(2,3): named by its towers (hover)"),
            (lambda x, y: f'<line x1="{x}" y1="{y}" x2="{x + 40}" y2="{y}" stroke="{TRACK}" stroke-width="2" '
                          'stroke-dasharray="2,5" stroke-linecap="round"/>',
             "track between villages (none across a wall)"),
            (lambda x, y: self.stack(x + 20 - self.stack_box()[0] / 2, y - self.stack_box()[1] / 2, "Red", 3),
             "R3: 3 tiles face down, Red's on top" if self.numbers else
             "R: stack, Red's tile on top (height on hover)"),
            (lambda x, y: self.scout(x + 20, y, "Red"), "scout (letter = player)"),
            (lambda x, y: f'<text x="{x + 20}" y="{y + 5}" font-size="14" font-weight="bold" '
                          f'text-anchor="middle">12</text>', "village number") if self.numbers else
            (lambda x, y: "", "large board: village numbers left out (hover)"),
        ]
        if self.targets:
            items.append((lambda x, y: f'<rect x="{x + 6}" y="{y - 9}" width="28" height="18" fill="none" '
                                       f'stroke="{TARGET}" stroke-width="3" stroke-dasharray="6,4"/>',
                          "can be chosen now (click or Tab + Enter)"))
        used = set(self.marks.values())
        for mark, sign, words in (("focus", "", "in focus"), ("removed", "x", "removed"), ("added", "+", "added"),
                                  ("changed", "~", "changed (side, state or count)")):
            if mark in used:
                items.append((self.mark_sample(mark, sign), words))
        columns = max(1, (self.width - 2 * _MARGIN) // _LEGEND_COLUMN)
        column_width = (self.width - 2 * _MARGIN) / columns
        out = [f'<text x="{_MARGIN}" y="{top + 4}" font-size="14" font-weight="bold">Legend</text>']
        rows = -(-len(items) // columns)
        for i, (draw, words) in enumerate(items):
            x = _MARGIN + (i // rows) * column_width
            y = top + 26 + (i % rows) * _ROW
            out.append(f'{draw(x, y)}<text x="{x + 48}" y="{y + 5}" font-size="13">{escape(words)}</text>')
        y = top + 26 + rows * _ROW + 6
        for line in self.caption():
            out.append(f'<text x="{_MARGIN}" y="{y}" font-size="14">{escape(line)}</text>')
            y += 20
        return ['<g pointer-events="none">', *out, "</g>"], int(y)

    @staticmethod
    def swatch(fill):
        return lambda x, y: (f'<rect x="{x + 4}" y="{y - 9}" width="32" height="18" fill="{fill}" '
                             f'stroke="{GRID}"/>')

    @staticmethod
    def wall_sample(colour, width, dash):
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        return lambda x, y: (f'<line x1="{x}" y1="{y}" x2="{x + 40}" y2="{y}" stroke="{colour}" '
                             f'stroke-width="{width}"{dashes}/>')

    @staticmethod
    def mark_sample(mark, sign):
        def draw(x, y):
            dash = ' stroke-dasharray="3,4"' if mark == "changed" else ""
            box = (f'<rect x="{x + 4}" y="{y - 9}" width="32" height="18" fill="none" stroke="{HIGHLIGHT}" '
                   f'stroke-width="3"{dash}/>')
            return box + (f'<text x="{x + 20}" y="{y + 5}" font-size="14" font-weight="bold" '
                          f'text-anchor="middle">{sign}</text>' if sign else "")
        return draw

    def caption(self):
        """The status line: the Great Wall's length, the villages on each side, who is to act (each left out when
        hidden; no line when nothing is left)."""
        game, net, hidden = self.game, self.game.net, self.hidden
        parts = []
        if not hidden & {"totals", "counts"}:
            parts.append(f"Great Wall: {net.length} pieces")
        if "counts" not in hidden:
            parts.append(f"villages: {game.sides.count(0)} Mongolia, {game.sides.count(1)} China")
        if "status" not in hidden:
            parts.append("Game over" if game.to_act is None else f"{game.player_names[game.to_act]} to act")
        return [" · ".join(parts)] if parts else []


def _count(n, noun):
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _index(key, prefix, count):
    """The number in an element key such as ``'v12'`` if it has this prefix and names one of ``count``, else None."""
    if isinstance(key, str) and key[:1] == prefix and key[1:].isdigit() and int(key[1:]) < count:
        return int(key[1:])
    return None
