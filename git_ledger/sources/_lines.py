"""Reading a log as lines: complete chunks, a cheap validity check, and a faster json.loads.

Shared by the line-based parsers (Claude Code, Codex); nothing here knows a record's meaning.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

CHUNK_BYTES = 8 << 20  # read logs in pieces of about this size


def framed(line: bytes) -> bool:
    """Cheap validity for a line we do not parse (without its newline): one JSON object, UTF-8."""
    end = len(line) - 1 if line[-1:] == b"\r" else len(line)
    if line[:1] != b"{" or line[end - 1:end] != b"}":
        return False
    if not line.isascii():
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return False
    return True


def complete_chunks(f: BinaryIO, offset: int, size: int = CHUNK_BYTES) -> Iterator[tuple[int, bytes]]:
    """(start offset, bytes) pieces of `f` from `offset`, each ending with a newline; a last line
    without one is left unread (the agent may still be writing it)."""
    f.seek(offset)
    pos = offset
    rest = b""
    while True:
        data = f.read(size)
        if not data:
            return
        if rest:
            data, rest = rest + data, b""
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            rest = data
            continue
        if cut < len(data):
            data, rest = data[:cut], data[cut:]
        yield pos, data
        pos += len(data)


_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def loads(line: bytes) -> Any:
    """`json.loads(line)` for one log line, straight into the C scanner json.loads ends up in.
    Raises ValueError (or RecursionError) where json.loads would."""
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
