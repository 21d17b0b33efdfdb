"""What each kind of Claude Code record means: the handlers behind `claude.ClaudeReader`.

Human text, markers, hook blocks, reviewer findings and the agent's own words are told apart
here by the record's shape (see docs/sources.md); the reader in `claude.py` decides which lines
are worth parsing at all.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import msgspec

from git_ledger.models import ToolCall
from git_ledger.sources._core import LazyCall, Recorder, block_text, call_target, make_call, own_command, s
from git_ledger.sources._lines import loads
from git_ledger.sources._text import human_text, is_interrupt, short_hash

_SHELL_TOOLS = frozenset({"Bash", "PowerShell"})
_SUBAGENT_TOOLS = frozenset({"Task", "Agent"})
_QUESTION_TOOLS = frozenset({"AskUserQuestion", "ExitPlanMode"})
_AUTO_ANSWERS = ("The user wants to clarify these questions", "The user doesn't want to proceed")
_REJECTED = "The user doesn't want to proceed with this tool use"
_SAID = "To tell you how to proceed, the user said:"
_HOOK_ERROR = re.compile(
    r"\A\s*(?:<system-reminder>\s*)?(?:[A-Za-z]+)(?::[\w.-]+)? hook (?:blocking )?error"
    r"(?: from command: \"(?P<cmd1>(?:[^\"\\]|\\.)*)\")?:\s*(?:\[(?P<cmd2>[^\]\n]*)\]:\s*)?(?P<reason>.*)",
    re.S,
)
_STOP_FEEDBACK = re.compile(r"\A\s*(?:Subagent)?Stop hook feedback:\s*\[(?P<cmd>[^\]\n]*)\]:\s*(?P<reason>.*)", re.S)
_NOTIFICATION = re.compile(
    r"<tool-use-id>\s*(?P<id>[^<\s]+)\s*</tool-use-id>.*?<status>\s*(?P<status>\w+)\s*</status>"
    r".*?<result>(?P<result>.*?)</result>",
    re.S,
)
QUEUE_MAX = 32


# An assistant record as `ClaudeRecords.assistant` reads it: only the fields it uses. msgspec skips
# the rest (usage, thinking text and signatures, request ids) without building them, and keeps a
# tool call's input as raw JSON until the call is built; twice as fast as parsing the whole record
# into dicts. Every field is Any, as the dicts' values are: anything else fails the decode, and the
# line takes the dict path (see `claude.ClaudeReader._parse_assistant`).
class Block(msgspec.Struct):
    type: Any = None
    text: Any = None
    id: Any = None
    name: Any = None
    input: msgspec.Raw = msgspec.Raw()  # empty when the block has none


class Message(msgspec.Struct):
    model: Any = None
    content: list[Block] | str | None = None
    stop_reason: Any = None


class AssistantRecord(msgspec.Struct):
    type: Any = None
    isSidechain: Any = None  # the log's own keys
    agentId: Any = None
    sessionId: Any = None
    cwd: Any = None
    timestamp: Any = None
    uuid: Any = None
    isApiErrorMessage: Any = None
    message: Message | None = None


def _input(raw: msgspec.Raw) -> Any:
    """A tool call's input kept raw, as the dict path would have parsed it (see `_lines.loads`).
    Never raises (a call is built long after its line was read): input that decodes no more (only
    possible for one nested nearly as deep as the parsers go) stays its JSON text."""
    if not len(raw):
        return None
    try:
        return loads(memoryview(raw))
    except (ValueError, RecursionError):
        return bytes(raw).decode("utf-8", "replace")


def _raw_call(call_id: str, name: str, raw: msgspec.Raw) -> ToolCall:
    return make_call(call_id, name, _input(raw))


def _raw_target(call_id: str, name: str, raw: msgspec.Raw) -> str:
    return call_target(_input(raw))


def _reason(text: str) -> str:
    return text.replace("</system-reminder>", "").strip()


class ClaudeRecords:
    """The record handlers and the state they keep between reads."""

    def __init__(self, path: str, state: dict[str, Any] | None, reviewers: re.Pattern[str] | None,
                 turns: bool, lean: bool = False, keep_text: Callable[[str], bool] | None = None) -> None:
        st = state or {}
        self.rec = Recorder("claude", path, st, turns=turns, lean=lean, keep_text=keep_text)
        self.lean = lean
        self.reviewers = reviewers
        self.queue: list[list[Any]] = [list(q) for q in st.get("queue", []) if isinstance(q, list)]
        self.echo: list[str] = list(st.get("echo", []))
        self.qsent: list[str] = list(st.get("qsent", []))
        self.pending_review: dict[str, str] = dict(st.get("reviewers", {}))
        self.sidechain = bool(st.get("sidechain", False))
        self.review_keys = [k.encode() for k in self.pending_review]

    def finish(self) -> dict[str, Any]:
        for item in self.queue:  # typed while the agent worked and not yet resolved: keep it now
            if item[2] and not item[1]:
                self._emit_queued(item)
        return self.rec.finish({
            "queue": self.queue[-QUEUE_MAX:],
            "echo": self.echo[-QUEUE_MAX:],
            "qsent": self.qsent[-QUEUE_MAX:],
            "reviewers": dict(list(self.pending_review.items())[-QUEUE_MAX:]),
            "sidechain": self.sidechain,
        })

    # ---------------------------------------------------------------- records

    def record(self, r: dict[str, Any], pos: int, *, first: bool) -> None:
        if r.get("isSidechain") is True:
            if first and r.get("agentId"):  # a subagent's own transcript: nothing in it is the user's
                self.sidechain = True
            return
        rec = self.rec
        rec.at(r.get("sessionId"), r.get("cwd"))
        ts = r.get("timestamp")
        if ts.__class__ is not str:  # s(), inline: this runs for every record parsed
            ts = ""
        uuid = r.get("uuid")
        if uuid.__class__ is not str or not uuid:
            uuid = f"L{pos}"
        kind = r.get("type")
        if kind == "user":
            self._user(r, uuid, ts)
        elif kind == "assistant":
            self._assistant(r, uuid, ts)
        elif kind == "queue-operation":
            self._queue(r, ts)
        elif kind == "attachment":
            self._attachment(r, uuid, ts)
        elif kind == "system" and r.get("subtype") in ("turn_duration", "stop_hook_summary"):
            rec.close_turn()
        rec.touch(ts)

    def _user(self, r: dict[str, Any], uuid: str, ts: str) -> None:
        msg = r.get("message")
        content = msg.get("content") if isinstance(msg, dict) else None
        if r.get("isMeta"):
            m = _STOP_FEEDBACK.match(block_text(content)) or _HOOK_ERROR.match(block_text(content))
            if m is not None:
                self._hook_block(m, uuid, ts)
            return
        if r.get("isCompactSummary") or r.get("isVisibleInTranscriptOnly"):
            return
        if isinstance(content, str):
            self._user_text(content, uuid, ts)
            return
        if not isinstance(content, list):
            return
        blocks = [b for b in content if isinstance(b, dict)]
        results = [b for b in blocks if b.get("type") == "tool_result"]
        for b in results:
            self._tool_result(b, uuid, ts)
        texts: list[str] = []
        for b in blocks:
            text = b.get("text") if b.get("type") == "text" else None
            if not isinstance(text, str):
                continue
            if is_interrupt(text):
                self.rec.interrupt(uuid, ts, text)
            elif text.startswith("<task-notification>"):
                self._notification(text, ts)
            elif not results:
                human = human_text(text)
                if human is not None:
                    texts.append(human)
        if texts:
            self._prompt("\n".join(texts), uuid, ts)

    def _user_text(self, text: str, uuid: str, ts: str) -> None:
        if is_interrupt(text):
            self.rec.interrupt(uuid, ts, text)
        elif text.startswith("<task-notification>"):
            self._notification(text, ts)
        else:
            human = human_text(text)
            if human is not None:
                self._prompt(human, uuid, ts)

    def _prompt(self, text: str, uuid: str, ts: str) -> None:
        if text in self.echo:  # already kept when it was typed into the queue
            self.echo.remove(text)
            return
        for item in self.queue:  # submitted from the queue without a dequeue record
            if item[0] == text and not item[1]:
                item[1] = True
        self.rec.human("prompt", uuid, ts, text)

    def _tool_result(self, b: dict[str, Any], uuid: str, ts: str) -> None:
        tid = s(b.get("tool_use_id"))
        text = block_text(b.get("content"))
        if b.get("is_error"):
            if _REJECTED in text:
                _, said, feedback = text.partition(_SAID)
                feedback = feedback.strip()
                if not said or not feedback:
                    return
                if self.rec.tool_name(tid) in _QUESTION_TOOLS and feedback.startswith(_AUTO_ANSWERS):
                    return  # the harness's words when a question was dismissed, not the user's
                self.rec.human("rejection_feedback", f"{uuid}:{tid}", ts, feedback)
                return
            m = _HOOK_ERROR.match(text)
            if m is not None:
                self._hook_block(m, f"{uuid}:{tid}", ts)
            return
        if tid in self.pending_review:
            parts = [p for p in text.split("\n\n") if not p.startswith("agentId:")] if text else []
            finding = "\n\n".join(parts).strip()
            if finding.startswith("Async agent launched"):
                return  # the result arrives later as a task notification
            del self.pending_review[tid]
            self.rec.found("review_finding", f"review:{tid}", ts, finding)

    def _hook_block(self, m: re.Match[str], uuid: str, ts: str) -> None:
        groups = m.groupdict()
        command = groups.get("cmd") or groups.get("cmd1") or groups.get("cmd2") or ""
        if own_command(command):
            return  # git-ledger's own guard: never evidence of anything
        self.rec.found("hook_block", uuid, ts, _reason(m.group("reason")))

    def _notification(self, text: str, ts: str) -> None:
        m = _NOTIFICATION.search(text)
        if m is None or m.group("id") not in self.pending_review or m.group("status") != "completed":
            return
        del self.pending_review[m.group("id")]
        self.rec.found("review_finding", f"review:{m.group('id')}", ts, m.group("result"))

    def _assistant(self, r: dict[str, Any], uuid: str, ts: str) -> None:
        msg = r.get("message")
        if r.get("isApiErrorMessage") or not isinstance(msg, dict) or msg.get("model") == "<synthetic>":
            return
        content = msg.get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        if not isinstance(content, list):
            return
        for i, b in enumerate(content):
            if not isinstance(b, dict):
                continue
            kind = b.get("type")
            if kind == "text":
                text = b.get("text")
                if isinstance(text, str):
                    self.rec.text(uuid if i == 0 else f"{uuid}#{i}", ts, text)
            elif kind == "tool_use":
                self._tool_use(b.get("name"), b.get("id"), b.get("input"))
        if msg.get("stop_reason") == "end_turn":
            self.rec.close_turn()

    def assistant(self, r: AssistantRecord, pos: int, *, first: bool) -> None:
        """`record` for an assistant record read as an `AssistantRecord`: the same steps."""
        if r.isSidechain is True:
            if first and r.agentId:
                self.sidechain = True
            return
        rec = self.rec
        rec.at(r.sessionId, r.cwd)
        ts = r.timestamp if r.timestamp.__class__ is str else ""
        uuid = r.uuid if r.uuid.__class__ is str and r.uuid else f"L{pos}"
        msg = r.message
        if not r.isApiErrorMessage and msg is not None and msg.model != "<synthetic>":
            content = msg.content
            if isinstance(content, str):
                content = [Block(type="text", text=content)]
            for i, b in enumerate(content if content is not None else ()):
                kind = b.type
                if kind == "text":
                    if isinstance(b.text, str):
                        rec.text(uuid if i == 0 else f"{uuid}#{i}", ts, b.text)
                elif kind == "tool_use":
                    self._tool_use(b.name, b.id, b.input)
            if content is not None and msg.stop_reason == "end_turn":
                rec.close_turn()
        rec.touch(ts)

    def _tool_use(self, name_: Any, id_: Any, args: Any) -> None:
        """A tool_use block; `args` is its input, or that input still raw (msgspec.Raw), parsed
        here only when the call's name says it is needed now (a shell command, a subagent)."""
        name = s(name_) or "?"
        call_id = s(id_)
        raw = isinstance(args, msgspec.Raw)
        if raw and (not self.lean or name in _SHELL_TOOLS or name in _SUBAGENT_TOOLS):
            args, raw = _input(args), False
        shell = ""
        if name in _SHELL_TOOLS and isinstance(args, dict) and isinstance(args.get("command"), str):
            shell = args["command"]
        if raw:
            self.rec.tool(LazyCall(call_id, name, _raw_call, (call_id, name, args), _raw_target))
        elif self.lean:
            self.rec.tool(LazyCall(call_id, name, make_call, (call_id, name, args, shell)))
        else:
            self.rec.tool(make_call(call_id, name, args, shell))
        if name in _SUBAGENT_TOOLS and isinstance(args, dict) and self.reviewers is not None:
            label = f"{args.get('subagent_type') or ''} {args.get('description') or ''}".strip()
            if self.reviewers.search(label):
                self.pending_review[call_id] = label[:120]

    def _queue(self, r: dict[str, Any], ts: str) -> None:
        op = r.get("operation")
        if op == "enqueue":
            text = block_text(r.get("content"))
            if text.startswith("<task-notification>"):
                self._notification(text, ts)
            human = human_text(text)
            self.queue.append([human or "", False, human is not None, ts])
            del self.queue[:-QUEUE_MAX]
        elif op in ("dequeue", "remove") and self.queue:
            item = self.queue.pop(0)
            if op == "dequeue":  # it comes back as an ordinary prompt
                if item[1]:
                    self.echo.append(item[0])
            elif item[2] and not item[1]:  # consumed by the running turn: this is its only trace
                self._emit_queued(item)
        elif op == "popAll":  # pulled back into the input box: what is sent later is a new prompt
            self.echo.extend(item[0] for item in self.queue if item[1])
            self.queue.clear()

    def _emit_queued(self, item: list[Any]) -> None:
        item[1] = True
        text, ts = item[0], item[3] if len(item) > 3 else ""
        if text in self.qsent:
            return
        self.qsent.append(text)
        self.rec.human("queued_prompt", f"queue:{ts}:{short_hash(text)}", ts, text)

    def _attachment(self, r: dict[str, Any], uuid: str, ts: str) -> None:
        att = r.get("attachment")
        if not isinstance(att, dict):
            return
        kind = att.get("type")
        if kind == "queued_command":
            text = block_text(att.get("prompt"))
            if text.startswith("<task-notification>"):
                self._notification(text, ts)
                return
            human = human_text(text)
            if human is None or human in self.qsent:
                return
            self.qsent.append(human)
            for item in self.queue:
                if item[0] == human:
                    item[1] = True
            self.rec.human("queued_prompt", uuid, ts, human)
        elif kind == "hook_blocking_error":
            err = att.get("blockingError")
            command = err.get("command", "") if isinstance(err, dict) else ""
            reason = err.get("blockingError", "") if isinstance(err, dict) else err
            if isinstance(reason, str) and not own_command(str(command)):
                self.rec.found("hook_block", uuid, ts, _reason(reason))
