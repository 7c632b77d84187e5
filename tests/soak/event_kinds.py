"""The rule each kind of event cites, pinned: ``event_kinds.json`` lists, per game, every kind of event
random play produces and the rule(s) it may cite.

An event's kind is its sentence up to the first colon, parenthesis or full stop, with numbers, player
names and card IDs taken out ("P's Flood", "P has no Soldier on breaching ID"). Most kinds cite one rule;
a kind listed with two is one whose rule depends on the moment (a Horde card placed at set-up or in
Spring, a Save after a Defeat or in a Breach), and has its own test. Rewrite the table on purpose with::

    python tests/soak/event_kinds.py
"""

import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
TABLE = HERE / "event_kinds.json"
SEEDS = range(12)
_PLAYERS = r"\b(Red|Green|Blue|Violet|Yellow|Orange|Crane|Tiger|Dragon|Turtle|Snake|Phoenix)\b"


def kind(sentence):
    """The kind of an event, from its sentence (see the module docstring)."""
    text = re.split(r"[:(;]|\. ", sentence)[0]
    text = re.sub(r"\[[^\]]*\]|\{[^}]*\}", "[...]", text)
    text = re.sub(r"\b[a-z]+\d+\b", "ID", text)
    text = re.sub(_PLAYERS, "P", text)
    return re.sub(r"-?\d+", "#", text).rstrip(". ")


def observed():
    """``{game: {kind: sorted rules}}`` seen in random games of every configuration over ``SEEDS``."""
    from tests.soak.invariants import configs

    seen = defaultdict(lambda: defaultdict(set))
    for _, module, players, options in configs():
        for seed in SEEDS:
            game = module.new_game(players=players, seed=seed, **options)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            for e in game.log:
                seen[game.name][kind(e.sentence)].add(e.rule)
    return {name: {k: sorted(rules) for k, rules in sorted(kinds.items())} for name, kinds in sorted(seen.items())}


def main():
    TABLE.write_text(json.dumps(observed(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {TABLE}")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[1]))
    main()
