"""Chinese corrections said right after the agent's work, in both scripts, beside the look-alikes
that are not corrections (a suggestion, a case to handle, an answer, a task opening). Every
message here is written for the test; each phenomenon is said several ways, not one message's
wording. A look-alike may still be "other" (corrective words, left to the judges), never typed."""
from __future__ import annotations

import pytest

from git_ledger.classify import classify as C
from git_ledger.models import TYPES

R, O, P, IV = "result-error", "omission", "premise-error", "instruction-violation"

FIXED = "我改好了 auth.ts，登录流程现在应该没问题了。"  # claimed its work
FIXED_TW = "已修改 auth.ts，登入流程現在應該沒問題了。"
FIXED_TOOLS = ("Edit(src/auth.ts)",)
ASKED = "要从哪个页面开始？"  # a known turn that claimed nothing: it asked
EXPLAINED = "这个函数负责解析配置，读取顺序是先环境变量再文件。"  # it explained

# (message, type): typed this way right after a claimed fix, in simplified and traditional.
AFTER_CLAIM = [
    # still in the same place or state
    ("按钮还是在左上角", R),
    ("现在弹窗还是在最底下", R),
    ("依然在转圈，数据出不来", R),
    ("進度條仍然在最上面", R),
    # again a problem
    ("我们又遇到了一个问题：保存后列表清空了", R),
    ("又碰到一個新的錯誤", R),
    ("又出现同样的报错", R),
    # still unfixed, asked
    ("还是没修好吗？", R),
    ("還是沒解決嗎？", R),
    ("奇怪，这么简单的逻辑还是没有修复；换个写法不行吗？", R),
    ("怎么还是这样？", R),
    ("為什麼還是老樣子", R),
    # hedged, with the reason
    ("这个排序不对吧，最新的应该排在最上面", R),
    ("金額不對吧，稅沒算進去", R),
    # the failure said, then a request to look into it
    ("位置完全不对。你检查一下是不是 css 的问题", R),
    ("刷新后又没有数据了，可能是缓存的问题吧", R),
    ("图标没有显示出来，帮我排查一下原因", R),
    ("限时活动的倒计时没有显示", R),
    # overlooked, or only part of the job
    ("你忽略了移动端的样式", O),
    ("你好像忽視了時區", O),
    ("你只考虑了登录页，注册页也一样有问题", O),
    ("切换主题时，普通按钮没有变色，你只处理了自定义按钮", O),
    # not as told; told before, asked as a reproach; again
    ("你没按我说的改", IV),
    ("沒有按照我的要求用 pnpm", IV),
    ("不是让你别动配置文件吗", IV),
    ("我不是说过先别提交嘛", IV),
    ("不是叫你只改前端嗎？", IV),
    ("你又把测试删了", IV),
    ("你怎麼又用了 mock", IV),
    ("又把调试日志留着了", IV),
    ("我说过合并前要跑 lint", IV),
    # a fact the agent missed, asked as a reproach
    ("我不是已经装好 node 了吗", P),
    ("不是已經有這個函數了嗎？", P),
    # opening by rejecting what the agent said or assumed
    ("不对，端口在 .env 里", P),
    ("錯了，要改的是 staging", P),
    ("不对啊，那这样不是只能处理一个文件吗？", P),
    ("不对，还是报错", R),  # a still report after the "no" is about the result
    # what was wanted, against what was done
    ("我要的是竖排的列表", P),
    ("我想要的不是彈窗，是側邊欄", P),
    ("你这是答非所问", P),
    ("回答跑題了，我問的是部署", P),
    # not finished; a miss pointed at, asked
    ("你给的只是一个空模板，第三步未完成", O),
    ("导出功能还没做完", O),
    ("不不不，不是没有完成，是完成后不显示", P),  # "not unfinished": the agent's premise rejected
    ("权限那块不需要改吗？", O),
    ("測試沒跑嗎", O),
    ("文档也要更新吧？", O),
    ("调用方一个都没跟着改", O),  # not even one
    ("註解一行都沒寫", O),
    ("配置文件也要改啊", O),
    # changing what nobody asked for
    ("你别乱改了", IV),
    ("你在瞎改什么，配置全变了", IV),
    # broken again
    ("页面又卡住了", R),
    ("又閃退了", R),
    ("启动又崩溃了", R),
    # a bare failure of what the agent made
    ("图片显示不出来", R),
    ("登錄不上", R),
    ("找不到模块", R),
    ("返回的数据是空的", R),
    ("页面一片空白", R),
    ("中文全是乱码", R),
    ("按钮位置偏了", R),
    ("字体太小了，看不清", R),
    ("请求超时", R),
    ("一直在轉圈", R),
    ("点击无效", R),
    ("单测没通过", R),
    ("排序顺序反了", R),
    ("没区别", R),
    ("一点变化都没有", R),
    ("依旧 500", R),
    ("还是有 bug", R),
    ("又是这个错", R),
    ("測試還是掛", R),
    ("颜色还是不够明显", R),
    ("標題沒對齊", R),
    # fine in part, and the rest failed (the denial does not take back the report)
    ("前两个没问题。第三个还是不行", R),
    ("刷新后又没有数据了。接口应该没问题，是前端初始化的问题", R),
    ("畫面跑掉了", R),
    ("圖片破圖", R),
    ("这样不行", R),
    ("比原來還慢", R),
    ("还是有警告", R),
    # gone
    ("按鈕不見了", R),
    ("原来的功能没了", R),
    ("样式丢了", R),
    ("怎么没了？", R),
    ("图标去哪了", R),
    # part of the job; what about the rest
    ("只改了一半", O),
    ("怎麼只處理了一個", O),
    ("少一個欄位", O),
    ("後端呢？", O),
    ("那测试呢", O),
    # not what was asked; not what was wanted
    ("跟我说的不一样", IV),
    ("不符合要求", IV),
    ("不是我要的效果", P),
    ("不對啦，是另一個分支", P),
    # undo it
    ("不好意思，还是报错", R),  # polite, but a report
    ("改回去", IV),
    ("撤回刚才的修改", IV),
    ("恢復原來的樣子", IV),
    ("把你的改动都还原", IV),
    # the product's user named in a report of the result
    ("还是不够美观，既然用户只能选整十度，就用预先画好的图", R),
]


