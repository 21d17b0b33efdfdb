"""The Japanese pack on the phenomena of real corrections, in their ordinary forms: polite and
plain (変わりません / 変わらない), kana and kanji (直って / 治って, できない / 出来ない), with and
without a subject. Most of them are reports that only mean something right after the agent's
work: each is checked after a turn that claimed a fix, after one that only asked, and (where the
words alone say nothing) opening a task. Beside them, the look-alikes that must stay untyped
there: new tasks that describe a bug, cases, questions, plans, thanks, the user's own slip.
Every message here is written for the test."""
from __future__ import annotations

import pytest

from git_ledger.classify import classify as C
from git_ledger.models import TYPES

R, O, P, IV = "result-error", "omission", "premise-error", "instruction-violation"

# The agent's previous turn: it claimed a fix and edited a file; or it only asked which way to go.
FIXED = ("保存処理を修正しました。これで正しく動くはずです。", ["Edit(src/save.ts)"])
ASKED = ("どちらの方式で進めますか？", ["Read(src/save.ts)"])
OFFERED = ("設定ファイルを更新しました。テストも追加しますか？", ["Edit(config.yaml)"])


def typed(text: str, context: tuple[str, list[str]] | None = None) -> str:
    c = C.classify(text) if context is None else C.classify(text, previous=context[0], previous_tools=context[1])
    return c.type if c.type in TYPES else "untyped"


# Reports of the result right after the agent's work: typed then, and not after a turn that claimed nothing.
REPORTS = [
    # no change
    ("変わりません", R), ("何も変わりませんでした", R), ("全然変わってないです", R), ("変化なしです", R),
    ("前のままです", R), ("さっきと同じ結果です", R), ("なにも起きません", R), ("クリックしても何も起こらない", R),
    # not fixed, in both spellings
    ("直っていません", R), ("治ってないです", R), ("直りませんでした", R), ("まだ治らない", R), ("解決していません", R),
    ("エラーは消えていません", R), ("うまくいってないです", R), ("上手くいきません", R),
    # a failure said of the result, plain and polite
    ("エラーになりました", R), ("保存するとエラーになってしまいます", R), ("ビルドするとエラーが出ました", R),
    ("起動しなくなりました", R), ("動作しません", R), ("出来ません", R), ("ログインできないです", R),
    ("まだ出来てないです", R), ("ボタンが表示されません", R), ("画面に何も表示されないんですけど", R),
    ("500 エラーが返ってきます", R), ("404 になりました", R), ("テストが通りませんでした", R),
    ("ボタンを押しても反応がありません", R), ("レイアウトが崩れちゃった", R), ("文字化けしています", R),
    ("遅くなりました", R), ("相変わらず遅いです", R), ("まだ英語のままです", R),
    # it took away what was there
    ("ヘッダーまで消えてる", R), ("戻るボタンが無くなってしまいました", R), ("設定ファイルが見つかりません", R),
    # worked before the change
    ("さっきまで動いてたのに", R), ("前は問題なく保存できていたのに、今はできません", R),
    ("上下が逆です", R), ("並び順が逆になってる", R),
    # what happened when the person tried it ("…たら" reports, it does not suppose)
    ("保存ボタンを押したらエラーになります", R), ("再起動しても変わりません", R),
    # against the person's will, or empty
    ("ログアウトされちゃいます", R), ("トップページに飛んでしまいます", R), ("結果が空になります", R),
    ("undefined が返ってきます", R), ("ボタンが出てこない", R),
    # not what it should be
    ("3列になるはずなんですが", R), ("デザインと違います", R), ("テストケースが足りません", O),
    # on screen, duplicated, left as it was, left behind
    ("ボタンの位置がずれてる", R), ("テキストがはみ出しています", R), ("二重に登録されています", R),
    ("英語のままになってる", R), ("デバッグ用のログが残っています", O), ("テスト実行してくれてない", O),
    ("保存されていません", O),
    # more spellings of the same reports
    ("変化ありません", R), ("なおってない", R), ("まだ真っ白なままです", R), ("まだ古いデザインです", R),
    ("画像が表示されなくなりました", R), ("ボタンが見えません", R),
    ("中央揃えになりません", R), ("保存しても保存されない", R), ("関数が呼び出されません", R), ("なんか変", R),
    # plain and dialect negatives, freezing, "ended up", a test run's count, still misaligned
    ("動かん", R), ("ビルドできへん", R), ("まだ 固まります", R), ("スクロールするとフリーズします", R),
    ("日付が一日ずれた値になっちゃってます", R), ("全部1つのセルに入っちゃいます", R), ("3 failed です", R),
    ("まだずれてます", R), ("まだレイアウト崩れてます", R),
]

