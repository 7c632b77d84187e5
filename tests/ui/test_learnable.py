"""The Great Wall can be learned from its own board: a newcomer's script plays a whole game of notebook 40 in
JupyterLab, choosing only from what the screen says.

The notebook's own set-up cells make its board (two clans, the computer in Tiger's seat). At every decision the
script reads the visible choices: each move button and board target with its tooltip (hovered, as a student would),
and, where a target holds several moves, the choice that opens there. Every choice's tooltip must say what that move
does (the move, its rule, and a sentence that is more than the move's own words), and no two choices of one decision
may say the same. The script picks by the words alone (gains first, Shame last) and never asks the kernel what is
legal; the kernel is asked only whether the game has moved on, and at the end who won. The board's last words say
who won and why. Screenshots at 1366×768 with the file browser open go to ``ui-artifacts/``.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from .helpers import LAPTOP, kernel_json, open_and_run, set_viewport, shot
from .test_boards import _history

pytestmark = pytest.mark.ui

RULE = re.compile(r" — (TGW-\d\d): (.+)$", re.S)
#: What a newcomer reaching for Honor prefers, read from a choice's words (first match wins).
LIKES = ((r"\bgains? \d+ Honor|Honor for|claim", 5), (r"\bgain|Gather|gathers|Take the effect", 4),
         (r"Spearman|Archer|Horseman|Recruit|Raise the wall|Barricade", 3), (r"Place a Clerk|Choose", 2),
         (r"Shame", -3), (r"no more|Play no|Use no|Neither|nothing more|Refuse|no Tactic", -1))

READ_CHOICES = """(board) => {
  const tip = board.querySelector('.gw-tip');
  const read = (el) => { el.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
                         const t = tip.hidden ? '' : tip.textContent; el.dispatchEvent(new MouseEvent('mouseout',
                         {bubbles: true, relatedTarget: document.body})); return t; };
  const out = [];
  for (const b of board.querySelectorAll('.gw-choice:not([hidden]) .gw-move, .gw-buttons .gw-move'))
    if (!b.disabled && b.offsetParent) out.push({kind: 'button', text: b.textContent, tip: read(b)});
  if (!out.some(o => o.kind === 'button' && board.querySelector('.gw-choice:not([hidden])')))
    for (const t of board.querySelectorAll('.gw-picture [data-target]'))
      out.push({kind: 'target', key: t.getAttribute('data-target'), text: t.getAttribute('aria-label'), tip: read(t)});
  return out;
}"""


def _score(tip, rng):
    for words, score in LIKES:
        if re.search(words, tip):
            return score + rng.random()
    return rng.random()


def _says_what_it_does(choice):
    """The choice's tooltip: its move, a rule of the game and a sentence that is more than the move's words."""
    found = RULE.search(choice["tip"])
    assert found, f"{choice['text']!r}: its tooltip names no rule: {choice['tip']!r}"
    sentence = found.group(2).strip()
    assert len(sentence.split()) >= 3 and sentence.lower() != choice["text"].lower(), choice
    return sentence


def test_a_newcomer_plays_notebook_40_from_the_screen_alone(lab_page, lab_server, record_ui_timing, notebooks_dir):
    page = lab_page
    set_viewport(page, LAPTOP, file_browser=True)
    cells = json.loads((notebooks_dir / "40-the-great-wall-play.ipynb").read_text())["cells"]
    setup = [c for c in cells if c["cell_type"] == "code" and "Board(" in "".join(c["source"])]
    first = next(c for c in cells if c["cell_type"] == "code")
    path = open_and_run(page, lab_server, record_ui_timing, "learnable-40.ipynb",
                        ["".join(first["source"]), "".join(setup[0]["source"])])
    board = page.locator(".gw-board").first
    handle = board.element_handle()
    rng, decisions = random.Random(40), 0
    while True:
        status = board.locator(".gw-status").inner_text()
        if "game over" in status:
            break
        choices = page.evaluate(READ_CHOICES, handle)
        if not choices:  # the computer's turn, or the board redrawing: wait for it
            page.wait_for_timeout(100)
            continue
        sentences = [_says_what_it_does(c) for c in choices]
        assert len(set(zip((c["text"] for c in choices), sentences, strict=False))) == len(choices), choices
        assert len(set(sentences)) == len(sentences), f"two choices say the same: {sorted(sentences)}"
        pick = max(choices, key=lambda c: _score(c["tip"], rng))
        before = len(_history(page, path))
        if pick["kind"] == "button":
            board.locator(".gw-move", has_text=re.compile(f"^{re.escape(pick['text'])}$")).first.click()
        else:
            target = board.locator(f'.gw-picture [data-target="{pick["key"]}"]')
            target.evaluate("el => el.scrollIntoView({block: 'center'})")
            target.click()
            if "choose one of" in pick["text"]:
                board.locator(".gw-choice").wait_for(state="visible")
                continue  # the choice opened at the target: read it as the next set of choices
        for _ in range(100):  # until the game has moved on (the kernel is asked only that)
            if len(_history(page, path)) > before:
                break
            page.wait_for_timeout(50)
        # and until the board shows it: choices read from the board before it redraws are gone when clicked
        board.locator(f'.gw-slider[max="{len(_history(page, path))}"]').wait_for(state="attached")
        decisions += 1
        if decisions in (1, 12):  # the choices and their tooltip; the wall with its Horde cards
            if decisions == 12:
                board.locator(".gw-picture").evaluate("el => el.scrollIntoView({block: 'start'})")
            shot(page, f"learnable-40-decision-{decisions}.png")
        assert decisions < 400, "the game did not end"
    shot(page, "learnable-40-game-over.png")
    words = board.locator(".gw-since").inner_text() + board.locator(".gw-log").inner_text()
    winner = kernel_json(page, path, "game.player_names[game.winners()[0]]")
    assert re.search(rf"{winner} wins: (the most Honor|tied with)", words), words[-600:]
    assert decisions > 20
