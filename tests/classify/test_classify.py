"""The rule classifier: examples that read like its documentation, the quality gate on the
labelled sets, the speed of every pattern on adversarial input, and the `classify` command."""
from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from git_ledger.classify import classify as C
from git_ledger.models import TYPES, Event
from tests.testing.util import REPO_ROOT, fixtures_dir, run_cli

DATA = REPO_ROOT / "tests" / "data"


def _load_bench(name: str) -> ModuleType:
    """A script from bench/ (not a package) as a module."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO_ROOT / "bench" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# (message, type, excluded): the four types, each language, and the near-misses beside them.
EXAMPLES = [
    # omission
    ("you missed the tests", "omission", None),
    ("You forgot to update the docs.", "omission", None),
    ("the migration is still missing", "omission", None),
    ("you didn't run the tests", "omission", None),
    ("你漏掉了測試", "omission", None),
    ("你忘了更新文档", "omission", None),
    ("ドキュメントの更新を忘れています", "omission", None),
    ("READMEの更新が抜けてる", "omission", None),
    ("테스트 빠졌어", "omission", None),
    ("문서 업데이트 놓쳤네", "omission", None),
    ("the lockfile is missing from your commit", "omission", None),  # the agent's work named
    ("你的提交裡沒有更新 lockfile", "omission", None),
    ("lockfile 변경이 커밋에 없네", "omission", None),
    # instruction-violation
    ("I told you not to touch the lockfile", "instruction-violation", None),
    ("I said don't push to main", "instruction-violation", None),
    ("didn't I tell you to keep the old API?", "instruction-violation", None),
    ("我不是說過不要做嗎", "instruction-violation", None),
    ("lockfile は触らないでって言ったよね", "instruction-violation", None),
    ("lockfile 건드리지 말라고 했잖아", "instruction-violation", None),
    ("指示と違う書き方をしないでください", "instruction-violation", None),
    ("테스트만 고치라고", "instruction-violation", None),
    # premise-error
    ("that's not what I meant", "premise-error", None),
    ("no, the config lives in ~/.config/app, not in the repo", "premise-error", None),
    ("you're editing the wrong branch", "premise-error", None),
    ("不是這個檔案，是 server.go", "premise-error", None),
    ("设定档在 ~/.config 里，不在仓库里", "premise-error", None),
    ("そういう意味じゃない", "premise-error", None),
    ("그게 아니라 컬럼 이름만 바꾸라는 거야", "premise-error", None),
    ("you're assuming the IDs are integers, but they are UUIDs", "premise-error", None),
    ("不對，版本是 3.12 不是 3.11", "premise-error", None),
    ("엉뚱한 브랜치에 커밋했잖아", "premise-error", None),
    # result-error
    ("still wrong", "result-error", None),
    ("this is broken now", "result-error", None),
    ("you broke the build", "result-error", None),
    ("还是不行", "result-error", None),
    ("結果不對", "result-error", None),
    ("まだ間違ってる", "result-error", None),
    ("결과가 이상해", "result-error", None),
    ("This broke the tests.", "result-error", None),
    ("your refactor made the settings page blank", "result-error", None),
    ("the export is garbled since your last edit", "result-error", None),
    ("你改完之後設定頁打不開了", "result-error", None),
    ("还是报同样的错误", "result-error", None),
    ("あなたの修正で設定画面が表示されなくなりました", "result-error", None),
    ("合計が合っていません", "result-error", None),
    ("네가 바꾼 코드 때문에 설정 화면이 안 떠", "result-error", None),
    ("아직도 같은 오류가 나요", "result-error", None),  # 나요 here is 나다 (occurs), not a question
    # corrective but untyped: other
    ("why did you delete the migration?", "other", None),
    ("revert your last change", "other", None),
    ("為什麼把 migration 刪了？", "other", None),
    ("なんでマイグレーションを消したの？", "other", None),
    ("왜 마이그레이션 지웠어?", "other", None),
    # near-misses: not corrections
    ("don't forget to add tests", "none", None),
    ("I missed the meeting, can you summarize the thread?", "none", "self-blame"),
    ("is this wrong?", "none", "recheck"),
    ("not bad", "none", "negated"),
    ("no worries", "none", "negated"),
    ("nothing is missing, great", "none", "negated"),
    ("it's broken on Windows, please fix the path handling", "none", None),
    ("handle the case where the config file is missing", "none", "new-task"),
    ('The bug report says "you forgot to log in" when the session expires', "none", None),
    ("別忘了加測試", "none", None),
    ("减少了内存占用，很好", "none", None),
    ("我错过了会议，帮我总结一下", "none", "self-blame"),
    ("テストを追加するのを忘れないでね", "none", None),
    ("間違いなく動いています", "none", "negated"),
    ("테스트 추가하는 거 잊지 마", "none", None),
    ("잘못된 입력을 거부하는 테스트 작성해줘", "none", None),
    # the agent's change named, but the outcome is good
    ("since your edit there are no more errors", "none", "negated"),
    ("你改完之後就不報錯了", "none", None),
    ("네가 바꾼 뒤로 에러가 없어졌어", "none", "negated"),
    # someone else's words: markdown quote lines and notes copied from code
    ("> you forgot the edge cases\nthat's from the review, what do you think", "none", None),
    ("TODO: the page size is wrong for mobile", "none", None),
    ("FIXME(ana): still missing the retry", "none", None),
    ("> I updated every caller\nyou missed the one in api.py", "omission", None),
]

EXCLUSIONS = [
    # self-blame
    ("my mistake, the file is called settings.toml", "self-blame"),
    ("是我說錯了，檔名是 settings.toml", "self-blame"),
    ("是我说错了", "self-blame"),
    ("私の間違いでした、ファイル名は settings.toml です", "self-blame"),
    ("내가 잘못 말했어, 파일 이름은 settings.toml이야", "self-blame"),
    # hypothetical
    ("if the test fails, print the log", "hypothetical"),
    ("如果弄錯了就重來", "hypothetical"),
    ("もしテストが失敗したらログを出して", "hypothetical"),
    ("틀리면 다시 해", "hypothetical"),
    # a "when" clause: a case the product must handle, not a report
    ("when the API key is missing, exit with code 2", "hypothetical"),
    ("驗證碼不對時要顯示提示", "hypothetical"),
    ("入力が間違っている時の表示を変えて", "hypothetical"),
    ("설정 파일이 깨졌을 때 기본값을 써 줘", "hypothetical"),
    ("업로드 실패 시 다시 시도해 줘", "hypothetical"),
    # agreement, then elaboration
    ("yes, but also handle the empty list", "agreement"),
    ("嗯，不是那樣，我們先做 API", "agreement"),
    ("はい、でも空のリストも処理してください", "agreement"),
    ("네 그런데 빈 리스트도 처리해줘", "agreement"),
    # someone else's error: a named person, upstream, the old code, last month
    ("the legacy importer was broken on large files, replace it", "third-party"),
    ("the upstream SDK has a bug in retries, wrap it", "third-party"),
    ("老王上個月漏掉了索引，幫忙補一下", "third-party"),
    ("上游的套件時區處理有錯，先在我們這邊轉換", "third-party"),
    ("鈴木さんがテストを書き忘れたので追加してください", "third-party"),
    ("上流ライブラリの丸めが間違っているので補正して", "third-party"),
    ("지난달에 전임자가 인덱스를 빼먹었으니 추가해 줘", "third-party"),
    ("업스트림 패키지의 날짜 처리가 틀렸으니 우리 쪽에서 보정하자", "third-party"),
    # a problem named as the reason for new work, or a case of the product's domain
    ("the old docs were wrong, which is why we're rewriting them", "third-party"),
    ("the CLI is broken on Windows, so we're dropping Windows support", "new-task"),
    ("there is no changelog file yet, create one", "new-task"),
    ("show a friendlier message for a wrong password", "new-task"),
    ("這邊少了一個範例設定，幫我寫一份", "new-task"),
    ("密碼錯誤要鎖定帳號五分鐘", "new-task"),
    ("設定が壊れていたので作り直しています", "new-task"),
    ("パスワードが間違っていたら再入力を促して", "hypothetical"),
    ("노트북이 이상해서 잠깐 재부팅하고 올게", "new-task"),
    ("비밀번호가 틀린 경우의 안내 문구를 바꿔 줘", "new-task"),
    # the user forgot to mention something
    ("言い忘れましたが、ポートは 8080 です", "self-blame"),
    ("忘了說，測試要用 Python 3.12 跑", "self-blame"),
    ("회의 놓쳤는데 요약 좀 해 줘", "self-blame"),
    # re-check requests and doubts
    ("please double-check the migration before running it", "recheck"),
    ("再確認看看", "recheck"),
    ("もう一度確認してもらえますか", "recheck"),
    ("다시 확인해 줄래?", "recheck"),
    # text from elsewhere, new instructions, pasted output
    ("[from another session] you missed the tests", "harness"),
    ("<system-reminder>you forgot the docs</system-reminder>", "harness"),
    ("you forgot the tests. " + "Also restructure the module and document every option. " * 4, "long"),
    ("Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\nKeyError: 'missing'",
     "pasted-output"),
    ("```\n$ pytest -q\nFAILED tests/test_api.py::test_get - AssertionError: still wrong\n```", "pasted-output"),
    ("   ", "empty"),
]


@pytest.mark.parametrize(("text", "type_", "excluded"), EXAMPLES)
def test_examples(text: str, type_: str, excluded: str | None) -> None:
    c = C.classify(text)
    assert (c.type, c.excluded) == (type_, excluded), c


@pytest.mark.parametrize(("text", "reason"), EXCLUSIONS)
def test_exclusions_come_before_typing(text: str, reason: str) -> None:
    c = C.classify(text)
    assert (c.type, c.excluded, c.rule) == ("none", reason, None)


def test_a_question_can_only_be_an_instruction_violation() -> None:
    assert C.classify("you forgot the tests").type == "omission"
    assert C.classify("you forgot the tests?").type == "other"
    assert C.classify("you forgot the tests？").type == "other"  # full-width
    assert C.classify("你漏掉了測試嗎").type == "other"  # 嗎 ends a question too
    assert C.classify("didn't I tell you to keep the old API?").type == "instruction-violation"
    assert C.classify("誰讓你刪掉這個檔案的？").type == "instruction-violation"


# A build log copied from a deploy page: each line stamped with a clock time, long lines wrapped onto the
# next, indented as deep.
_BUILD_LOG = (
    "    07:12:45.031 Cloning the repository (branch main)\n"
    "    07:12:46.210 Restoring the build cache from the last deployment\n"
    "    07:12:51.877 Warning: the lockfile was written by a newer package manager; some entries\n"
    "     may be read differently.\n"
    "    07:12:52.004 Error: the build command exited with status 2 after the compile step\n"
    "    failed on the first module. Run it locally with the same environment to see the whole\n"
    "    output.\n"
)


def test_a_wrapped_clock_stamped_log_is_a_paste() -> None:
    typed = C.typed_words(_BUILD_LOG + "what now")
    assert typed.words == "what now"  # the wrapped lines go with the paste, the typed line at the margin stays
    assert typed.dominated
    got = C.classify(_BUILD_LOG, previous="Done, the deploy config is fixed.", previous_tools=("Edit(vercel.json)",))
    assert got.type == "result-error"  # a failure pasted right after the agent's fix
    assert C.classify(_BUILD_LOG).excluded == "pasted-output"  # opening a task: a paste, no words of complaint


# A C compiler's diagnostics, with the include chain and the caret lines under the source.
_COMPILER_OUTPUT = (
    "In file included from src/ui/screen.c:4:\n"
    "src/ui/events.h:12:3: note: previous declaration of 'screen_event' with type 'screen_event'\n"
    "   12 | } screen_event;\n"
    "      |   ^~~~~~~~~~~~\n"
    "src/ui/screen.c:40:9: error: conflicting types for 'screen_event'\n"
    "src/app/App.cs(18,22): error CS0104: 'Timer' is an ambiguous reference\n"
)


def test_compiler_diagnostics_are_a_paste() -> None:
    typed = C.typed_words(_COMPILER_OUTPUT + "same again")
    assert typed.words == "same again"
    got = C.classify(_COMPILER_OUTPUT, previous="I fixed the header includes; the build should pass now.", previous_tools=("Edit(src/ui/screen.c)",))
    assert got.type == "result-error"  # pasted right after the agent's fix
    assert C.classify(_COMPILER_OUTPUT).excluded == "pasted-output"  # opening a task
    assert C.typed_words("In function main you forgot to free the buffer").words.startswith("In function")  # typed words stay


# A package manager's failure says ERR, not "error": npm's "npm ERR!", Node's and pnpm's ERR_ codes.
_NPM_FAILURE = "hmm\n```\nnpm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! widget@1.0.0 build: `vite build`\n```"
_NPM_NOTICE = "hmm\n```\nnpm notice New minor version of npm available! 10.2.4 -> 10.8.1\nadded 212 packages in 9s\n```"


def test_a_package_managers_err_lines_are_a_pasted_failure() -> None:
    after_fix = {"previous": "Fixed the build script; `npm run build` should pass now.", "previous_tools": ("Edit(package.json)",)}
    assert C.classify(_NPM_FAILURE, **after_fix).rule == "en.result-error.pasted-failure-after-claim"
    node = "```\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'vite'\n```"
    assert C.classify(node, **after_fix).type == "result-error"
    assert C.classify(_NPM_NOTICE, **after_fix).type not in TYPES  # an install that went through
    assert C.classify(_NPM_FAILURE).excluded == "pasted-output"  # opening a task


def test_rule_names_say_which_pack_and_rule_matched() -> None:
    c = C.classify("빠졌잖아")
    assert (c.type, c.rule, c.lang) == ("omission", "ko.omission.base", "ko")
    assert C.classify("you missed the tests").rule == "en.omission.you-forgot"


# "Not only X but also Y" keeps X: it extends a request and denies nothing the agent did, in any
# language, whether it opens a task or follows the agent's work ...
NOT_ONLY = [
    "not just the button but also the links should be blue",
    "not only the parser but the lexer too",
    "ボタンだけじゃなくてリンクも青くしてほしいです",
    "単純にログを捨てるんじゃなくて、圧縮して保存もしたいです",
    "停止するだけではなく、ログも残すようにしたい",
    "버튼만이 아니라 링크도 바꿔 주세요",
    "버튼뿐만 아니라 링크도 파란색으로 바꿔줘",
    "不仅要改按钮，链接也要改成蓝色",
]
# ... while "not X but Y" denies X, and a failure said with "not only" is still a failure.
NOT_X_BUT_Y = [
    ("not the header but the footer", None, "premise-error"),
    ("それはnpmじゃなくてpnpmです", None, "premise-error"),
    ("그게 아니라 링크를 바꿔 달라는 거예요", None, "premise-error"),
    ("モーダルがあるページだけじゃなくて、全ページでエラーが出てます", "修正しました。", "result-error"),
    ("모달 페이지만이 아니라 전체 페이지에서 에러가 나요", "수정했습니다.", "result-error"),
]


@pytest.mark.parametrize("text", NOT_ONLY)
@pytest.mark.parametrize("previous", [None, "I've updated the button styles.", "ボタンの色を変更しました。"])
def test_not_only_x_but_also_y_is_no_correction(text: str, previous: str | None) -> None:
    assert C.classify(text, previous, ["Edit(src/a.css)"] if previous else ()).type not in TYPES


@pytest.mark.parametrize(("text", "previous", "type_"), NOT_X_BUT_Y)
def test_not_x_but_y_still_corrects(text: str, previous: str | None, type_: str) -> None:
    assert C.classify(text, previous).type == type_


# A failure reported, then a request to look into it, right after the agent's work: a correction in
# every language; a request alone, a doubt, a request qualified after it, or the same words with no
# work before them are not.
REPORTED_THEN_ASKED = [
    ("The export still fails to finish. Please check again.", "I fixed the export job."),
    ("The sidebar is still broken on mobile. Can you look into why?", "I've fixed the layout."),
    ("导出还是失败。请再检查一下。", "导出任务已经修好了。"),
    ("エクスポートがまだ失敗します。もう一度確認してください。", "エクスポート処理を修正しました。"),
    ("まだ一覧が読み込めません。原因を調べてください。", "一覧の取得処理を修正しました。"),
    ("여전히 목록을 불러올 수 없어요. 다시 확인해 주세요.", "목록 API를 수정했습니다."),
]
ASKED_NOT_REPORTED = [
    ("Please check again that the export runs on an empty table.", "I fixed the export job."),
    ("Can you double check the export? Not saying it's broken, I just want to be sure.", "I fixed the export job."),
    ("The totals look off to me but it might be the test data. Please check the fixtures first.", "I fixed the totals."),
    ("I still do not get how the retry works. Please check again.", "I fixed the export job."),
    ("Is the export still failing? Please check again.", "I fixed the export job."),
    ("エクスポートはまだ失敗しますか？もう一度確認してください。", "エクスポート処理を修正しました。"),
    ("导出还是失败吗？请再检查一下。", "导出任务已经修好了。"),
    ("내보내기가 아직도 실패하나요? 다시 확인해 주세요.", "내보내기 작업을 수정했습니다."),
    ("我还是不太明白这个流程。请再检查一下。", "导出任务已经修好了。"),
    ("まだよくわかりません。もう一度確認してください。", "エクスポート処理を修正しました。"),
    ("아직도 이해가 안 가요. 다시 확인해 주세요.", "목록 API를 수정했습니다."),
]


# One problem denied, another reported, right after the agent's work: a correction; a denial alone is not.
DENIED_THEN_REPORTED = [
    ("No errors now. The list is still empty though.", "I fixed the list page."),
    ("The build has no errors. The tests still fail.", "I fixed the build."),
    ("控制台没有报错。但是页面还是空白。", "页面已经修好了。"),
    ("에러는 없어요. 근데 화면이 여전히 하얗게 나와요.", "화면을 수정했습니다."),
]
DENIED_ONLY = [
    ("No errors now. It works!", "I fixed the list page."),
    ("Nothing is wrong with the code. It was my cache.", "I fixed the list page."),
    ("没有报错了，谢谢。", "页面已经修好了。"),
    ("에러는 없어요. 잘 나와요.", "화면을 수정했습니다."),
]


# A display still wrong right after the agent's work, in each language's own words; asked, or as a
# condition, it is not said to be wrong.
DISPLAY_STILL_WRONG = [
    ("the footer is still misaligned", "I fixed the footer."),
    ("icons are still blurry on retina screens", "I swapped in the 2x icons."),
    ("页脚还是乱的", "页脚已经修好了。"),
    ("图标还是模糊", "图标已经换成高清的了。"),
    ("フッターがまだずれています", "フッターを修正しました。"),
    ("아이콘이 여전히 흐릿해요", "아이콘을 교체했습니다."),
]
DISPLAY_NOT_SAID_WRONG = [
    ("Is the footer still misaligned on your side?", "I fixed the footer."),
    ("If the text is still cut off, shrink the font.", "I fixed the footer."),
    ("是乱的还是整齐的？", "页脚已经修好了。"),
]


@pytest.mark.parametrize(("text", "previous"), DISPLAY_STILL_WRONG)
def test_a_display_still_wrong_after_the_work_is_a_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous).type == "result-error"


@pytest.mark.parametrize(("text", "previous"), DISPLAY_NOT_SAID_WRONG)
def test_a_display_asked_about_or_conditioned_is_not_typed(text: str, previous: str) -> None:
    assert C.classify(text, previous).type not in TYPES


# A failure reported, then more offered on a condition; a failure only supposed is not reported.
REPORTED_THEN_OFFERED = [
    ("ログインがまだ失敗します。ログが必要なら言ってください。", "ログイン処理を修正しました。"),
    ("로그인이 여전히 실패해요. 로그가 더 있어야 하면 알려 줘요.", "로그인 처리를 수정했습니다."),
    ("The login still fails. If you need logs, tell me.", "I fixed the login."),
]
SUPPOSED_ONLY = [
    ("もしまだ失敗するなら、ログを見てください。", "ログイン処理を修正しました。"),
    ("만약 여전히 실패하면 로그를 봐 주세요.", "로그인 처리를 수정했습니다."),
    ("If it fails again, the build is broken.", "I fixed the login."),
]


@pytest.mark.parametrize(("text", "previous"), REPORTED_THEN_OFFERED)
def test_a_failure_reported_then_more_offered_is_a_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous).type == "result-error"


@pytest.mark.parametrize(("text", "previous"), SUPPOSED_ONLY)
def test_a_failure_only_supposed_is_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, previous).type not in TYPES


# "Why does it still fail?" right after the fix, in every language; why something is still needed is no failure.
WHY_STILL = ["Why does the login still fail?", "how come the tests still fail?", "为什么登录还是失败？",
             "なんでまだログインできないの？", "왜 아직도 로그인이 안 돼요?"]


@pytest.mark.parametrize("text", WHY_STILL)
def test_why_it_still_fails_after_the_fix_is_a_result_error(text: str) -> None:
    assert C.classify(text, "I fixed the login.").type == "result-error"


@pytest.mark.parametrize("text", ["why do we still need the old config?", "why is this still here?"])
def test_why_something_is_still_there_is_not_a_failure(text: str) -> None:
    assert C.classify(text, "I fixed the login.").type != "result-error"


# Right after the work: the problem outlasts it, the fix took in part, no difference seen, the output
# wrong; the same words as a condition, a requirement or a request are none of these.
OUTLASTS_OR_PARTIAL = [
    ("The error persists.", "I fixed it."), ("Only the first page works.", "I fixed it."),
    ("it works only on Chrome", "I fixed it."), ("The bug came back.", "I fixed it."),
    ("错误依旧。", "已经修好了。"), ("现在报了另一个错。", "已经修好了。"), ("只有第一页正常。", "已经修好了。"),
    ("页面现在是空白的。", "已经修好了。"), ("違いが分かりません。", "修正しました。"),
    ("에러가 계속 나요.", "수정했습니다."), ("출력이 틀려요.", "수정했습니다."), ("첫 페이지만 돼요.", "수정했습니다."),
]
NOT_OUTLASTS_OR_PARTIAL = [
    ("If the error persists, tell me.", "I fixed it."), ("Only the admin should see this page.", "I fixed it."),
    ("Only the first page needs a header.", "I fixed it."), ("只有管理员可以看到这个页面就行", "已经修好了。"),
    ("如果错误依旧，告诉我", "已经修好了。"), ("只需要第一页显示标题", "已经修好了。"),
    ("違いがないように揃えてください", "修正しました。"), ("관리자만 보여야 해요", "수정했습니다."),
    ("에러가 계속 나면 알려 줘", "수정했습니다."), ("이 부분만 고쳐 주세요", "수정했습니다."),
]


@pytest.mark.parametrize(("text", "previous"), OUTLASTS_OR_PARTIAL)
def test_a_problem_outlasting_the_work_or_a_fix_in_part_is_a_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous).type == "result-error"
    assert C.classify(text).type not in TYPES  # opening a task, it reports a bug


@pytest.mark.parametrize(("text", "previous"), NOT_OUTLASTS_OR_PARTIAL)
def test_the_same_words_as_a_condition_or_a_request_are_not_typed(text: str, previous: str) -> None:
    assert C.classify(text, previous).type not in TYPES


# Each pack reads what the others read right after the work: a miss asked about, a helper that is
# not in the repository, work nobody asked for, work done in part, placeholders left in.
EVERY_PACK_AFTER_WORK = [
    ("文档也更新了吗？", "已经修好了。", "omission"), ("문서도 업데이트했나요?", "수정했습니다.", "omission"),
    ("这个helper是哪来的？", "已经修好了。", "premise-error"), ("そのヘルパーはどこから来たの？", "修正しました。", "premise-error"),
    ("그 헬퍼는 어디서 나온 거예요?", "수정했습니다.", "premise-error"), ("その関数はここにはありません。", "修正しました。", "premise-error"),
    ("그 함수는 여기 없어요.", "수정했습니다.", "premise-error"), ("그건 요청 안 했어요.", "수정했습니다.", "instruction-violation"),
    ("절반만 했네요.", "수정했습니다.", "omission"), ("There are still TODOs left.", "I fixed it.", "omission"),
    ("不是，用pnpm。", "已经修好了。", "instruction-violation"), ("いや、pnpmを使って。", "修正しました。", "instruction-violation"),
    ("撤销刚才的改动。", "已经修好了。", "instruction-violation"),
    ("routes.py has no such endpoint", "I fixed it.", "premise-error"), ("v3 里不存在这个参数", "已经修好了。", "premise-error"),
    ("그런 옵션은 없어요", "수정했습니다.", "premise-error"),
    ("it hasn't worked since your change", "I fixed it.", "result-error"),
    ("the login bug still hasn't been resolved", "I fixed it.", "result-error"),
    ("nope, hasn't changed anything", "I fixed it.", "result-error"),
    ("Does it work for you? Because it's still broken here.", "I fixed it.", "result-error"),
    ("not quite right", "I fixed it.", "result-error"), ("hmm, that's not quite it", "I fixed it.", "result-error"),
    ("好像还是不太对", "已经修好了。", "result-error"), ("不对劲", "已经修好了。", "result-error"),
    ("なんか違う", "修正しました。", "premise-error"), ("좀 달라요", "수정했습니다.", "premise-error"),
    ("we already have a date helper for that, in utils/dates.py", "I fixed it.", "premise-error"),
    ("这个功能我已经有了", "已经修好了。", "premise-error"), ("项目里已经有这个函数了", "已经修好了。", "premise-error"),
    ("それはもう実装済みです", "修正しました。", "premise-error"), ("その関数はもうあります", "修正しました。", "premise-error"),
]
NOT_AFTER_WORK_MISSES = [
    ("文档要不要也更新？", "已经修好了。"), ("这个数据是从哪来的？", "这是统计结果。"), ("我也改了", "已经修好了。"),
    ("저도 수정했어요", "수정했습니다."), ("この関数はここにはないので作ってください", "修正しました。"),
    ("여기 없으면 만들어 주세요", "수정했습니다."), ("leave the TODOs in for now", "I fixed it."), ("절반만 해도 돼요", "수정했습니다."),
    ("不是，用pnpm吗？", "已经修好了。"), ("不行，用别的也可以", "已经修好了。"), ("撤销按钮要放在右上角", "已经修好了。"),
    ("いや、pnpmでもいいです", "修正しました。"), ("いや、それなら yarn を使ってもいい？", "修正しました。"),
    ("if the API has no such field, skip it", "I fixed it."), ("그런 옵션은 없으니 만들어 주세요", "수정했습니다."),
    ("v3 里不存在这个参数的话就用默认值", "已经修好了。"),
    ("the API hasn't changed, so keep the client as is", "I fixed it."), ("Good, the lockfile hasn't changed.", "I fixed it."),
    ("The upstream lib hasn't been updated in years, so vendor it.", "I fixed it."),
    ("If the config hasn't changed, skip the reload.", "I fixed it."),
    ("Is the list still empty on your side? If so, tell me.", "I fixed it."),
    ("Is the page still blank for you? If it is, let me know and I'll check the server.", "I fixed it."),
    ("not quite done yet, I'll send the rest later", "I fixed it."), ("not quite, but close enough, ship it", "I fixed it."),
    ("不太对称，帮我把两边的间距调一样", "已经修好了。"), ("好像对了，谢谢", "已经修好了。"), ("좀 달라요? 아니면 같아요?", "수정했습니다."),
    ("I already have the keys, go ahead and deploy", "I fixed it."), ("我已经有 API key 了，继续部署吧", "已经修好了。"),
    ("现在已经有了，谢谢", "已经修好了。"), ("APIキーはもうあります。デプロイを続けてください", "修正しました。"),
    ("その機能はもう実装済みですか？", "修正しました。"), ("API 키는 이미 있어요. 배포 계속해 주세요", "수정했습니다."),
]


# Right after the work, what it made comes out empty, or nothing shows where its output goes: in
# every pack; not a state to start from, a state kept on purpose, a case to handle, nor the same
# words opening a task.
PREVIOUS_CLAIM = {"en": "I fixed it.", "zh": "已经修好了。", "ja": "修正しました。", "ko": "수정했습니다."}
CAME_OUT_EMPTY = [
    ("the page is blank", "en"), ("routes.py is empty", "en"), ("it returns an empty array", "en"),
    ("I get a blank screen", "en"), ("there's nothing in the log", "en"), ("it returns 200 but the list is empty", "en"),
    ("页面是空白的", "zh"), ("日志里什么都没有", "zh"), ("控制台什么也没输出", "zh"),
    ("ログに何も出ていません", "ja"), ("コンソールには何も表示されない", "ja"),
    ("로그에 아무것도 안 찍혀요", "ko"), ("콘솔에는 아무것도 안 나와요", "ko"),
]
NOT_CAME_OUT_EMPTY = [
    ("the file is empty for now, fill it with the defaults", "en"), ("the log is empty on purpose, we silence it in tests", "en"),
    ("when the list is empty, show a placeholder", "en"), ("the table was empty yesterday too", "en"),
    ("make sure the page is never blank", "en"), ("这个文件现在是空的，请按默认值填好", "zh"), ("如果日志里什么都没有，就打印一行提示", "zh"),
    ("ログに何も出ていない場合は警告を出してください", "ja"), ("로그에 아무것도 없으면 경고를 보여 주세요", "ko"),
]


# Right after the work, its diff is empty: the work is not there (as "I don't see any change in the
# diff"); not a clean tree wanted or checked for. A state older than the work is no report of it.
DIFF_EMPTY = [
    ("the diff is empty", "en"), ("git status shows no changes", "en"), ("no changes in the PR", "en"),
    ("diff里没有任何改动", "zh"), ("git status 显示没有改动", "zh"), ("差分に変更がありません", "ja"),
    ("git status에 변경이 없어요", "ko"), ("git status に変更が出ていません", "ja"), ("git diff に何も出てないです", "ja"),
    ("git status 里没有任何改动", "zh"), ("git status 에 변경 사항이 없어요", "ko"),
]
NOT_DIFF_EMPTY = [
    ("git status shows no changes, good, now let's deploy", "en"), ("make sure the diff is empty before you push", "en"),
    ("确认一下 git status 没有改动", "zh"), ("差分がないことを確認してください", "ja"), ("변경이 없는지 확인해 주세요", "ko"),
    ("the README wasn't updated since 2021, so rewrite it", "en"), ("if the file wasn't changed, skip it", "en"),
    ("README 很久没更新了，帮我重写一下", "zh"), ("git status に変更が出ていないことを確認してからコミットしてください", "ja"),
]


# Right after the work, a failure the words date before it (on its own calendar, started on a day, seen by
# users or monitoring), in code the agent did not write (the user's own, a colleague's PR, a fresh setup), or a
# newcomer opening a conversation is a new problem, whatever its paste; the same failure said to come after
# the work ("now", "still", "after your fix") is its result.
TRACE = "\n```\nTraceback (most recent call last):\n  File \"app.py\", line 3\nKeyError: 'email'\n```"
A_NEW_PROBLEM = [
    ("Here's the log from the nightly backup, it started failing around Monday. What's going on?" + TRACE, "en"),
    ("Users are reporting this on checkout, can you find the cause?" + TRACE, "en"),
    ("This shows up in Sentry a few times a day:" + TRACE, "en"), ("I'm new to Flask, when I start the server I get this:" + TRACE, "en"),
    ("这是线上每天凌晨都会出现的报错，帮我看看原因" + TRACE, "zh"), ("我是新手，刚 clone 下来一跑就报这个" + TRACE, "zh"),
    ("本番で毎晩このエラーが出ています。原因を調べてもらえますか" + TRACE, "ja"), ("Flask 初めてなんですが、起動するとこれが出ます" + TRACE, "ja"),
    ("운영 서버에서 매일 새벽에 이 에러가 나요. 원인 좀 봐주세요" + TRACE, "ko"), ("플라스크 처음인데 실행하면 이렇게 나와요" + TRACE, "ko"),
    # the user's own code, a colleague's PR, a fresh setup; material for new work; a run that passed
    ("My own script fails with this, can you see why?" + TRACE, "en"), ("I get this on a new laptop after cloning:" + TRACE, "en"),
    ("Here's the test output you asked for, everything passes on my machine:\n```\n8 passed, 0 failed\n```", "en"),
    ("Migrate this config to the new format:\n```\nerror_level: error\nretries: 3\n```", "en"),
    ("我自己写的代码跑不起来" + TRACE, "zh"), ("同事的 PR 测试挂了，帮我看看" + TRACE, "zh"), ("帮我迁移成新的配置格式" + TRACE, "zh"),
    ("自分で書いたこのコードが動かないです" + TRACE, "ja"), ("同僚の PR なんですが、テストが落ちます" + TRACE, "ja"),
    ("この設定を新しい形式に移行してください" + TRACE, "ja"),
    ("Sentry keeps reporting this one:" + TRACE, "en"), ("Sentry にこんなのが上がってきてます" + TRACE, "ja"),
    ("本番で一部のユーザーだけログインできないとユーザーさんから問い合わせがありました", "ja"), ("크래시리틱스에 이거 계속 올라와요" + TRACE, "ko"),
    ("以下是 QA 那边回报的问题：设置页的开关会自己变回开启", "zh"),
    ("제가 짠 코드인데 안 돼요" + TRACE, "ko"), ("인수인계 받은 프로젝트인데 테스트가 깨져요" + TRACE, "ko"), ("새 노트북에서 실행하면 DB가 안 떠요", "ko"),
]
THE_WORKS_RESULT = [
    ("now the nightly backup fails:" + TRACE, "en"), ("still failing in production after your fix" + TRACE, "en"),
    ("users still report it after your change" + TRACE, "en"), ("现在每次运行都报这个" + TRACE, "zh"),
    ("起動するとこれが出ます" + TRACE, "ja"), ("실행하면 이렇게 나와요" + TRACE, "ko"), ("아직도 매일 새벽에 이 에러가 나요", "ko"),
    ("your change broke my own script" + TRACE, "en"), ("everything passes on my machine but CI still fails" + TRACE, "en"),
    ("제가 짠 코드인데 네가 고친 뒤로 여전히 안 돼요", "ko"), ("Sentry still reports it after your fix" + TRACE, "en"),
]


# Right after the work, in every pack: it acted without reading ("you didn't even read the code"), wrote
# what was there already ("don't reinvent the wheel"), made the same slip again, or a checker newly
# objects; not the same words as the task's own instruction, a thanks or the user's own guess.
WORK_HABITS = [
    ("you didn't even read the code", "en", "premise-error"),
    ("did you even look at the file?", "en", "premise-error"), ("use the existing parser instead of writing a new one", "en", "premise-error"),
    ("don't reinvent the wheel, we have lodash", "en", "premise-error"), ("you made the same mistake again", "en", "instruction-violation"),
    ("you keep doing this", "en", "instruction-violation"), ("this is the third time I've asked you", "en", "instruction-violation"),
    ("mypy complains now", "en", "result-error"), ("the numbers don't add up", "en", "result-error"),
    ("now it's slower than before", "en", "result-error"), ("the other callers still use the old name", "en", "omission"),
    ("其他调用的地方还是旧名字", "zh", "omission"), ("管理画面のことです", "ja", "premise-error"), ("엔드포인트 하나만 고쳤네요", "ko", "result-error"),
    ("누가 이름 바꾸래요?", "ko", "instruction-violation"), ("redo it", "en", "result-error"), ("this isn't it", "en", "premise-error"),
    ("only do what I asked", "en", "instruction-violation"), ("重新来", "zh", "result-error"), ("我刚才说过了", "zh", "instruction-violation"),
    ("やり直して", "ja", "result-error"), ("エラーがまだ出てる", "ja", "result-error"), ("言ったことだけやって", "ja", "instruction-violation"),
    ("저번이랑 똑같은데", "ko", "result-error"),
    ("你没看代码吗", "zh", "premise-error"), ("你根本没读日志", "zh", "premise-error"),
    ("用现成的工具函数，别自己写", "zh", "premise-error"), ("又犯同样的错误了", "zh", "instruction-violation"),
    ("ログ読んでないですよね", "ja", "premise-error"),
    ("ちゃんとコード読みました？", "ja", "premise-error"), ("既存のパーサーを使ってください。新しく作らないで", "ja", "premise-error"),
    ("また同じミスです", "ja", "instruction-violation"),
    ("로그 안 읽으셨죠?", "ko", "premise-error"), ("코드 읽어 보긴 했어요?", "ko", "premise-error"),
    ("기존 파서를 쓰세요. 새로 만들지 말고요", "ko", "premise-error"), ("또 같은 실수네요", "ko", "instruction-violation"),
]
NOT_WORK_HABITS = [
    ("read the file first, then tell me what it does", "en"), ("read the file first before changing it", "en"), ("不要瞎猜，先看日志", "zh"),
    ("推測で書かないでください", "ja"), ("추측하지 마세요", "ko"), ("I'm guessing the cache is stale, can you check?", "en"),
    ("use the existing parser for the new endpoint", "en"), ("you keep doing great work", "en"), ("now extend the README instead of writing a new one", "en"), ("it hasn't worked since I updated Ubuntu", "en"), ("リトライはもう実装済みでOK", "ja"),
    ("5 つはもう実装済み、残りは未着手です", "ja"), ("you keep doing this until the tests pass", "en"), ("I made the same mistake again, sorry", "en"),
    ("先看看代码，告诉我它是干什么的", "zh"), ("我猜是缓存的问题，你看一下", "zh"), ("用现成的工具函数来实现这个", "zh"),
    ("まずコードを読んで、何をしているか説明してください", "ja"), ("推測ですが、キャッシュが原因かもしれません", "ja"),
    ("既存のパーサーを使って新しいエンドポイントを作ってください", "ja"),
    ("먼저 코드를 읽고 무슨 일을 하는지 설명해 주세요", "ko"), ("제 추측인데 캐시 문제 같아요", "ko"),
    ("기존 파서를 써서 새 엔드포인트를 만들어 주세요", "ko"),
    ("the other services still use the old name, that's fine for now", "en"), ("if it's slower than before, revert it", "en"),
    ("it's no worse than before", "en"), ("其他页面还是用旧的接口，没关系，先不动", "zh"), ("管理画面のことですか？", "ja"),
    ("次は管理画面のことです", "ja"), ("もしエラーがまだ出てるなら教えてください", "ja"), ("redo it for the other two files too", "en"),
    ("重新来一遍的话要多久？", "zh"), ("no change needed there, that one is intentional", "en"),
    ("문제 생기면 바로 이전 버전으로 롤백할 수 있게 해두고 진행해주세요", "ko"), ("배포 롤백 절차를 문서에 정리해주세요", "ko"), ("하나만 고쳐 주세요", "ko"), ("일단 하나만 고쳤어요, 나머지는 제가 할게요", "ko"),
]


@pytest.mark.parametrize(("text", "lang", "type_"), WORK_HABITS)
def test_how_the_work_was_done_set_right_after_it_is_typed(text: str, lang: str, type_: str) -> None:
    got = C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"])
    assert (got.type, got.lang) == (type_, lang), got


@pytest.mark.parametrize(("text", "lang"), NOT_WORK_HABITS)
def test_the_same_words_as_a_task_a_thanks_or_ones_own_guess_are_not(text: str, lang: str) -> None:
    assert C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "previous"), [("redo it", "I can keep the cache or redo it from scratch. Which do you prefer?"),
                                                ("やり直して", "修正しました。このままにしますか、やり直しますか？")])
def test_redo_answering_the_agents_question_is_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type not in TYPES


# Everyday forms right after the work, in the packs that lacked them: the docs do not say what the agent
# took from them, the old data or version still shown, "changed nothing" in slang, the user's own work
# removed, a part not written, nothing fixed, the same as before reproached, a checker newly failing.
EVERYDAY_AFTER_WORK = [
    ("文档里不是这么写的", "zh", "premise-error"), ("接口返回的还是旧数据", "zh", "result-error"), ("你这改了个寂寞", "zh", "result-error"),
    ("显示的还是旧版本", "zh", "result-error"), ("제 코드 지우셨네요", "ko", "instruction-violation"),
    ("내 설정 파일 덮어썼잖아", "ko", "instruction-violation"), ("테스트 코드는 안 짰네요", "ko", "omission"),
    ("고쳐진 게 없어요", "ko", "result-error"), ("전이랑 똑같잖아요", "ko", "result-error"), ("the docs don't say that", "en", "result-error"),
    ("the spec says otherwise", "en", "result-error"), ("まだ古いデータが返ってきます", "ja", "result-error"),
    ("it's been broken since your change", "en", "result-error"), ("the tests have been failing since you touched the parser", "en", "result-error"),
    ("頼んだのはそれじゃないです", "ja", "premise-error"), ("CI が落ちるようになりました", "ja", "result-error"),
]
# Not those: requirements listed for new work (their items say what must not happen), a step held back
# for a reason, what would happen asked, the user's own removal, a question whether it was asked for.
NOT_EVERYDAY_AFTER_WORK = [
    ("請求書の一覧画面を作りたいです。要件は以下です。\n- 月ごとに絞り込める\n- 再読み込みしても並び順が変わらないように", "ja"),
    ("我想做一个定时任务，需求如下：\n- 重复执行结果不能变\n- 失败了要发到运维群", "zh"),
    ("회의에서 정한 내용이에요. 이 기준으로 진행해주세요\n- 재실행해도 결과가 바뀌면 안 됨\n- 실패하면 알림", "ko"),
    ("Here are the requirements:\n- rerunning it must not change the output\n- failures go to #ops", "en"),
    ("まだ途中なので、プッシュはしないでおいてください", "ja"), ("이 옵션 빼면 빌드 깨져요? 확인만 해주세요", "ko"),
    ("이거 바꾸면 다른 화면도 깨지나요? 공개 라이브러리라서요", "ko"), ("캐시 끄면 느려질까요?", "ko"),
    ("제 코드 지웠는데 괜찮아요", "ko"), ("말씀대로 제 코드 지웠어요", "ko"), ("제 브랜치는 제가 지울게요", "ko"),
    ("頼んだのはそれじゃないですか？", "ja"), ("テストが失敗するようになります。なので修正をお願いします", "ja"),
    ("旧版本的文档在哪里？", "zh"), ("the docs don't say much about retries, add a section", "en"),
    ("it was broken before your change", "en"), ("that test was failing before you touched it", "en"),
    # the user's own guess
    ("I think it's the cache, not the code", "en"), ("我觉得是缓存的问题，不是代码", "zh"), ("キャッシュの問題で、コードじゃないと思います", "ja"),
    ("제 생각엔 코드 문제가 아니라 캐시 문제인 것 같아요", "ko"),
    # a project introduced, a wish for new work: a conversation opened
    ("I'm working on a Flask app and the login route returns 500", "en"), ("I'm building a CLI with click and the --help output is empty", "en"),
    ("Hono で API を作ってて、wrangler dev でエラーが出ます", "ja"), ("Next.js のアプリを開発中なんですが、画像が表示されません", "ja"),
    ("스프링 부트 2.7 쓰는 프로젝트인데 Swagger 화면이 안 떠요", "ko"),
    ("この OpenAPI 定義からクライアントを作りたいです。手書きじゃなくて生成ツールを使う方向で", "ja"),
    ("我想从这个 OpenAPI 定义生成客户端，不是手写，而是用生成工具", "zh"), ("이 OpenAPI 정의로 클라이언트를 만들고 싶어요. 손으로 말고 생성 도구로요", "ko"),
    ("以下是 bug 重現步驟，QA 那邊回報的：設定頁的開關又變回開啟", "zh"),
]
# The same words that report a failure beside them stay typed.
STILL_REPORTED_AFTER_WORK = [
    ("Still broken after your change:\n- the export button does nothing\n- the totals are wrong", "en"),
    ("修正後も直っていません。\n- ボタンを押しても何も起きない\n- 合計金額がまだ違う", "ja"),
    ("새로고침하면 또 안 되는데요?", "ko"), ("실행하면 에러 나잖아요?", "ko"), ("빌드하면 아직도 에러 나요. 왜 그래요?", "ko"),
    ("커밋하지 말라고 했잖아요", "ko"), ("it's the cache, not the code", "en"), ("코드 문제가 아니라 캐시 문제예요", "ko"),
    ("コードじゃなくてキャッシュの問題です", "ja"), ("是缓存的问题，不是代码", "zh"), ("I'm working on the fix and it still fails", "en"),
    ("いや、A じゃなくて B を作りたいんです", "ja"), ("我想要的是 B，不是 A", "zh"), ("수정하셨는데 아직도 매일 이래요", "ko"),
]


# Chat-register forms right after the work, in every pack: a reproach ("what are you doing"), only what was said,
# nothing unasked added, claimed unchecked, what does not exist used, all of it removed, the layout or order
# wrong, errors everywhere, a new bug introduced.
CASUAL_AFTER_WORK = [
    ("what are you doing", "en"), ("that's not it", "en"), ("numbers don't match", "en"), ("type errors everywhere", "en"),
    ("console is full of errors", "en"), ("that package isn't installed here", "en"), ("it still says undefined", "en"),
    ("getting a white screen now", "en"), ("you introduced a new bug", "en"), ("wtf, you deleted half the file", "en"),
    ("咋还不行", "zh"), ("你搞啥呢", "zh"), ("只改我说的那个地方", "zh"), ("别加没用的东西", "zh"),
    ("你都没运行就说完成了", "zh"), ("结果怪怪的", "zh"), ("你把配置文件覆盖了", "zh"), ("那个文件不要动", "zh"), ("这个依赖项目里没装", "zh"),
    ("何やってるの", "ja"), ("言ったところだけ直して", "ja"), ("余計なもの追加しないで", "ja"), ("順番が逆", "ja"), ("型エラー出てる", "ja"),
    ("コンソールにエラーいっぱい", "ja"), ("前のバージョンに戻して", "ja"), ("そのファイルはいじらないで", "ja"),
    ("이상한데?", "ko"), ("없는 함수 쓰지 마", "ko"), ("확인도 안 하고 됐다고 하면 어떡해", "ko"), ("돌려보지도 않았잖아", "ko"),
    ("하라는 것만 해", "ko"), ("쓸데없는 거 추가하지 마", "ko"), ("주석 다 지웠네", "ko"), ("레이아웃 다 틀어졌어", "ko"), ("지금 뭐 하는 거야", "ko"),
    # the formal or hedged register, where the hedge is politeness
    ("수정이 안 된 것 같습니다", "ko"), ("반영이 안 된 것 같아요", "ko"), ("문제가 해결되지 않은 것 같아요", "ko"), ("아직 해결되지 않았습니다", "ko"),
    ("말씀드린 것과 다르게 구현되었습니다", "ko"), ("기존 기능이 동작하지 않게 되었습니다", "ko"), ("함수가 정의되지 않았다고 나옵니다", "ko"),
    ("null이 반환됩니다", "ko"), ("계속 새로고침됩니다", "ko"),
    ("修正が効いていないようです", "ja"), ("動いていないみたいです", "ja"), ("依頼した内容と違う実装になっています", "ja"), ("関数が定義されていないと出ます", "ja"),
    ("好像没改成功", "zh"), ("跟我说的实现得不一样", "zh"), ("返回的是 null", "zh"), ("提示函数未定义", "zh"),
    ("I don't think that fixed it", "en"), ("doesn't look like the change took effect", "en"), ("this isn't implemented the way I described", "en"),
    ("it says the function is not defined", "en"),
    # a part missed: pointed at, skipped, not there, left as it was
    ("didn't you forget something?", "en"), ("half the files still have the old header", "en"), ("忘了什么吗？", "zh"),
    ("第三步你跳过了", "zh"), ("空输入没有测试", "zh"), ("ステップ3を飛ばしてますね", "ja"), ("changelog にエントリがありません", "ja"),
    ("API はまだ古いフィールドを返してます", "ja"), ("뭐 잊은 거 없어요?", "ko"), ("3단계 건너뛰셨네요", "ko"), ("API는 아직 예전 필드를 돌려줘요", "ko"),
    # the Japanese business register (ております, いたしました, 依然として), and what was meant or specified
    ("修正が反映されておりません", "ja"), ("テストが失敗しております", "ja"), ("依然として同じ事象が発生しております", "ja"),
    ("ご対応いただいた箇所ですが、まだ動作しておりません", "ja"), ("確認いたしましたが、まだエラーが出ます", "ja"),
    ("仕様と異なる挙動になっております", "ja"), ("こちら、意図した動きになっていないようです", "ja"), ("想定と違う結果が返ってきます", "ja"),
    ("指示と異なるファイルが変更されています", "ja"), ("そのライブラリは使っていません", "ja"), ("前提が違います。本番は MySQL です", "ja"),
    # the English formal register
    ("The issue is still present after your changes.", "en"), ("Regrettably the build continues to fail.", "en"),
    ("The behaviour is unchanged.", "en"), ("The output remains incorrect.", "en"), ("Sadly that didn't do the trick.", "en"),
    ("It's doing the same thing.", "en"), ("The fix didn't take.", "en"), ("It's behaving exactly as before.", "en"),
    # an earlier instruction repeated, or what lies outside the task
    ("As mentioned before, please don't modify the public API.", "en"), ("Again, please do not commit directly to main.", "en"),
    ("Per my earlier instructions, the config must stay untouched.", "en"), ("That was out of scope.", "en"),
    ("This goes against what I asked.", "en"), ("前にもお伝えしましたが、公開 API は変更しないでください", "ja"),
    ("繰り返しになりますが、main に直接コミットしないでください", "ja"), ("旧エンドポイントは残す約束でした", "ja"), ("それは今回の範囲外です", "ja"),
    ("再说一遍，不要直接提交到 main", "zh"), ("按我之前说的，配置文件不能动", "zh"), ("说好了保留旧接口的", "zh"), ("这个超出范围了", "zh"),
    ("말씀드렸다시피 공개 API는 바꾸지 마세요", "ko"), ("다시 말하지만 main에 바로 커밋하지 마세요", "ko"), ("그건 이번 범위 밖이에요", "ko"),
    # a wrong premise of the code or the tool
    ("that's not how React works", "en"), ("React 不是这么工作的", "zh"), ("你改的是编译后的文件，源码在 src/", "zh"),
    ("我们这里不用 TypeScript", "zh"), ("没有这个环境变量", "zh"), ("没有 users 表，叫 accounts", "zh"),
    ("React はそういう仕組みではないです", "ja"), ("ビルド後のファイルを編集してます。ソースは src/ です", "ja"),
    ("users テーブルはないです。accounts という名前です", "ja"), ("Postgres だと思ってますよね？MySQL です", "ja"),
    ("빌드된 파일을 고치셨네요. 소스는 src/에 있어요", "ko"), ("여기는 타입스크립트 안 써요", "ko"), ("그런 환경 변수 없어요", "ko"),
    ("users 테이블 없어요. accounts예요", "ko"), ("Postgres라고 생각하셨나 봐요. MySQL이에요", "ko"),
    # what was not asked for, changed, in the formal register
    ("요청드린 범위를 벗어난 수정이 있습니다", "ko"), ("요청하지 않은 파일까지 변경되었습니다", "ko"), ("불필요한 리팩터링이 포함되어 있습니다", "ko"),
    ("지시와 다르게 main 브랜치에 커밋되었습니다", "ko"), ("설명과 다르게 동작합니다", "ko"), ("有超出需求范围的修改", "zh"),
    ("没让改的文件也被改了", "zh"), ("包含了不必要的重构", "zh"), ("和描述的行为不一致", "zh"), ("注释全部被删掉了", "zh"),
    ("跟我说的不一样，别这样写", "zh"),
]
CASUAL_LOOK_ALIKES = [
    ("what are you doing next?", "en"), ("the numbers don't match the spec yet, that's expected", "en"),
    ("could you have introduced a bug in the parser?", "en"), ("the package isn't installed yet, install it first", "en"),
    ("it still says hello world, good", "en"), ("what does this function do?", "en"),
    ("只改这一行就行", "zh"), ("不要加没用的依赖，先做设计", "zh"), ("你在做什么项目？", "zh"), ("怪怪的需求", "zh"), ("配置文件不要动", "zh"),
    ("项目里没装 redis，帮我装一下", "zh"), ("没跑测试就说完成的话不行", "zh"),
    ("エラー出るときは教えてください", "ja"), ("余計なものは追加しないでください。まずは設計から", "ja"), ("設定ファイルはいじらないでください", "ja"),
    ("この関数って何してるの？", "ja"), ("何してるのか説明して", "ja"), ("前のバージョンに戻してもいいですか？", "ja"), ("順番が逆でも大丈夫です", "ja"),
    ("이 함수 뭐 하는 거야?", "ko"), ("주석 다 지웠네요. 깔끔하네요", "ko"), ("안 쓰는 코드 다 지웠네요. 좋아요", "ko"),
    ("확인도 안 하고 커밋하면 안 돼요?", "ko"), ("없는 함수는 쓰지 말고 새로 만들어 주세요", "ko"), ("필요 없는 파일은 추가하지 마세요", "ko"),
    ("이상해요?", "ko"), ("레이아웃이 틀어졌을 때 어떻게 고쳐요?", "ko"), ("하라는 것만 하면 돼요?", "ko"),
    ("수정이 안 된 것 같으면 알려 주세요", "ko"), ("반영이 안 된 것 같아서 제가 다시 고쳤어요", "ko"), ("null이 반환되지 않도록 처리해 주세요", "ko"),
    ("해결되지 않았습니다만 일단 괜찮습니다", "ko"), ("요청한 거랑 다르게 해 주세요", "ko"), ("실패했다는 메시지가 나오면 재시도해 주세요", "ko"),
    ("이 부분은 누락되어도 괜찮습니다", "ko"),
    ("効いていないようなら教えてください", "ja"), ("動いていないみたいですが、私の環境のせいかもしれません", "ja"), ("見つからないと出る場合はパスを確認してください", "ja"),
    ("返回的是 null 的时候要抛异常", "zh"), ("提示函数未定义的话是不是没引入？", "zh"), ("跟我说的不一样也没关系", "zh"), ("如果没生效就告诉我", "zh"),
    ("I don't think that's needed", "en"), ("I don't think that fixed it completely, but it's good enough for now, thanks", "en"),
    ("if it says the function is not defined, import it", "en"), ("it's not implemented the way I described, and that's ok", "en"),
    # what others want, relayed, or a decision announced
    ("デザインチームはボタンを右ではなく左に置きたいそうです", "ja"), ("本番は sqlite ではなく postgres を使うことにしました", "ja"),
    ("디자인팀이 버튼을 오른쪽 말고 왼쪽에 두고 싶대요", "ko"), ("운영은 sqlite 말고 postgres 쓰기로 했어요", "ko"),
    ("the design team wants the button on the left, not the right", "en"), ("我们决定生产环境用 postgres 而不是 sqlite", "zh"),
    ("빌드 실패 알림을 슬랙으로 보내 주세요", "ko"),
    ("half the files still have the old header, that's fine, we'll do them later", "en"), ("本来就没有测试，这次先不加", "zh"),
    ("我跳过了第三步，直接部署了", "zh"), ("如果没有测试就先写一个", "zh"), ("元々テストがないので、今回は追加しなくていいです", "ja"),
    ("私はステップ3を飛ばしました", "ja"), ("テストがない場合はスキップしてください", "ja"), ("제가 3단계를 건너뛰었어요", "ko"),
    ("뭐 잊은 거 없는지 확인해 주세요", "ko"), ("是不是忘了什么？", "zh"),  # a doubt, as the zh pack reads 是不是
    ("動作しない場合はログを確認してください", "ja"), ("まだ動作しないのは想定内です", "ja"), ("仕様と異なる挙動にならないように注意してください", "ja"),
    ("意図した動きにならない場合は教えてください", "ja"), ("前提が違う場合は教えてください", "ja"), ("そのライブラリは使っていませんか？", "ja"),
    ("こちらで確認いたしました。問題ありません", "ja"), ("お世話になっております。次のタスクをお願いします", "ja"), ("ログは残しております", "ja"),
    ("指示と異なる箇所があれば教えてください", "ja"),
    ("make sure the behaviour is unchanged for old clients", "en"), ("the output remains unchanged, as intended", "en"),
    ("if the build continues to fail, ping me", "en"), ("the response is unchanged, good", "en"),
    ("the API behaviour stays unchanged for existing users", "en"),
    ("Again, thanks for the quick fix!", "en"), ("Again, can you run the tests one more time?", "en"),
    ("As mentioned before, the next step is the export page.", "en"), ("Keep the admin panel out of scope for now.", "en"),
    ("Is the search page out of scope?", "en"), ("we decided on a simpler timer, now wire it into the input loop", "en"),
    ("前にもお伝えしましたが、ありがとうございます。助かりました", "ja"), ("今回の範囲外かもしれませんが、ついでに見てもらえますか", "ja"),
    ("再说一遍，谢谢你的帮助", "zh"), ("不要超出范围", "zh"), ("다시 말하지만 정말 감사해요", "ko"), ("범위 밖이면 다음에 해도 돼요", "ko"),
    ("말한 대로 잘 됐네요", "ko"),
    ("is that not how React works?", "en"), ("if that's not how it works, tell me", "en"), ("没有这个表的话就新建一个", "zh"),
    ("没有配置文件，帮我建一个", "zh"), ("我们这里不用担心性能", "zh"), ("テーブルがない場合は作ってください", "ja"),
    ("環境変数はないので、追加してください", "ja"), ("테이블 없으면 만들어 주세요", "ko"), ("함수 없어도 괜찮아요", "ko"),
    ("그런 기능 없으면 새로 만들어 주세요", "ko"), ("여기는 신경 안 써도 돼요", "ko"),
    ("요청하지 않은 파일은 변경하지 말아 주세요", "ko"), ("설명과 다르게 동작하면 알려 주세요", "ko"), ("요청 범위를 벗어난 수정은 하지 마세요", "ko"),
    ("和描述不一致的地方告诉我", "zh"), ("如果和需求不一致就改一下", "zh"), ("不要包含不必要的依赖", "zh"), ("超出需求范围的修改先别做", "zh"),
]


@pytest.mark.parametrize(("text", "lang"), CASUAL_AFTER_WORK)
def test_chat_register_forms_right_after_the_work_are_typed(text: str, lang: str) -> None:
    got = C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"])
    assert (got.type in TYPES, got.lang) == (True, lang), got


@pytest.mark.parametrize(("text", "lang"), CASUAL_LOOK_ALIKES)
def test_their_look_alikes_asked_planned_or_thanked_for_are_not(text: str, lang: str) -> None:
    assert C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "lang"), [t for t in CASUAL_AFTER_WORK
                                           if t[0] not in ("咋还不行", "言ったところだけ直して", "레이아웃 다 틀어졌어", "依頼した内容と違う実装になっています",
                                                           "3단계 건너뛰셨네요")])
def test_chat_register_forms_at_the_start_of_a_task_are_not_typed(text: str, lang: str) -> None:
    """Each reads the agent's work: with none before it, it is no correction (the few that are in any
    context, "咋还不行", "레이아웃 다 틀어졌어", as those packs' base rules read them, stay typed)."""
    assert C.classify(text, "The handlers live in src/handlers and share one session helper.").type not in TYPES


