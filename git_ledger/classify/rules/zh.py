"""Chinese rules, traditional and simplified side by side (說/说, 錯/错, 沒/没 …).

Chinese drops subjects, so the stems carry the meaning (漏掉, 忘了, 不是說過, 搞錯, 還是不行);
the look-behinds keep the common non-corrections out: 別忘了 (a new instruction), 減少了
(decreased), 錯過 (missed a meeting), 不錯 (not bad), 加上缺少… (a task about missing data).
"""
from __future__ import annotations

from git_ledger.classify.rules import (
    AGREEMENT,
    HYPOTHETICAL,
    LABELLED_REPORT,
    NEGATED,
    NEW_TASK,
    RECHECK,
    SELF_BLAME,
    THIRD_PARTY,
    Pack,
    Rule,
    not_others,
    reports,
    rule,
    rx,
)

O, IV, P, R = "omission", "instruction-violation", "premise-error", "result-error"
# Someone else forgot or broke it: a new task for the agent, not a correction of it.
_OTHERS = (r"同事|前任|之前的人|別人|别人|其他人|客戶(?!端)|客户(?!端)|老闆|老板|隊友|队友|同學|同学"
           r"|(?<!其)他|她")
# The product's users as the ones who slipped (`not_others`): "用户忘了填邮箱", "用户又把配置改坏了"
# (not "既然用户只能输入整十度，…": a user named in a report of the agent's result).
_USERS = (r"(?:使用者(?![名端])|用戶(?![名端表])|用户(?![名端表]))[^，,。！!？?]{0,8}?"
          r"(?:忘|漏|錯|错|沒|没|不小心|誤|误|弄|搞|把|亂|乱|重複|重复)")

_SAY = r"(?:說|说|講|讲|告訴|告诉|交代|提醒)"
_LET = r"(?:叫|讓|让)"
_DO = (r"(?:加|寫|写|改|更新|處理|处理|包含|測試|测试|測|测|跑|提交|推|刪|删|匯出|导出|補|补"
       r"|考慮|考虑|執行|执行|修改|同步|註冊|注册)")
_TARGET = (r"(?:檔案|文件|分支|目錄|目录|倉庫|仓库|資料夾|文件夹|路徑|路径|函數|函数|版本|環境|环境|表"
           r"|資料庫|数据库|伺服器|服务器|專案|项目|套件|包|欄位|字段|方法|介面|接口|地方)")
_ERR = r"(?:錯|错|誤|误|漏|忘|失敗|失败|壞|坏|缺|問題|问题|不對|不对|不行|不存在|沒有|没有|遺漏|遗漏)"
# The agent named as the one who got it wrong, or "still"/"again" after its attempt: keeps a
# message typed although a third party or a plan appears in it.
_AGENT = (r"你(?:把|漏|忘|又|還|还|改|刪|删|弄|搞|寫|写|沒|没|加|用|根本|怎)|被你|你的(?:修改|改動|改动|提交"
          r"|程式|代碼|代码|變更|变更)|還是|还是|(?<![一])又|仍然|依然|依舊|依旧|仍舊|仍旧|改完")
# "你改完之後", "你的修改", "這樣改完": the agent's change named as the cause.
_YOUR_CHANGE = (r"你改(?:的|完|了之後|了之后|過|过)|你的(?:修改|改動|改动|提交|程式碼|代碼|代码|變更|变更)|被你改"
                r"|你(?:修改|改動|改动|調整|调整|更新)(?:了|過|过)"
                r"|(?:這樣|这样|這麼|这么)改(?:完|了)?|改完(?:之後|之后|以後|以后)?")

_STILL = r"(?:還是|还是|依舊|依旧|依然|仍然|仍舊|仍旧)"

# The attempt did not work, said outright (a request to look into it does not take that back).
_STILL_FAILED = (_STILL + r"\s?(?:沒|没|無法|无法|不(?:會|会|能|行|見|见|顯示|显示|生效|正常)|存在)"
                 r"|(?:沒|没|不)(?:有)?(?:生效|起作用)|(?:沒|没)(?:有)?(?:任何)?(?:效果|反應|反应)"
                 # "现在列表没有刷新，看看是不是缓存的问题", "颜色好像不对": the failure, then a guess at its cause
                 r"|(?:現在|现在)[^，,。；;！!？?\n]{0,20}?(?:無法|无法|不會|不会|沒有|没有|沒|没|不能)"
                 r"|(?:好像|似乎)(?:不對|不对|錯了|错了|沒有|没有|沒|没|不會|不会|無法|无法)"
                 # "又没有图标了…应该是数据的问题吧", "位置完全不对，请你检查一下", "图标没有显示出来，检查一下"
                 r"|(?<![一有])又(?:沒|没|不(?:能|行|見|见|會|会|顯示|显示))|完全(?:不對|不对|錯|错)|你[^，,。！!？?你]{0,6}?(?:忽略|忽視|忽视)了"
                 r"|(?<![有是否])(?:沒|没)(?:有)?(?:正確|正确|正常|成功)?(?:顯示|显示)(?:出來|出来)"
                 # "我只是让你检查，而不是直接改动，继续吧": what was asked, against what was done
                 r"|(?:只|就)(?:是)?(?:叫|讓|让)你[^。！!？?]{0,20}?(?:而不是|(?:沒|没)(?:叫|讓|让)你)")

