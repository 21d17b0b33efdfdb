"""Search-posture guard: grep guessing where the repository prefers another code-search tool.

The evidence lives in the agent's shell calls, so code can judge it: a grep/rg/ag/git-grep call
that *locates code* and guesses (a pattern with 3+ alternatives, `.*` inside the pattern) earns
a reminder, and so do 3+ locating calls in one turn. Listing and counting uses (`-l`, `-L`, `-c`,
piped into `wc`), quiet tests (`-q`), greps of one named file and greps that filter another
command's output are left alone. The guard runs only where a config file (the user's, or the
repository's `.git-ledger/config.yaml`) names a preferred tool (`search.preferred`; set it with
`git-ledger guard prefer TOOL [--repo]`): the rule exists because the config key exists.

Pure functions over a turn's shell commands; the Stop hook and `guard replay` share them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from git_ledger.hooks.guards.shell import pipelines

GUARD = "search-posture"
MANY_CALLS = 3  # locating calls in one turn that earn a reminder even when each looks exact
MANY_ALTERNATIVES = 3


class _Spec(NamedTuple):
    short_args: str  # short options that take a value
    long_args: frozenset[str]  # long options that take a value (when not given with `=`)
    listing: frozenset[str]  # options that make it list or count instead of locate
    fixed: frozenset[str]  # options that make the pattern a literal string
    recursive_default: bool  # searches a tree when given no path (rg, ag, git grep)


_GREP = _Spec(
    "efmABCdD",
    frozenset({"--regexp", "--file", "--max-count", "--after-context", "--before-context",
               "--context", "--directories", "--devices", "--include", "--exclude", "--exclude-dir",
               "--exclude-from", "--label", "--binary-files", "--group-separator"}),
    frozenset({"-l", "-L", "-c", "-q", "--files-with-matches", "--files-without-match", "--count",
               "--quiet", "--silent"}),
    frozenset({"-F", "--fixed-strings"}),
    False,
)
_RG = _Spec(
    "efgtTmABCjMrE",
    frozenset({"--regexp", "--file", "--glob", "--iglob", "--type", "--type-not", "--max-count",
               "--after-context", "--before-context", "--context", "--threads", "--max-columns",
               "--replace", "--encoding", "--max-depth", "--max-filesize", "--type-add",
               "--type-clear", "--colors", "--color", "--sort", "--sortr", "--context-separator",
               "--field-match-separator", "--path-separator", "--pre", "--pre-glob", "--engine",
               "--dfa-size-limit", "--regex-size-limit", "--ignore-file"}),
    frozenset({"-l", "-c", "-q", "--files-with-matches", "--files-without-match", "--count",
               "--count-matches", "--files", "--quiet", "--type-list"}),
    frozenset({"-F", "--fixed-strings"}),
    True,
)
_AG = _Spec(
    "ABCGgmp",
    frozenset({"--file-search-regex", "--ignore", "--ignore-dir", "--max-count", "--after",
               "--before", "--context", "--depth", "--path-to-ignore", "--pager"}),
    frozenset({"-l", "-L", "-c", "-g", "--files-with-matches", "--files-without-matches",
               "--count", "--list-file-types"}),
    frozenset({"-Q", "--literal"}),
    True,
)
_GIT_GREP = _Spec(
    "efABCm",
    frozenset({"--max-depth", "--threads", "--context", "--after-context", "--before-context",
               "--max-count"}),
    frozenset({"-l", "-L", "-c", "-q", "--name-only", "--files-with-matches",
               "--files-without-match", "--count", "--quiet"}),
    frozenset({"-F", "--fixed-strings"}),
    True,
)
_TOOLS = {"grep": _GREP, "egrep": _GREP, "fgrep": _GREP, "rg": _RG, "ag": _AG, "ack": _AG}
# Commands that run the rest of their argv as another command.
_WRAPPERS = frozenset({"sudo", "env", "time", "nice", "nohup", "command", "builtin", "exec",
                       "stdbuf", "ionice", "chronic"})
_GLOB = re.compile(r"[*?\[{]")
# A bracket expression: `[` never re-enters one (except as `[:alpha:]`), so each character is
# tried by one bracket at most; `[^\]\\]*` from every `[` of `[[[[…` was quadratic.
_BRACKETS = re.compile(r"\[(?:\[:[a-z]{1,10}:\]|\\.|[^\]\\\[])*\]")


class SearchCall(NamedTuple):
    """One grep-family invocation found in a shell command."""

    command: str  # the whole shell command it came from
    tool: str  # grep, rg, ag, git grep
    patterns: tuple[str, ...]
    fixed: bool
    locating: bool  # searches code for a location (not listing, counting or filtering)

    @property
    def guessing(self) -> bool:
        return self.locating and (
            alternatives(self.patterns, self.fixed) >= MANY_ALTERNATIVES
            or (not self.fixed and any(_dot_star_inside(p) for p in self.patterns))
        )


class Reminder(NamedTuple):
    commands: tuple[str, ...]  # the offending shell commands, in order
    why: str  # "3 alternatives in one pattern", "`.*` inside a pattern", "4 searches in one turn"


def alternatives(patterns: Sequence[str], fixed: bool) -> int:
    """How many things the patterns try at once: `a|b|c` and `a\\|b\\|c` both count 3."""
    total = 0
    for p in patterns:
        if fixed:
            total += 1 + p.count("\n")
            continue
        bare = _BRACKETS.sub("", p)
        total += 1 + max(bare.count("\\|"), bare.replace("\\|", "").count("|"))
    return total


def _dot_star_inside(pattern: str) -> bool:
    core = pattern.strip("^$")
    i = core.find(".*")
    while i >= 0:
        if i > 0 and core[i - 1] != "\\" and core[i + 2:].strip("$)"):
            return True
        i = core.find(".*", i + 1)
    return False


def _unwrap(argv: list[str]) -> tuple[list[str], bool]:
    """Strip `FOO=1`, `sudo`, `timeout 5`, `xargs -0` …; True when the files come from xargs."""
    via_xargs = False
    i = 0
    while i < len(argv):
        word = argv[i]
        name = word.rsplit("/", 1)[-1]
        if "=" in word and not word.startswith("-") and word.split("=", 1)[0].isidentifier():
            i += 1
        elif name in _WRAPPERS:
            i += 1
            while i < len(argv) and argv[i].startswith("-"):
                i += 1
        elif name == "timeout":
            i += 1
            while i < len(argv) and argv[i].startswith("-"):
                i += 1
            i += 1  # the duration
        elif name == "xargs":
            via_xargs = True
            i += 1
            while i < len(argv) and argv[i].startswith("-"):
                takes_value = argv[i] in ("-I", "-n", "-P", "-L", "-s", "-d", "-E", "-a")
                i += 2 if takes_value else 1
        else:
            break
    return argv[i:], via_xargs


def _find_exec(argv: list[str]) -> list[str] | None:
    """`find … -exec grep … {} +` -> the grep argv."""
    for flag in ("-exec", "-execdir"):
        if flag in argv:
            rest = argv[argv.index(flag) + 1:]
            for end in (";", "+"):
                if end in rest:
                    rest = rest[:rest.index(end)]
            return rest
    return None


def _parse(spec: _Spec, args: list[str]) -> tuple[list[str], list[str], set[str]]:
    """(patterns given with -e, operands, flags seen) of a grep-family argv (after the name)."""
    explicit: list[str] = []
    operands: list[str] = []
    flags: set[str] = set()
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            operands.extend(args[i:])
            break
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            flags.add(name)
            if name in spec.long_args and not eq and i < len(args):
                value = args[i]
                i += 1
            if name in ("--regexp",):
                explicit.append(value)
        elif a.startswith("-") and len(a) > 1:
            for j, ch in enumerate(a[1:], start=1):
                flags.add("-" + ch)
                if ch in spec.short_args:
                    value = a[j + 1:]
                    if not value and i < len(args):
                        value = args[i]
                        i += 1
                    if ch == "e":
                        explicit.append(value)
                    break
        else:
            operands.append(a)
    return explicit, operands, flags


def _counts(argv: list[str]) -> bool:
    """A later pipeline stage that only counts: `wc`, `uniq -c`."""
    cmd = _unwrap(argv)[0]
    name = cmd[0].rsplit("/", 1)[-1] if cmd else ""
    return name == "wc" or (name == "uniq" and any(a in ("-c", "--count") for a in cmd[1:]))


def _named_file(path: str) -> bool:
    """A path that names one file (`src/app.py`), not a folder, a glob or the current tree."""
    if not path or path in (".", "..", "-") or path.endswith("/") or _GLOB.search(path):
        return False
    last = path.rsplit("/", 1)[-1]
    return "." in last.strip(".")


def search_calls(command: str) -> list[SearchCall]:
    """Every grep/rg/ag/git-grep invocation in one shell command line."""
    found: list[SearchCall] = []
    for pipeline in pipelines(command):
        # Whether a later stage only counts, for every stage at once (asking each stage about
        # all later ones was quadratic in a pipeline of thousands).
        counted_after = [False] * len(pipeline)
        for pos in range(len(pipeline) - 2, -1, -1):
            counted_after[pos] = counted_after[pos + 1] or _counts(pipeline[pos + 1])
        for pos, raw in enumerate(pipeline):
            argv, via_xargs = _unwrap(raw)
            if argv and argv[0].rsplit("/", 1)[-1] == "find":
                inner = _find_exec(argv)
                if inner is None:
                    continue
                argv, via_xargs = inner, True
            if not argv:
                continue
            name = argv[0].rsplit("/", 1)[-1]
            if name == "git" and "grep" in argv[1:3]:
                spec, tool, args = _GIT_GREP, "git grep", argv[argv.index("grep", 1) + 1:]
            elif name in _TOOLS:
                spec, tool, args = _TOOLS[name], name, argv[1:]
            else:
                continue
            explicit, operands, flags = _parse(spec, args)
            if explicit or "-f" in flags or "--file" in flags:
                patterns, paths = explicit, operands
            else:
                patterns, paths = operands[:1], operands[1:]
            if tool == "git grep":
                paths = [p for p in paths if "/" in p or "." in p]  # drop revisions, keep pathspecs
            counted = counted_after[pos]
            recursive = spec.recursive_default or bool(flags & {"-r", "-R", "--recursive",
                                                               "--dereference-recursive"})
            filtering = pos > 0 and not via_xargs and not paths
            one_file = (
                not via_xargs and len(paths) == 1
                and (not recursive or _named_file(paths[0])) and not _GLOB.search(paths[0])
            )
            locating = not (flags & spec.listing or counted or filtering or one_file)
            if not via_xargs and not paths and not recursive and pos == 0:
                locating = False  # plain grep reading the terminal: nothing to locate
            fixed = name == "fgrep" or bool(flags & spec.fixed)
            found.append(SearchCall(command, tool, tuple(patterns), fixed, locating))
    return found


def configured(cfg: Mapping[str, Any]) -> tuple[str, str | None] | None:
    """(preferred tool, hint) named by `search.preferred` in a configuration (the user's
    config merged with the repository's), else None.

    The rule exists because the key exists in a config file, never because some prose mentions
    a tool (posture_prose.py only points out prose that names one without the key)."""
    search = cfg.get("search")
    preferred = search.get("preferred") if isinstance(search, Mapping) else None
    if not isinstance(preferred, str) or not preferred.strip():
        return None
    hint = search.get("hint") if isinstance(search, Mapping) else None
    return preferred.strip(), hint.strip() if isinstance(hint, str) and hint.strip() else None


def decide(shell_commands: Sequence[str], preferred: str | None) -> Reminder | None:
    """One reminder for the turn's shell calls, or None (also when no tool is preferred)."""
    if not preferred:
        return None
    calls = [c for cmd in shell_commands if cmd for c in search_calls(cmd) if c.locating]
    guessing = [c for c in calls if c.guessing]
    if guessing:
        first = guessing[0]
        n = alternatives(first.patterns, first.fixed)
        why = f"{n} alternatives in one pattern" if n >= MANY_ALTERNATIVES else "`.*` inside a pattern"
        return Reminder(_unique(c.command for c in guessing), why)
    if len(calls) >= MANY_CALLS:
        return Reminder(_unique(c.command for c in calls), f"{len(calls)} searches in one turn")
    return None


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def reason(reminder: Reminder, preferred: str, hint: str | None = None, *, by_user: bool = False) -> str:
    """What the agent reads when the guard fires (it takes one more turn); `by_user` when the
    user's config, not the repository's, names the tool."""
    shown = "; ".join(_short(c) for c in reminder.commands[:3])
    more = f" (+{len(reminder.commands) - 3} more)" if len(reminder.commands) > 3 else ""
    how = f" For example: {hint}." if hint else ""
    return (
        f"git-ledger search-posture guard: {'the user prefers' if by_user else 'this repository prefers'} "
        f"`{preferred}` for finding code ({'the git-ledger user config' if by_user else '.git-ledger/config.yaml'}, "
        f"search.preferred), but this turn located code by guessing "
        f"with grep ({reminder.why}): {shown}{more}. Use {preferred} for the next code search.{how} "
        f"If the grep results fully answered the question, say so in one line; otherwise search "
        f"again with {preferred} and correct your answer."
    )


def _short(command: str, limit: int = 160) -> str:
    flat = " ".join(command.split())
    return f"`{flat}`" if len(flat) <= limit else f"`{flat[:limit]}…`"
