"""The Korean rules on hard cases: corrections as real people type them after the agent's work
(short reports in 해요체, 합쇼체 and 반말, with and without spacing, typos and chat forms), and the
near-misses beside them (new tasks that describe a bug, questions, approvals "좋아요, 이제 …",
requests to re-check, the user's own slips, answers to the agent's question). Every message here
is written for the test; the contexts are agent messages written for it too.

A near-miss may still be "other" (corrective words, left to the judges), never typed."""
from __future__ import annotations

import pytest

from git_ledger.classify import classify as C
from git_ledger.classify.context import Context
from git_ledger.models import TYPES

R, O, P, IV = "result-error", "omission", "premise-error", "instruction-violation"

# The agent's turn just claimed its work: in 해요체, in 합쇼체, in English, or only by its edit tools.
FIXED_HAEYO = "로그인 버튼 이벤트를 수정했어요. 이제 잘 될 거예요."
FIXED_FORMAL = "말씀하신 대로 헤더 레이아웃을 변경했습니다. 새로고침해서 확인해 주세요."
FIXED_EN = "I've updated the login handler; this should resolve the error."
EDITED = ["Edit(src/app/page.tsx)", "Bash(npm run build)"]
AFTER_WORK = [
    pytest.param(FIXED_HAEYO, (), id="haeyo"),
    pytest.param(FIXED_FORMAL, (), id="formal"),
    pytest.param(FIXED_EN, (), id="english"),
    pytest.param(None, EDITED, id="tools"),
]
# The agent claimed nothing: it asked where to start (the same words then open a task).
OPENING = "어떤 화면부터 시작할까요?"
# The agent claimed its work and then asked the user something: "안 돼요" answers it.
ASKED_AFTER_WORK = "설정 파일을 수정했습니다. 기존 캐시 폴더도 삭제할까요?"

