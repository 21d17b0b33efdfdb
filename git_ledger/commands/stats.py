"""`git-ledger stats`: how many cases, of which kinds, where and when; corrections per 100 sessions;
and the headline numbers: injections (times, sessions), proposals by status, adopted share,
corrections from people versus self-found ones.

A "correction" here is a typed case (one of the four types). `other` cases are listed but never
counted as corrections: the rules could not type them, and most such messages are not mistakes.
Sessions are every session the collector saw in the scanned logs, with or without a case.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from git_ledger.commands import _common
from git_ledger.ledger.census import Census, count_proposals, known_ledgers
from git_ledger.models import OTHER, TYPES

EXAMPLES = """\
examples:
  git-ledger stats
  git-ledger stats --json | jq .per_100_sessions
  git-ledger stats --ledger ~/dotfiles/git-ledger/proposals.yaml

Proposals are counted over the ledger of every repository this machine has collected from (at
its default place, .git-ledger/proposals.yaml) and every --ledger given.
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--ledger", action="append", type=Path, default=[], metavar="PATH",
                        help="also count the proposals of this ledger (repeatable)")


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
    typed_self = 0
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
            else:
                typed_self += n
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
        "typed_by_origin": {"human": typed_human, "self_found": typed_self},
    }


def headline(result: dict[str, Any], injections: tuple[int, int], census: Census) -> dict[str, Any]:
    """Add the headline numbers to a `compute` result (as the seed reported them)."""
    times, sessions = injections
    return {**result, "injections": {"times": times, "sessions": sessions}, "proposals": census.as_json()}


def run(args: argparse.Namespace) -> int:
    with _common.open_store() as store:
        result = compute(store.count_cases_by("repo", "type", "source", "date"), store.count_sessions())
        ledgers = [ledger for ledger, _ in known_ledgers(store.known_toplevels())]
        injections = store.injection_counts()
    result = headline(result, injections, count_proposals([*ledgers, *(p.expanduser().absolute() for p in args.ledger)]))
    render(result, out=sys.stdout, as_json=args.json)
    return 0


def headline_line(result: dict[str, Any]) -> str:
    """"297 injections in 141 sessions; 32 proposals, 27 adopted (84%), 2 held, 1 rejected"."""
    inj, pro = result["injections"], result["proposals"]
    line = f"{_n(inj['times'], 'injection')} in {_n(inj['sessions'], 'session')}; {_n(pro['numbered'], 'proposal')}"
    if pro["numbered"]:
        line += f", {pro['adopted']} adopted ({round(100 * pro['adopted_share'])}%)"
        line += "".join(f", {pro[s]} {s}" for s in ("in-review", "proposed", "held", "rejected") if pro[s])
    return line


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _line(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "none"


def render(result: dict[str, Any], *, out: TextIO, as_json: bool = False) -> None:
    if as_json:
        import json

        out.write(json.dumps(result, ensure_ascii=False, sort_keys=True) + "\n")
        return
    p = result["per_100_sessions"]
    if "injections" in result:
        out.write(headline_line(result) + "\n")
    out.write(f"cases: {result['cases']} ({result['typed']} typed, {result['other']} other) "
              f"in {result['sessions']} sessions seen\n")
    origin = result["typed_by_origin"]
    out.write(f"corrections: {origin['human']} from people, {origin['self_found']} self-found "
              "(review agents, hooks, guards, the agent's own admissions)\n")
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
