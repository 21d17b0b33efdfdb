"""`git-ledger forget` / `unforget` / `show --forgotten` through the real CLI: a case taken back
is never injected (real hook process), promoted (real git repo and ledger) or counted, and stays
forgotten when its log is collected again."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from git_ledger.ledger import load_ledger
from git_ledger.store.store import Store
from tests.testing.util import git, run_cli

NOW = "2026-11-29T08:00:00Z"
REPO = "github.com/example/widget"


def prompt(session: str, uuid: str, cwd: Path, when: str, text: str) -> dict[str, Any]:
    return {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": str(cwd),
            "sessionId": session, "version": "2.1.30", "uuid": uuid, "timestamp": when, "type": "user",
            "message": {"role": "user", "content": text}}


def write_session(logs: Path, session: str, records: list[dict[str, Any]]) -> None:
    """A session whose agent ran one tool before each of the given user records."""
    logs.mkdir(parents=True, exist_ok=True)
    lines = []
    for n, r in enumerate(records):
        call = {"id": f"msg_{n}", "type": "message", "role": "assistant", "stop_reason": "tool_use", "content": [
            {"type": "tool_use", "id": f"toolu_{n}", "name": "Bash", "input": {"command": "pytest -q"}}]}
        lines.append({**r, "uuid": f"a{n}", "type": "assistant", "message": call,
                      "parentUuid": None})
        lines.append(r)
    (logs / f"{session}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))


def collect(logs: Path) -> dict[str, Any]:
    out = run_cli("collect", "--logs", str(logs), "--json", env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0, out.stderr
    return dict(json.loads(out.stdout))


def cases(*args: str, cwd: Path | None = None) -> list[dict[str, Any]]:
    out = run_cli("show", "--json", *args, cwd=cwd)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_forget_a_case_everywhere_and_unforget_it(tmp_path: Path, repo: Path) -> None:
    logs = tmp_path / "logs"
    write_session(logs, "s-one", [prompt("s-one", "u1", repo, "2026-11-20T09:00:00.000Z", "you missed the tests again")])
    write_session(logs, "s-two", [prompt("s-two", "u1", repo, "2026-11-24T09:00:00.000Z", "you forgot the changelog entry")])
    assert collect(logs)["cases"] == 2
    wrong = next(c for c in cases("--all") if "changelog" in c["text"])
    shown = run_cli("show", cwd=repo).stdout  # inside the repository: that repository by default
    assert wrong["id"][:12] in shown

    promoted = run_cli("propose", "--commit", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert promoted.returncode == 0, promoted.stderr
    assert "P-0001 new" in promoted.stdout

    out = run_cli("forget", wrong["id"][:12])
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [f"forgot {wrong['id'][:12]}", "forgot 1 case; run `git-ledger propose` to update the ledger"]
    assert [c["id"] for c in cases("--all")] != [] and wrong["id"] not in [c["id"] for c in cases("--all")]
    assert [c["id"] for c in cases("--forgotten")] == [wrong["id"]]
    stats = json.loads(run_cli("stats", "--json").stdout)
    assert stats["cases"] == 1

    # A re-collect from scratch (a new store cursor) yields the same id: still forgotten.
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        store.db.execute("DELETE FROM cursors")
        tombstones = store.db.execute("SELECT * FROM forgotten").fetchall()
    assert tombstones == [(wrong["id"], tombstones[0][1])]  # the id (a hash) and a time, no text
    (Path(os.environ["GIT_LEDGER_HOME"]) / "collect-files.snapshot").unlink(missing_ok=True)
    collect(logs)
    assert wrong["id"] not in [c["id"] for c in cases("--all")]

    # The real hook process does not inject it.
    body = json.dumps({"session_id": "s-new", "transcript_path": "/nonexistent/s-new.jsonl", "cwd": str(repo),
                       "hook_event_name": "UserPromptSubmit", "prompt": "go on"})
    hook = run_cli("hook", "user-prompt-submit", input=body, env={"GIT_LEDGER_NOW": NOW})
    assert hook.returncode == 0, hook.stderr
    context = json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "missed the tests" in context and "changelog" not in context

    # Its sighting leaves the ledger: one unit is left, below the threshold, so P-0001 goes back.
    again = run_cli("propose", "--commit", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert again.returncode == 0, again.stderr
    assert "P-0001 withdrawn" in again.stdout
    ledger = load_ledger(repo / ".git-ledger" / "proposals.yaml").data
    assert ledger.entries == {}
    assert [len(p.fingerprints) for p in ledger.pending.values()] == [1]
    assert "withdraw from P-0001" in git(repo, "log", "-1", "--format=%s")

    out = run_cli("unforget", wrong["id"][:12])
    assert out.returncode == 0, out.stderr
    assert wrong["id"] in [c["id"] for c in cases("--all")] and cases("--forgotten") == []


def test_forget_by_match_and_decided_entries_keep_their_units(tmp_path: Path, repo: Path) -> None:
    logs = tmp_path / "logs"
    for n, day in enumerate(("2026-11-20", "2026-11-22", "2026-11-24")):
        write_session(logs, f"s{n}", [prompt(f"s{n}", "u1", repo, f"{day}T09:00:00.000Z", f"you missed step {n} again")])
    collect(logs)
    assert run_cli("propose", cwd=repo, env={"GIT_LEDGER_NOW": NOW}).returncode == 0
    assert run_cli("ledger", "status", "P-0001", "adopted", cwd=repo).returncode == 0
    out = run_cli("forget", "--match", "STEP 1")
    assert out.returncode == 0, out.stderr
    assert out.stdout.endswith("forgot 1 case; run `git-ledger propose` to update the ledger\n")
    run_cli("propose", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    entry = load_ledger(repo / ".git-ledger" / "proposals.yaml").data.entries["P-0001"]
    assert (entry.status, entry.units) == ("adopted", 3)  # a person's decision keeps its evidence


def test_bad_ids_are_one_line_errors(tmp_path: Path, repo: Path) -> None:
    logs = tmp_path / "logs"
    write_session(logs, "s-one", [prompt("s-one", "u1", repo, "2026-11-20T09:00:00.000Z", "you missed the tests")])
    collect(logs)
    for args, message in ((("forget",), "name the cases"), (("forget", "xyz"), "is not a case id"),
                          (("forget", "abcdef0123"), "no case with id"),
                          (("forget", "--match", "nowhere"), "no case contains 'nowhere'"),
                          (("unforget",), "name the cases")):
        out = run_cli(*args)
        assert out.returncode == 1 and out.stdout == ""
        assert out.stderr.count("\n") == 1 and message in out.stderr, out.stderr