@pytest.mark.parametrize(("text", "type_"), AFTER_CLAIM)
def test_a_correction_right_after_the_agents_work(text: str, type_: str) -> None:
    previous = FIXED_TW if any(c in text for c in "還錯對這嗎為麼樣沒進應時區側邊彈") else FIXED
    c = C.classify(text, previous=previous, previous_tools=FIXED_TOOLS)
    assert (c.type, c.lang) == (type_, "zh"), c


# Right after a claimed fix, and still not corrections.
NOT_AFTER_CLAIM = [
    "还是在服务端做校验吧",  # 还是 = "had better": a suggestion
    "放在 utils 里还是在 lib 里？",  # a choice asked
    "他依然在休假，下周再说",  # someone else
    "服务依然在运行吗？",  # asked
    "如果又遇到问题就回滚",  # a case
    "你可以忽略这个警告",  # an instruction
    "忽略了也没关系",
    "没按照顺序排列的数据要先排序",  # a case to handle
    "没有按照规则命名的文件要重命名",
    "这不是让你更方便吗？",  # causative 让
    "不是已经很好了吗？",  # content
    "不对称的布局看起来更活泼",  # 不对称 is a word
    "不是的话就算了",
    "不对不对，是我说错了，端口是 8080",  # the user fixing their own words
    "我要的是这个效果，很好",  # praise
    "你只需要改前端",  # an instruction
    "还是没有头绪的话，先放一放",  # a case
    "这个方案对吧？",  # a question
    "未完成的任务先放着",  # a case
    "没做完之前不要提交",
    "别乱改配置文件",  # an instruction
    "不要瞎猜，先看日志",
    "一跑就崩溃了的话，先看日志",  # a case
    "要不要也更新一下文档？",  # offered, not missed
    "又加了一个需求，先记下来",  # someone added work
    "一个都没问题",
    "我不清楚这个参数是干什么的",  # the user's own knowledge
    "报错消失了",  # what went away should
    "闪烁没了，很好",
    "就这些，没了",
    "少一点动画，简洁些",  # an instruction
    "你觉得呢？",  # an opinion asked
    "然后呢？",
    "不符合要求的数据要过滤掉",  # a case to handle
    "数据变少了是正常的",
    # not the agent's doing: an old problem, the user's own slip, someone else's service or report
    "这个报错是老问题了，不是你改出来的",
    "是我自己配置错了",
    "抱歉，我给的路径不对",
    "GitHub 又挂了",
    "网络超时了，我再试一次",
    "服务器那边还没部署",
    "产品说按钮颜色不对，改成蓝色",
    "測試同學反饋登入不上，看一下日誌",
    # better, not worse; a case to handle
    "不报错了",
    "当接口返回 500 时要重试",
    "没问题，继续",
    "好像没有问题了，谢谢",
    "确保断网时也不会启动不了",  # a case to guard against
    "超时时间设为 30 秒",
    "密码不能为空",  # a validation rule
    "字段为空时显示占位符",  # a case to handle
    "是空的话就跳过",
    "测试不通过的用例先跳过",
    "A 和 B 两种写法没什么区别，选哪个都行",  # a comment on alternatives
    "先看不了，等我回来再说",
    "太好了，谢谢",
    "要不要改回去？",  # asked
    "如果不行就改回去",  # a case
    "别改回去",
    "改成红色",  # a new change
    "改回来的时候记得跑测试",  # a when clause
    "对不起，刚才那个链接发错了",  # the user's own slip
    # the user putting their own words right, or naming their own setup as the cause
    "我重新说明一下需求：不是按天汇总，是按周汇总",
    "刚才说得不清楚，不是删除，是归档",
    "不好意思，刚刚讲错了，端口是 3000 不是 8080",
    "是我沒講清楚，不是全部頁面，是首頁",
    "更正一下：截止日期是周五，不是周四",
    "我表达得不准确，要的不是弹窗，是侧边栏",
    "應該是我本機環境的問題，我重裝一下",
    "跑起来报错了，不过应该是我没装 redis 的关系",
]


