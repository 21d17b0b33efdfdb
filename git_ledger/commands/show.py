"""`git-ledger show REPO/TYPE`: the local cases behind a group, with their text (masked).

This is the only place the stored text is shown. It never leaves the machine: pull requests and
the ledger name the command instead of quoting it.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from git_ledger.commands import _common
from git_ledger.errors import FatalError
from git_ledger.models import OTHER, SOURCES, TYPES, Case

EXAMPLES = """\
examples:
  git-ledger show                                  # inside a repository: that repository
  git-ledger show github.com/acme/api/omission     # one repository, one type
  git-ledger show acme/api                         # every type; a repo suffix is enough
  git-ledger show 'github.com/acme/*'              # a prefix: every repository under it
  git-ledger show '*/result-error'                 # one type in every repository
  git-ledger show --all --source human --days 30   # everything people said in the last 30 days
  git-ledger show --forgotten                      # the cases taken back with `git-ledger forget`

The first column after the date is the case id (its first 12 digits), for `git-ledger forget`.
"""
_ANY_TYPE = ("*", "all", "any")
TEXT_LIMIT = 600


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    parser.add_argument("selector", nargs="?", metavar="REPO/TYPE",
                        help="a repository (host/owner/name, a suffix of it, or a prefix ending in *), "
                        f"optionally followed by /TYPE ({', '.join(TYPES)}, {OTHER} or *)")
    parser.add_argument("--all", action="store_true",
                        help="every repository (without it, inside a repository: that repository)")
    parser.add_argument("--forgotten", action="store_true",
                        help="only the cases taken back with `git-ledger forget`")
    parser.add_argument("--source", action="append", choices=SOURCES, help="only this source (repeatable)")
    _common.add_window_args(parser)
    parser.add_argument("--limit", type=int, default=50, metavar="N", help="at most N cases (default 50; 0 = all)")
    parser.add_argument("--full", action="store_true", help=f"do not shorten texts over {TEXT_LIMIT} characters, and show the end of the agent's message before each")
    parser.add_argument("--json", action="store_true", help="one JSON object per case")


def split_selector(selector: str) -> tuple[str, list[str] | None]:
    """'github.com/o/n/omission' -> ('github.com/o/n', ['omission']); no known type -> all types."""
    head, _, last = selector.rstrip("/").rpartition("/")
    if head and last in (*TYPES, OTHER):
        return head, [last]
    if head and last in _ANY_TYPE:
        return head, None
    return selector.rstrip("/"), None


def match_repos(pattern: str, repos: Sequence[str]) -> list[str]:
    """Exact name; else a prefix ending in '*'; else repos ending with '/<pattern>' or equal to it."""
    if pattern in ("*", ""):
        return sorted(repos)
    if pattern in repos:
        return [pattern]
    if pattern.endswith("*"):
        return sorted(r for r in repos if r.startswith(pattern[:-1]))
    return sorted(r for r in repos if r.endswith("/" + pattern.strip("/")))


def run(args: argparse.Namespace) -> int:
    if args.limit < 0:
        raise FatalError("--limit must be 0 (all) or more")
    since = _common.window_start(args)
    with _common.open_store() as store:
        repos = sorted({c.repo for c in store.cases(forgotten=True)} if args.forgotten
                       else {str(r[0]) for r in store.count_cases_by("repo")})
        here = None if args.all or args.selector else current_repo()
        if args.all or args.forgotten and not args.selector:
            chosen, types = repos, None
        elif here is not None and here in repos:
            chosen, types = [here], None
        elif not args.selector:
            where = f"{here} has no cases; " if here is not None else ""
            raise FatalError(f"{where}name a repository (REPO or REPO/TYPE) or use --all; "
                             f"repositories with cases: {', '.join(repos[:10]) or 'none yet'}")
        else:
            pattern, types = split_selector(args.selector)
            chosen = match_repos(pattern, repos)
            if not chosen and args.selector.endswith("*"):  # 'github.com/*': a prefix, not a type
                pattern, types = args.selector, None
                chosen = match_repos(pattern, repos)
            if not chosen:
                head, _, last = args.selector.rstrip("/").rpartition("/")
                if head and match_repos(head, repos) and last not in (*TYPES, OTHER, *_ANY_TYPE):
                    raise FatalError(f"unknown type {last!r}: one of {', '.join(TYPES)}, {OTHER} or *")
                raise FatalError(f"no cases for {pattern!r}; repositories with cases: "
                                 f"{', '.join(repos[:10]) or 'none yet (run git-ledger collect)'}")
        cases: list[Case] = []
        for repo in chosen:
            cases += store.cases(repo=repo, types=types, sources=args.source, since=since,
                                 forgotten=args.forgotten)
    cases.sort(key=lambda c: (c.timestamp or c.date, c.id), reverse=True)
    if args.limit > 0:
        cases = cases[:args.limit]
    render(cases, out=sys.stdout, full=args.full, as_json=args.json)
    return 0


def current_repo() -> str | None:
    """The repository the current directory is in, by the collector's own naming."""
    import os

    from git_ledger.repo import identify

    found = identify(os.getcwd())
    return found[0] if found else None


def render(cases: Sequence[Case], *, out: TextIO, full: bool = False, as_json: bool = False) -> None:
    if as_json:
        import json

        for c in cases:
            out.write(json.dumps({k: getattr(c, k) for k in (
                "id", "repo", "type", "source", "kind", "agent", "session", "date", "timestamp",
                "text", "context", "typed_by", "lang", "cwd", "previous")}, ensure_ascii=False) + "\n")
        return
    if not cases:
        out.write("no cases\n")
        return
    order: dict[str, int] = {}
    for c in cases:  # repositories in the order of their newest case, each case under its repo
        order.setdefault(c.repo, len(order))
    repo = None
    for c in sorted(cases, key=lambda c: order[c.repo]):
        if c.repo != repo:
            repo = c.repo
            out.write(f"\n{repo}\n")
        how = f", {c.typed_by}" if c.typed_by else ""
        out.write(f"  {c.date}  {c.id[:12]}  {c.type:<21} {c.source}/{c.kind}{how}  {c.agent} {c.session[:8]}\n")
        text = c.text if full or len(c.text) <= TEXT_LIMIT else c.text[:TEXT_LIMIT] + " …"
        for line in text.splitlines() or [""]:
            out.write(f"      {line}\n")
        if c.context:
            out.write(f"      before: {c.context}\n")
        if full and c.previous:  # what the message answered: to judge a case before forgetting it
            out.write(f"      after the agent's: …{' '.join(c.previous.split())}\n")
