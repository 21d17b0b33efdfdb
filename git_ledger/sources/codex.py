"""Codex CLI rollouts (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`) -> events.

Each line is `{"timestamp", "type", "payload"}`; the record type and the payload type sit in the
first bytes, so tool output, reasoning, token counts and developer instructions (most of the
bytes) are skipped unparsed. The user's words: `response_item` messages of role `user` that are
not injected context, and (older builds) `event_msg/user_message`, which repeats the same text
and is kept only once. Stop-hook feedback (`<hook_prompt …>`), `<environment_context>` and
AGENTS.md injections are synthetic.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from git_ledger.models import ToolCall
from git_ledger.sources._core import (
    TARGET_MAX,
    Call,
    LazyCall,
    Parsed,
    Recorder,
    block_text,
    compact,
    make_call,
    one_line,
    s,
    unfinished,
)
from git_ledger.sources._lines import BOM, Chunks, framed, loads, salvage
from git_ledger.sources._text import human_text

_HEAD = re.compile(rb'"type":"([a-z_]+)"(?:,"payload":\{"type":"([A-Za-z_]+)")?')
_RESPONSE_NEEDED = frozenset({
    b"message", b"function_call", b"custom_tool_call", b"local_shell_call", b"web_search_call",
    b"tool_search_call",
})
_EVENT_NEEDED = frozenset({b"user_message", b"turn_aborted", b"task_complete"})
_TOP_NEEDED = frozenset({b"session_meta", b"turn_context", b"response_item", b"event_msg", b"message",
                         b"function_call", b"custom_tool_call", b"local_shell_call"})
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$", re.M)


def _shell(name: str, args: Any) -> str:
    """The command line of a shell-running call, else ""."""
    if not isinstance(args, dict):
        return ""
    value = args.get("cmd") if name == "exec_command" else args.get("command")
    if name not in ("exec_command", "shell", "shell_command", "container.exec", "local_shell"):
        return ""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        if len(value) >= 3 and value[1] in ("-lc", "-c"):
            return str(value[2])
        return " ".join(value)
    return ""


def _patch_call(call_id: str, name: str, text: str) -> ToolCall:
    """A custom tool call (apply_patch): its target is the first file the patch touches."""
    files = _PATCH_FILE.findall(text)
    target = files[0].strip()[:TARGET_MAX] if files else one_line(text)
    return ToolCall(call_id, name, target, compact(text))


class CodexReader:
    def __init__(self, path: str, state: dict[str, Any] | None, turns: bool, lean: bool = False,
                 keep_text: Callable[[str], bool] | None = None) -> None:
        st = state or {}
        self.rec = Recorder("codex", path, st, turns=turns, lean=lean, keep_text=keep_text)
        self.lean = lean
        last = st.get("last_user")
        self.last_user: list[str] = list(last) if isinstance(last, list) and len(last) == 2 else ["", ""]

    def read(self, path: str, offset: int, scanned: int = 0) -> tuple[int, int, int, int]:
        """(new offset, bytes read, lines skipped, how far an unfinished last line was searched)."""
        skipped = 0
        pos = offset
        with open(path, "rb") as f:
            chunks = Chunks(f, offset, scanned)
            for pos, chunk in chunks:
                lines = chunk.split(b"\n")
                lines.pop()
                if pos == 0 and chunk.startswith(BOM):
                    lines[0] = lines[0][len(BOM):]
                    pos += len(BOM)
                for line in lines:
                    start = pos
                    pos += len(line) + 1
                    if not self._wanted(line):
                        if not framed(line) and line.strip():
                            skipped += 1
                        continue
                    try:
                        record = loads(line)
                    except (ValueError, RecursionError):
                        record = None
                    if not isinstance(record, dict):
                        skipped += 1
                        for found in salvage(line):
                            self._handle(found, start)
                        continue
                    skipped += self._handle(record, start)
        return pos, pos - offset, skipped, chunks.scanned

    def _handle(self, record: dict[str, Any], start: int) -> int:
        """1 for a record of a shape we do not know (never fatal), else 0."""
        try:
            self.record(record, start)
        except (TypeError, AttributeError, KeyError, ValueError, IndexError):
            return 1
        return 0

    @staticmethod
    def _wanted(line: bytes) -> bool:
        """False for records known to hold nothing we use (tool output, reasoning, tokens…)."""
        m = _HEAD.search(line, 0, 200)
        if m is None:
            return bool(line.strip())
        top, sub = m.group(1), m.group(2)
        return not (top not in _TOP_NEEDED
                    or (top == b"response_item" and sub not in _RESPONSE_NEEDED)
                    or (top == b"event_msg" and sub not in _EVENT_NEEDED)
                    or (sub == b"message" and line.find(b'"role":"developer"', 0, 400) >= 0))

    def finish(self) -> dict[str, Any]:
        return self.rec.finish({"last_user": self.last_user})

    def record(self, r: dict[str, Any], pos: int) -> None:
        ts = s(r.get("timestamp"))
        kind = r.get("type")
        payload = r.get("payload")
        if not isinstance(payload, dict):  # the oldest rollouts wrote response items bare
            payload, kind = r, "response_item"
        ptype = payload.get("type")
        uid = s(payload.get("id")) or f"L{pos}"
        if kind == "session_meta":
            self.rec.at(payload.get("id") or payload.get("session_id"), payload.get("cwd"))
        elif kind == "turn_context":
            self.rec.at(None, payload.get("cwd"))
        elif kind == "event_msg":
            if ptype == "user_message":
                self._user(block_text(payload.get("message")), "event", f"L{pos}", ts)
            elif ptype == "turn_aborted" and payload.get("reason") in ("interrupted", None):
                self.rec.interrupt(f"L{pos}", ts, "[turn aborted by the user]")
            elif ptype == "task_complete":
                self.rec.close_turn()
        elif kind == "response_item":
            self._item(payload, ptype, uid, ts)
        self.rec.touch(ts)

    def _user(self, text: str, source: str, uid: str, ts: str) -> None:
        human = human_text(text)
        if human is None:
            return
        if self.last_user[0] not in ("", source) and self.last_user[1] == human:
            self.last_user = ["", ""]  # the same words, recorded a second way
            return
        self.last_user = [source, human]
        self.rec.human("prompt", uid, ts, human)

    def _item(self, p: dict[str, Any], ptype: Any, uid: str, ts: str) -> None:
        if ptype == "message":
            role = p.get("role")
            if role == "user":
                self._user(block_text(p.get("content")), "item", uid, ts)
            elif role == "assistant":
                self.rec.text(uid, ts, block_text(p.get("content")))
            return
        call_id = p.get("call_id") or p.get("id") or uid
        name = s(p.get("name")) or str(ptype)
        if ptype == "function_call":
            raw = p.get("arguments")
            try:
                args = json.loads(raw) if isinstance(raw, str) else raw
            except (ValueError, RecursionError):
                args = raw
            self._tool(make_call, str(call_id), name, args, _shell(name, args))
        elif ptype == "custom_tool_call":
            self._tool(_patch_call, str(call_id), name, s(p.get("input")))
        elif ptype == "local_shell_call":
            action = p.get("action") if isinstance(p.get("action"), dict) else {}
            self._tool(make_call, str(call_id), "local_shell", action, _shell("local_shell", action))
        elif ptype in ("web_search_call", "tool_search_call"):
            action = p.get("action") if isinstance(p.get("action"), dict) else p
            self._tool(make_call, str(call_id), str(ptype).removesuffix("_call"), action)

    def _tool(self, make: Callable[..., ToolCall], call_id: str, name: str, *args: Any) -> None:
        call: Call = LazyCall(call_id, name, make, (call_id, name, *args)) if self.lean else make(call_id, name, *args)
        self.rec.tool(call)


def read(path: str, offset: int, state: dict[str, Any] | None, *,
         reviewers: re.Pattern[str] | None = None, turns: bool = False, lean: bool = False,
         keep_text: Callable[[str], bool] | None = None) -> Parsed:
    reader = CodexReader(path, state, turns, lean, keep_text)
    new_offset, nbytes, skipped, scanned = reader.read(path, offset, unfinished(state, offset))
    return Parsed.of(reader.rec, new_offset, nbytes, skipped, reader.finish(), scanned)
