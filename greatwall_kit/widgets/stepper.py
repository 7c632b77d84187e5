"""``Stepper``: step through one resolution (a loop, a province scoring, a Breach) with the board as it stands at each
step.

The steps and their positions are the rules core's own (``game.resolutions()``: each step's ``after`` position,
the resolution's ``before``); the stepper draws the position after the step shown with that step's marks on top,
and the rule it applies. A "what if" tries another decision at the same moment and shows both outcomes at the
same step, side by side, their differences outlined and said in one sentence.
"""

import collections
import pathlib
import time
from typing import Any

import anywidget
import traitlets

from ..engine.errors import GreatWallError, quote
from ..engine.graphs import changed_elements, element_keys
from ..engine.steps import Resolved, difference
from . import lens
from .board import ViewStateError, _text, rule_view
from .drawing import rule_citation, safe_picture
from .style import SIZES, checked_size, projector_on, use_projector, use_size

__all__ = ["Stepper"]

_HERE = pathlib.Path(__file__).parent
BEFORE = -1  # the index of the position before the first step


class Stepper(anywidget.AnyWidget):
    """Step forward and back through one of a game's resolutions, the board drawn as it stands at each step.

    Parameters
    ----------
    game : greatwall_kit.engine.Game
        A game whose rules core lists its resolutions (``game.resolutions()``).
    resolution : int or Resolved
        Which of them: an index into ``game.resolutions()`` (-1, the default, is the latest), or one of them.
    lens : bool
        Whether to offer the graph lens.
    size : "normal", "large" or None
        "large": text of 18 px or more; ``None``: the session's size (:func:`~greatwall_kit.widgets.use_size`).
    projector : bool or None
        Projector mode: large text, the picture fitted to the notebook's width, the elements a step changes scrolled
        into view. ``None``: the session's choice (:func:`~greatwall_kit.widgets.use_projector`).

    Steps are numbered from 1, as the stepper shows them ("Step 1 of 11") and as ``stepper.go(n)`` takes them; 0
    (or ``"before"``) is the position before the first step. The view state is synced traits: :attr:`index` (the
    step shown, counted from 0 in ``resolved.steps``; -1 is the position before the first step),
    :attr:`resolution`, :attr:`size` and :attr:`lens_open`.

    Examples
    --------
    >>> from greatwall_kit import new_game
    >>> from greatwall_kit.engine.playout import play_randomly
    >>> game = new_game("dschingis_khan", seed=3); _ = play_randomly(game, seed=3)
    >>> stepper = Stepper(game, resolution=0)
    >>> stepper
    Stepper(DschingisKhan(players=2, seed=3, decisions=..., over), resolution=0, step=1 of ...)
    >>> print(stepper.step)
    An open wall is placed on (3,3)-(3,4): it closes a loop with the Great Wall. [DK-22]
    >>> stepper.next(); stepper.index, stepper.step is stepper.resolved.steps[1]
    (1, True)
    >>> stepper.go(1); stepper.step is stepper.resolved.steps[0]
    True
    >>> stepper.go("before"); stepper.step is None, stepper.position is stepper.resolved.before
    (True, True)
    >>> stepper.go(99)
    Traceback (most recent call last):
    ...
    greatwall_kit.widgets.board.ViewStateError: this resolution has steps 1 to ..., or 0 (before them), not 99
    """

    _esm = _HERE / "board.js"  # one front end for boards and steppers
    _css = _HERE / "board.css"

    #: The step shown: 0 is the first, -1 the position before it.
    index = traitlets.Int(0).tag(sync=True)
    #: Which of ``game.resolutions()`` is stepped through.
    resolution = traitlets.Int(0).tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)
    lens_open = traitlets.Bool(False).tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)
    _lens = traitlets.Unicode("").tag(sync=True)
    #: The live example of the rule ID last clicked (``{type: "rule", id}``), as a board shows it.
    _rule_view = traitlets.Dict().tag(sync=True)

    game: Any = None  # a game with resolutions() (set first thing in __init__; validators read it)
    timings: collections.deque[tuple[str, float]]
    _busy: bool  # a render follows: trait changes need not draw

    def __init__(self, game, resolution=-1, *, lens=True, size=None, projector=None):
        super().__init__()
        if not callable(getattr(game, "resolutions", None)):
            raise GreatWallError(f"{quote(game)} is not a game of the kit (it has no resolutions())")
        found = game.resolutions()
        if not found:
            raise GreatWallError(f"nothing has been resolved yet in {game!r}: play on, then step through")
        self._resolutions = found
        self.game = game
        self.lens = bool(lens)
        self.message = ""
        self.timings = collections.deque(maxlen=1000)
        self._alternative = None  # (the other game, its matching resolution or None)
        self._busy = True
        try:
            self.resolution = self._index_of(resolution)
            self.size = checked_size(size)
            if projector not in (None, True, False):
                raise GreatWallError(f"projector is True or False, not {quote(projector)}")
            self.projector = projector_on() if projector is None else projector
            if self.projector:
                self.size = "large"
        except traitlets.TraitError as exc:
            raise GreatWallError(str(exc)) from None
        self._busy = False
        self.on_msg(self._on_msg)
        self._render()

    # -- Python controls (the browser's buttons set the same traits) ----------------------------------------------

    @property
    def resolved(self):
        """The :class:`~greatwall_kit.engine.steps.Resolved` being stepped through."""
        return self._resolutions[self.resolution]

    @property
    def step(self):
        """The :class:`~greatwall_kit.engine.steps.Step` shown (``None`` before the first step)."""
        return None if self.index == BEFORE else self.resolved.steps[self.index]

    @property
    def position(self):
        """The position drawn: the resolution's ``before``, or the position right after the step shown."""
        return self.resolved.before if self.index == BEFORE else self.resolved.after(self.index)

    @property
    def difference(self):
        """The what-if's outcome against this one, in one sentence (``None`` without a what-if)."""
        if self._alternative is None:
            return None
        try:
            return difference(self.resolved, self._alternative[1])
        except GreatWallError:  # a game whose evidence gives no summary yet
            other = self._alternative[1]
            return f"{other.title if other else 'nothing is resolved'} instead of {self.resolved.title}"

    def next(self):
        """One step forward."""
        self.index = min(self.index + 1, len(self.resolved.steps) - 1)

    def previous(self):
        """One step back (from the first step, to the position before it)."""
        self.index = max(self.index - 1, BEFORE)

    def go(self, number):
        """Show step ``number`` as the stepper numbers it ("Step 1 of 11" is ``go(1)``); 0 or ``"before"`` shows the
        position before the first step."""
        number = 0 if number == "before" else number
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= len(self.resolved.steps):
            self._out_of_range(number)
        self.index = number - 1

    def choose(self, resolution):
        """Step through another resolution of the game (an index into ``game.resolutions()``, or one of them)."""
        self.resolution = self._index_of(resolution)

    def what_if(self, move):
        """Try ``move`` instead of the decision that set this resolution off; both outcomes are shown side by side
        at the same step. Returns the other game (a replayed copy: the game itself never changes). An illegal move
        is the engine's error naming its rule, and changes nothing."""
        resolved = self.resolved
        if resolved.decision == 0:
            raise GreatWallError("this resolution happened while the position was set up: "
                                 "there is no decision to try another way")
        other = self.game.position_at(resolved.decision - 1)
        other.play(move)
        self._alternative = (other, _matching(resolved, self._resolutions, other))
        self._render()
        return other

    def clear(self):
        """Drop the what-if."""
        self._alternative = None
        self._render()

    def __repr__(self):
        return (f"Stepper({self.game!r}, resolution={self.resolution}, "
                f"step={self.index + 1} of {len(self.resolved.steps)})")

    def _repr_mimebundle_(self, **kwargs):
        # (None only for a widget with no view name; a Stepper has one)
        data, meta = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data["image/svg+xml"] = self._view["board"]
        return data, meta

    def _index_of(self, resolution):
        found = self._resolutions
        if isinstance(resolution, Resolved):
            if resolution.game is not self.game:
                raise GreatWallError(f"{resolution.title!r} is a resolution of another game "
                                     f"({resolution.game!r}), not of {self.game!r}")
            return found.index(resolution)
        if (isinstance(resolution, bool) or not isinstance(resolution, int)
                or not -len(found) <= resolution < len(found)):
            raise GreatWallError(f"there are resolutions 0 to {len(found) - 1}; resolution must be an index or one of "
                                 f"game.resolutions(), not {quote(resolution)}")
        return resolution % len(found)

    # -- view state -------------------------------------------------------------------------------------------

    @traitlets.validate("index")
    def _check_index(self, proposal):
        if self.game is None:
            return proposal["value"]
        value = proposal["value"]
        if isinstance(value, bool) or not BEFORE <= value < len(self.resolved.steps):
            self._out_of_range(value + 1 if isinstance(value, int) and not isinstance(value, bool) else value)
        return proposal["value"]

    def _out_of_range(self, index):
        raise ViewStateError(f"this resolution has steps 1 to {len(self.resolved.steps)}, or 0 (before them), "
                             f"not {quote(index)}")

    @traitlets.validate("resolution")
    def _check_resolution(self, proposal):
        if self.game is None:
            return proposal["value"]
        if not 0 <= proposal["value"] < len(self._resolutions):
            raise ViewStateError(f"there are resolutions 0 to {len(self._resolutions) - 1}, "
                                 f"not {quote(proposal['value'])}")
        return proposal["value"]

    @traitlets.validate("size")
    def _check_size(self, proposal):
        if proposal["value"] not in SIZES:
            raise ViewStateError(f"size is 'normal' or 'large' (projector mode), not {quote(proposal['value'])}")
        return proposal["value"]

    @traitlets.observe("index", "resolution", "size", "lens_open", "projector")
    def _view_state_changed(self, change):
        busy: bool
        if change["name"] == "projector" and not self._busy:
            busy, self._busy = self._busy, True
            self.size = "large" if change["new"] else "normal"
            self._busy = busy
            use_projector(change["new"])  # the session's choice: a stepper made again opens as chosen
        if change["name"] == "size" and not self._busy:
            use_size(change["new"])
        if change["name"] == "resolution":
            busy, self._busy = self._busy, True
            self.index, self._alternative = 0, None
            self._busy = busy
        if not self._busy:
            self.message = ""
            self._render()

    def set_state(self, sync_data):
        """The browser set view-state traits; a refused value is answered in the view and sent back as it was."""
        started = time.perf_counter()
        try:
            super().set_state(sync_data)
        except (ValueError, traitlets.TraitError) as exc:
            self.message = str(exc)
            self._render()
            self.send_state([k for k in sync_data if k in self.keys])
        except Exception as exc:  # noqa: BLE001 - nothing the view sends may raise into the kernel
            self.message = f"the kit failed on this request ({type(exc).__name__}: {exc})"
            self._render()
        took = (time.perf_counter() - started) * 1000
        self.timings.append(("set " + ",".join(sorted(map(str, sync_data)))[:40], took))

    def _on_msg(self, _widget, content, _buffers):
        started = time.perf_counter()
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "rule":  # (not a request about the steps: the message and the step stay as they are)
            self._rule_view = rule_view(content.get("id"))
            self.timings.append(("rule", (time.perf_counter() - started) * 1000))
            return
        self.message = ""
        try:
            if kind == "what_if":
                self.what_if(_text(content, "text"))
            elif kind == "clear":
                self._alternative = None
            else:
                raise GreatWallError(f"unknown request {quote(content, 60)} from the view")
        except ValueError as exc:  # the kit's errors, including an illegal what-if move
            self.message = str(exc)
        except Exception as exc:  # noqa: BLE001 - nothing the view sends may raise into the kernel
            self.message = f"the kit failed on this request ({type(exc).__name__}: {exc})"
        self._render()
        took = (time.perf_counter() - started) * 1000
        self.timings.append((kind if kind in ("what_if", "clear") else "malformed", took))

    # -- what the view draws -------------------------------------------------------------------------------------

    def _render(self):
        resolved, steps, index = self.resolved, self.resolved.steps, self.index
        position = self.position
        marks = dict(steps[index].touches) if index != BEFORE else {}
        graph = position.graph()
        board = safe_picture(position, None, marks, element_keys(graph))
        step = self.step
        with self.hold_sync():
            self._lens = (lens.draw(graph, highlight=marks, large=self.size == "large")
                          if self.lens and self.lens_open else "")
            self._view = {
                "kind": "stepper",
                "title": f"{self.game.title}: {resolved.title}",
                "resolutions": [{"value": i, "label": f"{i}: {r.title}"} for i, r in enumerate(self._resolutions)],
                "resolution": self.resolution,
                "index": index,
                "count": len(steps),
                "steps": [{"text": s.sentence, "rule": s.rule} for s in steps],
                "step": None if step is None else {
                    # the sentence says the step's numbers in words; its ``numbers`` keep field names for code
                    "text": step.sentence, "rule": step.rule, "rule_text": rule_citation(step.rule)},
                "before": "the position the resolution starts from",
                "actual_label": f"As played: {self._played()}" if self._alternative else "",
                "board": board,
                "marks": sorted(marks),
                "message": self.message,
                "what_if": self._what_if_state(board),
            }

    def _played(self):
        """The decision the resolution followed, in the words its button had (a card by its name)."""
        decision = self.resolved.decision
        return self.game.position_at(decision - 1).describe(self.game.history[decision - 1]).label if decision \
            else "the set-up"

    def _what_if_state(self, board):
        resolved = self.resolved
        if resolved.decision == 0:
            return {"played": None, "moves": [], "other": None}
        before = self.game.position_at(resolved.decision - 1)
        # [text the engine takes, the words shown]: a card by its name, as on a board's move buttons
        moves = [[str(m), before.describe(m).label] for m in before.legal_moves()[:400]]
        out = {"played": self._played(), "moves": moves, "other": None}
        if self._alternative is None:
            return out
        game, other = self._alternative
        if other is None:
            position, label = game, "nothing is resolved"
        elif self.index == BEFORE:
            position, label = other.before, "before its first step"
        else:
            at = min(self.index, len(other.steps) - 1)
            position, label = other.after(at), f"after step {at + 1} of {len(other.steps)}: {other.steps[at].sentence}"
        picture = position.picture()
        out["other"] = {
            "move": str(game.history[-1]),
            "label": f"What if {game.history[-1]}: {label}",
            "board": picture,
            "difference": self.difference,
            "differs": sorted(changed_elements(self.position.picture(), picture)),
        }
        return out


def _matching(resolved, found, other):
    """The resolution of the other game that answers ``resolved``: of the same kind and order among those its
    decision set off (``None`` if that decision resolved nothing of the kind)."""
    same = [r for r in found if r.decision == resolved.decision and type(r.evidence) is type(resolved.evidence)]
    order = same.index(resolved)
    made = len(other.history)
    theirs = [r for r in other.resolutions() if r.decision == made and type(r.evidence) is type(resolved.evidence)]
    return theirs[order] if order < len(theirs) else (theirs[-1] if theirs else None)
