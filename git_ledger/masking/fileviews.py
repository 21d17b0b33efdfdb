"""How detect-secrets reads a config or YAML file, one line at a time, without importing it.

`detect-secrets scan` does not only scan a file's lines as written. Before its plugins run it
may rewrite them (its "transformers"), and the rewritten line is what its rules see:

- a file that parses as INI (with a `[section]`; for a file of no known type also without one,
  as if it began with `[global]`) becomes `key = "value"` lines: `db_password=Xk9…` in a `.env`,
  `.sh` or `.txt` file is read as `db_password = "…"`, which the quotes-only keyword rule of
  those types then reports, and an unquoted random value becomes a quoted entropy candidate;
- a YAML file becomes `key: "value"` lines, so an unquoted random value is an entropy candidate.

A staged diff shows some lines of a file, not all, so this module rebuilds those readings line
by line: `config_views` over a whole file (an INI value can continue on indented lines, and one
line that is not INI means detect-secrets reads the file as written), `yaml_view` per line.
Scanning both the line and its reading finds at least what detect-secrets' file scan finds.
"""
from __future__ import annotations

import functools
import os
import re
from collections.abc import Sequence

# detect_secrets.util.filetype.determine_file_type, grouped by what its scan does with a type.
_KINDS = {
    **dict.fromkeys((".yaml", ".yml", ".eyaml"), "yaml"),
    **dict.fromkeys((".cnf", ".conf", ".cfg", ".cf", ".ini", ".properties", ".toml"), "config"),
    **dict.fromkeys((".cls", ".go", ".java", ".js", ".m", ".php", ".py", ".pyi", ".swift", ".tf",
                     ".cs", ".c", ".cpp"), "code"),
    ".example": "example",
}
OTHER = "other"  # every other name (.env, .sh, .txt, .md, .ts, .json, Dockerfile, …)


def file_kind(filename: str) -> str:
    """"yaml", "config", "code", "example" or "other", by extension as detect-secrets decides."""
    return _KINDS.get(os.path.splitext(filename)[1], OTHER)