TYPES: tuple[Rule, ...] = (
    rule(O, "leak", r"漏(?:掉|了|寫|写|改|加|看|測|测|跑|處理|处理|傳|传|更新)|看漏"
         r"|(?<![沒没無无防免])(?<!沒有)(?<!没有)(?:遺漏|遗漏)(?!值)"),  # not 确保没有遗漏 (make sure none is missed)
    rule(O, "forgot", r"(?<![別别要沒没不])忘(?:了|記|记|掉|加|寫|写|改|跑|更新)(?!密碼|密码)"),
    rule(O, "lacking", r"(?<![加理查上對对針针的有])缺(?:少|了)(?!的)|(?<![減减多至缺])少了(?:一|個|个|幾|几|\d)"),
    rule(O, "not-done", r"(?:你|還|还|又)(?:是|都|也)?(?:沒|没)(?:有)?(?:" + _DO + r"|用(?![户戶])|看|檢查|检查|部署|安裝|安装|重啟|重启"
         r"|編譯|编译|保存|上傳|上传)",
         # "你没有部署权限": a permission the agent lacks, not work it left out
         unless=r"權限|权限|資格|资格|必要|辦法|办法"),
    # "你改了 handler，但是没在 router.go 里注册路由"
    rule(O, "but-not", r"但(?:是)?(?:你)?(?:沒|没)(?:有)?(?:在[^，,。！!？?]{1,20}?|把[^，,。！!？?]{1,20}?|一起)?" + _DO,
         also=r"你"),
    # "你只改了前端": part of the job done, the rest not.
    rule(O, "only-part", r"你(?:就|只|才)(?:改|動|动|修|加|做|處理|处理|寫|写|更新|跑|測|测|注意到|注意|考慮到|考虑到|考慮|考虑"
         r"|顧及|顾及|關注|关注|看)了"),
    # "你忽略了普通按钮", "你好像忽视了时区": overlooked (not "你可以忽略这个警告": an instruction).
    rule(O, "overlooked", r"你[^，,。！!？?你]{0,6}?(?:忽略|忽視|忽视)了"),
    rule(O, "not-in-your-work", r"(?:你的)?(?:提交|改動|改动|commit|pr)(?:裡|里|中|內|内)(?:面)?(?:並|并)?"
         r"(?:沒有|没有|少了|缺了|漏了)"),
    rule(IV, "said-before", _SAY + r"(?:過|过)?(?:了)?(?:你)?[，,]?\s?(?:不要|別|别|不准|不能|不用|只|用(?![户戶])|要先)"
         r"|跟你" + _SAY + r"(?:過|过|了)|(?:明明|早就|已經|已经|之前)(?:就)?" + _SAY + r"(?:過|过|了)"
         # "讲了多少次了", "说了三遍": said again and again.
         r"|" + _SAY + r"(?:了|過|过)(?:多少|幾|几|好幾|好几|兩|两|三|\d+)(?:次|遍)"
         # "我说过注释要用英文", "我说了测试里不许 mock"
         r"|我" + _SAY + r"(?:過|过|了)[^，,。？?]{0,12}?(?:不要|別|别|不許|不许|不准|不能|要用|要先|只能|只改|必須|必须"
         r"|每次|都要)"),
    rule(IV, "told-you", r"(?:我|不是|都|已經|已经|明明)(?:已經|已经|明明|都)?" + _LET + r"你"
         r"|(?:沒|没)(?:有)?" + _LET + r"你|(?:誰|谁)" + _LET + r"你",
         # "这不是让你更方便吗": the causative 让, no instruction
         unless=_LET + r"你(?:很|更|比較|比较|覺得|觉得|方便|為難|为难|放心|失望|滿意|满意|久等|費心|费心|擔心|担心)"),
    # "叫你别 force push 的", "让你只看不改，你怎么直接改了"
    rule(IV, "told-you-not", _LET + r"你(?:别|別|不要|只|不准|不許|不许|不用)",
         also=r"的[。!！]*$|你(?:怎麼|怎么|還|还|又|卻|却|偏|直接|竟然)|結果|结果"),
    # "說好用 tab 縮排，你全改成空格了": an agreement, and what the agent did instead.
    rule(IV, "agreed", r"(?:說好|说好|約好|约好|講好|讲好|商量好)", also=r"你"),
    # "我明确说了这个 PR 不升级任何依赖", "我只让你改 staging 的"
    rule(IV, "said-clearly", r"我(?:明確|明确|明明|已經|已经|早就|特別|特别|專門|专门)(?:有)?" + _SAY),
    # "我只是让你看一下，而不是动手改", "只让你看看，没让你改"
    rule(IV, "only-let", r"(?:只|就)(?:是)?" + _LET + r"你",
         also=r"(?:怎麼|怎么|為什麼|为什么|結果|结果|卻|却|偏偏|竟然|而不是|(?:沒|没)" + _LET + r"你)"),
    # Right after the agent's work: "不需要 catch 异常", "不用部署其他的": more than was asked (not an
    # answer to the agent's own question, "要加测试吗？" "不用").
    rule(IV, "not-needed-after-claim", r"^(?:不需要|不用|沒必要|没必要)[^，,。！!？?]{1,20}[。!！]*$",
         after_claim=True, not_an_answer=True),
    # "你怎么把测试删了", "为什么把配置改了？": the agent did something it was not asked to.
    rule(IV, "why-did-you", r"你(?:怎麼|怎么|為什麼|为什么|咋)(?:又|還|还|直接|就)?(?:把|給|给)[^，,。！!？?]{1,15}?(?:刪|删|改|動|动|換|换"
         r"|推|覆蓋|覆盖|重寫|重写)(?:了|掉)"),
    # "你没按我说的改", "没有按照要求": not what was asked (someone else's slip is a task).
    # (the speaker named: "没按照规则命名的文件要改名" is a case to handle)
    rule(IV, "not-as-told", r"(?:沒|没)(?:有)?(?:按|按照|照|依照|遵照|遵守|遵循)(?:我|我們|我们)(?:的|說|说|講|讲|要求|指示)?",
         unless=r"他|她|同事|別人|别人|用戶|用户|使用者|如果|要是|萬一|万一|的話|的话"),
    # "不是让你别动配置吗", "我不是说过先别提交嘛": what was asked, as a reproach (a question in form).
    # (not the causative "这不是让你更方便吗": what was asked is an act, 别/只/用 …)
    rule(IV, "wasnt-i-clear", r"(?:不是(?:讓|让|叫)你(?:先|只|別|别|不要|不用|用|改|加|刪|删|看|查|檢查|检查|寫|写|跑|測|测|提交|推|保留|留|動|动)"
         r"|我不是(?:說|说|講|讲|交代|告訴你|告诉你|提醒)|不是跟你(?:說|说|講|讲))[^。！!？?\n嗎吗嘛]{0,30}(?:嗎|吗|嘛)"),
    # "你又把测试删了", "你怎么又用了 mock": did it again.
    rule(IV, "again-you", r"你(?:怎麼|怎么|咋)?又(?:把|給|给|在)?[^，,。！!？?又]{0,12}?(?:刪|删|改|動|动|換|换|用|推|覆蓋|覆盖"
         r"|重寫|重写|提交|回退)(?:了|掉)"),
    # "你别乱改了", "你在瞎改什么": changing what nobody asked for (after the agent's work; "别乱改配置" opening
    # a task is an instruction).
    rule(IV, "messing-about", r"(?:瞎|亂|乱)(?:改|動|动|搞|弄|加|刪|删|寫|写|猜)", also=r"你|了[。!！…\s]*$",
         unless=r"(?:別|别|不要|不准|不許|不许|千萬|千万)(?:再)?(?:瞎|亂|乱)[^了]{0,12}$", after_claim=True),
    rule(IV, "on-your-own", r"擅自|自作主張|自作主张|(?:不是|沒)(?:說好|说好)|不是说好"
         r"|(?:違反|违反|無視|无视|不聽|不听)(?:了)?(?:我的)?(?:指示|要求|規則|规则|我說|我说)"),
    rule(P, "not-this", r"不是(?:這|这|那)(?:樣|样|個|个|裡|里|邊|边|種|种|張|张|支|份|意思)"),
    # "不是 X，而是/应该是 Y"; "不不不，…" opens by rejecting what the agent took for granted.
    rule(P, "not-x-but-y", r"不是[^不，,。！!？?\n]{1,15}[，,]\s?(?:而|應該|应该)?是|^不不"
         r"|是\s?[^是，,。！!？?]{1,20}[，,]\s?(?:而)?不是|在[^在，,。！!？?]{1,20}[，,]\s?(?:而)?不在"
         # "端口是 8080 不是 3000" without the comma; not 還是/但是/就是 … (other words ending in 是).
         r"|(?<![還还但就可不要於于总總老只或凡正真而都也像])是\s?[^是，,。！!？?\s]{1,20}\s?不是"),
    # "我说的是 v2 分支", "这不是我要的": what was meant, against what was done.
    rule(P, "what-i-meant", r"我(?:說|说|講|讲|指|問|问)的是|(?:這|这|那)(?:個|个)?(?:並|并)?不是我(?:要|想要|說|说|要求|問|问)的"
         r"|(?:理解|想|搞|弄)反了"),
    # Right after the agent's work, "我要的是竖排", "我想要的不是弹窗": what was wanted, against what was
    # done (not an answer to the agent's "which one do you want?").
    rule(P, "wanted-after-claim", r"我(?:要|想要|需要|要求)的(?:是|不是|其實是|其实是|明明是)", after_claim=True, not_an_answer=True,
         unless=r"很好|完美|不錯|不错|(?:對|对)了|就是|正是|謝謝|谢谢|太好"),
    # "我不是已经装好了吗", "不是已经有这个函数了吗": a fact the agent missed, asked as a reproach.
    # (not "不是已经很好了吗": content, not a fact against the agent)
    rule(P, "already-asked", r"不是(?:已經|已经|早就|早已)(?!很|挺|夠|够|蠻|蛮|不錯|不错|可以)[^。！!？?\n嗎吗嘛]{1,30}?了(?:嗎|吗|嘛)",
         asked=True),
    # "不对啊，那这样岂不是…", "不对，端口在配置里": opening by rejecting what the agent said (a still/again
    # report after it is a result-error, typed below).
    rule(P, "opening-no", r"^(?:不對|不对|錯了|错了|不是的|不是這樣|不是这样)(?:啊|呀|吧|哦|喔|哈|的)?(?:[，,。.!！\s]|$)",
         unless=_STILL + r"|(?<![一])又|(?:現在|现在)", asked=True),
    # "答非所问", "牛头不对马嘴": the answer missed the question.
    rule(P, "off-topic", r"答非所問|答非所问|文不對題|文不对题|牛頭不對馬嘴|牛头不对马嘴|驢唇不對馬嘴|驴唇不对马嘴|跑題|跑题|偏題|偏题"),
    # "你以为 amount 是元，其实库里存的是分"
    rule(P, "you-thought", r"你(?:以為|以为|當成|当成|當作|当作)", also=r"其實|其实|實際|实际|但|可是|不是"),
    rule(P, "not-x", r"^(?:不是\s?[\w.+#/-]{1,20}[，,]\s?(?:我|是|在|用|要)|(?:不對|不对|錯了|错了)[，,].{0,30}[，,]\s?不是)"),
    rule(P, "misread", r"(?:理解|看|聽|听|想|搞|記|记)(?:錯|错)|誤會|误会|誤解|误解|曲解"),
    rule(P, "no-such", r"(?:根本|並|并|其實|其实)不存在|不存在(?:啊|啦|喔|哦|的)?[。.!！]*$"
         r"|(?:根本)?(?:沒有|没有)(?:這|这|那)(?:個|个|種|种)(?:[^，,。！!？?]{0,16}?的)?(?:函數|函数|方法|參數|参数|選項|选项"
         r"|檔案|文件|指令|命令|api|欄位|字段|東西|东西|功能|設定|设置|變數|变量|表|按鈕|按钮|菜單|菜单)"
         r"|編造|编造|瞎編|瞎编|捏造|杜撰|亂編|乱编"),
    rule(P, "wrong-target", r"(?:錯|错)(?:的)?" + _TARGET),
    rule(R, "wrong", r"(?<![不沒没報报])(?:錯|错)了|(?:還是|还是|又|都|全)(?:是)?(?:錯|错)的|(?<=[^\s，,。！!？?對对])不(?:對|对)(?![吧嗎吗勁劲])"
         r"|出(?:錯|错)了"),
    # "在 Windows 上壞了" describes a bug; "又壞了", "弄壞了", a bare "壞了" react to the agent's work.
    rule(R, "broken", r"(?:弄|搞|改)(?:壞|坏|砸)|(?:又|還是|还是|現在|现在|都|全|被你)(?:壞|坏)"
         r"|^[^，,。！!？?]{0,8}(?:壞|坏)(?:了|掉)[。！!]*$"
         r"|亂七八糟|乱七八糟|一團糟|一团糟|一塌糊塗|一塌糊涂|更糟|更差|更壞|更坏|變糟|变糟"
         r"|^(?:怎麼|怎么)?又(?:崩|掛|挂|報錯|报错|失敗|失败|出錯|出错)了|越(?:修|改)越(?:糟|差|亂|乱|爛|烂|慢)"
         r"|^(?:還是)?(?:不行|还是不行)[，,。!！]\s*(?:一樣|一样|還是|还是|同樣|同样|又)|比之前(?:還|还|更)(?:糟|差|慢|爛|烂|嚴重|严重)"
         r"|根本(?:沒用|没用|不行|不工作|沒效|没效|無效|无效|沒修|没修)",
         # "注意别把 SSR 搞坏": an instruction not to break it.
         unless=r"(?:別|别|不要|不准|不能|注意|小心|避免|防止|千萬|千万|不許|不许)(?:把|讓|让)?[^，,。！!？?]{0,15}?"
         r"(?:弄|搞|改)(?:壞|坏|砸)"),
    rule(R, "your-change", _YOUR_CHANGE, also=r"白屏|空白|(?:壞|坏)|報錯|报错|崩|掛了|挂了|全掛|全挂|打不開|打不开"
         r"|跑不起來|跑不起来|失敗|失败|更慢|變慢|变慢|亂了|乱了|不見了|不见了|消失|出(?:錯|错)|(?:錯|错)了|不能用"
         r"|(?:沒|没)反應|(?:沒|没)反应|死循環|死循环|重定向|編譯不過|编译不过"
         # "调了学习率以后 loss 不下降了" (not 不卡了, 不报错了: better)
         r"|不(?:下降|收斂|收敛|顯示|显示|工作|動|动|響應|响应|更新|加載|加载|渲染|生效)了",
         unless=r"不(?:再)?(?:報錯|报错|崩|掛|挂)|(?:沒|没)(?:有)?(?:再)?(?:報錯|报错|錯|错)|好了|正常了|解決|解决|修好"),
    rule(R, "still", r"(?:還是|还是|仍然|依然|又)\s?(?:不行|不能用|跑不起來|跑不起来|失敗|失败|報錯|报错|白屏|[45]\d\d\b|沒用|没用"
         r"|會掛|会挂|會崩|会崩|報\s|报\s"
         r"|有(?:錯|错|問題|问题|bug)|錯|错|壞|坏|一樣|一样)"
         r"|(?:還是|还是|仍然|依然|又)(?:報|报|出現|出现|是|有|跳|噴|喷)?(?:同樣|同样|一樣|一样|相同)的"
         r"(?:錯|错|問題|问题|bug|error|狀況|状况|情況|情况)"
         r"|(?:現在|现在)(?:又)?(?:失敗|失败|報錯|报错|壞|坏|不能|跑不|掛|挂|崩)"),
    # "还是没有显示", "依旧显示旧的", "问题依然存在", "仍然不会触发": still, after the attempt
    # (not "我还是不太懂": the user's own understanding; not 还是 = "or" before a noun).
    rule(R, "still-not", _STILL + r"\s?(?:沒|没|無法|无法|存在|如圖|如图|顯示|显示|不(?:會|会|能|行|夠|够|見|见|顯示|显示"
         r"|動|动|工作|對|对|生效|起作用|正常|好看|美觀|美观|明顯|明显)|有(?:錯|错|問題|问题|bug|報錯|报错)"
         r"|空白|白屏|老樣子|老样子|那樣|那样|原樣|原样|舊的|旧的"
         r"|有(?:這個|这个|那個|那个|同樣的|同样的)(?:問題|问题|bug|錯|错|報錯|报错))",
         unless=r"我(?:還是|还是|仍然|依然)(?:不|沒|没)(?:太|會|会|懂|明白|知道|清楚|理解|看懂|搞懂|確定|确定)"
         r"|(?:比較|比较|更)好"),
    # "又没有图标了", "又不显示了", "又回到原来的样子": again, after the attempt (not 又要…又要…).
    # ("CI 又没缓存，跑了二十分钟", "GitHub 又挂了": someone else's service, not the agent's work)
    rule(R, "again-not", r"(?<![一有])又(?:不(?:能|行|見|见|會|会|動|动|工作|對|对|顯示|显示|正常)"
         r"|(?:沒|没)(?:有)?[^，,。；;！!？?\s]{0,12}?了|回到|變回|变回)"),
    # "没有生效", "没反应", "看不到任何变化", "刷新后没看到更新": the change did nothing.
    rule(R, "no-effect", r"(?:沒|没|不)(?:有)?(?:生效|起作用)|(?:沒|没)(?:有)?(?:任何)?(?:效果|反應|反应|變化|变化|改變|改变)"
         r"(?![圖图])|(?:沒|没)(?:有)?看到(?:任何)?(?:更新|變化|变化|效果|改動|改动|修改|變動|变动)"
         r"|看不到(?:任何)?(?:變化|变化|效果|改動|改动|更新)"
         # "样式一点都没变", "页面没变": nothing changed (not 没变量, 没变成, 没变化的需求 …).
         r"|(?:一點|一点)(?:都|也)?(?:沒|没)(?:有)?(?:變|变)|(?:沒|没)(?:有)?(?:變|变)(?:啊|呀|吧)?[。.!！…\s]*$"),
    # "没删干净", "没改完": the job done halfway; "完全不对", "导出的格式完全错了": plainly wrong.
    rule(R, "halfway", r"(?:沒|没)(?:有)?(?:刪|删|清|清理|改|替換|替换|移除|去掉|修)(?:乾淨|干净|完|全|徹底|彻底|好)"
         r"|完全(?:不對|不对|錯|错|沒用|没用|無效|无效|不行|不能用)"),
    # "现在点登录无法跳转", "现在列表没有刷新": what the work does now, said to the agent
    # (not "现在能不能…", "现在没有导出，加一个": a question, a feature asked for).
    rule(R, "now-not", r"(?:現在|现在)[^，,。；;！!？?\n]{0,20}?(?:無法|无法|不會|不会|沒有|没有|沒|没|不能|不再|不顯示|不显示)"
         r"(?!(?:問題|问题|錯|错|報錯|报错))",
         unless=r"能不能|可不可以|是否|有沒有|有没有|幫我|帮我|(?:加|添加|增加|新增|實現|实现|支持)(?:一[个個下]|上)"),
    # Right after the agent's work: "图标没有正确显示", "没显示进度条", "背景图没有生效": what it should
    # show or do did not happen (not "没有显示的时候要提示", "没保存上的情况要提示", "确保没有刷新": a case,
    # an instruction).
    rule(R, "not-shown-after-claim", r"(?:沒|没)(?:有)?(?:正確|正确|正常|成功)?(?:顯示|显示|出現|出现|生效|翻譯|翻译|播放|加載|加载"
         r"|渲染|更新|保存|跳轉|跳转|刷新)",
         unless=r"如果|要是|萬一|万一|的話|的话|需要|能不能|可不可以|是否|確保|确保|避免|防止|不要|別|别|(?:時|时)(?:候)?要"
         r"|有(?:沒|没)有|情況|情况|場合|场合|要(?:提示|顯示|显示|彈|弹|報|报|記錄|记录)", after_claim=True),
    # Right after the agent's work: "矮人还是在建筑后面", "依然在转圈": the same place or state as before
    # (not 还是 = "or": "放在 A 还是在 B").
    rule(R, "still-there", r"(?:依然|仍然|依舊|依旧|仍舊|仍旧|還是|还是)在(?![意乎])",
         # "还是在服务端校验吧", "放在 A 还是在 B": a suggestion, a choice (not 现在/正在 …: "now")
         unless=r"吧|比較好|比较好|更好|要不|不如|建議|建议|(?:我們|我们|咱們|咱们)"
         r"|(?<![現现正實实存])在[^，,。]{1,20}?(?:還是|还是)在|是[^，,。]{1,20}?(?:還是|还是)在",
         after_claim=True),
    # Right after the agent's work: "又崩了", "页面又卡住了", "又闪退": broken again.
    rule(R, "again-broken", r"(?<![一有])又(?:崩|掛|挂|卡住|卡死|卡|白屏|閃退|闪退|報錯|报错|失敗|失败|出錯|出错|超時|超时|死循環|死循环)"
         r"(?:潰|溃)?(?:了|掉|啦)", after_claim=True),
    # Right after the agent's work: "我们又遇到了一个问题", "又出现同样的报错".
    rule(R, "again-a-problem", r"又(?:遇到|碰到|出現|出现|冒出|報|报|有)(?:了)?(?:一個|一个|個|个)?(?:新的|同樣的|同样的|一樣的|一样的|相同的)?"
         r"(?:問題|问题|bug|錯誤|错误|報錯|报错|異常|异常)", after_claim=True),
    # "还是没修好吗？", "还是没有修复；不能这样吗？": asked, but the attempt failed.
    rule(R, "still-unfixed", _STILL + r"(?:沒|没)(?:有)?(?:修復|修复|修好|解決|解决|生效|改好|改過來|改过来)", asked=True),
    # "推理代码不对吧，侧链都没绑上": hedged, but wrong, and why.
    rule(R, "wrong-hedged", r"(?<=[^\s，,。！!？?對对])不(?:對|对)吧\s?[，,]\s?\S", after_claim=True),
    # "为什么还是不显示？", "怎么又报错了？": asked, but a complaint about the attempt, not a question.
    rule(R, "why-still", r"(?:為什麼|为什么|為啥|为啥|怎麼|怎么)(?:還是|还是|又|仍然|依然|依舊|依旧)"
         r"(?:沒|没|不|無法|无法|報錯|报错|出錯|出错|出現|出现|失敗|失败|崩|掛|挂|有(?:錯|错|問題|问题|bug)"
         # "怎么还是这样？", "为什么还是老样子"
         r"|這樣|这样|那樣|那样|一樣|一样|老樣子|老样子|原樣|原样)",
         asked=True),
    # Right after the agent said it fixed or ran something: a bare failure ("报错了" is an error
    # shown, not "wrong" (错了); "打不开",
    # "页面白屏", "如图报错") is its result; opening a task it is a report.
    rule(R, "error-after-claim", r"^[^，,。！!？?]{0,20}?(?:報錯|报错|出錯|出错|打不開|打不开|白屏|跑不起來|跑不起来|無法|无法"
         r"|不能用|失敗|失败|崩了|崩潰|崩溃|卡死|卡住|(?:沒|没)反應|(?:沒|没)反应|(?:沒|没)(?:有)?(?:顯示|显示|出來|出来)"
         # "按钮点不了", "编译不过", "数据没保存上", "更慢了", "样式全乱了", "没用啊", "没解决"
         r"|(?:點|点|用|登|連|连|打|存|保存|加載|加载)不(?:了|上|開|开)|(?:進|进|登|連|连)不(?:去|進|进|上)"
         r"|(?:編譯|编译|構建|构建|測試|测试)(?:不過|不过|不通)|跑不(?:通|過|过)|(?:沒|没)(?:有)?(?:保存|存|加載|加载)(?:上|進|进)"
         r"|(?:更|變|变)慢|(?:亂|乱)(?:了|掉)|(?:沒|没)(?:有)?用|(?:沒|没)(?:有)?(?:解決|解决|修好|修復|修复))"
         r"(?:了|啦|呀|啊|的)?[。!！…\s]*$|(?:如圖|如图|截圖|截图)[^，,。！!？?]{0,6}?(?:報錯|报错|錯誤|错误|所示)"
         # "接口返回 500", "跟之前一样", "一样的问题": a status, or the same as before.
         r"|(?:返回|報|报|出現|出现|是)\s?[45]\d\d(?!\d)|^(?:還是|还是)?(?:跟|和|與|与)(?:之前|原來|原来|剛才|刚才)(?:一樣|一样|相同)"
         r"|^(?:一樣|一样|同樣|同样)的(?:問題|问题|錯誤|错误|報錯|报错|結果|结果)",
         # "帮我看看这个报错": a request about the error, not a report of it.
         unless=r"幫我|帮我|請|请|看看|看一下|分析|查一下", after_claim=True),
    # "修好了，就是还有个小问题：…", "前两个好了，但是又出现了新问题": fixed, and a new problem.
    # (the sentences split at 。！, so the "but" half is the rule; a bare 有个小问题 opens a request)
    rule(R, "fixed-but-new", r"(?:但|就是|不過|不过|可是|只是)(?:是)?(?:現在|现在)?(?:又|還|还)?(?:有|出現|出现)(?:了)?(?:個|个|一個|一个)?"
         r"(?:新|小)(?:的)?(?:問題|问题|bug)"),
    # "问题还在", "bug 依然存在": the problem stays (asked, "问题还在吗？", it is a question).
    rule(R, "problem-stays", r"(?:問題|问题|bug|錯誤|错误|報錯|报错|症狀|症状)\s?(?:還|还|依然|仍然|依舊|依旧|仍)(?:是)?(?:在|存在|有)"),
    # Right after the agent's work: "你的输出只是空模板，未完成第三步", "导出还没做完": not finished
    # (not "未完成的任务先放着": a case).
    rule(O, "unfinished-after-claim", r"(?:未|沒|没)(?:有)?(?:完成|做完|寫完|写完|改完|做好|寫好|写好)(?![的度])",
         unless=r"不是(?:沒|没|未)|如果|要是|萬一|万一|的話|的话|(?:時|时)(?:候)?|之前|以前|先|吧|嗎|吗", after_claim=True),
    # Right after the agent's work, asked: "租户那块不需要改吗？", "测试没跑吗", "文档也要更新吧？": a miss
    # pointed at.
    rule(O, "missed-asked", r"(?:不需要|不用|沒有|没有|沒|没)(?:一起|也|同步)?(?:改|修改|更新|處理|处理|同步|加|調整|调整|跑|測|测)(?:一下)?"
         r"(?:嗎|吗)[？?\s]*$|也(?:要|需要|得|應該|应该)(?:一起)?(?:改|修改|更新|同步|處理|处理|調整|调整)(?:一下)?吧[？?\s]*$",
         after_claim=True, asked=True),
    # "测试没跑", "文档没更新" right after a claimed fix: left undone.
    rule(O, "undone-after-claim", r"^[^，,。！!？?]{1,12}?(?:沒|没)(?:有)?(?:跑|測|测|加|改|更新|提交|推|同步|處理|处理|寫|写)"
         r"(?:過|过)?[。!！…\s]*$", after_claim=True),
    # "应该先弹确认框，却直接删了", "应该在中心，现在在左边": what should be, against what is.
    rule(R, "should-but-now", r"(?:應該|应该)[^。！!？?\n]{1,40}?[，,；;]\s?(?:但是?|可是|而是)?(?:現在|现在|卻|却|實際上|实际上)"
         r"|(?:現在|现在)[^。！!？?\n]{1,40}?[，,；;]\s?(?:但是?)?(?:應該|应该)(?:是|要|在)"),
)