# The agent named as wrong, then the user restating: the agent's slip, not the user's own.
@pytest.mark.parametrize(("text", "type_"), [("你理解错了。我重新描述一下需求：不是每个用户一个表，是每个部门一个表", P),
                                             ("你刚才说错了，不是 8080 是 3000", R), ("不是我没装，是你没写依赖", O),
                                             ("我整理一下你漏掉的地方：登录页和注册页", O), ("修正一下，你漏了注册页", O)])
def test_the_agents_slip_beside_a_restatement_stays_typed(text: str, type_: str) -> None:
    assert C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS).type == type_


@pytest.mark.parametrize("text", NOT_AFTER_CLAIM)
def test_a_look_alike_right_after_the_agents_work_is_not_typed(text: str) -> None:
    c = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert c.type not in TYPES, c


# The after-claim phenomena opening a task, or after a turn that only asked or explained: not typed.
@pytest.mark.parametrize("text", ["按钮还是在左上角", "又遇到一个问题，想请你帮忙看看", "这个排序不对吧，最新的应该排在最上面",
                                  "我要的是竖排的列表", "按钮不见了", "後端呢？", "跟我说的不一样", "页面一片空白", "改回去"])
@pytest.mark.parametrize("previous", [None, ASKED, EXPLAINED])
def test_an_after_claim_phenomenon_without_the_agents_work_is_not_typed(text: str, previous: str | None) -> None:
    assert C.classify(text, previous=previous).type not in TYPES


def test_still_unfixed_is_a_report_not_after_a_turn_that_claimed_nothing() -> None:
    assert C.classify("还是没修好吗？").type == R  # no context: nothing says otherwise
    for previous in (ASKED, EXPLAINED):
        assert C.classify("还是没修好吗？", previous=previous).type not in TYPES


# Opening a task or after an explanation: statements that share a rule's words, not corrections.
@pytest.mark.parametrize("text", ["帮我写一个脚本，检查哪些文件一个都没被引用", "现在只做了一半，剩下的明天做",
                                  "把只处理了一部分的数据标记出来", "少个分号会怎样", "错了就重来，没关系", "答非所问的回答要过滤掉",
                                  "跑题的评论删掉", "还是没有头绪", "你忽略了也没关系，这个不重要", "你只改了一行就修好了，厉害",
                                  "又把需求改了，客户真烦", "没按照格式填写的表单要标红", "我要的是一个能导出 csv 的脚本",
                                  "不是让你为难，只是问问", "不对称加密和对称加密有什么区别", "不是的话就新建一个"])
@pytest.mark.parametrize("previous", [None, EXPLAINED])
def test_a_statement_sharing_a_rules_words_is_not_typed(text: str, previous: str | None) -> None:
    assert C.classify(text, previous=previous).type not in TYPES


def test_a_users_slip_opening_a_task_stays_untyped() -> None:
    for text in ("用户忘了填邮箱，加个提示", "用戶又把配置改壞了", "用户不小心删了草稿，要能恢复"):
        assert C.classify(text).type not in TYPES, text


def test_undo_as_an_answer_to_the_agents_offer_is_not_typed() -> None:
    offered = "已把按钮改成蓝色。要不要改回原来的颜色？"
    assert C.classify("改回去", previous=offered, previous_tools=FIXED_TOOLS).type not in TYPES


def test_what_was_wanted_as_an_answer_to_the_agents_question_is_not_typed() -> None:
    asked = "已加好导出按钮。你想要 csv 还是 xlsx？"
    assert C.classify("我要的是 xlsx", previous=asked, previous_tools=FIXED_TOOLS).type not in TYPES
    assert C.classify("我要的是 xlsx", previous=FIXED, previous_tools=FIXED_TOOLS).type == P


def test_a_re_check_request_does_not_take_back_a_failure_said_in_another_sentence() -> None:
    # The doubt alone stays a re-check; with the failure said outright beside it, the failure types.
    assert C.classify("好像有点慢，你检查一下吧", previous=FIXED).excluded == "recheck"
    assert C.classify("导出的日期完全不对。好像时区没处理，你检查一下吧", previous=FIXED).type == R
    assert C.classify("我只是让你检查，而不是直接改动，继续吧", previous=FIXED).type == IV


