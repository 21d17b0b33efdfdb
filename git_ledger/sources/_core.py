"""What every agent's parser shares: tool-call records, the turn state machine, text helpers.

A parser walks the records of one log and tells a `Recorder` what it saw (a tool call, an
assistant text, a human message, a marker). The recorder owns the turn: it hands each event the
tool calls of the turn before it, decides which assistant text was the last of its turn, and
saves what a later incremental read needs as a JSON-safe `state`.

A *lean* recorder (collect's first scans) records the same events more cheaply: tool calls stay
`LazyCall`s until someone asks for them (`built`), events in `items` carry no tools (their calls
are kept beside them in `snaps`), and an assistant text that `keep_text` rules out (it cannot be
an admission) is only counted, as a `Tally`. Its state keeps the open turn's calls as id, name
and target only (`lean_tools`): a later lean read's events have no `arguments` or `shell` for them.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from git_ledger.models import Event, ToolCall, Turn
from git_ledger.storable import storable

ARGS_MAX = 4096  # bytes of a call's compact JSON kept for `cards scan --calls`
TARGET_MAX = 80
STATE_TOOLS_MAX = 64  # calls of the open turn carried across reads (the newest ones)
PREVIOUS_MAX = 1500  # characters of the agent's last text handed to the next human message (its end)

# Keys that name what a call works on, most telling first.
_TARGET_KEYS = (
    "file_path", "notebook_path", "absolute_path", "path", "command", "cmd", "pattern", "glob_pattern", "url",
    "query", "subagent_type", "description", "skill", "prompt",
)
_OWN_HOOK = re.compile(r"git[-_]ledger")


def s(value: Any) -> str:
    """A string field of a record, or "" when it is missing or of another type."""
    return value if isinstance(value, str) else ""


def own_command(command: str) -> bool:
    """True for a hook command that runs git-ledger itself (its words are never evidence)."""
    return bool(_OWN_HOOK.search(command))


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=str)


def compact(value: Any) -> str:
    """A call's input as compact JSON, at most ARGS_MAX bytes. Never raises: a lean read builds
    calls long after their record was read, so building one must not be able to fail."""
    if isinstance(value, dict) and any(isinstance(v, str) and len(v) > ARGS_MAX for v in value.values()):
        # Long values (a file being written) are cut before encoding, not after.
        value = {k: v[:ARGS_MAX] if isinstance(v, str) else v for k, v in value.items()}
    try:
        text = _ENCODER.encode(value)
    except (ValueError, RecursionError):  # nested deeper than the encoder goes
        text = repr(value)[:ARGS_MAX]
    if len(text) > ARGS_MAX:
        # surrogatepass: a lone surrogate (a JSON escape in a damaged log) is not an error here
        text = text.encode("utf-8", "surrogatepass")[:ARGS_MAX].decode("utf-8", "ignore")
    return text


def one_line(text: str, limit: int = TARGET_MAX) -> str:
    first = text.strip().splitlines()[0] if text.strip() else ""
    return first[:limit]


def call_target(args: Any, shell: str = "") -> str:
    """What a call works on, in one short line (a path, a command's start), from its input."""
    if shell:
        return one_line(shell)
    if isinstance(args, dict):
        for key in _TARGET_KEYS:
            value = args.get(key)
            if isinstance(value, str) and value.strip():
                return one_line(value)
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                return one_line(" ".join(value))
    elif isinstance(args, str):
        return one_line(args)
    return ""


def make_call(call_id: str, name: str, args: Any, shell: str = "") -> ToolCall:
    """A ToolCall from a call's input (a dict, or whatever the log holds)."""
    return ToolCall(id=call_id, name=name, target=call_target(args, shell), arguments=compact(args), shell=shell)


def block_text(content: Any) -> str:
    """Text of a message content: a string, or the text blocks of a block list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") in (None, "text", "input_text", "output_text")]
        return "\n".join(p for p in parts if isinstance(p, str))
    return ""


def make_target(call_id: str, name: str, args: Any, shell: str = "") -> str:
    """`make_call(...).target` without encoding the call's input."""
    return call_target(args, shell)


class LazyCall:
    """A tool call not built yet: `make(*args)` builds it the first time it is needed; `target(*args)`,
    if given, is its target without building it (`make_target` for `make_call`)."""

    __slots__ = ("id", "name", "_make", "_args", "_call", "_target")

    def __init__(self, call_id: str, name: str, make: Callable[..., ToolCall], args: tuple[Any, ...],
                 target: Callable[..., str] | None = None) -> None:
        self.id = call_id
        self.name = name
        self._make = make
        self._args = args
        self._call: ToolCall | None = None
        self._target = target if target is not None else make_target if make is make_call else None

    def build(self) -> ToolCall:
        if self._call is None:
            self._call = self._make(*self._args)
            self._args = ()
        return self._call

    def short(self) -> tuple[str, str, str]:
        """(id, name, target): what a lean cursor keeps, without encoding the call's input."""
        if self._call is None and self._target is not None:
            return self.id, self.name, self._target(*self._args)
        call = self.build()
        return call.id, call.name, call.target


Call = ToolCall | LazyCall


class Tally(NamedTuple):
    """An event a lean read counts but does not keep (an assistant text that is no admission)."""

    kind: str
    session: str
    cwd: str
    timestamp: str
    uuid: str


def built(calls: Sequence[Call]) -> tuple[ToolCall, ...]:
    return tuple(c if isinstance(c, ToolCall) else c.build() for c in calls)


def lean_tools(calls: Sequence[Call]) -> list[list[str]]:
    """The open turn's calls as a lean cursor keeps them: [id, name, target] each. Collect's cases
    use only the names and targets (their context) and the ids (a call recorded twice is one); the
    inputs were 92% of a first scan's cursor state, and every later read of the file loaded them."""
    return [[c.id, c.name, c.target] if isinstance(c, ToolCall) else list(c.short()) for c in calls]


class Recorder:
    """The turn state machine shared by the parsers (see the module docstring)."""

    def __init__(self, agent: str, path: str, state: dict[str, Any] | None, *, turns: bool = False,
                 lean: bool = False, keep_text: Callable[[str], bool] | None = None) -> None:
        st = state or {}
        self.agent = agent
        self.path = path
        self.session: str = str(st.get("session", ""))
        self.cwd: str = str(st.get("cwd", ""))
        self._at_session: Any = None  # the raw values `at` last stored (see `at`)
        self._at_cwd: Any = None
        self.tools: list[Call] = [ToolCall(*map(str, t[:5])) for t in st.get("tools", [])
                                  if isinstance(t, list) and len(t) >= 2]
        self._tool_ids = {t.id for t in self.tools}
        self.after_interrupt = bool(st.get("after_interrupt", False))
        self.hook_texts: list[str] = list(st.get("hook_texts", []))
        self.events: list[Event] = []
        # lean: what each event of `items` (events and tallies) had as its calls (None for a tally)
        self.lean = lean
        self.keep_text = keep_text if lean else None
        self.items: list[Event | Tally] = []
        self.snaps: list[tuple[Call, ...] | None] = []
        self.turn_closed = bool(st.get("turn_closed", False))
        # Has the agent said or done anything yet? A message before that cannot correct it.
        self.agent_spoke = bool(st.get("agent_spoke", False))
        self._pending: tuple[str, str, str, tuple[Call, ...] | None] | None = None
        # The agent's last text since the last human message (not carried across reads: the state
        # file holds no conversation text).
        self.previous: str | None = None
        self.turns: list[Turn] | None = [] if turns else None
        self._t_open: Event | None = None
        self._t_calls: list[ToolCall] = []
        self._t_texts: list[str] = []
        self._t_started = ""
        self._t_ended = ""
        self._t_interrupted = False

    # ------------------------------------------------------------ positions
    def at(self, session: Any, cwd: Any) -> None:
        # Called for every record: most repeat the session and directory of the one before.
        if session != self._at_session and isinstance(session, str) and session:
            self.session = storable(session)
            self._at_session = session
        if cwd != self._at_cwd and isinstance(cwd, str) and cwd:
            self.cwd = storable(cwd)
            self._at_cwd = cwd

    def new_session(self, session: str, cwd: str) -> None:
        """A log that holds several sessions one after another (an Aider history) starts the next:
        the turn before it ends, and nobody has spoken in the new one yet."""
        self._flush(final=True)
        if self.turns is not None:
            self._close_turn(finished=self.turn_closed)
        self.at(session, cwd)
        self.tools, self._tool_ids = [], set()
        self.after_interrupt = self.turn_closed = self.agent_spoke = False
        self.hook_texts = []

    def touch(self, timestamp: str) -> None:
        """The timestamp of a record just handled (call it after the record's events)."""
        if self.turns is not None and timestamp:
            self._t_ended = timestamp
            if not self._t_started:
                self._t_started = timestamp

    # -------------------------------------------------------------- records
    def tool(self, call: Call) -> None:
        self.turn_closed = False
        self.agent_spoke = True
        if call.id and call.id in self._tool_ids:
            return
        self._tool_ids.add(call.id)
        self.tools.append(call)
        if self.turns is not None:
            self._t_calls.append(call if isinstance(call, ToolCall) else call.build())
            self._t_interrupted = False

    def tool_name(self, call_id: str) -> str:
        for t in reversed(self.tools):
            if t.id == call_id:
                return t.name
        return ""

    def text(self, uuid: str, timestamp: str, text: str) -> None:
        """An assistant text block; held back until we know whether it ends the turn."""
        if not text.strip():
            return
        self.turn_closed = False
        self.agent_spoke = True
        self._flush(final=False)
        self.previous = text[-PREVIOUS_MAX:]
        if self.keep_text is not None and not self.keep_text(text):
            self._pending = (uuid, timestamp, text, None)  # counted only
        else:
            self._pending = (uuid, timestamp, text, tuple(self.tools))
        if self.turns is not None:
            self._t_texts.append(text)
            self._t_interrupted = False

    def human(self, kind: str, uuid: str, timestamp: str, text: str) -> bool:
        """A message a person wrote; it ends the turn before it. False when empty."""
        text = text.strip()
        if not text:
            return False
        self._flush(final=True)
        event = self._event(kind, uuid, timestamp, text, after_interrupt=self.after_interrupt,
                            opens_session=not self.agent_spoke, previous=self.previous)
        self.previous = None
        self.after_interrupt = False
        self.tools = []
        self._tool_ids = set()
        self.hook_texts = []
        self.turn_closed = False
        if self.turns is not None:
            self._close_turn(finished=True)
            self._t_open = event
            self._t_started = self._t_ended = timestamp
        return True

    def interrupt(self, uuid: str, timestamp: str, text: str) -> None:
        self._flush(final=True)
        self._event("interrupt", uuid, timestamp, text.strip())
        self.after_interrupt = True
        self.turn_closed = True
        self._t_interrupted = True

    def found(self, kind: str, uuid: str, timestamp: str, text: str) -> None:
        """Self-found material (hook_block, review_finding): does not end the turn."""
        text = text.strip()
        if not text:
            return
        self.agent_spoke = True
        if kind == "hook_block":
            key = text[:500]
            if key in self.hook_texts:  # the same block recorded twice (text and attachment)
                return
            self.hook_texts.append(key)
        self._event(kind, uuid, timestamp, text)

    def close_turn(self) -> None:
        """A marker that the agent finished answering (turn_duration, task_complete, …)."""
        self.turn_closed = True

    # -------------------------------------------------------------- results
    def _event(self, kind: str, uuid: str, timestamp: str, text: str, *,
               after_interrupt: bool = False, is_final: bool = False,
               tools: tuple[Call, ...] | None = None, opens_session: bool = False,
               previous: str | None = None) -> Event:
        calls = tuple(self.tools) if tools is None else tools
        event = Event(  # every string of an event is storable: it is hashed, stored, printed
            agent=self.agent, session=self.session, uuid=storable(uuid), timestamp=storable(timestamp), cwd=self.cwd,
            kind=kind, text=storable(text), tools=() if self.lean else built(calls),
            path=self.path, after_interrupt=after_interrupt, is_final=is_final,
            opens_session=opens_session, previous=previous,
        )
        if self.lean:
            self.items.append(event)
            self.snaps.append(calls)
        else:
            self.events.append(event)
        return event

    def _flush(self, *, final: bool) -> None:
        if self._pending is not None:
            uuid, ts, text, tools = self._pending
            self._pending = None
            if tools is None:
                self.items.append(Tally("assistant_text", self.session, self.cwd, storable(ts), storable(uuid)))
                self.snaps.append(None)
            else:
                self._event("assistant_text", uuid, ts, text, is_final=final, tools=tools)

    def _close_turn(self, *, finished: bool) -> None:
        assert self.turns is not None  # noqa: S101  (only called while reading turns)
        if self._t_open is not None or self._t_calls or self._t_texts:
            self.turns.append(Turn(
                agent=self.agent, session=self.session, cwd=self.cwd, path=self.path,
                opened_by=self._t_open, tool_calls=tuple(self._t_calls),
                assistant_texts=tuple(self._t_texts), started=self._t_started,
                ended=self._t_ended, interrupted=self._t_interrupted, finished=finished,
            ))
        self._t_open = None
        self._t_calls, self._t_texts = [], []
        self._t_started = self._t_ended = ""
        self._t_interrupted = False

    def finish(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """Flush what is held back and return the state a later read resumes from."""
        self._flush(final=self.turn_closed)
        if self.turns is not None:
            self._close_turn(finished=self.turn_closed)
        state: dict[str, Any] = {
            "session": self.session,
            "cwd": self.cwd,
            "tools": (lean_tools(self.tools[-STATE_TOOLS_MAX:]) if self.lean else
                      [[t.id, t.name, t.target, t.arguments, t.shell] for t in built(self.tools[-STATE_TOOLS_MAX:])]),
            "after_interrupt": self.after_interrupt,
            "hook_texts": self.hook_texts[-8:],
            "turn_closed": self.turn_closed,
            "agent_spoke": self.agent_spoke,
        }
        if extra:
            state.update(extra)
        return state


def keep_unseen(rec: Recorder, ids: Sequence[str], state: dict[str, Any]) -> dict[str, Any]:
    """For a log rewritten in place and read whole (Gemini chats, markdown exports): flush the
    recorder, drop the events of messages an earlier read already turned into events, and return
    the state to resume from.

    `ids` are the stable ids of the document's messages, in order; an event's uuid is its message's
    id, or that id, "#" and more. A document whose first message changed is read as new."""
    first = ids[0] if ids else ""
    done = int(state.get("done", 0)) if state.get("first") == first else 0
    old = set(ids[:done])

    def new(uuid: str) -> bool:
        return uuid.split("#", 1)[0] not in old

    out = rec.finish(state)
    rec.events = [e for e in rec.events if new(e.uuid)]
    if rec.lean:
        kept = [(e, t) for e, t in zip(rec.items, rec.snaps) if new(e.uuid)]
        rec.items = [e for e, _ in kept]
        rec.snaps = [t for _, t in kept]
    out.update(done=len(ids), first=first)
    out.pop("tail", None)
    return out


class Parsed(NamedTuple):
    """One read of one log: what the parser of its agent returns."""

    events: list[Event]
    turns: list[Turn] | None
    offset: int
    bytes_read: int
    lines_skipped: int
    state: dict[str, Any]
    items: Sequence[Event | Tally] = ()  # a lean read: its events and tallies, in order
    snaps: Sequence[tuple[Call, ...] | None] = ()  # … and the calls each event had

    @classmethod
    def of(cls, rec: Recorder, offset: int, nbytes: int, skipped: int, state: dict[str, Any],
           scanned: int = 0) -> Parsed:
        """`scanned`: how far the unfinished line at `offset` was searched for its end (kept in the
        state for the next read, see `unfinished`)."""
        if scanned > offset:
            state["unfinished"] = [offset, scanned]
        return cls(rec.events, rec.turns, offset, nbytes, skipped, state, rec.items, rec.snaps)


def unfinished(state: dict[str, Any] | None, offset: int) -> int:
    """How far a read that stopped at `offset` searched the unfinished line there: the next read
    from `offset` searches only the bytes after that (0: from `offset`)."""
    mark = (state or {}).get("unfinished")
    if isinstance(mark, list) and len(mark) == 2 and mark[0] == offset and isinstance(mark[1], int):
        return mark[1]
    return 0
