"""Predict, then check: questions whose answers the rules engines compute, with hints, the solution and a record.

An :class:`Exercise` holds a question, the engine's answer, an explanation with the rule that decides it, two hints
and what it asks (:class:`Asks`). A student answers with a function call (``exercise.check(...)``) or in the small
form shown when the exercise is displayed. A wrong answer gets a hint (the rule and the part of the board to look
at), a second wrong answer a narrower hint, a third the solution; the solution is also there on request
(``exercise.show_solution()``, the form's *Show solution*). The answer is never shown before that, so student
notebooks can show the question without the answer.

>>> ex = Exercise("How many villages change side?", 3, explain="Villages 4, 5 and 9 are enclosed.", rule="DK-27",
...               parse=as_int, hints=("Look at the land between the two routes (DK-27).",
...                                    "Count the villages between the old route and the new one."))
>>> print(ex.check("2"))
Not quite: you said 2. Hint 1 of 2: Look at the land between the two routes (DK-27).
>>> print(ex.check("2"))  # the same answer again is not a new try
Not quite: you said 2 again. Hint 1 of 2: Look at the land between the two routes (DK-27).
>>> print(ex.check(4))
Not quite: you said 4. Hint 2 of 2: Count the villages between the old route and the new one.
>>> print(ex.check(5))
Not quite: you said 5. The answer is 3. Villages 4, 5 and 9 are enclosed. [DK-27]
>>> print(ex.check(3))
Right: 3. Villages 4, 5 and 9 are enclosed. [DK-27]
>>> ex.check("three")
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: answer with a whole number, e.g. 3 ('three' is not a whole number)

Every check is recorded in the kernel: :func:`student` names the record (the first cell of an exercise notebook),
:func:`my_results` shows it and stores it in the notebook (the last cell), :func:`grade` turns it into points for
nbgrader, and ``greatwall_kit.classroom.report`` reads a class's saved notebooks.
"""

from .core import ASKS, Asks, Exercise, Feedback, as_choice, as_int, as_int_set, as_text, grade
from .record import MIME, load_results, my_results, student

__all__ = ["Exercise", "Feedback", "Asks", "ASKS", "as_int", "as_int_set", "as_choice", "as_text", "student",
           "my_results", "grade", "load_results", "MIME"]
