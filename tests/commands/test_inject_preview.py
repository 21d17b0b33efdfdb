"""`git-ledger inject preview`: exactly what the real UserPromptSubmit hook process then injects."""
from __future__ import annotations

import json
from pathlib import Path

from tests.commands.test_forget import collect, prompt, write_session
from tests.testing.util import init_repo, run_cli

NOW = "2026-11-29T08:00:00Z"


def first_prompt(session: str, cwd: Path) -> str:
    body = json.dumps({"session_id": session, "transcript_path": f"/nonexistent/{session}.jsonl",
                       "cwd": str(cwd), "hook_event_name": "UserPromptSubmit", "prompt": "go on"})
    out = run_cli("hook", "user-prompt-submit", input=body, env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0, out.stderr
    return str(json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"])


def test_preview_is_what_the_next_session_gets_and_claims_nothing(tmp_path: Path, repo: Path) -> None:
    logs = tmp_path / "logs"
    write_session(logs, "s-one", [prompt("s-one", "u1", repo, "2026-11-24T09:00:00.000Z", "you missed the tests again")])
    collect(logs)
    (repo / "src").mkdir()
    preview = run_cli("inject", "preview", str(repo / "src"), env={"GIT_LEDGER_NOW": NOW})
    assert preview.returncode == 0, preview.stderr
    assert "you missed the tests again" in preview.stdout
    again = run_cli("inject", "preview", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert again.stdout == preview.stdout
    assert first_prompt("s-next", repo) + "\n" == preview.stdout  # not claimed by the previews


def test_preview_says_why_nothing(tmp_path: Path, repo: Path) -> None:
    other = init_repo(tmp_path / "other", origin="https://github.com/example/other.git")
    out = run_cli("inject", "preview", str(other), env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0, out.stderr
    assert out.stdout == ("nothing would be added: github.com/example/other has no typed case (omission, "
                          "instruction-violation, premise-error, result-error) from another session in the "
                          "last 30 days\n")
    off = run_cli("inject", "preview", str(other), env={"GIT_LEDGER_DISABLE": "1"})
    assert off.stdout == "nothing would be added: GIT_LEDGER_DISABLE is set, so the hook adds nothing\n"
    (other / ".git-ledger").mkdir()
    (other / ".git-ledger" / "config.yaml").write_text("inject:\n  enabled: false\n")
    cfg = run_cli("inject", "preview", str(other))
    assert cfg.stdout == "nothing would be added: inject.enabled is off in a config file\n"
    missing = run_cli("inject", "preview", str(tmp_path / "nowhere"))
    assert missing.returncode == 1 and missing.stderr.endswith("nowhere: no such folder\n")
