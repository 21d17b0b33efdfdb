"""Japanese rules. Subjects are dropped, so the verb forms carry the meaning: 忘れてる (you
forgot) but not 忘れないで (don't forget); 間違ってる but not 間違いなく (certainly);
〜って言ったよね (I said …) but not 彼は正しいと言った (he said it was right)."""
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
_OTHERS = (r"前任|同僚|誰か|彼|彼女|お客様|先輩|上司|他の人|チームの|デザイナー|業務委託|外注|委託先"
           r"|ベンダー|担当者|メンバー|レビュアー|テスター|(?<!あなた)の人(?:が|は|、|も)")
_USERS = r"ユーザー"  # the product's users (`not_others`)

# Words of an error, for the exclusions that need one in the same sentence.
_ERR = r"間違|違って|誤|忘れ|漏れ|抜け|壊れ|おかし|バグ|ミス|失敗|落ち|動かな"
# The agent named as the one who got it wrong, or "still"/"again" after its attempt.
_AGENT = r"あなた|まだ|また|やっぱり|相変わらず|さっき|先ほど|せいで|今の(?:変更|修正)|今回の(?:変更|修正)"
_TEIRU = r"(?:て(?:る|た|ます|いる|いた|います|いました)|た|ました)"
# "…されてない" after a verb of work (登録されてない, 削除されてない): the work product is said to
# lack it (not a state such as サポートされていない, インストールされていない); not before a noun
# ("使用されてない関数を消して": a task), not ないで (don't) but ないです (polite).
_WORK_VERBS = (r"追加|反映|更新|考慮|対応|実装|登録|削除|修正|変更|記載|記述|追記|適用|置換|作成|生成|処理|取得"
               r"|移行|初期化|エスケープ|インポート|リネーム|コミット|テスト|保存|送信|デプロイ")
_NOT_DONE = (r"(?:入って|含まれて|書かれて|(?:" + _WORK_VERBS + r")されて"
             r"|含めて|入れて|書いて|追加して|更新して|反映して|実行して|対応して|直して"
             r"|テストして|コミットして)(?:い)?(?:ない|ません)"
             r"(?![\u4e00-\u9fffァ-ヶー]|で(?!す|しょう)|か|もの|ところ|場合|ため|ので|から|なら|の[はがを])")
# What follows a verb used attributively: "直ってないバグが3つ残ってる" names open bugs (a task), it
# does not say the agent's fix failed.
_NOUN_NEXT = r"[\u4e00-\u9fffァ-ヶーa-z]|もの|ところ|とこ"
_TARGET = (r"(?:ファイル|ブランチ|リポ|リポジトリ|場所|ディレクトリ|フォルダ|パス|関数|メソッド|クラス"
           r"|テーブル|環境|サーバー|バージョン|プロジェクト|モジュール|カラム|もの|方)")

# A failure said of the result, in its plain and polite forms (できない/出来ません, 表示されない, エラーになります,
# 変わりません, 前のまま): what a person reports right after the agent's work.
_FAILURE = (r"エラー(?:に(?:なる|なります|なった|なりました|なって(?:しまう|しまいます|しまった|しまいました|(?:い)?る|(?:い)?ます))"
            r"|が(?:出る|出ます|出た|出ました|出て(?:る|ます|いる|います|くる|きます|きた|きました|しまう|しまいます)"
            r"|発生(?:する|します|した|しました|して(?:る|ます|いる|います))|起きる|起きます|起きた|起きました))?"
            r"|(?:でき|出来)(?:ない|ません|なかった|ませんでした|て(?:い)?(?:ない|ません))"
            r"|動か(?:ない|なかった|ん|へん)|動きません(?:でした)?|(?:でき|出来)(?:ん|へん)|でけへん|(?:動作|起動)し(?:ない|ません|なかった|ませんでした)"
            r"|(?:動作し|起動し|表示し|表示され|され|でき|出来|動か|使え|読め|開け|押せ|見え|通ら)なく"
            r"(?:なった|なりました|なっちゃった|なっちゃいました|なって(?:しまった|しまいました|る|ます))"
            r"|見えない|見えません|見えなかった"
            # "保存しても保存されない", "関数が呼び出されません"
            r"|(?:保存|送信|登録|更新|削除|適用|実行|追加|作成|生成|出力|認識|検出|選択|入力|保持|反映|表示)され(?:ない|ません|なかった|ませんでした)"
            r"|(?:呼び出さ|呼ば|読み込ま|使わ|書き込ま)れ(?:ない|ません|なかった|ませんでした)"
            # "ハンドラーが呼ばれてない", "一度も発火しません": never runs
            r"|(?:呼び出さ|呼ば|読み込ま|実行さ|発火さ)れて(?:い)?(?:ない|ません)|発火し(?:ない|ません|なかった|ませんでした)"
            # "何も返ってこない", "レスポンスが空です": nothing comes back
            r"|(?:何も|なにも)(?:返って(?:こない|きません|こなかった)|返ってきませんでした)|(?:が|は)(?:空|空っぽ)(?:です|でした|だ|だった)"
            # "ログに何も出ていません", "コンソールには何も表示されない": nothing shows where output goes
            r"|(?:ログ|コンソール|ターミナル|出力|画面|ページ|テーブル|ファイル)(?:に|には|にも|上に)(?:は)?\s?(?:何も|なにも)"
            r"(?:出て(?:い)?(?:ない|ません|こない|きません)|出(?:ない|ません)|表示され(?:て(?:い)?)?(?:ない|ません)|出力され(?:て(?:い)?)?(?:ない|ません)"
            r"|書き込まれ(?:て(?:い)?)?(?:ない|ません)|入って(?:い)?(?:ない|ません)|記録され(?:て(?:い)?)?(?:ない|ません)|ない|ありません)"
            # "直せてない": it did not manage to fix it
            r"|(?:直|治)せて(?:い)?(?:ない|ません)"
            # "permission denied が出ます", "timeout って出る": an error named in English, shown
            r"|(?:error|denied|failed|exception|not\s?found|refused|timeout|timed\s?out)\s?(?:が|って|と)?\s?出(?:る|ます|た|ました|て(?:い)?(?:る|ます)|てくる|てきます|てきた|てきました)"
            r"|表示され(?:ない|ません|なかった|ませんでした)|出てこない|出てきません|出てこなかった"
            r"|失敗(?:する|します|した|しました|して(?:る|ます|いる|います))"
            # "依存関係の衝突が起きてる", "競合が発生しています"
            r"|(?:不具合|不整合|不適合|競合|衝突|例外|クラッシュ|エラー|バグ)が(?:起き|発生し)て(?:る|ます|いる|います)"
            r"|落ちる|落ちます|落ちた|落ちました|落ちて(?:る|ます|いる|います|しまう|しまいます)"
            r"|通らない|通りません|通らなかった|通りませんでした"
            # frozen; a test run's count said in its own words ("2 failed です")
            r"|固まる|固まります|固まって(?:る|ます|いる|います|しまう|しまいます)|フリーズ(?:する|します|した|しました|して(?:る|ます|いる|います|しまう|しまいます))|固まった|固まりました"
            r"|(?<![\d.])\d{1,4}\s?(?:failed|failures?|errors)\s?"
            r"|反応(?:しない|しません|しなかった|しませんでした|がない|がありません|なし)"
            r"|(?:何も|なにも)(?:起き|起こら)(?:ない|なかった)|(?:何も|なにも)(?:起き|起こり)ません(?:でした)?"
            r"|変わらない|変わらなかった|変わりません(?:でした)?|変わって(?:い)?(?:ない|ません)"
            r"|変化(?:なし|がない|がありません|ありません|しない|しません|しなかった|しませんでした)"
            r"|同じ(?:です|だ|でした|だった)|同じ結果(?:です|だ|でした)?|^(?:さっき|先ほど|前|以前|修正前|元)と同じ(?:です|だ|でした|結果|エラー)?"
            r"|(?:前|元|以前|修正前|変更前)の(?:状態|表示|画面|デザイン)?(?:の)?まま(?:です|だ|でした)?"
            r"|崩れ(?:た|ました|ちゃった|ちゃいました|ちゃって(?:る|ます)|て(?:る|ます|いる|います|しまう|しまいます|しまった|しまいました))"
            r"|(?:真っ白|真っ黒)(?:に(?:なる|なります|なった|なりました|なって(?:しまう|しまいます|(?:い)?る|(?:い)?ます)))?|文字化け(?:して(?:る|ます|いる|います)|する|します|した|しました)?"
            r"|(?:遅く|重く)(?:なった|なりました|なって(?:る|ます|いる|います))"
            # on screen: misaligned, overflowing, overlapping, cut off; duplicated; left as it was
            r"|(?:ずれ|ズレ|はみ出し|はみ出|重なっ|被っ|かぶっ|見切れ|潰れ|ちらつい|重複し)(?:て(?:る|ます|いる|います|しまう|しまいます|しまって(?:る|ます))"
            r"|ちゃって(?:る|ます)|ちゃう|ちゃいます)|二重に[^。\n]{0,8}?(?:されて|なって)(?:る|ます|いる|います)"
            r"|のままになって(?:る|ます|いる|います)"
            # still not fixed (read in a long message's opening too, where only after-claim rules run)
            r"|(?:直|治|なお)って(?:い)?(?:ない|ません)|(?:直|治|なお)ら(?:ない|なかった)|(?:直|治|なお)りません(?:でした)?"
            r"|解決(?:して|されて)(?:い)?(?:ない|ません)|(?:うまく|上手く)(?:いか|行か|動か)(?:ない|なかった)"
            # an empty result, and what happens against the person's will ("ログアウトされちゃう", "トップに飛んでしまいます")
            r"|(?:null|undefined|nan|空|空っぽ|空欄|0件|ゼロ件)\s?(?:に(?:なる|なります|なった|なりました|なって(?:い)?(?:る|ます))"
            r"|が返(?:る|ります|って(?:くる|きます|きた|きました))|のまま)"
            r"|(?:飛ん|移動し|遷移し|移行し|戻っ|なっ|入っ|消え|落ち|ループし|固まっ|止まっ|され)(?:ちゃう|ちゃいます|ちゃった|ちゃいました|ちゃって(?:る|ます|いる|います)"
            r"|てしまう|てしまいます|でしまう|でしまいます|てしまった|てしまいました|でしまった|でしまいました)"
            r"|(?<!\d)[45]\d\d\s?(?:エラー)?(?:に)?(?:なる|なります|なった|なりました|なって(?:い)?る|なってます|です|でした"
            r"|が返る|が返ります|が返って(?:くる|きます|きた|きました)|が出る|が出ます|が出た|が出ました)")
# What may close such a report: "…です", "…んですけど", "…みたいです", "…ね".
_REPORT_END = (r"(?:です|んです|んですけど|んですが|のですが|のですけど|んだけど|んだが|けど|けれど|が|みたい(?:です)?|ようです"
               r"|っぽい(?:です)?)?(?:よね|ね|よ|な|わ)?[。.!！…\s]*$")

