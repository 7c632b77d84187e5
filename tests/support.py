"""Checks every game's tests share."""

import pytest

from greatwall_kit.engine import IllegalMoveError


def refused(game, move, rule):
    """Play an illegal ``move`` (a move or its text) and check what the protocol promises.

    It is refused under ``rule``, the message quotes the move, and nothing changed: snapshot, history and log.
    Returns the error, whose ``.reason`` tests can read.
    """
    before, history, log = game.snapshot(), game.history, list(game.log)
    with pytest.raises(IllegalMoveError) as err:
        game.play(move)
    assert err.value.rule == rule, str(err.value)
    assert repr(str(move)) in str(err.value)
    assert game.snapshot() == before and game.history == history and game.log == log
    assert move not in game.legal_moves()
    return err.value
