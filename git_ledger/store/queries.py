"""The SQL that both readers of the store run: store.py (the whole store) and hook_reader.py (the
prompt hook's lean reader, which must not import store.py). One definition of each statement;
the tables are those of store.MIGRATIONS. No imports: the prompt hook pays for this module."""
from __future__ import annotations

BUSY_TIMEOUT_MS = 10_000  # writers queue this long on a locked store
# The agent hooks wait far less: a locked store (a long collect writing) must not hold up a
# prompt or a turn's end; they fail open and the next prompt or turn tries again.
HOOK_BUSY_TIMEOUT_MS = 500

IS_OPTED_OUT = "SELECT 1 FROM optouts WHERE session = ?"
OPT_OUT = "INSERT OR IGNORE INTO optouts (session, at) VALUES (?, ?)"
INJECTED = "SELECT 1 FROM injections WHERE session = ?"
# INSERT OR IGNORE inside BEGIN IMMEDIATE: of several racing hook processes exactly one claims.
CLAIM_INJECTION = "INSERT OR IGNORE INTO injections (session, at, case_ids) VALUES (?, ?, ?)"
CACHED_REPO = "SELECT repo, toplevel FROM repos WHERE cwd = ?"
REMEMBER_REPO = (
    "INSERT INTO repos (cwd, repo, toplevel, checked_at) VALUES (?, ?, ?, ?) "
    "ON CONFLICT(cwd) DO UPDATE SET repo=excluded.repo, toplevel=excluded.toplevel, "
    "checked_at=excluded.checked_at"
)
# Every reader of cases, the hook's included, leaves the forgotten ones out with this clause.
NOT_FORGOTTEN = "id NOT IN (SELECT case_id FROM forgotten)"
CURSOR_STAT = "SELECT inode, size, mtime FROM cursors WHERE path = ?"