# Reports of the result: typed right after the agent's work, not when they open a task.
REPORTS = [
    # it does not work: every spacing, level and ending
    ("안돼", R), ("안 돼요", R), ("안돼요", R), ("안되요", R), ("안 되네요", R), ("안되네", R),
    ("안 됩니다", R), ("안됨", R), ("안됌", R), ("안돼ㅠㅠ", R), ("흠 안 되는데", R), ("안 되는데요?", R),
    ("여전히 안 됩니다", R), ("똑같이 안 돼요", R),
    ("잘 안 되네요", R), ("안 되는 것 같아요", R), ("제대로 안 되는 거 같은데", R),
    ("이런 에러 나와요", R), ("빌드하니까 오류가 나왔어요", R),
    # what its work shows (a screenshot beside it), the same even after a retry, why it does not move
    ("이렇게 나와요", R), ("근데 이렇게 뜨는데요?", R), ("수정해도 똑같은데?", R), ("새로고침해도 그대로예요", R),
    ("다시 빌드해도 안 돼요", R), ("버튼을 눌렀는데 왜 모터가 안 도냐?", R), ("왜 메일이 안 와요?", R),
    # what it should be, and what the work sends or shows instead
    ("status가 PAID인데 PENDING이라고 보내고 있어요", R), ("개수가 3이어야 하는데 0으로 나와요", R),
    ("결제할 때 상태가 PAID인데 PENDING이라고 보내고 있는 것 같은데 확인해 봐", R),
    # it did what was not needed
    ("어드민은 분기 처리 안 해도 되는데", IV), ("그건 만들 필요 없었어요", IV),
    ("여전히 작동하지 않습니다", R), ("로그인이 되지 않습니다", R), ("여전히 문제가 있습니다", R),
    # nothing changed
    ("그대로예요", R), ("그대로입니다", R), ("그대로네ㅋㅋ", R), ("그대로인데요?", R), ("아직도 그대로임", R),
    ("바뀐 게 없어요", R), ("변한 거 없는데요", R), ("달라진 게 하나도 없습니다", R), ("아무 변화가 없어요", R),
    ("아무것도 안 바뀌었어요", R), ("색이 안 바뀌어요", R), ("안 바뀜", R), ("똑같아요", R), ("똑같습니다", R),
    ("아까랑 똑같아", R), ("전이랑 같은 화면이에요", R), ("이전과 동일합니다", R), ("반영이 안 됐어요", R),
    ("적용 안 됨", R), ("CSS가 안 먹혀요", R), ("스타일이 안 먹네요", R),
    # an error shows
    ("에러 나요", R), ("에러가 납니다", R), ("에러남", R), ("에러 났어요", R), ("오류가 발생합니다", R),
    ("오류가 발생했어요", R), ("에러 떠요", R), ("에러가 뜹니다", R), ("콘솔에 에러 찍혀요", R), ("500 에러 나요", R),
    ("404 떠요", R), ("빌드 실패해요", R), ("빌드가 실패합니다", R), ("테스트가 깨져요", R), ("테스트 다 실패함", R),
    ("타입 에러 나는데요", R), ("npm run build 하면 에러 나요", R), 
    ("자꾸 튕겨요", R), ("계속 로그인 화면으로 돌아가요", R),
    # it does not show, open or move
    ("이미지가 안 보입니다", R), ("버튼이 안 나와요", R), ("표시가 안 돼요", R), ("모달이 안 떠요", R),
    ("새로고침하면 흰 화면이 나와요", R), ("버튼을 눌러도 아무 반응이 없어요", R), ("눌러도 안 열려요", R),
    ("로그인은 되는데 대시보드가 안 나와요", R), ("클릭해도 아무 일도 안 일어나요", R),
    ("저장 버튼 누르면 에러가 나요", R), ("스크롤할 때 헤더가 사라져요", R), ("화면에 아무것도 표시되지 않습니다", R),
    # it did not take, it shows wrong, it is slow
    ("해결이 안 됐어요", R), ("에러가 안 사라졌어요", R), ("안 고쳐졌네요", R), ("로딩이 안 끝나요", R), ("정렬이 안 맞아요", R),
    ("금액이 잘못 나와요", R), ("목록이 중복으로 나와요", R), ("로그가 두 번씩 찍혀요", R), ("무한 로딩이에요", R),
    ("느려졌어요", R), ("한글이 깨져요", R), ("버튼끼리 겹쳐요", R),
    ("오히려 더 안 돼요", R), ("더 심해졌어요", R), ("레이아웃이 꼬였어요", R), ("데이터가 다 날아갔어요", R),
    ("타입 에러가 생겼어요", R), ("버그가 있어요", R), ("새로운 문제가 생겼네요", R), ("가격이 undefined로 나와요", R),
    ("합계에 NaN이 떠요", R),
    ("CORS 에러", R), ("타입 에러 ㅠ", R), ("빌드 오류 발생", R), ("hydration error 떠요", R),
    ("버튼 눌러도 반응 없음", R), ("데이터가 안 불러와져요", R), ("API 호출이 실패합니다", R), ("실패했어요", R),
    ("응답이 안 와요", R), ("합계가 0으로 나와요", R),
    # terse 반말 chat notes
    ("하나도 안 바뀌었는데?", R), ("로그인 하면 튕김", R), ("화면 깨짐", R), ("페이지가 안 넘어가", R), ("모달 안 닫혀", R),
    ("이상하게 나옴", R), ("빌드 깨짐", R), ("푸터 안 만들었네", O), ("야 이거 안 되잖아", R), ("버튼 색 안 바뀜", R),
    # chat spellings
    ("안되여", R), ("안되네여ㅠ", R), ("에러나여", R), ("그대로에여", R), ("ㅋㅋ 안 되네", R), ("ㄴㄴ 안됨", R),
    # a failure, then a polite request to look again
    ("메뉴가 안 열려요. 확인 부탁드려요", R), ("그대로예요. 원인 좀 찾아 주세요", R), ("에러 나요 다시 봐 주세요", R),
    # still, asked: a complaint about the attempt
    ("여전히... 다 움직이는데?", R), ("이거 왜 안 돼요?", R), ("왜 안 나와요?", R),
    ("메뉴를 스와이프하면 안 움직이는 거예요?", R), ("설정에 들어가면 저장 버튼이 보여야 하는 거 아니에요?", R),
    ("왜 또 로그인 화면이야?", R), ("배포된 데서는 왜 여전히 옛날 버전이 떠?", R), ("아직도 그대로인데?", R), 
    # yes, but it does not work
    ("좋아요 근데 모바일에서는 안 돼요", R), 
    # left out of the work
    
    
    ("로그아웃 버튼은 안 만들었어요?", O), ("설정 파일은 왜 안 바꿨어요?", O), ("테스트는 안 돌려 보셨어요?", O),
    
    ("로그아웃 버튼이 없어요", O), ("아이콘이 안 보이는데요", O), ("검색창도 없네", O),
    ("테스트도 고쳐야죠", O), ("README도 업데이트해야지", O), ("로그인 버튼은 어디 갔어요?", O),
    ("왜 한국어로 안 했어요?", O),
    # do it over, properly
    ("처음부터 다시 해 주세요", R), ("제대로 좀 해 주세요", R), ("확인 좀 하고 말해 줘", R), ("지금 뭐 하는 거야?", R),
    ("또 package-lock 건드렸네", IV), ("또 커밋했잖아", IV),
    # undoing the agent's work
    ("원래대로 돌려 주세요", IV), ("방금 거 되돌려", IV), ("롤백해 줘", IV), ("ㄴㄴ 되돌려 줘", IV),
    ("이전 상태로 복구해 주세요", IV), ("원복해 주세요", IV), ("변경 사항 전부 취소해 주세요", IV),
    # it did what it should not have
    ("왜 테스트를 지웠어요?", IV), ("왜 파일을 삭제했어?", IV), ("설정 파일은 왜 건드렸어요?", IV),
    ("절대 경로 넣으면 안 되지", IV), ("절대 경로 넣으면 안 되지. 다른 사람이 받을 때 경로가 안 맞잖아", IV), ("하드코딩하면 안 되잖아요", IV),
    ("시킨 것만 해 주세요", IV), ("설정 파일까지 지우면 어떡해요", IV), ("또 그러네요", R), ("이상하네요", R),
    ("그거 이미 있어요", P), ("이미 설치돼 있는데요", P),
    # instead: "not X, Y"
    ("ㄴㄴ 그 API는 v2만 써요", P), ("아니요, 서버는 3000번 포트예요", P), ("아뇨 그 테이블은 이미 지웠어요", P),
    ("그 파일 아니에요", P), ("원인은 그게 아닌 것 같아요", P), ("이건 버그가 아닌데요", P), ("캐시 문제 아닌듯", P),
    ("npm 말고 yarn 써요", P), ("아니아니 그 파일 말고 utils 쪽이요", P),
    # a second set, written apart from the rules
    ("수정하신 후에도 증상이 동일합니다", R), ("아니 이거 아직도 안고쳐졌네", R), ("로그인 누르면 아무것도 안 떠요", R), ("이미지 업로드가 안 됩니다", R),
    ("다크모드 적용이 안되는데요", R), ("폰에서 보면 글씨가 다 깨져요", R), ("스크롤이 안 돼요", R), ("드롭다운이 안 펼쳐져요", R),
    ("검색 결과가 하나도 안 나와요", R), ("필터가 적용 안 돼요", R), ("날짜가 하루씩 밀려서 나와요", R), ("시간대가 UTC로 나오는데요", R),
    ("정렬이 반대로 돼 있어요", R), ("카운트가 두 배로 나와요", R), ("이거 제가 원한 거랑 달라요", R), ("시안이랑 색이 달라요", R),
    ("왜 제 코드를 지우셨어요?", IV), ("테스트 코드가 아예 없네요", O), ("에러 핸들링 빠진 것 같아요", O), ("로딩 처리가 누락된 것 같아요", O),
    ("이거 예전 버전 코드 아니에요?", P), ("그 함수는 deprecated 됐어요", P), ("그 라이브러리 안 써요 저희", P), ("npm 아니고 pnpm이에요", P),
    ("음... 여전히 그래요", R), ("아까랑 변한 게 없네요", R), ("새로고침해도 그대로예요", R), ("안 돼 ㅠㅠ 뭐가 문제지", R), ("이번엔 다른 에러가 나요", R),
    ("이제 아예 안 열려요", R), ("화면이 깨져 보여요", R), ("저장이 안 돼요", R), ("로그인이 계속 풀려요", R), ("페이지 이동이 안 됩니다", R),
    ("모바일에서는 여전히 레이아웃이 깨집니다", R), ("값이 0으로 나와요", R), ("그건 제가 말한 게 아닌데요", P), ("README는 왜 바꿨어요?", IV),
    ("원래 코드로 되돌려 주세요", IV), ("테스트 파일 지우면 안 된다고 했잖아요", IV),
    # a fourth set: what must not be done, still so, should have too, one problem gone and another left
    ("헐 main에 직접 머지하면 안 돼요!!", IV), ("그렇게 운영 DB에 바로 붙으시면 안 됩니다", IV), ("또 10% 붙이시면 안 돼요", IV), ("폴더가 아직 남아 있어요", R), ("폴더 아직 있는데요?", R),
    ("아직 예전 로고로 나와요", R), ("번들 크기 아직 2MB 넘어요", R),
    ("API 문서도 같이 바꿔 주셔야죠", O), ("테스트도 고쳐야 되지 않나요?", O), ("함수 이름 바꿨으면 호출하는 곳도 바꿔야죠", O),
    ("타입 에러는 없어졌는데 목록에 값이 안 들어가요", R), ("알림 설정이 반대로 저장돼요", R),
    ("원인은 서버 문제가 아닌 것 같아요", P), ("이번엔 다른 에러가 나요", R),
]

