"""The real agent CLIs (pinned), offline against a scripted model, with git-ledger's own hooks
installed next to another team's hook: the collector keeps what the person typed and what the
other hook blocked, and nothing that git-ledger itself wrote into the transcript."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.testing.agents import fake_model, run_agent, venv_path
from tests.testing.util import run_cli

pytestmark = pytest.mark.e2e

CORRECTION = "테스트를 빠뜨렸잖아"


def events(log: Path) -> list[dict[str, Any]]:
    out = run_cli("collect", "--events", "--logs", str(log))
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def deny_hook(folder: Path) -> Path:
    script = folder / "deny-grep"
    script.write_text("#!/bin/sh\ncat >/dev/null\necho 'use rg instead of grep' >&2\nexit 2\n")
    script.chmod(0o755)
    return script


def test_claude_transcript_keeps_the_person_and_the_other_hook_not_git_ledger(
    claude_cli: Path, repo: Path, tmp_path: Path
) -> None:
    assert run_cli("install", "claude", "--scope", "project", cwd=repo).returncode == 0
    settings = repo / ".claude" / "settings.json"
    config = json.loads(settings.read_text())
    config["hooks"].setdefault("PreToolUse", []).append(
        {"matcher": "Bash", "hooks": [{"type": "command", "command": str(deny_hook(tmp_path))}]})
    settings.write_text(json.dumps(config))
    script = [
        [{"tool": "Bash", "input": {"command": "grep -rn parse src", "description": "search"}}],
        [{"text": "The search was blocked, so I stopped there."}],
        [{"text": "Done, all tests pass now."}],  # a claim without a tool call: the Stop guard's case
        [{"text": "That was unverified: I have not run the tests."}],
    ]
    with fake_model("anthropic", tmp_path / "model", script) as model:
        env = {"CLAUDE_CONFIG_DIR": str(tmp_path / "claude"), "ANTHROPIC_BASE_URL": model.url,
               "ANTHROPIC_API_KEY": "sk-test", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "PATH": venv_path()}
        claude = [str(claude_cli), "-p", "--allowedTools", "Bash", "--"]
        run_agent([*claude, "fix the parser"], cwd=repo, env=env)
        run_agent([*claude[:-1], "--continue", "--", CORRECTION], cwd=repo, env=env)
    (log,) = (tmp_path / "claude" / "projects").glob("*/*.jsonl")
    assert "git-ledger hook stop" in log.read_text()  # our hooks really ran in this session
    got = events(log)
    assert [(e["kind"], e["text"]) for e in got if e["kind"] != "assistant_text"] == [
        ("prompt", "fix the parser"), ("hook_block", "use rg instead of grep"), ("prompt", CORRECTION)]
    assert not any("git-ledger" in e["text"] for e in got)
    assert {e["cwd"] for e in got} == {str(repo)}
    stored = json.loads(run_cli("collect", "--logs", str(log), "--json").stdout)
    assert stored["cases_by_source"].get("human") == 1 and stored["cases_by_source"].get("hook") == 1
    shown = run_cli("show", "github.com/example/widget/omission").stdout
    assert CORRECTION in shown and "before: Bash grep -rn parse src" in shown


def test_codex_rollout_keeps_the_person_not_git_ledger(codex_cli: Path, repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "codex-home"
    script = [
        [{"tool": "exec_command", "input": {"cmd": "echo running tests"}}],
        [{"text": "Done, the parser is fixed."}],
    ]
    with fake_model("responses", tmp_path / "model", script) as model:
        home.mkdir()
        (home / "config.toml").write_text(
            'model = "gpt-test"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\n'
            f'base_url = "{model.url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_KEY"\n')
        env = {"CODEX_HOME": str(home), "FAKE_KEY": "x", "PATH": venv_path()}
        assert run_cli("install", "codex", cwd=repo, env=env).returncode == 0
        codex = [str(codex_cli), "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust",
                 "--sandbox", "danger-full-access"]
        run_agent([*codex, "fix the parser"], cwd=repo, env=env)
        run_agent([*codex, "resume", "--last", CORRECTION], cwd=repo, env=env)
    (log,) = (home / "sessions").rglob("rollout-*.jsonl")
    got = events(log)
    assert [(e["kind"], e["text"]) for e in got if e["kind"] != "assistant_text"] == [
        ("prompt", "fix the parser"), ("prompt", CORRECTION)]
    assert not any("git-ledger" in e["text"] or e["text"].startswith("<") for e in got)
    second = [e for e in got if e["text"] == CORRECTION][0]
    assert [t["target"] for t in second["tools"]] == ["echo running tests"]