@pytest.mark.parametrize(("text", "lang", "type_"), EVERYDAY_AFTER_WORK)
def test_everyday_forms_right_after_the_work_are_typed(text: str, lang: str, type_: str) -> None:
    got = C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"])
    assert (got.type, got.lang) == (type_, lang), got


@pytest.mark.parametrize(("text", "lang"), NOT_EVERYDAY_AFTER_WORK)
def test_requirements_a_step_held_back_or_a_question_what_if_are_not(text: str, lang: str) -> None:
    assert C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "lang"), STILL_REPORTED_AFTER_WORK)
def test_a_failure_reported_in_a_list_or_asked_as_a_complaint_stays_typed(text: str, lang: str) -> None:
    assert C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"]).type in TYPES


@pytest.mark.parametrize(("text", "lang"), A_NEW_PROBLEM)
def test_a_failure_dated_before_the_work_or_a_newcomers_question_is_no_correction(text: str, lang: str) -> None:
    assert C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "lang"), THE_WORKS_RESULT)
def test_the_same_failure_said_to_follow_the_work_is_a_result_error(text: str, lang: str) -> None:
    got = C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"])
    assert (got.type, got.lang) == ("result-error", lang), got


@pytest.mark.parametrize(("text", "lang"), DIFF_EMPTY)
def test_an_empty_diff_after_the_work_is_an_omission(text: str, lang: str) -> None:
    got = C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"])
    assert (got.type, got.lang) == ("omission", lang), got
    assert C.classify(text).type not in TYPES  # opening a task: a fact about the tree


