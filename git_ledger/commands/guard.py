"""`git-ledger guard replay`: run the Stop guards over every finished turn in the logs."""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from git_ledger import config, paths, repo
from git_ledger.commands._common import add_agent_arg, add_logs_arg, add_window_args, log_roots, window_start
from git_ledger.errors import FatalError
from git_ledger.hooks.guards import search_posture
from git_ledger.hooks.guards.replay import Report, replay_turns
from git_ledger.masking.mask import mask
from git_ledger.models import Turn

DESCRIPTION = """\
Replay the Stop guards (evidence, search posture) over every finished turn in your agent logs
and report what they would have done: turns seen, turns the tool gate passes at once, claims
caught, reminders, and each text that fired, so you can judge false positives before turning a
guard on. Nothing is stored; the texts are shown here, locally, with secrets masked.

The search-posture guard needs a preferred tool: --prefer, or search.preferred in the config
of each turn's repository or in your user config (`git-ledger guard prefer TOOL [--repo]` sets
it). Guard on/off switches (guards.*) are ignored here. Where AGENTS.md / CLAUDE.md names a
search tool but no config does, the report says so: the guard would never fire there.
"""
EXAMPLES = """\
examples:
  git-ledger guard prefer semble --repo         # this repository prefers semble for code search
  git-ledger guard prefer semble                # every repository of yours (the user config)
  git-ledger guard replay                       # all default log folders
  git-ledger guard replay --logs ~/.claude/projects/-home-me-app --prefer semble
  git-ledger guard replay --days 30 --json > replay.json
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    p = sub.add_parser("replay", help="run both guards over the turns in the logs and report",
                       description=DESCRIPTION, epilog=EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    add_logs_arg(p)
    add_agent_arg(p)
    add_window_args(p)
    p.add_argument("--prefer", metavar="TOOL",
                   help="the preferred code-search tool for every turn (default: each turn's "
                        "repository config, search.preferred)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p = sub.add_parser("prefer", help="set search.preferred: the code-search tool the search-posture "
                       "guard reminds the agent of", description=DESCRIPTION, epilog=EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("tool", metavar="TOOL", help="the tool's name as the agent should call it (e.g. semble)")
    p.add_argument("--repo", action="store_true",
                   help="in this repository's .git-ledger/config.yaml (default: your user config)")
    p.add_argument("--hint", metavar="TEXT", help="also search.hint: how to call it, shown in the reminder")


class _Preferred:
    """The preferred search tool of a turn's repository, looked up once per cwd."""

    def __init__(self, fixed: str | None) -> None:
        self.fixed = fixed
        self.memo: dict[str, str | None] = {}
        self.prose: dict[str, str] = {}  # repository -> the note that its prose names a tool no config sets

    def __call__(self, turn: Turn) -> str | None:
        if self.fixed:
            return self.fixed
        if turn.cwd not in self.memo:
            self.memo[turn.cwd] = self._lookup(turn.cwd)
        return self.memo[turn.cwd]

    def _lookup(self, cwd: str) -> str | None:
        top = repo.git_toplevel(cwd) if cwd and os.path.isdir(cwd) else None
        root = Path(top) if top else None
        try:
            cfg = config.load(root)
        except FatalError:
            return None  # a broken config there disables the guard there, as in the hook
        named = search_posture.configured(cfg)
        if named is None and root is not None and top not in self.prose:
            from git_ledger.hooks.guards.posture_prose import named_in_agents_files, unconfigured_note

            prose = named_in_agents_files(root)
            if prose is not None:
                self.prose[str(top)] = unconfigured_note(prose, root)
        return named[0] if named else None


def replay(roots: list[Path], agent: str, prefer: str | None, since: str | None) -> tuple[Report, list[str]]:
    """The report, and a note for each repository whose agents file names a search tool that
    no config sets."""
    from git_ledger import sources

    report = Report()
    preferred = _Preferred(prefer)
    for found, path in sources.discover(roots):
        if agent not in ("all", found):
            continue
        try:
            turns = sources.read_turns(path, found)
        except (OSError, ValueError) as e:
            report.unreadable.append(f"{path}: {e}")
            continue
        report.logs += 1
        replay_turns(report, turns, preferred, since)
    return report, [preferred.prose[top] for top in sorted(preferred.prose)]


def _pct(part: int, whole: int) -> str:
    return f"{part * 100 / whole:.0f}%" if whole else "n/a"


def format_text(report: Report) -> str:
    no_tool = report.turns - report.passed_gate
    prefer = ", ".join(sorted(report.preferred)) or "none configured (use --prefer)"
    lines = [
        f"logs: {report.logs}   finished turns: {report.turns}   (skipped: "
        f"{report.skipped_interrupted} interrupted, {report.skipped_unfinished} unfinished)",
        f"tool gate: {report.passed_gate} of {report.turns} turns called a tool and pass at once "
        f"({_pct(report.passed_gate, report.turns)})",
        f"evidence guard: {report.claims} claim{'s' if report.claims != 1 else ''} caught in "
        f"{no_tool} turn{'s' if no_tool != 1 else ''} without a tool call",
        f"search-posture guard: {report.reminders} reminder{'s' if report.reminders != 1 else ''} "
        f"in {report.search_turns} turns (preferred: {prefer})",
    ]
    if report.fired:
        lines += ["", "fired (judge each: a false positive is a reason to keep the guard off):"]
        for f in report.fired:
            text = " ".join(mask(f.text).split())
            text = text if len(text) <= 240 else text[:240] + "…"
            lines.append(f"  [{f.guard}] {f.date} {f.agent} {f.session[:8]} {Path(f.path).name}"
                         f" ({f.why}): {text}")
    for bad in report.unreadable:
        lines.append(f"unreadable: {bad}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.action == "prefer":
        return prefer(args)
    roots = [root for _, root in log_roots(args)]
    report, notes = replay(roots, args.agent, args.prefer, window_start(args))
    if args.json:
        data = report.as_json()
        data["fired"] = [dict(f.as_json(), text=mask(f.text)) for f in report.fired]
        data["unconfigured"] = notes
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(format_text(report))
        for note in notes:
            print(f"note: {note}")
    return 0


def prefer(args: argparse.Namespace) -> int:
    tool = args.tool.strip()
    if not tool or any(c.isspace() for c in tool):
        raise FatalError(f"{args.tool!r} is not a tool name (one word, as the agent calls it)")
    if args.repo:
        top = repo.git_toplevel(os.getcwd())
        if top is None:
            raise FatalError("--repo: not inside a git repository")
        path = paths.repo_config_path(Path(top))
    else:
        path = paths.user_config_path()
    changed = config.set_value(path, "search.preferred", tool)
    if args.hint is not None:
        changed = config.set_value(path, "search.hint", args.hint) or changed
    print(f"{path}: search.preferred = {tool}" + ("" if changed else " (already so)"))
    return 0
