"""`git-ledger ledger`: the merge driver, its installer, validation and status edits."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from git_ledger.errors import FatalError
from git_ledger.ledger import InvalidLedgerError, set_status, validate_paths, write_text
from git_ledger.ledger.model import STATUSES

EXAMPLES = """\
examples:
  git-ledger ledger install-merge-driver      # .gitattributes + .git/config for this repository
  git-ledger ledger validate .git-ledger/proposals.yaml
  git-ledger ledger status P-0003 adopted     # same as editing `status:` by hand
  git-ledger ledger merge %O %A %B %P         # what git runs (see docs/ledger.md)
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    merge = sub.add_parser(
        "merge", help="git merge driver: merge ledgers by entry id, result in OURS",
        description="Merge three versions of a ledger by entry id (the union of sightings; the most "
        "advanced status wins; colliding new ids are renumbered the same way on every machine) and "
        "write the result over OURS. Exit 0 when clean, 1 on a true conflict (two different human "
        "decisions), which git then leaves for you to resolve. Git runs this; see docs/ledger.md.",
        epilog="example (what git runs):\n  git-ledger ledger merge %O %A %B %P",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    merge.add_argument("base", type=Path, metavar="BASE", help="%%O: the common ancestor's version")
    merge.add_argument("ours", type=Path, metavar="OURS", help="%%A: our version; the result is written here")
    merge.add_argument("theirs", type=Path, metavar="THEIRS", help="%%B: their version")
    merge.add_argument("path", nargs="?", default="", metavar="PATH", help="%%P: the path in the repository")
    install = sub.add_parser(
        "install-merge-driver", help="write .gitattributes and the local git config",
        description="Mark the ledger `merge=git-ledger` in .gitattributes (commit that) and define the "
        "driver in this clone's .git/config (each clone runs this once). GitHub's merge button "
        "ignores merge drivers; see docs/ledger.md for why entries still do not conflict there.",
        epilog="example:\n  git-ledger ledger install-merge-driver",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    install.add_argument("--ledger", type=Path, action="append", metavar="PATH",
                         help="the ledger file (default: .git-ledger/proposals.yaml; repeatable)")
    install.add_argument("--command", dest="driver_command", metavar="CMD",
                         help="how git should run git-ledger (default: the console script on PATH, "
                         "else this Python with -m git_ledger)")
    validate = sub.add_parser(
        "validate", help="check ledger files: schema, version, no free text",
        description="Check each ledger file: known version, the schema, no unknown keys (a field "
        "that could carry text is an error), counts that agree with the fingerprints. Prints "
        "file:line: message for each problem and exits 1 when there is any.",
        epilog="example:\n  git-ledger ledger validate .git-ledger/proposals.yaml",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    validate.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    status = sub.add_parser(
        "status", help="set an entry's status (as a person would by hand)",
        description="Set an entry's status, as editing `status:` by hand would (a minimal edit that "
        "keeps comments). `propose` never changes adopted or rejected.",
        epilog="example:\n  git-ledger ledger status P-0003 adopted",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    status.add_argument("entry", metavar="ID")
    status.add_argument("status", choices=STATUSES)
    status.add_argument("--ledger", type=Path, metavar="PATH")


def _read(path: Path) -> str:
    # git hands the driver three existing files (an empty one for a side without the ledger),
    # so a missing one is a mistake in the call: never read it as "every entry deleted".
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FatalError(f"merge: no such file {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise FatalError(f"cannot read {path}: {e}") from e


def _merge(args: argparse.Namespace) -> int:
    from git_ledger.ledger.merge import merge_texts

    name = args.path or str(args.ours)
    try:
        text, conflicts = merge_texts(_read(args.base), _read(args.ours), _read(args.theirs), Path(name))
    except InvalidLedgerError as e:
        # Not a ledger we can read: leave it to git's own line merge, markers and all.
        print(f"git-ledger: {e}; falling back to a line merge", file=sys.stderr)
        out = subprocess.run(("git", "merge-file", "-q", str(args.ours), str(args.base), str(args.theirs)))
        if out.returncode != 0:
            return 1
        from git_ledger.ledger import validate_paths

        problems = validate_paths([args.ours])
        for problem in problems[:3]:
            print(f"git-ledger: the line merge is not a valid ledger: {problem}", file=sys.stderr)
        return 1 if problems else 0  # an invalid result stays a conflict for a person to fix
    write_text(args.ours, text)
    for c in conflicts:
        print(f"git-ledger: conflict in {name}: {c.message()}", file=sys.stderr)
    return 1 if conflicts else 0


def _install(args: argparse.Namespace) -> int:
    from git_ledger import paths
    from git_ledger.ledger.gitops import install_merge_driver, toplevel

    root = toplevel(Path.cwd())
    if root is None:
        raise FatalError("not inside a git repository")
    ledgers = [p.absolute() for p in args.ledger] if args.ledger else [paths.default_ledger_path(root)]
    for line in install_merge_driver(root, ledgers, args.driver_command):
        print(line)
    print("note: GitHub's merge button ignores merge drivers; see docs/ledger.md")
    return 0


def _status(args: argparse.Namespace) -> int:
    from git_ledger.commands.propose import ledger_location

    path, _ = ledger_location(args.ledger)
    entry = set_status(path, args.entry, args.status)
    print(f"{entry.id}: {entry.status}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.action == "merge":
        return _merge(args)
    if args.action == "install-merge-driver":
        return _install(args)
    if args.action == "status":
        return _status(args)
    problems = validate_paths(args.paths)
    for line in problems:
        print(line)
    return 1 if problems else 0
