"""Precision and recall of the classifier on real users' messages (the development set).

    python bench/classify_real.py [--data DIR] [--part tune|measure|both] [--errors N] [--markdown] [--check]

Reads `messages.jsonl` from the development set beside the checkout (`../shared/data`, or
`$GIT_LEDGER_SHARED/data`, or `--data`); without it, says so and exits 0 (the set is not part of
the repository and its texts never enter it: only the numbers below do). Each row is a real user
message with the agent's previous message (`prev_assistant`) and that turn's tool calls
(`prev_tools`), both given to the classifier.

What counts: a message is *typed* when the answer is one of the four types (only typed answers
reach injection and promotion). Precision is the share of typed answers whose row is labelled a
correction of any kind (the four types or `other-correction`); recall is the share of corrections
that came out typed; "exact" also requires the labelled type. Rows the labellers disputed are left
out of every figure and counted apart. At the *natural mix* the not-correction rows are weighted
up until they are 85% of the rows (real traffic: about one human message in seven after the agent's
first turn is a correction); recall does not change, precision falls with every false correction.

Columns. `COLUMNS` maps a column name to a predictor `(Row) -> str` (a type, "other" or "none").
"rules" is `rules_alone`. The judges add theirs without touching this file's logic:
`bench/judges_real.py` may define `judges_alone(row: Row) -> str` and `full_path(row: Row) -> str`,
and `columns()` picks them up as "judges" and "full path" when that module has them.

The one definition of a real-message row (`Row`, `load`) and of its scores (`Score`, `score`,
`evaluate`, `table`): bench/classify_written.py, bench/classify_harvested.py,
bench/rules_by_lang.py, tools/judge_training.py (training the local judges, which masks the
texts first), tools/train_judges.py and bench/judges_real.py all read and score rows through
them. `score(rows, answers)` scores answers given in the rows' order, `evaluate(rows, predict)`
a predictor ("all" plus each language, disputed rows apart).

`--check` (called by `.ci/run`) fails when rules-alone precision or recall on the tune part drops
below `FLOORS`, set from the figures recorded in docs/quality.md.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

REPO = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(REPO))

from git_ledger.classify.classify import classify  # noqa: E402 (after the path insert above)
from git_ledger.models import TYPES  # noqa: E402

LANGS = ("en", "zh", "ja", "ko")
CORRECTIONS = frozenset({*TYPES, "other-correction"})
NATURAL_SHARE = 0.85  # not-correction share of real traffic
# Rules alone on the tune part must stay at or above these (precision, recall), per language and
# overall: the figures of docs/quality.md, less about one message's worth (2026-12-01, issue 13's
# "rules that carry over": en 54 typed, 100% / 53.5%; zh 31, 96.8% / 45.5%; ja 11, 100% / 34.4%;
# ko 11, 100% / 45.8%; all 107, 99.1% / 47.5%; then the phenomena rounds: en 62 typed, 100% / 61.4%;
# zh 45, 97.8% / 66.7%; ja 18, 100% / 56.2%; ko 16, 100% / 66.7%).
FLOORS: dict[str, tuple[float, float]] = {
    "all": (0.97, 0.60), "en": (0.98, 0.60), "zh": (0.95, 0.68), "ja": (0.94, 0.53), "ko": (0.93, 0.62),
}


class Row(NamedTuple):
    id: str
    lang: str
    text: str
    previous: str | None
    previous_tools: tuple[str, ...]
    label: str
    part: str
    disputed: bool
    repo: str = ""  # the source repository (`source_repo`): rules_by_lang --by-repo holds repositories out

    @property
    def correction(self) -> bool:
        """Labelled a correction of any kind (the four types or `other-correction`)."""
        return self.label in CORRECTIONS


Predictor = Callable[[Row], str | None]  # a type, "other", "none"; None for no answer


def data_dir(given: str | None = None) -> Path:
    if given:
        return Path(given)
    shared = os.environ.get("GIT_LEDGER_SHARED")
    return Path(shared) / "data" if shared else REPO.parent / "shared" / "data"


def load(path: Path, part_of: Callable[[dict[str, Any]], str] | None = None) -> list[Row]:
    """The rows of a file in the development set's format; `part_of` names a row's part where the
    file has no `part` field (our written sets, bench/classify_written.py)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        rows.append(Row(r["id"], r["lang"], r["text"], r.get("prev_assistant") or None, tuple(r.get("prev_tools") or ()),
                        r["label"], part_of(r) if part_of else r["part"], bool(r.get("disputed")),
                        r.get("source_repo", "")))
    return rows


def rules_alone(row: Row) -> str:
    return classify(row.text, previous=row.previous, previous_tools=row.previous_tools).type


