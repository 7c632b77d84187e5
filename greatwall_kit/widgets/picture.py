"""``Picture``: a still picture drawn by the boards' front end (``board.js``), such as an exercise's quiz board.

Every exercise form shows one (empty if the exercise has no position), so the front end is loaded in a notebook that
shows only exercises, and a save keeps the state of the forms the notebook shows (``keepStateOnSave`` in
``board.js``): opened again without running anything, a form shows as it was last seen (the question, the student's
answer, the feedback, the quiz board), its inputs disabled, instead of "Error displaying widget: model not found".
"""

import pathlib

import anywidget
import traitlets

from ..engine.errors import GreatWallError, quote

__all__ = ["Picture"]

_HERE = pathlib.Path(__file__).parent
_SAVED = "A saved copy of this exercise: run its cell to answer again."


class Picture(anywidget.AnyWidget):
    """A still SVG picture: nothing in it can be clicked.

    Parameters
    ----------
    svg : str
        The picture ("" for none: the view then shows nothing, except the note of a saved copy).
    label : str
        What the picture shows, for screen readers.

    Examples
    --------
    >>> Picture('<svg width="10" height="10"></svg>', label="The position of the question")
    Picture(label='The position of the question')
    >>> Picture(None)
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: a Picture shows an SVG picture as text, not None
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"
    _board = traitlets.Unicode("").tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)

    def __init__(self, svg: str = "", *, label: str = "Picture") -> None:
        if not isinstance(svg, str) or not isinstance(label, str):
            bad = svg if not isinstance(svg, str) else label
            raise GreatWallError(f"a Picture shows an SVG picture as text, not {quote(bad)}")
        super().__init__(_board=svg, _view={"kind": "picture", "label": label, "saved": _SAVED})

    def __repr__(self) -> str:
        return f"Picture(label={self._view['label']!r})"
