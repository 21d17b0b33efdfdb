"""`git-ledger hook stop`: the real hook process, fed real Stop JSON and transcripts built from
real fixture records (see testing/stop_turns.py)."""
from __future__ import annotations

import itertools
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from git_ledger.store.store import Store
from tests.testing.agents import fake_model
from tests.testing.stop_turns import CLAUDE_FIXTURE, ClaudeTurns, CodexTurns, repeated_lines
from tests.testing.util import run_cli

CLAIMS = {
    "en": "All done, fixed.",
    "zh": "修好了，測試全部通過。",
    "zh-hans": "已经完成了，验证通过。",
    "ja": "修正しました。テストはすべて通りました。",
    "ko": "버그를 고쳤습니다. 완료했습니다.",
}
MARKED = {
    "en": "Fixed, but unverified: I did not re-run the tests in this turn.",
    "zh": "修好了（未驗證，憑前輪結果）。",
    "ja": "修正しました（未検証、前回の結果に基づく）。",
    "ko": "완료했습니다 (미검증, 이전 실행 결과 기준).",
}
SEMBLE = 'search:\n  preferred: semble\n  hint: "semble search \'<intent>\'"\n'


def hook(transcript: Path | None, last: str | None, cwd: Path, **extra: Any) -> dict[str, Any] | None:
    payload: dict[str, Any] = {
        "session_id": "3f6c2a1e-0000-4000-8000-000000000001",
        "transcript_path": str(transcript) if transcript else None,
        "cwd": str(cwd),
        "hook_event_name": "Stop",
        "stop_hook_active": False,
        "last_assistant_message": last,
        **extra,
    }
    out = run_cli("hook", "stop", input=json.dumps(payload), cwd=cwd, timeout=30)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    return json.loads(out.stdout) if out.stdout.strip() else None


def store_cases() -> list[Any]:
    db = Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db"
    if not db.exists():
        return []
    with Store.open(db) as store:
        return store.cases()


def no_errors_logged() -> bool:
    return not (Path(os.environ["GIT_LEDGER_HOME"]) / "hooks.log").exists()


# ------------------------------------------------------------------------ evidence guard
def test_tool_turn_with_claim_is_silent(tmp_path: Path, repo: Path) -> None:
    t = ClaudeTurns()
    t.prompt("fix the date parser")
    t.bash("pytest -q tests/test_dates.py", "3 passed")
    t.say(CLAIMS["en"])
    assert hook(t.write(tmp_path / "t.jsonl"), CLAIMS["en"], repo) is None
    assert store_cases() == [] and no_errors_logged()


@pytest.mark.parametrize("lang", sorted(CLAIMS))
def test_zero_tool_claim_is_blocked_in_each_language(tmp_path: Path, repo: Path, lang: str) -> None:
    t = ClaudeTurns()
    t.prompt("is the date parser fixed now?")
    t.say(CLAIMS[lang])
    out = hook(t.write(tmp_path / "t.jsonl"), CLAIMS[lang], repo)
    assert out is not None and out["decision"] == "block"
    assert "evidence guard" in out["reason"] and "ran no tool" in out["reason"]
    (case,) = store_cases()
    assert (case.source, case.type, case.typed_by) == ("guard", "omission", "guard:evidence")
    assert case.repo == "github.com/example/widget" and case.session.startswith("3f6c2a1e")
    assert case.date == "2026-11-28" and case.text.startswith("claimed completion in a turn that ran no tool: ")
    assert case.text.split(": ", 1)[1] in CLAIMS[lang]
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        ((event_id, guard, *_),) = store.guard_events()
    assert (event_id, guard) == (case.id, "evidence")


def test_final_text_comes_from_the_transcript_when_the_input_has_none(tmp_path: Path, repo: Path) -> None:
    t = ClaudeTurns()
    t.prompt("did you finish?")
    t.say("Everything is working now.")
    out = hook(t.write(tmp_path / "t.jsonl"), None, repo)
    assert out is not None and "Everything is working now." in out["reason"]