# Corrections whatever the context: the words say the agent got it wrong.
CORRECTIONS = [
    ("直ってないじゃないですか", R), ("変わってないじゃん", R),
    ("テストは消さないでって言ったよね", IV), ("日本語で書くように言いましたよね", IV), ("前にも伝えたはずです", IV),
    ("pnpm を使うと指定しましたよね", IV), ("コメントは消してほしくなかった", IV), ("勝手に変えないでほしかったです", IV),
    ("禁止事項を無視しましたね", IV), ("手順を守っていません", IV), ("本番への push は禁止されているのに", IV),
    ("npm ではなく pnpm です", P), ("そうではありません、フッターの話です", P), ("違いますよ。ヘッダーの方です", P),
    ("型定義が抜けています", O), ("数字が合いません", R), ("話が違います", P), ("全然違います", P),
    ("それは違います。設定は共有フォルダです", P), ("そのファイルじゃないです", P),
    ("ルール違反です", IV), ("誰がファイルを消してって言ったの？", IV), ("何回同じことを言わせるの", IV),
    ("敬語で書いてくださいってば", IV), ("そこは触らないでってば", IV), ("ダークモードの方もお願いしてたと思います", IV),
]

# Corrections right after the agent's work only (at the start of a task, or after a question, they say nothing).
AFTER_CLAIM = [
    ("違います", P), ("ちがうよ", P), ("パスは /srv/app ですが？", P), ("そのメソッドはもうありません", P),
    ("そこは変えてほしくないです", IV), ("なんでテストを消したの？", IV), ("どうして設定を書き換えたんですか？", IV),
    ("元に戻して", IV), ("今の変更は取り消してください", IV),
    ("テストも更新した？", O), ("README も直しましたか？", O), ("他の画面も対応済みですか？", O),
    ("型チェックも通してほしかったです", O),
    ("いや、そこは消さないで", IV), ("いえ、ログイン画面の話です", P), ("フッターのことを言っています", P),
    ("原因はキャッシュではありません", P), ("キャッシュが効いていないのでは？", R),
    ("手順が抜けているので追記してください", O), ("npm ではなく pnpm を使ってください", P), ("A じゃなくて B でお願いします", P),
    ("聞いただけです", IV), ("まだ実装しないで", IV), ("テスト落ちてない？", R), ("論理的じゃないですね", R),
    ("説明が矛盾しています", R), ("その節は不要ではないか", IV),
    ("前の方が良かったです", R), ("全部消えた", R), ("それは古い情報です", P), ("それはもう設定してあります", P),
    ("テストの修正がまだです", O), ("マイグレーション忘れてない？", O),
    ("ちゃんと動作確認してから完了と言ってください", IV), ("できてないのにできたって言わないで", IV),
    # a place it did not bring along; only part of it done; what was meant to be there, asked
    ("設定画面の方が古いラベルのままですね", O), ("ヘッダーしか直してないですよね？", O), ("2件目しか対応してなくないですか？", O),
    ("サーバー側にも設定が必要じゃないですか？", O), ("テスト用の設定ファイルの方に入ってないですよね？", O),
    ("手順がいくつか足りないです", O),
    # said before, or so on purpose
    ("そこはあえて同期にしてるんです", P),
]

