"""`git-ledger report`: units per week per (repo, type), before and after each adoption."""
from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from git_ledger import paths
from git_ledger.commands._common import open_store
from git_ledger.commands.propose import ledger_location
from git_ledger.errors import FatalError
from git_ledger.ledger import load_ledger
from git_ledger.ledger.promote import combine, group_cases
from git_ledger.ledger.propose import resolve_scope
from git_ledger.models import TYPES
from git_ledger.report.report import GroupReport, Rate, adoption_dates, build

EXAMPLES = """\
examples:
  git-ledger report                      # this repository, the last 12 weeks, in the terminal
  git-ledger report --html report.html   # the same as one self-contained HTML file with charts
  git-ledger report --all-repos --weeks 26 --json
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    parser.add_argument("--ledger", type=Path, metavar="PATH",
                        help="the ledger (default: .git-ledger/proposals.yaml in this repository)")
    parser.add_argument("--weeks", type=int, default=12, metavar="N", help="weeks to chart (default 12)")
    parser.add_argument("--html", type=Path, metavar="FILE", help="also write an HTML report to FILE")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    scope = parser.add_mutually_exclusive_group()
    scope.add_argument("--all-repos", action="store_true", help="every repository in the store")
    scope.add_argument("--repo", action="append", metavar="REPO", help="this repository (repeatable)")


def _rate(rate: Rate | None) -> str:
    if rate is None or rate.per_week is None:
        return "no days yet"
    return f"{rate.units} unit{'s' if rate.units != 1 else ''} in {rate.days} days = {rate.per_week:.2f}/week"


def text_report(reports: Sequence[GroupReport], today: str, weeks: int) -> str:
    lines = [f"units per week, {weeks} weeks to {today} (a unit: its own session on its own day)"]
    for r in reports:
        head = " ".join(x for x in (r.entry_id, r.repo, r.type, r.status) if x)
        lines += ["", head + (f", adopted {r.adopted}" if r.adopted else "")]
        marks = [w <= (r.adopted or "") < _next(w) for w, _ in r.weeks]
        lines.append("  week of  " + " ".join(w[5:] for w, _ in r.weeks))
        lines.append("  units    " + " ".join(f"{n:>5}" for _, n in r.weeks))
        if any(marks):
            lines.append("  adopted  " + " ".join("    ^" if m else "     " for m in marks).rstrip())
        if r.adopted:
            change = f" ({r.change * 100:+.0f}%)" if r.change is not None else ""
            lines.append(f"  before: {_rate(r.before)}")
            lines.append(f"  after:  {_rate(r.after)}{change}")
    if not reports:
        lines.append("no units yet: run `git-ledger collect`, then `git-ledger propose`")
    return "\n".join(lines)


def _next(week: str) -> str:
    from datetime import timedelta

    return (date.fromisoformat(week) + timedelta(days=7)).isoformat()


def run(args: argparse.Namespace) -> int:
    from git_ledger.ledger.gitops import history

    if args.weeks < 1:
        raise FatalError("--weeks must be 1 or more")
    ledger_path, repo_root = ledger_location(args.ledger)
    ledger = load_ledger(ledger_path)
    scope = resolve_scope("all" if args.all_repos else args.repo, ledger, repo_root)
    versions = history(repo_root, ledger_path) if repo_root is not None and ledger.exists else []
    adoptions = adoption_dates((v.date, v.text) for v in versions)
    with open_store() as store:
        only = scope[0] if scope is not None and len(scope) == 1 else None
        local = group_cases(store.cases(repo=only, types=TYPES), repos=scope)
    pooled = combine(local, {e.key: e.group for e in ledger.entries.values()},
                     {k: p.group for k, p in ledger.pending.items()})
    today = paths.now().date()
    reports = build(pooled, ledger.data, adoptions, today=today, weeks=args.weeks, repos=scope)
    if args.html:
        from git_ledger.ledger import write_text
        from git_ledger.report.html import render

        name = "all repositories" if scope is None else ", ".join(scope)
        write_text(args.html, render(reports, title=f"git-ledger report: {name}",
                                     today=today.isoformat(), weeks=args.weeks))
    if args.json:
        print(json.dumps({"today": today.isoformat(), "weeks": args.weeks,
                          "groups": [r.as_json() for r in reports]}, ensure_ascii=False))
    else:
        print(text_report(reports, today.isoformat(), args.weeks))
        if args.html:
            print(f"\nwrote {args.html}")
    return 0
