"""Claude Code transcripts (`~/.claude/projects/<folder>/<session>.jsonl`) -> events.

Most of a transcript's bytes are records we never need: subagent progress, file-history
snapshots, successful tool output, API request blobs, thinking. Those lines are recognised by
cheap byte checks and only checked for framing and UTF-8; the rest is parsed with `json`.
The checks look for quoted keys such as `"type":"progress"`: inside a JSON string every quote
is escaped, so such a pattern can only match the record's own structure, never quoted text.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import msgspec

from git_ledger.sources._core import Parsed, unfinished
from git_ledger.sources._lines import BOM, Chunks, loads, salvage
from git_ledger.sources.claude_records import AssistantRecord, ClaudeRecords

PARSE, SKIP, ASSISTANT = 1, 0, 2  # ASSISTANT: parse as an assistant record (`ClaudeReader._parse_assistant`)
_DECODE_ASSISTANT = msgspec.json.Decoder(AssistantRecord).decode
# First `"type"` values: parsed (small records that matter), skipped (bookkeeping, request blobs).
_PARSE_FIRST = frozenset({b"queue-operation", b"assistant"})
_SKIP_FIRST = frozenset({
    b"file-history-snapshot", b"summary", b"last-prompt", b"custom-title", b"ai-title",
    b"permission-mode", b"pr-link", b"agent-name", b"mode", b"atis-latch", b"api-request",
    b"api-request-blob", b"api-request-shape", b"tools-used", b"cost-state",
})
_ATTACHMENTS = frozenset({b"queued_command", b"hook_blocking_error"})
_THINKING = (b'thinking"', b'redacted_thinking"')  # the first content block's type, with its quote


def _utf8(view: memoryview, a: int, b: int) -> int:
    """How many of the lines in view[a:b] (whole lines, each one JSON object or blank) are not
    UTF-8. A run of lines is decoded at once (one call instead of one per line); only a run that
    fails is gone through line by line."""
    try:
        str(view[a:b], "utf-8")
        return 0
    except UnicodeDecodeError:
        pass
    bad = 0
    for line in view[a:b].tobytes().split(b"\n"):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            bad += 1
    return bad


class ClaudeReader(ClaudeRecords):
    """One incremental read of a Claude Code transcript."""

    fresh = False  # no record handled yet in a read from the start (the first tells a subagent's log)

    # ------------------------------------------------------------------- the loop
    def read(self, path: str, offset: int, scanned: int = 0) -> tuple[int, int, int, int]:
        """Read complete lines from `offset`; returns (new offset, bytes read, lines skipped, how far
        an unfinished last line was searched: see `_lines.Chunks`)."""
        skipped = 0
        pos = offset
        self.fresh = offset == 0
        with open(path, "rb") as f:
            chunks = Chunks(f, offset, scanned)
            for base, chunk in chunks:
                skipped += self._chunk(chunk, base)
                pos = base + len(chunk)
        return pos, pos - offset, skipped, chunks.scanned

    def _chunk(self, c: bytes, base: int) -> int:
        """Malformed lines among the lines of chunk `c` (which ends with a newline).

        Lines are never cut out of the chunk unless they are parsed: the checks below search the
        chunk between a line's bounds, which keeps skipping a line nearly free. The common record
        types are told apart here, inline (a method call per line costs more than the checks);
        the rest goes through `_triage`."""
        ascii_only = c.isascii()
        nul = c.find(b"\x00") >= 0  # damage: a line holding a NUL byte is never a record
        view = memoryview(c)
        find = c.find
        close = self.rec.close_turn
        skipped = 0
        run = -1  # where the run of skipped lines not yet checked for UTF-8 starts (see _utf8)
        a, n = len(BOM) if base == 0 and c.startswith(BOM) else 0, len(c)
        sidechain = self.sidechain
        while a < n:
            b = find(b"\n", a)
            i = -1 if sidechain else find(b'"type":"', a, a + 2000 if a + 2000 < b else b)
            if sidechain:
                action = SKIP
            elif i < 0:
                action = self._triage(c, a, b)
            elif c.startswith(b'progress"', i + 8):
                j = i + 16  # the closing quote, as find(b'"') gives it
                if find(b'"hookEvent":"Stop"', j, j + 200 if j + 200 < b else b) >= 0:
                    close()  # Stop hooks run once the agent has answered
                action = SKIP
            elif c.startswith(b'message"', i + 8):  # an assistant record: its first content block decides
                k = find(b'"type":"', i + 16, b)
                if k >= 0 and c.startswith(_THINKING, k + 8):
                    action = SKIP if find(b'"type":"text"', a, b) < 0 and find(b'"type":"tool_use"', a, b) < 0 else ASSISTANT
                else:
                    action = ASSISTANT
            elif c.startswith(b'user"', i + 8):
                j = i + 12
                if find(b'"type":"tool_result"', j, j + 400 if j + 400 < b else b) < 0:
                    action = PARSE
                elif find(b'"is_error":true', j, b) >= 0 or (
                        self.review_keys and any(find(k, a, b) >= 0 for k in self.review_keys)):
                    action = PARSE
                else:
                    action = SKIP  # a successful tool's output: most of a transcript's bytes
            else:
                action = self._triage(c, a, b)
            if action == SKIP:
                if c[b - 1] == 125 and c[a] == 123 and not (nul and find(b"\x00", a, b) >= 0):
                    if run < 0 and not ascii_only:  # "{" ... "}": framed, its UTF-8 checked by the run
                        run = a
                else:
                    e = b - 1 if b > a and c[b - 1] == 13 else b  # a CR before the newline
                    if e > a and (c[a] != 123 or c[e - 1] != 125 or nul and find(b"\x00", a, e) >= 0):
                        if run >= 0:
                            skipped += _utf8(view, run, a)
                            run = -1
                        skipped += bool(c[a:e].strip())
                    elif run < 0 and not ascii_only:
                        run = a
            else:
                if run >= 0:
                    skipped += _utf8(view, run, a)
                    run = -1
                if action == ASSISTANT:
                    skipped += self._parse_assistant(view[a:b], base + a, ascii_only)
                else:
                    skipped += self._parse(view[a:b], base + a)
                sidechain = self.sidechain
            a = b + 1
        if run >= 0:
            skipped += _utf8(view, run, n)
        return skipped

    def _triage(self, c: bytes, a: int, b: int) -> int:
        """PARSE or SKIP line c[a:b], from the record's first `"type"` and a few bounded searches.

        Records put their own type before any nested one, except assistant messages (whose first
        `"type"` is the API message's) and attachments (whose first is the attachment's)."""
        i = c.find(b'"type":"', a, min(a + 2000, b))
        if i < 0:
            return PARSE if c[a:b].strip() else SKIP
        j = c.find(b'"', i + 8, b)
        kind = c[i + 8:j]
        if kind in _PARSE_FIRST:
            return PARSE
        if kind == b"system":  # only whether the agent finished its answer matters here
            if c.find(b'"subtype":"turn_duration"', j, b) >= 0 or c.find(b'"subtype":"stop_hook_summary"', j, b) >= 0:
                if self.rec.turns is not None:
                    return PARSE  # turns also want the record's time
                self.rec.close_turn()
            return SKIP
        if kind == b"progress":
            if c.find(b'"hookEvent":"Stop"', j, min(j + 200, b)) >= 0:
                self.rec.close_turn()  # Stop hooks run once the agent has answered
            return SKIP
        if kind == b"user":
            if c.find(b'"type":"tool_result"', j, min(j + 400, b)) < 0:
                return PARSE
            if c.find(b'"is_error":true', j, b) >= 0 or any(c.find(k, a, b) >= 0 for k in self.review_keys):
                return PARSE
            return SKIP  # a successful tool's output: most of a transcript's bytes
        if kind == b"message":  # an assistant record: its first content block decides
            k = c.find(b'"type":"', j, b)
            block = c[k + 8:c.find(b'"', k + 8, b)] if k >= 0 else b""
            if block in (b"thinking", b"redacted_thinking"):
                return ASSISTANT if c.find(b'"type":"text"', a, b) >= 0 or c.find(b'"type":"tool_use"', a, b) >= 0 else SKIP
            return ASSISTANT
        if i - 14 >= a and c[i - 14:i] == b'"attachment":{':
            return PARSE if kind in _ATTACHMENTS else SKIP
        if kind == b"attachment":  # the record's own type first: look for the two that matter
            return PARSE if c.find(b'"queued_command"', a, b) >= 0 or c.find(b'"hook_blocking_error"', a, b) >= 0 else SKIP
        return SKIP if kind in _SKIP_FIRST else PARSE

    def _parse(self, line: memoryview, start: int) -> int:
        """Parse and handle one record; 1 if the line was malformed, else 0. The whole records a
        damaged line still holds (`_lines.salvage`) are handled too."""
        try:
            record = loads(line)
        except (ValueError, RecursionError):
            record = None
        if isinstance(record, dict):
            return self._handle(record, start)
        for found in salvage(line.tobytes()):
            self._handle(found, start)
        return 1

    def _parse_assistant(self, line: memoryview, start: int, ascii_only: bool) -> int:
        """`_parse` for a line that looks like an assistant record: read as an `AssistantRecord`
        (the fields used, a call's input raw). msgspec does not check the UTF-8 of what it skips,
        so a line that is not all ASCII is decoded once to check it; a line that does not decode
        this way (damaged, another record type, a field of another shape) takes `_parse`, so
        every line is handled exactly as the dict path handles it."""
        record: AssistantRecord | None
        try:
            record = _DECODE_ASSISTANT(line)
            if not ascii_only:
                str(line, "utf-8")
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):  # nested deeper than msgspec goes
            record = None
        if record is None or record.type != "assistant":
            return self._parse(line, start)
        return self._run(self.assistant, record, start)

    def _handle(self, record: dict[str, Any], start: int) -> int:
        """1 for a record of a shape we do not know (never fatal), else 0."""
        return self._run(self.record, record, start)

    def _run(self, handler: Callable[..., None], record: Any, start: int) -> int:
        first, self.fresh = self.fresh, False
        try:
            n = len(self.pending_review)
            handler(record, start, first=first)
            if len(self.pending_review) != n:
                self.review_keys = [k.encode() for k in self.pending_review]
        except (TypeError, AttributeError, KeyError, ValueError, IndexError):
            return 1
        return 0


def read(path: str, offset: int, state: dict[str, Any] | None, *,
         reviewers: re.Pattern[str] | None = None, turns: bool = False, lean: bool = False,
         keep_text: Callable[[str], bool] | None = None) -> Parsed:
    reader = ClaudeReader(path, state, reviewers, turns, lean, keep_text)
    new_offset, nbytes, skipped, scanned = reader.read(path, offset, unfinished(state, offset))
    return Parsed.of(reader.rec, new_offset, nbytes, skipped, reader.finish(), scanned)
