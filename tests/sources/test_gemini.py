"""Gemini CLI chats -> events: whole JSON documents rewritten in place."""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

from git_ledger import sources
from tests.testing.util import fixtures_dir, run_cli, write_jsonl

ENTIRE = fixtures_dir() / "entireio-cli"


def cli(*args: str) -> dict[str, Any]:
    out = run_cli(*args)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def cli_events(log: Path) -> list[dict[str, Any]]:
    out = run_cli("collect", "--events", "--logs", str(log))
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_public_gemini_chats() -> None:
    short = cli_events(ENTIRE / "gemini-12cbfeaa512b-0.json")
    assert [e["text"] for e in short if e["kind"] == "prompt"] == ["add new text to test-gemini.txt", '",how are you"']
    final = [e for e in short if e["is_final"]][-1]
    assert final["text"].startswith('I have added the text ",how are you"')
    assert [t["name"] for t in final["tools"]] == ["read_file", "write_file"]
    assert {e["session"] for e in short} == {"faff42ab-6ea5-4f78-b8c4-f7dd6272af08"}
    colors = cli_events(ENTIRE / "gemini-ab2b9748b105-0.json")
    assert [e["kind"] for e in colors].count("prompt") == 1
    assert any(e["text"].startswith("I misread the `ls` output") for e in colors if e["kind"] == "assistant_text")
    assert not any("update available" in e["text"] for e in colors)  # an `info` message


def chat(messages: list[dict[str, Any]], session: str = "g-1") -> dict[str, Any]:
    return {"sessionId": session, "projectHash": hashlib.sha256(b"/nowhere").hexdigest(),
            "startTime": "2026-11-20T10:00:00.000Z", "lastUpdated": "2026-11-20T10:05:00.000Z", "messages": messages}


def msg(i: int, kind: str, content: str, **extra: Any) -> dict[str, Any]:
    return {"id": f"m{i}", "timestamp": f"2026-11-20T10:0{i}:00.000Z", "type": kind, "content": content, **extra}


def test_a_rewritten_chat_yields_only_its_new_messages(tmp_path: Path, repo: Path) -> None:
    folder = tmp_path / "home" / ".gemini" / "tmp" / "abc123"
    (folder / ".project_root").parent.mkdir(parents=True)
    (folder / ".project_root").write_text(str(repo) + "\n")
    log = folder / "chats" / "session-2026-11-20T10-00-g1.json"
    log.parent.mkdir()
    first = [msg(0, "user", "add a config loader"),
             msg(1, "gemini", "Done.", toolCalls=[{"id": "w1", "name": "write_file", "args": {"file_path": "cfg.py"},
                                                   "status": "success"}])]
    log.write_text(json.dumps(chat(first), indent=2))
    one = cli("collect", "--logs", str(log), "--json")
    assert one["events_by_kind"] == {"assistant_text": 1, "prompt": 1} and one["cases"] == 0
    # Gemini rewrites the whole file as the chat goes on.
    more = first + [msg(2, "user", "테스트를 빠뜨렸잖아"), msg(3, "gemini", "Adding the tests now.")]
    log.write_text(json.dumps(chat(more), indent=2))
    two = cli("collect", "--logs", str(log), "--json")
    assert two["events_by_kind"] == {"assistant_text": 1, "prompt": 1}  # only the new ones
    assert two["cases_by_source"] == {"human": 1}
    shown = run_cli("show", "github.com/example/widget", "--json")
    case = json.loads(shown.stdout.splitlines()[0])
    assert (case["type"], case["agent"], case["cwd"]) == ("omission", "gemini", str(repo))
    assert case["context"] == "write_file cfg.py"
    assert cli("collect", "--logs", str(log), "--json")["events"] == 0