# A request ("X ではなく Y を使って" may correct or not: left to "other"); 使っている describes, 使って asks.
_ASKS_FOR = (r"(?:て|で)(?:ください|下さい|ほしい|欲しい|くれ)|(?:すべき|べき|しよう|しましょう|にして"
             r"|使って(?![いおたま])|してね|でお願い)")
# "CSV だけじゃなくて Excel も", "単純に止めるんじゃなくて…": not only (or not merely) X, Y too: X is kept,
# so nothing the agent did is denied (a result said in the same words still types by its own rule).
_NOT_ONLY = r"(?:だけ|のみ|ばかり)(?:じゃ|では|で)なく|(?:単に|単純に|ただ)[^。、\n]{0,20}?(?:じゃ|では)なく"
# "…のまま" not followed by its being wanted ("このままでいい", "そのままにしておいて").
_NOT_KEPT = r"(?!で(?:いい|良い|大丈夫|お願い|ok|結構|構わ|問題)|に(?:して|しておいて|しといて|する))"
# The user changed their mind or decided otherwise: undoing then is their decision, not a correction.
_CHANGED_MIND = (r"(?:やっぱり|やっぱ|やはり)(?![^。\n]{0,12}?(?:動か|エラー|失敗|落ち|ダメ|だめ|直って|治って|変わって|おかし|壊れ|崩れ))"
                 r"|気が変わ|考え直し|(?:ことに|ことと)(?:なり|し)ました|(?:前|元)のまま(?:で|が)(?:いい|良い|大丈夫)")
# "それは", "そこは": what the agent did, named before a rejection ("それは違います").
_THAT = r"(?:(?:それ|これ|そこ|ここ|そっち|こっち)(?:は|が|も)?[、,\s]*)?"

