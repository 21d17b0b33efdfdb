"""`collect --llm` judges, at collect time, the new messages the rules left untyped where the
judges' trained scope sends them (collect/judging.py): a real Claude Code session from tests/data
(the agent closes with "All tests pass and no lint issues. The fix is complete."), two messages of
ours after it, the built-in local pair, a real store."""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from git_ledger.collect.judging import typed_by
from git_ledger.models import TYPES
from git_ledger.store.store import Store
from tests.testing.util import JUDGES_DIR, fixtures_dir, require_local_model, run_cli

SESSION = fixtures_dir() / "entireio-cli" / "claude-a6e4c2a0fbd1-0.jsonl"
CORRECTION = "the warning never shows up in the terminal"  # no rule types it; it follows the claim
NEW_TASK = "now add a --verbose flag to the status command"


def _after(last: dict[str, Any], uuid: str, record: dict[str, Any]) -> dict[str, Any]:
    """A record continuing the session of `last`, as Claude Code writes the next one."""
    keep = ("isSidechain", "userType", "cwd", "sessionId", "version", "gitBranch", "slug")
    return {"parentUuid": last["uuid"], **{k: last[k] for k in keep if k in last}, **record, "uuid": uuid}


def _human(last: dict[str, Any], uuid: str, text: str, when: str) -> dict[str, Any]:
    return _after(last, uuid, {"type": "user", "message": {"role": "user", "content": text}, "timestamp": when})


def _agent(last: dict[str, Any], uuid: str, text: str, when: str) -> dict[str, Any]:
    content = [{"type": "text", "text": text},
               {"type": "tool_use", "id": f"toolu_{uuid}", "name": "Bash", "input": {"command": "go test ./..."}}]
    return _after(last, uuid, {"type": "assistant", "timestamp": when,
                               "message": {"role": "assistant", "content": content}})


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """The real session, then our correction of its claim, the agent's fix, and a new task."""
    folder = tmp_path / "logs"
    folder.mkdir()
    log = folder / SESSION.name
    shutil.copyfile(SESSION, log)
    last = json.loads(SESSION.read_text(encoding="utf-8").splitlines()[-1])
    correction = _human(last, "u-correction", CORRECTION, "2026-01-07T12:40:00.000Z")
    fixed = _agent(correction, "a-fixed", "Fixed: the warning is now written to stderr as well. All tests pass.",
                   "2026-01-07T12:42:00.000Z")
    new_task = _human(fixed, "u-new-task", NEW_TASK, "2026-01-07T12:43:00.000Z")
    with log.open("a", encoding="utf-8") as f:
        for record in (correction, fixed, new_task):
            f.write(json.dumps(record) + "\n")
    return folder


def _collect(logs: Path, *args: str) -> dict[str, Any]:
    out = run_cli("collect", "--logs", str(logs), *args, "--json")
    assert out.returncode == 0, out.stderr
    got: dict[str, Any] = json.loads(out.stdout)
    return got


def _cases() -> list[Any]:
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        return store.cases()


def test_without_llm_the_rules_alone_decide(logs: Path) -> None:
    got = _collect(logs)
    assert "judged" not in got
    texts = [c.text for c in _cases()]
    assert CORRECTION not in texts and NEW_TASK not in texts