# Untyped even right after the agent's work: new tasks, cases, plans, thanks, questions, the user's own part.
NOT_AFTER_CLAIM = [
    "直りました！ありがとう", "エラーが消えました", "エラーは出なくなりました", "表示されるようになりました",
    "問題なく動いています", "テストは全部通りました", "うまくいきました！", "反映されました", "治りました",
    "不要なファイルは消えました", "古いログが消えてるのを確認しました", "警告がなくなってる", "特に見当たりません",
    "表示されない場合はエラーメッセージを出すようにして", "もし動かなかったら教えて", "動かないときは再起動して",
    "モバイルでボタンが表示されない不具合を修正して", "エラーハンドリングが抜けている箇所を洗い出して",
    "一つのページにまとめることはできないでしょうか？", "これで変わりますか？", "変わりませんか？", "違いますか？",
    "まだ確認できていません", "まだ試していません", "エラーになる場合はどうすればいいですか？",
    "どうしたらエラーが消えますか？", "500 エラーになる原因は何ですか？",
    "既存の API は変えてほしくないので、新しいエンドポイントを作って", "違うブランチで作業して",
    "前は手動でデプロイできていましたが、自動化したいです", "逆順にソートして", "逆に、こちらの案はどうですか",
    "テストも追加しておいて", "README も更新しましょう", "私も設定を更新しました",
    "質問があるんですが？", "念のため聞きたいのですが？",
    "すみません、私がパスを間違えていました", "自分の環境だと動かないですが、たぶん私の設定のせいです",
    "同僚が言ったのに、まだ誰も対応していない", "本番への push は禁止ですが、ステージングは自由です",
    "なぜこのエラーが起きたのか教えて", "画面に「変わりません」と表示されるようにして",
    "前回のエラーとは別件ですが、ヘッダーのリンクが切れています", "同じ結果になりました、ありがとう", "はい、変わりました",
    "いい感じです。ただ、ボタンの色を青にしてください", "このままデプロイしていいですか？", "テスト環境ではまだ確認していません",
    "ありがとう、完璧です", "いいですね。次はテストを書いてください", "元に戻す方法を教えて",
    "もしボタンを押したらエラーになります", "空の場合はエラーになります", "時間が足りないので続きは明日やります",
    "じゃあ私がマージしちゃいます", "明日届くはずです", "AとBは違います", "いや、すごいですね", "いえ、大丈夫です",
    "原因はまだ分かりません", "急ぎではありません", "違う話ですが、READMEも読みました",
    "まだ時間が残っています", "全然違うアプローチも試したい", "返信してくれてないので待ちます",
    "矛盾しないように書いて", "聞いただけで分かるように説明して", "まだ終わっていないタスクが残っています",
    "それは違う話ですが、ログも見ました", "その方法じゃないとダメですか？", "この形式じゃなくてもいいです",
    "まだ古いPCを使っています",
    "気にならないです", "それは問題にならないと思います", "テストは通らなければならない", "規約違反のユーザーを検出して",
    "変更前のコードも残しておいて", "古いデータは消えました", "返信はまだです", "なんか変わった？",
    "今日は対応できません", "私はそこまで確認できていません", "しばらく触れません",
    "やっぱり前のデザインでお願いします", "やっぱりこのままでいいです", "まだそのままにしておいて",
    # the user's own slip, put right by the user (an apology, then what it should have been)
    "すみません、別のブランチでした。main じゃなくて develop の方です", "ごめん、違うリポジトリだった",
    "すみません、仕様に誤りがありました。正しくは次の通りです：上限は20件", "さっきの要件に誤りがありました。上限は10件ではなく20件です",
    "ごめんなさい、伝えた値が古かったです。タイムアウトは30秒じゃなくて60秒です", "違うファイルを見てた、ごめん。src/b.ts を見て",
    # the user changed their mind: undoing is their decision
    "やっぱりさっきのフォント変更は戻してください。上司と相談して今のままでいくことになりました",
    "やはり元に戻してください", "気が変わったので、今の変更は取り消してください",
    # conditions that are not: "見当たらない", "ならない" hold no たら/なら
    "ならび順はそのままでいいです", "エラーが2 件以上なら通知して",
    # look-alikes of the forms above: a question of when, the person's own part, a wish, someone else
    "まだ本番には入ってないですよね？", "ヘッダーしか変えていないのでレビューは簡単です", "古い設定のままでいいです",
    "もういいってば", "わざとエラーを出してるので、テストで確認してください", "田中さんにお願いしてたはずです",
    "時間が少し足りないです", "まだずれても大丈夫です", "まだずれてるかもしれません", "古いままでいいです",
]

