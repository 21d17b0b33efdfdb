"""Rule packs, one module per language (`ko`, `en`, `zh`, `ja`), and the record they share.

A pack is data: regexes only, no behaviour, so `classify` can try several packs on one message
(mixed text) and a test can run every pattern on adversarial input directly. Each is a `Regex`,
compiled the first time it is used: compiling all of them took 0.2 s, and the prompt hook types
a few messages of one language, whose gate (`classify/gate.py`) lets a few rules run.

Patterns are lowercase and compiled without re.IGNORECASE: `classify` lowercases the text once,
because IGNORECASE stops sre from skipping ahead to a pattern's first literal (about 5x slower).
Every pattern must stay linear on any input: literal alternations, no nested unbounded quantifiers
over overlapping classes, and a bounded gap (`不是[^不，]{1,15}，是`) never matches its own anchor,
so scans from neighbouring anchors cannot overlap. Where two things must co-occur ("if" …
"wrong") a `Rule` pairs two plain patterns within one sentence instead of a wide gap.
tests/classify/test_classify.py runs every pattern on 1 MB of adversarial text. A long pattern is
compiled behind a look-ahead of the characters it can start with (`_guarded`): the same matches,
found faster where a wide alternation opens with groups.
"""
from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from typing import Any, NamedTuple

# Exclusion reasons (the `excluded` field of `git-ledger classify`).
EMPTY = "empty"
HARNESS = "harness"  # starts with "[" or "<": another session, the harness, a tag
LONG = "long"  # over 200 characters: a new instruction, not a correction
PASTED = "pasted-output"  # tracebacks, log lines, diffs, code blocks dominating the message
SELF_BLAME = "self-blame"
HYPOTHETICAL = "hypothetical"
AGREEMENT = "agreement"  # "yes, but …": agreement, then elaboration
RECHECK = "recheck"  # re-check requests and doubts
NEGATED = "negated"  # "nothing is missing", "no worries", "not your fault"
THIRD_PARTY = "third-party"  # someone else's error: a named person, upstream, the old code, last month
NEW_TASK = "new-task"  # a problem named as the product's domain or as the reason for new work
MALFORMED = "malformed"  # (CLI only) a JSON line that could not be read
# "Bug: the dates show in UTC", "バグ：…", "버그: …": a report filed as a task, in any language (every
# pack excludes it: a label can open a message of any script).
LABELLED_REPORT = (r"^\s*\[?(?:bug(?:\s+report)?|feature(?:\s+request)?|todo|task|ticket|バグ|不具合|要望|タスク|버그|요청"
                   r"|할\s?일|缺陷|需求|任务|任務)\]?\s*[:：]")
# Error monitoring services by name ("Sentry keeps reporting this", "Crashlytics にこれが上がっています"): what they
# caught was seen in production, not in the agent's work just now (every pack names them the same way).
MONITORING = r"sentry|crashlytics|datadog|new\s?relic|bugsnag|rollbar|pagerduty"
EXCLUSIONS = (EMPTY, HARNESS, LONG, PASTED, SELF_BLAME, HYPOTHETICAL, AGREEMENT, RECHECK, NEGATED,
              THIRD_PARTY, NEW_TASK)


