"""The real Claude Code CLI (pinned), offline against a scripted model: after
`git-ledger install claude --scope project`, a correction typed in one session reaches the first
model request of the next session, once."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from git_ledger.store.store import Store
from tests.testing.agents import fake_model, run_agent, venv_path
from tests.testing.util import run_cli

pytestmark = pytest.mark.e2e

HEADER = "[git-ledger: recent corrections]"
CORRECTION = "you forgot the tests, I told you not to skip them"
# Each agent turn takes the next entry; the last one repeats. No completion claims (not even "I changed
# X", which the claim detector reads as a report of work), so the Stop hook's evidence guard has
# nothing to say and the request count stays predictable.
SCRIPT: list[list[dict[str, Any]]] = [
    [{"tool": "Bash", "input": {"command": "echo running tests", "description": "run tests"}}],
    [{"text": "The command output is above."}],
]


def test_a_correction_reaches_the_next_sessions_first_request_only(
    claude_cli: Path, repo: Path, tmp_path: Path
) -> None:
    out = run_cli("install", "claude", "--scope", "project", cwd=repo)
    assert out.returncode == 0, out.stderr
    assert "git-ledger hook user-prompt-submit" in (repo / ".claude" / "settings.json").read_text()

    with fake_model("anthropic", tmp_path / "model", SCRIPT) as model:
        env = {
            "CLAUDE_CONFIG_DIR": str(tmp_path / "claude"),
            "ANTHROPIC_BASE_URL": model.url,
            "ANTHROPIC_API_KEY": "sk-test",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "PATH": venv_path(),  # the project file runs `git-ledger` from PATH
        }
        claude = [str(claude_cli), "-p", "--allowedTools", "Bash", "--"]

        run_agent([*claude, "fix the parser"], cwd=repo, env=env)
        run_agent([*claude[:-1], "--continue", "--", CORRECTION], cwd=repo, env=env)
        session_1 = model.requests()
        run_agent([*claude, "add a --verbose flag"], cwd=repo, env=env)
        first_of_2 = len(model.requests())
        run_agent([*claude[:-1], "--continue", "--", "now update the docs"], cwd=repo, env=env)
        session_2 = model.requests()[len(session_1):]

    bodies_1 = [json.dumps(r["body"], ensure_ascii=False) for r in session_1]
    bodies_2 = [json.dumps(r["body"], ensure_ascii=False) for r in session_2]
    assert any(CORRECTION in b for b in bodies_1)  # the correction was really sent in session 1
    assert not any(HEADER in b for b in bodies_1)  # ... and nothing was injected there

    agent_turns = [b for r, b in zip(session_2, bodies_2) if r["body"].get("tools")]
    first = agent_turns[0]
    assert first.count(HEADER) == 1
    line = re.search(r"- \d{4}-\d{2}-\d{2} omission: " + re.escape(CORRECTION) + r" \(after: Bash echo running tests\)",
                     first)
    assert line is not None, first[first.find(HEADER):][:1500]
    # later requests of session 2 carry that first message as history, never a second injection
    later = [b for r, b in zip(session_2[first_of_2 - len(session_1):], bodies_2[first_of_2 - len(session_1):])
             if r["body"].get("tools")]
    assert later and all(b.count(HEADER) == 1 for b in later)
    assert all(b.count(HEADER) <= 1 for b in bodies_2)

    # one claim per session: session 1 got an empty one, session 2 the correction
    transcripts = sorted((tmp_path / "claude" / "projects").glob("*/*.jsonl"), key=lambda p: p.stat().st_mtime)
    assert len(transcripts) == 2
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        claim_1 = store.injection(transcripts[0].stem)
        claim_2 = store.injection(transcripts[1].stem)
        assert claim_1 is not None and claim_1[1] == []
        assert claim_2 is not None and len(claim_2[1]) == 1
        shown = store.case(claim_2[1][0])
    assert shown is not None and shown.text == CORRECTION and shown.session == transcripts[0].stem