@pytest.mark.parametrize(("text", "lang"), NOT_DIFF_EMPTY)
def test_a_clean_tree_wanted_or_a_state_older_than_the_work_is_not(text: str, lang: str) -> None:
    assert C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "lang"), CAME_OUT_EMPTY)
def test_what_came_out_empty_after_the_work_is_a_result_error(text: str, lang: str) -> None:
    got = C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"])
    assert (got.type, got.lang) == ("result-error", lang), got
    assert C.classify(text).type not in TYPES  # opening a task: a bug report


@pytest.mark.parametrize(("text", "lang"), NOT_CAME_OUT_EMPTY)
def test_an_empty_state_to_start_from_keep_or_handle_is_not(text: str, lang: str) -> None:
    assert C.classify(text, PREVIOUS_CLAIM[lang], ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "previous", "type_"), EVERY_PACK_AFTER_WORK)
def test_every_pack_reads_the_misses_the_others_read_after_the_work(text: str, previous: str, type_: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type == type_


@pytest.mark.parametrize(("text", "previous"), NOT_AFTER_WORK_MISSES)
def test_their_look_alikes_stay_untyped(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "previous"), DENIED_THEN_REPORTED)
def test_one_problem_denied_and_another_reported_is_a_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous).type == "result-error"


@pytest.mark.parametrize(("text", "previous"), DENIED_ONLY)
def test_a_problem_denied_alone_is_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, previous).type not in TYPES


