"""The moments a board's history scrubber can show, written as the texts of ``Board.at``.

``"now"`` is the live game; ``"12"`` the position after 12 decisions; ``"e340"`` the moment log event 340 was
recorded, part-way through a decision (a loop closed, a Breach, a Mongol attack). Stepping *by decision* goes
through the first kind, *by event* also through the part-way moments the viewer may see.

>>> from greatwall_kit import new_game
>>> game = new_game("great_wall_of_china", seed=1).replay(["draw", "draw"])
>>> moments(game, "decision", "teacher"), parse("1", game), parse("now", game)
(['0', '1', 'now'], Stop(decisions=1, event=None), None)
>>> parse("9", game)
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: the scrubber shows 'now', a decision from 0 to 2 (as a text, e.g. '3'), ...
"""

from dataclasses import dataclass

from ..engine.errors import GreatWallError, quote
from .drawing import TEACHER, for_viewer, viewer_of

__all__ = ["Stop", "parse", "moments", "scrubber", "actors"]


@dataclass(frozen=True)
class Stop:
    """Where the scrubber stands: after ``decisions`` decisions, or at log event ``event`` part-way through."""

    decisions: int
    event: int | None = None


def parse(text, game):
    """The :class:`Stop` a ``Board.at`` text names (``None`` for the live game), or the kit's error naming the range."""
    n = len(game.history)
    if text == "now":
        return None
    if isinstance(text, str) and text[:1] == "e" and text[1:].isdigit() and text[1:].isascii():
        event = int(text[1:])
        if event < len(game.log) and game.log[event].decision:
            return Stop(game.log[event].decision - 1, event)
    elif isinstance(text, str) and text.isdigit() and text.isascii() and int(text) <= n:
        return None if int(text) == n else Stop(int(text))
    raise GreatWallError(f"the scrubber shows 'now', a decision from 0 to {n} (as a text, e.g. '3'), or a log "
                         f"event of a decision (e.g. 'e{max(len(game.log) - 1, 0)}'), not {quote(text)}")


def moments(game, step_by, perspective):
    """Every moment the scrubber can show, in order, as ``Board.at`` texts (the last is "now")."""
    n, log = len(game.history), game.log
    if step_by == "decision":
        return [str(d) for d in range(n)] + ["now"]
    viewer = viewer_of(perspective)
    by_decision: dict[int, list[int]] = {}
    for i, e in enumerate(log):
        if e.decision and (perspective == TEACHER or e.visible_to(viewer)):
            by_decision.setdefault(e.decision, []).append(i)
    out = ["0"]
    for d in range(1, n + 1):
        out.extend(f"e{i}" for i in by_decision.get(d, [])[:-1])
        out.append(str(d) if d < n else "now")
    return out


def scrubber(game, at, step_by, perspective):
    """What the scrubber shows: where it stands, its label, and the moments First/Previous/Next/Last go to."""
    n = len(game.history)
    stop = parse(at, game)
    stops = moments(game, step_by, perspective)
    here = stop or Stop(n)
    if at in stops:
        index = stops.index(at)
    else:  # a part-way moment this view does not step through: the decision before it
        decision = here.decisions if here.event is None else game.log[here.event].decision - 1
        index = max([i for i, s in enumerate(stops) if s != "now" and s[0] != "e" and int(s) <= decision] or [0])
    label = "now" if stop is None else f"after decision {here.decisions}" if here.event is None else \
        f"decision {game.log[here.event].decision}, part-way: {_said(game, game.log[here.event], perspective)}"
    return {"decision": here.decisions, "max": n, "live": stop is None, "label": label, "value": at,
            "first": stops[0], "previous": stops[max(index - 1, 0)], "next": stops[min(index + 1, len(stops) - 1)],
            "last": stops[-1], "part_way": here.event is not None, "step_by": step_by}


def _said(game, event, perspective):
    """An event's sentence as ``perspective`` reads it; one it may not read is not told (the page may ask for any
    moment, also one this view does not step through)."""
    viewer = viewer_of(perspective)
    if perspective == TEACHER or event.visible_to(viewer):
        return for_viewer(event, viewer, game.player_names)
    return "a step of another player's that this view does not show"


def actors(game):
    """Who made each decision of ``game`` so far (replayed once from the start)."""
    replay, out = game.position_at(0), []
    for move in game.history:
        out.append(replay.to_act)
        replay.play(move)
    return out
