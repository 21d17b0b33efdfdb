"""Agent session logs -> `Event`s and `Turn`s. One module per agent; this module routes.

Contract (shared by collect, inject, guards, cards):

* `detect_agent(head: bytes) -> str | None` recognises a log from its first bytes (content, not
  its name): "claude", "codex", "gemini", or None for anything else.
* `discover(roots) -> Iterator[tuple[str, Path]]` yields (agent, file) for every log under each
  root (a file or a folder searched recursively, following symlinks, without loops).
* `read_events(path, agent, offset=0, state=None) -> ReadResult` reads complete lines from
  `offset` and returns the events found, the offset just past the last complete line, the count
  of malformed lines skipped, bytes read, and the parser `state` to resume from (JSON-safe).
  A trailing line without a newline is left for next time. Gemini files are whole JSON documents:
  they are re-read when their size or mtime changes; stable event ids keep that idempotent.
* `read_turns(path, agent) -> list[Turn]` reads a whole log into turns (for replay/probe/scan).
* `scan_events(path, agent, offset, state, keep_text=…) -> Parsed` is `read_events` for the
  collector: the same events, cheaper (see `_core.Recorder`, lean): in `items`, without their
  calls (`snaps` holds them, built on demand by `calls`), and assistant texts that `keep_text`
  rules out only counted (`Tally`). tests/sources/test_scan.py holds it to `read_events`.
"""
from __future__ import annotations

import gc
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from git_ledger.walk import iter_files

if TYPE_CHECKING:
    from git_ledger.models import Event, ToolCall, Turn
    from git_ledger.sources._core import Call, Parsed

__all__ = ["ReadResult", "calls", "detect_agent", "discover", "iter_files", "read_events", "read_turns",
           "reviewer_pattern", "scan_events", "sniff", "HEAD_BYTES", "WHOLE_FILE"]
AGENTS = ("claude", "codex", "gemini")

HEAD_BYTES = 4096
# Agents whose logs are whole documents rewritten in place (re-read when size or mtime change).
WHOLE_FILE = frozenset({"gemini"})

_CLAUDE_FIRST = re.compile(
    rb'\A\{\s*"(?:parentUuid|leafUuid|isSidechain|logicalParentUuid)"\s*:'
    rb'|\A\{\s*"type"\s*:\s*"(?:summary|file-history-snapshot|queue-operation|user|assistant|system|progress'
    rb'|attachment|custom-title|ai-title|last-prompt|permission-mode|pr-link|agent-name|mode)"'
)
_CODEX_FIRST = re.compile(
    rb'\A\{\s*"timestamp"\s*:\s*"[^"]*"\s*,\s*(?:"ordinal"\s*:\s*\d+\s*,\s*)?"type"\s*:\s*'
    rb'"(?:session_meta|response_item|event_msg|turn_context)"'
    rb'|\A\{\s*"id"\s*:\s*"[0-9a-fA-F-]{36}"\s*,\s*"timestamp"\s*:'
)
_GEMINI_FIRST = re.compile(rb'\A\{\s*"sessionId"\s*:\s*"[^"]*"\s*,\s*"projectHash"\s*:')


class ReadResult(NamedTuple):
    events: list[Event]
    offset: int  # just past the last complete line (whole-file logs: their size)
    lines_skipped: int  # malformed lines (or a malformed document) skipped and counted
    bytes_read: int
    state: dict[str, Any]  # JSON-safe; pass it back with `offset` to resume


def detect_agent(head: bytes) -> str | None:
    """"claude", "codex" or "gemini" from a log's first bytes; None for anything else."""
    s = head.lstrip()
    if not s.startswith(b"{"):
        return None
    if _GEMINI_FIRST.match(s) or (
        s.startswith((b"{\n", b"{\r\n")) and b'"sessionId"' in s and b'"projectHash"' in s
    ):
        return "gemini"
    if _CODEX_FIRST.match(s):
        return "codex"
    first = s.split(b"\n", 1)[0]
    if _CLAUDE_FIRST.match(first) or (re.search(rb'"sessionId"\s*:\s*"', first) and re.search(rb'"uuid"\s*:\s*"', first)):
        return "claude"
    return None