class Regex:
    """A pattern compiled the first time it is searched: `search`, `match`, `finditer`, `findall`,
    `sub` and `split` as on `re.Pattern`. Compiling puts the compiled pattern's own methods on
    the instance, so every later call goes straight to them."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        rx: re.Pattern[str] | None = self.__dict__.get("_rx")
        if rx is None:
            rx = re.compile(_guarded(self.pattern, self.flags), self.flags)
            self.__dict__.update(_rx=rx, search=rx.search, match=rx.match, finditer=rx.finditer,
                                 findall=rx.findall, sub=rx.sub, split=rx.split)
        return rx

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: str, string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str]:
        return self.compiled().split(string, maxsplit)

    def __repr__(self) -> str:
        return f"Regex({self.pattern!r}, {self.flags})"


class Rule(NamedTuple):
    """One named pattern. With `also`, both must match in the same sentence; with `unless`, that
    sentence must not match it (e.g. a Japanese たら clause that ends in the past tense).

    With `after_claim`, the rule types only right after the agent claimed its work (its previous
    message said it fixed/finished/changed something, or its turn ran edit or run tools:
    `classify.context.Context`): "still the same" then is a result-error, at the start of a task
    it is not a correction. Without a context such a rule never fires. With `asked`, the rule may
    type a question ("did you update the routes too?"); other questions can only be
    instruction-violation (the question rule)."""

    kind: str  # a case type (omission, …) or an exclusion reason
    name: str
    rx: Regex
    also: Regex | None = None
    unless: Regex | None = None
    after_claim: bool = False
    asked: bool = False
    # Not when the agent's message ended with a question to the user: "no, don't remove it" then
    # answers "Shall I remove it?", it corrects nothing.
    not_an_answer: bool = False
    # A bare report of a bad result ("still blank", "现在没有图标"): about the agent's work when
    # its turn claimed or did some, a new task when the turn is known and claimed nothing (it
    # explained, asked, planned). Without a context it types as before: nothing says otherwise.
    # Words that presuppose work already done ("no, use pnpm instead", "stop adding comments",
    # "don't delete that file") take it too, whatever their type: their words stand for the context.
    report: bool = False


class Pack(NamedTuple):
    lang: str
    types: tuple[Rule, ...]  # human corrections, each list in TYPES order
    exclusions: tuple[Rule, ...]  # checked before typing
    corrective: Regex  # looks corrective but untyped -> "other"
    praise: Regex  # "thanks", "looks good": never "other" on its own
    question: Regex | None  # question endings besides "?" (吗, か, 나요 …)
    admission: Regex  # the agent admits its own mistake ("I missed …", 見落としていました)
    # A cheap necessary condition of `admission`: every alternative starts with a literal, so sre
    # skips ahead by character set (collect runs it on every assistant text).
    admission_hint: Regex
    self_types: tuple[Rule, ...]  # typing of an admission sentence
    finding_types: tuple[Rule, ...]  # typing of a reviewer finding or a hook message
    review_problem: Regex  # a reviewer reports a problem
    review_clean: Regex  # "no issues found", "LGTM", 問題ありません (removed first)
    # Typed words that set a pasted failure apart from the agent's work ("next issue:", "like this:",
    # "yesterday's log:"): the paste is then another task, an example, or someone else's output.
    moved_on: Regex | None = None
    # Informal spellings written out before the rules read a message (`u` -> `you`, `dont` -> `don't`):
    # (pattern, replacement) pairs on the lowercased text, so one spelling of each word serves every rule.
    shorthand: tuple[tuple[Regex, str], ...] = ()
    # Right after the agent's work, a sentence naming an error (`ERROR_SIGNATURE`) in the pack's words of
    # it happening ("now I get …", "出现", "が出ます", "나와요"); its `unless` holds the requests, conditions
    # and fixes in which an error is named but not reported ("handle the KeyError", "TypeError 没了").
    error_named: Rule | None = None


def _sre() -> tuple[Any, Any]:
    """sre's parser and constants (`re._parser` since Python 3.11, `sre_parse` before: the old
    names warn there)."""
    try:
        return importlib.import_module("re._parser"), importlib.import_module("re._constants")
    except ImportError:  # Python 3.10
        return importlib.import_module("sre_parse"), importlib.import_module("sre_constants")


GUARD_MIN = 400  # shorter patterns gain less than a second parse costs (`_guarded`)
_GLOBAL_FLAGS = r"\(\?[aiLmsux]+\)"  # compiled on first use, by re's cache: not at import (the hooks import this)
_NO_GUARD = object()  # a first character that could be anything: no guard helps


def _first_chars(items: Any, sre: Any) -> set[Any]:
    """The characters (and digit classes) a parsed sequence can start with; "" in the set when it
    can match empty; `_NO_GUARD` in it when it could start with almost anything."""
    out: set[Any] = set()
    for op, av in items:
        if op is sre.LITERAL:
            return out | {chr(av)}
        if op is sre.IN:
            for member, value in av:
                if member is sre.LITERAL:
                    out.add(chr(value))
                elif member is sre.RANGE and value[1] - value[0] <= 256:
                    out.update(chr(c) for c in range(value[0], value[1] + 1))
                elif member is sre.CATEGORY and value is sre.CATEGORY_DIGIT:
                    out.add(r"\d")
                else:  # a negated class, a wide range, \w, \s: almost anything
                    return out | {_NO_GUARD}
            return out
        if op is sre.AT:
            if av is sre.AT_BEGINNING:
                return out | {"^"}  # a branch that matches only where a line (or the text) begins
            if av is sre.AT_BEGINNING_STRING:
                return out | {r"\A"}
            continue  # \b and the like: zero width
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            continue  # a look-around takes no character
        if op is sre.SUBPATTERN:
            if av[1] & sre.SRE_FLAG_IGNORECASE:
                return out | {_NO_GUARD}  # a scoped (?i:…): its letters in either case
            heads = _first_chars(av[-1], sre)
        elif op is sre.BRANCH:
            heads = set().union(*(_first_chars(branch, sre) for branch in av[1]))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            heads = _first_chars(av[2], sre) | ({""} if av[0] == 0 else set())
        else:  # any character, a back reference, …
            return out | {_NO_GUARD}
        out |= heads - {""}
        if "" not in heads:
            return out
    return out | {""}


def _guarded(pattern: str, flags: int) -> str:
    r"""`pattern` behind a look-ahead of the characters it can start with, when sre finds no prefix of
    its own: a long alternation whose branches open with groups (`(?:エラー…|(?:でき|出来)ない|…)`)
    is otherwise tried branch by branch at every position, while one character-class test rejects
    most positions at once (a fifth off all the rules on adversarial text, 2-8x on the widest). The
    same matches, span for span: the look-ahead only rules out positions where no branch could
    start. Left as it is when sre skips ahead by itself (a literal or a class first), when it could
    start almost anywhere, match empty, or the flags fold case. A pattern shorter than `GUARD_MIN`
    is left as well."""
    if len(pattern) < GUARD_MIN or flags & re.IGNORECASE or re.match(_GLOBAL_FLAGS, pattern):
        return pattern
    parser, sre = _sre()
    parsed = parser.parse(pattern, flags)
    first_op = parsed.data[0][0] if parsed.data else None
    if first_op in (sre.LITERAL, sre.IN, sre.AT) or (
            first_op is sre.BRANCH and all(b.data and b.data[0][0] is sre.LITERAL for b in parsed.data[0][1][1])):
        # sre's own literal or charset prefix is faster than any guard; a pattern opening with an
        # anchor or a word boundary (the factored English ones) gained nothing measurable
        return pattern
    heads = _first_chars(parsed.data, sre)
    if not heads or "" in heads or _NO_GUARD in heads:
        return pattern
    # `(?m:^)` for any "^": where a line begins is a superset of where the text does, and a branch's
    # `^` may be a scoped `(?m:^)`.
    anchors = [g for a, g in (("^", "(?m:^)"), (r"\A", r"\A")) if a in heads]
    chars = "".join(sorted(c if c == r"\d" else re.escape(c) for c in heads - {"^", r"\A"}))
    return f"(?=[{chars}]{''.join('|' + a for a in anchors)})(?:{pattern})" if chars else pattern


def _alternatives(pattern: str) -> list[str]:
    """Split a pattern at its top-level `|` (outside groups and character classes)."""
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":
                i += 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    return [*parts, pattern[start:]]


def _factor(pattern: str) -> str:
    r"""`\ba|\bb|c` -> `\b(?:a|b)|c`: the same language, but sre tests the word boundary once
    per position instead of once per alternative (a dozen alternatives cost a dozen times)."""
    if pattern.count(r"\b") < 2 or "|" not in pattern:
        return pattern  # fewer than two alternatives could start with one (and the split is a Python loop)
    alts = _alternatives(pattern)
    bounded = [a[2:] for a in alts if a.startswith(r"\b")]
    if len(bounded) < 2:
        return pattern
    rest = [a for a in alts if not a.startswith(r"\b")]
    return "|".join([r"\b(?:" + "|".join(bounded) + ")", *rest])


def rx(pattern: str, flags: int = 0) -> Regex:
    return Regex(_factor(pattern), flags)


def rule(kind: str, name: str, pattern: str, also: str | None = None,
         unless: str | None = None, flags: int = 0, *, after_claim: bool = False, asked: bool = False,
         not_an_answer: bool = False, report: bool = False) -> Rule:
    return Rule(kind, name, rx(pattern, flags),
                rx(also, flags) if also else None,
                rx(unless, flags) if unless else None,
                after_claim, asked, not_an_answer, report)


def not_others(types: tuple[Rule, ...], others: str, users: str) -> tuple[Rule, ...]:
    """`types` with someone else's words added to the `unless` of their omission and result-error
    rules (a rule's own `unless` is kept): `others` always, the product's `users` except in
    `after_claim` rules: right after the agent's work, "the user gets an error on signup" reports
    its result, while "the user forgot the form" at the start of a task blames no agent."""
    out = []
    for r in types:
        if r.kind in ("omission", "result-error"):
            names = others if r.after_claim else f"{others}|{users}"
            r = r._replace(unless=rx(names + (f"|{r.unless.pattern}" if r.unless else "")))
        out.append(r)
    return tuple(out)


REPORTED = ("omission", "result-error")  # the types a bare report can have ("not updated", "still blank")


def reports(types: tuple[Rule, ...], names: frozenset[str]) -> tuple[Rule, ...]:
    """`types` with the omission and result-error rules named in `names` marked `report` (a bare
    report of a bad state, typed after the agent's work and not after a known turn that claimed none)."""
    unknown = names - {r.name for r in types if r.kind in REPORTED}
    if unknown:
        raise ValueError(f"no omission or result-error rule named {sorted(unknown)}")
    return tuple(r._replace(report=True) if r.kind in REPORTED and r.name in names else r for r in types)


# Shared, language-independent patterns.
QUESTION_MARKS = "?？"
QUESTION_TRAILER = " \t\r\n!！.。…)）」』\"'”’"  # may follow the question mark
# Lines that look like tool output rather than words typed by a person.
OUTPUT_LINE = rx(
    r"^\s*(?:Traceback \(most recent call last\)|File \"[^\"\n]{1,300}\", line \d"
    r"|at [\w$.<>]{1,200} \(|at [\w./\\-]{1,200}:\d+"
    r"|(?:[A-Z]\w{0,60}(?:Error|Exception)|error(?:\[E\d+\])?|Error|ERROR|FAIL(?:ED)?|fatal|panic"
    r"|warning|Warning|WARN(?:ING)?|INFO|DEBUG|npm ERR!|E\s{3})(?::|\s\[|\s-\s)"
    r"|diff --git |@@ [-+]\d|\+\+\+ [ab/]|--- [ab/]|index [0-9a-f]{6,}"
    # a log line stamped with a clock time and milliseconds ("12:03:17.245 Error: …", a build log)
    r"|\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d|\[?\d\d:\d\d:\d\d[.,]\d{3}\b|\$ \S|>>> |\d{1,5}\s*[|│] |={3,}|-{3,}\s*$"
    r"|(?:PASSED|FAILED|ERROR)\s+\S{1,200}::"
    # JSON and console pastes: a bracket line, a quoted key, a browser console frame, a request line
    r"|[{}\[\]](?:\s*[,{}\[\]])*\s*$|\"[^\"\n]{1,80}\"\s*:\s|[\w@$./\\-]{1,200}\.(?:js|ts|tsx|jsx|mjs|py|rs|go|java|rb|kt):\d+"
    r"|(?:GET|POST|PUT|PATCH|DELETE)\s+https?://|[┏┃┡└├│┌┐┘┗━─]"
    # a compiler's diagnostic ("src/main.c:57:3: error: …", "App.vue(12,5): warning …") and its include chain
    r"|[\w@$./\\:-]{1,200}\.[A-Za-z]{1,6}(?::\d+){1,2}:\s?(?:fatal\s)?(?:error|warning|note)\b"
    r"|[\w@$./\\:-]{1,200}\.[A-Za-z]{1,6}\(\d+(?:,\d+)?\):\s?(?:error|warning)\b|In\sfile\sincluded\sfrom\s\S|In\s(?:member\s)?function\s['‘`]"
    r"|(?:[a-z_]\w{0,60}\.){1,6}[A-Z]\w{0,60}(?:Error|Exception)\b)"
)
# Words of a failure in pasted output: a pasted error after the agent claimed its work is a
# result-error (the words the person typed decide nothing else).
PASTED_FAILURE = rx(
    r"(?i:error|exception|traceback|fail|fatal|panic|cannot\s|can't\s|unable\s+to|not\s+found|undefined"
    r"|denied|refused|unexpected|invalid|segmentation|exit\s+(?:code|status)\s+[1-9]|does\s+not\s+exist|no\s+such"
    r"|not\s+(?:assignable|defined|a\s+function|allowed|permitted|supported|recognized))"
    # npm's "npm ERR! code ELIFECYCLE", Node's and pnpm's "ERR_MODULE_NOT_FOUND", "ERR_PNPM_…"
    r"|\bERR(?:!|_[A-Z])"
)
# An error named in the words a person typed ("now I get TypeError: …", "还是 ValueError", "`KeyError` 나와요"):
# an exception's class, a browser's or the OS's error code, a traceback, an HTTP status with its reason.
# Read on the typed words as they are (quotes kept, case kept): the name is the evidence, and a pack's
# `error_named` rule says whether the sentence reports it happening.
ERROR_SIGNATURE = rx(
    r"\b[A-Z][A-Za-z0-9]*[a-z0-9](?:Error|Exception)\b|\bERR_[A-Z_]{3,}\b|\bE(?:NOENT|ACCES|PERM|CONNREFUSED|CONNRESET|ADDRINUSE|TIMEDOUT)\b"
    r"|\bTraceback\s\(most\srecent|\bSegmentation\sfault\b|\bpanic:\s|\bUncaught\s[A-Z]|\berror\sTS\d{4}\b|\berror\[E\d{4}\]"
    r"|\b[45]\d\d\s(?i:\(?(?:not\sfound|internal\sserver\serror|bad\srequest|forbidden|unauthorized|bad\sgateway"
    r"|service\sunavailable|gateway\stimeout|method\snot\sallowed|unprocessable))"
)
# A typed line that introduces a paste: it names output and ends in a colon ("Console errors:",
# "here is the log:", "エラー：", "报错如下：", "에러:").
PASTE_INTRO = rx(
    r"^[^\n]{0,100}(?i:error|errors|exception|traceback|log|logs|output|console|message|stack\s*trace|result"
    r"|报错|錯誤|错误|日志|日誌|输出|輸出|エラー|ログ|出力|에러|오류|로그|출력"
    # "运行 npm run build 之后：", "终端提示：", "控制台显示："
    r"|运行|運行|执行|執行|之后|之後|提示|显示|顯示|控制台|终端|終端|结果|結果)[^\n:：]{0,40}[:：]\s*$"
)
# Image placeholders a client puts before the words ("[Image #1] …"): not a harness message.
IMAGE_TAGS = rx(r"^(?:\s*\[(?:image|pasted\s+text|file)\s*#?\d{0,4}[^\]\n]{0,40}\]\\?)+", re.IGNORECASE)
# Quoted spans are someone else's words: a bug report, a docs sentence, an error message. So are
# markdown quote lines ("> …") and notes copied from code ("TODO: …", "FIXME: …").
QUOTED = rx(
    r"\"[^\"\n]{1,120}\"|“[^”\n]{1,120}”|‘[^’\n]{1,120}’|「[^」\n]{1,120}」|『[^』\n]{1,120}』"
    # A Korean particle fuses to the closing quote ('안 돼요'라는 문구): only a Latin letter or digit
    # after it makes it an apostrophe, not a closing quote.
    r"|(?<![\w])'[^'\n]{1,80}'(?![a-zA-Z0-9_])|`[^`\n]{1,120}`"
    r"|(?m:^)[ \t]*(?:[>＞]|(?i:todo|fixme|xxx)(?:\([^)\n]{0,40}\))?\s*[:：])[^\n]*"
)
SENTENCE_END = rx(r"(?<=[.!?])\s+|[。！？!?\n]+")
