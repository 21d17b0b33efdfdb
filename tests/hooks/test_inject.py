"""The UserPromptSubmit hook, run as the real `git-ledger hook user-prompt-submit` process with
real hook JSON on stdin, against a real store."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from git_ledger import models
from git_ledger.hooks import inject, inject_text
from git_ledger.hooks.fresh import claude_folder_name
from git_ledger.models import Case
from git_ledger.store.store import Store
from tests.testing.util import run_cli, write_jsonl

REPO = "github.com/example/widget"
NOW = "2026-11-29T12:00:00Z"
HEADER_EN = "[git-ledger: recent corrections]"
AFTER = " (after: Edit src/app.py; Bash pytest -q)"


def home() -> Path:
    return Path(os.environ["GIT_LEDGER_HOME"])


def case(n: int, date: str, text: str, *, type: str = "omission", source: str = "human",
         repo: str = REPO, session: str = "an-earlier-session") -> Case:
    return Case(
        id=f"t{n:03d}", repo=repo, agent="claude", session=session, date=date,
        timestamp=f"{date}T10:{n % 60:02d}:00Z", type=type, source=source, text=text,
        context="Edit src/app.py; Bash pytest -q", typed_by="" if type == "other" else "rule:test",
        lang="en", kind="prompt",
    )


def add(cases: Sequence[Case]) -> None:
    with Store.open(home() / "ledger.db") as store:
        store.add_cases(cases)


def claim(session: str) -> tuple[str, list[str]] | None:
    with Store.open(home() / "ledger.db") as store:
        return store.injection(session)


def payload(session: str, cwd: Path | str, prompt: str = "fix the parser and run the tests") -> str:
    """Claude Code's UserPromptSubmit input, as 2.1.332 sends it."""
    return json.dumps({
        "session_id": session,
        "transcript_path": f"/nonexistent/projects/x/{session}.jsonl",
        "cwd": str(cwd),
        "prompt_id": "p-1",
        "permission_mode": "default",
        "hook_event_name": "UserPromptSubmit",
        "prompt": prompt,
    })


def hook(body: str, **env: str) -> subprocess.CompletedProcess[str]:
    out = run_cli("hook", "user-prompt-submit", input=body, env={"GIT_LEDGER_NOW": NOW, **env})
    assert out.returncode == 0, out.stderr
    return out


