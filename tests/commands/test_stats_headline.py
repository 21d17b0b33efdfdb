"""`git-ledger stats`: the seed's headline numbers from real hook runs and a real ledger."""
from __future__ import annotations

import json
from pathlib import Path

from tests.commands.test_forget import collect, prompt, write_session
from tests.commands.test_inject_preview import first_prompt
from tests.testing.util import run_cli

NOW = "2026-11-29T08:00:00Z"


def test_injections_proposals_and_origin(tmp_path: Path, repo: Path) -> None:
    logs = tmp_path / "logs"
    for n, day in enumerate(("2026-11-20", "2026-11-22", "2026-11-24")):
        write_session(logs, f"s{n}", [prompt(f"s{n}", "u1", repo, f"{day}T09:00:00.000Z", f"you missed step {n} again")])
    collect(logs)
    for session in ("new-1", "new-2"):
        assert "you missed step" in first_prompt(session, repo)
    assert run_cli("propose", "--commit", cwd=repo, env={"GIT_LEDGER_NOW": NOW}).returncode == 0
    assert run_cli("ledger", "status", "P-0001", "adopted", cwd=repo).returncode == 0

    text = run_cli("stats")
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[0] == "6 injections in 2 sessions; 1 proposal, 1 adopted (100%)"
    assert "corrections: 3 from people, 0 self-found" in text.stdout
    result = json.loads(run_cli("stats", "--json").stdout)
    assert result["injections"] == {"times": 6, "sessions": 2}  # 3 cases, each told to 2 sessions
    assert result["proposals"]["numbered"] == 1 and result["proposals"]["adopted_share"] == 1.0
    assert result["proposals"]["ledgers"] == [str(repo / ".git-ledger" / "proposals.yaml")]
    assert result["typed_by_origin"] == {"human": 3, "self_found": 0}


def test_a_ledger_elsewhere_counts_with_ledger(tmp_path: Path) -> None:
    ledger = tmp_path / "dotfiles" / "proposals.yaml"
    ledger.parent.mkdir()
    ledger.write_text("version: 1\n")
    out = run_cli("stats", "--ledger", str(ledger), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["proposals"]["ledgers"] == [str(ledger)]
    assert run_cli("stats").stdout.startswith("0 injections in 0 sessions; 0 proposals\n")
