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
tests/classify/test_classify.py runs every pattern on 1 MB of adversarial text.
"""
from __future__ import annotations

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
            rx = re.compile(self.pattern, self.flags)
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
    sentence must not match it (e.g. a Japanese たら clause that ends in the past tense)."""

    kind: str  # a case type (omission, …) or an exclusion reason
    name: str
    rx: Regex
    also: Regex | None = None
    unless: Regex | None = None


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
         unless: str | None = None, flags: int = 0) -> Rule:
    return Rule(kind, name, rx(pattern, flags),
                rx(also, flags) if also else None,
                rx(unless, flags) if unless else None)


# Shared, language-independent patterns.
QUESTION_MARKS = "?？"
QUESTION_TRAILER = " \t\r\n!！.。…)）」』\"'”’"  # may follow the question mark
# Lines that look like tool output rather than words typed by a person.
OUTPUT_LINE = rx(
    r"^\s*(?:Traceback \(most recent call last\)|File \"[^\"\n]{1,300}\", line \d"
    r"|at [\w$.<>]{1,200} \(|at [\w./\\-]{1,200}:\d+"
    r"|(?:[A-Z]\w{0,60}(?:Error|Exception)|error(?:\[E\d+\])?|Error|ERROR|FAIL(?:ED)?|fatal|panic"
    r"|warning|WARN(?:ING)?|INFO|DEBUG|npm ERR!|E\s{3})(?::|\s\[|\s-\s)"
    r"|diff --git |@@ [-+]\d|\+\+\+ [ab/]|--- [ab/]|index [0-9a-f]{6,}"
    r"|\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d|\$ \S|>>> |\d{1,5}\s*[|│] |={3,}|-{3,}\s*$"
    r"|(?:PASSED|FAILED|ERROR)\s+\S{1,200}::)"
)
# Quoted spans are someone else's words: a bug report, a docs sentence, an error message. So are
# markdown quote lines ("> …") and notes copied from code ("TODO: …", "FIXME: …").
QUOTED = rx(
    r"\"[^\"\n]{1,120}\"|“[^”\n]{1,120}”|‘[^’\n]{1,120}’|「[^」\n]{1,120}」|『[^』\n]{1,120}』"
    r"|(?<![\w])'[^'\n]{1,80}'(?![\w])|`[^`\n]{1,120}`"
    r"|(?m:^)[ \t]*(?:[>＞]|(?i:todo|fixme|xxx)(?:\([^)\n]{0,40}\))?\s*[:：])[^\n]*"
)
SENTENCE_END = rx(r"(?<=[.!?])\s+|[。！？!?\n]+")
