"""Rule typing of corrections and self-found errors (design.md §4). Pure functions, `re` only.

Public surface (kept stable for the collector, inject and judges):
  classify(text, previous=None, previous_tools=()) -> Classification
      a human message, with the agent's previous message and that turn's tool calls when known
  classify_event(event, tool_names=None) -> tuple[str, Classification] | None
      (source, classification) when the event is a case (typed or "other"), None otherwise.
  classify_admission(text), classify_review(text), classify_hook(text) -> Classification
      the self-found paths, type "none" when the text is not a case.
  typed_words(text) -> Typed        the words a person typed, apart from what they pasted
  opening(text, limit=400) -> str   what a judge reads of a long message: typed words, then paste

A human message goes through: generic exclusions (empty, `[`/`<`, typed words over 200
characters, pasted output) -> the rule packs of its scripts (quoted spans removed) -> their
exclusions -> the four types in order, first match wins (a question can only be
instruction-violation unless a rule is `asked`, but the statements before a closing question
are read as statements; `after_claim` rules only right after the agent
claimed its work, `report` rules not after a known turn that claimed none, `classify.context`) -> a pasted failure after a claim -> "other" when it still
looks corrective -> "none".
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from git_ledger.classify.context import Context
from git_ledger.classify.rules import (
    AGREEMENT,
    EMPTY,
    ERROR_SIGNATURE,
    HARNESS,
    HYPOTHETICAL,
    IMAGE_TAGS,
    LONG,
    NEGATED,
    OUTPUT_LINE,
    PASTE_INTRO,
    PASTED,
    PASTED_FAILURE,
    QUESTION_MARKS,
    QUESTION_TRAILER,
    QUOTED,
    RECHECK,
    SELF_BLAME,
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

MAX_LEN = 200  # longer typed words are a new instruction, not a correction
REST_LOOKED_AT = 600  # after a long message's opening, the words that may still exclude it
LOOKED_AT = 20_000  # a human message's typed words and paste are sought in its first 20,000 characters
FAILURE_WINDOW = 2_000  # a pasted failure shows in its first lines
SELF_WINDOW = 600  # admissions open the agent's message; never scan a whole long answer
FINDING_WINDOW = 400  # the first finding after a reviewer's problem marker
REVIEW_WINDOW = 20_000  # a reviewer's verdict and findings come first; the rest is detail
PACKS: dict[str, Pack] = {"ko": ko.PACK, "en": en.PACK, "zh": zh.PACK, "ja": ja.PACK}

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


class Typed(NamedTuple):
    """A human message split into the words the person typed and what they pasted."""

    words: str  # the typed lines, code blocks and output lines taken out
    pasted: str  # code blocks and output lines (tracebacks, logs, diffs, JSON, console frames)
    dominated: bool  # the paste makes up at least half of the message


def typed_words(text: str) -> Typed:
    """Split `text` into typed words and paste: a short complaint followed by a pasted error is
    measured by its complaint (the 200-character long-instruction cut applies to the words)."""
    text = IMAGE_TAGS.sub("", text[:LOOKED_AT])
    code = ""
    if "```" in text:
        parts = text.split("```")
        code = "\n".join(parts[1::2])
        text = " ".join(parts[0::2])
    lines = [line for line in text.splitlines() if line.strip()]
    pasted = [bool(OUTPUT_LINE.match(line)) for line in lines]
    # A wrapped output line goes on, indented at least as deep, on the next line ("    12:03:17.245 Error: step
    # exited with code 1; see above…" / "    and rerun …"): pasted too (typed words start at the margin).
    for i in range(1, len(lines)):
        if pasted[i - 1] and not pasted[i] and 0 < _indent(lines[i - 1]) <= _indent(lines[i]):
            pasted[i] = True
    # "Here is what the build printed:" and what follows it: an introduced paste, whatever its lines look like.
    intro = next((i for i, line in enumerate(lines[:-1]) if not pasted[i] and PASTE_INTRO.search(line)), None)
    if intro is not None:
        pasted[intro + 1:] = [True] * (len(lines) - intro - 1)
    words = "\n".join(line for line, p in zip(lines, pasted) if not p)
    paste = "\n".join([code, *(line for line, p in zip(lines, pasted) if p)]).strip()
    dominated = (bool(code) and len(code) >= len(text.strip())) or not lines or (
        any(pasted) and 2 * sum(pasted) >= len(lines))
    return Typed(words.strip(), paste, dominated)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def opening(text: str, limit: int = 400) -> str:
    """The opening of a message for a judge to read: its typed words first (a long message is
    mostly a short complaint and a paste), then the start of the paste, `limit` characters in all."""
    typed = typed_words(text.strip())
    head = typed.words[:limit]
    if len(head) < limit and typed.pasted:
        head = f"{head}\n{typed.pasted[:limit - len(head) - 1]}".strip()
    return head


_CLAUSE_END = Regex(r"[,;，、；]|\s[—–-]\s")


def _opening_sentences(text: str) -> str:
    """The whole sentences that open `text` within MAX_LEN characters; when the first is longer,
    its clauses up to the last full-width comma within them (a Chinese sentence runs on with "，"),
    else its opening clause ("still no difference after all of that, could you …"); "" when none."""
    head, end = text[:MAX_LEN + 1], 0
    for m in SENTENCE_END.finditer(head):
        if m.start() > MAX_LEN:
            break
        end = m.start()
    if not end:
        end = head.rfind("，", 0, MAX_LEN)
        if end < 0:
            clause = _CLAUSE_END.search(head)
            end = clause.start() if clause else 0
            # "the form loads now, but pressing submit throws an exception: …": a clause opening with "but" goes on
            # with the report the first began.
            if clause and head[clause.end():].lstrip().lower().startswith("but "):
                more = _CLAUSE_END.search(head, clause.end())
                end = more.start() if more else end
    return head[:end].strip()


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


def _stated_elsewhere(rule: Rule, text: str) -> bool:
    """A re-check request, a denial or a self-blame whose `unless` (the failure said outright, the agent
    named as wrong) holds in another sentence: "位置完全不对。…好像怎么都能消，你检查一下" reports the
    failure, then asks to look into it; "前两个没问题。第三个还是不行" denies one problem and reports
    another; "你理解错了。我重新描述一下需求" blames the agent before restating. A sentence that asks
    states nothing: "导出还是失败吗？请再检查一下" asks whether it still fails, then asks to look."""
    unless = rule.unless
    if rule.kind not in (RECHECK, NEGATED, SELF_BLAME) or unless is None or unless.search(text) is None:
        return False
    return any(unless.search(sentence) for sentence, mark in _marked_sentences(text) if not _marked_as_question(mark))


def _failure_said_apart(rule: Rule, body: str, packs: list[Pack], lives: Sequence[Live],
                        groups: Iterable[dict[str, tuple[Rule, ...]]], context: Context | None) -> bool:
    """Right after the agent's work, a re-check request, a denial, a condition or an agreement beside
    statements of their own that the rules read as a wrong result, with no exclusion of theirs:
    "The list still fails to load. Please check again", "まだ読み込めません。もう一度確認してください"
    report the failure, then ask to look into it; "No errors now. The list is still empty though",
    "控制台没有报错。但是页面还是空白" deny one problem and report another; "ログインがまだ失敗します。
    ログが必要なら言ってください" reports it, then offers more (in every language, as each pack reads a
    failure). A doubt in the failure's own sentence ("好像只播放一次，请检查一下") stays a doubt; so does
    a question ("Is it still empty? Please check again"), and a request that comes first and is
    qualified after ("can you double check it? not saying it's broken")."""
    if rule.kind not in (RECHECK, NEGATED, HYPOTHETICAL, AGREEMENT) or context is None or not context.claimed:
        return False
    said: list[str] = []
    asked: list[str] = []
    for sentence, mark in _marked_sentences(body):
        if not sentence:
            continue
        if rule.rx.search(sentence) is not None:
            if rule.kind == RECHECK:  # what a request is about comes before it
                break
        else:
            (asked if _asks(sentence, mark, packs) else said).append(sentence)
    apart = "\n".join(said + asked)
    if not apart or any(_hit(r, apart, _Sentences(apart)) for live in lives for r in live.exclusions):
        return False
    # A question is read as questions are, by the rules that may type one ("이거 반대로 됐는데요?").
    for text, question in (("\n".join(said), False), ("\n".join(asked), True)):
        found = _first_type(text, _Sentences(text), packs, groups, question, context) if text else None
        if found is not None and found[0] == TYPES[3]:
            return True
    return False


def _error_named(words: str, packs: list[Pack]) -> tuple[str, str] | None:
    """(type, rule name) when a sentence of the typed words names an error (`ERROR_SIGNATURE`, read
    with its quotes and case: "`KeyError` 나와요" keeps its evidence) in a pack's words of it
    happening (`Pack.error_named`); a sentence that asks is not a report ("do you see a KeyError too?")."""
    if ERROR_SIGNATURE.search(words) is None:
        return None
    for sentence, mark in _marked_sentences(words):
        if ERROR_SIGNATURE.search(sentence) is None or _asks(sentence, mark, packs):
            continue
        low = sentence.lower()
        for pack in packs:
            named = pack.error_named
            if named is not None and _hit(named, low, (low,)):
                return named.kind, _rule_name(pack, named)
    return None


def _is_question(text: str, packs: list[Pack]) -> bool:
    # A string test, not a regex: `[?][?!.]*$` rescans a long run of "?" from every "?".
    if text.rstrip(QUESTION_TRAILER)[-1:] in (*QUESTION_MARKS,):
        return True
    return any(p.question and p.question.search(text) for p in packs)


# A question mark ends a sentence in any language; a full stop only after an English or Korean word ("it still fails. can
# you see why?"), not inside a number, a path or a version.
_SENTENCE_MARKS = Regex(r"([。！？!?\n]+|(?<=[a-z가-힣])\.\s+)")


def _marked_sentences(text: str) -> list[tuple[str, str]]:
    """Each sentence of `text` (stripped; "" for an empty one) with the marks that end it."""
    parts = _SENTENCE_MARKS.split(text)
    return [(part.strip(), mark) for part, mark in zip(parts[0::2], [*parts[1::2], ""])]


def _marked_as_question(mark: str) -> bool:
    return any(q in mark for q in QUESTION_MARKS)


def _asks(sentence: str, mark: str, packs: list[Pack]) -> bool:
    return _marked_as_question(mark) or _is_question(sentence, packs)


def _statements(text: str, packs: list[Pack]) -> str:
    """The sentences of `text` that are not questions, one a line ("" when every sentence asks)."""
    marked = _marked_sentences(text)
    said = [sentence for sentence, mark in marked if sentence and not _asks(sentence, mark, packs)]
    return "\n".join(said) if len(said) < len(marked) else ""


def _first_type(text: str, sentences: Iterable[str], packs: list[Pack],
                groups: Iterable[dict[str, tuple[Rule, ...]]], question: bool = False,
                context: Context | None = None, context_rules_only: bool = False,
                reports_too: bool = False) -> tuple[str, str] | None:
    """(type, rule name) of the first type any pack's rules find, types in order; `groups` holds
    each pack's rules by type (all of a field, `_by_type`, or what a gate let through). A question
    is typed only by `asked` rules or as instruction-violation; `after_claim` rules run only when
    the agent just claimed its work, `report` rules not after a known turn that claimed nothing,
    `not_an_answer` rules not when the message answers the agent's
    question (the `context` is worked out only when such a rule is reached). With
    `context_rules_only` only the `after_claim` rules run, and the `report` rules too with `reports_too`."""
    by_pack = list(zip(packs, groups))
    for type_ in TYPES:
        for pack, by_type in by_pack:
            for r in by_type[type_]:
                if (question and not r.asked and type_ != "instruction-violation") or (context_rules_only and not (r.after_claim or (reports_too and r.report))):
                    continue
                if (r.after_claim or r.not_an_answer or r.report) and not _fits(r, context):
                    continue
                if _hit(r, text, sentences):
                    return type_, _rule_name(pack, r)
    return None


def _rule_name(pack: Pack, r: Rule) -> str:
    """`<lang>.<type>.<rule>`, as `Classification.rule` names what typed a message."""
    return f"{pack.lang}.{r.kind}.{r.name}"


def _fits(r: Rule, context: Context | None) -> bool:
    """A context rule may fire: after a claim when `after_claim` (and, when the context is known,
    when `report`), not answering when `not_an_answer`."""
    if context is None:
        return not r.after_claim
    return (not (r.after_claim or r.report) or context.claimed) and not (r.not_an_answer and context.asked_user)


@functools.cache
def _by_type(lang: str, field: str) -> dict[str, tuple[Rule, ...]]:
    """A pack's `field` rules (types, self_types, finding_types) by case type, in order."""
    rules: tuple[Rule, ...] = getattr(PACKS[lang], field)
    return {t: tuple(r for r in rules if r.kind == t) for t in TYPES}


