"""The board of *The Great Wall* as an SVG picture: public information only, readable on a projector.

Everything drawn comes from the public view (``game.view(None)["public"]``) and the card data, so no hand,
Screen or secret choice can show. Each board element is a ``<g data-element=KEY>`` whose key is a node of
``game.graph()``; :func:`picture` draws targets (clickable, keyboard-reachable) and highlight marks on them.

Names (one scheme for the board, moves, log lines, rule steps, refusals, the graph and the legend): the texts use
the labels the board draws: ``section 1``, Horde card ``h03`` (drawn with its name), ``spot 2 of h03`` (each spot's
number is drawn under it, occupied or not), ``row 1``, Time and Command track ``slot 2``, an Artifact and a trophy
by its name (its ID in its hover title), the clans, the Shame pool, and Locations by the name the board draws
(``Lumber camp``). Move texts are typed, so they write a Location as its one-word ID (``clerk lumber_camp``) and a
card by its ID: the move buttons show the card's or the Location's name (``describe``'s label), the Location's hover
title and the legend give it.
Every spot, card, Firing spot, track slot and Location carries a hover title (``<title>``) with its full name,
where the drawn label is shorter. A Horde card and its spots are drawn in a group translated to the card, and each
section always lays out all its rows: the picture after a rule step differs from the one before exactly in the
elements the step changed (a card moving up a row changes only its row label).

>>> from greatwall_kit.the_great_wall import new_game
>>> g = new_game(players=2, seed=1)
>>> svg = g.picture(targets={"location:quarry": "clerk quarry"}, highlight={"section:0": "changed"})
>>> svg.count('data-target="location:quarry"'), 'role="group"' in svg, 'Legend' in svg
(1, True, True)

The quiz form (``hide``, parts of :data:`~greatwall_kit.engine.steps.QUIZ_PARTS`) leaves out, and keeps every element
group with its key:

* ``totals``: each section's Offensive Power and Defense (drawn as ``Power ? · Defense ?``). The printed numbers the
  student adds up stay: a Horde card's ``Pow``, a wall tile's value, the Barricades.
* ``verdicts``: whether a section would be Breached (``> … would breach``, ``≥ … holds``, and the bold type of a
  breaching section's line). Shown alone it leaves ``Power 6 · Defense 2``, the two totals without their comparison.
* ``scores``: each clan's Honor (drawn as ``Honor ?``), its final Honor, the winner in the header, and the Honor in
  the picture's accessible summary.
* ``status``: the header's ``· Crane to act`` (and ``· Crane wins``, which ``scores`` hides too).
* ``counts``: the numbers of cards, tokens and Soldiers in the header and the clans' panels (drawn as ``?``): the
  Horde deck, the Shame pool, a clan's Shame tokens, Clerks, hand, Tactics, Barracks, Rest Zone, reserve and number
  of trophies. Pieces drawn on the board (Soldiers, Archers, Barricades, Clerks on Locations, trophies) and the
  clans' resources stay: they are the position the question is about.
* ``marks``: the targets and highlights (they are still checked, and a bad one is refused as without ``hide``).

>>> quiz = new_game(players=2, seed=1).picture(hide=("totals", "verdicts", "scores", "status"))
>>> "Power ? · Defense ?" in quiz, "Honor ?" in quiz, "would breach" in quiz or "holds" in quiz, "to act" in quiz
(True, True, False, False)
"""

from html import escape

from ..engine.errors import IllegalMoveError, NotationError
from ..engine.log import counted
from ..engine.moves import Move
from ..engine.palette import HIGHLIGHT, TARGET
from ..engine.steps import picture_marks, quiz_parts
from .graph import (
    CARD,
    CARD_GAP,
    CARD_H,
    GOLD,
    MARGIN,
    NOW,
    OPEN,
    PLACE,
    TROPHY_X,
    WALL,
    WIDTH,
    WOUND,
    clan_style,
    layout,
)
from .horde import offensive_power
from .moves import Activate, Archer, Build, Buy, Clerk, Fire, Horseman, Shame, Slot, Spearman, Upgrade

__all__ = ["picture", "move_element"]

BACKGROUND, INKED, EDGE, BRICK, SCREEN = "#FAF7F0", "#000000", "#5C4D33", "#8B5A2B", "#3E4A89"
ABBREV = {"wood": "Wd", "stone": "St", "gold": "Gd", "chi": "Ch", "honor": "Hn"}
REWARD_WORD = {"wood": "wood", "stone": "stone", "gold": "gold", "chi": "Chi", "honor": "Honor"}
SEASONS = {"setup": "Set-up", "spring": "Spring", "summer": "Summer", "fall": "Fall", "winter": "Winter",
           "over": "Game over"}
