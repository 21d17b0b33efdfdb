#!/usr/bin/env python3
"""Wall-clock time of `git-ledger demo`, the whole loop a new user sees first (target: < 10 s).

    python bench/demo.py [--runs 5]

Runs the real command (`python -m git_ledger demo`) in a fresh temporary folder each time and
prints every run and the median. The demo itself needs nothing beside the package.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

TARGET_S = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        done = subprocess.run((sys.executable, "-m", "git_ledger", "demo"), capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return 1
    print("runs: " + ", ".join(f"{t:.2f} s" for t in times))
    median = statistics.median(times)
    print(f"median: {median:.2f} s (target < {TARGET_S:.0f} s): {'ok' if median < TARGET_S else 'TOO SLOW'}")
    return 0 if median < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
