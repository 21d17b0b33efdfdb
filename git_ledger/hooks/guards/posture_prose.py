"""Where people write the search-posture rule: in AGENTS.md / CLAUDE.md prose, not in a config.

The guard fires only where a config file sets `search.preferred` (the rule's existence is a key,
never a phrase the guard searches for). But people write "prefer semble for code search" or
"先用 semble 搜" in their agents file and expect the guard to follow; then it silently never
fires. This module finds such a line so that `doctor` and `guard replay` can say so, and name
the command that sets the key (`git-ledger guard prefer TOOL --repo`). It never turns the guard on.

Each pattern looks at one line (at most MAX_LINE characters), needs a search cue on that line,
and takes a tool name of bounded length: linear, no nested quantifiers.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from git_ledger.cards.library import AGENTS_FILES

MAX_LINE = 400
# An ASCII command name (a Korean particle or CJK text right after it is not part of it), a dot
# only inside ("semble." is semble).
_TOOL = r"`?(?P<tool>[A-Za-z][A-Za-z0-9_+-]{1,30}(?:\.[A-Za-z0-9_+-]{1,15})?)`?"
# A line must speak of searching code for a tool it names to count.
_CUE = re.compile(r"(?i)\b(?:search(?:es|ing)?|grep|rg|ripgrep|look(?:ing)? up code)\b|搜|检索|檢索|查找|検索|검색")
_NAMING = [
    # en: "prefer semble for code search", "prefer `semble` over grep", "use semble instead of grep"
    re.compile(rf"(?i)\bprefer(?:ably)?\s+(?:to\s+use\s+|using\s+)?{_TOOL}"),
    re.compile(rf"(?i)\buse\s+{_TOOL}\s+(?:for|to|instead\s+of|rather\s+than|first|before)\b"),
    re.compile(rf"(?i)\balways\s+(?:use|search\s+with)\s+{_TOOL}"),
    # zh: "先用 semble 搜", "优先用 semble 检索", "搜索请用 semble"
    re.compile(rf"(?:先用|优先用|優先用|优先使用|優先使用|请用|請用|请先用|請先用|改用)\s{{0,2}}{_TOOL}"),
    # ja: "検索は semble を優先", "semble を使って検索", "semble で検索"
    re.compile(rf"{_TOOL}\s{{0,2}}(?:を優先|を使って|を使い|を先に|で検索)"),
    # ko: "검색은 semble 먼저", "semble을 먼저", "semble로 검색", "semble 을 우선"
    re.compile(rf"{_TOOL}\s{{0,2}}(?:을|를|로|으로)?\s{{0,2}}(?:먼저|우선|사용해|써서|검색)"),
]
# Words the patterns can catch that are not tools (or are the very calls the guard flags).
_NOT_TOOLS = frozenset({"grep", "rg", "ripgrep", "the", "a", "an", "it", "this", "that", "to", "using", "use",
                        "search", "searching", "tools", "tool", "code", "find", "and", "or", "for", "git"})


class Named(NamedTuple):
    tool: str
    file: Path
    line: int


def named_tool(text: str) -> tuple[str, int] | None:
    """(tool, line number) of the first line that tells the agent which tool to search code with."""
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_LINE or not _CUE.search(line):
            continue
        for pattern in _NAMING:
            for m in pattern.finditer(line):
                tool = m.group("tool")
                if tool.lower() not in _NOT_TOOLS:
                    return tool, number
    return None


def named_in_agents_files(root: Path, names: Iterable[str] = AGENTS_FILES) -> Named | None:
    """The first agents file at `root` whose prose names a preferred search tool."""
    for name in names:
        path = root / name
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found = named_tool(text)
        if found is not None:
            return Named(found[0], path, found[1])
    return None


def unconfigured_note(named: Named, root: Path) -> str:
    """One line: the prose names a tool, no config does, so the guard never fires; the fix."""
    where = named.file.relative_to(root) if named.file.is_relative_to(root) else named.file
    return (f"{where}:{named.line} names `{named.tool}` for code search, but no config sets "
            "search.preferred, so the search-posture guard never fires there: run "
            f"`git-ledger guard prefer {named.tool} --repo`")
