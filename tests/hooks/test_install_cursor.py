"""`git-ledger install|uninstall cursor` on real hooks.json files, through the real CLI; then the
installed commands run as Cursor runs them, fed the JSON its hooks documentation and public
readers describe (sessionStart -> `additional_context`; stop -> `followup_message`). Cursor is an
editor with no offline headless mode here, so this is the documented contract, not the client."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks import install as inst
from tests.testing.installed import collect_an_earlier_correction, run_installed
from tests.testing.util import run_cli, write_jsonl

SCRIPT = Path(sys.executable).parent / "git-ledger"
OTHER: dict[str, Any] = {
    "version": 1,
    "hooks": {
        "beforeShellExecution": [{"command": "./hooks/guard.sh"}],
        "stop": [{"command": "./hooks/notify.sh", "loop_limit": 3}],
    },
}


@pytest.fixture
def cursor_hooks(isolated_env: Path) -> Path:
    return isolated_env / ".cursor" / "hooks.json"


def test_install_twice_then_uninstall_gives_the_file_back_byte_for_byte(repo: Path, cursor_hooks: Path) -> None:
    cursor_hooks.parent.mkdir(parents=True)
    original = json.dumps(OTHER, indent=2) + "\n"
    cursor_hooks.write_text(original)
    out = run_cli("install", "cursor", cwd=repo)
    assert out.returncode == 0 and "sessionStart and stop hooks installed" in out.stdout, out.stderr
    data = json.loads(cursor_hooks.read_text())
    assert data["version"] == 1 and data["hooks"]["beforeShellExecution"] == OTHER["hooks"]["beforeShellExecution"]
    assert data["hooks"]["stop"] == [OTHER["hooks"]["stop"][0], {"command": f"{SCRIPT} hook stop", "timeout": 30}]
    assert data["hooks"]["sessionStart"] == [{"command": f"{SCRIPT} hook user-prompt-submit", "timeout": 30}]
    assert "already installed" in run_cli("install", "cursor", cwd=repo).stdout
    assert run_cli("uninstall", "cursor", cwd=repo).returncode == 0
    assert cursor_hooks.read_text() == original


def test_a_new_file_gets_a_version_and_a_broken_one_is_left_alone(repo: Path, cursor_hooks: Path) -> None:
    assert run_cli("install", "cursor", "--scope", "project", cwd=repo).returncode == 0
    project = json.loads((repo / ".cursor" / "hooks.json").read_text())
    assert project["version"] == 1 and [h["command"] for h in project["hooks"]["stop"]] == ["git-ledger hook stop"]
    report = json.loads(run_cli("doctor", "--json", cwd=repo).stdout)["cursor"]["scopes"]
    assert [(s["scope"], s["installed"]) for s in report] == [("user", []), ("project", ["sessionStart", "stop"])]
    cursor_hooks.parent.mkdir(parents=True)
    cursor_hooks.write_bytes(b'{"version": 1, "hooks": {')
    out = run_cli("install", "cursor", cwd=repo)
    assert out.returncode == 1 and "not valid JSON" in out.stderr and cursor_hooks.read_bytes() == b'{"version": 1, "hooks": {'


def test_the_installed_hooks_answer_cursor_in_its_own_terms(repo: Path, cursor_hooks: Path, tmp_path: Path) -> None:
    collect_an_earlier_correction(repo, tmp_path / "logs")
    run_cli("install", "cursor", cwd=repo)
    hooks = json.loads(cursor_hooks.read_text())["hooks"]
    start, stop = hooks["sessionStart"][0]["command"], hooks["stop"][0]["command"]
    common = {"conversation_id": "cur-1", "generation_id": "gen-1", "workspace_roots": [str(repo)],
              "cursor_version": "2.0.77"}
    first = run_installed(start, {**common, "hook_event_name": "sessionStart", "session_id": "cur-1"}, tmp_path)
    assert first.returncode == 0 and first.stderr == ""
    assert "you didn't run the tests" in json.loads(first.stdout)["additional_context"]
    transcript = write_jsonl(tmp_path / "agent-transcripts" / "cur-1" / "cur-1.jsonl", [
        {"role": "user", "message": {"content": [{"type": "text", "text": "<user_query>\nfix the parser\n</user_query>"}]}},
        {"role": "assistant", "message": {"content": [{"type": "text", "text": "Done, the parser is fixed."}]}},
        {"type": "turn_ended", "status": "success"},
    ])
    payload = {**common, "hook_event_name": "stop", "status": "completed", "loop_count": 0,
               "transcript_path": str(transcript)}
    answer = json.loads(run_installed(stop, payload, tmp_path).stdout)
    assert set(answer) == {"followup_message"} and "tool" in answer["followup_message"].lower()
    assert run_installed(stop, {**payload, "loop_count": 1}, tmp_path).stdout == ""  # its own follow-up
    assert run_installed(stop, {**payload, "status": "aborted"}, tmp_path).stdout == ""


def test_a_cursor_session_is_collected_for_the_folder_of_the_hook_not_of_its_process(
        repo: Path, cursor_hooks: Path, tmp_path: Path) -> None:
    """A Cursor transcript names its folder only by a slug of it; the session-start hook's fresh
    collection maps the slug through the workspace Cursor names, wherever the hook process runs."""
    from git_ledger.paths import cursor_project_name

    earlier = cursor_hooks.parent / "projects" / cursor_project_name(str(repo)) / "agent-transcripts" / "cur-0" / "cur-0.jsonl"
    write_jsonl(earlier, [
        {"role": "user", "message": {"content": [{"type": "text", "text": "<user_query>\nadd a parser\n</user_query>"}]}},
        {"role": "assistant", "message": {"content": [{"type": "text", "text": "Done, I added the parser."}]}},
        {"role": "user", "message": {"content": [{"type": "text", "text": "<user_query>\nyou didn't run the tests\n</user_query>"}]}},
    ])
    run_cli("install", "cursor", cwd=repo)
    start = json.loads(cursor_hooks.read_text())["hooks"]["sessionStart"][0]["command"]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    first = run_installed(start, {"conversation_id": "cur-1", "generation_id": "gen-1", "workspace_roots": [str(repo)],
                                  "cursor_version": "2.0.77", "hook_event_name": "sessionStart", "session_id": "cur-1"},
                          elsewhere)
    assert first.returncode == 0 and first.stderr == ""
    assert "you didn't run the tests" in json.loads(first.stdout)["additional_context"]


def test_a_cursor_turn_that_ran_a_tool_is_left_alone(repo: Path, tmp_path: Path) -> None:
    transcript = write_jsonl(tmp_path / "t.jsonl", [
        {"role": "user", "message": {"content": [{"type": "text", "text": "<user_query>fix it</user_query>"}]}},
        {"role": "assistant", "message": {"content": [{"type": "tool_use", "name": "Shell", "input": {"command": "pytest -q"}},
                                                      {"type": "text", "text": "Done, tests pass."}]}},
    ])
    out = run_cli("hook", "stop", cwd=repo, input=json.dumps({
        "conversation_id": "cur-2", "workspace_roots": [str(repo)], "hook_event_name": "stop",
        "status": "completed", "loop_count": 0, "transcript_path": str(transcript)}))
    assert out.returncode == 0 and out.stdout == ""
    assert inst.AGENT_EVENTS["cursor"] == {"sessionStart": "user-prompt-submit", "stop": "stop"}
