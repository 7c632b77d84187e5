"""One naming scheme: whatever a step sentence, log line, move text or refusal names is drawn on the board by that
name, in random games of every player count (see the naming note of ``great_wall_of_china.picture``).

A player is found by the name drawn in their panel, a section by its row's label ``section <n>``, a card by the
title ("card 2 of section 1: Yellow's Gate, ...") of the tile drawn with its number, a token by the title of its
circle or of the card it lies on, a player's turned-up tokens by their panel's title, a kind by the legend. Each
text is looked for on the board right before or right after the moment it describes (a token a claim takes away
is found where it lay).
"""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from greatwall_kit.engine import IllegalMoveError
from greatwall_kit.great_wall_of_china import Claim, Dragon, Play, new_game
from greatwall_kit.great_wall_of_china.cards import NAME
from greatwall_kit.great_wall_of_china.evidence import ClaimToChoose, SectionClaim

NS = "{http://www.w3.org/2000/svg}"
PLAYER = r"\b(Red|Yellow|Green|Blue|Black)\b"
KIND = "(?i:" + "|".join(NAME.values()) + ")"  # any case, so that "Red's wall" is looked for (and not found)


def board(svg):
    """``{element key: its drawn texts, titles and accessible names}``, and ``""``: every text of the picture."""
    found = {"": set()}
    for el in ET.fromstring(svg).iter():
        if el.tag in (NS + "text", NS + "title"):
            found[""].add(el.text or "")
        key = el.get("data-element")
        if key is not None:
            found[key] = {t.text or "" for t in el.iter() if t.tag in (NS + "text", NS + "title")}
            found[key].add(el.get("aria-label") or "")
    return found


def named(text, section=None):
    """What ``text`` names, as ``(element key, what to find in its texts)``; ``section`` is the section a text
    without one is about (a step of a claim)."""
    sections = set(re.findall(r"\bsection (\d+)", text, re.IGNORECASE))
    out = {(name, name) for name in re.findall(PLAYER, text)}
    out |= {(f"section {n}", f"section {n}") for n in sections}
    here = sections.pop() if len(sections) == 1 else section
    if here is not None:
        cards = re.findall(r"\bcard (\d+)", text, re.IGNORECASE)
        cards += [n for group in re.findall(r"\bcards (\d+(?:, \d+)*)", text) for n in group.split(", ")]
        out |= {(f"section {here}", f"card {n} of section {here}:") for n in cards}
        tokens = re.findall(r"\bthe (\d+) token", text) + re.findall(r"\bTokens (\d+) and (\d+)", text)
        tokens += re.findall(r"^Both tokens lie here \((\d+) and (\d+)\)", text)
        out |= {(f"section {here}", f"the {v} token") for group in tokens
                for v in (group if isinstance(group, tuple) else (group,))}
        out |= {(f"section {here}", f"{owner}'s {kind}") for owner, kind in re.findall(rf"{PLAYER}'s ({KIND})\b", text)}
    for owner, added in re.findall(rf"{PLAYER}'s face-down tokens are turned face up: ([^.]+)\.", text):
        out.add((owner, f"{owner}'s face-down tokens: {added}"))
    out |= {("", word) for word in re.findall(r"\b(pool|box)\b", text)}
    return out


def missing(names, *pictures):
    """The names found on none of the pictures (each name on one picture at least, not all on the same)."""
    boards = [board(svg) for svg in pictures]
    return {(key, what) for key, what in names
            if not any(any(what in t for t in b.get(key, ())) for b in boards)}


def random_games():
    for players in (2, 3, 4, 5):
        for seed in (1, 2):
            yield new_game(players=players, seed=seed), random.Random(seed)


def move_names(move):
    """What a move text names: its section, and the card, token or kind it plays."""
    section = f"section {move.section}"
    out = {(section, section)}
    if isinstance(move, Claim):
        out |= {(section, f"the {move.token} token"), (section, f"card {move.card} of {section}:")}
    elif isinstance(move, Dragon):
        out.add((section, f"card {move.card} of {section}:"))
    else:
        out.add(("", NAME[move.kind]))  # the legend spells the kinds out
    return out


def refused(game):
    """A few illegal moves of this position: another player's card or an absent token to claim, a Dragon on a
    card with a token, more cards than held."""
    if game.phase == "claim":
        section = game.sections[game.pending]
        yield from (Claim(section.number, section.pair[0], i + 1) for i, card in enumerate(section.cards)
                    if card.owner != game.turn)
        yield Claim(section.number, 6, 1)
        return
    for section in game.sections:
        yield from (Dragon(section.number, i + 1) for i, card in enumerate(section.cards) if card.token is not None)
    empty = [kind for kind, held in game.hands[game.turn].items() if not held]
    if empty:
        yield Play(1, empty[0], 1)


def test_GW08_GW10_GW11_GW18_every_move_text_and_refusal_names_what_the_board_draws():
    checked = 0
    for game, rng in random_games():
        while not game.is_over:
            svg = game.picture()
            for move in game.legal_moves():
                if type(move).__name__ != "Draw":
                    assert not missing(move_names(move), svg), (str(move), missing(move_names(move), svg))
                    checked += 1
            for move in refused(game):
                with pytest.raises(IllegalMoveError) as refusal:
                    game.play(move)
                reason = str(refusal.value)
                assert not missing(named(reason), svg), (reason, missing(named(reason), svg))
                checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 1000


def test_GW05_to_GW23_every_log_line_names_what_the_board_draws():
    lines = 0
    for game, rng in random_games():
        before = game.picture()
        seen = len(game.log)
        for event in game.log:  # the set-up: the position after it
            assert not missing(named(event.sentence), before), event.sentence
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            after = game.picture()
            for i in range(seen, len(game.log)):
                sentence, lost = game.log[i].sentence, missing(named(game.log[i].sentence), before, after)
                if lost:  # something that came and went within the decision: the moment itself
                    moments = [game.position_at(event=i).picture()]
                    if game.log[i - 1].decision == game.log[i].decision:
                        moments.append(game.position_at(event=i - 1).picture())
                    assert not missing(named(sentence), *moments), (sentence, missing(named(sentence), *moments))
                lines += 1
            before, seen = after, len(game.log)
    assert lines > 500


def test_GW10_to_GW23_every_step_names_what_the_board_draws_before_or_after_it():
    steps = 0
    for game, rng in random_games():
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        for resolved in game.resolutions():
            evidence = resolved.evidence
            section = (evidence.check if isinstance(evidence, ClaimToChoose) else evidence).section \
                if isinstance(evidence, (SectionClaim, ClaimToChoose)) else None
            previous = resolved.before.picture()
            for i, step in enumerate(resolved.steps):
                now = resolved.after(i).picture()
                lost = missing(named(step.sentence, section), previous, now)
                assert not lost, (resolved.title, step.sentence, lost)
                previous, steps = now, steps + 1
    assert steps > 500


def test_the_name_finder_finds_what_is_there_and_misses_what_is_not():
    game = new_game(players=2, seed=0)
    svg = game.picture()
    pair = game.sections[0].pair
    assert not missing(named(f"Tokens {pair[0]} and {pair[1]} are laid face up at section 1."), svg)
    assert missing(named("Red's Wall (card 1) carries the 9 token", 1), svg) == {
        ("section 1", "the 9 token"), ("section 1", "card 1 of section 1:"), ("section 1", "Red's Wall")}
    assert missing(named("section 7 and Blue"), svg) == {("section 7", "section 7"), ("Blue", "Blue")}
