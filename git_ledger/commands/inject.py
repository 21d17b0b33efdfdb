"""`git-ledger inject preview [REPO]`: what the next session's first prompt there would receive."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from git_ledger.errors import FatalError

EPILOG = """examples:
  git-ledger inject preview              # this repository
  git-ledger inject preview ~/src/api

Prints the additional context exactly as the UserPromptSubmit hook would hand it to the agent
at the first prompt of a new session in that folder (after reading the repository's newest log
lines, as the hook does), or one line saying why it would add nothing. Nothing is claimed: the
next real session still gets its injection.
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = "See what the agent will be told before the session starts."
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    preview = sub.add_parser("preview", help="print what the next session's first prompt would receive")
    preview.add_argument("repo", nargs="?", type=Path, default=Path("."), metavar="REPO",
                         help="a folder inside the repository (default: the current one)")


def run(args: argparse.Namespace) -> int:
    from git_ledger.hooks.inject import preview

    folder = args.repo.expanduser()
    if not folder.is_dir():
        raise FatalError(f"{args.repo}: no such folder")
    text, why = preview(str(folder.resolve()), os.environ)
    if text is None:
        print(f"nothing would be added: {why}")
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
