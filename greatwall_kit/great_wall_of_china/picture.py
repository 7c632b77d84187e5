"""The table as a deterministic SVG picture: the players, each wall section's tokens, cards and totals, a legend.

Only what every player sees is drawn: hand and deck sizes, never their cards; the number of a player's
face-down tokens, their values only once the game is over (then each player's score). Element keys are the node
ids of :func:`~greatwall_kit.great_wall_of_china.graph.graph`: the player names and ``"section <n>"``.

Names: moves, steps, the log and refusals name what the board draws, in the board's own words. A player by their
colour (the panel's name); a section as ``section <n>`` (its row's label); a card by its number in its section,
``card <n>`` (drawn above each tile, 1 = leftmost, as ``claim`` and ``dragon`` moves count); a token by its value
(drawn in its circle); a kind by its name, Wall, Gate, Watchtower, Infantry, Cavalry, Noble, Dragon (the tile's
two letters, spelled out in the legend; move texts write it in lower case). The full name of a card or token
("card 2 of section 1: Yellow's Gate, 2 points") is its ``<title>``, shown on hover, so the tiles stay small.

The quiz form (``hide=``, parts of :data:`~greatwall_kit.engine.steps.QUIZ_PARTS`) leaves out what an exercise
asks; every element group stays, with the same key, and only the telling texts and marks go:

- ``totals``: the points each tile scores now (drawn ``?``), each player's total in a section's "cards and total"
  column (``?``) and the points in a tile's title; the legend says the ``?`` is for the student to work out.
- ``scores``: a player's score once the game is over (``score ?``, and ``3, 5; score ?`` in the panel's title), the
  "winner" tag, who wins in the status line, and who leads or is tied in a section (as ``verdicts``).
- ``status``: the status line (whose turn, what they must do: "Red must claim a token of section 1", the last
  round, the end), and in the players' panels who is to act (the "to act" tag and the thick frame).
- ``verdicts``: "leads" and "tied" in a section's totals column (with the bold line of the leader), the outcome of
  the scoring check the picture works out ahead, and the legend's line on "leads".
- ``counts``: the numbers of cards in hand and deck (``hand ? · deck ?``), of a player's tokens (``? tokens face
  down``, ``score 8 (? tokens)``, and the token values in the panel's title once turned up, which count them), of
  tokens in the pool (``? face down``) and of each kind of card in a section's totals column (``2In``).
- ``marks``: ``targets`` and ``highlight`` (checked as usual, then not drawn), with their lines in the legend.

The accessible name of the picture (its ``aria-label``) leaves out the same.

>>> from greatwall_kit.great_wall_of_china import new_game
>>> svg = new_game(players=2, seed=0).picture(targets={"section 1": "play here"})
>>> svg.startswith("<svg"), 'data-target="section 1"' in svg, 'role="group"' in svg
(True, True, True)
>>> quiz = new_game(players=2, seed=0).picture(hide=["status", "counts"])
>>> "to act" in quiz, "hand ? \u00b7 deck ?" in quiz
(False, True)
"""

from xml.sax.saxutils import escape, quoteattr

from greatwall_kit.engine.palette import HIGHLIGHT, PLAYER, TARGET
from greatwall_kit.engine.steps import MARKS, picture_marks, quiz_parts

from .cards import NAME
from .graph import results_shown, standing_of, style

__all__ = ["picture", "move_element", "ABBREVIATION", "WIDTH"]

#: The two-letter name of each kind of card on a tile (the legend spells them out).
ABBREVIATION = {"wall": "Wa", "gate": "Ga", "watchtower": "Wt", "infantry": "In", "cavalry": "Ca",
                "noble": "No", "dragon": "Dr"}
_INFANTRY = {"per_player": "a player's n-th there counts n", "per_section": "the n-th of anyone there counts n"}

WIDTH, _M = 900, 8
_PAPER, _PANEL, _EDGE, _TOKEN = "#F4EFE3", "#FFFFFF", "#7A6A4F", "#FFE9A8"
_TILE_W, _TILE_H, _STEP, _BADGE, _BAND = 40, 54, 44, 22, 17
_STRIP_X, _TOTALS_X = 142, 634
_PER_LINE = (_TOTALS_X - 8 - _STRIP_X) // _STEP
_MARK_SIGN = {"added": "+", "changed": "~"}  # a removed element is crossed out