def classify(text: str, previous: str | None = None, previous_tools: Iterable[str] = ()) -> Classification:
    """Type one human message (see the module docstring for the order of checks). `previous` is
    the agent's message before it and `previous_tools` the tool calls of that turn (names, or
    `Name(target)` as in a transcript); rules marked `after_claim` need them (`classify.context`)."""
    return _classify(text, gated=True, context=Context.of(previous, previous_tools))


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


def _classify(text: str, gated: bool, context: Context | None = None) -> Classification:
    """`classify`; with `gated=False` every rule runs (the reference the gate is tested against)."""
    t = IMAGE_TAGS.sub("", text.strip()).strip()
    if not t:
        return Classification(NONE, excluded=EMPTY)
    typed = typed_words(t)
    langs = languages(typed.words or t[:LOOKED_AT])
    lang = langs[0] if langs else ""
    if t[0] in "[<" and not t.startswith(("[{", "[\n", "[]")):  # a JSON paste is not another session's tag
        return Classification(NONE, excluded=HARNESS, lang=lang)
    prose = typed.words
    opening_only = len(prose) > MAX_LEN
    rest = ""
    if opening_only:
        # A long message is a new instruction, except that right after a claim its opening
        # sentences may report the result ("still not rendering the thumbnails, I uploaded …"):
        # the rules written for reports after a claim read them, no others.
        head = _opening_sentences(prose)
        if not head or context is None or not context.claimed:
            return Classification(NONE, excluded=LONG, lang=lang)
        rest = prose[len(head):REST_LOOKED_AT]
        prose = head
    # A pasted failure right after the agent claimed its work: its result is wrong, whatever
    # few words come with it (unless they exclude it: "if it fails", "my mistake").
    packs = [PACKS[lg] for lg in langs]
    failed = bool(typed.pasted) and context is not None and context.claimed and (
        PASTED_FAILURE.search(typed.pasted[:FAILURE_WINDOW]) is not None or PASTED_FAILURE.search(typed.words) is not None
    ) and not _moved_on(typed.words, packs)
    if typed.dominated and not failed and not (prose and context is not None and context.claimed):
        return Classification(NONE, excluded=PASTED, lang=lang)
    body = _body(prose, langs)
    lives = [_gate(lg).live(body) if gated else _everything(lg) for lg in langs]
    sentences = _Sentences(body)
    groups = [live.types for live in lives]
    for live in lives:
        for r in live.exclusions:
            if (_hit(r, body, sentences) and not _stated_elsewhere(r, body)
                    and not _failure_said_apart(r, body, packs, lives, groups, context)):
                return Classification(NONE, excluded=r.kind, lang=lang)
    question = _is_question(body, packs)
    found = _first_type(body, sentences, packs, groups, question, context, context_rules_only=opening_only)
    if not found and opening_only:
        # The bare reports of a bad state ("还是如图1，…") are reports after a claim too; read after the
        # rules written for that moment, so their type stands where both find one.
        found = _first_type(body, sentences, packs, groups, question, context, context_rules_only=True, reports_too=True)
    if not found and question:
        # "改完还是一样，换个办法行吗？", "it still crashes. can you see why?": the question at the end
        # does not make the statements before it questions.
        said = _statements(body, packs)
        if said:
            found = _first_type(said, _Sentences(said), packs, groups, False, context, context_rules_only=opening_only)
    if not found and context is not None and context.claimed:
        found = _error_named(prose, packs)
    if found and opening_only and _excluded(rest, langs, gated):
        # "The search doesn't show archived projects. That was on purpose, but now …": what follows the
        # opening says it is a new task (or a hypothetical, someone else's problem): a long instruction.
        return Classification(NONE, excluded=LONG, lang=lang)
    if found:
        return Classification(found[0], rule=found[1] + (".opening" if opening_only else ""), lang=lang)
    if opening_only:
        return Classification(NONE, excluded=LONG, lang=lang)
    if failed:
        return Classification(TYPES[3], rule=f"{lang or 'xx'}.result-error.pasted-failure-after-claim", lang=lang)
    if typed.dominated:  # after a claim the few words typed with a paste were read; they typed nothing
        return Classification(NONE, excluded=PASTED, lang=lang)
    if question and _first_type(body, sentences, packs, groups, context=context):
        # "you forgot the tests?": a type's words, but asked: corrective, not typeable.
        return Classification(OTHER, rule=f"{lang}.other.question", lang=lang)
    for pack, live in zip(packs, lives):
        if live.corrective and pack.corrective.search(body) and not any(p.praise.search(body) for p in packs):
            return Classification(OTHER, rule=f"{pack.lang}.other", lang=lang)
    return Classification(NONE, lang=lang)