TYPES = not_others(TYPES, _OTHERS, _USERS)
# Bare reports of a bad state (not done, still wrong): about the agent's work after its turn, a new task after a known
# turn that claimed nothing (an explanation, a question, a plan).
TYPES = reports(TYPES, frozenset({"lacking", "still", "still-not", "again-not", "no-effect", "halfway", "now-not",
                                 "fixed-but-new", "problem-stays", "should-but-now", "still-unfixed"}))

EXCLUSIONS = (
    rule(SELF_BLAME, "mine", r"是我(?:的)?(?:說|说|寫|写|打|弄|搞|看|記|记|算|給|给|想)?(?:錯|错)"
         r"|我[^，,。！!？?你]{0,4}?(?:說|说|寫|写|打|弄|搞|看|記|记|算|給|给|想|貼|贴|傳|传|發|发)(?:錯|错)"
         r"|是我自己[^，,。！!？?你]{0,20}?(?:弄|搞|改|寫|写)(?:壞|坏|錯|错|砸)|我的(?:錯|错|失誤|失误|鍋|锅|疏忽)"
         r"|我的(?:問題|问题)[，,。!！]|是我的(?:問題|问题)|怪我|我(?:搞混|弄混|記混|记混)"
         r"|我(?:忘了|忘記|忘记|漏了|漏掉|疏忽|誤會|误会|看漏|錯過|错过)"
         # "忘了說，…": the user forgot to mention something.
         r"|忘(?:了|記|记)(?:跟你|和你|給你|给你|同你|對你|对你)?(?:說|说|講|讲|告訴|告诉|提|交代)"),
    rule(HYPOTHETICAL, "if", r"如果|假如|要是|萬一|万一|假設|假设|倘若|若是|的話|的话|假使|一旦"
         r"|怎麼辦|怎么办",
         also=_ERR),
    # "格式不對時要處理", "密碼錯誤的時候": a case to handle, not a report (not 同時, 超時, 時間 …,
    # nor 有時候, "sometimes"). What the work does now ("现在点保存时没反应", "运行时报错，如图")
    # is an observation, not a case: the sentence says 现在, points at a screenshot, or reports a
    # new problem.
    rule(HYPOTHETICAL, "when", r"(?<![有])(?:時候|时候)|(?<![同暫暂及準准按當当實实定即過过計计超隨随臨临小平逾有限])(?:時|时)"
         r"(?![間间區区序刻效代鐘钟段期長长])",
         also=_ERR, unless=r"(?:還是|还是|仍然|依然|(?<![一])又|新問題|新问题|現在|现在|如圖|如图|截圖|截图"
         # "切换主题时按钮没变色，你只处理了自定义按钮": the agent named as the one who missed it
         r"|你(?:只|就只|忽略|忽視|忽视|漏|忘))"),
    rule(AGREEMENT, "yes-but", r"^(?:嗯+|對|对|是的|好|好的|可以|沒錯|没错|ok|行|沒問題|没问题|對啊|对啊"
         r"|對的|对的|不錯|不错|很好|謝謝|谢谢)[，,。.!！~\s]*(?:但是|但|不過|不过|可是|只是|還有|还有|另外"
         r"|然後|然后|不是|也|再|順便|顺便)",
         # "谢谢，但是还是不行": thanks, then the attempt failed (a report, not an elaboration).
         unless=_STILL_FAILED + r"|(?:還是|还是)(?:不行|報錯|报错|失敗|失败)|(?:問題|问题|bug)(?:還|还|依然|仍然)(?:在|存在)"),
    rule(RECHECK, "check-again", r"再(?:確認|确认|檢查|检查|看看|看一下|核對|核对|驗證|验证|測|测|跑)"
         r"|(?:確認|确认|檢查|检查|核對|核对|驗證|验证)一下|你(?:確定|确定)|(?:確定|确定)(?:嗎|吗)"
         r"|(?:對|对)(?:嗎|吗)|(?<!不)(?:對不對|对不对)|是不是|會不會|会不会|有(?:沒|没)有(?:問題|问题)"
         r"|好像|似乎|可能|吧[。.!！？?]*$|查一下|查查|(?:調|调)查|排查|(?:找|查)(?:出)?原因"
         r"|有(?:沒|没)有(?:報錯|报错|錯|错|漏|問題|问题|失敗|失败)|看看(?:是否|有(?:沒|没)有)",
         # "报错依然存在，你先打印一下参数": the failure stated, then a request to look into it; "文档也要
         # 更新吧？": a miss pointed at, not a doubt.
         unless=_STILL_FAILED + r"|也(?:要|需要|得|應該|应该)(?:一起)?(?:改|修改|更新|同步|處理|处理|調整|调整)(?:一下)?吧"),
    rule(NEGATED, "nothing-wrong", r"(?:沒|没)(?:有)?(?:漏|錯|错|問題|问题|報錯|报错)|(?:沒|没)什(?:麼|么)(?:問題|问题)"
         r"|(?:沒|没)問題|没问题|(?:沒|没)(?:錯|错)|不(?:錯|错)|不是你的(?:問題|问题|錯|错)|(?:無|无)(?:誤|误)"
         r"|已知(?:的)?(?:問題|问题|bug|錯誤|错误|缺陷)|本來就|本来就|之前就(?:有|壞|坏|錯|错)"
         # "我不認為我漏掉了…", "應該沒有漏", "我并没有改错": a doubt about one's own mistake, or a denial of
         # it ("按钮并没有切换颜色" reports the result: 并没 alone denies nothing).
         r"|不(?:認為|认为|覺得|觉得)|(?:應該|应该)(?:沒|没)|(?:並|并)(?:沒|没)(?:有)?(?:漏|錯|错|忘|問題|问题)"
         r"|我(?:並|并)(?:沒|没)(?:有)?[改弄搞寫写]?(?:錯|错|壞|坏|漏)"
         r"|不是我(?:的)?(?:錯|错|問題|问题|漏|疏忽|失誤|失误)"),
    # Upstream, the old code, a named colleague, last month: someone else's error.
    rule(THIRD_PARTY, "someone-else", r"上游|第三方|外部(?:的)?(?:庫|库|套件|服務|服务|api|sdk)"
         r"|(?:舊|旧|以前|原來|原来|之前|老)的?(?:實作|实现|實現|程式|代碼|代码|版本|系統|系统|寫法|写法|邏輯|逻辑"
         r"|函式庫|函数库|sdk|文件|文档|同事)|舊版|旧版|上(?:週|周|個月|个月)|去年|前年|幾年前|几年前"
         r"|[小老][王李張张陳陈劉刘楊杨黃黄趙赵吳吴周徐孫孙馬马朱胡郭何林高羅罗鄭郑梁謝谢宋唐許许韓韩]"
         r"|先生|小姐|經理|经理|主管|客戶(?!端)|客户(?!端)|同事|前任|(?:別的|别的|其他)(?:團隊|团队|人)",
         also=_ERR, unless=_AGENT),
    # "少了一個 README，幫我寫一個", "因為…有錯，我們先…": a problem as the reason for new work.
    rule(NEW_TASK, "labelled-report", LABELLED_REPORT),
    rule(NEW_TASK, "reason-for-work", r"(?:幫我|帮我|請你?|请你?|給我|给我|麻煩|麻烦|你?(?:來|来|去|再))"
         r"(?:寫|写|建|做|開|开|新增|生成|加|補|补)(?:一個|一个|一份|一段|一篇|一組|一组)"
         r"|(?:我們|我们|咱們|咱们)(?:先|要|就|才|來|来|會|会|得|決定|决定|打算|準備|准备|正在)"
         r"|所以(?:才|要|得|先|只好|打算|決定|决定)|才(?:要|會|会|決定|决定|打算)"
         r"|密碼|密码|驗證碼|验证码|口令",
         also=_ERR + r"|少了|少一", unless=_AGENT),
)