def picture(game, targets=None, highlight=(), hide=()):
    """The table as SVG: players, each section's tokens, cards and totals, and a legend.

    Hands and decks are drawn as counts only. Element keys: the player names and ``"section <n>"`` (the nodes of
    :func:`~.graph.graph`).

    Parameters
    ----------
    game : GreatWallOfChina
    targets : dict, optional
        ``{element key: label}``: the elements drawn as clickable, with the label as accessible name.
    highlight : iterable of str or mapping
        Keys to mark "focus", or ``{key: mark}`` with a mark of ``greatwall_kit.engine.steps.MARKS``.
    hide : str or iterable of str
        The quiz form: parts of ``greatwall_kit.engine.steps.QUIZ_PARTS`` left out (totals, scores, status,
        verdicts, counts, marks); the module docstring says what each one hides.

    Examples
    --------
    >>> from greatwall_kit.great_wall_of_china import new_game
    >>> game = new_game(players=2, seed=0)
    >>> 'data-element="section 2"' in picture(game, highlight={"section 2": "changed"})
    True
    >>> picture(game, highlight=["section 9"])
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: no board element 'section 9' to highlight (see game.graph() for the keys, ...)
    >>> "to act" in picture(game), "to act" in picture(game, hide="status")
    (True, False)
    """  # noqa: E501 - doctest output is compared as printed
    hide = quiz_parts(hide)
    names = game.player_names[:game.players]
    keys = set(names) | {f"section {s.number}" for s in game.sections}
    targets, marks = picture_marks(targets, highlight, keys)
    if "marks" in hide:  # checked above all the same: a bad key is an error in a quiz form too
        targets, marks = {}, {}
    body, y = [], 8
    body.append(_text(_M + 4, y + 20, game.title, 20, weight="bold"))
    status = _status(game, hide)
    if status:
        body.append(_text(_M + 4, y + 44, status, 15))
    body.append(_text(_M + 4, y + 64, _pool_text(game, hide), 14))
    y += 90  # room above the players for a highlight's sign
    body += _players(game, y, targets, marks, hide)
    y += 96
    for section in game.sections:
        # each row is drawn from its own top (0) and moved into place, so that a section's drawing says what lies
        # there, not how tall the rows above it are (a rule step that empties section 1 changes section 1 alone)
        part, height = _section(game, section, 0, targets, marks, hide)
        body += [f'<g transform="translate(0 {y})">', *part, "</g>"]
        y += height + 16
    part, height = _legend(game, y, bool(targets), marks, hide)
    body += part
    y += height + _M
    label = quoteattr(_summary(game, hide))
    role = "group" if targets else "img"
    return "".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y}" '
                    f'viewBox="0 0 {WIDTH} {y}" font-family="sans-serif" font-size="14" role="{role}" '
                    f'aria-label={label}>', f'<rect width="{WIDTH}" height="{y}" fill="{_PAPER}"/>',
                    *body, "</svg>"])


def move_element(game, move):
    """``"section <n>"`` for a move on a section (a play, a Dragon, a claim); ``None`` for a draw.

    >>> from greatwall_kit.great_wall_of_china import new_game
    >>> game = new_game(players=2, seed=0)
    >>> move_element(game, game.parse_move("play 2 wall 1")), move_element(game, game.parse_move("draw"))
    ('section 2', None)
    """
    section = getattr(move, "section", None)
    return None if section is None else f"section {section}"


# -- the parts ---------------------------------------------------------------------------------

def _players(game, y, targets, marks, hide):
    n, out = game.players, []
    gap = 8
    w = (WIDTH - 2 * _M - (n - 1) * gap) / n
    for p, name in enumerate(game.player_names[:n]):
        x = _M + p * (w + gap)
        fill, ink, letter = style(name)
        acting = game.to_act == p and "status" not in hide
        standing, title, winner = standing_of(game, p, hide)
        winner = winner and "scores" not in hide
        inner = [f"<title>{escape(title)}</title>",
                 f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="80" rx="6" fill="{_PANEL}" '
                 f'stroke="{fill if fill != PLAYER["yellow"] else _EDGE}" stroke-width="{4 if acting else 2}"/>',
                 f'<circle cx="{x + 22:.1f}" cy="{y + 22}" r="14" fill="{fill}" stroke="#000000"/>',
                 _text(x + 22, y + 27, letter, 15, ink, "middle", "bold"),
                 _text(x + 42, y + 28, name, 16, weight="bold")]
        tag = "winner" if winner else "to act" if acting else ""
        if tag:
            inner.append(_text(x + w - 8, y + 27, tag, 13, anchor="end", weight="bold"))
        hand, deck = (("?", "?") if "counts" in hide else (sum(game.hands[p].values()), len(game.decks[p])))
        inner.append(_text(x + 10, y + 52, f"hand {hand} \u00b7 deck {deck}", 14))
        inner.append(_text(x + 10, y + 71, standing, 13))
        out.append(_element(name, inner, (x, y, w, 80), targets, marks))
    return out


