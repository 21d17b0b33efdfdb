"""Masking before storage: secrets and SQL statements become markers that keep only their kind.

A correction can carry the data being worked on: a token pasted from a terminal, a query against
a production table. The sentence holding one keeps no raw text, only a marker:
`[secret masked: GitHub Token]`, `[SQL masked]`. The rest of the message stays as written.

`mask()` runs on every stored message and in the prompt hook, so a clean message must cost
microseconds: one prefilter search, one SQL search, and detect-secrets (0.26 s to import) is
imported only when the prefilter found a line worth asking about (see `prefilter` and `secretscan`).
"""
from __future__ import annotations

import bisect
import functools
import re
from typing import NamedTuple

from git_ledger.masking import prefilter, secretscan
from git_ledger.masking.candidates import candidates
from git_ledger.masking.line import Line

SQL_MARKER = "[SQL masked]"
# A sentence ends at . ! ? followed by whitespace, or at a CJK full stop; a line ends one too.
_SENTENCE_END = r"[.!?](?=\s|$)|[。！？]"
MARKER = re.compile(r"\[(?:secret masked: [^\]\n]{1,200}|SQL masked)\]")

_NAME = r"[\w.\"`\[\]]+"
_NOT_ARTICLE = r"(?!(?:the|a|an|this|that|these|those|my|your|our|their|its|it)\b)"
_SQL_PATTERN = (
    # Upper-case keywords are SQL in any prose.
    rf"\bSELECT\b(?=[^;]{{0,400}}?\bFROM\b)|\bINSERT\s+INTO\b|\bUPDATE\s+{_NAME}\s+SET\b"
    r"|\bDELETE\s+FROM\b|\b(?:CREATE|ALTER|DROP|TRUNCATE)\s+(?:TEMP(?:ORARY)?\s+)?"
    r"(?:TABLE|VIEW|INDEX|DATABASE|SCHEMA)\b"
    # Lower/mixed case ("select one from the list") needs the shape of a statement.
    rf"|(?i:\bselect\s+(?:\*|distinct\b|count\s*\(|{_NAME}\s*,|{_NAME}\s+as\s)"
    rf"(?=[^;]{{0,400}}?\bfrom\s+{_NOT_ARTICLE}{_NAME}))"
    rf"|(?i:\bselect\s+[\w.*,\s\"`]{{1,200}}?\s+from\s+{_NOT_ARTICLE}{_NAME}\s+"
    r"(?:where|join|inner\s+join|left\s+join|group\s+by|order\s+by|limit)\b)"
    rf"|(?i:\binsert\s+into\s+{_NAME}\s*(?:\(|values\b|select\b))"
    rf"|(?i:\bupdate\s+{_NAME}\s+set\s+{_NAME}\s*=)"
    rf"|(?im:\bdelete\s+from\s+{_NOT_ARTICLE}{_NAME}\s*(?:where\b|;|$))"
    rf"|(?i:\bcreate\s+(?:temp(?:orary)?\s+)?table\s+(?:if\s+not\s+exists\s+)?{_NAME}\s*\()"
    rf"|(?i:\balter\s+table\s+{_NAME}\s+(?:add|drop|alter|rename|modify)\b)"
    rf"|(?im:\b(?:drop|truncate)\s+table\s+(?:if\s+exists\s+)?{_NAME}\s*(?:;|cascade\b|$))"
)
_SQL_WORDS = ("select", "insert", "update", "delete", "create", "alter", "drop", "truncate")
_SQL_FENCE = (r"(?ims)^[ \t]*```[ \t]*(?:sql|psql|mysql|sqlite|postgresql|plpgsql)\b[^\n]*\n.*?"
              r"(?:^[ \t]*```[ \t]*$|\Z)")
_SQL_CONTINUES = (
    r"\s+\S|\s*[(),]|\s*(?i:from|where|and|or|not|join|left|right|inner|outer|full|cross|on|group"
    r"|order|having|limit|offset|values|set|union|returning|select|into|case|when|then|else|end"
    r"|as|in|using|with)\b"
)
_PEM_END = r"(?m)-----END[A-Z0-9 ]*-----|^\s*Private-MAC:.*$"


class _Compiled(NamedTuple):
    sql: re.Pattern[str]
    sql_fence: re.Pattern[str]
    sql_continues: re.Pattern[str]
    pem_end: re.Pattern[str]
    sentence_end: re.Pattern[str]


