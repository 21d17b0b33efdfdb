"""Which rule types what on the real development set, per language: the tuning view of
`bench/classify_real.py` (whose rows, scores and table this reuses).

    python bench/rules_by_lang.py [--data DIR] [--part tune|measure] [--lang zh] [--misses] [--false-hits] [--width N]
                                  [--by-repo] [--claim-all]

Prints classify_real's rules-alone table for the part, then every rule that typed a row with its
hits on corrections and on non-corrections (a rule with a hit on a non-correction needs an
exclusion or must go). --misses / --false-hits print the texts of the corrections left untyped
(with the exclusion or the untyped rule that took them) and of the non-corrections typed: to the
terminal only, never into the repository. Tune on `tune`; read `measure` only to report.

--by-repo is the repository-held-out view: the rows' repositories stand for the unseen ones.
Each rule's hits are counted by repository, and the table is scored again as if each
repository were held out: a correction counts as typed only when its rule also typed a
correction in another repository (a rule whose hits all come from one repository learned that
repository's phrasing); every false correction still counts.

--claim-all types every non-correction again as if the agent had just claimed its work (an
edit tool and "Done."): the after-claim rules then read all of them, so a rule that types one
here would type it in any repository whose agent claimed before such a message.
Skips cleanly (exit 0) without the development set, like classify_real.
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from git_ledger.classify.classify import classify
from git_ledger.models import TYPES, Classification


def _classify_real() -> ModuleType:
    """bench/classify_real.py (a script, not a package) as a module."""
    path = Path(__file__).resolve().parent / "classify_real.py"
    spec = importlib.util.spec_from_file_location("classify_real", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("classify_real", module)
    spec.loader.exec_module(module)
    return module


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--data", help="the development set's folder (default: classify_real's)")
    ap.add_argument("--part", default="tune", choices=("tune", "measure"))
    ap.add_argument("--lang", choices=("en", "zh", "ja", "ko"))
    ap.add_argument("--misses", action="store_true", help="print the corrections the rules leave untyped")
    ap.add_argument("--false-hits", action="store_true", help="print the non-corrections the rules type")
    ap.add_argument("--width", type=int, default=160, help="characters of each printed text")
    ap.add_argument("--by-repo", action="store_true", help="hits by repository and the repository-held-out scores")
    ap.add_argument("--claim-all", action="store_true", help="the non-corrections typed when every context is a claim")
    args = ap.parse_args(argv)
    real = _classify_real()
    path = real.data_dir(args.data) / "messages.jsonl"
    if not path.is_file():
        print(f"rules_by_lang: no development set at {path} (set GIT_LEDGER_SHARED); skipped")
        return 0
    rows = [r for r in real.load(path) if r.part == args.part and (args.lang is None or r.lang == args.lang)]
    answers: dict[str, Classification] = {
        r.id: classify(r.text, previous=r.previous, previous_tools=r.previous_tools) for r in rows}
    print(real.table(f"rules alone, {args.part}", real.evaluate(rows, lambda r: answers[r.id].type)))
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    shown: list[str] = []
    for r in rows:
        if r.disputed:
            continue
        c = answers[r.id]
        correction = r.label in real.CORRECTIONS
        text = " ".join(r.text.split())[: args.width]
        if c.type in TYPES:
            by_rule[c.rule or "?"]["on corrections" if correction else "on non-corrections"] += 1
            if args.false_hits and not correction:
                shown.append(f"FALSE {r.lang} {c.rule} {text}")
        elif args.misses and correction:
            shown.append(f"MISS {r.lang} {r.label:22} [{c.type}/{c.excluded or c.rule or '-'}] {text}")
    print("\nrule hits (on corrections / on non-corrections):")
    for name, k in sorted(by_rule.items()):
        print(f"  {name:50} {k['on corrections']:3} {k['on non-corrections']:3}")
    if args.by_repo:
        print(_held_out(real, rows, answers))
    if args.claim_all:
        print(_claim_all(real, rows, args.width, args.false_hits))
    for line in shown:
        print(line)
    return 0


def rule_family(name: str) -> str:
    """`en.result-error.still-after-claim.opening` -> `en.result-error.still-after-claim`."""
    return name.removesuffix(".opening")


def _held_out(real: ModuleType, rows: Sequence[Any], answers: dict[str, Classification]) -> str:
    """The rules' repositories, and the scores with each correction typed only by a rule that
    typed a correction in another repository too (leave one repository out)."""
    repos: dict[str, Counter[str]] = defaultdict(Counter)  # rule -> repository -> corrections typed
    for r in rows:
        c = answers[r.id]
        if not r.disputed and c.type in TYPES and r.label in real.CORRECTIONS:
            repos[rule_family(c.rule or "?")][r.repo] += 1

    def held_out(r: Any) -> str:  # a classify_real.Row (the module is loaded from its file)
        c = answers[r.id]
        if c.type not in TYPES or r.label not in real.CORRECTIONS:
            return c.type
        others = set(repos[rule_family(c.rule or "?")]) - {r.repo}
        return c.type if others else "none"

    lines = ["", "corrections typed by each rule, by repository (a rule seen in one repository only: *):"]
    for name, k in sorted(repos.items()):
        lines.append(f"  {name:50} {sum(k.values()):3} in {len(k):2} {'*' if len(k) < 2 else ''}")
    lines += ["", real.table("rules alone, each repository held out", real.evaluate(rows, held_out))]
    return "\n".join(lines)


CLAIMED = ("Done.", ("Edit",))  # a previous turn that claimed its work and edited a file


def _claim_all(real: ModuleType, rows: Sequence[Any], width: int, texts: bool) -> str:
    """The rules that type a non-correction when its context is a claim, with their repositories."""
    hits: dict[str, Counter[str]] = defaultdict(Counter)
    shown = []
    for r in rows:
        if r.disputed or r.label in real.CORRECTIONS:
            continue
        c = classify(r.text, previous=CLAIMED[0], previous_tools=CLAIMED[1])
        if c.type in TYPES:
            hits[rule_family(c.rule or "?")][r.repo] += 1
            if texts:
                shown.append(f"CLAIMED-FALSE {r.lang} {c.rule} {' '.join(r.text.split())[:width]}")
    lines = ["", f"non-corrections typed with every context a claim ({sum(sum(k.values()) for k in hits.values())}):"]
    lines += [f"  {name:50} {sum(k.values()):3} in {len(k):2}" for name, k in sorted(hits.items())]
    return "\n".join([*lines, *shown])


if __name__ == "__main__":
    raise SystemExit(main())