# Untyped opening a task (nothing of the agent's to correct yet).
NOT_OPENING = [
    "保存するとエラーになるので、原因を調べて直してください", "Safari だと画面が崩れるので対応してほしい",
    "ボタンが表示されない問題を直してください", "テストは消さないでほしい", "既存の API は変えてほしくない",
    "CI が落ちているので見てもらえますか", "ログインできない時の処理を追加して", "違う画面のデザインも参考にして",
    "README にセットアップ手順が抜けているので追記してください", "linter が勝手に改行するのを止めたい",
    "ブランチを取り違えてました、develop で作業します",
    # "直ってない" naming open bugs, not the agent's fix
    "直ってないバグが2件あるので順番に片付けましょう", "まだ直っていない不具合の一覧を作って",
    "日付がまだずれることがあるので、対策を考えましょう", "重い処理で画面が固まるのを防ぎたいです",
]


@pytest.mark.parametrize(("text", "type_"), REPORTS)
def test_a_report_of_the_result_is_typed_right_after_the_agents_work(text: str, type_: str) -> None:
    assert typed(text, FIXED) == type_
    assert typed(text, ASKED) == "untyped"  # its turn claimed nothing: a report, not a correction


@pytest.mark.parametrize(("text", "type_"), CORRECTIONS)
def test_a_correction_in_words_is_typed_in_any_context(text: str, type_: str) -> None:
    assert typed(text) == type_
    assert typed(text, FIXED) == type_


@pytest.mark.parametrize(("text", "type_"), AFTER_CLAIM)
def test_some_corrections_need_the_agents_work_before_them(text: str, type_: str) -> None:
    assert typed(text, FIXED) == type_
    assert typed(text) == "untyped"
    assert typed(text, ASKED) == "untyped"


@pytest.mark.parametrize("text", NOT_AFTER_CLAIM)
def test_look_alikes_stay_untyped_right_after_the_agents_work(text: str) -> None:
    assert typed(text, FIXED) == "untyped"
    assert typed(text) == "untyped"


@pytest.mark.parametrize("text", NOT_OPENING)
def test_a_bug_described_as_a_task_is_not_a_correction(text: str) -> None:
    assert typed(text) == "untyped"
    assert typed(text, ASKED) == "untyped"


def test_no_use_this_instead_is_a_request_opening_a_task_and_a_correction_after_the_work() -> None:
    assert typed("npm ではなく pnpm を使ってください") == "untyped"
    assert typed("その日じゃなくて翌日にして") == "untyped"
    assert typed("npm ではなく pnpm を使ってください", ("npm と pnpm のどちらを使いますか？", [])) == "untyped"  # an answer


def test_an_answer_to_the_agents_offer_is_not_a_correction() -> None:
    # "テストも追加しますか？" then "元に戻して" / "そこは変えてほしくないです" answer it
    assert typed("元に戻して", OFFERED) == "untyped"
    assert typed("そこは変えてほしくないです", OFFERED) == "untyped"
    assert typed("元に戻して", FIXED) == IV


def test_what_someone_else_said_is_not_the_users_instruction() -> None:
    assert typed("彼が言ったのに", FIXED) == "untyped"
    assert typed("言ったのに", FIXED) == IV


def test_one_part_fine_does_not_hide_another_still_broken() -> None:
    assert typed("Android だとまだ崩れてます。iOS は大丈夫でした", FIXED) == R
    assert typed("iOS は大丈夫でした", FIXED) == "untyped"
    assert typed("まだ表示されてないけど、問題ないです", FIXED) == "untyped"


def test_a_doubt_about_one_part_does_not_hide_a_failure_said_outright() -> None:
    assert typed("ステージングで落ちてます。手元では通ってるっぽいですが", FIXED) == R
    assert typed("ステージングで落ちてます。原因を調べてもらえますか", ASKED) == "untyped"
    assert typed("手元では通ってるっぽいです", FIXED) == "untyped"


def test_a_lookalike_of_a_condition_does_not_hide_a_report() -> None:
    assert typed("テストを書くように言いましたよね？見当たらないんですが", FIXED) == IV
    assert typed("そうじゃなくて、保存したときじゃなくて閉じたときに通知したいんです", FIXED) == P


