"""Predict, then check: questions whose answers the rules engines compute, with feedback that cites the rule.

An :class:`Exercise` holds a question, the engine's answer and an explanation. A student answers with a function
call (``exercise.check(...)``) or in the small form shown when the exercise is displayed; the feedback says whether
the prediction was right and explains the right answer with its rule. The answer is never printed unless asked for
(``exercise.solution()``), so student notebooks can show the question without the answer.

>>> ex = Exercise("How many villages change side?", 3, explain="Villages 4, 5 and 9 are enclosed.", rule="DK-27",
...               parse=as_int)
>>> print(ex.check("2"))
Not quite: you said 2. Villages 4, 5 and 9 are enclosed. [DK-27]
>>> print(ex.check(3))
Right: 3. Villages 4, 5 and 9 are enclosed. [DK-27]
>>> ex.check("three")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: answer with a whole number, e.g. 3 ('three' is not a whole number)
"""

from .core import Exercise, Feedback, as_choice, as_int, as_int_set, as_text

__all__ = ["Exercise", "Feedback", "as_int", "as_int_set", "as_choice", "as_text"]
