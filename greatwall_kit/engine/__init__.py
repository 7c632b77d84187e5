"""What every game shares, written once: the protocol, the agenda, moves, events, rules, errors, saves."""

from . import checks  # noqa: F401  (the debug mode's checks, on if the environment asks: see its docstring)
from .agenda import AgendaGame
from .errors import (
    DefinitionError,
    GreatWallError,
    IllegalMoveError,
    LayoutError,
    NotationError,
    PositionError,
    SaveFileError,
    SetupError,
)
from .legal import LegalMoves
from .log import Event, EventKind, EventLog
from .moves import Interned, Move, Notation
from .protocol import Game, Outcome
from .rules import Rule, RuleBook

__all__ = ["AgendaGame", "DefinitionError", "Event", "EventKind", "EventLog", "Game", "GreatWallError",
           "IllegalMoveError", "Interned", "LayoutError", "LegalMoves", "Move", "Notation", "NotationError", "Outcome",
           "PositionError", "Rule", "RuleBook", "SaveFileError", "SetupError"]
