"""Options and set-up shared by several commands."""
from __future__ import annotations

import argparse
from pathlib import Path

from git_ledger import paths
from git_ledger.errors import FatalError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:  # the store (sqlite3) is imported only by the commands that open it
    from git_ledger.store.store import Store


def add_logs_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--logs",
        action="append",
        type=Path,
        metavar="PATH",
        help="a log file, or a folder searched recursively (repeatable); replaces the default "
        "roots ($CLAUDE_CONFIG_DIR/projects or ~/.claude/projects, $CODEX_HOME/sessions or "
        "~/.codex/sessions, ~/.gemini/tmp, ~/.cursor/projects, $COPILOT_HOME/session-state or "
        "~/.copilot/session-state, and the .aider.chat.history.md and "
        ".specstory/history/ of the repositories the store knows and of the current one)",
    )


def add_agent_arg(parser: argparse.ArgumentParser) -> None:
    from git_ledger.models import AGENTS

    parser.add_argument("--agent", choices=(*AGENTS, "all"), default="all")


def add_window_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--days", type=int, metavar="N", help="only the last N days")
    group.add_argument("--since", metavar="YYYY-MM-DD", help="only from this date on")


def window_start(args: argparse.Namespace) -> str | None:
    """The first date (YYYY-MM-DD) the --days/--since options admit, or None for all history."""
    from git_ledger.window import window_start as start

    return start(getattr(args, "days", None), getattr(args, "since", None), paths.now().date())


def log_roots(args: argparse.Namespace) -> list[tuple[str, Path]]:
    """(agent filter, root) pairs: the --logs paths (agent "all") or the default roots."""
    agent = getattr(args, "agent", "all") or "all"
    if getattr(args, "logs", None):
        for p in args.logs:
            if not p.exists():
                raise FatalError(f"--logs {p}: no such file or folder")
        return [(agent, p) for p in args.logs]
    import os

    from git_ledger.collect.exports import default_export_roots

    exports = default_export_roots(str(paths.db_path()), os.getcwd(), agent)
    return [*paths.default_log_roots(agent), *((kind, Path(p)) for kind, p in exports)]


def open_store() -> Store:
    from git_ledger.store.store import Store

    return Store.open(paths.db_path())


def now_iso() -> str:
    return paths.now().isoformat(timespec="seconds").replace("+00:00", "Z")
