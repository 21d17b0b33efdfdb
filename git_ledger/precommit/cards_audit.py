"""The `git-ledger-cards-audit` pre-commit hook (`main`), and the options it shares with
`git-ledger cards audit`: the card library audit of cards/audit.py, printed."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from git_ledger import paths
from git_ledger.cards.audit import FORMATS, audit_dir
from git_ledger.errors import guarded

NAME = "git-ledger-cards-audit"


def add_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dir", type=Path, default=Path("procedures"),
                        help="the procedures folder (default: %(default)s)")
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="text (default), json (stable, sorted) or github (workflow annotations)")
    parser.add_argument("--no-path-check", action="store_true",
                        help="do not report commands missing from PATH (for CI runners that lack the tools)")


def report(args: argparse.Namespace) -> tuple[str, int]:
    """The audit of --dir in --format, and its exit code (1 on a P0/P1 finding)."""
    return audit_dir(args.dir, args.format, not args.no_path_check, paths.now().date(), os.environ.get("PATH"))


def main(argv: Sequence[str] | None = None) -> int:
    """`cards audit` on procedures/ when the folder exists; silent success otherwise. File names
    pre-commit passes are accepted and ignored: INDEX rows and shared triggers span cards, so the
    whole library is audited."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    folder = Path("procedures")
    for i, a in enumerate(args_list):
        if a == "--dir" and i + 1 < len(args_list):
            folder = Path(args_list[i + 1])
        elif a.startswith("--dir="):
            folder = Path(a[len("--dir="):])
    if not folder.is_dir() and not ({"-h", "--help"} & set(args_list)):
        return 0
    parser = argparse.ArgumentParser(prog=NAME, description="Audit a procedures/ card library; exit 1 on P0/P1 findings.")
    add_args(parser)
    parser.add_argument("filenames", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(args_list)

    def run() -> int:
        text, code = report(args)
        sys.stdout.write(text)
        return code

    return guarded(run, NAME)