def _body(words: str, langs: list[str]) -> str:
    """What the rules read of typed words: quotes emptied, lowercased, shorthand written out."""
    return _spelled_out(QUOTED.sub('""', words).strip().lower(), langs)


def _spelled_out(low: str, langs: list[str]) -> str:
    """`low` with each pack's informal spellings written out (`Pack.shorthand`)."""
    for lg in langs:
        for pattern, replacement, needles in _shorthand(lg):
            if needles is None or any(w in low for w in needles):
                low = pattern.sub(replacement, low)
    return low


@functools.cache
def _shorthand(lang: str) -> tuple[tuple[Regex, str, tuple[str, ...] | None], ...]:
    """A pack's shorthand, each with the literals one of which every match holds
    (`literals.best_clause`, None when it has none): a text holding none of them is left as it
    is without a search. Most messages hold no shorthand, and a pattern opening with `\\b(` and
    an alternation is tried at every position (a sixth of a human message's typing)."""
    from git_ledger.literals import best_clause

    out = []
    for pattern, replacement in PACKS[lang].shorthand:
        clause = best_clause(pattern.pattern, pattern.flags)
        out.append((pattern, replacement, tuple(sorted(clause)) if clause else None))
    return tuple(out)


def _excluded(text: str, langs: list[str], gated: bool) -> bool:
    """An exclusion of the packs of `langs` holds in `text`."""
    body = _body(text, langs)
    sentences = _Sentences(body)
    return any(_hit(r, body, sentences) for lg in langs
               for r in (_gate(lg).live(body) if gated else _everything(lg)).exclusions)


