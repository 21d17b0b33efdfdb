"""Replay the Stop guards over recorded turns, to measure them before turning them on.

The same decision functions as the Stop hook (`hooks/guards/evidence.py`, `hooks/guards/search_posture.py`),
applied to every finished turn the collector's sources read from the logs. Nothing is stored.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from git_ledger.hooks.guards import evidence, search_posture
from git_ledger.models import Turn


@dataclass(frozen=True)
class Fired:
    guard: str  # evidence | search-posture
    agent: str
    session: str
    date: str
    path: str
    text: str  # the claim, or the offending commands (raw: the caller masks before printing)
    why: str  # the claim's language, or why the searches count as guessing

    def as_json(self) -> dict[str, str]:
        return {"guard": self.guard, "agent": self.agent, "session": self.session, "date": self.date,
                "path": self.path, "text": self.text, "why": self.why}


@dataclass
class Report:
    logs: int = 0
    unreadable: list[str] = field(default_factory=list)
    turns: int = 0  # finished, not interrupted: the turns a Stop hook runs after
    skipped_interrupted: int = 0  # Stop hooks do not run on an interrupt
    skipped_unfinished: int = 0  # the last turn of a log still being written
    passed_gate: int = 0  # called at least one tool: the evidence guard is silent at once
    claims: int = 0
    search_turns: int = 0  # turns whose repository names a preferred search tool
    reminders: int = 0
    preferred: set[str] = field(default_factory=set)
    fired: list[Fired] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {
            "logs": self.logs, "unreadable": self.unreadable, "turns": self.turns,
            "skipped_interrupted": self.skipped_interrupted,
            "skipped_unfinished": self.skipped_unfinished, "passed_tool_gate": self.passed_gate,
            "no_tool_turns": self.turns - self.passed_gate, "claims": self.claims,
            "search_posture_turns": self.search_turns, "reminders": self.reminders,
            "preferred": sorted(self.preferred), "fired": [f.as_json() for f in self.fired],
        }


def replay_turns(
    report: Report,
    turns: Iterable[Turn],
    preferred_for: Callable[[Turn], str | None],
    since: str | None = None,
) -> None:
    """Run both guards over `turns` (one log's), adding to `report`."""
    for turn in turns:
        date = (turn.ended or turn.started)[:10]
        if since is not None and date and date < since:
            continue
        if not turn.finished:
            report.skipped_unfinished += 1
            continue
        if turn.interrupted:
            report.skipped_interrupted += 1
            continue
        report.turns += 1
        if turn.tool_calls:
            report.passed_gate += 1
        claim = evidence.decide(len(turn.tool_calls), turn.final_text)
        if claim is not None:
            report.claims += 1
            report.fired.append(Fired(evidence.GUARD, turn.agent, turn.session, date, turn.path,
                                      claim.text, claim.lang))
        preferred = preferred_for(turn)
        if not preferred:
            continue
        report.search_turns += 1
        report.preferred.add(preferred)
        shells = [c.shell for c in turn.tool_calls if c.shell]
        reminder = search_posture.decide(shells, preferred)
        if reminder is not None:
            report.reminders += 1
            report.fired.append(Fired(search_posture.GUARD, turn.agent, turn.session, date,
                                      turn.path, "\n".join(reminder.commands), reminder.why))
