"""The collector's lean first scan finds exactly what a straightforward full parse finds.

`collect` reads logs with `sources.scan_events`: a byte-level triage skips records that hold
nothing it uses, tool calls are built only for events that become cases, and an assistant text
without a word of admission is only counted. These tests hold that fast path to a reference that
parses every record of every shared fixture with `json.loads` and hands it to its handler.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from git_ledger import sources
from git_ledger.classify import classify
from git_ledger.collect import collect
from git_ledger.models import Event, format_tools
from git_ledger.sources import claude
from git_ledger.sources._core import Parsed, Tally
from git_ledger.sources.claude_records import ClaudeRecords
from git_ledger.sources.codex import CodexReader
from tests.testing.util import DATA_DIR, fixtures_dir

FIX = fixtures_dir()
LOGS = sorted(sources.discover([FIX]), key=lambda al: str(al[1]))
DATA = DATA_DIR


def reference(path: Path, agent: str, offset: int = 0, state: dict[str, Any] | None = None) -> Parsed:
    """Every complete line parsed and handed to its record handler; no byte-level triage.

    Claude's progress records carry nothing anyone wrote: they only mark (hookEvent Stop) that
    the agent finished its answer. Gemini chats are whole documents, always parsed whole. A last
    line without its newline is left for the next read, which searches it only from its end."""
    if agent == "gemini":
        return sources._parse(path, agent, offset, state, None, False)
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    skipped, pos, first = 0, offset, offset == 0
    reader: Any
    if agent == "claude":
        reader = ClaudeRecords(str(path), state, sources.reviewer_pattern(None), False)
    else:
        reader = CodexReader(str(path), state, False)
    for line in data[offset:end].split(b"\n")[:-1]:
        start, pos = pos, pos + len(line) + 1
        if not line.strip() or (agent == "claude" and reader.sidechain):
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            skipped += 1
            continue
        if agent == "claude" and record.get("type") == "progress":
            data_ = record.get("data")
            if isinstance(data_, dict) and data_.get("hookEvent") == "Stop":
                reader.rec.close_turn()
            continue
        if agent == "claude":
            reader.record(record, start, first=first)
            first = False
        else:
            reader.record(record, start)
    state = reader.finish()
    if end < len(data):
        state["unfinished"] = [end, len(data)]
    return Parsed(reader.rec.events, None, end, end - offset, skipped, state)


def lean(path: Path, agent: str, offset: int = 0, state: dict[str, Any] | None = None) -> Parsed:
    return sources.scan_events(path, agent, offset, state, keep_text=classify.may_admit)


def lean_state(state: dict[str, Any]) -> dict[str, Any]:
    """A full read's state as a lean read keeps it: the open turn's calls as id, name, target."""
    return {**state, "tools": [t[:3] for t in state["tools"]]}


def short(calls: Any) -> list[tuple[str, str, str]]:
    """What collect uses of an event's calls: ids (one call recorded twice), names (typing) and
    targets (a case's context)."""
    return [(c.id, c.name, c.target) for c in calls]


def assert_same(fast: Parsed, ref: Parsed, *, resumed: bool = False) -> None:
    """Every reference event is in the lean read, in order: whole (its calls beside it), or, for
    an assistant text that cannot be an admission, as a tally of the same kind, time and place.
    A lean cursor keeps only what collect uses of the open turn's calls, so after resuming from
    one the calls carried over agree on that (`short`); a read from the start agrees on all."""
    assert (fast.offset, fast.bytes_read, fast.lines_skipped) == (ref.offset, ref.bytes_read, ref.lines_skipped)
    assert fast.state == lean_state(ref.state)
    assert len(fast.items) == len(fast.snaps) == len(ref.events)
    for got, snap, want in zip(fast.items, fast.snaps, ref.events):
        if isinstance(got, Tally):
            assert want.kind == "assistant_text" and not classify.may_admit(want.text)
            assert got == Tally(want.kind, want.session, want.cwd, want.timestamp, want.uuid)
        else:
            assert snap is not None
            assert got.tools == ()
            if resumed:
                assert short(sources.calls(snap)) == short(want.tools)
            else:
                assert sources.calls(snap) == want.tools
            assert got == Event(**{**want.__dict__, "tools": ()})


@pytest.mark.parametrize("agent,path", LOGS, ids=[str(p.relative_to(FIX)) for _, p in LOGS])
def test_every_fixture_reads_the_same_as_a_full_parse(agent: str, path: Path) -> None:
    ref = reference(path, agent)
    assert_same(lean(path, agent), ref)
    full = sources.read_events(path, agent)  # what `collect --events` prints
    assert (full.events, full.state, full.lines_skipped) == (ref.events, ref.state, ref.lines_skipped)


def _pieces(tmp_path: Path, agent: str, path: Path) -> list[tuple[Parsed, Parsed]]:
    data = path.read_bytes()
    cuts = [i + 1 for i, b in enumerate(data) if b == 0x0A]
    out = []
    for cut in sorted({cuts[len(cuts) // 3], cuts[len(cuts) // 2], cuts[-2]}):
        log = tmp_path / f"{cut}-{path.name}"
        log.write_bytes(data[:cut])
        first, ref_first = lean(log, agent), reference(log, agent)
        out.append((first, ref_first))
        log.write_bytes(data)
        out.append((lean(log, agent, first.offset, first.state), reference(log, agent, cut, ref_first.state)))
    return out


@pytest.mark.parametrize("agent,path", [(a, p) for a, p in LOGS if a != "gemini"],
                         ids=[str(p.relative_to(FIX)) for a, p in LOGS if a != "gemini"])
def test_resuming_at_any_point_reads_the_same(tmp_path: Path, agent: str, path: Path) -> None:
    """A cursor (offset + state) taken after a line (a third in, half way, the next to last)
    resumes exactly as the reference resumes from its own."""
    for n, (fast, ref) in enumerate(_pieces(tmp_path, agent, path)):
        assert_same(fast, ref, resumed=n % 2 == 1)


def reference_outcome(job: collect.Job) -> tuple[dict[str, int], dict[str, list[Any]], list[collect.PreCase]]:
    """What `collect.work` computed before the lean read: every event classified, as stored."""
    from git_ledger.classify.classify import classify_event
    from git_ledger.masking.mask import mask_tail
    from git_ledger.models import PREVIOUS_CHARS, TYPES

    by_kind: dict[str, int] = {}
    sessions: dict[str, list[Any]] = {}
    cases = []
    for ev in reference(Path(job.path), job.agent).events:
        by_kind[ev.kind] = by_kind.get(ev.kind, 0) + 1
        s = sessions.setdefault(ev.session, [ev.cwd, ev.timestamp, ev.timestamp, 0])
        s[0] = s[0] or ev.cwd
        if ev.timestamp:
            s[1] = min(s[1], ev.timestamp) if s[1] else ev.timestamp
            s[2] = max(s[2], ev.timestamp)
        s[3] += 1
        typed = classify_event(ev)
        if typed is not None:
            source, c = typed
            cases.append(collect.PreCase(
                ev.uuid, ev.kind, ev.session, ev.timestamp, ev.cwd, c.type, source, ev.text, format_tools(ev.tools),
                f"rule:{c.rule}" if c.rule and c.type in TYPES else "", c.lang,
                mask_tail(ev.previous or "", PREVIOUS_CHARS) if source == "human" else ""))
    return by_kind, sessions, cases


@pytest.mark.parametrize("agent,path", LOGS, ids=[str(p.relative_to(FIX)) for _, p in LOGS])
def test_collect_finds_the_same_cases_as_a_full_parse(agent: str, path: Path) -> None:
    st = path.stat()
    job = collect.Job(str(path), agent, 0, None, st.st_size, st.st_ino, st.st_mtime)
    out = collect.work(job, None, None)
    by_kind, sessions, cases = reference_outcome(job)
    assert out.events_by_kind == by_kind
    assert out.sessions == sessions
    from git_ledger.masking.mask import mask

    assert out.cases == [c._replace(text=collect.excerpt(c.text, mask), context=mask(c.context)) for c in cases]


def test_the_comparisons_are_not_vacuous() -> None:
    """The fixtures hold cases of each source, tallied texts and events with calls to compare."""
    found, tallies, calls = set(), 0, 0
    for agent, path in LOGS:
        st = path.stat()
        found |= {c.source for c in collect.work(collect.Job(str(path), agent, 0, None, st.st_size, st.st_ino,
                                                             st.st_mtime), None, None).cases}
        fast = lean(path, agent)
        tallies += sum(isinstance(i, Tally) for i in fast.items)
        calls += sum(len(snap) for snap in fast.snaps if snap)
    assert found == {"human", "review", "self"}
    assert tallies > 100 and calls > 100


def test_an_admission_is_never_only_counted() -> None:
    """`may_admit` is a superset of `classify_admission`: on every labelled message, every
    hard case and every assistant text of the fixtures, whatever it finds, may_admit lets through."""
    texts = [json.loads(line)["text"] for f in sorted(DATA.glob("classify_*.jsonl"))
             for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    texts += [e.text for agent, path in LOGS for e in sources.read_events(path, agent).events]
    texts += ["My mistake, I forgot to export it.", "I\nmissed the second call site.", "我漏掉了第二个调用点。",
              "見落としていました。", "제가 놓쳤습니다.", "I MISSED IT", "Even though you told me"]
    admitted = [t for t in texts if classify.classify_admission(t).type != "none"]
    assert len(admitted) >= 5
    assert all(classify.may_admit(t) for t in admitted)


def test_skipped_lines_are_checked_for_utf8_in_runs_and_counted_one_by_one(tmp_path: Path) -> None:
    """Skipped records are checked a run at a time; a run that fails is counted line by line."""
    ok = b'{"type":"progress","data":{"x":"caf\xc3\xa9"}}'
    bad = b'{"type":"progress","data":{"x":"\xff"}}'
    prompt = json.dumps({"type": "user", "sessionId": "s", "uuid": "u1", "timestamp": "2026-11-20T10:00:00Z",
                         "message": {"role": "user", "content": "hello"}}).encode()
    for eol in (b"\n", b"\r\n"):
        log = tmp_path / "s.jsonl"
        log.write_bytes(eol.join([ok, bad, ok, bad, prompt, bad, b"\x00garbage", ok, b"", ok, bad]) + eol)
        for read in (lean, reference):
            got = read(log, "claude")
            assert got.lines_skipped == 5 and got.offset == log.stat().st_size
        assert [e.kind for e in sources.read_events(log, "claude").events] == ["prompt"]


@pytest.mark.parametrize("raw", [
    b'{"a":1}', b'{"a":1} \r', b'{"a":1}x', b"{", b'{"a":"\xed\xa0\x80"}', b'{"a":"\xff"}', b'{"a":NaN}',
    b'\xef\xbb\xbf{"a":1}', b"[1]", b" {}", b"{}\t\x0b", b'{"a":"\\ud800"}', b'{\x00"', b"{}{}",
])
def test_the_line_parser_accepts_and_rejects_what_json_loads_does(raw: bytes) -> None:
    from git_ledger.sources._lines import loads

    def outcome(parse: Any) -> Any:
        try:
            return ("ok", repr(parse(raw)))
        except (ValueError, RecursionError):
            return ("error",)

    assert outcome(loads) == outcome(json.loads)


def test_assistant_records_read_by_their_used_fields_are_handled_as_the_dict_path_handles_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Assistant records are decoded into the few fields collect uses, the rest skipped unbuilt.
    What msgspec accepts in a skipped field and a whole parse refuses (a byte that is not UTF-8),
    what only the standard library parses (1e400), a field of another shape, another record type
    behind the same first key, input nested too deep to parse, and a call's input kept raw: each
    is read as the reference reads it."""
    def assistant(uuid: str, content: Any, **extra: Any) -> bytes:
        record = {"message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                              "content": content, "stop_reason": "end_turn", "usage": {"input_tokens": 3}},
                  "type": "assistant", "sessionId": "s", "uuid": uuid, "timestamp": "2026-11-20T10:00:01Z", **extra}
        return json.dumps(record, separators=(",", ":")).encode()  # compact, as Claude Code writes

    prompt = json.dumps({"type": "user", "sessionId": "s", "uuid": "u1", "timestamp": "2026-11-20T10:00:00Z",
                         "message": {"role": "user", "content": "hello"}}, separators=(",", ":")).encode()
    call = {"type": "tool_use", "id": "t1", "name": "Edit", "input": {"file_path": "src/app.py", "old": "x" * 5000}}
    text = {"type": "text", "text": "I missed the second call site."}
    lines = [
        prompt,
        assistant("a1", [call, text]),
        assistant("a2", [text]).replace(b'"input_tokens":3', b'"input_tokens":"\xff"'),  # not UTF-8, skipped
        assistant("a3", [text]).replace(b'"input_tokens":3', b'"input_tokens":1e400'),
        assistant("a4", [{"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command": "pytest -q"}}]),
        assistant("a5", "My mistake, I forgot the export."),  # content as a string
        assistant("a6", [text, "not a block"]),  # another shape: the dict path skips the string
        assistant("a7", None),
        assistant("a8", [text], isApiErrorMessage=True),
        assistant("a9", [text], type="user"),  # another type behind the same first key
        assistant("a10", [{"type": "tool_use", "id": "t3", "name": "Read",
                           "input": {"file_path": "README.md"}}]).replace(b'"README.md"', b'"\xffREADME.md"'),
        assistant("a11", [{"type": "tool_use", "id": "t4", "name": "Edit", "input": "DEEP"}]).replace(
            b'"DEEP"', b"[" * 2000 + b"]" * 2000),  # nested deeper than msgspec (and json) go
        prompt.replace(b'"u1"', b'"u2"'),
    ]
    log = tmp_path / "s.jsonl"
    log.write_bytes(b"\n".join(lines) + b"\n")
    ref = reference(log, "claude")
    assert ref.lines_skipped == 3 and len(ref.events) >= 5
    decode = claude._DECODE_ASSISTANT
    decoded: list[int] = []  # the lines that take the assistant records' own decoder
    monkeypatch.setattr(claude, "_DECODE_ASSISTANT", lambda line: decoded.append(1) or decode(line))
    assert_same(lean(log, "claude"), ref)
    full = sources.read_events(log, "claude")
    assert (full.events, full.state, full.lines_skipped) == (ref.events, ref.state, ref.lines_skipped)
    assert len(decoded) == 2 * 11  # every assistant line, in both reads
