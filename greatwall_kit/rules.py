"""The kit's own summaries of every rule of the four games, keyed by checklist ID, and each rule at work.

    >>> from greatwall_kit import rules
    >>> rules.get("KIT-01").text
    'Once the game is over, no one decides anything more.'
    >>> print(rules.example("KIT-01"))  # doctest: +ELLIPSIS
    KIT-01: Once the game is over, no one decides anything more. (greatwall_kit protocol, “Decisions”)
    Great Wall of China, 2 players, seed 0, after 76 random decisions: the game is over.
    The move: draw.
    Refused: the game is over. [KIT-01]
    ...

Each game keeps its summaries in a :class:`~greatwall_kit.engine.rules.RuleBook` (the kit's games in their
``rules`` modules) that its module fills when imported; this module gathers them from the registered games.
Each game's ``examples`` module holds, as data, the moment where each of its rules fires (a seeded game and the
move); :func:`example` replays it into an :class:`Example`.
"""

import functools
import html
import importlib
from dataclasses import dataclass, field

from .engine.errors import GreatWallError, IllegalMoveError
from .engine.moves import Move
from .engine.playout import play_randomly
from .engine.protocol import KIT_RULES, Game
from .engine.registry import GAMES  # (the face registers the kit's games: importing this module imports it first)
from .engine.rules import _EXAMPLE_VIEW, lookup, registered

__all__ = ["get", "for_game", "all_rules", "first_citations", "example", "show", "Example", "rulebook", "Rulebook",
           "rulebook_href"]

# Where a rule fires, as each game's ``examples.py`` stores it (written by ``python tools/find_rule_examples.py``, a
# search run once, offline; rerun it when a rule changes): ``EXAMPLES[rule_id] = (how, players, variant, seed,
# decisions, move)``: a new game of ``players`` with the named ``variant`` (``""``: the rulebook's options; a dict:
# those options) and ``seed`` plays ``decisions`` random moves as ``play_randomly(game, seed)`` picks them; then
# ``move`` (its text) is the moment. ``how`` says whether the rule is cited by the move's events (``"event"``), by a
# step of what the move resolves (``"step"``), by its refusal (``"refusal"``), or by the set-up (``"setup"``: no move).
# ``READINGS`` holds the moment under the other reading of a rule a named variant changes (an entry, or the ID of
# the rule that is the other reading).

#: The kit's own rules at work, in the games' terms: (game, (how, players, variant, seed, decisions, move)).
_KIT_EXAMPLES = {
    "KIT-01": ("great_wall_of_china", ("refusal", 2, "", 0, 76, "draw")),
    "KIT-02": ("chang_cheng", ("refusal", 2, "", 0, 0, "peek 0")),
}


#: Each game's rulebook notebook (in the kit's ``notebooks/`` folder, beside the lessons): its table of rules gives
#: each rule's row the anchor ``rule-<ID>``.
RULEBOOK_NOTEBOOKS = {"chang_cheng": "71-chang-cheng-rulebook.ipynb",
                      "great_wall_of_china": "72-great-wall-of-china-rulebook.ipynb",
                      "dschingis_khan": "73-dschingis-khan-rulebook.ipynb",
                      "the_great_wall": "74-the-great-wall-rulebook.ipynb"}


def rulebook_href(rule_id):
    """Where a lesson notebook's link to a rule goes: its row of its game's rulebook notebook (``None`` for a rule
    with no rulebook notebook: the kit's own, a test's game). Works where no widget runs (a saved notebook, *My
    results*): the rulebook's row gives the rule's live example.

    >>> rulebook_href("CC-22")
    '71-chang-cheng-rulebook.ipynb#rule-CC-22'
    """
    notebook = RULEBOOK_NOTEBOOKS.get(get(rule_id).game)
    return None if notebook is None else f"{notebook}#rule-{rule_id}"


def _load_books():
    for name in GAMES:
        GAMES.game_class(name)  # importing a game's module fills its rule book


def get(rule_id):
    """The :class:`~greatwall_kit.engine.rules.Rule` with this checklist ID (e.g. ``"CC-22"``)."""
    try:
        return lookup(rule_id)
    except KeyError:
        _load_books()
        try:
            return lookup(rule_id)
        except KeyError:
            raise KeyError(f"no rule {rule_id!r} in the kit") from None


def for_game(game):
    """The rules of one game (``"chang_cheng"``, ..., or ``"kit"`` for the protocol's own), in ID order."""
    if game == "kit":
        return list(KIT_RULES)
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    GAMES.game_class(game)
    return [rule for rule in registered().values() if rule.game == game]


def all_rules():
    """Every rule of the kit, by ID."""
    _load_books()
    return registered()


