"""`git-ledger install|uninstall claude|codex|gemini|cursor`: put our hooks into an agent's settings, or take them out."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from git_ledger.errors import FatalError
from git_ledger.hooks import install as inst

EPILOG = {
    "install": """examples:
  git-ledger install claude                    # ~/.claude/settings.json (all your projects)
  git-ledger install claude --scope project    # .claude/settings.json, shared through git
  git-ledger install claude --scope local      # .claude/settings.local.json, this checkout only
  git-ledger install codex --dry-run           # show the change to $CODEX_HOME/hooks.json
  git-ledger install gemini                    # ~/.gemini/settings.json (BeforeAgent, AfterAgent)
  git-ledger install cursor                    # ~/.cursor/hooks.json (sessionStart, stop)

User and local scopes run the console script by its absolute path; project scope runs
`git-ledger` from PATH, because the file is shared with everyone who clones the repository.
Codex runs a new or changed hook only after you trust it in /hooks inside codex.
""",
    "uninstall": """examples:
  git-ledger uninstall claude --scope project
  git-ledger uninstall codex --dry-run

Removes exactly the handlers whose command runs `git-ledger hook …`; everything else stays.
""",
}


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = (
        "Merge the first-prompt and Stop hooks (Gemini CLI: BeforeAgent and AfterAgent) into an agent's "
        "settings (idempotent, atomic, with a backup)."
        if verb == "install"
        else "Remove the hooks that `git-ledger install` added, and nothing else."
    )
    parser.epilog = EPILOG[verb]
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("agent", choices=inst.AGENTS, help="the agent whose settings to change")
    parser.add_argument(
        "--scope", choices=("user", "project", "local"), default="user",
        help="user (default): every project of yours; project: the repository's shared settings; "
        "local: this checkout only, not committed (Claude Code only)",
    )
    parser.add_argument("--project", type=Path, metavar="DIR",
                        help="the project folder for --scope project/local (default: this repository's toplevel)")
    parser.add_argument("--dry-run", action="store_true", help="print the diff and write nothing")


def project_root(given: Path | None) -> Path:
    if given is not None:
        return given.resolve()
    from git_ledger.repo import git_toplevel

    cwd = os.getcwd()
    return Path(git_toplevel(cwd) or cwd)


def run(args: argparse.Namespace) -> int:
    installing = args.command == "install"
    path = inst.settings_path(args.agent, args.scope, project_root(args.project))
    commands = inst.hook_commands(args.agent, args.scope)
    try:
        change = inst.plan(path, installing, commands, inst.TIMEOUT[args.agent], args.agent in inst.FLAT)
    except FatalError as e:
        raise FatalError(f"{e}; fix it first (nothing was written)") from None
    what = " and ".join(commands) + " hooks"
    if args.dry_run:
        print(change.diff() or f"{path}: nothing to change")
        return 0
    if not change.changed:
        print(f"{path}: {what} {'already installed' if installing else 'not installed'}; nothing to change")
    else:
        from git_ledger import paths

        stamp = paths.now().strftime("%Y%m%dT%H%M%S")
        backup = inst.apply(change, paths.data_dir() / "backups", stamp)
        done = "installed" if installing else "removed"
        print(f"{path}: {what} {done}" + (f" (previous file kept as {backup})" if backup else ""))
    if installing and args.agent == "codex":
        print(
            "Codex runs a new or changed hook only after you trust it: start codex, type /hooks and "
            "trust the two git-ledger hooks. `git-ledger doctor` shows whether they are trusted."
        )
        if args.scope == "project":
            print("Codex also reads .codex/ only in a project you have trusted.")
    if installing and args.scope == "project":
        print("The project file names `git-ledger` on PATH: everyone who uses it needs git-ledger installed.")
    return 0
