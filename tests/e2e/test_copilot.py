"""The real GitHub Copilot CLI (pinned), offline: its BYOK provider (`COPILOT_PROVIDER_TYPE=
anthropic`, `COPILOT_OFFLINE=true`, no GitHub sign-in) pointed at the scripted Anthropic Messages
API of tests/testing/model_servers.py. After `git-ledger install copilot`, a correction made in an
earlier session reaches a Copilot session at the end of its first turn, as the agentStop block
that forces one more turn; that turn ends without a second block, and the resumed session's next
turn gets none either."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks.stop import CHECK_AGAINST
from tests.testing.agents import fake_model, run_agent
from tests.testing.util import run_cli, write_jsonl

pytestmark = pytest.mark.e2e

CORRECTION = "you didn't run the tests before saying it was done"


def earlier_session(repo: Path, logs: Path) -> Path:
    return write_jsonl(logs / "claude.jsonl", [
        {"parentUuid": None, "cwd": str(repo), "sessionId": "c-1", "type": "user", "uuid": "u1",
         "timestamp": "2026-11-19T09:00:00.000Z", "message": {"role": "user", "content": "add a parser"}},
        {"parentUuid": "u1", "cwd": str(repo), "sessionId": "c-1", "type": "assistant", "uuid": "a1",
         "timestamp": "2026-11-19T09:00:05.000Z", "message": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}},
        {"parentUuid": "a1", "cwd": str(repo), "sessionId": "c-1", "type": "user", "uuid": "u2",
         "timestamp": "2026-11-19T09:01:00.000Z", "message": {"role": "user", "content": CORRECTION}},
    ])


def texts(body: dict[str, Any]) -> str:
    return json.dumps(body.get("messages", []), ensure_ascii=False)


def test_the_corrections_arrive_at_the_end_of_the_first_turn_once(
    copilot_cli: Path, repo: Path, isolated_env: Path, tmp_path: Path
) -> None:
    assert run_cli("collect", "--logs", str(earlier_session(repo, tmp_path / "logs")), "--json", cwd=repo).returncode == 0
    out = run_cli("install", "copilot", cwd=repo)
    assert out.returncode == 0 and "agentStop hooks installed" in out.stdout, out.stderr
    script = [[{"text": "The parser is fixed now."}], [{"text": "Checked against them: the tests still need a run."}],
              [{"text": "Done, the changelog is updated."}], [{"text": "Unverified: I ran nothing."}]]
    with fake_model("anthropic", tmp_path / "model", script) as model:
        env = {"COPILOT_OFFLINE": "true", "COPILOT_PROVIDER_TYPE": "anthropic", "COPILOT_PROVIDER_BASE_URL": model.url,
               "COPILOT_PROVIDER_API_KEY": "test-key", "COPILOT_MODEL": "claude-sonnet-4.5", "NO_COLOR": "1"}
        run_agent([str(copilot_cli), "-p", "fix the parser", "--allow-all-tools"], cwd=repo, env=env)
        run_agent([str(copilot_cli), "--continue", "-p", "now update the changelog", "--allow-all-tools"], cwd=repo, env=env)
        turns = [r["body"] for r in model.requests() if r["body"].get("tools")]
    assert len(turns) == 3  # the first turn, the one our block forced, the resumed session's turn
    assert CORRECTION not in texts(turns[0])
    assert CORRECTION in texts(turns[1]) and CHECK_AGAINST in texts(turns[1])
    # Copilot writes a turn's events only after agentStop: the guard finds the previous, judged
    # turn in the file and stays silent, so the resumed turn's unshown "Done" earns no block.
    assert texts(turns[2]).count(CORRECTION) == 1
    (log,) = (isolated_env / ".copilot" / "session-state").glob("*/events.jsonl")
    for line in log.read_text().splitlines():
        r = json.loads(line)
        if r["type"] in ("user.message", "hook.start", "hook.end"):
            print("REC", r["type"], {k: (v if k != "content" and k != "transformedContent" and k != "input" else str(v)[:60]) for k, v in r["data"].items()})