# Corrections in any context (their words say it: "I said", "not what I meant", "you missed").
ANYWHERE = [
    ("하지 말라고 했잖아요", IV), ("건드리지 말라 그랬지", IV), ("package.json은 수정하지 말아 달라고 했는데요", IV),
    ("커밋하지 말랬잖아", IV), ("제가 pnpm 쓰라고 했잖아요", IV), ("분명히 요청드렸는데요", IV),
    ("몇 번을 말해요", IV), ("누가 리팩터링하래", IV), ("마음대로 바꾸지 마세요", IV),
    ("이렇게 할께 아니라 드롭다운으로 선택하게 해야 돼요", P),  # 할께: the common spelling of 할게
    ("그게 아니라 설정 페이지요", P), ("그런 게 아니라 색만 바꿔 달라는 거예요", P), ("제 말은 헤더 아래 여백이에요", P),
    ("내 말은 그게 아니고", P), ("제가 말한 건 모바일 버전이에요", P), ("제가 요청드린 건 정렬 기능이었어요", P),
    ("제가 말씀드린 거는 API 쪽이에요", P), ("원한 건 이게 아니에요", P), ("잘못 이해하셨어요", P),
    ("오해하신 것 같아요", P), ("그런 함수 없는데요", P), ("그 옵션은 존재하지 않습니다", P),
    ("제가 말한 대로 안 됐어요", IV), ("요청드린 대로 안 돼 있어요", IV), ("그건 제가 요청한 게 아니에요", IV),
    ("아까 된다고 하셨잖아요", R), ("고쳤다고 했는데 그대로네", R),
    ("환경 변수 추가를 깜빡하셨네요", O), ("내 말 안 듣네", IV), ("제 말을 무시하시네요", IV), ("테스트 빠뜨렸잖아", O), ("마이그레이션 누락됐어요", O),
    # still, again, missing: the words say it after the agent's work and in any context
    ("아직도 안돼요ㅠ", R), ("아직 안 돼요", R), ("또 에러", R), ("계속 같은 오류가 나요", R), ("왜 아직도 안 돼요?", R), ("네 근데 여전히 에러 나요", R),
    ("테스트가 빠졌어요", O), ("README 업데이트가 빠졌네", O), ("에러 처리가 누락됐습니다", O), ("헤더는 안 바꿨네요", O), ("모바일 화면은 수정 안 하셨어요", O),
    ("하나 빠뜨리셨어요", O), ("다크 모드는 반영하지 않으셨네요", O), ("ㄴㄴ 그거 말고 다른 파일", P),
    # a second set, written apart from the rules
    ("여전히 똑같은 문제 발생합니다", R), ("제가 말씀드린 건 버튼 색이에요", P), ("그 부분은 건드리지 말아 주세요 했는데요", IV), ("허락 없이 푸시하셨네요", IV),
    ("브랜치 잘못 잡으셨어요", R), ("제가 부탁드린 건 정렬이 아니라 필터였어요", P), ("제가 언제 그걸 바꾸라고 했어요?", IV),
    ("커밋 메시지 영어로 쓰지 말라고 했잖아", IV), ("CSS만 바꿔 달라고 했는데 JS까지 고치셨네요", IV), ("마이그레이션 파일이 빠졌네요", O),
    ("타입 정의는 안 하셨네요", O),
    # someone else's rule, and the agent broke it: still a correction
    ("팀장님이 main에 바로 푸시하지 말라고 했는데 왜 푸시하셨어요?", IV), ("코드가 틀렸어요", R),
    # I told you it failed; the premise named as wrong
    ("그거 해 봤는데 안 됐다고 했잖아요", IV), ("캐시 지우는 건 이미 해 봤다고 말씀드렸잖아요", IV),
    ("계산이 틀린데요", R), ("합계가 틀린 것 같아요", R), ("이거 틀린 듯", R), ("분석하신 게 전제부터 좀 다른 것 같아요", P), ("전제가 틀렸어요", P), ("문제 잘못 이해하셨어요", P),
]

