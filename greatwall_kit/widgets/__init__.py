"""The interactive layer: board views for the kit's games (anywidget; imports no rules, only the protocol).

>>> from greatwall_kit.widgets import Board, Stepper
"""

from .board import Board
from .stepper import Stepper

__all__ = ["Board", "Stepper"]
