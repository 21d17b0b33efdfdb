from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from git_ledger import paths
from git_ledger.ledger import load_ledger, validate_paths
from git_ledger.ledger.propose import run_propose
from git_ledger.models import TYPES, Case, case_id, unit_fingerprint
from git_ledger.repo import identify
from git_ledger.store.store import Store
from tests.ledger.test_promote import brute_force
from tests.testing.util import git, init_repo, run_cli

REPO = "github.com/example/widget"
LEDGER = ".git-ledger/proposals.yaml"
NOW = "2026-11-29T08:00:00Z"


def fixture_prompts(fixtures: Path, folder: str) -> list[tuple[str, str, str]]:
    """(session, timestamp, text) of every plain human prompt in one fixture folder's Claude logs."""
    out = []
    for log in sorted((fixtures / folder).glob("*.jsonl")):
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            content = r.get("message", {}).get("content") if isinstance(r, dict) else None
            if (r.get("type") == "user" and isinstance(content, str) and not content.startswith(("<", "[Request"))
                    and not r.get("isMeta") and r.get("sessionId")):
                out.append((r["sessionId"], r["timestamp"], content))
    return out


def make_case(session: str, timestamp: str, text: str, type_: str, source: str = "human",
              repo: str = REPO, agent: str = "claude") -> Case:
    return Case(
        id=case_id(agent, session, f"{timestamp}|{type_}|{text[:20]}"), repo=repo, agent=agent,
        session=session, date=timestamp[:10], timestamp=timestamp, type=type_, source=source, text=text,
        context="Edit src/app.py; Bash pytest -q", typed_by="" if type_ == "other" else "rule:test",
        kind="prompt" if source == "human" else "hook_block",
    )


def store_cases(cases: Iterable[Case], home: Path | None = None) -> None:
    with Store.open((home / "ledger.db") if home else paths.db_path()) as store:
        store.add_cases(cases)


def fixture_cases(fixtures: Path) -> list[Case]:
    """Real sessions and dates from the shared fixtures, typed as the scenario needs:
    entireio-cli: 5 sessions on 4 days (two on 2026-01-07), several prompts each -> 4 units;
    marot-spotter: 4 sessions on 2 days, found by a review agent only -> 2 units, held;
    kvsankar: one session, running past midnight -> 1 unit, below the threshold."""
    cases = [make_case(s, t, x, "instruction-violation") for s, t, x in fixture_prompts(fixtures, "entireio-cli")]
    marot = fixture_prompts(fixtures, "marot-spotter")
    cases += [make_case(s, t, x, "result-error", source="review") for s, t, x in marot]
    cases += [make_case(s, t, x, "other") for s, t, x in marot]  # `other` never counts
    (s, t, x), = fixture_prompts(fixtures, "kvsankar-agent-history")
    cases += [make_case(s, t, x, "premise-error"), make_case(s, "2026-06-06T00:10:00Z", x + " (again)", "premise-error")]
    return cases


CONSTRUCTED = [
    # One session across midnight, then two sessions on one day: 2 units, 3 sessions.
    make_case("late-night", "2026-10-01T23:50:00Z", "you forgot to update the changelog", "omission"),
    make_case("late-night", "2026-10-02T00:20:00Z", "the changelog is still missing", "omission"),
    make_case("morning-a", "2026-10-05T09:00:00Z", "again no changelog entry", "omission"),
    make_case("morning-b", "2026-10-05T11:00:00Z", "changelog missing once more", "omission"),
    # Another repository: never in this repository's ledger.
    make_case("api-1", "2026-10-03T10:00:00Z", "you missed the api docs", "omission", repo="github.com/example/api"),
    make_case("api-2", "2026-10-04T10:00:00Z", "api docs missing again", "omission", repo="github.com/example/api"),
]