@pytest.mark.parametrize(("text", "previous"), REPORTED_THEN_ASKED)
def test_a_failure_reported_then_a_request_to_look_again_is_a_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous).type == "result-error"


@pytest.mark.parametrize(("text", "previous"), ASKED_NOT_REPORTED)
def test_a_request_to_look_again_without_a_failure_reported_before_it_is_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, previous).type not in TYPES


@pytest.mark.parametrize(("text", "previous"), REPORTED_THEN_ASKED)
def test_the_same_report_and_request_after_an_answer_that_claimed_no_work_is_no_correction(text: str, previous: str) -> None:
    """After an explanation, "it fails, please check" reports a bug: nothing of the agent's was wrong."""
    assert C.classify(text, "The export job reads the orders table once a night.").type not in TYPES


# An error named in the words typed right after the agent's work, in each language's words of it
# happening: a result-error. Named in a request, a condition, a fix, a question or the next task, or
# with no work before it, it reports nothing.
ERROR_NAMED = [
    ("Now I get TypeError: x is undefined", "I fixed the login handler."),
    ("getting a KeyError: 'user_id' now", "I fixed the login handler."),
    ("it throws NullPointerException on save", "I've updated the save handler."),
    ("I see ERR_CONNECTION_REFUSED in the browser", "I fixed the proxy config."),
    ("现在报 TypeError: x is undefined", "已经修复了登录处理。"),
    ("运行后出现 KeyError: 'user_id'", "已经修复了登录处理。"),
    ("还是 ValueError", "已经修复了导入。"),
    ("今度は TypeError: x is undefined が出ます", "ログイン処理を修正しました。"),
    ("動かしてみたら「TypeError: undefined is not a function」と出ました", "ログイン処理を修正しました。"),
    ("保存すると NullPointerException が発生します", "保存処理を修正しました。"),
    ("빌드하고 실행했더니 `ImportError: cannot import name 'app'` 나와요", "로그인 처리를 수정했습니다."),
    ("이제 TypeError: x is undefined 에러가 떠요", "로그인 처리를 수정했습니다."),
    ("돌려 보니 ValueError 나요", "가져오기를 수정했습니다."),
]
ERROR_NAMED_NOT_REPORTED = [
    ("Make it raise ValueError when the input is empty.", "I fixed the login handler."),
    ("Now handle the KeyError in parse().", "I fixed the login handler."),
    ("The TypeError is gone, thanks. Next, add the export button.", "I fixed the login handler."),
    ("If you get a TypeError, check the input type.", "I fixed the login handler."),
    ("Do you see a KeyError too?", "I fixed the login handler."),
    ("Same for the KeyError branch.", "I fixed the login handler."),
    ("Now, next: the ValueError in import.py.", "I fixed the login handler."),
    ("There's a ValidationError class in errors.py you can reuse.", "I fixed the login handler."),
    ("遇到 ValueError 时要抛出自定义异常。", "已经修复了登录处理。"),
    ("TypeError 已经没了，谢谢。接下来做导出。", "已经修复了登录处理。"),
    ("你那边也报 KeyError 吗？", "已经修复了登录处理。"),
    ("接下来处理 KeyError。", "已经修复了登录处理。"),
    ("入力が空のときは ValueError を投げるようにしてください。", "ログイン処理を修正しました。"),
    ("もし TypeError が出たら、入力の型を確認してください。", "ログイン処理を修正しました。"),
    ("TypeError が出なくなりました。", "ログイン処理を修正しました。"),
    ("次は KeyError の対応をお願いします。", "ログイン処理を修正しました。"),
    ("입력이 비어 있으면 ValueError를 던지게 해 주세요.", "로그인 처리를 수정했습니다."),
    ("만약 TypeError가 나면 입력 타입을 확인해 주세요.", "로그인 처리를 수정했습니다."),
    ("그쪽에서도 KeyError 나요?", "로그인 처리를 수정했습니다."),
    ("이제 TypeError 안 나요.", "로그인 처리를 수정했습니다."),
]


