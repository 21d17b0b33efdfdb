"""The current turn of a Claude Code transcript, Codex rollout, Cursor agent transcript or GitHub
Copilot CLI session log (`~/.copilot/session-state/<session>/events.jsonl`), read from the end of
the file (and of a Gemini CLI chat, a whole JSON document, read whole: `gemini_turn`).

A Stop hook runs after every agent turn, and transcripts grow to hundreds of megabytes, so the
file is read backwards in blocks (seek, never the whole file) until the record that opened the
turn: the last *human* prompt. What counts as a human prompt follows the collector's rules
(formats.md §1.4): tool results, `isMeta` records, `<command-name>`/`<local-command-…>`/`<bash-…>`
text, compaction summaries, "Stop hook feedback:", interrupt markers, plan acceptances and
Codex `<environment_context>`/`<hook_prompt>`/AGENTS.md injections are not, so our own earlier
block is feedback inside the turn, not a new one.

Only the standard library here (and humantext, which shares the collector's rules): this is
the Stop hook's hot path.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Iterator
from typing import Any, BinaryIO, NamedTuple

from git_ledger.geminichat import document
from git_ledger.humantext import human_text

BLOCK = 1 << 16
MAX_BYTES = 32 << 20  # a turn longer than this is read only this far back (see docs/guards.md)

_SHELL_TOOLS = frozenset({"Bash", "PowerShell"})
_CODEX_SHELLS = frozenset({"exec_command", "shell", "shell_command", "container.exec", "local_shell"})
_CODEX_CALLS = frozenset({"function_call", "custom_tool_call", "local_shell_call",
                          "web_search_call", "tool_search_call", "image_generation_call"})


class Call(NamedTuple):
    id: str
    name: str
    shell: str  # the full shell command when the tool runs one, else ""


class TailTurn(NamedTuple):
    agent: str  # claude | codex | gemini | cursor | copilot
    calls: tuple[Call, ...]  # in order, unique by id
    texts: tuple[str, ...]  # assistant text blocks, in order
    opened_by: str  # uuid of the opening human prompt ("" when not found)
    last_uuid: str  # uuid of the newest record that has one
    timestamp: str  # of the newest record that has one
    complete: bool  # the opening prompt (or the file start) was reached within MAX_BYTES

    @property
    def final_text(self) -> str:
        return self.texts[-1] if self.texts else ""


def open_regular(path: str) -> BinaryIO:
    """`path` opened for reading if it is a regular file; OSError otherwise. Opened without
    blocking: `open()` of a FIFO waits for a writer, and a hook must return within its budget."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def reverse_lines(path: str, max_bytes: int = MAX_BYTES) -> Iterator[tuple[bytes, bool]]:
    """Non-empty lines from the end of the file backwards; (line, reached_start) pairs.

    Linear in the bytes read, even for multi-megabyte lines: partial lines are kept as a list
    of blocks and joined once.
    """
    with open_regular(path) as f:
        pos = f.seek(0, os.SEEK_END)
        pending: list[bytes] = []  # blocks of the line being assembled, newest first
        budget = max_bytes
        while pos > 0 and budget > 0:
            step = min(BLOCK, pos)
            pos -= step
            budget -= step
            f.seek(pos)
            block = f.read(step)
            cut = block.rfind(b"\n")
            if cut < 0:
                pending.append(block)
                continue
            pieces = block[cut + 1:], *reversed(pending)
            line = b"".join(pieces)
            if line.strip():
                yield line, False
            rest = block[:cut].split(b"\n")
            for line in reversed(rest[1:]):
                if line.strip():
                    yield line, False
            pending = [rest[0]]
        if pos == 0:
            line = b"".join(reversed(pending))
            if line.strip():
                yield line, True
            else:
                yield b"", True


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            b.get("text", "") for b in content
            if isinstance(b, dict) and b.get("type") in ("text", "input_text", "output_text")
            and isinstance(b.get("text"), str)
        )
    return ""


def human(text: str) -> bool:
    """Did a person type this? (harness text, markers and slash commands are not theirs)"""
    return human_text(text) is not None


