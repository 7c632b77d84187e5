"""What every game shares, written once: the protocol, moves, events, rules, errors, saves."""

from .errors import (GreatWallError, IllegalMoveError, LayoutError, NotationError, PositionError,
                     SaveFileError, SetupError)
from .log import Event, EventLog, TemplateEvent
from .moves import Move, Notation
from .legal import LegalMoves
from .protocol import Game, Outcome
from .rules import Rule, RuleBook

__all__ = ["Event", "EventLog", "Game", "GreatWallError", "IllegalMoveError", "LayoutError", "LegalMoves", "Move",
           "Notation", "NotationError", "Outcome", "PositionError", "Rule", "RuleBook", "SaveFileError",
           "SetupError", "TemplateEvent"]