def test_a_paste_set_apart_as_the_next_item_is_not_a_failure_of_the_work() -> None:
    paste = "\n\n```\nsrc/a.ts:3:1 - error TS2304: Cannot find name 'x'.\n```"
    assert typed("次はこれです" + paste, FIXED) == "untyped"
    assert typed("別件ですが、こんなエラーも出ています" + paste, FIXED) == "untyped"
    assert typed("まだ落ちます" + paste, FIXED) == R


def test_a_polite_opener_is_not_the_users_apology() -> None:
    # "すみませんが" opens a request; "すみません、" apologises for the user's own slip
    assert typed("すみませんが、違うファイルが変更されてたみたいでした", FIXED) == P
    assert typed("すみません、別のファイルでした", FIXED) == "untyped"
    assert typed("お願いした内容が古いままです", FIXED) == O


def test_no_it_is_not_that_rules_out_what_the_agent_supposed_unless_it_answers_a_question() -> None:
    assert typed("いや、ネットワークが遅いとかじゃないです。ローカルでも同じでした", FIXED) == P
    assert typed("いや、キャッシュが原因ってことじゃないんです") == P
    assert typed("いや、急ぎってわけじゃないです", ("急ぎの対応ですか？", [])) == "untyped"
    assert typed("いや、すごいとかじゃなくて、本当に助かりました", FIXED) == "untyped"


def test_undoing_after_a_failed_change_is_still_a_correction() -> None:
    # "やっぱり" as "still" (the change failed), not as a change of mind
    assert typed("やっぱり動かないので元に戻して", FIXED) == IV
    assert typed("やっぱり戻して", FIXED) == "untyped"


# A result shown right after the agent's work, in a person's everyday words: "this is what happens"
# (a screenshot beside it), the error it shows quoted, a problem that occurs, the same even after a retry.
SHOWN_AFTER_CLAIM = [
    "こうなるよ", "こうなりました", "あれ、こんな感じになっちゃいます", "こうなってるんですけど",
    "Could not open the file って表示される", "ログインすると権限エラーと出ました",
    "タブレットで開こうとしたら\nError: could not load って表示されます",
    "依存関係の衝突が起きてるわ", "ビルドで競合が発生しています",
    "直しても同じです", "キャッシュを消しても結局同じ", "再起動してもダメでした",
    "なんで動かないの？", "どうしてまだエラーになるんですか？", "なぜボタンが表示されないの？",
    "ステータスは PAID なのに PENDING で送ってます", "3件なのに0件と表示されています",
]
# Their look-alikes: a request or a wish for how it should be, a case, thanks, success quoted, either way.
SHOWN_LOOK_ALIKES = [
    "こうなるようにして", "こうなるといいな", "こうなったら次はテストを書いて", "こうなりました、ありがとう！",
    "完了って表示されました", "もしエラーと表示されたら教えて", "エラーが出たら再試行するようにして",
    "削除しようとしたら確認ダイアログを出して", "エラー処理を追加して", "どちらでも同じです",
    "なぜこのエラーが起きたのか教えて", "どうして動かないときはログを出すの？", "テストは書かなくていいです",
    "無料プランなのに有料と表示されるようにして", "本番なのにテスト用の設定で動かしたいです",
]


def test_what_was_not_needed_is_an_instruction_violation_only_after_the_work() -> None:
    for text in ("そこは分岐しなくていいのに", "それは作らなくてよかったんですけど"):
        assert typed(text, FIXED) == IV
        assert typed(text) == "untyped"
        assert typed(text, OFFERED) == "untyped"  # an answer to "テストも追加しますか？"


@pytest.mark.parametrize("text", SHOWN_AFTER_CLAIM)
def test_a_result_shown_after_the_agents_work_is_a_result_error(text: str) -> None:
    assert typed(text, FIXED) == R
    assert typed(text) == "untyped"  # opening a task, the same words show a problem to work on
    assert typed(text, ASKED) == "untyped"


