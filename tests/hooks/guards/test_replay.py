"""`git-ledger guard replay`: the Stop guards over recorded history, through the real CLI."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.testing.stop_turns import ClaudeTurns, CodexTurns
from tests.testing.util import run_cli


def replay(*args: str, cwd: Path | None = None) -> dict[str, Any]:
    out = run_cli("guard", "replay", "--json", *args, cwd=cwd)
    assert out.returncode == 0, out.stderr
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def test_replay_on_the_fixtures(fixtures: Path) -> None:
    data = replay("--logs", str(fixtures), "--prefer", "semble")
    counts = {k: v for k, v in data.items() if isinstance(v, int)}
    assert counts == {
        "logs": 15, "turns": 29, "skipped_interrupted": 7, "skipped_unfinished": 4,
        "passed_tool_gate": 25, "no_tool_turns": 4, "claims": 0,
        "search_posture_turns": 29, "reminders": 0,
    }
    # The real sessions' "All tests pass." / "Done." claims all came after tool calls: the gate
    # passes them, which is the point of gating on facts before reading any words.
    assert data["fired"] == [] and data["preferred"] == ["semble"] and data["unreadable"] == []


def test_replay_text_report(fixtures: Path) -> None:
    out = run_cli("guard", "replay", "--logs", str(fixtures))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "logs: 15   finished turns: 29   (skipped: 7 interrupted, 4 unfinished)",
        "tool gate: 25 of 29 turns called a tool and pass at once (86%)",
        "evidence guard: 0 claims caught in 4 turns without a tool call",
        "search-posture guard: 0 reminders in 0 turns (preferred: none configured (use --prefer))",
    ]


def history(tmp_path: Path, repo: Path) -> Path:
    """A Claude transcript and a Codex rollout with turns of every kind, worked in `repo`.

    Seven finished turns: six of ours and the rollout fixture's own (redacted, no tool)."""
    c = ClaudeTurns(head=[])
    c.prompt("fix the date parser")
    c.bash("pytest -q", "3 passed")
    c.say("All done, fixed: 3 passed.")
    c.prompt("and the docs?")
    c.say("Done, the docs are updated.")  # no tool: a claim
    c.prompt("how does it handle time zones?")
    c.say("It converts everything to UTC before comparing.")  # an answer, no claim
    c.prompt("where is the config loaded?")
    c.bash("grep -rn 'load_config\\|read_config\\|parse_config' .", "src/config.py:3")
    c.say("In src/config.py.")  # grep guessing
    c.prompt("list the files that mention it")
    c.bash("grep -rl load_config .", "src/config.py")
    c.say("Only src/config.py.")  # listing: fine
    for rec in c.records:
        if "cwd" in rec:
            rec["cwd"] = str(repo)
    c.write(tmp_path / "logs" / "claude" / "session.jsonl")

    x = CodexTurns()
    x.prompt("bump the version")
    x.say("完成了，版本號已更新。")  # no tool: a claim (Chinese)
    x.complete("完成了，版本號已更新。")
    for rec in x.records:
        if "cwd" in rec["payload"]:  # session_meta and turn_context
            rec["payload"]["cwd"] = str(repo)
    x.write(tmp_path / "logs" / "codex" / "rollout.jsonl")
    return tmp_path / "logs"


def test_replay_finds_what_the_hook_would_answer(tmp_path: Path, repo: Path) -> None:
    logs = history(tmp_path, repo)
    data = replay("--logs", str(logs), "--prefer", "semble")
    assert (data["turns"], data["passed_tool_gate"], data["claims"], data["reminders"]) == (7, 3, 2, 1)
    fired = sorted((f["guard"], f["agent"], f["text"]) for f in data["fired"])
    assert fired == [
        ("evidence", "claude", "Done, the docs are updated."),
        ("evidence", "codex", "完成了，版本號已更新。"),
        ("search-posture", "claude", "grep -rn 'load_config\\|read_config\\|parse_config' ."),
    ]
    assert {f["why"] for f in data["fired"]} == {"en", "zh", "3 alternatives in one pattern"}


def test_replay_takes_the_preferred_tool_from_each_repository(tmp_path: Path, repo: Path) -> None:
    logs = history(tmp_path, repo)
    assert replay("--logs", str(logs))["reminders"] == 0
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("search:\n  preferred: semble\n")
    data = replay("--logs", str(logs))
    assert (data["reminders"], data["preferred"], data["search_posture_turns"]) == (1, ["semble"], 7)


def test_replay_agrees_with_the_hook_turn_by_turn(tmp_path: Path, repo: Path) -> None:
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("search:\n  preferred: semble\n")
    c = ClaudeTurns(head=[])
    turns = [
        (["pytest -q"], "All tests pass."),
        ([], "修正しました。"),
        ([], "Is the parser the right place for this?"),
        (["rg -n 'def .*date' ."], "parse_date is in src/dates.py."),
        (["grep -rn foo src | wc -l"], "12 matches."),
        ([], "완료했습니다 (미검증)."),
    ]
    path = tmp_path / "logs" / "s.jsonl"
    hook_fired = []
    for i, (commands, final) in enumerate(turns):
        c.prompt(f"step {i}")
        for cmd in commands:
            c.bash(cmd)
        c.say(final)
        for rec in c.records:
            rec["cwd"] = str(repo)
        c.write(path)
        payload = {"session_id": "s", "transcript_path": str(path), "cwd": str(repo),
                   "hook_event_name": "Stop", "stop_hook_active": False,
                   "last_assistant_message": final}
        out = run_cli("hook", "stop", input=json.dumps(payload), cwd=repo)
        assert out.returncode == 0 and out.stderr == ""
        if out.stdout.strip():
            reason = json.loads(out.stdout)["reason"]
            hook_fired.append(("evidence" if "evidence guard" in reason else "search-posture", i))
    data = replay("--logs", str(tmp_path / "logs"))
    turn_of = {text: i for i, (commands, final) in enumerate(turns) for text in (final, *commands)}
    replay_fired = [(f["guard"], turn_of[f["text"]]) for f in data["fired"]]
    assert hook_fired == replay_fired == [("evidence", 1), ("search-posture", 3)]


def test_replay_window_and_bad_paths(tmp_path: Path, repo: Path) -> None:
    logs = history(tmp_path, repo)
    assert replay("--logs", str(logs), "--since", "2026-11-29")["turns"] == 0
    out = run_cli("guard", "replay", "--logs", str(tmp_path / "nowhere"))
    assert out.returncode == 1 and "no such file or folder" in out.stderr