# The agent's Chinese turn as the rules read it: a result reported or a check asked for claims its
# work; a plan of its next step does not.
@pytest.mark.parametrize("previous", ["我把 timeout 调大到了 30 秒。", "现在页面会正确显示图标了。", "這樣應該就可以了，請再試一次。",
                                      "请刷新页面查看效果。", "重新编译后应该就能看到效果了。", "已将按钮改为蓝色。"])
def test_a_report_of_the_agents_work_is_a_claim(previous: str) -> None:
    assert C.classify("按钮还是在左上角", previous=previous).type == R


@pytest.mark.parametrize("previous", ["好的，我来修改。", "让我来看看这个文件。", "我会把按钮改成蓝色。", "接下来我将修改 a.ts。",
                                      "这个函数会在启动时读取配置。"])
def test_a_plan_or_an_explanation_is_no_claim(previous: str) -> None:
    assert C.classify("按钮还是在左上角", previous=previous).type not in TYPES


def test_a_paste_introduced_by_a_chinese_line_is_read_as_output() -> None:
    build = "运行 npm run build 之后：\nerror TS2322: Type 'string' is not assignable to type 'number'.\nFound 1 error."
    assert C.classify(build, previous=FIXED, previous_tools=FIXED_TOOLS).type == R  # a failure right after the fix
    assert C.classify(build).excluded == "pasted-output"  # opening a task: a paste, no words of complaint


# A long Chinese message runs its sentence on with "，": right after the agent's work its opening
# clauses may report the result; opening a task, or as a plain long instruction, it stays long.
_LONG_TAIL = ("，我截了图放在 docs 目录下面，你对照一下截图里的布局，顶部导航要和设计稿一致，左侧菜单宽度固定为两百像素，"
              "内容区要自适应，卡片之间留十六像素的间距，按钮统一用主色，悬停的时候加深一点，字体用系统默认字体，"
              "标题加粗，正文十四号字，行高一点五倍，整体风格要简洁，不要用太多颜色，移动端的时候菜单收起来变成抽屉，"
              "表格的表头固定，滚动的时候不要跟着动，分页器放在右下角，每页二十条，搜索框放在表格上方，输入以后自动搜索")


def test_the_opening_clauses_of_a_long_message_report_the_result_after_the_agents_work() -> None:
    text = "按钮还是在左上角" + _LONG_TAIL
    assert len(text) > 200
    got = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert (got.type, got.rule) == (R, "zh.result-error.still-there.opening")
    assert C.classify("页面还是如图一" + _LONG_TAIL, previous=FIXED, previous_tools=FIXED_TOOLS).type == R  # a bare report
    assert C.classify(text).excluded == "long"  # opening a task
    assert C.classify("帮我重新做一下首页的样式" + _LONG_TAIL, previous=FIXED, previous_tools=FIXED_TOOLS).excluded == "long"


@pytest.mark.parametrize(("text", "type_"), [("你没理解我的意思", P), ("沒懂我的意思", P), ("你没看懂需求", P),
                                             ("配置不在 src 目录下，在根目录", P), ("那個函數不在這個檔案裡", P), ("又来了", R)])
def test_misunderstood_or_looked_in_the_wrong_place_after_the_agents_work(text: str, type_: str) -> None:
    assert C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS).type == type_


@pytest.mark.parametrize("text", ["我没理解这段代码", "不在白名单里的请求要拒绝", "他不在公司", "我不在电脑旁边", "不在范围内的值要报错"])
def test_the_users_own_understanding_or_a_case_is_not_typed(text: str) -> None:
    assert C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS).type not in TYPES


