"""Rule typing of corrections and self-found errors (design.md §4). Pure functions, `re` only.

Public surface (kept stable for the collector, inject and judges):
  classify(text) -> Classification                 # a human message
  classify_event(event) -> tuple[str, Classification] | None
      (source, classification) when the event is a case (typed or "other"), None otherwise.
  classify_admission(text), classify_review(text), classify_hook(text) -> Classification
      the self-found paths, type "none" when the text is not a case.

A human message goes through: generic exclusions (empty, `[`/`<`, over 200 characters, pasted
output) -> the rule packs of its scripts (quoted spans removed) -> their exclusions -> the four
types in order, first match wins (a question can only be instruction-violation) -> "other" when
it still looks corrective -> "none".
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from git_ledger.classify.rules import (
    EMPTY,
    HARNESS,
    HYPOTHETICAL,
    LONG,
    NEGATED,
    OUTPUT_LINE,
    PASTED,
    QUESTION_MARKS,
    QUESTION_TRAILER,
    QUOTED,
    RECHECK,
    SENTENCE_END,
    Pack,
    Regex,
    Rule,
    en,
    ja,
    ko,
    zh,
)
from git_ledger.models import HUMAN_KINDS, NONE, OTHER, TYPES, Classification, Event

if TYPE_CHECKING:
    from git_ledger.classify.gate import Live, PackGate

MAX_LEN = 200  # longer human text is a new instruction, not a correction
SELF_WINDOW = 600  # admissions open the agent's message; never scan a whole long answer
FINDING_WINDOW = 400  # the first finding after a reviewer's problem marker
REVIEW_WINDOW = 20_000  # a reviewer's verdict and findings come first; the rest is detail
PACKS: dict[str, Pack] = {"ko": ko.PACK, "en": en.PACK, "zh": zh.PACK, "ja": ja.PACK}
_ADMISSION_HINT = Regex("|".join(p.admission_hint.pattern for p in PACKS.values()))

_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_HOOK_PREFIX = Regex(
    r"^\s*(?:(?:Subagent)?Stop hook feedback:|[\w:-]{0,60}hook (?:blocking )?error(?: from command)?:)"
    r"\s*(?:\[[^\]\n]{0,300}\]:?|\"[^\"\n]{0,300}\":)?\s*"
)
_SELF_EXCLUSIONS = frozenset({HYPOTHETICAL, NEGATED, RECHECK})


def languages(text: str) -> list[str]:
    """The packs that apply to `text`, most characters first: Hangul -> ko, kana -> ja, Han
    without kana -> zh, Latin words -> en (in CJK text only from three words on: a file name
    alone does not make a message English)."""
    if text.isascii():  # no Hangul, kana or Han to count (most messages)
        hangul = kana = han = 0
    else:
        hangul = len(_HANGUL.findall(text))
        kana = len(_KANA.findall(text))
        han = len(_HAN.findall(text))
    words = len(_LATIN_WORD.findall(text))
    scores = {"ko": hangul, "ja": kana + han if kana else 0, "zh": 0 if kana else han}
    cjk = sum(scores.values())
    scores["en"] = 2 * words if (words >= 3 or not cjk) else 0
    return [lang for lang, n in sorted(scores.items(), key=lambda kv: -kv[1]) if n > 0]


def _prose(text: str) -> str | None:
    """The words a person typed, or None when pasted output (code blocks, tracebacks, log lines,
    diffs) makes up at least half of the message."""
    if "```" in text:
        parts = text.split("```")
        code = sum(len(p) for p in parts[1::2])
        text = " ".join(parts[0::2])
        if code >= len(text.strip()):
            return None
    lines = [line for line in text.splitlines() if line.strip()]
    pasted = [bool(OUTPUT_LINE.match(line)) for line in lines]
    if not lines or (any(pasted) and 2 * sum(pasted) >= len(lines)):
        return None
    return "\n".join(line for line, p in zip(lines, pasted) if not p)


def _sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(text) if s.strip()]


def _hit(rule: Rule, text: str, sentences: Iterable[str]) -> bool:
    if rule.also is None and rule.unless is None:
        return rule.rx.search(text) is not None
    also, unless = rule.also, rule.unless
    return any(
        rule.rx.search(s) and (also is None or also.search(s)) and not (unless and unless.search(s))
        for s in sentences
    )


def _is_question(text: str, packs: list[Pack]) -> bool:
    # A string test, not a regex: `[?][?!.]*$` rescans a long run of "?" from every "?".
    if text.rstrip(QUESTION_TRAILER)[-1:] in (*QUESTION_MARKS,):
        return True
    return any(p.question and p.question.search(text) for p in packs)


def _first_type(text: str, sentences: Iterable[str], packs: list[Pack],
                groups: Iterable[dict[str, tuple[Rule, ...]]], question: bool = False) -> tuple[str, str] | None:
    """(type, rule name) of the first type any pack's rules find, types in order; `groups` holds
    each pack's rules by type (all of a field, `_by_type`, or what a gate let through)."""
    by_pack = list(zip(packs, groups))
    for type_ in ("instruction-violation",) if question else TYPES:
        for pack, by_type in by_pack:
            for r in by_type[type_]:
                if _hit(r, text, sentences):
                    return type_, f"{pack.lang}.{type_}.{r.name}"
    return None


