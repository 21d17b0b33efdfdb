"""The classifier on real messages harvested from public repositories, by half.

    python bench/classify_harvested.py [--half dev|check|all] [--folder DIR] [--errors N]

`harvested_*.jsonl` (in `$GIT_LEDGER_HARVEST` or `../harvest` beside the checkout; absent: says so
and exits 0) holds real user messages to coding agents from public repositories that are not in
the development set: every message of a session after the agent's first reply (so the mix is real
traffic's), labelled by two labellers by the development set's rules, disputed rows left out. Like
the development set, their texts never enter the repository; `tools/data/harvested_index.jsonl`
says where each row is from (repository, path, commit, turn) and its labels (docs/quality.md). They are split by the
repository's owner (`judge_training.harvest_half`): the `dev` half trains the local judges and may
guide the rules; the `check` half is only reported, like the development set's measure part.
Same scores and columns as `bench/classify_real.py`; since the rows are already at the real mix,
plain precision is the natural one (the natural-mix column re-weights them a little further).
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tools"))

import classify_real as real  # noqa: E402 (after the path insert above)
import judge_training as jt  # noqa: E402

HALVES = {"dev": jt.HARVEST_DEV, "check": jt.HARVEST_CHECK}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--half", choices=("dev", "check", "all"), default="dev")
    ap.add_argument("--folder", type=Path, default=jt.harvest_dir(), help=f"where harvested_*.jsonl are (default {jt.harvest_dir()})")
    ap.add_argument("--errors", type=int, default=0, metavar="N", help="list N false and N missed rows by id (dev half only)")
    args = ap.parse_args(argv)
    rows = jt.harvested_rows(args.folder)
    if not rows:
        print(f"no harvested rows in {args.folder}; skipped")
        return 0
    halves = ("dev", "check") if args.half == "all" else (args.half,)
    for half in halves:
        part = [r for r in rows if r.part == HALVES[half]]
        scores = real.evaluate(part, real.rules_alone)
        print(real.table(f"rules — harvested {half} ({len(part)} rows)", scores), end="\n\n")
        if args.errors and half == "dev":
            print(real.errors(scores["all"], args.errors, real.rules_alone), end="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
