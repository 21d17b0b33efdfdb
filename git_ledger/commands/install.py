"""`git-ledger install|uninstall claude|codex|gemini|cursor|copilot`: put our hooks into an agent's settings, or take them out."""
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
  git-ledger install copilot --scope project   # .github/hooks/git-ledger.json (userPromptSubmitted, agentStop)

User and local scopes run the console script by its absolute path; project scope runs
`git-ledger` from PATH, because the file is shared with everyone who clones the repository.
Codex runs a new or changed hook only after you trust it in /hooks inside codex.
GitHub Copilot CLI gets userPromptSubmitted (the recent corrections, added to the first prompt)
and agentStop (the guard).
""",
    "uninstall": """examples:
  git-ledger uninstall claude --scope project
  git-ledger uninstall codex --dry-run
  git-ledger uninstall --all --dry-run       # what leaving entirely would change
  git-ledger uninstall --all --purge         # ... and delete the local store

Removes exactly the handlers whose command runs `git-ledger hook …`; everything else stays.
--all also takes out, for this repository, the merge driver's .gitattributes lines and git config
and the procedures snippet in AGENTS.md / CLAUDE.md / GEMINI.md, restores settings files from the
backup of the first install when nothing else changed, and deletes the session markers and
backups in the data dir; --purge deletes the store too. Cards, ledgers and config files stay.
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
    parser.add_argument("agent", choices=inst.AGENTS, nargs=None if verb == "install" else "?",
                        help="the agent whose settings to change")
    if verb == "uninstall":
        parser.add_argument("--all", action="store_true",
                            help="every agent and scope, the merge driver, the snippet, markers and backups")
        parser.add_argument("--purge", action="store_true", help="with --all: delete the local store too")
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
    if not installing and (args.all or args.purge):
        return _leave(args)
    if args.agent is None:
        raise FatalError(f"name the agent ({', '.join(inst.AGENTS)}), or use --all")
    path = inst.settings_path(args.agent, args.scope, project_root(args.project))
    commands = inst.hook_commands(args.agent, args.scope)
    try:
        change = inst.plan(path, installing, commands, inst.TIMEOUT[args.agent], args.agent in inst.FLAT,
                           inst.FLAT_KEYS.get(args.agent, inst.FLAT_KEYS["cursor"]))
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
    if installing and args.agent == "copilot":
        if args.scope == "project":
            print("In prompt mode (-p) Copilot loads repository hooks only in a trusted folder "
                  "(or with GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true).")
    if installing and args.scope == "project":
        print("The project file names `git-ledger` on PATH: everyone who uses it needs git-ledger installed.")
    return 0


def _leave(args: argparse.Namespace) -> int:
    from git_ledger.hooks.leave import uninstall_all
    from git_ledger.repo import git_toplevel

    if not args.all:
        raise FatalError("--purge goes with --all")
    if args.agent is not None:
        raise FatalError("--all covers every agent: drop the agent name")
    top = git_toplevel(str(args.project or os.getcwd()))
    done = uninstall_all(Path(top) if top else None, os.environ, purge=args.purge, dry_run=args.dry_run)
    for removal in done:
        print(("would change " if args.dry_run else "") + removal.line())
    if not done:
        print("nothing of git-ledger's found here: nothing to change")
    if top is None:
        print("(not inside a git repository: run it in each repository where you used git-ledger "
              "to take out its project hooks, merge driver and snippet)")
    return 0