def first_citations(events, known=()):
    """The first event that cites each rule, in the order the rules came up (the rules in ``known`` left out).

    ``events`` is a game's log, or what one player sees of it (``game.log_for(player)``): the rulebook, applied.

    >>> from greatwall_kit import new_game
    >>> game = new_game("great_wall_of_china", seed=1).replay(["draw", "draw"])
    >>> [event.rule for event in first_citations(game.log)] == list(dict.fromkeys(e.rule for e in game.log))
    True
    >>> any(event.rule == "GW-01" for event in first_citations(game.log, known={"GW-01"}))
    False
    """
    seen, first = set(known), []
    for event in events:
        if event.rule is not None and event.rule not in seen:
            seen.add(event.rule)
            first.append(event)
    return first


@dataclass(frozen=True)
class Example:
    """One rule at work: the moment in a seeded game where it fires, and what it does there.

    Built by :func:`example` from the game's ``examples`` data; ``before`` and ``after`` are looking-only copies
    (:meth:`play_on` gives a game to play on from ``before``).

    Attributes
    ----------
    rule : str
        The checklist ID.
    game, players, variant, seed, decisions : str, int, str or dict, int, int
        The recipe: a new game of ``game`` for ``players`` with the named ``variant`` (``""``: the rulebook; a dict:
        those options) and
        ``seed``, after ``decisions`` random moves (:func:`~greatwall_kit.engine.playout.play_randomly`).
    how : str
        Where the rule is cited: ``"event"`` (by an event the move records), ``"step"`` (by a step of what the
        move resolves), ``"refusal"`` (the move is refused under it) or ``"setup"`` (the set-up; no move).
    before : Game
        The game at the moment before (for a rule of the set-up: the game once set up, also ``after``).
    move : Move or None
        The move played (``None`` for a rule of the set-up).
    after : Game or None
        The game after the move (``None`` when the rule refuses it).
    refusal : IllegalMoveError or None
        The kit's error for the refused move.
    events : tuple of Event
        What the move (or the set-up) recorded.
    resolution : int or None
        The index into ``after.resolutions()`` of what the move resolved whose steps cite the rule.
    other : Example or None
        The same rule under its other reading (a named variant), if a variant changes it.
    """

    rule: str
    game: str
    players: int
    variant: str
    seed: int
    decisions: int
    how: str
    before: Game = field(repr=False)
    move: Move | None = None
    after: Game | None = field(default=None, repr=False)
    refusal: IllegalMoveError | None = field(default=None, repr=False)
    events: tuple = field(default=(), repr=False)
    resolution: int | None = None
    other: "Example | None" = field(default=None, repr=False)

    @property
    def title(self):
        """The rule's ID and summary with its citation."""
        return str(get(self.rule))

    @property
    def steps(self):
        """The steps of what the move resolved (empty unless the rule resolves in steps)."""
        # (an example with a resolution has the position after its move)
        return () if self.resolution is None else self.after.resolutions()[self.resolution].steps  # type: ignore[union-attr]

    @property
    def cited(self):
        """The events and steps that cite the rule (or the refusal), as sentences."""
        if self.refusal is not None:
            return [f"Refused: {self.refusal.reason}. [{self.refusal.rule}]"]
        found = [str(e) for e in self.events if e.rule == self.rule]
        return found + [str(s) for s in self.steps if s.rule == self.rule]

    @property
    def reading(self):
        """The options the example is played under, in words (``""``: the rulebook's own)."""
        if isinstance(self.variant, str):
            return self.variant
        return ", ".join(f"{k} {v}".replace("_", " ") for k, v in self.variant.items())

    def setting(self):
        """Where the example stands, in a sentence."""
        variant = f" ({self.reading})" if self.reading else ""
        moment = "once set up" if self.how == "setup" else \
            f"after {self.decisions} random decision{'s' * (self.decisions != 1)}"
        state = ": the game is over" if self.before.is_over else ""
        return (f"{GAMES.entry(self.game).title}{variant}, {self.players} player{'s' * (self.players > 1)}, "
                f"seed {self.seed}, {moment}{state}.")

    def highlight(self):
        """The board elements the rule is about: where the move is played and what its steps touch."""
        marks = {}
        if self.move is not None:
            try:
                element = self.before.move_element(self.move)
            except GreatWallError:
                element = None
            if element:
                marks[element] = "focus"
        for step in self.steps:
            if step.rule == self.rule:
                marks.update({key: kind for key, kind in step.touches.items() if key not in marks})
        return marks

    def picture(self, which="before"):
        """The board before (``"before"``, the rule's elements outlined) or after the move (``"after"``), as SVG."""
        if which == "after":
            return (self.after or self.before).picture()
        marks = self.highlight()
        try:
            return self.before.picture(highlight=marks)
        except GreatWallError:  # (a mark a picture does not draw)
            element = {k: v for k, v in marks.items() if v == "focus"}
            return self.before.picture(highlight=element)

    def play_on(self):
        """A new game at the moment before, to play on from or try another move ("what if")."""
        game = GAMES.new_game(self.game, players=self.players, seed=self.seed, **self._options())
        return game.replay(self.before.history)

    def snapshot(self):
        """What the example is, as JSON-able data (two builds of one example give the same)."""
        return {"rule": self.rule, "before": self.before.snapshot(), "move": None if self.move is None else
                str(self.move), "after": None if self.after is None else self.after.snapshot(),
                "refusal": None if self.refusal is None else str(self.refusal),
                "events": [str(e) for e in self.events], "steps": [str(s) for s in self.steps]}

    def _options(self):
        return _options(self.game, self.variant)

    @property
    def move_text(self):
        """The move as a student reads it: its text and, for a legal move, what it does (``Game.describe``)."""
        if self.move is None:
            return ""
        if self.refusal is not None:
            return f"{self.move}"
        return f"{self.move} ({self.before.describe(self.move).text.rstrip('.')})"

    def _lines(self):
        lines = [self.title, self.setting()]
        if self.move is not None:
            who = self.before.player_names[self.before.to_act] if self.before.to_act is not None else "Nobody"
            lines.append(f"The move: {self.move_text}." if self.refusal else f"{who} plays {self.move_text}.")
        return lines

    def __str__(self):
        lines = self._lines() + self.cited
        if self.other is not None:
            lines.append(f"The other reading, {self.other.reading or 'the rulebook'}: " + " ".join(self.other.cited))
        lines.append(f"Play on from here: Board(rules.example({self.rule!r}).play_on())")
        return "\n".join(lines)

    def _repr_html_(self):
        text = "".join(f"<p>{html.escape(line)}</p>" for line in self._lines())
        cited = "".join(f"<li>{html.escape(line)}</li>" for line in self.cited)
        outcome = "" if self.after is None or self.how == "setup" else \
            f"<figure><figcaption>After the move</figcaption>{self.picture('after')}</figure>"
        other = "" if self.other is None else (f"<details><summary>The other reading: "
                                               f"{html.escape(self.other.reading or 'the rulebook')}"
                                               f"</summary>{self.other._repr_html_()}</details>")
        return (f"<section class='gwk-rule-example' aria-label='Rule {self.rule} at work'>{text}<ul>{cited}</ul>"
                f"<div style='display:flex;flex-wrap:wrap;gap:1em'><figure><figcaption>Before</figcaption>"
                f"{self.picture()}</figure>{outcome}</div>{other}</section>")


