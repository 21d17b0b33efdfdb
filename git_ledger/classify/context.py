"""What the agent did just before a human message: the context some rules type only in.

"Still the same", a fresh error, "nothing changed" right after the agent said it fixed something
is a result-error; the same words opening a task are a report, not a correction. The test is
whether the agent's previous message claimed its work, or its turn ran tools that edit files or
run commands (reading and searching change nothing a person could find wrong).

A claim of completion is the Stop guard's notion (`classify.claims.find_claim`: "Done.", "all tests
pass", "I've fixed …", 全部完成). A reply reporting work it did ("I've changed X", "Updated the
routes", "修改了 …", "変更しました", "수정했습니다") claims work as well, though it claims no
completion: that is the small test here. A plan ("I'll change X", "let me update …") claims nothing.
A chat answer (no tool call on record) that hands over code claims work too: the code is its work.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from git_ledger.classify.claims import find_claim
from git_ledger.classify.rules import Regex, rx

# Tool names that edit files or run commands, lowercased (Claude Code, its `/export` display
# names, Codex, Gemini, Cursor). "Update Todos", Read, Grep, Glob, List, WebFetch are not here.
EDIT_RUN_TOOLS = frozenset({
    "edit", "multiedit", "write", "notebookedit", "update", "create", "delete", "bash", "shell",
    "local_shell", "exec_command", "apply_patch", "write_file", "replace", "run_shell_command",
    "edit_file", "str_replace_editor", "str_replace_based_edit_tool", "run_terminal_cmd", "terminal",
    "search_replace", "delete_file", "execute_command", "run_command", "powershell", "edited file",
    "edit file", "created file", "deleted file", "ran command", "run terminal command",
})
# Tool names of several words whose first word alone names an edit tool ("update").
_SEVERAL_WORDS = frozenset({"update todos"})
_DECORATION = " \t*_`\"'“”)）」』🚀🎉✨👍😊"
LOOKED_AT = 1500  # the previous message's end carries its report; a long answer's start is detail
CLAIM_LOOKED_AT = 600  # … and its last lines the claim of completion

# First person past of work ("I've changed", "I updated", "we added"), a report line opening
# with such a verb ("Updated the routes"), or a result said of the work ("this should fix"),
# in the four languages. Bounded and literal-led: it sees agents' text.
_EN_WORK = (r"(?:changed|updated|added|modified|created|removed|deleted|replaced|rewritten|rewrote|refactored"
            r"|renamed|moved|adjusted|corrected|restored|reverted|converted|wrapped|switched|made|set|wrote"
            r"|written|edited|patched|applied|installed|configured|cleaned|simplified|implemented|fixed|swapped)")
_WORK_REPORT = rx(
    r"\b(?:i|we)(?:'ve|\s+have)?(?:\s+(?:now|just|also|already|successfully|finally|then))*\s+" + _EN_WORK + r"\b"
    r"|(?m:^)[\s#*>•·+-]{0,8}(?:\d+[.)]\s+)?(?:\*\*)?" + _EN_WORK + r"\s+(?:the|a|an|your|all|both|it|this|that|\w+\.\w+|`)"
    # a bold heading of a summary's item: "7. **Updated exports**: …", "**Removed `old_helper`**"
    r"|\*\*" + _EN_WORK + r"\s[^*\n]{1,40}\*\*"
    r"|\b(?:this|that|these\s+changes|the\s+(?:fix|change|changes|update))\s+should\s+(?:now\s+)?(?:fix|resolve|solve"
    r"|address|work|prevent|handle|make)\b"
    r"|\bshould\s+(?:now\s+)?(?:work|be\s+(?:fixed|resolved|working))\b|\bnow\s+(?:works|renders|shows|returns|passes)\b"
    # A proposed fix in a chat answer: "This update should correctly …", "will ensure …", "try it again"
    r"|\b(?:this|these|the|that|with\s+this)\s+(?:[\w-]+\s+){0,3}(?:should|will)\s+(?:now\s+)?(?:fix|resolve|ensure|correctly"
    r"|make|allow|prevent|handle|help|solve|address|properly|display|show|work)\b"
    r"|\b(?:should|will)\s+now\s+\w+|\bnow\s+(?:correctly|properly|handles|displays|uses|includes)\b"
    r"|\bhere(?:'s|\s+is)\s+(?:the\s+|an?\s+)?(?:updated|fixed|corrected|revised|modified|complete)\b"
    # … a plan or a list is not work done ("Here is the updated plan:", "Here is the complete list of endpoints:")
    r"(?!\s+(?:\w+\s+)?(?:plan|list|overview|outline|proposal|roadmap|todo|to-do|breakdown|explanation|analysis|comparison|options)\b)"
    r"|\b(?:try|run|test)\s+(?:it|this|that|running\s+it)?\s*again\b|\bwith\s+(?:this|these)\s+changes?\b"
    r"|\bnow\s+let'?s\s+(?:run|test|try|check|rebuild|build|verify|see|restart)\b|\blet\s+me\s+fix\s+(?:this|that|it)\s+by\b"
    r"|\b(?:error|bug|issue|problem)\s+(?:is|has\s+been)\s+(?:now\s+)?(?:fixed|resolved)\b(?!\s+(?:in|upstream|by)\b)"
    r"|\bnow\s+(?:has|have|clearly|looks|displays|shows|works|correctly|properly|covers|supports|contains)\b|(?m:^)```diff"
    r"|\b(?:these|the|my|our)\s+(?:changes|updates|modifications|edits|fixes)\b|\b(?:is|are)\s+(?:now\s+)?working\s+(?:as\s+expected"
    r"|correctly|properly|now)\b|\bcorrectly\s+(?:shows|handles|returns|displays|renders|parses|identifies)\b"
    r"|\bthis\s+(?:produces|ensures|prevents|makes|allows|fixes|resolves|removes|adds)\b"
    r"|(?:我|已经|已經|已)(?:[^，。\n]{0,6})(?:修改|更新|添加|增加|删除|刪除|替换|替換|调整|調整|重构|重構|修复|修復|修正|改为|改為|改成|创建|建立"
    r"|设计|設計|增强|增強|居中|优化|優化|实现|實現|配置|设置|設置|提交|推送|部署|换成|換成|换掉|換掉)"
    r"|(?:修改|更新|添加|删除|刪除|调整|調整|修复|修復|重构|重構|修正|改进|改進|优化|優化|完善|实现|實現|新增|增加|移除|去掉|去除"
    r"|解决|解決|简化|簡化|替换|替換|重写|重寫|创建|創建|补充|補充|统一|統一|修好|改好)了|改(?:过|過)的|现已|現已|(?:修复|修復|修改|更新)完成|(?:现在|現在)[^。\n]{0,30}(?:已经|已經|已)"
    # "我把 timeout 调大到了 30 秒", "现在页面会正确显示图标了", "这样应该就可以了", "请刷新页面查看效果", "你可以再试一下"
    r"|我把[^。\n]{1,30}?(?:改|調|调|換|换|設|设|移|刪|删|加|放)[^。\n]{0,4}?了|(?:現在|现在)[^。\n]{0,20}(?:會|会|能|可以)(?:正確|正确|正常)[^。\n]{0,12}了"
    r"|(?:這樣|这样)(?:應該|应该)?(?:就)?(?:可以|行|好|沒問題|没问题)了|(?:應該|应该)就(?:能|可以)(?:看到|正常)"
    r"|(?:再|重新)(?:試|试|測試|测试|運行|运行|跑|刷新|編譯|编译|啟動|启动)(?:一下|一次|看看)|(?:请|請)(?:您)?(?:再)?(?:试|試)(?:试|試|一下)(?:看)?|(?:刷新|重新整理)(?:一下)?(?:頁面|页面|瀏覽器|浏览器)?(?:後|后)?(?:即可|查看|看看)"
    r"|(?:変更|修正|更新|追加|削除|置換|調整|作成|実装|対応|反映|同期)(?:しました|いたしました|済み|済)"
    r"|(?:書き|直し|変え|作り|入れ|消し)ました"
    # the build or the tests passed (ビルドが成功しました, 构建成功了, 编译通过), and "this should work now" (これで動くはずです)
    r"|(?:ビルド|テスト|コンパイル|デプロイ|インストール)(?:は|が|も)?(?:すべて|全て)?(?:成功|通過|パス)(?:しました|しています|済|です|[。！!\n])"
    r"|(?:これで|これにより)[^。\n]{0,40}(?:はずです|はずだ|ません|なります|できます|ようになりました)"
    r"|(?:构建|構建|编译|編譯|测试|測試|部署|安装|安裝|打包)(?:已经|已經|也|都|全部)?(?:成功|通过|通過)(?![后後之时時的])"
    # "…するよう修正", "画面の実装完了", "修正後、もう一度…", a request to test it again or check it works: the work reported, or handed over
    r"|[うくぐすつぬぶむる](?:よう|ように)(?:修正|変更|調整|対応|更新)|(?:構築|実装|作成|修正|設定|対応|更新|追加|変更)(?:が)?完了"
    r"|(?:修正|変更|更新)(?:後|した後)[、,]|(?:再テスト|再実行|再度実行|動作確認|再生|プレイ|お試し)(?:を)?(?:して|し)(?:みて)?(?:ください|下さい)"
    r"|(?:변경|수정|추가|삭제|제거|정리|이동|작성|설정|업데이트|교체|적용|생성|구현|보완|반영|개선)(?:[·・/]\w{1,4})?(?:했습니다|하였습니다|했어요|했음|완료|되었습니다|됐습니다)"
    r"|완료(?:되었|됐|했)"
    # "보이게 했습니다", "여백이 같아지도록 했습니다": made it so
    r"|(?:게|도록)\s?(?:했습니다|하였습니다|했어요|만들었습니다|바꿨습니다|바꾸었습니다|처리했습니다)"
    # Korean "this should work now", "try it again", "here is the fixed code", "the build passed":
    # 이제 정상적으로 작동할 것입니다, 다시 실행해 보세요, 수정된 코드는 다음과 같습니다, 빌드도 성공했습니다
    r"|(?:작동|동작|해결|반영|적용|표시|실행|이동|출력)(?:할|될)\s?(?:것입니다|거예요|거에요|겁니다)"
    r"|(?:잘|정상적으로|제대로)\s?(?:[^\s]{1,8}\s)?(?:될|보일|나올|뜰|열릴)\s?(?:것입니다|거예요|거에요|겁니다)"
    r"|(?:나지|생기지|발생하지|뜨지)\s?않을\s?(?:것입니다|거예요|거에요|겁니다)"
    r"|(?:다시|이제)\s?(?:[^\s]{1,8}\s)?(?:시도|실행|테스트|새로고침|빌드)(?:해|하여)\s?(?:보세요|보시겠어요|보시면)"
    r"|(?:수정된|변경된|업데이트된|고친|개선된)\s?(?:코드|버전|파일|함수|내용)(?:는|은)\s?(?:다음|아래)"
    r"|(?:빌드|테스트|컴파일|배포|설치)(?:도|가|이|는)?\s?(?:모두\s|다\s|전부\s)?(?:성공|통과)(?:했습니다|했어요|합니다|했음)"
    r"|정상\s?(?:동작|작동)(?:을|을\s?)?\s?확인"
    r"|(?:변경|수정|추가|적용|반영|업데이트)(?:했으니|했으니까|했고|하였으니)"
    # A chat agent's edit proposal ("// ... existing code ...") and a status line ticked done
    r"|✅\s?(?:\*\*)?\s?(?:完了|完成|done|fixed|완료|" + _EN_WORK + r"\b)"
    # work in progress, as an agent narrates its edits (수정 중입니다, 修正中です, 正在修改)
    r"|(?:수정|추가|변경|적용|조정|업데이트|구현|제거|삭제)\s?중입니다|(?:修正|変更|追加|更新|実装|調整|削除)中です"
    r"|正在(?:修改|更新|添加|修复|修復|调整|調整|删除|刪除|实现|實現)"
    # 이제 … 위치합니다: "now it sits right below", the state the work left
    r"|이제\s[^.!?\n]{0,80}(?:보입니다|표시됩니다|위치합니다|작동합니다|동작합니다|나옵니다|열립니다|사라집니다|않습니다)")
# A fenced code block, or one left open at the end of the message.
_FENCED = Regex(r"```[^\n]*\n?(?:(?!```)[\s\S]){0,20000}(?:```|$)")
# The same, its info string (the language) and its body apart.
_FENCE_PARTS = Regex(r"```([^\n`]{0,40})\n((?:(?!```)[\s\S]){0,20000})(?:```|$)")
# Blocks that hold commands to run or output to read, not code handed over ("```bash npm run dev```").
_NOT_CODE_BLOCKS = frozenset({
    "bash", "sh", "shell", "shellscript", "console", "terminal", "zsh", "fish", "powershell", "ps", "ps1",
    "pwsh", "cmd", "bat", "batch", "text", "txt", "log", "logs", "output", "stdout", "stderr", "markdown",
    "md", "mermaid", "csv", "tsv",
})
_CODE_BLOCKS = frozenset({
    "python", "py", "javascript", "js", "jsx", "typescript", "ts", "tsx", "c", "cpp", "c++", "cc", "h",
    "hpp", "csharp", "cs", "c#", "java", "kotlin", "kt", "swift", "go", "golang", "rust", "rs", "ruby",
    "rb", "php", "html", "css", "scss", "sass", "less", "vue", "svelte", "sql", "dart", "lua", "r",
    "scala", "gdscript", "ets", "arkts", "objc", "objective-c", "elixir", "haskell", "ocaml", "zig",
    "solidity", "sol", "graphql", "prisma", "dockerfile", "makefile", "xml", "xaml", "jsonc",
    "yaml", "yml", "toml", "ini", "nginx", "hcl", "terraform", "gradle", "groovy", "cmake", "astro",
    "diff", "patch",
})
# A line of code, in most languages: it ends a statement or opens/closes a block, declares,
# imports, assigns, returns, or is markup.
_CODE_LINE = Regex(
    r"(?m:[;{}(\[,]\s*$|^\s*(?:def|class|function|import|from|return|const|let|var|public|private|protected"
    r"|static|void|int|if|elif|else|for|while|using|namespace|#include|export|async|await|fn|func|package|struct"
    r"|interface|type|enum|try|catch|except|with|<<<<<<<|=======|>>>>>>>)\b|\s=\s|=>|^\s*</?[a-z][\w-]*[^<>\n]{0,200}>\s*$)")
CODE_BLOCK_LINES = 3  # fewer lines name a call or a value ("`npm test`"), not code handed over
# A chat agent's edit proposal: the elided rest of a file it rewrote.
_EDIT_MARK = Regex(r"(?://|#|<!--)\s?\.\.\.\s?existing\s+code\s?\.\.\.")
# A sentence that plans or offers ("I'll update", "let me change", "would you like me to") is not a report.
_PLAN = Regex(r"\b(?:i'll|i\s+will|we'll|we\s+will|let\s+me(?!\s+know)|let's(?!\s+(?:run|test|try|check|rebuild|build|verify|see|restart)\b)|i'm\s+going\s+to|i\s+can|would\s+you|shall\s+i"
              r"|i\s+would|i\s+need\s+to|i\s+should|next,?\s+i)\b"
              # zh: the agent's own next step ("我会改", "让我来看看", "接下来将修改"), not a result ("现在会正确显示了")
              r"|(?:我|我們|我们|咱們|咱们)(?:將|将|會|会|來|来|先|再|準備|准备|打算)|讓我|让我|接下來|接下来"
              r"|(?<![已])(?:將|将)(?:會|会)?(?:[^，。\n]{0,6})(?:修改|更新|添加|刪除|删除|調整|调整|重構|重构|實現|实现|修復|修复)"
              r"|します(?!た)|しましょう|할게|하겠습니다|할까요")
_SENTENCE_ENDS = ".!?。！？\n"


class Context:
    """The previous agent turn as the rules see it, each answer worked out when first asked (most
    messages reach no rule that needs it, and reading the agent's message costs ~1 ms)."""

    __slots__ = ("_asked", "_claimed", "previous", "tools")

    def __init__(self, previous: str | None, tools: Sequence[str] = ()) -> None:
        self.previous = previous
        self.tools = tuple(tools)
        self._claimed: bool | None = None
        self._asked: bool | None = None

    @classmethod
    def of(cls, previous: str | None, previous_tools: Iterable[str] = ()) -> Context | None:
        """The context of a message, or None when nothing is known of the previous turn."""
        tools = tuple(previous_tools)
        if previous is None and not tools:
            return None
        return cls(previous, tools)

    @property
    def claimed(self) -> bool:
        """It claimed its work done, reported work, or ran edit/run tools."""
        if self._claimed is None:
            self._claimed = ran_edit_or_run(self.tools) or (
                self.previous is not None and claims_work(self.previous, self.tools))
        return self._claimed

    @property
    def asked_user(self) -> bool:
        """Its message ended with a question to the user ("Want me to remove it?")."""
        if self._asked is None:
            self._asked = self.previous is not None and ends_with_question(self.previous)
        return self._asked


def tool_name(call: str) -> str:
    """`Bash(cd src && make)` -> `bash`; `terminal: npm test` -> `terminal`; `Update Todos` stays `update todos`;
    `Edit src/a.py` -> `edit`; a labelled call in brackets, as some exports write it (`[ツール: Edit] src/a.py`, `[Tool: Bash]`) -> `edit`, `bash`."""
    if call.startswith("[") and "]" in call[:60]:
        label, _, name = call[1:call.index("]")].partition(":")
        if name:
            return name.strip().lower()
    name = call.split("(", 1)[0].split(":", 1)[0].strip().lower()
    # "Edit src/a.py", "Bash yarn add sass": the target written after a space (some exports and
    # hand-kept logs); a tool's own name of several words ("update todos", "edit file") stays whole.
    first, space, _ = name.partition(" ")
    if space and name not in EDIT_RUN_TOOLS and name not in _SEVERAL_WORDS and first in EDIT_RUN_TOOLS:
        return first
    return name


def ran_edit_or_run(tools: Iterable[str]) -> bool:
    return any(tool_name(t) in EDIT_RUN_TOOLS for t in tools)


def reports_work(text: str) -> bool:
    """A sentence of `text` reports work the agent did, and does not plan it. (One scan of the
    whole text, then the sentence of each report: most answers hold none.)"""
    low = text.lower()
    for m in _WORK_REPORT.finditer(low):
        start = max(low.rfind(c, 0, m.start()) for c in _SENTENCE_ENDS) + 1
        ends = [i for i in (low.find(c, m.end()) for c in _SENTENCE_ENDS) if i >= 0]
        if not _PLAN.search(low, start, min(ends, default=len(low))):
            return True
    return False


def ends_with_question(previous: str) -> bool:
    """The agent's message ends by asking the user something: "no, …" then answers it."""
    lines = [ln for ln in previous[-LOOKED_AT:].splitlines() if ln.strip(_DECORATION)]
    return bool(lines) and lines[-1].rstrip(_DECORATION).endswith(("?", "？"))


def claims_work(previous: str, tools: Sequence[str] = ()) -> bool:
    """The agent's message claims completion (`find_claim`) or reports work it did; or, in a
    turn that recorded no tool call, it hands over code (`hands_over_code`)."""
    tail = previous[-LOOKED_AT:]
    # Cheapest first; the Stop guard's detector (~0.5 ms a kilobyte) reads only the closing lines,
    # where an agent's claim of completion stands.
    if _EDIT_MARK.search(tail.lower()) is not None or _reports_or_claims(tail):
        return True
    if "```" not in previous:
        return False
    if not tools and hands_over_code(previous):
        return True
    # A chat agent often ends with the code it changed or the commands to run: its report is the
    # prose before them ("修改了结算逻辑，请试试看。 ```bash npm run dev```").
    prose = _FENCED.sub("\n", previous)[-LOOKED_AT:]
    return prose != tail and _reports_or_claims(prose)


def hands_over_code(previous: str) -> bool:
    """The message holds a block of code of a few lines, not commands to run nor output.

    A chat agent (Cursor's chat, an aider answer, a pasted ChatGPT reply: turns with no tool
    call on record) does its work by writing the code for the user to apply: its answer is the
    work, as an edit is an agent's. A turn that ran only reading tools quoted the code it read,
    so the caller asks this only of a turn that recorded no tool call."""
    for block in _FENCE_PARTS.finditer(previous):
        info = block.group(1).strip().lower()
        language = info.split()[0].rsplit(".", 1)[-1] if info else ""
        if language in _NOT_CODE_BLOCKS:
            continue
        lines = [line for line in block.group(2).splitlines() if line.strip()]
        if len(lines) < CODE_BLOCK_LINES:
            continue
        if language in _CODE_BLOCKS or 2 * sum(_CODE_LINE.search(line) is not None for line in lines) >= len(lines):
            return True
    return False


def _reports_or_claims(text: str) -> bool:
    return reports_work(text) or find_claim(text[-CLAIM_LOOKED_AT:]) is not None
