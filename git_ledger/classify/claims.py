"""Does a final message claim completion, and does it mark the claim as unverified?

English, Chinese (traditional and simplified), Japanese and Korean. The evidence guard asks this
only after the fact gate (the turn called no tool), so these rules see about a third of turns.

Real final messages claim in a few recurring shapes, in every language: a first-person report
of work done ("I've updated X", 已为仓库生成…, 追加しました, 추가했습니다), the state of the work
("the migration is complete", 均已合并), a heading or checkmark line ("## ✅ Done", "Phase 2
complete!", 迁移完成总结, 環境構築完了！, 배포 완료 보고서), "successfully …" and a hedged "this should
resolve it". The verb lists name work done to code, files and repositories; verbs of looking
(checked, read, analysed) are left out: a turn that only looked claims nothing.

What is never a claim: a question, a condition or the future ("once done", "when this is
fixed"), a negation ("not done yet"), a message that opens by saying it is not done ("No, only
the parser so far", 아직 안 끝났어요), a report of someone else's result ("the CI says all tests pass", "you
said it's done"), the past ("we fixed this in #123 last month", 之前…), a relative clause ("the
flag we just added", 已删除的记录), a quotation, a block quote, a code block, a table row,
and the items under a plan-like heading ("Here's the plan:", "Next steps:").

Every pattern is linear on any input (bounded gaps, no nested unbounded quantifiers over
overlapping classes), and each one names the substrings it needs, so a message settles most
rules by substring tests alone, without compiling them (compiling costs the Stop hook time).
"""
from __future__ import annotations

import re
from typing import NamedTuple


