"""Cursor Agent transcripts (`~/.cursor/projects/<project>/agent-transcripts/…`) -> events.

Two layouts. The newer writes `<id>/<id>.jsonl`, one JSON object a line and only appended to:
`{"role": "user"|"assistant", "message": {"content": [blocks]}}` with Anthropic-style `text` and
`tool_use` blocks, and `{"type": "turn_ended", "status": "success"|"aborted"|"error", …}` closing
each turn ("aborted" when the user pressed Escape). What the user typed sits in
`<user_query>…</user_query>`, after an optional `<timestamp>Sunday, Sep 20, 2026, 12:31 AM
(UTC+3)</timestamp>`. The records carry no ids, times (but that one), tool results or working
directory: a message's uuid is its line's byte offset. Files under `subagents/` are a subagent's:
their "user" is the parent agent.

The older layout is one `<id>.txt` per chat, sections headed `user:` and `assistant:`, the user's
words again in `<user_query>`, and the assistant's `[Thinking] …`, `[Tool call] <name>` (its
arguments indented below) and `[Tool result] <name>` lines. It is read whole when it changes.

Neither says which folder the chat worked in, only Cursor's project folder name (the workspace
path with every `/` and `.` replaced by `-`, lossy): it is kept as `state["cursor_project"]`, and
the collector matches it against the working directories it knows.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from git_ledger.sources._core import Parsed, Recorder, keep_unseen, make_call, s
from git_ledger.sources._lines import read_json_lines
from git_ledger.sources._text import human_text

_QUERY = re.compile(r"<user_query>(.*?)</user_query>", re.DOTALL)  # stripped after: no \s* beside .*?
_STAMP = re.compile(r"<timestamp>([^<]{1,80})</timestamp>")
_STAMP_TEXT = re.compile(r"^\w+, (\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M) \(UTC([+-]\d{1,2})(?::?(\d{2}))?\)$")
_SHELL_TOOLS = frozenset({"Shell", "run_terminal_cmd", "run_terminal_command_v2"})
_TXT_ROLE = re.compile(r"^(user|assistant):\s*$")
_TXT_CALL = re.compile(r"^\[Tool call\] (\S{1,100})")
_TXT_RESULT = re.compile(r"^\[Tool result\] ")
_TXT_ARG = re.compile(r"^\s+(\w{1,40}): (.{0,300})$")


def project_slug(path: str) -> str:
    """The Cursor project folder a transcript sits in (`projects/<slug>/agent-transcripts`), or ""."""
    parts = Path(path).parts
    for i in range(len(parts) - 1, 0, -1):
        if parts[i] == "agent-transcripts":
            return parts[i - 1]
    return ""


def _timestamp(text: str) -> str:
    m = _STAMP.search(text)
    parsed = _STAMP_TEXT.match(m.group(1).strip()) if m else None
    if parsed is None:
        return ""
    try:
        local = datetime.strptime(parsed.group(1), "%b %d, %Y, %I:%M %p")
    except ValueError:
        return ""
    hours = int(parsed.group(2))
    offset = timedelta(hours=hours, minutes=int(parsed.group(3) or 0) * (1 if hours >= 0 else -1))
    at = local.replace(tzinfo=timezone(offset)).astimezone(UTC)
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def user_words(text: str) -> tuple[str | None, str]:
    """(what the user typed or None, its time or "") from a user message's text."""
    query = _QUERY.search(text)
    words = human_text(query.group(1).strip()) if query else human_text(_STAMP.sub("", text))
    return words, _timestamp(text)


def _blocks(record: dict[str, Any]) -> list[Any]:
    message = record.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content if isinstance(content, list) else []