def claude_prompt(rec: dict[str, Any]) -> bool:
    """A user record a person typed (not a tool result, marker, command echo or injection)."""
    if rec.get("isSidechain") is True:
        return False
    if rec.get("type") == "attachment":  # a prompt typed while the agent worked, delivered mid-turn
        att = rec.get("attachment")
        return isinstance(att, dict) and att.get("type") == "queued_command" \
            and human(_text_of(att.get("prompt")))
    if rec.get("type") != "user":
        return False
    if rec.get("isMeta") or rec.get("isCompactSummary") or rec.get("isVisibleInTranscriptOnly"):
        return False
    content = (rec.get("message") or {}).get("content")
    if isinstance(content, str):
        return human(content)
    if not isinstance(content, list):
        return False
    blocks = [b for b in content if isinstance(b, dict)]
    if any(b.get("type") == "tool_result" for b in blocks):
        return False
    return any(b.get("type") == "text" and isinstance(b.get("text"), str) and human(b["text"])
               for b in blocks)


def codex_prompt(rec: dict[str, Any]) -> bool:
    """A user message in a Codex rollout (any of its three shapes), not an injected one."""
    payload = rec.get("payload")
    if not isinstance(payload, dict):
        return False
    kind = rec.get("type")
    if kind == "response_item" and payload.get("type") == "message" and payload.get("role") == "user":
        text = _text_of(payload.get("content"))
    elif kind == "event_msg" and payload.get("type") == "user_message":
        text = str(payload.get("message") or "")
    elif kind == "event_msg" and payload.get("type") == "item_completed":
        item = payload.get("item") or {}
        if not isinstance(item, dict) or item.get("type") != "UserMessage":
            return False
        text = _text_of([dict(b, type="text") for b in item.get("content") or [] if isinstance(b, dict)])
    else:
        return False
    return human(text)


