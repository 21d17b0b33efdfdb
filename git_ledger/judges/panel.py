"""The agreement rule, and asking a panel of judges about a batch of messages.

A case counts like a rule-typed one only when two judges return the same type and no judge that
was asked said otherwise (`none` or another type). Abstentions, timeouts, errors and garbage
are no vote. Judges are asked in config order, and a judge is asked about a message only while
the message can still be typed: after a `none`, a conflicting type or an agreement, the rest of
the panel is spared the call (and its cost). Put the cheap judge first.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from git_ledger.judges.base import CACHEABLE, OK, Answer, Judge, JudgeInput
from git_ledger.models import NONE

# Why a message stays `other`.
AGREED, SAID_NONE, DISAGREED, NO_QUORUM = "agreed", "none", "disagreement", "no-quorum"


@dataclass(frozen=True)
class Verdict:
    type: str | None  # the agreed type, or None (the case stays `other`)
    reason: str  # AGREED | SAID_NONE | DISAGREED | NO_QUORUM
    typed_by: str = ""  # "judges:a+b" when agreed
    answers: tuple[tuple[str, Answer], ...] = ()  # (judge name, answer), in the order asked


def verdict(answers: Sequence[tuple[str, Answer]], remaining: int = 0) -> Verdict | None:
    """Fold answers in the order asked; None while `remaining` judges could still settle it."""
    votes: dict[str, list[str]] = {}
    for name, answer in answers:
        value = answer.vote
        if value is None:
            continue
        if value == NONE:
            return Verdict(None, SAID_NONE, answers=tuple(answers))
        if votes and value not in votes:
            return Verdict(None, DISAGREED, answers=tuple(answers))
        votes.setdefault(value, []).append(name)
        if len(votes[value]) == 2:
            return Verdict(value, AGREED, "judges:" + "+".join(votes[value]), tuple(answers))
    best = max((len(v) for v in votes.values()), default=0)
    if best + remaining >= 2:
        return None
    return Verdict(None, NO_QUORUM, answers=tuple(answers))


class AnswerCache(Protocol):
    def judge_answer(self, text_hash: str, judge: str) -> str | None: ...

    def remember_judge_answer(self, text_hash: str, judge: str, answer: str, at: str) -> None: ...


@dataclass
class PanelStats:
    calls: dict[str, int] = field(default_factory=dict)  # judge -> questions actually sent
    cached: dict[str, int] = field(default_factory=dict)  # judge -> answers from the cache
    problems: dict[str, int] = field(default_factory=dict)  # "judge: status" -> count
    examples: dict[str, str] = field(default_factory=dict)  # "judge: status" -> one detail

    def merge(self, other: PanelStats) -> None:
        pairs = ((self.calls, other.calls), (self.cached, other.cached), (self.problems, other.problems))
        for mine, theirs in pairs:
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.examples.update(other.examples)


def ask_panel(
    judges: Sequence[Judge],
    items: Sequence[JudgeInput],
    *,
    cache: AnswerCache | None = None,
    now: str = "",
    stats: PanelStats | None = None,
) -> list[Verdict]:
    """One verdict per item, asking each judge only about the items still open."""
    stats = stats if stats is not None else PanelStats()
    answers: list[list[tuple[str, Answer]]] = [[] for _ in items]
    settled: list[Verdict | None] = [None] * len(items)
    hashes = [item.text_hash() for item in items]
    for n, judge in enumerate(judges):
        remaining = len(judges) - n
        open_ = [i for i in range(len(items)) if settled[i] is None]
        ask: list[int] = []
        for i in open_:
            stored = cache.judge_answer(hashes[i], judge.cache_key) if cache is not None else None
            if stored is not None:
                answers[i].append((judge.name, Answer.from_cache(stored)))
                stats.cached[judge.name] = stats.cached.get(judge.name, 0) + 1
            else:
                ask.append(i)
        fresh = judge.judge([items[i] for i in ask]) if ask else []
        stats.calls[judge.name] = stats.calls.get(judge.name, 0) + len(ask)
        for i, answer in zip(ask, fresh):
            answers[i].append((judge.name, answer))
            if cache is not None and answer.status in CACHEABLE:
                cache.remember_judge_answer(hashes[i], judge.cache_key, answer.cache_value(), now)
            if answer.status != OK:
                label = f"{judge.name}: {answer.status}"
                stats.problems[label] = stats.problems.get(label, 0) + 1
                stats.examples[label] = answer.detail
        for i in open_:
            settled[i] = verdict(answers[i], remaining - 1)
    # With no judge left, verdict() always settles: every item has one by now.
    return [v if v is not None else Verdict(None, NO_QUORUM) for v in settled]