# What came out against what was meant, a thing done twice, a status code, a checker still objecting,
# right after the agent's work, in each language's words: a result-error. As a spec, a plan, a
# condition or a fact about the past, or with no work before it, it is not.
RESULT_OFF = [
    ("It should be 10 but it's 0.", "I fixed the totals."),
    ("Expected 10 but got 0.", "I fixed the totals."),
    ("expected: 3, received: 2", "I fixed the totals."),
    ("I get a 404 on /login.", "I fixed the routes."),
    ("getting a 500 when I save", "I fixed the save handler."),
    ("Now every item shows up twice.", "I fixed the list."),
    ("the webhook fires three times per order", "I fixed the webhook."),
    ("eslint still flags the import", "I fixed the lint errors."),
    ("应该是10，结果是0。", "合计已经修好了。"),
    ("期望是10，实际是0。", "合计已经修好了。"),
    ("请求发了两遍。", "提交逻辑已经修好了。"),
    ("一点就报错", "按钮已经修好了。"),
    ("还是很慢", "查询已经优化好了。"),
    ("10になるはずが0になります。", "合計を修正しました。"),
    ("期待値は10ですが、実際は0です。", "合計を修正しました。"),
    ("リクエストが2回送信されています。", "送信処理を修正しました。"),
    ("不行", "按钮已经修好了。"),
    ("依旧", "按钮已经修好了。"),
    ("相変わらずです", "表示を修正しました。"),
]
RESULT_OFF_NOT_REPORTED = [
    ("不行", "要我把旧的接口删掉吗？"),  # an answer to the agent's question
    ("一样", "这两个配置哪个更好？"),
    ("相変わらずです", "最近どうですか？"),
    ("Expected output: a list of ids.", "I fixed the totals."),
    ("Add a test: expected 10, got 0 should fail.", "I fixed the totals."),
    ("It works as expected, but the label is too small.", "I fixed the totals."),
    ("The endpoint should return a 404 when the user is missing.", "I fixed the routes."),
    ("I get 450 rows from the query, that's right.", "I fixed the query."),
    ("Make it retry twice before giving up.", "I fixed the webhook."),
    ("It should only fire once, not twice.", "I fixed the webhook."),
    ("ok, the import job ran twice that day. add a dedupe step", "I fixed the webhook."),
    ("If the linter still complains, ignore it.", "I fixed the lint errors."),
    ("应该是10，结果要缓存起来。", "合计已经修好了。"),
    ("重试两次就放弃。", "提交逻辑已经修好了。"),
    ("不要重复提交。", "提交逻辑已经修好了。"),
    ("还是慢慢来吧。", "查询已经优化好了。"),
    ("如果一启动就崩溃，就看日志。", "按钮已经修好了。"),
    ("二重送信を防いでください。", "送信処理を修正しました。"),
    ("2回までリトライしてください。", "送信処理を修正しました。"),
    ("期待値をテストに書いてください。", "合計を修正しました。"),
]


