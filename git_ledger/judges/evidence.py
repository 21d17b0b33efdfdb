"""What the built-in local judges read of one message, and the n-gram judge's hashed features.

Both local judges see the same evidence, read differently (one through a sentence-embedding
model, one through character n-grams): the words the person typed (for a long message the
opening before a paste, and its last words), the end of the agent's previous message, and a few
facts about that context (did the agent claim or report its work, did its turn edit files or run
commands: `classify.context`, the rules' own test). Pure Python: no model and no numpy are imported here.
"""
from __future__ import annotations

import hashlib
import json
import re
import zlib
from dataclasses import dataclass

from git_ledger.models import PREVIOUS_CHARS

OPENING_CHARS = 300  # what a person types before a paste: a complaint is short
CLOSING_CHARS = 80  # ... and the words after it ("still failing")
NGRAM_BUCKETS = 1 << 16  # a fixed-size hashed vector: weights per bucket, never the texts
NGRAM_SIZES = (1, 2, 3, 4)

# Every token `flags` can give, in a fixed order (the embedding judge reads them as a 0/1 vector).
FLAG_TOKENS = (
    "claim", "no-claim", "prev-known", "prev-unknown", "tools-edit-run", "tools-no-edit-run", "tools-none",
    "tools-some", "pasted", "not-pasted", "question", "statement", "typed-short", "typed-medium", "typed-long",
    "raw-long", "raw-short", "failure-words", "corrective-words", "failure-after-work", "corrective-after-work",
)
# Words of a failure or bad state in the person's own words, in the four languages: with the
# context flags they let a linear judge read "a failure reported right after the agent's work"
# (the commonest real correction) as one fact rather than as a project's vocabulary.
_FAILURE_WORDS = re.compile(
    r"(?i:error|exception|traceback|fail|crash|broken|not\s+working|doesn'?t\s+work|didn'?t\s+work|still|same|"
    r"nothing\s+(?:changed|happens)|no\s+(?:change|effect)|wrong|missing|blank|empty|40[0-9]|50[0-9])"
    r"|报错|錯誤|错误|失败|失敗|不行|没用|沒用|没有效果|沒有效果|还是|還是|依然|仍然|不对|不對|没变|沒變|异常|異常"
    r"|エラー|動かない|できない|変わらない|変わりません|まだ|おかしい|表示されない|効かない"
    r"|에러|오류|실패|안\s?돼|안\s?되|그대로|여전히|안\s?나와|이상해|똑같")
_DIGITS = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Evidence:
    """The parts of a message and its context that the local judges read."""

    typed: str  # the person's own words, pasted output left out, cut to opening + closing
    previous: str  # the end of the agent's previous message ("" when unknown)
    flags: tuple[str, ...]  # facts about the context, as tokens (see `flags`)


def cut(typed: str) -> str:
    """The opening of the typed words and, when they are long, their last words."""
    if len(typed) <= OPENING_CHARS + CLOSING_CHARS:
        return typed
    return f"{typed[:OPENING_CHARS]} … {typed[-CLOSING_CHARS:]}"


def tool_calls(previous_tools: str) -> list[str]:
    """The calls of `Edit a.py; Bash pytest` (the store's form) or of one call a line."""
    return [call for part in re.split(r";\s|\n", previous_tools) if (call := part.strip())]


def flags(text: str, typed: str, pasted: bool, previous: str, previous_tools: str) -> tuple[str, ...]:
    """Facts about the message and its context, as tokens both judges read."""
    from git_ledger.classify.context import claims_work, ran_edit_or_run

    calls = tool_calls(previous_tools)  # read as the rules read them (`classify.context.tool_name`)
    claimed = bool(previous.strip()) and claims_work(previous, calls)
    edited = ran_edit_or_run(calls)
    out = [
        "claim" if claimed else "no-claim",
        "prev-known" if previous.strip() else "prev-unknown",
        "tools-edit-run" if edited else "tools-no-edit-run",
        "tools-none" if not calls else "tools-some",
        "pasted" if pasted else "not-pasted",
        "question" if typed.rstrip().endswith(("?", "？")) else "statement",
    ]
    size = len(typed)
    out.append("typed-short" if size < 40 else "typed-medium" if size < 200 else "typed-long")
    out.append("raw-long" if len(text) > 200 else "raw-short")
    worked = claimed or edited
    head = typed[:600]
    if _FAILURE_WORDS.search(head) is not None:
        out.append("failure-words")
        if worked:
            out.append("failure-after-work")
    if _corrective(head):
        out.append("corrective-words")
        if worked:
            out.append("corrective-after-work")
    return tuple(out)


