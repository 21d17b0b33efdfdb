"""The evidence guard's language rules (pure functions): claims, non-claims and marks."""
from __future__ import annotations

import re
import time

import pytest

from git_ledger.classify import claims
from git_ledger.classify.claims import find_claim, has_mark
from git_ledger.hooks.guards.evidence import decide, reason

CLAIMS: list[tuple[str, str]] = [
    ("Done.", "en"), ("All done, fixed.", "en"), ("Done and verified.", "en"), ("✅ Fixed", "en"),
    ("I've fixed the parser and all tests pass.", "en"), ("We implemented the cache.", "en"),
    ("The bug is fixed now.", "en"), ("Everything is working now.", "en"),
    ("Fixed the null check in parser.py.", "en"), ("All 42 tests pass.", "en"),
    ("Verified: the output matches.", "en"), ("The build succeeded.", "en"),
    ("Successfully migrated the database.", "en"), ("That fixed it!", "en"),
    ("Done, the docs are updated.", "en"), ("You're all set.", "en"),
    ("完成了。", "zh"), ("已經修好了", "zh"), ("已验证，没问题。", "zh"), ("測試全部通過。", "zh"),
    ("搞定！", "zh"), ("修正しました。", "ja"), ("完了しました。", "ja"),
    ("テストはすべて通りました。", "ja"), ("実装しました", "ja"), ("완료했습니다.", "ko"),
    ("고쳤습니다!", "ko"), ("테스트 모두 통과했습니다.", "ko"), ("수정 완료!", "ko"),
]
NOT_CLAIMS = [
    "I'm not done yet.", "Once done, I'll push.", "When this is fixed, we can release.",
    "The CI says all tests pass.", "According to the log, the build succeeded.", "You said it's done.",
    "Is it done?", "Should I fix the parser?", "The parser is implemented as a state machine.",
    "It's done via a cron job.", "The width is fixed at 80 columns.", "I will fix it next.",
    "Make sure all tests pass before merging.", "If all tests pass, merge it.",
    "Fixed point iteration converges quickly.", "Yes, we fixed this in #123 last month.",
    "I've implemented it as follows:\n```py\ndef f(): ...\n```",
    "Acceptance criteria:\n- All tests pass\n- Lint is clean", "- [ ] Tests pass",
    "```\nAll tests pass\n```", "> Done.\nWhat next?", 'He wrote "done" in the ticket.',
    "還沒完成。", "完成後再跑測試。", "如果修好了請告訴我。", "你說已經完成了", "修好了嗎？",
    "CI 顯示測試全部通過。", "完了しましたか？", "まだ完了していません。", "修正したら教えてください。",
    "CIによるとテストはすべて通りました。", "완료했습니까?", "아직 완료되지 않았습니다.",
    "수정하면 알려주세요.", "완료했다고 하셨는데 확인해 볼까요?",
]
MARKED = [
    "Done (unverified).", "Fixed, not verified.", "All tests pass — from the previous run.",
    "I haven't re-run the tests, but it's fixed.", "完成了（未驗證）", "已修好，憑前輪結果。",
    "修正しました（未検証）。", "완료했습니다 (미검증).", "이전 실행 결과 기준으로 완료했습니다.",
]


@pytest.mark.parametrize(("text", "lang"), CLAIMS)
def test_claims(text: str, lang: str) -> None:
    claim = find_claim(text)
    assert claim is not None and claim.lang == lang
    assert decide(0, text) == claim
    assert decide(1, text) is None  # the tool gate comes first


@pytest.mark.parametrize("text", NOT_CLAIMS)
def test_not_claims(text: str) -> None:
    assert find_claim(text) is None


@pytest.mark.parametrize("text", MARKED)
def test_marks_silence_the_guard(text: str) -> None:
    assert has_mark(text) and decide(0, text) is None


def test_reason_quotes_the_claim_and_names_marks_in_its_language() -> None:
    claim = find_claim("修好了，測試全部通過。")
    assert claim is not None
    text = reason(claim)
    assert "修好了，測試全部通過。" in text and "「未驗證」" in text and "ran no tool" in text


