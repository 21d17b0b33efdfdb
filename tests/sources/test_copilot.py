"""GitHub Copilot CLI session logs -> events: the real 1.0.102 log recorded here
(tests/data/copilot-cli/PROVENANCE.md) and small logs in the same shape."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from git_ledger import sources
from tests.testing.util import DATA_DIR, init_repo, run_cli, write_jsonl

RECORDED = DATA_DIR / "copilot-cli" / "events.jsonl"
SESSION = "7d0c51e2-4b8a-4f0e-9c61-2a3b4c5d6e7f"
CORRECTION = "no, you only ran the linter; run the unit tests too"
OUR_BLOCK = "[git-ledger: recent corrections] Corrections the user made in this repository"
GUARD_BLOCK = "You said it is done, but this turn ran nothing: show the evidence."


def event(kind: str, n: int, **data: Any) -> dict[str, Any]:
    return {"type": kind, "data": data, "id": f"e{n}", "timestamp": f"2026-12-01T10:00:{n:02d}.000Z",
            "parentId": f"e{n - 1}" if n else None}


def session_log(path: Path, cwd: str) -> Path:
    """A session: a prompt, a turn that calls bash then answers, our agentStop block queued as the
    next prompt, the forced turn, then the user's correction."""
    return write_jsonl(path, [
        event("session.start", 0, sessionId=SESSION, producer="copilot-agent", copilotVersion="1.0.102",
              context={"cwd": cwd, "gitRoot": cwd}),
        event("user.message", 1, content="lint the parser", messageId="m1", delivery="idle"),
        event("assistant.turn_start", 2, turnId="0"),
        event("assistant.message", 3, messageId="a1", content="Linting.", toolRequests=[
            {"toolCallId": "t1", "name": "bash", "arguments": {"command": "ruff check ."}, "type": "function"}]),
        event("tool.execution_start", 4, toolCallId="t1", toolName="bash", arguments={"command": "ruff check ."}),
        event("tool.execution_complete", 5, toolCallId="t1", success=True),
        event("assistant.turn_end", 6, turnId="0"),
        event("assistant.turn_start", 7, turnId="1"),
        event("assistant.message", 8, messageId="a2", content="Done, all checks pass.", toolRequests=[]),
        event("assistant.turn_end", 9, turnId="1"),
        event("hook.end", 10, hookType="agentStop", success=True, output={"decision": "block", "reason": OUR_BLOCK}),
        event("user.message", 11, content=OUR_BLOCK, messageId="m2", delivery="queued"),
        event("assistant.message", 12, messageId="a3", content="Checked against them.", toolRequests=[]),
        event("assistant.turn_end", 13, turnId="2"),
        event("hook.end", 14, hookType="agentStop", success=True, output={"decision": "block", "reason": GUARD_BLOCK}),
        event("user.message", 15, content=GUARD_BLOCK, messageId="m3", delivery="queued"),
        event("assistant.message", 16, messageId="a4", content="The linter output is above.", toolRequests=[]),
        event("assistant.turn_end", 17, turnId="3"),
        event("user.message", 18, content=CORRECTION, messageId="m4", delivery="idle"),
    ])


def test_a_session_log_is_recognised_by_its_content(tmp_path: Path) -> None:
    assert sources.sniff(RECORDED) == "copilot"
    renamed = tmp_path / "whatever.log"
    shutil.copyfile(RECORDED, renamed)
    assert sources.sniff(renamed) == "copilot"
    assert not sources.rewritten("copilot", RECORDED)


def test_the_recorded_log_gives_the_prompt_the_calls_and_the_final_answer() -> None:
    got = sources.read_events(RECORDED, "copilot")
    assert got.lines_skipped == 0 and got.offset == RECORDED.stat().st_size
    assert [e.kind for e in got.events] == ["prompt", "assistant_text", "assistant_text"]
    prompt, first, last = got.events
    assert prompt.text == "fix the parser" and prompt.opens_session
    assert {e.cwd for e in got.events} == {"/home/me/src/widget"}
    assert {e.session for e in got.events} == {"e6265653-0ce5-45ad-8925-665aee40a635"}
    assert not first.is_final and last.is_final  # the answer ends with the turn that asked for no tool
    assert [(t.name, t.shell) for t in last.tools] == [("bash", "echo 3 passed")]


