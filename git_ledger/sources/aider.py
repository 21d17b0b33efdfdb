"""Aider chat histories (`.aider.chat.history.md`, at the top of the repository Aider ran in) -> events.

Aider appends to one markdown file across all its runs (aider/io.py): each run starts with
`# aider chat started at YYYY-MM-DD HH:MM:SS`; what the user typed is written with every line
prefixed `#### ` and ending in two spaces (a markdown line break); Aider's own output (edits
applied, commits, commands run, warnings) as `> ` quotes, also ending in two spaces; the model's
reply as plain markdown between them. The file records no tool calls as such: the `> Applied edit
to …`, `> Commit …` and `> Running …` lines that follow a reply are its calls.

The file only grows, so it is read like the JSON-lines logs: complete lines from the offset
after the last read, each message's uuid the byte offset where it starts. The history belongs to
the folder it sits in (Aider writes it at the repository's top). Its times are local and carry no
zone; they are kept as written.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

from git_ledger.sources._core import Parsed, Recorder, make_call
from git_ledger.sources._lines import complete_chunks
from git_ledger.sources._text import human_text, short_hash

_STARTED = re.compile(r"^# aider chat started at (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})\s*$")
# Commands whose argument is a message to the model; any other /command is not a prompt.
_MESSAGE_COMMANDS = ("/ask", "/code", "/architect", "/context", "/chat-mode")
_APPLIED = re.compile(r"^Applied edit to (.{1,300})$")
_COMMIT = re.compile(r"^Commit ([0-9a-f]{7,40}) ")
_RUNNING = re.compile(r"^Running (.{1,1000})$")
_INTERRUPT = ("^C KeyboardInterrupt", "^C again to exit")


def _prompt(text: str) -> str | None:
    """What the user asked the model, or None for a command that is not a message to it."""
    t = text.strip()
    if t.startswith("/"):
        command, _, rest = t.partition(" ")
        return human_text(rest) if command in _MESSAGE_COMMANDS else None
    return human_text(t)


class AiderReader:
    def __init__(self, path: str, state: dict[str, Any] | None, turns: bool, lean: bool = False,
                 keep_text: Callable[[str], bool] | None = None) -> None:
        self.state = dict(state or {})
        self.rec = Recorder("aider", path, state, turns=turns, lean=lean, keep_text=keep_text)
        self.cwd = os.path.dirname(os.path.abspath(path))
        self.file_key = short_hash(os.path.abspath(path))
        self.started = str(self.state.get("started", ""))
        self.rec.at(self.rec.session or self.file_key, self.cwd)
        # the message being gathered: kind ("user", "agent", "quote"), offset where it began, lines
        self.kind = ""
        self.begin = 0
        self.lines: list[str] = []
        # Aider writes `> Tokens: …` when the model has answered; the edits and commits that
        # follow still belong to that (finished) turn.
        self.answered = bool(self.state.get("answered", False))

    def read(self, path: str, offset: int) -> tuple[int, int]:
        end = offset
        nbytes = 0
        with open(path, "rb") as f:
            for start, chunk in complete_chunks(f, offset):
                nbytes += len(chunk)
                pos = start
                for raw in chunk.splitlines(keepends=True):
                    self._line(raw.decode("utf-8", "replace").rstrip("\r\n"), pos)
                    pos += len(raw)
                end = pos
        self._close()
        return end, nbytes

    def _line(self, line: str, pos: int) -> None:
        started = _STARTED.match(line)
        if started:
            self._close()
            self.started = f"{started.group(1)}T{started.group(2)}"
            self.rec.new_session(f"{self.started}@{self.file_key}", self.cwd)
            return
        if line.startswith("#### ") or line == "####":
            kind, text = "user", line[5:]
        elif line.startswith("> ") or line == ">":
            kind, text = "quote", line[2:]
        else:
            kind, text = "agent", line
        if kind != self.kind or kind == "quote":
            self._close()
            self.kind, self.begin = kind, pos
        self.lines.append(text.removesuffix("  ") if kind != "agent" else text)

    def _close(self) -> None:
        lines, kind, uid = self.lines, self.kind, str(self.begin)
        self.lines, self.kind = [], ""
        if not lines:
            return
        rec, ts = self.rec, self.started
        if kind == "user":
            self.answered = False
            text = _prompt("\n".join(lines))
            if text is not None:
                rec.human("prompt", uid, ts, text)
        elif kind == "agent":
            rec.text(uid, ts, "\n".join(lines).strip())
        else:
            self._quote(lines[0].strip(), uid, ts)
        rec.touch(ts)

    def _quote(self, text: str, uid: str, ts: str) -> None:
        """One line of Aider's own output: a call it made for the model, an interrupt, or chatter."""
        rec = self.rec
        if text.startswith(_INTERRUPT):
            if rec.agent_spoke and not rec.after_interrupt:
                rec.interrupt(uid, ts, text)
            return
        if text.startswith("Tokens: "):
            self.answered = True
            rec.close_turn()
            return
        applied, commit, running = _APPLIED.match(text), _COMMIT.match(text), _RUNNING.match(text)
        if applied:
            rec.tool(make_call(uid, "edit", {"file_path": applied.group(1)}))
        elif commit:
            rec.tool(make_call(uid, "commit", {"command": text}))
        elif running:
            rec.tool(make_call(uid, "shell", {"command": running.group(1)}, running.group(1)))
        if self.answered and (applied or commit or running):
            rec.close_turn()

    def finish(self) -> dict[str, Any]:
        return self.rec.finish({"started": self.started, "answered": self.answered})


def read(path: str, offset: int, state: dict[str, Any] | None, *,
         reviewers: re.Pattern[str] | None = None, turns: bool = False, lean: bool = False,
         keep_text: Callable[[str], bool] | None = None) -> Parsed:
    reader = AiderReader(path, state, turns, lean, keep_text)
    new_offset, nbytes = reader.read(path, offset)
    return Parsed.of(reader.rec, new_offset, nbytes, 0, reader.finish())
