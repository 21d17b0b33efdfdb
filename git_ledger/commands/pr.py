"""`git-ledger pr`: open one pull request per `proposed` ledger entry."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from git_ledger import config, paths
from git_ledger.errors import FatalError

DESCRIPTION = """\
For each ledger entry in `proposed` state on the remote base branch, push a branch
git-ledger/P-0007 with one commit that adds a rule-candidate stub (a card skeleton under
procedures/, or a marked section file) and marks the entry in-review with its PR number, then
open (or update) a pull request labelled rule-candidate through the GitHub REST API.
Idempotent: existing branches and PRs are reused, never duplicated. The token comes from
GITHUB_TOKEN and is never printed. The PR body holds counts and dates only, and the local
command that shows the cases.

example:
  GITHUB_TOKEN=... git-ledger pr --repo octo/widget --base main
  git-ledger pr --dry-run
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--ledger", type=Path, help="ledger file (default .git-ledger/proposals.yaml)")
    parser.add_argument("--repo", metavar="OWNER/NAME",
                        help="GitHub repository (default $GITHUB_REPOSITORY, else the origin remote)")
    parser.add_argument("--base", metavar="BRANCH", help="branch the PRs target (default: the remote's default branch)")
    parser.add_argument("--api-url", metavar="URL", help="GitHub API (default $GITHUB_API_URL or https://api.github.com)")
    parser.add_argument("--remote", default="origin", help="git remote to push branches to (default origin)")
    parser.add_argument("--stub", choices=("card", "section"), help="what the PR adds (default: config pr.stub, else card)")
    parser.add_argument("--max", type=int, default=10, metavar="N", help="open at most N PRs per run (default 10)")
    parser.add_argument("--pause", type=float, default=1.0, help=argparse.SUPPRESS)
    parser.add_argument("--dry-run", action="store_true", help="print what would be done; push and call nothing")


def _git_out(repo: Path, *args: str) -> str | None:
    import subprocess

    proc = subprocess.run(("git", "-C", str(repo), *args), capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 else None


def _default_base(repo: Path, remote: str) -> str:
    head = _git_out(repo, "symbolic-ref", "--short", f"refs/remotes/{remote}/HEAD")
    if head and "/" in head:
        return head.split("/", 1)[1]
    remote_show = _git_out(repo, "ls-remote", "--symref", remote, "HEAD")
    if remote_show and remote_show.startswith("ref: refs/heads/"):
        return remote_show.split()[1].removeprefix("refs/heads/")
    current = _git_out(repo, "branch", "--show-current")
    if current:
        return current
    raise FatalError("cannot tell the base branch: pass --base")


def _default_repo(repo: Path, remote: str) -> str:
    from git_ledger.repo import normalize_remote

    if paths.github_repository():
        return str(paths.github_repository())
    url = _git_out(repo, "config", "--get", f"remote.{remote}.url")
    norm = normalize_remote(url) if url else None
    if norm and norm.count("/") == 2:
        return norm.split("/", 1)[1]
    raise FatalError("cannot tell the GitHub repository: pass --repo OWNER/NAME")


def run(args: argparse.Namespace) -> int:
    from git_ledger.pr.github import GitHub
    from git_ledger.pr.pullrequests import Plan, open_prs

    top = _git_out(Path.cwd(), "rev-parse", "--show-toplevel")
    if not top:
        raise FatalError("not inside a git repository")
    root = Path(top)
    ledger = (args.ledger or paths.default_ledger_path(root)).absolute()
    try:
        ledger_rel = ledger.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        raise FatalError(f"--ledger {ledger} is outside the repository {root}") from None
    if args.max < 1:
        raise FatalError("--max must be at least 1")
    cfg = config.load(root)
    plan = Plan(
        stub=args.stub or str(config.get(cfg, "pr.stub", "card")),
        cards_dir=str(config.get(cfg, "pr.cards_dir", "procedures")),
        section_file=str(config.get(cfg, "pr.section_file", ".git-ledger/rule-candidates.md")),
    )
    if plan.stub not in ("card", "section"):
        raise FatalError(f"config pr.stub must be card or section, not {plan.stub!r}")
    base = args.base or _default_base(root, args.remote)
    gh = None
    if not args.dry_run:
        token = paths.github_token()
        if not token:
            raise FatalError("GITHUB_TOKEN is not set (needs contents, pull-requests and issues write)")
        gh = GitHub(args.repo or _default_repo(root, args.remote), token, args.api_url or paths.github_api_url())
    outcomes = open_prs(root, ledger_rel, gh, base=base, remote=args.remote, plan=plan,
                        dry_run=args.dry_run, limit=args.max, pause=args.pause)
    failed = [o for o in outcomes if o.error]
    if failed:
        print(f"git-ledger: {len(failed)} of {len(outcomes)} entries failed; see above", file=sys.stderr)
        return 1
    return 0
