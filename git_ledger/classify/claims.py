"""Does a final message claim completion, and does it mark the claim as unverified?

English, Chinese (traditional and simplified), Japanese and Korean. The evidence guard asks this
only after the fact gate (the turn called no tool), so these rules see about a third of turns;
even so they lean hard towards "not a claim": a question, a conditional or future ("once done",
"when this is fixed"), a negation ("not done yet"), a report of someone else's result ("the CI
says all tests pass", "you said it's done"), a quotation or a code block is never a claim.
"""
from __future__ import annotations

import re
from typing import NamedTuple


class _Lazy:
    """A regex compiled on first use: compiling all of them costs ~25 ms, and the Stop hook
    needs only the few that match the scripts present in one message."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags
        self._compiled: re.Pattern[str] | None = None

    def get(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled


class Claim(NamedTuple):
    text: str  # the sentence that claims completion
    lang: str  # en | zh | ja | ko


_I = re.IGNORECASE
# --------------------------------------------------------------------------- claims
_WORK_NOUN = (
    r"(?:bug|issue|problem|error|fix|fixes|change|changes|feature|task|work|implementation|refactor"
    r"|refactoring|migration|build|tests?|ci|pipeline|regression|crash|failure|typo|patch|update|docs"
    r"|documentation|readme|changelog|code|file|files|pr|branch)"
)
_EN = [
    # Terse: "Done.", "All fixed!", "Done and verified.", "✅ Fixed"
    _Lazy(
        r"^\W*(?:all\s+|everything\s+)?(?:done|fixed|finished|complete|completed|resolved|verified|"
        r"implemented)(?:\s*(?:,|and|&|\+)\s*(?:all\s+)?(?:done|fixed|finished|complete|completed|"
        r"resolved|verified|implemented|tested|pushed|committed|working))*\W*$", _I),
    # "Done, the docs are updated.", "Fixed: the null check", "All done — pushed"
    _Lazy(
        r"^\W*(?:all\s+)?(?:done|fixed|finished|completed|resolved|verified)\s*(?:[,:;!—–]|\s-\s)", _I),
    # "Verified: …", "Tested: …"
    _Lazy(r"^\W*(?:verified|tested|confirmed)\s*[:\-–—]", _I),
    # First person: "I've fixed", "I have now verified", "We implemented", "I'm done"
    _Lazy(
        r"\b(?:i|we)(?:'ve|\s+have)?(?:\s+(?:now|just|also|already|successfully|finally))*\s+"
        r"(?:fixed|implemented|verified|completed|finished|resolved|tested|validated|confirmed|"
        r"ran\s+(?:the\s+|all\s+)*(?:tests?|suite|checks?|build))\b", _I),
    _Lazy(r"\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:all\s+)?(?:done|finished)\b", _I),
    # A report line that starts with the verb: "Fixed the parser.", "Implemented it in app.py"
    _Lazy(
        r"^\W*(?:fixed|implemented|verified|resolved|completed|finished|tested)\s+"
        r"(?:the|a|an|this|that|it|all|both|every|each|my|its)\b", _I),
    # Status of the work: "The bug is fixed now.", "Everything is working.", "It's done!"
    _Lazy(
        rf"\b(?:it|this|that|everything|all|(?:the|this|that|your|my)\s+(?:\w+\s+)?{_WORK_NOUN})"
        r"(?:'s|\s+is|\s+are|\s+has\s+been|\s+have\s+been)\s+(?:now\s+|all\s+)?"
        r"(?:fixed|resolved|done|complete|completed|finished|verified|working|passing|green|in\s+place"
        r"|updated|added|merged|pushed|committed|deployed|applied)"
        r"(?:\s+now)?(?:\s+and\s+\w+)?\W*$", _I),
    # Tests: "All tests pass.", "the 42 tests now pass", "tests are green", "build succeeded"
    _Lazy(
        r"\b(?:all\s+)?(?:the\s+)?(?:\d+\s+)?(?:unit\s+|integration\s+)?tests?\s+(?:now\s+|all\s+)*"
        r"(?:pass|passed|passes|are\s+passing|is\s+passing|are\s+green|succeed|succeeded)\b", _I),
    _Lazy(
        r"\b(?:the\s+)?(?:build|ci|checks?|lint|linter|type\s*check(?:s|ing)?|mypy|pipeline)\s+"
        r"(?:now\s+)?(?:is\s+|are\s+)?(?:green|passing|passes|passed|succeeds|succeeded|clean)\b", _I),
    _Lazy(
        r"\bsuccessfully\s+(?:implemented|fixed|completed|added|updated|deployed|applied|created|"
        r"refactored|migrated|built|installed|verified|tested)\b", _I),
    _Lazy(r"\b(?:this|that)\s+(?:fixed|solved|resolved)\s+(?:it|the)\b", _I),
    _Lazy(r"\b(?:you're|you\s+are|we're|everything\s+is|it's)\s+all\s+set\b", _I),
]
_ZH = [
    _Lazy(
        r"(?:已經|已经|已)?(?:全部|都|均)?(?:完成|做完|搞定|修好|修復|修复|修正|改好|處理好|处理好|解決|解决|"
        r"實作|实作|實現|实现|驗證|验证)(?:了|完畢|完毕)"),
    _Lazy(
        r"(?:已經|已经|已)(?:全部|都|均|順利|顺利)?(?:完成|修復|修复|修正|修好|解決|解决|實作|实作|實現|实现|"
        r"驗證|验证|測試|测试|處理|处理|上線|上线)"),
    _Lazy(r"(?:測試|测试|單元測試|单元测试)(?:已經|已经|已|都|全部|均|也)*(?:通過|通过|過了|过了|全過|全过|全綠|全绿)"),
    _Lazy(r"(?:驗證|验证)(?:通過|通过|過了|过了|成功|無誤|无误)"),
    _Lazy(r"^\W*(?:搞定|完成|完工|好了|修好了|全部完成)(?:了|啦)?\W*$"),
]
_JA = [
    _Lazy(
        r"(?:完了|修正|実装|検証|対応|解決|作成|追加|更新|テスト)(?:しました|いたしました|できました|済みです|済み|"
        r"が完了しました)"),
    _Lazy(r"(?:完了です|終わりました|直しました|直りました|動作確認(?:しました|済み)|検証済み)"),
    _Lazy(r"テスト(?:は|が|も)?(?:すべて|全て|全部)?(?:通りました|パスしました|成功しました|通過しました|グリーンです)"),
    _Lazy(r"テストを(?:すべて|全て)?実行しました"),
    _Lazy(r"^\W*(?:完了|できました|終わりました|修正しました)\W*$"),
]
_KO = [
    _Lazy(
        r"(?:완료|수정|구현|검증|해결|처리|적용|테스트)\s?(?:했습니다|하였습니다|했어요|했다|했음|됐습니다|되었습니다|"
        r"됐어요|되었어요|됐다|되었다|완료)"),
    _Lazy(r"(?:고쳤|끝났|마쳤|끝냈)(?:습니다|어요|다|음)"),
    _Lazy(r"다\s?했(?:습니다|어요)"),
    _Lazy(r"테스트(?:가|는|를|도)?\s*(?:모두|전부|다)?\s*통과(?:했습니다|했어요|합니다|됩니다|했다|함|됨|했음)"),
    _Lazy(r"완료(?:입니다|예요|이에요)?\W*$"),
]
_RULES = (("en", _EN), ("zh", _ZH), ("ja", _JA), ("ko", _KO))
# Every rule of a language needs one of its stems: a message with none of them (most answers
# and explanations) is settled by substring tests alone, without compiling any rule.
_STEMS = {
    "en": ("done", "fix", "finish", "complet", "resolv", "verif", "implement", "test", "pass",
           "succe", "green", "working", "confirm", "validat", "clean", "ran", "solved", "place",
           "updated", "added", "merged", "pushed", "committed", "deployed", "applied", "set"),
    "zh": ("完成", "做完", "搞定", "修", "改好", "處理", "处理", "解決", "解决", "實作", "实作", "實現",
           "实现", "驗證", "验证", "測試", "测试", "好了", "完工", "上線", "上线"),
    "ja": ("完了", "修正", "実装", "検証", "対応", "解決", "作成", "追加", "更新", "テスト", "終わ", "直",
           "動作確認", "できました"),
    "ko": ("완료", "수정", "구현", "검증", "해결", "처리", "적용", "테스트", "고쳤", "끝났", "마쳤", "끝냈",
           "했", "통과"),
}

# ----------------------------------------------------- what makes a match not a claim
# Anywhere before the match in its sentence: a condition, a purpose, someone else's report.
_SENTENCE_CUES = _Lazy(
    r"\b(?:once|when|whenever|after|until|unless|if|before|as\s+soon\s+as|whether|so\s+that"
    r"|in\s+order|make\s+sure|ensure|says?|said|reports?|reported|according|shows?|showed|states?"
    r"|stated|claims?|claimed|mentioned|wrote|per\s+the|hope|expect|assum\w*|suppos\w*)\b"
    r"|如果|若|假如|要是|一旦|等到|直到|據|据|按照|依照|你說|你说|你提到|顯示|显示|表示|回報|回报|報告|报告|說|说"
    r"|もし|によると|によれば|ログでは|CIでは|の結果では"
    r"|만약|만일|따르면|말씀|라고", _I)
# In the same clause before the match: a negation, a modal or future.
_CLAUSE_CUES = _Lazy(
    r"\b(?:not|never|no\s+longer|yet\s+to|will|would|could|should|might|may|can|going\s+to"
    r"|need\s+to|needs\s+to|want\s+to|try\s+to|trying\s+to|let's|let\s+me)\b|n't\b|'ll\b|'d\b"
    r"|還沒|还没|尚未|未|沒有|没有|沒|没|不|無法|无法|まだ|아직|안\s|못\s", _I)
_CLAUSE = _Lazy(r"[,;:，、；：]|\bbut\b|但是?|不過|不过|けど|지만", _I)
_CJK_AFTER = _Lazy(
    r"^\s*(?:後|后|之後|之后|以後|以后|的話|的话|時|时|前|嗎|吗|呢|沒|没|與否|与否|再|就|才"
    r"|したら|すれば|次第|後で|か[?？。]?\s*$|ではない|ではありません|じゃない|と(?:言|い|書|報告|表示)"
    r"|고\s|고$|는데|지만|다고|다는|면|니까|나요|습니까|까)")
# A report about the past, not this turn's work: "we fixed this in #123 last month".
_HISTORY = _Lazy(
    r"\b(?:last\s+(?:week|month|year|time|sprint|release)|yesterday|ago|back\s+in)\b"
    r"|\bin\s+(?:v?\d+\.\d+|#\d+|pr\s*#?\d+|commit\s+[0-9a-f]{7,})"
    r"|昨天|上週|上周|上個月|上个月|去年|昨日|先週|先月|昨年|어제|지난주|지난달|작년", _I)
# Bullets under a plan-like heading ("Acceptance criteria:", "## Next steps", 計畫：) describe
# what should be true, not what is; an unchecked box ("- [ ] tests pass") is not done either.
_PLAN_HEAD = _Lazy(
    r"^\s*(?:#+\s*)?[^\n]{0,40}?(?:plan|criteria|steps?|todo|to\s+do|checklist|goals?|expect\w*"
    r"|requirements?|should|will|next|acceptance|計畫|计划|步驟|步骤|標準|标准|待辦|待办"
    r"|預期|预期|予定|手順|基準|計画|확인\s?항목|계획|단계|기준|할\s?일|예정)[^:：\n]{0,40}(?:[:：]\s*$|$)", _I)
_BULLET = _Lazy(r"^\s*(?:[-*+•·]|\d+[.)])\s+")
_UNCHECKED = _Lazy(r"^\s*(?:[-*+]|\d+[.)])\s+\[ \]")
_EN_AFTER = _Lazy(r"^\s*(?:yet|soon|later|tomorrow|by\s+\w+day)\b", _I)
_QUESTION_END = _Lazy(r"(?:[?？]|嗎|吗|呢|ですか|ますか|か|까|나요|니|까요)\s*[。.)）」』\"']*\s*$")
_QUOTED = _Lazy(r"\"[^\"\n]{0,200}\"|“[^”\n]{0,200}”|「[^」\n]{0,200}」|『[^』\n]{0,200}』")
_CODE_BLOCK = _Lazy(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)
_INLINE_CODE = _Lazy(r"`[^`\n]*`")
_SENTENCE = _Lazy(r"[^.!?。！？\n]*(?:[.!?。！？]+|\n|$)")

# ------------------------------------------------------------------ unverified marks
_MARKS = {
    "en": _Lazy(
        r"\bunverified\b|\bnot\s+(?:yet\s+)?(?:been\s+)?(?:verified|tested|confirmed|checked|run)\b"
        r"|\b(?:haven't|have\s+not|hasn't|has\s+not|didn't|did\s+not|couldn't|could\s+not)\s+(?:yet\s+)?"
        r"(?:been\s+)?(?:verif|test|run|re-?run|check|confirm)\w*"
        r"|\bwithout\s+(?:verif|test|running|re-?running|checking)\w*|\buntested\b|\bunconfirmed\b"
        r"|\b(?:from|in|during|based\s+on)\s+(?:the|an|my|our)\s+(?:previous|earlier|last|prior)\s+"
        r"(?:run|turn|session|attempt|check|output|result)"
        r"|\bas\s+(?:verified|tested|reported|shown|confirmed)\s+(?:earlier|previously|above|before)\b", _I),
    "zh": _Lazy(
        r"未驗證|未验证|尚未驗證|尚未验证|沒有驗證|没有验证|沒驗證|没验证|未經驗證|未经验证|未測試|未测试|沒有測試|没有测试"
        r"|憑前輪|凭前轮|前輪結果|前轮结果|上一輪|上一轮|之前的結果|之前的结果|上次(?:執行|执行|運行|运行)"),
    "ja": _Lazy(
        r"未検証|検証していません|検証していない|未確認|確認していません|テストしていません|未テスト"
        r"|前回の(?:実行)?結果|前回の実行|以前の結果"),
    "ko": _Lazy(
        r"미검증|검증되지\s?않|검증하지\s?않|검증\s?안|검증을\s?안|확인하지\s?않|확인되지\s?않|테스트하지\s?않"
        r"|이전\s?실행\s?결과|이전\s?결과|지난\s?실행|앞선\s?실행"),
}
_SCRIPTS = (
    ("en", _Lazy(r"[A-Za-z]")),
    ("zh", _Lazy(r"[\u3400-\u4dbf\u4e00-\u9fff]")),
    ("ja", _Lazy(r"[\u3040-\u30ff]")),
    ("ko", _Lazy(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")),
)


def _languages(text: str) -> set[str]:
    return {lang for lang, script in _SCRIPTS if script.get().search(text)}


def _sentences(text: str) -> list[str]:
    text = _CODE_BLOCK.get().sub(" ", text)
    text = _INLINE_CODE.get().sub("code", text)
    lines, in_plan = [], False
    for ln in text.replace("**", "").replace("__", "").splitlines():
        if not ln.strip():
            continue
        if _BULLET.get().match(ln):
            if in_plan or _UNCHECKED.get().match(ln):
                continue
        else:
            in_plan = bool(_PLAN_HEAD.get().match(ln)) and (ln.rstrip().endswith((":", "："))
                                                              or ln.lstrip().startswith("#"))
        if not ln.lstrip().startswith(">"):  # block quotes are someone else's words
            lines.append(ln)
    text = "\n".join(lines).replace("’", "'")
    out = []
    for m in _SENTENCE.get().finditer(text):
        s = m.group(0).strip().lstrip("#*-+•·0123456789.) ").strip()
        if s:
            out.append(s)
    return out


def _is_claim(sentence: str, lang: str, m: re.Match[str]) -> bool:
    before, after = sentence[:m.start()], sentence[m.end():]
    end = sentence.rstrip()
    if end.endswith((":", "：")) and m.end() < len(end) - 1:
        return False  # "I've implemented it as follows:" introduces what comes next
    if _HISTORY.get().search(sentence) or _SENTENCE_CUES.get().search(before) or _CLAUSE_CUES.get().search(_CLAUSE.get().split(before)[-1]):
        return False
    return not (_EN_AFTER if lang == "en" else _CJK_AFTER).get().match(after)


def has_mark(text: str) -> bool:
    """An explicit "unverified" / "from the previous run" mark, in any of the four languages."""
    return any(_MARKS[lang].get().search(text) for lang in sorted(_languages(text)))


def find_claim(text: str) -> Claim | None:
    """The first sentence that claims completion, or None."""
    low = text.lower()
    rules = [(lang, rule) for lang, group in _RULES if any(stem in low for stem in _STEMS[lang])
             for rule in group]
    if not rules:
        return None
    for sentence in _sentences(text):
        if _QUESTION_END.get().search(sentence):
            continue
        bare = _QUOTED.get().sub(" ", sentence)
        for lang, rule in rules:
            m = rule.get().search(bare)
            if m and _is_claim(bare, lang, m):
                return Claim(sentence[:300], lang)
    return None