# Round 2's phenomena right after the agent's work, each said in words of this test, in both scripts.
AFTER_CLAIM_2 = [
    # the project's way, against what the agent assumed
    ("我们用的是 Vue 3，你这是 Vue 2 的写法", P),
    ("整個專案都是 TypeScript，不要寫 js", P),
    ("我们不用 lodash，原生方法就够了", P),
    ("其他接口都是用 DTO 返回的，这里怎么直接返回实体", P),
    # more than was asked; not asked at all (also in Cantonese)
    ("改太多了，只要动那个函数", IV),
    ("加得太多了，我只想要一个按钮", IV),
    ("我没有要你升级依赖", IV),
    ("我冇叫你刪嗰個檔案", IV),
    # said before, from earlier in the conversation
    ("我前面说了日志要用英文", IV),
    ("一開始就說了不要動資料庫", IV),
    ("我说过要等测试跑完再合并", IV),
    # what the agent left out: the rest, a piece not wired in, a list item, a step not mentioned
    ("还有三个文件没替换成新的 import", O),
    ("另外几个接口没同步修改", O),
    ("没把新路由注册进去", O),
    ("你沒把 middleware 掛上去", O),
    ("你没考虑到空列表", O),
    ("你 service 里根本没写这个逻辑", O),
    ("測試你跑過嗎？", O),
    ("只改了后端，前端还是旧的字段名", O),
    ("迁移完字段少了，备注列不见了", O),
    # its result: never runs, a fault in itself, a bad outcome, still off, some left as they were
    ("这个回调根本不会被调用", R),
    ("你把判断条件写反了", R),
    ("你寫死了 timeout", R),
    ("你写的这个正则会把带空格的也当成合法", R),
    ("你加的缓存会导致数据不一致", R),
    ("还是差两秒，还是慢 3 秒", R),
    ("依然少 1 条记录", R),
    ("还是有好几个旧进程没清掉", R),
    ("還是一堆舊的 log 沒刪", R),
    ("lint 还是过不了", R),
    ("单元测试通不过", R),
    ("颜色没有变色", R),
    ("选中的行没有高亮", R),
    ("轉出來的表格沒有上色", R),
    # the agent's diagnosis rejected; a reproach asked as a doubt
    ("不是这个接口的问题，是前端调用的时候参数拼错了", P),
    ("你是不是搞错了，配置在 .env.production 里，不在 .env", P),
    ("金额算的不对吧，你是不是把分当成元了", R),
]


@pytest.mark.parametrize(("text", "type_"), AFTER_CLAIM_2)
def test_round_two_corrections_right_after_the_agents_work(text: str, type_: str) -> None:
    c = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert (c.type, c.lang) == (type_, "zh"), c


# Round 2's look-alikes right after the agent's work: an instruction, a case, new work, a good outcome.
NOT_AFTER_CLAIM_2 = [
    "别改太多了，只修那一行",  # an instruction
    "改多了的话就回滚",  # a case
    "我们用的是 MySQL 8，帮我写个建表语句",  # context for new work
    "我们用的是哪个版本？",  # asked
    "你改成蓝色了，接下来把边框也调一下",  # neutral: a change acknowledged
    "你加的索引会让查询快很多",  # a good outcome
    "如果你写死了配置的话会不会有问题",  # a case
    "还有两个地方没改，我自己来",  # the user's own part
    "没把配置加进去的话会报错",  # a case
    "这段代码根本不会执行，删掉吧",  # opening a clean-up
    "过不了多久就会超时",  # time, not a failing check
    "这个回调根本不会被调用，所以不用管",
    "帮我把这段 Python 改成 Go\n\n```python\ntry:\n    load()\nexcept IOError:\n    print('加载失败')\n```",  # new work on a paste
    "用户反馈说导出一直失败，我贴一下日志，你看看\n\n```\nERROR export failed: timeout\n```",  # a report passed on
    "切片的时候加 100 字的重叠",  # an instruction, not a layout fault
    "你是不是把这个文件当成配置了？",  # only asked: a doubt
]


@pytest.mark.parametrize("text", NOT_AFTER_CLAIM_2)
def test_round_two_look_alikes_right_after_the_agents_work_are_not_typed(text: str) -> None:
    c = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert c.type not in TYPES, c


@pytest.mark.parametrize("text", ["我们不用 lodash，原生方法就够了", "改太多了，只要动那个函数", "还有三个文件没替换成新的 import",
                                  "你写死了 timeout", "这个回调根本不会被调用"])
@pytest.mark.parametrize("previous", [None, ASKED, EXPLAINED])
def test_round_two_after_claim_forms_without_the_agents_work_are_not_typed(text: str, previous: str | None) -> None:
    assert C.classify(text, previous=previous).type not in TYPES


def test_words_put_right_without_a_subject_are_the_agents_unless_said_of_ones_own_speech() -> None:
    # "上面写的有误" after the agent's answer points at the agent's text; "刚才说得不清楚" at one's own.
    assert C.classify("上面写的有误，第三步应该先迁移数据", previous=FIXED, previous_tools=FIXED_TOOLS).excluded != "self-blame"
    assert C.classify("刚才说得不清楚，第三步应该先迁移数据", previous=FIXED, previous_tools=FIXED_TOOLS).excluded == "self-blame"
    assert C.classify("我刚才讲错了，第三步应该先迁移数据", previous=FIXED, previous_tools=FIXED_TOOLS).excluded == "self-blame"


