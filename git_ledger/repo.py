"""Which repository a session worked in: `host/owner/name` from the origin remote.

Resolved from the cwd recorded in the log (never from Claude's lossy project-folder name),
cached per cwd in the store so a cwd that has since been deleted keeps its answer.
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Protocol

_SCP_LIKE = re.compile(r"^(?:[^@/]+@)?(?P<host>[^:/]+):(?P<path>[^/].*)$")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://(?:[^@/]*@)?(?P<host>[^/:]+)(?::\d+)?/(?P<path>.*)$", re.I)


UNKNOWN = "(unknown)"
GEMINI_PROJECT = "gemini-project:"  # a Gemini chat whose project folder is unknown: its hash


def shareable(repo: str) -> bool:
    """Is `repo` an identity fit for a committed ledger (host/owner/name or a repository's name)?

    A session outside any repository is known by its folder's path, which names the user's home
    and stays on this machine; so do unknown and hash-only identities."""
    return bool(repo) and repo != UNKNOWN and not repo.startswith(("/", "~", "\\", GEMINI_PROJECT)) \
        and not re.match(r"^[A-Za-z]:[\\/]", repo)


class RepoCache(Protocol):
    def cached_repo(self, cwd: str) -> tuple[str, str] | None: ...

    def remember_repo(self, cwd: str, repo: str, toplevel: str, at: str) -> None: ...


def normalize_remote(url: str) -> str | None:
    """`git@github.com:o/n.git`, `https://tok@github.com/o/n` -> `github.com/o/n` (no credentials)."""
    url = url.strip()
    if not url:
        return None
    m = _URL.match(url) or _SCP_LIKE.match(url)
    if m is None:
        if url.startswith(("/", ".", "file:")):
            path = url.removeprefix("file://")
            return Path(path).name.removesuffix(".git") or None
        return None
    host = m.group("host").lower()
    path = m.group("path").strip("/").removesuffix(".git").strip("/")
    if not path:
        return None
    return f"{host}/{path}"


class GitUnanswered(Exception):
    """git did not answer: it could not start, ran past its time or was killed. What it would
    have said is unknown, so nothing may be remembered in its place."""


def _ask_git(cwd: str, *args: str) -> str | None:
    """git's output; None when it answered no (a non-zero exit); GitUnanswered when it did not answer."""
    try:
        out = subprocess.run(
            ("git", "-C", cwd, *args),
            capture_output=True,
            text=True,
            timeout=5,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"},
        )
    except (OSError, subprocess.SubprocessError) as e:
        raise GitUnanswered(f"git {args[0]}: {type(e).__name__}") from e
    if out.returncode < 0:  # killed by a signal (a loaded machine's OOM killer, a timeout wrapper)
        raise GitUnanswered(f"git {args[0]}: signal {-out.returncode}")
    return out.stdout.strip() if out.returncode == 0 else None


def _git(cwd: str, *args: str) -> str | None:
    try:
        return _ask_git(cwd, *args)
    except GitUnanswered:
        return None


def git_toplevel(cwd: str) -> str | None:
    return _git(cwd, "rev-parse", "--show-toplevel") or None


def identify(cwd: str) -> tuple[str, str] | None:
    """(repo, toplevel) for a directory that exists, without any cache; None outside git (or
    when git does not answer)."""
    try:
        return _identify(cwd)
    except GitUnanswered:
        return None


def _identify(cwd: str) -> tuple[str, str] | None:
    """identify(), raising GitUnanswered rather than guessing: when git did not say what the
    origin remote is, the folder's name must not be taken for the repository's."""
    if not cwd or not os.path.isdir(cwd):
        return None
    top = _ask_git(cwd, "rev-parse", "--show-toplevel")
    if not top:
        return None
    remote = _ask_git(top, "config", "--get", "remote.origin.url")
    repo = normalize_remote(remote) if remote else None
    return (repo or Path(top).name, top)


class RepoResolver:
    """Resolve cwd -> repo once per process, backed by the store's cache across processes."""

    def __init__(self, cache: RepoCache | None, now: str) -> None:
        self._cache = cache
        self._now = now
        self._memo: dict[str, str] = {}

    def __call__(self, cwd: str) -> str:
        if cwd in self._memo:
            return self._memo[cwd]
        repo = self._resolve(cwd)
        self._memo[cwd] = repo
        return repo

    def _resolve(self, cwd: str) -> str:
        cached = self._cache.cached_repo(cwd) if self._cache is not None and cwd else None
        if cached is not None:
            return cached[0]
        try:
            found = _identify(cwd) if os.path.isdir(cwd) else _identify_gone(cwd)
        except GitUnanswered:
            # Kept for this process only: the next one asks git again, so a loaded machine's
            # timeout does not rename the repository for good.
            return cwd or UNKNOWN
        if found is not None:
            repo, top = found
            if self._cache is not None:
                self._cache.remember_repo(cwd, repo, top, self._now)
            return repo
        # Not a repository (or gone with no repository above it): the cwd is the identity left.
        return cwd or UNKNOWN


def _identify_gone(cwd: str) -> tuple[str, str] | None:
    """A deleted folder (a removed worktree subfolder, a build dir) belongs to the repository of
    its nearest existing parent, when that parent is inside one."""
    if not os.path.isabs(cwd):
        return None
    parent = os.path.dirname(cwd.rstrip("/"))
    while parent and not os.path.isdir(parent):
        parent = os.path.dirname(parent)
    if not parent or parent == "/":
        return None
    found = _identify(parent)
    if found is None:
        return None
    # Only when the repository really held that folder: a home directory that is a dotfiles
    # repository must not swallow every deleted project below it.
    rel = os.path.relpath(cwd, found[1])
    if rel.startswith("..") or not _ask_git(found[1], "rev-list", "-1", "--all", "--", rel):
        return None
    return found
