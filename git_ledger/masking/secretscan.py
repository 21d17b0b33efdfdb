"""Secret detection: detect-secrets, asked only about the lines `prefilter` picked.

detect-secrets is imported inside `scan()`, never at module import: the prompt hook imports this
module through `mask`. The decision is detect-secrets' (its curated plugins and filters), plus
a few high-precision regexes for token formats newer than detect-secrets 1.5 (see `_EXTRA`).

Two modes:
- message (`filename=""`): agent-log text, where secrets sit unquoted in prose. Plugins search
  eagerly (unquoted high-entropy words too) and entropy candidates are post-filtered by the
  plugin's own limit, which detect-secrets' ad-hoc search leaves unapplied.
- file (`filename="src/app.py"`): staged file lines, with detect-secrets' file semantics (quoted
  entropy strings, keyword rules by file type, `# pragma: allowlist secret`, lock files skipped),
  each line also in the form detect-secrets' file scan reads it (`Line.views`, from `fileviews`).

detect-secrets is set up once per process, outside its global settings, and its plugins are
called without its per-call dependency injection (`plugins`).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from git_ledger.masking.line import Line
from git_ledger.masking.plugins import Detector, detector, may_name_a_keyword, shortest_passing
from git_ledger.masking.prefilter import is_object_id, line_is_candidate

MAX_LINE = 4000
WINDOW_OVERLAP = 400  # longer than any token a plugin looks for

# Token formats detect-secrets 1.5 does not know, and env-style secret assignments
# (`DB_PASSWORD=…`, `SLACK_BOT_TOKEN: …`), which its file scan misses unquoted unless the whole
# file parses as INI (a shell script with commands does not; a `.py` wants quotes).
_EXTRA: tuple[tuple[str, str], ...] = (
    ("GitHub Token", r"github_pat_[A-Za-z0-9_]{22,}"),
    ("OpenAI Token", r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}"),
    ("Anthropic API Key", r"sk-ant-[a-z]+\d*-[A-Za-z0-9_-]{20,}"),
    ("Google API Key", r"AIza[0-9A-Za-z_-]{35}"),
    (
        "Secret Keyword",
        (
            r"\b[A-Z][A-Z0-9_]*(?:API_?KEY|ACCESS_?KEY|SECRET|PRIVATE_?KEY|AUTH_?KEY|TOKEN|PASSWORD"
            r"|PASSWD|PWD|CREDENTIALS?)[A-Z0-9_]*['\"]?\s*[=:]\s*['\"]?([^\s'\"`,;]{8,})"
        ),
    ),
)
_PLACEHOLDER = r"(?i)^(?:\$|<|\{|%\(|\*{3,}|x{6,}|true$|false$|null$|none$)"




@functools.lru_cache(maxsize=1)
def _extra_rx() -> tuple[re.Pattern[str], tuple[tuple[str, re.Pattern[str]], ...]]:
    return re.compile(_PLACEHOLDER), tuple((kind, re.compile(p)) for kind, p in _EXTRA)


_GENERIC = {"Secret Keyword": 1, "Base64 High Entropy String": 2, "Hex High Entropy String": 2}


def preferred(kinds: Iterable[str]) -> list[str]:
    """The most telling kinds of one spot: a named token format over a keyword hit over an
    entropy hit ("GitHub Token", not also "Base64 High Entropy String")."""
    unique = list(dict.fromkeys(kinds))
    best = min((_GENERIC.get(k, 0) for k in unique), default=0)
    return [k for k in unique if _GENERIC.get(k, 0) == best]


class Finding(NamedTuple):
    line: int  # 1-based
    type: str  # detect-secrets' secret type, e.g. "AWS Access Key"
    value: str  # the matched value: used to locate it, never printed


_QUOTES = "'\"`"
_NOT_SPACE = re.compile(r"\S*")


def value_end(line: str, start: int, end: int) -> int:
    """Where the value at line[start:end] ends as a shell or env-file parser reads it: a quoted
    value at its closing quote (included), an unquoted one at the next whitespace. A plugin's
    match can stop short of it (`hunter2Secret!`: the keyword rule drops a trailing `!`, `,`)."""
    if start > 0 and line[start - 1] in _QUOTES:
        close = line.find(line[start - 1], end)
        if close >= 0:
            return close + 1
    m = _NOT_SPACE.match(line, end)
    return m.end() if m else end


def _token(line: str, value: str) -> tuple[int, str]:
    """Where the value a keyword rule matched starts in `line` (after an `=` or `:`, maybe a
    quote: a short value also occurs inside the key), and the whole value a parser reads there."""
    if not value:
        return 0, value
    start = found = line.find(value)
    while found >= 0:  # str.find, not a regex per value: a message can hold thousands of values
        j = found
        if j > 0 and line[j - 1] in _QUOTES:
            j -= 1
        while j > 0 and line[j - 1] in " \t":
            j -= 1
        if j > 0 and line[j - 1] in "=:":
            start = found
            break
        found = line.find(value, found + len(value))
    if start < 0:
        return 0, value
    if start > 0 and line[start - 1] in _QUOTES:
        end = value_end(line, start, start + len(value))
        return start, line[start:end - 1] if line[end - 1:end] == line[start - 1] else line[start:end]
    return start, line[start:value_end(line, start, start)]


# A reference to a credential, not one: `settings.DB_PASSWORD`, `os.environ["API_KEY"]`, `get_token()`.
_REFERENCE = (r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*"
              r"(?:[\[(].*[\])]|\.[\w$]*(?i:pass|pwd|secret|key|token|cred)[\w$]*)$")


def _plausible_unquoted(token: str, tight: bool = False) -> bool:
    """An unquoted `password: …` value that looks like a credential, not the rest of a sentence.

    `tight`: written `key=value`, without spaces, which prose never is: any value counts but a
    placeholder. Otherwise (`password: …`, `password = …`) a plain lower-case word shorter than
    12 letters, or anything shorter than 6 characters, is read as prose ("password: required").
    """
    if not token or _extra_rx()[0].match(token):
        return False
    if tight:
        return True
    word = token.strip(_QUOTES + ",;.!?")
    if len(word) < 6:
        return False
    return len(word) >= 12 or not word.isalpha() or not word.islower()


def _extra(line: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for kind, rx in _extra_rx()[1]:
        for m in rx.finditer(line):
            value = m.group(m.lastindex or 0)
            if kind == "Secret Keyword":
                token = _token(line, value)[1]
                if not _plausible_unquoted(token) or re.match(_REFERENCE, token.strip(_QUOTES + ",;")):
                    continue
            found.append((kind, value))
    return found


def scan(files: Iterable[tuple[str, Sequence[Line]]], *, eager: bool = False) -> list[tuple[str, Finding]]:
    """(filename, Finding) for every secret in the given lines (each already a prefilter candidate).

    detect-secrets is imported and set up on the first call in a process (`scan([])` does only
    that: the collector calls it before forking its workers).
    """
    ds = detector()
    from detect_secrets.filters.allowlist import is_line_allowlisted

    out: list[tuple[str, Finding]] = []
    for filename, lines in files:
        label = filename or "message"
        if filename and ds.filtered_out(("filename",), filename=label):
            continue  # lock files and swagger specs: skipped as detect-secrets-hook would
        for line in lines:
            if not eager and line.views and is_line_allowlisted(
                filename=label, line=line.text.rstrip(), context=ds.context(line.previous, line.text.rstrip()),
            ):
                continue  # `# pragma: allowlist secret` on the line covers its readings too
            for ln in (w for t in (line.text, *line.views) for w in _windows(line._replace(text=t), eager)):
                text = ln.text.rstrip()
                if not eager and ds.filtered_out(("line",), filename=label, line=text,
                                                 context=ds.context(ln.previous, text)):
                    continue
                out += [(filename, f) for f in _scan_text(ds, label, ln, text, eager)]
    return out


def _scan_text(ds: Detector, label: str, ln: Line, text: str, eager: bool) -> list[Finding]:
    """Findings of every plugin (and `_EXTRA`) on one text, filtered as detect-secrets filters."""
    context = ds.context(ln.previous, text)
    found: list[tuple[str, str, Any, bool]] = []  # (type, value, plugin, an entropy plugin's)
    for i, plugin in enumerate(ds.plugins):
        entropic, keyword = ds.is_entropy[i], ds.is_keyword[i]
        if eager and entropic:
            found += [(plugin.secret_type, v, plugin, True) for v in _eager_entropy(ds, plugin, text)]
            continue
        if keyword and not may_name_a_keyword(text):
            continue  # its slowest plugin (0.1 ms a line), and it needs a word this line lacks
        for s in ds.analyze(i, label, text, ln.number, context, eager):
            found.append((s.type, s.secret_value or "", plugin, entropic))
        if not (eager and keyword):
            continue
        # Messages: also `password: hunter2`, unquoted, by the config-file rule. It runs to the
        # line end, or stops at a quote inside the value: keep the value a parser reads, and
        # filter that (not the rule's cut: `b` of `key=b"x…` is dropped as one character).
        for s in plugin.analyze_line(filename="message.cfg", line=text, line_number=ln.number, context=context):
            at, token = _token(text, s.secret_value or "")
            tight = at > 1 and text[at - 1] == "=" and not text[at - 2].isspace()
            if _plausible_unquoted(token, tight) and not ds.filtered_out(
                ("secret",), filename=label, secret=token, plugin=plugin, line=text
            ):
                found.append((s.type, token, plugin, False))
    out: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    for kind, value, plugin, entropic in found:
        if (kind, value) in seen:
            continue
        seen.add((kind, value))
        if entropic and is_object_id(value):
            continue
        if ds.filtered_out(("context",), filename=label, secret=value, plugin=plugin, line=text, context=context):
            continue
        out.append(Finding(ln.number, kind, value))
    for kind, value in _extra(text):
        if (kind, value) not in seen:
            seen.add((kind, value))
            out.append(Finding(ln.number, kind, value))
    return out


def _windows(line: Line, eager: bool) -> list[Line]:
    """A minified or generated line of megabytes, cut into overlapping windows of which only the
    prefilter's candidates are scanned: detect-secrets' keyword regexes are superlinear on very
    long lines (Yelp/detect-secrets#868)."""
    if len(line.text) <= MAX_LINE:
        return [line]
    step = MAX_LINE - WINDOW_OVERLAP
    windows = (line.text[i:i + MAX_LINE] for i in range(0, len(line.text), step))
    return [line._replace(text=w) for w in windows if line_is_candidate(w, eager)]


def _eager_entropy(ds: Detector, plugin: Any, line: str) -> list[str]:
    """Quoted and unquoted high-entropy words, with the plugin's limit applied (scan_line does not)."""
    # Every run of the plugin's characters is a value here. A string of n characters has at most
    # log2(n) bits of entropy, so one too short to pass the limit is not computed (the margin
    # covers rounding), and a line without a run that long has no value to compute at all.
    shortest = shortest_passing(plugin.entropy_limit)
    if not _run_at_least(plugin.charset, shortest).search(line):
        return []
    values = {s.secret_value for s in plugin.analyze_line(filename="message", line=line)}
    with plugin.non_quoted_string_regex(is_exact_match=False):
        values.update(plugin.analyze_string(line))
    return sorted(
        v for v in values
        if v and len(v) >= shortest and plugin.calculate_shannon_entropy(v) > plugin.entropy_limit
        and not ds.filtered_out(("secret",), filename="message", secret=v, plugin=plugin, line=line)
    )



@functools.lru_cache(maxsize=8)
def _run_at_least(charset: str, n: int) -> re.Pattern[str]:
    """A run of at least `n` characters of `charset` (each value an entropy plugin reports is one)."""
    return re.compile(f"[{re.escape(charset)}]{{{n},}}")
