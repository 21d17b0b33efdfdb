"""A clone whose remote main branch carries a ledger with two proposed entries (for pr tests)."""
from __future__ import annotations

import os
from pathlib import Path

from git_ledger.models import Case, case_id
from git_ledger.repo import identify
from git_ledger.store.store import Store
from tests.testing.util import git, init_repo, run_cli

SECRET_TEXT = "you skipped the migration tests again"  # must never reach git or GitHub


def ledger_clone(tmp_path: Path) -> Path:
    origin = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    work = init_repo(tmp_path / "work", origin=str(origin))
    git(work, "push", "-q", "origin", "main")
    repo = identify(str(work))
    assert repo is not None
    cases = []
    for type_, days in (("omission", ("2026-10-01", "2026-10-03")), ("result-error", ("2026-10-02", "2026-10-05"))):
        for i, day in enumerate(days):
            session = f"{type_}-s{i}"
            cases.append(Case(
                id=case_id("claude", session, "u1"), repo=repo[0], agent="claude", session=session,
                date=day, timestamp=f"{day}T09:00:00Z", type=type_, source="human",
                text=SECRET_TEXT, context="Edit db/migrate.py", typed_by=f"rule:en.{type_}",
                lang="en", kind="prompt", cwd=str(work),
            ))
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        store.add_cases(cases)
    out = run_cli("propose", "--commit", cwd=work, env={"GIT_LEDGER_NOW": "2026-10-06T12:00:00Z"})
    assert out.returncode == 0, out.stderr
    git(work, "push", "-q", "origin", "main")
    return work
