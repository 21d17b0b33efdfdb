"""`show`, `stats` and `demo` through the real CLI, on logs of a real git repository."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.testing.util import run_cli


def record(uuid: str, session: str, cwd: Path, when: str, **fields: Any) -> dict[str, Any]:
    return {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": str(cwd), "sessionId": session,
            "version": "2.1.30", "uuid": uuid, "timestamp": when, **fields}


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records))
    return path


@pytest.fixture
def collected(tmp_path: Path, repo: Path) -> Path:
    """Two sessions in github.com/example/widget and one in a folder that is not a repository."""
    logs = tmp_path / "logs"
    bash = {"id": "msg_1", "type": "message", "role": "assistant", "stop_reason": "tool_use", "content": [
        {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "pytest -q tests/test_parser.py"}}]}
    write(logs / "a.jsonl", [
        record("u1", "s-a", repo, "2026-11-16T09:00:00.000Z", type="user",
               message={"role": "user", "content": "파서를 고쳐줘"}),
        record("a1", "s-a", repo, "2026-11-16T09:01:00.000Z", type="assistant", message=bash),
        record("u2", "s-a", repo, "2026-11-16T09:02:00.000Z", type="user",
               message={"role": "user", "content": "테스트 파일을 빠뜨렸잖아"}),
    ])
    write(logs / "b.jsonl", [
        record("a0", "s-b", repo, "2026-11-24T08:59:00.000Z", type="assistant", message=bash),
        record("u1", "s-b", repo, "2026-11-24T09:00:00.000Z", type="user",
               message={"role": "user", "content": "그게 아니라 설정 파일을 고쳐야지"}),
        record("r1", "s-b", repo, "2026-11-24T09:01:00.000Z", type="user", message={"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_9", "is_error": True,
             "content": "PreToolUse:Bash hook error: [/opt/hooks/guard]: rm -rf is not allowed here"}]}),
    ])
    write(logs / "c.jsonl", [
        record("u1", "s-c", tmp_path / "scratch", "2026-11-25T09:00:00.000Z", type="user",
               message={"role": "user", "content": "hello"}),
    ])
    out = run_cli("collect", "--logs", str(logs), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["cases"] == 3
    return logs


def test_show_one_type_of_one_repository(collected: Path) -> None:
    out = run_cli("show", "github.com/example/widget/omission")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "github.com/example/widget" in lines
    from git_ledger.models import case_id
    assert f"2026-11-16  {case_id('claude', 's-a', 'u2', 'prompt')[:12]}  omission" in out.stdout, out.stdout
    assert "human/prompt" in out.stdout
    assert "      테스트 파일을 빠뜨렸잖아" in lines
    assert "      before: Bash pytest -q tests/test_parser.py" in lines
    assert "그게 아니라" not in out.stdout


def test_show_by_suffix_prefix_and_source(collected: Path) -> None:
    suffix = run_cli("show", "example/widget", "--json")
    cases = [json.loads(x) for x in suffix.stdout.splitlines()]
    assert [(c["source"], c["kind"]) for c in cases] == [("hook", "hook_block"), ("human", "prompt"), ("human", "prompt")]
    assert [c["type"] for c in cases[1:]] == ["premise-error", "omission"]  # the hook's type is the rules' call
    assert cases[0]["text"] == "rm -rf is not allowed here"
    prefix = run_cli("show", "github.com/*", "--source", "hook")
    assert "rm -rf is not allowed here" in prefix.stdout and "빠뜨렸" not in prefix.stdout
    any_type = run_cli("show", "*/premise-error", "--json")
    assert [json.loads(x)["session"] for x in any_type.stdout.splitlines()] == ["s-b"]
    everything = run_cli("show", "--all", "--since", "2026-11-20", "--json")
    assert len(everything.stdout.splitlines()) == 2


def test_show_explains_what_it_cannot_find(collected: Path) -> None:
    missing = run_cli("show", "github.com/nobody/nothing")
    assert missing.returncode == 1
    assert "no cases for 'github.com/nobody/nothing'" in missing.stderr and "github.com/example/widget" in missing.stderr
    bare = run_cli("show")
    assert bare.returncode == 1 and "--all" in bare.stderr
    typo = run_cli("show", "github.com/example/widget/omision")
    assert typo.returncode == 1 and typo.stderr.startswith("git-ledger: unknown type 'omision'")
    negative = run_cli("show", "--all", "--limit", "-1")
    assert negative.returncode == 1 and "--limit" in negative.stderr


def test_stats_counts_and_rate_per_100_sessions(collected: Path) -> None:
    cases = [json.loads(x) for x in run_cli("show", "--all", "--json").stdout.splitlines()]
    typed = [c for c in cases if c["type"] != "other"]
    out = run_cli("stats", "--json")
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert (s["cases"], s["typed"], s["other"], s["sessions"]) == (3, len(typed), 3 - len(typed), 3)
    assert s["by_type"]["omission"] == 1 and s["by_type"]["premise-error"] == 1
    assert s["by_source"] == {"hook": 1, "human": 2}
    assert s["by_week"] == {"2026-W47": 1, "2026-W48": 2}
    assert s["per_100_sessions"] == {"human": round(100 * 2 / 3, 1), "all": round(100 * len(typed) / 3, 1)}
    widget = s["by_repo"]["github.com/example/widget"]
    assert (widget["cases"], widget["typed"], widget["sessions"]) == (3, len(typed), 2)
    assert widget["corrections_per_100_sessions"] == 100 * len(typed) / 2
    assert s["by_repo"][str(collected.parent / "scratch")]["sessions"] == 1  # a folder that is not a repo
    text = run_cli("stats").stdout
    assert f"corrections per 100 sessions: {s['per_100_sessions']['all']} (from people: 66.7)" in text
    assert "in 3 sessions seen" in text


def test_demo_shows_the_whole_loop_and_leaves_nothing_behind() -> None:
    home = Path(os.environ["HOME"])
    before = sorted(p.relative_to(home) for p in home.rglob("*"))
    out = run_cli("demo")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    steps = [line for line in text.splitlines() if line[:2] in {f"{n}." for n in range(1, 10)}]
    assert [s.split(":")[0].split(". ", 1)[1] for s in steps] == [
        "Collect", "Show", "Inject", "Promote", "The commit holds counts, dates and hashes only",
        "The pre-commit hook refuses a file that quotes a stored correction (notes.md).",
        "The Stop guard, replayed over the bundled sessions", "Cards"]
    assert "rejection_feedback 4" in text and "queued_prompt 2" in text
    # The injection, exactly as the hook hands it over: the header, then the typed cases.
    inject = text.split("$ git-ledger inject preview\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert inject[0].startswith("  [git-ledger: recent corrections]")
    assert inject[1].startswith("  - 2026-01-23 result-error: what are you doing...??")  # after the agent rebased unasked
    assert inject[2].startswith("  - 2026-01-19 premise-error: not as a comment, but as a document")
    # The ledger commit: an entry with counts, dates and hashes, and no word of any case.
    commit = text.split("$ git show HEAD\n", 1)[1].split("\n\n", 1)[0]
    assert "ledger: propose P-0001 (premise-error, 2 sessions)" in commit and "+    units: 2" in commit
    assert "not as a comment" not in commit and "misread" not in commit
    refusal = text.split("$ git add notes.md && git commit -m notes\n", 1)[1].split("\n\n", 1)[0]
    assert "Failed" in refusal and "notes.md:3: stored correction text (case 09cda7c3" in refusal
    assert "not as a comment" not in refusal  # where it is, never what it says
    assert "tool gate: 8 of 10 turns called a tool" in text
    assert "appended AGENTS.md" in text and "0 findings (P0 0, P1 0, P2 0, P3 0)" in text
    assert text.rstrip().splitlines()[-3:] == [
        "  git-ledger install claude                   # the injection and Stop hooks, in ~/.claude/settings.json",
        "  git-ledger collect                          # your own sessions into the local store (nothing leaves this machine)",
        "  cd your-repo && git-ledger inject preview   # what your next session there will be told"]
    assert sorted(p.relative_to(home) for p in home.rglob("*")) == before
    assert not (Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db").exists()


def test_demo_keep_leaves_its_repository_store_and_logs(tmp_path: Path) -> None:
    out = run_cli("demo", "--keep", str(tmp_path / "demo"))
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in (tmp_path / "demo" / "logs").iterdir()) == [
        "gemini-color-file.json", "goreleaser-homebrew.jsonl", "linear-docs.jsonl", "stacked-prs.jsonl"]
    assert (tmp_path / "demo" / "home" / "git-ledger" / "ledger.db").is_file()
    repo = tmp_path / "demo" / "demo-repo"
    assert (repo / ".git-ledger" / "proposals.yaml").is_file()
    log = subprocess.run(("git", "-C", str(repo), "log", "--format=%s"), capture_output=True, text=True, check=True).stdout
    assert log.splitlines() == ["ledger: propose P-0001 (premise-error, 2 sessions)", "initial"]
    again = run_cli("demo", "--keep", str(tmp_path / "demo"))
    assert again.returncode == 1 and "already holds a demo" in again.stderr


@pytest.mark.parametrize("verb", ["collect", "show", "stats", "demo"])
def test_every_command_has_help_with_an_example(verb: str) -> None:
    out = run_cli(verb, "--help")
    assert out.returncode == 0 and "example" in out.stdout


def test_show_full_gives_what_the_agent_said_before_the_correction(tmp_path: Path, repo: Path) -> None:
    said = {"id": "msg_2", "type": "message", "role": "assistant", "stop_reason": "end_turn", "content": [
        {"type": "text", "text": "I've updated the date parser; this should fix the wrong times."}]}
    logs = write(tmp_path / "logs" / "d.jsonl", [
        record("u1", "s-d", repo, "2026-11-26T09:00:00.000Z", type="user", message={"role": "user", "content": "fix the times"}),
        record("a1", "s-d", repo, "2026-11-26T09:01:00.000Z", type="assistant", message=said),
        record("u2", "s-d", repo, "2026-11-26T09:02:00.000Z", type="user", message={"role": "user", "content": "no change"}),
    ])
    assert run_cli("collect", "--logs", str(logs)).returncode == 0
    (case,) = [json.loads(x) for x in run_cli("show", "example/widget", "--json").stdout.splitlines()]
    assert (case["type"], case["previous"]) == ("result-error", said["content"][0]["text"])
    full = run_cli("show", "example/widget", "--full").stdout.splitlines()
    assert "      after the agent's: …I've updated the date parser; this should fix the wrong times." in full
    assert not any("after the agent's" in line for line in run_cli("show", "example/widget").stdout.splitlines())