TYPES: tuple[Rule, ...] = (
    rule(O, "forgot", r"忘れ" + _TEIRU + r"|(?:書き|入れ|付け|つけ|追加し|やり|閉じ|消し|更新し|直し)忘れ"
         r"(?!ない|ず|ません|防止)"),
    # (not attributive: "仕様から漏れていた項目" names a topic)
    rule(O, "leak", r"漏れ(?:て(?:る|い(?:る|ます|た))|てます|が(?:ある|あります|あった)|です|だ)(?![\u4e00-\u9fffァ-ヶー])"
         r"|(?:対応|記載|修正|更新|実装|考慮|テスト|確認|変更|追加|反映|設定|処理)漏れ"),
    # (not attributive: "抜けている箇所を洗い出して" is a task)
    # (as the reason for a request, "手順が抜けているので追記して" is a task, but right after the work it
    # reports what the work left out: "missing-after-claim")
    rule(O, "missing", r"抜け(?:て(?:る|い(?:る|ます|た))|てます)(?![\u4e00-\u9fffァ-ヶーa-z]|もの|ところ|の[はがを]|ので|から|ため)"
         r"|抜け(?:落ち|が(?:ある|あります))|抜かし"
         r"|見落とし|見落として|見逃し|見逃して"),
    # Right after the agent's work, asked: "テストは？", "マイグレーションはどこですか？": a part of the work the
    # user expected to find (as en "where are the tests?", zh "测试呢？").
    rule(O, "work-part-asked-after-claim", r"^(?:あと|それと|で|えっと)?[、,\s]*(?:単体テスト|ユニットテスト|テストコード|テスト|マイグレーション|ドキュメント|readme"
         r"|changelog|変更履歴|型定義|翻訳|エラー処理|エラーハンドリング|バリデーション|残り)(?:の方|のほう)?(?:は|って)"
         r"(?:どこ(?:ですか|にありますか|にある|に)?|どうなって(?:ます|いますか|る)?|ありますか|ないんですか)?[？?]*$",
         after_claim=True, asked=True, not_an_answer=True),
    # Right after the agent's work: "他のハンドラにも同じバグがあります": the same fault left elsewhere.
    rule(O, "same-elsewhere-after-claim", r"(?:他の|ほかの|別の|残りの)[^。、,？?\n]{0,16}?(?:にも|でも)(?:同じ|同様の|似た)(?:バグ|問題|エラー|不具合)",
         unless=r"もし|たら|場合|かも|かどうか|ですか|ますか", after_claim=True),
    rule(O, "missing-after-claim", r"抜け(?:て(?:る|い(?:る|ます|た))|てます)(?:ので|から|ため)", after_claim=True),
    rule(O, "not-done", _NOT_DONE),
    # "テスト書いてないじゃん", "更新してないじゃないですか": reproached for what was not done.
    # (じゃないですか asks only in form)
    rule(O, "nai-jan", r"(?:て|で)(?:い)?(?:ない|ねえ|ねー)(?:じゃん|じゃないか|じゃないですか|やん)", asked=True,
         unless=r"(?:直って|治って|変わって|効いて|動いて|通って)(?:い)?(?:ない|ねえ|ねー)(?:じゃ|やん)"),
    # "テストも書いてほしかった": what it was wanted to do, and did not (right after its work).
    rule(O, "wanted-done", r"(?<!ない)(?<!なく)(?:て|で)(?:ほしかった|欲しかった)(?:です|んです|んだ|のに|けど|ですが|が|な|なあ|ね)?"
         r"(?:[。．.!！…]|$)", after_claim=True),
    # "テストケースが足りません", "説明が不足しています" right after the work (not the person's time or budget).
    rule(O, "not-enough", r"(?:が|も|は|いくつか|少し|ちょっと|まだ)(?:まだ)?(?:足りない|足りません|足りなかった|足りてない|足りていません|不足して(?:い)?(?:る|ます)|不足です)",
         unless=r"時間|予算|お金|人手|手が|知識|経験|勉強|理解|集中", after_claim=True),
    # "テスト実行してくれてない", "デバッグ用のログが残っています" right after the work: not done, or not cleaned up.
    # "テストの修正がまだです" right after the work (not as the answer to "もう届きましたか？", nor the person's
    # own "デプロイはまだです").
    rule(O, "not-yet", r"がまだ(?:です|だ|みたい(?:です)?|のようです)(?:よ|ね)?(?:[。!！]|$)", after_claim=True, not_an_answer=True),
    # "README の方が古い変数名のままですね" right after the work: a place it did not bring along.
    # (a place named: a bare "前のままです" says the change did nothing, a result-error)
    rule(O, "stale-after-claim", r"(?:が|は|も)[^。、,\n]{0,4}?(?:古い|旧)(?:[^。、,\n]{0,12}?の)?まま(?:です|だ|でした|になって(?:い)?(?:る|ます))(?:よ|ね|けど|が)?(?:[。!！]|$)",
         after_claim=True),
    # "1つ目しか対応してないですよね？", "ヘッダーしか直してない" right after the work: only part of it done.
    # (not the person's own part, nor a reason: "ヘッダーしか変えていないのでレビューは簡単です")
    rule(O, "only-part", r"しか(?:対応|修正|変更|更新|実装|反映|追加|削除|テスト)?(?:し|され|直し|書い|入れ|やっ)て(?:い)?(?:ない|ません|なく)",
         unless=r"(?:私|僕|俺|自分|こちら)(?:は|が|も|で)|(?:ない|ません)(?:ので|から|ため|けど大丈夫|で(?:いい|大丈夫))",
         after_claim=True, asked=True),
    rule(O, "not-done-for-me", r"(?:て|で)くれて(?:い)?(?:ない|ません)(?!か|場合|ので|から|と)", after_claim=True),
    rule(O, "left-over", r"(?:が|も|まだ)残って(?:る|ます|いる|います|しまって(?:る|ます))(?:よ|ね|けど|ですが|んですけど)?(?:[。!！]|$)",
         unless=r"時間|予算|容量|枠|回数|残高|日数|期間|作業|タスク|課題|質問", after_claim=True),
    # ("確認しろと言った", "先に書けと言った": an imperative said before, as well; not ね: "いいねと言った")
    # "いや、pnpmを使って", "違う、yarnにして" (as en "no, use pnpm") right after the work.
    rule(IV, "no-use-instead", r"^(?:いや|いいえ|違う|ちがう|そうじゃなくて|そうではなくて)[、,。.!！\s]+[^。？?\n]{1,24}?(?:を使って|を使う|を使用して|にして|に変えて|でお願い)",
         unless=r"でもいい|でも大丈夫|か[？?]|[？?]|なら", after_claim=True, not_an_answer=True),
    rule(IV, "i-said", r"(?:ないで|るな|ような|ように|だけ|て|で|な|ろ|せよ|(?<=[\u4e00-\u9fff])[けせべめれえげ])(?:って|と)[^とて。、,\n]{0,6}?(?:言|い)"
         r"(?:った|いました|ってる|ってます)"
         r"|(?:さっき|前にも|何度も|何回も|二回|2回|もう|すでに|既に|最初に|先ほど)(?:も)?(?:言|い)"
         r"(?:った|いました|ってる|ってます)"
         # "変えないでと伝えたはず", "モックしないでって指定しましたよね"
         r"|(?:ないで|るな|ような|ように|だけ|て|で|な|ください|下さい)[、,]?(?:って|と)[^とて。、,\n]{0,6}?(?:お?伝えし?"
         r"|指定し|指示し|お願いし|頼ん|念を押し)(?:た|ました|だ|てた|ていた|ていました)(?:はず|のに|よね|でしょ|じゃん|けど|が)"
         r"|約束(?:でした|だった|です|だ|した)(?:よね|のに|けど|が|でしょ)"),
    # "言いましたよね", "伝えたはず", "指定しましたけど": said before, by the user (not "彼が言ったのに").
    rule(IV, "said-but", r"(?<![くク])(?:言|い)った(?:のに|じゃん|じゃない|でしょ|よね)|言ったはず|言いました(?:よね|が|けど|のに)"
         r"|言って(?:た|る|ます|ました)(?:よね|のに|じゃん|でしょ|じゃないですか)"
         r"|(?:お?伝え|指定|指示|お願い|依頼)(?:し)?(?:た(?:のに|はず|じゃ|でしょ|よね)|ました(?:よね|のに))"
         r"|(?:お願い|依頼|指示|指定)して(?:い)?(?:た|ました)(?:と思い|はず|のに|よね|じゃん|でしょ)|頼んだ(?:のに|はず|じゃん|でしょ|よね)|頼みました(?:よね|のに)|(?:何回|何度)[^。\n]{0,10}?言わせ",
         unless=_OTHERS + r"|" + _USERS + r"|(?:さん|くん|氏|様)(?:に|へ)"),
    # "日本語で書いてってば", "触らないでくださいってば": a request said again, with impatience.
    rule(IV, "said-again", r"(?:て|で|ないで)(?:ください|下さい|くれ|よ)?(?:って)?ってば"),
    # "コメントは消してほしくなかった", right after the work "そこは変えてほしくない": what it was not to do.
    rule(IV, "not-wanted", r"(?:て|で)(?:ほしく|欲しく)(?:なかった|ありませんでした)|(?:ないで|なくて)(?:ほしかった|欲しかった)"),
    rule(IV, "not-wanted-after-claim", r"(?:て|で)(?:ほしく|欲しく)(?:ない|ありません)(?:です|んです|んだ|んですけど|んだけど|けど|が)?(?:よ|ね|な)?"
         r"(?:[。．.!！…]|$)", after_claim=True, not_an_answer=True),
    # "先ほどは禁止事項を無視した", "ルールを守っていません", "禁止されているのに追加した": against a standing rule.
    rule(IV, "ignored-rule", r"(?:指示|禁止事項|禁止|ルール|規則|規律|手順|約束|方針|制約|注意事項|指定|要件|お願い|命令)"
         r"[^。\n]{0,24}?(?:を|は)?(?:無視(?:した|しました|して(?:る|い(?:る|ます|た|ました)|ます|しまった|しまいました)|され)"
         r"|守(?:って|られて)(?:い)?(?:ない|ません|なかった|ませんでした)|破(?:った|りました|って(?:る|い)))"
         r"|禁止(?:されて(?:い)?(?:る|た|ます)|して(?:い)?(?:る|た|ます)|した|です|だ|の)(?:のに|はず|よね)|禁止なのに"
         # "ルール違反です" (not "規約違反のユーザーを検出して", a task)
         r"|(?:ルール|規約|規則|規律|指示|約束|ガイドライン)(?:に)?違反(?:です|だ|して(?:い)?(?:る|ます))(?:よ|ね)?(?:[。!！]|$)"),
    # "なんでテストを消したの？" right after the agent's work: it did what was not asked.
    rule(IV, "why-did-you", r"(?:なんで|なぜ|何故|どうして)[^。？?\n]{0,24}?(?:消した|消しちゃった|消したん|削除した|削除したん"
         r"|変えた|変えちゃった|変更した|変更したん|書き換えた|上書きした|いじった|触った|戻した)"
         r"|(?:なんで|なぜ|何故|どうして)[^。？?\n]{0,24}?(?:消し|削除し|変え|変更し|書き換え|上書きし|いじっ|触っ)(?:ちゃ)?(?:た|ました)",
         after_claim=True, asked=True),
    # "元に戻して", "今の変更は取り消して" right after the work (not as the answer to "戻しますか？").
    rule(IV, "revert-that", r"元に戻して|元通りにして|元に戻しなさい|(?:変更|修正|編集|コミット|作業)(?:を|は)?(?:全部|すべて|全て)?(?:元に)?"
         r"(?:戻して|取り消して|差し戻して|リバートして|revertして)|^(?:それ|これ|今の|さっきの|全部)?(?:を|は)?"
         r"(?:戻して|取り消して|リバートして|revertして)(?:ください|下さい|ほしい|欲しい|くれ)?(?:[。!！]|$)",
         # "やっぱり色の変更は戻して": the user changed their mind (not "やっぱり動かないので戻して": it failed)
         unless=_CHANGED_MIND, after_claim=True, not_an_answer=True),
    # "余計なことしないで", "余計な変更が入ってる": more than was asked (not 余計なログを省く).
    rule(IV, "uncalled-for", r"余計な(?:こと|変更|修正|ファイル|コード|処理|コメント|機能)(?:を|が|まで)?"
         r"(?:しないで|するな|した|しました|して(?:る|い)|入って|入れ|加え|追加し|作らないで|作った|作りました|書かないで)"),
    # Right after the agent's work: "この注記は不要", "この節は不要では？": more than was asked (not an answer
    # to the agent's own question; not "修正は不要", a verdict that nothing needs fixing).
    rule(IV, "not-needed-after-claim", r"(?:は|も)不要(?:です|だ|では|なはず|でしょう)?(?:[。．.!！？?]|$)"
         r"|(?:は|も)不要(?:では|じゃ)ない(?:か|でしょうか|ですか)",
         unless=r"(?:修正|変更|対応|作業|確認|心配|遠慮)(?:は|も)?不要", after_claim=True, asked=True, not_an_answer=True),
    rule(IV, "not-asked", r"頼んで(?:い)?(?:ない|ません)|(?:お願い|指示|依頼)して(?:い)?(?:ない|ません)"
         r"|言って(?:い)?(?:ない|ません)(?!か)|言って(?:なくて|ないし)|勝手に|無断で|断りなく|許可なく"
         r"|指示(?:を|に|、|,)?\s?(?:無視|違反|従って(?:い)?(?:ない|ません)|守って(?:い)?(?:ない|ません))"
         r"|指示(?:と|に)(?:違う|反(?:する|し))|誰が[^。？?\n]{0,20}?(?:って|と)(?:言っ|頼ん|お願いし)",
         # "prettier が勝手に整形するのを止めたい": a tool's behaviour to change, a task
         unless=r"(?:の|のを)(?:止めたい|やめたい|やめさせたい|防ぎたい|無効にしたい|オフにしたい)|しないように"),
    # "いや、そこは消さないで", "だから勝手に進めないでください" right after the work: it did what it was not to do.
    rule(IV, "no-dont", r"^(?:いや|いやいや|いえ|ちょっと|待って|ストップ|だから|違う|ちがう)[、,。!！\s]+[^。\n]{0,30}?"
         r"(?:ないで|るな)(?:ください|下さい|くれ|ってば|よ|ね|って)?(?:[。!！]|$)"
         r"|^まだ[^。\n]{0,12}?(?:しないで|触らないで|変えないで|進めないで|書かないで)", after_claim=True, not_an_answer=True),
    # "ちゃんと動作確認してから完了と言って", "できたって言わないで" right after the work: a claim it had not checked.
    rule(IV, "verify-first", r"(?:確認|テスト|動作確認|検証|実行)(?:して)?から(?:完了|終わった|できた|直った|報告)"
         r"|(?:できた|直った|完了した|終わった|動く)(?:って|と)(?:言わないで|言うな|書かないで)", after_claim=True),
    # "聞いただけです", "質問しただけなのに" right after the work: it acted on a question.
    rule(IV, "only-asked", r"(?:聞いた|訊いた|質問した|尋ねた|相談した)だけ(?:です|だ|なんです|なんだ|なんだけど|なんですけど|なので)?(?:よ|ね)?"
         r"(?:[。!！、,]|$)|(?:聞いた|訊いた|質問した|尋ねた|相談した)だけなのに",
         after_claim=True),
    # "それはもう試しました", "既に試してみました" right after the agent's work: what it suggests was tried already.
    # "そのヘルパーはどこから来たの？", "その関数はここにはありません": what the agent used, not in this repository.
    rule(P, "where-from-after-claim", r"どこから(?:来た|きた|出てきた|持ってきた|取ってきた)|どこで(?:見つけ|見た|知っ)"
         r"|(?:は|が)(?:ここ|この(?:リポジトリ|プロジェクト|ファイル|コード))(?:に|には|では)(?:ありません|存在しません|ない(?:です)?(?:[。!！よ]|$))",
         unless=r"なら|れば|たら|場合|ように|べき", after_claim=True, asked=True),
    rule(P, "already-tried-after-claim", r"(?:もう|既に|すでに)(?:それは|それも|それ)?[、,\s]*試し(?:ました|た|てます|てみました|てみた|ています|てる)",
         unless=r"(?:ダメ|だめ|駄目|変わ|効果|動か|動き|直ら|直り|うまく|エラー|同じ)", after_claim=True, not_an_answer=True),
    # "npm ではなく pnpm を使って" is a request (maybe corrective, maybe not): left to "other".
    rule(P, "not-x-but-y", r"(?:じゃ|では)なく(?!も|ても)(?:て)?|(?:そういう|その|って|という)(?:意味|こと)(?:じゃ|では)"
         r"(?:ない|ありません)|そう(?:じゃ|では)(?:ない|ありません)(?!と|か|の|場合)"
         # "閉じたいんであって、開きたいわけじゃない": what was meant, against what was done.
         r"|であって[^。\n]{0,24}?(?:じゃ|では)(?:ない|ありません)|見当違い|^逆(?:です|だ|だよ|ですね)?[。、,!！]",
         unless=f"{_ASKS_FOR}|{_NOT_ONLY}"),
    # "npm ではなく pnpm を使って", "A じゃなくて B でお願いします" right after the work: "no, use X instead"
    # (not as the answer to "npm と pnpm のどちらにしますか？").
    rule(P, "instead-after-claim", r"(?:じゃ|では)なく(?!も|ても)(?:て)?[、,\s]?[^。\n]{0,40}?(?:" + _ASKS_FOR + r")",
         unless=_NOT_ONLY, after_claim=True, not_an_answer=True),
    # "直してほしいのはWeb版じゃなくてRN側", "UTCだと思ってるみたいだけど": what was wanted, or assumed.
    rule(P, "wanted-not", r"(?:ほしい|欲しい|たい|頼んだ|お願いした)のは[^。\n]{0,30}?(?:じゃ|では)なく|意味(?:じゃ|では)なく"
         # "求めてるレイアウトじゃなかった", "頼んだものではありません": what was wanted, and this is not it.
         r"|(?:求めて(?:い)?る|望んで(?:い)?る|頼んだ|お願いした|期待して(?:い)?た|意図した)[^。\n]{0,12}?(?:じゃ|では)"
         r"(?:なかった|ない(?!か|で)|ありません)"
         r"|(?:と思って(?:る|い(?:る|ます))|前提で[^。\n]{0,12}?)(?:みたい|よう)(?:だ|です)?(?:けど|が)"),
    # "ちょっと違う。", "違う違う、…": the reply opens by rejecting what the agent did.
    rule(P, "wrong-opening", r"^(?:いや|いいえ|いえ)?[、,\s]*" + _THAT + r"(?:少し|ちょっと|全然|全く|まったく)?(?:違う|違います|ちがう|ちがいます)"
         r"(?:違う|ちがう)?(?:んです|んだ|んですよ|んだよ|よね|よ|ね|な|って)?[。、,!！\s]"),
    # A bare "違います" says what the agent did is wrong only right after it did something.
    rule(P, "wrong-alone-after-claim", r"^(?:いや|いいえ|いえ)?[、,\s]*" + _THAT + r"(?:少し|ちょっと|全然|全く|まったく)?(?:違う|違います|ちがう|ちがいます)"
         r"(?:違う|ちがう)?(?:んです|んだ|んですよ|んだよ|よね|よ|ね|な)?[。!！\s]*$", after_claim=True),
    # "それじゃない", "これじゃなくて、隣のファイル" (not "それじゃないと動かない": a condition).
    rule(P, "not-that", r"^(?:それ|これ|そっち|こっち|そこ|ここ)(?:じゃ|では)(?:ない|なくて|ありません)(?!と|か|の)"),
    # "そのファイルじゃないです" (not "この形式じゃなくてもいい", nor a request: "その日じゃなくて翌日にして").
    rule(P, "not-that-one", r"^(?:その|この)[^。、,\n]{1,12}?(?:じゃ|では)(?:ない|なくて|ありません)(?!と|か|の|場合|も)",
         unless=_ASKS_FOR),
    # (not a request: "違うブランチで作業して" asks for another one)
    rule(P, "wrong-target", r"違う" + _TARGET + r"|" + _TARGET + r"(?:が|も)?違(?:う|います)(?!か)",
         unless=r"(?:て|で)(?:ください|下さい|ほしい|欲しい|くれ|みて|ね)?[。．.!！\s]*$"),
    # Right after the agent's work: "パスは /srv/app ですが？": a fact it got wrong, put as a question.
    # (not "質問があるんですが？": a fact ends the question, not a lead-in)
    rule(P, "fact-but-asked", r"(?:は|が)[^。？?\n]{1,40}?(?:(?<![んの])(?:です|だ|でした|だった)|なん(?:です|だ))(?:が|けど|けれど)\s?[？?]",
         after_claim=True, asked=True),
    # Right after the agent's work: "その関数はもうありません", "そんなファイルは見当たりません".
    rule(P, "no-such-after-claim", r"(?:その|この|そんな|あの)(?:ような)?[^。、,\n]{0,12}?(?:ファイル|関数|メソッド|クラス|テーブル|カラム|コマンド"
         r"|オプション|パス|ディレクトリ|フォルダ|ライブラリ|パッケージ|モジュール|変数|エンドポイント|設定|キー|フィールド|ページ|ブランチ|api|url)"
         r"(?:は|なんて|も)(?:もう|既に|すでに|どこにも)?(?:ありません|ない(?:です|よ|けど)?|無い|存在しません|見当たらない|見当たりません)(?:[。!！]|$)",
         after_claim=True),
    # "保留の意味は、…触らないということ": what was meant, said again.
    rule(P, "meaning-is", r"意味は[、,]?[^。\n]{0,60}?(?:ということ|って意味|という意味|ってこと)(?:です|だ|だよ)?(?:[。．.!！]|$)"),
    # "いえ、ログイン画面の話です", "フッターのことを言っています" right after the work: what was meant.
    rule(P, "meant-this", r"(?:の|って)(?:こと|話)を(?:言って|して)(?:い)?(?:る|ます)|^(?:いや|いえ|いいえ)[、,\s]*[^。\n]{1,30}?の(?:話|こと)(?:です|だ|なんです|だよ)",
         after_claim=True, not_an_answer=True),
    rule(P, "totally-wrong", r"(?:全然|全く|まったく|完全に)(?:違う|違います|ちがう|違ってる|違っています)(?:よ|ね|んですけど|んだけど|けど)?(?:[。!！]|$)"),
    rule(P, "not-what-was-said", r"(?:話|約束|聞いてた(?:の|話)?|説明)(?:が|と)違(?:う|います|いました|った)"),
    # "そこはわざと直列にしてるんです" right after the work: it undid what was so on purpose.
    rule(P, "on-purpose-after-claim", r"(?:わざと|あえて|敢えて|意図的に)[^。\n]{0,20}?(?:して(?:い)?る|して(?:い)?ます|にして(?:い)?る|にしてます)"
         r"(?:んです|んだ|のです)(?:よ|ね|けど|が)?(?:[。!！、,]|$)", after_claim=True, not_an_answer=True),
    # "いや、全角スペースが入ってるとかじゃないです": the reply opens by ruling out what the agent supposed
    # (not as the answer to its question: "いや、急ぎじゃないです" answers "急ぎですか？").
    rule(P, "no-not-that", r"^(?:いや|いえ|いいえ)[、,\s]+[^。\n]{1,40}?(?:とか|って|という(?:こと|わけ)|わけ)(?:じゃ|では)(?:ない|ありません)"
         r"(?:です|んです|んだ)?(?:よ|ね)?(?:[。!！]|$)", not_an_answer=True),
    # "原因はキャッシュではありません", "対象はこのファイルじゃないです" right after the work: its premise denied.
    rule(P, "premise-denied", r"(?:原因|問題|理由|対象|場所|意図|目的|要件|仕様|前提)(?:は|って)[^。\n]{1,30}?(?:では|じゃ)(?:ありません|ない(?:です|よ|んです)?)(?:[。!！]|$)",
         after_claim=True, not_an_answer=True),
    # "それは古い情報です", "それはもう設定してあります" right after the work: it worked from a stale premise.
    rule(P, "outdated", r"(?:古い|昔の|以前の|旧)(?:情報|仕様|バージョン|ドキュメント|api|データ)(?:です|だ|ですよ|だよ|ですね"
         r"|を(?:見て|参照して|使って)(?:い)?(?:る|ます))(?:[。!！]|$)"
         r"|(?:もう|既に|すでに)[^。\n]{0,16}?(?:して|入れて|書いて|入って)(?:あり(?:ます|ました)|ある|いま(?:す|した))(?:よ|ね)?(?:[。!！]|$)",
         after_claim=True, not_an_answer=True),
    rule(P, "misread", r"勘違い|誤解|取り違え|読み違え|思い違い|見間違え"),
    rule(P, "no-such", r"存在し(?:て)?(?:い)?(?:ない|ません)|そんな(?!に)[^そ。、,\n]{0,8}?(?:ない|ありません)"
         r"|なんて[^な。、,\n]{0,8}?(?:ない|ありません)|でっち上げ|捏造|作り話"),
    rule(R, "wrong", r"間違(?:って(?:る|た|い(?:る|ます|た))|ってます|い(?:です|だ|でした|がある|があります)"
         r"|えて(?:る|い(?:る|ます)))|誤って(?:る|い)|誤りが"
         # "計算が合っていません" (does not add up); not "合ってないか" (a doubt).
         r"|合って(?:い)?(?:ない|ません)(?!か|場合)|合わない(?!か|場合)|合いません(?!か)|合わなかった(?!か|場合)"),
    # "あなたの変更で…", "さっきの修正のせいで…": the agent's change named as the cause.
    rule(R, "your-change", r"(?:あなた|君|きみ)の(?:変更|修正|コミット|編集|コード|実装|pr)"
         r"|(?:さっき|先ほど|今|今回|前回)の(?:変更|修正|コミット|編集)"
         r"|(?:変更|修正|コミット|編集)(?:のせいで|の影響で|してから|した後|後に)",
         also=r"真っ白|表示されな|動かな|落ち|エラー|失敗|壊れ|消え|おかしく|遅く|悪化|ループ|文字化け|崩れ",
         unless=r"(?:エラー|失敗|問題|警告)(?:が|は|も)?(?:出なく|消え|なくな|解消)|直(?:った|りました)|解決"),
    # "直ってない", "何も変わってない", "ダメでした", "うまくいかない": the attempt did not work.
    # (治って, 上手く: the same words in other characters)
    # "相変わらずです" alone right after the agent's work: as before it.
    rule(R, "as-ever-after-claim", r"^(?:うーん|うーむ|んー|ん|えっと)?[、,\s]*相変わらず(?:です|だ|ですね|でした|だね|ですよ)?[。.!！…]*$",
         after_claim=True, not_an_answer=True),
    rule(R, "not-fixed", r"(?:直|治|なお)って(?:い)?(?:ない|ません)(?!か|場合|で(?!す)|" + _NOUN_NEXT + r")|(?:何も|なにも)変わって(?:い)?(?:ない|ません)(?!か)"
         r"|(?:直|治)ら(?:ない|なかった)(?!か|場合|とき|時|ので|から|原因|問題|バグ|不具合|件|こと|の[はがを])|(?:直|治)りません(?!か)"
         r"|解決(?:して|されて)(?:い)?(?:ない|ません)(?!か|場合|ので|から|問題|件)|解消(?:して|されて)(?:い)?(?:ない|ません)(?!か|場合|ので|から|問題|件)"
         r"|(?:エラー|警告|問題|症状|バグ)(?:が|は|も)?(?:まだ)?(?:消えて(?:い)?(?:ない|ません)|消えない|消えません"
         r"|なくなって(?:い)?(?:ない|ません))(?!か|場合|ように|よう)"
         r"|^(?:ダメ|だめ|駄目)(?:でした|だった|です|だ|みたい|っぽい)?(?:[。、,!！…]|$)"
         r"|(?:うまく|上手く)(?:いか|行か|動か)(?:ない|ず|なかった)(?!場合|か|とき|時)"
         r"|(?:うまく|上手く)(?:いきません|行きません|動きません)(?:でした)?(?!か)"
         r"|(?:うまく|上手く)(?:いって|行って|動いて)(?:い)?(?:ない|ません)(?!か|場合|とき|時)"
         r"|同じ(?:エラー|バグ|問題|症状|例外)(?:が|は)?(?:出|まだ|また|です|だ|のまま)"),
    # Right after the agent said it fixed or ran something: a bare report of a failure or of no change
    # ("エラーになります", "ビルドできない", "変わりません", "前のままです", "404 が返ってきます") is its result;
    # opening a task it is a report. The failure ends the sentence: "表示されない場合は…", "反応しない問題を直して"
    # name a case or a task.
    rule(R, "error-after-claim", r"(?:" + _FAILURE + r")" + _REPORT_END + r"|(?:上記|次|以下|同じ)の?エラー",
         # (not the person's own step, nor a bug that comes and goes: "たまに黙って失敗する" describes one)
         unless=r"(?:確認|試|検証|チェック|理解|把握|判断|返信|決め|想像|説明|対応|参加|出席)(?:し|され)?(?:でき|出来)|たまに|時々|ときどき|まれに|稀に"
                r"|(?:私|僕|俺|自分|こちら)(?:は|では|から|も)|今日は|本日は|明日は|しばらく"
                # "どちらでも同じです": either way, no result of the work
                r"|(?:どちら|どっち|どれ|いずれ)(?:でも|も)",
         after_claim=True),
    # "ボタンが消えました", "ヘッダーまで無くなってる", "設定ファイルが見つかりません": what was there is gone
    # (not the error, the warning or the need: "エラーが消えました" is the fix working).
    # (a plain past "消えました" may confirm a removal the agent was asked for: only "まで/も", "ちゃった/てしまった"
    # or a state found, "消えてる")
    rule(R, "gone-after-claim", r"(?:まで|も)(?:消え|消され)(?:た|ました)|(?:まで|も)(?:無く|なく)な(?:った|りました)"
         r"|(?:消え|消され)(?:ちゃった|ちゃいました|ちゃって(?:る|ます)|て(?:る|ます|いる|います|しまった|しまいました|しまって(?:る|ます)))"
         r"|(?:無く|なく)な(?:っ?ちゃった|っ?ちゃいました|っ?ちゃって(?:る|ます)|って(?:る|ます|いる|います|しまった|しまいました|しまって(?:る|ます)))"
         r"|見つから(?:ない|なかった)|見つかりません(?:でした)?|見当たら(?:ない|なかった)|見当たりません(?:でした)?"
         r"|(?:が|も)(?:出(?:ない|ません|なかった|ませんでした)|出て(?:こない|きません|こなかった|きませんでした))",
         unless=r"エラー|警告|ワーニング|問題|不具合|バグ|例外|必要|心配|無駄|重複|ちらつき|遅延|原因|違い|特に|ログ(?:が|は|も)?(?:消え|出なく)"
                r"|(?:ない|ません|なかった)(?:か|かな|かも|場合|とき|時|ように|よう|ので|から|ため|問題|不具合|件)",
         after_claim=True),
    rule(R, "not-fixed-jan", r"(?:直って|治って|変わって|効いて|動いて|通って)(?:い)?(?:ない|ねえ|ねー)(?:じゃん|じゃないか|じゃないですか|やん)",
         asked=True),
    # "前は動いていたのに", "さっきまで表示されてたんですけど" right after the work: it broke what worked.
    rule(R, "used-to-work", r"(?:前|以前|さっき|先ほど|今まで|これまで|昨日|修正前|変更前)(?:は|まで|の段階では|の時点では)(?:は)?"
         r"[^。\n]{0,20}?(?:動いて|できて|出来て|表示されて|通って|使えて|動作して|見えて)(?:い)?(?:た|ました)"
         # (with が/けど, the failure now in the same sentence: "前は手動でできていましたが、自動化したい" plans)
         r"(?:のに|(?:けど|が|んですけど|んですが|のですが)[^。\n]{0,30}?(?:ない|ません|なく|なかった|エラー|失敗|落ち|壊れ|おかし))",
         after_claim=True),
    # "上下が逆です", "順番が逆になってる" right after the work.
    rule(R, "reversed", r"逆(?:です|だ|でした|だった|になって(?:る|ます|いる|います|しまって(?:る|ます))|になっ(?:た|ちゃった|ちゃってる)"
         r"|になりました)(?:よ|ね)?(?:[。!！]|$)", after_claim=True),
    # "3列になるはずなんですが", "デザインと違います" right after the work: not what it should be.
    rule(R, "should-be-but", r"はず(?:なのに|なんですが|なんですけど|なんだけど|なんだが|ですが|だけど|ですけど|が(?!ない|な|ありません))", after_claim=True),
    # "期待値は10ですが、実際は0です", "想定では3件なのに結果は2件" right after the work (not a test to write).
    rule(R, "expected-got-after-claim", r"(?:期待値|期待した値|期待|想定|本来)(?:は|では)?[^。？?\n]{1,30}?(?:が|けど|けれど|のに|なのに)[、,]?\s?(?:実際|結果)",
         unless=r"もし|たら|場合|テスト|アサート|ように", after_claim=True),
    # "項目が二重に表示されます", "リクエストが2回送信されています" right after the work (not "二重送信を防いで": a spec).
    rule(R, "twice-after-claim", r"(?:二重|2重|重複|ダブって)(?:に|して)?(?:表示|登録|送信|実行|呼ばれ|発火|保存|作成|出て|出ま|出る|追加)"
         r"|(?:2回|二回|二度|2度|3回|三回)(?:ずつ)?(?:表示|実行|呼ばれ|送信|発火|出て|出ま|登録|保存|追加|作成)",
         unless=r"ように|ないよう|防|しないで|べき|もし|たら|場合|ください|ほしい|欲しい|リトライ|再試行|まで", after_claim=True),
    rule(R, "differs-from-spec", r"(?:デザイン|仕様|設計|期待|想定|イメージ|指示|要件|見本|モック|サンプル|元|前)(?:と|とは)(?:全然|少し|ちょっと)?"
         r"(?:違う|違います|違いました|違って(?:い)?(?:る|ます)|異なる|異なります|異なって(?:い)?(?:る|ます))"
         r"(?:よ|ね|けど|んですが|んですけど)?(?:[。!！]|$)", after_claim=True),
    # "論理的じゃない", "矛盾しています", "仕様から乖離しています" right after the work: its reasoning is wrong.
    rule(R, "not-sound", r"(?:論理的|合理的|妥当|適切|正確)(?:じゃ|では)(?:ない|ありません)|筋が通(?:らない|りません|ってない)"
         r"|矛盾して(?:い)?(?:る|ます)|乖離して(?:い)?(?:る|ます)", after_claim=True),
    # "前の方が良かった", "全部消えた" right after the work.
    rule(R, "was-better", r"(?:前|元|以前|修正前|変更前)の(?:方|ほう|デザイン|やつ)が(?:良|よ|まし)(?:かった|でした)"
         r"|(?:全部|すべて|全て|何もかも)(?:が)?消え(?:た|ました|ちゃった)", after_claim=True),
    rule(R, "strange", r"おかしい|おかしく(?:な)|変(?:です|だ|な(?:結果|出力|値))"
         r"|(?:なんか|何か|ちょっと|表示が|挙動が|動きが|見た目が|レイアウトが)変(?:な感じ(?:です)?|じゃない)?(?:[。!！…]|$)"),
    # 壊れた/壊した react to a change; "Windows で壊れている" describes a state (a bug report).
    rule(R, "broken", r"壊れ(?:た|ました)(?:よ|ね|けど|じゃん)?[。!！…]*$|壊し(?:た|て(?:る|い))|壊さ(?:れ)"
         r"|動かなくな|悪化|悪くなっ|めちゃくちゃ(?:に|だ|です|になって|[。!！]*$)|ぐちゃぐちゃ"
         r"|(?:落ちる|失敗する|エラーになる|動かなくなる)ようになっ"
         # "前より遅くなった": worse than before the change.
         r"|(?:前|さっき|以前|修正前)より(?:遅く|悪く|ひどく|重く)なっ"),
    # Right after the work: no difference seen ("違いが分かりません", "変化がありません").
    rule(R, "no-difference-after-claim", r"(?:違い|変化|差)(?:が|は)?(?:(?:分か|わか)りません|(?:分か|わか)らない|ありません|ない(?:です)?(?:[。!！ね]|$)|見られません)",
         unless=r"なら|れば|たら|場合|べき|ように|ほしい|欲しい", after_claim=True),
    rule(R, "still", r"(?:まだ|また|やっぱり|依然として|相変わらず|全然)[^まや依相全。、,\n]{0,4}?(?:動かない|動きません"
         r"|エラー|失敗|落ちる|落ちて|ダメ|だめ|壊れ|直って(?:い)?(?:ない|ません)(?!" + _NOUN_NEXT + r")|変わって(?:い)?(?:ない|ません)"
         r"|違う(?![\u4e00-\u9fffァ-ヶーa-z])|違い(?:ます|まし)|間違|おかし|\d{3}|表示され(?:ない|ません)"
         # still cannot: "まだ一覧が読み込めません", "相変わらずログインできない" (not a bare まだできない: not yet)
         r"|(?:読み込め|開け|押せ|選べ|消せ|ログインでき|保存でき)(?:ない|ません)(?!か|でしょう)|反映され(?:て)?(?:い)?(?:ない|ません)|効いて(?:い)?(?:ない|ません)"
         # a state still shown, not one asked for: "やっぱり前のデザインでお願い", "やっぱりこのままでいい"
         r"|効かない|(?:の|な)まま" + _NOT_KEPT + r"|真っ白|真っ黒|遅い|重い"
         # still misaligned, broken, frozen, as a state (not "まだずれても大丈夫", "ずれることがある")
         r"|(?:ずれ|ズレ|崩れ|はみ出し?|固まっ)て(?:る|ます|いる|います)(?![かも])|(?:固まり|フリーズし)ます(?!か)"
         r"|(?:古い|(?:前|古い|元|以前)の)(?:状態|デザイン|表示|画面|レイアウト|ui|値|内容|データ|バージョン)"
         r"(?:のまま" + _NOT_KEPT + r"|です|だ|でした|が(?:表示|出て)))"),
    # Right after the agent's change: "中央揃えになってない", "CSS が効いてない", "反映されてません".
    # (and "中央揃えにならない", "赤くなりません"; not 気にならない, 問題にならない, しなければならない)
    # "もう試しましたがダメでした": what it suggests was tried, and failed.
    rule(R, "tried-failed-after-claim", r"試し(?:ました|た|てみました|てみた|てみても|ても)(?:が|けど|けれど|けども)?[、,\s]*(?:やっぱり|でも|それでも)?[、,\s]*"
         r"(?:ダメ|だめ|駄目|変わりません|変わらな|効果(?:が|は)?(?:ない|ありません|なかった)|動きません|動かな|直りません|直らな|うまくいきません|同じ)",
         after_claim=True),
    # ... and no effect, no use: "効きません", "効果がありません", "効果なしです", "意味がなかったです"
    rule(R, "not-taken-effect", r"(?:に|く)なって(?:い)?(?:ない|ません)|効いて(?:い)?(?:ない|ません)|効かない|効きません"
         r"|効果(?:が|は|も)?(?:全然|全く|まったく|特に)?(?:ない|ありません|なかった|なし|ゼロ)|意味(?:が|は)?(?:なかった|ありませんでした)"
         r"|(?<![気話題苦魔担考])(?<!問題)(?:に|く)なら(?:ない|なかった)|(?<![気話題苦魔担考])(?<!問題)(?:に|く)なりません(?:でした)?"
         r"|反映され(?:て)?(?:い)?(?:ない|ません)|表示され(?:て)?(?:い)?(?:ない|ません)",
         unless=r"(?:ない|ません)(?:か|かな|かも|場合|とき|時|ように|よう|不具合|問題|バグ|件|現象|原因|箇所|ところ|こと|の(?:を|は|が))",
         after_claim=True),
    # "こうなるよ", "こんな感じになります" (a screenshot shown) right after the agent's work: this is what its
    # work does (not "こうなるようにして", a request; "こうなったら…", a case; nor the person pleased with it).
    rule(R, "shows-this-after-claim", r"^(?:でも|だけど|けど|あれ|あれっ|うーん|ん|いや|今|いま|結果)?[、,。\s]*"
         r"(?:こう|こんな(?:感じ|ふう|風)?に)(?:なる|なります|なった|なりました|なっちゃう|なっちゃいます|なっちゃった|なっちゃいました"
         r"|なって(?:る|ます|いる|います|しまう|しまいます|しまった|しまいました))(?:んです|んだ|んですけど|んですが|んだけど|けど|が)?"
         r"(?:よう?|ね|な|わ|よね)?[。.!！…\s]*$",
         unless=r"ありがとう|完璧|いい感じ|良い感じ|素晴らしい|ばっちり|バッチリ|最高|よかった|良かった", after_claim=True),
    # "Could not open the file って表示される", "権限エラーと出ました" right after the agent's work: the
    # error it shows, quoted (not "完了と表示される": the words decide, an error's).
    rule(R, "error-shown-after-claim", r"(?:error|エラー|失敗|できません|出来ません|問題|could\s?not|cannot|can't|unable|failed|invalid|denied"
         r"|not\s?found|見つかりません|exception|例外)[^。\n]{0,80}?(?:って|と)(?:表示され(?:る|ます|た|ました|て(?:い)?(?:る|ます))"
         r"|出(?:る|ます|た|ました|て(?:い)?(?:る|ます)|てくる|てきます|てきた|てきました)|言われ(?:る|ます|た|ました|て(?:い)?(?:る|ます)))"
         + _REPORT_END, after_claim=True),
    # "そこは分岐しなくていいのに", "それは作らなくてよかったんですけど" right after the agent's work: it did what was
    # not needed (not "テストは書かなくていいです": an instruction for what is next).
    rule(IV, "not-needed-done-after-claim", r"なくて(?:も)?(?:いい|良い|よかった|良かった)(?:のに|んですけど|んだけど|んですが)",
         after_claim=True, not_an_answer=True),
    # "PAID なのに PENDING で送ってる", "3件なのに0件と表示されています" right after the agent's work: what it
    # is, and what the work sends or shows instead (not "…と表示されるようにして": a request).
    rule(R, "mismatch-after-claim", r"なのに[^。\n]{0,24}?(?:と|で|に|として)(?:送って|送られて|送信されて|保存されて|表示されて|登録されて"
         r"|出て|なって|返って|返されて|変換されて|書き込まれて|入って)(?:い)?(?:る|ます|た|ました)(?![かもの])",
         unless=r"ように|ようには", after_claim=True),
    # "直しても同じです", "再起動しても変わらない" right after the agent's work: its change did nothing
    # (not "どちらでも同じです": either way, an answer).
    rule(R, "same-even-after-claim", r"(?:し|直し|変え|やっ|やり直し|試し|入れ|消し|戻し|再起動し|再実行し|実行し|ビルドし|更新し|リロードし"
         r"|読み込み直し|キャッシュ(?:を)?(?:消し|削除し|クリアし))ても(?:まだ|やっぱり|結局)?[、,\s]?(?:[^。\n]{1,12}?(?:は|が|も))?"
         r"(?:同じ|一緒|変わら|変わりません|直ら|直りません|ダメ|だめ|駄目)", after_claim=True, not_an_answer=True),
    # "言われた通りに実行したらエラーになりました", "教えてもらったコマンドを打ったけどダメでした": a failure after
    # following the agent's instructions (their words name the agent's advice, so in any context; not "言われた通り
    # にやったら動きました", nor "言われた通りにやってみます").
    rule(R, "followed-but-failed", r"(?:言われた|言われて(?:い)?た|おっしゃった|おっしゃる|教えてもらった|教えていただいた|教えてくれた"
         r"|提案された|提案してくれた|指示された|書いてくれた|くれた)(?:通り|とおり|手順|方法|コマンド|やり方|設定|コード)"
         r"[^。\n]{0,30}?(?:たら|たけど|ましたが|ましたけど|ても|でも|のに|たが)[、,\s]?[^。\n]{0,30}?"
         r"(?:ダメ|だめ|駄目|うまくいか|上手くいか|うまくいきません|" + _FAILURE + r")",
         # the failure named as gone, or the result as wanted: "エラーは消えました", "同じ結果で、期待通りです"
         unless=r"(?:消え|なくなり|無くなり|解消|直り|直っ|治り|出なくな|出ません|出なかった|期待通り|期待どおり|想定通り|想定どおり"
         r"|狙い通り|問題(?:なく|ありません|ない)|動きました|動いた)"),
    # "それは消したでしょ", "テストを変えちゃったじゃないですか" right after the agent's work: it did what it was
    # not to (not "消したでしょうか？" asked of the user's own step, nor a confirmation "消しましたよね？").
    rule(IV, "you-removed-after-claim", r"(?:消し|削除し|消去し|変え|変更し|書き換え|上書きし|いじっ|触っ|戻し)(?:た|ちゃった|ちゃいました)"
         r"(?:でしょ(?!うか)|じゃん|じゃないですか|じゃないか|よな)",
         unless=r"(?:私|僕|俺|自分|こちら)(?:が|で|は)|" + _OTHERS + r"|(?:さん|くん|氏|様)(?:が|は|も)", after_claim=True, asked=True),
    # "いちいちコメントを付けるのはやめて", "勝手に整形するのをやめてください" right after the work: stop doing it
    # (not "自動保存をやめる設定を追加して": a task).
    rule(IV, "stop-doing-after-claim", r"(?:の|こと)(?:は|を)(?:もう)?(?:やめて|止めて|やめろ|やめなさい|やめようよ)"
         r"(?:ください|下さい|くれ|ほしい|欲しい|もらえますか|ってば|って|よ|ね)?(?:[。!！]|$)",
         after_claim=True, not_an_answer=True),
    # "既存の関数を使えばよかったのに", "先に確認すべきでしょ" right after the work: what it should have done
    # (not the person's own "私が先に言えばよかった", nor advice "分けるべきです").
    rule(IV, "should-have-after-claim", r"(?:べき|ばよかった|ば良かった|べきだった|べきでした)(?:のに|でしょ(?!うか)|じゃん|じゃない(?:ですか|か)?[？?])",
         unless=r"(?:私|僕|俺|自分|こちら)(?:が|で|は|も)|(?:言え|伝えれ|書け|伝え)ば", after_claim=True, asked=True),
    # "また同じことをしてる", "同じミスを繰り返してます" right after the work: it did again what it was told not to.
    rule(IV, "did-again-after-claim", r"また(?:同じ(?:こと|ミス|間違い)を)(?:して|やって|繰り返して)(?:る|ます|いる|います)"
         r"|^また(?:やって(?:る|ます)|やった|やりましたね|やっちゃった)(?:ね|よ|な)?(?:[。!！…]|$)"
         r"|同じ(?:ミス|間違い|失敗)を(?:また|何度も)?繰り返して(?:る|ます|いる|います)",
         unless=r"(?:私|僕|俺|自分|こちら)(?:が|で|は|も)|" + _OTHERS + r"|" + _USERS + r"|(?:さん|くん|氏|様)(?:が|は|も)", after_claim=True),
    # "言ったのと違う", "頼んだ通りになってない": not what the person asked (their own request named, in any
    # context; not someone else's: "営業さんが言ったのと違う").
    rule(IV, "not-as-told", r"(?:言った|頼んだ|お願いした|指示した|伝えた|指定した)(?:の|もの|内容|こと)(?:と|とは)(?:全然|少し|ちょっと|全く)?"
         r"(?:違う(?![\u4e00-\u9fffァ-ヶーa-z]|やり|もの|よう)|違います|違って(?:る|ます|いる|います)|異な(?:る|ります|って))"
         r"|(?:言った|頼んだ|お願いした|指示した|伝えた|指定した)(?:通り|とおり)(?:に)?(?:なって|やって|して|でき|作られ|動い)(?:い)?(?:ない|ません)",
         unless=_OTHERS + r"|" + _USERS + r"|(?:さん|くん|氏|様|先生)(?:が|は|の)"),
    # "人の話聞いてる？", "こっちの話をちゃんと聞いてください": the person was not listened to.
    rule(IV, "not-listening", r"(?:^|[、,\s])(?:人|私|僕|俺|こっち|こちら)の話(?:を)?(?:ちゃんと)?(?:聞いて|聞いた|読んで|読んだ)"
         r"(?:る|ます|ますか|ください|下さい|くれ|よ|ない|ません|の)?",
         asked=True),
    # "そこまでしなくていいです", "やりすぎです", "それは要らないです" right after the work: more than was asked.
    rule(IV, "too-much-after-claim", r"^(?:ちょっと|これは|それは|さすがに)?[、,\s]*(?:やりすぎ|やり過ぎ)(?:です|だ|だよ|ですよ|かな)?(?:[。!！…]|$)"
         r"|(?:そこまで|そんなに|ここまで)(?:し|やら|変え|書か|作ら|いじら)なくて(?:も)?(?:いい|良い|大丈夫)"
         r"|^(?:それ|これ|そんなの|こんなの|そんな[^。\n]{1,8}|こんな[^。\n]{1,8})(?:は|も)?(?:要らない|いらない|要りません|いりません)(?:です|よ|ね|んですけど|けど)?(?:[。!！]|$)",
         after_claim=True, not_an_answer=True),
    # "ボタンはどこに行ったの？" right after the work: what was there is gone, asked.
    rule(R, "gone-where-asked", r"(?:どこに|どこへ|どこ)(?:行った|いった|行っちゃった|いっちゃった|消えた|行きました|いきました)",
         after_claim=True, asked=True),
    # "色を変えたかっただけです", "確認したかっただけなのに" right after the work: what the person wanted was less.
    rule(P, "only-wanted-after-claim", r"(?:たかった|てほしかった|て欲しかった|でほしかった)だけ(?:です|なんです|なんですけど|なんだけど|なのに|だよ|だ|で|なので)?(?:よ|ね)?"
         r"(?:[。!！、,]|$)", unless=r"ありがと|助かり|助かる", after_claim=True, not_an_answer=True),
    # "うちは yarn は使ってません", "そもそも Redis は使っていません" right after the work: its premise of the stack.
    rule(P, "we-dont-use-after-claim", r"(?:うち|弊社|このプロジェクト|このリポ|本プロジェクト|ここ|そもそも)(?:で)?(?:は|では|って)?[、,\s]?[^。\n]{0,30}?"
         r"(?:は|を|も)?使って(?:い)?(?:ない|ません)(?:です|よ|けど|んですけど)?(?:[。!！]|$)", after_claim=True, not_an_answer=True),
    # "いや、ポートは3000です" right after the work: a fact it got wrong, put right.
    rule(P, "no-then-fact-after-claim", r"^(?:いや|いえ|いいえ)[、,\s]+[^。\n]{1,30}?(?:は|が)[^。\n]{1,30}?(?:です|だ|だよ|ですよ|なんです|なんだ|ですけど)(?:[。!！]|$)",
         unless=r"いい|良い|よい|大丈夫|結構|ok|完璧|ありがとう|終わり|十分|問題(?:ない|ありません)|平気|気にし|急ぎ|後で|あとで|次(?:は|に|の)|今度(?:は|の)|それから",
         after_claim=True, not_an_answer=True),
    # "なんでテスト書いてないの？", "どうして README を更新してないんですか？" right after the work: left out, asked.
    rule(O, "why-not-done-after-claim", r"(?:なんで|なぜ|何故|どうして)[^。？?\n]{0,24}?(?:書いて|更新して|追加して|入れて|対応して|反映して"
         r"|実行して|テストして|直して|修正して|実装して|含めて|消して|削除して)(?:い)?(?:ない|ません|なかった)",
         after_claim=True, asked=True),
    # "また問題が出ました", "バグがまだあります" right after the work: a problem again, or still.
    rule(R, "again-a-problem-after-claim", r"(?:(?:また|まだ|再び|依然として)(?:同じ)?(?:問題|バグ|不具合)(?:が|は|も)?|(?:問題|バグ|不具合)(?:が|は|も)(?:まだ|また|再び))"
         r"(?:出(?:た|ました|て(?:い)?(?:る|ます)|ます)|あり(?:ます|ました)|ある|あった|残って(?:い)?(?:る|ます)"
         r"|起き(?:た|ました|て(?:い)?(?:る|ます))|発生し(?:た|ました|て(?:い)?(?:る|ます)))" + _REPORT_END,
         after_claim=True),
    # "一部だけ直ってます", "中途半端です" right after the work: it did part of it.
    rule(R, "halfway-after-claim", r"^中途半端(?:です|だ|でした|だよ|ですね)?(?:[。!！…]|$)|(?:一部|半分|一つ|1つ|ひとつ|片方)だけ(?:直って|動いて|反映されて|変わって|表示されて)(?:い)?(?:る|ます)",
         after_claim=True),
)

