"""Whole numbers in a student's text: a move, an exercise answer, a widget's input.

Python's ``int`` reads more than a student means by a number: other scripts' digits (Arabic-Indic
``'٣'``, full-width ``'３'``), ``'1_000'`` and surrounding spaces. The kit reads only the digits 0-9, and
at most :data:`MAX_DIGITS` of them: past 4,300 digits ``int`` refuses a text with its own plain
``ValueError``, and an error that quoted such a text would fill the screen.
"""

import re

from .errors import GreatWallError, quote

__all__ = ["read_whole", "MAX_DIGITS"]

#: The most digits a whole number in a text may have: far more than any count or place of a game needs.
MAX_DIGITS = 100

_UNSIGNED, _SIGNED = re.compile("[0-9]+"), re.compile("[+-]?[0-9]+")


def read_whole(text, *, signed=False):
    """The whole number ``text`` writes with the digits 0-9 (after a sign if ``signed``).

    Raises :class:`~greatwall_kit.engine.errors.GreatWallError` (a ``ValueError``) quoting the text.

    Examples
    --------
    >>> read_whole("42"), read_whole("-2", signed=True)
    (42, -2)
    >>> read_whole("٣")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: '٣' is not a whole number written with the digits 0-9
    >>> read_whole("four")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: 'four' is not a whole number
    >>> read_whole("7" * 5000)
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.GreatWallError: '77777777777777777777...' has 5,000 digits; a whole number has at ...
    """
    if not isinstance(text, str) or not (_SIGNED if signed else _UNSIGNED).fullmatch(text):
        # say why when the text looks like a number to its writer (another script's digits)
        other_digits = isinstance(text, str) and any(c.isdigit() and not c.isascii() for c in text)
        hint = " written with the digits 0-9" if other_digits else ""
        raise GreatWallError(f"{quote(text)} is not a whole number{hint}")
    digits = len(text.lstrip("+-"))
    if digits > MAX_DIGITS:
        raise GreatWallError(f"{text[:20] + '...'!r} has {digits:,} digits; "
                             f"a whole number has at most {MAX_DIGITS} digits")
    return int(text)
