"""Fresh corrections count at once: before injecting, read the new bytes of this repo's logs.

Which logs belong to the repo is decided without reading them: Claude Code keeps a session in
`<projects>/<encoded cwd>/`, where the folder name is the absolute cwd with every character that
is not a letter or digit replaced by `-` (encoding is safe; decoding is not, so we only encode
the repo's toplevel and the session's cwd). Codex keeps rollouts in local-time day folders, so
the folders of yesterday, today and tomorrow (UTC) are taken whole. A file whose inode, size and
mtime match its store cursor is skipped without importing the collector at all, which keeps the
common case (nothing new) cheap.
"""
from __future__ import annotations

import os
import re
import time
from datetime import datetime, timedelta
from pathlib import Path

from git_ledger import paths

# The first prompt's path: typing and collections.abc stay off it (mypy reads this as usual).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Protocol

    from git_ledger.models import ScanStats

    class Cursors(Protocol):
        def cursor_stat(self, path: str) -> tuple[int, int, float] | None: ...

_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")
_CLAUDE_NAME_MAX = 200  # longer folder names are cut here and get a hash suffix (sessions.md)


def claude_folder_name(path: str) -> str:
    return _NOT_ALNUM.sub("-", path)


def claude_folders(projects: Path, dirs: Iterable[str]) -> list[Path]:
    """The project folders Claude Code uses for these working directories (existing ones only)."""
    found: list[Path] = []
    for d in dirs:
        if not d:
            continue
        name = claude_folder_name(d)
        if len(name) <= _CLAUDE_NAME_MAX:
            candidates = [projects / name]
        else:  # the hash suffix is not ours to compute: match the kept prefix
            try:
                candidates = [p for p in projects.iterdir() if p.name.startswith(name[:_CLAUDE_NAME_MAX])]
            except OSError:
                candidates = []
        for c in candidates:
            if c.is_dir() and c not in found:
                found.append(c)
    return found


def _recent_jsonl(folder: Path, cutoff: float, depth: int, suffixes: tuple[str, ...] = (".jsonl",)) -> list[Path]:
    """*.jsonl (or other `suffixes`) under `folder` (to `depth` levels) modified after `cutoff`."""
    out: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for e in entries:
        try:
            if e.is_file() and e.name.endswith(suffixes):
                if e.stat().st_mtime >= cutoff:
                    out.append(Path(e.path))
            elif depth > 0 and e.is_dir():
                out.extend(_recent_jsonl(Path(e.path), cutoff, depth - 1, suffixes))
        except OSError:
            continue
    return out


def gemini_folders(tmp: Path, dirs: Iterable[str]) -> list[Path]:
    """Gemini CLI's project folders for these directories: any `tmp/<name>` whose `.project_root`
    names one of them (newer releases), or `tmp/<sha256 of the folder>` (older ones; hashlib is
    imported only when such a folder exists: it costs the first prompt a few ms)."""
    wanted = {d for d in dirs if d}
    found: list[Path] = []
    hashed: list[str] = []
    try:
        entries = list(os.scandir(tmp))
    except OSError:
        entries = []
    for e in entries:
        try:
            with open(os.path.join(e.path, ".project_root"), encoding="utf-8") as f:
                if f.read().strip() in wanted:
                    found.append(Path(e.path))
        except (OSError, UnicodeDecodeError):
            if len(e.name) == 64:
                hashed.append(e.name)
    if hashed:
        import hashlib

        names = {hashlib.sha256(d.encode()).hexdigest() for d in wanted}
        found += [tmp / n for n in hashed if n in names]
    return [f for f in found if f.is_dir()]