def codex_shell(name: str, arguments: Any) -> str:
    """The command line of a Codex shell call (`exec_command` cmd, `shell` argv), else ""."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return ""
    if not isinstance(arguments, dict):
        return ""
    if name not in _CODEX_SHELLS:
        return ""
    cmd = arguments.get("cmd") if name == "exec_command" else arguments.get("command")
    if isinstance(cmd, str):
        return cmd
    if isinstance(cmd, list) and all(isinstance(a, str) for a in cmd):
        if len(cmd) >= 3 and cmd[0].rsplit("/", 1)[-1] in ("bash", "sh", "zsh") and cmd[1] in ("-c", "-lc"):
            return str(cmd[2])
        import shlex  # only for the rare argv form

        return shlex.join(cmd)
    return ""


def _claude_items(rec: dict[str, Any], calls: list[Call], texts: list[str]) -> None:
    if rec.get("type") != "assistant" or rec.get("isSidechain"):
        return
    content = (rec.get("message") or {}).get("content")
    if not isinstance(content, list):
        return
    for b in reversed(content):
        if not isinstance(b, dict):
            continue
        if b.get("type") in ("tool_use", "server_tool_use"):
            inp = b.get("input")
            cmd = inp.get("command") if isinstance(inp, dict) and b.get("name") in _SHELL_TOOLS else None
            shell = cmd if isinstance(cmd, str) else ""
            calls.append(Call(str(b.get("id") or ""), str(b.get("name") or ""), shell))
        elif b.get("type") == "text" and isinstance(b.get("text"), str) and b["text"].strip():
            texts.append(b["text"])


def _codex_items(rec: dict[str, Any], calls: list[Call], texts: list[str]) -> None:
    payload = rec.get("payload")
    if rec.get("type") != "response_item" or not isinstance(payload, dict):
        return
    kind = payload.get("type")
    if kind in _CODEX_CALLS:
        name = str(payload.get("name") or kind)
        if kind == "local_shell_call":
            shell = codex_shell("local_shell", payload.get("action"))
        elif kind == "function_call":
            shell = codex_shell(name, payload.get("arguments"))
        else:
            shell = ""
        calls.append(Call(str(payload.get("call_id") or payload.get("id") or ""), name, shell))
    elif kind == "message" and payload.get("role") == "assistant":
        text = _text_of(payload.get("content"))
        if text.strip():
            texts.append(text)


_USER_QUERY = re.compile(r"<user_query>(.*?)</user_query>", re.DOTALL)


def cursor_prompt(rec: dict[str, Any]) -> bool:
    """Does a Cursor transcript record hold what the user typed (inside `<user_query>`)?"""
    message = rec.get("message")
    text = _text_of(message.get("content")) if isinstance(message, dict) else ""
    query = _USER_QUERY.search(text)
    return bool(query) and human(query.group(1))  # type: ignore[union-attr]


def _cursor_items(rec: dict[str, Any], calls: list[Call], texts: list[str]) -> None:
    message = rec.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    blocks = content if isinstance(content, list) else []
    for j, b in reversed(list(enumerate(blocks))):  # the file is read backwards
        if not isinstance(b, dict):
            continue
        if b.get("type") == "tool_use":
            name = b.get("name") if isinstance(b.get("name"), str) else "?"
            args = b.get("input")
            command = args.get("command") if isinstance(args, dict) else None
            shell = command if name in ("Shell", "run_terminal_cmd") and isinstance(command, str) else ""
            calls.append(Call(str(b.get("id") or f"{len(calls)}#{j}"), str(name), shell))
        elif b.get("type") == "text" and isinstance(b.get("text"), str) and b["text"].strip():
            texts.append(b["text"])


_COPILOT_SHELLS = frozenset({"bash", "powershell"})


def copilot_record(rec: dict[str, Any]) -> bool:
    """Is this a Copilot CLI session event, `{"type": "<area>.<kind>", "data": {…}, "id", "timestamp",
    "parentId"}`? (Claude's `progress` records carry `data` too, but their type has no dot.)"""
    kind = rec.get("type")
    return isinstance(rec.get("data"), dict) and isinstance(kind, str) and "." in kind


def copilot_prompt(rec: dict[str, Any]) -> bool:
    """A `user.message` a person typed (its `content`; `transformedContent` is what the model got)."""
    data = rec.get("data")
    return rec.get("type") == "user.message" and isinstance(data, dict) \
        and isinstance(data.get("content"), str) and human(data["content"])


def copilot_judged(rec: dict[str, Any]) -> bool:
    """An earlier agentStop's end (or the session's shutdown or resume) after the last prompt: the
    turn being judged is not in the file yet. Copilot CLI 1.0.102 writes a turn's events
    asynchronously, mostly after its agentStop hooks have run (seen with the real client,
    tests/e2e/test_copilot.py); when the turn got there first, it is judged."""
    kind = rec.get("type")
    return kind in ("session.shutdown", "session.resume") or (
        kind == "hook.end" and rec["data"].get("hookType") == "agentStop")


def _copilot_arguments(arguments: Any) -> dict[str, Any]:
    if isinstance(arguments, str):  # some versions keep the model's JSON string as it came
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return {}
    return arguments if isinstance(arguments, dict) else {}


def _copilot_items(rec: dict[str, Any], calls: list[Call], texts: list[str]) -> None:
    """A call from `assistant.message`'s toolRequests or `tool.execution_start` (one id, kept once),
    and the assistant's text. A subagent's events (`parentToolCallId`) belong to its own turn."""
    data = rec["data"]
    if data.get("parentToolCallId"):
        return
    kind = rec.get("type")
    if kind == "tool.execution_start":
        requests = [{"toolCallId": data.get("toolCallId"), "name": data.get("toolName"),
                     "arguments": data.get("arguments")}]
    elif kind == "assistant.message":
        requests = [r for r in data.get("toolRequests") or [] if isinstance(r, dict)]
        content = data.get("content")
        if isinstance(content, str) and content.strip():
            texts.append(content)
    else:
        return
    for j, r in reversed(list(enumerate(requests))):  # the file is read backwards
        name = r.get("name") if isinstance(r.get("name"), str) else "?"
        command = _copilot_arguments(r.get("arguments")).get("command")
        shell = command if name in _COPILOT_SHELLS and isinstance(command, str) else ""
        calls.append(Call(str(r.get("toolCallId") or f"{len(calls)}#{j}"), str(name), shell))


def current_turn(path: str, max_bytes: int = MAX_BYTES) -> TailTurn | None:
    """The turn since the last human prompt; None when the file holds no readable record."""
    agent = ""
    calls: list[Call] = []
    texts: list[str] = []
    last_uuid = timestamp = opened_by = ""
    complete = False
    for line, at_start in reverse_lines(path, max_bytes):
        complete = at_start
        try:
            rec = json.loads(line) if line else None
        except ValueError:
            continue  # a torn last line or a malformed one: skip it
        if not isinstance(rec, dict):
            continue
        if not agent:
            # Codex lines are {"timestamp", "type", "payload"}; Claude records never carry a payload;
            # Cursor's are {"role", "message"} (or {"type": "turn_ended"}) and carry no ids at all.
            if copilot_record(rec):
                agent = "copilot"
            elif "payload" in rec and "sessionId" not in rec:
                agent = "codex"
            elif ("role" in rec and "message" in rec and "uuid" not in rec) or rec.get("type") == "turn_ended":
                agent = "cursor"
            else:
                agent = "claude"
        if agent == "cursor":
            if rec.get("role") == "user" and cursor_prompt(rec):
                complete = True
                break
            if rec.get("role") == "assistant":
                _cursor_items(rec, calls, texts)
            continue
        if not timestamp and isinstance(rec.get("timestamp"), str):
            timestamp = rec["timestamp"]
        if agent == "copilot":
            if not copilot_record(rec):
                continue
            if copilot_judged(rec):
                return None  # the file ends with a turn already judged: this one is not written yet
            if not last_uuid and isinstance(rec.get("id"), str):
                last_uuid = rec["id"]
            if copilot_prompt(rec):
                opened_by, complete = str(rec.get("id") or ""), True
                break
            _copilot_items(rec, calls, texts)
            continue
        uuid = rec.get("uuid") if agent == "claude" else None
        if not last_uuid and isinstance(uuid, str):
            last_uuid = uuid
        if agent == "claude" and claude_prompt(rec):
            opened_by, complete = str(rec.get("uuid") or ""), True
            break
        if agent == "codex":
            payload = rec.get("payload")
            started = isinstance(payload, dict) and payload.get("type") == "task_started"
            if codex_prompt(rec) or (rec.get("type") == "event_msg" and started):
                opened_by, complete = str((payload or {}).get("turn_id") or ""), True
                break
            _codex_items(rec, calls, texts)
        else:
            _claude_items(rec, calls, texts)
    if not agent:
        return None
    unique: dict[str, Call] = {}
    for call in reversed(calls):
        unique.setdefault(call.id or f"#{len(unique)}", call)
    return TailTurn(agent, tuple(unique.values()), tuple(reversed(texts)), opened_by, last_uuid,
                    timestamp, complete)


_GEMINI_SHELLS = frozenset({"run_shell_command", "shell"})


def _parts_text(content: Any) -> str:
    """A Gemini message's text: a string, or parts `{"text": …}` (with or without a type)."""
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)
                         and b.get("type") in (None, "text"))
    return content if isinstance(content, str) else ""


