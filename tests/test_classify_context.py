"""The context a human message is typed in: the agent's previous message and its turn's tools."""
from __future__ import annotations

from git_ledger.classify.classify import classify
from git_ledger.classify_context import Context, claims_work, ran_edit_or_run, tool_name
from git_ledger.classify.rules import rule

FIXED = "I've updated the date parser to read the offset; this should fix the wrong times."
PLAN = "I'll look at the date parser next and then update the tests."


def test_old_callers_keep_working_without_a_context() -> None:
    assert classify("you forgot the tests").type == "omission"
    assert classify("no change").type != "result-error"  # an after-claim rule needs a context


def test_no_change_after_a_claimed_fix_is_a_result_error() -> None:
    got = classify("no change", previous=FIXED)
    assert (got.type, got.rule) == ("result-error", "en.result-error.no-change-after-claim")
    assert classify("still the same.", previous="Done.").type == "result-error"


def test_the_same_words_after_a_plan_or_at_the_start_are_not_typed() -> None:
    assert classify("no change", previous=PLAN).type != "result-error"
    assert classify("no change", previous=None, previous_tools=()).type != "result-error"


def test_edit_or_run_tools_count_as_a_claim_of_work_reading_does_not() -> None:
    assert classify("no change", previous="Here it is.", previous_tools=["Edit(src/app.py)"]).type == "result-error"
    assert classify("no change", previous_tools=["Bash(npm test)"]).type == "result-error"
    assert classify("no change", previous_tools=["Read(src/app.py)", "Grep(parse)", "Update Todos"]).type != "result-error"


def test_context_of_a_turn() -> None:
    assert Context.of(None) is None
    assert Context.of(FIXED) == Context(claimed=True)
    assert Context.of(PLAN) == Context(claimed=False)
    assert tool_name("Bash(cd src && make)") == "bash" and tool_name("Update Todos") == "update todos"
    assert ran_edit_or_run(["apply_patch"]) and not ran_edit_or_run(["Read(a.py)"])


def test_a_report_of_work_is_a_claim_and_a_plan_is_not() -> None:
    assert claims_work("I changed the retry limit to 5.")
    assert claims_work("Updated the routes and the tests.")
    assert claims_work("我已经修改了配置文件。")
    assert claims_work("設定ファイルを変更しました。")
    assert claims_work("설정 파일을 수정했습니다.")
    assert not claims_work("Let me change the retry limit.")
    assert not claims_work("Would you like me to update the routes?")
    assert not claims_work("The retry limit is set in config.py.")


def test_rule_takes_the_context_flags_as_keywords() -> None:
    r = rule("result-error", "x", r"\bx\b", after_claim=True, asked=True)
    assert r.after_claim and r.asked
    assert not rule("result-error", "y", r"\by\b").after_claim
