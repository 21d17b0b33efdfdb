"""SpecStory markdown exports -> events: real excerpts (tests/data/exports/PROVENANCE.md)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from git_ledger import sources
from tests.testing.util import DATA_DIR, init_repo, run_cli

EXPORTS = DATA_DIR / "exports"
CURSOR = EXPORTS / "specstory-cursor" / ".specstory" / "history" / "2025-11-15_06-33Z-check-and-fix-tag-format-in-config.md"
CLAUDE = EXPORTS / "specstory-claude" / ".specstory" / "history" / "2026-01-28_13-10-29Z-take-a-look-at.md"


def cli(*args: str, cwd: Path | None = None) -> dict[str, Any]:
    out = run_cli(*args, cwd=cwd)
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def test_a_cursor_export_gives_prompts_with_the_calls_before_them() -> None:
    assert sources.sniff(CURSOR) == "specstory"
    events = sources.read_events(CURSOR, "specstory").events
    prompts = [e for e in events if e.kind == "prompt"]
    assert [p.text for p in prompts][1:] == ["hmm what if we do include-component-in-tag: false", "yes please"]
    assert prompts[0].opens_session and not prompts[1].opens_session
    assert [(t.name, t.target) for t in prompts[1].tools] == [
        ("read_file", "Read file: .github/workflows/release.yml"),
        ("search_replace", "Edit file: .github/workflows/release.yml"),
    ]
    assert {e.session for e in events} == {"80f30514-fcad-482a-8822-0444aaaba3db"}
    replies = [e.text for e in events if e.kind == "assistant_text"]
    assert replies[0].startswith("Perfect! I've fixed the tag format") and "Thought Process" not in "".join(replies)


def test_a_claude_code_export_keeps_the_interrupt_and_the_admission() -> None:
    events = sources.read_events(CLAUDE, "specstory").events
    kinds = [(e.kind, e.after_interrupt) for e in events]
    assert ("interrupt", False) in kinds
    correction = next(e for e in events if e.kind == "prompt" and e.after_interrupt)
    assert correction.text.startswith("Umm... yes there is... you are 1 subdir lower")
    assert correction.timestamp == "2026-01-28T13:13:14Z"
    assert [t.name for t in correction.tools] == ["Glob", "AskUserQuestion"]
    assert correction.tools[0].target == "pattern `.github/**/*`"
    assert any(e.text == "My mistake — let me look at the parent directory." for e in events)


def test_an_export_in_a_repository_is_collected_into_it_and_rescanned_when_rewritten(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    history = repo / ".specstory" / "history"
    history.mkdir(parents=True)
    export = history / CLAUDE.name
    text = CLAUDE.read_text()
    cut = text.index("_**User (2026-01-28 13:13:14Z)**_")
    export.write_text(text[:cut])  # SpecStory saves the session as it goes
    first = cli("collect", "--json", cwd=repo)  # no --logs: the exports of the repository here
    assert first["files"] == 1 and first["events_by_kind"]["prompt"] == 1 and first["cases"] == 0
    export.write_text(text)  # … rewriting the whole file each time
    second = cli("collect", "--json", cwd=repo)
    assert second["events_by_kind"] == {"assistant_text": 1, "prompt": 1}  # only the new messages
    assert second["cases"] >= 1
    shown = run_cli("show", "github.com/example/widget", "--json")
    cases = [json.loads(line) for line in shown.stdout.splitlines()]
    assert {(c["agent"], c["repo"], c["cwd"]) for c in cases} == {("specstory", "github.com/example/widget", str(repo))}
    assert cli("collect", "--json", cwd=repo)["events"] == 0


def test_a_known_repository_is_searched_from_anywhere(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    history = repo / ".specstory" / "history"
    history.mkdir(parents=True)
    shutil.copyfile(CURSOR, history / CURSOR.name)
    cli("collect", "--json", cwd=repo)  # the store learns the repository
    (history / CLAUDE.name).write_text(CLAUDE.read_text())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    got = cli("collect", "--json", cwd=elsewhere)
    assert got["files"] == 1 and got["events_by_kind"]["prompt"] == 2
