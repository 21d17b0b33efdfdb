#!/usr/bin/env python3
"""Train the built-in local judge pair and write its artefact to git_ledger/resources/judges/.

    GIT_LEDGER_SHARED=/work/shared python tools/train_judges.py [--check]

Reads the development set's `tune` part only (`$GIT_LEDGER_SHARED/data/messages.jsonl` or
`../shared/data` beside the checkout; absent: says so and exits 0). Steps, all deterministic:
1. out-of-fold class probabilities of both judges, 5 folds by repository, each row seen with
   its context and again without the agent's previous message (as `retype` sees stored cases);
2. the thresholds: on those out-of-fold answers, the pair's most recall on what the rules leave
   untyped, with the types the pair adds at precision >= PRECISION_FLOOR and at the natural mix
   >= NATURAL_FLOOR (the pair's own share is floored, not the full path's: the rules are retuned
   apart, and the judges must not lean on them);
3. both models fitted on all tune rows; weights (float16 hashed n-gram buckets, float32 e5
   head) and thresholds written. No text, no n-gram and no row id is written.
`--check` does steps 1-2 and prints the figures without writing anything.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import judge_training as jt

from git_ledger.judges.local import ARTEFACTS, CLASSES, MANIFEST, Thresholds

NGRAM = {"l2": 1e-4, "power": 0.5, "steps": 300, "lr": 0.1}
E5 = {"l2": 1e-4, "power": 0.5, "steps": 300, "lr": 0.1}
PRECISION_FLOOR = 0.90  # the types the pair adds, tune out of fold
NATURAL_FLOOR = 0.80  # ... at 85% non-corrections
GRID = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)
NONE_MIN = 0.5


def choose(rows: list[jt.Row], rule_types: list[str], probs: dict[str, np.ndarray]
           ) -> tuple[dict[str, float], bool, jt.Figures, jt.Figures]:
    """The thresholds and the judging scope (also what the rules left `none`?) with the most
    recall within the floors on the pair's own typings; ties go to the stricter thresholds.
    Returns them, the pair's own figures and the full path's."""
    best: tuple[tuple[float, float], dict[str, float], bool, jt.Figures, jt.Figures] | None = None
    for untyped, (ca, cb) in itertools.product((False, True), itertools.product(GRID, GRID)):
        typed = jt.full_path(rule_types, probs["ngram"], probs["e5"], Thresholds(ca, NONE_MIN),
                             Thresholds(cb, NONE_MIN), judge_untyped=untyped)
        added = [t if t != r else None for t, r in zip(typed, rule_types)]
        own = jt.figures(rows, added)["all"]
        if not own.typed or (own.precision or 0) < PRECISION_FLOOR or (own.natural_precision or 0) < NATURAL_FLOOR:
            continue
        key = (own.recall or 0.0, ca + cb)
        if best is None or key > best[0]:
            best = (key, {"ngram": ca, "e5": cb}, untyped, own, jt.figures(rows, typed)["all"])
    if best is None:
        raise SystemExit("no thresholds reach the precision floors on tune; nothing written")
    return best[1], best[2], best[3], best[4]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="cross-validate and print; write nothing")
    parser.add_argument("--out", type=Path, default=ARTEFACTS, help=f"artefact folder (default {ARTEFACTS})")
    args = parser.parse_args(argv)
    folder = jt.shared_data()
    if folder is None:
        print("train_judges: no development set (set GIT_LEDGER_SHARED or put shared/ beside the checkout); skipped")
        return 0
    rows = jt.load_rows(folder, ("tune",))
    data = jt.prepare(rows)
    probs = {
        "ngram": jt.out_of_fold(data.ngram, data.y, data.folds, lambda X, y: jt.fit(X, y, **NGRAM),
                                key=f"ngram{data.digest}{NGRAM}"),
        "e5": jt.out_of_fold(data.e5, data.y, data.folds, lambda X, y: jt.fit(X, y, **E5), key=f"e5{data.digest}{E5}"),
    }
    given = {name: data.halves(p)[0] for name, p in probs.items()}
    bare = {name: data.halves(p)[1] for name, p in probs.items()}
    rule_types = jt.rule_types(rows)
    thresholds, untyped, own, figs = choose(rows, rule_types, given)
    scope = "what the rules left `other` or `none`" if untyped else "what the rules left `other`"
    print(f"{len(rows)} tune rows, {sum(r.correction for r in rows)} corrections; judging {scope}; "
          f"correction thresholds {thresholds}")
    ths = {n: Thresholds(thresholds[n], NONE_MIN) for n in ("ngram", "e5")}
    typed = jt.full_path(rule_types, bare["ngram"], bare["e5"], ths["ngram"], ths["e5"], judge_untyped=untyped)
    added = [t if t != r else None for t, r in zip(typed, rule_types)]
    without = jt.figures(rows, added)["all"]
    for title, f in (("the pair's own typings", own), ("... without the previous message", without),
                     ("full path", figs)):
        print(f"{title}, out of fold: typed {f.typed}, precision {jt.fmt(f.precision)}, exact "
              f"{jt.fmt(f.exact_precision)}, recall {jt.fmt(f.recall)}, at the natural mix "
              f"{jt.fmt(f.natural_precision)}")
    if args.check:
        return 0
    ngram = jt.fit(data.ngram, data.y, **NGRAM)
    e5 = jt.fit(data.e5, data.y, **E5)
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out / "ngram.npz", W=ngram.W.astype(np.float16), b=ngram.b.astype(np.float32))
    np.savez_compressed(args.out / "e5.npz", W=e5.W.astype(np.float32), b=e5.b.astype(np.float32))
    manifest = {
        "classes": list(CLASSES),
        "judge_untyped": untyped,
        "judges": {
            name: {"file": f"{name}.npz", "correction_min": thresholds[name], "none_min": NONE_MIN, "fit": fit}
            for name, fit in (("ngram", NGRAM), ("e5", E5))
        },
        "trained_on": {"rows": len(rows), "corrections": sum(r.correction for r in rows), "part": "tune",
                       "folds": jt.FOLDS, "seed": jt.SEED, "script": "tools/train_judges.py"},
        "cross_validated": {
            "pair_own": {"typed": own.typed, "precision": own.precision, "recall": own.recall,
                         "natural_precision": own.natural_precision},
            "full_path": {"typed": figs.typed, "precision": figs.precision, "recall": figs.recall,
                          "natural_precision": figs.natural_precision},
        },
    }
    (args.out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