class CursorReader:
    def __init__(self, path: str, state: dict[str, Any] | None, turns: bool, lean: bool = False,
                 keep_text: Callable[[str], bool] | None = None) -> None:
        self.state = dict(state or {})
        self.rec = Recorder("cursor", path, state if path.endswith(".jsonl") else None, turns=turns, lean=lean,
                            keep_text=keep_text)
        self.rec.at(Path(path).stem, "")
        self.subagent = "subagents" in Path(path).parts
        self.ids: list[str] = []
        self.last_time = str(self.state.get("last_time", ""))

    # ------------------------------------------------------------------ JSON lines
    def read_lines(self, path: str, offset: int) -> tuple[int, int, int]:
        return read_json_lines(path, offset, self._take)

    def _take(self, record: Any, pos: int) -> bool:
        if not isinstance(record, dict):
            return False
        self._record(record, str(pos))
        return True

    def _record(self, record: dict[str, Any], uid: str) -> None:
        rec = self.rec
        role = record.get("role")
        if record.get("type") == "turn_ended":
            if record.get("status") == "aborted":
                rec.interrupt(uid, self.last_time, s(record.get("error")) or "aborted")
            else:
                rec.close_turn()
            return
        blocks = [b for b in _blocks(record) if isinstance(b, dict)]
        if role == "user" and not self.subagent:
            text = "\n".join(s(b.get("text")) for b in blocks if b.get("type") == "text")
            words, at = user_words(text)
            self.last_time = at or self.last_time
            if words is not None:
                rec.human("prompt", uid, self.last_time, words)
        elif role in ("assistant", "user"):
            for j, b in enumerate(blocks):
                kind = b.get("type")
                if kind == "text" and role == "assistant":
                    rec.text(f"{uid}#{j}" if j else uid, self.last_time, s(b.get("text")))
                elif kind == "tool_use":
                    name = s(b.get("name")) or "?"
                    args = b.get("input")
                    shell = s(args.get("command")) if name in _SHELL_TOOLS and isinstance(args, dict) else ""
                    rec.tool(make_call(s(b.get("id")) or f"{uid}#{j}", name, args, shell))
        rec.touch(self.last_time)

    # ------------------------------------------------------------------ flat text
    def read_text(self, path: str) -> int:
        with open(path, "rb") as f:
            data = f.read()
        role, begin, pos = "", 0, 0
        lines: list[str] = []
        sections: list[tuple[str, int, list[str]]] = []
        for raw in data.decode("utf-8", "replace").splitlines(keepends=True):
            head = _TXT_ROLE.match(raw.rstrip("\r\n"))
            if head:
                if role:
                    sections.append((role, begin, lines))
                role, begin, lines = head.group(1), pos, []
            elif role:
                lines.append(raw.rstrip("\r\n"))
            pos += len(raw.encode("utf-8"))
        if role:
            sections.append((role, begin, lines))
        for role, begin, lines in sections:
            uid = str(begin)
            self.ids.append(uid)
            if role == "user":
                words, at = user_words("\n".join(lines))
                self.last_time = at or self.last_time
                if words is not None:
                    self.rec.human("prompt", uid, self.last_time, words)
            else:
                self._assistant_text(uid, lines)
        return len(data)

    def _assistant_text(self, uid: str, lines: list[str]) -> None:
        words: list[str] = []
        call: tuple[str, dict[str, str]] | None = None
        in_result = False
        n = 0

        def flush_call() -> None:
            nonlocal call, n
            if call is not None:
                name, args = call
                self.rec.tool(make_call(f"{uid}#c{n}", name, args, args.get("command", "") if name in _SHELL_TOOLS else ""))
                n += 1
                call = None

        for line in lines:
            called = _TXT_CALL.match(line)
            if called:
                flush_call()
                call, in_result = (called.group(1), {}), False
                continue
            if call is not None:
                arg = _TXT_ARG.match(line)
                if arg:
                    call[1][arg.group(1)] = arg.group(2)
                    continue
                flush_call()
            if _TXT_RESULT.match(line):
                in_result = True
                continue
            if in_result:
                if not line.strip():
                    in_result = False
                continue
            if line.startswith("[Thinking]"):
                continue
            words.append(line)
        flush_call()
        text = "\n".join(words).strip()
        if text:
            self.rec.text(uid, self.last_time, text)

    def finish(self, whole: bool) -> dict[str, Any]:
        extra = {"cursor_project": project_slug(self.rec.path), "last_time": self.last_time}
        if whole:
            self.state.update(extra)
            return keep_unseen(self.rec, self.ids, self.state)
        return self.rec.finish(extra)


def read(path: str, offset: int, state: dict[str, Any] | None, *,
         reviewers: re.Pattern[str] | None = None, turns: bool = False, lean: bool = False,
         keep_text: Callable[[str], bool] | None = None) -> Parsed:
    reader = CursorReader(path, state, turns, lean, keep_text)
    if path.endswith(".txt"):
        size = reader.read_text(path)
        return Parsed.of(reader.rec, size, size, 0, reader.finish(True))
    new_offset, nbytes, skipped = reader.read_lines(path, offset)
    return Parsed.of(reader.rec, new_offset, nbytes, skipped, reader.finish(False))