@pytest.mark.parametrize("lang", sorted(MARKED))
def test_unverified_mark_silences_the_guard(tmp_path: Path, repo: Path, lang: str) -> None:
    t = ClaudeTurns()
    t.prompt("status?")
    t.say(MARKED[lang])
    assert hook(t.write(tmp_path / "t.jsonl"), MARKED[lang], repo) is None


@pytest.mark.parametrize("answer", [
    "The parser reads ISO dates first and falls back to RFC 2822 when that fails.",
    "Should I also update the changelog?",
    "The CI says all tests pass, but I have not looked at the logs myself.",
    "You said it's done; I'll review the diff next.",
    "I'm not done yet: the timezone handling is still missing.",
    "Once the migration is done, run `make deploy`.",
    "還沒完成，還差時區的部分。",
    "完了したら教えてください。",
    "CI에 따르면 테스트가 모두 통과했습니다.",
])
def test_answers_that_claim_nothing_are_silent(tmp_path: Path, repo: Path, answer: str) -> None:
    t = ClaudeTurns()
    t.prompt("how does the date parser work?")
    t.say(answer)
    assert hook(t.write(tmp_path / "t.jsonl"), answer, repo) is None
    assert no_errors_logged()


# Final messages shaped like real agents' (written for this test): a markdown summary under a
# heading, a checkmark line, the seed's own sentence, a Japanese heading, a Korean terse report.
@pytest.mark.parametrize("final", [
    "## ✅ Done\n\n- Added retries to the uploader\n- Updated the docs",
    "✅ All tasks complete",
    "I've updated the loader; this should resolve the import error.",
    "全部完成，驗證如下。",
    "全部搞定，测试都通过了",
    "環境構築完了！",
    "`docs/setup.md` 추가.",
])
def test_real_shaped_claims_are_blocked_only_without_a_tool(tmp_path: Path, repo: Path, final: str) -> None:
    t = ClaudeTurns()
    t.prompt("please finish the uploader")
    t.say(final)
    out = hook(t.write(tmp_path / "t.jsonl"), final, repo)
    assert out is not None and out["decision"] == "block"
    t = ClaudeTurns()
    t.prompt("please finish the uploader")
    t.bash("pytest -q", "12 passed")
    t.say(final)
    assert hook(t.write(tmp_path / "t2.jsonl"), final, repo) is None
    t = ClaudeTurns()
    t.prompt("please finish the uploader")
    t.say(final)
    assert hook(t.write(tmp_path / "t3.jsonl"), final, repo, stop_hook_active=True) is None


def test_stop_hook_active_is_silent(tmp_path: Path, repo: Path) -> None:
    t = ClaudeTurns()
    t.prompt("fix it")
    t.say(CLAIMS["en"])
    assert hook(t.write(tmp_path / "t.jsonl"), CLAIMS["en"], repo, stop_hook_active=True) is None


@pytest.mark.parametrize("path", ["missing.jsonl", None, "dir"])
def test_missing_or_unreadable_transcript_is_silent(tmp_path: Path, repo: Path, path: str | None) -> None:
    (tmp_path / "dir").mkdir()
    transcript = tmp_path / path if path else None
    assert hook(transcript, CLAIMS["en"], repo) is None
    assert no_errors_logged()


def test_garbage_input_fails_open_with_one_log_line(tmp_path: Path, repo: Path) -> None:
    out = run_cli("hook", "stop", input="{not json", cwd=repo)
    assert (out.returncode, out.stdout, out.stderr) == (0, "", "")
    log = (Path(os.environ["GIT_LEDGER_HOME"]) / "hooks.log").read_text()
    assert len(log.splitlines()) == 1 and "stop:" in log


def test_our_own_earlier_block_is_feedback_not_a_new_turn(tmp_path: Path, repo: Path) -> None:
    t = ClaudeTurns()
    t.prompt("fix the parser")
    t.say("All done, fixed.")
    t.meta("Stop hook feedback:\n[git-ledger hook stop]: git-ledger evidence guard: …")
    t.bash("pytest -q", "12 passed")
    t.say("Verified: 12 passed.")
    assert hook(t.write(tmp_path / "t.jsonl"), "Verified: 12 passed.", repo) is None


