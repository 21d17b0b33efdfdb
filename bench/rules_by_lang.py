"""Rules alone on the real development set, per language: precision, recall, and what they miss.

    python bench/rules_by_lang.py [--part tune|measure] [--lang zh] [--misses] [--false-hits]

Reads `messages.jsonl` from `$GIT_LEDGER_SHARED/data` or `../shared/data` beside the repository
and skips cleanly (exit 0, one line) when it is absent. Disputed rows are left out. A row counts
as a correction when its label is one of the four types or other-correction; the rules "find" it
when they give one of the four types. Precision is over typed predictions (exact: same type);
`p@85%` weights the not-correction rows up to 85% of the traffic, the real share. Texts are
printed only with --misses / --false-hits, to the terminal: never redirect them into the repo.
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from git_ledger.classify.classify import classify  # noqa: E402
from git_ledger.models import TYPES, Classification  # noqa: E402

LANGS = ("en", "zh", "ja", "ko")
NATURAL_SHARE = 0.85  # of real human messages after the first turn, not corrections


def data_file() -> Path | None:
    env = os.environ.get("GIT_LEDGER_SHARED")
    base = Path(env) if env else Path(__file__).resolve().parents[1].parent / "shared"
    path = base / "data" / "messages.jsonl"
    return path if path.is_file() else None


def typed(row: dict[str, Any]) -> Classification:
    """`classify` with the context where its signature takes it (the context API)."""
    params = inspect.signature(classify).parameters
    if "previous" in params:
        return classify(row["text"], previous=row.get("prev_assistant") or "",
                        previous_tools=row.get("prev_tools") or [])
    return classify(row["text"])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--part", default="tune", choices=("tune", "measure"))
    ap.add_argument("--lang", choices=LANGS)
    ap.add_argument("--misses", action="store_true", help="print the corrections the rules leave untyped")
    ap.add_argument("--false-hits", action="store_true", help="print the non-corrections the rules type")
    ap.add_argument("--width", type=int, default=160, help="characters of each printed text")
    args = ap.parse_args(argv)
    path = data_file()
    if path is None:
        print("rules_by_lang: no ../shared/data/messages.jsonl (set GIT_LEDGER_SHARED); skipped")
        return 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r["part"] == args.part and not r.get("disputed")
            and (args.lang is None or r["lang"] == args.lang)]
    print(f"{'lang':5} {'rows':>5} {'corr':>5} {'typed':>5} {'tp':>4} {'exact':>5} {'prec':>6} {'p@85%':>6} {'recall':>6}")
    totals: Counter[str] = Counter()
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    shown: list[str] = []
    for lang in (args.lang,) if args.lang else LANGS:
        n: Counter[str] = Counter()
        for r in (r for r in rows if r["lang"] == lang):
            c = typed(r)
            gold = r["label"] != "not-correction"
            hit = c.type in TYPES
            n["rows"] += 1
            n["corr"] += gold
            n["neg"] += not gold
            n["typed"] += hit
            n["tp"] += hit and gold
            n["fp"] += hit and not gold
            n["exact"] += hit and c.type == r["label"]
            if hit:
                by_rule[c.rule or "?"]["tp" if gold else "fp"] += 1
            text = " ".join(r["text"].split())[: args.width]
            if args.misses and gold and not hit:
                shown.append(f"MISS {lang} {r['label']:22} [{c.type}/{c.excluded or c.rule or '-'}] {text}")
            if args.false_hits and hit and not gold:
                shown.append(f"FALSE {lang} {c.rule} {text}")
        totals.update(n)
        _line(lang, n)
    if not args.lang:
        _line("all", totals)
    print("\nrule hits (tp/fp):")
    for name, k in sorted(by_rule.items()):
        print(f"  {name:45} {k['tp']:3} {k['fp']:3}")
    for s in shown:
        print(s)
    return 0


def _line(lang: str, n: Counter[str]) -> None:
    prec = n["tp"] / n["typed"] if n["typed"] else 0.0
    # Not-correction rows weighted up to NATURAL_SHARE of the traffic.
    w = (NATURAL_SHARE / (1 - NATURAL_SHARE)) * n["corr"] / n["neg"] if n["neg"] else 1.0
    natural = n["tp"] / (n["tp"] + w * n["fp"]) if n["typed"] else 0.0
    recall = n["tp"] / n["corr"] if n["corr"] else 0.0
    print(f"{lang:5} {n['rows']:5} {n['corr']:5} {n['typed']:5} {n['tp']:4} {n['exact']:5} {prec:6.3f} {natural:6.3f} {recall:6.3f}")


if __name__ == "__main__":
    raise SystemExit(main())
