"""The board as an SVG picture: the players' panels, then one row per board face, Mongol regions north of the
wall, provinces south.

Every square, province, region and player panel is a ``<g data-element=KEY>`` whose key is its node in
:func:`.graph.graph` (``s<n>``, ``p<n>``, ``r<n>``, the player's name), so a board view can make it
clickable (``targets``) or mark it (``highlight``), and a rule step's position (``step.after``) shows what the
step changed on exactly those elements. Only public information is drawn: a face-down threat counter is a
``?`` and a face-down action card shows only its owner, whatever their value.

Names: what a move, a rule step, the log or a refusal calls an element is what the board shows. Squares are
numbered on the board and named "square 7" in every text (moves write just the number: ``single 7``,
``double 7``, ``tower 7``, ``swap 3 5``); provinces and regions are drawn "Province 1" and "Region 2" and named
so; players by their colour, on their panels (points, and the pieces and cards still in hand); boards by their
face ("Board 3A"); revealed cards by their owner's letter and their priority ("R4" is Red's Builder, as the
steps write "Red Builder (4)"). Each element also has a ``<title>`` (shown on hover) saying what it is and
holds ("square 7: Red's single block"), and the legend's key explains every symbol. Marks (the focus of a rule
step, what it added or changed) are outlines with a badge in the element's top right corner, never over a label.

The quiz form (``hide``, parts of ``engine.steps.QUIZ_PARTS``; a board shown with an exercise) leaves out, and
keeps every element group with its key:

- ``totals``: what a scoring under way has added up so far, the line under its province ("value +2 from cards ·
  G +1 block": the cards' change to the value and the virtual blocks for the majority).
- ``scores``: the players' points, on their panels (drawn "Red: ? points") and in the picture's summary.
- ``status``: the status line after the title (whose turn, what they decide, "Game over" and why).
- ``verdicts``: what a scoring has decided: "✓ scored" and the scored colour on a province (its Emperor card, a
  piece, stays), and, while a scoring is under way, which revealed cards are used, cancelled or removed and the
  order they resolve in (they are drawn face up as laid, all still open).
- ``counts``: the pieces and cards left on the players' panels, the Emperor cards and boards to come and the neutral
  blocks left (the line under the panels), the number of face-down cards in a province ("cards face down"), and
  the empty squares in the summary.
- ``marks``: targets and highlights (they are still checked, then not drawn).

What a quiz form never hides is the position itself: pieces, broken and reserved squares, reputation and threat
counters (face down, turned or removed), face-down cards' owners, revealed cards' priorities.

:func:`layout` is shared with the graph, so ``nx.draw`` with the nodes' ``pos`` looks like this picture.

Examples
--------
>>> from greatwall_kit.chang_cheng import ChangCheng
>>> game = ChangCheng(players=2, seed=1)
>>> text = game.picture(targets={"s0": "single 0"}, highlight={"p0": "focus"})
>>> text.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="880"'), 'data-target="s0"' in text
(True, True)
>>> '<g data-element="Red"><title>Red</title>' in text, '<title>square 0: empty</title>' in text
(True, True)
>>> game.picture(targets={"s99": "single 99"})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: no board element 's99' to draw as a target (see game.graph() for the keys, ...)
"""  # noqa: E501 - doctest output is compared as printed

from collections.abc import Callable
from html import escape

from ..engine.palette import HIGHLIGHT, TARGET, player_style
from ..engine.steps import MARKS, picture_marks, quiz_parts
from .board import DOUBLE, TOWER
from .cards import PRIORITY
from .legality import DECISIONS

__all__ = ["picture", "move_element", "layout", "WIDTH"]

WIDTH = 880                     # drawn 1:1 in a notebook: at most 900 px keeps text at its size
MARGIN = 30
HEAD, NORTH, WALL, SOUTH, GAP = 22, 58, 60, 72, 12    # heights of the bands of one row
TOP = 116                       # title, players' panels, counts
PANEL_Y, PANEL_H = 30, 58       # the players' panels
BG, REGION_FILL, PROVINCE_FILL, DONE_FILL = "#FFFDF7", "#E9DFCB", "#F7EFD6", "#E3EBD2"
PANEL_FILL, EMPEROR_FILL, USED_FILL = "#FFFFFF", "#FFF3C4", "#DDDDDD"
EMPTY_FILL, BROKEN_FILL, LINE = "#FFFFFF", "#D9D9D9", "#5A4A3A"


