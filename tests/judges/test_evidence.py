"""What the local judges read of a message: its typed words and facts about the turn before it."""
from __future__ import annotations

import pytest

from git_ledger.judges.evidence import FLAG_TOKENS, gather


@pytest.mark.parametrize("text", [
    "and now this error appears: list index out of range",
    "还是不行，页面报错",
    "修正してもまだエラーが出ます",
    "여전히 에러가 나요",
])
def test_a_failure_right_after_the_agents_work_is_one_fact(text: str) -> None:
    flags = gather(text, "I've updated the handler; this should fix it.", "Edit lib/a.ex").flags
    assert "failure-words" in flags and "failure-after-work" in flags


def test_the_same_words_opening_a_task_are_not_after_work() -> None:
    flags = gather("there is an error on the login page, can you look?").flags
    assert "failure-words" in flags and "failure-after-work" not in flags
    assert "prev-unknown" in flags


def test_a_new_request_after_work_names_no_failure() -> None:
    flags = gather("great, now add a dark mode toggle", "Done: the tests pass.", "Bash pytest").flags
    assert "failure-words" not in flags and "failure-after-work" not in flags


def test_every_flag_is_a_known_token() -> None:
    for args in (("no, you did the opposite", "Updated the config.", "Edit a.py"), ("hi", "", "")):
        assert set(gather(*args).flags) <= set(FLAG_TOKENS)


@pytest.mark.parametrize(("tools", "edited"), [
    ("[Tool: Bash] npm test", True),  # an export's bracketed label names the tool
    ("[ツール: Edit] src/a.py", True),
    ("Edit src/a.py; Bash pytest", True),
    ("Update Todos", False),  # a to-do list is no edit, though "update" alone is
    ("Read src/a.py; Grep TODO", False),
])
def test_tool_calls_are_read_as_the_rules_read_them(tools: str, edited: bool) -> None:
    from git_ledger.classify.context import ran_edit_or_run

    flags = gather("still failing", "", tools).flags
    assert ("tools-edit-run" in flags) is edited
    assert ran_edit_or_run(tools.split("; ")) is edited
    assert "tools-some" in flags