def propose(repo: Path, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    out = run_cli("propose", "--json", *args, cwd=repo, env={"GIT_LEDGER_NOW": NOW, **(env or {})})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


def test_fixture_cases_and_repeats_become_proposals_held_and_pending(repo: Path, fixtures: Path) -> None:
    cases = fixture_cases(fixtures) + CONSTRUCTED
    store_cases(cases)
    (repo / "notes.txt").write_text("work in progress\n")
    git(repo, "add", "notes.txt")  # the user's own staged work

    result = propose(repo, "--commit")

    changes = {c["id"]: c for c in result["changes"]}
    assert {i: (c["kind"], c["type"], c["units"], c["sessions"]) for i, c in changes.items()} == {
        "P-0001": ("new", "instruction-violation", 4, 5),
        "P-0002": ("held", "result-error", 2, 4),
        "P-0003": ("new", "omission", 2, 3),
    }
    ledger = load_ledger(repo / LEDGER)
    assert ledger.entries["P-0001"].dates == ["2026-01-07", "2026-01-19", "2026-01-22", "2026-01-23"]
    assert ledger.entries["P-0002"].status == "held"
    assert [(k, p.units, p.sessions) for k, p in ledger.pending.items()] == [((REPO, "premise-error"), 1, 1)]
    assert all(e.repo == REPO for e in ledger.entries.values())

    # The commit holds the ledger alone; the user's staged file is still staged, not committed.
    assert git(repo, "show", "--name-only", "--format=%s", "HEAD").split() == [
        "ledger:", "propose", "P-0001,", "P-0003", "(2", "proposals)", LEDGER]
    assert git(repo, "diff", "--cached", "--name-only").split() == ["notes.txt"]
    assert result["commit"] == head(repo)

    # Nothing new: no write, no commit.
    before, mtime = head(repo), (repo / LEDGER).stat().st_mtime_ns
    again = propose(repo, "--commit")
    assert (again["written"], again["commit"], again["changes"]) == (False, None, [])
    assert head(repo) == before and (repo / LEDGER).stat().st_mtime_ns == mtime

    # Nothing of any case reached git: no text, no raw session id.
    log = git(repo, "log", "-p", "--all")
    for c in cases:
        assert c.text not in log and c.text[:24] not in log and c.session not in log
    assert unit_fingerprint("claude", "late-night") in log  # only hashes


def test_hand_edits_survive_and_decisions_stand(repo: Path) -> None:
    store_cases(CONSTRUCTED + [
        make_case("ci-1", "2026-10-06T10:00:00Z", "review: wrong total", "result-error", source="review"),
        make_case("ci-2", "2026-10-07T10:00:00Z", "review: wrong total again", "result-error", source="hook"),
    ])
    propose(repo, "--commit")
    path = repo / LEDGER
    text = path.read_text()
    assert "  P-0001:\n    repo: github.com/example/widget\n    type: omission\n    status: proposed\n" in text
    text = text.replace("entries:\n", "entries:\n  # triaged 2026-10-20 by the team\n")
    text = text.replace("    type: omission\n    status: proposed\n",
                        "    type: omission\n    status: adopted  # CLAUDE.md: always add a changelog line\n")
    path.write_text(text)
    git(repo, "commit", "-q", "-am", "adopt P-0001")

    # New sightings: more omissions (adopted stays adopted, still counted) and a person now
    # reporting the wrong totals too (held -> proposed).
    store_cases([
        make_case("later-1", "2026-11-02T10:00:00Z", "no changelog again", "omission"),
        make_case("later-2", "2026-11-03T10:00:00Z", "the total is wrong", "result-error"),
    ])
    result = propose(repo, "--commit")
    kinds = {c["id"]: c["kind"] for c in result["changes"]}
    assert kinds == {"P-0001": "updated", "P-0002": "promoted"}
    assert git(repo, "log", "-1", "--format=%s") == "ledger: propose P-0002 (result-error, 3 sessions)\n"
    after = path.read_text()
    assert "  # triaged 2026-10-20 by the team\n" in after
    assert "    status: adopted  # CLAUDE.md: always add a changelog line\n" in after
    ledger = load_ledger(path)
    assert (ledger.entries["P-0001"].status, ledger.entries["P-0001"].units) == ("adopted", 3)
    assert ledger.entries["P-0002"].status == "proposed"
    # The commit changed only derived values and added fingerprints and the status it moved.
    diff = git(repo, "show", "--format=", "-U0", "HEAD").splitlines()
    removed = sorted(line.split(":")[0].strip("- ") for line in diff if line.startswith("-") and not line.startswith("---"))
    assert removed == ["dates", "dates", "last", "last", "sessions", "sessions", "status", "units", "units"]


def test_rejected_stays_rejected_and_threshold_comes_from_config(repo: Path) -> None:
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("promote:\n  threshold: 3\n")
    store_cases(CONSTRUCTED)
    result = propose(repo)
    assert result["changes"] == [] and result["pending"] == {"groups": 1, "new_sightings": 4}
    store_cases([make_case("third", "2026-10-09T10:00:00Z", "changelog!", "omission")])
    assert [c["units"] for c in propose(repo)["changes"]] == [3]
    run_cli("ledger", "status", "P-0001", "rejected", cwd=repo)
    store_cases([make_case("fourth", "2026-10-12T10:00:00Z", "changelog!!", "omission")])
    result = propose(repo)
    assert [(c["status"], c["units"]) for c in result["changes"]] == [("rejected", 4)]


def test_window_days_limits_what_counts_toward_a_new_proposal(repo: Path) -> None:
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("promote:\n  window_days: 30\n")
    store_cases([
        make_case("old", "2026-09-01T10:00:00Z", "tests missing", "omission"),
        make_case("new", "2026-11-20T10:00:00Z", "tests missing again", "omission"),
    ])
    result = propose(repo)
    assert result["changes"] == [] and result["pending"] == {"groups": 1, "new_sightings": 1}


def test_team_mode_two_developers_each_seeing_it_once(tmp_path: Path) -> None:
    seed = init_repo(tmp_path / "seed", origin=None)
    git(tmp_path, "init", "-q", "--bare", "-b", "main", "shared.git")
    git(seed, "push", "-q", str(tmp_path / "shared.git"), "main")
    homes, clones = {}, {}
    for who in ("alice", "bob"):
        git(tmp_path, "clone", "-q", str(tmp_path / "shared.git"), who)
        clones[who], homes[who] = tmp_path / who, tmp_path / f"{who}-home"
    found = identify(str(clones["alice"]))
    assert found is not None
    repo_name = found[0]
    store_cases([make_case("alice-s", "2026-10-01T10:00:00Z", "alice: you skipped the tests", "omission",
                           repo=repo_name)], homes["alice"])
    store_cases([make_case("bob-s", "2026-10-08T10:00:00Z", "bob: tests skipped again", "omission",
                           repo=repo_name, agent="codex")], homes["bob"])

    alice = propose(clones["alice"], "--commit", env={"GIT_LEDGER_HOME": str(homes["alice"])})
    assert alice["changes"] == [] and alice["commit"]  # one sighting: recorded, not proposed
    assert git(clones["alice"], "log", "-1", "--format=%s") == "ledger: record 1 sighting below the threshold\n"
    git(clones["alice"], "push", "-q", "origin", "main")

    git(clones["bob"], "pull", "-q", "--no-rebase", "origin", "main")
    bob = propose(clones["bob"], "--commit", env={"GIT_LEDGER_HOME": str(homes["bob"])})
    assert [(c["id"], c["kind"], c["units"], c["sessions"]) for c in bob["changes"]] == [
        ("P-0001", "new", 2, 2)]
    log = git(clones["bob"], "log", "-p")
    assert "skipped" not in log and "alice-s" not in log and "bob-s" not in log


def test_dotfiles_ledger_covers_every_repository(tmp_path: Path) -> None:
    dotfiles = init_repo(tmp_path / "dotfiles", origin="git@github.com:me/dotfiles.git")
    ledger = dotfiles / "git-ledger" / "proposals.yaml"
    store_cases(CONSTRUCTED)
    out = propose(tmp_path, "--ledger", str(ledger), "--all-repos", "--commit")
    assert out["scope"] == "all"
    assert {(c["repo"], c["type"]) for c in out["changes"]} == {
        (REPO, "omission"), ("github.com/example/api", "omission")}
    assert "repos: all\n" in ledger.read_text()  # later runs need no flag
    assert git(dotfiles, "show", "--name-only", "--format=", "HEAD").split() == ["git-ledger/proposals.yaml"]
    assert propose(tmp_path, "--ledger", str(ledger))["scope"] == "all"


def test_commit_runs_the_repository_hooks_on_the_ledger_alone(repo: Path) -> None:
    hook = repo / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\ngit diff --cached --name-only > \"$(git rev-parse --git-dir)/hook-saw\"\n")
    hook.chmod(0o755)
    (repo / "draft.py").write_text("x = 1\n")
    git(repo, "add", "draft.py")
    store_cases(CONSTRUCTED)
    propose(repo, "--commit")
    assert (repo / ".git" / "hook-saw").read_text().split() == [LEDGER]
    # A hook that refuses stops the commit with a one-line error; the ledger stays written.
    hook.write_text("#!/bin/sh\necho 'no commits today' >&2\nexit 1\n")
    store_cases([make_case("x", "2026-10-20T10:00:00Z", "changelog?", "omission")])
    out = run_cli("propose", "--commit", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 1 and out.stderr.strip() == "git-ledger: git commit failed: no commits today"
    assert validate_paths([repo / LEDGER]) == []


def test_errors_are_one_line(tmp_path: Path, repo: Path) -> None:
    outside = tmp_path / "plain"
    outside.mkdir()
    out = run_cli("propose", cwd=outside)
    assert out.returncode == 1 and out.stderr.startswith("git-ledger: not inside a git repository")
    out = run_cli("propose", "--commit", "--ledger", str(outside / "l.yaml"), "--all-repos", cwd=outside)
    assert out.returncode == 1 and "not in a git repository" in out.stderr
    (repo / ".git-ledger").mkdir()
    (repo / LEDGER).write_text("version: 1\nentries:\n  P-0001: {note: hi}\n")
    store_cases(CONSTRUCTED)
    out = run_cli("propose", cwd=repo)
    assert out.returncode == 1 and f"{LEDGER}:3: P-0001: unknown key 'note'" in out.stderr
    assert (repo / LEDGER).read_text() == "version: 1\nentries:\n  P-0001: {note: hi}\n"  # untouched
    assert "--commit" in run_cli("propose", "--help").stdout


def test_run_propose_api_for_collect(repo: Path) -> None:
    store_cases(CONSTRUCTED)
    with Store.open(paths.db_path()) as store:
        now = datetime(2026, 11, 29, tzinfo=timezone.utc)
        result = run_propose(store, repo / LEDGER, repo, commit=False, now=now)
        assert result.written and result.commit is None and result.message is not None
        assert result.message.startswith("ledger: propose P-0001 (omission, 3 sessions)")
        assert git(repo, "status", "--porcelain").split() == ["??", ".git-ledger/"]
        again = run_propose(store, repo / LEDGER, repo, commit=True, now=now)
        assert not again.written and again.commit is None  # nothing new: nothing committed


@pytest.mark.skipif(importlib.util.find_spec("git_ledger.commands.collect") is None,
                    reason="the collector (issue 2) is not in this checkout yet")
def test_collected_fixture_cases_follow_the_rule(tmp_path: Path, fixtures: Path) -> None:
    from datetime import date, timedelta

    from git_ledger.ledger.promote import unit_of

    dotfiles = init_repo(tmp_path / "dotfiles")
    collected = run_cli("collect", "--logs", str(fixtures), "--json")
    assert collected.returncode == 0, collected.stderr
    ledger_path = dotfiles / "proposals.yaml"
    # The fixtures' folders do not exist here, so their cases are known by local paths, which
    # never go into a committed ledger.
    kept = propose(tmp_path, "--ledger", str(ledger_path), "--all-repos")
    assert kept["local_only"] >= 1 and not ledger_path.exists()
    with Store.open(paths.db_path()) as store:  # as if each folder had been a clone of a repository
        store.db.execute("UPDATE cases SET repo = 'github.com/fixtures/' || replace(ltrim(repo, '/'), '/', '-')")
        typed = sorted((c for c in store.cases() if c.type in TYPES), key=lambda c: (c.repo, c.type, c.id))
    assert typed, "the collector typed nothing in the fixtures"
    # Constructed repeats on top of what the real logs gave: one more sighting, in a new
    # session three days later, for every collected group.
    extra = []
    for c in {(c.repo, c.type): c for c in typed}.values():
        later = (date.fromisoformat(c.date) + timedelta(days=3)).isoformat()
        extra.append(make_case(f"again-{c.id}", f"{later}T10:00:00Z", "constructed repeat", c.type,
                               source=c.source, repo=c.repo))
    store_cases(extra)
    propose(tmp_path, "--ledger", str(ledger_path), "--all-repos", "--commit")
    ledger = load_ledger(ledger_path)
    groups: dict[tuple[str, str], list[Case]] = {}
    for c in typed + extra:
        groups.setdefault((c.repo, c.type), []).append(c)
    assert ledger.entries and len(ledger.entries) == len(groups)
    for key, members in groups.items():
        got = ledger.data.entry_for(key)
        assert got is not None and got.units == brute_force([unit_of(c) for c in members]) >= 2
        assert got.status == ("proposed" if any(c.is_human for c in members) else "held")
    log = git(dotfiles, "log", "-p")
    assert all(c.text[:24] not in log for c in typed if len(c.text) >= 24)
    assert all(c.session not in log for c in typed)
