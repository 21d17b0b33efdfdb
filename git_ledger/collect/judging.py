"""`collect --llm` at collect time: the judges read the new human messages that the rules left
`none` where the judges' trained scope sends them (`judges.fullpath`, exactly as
`git-ledger classify --llm` chooses them), and such a message becomes a case only when two judges
agree on a type.

A worker picks the candidates (collect.work, with a scope); the main process asks the panel once
per batch of files it saves, before that batch's transaction, so a crash loses no more than the
files in progress. A candidate the judges do not type leaves nothing behind: no case, no text, and
no cached answer (the answer cache is keyed by a hash of the text, and these are mostly not
corrections). `retype` still judges the stored `other` cases, as before.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from git_ledger.judges.base import Judge
from git_ledger.judges.fullpath import Message, final_type, judge_untyped
from git_ledger.judges.panel import PanelStats
from git_ledger.models import TYPES, Case, Classification


class Candidate(NamedTuple):
    case: Case  # the case it would be (text masked, as every case), `none` for now
    message: Message  # what the judges read: the same text, the agent's previous message, its calls
    rules: Classification  # what the rules said (`none`, with its reason)


def typed_by(scope: str, agreed: str) -> str:
    """`judges.<scope>:a+b`: typed by judges a and b on a message the rules left untyped (a stored
    `other` retyped by them is `judges:a+b`)."""
    return f"judges.{scope}:{agreed.partition(':')[2]}"


@dataclass
class CollectJudges:
    """The panel and scope of one `collect --llm` run, and what it judged (counts only)."""

    judges: Sequence[Judge]
    scope: str
    judged: int = 0
    typed: dict[str, int] = field(default_factory=dict)  # type -> messages
    stats: PanelStats = field(default_factory=PanelStats)

    @property
    def typed_total(self) -> int:
        return sum(self.typed.values())

    def typed_cases(self, candidates: Sequence[Candidate]) -> list[Case]:
        """The candidates two judges typed, as cases; the others are dropped."""
        if not candidates:
            return []
        verdicts = judge_untyped([c.message for c in candidates], [c.rules for c in candidates], self.judges,
                                 scope=self.scope, stats=self.stats)
        out = []
        for cand, v in zip(candidates, verdicts):
            if v is None:
                continue
            self.judged += 1
            kind = final_type(cand.rules, v)
            if kind in TYPES:
                self.typed[kind] = self.typed.get(kind, 0) + 1
                out.append(replace(cand.case, type=kind, typed_by=typed_by(self.scope, v.typed_by)))
        return out

    def lines(self) -> list[str]:
        """The summary `collect --llm` prints (counts only, never message text)."""
        typed = ", ".join(f"{t} {self.typed[t]}" for t in TYPES if t in self.typed)
        calls = ", ".join(f"{j.name} {self.stats.calls.get(j.name, 0)}" for j in self.judges)
        return [f"judged {self.judged} untyped message{'s' * (self.judged != 1)} (scope {self.scope}), "
                f"typed {self.typed_total}" + (f": {typed}" if typed else ""), f"  calls: {calls}"]

    def as_json(self) -> dict[str, object]:
        return {"scope": self.scope, "judged": self.judged, "typed": dict(sorted(self.typed.items())),
                "calls": dict(sorted(self.stats.calls.items()))}
