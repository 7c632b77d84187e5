"""The switches for a session: boards, steppers and matplotlib figures readable at a desk or on a projector.

``use_size("large")`` makes every board and stepper made afterwards start large (text of 18 px or more, a bigger
graph lens) and :func:`figure_style` draw matplotlib figures with large text. ``use_projector()`` (the teacher's
setup cell) opens every board and stepper made afterwards in projector mode: the spectator's view (no player's
secrets), large text, the picture fitted to the notebook's width. A view's *Large text* and *Projector* buttons
change that view and set the session's choice too, so a board made again (a cell run again) opens as last chosen.

>>> use_size("large"); current_size()
'large'
>>> use_projector(); projector_on()
True
>>> use_projector(False); projector_on()
False
>>> use_projector("yes")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: use_projector takes True or False, not 'yes'
>>> with figure_style() as style:
...     import matplotlib
...     matplotlib.rcParams["font.size"], style.labels
(16.0, 16)
>>> use_size("normal"); figure_style().labels
11
"""

import contextlib
from typing import Any

from ..engine.errors import GreatWallError, quote

__all__ = ["SIZES", "use_size", "current_size", "use_projector", "projector_on", "figure_style"]

SIZES = ("normal", "large")
_SIZE = ["normal"]
_PROJECTOR = [False]

#: matplotlib settings per size: points at the usual 100 dpi (11 pt is about 15 px; 16 pt about 22 px).
_RC = {
    "normal": {"font.size": 11, "axes.titlesize": 13, "axes.labelsize": 12, "xtick.labelsize": 11,
               "ytick.labelsize": 11, "legend.fontsize": 11, "figure.titlesize": 14, "lines.linewidth": 1.5},
    "large": {"font.size": 16, "axes.titlesize": 20, "axes.labelsize": 18, "xtick.labelsize": 16,
              "ytick.labelsize": 16, "legend.fontsize": 16, "figure.titlesize": 20, "lines.linewidth": 2.5},
}


def use_size(size):
    """Set the size boards, steppers and figures start with from now on: ``"normal"`` or ``"large"``."""
    _SIZE[0] = checked_size(size)


def current_size():
    """The size set by :func:`use_size` (``"normal"`` until then)."""
    return _SIZE[0]


def use_projector(on=True):
    """Open every board and stepper made from now on in projector mode (``False``: as before).

    Projector mode shows the spectator's view (nothing private of any player is sent to the page), large text, and
    the picture fitted to the width of the notebook; a stepper scrolls the elements a step changes into view.
    """
    if on not in (True, False):
        raise GreatWallError(f"use_projector takes True or False, not {quote(on)}")
    _PROJECTOR[0] = bool(on)


def projector_on():
    """Whether boards and steppers made now open in projector mode (:func:`use_projector`)."""
    return _PROJECTOR[0]


def checked_size(size):
    """``size`` if it is one of :data:`SIZES` (``None``: the current size), else the kit's error."""
    if size is None:
        return _SIZE[0]
    if size not in SIZES:
        raise GreatWallError(f"size is 'normal' or 'large' (projector mode), not {quote(size)}")
    return size


class _Style(contextlib.AbstractContextManager):
    """matplotlib's settings for one size while the ``with`` block runs; ``labels`` is the font size (points) to
    give graph labels, e.g. ``nx.draw(..., font_size=style.labels)`` (networkx does not read matplotlib's)."""

    def __init__(self, size):
        self.size = size
        self.labels = _RC[size]["font.size"]
        self._context: Any = None

    def __enter__(self):
        import matplotlib

        # (matplotlib's stubs spell every setting's name as a Literal)
        self._context = matplotlib.rc_context(_RC[self.size])  # type: ignore[arg-type]
        self._context.__enter__()
        return self

    def __exit__(self, *exc):
        return self._context.__exit__(*exc)


def figure_style(size=None):
    """A ``with`` block in which matplotlib draws text readable at ``size`` (default: :func:`current_size`).

    The notebooks draw every figure inside one, so that ``use_size("large")`` makes them readable from the back
    of a classroom as it does the boards.
    """
    return _Style(checked_size(size))
