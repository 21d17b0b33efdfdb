"""Gemini CLI chats (`~/.gemini/tmp/<project>/chats/session-*.json` or, newer, `*.jsonl`) -> events.

A chat is one JSON document that Gemini rewrites in place, or (newer) a JSON-lines log of the
same document (git_ledger/geminichat.py); either way it is read whole whenever its size or mtime
changes. The state remembers how many messages were already turned into events;
the last message may still grow (tool results are added to it), so it is read again and only
its new events are kept. The file has no working directory, only a hash of it: the project
folder's `.project_root` names it when present, else the collector matches the hash against
directories it knows (`state["project_hash"]`).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from git_ledger.geminichat import document
from git_ledger.sources._core import Call, LazyCall, Parsed, Recorder, block_text, keep_unseen, make_call, s
from git_ledger.sources._lines import loads
from git_ledger.sources._text import human_text

_SHELL_TOOLS = frozenset({"run_shell_command", "shell"})
_CANCELLED = ("Request cancelled", "Request canceled")


def _project_root(path: str) -> str:
    chats = Path(path).parent
    for folder in (chats.parent, chats):
        try:
            text = (folder / ".project_root").read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if text:
            return text
    return ""


class GeminiReader:
    def __init__(self, path: str, state: dict[str, Any] | None, turns: bool, lean: bool = False,
                 keep_text: Callable[[str], bool] | None = None) -> None:
        self.path = path
        self.state = dict(state or {})
        self.rec = Recorder("gemini", path, None, turns=turns, lean=lean, keep_text=keep_text)
        self.messages: list[dict[str, Any]] = []
        self.failed = False

    def read(self, path: str, offset: int) -> tuple[int, int, int]:
        """Read the whole document; `offset` is ignored (the file is rewritten, not appended)."""
        with open(path, "rb") as f:
            data = f.read()
        try:
            doc = loads(data)
        except (ValueError, RecursionError):
            doc = document(data)  # the JSON-lines layout of newer releases (None when damaged)
        if not isinstance(doc, dict) or not isinstance(doc.get("messages"), list):
            self.failed = True  # half-written or damaged: counted, and read again when it changes
            return offset, len(data), 1
        self.messages = [m for m in doc["messages"] if isinstance(m, dict)]
        cwd = doc.get("cwd") if isinstance(doc.get("cwd"), str) else _project_root(path)
        self.rec.at(doc.get("sessionId"), cwd)
        for i, m in enumerate(self.messages):
            self._message(m, i)
        last = self.messages[-1] if self.messages else {}
        if last.get("type") == "gemini" and not last.get("toolCalls"):
            self.rec.close_turn()
        self.state["project_hash"] = "" if cwd else str(doc.get("projectHash", ""))
        return len(data), len(data), 0

    def finish(self) -> dict[str, Any]:
        """Keep only the events of messages not seen by an earlier read."""
        if self.failed:
            return self.state
        return keep_unseen(self.rec, [str(m.get("id") or f"m{i}") for i, m in enumerate(self.messages)], self.state)

    def _message(self, m: dict[str, Any], index: int) -> None:
        rec = self.rec
        ts = s(m.get("timestamp"))
        uid = str(m.get("id") or f"m{index}")
        kind = m.get("type")
        text = block_text(m.get("content"))
        if kind == "user":
            human = human_text(text)
            if human is not None:
                rec.human("prompt", uid, ts, human)
        elif kind == "info" and text.strip().startswith(_CANCELLED):
            rec.interrupt(uid, ts, text)
        elif kind == "gemini":
            rec.text(uid, ts, text)
            for j, call in enumerate(m.get("toolCalls") or []):
                if not isinstance(call, dict):
                    continue
                name = s(call.get("name")) or "?"
                args = call.get("args")
                shell = ""
                if name in _SHELL_TOOLS and isinstance(args, dict) and isinstance(args.get("command"), str):
                    shell = args["command"]
                call_id = str(call.get("id") or f"{uid}#{j}")
                made: Call = (LazyCall(call_id, name, make_call, (call_id, name, args, shell)) if rec.lean
                              else make_call(call_id, name, args, shell))
                rec.tool(made)
        rec.touch(ts)


def read(path: str, offset: int, state: dict[str, Any] | None, *,
         reviewers: re.Pattern[str] | None = None, turns: bool = False, lean: bool = False,
         keep_text: Callable[[str], bool] | None = None) -> Parsed:
    reader = GeminiReader(path, state, turns, lean, keep_text)
    new_offset, nbytes, skipped = reader.read(path, offset)
    new_state = reader.finish()
    return Parsed.of(reader.rec, new_offset, nbytes, skipped, new_state)
