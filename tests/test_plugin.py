"""The repository is also a Claude Code plugin: `.claude-plugin/plugin.json` + `hooks/hooks.json`."""
from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from git_ledger import __version__
from git_ledger.hooks import install as inst
from git_ledger.models import Case
from git_ledger.store.store import Store
from tests.testing.agents import fake_model, run_agent, venv_path
from tests.testing.util import REPO_ROOT

# The manifest fields documented in plugins-reference.md (formats.md §2.4): `name` is required,
# the rest optional. Anything else would be ignored by Claude Code or rejected by the validator.
REQUIRED = {"name": str}
OPTIONAL: dict[str, Any] = {
    "version": str, "description": str, "author": dict, "homepage": str, "repository": str,
    "license": str, "keywords": list, "commands": (str, list), "agents": (str, list),
    "hooks": (str, dict), "mcpServers": (str, dict),
}
KEBAB = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
SEMVER = re.compile(r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$")
HOOK_EVENTS = {"PreToolUse", "PostToolUse", "UserPromptSubmit", "Notification", "Stop", "SubagentStop",
               "SessionStart", "SessionEnd", "PreCompact"}


def manifest() -> dict[str, Any]:
    data = json.loads((REPO_ROOT / ".claude-plugin" / "plugin.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def plugin_hooks() -> dict[str, Any]:
    data = json.loads((REPO_ROOT / "hooks" / "hooks.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_manifest_uses_only_documented_fields_with_their_types() -> None:
    data = manifest()
    for key, kind in REQUIRED.items():
        assert isinstance(data.get(key), kind), key
    for key, value in data.items():
        assert key in REQUIRED or key in OPTIONAL, f"undocumented manifest field {key!r}"
        if key in OPTIONAL:
            assert isinstance(value, OPTIONAL[key]), key
    assert KEBAB.match(data["name"]) and data["name"] == "git-ledger"
    assert SEMVER.match(data["version"]) and data["version"] == __version__
    assert isinstance(data["author"].get("name"), str)
    assert all(isinstance(k, str) for k in data["keywords"])
    # hooks/hooks.json is loaded by default; naming it again in the manifest would load it twice
    assert "hooks" not in data


def test_only_the_manifest_lives_in_dot_claude_plugin() -> None:
    assert sorted(p.name for p in (REPO_ROOT / ".claude-plugin").iterdir()) == ["plugin.json"]


def test_plugin_hooks_call_the_same_commands_as_a_project_install() -> None:
    hooks = plugin_hooks()["hooks"]
    assert set(hooks) == {"UserPromptSubmit", "Stop"} <= HOOK_EVENTS
    for event, groups in hooks.items():
        assert len(groups) == 1 and "matcher" not in groups[0]
        (handler,) = groups[0]["hooks"]
        assert handler["type"] == "command" and isinstance(handler["timeout"], int)
        assert handler["command"] == inst.hook_command("project", event)
        assert inst.ours(handler["command"]) == inst.EVENTS[event]


@pytest.mark.e2e
def test_claude_plugin_validate_accepts_the_repository(claude_cli: Path, tmp_path: Path) -> None:
    done = subprocess.run((str(claude_cli), "plugin", "validate", str(REPO_ROOT)), capture_output=True, text=True,
                          timeout=120, env={**os.environ, "CLAUDE_CONFIG_DIR": str(tmp_path / "claude")})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Validation passed" in done.stdout
    assert 'UserPromptSubmit command "git-ledger hook user-prompt-submit"' in done.stdout
    assert 'Stop command "git-ledger hook stop"' in done.stdout


@pytest.mark.e2e
def test_loaded_with_plugin_dir_the_hook_injects(claude_cli: Path, repo: Path, tmp_path: Path) -> None:
    """No settings file at all: `claude --plugin-dir <this repo>` runs our hook from the plugin."""
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        store.add_cases([Case(
            id="p1", repo="github.com/example/widget", agent="claude", session="earlier", date="2026-11-28",
            timestamp="2026-11-28T09:00:00Z", type="omission", source="human", text="you skipped the lint step",
            context="Bash make", typed_by="rule:test")])
    script = [[{"text": "Looked at it."}]]
    with fake_model("anthropic", tmp_path / "model", script) as model:
        env = {"CLAUDE_CONFIG_DIR": str(tmp_path / "claude"), "ANTHROPIC_BASE_URL": model.url,
               "ANTHROPIC_API_KEY": "sk-test", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
               "PATH": venv_path(), "GIT_LEDGER_NOW": "2026-11-29T12:00:00Z"}
        run_agent([str(claude_cli), "-p", "--plugin-dir", str(REPO_ROOT), "--", "lint the code"], cwd=repo, env=env)
        bodies = [json.dumps(r["body"], ensure_ascii=False) for r in model.requests() if r["body"].get("tools")]
    assert bodies and "- 2026-11-28 omission: you skipped the lint step (after: Bash make)" in bodies[0]
    assert not (repo / ".claude").exists()
