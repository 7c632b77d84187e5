"""``Stepper``: step through one resolution (a loop, a province scoring, a Breach) with the board beside each step.

The steps are the rules core's own (``game.resolutions()``, each with ``steps``); the stepper draws the position the
resolution starts from, marks what each step touches (what earlier steps removed, added or changed stays marked),
and shows the rule of the step. A "what if" tries another decision at the same moment and shows both outcomes.
"""

import pathlib

import anywidget
import traitlets

from ..engine.digits import read_whole
from ..engine.errors import GreatWallError, quote
from . import lens
from .board import _rule_text, _text

__all__ = ["Stepper"]

_HERE = pathlib.Path(__file__).parent


class Stepper(anywidget.AnyWidget):
    """Step forward and back through one of a game's resolutions, board and graph lens at each step.

    Parameters
    ----------
    game : greatwall_kit.engine.Game
        A game whose rules core lists its resolutions (``game.resolutions()``).
    resolution : int
        Which of them (an index into ``game.resolutions()``; -1, the default, is the latest).
    lens : bool
        Whether to draw the graph lens beside the board.

    Examples
    --------
    >>> from greatwall_kit import new_game
    >>> from greatwall_kit.engine.playout import play_randomly
    >>> game = new_game("dschingis_khan", seed=3); _ = play_randomly(game, seed=3)
    >>> stepper = Stepper(game, resolution=0)
    >>> stepper
    Stepper(DschingisKhan(players=2, seed=3, decisions=..., over), resolution=0, step=1 of ...)
    >>> print(stepper.step)
    The wall on line 56 closes a loop with the Great Wall. [DK-22]
    >>> stepper.next(); stepper.index
    1
    """

    _esm = _HERE / "board.js"  # one front end for boards and steppers
    _css = _HERE / "board.css"
    _state = traitlets.Dict().tag(sync=True)

    def __init__(self, game, *, resolution=-1, lens=True):
        super().__init__()
        if not callable(getattr(game, "resolutions", None)):
            raise GreatWallError(f"{game!r} is not a game of the kit (it has no resolutions())")
        self.game = game
        self.lens = bool(lens)
        self.message = ""
        self._alternative = None
        found = game.resolutions()
        if not found:
            raise GreatWallError(f"nothing has been resolved yet in {game!r}: play on, then step through")
        if isinstance(resolution, bool) or not isinstance(resolution, int) or not -len(found) <= resolution < len(found):
            raise GreatWallError(f"there are {len(found)} resolutions; resolution must be an index, not {quote(resolution)}")
        self._resolutions = found
        self.resolution = resolution % len(found)
        self.index = 0
        self.on_msg(self._on_msg)
        self._render()

    # -- Python controls (the browser's buttons call the same) ---------------------------------------------------

    @property
    def resolved(self):
        """The :class:`~greatwall_kit.engine.steps.Resolved` being stepped through."""
        return self._resolutions[self.resolution]

    @property
    def step(self):
        """The current :class:`~greatwall_kit.engine.steps.Step`."""
        return self.resolved.steps[self.index]

    def next(self):
        """One step forward."""
        self.go(min(self.index + 1, len(self.resolved.steps) - 1))

    def previous(self):
        """One step back."""
        self.go(max(self.index - 1, 0))

    def go(self, index):
        """Show step ``index`` (0 is the first)."""
        steps = len(self.resolved.steps)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < steps:
            raise GreatWallError(f"this resolution has steps 0 to {steps - 1}, not {quote(index)}")
        self.index = index
        self._render()

    def choose(self, resolution):
        """Step through another resolution of the game (an index into ``game.resolutions()``)."""
        if isinstance(resolution, bool) or not isinstance(resolution, int) \
                or not 0 <= resolution < len(self._resolutions):
            raise GreatWallError(f"there are resolutions 0 to {len(self._resolutions) - 1}, not {quote(resolution)}")
        self.resolution, self.index, self._alternative = resolution, 0, None
        self._render()

    def what_if(self, move):
        """Try ``move`` instead of the decision that set this resolution off; both outcomes are shown side by side.

        Returns the other game (a replayed copy: the game itself never changes).
        """
        if self.resolved.decision == 0:
            raise GreatWallError("this resolution happened while the position was set up: "
                                 "there is no decision to try another way")
        before = self.game.position_at(self.resolved.decision - 1)
        before.play(move)
        self._alternative = before
        self._render()
        return before

    def __repr__(self):
        return (f"Stepper({self.game!r}, resolution={self.resolution}, "
                f"step={self.index + 1} of {len(self.resolved.steps)})")

    def _repr_mimebundle_(self, **kwargs):
        data, meta = super()._repr_mimebundle_(**kwargs)
        data["image/svg+xml"] = self._state["board"]
        return data, meta

    # -- intents --------------------------------------------------------------------------------------------

    def _on_msg(self, _widget, content, _buffers):
        self.message = ""
        try:
            if not isinstance(content, dict):
                raise GreatWallError(f"a message from the view must be an object, not {quote(content)}")
            kind = content.get("type")
            if kind == "go":
                to = content.get("to")
                last = len(self.resolved.steps) - 1
                named = {"first": 0, "previous": max(self.index - 1, 0), "next": min(self.index + 1, last),
                         "last": last}
                self.go(named.get(to, to) if isinstance(to, str) else to)
            elif kind == "resolution":
                value = content.get("value")
                self.choose(read_whole(value) if isinstance(value, str) else value)
            elif kind == "what_if":
                self.what_if(_text(content, "text"))
            elif kind == "clear":
                self._alternative = None
            else:
                raise GreatWallError(f"unknown request {kind!r:.40} from the view")
        except ValueError as exc:  # the kit's errors, including an illegal what-if move
            self.message = str(exc)
        except Exception as exc:  # nothing the view sends may raise into the kernel
            self.message = f"the kit failed on this request ({type(exc).__name__}: {exc})"
        self._render()

    # -- what the view draws -------------------------------------------------------------------------------------

    def _render(self):
        resolved, steps = self.resolved, self.resolved.steps
        start = self.game.position_at(event=resolved.start)
        marks = _marks(steps, self.index)
        step = steps[self.index]
        state = {
            "kind": "stepper",
            "title": f"{self.game.title}: {resolved.title}",
            "resolutions": [{"value": str(i), "label": f"{i}: {r.title}"} for i, r in enumerate(self._resolutions)],
            "resolution": str(self.resolution),
            "index": self.index,
            "count": len(steps),
            "steps": [{"text": s.sentence, "rule": s.rule, "current": i == self.index} for i, s in enumerate(steps)],
            "step": {"text": step.sentence, "rule": step.rule, "rule_text": _rule_text(step.rule),
                     "numbers": [f"{k}: {v}" for k, v in step.numbers.items()]},
            "board": start.picture(highlight=marks),
            "lens": lens.draw(start.graph(), highlight=marks) if self.lens else "",
            "message": self.message,
            "what_if": self._what_if_state(),
        }
        self._state = state

    def _what_if_state(self):
        resolved = self.resolved
        if resolved.decision == 0:
            return {"played": None, "moves": [], "other": None}
        before = self.game.position_at(resolved.decision - 1)
        moves = [str(m) for m in before.legal_moves()]
        out = {"played": str(self.game.history[resolved.decision - 1]), "moves": moves[:400], "other": None}
        if self._alternative is not None:
            other = self._alternative
            made = len(other.history)
            found = [r for r in other.resolutions() if r.decision == made]
            marks = {}
            for r in found:
                marks.update(_marks(r.steps, len(r.steps) - 1))
            out["other"] = {
                "move": str(other.history[-1]),
                "board": other.picture(highlight=marks),
                "steps": [str(s) for r in found for s in r.steps]
                or [f"no resolution; {e.sentence}" for e in other.log if e.decision == made][:6],
            }
        return out


def _marks(steps, upto):
    """The marks on the board at step ``upto``: what earlier steps removed, added or changed, and this step's focus."""
    marks = {}
    for step in steps[:upto]:
        marks.update({k: m for k, m in step.touches.items() if m != "focus"})
    marks.update(steps[upto].touches)
    return marks