@functools.lru_cache(maxsize=1)
def _rx() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(not INI, section, option, YAML pair, YAML comment), compiled on first use. (A plain
    tuple: a NamedTuple class costs a millisecond to create, on the prompt hook's import path.)"""
    return (
        # A line configparser rejects: not blank, not indented (a continuation), not a comment,
        # not a section, no `=` or `:` after a non-empty key.
        re.compile(r"(?m)^(?![ \t]|[#;\[]|\r?$)(?:[=:]|[^=:\n]*$)"),
        re.compile(r"\[(.+)\]"),
        # configparser's OPTCRE, `(.*?)\s*[=:]\s*(.*)$` (the first `=` or `:` splits), without
        # its lazy key before a whitespace run: `KEY` + 40k spaces + `x=1` took 21 s.
        re.compile(r"([^=:]*?[^=:\s]|)\s*[=:]\s*(.*)$"),
        re.compile(
            # (A plain key and a value end at their last character that is not a space, so no
            # lazy part stands before a whitespace run that could also end it: linear.)
            r"""^[ \t]*(?:-[ \t]+)*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'"""
            r"""|([^\s#'"{}\[\],&*!|>%@`](?:[^:#\n]*[^:#\n \t])?))"""
            r"""[ \t]*:(?:[ \t]+(\S(?:.*[^ \t\r])?))?[ \t\r]*$"""
        ),
        re.compile(r"(?<!\s)\s+#[\S ]*"),  # what detect-secrets keeps of a YAML line: its comment
    )


def ini_like(lines: Sequence[str]) -> bool:
    """Whether configparser could accept these lines (one C-level search, no loop per line)."""
    return _rx()[0].search("\n".join(lines)) is None


def _quoted(key: str, value: str, sep: str) -> str:
    # detect-secrets' rewrite: strip one pair of matching quotes, escape the inner ones.
    if value[0] in "'\"" and value[-1] == value[0]:
        value = value[1:-1]
    return f'{key}{sep}"{value.replace(chr(34), chr(92) + chr(34))}"'


def config_views(lines: Sequence[str], kind: str) -> list[str | None] | None:
    """detect-secrets' INI reading of a whole file: for each line, the `key = "value"` line its
    plugins scan instead (None for blank, comment and section lines), or None when the file is
    not INI and is scanned as written. A file of a known type needs a `[section]` first; one of
    no known type is also read as if it began with `[global]`. Duplicate keys fail, as in
    configparser (`strict`); an interpolation error is not modelled (that only finds more)."""
    _, section_rx, option_rx, _, _ = _rx()
    if not ini_like(lines):
        return None
    out: list[str | None] = []
    section: str | None = "global" if kind == OTHER else None
    seen: set[tuple[str, str]] = set()
    key: str | None = None
    key_indent = 0
    for line in lines:
        text = line.strip()
        if not text or text[0] in "#;":
            out.append(None)  # blank lines and comments do not end a value
            continue
        indent = len(line) - len(line.lstrip())
        if key is not None and indent > key_indent:
            out.append(_quoted(key, text, " = "))  # a continuation line: one more value of `key`
            continue
        m = section_rx.match(text)
        if m:
            section, key = m.group(1), None
            out.append(None)
            continue
        m = option_rx.match(text)
        if section is None or m is None or not m.group(1).strip():
            return None
        key, key_indent = m.group(1).rstrip(), indent
        if (section, key) in seen:
            return None
        seen.add((section, key))
        value = m.group(2).strip()
        out.append(_quoted(key, value, " = ") if value else None)
    return out


def _yaml_scalar(rest: str) -> str | None:
    """The string a one-line YAML value reads as (quotes and escapes undone, a comment cut), or
    None: a block scalar, a collection, an alias."""
    while rest[:1] in ("&", "!") and " " in rest:  # an anchor or a tag before the value
        rest = rest.split(None, 1)[1]
    if not rest or rest[0] in "|>[{*&!":
        return None
    if rest[0] == '"':
        end = re.match(r'"((?:[^"\\]|\\.)*)"', rest)
        value = re.sub(r"\\(.)", r"\1", end.group(1)) if end else rest[1:]
    elif rest[0] == "'":
        end = re.match(r"'((?:[^']|'')*)'", rest)
        value = end.group(1).replace("''", "'") if end else rest[1:]
    else:
        value = re.split(r"\s#", rest, maxsplit=1)[0].rstrip()
    return value or None


def _block_value(indicator: str, col: int, following: Sequence[str]) -> str | None:
    """A value continued on the lines below its key (more indented than the key's column): a
    literal (`|`) or folded (`>`) block scalar, or a plain scalar; None for a nested collection."""
    body: list[str] = []
    for line in following:
        if line.strip() and len(line) - len(line.lstrip()) <= col:
            break
        body.append(line)
    while body and not body[-1].strip():
        body.pop()
    if not body:
        return None
    first = body[0].strip()
    if not indicator:
        if first.startswith(("- ", "{", "[")) or first == "-" or _rx()[3].match(body[0]):
            return None  # a nested sequence or mapping, not a string
        return " ".join(b.strip() for b in body if b.strip())
    indent = len(body[0]) - len(body[0].lstrip())
    text = "\n".join(b[indent:] for b in body) if indicator[0] == "|" else " ".join(b.strip() for b in body)
    return text if "-" in indicator else text + "\n"  # `|-` strips the final newline, `|` keeps one


def _flow_views(text: str, comment: str) -> list[str]:
    """`{a: x, b: y}` on one line: one reading per string value (not nested collections)."""
    text = re.split(r"\s#", text, maxsplit=1)[0].rstrip()
    if not (text.startswith("{") and text.endswith("}")) or "{" in text[1:-1]:
        return []
    out = []
    for pair in text[1:-1].split(","):
        key, sep, rest = pair.partition(":")
        value = _yaml_scalar(rest.strip()) if sep else None
        if value is not None:
            out.append(_yaml_line(key.strip().strip("'\""), value, comment))
    return out


def _yaml_line(key: str, value: str, comment: str) -> str:
    return f'{key}: "{value.replace(chr(34), chr(92) + chr(34))}"{comment}'


def yaml_pair(line: str) -> bool:
    """The line is a YAML `key: value` pair (possibly a key whose value continues below)."""
    return _rx()[3].match(line) is not None


def yaml_views(line: str, following: Sequence[str] = ()) -> list[str]:
    """detect-secrets' YAML reading of one line: `key: "value"` (plus the line's comment) for a
    mapping value that is a string. The value may be on the line (plain, quoted, after an anchor
    or tag), on the more indented `following` lines (a block scalar, a plain scalar on several
    lines), or be one of the pairs of a one-line flow mapping `{k: v, …}`."""
    _, _, _, pair_rx, comment_rx = _rx()
    found = comment_rx.search(line.strip())
    comment = found.group(0) if found else ""
    body = line.lstrip(" \t")
    while body.startswith("- ") or body.startswith("-\t"):
        body = body[1:].lstrip(" \t")
    if body.startswith("{"):
        return _flow_views(body, comment)
    m = pair_rx.match(line)
    if m is None:
        return []
    dq_key, sq_key, plain_key, rest = m.groups()
    key = dq_key if dq_key is not None else sq_key.replace("''", "'") if sq_key is not None else plain_key
    rest = rest or ""
    if rest.startswith("{"):
        return _flow_views(rest, comment)
    indicator = re.split(r"\s#", rest, maxsplit=1)[0].rstrip()
    if not indicator or re.fullmatch(r"[|>][-+0-9]*", indicator):
        value = _block_value(indicator, len(line) - len(body), following)
    else:
        value = _yaml_scalar(rest)
    return [_yaml_line(key, value, comment)] if value else []
