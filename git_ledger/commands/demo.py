"""`git-ledger demo`: the whole loop on small real logs bundled with the package.

collect -> show -> what the next session is told -> a repeat promoted and committed (and that
commit, text-free) -> the pre-commit hook refusing a quoted correction -> the Stop guard replayed
-> cards init + audit; then the three commands for the user's own machine. Everything happens in
a temporary folder (see git_ledger/demo.py); the bundled logs are excerpts of public sessions
(git_ledger/resources/demo/PROVENANCE.md).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO

DESCRIPTION = """\
See the whole loop without touching your own logs, settings or repositories: four real, public
agent sessions (bundled with the package) are collected into a temporary store; you see the
cases, what the next session in a temporary git repository would be told, a repeat promoted and
committed to its ledger (without any text), the pre-commit hook refusing a file that quotes a
correction, the Stop guard replayed over the sessions, and the cards library. Ends with the
three commands to run on your own machine.

example:
  git-ledger demo
  git-ledger demo --keep /tmp/gl-demo     # keep the repository, store and logs to look around
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--keep", metavar="DIR", type=Path,
                        help="work in DIR (new or empty) and keep it instead of a temporary folder")


def run(args: argparse.Namespace) -> int:
    if args.keep is not None:
        return demo(args.keep.expanduser().absolute(), sys.stdout)
    with tempfile.TemporaryDirectory(prefix="git-ledger-demo-") as tmp:
        return demo(Path(tmp), sys.stdout)


def demo(work: Path, out: TextIO) -> int:
    from git_ledger.demo import loop

    ws = loop.prepare(work, os.environ)
    out.write(f"git-ledger demo: the whole loop on {len(loop.bundled_logs())} real public sessions "
              "(MIT; see PROVENANCE.md),\nin a temporary home and git repository ($DEMO = "
              f"{work}). Nothing of yours is read or changed.\n")
    number = 0
    for key, step in loop.steps(ws):
        if key == "refuse":
            loop.stage_quote(ws)
        result = loop.run_step(ws, step)
        if step.title:
            number += 1
            out.write(f"\n{number}. {step.title}\n")
        out.write(f"  $ {step.shown.replace(str(work), '$DEMO')}\n")
        for line in result.lines:
            out.write(f"  {line}\n")
        if result.hidden:
            out.write(f"  … ({result.hidden} more line{'' if result.hidden == 1 else 's'})\n")
    out.write("\nNow on your own machine:\n")
    width = max(len(cmd) for cmd, _ in loop.OWN_MACHINE)
    for cmd, why in loop.OWN_MACHINE:
        out.write(f"  {cmd:<{width}}   # {why}\n")
    return 0
