"""The kit's errors: one shallow hierarchy, every class a ``ValueError``.

A teaching kit explains why an input is refused, so every error carries a
message that quotes the input and, where a game rule is the reason, the rule's
checklist ID in ``.rule``. A mistake in a game's own code (:class:`DefinitionError`) is refused where it is
made, with the fix in its message.
"""

__all__ = [
    "GreatWallError",
    "NotationError",
    "IllegalMoveError",
    "SetupError",
    "PositionError",
    "LayoutError",
    "SaveFileError",
    "DefinitionError",
    "quote",
    "unwritable",
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

    def __init__(self, move: object, rule: str, reason: str) -> None:
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

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class LayoutError(GreatWallError):
    """Raised when a board layout file is malformed or describes an impossible board."""


class SaveFileError(GreatWallError):
    """Raised when a saved game document is malformed, tampered with, or from another version."""


class DefinitionError(GreatWallError, TypeError):
    """Raised when a game's own code is wrong: declared so (a game class without ``Options``, a move field of a type
    the notation cannot read), or run so (a job or decision with no method, an event recorded with the wrong
    values, a decision asked while another waits). Also a ``TypeError``, as Python's own errors of a class are."""


def quote(value: object, width: int = 80) -> str:
    """``repr(value)`` cut to ``width`` characters: how a message quotes a person's input, however large.

    Python writes no whole number of over 4,300 digits (nor any value holding one): such a value is
    described instead, so the kit's error is raised rather than Python's.

    >>> quote("place 4"), quote("x" * 100, width=12)
    ("'place 4'", "'xxxxxxxx...")
    >>> quote(10 ** 5000), quote([10 ** 5000])
    ('<a whole number of about 5,001 digits>', '<a list too large to write out>')
    """
    try:
        text = repr(value)
    except ValueError:
        if isinstance(value, int):
            return f"<a whole number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits>"
        return f"<a {type(value).__name__} too large to write out>"
    return text if len(text) <= width else text[:width - 3] + "..."


def unwritable(exc: BaseException) -> bool:
    """Whether ``exc`` is Python refusing to write out a whole number of over 4,300 digits (a plain ``ValueError``).

    >>> try:
    ...     str(10 ** 5000)
    ... except ValueError as exc:
    ...     unwritable(exc)
    True
    """
    return type(exc) is ValueError and "integer string conversion" in str(exc)
