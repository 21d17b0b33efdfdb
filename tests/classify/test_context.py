"""The context a human message is typed in: the agent's previous message and its turn's tools."""
from __future__ import annotations

import pytest

from git_ledger.classify.classify import classify
from git_ledger.classify.context import Context, claims_work, hands_over_code, ran_edit_or_run, tool_name
from git_ledger.classify.rules import rule
from git_ledger.models import TYPES

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
    fixed, plan = Context.of(FIXED), Context.of(PLAN)
    asking = Context.of("I removed the old dictionary. Shall I also drop its tests?")
    assert fixed is not None and plan is not None and asking is not None
    assert (fixed.claimed, fixed.asked_user) == (True, False)
    assert (plan.claimed, plan.asked_user) == (False, False)
    assert (asking.claimed, asking.asked_user) == (True, True)
    assert Context.of(None, ["Read(a.py)"]) is not None
    assert tool_name("Bash(cd src && make)") == "bash" and tool_name("Update Todos") == "update todos"
    # a labelled call in brackets (a localized export): the label is not the tool
    assert tool_name("[ツール: Edit] ~/src/a.py") == "edit" and tool_name("[Tool: Bash]") == "bash"
    assert ran_edit_or_run(["[ツール: Bash]"]) and not ran_edit_or_run(["[ツール: Read] ~/src/a.py"])
    assert ran_edit_or_run(["apply_patch"]) and not ran_edit_or_run(["Read(a.py)"])
    # the target after a space, as some logs write a call
    assert tool_name("Edit src/views/Settings.vue") == "edit" and tool_name("Bash yarn add -D sass") == "bash"
    assert tool_name("Edit src/app.py") == "edit" and tool_name("Bash ./gradlew test") == "bash"
    assert ran_edit_or_run(["Write lib/a.dart"]) and not ran_edit_or_run(["Update Todos", "Read file: src/a.py", "Read src/a.py"])
    assert ran_edit_or_run(["Write docs/a.md"]) and not ran_edit_or_run(["Read src/a.py", "Grep parse", "Update Todos"])


def test_a_tool_written_with_its_target_after_a_space() -> None:
    assert ran_edit_or_run(["Edit src/app.py"]) and ran_edit_or_run(["Bash pytest tests -q"])
    assert ran_edit_or_run(["Write docs/usage.md"])
    assert not ran_edit_or_run(["Read src/app.py", "Grep parse", "Update Todos"])
    assert classify("nothing happens when I click it", previous="I wired the button.",
                    previous_tools=["Edit src/Button.tsx"]).type == "result-error"


def test_a_report_of_work_is_a_claim_and_a_plan_is_not() -> None:
    assert claims_work("I changed the retry limit to 5.")
    assert claims_work("Updated the routes and the tests.")
    assert claims_work("我已经修改了配置文件。")
    assert claims_work("設定ファイルを変更しました。")
    assert claims_work("설정 파일을 수정했습니다.")
    assert claims_work("现在标题已经居中了。")
    assert claims_work("設定を書き直しました。")
    assert claims_work("요구사항 문서를 보완하였습니다.")
    assert claims_work("불필요한 아이콘을 제거했습니다.")
    assert claims_work("这段代码修正了构造函数的调用。")
    assert claims_work("Now let's try the import once more with the renamed column:")
    assert claims_work("```js\n// ... existing code ...\nconst retries = 5;\n```")
    assert claims_work("Tell me if these edits help.")
    assert claims_work("6. **Kept `slugify`**: as requested\n7. **Updated exports**: dropped the old alias")
    assert not claims_work("**Note**: the exports live in index.js")
    assert not claims_work("Let me change the retry limit.")
    assert not claims_work("どちらの方針にするか決めてください。")
    assert not claims_work("Would you like me to update the routes?")
    assert not claims_work("The retry limit is set in config.py.")


@pytest.mark.parametrize("previous", ["이제 정상적으로 작동할 것입니다.", "새로고침하면 반영될 거예요.", "다시 실행해 보세요.",
                                      "수정된 코드는 다음과 같습니다:", "빌드도 성공했습니다.", "변경 사항을 적용했으니 확인 부탁드립니다."])
