"""What the agent reads on a session's first prompt: a short header and one line per case.

Pure functions over cases (their text is already masked in the store), so the wording can be tested without
a hook process. Every line has the same shape, `- YYYY-MM-DD <type>: <text> (after: <calls>)`,
and the whole block stays far below Claude Code's 10,000-character cap on hook output.
"""
from __future__ import annotations

# The first prompt's path: typing stays off it (mypy reads this as typing.TYPE_CHECKING).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Protocol
else:
    Protocol = object


class CaseLike(Protocol):
    """What a line needs from a case (models.Case, or the hook's lighter hook_reader.Row)."""

    @property
    def date(self) -> str: ...

    @property
    def type(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def context(self) -> str: ...

    @property
    def source(self) -> str: ...

# The header starts with "[" on purpose: a collector that ever met this block as if a person
# had typed it would exclude it (text starting with "[" is never a correction).
HEADERS: dict[str, str] = {
    "en": (
        "[git-ledger: recent corrections] Corrections the user made in this repository in the "
        "last {days} days, and mistakes that review, hooks or the agent itself caught. Check this "
        "list before you repeat an assumption or a mistake; when you cite one as grounds, re-read "
        "the original first:"
    ),
    "zh": (
        "[git-ledger：最近的糾正] 這是使用者在這個儲存庫最近 {days} 天內糾正的話，以及審查、hook "
        "或代理自己找出的錯誤。在做出相同的假設、犯相同的錯誤之前，先對照這份清單；引用作為依據時，"
        "要重新確認原文："
    ),
    "ko": (
        "[git-ledger: 최근 교정] 이 저장소에서 최근 {days}일 동안 사용자가 교정한 말과, 리뷰·hook "
        "또는 에이전트 스스로 찾은 오류입니다. 같은 가정이나 같은 실수를 반복하기 전에 이 목록과 "
        "대조하세요. 근거로 인용할 때는 원문을 다시 확인하세요:"
    ),
    "ja": (
        "[git-ledger: 最近の訂正] このリポジトリで直近 {days} 日間にユーザーが訂正した発言と、"
        "レビュー・hook・エージェント自身が見つけた誤りです。同じ前提や同じ誤りを繰り返す前に"
        "この一覧と照合してください。根拠として引用するときは原文を確認し直してください："
    ),
}

FOUND_BY = {
    "review": "found by a review agent",
    "hook": "blocked by a hook",
    "guard": "flagged by a git-ledger guard",
    "self": "the agent's own admission",
}

MAX_TEXT = 300  # characters of a case's text; human corrections are under 200 by definition
MAX_CONTEXT = 160  # characters of the "(after: …)" tool-call context
MAX_TOTAL = 9_000  # Claude Code replaces hook output over 10,000 characters with a preview


def language(value: object) -> str:
    """`zh-TW`, `ko_KR`, `JA` -> a HEADERS key; anything unknown falls back to English."""
    code = str(value or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in HEADERS else "en"


def one_line(text: str, limit: int) -> str:
    """Whitespace (newlines included) collapsed to single spaces, cut at `limit` with an ellipsis."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    return flat[: limit - 1].rstrip() + "…"


def case_line(case: CaseLike) -> str:
    # A self-found case names who found it, so the agent never reads its own words (or a
    # reviewer's) as something the user said.
    found_by = f" ({FOUND_BY.get(case.source, case.source)})" if case.source not in ("", "human") else ""
    line = f"- {case.date} {case.type}{found_by}: {one_line(case.text, MAX_TEXT)}"
    context = one_line(case.context, MAX_CONTEXT)
    return f"{line} (after: {context})" if context else line


def render(cases: Sequence[CaseLike], *, lang: str = "en", days: int = 30) -> str:
    """The additionalContext block, or "" when there is nothing to say."""
    if not cases:
        return ""
    out = HEADERS[language(lang)].format(days=days)
    for case in cases:
        line = case_line(case)
        if len(out) + 1 + len(line) > MAX_TOTAL:
            break
        out += "\n" + line
    return out