def _corrective(typed: str) -> bool:
    """The rules' own corrective lexicon (`Pack.corrective`, what they leave as "other") holds."""
    from git_ledger.classify.classify import PACKS, languages

    low = typed.lower()
    return any(PACKS[lang].corrective.search(low) is not None for lang in languages(typed))


def gather(text: str, previous: str = "", previous_tools: str = "") -> Evidence:
    """The evidence for one message (texts already masked)."""
    from git_ledger.classify.classify import (
        typed_words,  # the rules' own split of words and paste
    )

    typed = typed_words(text)
    return Evidence(cut(typed.words), previous[-PREVIOUS_CHARS:],
                    flags(text, typed.words, bool(typed.pasted), previous, previous_tools))


def _normal(text: str) -> str:
    return _SPACE.sub(" ", _DIGITS.sub("0", text.lower())).strip()


def ngram_buckets(evidence: Evidence) -> dict[int, float]:
    """Hashed character 1-4-grams of the typed words, scaled to unit length, and the context
    flags. The previous message's own n-grams are left out: they name the project, not the
    remark, and cost the judge precision across repositories (measured, tools/train_judges.py);
    its flags carry what it says about the turn. Only bucket numbers and weights: the n-grams
    themselves are gone once hashed, and many share a bucket."""
    out: dict[int, float] = {}
    for space, text in (("u", _normal(evidence.typed)),):
        counts: dict[int, float] = {}
        padded = f" {text} "
        for n in NGRAM_SIZES:
            for i in range(len(padded) - n + 1):
                b = zlib.crc32(f"{space}{n}{padded[i:i + n]}".encode("utf-8", "surrogatepass")) & (NGRAM_BUCKETS - 1)
                counts[b] = counts.get(b, 0.0) + 1.0
        norm = sum(v * v for v in counts.values()) ** 0.5 or 1.0
        for b, v in counts.items():
            out[b] = out.get(b, 0.0) + v / norm
    for flag in evidence.flags:
        b = zlib.crc32(f"f{flag}".encode()) & (NGRAM_BUCKETS - 1)
        out[b] = out.get(b, 0.0) + 0.5
    return out


# Messages of ours that the digest below reads: a claim and a failure, a paste, tool labels of
# several forms, the four languages. Training reads the evidence through this module; so does the
# shipped pair at run time; the digest, written in the artefact's manifest when it is trained,
# shows whether the two still read the same.
_DIGEST_PROBES = (
    ("still failing: TypeError: x is undefined\n    at render (a.js:3)", "I've updated the handler; this should fix it.",
     "Edit src/a.js; Bash npm test"),
    ("great, now add a dark mode toggle", "Done: the tests pass.", "[Tool: Bash] pytest"),
    ("you missed the tests?", "Here is the plan:\n1. read the code", "Update Todos"),
    ("还是不行，页面报错", "已修复分页问题。", "[ツール: Edit] src/a.py"),
    ("修正してもまだエラーが出ます", "", "Read src/a.py; Grep TODO"),
    ("여전히 에러가 나요. 왜 그런지 봐 주세요", "수정했습니다.", ""),
    ("x" * 500 + " it broke again", "", ""),
)


def evidence_digest() -> str:
    """A short digest of what this code reads of the probe messages (flags, cut words, n-gram
    buckets): different when a change here or in the rules' reading it uses moves the judges' input."""
    read = []
    for text, previous, tools in _DIGEST_PROBES:
        ev = gather(text, previous, tools)
        read.append([ev.typed, ev.previous, list(ev.flags), sorted((b, round(v, 4)) for b, v in ngram_buckets(ev).items())])
    return hashlib.sha256(json.dumps([FLAG_TOKENS, read], ensure_ascii=False).encode("utf-8")).hexdigest()[:16]