KINDS = (("spearman", "S"), ("archer", "A"), ("horseman", "H"))
LEGEND_ROW, LEGEND_COLS = 22, 3


def picture(game, targets=None, highlight=(), hide=()):
    """The SVG text of ``game``'s board (see :meth:`greatwall_kit.engine.Game.picture`).

    ``targets`` keys must be elements this position draws; highlight keys of Horde cards (and their spots)
    not drawn here (a card already gone) are skipped. ``hide`` gives the quiz form (see the module's docstring).
    Raises :class:`~greatwall_kit.engine.errors.GreatWallError` for a bad ``targets``, ``highlight`` or ``hide``,
    naming any other key this position does not draw or the part it cannot hide.
    """
    hide = quiz_parts(hide)
    lay = layout(game)
    targets, marks = picture_marks(targets, highlight, lay.boxes, _horde_keys(game.cat.horde))
    if "marks" in hide:
        targets, marks = {}, {}
    canvas = _Canvas(lay, targets, marks, game.player_names, hide)
    _header(canvas, game)
    _wall(canvas, game)
    _track(canvas, game)
    _locations(canvas, game)
    _clans(canvas, game)
    height = _legend(canvas, game) + MARGIN
    pub = lay.public
    honor = ", ".join(f"{game.player_names[p]} {c['honor']}" for p, c in enumerate(pub["clans"]))
    summary = (f"The Great Wall, Year {pub['year']}, {SEASONS.get(pub['season'], pub['season'])}: "
               f"{len(pub['sections'])} wall sections" + ("" if "scores" in hide else f"; Honor {honor}")
               + ("" if "counts" in hide else f"; Shame pool {pub['shame_pool']}"))
    if canvas.targets:
        summary += f"; {len(canvas.targets)} places to play"
    role = "group" if canvas.targets else "img"
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" role="{role}" aria-label="{escape(summary)}" '
            f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="13">'
            f'<title>{escape(summary)}</title><rect width="{WIDTH}" height="{height}" fill="{BACKGROUND}"/>')
    return head + "".join(canvas.out) + "</svg>"


def _horde_keys(horde):
    """The keys of every Horde card of the data set and its Vital spots: a Defeat's or a Breach's rule steps mark
    cards their resolution removed from the wall."""
    return ({f"card:{h}" for h in horde}
            | {f"spot:{h}:{i}" for h, card in horde.items() for i in range(len(card["spots"]))})


class _Canvas:
    """Collects SVG text; wraps board elements with their key, target cue and highlight mark; knows what the quiz
    form hides."""

    def __init__(self, lay, targets, marks, names, hide=frozenset()):
        self.lay, self.targets, self.marks, self.names, self.out = lay, targets, marks, names, []
        self.hide = hide

    def count(self, n):
        """A count of cards, tokens or Soldiers as drawn: ``?`` in a quiz form that hides the counts."""
        return "?" if "counts" in self.hide else n

    def add(self, *parts):
        self.out.extend(parts)

    def element(self, key, *parts, origin=(0, 0), title=None, small=False):
        """Draw element ``key`` from ``parts``; ``origin`` is where the group it sits in is translated to (the
        parts and the decorations are drawn relative to it); ``title`` names it on hover (the name the texts use
        where the board draws a shorter label). A ``small`` element (a Vital spot) gets a tighter outline and a
        smaller badge, which leave its card's name readable."""
        x, y, w, h = self.lay.boxes[key]
        x, y = x - origin[0], y - origin[1]
        if title:
            parts = (f"<title>{escape(title)}</title>", *parts)
        attrs = f'data-element="{escape(key)}"'
        deco, pad = [], 3 if small else 7
        if key in self.targets:
            attrs += (f' class="gw-target" data-target="{escape(key)}" tabindex="0" role="button" '
                      f'aria-label="{escape(self.targets[key])}"')
            deco.append(_rect(x - 3, y - 3, w + 6, h + 6, "none", TARGET, 3, dash="7 4", rx=5))
        body = "".join(parts)
        mark = self.marks.get(key)
        if mark:
            attrs += f' data-mark="{mark}"'
        if mark == "removed":
            body = f'<g opacity="0.35">{body}</g>'
            deco.append(f'<path d="M{x} {y}L{x + w} {y + h}M{x + w} {y}L{x} {y + h}" stroke="{HIGHLIGHT}" '
                        f'stroke-width="3"/>')
        elif mark in ("focus", "added"):
            deco.append(_rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, "none", HIGHLIGHT, 4, rx=6))
        elif mark == "changed":
            deco.append(_rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, "none", HIGHLIGHT, 3, dash="2 4", rx=6))
        if mark in ("added", "changed"):  # the badge sits on the outline's corner, kept inside the picture
            deco.append(_badge(min(x + w + pad - 5, WIDTH - 11), max(y - pad + 5, 11), "+" if mark == "added" else "~",
                               7 if small else 10))
        self.out.append(f'<g {attrs}>{body}{"".join(deco)}</g>')


