"""Korean rules. The `base` rules are the original set a person tuned by hand on 30 days of
their own logs (design.md §4), kept verbatim; the other rules are additions in the same spirit
(spelling variants, "I said to …" forms, "still/again" forms of a broken result)."""
from __future__ import annotations

from git_ledger.rules import (
    AGREEMENT, HYPOTHETICAL, NEGATED, RECHECK, SELF_BLAME, Pack, Rule, rule, rx,
)

O, IV, P, R = "omission", "instruction-violation", "premise-error", "result-error"
# Someone else forgot or broke it: a new task for the agent, not a correction of it.
_OTHERS = r"담당자|동료|전임자|다른\s?사람|사용자|고객|팀원|선배|상사|걔|그\s?사람|그\s?친구"

TYPES: tuple[Rule, ...] = (
    # Hand-tuned stems; only the attributive 누락된 + noun ("누락된 필드 검사 추가해", a task about
    # missing data) is left out.
    rule(O, "base", r"놓쳤|빠졌|빠뜨|빼먹|누락(?!된\s?[가-힣a-z])"),
    rule(O, "variant", r"빠트|빠져\s?있|빠진\s?(?:게|거|것|부분|데)\s?(?:있|많)"
         r"|안\s?(?:돌렸|넣었|올렸|바꿨|추가했|업데이트했|수정했|반영했|돌려\s?봤)(?:잖|네|구나|어)"),
    rule(IV, "base", r"말라(?:고|니까|니깐|했)|말랬|하지\s?말(?:라|랬|래|자)|하라고\s*[.!]*$"),
    rule(IV, "said-to", r"(?<!뭐)라고\s?(?:했|말했|얘기했|얘기\s했|그랬|한\s?적\s?없)|(?<![뭐라])(?:으라|라)고\s*[.!]*$"
         r"|(?:분명히|분명|이미|아까|몇\s?번|여러\s?번|계속|전에)\s?(?:말했|얘기했|말씀드렸|그랬잖)"),
    rule(IV, "not-asked", r"누가\s?(?:\S{1,10}\s)?(?:하래|하라고|시켰)|시키지(?:도)?\s?않은|안\s?시킨"
         r"|마음대로|멋대로|허락\s?없이|묻지도\s?않고"),
    # The original `[가-힣A-Za-z0-9_.]+(?:이|가|게)…` backtracks quadratically on a long Hangul
    # run (the class contains 이/가/게); a one-character lookbehind finds the same messages.
    rule(P, "base", r"(?:그게|그거|이게)\s?아니|(?<=[가-힣A-Za-z0-9_.])(?:이|가|게)\s?아니(?:고|라)(?=\s)"),
    rule(P, "not-x-end", r"[가-힣A-Za-z0-9_.](?:이|가|게)\s?아니(?:고|라)[.!,]*$"),
    rule(P, "misread", r"잘못\s(?:이해|알아\s?들|읽|봤|짚)|착각|오해"),
    rule(P, "no-such", r"(?:그런|그러한)\s?(?:함수|메서드|메소드|파일|옵션|플래그|명령|명령어|api|기능"
         r"|테이블|컬럼|설정|변수|거|것|건)\s?(?:없|안\s?(?:보이|나와))|지어낸|지어냈|지어내"
         r"|(?:그거|그게|이거|이게)\s?말고"),
    rule(R, "base", r"잘못(?:됐|되었|했|만들|계산|나왔)|틀렸|틀린|이상해|엉뚱|엉망"),
    rule(R, "broken", r"깨졌|깨져\s?있|망가|잘못\s(?:나왔|계산|됐|되었|만들)"
         r"|(?:아직(?:도)?|여전히|또|이제|다시)\s?(?:안\s?(?:돼|되|됨|나와|떠|보여|돌아)|에러|오류|실패"
         r"|깨|틀|이상)|더\s?(?:이상해|망가|깨|나빠)"),
)

TYPES = tuple(r._replace(unless=rx(_OTHERS)) if r.kind in (O, R) else r for r in TYPES)