# Every pack reads what the others read right after the work: a part of the work asked after (en "where
# are the tests?"), the same fault left elsewhere, a failure after a leading "now", the approach or the
# setup put right, the fix taken in part. Asked as a plan or a doubt, it is not.
PARITY_AFTER_WORK = [
    ("Now the tests for auth fail.", "I fixed the login handler."),
    ("Now the login page fails to load.", "I fixed the login handler."),
    ("We're on React 18, not 17.", "I upgraded the router."),
    ("That's the wrong approach.", "I rewrote the cache layer."),
    ("Not all of them are fixed.", "I fixed the broken links."),
    ("迁移文件在哪？", "已经加好了新字段。"),
    ("其他handler里也有同样的问题。", "已经修复了登录处理。"),
    ("テストは？", "ログイン処理を修正しました。"),
    ("マイグレーションはどこですか？", "新しいカラムを追加しました。"),
    ("他のハンドラにも同じバグがあります。", "ログイン処理を修正しました。"),
    ("테스트는요?", "로그인 처리를 수정했습니다."),
    ("마이그레이션은 어디 있어요?", "새 컬럼을 추가했습니다."),
]
PARITY_NOT_CORRECTIONS = [
    ("Now make sure the upload fails gracefully on big files.", "I fixed the login handler."),
    ("We're on React 18, not sure about the router version.", "I upgraded the router."),
    ("Is that the wrong approach?", "I rewrote the cache layer."),
    ("Not all tests need to pass yet.", "I fixed the broken links."),
    ("测试在哪里跑？", "已经加好了新字段。"),
    ("其他模块里可能也有同样的问题吗？", "已经修复了登录处理。"),
    ("テストはどこで実行しますか？", "ログイン処理を修正しました。"),
    ("結果は？", "ログイン処理を修正しました。"),
    ("他のファイルにも同じバグがあるかもしれません。", "ログイン処理を修正しました。"),
    ("결과는요?", "로그인 처리를 수정했습니다."),
    ("테스트는 어디서 돌려요?", "로그인 처리를 수정했습니다."),
]