def test_korean_this_should_work_now_and_try_again_claim_work(previous: str) -> None:
    assert claims_work(previous)
    assert classify("그대로예요", previous=previous).type == "result-error"


def test_a_korean_plan_or_a_choice_to_make_claims_no_work() -> None:
    assert not claims_work("다음 단계로 테스트를 작성하겠습니다.")
    assert not claims_work("어떤 방식으로 작동할지 정해 주세요.")


def test_rule_takes_the_context_flags_as_keywords() -> None:
    r = rule("result-error", "x", r"\bx\b", after_claim=True, asked=True)
    assert r.after_claim and r.asked
    assert not rule("result-error", "y", r"\by\b").after_claim


# --- the phenomena of real corrections, in messages written for these tests ----------------------
# (text, previous agent message, its turn's tools, the type or None for "not typed").
CLAIM = "I've updated `parse_dates` to read the offset. This should fix the wrong times."
CHAT = "Here's the updated config. With this change the crawler will skip the login page."
RAN = ["Edit(src/dates.py)", "Bash(pytest -q)"]
PLAN_ONLY = "I'd start by reading the scheduler. Want me to go ahead?"
HARD_CASES: list[tuple[str, str | None, list[str], str | None]] = [
    # result-error: the work did not do it
    ("still not working", CLAIM, RAN, "result-error"),
    ("nope, still the same", CLAIM, [], "result-error"),
    ("no change", CHAT, [], "result-error"),
    ("nothing changed at all, whatever you did", CLAIM, RAN, "result-error"),
    ("webpack still doesn't build", CLAIM, RAN, "result-error"),
    ("the icons don't show at all now", CLAIM, RAN, "result-error"),
    ("the export is empty now, can you tell me why?", CLAIM, RAN, "result-error"),
    ("still getting two copies of every page in the export", CLAIM, RAN, "result-error"),
    ("error on login now", CLAIM, RAN, "result-error"),
    ("the worker now crashes with error:", CLAIM, RAN, "result-error"),
    ("great, way better, one small problem is the dates are in UTC", CLAIM, RAN, "result-error"),
    ("great, except the footer overlaps the table", CLAIM, RAN, "result-error"),
    ("now it's the same error again", None, [], "result-error"),
    ("lint fails:\nsrc/app.py:3:1: F401 'os' imported but unused", CLAIM, RAN, "result-error"),
    ("Console errors:\nUncaught TypeError: cannot read properties of undefined (reading 'map')\n    at List (List.tsx:27:18)",
     CLAIM, RAN, "result-error"),
    ("the totals both seem wrong", CLAIM, RAN, "result-error"),
    ("still wrong output:\n[INFO] loaded 3 engines\n[INFO] searching\nthe debug banner should not be printed", CLAIM, RAN, "result-error"),
    ("lint fails", CLAIM, RAN, "result-error"),
    ("the tests still fail", CLAIM, RAN, "result-error"),
    ("it returns 0 rows", CLAIM, RAN, "result-error"),
    ("now it's even worse", CLAIM, RAN, "result-error"),
    ("it shows the id instead of the name", CLAIM, RAN, "result-error"),
    ("now the sidebar is gone", CLAIM, RAN, "result-error"),
    ("it keeps crashing on save", CLAIM, RAN, "result-error"),
    ("the modal doesn't open", CLAIM, RAN, "result-error"),
    # omission
    ("the header row is there but I don't see any totals", CLAIM, RAN, "omission"),
    ("did you update the routes too?", CLAIM, RAN, "omission"),
    ("what about the tests?", CLAIM, RAN, "omission"),
    ("the migration is missing", CLAIM, RAN, "omission"),
    ("didn't you have to update the routes too?", CLAIM, RAN, "omission"),
    # premise-error
    ("no, we use pnpm", CLAIM, RAN, "premise-error"),
    ("no, that table was dropped last year, it isn't in the schema", CLAIM, RAN, "premise-error"),
    ("we already have that endpoint, I'm fairly sure", "Missing: a DELETE endpoint for vehicles.", ["Edit(api.py)"], "premise-error"),
    ("where did you see that instruction?", CLAIM, RAN, "premise-error"),
    ("that helper doesn't exist in this repo, where is it from?", CLAIM, RAN, "premise-error"),
    ("i didn't ask about speed, only whether it compiles", CLAIM, RAN, "premise-error"),
    # instruction-violation
    ("why did you delete the fixtures?", CLAIM, RAN, "instruction-violation"),
    ("revert that", CLAIM, RAN, "instruction-violation"),
    ("no, don't drop that lookup table", CLAIM, RAN, "instruction-violation"),
    ("I keep saying it: the import paths take no extension", CLAIM, RAN, "instruction-violation"),
    ("instead of using the two files i attached, you opened the lockfile", CLAIM, RAN, "instruction-violation"),
    # the same words with no claim before them: a report or a new task, not typed
    ("webpack doesn't build", PLAN_ONLY, ["Read(src/app.py)"], None),
    ("no change", None, [], None),
    ("error on login now", None, [], None),
    ("the migration is missing", PLAN_ONLY, [], None),
    ("lint fails:\nsrc/app.py:3:1: F401 'os' imported but unused", None, [], None),
    ("the header row is there but I don't see any totals", PLAN_ONLY, [], None),
    # after a claim, still not corrections: instructions, new tasks, the user's own doing, approval
    ("add a --dry-run flag, don't change the default behaviour", CLAIM, RAN, None),
    ("make it so the button doesn't show when logged out", CLAIM, RAN, None),
    ("verify the API still returns 200 for anonymous users", CLAIM, RAN, None),
    ("thanks, that works. Next: the avatar doesn't show on the profile page, can you add it?", CLAIM, RAN, None),
    ("it's not working because my server isn't running, let me start it", CLAIM, RAN, None),
    ("I still see the old logo, probably cache, I'll clear it", CLAIM, RAN, None),
    ("there are some issues with the docs site, unrelated, ignore them", CLAIM, RAN, None),
    ("except for the tests, everything else can go", CLAIM, RAN, None),
    ("I broke it, not you. I reverted the env file by accident", CLAIM, RAN, None),
    ("the CSV export is missing the last row, it's been like that for a while", CLAIM, RAN, None),
    ("no, that's fine, leave it", CLAIM, RAN, None),
    ("i already did that, thanks", CLAIM, RAN, None),
    ("if it still fails, revert the change", CLAIM, RAN, None),
    ("great, now add a dark mode", CLAIM, RAN, None),
    ("the error is gone", CLAIM, RAN, None),
    ("the old files are gone, good", CLAIM, RAN, None),
    ("make sure the button doesn't close the modal", CLAIM, RAN, None),
    ("what about next week?", CLAIM, RAN, None),
    ("what about using redis instead?", CLAIM, RAN, None),
    ("did you run the tests?", CLAIM, RAN, None),  # a re-check request
    ("show the name instead of the id", CLAIM, RAN, None),
    ("the build failed last night, add an alert", CLAIM, RAN, None),
    ("it should return nothing when the list is empty", CLAIM, RAN, None),
    ("revert the migration to 0042", CLAIM, RAN, None),
    ("lint fails", None, [], None),
    ("what about the tests?", None, [], None),
    ("no, don't remove it", "I removed the unused dictionary. Should I also drop its tests?", RAN, None),  # an answer
]


