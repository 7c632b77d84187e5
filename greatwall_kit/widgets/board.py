"""``Board``: a live, clickable board for any of the kit's games, with a history scrubber and a graph lens.

Python owns the state. The browser draws what it is sent (the game's own picture with its clickable
targets, the graph lens, the buttons, the log) and sends intents back; every intent is played through the
engine, so an illegal click is answered with the engine's own reason and rule, and changes nothing.
"""

import asyncio
import contextlib
import pathlib
from dataclasses import dataclass

import anywidget
import traitlets

from ..bots.match import MAX_DECISIONS, as_bot
from ..bots.seat import seat_view
from ..engine import Game
from ..engine.digits import read_whole
from ..engine.errors import GreatWallError, quote
from ..engine.graphs import element_keys
from ..engine.rules import lookup
from . import lens

__all__ = ["Board"]

_HERE = pathlib.Path(__file__).parent
TEACHER, SPECTATOR = "teacher", "spectator"


@dataclass(frozen=True)
class _Stop:
    """Where the scrubber stands: after ``decisions`` decisions, or at log event ``event`` part-way through."""

    decisions: int
    event: int | None = None


class Board(anywidget.AnyWidget):
    """A live board view of ``game``: click to play, scrub the history, switch perspective, see the graph.

    Parameters
    ----------
    game : greatwall_kit.engine.Game
        Any of the kit's games. The view redraws when the game changes, also by code in another cell.
    perspective : "teacher", "spectator" or int
        Whose eyes the view uses: a player sees what ``game.view(player)`` allows, a spectator the public
        part only, the teacher everything. Only the teacher and the player to act may play.
    seats : dict, optional
        ``{player: bot}``: seats played by the computer. A bot is a callable ``(view, legal_moves) -> move``
        or an object with such a ``choose`` method; it sees only ``game.view(player)``.
    bot_delay : float
        Seconds a bot waits before its move, so students can follow (0: at once).
    lens : bool
        Whether to draw the graph lens beside the board.

    Examples
    --------
    >>> from greatwall_kit import new_game
    >>> game = new_game("great_wall_of_china", seed=7)
    >>> board = Board(game)
    >>> board
    Board(GreatWallOfChina(players=2, seed=7, decisions=0, to_act=0), perspective='teacher')
    >>> board.choose("draw"); game.history
    (Draw(),)
    >>> board.choose("play 9 wall 9"); print(board.message)
    'play 9 wall 9' is illegal: ...
    >>> board.undo(); board.redo(); len(game.history)
    1
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    #: Everything the front end draws, rebuilt by Python after every change (see ``_render``).
    _state = traitlets.Dict().tag(sync=True)
    #: The element selected in the board or the graph lens (a graph node id), "" for none.
    selected = traitlets.Unicode("").tag(sync=True)
    perspective = traitlets.Union([traitlets.Unicode(), traitlets.Int()], default_value=TEACHER)

    def __init__(self, game, *, perspective=TEACHER, seats=None, bot_delay=0.6, lens=True):
        super().__init__()  # first: a widget refused before it is made fails again when it is collected
        if not isinstance(game, Game):
            raise GreatWallError(f"a Board shows a game of the kit (from new_game), not {quote(game)}")
        if not isinstance(seats, (dict, type(None))):
            raise GreatWallError(f"seats maps a player number to a bot, e.g. {{1: my_bot}}, not {quote(seats)}")
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) or not bot_delay >= 0:
            raise GreatWallError(f"bot_delay is a number of seconds, 0 or more, not {quote(bot_delay)}")
        self.game = game
        self.seats = {}
        self.bot_delay = float(bot_delay)
        self.lens = bool(lens)
        self.message = ""
        self.step_by = "decision"
        self._at = None            # None: live; else the _Stop shown
        self._choice = None        # an element clicked that has several moves: (key, [moves])
        self._redo = []
        self._known = game.history
        self._announce = ""
        self._bot_pending = self._bot_running = False
        self._busy = True          # a render follows: observers and trait changes need not draw
        try:
            self.perspective = perspective
        except traitlets.TraitError as exc:
            raise GreatWallError(str(exc)) from None
        for seat, bot in (seats or {}).items():
            self.seat(seat, bot)
        self._busy = False
        self._stop_observing = game.observe(self._on_game_change)
        self.on_msg(self._on_msg)
        self._render()
        self._maybe_bot()

    # -- the Python side of every control (the browser's intents call these too) --------------------------------

    def click(self, key):
        """Click the board element ``key`` (what a click in the browser does)."""
        self._act(lambda: self._click(key))

    def choose(self, move):
        """Play ``move`` (a move or its text) for the player to act, as a button press would."""
        self._act(lambda: self._play(move))

    def undo(self):
        """Take back the last decision (it can be redone)."""
        self._act(self._undo)

    def redo(self):
        """Play again the last decision taken back."""
        self._act(self._redo_one)

    def scrub(self, to):
        """Show an earlier moment without changing the game.

        ``to`` is a number of decisions, or ``"first"``, ``"previous"``, ``"next"``, ``"last"`` (which step
        by event when ``step_by == "event"``), or ``"now"`` to show the live game again.
        """
        self._act(lambda: self._scrub(to))

    def play_from_here(self):
        """Branch: take the game back to the moment shown by the scrubber (the later moves can be redone)."""
        self._act(self._branch)

    def seat(self, player, bot):
        """Give ``player``'s seat to ``bot`` (``None``: back to a human)."""
        if isinstance(player, bool) or player not in range(self.game.players):
            raise GreatWallError(f"no seat {quote(player)} in a {self.game.players}-player game")
        if bot is None:
            self.seats.pop(player, None)
        else:
            as_bot(bot)  # the kit's error for what is no bot (a bot class, a number)
            self.seats[player] = bot
        if not self._busy:
            self._render()
            self._maybe_bot()

    def close(self):
        """Stop following the game and close the view."""
        self._stop_observing()
        super().close()

    # -- what the view shows ----------------------------------------------------------------------------------

    @property
    def shown(self):
        """The game as the view shows it now: the live game, or a replayed copy while scrubbing."""
        if self._at is None:
            return self.game
        return self.game.position_at(event=self._at.event) if self._at.event is not None \
            else self.game.position_at(self._at.decisions)

    def __repr__(self):
        return f"Board({self.game!r}, perspective={self.perspective!r})"

    def _repr_mimebundle_(self, **kwargs):
        data, meta = super()._repr_mimebundle_(**kwargs)
        data["image/svg+xml"] = self.game.picture()  # where widgets cannot run (static exports)
        return data, meta

    # -- intents from the browser ------------------------------------------------------------------------------

    def _on_msg(self, _widget, content, _buffers):
        """Handle one intent; a malformed one is answered in the view and never raises into the kernel."""
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return self._act(lambda: _refuse(f"a message from the view must be an object with a type, "
                                             f"not {quote(content)}"))
        kind, handlers = content["type"], {
            "target": lambda: self._click(_text(content, "key")),
            "move": lambda: self._play(_text(content, "text")),
            "undo": self._undo,
            "redo": self._redo_one,
            "scrub": lambda: self._scrub(content.get("to")),
            "branch": self._branch,
            "perspective": lambda: self._set_perspective(content.get("value")),
            "step_by": lambda: self._set_step_by(content.get("value")),
            "select": lambda: self._select(content.get("key")),
            "cancel": self._cancel,
        }
        if kind not in handlers:
            return self._act(lambda: _refuse(f"unknown request {kind!r:.40} from the view"))
        try:
            self._act(handlers[kind])
        except Exception as exc:  # nothing a view sends may raise into the kernel; play() has undone any change
            self._busy = False
            self.message = f"the kit failed on this request ({type(exc).__name__}: {exc}); the game is unchanged"
            self._announce = self.message
            self._render()

    def _act(self, action):
        """Run one user action; errors become the view's message, the game stays as it was."""
        self.message = ""
        self._busy = True
        try:
            action()
        except (ValueError, traitlets.TraitError) as exc:  # the kit's errors are ValueErrors
            self.message = str(exc)
            self._announce = f"Refused: {exc}"
        finally:
            self._busy = False
        self._render()
        self._maybe_bot()

    def _may_play(self):
        if self._at is not None:
            raise GreatWallError("you are looking back in the history: press 'Now' to play on, "
                                 "or 'Play from here' to branch")
        to_act = self.game.to_act
        if to_act is None:
            raise GreatWallError("the game is over [KIT-01]")
        if to_act in self.seats:
            raise GreatWallError(f"{self.game.player_names[to_act]}'s seat is played by a bot")
        if self.perspective not in (TEACHER, to_act):
            seen = "a spectator" if self.perspective == SPECTATOR else self.game.player_names[self.perspective]
            raise GreatWallError(f"it is {self.game.player_names[to_act]}'s decision; you are viewing as {seen}")

    def _click(self, key):
        if not isinstance(key, str):  # (board.click(5) from code; the view always sends a text)
            raise GreatWallError(f"a board element's key is a text such as those of game.graph(), not {quote(key)}")
        self._may_play()
        moves = [m for m in self.game.legal_moves() if self.game.move_element(m) == key]
        if len(moves) == 1:
            return self._play(moves[0])
        if moves:
            self._choice = (key, moves)
            self._announce = f"{len(moves)} moves on {key}: choose one"
            return
        guess = self._analogous_move(key)
        if guess is None:
            raise GreatWallError(f"nothing can be played on {key!r} now")
        self._play(guess)  # the engine explains why it is illegal

    def _play(self, move):
        self._may_play()
        player = self.game.to_act
        played = self.game.play(move)  # the observer keeps the redo list
        self._announce = f"{self._name(player)} played {played}. {self._last_sentence()}"

    def _undo(self):
        if self._at is not None:
            raise GreatWallError("undo works on the live game: press 'Now' first")
        if not self.game.history:
            raise GreatWallError("there is nothing to undo")
        self.game.undo()
        self._announce = f"Took back {self._redo[-1]}."

    def _redo_one(self):
        if not self._redo:
            raise GreatWallError("there is nothing to redo")
        self._may_play()
        move = self._redo[-1]
        self.game.play(move)
        self._announce = f"Played again {move}."

    def _scrub(self, to):
        n = len(self.game.history)
        if to == "now":
            self._at = None
            return
        stops = self._stops()
        current = self._stop_index(stops)
        if to in ("first", "previous", "next", "last"):
            index = {"first": 0, "previous": max(current - 1, 0), "next": min(current + 1, len(stops) - 1),
                     "last": len(stops) - 1}[to]
            stop = stops[index]
        elif isinstance(to, int) and not isinstance(to, bool) and 0 <= to <= n:
            stop = _Stop(to)
        else:
            raise ValueError(f"the scrubber goes to a decision from 0 to {n} or first/previous/next/last/now, "
                             f"not {quote(to)}")
        self._at = None if stop == _Stop(n) else stop
        self._choice = None

    def _branch(self):
        if self._at is None:
            raise GreatWallError("the view already shows the live game")
        if self._at.event is not None:
            raise GreatWallError("a game can only branch between decisions: step to a decision first")
        back = len(self.game.history) - self._at.decisions
        self._at = None
        self.game.undo(back)
        self._announce = f"Branched at decision {len(self.game.history)}: {back} later decision(s) can be redone."

    def _set_perspective(self, value):
        self.perspective = value  # validated below

    def _set_step_by(self, value):
        if value not in ("decision", "event"):
            raise ValueError(f"the scrubber steps by 'decision' or 'event', not {quote(value)}")
        self.step_by = value

    def _select(self, key):
        if not isinstance(key, str):
            raise ValueError(f"a selection is an element key, not {quote(key)}")
        self.selected = key

    def _cancel(self):
        self._choice = None

    @traitlets.validate("perspective")
    def _check_perspective(self, proposal):
        value = proposal["value"]
        if value is None:
            value = SPECTATOR
        if isinstance(value, str) and value not in (TEACHER, SPECTATOR):
            with contextlib.suppress(GreatWallError):  # (the view sends a player as a text; other texts fail below)
                value = read_whole(value)
        if value in (TEACHER, SPECTATOR) or (isinstance(value, int) and 0 <= value < self.game.players):
            return value
        raise traitlets.TraitError(f"perspective is 'teacher', 'spectator' or a player number "
                                   f"0 to {self.game.players - 1}, not {quote(value)}")

    @traitlets.observe("perspective", "selected")
    def _redraw(self, _change):
        self._choice = None
        if not self._busy:
            self._render()

    # -- the game changed (a click, a bot, or code in another cell) ---------------------------------------------

    def _on_game_change(self, game, change):
        history = game.history
        if change == "undo":
            self._redo.extend(reversed(self._known[len(history):]))
        elif self._redo and history[-1] == self._redo[-1]:
            self._redo.pop()
        else:
            self._redo.clear()
        self._known = history
        self._choice = None
        if self._at is not None and self._at.decisions > len(history):
            self._at = None
        if not (self._busy or self._bot_running):
            self._render()
            self._maybe_bot()

    # -- bots ---------------------------------------------------------------------------------------------------

    def _maybe_bot(self, made=0):
        """Let a bot move if one holds the seat to act: after ``bot_delay`` in a kernel, at once elsewhere.

        ``made`` counts the bot decisions made in a row so far: bots that repeat themselves could keep a game
        going for ever, so after ``MAX_DECISIONS`` of them every seat is handed back.
        """
        if self._bot_pending or self._bot_running or not self._bot_turn():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None and self.bot_delay > 0:
            if made >= MAX_DECISIONS:
                self._stop_bots()
                self._render()
                return
            self._bot_pending = True
            loop.call_later(self.bot_delay, self._bot_step, made)
            return
        self._bot_running = True
        try:
            while made < MAX_DECISIONS and self._bot_turn() and self._bot_play_one():
                made += 1
            if self._bot_turn():
                self._stop_bots()
        finally:
            self._bot_running = False
        self._render()

    def _bot_step(self, made):
        self._bot_pending = False
        if not self._bot_turn():
            return
        self._bot_running = True
        try:
            self._bot_play_one()
        finally:
            self._bot_running = False
        self._render()
        self._maybe_bot(made + 1)

    def _stop_bots(self):
        self.seats.clear()
        self.message = (f"the bots made {MAX_DECISIONS:,} decisions in a row and the game is not over; "
                        "every seat is played by hand now")
        self._announce = self.message

    def _bot_turn(self):
        return self._at is None and self.game.to_act in self.seats

    def _bot_play_one(self):
        """One bot decision; a failing bot gives its seat back to a human. Returns whether it played."""
        seat = self.game.to_act
        bot = self.seats[seat]
        choose = as_bot(bot)
        try:  # the seat's view, with the sampling the kit's look-ahead bots use (never the game itself)
            self.game.play(choose(seat_view(self.game, seat), list(self.game.legal_moves())))
        except Exception as exc:  # a student's bot may fail in any way
            del self.seats[seat]
            self.message = (f"the bot in {self._name(seat)}'s seat failed ({type(exc).__name__}: {exc}); "
                            f"the seat is played by hand now")
            self._announce = self.message
            return False
        self._announce = f"{self._name(seat)} (bot) played {self.game.history[-1]}. {self._last_sentence()}"
        return True

    # -- building what the front end draws -------------------------------------------------------------------

    def _render(self):
        self._state = self._build_state()

    def _build_state(self):
        game, shown = self.game, self.shown
        live = self._at is None
        viewer = self.perspective if isinstance(self.perspective, int) else None
        can_play = (live and game.to_act is not None and game.to_act not in self.seats
                    and self.perspective in (TEACHER, game.to_act))
        targets, buttons = {}, []
        if can_play:
            on_board = {}
            for move in game.legal_moves():
                key = game.move_element(move)
                if key is None:
                    buttons.append({"label": str(move), "text": str(move)})
                else:
                    on_board.setdefault(key, []).append(str(move))
            targets = {k: (f"play {v[0]}" if len(v) == 1 else f"{k}: {len(v)} moves") for k, v in on_board.items()}
        choice = None
        if self._choice is not None:
            key, moves = self._choice
            choice = {"key": key, "moves": [str(m) for m in moves]}
        graph = shown.graph()
        highlight = _last_move_mark(shown, graph)
        # only an element of the position shown: a square selected now is not drawn after scrubbing back to before
        # it was laid, and a name the view or code sent may be no element at all (some pictures refuse those)
        if self.selected and self.selected in element_keys(graph):
            highlight[self.selected] = "focus"
        if choice:
            highlight[choice["key"]] = "focus"
        return {
            "title": f"{game.title}: {_status(shown, live)}",
            "board": shown.picture(targets=targets, highlight=highlight),
            "lens": lens.draw(graph, highlight=highlight) if self.lens else "",
            "buttons": buttons,
            "choice": choice,
            "message": self._message_state(),
            "announce": self._announce,
            "log": self._log_state(shown, viewer),
            "private": self._private_state(shown, viewer),
            "scrub": self._scrub_state(),
            "perspectives": [{"value": TEACHER, "label": "Teacher (everything)"},
                             {"value": SPECTATOR, "label": "Spectator"},
                             *({"value": str(p), "label": self._name(p) + (" (bot)" if p in self.seats else "")}
                               for p in range(game.players))],
            "perspective": str(self.perspective),
            "can_undo": live and bool(game.history),
            "can_redo": live and bool(self._redo),
            "selected": self.selected,
        }

    def _message_state(self):
        if not self.message:
            return None
        rule = None
        for word in self.message.replace("[", " ").replace("]", " ").replace("(", " ").replace(")", " ").split():
            try:
                rule = lookup(word.strip(".,;:"))
                break
            except (KeyError, ValueError):
                continue
        return {"text": self.message, "rule": rule.id if rule else None,
                "rule_text": f"{rule.text} ({rule.citation})" if rule else None}

    def _log_state(self, shown, viewer):
        events = shown.log if self.perspective == TEACHER else shown.log_for(viewer)
        out = []
        for e in events[-12:]:
            rule = _rule_text(e.rule)
            out.append({"sentence": e.sentence, "rule": e.rule, "rule_text": rule, "decision": e.decision})
        return out

    def _private_state(self, shown, viewer):
        if self.perspective == SPECTATOR:
            return []
        players = range(shown.players) if viewer is None else [viewer]
        out = []
        for p in players:
            private = shown.view(p)["private"]
            if private:
                out.append({"player": self._name(p), "lines": [f"{k}: {_plain(v)}" for k, v in private.items()]})
        return out

    def _scrub_state(self):
        n = len(self.game.history)
        at = self._at or _Stop(n)
        label = "now" if self._at is None else f"after decision {at.decisions}" if at.event is None else \
            f"decision {at.decisions + 1}, part-way: {self.game.log[at.event].sentence}"
        return {"decision": at.decisions, "max": n, "live": self._at is None, "label": label,
                "step_by": self.step_by, "part_way": at.event is not None}

    def _stops(self):
        """Every moment the scrubber can show, in order."""
        n, log = len(self.game.history), self.game.log
        if self.step_by == "decision":
            return [_Stop(d) for d in range(n + 1)]
        viewer = self.perspective if isinstance(self.perspective, int) else None
        stops = [_Stop(0)]
        by_decision = {}
        for i, e in enumerate(log):
            if e.decision and (self.perspective == TEACHER or e.visible_to(viewer)):
                by_decision.setdefault(e.decision, []).append(i)
        for d in range(1, n + 1):
            stops.extend(_Stop(d - 1, i) for i in by_decision.get(d, [])[:-1])
            stops.append(_Stop(d))
        return stops

    def _stop_index(self, stops):
        at = self._at or _Stop(len(self.game.history))
        if at in stops:
            return stops.index(at)
        return max(i for i, s in enumerate(stops) if s.decisions <= at.decisions)

    def _analogous_move(self, key):
        """The move a click on ``key`` would mean, by analogy with a legal move on an element of the same kind.

        Lets the engine explain why that click is illegal (e.g. "square 4 is taken") instead of the view
        guessing; ``None`` if no legal move is played on that kind of element.
        """
        prefix, number = _split_key(key)
        if number is None:
            return None
        for move in self.game.legal_moves():
            other = self.game.move_element(move)
            if other is None or _split_key(other)[0] != prefix:
                continue
            fields = [f for f in move.__match_args__ if getattr(move, f) == _split_key(other)[1]]
            if len(fields) == 1:
                return type(move)(**{f: (number if f == fields[0] else getattr(move, f))
                                     for f in move.__match_args__})
        return None

    def _name(self, player):
        return self.game.player_names[player]

    def _last_sentence(self):
        """The last sentence of the latest decision that the perspective may read ("" if none)."""
        viewer = self.perspective if isinstance(self.perspective, int) else None
        made = len(self.game.history)
        for e in reversed(self.game.log):  # the latest decision's events are the log's last ones
            if e.decision != made:
                break
            if self.perspective == TEACHER or e.visible_to(viewer):
                return e.sentence
        return ""