@pytest.mark.parametrize(("text", "previous"), PARITY_AFTER_WORK)
def test_every_pack_reads_the_same_phenomena_right_after_the_work(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type in TYPES


@pytest.mark.parametrize(("text", "previous"), PARITY_NOT_CORRECTIONS)
def test_their_look_alikes_asked_as_a_plan_or_a_doubt_are_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "previous"), PARITY_AFTER_WORK)
def test_the_same_words_at_the_start_of_a_task_are_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, "The handlers live in src/handlers and share one session helper.").type not in TYPES


@pytest.mark.parametrize(("text", "previous"), RESULT_OFF)
def test_a_result_off_from_what_was_meant_right_after_the_work_is_a_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type == "result-error"


@pytest.mark.parametrize(("text", "previous"), RESULT_OFF_NOT_REPORTED)
def test_a_spec_a_plan_or_a_fact_about_the_past_is_no_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "previous"), [r for r in RESULT_OFF if not r[0].startswith("还是")])
def test_a_result_off_at_the_start_of_a_task_is_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, "The totals are computed from the orders table.").type not in TYPES


@pytest.mark.parametrize(("text", "previous"), ERROR_NAMED)
def test_an_error_named_as_happening_right_after_the_work_is_a_result_error(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type == "result-error"


@pytest.mark.parametrize(("text", "previous"), ERROR_NAMED_NOT_REPORTED)
def test_an_error_named_in_a_request_a_condition_a_fix_or_a_question_is_no_correction(text: str, previous: str) -> None:
    assert C.classify(text, previous, ["Edit(src/app.py)"]).type not in TYPES


@pytest.mark.parametrize(("text", "previous"), ERROR_NAMED)
def test_an_error_named_at_the_start_of_a_task_is_no_correction(text: str, previous: str) -> None:
    """With no work before it, "now I get TypeError" opens a task (the agent has changed nothing)."""
    assert C.classify(text).type not in TYPES
    assert C.classify(text, "The login handler reads the session cookie first.").type not in TYPES


def test_language_comes_from_the_script_and_mixed_text_tries_every_pack() -> None:
    assert C.languages("README.md 업데이트 빠졌어") == ["ko"]  # a file name is not English
    assert C.languages("テストを忘れてる") == ["ja"]  # kana decides Japanese over Chinese
    assert C.languages("你漏掉了測試") == ["zh"]
    assert C.languages("you missed it") == ["en"]
    mixed = "이거 확인해 봐 but you forgot to update the changelog entry"
    assert C.languages(mixed)[0] == "en" and "ko" in C.languages(mixed)
    assert C.classify("설명 좀 해줘 — you forgot to update the changelog entry again").type == "omission"


def _event(kind: str, text: str) -> Event:
    return Event("claude", "s1", "u1", "2026-11-29T10:00:00Z", "/repo", kind, text)


SELF_FOUND = [
    # the agent's own admissions: source self, typed from the admission sentence
    ("assistant_text", "My mistake, I forgot to export the new function.", ("self", "omission")),
    ("assistant_text", "You're right, I apologize - I made that up. Only `token` is supported.",
     ("self", "premise-error")),
    ("assistant_text", "抱歉，我漏掉了第二個呼叫點，現在補上。", ("self", "omission")),
    ("assistant_text", "申し訳ありません、README の更新を忘れていました。", ("self", "omission")),
    ("assistant_text", "죄송합니다, 제가 두 번째 호출부를 놓쳤습니다.", ("self", "omission")),
    # ... never the agent describing the user's or the code's errors
    ("assistant_text", "The test failed because the fixture path was wrong.", None),
    ("assistant_text", "I fixed the bug where the parser dropped the last line.", None),
    ("assistant_text", "You forgot to pass the --force flag, so the command refused to run.", None),
    ("assistant_text", "Let me check whether I missed anything.", None),
    ("assistant_text", "申し訳ありませんが、その機能はサポートされていません。", None),
    # ... nor a mistake it only supposes or denies, in every language
    ("assistant_text", "If I misread the ticket, tell me and I'll redo the parser.", None),
    ("assistant_text", "I don't think I missed any callers, but I'll grep again.", None),
    ("assistant_text", "This isn't my mistake; the fixture was stale.", None),
    ("assistant_text", "如果我漏掉了什麼，請告訴我。", None),
    ("assistant_text", "我不覺得我搞錯了，但我再跑一次測試。", None),
    ("assistant_text", "もし私が仕様を取り違えていたら教えてください。", None),
    ("assistant_text", "私のミスではありません。テストデータが古かったためです。", None),
    ("assistant_text", "제가 놓쳤다면 알려 주세요.", None),
    ("assistant_text", "제 실수는 아닙니다. 픽스처가 오래됐습니다.", None),
    # reviewers: a case only when they report a problem
    ("review_finding", "Issues found:\n1. Missing test for the empty input case.", ("review", "omission")),
    ("review_finding", "### Issues Identified\n#### Important (Should Fix)\n1. Stale comment in types.go",
     ("review", "other")),
    ("review_finding", "No issues found. LGTM.", None),
    ("review_finding", "Assessment: PASS. No critical or important issues. Ready to merge.", None),
    ("review_finding", "レビュー結果: 問題ありません。", None),
    # hooks: always a case
    ("hook_block", "PreToolUse:Bash hook error: [guard.sh]: Blocked: force push to main is not allowed",
     ("hook", "instruction-violation")),
    ("hook_block", "Stop hook feedback:\n[check.sh]: please summarise your changes", ("hook", "other")),
    # human kinds go through classify(); interrupts are markers, not cases
    ("rejection_feedback", "not as a comment, but as a document attached to the issue",
     ("human", "premise-error")),
    ("queued_prompt", "don't forget to add tests", None),
    ("interrupt", "[Request interrupted by user]", None),
]


@pytest.mark.parametrize(("kind", "text", "expected"), SELF_FOUND)
def test_classify_event_sources(kind: str, text: str, expected: tuple[str, str] | None) -> None:
    got = C.classify_event(_event(kind, text))
    assert (got and (got[0], got[1].type)) == expected, got


def test_an_admission_is_typed_from_its_sentence_not_the_whole_message() -> None:
    text = ("I ran the suite and the deploy script is wrong in two places. "
            "Also, I missed the second call site in api.py; fixing it now.")
    got = C.classify_event(_event("assistant_text", text))
    assert got and got[1].type == "omission" and got[1].rule == "en.self.omission.i-missed"


def test_the_admission_hint_never_rejects_an_admission() -> None:
    # The hint is only a fast pre-check: anything a pack's admission pattern finds, it must find.
    rows = [json.loads(line) for line in (DATA / "classify_eval.jsonl").read_text().splitlines()]
    texts = [r["text"].lower() for r in rows] + _load_bench("classify_speed").adversarial(200_000).split("\n")
    for pack in C.PACKS.values():
        for t in texts:
            if pack.admission.search(t):
                assert pack.admission_hint.search(t), (pack.lang, t[:80])


def test_the_first_character_guard_never_changes_a_match() -> None:
    # `Regex` compiles a long pattern behind a look-ahead of the characters it can start with
    # (`rules._guarded`): a speed-up only, so every match must be the one the pattern as written finds.
    from git_ledger.classify import claims, context
    from git_ledger.classify.rules import Regex

    speed = _load_bench("classify_speed")
    rows = [json.loads(line) for line in (DATA / "classify_eval.jsonl").read_text().splitlines()]
    agents = [json.loads(line) for line in (DATA / "classify_agent4.jsonl").read_text().splitlines()]
    # people's words and agents' (whose reports open lines: "(?m:^)Updated the routes"), as is and lowercased
    words = [r["text"] for r in rows + agents]
    text = "\n".join(words + [w.lower() for w in words]) + "\n" + speed.adversarial(300_000)
    regexes = {**speed.all_regexes(), **{f"{module.__name__}.{name}": value for module in (C, claims, context)
                                         for name, value in vars(module).items() if isinstance(value, Regex)}}
    guarded = 0
    for name, regex in regexes.items():
        plain = re.compile(regex.pattern, regex.flags)
        if plain.pattern == regex.compiled().pattern:
            continue
        guarded += 1
        assert [m.span() for m in regex.finditer(text)] == [m.span() for m in plain.finditer(text)], name
        for line in text.splitlines()[:2000]:
            assert bool(regex.match(line)) == bool(plain.match(line)), (name, line[:60])
    assert guarded > 20  # the long alternations are guarded


# --- quality on the labelled sets --------------------------------------------------------------

# Measured with bench/classify_eval.py when the rules were last changed (docs/quality.md). Typed
# precision may not drop below these; recall has a floor so precision cannot be bought with silence.
RECORDED = {  # (typed precision, recall floor); measured precision is 99/101 en, 76/77 zh, …
    "classify_eval.jsonl": {"en": (0.980, 0.90), "zh": (0.987, 0.90), "ja": (1.0, 0.90),
                            "ko": (0.971, 0.90), "events": (1.0, 0.90)},
    "classify_holdout.jsonl": {"en": (1.0, 0.80), "zh": (1.0, 0.80), "ja": (1.0, 0.80),
                               "ko": (1.0, 0.80), "events": (1.0, 0.80)},
    # round 2, measured once after tuning: 25/25 en, 25/27 zh, 27/28 ja, 24/26 ko (quality.md)
    "classify_holdout2.jsonl": {"en": (1.0, 0.80), "zh": (0.925, 0.80), "ja": (0.964, 0.80),
                                "ko": (0.923, 0.80), "events": (1.0, 0.80)},
    # round 3: 1,035 messages written blind (by someone who had not seen the rules); first seen at
    # typed precision 95.7 en, 90.0 zh, 75.0 ja, 97.2 ko, recall 44-55%; these are after tuning.
    "classify_holdout3.jsonl": {"en": (0.984, 0.78), "zh": (0.982, 0.70), "ja": (0.934, 0.68),
                                "ko": (0.981, 0.68)},
    # round 4: 480 messages written blind again, first run with the round 3 rules: typed precision
    # 100 en, 89.5 zh, 95.8 ja, 94.7 ko (4/320 non-corrections typed), recall 35-58%; after tuning:
    "classify_holdout4.jsonl": {"en": (1.0, 0.58), "zh": (0.962, 0.62), "ja": (1.0, 0.68), "ko": (1.0, 0.62)},
    # agent replies (admissions of its own mistakes and hard near-misses), 360 written blind; first
    # run: typed precision 96.3%, recall 23.2%, 1/248 false; after tuning:
    "classify_agent4.jsonl": {"events": (1.0, 0.74)},
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_typed_precision_does_not_drop(name: str) -> None:
    bench = _load_bench("classify_eval")
    scores = bench.evaluate(bench.load(DATA / name))
    for key, (precision, recall_floor) in RECORDED[name].items():
        s = scores[key]
        assert s.precision is not None and s.precision >= precision - 1e-9, (key, s.precision, s.errors)
        assert s.recall is not None and s.recall >= recall_floor, (key, s.recall)


def test_labelled_sets_are_well_formed_and_big_enough() -> None:
    labels = {"omission", "instruction-violation", "premise-error", "result-error", "other", "none"}
    names = ("classify_eval.jsonl", "classify_holdout.jsonl", "classify_holdout2.jsonl", "classify_holdout3.jsonl",
             "classify_holdout4.jsonl", "classify_agent4.jsonl")
    for name, per_lang in zip(names, (60, 25, 50, 250, 115, 90)):
        rows = [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]
        assert all(r["label"] in labels and r["lang"] in ("en", "zh", "ja", "ko") for r in rows)
        for lang in ("en", "zh", "ja", "ko"):
            assert sum(r["lang"] == lang for r in rows) >= per_lang, (name, lang)
    sets = [{r["text"] for r in map(json.loads, (DATA / name).read_text(encoding="utf-8").splitlines())}
            for name in names]
    for i, a in enumerate(sets):
        for b in sets[i + 1:]:
            assert not a & b, sorted(a & b)[:3]


def test_fixture_messages_in_the_eval_set_are_real() -> None:
    logs = "".join(p.read_text(encoding="utf-8") for p in fixtures_dir().rglob("*.json*"))
    rows = [json.loads(line) for line in (DATA / "classify_eval.jsonl").read_text().splitlines()]
    quoted = [r for r in rows if r["note"].startswith("fixture ")]
    assert len(quoted) >= 40
    for r in quoted:
        assert json.dumps(r["text"][:60])[1:-1] in logs, r["text"][:60]


# --- speed: every pattern on 1 MB of adversarial text -------------------------------------------

def test_every_pattern_is_fast_on_a_megabyte_of_near_matches() -> None:
    # Each pattern alone, not only behind classify()'s 200-character cut: a pattern that
    # backtracks quadratically takes minutes here, a linear one under 0.2 s on a quiet machine;
    # the bound leaves room for a CI machine three times slower (seen: 3.4x on the masking test).
    speed = _load_bench("classify_speed")
    times = speed.pattern_times(speed.adversarial(1_000_000))
    assert len(times) > 100
    slow = {name: round(t, 2) for name, t in times.items() if t > 2.0}
    assert not slow, slow


def test_the_public_functions_are_fast_on_a_megabyte() -> None:
    text = _load_bench("classify_speed").adversarial(1_000_000)
    start = time.process_time()
    C.classify(text)
    C.classify_admission(text)
    C.classify_review(text)
    C.classify_hook(text)
    assert time.process_time() - start < 0.5


# --- the command ----------------------------------------------------------------------------------

def test_cli_answers_one_json_object_per_line() -> None:
    lines = [
        "you forgot the tests",
        "테스트 추가하는 거 잊지 마",
        json.dumps({"text": "是我說錯了"}, ensure_ascii=False),
        json.dumps({"text": "I missed the second call site.", "kind": "assistant_text"}),
        json.dumps({"text": "No issues found.", "kind": "review_finding"}),
        "",
    ]
    out = run_cli("classify", input="\n".join(lines) + "\n")
    assert out.returncode == 0, out.stderr
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert answers == [
        {"type": "omission", "rule": "en.omission.you-forgot", "excluded": None, "lang": "en"},
        {"type": "none", "rule": None, "excluded": None, "lang": "ko"},
        {"type": "none", "rule": None, "excluded": "self-blame", "lang": "zh"},
        {"type": "omission", "rule": "en.self.omission.i-missed", "excluded": None, "lang": "en",
         "source": "self"},
        {"type": "none", "rule": None, "excluded": None, "lang": "en", "source": None},
        {"type": "none", "rule": None, "excluded": "empty", "lang": ""},
    ]
    assert out.stderr == ""


def test_cli_notes_a_malformed_line_and_keeps_the_output_aligned() -> None:
    out = run_cli("classify", input='you missed it\n{"text": "broken\n{"kind": "prompt"}\nstill wrong\n')
    assert out.returncode == 0
    assert [json.loads(line)["type"] for line in out.stdout.splitlines()] == ["omission", "none", "none",
                                                                             "result-error"]
    assert [json.loads(line)["excluded"] for line in out.stdout.splitlines()][1:3] == ["malformed"] * 2
    notes = out.stderr.splitlines()
    assert len(notes) == 2 and notes[0].startswith("git-ledger classify: line 2: not valid JSON")
    assert notes[1].startswith("git-ledger classify: line 3:")


def test_cli_reads_non_utf8_bytes_without_failing() -> None:
    # Raw bytes: run_cli's text mode cannot send an invalid UTF-8 byte, so call the CLI directly.
    out = subprocess.run((sys.executable, "-m", "git_ledger", "classify"), input=b"you forgot \xff the tests\n",
                         capture_output=True, cwd=REPO_ROOT, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout)["type"] == "omission"


def test_cli_kind_option_and_help() -> None:
    out = run_cli("classify", "--kind", "hook_block", input="Blocked: editing .env is not allowed\n")
    assert json.loads(out.stdout) == {"type": "instruction-violation", "rule": "en.hook.instruction-violation"
                                      ".not-allowed", "excluded": None, "lang": "en", "source": "hook"}
    help_ = run_cli("classify", "--help")
    assert help_.returncode == 0 and "example:" in help_.stdout and "git-ledger classify" in help_.stdout


def test_classify_imports_nothing_heavy() -> None:
    code = ("import sys, git_ledger.classify.classify; "
            "heavy = {'git', 'ruamel', 'detect_secrets', 'sqlite3', 'json'} & set(sys.modules); "
            "print(sorted(heavy))")
    proc = subprocess.run((sys.executable, "-c", code), capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.stdout.strip() == "[]", proc.stdout + proc.stderr


def test_eval_script_prints_tables(tmp_path: Path) -> None:
    bench = _load_bench("classify_eval")
    path = tmp_path / "mini.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [
        {"text": "you missed the tests", "label": "omission", "lang": "en", "note": ""},
        {"text": "don't forget the tests", "label": "none", "lang": "en", "note": ""},
    ]) + "\n")
    scores = bench.evaluate(bench.load(path))
    assert (scores["en"].precision, scores["en"].recall) == (1.0, 1.0)
    assert "| en | 2 | 1 | 1 | 100.0% | 100.0% | 100.0% | 100.0% | 0/1 | 100.0% |" in bench.table(scores)