def sniff(path: str | Path) -> str | None:
    try:  # os.open/os.read: half the cost of open() for a first scan's thousands of files
        fd = os.open(path, os.O_RDONLY)
        try:
            head = os.read(fd, HEAD_BYTES)
        finally:
            os.close(fd)
    except OSError:
        return None
    return detect_agent(head)


def discover(roots: Iterable[str | Path | tuple[str, str | Path]]) -> Iterator[tuple[str, Path]]:
    """(agent, file) for every log under the roots, recognised by content. A root may also be an
    (agent filter, root) pair as `commands._common.log_roots` gives: "all" or one agent."""
    seen: tuple[set[tuple[int, int]], set[tuple[int, int]]] = (set(), set())
    for root in roots:
        wanted, top = root if isinstance(root, tuple) else ("all", root)
        for path, _ in iter_files([top], seen=seen):
            agent = sniff(path)
            if agent is not None and wanted in ("all", agent):
                yield agent, Path(path)


_PATTERNS: dict[tuple[str, ...], re.Pattern[str] | None] = {}


def reviewer_pattern(names: Sequence[str] | None = None) -> re.Pattern[str] | None:
    """Matches a subagent type or description naming a reviewer (whole words, any case)."""
    if names is None:
        from git_ledger.config import DEFAULTS

        names = DEFAULTS["review"]["agents"]
    key = tuple(n for n in names if n)
    if key not in _PATTERNS:
        words = sorted((re.escape(n) for n in key), key=len, reverse=True)
        _PATTERNS[key] = re.compile(rf"(?<![A-Za-z0-9])(?:{'|'.join(words)})(?![A-Za-z0-9])", re.I) if words else None
    return _PATTERNS[key]


KeepText = Callable[[str], bool]


def _parse(path: str | Path, agent: str, offset: int, state: dict[str, Any] | None,
           review_agents: Sequence[str] | None, turns: bool, lean: bool = False,
           keep_text: KeepText | None = None) -> Parsed:
    if agent not in AGENTS:
        raise ValueError(f"unknown agent {agent!r}")
    # Parsing allocates many short-lived dicts and no cycles: the cyclic GC only costs time here.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse_agent(path, agent, offset, state, review_agents, turns, lean, keep_text)
    finally:
        if enabled:
            gc.enable()


def _parse_agent(path: str | Path, agent: str, offset: int, state: dict[str, Any] | None,
                 review_agents: Sequence[str] | None, turns: bool, lean: bool,
                 keep_text: KeepText | None) -> Parsed:
    if agent == "claude":
        from git_ledger.sources import claude

        return claude.read(str(path), offset, state, reviewers=reviewer_pattern(review_agents), turns=turns,
                           lean=lean, keep_text=keep_text)
    if agent == "codex":
        from git_ledger.sources import codex

        return codex.read(str(path), offset, state, turns=turns, lean=lean, keep_text=keep_text)
    from git_ledger.sources import gemini

    return gemini.read(str(path), offset, state, turns=turns, lean=lean, keep_text=keep_text)


def read_events(path: str | Path, agent: str, offset: int = 0, state: dict[str, Any] | None = None, *,
                review_agents: Sequence[str] | None = None) -> ReadResult:
    """Events from the complete lines after `offset` (see the module docstring). OSError passes."""
    p = _parse(path, agent, offset, state, review_agents, False)
    return ReadResult(p.events, p.offset, p.lines_skipped, p.bytes_read, p.state)


def read_turns(path: str | Path, agent: str, *, review_agents: Sequence[str] | None = None) -> list[Turn]:
    """The whole log as turns, from each human message to the next (for replay, probe, scan)."""
    p = _parse(path, agent, 0, None, review_agents, True)
    return p.turns or []


def scan_events(path: str | Path, agent: str, offset: int = 0, state: dict[str, Any] | None = None, *,
                review_agents: Sequence[str] | None = None, keep_text: KeepText | None = None) -> Parsed:
    """`read_events` for the collector (see the module docstring). OSError passes."""
    return _parse(path, agent, offset, state, review_agents, False, True, keep_text)


def calls(snap: Sequence[Call]) -> tuple[ToolCall, ...]:
    """The tool calls of a lean read's event (`Parsed.snaps`), built now."""
    from git_ledger.sources._core import built

    return built(snap)
