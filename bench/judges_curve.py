#!/usr/bin/env python3
"""Would more labelled rows make the local judges better? Their learning curve on real rows.

    GIT_LEDGER_SHARED=/work/shared python bench/judges_curve.py [--harvested DIR] [--repeats 3]

Each judge (the n-gram one and the e5 one, features and fit as tools/train_judges.py has them) is
trained on a random fraction of the other folds' rows and scores the held-out fold, folds by
repository as in training (tools/judge_training.py; our written rows always train, never score).
For each fraction, over the real rows (tune, plus the harvested dev half when DIR is given or
`$GIT_LEDGER_HARVEST` / `../harvest` holds it): how well the judge's P(correction) ranks
corrections above the rest (AUC), and how many corrections it finds before its precision at the
natural mix (non-corrections weighted up to 85%) falls under 85% and under 70%. A curve still
rising at the full fraction says more labelled rows would pay; a flat one says the judge's
evidence or model is the limit. No development-set absent: says so and exits 0.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import judge_training as jt  # noqa: E402
import numpy as np  # noqa: E402
import train_judges  # noqa: E402

FRACTIONS = (0.25, 0.5, 0.75, 1.0)
NATURAL_NOT_CORRECTIONS = 0.85


def ranking(corrections: Any, p: Any) -> tuple[float, float, float]:
    """(AUC, recall while natural-mix precision >= 85%, ... >= 70%) of scores `p`."""
    order = np.argsort(-p)
    found = np.cumsum(corrections[order])
    weight = NATURAL_NOT_CORRECTIONS / (1 - NATURAL_NOT_CORRECTIONS) * corrections.sum() / (~corrections).sum()
    natural = found / np.maximum(found + np.cumsum(~corrections[order]) * weight, 1e-12)

    def recall_at(floor: float) -> float:
        ok = np.where(natural >= floor)[0]
        return float(found[ok.max()] / corrections.sum()) if len(ok) else 0.0

    ranks = np.empty(len(p))
    ranks[order[::-1]] = np.arange(1, len(p) + 1)
    pos, neg = corrections.sum(), (~corrections).sum()
    auc = float((ranks[corrections].sum() - pos * (pos + 1) / 2) / (pos * neg))
    return auc, recall_at(0.85), recall_at(0.70)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--harvested", type=Path, action="append", default=None, metavar="DIR",
                        help=f"folders of harvested real rows (default {jt.harvest_dir()}; their dev half joins tune)")
    parser.add_argument("--repeats", type=int, default=3, help="random draws per fraction below 1 (default 3)")
    parser.add_argument("--judge", choices=("ngram", "e5", "both"), default="both",
                        help="which judge's curve (default both; the n-gram one takes about 20 minutes on 2 cores)")
    args = parser.parse_args(argv)
    folder = jt.shared_data()
    if folder is None:
        print("judges_curve: no development set (set GIT_LEDGER_SHARED or put shared/ beside the checkout); skipped")
        return 0
    rows = jt.load_rows(folder, ("tune",)) + jt.load_harvested(args.harvested)
    data = jt.prepare(rows, jt.load_written())
    corrections = np.array([r.correction for r in rows])
    weight = data.row_weight(train_judges.WRITTEN_WEIGHT)
    rng = np.random.default_rng(jt.SEED)
    print(f"{data.real} real rows ({sum(r.part == jt.HARVEST_DEV for r in rows)} harvested), "
          f"{corrections.sum()} corrections; folds by repository, written rows train only\n")
    print("| judge | training fraction | AUC | recall, natural precision >= 85% | >= 70% |")
    print("|---|---|---|---|---|")
    for name, X, params in (("ngram", data.ngram, train_judges.NGRAM), ("e5", data.e5, train_judges.E5)):
        if args.judge not in (name, "both"):
            continue
        for fraction in FRACTIONS:
            def train(X: Any, y: Any, rows: Any, params: dict[str, Any] = params, fraction: float = fraction) -> jt.Softmax:
                kept = np.where(rng.random(len(rows)) < fraction)[0]  # a share of the training folds' rows
                return jt.fit(X.rows(kept) if isinstance(X, jt.Sparse) else X[kept], y[kept], **params,
                              row_weight=weight[rows][kept])
            draws = [ranking(corrections, 1 - data.halves(jt.out_of_fold(X, data.y, data.folds, train))[0][:, 0])
                     for _ in range(args.repeats if fraction < 1 else 1)]
            auc, r85, r70 = np.mean(draws, axis=0)
            print(f"| {name} | {fraction:.2f} | {auc:.3f} | {r85:.1%} | {r70:.1%} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