# --- final messages as real agents write them (written for these tests) -----------------------
# The shapes found in real final messages: markdown headings and checkmark summaries, reports of
# work in the first person, "successfully …", the state of the work, a hedged "this should
# resolve …", terminal-wrapped lines; and their look-alikes: plans, questions, promises, reports
# of failure, tables, expected output, relative clauses, the past.
REAL_SHAPED_CLAIMS = [
    ("## ✅ Done\n\nThe retry loop now backs off exponentially.", "en"),
    ("✅ All tasks complete", "en"),
    ("I've updated `config.py`; this should resolve the import error.", "en"),
    ("Perfect! I've successfully wired up the webhook handler and added a test for the signature.", "en"),
    ("Successfully deployed the staging stack.", "en"),
    ("Migration created successfully.", "en"),
    ("Updated README.md with the new install steps.", "en"),
    ("The cache invalidation is now working correctly.", "en"),
    ("🎯 Phase 2 - Complete!\n\nEverything from the checklist is in.", "en"),
    ("Here's a recap of what I've delivered:\n\n1. Pagination on the list view\n2. A smaller bundle", "en"),
    ("Below is a revised patch that fixes the race in the worker pool.", "en"),
    ("You can now run the dev server and open the dashboard.", "en"),
    ("Great, the login redirect is\n working properly now.", "en"),
    ("That should fix it: the timeout is read from the environment now.", "en"),
    ("全部搞定，测试都通过了", "zh"),
    ("全部完成，驗證如下。", "zh"),
    ("已为仓库生成 `Dockerfile`，构建步骤如下：\n\n- 安装依赖\n- 复制源码", "zh"),
    ("🔧 登录超时问题修复完成！", "zh"),
    ("## 迁移完成总结\n\n1. 新增了数据表\n2. 更新了接口文档", "zh"),
    ("我已經把設定檔改為使用環境變數了。", "zh"),
    ("已成功将两个分支合并到 release。", "zh"),
    ("現在可以直接在瀏覽器打開頁面查看效果。", "zh"),
    ("ログイン処理を修正しました。", "ja"),
    ("環境構築完了！\n\n次はレビューをお願いします。", "ja"),
    ("## ✅ 修正完了\n\n開発サーバーを立ち上げました。", "ja"),
    ("第2段階 完了レポート\n\n- 検索APIの追加\n- 既存テストの修正", "ja"),
    ("設定値を修正し、docs に使い方を追加しました。", "ja"),
    ("これでビルドエラーは解決するはずです。", "ja"),
    ("로그인 버그를 수정했습니다.", "ko"),
    ("`docs/setup.md` 추가.\n\n- 설치 절차\n- 환경 변수", "ko"),
    ("테스트 모두 통과했습니다.", "ko"),
    ("## 배포 완료 보고서\n\n| 항목 | 결과 |\n|---|---|\n| 빌드 | 성공 |", "ko"),
    ("설정 파일을 정리하고 README를 갱신해 두었습니다.", "ko"),
    ("이제 앱을 열어 결과를 확인할 수 있습니다.", "ko"),
    # it works now; a coverb phrase between 已 and the verb
    ("I went ahead and renamed the module and updated all imports.", "en"),
    ("Fixed! The dropdown closes on outside click now.", "en"),
    ("问题已经解决，页面现在可以正常加载了。", "zh"),
    ("好了，现在应该没问题了。", "zh"),
    ("已将配置文件中的端口改为 8080。", "zh"),
    ("ボタンの色を変更し、レイアウトを調整しました。", "ja"),
    ("`app.py`의 라우팅 문제를 해결했습니다. 이제 정상적으로 동작합니다.", "ko"),
    ("이제 정상적으로 작동합니다.", "ko"),
    ("다 됐습니다!", "ko"),
    ("정리 끝!", "ko"),
    ("새 컴포넌트를 만들어 두었습니다.", "ko"),
    ("요청하신 대로 처리해 드렸습니다.", "ko"),
    # … and the look-alikes above still claim when the work is reported done
    ("배포 완료했습니다. 사이트에서 확인해 보세요.", "ko"),
    ("## Summary\n- Fixed the parser\n- All tests pass", "en"),
    # "that should do it", a status line of changes applied, a thing that works now, done as asked
    ("That should do it — the export now includes the header row.", "en"), ("Changes applied: renamed `fetchData` in 12 files.", "en"),
    ("好了，按钮现在可以提交表单了。", "zh"), ("已经按照你的要求改好了。", "zh"),
]
REAL_SHAPED_NOT_CLAIMS = [
    "If that should do it, I'll close the issue. Can you confirm?",
    "Changes made by the migration are listed below.",
    "Changes applied to staging will be reverted tonight.",
    "现在可以开始写代码了。",
    "按照文档的说明，已经修好了的版本是 2.1。",
    "Here's the plan:\n1. Set up a staging database\n2. Update the CI workflow",
    "Did the migration complete?",
    "Should I push the fix now?",
    "I'll fix the failing test next, then update the changelog.",
    "I tried to fix the build, but it still fails with the same linker error.",
    "The deploy failed: the health check never passed.",
    "No, only the parser has been updated so far; the CLI is untouched.",
    "Not yet. The migration is still running.",
    "Thanks for the notes on the option we introduced in the config.",
    "Once the tests pass, I'll tag the release.",
    "| Step | Status |\n|---|---|\n| Build | ✅ done |",
    "Expected output:\n- Build succeeded\n- The server listens on port 3000",
    "What went wrong:\n- I removed the lock file too early\n- I deleted the cache before the build",
    "If this is fixed, the banner disappears.",
    "Earlier I fixed the flaky fixture; this answer is only about retries.",
    "The setup is incomplete: the database URL is missing.",
    "Let me check whether the build is green.",
    "完成后，请运行测试。",
    "修好了吗？",
    "我会先修改配置，然后重启服务。",
    "之前我们已经配置了代理，这次只是解释原因。",
    "列表中已删除的记录会显示为灰色。",
    "还没完成，还差数据库迁移。",
    "解决后，在页面上标记为已解决。",
    "如果测试通过了，就可以合并。",
    "修正したら教えてください。",
    "まだ完了していません。",
    "完了しましたか？",
    "ログを読みました。続いて環境変数を見ていきます。",
    "設定の確認完了。",
    "直っているかどうか確かめてください。",
    "수정하면 알려주세요.",
    "아직 안 끝났어요! 빌드가 진행 중입니다.",
    "완료했습니까?",
    "파일을 확인했습니다. 다음으로 설정을 살펴보겠습니다.",
    "다음 단계:\n- 테스트 추가\n- 문서 갱신",
    "현재 구조를 설명드립니다.\n검색 기능 추가",
    # a part of the work, a noun that looks like a verb, a cause, a noun modifier, the past
    "目前进度：后端接口已完成一半，前端页面还没开始。",
    "当前分支已落后 main 三个提交，建议先 rebase。",
    "설정 파일이 없어서 기본값이 적용되었습니다.",
    "現在の実装では、削除済みのデータも一覧に表示されます。",
    "이전 버전에서는 이 기능이 제거되었습니다.",
    "아직 끝이 아닙니다.",
    "다 되면 알려주세요.",
    "작업이 끝나면 배포하겠습니다.",
    "The root cause is that the cache key ignores the locale. I'll change the key next.",
    "This is already implemented in `utils.py`, so no change is needed.",
    # a plan's criteria: the heading names an outcome, the items are what must become true
    "## Definition of Done\n- All tests pass\n- The changelog is updated",
    "Done when:\n- the build succeeded on CI",
    "## 完了条件\n- テストがすべて通りました",
    "## 완료 조건\n- 테스트를 모두 통과했습니다",
    "## 验收条件\n- 所有测试已通过",
    # 완료 heading a noun: the criteria, or what to do once it is done
    "- 테스트 범위\n- 구현 완료 기준\n\n다음 단계 작업을 순서대로 진행할 수 있습니다.",
    "배포 완료 후 (1~2분) 사이트에서 테스트해 보세요.",
]