def test_a_correction_carries_the_turn_before_it_and_block_reasons_are_not_prompts(tmp_path: Path) -> None:
    log = session_log(tmp_path / SESSION / "events.jsonl", "/work/widget")
    events = sources.read_events(log, "copilot").events
    prompts = [e for e in events if e.kind == "prompt"]
    assert [p.text for p in prompts] == ["lint the parser", CORRECTION]  # neither block reason
    correction = prompts[1]
    assert correction.uuid == "m4" and correction.previous == "The linter output is above."
    assert [(t.name, t.shell) for t in correction.tools] == [("bash", "ruff check .")]  # one call, seen twice


def test_appended_lines_are_read_from_the_last_offset(tmp_path: Path) -> None:
    whole = session_log(tmp_path / "whole.jsonl", "/work/widget").read_bytes()
    log = tmp_path / SESSION / "events.jsonl"
    log.parent.mkdir()
    lines = whole.splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:11]) + lines[11][:20])  # up to our block's hook.end, then half a line
    first = sources.read_events(log, "copilot")
    assert [e.text for e in first.events if e.kind == "prompt"] == ["lint the parser"]
    log.write_bytes(whole)
    second = sources.read_events(log, "copilot", first.offset, first.state)
    assert [e.text for e in second.events if e.kind == "prompt"] == [CORRECTION]  # the queued block still known
    assert {e.cwd for e in second.events} == {"/work/widget"}
    assert json.loads(json.dumps(second.state)) == second.state


def test_a_damaged_line_is_counted_and_the_rest_read(tmp_path: Path) -> None:
    whole = session_log(tmp_path / "whole.jsonl", "/work/widget").read_bytes()
    lines = whole.splitlines(keepends=True)
    log = tmp_path / "events.jsonl"
    log.write_bytes(b"".join([*lines[:5], b'{"type": "assistant.message", "data": {\x00\x00\n', b"[1, 2]\n", *lines[5:]]))
    got = sources.read_events(log, "copilot")
    assert got.lines_skipped == 2
    assert [e.text for e in got.events if e.kind == "prompt"] == ["lint the parser", CORRECTION]


def test_a_subagents_events_stay_out_of_the_parents_turn(tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "events.jsonl", [
        event("session.start", 0, sessionId=SESSION, context={"cwd": "/work/widget"}),
        event("user.message", 1, content="review it", messageId="m1"),
        event("assistant.message", 2, messageId="a1", content="Asking a reviewer.", toolRequests=[
            {"toolCallId": "t1", "name": "task", "arguments": {"description": "review"}}]),
        event("assistant.message", 3, messageId="s1", content="Sub says hi.", parentToolCallId="t1", toolRequests=[
            {"toolCallId": "t2", "name": "bash", "arguments": {"command": "cat x"}}]),
        event("user.message", 4, content="that is wrong", messageId="m2"),
    ])
    events = sources.read_events(log, "copilot").events
    assert "Sub says hi." not in [e.text for e in events]
    assert [t.name for t in events[-1].tools] == ["task"]


def test_collect_finds_copilot_sessions_in_their_default_folder(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    home = tmp_path / "home"  # the test HOME (conftest)
    session_log(home / ".copilot" / "session-state" / SESSION / "events.jsonl", str(repo))
    out = run_cli("collect", "--agent", "copilot", "--json", cwd=repo)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["events_by_kind"]["prompt"] == 2
    cases = [json.loads(line) for line in run_cli("show", "github.com/example/widget", "--json").stdout.splitlines()]
    assert cases and {(c["agent"], c["cwd"]) for c in cases} == {("copilot", str(repo))}