CORRECTIVE = rx(
    r"^(?:不是|不對|不对|停|等等|等一下)|你(?:為什麼|为什么)|(?:為什麼|为什么)(?:要|把|又|還|还|不)"
    r"|幹嘛|干嘛|怎麼又|怎么又|不要再|別再|别再"
    r"|撤銷|撤销|還原|还原|回滾|回滚|改回|在(?:幹|干|做|搞)什(?:麼|么)|不是我要的|搞什(?:麼|么)|什(?:麼|么)鬼"
    r"|呢[？?]?$|(?:還是|还是|又)(?:不|沒|没|錯|错|壞|坏|失敗|失败)"
    # the agent's conduct named: dodging, half-hearted, lazy
    r"|敷衍|糊弄|回避|迴避|偷懒|偷懶|(?:別|别|不要)(?:再)?(?:猜|编|編|绕|繞)"
)
PRAISE = rx(r"^(?:謝謝|谢谢|很好|太好了|完美|不錯|不错|好的|可以|沒問題|没问题|辛苦)")
QUESTION = rx(r"(?:嗎|吗|呢|麼|么)[\s。.!！~]*$")

# "你交代過不要直接推到 main，我卻直接推了": the instruction, then what the agent did anyway.
_AGAINST = (r"(?:你|您)[^，,。！!？?]{0,6}?(?:說|说|交代|要求|讓|让|叫|提醒)(?:過|过|了)?[^。！!？?]{0,30}?[，,]\s?(?:但|可)?我"
            # ("我还是建议先加测试" is advice: 还是 counts only before something done, 了)
            r"(?:卻|却|竟然|(?:還是|还是|仍然|依然)[^，,。！!？?]{0,20}?了)|我(?:違反|违反|無視|无视|忽略)了?(?:你|您)的"
            r"|我(?:沒|没)(?:有)?(?:照|按照)")
