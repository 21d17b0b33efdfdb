"""Precision and recall of the rule classifier on a labelled JSONL file, per language.

    python bench/classify_eval.py tests/data/classify_eval.jsonl [--holdout tests/data/classify_holdout.jsonl]
        [--errors] [--markdown]

Each line: {"text", "label", "lang", "note"} and optionally "kind" (an event kind such as
assistant_text, review_finding, hook_block: evaluated through classify_event, "none" = not a case).
"Typed" means one of the four types; typed precision is the share of typed predictions whose label
is typed too (any type), exact precision also requires the same type. Only typed predictions
count anywhere in the product, so these are the numbers that matter; other/none is reported as
agreement only.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from git_ledger.classify.classify import classify, classify_event  # noqa: E402
from git_ledger.models import NONE, TYPES, Event  # noqa: E402

LANGS = ("en", "zh", "ja", "ko")


def predict(row: dict[str, str]) -> str:
    kind = row.get("kind")
    if not kind:
        return classify(row["text"]).type
    got = classify_event(Event("claude", "eval", "eval", "", "", kind, row["text"]))
    return got[1].type if got else NONE


@dataclass
class Score:
    n: int = 0
    pred_typed: int = 0
    gold_typed: int = 0
    typed_both: int = 0  # predicted typed and labelled typed (any type)
    exact: int = 0  # predicted typed with the labelled type
    untyped: int = 0  # labelled other/none
    untyped_agree: int = 0  # ... and predicted the same
    untyped_typed: int = 0  # ... but predicted as one of the four types (false corrections)
    per_type: dict[str, list[int]] = field(default_factory=lambda: {t: [0, 0, 0] for t in TYPES})
    errors: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)

    def add(self, gold: str, pred: str, row: dict[str, str]) -> None:
        self.n += 1
        g, p = gold in TYPES, pred in TYPES
        self.pred_typed += p
        self.gold_typed += g
        self.typed_both += g and p
        self.exact += p and pred == gold
        if not g:
            self.untyped += 1
            self.untyped_agree += pred == gold
            self.untyped_typed += p
        for t, counts in self.per_type.items():  # tp, predicted, labelled
            counts[0] += pred == t and gold == t
            counts[1] += pred == t
            counts[2] += gold == t
        if pred != gold and (g or p):
            self.errors.append((gold, pred, row))

    @staticmethod
    def ratio(a: int, b: int) -> float | None:
        return a / b if b else None

    @property
    def precision(self) -> float | None:
        return self.ratio(self.typed_both, self.pred_typed)

    @property
    def recall(self) -> float | None:
        return self.ratio(self.typed_both, self.gold_typed)

    @property
    def exact_precision(self) -> float | None:
        return self.ratio(self.exact, self.pred_typed)

    @property
    def exact_recall(self) -> float | None:
        return self.ratio(self.exact, self.gold_typed)


def evaluate(rows: Iterable[dict[str, str]]) -> dict[str, Score]:
    """Scores keyed by language, "events" (rows with a kind) and "all"."""
    scores: dict[str, Score] = {}
    for row in rows:
        pred = predict(row)
        keys = ["all", "events" if row.get("kind") else row["lang"]]
        for key in keys:
            scores.setdefault(key, Score()).add(row["label"], pred, row)
    return scores


def load(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def table(scores: dict[str, Score]) -> str:
    head = ("| set | n | labelled typed | predicted typed | typed precision | typed recall "
            "| exact-type precision | exact-type recall | non-corrections typed | other/none agreement |")
    lines = [head, "|" + "---|" * 10]
    for key in (*LANGS, "events", "all"):
        s = scores.get(key)
        if s is None:
            continue
        lines.append(
            f"| {key} | {s.n} | {s.gold_typed} | {s.pred_typed} | {_pct(s.precision)} "
            f"| {_pct(s.recall)} | {_pct(s.exact_precision)} | {_pct(s.exact_recall)} "
            f"| {s.untyped_typed}/{s.untyped} | {_pct(Score.ratio(s.untyped_agree, s.untyped))} |"
        )
    return "\n".join(lines)


def type_table(s: Score) -> str:
    lines = ["| type | labelled | predicted | precision | recall |", "|---|---|---|---|---|"]
    for t, (tp, pred, gold) in s.per_type.items():
        lines.append(f"| {t} | {gold} | {pred} | {_pct(Score.ratio(tp, pred))} | {_pct(Score.ratio(tp, gold))} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("eval", type=Path)
    parser.add_argument("--holdout", type=Path)
    parser.add_argument("--errors", action="store_true", help="list every typed mistake")
    args = parser.parse_args(argv)
    for title, path in (("tuned", args.eval), ("held-out", args.holdout)):
        if path is None:
            continue
        scores = evaluate(load(path))
        print(f"## {title}: {path.name}\n\n{table(scores)}\n\nper type (all):\n\n{type_table(scores['all'])}\n")
        if args.errors:
            for gold, pred, row in scores["all"].errors:
                print(f"  label={gold:22} got={pred:22} [{row['lang']}{'/' + row['kind'] if row.get('kind') else ''}] {row['text'][:90]!r}")
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