# Within a type, the rules that read the words alone come first and those that need the agent's work
# after them: "勝手にいじったので元に戻して" is named by what it says was done (勝手に), not by the undoing.
TYPES = tuple(sorted(TYPES, key=lambda r: r.after_claim))
TYPES = not_others(TYPES, _OTHERS, _USERS)
# Bare reports of a bad state (not done, still wrong): about the agent's work after its turn, a new task after a known
# turn that claimed nothing (an explanation, a question, a plan).
TYPES = reports(TYPES, frozenset({"not-done", "not-fixed", "still", "not-taken-effect", "strange"}))
# Asked (the question mark decides), so read in the whole text: `not_others` would read sentences, which
# lose their marks.
TYPES += (
    # Right after the agent said it was done: "テストも更新した？", "READMEも直しましたか？" asks about what it
    # may have left out (a plain question does not name another part with も).
    rule(O, "also-done-asked", r"も(?:ちゃんと)?(?:更新|修正|変更|追加|対応|反映|削除|実装|テスト|考慮|記載|登録|移行|コミット)"
         r"(?:し|され)?(?:た|ました|てくれた|てくれました|てある|てあります|て(?:い)?ます|て(?:い)?る|済み)(?:か|の|んですか|ですか|でしょうか)?"
         r"\s?[？?]|も(?:直し|書い|入れ|変え|消し|足し)(?:た|ました|てくれた|てある|てあります)(?:か|の|んですか)?\s?[？?]"
         r"|忘れて(?:い)?(?:ない|ません)(?:か|ですか)?\s?[？?]"
         # "Info.plist にも追加が必要じゃないですか？", "スキーマの方に入ってないですよね？"
         r"|(?:に|で|の方)も[^。？?\n]{0,12}?必要(?:じゃ|では)(?:ない|ありません)(?:です)?(?:か|かね|よね)?\s?[？?]",
         after_claim=True, asked=True, not_an_answer=True),
    # "スキーマの方に入ってないですよね？" right after the work: a part it left out, asked
    # (not "まだ本番には入ってないですよね？": a question of when).
    # (the question mark is read in the whole text, so the sentence's words come before it, bounded)
    rule(O, "not-included-asked", r"(?:^|[。！!？?\n])(?:(?!まだ|もう|既に|すでに)[^。！!？?\n]){0,40}?"
         r"(?:入って|含まれて|反映されて|書かれて|追加されて|更新されて)(?:い)?(?:ない|ません)(?:です)?(?:よね|か|ですか|ですよね)\s?[？?]",
         after_claim=True, asked=True, not_an_answer=True),
    # "なんで動かないの？", "どうしてまだエラーになるんですか？" right after the agent's work: it does not, asked
    # (not "なぜこのエラーが起きたのか教えて": how a failure came about, the agent's work not said to fail).
    rule(R, "why-fails-after-claim", r"(?:なんで|なぜ|何故|どうして)[^。？?\n]{0,24}?(?:動か(?:ない|ん)|動きません|(?:でき|出来)(?:ない|ません)"
         r"|(?:表示|反映|保存|適用|実行|更新)され(?:ない|ません)|効か(?:ない|ん)|効きません|変わら(?:ない|ん)|変わりません|直ら(?:ない|ん)|直りません"
         r"|通ら(?:ない|ん)|通りません|エラーに(?:なる|なります)|エラーが出(?:る|ます)|落ちる|落ちます|失敗する|失敗します)"
         r"(?:の|んですか|んだ|んでしょう|のですか|のか)?\s?[？?]", after_claim=True, asked=True),
    # "キャッシュが効いていないのでは？", "ビルドできないのでは？" right after the work: a failure suspected.
    rule(R, "suspected-failure-asked", r"(?:でき|出来|動か|表示され|反映され|効いて|効か|されて|入って|含まれて|通ら|動いて)(?:い)?(?:ない|ません)"
         r"(?:の|ん)(?:では|じゃ)(?:ない)?(?:か|かな|ですか)?\s?[？?]"
         # "テスト落ちてない？", "レイアウト崩れてませんか？"
         r"|(?:落ちて|壊れて|ずれて|ズレて|崩れて|バグって|おかしくなって)(?:い)?(?:ない|ません)(?:か|ですか)?\s?[？?]",
         after_claim=True, asked=True),
)