def repo_logs(
    env: Mapping[str, str],
    *,
    session: str,
    cwd: str,
    toplevel: str | None,
    transcript_path: str | None,
    now: datetime,
    window_days: int,
) -> list[tuple[str, Path]]:
    """(agent, file) for the Claude Code, Gemini CLI and Cursor sessions of this repo, its exports
    (Aider, SpecStory) and the recent Codex rollouts and Copilot CLI sessions, except the current
    session's own files (its cases are not shown to it anyway)."""
    cutoff = (now - timedelta(days=window_days)).timestamp()
    files: list[tuple[str, Path]] = []
    dirs = [toplevel or "", cwd]
    folders = claude_folders(paths.claude_projects(env), dirs)
    if transcript_path and transcript_path.endswith(".jsonl"):  # the session's own project folder
        here = Path(transcript_path).parent
        if here.is_dir() and here not in folders and here.parent == paths.claude_projects(env):
            folders.append(here)
    for folder in folders:
        # depth 2 reaches <session>/subagents/agent-*.jsonl, where review agents write
        files.extend(("claude", p) for p in _recent_jsonl(folder, cutoff, 2))
    sessions = paths.codex_sessions(env)
    # day folders are named in the user's local time: UTC-1 .. UTC+1 day covers every zone
    for day in (now + timedelta(days=1), now, now - timedelta(days=1)):
        folder = sessions / f"{day:%Y}" / f"{day:%m}" / f"{day:%d}"
        files.extend(("codex", p) for p in _recent_jsonl(folder, cutoff, 0))
    # Copilot CLI's session folders are not per repository: the recent ones, as for Codex
    files.extend(("copilot", p) for p in _recent_jsonl(paths.copilot_sessions(env), cutoff, 1))
    for folder in gemini_folders(paths.gemini_tmp(env), dirs):
        files.extend(("gemini", p) for p in _recent_jsonl(folder / "chats", cutoff, 0, (".json", ".jsonl")))
    for d in {x for x in dirs if x}:
        cursor = paths.cursor_projects(env) / paths.cursor_project_name(d) / "agent-transcripts"
        files.extend(("cursor", p) for p in _recent_jsonl(cursor, cutoff, 1, (".jsonl", ".txt")))
        files.extend(("specstory", p) for p in _recent_jsonl(Path(d) / ".specstory" / "history", cutoff, 0, (".md",)))
        aider = Path(d) / ".aider.chat.history.md"
        if aider.is_file() and _mtime(aider) >= cutoff:
            files.append(("aider", aider))
    own = f"{session}.jsonl"
    mine = os.path.abspath(transcript_path) if transcript_path else ""
    return [(a, p) for a, p in files
            if not (p.name.endswith(own) or session in p.parts or (mine and str(p) == mine))]


READ_RATE = 4 << 20  # bytes a second the hook's collect reads at worst (issue 15: 50 MB took 13 s)


def changed(cursors: Cursors, files: Iterable[tuple[str, Path]], max_unread: int | None = None
            ) -> list[tuple[str, Path]]:
    """The files whose inode, size or mtime differ from their cursor (or that have none), less
    those with more than `max_unread` new bytes (left to `git-ledger collect`)."""
    out: list[tuple[str, Path]] = []
    for agent, path in files:
        try:
            st = path.stat()
        except OSError:
            continue
        mark = cursors.cursor_stat(str(path))
        if mark == (st.st_ino, st.st_size, st.st_mtime):
            continue
        unread = st.st_size - mark[1] if mark is not None and mark[0] == st.st_ino and mark[1] <= st.st_size \
            else st.st_size
        if max_unread is None or unread <= max_unread:
            out.append((agent, path))
    return out


def refresh(
    cursors: Cursors,
    files: list[tuple[str, Path]],
    *,
    env: Mapping[str, str],
    now: datetime,
    since: str,
    review_agents: Iterable[str],
    seconds: float,
    cwd: str = "",
) -> ScanStats | None:
    """Collect the new bytes of `files` within `seconds`; None when nothing changed. `cwd`: the
    agent's working folder (`collect.collect_files`)."""
    # Even the newest file is read only if the budget can read it: one huge log must not cost
    # every first prompt seconds.
    todo = changed(cursors, files, max(int(seconds * READ_RATE), 1 << 20))
    if not todo or seconds <= 0:
        return None
    # Only now are the collector, store/store.py and the classifier worth importing. The budget starts
    # after the imports (the classifier's too, which the collector would load on its first
    # file): it bounds reading. The most recently written file, the likeliest to hold the
    # correction made a minute ago, is read whatever the clock says; the others while time is left.
    from git_ledger.classify import classify  # noqa: F401
    from git_ledger.collect import collect  # noqa: F401
    from git_ledger.masking import mask as redact  # noqa: F401
    from git_ledger.store.queries import HOOK_BUSY_TIMEOUT_MS
    from git_ledger.store.store import Store

    todo.sort(key=lambda f: _mtime(f[1]), reverse=True)
    deadline = time.monotonic() + seconds
    agents = tuple(review_agents)
    with Store.open(paths.db_path(env), HOOK_BUSY_TIMEOUT_MS) as store:
        stats = collect.collect_files(store, todo[:1], now=now, since=since, review_agents=agents, cwd=cwd)
        if len(todo) > 1 and time.monotonic() < deadline:
            more = collect.collect_files(store, todo[1:], now=now, since=since, review_agents=agents,
                                         deadline=deadline, cwd=cwd)
            stats.files += more.files
            stats.cases += more.cases
    return stats


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