def context_of(out: subprocess.CompletedProcess[str]) -> list[str]:
    """The lines of the injected additionalContext (header first)."""
    answer = json.loads(out.stdout)
    assert answer["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    text = answer["hookSpecificOutput"]["additionalContext"]
    assert len(text) < 10_000
    return str(text).split("\n")


@pytest.fixture
def store_cases(repo: Path) -> list[Case]:
    cases = [
        case(1, "2026-11-28", "you forgot to update the changelog"),
        case(2, "2026-11-27", "I told you not to touch the lockfile", type="instruction-violation"),
        case(3, "2026-11-26", "that is not the config file, the real one is in etc", type="premise-error"),
        case(4, "2026-11-25", "the totals are computed wrong again", type="result-error"),
        case(5, "2026-11-24", "you skipped the migration step"),  # a 5th typed human case: over the limit
        case(6, "2026-11-28", "hmm, look at it again", type="other"),  # `other`: never injected
        case(7, "2026-11-28", "you forgot to update the changelog", session="another-session"),  # said twice
        case(8, "2026-11-28", "review: the parser drops the last line", type="result-error", source="review"),
        case(9, "2026-11-27", "hook blocked: tests were not run before commit", source="hook"),
        case(10, "2026-11-20", "guard: claimed done without running anything", source="guard"),  # 3rd self
        case(11, "2026-11-28", "review: an untyped remark", type="other", source="review"),
        case(12, "2026-11-28", "you forgot the tests over there", repo="github.com/example/other"),
        case(13, "2026-10-30", "thirty days ago: you dropped the index"),  # the window's first day
        case(14, "2026-10-29", "thirty-one days ago: you dropped the index"),  # outside
        case(15, "2026-11-29", "said in this very session", session="s-first"),  # the current session
    ]
    add(cases)
    return cases


def test_first_prompt_injects_typed_cases_newest_first_within_limits(repo: Path, store_cases: list[Case]) -> None:
    lines = context_of(hook(payload("s-first", repo)))
    assert lines[0].startswith(HEADER_EN)
    assert "last 30 days" in lines[0] and "re-read the original" in lines[0]
    assert lines[1:] == [
        "- 2026-11-28 result-error (found by a review agent): review: the parser drops the last line" + AFTER,
        "- 2026-11-28 omission: you forgot to update the changelog" + AFTER,
        "- 2026-11-27 omission (blocked by a hook): hook blocked: tests were not run before commit" + AFTER,
        "- 2026-11-27 instruction-violation: I told you not to touch the lockfile" + AFTER,
        "- 2026-11-26 premise-error: that is not the config file, the real one is in etc" + AFTER,
        "- 2026-11-25 result-error: the totals are computed wrong again" + AFTER,
    ]
    claimed = claim("s-first")
    assert claimed is not None and len(claimed[1]) == 6
    assert not {"t006", "t011", "t012", "t015"} & set(claimed[1])


def test_later_prompts_of_the_session_print_nothing(repo: Path, store_cases: list[Case]) -> None:
    assert hook(payload("s-first", repo)).stdout
    for prompt in ("and now the docs", "you forgot the tests"):
        out = hook(payload("s-first", repo, prompt))
        assert out.stdout == "" and out.stderr == ""
    assert (home() / "injected" / "s-first").is_file()


def test_a_resumed_session_whose_marker_was_pruned_is_not_injected_again(
    repo: Path, store_cases: list[Case]
) -> None:
    assert hook(payload("s-first", repo)).stdout
    (home() / "injected" / "s-first").unlink()
    assert hook(payload("s-first", repo)).stdout == ""  # the claim in the store decides


def test_window_follows_the_injectable_clock(repo: Path, store_cases: list[Case]) -> None:
    (home() / "config.yaml").write_text("inject:\n  human_limit: 20\n  self_limit: 0\n")  # user config
    lines = context_of(hook(payload("s-clock", repo)))
    texts = [line.split(": ", 1)[1] for line in lines[1:]]
    assert texts[-1] == "thirty days ago: you dropped the index" + AFTER
    assert not any("thirty-one" in t or "over there" in t for t in texts)
    # 5 typed human cases (the one said twice is shown once), s-first's case, the window's edge
    assert len(texts) == 7 and texts[0] == "said in this very session" + AFTER

    lines = context_of(hook(payload("s-clock-2", repo), GIT_LEDGER_NOW="2026-12-26T08:00:00Z"))
    # from 12-26 the window starts 11-26, and s-first's own case is now another session's
    assert [line[2:12] for line in lines[1:]] == ["2026-11-29", "2026-11-28", "2026-11-27", "2026-11-26"]
    lines = context_of(hook(payload("s-clock-3", repo), GIT_LEDGER_NOW="2026-11-26T08:00:00Z"))
    assert "2026-11-27" not in "".join(lines)  # nothing from after "now"


def test_repo_config_sets_limits_and_language(repo: Path, store_cases: list[Case]) -> None:
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("inject:\n  human_limit: 1\n  self_limit: 1\n  language: ko\n")
    lines = context_of(hook(payload("s-first", repo)))
    assert lines[0].startswith("[git-ledger: 최근 교정]") and "30일" in lines[0]
    assert lines[1:] == [
        "- 2026-11-28 result-error (found by a review agent): review: the parser drops the last line" + AFTER,
        "- 2026-11-28 omission: you forgot to update the changelog" + AFTER,
    ]


@pytest.mark.parametrize("lang, start", [
    ("zh", "[git-ledger：最近的糾正]"), ("ja", "[git-ledger: 最近の訂正]"),
    ("zh-TW", "[git-ledger：最近的糾正]"), ("ko_KR", "[git-ledger: 최근 교정]"), ("fr", HEADER_EN),
])
def test_header_languages(lang: str, start: str) -> None:
    text = inject_text.render([case(1, "2026-11-28", "you forgot it")], lang=lang, days=30)
    assert text.startswith(start)
    assert text.endswith("\n- 2026-11-28 omission: you forgot it" + AFTER)


def test_config_can_turn_injection_off(repo: Path, store_cases: list[Case]) -> None:
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("inject:\n  enabled: false\n")
    assert hook(payload("s-off", repo)).stdout == ""
    assert claim("s-off") is None


def test_a_broken_config_file_is_logged_once_and_injects_nothing(repo: Path, store_cases: list[Case]) -> None:
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text("inject: [unclosed\n")
    for prompt in ("first", "second"):
        out = hook(payload("s-broken", repo, prompt))
        assert out.stdout == "" and out.stderr == ""
    log = (home() / "hooks.log").read_text().splitlines()
    assert len(log) == 1 and "config.yaml: not valid YAML" in log[0]


def test_nothing_to_say_prints_nothing_but_uses_up_the_first_prompt(repo: Path) -> None:
    out = hook(payload("s-empty", repo))
    assert out.stdout == "" and out.stderr == ""
    add([case(1, "2026-11-29", "you forgot the tests")])
    assert hook(payload("s-empty", repo, "second prompt")).stdout == ""  # never mid-session
    assert claim("s-empty") is not None


def test_disable_variable_turns_it_off_without_claiming(repo: Path, store_cases: list[Case]) -> None:
    assert hook(payload("s-dis", repo), GIT_LEDGER_DISABLE="1").stdout == ""
    assert not (home() / "injected" / "s-dis").exists() and claim("s-dis") is None
    assert hook(payload("s-dis", repo)).stdout  # switched back on: still the session's first prompt


def test_opt_out_phrase_turns_the_session_off(repo: Path, store_cases: list[Case]) -> None:
    out = hook(payload("s-opt", repo, "  Git-Ledger   off \n"))
    answer = json.loads(out.stdout)
    assert answer["decision"] == "block" and "opt-out recorded" in answer["reason"]
    assert hook(payload("s-opt", repo)).stdout == ""
    with Store.open(home() / "ledger.db") as store:
        assert store.is_opted_out("s-opt") and store.injection("s-opt") is None
    assert hook(payload("s-other", repo)).stdout  # other sessions are not affected
    assert hook(payload("s-x", repo, "turn git-ledger off later")).stdout  # only the exact phrase


def test_eight_racing_processes_inject_once(repo: Path, store_cases: list[Case], tmp_path: Path) -> None:
    hook(payload("warm-up", repo))  # the repo is resolved once, as by any earlier session
    body = tmp_path / "input.json"
    body.write_text(payload("s-race", repo))
    env = {**os.environ, "GIT_LEDGER_NOW": NOW}
    procs = []
    for _ in range(8):  # all started before any is waited for
        with body.open("rb") as stdin:
            procs.append(subprocess.Popen((sys.executable, "-m", "git_ledger", "hook", "user-prompt-submit"),
                                          stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env))
    outs = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0] * 8 and [err for _, err in outs] == [b""] * 8
    printed = [o for o, _ in outs if o.strip()]
    assert len(printed) == 1 and b"additionalContext" in printed[0]
    assert not (home() / "hooks.log").exists()


