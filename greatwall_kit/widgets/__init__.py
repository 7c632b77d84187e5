"""The interactive layer: board views for the kit's games (anywidget; imports no rules, only the protocol).

>>> from greatwall_kit.widgets import Board, Stepper, figure_style, use_projector, use_size
"""

from .board import Board
from .stepper import Stepper
from .style import figure_style, use_projector, use_size

__all__ = ["Board", "Stepper", "figure_style", "use_size", "use_projector"]
