"""`git-ledger` command line: argparse and dispatch, one module per verb in `commands/`.

Only the module of the verb being run is imported, so `git-ledger hook …` (run on every prompt)
does not pay for the rest of the tool.
"""
from __future__ import annotations

import sys

from git_ledger import __version__

# argparse, importlib and typing stay off the hook's hot path; mypy reads a
# module-level TYPE_CHECKING = False as typing.TYPE_CHECKING.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

# verb -> (module in git_ledger.commands, one-line help)
VERBS: dict[str, tuple[str, str]] = {
    "collect": ("collect", "scan agent session logs for corrections and store them locally"),
    "show": ("show", "print the local cases of REPO/TYPE (masked text, never committed)"),
    "forget": ("forget", "take wrong cases back: never injected, promoted or counted again"),
    "unforget": ("forget", "undo `git-ledger forget`"),
    "stats": ("stats", "counts by repo, type, source and week; corrections per 100 sessions"),
    "demo": ("demo", "the whole loop on small real logs bundled with the package, in a temporary repository"),
    "classify": ("classify", "type messages read from stdin, one JSON object per line"),
    "propose": ("propose", "promote repeated (repo, type) groups into the proposals ledger"),
    "ledger": ("ledger", "ledger maintenance: merge driver, validation"),
    "report": ("report", "did the rules help? units per week before and after adoption"),
    "inject": ("inject", "inject preview: what the next session's first prompt will be told"),
    "hook": ("hook", "agent hooks (user-prompt-submit, stop); read hook JSON on stdin"),
    "guard": ("guard", "replay the Stop guards over history to measure them"),
    "cards": ("cards", "procedures/ experience cards: init, new, audit, scan, probe"),
    "pr": ("pr", "open one pull request per proposed ledger entry"),
    "install": ("install", "install the hooks into Claude Code or Codex settings"),
    "uninstall": ("install", "remove exactly the hooks that install added"),
    "doctor": ("doctor", "report, per agent, whether the hooks are installed, trusted and running"),
    "retype": ("retype", "ask the configured model judges to retype `other` cases"),
    "judge": ("judge", "model judges: evaluate them on a labelled file"),
}


def _command_module(verb: str):  # type: ignore[no-untyped-def]
    import importlib

    return importlib.import_module(f"git_ledger.commands.{VERBS[verb][0]}")


def build_parser(selected: str | None) -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="git-ledger",
        description="Make coding agents stop repeating the same mistakes.",
    )
    parser.add_argument("--version", action="version", version=f"git-ledger {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for verb, (_, help_) in VERBS.items():
        if selected is not None and verb != selected:
            continue  # each subparser costs argparse and gettext work; build only the one asked for
        p = sub.add_parser(verb, help=help_, description=help_)
        if verb == selected:
            _command_module(verb).register(p, verb)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["hook"]:
        # The hot path: no argparse tree, no other command modules (fails open: commands/hook.py).
        from git_ledger.commands import hook

        return hook.main(args_list[1:])
    from git_ledger.errors import guarded

    if args_list[:1] == ["collect"]:
        # A rescan with nothing new costs about as much as starting Python; argparse would double it.
        from git_ledger.commands import collect

        done = guarded(lambda: collect.fast_main(args_list[1:]))
        if done is not None:
            return done

    selected = next((a for a in args_list if not a.startswith("-")), None)
    if selected not in VERBS:
        selected = None
    parser = build_parser(selected)
    if not args_list:  # bare `git-ledger`: the command list, not a usage error
        parser.print_help()
        return 0

    def run() -> int:
        args = parser.parse_args(args_list)
        return int(_command_module(args.command).run(args))

    return guarded(run)


if __name__ == "__main__":
    raise SystemExit(main())
