"""Claude Code transcripts -> events, checked through the real CLI on the real public fixtures.

`git-ledger collect --events` prints what the collector sees (one JSON object per event) without
storing anything, so these tests read exactly what a user's `collect` would keep.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.testing.util import fixtures_dir, run_cli, write_jsonl

FIX = fixtures_dir()
ENTIRE = FIX / "entireio-cli"
SPOTTER = FIX / "marot-spotter"


def write_log(path: Path, records: list[dict[str, Any]], *, compact: bool = True) -> Path:
    """A transcript as Claude Code writes it: compact JSON, one record per line."""
    if not compact:
        return write_jsonl(path, records)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records), encoding="utf-8")
    return path


def cli_events(*paths: Path, env: dict[str, str] | None = None) -> dict[str, list[dict[str, Any]]]:
    out = run_cli("collect", "--events", *(a for p in paths for a in ("--logs", str(p))), env=env)
    assert out.returncode == 0, out.stderr
    by_file: dict[str, list[dict[str, Any]]] = {}
    for line in out.stdout.splitlines():
        record = json.loads(line)
        by_file.setdefault(record["path"], []).append(record)
    return by_file


@pytest.fixture(scope="module")
def fixture_events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """Every event of every shared fixture, from one run of the real CLI."""
    home = tmp_path_factory.mktemp("home")
    return cli_events(FIX, env={"HOME": str(home), "GIT_LEDGER_HOME": str(home / "gl")})


def texts(events: list[dict[str, Any]], kind: str) -> list[str]:
    return [e["text"] for e in events if e["kind"] == kind]


def human(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] in ("prompt", "rejection_feedback", "queued_prompt")]


def test_every_fixture_log_is_read_without_malformed_lines(fixture_events: dict[str, Any]) -> None:
    logs = {p for p in FIX.rglob("*.json*")}
    assert {Path(p) for p in fixture_events} <= logs
    assert not [e for evs in fixture_events.values() for e in evs if "lines_skipped" in e]


def test_plan_rejections_keep_the_users_words_not_the_harness_text(fixture_events: dict[str, Any]) -> None:
    events = fixture_events[str(ENTIRE / "claude-37995ebed6e4-3.jsonl")]
    said = texts(events, "rejection_feedback")
    assert said[0] == "I want the formula to be called homebrew-tab instead of homebrew-entire"
    assert said[1].startswith("is there other way than using HOMEBREW_TAP_GITHUB_TOKEN")
    assert said[2] == "seems like there is no git:app thing with goreleaser, have you make it up ?"
    assert len(said) == 3  # the dismissed AskUserQuestion is the harness speaking
    assert texts(events, "prompt")[1] == "what are the pros and cons of using build files or compile on the fly ?"
    assert len(texts(events, "prompt")) == 2  # "Implement the following plan:" is not a prompt
    everything = " ".join(e["text"] for e in events)
    assert "The user wants to clarify these questions" not in everything
    assert "Implement the following plan" not in everything
    assert texts(events, "interrupt") == ["[Request interrupted by user for tool use]"]
    # The calls of the turn before the first rejection, each counted once by its id.
    first = next(e for e in events if e["kind"] == "rejection_feedback")
    assert [t["name"] for t in first["tools"]] == ["AskUserQuestion", "Write", "ExitPlanMode"]


def test_correction_after_an_interrupt_is_marked(fixture_events: dict[str, Any]) -> None:
    events = fixture_events[str(ENTIRE / "claude-8e0a64736bc7-0.jsonl")]
    kinds = [e["kind"] for e in human(events) + [e for e in events if e["kind"] == "interrupt"]]
    assert Counter(kinds) == Counter({"prompt": 4, "interrupt": 1})
    after = [e for e in events if e["after_interrupt"]]
    assert [e["text"][:36] for e in after] == ["not as a comment, but as a document "]
    everything = " ".join(e["text"] for e in events)
    for synthetic in ("<command-name>", "Reconnected to context7", "Generate a PR title", "<local-command"):
        assert synthetic not in everything


def test_queued_prompts_rejection_and_review_in_a_long_session(fixture_events: dict[str, Any]) -> None:
    events = fixture_events[str(ENTIRE / "claude-0b0195f27fed-0.jsonl")]
    assert texts(events, "queued_prompt") == [
        "rebase to main before we start", "uhh, #89 should be in there now?", "I guess we need to force push now?",
    ]  # a queued "/skills" is a slash command, not a message
    assert texts(events, "rejection_feedback") == ["what are you doing...??"]
    reviews = texts(events, "review_finding")
    assert len(reviews) == 1 and reviews[0].startswith("Now I have a complete picture. Let me provide my code review.")
    said = [e["text"] for e in human(events)]
    assert len(said) == len(set(said)), "a human text was kept twice"
    assert not any(t.startswith(("Base directory for this skill", "<", "[")) for t in said)
    assert "can you invoke your requesting-code-review skill for one last pass?" in said


def test_compaction_summary_and_slash_commands_are_skipped(fixture_events: dict[str, Any]) -> None:
    compacted = fixture_events[str(ENTIRE / "claude-a6e4c2a0fbd1-0.jsonl")]
    assert len(texts(compacted, "prompt")) == 2
    assert not any("This session is being continued" in e["text"] for e in compacted)
    older = fixture_events[str(ENTIRE / "claude-67ea786b178e-0.jsonl")]
    prompts = texts(older, "prompt")
    assert "sorry, continue" in prompts and "ok, works. great" in prompts
    assert not any("/exit" in p or "Catch you later" in p for p in prompts)
    assert [e["text"] for e in older if e["after_interrupt"]] == ["sorry, continue"]


def test_spotter_sessions(fixture_events: dict[str, Any]) -> None:
    short = fixture_events[str(SPOTTER / "short.jsonl")]
    assert texts(short, "prompt") == ["mix phx.server doesnt seem to start"]
    assert texts(short, "rejection_feedback") == []  # rejected without a word
    assert texts(short, "interrupt") == ["[Request interrupted by user for tool use]"]
    heavy = fixture_events[str(SPOTTER / "tool_heavy.jsonl")]
    assert len(texts(heavy, "prompt")) == 2 and len(texts(heavy, "interrupt")) == 2
    assert texts(heavy, "queued_prompt") == []  # the queued "/mcp"
    sub = fixture_events[str(SPOTTER / "subagent.jsonl")]
    assert texts(sub, "prompt") == ["create the beads"]  # the slash command and its skill body are not
    assert sub[[e["kind"] for e in sub].index("prompt")]["after_interrupt"] is True


def test_subagent_and_compaction_helper_files_hold_no_events(fixture_events: dict[str, Any]) -> None:
    folder = SPOTTER / "4d5611e5-241a-462a-8d15-5122611a9569" / "subagents"
    assert str(folder / "agent-a2898e3.jsonl") not in fixture_events
    assert str(folder / "agent-acompact-e1f845.jsonl") not in fixture_events
    main = fixture_events[str(SPOTTER / "4d5611e5-241a-462a-8d15-5122611a9569.jsonl")]
    assert len(texts(main, "prompt")) == 1
    assert not any("Very thorough exploration" in e["text"] for e in main)


def test_assistant_texts_carry_the_calls_of_their_turn(fixture_events: dict[str, Any]) -> None:
    events = fixture_events[str(FIX / "kvsankar-agent-history" / "claude-session-01.jsonl")]
    assert [(e["kind"], e["is_final"]) for e in events] == [("assistant_text", True)]
    short = fixture_events[str(SPOTTER / "short.jsonl")]
    texts_ = [e for e in short if e["kind"] == "assistant_text"]
    assert texts_ and all(len({t["id"] for t in e["tools"]}) == len(e["tools"]) for e in short)


# ---------------------------------------------------------------------------------------------
# Shapes of newer Claude Code (2.1.332, recorded with the real CLI against a scripted model) that
# the public fixtures lack: attachments, hook records, async review agents, the -p queue.

SID = "575cec7f-873e-4725-b8b9-bc60e255976c"
ENV = {"isSidechain": False, "userType": "external", "cwd": "/work/widget", "sessionId": SID, "version": "2.1.332"}


def rec(kind: str, uuid: str, ts: str, **fields: Any) -> dict[str, Any]:
    return {"parentUuid": None, **ENV, "type": kind, "uuid": uuid, "timestamp": f"2026-11-29T22:46:{ts}Z", **fields}


def user(uuid: str, ts: str, content: Any, **fields: Any) -> dict[str, Any]:
    return rec("user", uuid, ts, message={"role": "user", "content": content}, **fields)


def tool_use(uuid: str, ts: str, call_id: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return rec("assistant", uuid, ts, message={"id": f"msg_{uuid}", "type": "message", "role": "assistant",
                                                "content": [{"type": "tool_use", "id": call_id, "name": name, "input": args}],
                                                "stop_reason": "tool_use"})


def say(uuid: str, ts: str, text: str, stop: str = "end_turn") -> dict[str, Any]:
    return rec("assistant", uuid, ts, message={"id": f"msg_{uuid}", "type": "message", "role": "assistant",
                                                "content": [{"type": "text", "text": text}], "stop_reason": stop})


def result(uuid: str, ts: str, call_id: str, text: str, error: bool = False) -> dict[str, Any]:
    return user(uuid, ts, [{"type": "tool_result", "content": text, "is_error": error, "tool_use_id": call_id}])


def attachment(uuid: str, ts: str, att: dict[str, Any]) -> dict[str, Any]:
    return {"parentUuid": None, **ENV, "attachment": att, "type": "attachment", "uuid": uuid,
            "timestamp": f"2026-11-29T22:46:{ts}Z"}


def queue(op: str, ts: str, content: str | None = None) -> dict[str, Any]:
    r: dict[str, Any] = {"type": "queue-operation", "operation": op, "timestamp": f"2026-11-29T22:46:{ts}Z", "sessionId": SID}
    if content is not None:
        r["content"] = content
    return r


NOTIFICATION = (
    "<task-notification>\n<task-id>a97</task-id>\n<tool-use-id>toolu_review</tool-use-id>\n"
    "<status>completed</status>\n<summary>Agent \"code review of the parser\" finished</summary>\n"
    "<result>The parser drops the last line when it has no newline.</result>\n</task-notification>"
)
OURS = "/home/u/.local/bin/git-ledger hook stop"


def newer_session() -> list[dict[str, Any]]:
    return [
        queue("enqueue", "19.345", "fix the parser"),
        queue("dequeue", "19.350"),
        user("u1", "19.667", "fix the parser", promptId="p1"),
        attachment("a1", "19.721", {"type": "hook_additional_context", "hookName": "UserPromptSubmit",
                                    "content": ["git-ledger: recent corrections in this repo: you forgot the tests"]}),
        {"type": "api-request-blob", "sessionId": SID, "message": {"role": "user", "content": [
            {"type": "text", "text": "you forgot the tests"}]}},
        tool_use("t1", "20.000", "toolu_grep", "Bash", {"command": "grep -rn parser .", "description": "search"}),
        result("r1", "20.093", "toolu_grep", "PreToolUse:Bash hook error: [/opt/hooks/deny-grep]: use rg instead of grep\n",
               error=True),
        tool_use("t2", "20.785", "toolu_review", "Task", {"description": "code review of the parser",
                                                          "prompt": "Review the change", "subagent_type": "general-purpose"}),
        result("r2", "20.800", "toolu_review", "Async agent launched successfully.\nagentId: a97"),
        say("s1", "20.940", "Done, all fixed."),
        queue("enqueue", "21.086", NOTIFICATION),
        user("m1", "21.099", "Stop hook feedback:\ngit-ledger: you claimed done without running a tool", isMeta=True),
        attachment("a2", "21.099", {"type": "hook_blocking_error", "hookName": "Stop", "hookEvent": "Stop",
                                    "blockingError": {"blockingError": "git-ledger: you claimed done", "command": OURS}}),
        say("s2", "21.128", "Verified by running ls."),
        queue("dequeue", "21.157"),
        user("u2", "21.176", NOTIFICATION),
        user("m2", "21.300", "Stop hook feedback:\n[/opt/hooks/lint]: lint failed: 3 errors", isMeta=True),
        attachment("a3", "21.300", {"type": "hook_blocking_error", "hookName": "Stop", "hookEvent": "Stop",
                                    "blockingError": {"blockingError": "lint failed: 3 errors", "command": "/opt/hooks/lint"}}),
        attachment("a4", "21.400", {"type": "queued_command", "prompt": "no, keep the old parser"}),
        queue("enqueue", "22.049", "you forgot the tests"),
        queue("dequeue", "22.054"),
        user("u3", "22.146", "you forgot the tests"),
    ]


@pytest.mark.parametrize("compact", [True, False], ids=["as-written", "spaced-json"])
def test_newer_records_hooks_attachments_and_async_review(tmp_path: Path, compact: bool) -> None:
    log = write_log(tmp_path / "projects" / "-work-widget" / f"{SID}.jsonl", newer_session(), compact=compact)
    events = cli_events(log)[str(log)]
    assert [(e["kind"], e["text"]) for e in events if e["kind"] != "assistant_text"] == [
        ("prompt", "fix the parser"),
        ("hook_block", "use rg instead of grep"),
        ("review_finding", "The parser drops the last line when it has no newline."),
        ("hook_block", "lint failed: 3 errors"),  # another hook's Stop feedback, once (text + attachment)
        ("queued_prompt", "no, keep the old parser"),
        ("prompt", "you forgot the tests"),
    ]
    assert all(e["session"] == SID and e["cwd"] == "/work/widget" for e in events)
    last = events[-1]
    assert [t["id"] for t in last["tools"]] == []  # the queued prompt started a new turn
    finals = [e["text"] for e in events if e["kind"] == "assistant_text" and e["is_final"]]
    assert finals == ["Verified by running ls."]


def test_a_queued_prompt_that_is_dequeued_later_is_kept_once(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    records = [user("u1", "01.000", "start"), tool_use("t1", "02.000", "toolu_1", "Bash", {"command": "make"}),
               queue("enqueue", "03.000", "use the other branch")]
    write_log(log, records)
    first = cli_events(log)[str(log)]
    assert texts(first, "queued_prompt") == ["use the other branch"]
    # The same prompt comes back as an ordinary prompt after the turn: not a second event.
    from git_ledger import sources

    rr = sources.read_events(log, "claude")
    with log.open("a") as f:
        for r in (queue("dequeue", "04.000"), user("u2", "04.100", "use the other branch"), say("s1", "05.000", "ok")):
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    more = sources.read_events(log, "claude", rr.offset, rr.state)
    assert [e.kind for e in more.events] == ["assistant_text"]
    # Read whole in one go, the dequeued text is an ordinary prompt and is kept once as well.
    whole = sources.read_events(log, "claude")
    assert [e.text for e in whole.events if e.kind in ("prompt", "queued_prompt")] == ["start", "use the other branch"]


def test_reviewer_names_come_from_the_configuration(tmp_path: Path) -> None:
    from git_ledger import sources

    log = write_log(tmp_path / "s.jsonl", [
        user("u1", "01.000", "check the preview page"),
        tool_use("t1", "02.000", "toolu_a", "Task", {"subagent_type": "Explore", "description": "Preview the UI"}),
        result("r1", "03.000", "toolu_a", "The preview works."),
        tool_use("t2", "04.000", "toolu_b", "Agent", {"subagent_type": "security-auditor", "description": "audit"}),
        result("r2", "05.000", "toolu_b", "Found an injection."),
    ])
    default = sources.read_events(log, "claude")
    assert texts([e.__dict__ for e in default.events], "review_finding") == ["Found an injection."]
    custom = sources.read_events(log, "claude", review_agents=["explore"])
    assert texts([e.__dict__ for e in custom.events], "review_finding") == ["The preview works."]
