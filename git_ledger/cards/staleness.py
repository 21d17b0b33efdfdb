"""Checks that need the world: the repo, PATH, git history and the clock.

Stale targets: a path a card names is reported only when it is clearly gone, i.e. its folder
still exists or git history shows the path once existed, and it is not git-ignored (build
outputs). A command is reported when its first word is not on PATH. Stale conclusions: the card's
last verification (the latest date on its Evidence line, else its last commit) is older than its
layer's review period. Inbox: dated lines older than the `inbox` period.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from git_ledger.cards.library import INBOX_FILE, LAYERS_FILE, Finding, Library, read_text
from git_ledger.cards.targets import targets

_INBOX_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<rest>.*)$")
_INBOX_DATE = re.compile(r"^\[?(?P<date>\d{4}-\d{2}-\d{2})\]?")


class Git:
    """The few git questions the audit asks, answered with plain `git` (no GitPython on a hook)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.ok = self._run("rev-parse", "--is-inside-work-tree") == "true"

    def _run(self, *args: str) -> str | None:
        try:
            out = subprocess.run(
                ("git", "-c", "core.quotepath=off", "-C", str(self.root), *args),
                capture_output=True, text=True, timeout=30,
                env={**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"},
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return out.stdout.strip() if out.returncode == 0 else None

    def last_commit_dates(self, folder: Path) -> dict[str, str]:
        """Repo-relative path -> date (YYYY-MM-DD) of the last commit touching it, one git call."""
        if not self.ok:
            return {}
        out = self._run("log", "--format=%x00%cs", "--name-only", "--", str(folder)) or ""
        dates: dict[str, str] = {}
        for chunk in out.split("\0")[1:]:
            day, *names = chunk.strip().splitlines()
            for n in names:
                dates.setdefault(n.strip(), day.strip())
        return dates

    def existed(self, rel: str) -> bool:
        return self.ok and bool(self._run("log", "-1", "--all", "--format=%h", "--", rel))

    def ignored(self, rel: str) -> bool:
        return self.ok and self._run("check-ignore", "-q", "--no-index", rel) is not None


def _days(since: str, today: date) -> int | None:
    try:
        return (today - date.fromisoformat(since)).days
    except ValueError:
        return None


def check_targets(lib: Library, git: Git, path_env: str | None, commands: bool) -> Iterator[Finding]:
    root = lib.root
    on_path: dict[str, bool] = {}
    for card in lib.cards:
        for t in targets(card):
            f = lib.rel(card.path)
            if t.kind == "command":
                if t.value not in on_path:
                    on_path[t.value] = not commands or shutil.which(t.value, path=path_env) is not None
                if not on_path[t.value]:
                    yield Finding("P2", f, t.line, "stale-target", f"command `{t.value}` is not on PATH")
                continue
            candidates = [(root / t.value).resolve(), (card.path.parent / t.value).resolve()]
            if any(c.exists() for c in candidates):
                continue
            full = candidates[0]
            if not full.is_relative_to(root):
                continue
            rel = full.relative_to(root).as_posix()
            if git.ignored(rel):
                continue
            if (full.parent != root and full.parent.is_dir()) or git.existed(rel):
                yield Finding("P2", f, t.line, "stale-target", f"path `{t.value}` no longer exists in the repo")


def check_conclusions(lib: Library, git: Git, today: date) -> Iterator[Finding]:
    committed = git.last_commit_dates(lib.dir)
    for card in lib.cards:
        f = lib.rel(card.path)
        layer = card.layer or lib.default_layer
        if layer not in lib.layers:
            sec = card.sections["evidence"]
            yield Finding("P2", f, sec.line, "unknown-layer",
                          f"layer `{layer}` is not in {LAYERS_FILE} ({', '.join(lib.layers)}); "
                          f"using `{lib.default_layer}`")
            layer = lib.default_layer
        period = lib.layers[layer]
        dates = card.evidence_dates
        verified, source = (max(dates), "Evidence line") if dates else (committed.get(f), "last commit")
        if verified is None:
            continue  # never committed and undated: a card being written, nothing to age
        age = _days(verified, today)
        if age is not None and age > period:
            line = card.sections["evidence"].line if dates else 1
            yield Finding("P2", f, line, "stale-conclusion",
                          f"last verified {verified} ({source}), {age} days ago; layer `{layer}` "
                          f"is reviewed every {period} days: re-verify and update the date, or retire it")


def check_inbox(lib: Library, today: date) -> Iterator[Finding]:
    path = lib.dir / INBOX_FILE
    text = read_text(path)
    if text is None:
        return
    period = lib.layers.get("inbox", lib.layers[lib.default_layer])
    for n, line in enumerate(text.splitlines(), 1):
        item = _INBOX_ITEM.match(line)
        if not item or not item.group("rest").strip():
            continue
        d = _INBOX_DATE.match(item.group("rest").strip())
        if d is None:
            yield Finding("P3", lib.rel(path), n, "inbox-undated",
                          "inbox line has no date (`- YYYY-MM-DD …`): it cannot be aged")
            continue
        age = _days(d.group("date"), today)
        if age is not None and age > period:
            yield Finding("P3", lib.rel(path), n, "inbox-backlog",
                          f"inbox line from {d.group('date')} waits {age} days (triage within {period}): "
                          "make it a card if it happened again, else drop it")


def check_layers(lib: Library) -> Iterator[Finding]:
    if not lib.layers_ok:
        yield Finding("P2", lib.rel(lib.dir / LAYERS_FILE), 1, "layers-invalid",
                      "no `| layer | review days |` rows found; using the built-in periods")
