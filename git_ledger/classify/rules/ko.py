"""Korean rules. The `base` rules are the original set a person tuned by hand on 30 days of
their own logs (design.md §4), kept verbatim; the other rules are additions in the same spirit
(spelling variants, "I said to …" forms, "still/again" forms of a broken result)."""
from __future__ import annotations

from git_ledger.classify.rules import (
    AGREEMENT,
    HYPOTHETICAL,
    LABELLED_REPORT,
    MONITORING,
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
_OTHERS = (r"담당자|동료|전임자|다른\s?사람|고객|팀원|선배|상사|걔|그\s?사람|그\s?친구|외주|외부\s?업체|협력사"
           r"|에이전시|하청")
_USERS = r"사용자"  # the product's users (`not_others`)

# Words of an error, for the exclusions that need one in the same sentence.
_ERR = r"틀|잘못|엉망|이상|깨|망가|빠|누락|놓|빼먹|버그|에러|오류|실패"
# The agent named as the one who got it wrong, or "still"/"again"/"just now" after its attempt.
_AGENT = r"네가|니가|너가|당신|아직|여전히|또\s|방금|아까"
# a condition: "…하면", "…되면" (a case, not a report)
# (not "스크린샷을 보면 …": "as the screenshot shows", evidence, not a case; not the nouns 화면 (screen),
# 장면, 정면, 측면, 전면, 후면, 표면, 평면, 단면, 국면, 반면)
_IF_CASE = (r"(?<!를\s보)(?<!을\s보)(?<!를\s봐)(?<!을\s봐)(?<![화장정측전후표평단국반])"
            r"(?:으|하|되)?면(?=\s|$)")
# a polite question in 나요 (not 일어나요, 끝나요)
_ASKS_NAYO = r"(?<=[가-힣])(?<!일어)(?<!끝)나요"
# someone else named with an honorific (팀장님, 민수 씨가, 선생님께서)
_HONOURED = r"님|씨(?:가|께서|는|도)|께서"
# the person as the subject: their own doing
_I_SUBJECT = r"(?:^|\s)(?:나|내가|제가|저|저희|우리|나도|저도|난|전)(?:는|도|가)?\s"

TYPES: tuple[Rule, ...] = (
    # Hand-tuned stems; only the attributive 누락된 + noun ("누락된 필드 검사 추가해", a task about
    # missing data) is left out.
    # "문서도 업데이트했어요?" right after the work: a miss pointed at, asked; "절반만 했네요": done in part.
    rule(O, "also-done-asked", r"도\s?(?:업데이트|수정|변경|추가|반영|삭제|처리|테스트|등록|마이그레이션|커밋)\s?(?:했|하셨|됐|되었)(?:나요|습니까|니|냐)\s?(?:\?|$)"
         r"|(?:절반|반)만\s?(?:했|하셨|고쳤|고치셨)", after_claim=True, asked=True, not_an_answer=True),
    rule(O, "base", r"놓쳤|빠졌|빠뜨|빼먹|누락(?!된\s?[가-힣a-z]|되어도|돼도|되도)|빠짐(?=\s|$|[.,!])"
         # "체크가 없잖아": reproached; "iOS만 고치고 안드로이드는 그대로네요"
         r"|(?:이|가)\s?없잖(?:아|아요)?|만\s?(?:고치|하|바꾸|수정하|추가하|만들|처리하|건드리)고\s?[^.?!]{0,20}?그대로(?:네|잖|예요|에요|임)"),
    rule(O, "variant", r"빠트|빠져\s?있|빠진\s?(?:게|거|것|부분|데)\s?(?:있|많)"
         r"|안\s?(?:돌렸|넣었|올렸|바꿨|추가했|업데이트했|수정했|반영했|돌려\s?봤)(?:잖|네|구나|어)"
         # "테스트 업데이트 안 했잖아", "백엔드는 안 건드렸네요", "추가 안 하셨어요": reproached, or polite or
         # honorific (said to the agent); "아 푸시를 안 했네" is the user noticing their own slip.
         r"|안\s?(?:했|썼|짰|고쳤|만들었|건드렸|작성했|적었|챙겼)(?:잖|네요|군요)"
         r"|안\s?(?:하|쓰|짜|넣으|고치|바꾸|만드|건드리|올리|돌리|챙기|적으)셨(?:어요|네요|잖아요|군요|네)"
         # "3단계 건너뛰셨네요", "그 부분 생략하셨네요": a part skipped, said to the agent
         r"|(?:건너뛰|생략하|스킵하)셨(?:네요|네|잖아요|군요|어요|습니다)"

         # "디버그 로그는 안 지우셨네요": left in, said to the agent
         r"|안\s?(?:지우|빼|없애|삭제하|정리하|치우)셨(?:어요|네요|잖아요|군요|네)"),
    # "마이그레이션 파일이 커밋에 없어요", "PR에 테스트가 없네": absent from the agent's work.
    rule(O, "not-in-work", r"(?:커밋|pr|변경\s?사항|브랜치|diff)에(?:는)?\s?(?:\S{1,10}\s){0,2}?"
         r"(?:없(?!게|는지|으면|도록|을)|안\s?(?:들어|올라|포함)|빠져|빠졌)"),
    # Right after the work, its diff is empty: "git status에 변경이 없어요", "diff가 비어 있어요" (not "변경이 없는지 확인해
    # 주세요", "변경이 없으면 …": a check, a condition).
    rule(O, "no-diff-after-claim", r"(?:git\s?status|git\s?diff|diff|워킹\s?트리)\s?(?:에|에는|가|는)?\s?(?:변경|변경\s?사항|변경점|차이|아무것도|아무\s?변화)?(?:이|가|도)?\s?"
         r"(?:없어요|없어|없습니다|없네요?|없는데요?|비어\s?(?:있어요|있네요?|있습니다))(?=\s|$|[.!~…?,ㅠㅜㅋㅎ;)])",
         unless=r"(?:으|하|되|없으)?면(?=\s|$)|경우|확인|체크|정상|다행|좋아요|좋네요|야\s?(?:해|돼|하|되)", after_claim=True, not_an_answer=True),
    # "그건 요청 안 했어요", "시킨 적 없어요" right after the work: done unasked.
    rule(IV, "not-asked-after-claim", r"(?:요청|부탁)\s?(?:안|하지\s?않)\s?(?:했|았)|(?:시킨|요청한|부탁한)\s?적\s?(?:없|은\s?없)",
         after_claim=True),
    rule(IV, "base", r"말라(?:고|니까|니깐|했)|말라\s그랬|말아\s?(?:달라고|주시라고|달랬|달라니까)|말랬"
         # "건드리지 말아 주세요 했는데요", "하지 마세요 했잖아요"
         r"|(?:말아\s?(?:주세요|줘)|마세요|마)\s?(?:했|그랬|말씀드렸|라고\s?했)|하지\s?말(?:라|랬|래|자)|하라고\s*[.!]*$"
         # "utils.py만 고치라니까": "I told you to …", insisted.
         r"|(?<=[가-힣])(?:으)?라니(?:까|깐)"),
    # "탭으로 하기로 했는데 전부 스페이스로 바꿨네요": what was agreed, and what was done instead.
    rule(IV, "agreed", r"기로\s?(?:했|하셨|합의했|약속했)(?:잖아|는데|었는데|지만)",
         also=r"(?:었|았|였|했|꿨|렸|쳤|셨)(?:네|잖|어|어요|네요|군요)|(?:하면|면)\s?어(?:떡|떻게)"),
    rule(IV, "said-to", r"(?<!뭐)라고\s?(?:했|말했|얘기했|얘기\s했|그랬|한\s?적\s?없)|(?<![뭐라])(?:으라|라)고\s*[.!]*$"
         # (not "이미 말씀드렸듯이 …": a reminder)
         r"|(?:분명히|분명|이미|아까|몇\s?번|여러\s?번|계속|전에|처음에|처음부터|미리)\s?(?:말했|얘기했|말씀드렸|그랬잖)(?!듯|다시피)"
         # "분명히 요청드렸는데요", "몇 번을 말해요"
         r"|(?:분명히|분명)\s?(?:요청|부탁)(?:했|드렸|드린|하셨)|몇\s?번(?:을|이나|째)?\s?(?:말해|말했|말씀|얘기|설명)"),
    # "내 말 안 듣네", "제 말을 무시하시네요"
    # "아까 그거 해 봤는데 안 됐다고 했잖아요": I told you it failed, and the agent offers it again.
    rule(IV, "not-listening", r"(?:내|제)\s?말(?:을|은|도|씀을)?\s?(?:안\s?(?:듣|들어|들으)|무시|씹)"
         r"|(?:(?<!면\s)(?<!면)안\s?(?:됐|된|되|돼)|해\s?봤|시도했|해\s?봤었)다고\s?(?:했|말했|말씀드렸|얘기했|그랬)(?:었)?잖"),
    rule(IV, "not-asked", r"누가\s?(?:\S{1,10}\s)?\S{0,12}?(?:하래|하라고|시켰|하랬)|시키지(?:도)?\s?않은|안\s?시킨"
         r"|마음대로|멋대로|허락\s?없이|묻지도\s?않고"
         # "누가 이름 바꾸래요?", "누가 지우래요?": who told it to
         r"|누가\s?(?:\S{1,10}\s)?\S{0,12}?(?:바꾸|지우|고치|만들|올리|넣|빼|옮기|추가하|삭제하|수정하|변경하)(?:래요?|라고\s?했|랬)"),
    # The original `[가-힣A-Za-z0-9_.]+(?:이|가|게)…` backtracks quadratically on a long Hangul
    # run (the class contains 이/가/게); a one-character lookbehind finds the same messages.
    # (not "버튼만이 아니라 링크도": not only X, Y too, which denies nothing)
    # "그 헬퍼는 어디서 나온 거예요?", "그 함수는 여기 없어요": what the agent used, not in this repository.
    rule(P, "where-from-after-claim", r"어디서\s?(?:나온|온|가져온|찾은|보신|본)\s?(?:거|건|것)"
         r"|(?:은|는|이|가)\s?(?:여기|이\s?(?:프로젝트|저장소|레포|파일))(?:에|에는|엔)?\s?(?:없어요|없습니다|없는데|존재하지\s?않)",
         unless=r"면|야\s?(?:해|돼)|도록|줘|주세요", after_claim=True, asked=True),
    # ("제 생각엔 코드 문제가 아니라 캐시 문제인 것 같아요": the user's own guess, a hypothesis to look into)
    rule(P, "base", r"(?:그게|그거|이게)\s?아니|(?<=[가-힣A-Za-z0-9_.])(?<!만)(?:이|가|게)\s?아니(?:고|라)(?=\s)",
         unless=r"제\s?생각|내\s?생각|제\s?추측|아마(?:도)?\s|인\s?것\s?같|일\s?거(?:예요|에요|야|같)|인\s?듯"),
    # "좀 달라요", "뭔가 좀 다른데요" alone right after the work: not what was meant.
    rule(P, "differs-alone-after-claim", r"^(?:음+|흠+|어+)?[,.\s]*(?:이건|이거|그건|그거|결과가|결과는)?\s?(?:뭔가|조금|좀|살짝|약간)\s?(?:좀\s?)?"
         r"(?:달라요|달라|다른데요?|다르네요?|다릅니다)[.!~…ㅠㅜ\s]*$", after_claim=True),
    rule(P, "not-x-end", r"[가-힣A-Za-z0-9_.](?<!만)(?:이|가|게)\s?아니(?:고|라)[.!,]*$"),
    # 엉뚱한 파일: a wrong target is a wrong premise (the base rule's 엉뚱 would say result-error).
    rule(P, "wrong-target", r"엉뚱한\s?(?:파일|브랜치|폴더|디렉터리|디렉토리|경로|함수|메서드|클래스|모듈|테이블|컬럼"
         r"|서버|레포|저장소|환경|프로젝트|버전|곳|데)"),
    # "센트 단위를 원 단위로 생각하신 것 같은데": the agent's assumption, named politely.
    rule(P, "you-assumed", r"(?:생각|이해|가정|착각)\s?하신\s?(?:것|거)\s?같(?:은데|아요|네요)"
         r"|(?:원한|요청한|부탁한|바란|말씀드린)\s?(?:건|것은|거는)\s?[^.?!]{0,40}?(?:게|거|것이)\s?아니"),
    # "분석해 주신 게 전제부터 좀 다른 것 같아요": the premise named as wrong.
    rule(P, "misread", r"잘못\s(?:이해|알아\s?들|읽|봤|짚)|착각|오해|반대로\s?(?:이해|알아|생각)"
         r"|전제(?:가|부터|는|자체가)\s?(?:좀\s|완전히\s|아예\s)?(?:다른|달라|다르|틀렸|틀린|잘못)"),
    # "그런 뜻이 아니었어", "지우라는 게 아니라 optional로 바꾸라는 거였어", "v2 얘기한 건데": what was meant.
    rule(P, "meant", r"(?:그런|그|이런)\s?(?:뜻|의미|말|얘기|게|거)(?:이|은|는)?\s?아니"
         # "제 말은 헤더 아래 여백이에요": what I mean is …
         r"|(?:^|\s)(?:제|내)\s?(?:말은|말씀은|말뜻은|뜻은|의도는)\s"
         r"|(?:라는|자는|하라는)\s?(?:게|거|것이|것은|건)\s?아니"
         r"|(?:얘기|말|말씀)\s?한\s?(?:건데|거지|거예요|거야|거였|거라고)"),
    # "어제 버전으로 롤백하라는 거야", "footer 말이야": what was meant, said again.
    rule(P, "i-mean", r"(?:라는|자는)\s?(?:거야|거예요|거에요|겁니다|말이야|뜻이야|얘기야)[.!~]*$|^[^\s?]{1,20}\s?말이야[.!~]*$"),
    # "그런 함수 없는데요", "그런 옵션 없어요": a thing of the code the agent named does not exist.
    rule(P, "no-such", r"(?:그런|그러한)\s?(?:함수|메서드|메소드|파일|옵션|플래그|명령|명령어|api"
         r"|테이블|컬럼|변수)(?:은|는|도)?\s?(?:없|안\s?(?:보이|나와))|지어낸|지어냈|지어내"
         r"|(?:그거|그게|이거|이게)\s?말고",
         # "아 그거 말고 다음 거 하자": not that one now, the user moving on
         unless=r"(?:다음|나중|먼저)\s?(?:거|것|걸|에|엔)|(?:하자|할게|할께|가자|합시다)[.!~…]*$"
         # "그런 옵션은 없으니 만들어 주세요": a task (a reason, a condition, a request to make it)
         r"|없으니|없으면|없으므로|(?:만들어|추가해|작성해|생성해)\s?(?:주세요|줘|줄래)"),
    # "그런 기능 없어요", "그런 설정은 안 보이는데요": a feature or setting; not as the answer to the agent's question
    # ("내보내기 기능도 있나요?" "그런 기능 없어요"), nor a task ("그런 기능 없으니 만들어 주세요").
    rule(P, "no-such-feature", r"(?:그런|그러한)\s?(?:기능|설정)(?:은|는|이|가)?\s?(?:없(?!으|는|을|게|도록|다면)|안\s?(?:보이|나와))",
         unless=r"만들|추가|넣어|줘|주세요|필요|원래|아직|우리|저희|앱에|서비스에", not_an_answer=True),
    # The attributive 틀린 + noun is left out, as 누락된 is ("틀린 그림 찾기 게임", "맞춤법 틀린 거 고쳐 주는 기능": a
    # task about wrong things); 틀린데요, 틀린 것 같아요, a closing 틀린 stay (and not 코틀린, Kotlin).
    rule(R, "base", r"잘못(?:됐|되었|했|만들|계산|나왔)|틀렸|(?<!코)틀린(?=데|\s?(?:(?:것|거)\s?같|듯)|[\s.!?~…]*$)|이상해|엉뚱|엉망"),
    # "네가 바꾼 코드 때문에…", "방금 수정한 거 때문에…": the agent's change named as the cause.
    rule(R, "your-change", r"(?:네가|니가|너가|당신이)\s?(?:\S{1,6}\s)?(?:바꾼|고친|수정한|만든|작성한|추가한|지운"
         r"|건드린|올린|넣은|변경한)|(?:방금|아까)\s?(?:\S{1,4}\s)?(?:수정|변경|바꾼|고친|커밋|작업)"
         r"|(?:수정|변경)\s?(?:한\s?(?:뒤|후|다음)(?:에|부터)?|하고\s?나서|후에|이후로?)",
         also=r"안\s?(?:돼|되|나와|떠|보여|열려|돌아)|에러|오류|실패|깨|하얗|빈\s?화면|느려|이상|망가|먹통|무한"
         r"|리다이렉트|튕",
         unless=r"(?:에러|오류)(?:가|는|도)?\s?(?:없어|안\s?나|사라)|해결|고쳐졌|잘\s?(?:돼|되|나와)"),
    # Right after the work: the error keeps coming ("에러가 계속 나요"), the output wrong ("출력이 틀려요"), the
    # fix took in part ("첫 페이지만 돼요").
    rule(R, "persists-or-partial-after-claim", r"(?:에러|오류|문제|버그)(?:가|는)?\s?계속\s?(?:나|떠|발생|생기|있)"
         r"|(?:이|가)\s?틀려(?:요|요\.|$)|(?:이|가)\s?틀립니다|(?:이|가)\s?틀리네"
         r"|^[^.?!\n]{1,16}?만\s?(?:돼요|됩니다|되네요|돼|나와요|나옵니다|보여요|보입니다|작동해요|작동합니다)(?:[.!~…]|$)",
         unless=r"면|야\s?(?:해|돼|합니다)|줘|주세요|도록|게\s?해", after_claim=True),
    rule(R, "broken", r"깨졌|깨져\s?있|망가|잘못\s(?:나왔|계산|됐|되었|만들)|(?:레이아웃|정렬|화면|디자인|ui|스타일|배치|간격)(?:이|가)?\s?(?:다\s|완전\s|좀\s)?틀어졌"
         r"|(?:아직(?:도)?|여전히|또|이제|다시)\s?(?:안\s?(?:돼|되|됨|나와|떠|보여|돌아)|에러|오류|실패"
         r"|깨|틀|이상)|더\s?(?:이상해|망가|깨|나빠)"
         r"|(?:아직(?:도)?|여전히|또|계속)\s?(?:똑)?같은\s?(?:에러|오류|문제|증상|버그|결과|메시지)"
         r"|(?:똑)?같은\s?(?:에러|오류|문제|증상|버그)(?:가|이)?\s?(?:또|계속|여전히|아직|다시)"
         r"|(?:아직(?:도)?|여전히|또)\s?(?:[45]\d\d(?!\d)|흰\s?화면|빈\s?화면|터졌(?!는데|으니)|터져(?!서)|죽었|뻗었)"
         r"|(?:컴파일|빌드)(?:도|조차)\s?안\s?(?:돼|되|됨)|(?:전혀|하나도)\s?(?:효과|소용|변화)(?:가)?\s?없"
         r"|(?:전보다|아까보다|이전보다)\s?(?:더\s?)?(?:심해|나빠|느려|이상해|망가)"
         r"|잘못\s?(?:쓰|넣으|고치|만드|하|바꾸)셨|잘못\s[가-힣]{1,5}?셨(?:어요|네요|습니다|군요|잖아요|어)"
         # "고쳤다면서 똑같이 나요", "모든 테스트 통과라더니 CI에서 깨짐": the claim, then the result.
         r"|(?:고쳤|됐|끝났|통과했|해결했|수정했)다(?:면서|더니|며)|(?:통과|완료|해결|성공)(?:이)?라더니"
         # "아까 된다고 하셨잖아요", "고쳤다고 했는데"
         r"|(?<!안\s)(?<!안)(?:된다|고쳤다|해결됐다|해결했다|끝났다|완료했다|통과했다|됐다)(?:고|며|면서)\s?(?:하셨|하시|했|그랬|그러)(?:잖|는데|지만|더니)"
         r"|(?:합계|결과|값|숫자|금액|개수|경로|타입)(?:가|이)\s?안\s?맞(?:아|아요|네|는데|잖|음)",
         # "이제 에러 안 나요", "더 이상 오류 없어요": fixed; "다시 에러 안 나게 해 줘": an aim.
         unless=r"(?:에러|오류|문제|증상)(?:가|는|도)?\s?(?:이제\s?|더\s?이상\s?)?(?:안\s?(?:나|떠|뜨|생기)|없|사라)"
         r"|안\s?나게|않게|않도록|없게|없도록|해결됐|해결되었"),
)

# "여전히 전부 깜빡여", "또다시 버튼이 두 번 눌리네", "아직도 로그인 화면이에요": still, after the attempt
# (not "아직도 이해가 안 가": the user's own understanding, nor something still in progress).
_STILL = r"(?:여전히|또다시|또\s다시|아직도)\s?[^.?!\n]{1,30}?(?:네|여|야|어|아|요|데|음|함|임|됨|다)(?=\s|$|[.!~…ㅠㅜㅋㅎ])"
_NOT_STILL_FAILING = r"이해|모르|궁금|헷갈|기다|설치\s?중|진행\s?중|하는\s?중|작업\s?중|고민"
_STILL_AGAIN = rule(R, "still-again", _STILL, unless=_NOT_STILL_FAILING)
# The same, as the opening of a long message right after the agent's work (where only after-claim
# rules read): "여전히 로그인 페이지로 돌아갑니다. 제가 확인해 보니 …".
_STILL_AFTER = rule(R, "still-after-claim", _STILL, unless=_NOT_STILL_FAILING, after_claim=True)
# Right after the agent said it fixed or ran something: "안 돼요", "에러 나요", "그대로예요", "반응이
# 없어", "화면이 하얗게 나와요", "바뀐 게 없는데?" report its result; opening a task they are a
# report, not a correction; "'안 돼요'라는 문구" names a text. Every level and spacing: 안돼/안 돼/
# 안되요/안됌, 안 됩니다, 에러남/에러가 납니다/오류가 발생했어요, and a chat mark after it (안돼ㅠㅠ).
_END = r"(?=\s|$|[.!~…?,ㅠㅜㅋㅎ;)])"
_RESULT_ENDING = r"(?:어|어요|네|네요|음|는데|는데요|잖아|잖아요|습니다|다|어서)?" + _END
# A verb of showing, opening, moving or taking effect, after 안: its present forms in each level.
_NOT_VERB = (r"안\s?(?:돼|되네|되네요|되는데|되는데요|되요|돼요|됨|됌|되여|돼여|되네여|되용|돼용|되잖아|되잖아요|됩니다|되고\s?있어요?|되더라고요?"
             r"|나와|나와요|나옵니다|나오네요?|나오는데요?|나옴|보여|보여요|보입니다|보이네요?|보이는데요?|보임"
             r"|떠|떠요|뜹니다|뜨네요?|뜨는데요?|뜸|열려|열려요|열립니다|열리네요?|열리는데요?|열림"
             r"|움직여|움직여요|움직입니다|움직이네요?|눌려|눌려요|눌립니다|눌리네요?|먹혀|먹혀요|먹힙니다|먹히네요?|먹네요?|먹어요?"
             r"|바뀌어|바뀌어요|바뀝니다|바뀌네요?|바뀌는데요?|바뀜|일어나요|일어납니다|일어나네요?|돌아가요|돌아갑니다|돌아가네요?"
             r"|끝나요|끝납니다|끝나네요?|끝나는데요?|맞아|맞아요|맞네요?|맞습니다|맞는데요?"
             r"|불러와져요?|불러와지네요?|불러와집니다|불러와요|불러오네요?|불러옵니다)")
_ERROR_SHOWS = (r"(?:에러|오류|에라)\s?(?:가\s?|이\s?)?(?:나|나요|나여|나네|나네요|나네여|떠여|나는데|나는데요|납니다|났어|났어요|났습니다|났네요?"
                r"|나와|나와요|나옵니다|나오네요?|나오는데요?|나왔어요?|나왔습니다|나왔네요?"
                r"|남|떠|떠요|뜹니다|떴어요?|떴습니다|떴네요?|뜨는데|뜨는데요|뜨네|뜨네요|뜸|찍혀요?|찍힙니다|찍히네요?"
                # (a bare 발생 only closing the message: "에러 발생 로그" names a log)
                r"|발생(?:해요|합니다|했어요|했습니다|하네요|함|해|했어|했네요?|하는데요?|(?=[.!~…ㅠㅜ]*$)))"
                r"|(?<![\d])[45]\d\d(?!\d)\s?(?:에러|오류)?\s?(?:가\s?|이\s?)?(?:떠|떠요|뜹니다|떴어요?|뜸|나와요?|나옵니다|나요|남|나네요?)")
# Chat notes close on a noun form: "튕김", "화면 깨짐", "이상하게 나옴", "안 닫힘", "안 넘어감".
_TERSE_FAIL = (r"(?:튕김|깨짐|꺼짐|멈춤|사라짐|먹통임|뻗음|터짐|이상하게\s?나옴|에러남|오류남"
               r"|안\s?[가-힣]{1,5}?(?:됨|짐|김|옴|힘|림|감|움|남|킴|침|림))")
_RESULT_REPORT = (r"(?:^|\s)(?:" + _NOT_VERB + "|" + _ERROR_SHOWS + "|" + _TERSE_FAIL +
                  r"|그대로(?:예요|에요|야|네|네요|임|인데|인데요|입니다|이네요|잖아요?|더라고요?|에여|여)|똑같아여"
                  r"|마찬가지(?:예요|에요|입니다|네요|야|임|인데요?)"
                  r"|(?:증상|결과|문제|에러|오류|화면|상황|현상|상태)(?:이|가|은|는|도)\s?(?:여전히\s|계속\s|아직\s|그대로\s)?(?:동일|똑같|같아|같습니다|같네요?)"
                  r"(?:해요|합니다|하네요|해|함|아요|습니다|네요|은데요?)?"
                  r"|(?:아무\s?)?(?:변화|반응|변동)(?:이|가|도)?\s?(?:전혀\s?|하나도\s?)?없" + _RESULT_ENDING +
                  # no effect, no use, no difference: "효과가 없네요", "소용없어요", "별 차이 없어요"
                  r"|(?:아무\s?|별\s?)?(?:효과|소용|차이)(?:가|이|도|는)?\s?(?:전혀\s?|하나도\s?|별로\s?)?없" + _RESULT_ENDING +
                  r"|(?:바뀐|변한|변경된|달라진|반영된|고친|고쳐진|해결된|나아진)\s?(?:게|거|것이|건|점이|부분이)\s?(?:하나도\s?|전혀\s?|아무것도\s?)?없" + _RESULT_ENDING +
                  r"|(?:하얗게|이상하게|깨져서|이상한\s?값이|빈\s?화면으로)\s?(?:나와|나와요|보여|보여요|떠|떠요|나오네|나오는데|나옵니다)"
                  r"|이상(?:하네요?|한데요?|합니다|하게\s?돼요|하게\s?됩니다)|(?:뭔가|좀|많이)\s?이상해"
                  r"|(?:흰|하얀|빈|검은|까만)\s?화면(?:이|만)?\s?(?:나와요?|나옵니다|나오네요?|떠요?|뜹니다|돼요|이에요|이네요|입니다|임)"
                  # it vanishes, freezes, crashes, overlaps, is cut off
                  r"|(?:사라져|사라지네|사라졌어|멈춰|멈추네|꺼져|꺼지네|튕겨|튕기네|터져|터지네|깨져|깨지네|겹쳐|겹치네|잘려|잘리네"
                  r"|밀려|찌그러져)(?:요)?|(?:사라집|멈춥|꺼집|튕깁|터집|깨집|겹칩|잘립)니다|먹통(?:이에요|입니다|이네요|임)"
                  r"|(?:똑)?같은\s?(?:에러|오류|문제|증상|결과|화면)(?:가|이)?\s?(?:나|나요|납니다|떠|떠요|뜹니다|나와|나와요|나오네|나오는데"
                  r"|나옵니다|발생))" + _END)
# "X하면 안 돼요?" asks leave ("can't we …?"); "X 안 돼요" alone may answer the agent's question.
# The user's own machine or connection: "제 노트북에서는 안 돼요", "와이파이가 끊겨서 안 돼요".
_OWN_SETUP = (r"(?:^|\s)(?:제|내|저희|우리)\s?(?:컴퓨터|환경|pc|노트북|맥북|맥|폰|핸드폰|휴대폰|로컬|집)"
              r"|(?:와이파이|인터넷|네트워크|vpn)(?:이|가|은|는)?\s?(?:끊|느려|불안정|자꾸\s?끊)"
              # "인터넷 연결이 안 돼 있어요"
              r"|(?:와이파이|인터넷|네트워크|vpn|wifi)\s?연결(?:이|가|은|는|도)?\s?안\s?[돼되됩]")
# Something gone because the person removed, closed or hid it: what the action is for.
_INTENDED_EFFECT = r"(?:삭제|지우|닫기|닫|취소|숨기|제거|빼)[^.?!]{0,12}?(?:누르|하|클릭|선택|눌러|눌렀)[^.?!]{0,20}?사라"
_NOT_A_REPORT = (r"(?:에러|오류|문제|경고|버그)(?:가|는|도)?\s?(?:더\s?이상\s?|이제\s?|다\s?)?(?:안\s?(?:나|떠|뜨|생기|보이|나와)|사라)|"
                 r"안\s?(?:사라지|멈추|꺼지|튕기|터지|깨지|겹치|잘리|밀리|튕김|깨짐|꺼짐|멈춤|터짐|튕겨|꺼져|터져|깨져|겹쳐|잘려)"
                 r"|" + _OWN_SETUP +
                 # what the action is for, done: "삭제 누르면 목록에서 사라져요"
                 r"|" + _INTENDED_EFFECT +
                 r"|(?:튕김|깨짐|꺼짐|멈춤|에러|오류|문제)\s?(?:없|안\s?남|해결)"
                 # "아 안 돼 잠깐만 기다려 줘", "안 돼! 그거 하지 마": stop, not a report
                 r"|잠깐|기다려|멈춰|그만|하지\s?마|스톱|시간(?:이|은|도)?\s?안\s?[돼되됩]|(?:이)?라는\s|메시지|문구|텍스트|면\s?안\s?[돼되됩]|^안\s?(?:돼|됩니다|되요|돼요)(?=[\s,.!~…ㅠㅜ]|$)")
_AFTER_CLAIM = rule(R, "same-after-claim", _RESULT_REPORT, unless=_NOT_A_REPORT, after_claim=True)
# Asked, the forms that complain ("안 되는데요?", "그대로인데?", "에러 나는데?"), not the ones that ask
# ("그대로예요?": is the rest unchanged?).
_AFTER_CLAIM_ASKED = rule(R, "same-after-claim-asked", r"(?:^|\s)(?:(?:안\s?(?:되|나오|보이|뜨|열리|움직이|눌리|먹히|바뀌)"
                          r"|(?:에러|오류)\s?(?:가\s?|이\s?)?(?:나|뜨)|(?:똑)?같은\s?(?:에러|오류|문제)(?:가|이)?\s?(?:나|뜨))"
                          r"(?:는데|는데요|네|네요|잖아|잖아요)|그대로(?:인데|인데요|네|네요|잖아|잖아요)"
                          # "이상한데?", "좀 이상한데요?" (not "이상해요?": is it odd?)
                          r"|이상한데(?:요)?|이상하네(?:요)?"
                          # "하나도 안 바뀌었는데?"
                          r"|안\s?(?:바뀌었|됐|나왔|떴|열렸|고쳐졌|사라졌)(?:는데|는데요|네|네요|잖아|잖아요))[.!~…ㅠㅜ?\s]*$", unless=_NOT_A_REPORT, after_claim=True, asked=True)
# "안 돼요" alone right after the agent's work, unless it answers the agent's question ("삭제할까요?").
_BARE_NO = rule(R, "bare-no-after-claim", r"^안\s?(?:돼|됩니다|되요|돼요)(?=[\s,.!~…ㅠㅜ]|$)",
                unless=r"(?:이)?라는\s|메시지|문구|텍스트|잠깐|기다려|멈춰|그만|하지\s?마|스톱",
                after_claim=True, not_an_answer=True)
# "똑같아요", "아까랑 똑같아", "전이랑 같은 화면이에요", "이전과 동일합니다": the same as before the
# attempt (not "예상한 거랑 똑같아요", "시안이랑 똑같네요": what was wanted).
_SAME_AS_BEFORE = rule(R, "same-as-before-after-claim",
                       r"^(?:여전히\s|계속\s|아직도\s|그냥\s|다\s|완전\s)?(?:똑같|동일)(?:아|아요|네|네요|음|은데|은데요|습니다|해요|합니다|하네요|해|함|잖아요?|하잖아요?)"
                       r"[.!~…ㅠㅜㅋㅎ\s]*$"
                       r"|(?<![가-힣])(?:아까|전|이전|방금|처음|원래|예전|저번|지난번|수정\s?전|고치기\s?전)\s?(?:이랑|랑|과|와|하고|처럼)\s?(?:완전\s|다\s)?(?:똑)?"
                       r"(?:같|동일)(?:아|아요|네|네요|음|은데|은데요|습니다|해요|합니다|하네요|해|함|잖아요?|하잖아요?|은\s?(?:화면|결과|에러|오류|문제|상태|증상|현상"
                       r"|메시지|값))", after_claim=True)
# "빌드 실패해요", "테스트가 깨져요", "CI 빨간불", "린트 에러": the checks fail after the agent's work
# (not "빌드 실패 시 알림", "테스트가 깨지지 않게": a case, an aim).
_CHECKS_FAIL = rule(R, "checks-fail-after-claim", r"(?:빌드|컴파일|테스트|배포|린트|타입\s?체크|(?<![a-z_])(?:ci|lint|tests?|build|typecheck))"
                    r"(?:가|이|는|도|들이|들도)?\s?(?:다\s|전부\s|모두\s|또\s|계속\s)?(?:실패|깨져|깨지네|깨집니다|깨졌|안\s?(?:돼|되네|됩니다|됨|돌아|통과)"
                    r"|통과\s?(?:안|못)|빨간|터져|터졌|터집니다|떨어져|떨어졌|fail(?![a-z]))",
                    # "테스트 실패하는 케이스도 추가해 줘": a case to write
                    # ("빌드 실패 알림을 보내 주세요": a failure named as a thing to handle)
                    unless=_IF_CASE + r"|\s시(?:에|에는)?(?=\s|$)|경우|않게|않도록|없게|없도록|지\s?않|기\s?전|전에"
                    r"|실패\s?(?:알림|메시지|메일|로그|처리|여부|횟수|율|률|케이스)"
                    r"|(?:실패하는|깨지는|실패한|깨진)\s?(?:케이스|테스트|상황|부분|곳|거|것|코드|이유|원인)", after_claim=True)
# "자꾸 튕겨요", "계속 로그인 화면으로 돌아가요": it keeps failing (not "계속 진행해 줘": go on).
_KEEPS_FAILING = rule(R, "keeps-failing-after-claim", r"(?:자꾸|계속|또)\s?(?:\S{1,10}\s){0,2}?\S{0,10}?(?:튕겨|튕기|꺼져|꺼지|멈춰|멈추"
                      r"|사라져|사라지|(?:으로|로)\s?돌아(?:가|와)|튀어|튀어나|깜빡|새로고침돼|새로고침되|새로고침됩|리로드|로그아웃돼|로그아웃되|로그아웃됩|풀려|풀리|깨져|깨지"
                      r"|무한\s?로딩|로딩만)",
                      unless=r"(?:줘|주세요|줄래|하세요|해\s?봐|보자|하자|해요|해)[.!~…]*$|않게|않도록|없게|없도록", after_claim=True)
# "금액이 잘못 나와요", "목록이 중복으로 나와요", "로그가 두 번씩 찍혀요", "무한 로딩이에요", "느려졌어요":
# shown wrong after the agent's work (not "중복 저장 안 되게 막아 줘": an aim).
_SHOWN_WRONG = rule(R, "shown-wrong-after-claim", r"잘못\s?(?:나와|나옵|나오네|표시|보여|보입|보이네|뜨|떠|들어가|들어갔|저장|계산|출력|찍혀|찍히)"
                    r"|중복(?:으로|돼서|되어)?\s?(?:나와|나옵|저장돼|저장됩|생성돼|생성됩|실행돼|실행됩|표시돼|표시됩|들어가|찍혀|호출돼|호출됩)"
                    r"|두\s?번(?:씩)?\s?(?:나와|나옵|찍혀|찍힙|실행돼|실행됩|호출돼|호출됩|눌려|저장돼|저장됩|렌더링돼|렌더링됩)"
                    r"|무한\s?(?:로딩|루프|리렌더|새로고침|리다이렉트)|로딩만\s?(?:돼|되|계속|돌아)|느려졌|느려져요|너무\s?느려"
                    # "반대로 저장되는 듯", "정렬이 반대로 나와요"
                    r"|반대로\s?(?:저장|표시|동작|작동|적용|정렬|나와|나옵|나오|돼|되|들어가|켜|꺼)",
                    # (not "반대로 정렬해 주세요": a request)
                    unless=r"않게|않도록|없게|없도록|방지|막아|막는|줘|주세요|줄래|주실래", after_claim=True)
# "ㄴㄴ 그 API는 v2만 써요", "아니요, 서버는 3000번 포트예요" right after the agent's work: no, and the fact
# (not "아니요 괜찮아요", "아뇨 제가 할게요", nor an answer to the agent's question).
_NO_THEN = rule(P, "no-then-after-claim", r"^(?:ㄴㄴ+|노노|아니아니|아니\s아니|아니요|아뇨|아니에요|아니야)[,.!~\s]+[^\s,.!~]",
                unless=r"괜찮|됐어요|됐습니다|감사|고마|그냥\s?(?:진행|해|가|두)|좋아|필요\s?없|안\s?해도|할게|할께|하겠|직접|나중에|잠깐"
                r"|안\s?[돼되됨됌]|에러|오류|그대로|똑같|일단|맞아|맞아요|맞습니다|계속|됐어|됐다|됐고|됐음|넘어가|넘기|다음|진행|패스|스킵|충분|이대로|가자|하자|아직",
                after_claim=True, not_an_answer=True)
# "로그아웃 버튼이 없어요", "아이콘이 안 보이는데요" right after the agent's work: what it was to add is not
# there (not "시간이 없어요", "아직 데이터가 없어요": nothing to check it with yet, nor "버튼이 없네요 추가해
# 주세요": a request).
_UI_NOUN = (r"버튼|메뉴|아이콘|이미지|사진|링크|탭|페이지|화면|로고|텍스트|글자|문구|항목|컬럼|칼럼|필드|목록|리스트|로그|파일|함수|메서드"
            r"|테스트|스타일|애니메이션|모달|팝업|헤더|푸터|사이드바|네비게이션|스크롤바|그림자|테두리|여백|옵션|체크박스|드롭다운|툴팁|배너|카드|섹션"
            r"|마커|깃발|핀|라벨|레이블|placeholder|플레이스홀더|입력창|검색창|알림|토스트|로딩|스피너|아바타|썸네일|차트|그래프|표|테이블|코드|주석|문서|설명")
_NOT_THERE_AFTER = rule(O, "not-there-after-claim", r"(?:" + _UI_NOUN + r")(?:이|가|도)\s?(?:아예\s|전혀\s|하나도\s|다\s)?(?:안\s?보이|없)(?:어요|네요|는데요|습니다|어|네|는데|음|여|네여)"
                        + _END, unless=r"아직|" + _IF_CASE + r"|추가해|만들어|넣어|달아", after_claim=True)
# Right after the agent's work: worse than before (오히려 더 안 돼요, 더 심해졌어요, 꼬였어요), lost (데이터가
# 다 날아갔어요), a new error or problem (타입 에러가 생겼어요, 버그가 있어요), an error value shown (undefined로
# 나와요, NaN이 떠요).
_WORSE_LOST = rule(R, "worse-or-lost-after-claim", r"(?:오히려|더|더욱|아까보다|전보다|이전보다)\s?(?:[^\s]{1,8}\s)?(?:심해졌|이상해졌|나빠졌|느려졌|꼬였|망가졌"
                   r"|깨졌|안\s?(?:돼|되네|됩니다))|꼬였(?:어요|네요|습니다|어|네)|엉켰(?:어요|네요|습니다|어)"
                   r"|(?:다|전부|모두|싹)\s?(?:날아갔|지워졌|사라졌|없어졌|삭제됐|삭제되었|초기화됐|초기화되었)"
                   r"|(?:에러|오류|문제|버그|경고)(?:가|이)?\s?(?:또\s|새로\s|하나\s)?(?:생겼|생겨요|생깁니다|생기네|생김)"
                   r"|(?:에러|오류|문제|버그)(?:가|이)?\s?(?:있어요|있네요|있습니다|있는데요?|있음|있어|많아요|많네요)" + _END +
                   r"|(?<![a-z])(?:undefined|null|nan|\[object\s?object\]|빈\s?값)(?:으로|로|이|가)?\s?(?:나와|나옵|나오네|떠|뜹|뜨네|찍혀|찍힙"
                   r"|표시돼|표시됩|보여|보입)",
                   unless=r"않게|않도록|없게|없도록|" + _IF_CASE, after_claim=True)
# Right after the agent's work: do it over, do it properly, check before saying so ("처음부터 다시 해 주세요",
# "제대로 좀 해 주세요", "확인 좀 하고 말해 줘", "뭐 하는 거야?"), not "처음부터 다시 설명해 주세요", nor
# the user's own plan ("확인하고 알려 드릴게요").
_REDO = rule(R, "redo-after-claim", r"처음부터\s?다시\s?(?:해|짜|만들|작성|구현)|다시\s?(?:짜|만들어|작성해)\s?(?:줘|주세요|봐)"
             r"|제대로\s?(?:좀\s)?(?:해|해\s?줘|해\s?주세요|하세요|해요)(?=[\s.!~…?]|$)"
             r"|확인\s?(?:좀\s?)?(?:하고|해\s?보고|해보고)\s?(?:말해|말씀|얘기|답|알려)|(?:^|지금\s|너\s|당신\s|도대체\s|대체\s|아니\s)뭐\s?하는\s?(?:거야|거예요|거에요|건가요|거임|건지)|장난(?:해|하냐|하세요|치)",
             unless=r"드릴게|드리겠|할게|할께|하겠|볼게", after_claim=True, asked=True)
# Right after the agent's work, an action failed or nothing came back: "API 호출이 실패합니다", "실패했어요",
# "응답이 안 와요", "값이 0으로 나와요" (not "실패하면 …", "실패 시 …": a case).
_FAILED = rule(R, "failed-after-claim", r"(?:^|\s|이|가|은|는|도)(?:계속\s|또\s|다\s)?실패(?:해요|합니다|하네요?|했어요|했습니다|함|해|했어|했네요?|하는데요?|했는데요?|하고\s?있(?:어요|습니다|네요?|음|어|는데요?))" + _END +
               r"|(?:응답|데이터|이메일|메일|알림|문자|값|결과|푸시|웹훅|콜백|이벤트|요청)(?:이|가)?\s?안\s?(?:와요|와|옵니다|오네요?|들어와요?|들어옵니다)" + _END +
               r"|(?<![\d.])0(?:으로|이)\s?(?:나와|나옵|떠|뜹|찍혀|찍힙|표시돼|표시됩)",
               unless=r"않게|않도록|없게|없도록|" + _IF_CASE + r"|\s시(?=\s|$)|경우", after_claim=True)
# "또 package-lock 건드렸네", "또 커밋했잖아" right after the agent's work: it did it again.
_DID_AGAIN = rule(IV, "did-again-after-claim", r"(?:^|\s)또\s?(?:[^\s]{1,15}\s){0,2}?[^\s]{0,10}?(?:건드렸|지웠|바꿨|고쳤|넣었|만들었|커밋했|푸시했"
                  r"|설치했|추가했|썼|덮어썼|날렸)(?:네|네요|잖아|잖아요|어|어요|군요|구나|냐|니)" + _END, after_claim=True, asked=True)
# A terse 반말 report closing the message right after the agent's work: "페이지가 안 넘어가", "모달 안 닫혀":
# an intransitive or passive verb (not "테스트는 안 넣어", "안 해": the user deciding).
_NOT_TERSE = rule(R, "terse-not-after-claim", r"(?:^|\s)안\s?[가-힣]{1,5}(?:혀|려|겨|와|져|가)[.!~…ㅠㅜㅋ\s]*$",
                  unless=r"(?:^|\s)(?:저|제가|내가|나|난|우리|저희)(?:는|도|가)?\s|시간|아직|지금은|이번엔|나중에|굳이", after_claim=True)
# "푸터 안 만들었네" right after the agent's work (not "아 푸시 안 했네": the user noticing their own slip).
_LEFT_UNDONE = rule(O, "left-undone-after-claim", r"안\s?(?:만들었|넣었|바꿨|고쳤|추가했|수정했|지웠|반영했|업데이트했|적용했)(?:네|구나|냐|니)" + _END,
                    unless=r"^아\s|제가|내가|깜빡", after_claim=True)
# "CORS 에러", "타입 에러 ㅠ", "빌드 오류 발생" as a whole sentence right after the agent's work: its name is the
# report (not "빌드 에러 로그 보여 줘").
_NAMED_ERROR = rule(R, "named-error-after-claim", r"^(?:또\s|계속\s|여전히\s|아직도\s|아직\s)?(?:[^\s]{1,12}\s)?(?:에러|오류|error)(?:가|이)?"
                    r"\s?(?:남|나요|나네요|떠요|뜸|뜨네요|발생|발생해요|발생합니다|있어요|있네요)?[.!~…ㅠㅜㅋ\s]*$", after_claim=True)
# After the agent's work, the thing (subject) does not do what it should: "드롭다운이 안 펼쳐져요", "메일이 안
# 와요" (not "시간이 안 돼요", "저는 안 써요": the user's own state).
_SUBJECT_NOT = rule(R, "subject-not-after-claim", r"(?:이|가)\s(?:[^\s]{1,8}\s)?안\s?[가-힣]{0,5}?(?:져요|집니다|지네요|지는데요?|돼요|됩니다|되네요|와요|옵니다"
                    r"|혀요|힙니다|려요|립니다|겨요|깁니다|여요|입니다|나요|납니다|가요|갑니다|네요|는데요?)" + _END,
                    unless=_OWN_SETUP + r"|시간|여유|돈|비용|권한|사람|팀원|동료|(?:^|\s)(?:저|제가|내가|나|우리|저희)(?:는|도|가)?\s|아직|면(?=\s|$)|해도|돼도",
                    after_claim=True)
# "날짜가 하루씩 밀려서 나와요", "한글이 ??? 로 나와요", "정렬이 반대로 돼 있어요", "카운트가 두 배로 나와요":
# how it shows, right after the agent's work (not "이제 한국어로 잘 나와요").
_SHOWS_AS = rule(R, "shows-as-after-claim", r"(?:이|가)\s(?:[^\s]{1,10}\s){0,2}?[^\s]{1,10}(?:로|으로|처럼|씩|서)\s?(?:나와요|나와|나옵니다|나오네요?|나오는데요?"
                 r"|떠요|뜹니다|뜨네요?|보여요|보입니다|보이네요?|표시돼요|표시됩니다|찍혀요|찍힙니다|돼\s?있어요|되어\s?있어요|돼\s?있네요|되어\s?있습니다)" + _END,
                 unless=r"이제|잘|제대로|정상|원하는|원했던|의도|맞게|예상|드디어|완벽|좋|되면|나오면|해\s?줘|주세요", after_claim=True)
# Hedged, what is left out: "에러 핸들링 빠진 것 같아요", "로딩 처리가 누락된 것 같아요".
_SEEMS_MISSING = rule(O, "seems-missing", r"(?:빠진|누락된|빠져\s?있는|빠뜨린|빼먹은)\s?(?:것|거)\s?같(?:아요|은데요?|습니다|아|네요)")
# After the agent's work, the premise: "그 함수는 deprecated 됐어요", "저희는 그 라이브러리 안 써요", "npm 아니고
# pnpm이에요", asked "이거 예전 버전 코드 아니에요?" (not an answer to its question).
_PREMISE_FACT = rule(P, "premise-fact-after-claim", r"deprecated|더\s?이상\s?(?:안\s?(?:써|쓰|씁)|지원|사용)|지원\s?(?:안\s?(?:해|돼|됩)|하지\s?않|종료)"
                     r"|폐기(?:됐|되었)|지원이\s?(?:끝났|중단)"
                     r"|(?:저희|우리)(?:는|도)?\s(?:[^\s]{1,12}\s){0,2}?(?:안\s?(?:써요|씁니다|써|쓰는데요?)|쓰지\s?않|사용\s?안|사용하지\s?않|써요|씁니다"
                     r"|쓰는데요?|사용해요|사용합니다)|안\s?(?:써요|씁니다|써)\s(?:저희|우리)"
                     r"|(?:^|\s)[^\s]{1,15}\s아니(?:고|라)\s[^\s]{1,20}(?:이에요|예요|에요|야|입니다|이요|거든요?|인데요?)" + _END +
                     r"|^(?:이거|이건|그거|그건|저거)\s(?:[^\s]{1,10}\s){0,3}?[^\s]{1,10}\s?아니(?:에요|예요|야|냐|지|죠|잖아요?|었어요?|었나요)" + _END,
                     unless=r"괜찮|맞|좋|중요|상관|필요", after_claim=True, asked=True, not_an_answer=True)
# "제 컴퓨터에서만 안 되는 것 같아요", "회사 네트워크라서 …", "집에서 해 볼게요": the user's own setup, in a hedged report.
_SETUP_HEDGED = r"(?:제|내)\s?(?:컴퓨터|환경|pc|노트북|폰|쪽|로컬)|네트워크|와이파이|인터넷|볼게|할게|때문인|탓인"
# "안 되는 것 같아요", "제대로 안 되는 거 같은데": a hedged report, not an answer to a proposal.
_SEEMS_NOT = rule(R, "seems-not-after-claim", r"안\s?(?:되|나오|보이|뜨|열리|움직이|바뀌|먹히|눌리)는\s?(?:것|거)\s?같(?:아|아요|은데|은데요|네요"
                  r"|습니다|음)",
                  unless=_SETUP_HEDGED,
                  after_claim=True, not_an_answer=True)
# "(still) …?" right after the agent's work: "여전히 다 움직이는데?", "아직도 그대로네?", and a bare
# "여전히..." before the question.
_STILL_ASKED = rule(R, "still-asked-after-claim", r"(?:여전히|아직도|또다시)\s?[^.?!\n]{1,30}?(?:는데|는데요|네|네요|잖아|잖아요)"
                    r"[.!~…ㅠㅜ\s]*$|^(?:여전히|아직도|또다시)[.…~!ㅠㅜ]*$",
                    unless=_NOT_STILL_FAILING, after_claim=True, asked=True)
# "로그아웃 버튼은 안 만들었어요?", "설정 파일은 왜 안 바꿨어요?", "테스트는 안 돌려 보셨어요?": asked
# after the agent's work, what it left undone (not "테스트는 아직 안 했어요": the user's own state).
_AGENT_DONE = (r"바꿨|바꾸셨|고쳤|고치셨|수정했|수정하셨|추가했|추가하셨|넣었|넣으셨|만들었|만드셨|지웠|지우셨|업데이트했|업데이트하셨"
               r"|반영했|반영하셨|적용했|적용하셨|하셨|돌려\s?보셨|돌리셨|올리셨|커밋하셨|테스트하셨")
_MISSED_ASKED = rule(O, "missed-asked-after-claim", r"(?:(?:은|는|도)\s?|왜\s?(?:[^\s]{1,12}\s){0,2}?)(?:왜\s?)?안\s?(?:" + _AGENT_DONE +
                     r")(?:어|어요|나요|네|네요|지|죠|습니까|니|냐)?" + _END +
                     # "왜 한국어로 안 했어요?": why not, said to the agent
                     r"|왜\s?(?:[^\s]{1,12}\s){0,2}?안\s?(?:했|썼|넣었|돌렸|올렸|커밋했|테스트했|만들었|돌려\s?봤)",
                     unless=r"아직|(?:^|\s)(?:저는|나는|전|난|저도|나도|제가|내가|저희|우리)\s", after_claim=True, asked=True)
# "다크 모드는 반영하지 않으셨네요": the honorific names the agent (in any context).
_FORMAL_MISSED = rule(O, "formal-missed", r"(?:하|고치|바꾸|넣|추가하|수정하|반영하|업데이트하|만들|작성하|지우|삭제하|적용하|변경하|포함하"
                      r"|처리하)지\s?(?:않으셨|않으신\s?(?:것|거)\s?같)"
                      # "환경 변수 추가를 깜빡하셨네요"
                      r"|깜빡하셨|잊으셨|잊어버리셨|까먹으셨|놓치셨")
# "원래대로 돌려 주세요", "방금 거 되돌려", "롤백해 줘", "원복해 주세요", "변경 사항 전부 취소해 주세요" right after the agent's work: undo it (not "롤백
# 기능 만들어 줘", nor "원래대로 돌아왔어요": it works again).
_UNDO = rule(IV, "undo-after-claim", r"원래대로|원상\s?(?:복구|복귀)|원복|(?:변경|수정|작업)\s?(?:사항|내용|한\s?(?:거|것))?(?:을|를)?\s?(?:전부\s|다\s|모두\s)?취소|(?:이전|전|원래|예전|처음)\s?(?:상태|버전|코드|모습)?\s?(?:으로|로)\s?"
             r"(?:복구|복원|되돌|돌려|돌리)|되돌려|되돌리|롤백|돌려\s?(?:놔|놓)",
             also=r"(?:줘|줘요|주세요|주실래요|줄래|해|해요|하세요|해라|놔|놔요|놓아|놓으세요|돌려|되돌려|시켜)[.!~…ㅠㅜ]*$",
             # (nor a rollback prepared or written down: "롤백할 수 있게 해두고", "롤백 절차를 정리해 주세요")
             unless=r"돌아왔|돌아갔|됐어|되었|됐네|잘\s?돼|기능|버튼|스크립트|로직|api|명령|방법|전략|계획|방식|려면|어떻게|수\s?있게|절차|대비|문서|정리",
             after_claim=True, not_an_answer=True)
# "왜 테스트를 지웠어요?", "설정 파일은 왜 건드렸어요?" right after the agent's work: it did what was
# not asked (not "왜 useEffect를 썼어요?": a question about a choice).
_WHY_DID = rule(IV, "why-did-after-claim", r"왜\s?(?:[^\s]{1,12}\s){0,3}?[^\s]{0,12}?(?:지웠|지우셨|삭제했|삭제하셨|없앴|없애셨|날렸|날리셨"
                r"|건드렸|건드리셨|덮어썼|덮어쓰셨|덮어씌웠|되돌렸|되돌리셨|뺐|빼셨|빼\s?버렸|깨뜨렸|망가뜨렸|바꿔\s?버렸|지워\s?버렸"
                r"|바꿨|바꾸셨|변경했|변경하셨)", unless=r"안\s", after_claim=True, asked=True)
# "주석 다 지웠네", "테스트를 전부 삭제하셨네요" right after the agent's work: all of it removed, said as a reproach
# (not "안 쓰는 코드 다 지웠네요. 좋아요": thanked for, in any sentence after it).
_REMOVED_ALL = rule(IV, "removed-all-after-claim", r"(?:주석|테스트|로그|코드|파일|함수|설정|문서|타입)(?:을|를|도|들을|들도)?\s?(?:다|전부|싹|몽땅)\s?"
                    r"(?:지웠|지우셨|삭제했|삭제하셨|날렸|날리셨|없앴|없애셨)(?:네|잖아|어|네요|잖아요|어요|군요)"
                    r"(?![^\n]{0,40}?(?:고마|감사|좋아|좋네|좋습니다|깔끔|잘\s?했|잘\s?하셨|완벽))", after_claim=True, not_an_answer=True)
# "확인도 안 하고 됐다고 하면 어떡해", "돌려보지도 않았잖아" right after the agent's work: it claimed what it had not
# checked; "없는 함수 쓰지 마": it used what is not there.
_UNCHECKED = rule(IV, "unchecked-after-claim", r"(?:확인|테스트|실행|검증)(?:도|는)?\s?안\s?(?:하고|해\s?보고|해보고)\s?(?:[^\s]{1,8}\s)?(?:됐다고|됐다는|끝났다고|완료(?:했다고|라고)|고쳤다고|다\s?했다고)"
                   r"|(?:돌려|실행해|테스트해|확인해|빌드해)\s?보지도\s?(?:않았|않으셨|않고|안\s?했|안\s?하셨)", after_claim=True)
_NOT_THERE_USED = rule(P, "not-there-used-after-claim", r"(?:없는|존재하지\s?않는|있지도\s?않은)\s?(?:함수|메서드|메소드|api|옵션|파일|패키지|라이브러리|모듈|컴포넌트|변수|필드|컬럼|설정|명령어?)"
                       r"(?:는|를|을|은)?\s?(?:좀\s)?(?:쓰지|만들지|지어내지|호출하지|부르지|import하지|임포트하지)\s?(?:마|마세요|말아\s?주세요|말라고|말라니까)",
                       after_claim=True)
# Right after the agent's work, in the formal or hedged register: "수정이 안 된 것 같습니다", "아직 해결되지 않았습니다",
# "기존 기능이 동작하지 않게 되었습니다", "null이 반환됩니다", "함수가 정의되지 않았다고 나옵니다" (the hedge is politeness
# here; not "안 된 것 같으면 알려 주세요": a case, nor "안 된 것 같아서 제가 고쳤어요": the user's own fix).
_FORMAL_FAILED = rule(R, "formal-failed-after-claim", r"(?:안\s?(?:된|돼\s?있는|되어\s?있는)|되지\s?않(?:은|는)|(?:동작|작동|실행|해결|반영|적용|수정|변경|저장)(?:하|되)지\s?않(?:은|는))"
                      r"\s?(?:것|거)\s?같(?:아요|습니다|네요|은데요?|아)(?=\s|$|[.!,~…])"
                      r"|(?:해결|반영|적용|수정|변경|고쳐|저장|삭제|설치|배포|처리)(?:이|가)?\s?(?:되지|지지)\s?않았(?:습니다|어요|네요|는데요?|어)"
                      r"|(?:동작|작동|실행|로드|표시|출력|저장)(?:하|되)지\s?않게\s?(?:되었|됐)"
                      r"|(?:null|undefined|nan|none|nil|빈\s?값|빈\s?배열)(?:이|가|로|으로)?\s?(?:반환|리턴|출력|표시)(?:됩니다|돼요|되네요|되고\s?있|돼|되어요)"
                      r"|(?:않았|않는|없|실패했|못\s?찾|찾을\s?수\s?없)(?:다고|다는)\s?(?:에러가\s|오류가\s|메시지가\s)?(?:나와요|나옵니다|떠요|뜹니다|나오네요|뜨네요|나와|떠)",
                      unless=r"면\s|경우|않도록|않게\s?(?:해|하|만들)|(?<![가-힣])(?:제가|저희가)|일부러|의도|괜찮|" + _SETUP_HEDGED, after_claim=True)
# "말씀드린 것과 다르게 구현되었습니다", "요청한 거랑 달리 만들어졌어요" right after the agent's work: not what was asked.
_UNLIKE_ASKED = rule(IV, "unlike-asked-after-claim", r"(?:말씀드린|요청드린|말한|요청한|부탁드린|부탁한|얘기한|말씀하신)\s?(?:것|거|내용)(?:과|와|이랑|랑)\s?(?:다르게|달리|다르네|달라|다릅니다)"
                     # "요청드린 범위를 벗어난 수정", "요청하지 않은 파일까지 변경되었습니다", "불필요한 리팩터링이 포함되어 있습니다",
                     # "지시와 다르게 커밋되었습니다", "설명과 다르게 동작합니다"
                     r"|(?:요청|요청드린|요청한|말씀드린)\s?범위를\s?벗어난|요청(?:하지|드리지)\s?않은\s?[^\s]{1,10}\s?(?:까지\s?)?(?:변경|수정|삭제)(?:되었|됐|하셨)"
                     r"|(?:요청하지\s?않은|요청\s?안\s?한)\s?[^\s]{1,10}(?:까지|도)\s?(?:변경|수정|삭제)(?:되었|됐|하셨)"
                     r"|불필요한\s?[^\s]{1,10}(?:이|가)\s?(?:포함되어|포함돼|들어가|추가되어|추가돼)"
                     r"|(?:지시|요청|말씀|설명|문서|명세)(?:와|과|하고|이랑|랑)\s?다르게\s?(?:[^\s]{1,12}\s){0,2}?(?:동작|작동|나와|보여|커밋|구현|수정|변경|처리)",
                     unless=r"면\s|경우|해\s?주세요|해\s?줘|괜찮|마세요|말아|하지\s?마|지\s?마|않게|않도록", after_claim=True)
# An earlier instruction repeated right after the agent's work: "말씀드렸다시피 …", "다시 말하지만 …", "아까 말한 대로 …";
# what lies outside the task ("그건 이번 범위 밖이에요").
_REPEATED = rule(IV, "repeated-after-claim", r"^(?:말씀드렸다시피|말씀드린\s?대로|말했다시피|말한\s?대로|아까\s?말한\s?대로|아까\s?말씀드린\s?대로"
                 r"|다시\s?말하지만|다시\s?말씀드리지만|거듭\s?말씀드리지만|누누이\s?말하지만)(?=\s|,)"
                 r"|범위\s?(?:밖|외)(?:이에요|예요|입니다|야|인데요?|잖아요?)",
                 # (the instruction repeated, not "말한 대로 잘 됐네요": it went as said)
                 also=r"마세요|말아|말라|지\s?마|주세요|하세요|해요|범위",
                 unless=r"감사|고마|면\s|경우|됐|되네|돼요", after_claim=True, not_an_answer=True)
# Right after the agent's work, a wrong premise: "빌드된 파일을 고치셨네요", "여기는 타입스크립트 안 써요", "users 테이블 없어요",
# "Postgres라고 생각하셨나 봐요".
_PREMISE_AFTER = rule(P, "wrong-premise-after-claim", r"(?:빌드된|컴파일된|생성된|번들된|dist)\s?(?:파일|코드)(?:을|를)?\s?(?:고치|수정하|바꾸|편집하)셨"
                      r"|(?:^|\s)여기(?:는|선|서는)\s(?!신경)(?:[^\s]{1,15}\s)?안\s?(?:써요|씁니다|써(?!도)|쓰는데요?)"
                      r"|(?:테이블|컬럼|칼럼|환경\s?변수|변수|함수|메서드|메소드|파일|엔드포인트|옵션|명령어|패키지|모듈)\s?(?:은|는)?\s?없(?:어요|습니다|는데요?)(?=[.!\s]|$)"
                      r"|(?:라고|다고|인\s?줄|줄)\s?(?:생각하셨|아셨|알고\s?계셨)(?:나\s?봐요|나봐요|네요|군요|던데요?)",
                      unless=r"면\s|경우|만들어|추가해|주세요|괜찮", after_claim=True, not_an_answer=True)
# "제 코드 지우셨네요", "내 설정 파일 덮어썼잖아" right after the agent's work: it removed the user's own work (not
# "제 코드 지웠는데 괜찮아요": done by the user, or fine).
_REMOVED_MINE = rule(IV, "removed-mine-after-claim", r"(?<![가-힣])(?:제|내|저희|우리)\s?(?:[가-힣a-z0-9_.]{1,8}\s)?(?:코드|파일|함수|작업|수정|변경|변경\s?사항|커밋|설정|주석|테스트|브랜치|데이터)"
                     r"(?:를|을|도|까지|들을|들도)?\s?(?:다\s|전부\s|싹\s|몽땅\s)?(?:지웠|지우셨|삭제했|삭제하셨|없앴|없애셨|날렸|날리셨|덮어썼|덮어쓰셨|덮어씌웠"
                     r"|지워\s?버렸|지워\s?버리셨|날려\s?버렸|날려\s?버리셨)",
                     unless=r"는데|괜찮|상관|일부러|제가|내가|요청|부탁|대로|고마|감사|좋아|좋네|잘\s?했|깔끔", after_claim=True, not_an_answer=True)
# "절대 경로 넣으면 안 되지", "하드코딩하면 안 되잖아요" right after the agent's work: it did what must not be done.
# (not "이거 테스트 없으면 안 되지?": asking it is required)
_MUST_NOT = rule(IV, "must-not-after-claim", r"면\s?안\s?(?:(?:되지|되죠)(?:요)?(?!\s?\?)|되잖아|되잖아요|되는데|되는데요|된다고|된다니까|되는\s?거\s?(?:아니|몰라)"
                 r"|되는\s?걸)", after_claim=True)
# "npm 말고 yarn 써요", "그 파일 말고 utils 쪽이요" right after the agent's work: not what it chose (not
# "헤더 말고 푸터도": besides, "이번엔 헤더 말고 푸터": the next task, nor "실행하지 말고": don't, and).
_NOT_X_BUT = rule(P, "not-x-but-after-claim", r"(?:^|\s)[^\s]{1,20}(?<!지)\s?말고(?:요)?(?=\s|$|[,.!])",
                  unless=r"말고(?:요)?\s(?:[^\s]{1,10}\s)?[^\s]{1,15}도(?=\s|$)|말고도|이번엔|이번에는|다음엔|다음에는|이제"
                  # "이 로직 엔티티 안에 구현해 줘 copy 말고 var로": the way of a new request made first (not "다시 해 줘 npm 말고 yarn으로")
                  r"|^(?![^\n]{0,60}?다시)[^\n]{0,80}?(?:줘|주세요)\s[^\n]{0,30}?말고"
                  r"|(?:다음|나중|먼저)\s?(?:거|것|걸|에|엔)|(?:하자|할게|할께|가자|합시다)[.!~…]*$"
                  # what others want, relayed ("디자인팀이 … 두고 싶대요"), or a decision announced ("… 쓰기로 했어요")
                  r"|(?:대요|래요|답니다|랍니다|다네요|라네요|다고\s?(?:해요|하네요|합니다)|라고\s?(?:해요|하네요|합니다))[.!~…]*$|기로\s?(?:했|결정|정했)|로\s?결정",
                  after_claim=True, not_an_answer=True)
# "제가 말한 대로 안 했잖아요", "요청드린 대로 안 돼 있어요", "그건 제가 요청한 게 아니에요": not as asked.
_NOT_AS_ASKED = rule(IV, "not-as-asked", r"(?:말한|말씀드린|요청한|요청드린|부탁한|부탁드린|얘기한|시킨|지시한)\s?대로\s?(?:안\s?(?:했|하셨|됐|되어|돼|되)"
                     r"|하지\s?않)|(?:요청한|요청드린|부탁한|부탁드린|시킨)\s?(?:게|거|것이|건)\s?아니")
# "시킨 것만 해 주세요" right after the agent's work: it did more than asked.
_ONLY_ASKED = rule(IV, "only-asked-after-claim", r"(?:시킨|말한|요청한|요청드린|부탁한|부탁드린|하라는|해\s?달라는)\s?(?:것|거|부분)만\s?(?:해|하세요|해\s?주세요|해요|해\s?줘)"
                   # "쓸데없는 거 추가하지 마", "필요 없는 코드 넣지 마세요": what it added and was not asked for
                   r"|(?:쓸데\s?없는|쓸모\s?없는|필요\s?없는|불필요한)\s?(?:거|것|걸|코드|기능|파일|주석|로그)(?:는|를|을)?\s?(?:좀\s)?(?:추가하|넣|만들|붙이|달)지\s?(?:마|마세요|말아\s?주세요|말라고)",
                   after_claim=True)
# "…까지 지우면 어떡해요", "이렇게 바꾸면 어떻게 해요" right after the agent's work: a reproach of what it
# did (not "실패하면 어떡해?": a worry).
_HOW_COULD = rule(IV, "how-could-after-claim", r"(?:지우|삭제하|바꾸|건드리|덮어쓰|올리|푸시하|커밋하|넣으|빼|없애|날리|수정하|고치|되돌리|만들"
                  r"|설치하|옮기)면\s?(?:어떡(?:해|해요|하냐|합니까|하나요)|어떻게\s?(?:해|해요|합니까)(?=[\s.!~…?]|$))",
                  after_claim=True, asked=True)
# "XX도 바꿔야죠", "테스트도 고쳐야지" right after the agent's work: what it should have done too.
# "그것도 같이 바꿔 주셔야죠", "iOS 쪽도 추가해야 되지 않나요?": asked, too, when the question presses.
_SHOULD_TOO = rule(O, "should-too-after-claim", r"도\s?(?:[^\s]{1,8}\s)?(?:해|바꿔|고쳐|수정해|추가해|넣어|반영해|업데이트해|지워"
                   r"|삭제해|적용해|변경해)(?:\s?주셔|\s?줘)?야\s?(?:죠|지|지요|잖아요|잖아|(?:되지|하지)\s?않(?:나요|아요|을까요|습니까|냐))(?=[\s.!~…?]|$)",
                   unless=r"^(?:그러면|그럼|그렇다면|그러니까|차라리|아니면)", after_claim=True, asked=True)
# "로그인 버튼은 어디 갔어요?" right after the agent's work: it is gone.
# Right after the agent's work, asked: "테스트는요?", "마이그레이션은 어디 있어요?": a part of the work the user expected
# to find (as en "where are the tests?", zh "测试呢？").
_WORK_PART_ASKED = rule(O, "work-part-asked-after-claim", r"^(?:그리고|그럼|근데|아)?\s?(?:단위\s?테스트|유닛\s?테스트|테스트\s?코드|테스트|마이그레이션|문서|readme"
                        r"|changelog|변경\s?로그|타입\s?정의|번역|에러\s?처리|예외\s?처리|유효성\s?검사|나머지"
                        # "에러 케이스는요?", "빈 값일 때는요?"
                        r"|(?:에러|오류|예외|실패|빈\s?값|빈\s?입력|엣지|타임아웃)\s?(?:케이스|경우|상황))(?:은|는)"
                        r"\s?(?:요|어디\s?(?:있어요|있나요|있죠|예요|에요|갔어요|있습니까)|없어요|없나요)\s?\?*$",
                        after_claim=True, asked=True, not_an_answer=True)
# "뭐 잊은 거 없어요?" right after the agent's work: a miss pointed at, asked.
_FORGOT_ASKED = rule(O, "forgot-asked-after-claim", r"(?:뭐|뭔가|무언가)\s?(?:잊은|빠뜨린|빼먹은|놓친|빠진)\s?(?:거|게|것)\s?(?:없어요|없나요|없어|없습니까)",
                     after_claim=True, asked=True, not_an_answer=True)
_WHERE_GONE = rule(O, "where-gone-after-claim", r"(?:은|는|이|가)\s?어디\s?(?:갔|간\s?거|사라졌)", after_claim=True, asked=True)
# "그거 이미 있어요", "이미 설치돼 있는데요" right after the agent's work: it assumed what is not so (not
# an answer to its question).
# "그건 이미 해 봤어요", "벌써 시도해 봤는데요": what it suggests was tried already.
_ALREADY = rule(P, "already-after-claim", r"(?:^|\s)이미\s?(?:[^\s]{1,10}\s)?(?:있어요|있는데요?|있잖아요?|있습니다|해\s?놨|해\s?뒀|만들어\s?(?:놨|뒀)"
                r"|(?:설치|구현|추가|설정|적용)(?:돼|되어)\s?있)"
                r"|(?:^|\s)(?:이미|벌써)\s?(?:다\s?)?(?:해\s?봤|시도해\s?봤|시도했)",
                # (its failure said: a result, typed by those rules)
                unless=r"감사|고마|그럼|이제|다음|좋아|잘|안\s?[돼되됩]|소용|효과|똑같|그대로|마찬가지|에러|오류|실패"
                # (nor what the user holds for the work: "API 키는 이미 있어요. 배포 계속해 주세요")
                r"|키|토큰|계정|권한|비밀\s?번호|라이선스|계속|진행|됐어요|됐네요", after_claim=True, not_an_answer=True)
# "또 그러네요", "또 이러시네" right after the agent's work: it did it again.
_AGAIN_THAT = rule(R, "again-that-after-claim", r"또\s?(?:그러|이러)(?:네|네요|시네요|시네|잖아|잖아요|냐|니|세요|시는)", after_claim=True, asked=True)
# Right after the agent's work: "그 파일 아니에요", "원인은 그게 아닌 것 같아요", "이건 버그가 아닌데요": not
# what it took it for (not "별거 아니에요", "문제 아니에요": no worry; nor an answer to its question).
_NOT_IT = rule(P, "not-it-after-claim", r"(?:^|\s)[^\s]{1,15}\s(?:[^\s]{1,10}(?:이|가)\s)?아니(?:에요|예요|야|잖아요?|고요|거든요?|던데요?)" + _END +
               r"|아닌데(?:요)?" + _END + r"|아닌\s?(?:것|거)\s?같(?:아요|은데요?|습니다|아|네요)|아닌\s?듯(?:해요|합니다|해|요)?" + _END,
               unless=r"별거|별것|대단|중요|상관|괜찮|걱정|급한|나쁜|심각|큰\s?문제|별\s?문제|(?:^|그건\s|이건\s|그게\s|이게\s)문제(?:가|는)?\s?아니|탓|잘못|실수|필요|꼭|당연", after_claim=True,
               not_an_answer=True)
# "그 옵션은 존재하지 않아요", "이거 아니야, 다른 파일이야", "내가 말한 건 staging이야": the premise.
_NOT_THERE = rule(P, "not-there", r"존재하지\s?않(?:아|아요|습니다|는데|는데요|네|네요|잖아)(?=\s|$|[.!~…,])"
                  r"|^(?:이거|저거|그건|이건)\s?아니(?:야|에요|예요|잖아|고|라)"
                  r"|(?:내가|제가)\s?(?:말한|말했던|얘기한|얘기했던|요청한|요청했던|요청드린|원한|원했던|부탁한|부탁드린|말씀드린"
                  r"|말씀드렸던)\s?(?:건|거는|것은)\s")
# "기본 브랜치가 잘못 지정됐어": set up wrong by the agent.
_SET_WRONG = rule(R, "set-wrong", r"잘못\s(?:설정|지정|연결|표시|입력|적용|처리)(?:되었|됐|돼\s?있|되어\s?있)")
# "왜 또 안 돼?", "왜 아직도 그대로야?": asked, but a complaint about the attempt.
_WHY_STILL = rule(R, "why-still", r"왜\s?(?:또|아직도|여전히|계속)\s?(?:\S{1,10}\s)?(?:안\s?(?:돼|되|나와|보여|떠|바뀌)|에러|오류|실패"
                  r"|그대로|똑같|이래|이러)", asked=True)
# "스와이프하면 안 움직이는 거야?" right after the agent's work: asked, what its work does not do (not
# "지우면 안 되는 거야?": asking leave).
_DOESNT_WHEN = r"면\s?안\s?(?!되|돼)[^\s]{1,8}?는\s?(?:거야|거예요|거에요|건가요|건가|거죠|거지|거임|건데)"
_DOESNT_WHEN_ASKED = rule(R, "doesnt-when-after-claim", _DOESNT_WHEN, after_claim=True, asked=True)
# "왜 여전히 토큰 에러가 …", "왜 또 로그인 화면이야?" right after the agent's work: still, asked.
_WHY_STILL_AFTER = rule(R, "why-still-after-claim", r"왜\s?(?:또|아직도|여전히|계속)\s?[^\s]",
                        unless=r"궁금|이해|모르|설치|기다|진행\s?중|하는\s?중", after_claim=True, asked=True)
# "이거 왜 안 돼요?", "왜 안 나와요?" right after the agent's work: it does not (not "지우면 왜 안 돼요?": asking leave).
_WHY_NOT = rule(R, "why-not-after-claim", r"왜\s?(?:[^\s]{1,10}\s){0,2}?안\s?(?:돼|되|됩|나와|나오|보여|보이|떠|뜨|열려|열리|바뀌|먹혀|먹히|움직|눌려|눌리"
                # "왜 모터가 안 도냐?", "왜 메일이 안 와요?": the thing does not turn, run, come, show up
                r"|도(?:냐|나|니|지|네|아|요|는)|돌아|작동|동작|켜져|켜지|꺼져|꺼지|닫혀|닫히|넘어가|들어가|들어와|찍혀|찍히|생겨|생기|나타나|와|오(?:냐|나|니|지|네|는))",
                unless=r"면\s?(?:[^\s]{1,10}\s)?왜", after_claim=True, asked=True)
# "수정이 안 됐어", "반영 안 됐네요", "색이 안 바뀌었어": the change did not take (not "안 된 거 있으면").
_NOT_APPLIED = rule(R, "not-applied", r"(?:수정|반영|적용|변경|업데이트|저장|해결|설치|삭제|추가|연결|배포)\s?(?:이\s?|가\s?|은\s?|는\s?)?안\s?"
                    r"(?:됐|되었|돼\s?있)" + _RESULT_ENDING + r"|안\s?(?:바뀌었|고쳐졌|사라졌|없어졌|지워졌)" + _RESULT_ENDING,
                    # (not "인터넷 연결이 안 돼 있어요": the person's own connection)
                    unless=r"인터넷|와이파이|네트워크|vpn|wifi|랜선")
# "제대로 안 돼요", "제대로 안 나와": not working properly (not "제대로 안 되는 부분 고쳐 줘", a task).
_NOT_PROPERLY = rule(R, "not-properly", r"제대로\s?안\s?(?:돼|되네|되잖|됨|나와|보여|돌아가|움직여|떠)(?:요|네|네요)?(?=\s|$|[.!~…])")
# Right after the agent's work: "저장하면 목록이 갱신돼야 하는 거 아니야?", "시안이랑 달라요": the
# result is not what it should be (asked, too); "그럼 캐시에 저장해야 하는 거 아니야?" reasons from
# the agent's answer to a proposal.
_SHOULD_BE = rule(R, "should-be-after-claim", r"(?:야\s?하는|야하는|가능한|되는|맞는)\s?(?:거|것|게)\s?아니(?:야|에요|예요|었어|냐|니|지|잖아)"
                  r"|(?:과|와|랑|이랑|하고)\s?(?:[^\s]{1,8}(?:이|가)\s)?(?:좀\s|많이\s|완전\s|너무\s)?(?:달라|다르잖아|다르네|다릅니다|달라요|다른데)(?=\s|$|[.!~…?,])",
                  unless=r"^(?:그러면|그럼|그렇다면|그러니까|차라리|아니면)", after_claim=True, asked=True)
# Right after the agent's work, the formal negative of working or showing: "표시되지 않아요", "작동하지
# 않습니다", "저장이 되지 않았어요", "작동 안 해요" (not "않으면", "않도록", "않게": a case, an aim).
_NOT_WORKING = rule(R, "not-working-after-claim", r"(?:이|가)\s?되지\s?않(?:아요|습니다|네요|는데요|는데|아|음|았어요|았습니다)" + _END + r"|(?:작동|동작|표시|반영|적용|실행|저장|로드|로딩|출력|렌더링|연결|설치|빌드|컴파일|통과|이동"
                    r"|나타나|나오|보이|열리|눌리|뜨|바뀌)(?:이\s?|가\s?)?(?:되|하)?지\s?(?:않|못\s?(?:해|하|했))"
                    r"(?:아요|아|습니다|았어요|았어|았습니다|네요|는데요|는데|음|요|고)?(?=\s|$|[.!~…,?])"
                    r"|(?:작동|동작)(?:을|이)?\s?안\s?(?:해|해요|함|하네|하네요|하는데|하는데요|됨|돼|돼요)(?=\s|$|[.!~…,?])",
                    after_claim=True)
# "force push 하면 안 돼요!!", "또 10% 붙이시면 안 돼요", "이렇게 바꾸시면 안 돼요" right after the agent's work: what
# it did must not be done; said of that act (again, like this) or exclaimed. Not "아 그리고 로그는 남기면 안 돼요" (a new
# rule for later), "지우면 안 돼요?" (asking leave), nor an answer to its question. (No `unless`: the rule reads the
# whole text, and a "?" after it asks.)
_MUST_NOT_SAID = rule(IV, "must-not-said-after-claim", r"(?:^|\s)(?:또|또다시|이렇게|그렇게|이런\s?식으로|그런\s?식으로|함부로|마음대로)\s(?:[^\s.?!]{1,12}\s){0,3}?"
                      r"[^\s.?!]{0,12}?면\s?안\s?(?:돼요|됩니다|돼|되요|되죠)(?=[\s.!~…ㅠㅜ]|$)|(?<=[가-힣])면\s?안\s?(?:돼요|됩니다|돼|되요)\s?!",
                      after_claim=True, not_an_answer=True)
_STILL_SO = rule(R, "still-so-after-claim", r"(?:^|\s)아직(?:도)?\s(?:[^\s.?!]{1,15}\s){0,2}?(?:[^\s.?!]{0,15}?(?:있어요|있는데요?|있네요?|있습니다|있음|남아\s?있"
                 r"|넘어요|넘네요|넘는데요?|넘습니다)|(?:예전|이전|옛날|기존)\s?[^\s.?!]{0,10}\s?(?:[^\s.?!]{1,10}\s)?(?:나와요|나와|나옵니다|보여요|보입니다|떠요|이에요|예요|이네요|입니다|그대로"
                 r"|돌려줘요|돌려줍니다|반환해요|반환합니다|리턴해요|보내요|보냅니다)"
                 r")" + _END,
                 unless=_NOT_STILL_FAILING + r"|안\s|못\s|시간|여유|없|멀었|할\s?(?:일|게|거)|남은|질문|한\s?가지|(?:^|\s)(?:더|다른)\s|초안|전이|전에|기다|(?:^|\s)(?:저|제가|내가|나|저희|우리)(?:는|도|가)?\s",
                 after_claim=True, asked=True)
# "status가 PAID인데 PENDING이라고 보내고 있어요", "3이어야 하는데 0으로 나와요": what it should be, and what the
# work sends or shows instead (not "완료인데 취소로 보내 줘": a request).
_MISMATCH = (r"(?:인데|이어야\s?(?:하는데|되는데)|여야\s?(?:하는데|되는데)|(?:이|가)\s?맞는데)\s?(?:[^\s.?!]{1,20}\s){0,2}?[^\s.?!]{1,20}?"
             r"(?:이라고|라고|으로|로)\s?(?:보내고\s?있|보내(?:네|요|는데|지네)|저장(?:되고|돼|되어|되네|되는데|됩)|나와|나오(?:네|는데|고)|나옵|들어가(?:요|네|는데|고)"
             r"|들어갔|찍혀|찍히(?:네|는데|고)|표시(?:되고|돼|되어|되네|되는데|됩)|전송(?:되고|돼|되네|되는데|됩)|넘어가(?:요|네|는데|고)|넘어와)")
_MISMATCHED = rule(R, "mismatch-after-claim", _MISMATCH, unless=r"줘|주세요|줄래|하도록|되도록|되게|했으면", after_claim=True, asked=True)
# "이렇게 나와요", "이렇게 뜨는데?" (a screenshot beside it) right after the agent's work: this is what its work does
# (not "이렇게 나와야 해요", what it should do; nor the person pleased with it).
_SHOWS_THIS = rule(R, "shows-this-after-claim", r"^(?:근데|그런데|음|어|아|엥|헐|지금|결과)?[,.\s]*(?:이렇게|이런\s?식으로)\s?"
                   r"(?:(?:나와|나와요|나옵니다|떠|떠요|뜹니다|돼|돼요|됩니다|보여|보여요|보입니다)[.!~…ㅠㅜ\s]*$"
                   r"|(?:나오|뜨|되|보이)(?:는데|는데요|네|네요)[.!~…ㅠㅜ?\s]*$)",
                   unless=r"잘|좋|완벽|감사|고마|정상|원하던|드디어", after_claim=True, asked=True)
# "수정해도 똑같은데?", "새로고침해도 그대로예요", "다시 빌드해도 안 돼요" right after the agent's work: its change
# did nothing (not "둘 다 해도 같아요": either way; "해도 똑같은 결과가 나와야 해": what it should do).
_EVEN_AFTER = rule(R, "same-even-after-claim", r"(?<!안)(?<!안\s)(?:해도|했는데도|해\s?봐도|고쳐도|바꿔도|돌려도|지워도|넣어도|켜도|다시\s?해도)"
                   r"\s?(?:[^\s]{1,10}\s){0,2}?(?:똑같|같아|같네|같은데|그대로|마찬가지|동일|변화\s?없|안\s?(?:돼|되|나와|나오|바뀌|보여|보이|떠|뜨|움직))",
                   unless=r"둘\s?다|어느\s?(?:쪽|거|것)|어떤\s?(?:걸|거|것)|야\s?(?:해|돼|됩|하|되)", after_claim=True, asked=True, not_an_answer=True)
# "이렇게 할께 아니라 …": the common spelling 께 of 게 (할게 → 할께), "not this but …" as the base rule reads 게.
_NOT_THIS_WAY = rule(P, "not-this-way", r"(?<=[할될볼줄쓸갈])께\s?아니(?:고|라)(?=\s|$|[,.])")
# "어드민은 분기 처리 안 해도 되는데", "그건 만들 필요 없었어요" right after the agent's work: it did what was not needed
# (not an answer to its question: "테스트도 추가할까요?" "안 해도 돼요").
_NOT_NEEDED = rule(IV, "not-needed-after-claim", r"안\s?해도\s?(?:됐는데|됐잖아|됐어|되는데|되잖아)"
                   r"|(?:할|만들|넣을|추가할|바꿀|고칠|지울)\s?필요(?:가|는)?\s?(?:없었|없는데|없잖)",
                   unless=r"아직|나중에|다음에", after_claim=True, asked=True, not_an_answer=True)
# Phenomena the other packs cover (parity round), in ordinary Korean forms.
# A failure said as the sentence ends, for the rules below that pair it with what came before: an error shows, it does
# not show, open or move, nothing reacts, it goes blank, white, back to the start, freezes, vanishes, overlaps, slows.
_FAILS_END = (r"(?:" + _NOT_VERB + "|" + _ERROR_SHOWS + "|" + _TERSE_FAIL +
              r"|(?:아무\s?)?(?:반응|변화)(?:이|가|도)?\s?(?:전혀\s|하나도\s)?없(?:어|어요|습니다|네요|음|는데요?)"
              r"|아무\s?(?:것도|일도)\s?안\s?(?:일어나요|일어나|나와요|나와|떠요|보여요|돼요)"
              r"|(?:흰|하얀|빈|검은|까만)\s?화면(?:이|만)?\s?(?:나와요?|나옵니다|나오네요?|떠요?|뜹니다|돼요)"
              r"|하얘(?:요|져요|집니다|지네요)|하얗게\s?(?:돼요|됩니다|변해요|나와요|떠요)"
              r"|(?:비어\s?(?:있어요|있어|있네요?|있습니다|있는데요?|있음|버려요)|비어요|빕니다|비네요?|비었어요|비었네요?|비었습니다)"
              # (reset, logged out, saved twice; a bare "캐시가 초기화돼요" may be what was wanted)
              r"|(?:(?:다|전부|또|다시|자꾸|계속|싹|매번)\s(?:초기화|리셋)|로그아웃|중복\s?저장)(?:돼요|됩니다|되네요|돼|됨|돼\s?버려요|되어\s?버려요|되어\s?버립니다)"
              r"|(?:사라져|멈춰|꺼져|튕겨|터져|깨져|겹쳐|잘려|밀려|느려|느려져|느려졌어|사라졌어|없어졌어|깨졌어|겹쳤어|멈췄어)(?:요|\s?버려요|\s?버립니다)?"
              r"|(?:사라집|멈춥|꺼집|튕깁|터집|깨집|겹칩|잘립|느립)니다|(?:사라지|멈추|꺼지|튕기|터지|깨지|겹치|느리)네요?"
              r"|먹통(?:이에요|입니다|이네요|임|돼요)|멈춰\s?있어요"
              r"|안\s?[가-힣]{1,4}?(?:혀요|려요|겨요|져요|와요|가요|돼요|됩니다|집니다|힙니다|립니다|깁니다|옵니다|갑니다))"
              r"[.!~…ㅠㅜ\s]*$")
# What the person does: "저장 누르면", "설정 페이지 열면", "새로고침하니까", "스크롤할 때마다", "눌렀을 때".
_WHEN_I = (r"(?:(?:클릭|새로고침|새로\s?고침|리로드|실행|저장|로그인|로그아웃|접속|입력|선택|업로드|다운로드|스크롤|빌드|배포|검색|정렬"
           r"|제출|전송|추가|삭제|편집|이동|시작|재시작|드래그|변경|설치|탭|터치)\s?하|누르|눌러\s?보|열|열어\s?보|들어가|들어가\s?보|돌리|돌려\s?보"
           r"|보내|지우|켜|끄|넘기|불러오|띄우|닫으|펼치|바꾸|해\s?보)(?:면|니까|니깐)(?=\s|$|[,])|여니까(?=\s|$|[,])"
           r"|(?:[가-힣]할|누를|열|들어갈|돌릴|보낼|지울|켤|끌|넘길|불러올|띄울|닫을|바꿀)\s?때마다"
           # "저장 버튼 눌렀을 때", "페이지 열었을 때": what the person did, in the past
           r"|(?<=[가-힣])(?:었|았|였|했|렸|웠|쳤|꿨|갔|왔|봤|렀|냈|켰|껐)을\s?때(?:는|에|에는|마다)?(?=\s|$|[,])")
# … the words of a spec, a wish, a question or an approval in that sentence: "저장 누르면 닫히게 해 주세요", "열면 목록이
# 보여야 해요", "누르면 안 돼요" (must not), "클릭하면 모달이 떠요. 좋아요".
_WHEN_SPEC = (r"(?:게|도록)\s?(?:해|하|만들|바꿔|고쳐|처리|수정|되|돼)|주세요|줘|줄래|주실|주시|부탁|야\s?(?:해|돼|하|되|함|합|겠)"
              r"|했으면|좋겠|싶어|싶은데|싶습니다|원해|원합니다|까요|" + _ASKS_NAYO + r"|인가요|건가요|거죠|정상|의도|예상대로|맞아요|맞죠|괜찮|잘\s?(?:돼|되|나와|나오|열|닫)"
              r"|문제\s?없|처리해|띄워|알려|경우|만약|혹시|면\s?안\s?(?:돼|되|됩)|려면|좋아요|좋네요|완벽|감사|고마|" + _INTENDED_EFFECT)
# A -면/-니까 clause of the person's own doing that ends in a failure, with no spec words: a report, not a case
# (read by the hypothetical exclusions below).
_WHEN_I_REPORT = r"^(?![^\n]{0,200}?" + _WHEN_SPEC + r")[^\n]{0,80}?(?:" + _WHEN_I + r")[^\n]{0,80}?" + _FAILS_END
# Right after the work, what happens when the person does something: "저장 누르면 아무 반응이 없어요", "새로고침하면
# 목록이 다시 비어요", "설정 페이지 열면 앱이 멈춰요" (not "저장 누르면 닫히게 해 주세요", "실패하면 배너 띄워 줘").
_WHEN_I_AFTER = rule(R, "when-i-after-claim", _WHEN_I, also=_FAILS_END, unless=_WHEN_SPEC, after_claim=True)
# "알려주신 명령어 실행했는데 에러 나요", "말씀하신 대로 했는데 안 돼요", "네가 준 스크립트 돌렸더니 permission denied
# 떠": the agent's instructions followed, and they failed (their words name the agent's advice: in any context; not
# "말씀하신 대로 했더니 잘 돼요", "알려주신 대로 해 볼게요", nor someone else's: "팀장님이 알려주신 대로 했는데 …").
_FOLLOWED = (r"(?:알려\s?주신|알려\s?준|알려\s?주셨던|말씀하신|말씀해\s?주신|시키신|제안하신|제안해\s?주신|추천하신|추천해\s?주신|안내하신"
             r"|안내해\s?주신|가르쳐\s?주신|가르쳐\s?준|적어\s?주신|써\s?주신|짜\s?주신|보내\s?주신|작성해\s?주신|주신|(?:네가|니가|너가)\s?(?:준|말한|알려\s?준|짠|쓴))"
             r"\s?(?:대로|방법(?:대로|으로)?|명령어|명령|커맨드|코드|스크립트|설정|순서|절차|단계|방식|해결책|수정\s?사항|패치|쿼리|마이그레이션|거|것)"
             r"[^.?!\n]{0,30}?(?:[었았였했렸웠쳤꿨겼졌봤냈셨켰갔왔썼](?:는데|더니|지만|는데도|는데요)|(?:하|으)?니까)(?=\s|$|[,])")
# (an error named as a thing to build is no failure: "에러 처리도 추가해 주세요")
_FOLLOWED_FAILED = (r"(?:에러|오류|에라)(?!\s?(?:처리|핸들링|로깅))|실패|안\s?(?:돼|되|됩|나와|나오|떠|뜨|보여|보이|열려|열리|먹혀|먹히|바뀌|돌아|움직|켜져|켜지|깔려|깔리|들어가)"
                    r"|그대로|똑같|마찬가지|변화\s?(?:가\s?)?없|반응\s?(?:이\s?)?없|효과\s?(?:가\s?)?없|소용\s?없|denied|error|failed|not\s?found|권한|거부"
                    r"|깨져|깨졌|터져|터졌|멈춰|멈췄|죽었|튕겨|튕겼|하얗|하얘|흰\s?화면|빈\s?화면|비어|날아갔|지워졌|(?<!\d)[45]\d\d(?!\d)")
_FOLLOWED_FAILED_RULE = rule(R, "followed-but-failed", _FOLLOWED, also=_FOLLOWED_FAILED,
                             unless=r"잘\s?(?:돼|되|됐|나와|나오|돌아)|해결|성공|감사|고마|고쳐졌|(?:에러|오류|문제)(?:가|는|도)?\s?(?:안\s?(?:나|떠|뜨)|없|사라)"
                             r"|면\s?(?:어떡|어떻게|돼|되)|까요|" + _ASKS_NAYO + r"|볼게|볼께|않게|않도록|없게|없도록|" + _HONOURED + r"|선생|교수|" + _OTHERS, asked=True)
# Right after the work, "전에는 잘 됐는데요", "수정 전엔 멀쩡히 돌아갔어요", "아까 게 더 나았어요", "이전 버전이 훨씬
# 좋았어요": it worked before, the old one was better (not "전에는 잘 됐는데 이제 …도 되게 해 줘": a request).
_USED_TO_WORK = rule(R, "used-to-work-after-claim", r"(?:^|\s)(?:전에는|전엔|아까는|아깐|원래는|처음엔|처음에는|(?:수정|바꾸기|고치기|변경)\s?전에는"
                     r"|(?:수정|바꾸기|고치기|변경)\s?전엔)\s?(?:[^\s.?!]{1,10}\s)?(?:잘\s|멀쩡히\s|정상적으로\s|문제없이\s|제대로\s)?"
                     r"(?:됐|되었|돌아갔|작동했|동작했|나왔|떴|보였|열렸|먹혔)(?:었)?(?:는데요?|어요|습니다|잖아요?|거든요?|던데요?|어)" + _END +
                     r"|(?:^|\s)(?:아까|전|이전|원래|처음|기존|원본|(?:수정|바꾸기|고치기|변경)\s?전)(?:\s?(?:거|것|버전|디자인|방식|코드|레이아웃|문구|화면|색|모양|스타일))?"
                     r"\s?(?:가|이|게|는|은)\s?(?:훨씬\s|더\s|차라리\s|오히려\s|좀\s){1,2}(?:나았(?:어요|어|습니다|는데요?|네요)|좋았(?:어요|어|습니다|는데요?|네요)"
                     r"|나아요|낫네요|나은데요?|낫습니다|괜찮았(?:어요|는데요?|습니다))" + _END,
                     # (not "아까는 안 됐는데 이제 돼요": fixed now)
                     unless=_IF_CASE + r"|줘|주세요|게\s?해|도록|지금도|지금은|이제|여전히\s?잘|안\s|못\s|할까|까요|" + _ASKS_NAYO + r"|모르|궁금",
                     after_claim=True)
# Right after the work, "순서가 거꾸로예요", "정렬이 반대예요", "좌우가 뒤바뀌었어요", "반대로 됐어요": reversed (not "순서
# 거꾸로 해 줘", "반대로 됐으면 좋겠어요", nor "저는 반대예요": an opinion).
_REVERSED = rule(R, "reversed-after-claim", r"(?:순서|정렬|방향|좌우|상하|위아래|색|색상|부호|인자|라벨|레이블|아이콘|화살표|토글|체크|오름차순|내림차순"
                 r"|값|x축|y축|축)(?:이|가|은|는|도)?\s?(?:다\s|전부\s|완전\s|완전히\s)?(?:반대(?:예요|에요|네요|입니다|야|임|잖아요?|인데요?)"
                 r"|거꾸로(?:예요|에요|네요|입니다|야|임|인데요?)|뒤집혔|뒤집어져\s?있|뒤바뀌었|뒤바뀌어\s?있)" + r"|(?:좌우|상하|위아래)(?:가|는)?\s?바뀌었"
                 r"|(?:^|\s)거꾸로\s?(?:돼\s?있|되어\s?있|나와|나옵|보여|보입|떠요|뜹니다|됐|되었|정렬돼|정렬됐|들어가|저장돼|저장됐|표시돼)"
                 r"|반대로\s?(?:됐|되었|돼\s?있|되어\s?있)",
                 unless=_IF_CASE + r"|줘|주세요|게\s?해|도록|야\s?(?:해|돼|하|되)|의도|일부러|원래|정상|맞아요|맞게|괜찮|좋겠|할까|까요",
                 after_claim=True)
# Right after the work, "절반만 고쳐졌어요", "일부만 바뀌었네요", "첫 번째 것만 돼요", "하나밖에 안 나와요": done in part
# (not "첫 번째 항목만 바꿔 줘", "일단 절반만 되면 돼요").
_PARTLY = rule(R, "partly-after-claim", r"(?:절반|반|일부|일부분|몇\s?개|하나|한\s?개|한\s?군데|한\s?쪽|한쪽|첫\s?번째(?:\s?(?:것|거|항목|줄|페이지|행|칸))?|처음\s?(?:것|거)"
               r"|앞에\s?(?:것|거)|부분적으로)(?:만|밖에)\s?(?:고쳐졌|고쳐져\s?있|바뀌었|바뀌어\s?있|됐|되었|돼요|되네요|됩니다|돼\s?있|적용됐|적용돼|적용되었"
               r"|반영됐|반영돼|반영되었|수정됐|수정돼|수정되었|나와요|나오네요|나옵니다|보여요|보이네요|보입니다|번역됐|번역돼|변환됐|변환돼|업데이트됐|업데이트돼"
               r"|저장됐|저장돼|지워졌|삭제됐|작동해요|작동하네요|작동합니다|동작해요|동작합니다|안\s?(?:나와|나오|보여|보이|돼|되|바뀌|고쳐))"
               r"|(?:^|\s)반쪽짜리(?:예요|에요|네요|잖아요?|입니다)"
               # "엔드포인트 하나만 고쳤네요": the agent did a part ("하나만 고쳐 주세요" asks for a part: the unless below)
               r"|(?:절반|반|일부|하나|한\s?개|한\s?군데|한\s?쪽|한쪽)만\s?(?:고쳤|수정했|바꿨|했|처리했|적용했|반영했)(?:네요|잖아요|어요|네|군요|습니다)",
               unless=_IF_CASE + r"|야\s?(?:해|돼|하|되)|줘|주세요|게\s?해|도록|일단|우선|먼저|지금은|의도|원래|괜찮|충분|정상|맞아요|될\s?거|예정"
               r"|되나요|됐나요|건가요|거죠|인가요|까요", after_claim=True)
# Right after the work, "모달이 닫혀야 하는데 안 닫혀요", "이름이 보여야 하는데 아이디가 보여요": what it should do, and
# what it does (not "닫혀야 하는데 어떻게 하면 돼요?", "이름이 보여야 하는데 그렇게 고쳐 주세요", nor the person's own need:
# "배포해야 하는데 시간이 안 돼요").
_SAID_WRONG_END = (r"(?:" + _NOT_VERB + r"|안\s?[가-힣]{1,4}?(?:혀요|려요|겨요|져요|와요|가요|돼요|됩니다|집니다|힙니다|립니다|혀|려|겨|져)"
                   r"|(?:이|가)\s(?:[^\s]{1,10}\s)?(?:나와요|나와|나옵니다|나오네요?|보여요|보입니다|보이네요?|떠요|뜹니다|뜨네요?|들어가요|들어갑니다"
                   r"|들어가\s?있어요|찍혀요|찍힙니다|표시돼요|표시됩니다|저장돼요|저장됩니다|와요|옵니다)"
                   r"|그대로(?:예요|에요|네요|입니다)|(?:에러|오류)\s?(?:가\s?|이\s?)?(?:나요|납니다|떠요|뜹니다))[.!~…ㅠㅜ\s]*$")
_SHOULD_BUT = rule(R, "should-but-after-claim", r"(?:야|어야|아야|여야)\s?(?:하는데|되는데|하거든요|되거든요)(?=\s|$|[,])", also=_SAID_WRONG_END,
                   unless=r"줘|주세요|어떻게|까요|" + _ASKS_NAYO + r"|할게|하려면|되려면|" + _OWN_SETUP + r"|시간|여유|권한|돈|비용|사람|(?:^|\s)(?:저|제가|내가|나|우리|저희)(?:는|도|가)?\s",
                   after_claim=True)
# Right after the work, "되긴 하는데 이제 헤더가 겹쳐요", "에러는 없어졌는데 이번엔 화면이 하얘요": fixed, and a new problem.
_FIXED_BUT_NEW = rule(R, "fixed-but-new-after-claim", r"(?:되긴\s?하는데|되긴\s?했는데|되기는\s?하는데|되는데|됐는데|되었는데|고쳐졌는데|고쳐지긴\s?했는데"
                      r"|해결됐는데|해결되긴\s?했는데|없어졌는데|사라졌는데|안\s?나는데|안\s?뜨는데|괜찮은데|통과하는데|통과했는데|나오는데|뜨는데)\s(?:[^\s.?!]{1,10}\s){0,4}?"
                      r"(?:이제|이번엔|이번에는|대신|그\s?대신|오히려|근데|그런데|다른\s?데서|반면)\s",
                      also=_FAILS_END, unless=r"줘|주세요|할게|할까|까요|" + _ASKS_NAYO + r"|싶|좋겠|" + _IF_CASE, after_claim=True)
# Right after the work, "레이아웃이 좀 어색해요", "디자인이 별로예요", "간격이 이상해 보여요": an odd-looking result (not
# "어색하지 않게 해 줘", "어색하면 알려 줘").
_ODD = rule(R, "odd-after-claim", r"(?:^|\s)(?:좀\s|많이\s|너무\s|되게\s|엄청\s|뭔가\s|살짝\s)?어색(?:해요|하네요?|합니다|해|한데요?|해\s?보여요|해\s?보이네요|하게\s?(?:나와요|보여요|보입니다))"
            r"|어색한\s?(?:것|거)\s?같(?:아요|은데요?|습니다|아|네요)"
            r"|(?:보기|모양|레이아웃|디자인|화면|정렬|간격|여백|글씨|폰트|배치|색|색상|ui)(?:가|이|는|은)?\s?(?:좀\s|많이\s|너무\s|되게\s|엄청\s|영\s)?"
            r"(?:이상해\s?보여|별로(?:예요|에요|네요|입니다|인데요?|야)|구려|구리네|구립니다)",
            unless=_IF_CASE + r"|않|덜|줘|주세요|게\s?해|도록|아직|원래|괜찮|일부러|의도|안\s?어색|(?:^|\s)(?:제|내|저|제가|내가)\s",
            after_claim=True)
# Right after the work, "피그마랑 다르게 나와요", "시안대로 안 돼 있어요", "스펙에 안 맞아요": unlike the spec or mockup
# (not "시안이랑 맞춰 주세요", "시안대로 해 주세요").
_SPEC_DOCS = r"(?:시안|디자인|피그마|figma|목업|mockup|스펙|명세|명세서|기획서|기획안|요구\s?사항|스크린샷|캡처|와이어프레임|레퍼런스|가이드)"
_UNLIKE_SPEC = rule(R, "unlike-spec-after-claim", _SPEC_DOCS + r"(?:이랑|랑|과|와|하고)\s?(?:[^\s]{1,8}(?:이|가)\s)?(?:좀\s|많이\s|완전\s|전혀\s|너무\s)?(?:다르게|달리)\s?"
                    r"(?:나와|나옵|나오네|보여|보입|보이네|돼\s?있|되어\s?있|만들어졌|구현됐|됐|되었)"
                    r"|" + _SPEC_DOCS + r"(?:이랑|랑|과|와|하고|에)\s?(?:[^\s]{1,8}(?:이|가)\s)?(?:전혀\s|하나도\s|좀\s|잘\s)?안\s?맞(?:아요|아|네요|는데요?|습니다|음|잖아요?)"
                    r"|" + _SPEC_DOCS + r"\s?(?:대로|처럼)\s?(?:안\s?(?:돼|되|나와|나오|만들|했|하셨)|되지\s?않|하지\s?않)",
                    unless=_IF_CASE + r"|줘|주세요|게\s?해|도록|야\s?(?:해|돼|하|되)|일부러|의도|괜찮|상관|아직|나중에", after_claim=True)
# Right after the work, "디버그 로그 그대로 남아 있어요", "테스트용 코드가 아직 들어가 있네요", "임시 주석이 다 남아 있는데요":
# left in (not "디버그 로그는 그대로 남겨 둬", "남아 있어도 괜찮아요", nor "데이터가 그대로 남아 있어요": kept, as wanted).
_LEFT_IN = rule(O, "left-in-after-claim", r"(?:디버그|debug|테스트용|임시|콘솔|console\.?[a-z]{0,5}|print[a-z]{0,3}|프린트|주석\s?처리(?:한|된)|todo|fixme|더미|dummy|목\s?데이터|mock"
                r"|하드코딩|안\s?쓰는|쓰지\s?않는|사용\s?안\s?하는|사용하지\s?않는|불필요한|필요\s?없는)[^\s.?!]{0,8}(?:\s[^\s.?!]{1,8}){0,2}?\s?(?:이|가|도|은|는)?\s?"
                r"(?:아직\s|그대로\s|여전히\s|다\s|전부\s)?(?:남아\s?(?:있어요|있네요|있습니다|있는데요?|있어|있음|있잖아요?)|(?:들어가|박혀|찍혀)\s?있(?:어요|네요|습니다|는데요?|어|음))" + _END,
                unless=_IF_CASE + r"|남겨|둬|두세요|놔|야\s?(?:해|돼|하|되)|괜찮|일부러|의도|나중에|상관|줘|주세요|어도", after_claim=True)
# Right after the work, "라우터에 등록이 안 돼 있어요", "그 함수 호출을 안 해요", "핸들러가 한 번도 안 불려요": not
# wired up, never called (not "아직 등록 안 돼 있으니 등록해 줘", "호출 안 되는 함수는 지워 줘").
_NOT_WIRED = rule(O, "not-wired-after-claim", r"(?:연결|등록|import|임포트|마운트|바인딩|라우팅|export|익스포트|주입)(?:이|가|은|는|도)?\s?(?:아예\s|전혀\s|어디에도\s)?"
                  r"(?:안\s?(?:돼\s?있|되어\s?있)|되어\s?있지\s?않|돼\s?있지\s?않)"
                  r"|호출(?:이|을|은|는|도)?\s?(?:아예\s|한\s?번도\s|전혀\s)?안\s?(?:돼요|되네요|됩니다|되는데요?|해요|하네요|합니다|하는데요?|하고\s?있어요|돼|해)" + _END +
                  r"|호출되지\s?않|(?:한\s?번도|어디서도|아무\s?데서도)\s?(?:안\s?(?:불려|불리|불러|호출|쓰여|쓰이|써요|써|타)|호출되지|실행되지|쓰이지|사용되지|호출하지|사용하지)"
                  r"|(?:^|\s)안\s?(?:불려요|불리네요?|불립니다|불리는데요?)|분기(?:를|로|가)?\s?(?:아예\s|한\s?번도\s)?안\s?타(?:요|네요|는데요?)",
                  # (not "이제 외부 API 호출을 안 하네요 좋아요": what the fix was for)
                  unless=r"아직|나중에|다음에|" + _IF_CASE + r"|야\s?(?:해|돼|하|되)|줘|주세요|도록|게\s?해|괜찮|일부러|의도|정상|맞아요|원래|인터넷|와이파이|네트워크|vpn|wifi"
                  r"|이제|좋|잘\s|감사|덕분|줄었|않아도|안\s?해도",
                  after_claim=True)
# Right after the agent added it: "그건 필요 없어요", "그 래퍼는 필요 없는데요" (not an answer to its question, nor the
# person moving on: "이제 그 스크립트는 필요 없어요"; "걱정할 필요 없어요" is no such subject).
_NOT_NEEDED_SAID = rule(IV, "not-needed-said-after-claim", r"^(?![^\n]{0,60}?(?:이제|더\s?이상|앞으로|이젠|당분간|아직))(?:(?:아니|아니요|아뇨|음|근데|솔직히|사실|그런데|흠)[,.!~\s]+){0,2}"
                        r"(?:그건|이건|저건|그거는|이거는|그것은|이것은|그런\s?건|이런\s?건|그런\s?거는|이런\s?거는|(?:그|이|저)\s?[^\s.?!]{1,15}(?:은|는))\s?"
                        r"(?:굳이\s|전혀\s|딱히\s|별로\s|정말\s|진짜\s|사실\s|하나도\s)?(?:필요\s?없|필요하지\s?않|안\s?필요)"
                        r"(?:어요|어|는데요?|습니다|네요|음|었어요|었는데요?|잖아요?|아요|았어요|었습니다)?[.!~…ㅠㅜ\s]*$",
                        after_claim=True, not_an_answer=True)
# Right after the work, "응답이 비어 있어요", "빈 배열이 와요", "아무 값도 안 와요": nothing comes back (not "목록이 비어
# 있으면 안내 문구 보여 줘", "빈 배열이 오면 0 보여 줘": a case).
_BLANK = rule(R, "blank-after-claim", r"(?:응답|결과|목록|리스트|배열|값|파일|화면|페이지|내용|본문|출력|response|body|json|csv)(?:이|가|은|는|도|만)?\s?"
              r"(?:다시\s|또\s|계속\s|그냥\s|전부\s|다\s|여전히\s|아직도\s)?(?:텅\s?)?(?:비어\s?(?:있어요|있어|있네요?|있습니다|있는데요?|있음|버려요|버리네요)|비어요|빕니다|비네요?"
              r"|비었어요|비었네요?|비었습니다|비었어)" + _END +
              r"|(?:^|\s)빈\s?(?:배열|객체|문자열|리스트|응답|값|결과|파일|목록|json|body)(?:이|가|만|으로|로)?\s?(?:와요|와|옵니다|오네요?|나와요|나와|나옵니다|나오네요?"
              r"|반환돼요|반환됩니다|리턴돼요|리턴됩니다|떠요|찍혀요|찍힙니다|돌아와요|돌아옵니다|내려와요|내려옵니다|들어와요|들어옵니다|저장돼요|저장됩니다)" + _END +
              r"|(?:응답|리턴값|반환값|응답값)(?:이|가)\s?(?:아예\s|전혀\s|하나도\s)?(?:없어요|없네요|없습니다|없는데요?|없음|안\s?(?:와요|옵니다|오네요?|돌아와요|나와요))" + _END +
              r"|아무\s?(?:값|응답|데이터|결과)(?:도)?\s?안\s?(?:와요|와|옵니다|오네요?|돌아와요|돌아옵니다|들어와요|넘어와요|넘어옵니다|반환돼요|내려와요)" + _END +
              # "로그에 아무것도 안 찍혀요", "콘솔에는 아무것도 안 나와요": nothing shows where output goes
              r"|(?:로그|콘솔|터미널|출력|화면|페이지|테이블|파일)(?:에|에는|에도|엔)\s?아무것도\s?(?:안\s?(?:찍혀요|찍혀|찍힙니다|찍히네요?|나와요|나와|나옵니다|나오네요?"
              r"|떠요|떠|뜹니다|뜨네요?|보여요|보입니다|보이네요?|남아요|남네요?)|없어요|없어|없습니다|없네요?|없는데요?)" + _END,
              unless=r"(?:으|하|되|있으|없으)?면(?=\s|$)|경우|않게|않도록|없게|없도록|야\s?(?:해|돼|하|되)|줘|주세요|아직|원래|정상|의도|맞아요|맞죠|이제", after_claim=True)
# Right after the work, "그것도 해 봤어요", "그 방법도 이미 해 봤는데요": what it suggests was tried too (its failure said
# with it: a result, typed by those rules).
_TRIED_TOO = rule(P, "tried-too-after-claim", r"(?:^|\s)(?:그것도|그거도|그것두|그것\s?역시|그\s?방법도|그것까지)\s?(?:이미\s|벌써\s|다\s|예전에\s|아까\s)?"
                  r"(?:해\s?봤|시도해\s?봤|시도했)(?:어요|어|는데요?|습니다|죠|지요|다니까요?|었어요)?" + _END,
                  unless=r"감사|고마|그럼|이제|다음|좋아|잘|안\s?[돼되됩]|소용|효과|똑같|그대로|마찬가지|에러|오류|실패", after_claim=True, not_an_answer=True)
# "또 같은 실수를 하셨네요", "같은 실수 계속 반복하시네요": the honorific names the agent (in any context; not "동료분이 또
# 같은 실수를 하셨네요"); in 반말, "똑같은 실수 또 했네" right after the agent's work (not "아 나 또 같은 실수 했네").
_SAME_MISTAKE = r"(?:똑)?같은\s?(?:실수|잘못|짓)(?:을|를)?\s?(?:또|계속|자꾸|다시|또\s?다시)?\s?"
_SAME_MISTAKE_AGAIN = rule(IV, "same-mistake-again", r"(?:또|또다시)\s?" + _SAME_MISTAKE + r"(?:하셨|하시네|하시는|하시잖|반복하시|반복하셨)"
                           r"|" + _SAME_MISTAKE + r"(?:반복하시|반복하셨)|(?:똑)?같은\s?(?:실수|잘못|짓)(?:을|를)?\s?(?:또|계속|자꾸|다시)\s?(?:하셨|하시네|하시잖)"
                           r"|(?:네가|니가|너가)\s?(?:또\s)?(?:똑)?같은\s?(?:실수|잘못|짓)",
                           unless=_HONOURED + r"|" + _OTHERS + "|" + _USERS)
_SAME_MISTAKE_AFTER = rule(IV, "same-mistake-again-after-claim", r"(?:또|또다시)\s?" + _SAME_MISTAKE + r"(?:했|하네|하잖|반복하|반복했)"
                           r"|(?:똑)?같은\s?(?:실수|잘못|짓)(?:을|를)?\s?(?:또|계속|자꾸|다시)\s?(?:했|하네|하잖|반복하|반복했)",
                           unless=r"^아\s|" + _I_SUBJECT + r"|" + _HONOURED + r"|" + _OTHERS + "|" + _USERS,
                           after_claim=True)
# "너무 많이 바꾸셨어요", "임의로 수정하지 마세요", "다른 파일까지 건드리셨네요": more than was asked, or unasked (the
# honorific or the imperative names the agent: in any context; not "너무 많이 바꾸지 말고 …": a task's limit).
_TOO_MUCH = rule(IV, "too-much", r"(?:너무|지나치게|과하게|쓸데없이|불필요하게)\s?(?:많이\s)?(?:바꾸셨|고치셨|수정하셨|건드리셨|지우셨|변경하셨|손대셨|손보셨|삭제하셨"
                 r"|추가하셨|리팩터링하셨|리팩토링하셨)"
                 r"|(?:임의로|맘대로)\s?(?:[^\s.?!]{1,10}\s)?(?:바꾸|고치|수정하|건드리|지우|변경하|삭제하|추가하|손대|리팩터링하|리팩토링하|설치하|커밋하|푸시하)"
                 r"(?:셨|지\s?마(?:세요|시고|요)?|지\s?말아\s?(?:주세요|줘|요)|지\s?말(?:고|라고))"
                 r"|다른\s?(?:데|곳|파일|부분|코드|화면)까지\s?(?:다\s)?(?:건드리셨|바꾸셨|고치셨|수정하셨|지우셨)",
                 unless=r"감사|고마|좋|덕분|완벽|" + _HONOURED + r"|" + _OTHERS)
_TOO_MUCH_AFTER = rule(IV, "too-much-after-claim", r"(?:너무|지나치게|과하게|쓸데없이)\s?(?:많이\s)?(?:바꿨|고쳤|수정했|건드렸|지웠|변경했|손댔)(?:네|잖아|어|네요|잖아요|어요)"
                       r"|다른\s?(?:데|곳|파일|부분|코드|화면)까지\s?(?:다\s)?(?:건드렸|바꿨|고쳤|수정했|지웠)(?:네|잖아|어|네요|잖아요|어요)",
                       unless=r"^아\s|" + _I_SUBJECT + r"|감사|고마|좋|" + _HONOURED + r"|" + _OTHERS,
                       after_claim=True)
# "제 말 제대로 듣고 계세요?", "내 말 읽긴 한 거야?", "말귀를 못 알아들으시네요", "몇 번째 말하는 거예요": not listened
# to (not a bare "제 말 듣고 계세요?", which may check the other is there).
_NOT_HEARD = rule(IV, "not-heard", r"(?:^|\s)(?:내|제)\s?말(?:을|은)?\s?(?:(?:제대로|좀|정말|진짜|도대체)\s?(?:듣|들|읽)|듣고는\s?(?:있|계)|읽기는|읽긴|듣긴|듣기는)"
                  r"|(?:제가|내가)\s?(?:한|쓴|적은)\s?(?:말|거|글)(?:을|은)?\s?(?:제대로\s?(?:읽|보|들)|읽긴|읽기는)"
                  r"|말귀(?:를|가)?\s?(?:못|안)\s?알아\s?들|몇\s?번째\s?(?:말|얘기|설명)(?:하|해|씀)", asked=True)
# "이건 제가 원한 게 아니에요", "이런 걸 바란 게 아닌데요": not what the person wanted (any context; not "고객이 원한 게
# 아니에요", nor "원한 게 아니었는데 오히려 괜찮네요").
_NOT_WANTED = rule(IV, "not-wanted", r"(?:원한|원했던|원하던|바란|바랐던|바라던|기대한|기대했던|의도한|의도했던)\s?(?:게|거|것이)\s?"
                   r"(?:아니(?:에요|예요|야|잖아요?|었어요?|었는데요?|거든요?|네요|던데요?|죠)|아닙니다|아닌데요?|아닌\s?(?:것|거)\s?같)",
                   unless=r"괜찮|좋|오히려|상관|" + _HONOURED + r"|" + _OTHERS + "|" + _USERS)
# Right after the work, "그런 거 없어요", "그런 건 안 보이는데요" (what it named is not there): not as an answer to its
# question, nor "그런 거 없어요, 다른 요청은": nothing more to ask.
_NO_SUCH_THING = rule(P, "no-such-thing-after-claim", r"(?:^|\s)(?:그런|그러한)\s?(?:거|것|건|게)\s?(?:없(?:어요|는데요?|습니다|네요|어|음|잖아요?)|안\s?(?:보이|나와)(?:요|는데요?|네요))" + _END,
                      unless=r"더|다른|추가|요청|질문|궁금|문의|할\s?일|계획|일정|걱정|문제|상관|특별|딱히|필요|없으|괜찮", after_claim=True, not_an_answer=True)
TYPES = (*TYPES, _MUST_NOT_SAID, _MISMATCHED, _SHOWS_THIS, _EVEN_AFTER, _NOT_THIS_WAY, _NOT_NEEDED, _STILL_SO, _STILL_AGAIN, _STILL_AFTER, _AFTER_CLAIM, _AFTER_CLAIM_ASKED, _BARE_NO, _SAME_AS_BEFORE, _CHECKS_FAIL, _KEEPS_FAILING, _SEEMS_NOT,
         _STILL_ASKED, _MISSED_ASKED, _FORMAL_MISSED, _UNDO, _WHY_DID, _REMOVED_MINE, _REMOVED_ALL, _REPEATED, _PREMISE_AFTER, _FORMAL_FAILED, _UNLIKE_ASKED, _UNCHECKED, _NOT_THERE_USED, _MUST_NOT, _NOT_X_BUT, _SHOWN_WRONG, _NO_THEN, _NOT_AS_ASKED, _ONLY_ASKED, _HOW_COULD, _SHOULD_TOO, _WHERE_GONE, _ALREADY, _AGAIN_THAT, _WORSE_LOST, _NOT_IT, _NAMED_ERROR, _REDO, _FAILED, _DID_AGAIN,
         _SUBJECT_NOT, _SHOWS_AS, _SEEMS_MISSING, _PREMISE_FACT, _NOT_TERSE, _LEFT_UNDONE, _NOT_THERE_AFTER, _WHY_NOT, _DOESNT_WHEN_ASKED, _WHY_STILL_AFTER, _SET_WRONG, _WHY_STILL, _NOT_APPLIED, _NOT_PROPERLY, _NOT_THERE, _SHOULD_BE, _NOT_WORKING,
         _WHEN_I_AFTER, _FOLLOWED_FAILED_RULE, _USED_TO_WORK, _REVERSED, _PARTLY, _SHOULD_BUT, _FIXED_BUT_NEW, _ODD, _UNLIKE_SPEC, _LEFT_IN,
         _NOT_WIRED, _NOT_NEEDED_SAID, _BLANK, _TRIED_TOO, _SAME_MISTAKE_AGAIN, _SAME_MISTAKE_AFTER, _TOO_MUCH, _TOO_MUCH_AFTER, _NOT_HEARD, _NOT_WANTED,
         _NO_SUCH_THING, _WORK_PART_ASKED, _FORGOT_ASKED)
# Right after the work, what it did without looking: "코드 읽어 보긴 했어요?", "로그 안 읽으셨죠?" (a reproach; an
# instruction for what comes next, "추측하지 마세요", "먼저 코드를 읽고 고쳐 주세요", is not one).
TYPES = (*TYPES,
         rule(P, "unread-after-claim", r"(?:코드|파일|소스|로그|에러)(?:를|을)?\s?(?:안|제대로\s?안)\s?(?:읽으셨|읽었|보셨|봤)(?:죠|지|잖아요|네요)"
              r"|(?:코드|파일|소스|로그)(?:를|을)?\s?(?:읽어|봐|확인해)\s?(?:보긴|보기는|보시긴|보시기는)\s?(?:했|하셨)",
              unless=_I_SUBJECT, after_claim=True, asked=True),
         # Right after the work, what it wrote was there already: "새로 만들지 말고요", "직접 구현하지 마세요".
         rule(P, "existing-instead-after-claim", r"(?:새로|직접|따로|굳이)\s?(?:만들지|짜지|작성하지|구현하지)\s?(?:말고|마세요|마요|마|말아)", after_claim=True),
         # "또 같은 실수네요", "같은 실수 또 하셨네요": the same slip again, said as a noun.
         rule(IV, "same-mistake-noun", r"(?:또|또다시)\s?(?:똑)?같은\s?(?:실수|잘못)(?:네요|예요|이에요|입니다|이네요|잖아요|이잖아요)",
              unless=_I_SUBJECT + r"|" + _OTHERS + "|" + _USERS))

TYPES = not_others(TYPES, _OTHERS, _USERS)
# Bare reports of a bad state (not done, still wrong): about the agent's work after its turn, a new task after a known
# turn that claimed nothing (an explanation, a question, a plan).
TYPES = reports(TYPES, frozenset({"still-again", "set-wrong", "not-applied", "not-properly", "seems-missing"}))

# A sentence that ends in a failure seen now: "… 흰 화면이 나와요", "… 에러 나요", "… 사라져요", "… 안 돼요".
_SEEN_FAILING = (r"(?:" + _NOT_VERB + "|" + _ERROR_SHOWS + "|" + _TERSE_FAIL +
                 r"|(?:흰|하얀|빈|검은|까만)\s?화면(?:이|만)?\s?(?:나와요?|나옵니다|나오네요?|떠요?|뜹니다)"
                 r"|(?:사라져|사라집니다|사라지네|멈춰|멈춥니다|멈추네|꺼져|꺼집니다|꺼지네|튕겨|튕깁니다|튕기네|깨져|깨집니다|깨지네"
                 r"|터져|터집니다|터지네|죽어|죽습니다|죽네|먹통이에요|먹통입니다)(?:요)?"
                 r"|(?:반응이|아무\s?반응도?)\s?없(?:어|어요|습니다|네요|음)|(?:그대로|똑같)(?:예요|에요|네요|입니다|아요|습니다|아|네|음|임))"
                 r"[.!~…ㅠㅜ]*$")
# What failed, said in a message: a report after the agent's work, still as the still-again rule
# reads it ("여전히 목록이 안 열려요", not "아직도 이해가 안 가요"), or again and a failure.
_SAYS_FAILED = (r"(?:" + _RESULT_REPORT + r"|" + _MISMATCH + r"|(?![^.?!\n]{0,60}?(?:" + _NOT_STILL_FAILING + r"))" + _STILL
                + r"|또\s?(?:[^\s.?!]{1,12}\s){0,3}?[^\s.?!]{0,12}?"
                r"(?:안\s?(?:돼|됩니다|돼요|되네|나와|보여|떠|열려)|에러|오류|그대로|똑같|실패))")
# A -면/-ㄹ 때 clause that is no case to handle: a failure seen, an expectation the work missed ("홈에 가면
# 로그인 페이지가 보여야 하는 거 아니야?"), a reason pressed ("동료가 작업할 때 접근 못 하잖아"), a
# clause opened by still ("여전히 로그인하면 로그인 페이지로 돌아갑니다"), a wish ("오늘 안에 되면 좋겠어요").
_NOT_A_CASE = (_SEEN_FAILING + r"|" + _MISMATCH
               # "실행하면 이렇게 나와요: …", "저장하면 이게 떠요": what is seen, shown (a paste, a screenshot)
               + r"|(?:이렇게|이런\s?(?:게|거|에러|오류|메시지|로그|화면)|이게|이거)\s?(?:나와요?|나옵니다|나오네요?|떠요?|뜹니다|뜨네요?|나요|나네요?)[.!~…ㅠㅜ:]*$"
               + r"|야\s?하는\s?(?:거|것|게)\s?아니|(?:었|았|였|했|꿨|쳤)으면\s[^.?!\n]{0,40}?야(?:죠|지요|지)[.!~…]*$|잖아(?:요)?[.!~…]*$|^(?:여전히|아직도|또다시|자꾸)\s"
               r"|면\s?(?:정말\s|너무\s|더\s)?(?:좋겠|감사하겠|고맙겠)|" + _DOESNT_WHEN + r"|" + _WHEN_I_REPORT)

EXCLUSIONS = (
    # (not 전제가, 문제가: 제가 inside a word)
    rule(SELF_BLAME, "mine", r"(?<![가-힣])(?:내가|제가)\s?(?:[가-힣a-z0-9_.]{1,5}\s)?(?:잘못|틀렸|착각|실수"
         r"|헷갈|놓쳤|빠뜨렸|빼먹었|깜빡|오타)|(?<![가-힣])(?:내|제)\s?(?:실수|잘못|착각|오타|불찰)"
         r"|잘못\s?말했|말을\s?잘못|잘못\s?얘기했"
         # "브랜치 잘못 알려드렸어요", "아까 말씀드린 조건이 틀렸어요": the humble 드리다 says the words were the user's.
         r"|잘못\s?(?:알려\s?드렸|말씀\s?드렸|전달\s?드렸|드렸|적어\s?드렸|보내\s?드렸)"
         r"|(?:말씀\s?드린|알려\s?드린|전달\s?드린|공유\s?드린|보내\s?드린|적어\s?드린|(?<![가-힣])드린)\s?(?:[^\s]{1,10}\s)?[^\s]{1,10}(?:이|가|은|는)\s?(?:틀렸|틀린|잘못)"
         # "제가 파일을 안 올렸네요" (not "제가 말했는데 안 바꿨네요": said, and the agent did not)
         r"|(?<![가-힣])(?:내가|제가)\s?(?:[^\s]{1,10}(?<!데|만|까)\s){0,2}?안\s?[^\s]{0,5}(?:었|았|였|했|렸|웠|냈)"
         # "어제 제가 배포한 거 때문에 에러 나요": the user's own change is the cause.
         r"|(?<![가-힣])(?:내가|제가)\s?(?:[^\s]{1,10}\s){0,2}?[^\s]{0,10}?(?:한|만든|바꾼|올린|배포한|넣은|지운|건드린|수정한|설치한|머지한)"
         r"\s?(?:거|것|게|코드|부분|변경)\s?때문"
         # "회의 놓쳤는데…": the user missed a meeting, a bus, a deadline.
         r"|(?:회의|미팅|전화|버스|기차|비행기|마감|약속|수업|세미나)(?:를|을)?\s?놓쳤"),
    rule(HYPOTHETICAL, "if", r"만약|만일|혹시라도|(?:다|라)면(?=\s|$|[,.!])|(?:을|할|될|질|릴|칠)\s?경우|수도\s?있"),
    # "새로고침하면 흰 화면이 나와요", "npm run build 하면 에러 나요": a -면 clause that ends in what
    # is seen to fail reports it (each time I do X, Y fails); "실패하면 알려 줘" is a case.
    rule(HYPOTHETICAL, "if-case", r"(?:으|하|되|이|같으|있으|없으|틀리|틀렸으|잘못되|잘못됐으|빠지|빠졌으|누락되|누락됐으"
         r"|놓치|놓쳤으|실패하|실패했으|깨지|깨졌으|이상하)면(?!\s?안\s?[돼되된]|\s?어떡|\s?어떻게\s?해)(?=\s|$|[,.!])",
         unless=_NOT_A_CASE),
    # "이 옵션 빼면 빌드 깨져요?", "이름 바꾸면 기존 코드가 깨지나요?": what would happen, asked (not the complaints
    # "새로고침하면 안 되는데요?", "실행하면 에러 나잖아요?"; not "이렇게 하면 안 돼요?", a suggestion). It reads the
    # text, not its sentences, which lose their question marks.
    rule(HYPOTHETICAL, "if-asked", r"(?:하|되|빼|꾸|우|애|리|르|으|쓰|켜|끄|가|오|보|주|내|치|기|시|이|넣|없|있)면\s(?!\s?안\s?[돼되])(?![^.!?\n]{0,40}?(?:아직|여전히|또\s|계속|다시))"
         r"[^.!?\n]{1,40}?(?<!는데)(?<!는데요)(?<!잖아)(?<!잖아요)(?<!네)(?<!네요)\?(?=\s|$)"),
    # "비밀번호가 틀렸을 때", "실패 시": a case to handle. "아까 빌드했을 때 또 깨졌어" reports one.
    rule(HYPOTHETICAL, "when", r"[을할될일볼갈올쓸줄릴질칠날살들걸알열낼길울]\s?때(?!문|마다)"
         r"|(?<=[가-힣])\s시(?:에는|에|엔)?(?=\s|$|[,.])",
         unless=r"아까|방금|아직|여전히|" + _NOT_A_CASE),
    # "뭐가 잘못됐는지 써줘": an indirect question about an error, not an assertion of one.
    rule(HYPOTHETICAL, "indirect", r"(?:뭐가|무엇이|어디가|어디서|왜|어떻게|어느)\s?(?:\S{1,8}\s)?\S{0,8}?"
         r"(?:는지|었는지|됐는지|했는지|은지|인지|ㄴ지)(?=\s|$|[,.])"),
    rule(AGREEMENT, "yes-but", r"^(?:네|넵|예|응|어|그래|그렇지|맞아|맞아요|맞습니다|좋아|좋아요"
         r"|좋습니다|좋네|오케이|ㅇㅇ|ㅇㅋ|오키|알겠어|알겠습니다|굿|그치|잘했어|괜찮아)[,.!~\s]*"
         r"(?:그런데|근데|하지만|그러나|다만|그리고|그럼|대신|단|또|추가로|이제)"
         r"|(?:맞는데|좋은데|괜찮은데|좋긴\s?한데|맞긴\s?한데)",
         # "네 근데 여전히 에러 나요": yes, then the attempt failed (a report, not an elaboration).
         unless=r"아직도|여전히|또\s?(?:에러|오류|안\s?[돼되]|같은|깨)|" + _SEEN_FAILING),
    # "다시 확인해 주세요", "원인 좀 찾아 주세요": a request to look again, unless the message says what
    # failed ("여전히 메뉴가 안 열려요. 확인 부탁드려요" reports it, politely) and asks no indirect question
    # ("여전히 에러가 나는지 확인해 줘" doubts). Anchored at the start: one bounded scan per message.
    rule(RECHECK, "check-again", r"^(?:(?=[\s\S]{0,400}?(?:는지|은지|인지|ㄴ지))|(?![\s\S]{0,400}?" + _SAYS_FAILED + r"))[\s\S]{0,400}?"
         r"(?:다시\s?(?:한\s?번\s?)?(?:확인|검토|봐|체크|살펴)|재확인"
         r"|한\s?번\s?더\s?(?:확인|봐|검토|체크)|확인\s?(?:해\s?줘|해\s?줄래|부탁|해\s?봐|해\s?주세요)"
         r"|검토\s?(?:해\s?줘|해\s?봐|부탁)|조사해|알아봐|찾아봐|원인\s?(?:을|좀)?\s?(?:찾|파악|분석))"),
    rule(RECHECK, "doubt", r"맞는지|맞나|맞아\?|확실해|확실한가|아닌가|아닌지|없는지|(?:데|거|게|곳|부분)\s?있는지"),
    rule(NEGATED, "nothing-wrong", r"(?:틀린|잘못된|빠진|누락된|이상한|놓친)\s?(?:거|게|것|부분|곳|데|건)"
         r"(?:은|는|이|가)?\s?(?:하나도\s?)?없|(?:실수한|잘못한|빠뜨린|빼먹은)\s?(?:거|게|것|부분|곳|데|건)(?:은|는|이|가)?"
         r"\s?(?:하나도\s?)?없|문제\s?(?:없|가\s?없|는\s?없)|이상\s?(?:없|무)|에러\s?(?:없|가\s?없|는\s?없)"
         r"|오류\s?(?:없|가\s?없)|나쁘지\s?않|네\s?탓\s?아니|(?:실수|잘못|착오|불찰|착각)(?:은|는|이|가)?\s?(?:아니|아닙|아녜)|알려진\s?(?:버그|문제|이슈)|원래부터|예전부터",
         # "에러는 없어졌는데 값이 안 들어가요": one problem gone, another reported (a partial fix).
         unless=r"(?:는데|지만)\s[^.?!\n]{0,40}?안\s?[가-힣]{1,5}?(?:요|다|네|음)(?=[\s.!~…ㅠㅜ]|$)"
         # "에러는 없어졌는데 이번엔 화면이 하얘요": the new problem said outright
         # (the lookahead tries the failure only near the sentence's end: one short scan per anchor)
         r"|(?:는데|지만)\s(?:이제|이번엔|이번에는|대신|그\s?대신|오히려)\s(?=[^.?!\n]{0,60}$)[^.?!\n]{0,40}?" + _FAILS_END),
    # Code the user wrote or a colleague's PR, a fresh setup: not the agent's work ("제가 짠 코드인데 안 돼요", "팀원 PR인데",
    # "인수인계 받은 프로젝트인데", "새 노트북에서").
    rule(THIRD_PARTY, "not-the-agents-code", r"제가\s?(?:직접\s?)?(?:짠|만든|작성한|쓴)\s?(?:코드|스크립트|프로그램|함수)|(?:팀원|동료|선배)\s?(?:의\s?)?(?:pr|브랜치|코드)"
         r"|인수인계\s?받은|저는\s?(?:아직\s?)?코드\s?안\s?건드렸|새\s?(?:노트북|컴퓨터|맥|pc)에서|클론\s?(?:받자마자|받고\s?바로)"
         # what monitoring caught: "크래시리틱스에 이거 계속 올라와요", "센트리에 이런 게 떠요"
         r"|" + MONITORING + r"|크래시리틱스|센트리",
         unless=_AGENT),
    # Upstream, the old code, 지영 씨, last week: someone else's error, a task for the agent.
    rule(THIRD_PARTY, "someone-else", r"업스트림|외부\s?(?:라이브러리|패키지|api|서비스|sdk)|라이브러리(?:의|가|는|에서)"
         r"|서드\s?파티|(?:예전|옛날|이전|기존|옛)\s?(?:구현|코드|버전|방식|시스템|플래그|문서|로직)|예전에|옛날에"
         r"|오래(?:된|되)|지난\s?(?:주|달|해|분기|릴리스)|작년|재작년|전임자|(?<![글날솜말불맵])씨(?:가|는|도|랑|한테)"
         r"|님(?:이|은|께서|도)|선배|팀장|과장|대리|고객|사용자|동료|다른\s?팀|걔|그\s?사람",
         also=_ERR, unless=_AGENT),
    # "교수님이 전역변수 쓰지 말라고 하셨어요", "팀장님이 커밋은 한글로 하래요": someone else's rule, relayed
    # as a constraint of the task (not "팀장님이 하지 말라고 했는데 왜 하셨어요": the agent broke it).
    rule(THIRD_PARTY, "relayed-rule", r"(?:님|선생|교수|팀장|과장|부장|차장|실장|대리|선배|상사|사수|고객사?|클라이언트|발주처|기획자|디자이너|리뷰어)"
         r"(?:이|가|께서|은|는|도)\s(?:[^\s]{1,15}\s){0,5}?[^\s]{0,15}?(?:말라고|마라고|하라고|으라고|라고|래요|랬어요|라셨|라시)",
         unless=r"는데|지만|잖아|왜|셨네|했네|어기|무시|" + _AGENT),
    # "와이파이가 이상해서 … 올게", "엉망이라서 다시 짜는 거야": a problem as the reason for our own
    # plan; a wrong password is a case the product handles.
    rule(NEW_TASK, "labelled-report", LABELLED_REPORT),
    # A failure on its own calendar ("운영 서버에서 매일 새벽에 이 에러가 나요", "하루에 몇 번씩 죽어요"): older than the
    # work just done, a problem to look into (not with 아직/여전히/또, nor 매번: each attempt).
    rule(NEW_TASK, "on-its-own-schedule", r"매일|매주|매달|새벽마다|밤마다|아침마다|주말마다|(?:하루|한\s?시간|일주일)에\s?(?:몇|한두|[0-9]+)\s?(?:번|회)",
         also=_ERR + r"|죽|멈|타임아웃|나요|떠요|발생", unless=_AGENT + r"|수정|변경|고친"),
    # "요구사항은 다음과 같아요. - 재실행해도 결과가 바뀌면 안 됨 …", "회의에서 정한 내용이에요. 이 기준으로 진행해주세요":
    # requirements for new work listed; their items say what must (not) happen, not what happened.
    rule(NEW_TASK, "requirements-listed", r"(?:요구\s?사항|요건|스펙|사양|조건|기능\s?명세)(?:은|는|이|을)?\s?(?:다음과|아래와|아래처럼|다음처럼|이렇게\s?정리)"
         r"|(?:이|아래|다음|위)\s?기준으로\s?(?:진행|작업|구현|만들어)|회의\s?(?:에서\s?정한|결정\s?사항|결과)"),
    # "스프링 부트 2.7 쓰는 프로젝트인데 …": the project introduced, a conversation opened (not with 아직/또 or a change named).
    rule(NEW_TASK, "project-intro", r"(?:쓰는|사용하는|만드는|개발하는|개발\s?중인|진행\s?중인|하고\s?있는)\s?(?:프로젝트|앱|서비스|사이트|시스템|서버)인데",
         unless=r"아직|여전히|또\s|계속|수정|변경|고친|바꾼|" + _AGENT),
    # "이 정의로 클라이언트를 만들고 싶어요. …": a wish for new work (not "A 말고 B를 만들고 싶어요": the work set right).
    rule(NEW_TASK, "wish-for-work", r"(?:만들|구현하|추가하|개발하|생성하|작성하|자동화하|구축하)고\s?싶(?:어요|습니다|은데요?|어)(?=\s|$|[.!,~])",
         unless=r"말고|아니라|원래|처음부터|아까|" + _AGENT),
    # "리액트 처음인데 …", "코딩 입문자예요": a newcomer opening a conversation.
    rule(NEW_TASK, "newcomer", r"처음인데|처음이라|처음이에요|초보|입문자|(?:처음|첨)\s?(?:써|해|만져)\s?보는데", unless=_AGENT),
    # "정산 금액이 잘못됐다는 문의가 들어왔어요", "한글이 깨진다는 제보가 있었습니다": what others reported, a task.
    # "팀장님이 알려주신 대로 했는데 안 돼요", "선배가 준 스크립트 돌렸더니 에러 나요": someone else's instructions
    # followed, a task for the agent (not "네가 준 …": the agent's).
    rule(THIRD_PARTY, "followed-someone-else", r"(?:님|선생|교수|팀장|과장|부장|차장|실장|대리|선배|상사|사수|동료|고객사?|클라이언트|기획자|디자이너"
         r"|리뷰어|담당자|팀원)(?:이|가|께서|은|는|도)\s(?:[^\s]{1,10}\s)?(?:알려\s?주신|알려\s?준|말씀하신|말한|시킨|시키신|준|주신|보내\s?주신|보내\s?준"
         r"|공유해\s?주신|공유한|적어\s?주신|작성한|짠)\s?(?:대로|방법|명령어|명령|커맨드|코드|스크립트|설정|순서|절차|가이드|문서)",
         unless=_AGENT),
    rule(THIRD_PARTY, "hearsay", r"(?:다|라)는\s?(?:문의|제보|연락|민원|피드백|리뷰|클레임|신고|항의|리포트|메일|메시지|이슈)(?:가|이|를|을|도)?\s",
         unless=_AGENT),
    # "다른 건데, 로그인 페이지가 모바일에서 깨져요", "좋아요. 근데 별개로 결제 페이지에서 500 에러 나요": the user
    # marks the report as apart from the agent's work, a new task (not "다른 에러가 나요": a new error after it).
    rule(NEW_TASK, "aside", r"(?:^|\s)(?:다른\s?(?:건데|거\s?하나|얘긴데|얘기인데|질문인데|문제인데)|딴\s?(?:건데|얘긴데|얘기인데)|별개로|별개인데|별건인데"
         r"|그건\s?그렇고|이건\s?다른\s?(?:건데|문제인데|얘긴데)|(?:그거|그것|이거|이것)(?:랑|과|와)\s?(?:별개|상관없)(?:로|이|는|인데|한데))",
         # ("방금 운영에서 …" is when it happened, not the agent's change: only 방금/아까 before a change names it)
         unless=r"네가|니가|너가|당신|아직|여전히|또\s|(?:방금|아까)\s?(?:\S{1,6}\s)?(?:수정|변경|바꾼|고친|작업|커밋|배포한)"),
    # "…를 준비한다.", "…를 검토하라.", "…작성할 것.": a prompt or spec in the written directive
    # register opens the message; people correcting an agent talk to it (해/해요/했잖아).
    rule(NEW_TASK, "spec-register", r"^[^.!?\n]{1,120}?(?:한다|하라|할\s?것)\.(?=\s|$)"),
    rule(NEW_TASK, "reason-for-work", r"(?:틀|잘못|엉망|이상|깨|망가|빠|누락|놓|빼먹)[^\s,.]{0,6}(?:서|니까|니|길래)(?=\s|$|[,.])",
         also=r"(?:[올갈할볼쉴줄짤칠잘살둘될릴질]|을)게(?:요)?[.!~]*$"
         r"|(?:하|짜|고치|만들|바꾸|쓰|가|보|넘어가|진행하|처리하|정리하|추가하|넣|보정하)자[.!~]*$"
         r"|는\s?(?:거야|거예요|거임|중이야|중이에요|중)[.!~]*$|려고\s?(?:해|해요|한다|합니다)?[.!~]*$"
         r"|(?:할|짤|만들|고칠)\s?거야[.!~]*$",
         unless=_AGENT),
    rule(NEW_TASK, "password", r"비밀\s?번호|패스워드|암호|인증\s?(?:번호|코드)|otp", also=_ERR, unless=_AGENT),
)

CORRECTIVE = rx(
    r"^아니|아닌데|^왜|다시\s?해|또\s|아직도|여전히|안\s?돼|안\s?되잖|하지\s?마|그만|되돌려"
    r"|원래대로|롤백|되돌|제대로|말고|뭐\s?하는|장난|이상한데|틀렸|엉망|빠졌|^[^\s?]{1,12}(?:는|은)\?$"
)
PRAISE = rx(r"^(?:고마워|감사|좋아|좋네|완벽|잘했|괜찮아|굿|오케이|ㅇㅋ)")
# -나요 asks only when fused to a verb stem (되나요, 있나요); "에러가 나요" is 나다, "an error occurs", and
# "안 일어나요", "안 끝나요" are 일어나다, 끝나다.
QUESTION = rx(r"(?:" + _ASKS_NAYO + r"|까요|습니까|냐|는지|을까|(?<!아)니)[\s.~!]*$")

# "…하지 말라고 하셨는데 제가 …해 버렸습니다": a prohibition (honorific: the user's), then what was
# done; "테스트를 요청하셨는데 3개 추가했습니다" is compliance, so a positive request counts only
# with 버렸 (done, regretted).
_AGAINST = (r"(?:(?:말라고|말아\s?달라고|말라는\s?(?:지시|요청|말씀))[^.!?\n]{0,10}?(?:하셨는데|하셨지만|(?:을|를)\s?어기고"
            r"|(?:을|를)\s?무시하고)|지시를\s?어기고|요청을\s?무시하고|지시를\s?무시하고|말씀을\s?무시하고)")
_AGAINST_DONE = (_AGAINST + r"[^.!?\n]{0,50}?(?:버렸|했습니다|했네요|넣었습니다|설치했습니다|작성했습니다|바꿨습니다)"
                 r"|하셨는데[^.!?\n]{0,50}?버렸")
# "가정했는데 실제로는", "잘못된 전제로", "엉뚱한 컴포넌트를 수정했습니다"
_WRONG_PREMISE = r"(?:가정|생각|전제)했(?:는데|지만)[^.!?\n]{0,40}?실제로|잘못된\s?전제|엉뚱한[^.!?\n]{0,20}?(?:수정|변경|작업)했"
_FIX_FAILED = r"(?:해결되지\s?않았|효과가\s?없었)"
ADMISSION = rx(
    r"(?:제가|내가)\s?(?:[가-힣a-z0-9_.]{1,8}\s)?(?:놓쳤|놓친|빠뜨렸|빠트렸|빼먹었|누락했|잘못|착각"
    r"|실수|깨뜨렸|망가뜨렸|무시했)|제\s?(?:실수|잘못|착오|불찰)"
    r"|(?:놓쳤|빠뜨렸|빠트렸|빼먹었|누락했|착각했|잘못\s?이해했|잘못\s?(?:했|만들었|계산했|작성했|수정했|파악했)"
    r"|깨뜨렸|망가뜨렸|잊었|깜빡했|오해했)(?:습니다|네요)"
    # "제가 requirements.txt에 httpx를 추가하지 않았기 때문입니다"
    r"|제가\s[^.!?\n]{0,40}?(?:지\s?않았|안\s?했)(?:기\s?때문|습니다)"
    r"|" + _AGAINST_DONE + r"|" + _WRONG_PREMISE +
    # "앞서 드린 수정으로는 해결되지 않았습니다", "제가 작성한 정규식이 틀렸습니다"
    r"|(?:앞서|방금|이전에?|아까|먼저)\s?(?:드린|한|제가\s?한)?\s?(?:수정|변경|답변|제안)[^.!?\n]{0,20}?" + _FIX_FAILED +
    r"|제가\s?(?:작성한|추가한|구현한|알려\s?드린|제안한|만든|쓴)\s?[^.!?\n]{0,30}?(?:틀렸|잘못|버그가|문제가)"
)

ADMISSION_HINT = rx(r"놓쳤|놓친|빠뜨렸|빠트렸|빼먹었|누락했|잘못|착각|실수|깨뜨렸|망가뜨렸|무시했|착오|불찰|잊었|깜빡|오해"
                    r"|제가|하셨|어기고|무시하고|가정했|생각했|전제|엉뚱|해결되지|효과가")

# Typing an admission: the human rules, and the forms only an agent uses about itself.
SELF_TYPES = TYPES + (
    # ("해결되지 않았습니다" is a result, not something left undone)
    rule(O, "self-forgot", r"(?:잊었|깜빡했)(?:습니다|네요)|(?:(?<!되)지\s?않았|안\s?했)(?:기\s?때문|습니다)"),
    rule(IV, "self-against", _AGAINST_DONE),
    rule(P, "self-premise", _WRONG_PREMISE + r"|잘못\s?파악"),
    rule(R, "self-result", _FIX_FAILED),
)

# A paste set apart from the agent's work by the words typed with it: the next item of a series ("다음 에러요"), another
# matter ("다른 얘긴데"), an example ("예를 들어"), someone else's or an old run ("어제 로그", "동료 환경에서").
MOVED_ON = rx(r"^(?:그럼|자|이번엔)?\s?(?:다음|그\s?다음|다음\s?번)\s?(?:에러|오류|거|것|문제|로그)|다른\s?(?:얘긴데|얘기인데|건데|문제인데)|별개로|별건"
              r"|참고로|예를\s?들(?:어|면)|예시|어제|지난주|지난달|동료|고객(?:이|한테|에게)|(?:예전|이전|옛날)\s?(?:버전|코드|로그)")

REVIEW_CLEAN = rx(r"문제\s?(?:없|가\s?없|는\s?없)|이슈\s?(?:없|가\s?없)|lgtm|머지해도\s?(?:됩니다|돼)"
                  r"|지적\s?사항\s?(?:없|이\s?없)")
REVIEW_PROBLEM = rx(r"문제\s?(?:발견|있음|가\s?있|점)|수정\s?(?:이\s?)?필요|이슈\s?(?:발견|있)"
                    r"|버그\s?(?:발견|있|가\s?있)|지적\s?사항|개선\s?필요")

# "실행하니까 `AttributeError: …` 나와요", "아직도 ValueError 나요", "NullPointerException 발생합니다"
# (not "ValueError를 던지게 해 주세요", "KeyError를 처리해 주세요", "TypeError는 없어졌어요", "만약 TypeError가 나면").
ERROR_NAMED = rule(R, "error-named-after-claim",
    r"나와요|나옵니다|나와|나요|납니다|나네요|나는데|났어요|났습니다|떠요|뜹니다|뜨네요|뜨는데|떴어요|발생|생겨요|생깁니다"
    r"|이제|아직|여전히|계속",
    unless=r"만약|(?:나|뜨|발생하)면|경우|처리|던지|잡아|캐치|이름|테스트|없어졌|사라졌|해결|고쳐졌|안\s?나|안\s?떠|감사|동료|어제|전에는"
    # the next task named by its error ("다음으로 KeyError 고쳐 주세요")
    r"|다음|별개로|따로|주세요|해\s?줘|고쳐|수정해",
    after_claim=True)

PACK = Pack(
    lang="ko", types=TYPES, exclusions=EXCLUSIONS, corrective=CORRECTIVE, praise=PRAISE,
    question=QUESTION, admission=ADMISSION, admission_hint=ADMISSION_HINT, self_types=SELF_TYPES, finding_types=TYPES,
    review_problem=REVIEW_PROBLEM, review_clean=REVIEW_CLEAN, moved_on=MOVED_ON, error_named=ERROR_NAMED,
)
