#!/usr/bin/env python3
"""The rule classifier on other projects' labelled examples: what they call corrections, typed?

    python bench/peer_examples.py [--errors] [bench/peer/NAME.jsonl ...]

`bench/peer/*.jsonl` hold the test examples of open-source projects that detect user corrections
in agent sessions (licences and commits in bench/peer/PROVENANCE.md). Each line is
`{"text", "lang", "label": "correction" | "non-correction", "peer_label", "source"}`: `label` is the
peer project's own verdict, `peer_label` its finer class. This runs
`git_ledger.classify.classify.classify` on every text (no context: the peers' tests give none)
and prints, per project and overall, the share of corrections typed (one of the four types) and
of non-corrections typed. Goals (issue 13): >= 40% of corrections typed (the peers count some
plain instructions, "never use eval", as corrections), <= 2% of non-corrections typed.
`--errors` lists the misses and the false types with the peer's class, to show which phenomena
the rules miss.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PEER = ROOT / "bench" / "peer"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", type=Path, help="default: every bench/peer/*.jsonl")
    ap.add_argument("--errors", action="store_true", help="list misses and false types")
    args = ap.parse_args(argv)
    from git_ledger.classify.classify import classify
    from git_ledger.models import TYPES

    files = args.files or sorted(PEER.glob("*.jsonl"))
    total: Counter[str] = Counter()
    errors: list[str] = []
    print(f"{'project':<22} {'corrections typed':>20} {'non-corrections typed':>24}")
    for path in files:
        counts: Counter[str] = Counter()
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            got = classify(row["text"]).type
            typed = got in TYPES
            counts[row["label"]] += 1
            counts[f"{row['label']} typed"] += typed
            if typed != (row["label"] == "correction"):
                errors.append(f"{path.stem}: {row['label']} ({row['peer_label']}) -> {got}: {row['text']}")
        total.update(counts)
        print(f"{path.stem:<22} {_rate(counts, 'correction'):>20} {_rate(counts, 'non-correction'):>24}")
    print(f"{'all':<22} {_rate(total, 'correction'):>20} {_rate(total, 'non-correction'):>24}")
    if args.errors:
        print("\nmisses and false types:", *errors, sep="\n  ")
    return 0


def _rate(counts: Counter[str], label: str) -> str:
    n, k = counts[label], counts[f"{label} typed"]
    return f"{k}/{n} {100 * k / n:5.1f}%" if n else "n/a"


if __name__ == "__main__":
    raise SystemExit(main())