def _section(game, section, y, targets, marks, hide):
    """The parts of one section's row and the row's height."""
    key = f"section {section.number}"
    cards, names = section.cards, game.player_names
    points = section.tally().points
    lines = [cards[i:i + _PER_LINE] for i in range(0, len(cards), _PER_LINE)]
    inner, line_y = [], y + 8
    for row_no, line in enumerate(lines):
        for j, card in enumerate(line):
            i = row_no * _PER_LINE + j
            shown = "?" if "totals" in hide else points[i]
            inner += _tile(card, i, shown, _STRIP_X + j * _STEP, line_y, names, section.number)
        line_y += _BADGE + _TILE_H + _BAND * max([len(c.beneath) for c in line] + [0]) + 6
    if cards:
        height = max(line_y - y, 44 + 20 * game.players, 104)
    else:  # a short row: nobody has a total here
        inner.append(_text(_STRIP_X, y + 46, "no cards here", 14))
        height = 84
    inner.insert(0, f'<rect x="{_M}" y="{y}" width="{WIDTH - 2 * _M}" height="{height}" rx="6" fill="{_PANEL}" '
                    f'stroke="{_EDGE}" stroke-width="1.5"/>')
    inner.append(_text(_M + 10, y + 24, key, 17, weight="bold"))
    for i, value in enumerate(section.pair):
        cx = _M + 32 + 46 * i
        inner += [f"<g><title>the {value} token of {key}, face up</title>",
                  f'<circle cx="{cx}" cy="{y + 54}" r="18" fill="{_TOKEN}" stroke="#000000" stroke-width="1.5"/>',
                  _text(cx, y + 60, str(value), 17, anchor="middle", weight="bold"), "</g>"]
    if not section.pair:
        inner.append(_text(_M + 10, y + 60, "no tokens", 14))
    if cards:
        inner += _totals(game, section, y, hide)
    return [_element(key, inner, (_M, y, WIDTH - 2 * _M, height), targets, marks)], height


def _tile(card, i, points, x, y, names, section):
    """A card: number (and first-claimed token) above, kind, owner and points on it, covered cards below; its
    full name as its title."""
    fill, ink, letter = style(names[card.owner])
    token = card.token is not None  # the number moves left to make room for the token beside it
    title = f"card {i + 1} of section {section}: {names[card.owner]}'s {NAME[card.kind]}, " \
            f"{points} point{'s' if points != 1 else ''}"  # "? points" in a quiz form
    if card.beneath:
        title += "; it covers " + " and ".join(f"{names[o]}'s {NAME[k]}" for o, k in reversed(card.beneath)) + \
            " (they score 0)"
    if token:
        title += f"; the {card.token} token lies face up on it"
    out = [f"<g><title>{escape(title)}</title>",
           _text(x + 8 if token else x + _TILE_W / 2, y + 16, str(i + 1), 13, anchor="middle")]
    if token:
        out += [f'<circle cx="{x + 28}" cy="{y + 11}" r="10.5" fill="{_TOKEN}" stroke="#000000"/>',
                _text(x + 28, y + 16, str(card.token), 13, anchor="middle", weight="bold")]
    top = y + _BADGE
    out += [f'<rect x="{x}" y="{top}" width="{_TILE_W}" height="{_TILE_H}" rx="4" fill="{fill}" '
            f'stroke="#000000"/>',
            _text(x + _TILE_W / 2, top + 18, ABBREVIATION[card.kind], 15, ink, "middle", "bold"),
            _text(x + _TILE_W / 2, top + 33, letter, 13, ink, "middle"),
            _text(x + _TILE_W / 2, top + 49, f"{points}", 13, ink, "middle")]
    for k, (owner, kind) in enumerate(reversed(card.beneath)):  # the card just under the Dragon first
        b_fill, b_ink, b_letter = style(names[owner])
        by = top + _TILE_H + k * _BAND
        out += [f'<rect x="{x + 3}" y="{by}" width="{_TILE_W - 6}" height="{_BAND}" fill="{b_fill}" '
                f'stroke="#000000" stroke-dasharray="3 2"/>',
                _text(x + _TILE_W / 2, by + 13, f"{b_letter} {ABBREVIATION[kind]}", 12, b_ink, "middle")]
    return out + ["</g>"]


