"""`git-ledger judge`: list the model judges, evaluate them on a labelled file, or enable the
user's own agent CLI as one."""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

from git_ledger import paths
from git_ledger.commands.retype import judges_epilog
from git_ledger.errors import FatalError
from git_ledger.judges import NOTICE_FILE, configured, warn_offsite
from git_ledger.judges.config import how_to_configure
from git_ledger.judges.enable import AGENTS, enable, offer
from git_ledger.judges.evaluate import evaluate, read_labelled, table

DESCRIPTION = """\
Model judges retype `other` cases (see `git-ledger retype`). Check a judge before trusting it:
`judge eval` runs every configured judge on a labelled JSONL file, one object per line,
{"text": "...", "label": "omission|instruction-violation|premise-error|result-error|none"},
and prints per-judge and agreed precision and recall. The text is masked before it is sent,
and the answer cache is neither read nor written (so latency is measured for real).

With no judges configured, the built-in local pair (ngram and e5, `pip install
'git-ledger[local]'`) is used; nothing leaves the machine. `judge enable claude` (or codex)
adds your own agent CLI as a judge, after saying what it sends where.

examples:
  git-ledger judge list
  git-ledger judge eval labelled.jsonl
  git-ledger judge eval labelled.jsonl --json
  git-ledger judge enable claude          # says what it would send where; --yes writes the config
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.epilog = judges_epilog()
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    sub = parser.add_subparsers(dest="judge_command", metavar="SUBCOMMAND")
    sub.required = True
    sub.add_parser("list", help="the configured judges, in the order they are asked",
                   description="List the judges configured under `judges:` in your user config, in the "
                   "order they are asked, and say for each whether it sends text off this machine.",
                   epilog="example:\n  git-ledger judge list",
                   formatter_class=argparse.RawDescriptionHelpFormatter)
    ev = sub.add_parser(
        "eval", help="precision and recall of each judge and of their agreement on a labelled file",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ev.add_argument("file", type=Path, metavar="FILE", help="labelled JSONL: {\"text\", \"label\"} per line")
    ev.add_argument("--json", action="store_true", help="one JSON object per judge instead of a table")
    en = sub.add_parser(
        "enable", help="use your own agent CLI (claude -p, codex exec) as a judge, by explicit opt-in",
        description="Add your agent CLI as a judge in your user config, paired with the built-in e5 "
        "judge (asked first). Without --yes it only says what the judge would send and where.",
        epilog="example:\n  git-ledger judge enable claude --yes",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    en.add_argument("agent", choices=sorted(AGENTS), help="the agent CLI to use")
    en.add_argument("--yes", action="store_true", help="write the config (the explicit opt-in)")


def _enable(args: argparse.Namespace) -> int:
    agent = AGENTS[args.agent]
    if not args.yes:
        if shutil.which(agent.command[0]) is None:
            raise FatalError(f"{agent.command[0]} is not on PATH: install the {agent.name} CLI first")
        print(offer(agent))
        print(f"nothing written; to enable it: git-ledger judge enable {agent.name} --yes")
        return 0
    for line in enable(agent.name, paths.user_config_path(), os.environ):
        print(line)
    return 0


def run(args: argparse.Namespace) -> int:
    if args.judge_command == "enable":
        return _enable(args)
    judges = configured(require_two=False)
    if not judges:
        raise FatalError(f"no judges configured: {how_to_configure(paths.user_config_path())}")
    if args.judge_command == "list":
        for j in judges:
            print(j.describe())
        return 0
    data, skipped = read_labelled(args.file)
    if not data:
        raise FatalError(
            f"{args.file}: no usable lines (each needs \"text\" and a \"label\": one of the four types or none)"
        )
    for line in warn_offsite(judges, paths.data_dir() / NOTICE_FILE):
        print(line, file=sys.stderr)
    scores = evaluate(judges, data)
    if args.json:
        for s in scores:
            print(json.dumps(s.as_json()))
    else:
        labels = {label: sum(d.label == label for d in data) for label in dict.fromkeys(d.label for d in data)}
        print(f"{len(data)} labelled messages ({', '.join(f'{k} {v}' for k, v in labels.items())})")
        print(table(scores))
    if skipped:
        print(f"skipped {skipped} malformed line{'s' * (skipped != 1)}", file=sys.stderr)
    return 0
