"""The `git-ledger-validate` pre-commit hook (`main`): ledger files against the schema and version."""
from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence
from pathlib import Path

from git_ledger.errors import guarded

LEDGER_FILES = re.compile(r"(^|/)\.git-ledger/.*\.ya?ml$")
_NOT_LEDGER = re.compile(r"(^|/)\.git-ledger/config\.ya?ml$")  # the repo config lives there too


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="git-ledger-validate",
        description="Check ledger files (.git-ledger/*.yaml) against the schema and version. "
        "Example: git-ledger-validate .git-ledger/proposals.yaml",
    )
    parser.add_argument("filenames", nargs="*", help="ledger files (default: every tracked .git-ledger/*.yaml)")
    args = parser.parse_args(argv)

    def run() -> int:
        names = list(args.filenames) or _tracked_ledgers()
        targets = [Path(n) for n in names if not _NOT_LEDGER.search(n.replace(os.sep, "/"))]
        if not targets:
            return 0
        from git_ledger.ledger import validate_paths

        messages = validate_paths(targets)
        for m in messages:
            print(m)
        return 1 if messages else 0

    return guarded(run, "git-ledger-validate")


def _tracked_ledgers() -> list[str]:
    import subprocess

    out = subprocess.run(("git", "ls-files", "-z"), capture_output=True, check=False)
    if out.returncode != 0:
        return []
    names = (os.fsdecode(p) for p in out.stdout.split(b"\0") if p)
    return [n for n in names if LEDGER_FILES.search(n)]
