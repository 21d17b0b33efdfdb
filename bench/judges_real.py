#!/usr/bin/env python3
"""The built-in local judge pair on real messages: rules alone, the pair alone, the full path.

    GIT_LEDGER_SHARED=/work/shared python bench/judges_real.py [--part tune|measure|both] [--artefact DIR]

Reads the development set (`$GIT_LEDGER_SHARED/data` or `../shared/data` beside the checkout;
absent: says so and exits 0), leaving out the rows its labellers disputed. Per language:
* tune: cross-validated by repository (5 folds; each row judged by models trained without its
  repository, our written messages in every training fold, with the shipped thresholds and
  scope, as tools/train_judges.py chose them), with the rules as they are and as on unseen
  repositories (`judge_training.held_out_rules`, the --by-repo view of bench/rules_by_lang.py);
  with `--harvested DIR`, the harvested rows' dev half among them (as when it trains the artefact);
* measure: the shipped artefact through the product's own code (`judges.fullpath`, the judges'
  classes), on repositories no training or threshold saw. Report it; never tune on it. `--part harvested`
  does the same on the check half of the harvested real rows (`judge_training.harvest_half`;
  `--half dev|all` for the dev half too, unseen by an artefact trained without it).
"Precision" counts a typed message right when it is labelled a correction of any type
(exact-type precision also asks for the labelled type); recall is over all corrections,
`other-correction` included; "at 85%" weights the non-corrections up to 85% of the traffic.
`--artefact DIR` reads another artefact than the shipped one (one `tools/train_judges.py --out DIR`
wrote, to compare a scope or a training set without overwriting the shipped artefact).
The rows and their scores are bench/classify_real.py's (`Row`, `score`, `table`), the rows masked
and the disputed ones left out by tools/judge_training.py's loaders.
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

import classify_real as real  # noqa: E402
import judge_training as jt  # noqa: E402
import train_judges  # noqa: E402

from git_ledger.judges.fullpath import final_type, judge_untyped  # noqa: E402
from git_ledger.judges.local import ARTEFACTS, MANIFEST, Thresholds, builtin_pair  # noqa: E402
from git_ledger.judges.panel import ask_panel  # noqa: E402


def tune(rows: list[real.Row], manifest: dict[str, object]) -> str:
    data = jt.prepare(rows, jt.load_written())  # trained as shipped: our written rows in training folds only
    probs = {name: data.halves(p)[0] for name, p in train_judges.out_of_fold(data).items()}
    entries = manifest["judges"]
    assert isinstance(entries, dict)
    th = {n: Thresholds(float(entries[n]["correction_min"]), float(entries[n]["none_min"])) for n in ("ngram", "e5")}
    scope = str(manifest.get("scope", "other"))
    rules = jt.rule_classifications(rows)
    held = jt.held_out_rules(rows, rules)
    alone = jt.pair_alone(probs["ngram"], probs["e5"], th["ngram"], th["e5"])
    full = jt.full_path(rows, rules, probs["ngram"], probs["e5"], th["ngram"], th["e5"], scope=scope)
    full_held = jt.full_path(rows, held, probs["ngram"], probs["e5"], th["ngram"], th["e5"], scope=scope)
    return "\n\n".join([
        real.table("tune, rules alone", real.score(rows, [c.type for c in rules])),
        real.table("tune, rules alone, held out by repository", real.score(rows, [c.type for c in held])),
        real.table("tune, the pair alone (cross-validated)", real.score(rows, alone)),
        real.table("tune, full path (cross-validated)", real.score(rows, full)),
        real.table("tune, full path, rules held out by repository (cross-validated)", real.score(rows, full_held)),
    ])


def measure(rows: list[real.Row], manifest: dict[str, object], artefact: Path = ARTEFACTS) -> str:
    judges = builtin_pair(artefact)
    items = [jt.judge_input(r) for r in rows]
    cost = []
    for judge in judges:  # first call loads; the second is the one timed
        judge.judge(items[:1])
        start = time.monotonic()
        judge.judge(items)
        cost.append(f"{judge.name} {(time.monotonic() - start) / len(items) * 1000:.1f} ms")
    which = "shipped artefact" if artefact == ARTEFACTS else f"artefact {artefact}"
    messages = [jt.message(r) for r in rows]
    rules = jt.rule_classifications(rows)
    alone = [v.type for v in ask_panel(judges, items)]
    verdicts = judge_untyped(messages, rules, judges, scope=str(manifest.get("scope", "other")))
    full = [final_type(c, v) for c, v in zip(rules, verdicts)]
    return "\n\n".join([
        f"per message, in one batch of {len(items)} (one thread): " + ", ".join(cost),
        real.table("measure, rules alone", real.score(rows, [c.type for c in rules])),
        real.table(f"measure, the pair alone ({which})", real.score(rows, alone)),
        real.table(f"measure, full path ({which})", real.score(rows, full)),
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=("tune", "measure", "both", "harvested"), default="both",
                        help="harvested: the shipped artefact on the check half of the harvested rows")
    parser.add_argument("--harvested", type=Path, action="append", default=None, metavar="DIR",
                        help=f"folders of harvested rows (default {jt.harvest_dir()})")
    parser.add_argument("--half", choices=("check", "dev", "all"), default="check",
                        help="with --part harvested: which half (dev is unseen only by an artefact trained without it)")
    parser.add_argument("--artefact", type=Path, default=ARTEFACTS, metavar="DIR",
                        help=f"the artefact to judge with (default the shipped one, {ARTEFACTS})")
    args = parser.parse_args(argv)
    folder = jt.shared_data()
    if folder is None:
        print("judges_real: no development set (set GIT_LEDGER_SHARED or put shared/ beside the checkout); skipped")
        return 0
    manifest = json.loads((args.artefact / MANIFEST).read_text(encoding="utf-8"))
    print(f"judges on the rules' {manifest.get('scope', 'other')} (judges.fullpath.SCOPES); thresholds "
          + ", ".join(f"{n} {e['correction_min']}" for n, e in manifest["judges"].items()) + "\n")
    if args.part == "harvested":
        halves = {"check": (jt.HARVEST_CHECK,), "dev": (jt.HARVEST_DEV,), "all": (jt.HARVEST_DEV, jt.HARVEST_CHECK)}[args.half]
        if jt.HARVEST_DEV in halves and manifest.get("trained_on", {}).get("harvested_rows"):
            print("note: the artefact was trained on a harvest's dev half: on those rows its figures are in-sample\n")
        title = "harvested rows, both halves," if args.half == "all" else f"harvested {args.half} half,"
        print(measure(jt.load_harvested(args.harvested, halves), manifest, args.artefact).replace("measure,", title))
        return 0
    if args.part in ("tune", "both"):
        harvested = jt.load_harvested(args.harvested) if args.harvested else []  # as tools/train_judges.py
        print(tune(jt.load_rows(folder, ("tune",)) + harvested, manifest) + "\n")
    if args.part in ("measure", "both"):
        print(measure(jt.load_rows(folder, ("measure",)), manifest, args.artefact))
    return 0


if __name__ == "__main__":
    sys.exit(main())
