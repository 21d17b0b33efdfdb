"""The evidence guard's language rules (pure functions): claims, non-claims and marks."""
from __future__ import annotations

import pytest

from git_ledger.classify.claims import find_claim, has_mark
from git_ledger.hooks.guards.evidence import decide, reason

CLAIMS = [
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
