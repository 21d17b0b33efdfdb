"""The search-posture guard's shell reading (pure functions): what locates code by guessing."""
from __future__ import annotations

import pytest

from git_ledger.hooks.guards.search_posture import configured, decide, search_calls
from git_ledger.hooks.guards.shell import pipelines


@pytest.mark.parametrize(("command", "expected"), [
    ('grep -rn "a|b" src 2>/dev/null | head -20', [[["grep", "-rn", "a|b", "src"], ["head", "-20"]]]),
    ("cd /x && FOO=1 rg -n 'a.*b' . ; echo ok",
     [[["cd", "/x"]], [["FOO=1", "rg", "-n", "a.*b", "."]], [["echo", "ok"]]]),
    ("grep -n foo\\|bar file.py", [[["grep", "-n", "foo|bar", "file.py"]]]),
    ("cat <<EOF > f\nline | grep x\nEOF\ngrep x y", [[["cat"]], [["grep", "x", "y"]]]),
    ("echo $(grep a b | wc -l) # a comment | grep", [[["echo", "$(grep a b | wc -l)"]]]),
    ("make 2>&1 >log", [[["make"]]]),
])
def test_pipelines(command: str, expected: list[list[list[str]]]) -> None:
    assert pipelines(command) == expected


GUESSING = [
    'grep -rn "parse_date\\|parseDate\\|date_parse" src',
    "grep -rnE 'load|read|parse' .",
    "rg -n 'def .*date' .",
    "git grep -n -e foo -e bar -e baz",
    'find . -name "*.py" | xargs grep -n "a|b|c"',
    'find . -name "*.py" -exec grep -n "a|b|c" {} +',
    'sudo timeout 10 grep -rn --include="*.py" "class .*Handler" .',
    'grep -rn "a|b|c" src/ tests/',
]
LEFT_ALONE = [
    'grep -rl "a|b|c" .', "grep -rc 'a|b|c' .", 'rg --files-with-matches "a|b|c"',
    'grep -rn "a|b|c" . | wc -l', 'grep -rn "a|b|c" . | sort | uniq -c',
    'grep -n "a|b|c" src/app.py', "rg 'def .*date' src/dates.py", "grep -q 'a|b|c' setup.cfg",
    'pytest -q 2>&1 | grep -E "passed|failed|error"', 'ps aux | grep -E "a|b|c"',
    "grep -rF 'a|b|c' .", "grep -rn parse_date src", "ls src | grep -v test",
]


@pytest.mark.parametrize("command", GUESSING)
def test_guessing_searches(command: str) -> None:
    reminder = decide([command], "semble")
    assert reminder is not None and reminder.commands == (command,)


@pytest.mark.parametrize("command", LEFT_ALONE)
def test_searches_left_alone(command: str) -> None:
    assert decide([command], "semble") is None


def test_three_searches_in_one_turn() -> None:
    commands = ["grep -rn parse_date src", "rg -n DateParser", "git grep to_iso", "pytest -q"]
    reminder = decide(commands, "semble")
    assert reminder is not None and reminder.why == "3 searches in one turn"
    assert reminder.commands == tuple(commands[:3])
    assert decide(commands[:2], "semble") is None


def test_no_preferred_tool_no_reminder() -> None:
    assert decide(GUESSING, None) is None and decide(GUESSING, "") is None


def test_calls_are_found_in_compound_commands() -> None:
    calls = search_calls("cd src && grep -rn 'a|b|c' . | head; rg -l x")
    assert [(c.tool, c.locating, c.guessing) for c in calls] == [("grep", True, True), ("rg", False, False)]


@pytest.mark.parametrize(("cfg", "expected"), [
    ({"search": {"preferred": "semble", "hint": "semble search '<intent>'"}},
     ("semble", "semble search '<intent>'")),
    ({"search": {"preferred": " semble "}}, ("semble", None)),
    ({"search": {}}, None), ({"search": "semble"}, None), ({}, None), ({"search": {"preferred": 3}}, None),
])
def test_configured(cfg: dict[str, object], expected: tuple[str, str | None] | None) -> None:
    assert configured(cfg) == expected
