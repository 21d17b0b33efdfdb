"""The Chinese, Japanese and Korean rule packs on the phenomena of real corrections: each case
beside the look-alike that is not a correction. Every message here is written for the test.
A look-alike ("untyped") may still be "other" (corrective words, left to the judges), never typed."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from git_ledger.classify import classify as C
from git_ledger.models import TYPES
from tests.testing.util import REPO_ROOT

R, O, P, IV = "result-error", "omission", "premise-error", "instruction-violation"
UNTYPED = "untyped"

# (message, type, excluded)
ZH = [
    # still, after the attempt: 还是/依旧/依然/仍然 + not working (simplified and traditional)
    ("还是没有刷新出来", R, None),
    ("還是沒有刷新出來", R, None),
    ("按钮依旧不会响应点击", R, None),
    ("問題依然存在", R, None),
    ("我觉得配色还是不好看", R, None),
    ("报错依然存在，你先打印一下参数", R, None),  # a request to look into it stays a report
    ("我还是不太懂这个参数的意思", UNTYPED, None),  # the user's own understanding
    ("用 redis 还是 memcached？", UNTYPED, None),  # 还是 = "or"
    ("我还是觉得用 postgres 比较好", UNTYPED, None),
    # again: 又 + not working, not 又要…又要…
    ("刷新之后又没有数据了", R, None),
    ("切換主題後又不顯示了", R, None),
    ("我又要写文档又要写代码，忙不过来", UNTYPED, None),
    # no effect
    ("改了配置但是没有生效", R, None),
    ("點了按鈕沒反應", R, None),
    ("刷新后没看到任何变化", R, None),
    ("如果没有生效就清一下缓存", UNTYPED, "hypothetical"),
    ("接口行为不变化，只整理命名", UNTYPED, None),
    # halfway, plainly wrong
    ("旧的样式没删干净", R, None),
    ("导出的日期格式完全不对", R, None),
    ("请确保没有遗漏，再过一遍清单", UNTYPED, None),  # a review, not a miss
    # now (after the agent's change) it does not work; a feature asked for is not that
    ("现在点登录按钮无法跳转", R, None),
    ("現在圖表沒有顯示", R, None),
    ("现在能不能给首页加个搜索框", UNTYPED, None),
    ("现在没有导出功能，帮我加一个", UNTYPED, "new-task"),
    # what should be, against what is
    ("应该先弹确认框，却直接删了", R, None),
    ("應該在畫面中間，現在在左上角", R, None),
    ("弹窗应该居中显示", UNTYPED, None),  # a plain request
    # a hedged failure, or a guess at its cause, is still a report of it
    ("按钮颜色好像不对", R, None),
    ("现在列表没有刷新，看看是不是缓存的问题", R, None),
    ("好像有点慢，帮我看看", UNTYPED, "recheck"),  # a doubt, nothing said to fail
    ("再确认一下有没有遗漏", UNTYPED, "recheck"),
    # 有时候 is "sometimes", not a "when" clause
    ("有时候会漏掉最后一行日志", O, None),
    ("日志写入失败的时候要重试", UNTYPED, "hypothetical"),
    # nothing changed
    ("页面还是老样子", R, None),
    ("樣式一點都沒變", R, None),
    ("刷新了，没变", R, None),
    ("这个变量没变过，可以内联", UNTYPED, None),
    ("没有效果图，你自己设计", UNTYPED, None),  # 效果图: a mock-up
    # thanks/yes, then the attempt failed: a report, not agreement and elaboration
    ("谢谢，但是还是不行", R, None),
    ("好的，但是问题还在", R, None),
    ("好的，但是另外加一个导出按钮", UNTYPED, "agreement"),
    # fixed, and a new problem
    ("可以了！就是还有个小问题，列表没有排序", R, None),
    ("前两个好了。但是又出现了新问题：草稿没保存", R, None),
    ("我有个问题，缓存是按用户存的吗？", UNTYPED, None),  # a question
    # the problem stays
    ("问题还在", R, None),
    ("bug 依然存在", R, None),
    ("还是有这个问题", R, None),
    ("问题还在吗？", UNTYPED, None),  # asked
    # the agent did what it was not asked to
    ("你怎么把测试删了", IV, None),
    ("为什么把配置改了？", UNTYPED, None),  # no "you": a question about the change
    # not X but Y; 不不不 opening
    ("超时不是按秒算，应该是按毫秒", P, None),
    ("不不不，我说的是测试环境", P, None),
    ("没有这个 fetch upstream 的选项", P, None),
    # only asked to look
    ("我只是让你看一下，而不是动手改", IV, None),
    ("只让你看看，没让你改", IV, None),
    # the agent's change named as the cause
    ("你修改了学习率之后 loss 不下降了", R, None),
    ("你修改了缓存之后就不卡了", UNTYPED, None),  # better
]


def _check(text: str, type_: str, excluded: str | None, lang: str) -> None:
    c = C.classify(text)
    if type_ == UNTYPED:
        assert c.type not in TYPES and c.excluded == excluded, c
    else:
        assert (c.type, c.excluded, c.lang) == (type_, excluded, lang), c


# Traditional forms of the same phenomena (Taiwan, Hong Kong): the same answers.
ZH_TRADITIONAL = [
    ("依舊不會觸發", R, None),
    ("舊的樣式沒刪乾淨", R, None),
    ("現在點登入無法跳轉", R, None),
    ("為什麼還是不顯示？", R, None),
    ("問題還在", R, None),
    ("你怎麼把測試刪了", IV, None),
    ("不是按秒，應該是按毫秒", P, None),
    ("我只是讓你看一下，而不是動手改", IV, None),
    ("你修改了快取之後不顯示了", R, None),
    ("我還是不太懂", UNTYPED, None),
    ("問題還在嗎？", UNTYPED, None),
    ("如果還是不行就回滾", UNTYPED, "hypothetical"),
]


@pytest.mark.parametrize(("text", "type_", "excluded"), ZH + ZH_TRADITIONAL)
def test_chinese_phenomena(text: str, type_: str, excluded: str | None) -> None:
    _check(text, type_, excluded, "zh")

# The agent's previous turn: it claimed a fix (and ran tools), or it only asked something.
FIXED = "ログイン処理を修正しました。これで動くはずです。"
FIXED_KO = "로그인 처리를 수정했습니다. 이제 잘 될 거예요."
ASKED = "どの画面から始めますか？"

JA = [
    # opening by rejecting what the agent did
    ("ちょっと違う。設定は共有フォルダのほうです", P, None),
    ("違う違う、本番じゃなくてステージング", P, None),
    ("違う画面のデザインも参考にして", UNTYPED, None),  # 違う + noun: "another screen"
    # what was wanted, and this is not it
    ("求めてるレイアウトじゃなかったので作り直して", P, None),
    ("頼んだものではありません", P, None),
    ("求めてるレイアウトは二列です", UNTYPED, None),
    # "使っている" describes; "ではなく" stays a premise error beside it
    ("新版向けではなく、今使っている旧版の手直しです", P, None),
    ("npm ではなく pnpm を使って", UNTYPED, None),  # a request, left to "other"
    # attributive 漏れていた + noun names a topic
    ("仕様から漏れていた項目を一覧にして", UNTYPED, None),
    ("更新が漏れてる", O, None),
    # reproached for what was not done
    ("テスト書いてないじゃん", O, None),
    ("README 更新してないじゃないですか", O, None),
    ("テストは書かないで", UNTYPED, None),
    ("テストを先に書けと言ったはずだ", IV, None),
    ("最初に確認しろと言った", IV, None),
    ("彼はいいねと言った", UNTYPED, None),
    ("ありがとう、でもまだ動かない", R, None),
    ("はい、でも空の配列も処理して", UNTYPED, "agreement"),
    # more than was asked
    ("余計な変更が入ってる", IV, None),
    ("余計なことしないで", IV, None),
    ("余計なログを省いて要約して", UNTYPED, None),
    # still not shown / not taking effect
    ("まだ表示されない", R, None),
    ("CSS がまだ効いてない", R, None),
    ("前より遅くなった", R, None),
    ("余計なファイル作らないで", IV, None),
    ("それじゃない", P, None),
    ("これじゃなくて隣のファイル", P, None),
    ("それじゃないと動かない", UNTYPED, None),  # a condition
    ("前と同じ形式でお願い", UNTYPED, None),
    ("保留の意味は、今は触らないということ", P, None),
    ("この意味は何ですか", UNTYPED, None),
]

KO = [
    # still / again, after the attempt
    ("여전히 전부 깜빡여", R, None),
    ("또다시 버튼이 두 번 눌리네", R, None),
    ("아직도 로그인 화면이에요", R, None),
    ("아직도 이해가 잘 안 가요", UNTYPED, None),  # the user's own understanding
    ("아직도 설치 중이야", UNTYPED, None),  # still in progress
    # what was meant, said again
    ("어제 버전으로 롤백하라는 거야", P, None),
    ("푸터 말이야", P, None),
    ("이걸 하라는 거야?", UNTYPED, None),  # asked
    # set up wrong
    ("기본 브랜치가 잘못 지정됐어", R, None),
    ("잘못 설정된 값은 기본값으로 바꿔 줘", UNTYPED, None),  # attributive: a task
    # asked, but a complaint about the attempt
    ("왜 또 안 돼?", R, None),
    ("왜 아직도 그대로야?", R, None),
    ("왜 이 함수를 썼어?", UNTYPED, None),  # a plain question
    # the change did not take
    ("수정이 안 됐어", R, None),
    ("색이 안 바뀌었어요", R, None),
    ("반영 안 된 거 있으면 알려 줘", UNTYPED, "hypothetical"),
    ("아직 반영 안 됐어?", UNTYPED, None),  # asked
    # not working properly, not a task about what does not
    ("로그인이 제대로 안 돼요", R, None),
    ("제대로 안 되는 부분 고쳐 줘", UNTYPED, None),
    ("네 근데 여전히 에러 나요", R, None),
    ("네 근데 빈 배열도 처리해 줘", UNTYPED, "agreement"),
    # the premise: not there, not this, what was said
    ("그 옵션은 존재하지 않아요", P, None),
    ("존재하지 않는 파일은 건너뛰어 줘", UNTYPED, None),  # attributive: a task
    ("이거 아니야, 다른 파일이야", P, None),
    ("이거 아니면 저거 써 줘", UNTYPED, None),
    ("내가 말한 건 staging 브랜치야", P, None),
    ("내가 말한 건 다 했어?", UNTYPED, None),  # asked
    # already typed by the original rules: kept so
    ("아직도 안 돼", R, None),
    ("여전히 404 떠요", R, None),
    ("푸시하지 말라고 했잖아", IV, None),
    ("README 업데이트 안 했잖아", O, None),
    ("엉뚱한 파일을 고쳤네", P, None),
    ("에러 없어졌어요", UNTYPED, "negated"),
    ("안 되면 알려 줘", UNTYPED, "hypothetical"),
    # a spec in the written directive register, not a reply to the agent
    ("이 모듈을 사용자 관점에서 검토한다. 기능이 아니라 행동을 본다.", UNTYPED, "new-task"),
    ("테스트를 먼저 작성하라. 구현이 아니라 계약부터.", UNTYPED, "new-task"),
]


@pytest.mark.parametrize(("text", "type_", "excluded"), JA)
def test_japanese_phenomena(text: str, type_: str, excluded: str | None) -> None:
    _check(text, type_, excluded, "ja")


@pytest.mark.parametrize(("text", "type_", "excluded"), KO)
def test_korean_phenomena(text: str, type_: str, excluded: str | None) -> None:
    _check(text, type_, excluded, "ko")


@pytest.mark.parametrize("text", ["エラー", "以下のエラー", "保存するとエラーになる", "npm run build できない", "変わりません",
                                  "同じ結果です", "変わってないです", "テスト落ちてる", "ビルドが通らない", "画面が真っ白",
                                  "さっきと同じ", "レイアウト崩れてる", "ボタンが反応しない", "404 になる", "型エラーが出てます"])
def test_a_bare_japanese_error_report_is_a_result_error_only_right_after_a_claimed_fix(text: str) -> None:
    assert C.classify(text, previous=FIXED).type == R
    assert C.classify(text, previous=FIXED).rule == "ja.result-error.error-after-claim"
    assert C.classify(text).type not in TYPES  # opening a task: a report
    assert C.classify(text, previous=ASKED).type not in TYPES  # the agent claimed nothing


def test_not_needed_in_japanese_after_the_agents_work_but_not_as_an_answer() -> None:
    assert C.classify("旧名の注記は不要", previous=FIXED).type == IV
    assert C.classify("この節は不要では？", previous=FIXED).type == IV  # asked, but a correction
    assert C.classify("修正は不要", previous=FIXED).type not in TYPES  # a verdict
    assert C.classify("テストは不要です", previous="変更しました。テストも追加しますか？").type not in TYPES  # an answer
    assert C.classify("旧名の注記は不要").type not in TYPES


@pytest.mark.parametrize("text", ["中央揃えになってない", "CSS が効いてない", "ロゴが表示されてない"])
def test_not_taking_effect_in_japanese_is_a_result_error_only_right_after_a_claimed_fix(text: str) -> None:
    assert C.classify(text, previous=FIXED).type == R
    assert C.classify(text).type not in TYPES
    assert C.classify("まだ反映されてないかもね", previous=FIXED).type not in TYPES  # a doubt


@pytest.mark.parametrize("text", ["안 돼요", "에러 나요", "그대로예요", "똑같아", "버튼 눌러도 반응이 없어", "안 되는데요?",
                                  "똑같은 에러가 나요", "화면이 하얗게 나와요", "버튼이 안 눌려요", "전혀 바뀐 게 없어요",
                                  "타입 에러 나는데"])
def test_a_bare_korean_result_is_a_result_error_only_right_after_a_claimed_fix(text: str) -> None:
    assert C.classify(text, previous=FIXED_KO).type == R
    assert C.classify(text, previous_tools=["Edit(src/login.ts)"]).type == R  # its turn edited files
    assert C.classify(text).type not in TYPES
    assert C.classify(text, previous="어느 화면부터 할까요?", previous_tools=["Read(src/login.ts)"]).type not in TYPES


def test_korean_should_be_and_differs_right_after_a_claimed_fix() -> None:
    assert C.classify("설정을 먼저 저장해야 하는 거 아니야?", previous=FIXED_KO).type == R
    assert C.classify("버튼 모양이 시안이랑 달라요", previous=FIXED_KO).type == R
    assert C.classify("설정을 먼저 저장해야 하는 거 아니야?").type not in TYPES  # a question opening a task
    assert C.classify("A와 B는 달라?", previous=FIXED_KO).type not in TYPES
    assert C.classify("그럼 캐시에 저장해야 하는 거 아니야?", previous=FIXED_KO).type not in TYPES  # a proposal


def test_a_korean_text_to_show_is_not_a_result() -> None:
    assert C.classify("'안 돼요' 라는 메시지를 보여 줘", previous=FIXED_KO).type not in TYPES
    assert C.classify("안 돼요 라는 문구를 띄워 줘", previous=FIXED_KO).type not in TYPES


@pytest.mark.parametrize("text", ["报错了", "頁面白屏", "点了保存还是没反应", "截图所示报错", "按钮点不了", "编译不过",
                                  "数据没保存上", "改了之后更慢了", "没用啊", "跟之前一样", "一样的问题", "问题没解决",
                                  "接口返回 500", "報錯了", "按鈕點不了", "編譯不過", "跟之前一樣", "問題沒解決"])
def test_a_bare_chinese_failure_is_a_result_error_right_after_a_claimed_fix(text: str) -> None:
    fixed = "我改好了 auth.ts，登录流程现在应该没问题了。"
    assert C.classify(text, previous=fixed).type == R


@pytest.mark.parametrize("text", ["为什么还是不显示？", "怎麼又報錯了？"])
def test_why_still_asked_is_a_complaint_about_the_attempt(text: str) -> None:
    assert C.classify(text).type == R


def test_why_asked_without_a_failure_stays_a_question() -> None:
    assert C.classify("为什么还是用 redis？").type not in TYPES


@pytest.mark.parametrize("text", ["报错了", "頁面白屏", "截图所示报错", "按钮点不了", "跟之前一样", "测试没跑"])
def test_a_bare_chinese_failure_opening_a_task_is_not_typed(text: str) -> None:
    assert C.classify(text).type not in TYPES
    assert C.classify(text, previous="要从哪个页面开始？").type not in TYPES


# A 时 clause that describes what the work does now, or points at a screenshot, is an observation
# of the result; the same clause about a case to handle stays a hypothetical.
@pytest.mark.parametrize("text", ["现在点保存时没有反应", "上传图片时报错，如图所示", "行了，不过又出现一个小问题：缩放时按钮不见了"])
def test_a_when_clause_that_reports_the_result_is_typed_after_the_agents_work(text: str) -> None:
    assert C.classify(text, previous="我改好了 auth.ts，登录流程现在应该没问题了。").type == R


@pytest.mark.parametrize("text", ["保存失败时要提示用户", "网络错误的时候，自动重试三次", "有时候，导入失败要记录日志"])
def test_a_when_clause_about_a_case_to_handle_stays_untyped(text: str) -> None:
    assert C.classify(text, previous="我改好了 auth.ts，登录流程现在应该没问题了。").type not in TYPES


@pytest.mark.parametrize("text", ["图标没有正确显示", "保存后没显示进度条，而且列表也没刷新", "背景图没有生效", "點了之後沒有跳轉"])
def test_what_should_show_did_not_after_the_agents_work(text: str) -> None:
    assert C.classify(text, previous="我改好了 auth.ts，登录流程现在应该没问题了。").type == R
    assert C.classify(text, previous="要从哪个页面开始？").type not in TYPES  # opening a task: a report


@pytest.mark.parametrize("text", ["数据没有加载的时候要显示骨架屏", "确保没有刷新就不会重复提交", "如果图片没有显示，用默认图"])
def test_not_shown_as_a_case_or_an_instruction_stays_untyped(text: str) -> None:
    assert C.classify(text, previous="我改好了 auth.ts，登录流程现在应该没问题了。").type not in TYPES


@pytest.mark.parametrize("text", ["버튼이 표시되지 않아요", "여전히 작동하지 않습니다", "저장이 되지 않았어요", "작동 안 해요",
                                  "로그인 후 페이지가 이동하지 않네요"])
def test_the_korean_formal_negative_of_working_is_a_result_error_right_after_the_agents_work(text: str) -> None:
    assert C.classify(text, previous=FIXED_KO).type == R
    assert C.classify(text, previous="어떤 화면부터 시작할까요?").type not in TYPES  # opening a task


@pytest.mark.parametrize("text", ["저장되지 않으면 경고를 띄워줘", "표시되지 않도록 숨겨줘", "그 파일은 열리지 않게 막아줘",
                                  "저는 그 라이브러리를 쓰지 않아요"])
def test_a_korean_negative_as_a_case_an_aim_or_a_fact_stays_untyped(text: str) -> None:
    assert C.classify(text, previous=FIXED_KO).type not in TYPES


def test_the_products_users_in_a_report_right_after_the_agents_work() -> None:
    # Right after the agent's work "the user" is the product's user: the report is of its result.
    assert C.classify("用户注册后页面没有跳转", previous="我改好了 auth.ts，登录流程现在应该没问题了。").type == R
    assert C.classify("ユーザーを追加すると下記のエラー", previous=FIXED).type == R
    assert C.classify("사용자 목록이 안 나와요", previous=FIXED_KO).type == R
    # Without the agent's work, a user's slip is a task, not a correction.
    for text in ("用户忘了填邮箱，加个提示", "用户又把配置改坏了", "ユーザーが入力を間違えた"):
        assert C.classify(text).type not in TYPES, text


def test_bing_mei_you_alone_denies_no_mistake() -> None:
    fixed = "我改好了 auth.ts，登录流程现在应该没问题了。"
    # 并没有 + what did not happen is a report; a denial of one's own mistake stays an exclusion.
    got = C.classify("不，我并没有收到通知，终端里打印了一个异常：\nTypeError: x is undefined", previous=fixed)
    assert got.type == R
    for text in ("我并没有漏掉任何文件", "我并没有改错", "并没有问题", "应该没有漏"):
        assert C.classify(text, previous=fixed).excluded == "negated", text


def test_not_needed_after_the_agents_work_but_not_as_an_answer() -> None:
    assert C.classify("不需要 catch 异常", previous="已添加异常处理，所有调用都包在 try/catch 里了。").type == IV
    assert C.classify("不用", previous="已修改完成。要不要我再加一组测试？").type not in TYPES  # an answer
    assert C.classify("不需要 catch 异常").type not in TYPES  # a task's instruction


def test_a_chinese_omission_right_after_a_claimed_fix() -> None:
    fixed = "已修改完成，测试应该都能通过。"
    assert C.classify("测试没跑", previous=fixed).type == O
    assert C.classify("文档没更新", previous=fixed).type == O


@pytest.mark.parametrize("text", ["帮我看看这个报错", "数据没保存上的情况要提示用户", "接口返回 200 就算成功", "测试没跑过的先跳过"])
def test_chinese_requests_after_a_claimed_fix_stay_untyped(text: str) -> None:
    assert C.classify(text, previous="我改好了 auth.ts，登录流程现在应该没问题了。").type not in TYPES


def test_the_tuning_bench_names_the_rule_behind_each_hit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """bench/rules_by_lang.py on rows written here in the development set's format."""
    spec = importlib.util.spec_from_file_location("rules_by_lang", REPO_ROOT / "bench" / "rules_by_lang.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules["rules_by_lang"] = bench
    spec.loader.exec_module(bench)
    rows: list[dict[str, str | None]] = [
        {"lang": "zh", "text": "还是没有刷新出来", "prev_assistant": "已修改。", "label": "result-error"},
        {"lang": "zh", "text": "帮我加个登录页", "prev_assistant": None, "label": "not-correction"},
        {"lang": "ko", "text": "여전히 전부 깜빡여", "prev_assistant": FIXED_KO, "label": "result-error"},
        {"lang": "ja", "text": "ログイン画面を作って", "prev_assistant": None, "label": "omission"},
    ]
    (tmp_path / "messages.jsonl").write_text("".join(
        json.dumps({"id": f"r{i}", "part": "tune", "prev_tools": None, **r}, ensure_ascii=False) + "\n"
        for i, r in enumerate(rows)), encoding="utf-8")
    assert bench.main(["--data", str(tmp_path), "--misses"]) == 0
    out = capsys.readouterr().out
    assert "| zh | 1 / 2 | 1 | 100.0% | 100.0% | 1/1 |" in out
    assert "zh.result-error.still-not                            1   0" in out
    assert "ko.result-error.still-again" in out
    assert "MISS ja omission" in out and "ログイン画面を作って" in out
    assert bench.main(["--data", str(tmp_path / "absent")]) == 0
    assert "skipped" in capsys.readouterr().out


def test_the_tuning_bench_holds_each_repository_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--by-repo: a correction counts only when its rule typed a correction in another repository."""
    spec = importlib.util.spec_from_file_location("rules_by_lang", REPO_ROOT / "bench" / "rules_by_lang.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules["rules_by_lang"] = bench
    spec.loader.exec_module(bench)
    rows = [
        {"lang": "zh", "text": "还是没有刷新出来", "prev_assistant": "已修改。", "label": "result-error", "source_repo": "a/one"},
        {"lang": "zh", "text": "还是没有显示图标", "prev_assistant": "已修改。", "label": "result-error", "source_repo": "b/two"},
        {"lang": "ko", "text": "여전히 전부 깜빡여", "prev_assistant": FIXED_KO, "label": "result-error", "source_repo": "c/three"},
        {"lang": "ko", "text": "로그인 화면 만들어 줘", "prev_assistant": None, "label": "not-correction", "source_repo": "c/three"},
    ]
    (tmp_path / "messages.jsonl").write_text("".join(
        json.dumps({"id": f"r{i}", "part": "tune", "prev_tools": None, **r}, ensure_ascii=False) + "\n"
        for i, r in enumerate(rows)), encoding="utf-8")
    assert bench.main(["--data", str(tmp_path), "--by-repo"]) == 0
    out = capsys.readouterr().out
    held_out = out.split("each repository held out", 1)[1]
    assert "zh.result-error.still-not                            2 in  2" in out
    assert "ko.result-error.still-again                          1 in  1 *" in out
    assert "| zh | 2 / 2 | 2 | 100.0% | 100.0% |" in held_out  # seen in two repositories: carries over
    assert "| ko | 1 / 2 | 0 | – | 0.0% |" in held_out  # one repository's phrasing only


def test_the_tuning_bench_reads_every_non_correction_after_a_claim(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--claim-all: "报错了" opening a task is no correction, but an after-claim rule would type it."""
    spec = importlib.util.spec_from_file_location("rules_by_lang", REPO_ROOT / "bench" / "rules_by_lang.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    sys.modules["rules_by_lang"] = bench
    spec.loader.exec_module(bench)
    rows = [
        {"lang": "zh", "text": "报错了", "prev_assistant": "要从哪个页面开始？", "label": "not-correction", "source_repo": "a/one"},
        {"lang": "zh", "text": "帮我加个登录页", "prev_assistant": None, "label": "not-correction", "source_repo": "a/one"},
    ]
    (tmp_path / "messages.jsonl").write_text("".join(
        json.dumps({"id": f"r{i}", "part": "tune", "prev_tools": None, **r}, ensure_ascii=False) + "\n"
        for i, r in enumerate(rows)), encoding="utf-8")
    assert bench.main(["--data", str(tmp_path), "--claim-all"]) == 0
    out = capsys.readouterr().out
    assert "false corrections |" in out and "| zh | 0 / 2 | 0 |" in out  # as given: nothing typed
    assert "non-corrections typed with every context a claim (1):" in out
    assert "zh.result-error.error-after-claim                    1 in  1" in out


# Two phenomena every language has, right after the agent's work: its change had no effect, and
# what it suggests was tried already (a failure said with it is a result). Each beside the same
# words as an attribute of something to change, which is no report.
NO_EFFECT = [
    ("효과가 없네요", "ko"), ("소용없어요", "ko"), ("별 차이 없어요", "ko"),
    ("効きません", "ja"), ("効果がありません", "ja"), ("効果なしです", "ja"), ("意味がありませんでした", "ja"),
    ("毫无作用", "zh"), ("一点用都没有", "zh"), ("没有任何效果", "zh"),
]
NO_EFFECT_ATTRIBUTE = ["효과가 없는 코드는 지워 주세요", "効果のない処理は消してください", "没有效果的代码删掉", "效果音を追加して",
                       "把标题栏的副标题改为空，字号调成14", "把默认值设为空"]
TRIED = [
    ("그건 이미 해 봤어요", P), ("벌써 시도해 봤는데요", P), ("이미 해 봤는데 안 돼요", R),
    ("それはもう試しました", P), ("もう試しましたがダメでした", R),
    ("我已经试过了", P), ("这个早就试过了", P), ("试过了，不行", R), ("试过了还是报错", R),
]
_AFTER = {"ko": FIXED_KO, "ja": FIXED, "zh": "我改好了 auth.ts，登录流程现在应该没问题了。"}


@pytest.mark.parametrize(("text", "lang"), NO_EFFECT)
def test_no_effect_is_a_result_error_right_after_the_agents_work(text: str, lang: str) -> None:
    assert C.classify(text, previous=_AFTER[lang]).type == R
    assert C.classify(text).type not in TYPES or lang == "zh"  # zh's words of no effect type in any context


@pytest.mark.parametrize("text", NO_EFFECT_ATTRIBUTE)
def test_no_effect_as_an_attribute_is_no_report(text: str) -> None:
    assert C.classify(text, previous=FIXED_KO, previous_tools=["Edit(src/a.ts)"]).type not in TYPES


@pytest.mark.parametrize(("text", "type_"), TRIED)
def test_tried_already_answers_the_agents_suggestion(text: str, type_: str) -> None:
    lang = C.languages(text)[0]
    assert C.classify(text, previous=_AFTER[lang]).type == type_
    if type_ == P:  # no work before it: nothing to answer ("还是报错" is a failure in any context)
        assert C.classify(text).type not in TYPES


@pytest.mark.parametrize("text", ["改完以后数据是空的", "修改了之后列表为空", "列表内容为空"])
def test_empty_after_the_change_is_still_a_report(text: str) -> None:
    assert C.classify(text, previous="我改好了 auth.ts，登录流程现在应该没问题了。").type == R
