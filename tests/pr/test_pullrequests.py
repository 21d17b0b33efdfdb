from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.testing.fake_github import TOKEN, FakeGitHub, serve
from tests.testing.pr_util import SECRET_TEXT, ledger_clone
from tests.testing.util import git, run_cli


@pytest.fixture
def github() -> Iterator[FakeGitHub]:
    yield from serve(FakeGitHub())


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    return ledger_clone(tmp_path)


def _pr(work: Path, github: FakeGitHub, *extra: str) -> tuple[int, str, str]:
    out = run_cli("pr", "--repo", "example/widget", "--api-url", github.url, "--pause", "0", *extra,
                  cwd=work, env={"GITHUB_TOKEN": TOKEN})
    assert TOKEN not in out.stdout + out.stderr
    return out.returncode, out.stdout, out.stderr


def _branch_files(work: Path, branch: str) -> list[str]:
    git(work, "fetch", "-q", "origin", branch)
    return git(work, "diff", "--name-only", "origin/main", "FETCH_HEAD").split()


def test_two_proposed_entries_give_two_branches_and_two_prs(clone: Path, github: FakeGitHub) -> None:
    rc, out, err = _pr(clone, github)
    assert rc == 0, err
    assert github.violations == []
    assert sorted(p["head"] for p in github.pulls.values()) == ["git-ledger/P-0001", "git-ledger/P-0002"]
    assert github.labels == {1: ["rule-candidate"], 2: ["rule-candidate"]}
    for number, pull in github.pulls.items():
        assert pull["title"].startswith(f"Rule candidate {pull['head'].split('/')[1]}: ")
        assert "git-ledger show " in pull["body"] and SECRET_TEXT not in pull["body"]
        branch = pull["head"]
        # One commit on top of main: the stub and the ledger, nothing else.
        assert git(clone, "rev-list", "--count", f"origin/main..{_fetch(clone, branch)}").strip() == "1"
        files = _branch_files(clone, branch)
        assert ".git-ledger/proposals.yaml" in files and len(files) == 2
        assert any(f.startswith("procedures/rule-p-000") for f in files)
        ledger = git(clone, "show", "FETCH_HEAD:.git-ledger/proposals.yaml")
        entry = branch.split("/")[1]
        block = ledger.split(f"{entry}:", 1)[1].split("\n\n", 1)[0]
        assert "status: in-review" in block and f"pr: {number}" in block
    assert "opened PR #1" in out and "opened PR #2" in out
    # Nothing of the case text reached any branch.
    assert SECRET_TEXT not in git(clone, "log", "-p", "--all")


def _fetch(work: Path, branch: str) -> str:
    git(work, "fetch", "-q", "origin", branch)
    return git(work, "rev-parse", "FETCH_HEAD").strip()


def test_second_run_reuses_branches_and_prs(clone: Path, github: FakeGitHub) -> None:
    assert _pr(clone, github)[0] == 0
    tips = {b: _fetch(clone, b) for b in ("git-ledger/P-0001", "git-ledger/P-0002")}
    creates = len(github.calls("pulls/create"))
    rc, out, err = _pr(clone, github)
    assert rc == 0, err
    assert len(github.pulls) == 2  # none new
    assert len(github.calls("pulls/create")) == creates + 2  # each answered 422 "already exists" ...
    assert len(github.calls("pulls/list")) == 2  # ... so each was looked up by head ...
    assert len(github.calls("pulls/update")) == 2  # ... and updated
    assert {b: _fetch(clone, b) for b in tips} == tips  # no new pushes
    assert "updated PR #1" in out and "branch already up to date" in out
    assert github.violations == []


def test_server_error_is_explained_and_a_rerun_resumes(clone: Path, github: FakeGitHub) -> None:
    github.failures["pulls/create"] = [502, 502, 502, 502, 502, 502]  # 3 tries per entry
    rc, out, err = _pr(clone, github)
    assert rc == 1
    assert "P-0001: FAILED: POST /pulls: 502" in out and "pushed git-ledger/P-0001" in out
    assert "running again resumes safely" in out
    assert github.pulls == {}
    rc, out, err = _pr(clone, github)
    assert rc == 0, err
    assert len(github.pulls) == 2 and github.violations == []


def test_rate_limit_stops_the_run_with_a_clear_message(clone: Path, github: FakeGitHub) -> None:
    github.failures["pulls/create"] = [403]
    rc, out, err = _pr(clone, github)
    assert rc == 1
    assert "rate limit" in out and "run again later" in out
    assert out.count("FAILED") == 1  # stopped: the same answer awaits every other entry


def test_dry_run_pushes_and_calls_nothing(clone: Path, github: FakeGitHub) -> None:
    rc, out, err = _pr(clone, github, "--dry-run")
    assert rc == 0, err
    assert github.requests == []
    assert git(clone, "ls-remote", "--heads", "origin", "git-ledger/*") == ""
    assert "P-0001: would push git-ledger/P-0001" in out


def test_the_token_is_never_printed_even_when_echoed(clone: Path, github: FakeGitHub) -> None:
    """Issue 15: an error body quoting the Authorization header, or a token written into
    --api-url, put the token in the output (_pr asserts it is not there)."""
    github.echo_headers = True
    github.failures["pulls/create"] = [422]
    rc, out, _ = _pr(clone, github)
    assert rc == 1 and "POST /pulls: 422 rejected: Authorization: Bearer ***" in out
    port = github.url.rsplit(":", 1)[1]
    out2 = run_cli("pr", "--repo", "example/widget", "--pause", "0", "--api-url",
                   f"http://deploy:{TOKEN}@127.0.0.1:1/?access_token={TOKEN}", cwd=clone, env={"GITHUB_TOKEN": TOKEN})
    assert out2.returncode == 1 and "cannot reach http://***@127.0.0.1:1/" in out2.stdout + out2.stderr, out2
    assert TOKEN not in out2.stdout + out2.stderr and port


def test_missing_token_is_one_line_error(clone: Path) -> None:
    out = run_cli("pr", "--repo", "example/widget", cwd=clone)
    assert out.returncode == 1
    assert out.stderr.strip() == "git-ledger: GITHUB_TOKEN is not set (needs contents, pull-requests and issues write)"


def test_section_stub_mode(clone: Path, github: FakeGitHub) -> None:
    rc, out, err = _pr(clone, github, "--stub", "section", "--max", "1")
    assert rc == 0, err
    assert "1 more proposed entries left for the next run" in out
    files = _branch_files(clone, "git-ledger/P-0001")
    assert ".git-ledger/rule-candidates.md" in files
    text = git(clone, "show", "FETCH_HEAD:.git-ledger/rule-candidates.md")
    assert text.startswith("<!-- git-ledger:P-0001 begin -->") and "git-ledger show " in text
    assert json.dumps(github.violations) == "[]"