@functools.cache
def _by_type(lang: str, field: str) -> dict[str, tuple[Rule, ...]]:
    """A pack's `field` rules (types, self_types, finding_types) by case type, in order."""
    rules: tuple[Rule, ...] = getattr(PACKS[lang], field)
    return {t: tuple(r for r in rules if r.kind == t) for t in TYPES}


def classify(text: str) -> Classification:
    """Type one human message (see the module docstring for the order of checks)."""
    return _classify(text, gated=True)


@functools.cache
def _gate(lang: str) -> PackGate:
    """A pack's gate (`classify/gate.py`), built for the first message in its language: 10-40 ms of
    sre parsing, less than compiling every rule of the pack, which a gate spares (rules compile
    on first use, and the prompt hook's few messages let a handful run)."""
    from git_ledger.classify.gate import PackGate

    return PackGate(PACKS[lang])


@functools.cache
def _everything(lang: str) -> Live:
    """Every rule of a pack, as `Live` (what an ungated message runs)."""
    from git_ledger.classify.gate import Live

    return Live(PACKS[lang].exclusions, _by_type(lang, "types"), True)


def prepare() -> None:
    """Build every pack's gate now (benchmarks time it apart from the messages)."""
    for lang in PACKS:
        _gate(lang)


def _classify(text: str, gated: bool) -> Classification:
    """`classify`; with `gated=False` every rule runs (the reference the gate is tested against)."""
    t = text.strip()
    if not t:
        return Classification(NONE, excluded=EMPTY)
    langs = languages(t)
    lang = langs[0] if langs else ""
    if t[0] in "[<":
        return Classification(NONE, excluded=HARNESS, lang=lang)
    if len(t) > MAX_LEN:
        return Classification(NONE, excluded=LONG, lang=lang)
    prose = _prose(t)
    if prose is None:
        return Classification(NONE, excluded=PASTED, lang=lang)
    body = QUOTED.sub('""', prose).strip().lower()
    packs = [PACKS[lg] for lg in langs]
    lives = [_gate(lg).live(body) if gated else _everything(lg) for lg in langs]
    sentences = _Sentences(body)
    for live in lives:
        for r in live.exclusions:
            if _hit(r, body, sentences):
                return Classification(NONE, excluded=r.kind, lang=lang)
    question = _is_question(body, packs)
    groups = [live.types for live in lives]
    found = _first_type(body, sentences, packs, groups, question)
    if found:
        return Classification(found[0], rule=found[1], lang=lang)
    if question and _first_type(body, sentences, packs, groups):
        # "you forgot the tests?": a type's words, but asked: corrective, not typeable.
        return Classification(OTHER, rule=f"{lang}.other.question", lang=lang)
    for pack, live in zip(packs, lives):
        if live.corrective and pack.corrective.search(body) and not any(p.praise.search(body) for p in packs):
            return Classification(OTHER, rule=f"{pack.lang}.other", lang=lang)
    return Classification(NONE, lang=lang)


