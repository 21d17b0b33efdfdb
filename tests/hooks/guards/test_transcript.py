"""The turn readers on GitHub Copilot CLI session logs (`events.jsonl`): one recorded with the real
CLI 1.0.102 (tests/data/copilot-cli, see its PROVENANCE.md), and small ones written
here in its envelope (`{"type": "<area>.<kind>", "data", "id", "timestamp", "parentId"}`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from git_ledger.hooks.guards.transcript import current_turn
from tests.testing.util import write_jsonl

RECORDED = Path(__file__).resolve().parents[2] / "data" / "copilot-cli" / "events.jsonl"


def event(n: int, kind: str, **data: Any) -> dict[str, Any]:
    return {"type": kind, "data": data, "id": f"ev-{n}", "timestamp": f"2026-11-20T10:00:{n:02d}.000Z",
            "parentId": f"ev-{n - 1}" if n else None}


def test_a_recorded_session_while_its_turn_ends_and_after_it_shut_down(tmp_path: Path) -> None:
    lines = RECORDED.read_text(encoding="utf-8").splitlines(keepends=True)
    assert '"session.shutdown"' in lines[-1]
    live = tmp_path / "events.jsonl"
    live.write_text("".join(lines[:-1]), encoding="utf-8")  # as if the turn were written before agentStop
    turn = current_turn(str(live))
    assert turn is not None and turn.agent == "copilot" and turn.complete
    assert [(c.name, c.shell) for c in turn.calls] == [("bash", "echo 3 passed")]
    assert turn.texts == ("Running the tests first.", "Fixed: the tests pass.")
    assert current_turn(str(RECORDED)) is None  # ended: the turn in it was judged already


def test_the_turn_opens_at_the_last_message_a_person_typed(tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "events.jsonl", [
        event(0, "session.start", sessionId="s", version=1, producer="copilot-agent"),
        event(1, "user.message", content="first task"),
        event(2, "tool.execution_start", toolCallId="old", toolName="bash", arguments={"command": "ls"}),
        event(3, "user.message", content="now fix the parser"),
        event(4, "assistant.turn_start", turnId="0"),
        event(5, "assistant.message", messageId="m1", content="Looking.", toolRequests=[
            {"toolCallId": "c1", "name": "bash", "arguments": {"command": "pytest -q"}, "type": "function"},
            {"toolCallId": "c2", "name": "view", "arguments": '{"path": "src/parse.py"}', "type": "function"}]),
        event(6, "tool.execution_start", toolCallId="c1", toolName="bash", arguments={"command": "pytest -q"}),
        event(7, "tool.execution_complete", toolCallId="c1", success=True, result={"content": "ok"}),
        event(8, "assistant.turn_end", turnId="0"),
        event(9, "assistant.turn_start", turnId="1"),  # a second model call of the same turn
        event(10, "assistant.message", messageId="m2", content="Fixed; the tests pass.", toolRequests=[]),
    ])
    turn = current_turn(str(log))
    assert turn is not None and turn.agent == "copilot" and turn.complete
    assert [(c.id, c.name, c.shell) for c in turn.calls] == [("c1", "bash", "pytest -q"), ("c2", "view", "")]
    assert turn.texts == ("Looking.", "Fixed; the tests pass.")
    assert (turn.opened_by, turn.last_uuid, turn.timestamp) == ("ev-3", "ev-10", "2026-11-20T10:00:10.000Z")


def test_a_subagents_work_and_harness_text_open_no_turn_of_their_own(tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "events.jsonl", [
        event(1, "user.message", content="review the diff"),
        event(2, "tool.execution_start", toolCallId="t1", toolName="task", arguments={"prompt": "review"}),
        event(3, "assistant.message", messageId="sub", content="Subagent: looks fine.", parentToolCallId="t1",
              toolRequests=[{"toolCallId": "s1", "name": "bash", "arguments": {"command": "git diff"}}]),
        event(4, "user.message", content="<command-name>/clear</command-name>"),
        event(5, "assistant.message", messageId="m", content="Reviewed: no problems.", toolRequests=[]),
    ])
    turn = current_turn(str(log))
    assert turn is not None and turn.opened_by == "ev-1"
    assert [c.name for c in turn.calls] == ["task"] and turn.texts == ("Reviewed: no problems.",)


def test_a_turn_with_no_tool_and_a_torn_last_line(tmp_path: Path) -> None:
    log = write_jsonl(tmp_path / "events.jsonl", [
        event(1, "user.message", content="is it done?"),
        event(2, "assistant.message", messageId="m", content="Yes, all done.", toolRequests=[]),
    ])
    with log.open("a") as f:
        f.write('{"type": "assistant.turn_e')
    turn = current_turn(str(log))
    assert turn is not None and turn.calls == () and turn.final_text == "Yes, all done."


def test_a_file_that_ends_with_a_judged_turn_holds_no_current_turn(tmp_path: Path) -> None:
    # Copilot CLI writes a turn's events after its agentStop hooks ran: what the file holds then
    # is the previous turn, already judged (and maybe left unblocked), never the one ending now.
    log = write_jsonl(tmp_path / "events.jsonl", [
        event(1, "user.message", content="is it done?"),
        event(2, "assistant.message", messageId="m", content="Yes, all done.", toolRequests=[]),
        event(3, "hook.start", hookInvocationId="h1", hookType="agentStop", input={}),
        event(4, "hook.end", hookInvocationId="h1", hookType="agentStop", success=True),
    ])
    assert current_turn(str(log)) is None
    with log.open("a") as f:
        f.write('{"type": "session.shutdown", "data": {"shutdownType": "routine"}, "id": "ev-5"}\n')
    assert current_turn(str(log)) is None
