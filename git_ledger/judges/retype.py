"""The model pass over `other` cases: ask the panel in batches, retype only on agreement.

Called by `git-ledger retype` and by `git-ledger collect --llm`. Only `other` cases are sent,
only their masked text (masked again here, in case the case predates a better mask), their
previous tool calls and the end of the agent's message before them (`Case.previous`). Each
batch's answers are cached as they come and its retypes written before the next batch starts,
so an interrupted run loses nothing and a rerun asks nothing twice.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from git_ledger.judges.base import Judge, JudgeInput
from git_ledger.judges.panel import AGREED, PanelStats, ask_panel
from git_ledger.masking import mask as redact
from git_ledger.models import OTHER, TYPES, Case
from git_ledger.store.store import Store

BATCH_SIZE = 20


@dataclass
class RetypeResult:
    considered: int = 0
    retyped: dict[str, int] = field(default_factory=dict)  # type -> cases
    kept: dict[str, int] = field(default_factory=dict)  # reason -> cases left `other`
    stats: PanelStats = field(default_factory=PanelStats)

    @property
    def retyped_total(self) -> int:
        return sum(self.retyped.values())

    def lines(self, judges: Sequence[Judge]) -> list[str]:
        """The summary a command prints (counts only, never message text)."""
        if not self.considered:
            return ["no `other` cases to judge"]

        def counts(d: dict[str, int], order: Sequence[str] = ()) -> str:
            keys = [k for k in order if k in d] + sorted(k for k in d if k not in order)
            return ", ".join(f"{k} {d[k]}" for k in keys)

        out = [f"judged {self.considered} `other` case{'s' * (self.considered != 1)}"]
        out.append(f"retyped {self.retyped_total}" + (f": {counts(self.retyped, TYPES)}" if self.retyped else ""))
        kept = self.considered - self.retyped_total
        out.append(f"kept as other {kept}" + (f": {counts(self.kept)}" if self.kept else ""))
        calls = [
            f"{j.name} {self.stats.calls.get(j.name, 0)} (+{self.stats.cached.get(j.name, 0)} cached)"
            for j in judges
        ]
        out.append("calls: " + ", ".join(calls))
        for label, n in sorted(self.stats.problems.items()):
            out.append(f"  {label} x{n}: {self.stats.examples.get(label, '')}".rstrip(": "))
        return out


def judge_input(case: Case) -> JudgeInput:
    return JudgeInput(redact.mask(case.text), redact.mask(case.context), redact.mask(case.previous))


def retype_other(
    store: Store,
    judges: Sequence[Judge],
    *,
    now: str,
    since: str | None = None,
    repo: str | None = None,
    batch_size: int = BATCH_SIZE,
    progress: Callable[[int, int], None] | None = None,
) -> RetypeResult:
    """Ask `judges` about every `other` case (from `since`, of `repo`); retype the agreed ones."""
    result = RetypeResult()
    cases = store.cases(types=[OTHER], since=since, repo=repo, newest_first=False)
    result.considered = len(cases)
    for start in range(0, len(cases), max(1, batch_size)):
        batch = cases[start:start + batch_size]
        batch_stats = PanelStats()
        verdicts = ask_panel(
            judges, [judge_input(c) for c in batch], cache=store, now=now, stats=batch_stats
        )
        for case, v in zip(batch, verdicts):
            if v.reason == AGREED and v.type is not None:
                current = store.case(case.id)
                if current is None or current.type != OTHER:  # typed by someone else meanwhile
                    result.kept["changed meanwhile"] = result.kept.get("changed meanwhile", 0) + 1
                    continue
                store.retype(case.id, v.type, v.typed_by)
                result.retyped[v.type] = result.retyped.get(v.type, 0) + 1
            else:
                result.kept[v.reason] = result.kept.get(v.reason, 0) + 1
        result.stats.merge(batch_stats)
        if progress is not None:
            progress(min(start + batch_size, len(cases)), len(cases))
    return result