def test_codex_input_shape(repo: Path, store_cases: list[Case]) -> None:
    body = json.dumps({
        "session_id": "019a0000-0000-7000-8000-000000000001", "turn_id": "t1", "transcript_path": None,
        "cwd": str(repo), "hook_event_name": "UserPromptSubmit", "model": "gpt-test",
        "permission_mode": "default", "prompt": "fix it",
    })
    assert len(context_of(hook(body))) == 7


def test_a_subdirectory_of_the_repo_gets_the_repos_cases(repo: Path, store_cases: list[Case]) -> None:
    sub = repo / "src" / "pkg"
    sub.mkdir(parents=True)
    assert len(context_of(hook(payload("s-sub", sub)))) == 7


def test_long_texts_are_cut_and_the_whole_stays_under_the_cap(repo: Path) -> None:
    long = [case(i, "2026-11-28", f"you forgot part {i}: " + "x " * 3000) for i in range(20)]
    add(long)
    (home() / "config.yaml").write_text("inject:\n  human_limit: 20\n")
    lines = context_of(hook(payload("s-long", repo)))
    assert len(lines) == 21
    assert all(len(line) < 520 and "… (after:" in line for line in lines[1:])


def test_a_locked_store_makes_the_hook_give_up_fast_and_fail_open(repo: Path, store_cases: list[Case]) -> None:
    """Issue 15: a store another process holds for writing made the hook wait the store's 10 s."""
    import sqlite3
    import time

    lock = sqlite3.connect(home() / "ledger.db", isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")  # a long collect writing, say
    try:
        started = time.monotonic()
        out = hook(payload("s-first", repo))
        took = time.monotonic() - started
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert out.stdout == "" and took < 5, took
    assert "locked" in (home() / "hooks.log").read_text()
    assert hook(payload("s-first", repo)).stdout  # nothing was claimed: the next prompt injects


def test_malformed_input_fails_open_with_one_log_line_each(repo: Path) -> None:
    for body in ("{not json", "[1, 2]"):
        out = hook(body)
        assert out.stdout == "" and out.stderr == ""
    log = (home() / "hooks.log").read_text().splitlines()
    assert len(log) == 2 and all("user-prompt-submit:" in line for line in log)


def test_no_session_id_stays_silent(repo: Path, store_cases: list[Case]) -> None:
    assert hook(json.dumps({"cwd": str(repo), "prompt": "hi"})).stdout == ""


def test_a_fresh_correction_in_another_session_counts_at_once(repo: Path, tmp_path: Path) -> None:
    """A correction typed minutes ago in another session (never collected) reaches the next one."""
    claude = tmp_path / "claude-config"
    folder = claude / "projects" / claude_folder_name(str(repo))
    sid = "11111111-2222-3333-4444-555555555555"
    base = {"cwd": str(repo), "sessionId": sid, "version": "2.1.332", "gitBranch": "main",
            "userType": "external", "isSidechain": False}

    def msg(uuid: str, parent: str | None, ts: str, role: str, content: object) -> dict[str, object]:
        body: dict[str, object] = {"role": role, "content": content}
        if role == "assistant":
            body.update(id=f"msg_{uuid}", model="m", type="message")
        return {**base, "type": role, "uuid": uuid, "parentUuid": parent,
                "timestamp": f"2026-11-29T10:{ts}.000Z", "message": body}

    write_jsonl(folder / f"{sid}.jsonl", [
        msg("u1", None, "00:00", "user", "add a --verbose flag to the cli"),
        msg("a1", "u1", "00:05", "assistant", [{"type": "tool_use", "id": "toolu_1", "name": "Edit",
                                                "input": {"file_path": "cli.py"}}]),
        msg("u2", "a1", "00:06", "user", [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]),
        msg("a2", "u2", "00:07", "assistant", [{"type": "text", "text": "Added the flag."}]),
        msg("u3", "a2", "01:00", "user", "테스트 빠뜨렸잖아, 빼먹지 말라고 했잖아"),
    ])
    lines = context_of(hook(payload("s-next", repo), CLAUDE_CONFIG_DIR=str(claude)))
    assert lines[1:] == ["- 2026-11-29 omission: 테스트 빠뜨렸잖아, 빼먹지 말라고 했잖아 (after: Edit cli.py)"]
    with Store.open(home() / "ledger.db") as store:
        assert store.cursor(str(folder / f"{sid}.jsonl")) is not None


def test_the_fresh_collect_keeps_its_time_bound_beside_a_huge_log(repo: Path, tmp_path: Path) -> None:
    """Issue 15: the newest file was read whatever the clock said, so one huge log in the
    project folder cost every first prompt 13 s. A file with more unread bytes than the budget
    can read is left to `git-ledger collect`."""
    import time

    claude = tmp_path / "claude-config"
    folder = claude / "projects" / claude_folder_name(str(repo))
    sid = "11111111-2222-3333-4444-555555555555"
    base = {"cwd": str(repo), "sessionId": sid, "version": "2.1.332", "type": "user", "isSidechain": False}
    write_jsonl(folder / f"{sid}.jsonl", [
        {**base, "uuid": "a1", "type": "assistant", "timestamp": "2026-11-29T10:00:00.000Z",
         "message": {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Edit",
                                                       "input": {"file_path": "cli.py"}}]}},
        {**base, "uuid": "u3", "timestamp": "2026-11-29T10:01:00.000Z",
         "message": {"role": "user", "content": "테스트 빠뜨렸잖아"}},
    ])
    huge = folder / "22222222-2222-3333-4444-555555555555.jsonl"
    line = json.dumps({**base, "sessionId": huge.stem, "uuid": "x", "type": "assistant",
                       "timestamp": "2026-11-29T10:02:00.000Z",
                       "message": {"role": "assistant", "content": [{"type": "text", "text": "I missed it. " * 300}]}})
    with huge.open("w") as f:
        for _ in range((30 << 20) // len(line)):
            f.write(line + "\n")
    started = time.monotonic()
    lines = context_of(hook(payload("s-next", repo), CLAUDE_CONFIG_DIR=str(claude)))
    assert time.monotonic() - started < 4
    assert lines[1:] == ["- 2026-11-29 omission: 테스트 빠뜨렸잖아 (after: Edit cli.py)"]
    with Store.open(home() / "ledger.db") as store:
        assert store.cursor(str(huge)) is None  # left for `git-ledger collect`


def test_claude_folder_name_encodes_every_non_alphanumeric_character() -> None:
    assert claude_folder_name("/Users/me/proj") == "-Users-me-proj"
    assert claude_folder_name("/a/cli/.worktrees/2") == "-a-cli--worktrees-2"
    assert claude_folder_name("/home/me/my_app v2") == "-home-me-my-app-v2"


def test_collected_fixture_logs_do_not_leak_into_another_repo(
    repo: Path, fixtures: Path, store_cases: list[Case]
) -> None:
    """The real public logs, collected into the same store: our repo still gets exactly its own,
    and a fixture session's repository gets an injection exactly when it has typed cases."""
    out = run_cli("collect", "--logs", str(fixtures), "--json")
    assert out.returncode == 0, out.stderr
    stats = json.loads(out.stdout)
    assert stats["files"] >= 10 and stats["events"] > 100 and not stats["errors"]
    with Store.open(home() / "ledger.db") as store:
        cwds = sorted({r[0] for r in store.db.execute("SELECT cwd FROM sessions WHERE cwd != ''")})
    lines = context_of(hook(payload("s-fixtures", repo)))
    assert len(lines) == 7 and not any("fixture" in line for line in lines)
    assert len(cwds) >= 5
    for i, cwd in enumerate(cwds):  # these folders do not exist here: the cwd is the repo's name
        with Store.open(home() / "ledger.db") as store:
            typed = store.cases(repo=cwd, types=models.TYPES)
        clock = max([c.timestamp for c in typed], default=NOW)
        out = hook(payload(f"s-fx-{i}", cwd), GIT_LEDGER_NOW=clock)
        if typed:
            lines = context_of(out)[1:]
            allowed = {inject_text.case_line(c).split(" (after: ")[0] for c in typed}
            assert 1 <= len(lines) <= 6 and all(line.split(" (after: ")[0] in allowed for line in lines)
        else:
            assert out.stdout == ""


def test_hook_path_stays_off_heavy_modules(repo: Path, store_cases: list[Case]) -> None:
    """Run the hook in-process in a fresh interpreter and look at sys.modules afterwards."""
    probe = (
        "import io, json, sys\n"
        "from git_ledger.commands import hook\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode()))\n"
        "out = io.StringIO(); real = sys.stdout; sys.stdout = out\n"
        "rc = hook.main(['user-prompt-submit'])\n"
        "sys.stdout = real\n"
        "print(json.dumps({'rc': rc, 'out': out.getvalue(), 'modules': sorted(sys.modules)}))\n"
    )
    env = {**os.environ, "GIT_LEDGER_NOW": NOW}

    def modules(body: str) -> tuple[str, set[str]]:
        done = subprocess.run((sys.executable, "-c", probe, body), capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        return str(data["out"]), set(data["modules"])

    first_out, first = modules(payload("s-mods", repo))
    later_out, later = modules(payload("s-mods", repo, "next"))
    assert "additionalContext" in first_out and later_out == ""
    for mods in (first, later):
        assert not {m for m in mods if m.split(".")[0] in ("git", "ruamel", "detect_secrets")}
    # the first prompt needs sqlite3 but not store.py/models.py (dataclasses); a later one not even that
    assert "sqlite3" in first and "git_ledger.store.store" not in first and "git_ledger.models" not in first
    assert "sqlite3" not in later and "git_ledger.config" not in later


def test_a_case_that_masking_emptied_is_not_injected(repo: Path) -> None:
    add([case(1, "2026-11-28", "[SQL masked]"), case(2, "2026-11-27", "[secret masked: AWS Access Key]."),
         case(3, "2026-11-26", "you forgot the migration, see [SQL masked]")])
    lines = context_of(hook(payload("s-masked", repo)))
    assert [line.split(" (after: ")[0] for line in lines[1:]] == [
        "- 2026-11-26 omission: you forgot the migration, see [SQL masked]"]


def test_constants_repeated_for_speed_agree_with_models() -> None:
    from git_ledger.masking import mask as redact

    assert inject.MASK_MARKER == redact.MARKER.pattern
    assert inject.TYPES == models.TYPES
    assert set(inject.SELF_FOUND) == set(models.SELF_FOUND_SOURCES)