# "我一直以为…": what the agent had believed; a bare "我以为你想要 JSON" is a guess, unless the
# sentence turns (但/其实/结果).
_THOUGHT = (r"我(?:一直|原本|本來|本来)(?:以為|以为)|我(?:以為|以为)[^。！!？?]{0,40}?[，,]\s?(?:但|可|其實|其实|實際|实际"
            r"|結果|结果)")
# "我给你的正则是错的", "我写的 Dockerfile 把构建弄坏了": the agent's own work, named as wrong.
_MY_WORK_WRONG = (r"我(?:給|给|寫|写|加|提供|建議|建议)(?:你)?的[^。，,！!？?]{0,20}?(?:是錯|是错|錯了|错了|不對|不对|有誤|有误"
                  r"|弄壞|弄坏|搞壞|搞坏|有\s?bug)")
ADMISSION = rx(
    r"我[^我，,。！!？?\s]{0,6}?(?:漏|忘了|忘記|忘记|疏忽|搞錯|搞错|弄錯|弄错|理解錯|理解错|誤解|误解"
    r"|誤會|误会|看錯|看错|寫錯|写错|算錯|算错|改錯|改错|弄壞|弄坏|搞壞|搞坏|改壞|改坏|失誤|失误|編造|编造|沒注意|没注意"
    r"|搞混|弄混|混淆|看反|搞反|弄反|錯誤地|错误地)"
    r"|我的(?:錯|错|失誤|失误|疏忽)|是我(?:的)?(?:疏忽|問題|问题|錯|错)|被我(?:改|弄|搞)(?:壞|坏|錯|错)"
    r"|(?:抱歉|對不起|对不起|不好意思)[^抱對对不。！!？?]{0,16}?(?:漏|忘|疏忽|錯|错|誤|误)"
    r"|" + _AGAINST +
    # "我一直以为项目用的是 3.12", "我上一个修复没有生效", "我给你的正则是错的", "我写的 Dockerfile 把构建弄坏了"
    r"|" + _THOUGHT +
    r"|我(?:上一?[個个次]|之前|先前|前面|剛才|刚才)的?(?:修復|修复|回答|答案|改動|改动|修改|方案|提交)[^。！!？?]{0,12}?"
    r"(?:沒有生效|没有生效|沒生效|没生效|沒用|没用|不對|不对|是錯|是错|有誤|有误|引入了)"
    r"|" + _MY_WORK_WRONG
)

