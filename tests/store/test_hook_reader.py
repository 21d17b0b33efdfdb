"""The hook's sqlite3-only view of the store agrees with `Store`, method by method."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from git_ledger.models import Case
from git_ledger.store.hook_reader import HookStore
from git_ledger.store.store import MIGRATIONS, Cursor, Store


def _case(i: int, date: str, **kw: str) -> Case:
    base = dict(
        id=f"c{i:02d}", repo="github.com/example/widget", agent="claude", session=f"s{i % 3}", date=date,
        timestamp=f"{date}T0{i % 10}:00:00Z", type="omission", source="human", text=f"you missed step {i}",
        context="Edit a.py", typed_by="rule:en.omission", lang="en", kind="prompt", cwd="/w",
    )
    base.update(kw)
    return Case(**base)


def test_open_creates_a_missing_store_through_store_open(tmp_path: Path) -> None:
    path = tmp_path / "data" / "ledger.db"
    with HookStore.open(str(path)) as hs:
        assert not hs.injected("x")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with Store.open(path) as store:
        assert store.migrations() == [name for name, _ in MIGRATIONS]


def test_claims_agree_both_ways(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    with Store.open(path) as store, HookStore.open(str(path)) as hs:
        assert hs.claim_injection("a", ["c1", "c2"], "2026-11-29T10:00:00Z")
        assert not hs.claim_injection("a", [], "2026-11-29T10:00:01Z")
        assert store.injection("a") == ("2026-11-29T10:00:00Z", ["c1", "c2"])
        assert not store.claim_injection("a", [], "x")
        assert store.claim_injection("b", [], "2026-11-29T11:00:00Z")
        assert hs.injected("b") and not hs.claim_injection("b", ["c9"], "y")
        assert not hs.injected("c")


def test_opt_out_agrees(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    with Store.open(path) as store, HookStore.open(str(path)) as hs:
        hs.opt_out("a", "2026-11-29T10:00:00Z")
        hs.opt_out("a", "2026-11-29T10:00:01Z")
        store.opt_out("b", "2026-11-29T10:00:00Z")
        assert store.is_opted_out("a") and hs.is_opted_out("b") and not hs.is_opted_out("c")


def test_repo_cache_agrees(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    with Store.open(path) as store, HookStore.open(str(path)) as hs:
        hs.remember_repo("/w", "github.com/o/w", "/w", "t1")
        assert store.cached_repo("/w") == ("github.com/o/w", "/w")
        store.remember_repo("/w", "github.com/o/w2", "/w", "t2")
        assert hs.cached_repo("/w") == ("github.com/o/w2", "/w") and hs.cached_repo("/x") is None


def test_cursor_stat_is_the_cursors_inode_size_mtime(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    log = tmp_path / "s.jsonl"
    log.write_text("{}\n")
    st = os.stat(log)
    with Store.open(path) as store, HookStore.open(str(path)) as hs:
        store.save_cursor(Cursor(str(log), "claude", st.st_ino, st.st_size, 3, st.st_mtime, {"k": 1}))
        assert hs.cursor_stat(str(log)) == (st.st_ino, st.st_size, st.st_mtime)
        assert hs.cursor_stat(str(tmp_path / "other.jsonl")) is None


def test_recent_cases_match_store_cases_filtered_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "ledger.db"
    cases = [_case(i, f"2026-11-{1 + i % 28:02d}") for i in range(60)]
    cases += [_case(60 + i, "2026-11-20", type="other") for i in range(3)]
    cases += [_case(70 + i, "2026-11-21", source="review", type="result-error") for i in range(3)]
    cases += [_case(80, "2026-11-22", repo="github.com/example/other")]
    types = ("omission", "instruction-violation", "premise-error", "result-error")
    with Store.open(path) as store, HookStore.open(str(path)) as hs:
        store.add_cases(cases)
        for sources, exclude in ((("human",), "s1"), (("review", "hook"), ""), (("human",), "")):
            want = [
                c.id for c in store.cases(repo="github.com/example/widget", types=types, sources=sources,
                                          since="2026-11-05", until="2026-11-25")
                if c.session != exclude
            ][:7]
            got = hs.recent_cases("github.com/example/widget", types=types, sources=sources,
                                  since="2026-11-05", until="2026-11-25", limit=7, exclude_session=exclude)
            assert [r.id for r in got] == want and want
        assert hs.recent_cases("github.com/example/widget", types=types, sources=("human",),
                               since="2026-11-01", until="2026-11-30", limit=0) == []


def test_recent_cases_walk_the_repo_date_index(tmp_path: Path) -> None:
    with HookStore.open(str(tmp_path / "ledger.db")) as hs:
        plan = " ".join(str(r[-1]) for r in hs.db.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM cases WHERE repo = ? AND date >= ? AND date <= ? "
            "AND type IN (?) AND source IN (?) AND session != ? ORDER BY date DESC, timestamp DESC, id DESC LIMIT ?",
            ("r", "a", "b", "t", "s", "x", 4),
        ))
    assert "cases_repo_date" in plan and "TEMP B-TREE FOR RIGHT PART OF ORDER BY" in plan
