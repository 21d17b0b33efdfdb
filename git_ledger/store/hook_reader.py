"""The store as the first-prompt hook sees it: `sqlite3` alone, without importing store/store.py.

Importing store/store.py pulls in models.py and dataclasses, which costs about as much as starting
Python itself (docs/performance.md), and the first-prompt hook has a budget of 2x a bare Python.
So this module reads and claims with the statements store.py runs (store/queries.py: one
definition of each), under the same rules: busy timeout, and the claim is INSERT OR IGNORE
inside BEGIN IMMEDIATE, exactly `Store.claim_injection`, so racing hook processes inject once.
A missing or unmigrated store is created through `Store.open` first (once per machine).
tests/store/test_hook_reader.py checks every method here against its `Store` counterpart.
"""
from __future__ import annotations

import json
import os
import sqlite3

from git_ledger.storable import Connection
from git_ledger.store import queries

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence

# The migrations this module's SQL needs (through 0003_forgotten); an older store is migrated
# by `Store.open` first.
SCHEMA_VERSION = 3


class Row:
    """One case as the injection shows it (a light stand-in for models.Case)."""

    __slots__ = ("id", "session", "date", "timestamp", "type", "source", "text", "context")

    def __init__(self, *values: str) -> None:
        (self.id, self.session, self.date, self.timestamp, self.type, self.source, self.text,
         self.context) = values


class HookStore:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    @classmethod
    def open(cls, path: str, busy_ms: int = queries.HOOK_BUSY_TIMEOUT_MS) -> HookStore:
        db = _connect(path, busy_ms) if os.path.exists(path) else None
        if db is None or int(db.execute("PRAGMA user_version").fetchone()[0]) < SCHEMA_VERSION:
            if db is not None:
                db.close()
            from pathlib import Path

            from git_ledger.store.store import Store

            Store.open(Path(path), busy_ms).close()  # created 0600, WAL, migrated (once per machine)
            db = _connect(path, busy_ms)
        return cls(db)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> HookStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def is_opted_out(self, session: str) -> bool:
        return self.db.execute(queries.IS_OPTED_OUT, (session,)).fetchone() is not None

    def injected(self, session: str) -> bool:
        return self.db.execute(queries.INJECTED, (session,)).fetchone() is not None

    def cached_repo(self, cwd: str) -> tuple[str, str] | None:
        row = self.db.execute(queries.CACHED_REPO, (cwd,)).fetchone()
        return (row[0], row[1]) if row else None

    def remember_repo(self, cwd: str, repo: str, toplevel: str, at: str) -> None:
        self._write(queries.REMEMBER_REPO, (cwd, repo, toplevel, at))

    def cursor_stat(self, path: str) -> tuple[int, int, float] | None:
        """(inode, size, mtime) recorded for a log file, or None if it was never read."""
        row = self.db.execute(queries.CURSOR_STAT, (path,)).fetchone()
        return (int(row[0]), int(row[1]), float(row[2])) if row else None

    def recent_cases(
        self,
        repo: str,
        *,
        types: Sequence[str],
        sources: Sequence[str],
        since: str,
        until: str,
        limit: int,
        exclude_session: str = "",
    ) -> list[Row]:
        """The injection's cases: newest first, walking the (repo, date) index backwards."""
        if limit <= 0 or not types or not sources:
            return []
        sql = (
            "SELECT id, session, date, timestamp, type, source, text, context FROM cases "
            "WHERE repo = ? AND date >= ? AND date <= ? "
            f"AND type IN ({', '.join('?' for _ in types)}) "
            f"AND source IN ({', '.join('?' for _ in sources)}) AND session != ? "
            f"AND {queries.NOT_FORGOTTEN} "
            "ORDER BY date DESC, timestamp DESC, id DESC LIMIT ?"
        )
        args = (repo, since, until, *types, *sources, exclude_session, limit)
        return [Row(*r) for r in self.db.execute(sql, args)]

    def claim_injection(self, session: str, case_ids: Sequence[str], at: str) -> bool:
        """As `Store.claim_injection`: True for exactly one of several racing processes."""
        return self._write(queries.CLAIM_INJECTION, (session, at, json.dumps(list(case_ids)))) == 1

    def opt_out(self, session: str, at: str) -> None:
        self._write(queries.OPT_OUT, (session, at))

    def _write(self, statement: str, args: tuple[object, ...]) -> int:
        """One statement in BEGIN IMMEDIATE … COMMIT (writers queue on the busy timeout)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            rowcount = self.db.execute(statement, args).rowcount
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return int(rowcount)


def _connect(path: str, busy_ms: int) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=busy_ms / 1000, isolation_level=None, factory=Connection)
    db.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
    return db