class _Lazy:
    """A regex compiled on first use, with the lowercase substrings it cannot match without
    (`needs`, empty: no prefilter): the Stop hook compiles only the rules a message may meet."""

    __slots__ = ("_compiled", "flags", "needs", "pattern")

    def __init__(self, pattern: str, flags: int = 0, needs: tuple[str, ...] = ()) -> None:
        self.pattern, self.flags, self.needs = pattern, flags, needs
        self._compiled: re.Pattern[str] | None = None

    def get(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def may_match(self, low: str) -> bool:
        return not self.needs or any(n in low for n in self.needs)


class Claim(NamedTuple):
    text: str  # the sentence that claims completion
    lang: str  # en | zh | ja | ko


def _alt(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(w.replace(" ", r"\s{1,4}") for w in words) + ")"


def _heads(words: tuple[str, ...], n: int) -> tuple[str, ...]:
    """The first `n` characters of each word (of a phrase's longest word), as a prefilter."""
    return tuple(sorted({max(w.split(" "), key=len)[:n].lower() for w in words}))


_I = re.IGNORECASE
# ------------------------------------------------------------------------------ English
# Work done, in the past tense: what "I've …" / "Updated …" / "… successfully" report.
_EN_DONE_WORDS = (
    "fixed", "implemented", "verified", "completed", "finished", "resolved", "tested", "validated",
    "confirmed", "updated", "added", "created", "removed", "deleted", "replaced", "refactored",
    "rewritten", "rewrote", "written", "wrote", "moved", "renamed", "cleaned up", "set up",
    "configured", "connected", "committed", "pushed", "merged", "deployed", "installed", "built",
    "generated", "integrated", "migrated", "addressed", "applied", "changed", "modified",
    "converted", "documented", "debugged", "designed", "enhanced", "improved", "optimized",
    "optimised", "restored", "reverted", "corrected", "adjusted", "extracted", "consolidated",
    "simplified", "introduced", "upgraded", "patched", "wired up", "hooked up", "published",
    "released", "solved", "repaired", "accomplished", "achieved", "delivered",
)
_EN_DONE = _alt(_EN_DONE_WORDS)
_EN_DONE_NEEDS = _heads(_EN_DONE_WORDS, 5)
# Verbs that also read as an imperative or an adjective at the start of a line ("Set up X",
# "Improved performance"): a line that starts with one of them is a plan item as often as a report.
_EN_LEAD_WORDS = tuple(w for w in _EN_DONE_WORDS if w not in (
    "set up", "built", "written", "enhanced", "improved", "optimized", "optimised", "simplified",
    "consolidated", "integrated", "designed", "introduced", "published", "released"))
_EN_STATE_WORDS = (
    "fixed", "resolved", "done", "complete", "completed", "finished", "verified", "working",
    "passing", "green", "in place", "updated", "added", "merged", "pushed", "committed", "deployed",
    "applied", "implemented", "ready", "live", "set up", "configured", "installed", "created",
    "removed", "in sync", "up to date", "gone",
)
_EN_STATE = _alt(_EN_STATE_WORDS)
_WORK_NOUN = _alt((
    "bug", "issue", "problem", "error", "fix", "fixes", "change", "changes", "feature", "task",
    "work", "implementation", "refactor", "refactoring", "migration", "build", "tests?", "ci",
    "pipeline", "regression", "crash", "failure", "typo", "patch", "update", "docs",
    "documentation", "readme", "changelog", "code", "file", "files", "pr", "branch", "analysis",
    "setup", "integration", "alignment", "improvements?", "deployment", "upgrade", "cleanup",
    "conversion", "support", "page", "function", "endpoint",
))
_OUTCOME = r"(?:complete|completed|done|finished|fixed|resolved|implemented|succeeded|successful)"
# What may stand before "I"/"we" when they open a report: nothing, punctuation, or a linking word
# ("…, and I've updated"); a noun there makes a relative clause ("the indicator we added").
_EN_OPEN = (r"(?:^|[^\w\s']\s{0,4}|\b(?:and|so|now|then|also|finally|first|next|lastly|here|today|but"
            r"|yes|ok|okay|great|perfect|done|what)\s{1,4})")
_EN = [
    # Terse: "Done.", "All fixed!", "Done and verified.", "✅ Fixed"
    _Lazy(
        r"^\W{0,12}(?:all\s{1,4}|everything\s{1,4})?(?:done|fixed|finished|complete|completed|resolved|verified|"
        r"implemented)(?:\s{0,4}(?:,|and|&|\+)\s{0,4}(?:all\s{1,4})?(?:done|fixed|finished|complete|completed|"
        r"resolved|verified|implemented|tested|pushed|committed|working))*\W{0,16}$", _I,
        ("done", "fix", "finish", "complet", "resolv", "verif", "implement")),
    # "Done, the docs are updated.", "Fixed: the null check", "All done — pushed"
    _Lazy(r"^\W{0,12}(?:all\s{1,4})?(?:done|fixed|finished|completed|resolved|verified)\s{0,4}(?:[,:;!—–]|\s-\s)", _I,
          ("done", "fix", "finish", "complet", "resolv", "verif")),
    # "Verified: …", "Tested: …"
    _Lazy(r"^\W{0,12}(?:verified|tested|confirmed)\s{0,4}[:\-–—]", _I, ("verif", "test", "confirm")),
    # First person: "I've fixed", "I have now successfully updated", "and we implemented"
    _Lazy(
        rf"{_EN_OPEN}(?:i|we)(?:'ve|\s{{1,4}}have)?(?:\s{{1,4}}(?:now|just|also|already|successfully|finally|fully"
        rf"|comprehensively|completely|properly|carefully|thoroughly))*(?:\s{{1,4}}went\s{{1,4}}ahead\s{{1,4}}and)?"
        rf"\s{{1,4}}{_EN_DONE}\b", _I,
        _EN_DONE_NEEDS),
    _Lazy(r"\b(?:i'm|i\s{1,4}am|we're|we\s{1,4}are)\s{1,4}(?:all\s{1,4})?(?:done|finished)\b", _I, ("done", "finish")),
    # A report line that starts with the verb: "Fixed the parser.", "Updated docs/api.md with …"
    _Lazy(
        rf"^\W{{0,12}}{_alt(_EN_LEAD_WORDS)}\s{{1,4}}(?:the|a|an|this|that|it|all|both|every|each|my|its|your|our"
        r"|[\w-]*[./_`][\w./`-]*|(?-i:[A-Z]\w*[A-Z]\w*))(?=\W|$)", _I, _heads(_EN_LEAD_WORDS, 5)),
    # The state of the work: "The bug is fixed now.", "The migration is complete!", "It's done!"
    _Lazy(
        rf"\b(?:it|this|that|everything|all|(?:the|this|that|your|my|our)\s{{1,4}}(?:[\w.-]+\s{{1,4}}){{0,4}}?(?:{_WORK_NOUN}|[\w.-]+))"
        r"(?:'s|\s{1,4}is|\s{1,4}are|\s{1,4}has\s{1,4}been|\s{1,4}have\s{1,4}been)\s{1,4}(?:now\s{1,4})?(?:all\s{1,4}|fully\s{1,4}|successfully\s{1,4})?"
        rf"{_EN_STATE}(?:\s{{1,4}}(?:now|correctly|properly|successfully|again|as\s{{1,4}}expected))*"
        r"(?:\s{1,4}and\s{1,4}\w+)?\W{0,16}$", _I, _heads(_EN_STATE_WORDS, 4)),
    # Tests: "All tests pass.", "the 42 tests now pass", "tests are green", "build succeeded"
    _Lazy(
        r"\b(?:all\s{1,4})?(?:the\s{1,4})?(?:\d+\s{1,4})?(?:unit\s{1,4}|integration\s{1,4})?tests?\s{1,4}(?:now\s{1,4}|all\s{1,4})*"
        r"(?:pass|passed|passes|are\s{1,4}passing|is\s{1,4}passing|are\s{1,4}green|succeed|succeeded)\b", _I, ("test",)),
    _Lazy(
        r"\b(?:the\s{1,4})?(?:build|ci|checks?|lint|linter|type\s{0,4}check(?:s|ing)?|mypy|pipeline)\s{1,4}"
        r"(?:now\s{1,4})?(?:is\s{1,4}|are\s{1,4})?(?:green|passing|passes|passed|succeeds|succeeded|clean)\b", _I,
        ("green", "pass", "succe", "clean")),
    # "successfully …" either side of the verb: "Successfully migrated", "Migration created successfully"
    _Lazy(rf"\bsuccessfully\s{{1,4}}(?:been\s{{1,4}})?{_EN_DONE}\b", _I, ("successfully",)),
    _Lazy(rf"\b(?:{_EN_DONE}|made|done)\s{{1,4}}successfully\b", _I, ("successfully",)),
    _Lazy(r"\b(?:this|that)\s{1,4}(?:fixed|solved|resolved)\s{1,4}(?:it|the)\b", _I, ("fixed", "solved", "resolved")),
    _Lazy(r"\b(?:you're|you\s{1,4}are|we're|everything\s{1,4}is|it's)\s{1,4}all\s{1,4}set\b|^\W{0,12}all\s{1,4}set\b", _I,
          ("all set",)),
    # It works now: "the form now works", "everything works again", "it should work now"
    _Lazy(r"\b(?:it|this|that|everything|(?:the|your)\s{1,4}[\w.-]+(?:\s{1,4}[\w.-]+){0,3}?)\s{1,4}(?:now\s{1,4})?"
          r"(?:works?|should\s{1,4}work)\s{1,4}(?:now|again|correctly|properly|as\s{1,4}expected)\b", _I, ("work",)),
    # A hedged claim of the change's effect: "this should resolve the error", "that should fix it"
    _Lazy(
        r"\b(?:this|that|these\s{1,4}changes|the\s{1,4}(?:fix|change|changes|update|patch))\s{1,4}should\s{1,4}(?:now\s{1,4})?"
        r"(?:fix|resolve|solve|address|eliminate)\b", _I, ("should",)),
    # "That should do it", "Changes applied: …"
    _Lazy(r"\b(?:that|this|these\s{1,4}changes)\s{1,4}should\s{1,4}do\s{1,4}it\b", _I, ("do it",)),
    _Lazy(r"^\W{0,12}(?:all\s{1,4})?(?:changes|fixes|updates|edits)\s{1,4}(?:applied|made|pushed|committed|merged)\s{0,4}(?:[:.!—–]|\s-\s|$)", _I,
          ("applied", "made", "pushed", "committed", "merged")),
    # A change offered as the fix: "a revised patch that fixes the race"
    _Lazy(r"\b(?:that|which)\s{1,4}(?:now\s{1,4})?(?:resolves|fixes|solves)\s{1,4}(?:the|this|that|these|your|all|both)\b",
          _I, ("resolves", "fixes", "solves")),
    # What the user can do now that it works: "You can now run the app", "you can now log in"
    _Lazy(r"\byou\s{1,4}can\s{1,4}now\s{1,4}(?:use|run|access|open|start|test|try|deploy|log\s{1,4}in|visit)\b",
          _I, ("can now",)),
    # A heading or status line that ends on the outcome: "🎯 Phase 2 - Complete!", "Phase 1 done ✅"
    # (not a plan's "## Definition of Done")
    _Lazy(rf"^(?![^\n]{{0,80}}?\bdefinition\s{{1,4}}of\s{{1,4}}done\b)[^\n]{{0,80}}?\b(?P<core>{_OUTCOME})\W{{0,16}}$", _I,
          ("complet", "done", "finish", "fixed", "resolved", "implemented", "succe")),
    # A checkmark line that names the outcome: "✅ Completed the migration", "✔ All tasks complete"
    _Lazy(rf"^\W{{0,12}}[✅✔☑]\W{{0,12}}(?:[\w-]+\s{{1,4}}){{0,3}}?(?P<core>{_OUTCOME})\b", _I, ("✅", "✔", "☑")),
]

# ------------------------------------------------------------------------------ Chinese
_ZH_VERB_WORDS = (
    "完成", "做完", "搞定", "修好", "修復", "修复", "修正", "修改", "改好", "處理好", "处理好", "解決", "解决",
    "實作", "实作", "實現", "实现", "驗證", "验证", "生成", "創建", "创建", "建立", "新增", "添加", "加入",
    "更新", "配置", "設定", "设定", "設置", "设置", "優化", "优化", "推送", "提交", "合併", "合并", "部署",
    "安裝", "安装", "刪除", "删除", "移除", "替換", "替换", "重構", "重构", "整合", "集成", "調整", "调整",
    "改為", "改为", "改成", "寫入", "写入", "保存", "儲存", "補充", "补充", "補上", "补上", "同步", "啟用",
    "启用", "接入", "上線", "上线", "遷移", "迁移", "清理", "整理", "聲明", "声明", "定義", "定义", "引入",
    "導入", "导入", "編寫", "编写", "寫好", "写好", "加上", "改進", "改进", "封裝", "封装", "重寫", "重写",
    "改寫", "改写", "重做",
)
_ZH_VERB = _alt(_ZH_VERB_WORDS)
_ZH_DONE = "(?:已經|已经|已)"
# A short gap inside one clause, that does not pass another finished verb (了) or another 已.
_ZH_GAP = r"[^，。！？,.!?\n了的已]"
_ZH = [
    _Lazy(
        rf"{_ZH_DONE}?(?:全部|都|均)?(?:完成|做完|做好|弄好|搞定|修好|修復|修复|修正|改好|處理好|处理好|解決|解决|"
        r"實作|实作|實現|实现|驗證|验证)(?:了|完畢|完毕)"),
    # "已" + a work verb, right after it (均已合并, 已配置) or after a coverb phrase (已为仓库生成,
    # 已成功将改动合并到, 已在 X 中为 Y 声明了); a longer gap without a coverb holds a noun that
    # looks like a verb (已落后 main 三个提交).
    _Lazy(rf"{_ZH_DONE}(?:全部|都|均|成功|順利|顺利)?(?:(?:为|為|将|將|把|在|给|給|对|對|向|从|從|按照|根据|根據)"
          rf"{_ZH_GAP}{{0,24}}?|{_ZH_GAP}{{0,3}}?){_ZH_VERB}", 0, ("已",)),
    _Lazy(r"(?:測試|测试|單元測試|单元测试)(?:已經|已经|已|都|全部|均|也)*(?:通過|通过|過了|过了|全過|全过|全綠|全绿)",
          0, ("測試", "测试")),
    _Lazy(r"(?:驗證|验证)(?:通過|通过|過了|过了|成功|無誤|无误)", 0, ("驗證", "验证")),
    _Lazy(r"^\W{0,12}(?:搞定|完成|完工|好了|修好了|全部完成)(?:了|啦)?\W{0,16}$"),
    # 全部完成，… / 都搞定了 / 全都做完
    _Lazy(rf"(?:全部|全都|都|均){_ZH_DONE}?(?:完成|搞定|做完|做好|修好|弄好|改好)", 0, ("全", "都", "均")),
    # It works now: 现在可以正常加载了, 現在應該沒問題了
    _Lazy(r"正常(?:運行|运行|工作|加載|加载|顯示|显示|使用|啟動|启动|運作|运作)了"
          r"|(?:現在|现在)(?:應該|应该)?就?(?:沒|没)有?(?:問題|问题)了", 0, ("正常", "問題", "问题")),
    # A heading or line that ends on the outcome: 迁移完成总结, 🔧 登录超时修复完成！, 重构完成
    _Lazy(
        rf"(?:{_ZH_VERB}|工作|任務|任务|開發|开发|功能|錯誤|错误|問題|问题){_ZH_DONE}?(?:都)?"
        r"(?:完成|完畢|完毕|搞定)(?:了|啦)?(?:\W{0,16}$|[！!]|總結|总结|報告|报告)", 0, ("完", "搞定")),
    # A first-person report with 了: 我已經幫你改好了…, 我修改了…, 我添加了…
    _Lazy(rf"(?:我|我們|我们){_ZH_DONE}?{_ZH_GAP}{{0,8}}?{_ZH_VERB}了", 0, ("我",)),
    _Lazy(rf"(?:成功|順利|顺利)地?(?:將|将|把)?{_ZH_GAP}{{0,12}}?{_ZH_VERB}", 0, ("成功", "順利", "顺利")),
    _Lazy(r"(?:這樣|这样|現在|现在)(?:應該|应该)就?(?:能|可以|會|会)?(?:解決|解决|修復|修复)", 0, ("應該", "应该")),
    # It works now, said as a change of state: 按钮现在可以提交表单了
    # (what it does, not what may begin: not 现在可以开始写代码了)
    _Lazy(r"(?:現在|现在)(?:已經|已经)?(?:可以|能)(?:正常)?[^，。！？,.!?\n]{0,4}?(?:提交|登錄|登录|顯示|显示|打開|打开|運行|运行|使用|訪問|访问"
          r"|加載|加载|保存|上傳|上传|下載|下载|跳轉|跳转|發送|发送|點擊|点击|播放|搜索|搜尋|編譯|编译|啟動|启动)[^，。！？,.!?\n]{0,8}?了[。！!]?$",
          0, ("可以", "能")),
    # What the user can do now that it works: 现在可以直接打开…, 現在可以使用…
    _Lazy(r"(?:現在|现在)就?可以[^，。！？,.!?\n]{0,10}?(?:使用|訪問|访问|運行|运行|打開|打开|查看|測試|测试|部署|登錄|登录"
          r"|體驗|体验)",
          0, ("可以",)),
]

# ------------------------------------------------------------------------------ Japanese
_JA_VERB = _alt((
    "完了", "修正", "実装", "検証", "対応", "解決", "作成", "追加", "更新", "変更", "削除", "改善", "改修",
    "設定", "統合", "導入", "適用", "反映", "移行", "置換", "置き換え", "書き換え", "整理", "保存", "記載",
    "追記", "構築", "生成", "登録", "調整", "最適化", "修復", "リファクタリング", "コミット", "プッシュ",
    "デプロイ", "インストール", "マージ", "作り直し", "移動", "削減", "実施",
))
_JA = [
    _Lazy(rf"{_JA_VERB}(?:しました|いたしました|できました|しておきました|済みです|済み|が完了しました"
          r"|を完了しました)", 0, ("ました", "済み")),
    _Lazy(r"(?:完了です|終わりました|直しました|直りました|動作確認(?:しました|済み)|検証済み"
          r"|書きました|作りました|加えました|入れました|変えました|消しました|まとめました)",
          0, ("ました", "済み", "です")),
    _Lazy(r"テスト(?:は|が|も)?(?:すべて|全て|全部)?(?:通りました|パスしました|成功しました|通過しました|グリーンです)",
          0, ("テスト",)),
    _Lazy(r"テストを(?:すべて|全て)?実行しました", 0, ("テスト",)),
    _Lazy(r"^\W{0,12}(?:完了|できました|終わりました|修正しました)\W{0,16}$"),
    # A heading or line that ends on the outcome: 環境構築完了！, 移行完了, 第2段階 完了レポート
    # (not reading or checking: 確認完了)
    _Lazy(r"(?<!読了)(?<!確認)(?<!読み込み)完了(?:\W{0,16}$|[！!]|サマリ|報告|レポート)", 0, ("完了",)),
    _Lazy(r"(?:これで|これにより)[^。！？\n]{0,20}?(?:解決|解消|修正)(?:される|する)はずです", 0, ("はず",)),
    _Lazy(r"(?:これで|これにより)[^。！？\n]{0,30}?(?:できる|使える|動く)ようになりました", 0, ("ようになりました",)),
    _Lazy(r"(?:正常に|問題なく)(?:動作|起動|表示|動き|動)(?:しました|します|するようになりました|くようになりました)",
          0, ("正常に", "問題なく")),
]

# ------------------------------------------------------------------------------ Korean
_KO_VERB_WORDS = (
    "완료", "수정", "구현", "검증", "해결", "처리", "적용", "테스트", "추가", "생성", "저장", "작성", "갱신",
    "업데이트", "변경", "삭제", "제거", "정리", "반영", "설정", "구성", "구축", "통합", "배포", "커밋", "푸시",
    "리팩터링", "리팩토링", "개선", "최적화", "등록", "설치", "연동", "교체", "이동", "변환", "병합", "머지",
    "마무리", "완성", "보완", "분리",
)
_KO_VERB = _alt(_KO_VERB_WORDS)
_KO = [
    _Lazy(
        rf"{_KO_VERB}\s?(?:을|를)?\s?(?:했습니다|하였습니다|했어요|했다|했음|해\s?두었습니다|해\s?뒀습니다"
        # (not 완료 as the head of a noun, a plan's words: "구현 완료 기준", "배포 완료 후 테스트해 보세요")
        r"|해\s?놓았습니다|됐습니다|되었습니다|됐어요|되었어요|됐다|되었다"
        r"|완료(?!\s?(?:기준|조건|여부|예정|시점|후|이후|전에|목표|항목|일정|일자|날짜|체크리스트)))", 0,
        ("했", "됐", "되었", "두었", "뒀", "놓았", "완료")),
    _Lazy(r"(?:고쳤|끝났|마쳤|끝냈|모았|만들었|넣었|바꿨|바꾸었|옮겼|지웠|올렸|맞췄|채웠|붙였)(?:습니다|어요|다|음)",
          0, ("었", "았", "쳤", "났", "냈", "웠", "꿨", "겼", "췄", "였")),
    _Lazy(r"다\s?했(?:습니다|어요)|다\s?(?:됐|되었)(?:습니다|어요)", 0, ("했", "됐", "되었")),
    # Done for the user, or left in place: "처리해 드렸습니다", "만들어 두었습니다"
    _Lazy(rf"(?:{_KO_VERB}해|만들어|넣어|바꿔|고쳐|올려|옮겨|붙여)\s?(?:드렸|두었|뒀|놓았|놨)(?:습니다|어요)", 0,
          ("드렸", "두었", "뒀", "놓았", "놨")),
    # "정리 끝!", "작업 끝."
    _Lazy(rf"(?:{_KO_VERB}|작업)\s?끝\W{{0,4}}$", 0, ("끝",)),
    _Lazy(r"테스트(?:가|는|를|도)?\s{0,4}(?:모두|전부|다)?\s{0,4}통과(?:했습니다|했어요|합니다|됩니다|했다|함|됨|했음)",
          0, ("통과",)),
    _Lazy(r"완료(?:입니다|예요|이에요)?\W{0,16}$", 0, ("완료",)),
    # A heading: "완료 보고서", "구현 완료 요약"
    _Lazy(r"완료\s?(?:보고서?|요약|내역)", 0, ("완료",)),
    _Lazy(r"이제\s?[^.\n]{0,30}?(?:사용|실행|접속|확인|이용)(?:하실|할)\s?수\s?있습니다", 0, ("이제",)),
    # It works now: "이제 정상적으로 작동합니다", "지금은 잘 동작해요"
    _Lazy(r"(?:이제|지금은?)\s?[^.\n]{0,20}?(?:정상적으로|정상|잘)\s?(?:작동|동작|실행|표시|로드)(?:합니다|해요|됩니다|돼요)",
          0, ("이제", "지금")),
]
# Only as the opening sentence of a message: a terse report that ends on the verbal noun,
# commit-message style ("`docs/setup.md` 추가.", "CHANGELOG 갱신."); further down the same
# shape is a list item or a table cell as often as a report.
_KO_OPENING = _Lazy(rf"{_KO_VERB}(?:함|됨)?\s?\.\s{{0,4}}$", 0, _KO_VERB_WORDS)

_RULES = (("en", _EN), ("zh", _ZH), ("ja", _JA), ("ko", _KO))
# A language's rules run only on a message written partly in its script.
_KANA = _Lazy(r"[\u3040-\u30ff]")
_HAN = _Lazy(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_SCRIPTS = (
    ("en", _Lazy(r"[A-Za-z]")),
    ("zh", _Lazy(r"[\u3400-\u4dbf\u4e00-\u9fff]")),
    ("ja", _Lazy(r"[\u3040-\u30ff]")),
    ("ko", _Lazy(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")),
)

# ----------------------------------------------------- what makes a match not a claim
# Anywhere before the match in its sentence: a condition, a purpose, someone else's report.
_SENTENCE_CUES = _Lazy(
    r"\b(?:once|when|whenever|after|until|unless|if|before|as\s{1,4}soon\s{1,4}as|whether|so\s{1,4}that"
    r"|in\s{1,4}order|make\s{1,4}sure|ensure|says?|said|reports(?=\s)|reported|according|shows?|showed|states?"
    r"|stated|claims?|claimed|mentioned|wrote|per\s{1,4}the|hope|expect|assum\w*|suppos\w*)\b"
    r"|\b(?:because|since|due\s{1,4}to)\b|因為|因为|由於|由于|때문에|없어서|않아서"
    r"|(?:之後|之后|以後|以后|後|后)[，,]|如果|若|假如|要是|一旦|等到|直到|只要|據|据|按照(?!你|您)|依照(?!你|您)|你說|你说|你提到|顯示|显示|表示|回報|回报|報告|报告|說|说"
    r"|もし|によると|によれば|ログでは|CIでは|の結果では"
    r"|만약|만일|따르면|말씀|라고", _I)
# In the same clause before the match: a negation, a modal or future, a partial state.
_CLAUSE_CUES = _Lazy(
    r"\b(?:not|never|no\s{1,4}longer|yet\s{1,4}to|will|would|could|should|might|may|can|going\s{1,4}to"
    r"|need\s{1,4}to|needs\s{1,4}to|want\s{1,4}to|try\s{1,4}to|trying\s{1,4}to|let's|let\s{1,4}me|to\s{1,4}be|almost|nearly"
    r"|partially|partly|mostly|half)\b|n't\b|'ll\b|'d\b"
    r"|\bmark(?:ed)?\s{1,4}(?:it\s{1,4}|them\s{1,4})?as\b|標記為|标记为|標記成|标记成|标为|標為|视为|視為|这是|這是|那是|就是"
    r"|還沒|还没|尚未|未|沒有|没有|沒|没|不|無法|无法|まだ|아직|안\s|못\s|약\s?\d+\s?%", _I)
_CLAUSE = _Lazy(r"[,;:，、；：]|\bbut\b|但是?|不過|不过|けど|지만", _I)
# Right after the match: the clause goes on as a condition, a question, a quotation or a noun
# modifier (已删除的记录, 修正済みであること), so it states no result.
_CJK_AFTER = _Lazy(
    r"^\s{0,4}(?:後|后|之後|之后|以後|以后|的話|的话|時|时|前|嗎|吗|呢|沒|没|與否|与否|再|就|才|的"
    r"|したら|すれば|次第|後で|か[?？。]?\s{0,4}$|ではない|ではありません|じゃない|と(?:言|い|書|報告|表示)"
    r"|であ|こと|という|ような|ように|の(?!で)"
    # a part of the work: 已完成一半, 完成了 80%
    r"|了?(?:一半|部分|大部分|一部分|\d+\s{0,4}[%％])"
    r"|고\s|고$|는데|지만|다고|다는|면|니까|나요|습니까|까)"
    # a condition closed a few words on: （已安装依赖后）
    r"|^[^，。！？,\n]{0,15}?(?:之後|之后|以後|以后|後|后|的話|的话)\s{0,4}[）)，,]")
_EN_AFTER = _Lazy(r"^\s{0,4}(?:yet|soon|later|tomorrow|by\s{1,4}\w+day)\b", _I)
# A report about the past, not this turn's work: "we fixed this in #123 last month", 之前…
_HISTORY = _Lazy(
    r"\b(?:last\s{1,4}(?:week|month|year|time|sprint|release)|yesterday|ago|back\s{1,4}in|previously|earlier)\b"
    r"|\bin\s{1,4}(?:v?\d+\.\d+|#\d+|pr\s{0,4}#?\d+|commit\s{1,4}[0-9a-f]{7,})"
    r"|昨天|上週|上周|上個月|上个月|去年|之前|以前|先前|此前|昨日|先週|先月|昨年|以前に|어제|지난주|지난달|작년|이전에|이전\s{0,4}버전|예전에|과거에", _I)
# A message that opens by saying the work is not done: "No, only the parser …", "Not yet", 还没…
_OPENS_NOT_DONE = _Lazy(
    r"^\W{0,12}(?:no\b(?!\s{1,4}(?:problem|worries))|not\s{1,4}yet|nope)|^\W{0,12}(?:还没|還沒|尚未|没有完成|沒有完成|まだ|아직)", _I)
# Bullets under a plan-like heading ("Acceptance criteria:", "## Next steps", "Here's what we'll
# do:", 計畫：, "## Definition of Done", 完了条件, 완료 조건) describe what should be true, not what is; nor do the items under a heading about
# what went wrong; an unchecked box ("- [ ] tests pass") is not done either.
_PLAN_HEAD = _Lazy(
    r"^\s{0,4}(?:#+\s{0,4})?[^\n]{0,40}?(?:plan|criteria|steps?|todo|to\s{1,4}do|checklist|goals?|expect\w*"
    r"|requirements?|should|will|'ll|next|acceptance|definition\s{1,4}of\s{1,4}done|done\s{1,4}when|options?|benefits"
    r"|recommend\w*|suggest\w*|(?:完了|完成|受け入れ|受入|合格|終了)条件|(?:완료|수락|인수|종료)\s?조건|验收|驗收"
    r"|wrong|mistakes?|計畫|计划|步驟|步骤|標準|标准|待辦|待办|建議|建议"
    r"|預期|预期|予定|手順|基準|計画|推奨|확인\s?항목|계획|단계|기준|할\s?일|예정|예상|권장)[^:：\n]{0,40}(?:[:：]\s{0,4}$|$)", _I)
_HEADING_MAX = 120
_SENTENCE_MAX = 1000  # longer runs without a sentence end are pasted data, not a statement
_HEAD, _TAIL = 8000, 4000  # a plan head is a short line; longer lines are never tested against it
_BULLET = _Lazy(r"^\s{0,4}(?:[-*+•·]|\d+[.)])\s{1,4}")
_UNCHECKED = _Lazy(r"^\s{0,4}(?:[-*+]|\d+[.)])\s{1,4}\[ \]")
# "I've implemented it as follows:" introduces what comes next (a proposal, usually code).
_INTRODUCES = _Lazy(r"(?:as\s{1,4}follows|like\s{1,4}(?:this|so)|the\s{1,4}following\s{1,4}way|如下|以下のように|次のように"
                    r"|다음과\s?같이)\s{0,4}[:：]\s{0,4}$", _I)
_ENDS = (".", "!", "?", ":", "。", "！", "？", "：")
_QUESTION_ENDS = ("?", "？", "嗎", "吗", "呢", "か", "까", "나요", "니")
_CLOSERS = " \t\r\n\u3000。.)）」』\"'"
_QUOTED = _Lazy(r"\"[^\"\n]{0,200}\"|“[^”\n]{0,200}”|「[^」\n]{0,200}」|『[^』\n]{0,200}』")
_CODE_BLOCK = _Lazy(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.DOTALL)
_INLINE_CODE = _Lazy(r"`[^`\n]*`")
_SENTENCE = _Lazy(r"[^.!?。！？\n]*(?:[.!?。！？]+|\n|$)")

# ------------------------------------------------------------------ unverified marks
_MARKS = {
    "en": _Lazy(
        r"\bunverified\b|\bnot\s{1,4}(?:yet\s{1,4})?(?:been\s{1,4})?(?:verified|tested|confirmed|checked|run)\b"
        r"|\b(?:haven't|have\s{1,4}not|hasn't|has\s{1,4}not|didn't|did\s{1,4}not|couldn't|could\s{1,4}not)\s{1,4}(?:yet\s{1,4})?"
        r"(?:been\s{1,4})?(?:verif|test|run|re-?run|check|confirm)\w*"
        r"|\bwithout\s{1,4}(?:verif|test|running|re-?running|checking)\w*|\buntested\b|\bunconfirmed\b"
        r"|\b(?:from|in|during|based\s{1,4}on)\s{1,4}(?:the|an|my|our)\s{1,4}(?:previous|earlier|last|prior)\s{1,4}"
        r"(?:run|turn|session|attempt|check|output|result)"
        r"|\bas\s{1,4}(?:verified|tested|reported|shown|confirmed)\s{1,4}(?:earlier|previously|above|before)\b", _I),
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


def _languages(text: str) -> set[str]:
    if text.isascii():  # no CJK script can occur; compiling their wide classes costs ~3 ms a process
        return {"en"} if _SCRIPTS[0][1].get().search(text) else set()
    return {lang for lang, script in _SCRIPTS if script.get().search(text)}


def _mostly_japanese(text: str, sample: int = 4000) -> bool:
    """Kana make up a fifth of the CJK characters (a Chinese text may quote a Japanese word)."""
    head = text[:sample]
    kana = len(_KANA.get().findall(head))
    return kana * 5 >= kana + len(_HAN.get().findall(head))


def _statement_lines(text: str) -> list[str]:
    """The lines that state something in the agent's own voice: no code, quotation, table row,
    block quote, unchecked box or item under a plan-like heading."""
    text = _CODE_BLOCK.get().sub(" ", text)
    text = _INLINE_CODE.get().sub("code", text)
    text = _QUOTED.get().sub(" ", text)
    lines: list[str] = []
    in_plan = False
    for ln in text.replace("**", "").replace("__", "").replace("’", "'").splitlines():
        body = ln.strip()
        if not body:
            continue
        if _BULLET.get().match(ln):
            if in_plan or _UNCHECKED.get().match(ln):
                continue
        else:
            in_plan = len(body) <= _HEADING_MAX and (body.endswith((":", "：")) or body.startswith("#")) \
                and bool(_PLAN_HEAD.get().match(body))
        if body.startswith((">", "|")):  # block quotes are someone else's words; table rows are data
            continue
        if lines and body[0].islower() and body[0].isascii() and not lines[-1].rstrip().endswith(_ENDS):
            lines[-1] = f"{lines[-1].rstrip()} {body}"  # a line the terminal wrapped (/export transcripts)
        else:
            lines.append(ln)
    return lines


def _sentences(text: str) -> list[str]:
    """Sentences with their whitespace runs collapsed, each cut to `_SENTENCE_MAX` characters."""
    out = []
    for m in _SENTENCE.get().finditer("\n".join(_statement_lines(text))):
        s = " ".join(m.group(0).split()).lstrip("#*-+•·0123456789.) ").strip()
        if s:
            out.append(s[:_SENTENCE_MAX])
    return out


def _window(text: str) -> str:
    """The opening and the close of a long message: where a claim or its mark stands. Bounds
    the work of every rule on a message of any size."""
    if len(text) <= _HEAD + _TAIL:
        return text
    return f"{text[:_HEAD]}\n{text[-_TAIL:]}"


def _is_question(sentence: str) -> bool:
    return sentence.rstrip(_CLOSERS).endswith(_QUESTION_ENDS)


def _is_claim(sentence: str, lang: str, m: re.Match[str]) -> bool:
    # A rule that matches from the line start names its word (`core`): what comes before that
    # word is the sentence's own context, tested like the words before any other match.
    start = m.start("core") if "core" in m.re.groupindex else m.start()
    before, after = sentence[:start], sentence[m.end():]
    rest = sentence[m.end():].rstrip()
    if rest and _INTRODUCES.get().search(rest) and not _CLAUSE.get().search(rest.rstrip(":：")):
        return False
    if _HISTORY.get().search(sentence) or _SENTENCE_CUES.get().search(before) \
            or _CLAUSE_CUES.get().search(_CLAUSE.get().split(before)[-1]):
        return False
    return not (_EN_AFTER if lang == "en" else _CJK_AFTER).get().match(after)


def has_mark(text: str) -> bool:
    """An explicit "unverified" / "from the previous run" mark, in any of the four languages."""
    text = _window(text)
    return any(_MARKS[lang].get().search(text) for lang in sorted(_languages(text)))


def find_claim(text: str) -> Claim | None:
    """The first sentence that claims completion, or None."""
    text = _window(text)
    low = text.lower()
    langs = _languages(text)
    if "ja" in langs and _mostly_japanese(text):
        langs.discard("zh")  # Japanese is written with kanji too; Chinese carries no kana
    elif "zh" in langs:
        langs.add("ja")  # a Japanese heading may hold no kana at all (環境構築完了！); zh rules come first
    rules = [(lang, rule) for lang, group in _RULES if lang in langs
             for rule in group if rule.may_match(low)]
    opening = "ko" in langs and _KO_OPENING.may_match(low)
    if not rules and not opening:
        return None
    sentences = _sentences(text)
    if sentences and _OPENS_NOT_DONE.get().match(sentences[0]):
        return None
    for i, sentence in enumerate(sentences):
        if _is_question(sentence):
            continue
        candidates = rules if i or not opening else [*rules, ("ko", _KO_OPENING)]
        for lang, rule in candidates:
            m = rule.get().search(sentence)
            if m and _is_claim(sentence, lang, m):
                return Claim(sentence[:300], lang)
    return None
