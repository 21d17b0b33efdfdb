"""`git-ledger propose`: promote repeated (repo, type) groups into the proposals ledger."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from git_ledger import paths
from git_ledger.commands._common import open_store
from git_ledger.errors import FatalError
from git_ledger.ledger.gitops import toplevel
from git_ledger.ledger.propose import ProposeResult, plural, run_propose

__all__ = ["register", "run", "run_propose", "ledger_location"]

EXAMPLES = """\
examples:
  git-ledger propose                    # update .git-ledger/proposals.yaml of this repository
  git-ledger propose --commit           # ... and commit only that file
  git-ledger propose --ledger ~/dotfiles/git-ledger/proposals.yaml --all-repos --commit
  git-ledger collect --days 4 --propose # the daily one-liner (see docs/propose.md)

A group (repo, type) becomes a proposal when it has at least promote.threshold (2) units: sightings
in distinct sessions on distinct days. Only counts, dates and hashed session ids are written.
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLES
    parser.add_argument("--ledger", type=Path, metavar="PATH",
                        help="the ledger file (default: .git-ledger/proposals.yaml in this repository)")
    parser.add_argument("--commit", action="store_true",
                        help="commit the ledger alone (git commit --only); other staged work stays staged")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    scope = parser.add_mutually_exclusive_group()
    scope.add_argument("--all-repos", action="store_true",
                       help="take the cases of every repository (a shared ledger, e.g. in dotfiles)")
    scope.add_argument("--repo", action="append", metavar="REPO",
                       help="take the cases of this repository (host/owner/name; repeatable)")


def ledger_location(ledger: Path | None) -> tuple[Path, Path | None]:
    """(ledger path, its repository's top level or None) from --ledger or the current directory."""
    if ledger is not None:
        path = ledger.expanduser().absolute()
        return path, toplevel(path)
    root = toplevel(Path.cwd())
    if root is None:
        raise FatalError("not inside a git repository: run this in one, or pass --ledger PATH")
    return paths.default_ledger_path(root), root


def print_result(result: ProposeResult) -> None:
    for change in result.changes:
        print(change.line())
    if result.pending_sightings:
        print(f"pending: {plural(result.pending_sightings, 'new sighting')} in "
              f"{plural(result.pending_groups, 'group')} below the threshold")
    if result.local_only:
        print(f"kept out: {plural(result.local_only, 'group')} in folders outside any git repository "
              "(their paths stay on this machine)")
    if not result.written:
        print(f"nothing new for {result.ledger}")
    elif result.commit:
        print(f"committed {result.commit[:12]} {result.message.splitlines()[0] if result.message else ''}")
    else:
        print(f"wrote {result.ledger} (not committed; pass --commit to commit it alone)")


def run(args: argparse.Namespace) -> int:
    ledger_path, repo_root = ledger_location(args.ledger)
    repos = "all" if args.all_repos else args.repo
    with open_store() as store:
        result = run_propose(store, ledger_path, repo_root, commit=args.commit, now=paths.now(), repos=repos)
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        print_result(result)
    return 0