def _refuse(text):
    raise GreatWallError(text)


def _last_move_mark(game, graph):
    """``{element: "added"}`` for where the last decision was played, so a student sees what just happened."""
    if not game.history:
        return {}
    try:  # some games name a move's element from the position it is played in; a later one may not know it
        key = game.move_element(game.history[-1])
    except ValueError:
        return {}
    return {key: "added"} if key in element_keys(graph) else {}


def _status(game, live):
    when = f"decision {len(game.history)}" + ("" if live else " (looking back)")
    if game.is_over:
        winners = ", ".join(game.player_names[p] for p in game.winners())
        return f"{when}; game over, won by {winners}"
    to_act = game.to_act
    return f"{when}; {game.player_names[to_act]} to act" if to_act is not None else when


def _text(content, field):
    value = content.get(field)
    if not isinstance(value, str) or not value or len(value) > 200:
        raise GreatWallError(f"the view's {content.get('type')!r} request needs a short text {field!r}, "
                             f"not {quote(value)}")
    return value


def _split_key(key):
    head = key.rstrip("0123456789")
    tail = key[len(head):]
    return head, (int(tail) if tail else None)


def _rule_text(rule_id):
    if not rule_id:
        return None
    try:
        rule = lookup(rule_id)
    except (KeyError, ValueError):
        return None
    return f"{rule.text} ({rule.citation})"


def _plain(value):
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value) or "none"
    return str(value)