@pytest.mark.parametrize("text", SHOWN_LOOK_ALIKES)
def test_look_alikes_of_a_result_shown_stay_untyped(text: str) -> None:
    assert typed(text, FIXED) == "untyped"
    assert typed(text) == "untyped"


# Untyped right after the agent's work, whatever their words: a degree (そんなに), the user's own words put right
# after an apology, a requirement that changed, an aside.
NOT_AFTER_CLAIM_EITHER = [
    "Redis と Memcached どっちがいいですか？データはそんなに多くないです",
    "あ、すみません、逆でした。古い順で並べてほしかったです",
    "ごめん、さっき言ったの dev.env じゃなくて local.env の方でした",
    "すみません、要件が変わりました。PDF だけじゃなくて画像でも保存したいです",
    "別件ですが、CI のキャッシュが効いてないみたいで毎回遅いです",
]


@pytest.mark.parametrize("text", NOT_AFTER_CLAIM_EITHER)
def test_a_degree_the_users_own_slip_a_changed_requirement_or_an_aside_is_not_a_correction(text: str) -> None:
    assert typed(text, FIXED) == "untyped"
    assert typed(text) == "untyped"


def test_an_aside_does_not_hide_a_failure_of_the_agents_change() -> None:
    assert typed("別件ですが、さっきの修正でログインできなくなりました", FIXED) == R


# Phenomena the other packs cover, in their Japanese forms: each typed right after the agent's work and not after a
# turn that only asked (nor opening a task), and beside each the look-alikes that stay untyped in every context.
PARITY_AFTER_CLAIM = [
    # what happens when the person does something, right after the fix (a temporal or conditional report)
    ("保存ボタンを押した時に何も起こりません", R), ("送信ボタンをクリックしたとき反応しないです", R),
    ("設定画面を開いたらアプリがフリーズした", R), ("一覧を開くと固まります", R), ("ページを開くと真っ白になります", R),
    ("リロードするたびにリストが空になる", R), ("スクロールするとヘッダーが消えてしまいます", R),
    # nothing comes back, never runs, not managed to fix
    ("何も返ってこない", R), ("レスポンスが空です", R), ("ハンドラーが呼ばれない", R), ("一回も呼ばれていません", R),
    ("クリックイベントが発火しません", R), ("直せてないです", R), ("まだ直せていません", R),
    # one part fine, another failing; a new failure after the old one went; only part of it done
    ("Chrome は大丈夫ですが Safari だとエラーになります", R), ("エラーは消えたけど今度は画面が真っ白になった", R),
    ("一部だけ直ってます", R), ("中途半端です", R),
    # an error named in English, shown; a problem again
    ("ビルドすると timeout って出ます", R), ("また問題が出ました", R), ("バグがまだあります", R),
    ("また同じ不具合が発生しています", R),
    # where did it go
    ("保存ボタンはどこに行ったの？", R), ("サイドバーどこ行った？", R),
    # you removed it, you did it again, stop doing it, you should have
    ("テスト消したでしょ", IV), ("コメントを変えちゃったじゃないですか", IV), ("また同じことをしてる", IV),
    ("同じミスを繰り返してます", IV), ("いちいちコメントを付けるのはやめて", IV), ("毎回フォーマットを変えるのをやめてください", IV),
    ("既存の関数を使えばよかったのに", IV), ("確認してから変更すべきでしょ", IV),
    # more than was asked
    ("やりすぎです", IV), ("そこまでしなくていいです", IV), ("それは要らないです", IV), ("こんな機能は要りません", IV),
    # left out, asked
    ("なんでテスト書いてないの？", O), ("どうして README を更新してないんですか？", O),
    # what was wanted was less; what the project uses; a fact put right
    ("色を変えたかっただけです", P), ("確認したかっただけなのに", P), ("うちは yarn は使ってません", P),
    ("そもそも Redis は使っていません", P), ("いや、ポートは3000です", P),
]
# Words that name the agent's own advice or the person's own request: typed in any context.
PARITY_ANY_CONTEXT = [
    # a failure after following the agent's instructions
    ("言われた通りにコマンドを実行したら権限エラーになりました", R), ("教えてもらったコマンドを実行したけど permission denied が出ます", R),
    ("言われたとおりにやったけどダメでした", R), ("おっしゃる通りに設定しましたが動きません", R),
    ("提案された方法で試しても変わらなかった", R),
    # not what was asked, not listened to
    ("言ったのと違う", IV), ("お願いしたのと違います", IV), ("頼んだ通りにやってないですよね", IV), ("言った通りになってない", IV),
    ("人の話聞いてる？", IV), ("こっちの話をちゃんと聞いてください", IV),
]
PARITY_LOOK_ALIKES = [
    # specs and tasks in the same words; cases
    "リクエストが失敗したらバナーを表示して", "保存に失敗したときはエラーメッセージを出してください",
    "ボタンを押したとき何も起きないようにして", "ログインに失敗すると500エラーを返すようにしてください",
    "リロードするとリストが空になる問題を直して", "ネットワークが切れた時はエラーになります", "エラーになった時は再試行します",
    "一度も実行されないコードを消して", "何も返さない関数を作って", "中途半端に残っているコードを消して",
    "また問題が出たら教えて", "まだ問題がある箇所を洗い出して", "まだバグがあるかもしれません",
    # what worked, a plan, a request
    "言われた通りにやったら動きました", "教えてもらったコマンドを実行したら、エラーは消えました", "手順通りにやってみます", "コマンドを実行したら教えてください",
    "言った通りにやってください", "指示通りに進めて", "逆の順番で並べて", "ここは関数に分けるべきです",
    "テストを先に書くべきですか？", "自動保存をやめる設定を追加して", "タイムアウトを止めてください",
    "不要なコメントを削除してください", "テストは消しておいて", "ポートは3000にしてください",
    "yarn は使ってないので npm でお願い", "色だけ変えてほしいです", "ちょっと聞きたいだけです", "要らないファイルを消して",
    "設定ファイルはどこにありますか？", "また明日やりましょう", "もう一度同じことをしてください",
    # the person's own slip, someone else, approval
    "私が先に言えばよかったのに", "同僚がまた同じミスを繰り返してます", "営業さんが言ったのと違う", "上司に言われた通りにやったけどダメでした",
    "それは直りました、ありがとう", "エラーは消えました", "いや、それで大丈夫です", "いや、今日はこれで終わりです",
    "直ったって言ってくれて助かります", "いや、次はログイン画面です", "修正ありがとう、確認したかっただけです",
]


