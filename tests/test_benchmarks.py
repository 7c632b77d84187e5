"""The benchmark scripts run and print their figures (the figures themselves are for people, never asserted)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_playout_ratio_compares_two_checkouts_in_paired_batches():
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "playout_ratio.py"), "--vs", str(ROOT),
                          "--game", "great_wall_of_china", "--players", "2", "--decisions", "200", "--rounds", "2"],
                         capture_output=True, text=True, timeout=300, check=True)
    found = re.search(r"ratio: median (\d+\.\d+) \(quartiles (\d+\.\d+)-(\d+\.\d+)\) over 2 pairs", run.stdout)
    assert found, run.stdout
    low, median, high = float(found[2]), float(found[1]), float(found[3])
    assert 0 < low <= median <= high
    assert run.stdout.count("decisions/s (median batch)") == 2


def test_playout_ratio_asks_for_the_checkout_to_compare_with():
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "playout_ratio.py")], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2 and "--vs is required" in run.stderr


def _run(*args, timeout=300):
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True, timeout=timeout,
                          check=True, cwd=ROOT)


def test_soak_writes_its_table_with_the_commit_it_ran_on(tmp_path):
    _run(ROOT / "benchmarks" / "soak.py", "--games", "2", "--game", "great_wall_of_china", "--workers", "1",
         "--out", tmp_path / "soak.md")
    table = (tmp_path / "soak.md").read_text()
    assert re.search(r"- commit: [0-9a-f]{40}", table)
    assert "| great_wall_of_china-2p | 2 |" in table
    assert re.search(r"\| \*\*all\*\* \| \*\*\d+\*\* .* \| \*\*0\*\* \|", table)


def test_fuzz_inputs_draws_documents_typed_in_python():
    run = _run(ROOT / "benchmarks" / "fuzz_inputs.py", "--game", "dschingis_khan", "--kind", "python-position",
               "--cases", "30")
    assert re.search(r"dschingis_khan\s+python-position\s+30\s+\d+\s+\d+\s+0 ", run.stdout), run.stdout


def test_bot_strength_seats_mctsbot_as_it_comes_with_measured():
    run = _run(ROOT / "benchmarks" / "bot_strength.py", "--measured", "--game", "the_great_wall", "--config",
               "2p:mcts-greedy", "--games", "2")
    assert re.search(r"the_great_wall\s+2p:mcts-greedy\s+30 playouts, to the end\s+mcts\s+\d/2 ",
                     run.stdout), run.stdout


def test_playout_profile_counts_jobs_decisions_events_and_bytecodes_per_decision():
    run = _run(ROOT / "benchmarks" / "playout_profile.py", "--game", "the_great_wall", "--players", "1", "--games", "2")
    head = re.search(r"2 games, (\d+) decisions .* per decision: (\d+\.\d+) jobs, (\d+\.\d+) events, "
                     r"([\d,]+) bytecodes", run.stdout)
    assert head, run.stdout
    assert int(head[1]) > 0 and float(head[2]) > 1 and float(head[3]) > 1 and int(head[4].replace(",", "")) > 100
    assert re.search(r"jobs, per decision: \w+ \d\.\d\d", run.stdout)
    assert re.search(r"decisions by kind, per decision: .*command \d\.\d\d", run.stdout)
    assert re.search(r"\n\s+\d+\.\d\s+\d+\.\d%\s+calls\s+1\.00\s+engine/agenda\.py:play\n", run.stdout), run.stdout
    assert "playout_profile.py" not in run.stdout.split("by function")[1]  # its own counting is not the game's
