"""Which logs the first-prompt hook reads before it injects: this repository's, by their places."""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from pathlib import Path

from git_ledger.hooks import fresh
from git_ledger.paths import cursor_project_name

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)


def touch(path: Path, text: str = "{}\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_gemini_cursor_and_export_logs_of_this_repository_are_found(tmp_path: Path) -> None:
    home, repo, other = tmp_path / "home", tmp_path / "widget", tmp_path / "other"
    env = {"HOME": str(home)}
    tmp = home / ".gemini" / "tmp"
    named = touch(tmp / "widget" / "chats" / "session-a.jsonl")
    touch(tmp / "widget" / ".project_root", f"{repo}\n")
    hashed = touch(tmp / hashlib.sha256(str(repo).encode()).hexdigest() / "chats" / "session-b.json")
    touch(tmp / "other" / ".project_root", f"{other}\n")
    touch(tmp / "other" / "chats" / "session-c.jsonl")
    cursor = touch(home / ".cursor" / "projects" / cursor_project_name(str(repo)) / "agent-transcripts" / "c1" / "c1.jsonl")
    specstory = touch(repo / ".specstory" / "history" / "2026-12-01_10-00Z-x.md")
    aider = touch(repo / ".aider.chat.history.md")
    own = touch(tmp / "widget" / "chats" / "session-mine.jsonl")
    got = fresh.repo_logs(env, session="g-mine", cwd=str(repo), toplevel=str(repo), transcript_path=str(own),
                          now=NOW, window_days=3650)
    assert sorted((a, str(p)) for a, p in got) == sorted([
        ("gemini", str(named)), ("gemini", str(hashed)), ("cursor", str(cursor)),
        ("specstory", str(specstory)), ("aider", str(aider)),
    ])