class _Sentences:
    """A text's sentences, split the first time a rule needs them (most rules search the text)."""

    __slots__ = ("text", "_split")

    def __init__(self, text: str) -> None:
        self.text = text
        self._split: list[str] | None = None

    def __iter__(self) -> Iterator[str]:
        if self._split is None:
            self._split = _sentences(self.text)
        return iter(self._split)


def may_admit(text: str) -> bool:
    """False when `classify_admission(text)` is certainly "none" (no admission words at all):
    the collector only counts such an assistant text."""
    return _ADMISSION_HINT.search(text[:SELF_WINDOW].lower()) is not None


def classify_admission(text: str) -> Classification:
    """The agent's own words: a case only where it admits a mistake of its own ("I missed …",
    我漏掉了, 見落としていました, 제가 놓쳤습니다), typed from that sentence alone."""
    # Collect sees every assistant text: most have no admission, so look for one before anything else.
    if not may_admit(text):
        return Classification(NONE)
    head = text[:SELF_WINDOW]
    langs = languages(head)
    lang = langs[0] if langs else ""
    packs = [PACKS[lg] for lg in langs]
    for sentence in _sentences(QUOTED.sub('""', head).lower()):
        if _is_question(sentence, packs):
            continue
        # The hint first: a necessary condition of `admission` that sre scans for fast.
        pack = next((p for p in packs if p.admission_hint.search(sentence) and p.admission.search(sentence)), None)
        if pack is None or any(
            r.kind in _SELF_EXCLUSIONS and _hit(r, sentence, [sentence])
            for p in packs for r in p.exclusions
        ):
            continue
        ordered = [pack, *[p for p in packs if p is not pack]]
        found = _first_type(sentence, _Sentences(sentence), ordered, [_by_type(p.lang, "self_types") for p in ordered])
        if found:
            return Classification(found[0], rule=found[1].replace(".", ".self.", 1), lang=lang)
        return Classification(OTHER, rule=f"{pack.lang}.self", lang=lang)
    return Classification(NONE, lang=lang)


def _finding(text: str, langs: list[str], source: str) -> Classification:
    packs = [PACKS[lg] for lg in langs]
    head = text[:FINDING_WINDOW]
    found = _first_type(head, _Sentences(head), packs, [_by_type(lg, "finding_types") for lg in langs])
    lang = langs[0] if langs else ""
    if found:
        return Classification(found[0], rule=found[1].replace(".", f".{source}.", 1), lang=lang)
    return Classification(OTHER, rule=f"{lang or 'xx'}.{source}", lang=lang)


def classify_review(text: str) -> Classification:
    """A reviewer's result: a case only when it reports a problem ("no issues found", "LGTM",
    問題ありません are removed before looking); typed from the first finding, else other."""
    langs = languages(text[:2000])
    cleaned = text[:REVIEW_WINDOW].lower()
    for lg in langs:
        cleaned = PACKS[lg].review_clean.sub(" ", cleaned)
    starts = [m.start() for lg in langs if (m := PACKS[lg].review_problem.search(cleaned))]
    if not starts:
        return Classification(NONE, lang=langs[0] if langs else "")
    return _finding(cleaned[min(starts):], langs, "review")


def classify_hook(text: str) -> Classification:
    """A hook that blocked the agent is always a case; typed from its message where possible."""
    body = _HOOK_PREFIX.sub("", text, count=1).lower()
    return _finding(body, languages(body[:FINDING_WINDOW]), "hook")


def classify_event(event: Event) -> tuple[str, Classification] | None:
    if event.kind in HUMAN_KINDS:
        if event.opens_session:
            # Nothing in this session can be corrected yet: "still broken" opening a session is
            # about some earlier work, with no tool calls of ours to show where it went wrong.
            return None
        c = classify(event.text)
        return ("human", c) if c.type != NONE else None
    if event.kind == "hook_block":
        return ("hook", classify_hook(event.text))
    if event.kind == "review_finding":
        c = classify_review(event.text)
        return ("review", c) if c.type != NONE else None
    if event.kind == "assistant_text":
        c = classify_admission(event.text)
        return ("self", c) if c.type != NONE else None
    return None