def _entry(rule_id):
    """``(game, (how, players, variant, seed, decisions, move), other reading or None)`` of a rule."""
    if rule_id in _KIT_EXAMPLES:
        return (*_KIT_EXAMPLES[rule_id], None)
    rule = get(rule_id)
    data = importlib.import_module(f"{GAMES[rule.game]}.examples")
    if rule_id not in data.EXAMPLES:
        raise GreatWallError(f"{rule_id} has no live example: the engine applies it without citing it in an event, "
                             "a step or a refusal")
    return rule.game, data.EXAMPLES[rule_id], data.READINGS.get(rule_id)


def _options(game_name, variant):
    """The options of a named variant (``""``: none), or the options themselves where the data gives them."""
    if isinstance(variant, dict):
        return variant
    return importlib.import_module(GAMES[game_name]).VARIANTS[variant] if variant else {}


def _built(rule_id, game_name, entry):
    how, players, variant, seed, decisions, text = entry
    options = _options(game_name, variant)
    game = GAMES.new_game(game_name, players=players, seed=seed, **options)
    play_randomly(game, seed, stop_after=decisions)
    if how == "setup":
        game.looking_only()
        return Example(rule_id, game_name, players, variant, seed, decisions, how, game, after=game,
                       events=tuple(e for e in game.log if e.decision == 0))
    before, start = game.position_at(decisions).looking_only(), len(game.log)
    move, refusal, after, found = game.parse_move(text), None, None, None
    try:
        game.play(move)
    except IllegalMoveError as refused:
        refusal = refused
    else:
        after = game.looking_only()
        made = [i for i, r in enumerate(game.resolutions()) if r.decision == decisions + 1]
        found = next((i for i in made if any(s.rule == rule_id for s in game.resolutions()[i].steps)), None)
    return Example(rule_id, game_name, players, variant, seed, decisions, how, before, move, after, refusal,
                   tuple(game.log[start:]), found)