def _totals(game, section, y, hide):
    """Each player's cards (kinds and counts), total and whether they lead, right of the cards (each part left out
    when ``hide`` names it)."""
    totals, part = section.totals(), section.takes_part()
    names, x = game.player_names, _TOTALS_X
    raw = section.tally().totals
    best = max((totals[p] for p in range(game.players) if part[p]), default=None)
    leaders = [p for p in range(game.players) if part[p] and totals[p] == best]
    out = [_text(x, y + 22, "cards and total", 14, weight="bold")]
    for p in range(game.players):
        fill, ink, letter = style(names[p])
        ly = y + 34 + 20 * p
        out += [f'<rect x="{x}" y="{ly}" width="20" height="18" rx="3" fill="{fill}" stroke="#000000"/>',
                _text(x + 10, ly + 14, letter, 13, ink, "middle", "bold")]
        if not part[p]:
            out.append(_text(x + 28, ly + 14, "no cards", 14))
            continue
        counts: dict[str, int] = {}
        for card in section.cards:
            if card.owner == p:
                counts[card.kind] = counts.get(card.kind, 0) + 1
        kinds = " ".join(f"{n}{ABBREVIATION[k]}" for k, n in counts.items())
        token = raw[p] - totals[p]
        total = f"{raw[p]} \u2212 {token} = {_signed(totals[p])}" if token else _signed(totals[p])
        if "totals" in hide:
            total = "?"
        lead = " leads" if leaders == [p] else " tied" if p in leaders else ""
        if hide & {"verdicts", "scores"}:
            lead = ""
        text = f"{kinds}: {total}{lead}"
        if len(text) > 26 or "counts" in hide:  # too long for the column: the tiles show the cards anyway
            text = f"total {total}{lead}"
        out.append(_text(x + 28, ly + 14, text, 14, weight="bold" if lead else None))
    return out


def _legend(game, y, targeted, marks, hide):
    names = game.player_names[:game.players]
    points = "? (the points it scores: yours to work out)" if "totals" in hide else "the points it scores now"
    lines = ["Wa Wall 1 \u00b7 Ga Gate 2 \u00b7 Wt Watchtower 3 \u00b7 Ca Cavalry 2 \u00b7 "
             f"In Infantry ({_INFANTRY[game.options.infantry]})",
             "No Noble (every card of the section counts 1) \u00b7 Dr Dragon 1 (laid on a card, which then "
             "scores 0)",
             f"Tile: kind, owner's letter, {points}; number above: card 1, 2, ... (hover: its name)",
             "Token circle on a card: the first-claimed token, taken off its owner's total (the \u2212 in "
             "the totals)",
             "Dashed band under a Dragon: the card it covers (scores 0)" + ("" if hide & {"verdicts", "scores"} else
                                                                           " \u00b7 leads: strictly the most points")]
    out, row = [], y + 40 + 18 * len(lines)
    for i, line in enumerate(lines):
        out.append(_text(_M + 10, y + 44 + 18 * i, line, 13))
    x = _M + 10
    for name in names:
        fill, ink, letter = style(name)
        out += [f'<rect x="{x}" y="{row + 6}" width="20" height="18" rx="3" fill="{fill}" stroke="#000000"/>',
                _text(x + 10, row + 20, letter, 13, ink, "middle", "bold"),
                _text(x + 26, row + 20, name, 13)]
        x += 32 + 8 * len(name) + 14
    out.append(f'<circle cx="{x + 12}" cy="{row + 15}" r="11" fill="{_TOKEN}" stroke="#000000"/>')
    out.append(_text(x + 12, row + 20, "5", 13, anchor="middle", weight="bold"))
    out.append(_text(x + 28, row + 20, "a token and its value", 13))
    height = row + 30 - y
    used = [m for m in MARKS if m in marks.values()]
    if targeted or used:
        samples = [("target", "can be chosen")] * targeted + [(m, _MARK_TEXT[m]) for m in used]
        x, row = _M + 10, y + height + 8
        for mark, text in samples:
            box = (x, row + 6, 40, 22)
            out += _frame(box, mark) if mark != "target" else [_outline(box, TARGET, 3, "6 3")]
            out.append(_text(x + 48, row + 22, text, 13))
            x += 48 + 7 * len(text) + 24
        height += 44
    out.insert(0, f'<rect x="{_M}" y="{y}" width="{WIDTH - 2 * _M}" height="{height}" rx="6" fill="{_PANEL}" '
                  f'stroke="{_EDGE}"/>')
    out.insert(1, _text(_M + 10, y + 22, "Legend", 15, weight="bold"))
    return out, height


_MARK_TEXT = {"focus": "in focus", "removed": "removed", "added": "added", "changed": "changed"}


# -- elements, targets and highlights ------------------------------------------------------------

