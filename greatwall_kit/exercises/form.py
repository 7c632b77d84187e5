"""The answer form of an exercise (ipywidgets): question, answer box, *Check*, *Show solution*, feedback.

Right, a hint and the solution differ in colour (Okabe-Ito bluish green, vermillion, blue on light backgrounds, text
in near-black for contrast) and equally in icon and words, so they read the same without colour: "✔ Right", "✘ Not
quite ... Hint 1 of 2", "ℹ Solution". The feedback line is a live region, so a screen reader announces it.
"""

from html import escape

from .. import rules as _rules
from ..engine.errors import GreatWallError
from ..widgets.picture import Picture

_STYLE = {  # kind: (icon, word, border colour, background)
    "right": ("✔", "Right", "#009E73", "#E3F4EE"),
    "hint": ("✘", "Not quite", "#D55E00", "#FBEBDD"),
    "solution": ("ℹ", "Solution", "#0072B2", "#E1EEF7"),
    "note": ("?", "Check your answer", "#6B6B6B", "#EFEFEF"),
}


def feedback_html(kind, text):
    """The feedback line: a box with a coloured left border, an icon and a leading word, then ``text``."""
    icon, word, border, background = _STYLE[kind]
    return (f'<div class="gw-feedback gw-feedback-{kind}" role="status" aria-live="polite" style="border-left: 6px '
            f'solid {border}; background: {background}; color: #1A1A1A; padding: 6px 10px; margin: 4px 0; '
            f'border-radius: 3px;"><span aria-hidden="true" style="font-weight: bold; color: {border}; '
            f'margin-right: 6px;">{icon}</span><b>{word}:</b> {escape(text)}</div>')


def render(feedback):
    """The HTML of a :class:`~greatwall_kit.exercises.Feedback` in the form."""
    rule = f" [{feedback.rule}: {_rules.get(feedback.rule).text}]" if feedback.rule else ""
    again = " again" if feedback.repeated else ""
    if feedback.correct and feedback.shown == "solution":
        return feedback_html("solution", f"{feedback.answer}. {feedback.explain}{rule}")
    if feedback.correct:
        return feedback_html("right", f"{feedback.said}. {feedback.explain}{rule}")
    if feedback.hint is not None:
        return feedback_html("hint", f"you said {feedback.said}{again}. Hint {feedback.shown[-1]} of 2: "
                                     f"{feedback.hint} Try again.")
    return (feedback_html("hint", f"you said {feedback.said}{again}.")
            + feedback_html("solution", f"{feedback.answer}. {feedback.explain}{rule}"))


def at_work_html(rule):
    """The live example of ``rule`` as the form shows it (or why it has none)."""
    try:
        return _rules.example(rule)._repr_html_()
    except GreatWallError as missing:
        return f"<p>{escape(str(missing))}</p>"


def static_html(exercise):
    """What a notebook saved with the exercise shows before its cell runs: the question above the quiz board (a
    stored picture alone would not say what is asked)."""
    board = exercise.picture() if exercise.position is not None else ""
    return f'<div class="gw-exercise-static"><p><b>{escape(exercise.question)}</b></p>{board}</div>'


def make_form(exercise):
    import ipywidgets as w

    if exercise.choices:
        box = w.Dropdown(options=exercise.choices, value=None, description="Answer")
    else:
        box = w.Text(placeholder="your prediction", description="Answer")
    check = w.Button(description="Check", button_style="primary", tooltip="Check your answer")
    solve = w.Button(description="Show solution", tooltip="Show the answer and why (recorded as seen)")
    out = w.HTML(value="")
    # the rule the feedback names, one click (or Enter) from its live example, drawn only when asked for
    at_work = w.Button(layout=w.Layout(display="none", width="auto", align_self="flex-start"))
    example = w.HTML(value="")

    def show_rule(rule):
        at_work.layout.display = "" if rule else "none"
        at_work.description = f"{rule}: see this rule at work" if rule else ""
        at_work.tooltip = f"Show the live example of {rule} under the feedback" if rule else ""
        example.value = ""

    def on_check(_):
        if box.value is None or (isinstance(box.value, str) and not box.value.strip()):
            out.value = feedback_html("note", "pick or type an answer first.")
            return
        try:
            feedback = exercise.check(box.value)
        except GreatWallError as exc:
            out.value = feedback_html("note", str(exc))
            return
        out.value = render(feedback)
        show_rule(feedback.rule)  # (None while the solution is hidden)

    def on_solve(_):
        feedback = exercise.show_solution()
        out.value = render(feedback)
        show_rule(feedback.rule)

    def on_at_work(_):
        rule = at_work.description.split(":")[0]
        if example.value:  # a second press hides it again
            example.value = ""
            at_work.description = f"{rule}: see this rule at work"
            return
        example.value = at_work_html(rule)
        at_work.description = f"{rule}: hide the example"

    check.on_click(on_check)
    solve.on_click(on_solve)
    at_work.on_click(on_at_work)
    # the question, the answer and its feedback above the board: on a laptop the feedback of *Check* stays on the
    # screen the student pressed it on, however tall the board (as the Board widget keeps its bar above the board).
    # The board is a Picture even without a position: drawn by the boards' front end, which keeps the form in the
    # notebook when it is saved (reopened without a kernel it shows as last seen, not "model not found").
    board = Picture(exercise.picture() if exercise.position is not None else "", label="The position of the question")
    form = w.VBox([w.HTML(value=f"<b>{escape(exercise.question)}</b>"), w.HBox([box, check, solve]), out, at_work,
                   example, board])
    form.add_class("gw-exercise")
    return form
