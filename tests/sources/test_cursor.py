"""Cursor Agent transcripts -> events, in both layouts (tests/data/exports/PROVENANCE.md: no real
transcript is public; these follow the documented shape)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from git_ledger import sources
from git_ledger.paths import cursor_project_name
from git_ledger.sources.cursor import project_slug, user_words
from tests.testing.util import DATA_DIR, init_repo, run_cli

PROJECT = DATA_DIR / "exports" / "cursor" / "projects" / "work-widget" / "agent-transcripts"
CHAT_ID = "5b1c2f0e-7a3d-4c2e-9f1a-2d6e8b0c4a11"
JSONL = PROJECT / CHAT_ID / f"{CHAT_ID}.jsonl"
TXT = PROJECT / "0c9d7e21-55aa-4d0b-8e4f-3b2a1c0d9e8f.txt"


def test_both_layouts_are_recognised_by_their_content() -> None:
    assert sources.sniff(JSONL) == "cursor" and sources.sniff(TXT) == "cursor"
    assert sources.rewritten("cursor", TXT) and not sources.rewritten("cursor", JSONL)
    assert project_slug(str(JSONL)) == "work-widget"


def test_what_the_user_typed_and_when() -> None:
    words, at = user_words("<timestamp>Sunday, Sep 20, 2026, 12:31 AM (UTC+3)</timestamp>\n<user_query>\nhi\n</user_query>")
    assert (words, at) == ("hi", "2026-09-19T21:31:00Z")
    assert user_words("<user_query>\n/compact\n</user_query>") == (None, "")


def test_a_jsonl_transcript_gives_prompts_calls_and_the_escape() -> None:
    events = sources.read_events(JSONL, "cursor").events
    assert [e.kind for e in events] == ["prompt", "assistant_text", "assistant_text", "prompt", "interrupt"]
    correction = events[3]
    assert correction.text == "no, you ran the e2e suite; I asked for the unit tests only"
    assert [(t.name, t.target, t.shell) for t in correction.tools] == [("Shell", "npm test", "npm test")]
    assert events[2].is_final and events[-1].text == "User aborted/interrupted manually."
    assert {e.session for e in events} == {CHAT_ID}


def test_appended_lines_are_read_from_the_last_offset(tmp_path: Path) -> None:
    log = tmp_path / "agent-transcripts" / CHAT_ID / JSONL.name
    log.parent.mkdir(parents=True)
    lines = JSONL.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:4]))
    first = sources.read_events(log, "cursor")
    assert [e.kind for e in first.events] == ["prompt", "assistant_text", "assistant_text"]
    log.write_bytes(b"".join(lines))
    second = sources.read_events(log, "cursor", first.offset, first.state)
    assert [e.kind for e in second.events] == ["prompt", "interrupt"]
    assert [t.name for t in second.events[0].tools] == ["Shell"]  # the turn before, carried over


def test_the_older_text_layout(tmp_path: Path) -> None:
    events = sources.read_events(TXT, "cursor").events
    prompts = [e for e in events if e.kind == "prompt"]
    assert prompts[1].text.startswith("that still uploaded the build")
    assert [(t.name, t.target) for t in prompts[1].tools] == [("Read", "scripts/deploy.sh"),
                                                              ("Shell", "bash scripts/deploy.sh --dry-run")]
    assert "[Thinking]" not in events[1].text and events[1].text.endswith("instead of running them.")
    copy = tmp_path / "agent-transcripts" / TXT.name
    copy.parent.mkdir()
    shutil.copyfile(TXT, copy)
    once = sources.read_events(copy, "cursor")
    again = sources.read_events(copy, "cursor", 0, once.state)
    assert again.events == []  # rewritten in place: messages seen before are not read twice


def test_a_transcript_belongs_to_the_repository_its_project_folder_names(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    home = tmp_path / "home"  # the test HOME (conftest)
    chat = home / ".cursor" / "projects" / cursor_project_name(str(repo)) / "agent-transcripts" / CHAT_ID / JSONL.name
    chat.parent.mkdir(parents=True)
    shutil.copyfile(JSONL, chat)
    out = run_cli("collect", "--json", cwd=repo)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["events_by_kind"]["prompt"] == 2
    cases = [json.loads(line) for line in run_cli("show", "github.com/example/widget", "--json").stdout.splitlines()]
    assert cases and {(c["agent"], c["cwd"]) for c in cases} == {("cursor", str(repo))}


def test_a_subagents_transcript_has_no_human_prompts(tmp_path: Path) -> None:
    sub = tmp_path / "agent-transcripts" / CHAT_ID / "subagents" / "sub-1.jsonl"
    sub.parent.mkdir(parents=True)
    shutil.copyfile(JSONL, sub)
    events = sources.read_events(sub, "cursor").events
    assert "prompt" not in {e.kind for e in events}  # its "user" is the parent agent
    assert [e.kind for e in events].count("assistant_text") == 2