@dataclass
class Score:
    corrections: int = 0
    not_corrections: int = 0
    typed: int = 0  # answers of one of the four types
    typed_right: int = 0  # ... on a correction
    exact: int = 0  # ... of the labelled type
    false: list[Row] = field(default_factory=list)  # typed, labelled not-correction
    missed: list[Row] = field(default_factory=list)  # corrections not typed

    def add(self, row: Row, answer: str | None) -> None:
        corr = row.correction
        typed = answer in TYPES
        self.corrections += corr
        self.not_corrections += not corr
        self.typed += typed
        self.typed_right += typed and corr
        self.exact += typed and answer == row.label
        if typed and not corr:
            self.false.append(row)
        if corr and not typed:
            self.missed.append(row)

    @property
    def rows(self) -> int:
        return self.corrections + self.not_corrections

    @property
    def precision(self) -> float | None:
        return self.typed_right / self.typed if self.typed else None

    @property
    def exact_precision(self) -> float | None:
        """The share of typed answers of the labelled type."""
        return self.exact / self.typed if self.typed else None

    @property
    def recall(self) -> float | None:
        return self.typed_right / self.corrections if self.corrections else None

    @property
    def natural_precision(self) -> float | None:
        """Precision with the not-correction rows weighted up to `NATURAL_SHARE` of all rows."""
        if not self.typed:
            return None
        fp = self.typed - self.typed_right
        if not fp:
            return 1.0
        if not self.typed_right:  # every typed answer false: at any mix
            return 0.0
        weight = (NATURAL_SHARE / (1 - NATURAL_SHARE)) * self.corrections / self.not_corrections
        return self.typed_right / (self.typed_right + weight * fp)


def score(rows: Iterable[Row], answers: Iterable[str | None]) -> dict[str, Score]:
    """Scores of `answers` (one per row, in the rows' order) overall ("all") and per language;
    disputed rows under "disputed"."""
    scores = {k: Score() for k in ("all", *LANGS, "disputed")}
    for row, answer in zip(rows, answers, strict=True):
        if row.disputed:
            scores["disputed"].add(row, answer)
            continue
        scores["all"].add(row, answer)
        scores[row.lang].add(row, answer)
    return scores


def evaluate(rows: Sequence[Row], predict: Predictor) -> dict[str, Score]:
    """Scores of `predict` on `rows` (`score` of its answers)."""
    return score(rows, [predict(row) for row in rows])


def columns() -> dict[str, Predictor]:
    """"rules", and the judges' columns when `bench/judges_real.py` defines them."""
    cols: dict[str, Predictor] = {"rules": rules_alone}
    spec = importlib.util.spec_from_file_location("bench_judges", REPO / "bench" / "judges_real.py")
    if spec and spec.loader and (REPO / "bench" / "judges_real.py").exists():
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for attr, name in (("judges_alone", "judges"), ("full_path", "full path")):
            fn = getattr(module, attr, None)
            if callable(fn):
                cols[name] = fn
    return cols


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def table(title: str, scores: dict[str, Score]) -> str:
    lines = [f"### {title}", "",
             ("| lang | corrections / rows | typed | precision | recall | exact type | precision at natural mix "
              "| false corrections |"), "|---|---|---|---|---|---|---|---|"]
    for key in ("all", *LANGS, "disputed"):
        s = scores[key]
        if key == "disputed" and not s.rows:  # none, or left out before scoring (the judges' training rows)
            continue
        lines.append(f"| {key} | {s.corrections} / {s.rows} | {s.typed} | "
                     f"{pct(s.precision)} | {pct(s.recall)} | {s.exact}/{s.typed} | {pct(s.natural_precision)} | "
                     f"{len(s.false)}/{s.not_corrections} |")
    return "\n".join(lines)


def check(scores: dict[str, Score]) -> list[str]:
    """What falls below `FLOORS` (rules alone on the tune part)."""
    failures = []
    for key, (p_floor, r_floor) in FLOORS.items():
        s = scores[key]
        p, r = s.precision or 0.0, s.recall or 0.0
        if p < p_floor - 1e-9 or r < r_floor - 1e-9:
            failures.append(f"{key}: precision {p:.3f} (floor {p_floor}), recall {r:.3f} (floor {r_floor})")
    return failures


def errors(scores: Score, n: int, predict: Predictor) -> str:
    """Row ids only by default: the texts stay in the development set (print them locally with --texts)."""
    out = [f"false corrections ({len(scores.false)}):"]
    out += [f"  {r.id} {r.lang} {r.label} -> {predict(r)}" for r in scores.false[:n]]
    out.append(f"missed corrections ({len(scores.missed)}):")
    out += [f"  {r.id} {r.lang} {r.label} -> {predict(r)}" for r in scores.missed[:n]]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--data", help="the development set's folder (default ../shared/data or $GIT_LEDGER_SHARED/data)")
    ap.add_argument("--part", choices=("tune", "measure", "both"), default="both")
    ap.add_argument("--errors", type=int, default=0, metavar="N", help="list N false and N missed rows by id")
    ap.add_argument("--check", action="store_true", help="fail when rules alone on tune drop below FLOORS")
    args = ap.parse_args(argv)
    path = data_dir(args.data) / "messages.jsonl"
    if not path.exists():
        print(f"{path} not found: the development set is not beside this checkout; skipped")
        return 0
    rows = load(path)
    if args.check:
        failures = check(evaluate([r for r in rows if r.part == "tune"], rules_alone))
        for f in failures:
            print(f"classify_real --check: {f}", file=sys.stderr)
        if not failures:
            print("classify_real --check: rules alone on tune at or above the floors")
        return 1 if failures else 0
    parts = ("tune", "measure") if args.part == "both" else (args.part,)
    for name, predict in columns().items():
        for part in parts:
            scores = evaluate([r for r in rows if r.part == part], predict)
            print(table(f"{name} — {part} ({sum(r.part == part for r in rows)} rows)", scores), end="\n\n")
            if args.errors:
                print(errors(scores["all"], args.errors, predict), end="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
