"""Which of the rules' answers the judges are asked about (`judges.fullpath`), on real rule
classifications of our own messages."""
from __future__ import annotations

import pytest

from git_ledger.classify.classify import classify
from git_ledger.judges.fullpath import SCOPES, Message, final_type, judged
from git_ledger.judges.panel import AGREED, SAID_NONE, Verdict
from git_ledger.models import NONE, OTHER, TYPES, Classification

CLAIM = "I've fixed the import in app.py; it should work now."


def _judged(text: str, previous: str = "", tools: tuple[str, ...] = (), *, scope: str) -> bool:
    m = Message(text, previous, tools)
    return judged(classify(text, previous=previous or None, previous_tools=tools), m, scope=scope)


def test_every_scope_judges_the_rules_other_and_none_judges_what_they_typed() -> None:
    for scope in SCOPES:
        assert judged(Classification(OTHER, rule="en.other"), Message("x"), scope=scope)
        assert not judged(Classification(TYPES[0], rule="en.omission.x"), Message("x", CLAIM), scope=scope)


def test_the_rules_plain_none_is_judged_only_after_an_agent_turn() -> None:
    text = "let us move on to the export feature"
    assert classify(text, previous=CLAIM).excluded is None
    assert _judged(text, CLAIM, scope="untyped")
    assert _judged(text, "", ("Edit(app.py)",), scope="untyped")  # a stored case: its tool calls only
    assert not _judged(text, scope="untyped")  # nothing of the agent's to correct yet
    assert not _judged(text, CLAIM, scope="other")


def test_the_worked_scopes_judge_only_after_a_turn_that_claimed_or_did_work() -> None:
    text = "let us move on to the export feature"
    for scope in ("worked", "worked-long"):
        assert _judged(text, CLAIM, scope=scope)
        assert _judged(text, "", ("Edit(app.py)",), scope=scope)
        assert not _judged(text, "Which export format do you want?", scope=scope)  # it asked, it did nothing
        assert not _judged(text, "", ("Read(app.py)",), scope=scope)  # it only read
    long_text = "please also document the cache in our readme file. " * 6
    assert _judged(long_text, CLAIM, scope="worked-long") and not _judged(long_text, CLAIM, scope="worked")


def test_a_long_message_is_judged_by_its_opening_in_the_long_scopes() -> None:
    text = "please also document the cache in our readme file. " * 6
    assert classify(text, previous="Here is the plan.").excluded == "long"
    assert not _judged(text, "Here is the plan.", scope="untyped")
    assert _judged(text, "Here is the plan.", scope="untyped-long")


@pytest.mark.parametrize("text", [
    "my mistake, I gave you the wrong path",  # the user blames themselves
    "if the build fails, what would you change?",  # a hypothetical
])
def test_a_hard_exclusion_is_never_judged(text: str) -> None:
    c = classify(text, previous=CLAIM)
    assert c.type == NONE and c.excluded not in (None, "long", "pasted-output", "new-task")
    assert not any(_judged(text, CLAIM, scope=scope) for scope in SCOPES)


def test_the_final_type_is_the_rules_unless_the_judges_agreed() -> None:
    other = Classification(OTHER, rule="en.other")
    assert final_type(other, Verdict("omission", AGREED, "judges:a+b")) == "omission"
    assert final_type(other, Verdict(None, SAID_NONE)) == OTHER
    assert final_type(Classification(NONE), None) == NONE
