"""The local SQLite store: cases, scan cursors, injections, repo cache, guard events.

Raw (masked) text lives only here, outside every repository. The file is created 0600, runs in
WAL mode with a busy timeout (hooks of parallel sessions open it at once), and its schema is a
list of named migrations, each applied in the same transaction as its record.
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from git_ledger.errors import FatalError
from git_ledger.models import Case
from git_ledger.storable import Connection
from git_ledger.store import queries

# (name, statements). Append only: a released migration is never edited, and its position is
# its number (PRAGMA user_version holds how many have been applied, for a cheap check at open).
MIGRATIONS: list[tuple[str, tuple[str, ...]]] = [
    (
        "0001_initial",
        (
            """CREATE TABLE cases (
                id TEXT PRIMARY KEY,
                repo TEXT NOT NULL,
                agent TEXT NOT NULL,
                session TEXT NOT NULL,
                date TEXT NOT NULL,
                timestamp TEXT NOT NULL,
                type TEXT NOT NULL,
                source TEXT NOT NULL,
                text TEXT NOT NULL,
                context TEXT NOT NULL,
                typed_by TEXT NOT NULL,
                lang TEXT NOT NULL DEFAULT '',
                kind TEXT NOT NULL DEFAULT '',
                cwd TEXT NOT NULL DEFAULT ''
            )""",
            "CREATE INDEX cases_repo_date ON cases (repo, date)",
            "CREATE INDEX cases_type ON cases (type)",
            """CREATE TABLE cursors (
                path TEXT PRIMARY KEY,
                agent TEXT NOT NULL,
                inode INTEGER NOT NULL,
                size INTEGER NOT NULL,
                offset INTEGER NOT NULL,
                mtime REAL NOT NULL,
                state TEXT NOT NULL DEFAULT '{}'
            )""",
            """CREATE TABLE injections (
                session TEXT PRIMARY KEY,
                at TEXT NOT NULL,
                case_ids TEXT NOT NULL
            )""",
            """CREATE TABLE repos (
                cwd TEXT PRIMARY KEY,
                repo TEXT NOT NULL,
                toplevel TEXT NOT NULL,
                checked_at TEXT NOT NULL
            )""",
            """CREATE TABLE guard_events (
                id TEXT PRIMARY KEY,
                guard TEXT NOT NULL,
                session TEXT NOT NULL,
                date TEXT NOT NULL,
                repo TEXT NOT NULL,
                detail TEXT NOT NULL
            )""",
            """CREATE TABLE judge_cache (
                text_hash TEXT NOT NULL,
                judge TEXT NOT NULL,
                answer TEXT NOT NULL,
                at TEXT NOT NULL,
                PRIMARY KEY (text_hash, judge)
            )""",
            "CREATE TABLE optouts (session TEXT PRIMARY KEY, at TEXT NOT NULL)",
            """CREATE TABLE hook_runs (
                hook TEXT PRIMARY KEY,
                at TEXT NOT NULL,
                status TEXT NOT NULL
            )""",
        ),
    ),
    (
        "0002_sessions",
        (
            # Every session seen in scanned logs, so rates can be given per 100 sessions.
            """CREATE TABLE sessions (
                agent TEXT NOT NULL,
                session TEXT NOT NULL,
                repo TEXT NOT NULL,
                cwd TEXT NOT NULL,
                first_ts TEXT NOT NULL,
                last_ts TEXT NOT NULL,
                events INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (agent, session)
            )""",
            "CREATE INDEX sessions_repo ON sessions (repo)",
        ),
    ),
    (
        "0003_forgotten",
        (
            # Tombstones of cases the user took back (`git-ledger forget`): the case id (itself a
            # hash of agent, session and record) and when, never any text. A re-collect inserts
            # the same id again and stays forgotten, because every reader skips these ids.
            "CREATE TABLE forgotten (case_id TEXT PRIMARY KEY, at TEXT NOT NULL)",
        ),
    ),
    (
        "0004_case_previous",
        (
            # The end of the agent's message before a human case, masked, so `retype` gives the
            # judges the context `collect --llm` gives them. Older cases keep "" (not known).
            "ALTER TABLE cases ADD COLUMN previous TEXT NOT NULL DEFAULT ''",
        ),
    ),
]
NOT_FORGOTTEN = queries.NOT_FORGOTTEN

_CASE_COLUMNS = (
    "id", "repo", "agent", "session", "date", "timestamp", "type", "source", "text", "context",
    "typed_by", "lang", "kind", "cwd", "previous",
)


@dataclass(frozen=True)
class Cursor:
    """How far a log file has been read: the byte offset just past its last complete line."""

    path: str
    agent: str
    inode: int
    size: int
    offset: int
    mtime: float
    state: dict[str, object]


def _row_to_case(row: Sequence[object]) -> Case:
    return Case(**dict(zip(_CASE_COLUMNS, row)))  # type: ignore[arg-type]


def _use_wal(db: sqlite3.Connection, busy_ms: int) -> None:
    """Switch a new store to WAL. SQLite answers a racing switch with an immediate "locked",
    without calling the busy handler, so the wait is ours: retry until `busy_ms` has passed."""
    deadline = time.monotonic() + busy_ms / 1000
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() >= deadline:
                raise
            time.sleep(0.005)


class Store:
    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self.db = db
        self.path = path

    # ----------------------------------------------------------------- opening
    @classmethod
    def open(cls, path: Path, busy_ms: int = queries.BUSY_TIMEOUT_MS) -> Store:
        """Open (creating 0600 and migrating if needed) the store at `path`; a write waits up to
        `busy_ms` for another writer (the agent hooks pass `queries.HOOK_BUSY_TIMEOUT_MS`)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if not path.exists():
                # Create the file ourselves so it is 0600 from its first byte.
                fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
                os.close(fd)
            db = sqlite3.connect(path, timeout=busy_ms / 1000, isolation_level=None, factory=Connection)
        except (OSError, sqlite3.Error) as e:
            raise FatalError(f"cannot open the store {path}: {e}") from e
        store = cls(db, path)
        try:
            db.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
            (version,) = db.execute("PRAGMA user_version").fetchone()
            if version < len(MIGRATIONS):
                _use_wal(db, busy_ms)
                store._migrate()
            for suffix in ("-wal", "-shm"):
                side = Path(str(path) + suffix)
                if side.exists() and side.stat().st_mode & 0o077:
                    side.chmod(0o600)
        except sqlite3.DatabaseError as e:
            db.close()
            raise FatalError(f"the store {path} is not a readable SQLite database: {e}") from e
        return store

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE … COMMIT: writers queue on the busy timeout instead of failing."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        else:
            self.db.execute("COMMIT")

    def _migrate(self) -> None:
        with self.transaction() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
            done = {name for (name,) in db.execute("SELECT name FROM _migrations")}
            for name, statements in MIGRATIONS:
                if name in done:
                    continue
                for sql in statements:
                    db.execute(sql)
                db.execute(
                    "INSERT INTO _migrations (name, applied_at) VALUES (?, datetime('now'))", (name,)
                )
            db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")

    def migrations(self) -> list[str]:
        return [name for (name,) in self.db.execute("SELECT name FROM _migrations ORDER BY rowid")]

    # ------------------------------------------------------------------- cases
    def add_cases(self, cases: Iterable[Case]) -> list[Case]:
        """Insert cases not seen before (by id); return the ones that were new."""
        added: list[Case] = []
        placeholders = ", ".join("?" for _ in _CASE_COLUMNS)
        sql = f"INSERT OR IGNORE INTO cases ({', '.join(_CASE_COLUMNS)}) VALUES ({placeholders})"
        with self.transaction() as db:
            for case in cases:
                cur = db.execute(sql, tuple(getattr(case, c) for c in _CASE_COLUMNS))
                if cur.rowcount:
                    added.append(case)
        return added

    def cases(
        self,
        *,
        repo: str | None = None,
        types: Iterable[str] | None = None,
        sources: Iterable[str] | None = None,
        since: str | None = None,
        until: str | None = None,
        session: str | None = None,
        limit: int | None = None,
        newest_first: bool = True,
        forgotten: bool = False,
    ) -> list[Case]:
        """Cases matching every given filter; dates are inclusive YYYY-MM-DD strings.

        Forgotten cases are left out, or with `forgotten=True` are the only ones returned."""
        where: list[str] = ["NOT " + NOT_FORGOTTEN if forgotten else NOT_FORGOTTEN]
        args: list[object] = []
        if repo is not None:
            where.append("repo = ?")
            args.append(repo)
        if session is not None:
            where.append("session = ?")
            args.append(session)
        for column, values in (("type", types), ("source", sources)):
            if values is not None:
                vals = list(values)
                where.append(f"{column} IN ({', '.join('?' for _ in vals) or 'NULL'})")
                args.extend(vals)
        if since is not None:
            where.append("date >= ?")
            args.append(since)
        if until is not None:
            where.append("date <= ?")
            args.append(until)
        sql = f"SELECT {', '.join(_CASE_COLUMNS)} FROM cases WHERE " + " AND ".join(where)
        order = "DESC" if newest_first else "ASC"
        sql += f" ORDER BY timestamp {order}, id {order}"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return [_row_to_case(r) for r in self.db.execute(sql, args)]

    def case(self, case_id: str) -> Case | None:
        row = self.db.execute(
            f"SELECT {', '.join(_CASE_COLUMNS)} FROM cases WHERE id = ?", (case_id,)
        ).fetchone()
        return _row_to_case(row) if row else None

    def count_cases(self) -> int:
        return int(self.db.execute(f"SELECT count(*) FROM cases WHERE {NOT_FORGOTTEN}").fetchone()[0])

    # --------------------------------------------------------------- forgetting
    def forget(self, case_ids: Iterable[str], at: str) -> list[str]:
        """Tombstone these case ids; returns the ones not forgotten before."""
        done: list[str] = []
        with self.transaction() as db:
            for case_id in case_ids:
                if db.execute("INSERT OR IGNORE INTO forgotten (case_id, at) VALUES (?, ?)",
                              (case_id, at)).rowcount:
                    done.append(case_id)
        return done

    def unforget(self, case_ids: Iterable[str]) -> list[str]:
        """Lift these tombstones; returns the ids that were forgotten."""
        done: list[str] = []
        with self.transaction() as db:
            for case_id in case_ids:
                if db.execute("DELETE FROM forgotten WHERE case_id = ?", (case_id,)).rowcount:
                    done.append(case_id)
        return done

    def forgotten(self) -> dict[str, str]:
        """case id -> when it was forgotten, for every tombstone."""
        return {r[0]: r[1] for r in self.db.execute("SELECT case_id, at FROM forgotten ORDER BY at, case_id")}

    def case_ids_starting(self, prefix: str) -> list[str]:
        """Ids of stored cases (forgotten or not) that start with `prefix`."""
        rows = self.db.execute("SELECT id FROM cases WHERE substr(id, 1, ?) = ? ORDER BY id",
                               (len(prefix), prefix))
        return [r[0] for r in rows]

    def case_ids_containing(self, needle: str) -> list[str]:
        """Ids of the not-forgotten cases whose stored (masked) text contains `needle`, any case."""
        rows = self.db.execute(
            f"SELECT id, text FROM cases WHERE {NOT_FORGOTTEN} ORDER BY timestamp, id")
        low = needle.casefold()
        return [r[0] for r in rows if low in r[1].casefold()]

    def retype(self, case_id: str, type_: str, typed_by: str) -> None:
        with self.transaction() as db:
            db.execute("UPDATE cases SET type = ?, typed_by = ? WHERE id = ?", (type_, typed_by, case_id))

    # ----------------------------------------------------------------- cursors
    def cursor(self, path: str) -> Cursor | None:
        row = self.db.execute(
            "SELECT path, agent, inode, size, offset, mtime, state FROM cursors WHERE path = ?", (path,)
        ).fetchone()
        if row is None:
            return None
        return Cursor(row[0], row[1], row[2], row[3], row[4], row[5], json.loads(row[6]))

    def all_cursors(self) -> dict[str, Cursor]:
        rows = self.db.execute("SELECT path, agent, inode, size, offset, mtime, state FROM cursors")
        return {r[0]: Cursor(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6])) for r in rows}

    def save_cursor(self, cursor: Cursor, db: sqlite3.Connection | None = None) -> None:
        """Save a cursor; pass `db` inside a transaction to commit it with the cases it produced."""
        sql = (
            "INSERT INTO cursors (path, agent, inode, size, offset, mtime, state) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(path) DO UPDATE SET agent=excluded.agent, inode=excluded.inode, size=excluded.size, "
            "offset=excluded.offset, mtime=excluded.mtime, state=excluded.state"
        )
        args = (cursor.path, cursor.agent, cursor.inode, cursor.size, cursor.offset, cursor.mtime,
                json.dumps(cursor.state, separators=(",", ":")))
        if db is not None:
            db.execute(sql, args)
        else:
            with self.transaction() as tx:
                tx.execute(sql, args)

    # -------------------------------------------------------------- injections
    def claim_injection(self, session: str, case_ids: Sequence[str], at: str) -> bool:
        """Record that `session` got its injection; False if another process already did."""
        with self.transaction() as db:
            cur = db.execute(queries.CLAIM_INJECTION, (session, at, json.dumps(list(case_ids))))
            return cur.rowcount == 1

    def injection(self, session: str) -> tuple[str, list[str]] | None:
        row = self.db.execute("SELECT at, case_ids FROM injections WHERE session = ?", (session,)).fetchone()
        return (row[0], json.loads(row[1])) if row else None

    def injection_counts(self) -> tuple[int, int]:
        """(cases injected, sessions that received at least one), over every claim."""
        cases = sessions = 0
        for (ids,) in self.db.execute("SELECT case_ids FROM injections"):
            n = len(json.loads(ids))
            cases += n
            sessions += n > 0
        return cases, sessions

    def opt_out(self, session: str, at: str) -> None:
        with self.transaction() as db:
            db.execute(queries.OPT_OUT, (session, at))

    def is_opted_out(self, session: str) -> bool:
        return self.db.execute(queries.IS_OPTED_OUT, (session,)).fetchone() is not None

    # ------------------------------------------------------------- repo cache
    def cached_repo(self, cwd: str) -> tuple[str, str] | None:
        """(repo, toplevel) last resolved for `cwd`."""
        row = self.db.execute(queries.CACHED_REPO, (cwd,)).fetchone()
        return (row[0], row[1]) if row else None

    def known_toplevels(self) -> list[str]:
        """The top-level folders of every git repository the collector or the hooks met."""
        rows = self.db.execute("SELECT DISTINCT toplevel FROM repos WHERE toplevel != '' ORDER BY toplevel")
        return [r[0] for r in rows]

    def remember_repo(self, cwd: str, repo: str, toplevel: str, at: str) -> None:
        with self.transaction() as db:
            db.execute(queries.REMEMBER_REPO, (cwd, repo, toplevel, at))

    # ------------------------------------------------------------ judge cache
    def judge_answer(self, text_hash: str, judge: str) -> str | None:
        row = self.db.execute(
            "SELECT answer FROM judge_cache WHERE text_hash = ? AND judge = ?", (text_hash, judge)
        ).fetchone()
        return str(row[0]) if row else None

    def remember_judge_answer(self, text_hash: str, judge: str, answer: str, at: str) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO judge_cache (text_hash, judge, answer, at) VALUES (?, ?, ?, ?)",
                (text_hash, judge, answer, at),
            )

    # ----------------------------------------------------------- guard events
    def record_guard_event(
        self, event_id: str, guard: str, session: str, date: str, repo: str, detail: str
    ) -> bool:
        with self.transaction() as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO guard_events (id, guard, session, date, repo, detail) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (event_id, guard, session, date, repo, detail),
            )
            return cur.rowcount == 1

    def guard_events(self, guard: str | None = None) -> list[tuple[str, str, str, str, str, str]]:
        sql = "SELECT id, guard, session, date, repo, detail FROM guard_events"
        args: tuple[str, ...] = ()
        if guard is not None:
            sql += " WHERE guard = ?"
            args = (guard,)
        return [tuple(r) for r in self.db.execute(sql + " ORDER BY date", args)]

    # -------------------------------------------------------------- hook runs
    def record_hook_run(self, hook: str, at: str, status: str) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO hook_runs (hook, at, status) VALUES (?, ?, ?) "
                "ON CONFLICT(hook) DO UPDATE SET at=excluded.at, status=excluded.status",
                (hook, at, status),
            )

    def hook_runs(self) -> dict[str, tuple[str, str]]:
        return {h: (at, st) for h, at, st in self.db.execute("SELECT hook, at, status FROM hook_runs")}

    # ------------------------------------------------------ read-only (pre-commit)
    @classmethod
    def open_readonly(cls, path: Path) -> Store:
        """Open an existing store for reading only: never creates, migrates or writes it."""
        if not path.is_file():
            raise FatalError(f"no store at {path}")
        db = None
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                 timeout=queries.BUSY_TIMEOUT_MS / 1000, isolation_level=None, factory=Connection)
            db.execute("SELECT count(*) FROM cases").fetchone()
        except sqlite3.Error as e:
            if db is not None:
                db.close()
            raise FatalError(f"cannot read the store {path}: {e}") from e
        return cls(db, path)

    def case_texts(self) -> Iterator[tuple[str, str, str, str]]:
        """(id, agent, date, masked text) of every case, without building Case objects."""
        yield from self.db.execute("SELECT id, agent, date, text FROM cases")

    # ------------------------------------------------------- collect (scans)
    def save_scan(
        self,
        cases: Iterable[Case],
        cursor: Cursor,
        sessions: Iterable[tuple[str, str, str, str, str, str, int]],
        db: sqlite3.Connection | None = None,
    ) -> list[Case]:
        """One file's scan in one transaction: new cases, its cursor, the sessions it showed
        (agent, session, repo, cwd, first_ts, last_ts, events). Returns the cases that were new.
        Pass `db` inside a transaction to save several files' scans in that one."""
        added: list[Case] = []
        placeholders = ", ".join("?" for _ in _CASE_COLUMNS)
        sql = f"INSERT OR IGNORE INTO cases ({', '.join(_CASE_COLUMNS)}) VALUES ({placeholders})"
        with self.transaction() if db is None else contextlib.nullcontext(db) as db:
            for case in cases:
                if db.execute(sql, tuple(getattr(case, c) for c in _CASE_COLUMNS)).rowcount:
                    added.append(case)
            self.save_cursor(cursor, db)
            db.executemany(
                "INSERT INTO sessions (agent, session, repo, cwd, first_ts, last_ts, events) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(agent, session) DO UPDATE SET "
                "repo = CASE WHEN sessions.repo = '' THEN excluded.repo ELSE sessions.repo END, "
                "cwd = CASE WHEN sessions.cwd = '' THEN excluded.cwd ELSE sessions.cwd END, "
                "first_ts = min(sessions.first_ts, excluded.first_ts), "
                "last_ts = max(sessions.last_ts, excluded.last_ts), "
                "events = sessions.events + excluded.events",
                list(sessions),
            )
        return added

    def cursor_marks(self) -> dict[str, tuple[int, int, float, int, str, str]]:
        """path -> (inode, size, mtime, offset, agent, covered_from) for every cursor."""
        try:
            rows = self.db.execute(
                "SELECT path, inode, size, mtime, offset, agent, "
                "coalesce(json_extract(state, '$.covered_from'), '') FROM cursors"
            ).fetchall()
        except sqlite3.OperationalError:  # an SQLite without JSON functions
            rows = [(*r[:6], str(json.loads(r[6]).get("covered_from", ""))) for r in self.db.execute(
                "SELECT path, inode, size, mtime, offset, agent, state FROM cursors")]
        return {r[0]: (r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows}

    def known_cwds(self) -> list[str]:
        """Working directories seen so far (to name a Gemini chat's project from its hash)."""
        rows = self.db.execute("SELECT cwd FROM repos UNION SELECT cwd FROM sessions WHERE cwd != ''")
        return [r[0] for r in rows]

    def count_sessions(self, repo: str | None = None) -> dict[str, int]:
        """Distinct sessions seen in scanned logs, per repo (all repos when `repo` is None)."""
        sql = "SELECT repo, count(*) FROM sessions"
        args: tuple[str, ...] = ()
        if repo is not None:
            sql += " WHERE repo = ?"
            args = (repo,)
        return {r[0]: r[1] for r in self.db.execute(sql + " GROUP BY repo", args)}

    def count_cases_by(self, *columns: str) -> list[tuple[object, ...]]:
        """(…columns, count) over all cases; columns from the case table only."""
        cols = [c for c in columns if c in _CASE_COLUMNS]
        if not cols or len(cols) != len(columns):
            raise ValueError(f"unknown case column in {columns!r}")
        sql = f"SELECT {', '.join(cols)}, count(*) FROM cases WHERE {NOT_FORGOTTEN} GROUP BY {', '.join(cols)}"
        return [tuple(r) for r in self.db.execute(sql)]
