"""`git-ledger stats`: how many cases, of which kinds, where and when; corrections per 100 sessions.

A "correction" here is a typed case (one of the four types). `other` cases are listed but never
counted as corrections: the rules could not type them, and most such messages are not mistakes.
Sessions are every session the collector saw in the scanned logs, with or without a case.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from datetime import date
from typing import Any, TextIO

from git_ledger.commands import _common
from git_ledger.models import OTHER, TYPES

EXAMPLES = """\
examples:
  git-ledger stats
  git-ledger stats --json | jq .per_100_sessions
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def iso_week(day: str) -> str:
    try:
        year, week, _ = date.fromisoformat(day[:10]).isocalendar()
    except ValueError:
        return "unknown"
    return f"{year}-W{week:02d}"


def per_100(n: int, sessions: int) -> float | None:
    return round(100 * n / sessions, 1) if sessions else None


def compute(rows: list[tuple[Any, ...]], sessions_by_repo: dict[str, int]) -> dict[str, Any]:
    """rows: (repo, type, source, date, count) groups of the case table."""
    by_type: Counter[str] = Counter()
    by_source: Counter[str] = Counter()
    by_week: Counter[str] = Counter()
    repos: dict[str, dict[str, Any]] = {}
    typed_human = typed_all = total = 0
    for repo, type_, source, day, n in rows:
        total += n
        by_type[type_] += n
        by_source[source] += n
        by_week[iso_week(day)] += n
        r = repos.setdefault(repo, {"cases": 0, "typed": 0, "typed_human": 0})
        r["cases"] += n
        if type_ in TYPES:
            r["typed"] += n
            typed_all += n
            if source == "human":
                r["typed_human"] += n
                typed_human += n
    sessions = sum(sessions_by_repo.values())
    for repo in sessions_by_repo:
        repos.setdefault(repo, {"cases": 0, "typed": 0, "typed_human": 0})
    for repo, r in repos.items():
        r["sessions"] = sessions_by_repo.get(repo, 0)
        r["corrections_per_100_sessions"] = per_100(r["typed"], r["sessions"])
    return {
        "cases": total,
        "typed": typed_all,
        "other": by_type.get(OTHER, 0),
        "sessions": sessions,
        "by_type": {t: by_type[t] for t in (*TYPES, OTHER) if by_type[t]},
        "by_source": dict(sorted(by_source.items())),
        "by_week": dict(sorted(by_week.items())),
        "by_repo": dict(sorted(repos.items(), key=lambda kv: (-kv[1]["cases"], kv[0]))),
        "per_100_sessions": {"human": per_100(typed_human, sessions), "all": per_100(typed_all, sessions)},
    }


def run(args: argparse.Namespace) -> int:
    with _common.open_store() as store:
        result = compute(store.count_cases_by("repo", "type", "source", "date"), store.count_sessions())
    render(result, out=sys.stdout, as_json=args.json)
    return 0


def _line(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "none"


def render(result: dict[str, Any], *, out: TextIO, as_json: bool = False) -> None:
    if as_json:
        import json

        out.write(json.dumps(result, ensure_ascii=False, sort_keys=True) + "\n")
        return
    p = result["per_100_sessions"]
    out.write(f"cases: {result['cases']} ({result['typed']} typed, {result['other']} other) "
              f"in {result['sessions']} sessions seen\n")
    if p["all"] is not None:
        out.write(f"corrections per 100 sessions: {p['all']} (from people: {p['human']})\n")
    out.write(f"by type:   {_line(result['by_type'])}\n")
    out.write(f"by source: {_line(result['by_source'])}\n")
    weeks = list(result["by_week"].items())
    shown = ", ".join(f"{w} {n}" for w, n in weeks[-12:])
    out.write(f"by week:   {shown or 'none'}{' (last 12)' if len(weeks) > 12 else ''}\n")
    if result["by_repo"]:
        out.write("by repository:\n")
        width = min(max(len(r) for r in result["by_repo"]), 60)
        out.write(f"  {'repository':<{width}}  cases  typed  sessions  per 100\n")
        for repo, r in result["by_repo"].items():
            rate = "-" if r["corrections_per_100_sessions"] is None else f"{r['corrections_per_100_sessions']:.1f}"
            out.write(f"  {repo[:width]:<{width}}  {r['cases']:>5}  {r['typed']:>5}  {r['sessions']:>8}  {rate:>7}\n")
