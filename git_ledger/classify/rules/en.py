"""English rules. Corrections name the agent ("you forgot", "I told you") or sit in a short
fragment right after its work ("still wrong", "wrong file"); bare problem reports ("X is
missing", "doesn't work") are left alone because they are just as often new tasks."""
from __future__ import annotations

import re

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
    reports,
    rule,
    rx,
)

O, IV, P, R = "omission", "instruction-violation", "premise-error", "result-error"

_ADV = r"(?:\s+(?:also|again|still|totally|completely|just|already|clearly|even|obviously))?"
_DONE = (r"(?:add|include|update|run|test|handle|cover|change|commit|push|implement|write|remove"
         r"|delete|call|check|export|import|document|migrate|bump|rename|register|wire|mention)")
# A state older than the agent's work: "wasn't updated since 2021", "hasn't worked for years" (not
# "since your change": that dates it to the work).
_LONG_STANDING = (r"since\s+(?:\d{4}|(?:last|early|late)\s+(?:year|month|spring|summer|fall|autumn|winter)|years|months|forever|ages)"
                  r"|for\s+(?:years|months|ages|a\s+long\s+time|so\s+long)|in\s+(?:years|months|ages|a\s+long\s+time)")
_DONE_PP = (r"(?:updated|added|included|handled|covered|committed|pushed|run|tested|documented"
            r"|exported|migrated|bumped|removed|deleted|changed|renamed|registered|implemented)")
_TARGET = (r"(?:file|files|branch|repo|repository|directory|dir|folder|path|place|function|method"
           r"|class|module|table|column|database|db|server|host|environment|env|project|package"
           r"|version|endpoint|account|config|variable|field|key|line|service|container|bucket|cluster|region"
           r"|namespace|pod|node|image|tag|log|logs|schema|problem|thing|component|crate|workspace)")
_BAD_WORDS = r"wrong|incorrect|broken|messed up|garbled|bogus"
# The user's own guess ("I think it's the runner, not the code"): a hypothesis to look into, not a fact set
# against the agent's.
_HEDGE = r"\bi\s+(?:think|suspect|guess|believe|wonder|assume)\b|\bmy\s+(?:guess|hunch|theory)\b|\b(?:probably|maybe|perhaps)\b"
_BAD = r"(?:" + _BAD_WORDS + r")"
# "Your change", "your fix": the agent's own work named as the cause.
_WORK = (r"(?:change|changes|fix|edit|edits|patch|commit|commits|refactor|refactoring|update|pr|diff"
         r"|rewrite|version|code|migration)")
_YOUR_WORK = r"\byour\s+(?:last\s+|latest\s+|recent\s+|previous\s+|new\s+|most\s+recent\s+)?" + _WORK
# Words of an error, for the exclusions that need one in the same sentence.
_ERR = (r"\b(?:wrong|incorrect|broken|broke|break|breaks|buggy|bug|bugs|missing|forgot|forgotten|missed"
        r"|fails?|failing|failed|garbled|off|mess|messed|invalid|malformed|corrupt|corrupted|crash"
        r"|crashes|crashed|error|errors|leaks?|regression)\b")
# The state a conditional is about ("when the token is missing"), not a noun like "bug".
_BAD_STATE = (r"\b(?:wrong|incorrect|invalid|broken|malformed|corrupt|corrupted|missing|absent|expired"
              r"|empty|fails?|failing|failed|crash|crashes|off|garbled)\b")
# The agent named as the one who got it wrong: keeps a message typed despite a third party in it.
_AGENT = (r"\byou(?:'ve|'re| have| are)?\s+(?:just\s+|also\s+|completely\s+)?(?:broke|forgot|missed"
          r"|skipped|ignored|used|changed|removed|deleted|introduced|added|wrote|made|left|didn'?t|never"
          r"|did|put|hardcoded|set|picked|gave)\b|\byour\b|\bstill\b|\bagain\b|\bnow\b")
_THING = (r"(?:output|result|results|answer|value|values|total|totals|sum|number|numbers|count"
          r"|calculation|math|format|date|dates|regex|query|logic|formula|conversion|percentage"
          r"|code|implementation|fix|response|header|title|layout|order|sorting|type|types)")

_I_SAID = r"\bi(?:'ve|\s+have)?\s+(?:already\s+)?(?:said|told\s+you|asked(?:\s+you)?)"

# "when I press save nothing happens", "if I open the settings page the app freezes", "every time I reload, the
# list is empty": what happens when the user does something, reported. Opening its sentence; the same opening
# with a wish or an instruction ("when I press save it should close", "if the upload fails, retry") is a spec.
_WHEN_I = (r"^(?:(?:but|and|now|still|also|hm+|ok|okay|so|yet)[,\s]+){0,2}(?:if|when|whenever|every\s+time|each\s+time|as\s+soon\s+as"
           r"|any\s+time)\s+(?:i|we)\s+(?:then\s+|just\s+|now\s+|first\s+|try\s+to\s+)?(?:click|press|open|run|reload|refresh|load|submit"
           r"|save|log\s+in|login|log\s+out|sign\s+in|navigate|go|visit|type|select|tap|hit|start|launch|scroll|resize|switch|upload"
           r"|call|use|enter|close|restart|build|deploy|execute|drag|hover|search|filter|sort|edit|delete|add|change|import|export"
           r"|download|send|create|test|install|compile|zoom|rotate|play|toggle|check|uncheck|paste|focus|pick|choose|move)\w{0,3}\b")
# … the words of a wish, an instruction or a question in that sentence: a spec, not a report.
_WHEN_I_SPEC = (r"\b(?:should|shouldn'?t|would|will|could|might|must|please|make\s+sure|ensure|handle|show|display|return|log(?!\s+(?:in|out))|retry"
                r"|redirect|let'?s|want|wanted|need|needs|expected|expect|supposed|instead|keep|let\s+me|i'?ll|add|warn|prompt|ask"
                r"|does\s+it|do\s+(?:i|we|you)|is\s+(?:it|that)|can\s+(?:i|we|you)|what|which|fine|ok|okay|good|great|correct"
                r"|as\s+(?:it\s+)?should|works?|worked|working\s+(?:fine|now))\b")
_FAILURE_SEEN = (r"\b(?:nothing\s+(?:happens|happened|changes|changed|shows|loads|appears|works)|freez\w{1,3}|froze|crash\w{0,3}|hangs?|hung"
                 r"|fails?|failed|errors?|erroring|exception|blank|empty|disappears?|disappeared|vanish\w{0,3}|resets?|breaks?|broke|stuck"
                 r"|closes|closed|flicker\w{0,3}|jumps?|[45]\d\d|doesn'?t|does\s+not|didn'?t|did\s+not|won'?t|can'?t|cannot|isn'?t|aren'?t"
                 r"|no\s+longer|still|again|wrong|duplicat\w{1,3}|twice|times?\s+out|timed\s+out|spins?|spinning|lags?|glitch\w{0,2}"
                 r"|goes\s+(?:back|away|blank|white)|gets?\s+(?:lost|stuck|cleared|wiped))\b")
# "I ran the command you gave me", "I did what you said", "followed your steps": the agent's instructions, carried out.
_FOLLOWED = (r"\b(?:ran|run|did|done|followed|tried|used|applied|executed|pasted|copied|installed|added|put|changed|set|typed|entered)\s+"
             r"(?:exactly\s+|everything\s+)?(?:what|as)\s+you\s+(?:said|suggested|told\s+me|wrote|recommended|showed|described|asked|gave|sent)\b"
             r"|\b(?:ran|run|did|followed|tried|used|applied|executed|pasted|copied|installed)\s+(?:the|that|this|those|these|all\s+(?:the|of\s+the))\s+"
             r"(?:[\w-]+\s+)?(?:command|commands|steps|script|instructions?|migration|snippet|code|fix|patch|config|query|solution|suggestion"
             r"|changes?|lines?)\s+(?:you\s+(?:just\s+)?(?:gave|sent|wrote|suggested|provided|posted|showed|recommended|listed|made)|from\s+you)\b"
             r"|\b(?:ran|run|did|followed|tried|used|applied|executed|pasted|copied|installed)\s+your\s+(?:[\w-]+\s+)?(?:command|commands|steps"
             r"|script|instructions?|migration|snippet|code|fix|patch|config|query|solution|suggestion|changes?|advice)\b"
             r"|\b(?:as|like)\s+you\s+(?:said|suggested|told\s+me|recommended|asked)\s*,\s*i\b")
_FOLLOWED_FAILED = (r"\b(?:errors?|erroring|exception|denied|refused|fails?|failed|failing|crash\w{0,3}|broke|breaks|broken|empty|blank"
                    r"|won'?t|doesn'?t|didn'?t|does\s+not|did\s+not|can'?t|cannot|couldn'?t|not\s+found|no\s+such|timeout|timed\s+out|hangs?|hung"
                    r"|[45]\d\d|missing|gone|wrong|worse|same|nothing(?!\s+else)|still(?!\s+(?:running|waiting|in\s+progress)))\b")

# A state the work was for, said not reached: "it's not centered on wide screens", "they're not clickable".
_STATE_SOUGHT = r"(?:\w+ly\s+)?(?:centered|centred|aligned|visible|clickable|scrollable|responsive|sorted|translated|persisted)"

