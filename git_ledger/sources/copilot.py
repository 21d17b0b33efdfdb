"""GitHub Copilot CLI sessions (`$COPILOT_HOME/session-state/<session>/events.jsonl`) -> events.

One JSON object a line, only appended to: `{"type": "<area>.<kind>", "data": {…}, "id",
"timestamp", "parentId"}`. `session.start` (and `session.resume`) carry the session id and the
working directory (`data.context.cwd`); `user.message` what was typed (`data.content`; the model got
`transformedContent`, with Copilot's own tags around it); `assistant.message` the agent's text
(`content`) and its calls (`toolRequests`: `toolCallId`, `name`, `arguments`), repeated as
`tool.execution_start`. An `assistant.turn_start`/`turn_end` pair is one model call, not one answer:
the answer ends with a turn whose message asked for no tool (or with `session.shutdown`).

When an agentStop hook blocks, Copilot queues its reason as the next `user.message`
(`delivery: "queued"`, recorded by 1.0.102 in tests/e2e/test_copilot.py): the hook's words, never a
person's, so a user message equal to the last block's reason is skipped. A subagent's events
(`parentToolCallId`) are its own conversation with the parent agent and are left out.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from git_ledger.sources._core import Call, LazyCall, Parsed, Recorder, make_call, s
from git_ledger.sources._lines import read_json_lines
from git_ledger.sources._text import human_text, short_hash

_SHELL_TOOLS = frozenset({"bash", "powershell"})
_CLOSING = frozenset({"session.shutdown"})
BLOCKS_KEPT = 4  # recent agentStop block reasons remembered across reads (as hashes)


def _arguments(arguments: Any) -> Any:
    if isinstance(arguments, str):  # some versions keep the model's JSON string as it came
        try:
            return json.loads(arguments)
        except ValueError:
            return arguments
    return arguments


def _key(text: str) -> str:
    return short_hash(text.strip())


class CopilotReader:
    def __init__(self, path: str, state: dict[str, Any] | None, turns: bool, lean: bool = False,
                 keep_text: Callable[[str], bool] | None = None) -> None:
        st = state or {}
        self.rec = Recorder("copilot", path, state, turns=turns, lean=lean, keep_text=keep_text)
        # hashes of the reasons agentStop hooks blocked with: the queued message that follows is theirs
        self.blocks: list[str] = [b for b in st.get("blocks", []) if isinstance(b, str)]
        self.asked_tools = bool(st.get("asked_tools", False))

    def read(self, path: str, offset: int) -> tuple[int, int, int]:
        return read_json_lines(path, offset, self._take)

    def _take(self, record: Any, pos: int) -> bool:
        if not (isinstance(record, dict) and isinstance(record.get("data"), dict)):
            return False
        self._record(record, str(record.get("id") or pos))
        return True

    def _record(self, record: dict[str, Any], uid: str) -> None:
        rec = self.rec
        kind = s(record.get("type"))
        data: dict[str, Any] = record["data"]
        ts = s(record.get("timestamp"))
        if kind in ("session.start", "session.resume"):
            context = data.get("context")
            rec.at(data.get("sessionId"), context.get("cwd") if isinstance(context, dict) else None)
        elif kind == "hook.end" and data.get("hookType") == "agentStop":
            output = data.get("output")
            reason = output.get("reason") if isinstance(output, dict) else None
            if isinstance(reason, str) and reason.strip():
                self.blocks = [*self.blocks, _key(reason)][-BLOCKS_KEPT:]
        elif kind == "user.message":
            content = s(data.get("content"))
            if content.strip() and _key(content) in self.blocks:
                self.blocks.remove(_key(content))  # the block's reason, queued as a prompt
            else:
                words = human_text(content)
                if words is not None:
                    rec.human("prompt", s(data.get("messageId")) or uid, ts, words)
        elif data.get("parentToolCallId"):
            pass  # a subagent's own conversation
        elif kind == "assistant.message":
            rec.text(s(data.get("messageId")) or uid, ts, s(data.get("content")))
            requests = [r for r in data.get("toolRequests") or [] if isinstance(r, dict)]
            self.asked_tools = bool(requests)
            for j, r in enumerate(requests):
                self._call(s(r.get("toolCallId")) or f"{uid}#{j}", s(r.get("name")), r.get("arguments"))
        elif kind == "tool.execution_start":
            self._call(s(data.get("toolCallId")) or uid, s(data.get("toolName")), data.get("arguments"))
        elif (kind == "assistant.turn_end" and not self.asked_tools) or kind in _CLOSING:
            rec.close_turn()
        rec.touch(ts)

    def _call(self, call_id: str, name: str, arguments: Any) -> None:
        name = name or "?"
        args = _arguments(arguments)
        command = args.get("command") if isinstance(args, dict) else None
        shell = command if name in _SHELL_TOOLS and isinstance(command, str) else ""
        made: Call = (LazyCall(call_id, name, make_call, (call_id, name, args, shell)) if self.rec.lean
                      else make_call(call_id, name, args, shell))
        self.rec.tool(made)

    def finish(self) -> dict[str, Any]:
        return self.rec.finish({"blocks": self.blocks, "asked_tools": self.asked_tools})


def read(path: str, offset: int, state: dict[str, Any] | None, *,
         reviewers: re.Pattern[str] | None = None, turns: bool = False, lean: bool = False,
         keep_text: Callable[[str], bool] | None = None) -> Parsed:
    reader = CopilotReader(path, state, turns, lean, keep_text)
    new_offset, nbytes, skipped = reader.read(path, offset)
    return Parsed.of(reader.rec, new_offset, nbytes, skipped, reader.finish())
