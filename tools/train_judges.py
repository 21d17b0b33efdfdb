#!/usr/bin/env python3
"""Train the built-in local judge pair and write its artefact to git_ledger/resources/judges/.

    GIT_LEDGER_SHARED=/work/shared python tools/train_judges.py [--check | --verify] [--written DIR | --no-written]

Reads the development set's `tune` part only (`$GIT_LEDGER_SHARED/data/messages.jsonl` or
`../shared/data` beside the checkout; absent: says so and exits 0) and our own written messages
(`tools/data/written_messages_*.jsonl`), which only ever train: they are in every training fold
and in no test fold or figure. So the shipped artefact is rebuilt exactly from those two. Only
when asked (`--harvested DIR`), the dev half of the real messages harvested from other public
repositories trains too, as real rows like tune's, in the folds by repository
(`judge_training.harvest_half`; tools/data/harvested_index.jsonl lists them): their texts do not
last beyond the machine that fetched them, so an artefact trained on them cannot be rebuilt.
Steps, all deterministic:
1. out-of-fold class probabilities of both judges, 5 folds by repository, each row seen with
   its context and again without the agent's previous message (as `retype` sees stored cases);
2. the judges' scope (`fullpath.SCOPES`) and thresholds, chosen by nested cross-validation:
   each fold is typed with the thresholds the other four folds chose, and the scope is the one
   whose nested estimate reaches NATURAL_TARGET at the natural mix (85% non-corrections) and
   types the most corrections less FALSE_COST per false one. The rules are scored as on unseen repositories
   (`judge_training.held_out_rules`), since they were written looking at tune. Thresholds are
   the most recall within the floors on the rows that choose them (the types the pair adds at
   precision >= ADDED_FLOOR, the full path at NATURAL_FLOOR at the natural mix: a little above
   the target, since rows flatter the thresholds they chose);
3. both models fitted on all rows; weights (float16 hashed n-gram buckets, float32 e5 head)
   and thresholds written with the chosen scope, and the thresholds each other scope would take
   (the same floors on all rows), for a user who chooses a wider one. No text, no n-gram and no
   row id is written.
`--check` does steps 1-2 and prints the figures without writing anything; `--verify` does all
three and compares the result with the artefact in `--out` (the shipped one by default) instead
of writing it: it fails unless the manifest is the same and every weight within float16 rounding
or, where this machine's embedding arithmetic moved the weights, the class probabilities on
every training row within PROBABILITY_DRIFT (an answer then moves only at a threshold's edge);
so the shipped artefact is shown to be what this script builds from the development set.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import classify_real as real  # the rows' scores
import judge_training as jt

from git_ledger.judges.evidence import evidence_digest
from git_ledger.judges.fullpath import SCOPES
from git_ledger.judges.local import ARTEFACTS, CLASSES, MANIFEST, Thresholds, decide
from git_ledger.models import TYPES, Classification

NGRAM: dict[str, Any] = {"l2": 1e-5, "power": 0.5, "steps": 300, "lr": 0.1}
E5: dict[str, Any] = {"l2": 1e-4, "power": 0.5, "steps": 300, "lr": 0.1}
ADDED_FLOOR = 0.85  # precision of the types the pair adds to the rules', out of fold
NATURAL_TARGET = 0.85  # the full path's precision at 85% non-corrections, as the nested estimate must show it
# Among the scopes that reach NATURAL_TARGET, the one with the most corrections typed less FALSE_COST per false
# one: the product's rule that one false correction does more harm than ten missed ones.
FALSE_COST = 10
NATURAL_FLOOR = 0.88  # ... as thresholds must show it on the rows that choose them (which flatter them)
GRID = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)
NONE_MIN = 0.5
WRITTEN_WEIGHT = 0.4  # what one of our written rows weighs in training against a real one
# How far `--verify` lets the rebuilt judges' class probabilities drift from the shipped ones on
# the training rows: the e5 model's arithmetic differs between CPUs (0.007 seen), and within this
# an answer can move only where a row sits at a threshold's edge.
PROBABILITY_DRIFT = 0.02


@dataclass(frozen=True)
class Choice:
    scope: str
    thresholds: dict[str, float]  # judge -> correction_min
    # scope -> judge -> correction_min, for each scope the user may choose instead (`judge_scope`)
    by_scope: dict[str, dict[str, float]]


def _pairs() -> list[tuple[float, float]]:
    return list(itertools.product(GRID, GRID))


def typings(rows: Sequence[real.Row], rules: Sequence[Classification], probs: dict[str, Any], scope: str
            ) -> dict[tuple[float, float], list[str | None]]:
    """The full path's type of every row, for every pair of thresholds."""
    return {(ca, cb): jt.full_path(rows, rules, probs["ngram"], probs["e5"], Thresholds(ca, NONE_MIN),
                                   Thresholds(cb, NONE_MIN), scope=scope) for ca, cb in _pairs()}