ADMISSION_HINT = rx(r"漏|忘|疏忽|錯|错|誤|误|壞|坏|編造|编造|注意|問題|问题|混|看反|搞反|弄反|以為|以为|生效"
                    r"|我(?:卻|却|竟然|還是|还是|仍然|依然|違反|违反|無視|无视|忽略|沒|没|上|之前|先前|前面|剛才|刚才|給|给"
                    r"|寫|写|加|提供|建議|建议)")

# Typing an admission: the human rules, and the forms only an agent uses about itself.
SELF_TYPES = TYPES + (
    rule(IV, "self-against", _AGAINST),
    rule(P, "self-premise", _THOUGHT + r"|(?:搞混|弄混|混淆|看反|搞反|弄反)|錯誤地假設|错误地假设"),
    rule(R, "self-result", r"(?:沒有生效|没有生效|沒生效|没生效)|" + _MY_WORK_WRONG + r"|被我(?:改|弄|搞)(?:壞|坏)"),
)

REVIEW_CLEAN = rx(r"(?:沒有|没有|未)(?:發現|发现)?(?:任何)?(?:問題|问题|缺陷|錯誤|错误)|可以合(?:併|并)"
                  r"|lgtm|(?:無|无)(?:問題|问题)")
REVIEW_PROBLEM = rx(r"(?:發現|发现)(?:了)?(?:以下|下列|一些|幾個|几个|\d+\s?(?:個|个))?(?:問題|问题|缺陷"
                    r"|錯誤|错误|bug)|需要修(?:改|正|復|复)|必(?:須|须)修|存在(?:問題|问题|缺陷|bug)"
                    r"|(?:問題|问题)[:：]|(?:嚴重|严重)")

PACK = Pack(
    lang="zh", types=TYPES, exclusions=EXCLUSIONS, corrective=CORRECTIVE, praise=PRAISE,
    question=QUESTION, admission=ADMISSION, admission_hint=ADMISSION_HINT, self_types=SELF_TYPES, finding_types=TYPES,
    review_problem=REVIEW_PROBLEM, review_clean=REVIEW_CLEAN,
)
