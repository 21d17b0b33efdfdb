"""`git-ledger install|uninstall copilot` on real hook files, through the real CLI; then the
installed command runs as GitHub Copilot CLI runs it, fed the JSON its hooks reference documents
for `userPromptSubmitted` (camelCase: sessionId, prompt, timestamp in ms, cwd), answering
`{"additionalContext": …}`, and for `agentStop` (sessionId, timestamp, cwd, transcriptPath,
stopReason), answering `{"decision": "block", "reason": …}`. The session logs are written here in the shape
of `~/.copilot/session-state/<id>/events.jsonl` as public readers of it and captures of the CLI's
JSON stream show it (`{"type", "data", "id", "timestamp", "parentId"}` events), not copied from a
real session. The real client, run offline, is in tests/e2e/test_copilot.py; it writes a turn's
events only after agentStop, so the guard's part can be shown only on logs written here."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks import install as inst
from git_ledger.hooks import stop
from git_ledger.store.store import Store
from tests.testing.installed import collect_an_earlier_correction, run_installed
from tests.testing.util import run_cli, write_jsonl

SCRIPT = Path(sys.executable).parent / "git-ledger"


@pytest.fixture
def copilot_hooks(isolated_env: Path) -> Path:
    return isolated_env / ".copilot" / "hooks" / "git-ledger.json"


def test_install_twice_then_uninstall_leaves_no_file(repo: Path, copilot_hooks: Path) -> None:
    out = run_cli("install", "copilot", cwd=repo)
    assert out.returncode == 0 and "userPromptSubmitted and agentStop hooks installed" in out.stdout, out.stderr
    assert json.loads(copilot_hooks.read_text()) == {"version": 1, "hooks": {
        "userPromptSubmitted": [{"type": "command", "bash": f"{SCRIPT} hook user-prompt-submit", "timeoutSec": 30}],
        "agentStop": [{"type": "command", "bash": f"{SCRIPT} hook stop", "timeoutSec": 30}]}}
    assert "already installed" in run_cli("install", "copilot", cwd=repo).stdout
    assert run_cli("uninstall", "copilot", cwd=repo).returncode == 0
    assert not copilot_hooks.exists()  # an emptied file of ours would be a broken hooks file to Copilot


def test_hooks_someone_added_to_our_file_are_kept_byte_for_byte(repo: Path, copilot_hooks: Path) -> None:
    copilot_hooks.parent.mkdir(parents=True)
    theirs: dict[str, Any] = {"version": 1, "hooks": {
        "preToolUse": [{"type": "command", "bash": "./scripts/guard.sh", "timeoutSec": 10}],
        "agentStop": [{"type": "command", "bash": "./scripts/notify.sh", "comment": "theirs"}]}}
    original = json.dumps(theirs, indent=2) + "\n"
    copilot_hooks.write_text(original)
    assert run_cli("install", "copilot", cwd=repo).returncode == 0
    stops = json.loads(copilot_hooks.read_text())["hooks"]["agentStop"]
    assert [h["bash"] for h in stops] == ["./scripts/notify.sh", f"{SCRIPT} hook stop"]
    assert run_cli("uninstall", "copilot", cwd=repo).returncode == 0
    assert copilot_hooks.read_text() == original


def test_project_scope_copilot_home_doctor_and_a_broken_file(repo: Path, copilot_hooks: Path, tmp_path: Path) -> None:
    assert run_cli("install", "copilot", "--scope", "project", cwd=repo).returncode == 0
    project = json.loads((repo / ".github" / "hooks" / "git-ledger.json").read_text())
    assert [h["bash"] for h in project["hooks"]["agentStop"]] == ["git-ledger hook stop"]
    report = json.loads(run_cli("doctor", "--json", cwd=repo).stdout)["copilot"]["scopes"]
    assert [(s["scope"], s["installed"]) for s in report] == [("user", []), ("project", ["userPromptSubmitted", "agentStop"])]
    elsewhere = tmp_path / "copilot-home"
    assert run_cli("install", "copilot", cwd=repo, env={"COPILOT_HOME": str(elsewhere)}).returncode == 0
    assert (elsewhere / "hooks" / "git-ledger.json").is_file() and not copilot_hooks.exists()
    copilot_hooks.parent.mkdir(parents=True)
    copilot_hooks.write_bytes(b'{"version": 1, "hooks": {')
    out = run_cli("install", "copilot", cwd=repo)
    assert out.returncode == 1 and "not valid JSON" in out.stderr
    assert copilot_hooks.read_bytes() == b'{"version": 1, "hooks": {'


def event(n: int, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """One events.jsonl line: the envelope every Copilot CLI session event has."""
    return {"type": kind, "data": data, "id": f"ev-{n}", "timestamp": f"2026-11-20T10:00:{n:02d}.000Z",
            "parentId": f"ev-{n - 1}" if n else None}


def bash_call(n: int, call: str, command: str) -> list[dict[str, Any]]:
    args = {"command": command, "description": "run it"}
    return [
        event(n, "assistant.message", {"messageId": f"m{n}", "content": "",
                                       "toolRequests": [{"toolCallId": call, "name": "bash", "arguments": args, "type": "function"}]}),
        event(n + 1, "tool.execution_start", {"toolCallId": call, "toolName": "bash", "arguments": args}),
        event(n + 2, "tool.execution_complete", {"toolCallId": call, "success": True, "result": {"content": "ok"}}),
    ]


def say(n: int, text: str) -> dict[str, Any]:
    return event(n, "assistant.message", {"messageId": f"m{n}", "content": text, "toolRequests": []})


def test_the_installed_hook_answers_copilot_in_its_own_terms(repo: Path, copilot_hooks: Path, tmp_path: Path) -> None:
    collect_an_earlier_correction(repo, tmp_path / "logs")
    assert run_cli("install", "copilot", cwd=repo).returncode == 0
    command = json.loads(copilot_hooks.read_text())["hooks"]["agentStop"][0]["bash"]
    log = tmp_path / "session-state" / "cop-1" / "events.jsonl"
    lines = [event(0, "session.start", {"sessionId": "cop-1", "version": 1, "producer": "copilot-agent"}),
             event(1, "user.message", {"content": "fix the parser"}),
             *bash_call(2, "call-1", "pytest -q"), say(5, "Fixed; the tests pass.")]
    write_jsonl(log, lines)
    payload = {"sessionId": "cop-1", "timestamp": 1_795_000_000_000, "cwd": str(repo),
               "transcriptPath": str(log), "stopReason": "end_turn"}

    first = run_installed(command, payload, tmp_path)  # end of the first turn: the corrections
    assert first.returncode == 0 and first.stderr == "", first.stderr
    answer = json.loads(first.stdout)
    assert answer["decision"] == "block" and "you didn't run the tests" in answer["reason"]
    assert answer["reason"].endswith(stop.CHECK_AGAINST)
    assert run_installed(command, payload, tmp_path).stdout == ""  # the turn that block forced

    lines += [event(6, "user.message", {"content": "now update the changelog"}), say(7, "Done, the changelog is updated.")]
    write_jsonl(log, lines)
    claim = json.loads(run_installed(command, payload, tmp_path).stdout)  # no tool ran: the evidence guard
    assert claim["decision"] == "block" and "you didn't run the tests" not in claim["reason"]
    assert run_installed(command, {**payload, "timestamp": 1_795_000_060_000}, tmp_path).stdout == ""
    assert run_installed(command, payload, tmp_path).stdout != ""  # the marker went with the turn it spared

    assert run_installed(command, {**payload, "stop_hook_active": True}, tmp_path).stdout == ""
    assert run_installed(command, {**payload, "sessionId": "cop-2"}, tmp_path, GIT_LEDGER_DISABLE="1").stdout == ""
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        guarded = [c for c in store.cases() if c.source == "guard"]
    assert [(c.agent, c.session, c.type) for c in guarded] == [("copilot", "cop-1", "omission")]
    assert run_installed(command, payload, tmp_path).stdout != ""  # blocked again: its marker is left
    assert run_cli("uninstall", "--all", cwd=repo).returncode == 0
    assert not copilot_hooks.exists() and not (Path(os.environ["GIT_LEDGER_HOME"]) / stop.BLOCKED_DIR).exists()


def test_the_first_prompt_gets_the_corrections_once_and_agent_stop_does_not_repeat_them(
        repo: Path, copilot_hooks: Path, tmp_path: Path) -> None:
    collect_an_earlier_correction(repo, tmp_path / "logs")
    assert run_cli("install", "copilot", cwd=repo).returncode == 0
    hooks = json.loads(copilot_hooks.read_text())["hooks"]
    prompt_hook, stop_hook = hooks["userPromptSubmitted"][0]["bash"], hooks["agentStop"][0]["bash"]
    # what Copilot CLI 1.0.102 sends its userPromptSubmitted hooks (recorded in its events.jsonl)
    prompt = {"sessionId": "cop-5", "prompt": "fix the parser", "timestamp": 1_795_000_000_000, "cwd": str(repo)}
    first = run_installed(prompt_hook, prompt, tmp_path)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    assert "you didn't run the tests" in json.loads(first.stdout)["additionalContext"]
    assert run_installed(prompt_hook, {**prompt, "prompt": "and the docs"}, tmp_path).stdout == ""
    log = write_jsonl(tmp_path / "session-state" / "cop-5" / "events.jsonl", [
        event(0, "session.start", {"sessionId": "cop-5", "version": 1, "producer": "copilot-agent"}),
        event(1, "user.message", {"content": "fix the parser"}), *bash_call(2, "call-1", "pytest -q"),
        say(5, "Fixed; the tests pass.")])
    stop_payload = {"sessionId": "cop-5", "timestamp": 1_795_000_001_000, "cwd": str(repo),
                    "transcriptPath": str(log), "stopReason": "end_turn"}
    assert run_installed(stop_hook, stop_payload, tmp_path).stdout == ""  # claimed already: no second list


def test_grep_guessing_in_a_copilot_turn_earns_the_search_reminder(repo: Path, tmp_path: Path) -> None:
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("search:\n  preferred: semble\n")
    log = write_jsonl(tmp_path / "events.jsonl", [
        event(1, "user.message", {"content": "where do we parse dates?"}),
        *bash_call(2, "call-1", 'grep -rn "parse_date\\|parseDate\\|date_parse" src'),
        say(5, "Dates are parsed in src/dates.py."),
    ])
    payload = {"sessionId": "cop-4", "timestamp": 1, "cwd": str(repo), "transcriptPath": str(log),
               "stopReason": "end_turn"}
    answer = json.loads(run_installed(f"{SCRIPT} hook stop", payload, tmp_path).stdout)
    assert answer["decision"] == "block" and "semble" in answer["reason"]


def test_it_fails_open_on_what_it_cannot_read(repo: Path, tmp_path: Path) -> None:
    command = f"{SCRIPT} hook stop"
    missing = {"sessionId": "cop-3", "timestamp": 1, "cwd": str(repo),
               "transcriptPath": str(tmp_path / "gone" / "events.jsonl"), "stopReason": "end_turn"}
    for given in (missing, "{not json", json.dumps([1, 2])):
        out = run_installed(command, given, tmp_path)
        assert (out.returncode, out.stdout, out.stderr) == (0, "", "")
    logged = (tmp_path / "ledger-home" / "hooks.log").read_text().splitlines()
    assert len(logged) == 2 and all(" stop: " in line for line in logged)  # a missing log is silence, not an error


def test_copilot_hooks_are_the_prompt_hook_and_agent_stop() -> None:
    # Copilot CLI 1.0.102 adds userPromptSubmitted's top-level additionalContext to the prompt
    # (tests/e2e/test_copilot.py); agentStop runs the guard.
    assert inst.AGENT_EVENTS["copilot"] == {"userPromptSubmitted": "user-prompt-submit", "agentStop": "stop"}
    assert inst.settings_path("copilot", "project", Path("/r")) == Path("/r/.github/hooks/git-ledger.json")