EXCLUSIONS = (
    rule(SELF_BLAME, "mine", r"(?:私|僕|ぼく|俺|おれ|自分|わたし|こちら)(?:の|が)[^私僕ぼ俺お自わこ。、,\n]{0,6}?"
         r"(?:間違|まちが|ミス|勘違い|誤り|書き間違|記憶違い|見落とし|忘れ|せい|落ち度|不注意|伝え)"
         r"|(?:すみません|ごめん|失礼)[、,。\s]*[^すご失。\n]{0,8}?(?:間違え(?:ました|た)|勘違い|書き間違え|言い間違え)"
         r"|言い間違え|書き間違え(?:ました|た)"
         # "ごめん、渡したファイル間違ってた": what the user gave the agent was wrong.
         r"|(?:渡し|送っ|貼っ|貼り付け|共有し|教え)た[^。、,\n]{0,10}?(?:間違|違って|違いま|古い|古かった|typo|タイポ|誤字|誤記)"
         r"|(?:私|僕|ぼく|俺|おれ|自分|わたし)[^。\nあ]{0,15}?のせい(?:でした|だった|です|だ)"
         r"|のは(?:私|僕|ぼく|俺|おれ|自分|わたし)(?:です|でした|だ|の方)"
         # "言い忘れましたが…": the user forgot to mention something.
         r"|言い忘れ|伝え忘れ|(?:言う|伝える|書く|教える|共有する|話す)の(?:を)?忘れ"
         # "リポジトリ取り違えてました、billing-service で作業します": the user's slip, and the user's own plan
         r"|(?:取り違え|間違え|勘違いし|見間違え|読み違え)て(?:い)?ました[、,\s]*[^。\n]{0,30}?(?:します|しますね|しておきます)(?:[。!！]|$)"
         # "すみません、別のファイルでした", "ごめん、違うブランチだった": what the user pointed at was wrong
         # (an apology, not the polite opener "すみませんが")
         r"|(?:すみません|すいません|ごめん|申し訳|失礼)(?!が|けど)[^。\n]{0,12}?(?:別の|違う|他の)[^。、,\n]{0,8}?(?:でした|だった)"
         # "違うファイルを見てた、ごめん": the same slip, the apology after it
         r"|(?:違う|別の|他の)[^。\n]{0,12}?(?:見て|開いて|指定して|渡して|送って|貼って|書いて)(?:た|ました|いました)[、,。\s]*(?:ごめん|すみません|すいません|申し訳|失礼)"
         # "さっきの要件に誤りがありました", "伝えた仕様が古かった": what the user gave was wrong
         r"|(?:要件|指示|依頼|伝えた内容|お伝えした内容|仕様書|前提条件)(?:に|が|で)(?:一部)?(?:誤り|間違い|ミス|不備)(?:が)?(?:ありました|あった|ありまして|でした)"
         # (not "お願いした内容が古いままです": what the agent left undone)
         r"|(?:伝えた|お伝えした|渡した|書いた)(?:の|内容|要件|仕様|情報|数字|値)(?:は|が)[^。\n]{0,16}?(?:間違|誤り|古い(?!まま)|古かった|去年|昨年)"
         # "すみません、…正しくは以下です": the user restates their own words
         r"|(?:すみません|すいません|ごめん|申し訳)(?!が|けど)[^\n]{0,40}?(?:正しくは|訂正します|訂正させて)"
         # "ごめんなさい、逆でした", "すみません、さっき言ったの A じゃなくて B の方でした": the user's own words put right
         r"|(?:すみません|すいません|ごめん|申し訳|失礼)(?!が|けど)[^。\n]{0,12}?逆(?:でした|だった)"
         r"|(?:すみません|すいません|ごめん|申し訳)(?!が|けど)[^\n]{0,60}?(?:の方|のほう)(?:でした|だった)"),
    # (not かもしれない, nor どうしたら/どうすれば: "how do I"; "書いてくれればいいのに" reproaches)
    rule(HYPOTHETICAL, "if", r"(?<!か)もし|万一|万が一|場合|としたら|であれば|(?<!どうし)(?<!見当)たら|(?<!どうす)れば|なら(?!ない|なかった|なく|ず|べ|び|ぬ)"
         r"|(?<![同当一臨随常定即日])(?:とき|時)(?:は|に|には|、|の|も|でも)|(?<=[\u4e00-\u9fffァ-ヶー]の)とき(?!の)|(?<![実国交])際(?:は|に|の|、)",
         # (an emoji or a symbol may close the sentence: "…ようになった👏")
         unless=r"(?:た|ました|でした|だった)[\s。．.！!…\u2600-\u27bf\U0001f300-\U0001faff]*$"
                # "スマホで開こうとしたら\n(the error)": what happened when the person tried, the result on its own line
                r"|[こそとのもろごぼおよ]うとしたら[、,\s]*$"
                r"|(?:れば|たら)(?:いい|良い)(?:のに|んだよ|んですよ|んだけど|だけ)|(?:れば|たら)(?:よかった|良かった)のに"
                r"|^(?:いや|いえ|いいえ)?[、,\s]*(?:そう|それ|そっち|これ)(?:じゃ|では)なく(?:て)?[、,]"
                # "保存を押したらエラーになります": what happened when the person tried it, not a condition
                r"|^(?![^。\n]{0,80}?(?:もし|万一|万が一|場合|とき|時|なら|れば))[^。\n]{0,80}?(?:たら|ても|でも)[、,\s]?[^。\n]{0,40}?"
                r"(?:" + _FAILURE + r")" + _REPORT_END
                # "保存ボタンを押した時に何も起こりません": what happens when the person did it, a report (not "失敗したときは…")
                + r"|^(?![^。\n]{0,80}?(?:もし|万一|万が一|場合|なら|れば))[^。\n]{0,40}?(?:押し|クリックし|タップし|開い|実行し|起動し|リロードし"
                r"|更新し|保存し|ログインし|アクセスし|入力し|選択し|送信し|読み込ん|スクロールし|ビルドし)た(?:とき|時|際)(?:に|は|、|,)?[、,\s]?[^。\n]{0,40}?"
                r"(?:" + _FAILURE + r")" + _REPORT_END),
    rule(AGREEMENT, "yes-but", r"^(?:はい|ええ|うん|そう(?:です)?(?:ね)?|いいね|いい(?:です)?ね|良い(?:です)?ね"
         r"|了解(?:です|しました)?|ok|オッケー|なるほど|ありがとう(?:ございます)?|確かに|たしかに|そうそう"
         r"|わかりました|分かりました|完璧(?:です)?|素晴らしい)[、,。.!！\s]*(?:でも|ただ|けど|けれど|しかし"
         r"|あと|それと|ところで|ついでに|さらに|次は)",
         # "ありがとう、でもまだ動かない": thanks, then the attempt failed (a report, not an elaboration).
         unless=r"(?:まだ|また|相変わらず|やっぱり)[^。\n]{0,8}?(?:動か|エラー|失敗|落ち|ダメ|だめ|直って|変わって|表示され)"),
    rule(RECHECK, "check-again", r"再確認|もう一度(?:確認|見て|チェック|調べ)|もう一回(?:確認|見て|チェック)"
         r"|確認して(?:もらえ|くれ|ください|下さい|ほしい|欲しい)|見直して|確かめて|本当に|ほんとに"
         r"|合って(?:る|い(?:る|ます)|ます)?か|大丈夫(?:です)?か|念のため|かもしれ|かも(?:ね|よ)?[。.!！]*$"
         r"|気がする|っぽい|でしょうか|調べて|調査して|原因を",
         # "CI で落ちてます。ローカルでは通ってるっぽいですが": a failure said outright, in another sentence, is no doubt
         unless=r"(?:落ちて|失敗して|崩れて|壊れて)(?:い)?ます(?:ね|よ)?(?:[。!！]|$)|(?:動き|変わり|直り)ません(?:でした)?(?:[。!！]|$)"),
    rule(NEGATED, "nothing-wrong", r"(?:漏れ|抜け|間違い|ミス|問題|エラー|不具合|見落とし)(?:は|も)?"
         r"(?:ない|なし|ありません|無い|無し|なかった|ございません)|問題なく|間違いなく|大丈夫(?:です)?(?!か)"
         r"|悪くない|気にしないで|既知の|元々(?!の)|もともと(?!の)|前から(?:壊れ|おかし|間違)"
         # "私のミスではありません": a mistake denied.
         r"|(?:漏れ|抜け|間違い|ミス|問題|不具合|見落とし|勘違い|誤り)(?:では|じゃ)(?:ない|なく|ありません|なかった)",
         # "前は問題なく動いていたのに今は動かない": what worked before, against now.
         unless=r"(?:て|で)(?:い)?た(?:のに|けど|が)|(?:できて|出来て|動いて|通って|使えて)いて|今(?:は)?(?:でき|出来|動か|表示され|通ら)"
                # "Android だとまだ崩れてます。iOS は大丈夫でした": the other part still fails
                # (said as a finished statement: not "まだ表示されてないけど問題ないです")
                r"|(?:まだ|相変わらず|依然)[^。\n]{0,12}?(?:崩れ|ずれ|ズレ|エラー|失敗|落ち|動か|ダメ|だめ|直って|治って|変わって|固ま|表示され)"
                r"[^。、,\n]{0,8}?(?:ます|ません|ない|てる|です|でした)(?:ね|よ)?(?:[。!！]|$)"
                # "Chrome は大丈夫ですが Safari だとエラーになります": one part fine, the other failing, said outright
                r"|(?:ですが|だが|だけど|ですけど|けど|けれど)[、,\s]?[^。\n]{0,30}?(?:" + _FAILURE + r")" + _REPORT_END),
    # Upstream, the old code, a colleague by name (田中さん), last month: someone else's error.
    rule(THIRD_PARTY, "someone-else", r"上流|外部(?:の)?ライブラリ|ライブラリ(?:の|側|が)|サードパーティ"
         r"|旧(?:実装|コード|バージョン|版|仕様|システム)|(?:以前|前|昔|古い|元)の(?:実装|コード|バージョン"
         r"|エンジニア|担当|人|システム|仕様)|古(?:い|く)|先週|先月|去年|昨年|前任|(?:さん|くん|ちゃん|氏)(?:が|は|の|も)"
         r"|お客様|顧客|同僚|他(?:の)?チーム|別(?:の)?チーム",
         also=_ERR, unless=_AGENT),
    # "…が壊れていたので作り直しています": a problem as the reason for our own plan; a password
    # that is wrong is a case the product handles.
    rule(NEW_TASK, "labelled-report", LABELLED_REPORT),
    # "要件が変わりました", "別件ですが、…": the task changed, or another one begins (not the agent's work named).
    rule(NEW_TASK, "changed-or-aside", r"(?:要件|仕様|方針|予定|前提|要望)(?:が|も)(?:変わり|変更になり|変わっ)"
         r"|(?:^|[、。\s])(?:別件|別の話|話は変わりますが|それとは別に|関係ない(?:けど|ですが|んですが))",
         unless=_AGENT + r"|あなた|変更で|修正で"),
    rule(NEW_TASK, "reason-for-work", r"(?:" + _ERR + r")[^。？?！!、,]{0,12}?(?:ので|から|ため)",
         also=r"(?:ましょう|しよう|予定|つもり|ています|ていきます|します|中です|ところです)[。.!！…]*$",
         unless=_AGENT),
    rule(NEW_TASK, "password", r"パスワード|暗証番号|認証コード", also=_ERR, unless=_AGENT),
)

