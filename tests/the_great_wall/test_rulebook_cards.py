"""A newcomer's test: the rulebook notebook alone names every card of the sample set and says what it does."""

import html
import json
from pathlib import Path

import pytest

from greatwall_kit.the_great_wall.catalog import DATA, load_catalog

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "74-the-great-wall-rulebook.ipynb"
RAW = json.loads((DATA / "sample.json").read_text(encoding="utf-8"))
KINDS = ("command_cards", "generals", "advisors", "tactics", "artifacts", "horde")
CARDS = [(kind, card) for kind in KINDS for card in RAW[kind]]


def stored_text():
    """The stored outputs of the notebook, as the text a reader sees."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    parts = [o.get("data", {}).get("text/html", "") for c in cells for o in c.get("outputs", [])]
    return html.unescape("".join("".join(p) if isinstance(p, list) else p for p in parts))


TEXT = stored_text()


@pytest.mark.parametrize("kind,card", CARDS, ids=[card["id"] for _, card in CARDS])
def test_every_sample_card_has_a_name_and_an_effect_in_the_rulebook(kind, card):
    name = card.get("name") or card["id"].capitalize()  # the data's own name (a Command card's ID is its name)
    name = name if name.lower() == card["id"] else f"{name} ({card['id']})"
    effect = load_catalog("sample").card(card["id"]).effect
    assert effect and name and f"<th scope='row'>{name}</th><td>" in TEXT
    row = TEXT.split(f"<th scope='row'>{name}</th>")[1].split("</tr>")[0]
    assert effect in row
    if kind == "horde":  # the effect is written from the numbers the rules read: they are the data's
        assert f"power {card['power']}" in row
    # its example: the rule it is played under, a link to that rule's row (its live example) in the table above
    rule = row.split("href='#rule-")[1].split("'")[0]
    assert f"<tr id='rule-{rule}'>" in TEXT.split("<caption>The kit's sample cards</caption>")[0]


def test_the_catalogue_lists_every_card_once():
    assert TEXT.count("<caption>The kit's sample cards</caption>") == 1
    rows = TEXT.split("<caption>The kit's sample cards</caption>")[1].count("<th scope='row'>")
    assert rows == len(CARDS)