def _element(key, inner, box, targets, marks):
    """The ``<g>`` of a board element: its parts, faded if removed, its target cue and highlight mark."""
    mark = marks.get(key)
    attrs = f'data-element={quoteattr(key)}'
    if key in targets:
        attrs += (f' class="gw-target" data-target={quoteattr(key)} tabindex="0" role="button" '
                  f'aria-label={quoteattr(str(targets[key]))}')
    if mark:
        attrs += f' data-mark="{mark}"'
    if mark == "removed":
        inner = ['<g opacity="0.55">', *inner, "</g>"]
    x, y, w, h = box
    cue = [_outline((x + 3, y + 3, w - 6, h - 6), TARGET, 3, "8 4")] if key in targets else []
    frame = _frame((x - 4, y - 4, w + 8, h + 8), mark) if mark else []  # in the margin, beside the cue
    return "".join([f"<g {attrs}>", *inner, *cue, *frame, "</g>"])


def _frame(box, mark):
    """The visible sign of a highlight mark around ``box``."""
    x, y, w, h = box
    if mark == "changed":
        out = [_outline(box, HIGHLIGHT, 3, "2 3")]
    else:
        out = [_outline(box, HIGHLIGHT, 4 if mark != "removed" else 2)]
    if mark == "removed":
        out.append(f'<path d="M{x:.1f} {y:.1f}L{x + w:.1f} {y + h:.1f}M{x + w:.1f} {y:.1f}L{x:.1f} {y + h:.1f}" '
                   f'stroke="{HIGHLIGHT}" stroke-width="3"/>')
    if mark in _MARK_SIGN:  # on the top edge, near the right corner: in the margin, clear of the texts
        cx = x + w - min(30, w / 2)
        out += [f'<circle cx="{cx:.1f}" cy="{y:.1f}" r="11" fill="#FFFFFF" stroke="{HIGHLIGHT}" '
                f'stroke-width="2"/>', _text(cx, y + 6, _MARK_SIGN[mark], 16, anchor="middle", weight="bold")]
    return out


def _outline(box, colour, width, dash=None):
    x, y, w, h = box
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" fill="none" '
            f'stroke="{colour}" stroke-width="{width}"{dashed}/>')


# -- texts ---------------------------------------------------------------------------------------

def _status(game, hide=frozenset()):
    """The status line ("" when ``hide`` names ``status``; without who wins when it names ``scores``)."""
    if "status" in hide:
        return ""
    names = game.player_names
    if game.is_over:
        winners = [names[p] for p in results_shown(game)[1]]
        if not winners or "scores" in hide:  # a position after an end step, before the winners are named
            return f"Game over: {game._end_reason()}"
        return f"Game over: {game._end_reason()}; {', '.join(winners)} {'win' if len(winners) > 1 else 'wins'}"
    who = names[game.to_act]
    if game.phase == "claim":
        text = f"Turn {game.turn_number}: {who} must claim a token of section {game.pending + 1}"
    else:
        text = f"Turn {game.turn_number}: {who} to act, action {game.actions + 1} of 2"
        if game.cavalry_used:
            text += " (Cavalry played)"
    if game.final:
        text += " \u00b7 scoring checks only"
    elif game.declarer is not None:
        text += f" \u00b7 last round: {names[game.declarer]} announced it"
    return text


def _pool_text(game, hide):
    box = ", ".join(map(str, sorted(game.box))) or "empty"
    return f"Token pool: {'?' if 'counts' in hide else len(game.pool)} face down \u00b7 box (out of the game): {box}"


def _summary(game, hide):
    """The accessible name of the whole picture: the state in a sentence or two (without what ``hide`` names)."""
    names = game.player_names
    parts = []
    for section in game.sections:
        totals, part = section.totals(), section.takes_part()
        shown = ["?" if "totals" in hide else totals[p] for p in range(game.players)]
        who = ", ".join(f"{names[p]} {shown[p]}" for p in range(game.players) if part[p]) or "no cards"
        pair = " and ".join(map(str, section.pair)) or "none"
        parts.append(f"section {section.number}: tokens {pair}; {who}")
    status = _status(game, hide)
    return f"{game.title}, {game.players} players. " + (f"{status}. " if status else "") + ". ".join(parts) + "."


def _signed(number):
    return f"\u2212{-number}" if number < 0 else str(number)


def _text(x, y, s, size, fill="#000000", anchor=None, weight=None):
    extra = (f' text-anchor="{anchor}"' if anchor else "") + (f' font-weight="{weight}"' if weight else "")
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{extra}>{escape(s)}</text>'
