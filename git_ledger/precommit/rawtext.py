"""Find stored correction text in staged content, for all stored cases at once.

Both sides are normalised the same way: letters and digits only (ASCII lower-cased; spaces,
punctuation and symbols dropped), so a correction pasted into a Markdown quote, a code comment,
re-wrapped or re-punctuated still matches, in any script. Each stored sentence long enough to be
distinctive becomes a pattern; one Aho-Corasick automaton holds a short anchor of every pattern,
and a hit is confirmed by comparing the whole pattern at that spot. The cost is one pass over the
staged text, whatever the number of cases. Normalising works on UTF-8 bytes with
`bytes.translate` (about 1 GB/s): per-line regexes cost 20 µs a line, 5 s on a 10 MB diff.
"""
from __future__ import annotations

import bisect
import html
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

import ahocorasick

from git_ledger.masking.mask import MARKER

# Below this weight a sentence is too short or too common to point at one correction ("please
# run the tests"); a CJK, kana or Hangul character counts 2, since it carries about a word.
MIN_WEIGHT = 24
ANCHOR = 24  # characters of each pattern in the automaton; the rest is compared on a hit
# A pattern also has an anchor every STRIDE characters, so that a part of a stored sentence is
# found too: a run of PART_WEIGHT (or more) of a pattern's characters, anywhere in it, is a hit
# (any run that long holds a whole anchor: STRIDE - 1 + ANCHOR <= PART_WEIGHT).
STRIDE = 16
PART_WEIGHT = 48
_WIDE = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_SENTENCE = re.compile(r"[.!?](?=\s|$)|[。！？\n]")
# Every ASCII byte but lower-case letters, digits and the newline.
_ASCII_DROP = bytes(b for b in range(128) if not (chr(b).islower() or chr(b).isdigit() or b == 10))
# Common non-ASCII punctuation and spaces, as UTF-8: Latin-1 punctuation (U+00A0-00BF), general
# punctuation (U+2000-206F), arrows (U+2190-21FF), CJK punctuation (U+3000-303F), full-width
# punctuation (U+FF00-FF0F, FF1A-FF20, FF3B-FF40, FF5B-FF65).
_WIDE_PUNCT = re.compile(
    rb"\xc2[\xa0-\xbf]|\xe2[\x80\x81\x86\x87][\x80-\xbf]|\xe3\x80[\x80-\xbf]"
    rb"|\xef\xbc[\x80-\x8f\x9a-\xa0\xbb-\xbf]|\xef\xbd[\x80\x9b-\xa5]"
)


class CaseRef(NamedTuple):
    id: str
    agent: str
    date: str

    def describe(self) -> str:
        return f"case {self.id[:8]}…, {self.agent} {self.date}"


class Hit(NamedTuple):
    line: int  # 1-based line number in the file
    case: CaseRef


# Ways staged text can carry a stored sentence in disguise, undone before normalising: URL
# encoding, JSON escapes (`\n` between words, `\u00e9`), HTML entities. (Full-width letters are
# NFKC's part of `normalise_lines`. base64 and gzip are out of scope: docs/precommit.md.)
_DISGUISE = re.compile(
    r"(?:%[0-9A-Fa-f]{2})+|\\u[0-9A-Fa-f]{4}|\\[nrt]"
    r"|&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
)


def _undisguise(m: re.Match[str]) -> str:
    s = m.group()
    if s[0] == "%":
        out = bytes.fromhex(s.replace("%", "")).decode("utf-8", "replace")
    elif s[1] == "u":
        out = chr(int(s[2:], 16))
    elif s[0] == "\\":
        out = " "
    else:
        out = html.unescape(s)
    return out.replace("\n", " ").replace("\r", " ")  # line numbers stay put


def undisguised(text: str) -> str:
    """`text` with URL encoding, JSON escapes and HTML entities decoded (one regex pass)."""
    return _DISGUISE.sub(_undisguise, text) if ("%" in text or "\\" in text or "&" in text) else text


def normalise_lines(texts: Sequence[str]) -> list[str]:
    """`normalise` of each text, in one pass (texts must not contain newlines)."""
    joined = "\n".join(texts)
    if not joined.isascii():  # full-width letters and other compatibility forms: NFKC
        joined = unicodedata.normalize("NFKC", joined)
    data = joined.encode("utf-8", "surrogatepass").lower().translate(None, _ASCII_DROP)
    if not data.isascii():
        data = _WIDE_PUNCT.sub(b"", data)
    return data.decode("utf-8", "surrogatepass").split("\n")


def normalise(text: str) -> str:
    return "".join(normalise_lines(text.split("\n")))


