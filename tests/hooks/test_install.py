"""`git-ledger install|uninstall claude|codex` on real settings files, through the real CLI."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks import install as inst
from tests.testing.util import run_cli

SCRIPT = Path(sys.executable).parent / "git-ledger"
ABS_UPS = f"{SCRIPT} hook user-prompt-submit"
ABS_STOP = f"{SCRIPT} hook stop"

OTHER_USER_SETTINGS: dict[str, Any] = {
    "model": "opus",
    "permissions": {"allow": ["Bash(npm test:*)"], "deny": ["Read(./.env)"]},
    "env": {"FOO": "bär"},
    "hooks": {
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "~/bin/remind.sh", "timeout": 5}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/guard.sh"}]}],
    },
}


def settings(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    assert isinstance(data, dict)
    return data


def cli(*args: str, cwd: Path) -> tuple[int, str, str]:
    out = run_cli(*args, cwd=cwd)
    return out.returncode, out.stdout, out.stderr


def ours(data: dict[str, Any], event: str) -> list[str]:
    return [h["command"] for g in data.get("hooks", {}).get(event, []) for h in g["hooks"] if inst.ours(h["command"])]


@pytest.fixture
def user_settings(isolated_env: Path) -> Path:
    return isolated_env / ".claude" / "settings.json"


def test_install_into_a_missing_file_and_twice_is_one_entry(repo: Path, user_settings: Path) -> None:
    rc, out, err = cli("install", "claude", cwd=repo)
    assert rc == 0 and "installed" in out, err
    data = settings(user_settings)
    assert data == {"hooks": {
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": ABS_UPS, "timeout": 30}]}],
        "Stop": [{"hooks": [{"type": "command", "command": ABS_STOP, "timeout": 30}]}],
    }}
    before = user_settings.stat().st_mtime_ns
    rc, out, _ = cli("install", "claude", cwd=repo)
    assert rc == 0 and "already installed" in out
    assert user_settings.stat().st_mtime_ns == before and settings(user_settings) == data


def test_install_into_an_empty_file(repo: Path, user_settings: Path) -> None:
    user_settings.parent.mkdir(parents=True)
    user_settings.write_text("")
    assert cli("install", "claude", cwd=repo)[0] == 0
    assert ours(settings(user_settings), "UserPromptSubmit") == [ABS_UPS]


def test_install_keeps_every_other_key_and_hook_then_uninstall_restores_them(
    repo: Path, user_settings: Path
) -> None:
    user_settings.parent.mkdir(parents=True)
    user_settings.write_text(json.dumps(OTHER_USER_SETTINGS, indent=4, ensure_ascii=False))
    assert cli("install", "claude", cwd=repo)[0] == 0
    data = settings(user_settings)
    assert {k: v for k, v in data.items() if k != "hooks"} == {k: v for k, v in OTHER_USER_SETTINGS.items() if k != "hooks"}
    assert data["hooks"]["UserPromptSubmit"][0] == OTHER_USER_SETTINGS["hooks"]["UserPromptSubmit"][0]
    assert data["hooks"]["PreToolUse"] == OTHER_USER_SETTINGS["hooks"]["PreToolUse"]
    assert ours(data, "UserPromptSubmit") == [ABS_UPS] and ours(data, "Stop") == [ABS_STOP]
    backups = list((Path(os.environ["GIT_LEDGER_HOME"]) / "backups").iterdir())
    assert len(backups) == 1 and json.loads(backups[0].read_text()) == OTHER_USER_SETTINGS

    rc, out, _ = cli("uninstall", "claude", cwd=repo)
    assert rc == 0 and "removed" in out
    assert settings(user_settings) == OTHER_USER_SETTINGS
    rc, out, _ = cli("uninstall", "claude", cwd=repo)
    assert rc == 0 and "not installed" in out


def test_install_edits_the_file_it_finds_and_keeps_its_formatting(repo: Path, user_settings: Path) -> None:
    """Issue 15, fault 7: install re-dumped the file: tabs, CRLF and key order were lost and
    `1e400` came back as `Infinity` (not JSON). Only the "hooks" value is written anew."""
    user_settings.parent.mkdir(parents=True)
    original = '{\r\n\t"zeta": 1e400,\r\n\t"alpha": [1,2,  3],\r\n\t"hooks": {}\r\n}\r\n'
    user_settings.write_bytes(original.encode())
    assert cli("install", "claude", cwd=repo)[0] == 0
    text = user_settings.read_bytes().decode()
    assert text.startswith('{\r\n\t"zeta": 1e400,\r\n\t"alpha": [1,2,  3],\r\n\t"hooks": {\r\n\t\t"UserPromptSubmit"')
    assert "\n" not in text.replace("\r\n", "") and "Infinity" not in text
    assert list(json.loads(text)) == ["zeta", "alpha", "hooks"] and ours(json.loads(text), "Stop") == [ABS_STOP]
    assert cli("uninstall", "claude", cwd=repo)[0] == 0
    assert user_settings.read_bytes().decode() == original  # the user's empty "hooks": {} included


def test_install_writes_through_a_symlink_and_refuses_a_read_only_file(
    repo: Path, user_settings: Path, tmp_path: Path
) -> None:
    dotfiles = tmp_path / "dotfiles" / "claude-settings.json"
    dotfiles.parent.mkdir()
    dotfiles.write_text('{"model": "opus"}\n')
    user_settings.parent.mkdir(parents=True)
    user_settings.symlink_to(dotfiles)
    assert cli("install", "claude", cwd=repo)[0] == 0
    assert user_settings.is_symlink() and ours(settings(dotfiles), "UserPromptSubmit") == [ABS_UPS]
    assert cli("uninstall", "claude", cwd=repo)[0] == 0
    dotfiles.chmod(0o444)
    before = dotfiles.read_text()
    rc, out, err = cli("install", "claude", cwd=repo)
    assert rc == 1 and err.startswith(f"git-ledger: {user_settings} is read-only: not changed") and err.count("\n") == 1
    assert dotfiles.read_text() == before


def test_codex_hooks_json_keeps_its_layout(repo: Path, tmp_path: Path) -> None:
    codex = tmp_path / "codex-home"
    codex.mkdir()
    (codex / "hooks.json").write_text('{\n    "version": 1,\n    "hooks": {\n        "Stop": []\n    }\n}\n')
    assert run_cli("install", "codex", cwd=repo, env={"CODEX_HOME": str(codex)}).returncode == 0
    text = (codex / "hooks.json").read_text()
    assert text.startswith('{\n    "version": 1,\n    "hooks": {\n        "Stop": [\n            {\n')


def test_invalid_json_is_refused_and_left_untouched(repo: Path, user_settings: Path) -> None:
    user_settings.parent.mkdir(parents=True)
    broken = b'{"model": "opus",\n  "hooks": {\n}'  # unterminated
    user_settings.write_bytes(broken)
    for verb in ("install", "uninstall"):
        rc, out, err = cli(verb, "claude", cwd=repo)
        assert rc == 1 and out == ""
        assert err.count("\n") == 1 and "not valid JSON" in err and "nothing was written" in err
    assert user_settings.read_bytes() == broken
    assert not (Path(os.environ["GIT_LEDGER_HOME"]) / "backups").exists()
    assert sorted(p.name for p in user_settings.parent.iterdir()) == ["settings.json"]


def test_a_settings_file_that_is_not_utf8_is_refused_and_doctor_names_it(repo: Path, user_settings: Path) -> None:
    user_settings.parent.mkdir(parents=True)
    utf16 = '{"model": "opus"}'.encode("utf-16")  # what PowerShell's `>` writes
    user_settings.write_bytes(utf16)
    for verb in ("install", "uninstall"):
        rc, out, err = cli(verb, "claude", cwd=repo)
        assert rc == 1 and err.count("\n") == 1 and "is not UTF-8 text" in err
    assert user_settings.read_bytes() == utf16
    rc, out, err = cli("doctor", cwd=repo)
    assert rc == 0 and "is not UTF-8 text" in out and "Traceback" not in err


def test_two_changes_in_one_second_keep_both_backups(repo: Path, user_settings: Path) -> None:
    user_settings.parent.mkdir(parents=True)
    user_settings.write_text(json.dumps(OTHER_USER_SETTINGS))
    backups = Path(os.environ["GIT_LEDGER_HOME"]) / "backups"
    for verb in ("install", "uninstall", "install"):
        assert cli(verb, "claude", cwd=repo)[0] == 0
    assert len(list(backups.iterdir())) == 3  # even when all three ran within one second


@pytest.mark.parametrize("content", ['["a list"]', '{"hooks": []}', '{"hooks": {"Stop": {"not": "a list"}}}'])
def test_wrong_shapes_are_refused(repo: Path, user_settings: Path, content: str) -> None:
    user_settings.parent.mkdir(parents=True)
    user_settings.write_text(content)
    rc, _, err = cli("install", "claude", cwd=repo)
    assert rc == 1 and "nothing was written" in err
    assert user_settings.read_text() == content


def test_dry_run_prints_the_diff_and_writes_nothing(repo: Path, user_settings: Path) -> None:
    user_settings.parent.mkdir(parents=True)
    user_settings.write_text(json.dumps({"model": "opus"}))
    rc, out, _ = cli("install", "claude", "--dry-run", cwd=repo)
    assert rc == 0
    assert out.startswith(f"--- {user_settings} (now)\n+++ {user_settings} (after)\n@@")
    # One line in, one line out: the file's own (lack of) indent is kept.
    assert f'"hooks": {{"UserPromptSubmit": [{{"hooks": [{{"type": "command", "command": "{ABS_UPS}"' in out
    assert '-{"model": "opus"}' in out and '+{"model": "opus", "hooks": ' in out
    assert user_settings.read_text() == json.dumps({"model": "opus"})
    cli("install", "claude", cwd=repo)
    rc, out, _ = cli("install", "claude", "--dry-run", cwd=repo)
    assert "nothing to change" in out


def test_a_moved_install_is_updated_in_place(repo: Path, user_settings: Path) -> None:
    """An entry from an old virtualenv is recognised by its command and rewritten where it is."""
    user_settings.parent.mkdir(parents=True)
    old = {"hooks": {"UserPromptSubmit": [
        {"hooks": [{"type": "command", "command": "echo first"}]},
        {"hooks": [{"type": "command", "command": "/old/venv/bin/git-ledger hook user-prompt-submit", "timeout": 9}]},
    ]}}
    user_settings.write_text(json.dumps(old))
    cli("install", "claude", cwd=repo)
    groups = settings(user_settings)["hooks"]["UserPromptSubmit"]
    assert groups == [{"hooks": [{"type": "command", "command": "echo first"}]},
                      {"hooks": [{"type": "command", "command": ABS_UPS, "timeout": 30}]}]


def test_project_and_local_scopes(repo: Path) -> None:
    sub = repo / "src"
    sub.mkdir()
    assert cli("install", "claude", "--scope", "project", cwd=sub)[0] == 0
    project = settings(repo / ".claude" / "settings.json")
    # shared through git: the command names git-ledger on PATH, not this machine's virtualenv
    assert ours(project, "UserPromptSubmit") == ["git-ledger hook user-prompt-submit"]
    assert ours(project, "Stop") == ["git-ledger hook stop"]
    assert cli("install", "claude", "--scope", "local", cwd=repo)[0] == 0
    assert ours(settings(repo / ".claude" / "settings.local.json"), "Stop") == [ABS_STOP]
    assert sorted(p.name for p in (repo / ".claude").iterdir()) == ["settings.json", "settings.local.json"]
    assert cli("uninstall", "claude", "--scope", "project", cwd=repo)[0] == 0
    assert settings(repo / ".claude" / "settings.json") == {}


def test_user_scope_follows_claude_config_dir(repo: Path, tmp_path: Path) -> None:
    out = run_cli("install", "claude", cwd=repo, env={"CLAUDE_CONFIG_DIR": str(tmp_path / "cc")})
    assert out.returncode == 0
    assert ours(settings(tmp_path / "cc" / "settings.json"), "Stop") == [ABS_STOP]


def test_codex_install_says_hooks_await_trust(repo: Path, tmp_path: Path) -> None:
    codex = tmp_path / "codex-home"
    out = run_cli("install", "codex", cwd=repo, env={"CODEX_HOME": str(codex)})
    assert out.returncode == 0
    assert "/hooks" in out.stdout and "trust" in out.stdout
    data = settings(codex / "hooks.json")
    assert ours(data, "UserPromptSubmit") == [ABS_UPS] and ours(data, "Stop") == [ABS_STOP]
    out = run_cli("install", "codex", "--scope", "project", cwd=repo, env={"CODEX_HOME": str(codex)})
    assert ours(settings(repo / ".codex" / "hooks.json"), "Stop") == ["git-ledger hook stop"]
    assert "trusted" in out.stdout
    rc, _, err = cli("install", "codex", "--scope", "local", cwd=repo)
    assert rc == 1 and "codex has no 'local' scope" in err
    out = run_cli("uninstall", "codex", cwd=repo, env={"CODEX_HOME": str(codex)})
    assert settings(codex / "hooks.json") == {}


def test_the_installed_command_really_runs_the_hook(repo: Path, user_settings: Path) -> None:
    import shlex
    import subprocess

    cli("install", "claude", cwd=repo)
    command = ours(settings(user_settings), "UserPromptSubmit")[0]
    body = json.dumps({"session_id": "s1", "cwd": str(repo), "prompt": "hi", "hook_event_name": "UserPromptSubmit"})
    done = subprocess.run(command, shell=True, input=body, capture_output=True, text=True, cwd=repo,
                          env={**os.environ, "PATH": "/usr/bin:/bin"})  # no virtualenv on PATH
    assert done.returncode == 0 and done.stderr == ""
    assert (Path(os.environ["GIT_LEDGER_HOME"]) / "last-run-user-prompt-submit").read_text() == "ok\n"
    assert shlex.split(command)[0] == str(SCRIPT)


@pytest.mark.parametrize("command, name", [
    ("git-ledger hook stop", "stop"),
    ("/home/me/.venv/bin/git-ledger hook user-prompt-submit", "user-prompt-submit"),
    ("'/path with space/git-ledger' hook stop", "stop"),
    ("/usr/bin/python3 -m git_ledger hook user-prompt-submit", "user-prompt-submit"),
    ("git-ledger-no-raw-text hook stop", None),
    ("my-git-ledger hook stop", None),
    ("echo git-ledger", None),
])
def test_our_commands_are_recognised(command: str, name: str | None) -> None:
    assert inst.ours(command) == name


def test_help_has_an_example(repo: Path) -> None:
    for verb in ("install", "uninstall"):
        out = run_cli(verb, "--help", cwd=repo)
        assert out.returncode == 0 and "examples:" in out.stdout and "--dry-run" in out.stdout
