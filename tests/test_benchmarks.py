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
