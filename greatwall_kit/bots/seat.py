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

**What is promised, and where it ends.** Nothing a :class:`SeatView` holds leads to the game it was made from:
it is the view's data, the seat, and a world sampled once when the view was made (so even its private attribute
holds a redealt world, never the game's hidden parts); every :meth:`~SeatView.sample` redeals that world again.
A sampled world has no history, no log and no start document, and a seed of its own (the game's seed would
rebuild the real deal): it refuses ``undo``, ``position_at`` and ``to_json`` with the kit's error. So a bot,
the kit's or a student's, learns from its view and its samples only what its seat may know, whatever public
route it tries. One Python process cannot promise more: the real game is in the same memory, and a determined
bot that walks the interpreter's objects (``gc.get_objects()``, the caller's frames with ``sys._getframe``, a
notebook's globals) finds it. A class tournament that must not be cheated runs each bot in a process of its own
(:func:`greatwall_kit.sim.tournament` with ``isolate=True``), which is sent only its seat's view.

Examples
--------
>>> import random
>>> from greatwall_kit import new_game
>>> game = new_game("great_wall_of_china", players=2, seed=3)
>>> view = seat_view(game, 0)
>>> view["viewer"], view["private"]["hand"] == game.view(0)["private"]["hand"]
(0, True)
>>> world = view.sample(random.Random(1))
>>> world.view(0)["public"] == game.view(0)["public"], world.history, world.seed == game.seed
(True, (), False)
>>> world.play("draw") and world.undo()
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: this Great Wall of China world was sampled for a bot: it starts where it was sampled, so it cannot be undone, looked back on or saved (copy it before a move to go back)
"""  # noqa: E501 - doctest output is compared as printed

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from greatwall_kit.engine.protocol import SAMPLED

if TYPE_CHECKING:
    from greatwall_kit.engine.protocol import Game

__all__ = ["SeatView", "seat_view", "sample_world"]


class SeatView(dict):
    """``game.view(seat)`` as a dict, plus :meth:`sample` (worlds consistent with it) and ``seat``.

    It holds no reference to the game it was made from: its samples are drawn from a world already sampled
    when it was made (see the module docstring), so it can also be sent to another process whole (pickled).
    """

    __slots__ = ("seat", "_world")
    seat: int
    _world: Game

    def sample(self, rng):
        """A fresh game consistent with this view, hidden parts drawn with ``rng`` (a ``random.Random``).

        The sample can be played on and copied, but it has no history, log or start document, and a seed of its
        own: it refuses ``undo``, ``position_at`` and ``to_json`` with the kit's error.
        """
        return sample_world(self._world, self.seat, rng)

    def __reduce__(self):
        return _seat_view, (dict(self), self.seat, self._world)


def _seat_view(view, seat, world):
    made = SeatView(view)
    made.seat, made._world = seat, world
    return made


def seat_view(game, seat):
    """The :class:`SeatView` of ``seat`` in ``game``: what a bot in that seat is allowed to use."""
    # Redealt once now, so that nothing the view holds is the game's hidden part; every sample redeals it again,
    # and as the redeal gathers the hidden items in a canonical order, the samples are those of the game itself.
    return _seat_view(game.view(seat), seat, sample_world(game, seat, random.Random(0)))


def sample_world(game, seat, rng):
    """A copy of ``game`` with everything ``seat`` cannot see redrawn with ``rng`` (see the module docstring).

    The copy has no history, log or start document (they may name hidden things: a private draw, a face-down
    tile), and its seed is that of its own new generator, never the game's: the game's seed would rebuild the
    real deal. It cannot be undone, looked back on or saved (see :data:`~greatwall_kit.engine.protocol.SAMPLED`).
    """
    world = game.copy()
    world._log_into([], [])
    world._history, world._start = [], SAMPLED
    world.seed = rng.getrandbits(64)
    world.rng = random.Random(world.seed)  # the future draws are hidden too
    world.determinize(seat, rng)
    world._legal_cache = world._legal_set_cache = None
    return world