# Round 3 (real traffic): a failure reported right after the agent's work in the user's everyday words,
# asked or said, beside the same words opening a task, a feature asking for errors, a case, one's own slip.
AFTER_CLAIM_3 = [
    # still, with a counter word, a status code before a particle, or still short of what was asked
    ("还是有一个错误", R),
    ("依然有幾個報錯", R),
    ("还是404呢，到底哪出错了，再好好查查", R),
    ("還是 500 啊，你再看看", R),
    ("还是404呢", R),
    ("界面还是太丑了，再简洁一点", R),
    ("字体还是有点小", R),
    # a fresh failure of what it just did, asked about
    ("为什么部署之后打开每个页面都是 404 呢", R),
    ("訪問首頁出現 500 是為什麼呢", R),
    ("咋没法登录呀", R),
    ("怎么点保存就报错了？", R),
    ("為什麼登不上去", R),
    # its work named as faulty
    ("这个脚本有错误，先别跑了", R),
    ("这个函数有个 bug，空列表会越界", R),
    ("導出的檔案有錯誤", R),
    # the result judged bad outright, then doubted
    ("怎么效果这么差呀，你确定这是最终的结果吗", R),
    ("咋这么慢，比之前还卡", R),
    # something in it is wrong, said for sure
    ("分批反而更慢，一定是哪里有问题", R),
    ("肯定哪裡寫錯了", R),
    # why a part was left undone
    ("為何 routes.json 都沒有更新?", O),
    ("为什么测试没跑", O),
    ("怎么 README 也没改？", O),
    # it went ahead before agreeing, or did all where a part was asked
    ("你别急着写代码，你要先跟我确定方案", IV),
    ("應該先跟我討論再動手", IV),
    ("不要全部提交，只提交你改过的文件", IV),
    ("别全都删了，留着旧的配置", IV),
    # a miss pointed at, asked, then the user's reaction
    ("订单那块不需要改吗 ，有点懵", O),
    ("權限表不用更新嗎？我看還是舊的", O),
    # undoing its change helped: the change was the cause
    ("你改完之后页面白屏了，我把你的改动撤掉就好了", R),
    # what it gave was not right
    ("给出正确的代码，把重复的行删掉", R),
    ("寫出正確的 SQL", R),
    # what it added, refused
    ("我不需要这段致谢，请你调整", IV),
    ("我不想要弹窗，直接跳转就行", IV),
    # more than was asked
    ("没必要封装这么多，简单点", IV),
    ("不用写得这么复杂", IV),
    ("不需要搞那么麻烦，一个函数就行", IV),
]


@pytest.mark.parametrize(("text", "type_"), AFTER_CLAIM_3)
def test_round_three_failures_right_after_the_agents_work(text: str, type_: str) -> None:
    c = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert (c.type, c.lang) == (type_, "zh"), c


NOT_AFTER_CLAIM_3 = [
    "加上错误处理，有错误就提示用户",  # a feature asking for errors
    "上传失败的时候显示一个错误提示",  # a case to handle
    "如果还是 404 的话就回滚",  # a hypothetical
    "有没有错误？",  # a check
    "我的脚本有错误，帮我看看",  # the user's own
    "为什么之前会报错？",  # the old bug explained
    "为什么不需要更新文档？",  # the reason of a plan asked
    "如果失败了为什么不重试",  # a case
    "GitHub 怎么这么慢",  # someone else's service
    "有个错误处理的函数可以复用",  # error handling
    "这个第三方库有个 bug，你绕过一下",  # someone else's code
    "为什么要用 500 作为阈值",  # a number, not a status
    "还是500条数据",  # a count
    "给我正确的版本号",  # a fact asked for
    "你的方案不好说，先试试",  # hard to say
    "还是有点慢，不过能接受",  # accepted
    "以后改之前要先跟我确认",  # a standing instruction for later
    "你看看是不是哪里有问题",  # a doubt
    "如果一定是哪里有问题的话，先加日志",  # a case
    "之前有同事这么写，手机上直接报错了，你写的时候注意一下",  # someone else, before
    "不用担心这么多，先上线",  # reassurance (not the agent's work)
    "我不需要别的了，谢谢",  # done
    "我不需要你解释，先看日志",  # no refusal of its work (left to the judges)
    "如果我不需要导出，能删掉这个模块吗",  # a case, asked
    "给出正确的代码吗？",  # asked
    "需要先跟我确认吗？",  # asked
    "你改完之后就好了，谢谢",  # fixed
    "如果不确定的话不要先提交",  # a case
]


@pytest.mark.parametrize("text", NOT_AFTER_CLAIM_3)
def test_round_three_look_alikes_right_after_the_agents_work_are_not_typed(text: str) -> None:
    c = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert c.type not in TYPES, c


@pytest.mark.parametrize("text", ["为什么打开每个页面都返回 404", "咋没法登录呀", "这个函数有个 bug", "为什么测试没跑",
                                  "没必要封装这么多", "怎么这么卡", "先别提交，等我看完", "不要全部提交"])