def _moved_on(words: str, packs: list[Pack]) -> bool:
    """The typed words with a paste say it is not about the agent's work (another task, an example)."""
    low = words[:MAX_LEN * 2].lower()
    return any(p.moved_on is not None and p.moved_on.search(low) is not None for p in packs)


class _Sentences:
    """A text's sentences, split the first time a rule needs them (most rules search the text)."""

    __slots__ = ("_split", "text")

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
    low = text[:SELF_WINDOW].lower()
    ascii_only = low.isascii()
    return any(hint.search(low) is not None for hint, wide in _admission_hints() if not (ascii_only and wide))


@functools.cache
def _admission_hints() -> tuple[tuple[Regex, bool], ...]:
    """Each pack's admission hint, and whether it needs a character beyond ASCII (every literal
    of one of its necessary clauses has one, `literals.necessary`: an ASCII text, most of what
    the agent writes, is not searched for it; a pattern written in ASCII is not asked, which
    would cost 5 ms for the English one). One search per pack, not one of their joined
    alternation, which matches where one of them does: a third of the CPU a text (measured on
    the bench corpus's assistant texts, docs/performance.md)."""
    from git_ledger.literals import necessary

    def wide(hint: Regex) -> bool:
        return not hint.pattern.isascii() and any(
            all(not w.isascii() for w in clause) for clause in necessary(hint.pattern, hint.flags))

    return tuple((p.admission_hint, wide(p.admission_hint)) for p in PACKS.values())


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


def classify_event(event: Event, tool_names: Iterable[str] | None = None, *,
                   keep_none: bool = False) -> tuple[str, Classification] | None:
    """(source, classification) of a case, None otherwise. A human message is typed with its
    context: the agent's previous text (`event.previous`) and the calls of that turn, named by
    `tool_names` or else `event.tools` (a lean read keeps its calls beside the event).
    `keep_none`: a human message the rules left `none` is returned too (with its reason), for the
    judges of `collect --llm` to see."""
    if event.kind in HUMAN_KINDS:
        if event.opens_session:
            # Nothing in this session can be corrected yet: "still broken" opening a session is
            # about some earlier work, with no tool calls of ours to show where it went wrong.
            return None
        names = [t.name for t in event.tools] if tool_names is None else list(tool_names)
        c = classify(event.text, previous=event.previous, previous_tools=names)
        return ("human", c) if c.type != NONE or keep_none else None
    if event.kind == "hook_block":
        return ("hook", classify_hook(event.text))
    if event.kind == "review_finding":
        c = classify_review(event.text)
        return ("review", c) if c.type != NONE else None
    if event.kind == "assistant_text":
        c = classify_admission(event.text)
        return ("self", c) if c.type != NONE else None
    return None