@functools.lru_cache(maxsize=1)
def _rx() -> _Compiled:
    # Compiled on first use (about 10 ms): most messages name no SQL keyword and hold no secret.
    return _Compiled(re.compile(_SQL_PATTERN), re.compile(_SQL_FENCE), re.compile(_SQL_CONTINUES),
                     re.compile(_PEM_END), re.compile(_SENTENCE_END))


_CLEAN_SURROGATES = re.compile("[\ud800-\udfff]")


class Region(NamedTuple):
    start: int
    end: int
    kind: str  # a detect-secrets secret type, or SQL


SQL = "SQL"


def mask(text: str) -> str:
    """`text` with every sentence that holds a secret or an SQL statement replaced by a marker."""
    if not isinstance(text, str):  # defensive: callers pass decoded text, never bytes
        raise TypeError(f"mask() needs str, not {type(text).__name__}")
    # Lone surrogates (from surrogateescape decoding of non-UTF-8 logs) cannot be stored.
    text = _CLEAN_SURROGATES.sub("\ufffd", text)
    # detect-secrets' keyword rule reports only the first assignment of a line, so a masked
    # text is scanned again until nothing changes (one extra pass, only when something was masked).
    for _ in range(4):
        regions = _sql_regions(text)
        lines = prefilter.candidate_lines(text, eager=True)
        if lines:
            regions += _secret_regions(text, lines)
        if not regions:
            break
        text = _apply(text, regions)
    return text


def find_secrets(text: str, filename: str = "") -> list[tuple[int, str]]:
    """(line number, secret type) of each secret in `text`, never the value.

    With a `filename`, `text` is that file's content and detect-secrets' file rules apply
    (quoted entropy strings, keyword rules by extension, `# pragma: allowlist secret`);
    without, it is a message and the eager message rules of `mask()` apply.
    """
    eager = not filename
    lines = text.split("\n")
    if filename:  # the whole file: scanned as written and as detect-secrets reads it (`fileviews`)
        numbered = dict(enumerate(lines, 1))
        picked = candidates(filename, numbered, list(numbered), whole=True)
    else:
        picked = [Line(i + 1, lines[i], lines[i - 1] if i else "")
                  for i in prefilter.candidate_lines(text, eager=True)]
    if not picked:
        return []
    by_line: dict[int, list[str]] = {}
    for _, f in secretscan.scan([(filename, picked)], eager=eager):
        by_line.setdefault(f.line, []).append(f.type)
    return sorted((n, kind) for n, kinds in by_line.items() for kind in secretscan.preferred(kinds))


