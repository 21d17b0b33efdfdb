"""The real Codex CLI (pinned), offline against a scripted Responses API: after
`git-ledger install codex`, a correction typed in one session arrives in the next session's first
request as developer context, once; and `git-ledger doctor` judges hook trust as Codex does."""
from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from git_ledger.hooks.doctor import codex_trusted_hash
from tests.testing.agents import fake_model, run_agent
from tests.testing.util import run_cli

pytestmark = pytest.mark.e2e

HEADER = "[git-ledger: recent corrections]"
CORRECTION = "you forgot the tests, I told you not to skip them"
SCRIPT: list[list[dict[str, Any]]] = [
    [{"tool": "exec_command", "input": {"cmd": "echo running tests"}}],
    [{"text": "The command output is above."}],
]


def codex_config(home: Path, url: str) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(
        'model = "gpt-test"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\n'
        f'base_url = "{url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_KEY"\n'
    )


def developer_texts(body: dict[str, Any]) -> list[str]:
    return [c.get("text", "") for item in body.get("input", []) if item.get("role") == "developer"
            for c in item.get("content", []) if isinstance(c, dict)]


def test_a_correction_arrives_as_developer_context_in_the_next_session(
    codex_cli: Path, repo: Path, tmp_path: Path
) -> None:
    codex_home = tmp_path / "codex-home"
    with fake_model("responses", tmp_path / "model", SCRIPT) as model:
        codex_config(codex_home, model.url)
        env = {"CODEX_HOME": str(codex_home), "FAKE_KEY": "x"}
        out = run_cli("install", "codex", cwd=repo, env=env)
        assert out.returncode == 0 and "/hooks" in out.stdout, out.stderr
        codex = [str(codex_cli), "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust",
                 "--sandbox", "danger-full-access"]

        run_agent([*codex, "fix the parser"], cwd=repo, env=env)
        run_agent([*codex, "resume", "--last", CORRECTION], cwd=repo, env=env)
        session_1 = model.requests()
        run_agent([*codex, "add a --verbose flag"], cwd=repo, env=env)
        first_of_2 = len(model.requests())
        run_agent([*codex, "resume", "--last", "now update the docs"], cwd=repo, env=env)
        session_2 = model.requests()[len(session_1):]

    assert any(CORRECTION in json.dumps(r["body"], ensure_ascii=False) for r in session_1)
    assert not any(HEADER in t for r in session_1 for t in developer_texts(r["body"]))
    injected = [t for t in developer_texts(session_2[0]["body"]) if t.startswith(HEADER)]
    assert len(injected) == 1
    assert re.search(r"\n- \d{4}-\d{2}-\d{2} omission: " + re.escape(CORRECTION)
                     + r" \(after: exec_command echo running tests\)$", injected[0], re.M), injected[0]
    # the resumed session's later requests replay it as history: never a second copy
    for r in session_2[first_of_2 - len(session_1):]:
        assert sum(t.startswith(HEADER) for t in developer_texts(r["body"])) == 1
    rollouts = sorted((codex_home / "sessions").rglob("rollout-*.jsonl"))
    assert len(rollouts) == 2


def _hooks_list(codex_cli: Path, codex_home: Path, cwd: Path) -> list[dict[str, Any]]:
    """Ask the real Codex (app-server, JSON-RPC over stdio) which hooks it sees and how trusted."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "hooks/list", "params": {"cwds": [str(cwd)]}},
    ]
    with subprocess.Popen((str(codex_cli), "app-server"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, cwd=cwd,
                          env={**os.environ, "CODEX_HOME": str(codex_home)}) as proc:
        try:
            assert proc.stdin is not None and proc.stdout is not None
            for m in messages:
                proc.stdin.write(json.dumps(m) + "\n")
            proc.stdin.flush()
            for line in proc.stdout:
                reply = json.loads(line)
                if reply.get("id") == 2:
                    hooks = reply["result"]["data"][0]["hooks"]
                    assert isinstance(hooks, list)
                    return hooks
            raise AssertionError("codex app-server closed without answering hooks/list")
        finally:
            proc.kill()


def test_doctor_judges_trust_exactly_as_codex_does(codex_cli: Path, repo: Path, tmp_path: Path) -> None:
    codex_home = tmp_path / "codex-home"
    codex_home.mkdir()
    env = {"CODEX_HOME": str(codex_home)}
    assert run_cli("install", "codex", cwd=repo, env=env).returncode == 0

    def doctor() -> dict[str, str]:
        out = run_cli("doctor", "--json", cwd=repo, env=env)
        return dict(json.loads(out.stdout)["codex"]["scopes"][0]["trust"])

    seen = {h["eventName"]: h for h in _hooks_list(codex_cli, codex_home, repo)}
    assert {e: h["trustStatus"] for e, h in seen.items()} == {"userPromptSubmit": "untrusted", "stop": "untrusted"}
    assert doctor() == {"UserPromptSubmit": "untrusted", "Stop": "untrusted"}

    hooks = json.loads((codex_home / "hooks.json").read_text())["hooks"]
    ours = {"UserPromptSubmit": hooks["UserPromptSubmit"][0]["hooks"][0], "Stop": hooks["Stop"][0]["hooks"][0]}
    assert seen["userPromptSubmit"]["currentHash"] == codex_trusted_hash("UserPromptSubmit", ours["UserPromptSubmit"])
    assert seen["stop"]["currentHash"] == codex_trusted_hash("Stop", ours["Stop"])
    assert seen["stop"]["key"] == f"{codex_home / 'hooks.json'}:stop:0:0"

    # Trust one as /hooks does (its key and current hash into the user's config.toml).
    (codex_home / "config.toml").write_text(
        f'[hooks.state."{seen["userPromptSubmit"]["key"]}"]\ntrusted_hash = "{seen["userPromptSubmit"]["currentHash"]}"\n'
        f'[hooks.state."{seen["stop"]["key"]}"]\ntrusted_hash = "sha256:{"0" * 64}"\n'
    )
    seen = {h["eventName"]: h for h in _hooks_list(codex_cli, codex_home, repo)}
    assert {e: h["trustStatus"] for e, h in seen.items()} == {"userPromptSubmit": "trusted", "stop": "modified"}
    assert doctor() == {"UserPromptSubmit": "trusted", "Stop": "modified"}
