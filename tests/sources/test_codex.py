"""Codex CLI rollouts -> events: the public fixture, and the shapes of Codex 0.171 (recorded with
the real CLI against a scripted model) and older builds, as small rollouts written here."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from git_ledger import sources
from tests.testing.util import fixtures_dir, run_cli

SID = "01a2297d-79b0-7d80-b39f-f0188953997d"


def cli_events(log: Path) -> list[dict[str, Any]]:
    out = run_cli("collect", "--events", "--logs", str(log))
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def write_rollout(path: Path, records: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records), encoding="utf-8")
    return path


def line(ts: str, kind: str, payload: dict[str, Any], ordinal: int | None = None) -> dict[str, Any]:
    r: dict[str, Any] = {"timestamp": f"2026-11-29T22:{ts}Z"}
    if ordinal is not None:
        r["ordinal"] = ordinal
    r.update(type=kind, payload=payload)
    return r


def message(role: str, text: str, msg_id: str | None = None, **extra: Any) -> dict[str, Any]:
    kind = "output_text" if role == "assistant" else "input_text"
    p: dict[str, Any] = {"type": "message"}
    if msg_id:
        p["id"] = msg_id
    p.update(role=role, content=[{"type": kind, "text": text}], **extra)
    return p


def rollout_0171() -> list[dict[str, Any]]:
    """Codex 0.171.0 `exec`, then `exec resume`, with a UserPromptSubmit and a Stop hook (ours)."""
    hook = "<hook_prompt hook_run_id=\"stop:1:/home/u/.codex/hooks.json\">git-ledger: you claimed done</hook_prompt>"
    return [
        line("46:58.803", "session_meta", {"account_scoped": True, "session_id": SID, "id": SID,
                                           "cwd": "/work/widget", "originator": "codex_exec", "cli_version": "0.171.0",
                                           "base_instructions": {"text": "You are Codex."}}, 0),
        line("46:58.804", "event_msg", {"type": "task_started", "turn_id": "t1"}, 1),
        line("46:58.873", "response_item", message("developer", "<skills_instructions>…</skills_instructions>", "m0"), 2),
        line("46:58.873", "response_item", message("user", "<environment_context>\n  <cwd>/work/widget</cwd>\n"
                                                           "</environment_context>", "m1"), 3),
        line("46:58.890", "turn_context", {"turn_id": "t1", "cwd": "/work/widget", "model": "gpt-test"}, 5),
        line("46:58.904", "response_item", message("user", "fix it", "m2"), 7),
        line("46:58.906", "event_msg", {"type": "item_completed", "item": {"type": "UserMessage", "content": [
            {"type": "text", "text": "fix it"}]}}, 8),
        line("46:58.914", "response_item", message(
            "developer", "git-ledger: recent corrections in this repo: you forgot the tests", "m3"), 9),
        line("46:58.975", "response_item", message("assistant", "Running the tests.", "msg_a1"), 11),
        line("46:58.976", "response_item", {"type": "function_call", "id": "fc_1", "name": "exec_command",
                                            "arguments": "{\"cmd\": \"pytest -q\"}", "call_id": "call_1"}, 12),
        line("46:59.289", "response_item", {"type": "function_call_output", "call_id": "call_1",
                                            "output": "Process exited with code 0\nOutput:\n3 passed\n"}, 15),
        line("46:59.336", "response_item", message("assistant", "Done, all fixed.", "msg_a2"), 18),
        line("46:59.362", "response_item", message("user", hook, "m4"), 21),
        line("46:59.400", "response_item", message("assistant", "Verified by the run above.", "msg_a3"), 24),
        line("46:59.500", "event_msg", {"type": "task_complete", "turn_id": "t1", "last_agent_message": "Verified"}, 26),
        line("46:59.927", "event_msg", {"type": "task_started", "turn_id": "t2"}, 29),
        line("46:59.979", "response_item", message("user", "you forgot the tests", "m5"), 31),
        line("47:00.047", "response_item", message("assistant", "Sorry, adding them now.", "msg_a4"), 35),
        line("47:00.048", "response_item", {"type": "custom_tool_call", "id": "ct_1", "name": "apply_patch",
                                            "call_id": "call_2", "input": "*** Begin Patch\n*** Add File: tests/test_x.py\n"
                                            "+def test_x():\n+    assert True\n*** End Patch\n"}, 36),
        line("47:00.598", "event_msg", {"type": "task_complete", "turn_id": "t2"}, 51),
    ]


def test_codex_0171_prompts_calls_and_no_injected_text(tmp_path: Path) -> None:
    log = write_rollout(tmp_path / "sessions" / "2026" / "11" / "29" / f"rollout-2026-11-29T22-46-58-{SID}.jsonl",
                        rollout_0171())
    assert sources.sniff(log) == "codex"
    events = cli_events(log)
    said = [(e["kind"], e["text"]) for e in events if e["kind"] != "assistant_text"]
    assert said == [("prompt", "fix it"), ("prompt", "you forgot the tests")]
    second = events[[e["text"] for e in events].index("you forgot the tests")]
    assert [(t["name"], t["target"]) for t in second["tools"]] == [("exec_command", "pytest -q")]
    assert all(e["session"] == SID and e["cwd"] == "/work/widget" for e in events)
    finals = [e["text"] for e in events if e["is_final"]]
    assert finals == ["Verified by the run above.", "Sorry, adding them now."]
    assert not any("git-ledger" in e["text"] or "<" in e["text"][:1] for e in events)
    rr = sources.read_events(log, "codex")
    turn2 = sources.read_turns(log, "codex")[-1]
    assert [(c.name, c.target) for c in turn2.tool_calls] == [("apply_patch", "tests/test_x.py")]
    assert rr.lines_skipped == 0 and rr.offset == log.stat().st_size


def test_older_codex_writes_the_prompt_twice_and_it_is_kept_once(tmp_path: Path) -> None:
    records = [
        line("58:20.653", "session_meta", {"id": SID, "cwd": "/work/widget", "cli_version": "0.135.0"}),
        line("58:23.498", "response_item", message("user", "# AGENTS.md instructions for /work/widget\n<INSTRUCTIONS>…")),
        line("58:23.506", "response_item", message("user", "fix the parser")),
        line("58:23.506", "event_msg", {"type": "user_message", "message": "fix the parser", "images": []}),
        line("58:24.000", "response_item", {"type": "function_call", "name": "shell", "call_id": "c1",
                                            "arguments": json.dumps({"command": ["bash", "-lc", "rg parse src"]})}),
        line("58:25.000", "response_item", {"type": "local_shell_call", "call_id": "c2", "status": "completed",
                                            "action": {"type": "exec", "command": ["ls", "-la"]}}),
        line("58:26.000", "event_msg", {"type": "turn_aborted", "reason": "interrupted"}),
        line("58:27.000", "event_msg", {"type": "user_message", "message": "no, the other parser"}),
        line("58:27.001", "response_item", message("user", "no, the other parser")),
        line("58:28.000", "event_msg", {"type": "user_message", "message": "no, the other parser"}),
    ]
    log = write_rollout(tmp_path / "rollout.jsonl", records)
    rr = sources.read_events(log, "codex")
    assert [(e.kind, e.text, e.after_interrupt) for e in rr.events] == [
        ("prompt", "fix the parser", False),
        ("interrupt", "[turn aborted by the user]", False),
        ("prompt", "no, the other parser", True),
        ("prompt", "no, the other parser", False),  # typed again later: a new message
    ]
    calls = rr.events[2].tools
    assert [(c.name, c.shell) for c in calls] == [("shell", "rg parse src"), ("local_shell", "ls -la")]


def test_public_codex_fixture(tmp_path: Path) -> None:
    log = fixtures_dir() / "kvsankar-agent-history" / "codex-session-01.jsonl"
    events = cli_events(log)
    # The prompt is redacted upstream to "[REDACTED_PROMPT]" (a bracketed placeholder, not a message);
    # the environment context is injected text. What stays is the agent's final answer.
    assert [(e["kind"], e["is_final"], e["session"]) for e in events] == [
        ("assistant_text", True, "019e9625-802f-7e91-840a-cfe88d14117a")]
    assert events[0]["cwd"] == "/tmp/agent-history-real-agent/codex/workspace"


def test_a_rollout_is_read_incrementally(tmp_path: Path) -> None:
    records = rollout_0171()
    log = write_rollout(tmp_path / "r.jsonl", records[:10])  # up to the first exec_command call
    first = sources.read_events(log, "codex")
    assert [e.text for e in first.events if e.kind == "prompt"] == ["fix it"]
    with log.open("a") as f:
        for r in records[10:]:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    more = sources.read_events(log, "codex", first.offset, first.state)
    prompt = next(e for e in more.events if e.kind == "prompt")
    assert prompt.text == "you forgot the tests"
    assert [t.shell for t in prompt.tools] == ["pytest -q"]  # a call read in the first pass
    assert more.offset == log.stat().st_size