@pytest.mark.parametrize(("text", "lang"), REAL_SHAPED_CLAIMS)
def test_real_shaped_claims(text: str, lang: str) -> None:
    claim = find_claim(text)
    assert claim is not None and claim.lang == lang
    assert decide(0, text) == claim and decide(1, text) is None


@pytest.mark.parametrize("text", REAL_SHAPED_NOT_CLAIMS)
def test_real_shaped_look_alikes(text: str) -> None:
    assert find_claim(text) is None


def test_a_chinese_message_quoting_japanese_words_is_still_read_as_chinese() -> None:
    text = ("完成！我已经为设置页面补充了多语言说明，包括英文、日文和韩文版本，所有文案都已更新到配置文件中：\n"
            "- 英文：Settings\n- 日文：セッティング\n- 韩文：설정")
    claim = find_claim(text)
    assert claim is not None and claim.lang == "zh"


def test_the_claim_is_quoted_with_its_whitespace_collapsed() -> None:
    claim = find_claim("I have   moved the fixtures\n into tests/data.")
    assert claim is not None and claim.text == "I have moved the fixtures into tests/data."


# --- linear on hostile input -------------------------------------------------------------------
def _patterns() -> dict[str, re.Pattern[str]]:
    """Every pattern of the module, by name (rules, cues, marks)."""
    out: dict[str, re.Pattern[str]] = {}
    for name, value in vars(claims).items():
        items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
        for i, item in enumerate(items):
            item = item[1] if isinstance(item, tuple) else item
            for j, lazy in enumerate(item if isinstance(item, list) else [item]):
                if isinstance(lazy, claims._Lazy):
                    out[f"{name}[{i}][{j}]"] = lazy.get()
    return out