TYPES: tuple[Rule, ...] = (
    rule(O, "you-forgot", r"\byou(?:'ve| have)?" + _ADV
         + r"\s+(?:forgot|forgotten|missed|skipped|omitted|overlooked|neglected)\b"
         r"(?!\s+(?:nothing|anything|none)\b)"),
    # "now and then you skip the edge cases", "you keep forgetting the imports"
    rule(O, "you-tend-to-miss", r"\byou\s+(?:sometimes|often|always|usually|still|constantly|keep|tend\s+to)\s+(?:miss|forget|skip|omit|leave\s+out"
         r"|missing|forgetting|skipping|omitting|leaving\s+out)\b(?!\s+(?:nothing|anything|none)\b)"
         r"|\b(?:sometimes|often|always|usually|constantly)\s+you\s+(?:miss|forget|skip|omit|leave\s+out)\b(?!\s+(?:nothing|anything|none)\b)"),
    rule(O, "you-left-out", r"\byou(?:'ve| have)?" + _ADV + r"\s+left\s+(?:\S+\s+)?out\b"),
    rule(O, "you-didnt", r"\byou(?:\s+still)?\s+(?:didn'?t|did not|haven'?t|have not|never)"
         r"(?:\s+even|\s+actually)?\s+" + _DONE + r"(?:e?d)?\b"),
    rule(O, "still-missing", r"\bstill\s+(?:missing|lacks|lacking|not\s+" + _DONE_PP + r")\b"
         r"|\bstill\s+no\s+(?!one\b|idea\b|worries\b|rush\b|problem\b|need\b|luck\b|news\b|word\b)[a-z`]"
         r"|\bstill\s+(?:hasn'?t|haven'?t|isn'?t|aren'?t|wasn'?t|weren'?t)\s+(?:been\s+)?"
         + _DONE_PP + r"\b"),
    # "you only changed the GET handler", "you did create and update but delete isn't done"
    rule(O, "but-forgot", r"\bbut\s+(?:you\s+)?(?:forgot|missed|skipped|left\s+out|never)\b"
         r"|\b(?:and|but)\s+left\s+(?:\S+\s+){0,3}?(?:completely\s+|entirely\s+)?untouched\b"
         r"|\byou\s+(?:handled|updated|fixed|changed|covered|added|did|converted|migrated|tested)\b[^.;!?]*?\bbut\s+not\b",
         also=r"\byou\b"),
    rule(O, "only-part", r"\byou\s+only\s+(?:changed|fixed|updated|did|handled|added|implemented|renamed"
         r"|touched|covered|tested|migrated|converted|edited)\b"),
    rule(O, "but-not-done", r"\bbut\s+(?:the\s+)?[\w`./-]+(?:\s+[\w`./-]+){0,2}?\s+(?:isn'?t|is\s+not|aren'?t|are\s+not"
         r"|wasn'?t|weren'?t)\s+(?:done|implemented|handled|updated|fixed|covered|included|added|there)\b",
         also=r"\byou\b"),
    rule(O, "fragment", r"^(?:(?:and|also|oh|oops|hey|but|ah|um|uh)[,\s]+)?(?:(?:forgot|forgotten"
         r"|overlooked|left out)\b|missed\s+(?:a|an|the|one|two|some|that|this|it|another|more"
         r"|something|several)\b)"),
    rule(O, "missing-from-your-work", r"\bmissing\s+(?:from|in)\s+your\s+(?:last\s+)?" + _WORK + r"\b"
         + r"|" + _YOUR_WORK + r"\s+(?:is\s+|was\s+)?(?:missing|lacks|doesn'?t\s+(?:include|have|contain|cover)"
         r"|does\s+not\s+(?:include|have|contain|cover)|left\s+out|leaves\s+out|skipped|skips|forgot|omits|misses)\b"),
    rule(O, "never-done", r"\b(?:wasn'?t|weren'?t|was not|were not|hasn'?t been|haven'?t been"
         r"|has not been|have not been|never got)\s+" + _DONE_PP + r"\b"
         r"|\bnothing\s+(?:was|got|has\s+been|have\s+been)\s+(?:actually\s+)?" + _DONE_PP + r"\b",
         # (not a long-standing state or a condition: "the README wasn't updated since 2021, so rewrite it",
         # "if the file wasn't changed, skip it")
         unless=r"\b(?:" + _LONG_STANDING + r"|if|whether|unless|make\s+sure|ensure)\b"),
    # Right after the work, its diff is empty: "the diff is empty", "git status shows no changes",
    # "no changes in the PR" (as "I don't see any change in the diff"); not a clean tree wanted
    # ("git status is clean, good, now deploy") or checked for ("make sure the diff is empty").
    rule(O, "no-diff-after-claim", r"\b(?:the\s+|your\s+|my\s+)?(?:diff|git\s+diff|git\s+status|pr|pull\s+request|commit|working\s+tree|changeset)\s+"
         r"(?:is|'s|shows|has|looks|says)\s+(?:still\s+|completely\s+|totally\s+|just\s+)?(?:empty|clean|nothing|no\s+(?:changes?|diff|files?|modifications?))\b"
         r"|\bno\s+(?:changes?|diff|modifications?)\s+(?:at\s+all\s+)?in\s+(?:the\s+|your\s+)?(?:diff|git\s+status|pr|pull\s+request|commit|working\s+tree|repo)\b",
         unless=r"\b(?:if|when|whether|unless|make\s+sure|ensure|should|expect\w*|before|good|great|perfect|fine|nice|as\s+expected|now\s+let'?s|yesterday)\b",
         after_claim=True, not_an_answer=True),
    # After the agent's report: "the header shows up but I can't find the totals row", "X is still missing".
    rule(O, "dont-see-after-claim", r"\bi\s+(?:still\s+|just\s+)?(?:don'?t|do\s+not|dont|can'?t|cannot|never)\s+see\s+(?:the|their|thier|any"
         r"|its|it|them|my|a|an|this|that|these|those|where|how)\b",
         unless=r"\b(?:if|whether|why|reason|point|need|problem|issue|difference|harm)\b", after_claim=True),
    # "not seeing the new toggle at all?", "still not seeing any change", "I'm not seeing it": the work looked for, not found.
    rule(O, "not-seeing-after-claim", r"^(?:(?:hmm+|but|ok|okay|um+|uh+|so|still|nope|no)[,.!\s]+){0,2}(?:i'?m\s+|i\s+am\s+)?(?:still\s+)?not\s+seeing\s+"
         r"(?:the|any|my|a|an|it|them|this|that|these|those|new|updated|changes?|anything)\b",
         unless=r"\b(?:if|whether|need|needed|problem|harm|point|great|good|nice|perfect|thanks|works?|fixed)\b", after_claim=True, asked=True),
    rule(O, "missing-after-claim", r"\b(?:is|are|was|were)\s+(?:still\s+|also\s+)?missing\b|\bthere\s+(?:is|are)\s+(?:still\s+)?(?:some\s+)?missing\b"
         r"|\bmissing\s+(?:lots|a\s+lot|some|all|most|the\s+(?:rest|other))\b",
         unless=r"\b(?:if|whether|when|handle|handling|should|in\s+case|add\s+(?:a|an|the)\s+check|for\s+a\s+while|always"
         r"|like\s+that|for\s+(?:ages|months|weeks|years)|add\s+(?:it|that|this|them))\b", after_claim=True),
    # "so are you going to change those too?", "didn't you add the tests too?" after the agent said it was done.
    rule(O, "asked-about-a-miss", r"^(?:but\s+|and\s+|so\s+|also\s+)?(?:why\s+)?(?:didn'?t|haven'?t|did\s+not|have\s+not|don'?t|dont)\s+you\s+"
         r"(?:also\s+)?(?:have\s+to\s+|need\s+to\s+)?(?:update|add|include|change|handle|test|run|fix|commit|push|check|implement|migrate"
         r"|document|export|comment|cover|remove|delete|rename)\w{0,2}\b"
         r"|\bwhy\s+(?:didn'?t|don'?t|dont|did\s+not|do\s+not)\s+you\s+(?:also\s+)?(?:update|add|include|change|handle|test|run|fix|implement)\b",
         after_claim=True, asked=True),
    # "did you update the routes too?", "what about the tests?" right after "done".
    # "there are still TODOs left", "some placeholders remain" right after the work: left undone.
    rule(O, "todos-left-after-claim", r"\b(?:still|some)\s+(?:\w+\s+)?(?:todos?|fixmes?|placeholders?|stubs?)\s+(?:left|remaining|remain|in\s+(?:the|there|here))\b"
         r"|\b(?:todos?|fixmes?|placeholders?|stubs?)\s+(?:are\s+|is\s+)?still\s+(?:there|here|left|in)\b",
         unless=r"\b(?:if|whether|leave|keep|fine|ok|okay)\b", after_claim=True),
    rule(O, "asked-too", r"^(?:but\s+|and\s+|so\s+|also\s+)?(?:did|have)\s+you\s+(?:also\s+)?(?:\w+\s+)?(?:update|add|include|change|handle"
         r"|remove|fix|migrate|rename|export|register|cover|delete|test|document)\w{0,2}\b[^?]{0,80}?\b(?:too|also|as\s+well|either)\s*\?"
         r"|^(?:and\s+|but\s+|also\s+|ok\s+|okay\s+|hmm+\s+)?(?:what|how)\s+about\s+(?!\w+ing\b|(?:next|last|this)\s+\w+|tomorrow|today|tonight|later|now\b|it\b|that\b|you\b|me\b|us\b|them\b)(?:the\s+|our\s+|my\s+)?[\w./`'-]+"
         r"(?:\s+[\w./`'-]+){0,3}\s*\?+\s*$"
         # "did you also update the docs?", "and the tests?"
         r"|^(?:but\s+|and\s+|so\s+)?(?:did|have)\s+you\s+also\s+(?:update|add|include|change|handle|remove|fix|migrate|rename|export|register"
         r"|cover|delete|document)\w{0,2}\b[^?\n]{0,80}\?+\s*$"
         r"|^and\s+(?:the|our|my|your)\s+(?!(?:next|plan|timeline|results?|output|deadline|eta|status|cost|price|reason|difference)\b)"
         r"[\w./`'-]+(?:\s+[\w./`'-]+){0,2}\s*\?+\s*$"
         # "where are the tests?", "where's the migration?": a part of the work the user expected to find in it.
         r"|^(?:and\s+|but\s+|so\s+|hm+\s*,?\s*|ok\s*,?\s*)?where(?:'s|\s+is|\s+are)\s+(?:the\s+|my\s+|our\s+)?(?:new\s+|unit\s+|updated\s+)?"
         r"(?:tests?|specs?|migrations?|docs|documentation|changelog(?:\s+entry)?|type\s+hints|types|translations?|error\s+handling|validation"
         r"|rest(?:\s+of\s+(?:it|them))?|other\s+\w+)\s*\?+\s*$", after_claim=True, asked=True),
    # "there's no test for it" right after the agent said it was done.
    rule(O, "none-after-claim", r"\bthere(?:'s|\s+is|\s+are)\s+(?:still\s+)?no\s+(?:unit\s+|new\s+)?(?:tests?|test\s+cases?|docs|documentation"
         r"|migrations?|changelog\s+entry|error\s+handling|validation|type\s+hints)\b",
         unless=r"\b(?:need|needed|necessary|required|point|yet|if|whether|should|add|write|create)\b", after_claim=True, not_an_answer=True),
    rule(IV, "told-you", r"\b(?:told|instructed)\s+you(?:\s+(?:to|not|that|already|before|earlier"
         r"|twice|so|multiple|many|several|again|this)\b|\s*[,.!:;]|\s*$)"),
    # "I asked you to …", "I asked you twice"; not "I asked you earlier about the cache, any thoughts?"
    rule(IV, "asked-you", r"\basked\s+you\s+(?:(?:already|before|earlier|explicitly|specifically|twice)\s+)?(?:to|not|for)\b"
         r"|\basked\s+you\s+(?:twice|already|before|earlier|(?:two|three|\d+|several|many|multiple)\s+times)\s*(?:[.,!;]|$)"),
    rule(IV, "didnt-i", r"\b(?:didn'?t i|did i not)\s+(?:tell|say|ask|mention)\b"),
    rule(IV, "i-said", r"\bi(?:\s+(?:already|just|explicitly|specifically|clearly|literally))?"
         r"\s+said\s+(?:to(?!\s+(?:myself|him|her|them|the|my|our|a)\b)|not|no|don'?t|do not|never|only"
         r"|use|keep|leave|open|create|make|ask|wait|add|run|write|put|remove|delete|check|\"\"|'')\b"),
    # "no new dependencies, I was clear about that", "I made that very clear"
    rule(IV, "was-clear", r"\bi\s+was\s+(?:very\s+|pretty\s+|quite\s+|super\s+|really\s+)?(?:clear|explicit)\s+(?:about|on)\s+(?:that|this|it)\b"
         r"|\bi\s+made\s+(?:that|this|it)\s+(?:very\s+|pretty\s+|quite\s+|super\s+|really\s+)?clear\b"),
    # "read what I wrote above", "re-read my instructions" right after the agent's work.
    rule(IV, "read-what-i-wrote", r"\b(?:read|re-?read)\s+(?:again\s+)?what\s+i\s+(?:wrote|said|asked(?:\s+for)?|told\s+you)\b"
         r"|\bre-?read\s+my\s+(?:message|instructions?|request|prompt|requirements?)\b", after_claim=True),
    # "I just wanted the one line fix, not a rewrite", "I only needed the command": more was done than asked.
    rule(IV, "only-needed", r"\bi\s+(?:only|just)\s+(?:wanted|needed|asked\s+for)\s+(?:a|an|the|one)\b",
         unless=r"\b(?:thanks|thank|perfect|great|exactly|good|nice)\b", after_claim=True, not_an_answer=True),
    # "never run destructive commands without asking" right after the agent ran one.
    rule(IV, "not-without-asking", r"^(?:(?:please|pls|and|but|hey|whoa|wait)[,.!\s]+){0,2}(?:never|don'?t|do\s+not)\s+(?:ever\s+)?[^.?!\n]{1,60}?"
         r"\bwithout\s+(?:asking|checking\s+with\s+me|my\s+(?:ok|okay|approval|permission))\b", after_claim=True),
    rule(IV, "i-explicitly", r"\bi\s+(?:explicitly|specifically|clearly|literally)\s+(?:said|asked|told|wrote|mentioned"
         r"|requested)\b"),
    # "like I said, use pnpm"; not a reminder that frames the work ahead ("as I said, the deadline is
    # Friday, so let's keep it simple").
    rule(IV, "like-i-said", r"\b(?:like|as)\s+i\s+(?:already\s+|just\s+)?(?:said|told you|asked)\b",
         unless=r"\bso\s+(?:let'?s|we|keep)\b|\bkeep\s+(?:that|this|it)\s+in\s+mind\b|\b(?:going\s+forward|from\s+now\s+on"
         r"|for\s+the\s+next)\b"),
    rule(IV, "didnt-ask", r"\bi\s+(?:didn'?t|did not|never)\s+(?:ask|tell|want|request)"
         r"(?:ed)?\s+(?:you\s+)?(?:to|for)\b|\b(?:nobody|no one|no-one)\s+asked\b"
         r"|\bwho\s+(?:told|asked)\s+you\s+to\b"),
    rule(IV, "supposed-to", r"\byou\s+(?:were|are)(?:\s+only)?\s+(?:supposed|meant|told|asked|instructed)(?:\s+not)?\s+to\b"
         r"|\byou\s+(?:weren'?t|were not)\s+(?:supposed|meant|asked|told)\s+to\b"),
    rule(IV, "not-what-asked", r"\b(?:not|isn'?t|wasn'?t|aren'?t)\s+what\s+i\s+(?:asked|requested|wanted|told you)\b",
         # approved after all, or about the conversation: "not what I wanted at first, but keep it", "not what I wanted to ask"
         unless=r"\b(?:keep\s+(?:it|this|that)|i\s+(?:like|love)\s+(?:it|this|that)|works\s+for\s+me|growing\s+on\s+me|better\s+than"
         r"|wanted\s+to\s+(?:ask|say|talk|discuss|mention|bring\s+up))\b"),
    # "you did it again", "you're doing it again": what the user had set right, repeated.
    rule(IV, "did-it-again", r"\byou(?:'ve|\s+have)?\s+(?:just\s+)?(?:did|done)\s+(?:it|that|this|the\s+same(?:\s+thing)?)\s+again\b"
         r"|\byou(?:'re|\s+are)\s+(?:still\s+)?doing\s+(?:it|that|this|the\s+same(?:\s+thing)?)\s+again\b"
         r"|^(?:(?:and|ugh|so)[,\s]+)?again\s+you(?:'ve|\s+have)?\s+(?:changed|removed|deleted|added|touched|rewrote|renamed|used|broke|ignored"
         r"|reformatted|moved)\b",
         # (a plan confirmed or a repeat approved: "you're doing this again for the admin page, right?", "good call")
         unless=r"\b(?:can|could|would|will|please|when|if|like|great|nice|thanks|thank|right|for\s+the|good|keep|ok|okay|cool|fine|perfect)\b"),
    # "you're not listening", "are you even reading what I write?", "wasn't I clear?", "what part of … did you not get?"
    rule(IV, "not-listening", r"\byou(?:'re|\s+are)\s+(?:still\s+|just\s+|clearly\s+)?not\s+(?:listening|reading\s+(?:what|my)|paying\s+attention)\b"
         r"|\bare\s+you\s+(?:even\s+)?(?:listening|reading\s+(?:what\s+i|my))\b|\bdo\s+you\s+(?:even\s+)?read\s+(?:what\s+i|my)\b"
         r"|\b(?:wasn'?t|was)\s+i\s+(?:not\s+)?clear(?:\s+enough)?\s*(?:\?|$)|\bi\s+thought\s+i\s+was\s+(?:being\s+)?clear\b"
         r"|\bwhat\s+part\s+of\b[^?\n]{1,60}?\b(?:don'?t|didn'?t|do\s+not|did\s+not|did)\s+you\s+(?:not\s+)?(?:understand|get)\b",
         asked=True),
    # "you changed way too much", "don't make changes on your own": more than was asked, or unasked.
    rule(IV, "too-much", r"\byou\s+(?:changed|touched|rewrote|modified|edited|refactored|reformatted|deleted|removed)\s+(?:way\s+|far\s+|much\s+)?"
         r"too\s+(?:much|many)\b|\b(?:don'?t|do\s+not|stop)\s+(?:make|making|do|doing)\s+(?:changes|things|edits|stuff)\s+on\s+your\s+own\b"
         r"|\byou\s+(?:did|changed|decided)\s+(?:that|this|it)\s+on\s+your\s+own\b",
         unless=r"\b(?:if|whether|can|could|fine|ok|okay|good|great)\b"),
    # "that's not needed", "we don't need that wrapper" right after the agent added it.
    rule(IV, "not-needed-after-claim", r"^(?:(?:no+|nope|hm+|but|um+|ok|okay|honestly)[,.!\s]+){0,2}(?:that'?s|this\s+is|that\s+is|it'?s|those\s+are"
         r"|these\s+are)\s+(?:all\s+|really\s+|totally\s+|completely\s+)?(?:not\s+needed|unnecessary|unneeded|not\s+necessary|overkill)\s*[.!]*$"
         r"|^(?:(?:no+|nope|hm+|but|um+)[,.!\s]+){0,2}(?:we|i)\s+(?:don'?t|do\s+not)\s+need\s+(?:that|this|those|these|the|a|an|any)\s+"
         r"(?:[\w.`-]+\s+)?[\w.`-]+\s*[.!]*$|^(?:(?:no+|nope|but)[,.!\s]+){0,2}there'?s\s+no\s+need\s+for\s+(?:that|this|the|a|an|those|these)\b[^,;\n]{0,40}$",
         after_claim=True, not_an_answer=True),
    rule(IV, "asked-for-not", r"\bi\s+(?:asked|wanted)\s+(?:you\s+)?for\b|\bi\s+(?:said|specified|requested)\b"
         r"|\bi\s+(?:wanted|needed)\s+(?:a|an|the|one|only|just)\b",
         # "I asked for a draft PR, you opened a regular one"
         also=r",\s*not\s+\S|[,;—–-]\s*(?:but\s+|and\s+|yet\s+)?you(?:'ve|\s+have)?\s+(?:\w+\s+)?(?:opened|made|used|wrote|added|created|did|gave"
         r"|changed|built|picked|went|put|chose|deleted|removed|installed|pushed|committed)\b"),
    # "I said that twice now", "I asked for no comments", "even though I said make a new one"
    rule(IV, "said-before", _I_SAID + r"(?:\s+(?:that|this|it|so))?\s+(?:twice|already|(?:two|three|four|multiple|many"
         r"|several|\d+)\s+times)\b"
         # "I said that before." (not "I said earlier that performance matters": a reminder)
         r"|" + _I_SAID + r"\s+(?:that|this|it|so)\s+(?:before|earlier)\s*(?:[.,;!]|$)"
         r"|\bi\s+(?:asked|said)\s+(?:for\s+)?(?:no|zero)\s+[a-z]"
         r"|\b(?:even\s+though|although|despite\s+the\s+fact\s+that)\s+i\s+(?:said|told\s+you|asked|explicitly"
         r"|specifically|clearly)\b"),
    # "we agreed no new dependencies, and you added lodash"
    rule(IV, "agreed", r"\bwe\s+(?:agreed|decided|settled\s+on)\b",
         also=r"\byou\s+(?:\w+\s+)?(?:added|used|changed|removed|deleted|put|made|wrote|went|installed|created"
         r"|opened|touched|modified|introduced|renamed|kept|left|pushed|committed|switched|pulled|brought|imported"
         r"|upgraded|bumped|ran|reformatted)\b"),
    rule(IV, "keep-telling", r"\b(?:keep|kept)\s+(?:\w+\s+){0,2}(?:telling|saying|asking)(?:\s+you)?\b"
         r"|\bmy\s+instructions\s+(?:were|was|are|said)\b|\bnot\s+what\s+i\s+(?:instructed|specified)\b"
         r"|\binstead\s+of\s+(?:doing\s+)?what\s+i\s+(?:\w+\s+)?(?:asked|said|told|wanted|instructed)\b"),
    rule(IV, "instead-of-mine", r"\binstead\s+of\s+\w+ing\s+(?:the\s+|my\s+)?[^.?!]{0,40}?\bi\s+(?:provided|gave|asked|said|told|sent"
         r"|specified|attached|shared|pointed)\b", also=r"\byou\b"),
    # "NO, KEEP THAT ONE" right after the agent acted on it.
    rule(IV, "no-dont", r"^(?:no+|nope|stop|wait)\b[,.!\s]+(?:please\s+)?(?:don'?t|dont|do\s+not|never)\s+(?:\w+\s+)?"
         r"(?:remove|delete|change|touch|modify|edit|add|use|run|push|commit|install|create|rename|move|overwrite|revert|drop|do)\b",
         unless=r"\b(?:worry|bother|need\s+to|have\s+to)\b|\b(?:it'?s|that'?s|they'?re|is|are)\s+(?:fine|good|perfect|ok|okay)\b",
         report=True, not_an_answer=True),
    # The agent's choice replaced: "no, use pnpm instead", "nope, just use the existing helper", "just use the
    # stdlib instead". Words that answer a choice the agent made: typed after its work, or with no context
    # (they presuppose one); not after a known turn that did nothing, nor as the answer to its question.
    rule(IV, "no-use-instead", r"^(?![^\n]{0,80}\b(?:fine|judg\w+|simplest|best|prefer|as\s+before|for\s+now|first|if)\b)"
         r"(?:(?:no+|nope|nah)\b[,.!\s]+(?:no+\b[,.!\s]+)?(?:just\s+|please\s+|you\s+should\s+|we\s+should\s+)?"
         r"(?:use|switch\s+to)\s+(?!(?:it|them|that|your|whatever|what|the\s+same|the\s+current|the\s+defaults?|defaults|my\s+judg\w+)\b)[\w`'\"@./-]"
         r"|(?:just\s+|please\s+)?(?:use|switch\s+to|go\s+with)\s+[^.?!,;\n]{1,40}?\s+instead\s*[.!]*$)",
         report=True, not_an_answer=True),
    # "no, you can't delete that, it is still imported" right after the agent removed it.
    rule(IV, "shouldnt-after-claim", r"^(?![^\n]{0,120}\b(?:right|correct)\s*\?)(?:(?:but|no+|nope|hm+|wait)[,.!\s]+){1,2}(?:we|you)\s+(?:shouldn'?t|should\s+not|mustn'?t|must\s+not|can'?t|cannot)"
         r"\s+(?:just\s+)?(?:remove|delete|drop|change|touch|modify|rename|replace|break|rewrite|overwrite|skip|disable|hardcode)\b",
         after_claim=True, not_an_answer=True),
    # "don't touch the config!", "NO. don't delete it": a bare prohibition right after the agent acted.
    rule(IV, "dont-after-claim", r"^(?:(?:please|pls|no+|nope|stop)[,.!\s]+){0,2}(?:don'?t|do\s+not|never)\s+(?:ever\s+)?(?:delete|remove|touch|change"
         r"|modify|overwrite|drop|rewrite|revert|wipe|erase)\s+[^,.;:?!\n]{1,40}$",
         unless=r"\b(?:yet|until|before|unless|later|for\s+now|without|worry|bother|forget|first|again)\b", after_claim=True, not_an_answer=True),
    # "you deleted my changes!", "wait, you removed the tests": what the agent took away.
    rule(IV, "you-removed", r"^(?:(?:wait|hey|no+|nope|ugh|uh|um|dude|so|wtf|omg|bruh|man|seriously|whoa)[,.!\s]+){0,2}you(?:'ve|\s+have)?\s+(?:just\s+|also\s+)?(?:deleted|removed|overwrote"
         r"|overwritten|dropped|wiped|erased|lost|undid|thrown\s+away|threw\s+away)\s+(?:my|the|all|our|a|an|that|this|those|these|half|most|some)\b",
         unless=r"\b(?:as\s+(?:asked|requested|planned|agreed)|good|nice|great|thanks|thank|perfect|correct|right|fine|ok|okay|exactly|like\s+i\s+asked)\b",
         report=True, not_an_answer=True),
    # "don't delete that file", "don't use that library": a prohibition pointing at something already there.
    rule(IV, "dont-that", r"^(?:(?:please|pls|and|but|ok|okay|hey)[,.!\s]+){0,2}(?:don'?t|dont|do\s+not|never)\s+(?:ever\s+)?(?:delete|remove"
         r"|touch|change|modify|edit|use|rename|move|overwrite|drop|install|add|rewrite|revert|run|commit|push|import)\s+(?:that|this|those|these)\b"
         r"(?!\s+(?:way|kind|sort|often|much|again|for\s+now)\b)",
         unless=r"\b(?:it'?s|they'?re|that'?s|is|are)\s+(?:fine|good|perfect|great|ok|okay|correct|right)\b|\b(?:for\s+now|yet|later|until|unless)\b",
         report=True, not_an_answer=True),
    # "stop adding comments everywhere", "stop using globals": the agent is doing it. Opening the message (after
    # a complaint, "… Stop coding and tell me why" is said of the result it complains about).
    rule(IV, "stop-doing", r"^(?:(?:no+|nope|ugh|please|pls|just|ok|okay|and|but|seriously)[,.!\s]+){0,2}stop\s+(?!\w{0,20}thing\b|(?:worrying|being|apologi[sz]ing|thinking|overthinking|waiting|hesitating|asking|second-guessing)\b)\w{2,20}ing\b"
         r"(?![^.?!\n]{0,60}\b(?:when\s+you'?re\s+done|for\s+(?:now|today|a\s+(?:bit|moment|minute|second)))\b)",
         report=True, not_an_answer=True),
    # "you should have used the existing client", "you should've asked first".
    rule(IV, "should-have", r"\byou\s+(?:should'?ve|should\s+have|were\s+supposed\s+to\s+have)\s+(?:just\s+|simply\s+|first\s+)?(?:used|kept"
         r"|left|asked|followed|stuck|called|reused|read|checked\s+with\s+me|edited|extended|updated|modified|imported)\b"),
    # "you should use the logger", a whole short message: the agent picked something else.
    rule(IV, "you-should-use", r"^(?:(?:no+|nope|but)[,.!\s]+)?you\s+should(?:\s+(?:be|just))?\s+us(?:e|ing)\s+(?!(?:it|this|that|them)\b)"
         r"[^.?!,;\n]{1,40}[.!]*$",
         unless=r"\b(?:also|probably|maybe|later|eventually|might|could|too|everywhere|from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future)\b",
         report=True, not_an_answer=True),
    # Scope guardrails right after the agent's work: "leave the existing code alone", "only change the parser,
    # nothing else", "don't touch anything outside the importer".
    # "keep the function name", "no, keep the old signature" right after the agent renamed or reshaped it.
    rule(IV, "keep-the-name", r"^(?:(?:no+|nope|please|pls|but|wait|hey)[,.!\s]+){0,2}keep\s+(?:the\s+|its\s+|my\s+|our\s+)?(?:original\s+|old\s+|existing\s+"
         r"|current\s+|previous\s+)?(?:(?:function|method|class|file|column|field|variable|table|endpoint|command)\s+)?(?:name|names|signature|signatures)\b",
         unless=r"\b(?:short|shorter|consistent|descriptive|lowercase|uppercase|readable|for\s+now|if|when)\b", after_claim=True, not_an_answer=True),
    rule(IV, "scope-after-claim", r"^(?:(?:no+|nope|please|pls|and|just|ok|okay)[,.!\s]+){0,2}(?:leave\s+(?:the\s+|my\s+|our\s+)?(?:[\w.-]+\s+){0,3}?"
         r"(?:alone|untouched|as\s+(?:it\s+was|they\s+were))|only\s+(?:change|touch|modify|edit)\s+[^.?!;\n]{1,60}?\bnothing\s+else"
         r"|(?:don'?t|do\s+not)\s+(?:touch|change|modify|edit|refactor)\s+(?:anything\s+(?:else|outside|beyond|other\s+than)|(?:unrelated|other)\s+(?:code|files?)))\b",
         unless=r"\b(?:fine|good|perfect|for\s+now|later|might|may)\b", after_claim=True, not_an_answer=True),
    # "I said the blue one", "no, I said three columns" right after the agent's work.
    rule(IV, "i-said-x", r"^(?:(?:no+|nope|but|um+|uh+|dude|bro|again|again,?\s+)[,.!\s]+){0,2}i\s+(?:clearly\s+|literally\s+)?(?:said|specified)\s+"
         r"(?:the|a|an|only|just|\d+|one|two|three|four|five)\b(?:\s+[\w.-]+){0,4}\s*[.!]*$",
         unless=r"\b(?:i'?d|i\s+would|i'?ll|i\s+will|thanks|thank|please|earlier\s+that|before\s+that|in\s+the\s+(?:readme|docs|issue|pr|meeting|call))\b",
         after_claim=True, not_an_answer=True),
    # "I asked for a single function" right after the agent's work.
    rule(IV, "i-asked-for", r"^(?:(?:but|no+|nope|um+|uh+|hm+)[,.!\s]+){0,2}i\s+(?:only\s+|just\s+|specifically\s+|explicitly\s+)?"
         r"(?:asked\s+(?:you\s+)?for|requested)\s+(?:a|an|one|only|just|the)\b"
         r"(?:(?:\s+[\w.-]+){0,5}\s*[.!]*$|[^.?!\n]{0,60}?[,;—–-]\s*(?:not|but|you|instead)\b)",
         unless=r"\b(?:thanks|thank|perfect|great|exactly|good|nice)\b", after_claim=True, not_an_answer=True),
    # "why did you delete the fixtures?" right after the agent's work: it did what was not asked.
    rule(IV, "why-did-you", r"^(?![^\n]{0,150}\b(?:curious|wondering|out\s+of\s+interest)\b)(?:but\s+|so\s+|wait\s*,?\s*|hm+\s*,?\s*)?why\s+(?:did|would|have)\s+you\s+(?:\w+\s+)?(?:delete|deleted|remove|removed"
         r"|change|changed|modify|modified|rewrite|rewrote|rename|renamed|touch|touched|revert|reverted|replace|replaced|break|broke|drop"
         r"|dropped|overwrite|overwrote|add|added|install|installed|introduce|introduced)\b",
         after_claim=True, asked=True),
    # "why are you editing the tests?", "why are you still touching the config?"
    rule(IV, "why-are-you", r"^(?![^\n]{0,150}\b(?:curious|wondering|out\s+of\s+interest)\b)(?:but\s+|so\s+|wait\s*,?\s*|hm+\s*,?\s*)?why\s+(?:are|were)\s+you\s+(?:still\s+|now\s+|even\s+)?(?:editing|changing"
         r"|touching|deleting|removing|rewriting|modifying|reverting|replacing|renaming|dropping|overwriting)\b",
         after_claim=True, asked=True),
    # "revert that", "undo it", "put it back" right after the agent's work.
    rule(IV, "revert-that", r"^(?:(?:no|nope|ugh|please|pls|just|ok|okay)[,.!\s]+){0,2}(?:revert|undo|roll\s*back)\s+(?:it|that|this|these|those"
         r"|them|everything|all\s+of\s+(?:it|that)|your\s+(?:last\s+)?(?:change|changes|edit|edits|commit)|the\s+(?:last\s+)?(?:change|changes"
         r"|edit|edits))\b|^(?:(?:no|nope|ugh|please|pls|just|ok|okay)[,.!\s]+){0,2}put\s+(?:it|that|them|those|these|everything)\s+back\b"
         r"|^(?:(?:no|nope|ugh|please|pls|just|ok|okay)[,.!\s]+){0,2}(?:(?:roll|change|switch)\s+(?:it|that|this|them|those|these|everything)\s+back(?![^.?!\n]{0,60}\b(?:when|once|after|if|later|before)\b)"
         r"|go\s+back\s+to\s+(?:the\s+|your\s+)?(?:previous|old|original|last|earlier|first)\s+(?:version|one|code|state|behaviou?r"
         r"|implementation|design|layout|approach)(?!\s+of\b))\b",
         after_claim=True, not_an_answer=True),
    # "you did the reverse of what I said!", "that's the exact opposite of what I asked".
    rule(IV, "did-the-opposite", r"\byou(?:'ve|\s+have)?\s+(?:\w+\s+)?(?:did|done|made|implemented)\s+(?:exactly\s+)?the\s+(?:exact\s+)?opposite\b"
         r"|\b(?:that'?s|this\s+is|it'?s|it\s+is)\s+(?:exactly\s+)?the\s+(?:exact\s+)?opposite\s+of\s+what\s+i\b"),
    # "You are removing parseDate and the retry helper. Both have to stay.": what the agent is taking away, named.
    rule(IV, "you-are-removing", r"^(?:(?:wait|hey|no+|nope|but)[,.!\s]+){0,2}you(?:'re|\s+are)\s+(?:still\s+|now\s+|also\s+)?(?:deleting|removing"
         r"|dropping|overwriting|throwing\s+away|getting\s+rid\s+of)\s+(?!(?:it|them|the\s+old|unused|dead)\b)[\w`\"'.-]",
         unless=r"\b(?:good|great|nice|thanks|thank|perfect|correct|right|fine|ok|okay|as\s+(?:asked|planned|agreed)|which\s+is)\b|\?",
         report=True, not_an_answer=True),
    # "no no, instead of joining the parts just wrap it in backticks": the agent's way replaced right after its work.
    rule(IV, "no-instead-after-claim", r"^(?:no+|nope|nah)\b[,.!\s]+(?:no+\b[,.!\s]+)?instead\s+of\s+\S",
         unless=r"\b(?:fine|good|great|thanks|thank|either\s+way|up\s+to\s+you)\b", after_claim=True, not_an_answer=True),
    rule(IV, "ignored", r"\byou\s+(?:just\s+|completely\s+)?ignored\s+(?:my|the|what)\b"
         r"|\bagainst\s+(?:my|the)\s+(?:instructions?|rules?|guidelines)\b"),
    rule(IV, "without-asking", r"\bwithout\s+(?:asking|checking with me|my\s+(?:permission|approval|ok))\b",
         also=r"\b(?:did|went|deleted|removed|changed|pushed|committed|added|installed|modified"
         r"|renamed|rewrote|ran|made|dropped|merged|force-pushed)\b"),
    rule(P, "not-what-i-meant", r"\bnot\s+what\s+i\s+(?:meant|mean|was asking|had in mind|was saying)\b"),
    rule(P, "misunderstood", r"\byou(?:'ve|'re| have| are)?(?:\s+completely)?\s+(?:misunderstood"
         r"|misunderstanding|misread|misreading|misinterpreted|misinterpreting|mixed up|mixing up"
         r"|confused\s+\S+\s+with)\b"),
    # "wrong file" as a fragment or said of the agent; not "we deployed the wrong version".
    rule(P, "wrong-target", r"^(?:no|nope|wait)?[,.!\s]*(?:that'?s\s+|this\s+is\s+|it'?s\s+)?(?:the\s+)?wrong\s+"
         + _TARGET + r"\b|\byou(?:'re| are|'ve| have)?\s+(?:\S+\s+){0,3}?(?:the|a)\s+wrong\s+" + _TARGET
         + r"\b|\b(?:that|this|it)(?:'s| is| was)\s+the\s+wrong\s+" + _TARGET + r"\b"),
    rule(P, "doesnt-exist", r"\b(?:that|this|it|those|these|such)\s+(?:\S+\s+){0,2}?"
         r"(?:does\s*n[o']t|doesn'?t|do\s*n[o']t|don'?t)\s+exist\b(?!\s+yet)"
         r"|\b(?:that|this|it)(?:'s|\s+is)\s+not\s+(?:even\s+)?a\s+(?:real\s+)?thing\b|\b(?:that|this|it)\s+isn'?t\s+(?:even\s+)?a\s+(?:real\s+)?thing\b"
         r"|\bthere(?:'s| is| are)\s+no\s+(?:such\s+)?(?:\S+\s+)?(?:flag|option|function|method"
         r"|command|class|module|package|api|endpoint|field|column|table|setting|parameter"
         r"|argument|thing|feature|variable|file)\b(?!\s+as\b)(?![^.?!\n]{0,40}\byet\b)"
         # "routes.py has no such endpoint", "the API has no such field"
         r"|\b(?:has|have)\s+no\s+such\s+\w+",
         unless=r"\b(?:if|whether|unless|in\s+case|make\s+sure|ensure)\b"),
    # "pretty sure that one exists already" after the agent listed it as missing.
    # "I already tried that", "tried that already" right after the agent's work: what it suggests was tried
    # (with its failure said, a result: `tried-no-luck`).
    rule(P, "already-tried", r"\balready\s+tried\s+(?:that|this|it|those|these|both|them|all\s+of\s+(?:that|them|those))\b"
         r"|\btried\s+(?:that|this|it|those|these|both)\s+already\b",
         unless=r"\b(?:same|still|error|fails?|failed|failing|nothing|no\s+luck|didn'?t|doesn'?t|not)\b", after_claim=True, not_an_answer=True),
    rule(P, "already-have", r"\b(?:i|we)\s+(?:think\s+(?:i|we)\s+)?(?:already|laready|allready|alredy)\s+(?:have|had|did|do|implemented|implement"
         r"|added|created|installed|fixed|wrote|made|ran|built|handled|support)\w{0,2}\b"
         r"|\b(?:i|we)\s+(?:have|had|did)\s+(?:already|laready)\s+(?:\w+ed|done|this|that|it)\b",
         # (nor the user's own progress before the next request: "I already did the migration, now add the seeds")
         unless=r"\b(?:for\s+you|now\s+(?:run|try|do|continue|you|add|make|implement|create|write|build|update|change|let'?s|we|i)"
                r"|so\s+(?:you|now|just)|please|can\s+you|next|thanks|thank|too|go\s+ahead|proceed|continue)\b"
                # (nor what the user holds for the work: "I already have the keys")
                r"|\b(?:have|had)\s+(?:the\s+|an?\s+|my\s+|our\s+)?(?:api\s+)?(?:keys?|tokens?|credentials|access|accounts?|permissions?|passwords?|licen[cs]es?)\b",
         after_claim=True, not_an_answer=True),
    # "my question was whether it compiles, not whether it's pretty"; "who talked about X?"
    rule(P, "not-my-question", r"\bi\s+(?:didn'?t|did\s+not|didnt|never)\s+ask\s+(?:if|whether|about|how|what|why|you\s+(?:if|whether|about|how|what))\b"
         r"|\bwho\s+(?:the\s+\w+\s+)?(?:talked|said\s+anything|was\s+talking|is\s+talking|mentioned\s+anything)\s+about\b"
         r"|\bi(?:'?m|\s+am)\s+(?:talking|asking)\s+about\s+(?:the\s+)?\w+"
         r"|\bi\s+was\s+(?:talking|asking)\s+about\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,3},?\s+not\b(?!\s+(?:sure|yet|now|really|quite)\b)",
         also=r"\b(?:not|didn'?t|didnt|never|who|asking\s+you|talking\s+about)\b", asked=True),
    rule(P, "where-from", r"\bwhere\s+did\s+you\s+(?:see|get|find|read|take)\s+(?:that|this|it|those|these)\b"
         r"|\bwhere\s+did\s+(?:that|this|it|those|these|\"\")\s+(?:\w+\s+)?come\s+from\b"
         r"|\bwhere\s+do\s+you\s+see\s+(?:that|this|it|those|these)\b"
         r"|\b(?:doesn'?t|does\s+not|don'?t|do\s+not)\s+exist\s+(?:here|in\s+(?:this|our|the|my))\b",
         asked=True, after_claim=True),
    # "No, we don't support that", "no, that table was dropped last year": a fact set against the agent's.
    rule(P, "no-then-fact", r"^(?:no+|nope|nah)\b[,.!\s]+(?:no+\b[,.!\s]+)?(?:we|i|it|that|this|these|those|there|the|you|they)\b"
         r"[^.?!]{0,80}?\b(?:don'?t|doesn'?t|do\s+not|does\s+not|isn'?t|aren'?t|wasn'?t|weren'?t|not|never|no|were|was|already|only|just)\b"
         r"|^(?:no+|nope)\b[,.!\s]+(?:we|it|the\s+[\w.-]+|that|this|they)(?:\s+(?:use|uses|is|are|was|lives?|runs?|sits?)|'s|'re)\b"
         r"(?!\s+(?:fine|ok|okay|good|better|right|correct|great|perfect))",
         unless=r"\b(?:thanks|thank|fine|worries|problem|rush|need\s+to|that'?s\s+(?:fine|ok|okay|good|all|it)|let'?s|please|can\s+you"
         r"|instead|go\s+ahead|later|next|need|want|think\s+so|i\s+don'?t\s+think|not\s+(?:now|yet|needed|necessary)|leave\s+it"
         r"|keep\s+it|skip|enough|sufficient|exactly)\b|\b(?:don'?t|do\s+not|doesn'?t)\s+(?:have|need)\s+to\b", after_claim=True, not_an_answer=True),
    rule(P, "only-wanted", r"\bi\s+(?:wasn'?t|was\s+not)\s+(?:going|planning|trying|asking)\s+to\b"
         r"|\bi\s+(?:only|just)\s+(?:wanted|meant|asked)\s+(?:you\s+)?(?:to|for)\b",
         unless=r"\b(?:thanks|thank|say|let\s+you\s+know|check\s+(?:in|if))\b", after_claim=True),
    # The agent said it cannot: "you have access", "you can push straight to it, I'm a maintainer".
    # "the table is called `customers`, not `users`", "the staging db is postgres 12, not 15": a fact set against
    # the agent's right after its work.
    rule(P, "is-x-not-y", r"\b(?:is|are|was|were|runs|uses|lives|sits|listens)\s+(?:called\s+|named\s+|spelled\s+|actually\s+)?(?:(?:in|under|on|at|from)\s+)?(?:the\s+)?"
         r"[\w`'\"./:-]+(?:\s+[\w`'\"./:-]+){0,2}?,?\s+(?:and\s+)?not\s+(?!(?:only|just|sure|yet|now|really|quite|so|too|very|that|even|a\s+lot|much|always|all|enough"
         r"|a\s+single|one|once|bad|urgent|needed|necessary|important|broken|failing|slow|anymore|it|there|here|what|how|right|correct"
         r"|working|done|ready|fixed|true|the\s+case)\b)"
         r"(?:(?:in|under|on|at|from)\s+)?(?:the\s+)?[\w`'\"./:-]+(?:\s+[\w`'\"./:-]+){0,2}?\s*(?:[.,;!]|$|\bso\b)",
         # ("I think it's the runner, not the code": the user's own guess, a hypothesis to look into)
         unless=r"\b(?:if|whether|should|please|prefer|rather|goal|point|idea|priority|aim|focus|want|need)\b"
         r"|" + _HEDGE,
         after_claim=True, not_an_answer=True),
    # "we don't use redis", "we never run it on Windows" right after the agent's work built on it.
    rule(P, "we-dont-use", r"\b(?:we|i)\s+(?:don'?t|do\s+not|never|no\s+longer)\s+(?:even\s+)?(?:use|run|deploy\s+(?:to|on)|target|support)\s+(?!it\b|that\b|this\b|them\b)[\w`\"]",
         unless=r"\b(?:anymore|any\s+more|delete|remove|drop|migrate|so\s+(?:let'?s|please|can|could)|if|whether|yet)\b",
         after_claim=True, not_an_answer=True),
    rule(P, "you-can", r"^(?:but\s+)?you\s+(?:do\s+)?(?:have|got)\s+(?:the\s+)?(?:access|permission|permissions|rights)\b"
         r"|^no\s+need\s+to\s+\w+(?:\s+\w+)?[,.!]?\s+(?:i|we)\s+(?:have|already|can|own)\b",
         unless=r"\bnow\b|\bi(?:'ve|\s+have)?\s+(?:just\s+)?(?:gave|given|granted|added|set\s+up)\b", after_claim=True, not_an_answer=True),
    rule(P, "dont-think-you-can", r"\bi\s+don'?t\s+think\s+(?:you|we)\s+(?:can|could|need|should|have\s+to)\b",
         unless=r"\b(?:if|whether|anything\s+else|more)\b", after_claim=True, not_an_answer=True),
    # "You're editing the vendored copy", "you're looking at the old config": the wrong thing worked on.
    rule(P, "wrong-copy", r"\byou(?:'re|\s+are|\s+were)\s+(?:still\s+|now\s+)?(?:editing|changing|modifying|looking\s+at|reading|patching|testing"
         r"|running|fixing)\s+(?:the\s+|a\s+)?(?:wrong|old|vendored|generated|compiled|built|cached|copied|legacy|deprecated|outdated|stale|minified)\b"),
    rule(P, "you-are-wrong", r"\byou(?:'re|\s+are|\s+were)\s+(?:still\s+|completely\s+|totally\s+|just\s+|simply\s+|dead\s+)?(?:wrong|mistaken"
         r"|incorrect)\b"
         r"|\byou(?:'ve)?\s+(?:got|have|had)\s+(?:that|it|this|those|these|them|the\s+[\w.-]+)\s+(?:all\s+|completely\s+|totally\s+)?"
         r"(?:wrong|backwards|mixed\s+up|confused|reversed)\b"),
    # "I meant the other config file", "no, what I meant was the staging server": the agent took the request
    # another way. Typed after its work or with no context; "sorry, I meant …" (the user's slip) is excluded.
    rule(P, "i-meant", r"^(?:(?:no+|nope|nah|wait|actually|hmm+|um+|well|but)[,.!\s]+){0,2}(?:what\s+)?i\s+(?:meant|mean)\b"
         r"(?!\s*,|\s+(?:to|it|that|yes|no|ok|okay|sure|well|like)\b|\s+by\b)",
         report=True, not_an_answer=True),
    # "you understood something wrong", "you got me wrong".
    rule(P, "understood-wrong", r"\byou(?:'ve|\s+have)?\s+(?:\w+\s+)?understood\s+(?:\w+\s+){0,2}?(?:wrong|wrongly|incorrectly)\b"
         r"|\byou\s+(?:got|understood|took)\s+(?:me|it|that|this)\s+(?:all\s+)?wrong\b", after_claim=True),
    # "the right module should be lib/y.py", "the right path is …" right after the agent named another.
    rule(P, "correct-one-is", r"^(?:(?:no+|nope|actually|but|wait|hmm+)[,.!\s]+){0,2}(?:the\s+)?(?:correct|right|actual|real|proper)\s+"
         + _TARGET + r"\s+(?:_?should_?\s+be|is|would\s+be)\b",
         unless=r"\b(?:if|whether|which|what|thanks|thank|good|great|perfect|nice|now)\b", after_claim=True, not_an_answer=True),
    rule(P, "made-up", r"\byou\s+(?:just\s+)?(?:made|make)\s+(?:that|it|this|those|these|them)\s+up\b"
         r"|\bhallucinat(?:ed|ing|ion)\b"),
    rule(P, "assumed", r"\byou\s+(?:wrongly\s+|incorrectly\s+)?assum(?:ed|ing)\b"
         r"|\bwrong\s+assumption\b"),
    # "you're assuming X, but …": a plain "you're assuming the happy path" is not said to be wrong.
    rule(P, "assuming-but", r"\byou(?:'re| are)\s+(?:still\s+|just\s+)?assuming\b",
         also=r"\b(?:but|actually|wrong|not|isn'?t|aren'?t|doesn'?t|don'?t)\b|,\s*(?:it'?s|we\s+use|we'?re\s+(?:on|using))\b"),
    # "the issue isn't the timeout, it's the retry logic"
    rule(P, "issue-isnt", r"\b(?:issue|problem|bug|cause|culprit)\s+(?:isn'?t|is\s+not|wasn'?t|was\s+not)\s+(?:the|in"
         r"|with|a|an|from|caused)\b", also=r"\bit'?s\b|\bit\s+is\b|\bbut\b|\bactually\b"),
    # "not the frontend — the bug is server-side"
    rule(P, "not-x-dash", r"^(?:no[,.!]?\s+)?not\s+(?:(?:the|in|on|a|an|from)\s+[\w./~`-]+(?:\s+[\w./~`-]+){0,3}|`[^`\n]{1,40}`)\s*"
         r"(?:—|–|-|;|,)\s*(?:the|it'?s|its|it|that'?s|this|we|i)\b"),
    # "this repo doesn't use Jest, it's vitest"
    rule(P, "doesnt-use", r"\b(?:we|this\s+(?:repo|project|codebase|app)|the\s+(?:repo|project|codebase|app))\s+"
         r"(?:don'?t|doesn'?t|do\s+not|does\s+not|never)\s+use\b",
         also=r",\s*(?:it'?s|we\s+use|we'?re|it\s+uses)\b|\bwe\s+use\b"),
    # "actually it's in src/lib", "actually the endpoint only takes ids": a fact set against what the agent just did
    # or said. Not a change of plan ("actually, let's …"), a request, or good news ("actually it works").
    rule(P, "actually-fact", r"^(?:but\s+|well\s+|hm+\s*,?\s*)?(?:actually|actualy|acatually|acutally|actully)[,\s]+(?:it|that|this|they|we|there"
         r"|the\s+[\w.-]+)(?:'s|'re|\s+(?:is|are|was|were|uses|use|lives|runs|has|have|had|showed|shows|does\s*n[o']t|doesn'?t|don'?t|isn'?t"
         r"|aren'?t|wasn'?t|weren'?t|never|only|always|already|still))\b(?!\s+(?:to|one|more|another|got\s+to|been)\b)",
         unless=r"\b(?:works?|working|worked|fine|good|great|better|perfect|nice|correct|right|let'?s|can\s+you|could\s+you|please|i'?ll|we\s+should"
         r"|want|need|needs|also|thanks|thank|makes\s+sense|ok|okay|add|more|by\s+\w+day|deadline|too)\b", after_claim=True, not_an_answer=True),
    # "that's not true", "not true, it was already there": what the agent said, denied.
    rule(P, "not-true", r"\b(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:just\s+|simply\s+)?not\s+(?:true|accurate|the\s+case)\b"
         r"|\b(?:that|this|it)\s+(?:isn'?t|wasn'?t)\s+(?:true|accurate|the\s+case)\b|^(?:(?:no+|nope|but)[,.!\s]+)?not\s+true\b",
         unless=r"\b(?:if|whether|unless|in\s+case|let'?s|for\s+now)\b|\bbut\s+(?:fine|ok|okay|true|right|good)\b", report=True, not_an_answer=True),
    # "it was already there before", "that's already done", "this was already working before your change".
    rule(P, "already-there", r"^(?![^\n]{0,200}\b(?:good|great|nice|thanks|thank|skip|kept|keep|so\s+(?:just|we|you)|by\s+the\s+ci|perfect|fine|wow|fast"
         r"|quick|impressive|awesome|then)\b)[^\n]{0,120}?\b(?:it|this|that|they|those|these)(?:'s|'re|\s+is|\s+was|\s+were|\s+are)\s+already\s+(?:there"
         r"|done|working|implemented|in\s+place|handled|fixed|set(?:\s+up)?|installed|added|present|included|supported|configured)\b(?!\s*\?)",
         after_claim=True, not_an_answer=True),
    # "that's not in the file", "the file is not there", "there's no tsconfig in this repo", "it's not a react project",
    # "we're not on aws": the situation the agent worked from, denied.
    rule(P, "not-there-after-claim", r"\b(?:that|this|it|they)(?:'s|'re|\s+is|\s+are)\s+not\s+(?:in\s+(?:the|this|that|our|my)\s+(?:file|repo|repository|folder"
         r"|directory|codebase|schema|config|module|package|project|branch|db|database|table|code)\b|(?:there|here)(?:\s+(?:at\s+all|anymore))?\s*(?:[.!,]|$))"
         r"|\bthe\s+[\w.-]+\s+(?:is|are)\s+not\s+there(?:\s+(?:at\s+all|anymore))?\s*(?:[.!,]|$)"
         r"|\b(?:isn'?t|aren'?t)\s+(?:even\s+)?there(?:\s+(?:at\s+all|anymore))?\s*(?:[.!,]|$)"
         r"|\bthere(?:'s|\s+is)\s+no\s+[\w.-]+\s+in\s+(?:this|the|our|my)\s+(?:repo|repository|project|file|codebase|folder|directory|schema|db|database)\b"
         r"|\b(?:it'?s|this\s+is|that'?s)\s+not\s+(?:a|an)\s+[\w.-]+\s+(?:project|app|repo|codebase|library|package|site|service)\b"
         r"|\bwe(?:'re|\s+are)\s+not\s+(?:using\s+|on\s+(?!(?:a|an|the|any|schedule|track|time|it)\b))[\w.-]+",
         unless=r"\b(?:yet|create|add|make|write|start|please|anymore\s+so|if|whether|skip|ignore|no\s+need)\b", after_claim=True, not_an_answer=True),
    # "we don't use redux" right after the agent used it.
    rule(P, "dont-use-after-claim", r"^(?:(?:but|no+|nope|um+|uh+)[,.!\s]+){0,2}(?:we|i|this\s+(?:repo|project|app|codebase))\s+(?:don'?t|dont|doesn'?t"
         r"|do\s+not|does\s+not|never)\s+use\s+[\w.@/`'-]+(?:\s+[\w.@/`'-]+)?\s*[.!]*$", after_claim=True, not_an_answer=True),
    # "that's not the problem", "nope, that's not the issue": what the agent took for the cause.
    rule(P, "not-the-problem", r"^(?:(?:no+|nope|nah|but|hm+)[,.!\s]+){0,2}(?:that'?s|that\s+is|this\s+is|it'?s|that\s+was|it\s+was|this\s+was)"
         r"\s+not\s+(?:the|my|our)\s+(?:problem|issue|cause|bug|question)\b(?!\s+(?:i|we)\b)|^(?:(?:no+|nope|nah|but)[,.!\s]+){0,2}(?:that|this|it)\s+"
         r"(?:isn'?t|wasn'?t)\s+(?:the|my|our)\s+(?:problem|issue|cause|bug|question)\b(?!\s+(?:i|we)\b)",
         unless=r"\b(?:good\s+catch|thanks|thank\s+you|nice|great)\b", report=True, not_an_answer=True),
    # "I'm not sure I was clear: …", "let me rephrase", "what I want is …" right after the work: it took the request another way.
    rule(P, "restated-after-claim", r"\b(?:i'?m\s+not\s+sure\s+i\s+was\s+clear|(?:maybe\s+|perhaps\s+)?i\s+(?:wasn'?t|was\s+not|haven'?t\s+been)\s+clear"
         r"|let\s+me\s+(?:rephrase|re-?explain|be\s+(?:more\s+)?clear(?:er)?)|what\s+i\s+(?:wanted|needed|meant|asked\s+for)\s+was"
         r"|what\s+i\s+(?:actually|really)\s+(?:want|wanted|need|needed|mean|meant)\s+(?:is|was))\b",
         unless=r"\b(?:next|thanks|thank\s+you|it\s+does|it\s+works|perfect|great|exactly|nice|good)\b|\bclear\s+(?:earlier\s+)?about\b",
         after_claim=True, not_an_answer=True),
    rule(P, "x-not-y", r",\s*not\s+(?!(?:now|yet|today|really|quite|sure|bad|needed|necessary|important|urgent|anymore)\b)"
         r"(?:in\s+|on\s+|at\s+|from\s+|the\s+|a\s+|an\s+)?[\w~./`'\"-]", unless=r"\bthis\s+time\b|" + _HEDGE,
         also=r"^(?:no|nope|actually|wait)\b|\b(?:it'?s|it is|that'?s|that is|this is|lives|is in"
         r"|are in|located|should be|meant|it was)\b"),
    # Right after the work, the setup put right: "we're on React 18, not 17", "we use pnpm, not npm" (at the
    # start of a task the same words describe the setup).
    rule(P, "setup-not-y-after-claim", r"\b(?:we'?re|we\s+are|i'?m|i\s+am)\s+(?:on|using|running)\b[^.?!\n]{1,40}?,\s*not\s+[\w~./`'\"-]"
         r"|\b(?:we|i)\s+(?:use|run|target|deploy\s+to)\b[^.?!\n]{1,40}?,\s*not\s+[\w~./`'\"-]",
         unless=r"\b(?:if|whether|should|not\s+(?:sure|yet|really|anymore))\b", after_claim=True),
    # (not "not just the button but the links too": not only X, Y as well, which denies nothing)
    rule(P, "not-x-but-y", r"^(?:no[,.!]?\s+)?not\s+(?!(?:just|only|merely|simply|quite|sure|necessarily)\b)(?:as\s+|in\s+|the\s+|a\s+|an\s+|on\s+)?"
         r"[\w./~-]+(?:\s+[\w./~-]+){0,3},?\s+but\b(?!\s+also\b)", unless=r"\b(?:as\s+well|too)\b"),
    # "that's the old component, we use NewHeader now"
    rule(P, "old-one", r"^(?:that'?s|this\s+is|it'?s|you'?re\s+(?:using|editing|looking\s+at))\s+the\s+(?:old|outdated"
         r"|deprecated|legacy|previous)\b", also=r"\bwe\s+(?:use|switched|moved)\b|\bnow\b|\binstead\b|\bnew\b"),
    rule(P, "outdated", r"^(?:no|nope|wait|actually)[,.!]?\s+(?:that'?s|it'?s|this is|that is)\s+(?:the\s+|an\s+|a\s+)?"
         r"(?:old|outdated|deprecated|previous|legacy|obsolete)\b"),
    rule(P, "no-i-meant", r"^(?:no|nope)[,.!]?\s+(?:i|we)\s+(?:meant|mean|wanted|need"
         r"|needed)\b|^(?:actually|wait)[,.!]?\s+(?:i|we)\s+(?:meant|mean)\b", unless=r"\b(?:meant|mean)\s+(?:yes|no|ok|okay|sure|go\s+ahead)\b"),
    # "no, it should return a list", "nope, the total has to include tax": the result set against what it should be.
    # "you said all call sites were updated, but billing still calls the old one": the claim set against the result.
    rule(R, "you-said-but", r"\byou\s+(?:said|claimed|told\s+me|promised|wrote)\b",
         also=r"\bbut\b[^.?!\n]{0,60}?\b(?:still|isn'?t|aren'?t|doesn'?t|don'?t|didn'?t|wasn'?t|weren'?t|not|never|fails?|failing|crash\w{0,3}"
         r"|broken|missing)\b|\s[—–]\s[^.?!\n]{0,80}?\bstill\b",
         unless=r"\b(?:i'?d\s+rather|prefer|instead|let'?s|if|whether|maybe|might|agree|right)\b"),
    # "it compiles but crashes on startup", "tests pass but the page is blank now".
    # "too technical, these are for end users", "way too long." opening the message right after the work: the
    # result judged, not a task.
    rule(R, "too-much-after-claim", r"^(?:(?:hmm+|ugh|no+|nope|it'?s|this\s+is|that'?s|way|far|much|a\s+bit|still)[,.!\s]+){0,3}too\s+(?:long|verbose|much"
         r"|technical|complicated|complex|wordy|big|many|formal|vague|generic|abstract|broad)\s*(?:[.,;:!]|$)",
         unless=r"\b(?:if|whether|later|for\s+now|thanks|thank|fine|ok|okay|no\s+problem)\b", after_claim=True, not_an_answer=True),
    rule(R, "works-but-fails", r"\b(?:it|this|that|the\s+[\w.-]+|tests?|build|ci)\s+(?:now\s+|still\s+)?(?:compiles|builds|runs|works|passes|pass|starts|loads"
         r"|deploys)\b[^.?!\n]{0,20}?\bbut\b[^.?!\n]{0,60}?\b(?:crash(?:es)?|fails?|breaks|hangs|errors?\s+out|throws|blank|broken"
         r"|(?:doesn'?t|does\s+not|won'?t|can'?t)\s+(?:work|show|load|render|save|start|run|open|display))\b",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|expected|which\s+is\s+(?:fine|ok|okay|expected))\b"),
    rule(R, "no-it-should", r"^(?:no+|nope|nah)\b[,.!\s]+(?:it|that|this|they|these|those|the\s+[\w.-]+)\s+(?:should|needs?\s+to|has\s+to"
         r"|have\s+to|must|is\s+supposed\s+to)\s+(?!(?:be\s+)?(?:fine|ok|okay|good|work|stay|remain)\b)\w",
         not_an_answer=True),
    rule(R, "same-again", r"^(?:(?:nope|no)[,.!]?\s+)?(?:the\s+)?same\s+(?:error|bug|problem|issue|result|failure"
         r"|exception|output|behaviou?r|crash|message|stack\s*trace|panic|traceback|warning|segfault)\b"
         # "same thing for the invoices page": likewise, a new task
         r"|^(?:(?:nope|no)[,.!]?\s+)?(?:the\s+)?same\s+thing\b(?!\s+(?:for|with|on|in|to|as|here\s+for)\b)"
         r"|^(?:nope|nah)\b[^?]*\bstill\b"
         r"|^(?:(?:nope|no)[,.!]?\s+)?(?:it\s+|that\s+|this\s+)?(?:didn'?t|did\s+not)\s+work\b"
         r"|^(?:nope|no)[,.!]?\s+(?:it\s+)?(?:doesn'?t|does\s+not)\s+work\b"
         r"|\bstill\s+(?:getting|seeing|throwing|hitting|timing\s+out)\b"),
    # Right after the agent claimed a fix: "no change", "same", "nothing happens" report its result.
    rule(R, "no-change-after-claim", r"^(?:(?:nope|no|hmm+|still|but|unfortunately|sadly)[,.!\s]+){0,2}"
         r"(?:no\s+(?:change|difference|effect|luck)|nothing\s+(?:has\s+)?(?:changed|happens|happened)"
         r"|(?:(?:it'?s|it\s+is|that'?s)\s+)?(?:still\s+)?(?:the\s+)?same(?:\s+(?:here|again|as\s+before|thing|result|issue|problem|error))?\s*(?:[.!]|$)"
         r"|(?:it\s+)?(?:doesn'?t|does\s+not|didn'?t|did\s+not)\s+(?:work|help|change\s+anything)"
         r"|not\s+(?:working|fixed)|still\s+(?:not|no|happening|there)\b|still\s+the\s+same\s*(?:[.!,]|$))(?![a-z])",
         unless=r"\bnothing\s+(?:has\s+)?changed\s+(?:on|at|in|from)\s+my\b|\bplease\b|\bno\s+changes?\s+(?:to|needed|required|necessary)\b",
         after_claim=True),
    # After a claimed fix, a plain report of failure is about its result: "webpack didn't build",
    # "the page stays blank since then", "the icons don't show". Not an instruction ("make sure it
    # doesn't …"), not a wish ("it should not …").
    # Praise, then the problem: "very nice, except it strips the tags", "just one small thing: …".
    rule(R, "except-after-claim", r"\b(?:good|great|nice|better|fine|works?|working|amazing|perfect|ok|okay|well|improvements?)\b[^.?!]{0,60}?"
         r"\b(?:except|besides|apart\s+from|only|just|but)\s+(?:that\s+|for\s+)?(?:i|it|the|you|there|they|this|that|when|a|an|one|little|small)\b"
         # … not "that is not a problem here" (a denial)
         r"|(?<!not\s)(?<!n't\s)\b(?:only|one|(?<!there's\s)(?<!there\sis\s)a(?=\s+(?:small|little|minor|slight|tiny|last|remaining|single|couple)\b)|little|small|minor|slight|tiny|remaining|last)\s+(?:\w+\s+)?(?:issues?|snags?|problems?|glitch(?:es)?|bugs?|nits?)"
         r"(?:\s+(?:still|left|remaining|remain|though))?\s*(?:is\b|are\b|:|with\b|in\b|still\b|as\b|here\b|remain)",
         also=r"\b(?:issues?|snags?|problems?|glitch(?:es)?|bugs?|except|not|no|never|don'?t|doesn'?t|isn'?t|still|wrong|missing|extra|extraneous)\b",
         unless=r"\b(?:if(?!\s+you\s+(?:can|could)\b)|whether|add|also\s+add|implement|next|new\s+feature|unrelated|ignore|separate|later"
         r"|i'?ll|i\s+will|my\s+own|on\s+my\s+(?:side|end)|designers?|client|clients|qa|pm|(?:backend|frontend|other|ops)\s+team|vendor|handles)\b"
         r"|\bstill\s+early\b|\blet'?s\s+(?:wait|see)\b",
         after_claim=True),
    # What appeared and should not have: "that banner shouldn't be there", "it added an unnecessary `_config`".
    rule(R, "unwanted-after-claim", r"\bshould\s+(?:not|n't)\s+(?:appear|be\s+there|show\s+up|be\s+(?:shown|printed|displayed|added))\b"
         r"|\b(?:added|adds|adding|there'?s|there\s+is|there\s+are|has|have|got|getting|shows?|showing|prints?|printing)\s+"
         r"(?:an?\s+|some\s+|two\s+)?(?:\w+\s+)?(?:unnecessary|unneccesary|unneeded|extra|extraneous|redundant|duplicated?|spurious|stray)\b",
         unless=r"\b(?:if|whether|make\s+sure|ensure|add\s+an?\s+extra|please)\b", after_claim=True),
    rule(R, "no-better", r"\bback\s+to\s+(?:the|a|an|our)\s+(?:previous|same|old|original|earlier)\s+(?:error|issue|problem|bug|state|behaviou?r)\b"
         r"|\b(?:doesn'?t|does\s+not|didn'?t|did\s+not)\s+(?:look|seem|work)\s+any\s+better\b|\bnot\s+any\s+better\b"
         r"|\bsame\s+(?:bug|error|issue|problem)\s+again\b|\bagain\w*\s+(?:the\s+)?same\s+(?:bug|error|issue|problem)\b"
         r"|\b(?:right|properly|correctly)\s+this\s+time\b|\bnothing\s+(?:is\s+)?chang\w{1,3}\s+(?:with|after|at\s+all)\b"),
    # "lint fails", "the tests still fail", "it returns 0 rows", "now it's worse", "shows the id instead of the name".
    rule(R, "fails-now-after-claim", r"\b(?:tests?|specs?|build|builds|ci|lint|linter|linting|mypy|tsc|typecheck\w{0,3}|compil\w{1,6}|deploy\w{0,4}"
         r"|install\w{0,3}|migrations?|it|this|that|the\s+(?:app|page|server|script|command|job|pipeline|workflow|endpoint|request|query"
         r"|import|upload|login|form|button|function|check|suite))\s+(?:still\s+|now\s+|also\s+|just\s+)?(?:fails?|failed|failing|is\s+failing"
         r"|are\s+failing|(?:is|are)\s+(?:still\s+|now\s+|all\s+)?red|went\s+red|turned\s+red|errors?\s+out|errored|crash(?:es|ed)?|hangs|hung|times\s+out|timed\s+out)\b",
         unless=r"\b(?:if|whether|make\s+sure|ensure|should|expected|so\s+that|until|before|to\s+see|why|known|flaky|already|upstream"
         r"|on\s+main|let\s+me|i'?ll|add|last\s+(?:night|week|time|month)|yesterday|sometimes|occasionally|intermittent\w{0,3}|randomly)\b",
         after_claim=True),
    # "Now the tests for auth fail", "now the login page fails to load": a leading "now" and a longer subject.
    rule(R, "now-fails-after-claim", r"^(?:(?:but|and|ok|okay|hmm+|well)[,.!\s]+)?now\s*,?\s+(?:the\s+|my\s+|our\s+|all\s+(?:the\s+)?)?(?:[\w./-]+\s+){1,4}?"
         r"(?:fails?|failing|is\s+failing|are\s+failing|crash(?:es|ed)?|breaks|broke|hangs|times\s+out|errors?\s+out|fails\s+to\s+\w+)\b(?!\s+over\b)",
         unless=r"\b(?:if|whether|make|ensure|should|so\s+that|until|gracefully|loudly|early|fast|let\s+me|i'?ll|add|test\s+that"
         r"|correctly|properly|as\s+expected|great|good|nice|perfect)\b", after_claim=True),
    rule(R, "returns-nothing-after-claim", r"\b(?:returns?|returned|returning|gives?|gave|giving|shows?|showed|showing|displays?|prints?"
         r"|printed|outputs?)\s+(?:only\s+|just\s+|still\s+)?(?:0|zero|nothing|null|none|undefined|nan|an?\s+empty|empty|no\s+(?:rows|results"
         r"|data|output)|404|500|an?\s+(?:404|500|blank|white))\b"
         r"|\b(?:i\s+(?:get|see)|(?:it'?s|it\s+is)\s+(?:just\s+)?(?:an?\s+)?|still\s+(?:an?\s+)?)(?:blank|empty|white)\s+(?:page|screen)\b"
         r"|\b(?:does|did)\s+nothing\b|\b(?:doesn'?t|does\s+not|didn'?t|did\s+not)\s+do\s+anything\b",
         unless=r"\b(?:if|whether|should|when|make\s+sure|ensure|expected|instead\s+of|yet)\b"
         r"|^(?:make|have|let)\s+(?:it|them|this|that)\b|^(?:throw|raise|return|show|print|give|display|output)\b", after_claim=True),
    rule(R, "worse-after-claim", r"\b(?:it'?s|that'?s|this\s+is|it\s+is|now\s+it'?s|now)\s+(?:even\s+|much\s+|way\s+)?worse\b", after_claim=True),
    rule(R, "instead-after-claim", r"\b(?:shows?|showing|displays?|displaying|prints?|printing|returns?|returning|renders?|rendering|outputs?"
         r"|opens?|opening|gives?|giving|generates?|generating|creates?|creating)\b[^.?!]{0,60}?\binstead\s+of\b",
         unless=r"\b(?:should|make\s+sure|please|can\s+you|could\s+you|want|let'?s|if|would)\b|^(?:show|display|print|return|render|output"
         r"|open|give|generate|create|throw|raise)\b|^(?:make|have|let)\s+(?:it|them|this|that)\b", after_claim=True),
    # "now the sidebar is gone", "it keeps crashing"; not "the error is gone".
    rule(R, "gone-after-claim", r"\b(?:is|are|has|have)\s+(?:now\s+|also\s+|completely\s+)?(?:gone|disappeared|vanished)\b"
         r"|\b(?:disappeared|vanished)\s+(?:now|again|completely|entirely)\b"
         r"|\b(?:it|this|that|they|the\s+[\w.-]+)\s+(?:still\s+|now\s+)?keeps?\s+(?:on\s+)?(?:failing|crashing|happening|showing|popping|throwing"
         r"|returning|timing\s+out|reloading|restarting|looping|breaking|erroring|freezing|hanging)\b",
         unless=r"\b(?:errors?|warnings?|bugs?|issues?|problems?|crash(?:es)?|flicker\w{0,3}|lag|delay|spinner|duplicates?|noise|glitch\w{0,2}"
         r"|if|whether|should|make\s+sure|ensure|when|good|great|nice|perfect|thanks)\b", after_claim=True),
    rule(R, "fails-after-claim", r"\b(?:didn'?t|did\s+not|doesn'?t|does\s+not|don'?t|do\s+not|isn'?t|is\s+not|aren'?t"
         r"|are\s+not|wasn'?t|won'?t|can'?t|cannot|never|not)\s+(?:seem\s+to\s+|really\s+|actually\s+|even\s+)?"
         r"(?:" + _STATE_SOUGHT + r"|work|works|working|build|builds|building|compile|compiling|run|running|start|starting|load|loading"
         r"|render|rendering|show|showing|shown|display|displaying|displayed|fixed|fix|help|behav\w{1,4}"
         r"|resolved|solve|appear|appearing|produc\w{1,4}|extract\w{0,4}|exit|update|updating|updated|scroll|scrolling"
         r"|respond|responding|connect|connecting|save|saving|saved|pass|passing|look\s+any\s+better|any\s+better|open|opening|close"
         r"|closing|submit|submitting|redirect\w{0,3}|refresh\w{0,3}|reload\w{0,3}|trigger\w{0,3}|fire|firing|doing\s+anything"
         r"|appl(?:y|ied|ying)|reflected|take\s+effect|taking\s+effect|picked\s+up)\b"
         # "it hasn't worked since your change", "the bug hasn't been fixed" (not "I haven't run it yet": the
         # user's own step not taken, so only the third person; nor dated by anything but the work: "hasn't
         # worked since J15", "since I updated", "for ages")
         r"|\b(?:hasn'?t|has\s+not)\s+(?:been\s+)?(?:worked|working|fixed|resolved|solved|helped|loading|rendering)\b"
         r"(?!\s+(?:since|for|in)\s+(?!(?:your|you|this|then|that|the\s+(?:last\s+)?(?:change|fix|edit|update|commit|patch|refactor|pr|merge))\b))"
         r"|\b(?:hasn'?t|has\s+not)\s+(?:changed|fixed|done)\s+(?:anything|a\s+thing)\b|\b(?:hasn'?t|has\s+not)\s+made\s+(?:a|any)\s+difference\b"
         # "it's been broken since your change", "the tests have been failing since you touched the parser"
         r"|\b(?:has|have|'s|'ve)\s+been\s+(?:broken|failing|crashing|erroring|down|red|flaky|hanging|timing\s+out)\s+since\s+"
         r"(?:your|you|the\s+(?:last\s+)?(?:change|fix|edit|update|commit|patch|refactor|pr|merge)\b|this\s+(?:change|fix|edit|update|commit|patch|refactor)\b)",
         unless=r"\b(?:make\s+sure|ensure|should|must|so\s+that|to\s+avoid|in\s+order|want|wanted|need|needs|if|unless"
         r"|whether|when\s+(?:i|we|you)|please|let'?s|don'?t\s+(?:worry|need|want|have)|i\s+(?:don'?t|do\s+not)\s+(?:think|know|mind|care)"
         r"|verify|check|confirm|test\s+that|make\s+(?:it|them|this)\s+(?:so|not)|let\s+me|i'?ll|i\s+will|my\s+(?:bad|fault|end|side)"
         r"|why\s+not|not\s+only|not\s+just|on\s+purpose|by\s+design|" + _LONG_STANDING + r")\b|\b(?:that'?s|which\s+is|it'?s)\s+(?:fine|ok|okay|expected|intended)\b"
         # an imperative "don't change the default", "never run it on main": an instruction, not a report
         r"|(?:^|[,.;:!]\s{0,3}|\b(?:and|but|just|please)\s+)(?:don'?t|dont|do\s+not|never)\s",
         after_claim=True),
    # "why isn't it loading?", "…the export stays empty since then, any idea what broke?": the failure is given, its cause asked.
    rule(R, "why-fails-after-claim", r"\bwhy\s+(?:is|are|does|did|do|was|were)(?:n'?t|\s+not)?\s+(?:it|this|that|they|the\s+[\w.-]+)\s+(?:still\s+)?"
         r"(?:not\s+)?(?:working|broken|empty|blank|failing|crashing|erroring|missing)\b"
         r"|\bwhy\s+(?:isn'?t|aren'?t|doesn'?t|don'?t|didn'?t|won'?t|can'?t)\s+(?:it|this|that|they|the\s+[\w.-]+)\s+(?:still\s+)?"
         r"(?:work|build|show|load|render|run|compile|display|start|appear|update|save|pass)\w{0,3}\b"
         r"|\b(?:can|could)\s+you\s+(?:see|tell\s+me|find\s+out|figure\s+out|check)\s+why\b"
         # "why does the login still fail?", "how come the tests still fail?" (as 为什么还是失败, なんでまだ…ないの)
         r"|\b(?:why|how\s+come)\b[^.?!\n]{0,40}?\bstill\s+(?:fails?|failing|failed|broken|crash\w{0,3}|error\w{0,3}|not|doesn'?t"
         r"|does\s+not|isn'?t|aren'?t|won'?t|can'?t|empty|blank|missing|wrong|misaligned|blurry|garbled|stuck|hangs?|getting|showing|the\s+same)\b",
         also=r"\b(?:not|no|n't|never|still|broken|fails?|failing|empty|blank|wrong)\b|n'?t\b",
         after_claim=True, asked=True),
    rule(R, "still-after-claim", r"\bstill\s+(?:not(?!\s+(?:it|quite|sure|done|finished|yet)\b)|no|nothing|getting|seeing|see|shows?|showing|says|saying|looks?|looking|happening"
         r"|having\s+(?:the|this|that|an?|issues?|problems?|trouble)|broken|fails?|failing|crash\w{0,3}|error\w{0,3}|the\s+same(?=\s*(?:[.!,]|$))|there|an?\s+(?:error|issue|problem|bug)"
         r"|(?:some|two|three|the|a|an)\s+(?:\w+\s+)?(?:errors?|issues?|problems?|bugs?|warnings?|versions?|copies|duplicates?)"
         r"|missing|wrong|empty|blank|stuck|slow|hangs?|hanging|returns?|returning|doesn'?t|does\s+not|isn'?t|aren'?t"
         r"|misbehav\w{0,4}|glitch\w{0,4}|flicker\w{0,4}|freez\w{1,3}|froze|lags|lagging|stutter\w{0,4}|janky|choppy|jumps?|jumping"
         r"|won'?t|can'?t|cannot|loops?|looping|returned|same|weird|odd|a\s+bit\s+(?:weird|odd|off|broken|wrong|buggy)"
         # a display still wrong, as zh 还是乱的 / 还是歪的 and ja まだずれて: misaligned, blurry, garbled, cut off
         r"|misaligned|off-?center|crooked|blurry|pixelated|garbled|cut\s+off|clipped|overlapping|overlaps?|squished|stretched"
         r"|i\s+(?:don'?t|do\s+not|can'?t|cannot)\s+see"
         # a checker still objecting: "mypy still complains", "eslint still flags line 3"
         r"|complains?|complaining|warns|flags|flagging|yells?|yelling|reports\s+(?:an?\s+|the\s+|\d+\s+)?(?:errors?|issues?|problems?|warnings?))\b",
         unless=r"\b(?:if|whether|make\s+sure|ensure|should|verify|check|confirm|test\s+that|is\s+(?:that|this|it)\s+still"
         r"|still\s+(?:true|valid|needed|relevant|working\s+on)|let\s+me|i'?ll|i\s+will|cache|cached)\b"
         r"|\bstill\s+(?:looks?|looking|seems?)\s+(?:good|great|fine|ok|okay|nice|right|correct|perfect)\b"
         # "it still says hello world, good": still as wanted
         r"|[,;]\s*(?:good|great|perfect|nice|correct|as\s+expected|as\s+intended|as\s+it\s+should(?:\s+be)?)\s*[.!]*$", after_claim=True),
    # Right after the work: the problem outlasts it ("the error persists", "the issue remains") or the fix
    # took in part ("only the first page works", "it works only on Chrome"), as the other packs read them.
    rule(R, "persists-or-partial-after-claim", r"\b(?:error|issue|problem|bug|crash|warning|exception)s?\s+"
         r"(?:persists?|persisted|remains?|remained|keeps\s+(?:happening|coming\s+back|showing\s+up|appearing)|is\s+back|came\s+back)\b"
         r"|^(?:but\s+|now\s+|still\s+)?only\s+(?:the\s+)?(?:first|last|one|some|half|two|three|\w+)\s+(?:[\w-]+\s+){0,2}?"
         r"(?:works?|loads?|shows?|renders?|displays?|appears?|is\s+(?:shown|working|fixed|saved)|are\s+(?:shown|working|fixed|saved))\b"
         r"|\b(?:works?|loads?)\s+only\s+(?:on|in|for|when)\b"
         # "not all of them are fixed", "not all the tests pass"
         r"|^(?:but\s+|still\s+)?not\s+all\s+(?:of\s+)?(?:them|the\s+[\w-]+|[\w-]+s)\s+(?:are|were|got|have\s+been)?\s*(?:fixed|updated|changed|working|shown"
         r"|removed|renamed|converted|migrated|passing|pass|work|load|show)\b",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|need|needs|must|want|let'?s|please|so\s+that)\b", after_claim=True),
    rule(R, "error-on-after-claim", r"^(?:(?:now|but|and|still|same|new|another|got|getting|get)\s+){0,2}(?:an?\s+|the\s+|this\s+|some\s+)?"
         r"(?:[\w.-]+\s+){0,2}(?:error|errors|exception|crash|crashes|failure)\s+(?:(?:pops?|popped|shows?|showed|comes?|came)\s+(?:up\s+)?"
         r"|(?:appears?|appeared|occurs?|occurred|happens?|happened)\s+)?(?:on|in|at|when|while|after"
         r"|during|with|running|from|again|now)\b"
         r"|^(?:now\s+)?(?:an?\s+|the\s+)?(?:[\w.-]+\s+)?(?:errors?|exception|crash|failure)(?:\s+now)?\s*(?:[:.!]|$)"
         r"|\b(?:now|still|again)\s+(?:i\s+|we\s+|it\s+)?(?:get|got|getting|see|seeing|have|has|throws?|shows?|gives?)\s+(?:an?\s+|the\s+|this\s+|these\s+|some\s+)?"
         r"(?:\w+\s+)?(?:errors?|exception|crash|warnings?)\b"
         r"|\b(?:i\s+|we\s+|it\s+)?(?:get|got|getting|throws?|throwing|gives?|giving)\s+(?:an?\s+|the\s+|this\s+|these\s+|some\s+|same\s+)"
         r"(?:\w+\s+)?(?:errors?|exception|crash)\s*(?:[:.!]|$|now|again|when|on|in)"
         r"|\bwith\s+(?:an?\s+|the\s+|this\s+|some\s+)?(?:[\w-]+\s+)?(?:errors?|exception)\s*(?::|$)"
         r"|\b(?:however|but)\s+(?:there\s+(?:is|are)\s+)?(?:still\s+)?(?:an?\s+|some\s+)?(?:errors?|exceptions?|warnings?)\s+(?:in|on|when|at)\b",
         unless=r"\b(?:if|whether|handle|handling|catch|show\s+an?\s+error|return\s+an?\s+error|error\s+(?:message|handling|page"
         r"|state|boundary|code)s?|should|add|log)\b", after_claim=True),
    # "something went wrong", "something is broken now", "there's an issue when running" right after the work
    # (not "if something goes wrong, roll back", nor "show 'something went wrong' when the request fails": a spec).
    rule(R, "went-wrong-after-claim", r"^(?:(?:hmm+|ok|okay|well|so|but|and|now|oh|uh+|ugh|nope|no)[,.!\s]+){0,2}(?:something|sth)\s+"
         r"(?:(?:still|now|else)\s+)?(?:went|goes|is\s+going|is|seems|'s)\s+(?:(?:still|now|really|very|seriously)\s+)?(?:wrong|broken|off|not\s+right)\b"
         r"|^(?:(?:hmm+|ok|okay|well|so|but|and|now|oh|ugh)[,.!\s]+){0,2}(?:there'?s|there\s+is|(?:i|we)\s+(?:have|got|get|see))\s+(?:an?\s+|some\s+)?(?:new\s+)?"
         r"(?:issue|problem|error|bug)s?\s+(?:when|while|after|on)\s+(?:running|starting|building|loading|opening|saving|launching|deploying"
         r"|i\s+(?:run|start|build|open|load|save|launch|deploy|click|try))\b"
         r"|^(?:issue|problem|error)s?\s+(?:when|while)\s+(?:running|starting|building|loading|launching)\b",
         unless=r"\b(?:if|whether|when\s+something|should|show|display|handle|catch|log|message|page|toast|banner|alert|popup|modal|let\s+me|i'?ll)\b"
         r"|[\"'“‘]\s*something", after_claim=True),
    # A fresh failure shown right after the agent's work: "now I get this error: …", "there is this error: …",
    # "I opened the settings screen but got this: …", "now I get a 403 on …", "the error I'm getting when …".
    rule(R, "error-shown-after-claim", r"\b(?:i|we)\s+(?:now\s+|still\s+|just\s+)?(?:get|got|am\s+getting|'m\s+getting|are\s+getting|keep\s+getting"
         r"|see|am\s+seeing|'m\s+seeing|have|am\s+having|'m\s+having)\s+(?:this|these|the\s+following)\s+(?:[\w-]+\s+)?(?:errors?|exceptions?|mismatch\w{0,2}"
         r"|failures?|crash|traceback|stack\s*trace)\b"
         r"|\bthere\s+(?:is|was|are|were)\s+(?:now\s+|still\s+)?(?:this|these|the\s+following)\s+(?:[\w-]+\s+)?(?:errors?|exceptions?|failures?|crash|traceback)\b"
         r"|^(?:(?:ok|okay|hmm+|well|so|but|and)[,.!\s]+){0,2}now\s+(?:i|we|it)\s+(?:get|got|have|see|gets|shows?|throws?|gives?)\s+(?:this|these)\s*:"
         r"|\b(?:but|and)\s+(?:i\s+)?(?:got|get|getting)\s+this\s*:"
         # "now I get: TypeError: …", "now it shows: 502 …": the failure itself after the colon
         r"|^(?:(?:ok|okay|hmm+|well|so|but|and)[,.!\s]+){0,2}now\s+(?:i|we|it)\s+(?:get|got|have|see|gets|shows?|throws?|gives?)\s*:\s*[^\n]{0,80}?"
         r"\b(?:error|exception|cannot|can'?t|not\s+found|failed|undefined)\b"
         r"|\bnow\s+(?:i|we|it)\s+(?:get|got|gets|am\s+getting|'m\s+getting|returns?|gives?|throws?)\s+(?:an?\s+|the\s+)?(?:http\s+)?[45]\d\d\b"
         r"|\b(?:error|exception)\s+(?:that\s+)?(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:now\s+|still\s+)?(?:having|getting|seeing|hitting)\b",
         unless=r"\b(?:if|whether|in\s+case|should|handle|handling|catch|make\s+sure|ensure|add\s+(?:an?\s+|some\s+|proper\s+)?(?:error|exception|handling|check|try)"
         r"|yesterday|last\s+(?:night|week|month|time)"
         r"|colleague|customers?|users?\s+(?:get|see|report)|when\s+you)\b", after_claim=True),
    # "I get a 404 on /login", "getting a 500 when I save" right after the work (not "it should return a 404",
    # "I get 450 rows": a count).
    rule(R, "status-after-claim", r"(?:\b(?:i|we|it)\s+(?:still\s+|now\s+|just\s+)?(?:get|got|am\s+getting|'m\s+getting|are\s+getting|keep\s+getting|see)"
         r"|^(?:(?:still|now|but|and)\s+)?getting)\s+(?:an?\s+|the\s+)?(?:http\s+)?[45]\d\d\b"
         r"(?=\s*(?:$|[.,!;:)(]|errors?\b|on\b|when\b|from\b|for\b|in\b|at\b|back\b|response|status|now\b|again\b|code|not\s+found|internal|bad\b|forbidden|unauthorized))",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|expect\w*|instead\s+of|yesterday|last\s+(?:night|week|time)|colleague|customers?)\b", after_claim=True),
    # "looks like your patch failed to fix the crash", "the change failed to fix it": the fix itself judged.
    rule(R, "failed-to-fix-after-claim", r"\b(?:failed|fails|failing)\s+to\s+(?:resolve|fix|solve|address|change|help)\b"
         r"|\b(?:seems?|seemed|appears?)\s+to\s+have\s+(?:failed|broken|made\s+(?:it|things|this)\s+worse)\b",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure)\b", after_claim=True),
    # "the write to the config failed.", "the install failed, try again with sudo": a step of the agent's work failed.
    rule(R, "step-failed-after-claim", r"\bthe\s+(?:[\w-]+\s+)?(?:write|edit|command|update|install\w{0,3}|download|request|migration|upload|push"
         r"|commit|patch|change|rebuild|restart|deploy\w{0,4})\b(?:[^.?!,;\n]|\.(?=\S)){0,80}?\b(?:failed|did\s+not\s+go\s+through|didn'?t\s+go\s+through)\s*(?:[.!,;]|$)",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|yesterday|last\s+(?:night|week|month|time)|before\s+(?:you|your)|when)\b", after_claim=True),
    # "why are all these errors happening?", "why am I getting this exception now?" right after the work.
    rule(R, "why-errors-after-claim", r"\bwhy\s+(?:are|is|am\s+i|are\s+we|do\s+i|do\s+we)\s+(?:all?\s+|still\s+|now\s+)?(?:these|this|those|the|that|getting|seeing)\s+"
         r"(?:\w+\s+){0,2}?(?:err?o(?:r|rs|s)|exceptions?|failures?|crash(?:es)?|warnings?)\b(?:\s+(?:happening|occurring|showing|appearing|coming|now|again)\b|\s*(?:\?|$))",
         unless=r"\b(?:if|whether|in\s+general|curious|wondering)\b", after_claim=True, asked=True),
    # "for some reason the export button does nothing", "somehow the header vanished": a failure the user cannot explain.
    rule(R, "for-some-reason-after-claim", r"\b(?:for\s+some\s+reason|somehow)\b[^.?!\n]{0,60}?\b(?:can'?t|cannot|couldn'?t|won'?t|doesn'?t"
         r"|does\s+not|don'?t|didn'?t|did\s+not|isn'?t|aren'?t|wasn'?t|not|no\s+longer|never|broke|stopped|invisible|empty|blank|missing|gone"
         r"|fails?|failed|crash\w{0,3}|errors?|erroring|disappear\w{0,3}|vanish\w{0,3})\b",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|i\s+(?:think|guess)\s+i|my\s+(?:bad|fault|mistake))\b", after_claim=True),
    # "failure, check the log", "3 failed, all must pass", "failed the test": the run after the work, failed.
    rule(R, "opens-failed-after-claim", r"^(?:(?:still|now|nope|no|but|hmm+)[,.!\s]+)?(?:\d+\s+(?:tests?\s+)?(?:failed|failing|failures?)\b"
         r"|(?:failed|failure|fails)\s*(?:[;:,.!]|$)|failed\s+(?:the|again|with|on)\b)", after_claim=True, asked=True),
    # "I clicked it in the menu but it won't open", "I tried to open the page but got this": tried, and it failed.
    rule(R, "tried-but-after-claim", r"\bi\s+(?:just\s+|then\s+|also\s+)?(?:tried|clicked|clickced|ran|opened|tested|restarted|reloaded|refreshed"
         r"|rebuilt|installed|launched)\b[^.?!\n]{0,80}?\bbut\s+(?:it\s+|that\s+|this\s+|the\s+[\w.-]+\s+|i\s+)?(?:still\s+)?(?:won'?t|doesn'?t"
         r"|didn'?t|does\s+not|did\s+not|can'?t|cannot|couldn'?t|got|get|getting|nothing|fails?|failed|crash\w{0,3}|errors?)\b",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|yesterday|last\s+(?:night|week|month|time)|before\s+(?:you|your))\b", after_claim=True),
    # "the search broken again", "sidebar broken??", "it's erroring and printing junk": the result named broken.
    rule(R, "broken-after-claim", r"^[^.?!\n]{0,40}?\b(?:broken|erroring|crashing)\s*[.!?]*$"
         r"|\b(?:it'?s|it\s+is|they'?re|they\s+are|everything'?s|everything\s+is)\s+(?:still\s+|now\s+|all\s+)?(?:erroring|crashing)\b",
         unless=r"\b(?:if|whether|was|were|before|not|isn'?t|no\s+longer|never|should|fixed)\b", after_claim=True, asked=True),
    rule(R, "nothing-changed-after-claim", r"\bnothing\s+(?:is\s+|has\s+)?(?:chang\w{1,3}|happen\w{1,3}|works|shows?|appears?|loads|renders"
         r"|builds|runs|displays|opens|saves|updates)\b"
         r"|\bi\s+(?:don'?t|do\s+not|dont|can'?t|cannot)\s+see\s+(?:any|a)\s+(?:difference|change|changes|improvement)\b"
         r"|\b(?:looks?|seems?|is|it'?s)\s+(?:exactly\s+|still\s+|just\s+)?(?:the\s+)?same\s+(?:as\s+(?:before|it\s+was|earlier|yesterday)|again)\b"
         r"|^(?:it\s+|this\s+|that\s+)?(?:still\s+)?looks?\s+(?:exactly\s+|just\s+)?(?:the\s+)?same\s*[.!]*$"
         # (not "no change needed there": none asked for)
         r"|\bno\s+(?:visible\s+)?(?:change|difference|effect|improvement)\b(?!s?\s+(?:needed|required|necessary|wanted|planned|intended|expected))|\bnot\s+any\s+better\b|\b(?:doesn'?t|does\s+not)\s+look\s+any\s+better\b"
         r"|\bback\s+to\s+(?:the|a|an|our)\s+(?:previous|same|old|original|earlier)\s+(?:error|issue|problem|bug|state|behaviou?r)\b"
         r"|\bsame\s+(?:bug|error|issue|problem|exception|crash|warning)\b(?!\s+(?:as|message|messages|handling|format|code|codes"
         r"|page|text|type|types|class|log|logging|style|wording)\b)"
         r"|\b(?:right|properly|correctly)\s+this\s+time\b",
         unless=r"\b(?:if|whether|make\s+sure|ensure|unless)\b|\bnothing\s+(?:has\s+)?changed\s+(?:on|at|in|from)\s+my\b"
         # "this flag has no effect on production", "… add that to the docs": what a setting does, a task
         r"|\b(?:flag|option|setting|parameter|param|variable|field|argument|attribute|prop)s?\s+(?:has|have|had)\s+no\s+effect\b"
         r"|\badd\s+(?:that|this|it)\s+to\b"
         r"|\bno\s+changes?\s+(?:to|needed|required|necessary)\b.{0,60}\bplease\b|\bplease\b.{0,60}\bno\s+changes?\s+to\b", after_claim=True),
    # Right after the work, what it made comes out empty: "the page is blank", "routes.py is empty",
    # "it returns an empty array", "there's nothing in the log" (as ko 응답이 비어 있어요, zh 页面一片空白, ja
    # ファイルが空です read it); not a state to start from or to keep ("the file is empty for now, fill it",
    # "the log is empty on purpose"), a case to handle ("when the list is empty, show …") or a past fact.
    rule(R, "blank-after-claim", r"(?:\b(?:the|my|our|this|that|its|your)\s+(?:[\w.-]+\s+){0,2}?(?:page|pages|screen|window|view|preview|file|files"
         r"|output|response|body|result|results|list|table|tables|array|log|logs|console|report|export|csv|json|pdf|image|chart|graph"
         r"|dashboard|folder|directory|dir|db|database|inbox|email|tab|panel|modal|sidebar|feed|grid|dropdown|field)"
         r"|\b[\w./-]{1,80}\.[a-z]{1,5})\s+(?:is|'s|are|'re|looks|comes\s+back|came\s+back|shows\s+up|stays|remains|renders|loads)\s+"
         r"(?:still\s+|now\s+|just\s+|completely\s+|totally\s+|entirely\s+|all\s+|basically\s+)*(?:empty|blank|white)\b"
         r"|(?:\b(?:i|we)\s+(?:still\s+|now\s+|just\s+)?(?:get|got|see|am\s+getting|'m\s+getting)|^(?:still\s+|now\s+)?getting)\s+(?:an?\s+|the\s+)?(?:completely\s+|totally\s+)?"
         r"(?:empty|blank|white)\s+(?:page|screen|window|response|body|array|list|result|file|output|table)\b"
         r"|\b(?:it|this|that|the\s+\w+)\s+(?:still\s+|now\s+|just\s+)?(?:returns|returned|gives|shows|renders|prints|outputs)\s+(?:an?\s+|the\s+)?(?:completely\s+)?"
         r"(?:empty|blank|white)\s+(?:page|screen|response|body|array|list|object|string|result|file|output|table)\b"
         r"|\bthere'?s\s+(?:still\s+)?nothing\s+(?:at\s+all\s+)?in\s+the\s+(?:log|logs|output|console|file|table|list|db|database|folder|response|page|inbox)\b",
         unless=r"\b(?:if|when|whenever|unless|until|whether|should|shouldn'?t|must|make\s+sure|ensure|expect\w*|supposed|for\s+now|on\s+purpose"
         r"|intentional\w{0,2}|by\s+design|placeholder|empty\s+state|initially|at\s+first|yet|fill|populate|start\s+with|keep|leave|so\s+that"
         r"|handle|default|yesterday|last\s+(?:night|week|time)|colleague|customers?|before\s+you"
         # emptied as wanted: "now the inbox is empty, great", "the queue is empty, as it should be"
         r"|great|perfect|nice|thanks|thank\s+you|awesome|finally|as\s+(?:expected|intended|it\s+should\s+be)|good)\b",
         after_claim=True, not_an_answer=True),
    # A judgment ("seems wrong", "they're both incorrect"), not a description of a thing ("the form is broken on mobile").
    rule(R, "seems-wrong-after-claim", r"\b(?:seems?|looks?)(?:\s+to\s+be)?\s+(?:still\s+|all\s+|completely\s+|totally\s+)?"
         r"(?:wrong|incorrect|broken|off|messed\s+up|garbled|inconsistent|duplicated|cut\s+off)\b"
         r"|\b(?:it|this|that|they|these|those|both)(?:\s+(?:is|are|was|were)|'s|'re)\s+(?:still\s+|all\s+|now\s+|both\s+)?"
         r"(?:wrong|incorrect|broken|off|messed\s+up|garbled|inconsistent|duplicated|cut\s+off)\b"
         r"|\b(?:coming|came|comes)\s+out\s+(?:as|wrong)\b"
         # "that's the wrong approach", "you're going about this the wrong way", "not the right fix"
         r"|\b(?:it|this|that)(?:\s+is|'s)\s+(?:(?:the|a)\s+)?(?:wrong|not\s+the\s+right|bad)\s+(?:approach|way|fix|solution|direction|design)\b"
         r"|^(?:(?:no|nope|hmm+)[,.!\s]+)?(?:wrong|bad)\s+approach\b|\bgoing\s+about\s+(?:this|it)\s+the\s+wrong\s+way\b",
         unless=r"\b(?:if|whether|what(?:'s| is)|why|should|make\s+sure)\b|\bwrong\s+to\b", after_claim=True),
    rule(R, "your-x-fails", r"\byour\s+(?:[\w-]+\s+){1,2}?(?:doesn'?t|does\s+not|didn'?t|did\s+not|won'?t|can'?t)\s+(?:work"
         r"|match|handle|compile|build|pass|parse|cover|run|load|render|fix)\b"),
    rule(R, "still-wrong", r"\bstill\s+(?:wrong|broken|broke|failing|fails|incorrect|buggy|crashing|crashes"
         r"|not\s+working|erroring|the\s+same|there|red|off|empty|blank|[45]\d\d)\b"
         r"|\bstill\s+(?:doesn'?t|does not|won'?t|can'?t|isn'?t|is not|aren'?t|are not|don'?t|do not)"
         r"\s+(?:work|compile|build|run|pass|load|start|render|show|open|connect|match|return)\b"),
    # "this broke the other two callers", "that broke every import" right after the agent's work.
    rule(R, "broke-after-claim", r"^(?:(?:hmm+|ugh|so|and|but|ok|okay|wait|oops|uh+|um+)[,.!\s]+){0,2}(?:this|that|it|which|your\s+\w+)\s+"
         r"(?:just\s+|now\s+|also\s+)?broke\s+(?!down\b)\w", after_claim=True),
    # "tried that, no luck", "did that, same warning": the agent's suggestion, tried, failed.
    rule(R, "tried-no-luck", r"\b(?:tried|did|ran|done)\s+(?:that|it|this|both|those|these|all\s+of\s+(?:that|them|those))\b(?:\s+already)?[,.;:!\s]{0,4}"
         r"(?:but\s+|and\s+|still\s+)?(?:no\s+luck|(?:it\s+)?(?:didn'?t|doesn'?t)\s+(?:work|help|change\s+anything)|nothing|same\b)"
         r"|^(?:(?:nope|no|sadly|unfortunately)[,.!\s]+)?no\s+luck\b"
         r"|\bsame\s+\"\"\s*(?:error|warning|exception|crash|message|failure|panic)\b",
         unless=r"\b(?:if|whether|works?|working|fixed|pass(?:es|ed)?|green)\b", after_claim=True),
    rule(R, "you-broke", r"\byou(?:'ve| have)?(?:\s+just|\s+now|\s+completely|\s+totally|\s+really|\s+again)?\s+(?:(?:broke|broken"
         r"|messed up|screwed up|fucked up|ruined|corrupted|wiped)\b"
         # "you messed it up again", "you really screwed this up"
         r"|(?:messed|screwed|fucked)\s+(?:it|this|that|them|things|everything|(?:the|my|our)\s+[\w.-]+)\s+up\b)"
         r"|\b(?:your|the|this|that)\s+(?:fix|change|changes|edit|edits|patch|commit|refactor|update)"
         r"\s+(?:broke|made\s+(?:it|things|this|everything)\s+worse|didn'?t\s+(?:work|fix|help)|doesn'?t\s+(?:work|help)"
         r"|does\s+not\s+work|(?:is|was)n'?t\s+working)\b"
         r"|\bmade\s+(?:it|things|this|everything)\s+worse\b"
         # "This broke the build." opening a message reacts to what was just done.
         r"|^(?:this|that|it|which)\s+(?:just\s+|now\s+|also\s+)?broke\s+(?:the\s+|our\s+|my\s+)?(?:build"
         r"|tests?|ci|app|page|site|login|everything|prod|production|deploy|release|ui|api|it|things)\b"),
    # The agent's own work named as the cause of a bad result.
    rule(R, "your-change", _YOUR_WORK + r"\s+(?:just\s+|also\s+)?(?:broke|breaks|made\s+(?:\S+\s+){0,4}?"
         r"(?:blank|empty|worse|slower|disappear|fail|crash|unusable|unresponsive|break|vanish|hang)"
         r"|caused\s+(?:a\s+|an\s+|the\s+|this\s+)?(?:regression|crash|crashes|bug|failure|failures|error"
         r"|errors|problem|outage|loop|leak)|introduced\s+(?:a\s+|an\s+|the\s+)?(?:regression|bug|crash|error"
         r"|leak))\b"),
    rule(R, "since-your-change", r"\b(?:since|after|from|by|because\s+of|due\s+to)\s+your\s+(?:last\s+|latest\s+)?"
         + _WORK + r"\b",
         also=r"\b(?:broken|breaks|fail|fails|failing|flaky|red|crash|crashes|crashing|blank|empty|error|errors|loops?"
         r"|slower|wrong|missing|disappeared|gone|hangs|garbled)\b",
         unless=r"\b(?:no|zero)\s+(?:more\s+|longer\s+)?(?:errors?|crash(?:es)?|failures?)\b|\b(?:errors?|crash(?:es)?"
         r"|failures?|warnings?)\s+(?:are|is)\s+gone\b|\bfixed\b|\bworks\b"),
    rule(R, "now-broken", r"\b(?:broken|fail|fails|failing|crash|crashes|crashing|errors)\s+now\b"
         r"|\bnow\s+(?:it|this|that|everything)?\s*(?:is\s+|'s\s+)?(?:broken|fails|failing|crashes"
         r"|crashing|doesn'?t\s+work|won'?t\s+(?:build|compile|start|run))\b"
         r"|\bnow\s+(?:the\s+|my\s+|our\s+)?[\w.-]+\s+(?:is|are)\s+(?:also\s+|completely\s+)?(?:broken|failing(?!\s+over)|crashing)\b"
         r"|\bnow\s+(?:the\s+|my\s+|our\s+)?[\w.-]+\s+(?:fails|crashes|breaks|errors\s+out|(?:won'?t|doesn'?t)\s+(?:work|build|compile|start|load|run))\b"
         r"|\bnow\s+(?:the\s+|my\s+|our\s+)?[\w.-]+\s+(?:renders|shows|comes\s+up|loads)\s+(?:blank|empty|white)\b"
         r"|\bnow\s+(?:the\s+|my\s+|our\s+)?[\w.-]+\s+is\s+(?:blank|white)\b|\bblank\s+now\b"),
    # An evaluation ("that's wrong.", "this is broken now"), not a description ("it's broken on
    # Windows", "this is wrong in the spec"): the clause must end right after it.
    rule(R, "that-is-wrong", r"\b(?:that|this|it)\s*(?:'s|is|was|looks|seems)\s+(?:still\s+|all\s+"
         r"|completely\s+|totally\s+|just\s+|now\s+)?" + _BAD
         + r"(?:\s+(?:again|now|too|though|still|anyway))?\s*(?:[.,;:!)—–-]|$)"
         r"|\b(?:that|this|it)\s*(?:'s|is|was)\s+(?:not|n't)\s+(?:right|correct)\b"
         r"|\b(?:that|this|it)\s+(?:isn'?t|wasn'?t)\s+(?:right|correct)\b"
         r"|^(?:wrong|incorrect|nope,?\s+wrong)(?:\s+again)?\s*(?:[.,;:!]|$)"),
    # "not quite right", "hmm, that's not quite it" alone right after the work: its result is off.
    rule(R, "not-quite-after-claim", r"^(?:(?:hmm+|no|nope|well|uh+|um+|still)[,.!\s]+)?(?:that'?s\s+|it'?s\s+|this\s+is\s+|still\s+)?not\s+quite"
         r"(?:\s+(?:right|it|there|correct|what\s+i\s+(?:meant|wanted|asked\s+for)))?(?:\s+(?:yet|again))?\s*[.!…]*$", after_claim=True),
    rule(R, "thing-is-wrong", r"\b" + _THING + r"\s+(?:is|are|was|were|looks|look|seems|seem)"
         r"\s+(?:still\s+|all\s+|completely\s+|totally\s+)?(?:" + _BAD_WORDS + r"|off)\b"),
    rule(R, "you-made-wrong", r"\byou\s+(?:wrote|made|added|generated|created|gave me|produced|proposed|put|set|hardcoded|configured"
         r"|suggested|used|picked|chose|computed|calculated)\b",
         also=r"\b(?:wrong|incorrect|broken|buggy)\b"),
    # After the work, what happens when the user does something: "when I press save nothing happens", "if I open the
    # settings page the app freezes", "whenever I reload, the list is empty again".
    rule(R, "when-i-after-claim", _WHEN_I, also=_FAILURE_SEEN, unless=_WHEN_I_SPEC, after_claim=True),
    # "I ran the command you gave me and got permission denied", "did what you said and now the server won't start":
    # the agent's instructions followed, and they failed.
    rule(R, "followed-you-failed", _FOLLOWED, also=_FOLLOWED_FAILED,
         unless=r"\b(?:if|whether|thanks|thank|perfect|great|next|yet)\b|\b(?:it|that|this|everything)\s+(?:works|worked|is\s+working|fixed)\b"
         r"|\bno\s+(?:errors?|failures?|problems?|issues?)\b"
         # the failure named as gone or as wanted: "the error is gone", "the same totals, which is what we want"
         r"|\b(?:is|are|'s|was|were)\s+(?:now\s+)?(?:gone|fixed|resolved)\b|\bwhat\s+(?:we|i)\s+(?:want|wanted|expected|expect)\b"
         r"|\bas\s+expected\b"),
    # "it worked before your change", "this used to work", "the old version was better" right after the work.
    rule(R, "used-to-work-after-claim", r"\b(?:it|this|that|they|everything|the\s+[\w.-]+)\s+(?:used\s+to\s+work|was\s+working|were\s+working|worked)"
         r"(?:\s+(?:fine|perfectly|just\s+fine|ok|okay|great|well))?(?:\s+(?:before|until|earlier|yesterday)\b|\s*[.!]*$)"
         r"|\b(?:it|this|that)\s+(?:was|looked|used\s+to\s+be)\s+(?:much\s+|way\s+|a\s+lot\s+)?better\s+before\b"
         r"|^(?:(?:honestly|hm+|no+|ugh)[,.!\s]+)?the\s+(?:old|previous|original|first|earlier)\s+(?:one|version|layout|design|code|behaviou?r"
         r"|implementation|output|wording)\s+was\s+(?:much\s+|way\s+|a\s+lot\s+)?better\s*[.!]*$",
         unless=r"\b(?:if|whether|with\s+(?:python|node|java|ruby|php|v?\d)|on\s+(?:python|node|v?\d)|support|can\s+you|could\s+you|let'?s"
         r"|still\s+works|works\s+now)\b", after_claim=True),
    # "it's reversed", "the order is backwards", "you sorted it the wrong way round" right after the work.
    rule(R, "reversed-after-claim", r"\b(?:it'?s|it\s+is|they'?re|they\s+are|(?:the\s+)?(?:order|sorting|sort|colou?rs?|labels?|signs?|axes|axis"
         r"|values|arguments|args|columns|rows|arrows?|icons?|names|keys|direction)\s+(?:is|are))\s+(?:now\s+|still\s+|all\s+)?(?:reversed|backwards"
         r"|inverted|flipped|swapped|upside\s+down|mirrored)\b|\bthe\s+wrong\s+way\s+(?:round|around)\b",
         unless=r"\b(?:if|whether|should|make|please|want|need|by\s+design|on\s+purpose|expected|intended|fine|ok|okay|correct|right)\b",
         after_claim=True),
    # "only half of them are fixed", "it only works for the first item", "it's only partially working".
    rule(R, "partly-after-claim", r"\bonly\s+(?:half|some|part|a\s+few|one|two|three|the\s+first\s+\w+)\s+(?:of\s+(?:them|it|the\s+[\w.-]+)\s+)?"
         r"(?:are|is|were|was|got|get|have\s+been|has\s+been)\s+(?:actually\s+)?(?:fixed|working|updated|changed|done|converted|migrated|shown"
         r"|showing|rendered|renamed|translated|saved)\b"
         r"|\b(?:it|this|that|they|the\s+fix)\s+only\s+(?:works|worked|renders|shows|loads|applies|applied|fixed|fixes|changed|updated)\s+"
         r"(?:for|on|in|with|the|when|if|half|some|one)\b|\bonly\s+partially\s+(?:working|works|worked|fixed|done|applied|updated)\b",
         unless=r"\b(?:should|needs?|make\s+sure|ensure|fine|ok|okay|expected|intended|good|great|perfect|enough|for\s+now)\b", after_claim=True),
    # "it should be 10 but it shows 12", "the total should include tax but it doesn't" right after the work.
    rule(R, "should-but-after-claim", r"\b(?:should|is\s+supposed\s+to|was\s+supposed\s+to|needs\s+to|has\s+to)\s+(?:be|show|display|return|say|read"
         r"|include|have|print|open|go|stay|work|contain|list|use|sort|start|redirect|appear|update|save)\b[^.?!\n]{0,60}?\bbut\s+"
         r"(?:it'?s|they'?re|(?:it|they|this|that|instead|now|i|the\s+[\w.-]+|still)\s+(?:still\s+|just\s+|only\s+)?(?:shows?|is|are|was|were|says|returns?|displays?"
         r"|prints?|doesn'?t|does\s+not|don'?t|do\s+not|didn'?t|isn'?t|aren'?t|wasn'?t|gives?|opens?|goes|got|get|see|has|have|renders?|stays?"
         r"|reads|lists|uses|contains|redirects))\b",
         unless=r"\b(?:if|whether|later|when|make\s+sure|ensure|in\s+the\s+new|for\s+now|that'?s\s+(?:fine|ok|okay|expected))\b",
         after_claim=True),
    # "expected 10 but got 0", "expected: 3, received: 2" right after the work: what came out is not what was meant
    # (not "expected output: 10", a spec; not "as expected", "expected, but …": a plan).
    rule(R, "expected-got-after-claim", r"\bexpected\b[:\s][^.?!\n]{0,60}?(?:,|;|\bbut|\binstead)\s*(?:i\s+|we\s+|it\s+)?"
         r"(?:got|get|getting|see|saw|it'?s|it\s+(?:is|was|returns|returned|shows|gives|gave))\b"
         r"|\bexpected\b[:\s][^\n]{0,60}?\b(?:received|actual)\b",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|assert\w*|test\s+that|as\s+expected)\b", after_claim=True),
    # "every item shows up twice", "the request fires three times", "duplicated rows" right after the work
    # (not "retry twice", "it should only fire once, not twice": a spec).
    rule(R, "twice-after-claim", r"\b(?:shows?|showing|showed|appears?|appearing|appeared|displayed|rendered|renders?|listed|printed|prints?"
         r"|runs?|running|fires?|firing|fired|triggers?|triggered|sent|sends|called|calls|saved|inserted|added|created|logged)\s+(?:up\s+)?"
         r"(?:twice|two\s+times|three\s+times|multiple\s+times|double)\b"
         r"|\b(?:everything|all|each|every)\b[^.?!\n]{0,30}?\b(?:doubled|duplicated|twice)\b"
         r"|\bduplicated?\s+(?:entries|rows|items|messages|requests|records|lines|cards|posts|events|toasts|notifications)\b",
         unless=r"\b(?:if|whether|should|only|make|ensure|instead\s+of|prevent|avoid|don'?t|never|retry|retries|allow|can"
         # a fact about the data or the past, not the work's result ("the ingestion ran twice that day")
         r"|that\s+day|yesterday|last\s+(?:night|week|month|time)|earlier|sometimes|occasionally|dedupe|de-?dup\w*)\b", after_claim=True),
    # "that fixed the crash but now the header overlaps", "the crash is gone but now it's really slow".
    rule(R, "fixed-but-new-after-claim", r"\b(?:fixed|solved|resolved|gone|works|working|better|fine|compiles|builds|passes|loads)\b[^.?!\n]{0,40}?"
         r"\bbut\s+(?:now\s+(?:it|the|they|this|that|there|i|we|my|our|every|all|nothing|some)\b|(?:the|my|our|all\s+the)\s+[\w.-]+(?:\s+[\w.-]+){0,2}?"
         r"\s+(?:disappeared|vanished|(?:is|are)\s+(?:gone|broken|missing)|broke|stopped\s+working)\b)",
         unless=r"\b(?:want|need|let'?s|can\s+you|could\s+you|i'?d\s+like|add|next|also|would\s+like|how\s+(?:do|can|should))\b", after_claim=True),
    # "you left the debug prints in", "the console.log is still in there", "the docs still say v1".
    rule(O, "left-in-after-claim", r"\byou(?:'ve|\s+have)?\s+(?:still\s+|also\s+)?left\s+(?:the\s+|some\s+|all\s+(?:the\s+)?|a\s+|an\s+|those\s+"
         r"|these\s+|your\s+|two\s+|three\s+)?(?:[\w.`-]+\s+){0,3}?(?:in|behind|in\s+there|in\s+place)\s*(?:[.!,;]|$)"
         r"|\b(?:is|are)\s+still\s+in\s+(?:there|the\s+(?:code|file|diff|pr|commit|build|output|bundle|config))\b"
         r"|\bstill\s+(?:says?|saying|mentions?|references?|refers\s+to|points?\s+to)\s+(?:the\s+old|v?\d|an?\s+old|the\s+previous)\b",
         unless=r"\b(?:if|whether|fine|ok|okay|good|on\s+purpose|intended|intentional\w{0,2}|deliberate\w{0,2}|by\s+design|for\s+now|when"
         r"|later|until|please\s+keep)\b", after_claim=True),
    # "the new endpoint isn't hooked up", "you never registered the route", "that function never gets called".
    rule(O, "not-wired-after-claim", r"\b(?:isn'?t|is\s+not|aren'?t|are\s+not|wasn'?t|weren'?t|never\s+got|not)\s+(?:been\s+|actually\s+|even\s+)?"
         r"(?:hooked\s+up|wired\s+(?:up|in)|plugged\s+in|mounted|registered|connected\s+to\s+anything)\b"
         r"|\b(?:never\s+(?:gets?|got)|is\s+never|are\s+never)\s+(?:called|reached|executed|run|invoked|triggered|used|imported|rendered)\b",
         unless=r"\b(?:yet|next|todo|please|should|need|needs|if|whether|make\s+sure|add|later|fine|ok|okay|on\s+purpose|intended)\b", after_claim=True),
    # "the layout looks weird", "something is off with the totals" right after the work.
    rule(R, "weird-after-claim", r"(?:\b(?:looks?|seems?|looking|behaves|behaving|acting)|\b(?:it|this|that|they|these|those|the\s+[\w.-]+)\s+(?:is|are))\s+(?:a\s+bit\s+|kind\s+of\s+|really\s+|very\s+|pretty\s+"
         r"|still\s+|quite\s+|super\s+)?(?:weird|odd|strange|funky|wonky|janky)\b"
         r"|\bsomething(?:'s|\s+is|\s+seems|\s+looks)\s+(?:still\s+)?(?:off|wrong|weird|broken)\s+(?:with|about|in)\b",
         unless=r"\b(?:if|whether|should|make\s+sure|let'?s|redo|redesign|not\s+(?:weird|odd|strange)|isn'?t|no\s+longer|anymore|was\s+fixed|not\s+(?:even\s+)?sure"
         # the look wanted after all: "looks weird to me but the designer wanted it that way"
         r"|wanted|intended|on\s+purpose|by\s+design|that'?s\s+(?:fine|ok|okay)|i\s+(?:like|love)\s+it)\b",
         after_claim=True),
    # "it doesn't match the mockup", "that's not what the spec says".
    rule(R, "unlike-spec-after-claim", r"\b(?:doesn'?t|does\s+not|don'?t|do\s+not|still\s+doesn'?t)\s+match\s+(?:the|my|our)\s+(?:mockup|mock|design|spec"
         r"|specs|specification|screenshot|figma|wireframe|example|requirements?|docs|ticket|reference)\b"
         r"|\bnot\s+what\s+(?:the|my|our)\s+(?:spec|specs|specification|design|mockup|ticket|docs|requirements?|figma)\s+(?:says?|said|shows?|asks?\s+for)\b"
         # "the docs don't say that", "the spec says otherwise"
         r"|\b(?:the|our)\s+(?:docs|documentation|spec|specs|specification|readme|ticket)\s+(?:doesn'?t|don'?t|does\s+not|do\s+not|never)\s+say\s+(?:that|so|this|anything\s+like\s+that)\b"
         r"|\b(?:the|our)\s+(?:docs|documentation|spec|specs|specification|readme|ticket)\s+says?\s+otherwise\b",
         unless=r"\b(?:make|should|if|whether|ensure|yet|can\s+you|could\s+you|fine|ok|okay|on\s+purpose|intended)\b", after_claim=True),
    rule(R, "again", r"\b(?:wrong|broken|failing|fails|failed|crashed|crashes|erroring)\s+again\b"
         r"|\bagain\s+(?:wrong|broken|failing)\b|\boff\s+by\s+(?:one|\d+|(?:a\s+factor|an\s+order)\s+of)\b"),
    # The same slip again, or the same thing asked again: "you made the same mistake again", "you keep doing
    # this", "this is the third time I've asked you" (not "you keep doing great work").
    rule(IV, "same-again", r"\b(?:made|making|make|repeated|repeating)\s+the\s+same\s+(?:mistake|error)\b|\bsame\s+mistake\s+(?:again|twice)\b"
         r"|\byou\s+keep\s+(?:doing|making|saying|repeating)\s+(?:this|that|it|the\s+same(?:\s+thing)?)\b"
         r"|\b(?:this\s+is|that'?s|it'?s)\s+the\s+(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th)|nth|umpteenth)\s+time\s+(?:i'?ve|i\s+have|i)\s+"
         r"(?:asked|told|said|mentioned|corrected)\b",
         # (nor a loop asked for: "you keep doing this until the tests pass")
         unless=r"\b(?:i|we)\s+(?:made|make|keep|repeated)\b|\b(?:thanks|thank\s+you|finally\s+(?:fixed|works|working))\b"
                r"|\b(?:until|till|as\s+long\s+as|while|whenever|each\s+time|every\s+time|if)\b"),
    # Right after the work, what it did without looking: "you didn't even read the code", "did you even look at the
    # file?" (a reproach; an instruction for what comes next, "read the file first", "不要瞎猜，先看日志", is not one).
    rule(P, "unread-after-claim", r"\byou\s+(?:didn'?t|did\s+not|never|haven'?t|have\s+not)\s+(?:even\s+|actually\s+)?(?:read|look\s+at|looked\s+at|open|opened|check|checked)\s+"
         r"(?:the|that|this|my)\s+(?:file|code|source|docs?|implementation|function|schema|error|log)s?\b"
         r"|\bdid\s+you\s+(?:even|actually)\s+(?:read|look\s+at|open|check)\s+(?:the|that|this|my)\s+(?:file|code|source|docs?|error|log)s?\b"
         r"|\byou'?re\s+(?:just\s+)?guessing\b",
         after_claim=True, asked=True),
    # Right after the work, what it wrote was there already: "use the existing parser instead of writing a new
    # one", "don't reinvent the wheel" (not "use the existing parser for the new endpoint": a task).
    # (a bare "instead of writing a new one" is as often the next step asked for: "extend the doc instead of …")
    rule(P, "existing-instead-after-claim", r"\buse\s+(?:the|our)\s+existing\s+[\w.-]+(?:\s+[\w.-]+){0,2}?\s+instead\b"
         r"|\b(?:don'?t|do\s+not|no\s+need\s+to)\s+reinvent\b",
         after_claim=True),
    # "redo it", "start over" alone right after the work: its result rejected; "this isn't it": not what was meant.
    rule(R, "redo-alone-after-claim", r"^(?:(?:no|nope|ugh|hmm+)[,.!\s]+)?(?:please\s+)?(?:redo\s+(?:it|this|that|the\s+whole\s+thing)|start\s+over)(?:\s+please)?[.!…\s]*$",
         after_claim=True, not_an_answer=True),
    rule(P, "not-it-alone-after-claim", r"^(?:(?:no|nope|hmm+)[,.!\s]+)?(?:this|that|it)\s+(?:isn'?t|is\s+not)\s+it[.!…\s]*$"
         r"|^(?:(?:no|nope|hmm+)[,.!\s]+)?(?:this|that|it)(?:'s|\s+is)\s+not\s+it[.!…\s]*$|^(?:(?:no|nope)[,.!\s]+)?not\s+this\s+one[.!…\s]*$",
         after_claim=True),
    # "only do what I asked", "just do what I said": the request kept to, against what was done.
    rule(IV, "only-what-asked", r"\b(?:only|just)\s+do\s+(?:what|exactly\s+what)\s+(?:i|we)\s+(?:asked|said|told\s+you|asked\s+for)\b"),
    # Right after the work, a miss pointed at, asked: "didn't you forget something?"
    rule(O, "forgot-asked-after-claim", r"\b(?:didn'?t|did)\s+you\s+forget\s+(?:something|anything)\b|\b(?:you\s+)?forgot\s+something\b|\bforgetting\s+something\b",
         after_claim=True, asked=True, not_an_answer=True),
    # Right after the work, the rest left as it was: "the other callers still use the old name", "half the files still
    # have the old header".
    rule(O, "rest-unchanged-after-claim", r"\b(?:half|some|most|many|a\s+few)\s+(?:of\s+)?(?:the\s+)?[\w.-]+\s+still\s+(?:have|has|use|uses|show|shows|contain|contains|say|says|call|calls)\b"
         r"|\b(?:the\s+)?(?:other|remaining)\s+(?:[\w.-]+\s+){1,2}?still\s+(?:use|uses|call|calls|reference|references"
         r"|import|imports|point|points|say|says|show|shows|have|has)\b|\bthe\s+rest\s+(?:of\s+(?:the|them)\s+)?(?:[\w.-]+\s+)?still\s+(?:use|uses|call|calls|show|shows|have|has)\b",
         unless=r"\b(?:if|whether|make\s+sure|ensure|should|fine|ok|okay|on\s+purpose|intended|that'?s\s+ok)\b", after_claim=True),
    # Right after the work, its result is off: "the numbers don't add up", "now it's slower than before".
    rule(R, "off-after-claim", r"\b(?:don'?t|doesn'?t|do\s+not|does\s+not|still\s+don'?t)\s+add\s+up\b"
         r"|\b(?:numbers|totals|counts|sums|figures|amounts|values)\s+(?:still\s+)?(?:don'?t|do\s+not)\s+match\b"
         # "type errors everywhere", "the console is full of errors"
         r"|\b(?:type\s+|ts\s+|lint\s+|console\s+|red\s+)?errors\s+everywhere\b"
         r"|\b(?:console|terminal|log|logs|output)\s+is\s+(?:now\s+)?(?:full\s+of|flooded\s+with|spamming)\s+(?:errors|warnings|exceptions|stack\s+traces)\b"
         # "you introduced a new bug", "you've added a regression"
         r"|\byou(?:'ve|\s+have)?\s+(?:just\s+)?(?:introduced|added|created|caused)\s+(?:a|another|one\s+more|some|new)\s+(?:new\s+)?"
         r"(?:bug|regression|error|issue|problem|crash|memory\s+leak|race\s+condition|race)s?\b"
         r"|\b(?:slower|worse|buggier|laggier|jankier|flakier)\s+than\s+(?:before|it\s+was|yesterday|the\s+old\s+one)\b",
         unless=r"\b(?:if|whether|make\s+sure|ensure|should|not|isn'?t|no|might|could|may)\b", after_claim=True),
    # "what are you doing", "wtf are you doing" right after the work: a reproach (not "what are you doing next?").
    rule(R, "what-are-you-doing-after-claim", r"^(?:(?:wtf|dude|man|bro|hey|seriously|wait|uh+|um+|omg)[,.!?\s]+){0,2}(?:what|wtf)\s+(?:the\s+(?:hell|heck|fuck)\s+)?are\s+you\s+doing\b",
         unless=r"\b(?:next|now|today|tomorrow|later|plan|planning|working\s+on)\b", after_claim=True, asked=True),
    # Hedged or told by a check, right after the work: "I don't think that fixed it", "doesn't look like the change took
    # effect", "it says the function is not defined"; "this isn't implemented the way I described" (not as asked).
    rule(R, "hedged-failed-after-claim", r"\bi\s+don'?t\s+think\s+(?:that|this|it|your\s+(?:change|fix|edit))\s+(?:really\s+)?(?:fixed|solved|resolved|worked|helped|did\s+(?:anything|it))\b"
         r"|\b(?:doesn'?t|does\s+not)\s+(?:look|seem)\s+like\s+(?:the|your|it|this|that)\s*(?:change|fix|update|edit)?\s*(?:took\s+effect|worked|applied|did\s+anything|helped|made\s+a\s+difference)\b"
         r"|\b(?:it|the\s+console|the\s+log|the\s+terminal|the\s+page|the\s+browser)\s+(?:now\s+|still\s+)?(?:says|shows|prints|tells\s+me)\s+(?:that\s+)?[^.!?\n]{0,40}?"
         r"\b(?:is\s+not\s+defined|isn'?t\s+defined|not\s+found|doesn'?t\s+exist|does\s+not\s+exist)\b",
         unless=r"\b(?:if|whether|should|make\s+sure|when|good\s+enough|fine\s+for\s+now|ok\s+for\s+now|thanks|thank\s+you)\b", after_claim=True),
    rule(IV, "not-as-described-after-claim", r"\b(?:isn'?t|is\s+not|wasn'?t|was\s+not|not)\s+(?:implemented|done|built|written|working)\s+(?:the\s+way|how|like)\s+i\s+(?:described|asked|said|explained|specified|wanted)\b",
         unless=r"\b(?:if|whether|fine|ok|okay|that'?s\s+ok)\b", after_claim=True),
    # The formal register, right after the work: "the issue is still present", "the build continues to fail", "the
    # behaviour is unchanged", "the output remains incorrect", "that didn't do the trick", "the fix didn't take".
    rule(R, "formal-unchanged-after-claim", r"\b(?:is|are)\s+still\s+(?:present|occurring|persisting)\b"
         r"|\bcontinues?\s+to\s+(?:fail|crash|error|break|hang|happen|occur)\b"
         r"|\b(?:behaviou?r|output|result|results|response|error|problem|issue|page|ui|layout)\s+(?:is|are|remains?|stays?)\s+(?:still\s+)?(?:unchanged|incorrect|wrong|broken)\b"
         r"|\bremains?\s+(?:incorrect|wrong|broken|unchanged)\b"
         r"|\b(?:didn'?t|did\s+not)\s+do\s+the\s+trick\b|\bthe\s+(?:fix|change|patch)\s+(?:didn'?t|did\s+not)\s+take\b"
         r"|\b(?:it'?s|it\s+is)\s+(?:still\s+)?(?:doing|behaving)\s+(?:exactly\s+|just\s+)?(?:the\s+same(?:\s+thing)?|as\s+before|like\s+before)\b",
         unless=r"\b(?:if|whether|should|make\s+sure|ensure|intended|expected|on\s+purpose|by\s+design|as\s+it\s+should|good|fine|great)\b"
         r"|\bfor\s+(?:existing|old|other|legacy)\b", after_claim=True),
    # An earlier instruction repeated right after the work: "As mentioned before, please don't modify the API", "Again,
    # please do not commit to main"; "That was out of scope" (not "we decided on …": often the context of new work).
    rule(IV, "repeated-after-claim", r"^(?:as\s+(?:i\s+)?(?:mentioned|said|stated|noted|explained)(?:\s+(?:before|earlier|above|previously))?|as\s+i\s+(?:told|asked)\s+you"
         r"|per\s+my\s+(?:earlier|previous|last)\s+(?:instructions?|message|request)|(?:once\s+)?again|to\s+repeat|i\s+repeat)\s*[,:;-]",
         also=r"\b(?:don'?t|do\s+not|never|must|mustn'?t|should|shouldn'?t|stay|keep|leave|untouched|only)\b",
         # (not "as I said, the deadline is friday, so let's keep it simple": a plan)
         unless=r"\b(?:thanks|thank\s+you|great|nice|perfect|let'?s|we\s+can|we'?ll)\b", after_claim=True, not_an_answer=True),
    rule(IV, "out-of-scope-after-claim", r"\b(?:was|were|is|are)\s+out\s+of\s+scope\b"
         r"|\bgoes\s+against\s+what\s+(?:i|we)\s+(?:asked|said|wanted|agreed)\b",
         unless=r"\b(?:go\s+ahead|next|now\s+let'?s|let'?s|so\s+(?:please|can|could)|keep|leave|mark|for\s+now|if|whether|remember)\b",
         after_claim=True, not_an_answer=True),
    # "that's not how React works" right after the work: it worked from a wrong idea of the tool.
    rule(P, "not-how-it-works-after-claim", r"\b(?:that'?s|this\s+is|it'?s)\s+not\s+how\s+(?:[\w.+#-]+\s+){1,3}?works?\b",
         unless=r"\b(?:if|whether|is\s+that|isn'?t\s+that)\b", after_claim=True, not_an_answer=True),
    # "that package isn't installed here" right after the work: it used what the project does not have.
    rule(P, "not-installed-after-claim", r"\b(?:that|this|the)\s+(?:package|module|library|lib|dependency|dep|gem|crate|plugin)\s+(?:isn'?t|is\s+not|wasn'?t)\s+"
         r"(?:even\s+)?(?:installed|available|in\s+(?:the\s+|our\s+)?(?:deps|dependencies|requirements|package\.json|lockfile))\b",
         unless=r"\b(?:if|whether|yet|should|make\s+sure)\b", after_claim=True),
    # Right after the work, a checker newly objects: "mypy complains now", "eslint is complaining now".
    rule(R, "checker-now-after-claim", r"\b(?:mypy|pyright|eslint|ruff|flake8|pylint|tsc|clippy|the\s+linter|linter|lint|the\s+type\s*checker|typescript|prettier)\s+"
         r"(?:now\s+)?(?:is\s+)?(?:complains|complaining|yells|yelling|flags|flagging|errors|erroring|fails|failing)\b(?:\s+\w+){0,3}?\s+now\b"
         r"|\bnow\s+(?:mypy|pyright|eslint|ruff|flake8|pylint|tsc|clippy|the\s+linter|lint|the\s+type\s*checker|typescript)\s+(?:complains|yells|flags|errors|fails)\b",
         unless=r"\b(?:if|whether|make\s+sure|ensure|should|no\s+longer|doesn'?t|stopped|anymore)\b", after_claim=True),
)
# Bare reports of a bad state (not done, still wrong): about the agent's work after its turn, a new task after a known
# turn that claimed nothing (an explanation, a question, a plan).
TYPES = reports(TYPES, frozenset({"works-but-fails", "no-it-should", "still-missing", "never-done", "no-better", "same-again", "still-wrong", "now-broken",
                                 "thing-is-wrong", "again", "that-is-wrong"}))

EXCLUSIONS = (
    rule(SELF_BLAME, "mine", r"\bmy\s+(?:bad|mistake|fault|error|typo|apologies)\b"
         r"|\bi\s+(?:was|am|'m)\s+(?:wrong|mistaken|confused)\b|\bi'm\s+(?:wrong|mistaken)\b"
         r"|\bi\s+(?:made|make)\s+(?:a|an|the)\s+(?:mistake|typo|error)\b"
         r"|\bi\s+(?:messed|screwed|mixed)\s+(?:up|it up|that up|them up)\b"
         r"|\bi(?:\s+also|\s+just|\s+totally)?\s+(?:forgot|missed|misread|misspoke|mistyped"
         r"|overlooked|confused|misremembered|mixed up)\b"
         r"|\bi\s+(?:gave|told|sent)\s+you\s+(?:the\s+|a\s+)?wrong\b"
         r"|\b(?:sorry|oops)[,!.]?\s+i\s+meant\b|\bi\s+meant\s+to\s+(?:say|write|type)\b"
         r"|\bthat'?s\s+on\s+me\b|\b(?:typo|mistake)\s+on\s+my\s+(?:part|end|side)\b"
         r"|\bi\s+(?:had|have)\s+(?:it|that)\s+wrong\b"
         # "that's because I haven't set the key yet", "the problem is in my nginx config, not your code"
         r"|\bbecause\s+i\s+(?:haven'?t|hadn'?t|didn'?t|forgot|never|still\s+have|have\s+an?\s+old)\b|\bbecause\s+(?:of\s+)?my\s+(?:own\s+)?\w+"
         r"|\bnot\s+(?:in\s+|with\s+)?your\s+(?:code|change|changes|fix|edit|edits|doing|work)\b"
         r"|\b(?:problem|issue|bug|cause)\s+(?:is|was)\s+(?:probably\s+|likely\s+)?(?:in|with|on)\s+my\s+(?:own\s+)?\w+"
         # "forgot to tell you, the key is in 1Password": the user forgot to mention something.
         r"|(?:^|[.!?;,]\s*)(?:(?:oh|oops|sorry|also|btw|ah|and|actually)[,!.]?\s+)*forgot\s+to\s+(?:tell|mention"
         r"|say|let\s+you\s+know|give\s+you|send\s+you|share|point\s+out)\b"),
    rule(HYPOTHETICAL, "if", r"\b(?:if|in case|unless|whether|assuming|suppose|supposing|what if"
         r"|should\s+(?:it|this|that|anything|something))\b",
         also=r"\b(?:wrong|incorrect|broken|break|breaks|fail|fails|failing|failed|missing|miss"
         r"|missed|forgot|forget|error|errors|mistake|mistakes|exist|exists|crash|crashes|off"
         r"|misread|misunderstood|misinterpreted|overlooked|skipped|omitted|broke)\b",
         # "if I click submit it crashes": what happens when the user does it, no wish or instruction with it
         unless=r"^(?![^\n]{0,300}?" + _WHEN_I_SPEC + r")" + _WHEN_I),
    # "when the token is missing, return 401": a case the product must handle. "It still fails
    # when …" and "when I ran it …" report what happened, so they stay.
    rule(HYPOTHETICAL, "when", r"\b(?:when|whenever)\b", also=_BAD_STATE,
         unless=r"\bwhen(?:ever)?\s+(?:i|we)\b|" + _AGENT),
    # "Fine, go with that plan but only in the invoices module. Leave the rest alone.": the agent's proposal
    # taken up, with the scope of the work ahead; not a judgment of work done.
    rule(AGREEMENT, "take-the-proposal", r"^(?:(?:ok(?:ay)?|yes|yeah|sure|sounds\s+good|great|alright|good|perfect)[,.!\s]+){0,2}(?:let'?s\s+|please\s+)?"
         r"(?:try|go\s+with|use|implement|apply|go\s+ahead\s+with)\s+(?:this|that|the|your)\s+(?:[\w-]+\s+)?(?:approach|plan|idea|option|suggestion|proposal"
         r"|solution)\b"),
    rule(AGREEMENT, "yes-but", r"^(?:yes|yeah|yep|yup|ok|okay|k|sure|right|correct|exactly|good"
         r"|great|nice|perfect|thanks|thank you|cool|agreed|got it|makes sense|sounds good"
         r"|looks good|lgtm|fine|alright|all right)\b[\s,.!;:-]*(?:but|though|however|although"
         r"|also|and|just|now|only|then|plus)\b",
         # "thanks, but the env var isn't in .env.example": the thanks opens a report of what is wrong.
         # "ok, and now this error shows up: …": the agreement opens a fresh failure.
         unless=r"^[^.?!\n]{0,20}?\bnow\s+(?:i|we|it)(?:'m|\s+am|'re|\s+are)?\s+(?:get|got|getting|have|see|seeing)\s+(?:this|these|the\s+following"
         r"|an?\s+(?:[\w-]+\s+)?(?:error|exception|crash))\b"
         r"|^[^.?!\n]{0,30}?\bbut\s+(?:the\s+|it\s+|this\s+|that\s+|you\s+)?[^.?!\n]{0,60}?\b(?:isn'?t|aren'?t|wasn'?t|weren'?t|doesn'?t|didn'?t"
         r"|don'?t|can'?t|won'?t|still|missing|broken|wrong|fails?|failing|never)\b|^[^.?!\n]{0,30}?\bbut\s+(?:it|they|this|that)(?:'s|'re|\s+is|\s+are)\s+not\s+"
         r"(?:" + _STATE_SOUGHT + r"|working|showing|loading|rendering|displayed|saved|updated)\b"
         # "fine, but you added the `dirs` crate, we already have one": what the agent did, set right.
         r"|^[^.?!\n]{0,30}?\bbut\s+you(?:'ve|\s+have)?\s+(?:also\s+|just\s+)?(?:added|used|removed|deleted|changed|broke|forgot|missed|put|installed"
         r"|pushed|renamed|dropped|wrote|created|hardcoded|left)\b"),
    rule(RECHECK, "double-check", r"\b(?:double[- ]?check|re-?check|re-?verify|sanity[- ]check"
         r"|investigate|look\s+into|find\s+out\s+why|figure\s+out\s+why|debug\s+(?:it|this|that|why)"
         r"|check\s+(?:it\s+|this\s+|that\s+)?again|look\s+again|take\s+another\s+look"
         r"|(?:can|could|would)\s+you\s+(?:please\s+)?(?:verify|confirm|check|validate)"
         r"|please\s+(?:verify|confirm|validate)|are\s+you\s+sure"
         r"|(?:is|isn'?t|was|wasn'?t)\s+(?:this|that|it)\s+(?:right|correct|ok|okay|wrong|broken"
         r"|incorrect)\b"
         # another cause offered, as zh 可能 and ja かも are doubts: "it might be the data", "not saying it's broken"
         r"|\b(?:it|that|this)\s+(?:might|may|could)\s+(?:just\s+|also\s+|well\s+)?be\s+(?:the|my|our|a|an)\b"
         r"|\bmaybe\s+(?:it'?s|it\s+is|that'?s)\s+(?:the|my|our|a|an|just)\b|\bnot\s+saying\s+(?:it'?s|it\s+is|that)\b)",
         # "failed the test, can you find out why", "your fix failed to fix it. can you dig deeper": the failure is said
         unless=r"^(?:\d+\s+(?:tests?\s+)?)?failed\b|\b(?:failed|fails)\s+to\s+(?:resolve|fix|solve|help)\b"
         # "help me debug why the totals are not showing": the failure is said, its cause asked for
         r"|\b(?:debug|find\s+out|figure\s+out)\s+why\s+(?:the|it|this|that|they|my)\b[^.?!\n]{0,60}?\b(?:not|n't|never)\s+\w"),
    # "Is the list still empty on your side?", "does it still crash for you?": the listener's view asked
    # for (not beside the speaker's own: "does it work for you? it's still broken here").
    rule(RECHECK, "your-view", r"^(?:is|are|does|do|did|was|were)\b[^.?!\n]{0,80}?\b(?:on\s+your\s+(?:side|end|machine)|for\s+you)\s*\??\s*$",
         unless=r"\b(?:here|for\s+me|on\s+my\s+(?:side|end|machine)|i\s+(?:still\s+)?(?:get|see|got))\b"),
    # "I don't think I missed any call sites": a doubt about one's own mistake, not an admission.
    rule(NEGATED, "doubt-self", r"\bi\s+(?:don'?t|do not|didn'?t|did not)\s+(?:think|believe)\s+(?:that\s+)?i\b"
         r"|\bi\s+doubt\s+(?:that\s+)?i\b|\bnot\s+sure\s+(?:that\s+)?i\b(?!\s+was\s+clear)"
         r"|\bi\s+(?:haven'?t|have not|didn'?t|did not)\s+(?:missed|forgotten|overlooked|skipped|miss|forget"
         r"|overlook|skip|break|broken)\b"
         r"|\b(?:not|isn'?t|wasn'?t)\s+(?:my|a|an)\s+(?:mistake|fault|error|oversight|typo)\b"),
    rule(NEGATED, "nothing-wrong", r"\bnothing(?:'s| is| was)?\s+(?:\S+\s+)?(?:missing|wrong|broken"
         r"|broke|failing|off)\b|\b(?:no|zero|0)\s+(?:more\s+)?(?:worries|problem|problems|issues?|errors?|bugs?|crash(?:es)?|failures?|exceptions?)\b"
         r"(?!\s+(?:in|on|at|from|when|while|shown|showing|logged|reported|anywhere|either)\b)"
         r"|\bnot\s+(?:bad|wrong|broken|your fault)\b|\b(?:isn'?t|is not|aren'?t|are not)\s+"
         r"(?:missing|wrong|broken)\b|\bdon'?t\s+see\s+anything\s+wrong\b|\bnot\s+seeing\s+any\s+(?:more\s+)?(?:errors?|warnings?|issues?|problems?|crash(?:es)?|failures?)\b|\ball\s+good\b"
         r"|\bworks\s+(?:now|fine|great|perfectly)\b(?!,?\s+but\b)"
         r"|\b(?:everything|all\s+(?:the\s+)?tests?|all\s+of\s+them)\s+pass(?:es|ed)?\b(?![^.!?\n]{0,40}?\b(?:but|except|though|however)\b)"
         r"|\b(?:forgot|missed)\s+nothing\b|\bdidn'?t\s+(?:miss|forget)\s+anything\b"),
    # "those warnings are unrelated to this change": the user sets the problem apart from the agent's work.
    rule(NEGATED, "unrelated", r"\b(?:(?:are|is|were|was|seems?|looks?)\s+(?:\w+\s+)?unrelated|(?:are|is|were|was)\s+not\s+related|have\s+nothing\s+to\s+do"
         r"|has\s+nothing\s+to\s+do)\s+(?:to|with)\s+(?:this|the|your|that|these|what\s+you)\s+(?:\w+\s+)?(?:change|changes|fix|fixes|work|pr|task"
         r"|edit|edits|commit|commits|did|just\s+did|refactor)\b"),
    # "they were off before your fix, now they're right": the problem named is the one the work solved.
    rule(NEGATED, "now-right", r"\bnow\s+(?:it'?s|they'?re|it\s+is|they\s+are|everything(?:'s|\s+is)|all\s+is|this\s+is)\s+(?:all\s+)?(?:right|correct|fine"
         r"|good|working|ok|okay|perfect)\b|\bnow\s+(?:it|they|everything|this)\s+works?\b",
         unless=r"\b(?:but|except|however|although|though|still)\b"),
    # "… on the old server, but that server is being retired": the problem goes away with what it is in.
    rule(NEGATED, "going-away", r"\b(?:is|are)\s+(?:being|going\s+to\s+be|to\s+be)\s+(?:retired|removed|replaced|deprecated|decommissioned|shut\s+down"
         r"|rewritten|thrown\s+away)\b|\bgoing\s+away\s+(?:soon|anyway)\b"),
    # "these errors are from my browser extension, ignore them": the user dismisses the problem.
    rule(NEGATED, "ignore-it", r"\b(?:just\s+|please\s+)?(?:ignore|disregard)\s+(?:them|those|these|it|that|this|the\s+[\w.-]+)\s*(?:[.,!;]|$|for\s+now)",
         unless=r"\b(?:don'?t|dont|do\s+not|stop|never|shouldn'?t|should\s+not)\s+(?:just\s+)?(?:ignore|disregard)\b"),
    # Someone else's or an old problem: not a correction of the agent.
    rule(NEGATED, "known-issue", r"\bknown\s+(?:bug|issue|problem|limitation)\b|\bpre-?existing\b"
         r"|\b(?:was|were)\s+already\s+(?:broken|failing|wrong|missing)\b"
         # ("broken before your change", "failing since yesterday"; "broken since your change" dates it after the work)
         r"|\b(?:broken|failing|wrong|missing)\s+(?:before\s+(?:your|you|the\s+last|yesterday)|since\s+(?:the\s+last|yesterday))\b"),
    # Code the user wrote or a colleague's PR, a fresh setup: not the agent's work ("my own code doesn't work",
    # "I haven't touched the code yet", "the first time after cloning", "on a new laptop").
    rule(THIRD_PARTY, "not-the-agents-code", r"\b(?:my\s+own\s+(?:code|script|function|program)|(?:code|script)\s+i\s+wrote(?:\s+myself)?|i\s+wrote\s+this\s+(?:code|script|myself)"
         r"|(?:my|a)\s+(?:colleague|coworker|teammate)'?s\s+(?:pr|pull\s+request|branch|code)|i\s+haven'?t\s+touched\s+(?:the\s+)?code"
         r"|just\s+cloned|after\s+cloning|fresh\s+clone|on\s+a\s+(?:new|fresh)\s+(?:machine|laptop|computer|mac)"
         # what monitoring caught: "Sentry keeps reporting this", "Crashlytics shows …"
         r"|" + MONITORING + r")\b", unless=_AGENT),
    # The old code, upstream, a customer, last month: someone else's error, a task for the agent.
    rule(THIRD_PARTY, "someone-else", r"\b(?:old|previous|original|legacy|former|upstream|third[- ]party"
         r"|vendor|vendored|external|customer|customers|colleague|coworker|co-worker|teammate"
         r"|maintainer|maintainers|contractor|intern|someone|somebody|(?:another|the\s+other)\s+team"
         r"|last\s+(?:week|month|year|quarter|sprint|release)|(?:weeks|months|years)\s+ago)\b",
         also=_ERR, unless=_AGENT + r"|\bback\s+to\s+(?:the|a|an|our)\s+(?:previous|old|original)\b"),
    # A failure on its own calendar ("the backup fails every night", "crashes a few times a day", "started
    # failing around Monday") is older than the work just done: a problem to look into, not its result
    # (unless still, again, now or the agent's change is named).
    rule(NEW_TASK, "on-its-own-schedule", r"\b(?:every|each)\s+(?:night|morning|evening|day|week|weekend|hour|monday|tuesday|wednesday"
         r"|thursday|friday|saturday|sunday)\b|\b(?:a\s+few|several|many|multiple|\d+)\s+times\s+(?:a|an|per|each)\s+(?:day|hour|week|night)\b"
         r"|\bstarted\s+(?:failing|happening|crashing|erroring|showing\s+up|timing\s+out)\s+(?:around|on|last|since)\b",
         also=_ERR + r"|\b(?:exception|timeout|times\s+out|dies|killed|down)\b", unless=_AGENT + r"|\bafter\s+(?:the|this)\s+(?:fix|change|update|edit)\b"),
    # "Requirements: - rerunning it must not change the output …": a list of requirements for new work; its items
    # say what must (not) happen, not what happened.
    rule(NEW_TASK, "requirements-listed", r"\b(?:requirements|specs|acceptance\s+criteria)\s*(?:are|is)?\s*(?:as\s+follows)?\s*:"
         r"|\bhere\s+(?:are|is)\s+the\s+(?:requirements|spec|specs|acceptance\s+criteria)\b"),
    # "I'm working on a Flask app and the login route returns 500": the project introduced, a conversation opened
    # (not "I'm working on the fix and it still fails": the work at hand, "the", or still).
    rule(NEW_TASK, "project-intro", r"^(?:(?:hi|hello|hey)[,!.\s]+)?(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:currently\s+)?(?:working\s+on|building|developing"
         r"|writing|making|creating)\s+(?:a|an|my|our)\s+(?!(?:fix|patch|workaround|change)\b)"
         r"(?![^.!?\n]{0,80}?\b(?:still|again|anymore|any\s+more|your|you|after)\b)"),
    # "I'm new to Rails, …", "beginner here": a newcomer opening a conversation, not a report on the work.
    rule(NEW_TASK, "newcomer", r"\bi'?m\s+(?:new|a\s+beginner|a\s+newbie|very\s+new|pretty\s+new|fairly\s+new)\s+(?:to|at|with)\b"
         r"|\bi'?m\s+(?:a\s+)?(?:total\s+|complete\s+)?(?:beginner|newbie|noob)\b|\b(?:beginner|newbie)\s+here\b", unless=_AGENT),
    # "… which is why we're rewriting it", "the password is wrong" (a product case): the problem
    # motivates new work or belongs to the product's domain.
    rule(NEW_TASK, "labelled-report", LABELLED_REPORT),
    rule(NEW_TASK, "reason-for-work", r"\b(?:which|that)(?:'s| is)\s+why\b|\bthat'?s\s+why\b"
         r"|\bso\s+(?:we|i)(?:'re| are|'m| am|'ll| will| need| have| decided| want| plan)\b|\bso\s+let'?s\b"
         r"|\b(?:password|passcode|passphrase|otp|credentials|verification\s+code)s?\b",
         also=_ERR, unless=_AGENT),
    # "Thanks, that works. Next: …", "btw, unrelated: …": the message moves on to a new task.
    rule(NEW_TASK, "moving-on", r"(?:^|[.!?;]\s+)(?:next|unrelated|separately|btw|by\s+the\s+way|moving\s+on|another\s+thing"
         r"|one\s+more\s+thing|new\s+task|on\s+another\s+note)\b\s*[:,-]"),
    # "there's no config file yet, create one": a missing thing to build, not a wrong premise.
    rule(NEW_TASK, "build-one", r"\b(?:create|write|add|make|generate|draft|set\s+up|build)\s+(?:one|a\s+new|them|it"
         r"|(?:a|an)\s+[\w-]+\s+for)\b",
         also=r"\bmissing\b|\bthere(?:'s| is| are)\s+no\b(?!\s+such)|\bhas\s+no\b|\b(?:lacks|lacking|yet)\b"
         r"|\b(?:doesn'?t|does\s+not|don'?t|do\s+not)\s+exist\b",
         unless=_AGENT),
    # "it doesn't work when the csv has a BOM, add handling for that": a case to support, asked as new work.
    rule(NEW_TASK, "add-handling", r"\b(?:add|adding|implement|write|needs?|put\s+in)\s+(?:some\s+|proper\s+|error\s+|a\s+bit\s+of\s+)?"
         r"(?:handling|support)\b|\bhandle\s+(?:the|a|this|that)\s+case\b|\b(?:can|could)\s+you\s+(?:also\s+)?(?:handle|support)\s+(?:that|this|it|them|those)\b",
         unless=_AGENT),
    # "it returns 404 for unknown ids, that's by design", "it's broken on IE11 but we don't support it": the
    # behaviour described is wanted, or out of scope.
    rule(NEGATED, "as-intended", r"\b(?:by\s+design|as\s+(?:designed|intended)|on\s+purpose|(?:that'?s|which\s+is|it'?s)\s+(?:expected|intended"
         r"|what\s+(?:we|i)\s+want(?:ed)?|correct|fine\s+for\s+now|ok\s+for\s+now|okay\s+for\s+now)|(?:we|i)\s+(?:don'?t|do\s+not|no\s+longer)\s+"
         r"(?:support|care\s+about|use)\s+(?:it|that|this|them)\b|next\s+(?:sprint|release|quarter|milestone)"
         r"|(?:that'?s|it'?s|those\s+are)\s+(?:planned\s+)?for\s+(?:v\d+|later|phase\s+\d+|the\s+next\s+\w+|another\s+\w+|a\s+later\s+\w+))\b",
         unless=r"\b(?:you|your|not|isn'?t|wasn'?t)\b"),
    # "you didn't change the API, good": leaving something alone on purpose.
    rule(NEGATED, "not-done-on-purpose", r"\b(?:didn'?t|did not|never|haven'?t|wasn'?t|weren'?t)\b",
         also=r"\b(?:good|great|perfect|nice|correct|fine|thanks|right call|intended|intentional"
         r"|on purpose|as expected|that'?s ok)\b", unless=r"\bexcept\b|\bany\s+good\b|\bi\s+(?:didn'?t|didnt|did\s+not)\s+ask\b"
         r"|\b(?:good|great|nice|perfect|fine|thanks)\b[^.?!\n]{0,20}?\bbut\b"),
)

CORRECTIVE = rx(
    r"^(?:no|nope|nah|wait|stop|hold on|ugh|argh|hm+\s+no|wrong|undo|revert)\b|[?!]{2,}"
    r"|\b(?:not what|that'?s not|this is not|still (?:wrong|broken|not|doesn'?t|fails|failing)"
    r"|doesn'?t work|didn'?t work|not working|why (?:did|are|would|were|do|is) you|what are you doing"
    r"|stop \w+ing|undo|revert|roll ?back|put it back|i said|i asked|you should(?:n'?t)? have"
    r"|don'?t do that|seriously|wtf|makes no sense|not quite|not it|not right|supposed to"
    r"|should have been|made (?:that|it) up|did you (?:even|forget|miss)|same error|instead of what"
    r"|again\?|instead of|(?:made|make) (?:that|it|this) up)|^(?:and\s+)?(?:what about|where(?:'s| is| are)"
    r" the)\b")
PRAISE = rx(r"^(?:thanks|thank you|great|perfect|nice|awesome|lgtm|looks good|good job|ok|okay"
            r"|cool|yes|yep|sure)\b|\b(?:that'?s fine|no worries|no problem|not bad)\b")

_ADMIT = (r"(?:also\s+|completely\s+|accidentally\s+|mistakenly\s+)?(?:missed|forgot|overlooked|neglected"
          r"|misread|misunderstood|misinterpreted|mistakenly|accidentally|incorrectly|wrongly|broke|left out"
          r"|skipped|omitted|hallucinated|invented|made\s+(?:that|it|this|those)\s+up"
          r"|made\s+(?:a|an)\s+(?:mistake|error|typo)|was\s+wrong|got\s+(?:it|that|this)\s+wrong"
          r"|introduced\s+(?:a|an|the)\s+(?:bug|regression|error|typo)|should\s+have|shouldn'?t\s+have"
          r"|failed\s+to|didn'?t\s+(?:notice|realize|check|verify|run|test)|ignored)\b")
_MY = r"\s+(?:mistake|bad|error|fault|oversight)\b"
# "You asked me not to touch package-lock.json and I regenerated it anyway." A constraint (not,
# only, no …): "you asked for Redis, and I used it instead of the cache" is compliance.
_AGAINST = (r"\byou\s+(?:\w+\s+)?(?:asked|told|said|wanted)\b[^.!?]{0,30}?\b(?:not|no|never|only|just)\b"
            r"[^.!?]{0,80}?\b(?:and|but)\s+i\b[^.!?]{0,80}?"
            r"\b(?:anyway|instead|went\s+ahead|regardless)\b|\bi\s+went\s+against\b")
# "My previous fix didn't work", "the regex I gave you is wrong", "the Dockerfile I wrote breaks the build"
_MY_WORK = (r"\bmy\s+(?:previous|earlier|last|first|original|initial)\s+(?:fix|answer|change|patch|suggestion|attempt"
            r"|version|response|edit|analysis)\s+(?:didn'?t|did\s+not|was\s+(?:wrong|incorrect)|broke|introduced)\b"
            r"|\bthe\s+[\w`.-]+(?:\s+[\w`.-]+)?\s+i\s+(?:gave\s+you|wrote|added|suggested|proposed|generated|created)\s+"
            r"(?:is|was|breaks|broke|has|had)\s+(?:wrong|incorrect|broken|buggy|a\s+bug|the\s+build|an?\s+(?:error|bug"
            r"|typo|off-by-one))")
ADMISSION = rx(r"\bi\s+" + _ADMIT + r"|\bmy" + _MY
               + r"|\b(?:even though|although|despite|against)\s+(?:you|your)\s+(?:told|asked|said|instruction|explicit"
               r"|note|request)"
               + r"|\bthat'?s\s+on\s+me\b|" + _AGAINST + r"|" + _MY_WORK)
# The same with each word boundary moved behind the first letter: every top-level alternative
# starts with a literal, so sre skips ahead by character set (~5x faster on prose).
ADMISSION_HINT = rx(r"i(?<![a-z0-9_]i)\s+" + _ADMIT + r"|my(?<![a-z0-9_]my)" + _MY
                    + r"|even though\s+you|although\s+you|despite\s+you|against\s+you|on\s+me|you\s+(?:\w+\s+)?(?:asked|told|said|wanted)"
                    r"|went\s+against|my\s+(?:previous|earlier|last|first|original|initial)"
                    r"|i\s+(?:gave|wrote|added|suggested|proposed|generated|created)")

SELF_TYPES = (
    rule(O, "i-missed", r"\bi\s+(?:also\s+|completely\s+)?(?:missed|forgot|overlooked|neglected"
         r"|left out|skipped|omitted|failed\s+to\s+(?:add|include|update|run|export|handle|mention))\b"
         r"|\bi\s+should\s+have\s+(?:run|added|included|updated|checked|tested)\b"),
    rule(IV, "against-instruction", r"\b(?:even though|although|despite)\s+you\s+(?:told|asked|said)"
         r"|\bdespite\s+your\s+(?:explicit\s+)?(?:note|request|instructions?)\b"
         r"|\bagainst\s+your\s+instructions?\b|\bi\s+ignored\s+your\b|" + _AGAINST),
    rule(P, "i-misread", r"\bi\s+(?:misread|misunderstood|misinterpreted|(?:wrongly\s+|incorrectly\s+)?"
         r"assumed|made\s+(?:that|it|this|those)\s+up|hallucinated|invented)\b"),
    rule(R, "i-broke", _MY_WORK + r"|\bi\s+(?:broke|introduced\s+(?:a|an|the)\s+(?:bug|regression|error))\b"
         r"|\bi\s+(?:mis)?calculated\s+\S+\s+(?:wrong|incorrectly)\b"),
)

FINDING_TYPES = (
    rule(O, "missing", r"\bmissing\b|\bnot\s+(?:updated|handled|covered|tested|documented)\b"
         r"|\b(?:forgot|omitted|omission)\b|\bno\s+tests?\s+for\b"),
    rule(IV, "not-allowed", r"\bnot\s+allowed\b|\bforbidden\b|\bprohibited\b|\bviolat(?:es|ed|ion)\b"
         r"|\bagainst\s+(?:the\s+)?(?:policy|rules?|instructions?)\b|\bmust\s+not\b"),
    rule(P, "wrong-premise", r"\b(?:does\s*n[o']t|doesn'?t)\s+exist\b|\bwrong\s+" + _TARGET + r"\b"
         r"|\bincorrect\s+assumption\b"),
    rule(R, "incorrect", r"\bincorrect(?:ly)?\b|\bwrong\b|\bbug\b|\bbroken\b|\bregression\b"
         r"|\bdouble[- ]counts?\b|\bcrash(?:es)?\b"),
)

REVIEW_CLEAN = rx(
    r"\bno\s+(?:(?:critical|major|important|blocking|significant|serious|other|remaining|further"
    r"|obvious)\s+(?:or\s+|and\s+|/\s*)?){0,3}(?:issues?|problems?|bugs?|concerns?|findings?)"
    r"(?:\s+(?:found|identified|detected|were found))?\b|\blgtm\b|\blooks good(?: to me)?\b"
    r"|\bnothing\s+(?:to\s+fix|wrong|blocking)\b|\bfound\s+nothing\s+wrong\b")
REVIEW_PROBLEM = rx(
    r"\b(?:issues?|problems?|bugs?)\s+(?:found|identified|detected|to\s+(?:fix|address))\b"
    r"|\bfound\s+(?:\d+|a|an|one|two|three|several|some|the\s+following|these)\s+(?:issues?|problems?"
    r"|bugs?)\b|\b(?:critical|important|major|blocking)\s*(?:issues?|\(|:)|\bmust\s+fix\b"
    r"|\bshould\s+fix\b|\bneeds?\s+(?:changes|fixing|work)\b|\brequest(?:ing|ed)?\s+changes\b"
    r"|\bchanges\s+requested\b|\bwith\s+(?:minor\s+)?fixes\b|^[ \t]*(?:critical|bug|problem|issue)[ \t]*:",
    re.MULTILINE)

# A paste set apart from the agent's work by the words typed with it: another problem ("next issue:",
# "this other one:"), an example or a wish ("lines like this:", "the expected output:"), someone else's
# or an old run ("yesterday's log", "my colleague gets", "the old version printed"), context.
MOVED_ON = rx(
    r"\b(?:unrelated|separately|for\s+(?:context|reference|example)|(?:the\s+)?(?:next|other|another|different|separate)\s+(?:issue|problem"
    r"|bug|one|thing|task|part|module|feature|project)|(?:old|previous|original|legacy)\s+(?:version|code|script|system|app|implementation)"
    r"|yesterday|last\s+(?:night|week|month|time)|colleague|coworker|teammate|customers?|(?:an?\s+)?users?\s+(?:reported|sent)"
    r"|(?:users?|customers?|clients?|qa|support)\s+(?:are|have\s+been|keep|kept)\s+(?:reporting|seeing|getting|hitting|complaining)"
    r"|(?:in|from|on)\s+sentry"
    # material for new work: "migrate this config to flat config", "convert these to TypeScript"
    r"|(?:migrate|convert|port|translate|rewrite)\s+(?:this|these|it|them|the\s+following)(?:\s+[\w.-]+){0,2}?\s+(?:to|into|in)"
    r"|like\s+(?:this|these)|(?:example|sample|expected|desired)\s+(?:output|log|error|input|format)"
    r"|that\s+part\s+works|(?:write|build|make|add)\s+(?:a|an)\s+(?:parser|regex|test|handler|check)\b)"
)

# Informal spellings written out before the rules read a message: "u forgot", "dont touch that", "thats not
# it", "its still broken", "still borken". One spelling of each word then serves every rule.
SHORTHAND = (
    (rx(r"\bu\b(?!\.)"), "you"),
    (rx(r"\bur\b"), "your"),
    (rx(r"\b(don|doesn|didn|isn|wasn|aren|weren|haven|hasn|hadn|couldn|wouldn|shouldn|can|won)t\b"), r"\1't"),
    (rx(r"\b(that|what|there|here|where|who)s\b"), r"\1's"),
    (rx(r"\bits(?=\s+(?:still|not|broken|working|wrong|fine|gone|empty|blank|now|the\s+same|worse|better|just|fixed|done|ok|okay|missing"
        r"|failing|crashing|correct|right|good|great)\b)"), "it's"),
    (rx(r"\bborken\b"), "broken"),
    (rx(r"\b(?:workin|wokring|workign|wroking)\b"), "working"),
)

# "now I get TypeError: …", "still ValueError on the empty row", "it throws NullPointerException on save",
# "the page shows \"Uncaught ReferenceError …\"" (not "make it raise ValueError", "handle the KeyError",
# "the TypeError is gone", "if you get a TypeError …").
ERROR_NAMED = rule(R, "error-named-after-claim",
    r"\b(?:now|still|again|same|get|gets|got|getting|see|seeing|saw|says|saying|said|shows|showing|showed|throws|throwing|threw"
    r"|thrown|raises|raising|raised|gives|giving|gave|hit|hitting|crash(?:es|ed|ing)?|fails|failing|failed|errors?\s+out)\b"
    r"|\bthere(?:'s|\s+is|\s+are)\b",
    unless=r"\b(?:if|whether|when\s+(?:you|the\s+user|users|a|an)|in\s+case|should|must|make|add|adding|handle|handling|catch|catching"
    r"|log|logging|raise\s+an?|throw\s+an?|expect|expects|rename|instead|gone|fixed|resolved|no\s+(?:more|longer)|disappeared"
    r"|went\s+away|thanks?|colleague|customers?|yesterday|last\s+(?:week|night|time)|before\s+your?"
    # the next task named by its error ("now, next: the ValueError in import.py", "same for the KeyError branch")
    r"|please|can\s+you|could\s+you|let'?s|need|needs|want|next|separately|unrelated|different\s+(?:issue|task|problem|thing)"
    r"|handler|class|subclass|same\s+(?:for|with|goes|thing))\b"
    r"|^(?:now|ok|okay|next|then)?[,\s]*(?:fix|look\s+at|investigate|debug|check)\b", after_claim=True)

PACK = Pack(
    lang="en", types=TYPES, exclusions=EXCLUSIONS, corrective=CORRECTIVE, praise=PRAISE,
    question=None, admission=ADMISSION, admission_hint=ADMISSION_HINT, self_types=SELF_TYPES, finding_types=FINDING_TYPES,
    review_problem=REVIEW_PROBLEM, review_clean=REVIEW_CLEAN, moved_on=MOVED_ON,
    shorthand=SHORTHAND, error_named=ERROR_NAMED,
)