# Near-misses: untyped right after the agent's work and when they open a task.
NEAR_MISSES = [
    # approvals, then the next task
    "좋아요, 이제 로그인 페이지 만들어 주세요", "좋아요 이제 빌드 실패 시 알림 보내는 것도 추가해 줘",
    "잘 되네요! 다음은 회원가입이요", "완벽해요 감사합니다", "오 잘된다", "이제 잘 돼요", "에러 없어졌어요",
    "이제 에러 안 나요", "더 이상 에러가 안 떠요", "이제 안 튕기네요", "결과가 예상한 거랑 똑같아요",
    "시안이랑 똑같네요 좋아요", "굿 그대로 커밋해 주세요", "네 그대로 진행해 주세요",
    # new tasks that name a bug or a case
    "업로드할 때 에러 나면 재시도해 줘", "파일이 없으면 만들어 줘", "로그인 실패 시 에러 메시지 보여 줘",
    "에러 나는 부분 찾아서 고쳐 줘", "에러 메시지를 한국어로 바꿔 줘", "기능은 그대로 두고 디자인만 바꿔 줘",
    "나머지는 그대로 둬", "이 페이지도 똑같은 디자인으로 해 줘", "똑같은 에러 처리 로직을 결제에도 넣어 줘",
    "안 되는 부분은 TODO로 남겨 둬", "제대로 안 되는 부분 고쳐 줘", "배포는 하지 말고 테스트만 돌려 줘",
    "RED 단계니까 pytest fail 나오는 테스트부터 써 줘", "이번엔 헤더 말고 푸터를 바꿔 줘", "헤더 말고 푸터도 바꿔 줘",
    "아니요 괜찮아요", "아니요, 제가 직접 할게요", "아뇨 그냥 진행해 주세요", "중복 저장 안 되게 막아 줘",
    "로딩이 오래 걸리면 스피너 보여 줘", "두 번 클릭 방지 넣어 줘", "에러 발생 로그 보여 줘", "오류 발생 시 재시도 로직 추가해 줘",
    "이건 안 돼도 괜찮아요", "안드로이드는 안 해도 돼요", "로그인 안 된 상태에서는 버튼 숨겨 줘", "안 보여도 되는 컬럼은 숨겨 줘",
    "아니요 다음으로 넘어가죠", "ㄴㄴ 됐어", "노노 일단 이대로 가자", "테스트 실패하는 케이스도 추가해 줘",
    "새로고침하니까 잘 나와요", "클릭하면 모달이 떠요. 좋아요", "제가 캐시를 안 지웠었네요 이제 잘 돼요", "다크 모드 안 돼요?",
    "이거 안 하면 안 돼요?", "500 에러 나면 재시도하게 해 줘", "에러는 해결됐어요! 감사합니다", "여전히 궁금한 게 있는데 이 훅은 언제 실행돼?",
    "그냥 지우면 왜 안 돼요?", "이 폴더 지우면 안 되는 거야?", "그럼 저장할 때 캐시도 비워야 하는 거 아니야?",
    "왜 안 되는지 설명해 줘", "롤백 기능 만들어 줘", "원래대로 돌아왔어요 감사합니다", "계속 진행해 주세요",
    "빌드 실패 시 슬랙으로 알려 줘", "시간이 없어요 빨리 해 주세요", "아직 데이터가 없어요", "버튼이 없으면 링크로 대신해 줘",
    "서버는 계속 돌아가고 있어요", "테스트는 안 넣어", "나중에 할 거라 지금은 안 만들어", "아 안 돼 잠깐만 기다려 줘",
    "이제 튕김 없음", "해결됨 감사", "그건 안 해", "난 안 가", "아 푸시 안 했네", "다 한 거 맞아?", "진짜 고친 거 맞아?",
    "오 된다 ㅋㅋ", "수고했어", "퇴근한다 ㅋㅋ", "빈 화면이면 스켈레톤 보여 줘", "에러 나면 재시도 세 번 해 줘", "결제 실패하면 재시도해 줘", "업로드 실패 시 토스트 띄워 줘", "실패한 테스트만 다시 돌려 줘",
    "오늘 팀원이 안 와요", "기본값은 0으로 나오게 해 줘", "주문 취소 기능 만들어 줘", "또 다른 페이지도 만들어 줘", "처음부터 다시 설명해 주세요", "제대로 하려면 뭐가 필요해요?", "확인하고 알려 드릴게요", "빌드 에러 로그 보여 줘", "에러 처리", "타입 에러 고쳐 줘", "별거 아니에요", "문제 아니에요 천천히 하세요", "그건 중요한 게 아니에요",
    "제 탓이 아니에요 ㅋㅋ", "그건 꼭 필요한 건 아니에요", "문제가 있는 부분 고쳐 줘", "버그가 있으면 알려 줘", "null이 나오지 않게 처리해 줘",
    "undefined로 나오면 0으로 바꿔 줘", "데이터가 다 지워지지 않도록 백업부터 해 줘", "이 파일 말고 다른 파일도 비슷하게 고쳐 줘", "회사 네트워크라서 안 되는 것 같아요 집에서 해 볼게요",
    "여기 버튼이 없네요 추가해 주세요", "이미 말씀드렸듯이 다음 주에 배포할 거예요", "아 이건 제 환경 문제인 것 같아요. 캐시 지우고 다시 해 볼게요", "이것도 해야 하나요?", "그거 실패하면 어떡해?", "이미 있는 함수 재사용해 줘",
    "이미 있는 컴포넌트는 그대로 쓰자", "말한 대로 안 하면 어떻게 돼요?", "이상한 값은 걸러 줘", "이상 없어요",
    # questions
    "혹시 다크 모드도 지원돼요?", "테스트 돌려봤어?", "다 됐어?", "아직 안 끝났어?", "아직 설치 중이에요?",
    "이건 왜 이렇게 했어요?", "왜 useEffect를 썼어요?", "안 되는 이유가 뭐예요?", "이거 한 번에 처리하면 안 돼요?",
    "지금 도커로 돌리는 거죠?", "이 설정이 맞나요?",
    # requests to re-check, doubts
    "다시 한 번 확인해 주세요", "빠진 거 없는지 검토해 줘", "여전히 에러가 나는지 확인해 줘", "이 값이 맞는지 봐 줘",
    "안 되는 부분 있는지 다시 확인해 주세요",
    # the user's own slip, or their own state
    "아 제가 잘못 말했네요, 헤더가 아니라 푸터예요", "제 실수예요, 브랜치 이름을 잘못 알려드렸어요",
    "죄송해요 제가 파일을 안 올렸네요", "저는 아직 테스트 안 해 봤어요", "아직 확인 안 했어요",
    # the user's own words were wrong (the humble 드리다 says whose), a rule someone else set, a loanword
    "죄송해요 폴더 경로를 잘못 알려드렸네요. src 말고 app 아래예요", "아까 말씀드린 마감일이 틀렸어요. 금요일이 아니라 목요일이에요",
    "제가 공유드린 API 주소가 잘못됐어요", "팀장님이 커밋 메시지는 한글로 쓰라고 하셨어요", "교수님께서 외부 라이브러리 쓰지 말라고 하셨습니다",
    "코틀린으로 로그인 화면 만들어 주세요", "코틀린 코루틴이 뭐예요?",
    # asking leave, the user's own "not yet", a case
    "지우면 안 돼요?", "여기서 바로 배포하면 안 돼요?", "저는 아직 시간 있어요", "아직 개발 중이에요", "아직 초안이에요",
    "아직 배포 전이에요", "저희는 아직 예전 방식이에요", "아직 남은 작업 있어요?", "그럼 이것도 해야 되지 않나요?",
    "에러 없는데 안 바꿔도 돼요", "바꿨으면 알려 주세요",
    "좋아요. 근데 별개로 결제 페이지에서 가끔 500 에러 나요. 그것도 봐 주세요", "다른 건데, 로그인 페이지가 모바일에서 깨져요. 고쳐 주세요",
    "그거랑 상관없는데 어드민 메뉴가 안 보여요",
    "네 좋아요 근데 혹시 이거 롤백하려면 어떻게 해요?", "어제 제가 배포한 거 때문에 에러 나요", "제 노트북에서는 안 돼요 회사 PC에서는 돼요",
    "아 그거 말고 다음 거 하자", "이거 테스트 없으면 안 되지?", "정산 금액이 잘못됐다는 문의가 들어왔어요", "이 함수 틀린 데 있는지 봐 주세요", "틀린 그림 찾기 게임 만들어 주세요",
    "맞춤법 틀린 거 고쳐 주는 기능 넣어 주세요", "와이파이가 끊겨서 안 돼요", "이제 안 튕겨요", "이제 화면 안 깨져요", "아직 질문 있어요", "아직 월요일이에요", "아직 베타예요", "아직 한 가지 더 있어요", "아 그리고 로그는 남기면 안 돼요",
    "이거 지금 배포하면 안 돼요. 금요일에 해요", "큰 문제는 아닌 것 같아요", "심각한 문제는 아닌 것 같아요", "아까 안 된다고 했는데 지금 해 보니 잘 돼요",
    # what it should show, a wish, pleased; either way; a new request and its way; a question of choice
    "이렇게 나와야 해요", "이렇게 나오면 좋겠어요", "오 이렇게 나오네요 좋아요", "둘 다 해도 같아요",
    "해도 똑같은 결과가 나와야 해", "안 해도 돼요", "이 로직 엔티티 안에 구현해 줘 copy 말고 var로", "왜 redis는 안 써요?",
    "에러 나오면 알려 줘", "이제 에러 안 나와요", "에러가 나와야 정상이에요", "에러 나오는지 확인해 줘",
    # a request to send or store it otherwise
    "상태가 완료인데 취소로 보내 줘", "기본값이 0인데 1로 저장되게 해 줘", "주문 취소할 때 상태가 완료인데 취소로 바꿔 줘",
    # the user's own list put right ("아까 드린"), an aside about what happened elsewhere just now
    "죄송해요 아까 드린 요금표가 틀렸어요. 수정본 보낼게요", "다른 얘긴데 방금 스테이징에서 이런 에러 났어요",
    # quotes: the words are a text to show
    "'여전히 안 돼요'라는 문구를 에러 페이지에 넣어 줘",
]