def best_pair(rows: Sequence[real.Row], rules: Sequence[Classification],
              typed: dict[tuple[float, float], list[str | None]], picks: Sequence[int]) -> tuple[float, float] | None:
    """The thresholds with the most full-path recall on rows `picks` within the floors (ties:
    the stricter); None when no pair adds a type within them."""
    sub = [rows[i] for i in picks]
    best: tuple[tuple[float, float], tuple[float, float]] | None = None
    for pair, types in typed.items():
        full = [types[i] for i in picks]
        added = [t if t != rules[i].type else None for t, i in zip(full, picks)]
        own = real.score(sub, added)["all"]
        whole = real.score(sub, full)["all"]
        if not own.typed or (own.precision or 0) < ADDED_FLOOR or (whole.natural_precision or 0) < NATURAL_FLOOR:
            continue
        key = (whole.recall or 0.0, sum(pair))
        if best is None or key > best[0]:
            best = (key, pair)
    return None if best is None else best[1]


def nested(rows: Sequence[real.Row], rules: Sequence[Classification], typed: dict[tuple[float, float], list[str | None]],
           folds: Sequence[int]) -> tuple[list[str | None], list[tuple[float, float] | None]]:
    """Each fold typed with the thresholds chosen on the other folds (the rules alone where
    they chose none): an estimate no threshold saw."""
    out: list[str | None] = [c.type if c.type in TYPES else None for c in rules]
    chosen = []
    for f in sorted(set(folds)):
        train = [i for i, g in enumerate(folds) if g != f]
        pair = best_pair(rows, rules, typed, train)
        chosen.append(pair)
        if pair is not None:
            for i, g in enumerate(folds):
                if g == f:
                    out[i] = typed[pair][i]
    return out, chosen


def line(title: str, f: real.Score) -> str:
    pct = real.pct
    return (f"{title}: typed {f.typed}, precision {pct(f.precision)}, exact {pct(f.exact_precision)}, "
            f"recall {pct(f.recall)}, at the natural mix {pct(f.natural_precision)}")


def cross_validate(rows: Sequence[real.Row], probs: dict[str, Any], folds: Sequence[int], scope: str | None = None
                   ) -> tuple[Choice, dict[str, real.Score], list[str]]:
    """The choice (scope and thresholds), the figures behind it, and a report."""
    rules = jt.rule_classifications(rows)
    held = jt.held_out_rules(rows, rules)
    report = [line("rules alone", real.score(rows, [c.type if c.type in TYPES else None for c in rules])["all"]),
              line("rules alone, held out by repository", real.score(rows, [
                  c.type if c.type in TYPES else None for c in held])["all"])]
    best: tuple[float, str, list[str | None]] | None = None
    by_scope, estimates = {}, {}
    for candidate in SCOPES:
        typed_held = typings(rows, held, probs, candidate)
        estimate, chosen = nested(rows, held, typed_held, folds)
        f = real.score(rows, estimate)["all"]
        by_scope[candidate] = typed_held
        estimates[candidate] = estimate
        report.append(line(f"full path, scope {candidate}, rules held out, nested CV", f)
                      + f" (thresholds per fold {chosen})")
        worth = float(f.typed_right - FALSE_COST * len(f.false))
        if (f.natural_precision or 0) >= NATURAL_TARGET and (best is None or worth > best[0]):
            best = (worth, candidate, estimate)
    if scope is None:
        scope = best[1] if best is not None else "other"
    pairs = {candidate: best_pair(rows, held, typed, range(len(rows))) for candidate, typed in by_scope.items()}
    pair = pairs[scope]
    if pair is None:
        raise SystemExit("\n".join(report) + "\nno thresholds reach the precision floors on tune; nothing written")
    choice = Choice(scope, {"ngram": pair[0], "e5": pair[1]},
                    {candidate: {"ngram": p[0], "e5": p[1]} for candidate, p in pairs.items() if p is not None})
    ths = {n: Thresholds(v, NONE_MIN) for n, v in choice.thresholds.items()}
    as_is = typings(rows, rules, probs, scope)
    as_is_nested, _ = nested(rows, rules, as_is, folds)
    figs = {
        "full_path_held_out": real.score(rows, estimates[scope])["all"],
        "full_path": real.score(rows, as_is_nested)["all"],
        "pair_alone": real.score(rows, jt.pair_alone(probs["ngram"], probs["e5"], ths["ngram"], ths["e5"]))["all"],
    }
    report += [line("full path, chosen scope, rules as they are, nested CV", figs["full_path"]),
               line("the pair alone at the chosen thresholds (in-sample thresholds)", figs["pair_alone"])]
    return choice, figs, report