EXCLUSIONS = (
    rule(SELF_BLAME, "mine", r"(?:내가|제가)\s?(?:[가-힣a-z0-9_.]{1,5}\s)?(?:잘못|틀렸|착각|실수"
         r"|헷갈|놓쳤|빠뜨렸|빼먹었|깜빡|오타)|(?:내|제)\s?(?:실수|잘못|착각|오타|불찰)"
         r"|잘못\s?말했|말을\s?잘못|잘못\s?얘기했"),
    rule(HYPOTHETICAL, "if", r"만약|만일|혹시라도|(?:다|라)면(?=\s|$|[,.!])"
         r"|(?:으|하|되|이|같으|있으|없으|틀리|틀렸으|잘못되|잘못됐으|빠지|빠졌으|누락되|누락됐으"
         r"|놓치|놓쳤으|실패하|실패했으|깨지|깨졌으|이상하)면(?!\s?안\s?[돼되된])(?=\s|$|[,.!])"
         r"|(?:을|할|될|질|릴|칠)\s?경우|수도\s?있"),
    # "뭐가 잘못됐는지 써줘": an indirect question about an error, not an assertion of one.
    rule(HYPOTHETICAL, "indirect", r"(?:뭐가|무엇이|어디가|어디서|왜|어떻게|어느)\s?(?:\S{1,8}\s)?\S{0,8}?"
         r"(?:는지|었는지|됐는지|했는지|은지|인지|ㄴ지)(?=\s|$|[,.])"),
    rule(AGREEMENT, "yes-but", r"^(?:네|넵|예|응|어|그래|그렇지|맞아|맞아요|맞습니다|좋아|좋아요"
         r"|좋습니다|좋네|오케이|ㅇㅇ|ㅇㅋ|오키|알겠어|알겠습니다|굿|그치|잘했어|괜찮아)[,.!~\s]*"
         r"(?:그런데|근데|하지만|그러나|다만|그리고|그럼|대신|단|또|추가로|이제)"
         r"|(?:맞는데|좋은데|괜찮은데|좋긴\s?한데|맞긴\s?한데)"),
    rule(RECHECK, "check-again", r"다시\s?(?:한\s?번\s?)?(?:확인|검토|봐|체크|살펴)|재확인"
         r"|한\s?번\s?더\s?(?:확인|봐|검토|체크)|확인\s?(?:해\s?줘|해\s?줄래|부탁|해\s?봐|해\s?주세요)"
         r"|검토\s?(?:해\s?줘|해\s?봐|부탁)|맞는지|맞나|맞아\?|확실해|확실한가|아닌가|아닌지|없는지"
         r"|조사해|알아봐|찾아봐|원인\s?(?:을|좀)?\s?(?:찾|파악|분석)"),
    rule(NEGATED, "nothing-wrong", r"(?:틀린|잘못된|빠진|누락된|이상한|놓친)\s?(?:거|게|것|부분|곳|데|건)"
         r"\s?(?:하나도\s?)?없|문제\s?(?:없|가\s?없|는\s?없)|이상\s?(?:없|무)|에러\s?(?:없|가\s?없|는\s?없)"
         r"|오류\s?(?:없|가\s?없)|나쁘지\s?않|네\s?탓\s?아니|알려진\s?(?:버그|문제|이슈)|원래부터|예전부터"),
)

CORRECTIVE = rx(
    r"^아니|아닌데|^왜|다시\s?해|또\s|아직도|여전히|안\s?돼|안\s?되잖|하지\s?마|그만|되돌려"
    r"|원래대로|롤백|되돌|제대로|말고|뭐\s?하는|장난|이상한데|틀렸|엉망|빠졌|^[^\s?]{1,12}(?:는|은)\?$"
)
PRAISE = rx(r"^(?:고마워|감사|좋아|좋네|완벽|잘했|괜찮아|굿|오케이|ㅇㅋ)")
QUESTION = rx(r"(?:나요|까요|습니까|냐|는지|을까|(?<!아)니)[\s.~!]*$")

ADMISSION = rx(
    r"(?:제가|내가)\s?(?:[가-힣a-z0-9_.]{1,8}\s)?(?:놓쳤|빠뜨렸|빠트렸|빼먹었|누락했|잘못|착각"
    r"|실수|깨뜨렸|망가뜨렸|무시했)|제\s?(?:실수|잘못|착오|불찰)"
    r"|(?:놓쳤|빠뜨렸|빠트렸|빼먹었|누락했|착각했|잘못\s?이해했|잘못\s?(?:했|만들었|계산했|작성했|수정했)"
    r"|깨뜨렸|망가뜨렸)습니다"
)

ADMISSION_HINT = rx(r"놓쳤|빠뜨렸|빠트렸|빼먹었|누락했|잘못|착각|실수|깨뜨렸|망가뜨렸|무시했|착오|불찰")

REVIEW_CLEAN = rx(r"문제\s?(?:없|가\s?없|는\s?없)|이슈\s?(?:없|가\s?없)|lgtm|머지해도\s?(?:됩니다|돼)"
                  r"|지적\s?사항\s?(?:없|이\s?없)")
REVIEW_PROBLEM = rx(r"문제\s?(?:발견|있음|가\s?있|점)|수정\s?(?:이\s?)?필요|이슈\s?(?:발견|있)"
                    r"|버그\s?(?:발견|있|가\s?있)|지적\s?사항|개선\s?필요")

PACK = Pack(
    lang="ko", types=TYPES, exclusions=EXCLUSIONS, corrective=CORRECTIVE, praise=PRAISE,
    question=QUESTION, admission=ADMISSION, admission_hint=ADMISSION_HINT, self_types=TYPES, finding_types=TYPES,
    review_problem=REVIEW_PROBLEM, review_clean=REVIEW_CLEAN,
)
