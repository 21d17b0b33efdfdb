"""What a card tells the agent to run or open: repo paths and commands in its code.

Only the actionable sections count (Preferred, When blocked), and only code (backtick spans and
fenced blocks): prose mentions are not targets. Anything that cannot be checked honestly is left
out rather than reported: placeholders (`<url>`), variables, globs, URLs, flags, home/absolute
paths and paths outside the repo, PowerShell cmdlets, shell builtins.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from git_ledger.cards.card import Card

ACTION_SECTIONS = ("preferred", "blocked")
SHELL_WORDS = frozenset(
    "alias bg break builtin case cd command continue declare do done echo elif else esac eval exec "
    "exit export false fg fi for function getopts hash history if in jobs let local popd printf "
    "pushd pwd read readonly return select set shift source test then time trap true type "
    "typeset ulimit umask unalias unset until wait while".split()
)
_SPAN = re.compile(r"(`+)([^`\n]+?)\1")
_UNCHECKABLE = re.compile(r"[<>{}$*?\[\]…]|\.\.\.|://|^[~/@\\]|^[A-Za-z]:[\\/]")
_COMMAND_WORD = re.compile(r"^[a-z0-9][a-z0-9._+-]*$")
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_FOREIGN = re.compile(r"^[A-Z][a-z]+-[A-Z]\w*$|.*\.(?i:exe|cmd|bat|ps1)$")  # cmdlets, Windows
_PLACEHOLDER = re.compile(r"<[^<>\s][^<>\n]{0,200}>")
_LINE_SUFFIX = re.compile(r"(?::\d+){1,2}$")


@dataclass(frozen=True)
class Target:
    line: int
    kind: str  # "path" | "command"
    value: str


def code_snippets(card: Card) -> list[tuple[int, str, bool]]:
    """(line, code, is_block) for backtick spans and fenced-block lines of the action sections."""
    out: list[tuple[int, str, bool]] = []
    for key in ACTION_SECTIONS:
        sec = card.sections.get(key)
        if sec is None:
            continue
        in_fence = False
        for ln in sec.body:
            s = ln.text.strip()
            if s.startswith(("```", "~~~")):
                in_fence = not in_fence
                continue
            if in_fence:
                s = s.removeprefix("$ ").removeprefix("> ").strip()
                if s and not s.startswith(("#", "//")):
                    out.append((ln.number, s, True))
            else:
                out += [(ln.number, m.group(2).strip(), False) for m in _SPAN.finditer(ln.text)]
    return out


def segments(code: str) -> list[list[str]]:
    """Shell words per simple command (split at |, &&, ;), redirection targets dropped."""
    lex = shlex.shlex(code, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    lex.commenters = ""
    try:
        tokens = list(lex)
    except ValueError:  # an unbalanced quote: fall back to plain words
        return [code.split()]
    out: list[list[str]] = [[]]
    skip_next = False
    for tok in tokens:
        if tok and all(ch in "();<>|&" for ch in tok):
            if "<" in tok or ">" in tok:
                skip_next = True  # `> out/log.txt` names an output, not a target
            else:
                out.append([])
            continue
        if skip_next:
            skip_next = False
            continue
        out[-1].append(tok)
    return [seg for seg in out if seg]


def path_candidate(word: str) -> str | None:
    """`src/app.py:12` -> `src/app.py`; None unless it is a checkable repo-relative path."""
    if word.startswith("-"):
        if "=" not in word:
            return None
        word = word.split("=", 1)[1]
    word = _LINE_SUFFIX.sub("", word.rstrip(",;"))
    if "/" not in word or _UNCHECKABLE.search(word) or re.search(r"[\s=%:\"',]", word):
        return None
    parts = [p for p in word.split("/") if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    return "/".join(parts)


def command_candidate(words: list[str]) -> str | None:
    while words and _ASSIGNMENT.match(words[0]):
        words = words[1:]
    if not words:
        return None
    word = words[0]
    if not _COMMAND_WORD.match(word) or word in SHELL_WORDS or _UNCHECKABLE.search(word):
        return None
    return word


def targets(card: Card) -> list[Target]:
    found: dict[tuple[str, str], Target] = {}
    for line, code, is_block in code_snippets(card):
        for words in segments(_PLACEHOLDER.sub("…", code)):
            if _FOREIGN.match(next((w for w in words if not _ASSIGNMENT.match(w)), "")):
                continue  # PowerShell / Windows: its arguments are not POSIX repo paths
            # A lone backticked word is as likely a name as a command; a block line is a command.
            if len(words) >= 2 or (is_block and words):
                cmd = command_candidate(words)
                if cmd:
                    found.setdefault(("command", cmd), Target(line, "command", cmd))
            for w in words:
                p = path_candidate(w)
                if p:
                    found.setdefault(("path", p), Target(line, "path", p))
    return sorted(found.values(), key=lambda t: (t.line, t.kind, t.value))
