"""A long run of the input fuzzer of ``tests/inputs``: changed options, positions and saves of every game.

Each case changes a valid document a few times (wrong types, missing and extra keys, huge and
negative numbers, deep nesting, moves that do not fit), builds from it and plays three random
moves; a case fails if anything but the kit's own error escapes, a game stalls, or a case runs
longer than ``--limit`` seconds. Prints cases tried, built, refused and the failures found::

    python benchmarks/fuzz_inputs.py --cases 2500          # per game and kind: 30,000 cases
    python benchmarks/fuzz_inputs.py --game dschingis_khan --kind save --cases 500 --seed 3
    python benchmarks/fuzz_inputs.py --kind python-position --kind python-options --cases 5000
    python benchmarks/fuzz_inputs.py --lattice             # build time of the largest allowed lattice

The kinds ``python-position`` and ``python-options`` are documents typed in Python (tuples, whole-number
keys, sets, complex numbers, NaN, bytes, huge and deeply nested values, a dict holding itself), drawn by
the Hypothesis strategy of ``tests/inputs/python_values.py``: a case also fails if a value with no JSON
form is read, if its refusal names no key on its path, or if an unchanged Python form builds another
game than its JSON form.
"""

import argparse
import json
import random
import signal
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.inputs.fuzz import CASES, GAMES, KINDS, base_documents, mutate, run_case  # noqa: E402

PYTHON_KINDS = ("python-position", "python-options")


class _Hung(Exception):
    """A case ran past its time limit."""


def _alarm(signum, frame):
    raise _Hung


def fuzz(game, kind, cases, seed, limit):
    rng = random.Random(f"{seed}-{game}-{kind}")
    docs = base_documents(game)[kind]
    docs = docs if isinstance(docs, list) else [docs]
    counts, failures = {"built": 0, "refused": 0}, {}
    for _ in range(cases):
        doc = mutate(rng.choice(docs), rng)
        signal.alarm(limit)
        try:
            counts[run_case(game, kind, doc, rng)] += 1
        except Exception as exc:  # noqa: BLE001 - a failure of the kit is what this looks for
            where = traceback.extract_tb(exc.__traceback__)[-1]
            key = f"{type(exc).__name__} at {Path(where.filename).name}:{where.lineno}"
            failures.setdefault(key, json.dumps(doc, default=repr)[:300])
        finally:
            signal.alarm(0)
    return counts, failures


def fuzz_python(game, kind, cases, seed, limit):
    """``cases`` Hypothesis examples of ``python_documents(game, kind)``, counted (none stops the run)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st

    from tests.inputs.python_values import outcome, python_documents

    kind = kind.removeprefix("python-")
    counts, failures = {"built": 0, "refused": 0}, {}

    @hypothesis_seed(seed)
    @settings(max_examples=cases, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(data=st.data(), rng=st.randoms(use_true_random=False))
    def case(data, rng):
        doc, made = data.draw(python_documents(game, kind))
        signal.alarm(limit)
        try:
            counts[outcome(game, kind, doc, made, rng)] += 1
        except Exception as exc:  # noqa: BLE001 - a failure of the kit is what this looks for
            where = traceback.extract_tb(exc.__traceback__)[-1]
            key = f"{type(exc).__name__} at {Path(where.filename).name}:{where.lineno}: {str(exc)[:200]}"
            failures.setdefault(key, _shown(doc))
        finally:
            signal.alarm(0)

    case()
    return counts, failures


def _shown(doc):
    from greatwall_kit.engine.errors import quote

    return quote(doc, 300)


def lattice_times():
    from greatwall_kit import new_game
    from greatwall_kit.dschingis_khan.lattice import MAX_SIDE, _rectangle

    for side in (10, 20, 30, MAX_SIDE):
        _rectangle.cache_clear()
        start = time.perf_counter()
        game = new_game("dschingis_khan", layout=f"rectangle:{side}x{side}")
        print(f"rectangle:{side}x{side}: {len(game.board.villages)} villages, "
              f"built in {time.perf_counter() - start:.3f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=500, help="cases per game and document kind")
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--kind", choices=KINDS + PYTHON_KINDS, action="append")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, default=20, help="seconds before a case counts as hung")
    parser.add_argument("--lattice", action="store_true", help="only time the lattices up to the largest")
    args = parser.parse_args()
    if args.lattice:
        lattice_times()
        return 0
    signal.signal(signal.SIGALRM, _alarm)
    total = failed = 0
    print(f"{'game':22} {'kind':15} {'cases':>6} {'built':>6} {'refused':>8} {'failures':>8} {'s':>6}")
    for game in args.game or GAMES:
        for kind in args.kind or KINDS:
            if (game, kind.removeprefix("python-")) not in CASES:
                continue  # (a game that sets up no positions has no position documents)
            start = time.perf_counter()
            run = fuzz_python if kind in PYTHON_KINDS else fuzz
            counts, failures = run(game, kind, args.cases, args.seed, args.limit)
            tried = counts["built"] + counts["refused"] + sum(1 for _ in failures) if kind in PYTHON_KINDS \
                else args.cases
            total += tried
            failed += len(failures)
            print(f"{game:22} {kind:15} {tried:6} {counts['built']:6} {counts['refused']:8} "
                  f"{len(failures):8} {time.perf_counter() - start:6.1f}", flush=True)
            for key, doc in failures.items():
                print(f"    FAILURE {key}: {doc}")
    print(f"{total} cases tried, {failed} distinct failures found")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