@pytest.mark.parametrize("previous", [None, ASKED, EXPLAINED])
def test_round_three_after_claim_forms_without_the_agents_work_are_not_typed(text: str, previous: str | None) -> None:
    # opening a task or after a turn that only asked or explained: a question about an error it did not cause
    assert C.classify(text, previous=previous).type not in TYPES


@pytest.mark.parametrize("text", ["我不同意你的方案，先把代码重置", "我并不认同你的做法", "你的方案不好，外部输入一定是字符串",
                                  "你的寫法有問題，型別會被限制死"])
def test_the_agents_plan_rejected_is_a_premise_error(text: str) -> None:
    assert C.classify(text).type == P


@pytest.mark.parametrize("text", ["你的方案有问题吗？", "如果你的方案不好，我们再讨论", "我不同意他的看法，你怎么看"])
def test_a_doubt_about_the_plan_or_someone_elses_view_is_not_typed(text: str) -> None:
    assert C.classify(text).type not in TYPES


@pytest.mark.parametrize("text", ["哦不对，是我组件里用的还是旧的 formatTime，没换成新的", "不對，原來是我自己的設定檔沒更新"])
def test_the_cause_found_on_ones_own_side_is_not_typed(text: str) -> None:
    c = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert c.excluded == "self-blame", c


@pytest.mark.parametrize(("text", "type_"), [("不对，是我们的 v2 分支", P), ("不對，是我說的 staging 環境", P)])
def test_no_then_what_the_user_said_or_owns_stays_typed(text: str, type_: str) -> None:
    assert C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS).type == type_


def test_why_it_fails_as_an_answer_to_the_agents_offer_is_not_typed() -> None:
    offered = "我已经改好了 a.ts。要我解释一下为什么之前的版本会报错吗？"
    assert C.classify("为什么会报错？", previous=offered, previous_tools=FIXED_TOOLS).type not in TYPES
    assert C.classify("为什么会报错？", previous=FIXED, previous_tools=FIXED_TOOLS).type == R


# Round four: phenomena the other packs cover, said in ordinary Chinese (plain and polite, with and without a
# subject, both scripts), right after a claimed fix.
AFTER_CLAIM_4 = [
    # what happened when the user did something (an observation, not a case to handle)
    ("我点击保存的时候没有任何反应", R),
    ("我點擊儲存的時候沒有任何反應", R),
    ("每次刷新的时候列表又是空的", R),
    ("我一点保存就报错", R),
    ("我刷新页面时，列表是空的", R),
    ("我上传文件的时候报了 500", R),
    # a failure after following the agent's instructions
    ("按你说的运行了，结果报权限错误", R),
    ("我用了你给的命令，提示 permission denied", R),
    ("照著你的指令跑了一遍，結果報錯了", R),
    ("按您说的方法做了，还是不行", R),
    # the opposite of what was asked
    ("正好相反，应该是升序", IV),
    ("跟我说的完全相反", IV),
    ("你做的和我要的恰恰相反", IV),
    # it worked before the change, or was better
    ("刚才还能用的", R),
    ("原來是可以正常顯示的", R),
    ("改之前明明是好的", R),
    ("还不如原来的", R),
    ("之前的版本更好", R),
    # what it took away
    ("你把我的测试删了", IV),
    ("你刪掉了我寫的註解", IV),
    ("为什么删了测试？", IV),
    ("怎么把注释都删了", IV),
    # told to stop what it did
    ("别再加注释了", IV),
    ("不要再改測試了", IV),
    ("你别再用 var 了", IV),
    # it acted on a question
    ("我只是问一下而已", IV),
    ("我只是想知道原因，你怎么直接改代码了", IV),
    # so on purpose; a stale premise; not the cause; where it got that
    ("那里是故意这样写的", P),
    ("這是故意的，不要改", P),
    ("我是有意这么设计的", P),
    ("这个 API 已经废弃了", P),
    ("那是旧版的写法，现在不用了", P),
    ("這個方法已經被棄用了", P),
    ("不是缓存的问题", P),
    ("問題不在前端，在後端", P),
    ("你从哪看到的这个参数？", P),
    # the claim against the result
    ("你說測試都通過了，結果有三個失敗", R),
    ("你说修好了，但还是报错", R),
    # what it added and should not have
    ("多了一个没用的按钮", R),
    ("怎么多了个空行", R),
    ("这里多出来一个逗号", R),
    ("不应该有这个横幅", R),
    # a fix claimed without checking
    ("先测一下再说修好了", IV),
    ("別說修好了", IV),
]


@pytest.mark.parametrize(("text", "type_"), AFTER_CLAIM_4)
def test_round_four_phenomena_right_after_the_agents_work(text: str, type_: str) -> None:
    c = C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS)
    assert (c.type, c.lang) == (type_, "zh"), c


