"""Plain records that flow one way: logs -> Event -> Case -> proposals.

Everything here is immutable data with no behaviour beyond formatting, so every module can
import it without pulling anything heavy onto a hook's import path.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

# The agents whose logs are read: their own session logs, and the exports people keep of them.
AGENTS = ("claude", "codex", "gemini", "cursor", "copilot", "aider", "specstory")

# Event kinds. Human text: prompt, rejection_feedback, queued_prompt. Markers: interrupt.
# Self-found: hook_block (a hook denied a tool call or sent Stop feedback), review_finding (a
# reviewer subagent's result), assistant_text (the agent's own words, for admissions).
EVENT_KINDS = (
    "prompt",
    "interrupt",
    "rejection_feedback",
    "queued_prompt",
    "hook_block",
    "review_finding",
    "assistant_text",
)
HUMAN_KINDS = frozenset({"prompt", "rejection_feedback", "queued_prompt"})

# Case types, in the order the rules try them (first match wins).
TYPES = ("omission", "instruction-violation", "premise-error", "result-error")
OTHER = "other"
NONE = "none"
SOURCES = ("human", "review", "hook", "guard", "self")
# How much of the end of the agent's message before a human one the judges read and a case keeps:
# enough for its claim or its question.
PREVIOUS_CHARS = 300
SELF_FOUND_SOURCES = frozenset({"review", "hook", "guard", "self"})


@dataclass(frozen=True)
class ToolCall:
    """One tool call of an agent turn: its id (for de-duplication), name and a short target."""

    id: str
    name: str
    target: str = ""  # short: a file path, a command's first 80 characters, a pattern
    arguments: str = ""  # the call's input as compact JSON, cut at 4 KB (for `cards scan --calls`)
    shell: str = ""  # the full command line when the tool runs a shell command, else ""

    def short(self) -> str:
        return f"{self.name} {self.target}".strip()


def format_tools(tools: tuple[ToolCall, ...] | list[ToolCall], limit: int = 8) -> str:
    """`Edit src/app.py; Bash pytest -q; … (+3)` — the "where it went wrong" context."""
    shown = [t.short() for t in tools[:limit]]
    extra = len(tools) - len(shown)
    return "; ".join(shown) + (f"; … (+{extra})" if extra > 0 else "")


@dataclass(frozen=True)
class Event:
    """Something a log says happened, in the words of whoever said it (raw, not yet masked)."""

    agent: str
    session: str
    uuid: str  # the record's own id (or a stable stand-in), unique within the session
    timestamp: str  # ISO-8601 as written in the log ("" when the log has none)
    cwd: str
    kind: str
    text: str
    tools: tuple[ToolCall, ...] = ()  # the calls of the agent turn before this event
    path: str = ""  # the log file it came from
    after_interrupt: bool = False  # a human message right after an interrupt marker
    is_final: bool = False  # assistant_text: the last text of its turn
    opens_session: bool = False  # a human message before any agent output in its log
    # A human message: the end of the agent's last text before it in the same read (None when the
    # agent said nothing since the last human message, or the read began after it).
    previous: str | None = None

    @property
    def date(self) -> str:
        return self.timestamp[:10]


def case_id(agent: str, session: str, event_uuid: str, kind: str = "") -> str:
    """Stable across rescans: the same record always yields the same id."""
    raw = f"{agent}\0{session}\0{event_uuid}\0{kind}".encode()
    return hashlib.sha256(raw).hexdigest()[:24]


def unit_fingerprint(agent: str, session: str) -> str:
    """Text-free identity of a session, safe to commit (ledger unit fingerprints)."""
    return hashlib.sha256(f"{agent}\0{session}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Case:
    """A typed (or `other`) correction or self-found error, with its text already masked."""

    id: str
    repo: str
    agent: str
    session: str
    date: str  # YYYY-MM-DD (UTC, from the event timestamp)
    timestamp: str
    type: str  # one of TYPES or "other"
    source: str  # one of SOURCES
    text: str  # masked
    context: str  # previous tool calls, formatted
    typed_by: str  # "rule:<name>" | "judges:<a>+<b>" | "" for other
    lang: str = ""
    kind: str = ""  # the event kind it came from
    cwd: str = ""
    # The end of the agent's message before a human case (masked; what the judges read with it),
    # "" when unknown, for cases of other sources, and for cases stored before it was kept.
    previous: str = ""

    @property
    def is_typed(self) -> bool:
        return self.type in TYPES

    @property
    def is_human(self) -> bool:
        return self.source == "human"


@dataclass(frozen=True)
class Classification:
    """What the rules make of one message (the `git-ledger classify` output)."""

    type: str  # one of TYPES, "other" or "none"
    rule: str | None = None
    excluded: str | None = None
    lang: str = ""

    def as_json(self) -> dict[str, str | None]:
        return {"type": self.type, "rule": self.rule, "excluded": self.excluded, "lang": self.lang}


@dataclass
class ScanStats:
    """What one collect run saw; printed by `collect` and returned as JSON."""

    files: int = 0
    bytes: int = 0
    lines_skipped: int = 0
    events: int = 0
    events_by_kind: dict[str, int] = field(default_factory=dict)
    cases: int = 0
    cases_by_type: dict[str, int] = field(default_factory=dict)
    cases_by_source: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def count_event(self, kind: str) -> None:
        self.events += 1
        self.events_by_kind[kind] = self.events_by_kind.get(kind, 0) + 1

    def count_case(self, case: Case) -> None:
        self.cases += 1
        self.cases_by_type[case.type] = self.cases_by_type.get(case.type, 0) + 1
        self.cases_by_source[case.source] = self.cases_by_source.get(case.source, 0) + 1


@dataclass(frozen=True)
class Turn:
    """One agent turn: from a human message up to the next one (for guards, probe and scan)."""

    agent: str
    session: str
    cwd: str
    path: str
    opened_by: Event | None  # the human message that started it (None before the first one)
    tool_calls: tuple[ToolCall, ...]  # every call of the turn, unique by id, in order
    assistant_texts: tuple[str, ...]  # every assistant text block of the turn, in order
    started: str  # timestamp of the opening message (or first record)
    ended: str  # timestamp of the last record of the turn
    interrupted: bool = False  # ended by an interrupt marker instead of a final answer
    finished: bool = True  # False for the last turn of a log that is still being written

    @property
    def final_text(self) -> str:
        return self.assistant_texts[-1] if self.assistant_texts else ""
