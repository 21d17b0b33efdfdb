"""`git-ledger install|uninstall gemini` and `doctor` on real settings files, through the real CLI;
then the installed commands run as Gemini CLI runs them (its documented hook contract:
geminicli.com/docs/hooks/reference), fed its JSON on stdin."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks import install as inst
from tests.testing.installed import collect_an_earlier_correction, run_installed
from tests.testing.util import run_cli

SCRIPT = Path(sys.executable).parent / "git-ledger"

OTHER_GEMINI_SETTINGS: dict[str, Any] = {
    "general": {"vimMode": True},
    "model": {"name": "gemini-2.5-pro"},
    "security": {"folderTrust": {"enabled": True}},
    "hooks": {
        "BeforeTool": [{"matcher": "run_shell_command", "hooks": [
            {"name": "guard", "type": "command", "command": "~/bin/guard.sh", "timeout": 5000}]}],
        "BeforeAgent": [{"hooks": [{"type": "command", "command": "~/bin/remind.sh"}]}],
    },
}


@pytest.fixture
def gemini_settings(isolated_env: Path) -> Path:
    return isolated_env / ".gemini" / "settings.json"


def ours(data: dict[str, Any], event: str) -> list[dict[str, Any]]:
    return [h for g in data.get("hooks", {}).get(event, []) for h in g["hooks"] if inst.ours(h["command"])]


def test_install_twice_keeps_other_settings_byte_for_byte_and_uninstall_restores_them(
    repo: Path, gemini_settings: Path
) -> None:
    gemini_settings.parent.mkdir(parents=True)
    original = json.dumps(OTHER_GEMINI_SETTINGS, indent=2) + "\n"
    gemini_settings.write_text(original)
    out = run_cli("install", "gemini", cwd=repo)
    assert out.returncode == 0 and "BeforeAgent and AfterAgent hooks installed" in out.stdout, out.stderr
    data = json.loads(gemini_settings.read_text())
    assert {k: v for k, v in data.items() if k != "hooks"} == {k: v for k, v in OTHER_GEMINI_SETTINGS.items() if k != "hooks"}
    assert data["hooks"]["BeforeTool"] == OTHER_GEMINI_SETTINGS["hooks"]["BeforeTool"]
    assert data["hooks"]["BeforeAgent"][0] == OTHER_GEMINI_SETTINGS["hooks"]["BeforeAgent"][0]
    assert ours(data, "BeforeAgent") == [{"type": "command", "command": f"{SCRIPT} hook user-prompt-submit", "timeout": 30000}]
    assert ours(data, "AfterAgent") == [{"type": "command", "command": f"{SCRIPT} hook stop", "timeout": 30000}]
    assert "UserPromptSubmit" not in data["hooks"] and "Stop" not in data["hooks"]
    again = run_cli("install", "gemini", cwd=repo)
    assert "already installed" in again.stdout
    assert run_cli("uninstall", "gemini", cwd=repo).returncode == 0
    assert gemini_settings.read_text() == original


def test_a_malformed_settings_file_is_never_overwritten(repo: Path, gemini_settings: Path) -> None:
    gemini_settings.parent.mkdir(parents=True)
    broken = b'{"general": {"vimMode": true},\n  // a comment Gemini does not allow either\n}'
    gemini_settings.write_bytes(broken)
    for verb in ("install", "uninstall"):
        out = run_cli(verb, "gemini", cwd=repo)
        assert out.returncode == 1 and out.stdout == ""
        assert out.stderr.count("\n") == 1 and "not valid JSON" in out.stderr
    assert gemini_settings.read_bytes() == broken


def test_project_scope_and_doctor(repo: Path, gemini_settings: Path) -> None:
    assert run_cli("install", "gemini", "--scope", "project", cwd=repo).returncode == 0
    project = json.loads((repo / ".gemini" / "settings.json").read_text())
    assert [h["command"] for h in ours(project, "AfterAgent")] == ["git-ledger hook stop"]
    assert run_cli("install", "gemini", "--scope", "local", cwd=repo).returncode != 0  # no such scope
    report = json.loads(run_cli("doctor", "--json", cwd=repo).stdout)["gemini"]["scopes"]
    assert [(s["scope"], s["installed"]) for s in report] == [("user", []), ("project", ["BeforeAgent", "AfterAgent"])]
    text = run_cli("doctor", cwd=repo).stdout
    assert f"{repo}/.gemini/settings.json: BeforeAgent, AfterAgent installed" in text
    gemini_settings.parent.mkdir(parents=True)
    gemini_settings.write_text(json.dumps({"hooksConfig": {"enabled": False}}))
    run_cli("install", "gemini", cwd=repo)
    user = json.loads(run_cli("doctor", "--json", cwd=repo).stdout)["gemini"]["scopes"][0]
    assert user["problem"] == "hooksConfig.enabled is false in this file: Gemini CLI runs no hooks"


def chat(path: Path, messages: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"sessionId": "g-7", "projectHash": "0" * 64, "startTime": "2026-11-20T10:00:00Z",
                                "lastUpdated": "2026-11-20T10:01:00Z", "messages": messages}, indent=2))
    return path


def test_the_installed_hooks_answer_gemini_in_its_own_terms(repo: Path, gemini_settings: Path, tmp_path: Path) -> None:
    collect_an_earlier_correction(repo, tmp_path / "logs")
    run_cli("install", "gemini", cwd=repo)
    data = json.loads(gemini_settings.read_text())
    before, after = ours(data, "BeforeAgent")[0]["command"], ours(data, "AfterAgent")[0]["command"]
    log = chat(tmp_path / "home" / ".gemini" / "tmp" / "h" / "chats" / "session-g7.json", [
        {"id": "m1", "timestamp": "2026-11-20T10:00:00Z", "type": "user", "content": [{"text": "fix the parser"}]},
        {"id": "m2", "timestamp": "2026-11-20T10:00:09Z", "type": "gemini", "content": "Done, the parser is fixed."},
    ])
    base = {"session_id": "g-7", "transcript_path": str(log), "cwd": str(repo), "timestamp": "2026-11-20T10:00:00Z"}
    first = run_installed(before, {**base, "hook_event_name": "BeforeAgent", "prompt": "fix the parser"}, repo)
    assert first.returncode == 0 and first.stderr == ""
    answer = json.loads(first.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "BeforeAgent" and "you didn't run the tests" in answer["additionalContext"]
    second = run_installed(before, {**base, "hook_event_name": "BeforeAgent", "prompt": "and the docs"}, repo)
    assert second.stdout == ""  # once per session
    stop = run_installed(after, {**base, "hook_event_name": "AfterAgent", "prompt": "fix the parser",
                                 "prompt_response": "Done, the parser is fixed.", "stop_hook_active": False}, repo)
    decision = json.loads(stop.stdout)
    assert decision["decision"] == "block" and decision["reason"]  # "block" is Gemini's alias of "deny"
    again = run_installed(after, {**base, "hook_event_name": "AfterAgent", "prompt": "fix the parser",
                                  "prompt_response": "Done.", "stop_hook_active": True}, repo)
    assert again.stdout == ""  # never twice in a row


def test_a_turn_that_ran_a_tool_is_left_alone(repo: Path, tmp_path: Path) -> None:
    log = chat(tmp_path / "chat.json", [
        {"id": "m1", "type": "user", "content": "fix the parser"},
        {"id": "m2", "type": "gemini", "content": "Done, tests pass.", "toolCalls": [
            {"id": "t1", "name": "run_shell_command", "args": {"command": "pytest -q"}, "status": "success"}]},
    ])
    out = run_cli("hook", "stop", cwd=repo, input=json.dumps({
        "session_id": "g-8", "transcript_path": str(log), "cwd": str(repo), "hook_event_name": "AfterAgent",
        "prompt": "fix the parser", "prompt_response": "Done, tests pass.", "stop_hook_active": False}))
    assert out.returncode == 0 and out.stdout == ""