# Answers to the agent's question after its work: "안 돼요" says no, it reports nothing.
ANSWERS = ["안 돼요", "안 됩니다", "안돼요"]


@pytest.mark.parametrize(("previous", "tools"), AFTER_WORK)
@pytest.mark.parametrize(("text", "type_"), REPORTS)
def test_a_report_right_after_the_agents_work_is_a_correction(text: str, type_: str, previous: str | None,
                                                              tools: tuple[str, ...]) -> None:
    c = C.classify(text, previous=previous, previous_tools=tools)
    assert (c.type, c.lang) == (type_, "ko"), c


@pytest.mark.parametrize(("text", "type_"), REPORTS)
def test_the_same_report_opening_a_task_is_not_typed(text: str, type_: str) -> None:
    assert C.classify(text, previous=OPENING).type not in TYPES


@pytest.mark.parametrize(("text", "type_"), ANYWHERE)
def test_corrections_whose_words_say_it_are_typed_in_any_context(text: str, type_: str) -> None:
    for previous, tools in ((None, ()), (OPENING, ()), (FIXED_HAEYO, ()), (None, EDITED)):
        c = C.classify(text, previous=previous, previous_tools=tools)
        assert (c.type, c.lang) == (type_, "ko"), (previous, tools, c)


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_stay_untyped(text: str) -> None:
    for previous, tools in ((None, ()), (OPENING, ()), (FIXED_HAEYO, ()), (FIXED_FORMAL, ()), (None, EDITED)):
        c = C.classify(text, previous=previous, previous_tools=tools)
        assert c.type not in TYPES, (previous, tools, c)


