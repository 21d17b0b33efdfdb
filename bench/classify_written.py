"""The rules on our own written messages (`tools/data/written_messages_*.jsonl`), by half.

    python bench/classify_written.py [--half dev|blind|all]

The written sets were made for issue 13 by two writers who saw neither the rules nor the
development set's texts; they are labelled like it (`../shared/data/LABELS.md`: the four types,
`other-correction`, `not-correction`) and carry the agent's previous message and tools. The
local judges train on all of them (`tools/train_judges.py`). For the rules they were split by id:
even ids (`dev`) were given to the rule writers of round 2, odd ids (`blind`) were not, so the
blind half says how rules written from examples carry over to examples of the same kind
(docs/quality.md, "What two rounds of rules taught"). Same scores as `bench/classify_real.py`.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

import classify_real as real  # noqa: E402 (after the path insert above)

WRITTEN = REPO / "tools" / "data"


def half_of(row: dict[str, Any]) -> str:
    return "dev" if int(row["id"].rsplit("-", 1)[1]) % 2 == 0 else "blind"


def load(folder: Path = WRITTEN) -> list[real.Row]:
    return [row for path in sorted(folder.glob("written_messages_*.jsonl")) for row in real.load(path, half_of)]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--half", choices=("dev", "blind", "all"), default="all")
    args = ap.parse_args(argv)
    rows = load()
    for half in ("dev", "blind") if args.half == "all" else (args.half,):
        part = [r for r in rows if r.part == half]
        print(real.table(f"rules — written {half} ({len(part)} rows)", real.evaluate(part, real.rules_alone)), end="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
