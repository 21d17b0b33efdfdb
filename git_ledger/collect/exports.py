"""Where the conversation exports people keep in their repositories are: an Aider chat history
(`.aider.chat.history.md`, at a repository's top) and SpecStory's `.specstory/history/` folder.

They are looked for in the repositories the store knows (its repos table) and in the one the
command runs in; `--logs PATH` names any other. Imported by `collect`'s no-change path, so it
uses os and sqlite3 only, and a store that cannot be read is no error here (no known repositories).
"""
from __future__ import annotations

import os
import sqlite3

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable

AIDER_HISTORY = ".aider.chat.history.md"
SPECSTORY_HISTORY = os.path.join(".specstory", "history")
AGENT_OF = {AIDER_HISTORY: "aider", SPECSTORY_HISTORY: "specstory"}


def repo_top(folder: str) -> str | None:
    """The top of the git work tree holding `folder` (a `.git` folder or file), or None."""
    here = os.path.abspath(folder)
    while True:
        if os.path.exists(os.path.join(here, ".git")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def known_toplevels(db: str) -> list[str]:
    """The repository tops the store has resolved sessions to (none when it cannot be read)."""
    if not os.path.exists(db):
        return []
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)
        try:
            rows = con.execute("SELECT DISTINCT toplevel FROM repos WHERE toplevel != ''").fetchall()
        finally:
            con.close()
    except sqlite3.Error:
        return []
    return [str(r[0]) for r in rows]


def export_roots(folders: Iterable[str], agent: str = "all") -> list[tuple[str, str]]:
    """(agent, path) of each export found in these folders (each folder once)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for folder in folders:
        top = os.path.abspath(folder)
        if top in seen:
            continue
        seen.add(top)
        for name, kind in AGENT_OF.items():
            path = os.path.join(top, name)
            if agent in ("all", kind) and os.path.exists(path):
                out.append((kind, path))
    return out


def default_export_roots(db: str, cwd: str, agent: str = "all") -> list[tuple[str, str]]:
    """The exports of the repositories the store knows and of the one `cwd` is in."""
    here = repo_top(cwd)
    return export_roots([*known_toplevels(db), *([here] if here else [])], agent)
