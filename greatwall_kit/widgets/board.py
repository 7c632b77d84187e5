"""``Board``: a live, clickable board for any of the kit's games, with a history scrubber and a graph lens.

Python owns the state. The view state is a few synced traits that the browser sets and Python observes
(``perspective``, ``selected``, ``at``, ``step_by``, ``size``, ``lens_open``); actions (a click on the
board, a move button, Undo, Redo, Play from here, passing the board on) are messages. Python answers both by
redrawing: the game's own picture with its clickable targets (``_board``), the graph lens (``_lens``), the
viewer's log (``_log``) and everything else the front end shows (``_view``). Every move is played through the
engine, so an illegal click is answered with the engine's own reason and rule, and changes nothing.
"""

import asyncio
import collections
import html
import pathlib
import re
import time
import uuid
import weakref
from typing import Any

import anywidget
import traitlets

from ..bots.match import MAX_DECISIONS, as_bot
from ..bots.seat import seat_view
from ..engine import Game
from ..engine.digits import read_whole
from ..engine.errors import GreatWallError, quote
from ..engine.rules import lookup
from ..rules import example
from . import history, lens
from .drawing import (
    SPECTATOR,
    TEACHER,
    changes,
    drawn,
    element_name,
    log_entries,
    move_notes,
    private_panel,
    rule_texts,
    safe_picture,
    split_key,
    status,
    viewer_of,
)
from .style import SIZES, checked_size, projector_on, use_projector, use_size

__all__ = ["Board", "ViewStateError"]

_HERE = pathlib.Path(__file__).parent
#: The perspective last chosen in a view of a game, so that running the cell again keeps it (weakly keyed).
_CHOSEN: weakref.WeakKeyDictionary[Game, int | str] = weakref.WeakKeyDictionary()


class ViewStateError(GreatWallError, traitlets.TraitError):
    """A view-state trait set to a value it cannot take (from code or from the browser)."""


