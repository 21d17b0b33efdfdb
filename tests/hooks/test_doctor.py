"""`git-ledger doctor`: installed, runnable, trusted (Codex), last run — on real files."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks.doctor import codex_trusted_hash
from tests.testing.util import run_cli


@pytest.fixture
def codex_home(tmp_path: Path) -> Path:
    return tmp_path / "codex-home"


def doctor(repo: Path, codex_home: Path, *args: str) -> str:
    out = run_cli("doctor", *args, cwd=repo, env={"CODEX_HOME": str(codex_home)})
    assert out.returncode == 0, out.stderr
    return out.stdout


def report(repo: Path, codex_home: Path) -> dict[str, Any]:
    data = json.loads(doctor(repo, codex_home, "--json"))
    assert isinstance(data, dict)
    return data


def install(repo: Path, codex_home: Path, *args: str) -> None:
    out = run_cli("install", *args, cwd=repo, env={"CODEX_HOME": str(codex_home)})
    assert out.returncode == 0, out.stderr


def test_nothing_installed(repo: Path, codex_home: Path) -> None:
    text = doctor(repo, codex_home)
    assert text.count("not installed") == 11  # claude 3 scopes, codex 2, gemini 2, cursor 2, copilot 2
    assert "user-prompt-submit  never" in text and "stop                never" in text


def test_claude_scopes_and_workspace_trust(repo: Path, codex_home: Path, isolated_env: Path) -> None:
    install(repo, codex_home, "claude")
    install(repo, codex_home, "claude", "--scope", "project")
    data = report(repo, codex_home)["claude"]
    by_scope = {s["scope"]: s for s in data["scopes"]}
    assert by_scope["user"]["installed"] == ["UserPromptSubmit", "Stop"] and by_scope["user"]["runnable"]
    assert by_scope["project"]["installed"] == ["UserPromptSubmit", "Stop"]
    assert by_scope["local"]["installed"] == []
    assert by_scope["project"]["workspace_trust"] == "unknown"
    (isolated_env / ".claude.json").write_text(json.dumps(
        {"projects": {str(repo): {"hasTrustDialogAccepted": True}}}))
    assert report(repo, codex_home)["claude"]["scopes"][1]["workspace_trust"] == "accepted"
    (isolated_env / ".claude.json").write_text(json.dumps({"projects": {}}))
    assert "trust this folder" in doctor(repo, codex_home)


def test_a_command_that_cannot_start_is_reported(repo: Path, codex_home: Path, isolated_env: Path) -> None:
    settings = isolated_env / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "/gone/venv/bin/git-ledger hook stop"}]}]}}))
    text = doctor(repo, codex_home)
    assert "Stop installed" in text and "cannot be started here: /gone/venv/bin/git-ledger hook stop" in text


def test_invalid_settings_are_reported_not_fatal(repo: Path, codex_home: Path, isolated_env: Path) -> None:
    (isolated_env / ".claude").mkdir()
    (isolated_env / ".claude" / "settings.json").write_text("{oops")
    assert "is not valid JSON" in doctor(repo, codex_home)


def test_codex_trust_states(repo: Path, codex_home: Path) -> None:
    install(repo, codex_home, "codex")
    hooks_json = codex_home / "hooks.json"

    def states() -> dict[str, str]:
        scope = report(repo, codex_home)["codex"]["scopes"][0]
        return dict(scope["trust"])

    assert states() == {"UserPromptSubmit": "untrusted", "Stop": "untrusted"}
    assert "type /hooks and trust them" in doctor(repo, codex_home)

    hooks = json.loads(hooks_json.read_text())["hooks"]
    ups = hooks["UserPromptSubmit"][0]["hooks"][0]
    stop = hooks["Stop"][0]["hooks"][0]
    # what Codex writes when a person trusts both in /hooks
    (codex_home / "config.toml").write_text(
        f'model = "gpt-test"\n\n'
        f'[hooks.state."{hooks_json}:user_prompt_submit:0:0"]\n'
        f'trusted_hash = "{codex_trusted_hash("UserPromptSubmit", ups)}"\n\n'
        f'[hooks.state."{hooks_json}:stop:0:0"]\n'
        f'trusted_hash = "{codex_trusted_hash("Stop", stop)}"\n'
    )
    assert states() == {"UserPromptSubmit": "trusted", "Stop": "trusted"}
    assert "UserPromptSubmit trusted, Stop trusted" in doctor(repo, codex_home)

    stop["timeout"] = 45  # any change to the handler voids its trust
    hooks_json.write_text(json.dumps({"hooks": hooks}))
    assert states() == {"UserPromptSubmit": "trusted", "Stop": "modified"}

    with (codex_home / "config.toml").open("a") as f:
        f.write("enabled = false\n")  # appended to the Stop table
    assert states()["Stop"] == "disabled"


def test_codex_project_scope_needs_a_trusted_project(repo: Path, codex_home: Path) -> None:
    install(repo, codex_home, "codex", "--scope", "project")
    scope = report(repo, codex_home)["codex"]["scopes"][1]
    assert scope["installed"] == ["UserPromptSubmit", "Stop"] and scope["project_trusted"] is False
    assert "not trusted in Codex" in doctor(repo, codex_home)
    codex_home.mkdir(exist_ok=True)
    (codex_home / "config.toml").write_text(f'[projects."{repo}"]\ntrust_level = "trusted"\n')
    assert report(repo, codex_home)["codex"]["scopes"][1]["project_trusted"] is True


def test_hash_matches_the_value_codex_0_171_reported() -> None:
    """Recorded from `codex app-server` hooks/list (currentHash) for these two handlers."""
    ups = {"type": "command", "command": "/work/venv/bin/git-ledger hook user-prompt-submit", "timeout": 30}
    stop = {"type": "command", "command": "/work/venv/bin/git-ledger hook stop"}
    assert codex_trusted_hash("UserPromptSubmit", ups) == (
        "sha256:2ea4cd865ca22ad4f7ae563d34a22fbb4146845a45328b60fd934358e202e159")
    assert codex_trusted_hash("Stop", stop) == (
        "sha256:19011e65db8e36e4489fc0841850212f4e6eb582e3c07e6bdf76700cf59b678c")


def test_last_run_after_a_hook_ran(repo: Path, codex_home: Path) -> None:
    body = json.dumps({"session_id": "s1", "cwd": str(repo), "prompt": "hi"})
    assert run_cli("hook", "user-prompt-submit", input=body).returncode == 0
    last = report(repo, codex_home)["last_run"]
    assert last["user-prompt-submit"]["status"] == "ok" and last["stop"] is None
    assert run_cli("hook", "user-prompt-submit", input="{broken").returncode == 0
    text = doctor(repo, codex_home)
    assert "(error)" in text and str(Path(os.environ["GIT_LEDGER_HOME"]) / "hooks.log") in text


def test_help_has_an_example(repo: Path) -> None:
    out = run_cli("doctor", "--help", cwd=repo)
    assert out.returncode == 0 and "example:" in out.stdout