def weight(norm: str) -> int:
    # CJK, kana and Hangul take 3 bytes in UTF-8, so they count 2; accented Latin counts 1.5.
    return (len(norm) + len(norm.encode("utf-8", "surrogatepass"))) // 2


def patterns(text: str) -> list[str]:
    """The normalised sentences of one stored text that are long enough to match on."""
    return patterns_of([text])[0]


_TEXT_BREAK = "\x01"  # no stored text holds it once normalised: it is neither letter nor digit


def patterns_of(texts: Sequence[str]) -> list[list[str]]:
    """`patterns` of many texts, split and normalised in single passes (the store holds up to
    100k): every sentence end becomes a newline, texts are separated by a line of their own."""
    big = f"\n{_TEXT_BREAK}\n".join(t.replace(_TEXT_BREAK, " ") for t in texts)
    pieces = _SENTENCE.sub("\n", MARKER.sub("\n", big)).split("\n")
    norms = normalise_lines(pieces)
    out: list[list[str]] = []
    current: list[str] = []
    for piece, norm in zip(pieces, norms):
        if piece == _TEXT_BREAK:
            out.append(_keep(current))
            current = []
        elif norm:
            current.append(norm)
    out.append(_keep(current))
    return out


def _keep(norms: list[str]) -> list[str]:
    keep = [n for n in norms if weight(n) >= MIN_WEIGHT]
    if not keep:
        # Dropped punctuation and spaces make the whole text the join of its sentences.
        whole = "".join(norms)
        keep = [whole] if weight(whole) >= MIN_WEIGHT else []
    return keep


def _run(stream: str, at: int, pattern: str, offset: int) -> int:
    """The weight of the run of `pattern` around its offset `offset` found at `stream[at]`."""
    a, b = at, at  # the run is stream[a:b] == pattern[offset - (at - a):offset + (b - at)]
    while b < len(stream) and offset + b - at < len(pattern) and stream[b] == pattern[offset + b - at]:
        b += 1
    while a > 0 and offset - (at - a) > 0 and stream[a - 1] == pattern[offset - (at - a) - 1]:
        a -= 1
    return weight(stream[a:b])


class Matcher:
    """One automaton over every stored case's patterns."""

    def __init__(self, cases: Iterable[tuple[str, str, str, str]]) -> None:
        self._automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        self._buckets: list[list[tuple[str, int, CaseRef]]] = []  # (pattern, anchor offset, case)
        self._anchor_len: list[int] = []
        self.patterns = 0
        index: dict[str, int] = {}
        rows = list(cases)
        self.cases = len(rows)
        for (case_id, agent, date, _), found in zip(rows, patterns_of([r[3] or "" for r in rows])):
            ref = CaseRef(case_id, agent, date)
            for p in found:
                for offset in range(0, max(len(p) - ANCHOR, 0) + 1, STRIDE):
                    anchor = p[offset:offset + ANCHOR]
                    slot = index.get(anchor)
                    if slot is None:
                        slot = index[anchor] = len(self._buckets)
                        self._buckets.append([])
                        self._anchor_len.append(len(anchor))
                        self._automaton.add_word(anchor, slot)
                    self._buckets[slot].append((p, offset, ref))
                self.patterns += 1
        if self._buckets:
            self._automaton.make_automaton()

    def find(self, lines: Sequence[tuple[int, str]]) -> Iterator[Hit]:
        """Hits in `lines` ((number, text) in file order); lines that follow each other are
        searched as one text, so a sentence wrapped over several lines still matches."""
        if not self._buckets or not lines:
            return
        parts: list[str] = []
        starts: list[int] = []
        numbers: list[int] = []
        pos = 0
        prev = -1
        for (number, _), norm in zip(lines, normalise_lines(undisguised("\n".join(t for _, t in lines)).split("\n"))):
            if parts and number != prev + 1:
                parts.append("\n")  # a gap between hunks: no match may span it
                pos += 1
            starts.append(pos)
            numbers.append(number)
            parts.append(norm)
            pos += len(norm)
            prev = number
        stream = "".join(parts)
        seen: set[tuple[int, str]] = set()
        for end, slot in self._automaton.iter(stream):
            start = end - self._anchor_len[slot] + 1
            for pattern, offset, ref in self._buckets[slot]:
                if not (offset == 0 and stream.startswith(pattern, start)) and \
                        _run(stream, start, pattern, offset) < PART_WEIGHT:
                    continue
                line = numbers[bisect.bisect_right(starts, start) - 1]
                if (line, ref.id) not in seen:
                    seen.add((line, ref.id))
                    yield Hit(line, ref)