def test_cli_reads_the_previous_message_and_tools_of_a_json_line() -> None:
    lines = [
        json.dumps({"text": "no change", "previous": "I've updated the parser; this should fix it.", "previous_tools": ["Edit"]}),
        json.dumps({"text": "no change"}),
        json.dumps({"text": "no change", "previous_tools": "Edit"}),
    ]
    out = run_cli("classify", input="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert [a["type"] for a in answers] == ["result-error", "other", "none"]
    assert answers[2]["excluded"] == "malformed" and "previous_tools" in out.stderr


def test_real_data_bench_scores_rows_with_their_context(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """bench/classify_real.py on a set written here in the development set's format (the real set
    never enters the repository; without it the bench says so and exits 0)."""
    bench = _load_bench("classify_real")
    fixed = "I've updated the parser; this should fix the dates."
    rows = [
        {"text": "no change", "prev_assistant": fixed, "prev_tools": ["Edit(src/dates.py)"], "label": "result-error"},
        {"text": "no change", "prev_assistant": None, "prev_tools": None, "label": "not-correction"},
        {"text": "you forgot the tests", "prev_assistant": fixed, "prev_tools": [], "label": "omission"},
        {"text": "great, now add a dark mode", "prev_assistant": fixed, "prev_tools": [], "label": "not-correction"},
        {"text": "hmm, that is still not it", "prev_assistant": fixed, "prev_tools": [], "label": "other-correction"},
        {"text": "the page is still blank", "prev_assistant": fixed, "prev_tools": [], "label": "result-error",
         "disputed": True},
    ]
    (tmp_path / "messages.jsonl").write_text("".join(
        json.dumps({"id": f"r{i}", "lang": "en", "part": "tune", **r}) + "\n" for i, r in enumerate(rows)))
    scores = bench.evaluate(bench.load(tmp_path / "messages.jsonl"), bench.rules_alone)
    en = scores["en"]
    assert (en.corrections, en.not_corrections, en.typed, en.typed_right, en.exact) == (3, 2, 2, 2, 2)
    assert (en.precision, en.recall, en.natural_precision) == (1.0, 2 / 3, 1.0)
    assert scores["disputed"].corrections == 1 and scores["all"].corrections == 3
    assert bench.main(["--data", str(tmp_path), "--part", "tune"]) == 0
    assert "| en | 3 / 5 | 2 | 100.0% | 66.7% | 2/2 | 100.0% | 0/2 |" in capsys.readouterr().out
    assert bench.main(["--data", str(tmp_path / "absent"), "--check"]) == 0
    assert "skipped" in capsys.readouterr().out


def test_natural_mix_weighs_each_false_correction_up() -> None:
    bench = _load_bench("classify_real")
    s = bench.Score(corrections=10, not_corrections=20, typed=5, typed_right=4)
    # 15% corrections: each of the 20 rows stands for 10 / 0.15 * 0.85 / 20 = 2.83 rows
    assert s.precision == 0.8 and abs(s.natural_precision - 4 / (4 + 10 * 0.85 / 0.15 / 20)) < 1e-9


def test_scores_of_answers_in_the_rows_order() -> None:
    """`score` takes answers as the judges give them (None where they give none); a typed answer on
    a non-correction is false at any mix, even where no correction was typed."""
    bench = _load_bench("classify_real")
    rows = [bench.Row(f"r{i}", "en", "", None, (), label, "tune", False) for i, label in
            enumerate(("omission", "other-correction", "not-correction", "not-correction"))]
    scores = bench.score(rows, ["omission", None, None, "none"])
    assert (scores["en"].rows, scores["en"].exact_precision, scores["en"].natural_precision) == (4, 1.0, 1.0)
    only_false = bench.score(rows, [None, "other", "premise-error", None])["all"]
    assert (only_false.precision, only_false.recall, only_false.natural_precision) == (0.0, 0.0, 0.0)
    assert [r.id for r in only_false.false] == ["r2"] and [r.id for r in only_false.missed] == ["r0", "r1"]
    assert "| disputed |" not in bench.table("no disputed rows", scores)
