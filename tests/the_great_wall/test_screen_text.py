"""What a newcomer reads on The Great Wall's board names every card and shows no Python repr.

The board's text is its synced state as the front end draws it: the picture (each drawn text on its own, and each
element's hover title), the private panel, the log, "since your last move", the question asked, and each move button
and board target (the words it shows) with its tooltip (those words, the move's rule and what it does). Each of those
is one place a student reads at once; a card's ID (``g4``, ``a20``, ``t06``, ``h21``, ``art1``) may appear there only
beside its name, and the picture cuts no text short with "…" (a clan's cards are listed in full, wrapped).
"""

import copy
import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.steps import summary_of
from greatwall_kit.exercises.the_great_wall import (
    breach,
    defeat_claimant,
    defeat_honor,
    defense,
    final_honor,
    losses,
    shamed,
)
from greatwall_kit.the_great_wall import Breach, Defeat, load_catalog, new_game
from greatwall_kit.widgets import Board, Stepper

SVG = "{http://www.w3.org/2000/svg}"
#: What a Python repr leaves in a text: a quoted item in brackets or braces, a set or tuple of numbers.
REPR = re.compile(r"[\[{(]['\"]|\{\d+(, \d+)*\}|\(\d+, \d+\)|\b(None|True|False)\b|\[\]|\{\}")


def picture_places(svg):
    """Each text the picture draws on its own (a student reads it without hovering), and each board element's hover
    title (read on hover, with the element's drawn texts beside it)."""
    root = ET.fromstring(svg)
    places = [t.text or "" for t in root.iter() if t.tag == SVG + "text"]
    for el in root.iter():
        if el.get("data-element"):
            texts = [t for t in el.iter() if t.tag in (SVG + "text", SVG + "title")]
            if any(t.tag == SVG + "title" for t in texts):
                places.append(" ".join(t.text or "" for t in texts))
    return places


def board_places(board):
    """Every place of the board's text a student reads at once."""
    view = board._view
    moves = view["buttons"] + [m for ms in view["targets"].values() for m in ms]
    since = view["since"] or {}
    return (picture_places(board._board) + [e[0] for e in board._log]
            + [line for panel in view["private"] for line in panel["lines"]]
            + [label for _text, _rule, _what, label in moves]  # a move's button (or the aria-label of its target)
            + [f"{label} — {rule}: {what}" for _text, rule, what, label in moves]  # and its tooltip
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
                cut = [t for t in picture_places(board._board) if "…" in t]  # a list of cards cut short, a name cut
                assert not cut, (len(game.history), cut)
                for place in board_places(board):
                    assert not unnamed(place, cards), (len(game.history), place)
                    assert not REPR.search(place), (len(game.history), place)
                    seen += 1
                board.close()
        game.play(rng.choice(game.legal_moves()))
    board = Board(game, perspective="teacher")  # the end: who won and why
    assert all(not unnamed(p, cards) and not REPR.search(p) for p in board_places(board))
    assert seen > 1000


def stepper_and_exercise_places(game):
    """Every text the Stepper shows of each of ``game``'s resolutions (its title, each step, what to predict), and
    every text of the exercises asked on the position before it (question, choices, hints, explanation, feedback)."""
    names = game.player_names[:game.players]
    for r in game.resolutions():
        yield r.title
        yield from (step.sentence for step in r.steps)
        yield from (template.format(value) for template, value in summary_of(r.evidence).items())
        before, ev = game.position_at(event=r.start), r.evidence
        if isinstance(ev, Breach):
            asked = [defense(before, ev.section), breach(before, ev.section), shamed(before, ev.section),
                     *(losses(before, ev.section, p) for p in range(game.players))]
        elif isinstance(ev, Defeat):
            asked = [defeat_claimant(before, ev.card), *(defeat_honor(before, ev.card, p) for p in range(game.players))]
        else:
            asked = []
        for exercise in asked:
            yield from (exercise.question, *exercise.hints, exercise.explain, *(exercise.choices or ()),
                        str(wrong_answer(exercise, names)), str(exercise.show_solution()))
    if game.is_over:
        for p in range(game.players):
            exercise = final_honor(game, p)
            yield from (exercise.question, *exercise.hints, exercise.explain, str(exercise.show_solution()))


def wrong_answer(exercise, names):
    """The feedback on the first wrong answer the exercise's form accepts."""
    for guess in ("yes", "no", *names, "nobody", "none", 0, 99):
        try:
            feedback = exercise.check(guess)
        except GreatWallError:  # not an answer this form takes
            continue
        if not feedback.correct:
            return feedback
    raise AssertionError(exercise.question)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_steppers_and_exercises_texts_name_every_card_and_show_no_repr(players):
    game = new_game(players=players, seed=10 + players)
    rng = random.Random(players)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    cards, seen = game.cat.cards, set()
    for place in stepper_and_exercise_places(game):
        assert not unnamed(place, cards), place
        assert not REPR.search(place), place
        seen.update(re.findall(r"\bh\d+\b", place))
    assert len(seen) > 3  # the texts did name Horde cards (each beside its name)


def test_the_steps_name_the_cards_of_the_games_own_data_set():
    raw = copy.deepcopy(load_catalog().raw)
    for card in raw["horde"]:
        card["name"] = f"Own {card['name']}"
    game, rng = new_game(players=2, seed=5, data=raw), random.Random(5)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    texts = [step.sentence for r in game.resolutions() for step in r.steps]
    assert sum("Own " in t for t in texts) > 10
    assert not [t for t in texts if unnamed(t, game.cat.cards)]


def test_the_steppers_what_if_names_every_card():
    """A Stepper's "What if, instead of ..." names the decision played and each other choice as the move buttons do
    (``shame h21`` reads ``Shame on Iron Lancers (h21)``); the engine still gets the move's text."""
    game, rng = new_game(players=3, seed=1), random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    cards, seen = game.cat.cards, 0
    for number, resolved in enumerate(game.resolutions()):
        before = game.position_at(resolved.decision - 1) if resolved.decision else None
        if before is None or not any(re.search(r"\b[a-z]+\d+\b", str(m)) for m in before.legal_moves()):
            continue  # (no card in the choices here)
        stepper = Stepper(game, resolution=number, lens=False)
        asked = stepper._view["what_if"]
        for place in [asked["played"], *(label for _, label in asked["moves"])]:
            assert not unnamed(place, cards) and not REPR.search(place), (number, place)
            seen += 1
        assert [text for text, _ in asked["moves"]] == [str(m) for m in before.legal_moves()][:400]
        stepper.close()
        if seen > 40:
            break
    assert seen > 10, seen