@functools.cache
def example(rule_id):
    """The rule with this checklist ID at work: an :class:`Example` (a seeded game, the move, what it does).

    ``GreatWallError`` for a rule the engine applies without citing it anywhere (it has no moment to show).

    >>> ex = example("DK-05")
    >>> ex.rule, ex.how, ex.after is not None, any(e.rule == "DK-05" for e in ex.events)
    ('DK-05', 'event', True, True)
    """
    if not isinstance(rule_id, str):
        raise GreatWallError(f"a rule is named by its checklist ID, e.g. 'DK-23', not {rule_id!r}")
    try:
        game_name, entry, reading = _entry(rule_id)
    except KeyError:
        raise GreatWallError(f"no rule {rule_id!r} in the kit") from None
    # (the other reading's own example is built without its other reading: the two name each other)
    other = _built(reading, *_entry(reading)[:2]) if isinstance(reading, str) else None if reading is None else \
        _built(rule_id, game_name, reading)
    ex = _built(rule_id, game_name, entry)
    return ex if other is None else Example(**{**ex.__dict__, "other": other})


def show(rule_id):
    """The live view of a rule: its :class:`Example`, which a notebook displays with its boards before and after."""
    return example(rule_id)


@dataclass(frozen=True)
class Rulebook:
    """One game's rules in the rulebook's order, each with its summary, citation and live example; for a game that
    ships cards (The Great Wall's sample set), every card with its name, its effect and the rule it is played under.

    >>> book = rulebook("great_wall_of_china")
    >>> len(book.rules), book.rules[0].id
    (23, 'GW-01')
    >>> print(str(book).splitlines()[2])  # doctest: +ELLIPSIS
    GW-01 ...
    """

    game: str
    rules: tuple
    cards: tuple = ()

    def __repr__(self):
        return f"Rulebook({self.game!r}, {len(self.rules)} rules, {len(self.cards)} cards)"

    def example_line(self, rule):
        """What the rule's live example shows, in a sentence (or why it has none)."""
        try:
            ex = example(rule.id)
        except GreatWallError as missing:
            return str(missing)
        move = "" if ex.move is None else f" {ex.move_text}:"
        return f"{ex.setting()}{move} {ex.cited[0]}"

    def card_rule(self, card):
        """The rule a card of this kind is played under: the first of the game's rules that names its kind."""
        word = {"command": "Command card", "horde": "Horde card"}.get(card.kind, card.kind.capitalize())
        return next((r.id for r in self.rules if word in r.text), None)

    @staticmethod
    def _rule_row_link(rule_id):
        """A card's rule as a link to its row of the rules table above (its live example), or ''."""
        if rule_id is None:
            return ""
        return f"<a href='#rule-{rule_id}' title='{rule_id} and its live example, above'>{rule_id}</a>"

    def __str__(self):
        lines = [f"{GAMES.entry(self.game).title}: the rulebook, live", ""]
        for rule in self.rules:
            lines += [f"{rule.id} ({rule.section}): {rule.text}", f"    Live example: {self.example_line(rule)}"]
        if self.cards:
            lines += ["", "The kit's sample cards:"]
            lines += [f"{card.described} (played under {self.card_rule(card)})" for card in self.cards]
        return "\n".join(lines)

    def _repr_html_(self):
        rows = "".join(
            f"<tr id='rule-{rule.id}'><th scope='row'>{rule.id}</th><td>{html.escape(rule.text)}<br>"
            f"<small>{html.escape(rule.citation)}"
            f"</small></td><td>{html.escape(self.example_line(rule))}<br><code>rules.show({rule.id!r})</code></td>"
            "</tr>" for rule in self.rules)
        # (a game with a rule book is one of the kit's, registered with its title)
        table = (f"<table><caption>{html.escape(GAMES.entry(self.game).title)}: the rulebook, live</caption><thead>"  # type: ignore[arg-type]
                 f"<tr><th scope='col'>rule</th><th scope='col'>the kit's summary and its source</th>"
                 f"<th scope='col'>live example</th></tr></thead><tbody>{rows}</tbody></table>")
        if not self.cards:
            return table
        cards = "".join(f"<tr><th scope='row'>{html.escape(str(card))}</th><td>{html.escape(card.kind)}</td>"
                        f"<td>{html.escape(card.effect)}</td><td>{self._rule_row_link(self.card_rule(card))}</td></tr>"
                        for card in self.cards)
        return (table + "<table><caption>The kit's sample cards</caption><thead><tr><th scope='col'>card</th>"
                "<th scope='col'>kind</th><th scope='col'>effect</th><th scope='col'>played under</th></tr></thead>"
                f"<tbody>{cards}</tbody></table>")


def rulebook(game):
    """The :class:`Rulebook` of one game (``"chang_cheng"``, ...): its rules in order with their live examples."""
    rules = tuple(for_game(game))
    catalog = getattr(GAMES.new_game(game, players=GAMES.game_class(game).player_counts[0]), "cat", None)
    return Rulebook(game, rules, tuple(catalog.cards.values()) if catalog is not None else ())


_EXAMPLE_VIEW[:] = [lambda rule_id: example(rule_id)._repr_html_()]  # a rule's rich output opens its live example
