"""Colours and letters every picture and view shares, chosen to be told apart by everyone.

Player colours are the Okabe–Ito palette (distinct for the common colour-vision deficiencies), and every
player also has a letter, so no information is carried by colour alone. ``INK`` is the text colour with
at least 4.5:1 contrast on each fill.

>>> PLAYER["red"], INK["red"], LETTER["red"]
('#D55E00', '#000000', 'R')
>>> player_style("Blue")
('#0072B2', '#FFFFFF', 'B')
"""

__all__ = ["PLAYER", "INK", "LETTER", "HIGHLIGHT", "TARGET", "player_style"]

#: Fill colour of each player colour the games use (Okabe–Ito).
PLAYER = {
    "red": "#D55E00",      # vermillion
    "green": "#009E73",    # bluish green
    "blue": "#0072B2",     # blue
    "violet": "#CC79A7",   # reddish purple
    "yellow": "#F0E442",   # yellow
    "orange": "#E69F00",   # orange
    "neutral": "#999999",
}
#: Text colour to write on each fill (black, except white on blue).
INK = {name: "#FFFFFF" if name == "blue" else "#000000" for name in PLAYER}
#: The letter that names each colour beside (or instead of) the colour itself.
LETTER = {"red": "R", "green": "G", "blue": "B", "violet": "V", "yellow": "Y", "orange": "O", "neutral": "N"}
#: Outline of a highlighted element (a rule step's pieces, a selected node): black on light boards.
HIGHLIGHT = "#000000"
#: Outline of a clickable target.
TARGET = "#56B4E9"  # sky blue


def player_style(colour):
    """``(fill, ink, letter)`` for a colour name such as ``"red"`` or ``"Red"``."""
    key = colour.lower()
    return PLAYER[key], INK[key], LETTER[key]
