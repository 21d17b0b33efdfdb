"""The walk over log roots that `git-ledger collect` runs: find the logs, collect what changed,
and write the next file snapshot (collect/snapshot.py) from the store's cursors."""
from __future__ import annotations

import os
import time
from typing import Any

from git_ledger.store.store import Store
from git_ledger.walk import Folder, iter_files


def collect_roots(roots: list[str], agent: str, since: str | None, snapshot: Any,
                  snap_file: str, progress: Any = None, judges: Any = None, cwd: str = "") -> dict[str, Any]:
    """Walk the roots, collect every log that changed, and write the next snapshot. `judges`: a
    collect/judging.CollectJudges (`collect --llm`), to judge what the rules left untyped; `cwd`:
    the folder the command runs in (`collect.collect_files`)."""
    from git_ledger import config, paths, sources
    from git_ledger.collect import collect
    from git_ledger.collect import snapshot as filescan

    db = paths.db_path()
    taken_ns = time.time_ns()
    with Store.open(db) as store:
        marks = store.cursor_marks()
        entries: dict[str, filescan.Entry] = {}
        folders: dict[str, Folder] = {}
        logs: list[tuple[str, str]] = []
        unreadable: list[str] = []
        given = {os.path.abspath(r) for r in roots}
        for path, st in iter_files(roots, folders):
            old = snapshot.files.get(path)
            mark = marks.get(path)
            if old is not None and old[:3] == (st.st_ino, st.st_size, st.st_mtime) and old[3] != filescan.UNREADABLE:
                kind = old[3]
            elif mark is not None and mark[0] == st.st_ino:
                kind = mark[4]
            else:
                kind = _recognise(path, st.st_size, path in given, unreadable)
            entries[path] = (st.st_ino, st.st_size, st.st_mtime, kind, "\x7f")  # not read yet
            if kind in sources.AGENTS and agent in ("all", kind):
                logs.append((kind, path))
        review = config.get(config.load(), "review.agents")
        stats = collect.collect_files(
            store, logs, now=paths.now(), since=since,
            review_agents=tuple(review) if isinstance(review, list) else None, progress=progress,
            judges=judges, cwd=cwd,
        )
        if progress is not None:
            progress.close()
        marks = store.cursor_marks()
    cutoff = collect.epoch(since) if since is not None else None
    for path, (ino, size, mtime, kind, _) in entries.items():
        mark = marks.get(path)
        if not kind or kind in (filescan.UNRECOGNISED, filescan.UNREADABLE):
            entries[path] = (ino, size, mtime, kind, "")
        elif mark is not None:
            entries[path] = (mark[0], mark[1], mark[2], kind, mark[5])
        elif cutoff is not None and mtime < cutoff and agent in ("all", kind):
            entries[path] = (ino, size, mtime, kind, since or "")  # nothing in that window
    keep = {p: e for p, e in snapshot.files.items() if not _under(p, roots)}
    keep.update(entries)
    kept_folders = {p: f for p, f in snapshot.folders.items() if not _under(p, roots)}
    kept_folders.update(folders)
    filescan.save_snapshot(snap_file, db, keep, kept_folders, taken_ns)
    result = stats_dict(stats)
    result["files_unchanged"] = len(logs) - stats.files
    result["unrecognised"] = sorted(p for p, e in entries.items() if e[3] == filescan.UNRECOGNISED)
    result["files_unrecognised"] = len(result["unrecognised"])
    result["errors"] = unreadable + result["errors"]
    return result


def _recognise(path: str, size: int, given: bool, unreadable: list[str]) -> str:
    """The agent of a file found under the roots; `snapshot.UNRECOGNISED` for a non-empty file that
    looks like a log (or was named itself) but that no parser recognises, `snapshot.UNREADABLE`
    (and a line in `unreadable`) for one that cannot be read, "" for anything else."""
    from git_ledger import sources
    from git_ledger.collect import snapshot as filescan

    try:
        kind = sources.recognise(path)
    except OSError as e:
        if not given and not sources.looks_like_log(path):
            return ""
        unreadable.append(f"{path}: {e.strerror or e}")
        return filescan.UNREADABLE
    if kind is not None:
        return kind
    return filescan.UNRECOGNISED if size and (given or sources.looks_like_log(path)) else ""


def _under(path: str, roots: list[str]) -> bool:
    for root in roots:
        top = os.path.abspath(root)
        if path == top or path.startswith(top.rstrip(os.sep) + os.sep):
            return True
    return False


def stats_dict(stats: Any) -> dict[str, Any]:
    return {
        "files": stats.files, "bytes": stats.bytes, "lines_skipped": stats.lines_skipped,
        "events": stats.events, "events_by_kind": dict(sorted(stats.events_by_kind.items())),
        "cases": stats.cases, "cases_by_type": dict(sorted(stats.cases_by_type.items())),
        "cases_by_source": dict(sorted(stats.cases_by_source.items())), "errors": list(stats.errors),
    }