class Board(anywidget.AnyWidget):
    """A live board view of ``game``: click to play, scrub the history, switch perspective, see the graph.

    Parameters
    ----------
    game : greatwall_kit.engine.Game
        Any of the kit's games. The view redraws when the game changes, also by code in another cell.
    perspective : "teacher", "spectator", int or None
        Whose eyes the view uses: a player sees what ``game.view(player)`` allows, a spectator the public
        part only, the teacher everything. ``None`` (the default): the perspective last chosen in a view of
        this game, else the human seat (the player to act when there are no bots, the first human seat when
        there are). Only the teacher and the player to act may play.
    seats : dict, optional
        ``{player: bot}``: seats played by the computer. A bot is a callable ``(view, legal_moves) -> move``
        or an object with such a ``choose`` method; it sees only ``game.view(player)``.
    bot_delay : float
        Seconds a bot waits before its move, so students can follow (0: at once).
    lens : bool
        Whether to offer the graph lens.
    size : "normal", "large" or None
        "large": text of 18 px or more, a bigger lens. The bar's *Large text* switch sets it too (and the session's
        size). ``None``: the size set for the session by :func:`~greatwall_kit.widgets.use_size` ("normal").
    projector : bool or None
        Projector mode: the spectator's view (nothing private of any player reaches the page), large text, the
        picture fitted to the notebook's width. The bar's *Projector* switch sets it too (and the session's choice).
        ``None``: the session's choice (:func:`~greatwall_kit.widgets.use_projector`, off until set).
    hot_seat : bool, optional
        Two to four students on one machine: the view follows the human to act, and between their turns a
        "pass to Green" screen shows only public information until the next player confirms. By default on
        when two or more seats are human and no perspective is given.

    Examples
    --------
    >>> from greatwall_kit import new_game
    >>> game = new_game("great_wall_of_china", seed=7)
    >>> board = Board(game, seats={1: lambda view, moves: moves[0]}, bot_delay=0)
    >>> board
    Board(GreatWallOfChina(players=2, seed=7, decisions=0, to_act=0), perspective=0)
    >>> board.choose("draw"); game.history[:1]
    (Draw(),)
    >>> board.choose("play 9 wall 9"); print(board.message)
    'play 9 wall 9' is illegal: ...
    >>> board.undo(); len(game.history), board.can_redo
    (0, True)
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    # -- view state: the browser sets these, Python observes and redraws ------------------------------------------
    perspective = traitlets.Union([traitlets.Unicode(), traitlets.Int()], default_value=SPECTATOR).tag(sync=True)
    #: The element selected in the board or the graph lens (a graph node id), "" for none.
    selected = traitlets.Unicode("").tag(sync=True)
    #: The moment the scrubber shows: "now", after a number of decisions ("12"), or at a log event part-way through a
    #: decision ("e340").
    at = traitlets.Unicode("now").tag(sync=True)
    #: What the scrubber's First/Previous/Next/Last step by: "decision" or "event".
    step_by = traitlets.Unicode("decision").tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)
    #: Projector mode: the spectator's view, large text, the picture fitted to the notebook's width.
    projector = traitlets.Bool(False).tag(sync=True)
    #: Whether a view shows the graph lens (it is drawn only then).
    lens_open = traitlets.Bool(False).tag(sync=True)

    # -- what the front end draws, rebuilt by Python after every change (see ``_render``) ------------------------
    _board = traitlets.Unicode("").tag(sync=True)
    _lens = traitlets.Unicode("").tag(sync=True)
    _log: traitlets.List[list] = traitlets.List().tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)
    #: The live example of the rule ID last clicked (``{type: "rule", id}``): shown in a panel under the bar.
    _rule_view = traitlets.Dict().tag(sync=True)
    #: This board's own name in the page, so that its views find one another (several cells may show it).
    _uid = traitlets.Unicode().tag(sync=True)

    game: Game = None  # type: ignore[assignment]  # (set first thing in __init__; validators read it)
    hot_seat = False
    _confirmed = None

    # the Python side's own state, set in __init__
    seats: dict[int, Any]  # seat -> its bot
    timings: collections.deque[tuple[str, float]]
    _announce: str | None  # what a screen reader is told at the next drawing (None: the move played, in words)
    _notes: tuple[Any, dict[str, Any]]
    _log_cache: tuple[Any, list]

    def __init__(self, game, *, perspective=None, seats=None, bot_delay=0.6, lens=True, size=None,
                 hot_seat=None, projector=None):
        super().__init__(_uid=uuid.uuid4().hex)  # first: a widget refused before it is made fails again when collected
        if not isinstance(game, Game):
            raise GreatWallError(f"a Board shows a game of the kit (from new_game), not {quote(game)}")
        if not isinstance(seats, (dict, type(None))):
            raise GreatWallError(f"seats maps a player number to a bot, e.g. {{1: my_bot}}, not {quote(seats)}")
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) or not bot_delay >= 0:
            raise GreatWallError(f"bot_delay is a number of seconds, 0 or more, not {quote(bot_delay)}")
        if hot_seat not in (None, True, False):
            raise GreatWallError(f"hot_seat is True or False, not {quote(hot_seat)}")
        if hot_seat and perspective is not None:
            raise GreatWallError("a hot-seat board follows the player to act: give no perspective with hot_seat=True")
        if projector not in (None, True, False):
            raise GreatWallError(f"projector is True or False, not {quote(projector)}")
        if projector and (hot_seat or perspective not in (None, SPECTATOR)):
            raise GreatWallError("a projector board shows the spectator's view: give no perspective and no hot_seat "
                                 "with projector=True")
        projector = bool(projector) if projector is not None else (projector_on() and not hot_seat
                                                                   and perspective in (None, SPECTATOR))
        self._unprojected = None   # (perspective, size) to go back to when projector mode is turned off
        self.game = game
        self.seats = {}
        self.bot_delay = float(bot_delay)
        self.lens = bool(lens)
        self.message = ""
        self.timings = collections.deque(maxlen=1000)  # (intent, milliseconds of Python's handling)
        self._redo = []            # (move, player who made it), the next to replay last
        self._actors = history.actors(game)
        self._to_act = game.to_act
        self._known = game.history
        self._announce = ""
        self._passing = self._confirmed = None
        self._bot_pending = self._bot_running = False
        self._pictures = {}        # decisions -> drawn elements of the plain picture then (for "since your last move")
        self._notes = (None, {})   # (decisions, {move text: (rule, what it does, label)}) of the live position
        self._log_cache = (None, [])
        self._busy = True          # a render follows: observers and trait changes need not draw
        self._answers = 0          # actions from the view answered so far (every answer redraws ``_view``)
        for seat, bot in (seats or {}).items():
            self.seat(seat, bot)
        humans = [p for p in range(game.players) if p not in self.seats]
        chosen = _CHOSEN.get(game) if perspective is None else None
        self.hot_seat = bool(hot_seat) if hot_seat is not None else (perspective is None and chosen is None
                                                                     and len(humans) >= 2 and not projector)
        try:
            self.size = checked_size(size)
            if projector:
                self._unprojected = (SPECTATOR if chosen is None else chosen, self.size)
                self.projector, self.perspective, self.size = True, SPECTATOR, "large"
            elif self.hot_seat:
                self.perspective = SPECTATOR
            elif perspective is not None:
                self.perspective = perspective
            elif chosen is not None:
                self.perspective = chosen
            else:
                to_act = game.to_act
                self.perspective = (to_act if not self.seats and to_act is not None else
                                    humans[0] if humans else SPECTATOR)
        except traitlets.TraitError as exc:
            raise GreatWallError(str(exc)) from None
        self._update_passing()
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
        """Take back the last decision; with bots, back to the last decision of a human seat (the bots' since then
        too). Bots then wait until a human plays; Redo replays the same moves."""
        self._act(self._undo)

    def redo(self):
        """Play again the last decision taken back (with bots: and the bots' moves that followed it)."""
        self._act(self._redo_moves)

    def scrub(self, to):
        """Show an earlier moment without changing the game (sets :attr:`at`).

        ``to`` is a number of decisions, or ``"first"``, ``"previous"``, ``"next"``, ``"last"`` (which step
        by event when ``step_by == "event"``), or ``"now"`` to show the live game again.
        """
        self._act(lambda: self._scrub(to))

    def play_from_here(self):
        """Branch: take the game back to the moment shown by the scrubber (the later moves can be redone)."""
        self._act(self._branch)

    def pass_to(self, player):
        """Hot-seat: ``player`` takes the board (what their "I am ..." button does); the view becomes theirs."""
        self._act(lambda: self._take_board(player))

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
            self._update_passing()
            self._render()
            self._maybe_bot()

    def close(self):
        """Stop following the game and close the view."""
        self._stop_observing()
        super().close()

    @property
    def can_redo(self):
        """Whether Redo has a move to play again."""
        return bool(self._redo)

    # -- what the view shows ----------------------------------------------------------------------------------

    @property
    def shown(self):
        """The game as the view shows it now: the live game, or a replayed copy while scrubbing."""
        stop = self._stop
        if stop is None:
            return self.game
        return self.game.position_at(event=stop.event) if stop.event is not None \
            else self.game.position_at(stop.decisions)

    @property
    def _stop(self):
        return history.parse(self.at, self.game)

    def __repr__(self):
        extra = ", hot_seat=True" if self.hot_seat else ""
        return f"Board({self.game!r}, perspective={self.perspective!r}{extra})"

    def _repr_mimebundle_(self, **kwargs):
        # (None only for a widget with no view name; a Board has one)
        data, meta = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data["image/svg+xml"] = self.game.picture()  # where widgets cannot run (static exports, other viewers)
        return data, meta

    # -- intents from the browser ------------------------------------------------------------------------------

    def _on_msg(self, _widget, content, _buffers):
        """Handle one action; a malformed one is answered in the view and never raises into the kernel."""
        started = time.perf_counter()
        self._answers += 1  # the view waits for this answer before it sends another action (a double-click plays once)
        kind = content.get("type") if isinstance(content, dict) else None
        if not isinstance(kind, str):
            self._guarded(lambda: self._act(lambda: _refuse(f"a message from the view must be an object with a "
                                                            f"type, not {quote(content)}")))
        elif kind == "rule":  # (not an action: the message and the game stay as they are)
            self._guarded(lambda: self._open_rule(content.get("id")))
        else:
            handlers = {
                "target": lambda: self._click(_text(content, "key")),
                "move": lambda: self._play(_text(content, "text")),
                "undo": self._undo,
                "redo": self._redo_moves,
                "branch": self._branch,
                "pass": lambda: self._take_board(content.get("player")),
            }
            action = handlers.get(kind, lambda: _refuse(f"unknown request {kind!r:.40} from the view"))
            self._guarded(lambda: self._act(action))
        known = ("target", "move", "undo", "redo", "branch", "pass", "rule")
        self.timings.append((kind if kind in known else "malformed", (time.perf_counter() - started) * 1000))

    def _open_rule(self, rule_id):
        """A rule ID clicked in the view: its live example (or why it has none) for the panel under the bar."""
        self._rule_view = rule_view(rule_id)

    def set_state(self, sync_data):
        """The browser set view-state traits: validated all at once; a refused value is answered in the view and
        the browser is sent back the values Python holds."""
        started = time.perf_counter()
        try:
            super().set_state(sync_data)
        except (ValueError, traitlets.TraitError) as exc:
            self.message = str(exc)
            self._announce = f"Refused: {exc}"
            self._render()
            self.send_state([k for k in sync_data if k in self.keys])
        except Exception as exc:  # noqa: BLE001 - nothing the view sends may raise into the kernel
            self._failed(exc)
        names = sorted(k for k in sync_data if isinstance(k, str))
        self.timings.append(("set " + ",".join(names)[:40], (time.perf_counter() - started) * 1000))

    def _guarded(self, run):
        try:
            run()
        except Exception as exc:  # noqa: BLE001 - nothing a view sends may raise into the kernel; play() undid any change
            self._failed(exc)

    def _failed(self, exc):
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
        self._update_passing()
        self._maybe_bot(render=False)  # bots that play at once play now: the view is drawn once, below
        self._render()

    def _may_play(self):
        if self._stop is not None:
            raise GreatWallError("you are looking back in the history: press 'Now' to play on, "
                                 "or 'Play from here' to branch")
        to_act = self.game.to_act
        if to_act is None:
            raise GreatWallError("the game is over [KIT-01]")
        if to_act in self.seats:
            raise GreatWallError(f"{self._name(to_act)}'s seat is played by the computer")
        if self._passing is not None:
            name = self._name(self._passing)
            raise GreatWallError(f"the board is waiting for {name}: {name} presses 'I am {name}' first")
        if self.perspective not in (TEACHER, to_act):
            seen = "a spectator" if self.perspective == SPECTATOR else self._name(self.perspective)
            raise GreatWallError(f"it is {self._name(to_act)}'s decision; you are viewing as {seen}")

    def _click(self, key):
        if not isinstance(key, str):  # (board.click(5) from code; the view always sends a text)
            raise GreatWallError(f"a board element's key is a text such as those of game.graph(), not {quote(key)}")
        self._may_play()
        moves = [m for m in self.game.legal_moves() if self.game.move_element(m) == key]
        if len(moves) == 1:
            return self._play(moves[0])
        if moves:
            raise GreatWallError(f"{len(moves)} moves on {key}: {', '.join(map(str, moves))}; "
                                 "choose one (board.choose(...), or the choice the view opens)")
        guess = self._analogous_move(key)
        if guess is None:
            raise GreatWallError(f"nothing can be played on {element_name(self.game, key)} now")
        self._play(guess)  # the engine explains why it is illegal

    def _play(self, move):
        self._may_play()
        self.game.play(move)  # the observer keeps the redo list
        self._announce = None  # said at drawing time, in words the viewer may read

    def _undo(self):
        if self._stop is not None:
            raise GreatWallError("undo works on the live game: press 'Now' first")
        made = self.game.history
        if not made:
            raise GreatWallError("there is nothing to undo")
        steps = 1
        if self.seats:  # back to the last decision of a human seat, the bots' moves since then with it
            human = [i for i, actor in enumerate(self._actors) if actor not in self.seats]
            if not human:
                raise GreatWallError("no decision of a human seat to take back: the computer made every one")
            steps = len(made) - human[-1]
        self.game.undo(steps)
        self._announce = f"Took back {steps} decision(s); Redo plays them again."

    def _redo_moves(self):
        if not self._redo:
            raise GreatWallError("there is nothing to redo")
        if self._stop is not None:
            raise GreatWallError("redo works on the live game: press 'Now' first")
        played = 0
        while self._redo and (played == 0 or self._redo[-1][1] in self.seats):
            move, actor = self._redo[-1]
            if played and self.game.to_act != actor:
                break
            self.game.play(move)  # the observer pops it from the redo list
            played += 1
        self._announce = f"Played again {played} decision(s)."

    def _scrub(self, to):
        if to == "now":
            self.at = "now"
            return
        if to in ("first", "previous", "next", "last"):
            self.at = history.scrubber(self.game, self.at, self.step_by, self.perspective)[to]
        elif isinstance(to, int) and not isinstance(to, bool):
            self.at = str(to)  # validated: the kit's error names the range
        else:
            raise GreatWallError(f"the scrubber goes to a decision from 0 to {len(self.game.history)} or "
                                 f"first/previous/next/last/now, not {quote(to)}")

    def _branch(self):
        stop = self._stop
        if stop is None:
            raise GreatWallError("the view already shows the live game")
        if stop.event is not None:
            raise GreatWallError("a game can only branch between decisions: step to a decision first")
        back = len(self.game.history) - stop.decisions
        self.at = "now"
        self.game.undo(back)
        self._announce = f"Branched at decision {len(self.game.history)}: {back} later decision(s) can be redone."

    def _take_board(self, player):
        if self._passing is None:
            raise GreatWallError("the board is not being passed on: nobody needs to take it")
        if isinstance(player, str):
            try:
                player = read_whole(player)
            except GreatWallError:
                pass
        if player != self._passing:
            raise GreatWallError(f"the board is passed to {self._name(self._passing)}, not to {quote(player)}")
        self._confirmed, self._passing = player, None
        self.perspective = player
        self._announce = f"{self._name(player)} has the board."

    # -- view state: validated here, whether set by code or by the browser ---------------------------------------

    @traitlets.validate("perspective")
    def _check_perspective(self, proposal):
        value = proposal["value"]
        if self.game is None:  # (the default, read while the widget is made)
            return value
        if value is None:
            value = SPECTATOR
        if isinstance(value, str) and value not in (TEACHER, SPECTATOR):
            try:  # (the view sends a player as a text; other texts fail below)
                value = read_whole(value)
            except GreatWallError:
                pass
        if not (value in (TEACHER, SPECTATOR) or (isinstance(value, int) and not isinstance(value, bool)
                                                  and 0 <= value < self.game.players)):
            raise ViewStateError(f"perspective is 'teacher', 'spectator' or a player number "
                                 f"0 to {self.game.players - 1}, not {quote(value)}")
        if self.projector and value != SPECTATOR:
            raise ViewStateError("projector mode shows the spectator's view: turn it off to view as anyone else")
        if self.hot_seat and value not in (SPECTATOR, self._confirmed):
            who = "nobody yet" if self._confirmed is None else self._name(self._confirmed)
            raise ViewStateError(f"in hot-seat play the view follows the player who has the board ({who}) and "
                                 f"may switch to 'spectator'; make the board with perspective='teacher' to see "
                                 f"everything")
        return value

    @traitlets.validate("at")
    def _check_at(self, proposal):
        if self.game is None:
            return proposal["value"]
        try:  # the kit's error names what the scrubber can show; the live moment is always "now"
            return "now" if history.parse(proposal["value"], self.game) is None else proposal["value"]
        except GreatWallError as exc:
            raise ViewStateError(str(exc)) from None

    @traitlets.validate("step_by")
    def _check_step_by(self, proposal):
        if proposal["value"] not in ("decision", "event"):
            raise ViewStateError(f"the scrubber steps by 'decision' or 'event', not {quote(proposal['value'])}")
        return proposal["value"]

    @traitlets.validate("size")
    def _check_size(self, proposal):
        if proposal["value"] not in SIZES:
            raise ViewStateError(f"size is 'normal' or 'large' (projector mode), not {quote(proposal['value'])}")
        return proposal["value"]

    @traitlets.validate("selected")
    def _check_selected(self, proposal):
        if len(proposal["value"]) > 200:
            raise ViewStateError(f"a selection is an element key, not {quote(proposal['value'])}")
        return proposal["value"]

    @traitlets.validate("projector")
    def _check_projector(self, proposal):
        if proposal["value"] and self.hot_seat:
            raise ViewStateError("a hot-seat board shows each player their own view: make a board with "
                                 "projector=True to project the game")
        return proposal["value"]

    @traitlets.observe("projector")
    def _projector_changed(self, change):
        """Projector mode on: the spectator's view in large text; off: the view as it was before."""
        if self._busy:
            return
        busy, self._busy = self._busy, True
        try:
            if change["new"]:
                self._unprojected = (self.perspective, self.size)
                self.perspective, self.size = SPECTATOR, "large"
            else:
                self.perspective, self.size = self._unprojected or (SPECTATOR, "normal")
        finally:
            self._busy = busy
        use_projector(change["new"])  # the session's choice: a board made again opens as chosen
        use_size(self.size)
        self.message = ""
        self._render()
        self._maybe_bot()

    @traitlets.observe("perspective", "selected", "at", "step_by", "size", "lens_open")
    def _view_state_changed(self, change):
        if change["name"] == "perspective" and not self._busy and not self.hot_seat:
            _CHOSEN[self.game] = change["new"]  # chosen in a view: the next board of this game opens with it
        if change["name"] == "size" and not self._busy:
            use_size(change["new"])  # the session's size: a board made again opens with it
        if not self._busy:
            self.message = ""
            self._render()
            self._maybe_bot()

    # -- the game changed (a click, a bot, or code in another cell) ---------------------------------------------

    def _on_game_change(self, game, change):
        made = game.history
        if change == "undo" or len(made) < len(self._actors):
            undone = list(zip(self._known[len(made):], self._actors[len(made):], strict=False))
            self._redo.extend(reversed(undone))
            del self._actors[len(made):]
        else:
            self._actors.append(self._to_act)
            if self._redo and made[-1] == self._redo[-1][0]:
                self._redo.pop()
            else:
                self._redo.clear()
        if len(self._actors) != len(made):  # (a change the board missed: read the actors again)
            self._actors = history.actors(game)
        self._known, self._to_act = made, game.to_act
        self._pictures = {k: v for k, v in self._pictures.items() if k < len(made)}
        self._notes, self._log_cache = (None, {}), (None, [])
        try:
            history.parse(self.at, game)
        except GreatWallError:  # the moment shown was undone: back to the live game
            busy, self._busy = self._busy, True
            self.at = "now"
            self._busy = busy
        if not (self._busy or self._bot_running):
            self._update_passing()
            self._render()
            self._maybe_bot()

    def _update_passing(self):
        """Hot-seat: when a human other than the one holding the board is to act, the board is passed on."""
        if not self.hot_seat:
            return
        to_act = self.game.to_act
        if to_act is not None and to_act not in self.seats and to_act != self._confirmed:
            self._passing, self._confirmed = to_act, None
            busy, self._busy = self._busy, True
            self.perspective = SPECTATOR
            self._busy = busy
        elif to_act is None:
            self._passing = None

    # -- bots ---------------------------------------------------------------------------------------------------

    def _maybe_bot(self, made=0, render=True):
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
        self._update_passing()
        if render:
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
        self._update_passing()
        self._render()
        self._maybe_bot(made + 1)

    def _stop_bots(self):
        self.seats.clear()
        self.message = (f"the bots made {MAX_DECISIONS:,} decisions in a row and the game is not over; "
                        "every seat is played by hand now")
        self._announce = self.message

    def _bot_turn(self):
        return self.at == "now" and self.game.to_act in self.seats

    def _bot_play_one(self):
        """One bot decision; a failing bot gives its seat back to a human. Returns whether it played.

        After an undo the bot replays the move it made before (Redo's list), so the game comes back the same.
        """
        seat = self.game.to_act
        if self._redo and self._redo[-1][1] == seat:
            self.game.play(self._redo[-1][0])
            self._announce = None
            return True
        choose = as_bot(self.seats[seat])
        try:  # the seat's view, with the sampling the kit's look-ahead bots use (never the game itself)
            self.game.play(choose(seat_view(self.game, seat), list(self.game.legal_moves())))
        except Exception as exc:  # noqa: BLE001 - a student's bot may fail in any way
            del self.seats[seat]
            self.message = (f"the bot in {self._name(seat)}'s seat failed ({type(exc).__name__}: {exc}); "
                            f"the seat is played by hand now")
            self._announce = self.message
            return False
        self._announce = None
        return True

    # -- building what the front end draws -------------------------------------------------------------------

    def _render(self):
        game, stop = self.game, self._stop
        shown = self.shown
        live = stop is None
        passing = self._passing is not None
        perspective = SPECTATOR if passing else self.perspective
        can_play = (live and not passing and game.to_act is not None and game.to_act not in self.seats
                    and perspective in (TEACHER, game.to_act))
        targets: dict[str, Any]
        targets, buttons = {}, []
        if can_play:
            # [move text, its rule, what it does, the words its button shows]: a button or target and its tooltip
            notes = self._move_notes()
            for move in game.legal_moves():
                key, text = game.move_element(move), str(move)
                if key is None:
                    buttons.append([text, *notes[text]])
                else:
                    targets.setdefault(key, []).append([text, *notes[text]])
        now = drawn(shown.picture())
        known = set(now)  # what this picture draws: the only keys it can mark
        if live:
            self._pictures[len(game.history)] = now
        log = self._log_for(shown, perspective, live)
        changed, since = self._since(shown, perspective, live, log, now)
        marks = {self.selected: "focus"} if self.selected and self.selected in known else {}
        labels = {k: (f"play {v[0][3]}" if len(v) == 1 else f"{k}: choose one of {len(v)} moves")
                  for k, v in targets.items()}
        board = safe_picture(shown, labels, marks, known)
        large = self.size == "large"
        with self.hold_sync():
            self._board = board
            self._lens = (lens.draw(shown.graph(), highlight={**changed, **({self.selected: "focus"} if self.selected
                                                                               else {})}, large=large)
                          if self.lens and self.lens_open else "")
            self._log = log
            self._view = {
                "kind": "board",
                "title": game.title,
                "status": status(shown, live),
                **_strip(board, shown.question()),
                "answered": self._answers,
                "prompt": self._prompt(shown, perspective, live, targets, buttons),
                "message": self._message_state(),
                "announce": self._announce if self._announce is not None else self._last_sentence(perspective),
                "targets": targets,
                "buttons": buttons,
                "rules": rule_texts({*(b[1] for b in buttons), *(t[1] for v in targets.values() for t in v),
                                     *(e[1] for e in log)}),
                "since": since,
                "changed": sorted(changed),
                "private": [] if passing else private_panel(shown, perspective),
                "passing": None if not passing else {"player": self._passing,
                                                     "name": self._name(self._passing)},
                "perspectives": self._perspectives(),
                "hot_seat": self.hot_seat,
                "can_undo": live and bool(game.history) and not passing,
                "can_redo": live and bool(self._redo) and not passing,
                "undo_tip": ("Undo: back to the last decision of a human seat (the computer's moves since then "
                             "too)" if self.seats else "Undo: take back the last decision"),
                "scrub": history.scrubber(game, self.at, self.step_by, self.perspective),
                "has_lens": self.lens,
                "over": game.is_over,
            }

    def _move_notes(self):
        made = len(self.game.history)
        if self._notes[0] != made:
            self._notes = (made, move_notes(self.game, self.game.legal_moves()))
        return self._notes[1]

    def _log_for(self, shown, perspective, live):
        """The viewer's log (kept for the live game until it changes)."""
        if not live:
            return log_entries(shown, perspective)
        if self._log_cache[0] != (perspective, len(shown.log)):
            self._log_cache = ((perspective, len(shown.log)), log_entries(shown, perspective))
        return self._log_cache[1]

    def _since(self, shown, perspective, live, log, now):
        """``(changed, since)``: every element changed since the viewer's last decision (the view outlines them on
        the board: an outline hides no label), and the events since then.

        Looking back, the marks show what the decision shown changed. A player's last decision is theirs; the
        teacher's and a spectator's are the last decision of a human seat (of anyone when no seat is a bot).
        """
        made = len(shown.history)
        if not made:
            return {}, None
        player = isinstance(perspective, int)
        if not live:
            base, label = made - 1, f"What decision {made} changed"
        else:
            mine = {perspective} if player else {p for p in range(shown.players) if p not in self.seats}
            base = next((i + 1 for i in range(made - 1, -1, -1) if self._actors[i] in mine), 0)
            label = "Since the start" if not base else "Since your last move" if player else f"Since decision {base}"
            if base == made:  # the viewer has just decided: show what that decision changed
                base, label = made - 1, "Your last move" if player else f"What decision {made} changed"
        marks = changes(self._plain(base), now)
        span = [e for e in log if e[2] > base]
        events = _latest(span, 5)
        return marks, {"label": label, "items": [e[0] for e in events], "rules": [e[1] for e in events],
                       "more": len(span) - len(events), "marked": len(marks)}

    def _plain(self, decisions):
        """Drawn elements of the plain picture after ``decisions`` decisions (kept for the few asked for)."""
        if decisions not in self._pictures:
            if len(self._pictures) > 8:
                self._pictures.pop(next(iter(self._pictures)))
            position = self.game if decisions == len(self.game.history) else self.game.position_at(decisions)
            self._pictures[decisions] = drawn(position.picture())
        return self._pictures[decisions]

    def _prompt(self, shown, perspective, live, targets, buttons):
        game = self.game
        if self._passing is not None:
            name = self._name(self._passing)
            return f"Pass the board to {name}. {name}: press “I am {name}” when only you can see the screen."
        if not live:
            return ("Looking back: the game is not changed. Press “Now” to play on, or “Play from here” to "
                    "branch.")
        if game.is_over:
            return (f"The game is over ({game.result.reason}): "
                    f"{', '.join(self._name(p) for p in game.winners())} won; the log's last lines say why.")
        name = self._name(game.to_act)
        if game.to_act in self.seats:
            return f"{name} (computer) is deciding."
        if targets or buttons:
            where = [w for w, some in (("click a dashed blue outline on the board", targets),
                                       ("press a move button above", buttons)) if some]
            return f"{name} to act: {' or '.join(where)}."
        if perspective == SPECTATOR:
            return f"{name} to act; you are watching as a spectator."
        return f"{name} to act; you are viewing as {self._name(perspective)}."

    def _perspectives(self):
        names = self.game.player_names
        if self.hot_seat:
            holder = [] if self._confirmed is None else [{"value": str(self._confirmed),
                                                          "label": names[self._confirmed]}]
            return [*holder, {"value": SPECTATOR, "label": "Spectator"}]
        if self.projector:
            return [{"value": SPECTATOR, "label": "Spectator"}]
        return [{"value": TEACHER, "label": "Teacher (everything)"}, {"value": SPECTATOR, "label": "Spectator"},
                *({"value": str(p), "label": names[p] + (" (computer)" if p in self.seats else "")}
                  for p in range(self.game.players))]

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

    def _analogous_move(self, key):
        """The move a click on ``key`` would mean, by analogy with a legal move on an element of the same kind.

        Lets the engine explain why that click is illegal (e.g. "square 4 is taken") instead of the view
        guessing; ``None`` if no legal move is played on that kind of element.
        """
        prefix, number = split_key(key)
        if number is None:
            return None
        for move in self.game.legal_moves():
            other = self.game.move_element(move)
            if other is None or split_key(other)[0] != prefix:
                continue
            fields = [f for f in move.__match_args__ if getattr(move, f) == split_key(other)[1]]
            if len(fields) == 1:
                return type(move)(**{f: (number if f == fields[0] else getattr(move, f))
                                     for f in move.__match_args__})
        return None

    def _name(self, player):
        return self.game.player_names[player]

    def _last_sentence(self, perspective):
        """What the latest decision did, in the sentences ``perspective`` may read (a move's text may be a secret:
        a choice behind the Screen), for the screen reader's live region."""
        viewer, made = viewer_of(perspective), len(self.game.history)
        said = []
        for e in reversed(self.game.log):  # the latest decision's events are the log's last ones
            if e.decision != made:
                break
            if perspective == TEACHER or e.visible_to(viewer):
                said.append(e.sentence)
        return " ".join(reversed(said[:3]))


def _latest(events, most):
    """The last ``most`` of ``events`` (log entries), in log order, with every one that says why something a player
    set up did not happen kept among them (the latest of those, if there are more than ``most``).

    >>> log = [["a", None, 1, False], ["Barracks does not activate", "TGW-20", 1, True], *[[c, None, 2, False]
    ...        for c in "bcdefg"]]
    >>> [e[0] for e in _latest(log, 5)]
    ['Barracks does not activate', 'd', 'e', 'f', 'g']
    """
    if len(events) <= most:
        return events
    whys = [i for i, e in enumerate(events) if e[3]][-most:]
    others = [i for i in range(len(events)) if i not in whys]
    return [events[i] for i in sorted(whys + others[len(others) - (most - len(whys)):])]


def _strip(svg, asked):
    """``{"question", "summary"}``: the picture's own line saying who is to act, with what they decide (the game's
    ``question()``, ``asked``) in it, and its public summary (the scores where they are public), for the strip that
    stays in view while the board is scrolled."""
    head = re.match(r"<svg[^>]*?\saria-label=\"([^\"]*)\"", svg)
    lines = (html.unescape(t).strip() for t in re.findall(r"<text[^>]*>([^<]*\bto act\b[^<]*)</text>", svg))
    question = next((t for t in lines if len(t) > len("to act")), "")  # (not a bare "to act" tag on a panel)
    if asked and asked not in question:  # "Year 1 · Fall · Crane to act" says who acts, not what is decided
        who = asked.split(":")[0]
        question = question.replace(who, asked, 1) if who in question else asked
    summary = html.unescape(head.group(1)) if head else ""
    return {"question": question, "summary": "" if summary in question else summary}


def rule_view(rule_id):
    """What a view's rule panel shows of a rule ID clicked (a board's or a stepper's): its live example's title, what
    it shows in sentences and its board picture, or why it has none."""
    try:
        ex = example(rule_id)
    except (GreatWallError, KeyError) as missing:
        return {"id": str(rule_id)[:20], "title": f"{str(rule_id)[:20]}: no live example",
                "lines": [str(missing).strip("'\"")], "picture": ""}
    other = [] if ex.other is None else [f"The other reading, {ex.other.reading or 'the rulebook'}: "
                                         + " ".join(ex.other.cited)]
    return {"id": ex.rule, "title": ex.title, "lines": [*ex._lines()[1:], *ex.cited, *other], "picture": ex.picture()}


def _refuse(text):
    raise GreatWallError(text)


def _text(content, field):
    value = content.get(field)
    if not isinstance(value, str) or not value or len(value) > 200:
        raise GreatWallError(f"the view's {content.get('type')!r} request needs a short text {field!r}, "
                             f"not {quote(value)}")
    return value
