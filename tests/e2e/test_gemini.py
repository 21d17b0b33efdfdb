"""The real Gemini CLI (pinned), offline against a scripted Gemini API (tests/testing/fake_gemini.py):
after `git-ledger install gemini`, a correction typed in one session arrives in the next session's
first request through the BeforeAgent hook, once; and the AfterAgent guard sends a "done" with no
tool call back for evidence."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from git_ledger import paths
from tests.testing.agents import run_agent
from tests.testing.fake_gemini import fake_gemini
from tests.testing.util import run_cli

pytestmark = pytest.mark.e2e

HEADER = "[git-ledger: recent corrections]"
CORRECTION = "you forgot the tests, I told you not to skip them"


def user_texts(body: dict[str, Any]) -> list[str]:
    return [p.get("text", "") for c in body.get("contents", []) if c.get("role") == "user"
            for p in c.get("parts", []) if isinstance(p, dict)]


def saved_files(home: Path) -> list[str]:
    """What the CLI wrote under ~/.gemini (its chats and logs), for a failure's message."""
    root = home / ".gemini"
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def hook_log() -> str:
    """The hooks' failure lines and last-run markers (the isolated home's), for a failure's message."""
    log, data = paths.log_path(), Path(paths.data_dir_str(os.environ))
    lines = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else "(no hook log)"
    marks = {p.name: p.read_text(encoding="utf-8").strip() for p in data.glob("last-run-*")}
    return f"{lines} {marks}"


def chats_holding(home: Path, text: str) -> list[Path]:
    """The chats the CLI saved (`~/.gemini/tmp/<project>/chats/`) that hold `text`."""
    encoded = json.dumps(text)[1:-1]
    return [p for p in (home / ".gemini" / "tmp").glob("*/chats/*") if p.is_file()
            and encoded in p.read_text(encoding="utf-8", errors="replace")]


def gemini_env(home: Path, url: str) -> dict[str, str]:
    settings = home / ".gemini" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"security": {"auth": {"selectedType": "gemini-api-key"}}}, indent=2) + "\n")
    return {"GEMINI_API_KEY": "test-key", "GOOGLE_GEMINI_BASE_URL": url, "GEMINI_CLI_TRUST_WORKSPACE": "true",
            "NO_COLOR": "1"}


def test_a_correction_reaches_the_next_sessions_first_prompt_once(
    gemini_cli: Path, repo: Path, isolated_env: Path
) -> None:
    replies_1 = [[{"text": "Which parser do you mean?"}], [{"text": "Sorry, which tests?"}]]
    with fake_gemini([*replies_1, [{"text": "Where should the flag go?"}], [{"text": "Which docs?"}]]) as model:
        env = gemini_env(isolated_env, model.url)
        out = run_cli("install", "gemini", cwd=repo, env=env)
        assert out.returncode == 0 and "BeforeAgent and AfterAgent hooks installed" in out.stdout, out.stderr
        gemini = [str(gemini_cli), "-o", "text"]

        def first_session() -> int:
            run_agent([*gemini, "-p", "fix the parser"], cwd=repo, env=env)
            run_agent([*gemini, "--resume", "latest", "-p", CORRECTION], cwd=repo, env=env)
            return len(model.streamed())

        session_1 = first_session()
        after_1 = saved_files(isolated_env)
        # Once, on a loaded CI machine, the CLI kept no chat of a session: without it there is
        # nothing to collect. Not ours to fix; the first session is then run again, once.
        if not chats_holding(isolated_env, CORRECTION):
            model.script[:0] = replies_1
            session_1 = first_session()
        run_agent([*gemini, "-p", "add a --verbose flag"], cwd=repo, env=env)
        first_of_2 = model.streamed()[session_1]
        # Once in CI the CLI's own session cleanup, run as the second session started, deleted the
        # first session's chat (it keeps only chats it judges resumable) before the BeforeAgent hook
        # could read it: nothing was left to collect. Not ours to fix; both sessions run again, once.
        cleaned_up = not chats_holding(isolated_env, CORRECTION)
        if cleaned_up:
            model.script[:0] = [*replies_1, [{"text": "Where should the flag go?"}]]
            session_1 = first_session()
            run_agent([*gemini, "-p", "add a --verbose flag"], cwd=repo, env=env)
            first_of_2 = model.streamed()[session_1]
        run_agent([*gemini, "--resume", "latest", "-p", "now update the docs"], cwd=repo, env=env)
        later_of_2 = model.streamed()[-1]
    assert (session_1 in (2, 4) or cleaned_up) and not any(HEADER in t for b in model.streamed()[:session_1] for t in user_texts(b))
    injected = [t for t in user_texts(first_of_2) if HEADER in t]
    assert len(injected) == 1 and CORRECTION in injected[0], (after_1, saved_files(isolated_env), hook_log())
    assert sum(HEADER in t for t in user_texts(later_of_2)) == 1  # the earlier turn's context, not a second one
    cases = [json.loads(line) for line in run_cli("show", "github.com/example/widget", "--json").stdout.splitlines()]
    assert [c["agent"] for c in cases if c["source"] == "human"] == ["gemini"]  # its type is the classifier's business


def test_the_evidence_guard_sends_a_bare_done_back(gemini_cli: Path, repo: Path, isolated_env: Path) -> None:
    script = [[{"text": "Done, the parser is fixed."}],
              [{"text": "You are right: I have not run anything. I have not changed the parser yet."}]]
    with fake_gemini(script) as model:
        env = gemini_env(isolated_env, model.url)
        assert run_cli("install", "gemini", cwd=repo, env=env).returncode == 0
        out = run_agent([str(gemini_cli), "-o", "text", "-p", "fix the parser"], cwd=repo, env=env)
        streamed = model.streamed()
    assert len(streamed) == 2, out
    retry = user_texts(streamed[1])[-1]
    assert "fix the parser" not in retry and "tool" in retry.lower()  # the guard's reason, as a new prompt
    assert "I have not changed the parser yet." in out  # the answer to it is the turn's answer
    cases = [json.loads(line) for line in run_cli("show", "github.com/example/widget", "--json").stdout.splitlines()]
    assert [(c["agent"], c["source"], c["type"]) for c in cases] == [("gemini", "guard", "omission")]