def test_the_hard_cases() -> None:
    wrong = []
    for text, previous, tools, expected in HARD_CASES:
        got = classify(text, previous=previous, previous_tools=tools)
        typed = got.type if got.type in TYPES else None
        if typed != expected:
            wrong.append((text, expected, got.type, got.rule or got.excluded))
    assert not wrong, wrong


def test_a_long_message_is_read_by_its_opening_only_right_after_a_claim() -> None:
    text = ("still not rendering the thumbnails. I uploaded two more sample images so you can compare the "
            "output, and a tiny script that renders a single thumbnail would make this quicker to debug "
            "before we fold it back into the gallery module.")
    assert len(text) > 200
    got = classify(text, previous=CLAIM, previous_tools=RAN)
    assert (got.type, got.rule) == ("result-error", "en.result-error.no-change-after-claim.opening")
    assert classify(text).excluded == "long"  # without a claim before it: a long new instruction


# --- bare reports of a bad result: typed after the agent's work, not after a turn that claimed none --
EXPLAINED = "The scheduler reads its jobs from the queue table; each worker takes one at a time."
BARE_REPORTS = [
    ("still wrong", "en", "result-error"),
    ("the changelog wasn't updated", "en", "omission"),
    ("现在列表没有分页", "zh", "result-error"),
    ("还是没有显示图标", "zh", "result-error"),
    ("まだ直っていません", "ja", "result-error"),
    ("テストが追加されていません", "ja", "omission"),
    ("반영이 안 됐어요", "ko", "result-error"),
]