def _choose_scope(scope: str, judges: str = "") -> None:
    """The user's `judge_scope` (the shipped pair may be trained for `other` cases only)."""
    home = Path(os.environ["GIT_LEDGER_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.yaml").write_text(f"judge_scope: {scope}\n{judges}")


def test_collect_llm_stores_what_the_local_pair_types_and_nothing_else(logs: Path) -> None:
    require_local_model()
    scope = "untyped-soft"  # the widest: the local pair then reads every untyped message after a turn
    _choose_scope(scope)
    got = _collect(logs, "--llm")
    judged = got["judged"]
    assert judged["scope"] == scope
    assert judged["judged"] >= 2  # the correction and the new task at least
    assert sum(judged["typed"].values()) >= 1
    assert judged["calls"]["ngram"] == judged["judged"]  # the cheap judge first, on every one
    assert judged["calls"]["e5"] <= judged["calls"]["ngram"]  # e5 only on what the n-gram judge typed

    by_text = {c.text: c for c in _cases()}
    case = by_text[CORRECTION]
    assert case.type in TYPES and case.source == "human" and case.lang == "en"
    assert case.typed_by == typed_by(scope, "judges:ngram+e5")
    assert case.context  # the previous turn's calls, as every human case keeps them
    assert NEW_TASK not in by_text  # not typed: no trace of it
    # ... not even a cached answer: the cache holds the `retype` pass's answers on `other` cases alone.
    with Store.open(Path(os.environ["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        cached = store.db.execute("SELECT COUNT(*) FROM judge_cache").fetchone()[0]
    assert cached <= 2 * got["retype"]["considered"] < judged["judged"], (cached, got["retype"], judged)
    assert sum(1 for c in by_text.values() if c.typed_by.startswith("judges.")) == sum(judged["typed"].values())

    again = _collect(logs, "--llm")  # nothing new: nothing judged twice, nothing stored twice
    assert again["judged"]["judged"] == 0 and again["cases"] == 0


def test_the_text_output_says_how_many_were_judged_and_typed(logs: Path) -> None:
    require_local_model()
    out = run_cli("collect", "--logs", str(logs), "--llm")
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("judged ") and "untyped" in x)
    assert " typed " in line
    assert CORRECTION not in out.stdout and NEW_TASK not in out.stdout


def _command_judges(tmp_path: Path, *, local: bool) -> Path:
    """Two configured command judges that both answer `result-error` to anything, logging what
    they are sent."""
    answer = JUDGES_DIR / "answer.py"
    sent = tmp_path / "sent.log"
    mark = ", local: true" if local else ""
    _choose_scope("untyped-long",
                  "judges:\n"
                  f"  - {{name: one, kind: command, command: [{sys.executable}, {answer}, result-error, {sent}]{mark}}}\n"
                  f"  - {{name: two, kind: command, command: [{sys.executable}, {answer}, result-error]{mark}}}\n")
    return sent


def test_configured_local_judges_are_asked_in_the_chosen_scope(tmp_path: Path, logs: Path) -> None:
    scope = "untyped-long"
    sent = _command_judges(tmp_path, local=True)
    got = _collect(logs, "--llm")
    by_text = {c.text: c for c in _cases()}
    # Judges that type everything type both: the scope, not the judges, chose what they saw.
    assert by_text[CORRECTION].typed_by == typed_by(scope, "judges:one+two")
    assert by_text[NEW_TASK].type == "result-error"
    assert got["judged"]["judged"] == sum(got["judged"]["typed"].values()) == len(sent.read_text().splitlines())


def test_judges_that_send_text_away_see_only_other_cases(tmp_path: Path, logs: Path) -> None:
    sent = _command_judges(tmp_path, local=False)
    out = run_cli("collect", "--logs", str(logs), "--llm", "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert "only `other` cases are judged" in got["judged"]["skipped"]
    assert "git-ledger: --llm: judge one, two sends text off this machine" in out.stderr
    texts = [c.text for c in _cases()]
    assert CORRECTION not in texts and NEW_TASK not in texts
    received = sent.read_text() if sent.exists() else ""
    assert CORRECTION not in received and NEW_TASK not in received
    assert got["retype"]["considered"] == len(received.splitlines())  # the stored `other` cases alone


def test_a_judge_scope_not_known_is_one_line(logs: Path) -> None:
    _choose_scope("everything")
    out = run_cli("collect", "--logs", str(logs), "--llm")
    assert out.returncode != 0
    assert "`judge_scope` must be one of other, untyped" in out.stderr and "Traceback" not in out.stderr
