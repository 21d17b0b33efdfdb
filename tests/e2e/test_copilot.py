"""The real GitHub Copilot CLI (pinned), offline: its BYOK provider (`COPILOT_PROVIDER_TYPE=
anthropic`, `COPILOT_OFFLINE=true`, no GitHub sign-in) pointed at the scripted Anthropic Messages
API of tests/testing/model_servers.py. After `git-ledger install copilot`, a correction made in an
earlier session reaches a Copilot session's first prompt (userPromptSubmitted's `additionalContext`,
which Copilot adds to the prompt in a `<system_reminder>`), before its first turn, once; and a
correction typed in one Copilot session is collected by the next session's prompt hook and
reaches that session the same way."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks.stop import CHECK_AGAINST
from tests.testing.agents import fake_model, run_agent
from tests.testing.installed import EARLIER_CORRECTION as CORRECTION
from tests.testing.installed import collect_an_earlier_correction
from tests.testing.util import run_cli

pytestmark = pytest.mark.e2e


def texts(body: dict[str, Any]) -> str:
    return json.dumps(body.get("messages", []), ensure_ascii=False)


ENV = {"COPILOT_OFFLINE": "true", "COPILOT_PROVIDER_TYPE": "anthropic", "COPILOT_PROVIDER_API_KEY": "test-key",
       "COPILOT_MODEL": "claude-sonnet-4.5", "NO_COLOR": "1"}


def test_the_corrections_arrive_before_the_first_turn_once(
    copilot_cli: Path, repo: Path, isolated_env: Path, tmp_path: Path
) -> None:
    collect_an_earlier_correction(repo, tmp_path / "logs")
    out = run_cli("install", "copilot", cwd=repo)
    assert out.returncode == 0 and "userPromptSubmitted and agentStop hooks installed" in out.stdout, out.stderr
    script = [[{"text": "I will look at the parser first."}], [{"text": "I will look at the changelog next."}]]
    with fake_model("anthropic", tmp_path / "model", script) as model:
        env = {**ENV, "COPILOT_PROVIDER_BASE_URL": model.url}
        run_agent([str(copilot_cli), "-p", "fix the parser", "--allow-all-tools"], cwd=repo, env=env)
        run_agent([str(copilot_cli), "--continue", "-p", "now update the changelog", "--allow-all-tools"], cwd=repo, env=env)
        turns = [r["body"] for r in model.requests() if r["body"].get("tools")]
    assert len(turns) == 2  # no block: the list came with the prompt, and neither turn claims anything
    assert CORRECTION in texts(turns[0]) and CHECK_AGAINST not in texts(turns[0])
    assert texts(turns[1]).count(CORRECTION) == 1  # the first prompt's, in the resumed history; not again


def test_a_correction_typed_in_copilot_reaches_the_next_copilot_session(
    copilot_cli: Path, repo: Path, isolated_env: Path, tmp_path: Path
) -> None:
    assert run_cli("install", "copilot", cwd=repo).returncode == 0
    # The first turn claims nothing: whether Copilot has written a turn when its agentStop hook
    # reads the file is a race (docs/install.md), and a zero-tool "Done" it has written is blocked.
    script = [[{"text": "I will start with the parser's grammar."}], [{"text": "You are right, I will run them."}],
              [{"text": "Looking at the parser."}]]
    with fake_model("anthropic", tmp_path / "model", script) as model:
        env = {**ENV, "COPILOT_PROVIDER_BASE_URL": model.url}
        run_agent([str(copilot_cli), "-p", "add a parser", "--allow-all-tools"], cwd=repo, env=env)
        run_agent([str(copilot_cli), "--continue", "-p", CORRECTION, "--allow-all-tools"], cwd=repo, env=env)
        run_agent([str(copilot_cli), "-p", "fix the parser", "--allow-all-tools"], cwd=repo, env=env)  # a new session
        turns = [r["body"] for r in model.requests() if r["body"].get("tools")]
    sessions = list((isolated_env / ".copilot" / "session-state").glob("*/events.jsonl"))
    assert len(sessions) == 2
    assert len(turns) == 3
    assert "fix the parser" in texts(turns[2]) and "add a parser" not in texts(turns[2])  # the new session
    assert texts(turns[2]).count(CORRECTION) == 1  # collected by its prompt hook, shown before its first turn
    cases = [json.loads(line) for line in run_cli("show", "github.com/example/widget", "--json", cwd=repo).stdout.splitlines()]
    assert [(c["agent"], c["cwd"]) for c in cases] == [("copilot", str(repo))]