CORRECTIVE = rx(
    r"^(?:違う|違います|いや|いいえ|ちょっと待って|待って|ストップ|やめて)|なんで|何して|何やって"
    r"|元に戻して|戻して|やめて|やり直し|違(?:う|います)|ちゃんと|ダメ|だめ|じゃない|^[^。、？?]{1,12}は[？?]$"
)
PRAISE = rx(r"^(?:ありがとう|完璧|いいね|素晴らしい|了解|ok|オッケー|問題ない|大丈夫)")
QUESTION = rx(r"(?:か|かな|かね|の|でしょう|だろう)[\s。．.!！…]*$")

# What the agent did against an instruction: "…ないようにと言われていたのに…してしまいました".
_AGAINST = (r"(?:言われて(?:い)?た|指示(?:いただ|され|を受け)て(?:い)?た|お願いされて(?:い)?た|伺って(?:い)?た)のに"
            r"|とのことでしたが|(?:ご)?(?:指示|依頼|要望)に反して|(?:ご)?(?:指示|依頼|要望)を無視して|ご依頼でしたが")
_AGAINST_DONE = r"(?:" + _AGAINST + r")[^。\n]{0,60}?(?:て|で)しま(?:い|っ)"
_LEAKED = r"(?:が|も)漏れて(?:い)?ました"  # "更新が漏れていました"
# "(私が)書いた正規表現が間違っていました": the agent's own work, named as wrong.
_MY_WORK_WRONG = r"(?:書いた|追加した|提案した|実装した|作成した|修正した)[^。\n]{0,30}?(?:間違って|誤って|誤り|バグ|不具合)"
ADMISSION = rx(
    r"(?:忘れて|見落として|見落とし|漏らして|抜かして|勘違いして|誤解して|間違えて|取り違えて|読み違えて"
    r"|見誤って|壊して|無視して)(?:い)?(?:まし)?た"
    r"|(?:私|僕|こちら)(?:の|が)(?:ミス|間違い|勘違い|誤り|不注意|見落とし|落ち度|不手際|確認不足|検証不足)"
    # "更新が漏れていました", "前提を誤っていました", "思い込んでいました": the agent's own report, polite past.
    r"|" + _LEAKED + r"|前提を(?:誤|間違え)って(?:い)?ました|思い込んで(?:い)?ました"
    r"|" + _AGAINST_DONE +
    # "私が書いた正規表現が間違っていました", "先ほどの修正では問題が解決していませんでした"
    r"|(?:私|こちら)が" + _MY_WORK_WRONG +
    r"|(?:先ほど|前回|さっき|直前)の(?:修正|変更|回答|提案)(?:で|は|では)[^。\n]{0,20}?(?:解決して(?:い)?ません"
    r"|効いて(?:い)?ません|誤り|間違)"
)

