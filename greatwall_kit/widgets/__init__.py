"""The interactive layer: board views for the kit's games (anywidget; imports no rules, only the protocol).

>>> from greatwall_kit.widgets import Board
"""

from .board import Board

__all__ = ["Board"]