@pytest.mark.parametrize(("text", "type_"), PARITY_AFTER_CLAIM)
def test_a_phenomenon_of_the_other_packs_is_typed_right_after_the_agents_work(text: str, type_: str) -> None:
    assert typed(text, FIXED) == type_
    assert typed(text, ASKED) == "untyped"
    assert typed(text) == "untyped"


@pytest.mark.parametrize(("text", "type_"), PARITY_ANY_CONTEXT)
def test_the_agents_advice_or_the_persons_request_named_types_in_any_context(text: str, type_: str) -> None:
    assert typed(text, FIXED) == type_
    assert typed(text, ASKED) == type_
    assert typed(text) == type_


@pytest.mark.parametrize("text", PARITY_LOOK_ALIKES)
def test_look_alikes_of_those_phenomena_stay_untyped(text: str) -> None:
    assert typed(text, FIXED) == "untyped"
    assert typed(text, ASKED) == "untyped"
    assert typed(text) == "untyped"


# Day seven: what happened when the person did something ("…した際に"), right after the work, is a report; the same
# opening of a request names a case to handle.
@pytest.mark.parametrize("text", ["保存を押した際に一覧が更新されません", "送信した際にエラーになります"])
def test_what_happened_when_the_person_did_it_is_a_report_after_the_work(text: str) -> None:
    assert C.classify(text, previous=FIXED[0], previous_tools=FIXED[1]).type == "result-error"
    assert C.classify(text, previous=ASKED[0], previous_tools=ASKED[1]).type not in TYPES


@pytest.mark.parametrize("text", ["ボタンを押した際に確認メッセージを出してください", "保存に失敗した際はリトライしてください"])
def test_a_case_to_handle_opened_the_same_way_stays_untyped(text: str) -> None:
    for previous, tools in (FIXED, ASKED):
        assert C.classify(text, previous=previous, previous_tools=tools).type not in TYPES