ADMISSION_HINT = rx(r"忘れ|見落と|漏らし|抜かし|勘違い|誤解|間違|取り違え|読み違え|見誤|壊し|無視し|ミス|誤り|不注意"
                    r"|落ち度|不手際|不足|漏れて|前提を|思い込|たのに|とのこと|反して|無視|ご依頼|私が|こちらが|解決して|効いて")

# Typing an admission: the human rules, and the forms only an agent uses about itself.
SELF_TYPES = TYPES + (
    rule(O, "self-leak", _LEAKED + r"|(?:確認|検証|テスト)不足"),
    rule(IV, "self-against", _AGAINST_DONE),
    rule(P, "self-premise", r"前提を(?:誤|間違え)って|思い込んで(?:い)?ました|(?:と|を)想定して(?:い)?ましたが"),
    rule(R, "self-result", _MY_WORK_WRONG + r"|(?:解決して|効いて)(?:い)?ませんでした"),
)

REVIEW_CLEAN = rx(r"問題(?:は)?(?:ありません|ない|なし|無し)|指摘(?:事項)?(?:は)?(?:ありません|なし|ない)|lgtm")
REVIEW_PROBLEM = rx(r"指摘(?:事項|点)?|問題(?:が|を)?(?:あり|見つかり|発見)|修正(?:が|を)?(?:必要|推奨)"
                    r"|要修正|不具合|バグ(?:が|を)?(?:あり|見つかり)")

