"""One naming scheme: every board element a log line, a rule step, a move text or a refusal names is findable on the
board by that same name, as a drawn label or a hover title (``<title>``, or a target's ``aria-label``).

The names checked: sections (``section 1``), Horde cards (``h03``), Vital spots (``spot 2 of h03``), rows
(``row 1``), Locations (``Lumber camp`` in sentences, ``lumber_camp`` in move texts), Artifacts (``art1``), clans,
slots of the Command and Time tracks (``slot 2``) and the Shame pool. Cards in hands (Generals, Advisors, Tactics,
Command cards) are no board elements, and private events are left out (only their player sees them); a Raid's card
never enters the board (it goes straight to the discard pile).
"""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine.errors import IllegalMoveError
from greatwall_kit.the_great_wall import (
    Activate,
    Archer,
    Build,
    Buy,
    Clerk,
    Fire,
    Horseman,
    Shame,
    Slot,
    Spearman,
    Upgrade,
    new_game,
)

SVG = "{http://www.w3.org/2000/svg}"


class Board:
    """The names a picture shows: per element, its drawn text and hover title; and all its text."""

    def __init__(self, svg):
        root = ET.fromstring(svg)
        self.elements = {}
        for el in root.iter():
            key = el.get("data-element")
            if key:
                words = [t.text or "" for t in el.iter() if t.tag in (SVG + "text", SVG + "title")]
                self.elements[key] = " ".join(words + [el.get("aria-label") or ""])
        self.text = " ".join(t.text or "" for t in root.iter() if t.tag in (SVG + "text", SVG + "title"))

    def shows(self, key, name):
        return key in self.elements and re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", self.elements[key], re.I)


def missing(sentence, boards, game):
    """The names in ``sentence`` that none of ``boards`` shows (on the element they name)."""
    out = []

    def need(found, name):
        if not any(found(b) for b in boards):
            out.append(name)

    for n in re.findall(r"\bsection (\d+)", sentence, re.I):
        need(lambda b, n=n: b.shows(f"section:{n}", f"Section {n}"), f"section {n}")
    for first, second, card in re.findall(r"\bspots? (\d+)(?: and (\d+))? of (?:[A-Z][\w' ]* \()?(h\d+)", sentence):
        for n in filter(None, (first, second)):
            need(lambda b, n=n, card=card: b.shows(f"spot:{card}:{n}", f"spot {n} of {card}")
                 and b.shows(f"spot:{card}:{n}", n), f"spot {n} of {card}")
    for card, n in re.findall(r"\b(h\d+) \(spot (\d+)\)", sentence):
        need(lambda b, n=n, card=card: b.shows(f"spot:{card}:{n}", n), f"spot {n} of {card}")
    for card in set(re.findall(r"\b(h\d+)\b", sentence)):
        need(lambda b, card=card: b.shows(f"card:{card}", card), card)
    for n in re.findall(r"\brow (\d+)", sentence):
        need(lambda b, n=n: re.search(rf"\brow {n}\b", b.text), f"row {n}")
    for loc, place in game.cat.place.items():
        if re.search(rf"\b{re.escape(place)}\b", sentence):
            need(lambda b, loc=loc, place=place: b.shows(f"location:{loc}", place), place)
        if re.search(rf"\b{loc}\b", sentence):
            need(lambda b, loc=loc: b.shows(f"location:{loc}", loc), loc)
    for art in re.findall(r"\b(art\d+)\b", sentence):
        need(lambda b, art=art: b.shows(f"artifact:{art}", art) or re.search(rf"\b{art}\b", b.text), art)
    for p, name in enumerate(game.player_names):
        if re.search(rf"\b{name}\b", sentence):
            need(lambda b, p=p, name=name: b.shows(f"clan:{p}", name), name)
    for n in re.findall(r"\bslot (\d+)", sentence):
        need(lambda b, n=n: any(re.search(rf"\bslot {n}\b", words) for key, words in b.elements.items()
                                if key.startswith(("track:", "time:"))), f"slot {n}")
    if "Shame pool" in sentence:
        need(lambda b: b.shows("shame_pool", "Shame pool"), "Shame pool")
    return out


def move_names(game, move, board):
    """The names of a board move's fields that its element (``game.move_element``) does not show."""
    key = game.move_element(move)
    if key is None:
        return []
    wanted = {Slot: lambda m: [f"slot {m.slot}"], Clerk: lambda m: [m.location], Activate: lambda m: [m.location],
              Spearman: lambda m: [f"spot {m.spot} of"], Horseman: lambda m: [f"spot {m.spot} of"],
              Archer: lambda m: [f"spot {m.spot} of"], Fire: lambda m: [f"spot {m.spot} of"],
              Build: lambda m: [f"section {m.section}"], Buy: lambda m: [m.artifact],
              Shame: lambda m: [m.target if m.target != "soldier" else game.player_names[game.to_act]],
              Upgrade: lambda m: [game.cat.place[game.prompt[2]["location"]]]}[type(move)](move)
    gone = [name for name in wanted if not board.shows(key, name)]
    if isinstance(move, (Spearman, Horseman, Archer)) and not board.shows(f"section:{move.section}",
                                                                          f"Section {move.section}"):
        gone.append(f"section {move.section}")
    if isinstance(move, (Horseman, Archer, Fire)) and not board.shows(f"card:{key.split(':')[1]}", f"row {move.row}"):
        gone.append(f"row {move.row}")
    return gone


def _tries(game):
    """A few moves that name board elements, for refusals: a Clerk at each Location, a shot, a Spearman."""
    return [Clerk(loc) for loc in game.cat.place] + [Fire(0, 0), Spearman(0, 1), Slot(0), Build("wall", 0)]


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2), (2, 3), (3, 4), (4, 5)])
def test_TGW01_every_name_in_the_log_moves_steps_and_refusals_is_on_the_board(players, seed):
    game, rng = new_game(players=players, seed=seed), random.Random(seed)
    board, checked, refusals = Board(game.picture()), 0, 0
    while not game.is_over:
        for move in game.legal_moves():
            assert not move_names(game, move, board), (str(move), move_names(game, move, board))
        for move in rng.sample(_tries(game), 2):
            try:
                game.copy().play(move)
            except IllegalMoveError as refused:
                refusals += 1
                assert not missing(str(refused), [board], game), (str(refused), missing(str(refused), [board], game))
        seen = len(game.log)
        game.play(rng.choice(game.legal_moves()))
        after = Board(game.picture())
        for event in game.log[seen:]:
            if event.private_to is not None or event.rule == "TGW-46":
                continue
            checked += 1
            assert not missing(event.sentence, [board, after], game), (event.sentence,
                                                                      missing(event.sentence, [board, after], game))
        board = after
    steps = 0
    for resolved in game.resolutions():
        before = Board(resolved.before.picture())
        for step in resolved.steps:
            after = Board(step.after.picture())
            steps += 1
            assert not missing(step.sentence, [before, after], game), (resolved.title, str(step),
                                                                      missing(step.sentence, [before, after], game))
            before = after
    assert checked > 100 and steps > 10 and refusals > 10


def test_TGW01_the_check_sees_a_name_the_board_does_not_show():
    game = new_game(players=2, seed=1)
    board = Board(game.picture())
    assert missing("Crane places a Clerk at Lumber camp in section 1.", [board], game) == []
    assert missing("Spot 9 of h77 in section 5, at Salt marsh (salt_marsh): slot 9.", [board], game) == [
        "section 5", "h77", "slot 9"]
    assert missing("Crane places a Clerk at lumber_camp.", [Board(game.picture().replace("lumber_camp", "?"))],
                   game) == ["lumber_camp"]