def test_a_bare_report_after_the_agents_work_is_a_correction() -> None:
    for text, lang, type_ in BARE_REPORTS:
        got = classify(text, previous=CLAIM, previous_tools=RAN)
        assert (got.type, got.lang) == (type_, lang), text


def test_a_bare_report_after_an_explanation_is_a_new_task_not_a_correction() -> None:
    for text, *_ in BARE_REPORTS:
        assert classify(text, previous=EXPLAINED).type not in TYPES, text
        assert classify(text, previous=PLAN_ONLY, previous_tools=["Read(src/app.py)"]).type not in TYPES, text


def test_a_bare_report_without_any_context_types_as_before() -> None:
    # Nothing is known of the previous turn (the CLI given a text alone): nothing says it is a task.
    for text, _, type_ in BARE_REPORTS:
        assert classify(text).type == type_, text


def test_the_report_flag_marks_only_result_error_rules_by_name() -> None:
    from git_ledger.classify.rules import reports

    types = (rule("result-error", "a", r"\ba\b"), rule("instruction-violation", "a", r"\bb\b"))
    marked = reports(types, frozenset({"a"}))
    assert [r.report for r in marked] == [True, False]
    with pytest.raises(ValueError, match="no omission or result-error rule named"):
        reports(types, frozenset({"missing"}))


def test_why_is_it_not_working_asked_after_the_agents_work_is_a_result_error() -> None:
    # The rule's first alternative once began with a backspace character instead of `\b`.
    for text in ("why is it not working?", "why is the page still blank?"):
        assert classify(text, previous=CLAIM).type == "result-error", text
    assert classify("why is the cache needed?", previous=CLAIM).type not in TYPES


def test_a_question_at_the_end_does_not_make_the_statements_before_it_questions() -> None:
    cases = [
        ("The export doesn't work now.\nCan you see why?", "en"),
        ("现在保存按钮没有反应。是缓存的问题吗？", "zh"),
        ("それはv2ではなく、v3の設定です。どうしてv2を変えたんですか？", "ja"),
    ]
    for text, lang in cases:
        got = classify(text, previous=CLAIM, previous_tools=RAN)
        assert got.type in TYPES and got.lang == lang, text
    # Only questions: the question rule still holds ("other" at most, never typed).
    assert classify("you forgot the tests?", previous=CLAIM).type not in TYPES
    assert classify("Did it build? Can you check the logs?", previous=CLAIM).type not in TYPES


def test_a_plan_a_list_or_an_upstream_fix_claims_no_work() -> None:
    assert not claims_work("Here is the updated plan: 1. add the model 2. add the route.")
    assert not claims_work("Here is the complete list of endpoints:")
    assert not claims_work("The bug is fixed in version 2.3 of the library, so you could upgrade.")
    assert claims_work("Here's the updated config with the new timeout.")
    assert claims_work("The bug is fixed: the parser now skips empty rows.")