# A paste set apart from the agent's work by the words typed with it: the next item of a series
# ("次はこれです", "次のエラー"), another problem ("別件ですが"), an example or what is wanted ("こんな感じで",
# "期待する出力"), someone else's or an old run ("昨日のログ", "同僚の環境では").
MOVED_ON = rx(
    r"^(?:じゃあ|では|で)?[、,\s]*(?:次|つぎ)(?:は|も)?[、,\s]*(?:これ|こちら|こっち|こんな|このエラー)|(?:次|つぎ|別|他|ほか)の(?:エラー|問題|課題|件|タスク|ログ)"
    r"|別件|関係ない|無関係|参考(?:まで|に|として)|例えば|こんな(?:感じ|ふう|風)(?:に|で)|(?:期待|想定)(?:する|している|してる)?(?:出力|結果|形式)"
    r"|昨日|先週|先月|同僚|お客様|(?:ユーザー|顧客)から|(?:古い|旧|以前の)(?:バージョン|コード|実装|システム)"
)

# "今度は TypeError が出ます", "実行したら「TypeError: …」って出ました", "NullPointerException が発生します"
# (not "ValueError を投げるようにして", "KeyError を処理して", "TypeError は消えました", "もし TypeError が出たら").
ERROR_NAMED = rule(R, "error-named-after-claim",
    r"出ました|出ます|出る|出て|発生|表示され|になりました|になります|になる|と言われ|落ちます|落ちる|今度は|まだ|また|相変わらず",
    unless=r"もし|出たら|発生したら|なったら|場合|ときは|時は|なら|ように|処理|ハンドリング|投げ|キャッチ|捕捉|リネーム|名前を変え"
    r"|テスト|消えました|消えた|直りました|直った|解決|出なくなり|なくなりました|ありがとう|同僚|昨日|以前"
    # the next task named by its error ("次は KeyError の対応をお願いします")
    r"|次は|次に|別件|ついでに|対応|お願い", after_claim=True)

PACK = Pack(
    lang="ja", types=TYPES, exclusions=EXCLUSIONS, corrective=CORRECTIVE, praise=PRAISE,
    question=QUESTION, admission=ADMISSION, admission_hint=ADMISSION_HINT, self_types=SELF_TYPES, finding_types=TYPES,
    review_problem=REVIEW_PROBLEM, review_clean=REVIEW_CLEAN, moved_on=MOVED_ON, error_named=ERROR_NAMED,
)