# The same words, and not corrections in any context: a case or a spec, a request, the user's own progress, a
# question, a thing described, an apology, an answer.
NOT_ANY_4 = [
    "如果请求失败，就显示错误提示",
    "当请求失败时，显示一个错误横幅",
    "用户点击保存的时候没有反应的话，要弹出提示",
    "点击保存时要校验表单，失败就报错",
    "每次保存的时候都要校验格式",
    "我点保存的时候要先校验一下",
    "我打开页面的时候，需要显示加载动画",
    "上传失败时应该提示用户重试",
    "按你说的改吧",
    "按照你说的，把错误码改成404",
    "你从哪看到的这个配置，我想了解一下",
    "按你说的运行了，成功了，谢谢",
    "如果按你说的运行失败了，我该怎么办？",
    "根据你的建议，我们加了错误处理",
    "按照你的步骤，先帮我写个部署脚本",
    "把排序改成相反的顺序",
    "这两个开关的作用正好相反，注意一下",
    "之前还好好的那台服务器今天要下线了",
    "原来的版本是可以用的吗？",
    "提交之前可以先跑一下测试",
    "你把没用的测试删了吧",
    "你删了吗？",
    "删掉没用的注释",
    "不要再加新功能了，先把文档写完",
    "以后不要再用 var 了",
    "我只是想问一下，这个函数是做什么的？",
    "我就是想问问，你觉得哪个方案好？",
    "这不是故意的",
    "故意写错的测试用例可以删掉",
    "把已经废弃的接口删掉",
    "废弃的 API 有哪些？",
    "不是什么大问题",
    "问题不在这里的话，那在哪？",
    "你从哪里学到这些的？好厉害",
    "你说的方法很好，我试试",
    "多了一个需求：加一个导出按钮",
    "不应该有人能看到这个页面，加个权限检查",
    "这不是我要的颜色吗？太好了",
    "我已经试过新版本了，很好用",
    "先测试一下再提交",
]

# Day seven's look-alikes of the forms at the end of this file, tested as round four's are.
DAY_SEVEN_LOOK_ALIKES = [
    "效果不好的样本先删掉",
    "如果效果不好就换个模型",
    "效果怎么样？",
    "效果很不错",
    "我这边的部分还没实现，你先做后端",
    "当前没有实现也没关系，先跳过",
    "没有实现的接口先放着",
    "不需要，我自己手动装依赖",
    "不用了，我自己来改",
    "不需要加测试吗？",
]


@pytest.mark.parametrize("text", NOT_ANY_4 + DAY_SEVEN_LOOK_ALIKES)
@pytest.mark.parametrize("previous", [None, FIXED, ASKED])
def test_round_four_look_alikes_are_not_typed(text: str, previous: str | None) -> None:
    tools = FIXED_TOOLS if previous == FIXED else ()
    assert C.classify(text, previous=previous, previous_tools=tools).type not in TYPES


# Said right after a turn that only asked, or opening a task: the same reports are no correction (the agent did
# nothing to correct), except where the words name the agent's instructions or deed themselves.
@pytest.mark.parametrize("text", ["每次刷新的时候列表又是空的", "我一点保存就报错", "刚才还能用的", "还不如原来的", "你把我的测试删了",
                                  "别再加注释了", "这个 API 已经废弃了", "不是缓存的问题", "多了一个没用的按钮",
                                  "正好相反，应该是升序", "先测一下再说修好了", "我只是问一下而已", "那里是故意这样写的"])
@pytest.mark.parametrize("previous", [None, ASKED, EXPLAINED])
def test_round_four_after_claim_forms_without_the_agents_work_are_not_typed(text: str, previous: str | None) -> None:
    assert C.classify(text, previous=previous).type not in TYPES


@pytest.mark.parametrize("text", ["按你说的运行了，结果报权限错误", "照著你的指令跑了一遍，結果報錯了", "你做的和我要的恰恰相反"])
@pytest.mark.parametrize("previous", [None, ASKED])
def test_following_the_agents_instructions_then_a_failure_is_typed_without_a_claim(text: str, previous: str | None) -> None:
    assert C.classify(text, previous=previous).type in TYPES


# Day seven: forms a fresh sample of other people's sessions showed right after the work (their look-alikes are with round four's).
DAY_SEVEN_AFTER_CLAIM = [
    ("生成的图片效果非常差，全是噪点", R),
    ("效果不太理想，边缘还是糊的", R),
    ("效果也不明顯，幾乎看不出來", R),
    ("导出按钮的功能并没有实现", O),
    ("分頁根本沒有實現。", O),
    ("改之前是可以的", R),
]


@pytest.mark.parametrize(("text", "type_"), DAY_SEVEN_AFTER_CLAIM)
def test_day_seven_forms_after_the_agents_work(text: str, type_: str) -> None:
    assert C.classify(text, previous=FIXED, previous_tools=FIXED_TOOLS).type == type_
    assert C.classify(text, previous=ASKED).type not in TYPES