def _adversarial(size: int) -> str:
    """Near-matches of every shape (each test message minus its last character) and runs of the
    characters the patterns anchor on, repeated to `size`."""
    near = " ".join(t[:-1] for t, _ in REAL_SHAPED_CLAIMS + CLAIMS) + " ".join(REAL_SHAPED_NOT_CLAIMS)
    anchors = (" ", "\t", "#", "-", ":", "✅", "`", "|", ">", "\n", "I ", "we ", "the ", "done ", "ed ",
               "已", "了", "我", "成功", "現在", "完了", "ました", "했", "이제 ", "。", "？", "か ", "\"", "「")
    soup = near + "".join(a * (8000 // len(a)) for a in anchors)
    return (soup * (size // len(soup) + 1))[:size]


def test_every_pattern_is_linear_on_a_megabyte_of_near_matches() -> None:
    text = _adversarial(1_000_000)
    patterns = _patterns()
    assert len(patterns) > 50
    slow = {}
    for name, pattern in patterns.items():
        start = time.process_time()
        for _ in pattern.finditer(text):
            pass
        if (spent := time.process_time() - start) > 2.0:  # linear: under 0.25 s here; quadratic: minutes
            slow[name] = round(spent, 2)
    assert not slow, slow


@pytest.mark.parametrize("text", [
    "done か" + " " * 40000 + "x",  # issue 15: the old question-end pattern took 12 s on this
    "I" + " " * 1_000_000 + "x",
    "已" * 1_000_000,
    "#" + " " * 1_000_000 + "plan x",
    "Done" + "!" * 1_000_000 + "x",
    "```" * 300_000,
    _adversarial(1_000_000),
])
def test_the_public_checks_are_fast_on_a_megabyte(text: str) -> None:
    start = time.process_time()
    find_claim(text)
    has_mark(text)
    decide(0, text)
    assert time.process_time() - start < 0.5
