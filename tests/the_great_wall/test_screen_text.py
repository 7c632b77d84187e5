"""What a newcomer reads on The Great Wall's board names every card and shows no Python repr.

The board's text is its synced state as the front end draws it: the picture (each element's drawn text with its
hover title), the private panel, the log, "since your last move", the question asked, and each move button and
board target with its tooltip (the move's text, its rule and what it does). Each of those is one place a student
reads at once; a card's ID (``g4``, ``a20``, ``t06``, ``h21``, ``art1``) may appear there only beside its name.
"""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.the_great_wall import new_game
from greatwall_kit.widgets import Board

SVG = "{http://www.w3.org/2000/svg}"
#: What a Python repr leaves in a text: a quoted item in brackets or braces, a set or tuple of numbers.
REPR = re.compile(r"[\[{(]['\"]|\{\d+(, \d+)*\}|\(\d+, \d+\)|\b(None|True|False)\b|\[\]|\{\}")


def picture_places(svg):
    """Each board element's text and hover title together; any other drawn text on its own."""
    root = ET.fromstring(svg)
    places, inside = [], set()
    for el in root.iter():
        if el.get("data-element"):
            texts = [t for t in el.iter() if t.tag in (SVG + "text", SVG + "title")]
            inside.update(texts)
            places.append(" ".join(t.text or "" for t in texts))
    places += [t.text or "" for t in root.iter() if t.tag == SVG + "text" and t not in inside]
    return places


def board_places(board):
    """Every place of the board's text a student reads at once."""
    view = board._view
    moves = view["buttons"] + [m for ms in view["targets"].values() for m in ms]
    since = view["since"] or {}
    return (picture_places(board._board) + [e[0] for e in board._log]
            + [line for panel in view["private"] for line in panel["lines"]]
            + [" — ".join(filter(None, move)) for move in moves]
            + list(since.get("items", [])) + [view["prompt"] or "", view["status"], view["announce"] or ""])


def unnamed(place, cards):
    """The card IDs in ``place`` written without the card's name."""
    return [i for i in re.findall(r"\b([a-z]+\d+)\b", place) if i in cards and cards[i].name not in place]


def test_the_check_sees_a_bare_id_and_a_repr():
    cards = new_game(players=2, seed=1).cat.cards
    assert unnamed("Crane keeps General g4.", cards) == ["g4"]
    assert not unnamed("Crane keeps General River Warden (g4).", cards)
    assert REPR.search("Tiger loses ['spearman'] to the Breach") and not REPR.search("Tiger loses 1 Spearman")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_boards_text_names_every_card_and_shows_no_repr(players):
    game = new_game(players=players, seed=players)
    cards, rng, seen = game.cat.cards, random.Random(players), 0
    while not game.is_over:
        if len(game.history) % 9 == 0 or rng.random() < 0.03:
            for perspective in (game.to_act, "teacher"):
                board = Board(game, perspective=perspective)
                for place in board_places(board):
                    assert not unnamed(place, cards), (len(game.history), place)
                    assert not REPR.search(place), (len(game.history), place)
                    seen += 1
                board.close()
        game.play(rng.choice(game.legal_moves()))
    board = Board(game, perspective="teacher")  # the end: who won and why
    assert all(not unnamed(p, cards) and not REPR.search(p) for p in board_places(board))
    assert seen > 1000