def test_only_the_last_turn_counts(tmp_path: Path, repo: Path) -> None:
    t = ClaudeTurns()
    t.prompt("fix the parser")
    t.bash("pytest -q", "12 passed")
    t.say("Fixed; 12 passed.")
    t.prompt("and the docs?")
    t.say("Done, the docs are updated.")
    out = hook(t.write(tmp_path / "t.jsonl"), "Done, the docs are updated.", repo)
    assert out is not None and out["decision"] == "block"

    t2 = ClaudeTurns()
    t2.prompt("what changed?")
    t2.say(CLAIMS["en"])
    t2.prompt("run the tests")
    t2.bash("pytest -q", "12 passed")
    t2.say("All tests pass.")
    assert hook(t2.write(tmp_path / "t2.jsonl"), "All tests pass.", repo) is None


def test_a_huge_head_of_real_history_is_not_read(tmp_path: Path, repo: Path) -> None:
    # 24 MB of a real transcript, then the turn; and a 2 GB sparse head of zero bytes (no line
    # breaks) that would take far longer than the timeout to read if the hook read it.
    head = b"".join(repeated_lines(CLAUDE_FIXTURE, 24 << 20))
    t = ClaudeTurns(head=[])
    t.prompt("fix the parser")
    t.say(CLAIMS["en"])
    path = t.write(tmp_path / "big.jsonl", head_bytes=head)
    assert path.stat().st_size > 24 << 20
    assert hook(path, CLAIMS["en"], repo) is not None

    sparse = tmp_path / "sparse.jsonl"
    with sparse.open("wb") as f:
        f.truncate(2 << 30)
        f.seek(0, os.SEEK_END)
        f.write(b"\n" + (tmp_path / "big.jsonl").read_bytes()[len(head):])
    assert hook(sparse, CLAIMS["en"], repo) is not None


def test_codex_rollout(tmp_path: Path, repo: Path) -> None:
    t = CodexTurns()
    turn = t.prompt("fix the parser")
    t.say("All done, fixed.")
    path = t.write(tmp_path / "rollout.jsonl")
    out = hook(path, "All done, fixed.", repo, turn_id=turn, model="gpt-test")
    assert out is not None and out["decision"] == "block"
    (case,) = store_cases()
    assert case.agent == "codex" and case.typed_by == "guard:evidence"

    t.hook_prompt(out["reason"])  # Codex records our feedback as a <hook_prompt> user message
    t.exec("pytest -q")
    t.say("Verified: 12 passed.")
    assert hook(t.write(path), "Verified: 12 passed.", repo, turn_id=turn) is None


# ------------------------------------------------------------------ search-posture guard
def configure(repo: Path, text: str = SEMBLE) -> None:
    (repo / ".git-ledger").mkdir(exist_ok=True)
    (repo / ".git-ledger" / "config.yaml").write_text(text)


def grep_turn(tmp_path: Path, *commands: str) -> Path:
    t = ClaudeTurns()
    t.prompt("where do we parse dates?")
    for cmd in commands:
        t.bash(cmd, "src/dates.py:12: def parse_date(")
    t.say("Dates are parsed in src/dates.py, in parse_date().")
    return t.write(tmp_path / "t.jsonl")


@pytest.mark.parametrize("command", [
    'grep -rn "parse_date\\|parseDate\\|date_parse" src',
    "rg -n 'def .*date' .",
    'cd src && grep -rnE "load|read|parse" --include="*.py" . 2>/dev/null | head -40',
])
def test_grep_guessing_earns_one_reminder(tmp_path: Path, repo: Path, command: str) -> None:
    configure(repo)
    out = hook(grep_turn(tmp_path, command), "Dates are parsed in src/dates.py.", repo)
    assert out is not None and out["decision"] == "block"
    assert "prefers `semble`" in out["reason"] and "semble search '<intent>'" in out["reason"]
    assert out["reason"].count("search-posture guard") == 1
    (case,) = store_cases()
    assert (case.type, case.typed_by) == ("instruction-violation", "guard:search-posture")
    assert command in case.text and "Bash" in case.context