def layout(game):
    """Where everything goes: ``{key: (x, y, width, height)}`` boxes in picture pixels, and the picture's height.

    Row ``i`` holds the ``i``-th board face from the left end of the wall; the wall runs on from the
    end of one row to the start of the next.
    """
    wall = game.wall
    sizes = [sum(1 for s in wall.order if wall.board_of[s] == wall.board_of[first]) for first in _row_starts(wall)]
    sq = min(WALL, (WIDTH - 2 * MARGIN) // max(sizes))
    boxes, row, column, y = {}, -1, 0, TOP
    for s in wall.order:
        if wall.left[s] < 0 or wall.board_of[wall.left[s]] != wall.board_of[s]:
            row, column = row + 1, 0
            y = TOP + row * (HEAD + NORTH + WALL + SOUTH + GAP)
            x0 = (WIDTH - sq * sizes[row]) // 2
        boxes[f"s{s}"] = (x0 + column * sq, y + HEAD + NORTH, sq, WALL)
        column += 1
    for prefix, groups, top, height in (("p", wall.province_squares, HEAD + NORTH + WALL + 4, SOUTH - 4),
                                        ("r", wall.region_squares, HEAD, NORTH - 4)):
        for n, squares in enumerate(groups):
            xs = sorted(boxes[f"s{s}"][0] for s in squares)
            y = boxes[f"s{squares[0]}"][1] - HEAD - NORTH
            boxes[f"{prefix}{n}"] = (xs[0] + 1, y + top, xs[-1] + sq - xs[0] - 2, height)
    step = (WIDTH - 2 * MARGIN) // game.players
    for p, name in enumerate(game.player_names[:game.players]):
        boxes[name] = (MARGIN + p * step, PANEL_Y, step - 10, PANEL_H)
    return boxes, TOP + (row + 1) * (HEAD + NORTH + WALL + SOUTH + GAP)


def picture(game, targets=None, highlight=(), hide=()):
    """The board as a deterministic SVG document; see :meth:`ChangCheng.picture` (``hide``: the module's notes)."""
    hide = quiz_parts(hide)
    boxes, rows_bottom = layout(game)
    targets, marks = picture_marks(targets, highlight, boxes)
    if "marks" in hide:
        targets, marks = {}, {}
    legend, height = _legend(game, targets, marks, rows_bottom, hide)
    summary = _summary(game, hide)
    places = "1 place" if len(targets) == 1 else f"{len(targets)} places"
    role = (f'role="group" aria-label="{escape(summary)}; {places} to choose from"' if targets
            else f'role="img" aria-label="{escape(summary)}"')
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="13" {role}>',
           f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="{BG}"/>']
    out += _title(game, hide)
    for name in game.player_names[:game.players]:
        x, y = boxes[name][:2]  # a panel's badge goes under its colour square, clear of its words
        out.append(_element(name, boxes, targets, marks, _panel(game, name, boxes[name], hide),
                            badge=(x + 17, y + 45)))
    out += _row_heads(game, boxes)
    for r in range(game.wall.regions):
        out.append(_element(f"r{r}", boxes, targets, marks, _region(game, r, boxes[f"r{r}"])))
    for s in game.wall.order:
        out.append(_element(f"s{s}", boxes, targets, marks, _square(game, s, boxes[f"s{s}"])))
    out += _doubles(game, boxes)
    for p in range(game.wall.provinces):
        out.append(_element(f"p{p}", boxes, targets, marks, _province(game, p, boxes[f"p{p}"], hide)))
    out += legend
    out.append("</svg>")
    return "\n".join(out)


# -- parts -------------------------------------------------------------------------------------

def move_element(game, move):
    """The board element ``move`` is played on (``s<n>``, ``p<n>``, ``r<n>``), or ``None``.

    A block, a reservation, a broken block or a swap names its (first) square, a card or a Warrior's
    discard its province, a peek or a removed threat counter its region. Choices that are not a place
    on the board (no peek, no neutral block, a side for a new board, Flood, Builder, cancelling a
    revealed card) give ``None``. A swap names only its first square (the view asks for the other).

    >>> from greatwall_kit.chang_cheng import ChangCheng
    >>> game = ChangCheng(players=2, seed=1)
    >>> [move_element(game, game.parse_move(m)) for m in ("double 3", "card flood 2", "peek 1", "nopeek")]
    ['s3', 'p2', 'r1', None]
    """
    fields = getattr(move, "__match_args__", ())  # anything else (a text, None) is no place, as in the other games
    for name, prefix in (("square", "s"), ("province", "p"), ("region", "r")):
        if name in fields:
            return f"{prefix}{getattr(move, name)}"
    return None


def _row_starts(wall):
    return [s for s in wall.order if wall.left[s] < 0 or wall.board_of[wall.left[s]] != wall.board_of[s]]


def _summary(game, hide=frozenset()):
    words = f"Chang Cheng board, {len(game.wall.faces)} faces ({', '.join(game.wall.faces)})"
    if "counts" not in hide:
        words += f", {game.n_empty} empty squares"
    if "scores" not in hide:
        words += "; " + ", ".join(f"{n} {p} points" for n, p in zip(game.player_names, game.points, strict=False))
    return words


def _title(game, hide=frozenset()):
    if "status" in hide:
        status = None
    elif game.reason:  # (told to its end: a copy part-way through the end is not over yet)
        status = f"Game over: {game.reason}."
    elif game.decision is None:  # a copy taken part-way through a decision (``position_at(event=...)``)
        status = "part-way through a decision"
    else:
        status = f"{game.player_names[game.to_act]} to act: {DECISIONS.get(game.decision, game.decision)}"
        if game.decision == "card":
            status += f" ({game.ctx.capitalize()} in province {game.res['province']})"
    more = []
    if "counts" not in hide:
        more.append(f"Emperor cards on the board: {game.emperor} · boards to come: {len(game.reserve_faces)}")
    if game.events:
        more.append(f"event cards: {', '.join(e.replace('_', ' ') for e in game.events)}")
    if game.neutral_left and "counts" not in hide:
        more.append(f"neutral blocks left: {game.neutral_left}")
    out = [_text(MARGIN, 22, "Chang Cheng" + (f" · {status}" if status else ""), size=14, bold=True)]
    return out + ([_text(MARGIN, PANEL_Y + PANEL_H + 18, " · ".join(more), size=12)] if more else [])


def _panel(game, name, box, hide=frozenset()):
    """A player's panel: their points, and what they still hold (pieces and action cards)."""
    x, y, w, h = box
    p = game.player_names.index(name)
    fill, ink, letter = player_style(game.colours[p])

    def count(n, word):
        return f"{n} {word}{'' if n == 1 else 's'}"
    points = f"{name}: ? points" if "scores" in hide else f"{name}: {count(game.points[p], 'point')}"
    out = [f'<title>{escape(name)}</title>', _rect(x, y, w, h, PANEL_FILL),
           f'<rect x="{x + 5}" y="{y + 7}" width="24" height="24" fill="{fill}" stroke="#000000"/>',
           _text(x + 17, y + 24, letter, fill=ink, anchor="middle", bold=True, size=15),
           _text(x + 35, y + 19, points, bold=True, size=13)]
    if "counts" not in hide:
        out += [_text(x + 35, y + 36, f"{count(game.singles[p], 'single')}, {count(game.doubles[p], 'double')}",
                      size=12),
                _text(x + 35, y + 52, f"{count(game.towers[p], 'tower')}, {count(len(game.hand[p]), 'card')}",
                      size=12)]
    return out


def _row_heads(game, boxes):
    out = []
    for i, first in enumerate(_row_starts(game.wall)):
        x, y = boxes[f"s{first}"][:2]
        face = game.wall.face_of_board[game.wall.board_of[first]]
        last = first + sum(1 for b in game.wall.board_of if b == game.wall.board_of[first]) - 1
        cont = "; the wall continues from the row above" if i else ""
        out.append(_text(x, y - NORTH - HEAD + 15, f"Board {face}, squares {first}–{last}{cont}. "
                         "North: Mongol regions · South: provinces", size=12))
    return out


def _element(key, boxes, targets, marks, body, badge=None):
    x, y, w, h = boxes[key]
    attrs = ""
    if key in targets:
        attrs = (f' class="gw-target" data-target="{key}" tabindex="0" role="button" '
                 f'aria-label="{escape(str(targets[key]))}"')
        body.append(f'<rect x="{x + 2.5}" y="{y + 2.5}" width="{w - 5}" height="{h - 5}" fill="none" '
                    f'stroke="{TARGET}" stroke-width="3" stroke-dasharray="7 4"/>')
    if key in marks:
        body += _mark(marks[key], x, y, w, h, badge)
        attrs += f' data-mark="{marks[key]}"'
    return f'<g data-element="{key}"{attrs}>' + "".join(body) + "</g>"


def _mark(mark, x, y, w, h, badge=None):
    """A rule step's mark: an outline on the element's edge and, but for the focus, a badge (+ added, ~ changed,
    − removed) where no label is drawn: in the element's top right corner, or at ``badge`` (its centre)."""
    width, dash = {"focus": (5, ""), "added": (5, ""), "changed": (3, "2 3"), "removed": (3, "8 4")}[mark]
    dash = f' stroke-dasharray="{dash}"' if dash else ""
    out = [f'<rect x="{x + 1}" y="{y + 1}" width="{w - 2}" height="{h - 2}" fill="none" stroke="{HIGHLIGHT}" '
           f'stroke-width="{width}"{dash}/>']
    sign = {"added": "+", "changed": "~", "removed": "−"}.get(mark)
    if sign:
        cx, cy = badge or (x + w - 11, y + 11)
        out.append(f'<circle cx="{cx}" cy="{cy}" r="9" fill="#FFFFFF" stroke="{HIGHLIGHT}"/>')
        out.append(_text(cx, cy + 5, sign, anchor="middle", bold=True, size=14))
    return out


def _square(game, s, box):
    x, y, w, h = box
    owner, piece = game.occ[s], game.piece[s]
    out = [f"<title>{escape(_square_words(game, s))}</title>"]
    if owner < 0:
        out.append(_rect(x, y, w, h, EMPTY_FILL))
        reserved = game.binding_reservation(s)
        ink = "#000000"
        if reserved >= 0:
            fill, _, letter = player_style(game.colours[reserved])
            out.append(f'<rect x="{x + 4}" y="{y + 18}" width="{w - 8}" height="{h - 22}" fill="none" '
                       f'stroke="{fill}" stroke-width="4" stroke-dasharray="6 3"/>')
            out.append(_text(x + w / 2, y + 43, f"for {letter}", anchor="middle", bold=True, size=13))
    elif game.broken[s]:
        letter = player_style(game.colours[owner])[2]
        ink = "#000000"
        out.append(_rect(x, y, w, h, BROKEN_FILL))
        out.append(f'<path d="M{x + w * .3} {y + 4}l{w * .2} {h * .3}l{-w * .15} {h * .2}l{w * .2} {h * .4}" '
                   f'fill="none" stroke="#000000" stroke-width="2"/>')
        out.append(_text(x + w * .7, y + 34, letter, anchor="middle", bold=True, size=18))
        out.append(_bar(x, y, w, h, "broken", "#000000", "#FFFFFF"))
    else:
        fill, ink, letter = player_style(game.colours[owner])
        out.append(_rect(x, y, w, h, fill))
        out.append(_text(x + w / 2, y + 36, letter, fill=ink, anchor="middle", bold=True, size=22))
        if piece == TOWER:
            # battlements along the top edge: a tower reads as a tower without its bar
            out.append(f'<path d="M{x + w - 32} {y + 13}v-8h6v4h5v-4h6v4h5v-4h6v8z" fill="{ink}"/>'
                       if w >= 48 else "")
            out.append(_bar(x, y, w, h, "tower", ink, fill))
    out.append(_text(x + 4, y + 14, str(s), fill=ink, size=12))
    return out


def _square_words(game, s):
    """What a square holds, in words: ``"square 7: Red's single block"``."""
    owner = game.occ[s]
    if owner < 0:
        reserved = game.binding_reservation(s)
        return f"square {s}: empty" + (f", reserved for {_colour_name(game, reserved)}'s single block"
                                       if reserved >= 0 else "")
    piece = {DOUBLE: "double block", TOWER: "tower"}.get(game.piece[s], "single block")
    return f"square {s}: {_colour_name(game, owner)}'s {'broken block' if game.broken[s] else piece}"


def _colour_name(game, colour):
    return "the neutral" if colour == game.players else game.player_names[colour]


def _doubles(game, boxes):
    """Each double as one bar under both its squares (split at a row's end: each half has its own)."""
    out = []
    for s in game.wall.order:
        if game.piece[s] != DOUBLE or game.broken[s]:
            continue
        fill, ink, _ = player_style(game.colours[game.occ[s]])
        x, y, w, h = boxes[f"s{s}"]
        left, right = game.wall.left[s], game.wall.right[s]
        partner_left = left >= 0 and game.piece[left] == DOUBLE and game.occ[left] == game.occ[s]
        partner_right = right >= 0 and game.piece[right] == DOUBLE and game.occ[right] == game.occ[s]
        if partner_left and boxes[f"s{left}"][1] == y:
            continue  # drawn with its left half
        width = 2 * w if partner_right and boxes[f"s{right}"][1] == y else w
        out.append(f'<g pointer-events="none">{_bar(x, y, width, h, "double", ink, fill)}</g>')
    return out


def _region(game, r, box):
    x, y, w, h = box
    threat = game.public_threat(r)
    out = [_rect(x, y, w, h, REGION_FILL, stroke=LINE), _text(x + 5, y + 16, f"Region {r}", size=12)]
    cx, cy = x + 19, y + 36
    if threat == "hidden":
        out.append(f'<circle cx="{cx}" cy="{cy}" r="13" fill="{LINE}"/>')
        out.append(_text(cx, cy + 6, "?", fill="#FFFFFF", anchor="middle", bold=True, size=16))
        words = "threat face down"
    elif threat == "removed":
        out.append(f'<circle cx="{cx}" cy="{cy}" r="13" fill="none" stroke="{LINE}" stroke-dasharray="3 2"/>')
        out.append(_text(cx, cy + 5, "✕", anchor="middle", size=14))
        words = "counter removed"
    else:
        out.append(f'<circle cx="{cx}" cy="{cy}" r="13" fill="#FFFFFF" stroke="#000000" stroke-width="2"/>')
        out.append(_text(cx, cy + 5, f"{threat:+d}".replace("-", "−"), anchor="middle", bold=True, size=13))
        words = f"threat {threat:+d}".replace("-", "−")
    if w >= 150:
        out.append(_text(cx + 20, cy + 5, words, size=12))
    return [f"<title>region {r}: {escape(words)}</title>", *out]


def _province(game, p, box, hide=frozenset()):
    """A province: its reputation counter, its face-down cards; while it is scored its revealed cards (still to
    resolve, used, or cancelled) and what they changed; once scored its Emperor card while it lies there."""
    x, y, w, h = box
    scored = game.scored[p] and "verdicts" not in hide
    out = [f"<title>province {p}: reputation {game.reputation[p]}{', scored' if scored else ''}</title>",
           _rect(x, y, w, h, DONE_FILL if scored else PROVINCE_FILL, stroke=LINE),
           _text(x + 6, y + 17, f"Province {p}", bold=True, size=13),
           f'<rect x="{x + 6}" y="{y + 24}" width="22" height="20" rx="3" fill="#FFFFFF" stroke="#000000"/>',
           _text(x + 17, y + 39, str(game.reputation[p]), anchor="middle", bold=True, size=13),
           _text(x + 33, y + 39, "reputation", size=12)]
    res = game.res if game.res is not None and game.res["province"] == p else None
    right = x + w - 8  # cards are laid from the right edge leftwards
    if res is not None:
        cards = ([(card, "open") for card in res["reveal"].cards] if "verdicts" in hide
                 else _revealed(game, res))
        for i, (card, state) in enumerate(reversed(cards)):
            out += _face_up_card(game, card, state, right - 24 * (i + 1), y + 23)
        words = [f"value {res['modifier']:+d} from cards"] if res["modifier"] else []
        words += [f"{player_style(game.colours[c])[2]} +{v} block{'s' * (v > 1)}"
                  for c, v in enumerate(res["virtual"]) if v]
        if words and "totals" not in hide:
            out.append(_text(x + 6, y + 62, " · ".join(words), size=12))
    elif game.cards_in[p]:
        cards = game.cards_in[p]
        for i, (owner, _) in enumerate(reversed(cards)):
            fill, ink, letter = player_style(game.colours[owner])
            cx = right - 24 * i - 10
            out.append(f'<rect x="{cx - 8}" y="{y + 24}" width="16" height="22" rx="2" fill="{fill}" '
                       'stroke="#000000"/>')
            out.append(_text(cx, y + 40, letter, fill=ink, anchor="middle", bold=True, size=12))
        many = "cards" if "counts" in hide else f"{len(cards)} card{'s' * (len(cards) > 1)}"
        out.append(_text(x + 6, y + 62, f"{many} face down", size=12))
    elif game.scored[p]:
        emperor = p in game.emperor_provinces()
        if emperor:
            out += _emperor_card(right - 18, y + 23)
        words = (["✓ scored"] if scored else []) + (["Emperor card"] if emperor else [])
        if words:
            out.append(_text(x + 6, y + 62, " · ".join(words), bold=True, size=12))
    return out


def _revealed(game, res):
    """The cards of the scoring under way, in the order they resolve, with their state: ``"open"`` (still to
    resolve), ``"used"`` or ``"out"`` (cancelled, or removed by a Warrior)."""
    reveal = res["reveal"]
    waiting = (game.to_act, game.ctx) if game.decision == "card" else None
    removed = {tuple(target) for _, _, effect, target in res["effects"] if effect == "remove"}
    out = []
    for card in reveal.order:
        state = "open" if card in res["queue"] or card == waiting else "out" if card in removed else "used"
        out.append((card, state))
    return out + [(card, "out") for card in reveal.cancelled]


def _face_up_card(game, card, state, x, y):
    """A revealed card: its owner's letter and its priority, framed in the owner's colour; a used card grey, a
    cancelled or removed one also struck through."""
    owner, kind = card
    fill, _, letter = player_style(game.colours[owner])
    back, dash = ("#FFFFFF", "") if state == "open" else (USED_FILL, ' stroke-dasharray="3 2"')
    out = [f'<rect x="{x}" y="{y}" width="22" height="24" rx="2" fill="{back}" stroke="{fill}" stroke-width="3"'
           f'{dash}/>', _text(x + 11, y + 17, f"{letter}{PRIORITY[kind]}", anchor="middle", bold=True, size=12)]
    if state == "out":
        out.append(f'<path d="M{x} {y + 24}L{x + 22} {y}" stroke="#000000" stroke-width="2"/>')
    return out


def _emperor_card(x, y):
    return [f'<rect x="{x}" y="{y}" width="16" height="24" rx="2" fill="{EMPEROR_FILL}" stroke="#000000"/>',
            _text(x + 8, y + 17, "E", anchor="middle", bold=True, size=12)]


def _legend(game, targets, marks, top, hide=frozenset()):
    """The legend under the rows: one sample per symbol the picture can use; returns (parts, picture height)."""
    fill, ink, letter = player_style(game.colours[0])
    items: list[tuple[Callable[..., list[str]], str]] = [
        (lambda x, y: [_rect(x, y, 30, 30, EMPTY_FILL), _text(x + 3, y + 13, "7", size=12)],
         "empty square and its number"),
        (lambda x, y: [_rect(x, y, 30, 30, fill), _text(x + 15, y + 22, letter, fill=ink, anchor="middle",
                                                        bold=True, size=15)],
         f"single block; the letter names its owner ({letter} = {game.player_names[0]})"),
        (lambda x, y: [_rect(x, y, 30, 30, fill), _bar(x, y - 30, 30, 60, "D", ink, fill)],
         "double block: a bar “double” under its 2 squares"),
        (lambda x, y: [_rect(x, y, 30, 30, fill), _bar(x, y - 30, 30, 60, "T", ink, fill)],
         "tower (bar marked “tower”, battlements on top)"),
        (lambda x, y: [_rect(x, y, 30, 30, BROKEN_FILL), _text(x + 15, y + 21, letter, anchor="middle", bold=True,
                                                               size=14)],
         "broken wall (Traitor): counts for nobody"),
        (lambda x, y: [_rect(x, y, 30, 30, EMPTY_FILL),
                       f'<rect x="{x + 3}" y="{y + 3}" width="24" height="24" fill="none" stroke="{fill}" '
                       f'stroke-width="3" stroke-dasharray="4 2"/>',
                       _text(x + 15, y + 20, letter, anchor="middle", bold=True, size=12)],
         "empty square reserved by a tower for its owner’s single"),
        (lambda x, y: [f'<circle cx="{x + 15}" cy="{y + 15}" r="13" fill="{LINE}"/>',
                       _text(x + 15, y + 21, "?", fill="#FFFFFF", anchor="middle", bold=True, size=16)],
         "threat counter face down (value hidden)"),
        (lambda x, y: [f'<circle cx="{x + 15}" cy="{y + 15}" r="13" fill="#FFFFFF" stroke="#000000" '
                       'stroke-width="2"/>', _text(x + 15, y + 20, "−3", anchor="middle", bold=True, size=12)],
         "threat counter turned face up; ✕ = removed"),
        (lambda x, y: [f'<rect x="{x + 4}" y="{y + 5}" width="22" height="20" rx="3" fill="#FFFFFF" '
                       'stroke="#000000"/>', _text(x + 15, y + 20, "2", anchor="middle", bold=True, size=13)],
         "province's reputation counter; ✓ scored once completed"),
        (lambda x, y: [f'<rect x="{x + 7}" y="{y + 4}" width="16" height="22" rx="2" fill="{fill}" '
                       'stroke="#000000"/>', _text(x + 15, y + 20, letter, fill=ink, anchor="middle", bold=True,
                                                   size=12)],
         "action card placed face down (its owner's colour)"),
        (lambda x, y: _face_up_card(game, (0, "builder"), "open", x + 4, y + 3),
         f"revealed card: {letter}4 = {game.player_names[0]}'s Builder (priority 4)"),
        (lambda x, y: _emperor_card(x + 7, y + 3), "Emperor card on a scored province"),
    ]
    if game.res is not None and game.res["reveal"].cards and "verdicts" not in hide:
        items.append((lambda x, y: _face_up_card(game, (0, "builder"), "out", x + 4, y + 3),
                      "grey: a used card; struck through: cancelled or removed"))
    if any(o == game.players for o in game.occ) or game.options.neutral_blocks:
        nfill, nink, nletter = player_style("neutral")
        items.append((lambda x, y: [_rect(x, y, 30, 30, nfill), _text(x + 15, y + 21, nletter, fill=nink,
                                                                      anchor="middle", bold=True, size=15)],
                      "neutral block (2-player rule)"))
    if targets:
        items.append((lambda x, y: [_rect(x, y, 30, 30, EMPTY_FILL),
                                    f'<rect x="{x + 2}" y="{y + 2}" width="26" height="26" fill="none" '
                                    f'stroke="{TARGET}" stroke-width="3" stroke-dasharray="7 4"/>'],
                      "dashed blue outline: you may choose this"))
    words = {"focus": "thick outline: what this step is about", "removed": "dashed outline and −: removed",
             "added": "thick outline and +: added", "changed": "dotted outline and ~: changed"}
    for mark in MARKS:
        if mark in marks.values():
            items.append((lambda x, y, m=mark: [_rect(x, y, 30, 30, EMPTY_FILL)] + _mark(m, x, y, 30, 30),
                          words[mark]))
    columns = 2
    out = [_text(MARGIN, top + 16, "Legend", bold=True, size=13)]
    col_w = (WIDTH - 2 * MARGIN) // columns
    for i, (sample, words_) in enumerate(items):
        x = MARGIN + (i % columns) * col_w
        y = top + 26 + (i // columns) * 38
        out += sample(x, y)
        out.append(_text(x + 38, y + 20, words_, size=12))
    return out, top + 26 + ((len(items) + columns - 1) // columns) * 38 + 8


def _rect(x, y, w, h, fill, stroke="#555555"):
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="{stroke}"/>'


def _bar(x, y, w, h, word, back, ink):
    """A band along the bottom of a square naming its piece, in the square's colours swapped."""
    return (f'<rect x="{x + 3}" y="{y + h - 18}" width="{w - 6}" height="15" rx="3" fill="{back}"/>'
            + _text(x + w / 2, y + h - 6, word, fill=ink, anchor="middle", size=12))


def _text(x, y, words, fill="#000000", anchor="start", bold=False, size=13):
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x}" y="{y}" fill="{fill}" font-size="{size}" text-anchor="{anchor}"{weight}>'
            f'{escape(words)}</text>')

