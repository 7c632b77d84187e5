"""Where a random playout's decisions go: jobs, decisions and events by kind, and Python bytecodes by function.

``playout_instructions.py`` counts the machine instructions of a decision; this script says which parts of the
rules they are spent in. It plays the same seeded random games (set-up included) and prints, per decision: the
jobs the agenda ran by name (a step a job runs at once itself is not counted), the decisions by kind, the events
by kind, and the bytecodes the interpreter ran in each Python function (its own, not those of the functions it
calls), with the calls made. Bytecodes are counted by a trace function, so like instructions they do not move with
machine load; a bytecode costs some 70 machine instructions on average, a call several hundred::

    python benchmarks/playout_profile.py                                 # The Great Wall solo, 100 games
    python benchmarks/playout_profile.py --game chang_cheng --players 2 --games 40 --top 30
"""

import argparse
import importlib
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def profile(name, players, games):
    """``(decisions, jobs, decisions by kind, events, bytecodes, calls)``: counters over ``games`` seeded games."""
    from greatwall_kit import GAMES

    module = importlib.import_module(GAMES[name])
    jobs, kinds, events, codes, calls = Counter(), Counter(), Counter(), Counter(), Counter()
    table = getattr(type(module.new_game(players=players)), "JOBS", {})
    counted = dict(table)

    def count(job):
        def run(game, *args):
            jobs[job] += 1
            return counted[job](game, *args)
        return run

    def trace(frame, event, arg):
        code = frame.f_code
        if code is own:  # (the counting of jobs above is not the game's)
            return None
        frame.f_trace_opcodes = True
        where = f"{Path(code.co_filename).parent.name}/{Path(code.co_filename).name}:{code.co_name}"
        if event == "opcode":
            codes[where] += 1
        elif event == "call":
            calls[where] += 1
        return trace

    own = count("").__code__
    decisions = 0
    table.update({job: count(job) for job in counted})  # (a game of no agenda has no jobs to count)
    try:
        for seed in range(games):
            sys.settrace(trace)
            game, rng = module.new_game(players=players, seed=seed), random.Random(seed)
            while game.to_act is not None:
                prompt = getattr(game, "prompt", None)
                kinds[prompt[0] if prompt else "?"] += 1
                game.play(rng.choice(game.legal_moves()))
                decisions += 1
            sys.settrace(None)
            events.update(e.kind.name if e.kind is not None else "(sentence)" for e in game.log)
    finally:
        sys.settrace(None)
        table.update(counted)
    return decisions, jobs, kinds, events, codes, calls


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="the_great_wall")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--top", type=int, default=25, help="rows of each table")
    args = parser.parse_args(argv)
    decisions, jobs, kinds, events, codes, calls = profile(args.game, args.players, args.games)
    per = lambda n: n / decisions  # noqa: E731
    print(f"{args.game} {args.players}p: {args.games} games, {decisions} decisions ({decisions / args.games:.1f}"
          f" a game); per decision: {per(sum(jobs.values())):.2f} jobs, {per(sum(events.values())):.2f} events, "
          f"{per(sum(codes.values())):,.0f} bytecodes, {per(sum(calls.values())):.1f} Python calls")
    for title, counter in (("jobs", jobs), ("decisions by kind", kinds), ("events", events)):
        print(f"\n{title}, per decision: " + ", ".join(f"{k} {per(v):.2f}" for k, v in counter.most_common(args.top)))
    total = sum(codes.values())
    print("\nbytecodes per decision, by function (its own):")
    for where, n in codes.most_common(args.top):
        print(f"{per(n):8.1f}  {n / total:6.1%}  calls {per(calls[where]):5.2f}  {where}")


if __name__ == "__main__":
    main()