def test_three_plain_searches_in_one_turn_earn_a_reminder(tmp_path: Path, repo: Path) -> None:
    configure(repo)
    path = grep_turn(tmp_path, "grep -rn parse_date src", "rg -n DateParser", "git grep -n to_iso")
    out = hook(path, "Found it.", repo)
    assert out is not None and "3 searches in one turn" in out["reason"]


@pytest.mark.parametrize("command", [
    'grep -rl "parse_date\\|parseDate\\|date_parse" src',
    'grep -rn "load|read|parse" src | wc -l',
    'grep -n "load|read|parse" src/dates.py',
    'rg -c "def .*date" .',
    'pytest -q 2>&1 | grep -E "passed|failed|error"',
])
def test_listing_counting_and_named_files_are_left_alone(tmp_path: Path, repo: Path, command: str) -> None:
    configure(repo)
    assert hook(grep_turn(tmp_path, command), "Dates are parsed in src/dates.py.", repo) is None


def test_no_config_no_reminder(tmp_path: Path, repo: Path) -> None:
    path = grep_turn(tmp_path, 'grep -rn "load|read|parse" src')
    assert hook(path, "Dates are parsed in src/dates.py.", repo) is None
    configure(repo, "guards:\n  search_posture: false\n" + SEMBLE)
    assert hook(path, "Dates are parsed in src/dates.py.", repo) is None
    assert store_cases() == []