# -- drawing primitives ------------------------------------------------------------------------------

def _text(x, y, s, size=13, anchor=None, bold=False, fill=INKED):
    extra = (f' text-anchor="{anchor}"' if anchor else "") + (' font-weight="bold"' if bold else "")
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{extra}>{escape(str(s))}</text>'


def _rect(x, y, w, h, fill, stroke=None, width=1, dash=None, rx=0):
    extra = f' stroke="{stroke}" stroke-width="{width}"' if stroke else ""
    extra += f' stroke-dasharray="{dash}"' if dash else ""
    extra += f' rx="{rx}"' if rx else ""
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{fill}"{extra}/>'


def _circle(cx, cy, r, fill, stroke=EDGE, dash=None):
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"{extra}/>'


def _badge(cx, cy, sign, r=10):
    return _circle(cx, cy, r, "#FFFFFF", HIGHLIGHT) + _text(cx, cy + r / 2, sign, 15 if r >= 10 else 12, "middle", True)


def _token(x, y, p, size=22, text=None):
    """A clan's square swatch with its letter (colour is never the only cue)."""
    fill, ink, letter = clan_style(p)
    return (_rect(x, y, size, size, fill, INKED, 1, rx=3)
            + _text(x + size / 2, y + size / 2 + 5, text or letter, 14 if size < 30 else 20, "middle", True, ink))


def _fit(s, width, size=13):
    """``s`` cut to about ``width`` pixels of text (DejaVu Sans averages about 0.55 em per letter)."""
    most = int(width / (0.55 * size))
    return s if len(s) <= most else s[:most - 1] + "…"


def _wrap(s, width, size, most):
    """``s`` in lines of about ``width`` pixels, broken between words; at most ``most`` lines (the last one cut
    with "…" only if the words need more).

    >>> _wrap("Discard: Levy, Attack, Charge", 120, 12, 2)
    ['Discard: Levy,', 'Attack, Charge']
    """
    lines: list[str] = []
    for word in s.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= int(width / (0.55 * size)):
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines[:most - 1] + [_fit(" ".join(lines[most - 1:]), width, size)] if len(lines) > most else lines


def _cost(cost):
    return " ".join(f"{v} {ABBREV[r]}" for r, v in cost.items())


# -- the bands ---------------------------------------------------------------------------------------