def test_the_project_hash_names_a_directory_seen_in_other_logs(tmp_path: Path, repo: Path) -> None:
    claude_log = write_jsonl(tmp_path / "logs" / "claude.jsonl", [
        {"parentUuid": None, "isSidechain": False, "cwd": str(repo), "sessionId": "c-1", "type": "user",
         "uuid": "u1", "timestamp": "2026-11-20T09:00:00.000Z", "message": {"role": "user", "content": "hello"}},
    ])
    doc = chat([msg(0, "gemini", "I changed cfg.py."), msg(1, "user", "그게 아니라 설정 파일을 고쳐")])
    doc["projectHash"] = hashlib.sha256(str(repo).encode()).hexdigest()
    gemini_log = tmp_path / "logs" / "chats" / "session-x.json"
    gemini_log.parent.mkdir()
    gemini_log.write_text(json.dumps(doc))
    cli("collect", "--logs", str(claude_log), "--json")
    got = cli("collect", "--logs", str(gemini_log), "--json")
    assert got["cases"] == 1
    case = json.loads(run_cli("show", "example/widget", "--json").stdout.splitlines()[0])
    assert (case["agent"], case["type"], case["repo"]) == ("gemini", "premise-error", "github.com/example/widget")


def test_a_half_written_chat_is_counted_and_read_once_complete(tmp_path: Path) -> None:
    log = tmp_path / "session.json"
    whole = json.dumps(chat([msg(0, "user", "rename the module")]), indent=2)
    log.write_text(whole[: len(whole) // 2])
    assert sources.sniff(log) == "gemini"
    half = cli("collect", "--logs", str(log), "--json")
    assert (half["lines_skipped"], half["events"]) == (1, 0)
    log.write_text(whole)
    done = cli("collect", "--logs", str(log), "--json")
    assert (done["lines_skipped"], done["events_by_kind"]) == (0, {"prompt": 1})


def test_slash_commands_and_cancellations(tmp_path: Path) -> None:
    log = tmp_path / "s.json"
    shutil.copyfile(ENTIRE / "gemini-12cbfeaa512b-0.json", log)
    doc = json.loads(log.read_text())
    doc["messages"] += [msg(7, "user", "/memory show"), msg(8, "info", "Request cancelled."),
                        msg(9, "user", "stop, wrong file")]
    log.write_text(json.dumps(doc))
    events = sources.read_events(log, "gemini").events
    tail = [(e.kind, e.text, e.after_interrupt) for e in events if e.kind != "assistant_text"][-2:]
    assert tail == [("interrupt", "Request cancelled.", False), ("prompt", "stop, wrong file", True)]


def test_the_jsonl_layout_of_newer_releases(tmp_path: Path) -> None:
    # As Gemini CLI 0.61.0 writes it (seen in tests/e2e/test_gemini.py): a header line, `$set`
    # updates, and a message written again with the same id when it changes.
    log = tmp_path / "chats" / "session-2026-12-01T20-17-f638eb13.jsonl"
    write_jsonl(log, [
        {"sessionId": "f638eb13", "projectHash": "ba3f", "startTime": "2026-12-01T20:17:03.224Z", "kind": "main"},
        {"$set": {"messages": [{"id": "ctx", "type": "user", "content": [{"text": "<session_context>\nThis is the Gemini CLI.\n</session_context>"}]}]}},
        {"id": "u1", "timestamp": "2026-12-01T20:17:03.336Z", "type": "user", "content": [{"text": "fix the parser"}]},
        {"id": "g1", "timestamp": "2026-12-01T20:17:04.000Z", "type": "gemini", "content": "Running the tests.",
         "toolCalls": [{"id": "t1", "name": "run_shell_command", "args": {"command": "pytest -q"}, "status": "executing"}]},
        {"id": "g1", "timestamp": "2026-12-01T20:17:04.000Z", "type": "gemini", "content": "Running the tests.",
         "toolCalls": [{"id": "t1", "name": "run_shell_command", "args": {"command": "pytest -q"}, "status": "success"}]},
        {"$set": {"lastUpdated": "2026-12-01T20:17:05.000Z"}},
        {"id": "u2", "timestamp": "2026-12-01T20:18:00.000Z", "type": "user", "content": [{"text": "you forgot the lint step"}]},
    ])
    assert sources.sniff(log) == "gemini"
    events = sources.read_events(log, "gemini").events
    assert [(e.kind, e.text) for e in events] == [("prompt", "fix the parser"), ("assistant_text", "Running the tests."),
                                                  ("prompt", "you forgot the lint step")]
    assert [t.shell for t in events[-1].tools] == ["pytest -q"]  # one call, though written twice
