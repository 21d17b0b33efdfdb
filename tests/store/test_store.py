from __future__ import annotations

import dataclasses
import multiprocessing
import sqlite3
import stat
from pathlib import Path

from git_ledger.models import Case
from git_ledger.store.store import MIGRATIONS, Cursor, Store


def _case(i: int, **kw: str) -> Case:
    base = dict(
        id=f"c{i}", repo="github.com/example/widget", agent="claude", session=f"s{i}",
        date=f"2026-10-{10 + i:02d}", timestamp=f"2026-10-{10 + i:02d}T10:00:00Z",
        type="omission", source="human", text="you missed the tests", context="Edit a.py",
        typed_by="rule:en.omission", lang="en", kind="prompt", cwd="/w",
    )
    base.update(kw)
    return Case(**base)


def test_new_store_is_private_wal_and_migrated(tmp_path: Path) -> None:
    path = tmp_path / "d" / "ledger.db"
    with Store.open(path) as store:
        assert store.migrations() == [name for name, _ in MIGRATIONS]
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # Re-opening does not re-run migrations.
    with Store.open(path) as store:
        assert store.migrations() == [name for name, _ in MIGRATIONS]


def test_a_store_from_before_a_migration_gains_it_and_keeps_its_cases(tmp_path: Path) -> None:
    """A store made by an earlier release (here: before cases kept the agent's previous message)
    opens with the later migrations applied, its cases intact and their new field empty."""
    path = tmp_path / "ledger.db"
    earlier = [name for name, _ in MIGRATIONS].index("0004_case_previous")
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
        for name, statements in MIGRATIONS[:earlier]:
            for sql in statements:
                db.execute(sql)
            db.execute("INSERT INTO _migrations VALUES (?, datetime('now'))", (name,))
        db.execute(f"PRAGMA user_version = {earlier}")
        old = dataclasses.asdict(_case(1))
        del old["previous"]
        db.execute("INSERT INTO cases (id, repo, agent, session, date, timestamp, type, source, text, context, "
                   "typed_by, lang, kind, cwd) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", tuple(old.values()))
    db.close()
    with Store.open(path) as store:
        assert store.migrations() == [name for name, _ in MIGRATIONS]
        assert store.case("c1") == _case(1)
        assert store.case("c1").previous == ""  # type: ignore[union-attr]
        store.add_cases([_case(2, previous="I have fixed the parser; this should resolve it.")])
        assert store.case("c2").previous == "I have fixed the parser; this should resolve it."  # type: ignore[union-attr]


def test_cases_are_added_once_and_filtered(tmp_path: Path) -> None:
    with Store.open(tmp_path / "ledger.db") as store:
        assert len(store.add_cases([_case(1), _case(2, type="other", source="review")])) == 2
        assert store.add_cases([_case(1)]) == []
        assert [c.id for c in store.cases()] == ["c2", "c1"]
        assert [c.id for c in store.cases(types=["omission"])] == ["c1"]
        assert [c.id for c in store.cases(sources=["review"], since="2026-10-12")] == ["c2"]
        assert store.cases(types=[]) == []
        store.retype("c2", "result-error", "judges:a+b")
        assert store.case("c2") == _case(2, type="result-error", source="review", typed_by="judges:a+b")


def test_cursor_round_trip(tmp_path: Path) -> None:
    with Store.open(tmp_path / "ledger.db") as store:
        cur = Cursor("/logs/a.jsonl", "claude", 7, 100, 90, 1.5, {"session": "s"})
        store.save_cursor(cur)
        assert store.cursor("/logs/a.jsonl") == cur
        store.save_cursor(dataclasses.replace(cur, offset=100))
        again = store.cursor("/logs/a.jsonl")
        assert again is not None and again.offset == 100


def _claim(args: tuple[str, str]) -> bool:
    path, session = args
    with Store.open(Path(path)) as store:
        return store.claim_injection(session, ["c1"], "2026-10-20T00:00:00Z")


def test_injection_claimed_once_by_racing_processes(tmp_path: Path) -> None:
    # Several fresh stores: SQLite refuses a racing switch to WAL at once (no busy wait), about
    # one race in forty, so one round would rarely show it.
    with multiprocessing.get_context("spawn").Pool(8) as pool:
        for round_ in range(4):
            path = tmp_path / f"ledger-{round_}.db"
            results = pool.map(_claim, [(str(path), "session-1")] * 8)
            assert results.count(True) == 1
