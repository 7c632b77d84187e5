"""What a bot is handed: the view of its seat, and sampled worlds consistent with that view.

A bot never holds the game. :func:`seat_view` gives it ``game.view(seat)`` as a :class:`SeatView`
(a plain dict, JSON-able like any view) that can also :meth:`~SeatView.sample` a *determinization*:
a game in which everything the seat sees is as in the view, and everything it cannot see (other
players' hands, face-down tiles and tokens, the order of decks and pools, the random generator)
is drawn afresh. Each game supplies the drawing as its contract's hook
:meth:`~greatwall_kit.engine.protocol.Game.determinize` ``(seat, rng)`` (the kit's games in their
``hidden`` modules), which redeals the hidden parts of a copy in place; it gathers the hidden items
in a canonical (sorted) order before shuffling, so two games that differ only in what the seat
cannot see give the very same sample for the same ``rng``.

Examples
--------
>>> import random
>>> from greatwall_kit import new_game
>>> game = new_game("great_wall_of_china", players=2, seed=3)
>>> view = seat_view(game, 0)
>>> view["viewer"], view["private"]["hand"] == game.view(0)["private"]["hand"]
(0, True)
>>> world = view.sample(random.Random(1))
>>> world.view(0)["public"] == game.view(0)["public"], world.history
(True, ())
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from greatwall_kit.engine.protocol import Game

__all__ = ["SeatView", "seat_view", "sample_world"]


class SeatView(dict):
    """``game.view(seat)`` as a dict, plus :meth:`sample` (worlds consistent with it) and ``seat``."""

    __slots__ = ("seat", "_sampler")
    seat: int
    _sampler: Callable[[random.Random], Game]

    def sample(self, rng):
        """A fresh game consistent with this view, hidden parts drawn with ``rng`` (a ``random.Random``).

        The sample can be played on (and copied) but not undone: it has no history or log.
        """
        return self._sampler(rng)


def seat_view(game, seat):
    """The :class:`SeatView` of ``seat`` in ``game``: what a bot in that seat is allowed to use."""
    view = SeatView(game.view(seat))
    view.seat = seat
    view._sampler = lambda rng: sample_world(game, seat, rng)
    return view


def sample_world(game, seat, rng):
    """A copy of ``game`` with everything ``seat`` cannot see redrawn with ``rng`` (see the module docstring)."""
    world = game.copy()
    # The log, the moves and a start document may name hidden things (a private draw, a face-down tile).
    world._events, world._history, world._start = [], [], None
    world.rng = random.Random(rng.getrandbits(64))  # the future draws are hidden too
    world.determinize(seat, rng)
    world._legal_cache = world._legal_set_cache = None
    return world
