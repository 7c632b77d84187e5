"""Search, once and offline, the moment where each rule fires, and write it as data: each game's ``examples.py``.

    python tools/find_rule_examples.py                 # every game
    python tools/find_rule_examples.py chang_cheng     # one game

For every player count and named variant of a game, seeded random games (the moves
:func:`greatwall_kit.engine.playout.play_randomly` picks) are played and each decision is read for the rules it
cites: in its events, in the steps of what it resolves, or, for a move the rules refuse at that moment, in the
refusal. Kept for each rule is the moment that shows it with the least around it: the rulebook's own options before
a variant, the rule cited first by the move before cited later, a move that cites few rules, an early decision.
A rule whose ``variant`` names an option also keeps its moment under the other reading.
``greatwall_kit.rules.example`` replays what is written here; nothing is searched when an example is built.
"""

import importlib
import pprint
import random
import sys
from pathlib import Path

from greatwall_kit import GAMES, new_game, rules
from greatwall_kit.engine.errors import GreatWallError, IllegalMoveError

ROOT = Path(__file__).resolve().parents[1]
SEEDS, LIMIT = 20, 400  # seeded games per player count and variant, and decisions looked at in each
REFUSAL_SEEDS, REFUSAL_LIMIT = 4, 150  # (trying every move seen at every moment costs more)

HEADER = '''"""Where each rule of {title} fires.

The moments ``greatwall_kit.rules.example`` shows, written by ``python tools/find_rule_examples.py``; the form
of an entry is described in ``greatwall_kit/rules.py``.
"""

'''


def configs(game_name):
    module = importlib.import_module(f"greatwall_kit.{game_name}")
    counts = GAMES.game_class(game_name).player_counts
    named = [("", {})] + list(getattr(module, "VARIANTS", {}).items())
    return [(players, name, options) for name, options in named for players in counts]


def search(game_name):
    """``{rule: (key, entry)}`` and ``{(rule, variant): (key, entry)}``: the best moment found for each."""
    best, readings, moves = {}, {}, {}  # (moves: every move seen legal, to try where it is not)

    def offer(rule, key, entry):
        if key < best.get(rule, (key, None))[0] or rule not in best:
            best[rule] = (key, entry)
        if entry[2]:
            slot = (rule, entry[2])
            if slot not in readings or key[1:] < readings[slot][0][1:]:
                readings[slot] = (key, entry)

    for order, (players, variant, options) in enumerate(configs(game_name)):
        for seed in range(SEEDS):
            try:
                game = new_game(game_name, players=players, seed=seed, **options)
            except GreatWallError:  # (an option for another player count)
                break
            for rule in dict.fromkeys(e.rule for e in game.log if e.rule):
                offer(rule, (order > 0, 0, 0, 0), ("setup", players, variant, seed, 0, None))
            rng = random.Random(seed)
            while game.to_act is not None and len(game.history) < LIMIT:
                made, start = len(game.history), len(game.log)
                move = game.play(rng.choice(game.legal_moves()))
                moves.setdefault(str(move), move)
                cited = list(dict.fromkeys(e.rule for e in game.log[start:] if e.rule))
                for rule in cited:
                    offer(rule, (order > 0, 1 + (rule != cited[0]), len(cited), made),
                          ("event", players, variant, seed, made, str(move)))
            for resolved in game.resolutions():
                made = resolved.decision - 1
                cited = list(dict.fromkeys(step.rule for step in resolved.steps))
                for rule in cited:
                    key = (order > 0, 3, len(cited), made)
                    better = rule not in best or key < best[rule][0] or \
                        (variant and key[1:] < readings.get((rule, variant), ((0, 9),))[0][1:])
                    if better and _steps_then(game, made + 1, rule):
                        offer(rule, key, ("step", players, variant, seed, made, str(game.history[made])))
    ids = [rule.id for rule in rules.for_game(game_name)]
    for order, (players, variant, options) in enumerate(configs(game_name)):
        if all(i in best for i in ids):
            break
        for seed in range(REFUSAL_SEEDS):
            try:
                game = new_game(game_name, players=players, seed=seed, **options)
            except GreatWallError:
                break
            seen, scout, rng = dict(moves), game.copy(), random.Random(seed)
            while scout.to_act is not None and len(scout.history) < LIMIT:
                seen.update((str(m), m) for m in scout.legal_moves())
                scout.play(rng.choice(scout.legal_moves()))
            rng = random.Random(seed)
            while game.to_act is not None and len(game.history) < REFUSAL_LIMIT:
                legal = {str(m) for m in game.legal_moves()}
                for text, move in seen.items():
                    if text in legal:
                        continue
                    try:
                        game.describe(move)
                    except IllegalMoveError as refused:
                        if refused.rule not in best or best[refused.rule][1][0] == "refusal":
                            offer(refused.rule, (order > 0, 4, 0, len(game.history)),
                                  ("refusal", players, variant, seed, len(game.history), text))
                game.play(rng.choice(game.legal_moves()))
    return best, readings


