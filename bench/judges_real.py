#!/usr/bin/env python3
"""The built-in local judge pair on real messages: rules alone, the pair alone, the full path.

    GIT_LEDGER_SHARED=/work/shared python bench/judges_real.py [--part tune|measure|both]

Reads the development set (`$GIT_LEDGER_SHARED/data` or `../shared/data` beside the checkout;
absent: says so and exits 0), leaving out the rows its labellers disputed. Per language:
* tune: cross-validated by repository (5 folds; each row judged by models trained without its
  repository, with the shipped thresholds), as tools/train_judges.py chose them;
* measure: the shipped artefact through the product's own code (`judges.fullpath`, the judges'
  classes), on repositories no training or threshold saw. Report it; never tune on it.
"Precision" counts a typed message right when it is labelled a correction of any type
(exact-type precision also asks for the labelled type); recall is over all corrections,
`other-correction` included; "at 85%" weights the non-corrections up to 85% of the traffic.
Uses its own small loader (tools/judge_training.py), not bench/classify_real.py.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import judge_training as jt  # noqa: E402
import train_judges  # noqa: E402

from git_ledger.judges.fullpath import Message, final_type, judge_untyped  # noqa: E402
from git_ledger.judges.local import ARTEFACTS, MANIFEST, Thresholds, builtin_pair  # noqa: E402
from git_ledger.judges.panel import ask_panel  # noqa: E402
from git_ledger.models import Classification  # noqa: E402


def _rules(rows: list[jt.Row]) -> list[Classification]:
    from git_ledger.classify.classify import classify

    return [classify(r.text, previous=r.previous or None, previous_tools=r.tools) for r in rows]


def tune(rows: list[jt.Row], manifest: dict[str, object]) -> str:
    data = jt.prepare(rows)
    probs = {
        "ngram": jt.out_of_fold(data.ngram, data.y, data.folds, lambda X, y: jt.fit(X, y, **train_judges.NGRAM),
                                key=f"ngram{data.digest}{train_judges.NGRAM}"),
        "e5": jt.out_of_fold(data.e5, data.y, data.folds, lambda X, y: jt.fit(X, y, **train_judges.E5),
                             key=f"e5{data.digest}{train_judges.E5}"),
    }
    probs = {name: data.halves(p)[0] for name, p in probs.items()}
    entries = manifest["judges"]
    assert isinstance(entries, dict)
    th = {n: Thresholds(float(entries[n]["correction_min"]), float(entries[n]["none_min"])) for n in ("ngram", "e5")}
    rules = [c.type for c in _rules(rows)]
    alone = jt.full_path(["none"] * len(rows), probs["ngram"], probs["e5"], th["ngram"], th["e5"], judge_untyped=True)
    full = jt.full_path(rules, probs["ngram"], probs["e5"], th["ngram"], th["e5"],
                        judge_untyped=bool(manifest["judge_untyped"]))
    return "\n\n".join([
        jt.table("tune, rules alone", jt.figures(rows, rules)),
        jt.table("tune, the pair alone (cross-validated)", jt.figures(rows, alone)),
        jt.table("tune, full path (cross-validated)", jt.figures(rows, full)),
    ])


def measure(rows: list[jt.Row], manifest: dict[str, object]) -> str:
    judges = builtin_pair()
    items = [r.judge_input() for r in rows]
    cost = []
    for judge in judges:  # first call loads; the second is the one timed
        judge.judge(items[:1])
        start = time.monotonic()
        judge.judge(items)
        cost.append(f"{judge.name} {(time.monotonic() - start) / len(items) * 1000:.1f} ms")
    messages = [Message(r.text, r.previous, r.tools) for r in rows]
    rules = _rules(rows)
    alone = [v.type for v in ask_panel(judges, [r.judge_input() for r in rows])]
    verdicts = judge_untyped(messages, rules, judges, ruled_none=bool(manifest["judge_untyped"]))
    full = [final_type(c, v) for c, v in zip(rules, verdicts)]
    return "\n\n".join([
        f"per message, in one batch of {len(items)} (one thread): " + ", ".join(cost),
        jt.table("measure, rules alone", jt.figures(rows, [c.type for c in rules])),
        jt.table("measure, the pair alone (shipped artefact)", jt.figures(rows, alone)),
        jt.table("measure, full path (shipped artefact)", jt.figures(rows, full)),
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=("tune", "measure", "both"), default="both")
    args = parser.parse_args(argv)
    folder = jt.shared_data()
    if folder is None:
        print("judges_real: no development set (set GIT_LEDGER_SHARED or put shared/ beside the checkout); skipped")
        return 0
    manifest = json.loads((ARTEFACTS / MANIFEST).read_text(encoding="utf-8"))
    scope = "`other` and `none`" if manifest["judge_untyped"] else "`other`"
    print(f"judges on what the rules leave {scope}; thresholds "
          + ", ".join(f"{n} {e['correction_min']}" for n, e in manifest["judges"].items()) + "\n")
    if args.part in ("tune", "both"):
        print(tune(jt.load_rows(folder, ("tune",)), manifest) + "\n")
    if args.part in ("measure", "both"):
        print(measure(jt.load_rows(folder, ("measure",)), manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