@pytest.mark.parametrize("previous", [
    "2. 改进了表单校验：提交前检查邮箱格式", "优化了底部栏的样式。", "新增了导出接口。", "这样应该更流畅了。请试试看是否符合要求。",
    "クリック時に色が変わるよう修正", "✅ **一覧画面の実装完了**", "修正後、ページを開き直してもう一度試してください。", "ビルド後に動作確認をしてください。",
    "메뉴를 열면 배경이 보이게 했습니다.", "간격이 모두 같도록 했습니다.",
    # the build or the tests passed; "this should work now"; work narrated as it happens
    "警告は残りましたがビルドは成功しています。", "テストが全て通過しました。", "これで一覧が正しく表示されるはずです。",
    "これで不要なファイルはコミットされません。", "构建成功了，可以部署。", "单元测试都通过。", "正在修改路由配置。",
    "✅ Created the settings page with:", "The form now supports file uploads.",
    "버튼이 오른쪽에 오도록 수정 중입니다.", "이제 검색창이 제목 옆에 위치합니다.",
    "I swapped in the 2x icons.", "图标已经换成高清的了。",
])
def test_work_reported_or_handed_over_to_be_tried_claims_work(previous: str) -> None:
    assert claims_work(previous)


@pytest.mark.parametrize("previous", [
    "你提到了缓存的问题，我们先看看配置。", "要不要我再优化一下样式？", "どの画面から作りますか？", "어떤 방식으로 할지 알려 주세요.",
    # a build or test that is to come, or failed; a plan with "now"
    "ビルドが成功したら、アプリを起動してください。", "ビルドが成功しませんでした。", "编译成功后运行一下。", "测试通过的话就提交。",
    "编译没有通过。", "これで確認します。", "이제 다음 단계로 진행합니다.",
])
def test_a_question_or_an_offer_in_those_languages_claims_no_work(previous: str) -> None:
    assert not claims_work(previous)


def test_the_report_before_the_closing_code_is_read() -> None:
    commands = "\n\n```bash\nnpm install\nnpm run dev\n```\n\n```ts\n" + "const retries = 5;\n" * 120 + "```"
    assert claims_work("修改了结算逻辑，现在会先显示订单确认页。" + commands)
    assert claims_work("I updated the checkout flow." + commands)
    assert not claims_work("Which payment providers should the checkout offer?\n\n```bash\nnpm install\nnpm run dev\n```")


HANDED_OVER = "Replace the loader in `app.py` with this:\n\n```python\ndef load(path):\n    with open(path) as f:\n        return json.load(f)\n```\n\nThen run it again."
QUOTED = "This is the loader as it stands:\n\n```python\ndef load(path):\n    with open(path) as f:\n        return json.load(f)\n```\n\nIt reads the whole file at once."


def test_a_chat_answer_that_hands_over_code_claims_work() -> None:
    # A chat agent (no tool call on record) does its work by writing the code for the user to apply.
    assert hands_over_code(QUOTED)
    assert claims_work(QUOTED)
    assert claims_work("Here is the new version of the loop:\n\n```\nint main() {\n    init();\n    return run();\n}\n```")
    # A turn that ran only reading tools quoted what it read.
    assert not claims_work(QUOTED, ["Read(app.py)"])
    assert not Context(QUOTED, ["Read(app.py)"]).claimed
    assert Context(QUOTED).claimed


@pytest.mark.parametrize("previous", [
    "Run these:\n\n```bash\nnpm install\nnpm run build\nnpm start\n```",  # commands to run
    "You should see:\n\n```text\nServer listening on 3000\nConnected to db\nReady\n```",  # output to expect
    "The layout:\n\n```\nsrc/\n  app.py\n  util.py\ntests/\n```",  # a tree, not code
    "Call it like this:\n\n```python\nload(path)\n```",  # a line or two names a call
])
def test_commands_output_trees_and_one_liners_are_not_code_handed_over(previous: str) -> None:
    assert not hands_over_code(previous)


def test_a_pasted_failure_after_code_handed_over_is_a_result_error_after_code_read_it_is_not() -> None:
    pasted = "```\nTraceback (most recent call last):\n  File \"app.py\", line 3, in load\nNameError: name 'json' is not defined\n```"
    assert classify(pasted, previous=HANDED_OVER).type == "result-error"
    assert classify(pasted, previous=QUOTED, previous_tools=["Read(app.py)"]).type not in TYPES