@pytest.mark.parametrize("text", ANSWERS)
def test_no_as_an_answer_to_the_agents_question_is_not_a_report(text: str) -> None:
    assert C.classify(text, previous=ASKED_AFTER_WORK).type not in TYPES
    assert C.classify(text, previous=FIXED_HAEYO).type == R


@pytest.mark.parametrize("text", ["안돼, 그건 남겨 둬", "아니요, 그건 남겨 두세요", "ㄴㄴ 그대로 둬", "아니 그 폴더 말고 캐시만요"])
def test_no_and_what_to_keep_answers_the_agents_question(text: str) -> None:
    assert C.classify(text, previous=ASKED_AFTER_WORK).type not in TYPES


@pytest.mark.parametrize("text", [
    "에러 나요\n```\nTypeError: Cannot read properties of undefined (reading 'map')\n```",
    "빌드 에러\nFailed to compile.\n./src/app/page.tsx\nModule not found: Can't resolve '@/lib/utils'",
    "이렇게 떠요\nError: Hydration failed because the initial UI does not match what was rendered on the server.",
    "콘솔 로그:\nUncaught (in promise) TypeError: fetch failed\n    at loadUser (user.ts:14:11)",
])
def test_a_pasted_error_after_the_agents_work_is_a_result_error(text: str) -> None:
    assert C.classify(text, previous=FIXED_FORMAL).type == R
    assert C.classify(text).type not in TYPES


def test_a_long_report_after_the_agents_work_is_read_by_its_opening() -> None:
    text = ("여전히 로그인하면 다시 로그인 페이지로 돌아갑니다. 쿠키는 저장되는 것 같은데 미들웨어가 세션을 "
            "읽지 못하는 것 같아요. matcher가 api 경로만 잡고 있어서 대시보드 경로도 포함해야 할 것 같고, 세션 만료 시간도 "
            "너무 짧게 잡혀 있는 것 같으니 같이 살펴봐 주시면 좋겠습니다. 내일 오전에 팀 시연이 있어서 오늘 안에 정리되면 정말 좋겠어요. 부탁드립니다.")
    assert len(text) > 200
    c = C.classify(text, previous=FIXED_FORMAL)
    assert (c.type, c.rule) == (R, "ko.result-error.still-after-claim.opening"), c
    assert C.classify(text).excluded == "long"  # opening a task, a long message is an instruction


def test_the_gate_types_every_hard_case_as_running_every_rule_does() -> None:
    texts = [t for t, _ in REPORTS + ANYWHERE] + NEAR_MISSES + ANSWERS
    contexts = [Context.of(previous, tools) for previous, tools in
                ((None, ()), (OPENING, ()), (FIXED_HAEYO, ()), (FIXED_FORMAL, ()), (None, EDITED), (ASKED_AFTER_WORK, ()))]
    for text in texts:
        for context in contexts:
            assert C._classify(text, True, context) == C._classify(text, False, context), (text, context)


def test_a_paste_set_apart_as_the_next_item_is_not_a_failure_of_the_agents_work() -> None:
    paste = "\n```\n[ERROR] src/main/java/App.java:[12,3] cannot find symbol\n```"
    assert C.classify("다음 에러요" + paste, previous=FIXED_FORMAL).type not in TYPES
    assert C.classify("또 에러 나요" + paste, previous=FIXED_FORMAL).type == R


