"""Which lines could hold a secret: the cheap stage in front of detect-secrets.

detect-secrets scans about 200 µs per line (most of it per-plugin dependency injection) and takes
a quarter of a second to import. This module finds the few lines worth asking it about, without
importing it: a superset of what the curated plugins can report (each plugin's anchor, the
secret keywords in an assignment position, runs long and random enough to pass an entropy
limit). A clean message costs a few dozen `bytes.find` calls.

`eager` is the message mode (secrets sit unquoted in prose); without it, detect-secrets' file
rule applies: only quoted strings can be entropy findings.
"""
from __future__ import annotations

import functools
import math
import re
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from git_ledger.literals import AnyOf, Guarded

BASE64_LIMIT = 4.5
HEX_LIMIT = 3.0

B64_CHARS = "A-Za-z0-9+/=_\\\\-"  # detect-secrets' Base64 charset, url-safe and padding included
_B64_SET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_\\-")
_HEX_SET = frozenset("0123456789abcdefABCDEF")

# Stage 1 finds lines worth a closer look, fast: `bytes.find` of lower-cased literals (the
# anchors of the regex plugins, the secret keywords), plus a few case-sensitive shapes whose
# regexes start with a selective character. One big alternation regex, or IGNORECASE, is 13-22×
# slower on a 10 MB diff (measured), because sre then tries every branch at every position.
_LITERALS = tuple(w.encode() for w in (
    "akia asia abia acca a3t aws ghp_ gho_ ghu_ ghs_ ghr_ github_pat_ glpat- gldt- glft- glsoat- "
    "glrt- glcbt- glimt- glptt- glagent- gloas- gr1348941 xox hooks.slack sk- k_live_ sg. sq0csp- "
    "pypi-age aiza eyj private putty-user :// -us akc softlayer cloudant ibm cos_hmac coshmac "
    "key pass pw secret token credential contrase"
).split())
_SHAPES = (
    re.compile(rb"""["'][A-Za-z0-9+/=_\\-]{17,}["']"""),  # quoted, maybe high-entropy
    re.compile(rb":[\w-]{35}"),  # Telegram
    re.compile(rb"\.[\w-]{6}\.[\w-]{27}"),  # Discord
    re.compile(rb"AC[a-z0-9]{32}"), re.compile(rb"SK[a-z0-9]{32}"),  # Twilio (a literal first: 10x faster)
    re.compile(rb"AP[\dA-F][a-zA-Z0-9]{8}"),  # Artifactory
)
_BARE_RUN = re.compile(rb"[A-Za-z0-9+/=_\\-]{17,}")  # messages: secrets sit unquoted in prose
# YAML files: detect-secrets reads `key: value` as `key: "value"`, so an unquoted value (after an
# anchor or tag, maybe) is an entropy candidate too (see `fileviews`).
_YAML_VALUE_RUN = re.compile(rb":[ \t]+(?:[&!][^ \t\n]*[ \t]+)*[A-Za-z0-9+/=_\\-]{17,}")

# Stage 2, per line: does it hold something a plugin (or `_EXTRA`) could report? Any of these
# (each searched on its own behind the literals it cannot match without: see `_rx`).
_STRONG_PARTS = (
    r"(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[0-9A-Z]{16}",
    r"gh[pousr]_", r"github_pat_", r"gl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|agent|oas)-", r"GR1348941",
    r"xox[abposr]-", r"hooks\.slack\.com", r"sk-", r"[rs]k_live_", r"SG\.", r"sq0csp-", r"pypi-AgE", r"AIza",
    r"eyJ", r"BEGIN[A-Z0-9 ]{0,20}PRIVATE", r"PuTTY-User-Key",
    r"://[^\s/@:]+:[^\s/@]+@",  # credentials in a URL
    r"\d{8,10}:[\w-]{35}",  # Telegram
    r"[MNO][\w-]{23,25}\.[\w-]{6}\.",  # Discord
    r"[0-9a-z]{32}-us\d",  # Mailchimp
    r"(?:AC|SK)[a-z0-9]{32}",  # Twilio
    r"AKC[a-zA-Z0-9]{10}", r"AP[\dA-F][a-zA-Z0-9]{8}",  # Artifactory
    r"//.+/:_authToken=",  # npm
    r"AccountKey=",  # Azure
)
# On the lower-cased line: detect-secrets' KeywordDetector denylist (plus token/credential for
# env-style assignments) in the positions its rules accept: before an assignment or comparison
# (`password = `, `token: `, `secret[0] == `, `password("…")`), after a quoted comparison
# (`"x" == password`), or before a quoted value and a semicolon.
_KW = (
    r"(?:api_?key|auth_?key|service_?key|account_?key|db_?key|database_?key|priv_?key|private_?key"
    r"|client_?key|access_?key|db_?pass|database_?pass|key_?pass|password|passwd|pwd|secret"
    r"|contrase|token|credential)"
)
_KEYWORD_PATTERN = (
    rf"{_KW}\w*(?:\[\d*\])?['\"\]]{{0,2}}\s*(?:[:=!]|(?:\.assign)?\(\s*['\"])"
    rf"|['\"]\s*[!=]==?\s*\w*{_KW}"
    rf"|{_KW}\S{{0,50}}\s*['\"`][^'\"`]*['\"`];"
)