def gemini_turn(path: str, max_bytes: int = MAX_BYTES) -> TailTurn | None:
    """The current turn of a Gemini CLI chat (git_ledger/geminichat.py): the
    messages after the last one the user typed. None when the file is not such a document
    or is larger than `max_bytes` (a guard reads only what it can afford)."""
    if os.path.getsize(path) > max_bytes:
        return None
    with open(path, "rb") as f:
        doc = document(f.read())
    if doc is None:
        return None
    messages = doc["messages"]
    calls: list[Call] = []
    texts: list[str] = []
    opened_by = timestamp = ""
    complete = False
    for m in reversed([m for m in messages if isinstance(m, dict)]):
        timestamp = timestamp or (m["timestamp"] if isinstance(m.get("timestamp"), str) else "")
        if m.get("type") == "user" and human(_parts_text(m.get("content"))):
            opened_by, complete = str(m.get("id") or ""), True
            break
        if m.get("type") != "gemini":
            continue
        text = _parts_text(m.get("content"))
        if text.strip():
            texts.append(text)
        for c in reversed(m.get("toolCalls") or []):
            if not isinstance(c, dict):
                continue
            name = c.get("name") if isinstance(c.get("name"), str) else "?"
            args = c.get("args")
            command = args.get("command") if isinstance(args, dict) else None
            shell = command if name in _GEMINI_SHELLS and isinstance(command, str) else ""
            calls.append(Call(str(c.get("id") or ""), str(name), shell))
    last = messages[-1] if messages and isinstance(messages[-1], dict) else {}
    return TailTurn("gemini", tuple(reversed(calls)), tuple(reversed(texts)), opened_by,
                    str(last.get("id") or ""), timestamp, complete or not messages)
