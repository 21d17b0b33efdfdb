"""`judge eval`: measure each judge, and the agreement rule, on a labelled JSONL file.

A line is `{"text": …, "label": …}` (optionally `"previous_tools"`, a string or a list, and
`"previous"`, the agent's message before it), the label one of the four
types or `none`. Precision is over the messages a judge typed (how often a type it gave was the
right one); recall is over the messages labelled with a type. `false` counts messages labelled
`none` that were typed anyway: the mistake that costs most.
"""
from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from git_ledger.errors import FatalError
from git_ledger.judges.base import ANSWERS, OK, Answer, Judge, JudgeInput
from git_ledger.judges.panel import AGREED, NO_QUORUM, SAID_NONE, verdict
from git_ledger.masking import mask as redact
from git_ledger.models import NONE, PREVIOUS_CHARS, TYPES


@dataclass(frozen=True)
class Labelled:
    item: JudgeInput
    label: str


def read_labelled(path: Path) -> tuple[list[Labelled], int]:
    """The usable lines of `path` (masked), and how many lines were skipped as malformed."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise FatalError(f"cannot read {path}: {e}") from e
    out: list[Labelled] = []
    skipped = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            skipped += 1
            continue
        if not isinstance(obj, dict) or not isinstance(obj.get("text"), str) or obj.get("label") not in ANSWERS:
            skipped += 1
            continue
        tools = obj.get("previous_tools", "")
        tools = "; ".join(t for t in tools if isinstance(t, str)) if isinstance(tools, list) else tools
        tools = tools if isinstance(tools, str) else ""
        previous = obj.get("previous", "")
        previous = redact.mask_tail(previous, PREVIOUS_CHARS) if isinstance(previous, str) else ""
        # The file holds raw text: mask it before any judge sees it, as retype does.
        out.append(Labelled(JudgeInput(redact.mask(obj["text"]), redact.mask(tools), previous), obj["label"]))
    return out, skipped


@dataclass
class Score:
    name: str
    asked: int = 0
    typed: int = 0  # answered with a type
    correct: int = 0  # ... and it was the labelled type
    false: int = 0  # typed a message labelled none
    wrong_type: int = 0  # typed a correction with another type
    positives: int = 0  # messages labelled with a type
    no_vote: int = 0  # abstained, timed out, failed or answered garbage
    seconds: list[float] = field(default_factory=list)

    def add(self, label: str, answer: str | None) -> None:
        self.asked += 1
        self.positives += label in TYPES
        if answer is None:
            self.no_vote += 1
        elif answer in TYPES:
            self.typed += 1
            if answer == label:
                self.correct += 1
            elif label == NONE:
                self.false += 1
            else:
                self.wrong_type += 1

    @property
    def precision(self) -> float | None:
        return self.correct / self.typed if self.typed else None

    @property
    def recall(self) -> float | None:
        return self.correct / self.positives if self.positives else None

    def as_json(self) -> dict[str, object]:
        median = statistics.median(self.seconds) if self.seconds else None
        return {
            "judge": self.name, "asked": self.asked, "typed": self.typed, "correct": self.correct,
            "false": self.false, "wrong_type": self.wrong_type, "no_vote": self.no_vote,
            "positives": self.positives, "precision": self.precision, "recall": self.recall,
            "median_ms": None if median is None else round(median * 1000, 1),
        }


def evaluate(judges: Sequence[Judge], data: Sequence[Labelled]) -> list[Score]:
    """One Score per judge, then one named `agreed` for the agreement rule over all of them."""
    items = [d.item for d in data]
    per_judge: list[list[Answer]] = [judge.judge(items) for judge in judges]
    scores: list[Score] = []
    for judge, answers in zip(judges, per_judge):
        score = Score(judge.name)
        for d, a in zip(data, answers):
            score.add(d.label, a.value if a.status == OK else None)
            score.seconds.append(a.seconds)
        scores.append(score)
    agreed = Score("agreed")
    for i, d in enumerate(data):
        v = verdict([(j.name, answers[i]) for j, answers in zip(judges, per_judge)])
        reason = v.reason if v is not None else NO_QUORUM
        # `none` when a judge said so; no vote when the panel disagreed or could not agree.
        answer = NONE if reason == SAID_NONE else None
        agreed.add(d.label, v.type if v is not None and reason == AGREED else answer)
    scores.append(agreed)
    return scores


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def table(scores: Sequence[Score]) -> str:
    head = ("judge", "asked", "typed", "correct", "false", "wrong", "no-vote", "precision", "recall", "median ms")
    rows = [head]
    for s in scores:
        j = s.as_json()
        rows.append((
            s.name, str(s.asked), str(s.typed), str(s.correct), str(s.false), str(s.wrong_type),
            str(s.no_vote), _pct(s.precision), _pct(s.recall),
            "-" if j["median_ms"] is None else f"{j['median_ms']:.0f}",
        ))
    widths = [max(len(r[c]) for r in rows) for c in range(len(head))]
    return "\n".join(
        "  ".join(cell.ljust(w) if c == 0 else cell.rjust(w) for c, (cell, w) in enumerate(zip(r, widths)))
        for r in rows
    )