# Phenomena the other packs cover, in ordinary Korean forms (parity round): typed right after the agent's work, and
# not when they open a task or follow a turn that only explained; beside them, the look-alikes that stay untyped.
EXPLAINED = "이 함수는 캐시를 먼저 확인하고, 없으면 서버에서 불러옵니다."
PARITY_AFTER_CLAIM = [
    # what happens when the person does something
    ("저장 누르면 아무 반응이 없어요", R), ("새로고침하면 목록이 다시 비어요", R), ("설정 페이지 열면 앱이 멈춰요", R),
    ("내보내기 누르면 파일이 비어 있어요", R), ("저장 누르면 모달이 안 닫혀요", R), ("새로고침할 때마다 필터가 다 초기화돼요", R),
    ("페이지 열었을 때 목록이 비어 있어요", R), ("검색하니까 화면이 하얘져요", R),
    # it worked before, the old one was better
    ("전에는 잘 됐는데요", R), ("아까는 됐었는데", R), ("수정 전에는 멀쩡히 돌아갔어요", R), ("아까 게 더 나았어요", R),
    ("이전 버전이 훨씬 좋았어요", R),
    # reversed
    ("순서가 거꾸로예요", R), ("정렬이 반대예요", R), ("좌우가 뒤바뀌었어요", R), ("반대로 됐어요", R), ("거꾸로 정렬돼 있어요", R),
    # done in part
    ("절반만 고쳐졌어요", R), ("일부만 바뀌었네요", R), ("첫 번째 것만 돼요", R), ("반만 됐네요", R),
    # what it should be, and what it is
    ("모달이 닫혀야 하는데 안 닫혀요", R), ("이름이 보여야 하는데 아이디가 보여요", R), ("합계가 10이 나와야 하는데 12가 나와요", R),
    # fixed, and a new problem
    ("되긴 하는데 이제 헤더가 겹쳐요", R), ("에러는 없어졌는데 이번엔 화면이 하얘요", R), ("빌드는 되는데 이제 테스트가 안 돌아가요", R),
    # odd-looking, unlike the spec
    ("간격이 좀 어색하네요", R), ("뭔가 어색해요", R), ("디자인이 별로예요", R), ("피그마랑 다르게 나와요", R), ("시안대로 안 돼 있어요", R),
    # nothing comes back, no effect
    ("응답이 비어 있어요", R), ("빈 배열이 와요", R), ("결과가 비어요", R), ("아무 값도 안 와요", R), ("응답이 없어요", R),
    ("효과가 없어요", R), ("변화 없어요", R), ("작동 안 해요", R),
    # left in, not wired up
    ("디버그 로그 그대로 남아 있어요", O), ("테스트용 코드가 아직 들어가 있네요", O), ("console.log 그대로 남아 있는데요", O),
    ("라우터에 등록이 안 돼 있어요", O), ("그 함수 호출을 안 해요", O), ("핸들러가 한 번도 안 불려요", O), ("호출되지 않아요", O),
    # not needed, done too much (반말), the same mistake again (반말)
    ("그건 필요 없어요", IV), ("이건 필요 없는데요", IV), ("그 래퍼는 필요 없어요", IV), ("너무 많이 고쳤네", IV),
    ("똑같은 실수 또 했네", IV),
    # tried already; no such thing
    ("그것도 해 봤어요", P), ("그 방법도 이미 해 봤는데요", P), ("그런 거 없는데요", P),
]
# The agent's advice, the honorific or the person's own words name the agent: typed in any context.
PARITY_ANY_CONTEXT = [
    # its instructions followed, and they failed
    ("알려주신 명령어 실행했는데 에러 나요", R), ("말씀하신 대로 했는데 안 돼요", R), ("시키신 대로 했는데 그대로예요", R),
    ("주신 코드 붙여넣었더니 에러가 나요", R), ("알려주신 대로 했는데 에러 메시지가 떠요", R), ("네가 준 명령어 돌렸는데 permission denied 떠", R),
    ("말씀하신 방법대로 설치했는데 권한 에러가 납니다", R),
    # again, too much, on its own, not listened to, not what was wanted
    ("같은 실수를 또 하셨네요", IV), ("또 같은 실수를 반복하시네요", IV), ("너무 많이 바꾸셨어요", IV), ("임의로 수정하지 마세요", IV),
    ("다른 파일까지 건드리셨네요", IV), ("제 말 제대로 듣고 계세요?", IV), ("내 말 제대로 읽은 거야?", IV), ("제 말 읽긴 하셨어요?", IV), ("몇 번째 말하는 거예요", IV),
    ("말귀를 못 알아들으시네요", IV), ("이건 제가 원한 게 아니에요", IV), ("이런 걸 바란 게 아닌데요", IV),
    # left in, said to the agent
    ("디버그 로그는 안 지우셨네요", O),
]
PARITY_LOOK_ALIKES = [
    # specs and cases with the same openings
    "저장 누르면 닫히게 해 주세요", "알려주신 대로 설정했는데 에러 처리도 추가해 주세요", "삭제 누르면 목록에서 사라져요", "닫기 누르면 모달이 사라져요 좋네요", "실패하면 배너 띄워줘", "저장 누르면 모달이 닫혀야 해요", "로그인하면 대시보드로 이동하게 해 줘",
    "새로고침할 때마다 필터가 초기화되도록 해 주세요", "새로고침하면 캐시가 초기화돼요", "클릭하면 모달이 떠요. 좋아요", "설정 페이지 열면 목록이 보여야 하나요?",
    "누르면 아무 반응이 없어야 정상이에요", "페이지 열었을 때 목록이 비어 있으면 안내 문구 보여 줘", "로그인했을 때 대시보드로 가게 해 줘",
    # it worked, a request, a doubt
    "전에는 잘 됐는데 이번에 추가한 페이지도 잘 되게 해 주세요", "아까는 안 됐는데 이제 돼요", "전에는 잘 됐는지 모르겠어요",
    "순서 거꾸로 해 줘", "반대로 정렬해 주세요", "반대로 됐으면 좋겠어요", "저는 반대예요", "정렬이 반대인 건 의도한 거예요",
    "첫 번째 항목만 바꿔 줘", "일단 절반만 되면 돼요", "하나만 나오게 해 주세요", "지금은 첫 번째 것만 돼도 괜찮아요",
    "닫혀야 하는데 어떻게 하면 돼요?", "이름이 보여야 하는데 그렇게 고쳐 주세요", "배포해야 하는데 시간이 안 돼요",
    "잘 되는데 이제 로그인 페이지 만들어 줘", "되긴 하는데 이제 다크 모드도 추가해 줄래요?",
    "어색하지 않게 해 줘", "이제 안 어색하네요", "제 한국어가 어색해요", "시안이랑 맞춰 주세요", "시안대로 해 주세요",
    "피그마랑 다르게 나오면 알려 줘",
    # blank, left in, not wired up: a case, a wish, kept on purpose
    "목록이 비어 있으면 안내 문구 보여 줘", "빈 배열이 오면 0 보여 줘", "응답이 비어 있는 경우 처리해 줘", "장바구니가 비어 있을 때 메시지 보여 줘",
    "디버그 로그는 그대로 남겨 둬", "디버그 로그 남아 있어도 괜찮아요", "데이터가 그대로 남아 있어요", "주석이 그대로 남아 있네요",
    "아직 라우터에 등록 안 된 건 제가 할게요", "호출 안 되는 함수는 지워 줘", "한 번도 호출되지 않는 코드는 정리해 주세요",
    "인터넷 연결이 안 돼 있어요", "이제 외부 API 호출을 안 하네요 좋아요",
    # not needed: asked, moving on, no such subject
    "걱정할 필요 없어요", "그건 필요 없어요?", "이제 그 스크립트는 필요 없어요", "그건 꼭 필요한 건 아니에요",
    # tried: asked, a plan, it worked
    "그거 해 봤어요?", "그것도 해 볼게요", "그것도 해 봤는데 잘 되네요",
    # the agent's instructions followed, and fine; a plan; someone else's instructions
    "말씀하신 대로 했더니 잘 돼요", "알려주신 대로 해 볼게요", "팀장님이 알려주신 대로 했는데 안 돼요", "선배가 준 스크립트 돌렸는데 에러 나요",
    "알려주신 명령어 실행했더니 에러가 사라졌어요", "말씀하신 대로 하면 안 되나요?", "주신 코드 넣었는데 이제 에러 안 나요",
    # the person's own slip, someone else, a task's limit, thanks
    "아 나 또 같은 실수 했네", "제가 또 같은 실수를 했네요", "동료가 같은 실수를 또 했어요", "고객님이 또 같은 실수를 하셨네요",
    "또 같은 실수 안 하게 테스트 추가해 줘", "너무 많이 바꾸지 말고 필요한 것만 고쳐 줘", "내가 너무 많이 바꿨네", "임의로 생성된 토큰을 저장해 줘",
    "알아서 잘 수정하셨네요 감사합니다", "다른 파일까지 건드려도 돼요", "제 말 듣고 판단해 주세요", "제 말 듣고 계세요? 다음 단계 알려 드릴게요", "제가 쓴 글 보셨어요?",
    "제가 원한 게 아니라면 다시 할게요", "원한 게 아니었는데 오히려 괜찮네요", "아 제가 푸시를 안 했네요", "제가 깜빡하고 저장을 안 했어요",
    "그런 기능 없으니 만들어 주세요", "우리 앱엔 그런 기능 없어요", "고마워요 잘 되네요",
]
_PARITY_CONTEXTS = ((None, ()), (OPENING, ()), (EXPLAINED, ()), (FIXED_HAEYO, ()), (FIXED_FORMAL, ()), (None, EDITED), (ASKED_AFTER_WORK, ()))


