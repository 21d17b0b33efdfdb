"""Reading logs as lines (`sources._lines`): complete pieces, an unfinished line searched once,
an exact fast JSON parse, and the records a damaged line still holds."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from git_ledger import sources
from git_ledger.sources._lines import Chunks, framed, loads, salvage


class CountingFile(io.FileIO):
    """A real file that remembers how many bytes were read from it."""

    read_bytes = 0

    def read(self, size: int = -1) -> bytes:
        data = super().read(size)
        self.read_bytes += len(data or b"")
        return data or b""


def record(uuid: str, text: str, kind: str = "user") -> bytes:
    rec = {"parentUuid": None, "isSidechain": False, "cwd": "/work/widget", "sessionId": "s-1", "type": kind,
           "message": {"role": kind, "content": text}, "uuid": uuid, "timestamp": "2026-11-20T10:00:00.000Z"}
    return json.dumps(rec, separators=(",", ":")).encode()


def test_pieces_end_with_a_newline_and_cover_every_complete_line(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    lines = [b"x" * n for n in (10, 5000, 1, 9000, 3)]
    log.write_bytes(b"\n".join(lines) + b"\npartial")
    with log.open("rb") as f:
        chunks = Chunks(f, 0, size=4096)
        pieces = list(chunks)
    assert all(p.endswith(b"\n") for _, p in pieces)
    assert b"".join(p for _, p in pieces) == b"\n".join(lines) + b"\n"
    assert [start for start, _ in pieces] == [0, *(s + len(p) for s, p in pieces[:-1])]
    assert chunks.scanned == log.stat().st_size  # the partial line was searched to the end


def test_an_unfinished_line_is_searched_once_not_joined_again_on_every_read(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    log.write_bytes(b"{}\n" + b"y" * 50_000)
    offset, scanned, read = 0, 0, []
    for more in (b"y" * 50_000, b"y" * 50_000 + b"\n{}\n"):
        with CountingFile(log) as f:
            chunks = Chunks(f, offset, scanned, size=4096)
            pieces = list(chunks)
        read.append(f.read_bytes)
        offset = pieces[-1][0] + len(pieces[-1][1]) if pieces else offset
        scanned = chunks.scanned
        with log.open("ab") as out:
            out.write(more)
    assert (offset, scanned) == (3, 100_003)
    with CountingFile(log) as f:
        chunks = Chunks(f, offset, scanned, size=4096)
        pieces = list(chunks)
    # the second read searched only the new 50 KB; the last searched its new bytes, then read the
    # finished line (and what follows it) back once
    size = log.stat().st_size
    assert read[1] == 50_000
    assert f.read_bytes == (size - scanned) + (size - offset)
    assert b"".join(p for _, p in pieces) == b"y" * 150_000 + b"\n{}\n"


def test_a_huge_unfinished_line_written_across_runs_is_read_once_it_ends(tmp_path: Path) -> None:
    """Three runs while a 20 MB record is being written, then its end and a prompt after it."""
    log = tmp_path / "s.jsonl"
    big = record("u-big", "z" * 20_000_000, kind="assistant")
    log.write_bytes(record("u0", "first") + b"\n" + big[:7_000_000])
    offset, state = 0, None
    for end in (14_000_000, len(big)):
        rr = sources.scan_events(log, "claude", offset, state)
        assert rr.state["unfinished"] == [rr.offset, log.stat().st_size]
        offset, state = rr.offset, rr.state
        with log.open("ab") as out:
            out.write(big[log.stat().st_size - offset:end])
    with log.open("ab") as out:
        out.write(b"\n" + record("u1", "no, the other file") + b"\n")
    rr = sources.scan_events(log, "claude", offset, state)
    assert (rr.offset, rr.lines_skipped) == (log.stat().st_size, 0)
    assert "unfinished" not in rr.state
    assert [(e.uuid, e.kind) for e in rr.items] == [("u-big", "assistant_text"), ("u1", "prompt")]
    whole = sources.read_events(log, "claude")
    assert [e.uuid for e in whole.events] == ["u0", "u-big", "u1"]


@pytest.mark.parametrize("text", [
    b'{"a":"\\ud800"}', b'{"a":NaN}', b'{"a":123456789012345678901234567890}', b'{"a":1.5e400}',
    b'\xef\xbb\xbf{"a":1}', b'{"a":1,"a":2}', b'{"a":"\xed\xa0\x80"}', b'{"a":[1,2.5,-0.0,true,null]}\r',
])
def test_loads_gives_what_json_loads_gives(text: bytes) -> None:
    assert repr(loads(text)) == repr(json.loads(text))


@pytest.mark.parametrize("text", [b'{"a":1}{', b'{"a":"\x00"}', b"garbage", b'{"a":1', b"\xff{}"])
def test_loads_refuses_what_json_loads_refuses(text: bytes) -> None:
    with pytest.raises(ValueError):
        json.loads(text)
    with pytest.raises(ValueError):
        loads(text)


def test_framed_refuses_nul_bytes_bad_utf8_and_cut_records() -> None:
    assert framed(b'{"type":"progress"}') and framed(b'{"type":"progress","t":"\xc3\xa9"}\r')
    assert not framed(b'{"type":"progress","t":"\x00\x00"}')
    assert not framed(b'{"type":"progress","t":"\xc3"}')
    assert not framed(b'{"type":"progress","data":{"a":')


def test_salvage_finds_the_records_after_the_damage() -> None:
    whole = record("u1", "keep me")
    assert salvage(b"\x00" * 300 + whole) == [json.loads(whole)]
    assert salvage(record("u0", "cut here")[:40] + whole) == [json.loads(whole)]  # a record cut short
    assert salvage(b"\xef\xbb\xbfgarbage" + whole + record("u2", "two")) == [json.loads(whole), json.loads(record("u2", "two"))]
    assert salvage(b"\x00" * 10) == [] and salvage(record("u0", "cut")[:60]) == []


def test_a_log_is_recognised_by_its_first_record_after_damage() -> None:
    claude = record("u1", "hello")
    assert sources.detect_agent(b"\xef\xbb\xbf" + claude) == "claude"
    assert sources.detect_agent(b"\x00" * 200 + claude) == "claude"
    assert sources.detect_agent(b"### not json at all\n\n" + claude + b"\n") == "claude"
    codex = b'{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{}}'
    assert sources.detect_agent(b"\xef\xbb\xbf" + codex) == "codex"
    gemini = b'\xef\xbb\xbf{\n  "sessionId": "x",\n  "projectHash": "y",\n  "messages": []\n}'
    assert sources.detect_agent(gemini) == "gemini"
    assert sources.detect_agent(b"just text\nmore text\n") is None
    assert sources.detect_agent(b'{"id": 1, "text": "a data set, not a log"}\n') is None


def test_a_long_damaged_start_is_read_past(tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    log.write_bytes(b"\x00" * 100_000 + b"\n" + record("u1", "hello") + b"\n")
    assert sources.recognise(log) == "claude"
    with pytest.raises(OSError):
        sources.recognise(tmp_path / "gone.jsonl")
    assert sources.sniff(tmp_path / "gone.jsonl") is None