def test_a_locked_store_makes_the_hook_give_up_fast_and_fail_open(tmp_path: Path, repo: Path) -> None:
    """Issue 15: a store another process holds for writing made a firing guard wait 10 s."""
    import sqlite3

    Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db").close()
    lock = sqlite3.connect(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db", isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    t = ClaudeTurns()
    t.prompt("is the date parser fixed now?")
    t.say(CLAIMS["en"])
    try:
        started = time.monotonic()
        assert hook(t.write(tmp_path / "t.jsonl"), CLAIMS["en"], repo) is None
        took = time.monotonic() - started
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert took < 5, took
    assert "locked" in (Path(os.environ["GIT_LEDGER_HOME"]) / "hooks.log").read_text()


def test_a_fifo_transcript_or_config_never_blocks_the_hook(tmp_path: Path, repo: Path) -> None:
    """Issue 15, fault 6: `open()` of a FIFO waits for a writer, so the hook hung until killed."""
    fifo = tmp_path / "transcript.jsonl"
    os.mkfifo(fifo)
    started = time.monotonic()
    assert hook(fifo, CLAIMS["en"], repo) is None
    (repo / ".git-ledger").mkdir()
    os.mkfifo(repo / ".git-ledger" / "config.yaml")
    assert hook(grep_turn(tmp_path, 'grep -rn "load|read|parse" src'), "Found it.", repo) is None
    t = ClaudeTurns()
    t.prompt("is the date parser fixed now?")
    t.say(CLAIMS["en"])
    assert hook(t.write(tmp_path / "claim.jsonl"), CLAIMS["en"], repo) is None  # the config: unreadable
    assert "not a regular file" in (Path(os.environ["GIT_LEDGER_HOME"]) / "hooks.log").read_text()
    assert time.monotonic() - started < 20


def test_without_a_preferred_tool_the_shell_calls_are_not_parsed(tmp_path: Path, repo: Path) -> None:
    """Issue 15: the parser ran on every grep of every turn, configured or not (and a hostile
    command made it slow). It runs only where some `.git-ledger/config.yaml` names a tool."""
    path = grep_turn(tmp_path, 'grep -rn "load|read|parse" src')
    payload = {"transcript_path": str(path), "cwd": str(repo / "src"), "hook_event_name": "Stop",
               "last_assistant_message": "Dates are parsed in src/dates.py."}
    (repo / "src").mkdir()
    code = ("import json, os, sys\nfrom git_ledger.hooks import stop\n"
            "print(stop.run(json.loads(sys.argv[1]), os.environ))\n"
            "print('git_ledger.hooks.guards.search_posture' in sys.modules)\n")

    def parsed() -> list[str]:
        out = subprocess.run((sys.executable, "-c", code, json.dumps(payload)), capture_output=True, text=True,
                             check=True, cwd=repo)
        return out.stdout.split("\n")[:2]

    assert parsed() == ["None", "False"]
    configure(repo, "guards:\n  evidence: true\n")  # a config without a preferred tool
    assert parsed() == ["None", "False"]
    configure(repo)
    decision, imported = parsed()
    assert json.loads(decision)["decision"] == "block" and imported == "True"


def test_codex_exec_command_grep(tmp_path: Path, repo: Path) -> None:
    configure(repo)
    t = CodexTurns()
    turn = t.prompt("where is the config loaded?")
    t.exec("grep -rn 'load_config\\|read_config\\|parse_config' .")
    t.say("In src/config.py.")
    out = hook(t.write(tmp_path / "rollout.jsonl"), "In src/config.py.", repo, turn_id=turn)
    assert out is not None and "semble" in out["reason"]


def test_evidence_guard_can_be_turned_off(tmp_path: Path, repo: Path) -> None:
    configure(repo, "guards:\n  evidence: false\n")
    t = ClaudeTurns()
    t.prompt("fix it")
    t.say(CLAIMS["en"])
    assert hook(t.write(tmp_path / "t.jsonl"), CLAIMS["en"], repo) is None


# ------------------------------------------------------ end to end: the real Claude Code CLI
class ClaudeRun:
    """One `claude -p` session against the scripted model, with our Stop hook installed."""

    def __init__(self, requests: list[dict[str, Any]], stdout: str, transcript: Path) -> None:
        self.requests = [r for r in requests if r["body"].get("tools")]  # real agent turns
        self.stdout = stdout
        self.transcript = transcript

    def feedback_requests(self, marker: str) -> int:
        return sum(marker in json.dumps(r["body"]["messages"][-1:], ensure_ascii=False)
                   for r in self.requests)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def our_hook_command() -> str:
    return f"{shlex.quote(str(Path(sys.executable).parent / 'git-ledger'))} hook stop"


@pytest.fixture
def claude_session(claude_cli: Path, tmp_path: Path, repo: Path) -> Any:
    runs = itertools.count()

    def run(script: list[list[dict[str, Any]]], prompt: str = "fix the date parser") -> ClaudeRun:
        work = tmp_path / f"run{next(runs)}"
        work.mkdir()
        (repo / ".claude").mkdir(exist_ok=True)
        (repo / ".claude" / "settings.json").write_text(json.dumps(
            {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": our_hook_command()}]}]}}))
        with fake_model("anthropic", work, script) as model:
            url = model.url
            env = {**os.environ, "CLAUDE_CONFIG_DIR": str(work / "claude"), "ANTHROPIC_BASE_URL": url,
                   "ANTHROPIC_API_KEY": "sk-test", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
            out = subprocess.run((str(claude_cli), "-p", prompt, "--allowedTools", "Bash"), cwd=repo,
                                 env=env, capture_output=True, text=True, timeout=180)
        assert out.returncode == 0, out.stderr
        (transcript,) = (work / "claude" / "projects").glob("*/*.jsonl")
        return ClaudeRun(read_jsonl(work / "requests.jsonl"), out.stdout, transcript)

    return run


@pytest.mark.e2e
def test_real_claude_code_is_blocked_once_after_an_unsupported_claim(claude_session: Any) -> None:
    run = claude_session([
        [{"text": "All done, fixed."}],
        [{"text": "Unverified: I have not re-run the tests in this turn."}],
    ])
    assert len(run.requests) == 2  # the block made the agent take exactly one more turn
    assert run.feedback_requests("git-ledger evidence guard") == 1
    assert "All done, fixed." in json.dumps(run.requests[1]["body"]["messages"])
    assert run.stdout.strip() == "Unverified: I have not re-run the tests in this turn."
    records = read_jsonl(run.transcript)
    feedback = [r for r in records if r.get("type") == "user" and r.get("isMeta")
                and "git-ledger evidence guard" in str(r["message"]["content"])]
    assert len(feedback) == 1
    (case,) = store_cases()
    assert (case.agent, case.source, case.typed_by) == ("claude", "guard", "guard:evidence")
    assert case.session == records[-1]["sessionId"]


@pytest.mark.e2e
def test_real_claude_code_after_a_tool_call_is_not_blocked(claude_session: Any) -> None:
    run = claude_session([
        [{"tool": "Bash", "input": {"command": "echo '3 passed'", "description": "run tests"}}],
        [{"text": "All done, fixed: 3 passed."}],
    ])
    assert len(run.requests) == 2 and run.feedback_requests("git-ledger") == 0
    assert store_cases() == []


@pytest.mark.e2e
def test_real_claude_code_with_an_unverified_mark_is_not_blocked(claude_session: Any) -> None:
    run = claude_session([[{"text": "Done, from the previous run (unverified in this turn)."}]])
    assert len(run.requests) == 1 and store_cases() == []


@pytest.mark.e2e
def test_real_claude_code_grep_guessing_gets_one_reminder(claude_session: Any, repo: Path) -> None:
    configure(repo)
    run = claude_session([
        [{"tool": "Bash", "input": {"command": "grep -rn 'widget\\|gadget\\|gizmo' .",
                                    "description": "find the code"}}],
        [{"text": "The name is defined in README.md."}],
        [{"text": "The grep result fully answered it: README.md is the only match."}],
    ], prompt="where is the widget name defined?")
    assert len(run.requests) == 3 and run.feedback_requests("search-posture guard") == 1
    (case,) = store_cases()
    assert case.type == "instruction-violation" and "grep -rn" in case.text


@pytest.mark.e2e
def test_real_codex_is_blocked_once_after_an_unsupported_claim(
    codex_cli: Path, tmp_path: Path, repo: Path
) -> None:
    work, home = tmp_path / "codex-run", tmp_path / "codex-home"
    work.mkdir()
    home.mkdir()
    script = [[{"text": "All done, fixed."}], [{"text": "Unverified: not re-run in this turn."}]]
    with fake_model("responses", work, script) as model:
        url = model.url
        (home / "config.toml").write_text(
            f'model = "gpt-test"\nmodel_provider = "fake"\n[model_providers.fake]\nname = "fake"\n'
            f'base_url = "{url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_KEY"\n')
        (home / "hooks.json").write_text(json.dumps(
            {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": our_hook_command()}]}]}}))
        out = subprocess.run(
            (str(codex_cli), "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust",
             "--sandbox", "danger-full-access", "fix the date parser"),
            cwd=repo, env={**os.environ, "CODEX_HOME": str(home), "FAKE_KEY": "x"},
            capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    requests = read_jsonl(work / "requests.jsonl")
    assert len(requests) == 2 and "git-ledger evidence guard" in json.dumps(requests[1]["body"]["input"])
    (rollout,) = (home / "sessions").rglob("rollout-*.jsonl")
    hook_prompts = [r for r in read_jsonl(rollout) if r.get("type") == "response_item"
                    and "<hook_prompt" in json.dumps(r["payload"].get("content", ""))]
    assert len(hook_prompts) == 1
    (case,) = store_cases()
    assert (case.agent, case.typed_by, case.repo) == ("codex", "guard:evidence", "github.com/example/widget")


# ------------------------------------------- the tail reader agrees with the collector
def test_prompt_rules_match_the_collector_on_every_fixture(fixtures: Path) -> None:
    from git_ledger import sources
    from git_ledger.hooks.guards.transcript import claude_prompt, codex_prompt

    checked = 0
    for agent, path in sources.discover([fixtures]):
        if agent == "gemini":
            continue  # no Stop hook input names a Gemini log
        collector = {e.uuid for e in sources.read_events(path, agent).events
                     if e.kind in ("prompt", "queued_prompt") and not e.uuid.startswith("queue:")}
        ours = set()
        for line in path.read_bytes().splitlines():
            rec = json.loads(line)
            if agent == "claude" and claude_prompt(rec):
                ours.add(rec["uuid"])
            elif agent == "codex" and codex_prompt(rec) and rec["type"] == "response_item":
                ours.add(rec["payload"].get("id"))
        assert ours == collector, path.name
        checked += len(ours)
    assert checked >= 25
