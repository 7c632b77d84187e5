"""The rule each kind of event cites, pinned: ``event_kinds.json`` lists, per game, every kind of event
random play produces and the rule it cites.

An event's kind is the :class:`~greatwall_kit.engine.log.EventKind` its game declared and recorded it as
(its name). Rewrite the table on purpose, for every game or one, with::

    python tests/soak/event_kinds.py [GAME]
"""

import json
import random
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
TABLE = HERE / "event_kinds.json"
SEEDS = range(12)


def kind(event):
    """The name of the kind an event was recorded as."""
    return event.kind.name


def observed(games=()):
    """``{game: {kind: sorted rules}}`` seen in random games of every configuration over ``SEEDS`` (of ``games``
    only, if named)."""
    from tests.soak.invariants import configs

    seen = defaultdict(lambda: defaultdict(set))
    for config_id, module, players, options in configs():
        if games and config_id.split("-")[0] not in games:
            continue
        for seed in SEEDS:
            game = module.new_game(players=players, seed=seed, **options)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            for e in game.log:
                seen[game.name][kind(e)].add(e.rule)
    return {name: {k: sorted(rules) for k, rules in sorted(kinds.items())} for name, kinds in sorted(seen.items())}


def main(games):
    table = json.loads(TABLE.read_text(encoding="utf-8")) if games else {}
    seen = observed(games)
    table.update({name: kinds for name, kinds in seen.items() if not games or name in games})
    TABLE.write_text(json.dumps(dict(sorted(table.items())), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {TABLE}")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[1]))
    main(sys.argv[1:])
