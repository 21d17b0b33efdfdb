"""The search-posture rule where people write it: `guard prefer` sets search.preferred (user or
repository config), the real Stop hook process honours the user config, and where AGENTS.md /
CLAUDE.md names a tool that no config sets, `doctor` and `guard replay` say so."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from git_ledger.hooks.guards.posture_prose import named_tool
from tests.hooks.test_stop import grep_turn, hook
from tests.testing.util import run_cli


@pytest.mark.parametrize(("line", "tool"), [
    ("- Prefer `semble` over grep for code search.", "semble"),
    ("Use semble instead of grep or rg when searching the code.", "semble"),
    ("Always search with semble.", "semble"),
    ("搜代码时先用 semble 搜，别直接 grep。", "semble"),
    ("检索代码请优先用 semble。", "semble"),
    ("コード検索は semble を優先してください。", "semble"),
    ("코드 검색은 semble 먼저 쓰세요.", "semble"),
    ("검색할 때는 semble로 검색하세요.", "semble"),
])
def test_a_tool_named_for_code_search_in_each_language(line: str, tool: str) -> None:
    assert named_tool(f"# Agents\n\n{line}\n") == (tool, 3)


@pytest.mark.parametrize("line", [
    "Prefer composition over inheritance.",           # no search at all
    "Use grep for the logs, it is fine.",            # the very calls the guard flags
    "Search the issue tracker before filing a bug.",  # searching, but no tool named
    "x" * 500 + " prefer semble for search",          # a line too long to be an instruction
])
def test_lines_that_name_no_search_tool(line: str) -> None:
    assert named_tool(line) is None


def test_guard_prefer_sets_the_user_or_the_repository_config(tmp_path: Path, repo: Path) -> None:
    out = run_cli("guard", "prefer", "semble", "--hint", "semble search '<intent>'", cwd=repo)
    assert out.returncode == 0, out.stderr
    user = Path(out.stdout.split(":", 1)[0])
    assert user.read_text() == "search:\n  preferred: semble\n  hint: semble search '<intent>'\n"
    assert run_cli("guard", "prefer", "semble", cwd=repo).stdout.endswith("search.preferred = semble (already so)\n")
    # The real Stop hook reminds the agent with the user config alone: no repository config.
    path = grep_turn(tmp_path, 'grep -rn "parse_date\\|parseDate\\|date_parse" src')
    answer = hook(path, "Dates are parsed in src/dates.py.", repo)
    assert answer is not None and "the user prefers `semble` for finding code (the git-ledger user config" in answer["reason"]

    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("# the team's settings\ninject:\n  window_days: 14  # two weeks\n")
    out = run_cli("guard", "prefer", "ast-grep", "--repo", cwd=repo)
    assert out.returncode == 0, out.stderr
    assert (repo / ".git-ledger" / "config.yaml").read_text() == (
        "# the team's settings\ninject:\n  window_days: 14  # two weeks\nsearch:\n  preferred: ast-grep\n")
    answer = hook(path, "Dates are parsed in src/dates.py.", repo)
    assert answer is not None and "this repository prefers `ast-grep`" in answer["reason"]  # the repository's wins
    bad = run_cli("guard", "prefer", "two words", cwd=repo)
    assert bad.returncode == 1 and "is not a tool name" in bad.stderr


def test_doctor_and_replay_say_when_only_prose_names_the_tool(tmp_path: Path, repo: Path) -> None:
    (repo / "CLAUDE.md").write_text("# Project\n\n先用 semble 搜代码，别直接 grep。\n")
    note = ("CLAUDE.md:3 names `semble` for code search, but no config sets search.preferred, so the "
            "search-posture guard never fires there: run `git-ledger guard prefer semble --repo`")
    doctor = run_cli("doctor", cwd=repo)
    assert doctor.returncode == 0, doctor.stderr
    assert doctor.stdout.splitlines()[-2:] == ["    preferred tool: none configured (the guard is off)",
                                               f"    -> {note}"]
    logs = tmp_path / "logs"
    logs.mkdir()
    grep_turn(logs, 'grep -rn "parse_date\\|parseDate" src')
    rewrite_cwd(logs / "t.jsonl", repo)
    replay = run_cli("guard", "replay", "--logs", str(logs), cwd=repo)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.splitlines()[-1] == f"note: {note}"
    data = json.loads(run_cli("guard", "replay", "--logs", str(logs), "--json", cwd=repo).stdout)
    assert data["unconfigured"] == [note]

    assert run_cli("guard", "prefer", "semble", "--repo", cwd=repo).returncode == 0
    assert "preferred tool: semble" in run_cli("doctor", cwd=repo).stdout
    assert "note:" not in run_cli("guard", "replay", "--logs", str(logs), cwd=repo).stdout


def rewrite_cwd(log: Path, cwd: Path) -> None:
    """The turn's records as if recorded in `cwd` (the repository of this test)."""
    records = [json.loads(line) for line in log.read_text().splitlines()]
    log.write_text("".join(json.dumps({**r, "cwd": str(cwd)} if "cwd" in r else r) + "\n" for r in records))
