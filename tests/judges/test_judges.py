"""The judges themselves: answer parsing, the agreement rule, and each backend for real
(command judges are small scripts run as real processes; the openai judge talks to a real HTTP
server on 127.0.0.1)."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from git_ledger.errors import FatalError
from git_ledger.judges import from_config, require_panel, warn_offsite
from git_ledger.judges.base import ABSTAIN, ERROR, INVALID, OK, TIMEOUT, Answer, JudgeInput, parse_answer
from git_ledger.judges.chat import ChatJudge, is_loopback
from git_ledger.judges.command import CommandJudge
from git_ledger.judges.panel import AGREED, DISAGREED, NO_QUORUM, SAID_NONE, ask_panel, verdict
from tests.testing.agents import fake_model
from tests.testing.chat_server import chat_server, message_of

JUDGES = Path(__file__).parent  # the fixture judges sit beside these tests
ITEM = JudgeInput("you forgot the changelog entry", "Edit CHANGELOG.md; Bash git commit -m release")


def script(name: str, *args: str) -> list[str]:
    return [sys.executable, str(JUDGES / name), *args]


def command_judge(name: str, argv: list[str], **kw: object) -> CommandJudge:
    return CommandJudge(name, "test", argv, env=os.environ, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("raw", "status", "value"),
    [
        ("omission", OK, "omission"),
        ("  Omission.\n", OK, "omission"),
        ("**none**", OK, "none"),
        ("`result-error`", OK, "result-error"),
        ("Instruction violation", OK, "instruction-violation"),
        ("premise_error", OK, "premise-error"),
        ("<think>the user says the agent forgot</think>\nomission", OK, "omission"),
        ("unsure", ABSTAIN, None),
        ("I think this is an omission", INVALID, None),
        ("omission, or maybe result-error", INVALID, None),
        ("other", INVALID, None),
        ("", INVALID, None),
    ],
)
def test_only_one_word_from_the_list_is_an_answer(raw: str, status: str, value: str | None) -> None:
    answer = parse_answer(raw)
    assert (answer.status, answer.value) == (status, value)


def _a(value: str | None, status: str = OK) -> Answer:
    return Answer(status, value)


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        # two judges
        ([("a", _a("omission")), ("b", _a("omission"))], ("omission", AGREED, "judges:a+b")),
        ([("a", _a("omission")), ("b", _a("result-error"))], (None, DISAGREED, "")),
        ([("a", _a("omission")), ("b", _a("none"))], (None, SAID_NONE, "")),
        ([("a", _a("none")), ("b", _a("none"))], (None, SAID_NONE, "")),
        ([("a", _a("omission")), ("b", _a(None, ABSTAIN))], (None, NO_QUORUM, "")),
        ([("a", _a("omission")), ("b", _a(None, TIMEOUT))], (None, NO_QUORUM, "")),
        ([("a", _a(None, INVALID)), ("b", _a("omission"))], (None, NO_QUORUM, "")),
        ([("a", _a(None, ERROR)), ("b", _a(None, ERROR))], (None, NO_QUORUM, "")),
        # three judges: a failed judge is no vote, any dissent is a veto
        ([("a", _a(None, TIMEOUT)), ("b", _a("premise-error")), ("c", _a("premise-error"))],
         ("premise-error", AGREED, "judges:b+c")),
        ([("a", _a("omission")), ("b", _a("none")), ("c", _a("omission"))], (None, SAID_NONE, "")),
        ([("a", _a("omission")), ("b", _a("result-error")), ("c", _a("omission"))], (None, DISAGREED, "")),
    ],
)
def test_agreement_rule(answers: list[tuple[str, Answer]], expected: tuple[str | None, str, str]) -> None:
    v = verdict(answers)
    assert v is not None
    assert (v.type, v.reason, v.typed_by) == expected


def test_verdict_waits_while_the_remaining_judges_could_still_agree() -> None:
    assert verdict([("a", _a("omission"))], remaining=1) is None
    assert verdict([("a", _a(None, TIMEOUT))], remaining=2) is None
    # One judge left, no vote yet: two votes are out of reach, so it is settled now.
    settled = verdict([("a", _a(None, TIMEOUT))], remaining=1)
    assert settled is not None and settled.reason == NO_QUORUM


# ------------------------------------------------------------------ command judges
def test_command_judge_gets_the_prompt_on_stdin_in_an_empty_folder(tmp_path: Path) -> None:
    log = tmp_path / "calls.jsonl"
    judge = command_judge("a", script("answer.py", "omission", str(log)))
    (answer,) = judge.judge([ITEM])
    assert (answer.status, answer.value) == (OK, "omission")
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(calls) == 1
    prompt = calls[0]["stdin"]
    assert prompt.startswith("[git-ledger judge]")  # the collector never counts it as a correction
    assert "<<<\nyou forgot the changelog entry\n>>>" in prompt
    assert "Edit CHANGELOG.md; Bash git commit -m release" in prompt
    for word in ("omission", "instruction-violation", "premise-error", "result-error", "none"):
        assert word in prompt
    assert "exactly one word" in prompt
    # Our own hooks are off inside a judge, and it runs where no repository instructions are.
    assert calls[0]["disable"] == "1"
    assert calls[0]["cwd_entries"] == []
    assert not Path(calls[0]["cwd"]).exists()


def test_command_judge_answers(tmp_path: Path) -> None:
    answers = command_judge("a", script("answer.py", "Result-Error.")).judge([ITEM, ITEM])
    assert [(a.status, a.value) for a in answers] == [(OK, "result-error")] * 2
    assert all(a.seconds > 0 for a in answers)


def test_command_judge_json_format() -> None:
    judge = command_judge("kw", script("keywords.py"), fmt="json")
    items = [ITEM, JudgeInput("thanks, merge it"), JudgeInput("the build is broken since your change")]
    assert [a.value for a in judge.judge(items)] == ["omission", "none", "result-error"]


def test_command_judge_garbage_and_failure_are_no_votes() -> None:
    garbage = command_judge("g", script("answer.py", "Sure! I would say omission.")).judge([ITEM])[0]
    assert garbage.status == INVALID and garbage.vote is None
    failed = command_judge("f", script("failing.py")).judge([ITEM])[0]
    assert failed.status == ERROR
    assert failed.detail == "exit status 2: model overloaded, try later"


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0]
    except (OSError, IndexError):
        return False
    return state != "Z"  # a zombie has exited; only its parent has not reaped it yet


def test_command_judge_timeout_kills_the_whole_process_group(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    judge = command_judge("slow", script("sleepy.py", str(pidfile)), timeout=1.5)
    start = time.monotonic()
    answer = judge.judge([ITEM])[0]
    assert answer.status == TIMEOUT
    assert time.monotonic() - start < 10
    grandchild = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while _alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(grandchild)


def test_a_judge_that_keeps_failing_sits_out_the_rest_of_the_run() -> None:
    judge = command_judge("f", script("failing.py"))
    answers = judge.judge([ITEM] * 5)
    assert [a.status for a in answers] == [ERROR] * 5
    assert [a.detail.startswith("skipped") for a in answers] == [False, False, False, True, True]


# ------------------------------------------------------------------ openai judges
def test_openai_judge_speaks_chat_completions_to_a_real_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_KEY", "sk-local-test")
    with chat_server(lambda body: (200, "Omission")) as server:
        cfg = {"judges": [{"name": "local", "kind": "openai", "url": server.url, "model": "qwen2.5:3b",
                           "key_env": "JUDGE_KEY"}]}
        (judge,) = from_config(cfg, os.environ, config_path=Path("config.yaml"))
        answers = judge.judge([ITEM])
    assert [(a.status, a.value) for a in answers] == [(OK, "omission")]
    assert judge.offsite is False
    (request,) = server.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == "Bearer sk-local-test"
    body = request["body"]
    assert body["model"] == "qwen2.5:3b" and body["temperature"] == 0 and body["stream"] is False
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "exactly one word" in body["messages"][0]["content"]
    assert message_of(body) == ITEM.text
    assert ITEM.previous_tools in body["messages"][1]["content"]


@pytest.mark.parametrize(
    ("status", "content", "expected"),
    [
        (500, '{"error": "overloaded"}', ERROR),
        (200, "RAW:<html>not json</html>", ERROR),
        (200, 'RAW:{"choices": []}', ERROR),
        (200, "The message reports an omission.", INVALID),
    ],
)
def test_openai_judge_failures_are_no_votes(status: int, content: str, expected: str) -> None:
    with chat_server(lambda body: (status, content)) as server:
        answer = ChatJudge("j", "t", server.url, "m").judge([ITEM])[0]
    assert answer.status == expected and answer.vote is None


def test_openai_judge_timeout() -> None:
    with chat_server(lambda body: (200, "omission")) as server:
        server.delay = 2.0
        answer = ChatJudge("j", "t", server.url, "m", timeout=0.5).judge([ITEM])[0]
    assert answer.status == TIMEOUT


def test_openai_judge_connection_refused_is_an_error() -> None:
    with chat_server(lambda body: (200, "omission")) as server:
        url = server.url
    answer = ChatJudge("j", "t", url, "m", timeout=2).judge([ITEM])[0]
    assert answer.status == ERROR


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:11434/v1", True),
        ("http://localhost:8080/v1", True),
        ("http://[::1]:8000/v1", True),
        ("http://127.3.2.1/v1", True),
        ("http://192.168.1.20:11434/v1", False),
        ("https://api.example.com/v1", False),
        ("http://localhost.example.com/v1", False),
    ],
)
def test_which_urls_stay_on_this_machine(url: str, loopback: bool) -> None:
    assert is_loopback(url) is loopback
    assert ChatJudge("j", "t", url, "m").offsite is (not loopback)


# ------------------------------------------------------------------ panel and config
def test_panel_asks_the_second_judge_only_while_agreement_is_possible(tmp_path: Path) -> None:
    log_a, log_b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first = command_judge("a", script("keywords.py"), fmt="json")
    second = command_judge("b", script("answer.py", "omission", str(log_b)))
    items = [ITEM, JudgeInput("thanks, merge it"), JudgeInput("please review it once more")]
    verdicts = ask_panel([first, second], items)
    assert [(v.type, v.reason, v.typed_by) for v in verdicts] == [
        ("omission", AGREED, "judges:a+b"), (None, SAID_NONE, ""), (None, SAID_NONE, ""),
    ]
    # Judge a said `none` to two of them: b was asked about one message only.
    assert len(log_b.read_text().splitlines()) == 1
    assert not log_a.exists()


def test_config_builds_each_kind_and_names_what_leaves_the_machine(tmp_path: Path) -> None:
    cfg = {"judges": [
        {"name": "haiku", "kind": "command", "command": [sys.executable, "-c", "print('none')"], "timeout": 30},
        {"name": "mine", "kind": "command", "command": f"{sys.executable} {JUDGES / 'keywords.py'}",
         "format": "json", "local": True},
        {"name": "local", "kind": "openai", "url": "http://127.0.0.1:11434/v1", "model": "qwen2.5:3b"},
        {"name": "hosted", "kind": "openai", "url": "https://api.example.com/v1", "model": "small"},
    ]}
    judges = from_config(cfg, os.environ, config_path=tmp_path / "config.yaml")
    assert [j.describe() for j in judges] == [
        "haiku (command, sends text off this machine)",
        "mine (command, stays on this machine)",
        "local (openai, stays on this machine)",
        "hosted (openai, sends text off this machine)",
    ]
    notices = warn_offsite(judges, tmp_path / "notified.json")
    assert [n.split(" (")[0] for n in notices] == ["note: judge haiku", "note: judge hosted"]
    assert warn_offsite(judges, tmp_path / "notified.json") == []  # shown once
    cfg["judges"][3]["model"] = "large"  # another model behind the same name: warn again
    again = from_config(cfg, os.environ, config_path=tmp_path / "config.yaml")
    assert [n.split(" (")[0] for n in warn_offsite(again, tmp_path / "notified.json")] == ["note: judge hosted"]


@pytest.mark.parametrize(
    ("judges", "message"),
    [
        ("not a list", "`judges` must be a list"),
        ([{"kind": "command", "command": ["x"]}], "`name` must be"),
        ([{"name": "a+b", "kind": "command", "command": ["x"]}], "`name` must be"),
        ([{"name": "a", "kind": "llm"}], "`kind` must be one of command, openai, embedding"),
        ([{"name": "a", "kind": "command", "command": ["no-such-judge-program"]}], "command not found"),
        ([{"name": "a", "kind": "command", "command": []}], "`command` must be a list"),
        ([{"name": "a", "kind": "command", "command": ["python3"], "format": "xml"}], "`format` must be"),
        ([{"name": "a", "kind": "command", "command": ["python3"], "timeout": "soon"}], "`timeout` must be"),
        ([{"name": "a", "kind": "openai", "url": "ftp://x", "model": "m"}], "`url` must start"),
        ([{"name": "a", "kind": "openai", "url": "http://127.0.0.1/v1"}], "`model` is required"),
        ([{"name": "a", "kind": "openai", "url": "http://127.0.0.1/v1", "model": "m", "key_env": "NO_SUCH_KEY_VAR"}],
         "NO_SUCH_KEY_VAR (key_env) is not set"),
        ([{"name": "a", "kind": "embedding", "model": "word2vec"}], "`model` must be one of e5, minilm"),
        ([{"name": "a", "kind": "command", "command": ["python3"]},
          {"name": "a", "kind": "command", "command": ["python3", "-V"]}], "two judges are named a"),
        ([{"name": "a", "kind": "command", "command": ["python3"]},
          {"name": "b", "kind": "command", "command": ["python3"], "timeout": 5}], "independent judges"),
    ],
)
def test_config_mistakes_are_one_line_errors(judges: object, message: str, tmp_path: Path) -> None:
    with pytest.raises(FatalError) as e:
        from_config({"judges": judges}, os.environ, config_path=tmp_path / "config.yaml")
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_fewer_than_two_judges_cannot_agree(tmp_path: Path) -> None:
    with pytest.raises(FatalError, match="no judges configured: add at least two judges under `judges:`"):
        require_panel([], tmp_path / "config.yaml")
    one = from_config({"judges": [{"name": "a", "kind": "command", "command": ["python3"]}]},
                      os.environ, config_path=tmp_path / "config.yaml")
    with pytest.raises(FatalError, match=r"only one judge \(a\) is configured"):
        require_panel(one, tmp_path / "config.yaml")


# ------------------------------------------------------------------ the real Claude Code CLI
@pytest.mark.e2e
def test_claude_code_print_mode_as_a_command_judge(claude_cli: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`claude -p` (the real CLI, offline against the scripted model) as a judge: the prompt goes
    in on stdin, the one-word answer comes back, and no session is left for the collector."""
    work = tmp_path / "model"
    with fake_model("anthropic", work, [[{"text": "Omission"}]]) as model:
        monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
        monkeypatch.setenv("ANTHROPIC_BASE_URL", model.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        monkeypatch.setenv("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        monkeypatch.setenv("PATH", f"{claude_cli.parent}{os.pathsep}{os.environ['PATH']}")
        (judge,) = from_config({"judges": [
            {"name": "haiku", "kind": "command", "timeout": 60,
             "command": ["claude", "-p", "--model", "haiku", "--no-session-persistence"]},
        ]}, os.environ, config_path=tmp_path / "config.yaml")
        (answer,) = judge.judge([ITEM])
    assert (answer.status, answer.value) == (OK, "omission"), answer.detail
    assert judge.offsite
    requests = [json.loads(line) for line in (work / "requests.jsonl").read_text().splitlines()]
    sent = json.dumps([r["body"]["messages"] for r in requests], ensure_ascii=False)
    assert "you forgot the changelog entry" in sent and "[git-ledger judge]" in sent
    assert not list((tmp_path / "claude").glob("projects/**/*.jsonl"))  # nothing to collect later