# ---------------------------------------------------------------------------------- regions
def _line_spans(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for part in text.split("\n"):
        spans.append((start, start + len(part)))
        start += len(part) + 1
    return spans


def _sentence(text: str, line_start: int, line_end: int, a: int, b: int) -> tuple[int, int]:
    """The sentence of the line [line_start, line_end) around the span [a, b)."""
    start = line_start
    for m in _rx().sentence_end.finditer(text, line_start, a):
        start = m.end()
    while start < a and text[start].isspace():
        start += 1
    stop = _rx().sentence_end.search(text, b, line_end)
    end = stop.start() if stop else line_end
    while end > b and text[end - 1] in " \t\r":
        end -= 1
    return start, end


def _secret_regions(text: str, line_indices: list[int]) -> list[Region]:
    spans = _line_spans(text)
    picked = [
        Line(i + 1, text[spans[i][0]:spans[i][1]], text[spans[i - 1][0]:spans[i - 1][1]] if i else "")
        for i in line_indices
    ]
    regions: list[Region] = []
    values: dict[str, str] = {}
    for _, f in secretscan.scan([("", picked)], eager=True):
        ls, le = spans[f.line - 1]
        line = text[ls:le]
        hits = [m.start() for m in re.finditer(re.escape(f.value), line)] if f.value else []
        if not hits:  # the value was normalised by its plugin: mask the whole line
            regions.append(Region(ls, le, f.type))
        for h in hits:
            start, end = _value_region(text, ls, le, ls + h, ls + h + len(f.value), f.type)
            if f.type == "Private Key":  # the key body follows its BEGIN line: mask to its END
                pem_end = _rx().pem_end.search(text, ls + h + len(f.value))
                end = pem_end.end() if pem_end else len(text)
            regions.append(Region(start, end, f.type))
        if len(f.value) >= 8 and f.type != "Private Key":
            values.setdefault(f.value, f.type)
    # A value once known to be a secret is masked wherever else it appears, even where no rule
    # would recognise it on its own (`password = "…"` on one line, the same word in a URL later).
    starts = [a for a, _ in spans]
    for value, kind in values.items():
        for m in re.finditer(re.escape(value), text):
            ls, le = spans[bisect.bisect_right(starts, m.start()) - 1]
            regions.append(Region(*_value_region(text, ls, le, m.start(), m.end(), kind), kind))
    return regions


def _value_region(text: str, ls: int, le: int, a: int, b: int, kind: str) -> tuple[int, int]:
    """The sentence around the value at [a, b); a keyword rule's value widened to the whole
    value as a shell or env parser reads it (the rule's match can stop short: it leaves the `!`
    of `password=hunter2Secret!` out). A `.` `!` `?` ending the value may also end the sentence:
    the sentence is found from the value without them, and the mask then covers them too.
    Token formats and entropy strings have exact ends: a `.` after `ghp_…` is prose."""
    if kind != "Secret Keyword":
        return _sentence(text, ls, le, a, b)
    whole = ls + secretscan.value_end(text[ls:le], a - ls, b - ls)
    core = whole
    while core > a + 1 and text[core - 1] in ".!?,;:)":
        core -= 1
    start, end = _sentence(text, ls, le, a, core)
    return start, max(end, whole)


def _sql_starts(text: str) -> list[re.Match[str]]:
    """Statements, tried only where a keyword occurs: the alternation regex over a whole long
    message costs about 0.5 µs a character, a `str.find` per keyword a hundredth of that."""
    low = text.lower()
    if len(low) != len(text):  # a few characters lower-case into two: offsets would drift
        return list(_rx().sql.finditer(text))
    found: list[re.Match[str]] = []
    end = 0
    for pos in sorted(p for word in _SQL_WORDS for p in _all(low, word)):
        if pos >= end and (m := _rx().sql.match(text, pos)):
            found.append(m)
            end = m.end()
    return found


def _all(haystack: str, word: str) -> list[int]:
    out, pos = [], haystack.find(word)
    while pos >= 0:
        out.append(pos)
        pos = haystack.find(word, pos + len(word))
    return out


def _sql_regions(text: str) -> list[Region]:
    regions = [Region(m.start(), m.end(), SQL) for m in _rx().sql_fence.finditer(text)] if "```" in text else []
    for m in _sql_starts(text):
        ls = text.rfind("\n", 0, m.start()) + 1
        le = text.find("\n", m.start())
        start, _ = _sentence(text, ls, len(text) if le < 0 else le, m.start(), m.end())
        regions.append(Region(start, _statement_end(text, m.start()), SQL))
    return regions


def _statement_end(text: str, pos: int) -> int:
    """Where the statement starting at `pos` ends: `;`, a sentence end outside quotes, a blank
    line, or a line that does not continue it (continuations are indented or start a clause)."""
    quote = ""
    i, n = pos, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            quote = ""  # SQL strings rarely span lines; an unclosed one must not swallow the rest
            nxt = text.find("\n", i + 1)
            following = text[i + 1:n if nxt < 0 else nxt]
            if not following.strip() or not _rx().sql_continues.match(following):
                return i
        elif quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"`" and not text[i - 1].isalnum():  # "don't" opens no string
            quote = ch
        elif ch == ";" or ch in "。！？":
            return i + 1
        elif ch in ".!?" and (i + 1 == n or text[i + 1].isspace()):
            return i
        i += 1
    return n


def _label(kinds: list[str]) -> str:
    secrets = secretscan.preferred(k for k in kinds if k != SQL)
    parts = [f"[secret masked: {', '.join(secrets)}]"] if secrets else []
    if SQL in kinds:
        parts.append(SQL_MARKER)
    return " ".join(parts)


def _apply(text: str, regions: list[Region]) -> str:
    regions.sort()
    merged: list[tuple[int, int, list[str]]] = []
    for r in regions:
        if merged and r.start < merged[-1][1]:
            start, end, kinds = merged[-1]
            merged[-1] = (start, max(end, r.end), kinds + [r.kind])
        else:
            merged.append((r.start, r.end, [r.kind]))
    out, pos = [], 0
    for start, end, kinds in merged:
        out.append(text[pos:start])
        out.append(_label(kinds))
        pos = end
    out.append(text[pos:])
    return "".join(out)
