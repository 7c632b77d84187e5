"""The kit's errors: one shallow hierarchy, every class a ``ValueError``.

A teaching kit explains why an input is refused, so every error carries a
message that quotes the input and, where a game rule is the reason, the rule's
checklist ID in ``.rule``.
"""

__all__ = [
    "GreatWallError",
    "NotationError",
    "IllegalMoveError",
    "SetupError",
    "PositionError",
    "LayoutError",
    "SaveFileError",
]


class GreatWallError(ValueError):
    """Base class of every error the kit raises on bad input."""


class NotationError(GreatWallError):
    """Raised when a text is not a move of the game at all (misspelt, wrong arguments)."""


class IllegalMoveError(GreatWallError):
    """Raised when a well-formed move breaks a rule in the current position.

    Attributes
    ----------
    move : object
        The move (or its text) that was refused.
    rule : str
        The checklist ID of the rule it breaks, e.g. ``"CC-12"``.
    reason : str
        The rule-specific explanation, without the move or rule ID.
    """

    def __init__(self, move, rule, reason):
        self.move = move
        self.rule = rule
        self.reason = reason
        super().__init__(f"{str(move)!r:.80} is illegal: {reason} [{rule}]")  # (a word may be any length)


class SetupError(GreatWallError):
    """Raised when a game is created with a bad player count, seed or option."""


class PositionError(GreatWallError):
    """Raised when a set-up position breaks the rules (too many pieces, a tower beside a tower...).

    ``.rule`` names the rule it breaks where one does, else ``None``.
    """

    def __init__(self, message, rule=None):
        self.rule = rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class LayoutError(GreatWallError):
    """Raised when a board layout file is malformed or describes an impossible board."""


class SaveFileError(GreatWallError):
    """Raised when a saved game document is malformed, tampered with, or from another version."""