def _header(c, game):
    pub, names = c.lay.public, game.player_names
    when = f"Year {pub['year']} · {SEASONS.get(pub['season'], pub['season'])}"
    if pub["season"] == "fall":
        when += f", round {game.round + 1} of {len(pub['track'])}"
    if pub["prompt"]:
        if "status" not in c.hide:
            when += f" · {names[pub['prompt']['player']]} to act"
    elif pub["season"] == "over" and game.final is not None and len(game.final) == game.players:
        if not c.hide & {"status", "scores"}:
            when += f" · {names[game.winners()[0]]} wins"
    x, y, w, h = c.lay.boxes["shame_pool"]
    c.add(_text(x - 4, 26, f"Lethality {pub['lethality']} ·", 14, "end"),
          _text(x + w + 4, 26, f"· Horde deck {c.count(pub['horde_deck'])}", 14),
          _text(MARGIN, 26, when, 17, bold=True), _text(MARGIN, 73, "Time", 14, bold=True))
    c.element("shame_pool", _rect(x, y, w, h, "#FFFFFF", EDGE, 1, rx=4),
              _text(x + w / 2, y + 17, f"Shame pool {c.count(pub['shame_pool'])}", 14, "middle"))
    for i, slot in enumerate(game.cat.time_slots):
        key = f"time:{i}"
        x, y, w, h = c.lay.boxes[key]
        now = i == pub["time"]
        parts = [_rect(x, y, w, h, NOW if now else PLACE, INKED if now else EDGE, 3 if now else 1, rx=3),
                 _text(x + w / 2, y + 19, f"+{slot['horde']}", 13, "middle", now),
                 _text(x + w / 2, y + 37, f"L{slot['lethality']}", 13, "middle", now),
                 _text(x + w / 2, y + h + 14, f"slot {i}", 12, "middle")]
        if now:
            parts.append(f'<path d="M{x + w / 2 - 7} {y - 9}h14l-7 8z" fill="{INKED}"/>')
        coming = counted(slot["horde"], "new Horde card", "new Horde cards")
        c.element(key, *parts, title=f"Time track slot {i}: {coming} each Spring, Lethality {slot['lethality']}")
    x = c.lay.boxes[f"time:{len(game.cat.time_slots) - 1}"][0] + 64
    c.add(_text(x, 60, "Tea order (first plays first)", 13, bold=True))
    step = min(110, (WIDTH - MARGIN - x) // max(1, len(pub["tea"])))
    for k, p in enumerate(pub["tea"]):
        c.add(_token(x + step * k, 68, p), _text(x + step * k + 27, 85, _fit(names[p], step - 30), 13))


def _wall(c, game):
    pub, cat = c.lay.public, game.cat
    for s, sec in enumerate(pub["sections"]):
        for r, row in enumerate(sec["rows"]):
            _horde_card(c, cat, row, r)
        x, y, w, h = c.lay.boxes[f"section:{s}"]
        free = len(sec["rows"])
        if free < c.lay.rows:  # the next row a Horde card would take, so an empty column reads as empty
            ey = y - (free + 1) * (CARD_H + CARD_GAP)
            c.add(_rect(x, ey, w, CARD_H, "none", EDGE, 1.5, dash="6 5", rx=6),
                  _text(x + w / 2, ey + CARD_H / 2 + 5, f"row {free}: no Horde card", 13, "middle"))
        power, defense = offensive_power(sec["rows"], cat), pub["defense"][s]
        verdict = _verdict(power, defense, c.hide)
        level = f"Section {s} · wall level {sec['wall']} (value {cat.wall_values[sec['wall']]})"
        c.element(f"section:{s}", _rect(x, y, w, h, WALL, EDGE, 2, rx=4), _text(x + 8, y + 19, level, 14, bold=True),
                  _text(x + 8, y + 39, _fit(verdict, w - 16), 13,
                        bold=power > defense and "verdicts" not in c.hide))
        key = f"barricades:{s}"
        bx, by, _bw, _bh = c.lay.boxes[key]
        slots = cat.raw["board"]["barricade_slots"]
        c.element(key, _text(bx + 2, by + 20, "Barricades", 12),
                  title=f"Barricades of section {s}: {sec['barricades']}",
                  *[_rect(bx + 72 + 26 * k, by + 5, 20, 20, BRICK if k < sec["barricades"] else "#FFFFFF", INKED,  # noqa: B026 - the parts, after the title
                          1.5, dash=None if k < sec["barricades"] else "3 3") for k in range(slots)])
        first = c.lay.boxes[f"firing:{s}:0"]
        c.add(_text(first[0] - 6, first[1] + 20, "Archers", 12, "end"))
        for i in range(cat.raw["board"]["firing_spots"]):
            key = f"firing:{s}:{i}"
            fx, fy, fw, fh = c.lay.boxes[key]
            if i < len(sec["archers"]):
                fill, ink, letter = clan_style(sec["archers"][i])
                parts = [_rect(fx, fy, fw, fh, fill, INKED, 1.5), _text(fx + fw / 2, fy + 21, letter, 15, "middle",
                                                                         True, ink)]
            else:
                parts = [_rect(fx, fy, fw, fh, "#FFFFFF", EDGE, 1.5, dash="4 3")]
            who = f"{game.player_names[sec['archers'][i]]} Archer" if i < len(sec["archers"]) else "open"
            c.element(key, *parts, title=f"Firing spot {i} of section {s}: {who}")


def _verdict(power, defense, hide):
    """A section's Offensive Power against its Defense, as far as the quiz form ``hide`` lets it show."""
    breached = power > defense
    if "totals" in hide:
        power = defense = "?"
    if "verdicts" in hide:
        return f"Power {power} · Defense {defense}"
    if "totals" in hide:
        return f"Power ? · Defense ?: {'would breach' if breached else 'holds'}"
    return f"Power {power} > Defense {defense}: would breach" if breached else \
        f"Defense {defense} ≥ Power {power}: holds"


def _horde_card(c, cat, row, r):
    """A Horde card and its Vital spots, drawn relative to the card's corner in a group translated there: a card
    that moves up a row moves as a whole, and only its row label changes."""
    data = cat.horde[row["card"]]
    key = f"card:{row['card']}"
    x0, y0, w, h = c.lay.boxes[key]
    c.add(f'<g transform="translate({x0:g} {y0:g})">')
    c.element(key, _rect(0, 0, w, h, CARD, EDGE, 1.5, rx=6),
              _text(8, 17, _fit(f"{row['card']} {data['name']}", w - 120, 13), 13, bold=True),
              _text(w - 8, 17, f"Pow {data['power']} · Hon {data['honor']}", 13, "end"),
              _text(w - 8, 52, f"row {r}", 12, "end"), origin=(x0, y0),
              title=f"{cat.card(row['card']).described} (row {r})")
    spots = row["spots"]
    for i, occ in enumerate(spots):
        skey = f"spot:{row['card']}:{i}"
        sx, sy, sw, _ = c.lay.boxes[skey]
        sx, sy = sx - x0, sy - y0
        cx, cy = sx + sw / 2, sy + 16
        body = []
        if occ is None:
            body += [_circle(cx, cy, 14, OPEN), _text(cx, cy + 5, str(i), 13, "middle")]
        elif occ == "W":
            body += [_circle(cx, cy, 14, WOUND, INKED), _text(cx, cy + 6, "×", 18, "middle", True, "#FFFFFF")]
        else:
            fill, ink, letter = clan_style(int(occ[1:]))
            if occ[0] == "H" and i + 1 < len(spots) and spots[i + 1] == occ and _horse_start(spots, i):
                body.append(_rect(sx + 16, sy + 10, 38, 12, fill, INKED, 1))  # a Horseman's two squares, joined
            shape = _circle(cx, cy, 14, fill, INKED) if occ[0] == "S" else _rect(cx - 14, cy - 14, 28, 28, fill,
                                                                                  INKED, 1.5, rx=4)
            body += [shape, _text(cx, cy + 5, letter, 14, "middle", True, ink)]
        reward = data["spots"][i]
        body.append(_text(cx, sy + 46, REWARD_WORD.get(reward, "–"), 12, "middle"))
        c.element(skey, *body, origin=(x0, y0), small=True,
                  title=f"spot {i} of {row['card']} ({data['name']}): {_occupant(occ, c.names)}"
                  + (f" (reward: {REWARD_WORD[reward]})" if reward else " (no reward)"))
    c.add("</g>")


def _occupant(occ, names):
    return "open" if occ is None else "a Wound marker" if occ == "W" else \
        f"{names[int(occ[1:])]} {'Spearman' if occ[0] == 'S' else 'Horseman'}"


def _horse_start(spots, i):
    """Whether spot ``i`` is the first of a Horseman's two (pairs are read left to right)."""
    run = 0
    while i - run - 1 >= 0 and spots[i - run - 1] == spots[i]:
        run += 1
    return run % 2 == 0


def _track(c, game):
    pub, lay = c.lay.public, c.lay
    y = lay.bands["track"]
    c.add(_text(MARGIN, y + 17, "Command track", 14, bold=True))
    for r, row in enumerate(pub["track"]):
        current = pub["season"] == "fall" and r == game.round
        c.add(_text(MARGIN, y + 26 + 46 * r + 25, f"Round {r + 1}" + (" ▸" if current else ""), 13, bold=current))
        for i, entry in enumerate(row):
            key = f"track:{r}:{i}"
            x, ty, w, h = lay.boxes[key]
            if entry is None:
                parts = [_rect(x, ty, w, h, "#FFFFFF", EDGE, 1.5, dash="4 3", rx=4),
                         _text(x + w / 2, ty + 25, f"slot {i}", 12, "middle")]
            else:
                fill, ink, letter = clan_style(entry[0])
                parts = [_rect(x, ty, w, h, fill, INKED, 1.5, rx=4),
                         _text(x + w / 2, ty + 25, _fit(f"{letter} {game.cat.card(entry[1]).name}", w - 6, 12), 12,
                               "middle", True, ink)]
            what = "empty" if entry is None else f"{game.player_names[entry[0]]}'s {game.cat.card(entry[1]).described}"
            c.element(key, *parts, title=f"Command track, Fall round {r + 1}, slot {i}: {what}")
    x = lay.bands["right"]
    c.add(_text(x, y + 17, "Behind the Screens (cards chosen in secret)", 14, bold=True))
    step = min(100, (WIDTH - MARGIN - x) // max(1, len(pub["clans"])))
    for p, clan in enumerate(pub["clans"]):
        px = x + step * p
        c.add(_token(px, y + 28, p))
        if clan["has_chosen"]:
            c.add(_rect(px + 28, y + 25, 22, 30, SCREEN, INKED, 1.5, rx=3),
                  f'<path d="M{px + 31} {y + 30}l16 20M{px + 47} {y + 30}l-16 20" stroke="#FFFFFF" stroke-width="2"/>')
        else:
            c.add(_text(px + 28, y + 45, "–", 14))
    house = " · ".join(f"{ABBREV[r]} {v}" for r, v in pub["warehouse"].items())
    track = "Advisor track: " + (", ".join(game.cat.card(a).name for a in pub["advisor_track"]) or "empty")
    c.add(_text(x, y + 72, _fit(f"Warehouse (spent first): {house}", WIDTH - MARGIN - x), 13),
          *(_text(x, y + 88 + 14 * k, line, 12) for k, line in enumerate(_wrap(track, WIDTH - MARGIN - x, 12, 2))),
          _text(x, y + 119, "Bazaar Artifacts (face up)" + ("" if pub["artifacts"] else ": none"), 13, bold=True))
    for a in pub["artifacts"]:
        key = f"artifact:{a}"
        ax, ay, w, h = lay.boxes[key]
        art = game.cat.artifacts[a]
        c.element(key, _rect(ax, ay, w, h, GOLD, EDGE, 1.5, rx=4),
                  _text(ax + 6, ay + 18, _fit(art["name"], w - 10), 13, bold=True),
                  _text(ax + 6, ay + 37, _fit(f"{_cost(art['cost'])} → {art['honor']} Hn", w - 10, 12), 12),
                  title=f"Artifact {game.cat.card(a).described}")


EFFECTS = {"recruit": "Recruit {n} / Clerk", "build": "Build {n} / Clerk", "court": "Advisor + Clerk",
           "bazaar": "Buy {n} Artifact / Clerk", "war_room": "Draw {n} Tactic / Clerk"}


def _locations(c, game):
    pub, cat = c.lay.public, game.cat
    for loc, state in pub["locations"].items():
        info = cat.locations[loc]
        key = f"location:{loc}"
        x, y, w, h = c.lay.boxes[key]
        if info["kind"] == "production":
            effect = f"Gathers {info['resource']}"
        else:
            effect = EFFECTS[info["kind"]].format(n=info.get("per_clerk", 1))
        parts = [_rect(x, y, w, h, PLACE, EDGE, 1.5, rx=5), _text(x + 8, y + 17, cat.place[loc], 13, bold=True),
                 _text(x + 8, y + 34, _fit(effect, w - 12, 12), 12)]
        for k in range(info["clerk_slots"]):
            cx = x + 19 + 26 * k
            if k < len(state["clerks"]):
                fill, ink, letter = clan_style(state["clerks"][k])
                parts += [_circle(cx, y + 55, 11, fill, INKED), _text(cx, y + 60, letter, 13, "middle", True, ink)]
            else:
                parts.append(_circle(cx, y + 55, 11, "#FFFFFF", EDGE, "3 3"))
        if info["shame_icon"]:
            parts += [_rect(x + w - 74, y + 45, 66, 20, "#FFFFFF", INKED, 1.5, rx=3),
                      _text(x + w - 41, y + 60, "Shame!", 12, "middle", True)]
        for k, cost in enumerate(info.get("overseer_costs", ())):
            ox = x + 8 + 44 * k
            if k < len(state["overseers"]):
                fill, ink, letter = clan_style(state["overseers"][k])
                parts += [_rect(ox, y + 72, 40, 20, fill, INKED, 1.5), _text(ox + 20, y + 87, letter, 13, "middle",
                                                                             True, ink)]
            else:
                parts += [_rect(ox, y + 72, 40, 20, "#FFFFFF", EDGE, 1.5), _text(ox + 20, y + 87, _cost(cost), 12,
                                                                                  "middle")]
        c.element(key, *parts, title=f"{cat.place[loc]} (moves name it {loc}: clerk {loc})")


def _clans(c, game):
    pub, cat, names = c.lay.public, game.cat, game.player_names
    for p, clan in enumerate(pub["clans"]):
        key = f"clan:{p}"
        x, y, w, h = c.lay.boxes[key]
        fill = clan_style(p)[0]
        general = cat.generals[clan["general"]]["name"] if clan["general"] else "hidden until all reveal"
        advisors = ", ".join(cat.card(a).name for a in clan["active"]) or "none shown"
        scored = game.final is not None and p < len(game.final) and "scores" not in c.hide
        final = f" · final {game.final[p].total}" if scored else ""
        honor = "?" if "scores" in c.hide else clan["honor"]
        stock = "  ".join(f"{ABBREV[r]} {clan[r]}" for r in ("wood", "stone", "gold", "chi"))
        n = c.count

        def soldiers(where):
            return " ".join(f"{letter}{n(clan[where][kind])}" for kind, letter in KINDS)  # noqa: B023 - called in this loop

        lines = [
            (x + 56, [(f"{names[p]} · Honor {honor}{final}", 15, True), (f"General: {general}", 12, False),
                      (f"Hand {n(clan['hand'])} · Tactics {n(clan['tactics'])}", 12, False)], 218),
            (x + 280, [(f"Shame tokens: {n(clan['shame'])}", 13, clan["shame"] > 0 and "counts" not in c.hide),
                       (stock, 12, False),
                       (f"Clerks: {n(clan['clerks'])} home, {n(clan['clerk_supply'])} supply", 12, False)], 170),
            (x + 456, [(f"Barracks {soldiers('barracks')}", 13, True), (f"Rest Zone {soldiers('rest')}", 12, False),
                       (f"Reserve {soldiers('reserve')}", 12, False)], 170),
        ]
        parts = [_rect(x, y, w, h, "#FFFFFF", fill, 3, rx=5), _token(x + 8, y + 8, p, 38)]
        for lx, entries, width in lines:
            for k, (s, size, bold) in enumerate(entries):
                parts.append(_text(lx, y + 18 + 17 * k, _fit(s, width, size), size, bold=bold))
        # the card lists in full, by name, wrapped over the panel's last two lines (left of the trophies)
        cards = (f"Advisors: {advisors} + {clan['supporting']} hidden · Artifacts: "
                 + (", ".join(cat.card(a).name for a in clan["artifacts"]) or "none") + " · Discard: "
                 + (", ".join(cat.card(k).name for k in clan["discard"]) or "none"))
        for k, s in enumerate(_wrap(cards, TROPHY_X - MARGIN - 66, 12, 2)):
            parts.append(_text(x + 56, y + 69 + 17 * k, s, 12))
        shown = [(card, shamed) for card, shamed in clan["trophies"] if c.lay.trophies.get(card) == p]
        more = len(clan["trophies"]) - len(shown)
        if "counts" in c.hide:
            title = "Trophies (claimed Horde cards)" if clan["trophies"] else "Trophies: none"
        else:
            title = f"Trophies (claimed Horde cards): {len(clan['trophies'])}" + (f", {more} not shown" if more > 0
                                                                                  else "")
            title = title if clan["trophies"] else "Trophies: none"
        parts.append(_text(x + 638, y + 18, _fit(title, 236, 12), 12, bold=True))
        c.element(key, *parts)
        for card, shamed in shown:  # drawn after the clan's panel, inside it, before anything below
            tkey = f"card:{card}"
            tx, ty, tw, th = c.lay.boxes[tkey]
            c.element(tkey, _rect(tx, ty, tw, th, WOUND if shamed else CARD, INKED if shamed else EDGE, 1.5, rx=3),
                      _text(tx + tw / 2, ty + 13, _fit(cat.card(card).name, tw - 4, 12), 12, "middle",
                            fill="#FFFFFF" if shamed else INKED),
                      title=f"{names[p]}'s trophy {cat.card(card).described}"
                      + (" (under a Shame token: it gives no Honor)" if shamed else ""))


def _legend(c, game):
    """Draw the legend below the clans; returns its bottom edge."""
    y0 = c.lay.bands["legend"]
    entries = [
        (_circle(11, -5, 10, OPEN), "open Vital spot; its reward below"),
        (_circle(11, -5, 10, clan_style(0)[0], INKED), "circle: a clan's Spearman"),
        (_rect(0, -14, 12, 18, clan_style(0)[0], INKED, 1, rx=2) + _rect(12, -14, 12, 18, clan_style(0)[0], INKED, 1,
                                                                          rx=2), "joined squares: Horseman (2 spots)"),
        (_circle(11, -5, 10, WOUND, INKED) + _text(11, 0, "×", 14, "middle", True, "#FFFFFF"), "Wound marker"),
        (_rect(2, -14, 18, 18, clan_style(0)[0], INKED, 1), "Archer in a Firing spot"),
        (_rect(2, -14, 18, 18, BRICK, INKED, 1), "Barricade (dashed: empty slot)"),
        (_text(0, 0, "Wd St", 12), "wood, stone; Gd gold"),
        (_text(0, 0, "Ch Hn", 12), "Chi, Honor"),
        (_text(0, 0, "Pow", 12), "Horde card's Offensive Power"),
        (_text(0, 0, "Hon", 12), "Honor for Defeating it"),
        (_text(0, 0, "+2 L1", 12), "Time: new Horde cards, Lethality"),
        (f'<path d="M4 -14h14l-7 8z" fill="{INKED}"/>', "the Time token's slot (yellow)"),
        (_text(0, 0, "▸", 14), "the Fall round being played"),
        (_rect(4, -18, 14, 20, SCREEN, INKED, 1, rx=2), "Command card chosen behind a Screen"),
        (_text(0, 0, "S A H", 12), "Spearmen, Archers, Horsemen"),
        (_circle(11, -5, 9, "#FFFFFF", EDGE, "3 3"), "empty Clerk slot of a Location"),
        (_rect(-2, -15, 50, 18, "#FFFFFF", INKED, 1.5, rx=3) + _text(23, -1, "Shame!", 12, "middle"),
         "  Location's Shame icon"),
        (_rect(0, -15, 34, 18, "#FFFFFF", EDGE, 1) + _text(17, -1, "1 Gd", 12, "middle"),
         "  Overseer slot and its cost"),
        (_rect(0, -15, 34, 18, WOUND, INKED, 1), "  trophy under a Shame token"),
        (_text(0, 0, "move", 12), "texts: " + next((f"{name} is {loc}" for loc, name in game.cat.place.items()
                                                       if "_" in loc), "a Location's ID")),
        (_text(0, 0, "title", 12), "hover a place for its full name"),
        (_rect(0, -16, 24, 20, "none", TARGET, 3, dash="7 4", rx=3), "you can play here (click, Tab+Enter)"),
        (_rect(0, -16, 24, 20, "none", HIGHLIGHT, 4, rx=3), "focus of a rule step"),
        (_badge(12, -6, "+"), "added;  ~ changed (dotted outline)"),
        (f'<path d="M2 -16L22 4M22 -16L2 4" stroke="{HIGHLIGHT}" stroke-width="3"/>', "removed (faded)"),
    ]
    for p in range(len(c.lay.public["clans"])):
        entries.append((_token(1, -17, p), f"{clan_style(p)[2]}: {game.player_names[p]}"))
    c.add('<g class="gw-legend">', _text(MARGIN, y0 + 16, "Legend", 14, bold=True))
    per_col = -(-len(entries) // LEGEND_COLS)
    colw = (WIDTH - 2 * MARGIN) // LEGEND_COLS
    for k, (symbol, words) in enumerate(entries):
        x, y = MARGIN + colw * (k // per_col), y0 + 40 + LEGEND_ROW * (k % per_col)
        c.add(f'<g transform="translate({x} {y})">{symbol}</g>', _text(x + 50, y, _fit(words, colw - 54, 12), 12))
    c.add("</g>")
    return y0 + 40 + LEGEND_ROW * (per_col - 1) + 8


def move_element(game, move):
    """The element key ``move`` is played on, or ``None`` for a choice that is no board location.

    Deploying names the Vital spot (an Archer: the spot it wounds), building names the section (its wall)
    or its Barricades, a Clerk or Advanced Activation the Location, an Upgrade the Location gathered at,
    a Command card the track slot, buying the Artifact, Shame on a claimed card that card and Shame under
    a Soldier the clan's board. Choices of a card from a hand or of a number are ``None`` (buttons).

    >>> from greatwall_kit.the_great_wall import new_game, Clerk, Done
    >>> g = new_game(players=2, seed=1)
    >>> move_element(g, Clerk("quarry")), move_element(g, Done()), move_element(g, "slot 1")
    ('location:quarry', None, 'track:0:1')
    """
    if isinstance(move, str):
        move = game.parse_move(move)
    elif not isinstance(move, Move):
        raise NotationError(f"{move!r} is not a move or a move's text")
    if isinstance(move, Slot):
        return f"track:{game.round}:{move.slot}"
    if isinstance(move, (Clerk, Activate)):
        return f"location:{move.location}"
    if isinstance(move, Spearman):
        return _spot(game, move, move.section, 0, move.spot)
    if isinstance(move, (Horseman, Archer)):
        return _spot(game, move, move.section, move.row, move.spot)
    if isinstance(move, Fire):
        section = game.prompt[2].get("section") if game.prompt and game.prompt[0] == "fire" else None
        if section is None:
            raise IllegalMoveError(move, "TGW-21", "no Archer is firing now")
        return _spot(game, move, section, move.row, move.spot)
    if isinstance(move, Build):
        return f"{'section' if move.what == 'wall' else 'barricades'}:{move.section}"
    if isinstance(move, Upgrade):
        if not game.prompt or game.prompt[0] != "gathered":
            raise IllegalMoveError(move, "TGW-24", "an Upgrade follows gathering at a Production Location")
        return f"location:{game.prompt[2]['location']}"
    if isinstance(move, Buy):
        return f"artifact:{move.artifact}"
    if isinstance(move, Shame):  # under a Soldier of the clan's own, or on the slot of a card it claimed
        return f"card:{move.target}" if move.target != "soldier" else None if game.to_act is None else \
            f"clan:{game.to_act}"
    return None


def _spot(game, move, section, row, spot):
    try:
        if min(section, row, spot) < 0:
            raise IndexError
        card = game.sections[section]["rows"][row]
        card["spots"][spot]
    except (IndexError, TypeError):
        raise IllegalMoveError(move, "KIT-02", f"section {section} has no Vital spot {spot} in row {row}") from None
    return f"spot:{card['card']}:{spot}"