def trainer(params: dict[str, Any], weight: Any) -> Callable[[Any, Any, Any], jt.Softmax]:
    def train(X: Any, y: Any, rows: Any) -> jt.Softmax:
        return jt.fit(X, y, **params, row_weight=weight[rows])
    return train


def _width(X: Any) -> int:
    """A feature matrix's width: part of the out-of-fold cache key, so a change of features retrains."""
    return int(X.width if isinstance(X, jt.Sparse) else X.shape[1])


def out_of_fold(data: jt.Prepared) -> dict[str, Any]:
    weight = data.row_weight(WRITTEN_WEIGHT)
    weighed = f"w{WRITTEN_WEIGHT}" if data.written.any() and WRITTEN_WEIGHT != 1.0 else ""
    return {name: jt.out_of_fold(X, data.y, data.folds, trainer(params, weight), key=f"{name}{data.digest}w{_width(X)}{params}{weighed}")
            for name, X, params in (("ngram", data.ngram, NGRAM), ("e5", data.e5, E5))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="cross-validate and print; write nothing")
    mode.add_argument("--verify", action="store_true", help="train and compare with the artefact in --out; write nothing")
    parser.add_argument("--out", type=Path, default=ARTEFACTS, help=f"artefact folder (default {ARTEFACTS})")
    parser.add_argument("--written", type=Path, default=jt.WRITTEN, help=f"our written messages (default {jt.WRITTEN})")
    parser.add_argument("--no-written", action="store_true", help="train on the development set alone")
    parser.add_argument("--harvested", type=Path, action="append", default=None, metavar="DIR",
                        help="folders of harvested real rows, harvested_*.jsonl, whose dev half trains and is "
                             "cross-validated like tune (default: none, so the artefact is rebuilt from the development set alone)")
    parser.add_argument("--scope", choices=SCOPES, help="judge this scope instead of the one cross-validation picks (to compare)")
    args = parser.parse_args(argv)
    folder = jt.shared_data()
    if folder is None:
        print("train_judges: no development set (set GIT_LEDGER_SHARED or put shared/ beside the checkout); skipped")
        return 0
    tune = jt.load_rows(folder, ("tune",))
    harvested = jt.load_harvested(args.harvested) if args.harvested else []
    rows = tune + harvested
    written = [] if args.no_written else jt.load_written(args.written)
    data = jt.prepare(rows, written)
    probs = {name: data.halves(p)[0] for name, p in out_of_fold(data).items()}
    print(f"{len(tune)} tune rows, {sum(r.correction for r in tune)} corrections; "
          f"{len(harvested)} harvested rows (dev half), {sum(r.correction for r in harvested)} corrections; "
          f"{len(written)} written rows ({sum(r.correction for r in written)} corrections), training only")
    choice, figs, report = cross_validate(rows, probs, data.folds[:data.real], args.scope)
    print("\n".join(report))
    print(f"chosen: judging {choice.scope}; correction thresholds {choice.thresholds}")
    if args.check:
        return 0
    weight = data.row_weight(WRITTEN_WEIGHT)
    ngram = jt.fit(data.ngram, data.y, **NGRAM, row_weight=weight)
    e5 = jt.fit(data.e5, data.y, **E5, row_weight=weight)
    weights = {"ngram": {"W": ngram.W.astype(np.float16), "b": ngram.b.astype(np.float32)},
               "e5": {"W": e5.W.astype(np.float32), "b": e5.b.astype(np.float32)}}
    manifest = {
        "classes": list(CLASSES),
        "evidence": evidence_digest(),  # what the judges read, as this code reads it (tests compare)
        "scope": choice.scope,
        # A scope the user chooses instead is judged at the thresholds chosen for it on the same rows.
        "thresholds_by_scope": choice.by_scope,
        "judges": {
            name: {"file": f"{name}.npz", "correction_min": choice.thresholds[name], "none_min": NONE_MIN, "fit": fit}
            for name, fit in (("ngram", NGRAM), ("e5", E5))
        },
        "trained_on": {"rows": len(tune), "corrections": sum(r.correction for r in tune), "part": "tune",
                       "harvested_rows": len(harvested), "harvested_corrections": sum(r.correction for r in harvested),
                       "harvested_half": jt.HARVEST_DEV,
                       "written_rows": len(written), "written_weight": WRITTEN_WEIGHT, "written_files": sorted({r.repo.split(":", 1)[1] for r in written}),
                       "folds": jt.FOLDS, "seed": jt.SEED, "script": "tools/train_judges.py"},
        "cross_validated": {name: {"typed": f.typed, "precision": f.precision, "recall": f.recall,
                                   "natural_precision": f.natural_precision} for name, f in figs.items()},
    }
    if args.verify:
        differences, notes = compare(args.out, manifest, weights, {"ngram": data.ngram, "e5": data.e5})
        print("\n".join([*notes, *differences]) or f"the artefact in {args.out} is what this script builds")
        return 1 if differences else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, arrays in weights.items():
        np.savez_compressed(args.out / f"{name}.npz", **arrays)
    (args.out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


def compare(folder: Path, manifest: dict[str, Any], weights: dict[str, dict[str, Any]], features: dict[str, Any]
            ) -> tuple[list[str], list[str]]:
    """(differences, notes) between the artefact in `folder` and the one just built: no
    differences, the same artefact. Weights are the same within float16 rounding, or else the
    class probabilities they give every training row (`features`: each judge's rows, as this
    machine computes them) are within PROBABILITY_DRIFT: the e5 embedding's arithmetic differs
    between machines, the weights with it, and what must be reproduced is the judges' answers."""
    try:
        shipped = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return [f"{folder / MANIFEST}: unreadable ({e})"], []
    out = [f"manifest {key}: {shipped.get(key)!r} shipped, {value!r} built"
           for key, value in json.loads(json.dumps(manifest)).items() if shipped.get(key) != value]
    notes: list[str] = []
    for name, arrays in weights.items():
        with np.load(folder / f"{name}.npz") as npz:
            stored = {key: npz[key] for key in npz.files}
        if any(stored.get(key) is None or stored[key].shape != built.shape for key, built in arrays.items()):
            out.append(f"{name}.npz: the weights' shapes differ")
            continue
        # float16 rounding and another BLAS may move a weight by a unit in its last place
        if all(np.allclose(stored[key], built, rtol=2e-3, atol=2e-3) for key, built in arrays.items()):
            continue
        most = max(float(np.abs(stored[key].astype(np.float64) - built).max()) for key, built in arrays.items())
        th = Thresholds(manifest["judges"][name]["correction_min"], manifest["judges"][name]["none_min"])
        (p_stored, a_stored), (p_built, a_built) = (_answers(model, features[name], th) for model in (stored, arrays))
        drift = float(np.abs(p_stored - p_built).max())
        flipped = sum(a != b for a, b in zip(a_stored, a_built))
        what = (f"{name}.npz: the weights differ by up to {most:.3g}, the class probabilities on the "
                f"{len(a_stored)} training rows by up to {drift:.3g}; {flipped} answers differ")
        if drift > PROBABILITY_DRIFT:
            out.append(what)
        else:
            notes.append(f"{what}, each within that of a threshold: this machine's embedding arithmetic, not another model")
    return out, notes


def _answers(model: dict[str, Any], X: Any, th: Thresholds) -> tuple[Any, list[tuple[str, str | None]]]:
    """The class probabilities on each row of X with these weights, and the judge's answers."""
    softmax = jt.Softmax(np.asarray(model["W"], dtype=np.float64), np.asarray(model["b"], dtype=np.float64))
    probabilities = softmax.probabilities(X)
    return probabilities, [(a.status, a.value) for a in (decide(p, th) for p in probabilities)]


if __name__ == "__main__":
    sys.exit(main())
