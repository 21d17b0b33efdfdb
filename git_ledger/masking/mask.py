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

# Every gap is bounded and no two neighbouring parts match the same characters without a bound:
# messages are text an agent or a log controls, and each alternative is tried at every keyword.
_NAME = r"[\w.\"`\[\]]{1,128}"
_NOT_ARTICLE = r"(?!(?:the|a|an|this|that|these|those|my|your|our|their|its|it)\b)"
_SQL_PATTERN = (
    # Upper-case keywords are SQL in any prose.
    rf"\bSELECT\b(?=[^;]{{0,400}}?\bFROM\b)|\bINSERT\s+INTO\b|\bUPDATE\s+{_NAME}\s+SET\b"
    r"|\bDELETE\s+FROM\b|\b(?:CREATE|ALTER|DROP|TRUNCATE)\s+(?:TEMP(?:ORARY)?\s+)?"
    r"(?:TABLE|VIEW|INDEX|DATABASE|SCHEMA)\b"
    # Lower/mixed case ("select one from the list") needs the shape of a statement.
    rf"|(?i:\bselect\s+(?:\*|distinct\b|count\s*\(|{_NAME}\s*,|{_NAME}\s+as\s)"
    rf"(?=[^;]{{0,400}}?\bfrom\s+{_NOT_ARTICLE}{_NAME}))"
    rf"|(?i:\bselect\s[\w.*,\s\"`]{{0,200}}?\sfrom\s+{_NOT_ARTICLE}{_NAME}\s+"
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
_PEM_END = r"(?m)-----END[A-Z0-9 ]{0,40}-----|^[ \t]*Private-MAC:.*$"
SQL_HEAD_MAX = 1200  # a statement's head (what `_SQL_PATTERN` matches) is shorter than this
PASSES_MAX = 8  # mask() passes before the lines still reporting a secret are masked whole


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
    """`text` with every sentence that holds a secret or an SQL statement replaced by a marker.

    The result is a fixed point: masking it again changes nothing (`mask(mask(x)) == mask(x)`)."""
    if not isinstance(text, str):  # defensive: callers pass decoded text, never bytes
        raise TypeError(f"mask() needs str, not {type(text).__name__}")
    # Lone surrogates (from surrogateescape decoding of non-UTF-8 logs) cannot be stored.
    text = _CLEAN_SURROGATES.sub("\ufffd", text)
    # Passes until nothing is found: a marker can join what it split, and detect-secrets' keyword
    # rule reports only the first assignment of a line (the rest of such a line is asked about
    # sentence by sentence within the pass, so a line of a thousand secrets costs one more pass,
    # not a thousand). A clean message costs one pass, a message with secrets two.
    for n in range(PASSES_MAX):
        index = _Index(text)
        regions = _sql_regions(text, index)
        lines = prefilter.candidate_lines(text, eager=True)
        if lines:
            found = _secret_regions(text, index, [index.spans[i] for i in lines])
            if n == PASSES_MAX - 1 and found:  # never in practice: fail closed, not open
                found = [Region(*index.line_of(r.start), r.kind) for r in found]
            regions += found
        masked = _apply(text, regions) if regions else text
        if masked == text:  # nothing found, or only markers where markers were
            break
        text = masked
    return text


def mask_tail(text: str, chars: int) -> str:
    """The last `chars` characters of `text`, masked before the cut: a secret that the cut would
    split is still found whole (within four times `chars` of the end) and never kept in part."""
    return mask(text[-4 * chars:])[-chars:] if text else ""


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


class _Index:
    """Where the lines start and the sentences end in one text, found once per pass: looking them
    up from a line's start for every secret or statement was quadratic in a long line."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.spans = _line_spans(text)
        self.starts = [a for a, _ in self.spans]
        ends = [m.span() for m in _rx().sentence_end.finditer(text)]
        self.end_starts = [a for a, _ in ends]
        self.end_ends = [b for _, b in ends]
        self._skipped: dict[int, int] = {}
        self._trimmed: dict[int, int] = {}
        self._pem_ends: list[tuple[int, int]] | None = None

    def line_of(self, pos: int) -> tuple[int, int]:
        return self.spans[bisect.bisect_right(self.starts, pos) - 1]

    def sentence(self, line_start: int, line_end: int, a: int, b: int) -> tuple[int, int]:
        """The sentence of the line [line_start, line_end) around the span [a, b)."""
        text = self.text
        start = line_start
        i = bisect.bisect_right(self.end_ends, a) - 1  # the last sentence end before `a`
        if i >= 0 and self.end_starts[i] >= line_start:
            start = self.end_ends[i]
        if a > line_start and text[a - 1] in ".!?":  # a `.` right before the span ends a sentence too
            start = a
        if start not in self._skipped:
            skip = start
            while skip < line_end and text[skip].isspace():
                skip += 1
            self._skipped[start] = skip
        start = min(self._skipped[start], a)
        j = bisect.bisect_left(self.end_starts, b)  # the first sentence end after `b`
        end = self.end_starts[j] if j < len(self.end_starts) and self.end_ends[j] <= line_end else line_end
        if end not in self._trimmed:
            trim = end
            while trim > line_start and text[trim - 1] in " \t\r":
                trim -= 1
            self._trimmed[end] = trim
        return start, max(self._trimmed[end], b)

    def pem_end(self, pos: int) -> int:
        """Where the private key whose BEGIN line ends at `pos` ends: its END line, else the text's end."""
        if self._pem_ends is None:
            self._pem_ends = [m.span() for m in _rx().pem_end.finditer(self.text)]
        i = bisect.bisect_left(self._pem_ends, (pos, -1))
        return self._pem_ends[i][1] if i < len(self._pem_ends) else len(self.text)


def _secret_regions(text: str, index: _Index, segments: list[tuple[int, int]]) -> list[Region]:
    """Regions of the secrets detect-secrets finds in the segments (lines) of `text`.

    Its keyword rule reports one assignment per line: the rest of a line with a finding is
    asked about again sentence by sentence (one more scan of each sentence, not of the line)."""
    regions, pending = _scan_segments(text, index, segments)
    while pending:
        rest = _unmasked_sentences(text, index, pending, regions)
        more, pending = _scan_segments(text, index, rest)
        regions += more
    return regions


def _scan_segments(text: str, index: _Index, segments: list[tuple[int, int]]
                   ) -> tuple[list[Region], list[tuple[int, int]]]:
    """Regions found in `segments`, and the segments with a keyword finding (they may hold more)."""
    picked = []
    for n, (a, b) in enumerate(segments):
        ls, _ = index.line_of(a)
        prev = index.line_of(ls - 1) if ls else (0, 0)
        picked.append(Line(n + 1, text[a:b], text[prev[0]:prev[1]] if ls else ""))
    found: dict[int, dict[str, list[str]]] = {}  # segment -> value -> kinds
    for _, f in secretscan.scan([("", picked)], eager=True):
        kinds = found.setdefault(f.line - 1, {}).setdefault(f.value, [])
        if f.type not in kinds:  # overlapping windows of a long line report a value again
            kinds.append(f.type)
    regions: list[Region] = []
    known: dict[str, str] = {}  # values once known to be secrets, masked wherever they appear
    located: dict[str, list[int]] = {}
    wanted = {v for values in found.values() for v in values if v}
    for pos, value in sorted(_occurrences(text, wanted)):
        located.setdefault(value, []).append(pos)
    for n, values in found.items():
        a, b = segments[n]
        ls, le = index.line_of(a)
        for value, kinds in values.items():
            at = located.get(value, [])
            hits = at[bisect.bisect_left(at, a):bisect.bisect_right(at, b - len(value))]
            for kind in kinds:
                if not hits:  # the value was normalised by its plugin: mask the whole segment
                    regions.append(Region(a, b, kind))
                for h in hits:
                    start, end = _value_region(text, index, ls, le, h, h + len(value), kind)
                    if kind == "Private Key":  # the key body follows its BEGIN line: mask to its END
                        end = index.pem_end(h + len(value))
                    regions.append(Region(start, end, kind))
                if len(value) >= 8 and kind != "Private Key":
                    known.setdefault(value, kind)
    # A value once known to be a secret is masked wherever else it appears, even where no rule
    # would recognise it on its own (`password = "…"` on one line, the same word in a URL later).
    for value, kind in known.items():
        for h in located[value]:
            ls, le = index.line_of(h)
            regions.append(Region(*_value_region(text, index, ls, le, h, h + len(value), kind), kind))
    pending = [segments[n] for n, values in found.items() if any("Secret Keyword" in k for k in values.values())]
    return regions, pending


def _occurrences(text: str, values: set[str]) -> list[tuple[int, str]]:
    """(start, value) of every occurrence of each value: one pass for all of them (a search per
    value was quadratic in a message holding thousands)."""
    if not values:
        return []
    if len(values) == 1:
        (value,) = values
        return [(m.start(), value) for m in re.finditer(re.escape(value), text)]
    import ahocorasick  # a dependency of the pre-commit hook; only a message with secrets needs it

    automaton = ahocorasick.Automaton()
    for value in values:
        automaton.add_word(value, value)
    automaton.make_automaton()
    return [(end - len(value) + 1, value) for end, value in automaton.iter(text)]


def _unmasked_sentences(text: str, index: _Index, segments: list[tuple[int, int]],
                        regions: list[Region]) -> list[tuple[int, int]]:
    """The sentences of `segments` outside every region that may still hold a secret."""
    covered = sorted((r.start, r.end) for r in regions)
    out: list[tuple[int, int]] = []
    for a, b in segments:
        i = bisect.bisect_left(index.end_ends, a)
        start = a
        while start < b:
            while i < len(index.end_starts) and index.end_ends[i] <= start:
                i += 1
            stop = min(index.end_ends[i], b) if i < len(index.end_starts) else b
            j = bisect.bisect_right(covered, (start, len(text) + 1)) - 1
            inside = j >= 0 and covered[j][0] <= start < covered[j][1] or _covers(covered, start, stop)
            if not inside and prefilter.line_is_candidate(text[start:stop], eager=True):
                out.append((start, stop))
            start = stop
    return out


def _covers(covered: list[tuple[int, int]], a: int, b: int) -> bool:
    """Whether a region starts inside [a, b) (its sentence was masked, or is about to be)."""
    i = bisect.bisect_left(covered, (a, -1))
    return i < len(covered) and covered[i][0] < b


def _value_region(text: str, index: _Index, ls: int, le: int, a: int, b: int, kind: str) -> tuple[int, int]:
    """The sentence around the value at [a, b); a keyword rule's value widened to the whole
    value as a shell or env parser reads it (the rule's match can stop short: it leaves the `!`
    of `password=hunter2Secret!` out). A `.` `!` `?` ending the value may also end the sentence:
    the sentence is found from the value without them, and the mask then covers them too.
    Token formats and entropy strings have exact ends: a `.` after `ghp_…` is prose."""
    if kind != "Secret Keyword":
        return index.sentence(ls, le, a, b)
    whole = ls + secretscan.value_end(text[ls:le], a - ls, b - ls)
    core = whole
    while core > a + 1 and text[core - 1] in ".!?,;:)":
        core -= 1
    start, end = index.sentence(ls, le, a, core)
    return start, max(end, whole)


_SQL_WORD = re.compile("(?i:" + "|".join(_SQL_WORDS) + ")")


def _sql_keywords(text: str) -> list[int]:
    """Where an SQL keyword starts: a `str.find` per keyword costs a hundredth of the alternation
    regex tried at every position of a long message."""
    low = text.lower()
    if len(low) != len(text):  # a few characters lower-case into two: offsets would drift
        return [m.start() for m in _SQL_WORD.finditer(text)]
    return sorted(p for word in _SQL_WORDS for p in _all(low, word))


def _all(haystack: str, word: str) -> list[int]:
    out, pos = [], haystack.find(word)
    while pos >= 0:
        out.append(pos)
        pos = haystack.find(word, pos + len(word))
    return out


def _sql_regions(text: str, index: _Index) -> list[Region]:
    regions = [Region(m.start(), m.end(), SQL) for m in _rx().sql_fence.finditer(text)] if "```" in text else []
    covered = 0  # a keyword inside a statement already masked starts none of its own
    for pos in _sql_keywords(text):
        if pos < covered:
            continue
        m = _rx().sql.match(text, pos, pos + SQL_HEAD_MAX)
        if m is None:
            continue
        ls, le = index.line_of(pos)
        start, _ = index.sentence(ls, le, pos, m.end())
        covered = _statement_end(text, pos)
        regions.append(Region(start, covered, SQL))
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
    # Each merged region's kinds in order, once, added in place: copying them per region was
    # quadratic when thousands of secrets in one sentence merge into one region.
    merged: list[tuple[int, int, dict[str, None]]] = []
    for r in regions:
        if merged and r.start < merged[-1][1]:
            start, end, kinds = merged[-1]
            kinds[r.kind] = None
            merged[-1] = (start, max(end, r.end), kinds)
        else:
            merged.append((r.start, r.end, {r.kind: None}))
    out, pos = [], 0
    for start, end, kinds in merged:
        out.append(text[pos:start])
        out.append(_label(list(kinds)))
        pos = end
    out.append(text[pos:])
    return "".join(out)
