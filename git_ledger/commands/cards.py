"""`git-ledger cards …`: the procedures/ experience-card library (init, new, audit, scan, probe)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from git_ledger.commands._common import add_agent_arg, add_logs_arg, add_window_args, log_roots, window_start

_DIR_HELP = "the procedures folder (default: %(default)s)"


def _sub(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_: str,
         example: str) -> argparse.ArgumentParser:
    return sub.add_parser(
        name, help=help_, description=f"{help_}\n\nexample:\n  {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.description = (
        "A procedures/ library of small experience cards. A card records a pit (trigger, verify,\n"
        "preferred, when blocked, don't again, notes, evidence) and is read only when its trigger\n"
        "matches; only a ~0.6 KB snippet in AGENTS.md/CLAUDE.md is resident. See docs/cards.md.\n\n"
        "examples:\n"
        "  git-ledger cards init --agents-file AGENTS.md\n"
        "  git-ledger cards new fetch-spa-shell\n"
        "  git-ledger cards audit\n"
        "  git-ledger cards probe --days 30"
    )
    sub = parser.add_subparsers(dest="cards_command", metavar="SUBCOMMAND")
    sub.required = True

    p = _sub(sub, "init", "create INDEX.md, _template.md, _inbox.md, _layers.md (missing ones only) "
             "and append the resident snippet to an agents file once",
             "git-ledger cards init --agents-file AGENTS.md")
    p.add_argument("--dir", type=Path, default=Path("procedures"), help=_DIR_HELP)
    p.add_argument("--agents-file", type=Path, metavar="FILE",
                   help="AGENTS.md, CLAUDE.md, GEMINI.md, …: append the snippet (marked block, once)")
    p.add_argument("--lang", choices=("en", "zh"), default="en", help="template language (default: en)")

    p = _sub(sub, "new", "copy the template to <category>-<phenomenon>.md (never overwrites)",
             "git-ledger cards new fetch-spa-shell")
    p.add_argument("name", metavar="CATEGORY-PHENOMENON")
    p.add_argument("--dir", type=Path, default=Path("procedures"), help=_DIR_HELP)
    p.add_argument("--lang", choices=("en", "zh"), default="en",
                   help="template language when the folder has no _template.md (default: en)")

    from git_ledger.precommit import cards_audit

    p = _sub(sub, "audit", "list what is wrong with the cards (never edits); exit 1 on P0/P1",
             "git-ledger cards audit --format github")
    cards_audit.add_args(p)

    p = _sub(sub, "scan", "search session logs by regex: tool calls or human/assistant messages",
             "git-ledger cards scan 'SPA|empty shell' --messages --days 60")
    p.add_argument("regex", metavar="REGEX", help="a Python regular expression")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--calls", action="store_true", help="only tool calls (name + arguments)")
    what.add_argument("--messages", action="store_true", help="only human and assistant messages")
    p.add_argument("-i", "--ignore-case", action="store_true", help="match case-insensitively")
    p.add_argument("--limit", type=int, default=200, metavar="N", help="stop after N matches (default: 200)")
    add_logs_arg(p)
    add_agent_arg(p)
    add_window_args(p)

    p = _sub(sub, "probe", "per session: did a card's trigger appear in a prompt, and did the agent "
             "then read procedures/ (HIT) or not (MISS)",
             "git-ledger cards probe --since 2026-11-01")
    p.add_argument("--dir", type=Path, default=Path("procedures"), help=_DIR_HELP)
    add_logs_arg(p)
    add_agent_arg(p)
    add_window_args(p)


def run(args: argparse.Namespace) -> int:
    cmd = args.cards_command
    if cmd == "init":
        import os

        from git_ledger.cards.checks import snippet_hint
        from git_ledger.cards.init import init
        from git_ledger.repo import git_toplevel

        for a in init(args.dir, args.lang, args.agents_file):
            print(f"{a.done:<8} {a.path}")
        if args.agents_file is None:
            root = Path(git_toplevel(os.getcwd()) or os.getcwd())
            hint = snippet_hint(root, args.dir)
            if hint is not None:
                print(f"note: {hint}")
        return 0
    if cmd == "new":
        from git_ledger.cards.init import new_card

        path = new_card(args.dir, args.name, args.lang)
        print(f"created  {path}")
        return 0
    if cmd == "audit":
        from git_ledger.precommit import cards_audit

        text, code = cards_audit.report(args)
        sys.stdout.write(text)
        return code
    from git_ledger.cards.scan import session_turns

    turn_lists = session_turns(log_roots(args), window_start(args), _skipped)
    if cmd == "scan":
        from git_ledger.cards.scan import compile_regex, scan

        rx = compile_regex(args.regex, args.ignore_case)
        result = scan(turn_lists, rx, calls=not args.messages, messages=not args.calls, limit=args.limit)
        for line in result.lines(args.limit):
            print(line)
        return 0
    from git_ledger.cards.probe import probe, report_lines

    for line in report_lines(probe(args.dir, turn_lists), args.dir.resolve().name):
        print(line)
    return 0


def _skipped(path: Path, error: Exception) -> None:
    print(f"git-ledger: skipped {path}: {error}", file=sys.stderr)
