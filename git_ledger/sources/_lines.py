"""Reading a log as lines: complete chunks, a cheap validity check, a fast exact JSON parse, and
the records a damaged line still holds.

Shared by the line-based parsers (Claude Code, Codex); nothing here knows a record's meaning.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

import msgspec

__all__ = ["BOM", "CHUNK_BYTES", "Chunks", "complete_chunks", "framed", "loads", "read_json_lines", "salvage"]
CHUNK_BYTES = 8 << 20  # read logs in pieces of about this size
BOM = b"\xef\xbb\xbf"  # a UTF-8 byte order mark some editors put at the start of a file
SALVAGE_MAX = 16 << 20  # a damaged line longer than this is only counted, never searched for records
SALVAGE_TRIES = 16  # record starts tried in one damaged line


def framed(line: bytes) -> bool:
    """Cheap validity for a line we do not parse (without its newline): one JSON object, UTF-8,
    no NUL byte (never valid in JSON; what a crash leaves where unwritten bytes were)."""
    end = len(line) - 1 if line[-1:] == b"\r" else len(line)
    if line[:1] != b"{" or line[end - 1:end] != b"}" or b"\x00" in line:
        return False
    if not line.isascii():
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return False
    return True


class Chunks:
    """(start offset, bytes) pieces of a file from `offset`, each ending with a newline.

    A last line without one is left unread (the agent may still be writing it). After the
    iteration, `scanned` is how far that unfinished line was searched for its newline: pass it
    back (with the same offset) and the next read searches only the bytes added since, instead of
    joining a line of hundreds of megabytes again on every run. While a line is unfinished its
    bytes are not kept: once its newline arrives, the line is read back in one piece."""

    def __init__(self, f: BinaryIO, offset: int, scanned: int = 0, size: int = CHUNK_BYTES) -> None:
        self.f = f
        self.offset = offset
        self.scanned = max(offset, scanned)
        self.size = size

    def __iter__(self) -> Iterator[tuple[int, bytes]]:
        f, size = self.f, self.size
        pos = self.offset  # where the next piece starts
        at = self.scanned  # the next byte to read; [pos, at) holds no newline
        held: list[bytes] | None = [] if at == pos else None  # the bytes of [pos, at), if kept
        f.seek(at)
        while True:
            data = f.read(size)
            if not data:
                return
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                at += len(data)
                self.scanned = at
                if held is not None:
                    held.append(data)
                    if at - pos > size:  # a long unfinished line: read it back when it ends
                        held = None
                continue
            if held is None:
                f.seek(pos)
                piece = f.read(at + cut - pos)
                f.seek(at + len(data))
            elif held:
                piece = b"".join(held) + data[:cut]
            else:
                piece = data if cut == len(data) else data[:cut]
            at += len(data)
            self.scanned = at
            yield pos, piece
            pos = at - len(data) + cut
            held = [data[cut:]] if cut < len(data) else []


def complete_chunks(f: BinaryIO, offset: int, size: int = CHUNK_BYTES) -> Iterator[tuple[int, bytes]]:
    """`Chunks` without the memory of an unfinished line."""
    return iter(Chunks(f, offset, size=size))


def read_json_lines(path: str, offset: int, take: Callable[[Any, int], bool]) -> tuple[int, int, int]:
    """Hand each complete, non-blank line of `path` from `offset` to `take`, parsed as JSON (None
    when it is not JSON), with its byte position; a line `take` refuses counts as skipped.
    Returns (the offset after the last complete line, bytes read, lines skipped)."""
    end, nbytes, skipped = offset, 0, 0
    with open(path, "rb") as f:
        for start, chunk in complete_chunks(f, offset):
            nbytes += len(chunk)
            pos = start
            for raw in chunk.splitlines(keepends=True):
                line = raw.rstrip(b"\r\n")
                if line.strip():
                    try:
                        record = loads(line)
                    except (ValueError, RecursionError):
                        record = None
                    if not take(record, pos):
                        skipped += 1
                pos += len(raw)
            end = pos
    return end, nbytes, skipped


_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_DECODE = msgspec.json.Decoder().decode


def loads(line: bytes | memoryview) -> Any:
    """`json.loads(line)` for one log line, exactly: msgspec (a compiled parser, 2.5x faster on
    these lines) gives the same values wherever it accepts the input; what it rejects and the
    standard library accepts (NaN, 1e400, lone surrogates, a BOM) takes the standard library's C
    scanner. A memoryview (a line inside a chunk) is parsed without copying it out first.
    Raises ValueError (or RecursionError) where json.loads would."""
    try:
        return _DECODE(line)
    except msgspec.DecodeError:
        pass
    if isinstance(line, memoryview):
        line = line.tobytes()
    if line[:1] != b"{" or line[1:2] == b"\x00":  # a BOM, UTF-16/32, leading space: the long way
        return json.loads(line)
    text = line.decode("utf-8", "surrogatepass")
    try:
        value, end = _SCAN(text, 0)
    except StopIteration:
        raise ValueError("no JSON value") from None
    if end != len(text) and text[end:].strip(" \t\n\r"):
        raise ValueError("extra data after the JSON value")
    return value


def salvage(line: bytes) -> list[dict[str, Any]]:
    """The whole records in a line that is not one JSON object, in order (often none).

    A crash leaves a record cut short, and the next write then continues on the same line; NUL
    bytes stand where a file's unwritten blocks were. What follows the damage is usually a whole
    record, so the starts of objects (`{"`) are tried from the right, a bounded number of times:
    one that parses up to the end (or up to the record found after it) is a record. A start right
    after `:`, `,` or `[` is a nested object, never a record, and is not tried."""
    if len(line) > SALVAGE_MAX:
        return []
    found: list[dict[str, Any]] = []
    stop = end = len(line)  # a record must end at `stop`; starts are looked for before `end`
    for _ in range(SALVAGE_TRIES):
        start = line.rfind(b'{"', 0, end)
        if start < 0:
            break
        if start == 0 or line[start - 1] not in b":,[ \t":
            try:
                value = loads(line[start:stop])
            except (ValueError, RecursionError):
                value = None
            if isinstance(value, dict):
                found.append(value)
                stop = start
        end = start
    return found[::-1]
