"""The legal moves of the player to act: a read-only list that its game keeps current.

``game.legal_moves()`` returns the same :class:`LegalMoves` every time, and the game refills it in
place after every decision and undo, so it always answers for the current position (like
``dict.keys()``). It is a real ``list``: ``len``, ``[i]``, iteration and ``==`` run at list speed,
which a random playout (``rng.choice(game.legal_moves())``) uses at every decision. It refers to its
game only weakly: the game refers to it, and a reference cycle would leave every finished game
for the garbage collector to find.

>>> from greatwall_kit import new_game
>>> game = new_game("great_wall_of_china", seed=1)
>>> legal = game.legal_moves()
>>> len(legal), legal[0] in legal, str(legal[0]) in legal, "no such move" in legal
(11, True, True, False)
>>> _ = game.play(legal[0])
>>> legal is game.legal_moves(), len(legal)
(True, 9)
>>> legal.append(legal[0])
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: the legal moves are read-only: the game keeps them current (list(moves) is a copy to change)
"""  # noqa: E501 - doctest output is compared as printed

import weakref

from .errors import GreatWallError
from .moves import Move

__all__ = ["LegalMoves"]


class LegalMoves(list):
    """The legal moves of ``game``'s player to act, kept current by the game (see the module docstring).

    ``in`` also takes a move's text. ``list(moves)`` and ``copy.copy(moves)`` are plain lists that
    stay as they are.
    """

    __slots__ = ("_game",)

    def __init__(self, game):
        super().__init__(game._legal_list())
        self._game = weakref.ref(game)

    def __contains__(self, move):
        if isinstance(move, str):
            game = self._game()
            if game is None:  # the game is gone, and with it what a text may mean beyond the move's own text
                return any(str(listed) == move for listed in self)
            try:
                move = game.parse_move(move)
            except ValueError:
                return False
        elif not isinstance(move, Move):  # a list or dict is no move
            return False
        return list.__contains__(self, move)

    def __repr__(self):
        game = self._game()
        shown = ", ".join(str(m) for m in self[:8])
        more = f", ... ({len(self)} in all)" if len(self) > 8 else ""
        who = "" if game is None else f" for player {game.to_act}"
        return f"<LegalMoves{who}: {shown}{more}>"

    def __reduce__(self):
        return list, (list(self),)

    def _refuse(self, *args, **kwargs):
        raise GreatWallError("the legal moves are read-only: the game keeps them current "
                             "(list(moves) is a copy to change)")

    # the game refills the list with list.clear and list.extend themselves (see Game.play)
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