def _first(game_name, players, options, rule):
    """The first move of seeded games with these options (a dict, not a named variant) whose events cite ``rule``."""
    for seed in range(SEEDS):
        game, rng = new_game(game_name, players=players, seed=seed, **options), random.Random(seed)
        while game.to_act is not None:
            made, start = len(game.history), len(game.log)
            move = game.play(rng.choice(game.legal_moves()))
            if any(e.rule == rule for e in game.log[start:]):
                return ("event", players, options, seed, made, str(move))
    return None


def _steps_then(game, made, rule):
    """Whether a step citing ``rule`` is there right after decision ``made`` (a scout's walk goes on after it)."""
    then = game.position_at(made)
    return any(step.rule == rule for r in then.resolutions() if r.decision == made for step in r.steps)


def write(game_name):
    best, readings = search(game_name)
    ids = [rule.id for rule in rules.for_game(game_name)]
    examples = {i: best[i][1] for i in ids if i in best}
    other, book, module = {}, rules.for_game(game_name), importlib.import_module(f"greatwall_kit.{game_name}")
    for rule in book:
        if rule.variant and "=" not in rule.variant:  # a rule an option changes: its moment under the other reading
            if rule.variant in module.VARIANTS.get(examples[rule.id][2], {}):  # found only under a variant that
                plain = [(key, entry) for (found, variant), (key, entry) in readings.items()  # changes it
                         if found == rule.id and rule.variant not in module.VARIANTS[variant]]
                if plain:
                    examples[rule.id] = min(plain)[1]
                else:  # the variant's other options without this one: the rulebook's reading of this rule
                    found = examples[rule.id]
                    options = {k: v for k, v in module.VARIANTS[found[2]].items() if k != rule.variant}
                    examples[rule.id] = _first(game_name, found[1], options, rule.id) or found
            # the other reading's own rule (Chang Cheng's review: CC-24 and CC-V6), else this rule under the variant
            partner = next((r.id for r in book if (r.variant or "").startswith(f"{rule.variant}=")), None)
            if partner in examples:
                other[rule.id] = partner
                continue
            for (found, variant), (_, entry) in sorted(readings.items()):
                if found == rule.id and rule.variant in module.VARIANTS[variant] and entry != examples[rule.id]:
                    other[rule.id] = entry
                    break
    for rule in book:  # a named variant's own rule: its other reading is the rule its option changes
        option = (rule.variant or "").split("=")[0]
        partner = next((r.id for r in book if r.variant == option), None) if "=" in (rule.variant or "") else None
        if partner in examples and rule.id in examples:
            other[rule.id] = partner
    title = GAMES.entry(game_name).title
    text = (HEADER.format(title=title) + "EXAMPLES = " + pprint.pformat(examples, width=118, sort_dicts=False)
            + "\n\nREADINGS = " + pprint.pformat(other, width=107, sort_dicts=False) + "\n")
    (ROOT / "greatwall_kit" / game_name / "examples.py").write_text(text, encoding="utf-8")
    missing = [i for i in ids if i not in examples]
    print(f"{game_name}: {len(examples)} of {len(ids)} rules found firing; not found: {', '.join(missing) or 'none'}")


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(GAMES):
        write(name)