@pytest.mark.parametrize(("text", "type_"), PARITY_AFTER_CLAIM)
def test_a_phenomenon_of_the_other_packs_is_typed_right_after_the_agents_work(text: str, type_: str) -> None:
    for previous, tools in ((FIXED_HAEYO, ()), (FIXED_FORMAL, ()), (None, EDITED)):
        c = C.classify(text, previous=previous, previous_tools=tools)
        assert (c.type, c.lang) == (type_, "ko"), (previous, tools, c)
    for previous in (None, OPENING, EXPLAINED):
        assert C.classify(text, previous=previous).type not in TYPES, previous


@pytest.mark.parametrize(("text", "type_"), PARITY_ANY_CONTEXT)
def test_the_agents_advice_or_the_honorific_named_types_in_any_context(text: str, type_: str) -> None:
    for previous, tools in _PARITY_CONTEXTS:
        c = C.classify(text, previous=previous, previous_tools=tools)
        assert (c.type, c.lang) == (type_, "ko"), (previous, tools, c)


@pytest.mark.parametrize("text", PARITY_LOOK_ALIKES)
def test_look_alikes_of_those_phenomena_stay_untyped(text: str) -> None:
    for previous, tools in _PARITY_CONTEXTS:
        c = C.classify(text, previous=previous, previous_tools=tools)
        assert c.type not in TYPES, (previous, tools, c)


def test_no_such_feature_is_not_an_answer_to_the_agents_question() -> None:
    # "그런 기능 없어요" answers "… 기능도 있나요?"; after the agent's work or its explanation, it puts its premise right.
    assert C.classify("그런 기능 없어요", previous="내보내기 기능도 이미 있나요?").type not in TYPES
    assert C.classify("그런 기능 없어요", previous=FIXED_HAEYO).type == P
    assert C.classify("그런 기능 없어요", previous=EXPLAINED).type == P
    # a feature named to be built, and a generic "nothing like that": no premise put right
    assert C.classify("그런 기능 없으니 만들어 주세요", previous=FIXED_HAEYO).type not in TYPES
    assert C.classify("그런 거 없어요", previous="수정했습니다. 다른 요청 사항이 있으신가요?").type not in TYPES
    assert C.classify("그런 거 없어요", previous=EXPLAINED).type not in TYPES


def test_the_gate_types_the_parity_cases_as_running_every_rule_does() -> None:
    texts = [t for t, _ in PARITY_AFTER_CLAIM + PARITY_ANY_CONTEXT] + PARITY_LOOK_ALIKES
    contexts = [Context.of(previous, tools) for previous, tools in _PARITY_CONTEXTS]
    for text in texts:
        for context in contexts:
            assert C._classify(text, True, context) == C._classify(text, False, context), (text, context)


# Day seven: forms a fresh sample of other people's sessions showed right after the work, and their look-alikes.
DAY_SEVEN_AFTER_CLAIM = [
    ("목록 로딩이 계속 실패하고 있어요", R),
    ("결제 화면 로딩이 실패하고 있어요. 고칠 수 있나요?", R),  # the failure said, then asked to fix it
    ("상세 페이지에 목록이 전혀 나오지 않음", R),
    ("그래프가 나오지 않습니다", R),
    ("캡처를 보면 저장 버튼이 눌리지 않아요", R),  # "as the screenshot shows", not a case
    ("설정 화면 로딩이 실패해요", R),  # 화면 (screen) is no "if"
]
DAY_SEVEN_LOOK_ALIKES = [
    "빈 값이면 아무것도 나오지 않게 해 주세요",
    "에러 문구가 나오지 않도록 처리해 주세요",
    "실패하고 있는 테스트 목록을 정리해 주세요",
    "수정했어요. 한 번 확인해 줄래요?",
    "저장에 실패하면 알림을 띄워 주세요",
]


@pytest.mark.parametrize(("text", "type_"), DAY_SEVEN_AFTER_CLAIM)
@pytest.mark.parametrize(("previous", "tools"), AFTER_WORK)
def test_day_seven_forms_after_the_work(text: str, type_: str, previous: str | None, tools: tuple[str, ...]) -> None:
    assert C.classify(text, previous=previous, previous_tools=tools).type == type_
    assert C.classify(text, previous=OPENING).type not in TYPES


@pytest.mark.parametrize("text", DAY_SEVEN_LOOK_ALIKES)
@pytest.mark.parametrize("previous", [None, FIXED_HAEYO, OPENING])
def test_day_seven_look_alikes_stay_untyped(text: str, previous: str | None) -> None:
    assert C.classify(text, previous=previous).type not in TYPES