_KEYISH = r"key|pw|pass|token|secret|softlayer"
_AWS_SECRET = r"['\"][0-9a-zA-Z/+]{40}['\"]"  # noqa: S105  (a pattern, not a password)



class _Compiled(NamedTuple):
    strong: AnyOf
    keyword: Guarded
    keyish: re.Pattern[str]
    aws_secret: re.Pattern[str]
    run: re.Pattern[str]
    hex_run: re.Pattern[str]
    long_token: re.Pattern[str]


@functools.lru_cache(maxsize=1)
def _rx() -> _Compiled:
    """Stage 2's regexes, compiled the first time a line needs them (several ms): importing
    this module, and masking a clean message, must stay cheap for the prompt hook.

    The strong shapes and the keyword pattern are searched only where a search for literals
    they cannot match without ("-us" for Mailchimp, "password" or "token" … for a keyword)
    finds one: sre tries a big alternation at every position of a line, but skips ahead to a
    literal's first character, and most lines hold none (`literals.AnyOf`, `literals.Guarded`;
    the check costs about half of what it did on the lines of a 10 MB diff)."""
    from git_ledger.literals import AnyOf, Guarded

    return _Compiled(
        AnyOf(_STRONG_PARTS), Guarded(_KEYWORD_PATTERN), re.compile(_KEYISH), re.compile(_AWS_SECRET),
        re.compile(rf"[{B64_CHARS}]{{17,}}"), re.compile(r"[0-9a-fA-F]{17,}"),
        re.compile(rf"[{B64_CHARS}]{{24,}}"),
    )


def entropy(data: str, charset: frozenset[str]) -> float:
    """Shannon entropy over `charset`, as detect-secrets computes it."""
    if not data:
        return 0.0
    n = len(data)
    return -sum(c / n * math.log2(c / n) for ch, c in Counter(data).items() if ch in charset)


def hex_entropy(data: str) -> float:
    """detect-secrets' hex entropy, which discounts all-digit strings (numbers are noise)."""
    e = entropy(data, _HEX_SET)
    if len(data) > 1 and data.isdigit():
        e -= 1.2 / math.log2(len(data))
    return e


def is_object_id(value: str) -> bool:
    """Hex the shape of a git object id, an abbreviated SHA, a digest or a short fingerprint.

    Decision: these are not secrets. A 40/64-hex commit or content hash, and hex of 16 or fewer
    characters (abbreviated SHAs, our own unit fingerprints), pass; other hex runs (32, 48, …)
    stay subject to the Hex High Entropy limit.
    """
    return all(c in _HEX_SET for c in value) and (len(value) <= 16 or len(value) in (40, 64))


def _random_run(run: str) -> bool:
    # n characters hold at most log2(n) bits: under 23 the Base64 limit (4.5) cannot be passed.
    if len(run) >= 23 and entropy(run, _B64_SET) > BASE64_LIMIT:
        return True
    return any(
        hex_entropy(h) > HEX_LIMIT and not is_object_id(h) for h in _rx().hex_run.findall(run)
    )


def line_is_candidate(line: str, eager: bool) -> bool:
    rx = _rx()
    if rx.strong.search(line):
        return True
    low = line.lower()
    if "aws" in low and rx.aws_secret.search(line):
        return True
    if rx.keyword.search(low):
        return True
    for m in rx.run.finditer(line):
        s, e = m.span()
        quoted = s > 0 and e < len(line) and line[s - 1] in "'\"" and line[e] == line[s - 1]
        if (eager or quoted) and _random_run(m.group()):
            return True
    return bool(rx.long_token.search(line) and rx.keyish.search(low))


def candidate_lines(text: str, eager: bool, yaml: bool = False) -> list[int]:
    """0-based indices of the lines (split on "\\n") that detect-secrets should look at.

    `yaml`: the text is lines of a YAML file, which detect-secrets reads as `key: "value"`
    (`fileviews.yaml_views`): a line whose reading is a candidate is one too.
    """
    data = text.encode("utf-8", "surrogatepass")
    low = data.lower()  # ASCII only: byte offsets stay put
    hits: set[int] = set()
    for lit in _LITERALS:
        pos = low.find(lit)
        while pos >= 0:
            hits.add(pos)
            nl = low.find(b"\n", pos)
            if nl < 0:
                break
            pos = low.find(lit, nl + 1)  # one hit per line is enough
    for rx in _SHAPES + ((_BARE_RUN,) if eager else ()) + ((_YAML_VALUE_RUN,) if yaml else ()):
        hits.update(m.start() for m in rx.finditer(data))
    if not hits:
        return []
    out: list[int] = []
    index, at = 0, 0
    for pos in sorted(hits):
        if pos < at:
            continue  # same line as the previous hit
        index += data.count(b"\n", at, pos)
        start = data.rfind(b"\n", 0, pos) + 1
        end = data.find(b"\n", pos)
        end = len(data) if end < 0 else end
        line = data[start:end].decode("utf-8", "surrogatepass")
        # The YAML reading adds only quotes around a plain value: it matters for a random one.
        if line_is_candidate(line, eager) or (
            yaml and _YAML_VALUE_RUN.search(data, start, end) and _yaml_candidate(line)
        ):
            out.append(index)
        index += 1
        at = end + 1
    return out


def _yaml_candidate(line: str) -> bool:
    from git_ledger.masking.fileviews import yaml_views

    return any(line_is_candidate(view, eager=False) for view in yaml_views(line))
